#pragma once
// Everything one evaluation predicts, with every intermediate figure kept so
// the GUI and the CLI can explain each number. Plain data; all figures finite
// (an error that makes a figure meaningless leaves it 0 and adds a Problem).
// Formulas, constants and their sources: docs/model.md.

#include "models/catalog/gpu_generation.h"
#include "models/core/problem.h"
#include "models/design/parallelism.h"

#include <string>
#include <vector>

namespace cf {

// FLOP counts per token and per step (PaLM appendix B conventions).
struct FlopFacts {
    double paramsTotal = 0;            // all weights incl. embeddings (unique, tied counted once)
    double paramsMatmul = 0;           // weights used in matmuls: layers + LM head
    double modelFlopsPerToken = 0;     // 6 * paramsMatmul + 12 * L * h * s (non-causal attention)
    double hardwareFlopsPerToken = 0;  // model + recompute FLOPs per token
    double attentionFlopsPerToken = 0; // the 12 * L * h * s part
};

// Figures of the model alone (its shape and sequence length), whatever the split
// or the hardware: a report keeps them when the split fails (issue 25).
struct ModelFacts {
    double paramsTotal = 0;        // every weight, tied embeddings once (the model card's count, no MTP)
    double paramsActive = 0;       // the weights one token uses (= total for a dense model)
    double modelFlopsPerToken = 0; // training FLOPs per token, PaLM appendix B (no recompute)
    double weightsBytes = 0;       // the BF16 weights: the model's size without optimizer state
};

// Per micro-batch on the slowest pipeline stage (seconds).
struct MicrobatchFacts {
    int microbatchesPerStep = 0; // m = global batch / (dp * microbatch)
    int layersPerStage = 0;
    double forwardS = 0; // GEMMs + attention + memory-bound ops, no comm
    double backwardS = 0;
    double recomputeS = 0;
    double tpCommS = 0;        // TP collectives of one micro-batch (fwd + bwd + recompute)
    double cpCommExposedS = 0; // ring-attention K/V exchange not hidden behind attention
    double ppCommS = 0;        // point-to-point sends of one micro-batch
    double gemmEfficiency = 0; // achieved fraction of peak, FLOP-weighted over the layer GEMMs
    double attentionS = 0;     // attention core (fwd + bwd) of one micro-batch
    double memoryBoundS = 0;   // norms, activations, residuals, casts (fwd + bwd)
    double weightGradS = 0;    // the backward's weight-gradient GEMMs (zero-bubble schedules' W)
};

struct StepBreakdown {
    double computeS = 0; // forward + backward, all micro-batches
    double recomputeS = 0;
    double tpCommS = 0;
    double ppBubbleS = 0;
    double ppCommS = 0;
    double dpCommExposedS = 0;
    double cpCommS = 0;
    double optimizerS = 0;
    double epCommS = 0;              // exposed expert all-to-all (dispatch + combine), all micro-batches
    double expertDpCommExposedS = 0; // expert-DP gradient traffic not hidden (separate from dense DP)
};

struct CommFacts {
    double dpCommTotalS = 0;        // DP/ZeRO/FSDP traffic of one step before overlap
    double dpOverlappableS = 0;     // compute it can hide behind
    double allreduceTimeS = 0;      // one all-reduce of this stage's gradients over the DP group
    double gradientBytesPerGpu = 0; // bytes reduced per step per GPU
    double tpMessageBytes = 0;      // one TP collective's buffer
    int dpGroupRanksPerNode = 0;
    int tpRanksPerNode = 0;
};

// The memory verdict, graded by the memory model's measured error
// (models/predict/memory_verdict.h): Fits below HBM x (1 - err), Tight within
// HBM x (1 +- err) (every figure predicted, with a warning), DoesNotFit above.
enum class MemoryVerdict { Fits, Tight, DoesNotFit };

struct MemoryFacts { // bytes per GPU, worst pipeline stage
    double weightsBytes = 0;
    double gradientsBytes = 0;
    double optimizerBytes = 0;
    double activationsBytes = 0;
    double buffersBytes = 0;
    double totalBytes = 0;
    double hbmBytes = 0;
    double activationBytesPerLayer = 0; // one micro-batch, one layer (Korthikanti et al. 2022)
    double inFlightMicrobatches = 0;
    double expertWeightsBytes = 0; // routed-expert weights on the worst stage (MoE; part of weightsBytes)
    int worstStage = 0;            // the pipeline rank these figures are for (MoE/extension path)
    MemoryVerdict verdict = MemoryVerdict::Fits;
    bool fits = true; // verdict != DoesNotFit (a tight split is predicted)
};

// One pipeline rank's memory (bytes per GPU). Filled for models with MoE or
// attention extensions (ModelShape::hasExtensions); stage 0 holds the embedding,
// the last stage the LM head (and MTP modules).
struct StageMemory {
    int stage = 0;
    int layers = 0; // transformer layers on this rank (all its virtual chunks)
    int moeLayers = 0;
    double weightsBytes = 0;       // dense + expert
    double expertWeightsBytes = 0; // routed experts only (part of weightsBytes)
    double gradientsBytes = 0;
    double optimizerBytes = 0;
    double activationsBytes = 0;
    double buffersBytes = 0;
    double totalBytes = 0;
};

// Mixture-of-experts figures (zero for a dense model).
struct MoeFacts {
    double paramsTotal = 0;           // model card convention (no MTP)
    double paramsActive = 0;          // per token
    int edp = 0;                      // expert data-parallel size (Megatron-Core folding)
    double tokensPerExpert = 0;       // one expert instance, one micro-batch, balanced
    double groupedGemmEfficiency = 0; // fraction of the large-GEMM speed reached at that many tokens
    double allToAllBytesPerGpu = 0;   // one dispatch, tokens x hidden x top-k x bytes
    double allToAllS = 0;             // one dispatch + one combine, one MoE layer, one micro-batch
    double epCommTotalS = 0;          // all-to-all of one step before overlap
    bool epInsideScaleUp = true;      // the EP group fits one NVLink domain
    double expertDpCommS = 0;         // expert gradient reduction of one step before overlap
};

struct CheckpointFacts {
    double sizeBytes = 0; // weights + optimizer state, whole model
    double writers = 0;   // GPUs writing a shard
    double writeGBps = 0; // bottleneck bandwidth of the write
    double writeS = 0;
    double readS = 0;
    double stallS = 0; // training stopped per checkpoint (sync: writeS; async: snapshot)
    double dataLoadGBpsNeeded = 0;
    double storageReadGBps = 0;
    bool hasStorage = false;
};

struct GoodputFacts {
    double gpuHoursPerInterruption = 0;
    double mtbfS = 0; // of the whole job
    double restartS = 0;
    double intervalS = 0; // Young/Daly checkpoint interval
    double wasteFraction = 0;
    double goodput = 0;      // 1 - waste
    double idealTrainS = 0;  // tokens / tokens per second
    double timeToTrainS = 0; // including failures and checkpoints
    double interruptionsPerRun = 0;
    double repairWaitS = 0; // in restartS: mean wait for a repair (0 with spares)
};

struct PowerFacts {            // watts unless named otherwise
    double gpuUtilisation = 0; // busy fraction driving the power curve
    double gpuW = 0;           // all GPUs
    double nodeRestW = 0;      // CPUs, memory, fans: nonGpuPowerW x nodes
    double nicW = 0;
    double opticsW = 0;
    double switchW = 0;
    double storageW = 0;
    double itW = 0;
    double facilityW = 0;
    double energyPerRunKwh = 0;
    // Every GPU busy: what the site provisions. The parts alone decide it, so
    // it is the same whether or not the split is valid (issue 28 item 7).
    double fullLoadItW = 0;
    double fullLoadFacilityW = 0;
};

struct CostFacts { // US dollars
    double capexUsd = 0;
    double energyUsdPerYear = 0;
    double staffUsdPerYear = 0;
    double maintenanceUsdPerYear = 0;
    double opexUsdPerYear = 0;
    double rentUsdPerYear = 0;
    double breakEvenMonth = 0; // 0 = renting never costs more (see problems)
    double ownRunCostUsd = 0;  // capex share over the run + opex over the run
    double rentRunCostUsd = 0;
    double totalCostUsd = 0; // own
    double costPerMillionTokensUsd = 0;
};

// Groups of figures a prediction can lack. Design: capex, opex and power at
// full load, the bill of materials (the parts alone decide them). Memory: the
// per-GPU memory (needs a valid split). Training: step time, throughput, MFU,
// all-reduce, checkpoints, goodput, time and cost of the run (needs a split
// that fits in memory).
enum class FigureGroup { Design, Memory, Training };

// One group the prediction could not make, and the error that stopped it.
struct MissingFigures {
    FigureGroup group = FigureGroup::Training;
    std::string field;  // the field of the error that stopped it
    std::string reason; // that error's message

