#include "models/calibration/prepared_run.h"

#include "models/calibration/run_design.h"

namespace cf {

double figureOf(const Prediction& p, CalibrationMetric metric)
{
    switch (metric) {
    case CalibrationMetric::TokensPerSPerGpu:
        return p.tokensPerSPerGpu;
    case CalibrationMetric::ModelTflopsPerGpu:
        return p.tflopsPerGpu;
    case CalibrationMetric::HardwareTflopsPerGpu:
        return p.hardwareTflopsPerGpu;
    case CalibrationMetric::Mfu:
        return p.mfu;
    }
    return 0.0;
}

Result<PreparedRun> PreparedRun::prepare(const CalibrationCase& row)
{
    const auto fail = [&row](std::string why) {
        return Result<PreparedRun>::failure({{Severity::Error, row.id, std::move(why), {}}});
    };
    if (!row.skipReason.empty())
        return fail(row.skipReason);
    if (!(row.measured > 0))
        return fail("no measured figure");
    Result<RunDesign> design = runDesignOf(row);
    if (!design) {
        const Problem& first = design.problems().front();
        return fail("input error: " + first.field + ": " + first.message);
    }
    PreparedRun run(row);
    run.design_ = std::move(design->design);
    run.catalog_ = std::make_shared<const Catalog>(std::move(design->catalog));
    run.facts_ = deriveDesignFacts(run.design_, *run.catalog_);
    return run;
}

Prediction PreparedRun::prediction(const CalibrationProfile& profile) const
{
    Topology t = facts_.topology;
    t.calibration = profile;
    return evaluateOn(t, facts_.power, facts_.capexUsd, design_.workload, design_.parallelism,
                      design_.economics);
}

double PreparedRun::peakTflops() const
{
    const GpuSpec* gpu = facts_.topology.gpu;
    if (!gpu)
        return 0.0;
    return design_.workload.precision == Precision::FP8 ? gpu->fp8Tflops : gpu->bf16Tflops;
}

double PreparedRun::predict(const CalibrationProfile& profile) const
{
    return figureOf(prediction(profile), row_.metric);
}

PreparedRuns prepareRuns(const std::vector<CalibrationCase>& rows)
{
    PreparedRuns out;
    for (const CalibrationCase& row : rows) {
        Result<PreparedRun> run = PreparedRun::prepare(row);
        if (run)
            out.runs.push_back(std::move(*run));
        else
            out.skipped.emplace_back(row.id, run.problems().front().message);
    }
    return out;
}

} // namespace cf
