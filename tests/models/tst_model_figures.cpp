// Issue 25 item 5: the figures of the model alone (parameter counts, FLOPs per
// token, the size of its weights) stay in the report when the split is invalid or
// does not fit; they depend on the shape, not on the split.
#include "cli_run.h"

#include <nlohmann/json.hpp>

#include "test_main.h"
#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_model_figures {

using namespace cf;
using cf::test::runCliCommand;

namespace {

const std::vector<std::string> kCluster = {"--node", "dgx-h100", "--nodes", "4"};

using cf::test::hasErrorOn;

// evaluate on four DGX H100 nodes.
nlohmann::json evaluateJson(std::vector<std::string> args)
{
    args.insert(args.begin(), kCluster.begin(), kCluster.end());
    return cf::test::evaluateJson(std::move(args));
}

// `value` within `tolerance` (a fraction) of `expected`.
bool near(const nlohmann::json& value, double expected, double tolerance)
{
    return value.is_number() && std::abs(value.get<double>() - expected) <= tolerance * expected;
}

} // namespace

class TestModelFigures : public QObject {
    Q_OBJECT

private slots:
    void survivesSplitErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("errorField");
        QTest::addColumn<double>("paramsTotal");
        QTest::addColumn<double>("paramsActive");
        // Llama 3 70B: 70.6 B parameters (Meta's model card); DeepSeek-V3: 671 B, 37 B
        // active per token (DeepSeek-V3 technical report, table 1).
        QTest::newRow("invalid split: TP 3 of 64 heads")
            << QStringList{"--model", "llama3-70b", "--tp", "3"} << "parallelism.tp" << 70.6e9 << 70.6e9;
        QTest::newRow("does not fit: 70B with DDP on 32 GPUs")
            << QStringList{"--model", "llama3-70b", "--tp", "8", "--pp", "1", "--dp", "4"} << "memory"
            << 70.6e9 << 70.6e9;
        QTest::newRow("MoE that does not fit: DeepSeek-V3 on 32 GPUs")
            << QStringList{"--model", "deepseek-v3", "--tp", "1", "--pp", "1", "--dp", "32"} << "memory"
            << 671e9 << 37e9;
    }

    void survivesSplitErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, errorField);
        QFETCH(double, paramsTotal);
        QFETCH(double, paramsActive);
        std::vector<std::string> argv;
        for (const QString& a : args)
            argv.push_back(a.toStdString());
        const nlohmann::json report = evaluateJson(argv);
        QVERIFY2(report.is_object(), "evaluate printed no JSON report");
        QVERIFY2(hasErrorOn(report, errorField.toStdString()), report.dump(2).c_str());
        QVERIFY2(report["tokens_per_s"].is_null(), "a split that fails must not predict a throughput");
        const nlohmann::json& model = report["model"];
        QVERIFY2(model.is_object(), report.dump(2).c_str());
        constexpr double kCardTolerance = 0.02; // model cards round to 0.1 B
        QVERIFY2(near(model["parameters_total"], paramsTotal, kCardTolerance), model.dump().c_str());
        QVERIFY2(near(model["parameters_active"], paramsActive, kCardTolerance), model.dump().c_str());
        // Training FLOPs per token: at least 6 per active parameter (PaLM appendix B).
        QVERIFY2(model["model_flops_per_token"].get<double>() >= 6 * paramsActive, model.dump().c_str());
        constexpr double kBf16Bytes = 2.0, kGiB = 1073741824.0;
        QVERIFY2(near(model["weights_bf16_gib"], paramsTotal * kBf16Bytes / kGiB, kCardTolerance),
                 model.dump().c_str());
    }

    void sameFiguresWhateverTheSplit()
    {
        const nlohmann::json bad = evaluateJson({"--model", "llama3-70b", "--tp", "3"});
        const nlohmann::json good = evaluateJson(
            {"--model", "llama3-70b", "--tp", "8", "--pp", "4", "--dp", "1", "--sharding", "zero1"});
        QVERIFY2(good["tokens_per_s"].is_number(), good.dump(2).c_str());
        QCOMPARE(QString::fromStdString(bad["model"].dump()), QString::fromStdString(good["model"].dump()));
    }

    void textReportSaysTheModel()
    {
        std::vector<std::string> args = kCluster;
        args.insert(args.end(), {"--model", "llama3-70b", "--tp", "3", "--format", "text"});
        const auto run = runCliCommand("evaluate", args);
        QVERIFY2(run.out.find("Model: 70.") != std::string::npos, run.out.c_str());
        QVERIFY2(run.out.find("B parameters") != std::string::npos, run.out.c_str());
    }
};

CF_TEST_GUILESS_MAIN(TestModelFigures)

} // namespace cf_tst_model_figures

#include "tst_model_figures.moc"
