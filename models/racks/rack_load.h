#pragma once
// Per-rack power and space: what each rack holds, its load at full power and
// at the predicted GPU utilisation, against its limit and cooling. The figures
// per part are the power model's (models/predict/power_model.h): a node draws
// nonGpuPowerW + GPUs x TDP x (idle + (1 - idle) x utilisation) + NICs; a
// switch or storage system its catalog powerW. Optics sit in the cable lines
// of the power prediction, not in a rack (a whole-site figure).

#include "models/catalog/catalog.h"
#include "models/design/design.h"

#include <string>
#include <vector>

namespace cf {

// One unit of a part (one node, switch or storage system), watts; 0 when its
// catalog entry is unknown. gpuUtilisation 1 = full load.
double unitPowerW(const Part& part, const Catalog& catalog, double gpuUtilisation);
// The least cooling a part needs (catalog; air when unknown).
Cooling partCooling(const Part& part, const Catalog& catalog);

struct RackLoad {
    std::string rackId, name, catalogId;
    int row = 0, slot = 0;
    const RackSpec* type = nullptr;       // nullptr when the catalog has no such rack type
    int heightU = 0;                      // the type's usable U (0 when unknown)
    int usedU = 0;                        // U taken by what is placed in it
    double limitKw = 0;                   // Rack::powerLimitKw, or the type's
    Cooling cooling = Cooling::Air;       // the type's
    Cooling neededCooling = Cooling::Air; // the most any placed part needs
    double fullLoadKw = 0;                // every placed part at full load
    double atUtilisationKw = 0;           // GPUs at the given utilisation
    std::vector<std::size_t> placements;  // indices into Design::placements
    double headroomKw() const { return limitKw - fullLoadKw; }
};

// One entry per rack, in the design's rack order. Placements naming an
// unknown rack or part are skipped (the validator reports them).
std::vector<RackLoad> rackLoads(const Design& design, const Catalog& catalog, double gpuUtilisation = 1.0);

// The limit a rack works to: its own powerLimitKw when set, else its type's.
double rackLimitKw(const Rack& rack, const RackSpec* type);

} // namespace cf
