#include "models/design/design_json_fields.h"
#include "models/core/name_suggestion.h"
#include "models/core/utf8_text.h"
#include "models/design/design_json_tree.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace cf::designjson {
namespace {

using nlohmann::json;

// Short text of a value for a message: numbers and short strings in full.
std::string shortText(const json& value)
{
    constexpr std::size_t kMaxShown = 40; // our choice: enough to recognise the value
    const std::string text = value.dump(-1, ' ', false, json::error_handler_t::replace);
    // Cut between whole UTF-8 sequences, so the message stays valid UTF-8.
    std::size_t shown = 0;
    const std::string head = printableUtf8(text, {kMaxShown}, &shown);
    return shown < text.size() ? head + "..." : head;
}

std::string numberText(double v)
{
    return json(v).dump();
}

} // namespace

std::string describeType(const json& value)
{
    switch (value.type()) {
    case json::value_t::null:
        return "null";
    case json::value_t::object:
        return "an object";
    case json::value_t::array:
        return "a list";
    case json::value_t::string:
        return "the text " + shortText(value);
    case json::value_t::boolean:
        return value.get<bool>() ? "true" : "false";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float:
        return "the number " + shortText(value);
    default:
        return "a value of another kind";
    }
}

void FieldReader::error(const std::string& pointer, std::string message, const std::string& itemId)
{
    problems_.push_back({Severity::Error, pointer, std::move(message), itemId});
}

void FieldReader::warning(const std::string& pointer, std::string message)
{
    problems_.push_back({Severity::Warning, pointer, std::move(message), {}});
}

bool FieldReader::expectObject(const json& value, const std::string& pointer)
{
    if (value.is_object())
        return true;
    error(pointer, "expected an object ({...}), got " + describeType(value));
    return false;
}

bool FieldReader::expectArray(const json& value, const std::string& pointer)
{
    if (value.is_array())
        return true;
    error(pointer, "expected a list ([...]), got " + describeType(value));
    return false;
}

bool FieldReader::readString(const json& obj, const std::string& pointer, const char* key, std::string& out,
                             bool required)
{
    const auto it = obj.find(key);
    if (it == obj.end()) {
        if (required)
            error(pointer + "/" + key, std::string("the required field \"") + key + "\" is missing");
        return false;
    }
    if (!it->is_string()) {
        error(pointer + "/" + key, "expected text, got " + describeType(*it));
        return false;
    }
    out = it->get<std::string>();
    return true;
}

bool FieldReader::readInt(const json& obj, const std::string& pointer, const char* key, int& out,
                          long long min, long long max, bool required)
{
    const auto it = obj.find(key);
    const std::string where = pointer + "/" + key;
    if (it == obj.end()) {
        if (required)
            error(where, std::string("the required field \"") + key + "\" is missing");
        return false;
    }
    const std::string range = " (allowed: " + std::to_string(min) + " to " + std::to_string(max) + ")";
    long long value = 0;
    if (it->is_number_integer()) {
        // number_unsigned above INT64_MAX cannot be in range: treat as too large.
        if (it->is_number_unsigned() &&
            it->get<unsigned long long>() > static_cast<unsigned long long>(max)) {
            error(where, it->dump() + " is too large" + range);
            return false;
        }
        value = it->get<long long>();
    } else if (it->is_number_float()) {
        const double d = it->get<double>();
        if (!std::isfinite(d) || d != std::floor(d)) {
            error(where, "expected a whole number, got " + describeType(*it));
            return false;
        }
        if (d < static_cast<double>(min) || d > static_cast<double>(max)) {
            error(where, numberText(d) + (d < 0 ? " is negative" : " is too large") + range);
            return false;
        }
        value = static_cast<long long>(d);
    } else {
        error(where, "expected a whole number, got " + describeType(*it));
        return false;
    }
    if (value < min || value > max) {
        error(where, std::to_string(value) +
                         (value < 0     ? " is negative"
                          : value < min ? " is too small"
                                        : " is too large") +
                         range);
        return false;
    }
    out = static_cast<int>(value);
    return true;
}

bool FieldReader::readDouble(const json& obj, const std::string& pointer, const char* key, double& out,
                             double min, double max, bool required)
{
    const auto it = obj.find(key);
    const std::string where = pointer + "/" + key;
    if (it == obj.end()) {
        if (required)
            error(where, std::string("the required field \"") + key + "\" is missing");
        return false;
    }
    if (!it->is_number()) {
        error(where, "expected a number, got " + describeType(*it));
        return false;
    }
    const double value = it->get<double>();
    if (!std::isfinite(value)) {
        error(where, "the number is not finite");
        return false;
    }
    if (value < min || value > max) {
        error(where, numberText(value) + " is out of range (allowed: " + numberText(min) + " to " +
                         numberText(max) + ")");
        return false;
    }
    out = value;
    return true;
}

bool FieldReader::readBool(const json& obj, const std::string& pointer, const char* key, bool& out)
{
    const auto it = obj.find(key);
    if (it == obj.end())
        return false;
    if (!it->is_boolean()) {
        error(pointer + "/" + key, "expected true or false, got " + describeType(*it));
        return false;
    }
    out = it->get<bool>();
    return true;
}

void FieldReader::warnUnknownKeys(const json& obj, const std::string& pointer,
                                  std::initializer_list<const char*> known)
{
    warnUnknownKeys(obj, pointer, std::vector<std::string>(known.begin(), known.end()));
}

void FieldReader::warnUnknownKeys(const json& obj, const std::string& pointer,
                                  const std::vector<std::string>& known)
{
    for (auto it = obj.begin(); it != obj.end(); ++it)
        if (std::find(known.begin(), known.end(), it.key()) == known.end())
            warning(pointer + "/" + escapePointerToken(it.key()),
                    "unknown field \"" + it.key() + "\" is ignored" + didYouMean(it.key(), known));
}

} // namespace cf::designjson
