// Writing a design file, and the file helpers. The key order is fixed by the
// construction order below (ordered_json), numbers are printed in their
// shortest round-trip form, so save -> load -> save is byte-identical.
// Reading is in design_json_reader.cpp.
#include "models/design/design_json.h"
#include "models/design/calibration_profile_json.h"
#include "models/design/design_json_tree.h"
#include "models/design/field_table.h"
#include "models/design/pipeline_schedule.h"
#include "models/design/recompute_modules.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QString>

#include <nlohmann/json.hpp>

namespace cf {
namespace {

using nlohmann::ordered_json;

constexpr int kIndentSpaces = 2; // the file format's layout (IDS.md)

// The field table's rows of `object` (field_table.h), in its order; a row that
// omits its default is left out at it, so files without the field keep their
// bytes. `omitting` false: those rows are left to the caller (a link's bundle keys).
template <class S>
void writeFields(ordered_json& j, std::span<const FieldSpec<S>> fields, const std::string& object, const S& s,
                 bool omitting = true)
{
    for (const FieldSpec<S>& f : fields) {
        if (f.object() != object || (f.omitDefault && (!omitting || f.isDefault(s))))
            continue;
        const std::string key = f.key();
        switch (f.kind) {
        case FieldKind::Int:
            j[key] = static_cast<int>(f.number(s));
            break;
        case FieldKind::Real:
            j[key] = f.number(s);
            break;
        case FieldKind::Bool:
            j[key] = f.number(s) != 0;
            break;
        case FieldKind::Choice:
        case FieldKind::List:
            j[key] = f.text(s);
            break;
        }
    }
}

ordered_json placementJson(const Placement& p)
{
    ordered_json j;
    j["part"] = p.partId;
    j["rack"] = p.rackId;
    writeFields(j, placementFields(), "placements", p); // u, firstMember, members
    return j;
}

ordered_json partJson(const Part& p)
{
    ordered_json j;
    j["id"] = p.id;
    j["kind"] = toString(p.kind);
    j["catalogId"] = p.catalogId;
    j["name"] = p.name;
    writeFields(j, partFields(), "parts", p); // x, y, count
    return j;
}

// A bundle end's keys (issue 19), both or neither: written only for a bundle,
// so a design without them stays byte-identical.
void writeEnd(ordered_json& j, const Link& l, const LinkEndBlocks& end, const char* perRow,
              const char* blocksRow)
{
    if (end.isWhole() && end.blocks == 0)
        return;
    for (const char* name : {perRow, blocksRow}) {
        const FieldSpec<Link>& f = linkRow(name);
        j[f.key()] = static_cast<int>(f.number(l));
    }
}

ordered_json linkJson(const Link& l)
{
    ordered_json j;
    j["id"] = l.id;
    j["from"] = l.fromPartId;
    j["to"] = l.toPartId;
    writeFields(j, linkFields(), "links", l, false); // speed, medium, length, cables
    writeEnd(j, l, l.fromBlocks, "links.fromMembersPerBlock", "links.fromBlocks");
    writeEnd(j, l, l.toBlocks, "links.toMembersPerBlock", "links.toBlocks");
    return j;
}

ordered_json rackJson(const Rack& r)
{
    ordered_json j;
    j["id"] = r.id;
    j["name"] = r.name;
    j["catalogId"] = r.catalogId;
    writeFields(j, rackFields(), "racks", r); // row, slot, powerLimitKw
    return j;
}

ordered_json workloadJson(const Workload& w)
{
    ordered_json m;
    m["preset"] = w.model.preset;
    writeFields(m, workloadFields(), "workload.model", w);
    ordered_json j;
    j["model"] = std::move(m);
    writeFields(j, workloadFields(), "workload", w);
    return j;
}

ordered_json parallelismJson(const Parallelism& p)
{
    ordered_json j;
    writeFields(j, parallelismFields(), "parallelism", p);
    return j;
}

ordered_json economicsJson(const Economics& e)
{
    ordered_json j;
    writeFields(j, economicsFields(), "economics", e);
    return j;
}

ordered_json deviceNamesJson(const DeviceNaming& n)
{
    ordered_json j = ordered_json::object();
    for (const auto& [key, value] : {std::pair<const char*, const std::string*>{"node", &n.node},
                                     {"leaf", &n.leaf},
                                     {"spine", &n.spine},
                                     {"core", &n.core},
                                     {"other", &n.other},
                                     {"storage", &n.storage}})
        if (!value->empty())
            j[key] = *value;
    return j;
}

} // namespace

std::string saveDesignJson(const Design& design)
{
    ordered_json root;
    root["format"] = kDesignFormat;
    root["version"] = kDesignFormatVersion;
    root["name"] = design.name;
    root["description"] = design.description;
    ordered_json parts = ordered_json::array();
    for (const Part& p : design.parts)
        parts.push_back(partJson(p));
    root["parts"] = std::move(parts);
    ordered_json links = ordered_json::array();
    for (const Link& l : design.links)
        links.push_back(linkJson(l));
    root["links"] = std::move(links);
    root["workload"] = workloadJson(design.workload);
    root["parallelism"] = parallelismJson(design.parallelism);
    root["economics"] = economicsJson(design.economics);
    if (design.calibration) // absent = none: files without a profile stay as they were
        root["calibration"] = profileObject(*design.calibration);
    ordered_json racks = ordered_json::array();
    for (const Rack& r : design.racks)
        racks.push_back(rackJson(r));
    root["racks"] = std::move(racks);
    ordered_json placements = ordered_json::array();
    for (const Placement& p : design.placements)
        placements.push_back(placementJson(p));
    root["placements"] = std::move(placements);
    // Written only when set, so designs without it save as before.
    if (!design.deviceNames.isDefault())
        root["deviceNames"] = deviceNamesJson(design.deviceNames);
    // Invalid UTF-8 in a name is replaced (U+FFFD) rather than thrown on.
    // A non-finite number would be written as null, which the reader rejects
    // with its pointer: the validator reports such values before a save.
    return root.dump(kIndentSpaces, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

Result<Design> loadDesignFile(const std::string& path)
{
    auto refuse = [](std::string message) {
        return Result<Design>::failure({{Severity::Error, "", std::move(message), {}}});
    };
    const QString qpath = QString::fromStdString(path);
    const QFileInfo info(qpath);
    if (!info.exists()) {
        return refuse("cannot open " + path + ": no such file");
    }
    if (info.isDir()) {
        return refuse("cannot open " + path + ": it is a folder");
    }
    QFile file(qpath);
    if (!file.open(QIODevice::ReadOnly)) {
        return refuse("cannot open " + path + ": " + file.errorString().toStdString());
    }
    // Read one byte past the bound so an oversized (or endless) file is refused
    // without reading all of it.
    const QByteArray bytes = file.read(static_cast<qint64>(designjson::kMaxInputBytes) + 1);
    if (bytes.size() > static_cast<qsizetype>(designjson::kMaxInputBytes)) {
        return refuse(path + " is larger than " + std::to_string(designjson::kMaxInputBytes / (1024 * 1024)) +
                      " MiB; designs that large are refused");
    }
    return loadDesignJson(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
}

Result<void> saveDesignFile(const Design& design, const std::string& path)
{
    Result<void> written = writeFileAtomically(path, saveDesignJson(design));
    if (!written)
        for (Problem& p : written.problems())
            p.message = "cannot save " + path + ": " + p.message;
    return written;
}

Result<void> writeFileAtomically(const std::string& path, std::string_view bytes)
{
    // QSaveFile writes <path>.XXXXXX in the same folder and renames it over the
    // target on commit(); on any failure the previous file is left untouched.
    // Unbuffered: QSaveFile::commit() (Qt 6.4) ignores an error of the final
    // flush of its write buffer and would rename a truncated file into place,
    // so every byte is written, and checked, before commit().
    QSaveFile file(QString::fromStdString(path));
    auto fail = [&](std::string what) {
        return Result<void>::failure({{Severity::Error, path, std::move(what), {}}});
    };
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return fail(file.errorString().toStdString());
    qint64 written = 0;
    const auto total = static_cast<qint64>(bytes.size());
    while (written < total) {
        const qint64 n = file.write(bytes.data() + written, total - written);
        if (n <= 0) {
            std::string reason = file.errorString().toStdString();
            if (file.error() == QFileDevice::NoError || reason.empty() || reason == "Unknown error")
                reason = "the disk is full or the file is too large";
            // The destructor discards the temporary file.
            return fail(reason + " (" + std::to_string(written) + " of " + std::to_string(total) +
                        " bytes written; the previous file is unchanged)");
        }
        written += n;
    }
    if (!file.commit())
        return fail(file.errorString().toStdString());
    return Result<void>::success();
}

std::string failureMessage(const Problems& problems)
{
    return problems.empty() ? std::string("unknown error") : problems.front().message;
}

} // namespace cf
