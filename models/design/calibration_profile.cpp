#include "models/design/calibration_profile.h"

#include "models/design/calibration_profile_json.h"
#include "models/design/design_json_fields.h"
#include "models/design/design_json_tree.h"

#include <nlohmann/json.hpp>

#include <QFile>

#include <cmath>

namespace cf {

const std::vector<ProfileConstant>& profileConstants()
{
    // Bounds, our choice: wide enough for any real site, narrow enough that a
    // fit with little data cannot leave physics. GEMM up to 1.2x: the best
    // default rate is A100's MAMF 0.859 x 0.95 = 0.82 of the datasheet peak
    // (kernel_efficiency.cpp), x 1.2 = 0.98; down to 0.5x (a throttled or
    // power-capped part). Attention 0.5x-2.5x: the highest default, A100
    // FlashAttention-2 0.68 x 0.5 = 0.34 of peak, x 2.5 = 0.85.
    // Bandwidth 0.2x-1.25x of the model's achievable rate (above 1.25x a NIC
    // would pass line rate: refdata §3.1 puts NCCL at ~0.8-0.9 of it).
    // Latency 0.2x-20x (NCCL's latencies vary ~10x with the setup: refdata §1.6).
    // Overlap 0-2x (0 = nothing hidden; 2 = twice the compute window).
    static const std::vector<ProfileConstant> constants{
        {"gemmEfficiencyScale", &CalibrationProfile::gemmEfficiencyScale, 0.5, 1.2,
         "tensor-core GEMM rate (math + operand traffic)"},
        {"attentionEfficiencyScale", &CalibrationProfile::attentionEfficiencyScale, 0.5, 2.5,
         "attention-core rate (FlashAttention-class)"},
        {"scaleUpBandwidthScale", &CalibrationProfile::scaleUpBandwidthScale, 0.2, 1.25,
         "bandwidth inside a node (NVLink / PCIe)"},
        {"scaleUpLatencyScale", &CalibrationProfile::scaleUpLatencyScale, 0.2, 20.0,
         "collective latency inside a node"},
        {"scaleOutBandwidthScale", &CalibrationProfile::scaleOutBandwidthScale, 0.2, 1.25,
         "bandwidth across nodes (NICs, fabric)"},
        {"scaleOutLatencyScale", &CalibrationProfile::scaleOutLatencyScale, 0.2, 20.0,
         "collective latency across nodes"},
        {"overlapScale", &CalibrationProfile::overlapScale, 0.0, 2.0,
         "compute window DP traffic hides behind"},
    };
    return constants;
}

bool CalibrationProfile::isIdentity() const
{
    for (const ProfileConstant& c : profileConstants())
        if (this->*c.member != 1.0)
            return false;
    return true;
}

void readProfileObject(const nlohmann::json& obj, const std::string& pointer, CalibrationProfile& out,
                       Problems& problems)
{
    designjson::FieldReader r(problems);
    if (!r.expectObject(obj, pointer))
        return;
    r.warnUnknownKeys(obj, pointer,
                      {"format", "version", "name", "source", "gemmEfficiencyScale",
                       "attentionEfficiencyScale", "scaleUpBandwidthScale", "scaleUpLatencyScale",
                       "scaleOutBandwidthScale", "scaleOutLatencyScale", "overlapScale", "heldOutErrors",
                       "fittedConstants", "note"});
    r.readString(obj, pointer, "name", out.name, false);
    r.readString(obj, pointer, "source", out.source, false);
    r.readString(obj, pointer, "note", out.note, false);
    if (const auto fitted = obj.find("fittedConstants"); fitted != obj.end()) {
        const std::string where = pointer + "/fittedConstants";
        if (r.expectArray(*fitted, where))
            for (std::size_t i = 0; i < fitted->size() && i < profileConstants().size(); ++i) {
                const nlohmann::json& v = (*fitted)[i];
                bool known = false;
                for (const ProfileConstant& c : profileConstants())
                    known = known || (v.is_string() && v.get<std::string>() == c.key);
                if (known)
                    out.fittedConstants.push_back(v.get<std::string>());
                else
                    r.error(where + "/" + std::to_string(i), "expected the key of a scale, got " + v.dump());
            }
    }
    for (const ProfileConstant& c : profileConstants())
        r.readDouble(obj, pointer, c.key, out.*c.member, c.min, c.max);
    const auto it = obj.find("heldOutErrors");
    if (it == obj.end())
        return;
    const std::string where = pointer + "/heldOutErrors";
    if (!r.expectArray(*it, where))
        return;
    if (it->size() > kMaxProfileErrors) {
        r.error(where, "holds " + std::to_string(it->size()) + " errors; at most " +
                           std::to_string(kMaxProfileErrors) + " are read");
        return;
    }
    // An error below -100 % is a negative prediction; above +10000 % is no fit (our bounds).
    constexpr double kMinError = -1.0, kMaxError = 100.0;
    out.heldOutErrors.clear();
    for (std::size_t i = 0; i < it->size(); ++i) {
        const nlohmann::json& v = (*it)[i];
        const std::string at = where + "/" + std::to_string(i);
        if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < kMinError ||
            v.get<double>() > kMaxError) {
            r.error(at, "expected a fractional error between -1 and 100, got " +
                            (v.is_number() ? v.dump() : designjson::describeType(v)));
            continue;
        }
        out.heldOutErrors.push_back(v.get<double>());
    }
}

