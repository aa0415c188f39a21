#include "models/predict/power_model.h"

#include "models/bom/bill_of_materials.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace cf {

StaticPower staticPower(const Design& design, const Catalog& catalog, const Topology& topology)
{
    return staticPower(design, catalog, topology, buildBom(design, catalog));
}

namespace {

// Powers of one unit of a part (a node, switch or storage box), from the catalog.
struct UnitPower {
    double nodeRestW = 0, gpuW = 0, nicW = 0, switchW = 0, storageW = 0;
    int gpus = 0, nics = 0;
};

UnitPower unitPower(const Part& p, const Catalog& catalog)
{
    UnitPower u;
    if (p.kind == PartKind::Switch) {
        if (const SwitchSpec* sw = catalog.switchSpec(p.catalogId))
            u.switchW = sw->powerW;
        return u;
    }
    if (p.kind != PartKind::Node) {
        if (const StorageSpec* st = catalog.storage(p.catalogId))
            u.storageW = st->powerW;
        return u;
    }
    const NodeSpec* node = catalog.node(p.catalogId);
    if (!node)
        return u;
    u.nodeRestW = node->nonGpuPowerW;
    if (const GpuSpec* gpu = catalog.gpu(node->gpuId)) {
        u.gpus = node->gpus;
        u.gpuW = gpu->powerW;
    }
    if (const NicSpec* nic = catalog.nic(node->nicId)) {
        u.nics = node->nics;
        u.nicW = nic->powerW;
    }
    return u;
}

} // namespace

StaticPower staticPower(const Design& design, const Catalog& catalog, const Topology& topology,
                        const BillOfMaterials& bom)
{
    StaticPower s;
    // Consecutive parts usually share kind and catalog id: look the catalog up
    // once per run of them, not once per part.
    const Part* last = nullptr;
    UnitPower u;
    for (const Part& p : design.parts) {
        if (!last || p.kind != last->kind || p.catalogId != last->catalogId) {
            last = &p;
            u = unitPower(p, catalog);
        }
        // Products in the order of the per-part formula (n x gpus x watts).
        const int n = std::max(1, p.count);
        s.nodeRestW += n * u.nodeRestW;
        s.gpuTdpW += double(n) * u.gpus * u.gpuW;
        s.nicW += double(n) * u.nics * u.nicW;
        s.switchW += n * u.switchW;
        s.storageW += n * u.storageW;
    }
    // Cables and optics: the BOM already counts every link's cables (groups
    // expanded) with one part index; summing its cable lines keeps power and
    // BOM in step and avoids a part lookup per link (O(links x parts) before).
    for (const BomLine& line : bom.lines)
        if (line.kind == "cable" && line.counted())
            s.opticsW += line.totalPowerW;
    (void)topology;
    return s;
}

PowerFacts powerFacts(const StaticPower& s, double busy, double pue, double runHours)
{
    PowerFacts p;
    p.gpuUtilisation = std::clamp(busy, 0.0, 1.0);
    p.gpuW = s.gpuTdpW * (kGpuIdlePowerFraction + (1.0 - kGpuIdlePowerFraction) * p.gpuUtilisation);
    p.nodeRestW = s.nodeRestW;
    p.nicW = s.nicW;
    p.opticsW = s.opticsW;
    p.switchW = s.switchW;
    p.storageW = s.storageW;
    p.itW = p.gpuW + p.nodeRestW + p.nicW + p.opticsW + p.switchW + p.storageW;
    p.facilityW = p.itW * std::max(1.0, pue);
    p.energyPerRunKwh = p.facilityW / 1000.0 * std::max(0.0, runHours);
    p.fullLoadItW = p.itW - p.gpuW + s.gpuTdpW;
    p.fullLoadFacilityW = p.fullLoadItW * std::max(1.0, pue);
    return p;
}

} // namespace cf
