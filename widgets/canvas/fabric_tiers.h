#pragma once
// The parts of a design grouped into tiers by the role they play in the drawn
// graph, for the canvas's low-detail picture: one summary label per tier
// ("32 spines · Quantum-2 QM9700") and one band of links per pair of tiers,
// whose density sets the links' alpha.
// Roles come from the links, not from positions or names: node parts are the
// compute tier; a switch linked to a node is a leaf, one hop further a spine,
// further still a core; switches no node reaches are "other switches".
// A view-layer helper (labels are display text); the engine never sees it.

#include <QHash>
#include <QString>

#include <array>
#include <vector>

namespace cf {

class Catalog;
struct Design;

enum class TierRole { Node, Leaf, Spine, Core, OtherSwitch, Storage };
inline constexpr int kTierRoleCount = 6;

struct Tier {
    TierRole role = TierRole::Node;
    QStringList partIds;
    int members = 0; // nodes counted with group members; = partIds.size() for other roles
    int groups = 0;  // node parts standing for more than one node
    QString label;   // "256 nodes (64 groups) · DGX H100"
};

class FabricTiers {
public:
    FabricTiers() = default;
    // O(parts + links). Unknown catalog ids show as the id itself.
    static FabricTiers of(const Design& design, const Catalog& catalog);

    // Non-empty tiers in drawing order: cores, spines, leaves, other switches, nodes, storage.
    const std::vector<Tier>& tiers() const { return tiers_; }
    // Role of a part id; OtherSwitch for an id that is not in the design.
    TierRole roleOf(const QString& partId) const { return roles_.value(partId, TierRole::OtherSwitch); }
    // Index of the band between two roles (order-free), 0 .. kBandCount-1.
    static int bandOf(TierRole a, TierRole b);
    static constexpr int kBandCount = kTierRoleCount * kTierRoleCount;
    // Ink of a band of links: their total length over the area they span
    // (1 / scene unit), from the parts' positions in the design. Times a
    // line's width in pixels over the zoom, it is the mean number of lines
    // over one pixel of the band on screen (LinkItem::meshAlpha).
    double bandInk(int band) const { return band >= 0 && band < kBandCount ? ink_[std::size_t(band)] : 0.0; }
    // Same role for every part id.
    bool sameRoles(const FabricTiers& other) const { return roles_ == other.roles_; }

private:
    QHash<QString, TierRole> roles_;
    std::vector<Tier> tiers_;
    std::array<double, kBandCount> ink_{};
};

} // namespace cf
