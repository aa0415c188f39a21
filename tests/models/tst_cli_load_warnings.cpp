// Issue 13 item 4, "no silently ignored unknown property names": every command
// that reads a design file (or a --profile) prints the reader's warning for a
// misspelt field on stderr, with its JSON pointer and the likely name, and
// still does its work. Before this test only evaluate and validate did.
#include "cli_run.h"

#include "models/design/calibration_profile.h"

#include "test_main.h"
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <fstream>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_cli_load_warnings {

using namespace cf;

namespace {

const std::string kExample = CF_SOURCE_DIR "/resources/examples/scrappy-h100.json";
const std::string kPartWarning =
    ": warning: /parts/0/nmae: unknown field \"nmae\" is ignored; did you mean \"name\"?";

// `text` written to `dir`/`name`; the path.
std::string writeFile(const QTemporaryDir& dir, const char* name, const std::string& text)
{
    const std::string path = dir.filePath(name).toStdString();
    std::ofstream(path) << text;
    return path;
}

// The example with a misspelt part field ("nmae" for "name").
std::string typoDesign(const QTemporaryDir& dir)
{
    std::ifstream in(kExample);
    nlohmann::ordered_json design = nlohmann::ordered_json::parse(in);
    design["parts"][0]["nmae"] = "typo";
    return writeFile(dir, "typo.json", design.dump(2));
}

// A calibration profile with a misspelt constant ("gemEfficiencyScale").
std::string typoProfile(const QTemporaryDir& dir)
{
    const nlohmann::json profile{{"format", kProfileFormat},
                                 {"version", kProfileFormatVersion},
                                 {"name", "typo"},
                                 {"gemEfficiencyScale", 1.1}};
    return writeFile(dir, "profile.json", profile.dump());
}

bool saysOnce(const std::string& err, const std::string& line)
{
    const std::size_t at = err.find(line);
    return at != std::string::npos && err.find(line, at + 1) == std::string::npos;
}

} // namespace

class TestCliLoadWarnings : public QObject {
    Q_OBJECT
private slots:
    void everyDesignReaderSaysTheUnknownField_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QStringList>("args");
        QTest::newRow("evaluate") << "evaluate" << QStringList{};
        QTest::newRow("search") << "search" << QStringList{"--top", "1"};
        QTest::newRow("collective") << "collective"
                                    << QStringList{"--op", "all-reduce", "--bytes", "1000000"};
        QTest::newRow("bom") << "bom" << QStringList{};
        QTest::newRow("compare") << "compare" << QStringList{"@example"};
        QTest::newRow("export") << "export" << QStringList{"--format", "dot", "-o", "@out"};
        QTest::newRow("db save") << "db" << QStringList{"--name", "typo", "--db", "@db"};
    }
    void everyDesignReaderSaysTheUnknownField()
    {
        QFETCH(QString, command);
        QFETCH(QStringList, args);
        QTemporaryDir dir;
        const std::string design = typoDesign(dir);
        std::vector<std::string> argv;
        if (command == "db")
            argv.push_back("save");
        argv.push_back(design);
        for (const QString& a : args)
            argv.push_back(a == "@example" ? kExample
                           : a == "@out"   ? dir.filePath("out.dot").toStdString()
                           : a == "@db"    ? dir.filePath("store.db").toStdString()
                                           : a.toStdString());
        const test::CliRun r = test::runCliCommand(command.toStdString(), argv);
        QVERIFY2(r.code == 0, r.err.c_str());
        const std::string prefix =
            command == "db" ? "clusterforge-cli db: " : "clusterforge-cli " + command.toStdString() + ": ";
        QVERIFY2(saysOnce(r.err, prefix + design + kPartWarning), r.err.c_str());
    }

    void profileReaderSaysTheUnknownField_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QStringList>("args");
        QTest::newRow("evaluate") << "evaluate" << QStringList{};
        QTest::newRow("search") << "search" << QStringList{"--top", "1"};
        QTest::newRow("collective") << "collective"
                                    << QStringList{"--op", "all-reduce", "--bytes", "1000000"};
    }
    void profileReaderSaysTheUnknownField()
    {
        QFETCH(QString, command);
        QFETCH(QStringList, args);
        QTemporaryDir dir;
        const std::string profile = typoProfile(dir);
        std::vector<std::string> argv{kExample, "--profile", profile};
        for (const QString& a : args)
            argv.push_back(a.toStdString());
        const test::CliRun r = test::runCliCommand(command.toStdString(), argv);
        QVERIFY2(r.code == 0, r.err.c_str());
        const std::string line = "clusterforge-cli " + command.toStdString() + ": --profile: " + profile +
                                 ": warning: /gemEfficiencyScale: unknown field \"gemEfficiencyScale\" is "
                                 "ignored; did you mean \"gemmEfficiencyScale\"?";
        QVERIFY2(saysOnce(r.err, line), r.err.c_str());
    }
};

CF_TEST_MAIN(TestCliLoadWarnings)

} // namespace cf_tst_cli_load_warnings

#include "tst_cli_load_warnings.moc"
