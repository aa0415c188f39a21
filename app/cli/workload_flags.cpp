#include "app/cli/workload_flags.h"

#include <map>

namespace cf::cli {
namespace {

constexpr long long kMaxDim = 1LL << 24;
constexpr long long kMaxGpus = 1LL << 22;

template <typename T, typename F>
void takeEnum(ArgList& args, const char* flag, const char* choices, T& out, F parse)
{
    if (auto text = args.takeString(flag)) {
        T v{};
        if (parse(*text, v))
            out = v;
        else
            args.addError(std::string(flag) + ": expected " + choices + ", got " + quoteValue(*text));
    }
}

bool yesNo(ArgList& args, const char* flag, const char* yes, const char* no, bool& out)
{
    if (auto text = args.takeString(flag)) {
        if (*text == yes)
            out = true;
        else if (*text == no)
            out = false;
        else
            args.addError(std::string(flag) + ": expected " + yes + " or " + no + ", got " + quoteValue(*text));
        return true;
    }
    return false;
}

} // namespace

void applyWorkloadFlags(ArgList& args, const Catalog& catalog, bool fromFile, Design& design)
{
    Workload& w = design.workload;
    Parallelism& p = design.parallelism;
    ModelShape& m = w.model;
    bool haveModel = fromFile;
    if (auto id = args.takeString("--model")) {
        if (const ModelPreset* preset = catalog.preset(*id)) {
            m = preset->shape;
            m.preset = preset->id;
            w.seqLen = preset->seqLen;
            haveModel = true;
        } else {
            std::string known;
            for (const ModelPreset& mp : catalog.presets())
                known += (known.empty() ? "" : ", ") + mp.id;
            args.addError("--model: unknown preset " + quoteValue(*id) + " (known: " + known + ")");
        }
    }
    bool custom = false;
    auto dim = [&](const char* flag, int& field) {
        if (auto v = args.takeInt(flag, 1, kMaxDim)) {
            field = int(*v);
            custom = true;
            return true;
        }
        return false;
    };
    const bool layers = dim("--layers", m.layers), hidden = dim("--hidden", m.hidden), heads = dim("--heads", m.heads);
    const bool kv = dim("--kv-heads", m.kvHeads), ffn = dim("--ffn", m.ffn), vocab = dim("--vocab", m.vocab);
    bool gated = m.gatedFfn;
    const bool ffnType = yesNo(args, "--ffn-type", "gated", "plain", gated);
    m.gatedFfn = gated;
    bool tied = m.tiedEmbeddings;
    yesNo(args, "--tied-embeddings", "yes", "no", tied);
    m.tiedEmbeddings = tied;
    if (custom && !haveModel) {
        // A custom shape from scratch: the essentials must be given.
        if (!layers) args.addError("--layers: required for a custom model (or give --model PRESET)");
        if (!hidden) args.addError("--hidden: required for a custom model (or give --model PRESET)");
        if (!heads) args.addError("--heads: required for a custom model (or give --model PRESET)");
        if (!vocab) args.addError("--vocab: required for a custom model (or give --model PRESET)");
        if (!kv) m.kvHeads = m.heads;
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

    if (auto v = args.takeInt("--seq", 1, kMaxDim)) w.seqLen = int(*v);
    if (auto v = args.takeInt("--global-batch", 1, kMaxDim)) w.globalBatchSeqs = int(*v);
    if (auto v = args.takeDouble("--tokens", 0, 1e18)) w.tokensToTrain = *v;
    takeEnum(args, "--precision", "bf16 or fp8", w.precision, precisionFromString);
    bool async = w.asyncCheckpoint;
    yesNo(args, "--checkpoint", "async", "sync", async);
    w.asyncCheckpoint = async;

    bool splitChanged = !fromFile;
    auto split = [&](const char* flag, int& field) {
        if (auto v = args.takeInt(flag, 1, kMaxGpus)) {
            field = int(*v);
            splitChanged = true;
        }
    };
    split("--tp", p.tp);
    split("--pp", p.pp);
    split("--vp", p.vp);
    split("--cp", p.cp);
    if (auto v = args.takeInt("--microbatch", 1, kMaxDim)) p.microbatch = int(*v);
    if (auto v = args.takeInt("--dp", 1, kMaxGpus))
        p.dp = int(*v);
    else if (splitChanged)
        p.dp = 0; // GPUs / (TP x PP x CP)
    bool sp = p.sequenceParallel;
    yesNo(args, "--sequence-parallel", "on", "off", sp);
    p.sequenceParallel = sp;
    takeEnum(args, "--sharding", "ddp, zero1, zero2, zero3, fsdp-full or fsdp-hybrid", p.sharding,
             shardingFromString);
    takeEnum(args, "--recompute", "none, selective or full", p.recompute, recomputeFromString);
}

std::string flagForField(const std::string& field)
{
    static const std::map<std::string, std::string> kFlags = {
        {"parallelism.tp", "--tp"}, {"parallelism.pp", "--pp"}, {"parallelism.vp", "--vp"},
        {"parallelism.dp", "--dp"}, {"parallelism.cp", "--cp"}, {"parallelism.microbatch", "--microbatch"},
        {"parallelism.sharding", "--sharding"}, {"parallelism.recompute", "--recompute"},
        {"workload.seqLen", "--seq"}, {"workload.globalBatchSeqs", "--global-batch"},
        {"workload.tokensToTrain", "--tokens"}, {"workload.precision", "--precision"},
        {"workload.model.layers", "--layers"}, {"workload.model.hidden", "--hidden"},
        {"workload.model.heads", "--heads"}, {"workload.model.kvHeads", "--kv-heads"},
        {"workload.model.ffn", "--ffn"}, {"workload.model.vocab", "--vocab"},
    };
    const auto it = kFlags.find(field);
    return it == kFlags.end() ? std::string() : it->second;
}

} // namespace cf::cli
