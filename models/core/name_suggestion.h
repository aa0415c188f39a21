#pragma once
// "Did you mean ...?" for an unknown field name: the known name closest by
// edit distance, when it is close enough to be a typo rather than a
// different word. Used by the design and catalog readers.

#include <string>
#include <string_view>
#include <vector>

namespace cf {

// Optimal-string-alignment distance (insertions, deletions, substitutions
// and swaps of neighbours each cost 1), ignoring ASCII case.
std::size_t editDistance(std::string_view a, std::string_view b);

// The name in `known` closest to `unknown`, or "" when none is within
// kMaxSuggestionEdits edits and under half of `unknown`'s length. Ties go to
// the earlier name in `known`.
std::string closestName(std::string_view unknown, const std::vector<std::string>& known);

// "; did you mean \"cablesPerMember\"?" or "" when closestName finds none.
std::string didYouMean(std::string_view unknown, const std::vector<std::string>& known);

// Up to `count` names of `known` nearest `unknown`, however far: those that
// contain it or that it contains (ignoring case) first, then by edit distance;
// ties keep `known`'s order. For "unknown id" messages that list the nearest
// catalog ids (issue 28 item 16).
std::vector<std::string> nearestNames(std::string_view unknown, const std::vector<std::string>& known,
                                      std::size_t count = 3);

} // namespace cf
