// clusterforge-cli export: the Show of issue 17 item 4 run through the CLI on
// a generated 128-node DGX B200 rail fabric (`generate` then `export`), the
// file written atomically, and bad input exiting 2 (flags) or 1 (design)
// with a message naming what is wrong.
#include "cli_run.h"
#include "models/bom/bill_of_materials.h"
#include "models/design/design_json.h"
#include "models/export/hostlist.h"
#include "test_designs.h"
#include "test_files.h"

#include "test_main.h"
#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <set>
#include <sstream>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_cli_export {

using namespace cf;
using test::runCliCommand;

namespace {

std::vector<std::string> csvLines(const QByteArray& bytes)
{
    std::vector<std::string> lines;
    std::istringstream in(bytes.toStdString());
    for (std::string l; std::getline(in, l);)
        lines.push_back(l.substr(0, l.size() - (!l.empty() && l.back() == '\r')));
    return lines;
}

} // namespace

class TstCliExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        design_ = dir_.filePath("rail128.json").toStdString();
        const auto gen = runCliCommand("generate", {"--topology", "rail", "--nodes", "128", "--node",
                                                    "dgx-b200", "--switch", "qm9700", "-o", design_});
        QVERIFY2(gen.code == 0, gen.err.c_str());
    }

    void cablingPlanMatchesTheBom()
    {
        const std::string file = dir_.filePath("cables.csv").toStdString();
        const auto run = runCliCommand("export", {design_, "--format", "cabling-csv", "-o", file});
        QVERIFY2(run.code == 0, run.err.c_str());
        QVERIFY(run.out.find("wrote " + file) == 0);
        const std::vector<std::string> lines = csvLines(test::readFileBytes(QString::fromStdString(file)));
        QCOMPARE(lines.front(),
                 std::string("cable_id,a_rack,a_u,a_device,a_port,z_rack,z_u,z_device,z_port,medium,length_m,"
                             "speed_gbps"));
        long long bomCables = 0;
        for (const BomLine& l : buildBom(test::loadDesignOrDie(design_), Catalog::builtin()).lines)
            if (l.kind == "cable")
                bomCables += l.quantity;
        QCOMPARE(static_cast<long long>(lines.size() - 1), bomCables);
        std::set<std::string> ports;
        for (std::size_t i = 1; i < lines.size(); ++i) {
            std::vector<std::string> f;
            std::istringstream in(lines[i]);
            for (std::string cell; std::getline(in, cell, ',');)
                f.push_back(cell);
            QCOMPARE(f.size(), std::size_t(12));
            QVERIFY2(ports.insert(f[3] + ":" + f[4]).second, lines[i].c_str());
            QVERIFY2(ports.insert(f[7] + ":" + f[8]).second, lines[i].c_str());
        }
    }

    void topologyConfListsEachNodeOnce()
    {
        const auto run = runCliCommand("export", {design_, "--format", "slurm-topology", "-o", "-"});
        QVERIFY2(run.code == 0, run.err.c_str());
        std::multiset<std::string> nodes;
        std::istringstream in(run.out);
        for (std::string line; std::getline(in, line);) {
            const auto at = line.find(" Nodes=");
            if (line.rfind("SwitchName=", 0) != 0 || at == std::string::npos)
                continue;
            const auto names = expandHostlist(line.substr(at + 7));
            QVERIFY(names.ok());
            nodes.insert(names->begin(), names->end());
        }
        QCOMPARE(nodes.size(), std::size_t(128));
        QCOMPARE(std::set<std::string>(nodes.begin(), nodes.end()).size(), std::size_t(128));
    }

    void everyFormatWrites()
    {
        for (const char* format : {"cabling-csv", "slurm-topology", "slurm-block", "dot"}) {
            const std::string file = dir_.filePath(QString("out.") + format).toStdString();
            const auto run = runCliCommand("export", {design_, "--format", format, "--output", file});
            QVERIFY2(run.code == 0, run.err.c_str());
            QVERIFY(!test::readFileBytes(QString::fromStdString(file)).isEmpty());
        }
    }

    void badFlagsExit2NamingTheFlag()
    {
        auto run = runCliCommand("export", {design_, "--format", "pdf", "-o", "x"});
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.find("--format") != std::string::npos, run.err.c_str());
        QVERIFY(run.err.find("cabling-csv") != std::string::npos);
        run = runCliCommand("export", {design_, "--format", "dot"});
        QCOMPARE(run.code, 2);
        QVERIFY(run.err.find("-o: required") != std::string::npos);
        run = runCliCommand("export", {"-o", "x", "--format", "dot"});
        QCOMPARE(run.code, 2);
        run = runCliCommand("export",
                            {dir_.filePath("missing.json").toStdString(), "--format", "dot", "-o", "x"});
        QCOMPARE(run.code, 2);
        QVERIFY(run.err.find("cannot read") != std::string::npos);
        // A folder that does not exist: -o is named, nothing is left behind.
        run = runCliCommand(
            "export", {design_, "--format", "dot", "-o", dir_.filePath("no/such/dir/x.dot").toStdString()});
        QCOMPARE(run.code, 2);
        QVERIFY(run.err.find("-o: cannot write") != std::string::npos);
    }

    void designErrorsExit1AndWriteNothing()
    {
        Design d = test::loadDesignOrDie(design_);
        d.deviceNames.leaf = "bad name";
        const std::string bad = dir_.filePath("bad.json").toStdString();
        QVERIFY(saveDesignFile(d, bad).ok());
        const std::string file = dir_.filePath("bad.csv").toStdString();
        const auto run = runCliCommand("export", {bad, "--format", "cabling-csv", "-o", file});
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.find("deviceNames.leaf") != std::string::npos, run.err.c_str());
        QVERIFY(!QFile::exists(QString::fromStdString(file)));
    }

    void helpAndCompletionFromTheTable()
    {
        const auto help = runCliCommand("export", {"--help"});
        QCOMPARE(help.code, 0);
        QVERIFY(help.out.find("--format cabling-csv|slurm-topology|slurm-block|dot") != std::string::npos);
        const auto complete = runCliCommand("__complete", {"export", "--format"});
        QCOMPARE(complete.out, std::string("cabling-csv\nslurm-topology\nslurm-block\ndot\nnetbox\n"));
    }

private:
    QTemporaryDir dir_;
    std::string design_;
};

CF_TEST_GUILESS_MAIN(TstCliExport)

} // namespace cf_tst_cli_export

#include "tst_cli_export.moc"
