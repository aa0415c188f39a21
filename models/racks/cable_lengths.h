#pragma once
// Cable lengths from rack positions, and the medium a length needs.
//
// A cable inside one rack runs vertically between its two ports; between
// racks it rises from each port to the overhead tray, runs along the row
// (slots) and across rows (aisles), and comes down. Every length gets slack
// for the service loop. The medium follows length and speed: passive copper
// (DAC) while it reaches, then active copper (ACC, 400G and up, to 5 m), then
// AOC or transceivers with multimode fibre within
// a row's reach, then single-mode fibre. NVLink links stay NVLink (inside a
// node or NVL72 rack). Constants name their source or say "our choice".

#include "models/catalog/catalog.h"
#include "models/design/design.h"
#include "models/racks/rack_placement.h"

#include <vector>

namespace cf {

namespace cabling {
inline constexpr double kRackUnitM = 0.04445;  // 1U = 1.75 in (EIA-310)
inline constexpr double kRackWidthM = 0.6;     // our choice: the common 600 mm IT rack (NVL72 racks too)
inline constexpr double kRowPitchM = 2.4;      // our choice: 1.2 m deep rack + 1.2 m aisle
inline constexpr double kTrayAboveRackM = 0.5; // our choice: overhead tray height above the rack top
inline constexpr double kInRackRouteM = 0.2;   // our choice: port to vertical cable manager, per end
inline constexpr double kSlackFraction = 0.10; // our choice: 10 % service loop ...
inline constexpr double kMinSlackM = 0.3;      // ... and at least 0.3 m (our choice)
inline constexpr double kDacReachM =
    3.0; // passive copper up to 400G: 3 m (issue 17, "DAC up to 3 m at 400G")
inline constexpr double kDacReachFastM = 2.0; // above 400G (100G+ lanes): our choice, shorter copper reach
inline constexpr double kDacFastAboveGbps = 400.0;
// Active copper (ACC) from 400G (100G-PAM4 lanes) on: NVIDIA LinkX "Active Copper Cables (ACC) are also
// available for lengths of 4 and 5-meters" beyond the 3 m passive DACs (docs.nvidia.com/networking/display/
// MCP7Y00NXXX800pub/Use+Cases). 200G (HDR) and below: no ACC in the catalog, DAC then optics as before.
inline constexpr double kAccReachM = 5.0;
inline constexpr double kAccFromGbps = 400.0;
inline constexpr double kMultimodeReachM =
    50.0; // SR8 / SR4 multimode optics: 50 m (refdata §4.3, MMA4Z00-NS)
} // namespace cabling

struct CableChoice {
    Medium medium = Medium::Fibre;
    LengthClass lengthClass = LengthClass::InRow;
};

// Length in metres of one cable between two placed ports; rackHeightU is
// each end's rack height (the tray is above the rack top).
double cableLengthM(const RackPosition& a, int rackHeightUA, const RackPosition& b, int rackHeightUB);
// The medium and length class for `lengthM` at `gbps`. `declared` is kept
// where it still reaches (NVLink always; AOC over fibre within a row).
CableChoice cableChoiceFor(double lengthM, double gbps, Medium declared);

// One link's cables of one group member (or the whole link when neither
// end is a group): a length when both ends are placed.
struct CableRun {
    std::size_t link = 0; // index into Design::links
    int member = 0;       // member of the group end; 0 when no end is a group; a bundle's from-member
    int toMember = 0;     // a bundle's (or array-to-array link's) to-member, issue 19; else 0
    long long cables = 0; // physical cables (the link's cablesPerMember)
    bool placed = false;  // both ends in racks: lengthM measured, medium chosen by length
    double lengthM = 0;   // 0 when not placed
    Medium medium = Medium::Fibre; // the link's own when not placed
    LengthClass lengthClass = LengthClass::InRow;
};

// Every cable run of the design, link by link, member by member. Runs of
// links whose ends are unknown parts are left out (the validator reports them).
std::vector<CableRun> planCableRuns(const Design& design, const Catalog& catalog);

} // namespace cf
