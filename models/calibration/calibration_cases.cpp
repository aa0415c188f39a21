#include "models/calibration/calibration_cases.h"

#include "models/design/default_expert_tp.h"
#include "models/design/default_recompute.h"
#include "models/design/default_sharding.h"
#include "models/design/recompute_modules.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>

namespace cf {

std::vector<std::vector<std::string>> parseCsvRows(const std::string& text)
{
    std::vector<std::vector<std::string>> rows(1);
    std::string field;
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            rows.back().push_back(field);
            field.clear();
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')
                ++i;
            rows.back().push_back(field);
            field.clear();
            rows.emplace_back();
        } else {
            field += c;
        }
    }
    if (!field.empty() || !rows.back().empty())
        rows.back().push_back(field);
    rows.erase(std::remove_if(rows.begin(), rows.end(),
                              [](const std::vector<std::string>& r) { return r.size() <= 1; }),
               rows.end());
    return rows;
}

CsvTable::CsvTable(const std::string& text) : rows_(parseCsvRows(text))
{
    if (!rows_.empty())
        for (std::size_t i = 0; i < rows_[0].size(); ++i)
            columns_[rows_[0][i]] = i;
}

std::string CsvTable::get(std::size_t r, const std::string& column) const
{
    const auto it = columns_.find(column);
    const std::vector<std::string>& row = rows_.at(r + 1);
    return it != columns_.end() && it->second < row.size() ? row[it->second] : std::string();
}

namespace {

bool contains(const std::string& s, const char* what)
{
    return s.find(what) != std::string::npos;
}

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

double number(const std::string& s)
{
    if (s.empty())
        return 0.0;
    return std::strtod(s.c_str(), nullptr); // "44%" -> 44, "512 seqs" -> 512
}

// A yes/no column: `on` for the word meaning yes ("yes", "on", "gated"), also
// "true"/"1"; `fallback` when empty.
bool yes(const std::string& value, const char* on, bool fallback)
{
    const std::string v = lower(value);
    if (v.empty())
        return fallback;
    return v == on || v == "yes" || v == "on" || v == "true" || v == "1";
}

} // namespace

const char* toString(CalibrationMetric m)
{
    switch (m) {
    case CalibrationMetric::TokensPerSPerGpu:
        return "tokens/s/GPU";
    case CalibrationMetric::ModelTflopsPerGpu:
        return "model TFLOP/s/GPU";
    case CalibrationMetric::HardwareTflopsPerGpu:
        return "hardware TFLOP/s/GPU";
    case CalibrationMetric::Mfu:
        return "MFU";
    }
    return "?";
}

// The framework a runs file's `framework` cell names, by the software's own name
// (issue 16 item 1's profiles; JAX's PaxML and MaxText as `jax`, session 17).
Framework frameworkOfRunsText(const std::string& text)
{
    const std::string fw = lower(text);
    if (contains(fw, "torchtitan"))
        return contains(fw, "compile") ? Framework::TorchtitanCompile : Framework::TorchtitanEager;
    if (contains(fw, "llm-foundry") || contains(fw, "composer"))
        return Framework::LlmFoundry;
    if (contains(fw, "deepspeed"))
        return Framework::DeepSpeed;
    if (contains(fw, "paxml") || contains(fw, "maxtext") || contains(fw, "jax"))
        return Framework::Jax;
    if (contains(fw, "megatron-lm") && !contains(fw, "nemo") && !contains(fw, "bridge"))
        return Framework::MegatronLM; // Megatron-LM's own training script
    return Framework::Megatron;
}

