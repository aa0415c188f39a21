#pragma once
// The published runs no constant of the model was fitted on (issue 26 item 4):
// resources/validation/runs_public.csv, predicted uncalibrated and summed up by
// regime (dense or MoE x GPU generation x precision, and by scale). Every figure
// is out of sample. validate-model prints it; tst_public_runs holds floors on it.

#include "models/calibration/prepared_run.h"

#include <map>
#include <string>
#include <vector>

namespace cf::cli {

struct ErrorTally {
    int rows = 0;
    double sumAbs = 0, sum = 0, worst = 0;
    std::string worstId;

    void add(const std::string& id, double error);
    double mape() const { return rows ? sumAbs / rows : 0; }
    double bias() const { return rows ? sum / rows : 0; }
};

struct PublicRunsReport {
    ErrorTally dense, moe;
    std::map<std::string, ErrorTally> regimes;                     // "dense H100 FP8", "MoE >512 GPUs", ...
    std::vector<std::pair<std::string, double>> errors;            // per predicted run, signed
    std::vector<std::pair<std::string, std::string>> notPredicted; // id, why (skipped or not fitting)
    int predicted = 0, notFitting = 0, notExpressible = 0;
};

// The scale regime of a run on `gpus` GPUs ("<=64 GPUs", "65-512 GPUs", ">512 GPUs").
std::string scaleRegimeOf(int gpus);

// Predicts every run with the uncalibrated model.
PublicRunsReport publicRunsReport(const PreparedRuns& runs);
// The regime table, one line per regime, for people.
std::string formatPublicRunsReport(const PublicRunsReport& report);

} // namespace cf::cli
