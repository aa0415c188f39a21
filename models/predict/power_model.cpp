#include "predict/power_model.h"

#include "predict/bill_of_materials.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace cf {

StaticPower staticPower(const Design& design, const Catalog& catalog, const Topology& topology)
{
    return staticPower(design, catalog, topology, buildBom(design, catalog));
}

StaticPower staticPower(const Design& design, const Catalog& catalog, const Topology& topology,
                        const BillOfMaterials& bom)
{
    StaticPower s;
    // Per-unit powers of the last (kind, catalog id): consecutive parts usually
    // share both, so the catalog is searched once per run, not once per part.
    const Part* last = nullptr;
    // Products keep the order of the per-part formula (n x gpus x watts) so the
    // sums are bit-for-bit those of a lookup per part.
    double nodeRestW = 0, gpuW = 0, nicW = 0, switchW = 0, storageW = 0;
    int gpus = 0, nics = 0;
    for (const Part& p : design.parts) {
        if (!last || p.kind != last->kind || p.catalogId != last->catalogId) {
            last = &p;
            nodeRestW = gpuW = nicW = switchW = storageW = 0;
            gpus = nics = 0;
            if (p.kind == PartKind::Node) {
                if (const NodeSpec* node = catalog.node(p.catalogId)) {
                    nodeRestW = node->nonGpuPowerW;
                    if (const GpuSpec* gpu = catalog.gpu(node->gpuId)) {
                        gpus = node->gpus;
                        gpuW = gpu->powerW;
                    }
                    if (const NicSpec* nic = catalog.nic(node->nicId)) {
                        nics = node->nics;
                        nicW = nic->powerW;
                    }
                }
            } else if (p.kind == PartKind::Switch) {
                if (const SwitchSpec* sw = catalog.switchSpec(p.catalogId))
                    switchW = sw->powerW;
            } else if (const StorageSpec* st = catalog.storage(p.catalogId)) {
                storageW = st->powerW;
            }
        }
        const int n = std::max(1, p.count);
        s.nodeRestW += n * nodeRestW;
        s.gpuTdpW += double(n) * gpus * gpuW;
        s.nicW += double(n) * nics * nicW;
        s.switchW += n * switchW;
        s.storageW += n * storageW;
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
    return p;
}

} // namespace cf
