#include "models/plan/fabric_choice.h"

#include <algorithm>
#include <tuple>

namespace cf {
namespace {

// 2:1 down:up at the leaves: the usual oversubscribed training fabric (our
// choice of the one oversubscribed ratio the plan tries).
constexpr double kOversubscribedRatio = 2.0;

std::vector<FabricChoice> makeChoices()
{
    std::vector<FabricChoice> out;
    for (FabricTech tech : {FabricTech::InfiniBand, FabricTech::Ethernet}) {
        const std::string prefix = tech == FabricTech::InfiniBand ? "ib-" : "roce-";
        out.push_back({prefix + "fat-tree", FabricTopology::FatTree, 1.0, tech});
        out.push_back({prefix + "fat-tree-2to1", FabricTopology::SpineLeaf, kOversubscribedRatio, tech});
        out.push_back({prefix + "rail", FabricTopology::RailOptimized, 1.0, tech});
    }
    return out;
}

} // namespace

const std::vector<FabricChoice>& allFabricChoices()
{
    static const std::vector<FabricChoice> choices = makeChoices();
    return choices;
}

std::vector<FabricChoice> defaultFabricChoices()
{
    std::vector<FabricChoice> out;
    for (const char* name : {"ib-fat-tree", "ib-fat-tree-2to1", "ib-rail", "roce-rail"}) {
        FabricChoice c;
        fabricChoiceFromString(name, c);
        out.push_back(c);
    }
    return out;
}

bool fabricChoiceFromString(const std::string& name, FabricChoice& out)
{
    for (const FabricChoice& c : allFabricChoices())
        if (c.name == name) {
            out = c;
            return true;
        }
    return false;
}

std::string switchFor(const NodeSpec& node, const FabricChoice& choice, const Catalog& catalog)
{
    const SwitchSpec* best = nullptr;
    const auto key = [](const SwitchSpec& s) { return std::make_tuple(-s.radix, s.priceUsd, s.id); };
    for (const SwitchSpec& s : catalog.switches()) {
        if (s.tech != choice.tech || s.portGbps < node.nicGbps || s.radix < 2)
            continue;
        if (!best || key(s) < key(*best))
            best = &s;
    }
    return best ? best->id : std::string();
}

} // namespace cf
