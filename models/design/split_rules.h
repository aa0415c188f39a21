#pragma once
// The rules a split (TP, PP, VP, CP, DP, micro-batch, sharding) must meet against
// its model, sequence, global batch and job, written once (issue 30 item 2): the
// design validator and the prediction's split check both call splitRules, so the
// Problems panel, `validate` and `evaluate` say the same thing in the same words.
// Each problem carries a code and its arguments (Problem::code); the English
// templates are below (splitRuleTemplate), the GUI translates them.
// The schedule's rules (pipeline_schedule.h) and the expert split's (moe_rules.h)
// are called from here too, with their own words.

#include "models/core/problem.h"
#include "models/design/parallelism.h"
#include "models/design/workload.h"

#include <functional>
#include <string>

namespace cf {

// The GPUs the split must fill, as far as the caller knows them.
struct SplitJob {
    long long gpus = 0;        // the job's GPUs; 0: not known yet (no nodes drawn)
    long long clusterGpus = 0; // the design's GPUs (the job's plus its spares)
    bool jobIsDesign = true;   // the job runs on every GPU: the words say "design"
    int scaleUpDomainGpus = 0; // the smallest NVLink domain of the job's nodes; 0: not known
    std::string domainItemId;  // the part whose domain that is (highlighted), if known
    // Whether a job of that many GPUs could be placed on the design (job_size.h):
    // then a split asking for fewer GPUs than the design has names the fix. Empty:
    // no such hint.
    std::function<bool(long long gpus)> jobCouldBe;
};

struct SplitCheck {
    Problems problems;
    bool degreesValid = false;  // every degree >= 1 (DP >= 0): the rules after them ran
    long long dp = 0;           // data-parallel ranks; 0: not known (no job size, or an error)
    long long microbatches = 0; // per step and pipeline; 0: not known
};

SplitCheck splitRules(const ModelShape& model, int seqLen, int globalBatchSeqs, const Parallelism& split,
                      const SplitJob& job);

// Whether `code` is one of the rules of TP x PP x DP x CP against the job's GPUs
// (split.product-*, split.replica-*, split.dp-auto-*): the parallelism dock says
// them on its product line.
bool isJobRule(const std::string& code);

// The English template of a split rule's code ("TP %1 does not divide the %2
// attention heads."); nullptr for an unknown code.
const char* splitRuleTemplate(const std::string& code);

} // namespace cf
