#include "models/design/design.h"

#include <algorithm>

namespace cf {
namespace {

template <typename Vec> auto findById(Vec& items, const std::string& id) -> decltype(&items.front())
{
    auto it = std::find_if(items.begin(), items.end(), [&](const auto& item) { return item.id == id; });
    return it == items.end() ? nullptr : &*it;
}

} // namespace

const Part* Design::findPart(const std::string& id) const
{
    return findById(parts, id);
}
Part* Design::findPart(const std::string& id)
{
    return findById(parts, id);
}
const Link* Design::findLink(const std::string& id) const
{
    return findById(links, id);
}
Link* Design::findLink(const std::string& id)
{
    return findById(links, id);
}
const Rack* Design::findRack(const std::string& id) const
{
    return findById(racks, id);
}

std::string Design::nextId(const std::string& prefix) const
{
    // Smallest n such that prefix+n is free; O(parts + links) per call.
    std::size_t largest = 0;
    auto scan = [&](const std::string& id) {
        if (id.size() <= prefix.size() || id.compare(0, prefix.size(), prefix) != 0)
            return;
        const std::string tail = id.substr(prefix.size());
        if (tail.size() > 9 ||
            !std::all_of(tail.begin(), tail.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return;
        largest = std::max<std::size_t>(largest, std::stoul(tail));
    };
    for (const Part& p : parts)
        scan(p.id);
    for (const Link& l : links)
        scan(l.id);
    for (const Rack& r : racks)
        scan(r.id);
    return prefix + std::to_string(largest + 1);
}

} // namespace cf
