#pragma once
// Small helpers shared by the what-if docks: a problem list as rich text with
// the field's label in front, a field table row's label and tooltip.

#include "models/core/problem.h"

#include <QString>

#include <functional>

namespace cf {

// Problems whose field satisfies `keep`, one per line, errors red and warnings
// amber. `label` turns a field path into the label the user sees ("" = none).
QString problemsHtml(const Problems& problems, const std::function<bool(const std::string&)>& keep,
                     const std::function<QString(const std::string&)>& label);

// The tooltip of a field table row's editor (models/design/field_table.h): its
// tooltip (else its help), translated, then its design bounds and unit, which
// the spin box enforces by silently dropping keys that would leave them.
QString fieldToolTip(const char* tip, const char* help, double min, double max, const char* unit, bool whole);
// A field table row's label (or any of its texts), translated (context "FieldTable").
QString fieldLabel(const char* label);
// A row's tooltip; a number's with its bounds and unit.
template <class Spec> QString fieldToolTip(const Spec& f)
{
    using Kind = decltype(f.kind);
    if (f.kind != Kind::Int && f.kind != Kind::Real)
        return fieldLabel(*f.tip ? f.tip : f.help);
    return fieldToolTip(f.tip, f.help, f.design.min, f.design.max, f.unit, f.kind == Kind::Int);
}

} // namespace cf
