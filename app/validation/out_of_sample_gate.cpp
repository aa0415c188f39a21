#include "app/validation/out_of_sample_gate.h"

#include "app/validation/calibration_runner.h"
#include "models/calibration/site_calibration.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace cf::cli {
namespace {

constexpr double kFlopPerTflop = 1e12;
constexpr double kGflop = 1e9;
// Indices into profileConstants(): the two scales that stand for the engine's
// fitted kernel fractions (kGemmTrainingFraction, kAttentionTrainingFraction).
constexpr int kGemmConstant = 0;
constexpr int kAttentionConstant = 1;

// FLOP per token a run's own figures imply; 0 when it published one figure only.
double impliedFlopPerToken(const PreparedRun& r)
{
    const CalibrationCase& c = r.row();
    if (!(c.publishedTokensPerSPerGpu > 0))
        return 0.0;
    if (c.publishedTflopsPerGpu > 0 && !c.publishedTflopsCountRecompute)
        return c.publishedTflopsPerGpu * kFlopPerTflop / c.publishedTokensPerSPerGpu;
    if (c.publishedMfu > 0 && r.peakTflops() > 0)
        return c.publishedMfu * r.peakTflops() * kFlopPerTflop / c.publishedTokensPerSPerGpu;
    return 0.0;
}

bool sameModelAsRun(const PreparedRun& a, const PreparedRun& b)
{
    return a.design().workload.model == b.design().workload.model &&
           a.design().workload.seqLen == b.design().workload.seqLen;
}

std::vector<std::string> regimesOf(const PreparedRun& r)
{
    const bool moe = r.design().workload.model.isMoe();
    const std::string kind = moe ? "MoE" : "dense";
    const std::string arch = r.gpuArch().empty() ? std::string("other") : r.gpuArch();
    const std::string precision = r.design().workload.precision == Precision::FP8 ? "FP8" : "BF16";
    return {"all", kind, kind + " " + arch, kind + " " + arch + " " + precision,
            kind + " " + scaleRegimeOf(r.row().gpus)};
}

ProfileFitOptions kernelScalesOnly()
{
    ProfileFitOptions o;
    o.freeConstants = {kGemmConstant, kAttentionConstant};
    return o;
}

} // namespace

std::string publicationOf(const CalibrationCase& row)
{
    const std::size_t end = row.source.find_first_of(" \t,");
    return row.source.substr(0, end);
}

std::vector<SelfInconsistentRun> selfInconsistentRuns(const std::vector<const PreparedRun*>& runs)
{
    std::vector<double> implied;
    implied.reserve(runs.size());
    for (const PreparedRun* r : runs)
        implied.push_back(impliedFlopPerToken(*r));
    std::vector<SelfInconsistentRun> out;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (!(implied[i] > 0))
            continue;
        std::vector<double> others;
        for (std::size_t k = 0; k < runs.size(); ++k)
            if (k != i && implied[k] > 0 && sameModelAsRun(*runs[i], *runs[k]))
                others.push_back(implied[k]);
        if (int(others.size()) < kSelfConsistencyMinOthers)
            continue;
        const double median = quantile(others, 0.5);
        if (std::fabs(implied[i] / median - 1.0) > kSelfConsistencyTolerance)
            out.push_back({runs[i]->row().id, implied[i], median, false, 0.0});
    }
    return out;
}

