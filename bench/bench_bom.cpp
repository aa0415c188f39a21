// Microseconds to build the bill of materials of a 2,048-node rail-optimised
// design (DGX H100, QM9700, WEKA storage): the best and the median of 50 builds.
// The BOM is built on every edit (capex, optics power), so it must stay far
// below the 16 ms edit budget. Moved here from tst_bill_of_materials: a test
// checks what the BOM holds, a benchmark reports how long it takes.
#include "models/bom/bill_of_materials.h"
#include "models/catalog/catalog.h"
#include "models/topology/fabric_generator.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

using namespace cf;
using Clock = std::chrono::steady_clock;

int main()
{
    constexpr int kNodes = 2048;
    constexpr int kRuns = 50;
    const Catalog& catalog = Catalog::builtin();
    const FabricSpec spec{.topology = FabricTopology::RailOptimized, .nodes = kNodes, .storageId = "weka"};
    const Result<GeneratedFabric> fabric = generateFabric(spec, catalog);
    Design design;
    design.parts = fabric->parts;
    design.links = fabric->links;

    std::vector<double> micros;
    std::size_t lines = 0;
    for (int i = 0; i < kRuns; ++i) {
        const auto t0 = Clock::now();
        const BillOfMaterials bom = buildBom(design, catalog);
        micros.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
        lines = bom.lines.size();
    }
    std::sort(micros.begin(), micros.end());
    std::printf(
        "buildBom, %d-node rail design (%zu parts, %zu links, %zu BOM lines): best %.1f us, median %.1f us"
        " of %d\n",
        kNodes, design.parts.size(), design.links.size(), lines, micros.front(), micros[kRuns / 2], kRuns);
    return 0;
}
