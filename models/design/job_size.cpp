#include "models/design/job_size.h"

#include <algorithm>

namespace cf {

int powerOfTwoFloor(int gpus)
{
    if (gpus < 1)
        return 0;
    int p = 1;
    while (p <= gpus / 2)
        p *= 2;
    return p;
}

namespace {

// The job size the automatic rule picks: the cluster, or a power-of-two share of
// every node when only that share matches the split.
int automaticJobGpus(const Parallelism& par, int clusterGpus, int nodes, int gpusPerNode)
{
    const int share = powerOfTwoFloor(gpusPerNode);
    if (share == gpusPerNode || nodes < 1)
        return clusterGpus;
    const long long partial = 1LL * share * nodes;
    const long long inner = 1LL * std::max(1, par.tp) * std::max(1, par.pp) * std::max(1, par.cp);
    if (par.dp > 0)
        return inner * par.dp == partial ? int(partial) : clusterGpus;
    const bool clusterDivides = clusterGpus % inner == 0;
    return !clusterDivides && partial % inner == 0 ? int(partial) : clusterGpus;
}

} // namespace

JobSize resolveJobSize(const Parallelism& par, int clusterGpus, int nodes, int gpusPerNode)
{
    JobSize job;
    job.clusterGpus = clusterGpus;
    job.clusterNodes = nodes;
    job.automatic = par.jobGpus <= 0;
    job.gpus = job.automatic ? automaticJobGpus(par, clusterGpus, nodes, gpusPerNode) : par.jobGpus;
    job.nodes = nodes;
    job.gpusPerNode = gpusPerNode;
    if (clusterGpus <= 0 || nodes <= 0 || gpusPerNode <= 0 || job.gpus == clusterGpus)
        return job;
    const std::string sizes = std::to_string(job.gpus) + " GPUs";
    if (job.gpus > clusterGpus) {
        job.error = "the job asks for " + sizes + " but the cluster has " + std::to_string(clusterGpus);
    } else if (job.gpus % gpusPerNode == 0) { // whole nodes, the rest are spare nodes
        job.nodes = job.gpus / gpusPerNode;
    } else if (job.gpus % nodes == 0) { // the same share of every node
        job.wholeNodes = false;
        job.gpusPerNode = job.gpus / nodes;
    } else {
        job.error = "a job of " + sizes + " neither fills whole " + std::to_string(gpusPerNode) +
                    "-GPU nodes nor uses the same number of GPUs in each of the " + std::to_string(nodes) +
                    " nodes";
    }
    if (!job.error.empty()) {
        job.nodes = nodes;
        job.gpusPerNode = gpusPerNode;
    }
    return job;
}

} // namespace cf