nlohmann::ordered_json profileObject(const CalibrationProfile& p)
{
    nlohmann::ordered_json j;
    j["name"] = p.name;
    j["source"] = p.source;
    for (const ProfileConstant& c : profileConstants())
        j[c.key] = p.*c.member;
    j["heldOutErrors"] = p.heldOutErrors;
    if (!p.fittedConstants.empty())
        j["fittedConstants"] = p.fittedConstants;
    if (!p.note.empty())
        j["note"] = p.note;
    return j;
}

std::string saveProfileJson(const CalibrationProfile& profile)
{
    nlohmann::ordered_json root;
    root["format"] = kProfileFormat;
    root["version"] = kProfileFormatVersion;
    const nlohmann::ordered_json fields = profileObject(profile);
    for (const auto& [key, value] : fields.items())
        root[key] = value;
    constexpr int kIndentSpaces = 2;
    return root.dump(kIndentSpaces, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

Result<CalibrationProfile> loadProfileJson(std::string_view text)
{
    Result<nlohmann::json> tree = designjson::parseTree(text);
    Problems problems = std::move(tree.problems());
    if (!tree)
        return Result<CalibrationProfile>::failure(std::move(problems));
    const nlohmann::json& root = *tree;
    designjson::FieldReader r(problems);
    if (!r.expectObject(root, ""))
        return Result<CalibrationProfile>::failure(std::move(problems));
    std::string format;
    if (r.readString(root, "", "format", format, true) && format != kProfileFormat)
        r.error("/format", "\"" + format + "\" is not a ClusterForge calibration profile; expected \"" +
                               kProfileFormat + "\"");
    int version = 0;
    if (r.readInt(root, "", "version", version, 0, 1000000, true) && version != kProfileFormatVersion)
        r.error("/version", "unknown profile format version " + std::to_string(version) +
                                "; this build reads version " + std::to_string(kProfileFormatVersion));
    CalibrationProfile profile;
    readProfileObject(root, "", profile, problems);
    if (hasErrors(problems))
        return Result<CalibrationProfile>::failure(std::move(problems));
    return {std::move(profile), std::move(problems)};
}

Result<CalibrationProfile> loadProfileFile(const std::string& path)
{
    // A profile is a few hundred bytes; 16 MB is far above any real one (our choice).
    constexpr qint64 kMaxProfileBytes = 16LL << 20;
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly))
        return Result<CalibrationProfile>::failure(
            {{Severity::Error, "", "cannot open " + path + ": " + file.errorString().toStdString(), {}}});
    if (file.size() > kMaxProfileBytes)
        return Result<CalibrationProfile>::failure(
            {{Severity::Error, "", path + " is larger than 16 MB: not a calibration profile", {}}});
    const QByteArray bytes = file.readAll();
    return loadProfileJson(std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

} // namespace cf
