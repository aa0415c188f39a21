#pragma once
// Fitting a site profile (issue 16 item 2): the residuals of the site's runs
// (prepared_run.h) and of its nccl-tests points (nccl_tests_log.h) under a
// profile, the bounded fit over both (profile_fit.h), and held-out errors of
// the runs (k-fold: each run predicted by a profile fitted without its fold),
// which the profile keeps for its uncertainty band.

#include "app/validation/nccl_tests_log.h"
#include "app/validation/prepared_run.h"
#include "app/validation/profile_fit.h"
#include "app/validation/site_efficiency.h"

#include "models/topology/topology.h"

#include <string>
#include <vector>

namespace cf::cli {

// One nccl-tests point the fit uses: the collective on the site's topology.
struct NcclTarget {
    std::string log; // the file
    CollectiveOp op = CollectiveOp::AllReduce;
    GroupPlacement placement;
    double bytes = 0;
    double measuredS = 0;
};

struct NcclFitSet {
    Topology topology; // the cluster the logs ran on
    std::vector<NcclTarget> targets;
    std::vector<std::string> flagged; // points left out, with why (tree all-reduce)
};

// The points of `log` on `topology`; a 2-node all-reduce point whose bus
// bandwidth exceeds the NIC line rate per GPU is NCCL's tree algorithm (which
// sends half the data each way: NVIDIA/nccl#812), so it is flagged and not
// used as ring bandwidth. Problems (a log on more nodes or GPUs per node than
// the cluster has) name the file.
Problems addNcclLog(const NcclTestsLog& log, NcclFitSet& set);

double predictedSeconds(const Topology& topology, const NcclTarget& target,
                        const CalibrationProfile& profile);

// log(predicted / measured) of every run, then of every nccl point.
std::vector<double> siteResiduals(const std::vector<const PreparedRun*>& runs, const NcclFitSet* nccl,
                                  const CalibrationProfile& profile);

ProfileFit fitSite(const std::vector<const PreparedRun*>& runs, const NcclFitSet* nccl,
                   const CalibrationProfile& start = {}, const ProfileFitOptions& options = {});

// Fractional error of each run predicted by a profile fitted on the other
// folds (runs in rank order split into `folds` interleaved folds; folds =
// runs.size() is leave-one-out). The nccl points stay in every fit.
std::vector<double> heldOutErrors(const std::vector<const PreparedRun*>& runs, const NcclFitSet* nccl,
                                  int folds, const ProfileFitOptions& options = {});

// (predicted - measured) / measured of one run under a profile.
double runError(const PreparedRun& run, const CalibrationProfile& profile);

// Issue 27 item 1. The scales (indices into profileConstants()) the runs can
// see: those a 10 % move of which changes some run's prediction by more than
// kMinVisibleSensitivity of it, the most visible first, at most one fewer than
// the runs (each cross-validation fit then has at least as many runs as
// scales), and at least one. With nccl-tests points every scale is free (the
// points see the communication scales).
inline constexpr double kMinVisibleSensitivity = 0.05; // our choice: d log(figure) / d log(scale)
std::vector<int> visibleConstants(const std::vector<const PreparedRun*>& runs, const NcclFitSet* nccl);

// A site's profile that earns its place (issue 27 item 1): the scales the runs
// can see are fitted; with two runs or more each run is predicted by a fit
// without its fold (leave-one-out up to `folds` runs); the fit is kept only
// when that cross-validated MAPE beats the uncalibrated model's on the same
// runs. Otherwise the profile is the identity, its note says why, and its
// heldOutErrors are the uncalibrated errors (nothing fitted: out of sample).
// One run cannot be cross-validated: its one visible scale is fitted and the
// note says so.
struct SiteProfile {
    CalibrationProfile profile; // what to write: the fit or the identity
    ProfileFit fit;             // the fit as made, kept or not
    std::vector<double> uncalibratedErrors;
    std::vector<double> crossValidatedErrors; // empty with fewer than two runs
    bool kept = false;
};
// priorWeights: per scale (ProfileFitOptions::priorWeights), e.g.
// shippedScalePriors().priorWeights() (scale_priors.h, issue 27 item 2); empty:
// the weak fixed prior.
//
// Session 16: when that fit is refused and `efficiency` is usable, two runs or
// more (no nccl-tests points) get the site's one compute scale instead, the
// posterior mean of site_efficiency.h, which shrinks towards 1 as far as the
// public sites' spread says. Leave-one-out on a few runs is too noisy to
// decide alone: it is kept unless its leave-one-out errors are worse than the
// uncalibrated ones by more than their own noise (the mean of |LOO error| -
// |uncalibrated error| over the runs above its standard error), since under
// the prior the posterior mean never expects to do worse than 1.
SiteProfile fitSiteProfile(const std::vector<const PreparedRun*>& runs, const NcclFitSet* nccl, int folds,
                           const std::vector<double>& priorWeights = {},
                           const SiteEfficiencyPrior& efficiency = {});

} // namespace cf::cli
