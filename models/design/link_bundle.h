#pragma once
// What one link stands for when its ends are groups (node groups, switch
// arrays) split into blocks (LinkEndBlocks, link.h): physical cables, blocks,
// and the partners and cables one member of each end has on it. O(1) per link
// whatever the member counts (issue 19: cost grows with entries, not members).

#include "models/design/link.h"
#include "models/design/part.h"

namespace cf {

// Members of one end of `count` members in each block: a step function of the
// block index with at most three values (full blocks, one partial block, the
// blocks the wrap left one round short), so sums over blocks are O(1).
struct EndBlocks {
    long long count = 0;  // members of the end
    long long per = 0;    // members per block (count when whole)
    long long wrap = 0;   // blocks before the index wraps (0: none)
    long long blocks = 0; // block indices 0 .. blocks-1 (1 when whole)
    // Members of the end in block b (0 for b outside [0, blocks)).
    long long inBlock(long long b) const;
    // Blocks holding no member (only a wrap can leave one empty): the first, or -1.
    long long firstEmpty() const;
};

EndBlocks endBlocks(const LinkEndBlocks& end, long long members);

struct BundleShape {
    long long cables = 0;     // Σ over blocks (from in block x to in block) x cablesPerMember, saturated
    long long fromBlocks = 0; // block indices of each end
    long long toBlocks = 0;
    long long fromPartners = 0;  // most members of `to` one member of `from` joins
    long long toPartners = 0;    // most members of `from` one member of `to` joins
    long long fromPerMember = 0; // fromPartners x cablesPerMember: ports one member of `from` uses
    long long toPerMember = 0;
};

// Members: 1 for a single part, the count for a node group or a switch array.
// Negative or zero counts and block sizes give an empty shape, never a
// division by zero; every product saturates at LLONG_MAX.
BundleShape bundleShape(const Link& link, long long fromMembers, long long toMembers);

// Members one part stands for: the count of a node group or a switch array,
// 1 for storage and single parts (the member count bundleShape takes).
int partMembers(const Part& part);

// a x b, or LLONG_MAX when it overflows (both >= 0).
long long saturatedMul(long long a, long long b);

} // namespace cf
