#include "models/core/name_suggestion.h"

#include <algorithm>
#include <cctype>

namespace cf {
namespace {

// Two edits catch a swapped pair plus one slip ("cabelsPerMembr"); more
// suggests unrelated words (our choice).
constexpr std::size_t kMaxSuggestionEdits = 2;
// Characters of an unknown id compared (our choice: longer than any catalog
// id, short enough that a hostile 1 MB value costs nothing).
constexpr std::size_t kMaxComparedChars = 64;

char lower(char c)
{
    return char(std::tolower(static_cast<unsigned char>(c)));
}

std::string lowered(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        c = lower(c);
    return out;
}

} // namespace

std::size_t editDistance(std::string_view a, std::string_view b)
{
    // Three rows of the dynamic-programming table: i-2, i-1 and i.
    std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        previous[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        current[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
            if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
                current[j] = std::min(current[j], before[j - 2] + 1);
        }
        std::swap(before, previous);
        std::swap(previous, current);
    }
    return previous[b.size()];
}

std::string closestName(std::string_view unknown, const std::vector<std::string>& known)
{
    std::string best;
    std::size_t bestDistance = kMaxSuggestionEdits + 1;
    for (const std::string& name : known) {
        // The distance is at least the length difference: skip without the table
        // (a hostile 1 MB key costs nothing).
        const std::size_t lengthGap =
            unknown.size() > name.size() ? unknown.size() - name.size() : name.size() - unknown.size();
        if (lengthGap > kMaxSuggestionEdits)
            continue;
        const std::size_t d = editDistance(unknown, name);
        if (d < bestDistance && 2 * d < unknown.size()) {
            best = name;
            bestDistance = d;
        }
    }
    return best;
}

std::string didYouMean(std::string_view unknown, const std::vector<std::string>& known)
{
    const std::string name = closestName(unknown, known);
    return name.empty() ? std::string() : "; did you mean \"" + name + "\"?";
}

std::vector<std::string> nearestNames(std::string_view unknown, const std::vector<std::string>& known,
                                      std::size_t count)
{
    const std::string needle = lowered(unknown.substr(0, kMaxComparedChars));
    struct Scored {
        bool contains;
        std::size_t distance;
        std::size_t order;
    };
    std::vector<Scored> scored;
    for (std::size_t i = 0; i < known.size(); ++i) {
        const std::string name = lowered(known[i]);
        const bool contains = !needle.empty() && (name.find(needle) != std::string::npos ||
                                                  needle.find(name) != std::string::npos);
        scored.push_back({contains, editDistance(needle, name), i});
    }
    std::stable_sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) {
        if (a.contains != b.contains)
            return a.contains;
        return a.distance < b.distance;
    });
    std::vector<std::string> names;
    for (std::size_t i = 0; i < scored.size() && names.size() < count; ++i)
        names.push_back(known[scored[i].order]);
    return names;
}

} // namespace cf
