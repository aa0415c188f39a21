#pragma once
// Sizing rules of a folded-Clos fabric (refdata network_power_cost.md §4.1-4.2)
// as pure integer arithmetic, kept apart from the part/link building so that
// the rules can be read and tested on their own.

#include <string>

namespace cf {

// Smallest divisor of n that is >= atLeast (n >= 1); n itself when atLeast > n
// has no smaller answer. Refdata §4.1: S = smallest divisor of the per-leaf
// uplink count u with S >= ceil(L*u/k) (explains NVIDIA's 3-SU 16-spine row).
int smallestDivisorAtLeast(int n, int atLeast);

// Ceiling of a / b for positive integers.
long long ceilDiv(long long a, long long b);

// Cables from lower switch `lower` to upper switch `upper` when every lower
// switch spreads `uplinks` cables over `uppers` switches: uplinks / uppers each,
// and the remainder goes one by one to a rotating window of upper switches, so
// that the upper switches' loads differ by at most one cable (our choice).
int spreadCables(long long lower, long long upper, int uplinks, int uppers);

// Leaf ports for an oversubscription r:1 (down:up) at radix k, refdata §4.2:
// d = k*r/(r+1) downlinks, u = k/(r+1) uplinks. With a fractional result we
// round d down and take u = ceil(d / r), so the ratio never exceeds r and
// d + u <= k.
struct LeafPorts {
    int down = 0;
    int up = 0;
};
LeafPorts leafPorts(int radix, double oversubscription);

// The switches above the leaves of one fabric plane. Two tiers: every leaf
// spreads its uplinks over the plane's spines. Three tiers: pods of k/2 leaves
// with `spinesPerPod` spines each; core group j = spine j of every pod and its
// cores. Four tiers: superpods of k/2 pods, each with spinesPerPod x
// superSpinesPerSpine super-spines (spine j of each pod spreads its uplinks over
// the super-spines (j, x) of its superpod); core group (j, x) = super-spine
// (j, x) of every superpod and its cores. Group 0 of plane 0 may have more
// cores (storage).
struct PlaneShape {
    int spines = 0;
    int superSpines = 0;
    int coreGroups = 0;
    int coresPerGroup = 0;
    int coresInGroupZero = 0;
    int cores = 0;
};

// The fabric's shape before any part exists. A "leaf set" is the m leaves that
// one node group is wired to: m = 1 in a fat-tree (all of a node's NICs on one
// leaf when they fit), m = NICs per node in a rail-optimised fabric (GPU i of
// every node of a scalable unit -> leaf i of that unit). A multi-plane rail
// fabric gives every rail its own plane: leaf i of every unit and the switches
// above them, with no cable between planes.
struct FabricPlan {
    int tiers = 0; // 1 (one switch), 2, 3 or 4
    int radix = 0; // k
    int nicsPerNode = 0;
    long long endpoints = 0;      // nodes * NICs per node
    LeafPorts leaf;               // ports a leaf gives to nodes / to the tier above
    int leavesPerSet = 1;         // m
    int cablesPerNodePerLeaf = 0; // c: a member node's cables to each leaf of its set
    int nodesPerSet = 0;          // members of one node group (the last may have fewer)
    int sets = 0;                 // node groups
    int leaves = 0;               // sets * m
    int planes = 1;               // fabric planes: 1, or one per rail
    int leavesPerPlane = 0;       // leaves / planes
    // Three and four tiers, per plane.
    int leavesPerPod = 0; // a spine's downlinks (one cable per leaf)
    int pods = 0;
    int spinesPerPod = 0;    // = leaf uplinks
    int spineUplinks = 0;    // k - leavesPerPod
    int podsPerSuperpod = 0; // four tiers: a super-spine's downlinks (one per pod)
    int superpods = 0;
    int superUplinks = 0; // four tiers: k - podsPerSuperpod
    // Four tiers: super-spines (j, x) per spine position j of a superpod, k/2
    // when a superpod is full; fewer when it holds fewer pods (each then takes
    // several cables from spine j, as a core group does in three tiers).
    int superSpinesPerSpine = 0;
    PlaneShape firstPlane; // plane 0 (carries the storage)
    PlaneShape otherPlane; // planes 1 .. planes-1
    // Totals over the planes.
    int spines = 0;
    int superSpines = 0;
    int cores = 0;
    int storageCables = 0; // cables from storage into the top tier
};

struct PlanInput {
    bool rail = false;
    int nodes = 0;
    int nicsPerNode = 0;
    int radix = 0;
    double oversubscription = 1.0;
    int tiers = 0; // 0 = fewest that fit
    int storageCables = 0;
    bool planePerRail = false; // rail only: one fabric plane per rail
};

// Maximum endpoints of a non-blocking fabric plane of `tiers` tiers of radix-k
// switches whose leaves give `leafDown` ports to nodes (refdata §4.2:
// k^2/2, k^3/4 and, one tier up, k^4/8 when leafDown = k/2).
long long maxEndpoints(int radix, int tiers, int leafDown);

// Fills `plan` or returns an error message naming why it cannot be built
// ("tiers: ..." or "nodes: ..."); empty on success.
std::string planFabric(const PlanInput& in, FabricPlan& plan);

} // namespace cf