GateRuns gateRunsOf(const ShippedRuns& data)
{
    GateRuns out;
    std::vector<const PreparedRun*> all;
    for (const PreparedRuns* set : {&data.dense, &data.moe, &data.heldOutMoe, &data.publicRuns}) {
        for (const auto& [id, why] : set->skipped)
            out.notPredicted.emplace_back(id, why);
        for (const PreparedRun& r : set->runs)
            if (inAccuracyGate(r.row())) // the six DeepSpeed-2021 ZeRO-3 rows: reported apart since issue 16
                all.push_back(&r);
    }
    // Decision (c) reads the published figures only: over every run, whether
    // the model predicts it or not.
    out.leftOut = selfInconsistentRuns(all);
    std::set<std::string> leftOutIds;
    for (const SelfInconsistentRun& s : out.leftOut)
        leftOutIds.insert(s.id);
    for (const PreparedRun* r : all) {
        const Prediction p = r->prediction({});
        const bool predicted = p.memory.fits && figureOf(p, r->row().metric) > 0;
        if (leftOutIds.count(r->row().id))
            out.leftOutRuns.push_back(r);
        else if (predicted)
            out.runs.push_back(r);
        else
            out.notPredicted.emplace_back(r->row().id,
                                          p.memory.fits ? "no figure" : "predicted not to fit in memory");
    }
    return out;
}

OutOfSampleGate outOfSampleGate(const ShippedRuns& data)
{
    OutOfSampleGate gate;
    const GateRuns selected = gateRunsOf(data);
    gate.notPredicted = selected.notPredicted;
    gate.leftOut = selected.leftOut;
    const std::vector<const PreparedRun*>& runs = selected.runs;
    std::vector<std::string> sourceOfRun;
    std::vector<std::string> sources; // in first-seen order
    for (const PreparedRun* r : runs) {
        sourceOfRun.push_back(publicationOf(r->row()));
        if (std::find(sources.begin(), sources.end(), sourceOfRun.back()) == sources.end())
            sources.push_back(sourceOfRun.back());
    }
    gate.rows = int(runs.size());
    gate.inSampleProfile = fitSite(runs, nullptr, {}, kernelScalesOnly()).profile;
    std::map<std::string, CalibrationProfile> foldProfile;
    for (const std::string& source : sources) {
        std::vector<const PreparedRun*> train;
        int held = 0;
        for (std::size_t i = 0; i < runs.size(); ++i) {
            if (sourceOfRun[i] == source)
                ++held;
            else
                train.push_back(runs[i]);
        }
        foldProfile[source] = fitSite(train, nullptr, {}, kernelScalesOnly()).profile;
        gate.folds.push_back({source, held, foldProfile[source]});
    }
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const PreparedRun& r = *runs[i];
        const std::string& id = r.row().id;
        const double shipped = runError(r, {});
        const double inSample = runError(r, gate.inSampleProfile);
        const double outOfSample = runError(r, foldProfile[sourceOfRun[i]]);
        gate.errors.emplace_back(id, outOfSample);
        for (const std::string& regime : regimesOf(r)) {
            GateRegime& g = gate.regimes[regime];
            g.shipped.add(id, shipped);
            g.inSample.add(id, inSample);
            g.outOfSample.add(id, outOfSample);
        }
        GateRegime& s = gate.sources[sourceOfRun[i]];
        s.shipped.add(id, shipped);
        s.inSample.add(id, inSample);
        s.outOfSample.add(id, outOfSample);
    }
    // The rows decision (c) left out, predicted as their source's fold would.
    for (SelfInconsistentRun& s : gate.leftOut)
        for (const PreparedRun* r : selected.leftOutRuns)
            if (r->row().id == s.id) {
                const auto fold = foldProfile.find(publicationOf(r->row()));
                const Prediction p = r->prediction({});
                s.predicted = p.memory.fits && figureOf(p, r->row().metric) > 0;
                s.outOfSampleError =
                    s.predicted
                        ? runError(*r, fold != foldProfile.end() ? fold->second : gate.inSampleProfile)
                        : 0.0;
            }
    return gate;
}

namespace {

void regimeLine(std::string& out, const std::string& name, const GateRegime& g)
{
    char line[320];
    std::snprintf(line, sizeof line, "  %-28s %5d %8.1f%% %8.1f%% %8.1f%% %+7.1f%% %7.1f%%  %s\n",
                  name.c_str(), g.outOfSample.rows, 100 * g.shipped.mape(), 100 * g.inSample.mape(),
                  100 * g.outOfSample.mape(), 100 * g.outOfSample.bias(), 100 * g.outOfSample.worst,
                  g.outOfSample.worstId.c_str());
    out += line;
}

} // namespace

