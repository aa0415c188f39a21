#include "models/racks/bundle_expansion.h"
#include "models/design/link_bundle.h"

#include "models/racks/rack_placement.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace cf {
namespace {

// Members of an end grouped by block: buckets[b] = the members in block b, ascending. O(members).
std::vector<std::vector<int>> membersByBlock(const LinkEndBlocks& end, int members)
{
    std::vector<std::vector<int>> buckets;
    for (int m = 0; m < members; ++m) {
        const auto b = static_cast<std::size_t>(blockOf(end, m));
        if (b >= buckets.size())
            buckets.resize(b + 1);
        buckets[b].push_back(m);
    }
    return buckets;
}

std::vector<long long> countByBlock(const LinkEndBlocks& end, int members)
{
    std::vector<long long> counts;
    for (int m = 0; m < members; ++m) {
        const auto b = static_cast<std::size_t>(blockOf(end, m));
        if (b >= counts.size())
            counts.resize(b + 1, 0);
        ++counts[b];
    }
    return counts;
}

// What one original part becomes: `units` parts of the expanded design,
// unitOf[member] the unit a member falls in, firstOf[unit] its first member.
struct PartUnits {
    bool expanded = false;        // an array, or a node group that splits
    std::vector<int> unitOf;      // per member
    std::vector<int> firstOf;     // per unit
    std::vector<std::size_t> ids; // per unit: index in the expanded design's parts
};

// Where a node group must split: at every block boundary of every link end on it.
std::vector<int> groupRunStarts(const Part& group, const std::vector<const LinkEndBlocks*>& ends)
{
    const int n = partMembers(group);
    std::vector<char> starts(static_cast<std::size_t>(n), 0);
    starts[0] = 1;
    for (const LinkEndBlocks* e : ends)
        if (e->membersPerBlock > 0)
            for (long long m = e->membersPerBlock; m < n; m += e->membersPerBlock)
                starts[static_cast<std::size_t>(m)] = 1;
    std::vector<int> out;
    for (int m = 0; m < n; ++m)
        if (starts[std::size_t(m)])
            out.push_back(m);
    return out;
}

Problems checkLinks(const Design& design, const std::unordered_map<std::string_view, std::size_t>& index)
{
    Problems problems;
    for (const Link& l : design.links) {
        const std::string at = "links[" + l.id + "]";
        if (!index.count(l.fromPartId))
            problems.push_back(
                {Severity::Error, at + ".from", "'" + l.fromPartId + "' is not a part of the design", l.id});
        if (!index.count(l.toPartId))
            problems.push_back(
                {Severity::Error, at + ".to", "'" + l.toPartId + "' is not a part of the design", l.id});
        for (const auto& [end, name] : {std::pair{&l.fromBlocks, "from"}, std::pair{&l.toBlocks, "to"}}) {
            if (end->membersPerBlock < 0)
                problems.push_back(
                    {Severity::Error, at + "." + name + "MembersPerBlock", "must be 0 or more", l.id});
            if (end->blocks < 0)
                problems.push_back({Severity::Error, at + "." + name + "Blocks", "must be 0 or more", l.id});
        }
    }
    return problems;
}

class Expander {
public:
    Expander(const Design& d, const Catalog& c) : d_(d), catalog_(c)
    {
        for (std::size_t i = 0; i < d.parts.size(); ++i)
            index_.emplace(d.parts[i].id, i);
    }

    Problems check() const { return checkLinks(d_, index_); }

    // The expanded design with `sep` between an id and its member number;
    // nullopt when a generated id collides with another id (retry with a longer one).
    std::optional<Result<Design>> run(const std::string& sep)
    {
        sep_ = sep;
        taken_.clear();
        for (const Part& p : d_.parts)
            taken_.insert(p.id);
        for (const Link& l : d_.links)
            taken_.insert(l.id);
        for (const Rack& r : d_.racks)
            taken_.insert(r.id);
        collided_ = false;
        Design out = d_;
        out.parts.clear();
        out.links.clear();
        out.placements.clear();
        buildParts(out);
        if (Problems p = buildLinks(out); !p.empty())
            return Result<Design>::failure(std::move(p));
        buildPlacements(out);
        if (collided_)
            return std::nullopt;
        return Result<Design>(std::move(out));
    }

private:
    std::string fresh(std::string id)
    {
        if (!generated_.insert(id).second || taken_.count(id))
            collided_ = true;
        return id;
    }

