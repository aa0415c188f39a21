#pragma once
// NCCL 2.30.7 tuning constants (NVIDIA/nccl @5067397c, src/graph/tuning.cc,
// src/graph/topo.h), as transcribed in docs/refdata/network_power_cost.md §1.
// Constants change between NCCL releases: these are for 2.30.7 only.
// Index orders: protocol {LL, LL128, Simple}; generation {Volta, Ampere,
// Hopper, Blackwell}; node-count column {1 node, 2 nodes, >2 nodes}.

#include <string_view>

namespace cf::nccl {

inline constexpr int kLL = 0, kLL128 = 1, kSimple = 2, kProtocols = 3;
inline constexpr int kVolta = 0, kAmpere = 1, kHopper = 2, kBlackwell = 3;
inline constexpr std::string_view kProtocolNames[kProtocols] = {"ll", "ll128", "simple"};

// §1.4 llMaxBws: row = GPU generation for 1 node; multi-node uses row 0 (Intel
// host) or row 1 (AMD host). We assume Intel hosts (DGX H100/A100: Xeon).
inline constexpr double kLlMaxBw[4][3] = {
    {39.0, 39.0, 20.4}, {87.7, 22.5, 19.0}, {141.0, 45.0, 35.0}, {282.0, 90.0, 70.0}};
inline constexpr int kLlMaxBwMultiNodeRow = 0; // Intel CPU row (our assumption)

// §1.4 per-channel maxima, GB/s.
inline constexpr double kPerChMaxRingLL128Bw[4] = {20.0, 20.0, 36.7, 40.0};
inline constexpr double kPerChMaxTreeLL128Bw[4][3] = {
    {20.0, 20.0, 20.0}, {20.0, 20.0, 20.0}, {36.7, 36.7, 29.0}, {55.6, 31.67, 20.0}};
inline constexpr double kPerChMaxTreeBw[4][3] = {
    {26.5, 18.5, 10.0}, {24.0, 23.6, 17.8}, {38.7, 41.4, 36.0}, {70.0, 42.8, 24.0}};
inline constexpr double kPerChMaxNvlsTreeBw[4][3] = {
    {26.5, 18.5, 10.0}, {24.0, 23.6, 17.8}, {0.0, 57.7, 45.5}, {0.0, 96.0, 80.0}};

// §1.4 bus-bandwidth refinements.
inline constexpr double kRingLL128Factor = 0.92;
inline constexpr double kRingLLFactor = 0.5;
inline constexpr double kTreeFactor = 0.92;
inline constexpr double kTreeLLDivisor = 3.8;
inline constexpr double kTreeLL128SingleNode = 7.0 / 9.0;
inline constexpr double kTreeLL128MultiNode = 120.0 / 128.0;
inline constexpr double kPatFactor = 0.75;
inline constexpr double kCollNetHopperFactor = 0.85; // CollNetDirect on Hopper+
inline constexpr double kTreeAlgBwRatio = 0.5;       // §1.5 Tree/CollNet: algBw = busBw / 2

// §1.3 NVLink bandwidth per link, GB/s (topo.h SM70/80/90/100): used as the
// per-channel speed of intra-node channels.
inline constexpr double kNvlinkPerLinkBw[4] = {20.0, 20.0, 20.6, 40.1};
// NVLS channels NCCL opens on Hopper ("NVLSTree reaches peak with 16 SMs",
// nccl #1649); used for the per-channel NVLSTree cap.
inline constexpr int kNvlsChannels = 16;

// §1.6 latencies, microseconds.
inline constexpr double kBaseLatTree[kProtocols] = {6.8, 14.0, 8.4};
inline constexpr double kBaseLatRing[kProtocols] = {6.6, 14.0, 8.4};
inline constexpr double kBaseLatPat = 8.0;
inline constexpr double kHwLatTree[3][kProtocols] = {{0.6, 1.25, 4.0}, {1.0, 1.9, 4.0}, {5.0, 8.5, 14.0}};
inline constexpr double kHwLatRing[3][kProtocols] = {{0.6, 1.9, 3.4}, {1.0, 2.5, 5.7}, {2.7, 4.0, 14.0}};
inline constexpr int kHwNvlink = 0, kHwPci = 1, kHwNet = 2;
inline constexpr double kHwLatCollNetDirectIntra = 3.7;
inline constexpr double kHwLatCollNetDirectNet = 31.0;
inline constexpr double kCollNetPerPeerUs = 0.4;
inline constexpr double kHwLatNvlsIntra = 25.0;
inline constexpr double kHwLatNvlsNet = 18.0;
inline constexpr double kHwLatNvlsTreeIntra = 25.0;
inline constexpr double kHwLatNvlsTreeNet = 20.9;
inline constexpr double kHwLatPatNet = 14.0;
inline constexpr double kPatLogDivisor = 3.5;
inline constexpr double kPatPerRankUs = 2.8;
// Network post overhead per step: 1 us on Intel hosts, x3 for Simple.
inline constexpr double kNetOverheadUs = 1.0;
inline constexpr double kNetOverheadSimpleFactor = 3.0;
// Ring "plateau": Ring/Simple AllReduce multi-node latency x1.4 (sm >= 80) / x1.9.
inline constexpr double kRingPlateauSm80 = 1.4;
inline constexpr double kRingPlateauOlder = 1.9;

// §1.2 Tree AllReduce size correction, k = floor(log2(bytes / 64)), k = 0..22.
inline constexpr int kTreeCorrectionSizes = 23;
inline constexpr double kTreeCorrection[kProtocols][kTreeCorrectionSizes] = {
    {1.0, 1.0, 1.0, 1.0, 0.9, 0.8, 0.7, 0.7, 0.7, 0.7, 0.6, 0.5,
     0.4, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.0, 1.0, 1.0},
    {1.0, 1.0, 1.0, 1.0, 1.0, 0.9, 0.8, 0.8, 0.8, 0.7, 0.6, 0.6,
     0.6, 0.6, 0.6, 0.6, 0.8, 0.9, 0.9, 0.9, 0.9, 1.0, 1.0},
    {0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.8, 0.7, 0.6, 0.6, 0.5,
     0.5, 0.5, 0.5, 0.6, 0.7, 0.8, 0.7, 0.7, 0.8, 0.9, 0.9}};

} // namespace cf::nccl