std::string formatOutOfSampleGate(const OutOfSampleGate& gate)
{
    std::string out =
        "Gate, leave one source out over every public run (calibration.csv without the six ZeRO-3 rows,\n"
        "calibration_moe.csv, heldout_moe.csv, runs_public.csv). Refitted per fold: the GEMM and attention\n"
        "scales of a global profile (the engine's fitted kernel fractions are compile-time constants), "
        "fitted\n"
        "on the other sources and applied to the held-out one; kMoeLayerFixedS is not refitted.\n"
        "shipped = the model as built; in-sample = the two scales fitted on every source; LOSO = held out.\n";
    char line[320];
    std::snprintf(line, sizeof line, "  %-28s %5s %9s %9s %9s %8s %8s  %s\n", "regime", "rows", "shipped",
                  "in-sample", "LOSO", "bias", "worst", "worst row (LOSO)");
    out += line;
    for (const char* name : {"all", "dense", "MoE"})
        if (const auto it = gate.regimes.find(name); it != gate.regimes.end())
            regimeLine(out, name, it->second);
    for (const auto& [name, g] : gate.regimes)
        if (name != "all" && name != "dense" && name != "MoE")
            regimeLine(out, name, g);
    out += "\n  by held-out source (the fold's GEMM / attention scales, fitted without it):\n";
    for (const GateFold& f : gate.folds) {
        std::snprintf(line, sizeof line, "%.3f / %.3f  ", f.profile.gemmEfficiencyScale,
                      f.profile.attentionEfficiencyScale);
        regimeLine(out, f.source + "  " + line, gate.sources.at(f.source));
    }
    std::snprintf(line, sizeof line, "  in-sample scales: GEMM %.3f, attention %.3f; %d runs in the gate\n",
                  gate.inSampleProfile.gemmEfficiencyScale, gate.inSampleProfile.attentionEfficiencyScale,
                  gate.rows);
    out += line;
    std::snprintf(
        line, sizeof line,
        "\n  Left out by issue 26 decision (c), figures that disagree (FLOP per token > %.0f %% from the "
        "median of the model's other rows): %zu\n",
        100 * kSelfConsistencyTolerance, gate.leftOut.size());
    out += line;
    for (const SelfInconsistentRun& s : gate.leftOut) {
        char error[64] = "not predicted (memory)";
        if (s.predicted)
            std::snprintf(error, sizeof error, "LOSO error %+6.1f %%", 100 * s.outOfSampleError);
        std::snprintf(line, sizeof line, "    %-58s %7.1f GFLOP/token vs median %7.1f; %s\n", s.id.c_str(),
                      s.flopPerToken / kGflop, s.medianOthers / kGflop, error);
        out += line;
    }
    std::snprintf(line, sizeof line, "  Not predicted (not expressible, or predicted not to fit): %zu\n",
                  gate.notPredicted.size());
    out += line;
    return out;
}

std::string gateRegimesJson(const OutOfSampleGate& gate)
{
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    // "all" first, the regimes after it by name (std::map puts "MoE ..." before "all").
    std::vector<std::pair<std::string, const GateRegime*>> ordered;
    for (const auto& [name, g] : gate.regimes)
        ordered.emplace_back(name, &g);
    std::stable_partition(ordered.begin(), ordered.end(), [](const auto& r) { return r.first == "all"; });
    for (const auto& [name, regime] : ordered) {
        const GateRegime& g = *regime;
        rows.push_back({{"group", name},
                        {"rows", g.outOfSample.rows},
                        {"mape", g.outOfSample.mape()},
                        {"bias", g.outOfSample.bias()},
                        {"worst_abs_error", g.outOfSample.worst},
                        {"worst_id", g.outOfSample.worstId},
                        {"in_sample_mape", g.inSample.mape()},
                        {"shipped_mape", g.shipped.mape()}});
    }
    return rows.dump();
}

} // namespace cf::cli
