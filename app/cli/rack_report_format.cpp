#include "app/cli/rack_report_format.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

namespace cf::cli {
namespace {

using nlohmann::json;

// Figures to 0.1 kW in JSON too: a rack's load is not known better (our choice).
double tenth(double v)
{
    return std::round(v * 10.0) / 10.0;
}

json lineJson(const RackReportLine& l)
{
    return json{{"id", l.rackId},
                {"name", l.name},
                {"type", l.catalogId},
                {"row", l.row},
                {"slot", l.slot},
                {"used_u", l.usedU},
                {"height_u", l.heightU},
                {"limit_kw", tenth(l.limitKw)},
                {"full_load_kw", tenth(l.fullLoadKw)},
                {"at_utilisation_kw", tenth(l.atUtilisationKw)},
                {"headroom_kw", tenth(l.headroomKw)},
                {"headroom", toString(l.level)},
                {"cooling_short", l.coolingShort}};
}

std::string kw(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

std::string label(const RackReportLine& l)
{
    return l.name.empty() || l.name == l.rackId ? l.rackId : l.name + " (" + l.rackId + ")";
}

} // namespace

std::string withRacksJson(const std::string& predictionJson, const RackReport& r)
{
    json j = json::parse(predictionJson, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return predictionJson; // not ours to repair: the report stays as it was
    json racks = json::array();
    for (const RackReportLine& l : r.racks)
        racks.push_back(lineJson(l));
    json block{{"count", r.racks.size()},
               {"gpu_utilisation", std::round(r.gpuUtilisation * 1000.0) / 1000.0},
               {"total_full_load_kw", tenth(r.totalFullLoadKw)},
               {"total_at_utilisation_kw", tenth(r.totalAtUtilisationKw)},
               {"over_limit", r.overLimit},
               {"per_rack", std::move(racks)}};
    block["worst"] = r.worst >= 0 ? lineJson(r.racks[std::size_t(r.worst)]) : json(nullptr);
    j["racks"] = std::move(block);
    return j.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string racksText(const RackReport& r)
{
    std::string o = "Racks\n";
    o += "  count: " + std::to_string(r.racks.size());
    if (r.overLimit > 0)
        o += " (" + std::to_string(r.overLimit) + " over the limit)";
    o += "\n  GPU utilisation: " + kw(r.gpuUtilisation * 100.0) + " %\n";
    o += "  total kW at full load / at utilisation: " + kw(r.totalFullLoadKw) + " / " +
         kw(r.totalAtUtilisationKw) + "\n";
    for (const RackReportLine& l : r.racks)
        o += "  " + label(l) + ": " + kw(l.fullLoadKw) + " kW full, " + kw(l.atUtilisationKw) +
             " kW at utilisation, limit " + kw(l.limitKw) + " kW, headroom " + kw(l.headroomKw) + " kW (" +
             toString(l.level) + ")" + (l.coolingShort ? ", needs more cooling" : "") + "\n";
    if (r.worst >= 0) {
        const RackReportLine& w = r.racks[std::size_t(r.worst)];
        o += "  worst rack: " + label(w) + ", " + kw(w.fullLoadKw) + " of " + kw(w.limitKw) + " kW\n";
    }
    return o;
}

} // namespace cf::cli
