#pragma once
// Reads the fields of one catalog JSON object with type and range checks.
// Every problem names its JSON pointer ("/switches/3/radix"). Internal to the
// catalog reader; only the forward declaration of nlohmann::json is needed.

#include "models/catalog/catalog.h"
#include "models/core/problem.h"

#include <nlohmann/json_fwd.hpp>

#include <set>
#include <string>
#include <vector>

namespace cf {

// Escapes one JSON-pointer token (RFC 6901: "~" -> "~0", "/" -> "~1").
std::string escapeJsonPointerToken(const std::string& key);

class CatalogEntryReader {
public:
    CatalogEntryReader(const nlohmann::json& object, std::string pointer, Problems& problems);

    // Records an error at <pointer>/<key>.
    void error(const std::string& key, const std::string& message);
    // `path` is already a JSON-pointer fragment ("estimated/powerW").
    void errorAt(const std::string& path, const std::string& message);

    // The value at `key`, or null (an error when required). Marks the key used.
    const nlohmann::json* find(const std::string& key, bool required);

    // Each reader leaves `out` unchanged when the value is absent or bad.
    void text(const std::string& key, std::string& out, bool required, bool nonEmpty = true);
    // An array of non-empty strings.
    void texts(const std::string& key, std::vector<std::string>& out, bool required);
    void number(const std::string& key, double& out, double min, double max, bool required,
                bool minExclusive = false);
    void integer(const std::string& key, int& out, int min, int max, bool required);
    void boolean(const std::string& key, bool& out, bool required);
    // "source" (required, non-empty) and "estimated" (field -> reason).
    void provenance(Provenance& out);
    // A field read by a nested reader that `estimated` may name too.
    void allowEstimated(const std::string& field) { extraFields_.insert(field); }
    // Unknown keys become warnings: usually typos ("radx") hiding a figure.
    void warnUnknownKeys();

    bool ok() const { return ok_; }
    const std::string& pointer() const { return ptr_; }

private:
    const nlohmann::json& obj_;
    std::string ptr_;
    Problems& problems_;
    std::set<std::string> used_;
    std::set<std::string> extraFields_;
    bool ok_ = true;
};

} // namespace cf
