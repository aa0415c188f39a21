// Issue 28, the engine behind the app's items 4, 8 and 10: a generated design
// is named after what was generated; the rack planner numbers the compute
// racks of a row 1, 2, 3 ... without a gap for the network rack between
// them; a design file that does not open is described in words (not the JSON
// parser's message), with the parser's text kept as the detail.
#include "models/design/design_file_fault.h"
#include "models/design/design_json.h"
#include "models/racks/rack_planner.h"
#include "models/topology/generated_title.h"
#include "test_designs.h"

#include "test_main.h"
#include <QTemporaryDir>
#include <QtTest>

#include <map>

namespace cf_tst_generated_names {

using namespace cf;

namespace {

std::string writeFile(const QTemporaryDir& dir, const char* name, const QByteArray& bytes)
{
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return {};
    return path.toStdString();
}

bool has(const std::string& text, const char* part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

class TestGeneratedNames : public QObject {
    Q_OBJECT
private slots:
    void generatedDesignIsNamedAfterItsFabric()
    {
        const FabricSpec spec = test::fabricSpec(FabricTopology::FatTree, 2048, "dgx-h100", "qm9700");
        const Result<GeneratedFabric> fabric = generateFabric(spec, test::repoCatalog());
        QVERIFY(fabric.ok());
        const GeneratedTitle t = generatedTitle(spec, fabric->summary, test::repoCatalog(), "Llama 3.1 405B");
        QCOMPARE(t.name, std::string("2,048 × DGX H100, fat tree"));
        QVERIFY2(t.description.rfind("Generated: 2,048 DGX H100 nodes (16,384 GPUs) on a 3-tier fat tree of "
                                     "Quantum-2 QM9700 switches",
                                     0) == 0,
                 t.description.c_str());
        QVERIFY2(has(t.description, "model Llama 3.1 405B"), t.description.c_str());
        QCOMPARE(groupedCount(1234567), std::string("1,234,567"));
        QCOMPARE(groupedCount(999), std::string("999"));
    }

    void computeRacksAreNumberedWithoutGaps()
    {
        const Result<GeneratedFabric> fabric = generateFabric(
            test::fabricSpec(FabricTopology::FatTree, 64, "dgx-h100", "qm9700"), test::repoCatalog());
        QVERIFY(fabric.ok());
        Design d;
        d.parts = fabric->parts;
        d.links = fabric->links;
        RackPlanOptions options;
        options.rackTypeId = "rack-48u-air-40kw";
        const Result<Design> placed = placeInRacks(d, test::repoCatalog(), options);
        QVERIFY(placed.ok());
        std::map<int, std::vector<int>> compute;
        int network = 0;
        for (const Rack& r : placed->racks) {
            const std::string prefix = "Row " + std::to_string(r.row + 1) + " rack ";
            if (r.name.rfind(prefix, 0) == 0)
                compute[r.row].push_back(std::stoi(r.name.substr(prefix.size())));
            else if (r.name.rfind("Row " + std::to_string(r.row + 1) + " network ", 0) == 0)
                ++network;
            else
                QFAIL(r.name.c_str());
        }
        QVERIFY(network > 0);
        bool networkInsideARow = false; // the case that skipped a number
        for (const Rack& r : placed->racks)
            networkInsideARow = networkInsideARow || (has(r.name, "network") && compute.count(r.row));
        QVERIFY(networkInsideARow);
        for (auto& [row, numbers] : compute)
            for (std::size_t i = 0; i < numbers.size(); ++i)
                QVERIFY2(numbers[i] == int(i + 1), qPrintable(QStringLiteral("row %1: rack %2 at place %3")
                                                                  .arg(row + 1)
                                                                  .arg(numbers[i])
                                                                  .arg(i + 1)));
    }

    void faultyFilesAreDescribedInWords()
    {
        QTemporaryDir dir;
        const auto describe = [](const std::string& path) {
            const Result<Design> loaded = loadDesignFile(path);
            return describeDesignFileFault(path, loaded.problems());
        };
        // Cut off in the middle: where, and that it ends too soon.
        const DesignFileFault cut = describe(
            writeFile(dir, "cut.json", "{\"format\": \"clusterforge-design\",\n \"parts\": [ {\"id\": "));
        QVERIFY2(has(cut.summary, "cut off") && has(cut.summary, "line 2"), cut.summary.c_str());
        QVERIFY2(!has(cut.summary, "syntax error"), cut.summary.c_str());
        QVERIFY2(has(cut.detail, "syntax error"), cut.detail.c_str()); // the parser's words, kept
        // A fault in the middle.
        const DesignFileFault bad =
            describe(writeFile(dir, "bad.json", "{\n  \"name\": \"x\",\n  oops\n}\n"));
        QVERIFY2(has(bad.summary, "not valid JSON") && has(bad.summary, "line 3, column 3"),
                 bad.summary.c_str());
        // Empty, missing, a folder.
        QVERIFY(has(describe(writeFile(dir, "empty.json", "  \n")).summary, "empty"));
        QVERIFY(
            has(describe(dir.filePath(QStringLiteral("gone.json")).toStdString()).summary, "does not exist"));
        QVERIFY(has(describe(dir.path().toStdString()).summary, "folder"));
        // JSON, but not a design: the first error names its field.
        const DesignFileFault notDesign = describe(writeFile(dir, "list.json", "[1, 2, 3]"));
        QVERIFY2(has(notDesign.summary, "JSON but not a design"), notDesign.summary.c_str());
    }
};

CF_TEST_MAIN(TestGeneratedNames)

} // namespace cf_tst_generated_names

#include "tst_generated_names.moc"
