#pragma once
// The cabling plan an installer follows: one row per physical cable, port to
// port, every group member expanded to its own device (device_namer.h). The
// cables are those of the design's links, as the bill of materials counts them
// (LinkRules::cablesOfLink; NVLink links are inside a node or rack and, as in
// the BOM, not cables to lay), so the rows equal the BOM's cable quantity.
//
// Rack and U and the cable's medium and length are not the exporter's to know:
// they come from hooks, so the rack placement (issue 17 items 1 and 3) plugs in
// without this file knowing its types. Without hooks the rack columns are
// empty, the medium is the catalog cable the BOM picks for the link
// (bomCableFor) and the length is empty.

#include "models/catalog/catalog.h"
#include "models/core/result.h"
#include "models/design/design.h"
#include "models/racks/rack_placement.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cf {

class DeviceNamer;

// Where a device sits. `u` is the lowest rack unit it occupies (1 = bottom).
struct DeviceLocation {
    std::string rack;
    int u = 0;
    // Where the rack stands and how tall it is, when the design is placed
    // (rack_cabling.h): what a cable length is measured from.
    std::optional<RackPosition> position;
    int rackHeightU = 0;
};

// The location of member `memberIndex` (0 for a single part) of part `partId`;
// nullopt leaves the row's rack columns empty. The compute trays of a
// rack-scale node share their member's location.
using DeviceLocator =
    std::function<std::optional<DeviceLocation>(const std::string& partId, int memberIndex)>;

struct CableMedia {
    std::string medium;            // a catalog cable id ("fibre-400g-mm") or a medium ("fibre")
    std::optional<double> lengthM; // metres; nullopt = unknown (empty column)
};

// The medium and length of one cable of `link` between two placed devices.
using CableMediaFn = std::function<CableMedia(const Link& link, const std::optional<DeviceLocation>& a,
                                              const std::optional<DeviceLocation>& z)>;

struct CablingHooks {
    DeviceLocator locate; // empty: no rack columns
    CableMediaFn media;   // empty: defaultCableMedia
};

struct CableRow {
    long long cableId = 0; // 1..N in link order
    std::string linkId;    // the design link the cable belongs to
    std::optional<DeviceLocation> a, z;
    std::string aDevice, zDevice;
    int aPort = 0, zPort = 0; // numbered from 1 per device, in link order: no port is used twice
    CableMedia media;
    double speedGbps = 0;
};

// The BOM's cable for `link` (its catalog id), else the link's medium name.
CableMedia defaultCableMedia(const Catalog& catalog, const Link& link);

// Errors: a link end that is not a part, a link between two node groups, both
// naming the link ("links[l7]"); bad device name patterns (DeviceNamer).
Result<std::vector<CableRow>> buildCablingPlan(const Design& design, const Catalog& catalog,
                                               const CablingHooks& hooks = {});

// CSV (RFC 4180, CRLF, csvField quoting), header exactly
// cable_id,a_rack,a_u,a_device,a_port,z_rack,z_u,z_device,z_port,medium,length_m,speed_gbps
std::string cablingPlanToCsv(const std::vector<CableRow>& rows);

} // namespace cf
