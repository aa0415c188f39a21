#include "models/export/dot_writer.h"

#include "models/export/device_namer.h"
#include "models/export/hostlist.h"
#include "models/topology/topology_graph.h"

#include <array>
#include <cstdio>

namespace cf {
namespace {

// A DOT double-quoted string: quotes and backslashes escaped, control
// characters (a newline in a user's name) as spaces.
std::string quoted(const std::string& text)
{
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
    }
    return out + "\"";
}

std::string label(std::initializer_list<std::string> lines)
{
    std::string joined;
    for (const std::string& l : lines) {
        if (!joined.empty())
            joined += '\n';
        joined += l;
    }
    // Escaped like quoted(), the line breaks as DOT's "\n".
    std::string q = "\"";
    for (char c : joined) {
        if (c == '\n') {
            q += "\\n";
            continue;
        }
        if (c == '"' || c == '\\')
            q += '\\';
        q += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
    }
    return q + "\"";
}

std::string gbpsText(double gbps)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%gG", gbps);
    return buf;
}

// Tier for drawing: higher is drawn above. Nodes and storage at the bottom.
int tierOf(DeviceRole role)
{
    switch (role) {
    case DeviceRole::Core:
        return 3;
    case DeviceRole::Spine:
        return 2;
    case DeviceRole::Leaf:
    case DeviceRole::OtherSwitch:
        return 1;
    case DeviceRole::Node:
    case DeviceRole::Storage:
        return 0;
    }
    return 0;
}

std::string partLabel(const Part& p, const Catalog& catalog)
{
    std::string kind = p.catalogId;
    if (p.kind == PartKind::Node) {
        if (const NodeSpec* n = catalog.node(p.catalogId))
            kind = n->name;
    } else if (p.kind == PartKind::Switch) {
        if (const SwitchSpec* s = catalog.switchSpec(p.catalogId))
            kind = s->name;
    } else if (const StorageSpec* s = catalog.storage(p.catalogId)) {
        kind = s->name;
    }
    return kind;
}

} // namespace

namespace {

// What every part's and edge's lines need: the design, its graph and device names.
struct DotContext {
    const Design& design;
    const Catalog& catalog;
    const TopologyGraph& graph;
    const DeviceNamer& namer;
    int collapseAbove = 0;

