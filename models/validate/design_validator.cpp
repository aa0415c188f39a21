// validateDesign: every problem of a design that needs no prediction. Each
// problem names its field and says, in a sentence, what is wrong and what
// would be right. Rules that divide by a value run only when that value is
// itself valid, so a bad design never divides by zero.
#include "models/validate/design_validator.h"
#include "models/design/design_limits.h"
#include "models/design/field_table.h"
#include "models/design/link_bundle.h"
#include "models/validate/design_validator_rules.h"
#include "models/validate/link_rules.h"

#include "models/catalog/catalog.h"
#include "models/racks/rack_validator.h"
#include "models/topology/id_index.h"
#include "models/topology/topology_graph.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iterator>
#include <memory>
#include <string_view>
#include <tuple>

namespace cf {
namespace {

using validation::Context;
using validation::num;

// Bounds: limits::DesignLimits (design_limits.h, with their sources).
using DL = limits::DesignLimits;
constexpr long long kMaxTotalGpus = DL::kMaxTotalGpus;
constexpr int kMaxSwitchesInArray = DL::kMaxSwitchesInArray;

using validation::itemLabel;

// Which catalog section holds `id`, in words ("a switch"); "" if none.
std::string sectionOf(const Catalog& c, const std::string& id)
{
    if (c.node(id))
        return "a node";
    if (c.switchSpec(id))
        return "a switch";
    if (c.storage(id))
        return "a storage system";
    if (c.gpu(id))
        return "a GPU (place a node that holds it)";
    if (c.nic(id))
        return "a NIC";
    if (c.cable(id))
        return "a cable";
    return {};
}

bool inCatalogSection(const Catalog& c, PartKind kind, const std::string& id)
{
    switch (kind) {
    case PartKind::Node:
        return c.node(id) != nullptr;
    case PartKind::Switch:
        return c.switchSpec(id) != nullptr;
    case PartKind::Storage:
        return c.storage(id) != nullptr;
    }
    return false;
}

std::string lowered(std::string text)
{
    for (char& c : text)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

void checkIds(Context& ctx)
{
    // One flat index of views into the design's own strings (id_index.h): no
    // copy and no node allocation per id (23,000 ids at 2,048 nodes).
    const Design& d = ctx.design;
    IdIndex seen(d.parts.size() + d.links.size());
    auto check = [&](const char* collection, const char* noun, std::size_t i, const std::string& id) {
        const auto f = [&] { return itemLabel(collection, i, id) + ".id"; };
        if (id.empty())
            ctx.error(f(), std::string(noun) + " " + std::to_string(i) + " has no id; every " +
                               lowered(noun) + " needs a unique id.");
        else if (!seen.insert(id, 0))
            ctx.error(f(), "The id '" + id + "' is used by more than one part or link; ids must be unique.",
                      id);
    };
    for (std::size_t i = 0; i < d.parts.size(); ++i)
        check("parts", "Part", i, d.parts[i].id);
    for (std::size_t i = 0; i < d.links.size(); ++i)
        check("links", "Link", i, d.links[i].id);
}

void checkParts(Context& ctx)
{
    const Design& d = ctx.design;
    const FieldSpec<Part>& countRow = partRow("parts.count"); // a switch array's bound is by kind, below
    for (std::size_t i = 0; i < d.parts.size(); ++i) {
        const Part& p = d.parts[i];
        const std::size_t firstProblem = ctx.problems.size(); // the part's own from here
        // The field name is built only for a problem: most parts have none.
        const auto at = [&](const char* field) { return itemLabel("parts", i, p.id) + field; };
        const std::string kind = toString(p.kind);
        if (p.catalogId.empty())
            ctx.error(at(".catalogId"),
                      "The " + kind + " '" + p.id + "' has no catalog id; pick a part from the catalog.",
                      p.id);
        else if (ctx.catalog && !inCatalogSection(*ctx.catalog, p.kind, p.catalogId)) {
            const std::string other = sectionOf(*ctx.catalog, p.catalogId);
            if (other.empty())
                ctx.error(at(".catalogId"),
                          "'" + p.catalogId + "' is not in the catalog (no " + kind + " has that id).", p.id);
            else
                ctx.error(at(".catalogId"),
                          "'" + p.catalogId + "' is " + other + " in the catalog, but the part '" + p.id +
                              "' is a " + kind + ".",
                          p.id);
        }
        if (p.count < countRow.design.min)
            ctx.error(at(".count"),
                      "The " + kind + " '" + p.id + "' has count " + std::to_string(p.count) +
                          "; a part stands for at least " +
                          std::to_string(static_cast<int>(countRow.design.min)) + " item.",
                      p.id);
        else if (p.count > 1 && p.kind == PartKind::Storage)
            ctx.error(at(".count"),
                      "Only node groups and switch arrays may have a count above 1; the " + kind + " '" +
                          p.id + "' has count " + std::to_string(p.count) + ". Place " +
                          std::to_string(p.count) + " separate " + kind + " parts instead.",
                      p.id);
        else if (p.kind == PartKind::Switch && p.count > kMaxSwitchesInArray)
            ctx.error(at(".count"),
                      "The switch array '" + p.id + "' has " + std::to_string(p.count) +
                          " switches; one array holds at most " + std::to_string(kMaxSwitchesInArray) + ".",
                      p.id);
        else if (p.kind == PartKind::Node && p.count > countRow.design.max)
            ctx.error(at(".count"),
                      "The group '" + p.id + "' has " + std::to_string(p.count) +
                          " nodes; one group holds at most " +
                          std::to_string(static_cast<int>(countRow.design.max)) + ".",
                      p.id);
        if (!std::isfinite(p.x) || !std::isfinite(p.y))
            ctx.error(at(std::isfinite(p.x) ? ".y" : ".x"),
                      "The position of '" + p.id + "' is not a finite number.", p.id);
        validation::checkItemBounds(ctx, p, i, firstProblem); // the rest: the position
    }
    if (ctx.catalog && ctx.gpus > kMaxTotalGpus)
        ctx.error("parts", "The design has " + std::to_string(ctx.gpus) + " GPUs; more than " +
                               std::to_string(kMaxTotalGpus) + " is beyond what ClusterForge models.");
}

std::string displayName(const Part& p)
{
    return "'" + (p.name.empty() ? p.id : p.name) + "'";
}

long long membersOf(const Part& p)
{
    return p.kind == PartKind::Storage ? 1 : std::max(1, p.count);
}

// One end's block keys (issue 19, link.h): no negative value, no block count
// without a block size. False when the end cannot be split at all.
bool checkEndKeys(Context& ctx, const Link& l, const std::string& where, const char* side,
                  const LinkEndBlocks& end)
{
    const std::string per = std::string(side) + "MembersPerBlock", blocks = std::string(side) + "Blocks";
    bool ok = true;
    if (end.membersPerBlock < 0) {
        ctx.error(where + "." + per,
                  "Link '" + l.id + "' has " + per + " " + std::to_string(end.membersPerBlock) +
                      "; it must be 0 (every member in one block) or more.",
                  l.id);
        ok = false;
    }
    if (end.blocks < 0) {
        ctx.error(where + "." + blocks,
                  "Link '" + l.id + "' has " + blocks + " " + std::to_string(end.blocks) +
                      "; it must be 0 (no wrap) or more.",
                  l.id);
        ok = false;
    } else if (end.blocks > 0 && end.membersPerBlock == 0) {
        ctx.error(where + "." + blocks,
                  "Link '" + l.id + "' has " + blocks + " " + std::to_string(end.blocks) + " but no " + per +
                      "; set the members of each block, or 0 blocks.",
                  l.id);
        ok = false;
    }
    return ok;
}

// A bundle (link.h): both ends split into the same number of blocks, none of
// them empty, so that every member of each end is joined to someone. O(1).
void checkBundle(Context& ctx, const Link& l, const std::string& where, const Part& from, const Part& to)
{
    const bool fromOk = checkEndKeys(ctx, l, where, "from", l.fromBlocks);
    const bool toOk = checkEndKeys(ctx, l, where, "to", l.toBlocks);
    if (!fromOk || !toOk || (l.fromBlocks.isWhole() && l.toBlocks.isWhole()))
        return;
    const EndBlocks f = endBlocks(l.fromBlocks, membersOf(from));
    const EndBlocks t = endBlocks(l.toBlocks, membersOf(to));
    const auto describe = [](const Part& p, const EndBlocks& e) {
        return displayName(p) + " (" + std::to_string(e.count) + (e.count == 1 ? " member" : " members") +
               ", " + std::to_string(e.per) + " per block" +
               (e.wrap > 0 ? ", wrapping after " + std::to_string(e.wrap) : "") + ")";
    };
    if (f.blocks != t.blocks) {
        ctx.error(where + ".toBlocks",
                  "Link '" + l.id + "' splits " + describe(from, f) + " into " + std::to_string(f.blocks) +
                      " blocks but " + describe(to, t) + " into " + std::to_string(t.blocks) +
                      "; both ends need the same number of blocks.",
                  l.id);
        return;
    }
    for (const auto& [part, end, side] : {std::tuple{&from, &f, "from"}, std::tuple{&to, &t, "to"}})
        if (const long long empty = end->firstEmpty(); empty >= 0)
            ctx.error(where + "." + side + "Blocks",
                      "Link '" + l.id + "': block " + std::to_string(empty + 1) + " of " +
                          std::to_string(end->blocks) + " of " + describe(*part, *end) +
                          " holds no member; lower " + side + "Blocks or " + side + "MembersPerBlock.",
                      l.id);
}

// A link's speed and cables within their rows' design bounds (field_table.h);
// the speed is above its minimum, not at it. The field is named only for a problem.
void checkLinkNumbers(Context& ctx, const Link& l, std::size_t index)
{
    const FieldSpec<Link>& speed = linkRow("links.speedGbps");
    const FieldSpec<Link>& cables = linkRow("links.cablesPerMember");
    const auto at = [&](const FieldSpec<Link>& row) {
        return itemLabel("links", index, l.id) + "." + row.key();
    };
    if (!std::isfinite(l.speedGbps) || l.speedGbps <= speed.design.min)
        ctx.error(at(speed),
                  "Link '" + l.id + "' has speed " + num(l.speedGbps) +
                      " Gb/s; a link's speed must be above " + num(speed.design.min) + ".",
                  l.id);
    else if (l.speedGbps > speed.design.max)
        ctx.error(at(speed),
                  "Link '" + l.id + "' has speed " + num(l.speedGbps) + " Gb/s, above the " +
                      num(speed.design.max) + " Gb/s any cable carries.",
                  l.id);
    const auto [minCables, maxCables] = cables.design;
    if (l.cablesPerMember < minCables || l.cablesPerMember > maxCables)
        ctx.error(at(cables),
                  "Link '" + l.id + "' has " + std::to_string(l.cablesPerMember) +
                      " cables per member; it must be from " + std::to_string(static_cast<int>(minCables)) +
                      " to " + std::to_string(static_cast<int>(maxCables)) + ".",
                  l.id);
}

void checkLinks(Context& ctx, const TopologyGraph* graph)
{
    const Design& d = ctx.design;
    // Link ends as the topology graph resolved them when given, else through
    // one flat index built here (Design::findPart is a linear scan: O(links x
    // parts), 225 ms at 2,048 nodes). The first part with an id wins in both.
    IdIndex ownIndex;
    if (!graph) {
        ownIndex.reserve(d.parts.size());
        for (std::size_t i = 0; i < d.parts.size(); ++i)
            ownIndex.insert(d.parts[i].id, int(i));
    }
    auto partAt = [&](int i) -> const Part* { return i < 0 ? nullptr : &d.parts[std::size_t(i)]; };
    auto findPart = [&](const std::string& id) { return partAt(ownIndex.find(id)); };
    // Which pairs may be linked (link_rules.h); tiers need no catalog.
    static const Catalog kNoCatalog;
    const Catalog& catalog = ctx.catalog ? *ctx.catalog : kNoCatalog;
    const std::unique_ptr<LinkRules> rules =
        graph ? std::make_unique<LinkRules>(d, catalog, *graph) : std::make_unique<LinkRules>(d, catalog);
    for (std::size_t i = 0; i < d.links.size(); ++i) {
        const Link& l = d.links[i];
        const std::size_t firstProblem = ctx.problems.size(); // the link's own from here
        const auto at = [&](const char* field) { return itemLabel("links", i, l.id) + field; };
        const Part* from = l.fromPartId.empty() ? nullptr
                           : graph              ? partAt(graph->linkEnds(int(i)).from)
                                                : findPart(l.fromPartId);
        const Part* to = l.toPartId.empty() ? nullptr
                         : graph            ? partAt(graph->linkEnds(int(i)).to)
                                            : findPart(l.toPartId);
        if (!from)
            ctx.error(at(".from"),
                      "Link '" + l.id + "' starts at '" + l.fromPartId +
                          "', which is not a part of this design.",
                      l.id);
        if (!to)
            ctx.error(at(".to"),
                      "Link '" + l.id + "' ends at '" + l.toPartId + "', which is not a part of this design.",
                      l.id);
        if (from && to && (l.fromBlocks != LinkEndBlocks{} || l.toBlocks != LinkEndBlocks{}))
            checkBundle(ctx, l, itemLabel("links", i, l.id), *from, *to);
        if (from && to) {
            const LinkLegality legal = rules->linkLegality(*from, *to);
            if (legal.verdict == LinkVerdict::Refuse)
                ctx.error(at(".to"), "Link '" + l.id + "': " + legal.message, l.id);
            else if (legal.verdict == LinkVerdict::Warn)
                ctx.warning(at(".to"), "Link '" + l.id + "': " + legal.message, l.id);
        }
        checkLinkNumbers(ctx, l, i);
        validation::checkItemBounds(ctx, l, i, firstProblem); // the rest: bundles
    }
}

} // namespace

Problems validateStructure(const Design& design, const Catalog* catalog, const TopologyGraph* graph)
{
    Context ctx(design, catalog);
    checkIds(ctx);
    checkParts(ctx);
    checkLinks(ctx, catalog ? graph : nullptr);
    return std::move(ctx.problems);
}

Problems validateRun(const Design& design, const Catalog* catalog)
{
    Context ctx(design, catalog);
    validation::checkWorkload(ctx);
    validation::checkParallelism(ctx);
    validation::checkEconomics(ctx);
    if (catalog && (!design.racks.empty() || !design.placements.empty())) {
        Problems racks = validateRacks(design, *catalog); // floor plan (issue 17)
        ctx.problems.insert(ctx.problems.end(), racks.begin(), racks.end());
    }
    return std::move(ctx.problems);
}

Problems validateDesign(const Design& design, const Catalog* catalog)
{
    Problems all = validateStructure(design, catalog);
    Problems run = validateRun(design, catalog);
    all.insert(all.end(), std::make_move_iterator(run.begin()), std::make_move_iterator(run.end()));
    return all;
}

} // namespace cf