    void buildParts(Design& out)
    {
        generated_.clear();
        std::vector<std::vector<const LinkEndBlocks*>> ends(d_.parts.size());
        for (const Link& l : d_.links) {
            ends[index_.at(l.fromPartId)].push_back(&l.fromBlocks);
            ends[index_.at(l.toPartId)].push_back(&l.toBlocks);
        }
        units_.assign(d_.parts.size(), {});
        for (std::size_t i = 0; i < d_.parts.size(); ++i) {
            const Part& p = d_.parts[i];
            PartUnits& u = units_[i];
            const int n = partMembers(p);
            if (p.kind == PartKind::Switch && n > 1) {
                u.expanded = true;
                for (int m = 0; m < n; ++m) {
                    u.unitOf.push_back(m);
                    u.firstOf.push_back(m);
                    Part member = p;
                    member.id = fresh(memberId(p.id, m, sep_));
                    member.name = memberName(p.name, m);
                    member.count = 1;
                    u.ids.push_back(out.parts.size());
                    out.parts.push_back(std::move(member));
                }
                continue;
            }
            const std::vector<int> starts =
                p.kind == PartKind::Node && n > 1 ? groupRunStarts(p, ends[i]) : std::vector<int>{0};
            u.expanded = starts.size() > 1;
            u.firstOf = starts;
            u.unitOf.resize(static_cast<std::size_t>(n));
            for (std::size_t r = 0; r < starts.size(); ++r) {
                const int last = r + 1 < starts.size() ? starts[r + 1] - 1 : n - 1;
                std::fill(u.unitOf.begin() + starts[r], u.unitOf.begin() + last + 1, static_cast<int>(r));
                Part run = p;
                if (u.expanded) {
                    run.id = fresh(memberId(p.id, starts[r], sep_));
                    run.name = memberRunName(p.name, starts[r], last);
                    run.count = last - starts[r] + 1;
                }
                u.ids.push_back(out.parts.size());
                out.parts.push_back(std::move(run));
            }
        }
    }

    // Distinct units of `to` in each block of a link's to-end.
    static std::vector<long long> unitsPerBlock(const std::vector<std::vector<int>>& buckets,
                                                const PartUnits& to)
    {
        std::vector<long long> counts(buckets.size(), 0);
        for (std::size_t b = 0; b < buckets.size(); ++b) {
            int last = -1;
            for (int m : buckets[b])
                if (const int unit = to.unitOf[std::size_t(m)]; unit != last) {
                    last = unit;
                    ++counts[b];
                }
        }
        return counts;
    }

    // The links the expansion makes, counted before any is built: O(members).
    long long expandedLinkCount() const
    {
        long long total = 0;
        for (const Link& l : d_.links) {
            const PartUnits &ua = units_[index_.at(l.fromPartId)], &uz = units_[index_.at(l.toPartId)];
            const auto perBlock =
                unitsPerBlock(membersByBlock(l.toBlocks, static_cast<int>(uz.unitOf.size())), uz);
            for (int first : ua.firstOf)
                if (const auto b = static_cast<std::size_t>(blockOf(l.fromBlocks, first));
                    b < perBlock.size())
                    total += perBlock[b];
        }
        return total;
    }

    Problems buildLinks(Design& out)
    {
        if (const long long n = expandedLinkCount(); n > kMaxExpandedLinks)
            return {{Severity::Error,
                     "links",
                     "expanding the design's arrays and bundles would make " + std::to_string(n) +
                         " links, more than " + std::to_string(kMaxExpandedLinks),
                     {}}};
        out.links.reserve(static_cast<std::size_t>(expandedLinkCount()));
        for (const Link& l : d_.links) {
            const std::size_t a = index_.at(l.fromPartId), z = index_.at(l.toPartId);
            const PartUnits &ua = units_[a], &uz = units_[z];
            const auto buckets = membersByBlock(l.toBlocks, static_cast<int>(uz.unitOf.size()));
            const bool keepId = !isBundle(l) && ua.ids.size() == 1 && uz.ids.size() == 1;
            long long k = 0;
            for (std::size_t unit = 0; unit < ua.ids.size(); ++unit) {
                // Every member of a unit sits in one block of this link (runs split at its boundaries).
                const auto b = static_cast<std::size_t>(blockOf(l.fromBlocks, ua.firstOf[unit]));
                if (b >= buckets.size())
                    continue;
                int last = -1;
                for (int toMember : buckets[b]) {
                    const int toUnit = uz.unitOf[std::size_t(toMember)];
                    if (toUnit == last)
                        continue; // members of one run of `to` are one link
                    last = toUnit;
                    Link one = l;
                    one.id = keepId ? l.id : fresh(memberId(l.id, k++, sep_));
                    one.fromPartId = out.parts[ua.ids[unit]].id;
                    one.toPartId = out.parts[uz.ids[std::size_t(toUnit)]].id;
                    one.fromBlocks = {};
                    one.toBlocks = {};
                    out.links.push_back(std::move(one));
                }
            }
        }
        return {};
    }

