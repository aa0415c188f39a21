#include "app/cli/report_json.h"

#include "models/predict/prediction_band.h"

#include "models/core/units.h"
#include "models/design/recompute_modules.h"
#include "models/predict/design_check.h"
#include "models/predict/memory_verdict.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

namespace cf::cli {
namespace {

constexpr double kGiB = 1073741824.0;

nlohmann::json problemList(const Prediction& p, Severity severity)
{
    nlohmann::json list = nlohmann::json::array();
    for (const Problem& q : p.problems)
        if (q.severity == severity)
            list.push_back(q.field.empty() ? q.message : q.field + ": " + q.message);
    return list;
}

// Report keys of each figure group; a group the prediction lacks prints null.
// Every key not listed here (gpus, nodes, model, job, pp_schedule, warnings, errors) is always present.
const char* const kDesignKeys[] = {"it_power_kw",     "facility_power_kw", "it_power_breakdown_kw",
                                   "capex_usd",       "opex_usd_per_year", "rent_usd_per_year",
                                   "break_even_month"};
const char* const kMemoryKeys[] = {"memory_per_gpu_gib", "memory"};

bool isGroupKey(const std::string& key)
{
    for (const char* k : kDesignKeys)
        if (key == k)
            return true;
    for (const char* k : kMemoryKeys)
        if (key == k)
            return true;
    return key == "gpus" || key == "nodes" || key == "model" || key == "job" || key == "warnings" ||
           key == "errors" || key == "pp_schedule";
}

const char* groupName(FigureGroup g)
{
    switch (g) {
    case FigureGroup::Design:
        return "design";
    case FigureGroup::Memory:
        return "memory";
    case FigureGroup::Training:
        break;
    }
    return "training";
}

void nullMissing(const Prediction& p, nlohmann::json& j)
{
    if (p.missing.empty())
        return; // keeps the report of a valid design byte for byte
    nlohmann::json missing = nlohmann::json::array();
    for (const MissingFigures& m : p.missing)
        missing.push_back(
            {{"figures", groupName(m.group)}, {"field", m.field}, {"reason", describeMissing(m)}});
    if (p.lacks(FigureGroup::Training))
        for (auto it = j.begin(); it != j.end(); ++it)
            if (!isGroupKey(it.key()))
                *it = nullptr;
    if (p.lacks(FigureGroup::Memory))
        for (const char* k : kMemoryKeys)
            j[k] = nullptr;
    if (p.lacks(FigureGroup::Design))
        for (const char* k : kDesignKeys)
            j[k] = nullptr;
    j["missing"] = std::move(missing);
}

} // namespace

std::string predictionJson(const Prediction& p)
{
    return predictionJson(p, nullptr);
}

std::string predictionText(const Prediction& p)
{
    return predictionText(p, nullptr);
}

namespace {

void addBands(const PredictionBands& b, nlohmann::json& j)
{
    j["tokens_per_s_per_gpu_p10"] = b.tokensPerSPerGpuP10;
    j["tokens_per_s_per_gpu_p90"] = b.tokensPerSPerGpuP90;
    j["mfu_p10"] = b.mfuP10;
    j["mfu_p90"] = b.mfuP90;
    j["step_time_s_p10"] = b.stepTimeSP10;
    j["step_time_s_p90"] = b.stepTimeSP90;
    j["time_to_train_days_p10"] = b.timeToTrainDaysP10;
    j["time_to_train_days_p90"] = b.timeToTrainDaysP90;
    j["total_cost_usd_p10"] = b.totalCostUsdP10;
    j["total_cost_usd_p90"] = b.totalCostUsdP90;
    j["band"] = {{"basis", b.band.basis},
                 {"samples", b.band.samples},
                 {"median_abs_error", b.band.medianAbsError},
                 {"half_width", b.band.halfWidth()}};
}

} // namespace

namespace {

using nlohmann::json;

// The job on the cluster and the model's own figures: present whatever the split (issue 25).
void addJobAndModel(const Prediction& p, json& j)
{
    j["gpus"] = p.gpus;
    j["nodes"] = p.nodes;
    // The job on the cluster (issue 25): the split fills job GPUs, the rest are spares.
    j["job"] = {{"gpus", p.job.gpus},   {"cluster_gpus", p.job.clusterGpus},  {"spare_gpus", p.job.spareGpus},
                {"nodes", p.job.nodes}, {"gpus_per_node", p.job.gpusPerNode}, {"automatic", p.job.automatic}};
    // The model's own figures: present whatever the split (issue 25).
    j["model"] = {{"parameters_total", p.model.paramsTotal},
                  {"parameters_active", p.model.paramsActive},
                  {"model_flops_per_token", p.model.modelFlopsPerToken},
                  {"weights_bf16_gib", p.model.weightsBytes / kGiB}};
}

// Throughput, the step and what it is made of.
void addThroughput(const Prediction& p, json& j)
{
    const StepBreakdown& b = p.breakdown;
    j["tokens_per_s"] = p.tokensPerS;
    j["tokens_per_s_per_gpu"] = p.tokensPerSPerGpu;
    j["tflops_per_gpu"] = p.tflopsPerGpu;
    j["hardware_tflops_per_gpu"] = p.hardwareTflopsPerGpu;
    j["peak_tflops_per_gpu"] = p.peakTflopsPerGpu;
    j["mfu"] = p.mfu;
    j["hfu"] = p.hfu;
    j["step_time_s"] = p.stepTimeS;
    j["tokens_per_step"] = p.tokensPerStep;
    j["microbatches_per_step"] = p.microbatch.microbatchesPerStep;
    j["pp_schedule"] = toString(p.ppSchedule); // the schedule the split runs (issue 26 decision (b))
    // The recompute the split runs; recompute_chosen when the design left it to the engine (issue 25).
    j["recompute"] = toString(p.recompute);
    j["recompute_chosen"] = p.recomputeChosen;
    j["recompute_modules"] = recomputeModulesToString(p.recomputeModules); // Megatron-Core's, "" for none
    j["breakdown"] = {{"compute_s", b.computeS}, {"recompute_s", b.recomputeS},
                      {"tp_comm_s", b.tpCommS},  {"pp_bubble_s", b.ppBubbleS},
                      {"pp_comm_s", b.ppCommS},  {"dp_comm_exposed_s", b.dpCommExposedS},
                      {"cp_comm_s", b.cpCommS},  {"optimizer_s", b.optimizerS}};
    j["allreduce_time_s"] = p.comm.allreduceTimeS;
    j["dp_comm_total_s"] = p.comm.dpCommTotalS;
    j["gemm_efficiency"] = p.microbatch.gemmEfficiency;
}

void addMemory(const Prediction& p, json& j)
{
    const MemoryFacts& m = p.memory;
    // Memory in GiB (2^30 bytes) everywhere (issue 28 item 17): the catalog's "80 GB" HBM is 80 GiB.
    j["memory_per_gpu_gib"] = {{"total", m.totalBytes / kGiB},
                               {"weights", m.weightsBytes / kGiB},
                               {"gradients", m.gradientsBytes / kGiB},
                               {"optimizer", m.optimizerBytes / kGiB},
                               {"activations", m.activationsBytes / kGiB},
                               {"buffers", m.buffersBytes / kGiB},
                               {"hbm", m.hbmBytes / kGiB},
                               {"fits", m.fits}};
    // The graded verdict (models/predict/memory_verdict.h): margin_gib is the HBM
    // size minus the predicted peak (negative: over), model_error the relative
    // error the tight band spans on either side of the HBM size.
    j["memory"] = {{"verdict", toString(m.verdict)},
                   {"margin_gib", memoryHeadroomBytes(m) / kGiB},
                   {"peak_gib", m.totalBytes / kGiB},
                   {"hbm_gib", m.hbmBytes / kGiB},
                   {"model_error", kMemoryModelRelativeError}};
}

// The run: checkpoints, goodput, power, energy and money.
void addRunAndCost(const Prediction& p, json& j)
{
    j["checkpoint"] = {{"size_gib", p.checkpoint.sizeBytes / kGiB},
                       {"write_s", p.checkpoint.writeS},
                       {"read_s", p.checkpoint.readS},
                       {"stall_s", p.checkpoint.stallS},
                       {"write_GBps", p.checkpoint.writeGBps},
                       {"data_load_GBps_needed", p.checkpoint.dataLoadGBpsNeeded}};
    j["goodput"] = {{"mtbf_h", p.goodput.mtbfS / 3600.0}, {"checkpoint_interval_s", p.goodput.intervalS},
                    {"restart_s", p.goodput.restartS},    {"waste_fraction", p.goodput.wasteFraction},
                    {"goodput", p.goodput.goodput},       {"interruptions", p.goodput.interruptionsPerRun}};
    // IT power (the equipment) and facility power (IT x PUE), each named as such.
    j["it_power_kw"] = p.power.itW / 1000.0;
    j["facility_power_kw"] = p.power.facilityW / 1000.0;
    j["it_power_breakdown_kw"] = {
        {"gpus", p.power.gpuW / 1000.0},        {"node_rest", p.power.nodeRestW / 1000.0},
        {"nics", p.power.nicW / 1000.0},        {"optics", p.power.opticsW / 1000.0},
        {"switches", p.power.switchW / 1000.0}, {"storage", p.power.storageW / 1000.0}};
    j["energy_per_run_mwh"] = p.power.energyPerRunKwh / 1000.0;
    j["capex_usd"] = p.cost.capexUsd;
    j["opex_usd_per_year"] = p.cost.opexUsdPerYear;
    j["rent_usd_per_year"] = p.cost.rentUsdPerYear;
    j["time_to_train_days"] = p.goodput.timeToTrainS / kSecondsPerDay;
    j["ideal_time_to_train_days"] = p.goodput.idealTrainS / kSecondsPerDay;
    j["total_cost_usd"] = p.cost.totalCostUsd;
    j["rent_cost_usd"] = p.cost.rentRunCostUsd;
    j["cost_per_million_tokens_usd"] = p.cost.costPerMillionTokensUsd;
    j["break_even_month"] = p.cost.breakEvenMonth;
}

// MoE / extended shapes only, so dense reports keep their bytes.
void addMixtureOfExperts(const Prediction& p, json& j)
{
    const MemoryFacts& m = p.memory;
    j["parameters_total"] = p.moe.paramsTotal;
    j["parameters_active"] = p.moe.paramsActive;
    j["breakdown"]["ep_comm_s"] = p.breakdown.epCommS;
    j["breakdown"]["expert_dp_comm_exposed_s"] = p.breakdown.expertDpCommExposedS;
    j["memory_per_gpu_gib"]["expert_weights"] = m.expertWeightsBytes / kGiB;
    j["memory_per_gpu_gib"]["worst_stage"] = m.worstStage;
    json stages = json::array();
    for (const StageMemory& s : p.stages)
        stages.push_back({{"stage", s.stage},
                          {"layers", s.layers},
                          {"moe_layers", s.moeLayers},
                          {"total", s.totalBytes / kGiB},
                          {"weights", s.weightsBytes / kGiB},
                          {"expert_weights", s.expertWeightsBytes / kGiB},
                          {"gradients", s.gradientsBytes / kGiB},
                          {"optimizer", s.optimizerBytes / kGiB},
                          {"activations", s.activationsBytes / kGiB},
                          {"buffers", s.buffersBytes / kGiB}});
    j["memory_per_stage_gib"] = std::move(stages);
    j["moe"] = {{"expert_data_parallel", p.moe.edp},
                {"tokens_per_expert", p.moe.tokensPerExpert},
                {"grouped_gemm_efficiency", p.moe.groupedGemmEfficiency},
                {"all_to_all_gib_per_gpu", p.moe.allToAllBytesPerGpu / kGiB},
                {"all_to_all_s_per_layer", p.moe.allToAllS},
                {"ep_comm_total_s", p.moe.epCommTotalS},
                {"ep_inside_scale_up", p.moe.epInsideScaleUp},
                {"expert_dp_comm_s", p.moe.expertDpCommS}};
}

} // namespace

std::string predictionJson(const Prediction& p, const PredictionBands* bands)
{
    json j;
    addJobAndModel(p, j);
    addThroughput(p, j);
    addMemory(p, j);
    addRunAndCost(p, j);
    j["warnings"] = problemList(p, Severity::Warning);
    j["errors"] = problemList(p, Severity::Error);
    if (p.moe.paramsTotal > 0)
        addMixtureOfExperts(p, j);
    nullMissing(p, j);
    if (bands && !p.lacks(FigureGroup::Training))
        addBands(*bands, j);
    // Messages quote user text; `replace` keeps the report valid JSON whatever
    // bytes reach it (dump() would otherwise throw on invalid UTF-8).
    return j.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

namespace {

// The text report's lines: "  label: value", a dash for a figure of a group the prediction lacks.
class TextReport {
public:
    explicit TextReport(const Prediction& p) : p_(p) {}
    std::ostringstream o;

    void row(const char* label, const char* fmt, double v, FigureGroup g = FigureGroup::Training)
    {
        char line[256];
        if (p_.lacks(g))
            std::snprintf(line, sizeof line, "%s", "—");
        else
            std::snprintf(line, sizeof line, fmt, v);
        o << "  " << label << ": " << line << "\n";
    }

private:
    const Prediction& p_;
};

constexpr FigureGroup kDesign = FigureGroup::Design;
constexpr FigureGroup kMemory = FigureGroup::Memory;

void writeClusterAndModel(const Prediction& p, TextReport& t)
{
    std::ostringstream& o = t.o;
    o << "Cluster: " << p.job.clusterGpus << " GPUs in " << p.job.clusterNodes << " nodes";
    if (p.job.spareGpus > 0)
        o << "; the job runs on " << p.job.gpus << " (" << p.job.gpusPerNode << " per node"
          << (p.job.automatic ? ", automatic" : "") << "), " << p.job.spareGpus << " spares";
    o << "\n";
    char line[256];
    std::snprintf(line, sizeof line,
                  "%.2f B parameters (%.2f B active), %.3g FLOPs per token, %.1f GiB of BF16 weights",
                  p.model.paramsTotal / 1e9, p.model.paramsActive / 1e9, p.model.modelFlopsPerToken,
                  p.model.weightsBytes / kGiB);
    o << "Model: " << line << "\n";
}

void writeThroughput(const Prediction& p, const PredictionBands* bands, TextReport& t)
{
    t.o << "Throughput\n";
    t.row("tokens/s", "%.0f", p.tokensPerS);
    t.row("tokens/s per GPU", "%.1f", p.tokensPerSPerGpu);
    t.row("TFLOP/s per GPU (model)", "%.1f", p.tflopsPerGpu);
    t.row("MFU", "%.1f %%", 100 * p.mfu);
    t.row("HFU", "%.1f %%", 100 * p.hfu);
    t.row("step time", "%.3f s", p.stepTimeS);
    if (bands && bands->band.available && !p.lacks(FigureGroup::Training)) {
        char band[200];
        std::snprintf(band, sizeof band, "  P10-P90 tokens/s per GPU: %.1f - %.1f (±%.0f %%, %s, %d runs)\n",
                      bands->tokensPerSPerGpuP10, bands->tokensPerSPerGpuP90, 100 * bands->band.halfWidth(),
                      bands->band.basis.c_str(), bands->band.samples);
        t.o << band;
    }
}

void writeStepBreakdown(const Prediction& p, TextReport& t)
{
    std::ostringstream& o = t.o;
    o << "Step breakdown (s)\n";
    const StepBreakdown& b = p.breakdown;
    t.row("compute", "%.3f", b.computeS);
    t.row("recompute", "%.3f", b.recomputeS);
    o << "  recompute mode: " << toString(p.recompute);
    if (p.recomputeModules != 0)
        o << " (modules " << recomputeModulesToString(p.recomputeModules) << ")";
    o << (p.recomputeChosen ? " (as needed: the least recomputation that fits)" : "") << "\n";
    t.row("TP comm", "%.3f", b.tpCommS);
    o << "  PP schedule: " << toString(p.ppSchedule) << "\n";
    t.row("PP bubble", "%.3f", b.ppBubbleS);
    t.row("PP comm", "%.3f", b.ppCommS);
    t.row("DP comm exposed", "%.3f", b.dpCommExposedS);
    t.row("CP comm", "%.3f", b.cpCommS);
    t.row("optimizer", "%.3f", b.optimizerS);
    if (p.moe.paramsTotal > 0) { // MoE / extended shapes only (dense reports keep their bytes)
        t.row("EP all-to-all exposed", "%.3f", b.epCommS);
        t.row("expert DP comm exposed", "%.3f", b.expertDpCommExposedS);
    }
    t.row("gradient all-reduce", "%.4f s", p.comm.allreduceTimeS);
}

// GiB (the catalog's "80 GB" HBM is 80 GiB), as in the JSON.
void writeMemory(const Prediction& p, TextReport& t)
{
    t.o << "Memory per GPU (GiB)\n";
    const MemoryFacts& m = p.memory;
    t.row("weights", "%.1f", m.weightsBytes / kGiB, kMemory);
    t.row("gradients", "%.1f", m.gradientsBytes / kGiB, kMemory);
    t.row("optimizer", "%.1f", m.optimizerBytes / kGiB, kMemory);
    t.row("activations", "%.1f", m.activationsBytes / kGiB, kMemory);
    t.row("buffers", "%.1f", m.buffersBytes / kGiB, kMemory);
    t.row("total", "%.1f", m.totalBytes / kGiB, kMemory);
    t.row("HBM", "%.1f", m.hbmBytes / kGiB, kMemory);
    if (!p.lacks(kMemory)) {
        const char* const verdict = m.verdict == MemoryVerdict::Fits ? "fits"
                                    : m.verdict == MemoryVerdict::Tight
                                        ? "tight (within the memory model's error)"
                                        : "does not fit";
        char line[256];
        std::snprintf(line, sizeof line, "  verdict: %s, margin %+.1f GiB (model error +-%.0f %%)\n", verdict,
                      memoryHeadroomBytes(m) / kGiB, 100.0 * kMemoryModelRelativeError);
        t.o << line;
    }
}

// MoE / extended shapes only: expert memory per stage and the model's parameters.
void writeMixtureOfExperts(const Prediction& p, TextReport& t)
{
    const MemoryFacts& m = p.memory;
    t.row("expert weights", "%.1f", m.expertWeightsBytes / kGiB, kMemory);
    for (const StageMemory& s : p.stages) {
        char label[64];
        std::snprintf(label, sizeof label, "stage %d (%d layers, %d MoE)", s.stage, s.layers, s.moeLayers);
        t.row(label, "%.1f", s.totalBytes / kGiB, kMemory);
    }
    t.o << "Model\n";
    t.row("parameters (total)", "%.2fB", p.moe.paramsTotal / 1e9, kDesign);
    t.row("parameters (active)", "%.2fB", p.moe.paramsActive / 1e9, kDesign);
    t.row("tokens per expert", "%.0f", p.moe.tokensPerExpert, kMemory);
    t.o << "  EP group: " << (p.moe.epInsideScaleUp ? "inside" : "leaves") << " the NVLink domain\n";
}

void writeRunAndCost(const Prediction& p, TextReport& t)
{
    t.o << "Run\n";
    t.row("time to train", "%.1f days", p.goodput.timeToTrainS / kSecondsPerDay);
    t.row("goodput", "%.1f %%", 100 * p.goodput.goodput);
    t.row("checkpoint write", "%.0f s", p.checkpoint.writeS);
    t.o << "Power and cost\n";
    t.row("IT power", "%.1f kW", p.power.itW / 1000.0, kDesign);
    t.row("facility power", "%.1f kW", p.power.facilityW / 1000.0, kDesign);
    t.row("capex", "$%.0f", p.cost.capexUsd, kDesign);
    t.row("opex per year", "$%.0f", p.cost.opexUsdPerYear, kDesign);
    t.row("total cost (own)", "$%.0f", p.cost.totalCostUsd);
    t.row("cost per million tokens", "$%.3f", p.cost.costPerMillionTokensUsd);
    t.row("break-even month", "%.1f", p.cost.breakEvenMonth, kDesign);
}

} // namespace

std::string predictionText(const Prediction& p, const PredictionBands* bands)
{
    TextReport t(p);
    writeClusterAndModel(p, t);
    writeThroughput(p, bands, t);
    writeStepBreakdown(p, t);
    writeMemory(p, t);
    if (p.moe.paramsTotal > 0)
        writeMixtureOfExperts(p, t);
    writeRunAndCost(p, t);
    for (const Problem& q : p.problems)
        t.o << formatProblem(q) << "\n";
    for (const MissingFigures& m : p.missing)
        t.o << "missing: " << describeMissing(m) << "\n";
    return t.o.str();
}

} // namespace cf::cli
