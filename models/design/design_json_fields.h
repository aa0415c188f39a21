#pragma once
// Internal to the design JSON reader: typed reads of one object's fields, each
// problem naming its JSON pointer. A field that is absent keeps the value the
// caller put there (the struct default) unless it is required.

#include "models/core/problem.h"

#include <nlohmann/json_fwd.hpp>

#include <initializer_list>
#include <string>
#include <vector>

namespace cf::designjson {

class FieldReader {
public:
    explicit FieldReader(Problems& problems) : problems_(problems) {}

    // True when `value` is an object; otherwise an error at `pointer`.
    bool expectObject(const nlohmann::json& value, const std::string& pointer);
    bool expectArray(const nlohmann::json& value, const std::string& pointer);

    // Each returns true when the field was present and valid.
    bool readString(const nlohmann::json& obj, const std::string& pointer, const char* key, std::string& out,
                    bool required);
    bool readInt(const nlohmann::json& obj, const std::string& pointer, const char* key, int& out,
                 long long min, long long max, bool required = false);
    bool readDouble(const nlohmann::json& obj, const std::string& pointer, const char* key, double& out,
                    double min, double max, bool required = false);
    bool readBool(const nlohmann::json& obj, const std::string& pointer, const char* key, bool& out);

    template <typename E>
    bool readEnum(const nlohmann::json& obj, const std::string& pointer, const char* key, E& out,
                  bool (*fromString)(const std::string&, E&), const char* allowed, bool required = false)
    {
        std::string text;
        if (!readString(obj, pointer, key, text, required))
            return false;
        if (fromString(text, out))
            return true;
        error(pointer + "/" + key, "unknown value \"" + text + "\"; expected one of " + allowed);
        return false;
    }

    // A warning for each key not in `known` (a newer or hand-edited file).
    void warnUnknownKeys(const nlohmann::json& obj, const std::string& pointer,
                         std::initializer_list<const char*> known);
    void warnUnknownKeys(const nlohmann::json& obj, const std::string& pointer,
                         const std::vector<std::string>& known);

    void error(const std::string& pointer, std::string message, const std::string& itemId = {});
    void warning(const std::string& pointer, std::string message);

private:
    Problems& problems_;
};

// "a string", "a number", "an object", ... for messages.
std::string describeType(const nlohmann::json& value);

} // namespace cf::designjson
