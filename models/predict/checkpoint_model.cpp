#include "models/predict/checkpoint_model.h"

#include <algorithm>
#include <cmath>

namespace cf {

CheckpointFacts checkpointFacts(const Topology& t, const CheckpointInputs& in)
{
    CheckpointFacts c;
    c.sizeBytes = kCheckpointBytesPerParam * in.paramsTotal;
    const bool sharded = in.sharding != Sharding::DDP;
    c.writers = sharded ? double(std::max(1, in.gpus)) : double(std::max(1, in.tp * in.pp));
    const double writerNodes = std::max(1.0, std::ceil(c.writers / std::max(1, in.gpusPerNode)));
    c.hasStorage = t.storage != nullptr && t.storageWriteGBps > 0;
    c.dataLoadGBpsNeeded = in.tokensPerS * kInputBytesPerToken / 1e9;
    const double perGpuBytes = c.sizeBytes / c.writers;
    const double snapshotS = perGpuBytes / (kHostSnapshotGBps * 1e9);
    if (c.hasStorage) {
        double bw = t.storageWriteGBps;
        if (t.storagePathGBps > 0)
            bw = std::min(bw, t.storagePathGBps);
        if (t.storage->perClientGBps > 0)
            bw = std::min(bw, writerNodes * t.storage->perClientGBps);
        c.writeGBps = bw;
        c.writeS = c.sizeBytes / (bw * 1e9);
        double rbw = t.storageReadGBps > 0 ? t.storageReadGBps : bw;
        if (t.storagePathGBps > 0)
            rbw = std::min(rbw, t.storagePathGBps);
        c.storageReadGBps = rbw;
        c.readS = c.sizeBytes / (rbw * 1e9);
    }
    c.stallS = in.async || !c.hasStorage ? snapshotS : c.writeS;
    return c;
}

} // namespace cf
