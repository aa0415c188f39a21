#pragma once
// One row per scalar field of the split (Parallelism) and of the workload
// (Workload and its ModelShape): its design name (which is also its JSON
// place), kind, CLI flag and placeholder, unit, the two tiers of bounds of
// design_limits.h, the GUI's label and tooltip, the --help line, and how to get
// and set it. The design file's reader and writer, the validator's bounds, the
// CLI's flags and --help and the docks' spin boxes walk these tables (issue 30
// item 1), so a new field is its struct member, one row here and the code that
// uses its value (docs/CONVENTIONS.md, "Adding a workload or split field").
//
// What does not fit a row stays with its consumer, beside the table: defaults
// that depend on the file or the preset (the CLI's "--model's, else ..."),
// fields one flag or edit implies (--recompute-modules implies selective), the
// CLI's --help order, a dock's layout.
//
// The rows are in the design file's key order (the writer's), so files keep
// their bytes. Labels and tooltips are marked for translation, context
// "FieldTable" (the GUI calls QCoreApplication::translate).

#include "models/design/economics.h"
#include "models/design/link.h"
#include "models/design/parallelism.h"
#include "models/design/part.h"
#include "models/design/placement.h"
#include "models/design/rack.h"
#include "models/design/workload.h"

#include <span>
#include <string>

namespace cf {

enum class FieldKind {
    Int,    // a whole number
    Real,   // a number
    Bool,   // true or false; the CLI spells it choices[0] (true) or choices[1] (false)
    Choice, // one of `choices` (an enum's spellings)
    List,   // comma-separated names (text)
};

struct FieldBounds {
    double min = 0;
    double max = 0;
};

template <class S> struct FieldSpec {
    const char* name; // the design field problems name, "parallelism.tp"; its JSON
                      // place is the same path: /parallelism/tp
    FieldKind kind;
    const char* flag;                     // the CLI flag, "--tp"; "" when the CLI has none
    const char* metavar;                  // the CLI placeholder, "T"; "" for a choice
    const char* unit;                     // "GPUs", "tokens"; "" for a plain number
    FieldBounds file;                     // limits::FileLimits: the reader refuses a value beyond
    FieldBounds design;                   // limits::DesignLimits: the validator refuses a value beyond
    const char* label;                    // the GUI's row label and undo text
    const char* help;                     // one line, no period: --help, and the tooltip when `tip` is ""
    const char* tip;                      // the GUI's tooltip, a sentence or more; "" = `help`
    std::span<const char* const> choices; // Choice: the spellings; Bool: the CLI's {true, false}
    bool omitDefault;           // the file leaves the field out at its default (older files keep their bytes)
    bool zeroIsAuto;            // 0 = the engine chooses: the CLI flag starts at 1, the GUI shows "auto"
    double (*number)(const S&); // Int, Real, Bool (1 or 0)
    void (*setNumber)(S&, double); // Int, Real, Bool
    std::string (*text)(const S&); // Choice, List: as the file and the CLI spell it
    // Choice, List: set from its spelling; "" when done, else why not
    // ("unknown value \"x\"; expected one of ...").
    std::string (*setText)(S&, const std::string&);

    bool isNumber() const
    {
        return kind == FieldKind::Int || kind == FieldKind::Real || kind == FieldKind::Bool;
    }
    // The JSON key in its object: the last part of the name ("tp").
    std::string key() const;
    // The object's path: "parallelism", "workload.model".
    std::string object() const;
    // Whether `s` holds the field's default (its value in S{}).
    bool isDefault(const S& s) const;
};

// The split's fields, in the file's key order.
std::span<const FieldSpec<Parallelism>> parallelismFields();
// The workload's fields, the model's first, in the file's key order. The
// model's preset (a catalog id, text) is not a row: the reader, writer and
// CLI handle it where it picks a catalog entry.
std::span<const FieldSpec<Workload>> workloadFields();

// The design-level fields (field_table_design.cpp), in the file's key order:
// the economics, and the numbers and choices of each link and each part (their
// ids, ends, catalog ids, names and kind are text the reader and writer handle
// by hand). A link's or part's row is named "links.speedGbps", "parts.count";
// a problem names the item: "links[l1].speedGbps", the file "/links/0/speedGbps".
std::span<const FieldSpec<Economics>> economicsFields();
std::span<const FieldSpec<Link>> linkFields();
std::span<const FieldSpec<Part>> partFields();
// A rack's row, slot and power limit ("racks.row"); its id, name and type are text.
std::span<const FieldSpec<Rack>> rackFields();
// A placement's U position and members ("placements.u"); its part and rack are
// text, and "u" is required (the reader says so before it reads the rows).
std::span<const FieldSpec<Placement>> placementFields();

// The row named `name` ("parallelism.tp"), or nullptr.
const FieldSpec<Parallelism>* parallelismField(const std::string& name);
const FieldSpec<Workload>* workloadField(const std::string& name);
const FieldSpec<Economics>* economicsField(const std::string& name);
const FieldSpec<Link>* linkField(const std::string& name);
const FieldSpec<Part>* partField(const std::string& name);
const FieldSpec<Rack>* rackField(const std::string& name);
const FieldSpec<Placement>* placementField(const std::string& name);
// The row named `name`, which must exist (a programming error otherwise: it
// aborts), for code that names one field: linkRow("links.cablesPerMember").
const FieldSpec<Link>& linkRow(const char* name);
const FieldSpec<Part>& partRow(const char* name);
const FieldSpec<Economics>& economicsRow(const char* name);
const FieldSpec<Rack>& rackRow(const char* name);
const FieldSpec<Placement>& placementRow(const char* name);

// The choices as the reader's messages list them: "\"ddp\", \"zero1\", ...".
std::string quotedChoices(std::span<const char* const> choices);

template <class S> std::string FieldSpec<S>::key() const
{
    const std::string n(name);
    return n.substr(n.rfind('.') + 1);
}

template <class S> std::string FieldSpec<S>::object() const
{
    const std::string n(name);
    return n.substr(0, n.rfind('.'));
}

template <class S> bool FieldSpec<S>::isDefault(const S& s) const
{
    static const S defaults{};
    return isNumber() ? number(s) == number(defaults) : text(s) == text(defaults);
}

} // namespace cf
