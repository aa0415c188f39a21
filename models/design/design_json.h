#pragma once
// Design file format: {"format": "clusterforge-design", "version": 2, ...}.
// Version 2 adds "racks" and "placements" (issue 17). A version 1 file loads
// as a design without racks (its migration: nothing else changed); saving
// always writes version 2.
// save -> load -> save is byte-identical. A malformed file never crashes the
// reader: every problem names its JSON pointer.

#include "models/core/problem.h"
#include "models/core/result.h"
#include "models/design/design.h"

#include <optional>
#include <string>
#include <string_view>

namespace cf {

inline constexpr const char* kDesignFormat = "clusterforge-design";
inline constexpr int kDesignFormatVersion = 2;
inline constexpr int kOldestDesignFormatVersion = 1; // still read

std::string saveDesignJson(const Design& design);
// The design when the text has no errors; its warnings (unknown fields) either way.
Result<Design> loadDesignJson(std::string_view text);

// File helpers. Saving writes a temporary file in the same folder and renames
// it over the target, so a failed save leaves the previous file intact.
Result<Design> loadDesignFile(const std::string& path);
Result<void> saveDesignFile(const Design& design, const std::string& path);

// Writes `bytes` to `path` all or nothing: a temporary file in the same folder
// (QSaveFile), unbuffered so that a short write (disk full, file-size limit) is
// seen, renamed over `path` only when every byte is written. On failure the
// previous file is untouched and the one problem (field: the path) says why.
// Every file the app and the CLI write goes through here (or QSaveFile used
// the same way); tests/models/tst_atomic_writes.cpp checks the sources.
Result<void> writeFileAtomically(const std::string& path, std::string_view bytes);
// The first problem's message: the one line a caller shows for a failed write.
std::string failureMessage(const Problems& problems);

} // namespace cf
