#pragma once
// A GPU's architecture generation, read from the catalog's `arch` field: the one
// place the engine asks it (kernel rates, NCCL's tables, the bands' regimes).

#include "models/catalog/catalog.h"

namespace cf {

enum class GpuGeneration { Volta, Ampere, Hopper, Blackwell, Cdna3, Other };

GpuGeneration generationOf(const GpuSpec& gpu);
// "volta", "ampere", "hopper", "blackwell", "cdna3", "other".
const char* toString(GpuGeneration generation);

} // namespace cf
