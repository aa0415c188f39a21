#pragma once
// Why a design file did not open, in words (issue 28 item 10): "not a design
// file: its text is not valid JSON (cut off?); the first fault is at line 12,
// column 5" instead of the JSON parser's message alone, which stays in the
// detail for whoever wants it. The file is looked at again (it exists? empty?
// valid JSON?) so the summary never depends on the parser's wording.

#include "models/core/problem.h"

#include <string>

namespace cf {

struct DesignFileFault {
    std::string summary; // one or two sentences in words, naming no parser
    std::string detail;  // the loader's problems, one a line
};

// `problems`: what loadDesignFile(path) refused the file with.
DesignFileFault describeDesignFileFault(const std::string& path, const Problems& problems);

} // namespace cf
