#include "models/catalog/gpu_generation.h"

#include "models/catalog/catalog.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace cf {

GpuGeneration generationOf(const GpuSpec& gpu)
{
    return generationOfArch(gpu.arch);
}

namespace {

// `text` equals the lower-case `name` ignoring case; no copy (the step model
// asks once per split evaluated: issue 29's plan evaluates many).
bool equalsLower(const std::string& text, const char* name)
{
    std::size_t i = 0;
    for (; i < text.size() && name[i] != '\0'; ++i)
        if (std::tolower(static_cast<unsigned char>(text[i])) != name[i])
            return false;
    return i == text.size() && name[i] == '\0';
}

} // namespace

GpuGeneration generationOfArch(const std::string& text)
{
    for (GpuGeneration g : {GpuGeneration::Volta, GpuGeneration::Ampere, GpuGeneration::Hopper,
                            GpuGeneration::Blackwell, GpuGeneration::Cdna3})
        if (equalsLower(text, toString(g)))
            return g;
    return GpuGeneration::Other;
}

const char* toString(GpuGeneration generation)
{
    switch (generation) {
    case GpuGeneration::Volta:
        return "volta";
    case GpuGeneration::Ampere:
        return "ampere";
    case GpuGeneration::Hopper:
        return "hopper";
    case GpuGeneration::Blackwell:
        return "blackwell";
    case GpuGeneration::Cdna3:
        return "cdna3";
    case GpuGeneration::Other:
        break;
    }
    return "other";
}

} // namespace cf
