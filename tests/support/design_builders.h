#pragma once
// Hand-built parts and links for engine tests that draw small fabrics
// (catalog ids of resources/catalog.json): node("n1", 4) is a group of four
// DGX H100, sw("leaf1") a QM9700, link("a", "n1", "leaf1", 8) 8 cables per
// member at 400 Gb/s.

#include "models/design/design.h"

#include <string>

namespace cf::test {

inline Part node(const std::string& id, int count = 1, const std::string& catalogId = "dgx-h100")
{
    return {id, PartKind::Node, catalogId, id, 0, 0, count};
}

inline Part sw(const std::string& id, const std::string& catalogId = "qm9700")
{
    return {id, PartKind::Switch, catalogId, id, 0, 0, 1};
}

inline Part storage(const std::string& id, const std::string& catalogId = "lustre-nvme")
{
    return {id, PartKind::Storage, catalogId, id, 0, 0, 1};
}

inline Link link(const std::string& id, const std::string& from, const std::string& to, int cablesPerMember,
                 double speedGbps = 400)
{
    return {id, from, to, speedGbps, Medium::Fibre, LengthClass::InRow, cablesPerMember, {}, {}};
}

} // namespace cf::test
