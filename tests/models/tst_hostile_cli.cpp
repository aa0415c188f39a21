// Hostile values on the command line (issue 7 item 3; the design file and the
// engine: tst_hostile_file.cpp, tst_hostile_engine.cpp). Each flag given each
// hostile value: exit status 2, the flag named on stderr, stdout empty, and a
// message of bounded size. A row whose arguments hold non-UTF-8 bytes runs the
// real clusterforge-cli (CF_CLI_PATH) through fork/exec as raw bytes
// (raw_process.h), so what main() and QCoreApplication make of such an argv is
// tested; every other row runs cli::runCli in-process, the same function main()
// calls with the same strings. (Each exec cost ~0.4 s under ASan: 200 s of the
// ASan stage for ~450 rows, 24.5 s now; docs/build.md, session 18.) One argument cannot exceed 128 KiB
// (Linux MAX_ARG_STRLEN); the 1 MB values are in-process too. Hostile values
// the CLI accepts must give a report whose every number is finite.
// docs/hardening.md "Hostile inputs" lists what the user sees for each row.
#include "app/cli/commands.h"
#include "cli_run.h"
#include "finite_checks.h"
#include "hostile_inputs.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_limits.h"
#include "raw_process.h"

#include "test_main.h"
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <vector>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_hostile_cli {

using namespace cf;
using namespace cf::test;

namespace {

std::string example(const char* name)
{
    return examplePath(name);
}

} // namespace

class TestHostileCli : public QObject {
    Q_OBJECT
private:
    QTemporaryDir home_;
    std::string cliPath_;

    // The real binary, argv as raw bytes.
    RawRun cliBinary(std::vector<std::string> args)
    {
        args.insert(args.begin(), cliPath_);
        return runRawProcess(args, home_.path().toStdString());
    }

    // What main() does with the same strings, in this process.
    static RawRun cliInProcess(std::vector<std::string> args)
    {
        const std::string command = args.front(); // every row names a command
        args.erase(args.begin());
        CliRun r = runCliCommand(command, std::move(args));
        return {r.code, std::move(r.out), std::move(r.err)};
    }

    // Through exec only what exec can change: arguments that are not UTF-8.
    RawRun cli(const std::vector<std::string>& args)
    {
        for (const std::string& a : args)
            if (a.find(kNonUtf8) != std::string::npos)
                return cliBinary(args);
        return cliInProcess(args);
    }

private slots:
    void initTestCase();

    void cliFlag_data();
    void cliFlag();
    void cliOneMegabyte_data();
    void cliOneMegabyte();
    void cliAcceptedHostileIsFinite_data();
    void cliAcceptedHostileIsFinite();
};

void TestHostileCli::initTestCase()
{
    QVERIFY(home_.isValid());
    cliPath_ = qEnvironmentVariable("CF_CLI_PATH").toStdString();
    QVERIFY(QDir().mkpath(home_.filePath("config")));
    QVERIFY(QDir().mkpath(home_.filePath("data")));
    // The in-process runs see the same HOME and XDG dirs as the binary's (raw_process.h).
    qputenv("HOME", home_.path().toLocal8Bit());
    qputenv("XDG_CONFIG_HOME", home_.filePath("config").toLocal8Bit());
    qputenv("XDG_DATA_HOME", home_.filePath("data").toLocal8Bit());
}

// ---------------------------------------------------------------- CLI flags

void TestHostileCli::cliFlag_data()
{
    QTest::addColumn<QByteArray>("argv"); // NUL-separated, raw bytes
    QTest::addColumn<QString>("flag");    // stderr names it ("--tp: ...")
    const std::vector<std::string> values = {"0",          "-1",
                                             "nan",        "inf",
                                             "-inf",       "1e308",
                                             "4294967296", "9999999999999999999",
                                             "",           longText(kLongestArg),
                                             kNonUtf8};
    auto label = [](const std::string& v) -> std::string {
        if (v.empty())
            return "empty";
        if (v.size() > 100)
            return "128 KiB";
        if (v == kNonUtf8)
            return "non-UTF-8";
        return v;
    };
    auto row = [](const std::string& name, const std::vector<std::string>& argv, const std::string& flag) {
        std::string joined;
        for (const std::string& a : argv)
            joined += a + '\0';
        QTest::newRow(name.c_str()) << bytes(joined) << QString::fromStdString(flag);
    };
    const std::vector<std::string> cluster = {"--gpu", "h100-sxm", "--nodes", "2", "--model", "llama3-8b"};
    // Whole-number flags of evaluate (cluster, model shape, workload, split).
    const char* evaluateInts[] = {
        "--nodes", "--gpus-per-node", "--layers",       "--hidden", "--heads", "--kv-heads", "--ffn",
        "--vocab", "--seq",           "--global-batch", "--tp",     "--pp",    "--vp",       "--cp",
        "--dp",    "--microbatch"};
    for (const char* flag : evaluateInts)
        for (const std::string& v : values) {
            std::vector<std::string> argv = {"evaluate"};
            for (std::size_t i = 0; i < cluster.size(); i += 2)
                if (cluster[i] != flag)
                    argv.insert(argv.end(), {cluster[i], cluster[i + 1]});
            argv.insert(argv.end(), {flag, v});
            row(std::string("evaluate ") + flag + " " + label(v), argv, flag);
        }
    for (const std::string& v : values) {
        row("evaluate --gpus " + label(v),
            {"evaluate", "--gpu", "h100-sxm", "--model", "llama3-8b", "--gpus", v}, "--gpus");
        row("search --top " + label(v),
            {"search", "--gpu", "h100-sxm", "--nodes", "1", "--model", "llama3-8b", "--top", v}, "--top");
        row("collective --ranks " + label(v),
            {"collective", "--op", "all-reduce", "--bytes", "1e6", "--gpu", "h100-sxm", "--nodes", "2",
             "--ranks", v},
            "--ranks");
        row("generate --nodes " + label(v),
            {"generate", "--topology", "fat-tree", "--node", "dgx-h100", "--switch", "qm9700", "--nodes", v,
             "-o", "/nonexistent/never.json"},
            "--nodes");
        row("generate --tiers " + label(v),
            {"generate", "--topology", "fat-tree", "--node", "dgx-h100", "--switch", "qm9700", "--nodes", "4",
             "--tiers", v, "-o", "/nonexistent/never.json"},
            "--tiers");
        row("db save --parent " + label(v),
            {"db", "save", example("workhorse.json"), "--name", "x", "--parent", v, "--db",
             "/nonexistent/never.sqlite"},
            "--parent");
    }
    // Real-number flags. Valid values are left out: 0 and 2^32 tokens, 2^32 bytes (4 GB).
    for (const std::string& v : values) {
        if (v != "0" && v != "4294967296")
            row("evaluate --tokens " + label(v),
                {"evaluate", "--gpu", "h100-sxm", "--nodes", "2", "--model", "llama3-8b", "--tokens", v},
                "--tokens");
        row("evaluate --nic-gbps " + label(v),
            {"evaluate", "--gpu", "h100-sxm", "--nodes", "2", "--model", "llama3-8b", "--nic-gbps", v},
            "--nic-gbps");
        if (v != "4294967296")
            row("collective --bytes " + label(v),
                {"collective", "--op", "all-reduce", "--bytes", v, "--gpu", "h100-sxm", "--nodes", "2"},
                "--bytes");
        row("generate --oversubscription " + label(v),
            {"generate", "--topology", "spine-leaf", "--node", "dgx-h100", "--switch", "qm9700", "--nodes",
             "4", "--oversubscription", v, "-o", "/nonexistent/never.json"},
            "--oversubscription");
    }
    // Words: ids, enums, names, paths.
    const std::vector<std::string> words = {"", longText(kLongestArg), kNonUtf8, "nan", "-1"};
    for (const std::string& v : words) {
        row("evaluate --gpu " + label(v), {"evaluate", "--gpu", v, "--nodes", "2", "--model", "llama3-8b"},
            "--gpu");
        row("evaluate --model " + label(v), {"evaluate", "--gpu", "h100-sxm", "--nodes", "2", "--model", v},
            "--model");
        for (const char* flag :
             {"--fabric", "--precision", "--sharding", "--recompute", "--sequence-parallel", "--format"})
            row(std::string("evaluate ") + flag + " " + label(v),
                {"evaluate", "--gpu", "h100-sxm", "--nodes", "2", "--model", "llama3-8b", flag, v}, flag);
        row("collective --op " + label(v),
            {"collective", "--op", v, "--bytes", "1e6", "--gpu", "h100-sxm", "--nodes", "2"}, "--op");
        for (const char* flag : {"--node", "--switch", "--model", "--topology"}) {
            std::vector<std::string> argv = {"generate",
                                             "--topology",
                                             "fat-tree",
                                             "--node",
                                             "dgx-h100",
                                             "--switch",
                                             "qm9700",
                                             "--nodes",
                                             "4",
                                             "-o",
                                             "/nonexistent/never.json"};
            for (std::size_t i = 1; i < argv.size(); ++i)
                if (argv[i] == flag)
                    argv.erase(argv.begin() + long(i), argv.begin() + long(i) + 2);
            argv.insert(argv.end(), {flag, v});
            row(std::string("generate ") + flag + " " + label(v), argv, flag);
        }
        if (v != "nan" && v != "-1") { // a name may be "nan"; "-1" is a fine name too
            row("generate --name " + label(v),
                {"generate", "--topology", "fat-tree", "--node", "dgx-h100", "--switch", "qm9700", "--nodes",
                 "4", "--name", v, "-o", "/nonexistent/never.json"},
                "--name");
            row("db save --name " + label(v),
                {"db", "save", example("workhorse.json"), "--name", v, "--db", "/nonexistent/never.sqlite"},
                "--name");
            row("generate -o " + label(v),
                {"generate", "--topology", "fat-tree", "--node", "dgx-h100", "--switch", "qm9700", "--nodes",
                 "4", "-o", v},
                "-o");
            row("db export -o " + label(v),
                {"db", "export", "1", "-o", v, "--db", "/nonexistent/never.sqlite"}, "-o");
            row("db --db " + label(v), {"db", "list", "--db", v}, "--db");
        }
        row("db export ID " + label(v),
            {"db", "export", v, "-o", "/nonexistent/never.json", "--db", "/nonexistent/never.sqlite"}, "ID");
    }
    // A note may be empty and up to 65,536 characters.
    for (const std::string& v : {longText(kLongestArg), kNonUtf8})
        row("db save --note " + label(v),
            {"db", "save", example("workhorse.json"), "--name", "x", "--note", v, "--db",
             "/nonexistent/never.sqlite"},
            "--note");
    // The design file argument of every command that reads one.
    for (const std::string& v : {std::string(), longText(kLongestArg), kNonUtf8}) {
        row("evaluate DESIGN.json " + label(v), {"evaluate", v}, "DESIGN.json");
        row("search DESIGN.json " + label(v), {"search", v}, "DESIGN.json");
        row("collective DESIGN.json " + label(v), {"collective", "--op", "all-reduce", "--bytes", "1", v},
            "DESIGN.json");
        row("validate DESIGN.json " + label(v), {"validate", v}, "DESIGN.json");
        row("bom DESIGN.json " + label(v), {"bom", v}, "DESIGN.json");
        row("db save DESIGN.json " + label(v),
            {"db", "save", v, "--name", "x", "--db", "/nonexistent/x.sqlite"}, "DESIGN.json");
    }
    // An unknown command or flag carrying the same bytes.
    row("unknown command 128 KiB", {longText(kLongestArg)}, "unknown command");
    row("unknown flag non-UTF-8",
        {"evaluate", "--gpu", "h100-sxm", "--nodes", "2", "--model", "llama3-8b", "--" + kNonUtf8},
        "unknown argument");
}

void TestHostileCli::cliFlag()
{
    if (cliPath_.empty())
        QSKIP("CF_CLI_PATH is not set (run through ctest)");
    QFETCH(QByteArray, argv);
    QFETCH(QString, flag);
    std::vector<std::string> args;
    for (const QByteArray& a : argv.split('\0'))
        args.push_back(str(a));
    args.pop_back(); // after the last NUL
    const RawRun r = cli(args);
    QVERIFY2(r.status == cli::kExitBadInput,
             qPrintable(QStringLiteral("exit %1; stderr: %2")
                            .arg(r.status)
                            .arg(QString::fromStdString(r.err.substr(0, 500)))));
    QVERIFY2(r.out.empty(), r.out.substr(0, 300).c_str());
    QVERIFY2(r.err.size() <= kMaxStderrBytes,
             qPrintable(QStringLiteral("stderr is %1 bytes: %2")
                            .arg(r.err.size())
                            .arg(QString::fromStdString(r.err.substr(0, 300)))));
    // The message names the flag: "clusterforge-cli CMD: --flag: ..." (or "DESIGN.json: ...").
    const std::string named = flag.isEmpty() ? std::string() : flag.toStdString() + ":";
    if (flag == QLatin1String("unknown command") || flag == QLatin1String("unknown argument"))
        QVERIFY2(r.err.find(flag.toStdString()) != std::string::npos, r.err.c_str());
    else
        QVERIFY2(r.err.find(": " + named) != std::string::npos, r.err.c_str());
    const std::size_t end = r.err.find('\n');
    qInfo("SEES %s", r.err.substr(0, end).c_str());
}

// ---------------------------------------------------------------- CLI, 1 MB in-process

void TestHostileCli::cliOneMegabyte_data()
{
    QTest::addColumn<QStringList>("args"); // "@BIG" stands for 1 MiB of 'a', "@DIGITS" for 1 MiB of '9'
    QTest::addColumn<QString>("flag");
    const QString cluster = QStringLiteral("--gpu h100-sxm --nodes 2 --model llama3-8b");
    auto split = [](const QString& s) { return s.split(' '); };
    QTest::newRow("evaluate --tp 1 MB of digits")
        << split(QStringLiteral("evaluate ") + cluster + " --tp @DIGITS") << QStringLiteral("--tp");
    QTest::newRow("evaluate --tokens 1 MB of digits")
        << split(QStringLiteral("evaluate ") + cluster + " --tokens @DIGITS") << QStringLiteral("--tokens");
    QTest::newRow("evaluate --gpu 1 MB")
        << split(QStringLiteral("evaluate --gpu @BIG --nodes 2 --model llama3-8b"))
        << QStringLiteral("--gpu");
    QTest::newRow("evaluate --model 1 MB")
        << split(QStringLiteral("evaluate --gpu h100-sxm --nodes 2 --model @BIG"))
        << QStringLiteral("--model");
    QTest::newRow("evaluate DESIGN.json 1 MB")
        << split(QStringLiteral("evaluate @BIG")) << QStringLiteral("DESIGN.json");
    QTest::newRow("generate --name 1 MB")
        << split(QStringLiteral(
               "generate --topology fat-tree --node dgx-h100 --switch qm9700 --nodes 4 --name @BIG "
               "-o /nonexistent/x.json"))
        << QStringLiteral("--name");
    QTest::newRow("db save --name 1 MB")
        << split(QStringLiteral("db save WORKHORSE --name @BIG --db /nonexistent/x.sqlite"))
        << QStringLiteral("--name");
    QTest::newRow("db save --note 1 MB")
        << split(QStringLiteral("db save WORKHORSE --name x --note @BIG --db /nonexistent/x.sqlite"))
        << QStringLiteral("--note");
    QTest::newRow("validate 1 MB path")
        << split(QStringLiteral("validate @BIG")) << QStringLiteral("DESIGN.json");
}

void TestHostileCli::cliOneMegabyte()
{
    QFETCH(QStringList, args);
    QFETCH(QString, flag);
    cli::Args argv;
    for (const QString& a : args)
        argv.push_back(a == QLatin1String("@BIG")        ? longText(kOneMiB)
                       : a == QLatin1String("@DIGITS")   ? std::string(kOneMiB, '9')
                       : a == QLatin1String("WORKHORSE") ? example("workhorse.json")
                                                         : a.toStdString());
    const RawRun r = cliInProcess(argv);
    QCOMPARE(r.status, cli::kExitBadInput);
    QVERIFY(r.out.empty());
    QVERIFY2(r.err.size() <= kMaxStderrBytes, r.err.substr(0, 300).c_str());
    QVERIFY2(r.err.find(": " + flag.toStdString() + ":") != std::string::npos, r.err.c_str());
    qInfo("SEES %s", r.err.substr(0, r.err.find('\n')).c_str());
}

// ---------------------------------------------------------------- CLI, accepted hostile values

void TestHostileCli::cliAcceptedHostileIsFinite_data()
{
    QTest::addColumn<QStringList>("args");
    auto row = [](const char* name, const QString& args) { QTest::newRow(name) << args.split(' '); };
    const QString one = QStringLiteral("--gpu h100-sxm --gpus 1 ");
    row("tokens 0", QStringLiteral("--gpu h100-sxm --nodes 2 --model llama3-8b --tokens 0"));
    row("tokens 1e18", QStringLiteral("--gpu h100-sxm --nodes 2 --model llama3-8b --tokens 1e18"));
    row("tiny model on one GPU", one + "--layers 1 --hidden 1 --heads 1 --vocab 1 --seq 1 --global-batch 1");
    // Each at the flag's maximum (design_limits.h).
    using DL = limits::DesignLimits;
    const QString vocab = QString::number(DL::kMaxVocab), seq = QString::number(DL::kMaxSeqLen);
    const QString batch = QString::number(DL::kMaxGlobalBatchSeqs);
    row("huge vocab",
        one + "--layers 1 --hidden 64 --heads 1 --vocab " + vocab + " --seq 1 --global-batch 1");
    row("huge sequence",
        one + "--layers 1 --hidden 64 --heads 1 --vocab 8 --seq " + seq + " --global-batch 1");
    row("huge batch", one + "--layers 1 --hidden 64 --heads 1 --vocab 8 --seq 8 --global-batch " + batch);
    row("huge model", one + "--layers " + QString::number(DL::kMaxLayers) + " --hidden " +
                          QString::number(DL::kMaxHidden) + " --heads 1 --vocab " + vocab + " --seq " + seq +
                          " --global-batch " + batch + " --tokens 1e18");
    row("one layer, PP 1",
        QStringLiteral("--gpu h100-sxm --nodes 2 --layers 1 --hidden 8 --heads 8 --vocab 8"));
    row("1 Gb/s NICs", QStringLiteral("--gpu h100-sxm --nodes 2 --model llama3-8b --nic-gbps 1"));
    row("3200 Gb/s NICs", QStringLiteral("--gpu h100-sxm --nodes 2 --model llama3-8b --nic-gbps 3200"));
    row("1 GPU per node", QStringLiteral("--gpu h100-sxm --nodes 64 --gpus-per-node 1 --model llama3-8b"));
    row("PCIe GPU, RoCE", QStringLiteral("--gpu l40s --nodes 2 --model llama3-8b --fabric roce"));
    row("FP8 on a GPU without it",
        QStringLiteral("--gpu a100-80gb --nodes 2 --model llama3-8b --precision fp8"));
    for (const char* sharding : {"ddp", "zero1", "zero2", "zero3", "fsdp-full", "fsdp-hybrid"})
        for (const char* recompute : {"none", "selective", "full"})
            for (const char* precision : {"bf16", "fp8"})
                QTest::addRow("%s %s %s", sharding, recompute, precision)
                    << QStringLiteral(
                           "--gpu h100-sxm --nodes 2 --model llama3-70b --tp 8 --pp 2 --sharding %1 "
                           "--recompute %2 --precision %3")
                           .arg(sharding, recompute, precision)
                           .split(' ');
    row("workhorse file, tokens 0", QStringLiteral("WORKHORSE --tokens 0"));
}

void TestHostileCli::cliAcceptedHostileIsFinite()
{
    QFETCH(QStringList, args);
    std::vector<std::string> argv = {"evaluate", "--format", "json"};
    for (const QString& a : args)
        argv.push_back(a == QLatin1String("WORKHORSE") ? example("workhorse.json") : a.toStdString());
    const RawRun r = cli(argv);
    // 0: a prediction; 1: the report lists the design's errors; 2: a flag refused (named).
    QVERIFY2(r.status == 0 || r.status == 1 || r.status == 2, r.err.c_str());
    if (r.status == 2) {
        QVERIFY2(r.err.find(": --") != std::string::npos, r.err.c_str());
        qInfo("SEES refused: %s", r.err.substr(0, r.err.find('\n')).c_str());
        return;
    }
    nlohmann::json report;
    try {
        report = nlohmann::json::parse(r.out);
    } catch (const std::exception& e) {
        QFAIL(e.what());
    }
    std::string bad;
    dropMissingFigures(report, bad);
    walkJson(report, "", bad);
    QVERIFY2(bad.empty(), bad.c_str());
    for (const auto& e : report["errors"])
        QVERIFY2(e.get<std::string>().find("not finite") == std::string::npos, e.get<std::string>().c_str());
    qInfo("SEES exit %d, MFU %s, %zu errors", r.status, report["mfu"].dump().c_str(),
          report["errors"].size());
}

CF_TEST_GUILESS_MAIN(TestHostileCli)

} // namespace cf_tst_hostile_cli

#include "tst_hostile_cli.moc"
