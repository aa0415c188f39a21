#pragma once
// How large a candidate cluster is (issue 29 item 2): the job's GPUs per node,
// the spare nodes kept beside the job, the job sizes the workload can split,
// and the largest cluster the envelope's power and budget allow, solved from
// the figures per node of a small generated fabric (no size is evaluated to
// find it; the caller generates that size and shrinks it if over).

#include "models/catalog/catalog.h"
#include "models/design/workload.h"
#include "models/plan/plan_envelope.h"
#include "models/search/split_pins.h"

namespace cf {

// The job's ranks per node: every GPU, or the power-of-two share of a node
// whose GPU count is not one (64 of an NVL72 rack's 72: job_size.h), whose
// other GPUs are the spares.
int jobGpusPerNode(const NodeSpec& node);

// Whole spare nodes kept beside a job of `jobNodes`: none when the node keeps
// spare GPUs of its own (NVL72), else one per kJobNodesPerSpare, at least one.
// One spare per 64 job nodes is our choice: the Llama 3 rate (refdata §7.1)
// gives about one hardware interruption per 4.5 h on 2,048 nodes, so 32 spares
// cover several days of repairs at that size.
inline constexpr int kJobNodesPerSpare = 64;
int spareNodesFor(const NodeSpec& node, int jobNodes);

// The dimensions the plan pins in each candidate's search (issue 29 item 7:
// a small search per candidate; see planSearchPins in plan_sizing.cpp).
SplitPins planSearchPins(const Workload& workload);

// Whether a job of `jobGpus` has a split at all: TP x PP x CP (the search's
// candidates, after `pins`) x DP with DP dividing the global batch.
bool jobSplits(const Workload& workload, int jobGpus, const SplitPins& pins);

// The largest job (in nodes) that splits and, with its spares, needs at most
// `maxClusterNodes` nodes; 0 when none.
int largestSplittableJobNodes(const Workload& workload, const NodeSpec& node, int maxClusterNodes,
                              const SplitPins& pins);

// Full-load facility watts and capital per node, fabric share included,
// measured on a small generated fabric of the candidate's kind.
struct PerNodeFigures {
    double facilityW = 0;
    double capexUsd = 0;
};

// Nodes the envelope's power and budget allow at those figures per node
// (kMaxPlanGpus worth when neither is given); may be 0.
inline constexpr int kMaxPlanGpus = 131072; // our choice: twice the 65,536-GPU design of the targets
int maxClusterNodes(const PlanEnvelope& envelope, const NodeSpec& node, const PerNodeFigures& perNode);

} // namespace cf
