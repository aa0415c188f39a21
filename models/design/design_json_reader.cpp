// Reading a design file: JSON tree -> Design. Every problem names its JSON
// pointer; the reader checks types, required fields, non-finite and absurd
// numbers and duplicate ids. What a design *means* (does TP divide the heads?)
// is the validator's job, so a file saved with an invalid split still opens.
#include "models/design/calibration_profile_json.h"
#include "models/design/design_json.h"
#include "models/design/design_json_fields.h"
#include "models/design/design_json_tree.h"
#include "models/design/design_limits.h"
#include "models/design/field_table.h"
#include "models/design/pipeline_schedule.h"
#include "models/design/recompute_modules.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <span>
#include <vector>

namespace cf {
namespace {

using designjson::FieldReader;
using nlohmann::json;

// Bounds on what a file may hold: limits::FileLimits (design_limits.h); the
// validator applies the tighter, meaningful DesignLimits.
using FL = limits::FileLimits;
constexpr long long kMaxTotalNodes = FL::kMaxTotalNodes;
constexpr long long kMaxRacks = FL::kMaxRacks;
constexpr long long kMaxPlacements = FL::kMaxPlacements;

constexpr const char* kKinds = "\"node\", \"switch\", \"storage\"";

std::string at(const std::string& base, std::size_t index)
{
    return base + "/" + std::to_string(index);
}

// The JSON pointer of a field table's object: "workload.model" -> "/workload/model".
std::string pointerOf(std::string object)
{
    std::replace(object.begin(), object.end(), '.', '/');
    return "/" + object;
}

// The keys of the table's rows in `object`, then `more` (keys read beside the table).
template <class S>
std::vector<std::string> knownKeys(std::span<const FieldSpec<S>> fields, const std::string& object,
                                   std::initializer_list<const char*> more)
{
    std::vector<std::string> keys(more.begin(), more.end());
    for (const FieldSpec<S>& f : fields)
        if (f.object() == object)
            keys.push_back(f.key());
    return keys;
}

class DesignReader {
public:
    explicit DesignReader(Problems& problems) : problems_(problems), r_(problems) {}

    void read(const json& root, Design& d)
    {
        if (!readHeader(root))
            return;
        // Version 1 knows no racks: its "racks" would be an unknown key (a warning).
        if (version_ >= 2)
            r_.warnUnknownKeys(root, "",
                               {"format", "version", "name", "description", "parts", "links", "workload",
                                "parallelism", "economics", "calibration", "racks", "placements",
                                "deviceNames"});
        else
            r_.warnUnknownKeys(root, "",
                               {"format", "version", "name", "description", "parts", "links", "workload",
                                "parallelism", "economics", "calibration", "deviceNames"});
        r_.readString(root, "", "name", d.name, false);
        r_.readString(root, "", "description", d.description, false);
        readParts(root, d);
        readLinks(root, d);
        if (const auto it = root.find("workload"); it != root.end() && r_.expectObject(*it, "/workload"))
            readWorkload(*it, d.workload);
        if (const auto it = root.find("parallelism");
            it != root.end() && r_.expectObject(*it, "/parallelism"))
            readParallelism(*it, d.parallelism);
        if (const auto it = root.find("economics"); it != root.end() && r_.expectObject(*it, "/economics"))
            readEconomics(*it, d.economics);
        if (const auto it = root.find("calibration"); it != root.end()) {
            CalibrationProfile profile;
            readProfileObject(*it, "/calibration", profile, problems_);
            d.calibration = std::move(profile);
        }
        if (version_ >= 2) {
            readRacks(root, d);
            readPlacements(root, d);
        }
        if (const auto it = root.find("deviceNames");
            it != root.end() && r_.expectObject(*it, "/deviceNames"))
            readDeviceNames(*it, d.deviceNames);
    }

private:
    bool readHeader(const json& root)
    {
        if (!root.is_object()) {
            r_.error("", "a design file is a JSON object ({...}); this file holds " +
                             designjson::describeType(root));
            return false;
        }
        std::string format;
        if (!r_.readString(root, "", "format", format, true))
            return false;
        if (format != kDesignFormat) {
            r_.error("/format",
                     "\"" + format + "\" is not a ClusterForge design; expected \"" + kDesignFormat + "\"");
            return false;
        }
        const auto v = root.find("version");
        if (v == root.end()) {
            r_.error("/version", "the required field \"version\" is missing");
            return false;
        }
        if (!v->is_number_integer()) {
            r_.error("/version", "expected the whole number " + std::to_string(kDesignFormatVersion) +
                                     ", got " + designjson::describeType(*v));
            return false;
        }
        // Positive integers parse as unsigned; anything above INT64_MAX is "newer" too.
        const bool newer = v->is_number_unsigned() ? v->get<unsigned long long>() > kDesignFormatVersion
                                                   : v->get<long long>() > kDesignFormatVersion;
        if (newer) {
            r_.error("/version", "the file is design format version " + v->dump() +
                                     ", written by a newer ClusterForge; this build reads version " +
                                     std::to_string(kDesignFormatVersion) +
                                     ": update ClusterForge to open it");
            return false;
        }
        const long long version = v->get<long long>();
        if (version < kOldestDesignFormatVersion) {
            r_.error("/version", "unknown design format version " + v->dump() +
                                     "; this build reads versions " +
                                     std::to_string(kOldestDesignFormatVersion) + " to " +
                                     std::to_string(kDesignFormatVersion));
            return false;
        }
        version_ = static_cast<int>(version);
        return true;
    }

