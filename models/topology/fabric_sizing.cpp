#include "models/topology/fabric_sizing.h"

#include <algorithm>
#include <cmath>

namespace cf {

int smallestDivisorAtLeast(int n, int atLeast)
{
    if (n <= 1)
        return 1;
    for (int s = std::max(1, atLeast); s < n; ++s)
        if (n % s == 0)
            return s;
    return n;
}

long long ceilDiv(long long a, long long b)
{
    return b <= 0 ? 0 : (a + b - 1) / b;
}

int spreadCables(long long lower, long long upper, int uplinks, int uppers)
{
    if (uppers <= 0 || uplinks <= 0)
        return 0;
    const int base = uplinks / uppers;
    const int rem = uplinks % uppers;
    if (rem == 0)
        return base;
    // Lower switch i's extra cables go to uppers (i*rem) .. (i*rem + rem - 1),
    // cyclically: consecutive lowers fill consecutive windows, which balances
    // the uppers' loads to within one cable.
    const long long offset = (lower * rem) % uppers;
    const long long pos = ((upper - offset) % uppers + uppers) % uppers;
    return base + (pos < rem ? 1 : 0);
}

LeafPorts leafPorts(int radix, double oversubscription)
{
    LeafPorts ports;
    const double r = oversubscription;
    ports.down = static_cast<int>(std::floor(radix * r / (r + 1.0) + 1e-9));
    ports.up = static_cast<int>(std::ceil(ports.down / r - 1e-9));
    return ports;
}

long long maxEndpoints(int radix, int tiers, int leafDown)
{
    // Two tiers: at most k leaves (each reaches every spine). Each tier above
    // groups k/2 blocks of the tier below, and the top tier reaches k blocks.
    long long leaves = radix;
    for (int t = 3; t <= tiers; ++t)
        leaves *= radix / 2;
    return leaves * leafDown;
}

namespace {

std::string tooMany(const PlanInput& in, const FabricPlan& p, int tiers, const char* words,
                    const char* advice)
{
    return "nodes: " + std::to_string(in.nodes) + " nodes (" + std::to_string(p.endpoints) +
           " endpoints) exceed the " + words + " maximum of " +
           std::to_string(maxEndpoints(p.radix, tiers, p.leaf.down) * p.planes) + " endpoints for a radix-" +
           std::to_string(p.radix) + " switch" + advice;
}

// The top tier of three or four tiers: `lowers` switches (pods' spines or
// superpods' super-spines) per core group, each spreading `uplinks` cables
// over the group's cores; smallest divisor of the uplinks >= ceil(cables/k)
// (the spine rule of two tiers, refdata §4.1). Storage needs core ports:
// group 0 then gets enough cores for them and spreads its lowers' uplinks as
// evenly as possible (our choice).
void shapeCores(int k, int lowers, int uplinks, int storageCables, PlaneShape& s)
{
    const long long groupCables = static_cast<long long>(lowers) * uplinks;
    s.coresPerGroup = smallestDivisorAtLeast(uplinks, static_cast<int>(ceilDiv(groupCables, k)));
    s.coresInGroupZero = s.coresPerGroup;
    s.cores = s.coreGroups * s.coresPerGroup;
    const long long freePorts = static_cast<long long>(s.cores) * k - groupCables * s.coreGroups;
    if (freePorts < storageCables) {
        s.coresInGroupZero =
            std::max(s.coresPerGroup, static_cast<int>(ceilDiv(groupCables + storageCables, k)));
        s.cores = (s.coreGroups - 1) * s.coresPerGroup + s.coresInGroupZero;
    }
}

PlaneShape shapePlane(const FabricPlan& p, int storageCables)
{
    const int k = p.radix;
    PlaneShape s;
    if (p.tiers == 2) {
        const long long upCables = static_cast<long long>(p.leavesPerPlane) * p.leaf.up;
        s.spines = smallestDivisorAtLeast(p.leaf.up, static_cast<int>(ceilDiv(upCables, k)));
        if (static_cast<long long>(s.spines) * k - upCables < storageCables) {
            // Storage needs spine ports the divisor rule left none of: just enough
            // spines for both, each leaf's uplinks spread as evenly as possible.
            s.spines = static_cast<int>(ceilDiv(upCables + storageCables, k));
        }
        return s;
    }
    s.spines = p.pods * p.spinesPerPod;
    if (p.tiers == 3) {
        s.coreGroups = p.spinesPerPod;
        shapeCores(k, p.pods, p.spineUplinks, storageCables, s);
    } else {
        // Super-spine (j, x) of a superpod: x over superSpinesPerSpine.
        s.coreGroups = p.spinesPerPod * p.superSpinesPerSpine;
        s.superSpines = p.superpods * s.coreGroups;
        shapeCores(k, p.superpods, p.superUplinks, storageCables, s);
    }
    return s;
}

// Three or four tiers (refdata §4.2, Al-Fares k-ary fat-tree, one level more
// for four): a pod is k/2 leaves and `u` spines, every leaf with one cable to
// every spine of its pod; a spine has k/2 ports down and k/2 up, and so does
// a super-spine (non-blocking above the leaves). The top tier reaches at most
// k pods (three tiers) or k superpods (four): k^3/4 and k^4/8 hosts.
std::string planUpperTiers(const PlanInput& in, FabricPlan& p)
{
    const int k = p.radix;
    p.leavesPerPod = k / 2;
    p.spineUplinks = k / 2;
    p.spinesPerPod = p.leaf.up;
    p.pods = static_cast<int>(ceilDiv(p.leavesPerPlane, p.leavesPerPod));
    if (p.tiers == 0)
        p.tiers = p.pods <= k ? 3 : 4;
    if (p.tiers == 3 && p.pods > k)
        return tooMany(in, p, 3, "three-tier", "; use four tiers");
    if (p.tiers == 4) {
        p.podsPerSuperpod = k / 2;
        p.superUplinks = k / 2;
        p.superpods = static_cast<int>(ceilDiv(p.pods, p.podsPerSuperpod));
        if (p.superpods > k)
            return tooMany(in, p, 4, "four-tier", "");
        // Spine j's uplinks land on super-spines (j, x) of its superpod, each
        // with podsPerSuperpod ports down: as few as the fullest superpod's
        // cables need, a divisor of the uplinks so every spine spreads evenly
        // (the spine rule of two tiers, refdata §4.1). A full superpod gives
        // k/2, one cable from each spine; one pod of 64 nodes gives 1, not k/2
        // super-spines each with a single cable down.
        const int podsInFullest = std::min(p.pods, p.podsPerSuperpod);
        const long long cables = static_cast<long long>(podsInFullest) * p.spineUplinks;
        p.superSpinesPerSpine =
            smallestDivisorAtLeast(p.spineUplinks, static_cast<int>(ceilDiv(cables, p.podsPerSuperpod)));
    }
    return {};
}

} // namespace

std::string planFabric(const PlanInput& in, FabricPlan& p)
{
    p = FabricPlan{};
    const int k = in.radix;
    const int n = in.nicsPerNode;
    if (k < 2 || n < 1 || in.nodes < 1)
        return "nodes: nothing to build";
    p.radix = k;
    p.nicsPerNode = n;
    p.endpoints = static_cast<long long>(in.nodes) * n;
    p.storageCables = in.storageCables;

    // One switch: every NIC and the storage fit on a single switch. Only when
    // the tier count is left free and the fabric is not rail-optimised (a rail
    // fabric always has a leaf per rail, refdata §4.1).
    if (in.tiers == 0 && !in.rail && p.endpoints + in.storageCables <= k) {
        p.tiers = 1;
        p.leaf = {k, 0};
        p.leavesPerSet = 1;
        p.cablesPerNodePerLeaf = n;
        p.nodesPerSet = in.nodes;
        p.sets = 1;
        p.leaves = 1;
        p.leavesPerPlane = 1;
        return {};
    }

    p.leaf = leafPorts(k, in.rail ? 1.0 : in.oversubscription);
    if (p.leaf.down < 1 || p.leaf.up < 1)
        return "oversubscription: a radix-" + std::to_string(k) + " leaf cannot split its ports " +
               "into downlinks and uplinks at this ratio";
    if (in.rail) {
        // Rail-optimised (DGX SuperPOD, refdata §4.1): a scalable unit is one
        // leaf per rail, each leaf taking one cable from every node of the unit.
        p.leavesPerSet = n;
        p.cablesPerNodePerLeaf = 1;
        p.nodesPerSet = p.leaf.down;
    } else {
        // Fat-tree / spine-leaf: a node's NICs go to as few leaves as possible
        // (one when they fit), split evenly.
        int m = 1;
        while (m < n && (n % m != 0 || n / m > p.leaf.down))
            ++m;
        p.leavesPerSet = m;
        p.cablesPerNodePerLeaf = n / m;
        p.nodesPerSet = p.leaf.down / p.cablesPerNodePerLeaf;
    }
    p.sets = static_cast<int>(ceilDiv(in.nodes, p.nodesPerSet));
    p.leaves = p.sets * p.leavesPerSet;
    p.planes = in.rail && in.planePerRail ? n : 1;
    p.leavesPerPlane = p.leaves / p.planes;

    // Two tiers are feasible iff every leaf can reach every spine: L <= k (§4.2).
    const bool twoTiersFit = p.leavesPerPlane <= k;
    if (in.tiers == 2 && !twoTiersFit)
        return "tiers: " + std::to_string(p.endpoints) + " endpoints need " +
               std::to_string(p.leavesPerPlane) + (p.planes > 1 ? " leaves per plane" : " leaves") +
               ", more than the " + std::to_string(k) + " a radix-" + std::to_string(k) +
               " spine can reach in two tiers; use three tiers";
    if (in.tiers >= 3 || !twoTiersFit) {
        p.tiers = in.tiers;
        if (std::string error = planUpperTiers(in, p); !error.empty())
            return error;
    } else {
        p.tiers = 2;
    }
    p.firstPlane = shapePlane(p, in.storageCables);
    p.otherPlane = p.planes > 1 ? shapePlane(p, 0) : PlaneShape{};
    const int others = p.planes - 1;
    p.spines = p.firstPlane.spines + others * p.otherPlane.spines;
    p.superSpines = p.firstPlane.superSpines + others * p.otherPlane.superSpines;
    p.cores = p.firstPlane.cores + others * p.otherPlane.cores;
    return {};
}

} // namespace cf
