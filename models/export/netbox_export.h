#pragma once
// NetBox bulk import of a design (issue 28 item 19): the CSV files NetBox's
// import forms take, in import order: racks, devices, interfaces, cables.
// Field names are NetBox's (DCIM import forms, NetBox 4.x); every device and
// rack is "planned", in one site named after the design. Devices are the
// cabling plan's (device_namer.h: node groups expanded, rack-scale nodes as
// their compute trays); a device's rack and position come from the rack plan
// (rack_placement.h), its device type is the catalog id and its role the
// device-name role (node, leaf, spine, core, switch, storage), so NetBox needs
// those device types, roles and the site before the import. Cables are the
// cabling plan's rows, one per BOM cable, with NetBox cable type slugs and
// lengths in metres rounded to centimetres.

#include "models/catalog/catalog.h"
#include "models/core/result.h"
#include "models/design/design.h"

#include <string>

namespace cf {

struct NetboxFiles {
    std::string racksCsv;      // name,site,status,width,u_height,comments
    std::string devicesCsv;    // name,role,manufacturer,device_type,status,site,rack,position,face,comments
    std::string interfacesCsv; // device,name,type,speed (kbps, NetBox's unit)
    std::string cablesCsv;     // side_a_device,side_a_type,side_a_name,side_b_device,side_b_type,side_b_name,
                               // type,status,label,length,length_unit
};

// NetBox's cable type slug for a catalog cable id or a medium name: dac-passive,
// dac-active, aoc, mmf-om4, smf-os2; "" when unknown (NetBox leaves it blank).
std::string netboxCableType(const Catalog& catalog, const std::string& cableOrMedium);

// Errors as the cabling plan's (links it cannot lay, bad device names).
Result<NetboxFiles> exportNetbox(const Design& design, const Catalog& catalog);

} // namespace cf
