#pragma once

#include <string>

namespace cf {

// Folder holding catalog.json and examples/: $CLUSTERFORGE_RESOURCES if set,
// else <binary>/../share/clusterforge when installed, else the source tree's
// resources/ (developer builds).
std::string resourceDir();
std::string builtinCatalogPath();
std::string examplePath(const std::string& fileName); // "workhorse.json"
// The user's catalog overlay: <AppConfigLocation>/catalog.json.
std::string userCatalogPath();

} // namespace cf
