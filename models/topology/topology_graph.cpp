#include "topology/topology_graph.h"

#include <algorithm>
#include <string>

namespace cf {
namespace {

constexpr int kMaxTierLevel = 2; // leaf 0, spine 1, core 2 and above

std::string partField(std::size_t index, const char* member)
{
    return "parts[" + std::to_string(index) + "]." + member;
}

} // namespace

TopologyGraph::TopologyGraph(const Design& design, const Catalog& catalog, Problems* problems)
{
    index(design, catalog, problems);
    buildEdges(design, problems);
    assignLevels();
}

int TopologyGraph::indexOf(std::string_view id) const
{
    const auto it = byId_.find(id);
    return it == byId_.end() ? -1 : it->second;
}

void TopologyGraph::index(const Design& design, const Catalog& catalog, Problems* problems)
{
    const std::size_t n = design.parts.size();
    byId_.reserve(n * 2);
    kinds_.resize(n);
    members_.resize(n);
    nodes_.assign(n, nullptr);
    switches_.assign(n, nullptr);
    storages_.assign(n, nullptr);
    for (std::size_t i = 0; i < n; ++i) {
        const Part& p = design.parts[i];
        byId_.emplace(p.id, static_cast<int>(i));
        kinds_[i] = p.kind;
        members_[i] = p.kind == PartKind::Node ? std::max(1, p.count) : 1;
        bool known = false;
        switch (p.kind) {
        case PartKind::Node:
            nodes_[i] = catalog.node(p.catalogId);
            known = nodes_[i] != nullptr && catalog.gpu(nodes_[i]->gpuId) != nullptr;
            break;
        case PartKind::Switch:
            switches_[i] = catalog.switchSpec(p.catalogId);
            known = switches_[i] != nullptr;
            break;
        case PartKind::Storage:
            storages_[i] = catalog.storage(p.catalogId);
            known = storages_[i] != nullptr;
            break;
        }
        if (!known && problems) {
            if (p.kind == PartKind::Node)
                nodes_[i] = nullptr; // a node whose GPU is unknown is unusable too
            problems->push_back(
                {Severity::Error, partField(i, "catalogId"),
                 "unknown " + std::string(toString(p.kind)) + " catalog id '" + p.catalogId + "'", p.id});
        }
    }
}

void TopologyGraph::buildEdges(const Design& design, Problems* problems)
{
    const int n = partCount();
    offsets_.assign(static_cast<std::size_t>(n) + 1, 0);
    // Two passes (count, then fill) keep the adjacency in one allocation.
    std::vector<int> from(design.links.size(), -1), to(design.links.size(), -1);
    // Drawn and generated links come in runs from one part (a node's NICs, a
    // leaf's uplinks): reuse the previous lookup when the id repeats.
    const std::string* lastFromId = nullptr;
    const std::string* lastToId = nullptr;
    int lastFrom = -1, lastTo = -1;
    for (std::size_t l = 0; l < design.links.size(); ++l) {
        const Link& link = design.links[l];
        if (!lastFromId || link.fromPartId != *lastFromId) {
            lastFrom = indexOf(link.fromPartId);
            lastFromId = &link.fromPartId;
        }
        if (!lastToId || link.toPartId != *lastToId) {
            lastTo = indexOf(link.toPartId);
            lastToId = &link.toPartId;
        }
        from[l] = lastFrom;
        to[l] = lastTo;
        if (from[l] < 0 || to[l] < 0 || from[l] == to[l]) {
            if (problems) {
                const bool self = from[l] >= 0 && from[l] == to[l];
                problems->push_back({Severity::Error, "links[" + link.id + "]",
                                     self ? "link joins a part to itself"
                                          : "link end '" + (from[l] < 0 ? link.fromPartId : link.toPartId) +
                                                "' is not a part of the design",
                                     link.id});
            }
            from[l] = to[l] = -1;
            continue;
        }
        ++offsets_[from[l] + 1];
        ++offsets_[to[l] + 1];
    }
    for (int i = 0; i < n; ++i)
        offsets_[i + 1] += offsets_[i];
    edges_.resize(static_cast<std::size_t>(offsets_[n]));
    std::vector<int> fill(offsets_.begin(), offsets_.end() - 1);
    for (std::size_t l = 0; l < design.links.size(); ++l) {
        if (from[l] < 0)
            continue;
        const Link& link = design.links[l];
        // A link to a node group stands for one set of cables per member.
        const int groupMembers = std::max(kinds_[from[l]] == PartKind::Node ? members_[from[l]] : 1,
                                          kinds_[to[l]] == PartKind::Node ? members_[to[l]] : 1);
        const int cables = std::max(0, link.cablesPerMember) * groupMembers;
        edges_[fill[from[l]]++] = {to[l], static_cast<int>(l), cables, link.speedGbps};
        edges_[fill[to[l]]++] = {from[l], static_cast<int>(l), cables, link.speedGbps};
    }
}

void TopologyGraph::assignLevels()
{
    // Multi-source BFS from every switch that has a node below it.
    const int n = partCount();
    levels_.assign(static_cast<std::size_t>(n), -1);
    std::vector<int> queue;
    queue.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        if (kinds_[i] != PartKind::Switch)
            continue;
        for (const GraphEdge* e = edgesBegin(i); e != edgesEnd(i); ++e)
            if (kinds_[e->to] == PartKind::Node) {
                levels_[i] = 0;
                queue.push_back(i);
                break;
            }
    }
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const int s = queue[head];
        for (const GraphEdge* e = edgesBegin(s); e != edgesEnd(s); ++e)
            if (kinds_[e->to] == PartKind::Switch && levels_[e->to] < 0) {
                levels_[e->to] = std::min(levels_[s] + 1, kMaxTierLevel);
                queue.push_back(e->to);
            }
    }
}

} // namespace cf
