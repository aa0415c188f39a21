#pragma once
// Internal to the design JSON reader: text -> JSON tree with resource bounds
// checked while parsing (input size, nesting, array lengths, string lengths),
// so that hostile input is refused before anything large is built. Every
// problem names the JSON pointer where the parser stood.

#include "models/core/problem.h"
#include "models/core/result.h"

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace cf::designjson {

// Resource bounds (issue 7 item 5); all "our choice", sized far above any
// real design: 200,000 parts is a 1.6M-GPU cluster of 8-GPU nodes.
inline constexpr std::size_t kMaxInputBytes = 64u * 1024u * 1024u;
inline constexpr std::size_t kMaxArrayItems = 200000;
inline constexpr std::size_t kMaxStringChars = 4096;       // ids, names, enum strings
inline constexpr std::size_t kMaxDescriptionChars = 65536; // the free-text description
inline constexpr std::size_t kMaxDepth = 32;               // a design nests 3 deep
inline constexpr std::size_t kMaxValues = 4000000;         // ~ 200k parts + 200k links x 9 values

// "/parts/3/count" from path segments; escapes '~' and '/' (RFC 6901).
std::string escapePointerToken(const std::string& token);

// The JSON tree of `text`, or the problems of a syntax error, a non-finite
// number or a bound exceeded (each at the pointer where the parser stood).
Result<nlohmann::json> parseTree(std::string_view text);

} // namespace cf::designjson
