#pragma once
// How exported files name the devices of a design (issue 17): one pattern per
// role, "" = the default. Read and written as the design's optional
// "deviceNames" object; the patterns are checked where they are used
// (models/export/device_namer.h), which names the field of a bad one.

#include <string>

namespace cf {

struct DeviceNaming {
    std::string node;    // compute hosts; default "gpu" -> gpu001 ... gpu128
    std::string leaf;    // default "leaf" -> leaf01
    std::string spine;   // default "spine"
    std::string core;    // default "core"
    std::string other;   // switches on no tier (not reached from a node); default "switch"
    std::string storage; // default "storage"

    bool isDefault() const { return *this == DeviceNaming{}; }
    bool operator==(const DeviceNaming&) const = default;
};

} // namespace cf
