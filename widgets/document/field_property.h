#pragma once
// A link's or part's property, as the document names it ("speedGbps",
// "cablesPerMember", "x"), read and written through its field table row
// (models/design/field_table.h): the property is the row's key. Text the
// table does not hold (a part's name, catalog id) stays with the document.

#include "models/design/field_table.h"

#include <QString>
#include <QVariant>

#include <span>
#include <string>

namespace cf {

// The row of `object` ("links", "parts") whose key is `property`, or nullptr.
template <class S>
const FieldSpec<S>* propertyRow(std::span<const FieldSpec<S>> fields, const char* object,
                                const QString& property)
{
    const std::string name = std::string(object) + "." + property.toStdString();
    for (const FieldSpec<S>& f : fields)
        if (name == f.name)
            return &f;
    return nullptr;
}

// The row's value: an int for a whole number, a double, a bool, or the spelling.
template <class S> QVariant rowValue(const FieldSpec<S>& f, const S& s)
{
    switch (f.kind) {
    case FieldKind::Int:
        return static_cast<int>(f.number(s));
    case FieldKind::Real:
        return f.number(s);
    case FieldKind::Bool:
        return f.number(s) != 0;
    case FieldKind::Choice:
    case FieldKind::List:
        break;
    }
    return QString::fromStdString(f.text(s));
}

// Sets the row's value; a spelling the row does not know leaves it as it was.
template <class S> void setRowValue(const FieldSpec<S>& f, S& s, const QVariant& value)
{
    if (f.isNumber())
        f.setNumber(s, f.kind == FieldKind::Int ? value.toInt() : value.toDouble());
    else
        f.setText(s, value.toString().toStdString());
}

// The key of a link's or part's row, as the document's property name.
inline QString linkKey(const char* name)
{
    return QString::fromStdString(linkRow(name).key());
}

} // namespace cf
