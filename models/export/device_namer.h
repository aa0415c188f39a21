#pragma once
// One name per physical device of a design, for the exported files (cabling
// plan, Slurm topology, DOT): every member of a node group expanded, and a
// rack-scale node (GB200 NVL72) expanded into its compute trays, because each
// tray is one host to Slurm and to the installer.
//
// Names come from the design's patterns (Design::deviceNames), one per role:
//  - a run of '#' marks the number, zero-padded to the run's length at least:
//    "dgx-##-a" -> dgx-01-a, dgx-02-a, ...;
//  - without '#' the number is appended, zero-padded to the digits of the
//    role's device count and at least kMinNumberDigits: "gpu" with 128 hosts ->
//    gpu001 ... gpu128, "leaf" with 8 leaves -> leaf01 ... leaf08.
// Numbers count from 1 per role in design order. A pattern is letters, digits
// and '-' (a host name, RFC 1123, without the '.' that Slurm uses to separate
// switch and node names in SLURM_TOPOLOGY_ADDR), starts with a letter, and
// without '#' does not end in a digit (gpu1 + 01 would read as gpu101).

#include "models/catalog/catalog.h"
#include "models/core/result.h"
#include "models/design/design.h"

#include <string>
#include <vector>

namespace cf {

class TopologyGraph;

enum class DeviceRole { Node, Leaf, Spine, Core, OtherSwitch, Storage };

// Zero-padding when the pattern has no '#' (our choice: "leaf01" as in the issue).
inline constexpr int kMinNumberDigits = 2;
// Longest pattern accepted (our choice; Slurm's SwitchName allows 64 characters,
// topology.conf(5), which leaves room for the number).
inline constexpr std::size_t kMaxPatternChars = 40;
// A node with more GPUs than this is a rack-scale system of compute trays (our
// choice: the largest single-host server in the catalog has 8 GPUs).
inline constexpr int kMaxGpusPerHost = 8;
// GPUs per compute tray of a rack-scale node: 18 trays x 4 GPUs in a GB200
// NVL72 (NVIDIA DGX SuperPOD GB200 reference architecture, catalog source).
inline constexpr int kGpusPerComputeTray = 4;

class DeviceNamer {
public:
    // Errors: a bad pattern (field "deviceNames.<role>"), two devices with one
    // name (two roles sharing a pattern). `graph` gives the switch tiers.
    static Result<DeviceNamer> create(const Design& design, const Catalog& catalog,
                                      const TopologyGraph& graph);

    // Hosts one member of a node part stands for: 1, or the compute trays of a
    // rack-scale node. 1 for switches and storage.
    static int hostsOfNode(const NodeSpec* node);

    DeviceRole role(std::size_t part) const { return roles_[part]; }
    int hostsPerMember(std::size_t part) const { return hostsPerMember_[part]; }
    // Every device of a part: members x hostsPerMember names, member by member.
    const std::vector<std::string>& names(std::size_t part) const { return names_[part]; }
    // Device `host` of member `member` of a part.
    const std::string& name(std::size_t part, int member, int host = 0) const
    {
        return names_[part][static_cast<std::size_t>(member * hostsPerMember_[part] + host)];
    }

private:
    std::vector<DeviceRole> roles_;
    std::vector<int> hostsPerMember_;
    std::vector<std::vector<std::string>> names_;
};

const char* toString(DeviceRole role); // "node", "leaf", ... (the deviceNames keys)

} // namespace cf
