#pragma once
// Expansion of a compact design (issue 19 item 1): a switch array (a switch
// part with count > 1) and a link bundle (a link whose ends have blocks, see
// LinkEndBlocks in link.h) stay one entry in the file, the store and the
// scene; the views and exports that need each member ask this file.
//
// What expandBundles makes of a design (our choice, so that the exporters
// written for one switch per part and one link per (group, switch) keep
// working unchanged and a hand-drawn twin exports byte for byte the same):
//  - a switch array of n becomes n single switches, in place, in member order:
//    id memberId(array, i), name memberName(array, i);
//  - a node group stays one group when every link touching it takes the
//    group whole (one block); otherwise it splits, in place, into runs of
//    consecutive members that sit in the same block of every link touching
//    it (id memberId(group, first), name memberRunName(group, first, last));
//  - a link becomes one link per pair of expanded parts it joins, from-major
//    in member order (id memberId(link, k), k = 1..pairs), with both ends
//    whole and its cablesPerMember: a run of k nodes joined to one switch is
//    one group-to-switch link of k x cablesPerMember cables, as before;
//  - placements follow: a placement of array members becomes one placement
//    per member, stacked at the switch's height; a placement of a split group
//    one per run it overlaps.
// A design without arrays or bundles comes back unchanged.
//
// Cost: O(parts + members + joined pairs + placements); the joined pairs are
// bounded by kMaxExpandedLinks.

#include "models/core/result.h"
#include "models/design/design.h"
#include "models/design/link_bundle.h"

#include <functional>
#include <string>

namespace cf {

class Catalog;

// Links an expansion may create (our choice: 2^22, 16x the cables of the
// largest generated frontier fabric, 274,432 links at 131,072 GPUs, docs/performance.md).
inline constexpr long long kMaxExpandedLinks = 1LL << 22;

// partMembers (a part's member count) is in models/design/link_bundle.h.

// True when the design has a switch array or a link with blocks.
bool isCompact(const Design& design);
bool isBundle(const Link& link); // an end with blocks (not whole)

// The members of `to` that member `fromMember` of `from` is joined to by `link`
// (see Link); `fromMembers` / `toMembers` are the ends' member counts.
// Calls visit(fromMember, toMember) for every joined pair, from-major, in
// member order. O(members + pairs).
void forEachJoinedPair(const Link& link, int fromMembers, int toMembers,
                       const std::function<void(int fromMember, int toMember)>& visit);
// Joined member pairs of a link, without visiting them: O(1) (bundleShape).
long long joinedPairs(const Link& link, int fromMembers, int toMembers);
// Blocks in which both ends have members (what a bundle's label counts): O(members).
long long joinedBlocks(const Link& link, int fromMembers, int toMembers);

// The id and name of member i (0-based) of a part or link: "<id>.<i+1>" and
// "<name> <i+1>" (an empty name stays empty). `separator` is "." unless an
// existing id would collide (expandBundles then lengthens it: "..").
std::string memberId(const std::string& id, long long member, const std::string& separator = ".");
std::string memberName(const std::string& name, long long member);
// A run of a split node group, members first..last (0-based): "<name> <first+1>-<last+1>".
std::string memberRunName(const std::string& name, long long first, long long last);

// The design with every array and bundle expanded (see above). Errors name the
// field: a link end that is no part ("links[<id>].from"), a negative block
// size, more than kMaxExpandedLinks links. The catalog gives the heights
// placements stack at.
Result<Design> expandBundles(const Design& design, const Catalog& catalog);

} // namespace cf
