#include "widgets/canvas/fabric_tiers.h"

#include "models/racks/bundle_expansion.h"

#include "models/catalog/catalog.h"
#include "models/design/design.h"
#include "models/topology/topology_graph.h"
#include "widgets/canvas/canvas_style.h"
#include "widgets/document/spec_text.h"

#include <QCoreApplication>
#include <QSet>

#include <map>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cf {

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

QString tr(const char* text)
{
    return QCoreApplication::translate("cf::FabricTiers", text);
}

// TopologyGraph::level: 0 leaf, 1 spine, 2 core.
constexpr int kLeafLevel = 0;
constexpr int kSpineLevel = 1;

// The catalog name without the vendor and without a trailing "(…)" detail:
// "Quantum-2 QM9700 (NDR 64x400G)" -> "Quantum-2 QM9700". A tier label is
// read zoomed out; the full name is in every part's tooltip.
QString modelName(const Part& part, const Catalog& catalog)
{
    QString name;
    switch (part.kind) {
    case PartKind::Node:
        if (const NodeSpec* s = catalog.node(part.catalogId))
            name = spec::shortName(s->name, s->vendor);
        break;
    case PartKind::Switch:
        if (const SwitchSpec* s = catalog.switchSpec(part.catalogId))
            name = spec::shortName(s->name, s->vendor);
        break;
    case PartKind::Storage:
        if (const StorageSpec* s = catalog.storage(part.catalogId))
            name = spec::shortName(s->name, s->vendor);
        break;
    }
    if (name.isEmpty())
        return q(part.catalogId);
    if (name.endsWith(QLatin1Char(')'))) {
        const qsizetype open = name.lastIndexOf(QStringLiteral(" ("));
        if (open > 0)
            name.truncate(open);
    }
    return name;
}

QString countText(int count, const char* singular, const char* plural)
{
    // %L: the user's digit grouping ("2,048 nodes"), as the search dialog's counts.
    return QStringLiteral("%L1 %2").arg(count).arg(count == 1 ? tr(singular) : tr(plural));
}

// Switches above the spines: the graph puts every one at the core level. In a
// four-tier fabric (issue 19) those linked to spines are super-spines, linked in
// turn to the cores above them; keyed 0 super-spines, 1 cores.
using LevelMembers = std::map<int, long long>;

QString coreText(const Tier& tier, const LevelMembers& coreLevels)
{
    if (coreLevels.size() < 2)
        return countText(tier.members, "core", "cores");
    const long long cores = coreLevels.rbegin()->second;
    return tr("%L1 super-spines, %2").arg(tier.members - cores).arg(countText(int(cores), "core", "cores"));
}

QString labelOf(const Tier& tier, const QSet<QString>& models, const LevelMembers& coreLevels)
{
    QString text;
    switch (tier.role) {
    case TierRole::Node: {
        text = countText(tier.members, "node", "nodes");
        const int parts = int(tier.partIds.size());
        if (tier.groups == parts && parts > 1)
            text += tr(" (%L1 groups)").arg(parts);
        else if (tier.groups > 0 && tier.groups < parts)
            text += tr(" (%L1 parts, %L2 groups)").arg(parts).arg(tier.groups);
        break;
    }
    case TierRole::Leaf:
        text = countText(tier.members, "leaf", "leaves");
        break;
    case TierRole::Spine:
        text = countText(tier.members, "spine", "spines");
        break;
    case TierRole::Core:
        text = coreText(tier, coreLevels);
        break;
    case TierRole::OtherSwitch:
        text = countText(tier.members, "switch not linked to nodes", "switches not linked to nodes");
        break;
    case TierRole::Storage:
        text = countText(tier.members, "storage system", "storage systems");
        break;
    }
    if (models.size() == 1)
        text += QStringLiteral(" · ") + *models.cbegin();
    else if (models.size() > 1)
        text += tr(" · %1 models").arg(models.size());
    return text;
}

// Members of the core-role parts split into super-spines and cores; one entry
// when no core-role part links to another (three tiers).
LevelMembers splitCores(const Design& design, const TopologyGraph& graph, const std::vector<TierRole>& roles)
{
    const std::size_t n = roles.size();
    std::vector<char> touchesSpine(n, 0);
    bool coreToCore = false;
    for (const Link& l : design.links) {
        const int a = graph.indexOf(l.fromPartId), b = graph.indexOf(l.toPartId);
        if (a < 0 || b < 0)
            continue;
        const TierRole ra = roles[std::size_t(a)], rb = roles[std::size_t(b)];
        coreToCore |= ra == TierRole::Core && rb == TierRole::Core;
        if (ra == TierRole::Core && rb == TierRole::Spine)
            touchesSpine[std::size_t(a)] = 1;
        if (rb == TierRole::Core && ra == TierRole::Spine)
            touchesSpine[std::size_t(b)] = 1;
    }
    LevelMembers out;
    for (std::size_t i = 0; i < n; ++i)
        if (roles[i] == TierRole::Core)
            out[coreToCore && !touchesSpine[i] ? 1 : 0] += partMembers(design.parts[i]);
    return out;
}

