#pragma once
// The accuracy gate out of sample (issue 26 item 4): leave one source out over
// every published run the project holds (calibration.csv without the six
// DeepSpeed-2021 ZeRO-3 rows, calibration_moe.csv, heldout_moe.csv,
// runs_public.csv).
//
// What is refitted per fold: the engine's fitted constants are compile-time
// (kGemmTrainingFraction, kAttentionTrainingFraction, kMoeLayerFixedS in
// models/predict), so the refit is a global calibration profile — the GEMM and
// attention scales, which multiply exactly the two kernel fractions — fitted by
// profile_fit over the other sources' runs and applied to the held-out source.
// kMoeLayerFixedS has no profile scale and is not refitted (its fit used the
// Megatron-Bridge MoE rows: those rows stay in sample for it).
//
// Beside it: the shipped model (no profile) and the in-sample refit (the same
// two scales fitted over every source), so the gap between in-sample and
// leave-one-source-out is the optimism of fitting on the rows one reports.
//
// Issue 26 decision (c): a row whose own two published figures disagree (the
// FLOP per token its TFLOP/s or MFU and its tokens/s imply is more than 20 %
// from the median of the same model's other rows) leaves the gate by that
// rule and is reported apart.

#include "app/validation/model_accuracy.h"
#include "app/validation/public_runs_report.h"

#include <map>
#include <string>
#include <vector>

namespace cf::cli {

// A source: the publication a row comes from, the first word of its `source`
// column (a repository such as "NVIDIA/dgxc-benchmarking", a paper's first
// author such as "Narayanan", or a URL). Rows of one repository's several
// pages or versions are one source.
std::string publicationOf(const CalibrationCase& row);

// Issue 26 decision (c): tolerance on the FLOP per token a row implies.
inline constexpr double kSelfConsistencyTolerance = 0.20;
// Fewest other rows of the same model for a median (our choice: against one
// other row it cannot be told which of the two is wrong).
inline constexpr int kSelfConsistencyMinOthers = 2;

struct SelfInconsistentRun {
    std::string id;
    double flopPerToken = 0;     // what its own figures imply
    double medianOthers = 0;     // the median over the same model's other rows
    bool predicted = false;      // the model gives a figure (it fits in memory)
    double outOfSampleError = 0; // then: predicted by its source's fold, reported apart
};

// The runs whose implied FLOP per token is more than kSelfConsistencyTolerance
// from the median of the other runs of the same model as run (shape and
// sequence length). A run's implied FLOP per token is its model TFLOP/s, or
// its MFU x the GPU's dense peak at its precision, over its tokens/s.
std::vector<SelfInconsistentRun> selfInconsistentRuns(const std::vector<const PreparedRun*>& runs);

// The runs of the gate: every public run the shipped model gives a figure
// for, the six ZeRO-3 rows and decision (c)'s rows left out.
struct GateRuns {
    std::vector<const PreparedRun*> runs;
    std::vector<const PreparedRun*> leftOutRuns;                   // decision (c)
    std::vector<SelfInconsistentRun> leftOut;                      // the same, with their figures
    std::vector<std::pair<std::string, std::string>> notPredicted; // id, why
};
GateRuns gateRunsOf(const ShippedRuns& data);

struct GateRegime {
    ErrorTally shipped;     // the model as shipped (no profile)
    ErrorTally inSample;    // the global profile fitted on every source
    ErrorTally outOfSample; // the global profile fitted without the run's source
};

struct GateFold {
    std::string source;
    int rows = 0;
    CalibrationProfile profile; // fitted on the other sources
};

struct OutOfSampleGate {
    // "all", "dense", "MoE", "dense Hopper BF16", "MoE >512 GPUs", ...
    std::map<std::string, GateRegime> regimes;
    std::map<std::string, GateRegime> sources; // per held-out source
    std::vector<GateFold> folds;
    CalibrationProfile inSampleProfile;
    std::vector<SelfInconsistentRun> leftOut;                      // decision (c)
    std::vector<std::pair<std::string, std::string>> notPredicted; // id, why
    std::vector<std::pair<std::string, double>> errors;            // id, leave-one-source-out error
    int rows = 0;
};

// Every public run predicted leaving its source out. A few seconds: one fit
// of two scales per source.
OutOfSampleGate outOfSampleGate(const ShippedRuns& data);
// The regime and source tables, for people.
std::string formatOutOfSampleGate(const OutOfSampleGate& gate);
// The leave-one-source-out figure per regime as a JSON array of {group, rows,
// mape, bias, worst_abs_error, worst_id} (validate-model's JSON key
// "leave_one_source_out_by_regime"; Help > Model Accuracy shows it).
std::string gateRegimesJson(const OutOfSampleGate& gate);

} // namespace cf::cli
