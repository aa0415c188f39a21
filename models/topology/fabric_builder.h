#pragma once
// The part and link writer shared by the expanded and compact layouts of the
// fabric generator (fabric_generator.cpp, compact_fabric.cpp): ids, the role
// of every part, and the summary counted from what was built.

#include "models/design/link_bundle.h"
#include "models/topology/fabric_generator.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

namespace cf {

enum class FabricRole { Node, Leaf, Spine, SuperSpine, Core, Storage };

class FabricBuilder {
public:
    explicit FabricBuilder(GeneratedFabric& out) : out_(out) {}

    // A part; count > 1 makes a node group or a switch array (issue 19).
    void addPart(PartKind kind, FabricRole role, std::string id, const std::string& catalogId,
                 std::string name, double x, double y, int count = 1)
    {
        Part p;
        p.id = std::move(id);
        p.kind = kind;
        p.catalogId = catalogId;
        p.name = std::move(name);
        p.x = x;
        p.y = y;
        p.count = count;
        out_.parts.push_back(std::move(p));
        roles_.push_back(role);
    }

    // A link of `cables` per joined member pair; the blocks say which members
    // of each end are joined (link.h). Nothing for 0 cables.
    void addLink(const std::string& from, const std::string& to, double gbps, Medium medium,
                 LengthClass length, int cables, LinkEndBlocks fromBlocks = {}, LinkEndBlocks toBlocks = {})
    {
        if (cables <= 0)
            return;
        Link l;
        l.id = "l" + std::to_string(nextLink_++);
        l.fromPartId = from;
        l.toPartId = to;
        l.speedGbps = gbps;
        l.medium = medium;
        l.lengthClass = length;
        l.cablesPerMember = cables;
        l.fromBlocks = fromBlocks;
        l.toBlocks = toBlocks;
        out_.links.push_back(std::move(l));
    }

    // Counts what the parts and links express: switches by tier (arrays
    // count their members), nodes with group members, cables per tier pair
    // (link_bundle.h: joined member pairs x cables per pair).
    FabricSummary summarize(int gpusPerNode) const
    {
        FabricSummary s;
        std::unordered_map<std::string, std::size_t> index;
        index.reserve(out_.parts.size());
        for (std::size_t i = 0; i < out_.parts.size(); ++i) {
            index.emplace(out_.parts[i].id, i);
            const int n = std::max(1, out_.parts[i].count);
            switch (roles_[i]) {
            case FabricRole::Node:
                s.nodes += n;
                break;
            case FabricRole::Leaf:
                s.leaf += n;
                break;
            case FabricRole::Spine:
                s.spine += n;
                break;
            case FabricRole::SuperSpine:
                s.superSpine += n;
                break;
            case FabricRole::Core:
                s.core += n;
                break;
            case FabricRole::Storage:
                break;
            }
        }
        s.gpus = s.nodes * gpusPerNode;
        for (const Link& l : out_.links) {
            const std::size_t a = index.at(l.fromPartId), b = index.at(l.toPartId);
            const long long cables64 =
                bundleShape(l, std::max(1, out_.parts[a].count), std::max(1, out_.parts[b].count)).cables;
            const int cables = static_cast<int>(std::min<long long>(cables64, INT32_MAX));
            auto is = [&](FabricRole x, FabricRole y) {
                return (roles_[a] == x && roles_[b] == y) || (roles_[a] == y && roles_[b] == x);
            };
            if (is(FabricRole::Node, FabricRole::Leaf))
                s.nodeLeafCables += cables;
            else if (is(FabricRole::Leaf, FabricRole::Spine))
                s.leafSpineCables += cables;
            else if (is(FabricRole::Spine, FabricRole::Core))
                s.spineCoreCables += cables;
            else if (is(FabricRole::Spine, FabricRole::SuperSpine))
                s.spineSuperCables += cables;
            else if (is(FabricRole::SuperSpine, FabricRole::Core))
                s.superCoreCables += cables;
        }
        return s;
    }

private:
    GeneratedFabric& out_;
    std::vector<FabricRole> roles_;
    long long nextLink_ = 1;
};

} // namespace cf