namespace {

using Row = CsvTable::Row;

// Cluster: the gpu column is a catalog id, name or alias (buildDesign
// resolves it, ignoring case); the other cluster columns are optional.
void readCluster(const Row& get, CalibrationCase& c, std::string& assumed)
{
    c.gpuId = get("gpu");
    c.gpus = int(number(get("num_gpus")));
    c.gpusPerNode = int(number(get("gpus_per_node")));
    if (c.gpusPerNode <= 0)
        assumed += "GPUs per node: the catalog's node for the GPU (8 when it has none; NVL72 racks run "
                   "power-of-two jobs on 64 GPUs each); ";
    c.nicGbps = number(get("nic_gbps"));
    if (c.nicGbps <= 0)
        assumed += "NIC speed: the node's; ";
    if (const std::string fabric = lower(get("fabric")); !fabric.empty())
        c.fabric = fabric;
}

// The model's shape, the preset a row may name instead, and the batch.
void readModel(const Row& get, CalibrationCase& c, std::string& assumed)
{
    ModelShape& s = c.workload.model;
    s.layers = int(number(get("layers")));
    s.hidden = int(number(get("hidden")));
    s.heads = int(number(get("heads")));
    s.kvHeads = int(number(get("kv_heads")));
    s.ffn = int(number(get("ffn")));
    s.vocab = int(number(get("vocab")));
    // A mixture of experts given by its shape (runs_public.csv's Grok-1 rows).
    s.experts = std::max(1, int(number(get("experts"))));
    s.expertsPerToken = std::max(1, int(number(get("top_k"))));
    s.expertFfn = int(number(get("expert_ffn")));
    s.gatedFfn = yes(get("ffn_type"), "gated", false);
    s.tiedEmbeddings = yes(get("tied_embeddings"), "yes", false);
    if (get("ffn_type").empty() && get("preset").empty())
        assumed += "FFN: plain (GELU); ";
    if (get("tied_embeddings").empty() && get("preset").empty())
        assumed += "embeddings not tied; ";
    s.preset.clear();
    if (s.kvHeads <= 0)
        s.kvHeads = s.heads;
    if (s.ffn <= 0 && s.hidden > 0) {
        s.ffn = 4 * s.hidden;
        assumed += "ffn = 4h; ";
    }
    c.preset = get("preset");
    c.workload.seqLen = int(number(get("seq_len")));
    c.workload.globalBatchSeqs = int(number(get("global_batch_tokens_or_seqs")));
    if (c.workload.globalBatchSeqs <= 0)
        c.workload.globalBatchSeqs = int(number(get("global_batch_seqs")));
    c.workload.tokensToTrain = 1e12;
}

// The split's degrees and micro-batch.
void readDegrees(const Row& get, Parallelism& p, std::string& assumed)
{
    p.tp = std::max(1, int(number(get("tp"))));
    p.pp = std::max(1, int(number(get("pp"))));
    // No dp (column or value): the GPUs over TP x PP x CP, as Megatron derives it.
    p.dp = get("dp").empty() ? 0 : std::max(1, int(number(get("dp"))));
    p.cp = std::max(1, int(number(get("cp"))));
    p.ep = std::max(1, int(number(get("ep"))));
    p.microbatch = int(number(get("microbatch")));
    if (p.microbatch <= 0) {
        p.microbatch = 1;
        assumed += "micro-batch 1; ";
    }
    p.vp = p.pp > 1 ? std::max(1, int(number(get("vp")))) : 1;
}

// Not stated: the framework's default (default_recompute.h: as needed, the
// least recomputation that fits, unless the framework documents its own);
// a stated one is kept.
void readRecompute(const Row& get, CalibrationCase& c, std::string& assumed)
{
    Parallelism& p = c.parallelism;
    const std::string recompute = lower(get("recompute"));
    if (contains(recompute, "full"))
        p.recompute = Recompute::Full;
    else if (contains(recompute, "selective"))
        p.recompute = Recompute::Selective;
    else if (recompute.empty())
        p.recompute = defaultRecompute(c.workload.framework);
    else if (contains(recompute, "as-needed") || contains(recompute, "as needed"))
        p.recompute = Recompute::AsNeeded;
    else
        p.recompute = Recompute::None;
    if (recompute.empty() && get("recompute_modules").empty())
        assumed += p.recompute == Recompute::AsNeeded
                       ? "recompute not stated: as needed (the least that fits); "
                       : std::string("recompute not stated: ") + toString(p.recompute) +
                             " (the framework's default); ";
}

// Sequence parallelism and TP overlap: what the row's recipe ran with
// (docs/calibration.md "Runs files").
void readOverlap(const Row& get, Parallelism& p, std::string& assumed)
{
    p.sequenceParallel = yes(get("sequence_parallel"), "on", true);
    if (get("sequence_parallel").empty() && p.tp > 1)
        assumed += "sequence parallelism on; ";
    p.tpCommOverlap = yes(get("tp_overlap"), "on", false);
    if (get("tp_overlap").empty() && p.tp > 1)
        assumed += "TP overlap not stated: off; ";
}

// Megatron-Core's recompute modules, when the row's recipe names them
// (--recompute-modules); selective unless the recompute cell says otherwise.
void readRecomputeModules(const Row& get, CalibrationCase& c)
{
    const std::string modules = get("recompute_modules");
    if (modules.empty())
        return;
    Parallelism& p = c.parallelism;
    std::string bad;
    if (const std::optional<unsigned> mask = recomputeModulesFromString(modules, bad)) {
        p.recomputeModules = *mask;
        if (lower(get("recompute")).empty() && *mask != 0)
            p.recompute = Recompute::Selective;
    } else {
        c.skipReason = "recompute_modules: '" + bad + "' is not one of " + recomputeModuleChoices();
    }
}

// Expert tensor parallelism: the row's, else the framework's default
// (models/design/default_expert_tp.h: Megatron-Core splits experts by TP).
void readExpertTp(const Row& get, CalibrationCase& c, std::string& assumed)
{
    Parallelism& p = c.parallelism;
    if (const std::string etp = get("etp"); !etp.empty()) {
        p.etp = std::max(1, int(number(etp)));
    } else if (c.workload.model.experts > 1 || p.ep > 1) {
        p.etp = defaultExpertTensorParallel(c.workload.framework, p.tp);
        if (p.tp > 1)
            assumed += "ETP not stated: " + std::to_string(p.etp) + " (the framework's default); ";
    }
}

// The split, in the order its assumptions are written: degrees, framework,
// recompute, overlap, sharding, recompute modules, offload, ETP.
void readSplit(const Row& get, CalibrationCase& c, std::string& assumed)
{
    Parallelism& p = c.parallelism;
    readDegrees(get, p, assumed);
    // The framework column names the software (issue 16 item 1's profiles).
    const std::string framework = get("framework");
    c.workload.framework = frameworkOfRunsText(framework);
    if (framework.empty())
        assumed += "framework not stated: Megatron; ";
    readRecompute(get, c, assumed);
    readOverlap(get, p, assumed);
    if (const std::string sharding = lower(get("sharding")); !sharding.empty()) {
        if (!shardingFromString(sharding, p.sharding))
            c.skipReason = "sharding '" + get("sharding") +
                           "' is not one of ddp, zero1, zero2, zero3, fsdp-full, fsdp-hybrid";
    }
    readRecomputeModules(get, c);
    // Activation offload to host memory, when the row's recipe states it.
    p.activationOffloadLayers = std::max(0, int(number(get("offload_layers"))));
    readExpertTp(get, c, assumed);
    // No sharding stated: the framework's documented default (models/design/default_sharding.h).
    if (lower(get("sharding")).empty()) {
        p.sharding = defaultSharding(c.workload.framework);
        assumed +=
            std::string("sharding not stated: ") + toString(p.sharding) + " (the framework's default); ";
    }
}

void readPrecision(const Row& get, CalibrationCase& c)
{
    const std::string precision = lower(get("precision"));
    c.workload.precision = Precision::BF16;
    if (contains(precision, "fp4"))
        c.skipReason = "FP4 (NVFP4) precision is not modelled";
    else if (contains(precision, "not stated"))
        c.skipReason = "precision not stated in the source table";
    else if (contains(precision, "fp8") || contains(precision, "float8"))
        c.workload.precision = Precision::FP8;
}

// Measurement, in order of preference; every figure the row published is kept.
void readMeasurement(const Row& get, CalibrationCase& c)
{
    const double tokens = number(get("measured_tokens_per_s_per_gpu"));
    const double tflops = number(get("measured_tflops_per_gpu"));
    const double mfu = number(get("measured_mfu"));
    const double stepS = number(get("measured_step_time_s"));
    c.publishedTflopsPerGpu = tflops > 0 ? tflops : 0.0;
    c.publishedTflopsCountRecompute = yes(get("tflops_counts_recompute"), "yes", false);
    c.publishedMfu = mfu > 0 ? mfu / 100.0 : 0.0;
    if (tokens > 0)
        c.publishedTokensPerSPerGpu = tokens;
    else if (stepS > 0 && c.gpus > 0)
        c.publishedTokensPerSPerGpu = double(c.workload.globalBatchSeqs) * c.workload.seqLen / stepS / c.gpus;
    if (tokens > 0) {
        c.metric = CalibrationMetric::TokensPerSPerGpu;
        c.measured = tokens;
    } else if (tflops > 0) {
        const bool withRecompute = yes(get("tflops_counts_recompute"), "yes", false);
        c.metric =
            withRecompute ? CalibrationMetric::HardwareTflopsPerGpu : CalibrationMetric::ModelTflopsPerGpu;
        c.measured = tflops;
    } else if (mfu > 0) {
        c.metric = CalibrationMetric::Mfu;
        c.measured = mfu / 100.0;
    } else if (stepS > 0 && c.gpus > 0) {
        c.metric = CalibrationMetric::TokensPerSPerGpu;
        c.measured = double(c.workload.globalBatchSeqs) * c.workload.seqLen / stepS / c.gpus;
    } else if (c.skipReason.empty()) {
        c.skipReason = "no measured throughput in the row";
    }
}

// Why a row that read cleanly still cannot be predicted ("" when it can).
std::string notExpressible(const Row& get, const CalibrationCase& c)
{
    const ModelShape& s = c.workload.model;
    if (contains(get("model"), "LoRA"))
        return "LoRA fine-tuning (frozen base weights) is not modelled";
    if (c.preset.empty() && (s.layers <= 0 || s.hidden <= 0 || s.heads <= 0))
        return "model architecture not stated in the row";
    if (c.preset.empty() && s.vocab <= 0)
        return "vocabulary not stated in the row";
    if (c.gpuId.empty())
        return "no GPU in the row";
    return {};
}

} // namespace

std::vector<CalibrationCase> parseCalibrationCsv(const std::string& csvText)
{
    std::vector<CalibrationCase> cases;
    const CsvTable table(csvText);
    for (std::size_t r = 0; r < table.rows(); ++r) {
        const Row get = table.row(r);
        CalibrationCase c;
        c.id = get("id");
        c.source = get("source").substr(0, 40);
        std::string assumed;
        readCluster(get, c, assumed);
        readModel(get, c, assumed);
        readSplit(get, c, assumed);
        readPrecision(get, c);
        readMeasurement(get, c);
        if (c.skipReason.empty())
            c.skipReason = notExpressible(get, c);
        // A row the file itself marks as not expressible, with its reason.
        if (const std::string skip = get("skip"); !skip.empty())
            c.skipReason = skip;
        c.assumptions = assumed;
        cases.push_back(std::move(c));
    }
    return cases;
}

} // namespace cf
