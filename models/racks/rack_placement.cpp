#include "models/racks/rack_placement.h"

#include "models/catalog/catalog.h"

namespace cf {

int partHeightU(const Part& part, const Catalog& catalog)
{
    int u = 0;
    switch (part.kind) {
    case PartKind::Node:
        if (const NodeSpec* n = catalog.node(part.catalogId))
            u = n->rackUnits;
        break;
    case PartKind::Switch:
        if (const SwitchSpec* s = catalog.switchSpec(part.catalogId))
            u = s->rackUnits;
        break;
    case PartKind::Storage:
        if (const StorageSpec* s = catalog.storage(part.catalogId))
            u = s->rackUnits;
        break;
    }
    return u > 0 ? u : kUnknownHeightU;
}

RackPlacementIndex::RackPlacementIndex(const Design& design, const Catalog& catalog)
{
    for (const Rack& r : design.racks)
        racks_.emplace(r.id, &r);
    for (const Placement& p : design.placements)
        byPart_[p.partId].placements.push_back(&p);
    for (const Part& part : design.parts)
        if (const auto it = byPart_.find(part.id); it != byPart_.end())
            it->second.heightU = partHeightU(part, catalog);
}

std::optional<RackPosition> RackPlacementIndex::find(std::string_view partId, int member) const
{
    const auto it = byPart_.find(partId);
    if (it == byPart_.end() || member < 0)
        return std::nullopt;
    const int height = it->second.heightU;
    for (const Placement* p : it->second.placements) {
        if (member < p->firstMember || member - p->firstMember >= p->members)
            continue;
        const auto rack = racks_.find(p->rackId);
        if (rack == racks_.end())
            return std::nullopt;
        RackPosition pos;
        pos.rackId = rack->second->id;
        pos.rackName = rack->second->name;
        pos.row = rack->second->row;
        pos.slot = rack->second->slot;
        pos.heightU = height;
        // Members stack upwards from the placement's U (bounded by the reader: no overflow).
        pos.u = p->u + static_cast<int>(static_cast<long long>(member - p->firstMember) * height);
        return pos;
    }
    return std::nullopt;
}

std::optional<RackPosition> rackPositionOf(const Design& design, const Catalog& catalog,
                                           std::string_view partId, int member)
{
    return RackPlacementIndex(design, catalog).find(partId, member);
}

} // namespace cf
