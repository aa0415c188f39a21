#include "models/catalog/gpu_generation.h"

#include "models/catalog/catalog.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace cf {

GpuGeneration generationOf(const GpuSpec& gpu) { return generationOfArch(gpu.arch); }

GpuGeneration generationOfArch(const std::string& text)
{
    std::string arch = text;
    std::transform(arch.begin(), arch.end(), arch.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    for (GpuGeneration g : {GpuGeneration::Volta, GpuGeneration::Ampere, GpuGeneration::Hopper, GpuGeneration::Blackwell,
                            GpuGeneration::Cdna3})
        if (arch == toString(g))
            return g;
    return GpuGeneration::Other;
}

const char* toString(GpuGeneration generation)
{
    switch (generation) {
    case GpuGeneration::Volta: return "volta";
    case GpuGeneration::Ampere: return "ampere";
    case GpuGeneration::Hopper: return "hopper";
    case GpuGeneration::Blackwell: return "blackwell";
    case GpuGeneration::Cdna3: return "cdna3";
    case GpuGeneration::Other: break;
    }
    return "other";
}

} // namespace cf
