// Bill of materials: one pass over the parts and one over the links. The link
// pass is the hot loop for big designs (~21k links at 2,048 nodes): it touches
// no catalog entry and hashes an end's id only when the design has node groups
// (a flat IdIndex, not std::unordered_map: no allocation per group).
#include "models/bom/bill_of_materials.h"

#include "models/design/link_bundle.h"

#include "models/racks/cable_lengths.h"
#include "models/topology/id_index.h"

#include <algorithm>
#include <bitset>
#include <string_view>

namespace cf {
namespace {

// A filter with no false negatives over ids: (first character, length mod 32).
// Generated designs name groups "n12" and switches "leaf3", so a link between
// switches is rejected without hashing (the 2,048-node bill, ~21k links, is
// dominated by that hashing otherwise).
class IdFilter {
public:
    void add(std::string_view id) { bits_.set(key(id)); }
    bool mayContain(std::string_view id) const { return bits_[key(id)]; } // key() < size: no range check

private:
    static constexpr std::size_t kLengthBuckets = 32; // our choice: ids are short
    static std::size_t key(std::string_view id)
    {
        const unsigned char first = id.empty() ? 0 : static_cast<unsigned char>(id.front());
        return first * kLengthBuckets + id.size() % kLengthBuckets;
    }
    std::bitset<256 * kLengthBuckets> bits_;
};

// One (kind, catalog id) and how many units of it; lines are built from these.
struct Tally {
    PartKind kind;
    std::string_view catalogId;
    long long units = 0;
};

// Cables of one (medium, length class, speed): the key the cable choice needs.
struct CableTally {
    Medium medium;
    LengthClass lengthClass;
    double gbps;
    long long cables = 0;
    std::string_view firstLinkId; // to name in a problem when no cable fits
};

std::string priceNote(const Provenance& p, double priceUsd)
{
    if (priceUsd <= 0)
        return "price unknown: counted as $0";
    const auto it = p.estimated.find("priceUsd");
    return it == p.estimated.end() ? std::string() : "estimated: " + it->second;
}

BomLine makeLine(const std::string& id, const std::string& name, const std::string& vendor, const char* kind,
                 long long quantity, double unitUsd, double unitW, const Provenance& provenance)
{
    BomLine line;
    line.itemId = id;
    line.name = name;
    line.vendor = vendor;
    line.kind = kind;
    line.quantity = quantity;
    line.unitPriceUsd = std::max(0.0, unitUsd);
    line.extendedPriceUsd = static_cast<double>(quantity) * line.unitPriceUsd;
    line.unitPowerW = std::max(0.0, unitW);
    line.totalPowerW = static_cast<double>(quantity) * line.unitPowerW;
    line.priceSource = provenance.source;
    line.note = priceNote(provenance, unitUsd);
    return line;
}

BomLine includedLine(const std::string& id, const std::string& name, const std::string& vendor,
                     const char* kind, long long quantity, const std::string& parentId,
                     const std::string& source)
{
    BomLine line;
    line.itemId = id;
    line.name = name;
    line.vendor = vendor;
    line.kind = kind;
    line.quantity = quantity;
    line.includedIn = parentId;
    line.priceSource = source;
    line.note = "included in " + parentId + " (price and power counted there)";
    return line;
}

void warn(Problems& problems, const std::string& field, const std::string& message, std::string_view item)
{
    problems.push_back({Severity::Warning, field, message, std::string(item)});
}

// Cable tallies of a placed design: one per (medium, length class, speed)
// from each run's measured length; unplaced runs keep their link's choice.
std::vector<CableTally> placedCableTallies(const Design& design, const Catalog& catalog)
{
    std::vector<CableTally> tallies;
    for (const CableRun& run : planCableRuns(design, catalog)) {
        const Link& l = design.links[run.link];
        auto it = std::find_if(tallies.begin(), tallies.end(), [&](const CableTally& t) {
            return t.medium == run.medium && t.lengthClass == run.lengthClass && t.gbps == l.speedGbps;
        });
        if (it == tallies.end()) {
            tallies.push_back({run.medium, run.lengthClass, l.speedGbps, 0, l.id});
            it = tallies.end() - 1;
        }
        it->cables += run.cables;
    }
    return tallies;
}

// One rack line and one PDU line per rack type the design uses.
void addRackLines(const Design& design, const Catalog& catalog, std::vector<BomLine>& racks,
                  std::vector<BomLine>& pdus, Problems& problems)
{
    for (const Rack& r : design.racks) {
        const RackSpec* t = catalog.rack(r.catalogId);
        if (!t) {
            warn(problems, "racks.catalogId", "unknown rack type '" + r.catalogId + "': not in the bill",
                 r.id);
            continue;
        }
        auto same =
            std::find_if(racks.begin(), racks.end(), [&](const BomLine& b) { return b.itemId == t->id; });
        if (same != racks.end()) {
            same->quantity += 1;
            same->extendedPriceUsd = static_cast<double>(same->quantity) * same->unitPriceUsd;
            continue;
        }
        racks.push_back(makeLine(t->id, t->name, t->vendor, "rack", 1, t->priceUsd, 0, t->provenance));
    }
    for (const BomLine& rack : racks) {
        const RackSpec* t = catalog.rack(rack.itemId);
        if (t->powerFeeds <= 0)
            continue;
        BomLine pdu = makeLine(t->id, "PDU of " + t->name, t->vendor, "pdu", rack.quantity * t->powerFeeds,
                               t->pduPriceUsd, 0, t->provenance);
        if (const auto it = t->provenance.estimated.find("pduPriceUsd"); it != t->provenance.estimated.end())
            pdu.note = "estimated: " + it->second;
        pdus.push_back(std::move(pdu));
    }
}

} // namespace

const CableSpec* bomCableFor(const Catalog& catalog, Medium medium, LengthClass lengthClass, double gbps)
{
    if (medium == Medium::NVLink)
        return nullptr;
    const std::string_view m = toString(medium), len = toString(lengthClass);
    const CableSpec* best = nullptr;
    for (const CableSpec& c : catalog.cables()) {
        if (c.medium != m || c.lengthClass != len || c.gbps < gbps)
            continue;
        if (!best || c.gbps < best->gbps || (c.gbps == best->gbps && c.priceUsd < best->priceUsd))
            best = &c;
    }
    return best;
}

namespace {

// Parts by (kind, catalog id), and the node groups and switch arrays (issue
// 19), which stand for `count` units each.
struct PartTallies {
    std::vector<Tally> tallies;
    IdIndex groupMembers; // node groups and switch arrays: id -> members
    IdFilter groupFilter;
};

// The bill's lines by kind, in the order the bill lists them.
struct LineGroups {
    std::vector<BomLine> nodes, gpus, nics, switches, storage, cables, racks, pdus;
};

PartTallies tallyParts(const Design& design)
{
    PartTallies out;
    // Consecutive parts usually share both kind and catalog id.
    for (const Part& p : design.parts) {
        const long long units = p.kind == PartKind::Storage ? 1 : std::max(1, p.count);
        if (p.kind != PartKind::Storage && p.count > 1) {
            out.groupMembers.insert(p.id, p.count);
            out.groupFilter.add(p.id);
        }
        auto it = std::find_if(out.tallies.rbegin(), out.tallies.rend(), [&](const Tally& t) {
            return t.kind == p.kind && IdIndex::sameText(t.catalogId, p.catalogId);
        });
        if (it != out.tallies.rend())
            it->units += units;
        else
            out.tallies.push_back({p.kind, p.catalogId, units});
    }
    return out;
}

// Links by (medium, length class, speed), cables = joined member pairs x
// cables per pair (link_bundle.h: O(1) per link whatever the members).
// A placed design takes each cable's medium from its length (racks/cable_lengths.h).
std::vector<CableTally> tallyCables(const Design& design, const Catalog& catalog, const PartTallies& parts)
{
    std::vector<CableTally> cableTallies;
    const bool groups = !parts.groupMembers.empty();
    std::size_t last = 0;
    static const std::vector<Link> kNoLinks;
    if (!design.racks.empty())
        cableTallies = placedCableTallies(design, catalog);
    const std::vector<Link>& declaredLinks =
        design.racks.empty() ? design.links : kNoLinks; // both lvalues: no copy
    for (const Link& l : declaredLinks) {
        long long fromMembers = 1, toMembers = 1;
        if (groups) {
            if (parts.groupFilter.mayContain(l.fromPartId))
                if (const int g = parts.groupMembers.find(l.fromPartId); g >= 0)
                    fromMembers = g;
            if (parts.groupFilter.mayContain(l.toPartId))
                if (const int g = parts.groupMembers.find(l.toPartId); g >= 0)
                    toMembers = g;
        }
        const long long cables = bundleShape(l, fromMembers, toMembers).cables;
        if (last < cableTallies.size() && cableTallies[last].medium == l.medium &&
            cableTallies[last].lengthClass == l.lengthClass && cableTallies[last].gbps == l.speedGbps) {
            cableTallies[last].cables += cables;
            continue;
        }
        auto it = std::find_if(cableTallies.begin(), cableTallies.end(), [&](const CableTally& t) {
            return t.medium == l.medium && t.lengthClass == l.lengthClass && t.gbps == l.speedGbps;
        });
        if (it == cableTallies.end()) {
            cableTallies.push_back({l.medium, l.lengthClass, l.speedGbps, 0, l.id});
            it = cableTallies.end() - 1;
        }
        it->cables += cables;
        last = static_cast<std::size_t>(it - cableTallies.begin());
    }
    return cableTallies;
}

// `line` added to `into`, or its quantity to the line of the same item in the same parent.
void addIncluded(std::vector<BomLine>& into, BomLine line)
{
    for (BomLine& existing : into)
        if (existing.itemId == line.itemId && existing.includedIn == line.includedIn) {
            existing.quantity += line.quantity;
            return;
        }
    into.push_back(std::move(line));
}

// Node, GPU, NIC, switch and storage lines; unknown catalog ids are warned about and left out.
void addPartLines(const std::vector<Tally>& tallies, const Catalog& catalog, LineGroups& lines,
                  Problems& problems)
{
    for (const Tally& t : tallies) {
        const std::string id(t.catalogId);
        if (t.kind == PartKind::Node) {
            const NodeSpec* n = catalog.node(id);
            if (!n) {
                warn(problems, "parts.catalogId", "unknown node type '" + id + "': not in the bill", id);
                continue;
            }
            lines.nodes.push_back(
                makeLine(id, n->name, n->vendor, "node", t.units, n->priceUsd, n->maxPowerW, n->provenance));
            if (const GpuSpec* g = catalog.gpu(n->gpuId))
                addIncluded(lines.gpus, includedLine(g->id, g->name, g->vendor, "gpu", t.units * n->gpus, id,
                                                     g->provenance.source));
            if (const NicSpec* c = catalog.nic(n->nicId))
                addIncluded(lines.nics, includedLine(c->id, c->name, c->vendor, "nic", t.units * n->nics, id,
                                                     c->provenance.source));
        } else if (t.kind == PartKind::Switch) {
            const SwitchSpec* s = catalog.switchSpec(id);
            if (!s) {
                warn(problems, "parts.catalogId", "unknown switch '" + id + "': not in the bill", id);
                continue;
            }
            lines.switches.push_back(
                makeLine(id, s->name, s->vendor, "switch", t.units, s->priceUsd, s->powerW, s->provenance));
        } else {
            const StorageSpec* s = catalog.storage(id);
            if (!s) {
                warn(problems, "parts.catalogId", "unknown storage system '" + id + "': not in the bill", id);
                continue;
            }
            lines.storage.push_back(
                makeLine(id, s->name, s->vendor, "storage", t.units, s->priceUsd, s->powerW, s->provenance));
        }
    }
}

// One line per catalog cable; a tally no catalog cable carries is a $0 line and a warning.
void addCableLines(const std::vector<CableTally>& cableTallies, const Catalog& catalog,
                   std::vector<BomLine>& cables, Problems& problems)
{
    for (const CableTally& t : cableTallies) {
        if (t.medium == Medium::NVLink || t.cables == 0)
            continue; // inside the node or rack: part of the node's price
        const CableSpec* c = bomCableFor(catalog, t.medium, t.lengthClass, t.gbps);
        if (!c) {
            const std::string what = std::string(toString(t.medium)) + " " + toString(t.lengthClass) + " " +
                                     std::to_string(static_cast<long long>(t.gbps)) + " Gb/s";
            warn(problems, "links.medium",
                 "no catalog cable for " + what + " (" + std::to_string(t.cables) + " cables counted at $0)",
                 t.firstLinkId);
            BomLine line = makeLine("", "no catalog cable: " + what, "", "cable", t.cables, 0, 0, {});
            cables.push_back(std::move(line));
            continue;
        }
        auto same =
            std::find_if(cables.begin(), cables.end(), [&](const BomLine& b) { return b.itemId == c->id; });
        if (same != cables.end()) {
            same->quantity += t.cables;
            same->extendedPriceUsd = static_cast<double>(same->quantity) * same->unitPriceUsd;
            same->totalPowerW = static_cast<double>(same->quantity) * same->unitPowerW;
        } else {
            cables.push_back(makeLine(c->id, c->name, c->vendor, "cable", t.cables, c->priceUsd, c->powerW,
                                      c->provenance));
        }
    }
}

// Each group sorted by id, in the bill's order, with the totals; a counted line
// without a price is warned about.
void appendLines(LineGroups& lines, BillOfMaterials& bom)
{
    auto byId = [](const BomLine& a, const BomLine& b) { return a.itemId < b.itemId; };
    for (auto* group : {&lines.nodes, &lines.gpus, &lines.nics, &lines.switches, &lines.storage,
                        &lines.cables, &lines.racks, &lines.pdus}) {
        std::sort(group->begin(), group->end(), byId);
        for (BomLine& line : *group) {
            if (line.counted()) {
                bom.totalUsd += line.extendedPriceUsd;
                bom.totalPowerW += line.totalPowerW;
                if (line.unitPriceUsd <= 0 && !line.itemId.empty())
                    warn(bom.problems, "bom",
                         "no price in the catalog for " + line.itemId + "; counted as $0", line.itemId);
            }
            bom.lines.push_back(std::move(line));
        }
    }
}

} // namespace

BillOfMaterials buildBom(const Design& design, const Catalog& catalog)
{
    BillOfMaterials bom;
    const PartTallies parts = tallyParts(design);
    const std::vector<CableTally> cableTallies = tallyCables(design, catalog, parts);
    // Lines, in the order nodes, GPUs, NICs, switches, storage, cables, racks, PDUs.
    LineGroups lines;
    addRackLines(design, catalog, lines.racks, lines.pdus, bom.problems);
    addPartLines(parts.tallies, catalog, lines, bom.problems);
    addCableLines(cableTallies, catalog, lines.cables, bom.problems);
    appendLines(lines, bom);
    return bom;
}

} // namespace cf
