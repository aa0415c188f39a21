#pragma once
// The job on part of a cluster (issue 25 item 4): how many of the cluster's GPUs
// the training job uses and how they sit in the nodes. The rest are spares: they
// draw idle power, cost capital, and replace failed GPUs (goodput_model.h).
//
// Placement: a job that fills whole nodes runs on the first job/gpusPerNode nodes;
// otherwise every node runs job/nodes GPUs of its own scale-up domain (an NVL72
// rack at 64 of its 72 GPUs, as every published GB200/GB300 run of a power-of-two
// size does, e.g. NVIDIA DGX Cloud benchmarking and MLPerf Training v5.0).

#include "models/design/parallelism.h"

#include <string>

namespace cf {

struct JobSize {
    int gpus = 0; // GPUs the job's ranks run on
    int clusterGpus = 0;
    int clusterNodes = 0;
    int nodes = 0;          // nodes the job runs on
    int gpusPerNode = 0;    // job ranks per node it runs on
    bool wholeNodes = true; // false: every node runs part of its GPUs
    bool automatic = true;  // Parallelism::jobGpus was 0: sized by the rule below
    std::string error;      // non-empty: the job cannot be placed (field parallelism.jobGpus)

    int spareGpus() const { return clusterGpus - gpus; }
};

// The largest power of two not above `gpus` (64 for a 72-GPU rack); 0 for gpus < 1.
int powerOfTwoFloor(int gpus);

// Parallelism::jobGpus when set; when 0 (automatic), the whole cluster, except on
// nodes whose GPU count is not a power of two (NVL72) where the split asks for a
// power-of-two share of every node: TP x PP x DP x CP equal to nodes x 64, or with
// DP automatic, TP x PP x CP dividing nodes x 64 but not the whole cluster.
JobSize resolveJobSize(const Parallelism& par, int clusterGpus, int nodes, int gpusPerNode);

} // namespace cf
