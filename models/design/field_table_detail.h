#pragma once
// The accessors the field tables' rows are built from (field_table.cpp and
// field_table_design.cpp): a number or an enum's spelling through its member
// pointer. Only the table's sources include this.

#include "models/design/field_table.h"

#include <string>

namespace cf::fieldtable {

template <class> struct MemberOf;
template <class S, class T> struct MemberOf<T S::*> {
    using Struct = S;
    using Type = T;
};
template <auto M> using StructOf = typename MemberOf<decltype(M)>::Struct;
template <auto M> using TypeOf = typename MemberOf<decltype(M)>::Type;

// A number (int, double or bool member) through its member pointer.
template <auto M> double numberOf(const StructOf<M>& s)
{
    return double(s.*M);
}
template <auto M> void setNumberOf(StructOf<M>& s, double v)
{
    s.*M = static_cast<TypeOf<M>>(v);
}

// An enum member, spelt by its toString / fromString pair, one of `Choices`.
template <auto M, auto ToText> std::string textOf(const StructOf<M>& s)
{
    return ToText(s.*M);
}
template <auto M, auto FromText, const auto& Choices>
std::string setTextOf(StructOf<M>& s, const std::string& t)
{
    TypeOf<M> v{};
    if (!FromText(t, v))
        return "unknown value \"" + t + "\"; expected one of " + quotedChoices(Choices);
    s.*M = v;
    return {};
}

} // namespace cf::fieldtable
