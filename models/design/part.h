#pragma once

#include <string>

namespace cf {

// What a placed part is. Matches the catalog section the catalogId is found in.
enum class PartKind { Node, Switch, Storage };

// One placed part on the canvas. A Node with count > 1 is a group standing for
// `count` identical nodes (a rack, a scalable unit); switches and storage are
// always count 1 in a valid design.
struct Part {
    std::string id; // stable, unique within the design ("n1", "leaf3")
    PartKind kind = PartKind::Node;
    std::string catalogId; // "dgx-h100", "qm9700", "lustre-nvme"
    std::string name;      // user label
    double x = 0.0;        // scene position, in scene units (1 unit ~ 1 px at 100 %)
    double y = 0.0;
    int count = 1; // nodes in a group; 1 for a single part

    bool operator==(const Part&) const = default;
};

const char* toString(PartKind kind);
bool partKindFromString(const std::string& text, PartKind& out);

} // namespace cf
