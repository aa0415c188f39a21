#pragma once
// Compact fabrics for issue 19 (switch arrays and link bundles), built in code,
// each with its hand-expanded twin: the same cluster drawn the old way, one
// switch per part and one link per (node run, switch) or (switch, switch).
// The twins spell the member ids and names out ("leaf.3", "leaf 3", node runs
// "n.5" / "n 5-8") as bundle_expansion.h documents them, without calling it.
//
//  - fatTree2(leaves): DGX H100 nodes, 4 per leaf (32 down-ports), leaves to
//    every spine (32 up-ports over leaves/2 spines): non-blocking QM9700.
//  - fatTree3(pods): pods of 2 leaves and 2 spines; spine k of every pod to
//    core group k of 2 cores (the LinkEndBlocks example in link.h).
//  - railFabric(units, nodesPerUnit, spinesPerRail): scalable units of
//    nodesPerUnit nodes, rail r of every node to leaf r of its unit, leaves of
//    rail r to the spines of plane r.

#include "models/design/design.h"
#include "tests/support/design_builders.h"

#include <algorithm>
#include <string>

namespace cf::test {

struct CompactPair {
    Design compact;
    Design expanded; // the hand-expanded twin
};

inline Part switchArray(const std::string& id, int count, const std::string& catalogId = "qm9700")
{
    Part p = sw(id, catalogId);
    p.count = count;
    return p;
}

inline Link bundle(const std::string& id, const std::string& from, const std::string& to, int cablesPerMember,
                   LinkEndBlocks fromBlocks, LinkEndBlocks toBlocks)
{
    Link l = link(id, from, to, cablesPerMember);
    l.fromBlocks = fromBlocks;
    l.toBlocks = toBlocks;
    return l;
}

// The twin's spelling of member i (0-based) of a part or link.
inline std::string twinId(const std::string& id, int i)
{
    return id + "." + std::to_string(i + 1);
}
inline Part twinSwitch(const std::string& arrayId, int i)
{
    Part p = sw(twinId(arrayId, i));
    p.name = arrayId + " " + std::to_string(i + 1);
    return p;
}
inline Part twinRun(const std::string& groupId, int first, int count)
{
    Part p = node(twinId(groupId, first), count);
    p.name =
        groupId + " " + std::to_string(first + 1) + (count > 1 ? "-" + std::to_string(first + count) : "");
    return p;
}

// Appends the twin's switches of an array, in member order.
inline void twinSwitches(Design& d, const std::string& arrayId, int count)
{
    for (int i = 0; i < count; ++i)
        d.parts.push_back(twinSwitch(arrayId, i));
}

inline CompactPair fatTree2(int leaves)
{
    constexpr int kNodesPerLeaf = 4, kNicCables = 8, kUplinks = 32; // 4 x 8 = 32 down, 32 up (radix 64)
    const int spines = leaves / 2, nodes = leaves * kNodesPerLeaf, perSpine = kUplinks / spines;
    CompactPair p;
    p.compact.name = p.expanded.name = "compact fat tree " + std::to_string(nodes) + " nodes";
    p.compact.parts = {node("n", nodes), switchArray("leaf", leaves), switchArray("spine", spines)};
    p.compact.links = {bundle("ln", "n", "leaf", kNicCables, {kNodesPerLeaf, 0}, {1, 0}),
                       bundle("ls", "leaf", "spine", perSpine, {}, {})};
    Design& e = p.expanded;
    for (int r = 0; r < leaves; ++r)
        e.parts.push_back(twinRun("n", r * kNodesPerLeaf, kNodesPerLeaf));
    twinSwitches(e, "leaf", leaves);
    twinSwitches(e, "spine", spines);
    for (int r = 0; r < leaves; ++r)
        e.links.push_back(
            link(twinId("ln", r), twinId("n", r * kNodesPerLeaf), twinId("leaf", r), kNicCables));
    int k = 0;
    for (int l = 0; l < leaves; ++l)
        for (int s = 0; s < spines; ++s)
            e.links.push_back(link(twinId("ls", k++), twinId("leaf", l), twinId("spine", s), perSpine));
    return p;
}

inline CompactPair fatTree3(int pods)
{
    constexpr int kLeaves = 2, kSpines = 2, kCoresPerGroup = 2, kNodesPerLeaf = 4, kNicCables = 8;
    constexpr int kLeafUp = 32 / kSpines, kSpineUp = 32 / kCoresPerGroup;
    const int leaves = pods * kLeaves, spines = pods * kSpines, cores = kSpines * kCoresPerGroup;
    const int nodes = leaves * kNodesPerLeaf;
    CompactPair p;
    p.compact.name = p.expanded.name = "compact 3-tier fat tree " + std::to_string(pods) + " pods";
    p.compact.parts = {node("n", nodes), switchArray("leaf", leaves), switchArray("spine", spines),
                       switchArray("core", cores)};
    p.compact.links = {bundle("ln", "n", "leaf", kNicCables, {kNodesPerLeaf, 0}, {1, 0}),
                       bundle("ls", "leaf", "spine", kLeafUp, {kLeaves, 0}, {kSpines, 0}),
                       bundle("sc", "spine", "core", kSpineUp, {1, kSpines}, {kCoresPerGroup, 0})};
    Design& e = p.expanded;
    for (int r = 0; r < leaves; ++r)
        e.parts.push_back(twinRun("n", r * kNodesPerLeaf, kNodesPerLeaf));
    twinSwitches(e, "leaf", leaves);
    twinSwitches(e, "spine", spines);
    twinSwitches(e, "core", cores);
    for (int r = 0; r < leaves; ++r)
        e.links.push_back(
            link(twinId("ln", r), twinId("n", r * kNodesPerLeaf), twinId("leaf", r), kNicCables));
    int k = 0;
    for (int l = 0; l < leaves; ++l) // leaf l of pod l / kLeaves to that pod's spines
        for (int s = 0; s < kSpines; ++s)
            e.links.push_back(link(twinId("ls", k++), twinId("leaf", l),
                                   twinId("spine", (l / kLeaves) * kSpines + s), kLeafUp));
    k = 0;
    for (int s = 0; s < spines; ++s) // spine s is spine s % kSpines of its pod: core group s % kSpines
        for (int c = 0; c < kCoresPerGroup; ++c)
            e.links.push_back(link(twinId("sc", k++), twinId("spine", s),
                                   twinId("core", (s % kSpines) * kCoresPerGroup + c), kSpineUp));
    return p;
}

inline CompactPair railFabric(int units, int nodesPerUnit, int spinesPerRail)
{
    constexpr int kRails = 8; // one NIC per GPU of a DGX H100, one rail each
    const int nodes = units * nodesPerUnit, leaves = units * kRails, spines = kRails * spinesPerRail;
    const int perSpine = nodesPerUnit / spinesPerRail; // a leaf's uplinks = its down-links
    CompactPair p;
    p.compact.name = p.expanded.name = "compact rail fabric " + std::to_string(nodes) + " nodes";
    p.compact.parts = {node("n", nodes), switchArray("leaf", leaves), switchArray("spine", spines)};
    p.compact.links = {bundle("ln", "n", "leaf", 1, {nodesPerUnit, 0}, {kRails, 0}),
                       bundle("ls", "leaf", "spine", perSpine, {1, kRails}, {spinesPerRail, 0})};
    Design& e = p.expanded;
    for (int u = 0; u < units; ++u)
        e.parts.push_back(twinRun("n", u * nodesPerUnit, nodesPerUnit));
    twinSwitches(e, "leaf", leaves);
    twinSwitches(e, "spine", spines);
    int k = 0;
    for (int u = 0; u < units; ++u)
        for (int r = 0; r < kRails; ++r)
            e.links.push_back(
                link(twinId("ln", k++), twinId("n", u * nodesPerUnit), twinId("leaf", u * kRails + r), 1));
    k = 0;
    for (int l = 0; l < leaves; ++l)
        for (int s = 0; s < spinesPerRail; ++s)
            e.links.push_back(link(twinId("ls", k++), twinId("leaf", l),
                                   twinId("spine", (l % kRails) * spinesPerRail + s), perSpine));
    return p;
}

// A frontier-sized compact three-tier fat tree (issue 19): one group of `nodes`
// DGX H100 (8 NICs), arrays of leaves, spines and cores of `switchId` with
// `radix` ports, half down, half up; pods of radix/2 leaves and spines; spine k
// of every pod to core group k. 8,192 nodes of QM9700 (radix 64): 2,048 leaves
// and spines, 1,024 cores, as the generator's 65,536-GPU fat tree
// (docs/performance.md); 16,384 nodes need radix 128 (sn5600-2x400).
// Seven entries at any size: what the file, the store and the scene hold.
inline Design frontierFatTree(int nodes, const std::string& switchId = "qm9700", int radix = 64)
{
    constexpr int kNicCables = 8;
    const int down = radix / 2, nodesPerLeaf = down / kNicCables, leaves = nodes / nodesPerLeaf;
    const int pods = std::max(1, leaves / down), coresPerGroup = std::max(1, pods / 2);
    Design d;
    d.name = "compact fat tree, " + std::to_string(nodes * 8) + " GPUs";
    d.parts = {node("n", nodes), switchArray("leaf", leaves, switchId),
               switchArray("spine", pods * down, switchId),
               switchArray("core", down * coresPerGroup, switchId)};
    d.parts[0].name = "DGX H100 nodes";
    d.parts[1].name = "Leaves";
    d.parts[2].name = "Spines";
    d.parts[3].name = "Cores";
    // Tiers one above the other, as the generator lays them out (our choice of spacing).
    d.parts[0].y = 600;
    d.parts[1].y = 400;
    d.parts[2].y = 200;
    d.parts[3].y = 0;
    d.links = {
        bundle("ln", "n", "leaf", kNicCables, {nodesPerLeaf, 0}, {1, 0}),
        bundle("ls", "leaf", "spine", 1, {down, 0}, {down, 0}),
        bundle("sc", "spine", "core", std::max(1, down / coresPerGroup), {1, down}, {coresPerGroup, 0})};
    return d;
}

} // namespace cf::test
