#include "app/validation/memory_peak_cases.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <regex>

namespace cf {
namespace {

bool contains(const std::string& s, const char* what) { return s.find(what) != std::string::npos; }

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

int integer(const std::string& s) { return s.empty() ? 0 : std::atoi(s.c_str()); }

// The catalog GPU of the `gpu` column ("" when the catalog has none).
std::string gpuIdOf(const std::string& gpu)
{
    const std::string g = lower(gpu);
    if (contains(g, "gb200") || contains(g, "blackwell sm100")) // the NVFP4 guide's ~184 GiB device: a GB200
        return "gb200";
    if (contains(g, "b200"))
        return "b200";
    if (contains(g, "h200"))
        return "h200";
    if (contains(g, "h800"))
        return "h800";
    if (contains(g, "h100"))
        return "h100-sxm";
    if (contains(g, "a800") || contains(g, "a100 80gb"))
        return "a100-80gb"; // A800: the A100 80GB with NVLink cut to 400 GB/s; same memory
    if (contains(g, "mi300x"))
        return "mi300x";
    if (contains(g, "rtx 4090"))
        return "rtx-4090";
    return "";
}

// "local bs 32" in the table's wording: sequences per DP rank per step.
int localBatch(const std::string& text)
{
    std::smatch m;
    const std::regex re(R"(local bs (\d+))");
    return std::regex_search(text, m, re) ? std::atoi(m[1].str().c_str()) : 0;
}

} // namespace

std::vector<MemoryPeakCase> parseMemoryPeaksCsv(const std::string& csvText)
{
    std::vector<MemoryPeakCase> out;
    const auto rows = parseCsvRows(csvText);
    if (rows.empty())
        return out;
    std::map<std::string, std::size_t> col;
    for (std::size_t i = 0; i < rows[0].size(); ++i)
        col[rows[0][i]] = i;
    for (std::size_t r = 1; r < rows.size(); ++r) {
        const auto& row = rows[r];
        auto get = [&](const char* name) -> std::string {
            const auto it = col.find(name);
            return it != col.end() && it->second < row.size() ? row[it->second] : std::string();
        };
        MemoryPeakCase m;
        CalibrationCase& c = m.run;
        c.id = "mem_" + std::to_string(r);
        m.source = get("source");
        c.source = m.source.substr(0, 40);
        m.measuredGiB = std::strtod(get("measured_peak_gib").c_str(), nullptr);
        m.excluded = get("excluded");
        const std::string gpu = get("gpu"), table = get("table_or_section");
        c.gpuId = gpuIdOf(gpu);
        if (contains(lower(gpu), "96gb"))
            m.deviceGiB = kH100HbmE96GiB;
        c.gpus = integer(get("gpus"));
        c.gpusPerNode = std::clamp(c.gpus, 1, 8);

        ModelShape& s = c.workload.model;
        s.preset.clear();
        s.layers = integer(get("layers"));
        s.hidden = integer(get("hidden"));
        s.heads = integer(get("heads"));
        s.kvHeads = integer(get("kv_heads"));
        s.ffn = integer(get("ffn_hidden"));
        s.vocab = integer(get("vocab"));
        s.gatedFfn = true; // every model of the file (Llama, Qwen) uses SwiGLU
        s.tiedEmbeddings = get("tied_embeddings") == "yes"; // the CSV's column

        Parallelism& p = c.parallelism;
        p.tp = std::max(1, integer(get("tp")));
        p.pp = std::max(1, integer(get("pp")));
        p.dp = std::max(1, integer(get("dp")));
        p.cp = std::max(1, integer(get("cp")));
        p.vp = 1;
        p.sequenceParallel = p.tp > 1; // every source with TP runs sequence parallelism (notes)
        const int local = localBatch(table);
        p.microbatch = integer(get("microbatch"));
        if (p.microbatch <= 0) // torchtitan's PP default: as many micro-batches as stages
            p.microbatch = std::max(1, local / p.pp);
        c.workload.seqLen = integer(get("seq_len"));
        c.workload.globalBatchSeqs = integer(get("global_batch"));
        if (c.workload.globalBatchSeqs <= 0)
            c.workload.globalBatchSeqs = std::max(1, local) * p.dp;
        c.workload.tokensToTrain = 1e12;

        const std::string sharding = get("sharding"), recompute = get("recompute");
        if (sharding == "fsdp_full")
            p.sharding = Sharding::FSDPFull;
        else if (sharding == "zero3")
            p.sharding = Sharding::ZeRO3;
        else if (sharding == "zero2")
            p.sharding = Sharding::ZeRO2;
        else if (sharding == "distributed_optimizer")
            p.sharding = Sharding::ZeRO1;
        else
            p.sharding = Sharding::DDP;
        p.recompute = recompute == "full"        ? Recompute::Full
                      : recompute == "selective" ? Recompute::Selective
                                                 : Recompute::None;
        const std::string fw = lower(get("framework")), prec = lower(get("precision"));
        if (contains(fw, "torchtitan") || contains(fw, "torchtune"))
            c.workload.framework = contains(fw + lower(table), "torch.compile") ? Framework::TorchtitanCompile
                                                                                : Framework::TorchtitanEager;
        else if (contains(fw, "deepspeed"))
            c.workload.framework = Framework::DeepSpeed;
        else
            c.workload.framework = Framework::Megatron; // Megatron-LM, FlagScale, Megatron-SWIFT
        c.workload.precision = contains(prec, "fp4")                                               ? Precision::FP4
                               : contains(prec, "fp8") || contains(prec, "float8") ? Precision::FP8
                                                                                   : Precision::BF16;
        c.metric = CalibrationMetric::TokensPerSPerGpu;
        if (c.gpuId.empty())
            c.skipReason = "GPU '" + gpu + "' not in the catalog";
        if (m.excluded.empty() && !c.skipReason.empty())
            m.excluded = c.skipReason;
        out.push_back(std::move(m));
    }
    return out;
}

} // namespace cf
