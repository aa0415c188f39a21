// Text -> JSON tree for the design reader, with the resource bounds checked
// during the parse (a SAX handler builds the tree and knows where it stands).
#include "models/design/design_json_tree.h"
#include "models/core/utf8_text.h"

#include <nlohmann/json.hpp>

#include <utility>
#include <vector>

namespace cf::designjson {
namespace {

using nlohmann::json;

// Strips nlohmann's "[json.exception.parse_error.101] " prefix.
std::string plainMessage(const char* what)
{
    std::string text = what;
    if (!text.empty() && text.front() == '[') {
        const auto close = text.find("] ");
        if (close != std::string::npos)
            text.erase(0, close + 2);
    }
    return text;
}

class TreeBuilder {
public:
    TreeBuilder(json& root, Problems& problems) : root_(root), problems_(problems) {}

    bool null() { return scalar(json(nullptr)); }
    bool boolean(bool v) { return scalar(json(v)); }
    bool number_integer(json::number_integer_t v) { return scalar(json(v)); }
    bool number_unsigned(json::number_unsigned_t v) { return scalar(json(v)); }
    bool number_float(json::number_float_t v, const std::string&) { return scalar(json(v)); }
    bool binary(json::binary_t&)
    {
        return fail(pointerOfNext(), "binary values are not allowed in a design file");
    }
    bool string(std::string& v)
    {
        const bool isDescription =
            stack_.size() == 1 && !stack_.back().isArray && stack_.back().key == "description";
        const std::size_t limit = isDescription ? kMaxDescriptionChars : kMaxStringChars;
        if (utf8Length(v) > limit)
            return fail(pointerOfNext(), "text of " + std::to_string(utf8Length(v)) +
                                             " characters is longer than the " + std::to_string(limit) +
                                             " allowed here");
        return scalar(json(std::move(v)));
    }
    bool start_object(std::size_t) { return open(json::object(), false); }
    bool start_array(std::size_t) { return open(json::array(), true); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool key(std::string& k)
    {
        Frame& top = stack_.back();
        if (utf8Length(k) > kMaxStringChars)
            return fail(pointerOfContainer(), "a key of " + std::to_string(utf8Length(k)) +
                                                  " characters is longer than the " +
                                                  std::to_string(kMaxStringChars) + " allowed");
        if (top.value->contains(k))
            return fail(pointerOfContainer() + "/" + escapePointerToken(k),
                        "the key \"" + k + "\" appears twice in the same object");
        top.key = std::move(k);
        top.hasKey = true;
        return true;
    }
    bool parse_error(std::size_t, const std::string& lastToken, const nlohmann::detail::exception& ex)
    {
        constexpr int kNumberOverflow = 406; // nlohmann out_of_range.406: a number that is not finite
        if (ex.id == kNumberOverflow)
            return fail(pointerOfNext(),
                        "the number " + lastToken + " is too large: it is not a finite number");
        std::string message = printableUtf8(plainMessage(ex.what()));
        if (!lastToken.empty() && (lastToken.back() == 'N' || lastToken.back() == 'I'))
            message += " (JSON has no NaN or Infinity; write a finite number)";
        return fail(pointerOfNext(), std::move(message));
    }

private:
    struct Frame {
        json* value;
        bool isArray;
        std::string key;     // objects: the key whose value comes next, or is open
        bool hasKey = false; // a key was read and its value is not complete yet
    };

    // Pointer of the innermost open container.
    std::string pointerOfContainer() const
    {
        std::string ptr;
        for (std::size_t i = 0; i + 1 < stack_.size(); ++i)
            ptr += "/" + openChildToken(stack_[i]);
        return ptr;
    }
    // Pointer of the value the parser is about to produce (or stands in).
    std::string pointerOfNext() const
    {
        if (stack_.empty())
            return {};
        std::string ptr = pointerOfContainer();
        const Frame& top = stack_.back();
        if (top.isArray)
            ptr += "/" + std::to_string(top.value->size());
        else if (top.hasKey)
            ptr += "/" + escapePointerToken(top.key);
        return ptr;
    }
    // Token of the child that is open inside `f` (its last element or key).
    static std::string openChildToken(const Frame& f)
    {
        return f.isArray ? std::to_string(f.value->size() - 1) : escapePointerToken(f.key);
    }

    bool fail(const std::string& pointer, std::string message)
    {
        if (!failed_)
            problems_.push_back({Severity::Error, pointer, std::move(message), {}});
        failed_ = true;
        return false;
    }

    json* place(json&& v)
    {
        if (++values_ > kMaxValues) {
            fail(pointerOfNext(), "the file holds more than " + std::to_string(kMaxValues) + " values");
            return nullptr;
        }
        if (stack_.empty()) {
            root_ = std::move(v);
            return &root_;
        }
        Frame& top = stack_.back();
        if (top.isArray) {
            if (top.value->size() >= kMaxArrayItems) {
                fail(pointerOfNext(), "more than " + std::to_string(kMaxArrayItems) + " items in one list");
                return nullptr;
            }
            top.value->push_back(std::move(v));
            return &top.value->back();
        }
        json& slot = (*top.value)[top.key];
        slot = std::move(v);
        return &slot;
    }
    bool scalar(json&& v)
    {
        if (!place(std::move(v)))
            return false;
        if (!stack_.empty())
            stack_.back().hasKey = false;
        return true;
    }
    bool open(json&& empty, bool isArray)
    {
        if (stack_.size() >= kMaxDepth)
            return fail(pointerOfNext(), "nested deeper than " + std::to_string(kMaxDepth) + " levels");
        json* where = place(std::move(empty));
        if (!where)
            return false;
        stack_.push_back({where, isArray, {}, false});
        return true;
    }
    bool close()
    {
        stack_.pop_back();
        if (!stack_.empty())
            stack_.back().hasKey = false;
        return true;
    }

    json& root_;
    Problems& problems_;
    std::vector<Frame> stack_;
    std::size_t values_ = 0;
    bool failed_ = false;
};

} // namespace

std::string escapePointerToken(const std::string& token)
{
    std::string out;
    out.reserve(token.size());
    for (char c : token) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

Result<json> parseTree(std::string_view text)
{
    using R = Result<json>;
    if (text.size() > kMaxInputBytes)
        return R::failure({{Severity::Error,
                            "",
                            "the file is " + std::to_string(text.size()) + " bytes; designs larger than " +
                                std::to_string(kMaxInputBytes / (1024 * 1024)) + " MiB are refused",
                            {}}});
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return R::failure({{Severity::Error, "", "the file is empty", {}}});
    Problems problems;
    json out;
    TreeBuilder builder(out, problems);
    if (!json::sax_parse(text.begin(), text.end(), &builder)) {
        if (!hasErrors(problems))
            problems.push_back({Severity::Error, "", "the file is not valid JSON", {}});
        return R::failure(std::move(problems));
    }
    return {std::move(out), std::move(problems)};
}

} // namespace cf::designjson
