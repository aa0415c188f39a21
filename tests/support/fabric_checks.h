#pragma once
// Checks every generated fabric must pass, shared by tst_fabric_generator and
// tst_fabric_generator_frontier: an independent recount of switches by tier
// and cables per tier pair from the parts and links (ids: leafN, spineN,
// superspineN, coreN; compact arrays leaves, spines, superspines, cores with
// their count), no switch over its radix or unconnected, unique ids. A
// bundle's cables and ports per member come from link_bundle.h.

#include "models/catalog/catalog.h"
#include "models/design/link_bundle.h"
#include "models/topology/fabric_generator.h"
#include "test_designs.h"

#include <QtTest>

#include <algorithm>
#include <map>
#include <set>
#include <string>

namespace cf::test {

inline std::string tierOfId(const std::string& id)
{
    if (id.rfind("leaves", 0) == 0) // a compact leaf array
        return "leaf";
    for (const char* tier : {"leaf", "superspine", "spine", "core"})
        if (id.rfind(tier, 0) == 0)
            return tier;
    return "";
}

// Returns the recount; a broken fabric stops the test with qFatal.
inline FabricSummary recountAndCheck(const GeneratedFabric& f, const Catalog& catalog = repoCatalog())
{
    FabricSummary s;
    std::map<std::string, const Part*> byId;
    for (const Part& p : f.parts) {
        if (!byId.emplace(p.id, &p).second)
            qFatal("duplicate part id %s", p.id.c_str());
        if (p.kind == PartKind::Node)
            s.nodes += p.count;
        else if (p.kind == PartKind::Switch) {
            const std::string tier = tierOfId(p.id);
            const int n = std::max(1, p.count); // a switch array counts its members
            s.leaf += tier == "leaf" ? n : 0;
            s.spine += tier == "spine" ? n : 0;
            s.superSpine += tier == "superspine" ? n : 0;
            s.core += tier == "core" ? n : 0;
        }
    }
    std::map<std::string, long long> portsUsed;
    std::set<std::string> linkIds;
    for (const Link& l : f.links) {
        if (!linkIds.insert(l.id).second)
            qFatal("duplicate link id %s", l.id.c_str());
        const Part* a = byId.at(l.fromPartId);
        const Part* b = byId.at(l.toPartId);
        if (l.cablesPerMember < 1)
            qFatal("link %s without cables", l.id.c_str());
        const BundleShape shape = bundleShape(l, std::max(1, a->count), std::max(1, b->count));
        if (shape.fromBlocks != shape.toBlocks)
            qFatal("link %s: its ends have %lld and %lld blocks", l.id.c_str(), shape.fromBlocks,
                   shape.toBlocks);
        const int cables = static_cast<int>(shape.cables);
        portsUsed[a->id] += a->kind == PartKind::Switch ? shape.fromPerMember : 0;
        portsUsed[b->id] += b->kind == PartKind::Switch ? shape.toPerMember : 0;
        const std::string ta = tierOfId(a->id), tb = tierOfId(b->id);
        if (a->kind == PartKind::Node && tb == "leaf")
            s.nodeLeafCables += cables;
        else if (ta == "leaf" && tb == "spine")
            s.leafSpineCables += cables;
        else if (ta == "spine" && tb == "core")
            s.spineCoreCables += cables;
        else if (ta == "spine" && tb == "superspine")
            s.spineSuperCables += cables;
        else if (ta == "superspine" && tb == "core")
            s.superCoreCables += cables;
    }
    for (const Part& p : f.parts)
        if (p.kind == PartKind::Switch) {
            const SwitchSpec* sw = catalog.switchSpec(p.catalogId);
            if (portsUsed[p.id] > sw->radix)
                qFatal("%s uses %lld ports of %d", p.id.c_str(), portsUsed[p.id], sw->radix);
            if (portsUsed[p.id] == 0)
                qFatal("%s is not connected", p.id.c_str());
        }
    return s;
}

inline FabricSummary recountAndCheck(const Result<GeneratedFabric>& f, const Catalog& catalog = repoCatalog())
{
    if (!f)
        qFatal("recountAndCheck: the fabric was not generated");
    return recountAndCheck(*f, catalog);
}

inline void compareSummary(const FabricSummary& a, const FabricSummary& b)
{
    QCOMPARE(a.nodes, b.nodes);
    QCOMPARE(a.leaf, b.leaf);
    QCOMPARE(a.spine, b.spine);
    QCOMPARE(a.superSpine, b.superSpine);
    QCOMPARE(a.core, b.core);
    QCOMPARE(a.nodeLeafCables, b.nodeLeafCables);
    QCOMPARE(a.leafSpineCables, b.leafSpineCables);
    QCOMPARE(a.spineCoreCables, b.spineCoreCables);
    QCOMPARE(a.spineSuperCables, b.spineSuperCables);
    QCOMPARE(a.superCoreCables, b.superCoreCables);
}

inline bool hasProblemOn(const Result<GeneratedFabric>& f, const std::string& field)
{
    for (const Problem& p : f.problems())
        if (p.severity == Severity::Error && p.field == field)
            return true;
    return false;
}

} // namespace cf::test
