#include "models/design/split_rules.h"

#include "models/design/link_bundle.h" // saturatedMul
#include "models/design/moe_rules.h"
#include "models/design/pipeline_schedule.h"

#include <QtGlobal> // QT_TRANSLATE_NOOP: lupdate finds the templates here

namespace cf {
namespace {

// Stages beyond the layers that still train: Megatron-Core can give the
// embedding and the loss a virtual stage each (account_for_embedding_in_pipeline_split,
// account_for_loss_in_pipeline_split).
constexpr long long kEmbeddingLossStages = 2;

struct RuleText {
    const char* code;
    const char* text;
};

// Context "SplitRules" for the GUI's translation (widgets/common/problem_text.h).
constexpr RuleText kRules[] = {
    {"split.degree", QT_TRANSLATE_NOOP("SplitRules", "%1 must be at least 1; got %2.")},
    {"split.dp", QT_TRANSLATE_NOOP("SplitRules", "DP must be 0 (automatic) or at least 1; got %1.")},
    {"split.tp-heads", QT_TRANSLATE_NOOP("SplitRules", "TP %1 does not divide the %2 attention heads.")},
    {"split.tp-kv-split", QT_TRANSLATE_NOOP("SplitRules", "TP %1 does not divide the %2 KV heads, so they "
                                                          "cannot be split evenly across the TP ranks.")},
    {"split.tp-kv-replicate",
     QT_TRANSLATE_NOOP("SplitRules",
                       "TP %1 is not a multiple of the %2 KV heads, so they cannot be replicated "
                       "evenly across the TP ranks.")},
    {"split.tp-ffn", QT_TRANSLATE_NOOP("SplitRules", "TP %1 does not divide the FFN size %2.")},
    {"split.pp-layers", QT_TRANSLATE_NOOP("SplitRules", "PP %1 is more than the %2 layers.")},
    {"split.stages-uneven",
     QT_TRANSLATE_NOOP("SplitRules", "The %1 layers do not split evenly into PP %2 x VP %3 = %4 pipeline "
                                     "stages: the largest stage sets the pace.")},
    {"split.vp-needs-pp", QT_TRANSLATE_NOOP("SplitRules", "Interleaved stages (VP %1) need pipeline "
                                                          "parallelism; set PP above 1 or VP to 1.")},
    {"split.vp-layers", QT_TRANSLATE_NOOP("SplitRules", "PP x VP = %1 virtual stages is more than the %2 "
                                                        "layers and the embedding and loss stages.")},
    {"split.vp-embedding", QT_TRANSLATE_NOOP("SplitRules", "PP x VP = %1 virtual stages for %2 layers: the "
                                                           "embedding and the loss must count as stages.")},
    {"split.cp-seq",
     QT_TRANSLATE_NOOP("SplitRules", "CP %1 needs the sequence length %2 to be a multiple of 2 x "
                                     "CP = %3 (each rank takes two chunks for load balance).")},
    {"split.product-design",
     QT_TRANSLATE_NOOP("SplitRules", "TP %1 x PP %2 x DP %3 x CP %4 = %5 GPUs, but the design has %6 GPUs.")},
    {"split.product-spares",
     QT_TRANSLATE_NOOP("SplitRules",
                       "TP %1 x PP %2 x DP %3 x CP %4 = %5 GPUs, but the design has %6 GPUs (set "
                       "the job's GPUs to %5 to keep the other %7 as spares).")},
    {"split.product-job",
     QT_TRANSLATE_NOOP("SplitRules", "TP %1 x PP %2 x DP %3 x CP %4 = %5 GPUs, but the job has %6 GPUs.")},
    {"split.replica-design",
     QT_TRANSLATE_NOOP("SplitRules", "TP %1 x PP %2 x CP %3 = %4 GPUs per replica, more "
                                     "than the %5 GPUs of the design.")},
    {"split.replica-job", QT_TRANSLATE_NOOP("SplitRules", "TP %1 x PP %2 x CP %3 = %4 GPUs per replica, more "
                                                          "than the %5 GPUs of the job.")},
    {"split.dp-auto-design",
     QT_TRANSLATE_NOOP("SplitRules", "DP is automatic, but the %1 GPUs of the design do "
                                     "not divide by TP %2 x PP %3 x CP %4 = %5.")},
    {"split.dp-auto-job",
     QT_TRANSLATE_NOOP("SplitRules", "DP is automatic, but the %1 GPUs of the job do not "
                                     "divide by TP %2 x PP %3 x CP %4 = %5.")},
    {"split.batch",
     QT_TRANSLATE_NOOP("SplitRules", "The global batch of %1 sequences is not a multiple of DP "
                                     "%2 x micro-batch %3 = %4.")},
    {"split.domain", QT_TRANSLATE_NOOP("SplitRules", "TP %1 x CP %2 = %3 GPUs spans more than the %4-GPU "
                                                     "NVLink domain; tensor-parallel traffic crosses the "
                                                     "network.")},
    {"split.hybrid-dp1", QT_TRANSLATE_NOOP("SplitRules", "HYBRID_SHARD with DP 1 shards nothing.")},
};

std::string str(long long v)
{
    return std::to_string(v);
}

// The rules of one check, each problem made from its code's template.
class Rules {
public:
    explicit Rules(Problems& out) : out_(out) {}
    void error(const char* field, const char* code, std::vector<std::string> args, std::string item = {})
    {
        add(Severity::Error, field, code, std::move(args), std::move(item));
    }
    void warning(const char* field, const char* code, std::vector<std::string> args, std::string item = {})
    {
        add(Severity::Warning, field, code, std::move(args), std::move(item));
    }

private:
    void add(Severity s, const char* field, const char* code, std::vector<std::string> args, std::string item)
    {
        Problem p(s, field, fillTemplate(splitRuleTemplate(code), args), std::move(item));
        p.code = code;
        p.args = std::move(args);
        out_.push_back(std::move(p));
    }
    Problems& out_;
};

bool checkDegrees(const Parallelism& p, Rules& r)
{
    bool ok = true;
    const auto atLeastOne = [&](const char* key, const char* what, int v) {
        if (v >= 1)
            return;
        ok = false;
        r.error(key, "split.degree", {what, str(v)});
    };
    atLeastOne("parallelism.tp", "TP (tensor parallel)", p.tp);
    atLeastOne("parallelism.pp", "PP (pipeline parallel)", p.pp);
    atLeastOne("parallelism.vp", "VP (virtual stages per pipeline rank)", p.vp);
    atLeastOne("parallelism.cp", "CP (context parallel)", p.cp);
    atLeastOne("parallelism.ep", "EP (expert parallel)", p.ep);
    atLeastOne("parallelism.microbatch", "The micro-batch", p.microbatch);
    if (p.dp < 0) {
        ok = false;
        r.error("parallelism.dp", "split.dp", {str(p.dp)});
    }
    return ok;
}

// TP against the heads, the KV heads and the FFN; PP and VP against the layers.
void checkShape(const ModelShape& m, const Parallelism& p, Rules& r)
{
    if (m.heads >= 1 && m.heads % p.tp != 0)
        r.error("parallelism.tp", "split.tp-heads", {str(p.tp), str(m.heads)});
    if (m.kvHeads >= 1 && m.kvHeads % p.tp != 0 && p.tp % m.kvHeads != 0)
        r.error("parallelism.tp", p.tp < m.kvHeads ? "split.tp-kv-split" : "split.tp-kv-replicate",
                {str(p.tp), str(m.kvHeads)});
    if (m.ffn >= 1 && m.ffn % p.tp != 0)
        r.error("parallelism.tp", "split.tp-ffn", {str(p.tp), str(m.ffn)});
    const long long stages = saturatedMul(p.pp, p.vp);
    if (m.layers >= 1 && p.pp > m.layers)
        r.error("parallelism.pp", "split.pp-layers", {str(p.pp), str(m.layers)});
    else if (p.vp > 1 && p.pp == 1)
        r.error("parallelism.vp", "split.vp-needs-pp", {str(p.vp)});
    else if (m.layers >= 1 && p.vp > 1 && stages > m.layers + kEmbeddingLossStages)
        r.error("parallelism.vp", "split.vp-layers", {str(stages), str(m.layers)});
    else if (m.layers >= 1 && p.vp > 1 && stages > m.layers)
        r.warning("parallelism.vp", "split.vp-embedding", {str(stages), str(m.layers)});
    // A warning: uneven stages train (Megatron-Core's uneven pipeline split); the
    // step model paces the pipeline by the largest stage.
    else if (m.layers >= 1 && m.layers % stages != 0)
        r.warning(p.vp > 1 ? "parallelism.vp" : "parallelism.pp", "split.stages-uneven",
                  {str(m.layers), str(p.pp), str(p.vp), str(stages)});
}

// TP x PP x DP x CP against the job's GPUs; the data-parallel size (0: not known).
long long checkJob(const Parallelism& p, const SplitJob& job, Rules& r)
{
    if (job.gpus <= 0)
        return p.dp;
    const long long inner = saturatedMul(saturatedMul(p.tp, p.pp), p.cp);
    const std::vector<std::string> degrees{str(p.tp), str(p.pp), str(p.cp), str(inner), str(job.gpus)};
    if (p.dp > 0) {
        const long long total = saturatedMul(inner, p.dp);
        if (total == job.gpus)
            return p.dp;
        std::vector<std::string> args{str(p.tp), str(p.pp), str(p.dp), str(p.cp), str(total), str(job.gpus)};
        if (!job.jobIsDesign)
            r.error("parallelism.dp", "split.product-job", args);
        else if (total < job.clusterGpus && job.jobCouldBe && job.jobCouldBe(total)) {
            args.push_back(str(job.clusterGpus - total));
            r.error("parallelism.dp", "split.product-spares", args);
        } else {
            r.error("parallelism.dp", "split.product-design", args);
        }
        return 0;
    }
    if (inner > job.gpus) {
        r.error("parallelism.dp", job.jobIsDesign ? "split.replica-design" : "split.replica-job", degrees);
        return 0;
    }
    if (job.gpus % inner != 0) {
        r.error("parallelism.dp", job.jobIsDesign ? "split.dp-auto-design" : "split.dp-auto-job",
                {str(job.gpus), str(p.tp), str(p.pp), str(p.cp), str(inner)});
        return 0;
    }
    return job.gpus / inner;
}

} // namespace

bool isJobRule(const std::string& code)
{
    for (const char* prefix : {"split.product-", "split.replica-", "split.dp-auto-"})
        if (code.rfind(prefix, 0) == 0)
            return true;
    return false;
}

const char* splitRuleTemplate(const std::string& code)
{
    for (const RuleText& rule : kRules)
        if (code == rule.code)
            return rule.text;
    return nullptr;
}

SplitCheck splitRules(const ModelShape& m, int seqLen, int globalBatchSeqs, const Parallelism& p,
                      const SplitJob& job)
{
    SplitCheck out;
    Rules r(out.problems);
    out.degreesValid = checkDegrees(p, r);
    if (!out.degreesValid)
        return out; // the rules below divide by the degrees
    checkShape(m, p, r);
    if (p.cp > 1 && seqLen >= 1 && seqLen % (2LL * p.cp) != 0)
        r.error("parallelism.cp", "split.cp-seq", {str(p.cp), str(seqLen), str(2LL * p.cp)});
    out.dp = checkJob(p, job, r);
    if (out.dp > 0 && globalBatchSeqs >= 1) {
        const long long perStep = saturatedMul(out.dp, p.microbatch);
        if (globalBatchSeqs % perStep != 0)
            r.error("workload.globalBatchSeqs", "split.batch",
                    {str(globalBatchSeqs), str(out.dp), str(p.microbatch), str(perStep)});
        else
            out.microbatches = globalBatchSeqs / perStep;
    }
    if (p.sharding == Sharding::FSDPHybrid && out.dp == 1)
        r.warning("parallelism.sharding", "split.hybrid-dp1", {});
    const long long tpCp = saturatedMul(p.tp, p.cp);
    if (job.scaleUpDomainGpus > 0 && p.tp > 1 && tpCp > job.scaleUpDomainGpus)
        r.warning("parallelism.tp", "split.domain",
                  {str(p.tp), str(p.cp), str(tpCp), str(job.scaleUpDomainGpus)}, job.domainItemId);
    for (Problem& q : pipelineScheduleProblems(p, out.microbatches))
        out.problems.push_back(std::move(q));
    for (Problem& q : expertSplitProblems(m, p, out.dp, seqLen))
        out.problems.push_back(std::move(q));
    return out;
}

} // namespace cf
