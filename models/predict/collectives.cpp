// collectiveTime: NCCL 2.30.7's cost model (refdata §1) on bandwidths read from
// the derived topology ("developer simplification" of §1.3), plus a pipeline-fill
// term per step. Evaluates every algorithm/protocol NCCL would and keeps the
// fastest. No allocation: the search calls this millions of times.
// The model, its constants and its validation: docs/collectives.md.
#include "models/predict/collectives.h"
#include "models/catalog/gpu_generation.h"
#include "models/predict/calibration_hooks.h"

#include "models/predict/nccl_tables.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cf {
namespace {

using namespace nccl;

// NVLS achieved algorithm bandwidth as a fraction of the GPU's NCCL NVLink
// bandwidth. Fitted once over every NVLS row of resources/validation/collectives.csv (8xH100
// 480 and 476 GB/s busbw, Azure ND H100 v5 >= 64 MB, H800 215, B300 845):
// NCCL's own formula (§1.4, nvlsEfficiency 0.85) over-predicts these by ~20 %
// under the per-GPU bandwidth simplification.
constexpr double kNvlsAlgEfficiency = 0.70;
// Pipeline fill: every pipelined step also waits for one chunk on one channel.
// NCCL tuning.cc (2.4+) comments "Tree/Simple is the latency a 256kB chunk"; we
// use 256 KiB for every protocol (our choice, fits the A100/H100 curves of
// collectives.csv at 32 MB..1 GB without a per-row constant).
constexpr double kPipelineChunkBytes = 262144.0;
// When ranks on different nodes have no NIC drawn, NCCL falls back to TCP
// sockets on the host network: we assume 10 GbE = 1.25 GB/s (our choice).
constexpr double kFallbackGBps = 1.25;
// A drawn link or NIC is taken at its own speed however slow (a user asking about
// a 1 Mb/s link gets the answer for 1 Mb/s, not 10 GbE); this floor only keeps a
// zero speed from making a time infinite.
constexpr double kMinDrawnGBps = 1e-9;
constexpr double kBytesPerUsPerGBps = 1e3; // 1 GB/s = 1e3 bytes per microsecond
constexpr double kSecondsPerUs = 1e-6;
constexpr double kBytesPerGB = 1e9;

// The row of NCCL's per-generation tables: Ampere's is also the closest row for
// CDNA3 / Ada and unknown parts (no NVLS).
int ncclTableRow(const GpuSpec* gpu)
{
    switch (gpu ? generationOf(*gpu) : GpuGeneration::Other) {
    case GpuGeneration::Volta:
        return kVolta;
    case GpuGeneration::Hopper:
        return kHopper;
    case GpuGeneration::Blackwell:
        return kBlackwell;
    default:
        return kAmpere;
    }
}

int floorLog2(int v)
{
    int r = 0;
    while (v > 1) {
        v >>= 1;
        ++r;
    }
    return r;
}

// NCCL's Tree size correction (§1.2) made continuous: inside size class k the
// factor is min(c[k], c[k-1] * S / S_k), so a bigger message never takes less
// time where the table steps up (our choice; NCCL itself jumps at the boundary).
double treeCorrection(int protocol, int sizeClass, double unitsOverClassStart)
{
    if (sizeClass >= kTreeCorrectionSizes)
        return 1.0;
    const double here = kTreeCorrection[protocol][sizeClass];
    if (sizeClass == 0)
        return here;
    return std::min(here, kTreeCorrection[protocol][sizeClass - 1] * unitsOverClassStart);
}

// Everything one call needs, computed once.
struct Ctx {
    int gen = kAmpere;
    int p = 1, ppn = 1, nodes = 1, col = 0;
    bool single = true;
    int hwIntra = kHwNvlink;
    bool nvswitch = false;
    double bytes = 0;
    double intra = 0;   // GB/s per GPU inside the scale-up domain
    double rankNic = 0; // GB/s of network per rank (its share of the node's NICs)
    double oneNic = 0;  // GB/s of a single NIC, achievable, after oversubscription
    double node = 0;    // GB/s of network the group's ranks of one node share
    double raw = 0;     // bus bandwidth before protocol factors
    double perChannel = 0;
    double channels = 1;
    double fillPerStepUs = 0; // one chunk (or the whole slice when smaller) on one channel
    double bytesK = 0;        // bytes / 1e3: divided by GB/s gives microseconds
};

struct Best {
    double us = std::numeric_limits<double>::max();
    double latUs = 0;
    double fillUs = 0;
    std::string_view algorithm = "none";
    std::string_view protocol = "simple";
};

double fillUs(const Ctx& c, double steps)
{
    return steps * c.fillPerStepUs;
}

void consider(Best& best, const Ctx& c, double latUs, double fill, double algbwGBps, std::string_view algo,
              std::string_view proto)
{
    if (!(algbwGBps > 0))
        return;
    const double us = latUs + fill + c.bytesK / algbwGBps;
    if (us < best.us) {
        best.us = us;
        best.latUs = latUs;
        best.fillUs = fill;
        best.algorithm = algo;
        best.protocol = proto;
    }
}

// Whether the group's traffic climbs past the leaves. Drawn designs: its block
// of nodes holds two leaf domains; a Topology built by hand (no per-node facts):
// more nodes than one leaf reaches.
bool pastLeaves(const Topology& t, const GroupPlacement& pl, int nodes)
{
    if (t.nodeRuns.empty())
        return t.nodesPerLeafDomain > 0 && nodes > t.nodesPerLeafDomain;
    return groupsCrossLeaves(t, pl.spanNodes > 0 ? pl.spanNodes : nodes);
}

Ctx makeContext(const Topology& t, double bytes, const GroupPlacement& pl)
{
    Ctx c;
    c.gen = ncclTableRow(t.gpu);
    c.bytes = bytes;
    c.p = std::max(1, pl.ranks);
    const int perNodeMax = std::max(1, t.scaleUp == ScaleUp::PCIe ? t.gpusPerNode : t.scaleUpDomainGpus);
    c.ppn = std::clamp(pl.ranksPerNode, 1, std::min(c.p, perNodeMax));
    c.nodes = (c.p + c.ppn - 1) / c.ppn;
    c.single = c.nodes == 1;
    c.col = c.nodes == 1 ? 0 : (c.nodes == 2 ? 1 : 2);
    c.nvswitch = t.scaleUp != ScaleUp::PCIe;
    c.hwIntra = c.nvswitch ? kHwNvlink : kHwPci;
    c.intra = t.scaleUpGBpsPerDir > 0 ? std::max(kMinDrawnGBps, t.scaleUpGBpsPerDir) : kFallbackGBps;
    c.intra *= t.calibration.scaleUpBandwidthScale; // issue 16: the site's scale-up rate

    // Oversubscription of every tier the group climbs through (worst case B/r, refdata §4.2).
    int crossed = pl.tiersCrossed;
    if (crossed <= 0)
        crossed = c.single ? 0 : pastLeaves(t, pl, c.nodes) ? static_cast<int>(t.tiers.size()) : 1;
    // Asymmetric fabric: the slowest member's own rails, its leaf's ratio folded
    // in, so only the tiers above the leaves apply here (docs/collectives.md).
    const bool perMember = !t.uniformFabric && t.nicGBpsPerGpu > 0;
    double oversub = 1.0;
    for (int i = perMember ? 1 : 0; i + 1 < crossed && i < static_cast<int>(t.tiers.size()); ++i)
        oversub *= std::max(1.0, t.tiers[static_cast<std::size_t>(i)].oversubscription);
    const double eff = (t.fabricEfficiency > 0 ? t.fabricEfficiency : fabricEfficiencyOf(t.fabric)) *
                       t.calibration.scaleOutBandwidthScale; // issue 16: the site's scale-out rate
    constexpr double kBitsPerByte = 8.0;
    if (perMember) {
        const FabricFloor f = pl.firstNodes > 0 ? fabricFloor(t, pl.firstNodes) : t.floor;
        const bool past = crossed >= 2;
        const double perGpu = past ? f.beyondLeafGBpsPerGpu : f.nicGBpsPerGpu;
        c.rankNic = std::max(kMinDrawnGBps, perGpu * eff / oversub);
        c.oneNic =
            std::max(kMinDrawnGBps, f.oneNicGBps * eff / (oversub * (past ? f.leafOversubscription : 1.0)));
    } else if (t.nicGBpsPerGpu > 0) {
        c.rankNic = std::max(kMinDrawnGBps, t.nicGBpsPerGpu * eff / oversub);
        c.oneNic = std::max(kMinDrawnGBps, t.nicGbps / kBitsPerByte * eff / oversub);
    } else {
        c.rankNic = kFallbackGBps / c.ppn;
        c.oneNic = kFallbackGBps;
    }
    c.node = c.ppn * c.rankNic;

    const double linkBw = c.nvswitch ? kNvlinkPerLinkBw[c.gen] : c.intra;
    if (c.single) {
        c.raw = c.intra;
        c.perChannel = std::min(linkBw, c.intra);
    } else {
        c.raw = c.ppn > 1 ? std::min(c.intra, c.node) : c.node;
        c.perChannel = std::min(linkBw, c.rankNic);
    }
    c.channels = std::max(1.0, c.raw / c.perChannel);
    const double slice = std::min(kPipelineChunkBytes, c.bytes / (c.p * c.channels));
    c.fillPerStepUs = slice / (c.perChannel * kBytesPerUsPerGBps);
    c.bytesK = c.bytes / kBytesPerUsPerGBps;
    return c;
}

// Ring + Tree, each with LL / LL128 / Simple (§1.4-1.6). AllReduce, RS and AG.
void ringAndTree(Best& best, const Ctx& c, CollectiveOp op, unsigned algos)
{
    const bool allReduce = op == CollectiveOp::AllReduce;
    const int nsteps = allReduce ? 2 * (c.p - 1) : c.p - 1;
    const int nInter = c.single ? 0 : (allReduce ? 2 * (c.nodes - 1) : c.nodes - 1);
    const int llRow = c.single ? c.gen : kLlMaxBwMultiNodeRow;
    const int log2Nodes = floorLog2(c.nodes);
    // Size class of the Tree correction: k = floor(log2(bytes / 64)) via frexp (no log).
    constexpr double kCorrectionUnitBytes = 64.0;
    int exponent = 0;
    const double mantissa = std::frexp(std::max(1.0, c.bytes / kCorrectionUnitBytes), &exponent);
    const int sizeClass = exponent - 1;                // units = mantissa * 2^exponent, mantissa in [0.5, 1)
    const double unitsOverClassStart = 2.0 * mantissa; // units / 2^sizeClass, in [1, 2)
    for (int pr = 0; pr < kProtocols; ++pr) {
        if (algos & kAlgoRing) {
            double bus = c.raw;
            if (pr == kLL)
                bus = std::min(kLlMaxBw[llRow][c.col], kRingLLFactor * c.raw);
            else if (pr == kLL128)
                bus = std::min(kRingLL128Factor * c.raw, c.channels * kPerChMaxRingLL128Bw[c.gen]);
            const double alg = bus * c.p / nsteps;
            const double overhead =
                c.single ? 0.0 : kNetOverheadUs * (pr == kSimple ? kNetOverheadSimpleFactor : 1.0);
            double lat = kBaseLatRing[pr] +
                         (nsteps - nInter) * std::max(kHwLatRing[c.hwIntra][pr], overhead) +
                         nInter * kHwLatRing[kHwNet][pr];
            if (allReduce && pr == kSimple && !c.single)
                lat *= c.gen >= kAmpere ? kRingPlateauSm80 : kRingPlateauOlder;
            consider(best, c, lat, fillUs(c, nsteps), alg, "ring", kProtocolNames[pr]);
        }
        if ((algos & kAlgoTree) && allReduce) {
            double bus = std::min(kTreeFactor * c.raw, c.channels * kPerChMaxTreeBw[c.gen][c.col]);
            if (pr == kLL)
                bus = std::min(bus / kTreeLLDivisor, kLlMaxBw[llRow][c.col]);
            else if (pr == kLL128)
                bus = std::min(bus * (c.single ? kTreeLL128SingleNode : kTreeLL128MultiNode),
                               c.channels * kPerChMaxTreeLL128Bw[c.gen][c.col]);
            const double alg = kTreeAlgBwRatio * bus * treeCorrection(pr, sizeClass, unitsOverClassStart);
            const double lat = kBaseLatTree[pr] + 2.0 * ((c.ppn - 1) * kHwLatTree[c.hwIntra][pr] +
                                                         log2Nodes * kHwLatTree[kHwNet][pr]);
            const double steps = std::max(1, 2 * ((c.ppn - 1) + log2Nodes));
            consider(best, c, lat, fillUs(c, steps), alg, "tree", kProtocolNames[pr]);
        }
    }
    // PAT: AllGather / ReduceScatter with one GPU per node (§1.4, §1.6).
    if ((algos & kAlgoPat) && !allReduce && c.ppn == 1 && !c.single) {
        const double lat = kBaseLatPat + log2Nodes * kHwLatPatNet / kPatLogDivisor + kPatPerRankUs * c.p;
        consider(best, c, lat, fillUs(c, std::max(1, log2Nodes)), kPatFactor * c.raw, "pat", "simple");
    }
}

// In-network and hierarchical AllReduce: NVLS, NVLSTree, CollNet, 2-level.
void inNetwork(Best& best, const Ctx& c, const Topology& t, unsigned algos)
{
    const int nsteps = 2 * (c.p - 1);
    const bool nvls = c.gen >= kHopper && c.nvswitch && t.scaleUp == ScaleUp::NVSwitch && c.ppn > 1;
    const double nvlsAlg = c.intra * kNvlsAlgEfficiency;
    const int log2Nodes = floorLog2(c.nodes);
    if (nvls && c.single && (algos & kAlgoNvls))
        consider(best, c, kHwLatNvlsIntra, fillUs(c, 2), nvlsAlg, "nvls", "simple");
    if (nvls && !c.single && (algos & kAlgoNvlsTree)) {
        const double nvlsBus = nvlsAlg * nsteps / c.p;
        const double interBus = c.node * (c.nodes <= 2 ? 2.0 : 1.0);
        const double bus = std::min({nvlsBus, interBus, kNvlsChannels * kPerChMaxNvlsTreeBw[c.gen][c.col]});
        const double lat = kHwLatNvlsTreeIntra + 2.0 * log2Nodes * kHwLatNvlsTreeNet;
        consider(best, c, lat, fillUs(c, 2 + 2 * log2Nodes), bus * c.p / nsteps, "nvls-tree", "simple");
    }
    if (t.sharp && !c.single && c.ppn > 1 && (algos & kAlgoCollNet)) {
        // CollNetDirect: busBw / f with f = g - (g-1)/2, g = GPUs per NIC; x0.85 on Hopper+.
        const double gpusPerNic =
            t.nicsPerNode > 0 ? std::max(1.0, double(t.gpusPerNode) / t.nicsPerNode) : 1.0;
        const double f = gpusPerNic - (gpusPerNic - 1.0) / 2.0;
        const double hopper = c.gen >= kHopper ? kCollNetHopperFactor : 1.0;
        // Each node sends its reduced buffer once and receives the result once.
        const double alg = std::min(kTreeAlgBwRatio * c.intra / f * hopper, c.node);
        const double lat =
            2.0 * (std::min(1, c.ppn - 1) * kHwLatCollNetDirectIntra + kCollNetPerPeerUs * (c.ppn - 1)) +
            kHwLatCollNetDirectNet;
        consider(best, c, lat, fillUs(c, 2), alg, "collnet", "simple");
    }
    if (!c.single && c.ppn > 1 && (algos & kAlgoHierarchical)) {
        // Refdata §3 "Hierarchical 2-level AllReduce": RS intra, AR inter on 1/g, AG intra.
        const double g = c.ppn, n = c.nodes;
        const double intraUs = 2.0 * (g - 1.0) / g * c.bytes / (kBytesPerUsPerGBps * c.intra);
        const double interUs = 2.0 * (n - 1.0) / n * (c.bytes / g) / (kBytesPerUsPerGBps * c.rankNic);
        const double lat = 3.0 * kBaseLatRing[kSimple] + 2.0 * (g - 1.0) * kHwLatRing[c.hwIntra][kSimple] +
                           2.0 * (n - 1.0) * kHwLatRing[kHwNet][kSimple];
        // As an algorithm bandwidth: bytes / (intra + inter time).
        consider(best, c, lat, fillUs(c, 2.0 * (g - 1.0 + n - 1.0)),
                 c.bytes / (kBytesPerUsPerGBps * (intraUs + interUs)), "hierarchical", "simple");
    }
}

} // namespace

