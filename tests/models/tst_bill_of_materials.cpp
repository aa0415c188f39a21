// Bill of materials: totals equal the lines, CSV quoting (RFC 4180), cable
// counts from links (groups, cablesPerMember, the cable-choice rule), a golden
// bill for the Workhorse example with prices from resources/catalog.json.
#include "models/bom/bill_of_materials.h"
#include "models/catalog/catalog.h"
#include "models/design/design_json.h"
#include "models/export/bom_writers.h"
#include "models/topology/fabric_generator.h"
#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

#include <nlohmann/json.hpp>

#include <map>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_bill_of_materials {

using namespace cf;

namespace {

using test::repoCatalog;

// The source tree's example, priced from the source tree's catalog (the golden bill).
Design loadExample(const char* file)
{
    return test::loadDesignOrDie(std::string(CF_SOURCE_DIR "/resources/examples/") + file);
}

Design generated(FabricTopology t, int nodes, const char* storage = "")
{
    const FabricSpec s{.topology = t, .nodes = nodes, .storageId = storage};
    return test::designOf(generateFabric(s, repoCatalog()));
}

std::map<std::string, const BomLine*> counted(const BillOfMaterials& bom)
{
    std::map<std::string, const BomLine*> byId;
    for (const BomLine& l : bom.lines)
        if (l.counted())
            byId[l.itemId] = &l;
    return byId;
}

Part part(const char* id, PartKind kind, const char* catalogId, int count = 1)
{
    return Part{.id = id, .kind = kind, .catalogId = catalogId, .name = id, .count = count};
}

Link link(const char* id, const char* from, const char* to, double gbps, Medium m, LengthClass c, int cables)
{
    return Link{.id = id,
                .fromPartId = from,
                .toPartId = to,
                .speedGbps = gbps,
                .medium = m,
                .lengthClass = c,
                .cablesPerMember = cables,
                .fromBlocks = {},
                .toBlocks = {}};
}

// Minimal RFC 4180 reader for checking the writer: quoted fields, doubled quotes, CRLF rows.
std::vector<std::vector<std::string>> parseCsv(const std::string& text)
{
    std::vector<std::vector<std::string>> rows(1);
    std::string field;
    bool quoted = false, wasQuoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"' && field.empty() && !wasQuoted) {
            quoted = wasQuoted = true;
        } else if (c == ',') {
            rows.back().push_back(field);
            field.clear();
            wasQuoted = false;
        } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            rows.back().push_back(field);
            field.clear();
            wasQuoted = false;
            rows.emplace_back();
            ++i;
        } else {
            field += c;
        }
    }
    if (rows.back().empty())
        rows.pop_back();
    return rows;
}

void checkTotals(const BillOfMaterials& bom)
{
    double usd = 0, watts = 0;
    for (const BomLine& l : bom.lines) {
        if (l.counted()) {
            usd += l.extendedPriceUsd;
            watts += l.totalPowerW;
            QCOMPARE(l.extendedPriceUsd, l.quantity * l.unitPriceUsd);
            QCOMPARE(l.totalPowerW, l.quantity * l.unitPowerW);
        } else {
            // Informational GPU/NIC lines are never priced: no double counting.
            QCOMPARE(l.extendedPriceUsd, 0.0);
            QCOMPARE(l.totalPowerW, 0.0);
        }
    }
    QCOMPARE(bom.totalUsd, usd);
    QCOMPARE(bom.totalPowerW, watts);
}

} // namespace

class TestBillOfMaterials : public QObject {
    Q_OBJECT
private slots:
    // Workhorse: 8 x dgx-h100, 4 x qm9700 (2 leaf + 2 spine), 1 x lustre-nvme;
    // links: 16 node-leaf x 4 cables + 4 leaf-spine x 16 + 2 storage x 2 =
    // 64 + 64 + 4 = 132 cables, all fibre in-row 400G -> fibre-400g-mm.
    // Catalog prices and power (resources/catalog.json):
    //   dgx-h100 $300,000, 10,200 W    -> 8 x = $2,400,000,  81,600 W
    //   qm9700   $35,000,  1,180 W     -> 4 x = $140,000,     4,720 W
    //   lustre-nvme $180,000, 6,000 W  -> 1 x = $180,000,     6,000 W
    //   fibre-400g-mm $1,900, 17.5 W   -> 132 x = $250,800,   2,310 W
    //   total $2,970,800 and 94,630 W. GPUs (64 h100-sxm) and NICs (64
    //   cx7-400g) are listed as included in dgx-h100.
    void goldenWorkhorse()
    {
        const BillOfMaterials bom = buildBom(loadExample("workhorse.json"), repoCatalog());
        QVERIFY(bom.problems.empty());
        const auto lines = counted(bom);
        QCOMPARE(lines.size(), std::size_t(4));
        QCOMPARE(lines.at("dgx-h100")->quantity, 8LL);
        QCOMPARE(lines.at("qm9700")->quantity, 4LL);
        QCOMPARE(lines.at("lustre-nvme")->quantity, 1LL);
        QCOMPARE(lines.at("fibre-400g-mm")->quantity, 132LL);
        QCOMPARE(bom.totalUsd, 2970800.0);
        QCOMPARE(bom.totalPowerW, 94630.0);
        std::map<std::string, long long> included;
        for (const BomLine& l : bom.lines)
            if (!l.counted()) {
                QCOMPARE(l.includedIn, std::string("dgx-h100"));
                included[l.itemId] = l.quantity;
            }
        QCOMPARE(included.at("h100-sxm"), 64LL);
        QCOMPARE(included.at("cx7-400g"), 64LL);
        // Lines come grouped by kind: nodes, gpus, nics, switches, storage, cables.
        std::vector<std::string> kinds;
        for (const BomLine& l : bom.lines)
            kinds.push_back(l.kind);
        QCOMPARE(kinds, (std::vector<std::string>{"node", "gpu", "nic", "switch", "storage", "cable"}));
    }

