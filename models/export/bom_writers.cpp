#include "models/export/bom_writers.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace cf {
namespace {

std::string money(double value)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.2f", value);
    return buf;
}

} // namespace

std::string csvField(std::string_view text)
{
    if (text.find_first_of(",\"\r\n") == std::string_view::npos)
        return std::string(text);
    std::string out = "\"";
    for (char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
    return out;
}

std::string bomToCsv(const BillOfMaterials& bom)
{
    static constexpr const char* kCrLf = "\r\n";
    std::string out = "item_id,name,vendor,kind,quantity,unit_price_usd,extended_price_usd,unit_power_w,"
                      "total_power_w,included_in,price_source,note";
    out += kCrLf;
    for (const BomLine& l : bom.lines) {
        out += csvField(l.itemId) + ',' + csvField(l.name) + ',' + csvField(l.vendor) + ',' +
               csvField(l.kind) + ',' + std::to_string(l.quantity) + ',' + money(l.unitPriceUsd) + ',' +
               money(l.extendedPriceUsd) + ',' + money(l.unitPowerW) + ',' + money(l.totalPowerW) + ',' +
               csvField(l.includedIn) + ',' + csvField(l.priceSource) + ',' + csvField(l.note) + kCrLf;
    }
    out += "TOTAL,Total,,total,,," + money(bom.totalUsd) + ",," + money(bom.totalPowerW) + ",,,";
    out += kCrLf;
    return out;
}

std::string bomToJson(const BillOfMaterials& bom)
{
    nlohmann::ordered_json root;
    nlohmann::ordered_json lines = nlohmann::ordered_json::array();
    for (const BomLine& l : bom.lines) {
        nlohmann::ordered_json j;
        j["item_id"] = l.itemId;
        j["name"] = l.name;
        j["vendor"] = l.vendor;
        j["kind"] = l.kind;
        j["quantity"] = l.quantity;
        j["unit_price_usd"] = l.unitPriceUsd;
        j["extended_price_usd"] = l.extendedPriceUsd;
        j["unit_power_w"] = l.unitPowerW;
        j["total_power_w"] = l.totalPowerW;
        j["included_in"] = l.includedIn;
        j["price_source"] = l.priceSource;
        j["note"] = l.note;
        lines.push_back(std::move(j));
    }
    root["lines"] = std::move(lines);
    root["total_usd"] = bom.totalUsd;
    root["total_power_w"] = bom.totalPowerW;
    nlohmann::ordered_json problems = nlohmann::ordered_json::array();
    for (const Problem& p : bom.problems)
        problems.push_back({{"severity", p.severity == Severity::Error ? "error" : "warning"},
                            {"field", p.field},
                            {"message", p.message},
                            {"item", p.itemId}});
    root["problems"] = std::move(problems);
    // Replace invalid UTF-8 rather than throw on a user's odd name.
    return root.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

} // namespace cf
