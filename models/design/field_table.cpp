// The field tables of field_table.h. Bounds are design_limits.h's, never a
// number here; labels and tooltips are the docks' words.
#include "models/design/field_table.h"
#include "models/design/field_table_detail.h"

#include "models/design/design_limits.h"
#include "models/design/pipeline_schedule.h"
#include "models/design/recompute_modules.h"

#include <QtGlobal> // QT_TRANSLATE_NOOP: lupdate finds the labels and tooltips here

#include <algorithm>
#include <array>
#include <cstring>

namespace cf {
namespace {

using FL = limits::FileLimits;
using DL = limits::DesignLimits;

using namespace fieldtable;

constexpr std::array<const char*, 2> kOnOff{"on", "off"};
constexpr std::array<const char*, 6> kShardings{"ddp", "zero1", "zero2", "zero3", "fsdp-full", "fsdp-hybrid"};
constexpr std::array<const char*, 4> kRecomputes{"none", "selective", "full", "as-needed"};
constexpr std::array<const char*, 4> kSchedules{"1f1b", "interleaved", "dualpipe", "zero-bubble"};

// The schedule as the design stores it: FromVp when VP implies it
// (pipeline_schedule.h), so the file leaves it out.
std::string scheduleText(const Parallelism& p)
{
    return toString(storedSchedule(p.ppSchedule, p.vp));
}
std::string setSchedule(Parallelism& p, const std::string& t)
{
    PipelineSchedule s{};
    if (!pipelineScheduleFromString(t, s))
        return "unknown value \"" + t + "\"; expected one of " + quotedChoices(kSchedules);
    p.ppSchedule = storedSchedule(s, p.vp); // VP is before it in the table
    return {};
}

std::string modulesText(const Parallelism& p)
{
    return recomputeModulesToString(p.recomputeModules);
}
std::string setModules(Parallelism& p, const std::string& t)
{
    std::string bad;
    const std::optional<unsigned> mask = recomputeModulesFromString(t, bad);
    if (!mask)
        return "unknown recompute module \"" + bad + "\"; expected one of " + recomputeModuleChoices();
    p.recomputeModules = *mask;
    return {};
}

using PF = FieldSpec<Parallelism>;
constexpr FieldBounds kDegreeInFile{0, double(FL::kMaxSplitDegree)};

// A split degree: 1 to the design's GPUs (0 allowed in a file: the validator
// names it); `zeroIsAuto` ones start at 0.
template <auto M>
constexpr PF splitDegree(const char* name, const char* flag, const char* metavar, const char* unit,
                         const char* label, const char* help, const char* tip, bool zeroIsAuto = false,
                         bool omitDefault = false)
{
    return PF{name,
              FieldKind::Int,
              flag,
              metavar,
              unit,
              kDegreeInFile,
              {zeroIsAuto ? 0.0 : 1.0, double(DL::kMaxSplitDegree)},
              label,
              help,
              tip,
              {},
              omitDefault,
              zeroIsAuto,
              &numberOf<M>,
              &setNumberOf<M>,
              nullptr,
              nullptr};
}

template <auto M, const auto& Choices>
constexpr PF onOff(const char* name, const char* flag, const char* label, const char* help, const char* tip,
                   bool omitDefault)
{
    return PF{name, FieldKind::Bool, flag,        "",    "",           {0, 1},          {0, 1},  label,  help,
              tip,  Choices,         omitDefault, false, &numberOf<M>, &setNumberOf<M>, nullptr, nullptr};
}

template <auto M, auto ToText, auto FromText, const auto& Choices>
constexpr PF choice(const char* name, const char* flag, const char* label, const char* help, const char* tip,
                    bool omitDefault)
{
    return PF{name,
              FieldKind::Choice,
              flag,
              "",
              "",
              {0, 0},
              {0, 0},
              label,
              help,
              tip,
              Choices,
              omitDefault,
              false,
              nullptr,
              nullptr,
              &textOf<M, ToText>,
              &setTextOf<M, FromText, Choices>};
}

const PF kParallelismFields[] = {
    splitDegree<&Parallelism::tp>(
        "parallelism.tp", "--tp", "T", "GPUs", QT_TRANSLATE_NOOP("FieldTable", "Tensor parallel (TP)"),
        "tensor-parallel degree",
        QT_TRANSLATE_NOOP("FieldTable", "GPUs sharing each layer's matrices; keep inside the NVLink domain "
                                        "and dividing the heads.")),
    splitDegree<&Parallelism::pp>(
        "parallelism.pp", "--pp", "P", "stages", QT_TRANSLATE_NOOP("FieldTable", "Pipeline parallel (PP)"),
        "pipeline-parallel degree",
        QT_TRANSLATE_NOOP("FieldTable", "Pipeline stages; must divide the layers.")),
    splitDegree<&Parallelism::vp>(
        "parallelism.vp", "--vp", "V", "stages per rank",
        QT_TRANSLATE_NOOP("FieldTable", "Virtual stages (VP)"), "virtual (interleaved) pipeline stages",
        QT_TRANSLATE_NOOP("FieldTable",
                          "Interleaved stages per pipeline rank: a smaller bubble for more point-to-point "
                          "traffic.")),
    splitDegree<&Parallelism::dp>(
        "parallelism.dp", "--dp", "D", "GPUs", QT_TRANSLATE_NOOP("FieldTable", "Data parallel (DP)"),
        "data-parallel degree",
        QT_TRANSLATE_NOOP("FieldTable", "Model replicas. \"auto\" = GPUs / (TP·PP·CP)."), true),
    splitDegree<&Parallelism::cp>(
        "parallelism.cp", "--cp", "C", "GPUs", QT_TRANSLATE_NOOP("FieldTable", "Context parallel (CP)"),
        "context-parallel degree",
        QT_TRANSLATE_NOOP("FieldTable", "GPUs splitting each sequence (ring attention).")),
    splitDegree<&Parallelism::ep>(
        "parallelism.ep", "--ep", "EP", "GPUs", QT_TRANSLATE_NOOP("FieldTable", "Expert parallel (EP)"),
        "expert-parallel degree (MoE; folds into TP x CP x DP)",
        QT_TRANSLATE_NOOP(
            "FieldTable",
            "GPUs the routed experts are spread over; each holds experts / EP of them, and tokens "
            "reach them by an all-to-all. Must divide the experts; fastest inside the NVLink "
            "domain.")),
    splitDegree<&Parallelism::etp>(
        "parallelism.etp", "--etp", "T", "GPUs",
        QT_TRANSLATE_NOOP("FieldTable", "Expert tensor parallel (ETP)"),
        "expert tensor-parallel degree (MoE)",
        QT_TRANSLATE_NOOP(
            "FieldTable",
            "GPUs sharing each expert's matrices. EP·ETP must divide TP·CP·DP; expert DP = "
            "TP·CP·DP / (EP·ETP). \"auto\" = the framework's default: TP under Megatron-Core, 1 "
            "under torchtitan, llm-foundry and DeepSpeed."),
        true, true),
    PF{"parallelism.expertImbalance",
       FieldKind::Real,
       "--expert-imbalance",
       "X",
       "",
       {0, FL::kMaxExpertImbalance},
       {DL::kMinExpertImbalance, FL::kMaxExpertImbalance}, // per design at most experts / top-k
       QT_TRANSLATE_NOOP("FieldTable", "Expert imbalance"),
       "busiest expert's tokens over the balanced share (1 = balanced routing)",
       QT_TRANSLATE_NOOP(
           "FieldTable",
           "Tokens of the busiest expert over the balanced share: 1 = force-balanced routing. It "
           "sizes the routed activations and the all-to-all."),
       {},
       true,
       false,
       &numberOf<&Parallelism::expertImbalance>,
       &setNumberOf<&Parallelism::expertImbalance>,
       nullptr,
       nullptr},
    splitDegree<&Parallelism::jobGpus>(
        "parallelism.jobGpus", "--job-gpus", "N", "GPUs", QT_TRANSLATE_NOOP("FieldTable", "Job GPUs"),
        "GPUs the job runs on; the cluster's others are spares (idle power, repairs)",
        QT_TRANSLATE_NOOP("FieldTable",
                          "GPUs the job runs on; the design's other GPUs are spares: they idle, cost capital "
                          "and take a failed GPU's place. \"auto\" = all of them, or 64 per NVL72 rack when "
                          "the split asks for a power of two."),
        true, true),
    PF{"parallelism.microbatch",
       FieldKind::Int,
       "--microbatch",
       "b",
       "sequences",
       {0, double(FL::kMaxBatchSeqs)},
       {1, double(DL::kMaxGlobalBatchSeqs)}, // at most the global batch
       QT_TRANSLATE_NOOP("FieldTable", "Micro-batch"),
       "micro-batch size",
       QT_TRANSLATE_NOOP("FieldTable", "Sequences per micro-batch on each GPU."),
       {},
       false,
       false,
       &numberOf<&Parallelism::microbatch>,
       &setNumberOf<&Parallelism::microbatch>,
       nullptr,
       nullptr},
    onOff<&Parallelism::sequenceParallel, kOnOff>(
        "parallelism.sequenceParallel", "--sequence-parallel",
        QT_TRANSLATE_NOOP("FieldTable", "Sequence parallel"), "Megatron sequence parallelism with TP > 1",
        QT_TRANSLATE_NOOP("FieldTable",
                          "Megatron sequence parallelism: shards norms and dropout across TP ranks."),
        false),
    choice<&Parallelism::sharding, static_cast<const char* (*)(Sharding)>(&toString), &shardingFromString,
           kShardings>("parallelism.sharding", "--sharding", QT_TRANSLATE_NOOP("FieldTable", "Sharding"),
                       "optimizer/parameter sharding",
                       QT_TRANSLATE_NOOP("FieldTable", "How optimizer state, gradients and weights are split "
                                                       "across data-parallel ranks."),
                       false),
    choice<&Parallelism::recompute, static_cast<const char* (*)(Recompute)>(&toString), &recomputeFromString,
           kRecomputes>(
        "parallelism.recompute", "--recompute", QT_TRANSLATE_NOOP("FieldTable", "Recompute"),
        "activation recomputation; as-needed: the least that fits (the report says which)",
        QT_TRANSLATE_NOOP("FieldTable", "Activation recomputation: less memory for more compute."), false),
    PF{"parallelism.recomputeModules",
       FieldKind::List,
       "--recompute-modules",
       "LIST",
       "",
       {0, 0},
       {0, 0},
       QT_TRANSLATE_NOOP("FieldTable", "Recompute modules"),
       "Megatron-Core modules recomputed under selective recompute, comma-separated: core_attn, layernorm, "
       "moe_act, mla_up_proj, mlp, moe, shared_experts (implies --recompute selective)",
       QT_TRANSLATE_NOOP("FieldTable",
                         "Megatron-Core's recompute modules under selective recompute (--recompute-modules): "
                         "core_attn, layernorm, moe_act, mla_up_proj, mlp, moe, shared_experts. Naming any "
                         "selects selective recompute; empty is the framework's own selective."),
       {},
       true,
       false,
       nullptr,
       nullptr,
       &modulesText,
       &setModules},
    onOff<&Parallelism::tpCommOverlap, kOnOff>(
        "parallelism.tpCommOverlap", "--tp-overlap", QT_TRANSLATE_NOOP("FieldTable", "TP overlap"),
        "TP collectives overlapped with their GEMMs (Transformer Engine userbuffers, async TP)",
        QT_TRANSLATE_NOOP(
            "FieldTable",
            "TP collectives overlapped with the GEMMs beside them (Transformer Engine "
            "userbuffers, as NeMo and Megatron-Bridge recipes run; torchtitan's async TP). Off: "
            "every TP collective waits for its GEMM."),
        true),
    PF{"parallelism.activationOffloadLayers",
       FieldKind::Int,
       "--offload-layers",
       "N",
       "layers",
       {0, double(FL::kMaxLayers)}, // at most the layers
       {0, double(DL::kMaxLayers)},
       QT_TRANSLATE_NOOP("FieldTable", "Offloaded layers"),
       "layers whose activations wait in host memory (Megatron-Core cpu_offloading_num_layers; PP 1, no "
       "recompute)",
       "",
       {},
       true,
       false,
       &numberOf<&Parallelism::activationOffloadLayers>,
       &setNumberOf<&Parallelism::activationOffloadLayers>,
       nullptr,
       nullptr},
    PF{"parallelism.ppSchedule",
       FieldKind::Choice,
       "--pp-schedule",
       "",
       "",
       {0, 0},
       {0, 0},
       QT_TRANSLATE_NOOP("FieldTable", "PP schedule"),
       "pipeline schedule. Bubble: 1f1b (p-1)(F+B); interleaved (p-1)(F+B)/v; dualpipe (p/2-1)(F&B+B-3W), "
       "two "
       "copies of the weights, p+1 micro-batches in flight, all-to-all and sends hidden behind the paired "
       "micro-batch (needs even p and micro-batches >= 2p); zero-bubble (ZB-H1) (p-1)(F+B-2W), 1F1B's memory",
       QT_TRANSLATE_NOOP(
           "FieldTable",
           "Pipeline schedule. Without a choice it follows VP: 1F1B with VP 1, interleaved above."),
       kSchedules,
       true, // the text is "from-vp" when VP implies the schedule
       false,
       nullptr,
       nullptr,
       &scheduleText,
       &setSchedule},
};

// ---- The workload ----------------------------------------------------------

using WF = FieldSpec<Workload>;

// A number of the model's shape (Workload::model).
template <auto M> double modelNumber(const Workload& w)
{
    return double(w.model.*M);
}
template <auto M> void setModelNumber(Workload& w, double v)
{
    w.model.*M = static_cast<TypeOf<M>>(v);
}

// A whole number of the model's shape, 0 to `fileMax` in a file.
template <auto M>
constexpr WF modelInt(const char* name, const char* flag, const char* metavar, const char* unit,
                      double fileMax, FieldBounds design, const char* label, const char* help,
                      const char* tip, bool omitDefault = false, bool zeroIsAuto = false)
{
    return WF{name,
              FieldKind::Int,
              flag,
              metavar,
              unit,
              {0, fileMax},
              design,
              label,
              help,
              tip,
              {},
              omitDefault,
              zeroIsAuto,
              &modelNumber<M>,
              &setModelNumber<M>,
              nullptr,
              nullptr};
}

// Attention and MoE extensions: 0 (not used) to the design bound, left out of the
// file at their default so that dense designs keep their bytes.
template <auto M>
constexpr WF extension(const char* name, const char* unit, double fileMax, double designMax,
                       const char* label, const char* help, bool zeroIsAuto = false)
{
    return modelInt<M>(name, "", "", unit, fileMax, {0, designMax}, label, help, "", true, zeroIsAuto);
}

constexpr std::array<const char*, 2> kGatedPlain{"gated", "plain"};
constexpr std::array<const char*, 2> kYesNo{"yes", "no"};
constexpr std::array<const char*, 2> kAsyncSync{"async", "sync"};
constexpr std::array<const char*, 3> kPrecisions{"bf16", "fp8", "fp4"};
constexpr std::array<const char*, 7> kFrameworks{
    "megatron", "torchtitan-eager", "torchtitan-compile", "llm-foundry", "deepspeed", "megatron-lm", "jax"};

template <auto M, const auto& Choices>
constexpr WF modelBool(const char* name, const char* flag, const char* label, const char* help,
                       const char* tip)
{
    return WF{name,
              FieldKind::Bool,
              flag,
              "",
              "",
              {0, 1},
              {0, 1},
              label,
              help,
              tip,
              Choices,
              false,
              false,
              &modelNumber<M>,
              &setModelNumber<M>,
              nullptr,
              nullptr};
}

const WF kWorkloadFields[] = {
    modelInt<&ModelShape::layers>("workload.model.layers", "--layers", "L", "layers", FL::kMaxLayers,
                                  {1, DL::kMaxLayers}, QT_TRANSLATE_NOOP("FieldTable", "Layers"),
                                  "custom model: transformer layers",
                                  QT_TRANSLATE_NOOP("FieldTable", "Transformer layers (blocks).")),
    modelInt<&ModelShape::hidden>("workload.model.hidden", "--hidden", "H", "", FL::kMaxHidden,
                                  {1, DL::kMaxHidden}, QT_TRANSLATE_NOOP("FieldTable", "Hidden size"),
                                  "custom model: hidden size",
                                  QT_TRANSLATE_NOOP("FieldTable", "Model (embedding) width h.")),
    modelInt<&ModelShape::heads>("workload.model.heads", "--heads", "A", "heads", FL::kMaxHeads,
                                 {1, DL::kMaxHeads}, QT_TRANSLATE_NOOP("FieldTable", "Attention heads"),
                                 "custom model: attention heads",
                                 QT_TRANSLATE_NOOP("FieldTable", "Query heads; TP must divide them.")),
    modelInt<&ModelShape::kvHeads>(
        "workload.model.kvHeads", "--kv-heads", "K", "heads", FL::kMaxHeads, {1, DL::kMaxHeads},
        QT_TRANSLATE_NOOP("FieldTable", "KV heads"), "custom model: key/value heads (GQA)",
        QT_TRANSLATE_NOOP("FieldTable",
                          "Key/value heads (grouped-query attention); equal to the heads for multi-head.")),
    modelInt<&ModelShape::ffn>("workload.model.ffn", "--ffn", "F", "", FL::kMaxFfn, {1, DL::kMaxFfn},
                               QT_TRANSLATE_NOOP("FieldTable", "FFN size"), "custom model: FFN inner size",
                               QT_TRANSLATE_NOOP("FieldTable", "Inner size of the feed-forward block.")),
    modelBool<&ModelShape::gatedFfn, kGatedPlain>(
        "workload.model.gatedFfn", "--ffn-type", QT_TRANSLATE_NOOP("FieldTable", "Gated FFN (SwiGLU)"),
        "custom model: SwiGLU (3 matrices) or GELU MLP (2)",
        QT_TRANSLATE_NOOP("FieldTable",
                          "Three FFN matrices (SwiGLU, Llama) instead of two (GELU MLP, GPT-3).")),
    modelInt<&ModelShape::vocab>("workload.model.vocab", "--vocab", "V", "tokens", FL::kMaxVocab,
                                 {1, DL::kMaxVocab}, QT_TRANSLATE_NOOP("FieldTable", "Vocabulary"),
                                 "custom model: vocabulary size",
                                 QT_TRANSLATE_NOOP("FieldTable", "Tokenizer vocabulary size.")),
    modelBool<&ModelShape::tiedEmbeddings, kYesNo>("workload.model.tiedEmbeddings", "--tied-embeddings",
                                                   QT_TRANSLATE_NOOP("FieldTable", "Tied embeddings"),
                                                   "custom model: input and output embeddings shared", ""),
    modelInt<&ModelShape::experts>(
        "workload.model.experts", "--experts", "E", "experts", FL::kMaxExperts, {1, DL::kMaxExperts},
        QT_TRANSLATE_NOOP("FieldTable", "Experts"), "routed experts per MoE layer (1 = dense)",
        QT_TRANSLATE_NOOP("FieldTable", "Routed experts per MoE layer (n_routed_experts); 1 = a dense model. "
                                        "Above 1 the expert fields below appear.")),
    modelInt<&ModelShape::expertsPerToken>(
        "workload.model.expertsPerToken", "--top-k", "K", "experts", FL::kMaxExperts, {1, DL::kMaxExperts},
        QT_TRANSLATE_NOOP("FieldTable", "Top-k"), "routed experts each token uses",
        QT_TRANSLATE_NOOP("FieldTable", "Routed experts each token is sent to (num_experts_per_tok).")),
    modelInt<&ModelShape::expertFfn>(
        "workload.model.expertFfn", "--expert-ffn", "F", "", FL::kMaxFfn, {0, DL::kMaxFfn},
        QT_TRANSLATE_NOOP("FieldTable", "Expert FFN size"), "FFN size of one routed expert",
        QT_TRANSLATE_NOOP("FieldTable",
                          "Inner size of one routed expert (moe_intermediate_size); \"as FFN\" = "
                          "the FFN size."),
        true, true),
    modelInt<&ModelShape::sharedExperts>(
        "workload.model.sharedExperts", "--shared-experts", "S", "experts", FL::kMaxExperts,
        {0, DL::kMaxExperts}, QT_TRANSLATE_NOOP("FieldTable", "Shared experts"),
        "always-active shared experts",
        QT_TRANSLATE_NOOP("FieldTable", "Always-active experts every token also passes (n_shared_experts)."),
        true),
    extension<&ModelShape::sharedExpertFfn>("workload.model.sharedExpertFfn", "", FL::kMaxFfn, DL::kMaxFfn,
                                            QT_TRANSLATE_NOOP("FieldTable", "Shared expert FFN size"),
                                            "FFN size of one shared expert (0 = the expert FFN size)", true),
    modelInt<&ModelShape::denseLayers>(
        "workload.model.denseLayers", "--dense-layers", "N", "layers", FL::kMaxLayers, {0, DL::kMaxLayers},
        QT_TRANSLATE_NOOP("FieldTable", "First dense layers"), "first layers with a dense FFN",
        QT_TRANSLATE_NOOP("FieldTable",
                          "Leading layers with a dense FFN of the FFN size (first_k_dense_replace)."),
        true),
    modelInt<&ModelShape::moeLayerFrequency>("workload.model.moeLayerFrequency", "", "", "layers",
                                             FL::kMaxLayers, {1, DL::kMaxLayers},
                                             QT_TRANSLATE_NOOP("FieldTable", "MoE layer frequency"),
                                             "every n-th layer after the dense ones is MoE", "", true),
    extension<&ModelShape::headDim>("workload.model.headDim", "", FL::kMaxHidden, DL::kMaxHidden,
                                    QT_TRANSLATE_NOOP("FieldTable", "Head dimension"),
                                    "per-head width (0 = hidden / heads)", true),
    extension<&ModelShape::qLoraRank>("workload.model.qLoraRank", "", FL::kMaxHidden, DL::kMaxHidden,
                                      QT_TRANSLATE_NOOP("FieldTable", "MLA query rank"),
                                      "MLA query low-rank projection (0 = a full-rank query)"),
    extension<&ModelShape::kvLoraRank>("workload.model.kvLoraRank", "", FL::kMaxHidden, DL::kMaxHidden,
                                       QT_TRANSLATE_NOOP("FieldTable", "MLA key-value rank"),
                                       "MLA key-value low rank (0 = no MLA)"),
    extension<&ModelShape::qkRopeHeadDim>("workload.model.qkRopeHeadDim", "", FL::kMaxHidden, DL::kMaxHidden,
                                          QT_TRANSLATE_NOOP("FieldTable", "MLA RoPE head dimension"),
                                          "MLA decoupled RoPE head dimension"),
    extension<&ModelShape::qkNopeHeadDim>("workload.model.qkNopeHeadDim", "", FL::kMaxHidden, DL::kMaxHidden,
                                          QT_TRANSLATE_NOOP("FieldTable", "MLA non-RoPE head dimension"),
                                          "MLA non-RoPE head dimension"),
    extension<&ModelShape::vHeadDim>("workload.model.vHeadDim", "", FL::kMaxHidden, DL::kMaxHidden,
                                     QT_TRANSLATE_NOOP("FieldTable", "MLA value head dimension"),
                                     "MLA value head dimension"),
    extension<&ModelShape::slidingWindowLayers>(
        "workload.model.slidingWindowLayers", "layers", FL::kMaxLayers, DL::kMaxLayers,
        QT_TRANSLATE_NOOP("FieldTable", "Sliding-window layers"), "layers using sliding-window attention"),
    extension<&ModelShape::slidingWindow>("workload.model.slidingWindow", "tokens", FL::kMaxSeqLen,
                                          DL::kMaxSeqLen, QT_TRANSLATE_NOOP("FieldTable", "Sliding window"),
                                          "window of the sliding-window layers"),
    extension<&ModelShape::mtpLayers>("workload.model.mtpLayers", "", FL::kMaxLayers, DL::kMaxLayers,
                                      QT_TRANSLATE_NOOP("FieldTable", "Multi-token prediction modules"),
                                      "multi-token-prediction modules"),
    WF{"workload.seqLen",
       FieldKind::Int,
       "--seq",
       "S",
       "tokens",
       {0, double(FL::kMaxSeqLen)},
       {1, double(DL::kMaxSeqLen)},
       QT_TRANSLATE_NOOP("FieldTable", "Sequence length"),
       "sequence length",
       QT_TRANSLATE_NOOP("FieldTable", "Tokens per training sequence."),
       {},
       false,
       false,
       &numberOf<&Workload::seqLen>,
       &setNumberOf<&Workload::seqLen>,
       nullptr,
       nullptr},
    WF{"workload.tokensToTrain",
       FieldKind::Real,
       "--tokens",
       "N",
       "tokens",
       {0, FL::kMaxTokens},
       {0, DL::kMaxTokensToTrain},
       QT_TRANSLATE_NOOP("FieldTable", "Tokens to train"),
       "tokens to train",
       QT_TRANSLATE_NOOP("FieldTable", "Tokens to train. 0 = report per-token figures only."),
       {},
       false,
       false,
       &numberOf<&Workload::tokensToTrain>,
       &setNumberOf<&Workload::tokensToTrain>,
       nullptr,
       nullptr},
    WF{"workload.globalBatchSeqs",
       FieldKind::Int,
       "--global-batch",
       "B",
       "sequences",
       {0, double(FL::kMaxBatchSeqs)},
       {1, double(DL::kMaxGlobalBatchSeqs)},
       QT_TRANSLATE_NOOP("FieldTable", "Global batch"),
       "global batch per optimizer step",
       QT_TRANSLATE_NOOP("FieldTable", "Sequences per optimizer step, across all data-parallel ranks."),
       {},
       false,
       false,
       &numberOf<&Workload::globalBatchSeqs>,
       &setNumberOf<&Workload::globalBatchSeqs>,
       nullptr,
       nullptr},
    WF{"workload.precision",
       FieldKind::Choice,
       "--precision",
       "",
       "",
       {0, 0},
       {0, 0},
       QT_TRANSLATE_NOOP("FieldTable", "Precision"),
       "training precision (fp8 covers MXFP8 and FP8 current scaling; fp4 = NVFP4/MXFP4 on B200, B300, "
       "GB200, "
       "GB300)",
       QT_TRANSLATE_NOOP("FieldTable",
                         "Matmul precision: FP8 (Transformer Engine) needs Hopper or newer, FP4 "
                         "(NVFP4 / MXFP4) Blackwell."),
       kPrecisions,
       false,
       false,
       nullptr,
       nullptr,
       &textOf<&Workload::precision, static_cast<const char* (*)(Precision)>(&toString)>,
       &setTextOf<&Workload::precision, &precisionFromString, kPrecisions>},
    WF{"workload.asyncCheckpoint",
       FieldKind::Bool,
       "--checkpoint",
       "",
       "",
       {0, 1},
       {0, 1},
       QT_TRANSLATE_NOOP("FieldTable", "Asynchronous checkpoints"),
       "checkpoint writes in the background or blocking",
       "",
       kAsyncSync,
       false,
       false,
       &numberOf<&Workload::asyncCheckpoint>,
       &setNumberOf<&Workload::asyncCheckpoint>,
       nullptr,
       nullptr},
    WF{"workload.framework",
       FieldKind::Choice,
       "--framework",
       "",
       "",
       {0, 0},
       {0, 0},
       QT_TRANSLATE_NOOP("FieldTable", "Framework"),
       "training framework: its attention kernel and fusion of memory-bound operations",
       QT_TRANSLATE_NOOP(
           "FieldTable",
           "The training framework the run uses: its kernels, the activations it keeps and its "
           "gradient buffers (Megatron-Core as NeMo and Megatron-Bridge recipes run it reduces "
           "gradients in BF16; Megatron-LM's scripts keep FP32 main gradients). The sharding is "
           "set in the Parallelism dock."),
       kFrameworks,
       true, // the default is left out: files of earlier versions keep their bytes
       false,
       nullptr,
       nullptr,
       &textOf<&Workload::framework, static_cast<const char* (*)(Framework)>(&toString)>,
       &setTextOf<&Workload::framework, &frameworkFromString, kFrameworks>},
};

template <class S>
const FieldSpec<S>* findField(std::span<const FieldSpec<S>> fields, const std::string& name)
{
    const auto it =
        std::find_if(fields.begin(), fields.end(), [&](const FieldSpec<S>& f) { return name == f.name; });
    return it == fields.end() ? nullptr : &*it;
}

} // namespace

std::string quotedChoices(std::span<const char* const> choices)
{
    std::string out;
    for (const char* c : choices)
        out += (out.empty() ? "\"" : ", \"") + std::string(c) + "\"";
    return out;
}

std::span<const FieldSpec<Parallelism>> parallelismFields()
{
    return kParallelismFields;
}

const FieldSpec<Parallelism>* parallelismField(const std::string& name)
{
    return findField(parallelismFields(), name);
}

std::span<const FieldSpec<Workload>> workloadFields()
{
    return kWorkloadFields;
}

const FieldSpec<Workload>* workloadField(const std::string& name)
{
    return findField(workloadFields(), name);
}

} // namespace cf