    bool operator==(const MissingFigures&) const = default;
};

// The job on the cluster (issue 25 item 4, models/design/job_size.h).
struct JobFacts {
    int gpus = 0;           // GPUs the job runs on (= Prediction::gpus)
    int clusterGpus = 0;    // GPUs the design has
    int clusterNodes = 0;   // node members the design has
    int spareGpus = 0;      // clusterGpus - gpus: idle power, capital, repairs
    int nodes = 0;          // nodes the job runs on
    int gpusPerNode = 0;    // job ranks per node
    bool automatic = true;  // sized by the automatic rule, not set by the user
    bool wholeNodes = true; // false: every node runs gpusPerNode of its GPUs
    bool operator==(const JobFacts&) const = default;
};

struct Prediction {
    std::string gpuId; // catalog id of the design's GPU ("h100-sxm"; "" without one)
    GpuGeneration gpuGeneration = GpuGeneration::Other; // its architecture (catalog `arch`)
    int gpus = 0; // GPUs the job runs on (the design's unless job.spareGpus > 0)
    int nodes = 0;
    double peakTflopsPerGpu = 0; // at the design's precision

    ModelFacts model;
    FlopFacts flops;
    MoeFacts moe;
    std::vector<StageMemory> stages; // per pipeline rank (MoE/extension path; empty for dense shapes)
    MicrobatchFacts microbatch;
    StepBreakdown breakdown;
    CommFacts comm;
    MemoryFacts memory;
    CheckpointFacts checkpoint;
    GoodputFacts goodput;
    PowerFacts power;
    CostFacts cost;

