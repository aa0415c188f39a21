// Issue 26 item 1 (and issue 25 item 2): the 344 published runs of
// runs_nvidia_dgxc_megascale_olmo.csv, turned into runs-file columns by
// scripts/import_public_runs.py (runs_public.csv). No constant of the model was
// fitted on them: every figure here is out of sample. The test prints the error
// by regime, counts the runs predicted not to fit, and holds floors at the
// figures reached (a regression of more than a point fails).
#include "app/validation/calibration_cases.h"
#include "app/validation/prepared_run.h"

#include <QFile>
#include <QtTest>
#include "test_main.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <string>

namespace cf_tst_public_runs {

using namespace cf;
using namespace cf::cli;

namespace {

struct Tally {
    int rows = 0;
    double sumAbs = 0, sum = 0, worst = 0;
    std::string worstId;
    void add(const std::string& id, double error)
    {
        ++rows;
        sumAbs += std::fabs(error);
        sum += error;
        if (std::fabs(error) > worst) {
            worst = std::fabs(error);
            worstId = id;
        }
    }
    double mape() const { return rows ? sumAbs / rows : 0; }
    double bias() const { return rows ? sum / rows : 0; }
};

std::string scaleOf(int gpus) { return gpus <= 64 ? "<=64 GPUs" : gpus <= 512 ? "65-512 GPUs" : ">512 GPUs"; }

} // namespace

class TestPublicRuns : public QObject {
    Q_OBJECT
    Tally dense_, moe_;
    std::map<std::string, Tally> regimes_;
    int notFit_ = 0, tight_ = 0, skipped_ = 0, predicted_ = 0;

private slots:
    void initTestCase()
    {
        QFile f(QStringLiteral(CF_VALIDATION_DIR "/runs_public.csv"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const std::string text = f.readAll().toStdString();
        const PreparedRuns runs = prepareRuns(parseCalibrationCsv(text));
        skipped_ = int(runs.skipped.size());
        for (const auto& [id, why] : runs.skipped)
            std::printf("not used: %-55s %s\n", id.c_str(), why.c_str());
        for (const PreparedRun& r : runs.runs) {
            const Prediction p = r.prediction({});
            if (!p.memory.fits) {
                ++notFit_;
                std::printf("does not fit: %-50s %.1f of %.0f GiB\n", r.row().id.c_str(),
                            p.memory.totalBytes / 1073741824.0, p.memory.hbmBytes / 1073741824.0);
                continue;
            }
            const double predicted = figureOf(p, r.row().metric);
            if (!(predicted > 0)) {
                std::printf("no figure: %s\n", r.row().id.c_str());
                continue;
            }
            ++predicted_;
            const double error = (predicted - r.row().measured) / r.row().measured;
            const bool moe = r.design().workload.model.isMoe();
            (moe ? moe_ : dense_).add(r.row().id, error);
            const std::string gen = r.gpuId().rfind("gb", 0) == 0 ? "GB200" : r.gpuId().rfind("h", 0) == 0 ? "H100" : "A100";
            const std::string precision = r.design().workload.precision == Precision::FP8 ? "FP8" : "BF16";
            for (const std::string& key : {std::string(moe ? "MoE" : "dense") + " " + gen + " " + precision,
                                           std::string(moe ? "MoE" : "dense") + " " + scaleOf(r.row().gpus)})
                regimes_[key].add(r.row().id, error);
            std::printf("%-58s %+6.1f %%\n", r.row().id.c_str(), 100 * error);
        }
        std::printf("\n%-28s %5s %8s %8s %8s  %s\n", "regime", "rows", "MAPE", "bias", "worst", "worst row");
        auto line = [](const std::string& name, const Tally& t) {
            std::printf("%-28s %5d %7.1f%% %+7.1f%% %7.1f%%  %s\n", name.c_str(), t.rows, 100 * t.mape(),
                        100 * t.bias(), 100 * t.worst, t.worstId.c_str());
        };
        line("dense, all", dense_);
        line("MoE, all", moe_);
        for (const auto& [name, t] : regimes_)
            line(name, t);
        std::printf("predicted %d, not fitting %d, not expressible %d\n", predicted_, notFit_, skipped_);
        std::fflush(stdout);
    }

    void mostRowsArePredicted() { QVERIFY2(predicted_ >= kPredictedFloor, qPrintable(QString::number(predicted_))); }
    void denseNoWorseThanFloor()
    {
        QVERIFY2(dense_.mape() <= kDenseMapeFloor,
                 qPrintable(QString("dense MAPE %1 % (floor %2 %)").arg(100 * dense_.mape()).arg(100 * kDenseMapeFloor)));
    }
    void moeNoWorseThanFloor()
    {
        QVERIFY2(moe_.mape() <= kMoeMapeFloor,
                 qPrintable(QString("MoE MAPE %1 % (floor %2 %)").arg(100 * moe_.mape()).arg(100 * kMoeMapeFloor)));
    }
    void runsPredictedNotToFitNoMoreThanFloor()
    {
        QVERIFY2(notFit_ <= kNotFitFloor, qPrintable(QString("%1 runs that ran predicted not to fit (floor %2, target 0)")
                                                         .arg(notFit_).arg(kNotFitFloor)));
    }

private:
    // Floors: the figures reached on 2026-12-03 with the memory model of issue 25
    // (285 runs predicted, dense MAPE 12.8 % over 242, MoE 25.9 % over 43, 25 runs
    // predicted not to fit) plus one point. Targets (issue 26): dense <= 12 %,
    // MoE <= 20 %; issue 25: 0 not fitting.
    static constexpr int kPredictedFloor = 285;
    static constexpr double kDenseMapeFloor = 0.138;
    static constexpr double kMoeMapeFloor = 0.269;
    static constexpr int kNotFitFloor = 25;
};

CF_TEST_GUILESS_MAIN(TestPublicRuns)

} // namespace cf_tst_public_runs

#include "tst_public_runs.moc"
