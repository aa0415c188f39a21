#include "models/export/hostlist.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>

namespace cf {
namespace {

struct Split {
    std::string prefix;
    std::string digits; // trailing digits; "" when there are none
    std::uint64_t number = 0;
};

// Trailing digits beyond this many are left in the prefix (they would not fit
// in 64 bits); such names are written as they are.
constexpr std::size_t kMaxDigits = 18;

Split split(const std::string& name)
{
    std::size_t start = name.size();
    while (start > 0 && std::isdigit(static_cast<unsigned char>(name[start - 1])))
        --start;
    if (name.size() - start > kMaxDigits)
        start = name.size();
    Split s{name.substr(0, start), name.substr(start), 0};
    if (!s.digits.empty())
        std::from_chars(s.digits.data(), s.digits.data() + s.digits.size(), s.number);
    return s;
}

std::string padded(std::uint64_t n, std::size_t width)
{
    std::string d = std::to_string(n);
    if (d.size() < width)
        d.insert(0, width - d.size(), '0');
    return d;
}

Problem bad(std::string message)
{
    return {Severity::Error, "hostlist", std::move(message), {}};
}

} // namespace

std::string compressHostlist(std::vector<std::string> names)
{
    std::vector<Split> items;
    items.reserve(names.size());
    for (const std::string& n : names)
        items.push_back(split(n));
    std::sort(items.begin(), items.end(), [](const Split& a, const Split& b) {
        if (a.prefix != b.prefix)
            return a.prefix < b.prefix;
        if (a.digits.empty() != b.digits.empty())
            return a.digits.empty();
        return a.number != b.number ? a.number < b.number : a.digits.size() < b.digits.size();
    });
    items.erase(std::unique(items.begin(), items.end(),
                            [](const Split& a, const Split& b) {
                                return a.prefix == b.prefix && a.digits == b.digits;
                            }),
                items.end());

    std::string out;
    for (std::size_t i = 0; i < items.size();) {
        if (!out.empty())
            out += ',';
        if (items[i].digits.empty()) {
            out += items[i++].prefix;
            continue;
        }
        // One prefix: ranges of numbers that read back as the same names.
        std::size_t end = i;
        while (end < items.size() && items[end].prefix == items[i].prefix && !items[end].digits.empty())
            ++end;
        std::vector<std::string> ranges;
        for (std::size_t k = i; k < end;) {
            const Split& lo = items[k];
            std::size_t hi = k;
            while (hi + 1 < end && items[hi + 1].number == items[hi].number + 1 &&
                   items[hi + 1].digits == padded(items[hi + 1].number, lo.digits.size()))
                ++hi;
            ranges.push_back(hi == k ? lo.digits : lo.digits + "-" + items[hi].digits);
            k = hi + 1;
        }
        if (ranges.size() == 1 && end - i == 1) {
            out += items[i].prefix + items[i].digits;
        } else {
            out += items[i].prefix + "[";
            for (std::size_t r = 0; r < ranges.size(); ++r)
                out += (r ? "," : "") + ranges[r];
            out += "]";
        }
        i = end;
    }
    return out;
}

Result<std::vector<std::string>> expandHostlist(std::string_view text)
{
    using R = Result<std::vector<std::string>>;
    std::vector<std::string> out;
    std::size_t pos = 0;
    while (pos < text.size()) {
        // One item: prefix, optional [list], up to a ',' outside brackets.
        const std::size_t open = text.find_first_of("[,", pos);
        if (open == std::string_view::npos || text[open] == ',') {
            const std::size_t end = open == std::string_view::npos ? text.size() : open;
            if (end == pos)
                return R::failure({bad("empty name in '" + std::string(text) + "'")});
            out.emplace_back(text.substr(pos, end - pos));
            pos = end + (end < text.size() ? 1 : 0);
            continue;
        }
        const std::string prefix(text.substr(pos, open - pos));
        const std::size_t close = text.find(']', open);
        if (close == std::string_view::npos)
            return R::failure({bad("'[' without ']' in '" + std::string(text) + "'")});
        std::string_view list = text.substr(open + 1, close - open - 1);
        while (true) {
            const std::size_t comma = list.find(',');
            const std::string_view item = list.substr(0, comma);
            const std::size_t dash = item.find('-');
            const std::string_view loText = item.substr(0, dash);
            const std::string_view hiText = dash == std::string_view::npos ? loText : item.substr(dash + 1);
            std::uint64_t lo = 0, hi = 0;
            const auto okNumber = [](std::string_view d, std::uint64_t& v) {
                return !d.empty() && d.size() <= kMaxDigits &&
                       std::from_chars(d.data(), d.data() + d.size(), v).ptr == d.data() + d.size();
            };
            if (!okNumber(loText, lo) || !okNumber(hiText, hi) || hi < lo)
                return R::failure({bad("'" + std::string(item) + "' in '" + std::string(text) +
                                       "' is not a number or a range lo-hi")});
            if (static_cast<long long>(out.size()) + static_cast<long long>(hi - lo) >= kMaxHostlistNames)
                return R::failure({bad("more than " + std::to_string(kMaxHostlistNames) + " names")});
            for (std::uint64_t n = lo; n <= hi; ++n)
                out.push_back(prefix + padded(n, loText.size()));
            if (comma == std::string_view::npos)
                break;
            list.remove_prefix(comma + 1);
        }
        pos = close + 1;
        if (pos < text.size()) {
            if (text[pos] != ',')
                return R::failure(
                    {bad("text after ']' in '" + std::string(text) + "' (suffixes are not supported)")});
            ++pos;
        }
    }
    return out;
}

} // namespace cf
