#include "app/validation/calibration_cases.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <regex>

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

namespace {

std::vector<std::vector<std::string>> parseCsv(const std::string& text) { return parseCsvRows(text); }

bool contains(const std::string& s, const char* what) { return s.find(what) != std::string::npos; }

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

// First integer after `key` in `text` ("VP=4", "virtual pipeline 6", "interleave=3").
int intAfter(const std::string& text, const std::string& pattern)
{
    std::smatch m;
    if (std::regex_search(text, m, std::regex(pattern)))
        return std::atoi(m[1].str().c_str());
    return 0;
}

} // namespace

const char* toString(CalibrationMetric m)
{
    switch (m) {
    case CalibrationMetric::TokensPerSPerGpu: return "tokens/s/GPU";
    case CalibrationMetric::ModelTflopsPerGpu: return "model TFLOP/s/GPU";
    case CalibrationMetric::HardwareTflopsPerGpu: return "hardware TFLOP/s/GPU";
    case CalibrationMetric::Mfu: return "MFU";
    }
    return "?";
}

std::vector<CalibrationCase> parseCalibrationCsv(const std::string& csvText)
{
    std::vector<CalibrationCase> cases;
    const auto rows = parseCsv(csvText);
    if (rows.empty())
        return cases;
    std::map<std::string, std::size_t> col;
    for (std::size_t i = 0; i < rows[0].size(); ++i)
        col[rows[0][i]] = i;
    for (std::size_t r = 1; r < rows.size(); ++r) {
        const auto& row = rows[r];
        auto get = [&](const char* name) -> std::string {
            const auto it = col.find(name);
            return it != col.end() && it->second < row.size() ? row[it->second] : std::string();
        };
        CalibrationCase c;
        c.id = get("id");
        c.source = get("source").substr(0, 40);
        const std::string model = get("model"), modelL = lower(model);
        const std::string gpu = get("gpu"), notes = get("notes"), framework = get("framework");
        const std::string precision = lower(get("precision")), recompute = lower(get("recompute"));
        std::string assumed;

        // GPU and cluster.
        if (contains(gpu, "GB200") || contains(gpu, "GB300")) {
            c.gpuId = contains(gpu, "GB200") ? "gb200" : "gb300";
            c.gpusPerNode = 64; // NVL72 racks run power-of-two jobs on 64 of their 72 GPUs
            assumed += "64 GPUs used per NVL72 rack; ";
        } else if (contains(gpu, "B300") || contains(gpu, "B200")) {
            c.gpuId = contains(gpu, "B300") ? "b300" : "b200"; // DGX B200 / B300: 8 GPUs, catalog NICs
        } else if (contains(gpu, "H800")) {
            c.gpuId = "h800";
        } else if (contains(gpu, "H100")) { // incl. the lower-TDP HBM2e SXM variant (not in the catalog)
            c.gpuId = "h100-sxm";
        } else if (contains(lower(gpu), "a100_40gb") || contains(gpu, "A100-40")) {
            c.gpuId = "a100-40gb";
        } else if (contains(gpu, "A100")) {
            c.gpuId = "a100-80gb";
        }
        c.gpus = int(number(get("num_gpus")));
        c.gpusPerNode = std::min(c.gpusPerNode, std::max(1, c.gpus));
        if (contains(gpu, "Selene") || contains(gpu, "200Gb/s HDR")) {
            c.nicGbps = 200; // DGX A100: 8 x 200 Gb/s HDR InfiniBand
        } else if (contains(gpu, "1600Gbps RoCE")) {
            c.nicGbps = 200; // 1600 Gb/s per node over 8 GPUs
            c.fabric = "roce";
        } else if (contains(gpu, "DGX-H100") || contains(gpu, "400 Gb/s InfiniBand per GPU")) {
            c.nicGbps = 400;
        } else {
            assumed += "NIC speed not stated: catalog default; ";
        }

        // Model shape.
        ModelShape& s = c.workload.model;
        s.layers = int(number(get("layers")));
        s.hidden = int(number(get("hidden")));
        s.heads = int(number(get("heads")));
        s.kvHeads = int(number(get("kv_heads")));
        s.ffn = int(number(get("ffn")));
        s.vocab = int(number(get("vocab")));
        const bool llama = contains(modelL, "llama");
        s.gatedFfn = llama;        // Llama: SwiGLU; GPT and MPT: GELU MLP
        s.tiedEmbeddings = !llama; // GPT (Megatron) and MPT tie input and output embeddings
        s.preset.clear();
        if (s.kvHeads <= 0)
            s.kvHeads = s.heads;
        if (s.ffn <= 0 && s.hidden > 0) {
            s.ffn = 4 * s.hidden;
            assumed += "ffn = 4h; ";
        }
        if (s.vocab <= 0) {
            if (contains(modelL, "llama2"))
                s.vocab = 32000;
            else if (contains(modelL, "llama3"))
                s.vocab = 128256;
            else if (contains(modelL, "gpt3"))
                s.vocab = 51200;
            if (s.vocab > 0)
                assumed += "vocab " + std::to_string(s.vocab) + " from the model family; ";
        }
        c.preset = get("preset");
        c.workload.seqLen = int(number(get("seq_len")));
        c.workload.globalBatchSeqs = int(number(get("global_batch_tokens_or_seqs")));
        if (c.workload.globalBatchSeqs <= 0)
            c.workload.globalBatchSeqs = int(number(get("global_batch_seqs")));
        c.workload.tokensToTrain = 1e12;

        // Split.
        Parallelism& p = c.parallelism;
        p.tp = std::max(1, int(number(get("tp"))));
        p.pp = std::max(1, int(number(get("pp"))));
        // No dp column (calibration_moe.csv): the GPUs over TP x PP x CP, as Megatron derives it.
        p.dp = get("dp").empty() && col.count("dp") == 0 ? 0 : std::max(1, int(number(get("dp"))));
        p.cp = std::max(1, int(number(get("cp"))));
        p.ep = std::max(1, int(number(get("ep"))));
        p.microbatch = int(number(get("microbatch")));
        if (p.microbatch <= 0) {
            p.microbatch = 1;
            assumed += "micro-batch 1; ";
        }
        int vp = std::max({intAfter(notes, R"(VP=(\d+))"), intAfter(notes, R"(virtual pipeline (\d+))"),
                           intAfter(notes, R"(interleave=(\d+))")});
        vp = std::max(vp, int(number(get("vp"))));
        p.vp = p.pp > 1 ? std::max(1, vp) : 1;
        if (contains(recompute, "full"))
            p.recompute = Recompute::Full;
        else if (contains(recompute, "selective"))
            p.recompute = Recompute::Selective;
        else
            p.recompute = Recompute::None;
        if (recompute.empty())
            assumed += "recompute not stated: none; ";
        // Sequence parallelism arrived with Korthikanti 2022; the SC21 runs and the
        // 2022 full-recompute baselines used plain TP all-reduces.
        p.sequenceParallel = !(contains(c.id, "meg21") || contains(notes, "no sequence parallelism"));
        if (contains(framework, "ZeRO-3"))
            p.sharding = Sharding::ZeRO3;
        else if (contains(framework, "FSDP"))
            p.sharding = Sharding::FSDPFull;
        else if (contains(framework, "NeMo") || contains(framework, "Megatron-Bridge") ||
                 contains(framework, "Megatron-Core") || contains(framework, "ZeRO-1"))
            p.sharding = Sharding::ZeRO1; // Megatron distributed optimizer
        else
            p.sharding = Sharding::DDP;
        // The framework column names the software (issue 16 item 1's profiles).
        const std::string fw = lower(framework);
        if (contains(fw, "torchtitan"))
            c.workload.framework = contains(fw, "compile") ? Framework::TorchtitanCompile : Framework::TorchtitanEager;
        else if (contains(fw, "llm-foundry") || contains(fw, "composer"))
            c.workload.framework = Framework::LlmFoundry;
        else if (contains(fw, "deepspeed"))
            c.workload.framework = Framework::DeepSpeed;
        else
            c.workload.framework = Framework::Megatron;
        c.workload.precision = Precision::BF16;
        if (contains(precision, "fp4"))
            c.skipReason = "FP4 (NVFP4) precision is not modelled";
        else if (contains(precision, "not stated"))
            c.skipReason = "precision not stated in the source table";
        else if (contains(precision, "fp8") || contains(precision, "float8"))
            c.workload.precision = Precision::FP8;

        // Measurement, in order of preference.
        const double tokens = number(get("measured_tokens_per_s_per_gpu"));
        const double tflops = number(get("measured_tflops_per_gpu"));
        const double mfu = number(get("measured_mfu"));
        const double iterS = std::strtod(
            notes.substr(std::min(notes.size(), notes.find("measured iteration time ") + 24)).c_str(), nullptr);
        if (tokens > 0) {
            c.metric = CalibrationMetric::TokensPerSPerGpu;
            c.measured = tokens;
        } else if (tflops > 0) {
            const bool withRecompute = contains(notes, "ncludes recompute") || contains(notes, "INCLUDES recompute") ||
                                       contains(notes, "counts recompute");
            c.metric = withRecompute ? CalibrationMetric::HardwareTflopsPerGpu : CalibrationMetric::ModelTflopsPerGpu;
            c.measured = tflops;
        } else if (mfu > 0) {
            c.metric = CalibrationMetric::Mfu;
            c.measured = mfu / 100.0;
        } else if (contains(notes, "measured iteration time ") && iterS > 0 && c.gpus > 0) {
            c.metric = CalibrationMetric::TokensPerSPerGpu;
            c.measured = double(c.workload.globalBatchSeqs) * c.workload.seqLen / iterS / c.gpus;
        } else if (c.skipReason.empty()) {
            c.skipReason = "no measured throughput in the row";
        }

        if (c.skipReason.empty()) {
            if (contains(model, "LoRA"))
                c.skipReason = "LoRA fine-tuning (frozen base weights) is not modelled";
            else if (c.preset.empty() && (s.layers <= 0 || s.hidden <= 0 || s.heads <= 0))
                c.skipReason = "model architecture not stated in the row";
            else if (c.preset.empty() && s.vocab <= 0)
                c.skipReason = "vocabulary not stated in the row";
            else if (c.gpuId.empty())
                c.skipReason = "GPU '" + gpu + "' not in the catalog";
        }
        c.assumptions = assumed;
        cases.push_back(std::move(c));
    }
    return cases;
}

} // namespace cf