    static std::string id(int part) { return "p" + std::to_string(part); }
    static std::string memberId(int part, int m) { return id(part) + "_" + std::to_string(m); }
    // A node group drawn member by member (up to collapseAbove members).
    bool expanded(int part) const
    {
        return graph.kind(part) == PartKind::Node && graph.members(part) > 1 &&
               graph.members(part) <= collapseAbove;
    }
};

std::string headerLines(const DotContext& c)
{
    std::string out = "graph " + quoted(c.design.name.empty() ? "design" : c.design.name) + " {\n";
    out += "  // Written by ClusterForge. Tiers are ranks; node groups of more than " +
           std::to_string(c.collapseAbove) + " members are one box with their count.\n";
    out += "  graph [rankdir=TB, nodesep=0.25, ranksep=1.2, fontname=\"DejaVu Sans\"];\n"
           "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#eef3fb\", fontname=\"DejaVu Sans\", "
           "fontsize=10];\n  edge [fontname=\"DejaVu Sans\", fontsize=8, color=\"#5a6b80\"];\n";
    return out;
}

// A node group drawn member by member, as a cluster subgraph.
std::string expandedGroupLines(const DotContext& c, int i)
{
    const Part& p = c.design.parts[std::size_t(i)];
    const std::string title = p.name.empty() ? p.id : p.name;
    const auto& names = c.namer.names(std::size_t(i));
    std::string out = "  subgraph cluster_" + c.id(i) + " {\n    label=" +
                      label({title, std::to_string(c.graph.members(i)) + " x " + partLabel(p, c.catalog)}) +
                      ";\n";
    for (int m = 0; m < c.graph.members(i); ++m) {
        const int hosts = c.namer.hostsPerMember(std::size_t(i));
        const std::string hostText =
            hosts == 1 ? c.namer.name(std::size_t(i), m)
                       : compressHostlist({names.begin() + m * hosts, names.begin() + (m + 1) * hosts});
        out += "    " + c.memberId(i, m) + " [label=" + label({hostText}) + "];\n";
    }
    return out + "  }\n";
}

// One box for a part (a node group of many members shows its count).
std::string partBoxLine(const DotContext& c, int i)
{
    const Part& p = c.design.parts[std::size_t(i)];
    const std::string title = p.name.empty() ? p.id : p.name;
    const auto& names = c.namer.names(std::size_t(i));
    const std::string fill = p.kind == PartKind::Switch    ? "#fdf1e0"
                             : p.kind == PartKind::Storage ? "#e9f6ec"
                                                           : "#eef3fb";
    const bool group = p.kind == PartKind::Node && c.graph.members(i) > 1;
    const std::string count = group ? std::to_string(c.graph.members(i)) + " x " + partLabel(p, c.catalog)
                                    : partLabel(p, c.catalog);
    // Switches: name and device only (their model in the tooltip), so a
    // row of 32 leaves stays narrow.
    const std::string text = p.kind == PartKind::Switch ? label({title, compressHostlist(names)})
                                                        : label({title, count, compressHostlist(names)});
    return "  " + c.id(i) + " [label=" + text + ", tooltip=" + quoted(partLabel(p, c.catalog)) +
           (group ? ", shape=box3d" : "") + ", fillcolor=\"" + fill + "\"];\n";
}

// Every part, then the tiers as ranks (rank=same per tier, top tier first).
std::string partLines(const DotContext& c)
{
    std::string out;
    std::array<std::vector<std::string>, 4> tiers; // ids per tier for rank=same
    for (int i = 0; i < c.graph.partCount(); ++i) {
        if (c.expanded(i)) {
            out += expandedGroupLines(c, i);
            continue;
        }
        out += partBoxLine(c, i);
        if (const int tier = tierOf(c.namer.role(std::size_t(i))); tier > 0)
            tiers[std::size_t(tier)].push_back(c.id(i));
    }
    for (int t = 3; t >= 1; --t)
        if (!tiers[std::size_t(t)].empty()) {
            out += "  { rank=same;";
            for (const std::string& s : tiers[std::size_t(t)])
                out += " " + s + ";";
            out += " }\n";
        }
    return out;
}

// A link's edges from the upper end down, so that dot ranks the tiers top to bottom.
std::string linkLines(const DotContext& c, const Link& l)
{
    int a = c.graph.indexOf(l.fromPartId), b = c.graph.indexOf(l.toPartId);
    if (a < 0 || b < 0 || a == b || l.cablesPerMember <= 0)
        return {};
    if (tierOf(c.namer.role(std::size_t(a))) < tierOf(c.namer.role(std::size_t(b))))
        std::swap(a, b);
    const std::string style = l.medium == Medium::NVLink ? ", style=dashed" : "";
    const std::string perMember =
        (l.cablesPerMember > 1 ? std::to_string(l.cablesPerMember) + " x " : "") + gbpsText(l.speedGbps);
    const int group = c.expanded(b) ? b : c.expanded(a) ? a : -1;
    std::string out;
    if (group >= 0) { // one edge per drawn member
        const int other = group == b ? a : b;
        for (int m = 0; m < c.graph.members(group); ++m)
            out += "  " + c.id(other) + " -- " + c.memberId(group, m) + " [xlabel=" + label({perMember}) +
                   style + "];\n";
        return out;
    }
    const long long cables =
        static_cast<long long>(l.cablesPerMember) * std::max(c.graph.members(a), c.graph.members(b));
    return "  " + c.id(a) + " -- " + c.id(b) +
           " [xlabel=" + label({(cables > 1 ? std::to_string(cables) + " x " : "") + gbpsText(l.speedGbps)}) +
           style + "];\n";
}

} // namespace

Result<std::string> designToDot(const Design& design, const Catalog& catalog, int collapseAbove)
{
    using R = Result<std::string>;
    const TopologyGraph graph(design, catalog);
    Result<DeviceNamer> namer = DeviceNamer::create(design, catalog, graph);
    if (!namer)
        return R::failure(namer.problems());
    const DotContext c{design, catalog, graph, *namer, collapseAbove};
    std::string out = headerLines(c) + partLines(c);
    for (const Link& l : design.links)
        out += linkLines(c, l);
    return out + "}\n";
}

} // namespace cf
