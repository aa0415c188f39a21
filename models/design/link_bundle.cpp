#include "models/design/link_bundle.h"

#include <algorithm>
#include <array>
#include <climits>

namespace cf {
namespace {

long long saturatedAdd(long long a, long long b)
{
    long long out = 0;
    return __builtin_add_overflow(a, b, &out) ? LLONG_MAX : out;
}

// The block where an end's step function changes: blocks before it hold one
// member per block more than `base` rounds (`per` more), it holds the rest.
struct Steps {
    long long base = 0;    // members every block has (full wrap rounds)
    long long partial = 0; // index of the partial block
    long long rest = 0;    // members in the partial block beyond base
};

Steps stepsOf(const EndBlocks& e)
{
    Steps s;
    if (e.per <= 0)
        return s;
    const long long cycle = e.wrap > 0 ? saturatedMul(e.per, e.wrap) : LLONG_MAX;
    const long long rounds = e.count / cycle;
    const long long left = e.count % cycle;
    s.base = rounds * e.per;
    s.partial = left / e.per;
    s.rest = left % e.per;
    return s;
}

} // namespace

long long saturatedMul(long long a, long long b)
{
    long long out = 0;
    return __builtin_mul_overflow(a, b, &out) ? LLONG_MAX : out;
}

EndBlocks endBlocks(const LinkEndBlocks& end, long long members)
{
    EndBlocks e;
    if (members <= 0 || end.membersPerBlock < 0 || end.blocks < 0)
        return e;
    e.count = members;
    if (end.membersPerBlock == 0) { // whole: every member in block 0
        e.per = members;
        e.blocks = 1;
        return e;
    }
    e.per = end.membersPerBlock;
    e.wrap = end.blocks;
    e.blocks = e.wrap > 0 ? e.wrap : (members + e.per - 1) / e.per;
    return e;
}

long long EndBlocks::inBlock(long long b) const
{
    if (b < 0 || b >= blocks || per <= 0)
        return 0;
    const Steps s = stepsOf(*this);
    return s.base + (b < s.partial ? per : b == s.partial ? s.rest : 0);
}

long long EndBlocks::firstEmpty() const
{
    if (blocks <= 0)
        return count > 0 ? -1 : 0;
    const Steps s = stepsOf(*this);
    if (s.base > 0)
        return -1;
    const long long first = s.partial + (s.rest > 0 ? 1 : 0);
    return first < blocks ? first : -1;
}

int partMembers(const Part& part)
{
    return part.kind == PartKind::Storage ? 1 : std::max(1, part.count);
}

BundleShape bundleShape(const Link& link, long long fromMembers, long long toMembers)
{
    BundleShape out;
    const long long perPair = std::max(0, link.cablesPerMember);
    if (link.fromBlocks.membersPerBlock == 0 && link.toBlocks.membersPerBlock == 0 && fromMembers > 0 &&
        toMembers > 0 && link.fromBlocks.blocks >= 0 && link.toBlocks.blocks >= 0) {
        // Both ends whole (every drawn link before issue 19): every pair joined.
        out.fromBlocks = out.toBlocks = 1;
        out.fromPartners = toMembers;
        out.toPartners = fromMembers;
        out.cables = saturatedMul(saturatedMul(fromMembers, toMembers), perPair);
        out.fromPerMember = saturatedMul(toMembers, perPair);
        out.toPerMember = saturatedMul(fromMembers, perPair);
        return out;
    }
    const EndBlocks f = endBlocks(link.fromBlocks, fromMembers);
    const EndBlocks t = endBlocks(link.toBlocks, toMembers);
    out.fromBlocks = f.blocks;
    out.toBlocks = t.blocks;
    const long long common = std::min(f.blocks, t.blocks);
    if (common <= 0)
        return out;
    // Both step functions are constant between these breakpoints: one
    // product per interval, O(1) whatever the block count.
    const Steps sf = stepsOf(f), st = stepsOf(t);
    std::array<long long, 6> cuts{0, sf.partial, sf.partial + 1, st.partial, st.partial + 1, common};
    for (long long& c : cuts)
        c = std::clamp(c, 0LL, common);
    std::sort(cuts.begin(), cuts.end());
    long long pairs = 0;
    for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
        const long long a = cuts[i], b = cuts[i + 1];
        if (a >= b)
            continue;
        const long long nf = f.inBlock(a), nt = t.inBlock(a);
        pairs = saturatedAdd(pairs, saturatedMul(saturatedMul(nf, nt), b - a));
        if (nf > 0)
            out.fromPartners = std::max(out.fromPartners, nt);
        if (nt > 0)
            out.toPartners = std::max(out.toPartners, nf);
    }
    out.cables = saturatedMul(pairs, perPair);
    out.fromPerMember = saturatedMul(out.fromPartners, perPair);
    out.toPerMember = saturatedMul(out.toPartners, perPair);
    return out;
}

} // namespace cf
