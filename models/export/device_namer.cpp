#include "models/export/device_namer.h"

#include "models/topology/topology_graph.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <unordered_map>

namespace cf {
namespace {

constexpr std::size_t kRoles = 6;

struct Pattern {
    std::string prefix, suffix;
    int digits = 0; // width of the '#' run; 0 = appended, width from the count
};

const std::string& patternOf(const DeviceNaming& n, DeviceRole role)
{
    switch (role) {
    case DeviceRole::Node:
        return n.node;
    case DeviceRole::Leaf:
        return n.leaf;
    case DeviceRole::Spine:
        return n.spine;
    case DeviceRole::Core:
        return n.core;
    case DeviceRole::OtherSwitch:
        return n.other;
    case DeviceRole::Storage:
        return n.storage;
    }
    return n.node;
}

const char* defaultPattern(DeviceRole role)
{
    switch (role) {
    case DeviceRole::Node:
        return "gpu";
    case DeviceRole::Leaf:
        return "leaf";
    case DeviceRole::Spine:
        return "spine";
    case DeviceRole::Core:
        return "core";
    case DeviceRole::OtherSwitch:
        return "switch";
    case DeviceRole::Storage:
        return "storage";
    }
    return "device";
}

// "" when `text` is a usable pattern, else why not.
std::string parsePattern(const std::string& text, Pattern& out)
{
    if (text.empty())
        return "is empty";
    if (text.size() > kMaxPatternChars)
        return "is longer than " + std::to_string(kMaxPatternChars) + " characters";
    if (!std::isalpha(static_cast<unsigned char>(text.front())))
        return "'" + text + "' must start with a letter";
    const auto first = text.find('#');
    const auto last = text.rfind('#');
    if (first != std::string::npos && text.find_first_not_of('#', first) < last)
        return "'" + text + "' has more than one run of '#'";
    for (char c : text)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '#')
            return "'" + text + "' may hold only letters, digits, '-' and one run of '#' (the number)";
    if (first == std::string::npos) {
        if (std::isdigit(static_cast<unsigned char>(text.back())))
            return "'" + text +
                   "' ends in a digit: the number would run into it; end it with a letter or "
                   "'-', or mark the number with '#'";
        out = {text, "", 0};
        return {};
    }
    out = {text.substr(0, first), text.substr(last + 1), static_cast<int>(last - first + 1)};
    return {};
}

int digitsOf(long long n)
{
    int d = 1;
    while (n >= 10) {
        n /= 10;
        ++d;
    }
    return d;
}

std::string numbered(const Pattern& p, long long number, int width)
{
    std::string digits = std::to_string(number);
    if (static_cast<int>(digits.size()) < width)
        digits.insert(0, static_cast<std::size_t>(width) - digits.size(), '0');
    return p.prefix + digits + p.suffix;
}

DeviceRole roleOf(const TopologyGraph& graph, int part)
{
    switch (graph.kind(part)) {
    case PartKind::Node:
        return DeviceRole::Node;
    case PartKind::Storage:
        return DeviceRole::Storage;
    case PartKind::Switch:
        break;
    }
    switch (graph.level(part)) {
    case 0:
        return DeviceRole::Leaf;
    case 1:
        return DeviceRole::Spine;
    case 2:
        return DeviceRole::Core;
    default:
        return DeviceRole::OtherSwitch;
    }
}

} // namespace

const char* toString(DeviceRole role)
{
    switch (role) {
    case DeviceRole::Node:
        return "node";
    case DeviceRole::Leaf:
        return "leaf";
    case DeviceRole::Spine:
        return "spine";
    case DeviceRole::Core:
        return "core";
    case DeviceRole::OtherSwitch:
        return "other";
    case DeviceRole::Storage:
        return "storage";
    }
    return "?";
}

int DeviceNamer::hostsOfNode(const NodeSpec* node)
{
    if (!node || node->gpus <= kMaxGpusPerHost)
        return 1;
    return (node->gpus + kGpusPerComputeTray - 1) / kGpusPerComputeTray;
}

Result<DeviceNamer> DeviceNamer::create(const Design& design, const Catalog& catalog,
                                        const TopologyGraph& graph)
{
    (void)catalog; // the graph has resolved the catalog entries already
    DeviceNamer namer;
    const int parts = graph.partCount();
    namer.roles_.resize(static_cast<std::size_t>(parts));
    namer.hostsPerMember_.resize(static_cast<std::size_t>(parts));
    namer.names_.resize(static_cast<std::size_t>(parts));
    std::array<long long, kRoles> devices{};
    for (int i = 0; i < parts; ++i) {
        const DeviceRole role = roleOf(graph, i);
        const int hosts = graph.kind(i) == PartKind::Node ? hostsOfNode(graph.node(i)) : 1;
        namer.roles_[std::size_t(i)] = role;
        namer.hostsPerMember_[std::size_t(i)] = hosts;
        devices[std::size_t(role)] += static_cast<long long>(graph.members(i)) * hosts;
    }

    Problems problems;
    std::array<Pattern, kRoles> patterns;
    std::array<int, kRoles> widths{};
    for (std::size_t r = 0; r < kRoles; ++r) {
        const auto role = static_cast<DeviceRole>(r);
        const std::string& set = patternOf(design.deviceNames, role);
        if (const std::string why = parsePattern(set.empty() ? defaultPattern(role) : set, patterns[r]);
            !why.empty()) {
            problems.push_back({Severity::Error,
                                std::string("deviceNames.") + toString(role),
                                "the device name pattern " + why,
                                {}});
            continue;
        }
        widths[r] = patterns[r].digits > 0 ? patterns[r].digits
                                           : std::max(kMinNumberDigits, digitsOf(std::max(1LL, devices[r])));
    }
    if (hasErrors(problems))
        return Result<DeviceNamer>::failure(std::move(problems));

    std::array<long long, kRoles> next{};
    std::unordered_map<std::string, DeviceRole> seen;
    for (int i = 0; i < parts; ++i) {
        const std::size_t r = std::size_t(namer.roles_[std::size_t(i)]);
        const long long count =
            static_cast<long long>(graph.members(i)) * namer.hostsPerMember_[std::size_t(i)];
        std::vector<std::string>& names = namer.names_[std::size_t(i)];
        names.reserve(static_cast<std::size_t>(count));
        for (long long k = 0; k < count; ++k) {
            names.push_back(numbered(patterns[r], ++next[r], widths[r]));
            const auto [it, fresh] = seen.emplace(names.back(), static_cast<DeviceRole>(r));
            if (!fresh && problems.empty())
                problems.push_back({Severity::Error, std::string("deviceNames.") + toString(DeviceRole(r)),
                                    "two devices would be named '" + names.back() + "' (the " +
                                        toString(it->second) + " and " + toString(DeviceRole(r)) +
                                        " patterns overlap); give each role its own pattern",
                                    design.parts[std::size_t(i)].id});
        }
    }
    if (hasErrors(problems))
        return Result<DeviceNamer>::failure(std::move(problems));
    return namer;
}

} // namespace cf
