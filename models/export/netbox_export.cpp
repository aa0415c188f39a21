#include "models/export/netbox_export.h"

#include "models/export/bom_writers.h"
#include "models/export/cabling_plan.h"
#include "models/export/device_namer.h"
#include "models/export/rack_cabling.h"
#include "models/racks/bundle_expansion.h"
#include "models/topology/topology_graph.h"

#include <cmath>
#include <cstdio>

namespace cf {
namespace {

constexpr const char* kCrLf = "\r\n";
constexpr const char* kStatus = "planned";      // a design is a plan until it is built
constexpr int kRackWidthInches = 19;            // EIA-310 racks, NetBox's width choice 19
constexpr double kKbpsPerGbps = 1e6;            // NetBox interface speed is in kbps
constexpr const char* kInterfaceType = "other"; // our choice: NetBox's type for a port we do not name

std::string line(std::initializer_list<std::string> fields)
{
    std::string out;
    for (const std::string& f : fields)
        out += (out.empty() ? "" : ",") + csvField(f);
    return out + kCrLf;
}

std::string centimetres(double metres)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", std::round(metres * 100.0) / 100.0);
    return buf;
}

std::string siteOf(const Design& design)
{
    return design.name.empty() ? "ClusterForge design" : design.name;
}

std::string rackName(const Rack& r)
{
    return r.name.empty() ? r.id : r.name;
}

std::string racksCsv(const Design& design, const Catalog& catalog)
{
    std::string out = line({"name", "site", "status", "width", "u_height", "comments"});
    for (const Rack& r : design.racks) {
        const RackSpec* type = catalog.rack(r.catalogId);
        out +=
            line({rackName(r), siteOf(design), kStatus, std::to_string(kRackWidthInches),
                  type ? std::to_string(type->rackUnits) : std::string(), type ? type->name : r.catalogId});
    }
    return out;
}

struct CatalogFacts {
    std::string vendor, name;
};

CatalogFacts factsOf(const Catalog& catalog, const Part& part)
{
    if (const NodeSpec* n = part.kind == PartKind::Node ? catalog.node(part.catalogId) : nullptr)
        return {n->vendor, n->name};
    if (const SwitchSpec* s = part.kind == PartKind::Switch ? catalog.switchSpec(part.catalogId) : nullptr)
        return {s->vendor, s->name};
    if (const StorageSpec* s = part.kind == PartKind::Storage ? catalog.storage(part.catalogId) : nullptr)
        return {s->vendor, s->name};
    return {};
}

std::string devicesCsv(const Design& design, const Catalog& catalog, const DeviceNamer& namer,
                       const CablingHooks& hooks)
{
    std::string out = line({"name", "role", "manufacturer", "device_type", "status", "site", "rack",
                            "position", "face", "comments"});
    for (std::size_t i = 0; i < design.parts.size(); ++i) {
        const Part& part = design.parts[i];
        const CatalogFacts facts = factsOf(catalog, part);
        const int hosts = namer.hostsPerMember(i);
        const int members = int(namer.names(i).size()) / std::max(1, hosts);
        for (int m = 0; m < members; ++m) {
            const std::optional<DeviceLocation> at = hooks.locate ? hooks.locate(part.id, m) : std::nullopt;
            for (int h = 0; h < hosts; ++h) {
                // The trays of a rack-scale node share their member's place: in its rack, without a U of
                // their own.
                const bool positioned = at && at->u > 0 && hosts == 1;
                out += line({namer.name(i, m, h), toString(namer.role(i)), facts.vendor, part.catalogId,
                             kStatus, siteOf(design), at ? at->rack : std::string(),
                             positioned ? std::to_string(at->u) : std::string(), positioned ? "front" : "",
                             facts.name});
            }
        }
    }
    return out;
}

std::string portName(int port)
{
    return "port" + std::to_string(port);
}

std::string interfacesCsv(const std::vector<CableRow>& rows)
{
    std::string out = line({"device", "name", "type", "speed"});
    for (const CableRow& r : rows) {
        const std::string speed = std::to_string(static_cast<long long>(r.speedGbps * kKbpsPerGbps));
        out += line({r.aDevice, portName(r.aPort), kInterfaceType, speed});
        out += line({r.zDevice, portName(r.zPort), kInterfaceType, speed});
    }
    return out;
}

std::string cablesCsv(const std::vector<CableRow>& rows, const Catalog& catalog)
{
    std::string out = line({"side_a_device", "side_a_type", "side_a_name", "side_b_device", "side_b_type",
                            "side_b_name", "type", "status", "label", "length", "length_unit"});
    for (const CableRow& r : rows) {
        const bool known = r.media.lengthM && std::isfinite(*r.media.lengthM);
        out += line({r.aDevice, "dcim.interface", portName(r.aPort), r.zDevice, "dcim.interface",
                     portName(r.zPort), netboxCableType(catalog, r.media.medium), kStatus,
                     "C" + std::to_string(r.cableId), known ? centimetres(*r.media.lengthM) : std::string(),
                     known ? "m" : ""});
    }
    return out;
}

} // namespace

std::string netboxCableType(const Catalog& catalog, const std::string& cableOrMedium)
{
    std::string medium = cableOrMedium;
    bool campus = false;
    if (const CableSpec* c = catalog.cable(cableOrMedium)) {
        medium = c->medium;
        campus = c->lengthClass == "campus"; // single-mode optics (DR) run the campus class
    }
    if (medium == "dac")
        return "dac-passive";
    if (medium == "acc")
        return "dac-active";
    if (medium == "aoc")
        return "aoc";
    if (medium == "fibre")
        return campus ? "smf-os2" : "mmf-om4";
    return {};
}

Result<NetboxFiles> exportNetbox(const Design& design, const Catalog& catalog)
{
    using R = Result<NetboxFiles>;
    if (isCompact(design)) { // one device per member, as every other export (issue 19)
        Result<Design> expanded = expandBundles(design, catalog);
        if (!expanded)
            return R::failure(expanded.problems());
        return exportNetbox(*expanded, catalog);
    }
    const CablingHooks hooks = design.placements.empty() ? CablingHooks{} : rackCablingHooks(design, catalog);
    Result<std::vector<CableRow>> rows = buildCablingPlan(design, catalog, hooks);
    if (!rows)
        return R::failure(rows.problems());
    const TopologyGraph graph(design, catalog);
    Result<DeviceNamer> namer = DeviceNamer::create(design, catalog, graph);
    if (!namer)
        return R::failure(namer.problems());
    NetboxFiles files;
    files.racksCsv = racksCsv(design, catalog);
    files.devicesCsv = devicesCsv(design, catalog, *namer, hooks);
    files.interfacesCsv = interfacesCsv(*rows);
    files.cablesCsv = cablesCsv(*rows, catalog);
    return R(std::move(files), rows.problems());
}

} // namespace cf