    // "racks" and "placements" are optional in version 2 (a design not yet placed).
    void readRacks(const json& root, Design& d)
    {
        const auto arr = root.find("racks");
        if (arr == root.end() || !r_.expectArray(*arr, "/racks"))
            return;
        if (arr->size() > static_cast<std::size_t>(kMaxRacks)) {
            r_.error("/racks", "the file holds " + std::to_string(arr->size()) + " racks; more than " +
                                   std::to_string(kMaxRacks) + " is beyond any cluster this tool models");
            return;
        }
        d.racks.reserve(arr->size());
        for (std::size_t i = 0; i < arr->size(); ++i) {
            const std::string ptr = at("/racks", i);
            const json& item = (*arr)[i];
            if (!r_.expectObject(item, ptr))
                continue;
            Rack k;
            r_.warnUnknownKeys(item, ptr, knownKeys(rackFields(), "racks", {"id", "name", "catalogId"}));
            if (r_.readString(item, ptr, "id", k.id, true))
                claimId(k.id, ptr + "/id");
            r_.readString(item, ptr, "name", k.name, false);
            r_.readString(item, ptr, "catalogId", k.catalogId, true);
            readFields(item, ptr, rackFields(), "racks", k); // row, slot, powerLimitKw
            d.racks.push_back(std::move(k));
        }
    }

    void readPlacements(const json& root, Design& d)
    {
        const auto arr = root.find("placements");
        if (arr == root.end() || !r_.expectArray(*arr, "/placements"))
            return;
        if (arr->size() > static_cast<std::size_t>(kMaxPlacements)) {
            r_.error("/placements", "the file holds " + std::to_string(arr->size()) +
                                        " placements; more than " + std::to_string(kMaxPlacements) +
                                        " is beyond any cluster this tool models");
            return;
        }
        d.placements.reserve(arr->size());
        for (std::size_t i = 0; i < arr->size(); ++i) {
            const std::string ptr = at("/placements", i);
            const json& item = (*arr)[i];
            if (!r_.expectObject(item, ptr))
                continue;
            Placement p;
            r_.warnUnknownKeys(item, ptr, knownKeys(placementFields(), "placements", {"part", "rack"}));
            r_.readString(item, ptr, "part", p.partId, true);
            r_.readString(item, ptr, "rack", p.rackId, true);
            const std::string u = placementRow("placements.u").key(); // required: no default U
            if (!item.contains(u))
                r_.error(ptr + "/" + u, "the required field \"" + u + "\" is missing");
            readFields(item, ptr, placementFields(), "placements", p); // u, firstMember, members
            d.placements.push_back(std::move(p));
        }
    }

