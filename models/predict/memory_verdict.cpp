#include "models/predict/memory_verdict.h"

#include "models/predict/memory_model.h"

#include <cstdio>

namespace cf {

MemoryVerdict memoryVerdict(double peakBytes, double hbmBytes)
{
    if (!(peakBytes == peakBytes)) // NaN: nothing to compare
        return MemoryVerdict::DoesNotFit;
    if (peakBytes <= hbmBytes * (1.0 - kMemoryModelRelativeError))
        return MemoryVerdict::Fits;
    if (peakBytes <= hbmBytes * (1.0 + kMemoryModelRelativeError))
        return MemoryVerdict::Tight;
    return MemoryVerdict::DoesNotFit;
}

void setMemoryVerdict(MemoryFacts& m)
{
    m.verdict = memoryVerdict(m.totalBytes, m.hbmBytes);
    m.fits = m.verdict != MemoryVerdict::DoesNotFit;
}

const char* toString(MemoryVerdict verdict)
{
    switch (verdict) {
    case MemoryVerdict::Fits:
        return "fits";
    case MemoryVerdict::Tight:
        return "tight";
    case MemoryVerdict::DoesNotFit:
        return "does_not_fit";
    }
    return "fits";
}

double memoryHeadroomBytes(const MemoryFacts& m)
{
    return m.hbmBytes - m.totalBytes;
}

std::string memoryTightMessage(const MemoryFacts& m)
{
    char text[260];
    std::snprintf(
        text, sizeof text,
        "memory is tight: predicted peak %.1f GiB per GPU on a %.0f GiB GPU, within the memory model's "
        "±%.0f %% error (±%.1f GiB); it may not fit: measure before relying on it",
        m.totalBytes / kBytesPerMarketingGB, m.hbmBytes / kBytesPerMarketingGB,
        100.0 * kMemoryModelRelativeError, kMemoryModelRelativeError * m.hbmBytes / kBytesPerMarketingGB);
    return text;
}

} // namespace cf
