#pragma once
// The name and description of a generated design (issue 28 item 4): what was
// generated, in words, so a 2,048-node H100 fabric is never titled after the
// design it replaced. "2,048 × DGX H100, fat tree"; the description adds the
// GPUs, the tiers, the switch, the storage and the model.

#include "models/catalog/catalog.h"
#include "models/topology/fabric_generator.h"

#include <string>

namespace cf {

struct GeneratedTitle {
    std::string name;
    std::string description;
};

// `modelName`: the model the design trains ("" leaves it out).
GeneratedTitle generatedTitle(const FabricSpec& spec, const FabricSummary& summary, const Catalog& catalog,
                              const std::string& modelName);

// "1,234,567": thousands grouped with commas, as the app shows counts.
std::string groupedCount(long long count);

} // namespace cf
