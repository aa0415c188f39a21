#pragma once
// A site's calibration (issue 16): the few constants that describe one
// cluster's hardware and software, each a scale on the model's default (1 =
// the uncalibrated model), fitted by `clusterforge-cli calibrate` from the
// site's own runs and nccl-tests logs. A design may carry one (design JSON
// field "calibration", absent = none); the engine applies it through
// Topology::calibration (models/predict/calibration_hooks.h says where).
// Plain data here, beside the design that carries it; the fitting is
// models/calibration (profile_fit).

#include "models/core/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace cf {

struct CalibrationProfile {
    std::string name;   // free text: the site
    std::string source; // free text: what it was fitted on
    // Compute: multiply the achieved rate of the tensor-core GEMMs (math and
    // operand traffic: compute_model gemmSeconds, LM head) and of the
    // attention core (FlashAttention-class kernels).
    double gemmEfficiencyScale = 1.0;
    double attentionEfficiencyScale = 1.0;
    // Communication per tier: scale-up = inside one NVLink/PCIe domain,
    // scale-out = across nodes. Bandwidth scales multiply the achievable
    // bandwidth, latency scales NCCL's latency term of a collective.
    double scaleUpBandwidthScale = 1.0;
    double scaleUpLatencyScale = 1.0;
    double scaleOutBandwidthScale = 1.0;
    double scaleOutLatencyScale = 1.0;
    // Overlap: multiplies the compute time DP/ZeRO/FSDP traffic can hide
    // behind (0 = no overlap at all, 1 = the model's overlap rule).
    double overlapScale = 1.0;
    // Fractional errors (predicted - measured) / measured of the runs the
    // profile was fitted on, each predicted by a profile fitted WITHOUT it
    // (leave-one-out), so an uncertainty band from them is not the fit's own
    // optimism. Empty = no runs (a profile from nccl-tests logs only).
    std::vector<double> heldOutErrors;
    // Which scales the fit was allowed to move (JSON keys of profileConstants());
    // the others stayed at 1 because the runs could not see them (issue 27 item 1).
    std::vector<std::string> fittedConstants;
    // Why the profile is what it is: kept (its cross-validated error beat the
    // uncalibrated model's), or the identity with the reason (issue 27 item 1).
    std::string note;

    bool isIdentity() const; // every scale exactly 1
    bool operator==(const CalibrationProfile&) const = default;
};

// One fitted constant: its JSON key, member, bounds and meaning.
struct ProfileConstant {
    const char* key;
    double CalibrationProfile::*member;
    double min;
    double max;
    const char* what;
};
// Every scale with its bounds (our choice, each bound explained in the .cpp).
const std::vector<ProfileConstant>& profileConstants();

inline constexpr const char* kProfileFormat = "clusterforge-profile";
inline constexpr int kProfileFormatVersion = 1;
// Most held-out errors a profile may hold (our choice: far above any site's run list).
inline constexpr std::size_t kMaxProfileErrors = 10000;

// {"format": "clusterforge-profile", "version": 1, "name": ..., scales..., "heldOutErrors": [...]}.
std::string saveProfileJson(const CalibrationProfile& profile);
Result<CalibrationProfile> loadProfileJson(std::string_view text);
Result<CalibrationProfile> loadProfileFile(const std::string& path);

} // namespace cf
