#pragma once
// Where a part stands: in a rack, from U position `u` upwards. For a node
// group, one placement holds `members` consecutive members starting at
// `firstMember` (0-based), stacked upwards at the node's height each; a group
// may be spread over several placements (several racks).

#include <string>

namespace cf {

struct Placement {
    std::string partId;
    std::string rackId;
    int u = 1;           // lowest U occupied, 1-based from the bottom of the rack
    int firstMember = 0; // node groups: first member placed here; 0 for single parts
    int members = 1;     // node groups: members placed here, stacked; 1 for single parts

    bool operator==(const Placement&) const = default;
};

} // namespace cf
