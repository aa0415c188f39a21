#include "app/cli/workload_flags.h"

#include "app/cli/catalog_ids.h"
#include "models/design/default_sharding.h"
#include "models/design/design_limits.h"
#include "models/design/pipeline_schedule.h"
#include "models/design/recompute_modules.h"

#include <cstdio>
#include <map>

namespace cf::cli {
namespace {

// The bounds of design_limits.h, as the docks' spin boxes.
using DL = limits::DesignLimits;
constexpr long long kMaxDim = DL::kMaxGlobalBatchSeqs; // the micro-batch, at most the global batch
constexpr long long kMaxGpus = DL::kMaxSplitDegree;
constexpr long long kMaxExperts = DL::kMaxExperts;

// Defaults the help names: a flag left out keeps the file's (or preset's) value;
// without a file the engine's defaults apply (Workload{}, Parallelism{}).
std::string fileElse(const std::string& engineDefault)
{
    return "DESIGN.json's, else " + engineDefault;
}

// The row of a workload or split flag.
const FlagSpec& rowOf(const char* flag);

template <typename T, typename F> void takeEnum(ArgList& args, const char* flag, T& out, F parse)
{
    if (auto text = args.takeOneOf(rowOf(flag))) {
        T v{};
        if (parse(*text, v))
            out = v;
        else // the table lists a choice the engine does not know
            args.addError(std::string(flag)
                              .append(": internal error: ")
                              .append(quoteValue(*text))
                              .append(" is not understood"));
    }
}

// A two-way choice ("on|off"): true for the row's first choice.
bool yesNo(ArgList& args, const char* flag, bool& out)
{
    if (auto text = args.takeOneOf(rowOf(flag))) {
        out = *text == rowOf(flag).choices.front();
        return true;
    }
    return false;
}

} // namespace

const FlagGroup& workloadFlags()
{
    const Workload w;
    static const FlagGroup group{
        "workload flags",
        {textFlag("--model", "PRESET", "model preset id from the catalog, e.g. llama3-70b"),
         intFlag("--layers", "L", "layers", 1, DL::kMaxLayers, "", "custom model: transformer layers"),
         intFlag("--hidden", "H", "", 1, DL::kMaxHidden, "", "custom model: hidden size"),
         intFlag("--heads", "A", "heads", 1, DL::kMaxHeads, "", "custom model: attention heads"),
         intFlag("--kv-heads", "K", "heads", 1, DL::kMaxHeads, "--heads",
                 "custom model: key/value heads (GQA)"),
         intFlag("--ffn", "F", "", 1, DL::kMaxFfn, "4 x --hidden", "custom model: FFN inner size"),
         choiceFlag("--ffn-type", {"gated", "plain"}, "gated (plain when --ffn is left out)",
                    "custom model: SwiGLU (3 matrices) or GELU MLP (2)"),
         choiceFlag("--tied-embeddings", {"yes", "no"}, "no",
                    "custom model: input and output embeddings shared"),
         intFlag("--vocab", "V", "tokens", 1, DL::kMaxVocab, "", "custom model: vocabulary size"),
         intFlag("--experts", "E", "experts", 1, kMaxExperts, "--model's, else 1",
                 "routed experts per MoE layer (1 = dense)"),
         intFlag("--top-k", "K", "experts", 1, kMaxExperts, "--model's, else 1",
                 "routed experts each token uses"),
         intFlag("--expert-ffn", "F", "", 1, DL::kMaxFfn, "--model's, else --ffn",
                 "FFN size of one routed expert"),
         intFlag("--shared-experts", "S", "experts", 0, kMaxExperts, "--model's, else 0",
                 "always-active shared experts"),
         intFlag("--dense-layers", "N", "layers", 0, DL::kMaxLayers, "--model's, else 0",
                 "first layers with a dense FFN"),
         intFlag("--seq", "S", "tokens", 1, DL::kMaxSeqLen,
                 "--model's, else DESIGN.json's, else " + std::to_string(w.seqLen), "sequence length"),
         intFlag("--global-batch", "B", "sequences", 1, DL::kMaxGlobalBatchSeqs,
                 fileElse(std::to_string(w.globalBatchSeqs)), "global batch per optimizer step"),
         realFlag("--tokens", "N", "tokens", 0, DL::kMaxTokensToTrain,
                  fileElse(formatNumber(w.tokensToTrain)), "tokens to train"),
         choiceFlag("--precision", {"bf16", "fp8", "fp4"}, fileElse(toString(w.precision)),
                    "training precision (fp8 covers MXFP8 and FP8 current scaling; fp4 = NVFP4/MXFP4 on "
                    "B200, B300, GB200, GB300)"),
         choiceFlag("--framework",
                    {"megatron", "torchtitan-eager", "torchtitan-compile", "llm-foundry", "deepspeed",
                     "megatron-lm", "jax"},
                    fileElse(toString(w.framework)),
                    "training framework: its attention kernel and fusion of memory-bound operations"),
         choiceFlag("--checkpoint", {"async", "sync"}, fileElse(w.asyncCheckpoint ? "async" : "sync"),
                    "checkpoint writes in the background or blocking")}};
    return group;
}

const FlagGroup& splitFlags()
{
    const Parallelism p;
    static const FlagGroup group{
        "split flags",
        {intFlag("--tp", "T", "GPUs", 1, kMaxGpus, fileElse(std::to_string(p.tp)), "tensor-parallel degree"),
         intFlag("--pp", "P", "stages", 1, kMaxGpus, fileElse(std::to_string(p.pp)),
                 "pipeline-parallel degree"),
         intFlag("--vp", "V", "stages per rank", 1, kMaxGpus, fileElse(std::to_string(p.vp)),
                 "virtual (interleaved) pipeline stages"),
         choiceFlag("--pp-schedule", {"1f1b", "interleaved", "dualpipe", "zero-bubble"},
                    fileElse("1f1b with --vp 1, interleaved with --vp above 1"),
                    "pipeline schedule. Bubble: 1f1b (p-1)(F+B); interleaved (p-1)(F+B)/v; dualpipe "
                    "(p/2-1)(F&B+B-3W), two copies of the weights, p+1 micro-batches in flight, all-to-all "
                    "and sends hidden behind the paired micro-batch (needs even p and micro-batches >= 2p); "
                    "zero-bubble (ZB-H1) (p-1)(F+B-2W), 1F1B's memory"),
         intFlag("--cp", "C", "GPUs", 1, kMaxGpus, fileElse(std::to_string(p.cp)), "context-parallel degree"),
         intFlag("--microbatch", "b", "sequences", 1, kMaxDim, fileElse(std::to_string(p.microbatch)),
                 "micro-batch size"),
         intFlag("--dp", "D", "GPUs", 1, kMaxGpus, "job GPUs / (TP x PP x CP)", "data-parallel degree"),
         intFlag("--job-gpus", "N", "GPUs", 1, kMaxGpus,
                 fileElse("all, or 64 per NVL72 rack for a power-of-two split"),
                 "GPUs the job runs on; the cluster's others are spares (idle power, repairs)"),
         intFlag("--ep", "EP", "GPUs", 1, kMaxGpus, fileElse(std::to_string(p.ep)),
                 "expert-parallel degree (MoE; folds into TP x CP x DP)"),
         intFlag("--etp", "T", "GPUs", 1, kMaxGpus,
                 fileElse("the framework's: TP under megatron, 1 otherwise"),
                 "expert tensor-parallel degree (MoE)"),
         intFlag(
             "--offload-layers", "N", "layers", 0, kMaxDim,
             fileElse(std::to_string(p.activationOffloadLayers)),
             "layers whose activations wait in host memory (Megatron-Core cpu_offloading_num_layers; PP 1, "
             "no recompute)"),
         realFlag("--expert-imbalance", "X", "", 1, 1e6, fileElse("1"),
                  "busiest expert's tokens over the balanced share (1 = balanced routing)"),
         choiceFlag("--sequence-parallel", {"on", "off"}, fileElse(p.sequenceParallel ? "on" : "off"),
                    "Megatron sequence parallelism with TP > 1"),
         choiceFlag("--tp-overlap", {"on", "off"}, fileElse(p.tpCommOverlap ? "on" : "off"),
                    "TP collectives overlapped with their GEMMs (Transformer Engine userbuffers, async TP)"),
         choiceFlag("--sharding", {"ddp", "zero1", "zero2", "zero3", "fsdp-full", "fsdp-hybrid"},
                    fileElse(defaultShardingRule()), "optimizer/parameter sharding"),
         choiceFlag("--recompute", {"none", "selective", "full", "as-needed"},
                    fileElse(toString(p.recompute)),
                    "activation recomputation; as-needed: the least that fits (the report says which)"),
         textFlag("--recompute-modules", "LIST",
                  "Megatron-Core modules recomputed under selective recompute, comma-separated: core_attn, "
                  "layernorm, moe_act, mla_up_proj, mlp, moe, shared_experts (implies --recompute selective)",
                  fileElse("none"))}};
    return group;
}

namespace {

const FlagSpec& rowOf(const char* flag)
{
    const FlagGroup& workload = workloadFlags();
    for (const FlagSpec& f : workload.flags)
        if (f.matches(flag))
            return f;
    return splitFlags().at(flag);
}

} // namespace

void applyModelFlags(ArgList& args, const Catalog& catalog, bool fromFile, Workload& w)
{
    ModelShape& m = w.model;
    bool haveModel = fromFile;
    if (auto id = args.takeString("--model")) {
        if (const ModelPreset* preset = catalog.preset(*id)) {
            m = preset->shape;
            m.preset = preset->id;
            w.seqLen = preset->seqLen;
            haveModel = true;
        } else {
            args.addError("--model: " + unknownIdMessage(catalog, CatalogKind::Models, *id));
        }
    }
    bool custom = false;
    auto dim = [&](const char* flag, int& field) {
        if (auto v = args.takeInt(rowOf(flag))) {
            field = int(*v);
            custom = true;
            return true;
        }
        return false;
    };
    const bool layers = dim("--layers", m.layers), hidden = dim("--hidden", m.hidden),
               heads = dim("--heads", m.heads);
    const bool kv = dim("--kv-heads", m.kvHeads), ffn = dim("--ffn", m.ffn), vocab = dim("--vocab", m.vocab);
    // Mixture of experts: on a preset or a custom shape alike.
    auto moeDim = [&](const char* flag, int& field) {
        if (auto v = args.takeInt(rowOf(flag))) {
            field = int(*v);
            m.preset.clear(); // edited away from the preset
        }
    };
    moeDim("--experts", m.experts);
    moeDim("--top-k", m.expertsPerToken);
    moeDim("--expert-ffn", m.expertFfn);
    moeDim("--shared-experts", m.sharedExperts);
    moeDim("--dense-layers", m.denseLayers);
    bool gated = m.gatedFfn;
    const bool ffnType = yesNo(args, "--ffn-type", gated);
    m.gatedFfn = gated;
    bool tied = m.tiedEmbeddings;
    yesNo(args, "--tied-embeddings", tied);
    m.tiedEmbeddings = tied;
    if (custom && !haveModel) {
        // A custom shape from scratch: the essentials must be given.
        if (!layers)
            args.addError("--layers: required for a custom model (or give --model PRESET)");
        if (!hidden)
            args.addError("--hidden: required for a custom model (or give --model PRESET)");
        if (!heads)
            args.addError("--heads: required for a custom model (or give --model PRESET)");
        if (!vocab)
            args.addError("--vocab: required for a custom model (or give --model PRESET)");
        if (!kv)
            m.kvHeads = m.heads;
        if (!ffn) {
            m.ffn = 4 * m.hidden;
            if (!ffnType)
                m.gatedFfn = false; // the classic GPT MLP is what "ffn = 4h" means
        }
        m.preset.clear();
        haveModel = true;
    } else if (custom) {
        m.preset.clear(); // edited away from the preset
    }
    if (!haveModel)
        args.addError("--model: give a model preset or a custom shape (--layers --hidden --heads --vocab)");

    if (auto v = args.takeInt(rowOf("--seq")))
        w.seqLen = int(*v);
    if (auto v = args.takeInt(rowOf("--global-batch")))
        w.globalBatchSeqs = int(*v);
    if (auto v = args.takeDouble(rowOf("--tokens")))
        w.tokensToTrain = *v;
    takeEnum(args, "--precision", w.precision, precisionFromString);
    takeEnum(args, "--framework", w.framework, frameworkFromString);
    bool async = w.asyncCheckpoint;
    yesNo(args, "--checkpoint", async);
    w.asyncCheckpoint = async;
}

namespace {

// --recompute-modules LIST: Megatron-Core's recompute modules; selective unless
// --recompute says otherwise (then the split check names the conflict).
void applyRecomputeModules(ArgList& args, bool recomputeGiven, Parallelism& p)
{
    const std::optional<std::string> text = args.takeString("--recompute-modules");
    if (!text)
        return;
    std::string bad;
    const std::optional<unsigned> mask = recomputeModulesFromString(*text, bad);
    if (!mask) {
        args.addError("--recompute-modules: unknown module '" + bad + "'; expected one of " +
                      recomputeModuleChoices());
        return;
    }
    p.recomputeModules = *mask;
    if (*mask != 0 && !recomputeGiven)
        p.recompute = Recompute::Selective;
}

} // namespace

void applyWorkloadFlags(ArgList& args, const Catalog& catalog, bool fromFile, Design& design)
{
    applyModelFlags(args, catalog, fromFile, design.workload);
    Parallelism& p = design.parallelism;
    bool splitChanged = !fromFile;
    auto split = [&](const char* flag, int& field) {
        if (auto v = args.takeInt(rowOf(flag))) {
            field = int(*v);
            splitChanged = true;
        }
    };
    split("--tp", p.tp);
    split("--pp", p.pp);
    split("--vp", p.vp);
    split("--cp", p.cp);
    if (auto v = args.takeInt(rowOf("--microbatch")))
        p.microbatch = int(*v);
    split("--ep", p.ep);
    split("--etp", p.etp);
    if (auto v = args.takeDouble(rowOf("--expert-imbalance")))
        p.expertImbalance = *v;
    if (auto v = args.takeInt(rowOf("--job-gpus")))
        p.jobGpus = int(*v);
    if (auto v = args.takeInt(rowOf("--offload-layers")))
        p.activationOffloadLayers = int(*v);
    if (auto v = args.takeInt(rowOf("--dp")))
        p.dp = int(*v);
    else if (splitChanged)
        p.dp = 0; // GPUs / (TP x PP x CP)
    bool sp = p.sequenceParallel;
    yesNo(args, "--sequence-parallel", sp);
    p.sequenceParallel = sp;
    bool overlap = p.tpCommOverlap;
    yesNo(args, "--tp-overlap", overlap);
    p.tpCommOverlap = overlap;
    // No --sharding on a design built from flags: the framework's documented
    // default (models/design/default_sharding.h); a design file keeps its own.
    if (!fromFile && !args.has("--sharding"))
        p.sharding = defaultSharding(design.workload.framework);
    takeEnum(args, "--sharding", p.sharding, shardingFromString);
    const bool recomputeGiven = args.has("--recompute");
    takeEnum(args, "--recompute", p.recompute, recomputeFromString);
    applyRecomputeModules(args, recomputeGiven, p);
    // After --vp: a schedule VP implies is stored as "from VP" (pipeline_schedule.h).
    PipelineSchedule schedule = PipelineSchedule::FromVp;
    takeEnum(args, "--pp-schedule", schedule, pipelineScheduleFromString);
    if (schedule != PipelineSchedule::FromVp)
        p.ppSchedule = storedSchedule(schedule, p.vp);
}

std::string flagForField(const std::string& field)
{
    static const std::map<std::string, std::string> kFlags = {
        {"parallelism.tp", "--tp"},
        {"parallelism.pp", "--pp"},
        {"parallelism.vp", "--vp"},
        {"parallelism.dp", "--dp"},
        {"parallelism.jobGpus", "--job-gpus"},
        {"parallelism.cp", "--cp"},
        {"parallelism.microbatch", "--microbatch"},
        {"parallelism.sharding", "--sharding"},
        {"parallelism.ppSchedule", "--pp-schedule"},
        {"parallelism.recompute", "--recompute"},
        {"parallelism.recomputeModules", "--recompute-modules"},
        {"workload.seqLen", "--seq"},
        {"workload.globalBatchSeqs", "--global-batch"},
        {"workload.tokensToTrain", "--tokens"},
        {"workload.precision", "--precision"},
        {"workload.framework", "--framework"},
        {"workload.model.layers", "--layers"},
        {"workload.model.hidden", "--hidden"},
        {"workload.model.heads", "--heads"},
        {"workload.model.kvHeads", "--kv-heads"},
        {"workload.model.ffn", "--ffn"},
        {"workload.model.vocab", "--vocab"},
        {"parallelism.ep", "--ep"},
        {"parallelism.etp", "--etp"},
        {"parallelism.expertImbalance", "--expert-imbalance"},
        {"parallelism.activationOffloadLayers", "--offload-layers"},
        {"workload.model.experts", "--experts"},
        {"workload.model.expertsPerToken", "--top-k"},
        {"workload.model.expertFfn", "--expert-ffn"},
        {"workload.model.sharedExperts", "--shared-experts"},
        {"workload.model.denseLayers", "--dense-layers"},
    };
    const auto it = kFlags.find(field);
    return it == kFlags.end() ? std::string() : it->second;
}

} // namespace cf::cli
