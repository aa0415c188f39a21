#pragma once
// One home for the rules of links: the cables (switch ports) a link stands
// for, the ports in use on a switch, the speed and cables a new link gets, and
// which pairs of parts may be linked. The validator, the canvas and the
// inspector ask these; none of them counts or judges links on its own.
// (The topology's graph keeps its own per-edge cable count for speed; it
// follows cablesOfLink and tst_link_rules checks that they agree.)

#include "models/design/design.h"

#include <memory>
#include <string>
#include <vector>

namespace cf {

class Catalog;
class TopologyGraph;

enum class LinkVerdict { Allowed, Warn, Refuse };

struct LinkLegality {
    LinkVerdict verdict = LinkVerdict::Allowed;
    std::string message; // one sentence the user sees; "" when allowed
};

// What a new link between two parts gets.
struct LinkDefault {
    double speedGbps = 0;    // per cable
    int cablesPerMember = 1; // per member of a node-group end
    struct Change {
        std::string linkId;
        int cablesPerMember = 1;
    };
    // Existing links of the node end whose cables change so that the node's
    // NICs stay split evenly over its links to switches.
    std::vector<Change> rebalanced;
    std::string note; // why these figures, when that is not obvious; "" otherwise
};

// A link's bandwidth as the inspector shows it.
struct LinkCapacity {
    int cablesPerMember = 0;
    double speedGbps = 0;
    double perMemberGbps = 0; // cablesPerMember x speedGbps
    long long members = 1;    // of a node-group end; 1 otherwise
    long long cables = 0;     // cablesOfLink
    double totalGbps = 0;     // cables x speedGbps
    // The node end (first end that is a catalogued node with NICs); 0 when none.
    int nodeNics = 0;
    double nodeNicGbps = 0;    // per NIC
    double nicShare = 0;       // perMemberGbps / (nodeNics x nodeNicGbps)
    double nodeLinksShare = 0; // the same over all the node's links to switches
};

class LinkRules {
public:
    // O(parts + links): indexes the design and finds the switch tiers
    // (TopologyGraph). Both must outlive this object.
    LinkRules(const Design& design, const Catalog& catalog);
    // The same on a graph already built from this design (deriveDesignFacts
    // validates on the topology's graph instead of building a second one).
    LinkRules(const Design& design, const Catalog& catalog, const TopologyGraph& graph);
    ~LinkRules();
    LinkRules(const LinkRules&) = delete;
    LinkRules& operator=(const LinkRules&) = delete;

    // Cables a link stands for at each of its ends: cablesPerMember x the
    // members of a node-group end (see Link). A missing end counts as one
    // member, a negative cablesPerMember as 0.
    static long long cablesOfLink(const Link& link, const Part* from, const Part* to);
    long long cablesOfLink(const Link& link) const;
    // Ports in use on one member of a part (portsUsedPerMember, switch_ports.h:
    // of a switch array, its busiest member), O(degree).
    long long portsUsed(const std::string& partId) const;
    // Radix of a switch part; 0 for other parts and unknown catalog ids.
    int switchRadix(const std::string& partId) const;

    // The speed and cables of a new link between two parts of the design.
    // Speed: the node's NIC speed, else the slower switch port, else 400 Gb/s.
    // Cables: a node-to-switch link gets the node's NICs split over the
    // switches it reaches, this one included (8 NICs: 8 to the first leaf,
    // 4 + 4 once a second leaf is linked). When the node's links to switches
    // use exactly its NICs, those links are re-split (`rebalanced`); when the
    // user has set them otherwise they are kept and the new link gets the NICs
    // left (at least 1). The cables are then cut to the switch's free ports.
    // Other links get 1 cable per member.
    LinkDefault defaultLinkFor(const std::string& fromId, const std::string& toId) const;

    // Whether two parts may be linked. Refused: a part to itself, two node
    // groups, two nodes (the model carries node traffic through switches).
    // Warned: two switches of the same tier (leaf-leaf, spine-spine), which
    // use ports but carry no traffic up or down the fabric. With
    // newCablesPerMember > 0 the pair is a new link: refused too when a
    // switch end has too few free ports.
    LinkLegality linkLegality(const std::string& fromId, const std::string& toId,
                              int newCablesPerMember = 0) const;
    LinkLegality linkLegality(const Part& from, const Part& to, int newCablesPerMember = 0) const;

    // Bandwidth of a link and the node end's share of its NICs. O(links).
    static LinkCapacity capacityOf(const Design& design, const Catalog& catalog, const Link& link);

private:
    int levelOf(const Part& part) const;
    std::vector<const Link*> nodeSwitchLinks(const Part& node) const;
    LinkLegality freePorts(const Part& from, const Part& to, int cablesPerMember) const;

    const Design& design_;
    const Catalog& catalog_;
    std::unique_ptr<TopologyGraph> ownedGraph_; // when built here
    const TopologyGraph* graph_;
};

} // namespace cf
