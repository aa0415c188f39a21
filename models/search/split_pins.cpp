#include "models/search/split_pins.h"

namespace cf {

bool SplitPins::empty() const
{
    return !tp && !pp && !vp && !cp && !dp && !microbatch && !ep && !etp && !sharding && !recompute;
}

std::string SplitPins::describe() const
{
    std::string text;
    const auto add = [&text](const char* name, const std::string& value) {
        text += (text.empty() ? "" : ", ") + std::string(name) + " " + value;
    };
    const std::pair<const char*, const std::optional<int>*> ints[] = {
        {"tp", &tp}, {"pp", &pp}, {"vp", &vp},   {"dp", &dp},
        {"cp", &cp}, {"ep", &ep}, {"etp", &etp}, {"microbatch", &microbatch}};
    for (const auto& [name, value] : ints)
        if (*value)
            add(name, std::to_string(**value));
    if (sharding)
        add("sharding", toString(*sharding));
    if (recompute)
        add("recompute", toString(*recompute));
    return text;
}

std::vector<int> pinnedOr(const std::optional<int>& pin, std::vector<int> searched)
{
    return pin ? std::vector<int>{*pin} : std::move(searched);
}

void pinCandidates(SplitCandidates& c, const SplitPins& pins)
{
    c.tp = pinnedOr(pins.tp, std::move(c.tp));
    c.pp = pinnedOr(pins.pp, std::move(c.pp));
    c.cp = pinnedOr(pins.cp, std::move(c.cp));
    c.microbatch = pinnedOr(pins.microbatch, std::move(c.microbatch));
    c.ep = pinnedOr(pins.ep, std::move(c.ep));
    c.etp = pinnedOr(pins.etp, std::move(c.etp));
}

} // namespace cf