    void totalsEqualSumOfLines()
    {
        checkTotals(buildBom(loadExample("workhorse.json"), repoCatalog()));
        checkTotals(buildBom(generated(FabricTopology::FatTree, 32, "lustre-nvme"), repoCatalog()));
        checkTotals(buildBom(generated(FabricTopology::RailOptimized, 2048, "weka"), repoCatalog()));
    }

    // Hand-built: a group of 4 nodes with 2 DAC cables each to a leaf (8 x
    // dac-400g), a single node with 8 x 800G in-row fibre (fibre-800g-mm, the
    // only in-row fibre fast enough), leaf-spine 3 x 400G in-row fibre, a
    // 200G campus link x 5 (no 200G single-mode in the catalog: the smallest
    // fast enough is fibre-400g-sm), an NVLink link (free), an AOC campus link
    // (no such cable: counted at $0 with a warning), and a group as the link's
    // "to" end (3 members x 1 cable of 400G in-row fibre).
    void cableCountsFromLinks()
    {
        Design d;
        d.parts = {part("g", PartKind::Node, "dgx-h100", 4),  part("n", PartKind::Node, "dgx-b200"),
                   part("g2", PartKind::Node, "dgx-h100", 3), part("leaf", PartKind::Switch, "qm9700"),
                   part("spine", PartKind::Switch, "qm9700"), part("core", PartKind::Switch, "sn5600")};
        d.links = {link("a", "g", "leaf", 400, Medium::CopperDAC, LengthClass::InRack, 2),
                   link("b", "n", "leaf", 800, Medium::Fibre, LengthClass::InRow, 8),
                   link("c", "leaf", "spine", 400, Medium::Fibre, LengthClass::InRow, 3),
                   link("d", "spine", "core", 200, Medium::Fibre, LengthClass::Campus, 5),
                   link("e", "spine", "core", 400, Medium::NVLink, LengthClass::InRack, 7),
                   link("f", "spine", "core", 400, Medium::AOC, LengthClass::Campus, 2),
                   link("h", "leaf", "g2", 400, Medium::Fibre, LengthClass::InRow, 1)};
        const BillOfMaterials bom = buildBom(d, repoCatalog());
        const auto lines = counted(bom);
        QCOMPARE(lines.at("dac-400g")->quantity, 8LL);
        QCOMPARE(lines.at("fibre-800g-mm")->quantity, 8LL);
        QCOMPARE(lines.at("fibre-400g-mm")->quantity, 3LL + 3LL);
        QCOMPARE(lines.at("fibre-400g-sm")->quantity, 5LL);
        QCOMPARE(lines.at("")->quantity, 2LL); // the AOC campus link
        QCOMPARE(lines.at("")->extendedPriceUsd, 0.0);
        QCOMPARE(lines.at("dgx-h100")->quantity, 7LL);
        QCOMPARE(lines.at("dgx-b200")->quantity, 1LL);
        QCOMPARE(lines.at("qm9700")->quantity, 2LL);
        QCOMPARE(lines.at("sn5600")->quantity, 1LL);
        QCOMPARE(bom.problems.size(), std::size_t(1));
        QCOMPARE(bom.problems.front().itemId, std::string("f"));
        // No NVLink cable line at all.
        for (const BomLine& l : bom.lines)
            QVERIFY(l.itemId.find("nvlink") == std::string::npos);
        checkTotals(bom);
        // The rule itself: smallest cable of the medium and class with gbps >= speed.
        QCOMPARE(bomCableFor(repoCatalog(), Medium::Fibre, LengthClass::InRow, 200)->id,
                 std::string("fibre-200g-mm"));
        QCOMPARE(bomCableFor(repoCatalog(), Medium::Fibre, LengthClass::InRow, 201)->id,
                 std::string("fibre-400g-mm"));
        QVERIFY(bomCableFor(repoCatalog(), Medium::CopperDAC, LengthClass::InRack, 1600) == nullptr);
        QVERIFY(bomCableFor(repoCatalog(), Medium::NVLink, LengthClass::InRack, 100) == nullptr);
    }