const char* toString(CollectiveOp op)
{
    switch (op) {
    case CollectiveOp::AllReduce:
        return "all-reduce";
    case CollectiveOp::ReduceScatter:
        return "reduce-scatter";
    case CollectiveOp::AllGather:
        return "all-gather";
    case CollectiveOp::AllToAll:
        return "all-to-all";
    case CollectiveOp::PointToPoint:
        return "point-to-point";
    }
    return "?";
}

bool collectiveOpFromString(const std::string& text, CollectiveOp& out)
{
    for (CollectiveOp op : {CollectiveOp::AllReduce, CollectiveOp::ReduceScatter, CollectiveOp::AllGather,
                            CollectiveOp::AllToAll, CollectiveOp::PointToPoint})
        if (text == toString(op)) {
            out = op;
            return true;
        }
    return false;
}

CollectiveResult collectiveTime(const Topology& topology, CollectiveOp op, double bytes,
                                const GroupPlacement& placement)
{
    CollectiveResult r;
    if (!(bytes > 0) || !std::isfinite(bytes))
        bytes = 0;
    const Ctx c = makeContext(topology, bytes, placement);
    if (c.p <= 1 && op != CollectiveOp::PointToPoint) {
        r.algorithm = "local";
        return r;
    }
    Best best;
    const unsigned algos = placement.algorithms ? placement.algorithms : kAlgoAll;
    double factor = 1.0;
    switch (op) {
    case CollectiveOp::AllReduce:
        ringAndTree(best, c, op, algos);
        inNetwork(best, c, topology, algos);
        if (best.us == std::numeric_limits<double>::max()) // mask excluded all: fall back to ring
            ringAndTree(best, c, op, kAlgoRing);
        factor = 2.0 * (c.p - 1) / c.p;
        break;
    case CollectiveOp::ReduceScatter:
    case CollectiveOp::AllGather:
        ringAndTree(best, c, op, algos);
        if (best.us == std::numeric_limits<double>::max())
            ringAndTree(best, c, op, kAlgoRing);
        factor = double(c.p - 1) / c.p;
        break;
    case CollectiveOp::AllToAll: {
        // Grouped send/recv: the intra-node share over NVLink and the rest over the
        // rank's single NIC run at once; NCCL cannot aggregate NICs (refdata §3.1).
        const double intraUs = c.bytes * (c.ppn - 1) / c.p / (kBytesPerUsPerGBps * c.intra);
        const double interUs =
            c.bytes * (c.p - c.ppn) / c.p / (kBytesPerUsPerGBps * std::min(c.oneNic, c.node / c.ppn));
        const double lat = kBaseLatRing[kSimple] + kHwLatRing[c.single ? c.hwIntra : kHwNet][kSimple];
        best = {lat + std::max(intraUs, interUs), lat, 0.0, "p2p", "simple"};
        factor = double(c.p - 1) / c.p;
        break;
    }
    case CollectiveOp::PointToPoint: {
        const bool sameNode = placement.ranksPerNode >= 2 || placement.ranks <= 1;
        const double bw =
            sameNode ? c.intra : std::min(c.oneNic, c.rankNic * std::max(1, topology.gpusPerNode));
        const double lat = kBaseLatRing[kSimple] + kHwLatRing[sameNode ? c.hwIntra : kHwNet][kSimple];
        best = {lat + c.bytes / (kBytesPerUsPerGBps * bw), lat, 0.0, "p2p", "simple"};
        break;
    }
    }
    // Issue 16: the site's latency for this tier (identity: unchanged).
    const double latScale = latencyScale(topology.calibration, c.single);
    best.us += (latScale - 1.0) * best.latUs;
    best.latUs *= latScale;
    r.seconds = best.us * kSecondsPerUs;
    r.latencySeconds = best.latUs * kSecondsPerUs;
    r.pipelineFillSeconds = best.fillUs * kSecondsPerUs;
    r.bandwidthSeconds = std::max(0.0, r.seconds - r.latencySeconds - r.pipelineFillSeconds);
    r.algbwGBps = r.seconds > 0 ? c.bytes / r.seconds / kBytesPerGB : 0;
    r.busbwGBps = r.algbwGBps * factor;
    r.algorithm = best.algorithm;
    r.protocol = best.protocol;
    return r;
}

int groupBlockNodes(long long strideRanks, int groupRanks, int gpusPerNode)
{
    const long long ranks = std::max(1LL, strideRanks) * std::max(1, groupRanks);
    return static_cast<int>(std::clamp(ranks / std::max(1, gpusPerNode), 1LL, 1LL << 30));
}

double groupCollectiveSeconds(const Topology& topology, CollectiveOp op, double bytes, int ranks,
                              int ranksPerNode, int spanNodes)
{
    if (ranks <= 1 || !(bytes > 0))
        return 0.0;
    GroupPlacement g;
    g.ranks = ranks;
    g.ranksPerNode = std::clamp(ranksPerNode, 1, ranks);
    g.spanNodes = spanNodes;
    return collectiveTime(topology, op, bytes, g).seconds;
}

} // namespace cf