// The part's role: nodes and storage by kind, switches by the graph's level.
TierRole roleOfPart(const Part& p, const TopologyGraph& graph, int index)
{
    if (p.kind == PartKind::Storage)
        return TierRole::Storage;
    if (p.kind != PartKind::Switch)
        return TierRole::Node;
    const int level = graph.level(index);
    return level < 0              ? TierRole::OtherSwitch
           : level == kLeafLevel  ? TierRole::Leaf
           : level == kSpineLevel ? TierRole::Spine
                                  : TierRole::Core;
}

// Each band's ink: total link length over the area of its links' end points.
// Links end at part centres, so a band's area reaches about half a part beyond
// its end points on every side; a lone straight link then gets a band one part
// wide rather than no area (our choice: one node height).
std::array<double, FabricTiers::kBandCount> bandInks(const Design& design, const TopologyGraph& graph,
                                                     const std::vector<TierRole>& roleOfIndex)
{
    constexpr std::size_t kBands = FabricTiers::kBandCount;
    std::array<double, kBands> length{}, ink{};
    std::array<double, kBands> left, top, right, bottom;
    left.fill(std::numeric_limits<double>::max());
    top.fill(std::numeric_limits<double>::max());
    right.fill(std::numeric_limits<double>::lowest());
    bottom.fill(std::numeric_limits<double>::lowest());
    for (const Link& l : design.links) {
        const int a = graph.indexOf(l.fromPartId), b = graph.indexOf(l.toPartId);
        if (a < 0 || b < 0)
            continue;
        const Part& pa = design.parts[std::size_t(a)];
        const Part& pb = design.parts[std::size_t(b)];
        const std::size_t band =
            std::size_t(FabricTiers::bandOf(roleOfIndex[std::size_t(a)], roleOfIndex[std::size_t(b)]));
        length[band] += std::hypot(pb.x - pa.x, pb.y - pa.y);
        left[band] = std::min({left[band], pa.x, pb.x});
        right[band] = std::max({right[band], pa.x, pb.x});
        top[band] = std::min({top[band], pa.y, pb.y});
        bottom[band] = std::max({bottom[band], pa.y, pb.y});
    }
    const double pad = canvas::kNodeSize.height();
    for (std::size_t band = 0; band < kBands; ++band)
        if (length[band] > 0)
            ink[band] = length[band] / ((right[band] - left[band] + pad) * (bottom[band] - top[band] + pad));
    return ink;
}

} // namespace

int FabricTiers::bandOf(TierRole a, TierRole b)
{
    const int x = int(a), y = int(b);
    return std::min(x, y) * kTierRoleCount + std::max(x, y);
}

FabricTiers FabricTiers::of(const Design& design, const Catalog& catalog)
{
    FabricTiers out;
    // The engine's own graph: its id index and its switch levels (leaf = linked
    // to a node, spine, core; the BFS of deriveTopology), so the canvas and
    // the predictions never disagree on what a switch is.
    const TopologyGraph graph(design, catalog);
    const int n = graph.partCount();
    std::array<Tier, kTierRoleCount> byRole;
    std::array<QSet<QString>, kTierRoleCount> models;
    for (int r = 0; r < kTierRoleCount; ++r)
        byRole[std::size_t(r)].role = TierRole(r);
    out.roles_.reserve(n);
    std::vector<TierRole> roleOfIndex(static_cast<std::size_t>(n), TierRole::OtherSwitch);
    for (int i = 0; i < n; ++i) {
        const Part& p = design.parts[std::size_t(i)];
        const TierRole role = roleOfPart(p, graph, i);
        const QString id = q(p.id);
        out.roles_.insert(id, role);
        roleOfIndex[std::size_t(i)] = role;
        Tier& t = byRole[std::size_t(role)];
        t.partIds.push_back(id);
        t.members += partMembers(p); // node groups and switch arrays (issue 19)
        if (p.kind == PartKind::Node && p.count > 1)
            ++t.groups;
        models[std::size_t(role)].insert(modelName(p, catalog));
    }
    out.ink_ = bandInks(design, graph, roleOfIndex);
    const LevelMembers coreLevels = splitCores(design, graph, roleOfIndex);
    for (TierRole role : {TierRole::Core, TierRole::Spine, TierRole::Leaf, TierRole::OtherSwitch,
                          TierRole::Node, TierRole::Storage}) {
        Tier& t = byRole[std::size_t(role)];
        if (t.partIds.isEmpty())
            continue;
        t.label = labelOf(t, models[std::size_t(role)], coreLevels);
        out.tiers_.push_back(std::move(t));
    }
    return out;
}

} // namespace cf
