#pragma once
// Names of design fields that more than one layer spells: the design file's
// key is also the document's property name (undo text, inspector). One
// spelling each, so a rename cannot miss a reader.

namespace cf {

inline constexpr char kCablesPerMemberKey[] = "cablesPerMember"; // Link::cablesPerMember

} // namespace cf
