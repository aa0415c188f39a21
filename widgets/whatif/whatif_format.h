#pragma once
// Small helpers shared by the what-if docks: a problem list as rich text with
// the field's label in front, a field table row's label and tooltip.

#include "models/core/problem.h"

#include <QString>

#include <functional>
#include <span>
#include <string>

class QAbstractSpinBox;
class QComboBox;

namespace cf {

// Problems whose field satisfies `keep`, one per line, errors red and warnings
// amber. `label` turns a field path into the label the user sees ("" = none).
QString problemsHtml(const Problems& problems, const std::function<bool(const std::string&)>& keep,
                     const std::function<QString(const std::string&)>& label);

// The tooltip of a field table row's editor (models/design/field_table.h): its
// tooltip (else its help), translated, then its design bounds and unit, which
// the spin box enforces by silently dropping keys that would leave them.
QString fieldToolTip(const char* tip, const char* help, double min, double max, const char* unit, bool whole);
// A dock's friendlier name for one of a row's choices ("zero1" shown as
// "ZeRO-1 (optimizer)"), and the item's tooltip ("" = none).
struct ChoiceName {
    const char* choice;
    QString text;
    QString tip = {};
};
// Fills `combo` with a Choice row's `choices` (models/design/field_table.h):
// each item's data is its spelling, its text the dock's name from `names`
// (else the spelling). Items `names` lists come first, in its order (a dock's
// order: the most used first); a choice it leaves out follows, spelt as the file
// spells it, so a new row choice shows up without a dock edit.
void addChoices(QComboBox* combo, std::span<const char* const> choices, std::span<const ChoiceName> names);
// Selects the item whose data is `choice` (the row's text of the value).
void selectChoice(QComboBox* combo, const std::string& choice);
// The spelling of the combo's current item, for the row's setText.
std::string currentChoice(const QComboBox* combo);
// A field table row's label (or any of its texts), translated (context "FieldTable").
QString fieldLabel(const char* label);
// Its short form, where a line has little room: the abbreviation a label ends
// with ("Tensor parallel (TP)" -> "TP"), else the whole label.
QString fieldShortLabel(const char* label);

// Narrow editors, so a form fits a narrow dock (its scroll area never scrolls
// sideways). A spin box's width follows the longest value of its range: with
// the field table's bounds (up to 2^20, 1e9 billion tokens) that made the
// what-if forms wider than their docks, cutting every editor's right edge. At
// its narrowest a spin box fits `narrowMax` (prefix, suffix and special text
// included); a combo box fits `chars` characters. Both grow with the dock, and
// show their whole value whenever it is wide enough.
void narrowSpinBox(QAbstractSpinBox* spin, double narrowMax);
void narrowCombo(QComboBox* combo, int chars);
// A row's tooltip; a number's with its bounds and unit.
template <class Spec> QString fieldToolTip(const Spec& f)
{
    using Kind = decltype(f.kind);
    if (f.kind != Kind::Int && f.kind != Kind::Real)
        return fieldLabel(*f.tip ? f.tip : f.help);
    return fieldToolTip(f.tip, f.help, f.design.min, f.design.max, f.unit, f.kind == Kind::Int);
}

} // namespace cf
