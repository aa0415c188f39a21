#include "app/validation/calibration_runner.h"
#include "models/calibration/prepared_run.h"

#include "app/cli/cmd_evaluate.h"
#include "models/design/recompute_modules.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

namespace cf::cli {
namespace {

std::string num(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

} // namespace

std::vector<std::string> calibrationArgs(const CalibrationCase& c)
{
    const ModelShape& m = c.workload.model;
    const Parallelism& p = c.parallelism;
    std::vector<std::string> a;
    if (!c.preset.empty())
        a.insert(a.end(), {"--model", c.preset, "--ep", std::to_string(p.ep)});
    else
        a.insert(a.end(),
                 {"--layers", std::to_string(m.layers), "--hidden", std::to_string(m.hidden), "--heads",
                  std::to_string(m.heads), "--kv-heads", std::to_string(m.kvHeads), "--ffn",
                  std::to_string(m.ffn), "--ffn-type", m.gatedFfn ? "gated" : "plain", "--tied-embeddings",
                  m.tiedEmbeddings ? "yes" : "no", "--vocab", std::to_string(m.vocab)});
    if (c.preset.empty() && m.experts > 1)
        a.insert(a.end(),
                 {"--experts", std::to_string(m.experts), "--top-k", std::to_string(m.expertsPerToken),
                  "--expert-ffn", std::to_string(m.expertFfn > 0 ? m.expertFfn : m.ffn), "--ep",
                  std::to_string(p.ep)});
    a.insert(a.end(), {"--seq",
                       std::to_string(c.workload.seqLen),
                       "--global-batch",
                       std::to_string(c.workload.globalBatchSeqs),
                       "--tokens",
                       num(c.workload.tokensToTrain),
                       "--precision",
                       toString(c.workload.precision),
                       "--framework",
                       toString(c.workload.framework),
                       "--microbatch",
                       std::to_string(p.microbatch),
                       "--tp",
                       std::to_string(p.tp),
                       "--pp",
                       std::to_string(p.pp),
                       "--vp",
                       std::to_string(p.vp),
                       "--cp",
                       std::to_string(p.cp),
                       "--sequence-parallel",
                       p.sequenceParallel ? "on" : "off",
                       "--tp-overlap",
                       p.tpCommOverlap ? "on" : "off",
                       "--sharding",
                       toString(p.sharding),
                       "--recompute",
                       toString(p.recompute)});
    if (p.dp > 0)
        a.insert(a.end(), {"--dp", std::to_string(p.dp)});
    if (p.etp > 0) // stated or resolved by the reader; 0 is the framework's default either way
        a.insert(a.end(), {"--etp", std::to_string(p.etp)});
    if (p.recomputeModules != 0)
        a.insert(a.end(), {"--recompute-modules", recomputeModulesToString(p.recomputeModules)});
    if (p.activationOffloadLayers > 0)
        a.insert(a.end(), {"--offload-layers", std::to_string(p.activationOffloadLayers)});
    return a;
}

EvaluateRequest evaluateRow(const CalibrationCase& row)
{
    if (row.fabric != "ib" && row.fabric != "roce") {
        EvaluateRequest r;
        r.inputErrors.push_back("--fabric: '" + row.fabric + "' is not one of ib, roce");
        return r;
    }
    return evaluateCluster(clusterSpecOf(row), calibrationArgs(row));
}

namespace {

// Figures over the compared rows that are (inGate) or are not in the accuracy gate.
CalibrationFigures figuresOf(const std::vector<CalibrationResult>& results, bool inGate)
{
    CalibrationFigures f;
    double sum = 0;
    for (const CalibrationResult& r : results) {
        if (!r.compared || inAccuracyGate(r.row) != inGate)
            continue;
        const double absError = std::fabs(r.error);
        sum += absError;
        ++f.compared;
        if (absError > f.maxAbsError) {
            f.maxAbsError = absError;
            f.worstId = r.row.id;
        }
        if (absError > kRowErrorTarget)
            ++f.over25;
        if (!r.memoryFits)
            ++f.notFitting;
    }
    f.mape = f.compared > 0 ? sum / f.compared : 0.0;
    return f;
}

} // namespace

CalibrationReport runCalibration(const std::string& csvText)
{
    CalibrationReport rep;
    double sum = 0;
    for (CalibrationCase& c : parseCalibrationCsv(csvText)) {
        CalibrationResult r;
        r.row = c;
        if (c.skipReason.empty()) {
            r.args = calibrationArgs(c);
            const EvaluateRequest e = evaluateRow(c);
            r.errors = e.inputErrors;
            r.errors.insert(r.errors.end(), e.flagErrors.begin(), e.flagErrors.end());
            if (r.errors.empty() && c.measured > 0) {
                r.predicted = figureOf(e.prediction, c.metric);
                r.error = (r.predicted - c.measured) / c.measured;
                r.compared = true;
                r.memoryFits = e.prediction.memory.fits;
                r.memory = e.prediction.memory;
                sum += std::fabs(r.error);
                ++rep.compared;
                if (std::fabs(r.error) > rep.maxAbsError) {
                    rep.maxAbsError = std::fabs(r.error);
                    rep.worstId = c.id;
                }
                if (std::fabs(r.error) > kRowErrorTarget)
                    ++rep.over25;
            }
        }
        rep.results.push_back(std::move(r));
    }
    rep.mape = rep.compared > 0 ? sum / rep.compared : 0.0;
    rep.gate = figuresOf(rep.results, true);
    rep.outsideGate = figuresOf(rep.results, false);
    return rep;
}

bool inAccuracyGate(const CalibrationCase& row)
{
    static const std::set<std::string> kOutsideGate = {"meg21_t2_01", "meg21_t2_02", "meg21_t2_03",
                                                       "meg21_t2_04", "meg21_t2_05", "meg21_t2_06"};
    return kOutsideGate.count(row.id) == 0;
}

std::string formatCalibrationReport(const CalibrationReport& rep)
{
    std::ostringstream o;
    char line[512];
    o << "id                        metric                 measured    predicted   error\n";
    for (const CalibrationResult& r : rep.results) {
        if (!r.compared)
            continue;
        std::snprintf(line, sizeof line, "%-25s %-20s %11.4g %12.4g %+7.1f %%%s\n", r.row.id.c_str(),
                      toString(r.row.metric), r.row.measured, r.predicted, 100.0 * r.error,
                      r.memoryFits ? "" : "  (model: does not fit in HBM)");
        o << line;
        if (!r.memoryFits) {
            const MemoryFacts& m = r.memory;
            std::snprintf(
                line, sizeof line,
                "    memory GB: weights %.1f grads %.1f optimizer %.1f activations %.1f buffers %.1f"
                " = %.1f of %.1f\n",
                m.weightsBytes / 1e9, m.gradientsBytes / 1e9, m.optimizerBytes / 1e9,
                m.activationsBytes / 1e9, m.buffersBytes / 1e9, m.totalBytes / 1e9, m.hbmBytes / 1e9);
            o << line;
        }
    }
    o << "\nRows not expressed:\n";
    for (const CalibrationResult& r : rep.results) {
        if (r.compared)
            continue;
        std::string why = r.row.skipReason;
        if (why.empty() && !r.errors.empty())
            why = "input error: " + r.errors.front();
        o << "  " << r.row.id << ": " << why << "\n";
    }
    // By source family (the id prefix before the first '_': meg21, kort22, tt,
    // mosaic, nemo2407, nemo (long sequence), mbridge).
    std::map<std::string, std::pair<int, double>> bySource;
    std::map<std::string, double> worstBySource;
    for (const CalibrationResult& r : rep.results) {
        if (!r.compared)
            continue;
        const std::string family = r.row.id.substr(0, r.row.id.find('_'));
        bySource[family].first += 1;
        bySource[family].second += std::fabs(r.error);
        worstBySource[family] = std::max(worstBySource[family], std::fabs(r.error));
    }
    o << "\nBy source (id prefix): rows, MAPE, max |error|\n";
    for (const auto& [family, v] : bySource) {
        std::snprintf(line, sizeof line, "  %-10s %4d %7.1f %% %7.1f %%\n", family.c_str(), v.first,
                      100.0 * v.second / v.first, 100.0 * worstBySource[family]);
        o << line;
    }
    std::snprintf(line, sizeof line,
                  "\nCompared %d of %zu rows: MAPE %.2f %%, max |error| %.1f %% (%s), %d rows over 25 %%\n",
                  rep.compared, rep.results.size(), 100.0 * rep.mape, 100.0 * rep.maxAbsError,
                  rep.worstId.c_str(), rep.over25);
    o << line;
    const CalibrationFigures& g = rep.gate;
    std::snprintf(
        line, sizeof line,
        "Accuracy gate (target MAPE <= %.0f %%, no row over %.0f %%): %d rows, MAPE %.2f %%, max |error| "
        "%.1f %% (%s), %d rows over %.0f %%, %d rows the memory model says do not fit\n",
        100.0 * kMapeTarget, 100.0 * kRowErrorTarget, g.compared, 100.0 * g.mape, 100.0 * g.maxAbsError,
        g.worstId.c_str(), g.over25, 100.0 * kRowErrorTarget, g.notFitting);
    o << line;
    const CalibrationFigures& x = rep.outsideGate;
    std::snprintf(
        line, sizeof line,
        "Reported apart (DeepSpeed-2021 ZeRO-3, meg21_t2_01..06): %d rows, MAPE %.2f %%, max |error| "
        "%.1f %% (%s)\n",
        x.compared, 100.0 * x.mape, 100.0 * x.maxAbsError, x.worstId.c_str());
    o << line;
    return o.str();
}

} // namespace cf::cli
