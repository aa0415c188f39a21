#include "models/topology/switch_ports.h"

#include "models/design/link_bundle.h"
#include "models/topology/topology_graph.h"

#include <climits>

namespace cf {
namespace {

long long saturatedSum(long long a, long long b)
{
    return a > LLONG_MAX - b ? LLONG_MAX : a + b; // both >= 0
}

} // namespace

long long portsUsedPerMember(const Part& part, std::span<const PartLink> links)
{
    long long used = 0;
    for (const PartLink& l : links) {
        const bool atFrom = l.from == &part, atTo = l.to == &part;
        if (!l.link || !l.from || !l.to || atFrom == atTo) // a missing end, a self-link, not this part's
            continue;
        const BundleShape shape = bundleShape(*l.link, partMembers(*l.from), partMembers(*l.to));
        used = saturatedSum(used, atFrom ? shape.fromPerMember : shape.toPerMember);
    }
    return used;
}

long long portsUsedPerMember(const TopologyGraph& graph, int part)
{
    if (part < 0 || part >= graph.partCount())
        return 0;
    long long used = 0;
    for (const GraphEdge* e = graph.edgesBegin(part); e != graph.edgesEnd(part); ++e)
        used += e->perMember; // each clamped to INT_MAX: no overflow below 2^31 edges
    return used;
}

} // namespace cf
