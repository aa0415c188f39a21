#include "models/calibration/run_design.h"

#include "models/cluster/cluster_design.h"
#include "models/core/name_suggestion.h"
#include "models/design/field_table.h"
#include "models/predict/evaluate.h"

#include <algorithm>
#include <map>
#include <string>

namespace cf {
namespace {

Problem problem(std::string field, std::string message)
{
    return {Severity::Error, std::move(field), std::move(message), {}};
}

// "unknown GPU 'x' (nearest: a, b, c)".
template <typename Entries>
std::string unknownId(const char* noun, const std::string& id, const Entries& entries)
{
    std::vector<std::string> ids;
    for (const auto& e : entries)
        ids.push_back(e.id);
    std::string nearest;
    for (const std::string& name : nearestNames(id, ids))
        nearest += (nearest.empty() ? "" : ", ") + name;
    return std::string("unknown ") + noun + " '" + id + "' (nearest: " + nearest + ")";
}

// A column's value within [min, max], or a problem naming the column.
void checkRange(const char* column, double value, double min, double max, Problems& problems)
{
    if (value >= min && value <= max)
        return;
    char text[160];
    std::snprintf(text, sizeof text, "%.17g is out of range [%.17g, %.17g]", value, min, max);
    problems.push_back(problem(column, text));
}

// A column's value within its field's design bounds (field_table.h), at least
// `floor` where the row's 0 means "automatic" but the column's value is resolved.
template <class S>
void checkField(const char* column, const FieldSpec<S>* field, double value, Problems& problems,
                double floor = 0)
{
    checkRange(column, value, std::max(field->design.min, floor), field->design.max, problems);
}

void checkModel(const char* column, const char* field, double value, Problems& problems, double floor = 0)
{
    checkField(column, workloadField(std::string("workload.model.") + field), value, problems, floor);
}

// The column that sets a design field; the fields a design error on which
// keeps the row from being predicted (a workload or split figure). A field no
// column sets is named as it is.
const std::map<std::string, std::string>& columnOfField()
{
    static const std::map<std::string, std::string> kColumns = {
        {"parallelism.tp", "tp"},
        {"parallelism.pp", "pp"},
        {"parallelism.vp", "vp"},
        {"parallelism.dp", "dp"},
        {"parallelism.jobGpus", "parallelism.jobGpus"},
        {"parallelism.cp", "cp"},
        {"parallelism.microbatch", "microbatch"},
        {"parallelism.sharding", "sharding"},
        {"parallelism.ppSchedule", "parallelism.ppSchedule"},
        {"parallelism.recompute", "recompute"},
        {"workload.seqLen", "seq_len"},
        {"workload.globalBatchSeqs", "global_batch_seqs"},
        {"workload.tokensToTrain", "workload.tokensToTrain"},
        {"workload.precision", "precision"},
        {"workload.framework", "framework"},
        {"workload.model.layers", "layers"},
        {"workload.model.hidden", "hidden"},
        {"workload.model.heads", "heads"},
        {"workload.model.kvHeads", "kv_heads"},
        {"workload.model.ffn", "ffn"},
        {"workload.model.vocab", "vocab"},
        {"parallelism.ep", "ep"},
        {"parallelism.etp", "etp"},
        {"parallelism.expertImbalance", "parallelism.expertImbalance"},
        {"parallelism.activationOffloadLayers", "offload_layers"},
        {"parallelism.recomputeModules", "recompute_modules"},
        {"workload.model.experts", "experts"},
        {"workload.model.expertsPerToken", "top_k"},
        {"workload.model.expertFfn", "expert_ffn"},
        {"workload.model.sharedExperts", "workload.model.sharedExperts"},
        {"workload.model.denseLayers", "workload.model.denseLayers"},
    };
    return kColumns;
}

// The cluster of the row; problems name the row's column.
Result<RunDesign> clusterOf(const CalibrationCase& row)
{
    if (row.fabric != "ib" && row.fabric != "roce")
        return Result<RunDesign>::failure({problem("fabric", "'" + row.fabric + "' is not one of ib, roce")});
    static const std::map<std::string, std::string> kColumns = {{"gpuId", "gpu"},
                                                                {"gpus", "num_gpus"},
                                                                {"gpusPerNode", "gpus_per_node"},
                                                                {"nicGbps", "nic_gbps"},
                                                                {"fabricTech", "fabric"}};
    const Catalog& builtin = Catalog::builtin();
    const ClusterSpec spec = clusterSpecOf(row);
    Result<ClusterDesign> built = buildDesign(spec, builtin);
    if (!built) {
        Problems problems;
        for (const Problem& p : built.problems()) {
            if (p.severity != Severity::Error)
                continue;
            const auto column = kColumns.find(p.field);
            const bool unknownGpu = p.field == "gpuId" && !spec.gpuId.empty() && !builtin.findGpu(spec.gpuId);
            // The fabric's own problems: the GPU count shaped it.
            problems.push_back(
                problem(column == kColumns.end() ? "num_gpus" : column->second,
                        unknownGpu ? unknownId("GPU", spec.gpuId, builtin.gpus()) : p.message));
        }
        return Result<RunDesign>::failure(problems);
    }
    RunDesign out{std::move(built->design), built->catalog ? std::move(*built->catalog) : builtin};
    out.design.name += " (runs file)";
    return out;
}

// The model: the row's catalog preset, or its shape (with its experts when it has them).
void setModel(const CalibrationCase& row, const Catalog& catalog, Workload& w, Problems& problems)
{
    const ModelShape& shape = row.workload.model;
    ModelShape& m = w.model;
    if (!row.preset.empty()) {
        if (const ModelPreset* preset = catalog.preset(row.preset)) {
            m = preset->shape;
            m.preset = preset->id;
            w.seqLen = preset->seqLen;
        } else {
            problems.push_back(problem("preset", unknownId("model preset", row.preset, catalog.presets())));
        }
        return;
    }
    checkModel("layers", "layers", shape.layers, problems);
    checkModel("hidden", "hidden", shape.hidden, problems);
    checkModel("heads", "heads", shape.heads, problems);
    checkModel("kv_heads", "kvHeads", shape.kvHeads, problems);
    checkModel("ffn", "ffn", shape.ffn, problems);
    checkModel("vocab", "vocab", shape.vocab, problems);
    m.layers = shape.layers;
    m.hidden = shape.hidden;
    m.heads = shape.heads;
    m.kvHeads = shape.kvHeads;
    m.ffn = shape.ffn;
    m.gatedFfn = shape.gatedFfn;
    m.tiedEmbeddings = shape.tiedEmbeddings;
    m.vocab = shape.vocab;
    m.preset.clear();
    if (shape.experts > 1) {
        const int expertFfn = shape.expertFfn > 0 ? shape.expertFfn : shape.ffn;
        checkModel("experts", "experts", shape.experts, problems);
        checkModel("top_k", "expertsPerToken", shape.expertsPerToken, problems);
        checkModel("expert_ffn", "expertFfn", expertFfn, problems, 1); // resolved: never "as FFN"
        m.experts = shape.experts;
        m.expertsPerToken = shape.expertsPerToken;
        m.expertFfn = expertFfn;
    }
}

// The sequence, batch, precision and framework, then the split.
void setWorkloadAndSplit(const CalibrationCase& row, Workload& w, Parallelism& p, Problems& problems)
{
    const Workload& rw = row.workload;
    checkField("seq_len", workloadField("workload.seqLen"), rw.seqLen, problems);
    checkField("global_batch_seqs", workloadField("workload.globalBatchSeqs"), rw.globalBatchSeqs, problems);
    checkField("workload.tokensToTrain", workloadField("workload.tokensToTrain"), rw.tokensToTrain, problems);
    w.seqLen = rw.seqLen;
    w.globalBatchSeqs = rw.globalBatchSeqs;
    w.tokensToTrain = rw.tokensToTrain;
    w.precision = rw.precision;
    w.framework = rw.framework;
    const Parallelism& rp = row.parallelism;
    // A degree the row states: at least 1 even where the field's 0 is "automatic".
    const auto degree = [&](const char* column, int value) {
        checkField(column, parallelismField(std::string("parallelism.") + column), value, problems, 1);
        return value;
    };
    p.tp = degree("tp", rp.tp);
    p.pp = degree("pp", rp.pp);
    p.vp = degree("vp", rp.vp);
    p.cp = degree("cp", rp.cp);
    checkField("microbatch", parallelismField("parallelism.microbatch"), rp.microbatch, problems);
    p.microbatch = rp.microbatch;
    // Expert parallelism with a preset or the row's experts (a dense shape keeps 1).
    if (!row.preset.empty() || row.workload.model.experts > 1)
        p.ep = degree("ep", rp.ep);
    if (rp.etp > 0) // stated or resolved by the reader; 0 is the framework's default either way
        p.etp = degree("etp", rp.etp);
    if (rp.activationOffloadLayers > 0) {
        // The field table's bound (at most the layers), as the CLI's and the file's.
        checkField("offload_layers", parallelismField("parallelism.activationOffloadLayers"),
                   rp.activationOffloadLayers, problems);
        p.activationOffloadLayers = rp.activationOffloadLayers;
    }
    // No dp: the GPUs over TP x PP x CP.
    p.dp = rp.dp > 0 ? degree("dp", rp.dp) : 0;
    p.sequenceParallel = rp.sequenceParallel;
    p.tpCommOverlap = rp.tpCommOverlap;
    p.sharding = rp.sharding;
    p.recompute = rp.recompute;
    p.recomputeModules = rp.recomputeModules;
}

} // namespace

ClusterSpec clusterSpecOf(const CalibrationCase& c)
{
    ClusterSpec s;
    s.gpuId = c.gpuId;
    s.gpus = c.gpus;
    s.gpusPerNode = c.gpusPerNode > 0 ? c.gpusPerNode : 0;
    s.nicGbps = c.nicGbps > 0 ? c.nicGbps : 0.0;
    s.fabricTech = c.fabric == "roce" ? FabricTech::Ethernet : FabricTech::InfiniBand;
    return s;
}

Result<RunDesign> runDesignOf(const CalibrationCase& row)
{
    Result<RunDesign> cluster = clusterOf(row);
    if (!cluster)
        return cluster;
    RunDesign run = std::move(*cluster);
    Problems problems;
    setModel(row, run.catalog, run.design.workload, problems);
    setWorkloadAndSplit(row, run.design.workload, run.design.parallelism, problems);
    if (!problems.empty())
        return Result<RunDesign>::failure(problems);
    // A split or workload the engine refuses: the row cannot be predicted.
    for (const Problem& p : evaluate(run.design, run.catalog).problems) {
        const auto column = columnOfField().find(p.field);
        if (p.severity == Severity::Error && column != columnOfField().end())
            problems.push_back(problem(column->second, p.message));
    }
    if (!problems.empty())
        return Result<RunDesign>::failure(problems);
    return run;
}

} // namespace cf
