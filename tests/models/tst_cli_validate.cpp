// clusterforge-cli validate: exit 0 and "valid" for the examples; naming every
// problem (file pointers, design fields, fabric facts, the engine's errors)
// otherwise, as text on stderr or as a JSON report: exit 2 for a file that
// cannot be read, 1 for a design with errors (as evaluate: issue 28 item 17).
#include "cli_run.h"
#include "models/design/design_json.h"

#include "test_main.h"
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <sstream>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_cli_validate {

using namespace cf;

namespace {

test::CliRun validate(std::vector<std::string> args)
{
    return test::runCliCommand("validate", std::move(args));
}

std::string example(const char* name)
{
    return std::string(CF_SOURCE_DIR "/resources/examples/") + name;
}
std::string malformed(const char* name)
{
    return std::string(CF_TEST_DATA_DIR "/malformed/") + name;
}

Design workhorse()
{
    return loadDesignFile(example("workhorse.json")).value();
}

} // namespace

class TestCliValidate : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

    std::string write(const Design& d, const char* name)
    {
        const std::string path = dir_.filePath(name).toStdString();
        if (const Result<void> saved = saveDesignFile(d, path); !saved)
            qFatal("%s", failureMessage(saved.problems()).c_str());
        return path;
    }

private slots:
    void examplesAreValid_data()
    {
        QTest::addColumn<QString>("name");
        for (const char* n : {"scrappy-h100.json", "scrappy-a100.json", "workhorse.json"})
            QTest::newRow(n) << QString::fromLatin1(n);
    }
    void examplesAreValid()
    {
        QFETCH(QString, name);
        const test::CliRun r = validate({example(name.toLatin1().constData())});
        QVERIFY2(r.code == cli::kExitOk, r.err.c_str());
        QCOMPARE(r.out, std::string("valid\n")); // and no warnings either
        QVERIFY(r.err.empty());
    }

    void brokenFileExits2NamingThePointer()
    {
        const test::CliRun r = validate({malformed("negative-count.json")});
        QCOMPARE(r.code, cli::kExitBadInput);
        QVERIFY(r.out.empty());
        QVERIFY2(r.err.find("error: /parts/0/count: -3 is negative") != std::string::npos, r.err.c_str());
    }

    void invalidSplitExits1NamingEveryField()
    {
        Design d = workhorse();
        d.parallelism.tp = 3;
        d.economics.pue = 0.5;
        const test::CliRun r = validate({write(d, "split.json")});
        QCOMPARE(r.code, cli::kExitDesignErrors);
        for (const char* needle : {"error: parallelism.tp: TP 3 does not divide the 64 attention heads.",
                                   "error: parallelism.dp:", "error: economics.pue:"})
            QVERIFY2(r.err.find(needle) != std::string::npos,
                     (std::string(needle) + " not in:\n" + r.err).c_str());
    }

    // Fabric facts come from the topology: a leaf with 88 cables on 64 ports.
    void topologyProblemsAreIncluded()
    {
        Design d = workhorse();
        d.findLink("l17")->cablesPerMember = 40; // leaf1 -> spine1: 32 down + 40 + 16 up
        const test::CliRun r = validate({write(d, "radix.json")});
        QCOMPARE(r.code, cli::kExitDesignErrors);
        QVERIFY2(r.err.find("switch 'Leaf 1 (GPUs 0-3)'") != std::string::npos,
                 r.err.c_str()); // its name, as drawn
    }

    void duplicateProblemsFromTopologyAreDropped()
    {
        Design d = workhorse();
        d.findPart("n1")->catalogId = "dgx-h999";
        const test::CliRun r = validate({write(d, "unknown.json"), "--format", "json"});
        QCOMPARE(r.code, cli::kExitDesignErrors);
        const auto report = nlohmann::json::parse(r.out);
        int mentions = 0;
        for (const auto& p : report["problems"])
            mentions += p["message"].get<std::string>().find("dgx-h999") != std::string::npos ? 1 : 0;
        QCOMPARE(mentions, 1);
    }

    // Issue 28 items 13 and 17: a split that does not fit in memory is an error
    // for validate as for evaluate, with the same exit status.
    void validateAgreesWithEvaluateOnMemory()
    {
        Design d = workhorse();
        d.parallelism = Parallelism{};
        d.parallelism.dp = 64; // the whole 70B model and its optimizer on every GPU
        const std::string path = write(d, "ddp.json");
        const test::CliRun v = validate({path});
        const test::CliRun e = test::runCliCommand("evaluate", {path});
        QCOMPARE(e.code, cli::kExitDesignErrors);
        QCOMPARE(v.code, e.code);
        QVERIFY2(v.err.find("error: memory:") != std::string::npos, v.err.c_str());
    }

    void jsonReport()
    {
        test::CliRun r = validate({malformed("newer-version.json"), "--format", "json"});
        QCOMPARE(r.code, cli::kExitBadInput);
        auto report = nlohmann::json::parse(r.out);
        QCOMPARE(report["valid"].get<bool>(), false);
        QCOMPARE(report["problems"].size(), std::size_t(1));
        QCOMPARE(report["problems"][0]["severity"].get<std::string>(), std::string("error"));
        QCOMPARE(report["problems"][0]["field"].get<std::string>(), std::string("/version"));
        QVERIFY(report["problems"][0]["message"].get<std::string>().find("newer") != std::string::npos);

        r = validate({"--format=json", example("scrappy-a100.json")});
        QCOMPARE(r.code, cli::kExitOk);
        report = nlohmann::json::parse(r.out);
        QCOMPARE(report["valid"].get<bool>(), true);
        QVERIFY(report["problems"].empty());
    }

    void warningsKeepExit0()
    {
        Design d = workhorse();
        d.workload.model.preset = "my-own-model";
        const test::CliRun r = validate({write(d, "warn.json")});
        QCOMPARE(r.code, cli::kExitOk);
        QVERIFY2(r.out.rfind("valid\nwarning: workload.model.preset:", 0) == 0, r.out.c_str());
    }

    void badArguments_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("phrase");
        QTest::newRow("no file") << QStringList() << "no design file";
        QTest::newRow("two files") << QStringList({"a.json", "b.json"}) << "exactly one";
        QTest::newRow("bad format") << QStringList({"a.json", "--format", "xml"}) << "--format";
        QTest::newRow("unknown flag") << QStringList({"a.json", "--strict"}) << "--strict";
        QTest::newRow("missing file") << QStringList({"/no/such/design.json"}) << "/no/such/design.json";
    }
    void badArguments()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, phrase);
        std::vector<std::string> list;
        for (const QString& a : args)
            list.push_back(a.toStdString());
        const test::CliRun r = validate(list);
        QCOMPARE(r.code, cli::kExitBadInput);
        QVERIFY2(r.err.find(phrase.toStdString()) != std::string::npos, r.err.c_str());
    }

    // The built binary, as a user runs it.
    void binaryExits2AndNamesTheField()
    {
        const QString cli = qEnvironmentVariable("CF_CLI_PATH");
        if (cli.isEmpty())
            QSKIP("CF_CLI_PATH is not set (run through ctest)");
        QProcess p;
        p.start(cli, {"validate", QString::fromStdString(malformed("truncated.json"))});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 2);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.contains("/parts/0/count") && err.contains("unexpected end of input"), qPrintable(err));

        p.start(cli, {"validate", QString::fromStdString(example("workhorse.json"))});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(p.readAllStandardOutput()), QString("valid\n"));
    }
};

CF_TEST_GUILESS_MAIN(TestCliValidate)

} // namespace cf_tst_cli_validate

#include "tst_cli_validate.moc"
