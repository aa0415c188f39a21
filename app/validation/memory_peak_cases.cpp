#include "app/validation/memory_peak_cases.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>

namespace cf {
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

int integer(const std::string& s)
{
    return s.empty() ? 0 : std::atoi(s.c_str());
}

} // namespace

namespace {

using Row = CsvTable::Row;

void readMemoryModel(const Row& get, ModelShape& s)
{
    s.preset.clear();
    s.layers = integer(get("layers"));
    s.hidden = integer(get("hidden"));
    s.heads = integer(get("heads"));
    s.kvHeads = integer(get("kv_heads"));
    s.ffn = integer(get("ffn_hidden"));
    s.vocab = integer(get("vocab"));
    s.gatedFfn = true;                                  // every model of the file (Llama, Qwen) uses SwiGLU
    s.tiedEmbeddings = get("tied_embeddings") == "yes"; // the CSV's column
}

Sharding shardingOfMemoryRow(const std::string& sharding)
{
    if (sharding == "fsdp_full")
        return Sharding::FSDPFull;
    if (sharding == "zero3")
        return Sharding::ZeRO3;
    if (sharding == "zero2")
        return Sharding::ZeRO2;
    if (sharding == "distributed_optimizer")
        return Sharding::ZeRO1;
    return Sharding::DDP;
}

void readMemorySplit(const Row& get, CalibrationCase& c)
{
    Parallelism& p = c.parallelism;
    p.tp = std::max(1, integer(get("tp")));
    p.pp = std::max(1, integer(get("pp")));
    p.dp = std::max(1, integer(get("dp")));
    p.cp = std::max(1, integer(get("cp")));
    p.vp = 1;
    p.sequenceParallel = p.tp > 1; // every source with TP runs sequence parallelism (notes)
    p.microbatch = std::max(1, integer(get("microbatch")));
    c.workload.seqLen = integer(get("seq_len"));
    c.workload.globalBatchSeqs = std::max(1, integer(get("global_batch")));
    c.workload.tokensToTrain = 1e12;
    p.sharding = shardingOfMemoryRow(get("sharding"));
    const std::string recompute = get("recompute");
    p.recompute = recompute == "full"        ? Recompute::Full
                  : recompute == "selective" ? Recompute::Selective
                                             : Recompute::None;
}

Framework frameworkOfMemoryRow(const Row& get)
{
    const std::string fw = lower(get("framework"));
    if (contains(fw, "torchtitan") || contains(fw, "torchtune"))
        return get("compile") == "yes" ? Framework::TorchtitanCompile : Framework::TorchtitanEager;
    if (contains(fw, "deepspeed"))
        return Framework::DeepSpeed;
    if (contains(fw, "paxml") || contains(fw, "maxtext") || contains(fw, "jax"))
        return Framework::Jax; // JAX / XLA (session 17)
    if (contains(fw, "nemo") || contains(fw, "megatron-bridge"))
        return Framework::Megatron; // Megatron-Core as the NeMo / Bridge recipes run it
    return Framework::MegatronLM;   // Megatron-LM, FlagScale, Megatron-SWIFT
}

} // namespace

std::vector<MemoryPeakCase> parseMemoryPeaksCsv(const std::string& csvText)
{
    std::vector<MemoryPeakCase> out;
    const CsvTable table(csvText);
    for (std::size_t r = 0; r < table.rows(); ++r) {
        const Row get = table.row(r);
        MemoryPeakCase m;
        CalibrationCase& c = m.run;
        c.id = "mem_" + std::to_string(r + 1); // the data row's number, as before
        m.source = get("source");
        c.source = m.source.substr(0, 40);
        m.measuredGiB = std::strtod(get("measured_peak_gib").c_str(), nullptr);
        m.excluded = get("excluded");
        // The gpu column is a catalog id, name or alias (the CLI's --gpu resolves it);
        // device_gib a capacity the catalog's part does not have (the 96 GB H100).
        c.gpuId = get("gpu");
        m.deviceGiB = std::strtod(get("device_gib").c_str(), nullptr);
        c.gpus = integer(get("gpus"));
        c.gpusPerNode = std::clamp(c.gpus, 1, 8);
        readMemoryModel(get, c.workload.model);
        readMemorySplit(get, c);
        c.workload.framework = frameworkOfMemoryRow(get);
        const std::string prec = lower(get("precision"));
        c.workload.precision = contains(prec, "fp4")                               ? Precision::FP4
                               : contains(prec, "fp8") || contains(prec, "float8") ? Precision::FP8
                                                                                   : Precision::BF16;
        c.metric = CalibrationMetric::TokensPerSPerGpu;
        if (c.gpuId.empty())
            c.skipReason = "GPU '" + get("system") + "' not in the catalog";
        if (m.excluded.empty() && !c.skipReason.empty())
            m.excluded = c.skipReason;
        out.push_back(std::move(m));
    }
    return out;
}

} // namespace cf