    void buildPlacements(Design& out) const
    {
        for (const Placement& pl : d_.placements) {
            const auto it = index_.find(pl.partId);
            if (it == index_.end() || !units_[it->second].expanded) {
                out.placements.push_back(pl);
                continue;
            }
            const Part& p = d_.parts[it->second];
            const PartUnits& u = units_[it->second];
            const int height = partHeightU(p, catalog_);
            const int n = static_cast<int>(u.unitOf.size());
            const int first = std::max(0, pl.firstMember);
            const int end =
                static_cast<int>(std::min<long long>(n, static_cast<long long>(pl.firstMember) + pl.members));
            for (int m = first; m < end;) {
                const int unit = u.unitOf[std::size_t(m)];
                const int unitEnd =
                    unit + 1 < static_cast<int>(u.firstOf.size()) ? u.firstOf[std::size_t(unit) + 1] : n;
                const int stop = std::min(end, unitEnd);
                Placement one = pl;
                one.partId = out.parts[u.ids[std::size_t(unit)]].id;
                one.u = pl.u + (m - pl.firstMember) * height;
                one.firstMember = m - u.firstOf[std::size_t(unit)];
                one.members = stop - m;
                out.placements.push_back(std::move(one));
                m = stop;
            }
        }
    }

    const Design& d_;
    const Catalog& catalog_;
    std::unordered_map<std::string_view, std::size_t> index_;
    std::vector<PartUnits> units_;
    std::unordered_set<std::string> taken_, generated_;
    std::string sep_;
    bool collided_ = false;
};

} // namespace

bool isBundle(const Link& link)
{
    return !link.fromBlocks.isWhole() || !link.toBlocks.isWhole();
}

bool isCompact(const Design& design)
{
    return std::any_of(design.parts.begin(), design.parts.end(),
                       [](const Part& p) { return p.kind == PartKind::Switch && p.count > 1; }) ||
           std::any_of(design.links.begin(), design.links.end(), isBundle);
}

void forEachJoinedPair(const Link& link, int fromMembers, int toMembers,
                       const std::function<void(int, int)>& visit)
{
    const auto buckets = membersByBlock(link.toBlocks, toMembers);
    for (int m = 0; m < fromMembers; ++m) {
        const auto b = static_cast<std::size_t>(blockOf(link.fromBlocks, m));
        if (b < buckets.size())
            for (int t : buckets[b])
                visit(m, t);
    }
}

long long joinedPairs(const Link& link, int fromMembers, int toMembers)
{
    Link onePerPair = link; // the pairs are the cables at one cable per pair
    onePerPair.cablesPerMember = 1;
    return bundleShape(onePerPair, fromMembers, toMembers).cables;
}

long long joinedBlocks(const Link& link, int fromMembers, int toMembers)
{
    const auto from = countByBlock(link.fromBlocks, fromMembers);
    const auto to = countByBlock(link.toBlocks, toMembers);
    long long blocks = 0;
    for (std::size_t b = 0; b < std::min(from.size(), to.size()); ++b)
        blocks += from[b] > 0 && to[b] > 0;
    return blocks;
}

std::string memberId(const std::string& id, long long member, const std::string& separator)
{
    return id + separator + std::to_string(member + 1);
}

std::string memberName(const std::string& name, long long member)
{
    return name.empty() ? name : name + " " + std::to_string(member + 1);
}

std::string memberRunName(const std::string& name, long long first, long long last)
{
    if (name.empty())
        return name;
    return name + " " + std::to_string(first + 1) +
           (last > first ? "-" + std::to_string(last + 1) : std::string());
}

Result<Design> expandBundles(const Design& design, const Catalog& catalog)
{
    if (!isCompact(design))
        return design;
    Expander expander(design, catalog);
    if (Problems p = expander.check(); hasErrors(p))
        return Result<Design>::failure(std::move(p));
    // Lengthen the separator until no generated id meets another id (ids are user text).
    constexpr int kMaxSeparatorDots = 16; // our choice: far beyond any design's ids
    std::string sep = ".";
    for (int tries = 0; tries < kMaxSeparatorDots; ++tries, sep += '.')
        if (std::optional<Result<Design>> out = expander.run(sep))
            return std::move(*out);
    return Result<Design>::failure(
        {{Severity::Error, "parts", "cannot find unique ids for the expanded members", {}}});
}

} // namespace cf
