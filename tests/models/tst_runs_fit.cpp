// Every published run that ran fits (issue 25 item 2): no run of
// resources/validation/ (calibration.csv, calibration_moe.csv, heldout_moe.csv
// through loadShippedRuns, the path validate-model uses; memory_peaks.csv through
// the memory check's runner) is predicted "does not fit" on its own hardware.
// Rows the engine cannot express are not predicted and not counted; tight
// verdicts are counted apart (predicted, with a warning).
#include "app/validation/memory_peak_check.h"
#include "app/validation/model_accuracy.h"
#include "models/predict/memory_model.h"
#include "models/predict/memory_verdict.h"

#include "test_main.h"
#include <QtTest>

#include <fstream>
#include <sstream>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_runs_fit {

using namespace cf;

namespace {

std::string readFile(const std::string& name)
{
    std::ifstream f(std::string(CF_VALIDATION_DIR) + "/" + name);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

// Runs that ran, predicted "does not fit": the target is none. Not reached
// (2026-12-03, after BF16 gradient buffers and FP8-saved GEMM inputs for
// Megatron-Core as the NeMo / Megatron-Bridge recipes run it): 10 of 239,
// listed by initTestCase (nemo2407_15, the two Megatron-FSDP 70B rows whose
// recipe offloads 20 layers' activations to the CPU, 5 DeepSeek-V3 / Qwen3 MoE
// runs whose recompute modules the CSVs do not state, 2 torchtitan NVFP4-guide
// rows); floor one above (was 21 with 20 reached).
// Session 15: recompute left open is "as needed" (the least that fits, its cost
// in the step) and the Megatron-FSDP 70B rows state their recipe's activation
// offload (40 layers): 4 of 239 (held_automodel_h100_deepseek-v3_256: FSDP's
// gathered DeepSeek-V3 layer; held_dsv3_report_h800_2048: DeepSeek's own
// selective recompute and FP8 activation storage; the NVFP4 guide's two
// chunked-loss rows, whose full logits the engine keeps resident). The floor is
// the count reached.
// Session 16: the DeepSeek-V3 report's row states its recompute (layernorm,
// mla_up_proj, moe_act: Megatron-Core's recompute modules, an input now) and fits:
// 3 of 239 (the AutoModel FSDP2 DeepSeek-V3 row on 256 H100 and the NVFP4 guide's
// two chunked-loss rows).
// Session 17: the report row's modules are left out again (with them it fits, and
// its LOSO -46 % lifts MoE >512 GPUs and MoE Hopper FP8 above main's gate floors:
// the lead's call): 4 of 239, main's count.
constexpr int kFalseDoesNotFit = 4;

} // namespace

struct RunCount {
    int runs = 0, tight = 0, doesNotFit = 0;
};

class TestRunsFit : public QObject {
    Q_OBJECT
    RunCount count_;

    void judge(const std::string& id, const MemoryFacts& m, double hbmBytes)
    {
        const MemoryVerdict v = memoryVerdict(m.totalBytes, hbmBytes);
        ++count_.runs;
        if (v == MemoryVerdict::Tight)
            ++count_.tight;
        if (v == MemoryVerdict::DoesNotFit)
            ++count_.doesNotFit;
        const double g = kBytesPerMarketingGB;
        if (v != MemoryVerdict::Fits)
            qInfo("%-48s %-13s peak %6.1f GiB of %5.1f GiB (weights %.1f grads %.1f optimizer %.1f "
                  "activations %.1f "
                  "buffers %.1f)",
                  id.c_str(), toString(v), m.totalBytes / g, hbmBytes / g, m.weightsBytes / g,
                  m.gradientsBytes / g, m.optimizerBytes / g, m.activationsBytes / g, m.buffersBytes / g);
    }

private slots:
    void initTestCase()
    {
        const cli::ShippedRuns data = cli::loadShippedRuns(CF_VALIDATION_DIR);
        QVERIFY2(data.problem.empty(), data.problem.c_str());
        for (const PreparedRuns* set : {&data.dense, &data.moe, &data.heldOutMoe})
            for (const PreparedRun& run : set->runs) {
                const Prediction p = run.prediction(CalibrationProfile{});
                judge(run.row().id, p.memory, p.memory.hbmBytes);
            }
        const cli::MemoryPeakReport peaks = cli::runMemoryPeaks(readFile("memory_peaks.csv"));
        for (const cli::MemoryPeakResult& r : peaks.results) {
            if (!r.row.run.skipReason.empty() || !r.row.excluded.empty() || !r.errors.empty())
                continue;  // not expressible: nothing predicted
            MemoryFacts m; // the total only (the check keeps no breakdown)
            m.totalBytes = r.predictedGiB * kBytesPerMarketingGB;
            judge(r.row.run.id + " (" + r.row.source.substr(0, 30) + ")", m,
                  r.deviceGiB * kBytesPerMarketingGB);
        }
        qInfo("%d runs: %d tight, %d predicted not to fit", count_.runs, count_.tight, count_.doesNotFit);
    }
    void everyRunThatRanFits()
    {
        QVERIFY(count_.runs > 200);
        QVERIFY2(count_.doesNotFit <= kFalseDoesNotFit, std::to_string(count_.doesNotFit).c_str());
    }
};

CF_TEST_GUILESS_MAIN(TestRunsFit)

} // namespace cf_tst_runs_fit

#include "tst_runs_fit.moc"
