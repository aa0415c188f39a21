// Issue 26 item 1 (and issue 25 item 2): the 344 published runs of
// runs_nvidia_dgxc_megascale_olmo.csv, turned into runs-file columns by
// scripts/import_public_runs.py (runs_public.csv). No constant of the model was
// fitted on them: every figure here is out of sample. The test prints the error
// by regime, counts the runs predicted not to fit, and holds floors at the
// figures reached (a regression of more than a point fails).
#include "app/validation/public_runs_report.h"
#include "models/calibration/calibration_cases.h"
#include "models/calibration/prepared_run.h"

#include "test_main.h"
#include <QFile>
#include <QtTest>

#include <cmath>
#include <cstdio>
#include <string>

namespace cf_tst_public_runs {

using namespace cf;
using namespace cf::cli;

class TestPublicRuns : public QObject {
    Q_OBJECT
    PublicRunsReport report_;

private slots:
    void initTestCase()
    {
        QFile f(QStringLiteral(CF_VALIDATION_DIR "/runs_public.csv"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        report_ = publicRunsReport(prepareRuns(parseCalibrationCsv(f.readAll().toStdString())));
        for (const auto& [id, why] : report_.notPredicted)
            std::printf("not predicted: %-55s %s\n", id.c_str(), why.c_str());
        for (const auto& [id, error] : report_.errors)
            std::printf("%-58s %+6.1f %%\n", id.c_str(), 100 * error);
        std::printf("\n%s", formatPublicRunsReport(report_).c_str());
        std::fflush(stdout);
    }

    void mostRowsArePredicted()
    {
        QVERIFY2(report_.predicted >= kPredictedFloor, qPrintable(QString::number(report_.predicted)));
    }
    void denseNoWorseThanFloor()
    {
        QVERIFY2(report_.dense.mape() <= kDenseMapeFloor, qPrintable(QString("dense MAPE %1 % (floor %2 %)")
                                                                         .arg(100 * report_.dense.mape())
                                                                         .arg(100 * kDenseMapeFloor)));
    }
    void moeNoWorseThanFloor()
    {
        QVERIFY2(report_.moe.mape() <= kMoeMapeFloor, qPrintable(QString("MoE MAPE %1 % (floor %2 %)")
                                                                     .arg(100 * report_.moe.mape())
                                                                     .arg(100 * kMoeMapeFloor)));
    }
    void runsPredictedNotToFitNoMoreThanFloor()
    {
        QVERIFY2(report_.notFitting <= kNotFitFloor,
                 qPrintable(QString("%1 runs that ran predicted not to fit (floor %2, target 0)")
                                .arg(report_.notFitting)
                                .arg(kNotFitFloor)));
    }

private:
    // Floors: the MAPEs reached on 2026-12-03 with the memory model of issue 25
    // (dense 12.8 % over 242, MoE 25.9 % over 43) plus one point; the counts reached
    // by the one predictor (issue 26 item 2: 291 runs predicted, 19 predicted not
    // to fit; dense 12.9 % over 248, MoE 26.4 %). Targets (issue 26): dense <= 12 %,
    // MoE <= 20 %; issue 25: 0 not fitting.
    // Session 13, TP overlap and the GB200/GB300 die rule (issue 26 item 3): dense
    // 12.9 -> 8.2 %, MoE 26.4 -> 22.9 %; floors one point above. Session 14,
    // expert GEMMs' weight reads counted once: MoE 22.9 -> 16.4 % (dense 8.2 %);
    // BF16 gradient buffers and FP8-saved GEMM inputs for Megatron-Core as the NeMo /
    // Megatron-Bridge recipes run it (issue 25 items 1-2): not fitting 19 -> 14,
    // predicted 291 -> 296. Session 15 (CP ring, DP x CP gradients, interleaved
    // DP overlap): MoE 16.4 -> 15.9 % (floor tightened); dense 8.2 -> 8.5 %, inside
    // its floor, kept (docs/model.md "Session 15").
    // Session 15 (issue 25): recompute left open is "as needed" (the least that
    // fits), Megatron-Core's ETP = TP default and the table's etp column, and the
    // step time where the printed tokens/s disagrees with it: not fitting 14 -> 0,
    // predicted 296 -> 310 (dense 8.4 % over 259, MoE 17.0 % over 51).
    static constexpr int kPredictedFloor = 310;
    static constexpr double kDenseMapeFloor = 0.091;
    static constexpr double kMoeMapeFloor = 0.174;
    static constexpr int kNotFitFloor = 0;
};

CF_TEST_GUILESS_MAIN(TestPublicRuns)

} // namespace cf_tst_public_runs

#include "tst_public_runs.moc"
