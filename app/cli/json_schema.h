#pragma once
// The version of the CLI's JSON outputs (issue 28 item 17): every command's
// JSON carries it as "schema". Raise it when a key is renamed, removed or
// changes unit; adding a key does not. docs/json.md lists the keys.

namespace cf::cli {

inline constexpr int kJsonSchemaVersion = 1;

} // namespace cf::cli
