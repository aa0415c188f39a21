// Catalog lookups, merging and loading from files. Parsing lives in
// catalog_reader.cpp.
#include "models/catalog/catalog.h"
#include "models/catalog/resource_paths.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <system_error>

namespace cf {
namespace {

// A catalog file larger than this is refused rather than read into memory
// (our choice: the built-in catalog is ~40 kB).
constexpr std::uintmax_t kMaxCatalogFileBytes = 64ull * 1024 * 1024;

template <typename Spec> const Spec* findById(const std::vector<Spec>& items, std::string_view id)
{
    for (const auto& item : items)
        if (item.id == id)
            return &item;
    return nullptr;
}

template <typename Spec> void mergeInto(std::vector<Spec>& base, const std::vector<Spec>& overlay)
{
    for (const auto& item : overlay) {
        bool replaced = false;
        for (auto& existing : base)
            if (existing.id == item.id) {
                existing = item;
                replaced = true;
                break;
            }
        if (!replaced)
            base.push_back(item);
    }
}

Result<std::string> readFile(const std::string& path)
{
    const auto fail = [](std::string message) {
        return Result<std::string>::failure({{Severity::Error, "", std::move(message), {}}});
    };
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        return fail("cannot read catalog " + path + ": " + ec.message());
    if (size > kMaxCatalogFileBytes)
        return fail("catalog " + path + " is too large (" + std::to_string(size) + " bytes)");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return fail("cannot open catalog " + path);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

// Parses one file; problems get the file path in front of their message so a
// user can tell the built-in catalog's problems from their own file's.
Result<Catalog> parseFile(const std::string& path)
{
    const Result<std::string> text = readFile(path);
    if (!text)
        return Result<Catalog>::failure(text.problems());
    Result<Catalog> catalog = Catalog::fromJson(*text);
    for (Problem& p : catalog.problems())
        p.message = path + ": " + p.message;
    return catalog;
}

// Moves `from`'s problems to the end of `to`.
void append(Problems& to, Problems& from)
{
    to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
}

// Cross-references that must resolve in a usable catalog: every node names a
// GPU (and, if any, a NIC) that exists. Fields are "nodes[<id>].gpuId" since
// after a merge the entry may come from either file.
Problems checkReferences(const Catalog& catalog)
{
    Problems problems;
    for (const auto& node : catalog.nodes()) {
        if (!catalog.gpu(node.gpuId))
            problems.push_back({Severity::Error, "nodes[" + node.id + "].gpuId",
                                "node \"" + node.id + "\" names unknown GPU \"" + node.gpuId + "\"",
                                node.id});
        if (!node.nicId.empty() && !catalog.nic(node.nicId))
            problems.push_back({Severity::Error, "nodes[" + node.id + "].nicId",
                                "node \"" + node.id + "\" names unknown NIC \"" + node.nicId + "\"",
                                node.id});
    }
    return problems;
}

struct BuiltinState {
    Catalog catalog;
    Problems problems;
};

const BuiltinState& builtinState()
{
    static const BuiltinState state = [] {
        BuiltinState s;
        const std::string user = userCatalogPath();
        std::error_code ec;
        const bool hasUser = !user.empty() && std::filesystem::exists(user, ec);
        Result<Catalog> loaded = Catalog::load(builtinCatalogPath(), hasUser ? user : std::string());
        s.problems = std::move(loaded.problems());
        if (loaded)
            s.catalog = std::move(*loaded);
        return s;
    }();
    return state;
}

} // namespace

void Catalog::merge(const Catalog& other)
{
    mergeInto(gpus_, other.gpus_);
    mergeInto(nodes_, other.nodes_);
    mergeInto(nics_, other.nics_);
    mergeInto(switches_, other.switches_);
    mergeInto(storages_, other.storages_);
    mergeInto(cables_, other.cables_);
    mergeInto(racks_, other.racks_);
    mergeInto(presets_, other.presets_);
}

Result<Catalog> Catalog::load(const std::string& basePath, const std::string& userPath)
{
    Result<Catalog> base = parseFile(basePath);
    Problems probs = std::move(base.problems());
    if (!base)
        return Result<Catalog>::failure(std::move(probs));
    const Problems baseRefs = checkReferences(*base);
    if (hasErrors(baseRefs)) {
        for (const auto& p : baseRefs)
            probs.push_back({p.severity, p.field, basePath + ": " + p.message, p.itemId});
        return Result<Catalog>::failure(std::move(probs));
    }
    if (userPath.empty())
        return {std::move(*base), std::move(probs)};

    // A broken overlay never costs the user the base catalog: it is reported
    // and ignored as a whole.
    Result<Catalog> overlay = parseFile(userPath);
    append(probs, overlay.problems());
    if (!overlay) {
        probs.push_back(
            {Severity::Error, "", userPath + ": user catalog ignored, using the built-in catalog", {}});
        return {std::move(*base), std::move(probs)};
    }
    Catalog merged = *base;
    merged.merge(*overlay);
    const Problems mergedRefs = checkReferences(merged);
    if (hasErrors(mergedRefs)) {
        for (const auto& p : mergedRefs)
            probs.push_back({p.severity, p.field, userPath + ": " + p.message, p.itemId});
        probs.push_back(
            {Severity::Error, "", userPath + ": user catalog ignored, using the built-in catalog", {}});
        return {std::move(*base), std::move(probs)};
    }
    return {std::move(merged), std::move(probs)};
}

const Catalog& Catalog::builtin()
{
    return builtinState().catalog;
}

const Problems& Catalog::builtinProblems()
{
    return builtinState().problems;
}

const GpuSpec* Catalog::gpu(std::string_view id) const
{
    return findById(gpus_, id);
}
namespace {

bool sameIgnoringCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

} // namespace

const GpuSpec* Catalog::findGpu(std::string_view idOrName) const
{
    for (const GpuSpec& g : gpus_) {
        if (sameIgnoringCase(g.id, idOrName) || sameIgnoringCase(g.name, idOrName))
            return &g;
        for (const std::string& alias : g.aliases)
            if (sameIgnoringCase(alias, idOrName))
                return &g;
    }
    return nullptr;
}

const NodeSpec* Catalog::node(std::string_view id) const
{
    return findById(nodes_, id);
}
const NicSpec* Catalog::nic(std::string_view id) const
{
    return findById(nics_, id);
}
const SwitchSpec* Catalog::switchSpec(std::string_view id) const
{
    return findById(switches_, id);
}
const StorageSpec* Catalog::storage(std::string_view id) const
{
    return findById(storages_, id);
}
const CableSpec* Catalog::cable(std::string_view id) const
{
    return findById(cables_, id);
}
const RackSpec* Catalog::rack(std::string_view id) const
{
    return findById(racks_, id);
}
const ModelPreset* Catalog::preset(std::string_view id) const
{
    return findById(presets_, id);
}

const char* toString(ScaleUp scaleUp)
{
    switch (scaleUp) {
    case ScaleUp::NVSwitch:
        return "nvswitch";
    case ScaleUp::PCIe:
        return "pcie";
    case ScaleUp::InfinityFabric:
        return "infinity-fabric";
    }
    return "?";
}

const char* toString(FabricTech tech)
{
    switch (tech) {
    case FabricTech::InfiniBand:
        return "infiniband";
    case FabricTech::Ethernet:
        return "ethernet";
    }
    return "?";
}

const char* toString(Cooling cooling)
{
    switch (cooling) {
    case Cooling::Air:
        return "air";
    case Cooling::RearDoor:
        return "rear-door";
    case Cooling::Liquid:
        return "liquid";
    }
    return "?";
}

bool coolingFromString(const std::string& text, Cooling& out)
{
    for (Cooling c : {Cooling::Air, Cooling::RearDoor, Cooling::Liquid})
        if (text == toString(c)) {
            out = c;
            return true;
        }
    return false;
}

} // namespace cf
