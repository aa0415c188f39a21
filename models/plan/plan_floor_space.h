#pragma once
// Floor space of a plan candidate (issue 29 item 2): the white space its racks
// take, each rack with its share of the cold and hot aisles on either side.

namespace cf {

// Every catalog rack is a 600 mm x 1,200 mm enclosure (resources/catalog.json,
// the racks' price notes); GB200/GB300 NVL72 racks are 600 mm wide and 1,068 mm
// deep (NVIDIA GB200 NVL72 specification), inside the same footprint.
inline constexpr double kRackWidthM = 0.6;
inline constexpr double kRackDepthM = 1.2;
// Cold and hot aisles 1.2 m wide each (our choice: the common 4 ft aisle of
// contained rows), each shared by the two rows that face it.
inline constexpr double kAisleWidthM = 1.2;

// m² per rack: its footprint plus half of the aisle in front and half behind.
double floorM2PerRack();

// m² for `racks` racks in rows (room-level space for cooling plant, power rooms and
// corridors is not counted).
double floorSpaceM2(int racks);

} // namespace cf
