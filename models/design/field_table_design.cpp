// The design-level field tables of field_table.h: the economics, and each
// link's, part's and rack's numbers and choices. Bounds are design_limits.h's, never a
// number here.
#include "models/design/design_limits.h"
#include "models/design/field_table.h"
#include "models/design/field_table_detail.h"

#include <QtGlobal> // QT_TRANSLATE_NOOP: lupdate finds the labels and tooltips here

#include <algorithm>
#include <array>
#include <cstdlib>

namespace cf {
namespace {

using namespace fieldtable;
using FL = limits::FileLimits;
using DL = limits::DesignLimits;

// A number of S through its member pointer: Int or Real, no flag, no choices.
template <auto M>
constexpr FieldSpec<StructOf<M>> numberRow(const char* name, FieldKind kind, const char* unit,
                                           FieldBounds file, FieldBounds design, const char* label,
                                           const char* help, bool omitDefault = false)
{
    return FieldSpec<StructOf<M>>{name,    kind,        "",    "",           unit,
                                  file,    design,      label, help,         "",
                                  {},      omitDefault, false, &numberOf<M>, &setNumberOf<M>,
                                  nullptr, nullptr};
}

// An enum member of S spelt by its toString / fromString pair.
template <auto M, auto ToText, auto FromText, const auto& Choices>
constexpr FieldSpec<StructOf<M>> choiceRow(const char* name, const char* label, const char* help)
{
    return FieldSpec<StructOf<M>>{name,
                                  FieldKind::Choice,
                                  "",
                                  "",
                                  "",
                                  {0, 0},
                                  {0, 0},
                                  label,
                                  help,
                                  "",
                                  Choices,
                                  false,
                                  false,
                                  nullptr,
                                  nullptr,
                                  &textOf<M, ToText>,
                                  &setTextOf<M, FromText, Choices>};
}

// ---- Economics ---------------------------------------------------------------

constexpr auto kReal = FieldKind::Real;

const FieldSpec<Economics> kEconomicsFields[] = {
    numberRow<&Economics::electricityUsdPerKwh>("economics.electricityUsdPerKwh", kReal, "USD/kWh",
                                                {0, FL::kMaxUsdPerKwh}, {DL::kMinPrice, DL::kMaxUsdPerKwh},
                                                QT_TRANSLATE_NOOP("FieldTable", "Electricity price"),
                                                "electricity price"),
    numberRow<&Economics::pue>("economics.pue", kReal, "", {0, FL::kMaxPue}, {DL::kMinPue, DL::kMaxPue},
                               QT_TRANSLATE_NOOP("FieldTable", "PUE"),
                               "power usage effectiveness of the facility"),
    numberRow<&Economics::ownershipYears>("economics.ownershipYears", kReal, "years", {0, FL::kMaxYears},
                                          {DL::kMinOwnershipYears, DL::kMaxOwnershipYears},
                                          QT_TRANSLATE_NOOP("FieldTable", "Years of ownership"),
                                          "years the cluster is owned (above 0)"),
    numberRow<&Economics::rentUsdPerGpuHour>(
        "economics.rentUsdPerGpuHour", kReal, "USD/GPU-hour", {0, FL::kMaxUsd}, {DL::kMinPrice, DL::kMaxUsd},
        QT_TRANSLATE_NOOP("FieldTable", "Rent price"), "cloud rent per GPU-hour, the comparison"),
    numberRow<&Economics::gpusPerOpsEngineer>("economics.gpusPerOpsEngineer", kReal, "GPUs", {0, FL::kMaxUsd},
                                              {DL::kMinGpusPerOpsEngineer, DL::kMaxGpusPerOpsEngineer},
                                              QT_TRANSLATE_NOOP("FieldTable", "GPUs per operations engineer"),
                                              "GPUs one operations engineer looks after (above 0)"),
    numberRow<&Economics::opsEngineerUsdPerYear>("economics.opsEngineerUsdPerYear", kReal, "USD/year",
                                                 {0, FL::kMaxUsd}, {DL::kMinPrice, DL::kMaxUsd},
                                                 QT_TRANSLATE_NOOP("FieldTable", "Operations engineer cost"),
                                                 "cost of one operations engineer a year"),
    numberRow<&Economics::maintenanceFractionPerYear>(
        "economics.maintenanceFractionPerYear", kReal, "of capital/year", {0, FL::kMaxFraction},
        {DL::kMinMaintenanceFraction, DL::kMaxMaintenanceFraction},
        QT_TRANSLATE_NOOP("FieldTable", "Maintenance per year"),
        "maintenance a year, a fraction of the capital cost"),
};

// ---- Links -------------------------------------------------------------------

constexpr std::array<const char*, 5> kMedia{"nvlink", "dac", "aoc", "fibre", "acc"};
constexpr std::array<const char*, 3> kLengthClasses{"in-rack", "in-row", "campus"};

// One end's block keys of a link (link.h, LinkEndBlocks).
template <auto End, auto M> double endNumber(const Link& l)
{
    return double((l.*End).*M);
}
template <auto End, auto M> void setEndNumber(Link& l, double v)
{
    (l.*End).*M = static_cast<int>(v);
}
template <auto End, auto M>
constexpr FieldSpec<Link> endRow(const char* name, const char* unit, const char* help)
{
    return FieldSpec<Link>{name,
                           FieldKind::Int,
                           "",
                           "",
                           unit,
                           {0, double(FL::kMaxGroupCount)},
                           {0, double(DL::kMaxGroupCount)},
                           name + 6, // the key: the message names it as the file does
                           help,
                           "",
                           {},
                           true, // written in pairs, for bundles only (design_json.cpp)
                           false,
                           &endNumber<End, M>,
                           &setEndNumber<End, M>,
                           nullptr,
                           nullptr};
}

const FieldSpec<Link> kLinkFields[] = {
    numberRow<&Link::speedGbps>("links.speedGbps", kReal, "Gb/s", {0, FL::kMaxLinkGbps},
                                {0, DL::kMaxLinkGbps}, // above 0: the validator's rule
                                QT_TRANSLATE_NOOP("FieldTable", "Speed"), "per cable, one direction"),
    choiceRow<&Link::medium, static_cast<const char* (*)(Medium)>(&toString), &mediumFromString, kMedia>(
        "links.medium", QT_TRANSLATE_NOOP("FieldTable", "Medium"), "the cable's medium"),
    choiceRow<&Link::lengthClass, static_cast<const char* (*)(LengthClass)>(&toString),
              &lengthClassFromString, kLengthClasses>("links.lengthClass",
                                                      QT_TRANSLATE_NOOP("FieldTable", "Length class"),
                                                      "in-rack <= 3 m, in-row <= 30 m, campus <= 500 m"),
    numberRow<&Link::cablesPerMember>(
        "links.cablesPerMember", FieldKind::Int, "cables", {0, double(FL::kMaxCablesPerMember)},
        {1, double(DL::kMaxCablesPerMember)}, QT_TRANSLATE_NOOP("FieldTable", "Cables per member"),
        "cables between each joined pair of members"),
    endRow<&Link::fromBlocks, &LinkEndBlocks::membersPerBlock>(
        "links.fromMembersPerBlock", "members", "members of `from` in each block (0 = all in one)"),
    endRow<&Link::fromBlocks, &LinkEndBlocks::blocks>("links.fromBlocks", "blocks",
                                                      "blocks of `from` before they wrap (0 = no wrap)"),
    endRow<&Link::toBlocks, &LinkEndBlocks::membersPerBlock>(
        "links.toMembersPerBlock", "members", "members of `to` in each block (0 = all in one)"),
    endRow<&Link::toBlocks, &LinkEndBlocks::blocks>("links.toBlocks", "blocks",
                                                    "blocks of `to` before they wrap (0 = no wrap)"),
};

// ---- Parts -------------------------------------------------------------------

constexpr FieldBounds kPositionInFile{-FL::kMaxPosition, FL::kMaxPosition};
constexpr FieldBounds kPositionInDesign{-DL::kMaxPosition, DL::kMaxPosition};

const FieldSpec<Part> kPartFields[] = {
    numberRow<&Part::x>("parts.x", kReal, "scene units", kPositionInFile, kPositionInDesign,
                        QT_TRANSLATE_NOOP("FieldTable", "X"), "scene position"),
    numberRow<&Part::y>("parts.y", kReal, "scene units", kPositionInFile, kPositionInDesign,
                        QT_TRANSLATE_NOOP("FieldTable", "Y"), "scene position"),
    // A switch array holds at most DL::kMaxSwitchesInArray (the validator's rule by kind).
    numberRow<&Part::count>("parts.count", FieldKind::Int, "", {0, double(FL::kMaxGroupCount)},
                            {1, double(DL::kMaxGroupCount)}, QT_TRANSLATE_NOOP("FieldTable", "Count"),
                            "nodes in a group, switches in an array; 1 for a single part"),
};

// ---- Racks (design file version 2) -----------------------------------------

const FieldSpec<Rack> kRackFields[] = {
    numberRow<&Rack::row>("racks.row", FieldKind::Int, "", {0, double(FL::kMaxRows)},
                          {0, double(DL::kMaxRows)}, QT_TRANSLATE_NOOP("FieldTable", "Row"),
                          "floor row, 0-based"),
    numberRow<&Rack::slot>("racks.slot", FieldKind::Int, "", {0, double(FL::kMaxSlotsPerRow)},
                           {0, double(DL::kMaxSlotsPerRow)}, QT_TRANSLATE_NOOP("FieldTable", "Slot"),
                           "position in the row, 0-based, left to right"),
    numberRow<&Rack::powerLimitKw>("racks.powerLimitKw", kReal, "kW", {0, FL::kMaxRackKw},
                                   {0, DL::kMaxRackKw}, QT_TRANSLATE_NOOP("FieldTable", "Power limit"),
                                   "the site's limit for this rack (0 = the rack type's)"),
};

// ---- Placements (design file version 2) ------------------------------------

// The rack type's height and the part's members bound these more tightly; the
// rack validator's rules say so beside the rows (rack_validator.cpp).
const FieldSpec<Placement> kPlacementFields[] = {
    numberRow<&Placement::u>("placements.u", FieldKind::Int, "U", {1, double(FL::kMaxUPosition)},
                             {1, double(FL::kMaxUPosition)}, QT_TRANSLATE_NOOP("FieldTable", "U position"),
                             "lowest U occupied, 1-based from the bottom of the rack"),
    numberRow<&Placement::firstMember>("placements.firstMember", FieldKind::Int, "",
                                       {0, double(FL::kMaxGroupCount)}, {0, double(DL::kMaxGroupCount)},
                                       QT_TRANSLATE_NOOP("FieldTable", "First member"),
                                       "node groups: the first member placed here, 0-based"),
    numberRow<&Placement::members>("placements.members", FieldKind::Int, "", {1, double(FL::kMaxGroupCount)},
                                   {1, double(DL::kMaxGroupCount)},
                                   QT_TRANSLATE_NOOP("FieldTable", "Members"),
                                   "node groups: the members placed here, stacked upwards"),
};

template <class S> const FieldSpec<S>* findRow(std::span<const FieldSpec<S>> fields, const std::string& name)
{
    const auto it =
        std::find_if(fields.begin(), fields.end(), [&](const FieldSpec<S>& f) { return name == f.name; });
    return it == fields.end() ? nullptr : &*it;
}

template <class S> const FieldSpec<S>& mustFind(std::span<const FieldSpec<S>> fields, const char* name)
{
    const FieldSpec<S>* f = findRow(fields, name);
    if (!f)
        std::abort(); // a name typed in the code, not data: fails every test that reaches it
    return *f;
}

} // namespace

std::span<const FieldSpec<Economics>> economicsFields()
{
    return kEconomicsFields;
}
std::span<const FieldSpec<Link>> linkFields()
{
    return kLinkFields;
}
std::span<const FieldSpec<Part>> partFields()
{
    return kPartFields;
}

std::span<const FieldSpec<Rack>> rackFields()
{
    return kRackFields;
}

std::span<const FieldSpec<Placement>> placementFields()
{
    return kPlacementFields;
}

const FieldSpec<Economics>* economicsField(const std::string& name)
{
    return findRow(economicsFields(), name);
}
const FieldSpec<Link>* linkField(const std::string& name)
{
    return findRow(linkFields(), name);
}
const FieldSpec<Part>* partField(const std::string& name)
{
    return findRow(partFields(), name);
}

const FieldSpec<Rack>* rackField(const std::string& name)
{
    return findRow(rackFields(), name);
}

const FieldSpec<Placement>* placementField(const std::string& name)
{
    return findRow(placementFields(), name);
}

const FieldSpec<Link>& linkRow(const char* name)
{
    return mustFind(linkFields(), name);
}
const FieldSpec<Part>& partRow(const char* name)
{
    return mustFind(partFields(), name);
}
const FieldSpec<Economics>& economicsRow(const char* name)
{
    return mustFind(economicsFields(), name);
}
const FieldSpec<Rack>& rackRow(const char* name)
{
    return mustFind(rackFields(), name);
}

const FieldSpec<Placement>& placementRow(const char* name)
{
    return mustFind(placementFields(), name);
}

} // namespace cf