    void claimId(const std::string& id, const std::string& pointer)
    {
        if (id.empty())
            return; // the validator reports empty ids
        const auto [it, fresh] = ids_.emplace(id, pointer);
        if (!fresh)
            r_.error(pointer,
                     "the id \"" + id + "\" is already used by " + it->second + "; ids must be unique", id);
    }

    void readParts(const json& root, Design& d)
    {
        const auto arr = root.find("parts");
        if (arr == root.end()) {
            r_.error("/parts", "the required field \"parts\" is missing");
            return;
        }
        if (!r_.expectArray(*arr, "/parts"))
            return;
        d.parts.reserve(arr->size()); // bounded by the tree parser
        long long totalNodes = 0;
        for (std::size_t i = 0; i < arr->size(); ++i) {
            const std::string ptr = at("/parts", i);
            const json& item = (*arr)[i];
            if (!r_.expectObject(item, ptr))
                continue;
            Part p;
            r_.warnUnknownKeys(item, ptr,
                               knownKeys(partFields(), "parts", {"id", "kind", "catalogId", "name"}));
            if (r_.readString(item, ptr, "id", p.id, true))
                claimId(p.id, ptr + "/id");
            r_.readEnum(item, ptr, "kind", p.kind, partKindFromString, kKinds, true);
            r_.readString(item, ptr, "catalogId", p.catalogId, true);
            r_.readString(item, ptr, "name", p.name, false);
            readFields(item, ptr, partFields(), "parts", p); // x, y, count
            totalNodes += p.count;
            d.parts.push_back(std::move(p));
        }
        if (totalNodes > kMaxTotalNodes)
            r_.error("/parts", "the parts add up to " + std::to_string(totalNodes) + " nodes; more than " +
                                   std::to_string(kMaxTotalNodes) +
                                   " is beyond any cluster this tool models");
    }

    void readLinks(const json& root, Design& d)
    {
        const auto arr = root.find("links");
        if (arr == root.end()) {
            r_.error("/links", "the required field \"links\" is missing");
            return;
        }
        if (!r_.expectArray(*arr, "/links"))
            return;
        d.links.reserve(arr->size());
        for (std::size_t i = 0; i < arr->size(); ++i) {
            const std::string ptr = at("/links", i);
            const json& item = (*arr)[i];
            if (!r_.expectObject(item, ptr))
                continue;
            Link l;
            r_.warnUnknownKeys(item, ptr, knownKeys(linkFields(), "links", {"id", "from", "to"}));
            if (r_.readString(item, ptr, "id", l.id, true))
                claimId(l.id, ptr + "/id");
            r_.readString(item, ptr, "from", l.fromPartId, true);
            r_.readString(item, ptr, "to", l.toPartId, true);
            // Speed, medium, length, cables; bundles (issue 19): absent = every
            // member of that end in one block.
            readFields(item, ptr, linkFields(), "links", l);
            d.links.push_back(std::move(l));
        }
    }

    void readModel(const json& obj, Workload& w)
    {
        const std::string object = "workload.model";
        r_.warnUnknownKeys(obj, pointerOf(object), knownKeys(workloadFields(), object, {"preset"}));
        r_.readString(obj, pointerOf(object), "preset", w.model.preset, false);
        // The attention and mixture-of-experts extensions: absent = the dense defaults.
        readFields(obj, pointerOf(object), workloadFields(), object, w);
    }

