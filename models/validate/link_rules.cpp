#include "models/validate/link_rules.h"

#include "models/catalog/catalog.h"
#include "models/design/link_bundle.h"
#include "models/topology/switch_ports.h"
#include "models/topology/topology_graph.h"

#include <algorithm>
#include <climits>
#include <functional>

namespace cf {
namespace {

// Link speed when neither end says one (storage to storage), Gb/s; our choice
// (the most common NDR/400GbE port in the catalog).
constexpr double kFallbackLinkGbps = 400.0;
// Same-tier links are judged only on the leaf (0) and spine (1) tiers: the
// topology caps tiers at 2, so two "cores" may sit on different real tiers.
constexpr int kHighestJudgedTier = 1;

std::string labelOf(const Part& p)
{
    return "'" + (p.name.empty() ? p.id : p.name) + "'";
}

const char* tierPlural(int level)
{
    return level == 0 ? "leaves" : "spines";
}

// A node group or a switch array stands for `count` members (issue 19).
long long membersOf(const Part* p)
{
    return p ? partMembers(*p) : 1;
}

LinkLegality refuse(std::string message)
{
    return {LinkVerdict::Refuse, std::move(message)};
}

} // namespace

LinkRules::LinkRules(const Design& design, const Catalog& catalog)
    : design_(design), catalog_(catalog), ownedGraph_(std::make_unique<TopologyGraph>(design, catalog)),
      graph_(ownedGraph_.get())
{}

LinkRules::LinkRules(const Design& design, const Catalog& catalog, const TopologyGraph& graph)
    : design_(design), catalog_(catalog), graph_(&graph)
{}

LinkRules::~LinkRules() = default;

long long LinkRules::cablesOfLink(const Link& link, const Part* from, const Part* to)
{
    return bundleShape(link, membersOf(from), membersOf(to)).cables;
}

long long LinkRules::cablesOfLink(const Link& link) const
{
    return cablesOfLink(link, design_.findPart(link.fromPartId), design_.findPart(link.toPartId));
}

long long LinkRules::portsUsed(const std::string& partId) const
{
    return portsUsedPerMember(*graph_, graph_->indexOf(partId)); // -1: 0
}

int LinkRules::switchRadix(const std::string& partId) const
{
    const int i = graph_->indexOf(partId);
    const SwitchSpec* sw = i < 0 ? nullptr : graph_->switchSpec(i);
    return sw ? sw->radix : 0;
}

int LinkRules::levelOf(const Part& part) const
{
    // A part of this design is its own index when ids are unique (no hash
    // probe per link end: the validator asks twice per link).
    const Part* first = design_.parts.data();
    const std::less<const Part*> before; // a total order, also for a part of another design
    const bool inDesign = !before(&part, first) && before(&part, first + design_.parts.size());
    const int i = inDesign && !graph_->hasRepeatedIds() ? int(&part - first) : graph_->indexOf(part.id);
    return i < 0 ? -1 : graph_->level(i);
}

std::vector<const Link*> LinkRules::nodeSwitchLinks(const Part& node) const
{
    std::vector<const Link*> out;
    const int i = graph_->indexOf(node.id);
    if (i < 0)
        return out;
    for (const GraphEdge* e = graph_->edgesBegin(i); e != graph_->edgesEnd(i); ++e)
        if (graph_->kind(e->to) == PartKind::Switch)
            out.push_back(&design_.links[std::size_t(e->link)]);
    // Design order, so that the remainder of an uneven split is stable.
    std::sort(out.begin(), out.end());
    return out;
}

LinkDefault LinkRules::defaultLinkFor(const std::string& fromId, const std::string& toId) const
{
    LinkDefault out;
    const Part* a = design_.findPart(fromId);
    const Part* b = design_.findPart(toId);
    if (!a || !b) {
        out.speedGbps = kFallbackLinkGbps;
        return out;
    }
    const Part* nodePart = a->kind == PartKind::Node ? a : (b->kind == PartKind::Node ? b : nullptr);
    const NodeSpec* node = nodePart ? catalog_.node(nodePart->catalogId) : nullptr;
    for (const Part* p : {a, b})
        if (const SwitchSpec* s = p->kind == PartKind::Switch ? catalog_.switchSpec(p->catalogId) : nullptr)
            out.speedGbps = out.speedGbps <= 0 ? s->portGbps : std::min(out.speedGbps, s->portGbps);
    if (node && node->nicGbps > 0)
        out.speedGbps = node->nicGbps;
    if (out.speedGbps <= 0)
        out.speedGbps = kFallbackLinkGbps;

    const Part* sw = a->kind == PartKind::Switch ? a : (b->kind == PartKind::Switch ? b : nullptr);
    if (!node || !sw || node->nics < 1)
        return out;
    // The node's NICs over its links to switches, this one included.
    const std::vector<const Link*> existing = nodeSwitchLinks(*nodePart);
    int used = 0;
    for (const Link* l : existing)
        used += std::max(0, l->cablesPerMember);
    const int bundles = int(existing.size()) + 1;
    if (existing.empty()) {
        out.cablesPerMember = node->nics;
    } else if (used == node->nics && node->nics >= bundles) {
        const int base = node->nics / bundles, extra = node->nics % bundles;
        for (std::size_t k = 0; k < existing.size(); ++k) {
            const int share = base + (int(k) < extra ? 1 : 0);
            if (share != existing[k]->cablesPerMember)
                out.rebalanced.push_back({existing[k]->id, share});
        }
        out.cablesPerMember = base;
        out.note = std::to_string(node->nics) + " NICs of " + labelOf(*nodePart) + " split over " +
                   std::to_string(bundles) + " switches";
    } else {
        out.cablesPerMember = std::max(1, node->nics - used);
        out.note = node->nics > used
                       ? std::to_string(node->nics - used) + " NIC(s) of " + labelOf(*nodePart) + " left"
                       : labelOf(*nodePart) + " already uses its " + std::to_string(node->nics) +
                             " NICs; 1 more cable";
    }
    // Cut to the switch's free ports; legality refuses when not even 1 per member fits.
    const int radix = switchRadix(sw->id);
    const long long members = membersOf(nodePart);
    const long long freePorts = radix - portsUsed(sw->id);
    if (radix > 0 && static_cast<long long>(out.cablesPerMember) * members > freePorts &&
        freePorts >= members) {
        const int fit = int(std::min<long long>(freePorts / members, INT_MAX));
        out.note = labelOf(*sw) + " has " + std::to_string(freePorts) +
                   " free ports: " + std::to_string(fit) + " cable(s) per node instead of " +
                   std::to_string(out.cablesPerMember);
        out.cablesPerMember = fit;
    }
    return out;
}

LinkLegality LinkRules::linkLegality(const std::string& fromId, const std::string& toId,
                                     int newCablesPerMember) const
{
    const Part* a = design_.findPart(fromId);
    const Part* b = design_.findPart(toId);
    if (!a || !b)
        return refuse("A link needs two parts of the design; '" + (a ? toId : fromId) + "' is not one.");
    return linkLegality(*a, *b, newCablesPerMember);
}

LinkLegality LinkRules::linkLegality(const Part& a, const Part& b, int newCablesPerMember) const
{
    if (a.id == b.id)
        return refuse(labelOf(a) + " cannot be linked to itself.");
    if (a.kind == PartKind::Node && b.kind == PartKind::Node) {
        if (a.count > 1 && b.count > 1)
            return refuse(labelOf(a) + " (x" + std::to_string(a.count) + ") and " + labelOf(b) + " (x" +
                          std::to_string(b.count) +
                          ") are two node groups; connect groups through a switch.");
        return refuse(
            labelOf(a) + " and " + labelOf(b) +
            " are both nodes; ClusterForge carries node traffic through switches only, so link each "
            "node to a switch.");
    }
    if (newCablesPerMember > 0)
        if (LinkLegality ports = freePorts(a, b, newCablesPerMember); ports.verdict != LinkVerdict::Allowed)
            return ports;
    if (a.kind == PartKind::Switch && b.kind == PartKind::Switch) {
        const int level = levelOf(a);
        if (level >= 0 && level <= kHighestJudgedTier && level == levelOf(b))
            return {LinkVerdict::Warn,
                    labelOf(a) + " and " + labelOf(b) + " are both " + tierPlural(level) +
                        "; the fabric model routes traffic only between tiers, so this link "
                        "uses ports but carries no traffic."};
    }
    return {};
}

LinkLegality LinkRules::freePorts(const Part& a, const Part& b, int cablesPerMember) const
{
    Link proposed;
    proposed.cablesPerMember = cablesPerMember;
    const BundleShape shape = bundleShape(proposed, membersOf(&a), membersOf(&b));
    for (const Part* p : {&a, &b}) {
        const long long needed = p == &a ? shape.fromPerMember : shape.toPerMember; // per member
        const int radix = switchRadix(p->id);
        const long long free = radix - portsUsed(p->id);
        if (radix > 0 && needed > free)
            return refuse(labelOf(*p) + " has " + std::to_string(std::max(free, 0LL)) + " free port(s) of " +
                          std::to_string(radix) + "; this link needs " + std::to_string(needed) + ".");
    }
    return {};
}

LinkCapacity LinkRules::capacityOf(const Design& design, const Catalog& catalog, const Link& link)
{
    LinkCapacity c;
    const Part* from = design.findPart(link.fromPartId);
    const Part* to = design.findPart(link.toPartId);
    c.cablesPerMember = link.cablesPerMember;
    c.speedGbps = link.speedGbps;
    c.perMemberGbps = std::max(0, link.cablesPerMember) * link.speedGbps;
    c.members = std::max(membersOf(from), membersOf(to));
    c.cables = cablesOfLink(link, from, to);
    c.totalGbps = double(c.cables) * link.speedGbps;
    for (const Part* p : {from, to}) {
        const NodeSpec* n = p && p->kind == PartKind::Node ? catalog.node(p->catalogId) : nullptr;
        if (!n || n->nics < 1 || !(n->nicGbps > 0))
            continue;
        c.nodeNics = n->nics;
        c.nodeNicGbps = n->nicGbps;
        const double nicCapacityGbps = n->nics * n->nicGbps;
        c.nicShare = c.perMemberGbps / nicCapacityGbps;
        double linked = 0; // this node's links to switches, per member
        for (const Link& l : design.links) {
            const std::string& other =
                l.fromPartId == p->id ? l.toPartId : (l.toPartId == p->id ? l.fromPartId : p->id);
            const Part* o = other == p->id ? nullptr : design.findPart(other);
            if (o && o->kind == PartKind::Switch)
                linked += std::max(0, l.cablesPerMember) * l.speedGbps;
        }
        c.nodeLinksShare = linked / nicCapacityGbps;
        break;
    }
    return c;
}

} // namespace cf