    double stepTimeS = 0;
    double tokensPerStep = 0;
    double tokensPerS = 0;
    double tokensPerSPerGpu = 0;
    double tflopsPerGpu = 0;         // model FLOPs (no recompute) per second per GPU
    double hardwareTflopsPerGpu = 0; // including recompute
    double mfu = 0;                  // PaLM definition, against the precision's dense peak
    double hfu = 0;

    Problems problems;
    std::vector<MissingFigures> missing; // empty: every figure was predicted
    JobFacts job;                        // added for issue 25 (additive)
    // The pipeline schedule the split runs (issue 26 decision (b)): never FromVp.
    PipelineSchedule ppSchedule = PipelineSchedule::OneFOneB;
    // The recompute the split runs (issue 25): never AsNeeded; recomputeChosen
    // when the design left it to the engine (Recompute::AsNeeded), which picked
    // the least recomputation that fits.
    Recompute recompute = Recompute::None;
    bool recomputeChosen = false;
    // With Selective: the Megatron-Core recompute modules run (RecomputeModule mask,
    // models/design/recompute_modules.h); 0 = the framework's own selective.
    unsigned recomputeModules = 0;

    bool lacks(FigureGroup group) const
    {
        for (const MissingFigures& m : missing)
            if (m.group == group)
                return true;
        return false;
    }
};

} // namespace cf
