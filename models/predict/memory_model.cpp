#include "models/predict/memory_model.h"

#include <cstdio>

#include <algorithm>

namespace cf {

double activationBytesPerLayer(const ModelShape& s, int seqLen, int microbatch, int tp, int cp, bool sp,
                               Recompute recompute, bool flash)
{
    tp = std::max(1, tp);
    cp = std::max(1, cp);
    const double h = s.hidden;
    const double kvDim = s.heads > 0 ? double(s.kvHeads) * h / s.heads : h;
    const double sl = double(seqLen) / cp; // tokens per GPU under context parallelism
    const double b = microbatch;
    const double sbh = sl * b * h;
    const bool useSp = sp && tp > 1;
    if (recompute == Recompute::Full) // only the layer input is kept (2 bytes per element)
        return 2.0 * sbh / (useSp ? tp : 1);
    // Per token: attention 7h + 4*kvDim (Q, K, V, inputs, dropout mask), MLP 3h + 4 or 6 ffn,
    // two norms 4h. MHA with ffn = 4h: 11h + 19h + 4h = 34h (Korthikanti eq. 1).
    const int active = s.experts > 1 ? std::max(1, s.expertsPerToken) : 1;
    const double linear =
        7.0 * h + 4.0 * kvDim + 3.0 * h + (s.gatedFfn ? 6.0 : 4.0) * s.ffn * active + 4.0 * h;
    // The parts replicated across TP ranks without SP: norms 4h, inputs of QKV and
    // MLP-up 4h, dropout masks 2h = 10h (Korthikanti eq. 2); the rest splits by t.
    const double replicated = 10.0 * h;
    double perToken = useSp || tp == 1 ? linear / tp : replicated + (linear - replicated) / tp;
    double scores = 0;
    if (recompute == Recompute::None && !flash) // softmax out 2as^2b, mask as^2b, dropout out 2as^2b
        scores = 5.0 * s.heads * sl * sl * b / tp;
    return sl * b * perToken + scores;
}

ShardFactors shardFactors(Sharding sharding, int dp, int shardGroup)
{
    const double d = std::max(1, dp);
    const double g = std::max(1, std::min(shardGroup, dp));
    switch (sharding) {
    case Sharding::DDP:
        return {1, 1, 1};
    case Sharding::ZeRO1:
        return {1, 1, d};
    case Sharding::ZeRO2:
        return {1, d, d};
    case Sharding::ZeRO3:
    case Sharding::FSDPFull:
        return {d, d, d};
    case Sharding::FSDPHybrid:
        return {g, g, g};
    }
    return {1, 1, 1};
}

double withAllocatorOverhead(double tensorBytes)
{
    return tensorBytes * (1.0 + kAllocatorOverheadFraction) + kReservedBytes;
}

std::string memoryShortMessage(double neededBytes, double hbmBytes)
{
    // A hostile shape can need more than any number worth printing (or inf):
    // cap the figure so the message never shows "inf" (issue 7).
    constexpr double kLargestShownGiB = 1e15;
    const double needGiB = neededBytes / kBytesPerMarketingGB;
    char need[48];
    if (needGiB < kLargestShownGiB)
        std::snprintf(need, sizeof need, "%.1f GiB", needGiB);
    else
        std::snprintf(need, sizeof need, "more than %.0e GiB", kLargestShownGiB);
    char text[200];
    std::snprintf(text, sizeof text,
                  "needs %s per GPU but the GPU has %.0f GiB: shard more, recompute, or split further", need,
                  std::min(hbmBytes / kBytesPerMarketingGB, kLargestShownGiB));
    return text;
}

} // namespace cf
