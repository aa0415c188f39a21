#pragma once
// The version of the CLI's JSON outputs (issue 28 item 17): every command's
// JSON carries it as "schema". Raise it when a key is renamed, removed or
// changes unit; adding a key does not. docs/json.md lists the keys.

namespace cf::cli {

// 2: snake_case keys in every command (compare, generate, db), memory in GiB
// (`_gib`), `it_power_kw` beside `facility_power_kw`, search's `infeasible` a list.
inline constexpr int kJsonSchemaVersion = 2;

} // namespace cf::cli