    void readWorkload(const json& obj, Workload& w)
    {
        const std::string object = "workload";
        const std::string ptr = pointerOf(object);
        r_.warnUnknownKeys(obj, ptr, knownKeys(workloadFields(), object, {"model"}));
        if (const auto it = obj.find("model"); it != obj.end() && r_.expectObject(*it, ptr + "/model"))
            readModel(*it, w);
        readFields(obj, pointerOf(object), workloadFields(), object, w);
    }

    // The field table's rows of `object` (field_table.h), each within its file
    // bounds; `ptr` is the object's JSON pointer ("/workload", "/links/3").
    template <class S>
    void readFields(const json& obj, const std::string& ptr, std::span<const FieldSpec<S>> fields,
                    const std::string& object, S& s)
    {
        for (const FieldSpec<S>& f : fields) {
            if (f.object() != object)
                continue;
            const std::string key = f.key();
            switch (f.kind) {
            case FieldKind::Int: {
                int v = 0;
                if (r_.readInt(obj, ptr, key.c_str(), v, static_cast<long long>(f.file.min),
                               static_cast<long long>(f.file.max)))
                    f.setNumber(s, v);
                break;
            }
            case FieldKind::Real: {
                double v = 0;
                if (r_.readDouble(obj, ptr, key.c_str(), v, f.file.min, f.file.max))
                    f.setNumber(s, v);
                break;
            }
            case FieldKind::Bool: {
                bool v = false;
                if (r_.readBool(obj, ptr, key.c_str(), v))
                    f.setNumber(s, v ? 1 : 0);
                break;
            }
            case FieldKind::Choice:
            case FieldKind::List: {
                std::string text;
                if (r_.readString(obj, ptr, key.c_str(), text, false))
                    if (const std::string why = f.setText(s, text); !why.empty())
                        r_.error(ptr + "/" + key, why);
                break;
            }
            }
        }
    }

    void readParallelism(const json& obj, Parallelism& p)
    {
        const std::string object = "parallelism";
        r_.warnUnknownKeys(obj, pointerOf(object), knownKeys(parallelismFields(), object, {}));
        readFields(obj, pointerOf(object), parallelismFields(), object, p);
        // Recompute modules named with no "recompute" beside them: selective.
        if (obj.contains("recomputeModules") && !obj.contains("recompute") && p.recomputeModules != 0)
            p.recompute = Recompute::Selective;
    }

    void readEconomics(const json& obj, Economics& e)
    {
        const std::string object = "economics";
        r_.warnUnknownKeys(obj, pointerOf(object), knownKeys(economicsFields(), object, {}));
        readFields(obj, pointerOf(object), economicsFields(), object, e);
    }

    void readDeviceNames(const json& obj, DeviceNaming& n)
    {
        const std::string ptr = "/deviceNames";
        r_.warnUnknownKeys(obj, ptr, {"node", "leaf", "spine", "core", "other", "storage"});
        r_.readString(obj, ptr, "node", n.node, false);
        r_.readString(obj, ptr, "leaf", n.leaf, false);
        r_.readString(obj, ptr, "spine", n.spine, false);
        r_.readString(obj, ptr, "core", n.core, false);
        r_.readString(obj, ptr, "other", n.other, false);
        r_.readString(obj, ptr, "storage", n.storage, false);
    }

    Problems& problems_;
    FieldReader r_;
    std::map<std::string, std::string> ids_; // id -> pointer of its first use
    int version_ = kDesignFormatVersion;     // the file's, once the header is read
};

} // namespace

Result<Design> loadDesignJson(std::string_view text)
{
    Result<json> tree = designjson::parseTree(text);
    Problems problems = std::move(tree.problems());
    if (!tree)
        return Result<Design>::failure(std::move(problems));
    const json& root = *tree;
    Design design;
    DesignReader(problems).read(root, design);
    if (hasErrors(problems))
        return Result<Design>::failure(std::move(problems));
    return {std::move(design), std::move(problems)};
}

} // namespace cf
