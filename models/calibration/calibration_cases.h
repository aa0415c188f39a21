#pragma once
// Rows of resources/validation/calibration.csv (and a site's runs file)
// turned into what the engine can express (run_design.h): a uniform cluster
// (GPU, GPU count, GPUs per node, NIC speed, fabric), a workload and a split,
// plus the measured figure to compare with. Rows the engine cannot express
// carry the reason instead. Every figure comes from a named column
// (docs/calibration.md "Runs files"); an empty optional column takes a stated
// default, recorded in `assumptions`. Nothing is read from a row's id, notes
// or wording.

#include "models/design/parallelism.h"
#include "models/design/workload.h"

#include <map>
#include <string>
#include <vector>

namespace cf {

enum class CalibrationMetric {
    TokensPerSPerGpu,     // measured tokens/s per GPU (column or iteration time)
    ModelTflopsPerGpu,    // model FLOPs, no recompute
    HardwareTflopsPerGpu, // Megatron-style count including recompute (HFU-like)
    Mfu                   // PaLM MFU against the BF16 peak
};

struct CalibrationCase {
    std::string id;
    std::string source;     // first words of the source column
    std::string skipReason; // non-empty: the row cannot be expressed
    // Cluster (a ClusterSpec: clusterSpecOf, run_design.h).
    std::string gpuId;
    int gpus = 0;
    int gpusPerNode = 0;       // 0 = the catalog's node for the GPU (buildDesign's default)
    double nicGbps = 0;        // per GPU; 0 = the catalog node's default
    std::string fabric = "ib"; // "ib" | "roce"
    // Workload and split. A row naming a catalog preset (calibration_moe.csv)
    // is predicted with the preset's shape instead of the row's.
    std::string preset;
    Workload workload;
    Parallelism parallelism;
    // What was measured.
    CalibrationMetric metric = CalibrationMetric::TokensPerSPerGpu;
    double measured = 0;
    // Every throughput figure the row published, 0 when not given (tokens/s per
    // GPU from its column or its iteration time; TFLOP/s per GPU; MFU as a
    // fraction): issue 26 decision (c) checks a row's figures against each other.
    double publishedTokensPerSPerGpu = 0;
    double publishedTflopsPerGpu = 0;
    bool publishedTflopsCountRecompute = false;
    double publishedMfu = 0;
    std::string assumptions; // what the row left out and we assumed
};

// RFC 4180 CSV (quoted fields, "" inside quotes, newlines inside quotes) into
// rows of fields; the header is row 0 (also read by memory_peak_cases.cpp).
std::vector<std::vector<std::string>> parseCsvRows(const std::string& text);

// A CSV with a header row: a data row's field by column name, "" when the file
// has no such column or the row is short (the runs files and memory_peaks.csv).
class CsvTable {
public:
    explicit CsvTable(const std::string& text);
    std::size_t rows() const { return rows_.empty() ? 0 : rows_.size() - 1; }
    // Data row r (0-based, the header not counted).
    std::string get(std::size_t r, const std::string& column) const;
    // One data row's cells by column name: `row(r)("tp")` is `get(r, "tp")`.
    class Row {
    public:
        Row(const CsvTable& table, std::size_t r) : table_(table), r_(r) {}
        std::string operator()(const std::string& column) const { return table_.get(r_, column); }

    private:
        const CsvTable& table_;
        std::size_t r_;
    };
    Row row(std::size_t r) const { return {*this, r}; }

private:
    std::vector<std::vector<std::string>> rows_;
    std::map<std::string, std::size_t> columns_;
};

// The framework a runs file's `framework` cell names, by the software's own name:
// torchtitan (compile), llm-foundry / composer, deepspeed, PaxML / MaxText / JAX
// (jax), Megatron-LM's own script (megatron-lm), else Megatron-Core (megatron).
Framework frameworkOfRunsText(const std::string& text);

// Parses the CSV text; returns one case per data row (skipped rows included).
std::vector<CalibrationCase> parseCalibrationCsv(const std::string& csvText);

const char* toString(CalibrationMetric metric);

} // namespace cf
