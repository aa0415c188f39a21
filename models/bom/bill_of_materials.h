#pragma once
// The bill of materials of a design: every priced unit with quantity, unit and
// extended price, unit and total power and where the price came from.
//
// What is counted (docs/fabric_generator.md, "Bill of materials"):
//  - nodes, node groups expanded (a group of N counts N nodes). A node is the
//    catalog's unit: its price and maximum power include its GPUs and NICs;
//  - GPUs and NICs get informational lines (quantity only, price and power 0,
//    `includedIn` = the node's id) so that buyers see them without double counting;
//  - switches and storage systems, one line per catalog id;
//  - cables and optics from the links, one line per chosen cable id: a link of
//    medium M, length class C and speed G (Gb/s) takes the smallest catalog
//    cable of medium M and class C with gbps >= G (the cheaper one on a tie).
//    A link stands for cablesPerMember cables, times the members of a node group
//    at one end. NVLink links are inside a node or rack and cost nothing.
//  - a placed design (one with racks): each cable's medium and length class
//    follow its measured length (models/racks/cable_lengths.h), so a run
//    inside a rack becomes a DAC and one across rows may need single-mode;
//    one line per rack type and one for its PDUs (powerFeeds per rack).
// Totals are the sums of the counted lines; the engine's capital cost is
// `totalUsd`. Facility items (CDUs, chillers, busbars) are not modelled.

#include "models/catalog/catalog.h"
#include "models/core/problem.h"
#include "models/design/design.h"

#include <string>
#include <vector>

namespace cf {

struct BomLine {
    std::string itemId; // catalog id ("dgx-h100", "fibre-400g-mm"); "" when no cable fits
    std::string name;
    std::string vendor;
    std::string kind; // "node", "gpu", "nic", "switch", "storage", "cable", "rack", "pdu"
    long long quantity = 0;
    double unitPriceUsd = 0; // 0 when unknown or included in another line
    double extendedPriceUsd = 0;
    double unitPowerW = 0; // nodes: maximum power (provisioning)
    double totalPowerW = 0;
    std::string includedIn;  // informational line: the catalog id it is part of
    std::string priceSource; // the catalog entry's source
    std::string note;        // why the price is estimated or missing

    bool counted() const { return includedIn.empty(); }
    bool operator==(const BomLine&) const = default;
};

struct BillOfMaterials {
    std::vector<BomLine>
        lines;              // nodes, gpus, nics, switches, storage, cables, racks, pdus; by id within a kind
    double totalUsd = 0;    // sum of counted lines' extended prices
    double totalPowerW = 0; // sum of counted lines' total power
    Problems problems;      // unknown catalog ids, unpriced items, links no cable fits
};

BillOfMaterials buildBom(const Design& design, const Catalog& catalog);

// The cable the BOM picks for a link (rule above); nullptr for NVLink or when
// the catalog has no cable of that medium and length class fast enough.
const CableSpec* bomCableFor(const Catalog& catalog, Medium medium, LengthClass lengthClass, double gbps);

} // namespace cf
