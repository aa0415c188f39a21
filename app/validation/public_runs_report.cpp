#include "app/validation/public_runs_report.h"

#include <cmath>
#include <cstdio>

namespace cf::cli {

void ErrorTally::add(const std::string& id, double error)
{
    ++rows;
    sumAbs += std::fabs(error);
    sum += error;
    if (std::fabs(error) > worst) {
        worst = std::fabs(error);
        worstId = id;
    }
}

// Scale bands as the kept-aside figures are reported (issue 26's table).
std::string scaleRegimeOf(int gpus)
{
    return gpus <= 64 ? "<=64 GPUs" : gpus <= 512 ? "65-512 GPUs" : ">512 GPUs";
}

PublicRunsReport publicRunsReport(const PreparedRuns& runs)
{
    PublicRunsReport rep;
    rep.notExpressible = int(runs.skipped.size());
    for (const auto& [id, why] : runs.skipped)
        rep.notPredicted.emplace_back(id, why);
    for (const PreparedRun& r : runs.runs) {
        const Prediction p = r.prediction({});
        if (!p.memory.fits) {
            ++rep.notFitting;
            rep.notPredicted.emplace_back(r.row().id, "predicted not to fit in memory");
            continue;
        }
        const double predicted = figureOf(p, r.row().metric);
        if (!(predicted > 0)) {
            rep.notPredicted.emplace_back(r.row().id, "no figure");
            continue;
        }
        ++rep.predicted;
        const double error = (predicted - r.row().measured) / r.row().measured;
        rep.errors.emplace_back(r.row().id, error);
        const bool moe = r.design().workload.model.isMoe();
        (moe ? rep.moe : rep.dense).add(r.row().id, error);
        const std::string kind = moe ? "MoE" : "dense";
        const std::string precision = r.design().workload.precision == Precision::FP8 ? "FP8" : "BF16";
        rep.regimes[kind + " " + r.gpuArch() + " " + precision].add(r.row().id, error);
        rep.regimes[kind + " " + scaleRegimeOf(r.row().gpus)].add(r.row().id, error);
    }
    return rep;
}

std::string formatPublicRunsReport(const PublicRunsReport& rep)
{
    std::string out =
        "Published runs no constant was fitted on (runs_public.csv), uncalibrated: out of sample\n";
    char line[256];
    std::snprintf(line, sizeof line, "  %-26s %5s %8s %8s %8s  %s\n", "regime", "rows", "MAPE", "bias",
                  "worst", "worst row");
    out += line;
    auto add = [&](const std::string& name, const ErrorTally& t) {
        std::snprintf(line, sizeof line, "  %-26s %5d %7.1f%% %+7.1f%% %7.1f%%  %s\n", name.c_str(), t.rows,
                      100 * t.mape(), 100 * t.bias(), 100 * t.worst, t.worstId.c_str());
        out += line;
    };
    add("dense, all", rep.dense);
    add("MoE, all", rep.moe);
    for (const auto& [name, t] : rep.regimes)
        add(name, t);
    std::snprintf(line, sizeof line, "  predicted %d; predicted not to fit %d; not expressible %d\n",
                  rep.predicted, rep.notFitting, rep.notExpressible);
    out += line;
    return out;
}

} // namespace cf::cli
