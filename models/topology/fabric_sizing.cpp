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

namespace {

std::string planThreeTiers(const PlanInput& in, FabricPlan& p)
{
    const int k = p.radix;
    // Three tiers (refdata §4.2, Al-Fares k-ary fat-tree): a pod is k/2 leaves
    // and `u` spines; every leaf has one cable to every spine of its pod, and a
    // spine has k/2 ports down and k/2 up (non-blocking above the leaves).
    p.tiers = 3;
    p.leavesPerPod = k / 2;
    p.spineUplinks = k / 2;
    p.spinesPerPod = p.leaf.up;
    p.pods = static_cast<int>(ceilDiv(p.leaves, p.leavesPerPod));
    // Plane j = spine j of every pod; its cores take pods * k/2 cables, and a
    // core has k ports, so at most k pods (k^3/4 hosts when non-blocking).
    if (p.pods > k)
        return "nodes: " + std::to_string(in.nodes) + " nodes (" + std::to_string(p.endpoints) +
               " endpoints) exceed the three-tier maximum of " +
               std::to_string(static_cast<long long>(k) * (k / 2) * p.leaf.down) + " endpoints for a radix-" +
               std::to_string(k) + " switch";
    p.spines = p.pods * p.spinesPerPod;
    const long long planeCables = static_cast<long long>(p.pods) * p.spineUplinks;
    // Even spread of each spine's uplinks over its plane's cores (same rule as
    // the spines of two tiers): smallest divisor of k/2 >= ceil(pods*(k/2)/k).
    p.coresPerPlane = smallestDivisorAtLeast(p.spineUplinks, static_cast<int>(ceilDiv(planeCables, k)));
    p.coresInPlaneZero = p.coresPerPlane;
    p.cores = p.spinesPerPod * p.coresPerPlane;
    const long long freePorts = static_cast<long long>(p.cores) * k - planeCables * p.spinesPerPod;
    if (freePorts < in.storageCables) {
        // Storage needs core ports: plane 0 gets enough cores for them and
        // spreads its spines' uplinks as evenly as possible (our choice).
        p.coresInPlaneZero =
            std::max(p.coresPerPlane, static_cast<int>(ceilDiv(planeCables + in.storageCables, k)));
        p.cores = (p.spinesPerPod - 1) * p.coresPerPlane + p.coresInPlaneZero;
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

    // Two tiers are feasible iff every leaf can reach every spine: L <= k (§4.2).
    const bool twoTiersFit = p.leaves <= k;
    if (in.tiers == 2 && !twoTiersFit)
        return "tiers: " + std::to_string(p.endpoints) + " endpoints need " + std::to_string(p.leaves) +
               " leaves, more than the " + std::to_string(k) + " a radix-" + std::to_string(k) +
               " spine can reach in two tiers; use three tiers";
    if (in.tiers == 3 || !twoTiersFit)
        return planThreeTiers(in, p);

    p.tiers = 2;
    const long long upCables = static_cast<long long>(p.leaves) * p.leaf.up;
    p.spines = smallestDivisorAtLeast(p.leaf.up, static_cast<int>(ceilDiv(upCables, k)));
    if (static_cast<long long>(p.spines) * k - upCables < in.storageCables) {
        // Storage needs spine ports the divisor rule left none of: just enough
        // spines for both, each leaf's uplinks spread as evenly as possible.
        p.spines = static_cast<int>(ceilDiv(upCables + in.storageCables, k));
    }
    return {};
}

} // namespace cf
