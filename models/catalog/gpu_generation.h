#pragma once
// A GPU's architecture generation, read from the catalog's `arch` field: the one
// place the engine asks it (kernel rates, NCCL's tables, the bands' regimes).

#include <string>

namespace cf {

struct GpuSpec;

enum class GpuGeneration { Volta, Ampere, Hopper, Blackwell, Cdna3, Other };

GpuGeneration generationOf(const GpuSpec& gpu);
// The same from the catalog's `arch` text ("Hopper"; any case).
GpuGeneration generationOfArch(const std::string& arch);
// "volta", "ampere", "hopper", "blackwell", "cdna3", "other".
const char* toString(GpuGeneration generation);

} // namespace cf
