// Where the catalog and the examples live: $CLUSTERFORGE_RESOURCES, the
// install tree next to the binary, or the source tree for developer builds.
#include "models/catalog/resource_paths.h"

#include <QCoreApplication>
#include <QStandardPaths>

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace cf {
namespace {

namespace fs = std::filesystem;

constexpr const char* kResourcesEnv = "CLUSTERFORGE_RESOURCES";
constexpr const char* kCatalogFile = "catalog.json";
// Used when no QCoreApplication names the app: the organisation/application
// names app/gui/main.cpp and app/cli/main.cpp set, so the path is the same.
constexpr const char* kFallbackConfigSubdir = "ClusterForge/ClusterForge";

std::string installedDataDir()
{
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec || exe.empty())
        return {};
    const fs::path dir = exe.parent_path().parent_path() / CF_INSTALLED_DATA_SUBDIR;
    if (!fs::is_regular_file(dir / kCatalogFile, ec))
        return {};
    return dir.lexically_normal().string();
}

} // namespace

std::string resourceDir()
{
    if (const char* env = std::getenv(kResourcesEnv); env && *env)
        return env;
    if (std::string installed = installedDataDir(); !installed.empty())
        return installed;
    return CF_SOURCE_RESOURCE_DIR;
}

std::string builtinCatalogPath()
{
    return (fs::path(resourceDir()) / kCatalogFile).string();
}

std::string examplePath(const std::string& fileName)
{
    return (fs::path(resourceDir()) / "examples" / fileName).string();
}

std::string userCatalogPath()
{
    QString dir;
    if (!QCoreApplication::applicationName().isEmpty())
        dir = QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation);
    else
        dir = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) + "/" +
              kFallbackConfigSubdir;
    if (dir.isEmpty())
        return {};
    return (fs::path(dir.toStdString()) / kCatalogFile).string();
}

} // namespace cf
