#include "models/predict/job_topology.h"

#include <algorithm>

namespace cf {

JobSize jobSizeOf(const Topology& cluster, const Parallelism& par)
{
    return resolveJobSize(par, cluster.gpus, cluster.nodes, cluster.gpusPerNode);
}

SplitJob splitJobOf(const Topology& cluster, const Parallelism& par, const JobSize& job)
{
    SplitJob split;
    split.gpus = job.gpus;
    split.clusterGpus = cluster.gpus;
    split.jobIsDesign = job.gpus == cluster.gpus;
    split.jobCouldBe = [&cluster, par](long long gpus) {
        Parallelism trial = par;
        trial.jobGpus = int(gpus);
        return par.jobGpus == 0 && jobSizeOf(cluster, trial).error.empty();
    };
    return split;
}

namespace {

// The first `nodes` node members of the runs, in rank order.
std::vector<NodeRun> firstMembers(const std::vector<NodeRun>& runs, int nodes)
{
    std::vector<NodeRun> out;
    for (const NodeRun& run : runs) {
        if (nodes <= 0)
            break;
        NodeRun kept = run;
        kept.nodes = std::min(run.nodes, nodes);
        nodes -= kept.nodes;
        out.push_back(kept);
    }
    return out;
}

} // namespace

Topology jobTopology(const Topology& cluster, const JobSize& job)
{
    Topology t = cluster;
    if (!job.error.empty() || job.gpus == cluster.gpus || job.gpus <= 0)
        return t;
    t.gpus = job.gpus;
    if (job.wholeNodes) {
        t.nodes = job.nodes;
        t.nodeRuns = firstMembers(cluster.nodeRuns, job.nodes);
        t.floor = fabricFloor(cluster, job.nodes);
        return t;
    }
    // A share of every node: the NVLink domain holds the job's ranks of that node.
    t.gpusPerNode = job.gpusPerNode;
    if (cluster.scaleUpDomainGpus >= cluster.gpusPerNode && cluster.gpusPerNode > 0)
        t.scaleUpDomainGpus = int(1LL * cluster.scaleUpDomainGpus * job.gpusPerNode / cluster.gpusPerNode);
    else
        t.scaleUpDomainGpus = std::min(cluster.scaleUpDomainGpus, job.gpusPerNode);
    // The idle GPUs' NICs idle too (one NIC per GPU on NVL72 compute trays), so
    // a node injects in proportion to the ranks it runs.
    const double share = double(job.gpusPerNode) / std::max(1, cluster.gpusPerNode);
    if (cluster.nicsPerNode > 0)
        t.nicsPerNode = std::max(1, int(cluster.nicsPerNode * share + 0.5));
    for (NodeRun& run : t.nodeRuns) {
        run.gpusPerNode = job.gpusPerNode;
        run.injectionGbps *= share;
        run.beyondLeafGbps *= share;
    }
    return t;
}

} // namespace cf
