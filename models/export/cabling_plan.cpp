#include "models/export/cabling_plan.h"

#include "models/bom/bill_of_materials.h"
#include "models/export/bom_writers.h"
#include "models/export/device_namer.h"
#include "models/topology/topology_graph.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <tuple>

namespace cf {
namespace {

std::string number(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.15g", v);
    return buf;
}

class PlanBuilder {
public:
    PlanBuilder(const Design& design, const Catalog& catalog, const TopologyGraph& graph,
                const DeviceNamer& namer, const CablingHooks& hooks)
        : design_(design), catalog_(catalog), graph_(graph), namer_(namer), hooks_(hooks)
    {
        ports_.resize(design.parts.size());
        nicsUsed_.resize(design.parts.size());
        for (std::size_t i = 0; i < design.parts.size(); ++i) {
            ports_[i].assign(namer.names(i).size(), 0);
            nicsUsed_[i].assign(static_cast<std::size_t>(graph.members(int(i))), 0);
        }
    }

    // Rows for one link; a problem naming the link when it cannot be laid.
    void addLink(const Link& link, std::vector<CableRow>& rows, Problems& problems)
    {
        if (link.medium == Medium::NVLink || link.cablesPerMember <= 0)
            return;
        const int a = graph_.indexOf(link.fromPartId), z = graph_.indexOf(link.toPartId);
        if (a < 0 || z < 0 || a == z) {
            problems.push_back({Severity::Error, "links[" + link.id + "]",
                                "the link does not join two parts of the design", link.id});
            return;
        }
        const bool aGroup = graph_.members(a) > 1, zGroup = graph_.members(z) > 1;
        if (aGroup && zGroup) {
            problems.push_back({Severity::Error, "links[" + link.id + "]",
                                "the link joins two node groups; a cabling plan needs a switch between them",
                                link.id});
            return;
        }
        const int members = std::max(graph_.members(a), graph_.members(z));
        const CableMedia fallback = defaultCableMedia(catalog_, link);
        for (int m = 0; m < members; ++m) {
            const int am = aGroup ? m : 0, zm = zGroup ? m : 0;
            const std::optional<DeviceLocation> aAt = locate(a, am), zAt = locate(z, zm);
            for (int c = 0; c < link.cablesPerMember; ++c) {
                CableRow row;
                row.cableId = static_cast<long long>(rows.size()) + 1;
                row.linkId = link.id;
                row.a = aAt;
                row.z = zAt;
                std::tie(row.aDevice, row.aPort) = takePort(a, am);
                std::tie(row.zDevice, row.zPort) = takePort(z, zm);
                row.media = hooks_.media ? hooks_.media(link, aAt, zAt) : fallback;
                row.speedGbps = link.speedGbps;
                rows.push_back(std::move(row));
            }
        }
    }

private:
    std::optional<DeviceLocation> locate(int part, int member) const
    {
        if (!hooks_.locate)
            return std::nullopt;
        return hooks_.locate(design_.parts[std::size_t(part)].id, member);
    }

    // The device of one cable at `part` and its next free port. A rack-scale
    // node deals its cables round-robin over its compute trays, so that a
    // fabric using half the NICs still reaches every tray.
    std::pair<std::string, int> takePort(int part, int member)
    {
        const int hosts = namer_.hostsPerMember(std::size_t(part));
        int host = 0;
        if (hosts > 1)
            host = nicsUsed_[std::size_t(part)][std::size_t(member)]++ % hosts;
        const std::size_t device = static_cast<std::size_t>(member * hosts + host);
        return {namer_.names(std::size_t(part))[device], ++ports_[std::size_t(part)][device]};
    }

    const Design& design_;
    const Catalog& catalog_;
    const TopologyGraph& graph_;
    const DeviceNamer& namer_;
    const CablingHooks& hooks_;
    std::vector<std::vector<int>> ports_;    // per part, per device: ports used
    std::vector<std::vector<int>> nicsUsed_; // per part, per member: cables dealt to its trays
};

// A length as an installer cuts it: metres to the centimetre (issue 28 item 17).
std::string centimetres(double metres)
{
    constexpr double kCentimetresPerMetre = 100.0;
    return number(std::round(metres * kCentimetresPerMetre) / kCentimetresPerMetre);
}

std::string locationRack(const std::optional<DeviceLocation>& at)
{
    return at ? at->rack : std::string();
}
std::string locationU(const std::optional<DeviceLocation>& at)
{
    return at && at->u > 0 ? std::to_string(at->u) : std::string();
}

} // namespace

CableMedia defaultCableMedia(const Catalog& catalog, const Link& link)
{
    const CableSpec* cable = bomCableFor(catalog, link.medium, link.lengthClass, link.speedGbps);
    return {cable ? cable->id : std::string(toString(link.medium)), std::nullopt};
}

Result<std::vector<CableRow>> buildCablingPlan(const Design& design, const Catalog& catalog,
                                               const CablingHooks& hooks)
{
    using R = Result<std::vector<CableRow>>;
    const TopologyGraph graph(design, catalog);
    Result<DeviceNamer> namer = DeviceNamer::create(design, catalog, graph);
    if (!namer)
        return R::failure(namer.problems());
    PlanBuilder builder(design, catalog, graph, *namer, hooks);
    std::vector<CableRow> rows;
    Problems problems;
    for (const Link& link : design.links)
        builder.addLink(link, rows, problems);
    if (hasErrors(problems))
        return R::failure(std::move(problems));
    return R(std::move(rows), std::move(problems));
}

std::string cablingPlanToCsv(const std::vector<CableRow>& rows)
{
    static constexpr const char* kCrLf = "\r\n";
    std::string out =
        "cable_id,a_rack,a_u,a_device,a_port,z_rack,z_u,z_device,z_port,medium,length_m,speed_gbps";
    out += kCrLf;
    for (const CableRow& r : rows) {
        out += std::to_string(r.cableId) + ',' + csvField(locationRack(r.a)) + ',' + locationU(r.a) + ',' +
               csvField(r.aDevice) + ',' + std::to_string(r.aPort) + ',' + csvField(locationRack(r.z)) + ',' +
               locationU(r.z) + ',' + csvField(r.zDevice) + ',' + std::to_string(r.zPort) + ',' +
               csvField(r.media.medium) + ',' +
               (r.media.lengthM && std::isfinite(*r.media.lengthM) ? centimetres(*r.media.lengthM)
                                                                   : std::string()) +
               ',' + number(r.speedGbps) + kCrLf;
    }
    return out;
}

} // namespace cf
