#pragma once
// Finiteness checks over everything the engine hands a view or a report: every
// figure of a Prediction, every chart series, every number of a JSON report.
// The hostile-input tests (tst_hostile_file, tst_hostile_cli, tst_hostile_engine)
// use them to prove that no NaN or infinity reaches the user.

#include "models/predict/prediction.h"
#include "models/presentation/chart_series.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

namespace cf::test {

// Every figure of a prediction by name; independent of prediction_sanitize.cpp
// so that a field that module forgets is still checked here.
inline void forEachFigure(const Prediction& p, const std::function<void(const char*, double)>& f)
{
#define CF_FIG(x) f(#x, double(x))
    CF_FIG(p.gpus);
    CF_FIG(p.nodes);
    CF_FIG(p.peakTflopsPerGpu);
    CF_FIG(p.flops.paramsTotal);
    CF_FIG(p.flops.paramsMatmul);
    CF_FIG(p.flops.modelFlopsPerToken);
    CF_FIG(p.flops.hardwareFlopsPerToken);
    CF_FIG(p.flops.attentionFlopsPerToken);
    const MicrobatchFacts& m = p.microbatch;
    CF_FIG(m.microbatchesPerStep);
    CF_FIG(m.layersPerStage);
    CF_FIG(m.forwardS);
    CF_FIG(m.backwardS);
    CF_FIG(m.recomputeS);
    CF_FIG(m.tpCommS);
    CF_FIG(m.cpCommExposedS);
    CF_FIG(m.ppCommS);
    CF_FIG(m.gemmEfficiency);
    CF_FIG(m.attentionS);
    CF_FIG(m.memoryBoundS);
    const StepBreakdown& b = p.breakdown;
    CF_FIG(b.computeS);
    CF_FIG(b.recomputeS);
    CF_FIG(b.tpCommS);
    CF_FIG(b.ppBubbleS);
    CF_FIG(b.ppCommS);
    CF_FIG(b.dpCommExposedS);
    CF_FIG(b.cpCommS);
    CF_FIG(b.optimizerS);
    const CommFacts& c = p.comm;
    CF_FIG(c.dpCommTotalS);
    CF_FIG(c.dpOverlappableS);
    CF_FIG(c.allreduceTimeS);
    CF_FIG(c.gradientBytesPerGpu);
    CF_FIG(c.tpMessageBytes);
    CF_FIG(c.dpGroupRanksPerNode);
    CF_FIG(c.tpRanksPerNode);
    const MemoryFacts& mem = p.memory;
    CF_FIG(mem.weightsBytes);
    CF_FIG(mem.gradientsBytes);
    CF_FIG(mem.optimizerBytes);
    CF_FIG(mem.activationsBytes);
    CF_FIG(mem.buffersBytes);
    CF_FIG(mem.totalBytes);
    CF_FIG(mem.hbmBytes);
    CF_FIG(mem.activationBytesPerLayer);
    CF_FIG(mem.inFlightMicrobatches);
    const CheckpointFacts& k = p.checkpoint;
    CF_FIG(k.sizeBytes);
    CF_FIG(k.writers);
    CF_FIG(k.writeGBps);
    CF_FIG(k.writeS);
    CF_FIG(k.readS);
    CF_FIG(k.stallS);
    CF_FIG(k.dataLoadGBpsNeeded);
    CF_FIG(k.storageReadGBps);
    const GoodputFacts& g = p.goodput;
    CF_FIG(g.gpuHoursPerInterruption);
    CF_FIG(g.mtbfS);
    CF_FIG(g.restartS);
    CF_FIG(g.intervalS);
    CF_FIG(g.wasteFraction);
    CF_FIG(g.goodput);
    CF_FIG(g.idealTrainS);
    CF_FIG(g.timeToTrainS);
    CF_FIG(g.interruptionsPerRun);
    const PowerFacts& w = p.power;
    CF_FIG(w.gpuUtilisation);
    CF_FIG(w.gpuW);
    CF_FIG(w.nodeRestW);
    CF_FIG(w.nicW);
    CF_FIG(w.opticsW);
    CF_FIG(w.switchW);
    CF_FIG(w.storageW);
    CF_FIG(w.itW);
    CF_FIG(w.facilityW);
    CF_FIG(w.energyPerRunKwh);
    const CostFacts& u = p.cost;
    CF_FIG(u.capexUsd);
    CF_FIG(u.energyUsdPerYear);
    CF_FIG(u.staffUsdPerYear);
    CF_FIG(u.maintenanceUsdPerYear);
    CF_FIG(u.opexUsdPerYear);
    CF_FIG(u.rentUsdPerYear);
    CF_FIG(u.breakEvenMonth);
    CF_FIG(u.ownRunCostUsd);
    CF_FIG(u.rentRunCostUsd);
    CF_FIG(u.totalCostUsd);
    CF_FIG(u.costPerMillionTokensUsd);
    CF_FIG(p.stepTimeS);
    CF_FIG(p.tokensPerStep);
    CF_FIG(p.tokensPerS);
    CF_FIG(p.tokensPerSPerGpu);
    CF_FIG(p.tflopsPerGpu);
    CF_FIG(p.hardwareTflopsPerGpu);
    CF_FIG(p.mfu);
    CF_FIG(p.hfu);
#undef CF_FIG
}

// "" when every figure is finite and the engine's own sanitizer did not fire;
// else what was wrong.
inline std::string nonFinite(const Prediction& p)
{
    std::string bad;
    forEachFigure(p, [&bad](const char* name, double v) {
        if (!std::isfinite(v))
            bad += std::string(name) + "=" + std::to_string(v) + " ";
    });
    for (const Problem& q : p.problems)
        if (q.field == "prediction")
            bad += "sanitizer: " + q.message + " ";
    return bad;
}

inline std::string nonFinite(const ChartSeries& s)
{
    std::string bad;
    auto vec = [&bad](const char* name, const std::vector<double>& v) {
        for (double x : v)
            if (!std::isfinite(x)) {
                bad += std::string(name) + " ";
                return;
            }
    };
    auto one = [&bad](const char* name, double x) {
        if (!std::isfinite(x))
            bad += std::string(name) + " ";
    };
    vec("allReduce.bytes", s.allReduce.bytes);
    vec("allReduce.intraNodeS", s.allReduce.intraNodeS);
    vec("allReduce.allGpusS", s.allReduce.allGpusS);
    one("allReduce.markerBytes", s.allReduce.markerBytes);
    one("allReduce.markerS", s.allReduce.markerS);
    vec("scaling.nodes", s.scaling.nodes);
    vec("scaling.tokensPerS", s.scaling.tokensPerS);
    vec("scaling.mfuPercent", s.scaling.mfuPercent);
    one("scaling.currentTokensPerS", s.scaling.currentTokensPerS);
    one("scaling.currentMfuPercent", s.scaling.currentMfuPercent);
    for (const BreakdownSeries* b : {&s.stepTime, &s.memory, &s.power}) {
        for (const NamedPart& part : b->parts)
            one(part.name.c_str(), part.value);
        one("breakdown.total", b->total);
        one("breakdown.reference", b->reference);
    }
    vec("cost.month", s.cost.month);
    vec("cost.ownUsd", s.cost.ownUsd);
    vec("cost.rentUsd", s.cost.rentUsd);
    one("cost.breakEvenMonth", s.cost.breakEvenMonth);
    one("cost.breakEvenUsd", s.cost.breakEvenUsd);
    return bad;
}

// Walks a JSON report: every number finite, no null where a figure belongs
// (nlohmann writes NaN and infinity as null).
inline void walkJson(const nlohmann::json& j, const std::string& at, std::string& bad)
{
    if (j.is_null())
        bad += at + "=null ";
    else if (j.is_number_float() && !std::isfinite(j.get<double>()))
        bad += at + "=" + j.dump() + " ";
    else if (j.is_object())
        for (auto it = j.begin(); it != j.end(); ++it)
            walkJson(*it, at + "/" + it.key(), bad);
    else if (j.is_array())
        for (std::size_t i = 0; i < j.size(); ++i)
            walkJson(j[i], at + "/" + std::to_string(i), bad);
}

// A report that lists "missing" figure groups prints those figures as null
// (report_json.cpp); drops them so walkJson checks the figures it kept. The
// design figures stay numbers unless the design group itself is missing.
inline void dropMissingFigures(nlohmann::json& report, std::string& bad)
{
    if (!report.contains("missing"))
        return;
    bool designMissing = false;
    for (const auto& m : report["missing"])
        designMissing = designMissing || m.value("figures", "") == "design";
    if (!designMissing)
        for (const char* key : {"capex_usd", "opex_usd_per_year", "it_power_kw"})
            if (!report[key].is_number())
                bad += std::string(key) + " missing with only training figures missing ";
    for (auto it = report.begin(); it != report.end();)
        it = it->is_null() ? report.erase(it) : std::next(it);
}

} // namespace cf::test
