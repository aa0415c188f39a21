// Field readers for one catalog entry: type, finiteness and range checks with
// JSON-pointer problems. Never throws on bad input.
#include "models/catalog/catalog_entry_reader.h"

#include "models/core/name_suggestion.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>

namespace cf {
namespace {

using nlohmann::json;

std::string formatNumber(double v)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", v);
    return buffer;
}

} // namespace

std::string escapeJsonPointerToken(const std::string& key)
{
    std::string out;
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

CatalogEntryReader::CatalogEntryReader(const json& object, std::string pointer, Problems& problems)
    : obj_(object), ptr_(std::move(pointer)), problems_(problems)
{}

void CatalogEntryReader::error(const std::string& key, const std::string& message)
{
    errorAt(escapeJsonPointerToken(key), message);
}

void CatalogEntryReader::errorAt(const std::string& path, const std::string& message)
{
    problems_.push_back({Severity::Error, ptr_ + "/" + path, message, {}});
    ok_ = false;
}

const json* CatalogEntryReader::find(const std::string& key, bool required)
{
    used_.insert(key);
    auto it = obj_.find(key);
    if (it == obj_.end()) {
        if (required)
            error(key, "missing required field \"" + key + "\"");
        return nullptr;
    }
    return &*it;
}

void CatalogEntryReader::text(const std::string& key, std::string& out, bool required, bool nonEmpty)
{
    const json* v = find(key, required);
    if (!v)
        return;
    if (!v->is_string())
        return error(key, std::string("must be a string, not ") + v->type_name());
    const auto& s = v->get_ref<const std::string&>();
    if (nonEmpty && s.empty())
        return error(key, "must not be empty");
    out = s;
}

void CatalogEntryReader::texts(const std::string& key, std::vector<std::string>& out, bool required)
{
    const json* v = find(key, required);
    if (!v)
        return;
    if (!v->is_array())
        return error(key, std::string("must be an array of strings, not ") + v->type_name());
    std::vector<std::string> read;
    for (const json& item : *v) {
        if (!item.is_string() || item.get_ref<const std::string&>().empty())
            return error(key, "must hold non-empty strings only");
        read.push_back(item.get<std::string>());
    }
    out = std::move(read);
}

void CatalogEntryReader::number(const std::string& key, double& out, double min, double max, bool required,
                                bool minExclusive)
{
    const json* v = find(key, required);
    if (!v)
        return;
    if (!v->is_number())
        return error(key, std::string("must be a number, not ") + v->type_name());
    const double d = v->get<double>();
    if (!std::isfinite(d))
        return error(key, "must be a finite number");
    if (d < min || (minExclusive && d == min) || d > max)
        return error(key, formatNumber(d) + " is out of range: must be " +
                              (minExclusive ? "above " : "at least ") + formatNumber(min) + " and at most " +
                              formatNumber(max));
    out = d;
}

void CatalogEntryReader::integer(const std::string& key, int& out, int min, int max, bool required)
{
    const json* v = find(key, required);
    if (!v)
        return;
    if (!v->is_number_integer())
        return error(key, std::string("must be a whole number, not ") +
                              (v->is_number() ? "a fraction" : v->type_name()));
    // Compare in 64 bits so values beyond int (or int64) are rejected, not wrapped.
    bool inRange = false;
    if (v->is_number_unsigned()) {
        const auto u = v->get<std::uint64_t>();
        inRange = u <= static_cast<std::uint64_t>(max) && static_cast<std::int64_t>(u) >= min;
    } else {
        const auto s = v->get<std::int64_t>();
        inRange = s >= min && s <= max;
    }
    if (!inRange)
        return error(key, v->dump() + " is out of range: must be between " + std::to_string(min) + " and " +
                              std::to_string(max));
    out = static_cast<int>(v->get<std::int64_t>());
}

void CatalogEntryReader::boolean(const std::string& key, bool& out, bool required)
{
    const json* v = find(key, required);
    if (!v)
        return;
    if (!v->is_boolean())
        return error(key, std::string("must be true or false, not ") + v->type_name());
    out = v->get<bool>();
}

void CatalogEntryReader::provenance(Provenance& out)
{
    text("source", out.source, true);
    const json* est = find("estimated", false);
    if (!est)
        return;
    if (!est->is_object())
        return error("estimated", "must be an object mapping field -> reason");
    for (const auto& [field, reason] : est->items()) {
        const std::string path = "estimated/" + escapeJsonPointerToken(field);
        if (!reason.is_string() || reason.get_ref<const std::string&>().empty()) {
            errorAt(path, "must be a non-empty string giving the reason");
            continue;
        }
        // `estimated` must name a figure of this entry (call provenance()
        // last): catches typos that would leave an estimate unmarked.
        if (!used_.count(field) && !extraFields_.count(field))
            problems_.push_back(
                {Severity::Warning, ptr_ + "/" + path, "\"" + field + "\" is not a field of this entry", {}});
        out.estimated[field] = reason.get<std::string>();
    }
}

void CatalogEntryReader::warnUnknownKeys()
{
    const std::vector<std::string> known(used_.begin(), used_.end());
    for (const auto& [key, value] : obj_.items())
        if (!used_.count(key))
            problems_.push_back({Severity::Warning,
                                 ptr_ + "/" + escapeJsonPointerToken(key),
                                 "unknown field \"" + key + "\" ignored" + didYouMean(key, known),
                                 {}});
}

} // namespace cf
