#include "predict/power_model.h"

#include "predict/bill_of_materials.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace cf {

StaticPower staticPower(const Design& design, const Catalog& catalog, const Topology& topology)
{
    StaticPower s;
    for (const Part& p : design.parts) {
        const int n = std::max(1, p.count);
        if (p.kind == PartKind::Node) {
            const NodeSpec* node = catalog.node(p.catalogId);
            if (!node)
                continue;
            s.nodeRestW += n * node->nonGpuPowerW;
            const GpuSpec* gpu = catalog.gpu(node->gpuId);
            if (gpu)
                s.gpuTdpW += double(n) * node->gpus * gpu->powerW;
            const NicSpec* nic = catalog.nic(node->nicId);
            if (nic)
                s.nicW += double(n) * node->nics * nic->powerW;
        } else if (p.kind == PartKind::Switch) {
            if (const SwitchSpec* sw = catalog.switchSpec(p.catalogId))
                s.switchW += n * sw->powerW;
        } else if (const StorageSpec* st = catalog.storage(p.catalogId)) {
            s.storageW += n * st->powerW;
        }
    }
    // Cables and optics: the BOM already counts every link's cables (groups
    // expanded) with one part index; summing its cable lines keeps power and
    // BOM in step and avoids a part lookup per link (O(links x parts) before).
    for (const BomLine& line : buildBom(design, catalog).lines)
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
