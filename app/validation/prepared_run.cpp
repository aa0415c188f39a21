#include "app/validation/prepared_run.h"

#include "app/cli/cmd_evaluate.h"
#include "app/validation/calibration_runner.h"

namespace cf::cli {

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
    // The evaluate command's own engine call, so a row is used exactly when the
    // calibration report compares it; its design and catalog are the run's.
    EvaluateRequest check = evaluateRow(row);
    if (!check.inputErrors.empty() || !check.flagErrors.empty())
        return fail("input error: " +
                    (check.inputErrors.empty() ? check.flagErrors : check.inputErrors).front());
    PreparedRun run(row);
    run.design_ = std::move(*check.design);
    run.catalog_ = std::make_shared<const Catalog>(std::move(*check.catalog));
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

} // namespace cf::cli
