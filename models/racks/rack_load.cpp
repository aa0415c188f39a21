#include "models/racks/rack_load.h"

#include "models/catalog/gpu_power_curve.h"
#include "models/racks/bundle_expansion.h"
#include "models/racks/rack_placement.h"

#include <algorithm>
#include <unordered_map>

namespace cf {

double unitPowerW(const Part& part, const Catalog& catalog, double gpuUtilisation)
{
    if (part.kind == PartKind::Switch) {
        const SwitchSpec* s = catalog.switchSpec(part.catalogId);
        return s ? s->powerW : 0.0;
    }
    if (part.kind == PartKind::Storage) {
        const StorageSpec* s = catalog.storage(part.catalogId);
        return s ? s->powerW : 0.0;
    }
    const NodeSpec* n = catalog.node(part.catalogId);
    if (!n)
        return 0.0;
    const double busy = std::clamp(gpuUtilisation, 0.0, 1.0);
    double w = n->nonGpuPowerW;
    if (const GpuSpec* g = catalog.gpu(n->gpuId)) // same curve as powerFacts()
        w += n->gpus * g->powerW * (kGpuIdlePowerFraction + (1.0 - kGpuIdlePowerFraction) * busy);
    if (const NicSpec* c = catalog.nic(n->nicId))
        w += n->nics * c->powerW;
    return w;
}

Cooling partCooling(const Part& part, const Catalog& catalog)
{
    switch (part.kind) {
    case PartKind::Node:
        if (const NodeSpec* n = catalog.node(part.catalogId))
            return n->cooling;
        break;
    case PartKind::Switch:
        if (const SwitchSpec* s = catalog.switchSpec(part.catalogId))
            return s->cooling;
        break;
    case PartKind::Storage:
        if (const StorageSpec* s = catalog.storage(part.catalogId))
            return s->cooling;
        break;
    }
    return Cooling::Air;
}

double rackLimitKw(const Rack& rack, const RackSpec* type)
{
    if (rack.powerLimitKw > 0)
        return rack.powerLimitKw;
    return type ? type->powerLimitKw : 0.0;
}

std::vector<RackLoad> rackLoads(const Design& design, const Catalog& catalog, double gpuUtilisation)
{
    std::vector<RackLoad> loads;
    loads.reserve(design.racks.size());
    std::unordered_map<std::string_view, std::size_t> rackIndex;
    for (const Rack& r : design.racks) {
        RackLoad l;
        l.rackId = r.id;
        l.name = r.name;
        l.catalogId = r.catalogId;
        l.row = r.row;
        l.slot = r.slot;
        l.type = catalog.rack(r.catalogId);
        l.heightU = l.type ? l.type->rackUnits : 0;
        l.cooling = l.type ? l.type->cooling : Cooling::Air;
        l.limitKw = rackLimitKw(r, l.type);
        rackIndex.emplace(r.id, loads.size());
        loads.push_back(std::move(l));
    }
    std::unordered_map<std::string_view, const Part*> parts;
    for (const Part& p : design.parts)
        parts.emplace(p.id, &p);
    for (std::size_t i = 0; i < design.placements.size(); ++i) {
        const Placement& pl = design.placements[i];
        const auto r = rackIndex.find(pl.rackId);
        const auto p = parts.find(pl.partId);
        if (r == rackIndex.end() || p == parts.end())
            continue;
        RackLoad& l = loads[r->second];
        const Part& part = *p->second;
        const int units =
            part.kind != PartKind::Storage ? std::max(0, pl.members) : 1; // groups and switch arrays
        l.placements.push_back(i);
        l.usedU += units * partHeightU(part, catalog);
        l.fullLoadKw += units * unitPowerW(part, catalog, 1.0) / 1000.0;
        l.atUtilisationKw += units * unitPowerW(part, catalog, gpuUtilisation) / 1000.0;
        l.neededCooling = std::max(l.neededCooling, partCooling(part, catalog));
    }
    return loads;
}

} // namespace cf
