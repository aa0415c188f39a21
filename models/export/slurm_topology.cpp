#include "models/export/slurm_topology.h"

#include "models/export/device_namer.h"
#include "models/export/hostlist.h"
#include "models/topology/topology_graph.h"

#include <algorithm>
#include <numeric>
#include <unordered_set>

namespace cf {
namespace {

// Name of a merged lowest switch (our choice: "su" as in NVIDIA's scalable units).
constexpr const char* kUnitPrefixes[] = {"su", "su-", "cf-su"};
// Topology name in topology.yaml (our choice; arbitrary to Slurm).
constexpr const char* kTopologyName = "clusterforge";

// A design name for a '#' comment line: control characters become spaces.
std::string commentText(std::string text)
{
    for (char& c : text)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            c = ' ';
    return text;
}

std::string padded(std::size_t n, std::size_t count)
{
    const std::size_t width = std::max<std::size_t>(2, std::to_string(count).size());
    std::string d = std::to_string(n);
    return std::string(width > d.size() ? width - d.size() : 0, '0') + d;
}

struct UnionFind {
    std::vector<int> parent;
    explicit UnionFind(int n) : parent(static_cast<std::size_t>(n))
    {
        std::iota(parent.begin(), parent.end(), 0);
    }
    int find(int x)
    {
        while (parent[std::size_t(x)] != x)
            x = parent[std::size_t(x)] = parent[std::size_t(parent[std::size_t(x)])];
        return x;
    }
    void join(int a, int b) { parent[std::size_t(find(a))] = find(b); }
};

Problems nodeErrors(const Design& design, const TopologyGraph& graph)
{
    Problems problems;
    for (int i = 0; i < graph.partCount(); ++i)
        if (graph.kind(i) == PartKind::Node && !graph.node(i))
            problems.push_back({Severity::Error, "parts[" + std::to_string(i) + "].catalogId",
                                "unknown node type '" + design.parts[std::size_t(i)].catalogId + "'",
                                design.parts[std::size_t(i)].id});
    return problems;
}

} // namespace

namespace {

// Slurm's lowest switches: leaves that share a node part are one switch ("unit") to Slurm.
struct LeafUnits {
    std::vector<int> firstLeaf;                   // per part: a node's first leaf, else -1
    std::vector<int> unitOf;                      // per part: a leaf's unit, else -1
    std::vector<std::vector<std::string>> leaves; // per unit: its leaves' names, in design order
    std::vector<std::vector<std::string>> nodes;  // per unit: its nodes' names, in design order
};

// Each node's first leaf, the leaves it joins into one unit; an error for a node under no switch.
Problems joinLeaves(const Design& design, const TopologyGraph& graph, UnionFind& units, LeafUnits& u)
{
    const int n = graph.partCount();
    Problems problems;
    u.firstLeaf.assign(static_cast<std::size_t>(n), -1);
    for (int i = 0; i < n; ++i) {
        if (graph.kind(i) != PartKind::Node)
            continue;
        int& first = u.firstLeaf[std::size_t(i)];
        for (const GraphEdge* e = graph.edgesBegin(i); e != graph.edgesEnd(i); ++e)
            if (graph.kind(e->to) == PartKind::Switch && graph.level(e->to) == 0) {
                if (first >= 0)
                    units.join(e->to, first);
                else
                    first = e->to;
            }
        if (first < 0)
            problems.push_back(
                {Severity::Error, "parts[" + std::to_string(i) + "]",
                 "'" + design.parts[std::size_t(i)].name +
                     "' is linked to no switch; Slurm's tree plugin needs every node under one "
                     "(topology.conf(5))",
                 design.parts[std::size_t(i)].id});
    }
    return problems;
}

// Each unit: its leaves and its nodes, in design order.
void collectUnits(const TopologyGraph& graph, const DeviceNamer& namer, UnionFind& units, LeafUnits& u)
{
    const int n = graph.partCount();
    u.unitOf.assign(static_cast<std::size_t>(n), -1);
    for (int i = 0; i < n; ++i) {
        if (graph.kind(i) != PartKind::Switch || graph.level(i) != 0)
            continue;
        const int root = units.find(i);
        if (u.unitOf[std::size_t(root)] < 0) {
            u.unitOf[std::size_t(root)] = static_cast<int>(u.leaves.size());
            u.leaves.emplace_back();
            u.nodes.emplace_back();
        }
        u.unitOf[std::size_t(i)] = u.unitOf[std::size_t(root)];
        u.leaves[std::size_t(u.unitOf[std::size_t(i)])].push_back(namer.name(std::size_t(i), 0));
    }
    for (int i = 0; i < n; ++i)
        if (graph.kind(i) == PartKind::Node) {
            const auto& names = namer.names(std::size_t(i));
            auto& into = u.nodes[std::size_t(u.unitOf[std::size_t(u.firstLeaf[std::size_t(i)])])];
            into.insert(into.end(), names.begin(), names.end());
        }
}

// A unit of one leaf keeps the leaf's name; merged units get a prefix no device uses.
std::vector<std::string> unitNames(const TopologyGraph& graph, const DeviceNamer& namer, const LeafUnits& u)
{
    std::unordered_set<std::string> used;
    for (int i = 0; i < graph.partCount(); ++i)
        for (const std::string& name : namer.names(std::size_t(i)))
            used.insert(name);
    const std::size_t count = u.leaves.size();
    std::string prefix = kUnitPrefixes[0];
    for (const char* p : kUnitPrefixes) {
        prefix = p;
        bool clash = false;
        for (std::size_t k = 0; k < count && !clash; ++k)
            clash = used.count(prefix + padded(k + 1, count)) > 0;
        if (!clash)
            break;
    }
    std::vector<std::string> names(count);
    for (std::size_t k = 0; k < count; ++k)
        names[k] = u.leaves[k].size() == 1 ? u.leaves[k].front() : prefix + padded(k + 1, count);
    return names;
}

// Upper tiers: each switch lists the lower tier's switches (units for spines) it links to.
std::string upperTierLines(const TopologyGraph& graph, const DeviceNamer& namer, const LeafUnits& u,
                           const std::vector<std::string>& unitName)
{
    std::string out;
    for (int level = 1; level <= 2; ++level)
        for (int i = 0; i < graph.partCount(); ++i) {
            if (graph.kind(i) != PartKind::Switch || graph.level(i) != level)
                continue;
            std::vector<std::string> children;
            for (const GraphEdge* e = graph.edgesBegin(i); e != graph.edgesEnd(i); ++e) {
                if (graph.kind(e->to) != PartKind::Switch || graph.level(e->to) != level - 1)
                    continue;
                children.push_back(level == 1 ? unitName[std::size_t(u.unitOf[std::size_t(e->to)])]
                                              : namer.name(std::size_t(e->to), 0));
            }
            if (!children.empty())
                out += "SwitchName=" + namer.name(std::size_t(i), 0) +
                       " Switches=" + compressHostlist(children) + "\n";
        }
    return out;
}

} // namespace

Result<std::string> slurmTreeTopology(const Design& design, const Catalog& catalog)
{
    using R = Result<std::string>;
    const TopologyGraph graph(design, catalog);
    Result<DeviceNamer> namer = DeviceNamer::create(design, catalog, graph);
    if (!namer)
        return R::failure(namer.problems());
    UnionFind units(graph.partCount());
    LeafUnits u;
    if (Problems problems = joinLeaves(design, graph, units, u); hasErrors(problems))
        return R::failure(std::move(problems));
    collectUnits(graph, *namer, units, u);
    const std::vector<std::string> unitName = unitNames(graph, *namer, u);

    std::string out = "# Slurm topology.conf for TopologyPlugin=topology/tree (topology.conf(5)).\n"
                      "# Written by ClusterForge from the design '" +
                      commentText(design.name) + "'.\n";
    for (std::size_t k = 0; k < u.leaves.size(); ++k) {
        if (u.nodes[k].empty())
            continue;
        if (u.leaves[k].size() > 1)
            out += "# " + unitName[k] + ": the leaves " + compressHostlist(u.leaves[k]) +
                   " its nodes share, one lowest switch to Slurm\n";
        out += "SwitchName=" + unitName[k] + " Nodes=" + compressHostlist(u.nodes[k]) + "\n";
    }
    return out + upperTierLines(graph, *namer, u, unitName);
}

Result<std::string> slurmBlockTopology(const Design& design, const Catalog& catalog)
{
    using R = Result<std::string>;
    const TopologyGraph graph(design, catalog);
    if (Problems problems = nodeErrors(design, graph); hasErrors(problems))
        return R::failure(std::move(problems));
    Result<DeviceNamer> namer = DeviceNamer::create(design, catalog, graph);
    if (!namer)
        return R::failure(namer.problems());

    // Blocks: consecutive hosts of one node part that share a scale-up domain.
    std::vector<std::vector<std::string>> blocks;
    for (int i = 0; i < graph.partCount(); ++i) {
        if (graph.kind(i) != PartKind::Node)
            continue;
        const NodeSpec& spec = *graph.node(i);
        const int hosts = namer->hostsPerMember(std::size_t(i));
        const int gpusPerHost = std::max(1, spec.gpus / hosts);
        const std::size_t perBlock =
            static_cast<std::size_t>(std::max(1, spec.scaleUpDomainGpus / gpusPerHost));
        const auto& names = namer->names(std::size_t(i));
        for (std::size_t k = 0; k < names.size(); k += perBlock)
            blocks.emplace_back(names.begin() + static_cast<std::ptrdiff_t>(k),
                                names.begin() +
                                    static_cast<std::ptrdiff_t>(std::min(names.size(), k + perBlock)));
    }
    std::size_t base = blocks.empty() ? 1 : blocks.front().size();
    for (const auto& b : blocks)
        base = std::min(base, b.size());

    std::string out =
        "# Slurm topology.yaml for the topology/block plugin (topology.yaml(5), Slurm 25.05).\n"
        "# Written by ClusterForge from the design '" +
        commentText(design.name) +
        "'.\n"
        "# One block per scale-up (NVLink) domain. Slurm 23.11-24.11 read the same blocks from\n"
        "# topology.conf; the equivalent lines are at the end of this file as comments.\n";
    if (base == 1)
        out += "# Each node here is its own NVLink domain, so each block is one node; the fabric's\n"
               "# shape is in the topology/tree export (clusterforge-cli export --format slurm-topology).\n";
    // Appended piece by piece: GCC 12 at -O2 warns falsely (-Warray-bounds) on the chain of temporaries.
    out += "- topology: ";
    out += kTopologyName;
    out += "\n  cluster_default: true\n  block:\n    block_sizes:\n      - ";
    out += std::to_string(base);
    out += "\n    blocks:\n";
    std::string conf;
    for (std::size_t b = 0; b < blocks.size(); ++b) {
        const std::string name = "block" + padded(b + 1, blocks.size());
        const std::string nodes = compressHostlist(blocks[b]);
        out += "      - block: " + name + "\n        nodes: " + nodes + "\n";
        conf += "# BlockName=" + name + " Nodes=" + nodes + "\n";
    }
    return out + "# topology.conf form:\n" + conf + "# BlockSizes=" + std::to_string(base) + "\n";
}

} // namespace cf
