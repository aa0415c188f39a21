#pragma once
// The evaluate command's engine call, shared with the calibration runner so
// that calibration goes through exactly the CLI's flag handling.

#include "app/cli/commands.h"

#include "models/catalog/catalog.h"
#include "models/cluster/cluster_spec.h"
#include "models/design/design.h"
#include "models/predict/prediction.h"
#include "models/predict/prediction_band.h"
#include "models/racks/rack_report.h"

#include <optional>

#include <string>
#include <vector>

namespace cf::cli {

struct EvaluateRequest {
    Prediction prediction;
    std::string format = "json";          // "json" | "text"
    std::vector<std::string> inputErrors; // bad flags, each naming its flag (exit 2)
    std::vector<std::string>
        flagErrors; // errors of the evaluated design on a field a flag sets, naming the flag
    std::vector<std::string>
        loadWarnings; // "FILE: warning: /pointer: ..." from reading DESIGN.json or --profile
    // Issue 16: the P10-P90 band when the design is predicted with a profile
    // that holds held-out errors (--profile, or the design's "calibration").
    std::optional<PredictionBands> bands;
    // Issue 17: per-rack power of a design with racks (none for an unplaced design).
    std::optional<RackReport> racks;
    // The evaluated design (set when it was evaluated), for figures beside the
    // prediction: the provisioning power (issue 28 item 17).
    std::optional<Design> design;
    std::optional<Catalog> catalog; // the one it was evaluated with (cluster flags add parts)
};

// Parses DESIGN.json (optional), cluster flags, workload and split flags, then
// evaluates. inputErrors non-empty means exit status 2; errors in the
// prediction's problems (flagErrors among them) mean exit status 1.
EvaluateRequest evaluateArgs(const Args& args);

// The same for a cluster given as a spec (a calibration row's: no DESIGN.json,
// no cluster flags) and the workload and split flags in `workloadArgs`; errors
// of the spec name the cluster flag that would set the field.
EvaluateRequest evaluateCluster(const ClusterSpec& cluster, const Args& workloadArgs);

} // namespace cf::cli
