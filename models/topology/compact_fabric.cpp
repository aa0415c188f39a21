// Compact layout of generateFabric (compact_fabric.h). Every bundle here is
// the expanded layout's wiring of fabric_generator.cpp said once per tier:
//   node group -> leaves:  member i joins the leaves of its leaf set i / nodesPerSet;
//   leaves -> spines (3, 4 tiers): leaf l joins the spines of its pod l / leavesPerPod;
//   spines -> cores (3 tiers): spine j of every pod joins core group j;
//   spines -> super-spines (4 tiers): spine j of a pod joins super-spines (j, x) of its superpod;
//   super-spines -> cores (4 tiers): super-spine g of each superpod joins core group g.
// tst_compact_fabric checks that both layouts give the same topology, bill,
// power and predictions.
#include "models/topology/compact_fabric.h"

#include <algorithm>
#include <cctype>

namespace cf {
namespace {

// x of item i of n spread over [0, span] (as the expanded layout).
double spreadX(int i, int n, double span)
{
    return n > 1 ? span * i / (n - 1) : span / 2.0;
}

// The entries of one plane and one block of the plan (a superpod with four
// tiers, the whole plane otherwise).
struct Unit {
    int plane = 0;
    int block = 0;
    int nodes = 0;  // members of the unit's node group
    int leaves = 0; // leaves of this plane in the unit
    int pods = 0;
};

std::string suffix(const FabricPlan& plan, int plane, int block)
{
    std::string s;
    if (plan.planes > 1)
        s += "-r" + std::to_string(plane + 1);
    if (block >= 0 && plan.tiers == 4 && plan.superpods > 1)
        s += "-sp" + std::to_string(block + 1);
    return s;
}

std::string label(const FabricPlan& plan, int plane, int block, const char* what, int count)
{
    std::string s;
    if (plan.planes > 1)
        s += "Rail " + std::to_string(plane + 1) + " ";
    if (block >= 0 && plan.tiers == 4 && plan.superpods > 1)
        s += "superpod " + std::to_string(block + 1) + " ";
    s += what;
    s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    return s + " (" + std::to_string(count) + ")";
}

// Leaf sets and leaves (of one plane) per unit: a superpod with four tiers.
int setsPerUnit(const FabricPlan& plan)
{
    if (plan.tiers != 4)
        return plan.sets;
    const int leavesPerSuperpod = plan.leavesPerPod * plan.podsPerSuperpod;
    return plan.planes > 1 ? leavesPerSuperpod : leavesPerSuperpod / plan.leavesPerSet;
}

Unit unitOf(const FabricPlan& plan, int nodes, int plane, int block)
{
    Unit u;
    u.plane = plane;
    u.block = block;
    const int sets = setsPerUnit(plan);
    const int firstSet = block * sets;
    const int unitSets = std::min(sets, plan.sets - firstSet);
    const long long firstNode = static_cast<long long>(firstSet) * plan.nodesPerSet;
    u.nodes = static_cast<int>(
        std::min<long long>(static_cast<long long>(unitSets) * plan.nodesPerSet, nodes - firstNode));
    u.leaves = plan.planes > 1 ? unitSets : unitSets * plan.leavesPerSet;
    u.pods = plan.tiers >= 3 ? (u.leaves + plan.leavesPerPod - 1) / plan.leavesPerPod : 0;
    return u;
}

} // namespace

std::string compactBlocker(const FabricPlan& plan, int nodes, bool storage)
{
    if (plan.tiers < 2)
        return "one switch: the expanded layout is already one entry per tier";
    if (storage)
        return "storage: its cables are dealt one by one to the top-tier switches with free ports, which one "
               "bundle cannot say";
    const PlaneShape& s = plan.firstPlane;
    // The engine takes a switch array's down:up ratio as the array's total: a
    // partial last leaf set of an oversubscribed fabric has leaves less
    // loaded than the rest, which only their own entries say.
    if (plan.leaf.down > plan.leaf.up && nodes % plan.nodesPerSet != 0)
        return "the last leaf set is partial and the leaves are oversubscribed";
    if (plan.planes > 1 && (s.spines != plan.otherPlane.spines || s.cores != plan.otherPlane.cores))
        return "the planes differ in shape";
    if (plan.tiers == 2 && (s.spines <= 0 || plan.leaf.up % s.spines != 0))
        return "a leaf's uplinks do not spread evenly over the spines";
    if (plan.tiers >= 3 && (s.coresPerGroup <= 0 || s.coresInGroupZero != s.coresPerGroup))
        return "core group 0 is larger than the others";
    if (plan.tiers == 3 && plan.spineUplinks % s.coresPerGroup != 0)
        return "a spine's uplinks do not spread evenly over its core group";
    if (plan.tiers == 4 && plan.superUplinks % s.coresPerGroup != 0)
        return "a super-spine's uplinks do not spread evenly over its core group";
    if (plan.tiers == 4 && plan.planes == 1 &&
        (plan.leavesPerPod * plan.podsPerSuperpod) % plan.leavesPerSet != 0)
        return "a leaf set straddles two superpods";
    return {};
}

void buildCompactFabric(FabricBuilder& b, const FabricPlan& plan, int nodes, const NodeSpec& node,
                        const SwitchSpec& sw, Medium nodeMedium, LengthClass nodeLength, const TierRows& rows)
{
    const int blocks = plan.tiers == 4 ? plan.superpods : 1;
    const PlaneShape& shape = plan.firstPlane;
    const double gbps = sw.portGbps;
    const int columns = plan.planes * blocks; // arrays per row, spread over the span
    // A core array (block -1) belongs to its plane, not to a superpod.
    const auto x = [&](int plane, int block) {
        return spreadX(plane * blocks + std::max(0, block), columns, rows.span);
    };
    const auto id = [&](const char* tier, int plane, int block) {
        return std::string(tier) + suffix(plan, plane, block);
    };
    const auto array = [&](FabricRole role, const char* tier, const char* words, int plane, int block,
                           int count, double y) {
        b.addPart(PartKind::Switch, role, id(tier, plane, block), sw.id,
                  label(plan, plane, block, words, count), x(plane, block), y, count);
    };
    // One node group per block, shared by the planes; a leaf set is the
    // leaves of one plane (one per plane with a plane per rail).
    const int leavesPerSetInPlane = plan.planes > 1 ? 1 : plan.leavesPerSet;
    for (int k = 0; k < blocks; ++k) {
        const Unit u = unitOf(plan, nodes, 0, k);
        const std::string nodesId = "n" + std::to_string(k + 1);
        const std::string words = blocks > 1 ? "Superpod " + std::to_string(k + 1) + " nodes" : "Nodes";
        b.addPart(PartKind::Node, FabricRole::Node, nodesId, node.id,
                  words + " (" + std::to_string(u.nodes) + ")", spreadX(k, blocks, rows.span), rows.nodeY,
                  u.nodes);
        for (int p = 0; p < plan.planes; ++p) {
            array(FabricRole::Leaf, "leaves", "leaves", p, k, u.leaves, rows.leafY);
            b.addLink(nodesId, id("leaves", p, k), node.nicGbps, nodeMedium, nodeLength,
                      plan.cablesPerNodePerLeaf, {plan.nodesPerSet, 0}, {leavesPerSetInPlane, 0});
        }
    }
    for (int p = 0; p < plan.planes; ++p) {
        if (plan.tiers == 2) {
            // Every leaf spreads its uplinks evenly over the plane's spines.
            array(FabricRole::Spine, "spines", "spines", p, 0, shape.spines, rows.spineY);
            b.addLink(id("leaves", p, 0), id("spines", p, 0), gbps, Medium::Fibre, LengthClass::InRow,
                      plan.leaf.up / shape.spines);
            continue;
        }
        for (int k = 0; k < blocks; ++k) {
            // Leaf l joins every spine of its pod with one cable.
            const Unit u = unitOf(plan, nodes, p, k);
            array(FabricRole::Spine, "spines", "spines", p, k, u.pods * plan.spinesPerPod, rows.spineY);
            b.addLink(id("leaves", p, k), id("spines", p, k), gbps, Medium::Fibre, LengthClass::InRow, 1,
                      {plan.leavesPerPod, 0}, {plan.spinesPerPod, 0});
        }
        if (plan.tiers == 3) {
            // Spine j of every pod spreads its uplinks over core group j.
            array(FabricRole::Core, "cores", "cores", p, -1, shape.cores, rows.coreY);
            b.addLink(id("spines", p, 0), id("cores", p, -1), gbps, Medium::Fibre, LengthClass::Campus,
                      plan.spineUplinks / shape.coresPerGroup, {1, plan.spinesPerPod},
                      {shape.coresPerGroup, 0});
            continue;
        }
        // Four tiers: spine j of a pod -> super-spines (j, x) of its superpod,
        // its uplinks spread evenly over them; super-spine g of every superpod
        // -> core group g.
        const int perSpine = plan.superSpinesPerSpine;
        const int groups = plan.spinesPerPod * perSpine;
        array(FabricRole::Core, "cores", "cores", p, -1, shape.cores, rows.coreY);
        for (int k = 0; k < blocks; ++k) {
            array(FabricRole::SuperSpine, "superspines", "super-spines", p, k, groups, rows.superY);
            b.addLink(id("spines", p, k), id("superspines", p, k), gbps, Medium::Fibre, LengthClass::Campus,
                      plan.spineUplinks / perSpine, {1, plan.spinesPerPod}, {perSpine, 0});
            b.addLink(id("superspines", p, k), id("cores", p, -1), gbps, Medium::Fibre, LengthClass::Campus,
                      plan.superUplinks / shape.coresPerGroup, {1, 0}, {shape.coresPerGroup, 0});
        }
    }
}

} // namespace cf
