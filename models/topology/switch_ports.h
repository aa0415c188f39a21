#pragma once
// The ports in use on a switch, one rule (issue 30 item 2): on each of its
// links, one member of a part uses its end's per-member ports of the bundle
// (bundleShape, link_bundle.h: partners x cablesPerMember). A single switch
// thus counts every cable of its links, a switch array its busiest member. A
// link whose other end is not a part of the design, or that joins a part to
// itself, uses no port (TopologyGraph leaves it out; the validator reports it).
// The topology's radix check, LinkRules (free ports: new links, the
// inspector) and the canvas's "used / radix" badge all read portsUsedPerMember.

#include "models/design/design.h"

#include <span>

namespace cf {

class TopologyGraph;

// A link of a part with its ends as found in the design (nullptr: no such part).
struct PartLink {
    const Link* link;
    const Part* from;
    const Part* to;
};

// Ports one member of `part` uses over `links` (its links; a link not
// touching `part` counts nothing). Saturated at LLONG_MAX. O(links).
long long portsUsedPerMember(const Part& part, std::span<const PartLink> links);

// The same on a graph built from the design (part: its index), from the
// edges' perMember, which TopologyGraph fills from the same bundleShape.
// O(degree). tst_link_rules checks that the two agree.
long long portsUsedPerMember(const TopologyGraph& graph, int part);

} // namespace cf
