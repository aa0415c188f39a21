#pragma once
// The drawn graph as flat arrays for the topology pass: parts resolved against
// the catalog once, a hash index by id, adjacency in compressed rows, and each
// switch's tier. Built in O(parts + links); used by deriveTopology and pathBetween.

#include "models/catalog/catalog.h"
#include "models/core/problem.h"
#include "models/core/result.h"
#include "models/design/design.h"
#include "models/topology/id_index.h"

#include <memory>
#include <string_view>
#include <vector>

namespace cf {

// No default member initialisers: the adjacency is allocated uninitialised and
// every edge is written once (zero-filling ~1 MB per evaluation cost as much as
// filling it).
struct GraphEdge {
    int to;        // part index at the other end
    int link;      // index into design.links
    int cables;    // physical cables this link stands for (all members, link_bundle.h)
    int partners;  // most members of `to` one member of this part joins (1 between single parts)
    int perMember; // ports one member of this part uses on it: partners x cablesPerMember
    double gbps;   // per cable
};

class TopologyGraph {
public:
    // The graph of what resolves, for callers that report the design's
    // problems elsewhere (the validator, the exporters, the canvas).
    TopologyGraph(const Design& design, const Catalog& catalog);
    // The same graph with its problems: unknown catalog ids, links whose ends
    // do not exist. Always a value (those parts and links are left out); the
    // problems are errors the caller reports with its own.
    static Result<TopologyGraph> build(const Design& design, const Catalog& catalog);

    int partCount() const { return static_cast<int>(kinds_.size()); }
    int indexOf(std::string_view id) const; // -1 when absent
    // Two parts share an id (the first one wins in indexOf).
    bool hasRepeatedIds() const { return byId_.hasRepeats(); }
    PartKind kind(int part) const { return kinds_[part]; }
    // Members of a node group or a switch array (issue 19); 1 for a single part.
    int members(int part) const { return members_[part]; }
    const NodeSpec* node(int part) const { return nodes_[part]; }
    const SwitchSpec* switchSpec(int part) const { return switches_[part]; }
    const StorageSpec* storage(int part) const { return storages_[part]; }
    // Adjacency of one part: [begin, end).
    const GraphEdge* edgesBegin(int part) const { return edges_.get() + offsets_[part]; }
    const GraphEdge* edgesEnd(int part) const { return edges_.get() + offsets_[part + 1]; }
    // Switch tier: 0 leaf (linked to nodes), 1 spine (linked to leaves), 2 core
    // (above spines); -1 for non-switches and switches not reachable from a leaf.
    int level(int part) const { return levels_[part]; }
    // The part indices a link's ids resolve to, -1 for an id that is not a
    // part (as drawn: a link of a part to itself keeps both ends).
    struct LinkEnds {
        int from;
        int to;
    };
    LinkEnds linkEnds(int link) const { return linkEnds_[link]; }

private:
    // `problems` collects what build() returns (a collector inside this class).
    TopologyGraph(const Design& design, const Catalog& catalog, Problems& problems);
    void index(const Design& design, const Catalog& catalog, Problems& problems);
    void buildEdges(const Design& design, Problems& problems);
    struct ResolvedLink; // one link's ends, cables and speed, read once (buildEdges' first pass)
    // Pass 1: each link's ends and bundle into `resolved`, the leaves into
    // levels_, each part's edge count into offsets_ (not yet summed).
    void resolveLinks(const Design& design, ResolvedLink* resolved, Problems& problems);
    // Pass 2: the records into the adjacency, once offsets_ holds the prefix sums.
    void scatterEdges(const ResolvedLink* resolved, std::size_t linkCount);
    void assignLevels(); // after buildEdges, which marks the leaves

    IdIndex byId_;
    std::vector<PartKind> kinds_;
    std::vector<int> members_;
    std::vector<const NodeSpec*> nodes_;
    std::vector<const SwitchSpec*> switches_;
    std::vector<const StorageSpec*> storages_;
    std::vector<int> offsets_;
    std::unique_ptr<GraphEdge[]> edges_;
    std::vector<int> levels_;
    std::unique_ptr<LinkEnds[]> linkEnds_; // per design.links entry
};

} // namespace cf