    void unknownIdsAreReportedNotPriced()
    {
        Design d;
        d.parts = {part("x", PartKind::Node, "cray-1", 2), part("s", PartKind::Switch, "qm9700")};
        const BillOfMaterials bom = buildBom(d, repoCatalog());
        QCOMPARE(bom.lines.size(), std::size_t(1));
        QCOMPARE(bom.problems.size(), std::size_t(1));
        QCOMPARE(bom.problems.front().field, std::string("parts.catalogId"));
        QCOMPARE(bom.totalUsd, 35000.0); // the one qm9700
    }

    void csvQuoting()
    {
        QCOMPARE(csvField("plain text"), std::string("plain text"));
        QCOMPARE(csvField("a,b"), std::string("\"a,b\""));
        QCOMPARE(csvField("say \"hi\""), std::string("\"say \"\"hi\"\"\""));
        QCOMPARE(csvField("two\nlines"), std::string("\"two\nlines\""));
        QCOMPARE(csvField(""), std::string());

        BillOfMaterials bom;
        BomLine l;
        l.itemId = "rack-a";
        l.name = "Rack \"A\", row 2";
        l.vendor = "Acme, Inc.";
        l.kind = "node";
        l.quantity = 3;
        l.unitPriceUsd = 1000.5;
        l.extendedPriceUsd = 3001.5;
        l.note = "line one\r\nline two";
        bom.lines.push_back(l);
        bom.totalUsd = 3001.5;
        const std::string csv = bomToCsv(bom);
        QVERIFY(csv.find("\"Rack \"\"A\"\", row 2\"") != std::string::npos);
        const auto rows = parseCsv(csv);
        QCOMPARE(rows.size(), std::size_t(3)); // header, line, TOTAL
        QCOMPARE(rows[0].size(), std::size_t(12));
        QCOMPARE(rows[1].size(), std::size_t(12));
        QCOMPARE(rows[1][1], l.name);
        QCOMPARE(rows[1][2], l.vendor);
        QCOMPARE(rows[1][4], std::string("3"));
        QCOMPARE(rows[1][5], std::string("1000.50"));
        QCOMPARE(rows[1][11], l.note);
        QCOMPARE(rows[2][0], std::string("TOTAL"));
        QCOMPARE(rows[2][6], std::string("3001.50"));
    }

    void csvOfWorkhorseParses()
    {
        const BillOfMaterials bom = buildBom(loadExample("workhorse.json"), repoCatalog());
        const auto rows = parseCsv(bomToCsv(bom));
        QCOMPARE(rows.size(), bom.lines.size() + 2);
        double sum = 0;
        for (std::size_t i = 1; i + 1 < rows.size(); ++i) {
            QCOMPARE(rows[i].size(), std::size_t(12));
            sum += std::stod(rows[i][6]);
        }
        QCOMPARE(sum, 2970800.0);
        QCOMPARE(rows.back()[6], std::string("2970800.00"));
    }

    void jsonWriter()
    {
        const BillOfMaterials bom = buildBom(loadExample("workhorse.json"), repoCatalog());
        const auto j = nlohmann::json::parse(bomToJson(bom));
        QCOMPARE(j.at("total_usd").get<double>(), 2970800.0);
        QCOMPARE(j.at("total_power_w").get<double>(), 94630.0);
        QCOMPARE(j.at("lines").size(), bom.lines.size());
        QCOMPARE(j.at("lines")[0].at("item_id").get<std::string>(), std::string("dgx-h100"));
        QCOMPARE(j.at("lines")[0].at("quantity").get<long long>(), 8LL);
        QVERIFY(j.at("problems").empty());
    }

    // The 2,048-node bill counts every cable; how long it takes is bench_bom's.
    void bigDesignCountsEveryCable()
    {
        const Design d = generated(FabricTopology::RailOptimized, 2048, "weka");
        const BillOfMaterials bom = buildBom(d, repoCatalog());
        QCOMPARE(counted(bom).at("dgx-h100")->quantity, 2048LL);
        // 16,384 node-leaf (in-row MM) + 16,384 leaf-spine (in-row MM) + 2 storage
        // (campus) + 16,384 spine-core (campus SM).
        QCOMPARE(counted(bom).at("fibre-400g-mm")->quantity, 32768LL);
        QCOMPARE(counted(bom).at("fibre-400g-sm")->quantity, 16386LL);
    }
};

CF_TEST_GUILESS_MAIN(TestBillOfMaterials)

} // namespace cf_tst_bill_of_materials

#include "tst_bill_of_materials.moc"
