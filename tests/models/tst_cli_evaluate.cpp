// clusterforge-cli evaluate: the JSON contract, the text format and the exit
// status for bad flags (2) and impossible splits (1, with the report: issue
// 14 item 4).
#include "test_main.h"
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_cli_evaluate {

namespace {

struct Run {
    int status = -1;
    QByteArray out, err;
};

Run cli(const QStringList& args)
{
    QProcess p;
    p.start(qEnvironmentVariable("CF_CLI_PATH"), QStringList{"evaluate"} + args);
    p.waitForFinished(60000);
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

const QStringList kCluster = {"--gpu", "h100-sxm",   "--nodes", "8",        "--gpus-per-node",
                              "8",     "--nic-gbps", "400",     "--fabric", "ib"};
const QStringList kWorkload = {"--model",      "llama3-70b", "--seq",       "8192", "--global-batch", "512",
                               "--microbatch", "1",          "--tp",        "8",    "--pp",           "1",
                               "--sharding",   "zero1",      "--recompute", "full", "--tokens",       "1e12"};

} // namespace

class TestCliEvaluate : public QObject {
    Q_OBJECT
private slots:
    void jsonReportHasTheContractKeys()
    {
        const Run r = cli(kCluster + kWorkload);
        QVERIFY2(r.status == 0 || r.status == 1, r.err.constData());
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        for (const char* key :
             {"tokens_per_s", "tokens_per_s_per_gpu", "tflops_per_gpu", "mfu", "hfu", "step_time_s",
              "breakdown", "memory_per_gpu_gib", "allreduce_time_s", "it_power_kw", "facility_power_kw",
              "capex_usd", "opex_usd_per_year", "time_to_train_days", "total_cost_usd",
              "cost_per_million_tokens_usd", "break_even_month", "warnings", "errors"})
            QVERIFY2(j.contains(key), key);
        for (const char* key : {"compute_s", "recompute_s", "tp_comm_s", "pp_bubble_s", "pp_comm_s",
                                "dp_comm_exposed_s", "cp_comm_s"})
            QVERIFY2(j["breakdown"].toObject().contains(key), key);
        for (const char* key :
             {"total", "weights", "gradients", "optimizer", "activations", "buffers", "hbm"})
            QVERIFY2(j["memory_per_gpu_gib"].toObject().contains(key), key);
        QCOMPARE(j["gpus"].toInt(), 64);
        QVERIFY(j["tokens_per_s"].toDouble() > 0);
        // tokens/s = per GPU x GPUs; MFU = TFLOP/s / 989.4 (H100 BF16 dense peak).
        QVERIFY(std::abs(j["tokens_per_s"].toDouble() - 64 * j["tokens_per_s_per_gpu"].toDouble()) <
                1e-6 * j["tokens_per_s"].toDouble());
        QVERIFY(std::abs(j["mfu"].toDouble() - j["tflops_per_gpu"].toDouble() / 989.4) < 1e-9);
    }
    void dpDefaultsToWhatIsLeft()
    {
        // 64 GPUs / (TP 8 x PP 1 x CP 1) = DP 8: 512 sequences = 64 micro-batches of 1 per DP rank.
        const Run r = cli(kCluster + kWorkload);
        QCOMPARE(QJsonDocument::fromJson(r.out).object()["microbatches_per_step"].toInt(), 64);
    }
    void flagsOverrideTheFile()
    {
        const QString file = QString(CF_SOURCE_DIR) + "/resources/examples/workhorse.json";
        const Run a = cli({file});
        const Run b = cli({file, "--tp", "4", "--pp", "2"});
        QVERIFY2(a.status <= 1, a.err.constData());
        QVERIFY2(b.status <= 1, b.err.constData());
        QVERIFY(QJsonDocument::fromJson(a.out).object()["step_time_s"].toDouble() !=
                QJsonDocument::fromJson(b.out).object()["step_time_s"].toDouble());
    }
    // A misspelt field in DESIGN.json is ignored with a warning on stderr that
    // names its JSON pointer and the likely field; the report is unchanged.
    void loadWarningsGoToStderr()
    {
        const QString file = QString(CF_SOURCE_DIR) + "/resources/examples/workhorse.json";
        QFile in(file);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray text = in.readAll();
        QVERIFY(text.contains("\"economics\": {"));
        text.replace("\"economics\": {", "\"economics\": {\"puee\": 9, ");
        QTemporaryDir dir;
        const QString typo = dir.filePath("typo.json");
        QFile out(typo);
        QVERIFY(out.open(QIODevice::WriteOnly) && out.write(text) == text.size());
        out.close();
        const Run clean = cli({file});
        const Run r = cli({typo});
        QCOMPARE(r.status, clean.status);
        QCOMPARE(r.out, clean.out);
        QVERIFY(clean.err.isEmpty());
        QCOMPARE(r.err, QByteArray("clusterforge-cli evaluate: " + typo.toUtf8() +
                                   ": warning: /economics/puee: unknown field \"puee\" is ignored; "
                                   "did you mean \"pue\"?\n"));
    }
    // Issue 14 item 4: a split that does not divide is a design error: exit 1
    // with the report, which lists it and keeps the design-level figures.
    void impossibleSplitExitsOneWithTheReport()
    {
        QStringList args = kCluster + kWorkload;
        args[args.indexOf("--tp") + 1] = "3";
        const Run r = cli(args);
        QCOMPARE(r.status, 1);
        QJsonParseError parse{};
        const QJsonObject j = QJsonDocument::fromJson(r.out, &parse).object();
        QCOMPARE(parse.error, QJsonParseError::NoError);
        QVERIFY2(QJsonDocument(j["errors"].toArray())
                     .toJson()
                     .contains("parallelism.tp: TP 3 does not divide the 64 attention heads"),
                 r.out.constData());
        for (const char* key : {"capex_usd", "opex_usd_per_year", "it_power_kw"})
            QVERIFY2(j[key].isDouble() && j[key].toDouble() > 0, key);
        for (const char* key :
             {"step_time_s", "mfu", "tokens_per_s", "time_to_train_days", "memory_per_gpu_gib"})
            QVERIFY2(j[key].isNull(), key);
        const QJsonArray missing = j["missing"].toArray();
        QVERIFY(!missing.isEmpty());
        QVERIFY2(missing.last()["reason"].toString().startsWith("Training figures need a valid split: TP 3"),
                 r.out.constData());
    }
    void designFileWithBadSplitExitsOne()
    {
        // The workhorse example (64 GPUs) with TP 3 written into the file.
        QFile in(QString(CF_SOURCE_DIR) + "/resources/examples/workhorse.json");
        QVERIFY(in.open(QIODevice::ReadOnly));
        QJsonObject design = QJsonDocument::fromJson(in.readAll()).object();
        QJsonObject split = design["parallelism"].toObject();
        split["tp"] = 3;
        design["parallelism"] = split;
        QTemporaryDir dir;
        const QString path = dir.filePath("tp3.json");
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(design).toJson());
        out.close();
        const Run text = cli({path, "--format", "text"});
        QCOMPARE(text.status, 1);
        QVERIFY2(text.out.contains("error: parallelism.tp: TP 3"), text.out.constData());
        QVERIFY2(text.out.contains("missing: Training figures need a valid split: TP 3"),
                 text.out.constData());
        QVERIFY2(text.out.contains("  MFU: —\n"), text.out.constData());
        QVERIFY2(!text.out.contains("  capex: —"), text.out.constData());
        const Run json = cli({path});
        QCOMPARE(json.status, 1);
        QVERIFY(QJsonDocument::fromJson(json.out).object()["capex_usd"].toDouble() > 0);
        QVERIFY(!json.out.contains("NaN") && !json.out.contains("nan"));
    }
    // The lead's "default sharding" decision (issue 25): without --sharding the
    // split takes the framework's documented default (models/design/default_sharding.h).
    void shardingDefaultsToTheFrameworks()
    {
        auto optimizerGiB = [&](const QString& framework, const QString& sharding) {
            QStringList args = kCluster + kWorkload + QStringList{"--framework", framework};
            const int at = int(args.indexOf("--sharding"));
            if (sharding.isEmpty())
                args.remove(at, 2);
            else
                args[at + 1] = sharding;
            const Run r = cli(args);
            return QJsonDocument::fromJson(r.out)
                .object()
                .value("memory_per_gpu_gib")
                .toObject()
                .value("optimizer")
                .toDouble();
        };
        QCOMPARE(optimizerGiB("megatron", ""), optimizerGiB("megatron", "zero1"));
        QVERIFY(optimizerGiB("megatron", "") < optimizerGiB("megatron", "ddp"));
        QCOMPARE(optimizerGiB("torchtitan-eager", ""), optimizerGiB("torchtitan-eager", "fsdp-full"));
        QCOMPARE(optimizerGiB("llm-foundry", ""), optimizerGiB("llm-foundry", "fsdp-full"));
        QCOMPARE(optimizerGiB("deepspeed", ""), optimizerGiB("deepspeed", "ddp"));
        QCOMPARE(optimizerGiB("megatron-lm", ""), optimizerGiB("megatron-lm", "ddp"));
        const Run help = cli({"--help"});
        QVERIFY2((help.out + help.err).contains("zero1 (megatron)"), help.out.constData());
    }
    void memoryOverflowExitsOneWithTheReport()
    {
        QStringList args = kCluster + kWorkload;
        args[args.indexOf("--tp") + 1] = "1";
        args[args.indexOf("--sharding") + 1] = "ddp";
        const Run r = cli(args);
        QCOMPARE(r.status, 1);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QVERIFY2(QJsonDocument(j["errors"].toArray()).toJson().contains("memory: needs"), r.out.constData());
        QVERIFY(j["capex_usd"].toDouble() > 0);
        QVERIFY(j["memory_per_gpu_gib"]["total"].toDouble() > j["memory_per_gpu_gib"]["hbm"].toDouble());
        QVERIFY(j["step_time_s"].isNull());
    }
    void badFlagValuesExitTwo()
    {
        for (const QStringList& bad : {QStringList{"--sharding", "zero9"}, QStringList{"--recompute", "some"},
                                       QStringList{"--seq", "abc"}, QStringList{"--model", "nope"}}) {
            const Run r = cli(kCluster + kWorkload + bad);
            QCOMPARE(r.status, 2);
            QVERIFY2(r.err.contains(bad.front().toUtf8() + ":"), r.err.constData());
        }
        // FP8 on a GPU without FP8 tensor cores is a design error (exit 1, listed), not bad input.
        const Run fp8 = cli({"--gpu", "a100-80gb", "--nodes", "1", "--gpus-per-node", "8", "--model",
                             "llama3-8b", "--precision", "fp8", "--global-batch", "8", "--seq", "4096"});
        QCOMPARE(fp8.status, 1);
        QVERIFY2(fp8.out.contains("workload.precision:"), fp8.out.constData());
    }
    // Issue 26 decision (b): --pp-schedule picks the pipeline schedule, the
    // report names it; DualPipe's rule is an error naming the field.
    void ppScheduleFlag()
    {
        const QString file = QString(CF_SOURCE_DIR) + "/resources/examples/workhorse.json"; // PP 4, VP 1
        auto json = [](const Run& r) { return QJsonDocument::fromJson(r.out).object(); };
        const Run plain = cli({file});
        const Run zb = cli({file, "--pp-schedule", "zero-bubble"});
        QCOMPARE(plain.status, 0);
        QCOMPARE(zb.status, 0);
        QCOMPARE(json(plain)["pp_schedule"].toString(), QStringLiteral("1f1b"));
        QCOMPARE(json(zb)["pp_schedule"].toString(), QStringLiteral("zero-bubble"));
        const double before = json(plain)["breakdown"].toObject()["pp_bubble_s"].toDouble();
        const double after = json(zb)["breakdown"].toObject()["pp_bubble_s"].toDouble();
        QVERIFY2(after > 0 && after < before, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(after)));
        QCOMPARE(json(cli({file, "--vp", "2"}))["pp_schedule"].toString(), QStringLiteral("interleaved"));
        const Run text = cli({file, "--pp-schedule", "dualpipe", "--format", "text"});
        QVERIFY2(text.out.contains("  PP schedule: dualpipe\n"), text.out.constData());
        // 6 sequences over DP 2: 3 micro-batches, not the even number >= 2 x PP DualPipe needs.
        const Run odd = cli({file, "--pp-schedule", "dualpipe", "--global-batch", "6"});
        QCOMPARE(odd.status, 1);
        QVERIFY2(odd.out.contains("parallelism.ppSchedule: DualPipe needs an even number of micro-batches"),
                 odd.out.constData());
        const Run unknown = cli({file, "--pp-schedule", "gpipe"});
        QCOMPARE(unknown.status, 2);
        QVERIFY2(unknown.err.contains("--pp-schedule"), unknown.err.constData());
    }
    void textFormatIsReadable()
    {
        const Run r = cli(kCluster + kWorkload + QStringList{"--format", "text"});
        QVERIFY2(r.status <= 1, r.err.constData());
        QVERIFY(r.out.contains("MFU"));
        QVERIFY(r.out.contains("Memory per GPU"));
    }
};

CF_TEST_GUILESS_MAIN(TestCliEvaluate)

} // namespace cf_tst_cli_evaluate

#include "tst_cli_evaluate.moc"
