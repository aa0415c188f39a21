#include "models/topology/topology_graph.h"

#include "models/design/link_bundle.h"

#include <algorithm>
#include <limits>
#include <memory>
#include <string>

namespace cf {
namespace {

constexpr int kMaxTierLevel = 2; // leaf 0, spine 1, core 2 and above

std::string partField(std::size_t index, const char* member)
{
    return "parts[" + std::to_string(index) + "]." + member;
}

} // namespace

TopologyGraph::TopologyGraph(const Design& design, const Catalog& catalog, Problems& problems)
{
    index(design, catalog, problems);
    buildEdges(design, problems);
    assignLevels();
}

TopologyGraph::TopologyGraph(const Design& design, const Catalog& catalog)
{
    // The problems are built only for a broken design (an unknown id, a
    // dangling link end), so collecting and dropping them costs nothing on
    // the hot path.
    Problems dropped;
    index(design, catalog, dropped);
    buildEdges(design, dropped);
    assignLevels();
}

Result<TopologyGraph> TopologyGraph::build(const Design& design, const Catalog& catalog)
{
    Problems problems;
    TopologyGraph graph(design, catalog, problems);
    return {std::move(graph), std::move(problems)};
}

int TopologyGraph::indexOf(std::string_view id) const
{
    return byId_.find(id);
}

void TopologyGraph::index(const Design& design, const Catalog& catalog, Problems& problems)
{
    const std::size_t n = design.parts.size();
    byId_.reserve(n);
    kinds_.resize(n);
    members_.resize(n);
    nodes_.assign(n, nullptr);
    switches_.assign(n, nullptr);
    storages_.assign(n, nullptr);
    bool lastKnown = false; // the catalog lookups of the last part whose kind or id changed
    for (std::size_t i = 0; i < n; ++i) {
        const Part& p = design.parts[i];
        byId_.insert(p.id, static_cast<int>(i));
        kinds_[i] = p.kind;
        members_[i] = partMembers(p);
        // Consecutive parts usually share kind and catalog id (a fabric's
        // leaves, a row of node groups): reuse the previous part's lookups.
        if (i > 0 && p.kind == design.parts[i - 1].kind && p.catalogId == design.parts[i - 1].catalogId) {
            nodes_[i] = nodes_[i - 1];
            switches_[i] = switches_[i - 1];
            storages_[i] = storages_[i - 1];
        } else {
            lastKnown = false;
            switch (p.kind) {
            case PartKind::Node:
                nodes_[i] = catalog.node(p.catalogId);
                lastKnown = nodes_[i] != nullptr && catalog.gpu(nodes_[i]->gpuId) != nullptr;
                break;
            case PartKind::Switch:
                switches_[i] = catalog.switchSpec(p.catalogId);
                lastKnown = switches_[i] != nullptr;
                break;
            case PartKind::Storage:
                storages_[i] = catalog.storage(p.catalogId);
                lastKnown = storages_[i] != nullptr;
                break;
            }
        }
        const bool known = lastKnown;
        if (!known) {
            if (p.kind == PartKind::Node)
                nodes_[i] = nullptr; // a node whose GPU is unknown is unusable too
            problems.push_back(
                {Severity::Error, partField(i, "catalogId"),
                 "unknown " + std::string(toString(p.kind)) + " catalog id '" + p.catalogId + "'", p.id});
        }
    }
}

struct TopologyGraph::ResolvedLink {
    int from, to, cables, fromPartners, toPartners, fromPerMember, toPerMember;
    double gbps;
};

void TopologyGraph::buildEdges(const Design& design, Problems& problems)
{
    const int n = partCount();
    const std::size_t linkCount = design.links.size();
    offsets_.assign(static_cast<std::size_t>(n) + 1, 0);
    // Leaves (switches linked to a node) are marked here, in the pass that sees
    // both ends of every link; assignLevels starts its search from them.
    levels_.assign(static_cast<std::size_t>(n), -1);
    // Pass 1 reads each Link once (ids, speed, cables) into a compact record;
    // pass 2 scatters the records into the adjacency, one allocation, without
    // touching the design's links again (~2.5 MB of them at 21k links).
    const auto resolved = std::make_unique_for_overwrite<ResolvedLink[]>(linkCount);
    linkEnds_ = std::make_unique_for_overwrite<LinkEnds[]>(linkCount);
    resolveLinks(design, resolved.get(), problems);
    for (int i = 0; i < n; ++i)
        offsets_[i + 1] += offsets_[i];
    scatterEdges(resolved.get(), linkCount);
}

void TopologyGraph::resolveLinks(const Design& design, ResolvedLink* resolved, Problems& problems)
{
    const int n = partCount();
    // Drawn and generated links come in runs from one part (a node's NICs, a
    // leaf's uplinks): reuse the previous lookup when the id repeats. Their far
    // ends often follow the parts' order (spine1, spine2, ...): with unique ids
    // the part after the previous end is checked before the hash.
    const bool uniqueIds = !byId_.hasRepeats();
    const auto resolve = [&](const std::string& id, const std::string*& lastId, int& last) {
        if (lastId && IdIndex::sameText(id, *lastId))
            return last;
        const int next = last + 1;
        if (uniqueIds && last >= 0 && next < n &&
            IdIndex::sameText(id, design.parts[static_cast<std::size_t>(next)].id))
            last = next;
        else
            last = indexOf(id);
        lastId = &id;
        return last;
    };
    const auto clampInt = [](long long v) {
        return static_cast<int>(std::min<long long>(v, std::numeric_limits<int>::max()));
    };
    const std::string* lastFromId = nullptr;
    const std::string* lastToId = nullptr;
    int lastFrom = -1, lastTo = -1;
    for (std::size_t l = 0; l < design.links.size(); ++l) {
        const Link& link = design.links[l];
        ResolvedLink& r = resolved[l];
        r.from = resolve(link.fromPartId, lastFromId, lastFrom);
        r.to = resolve(link.toPartId, lastToId, lastTo);
        linkEnds_[l] = {r.from, r.to};
        if (r.from < 0 || r.to < 0 || r.from == r.to) {
            const bool self = r.from >= 0 && r.from == r.to;
            problems.push_back({Severity::Error, "links[" + link.id + "]",
                                self ? "link joins a part to itself"
                                     : "link end '" + (r.from < 0 ? link.fromPartId : link.toPartId) +
                                           "' is not a part of the design",
                                link.id});
            r.from = r.to = -1;
            continue;
        }
        // A link between groups stands for the cables of its joined member pairs
        // (link_bundle.h). Saturated: an absurd count in an invalid design (the
        // validator builds this graph too) must not overflow; the validator
        // reports the count.
        const BundleShape shape = bundleShape(link, members_[r.from], members_[r.to]);
        r.cables = clampInt(shape.cables);
        r.fromPartners = clampInt(shape.fromPartners);
        r.toPartners = clampInt(shape.toPartners);
        r.fromPerMember = clampInt(shape.fromPerMember);
        r.toPerMember = clampInt(shape.toPerMember);
        r.gbps = link.speedGbps;
        if (kinds_[r.from] == PartKind::Switch && kinds_[r.to] == PartKind::Node)
            levels_[r.from] = 0;
        else if (kinds_[r.to] == PartKind::Switch && kinds_[r.from] == PartKind::Node)
            levels_[r.to] = 0;
        ++offsets_[r.from + 1];
        ++offsets_[r.to + 1];
    }
}

void TopologyGraph::scatterEdges(const ResolvedLink* resolved, std::size_t linkCount)
{
    const int n = partCount();
    edges_ = std::make_unique_for_overwrite<GraphEdge[]>(static_cast<std::size_t>(offsets_[n]));
    std::vector<int> fill(offsets_.begin(), offsets_.end() - 1);
    for (std::size_t l = 0; l < linkCount; ++l) {
        const ResolvedLink& r = resolved[l];
        if (r.from < 0)
            continue;
        edges_[fill[r.from]++] = {r.to,           static_cast<int>(l), r.cables,
                                  r.fromPartners, r.fromPerMember,     r.gbps};
        edges_[fill[r.to]++] = {r.from, static_cast<int>(l), r.cables, r.toPartners, r.toPerMember, r.gbps};
    }
}

void TopologyGraph::assignLevels()
{
    // Multi-source BFS from every switch that has a node below it (marked 0 by
    // buildEdges). Levels are BFS distances capped at 2: the order of the
    // sources does not change them.
    const int n = partCount();
    std::vector<int> queue;
    queue.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        if (levels_[i] == 0)
            queue.push_back(i);
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
