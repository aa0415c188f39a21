#include "models/compare/winner_explanation.h"
#include "models/core/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cf {
namespace {

// A share of the step that differs by less than this is not a reason (our choice:
// below 3 points of the step the breakdowns' own error dominates).
constexpr double kMinShareGap = 0.03;
// Reasons named per loser (our choice: two read as a sentence).
constexpr std::size_t kMaxReasons = 2;

struct Part {
    const char* words;
    double StepBreakdown::*seconds;
};

const Part kParts[] = {
    {"recomputation", &StepBreakdown::recomputeS},
    {"tensor-parallel traffic", &StepBreakdown::tpCommS},
    {"the pipeline bubble", &StepBreakdown::ppBubbleS},
    {"pipeline sends", &StepBreakdown::ppCommS},
    {"exposed data-parallel traffic", &StepBreakdown::dpCommExposedS},
    {"context-parallel traffic", &StepBreakdown::cpCommS},
    {"the optimizer step", &StepBreakdown::optimizerS},
    {"expert all-to-all traffic", &StepBreakdown::epCommS},
    {"exposed expert gradient traffic", &StepBreakdown::expertDpCommExposedS},
};

bool hasTraining(const Prediction& p)
{
    return !p.lacks(FigureGroup::Training) && p.stepTimeS > 0;
}

// Smaller is better: days to train, else seconds per token.
double rankOf(const Prediction& p)
{
    if (p.goodput.timeToTrainS > 0)
        return p.goodput.timeToTrainS;
    return p.tokensPerS > 0 ? 1.0 / p.tokensPerS : INFINITY;
}

std::string percent(double fraction)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f %%", 100.0 * fraction);
    return buf;
}

std::string lead(const std::string& winner, const Prediction& w, const std::string& loser,
                 const Prediction& l)
{
    char buf[256];
    if (w.goodput.timeToTrainS > 0 && l.goodput.timeToTrainS > 0)
        std::snprintf(buf, sizeof buf, "%s takes %.1f days to train against %s's %.1f (%.0f %% longer)",
                      loser.c_str(), l.goodput.timeToTrainS / kSecondsPerDay, winner.c_str(),
                      w.goodput.timeToTrainS / kSecondsPerDay,
                      100.0 * (l.goodput.timeToTrainS / w.goodput.timeToTrainS - 1.0));
    else
        std::snprintf(buf, sizeof buf, "%s trains %.0f tokens/s against %s's %.0f", loser.c_str(),
                      l.tokensPerS, winner.c_str(), w.tokensPerS);
    return buf;
}

// Where the loser's step goes that the winner's does not, largest gap first.
std::string overheads(const std::string& winner, const Prediction& w, const std::string& loser,
                      const Prediction& l)
{
    struct Gap {
        const Part* part;
        double loserShare, winnerShare;
    };
    std::vector<Gap> gaps;
    for (const Part& part : kParts) {
        const double ls = l.breakdown.*part.seconds / l.stepTimeS,
                     ws = w.breakdown.*part.seconds / w.stepTimeS;
        if (ls - ws >= kMinShareGap)
            gaps.push_back({&part, ls, ws});
    }
    std::sort(gaps.begin(), gaps.end(), [](const Gap& a, const Gap& b) {
        return a.loserShare - a.winnerShare > b.loserShare - b.winnerShare;
    });
    std::string text;
    for (std::size_t i = 0; i < gaps.size() && i < kMaxReasons; ++i)
        text += std::string(i ? " and " : "; " + loser + " loses ") + percent(gaps[i].loserShare) +
                (i ? " to " : " of its step to ") + gaps[i].part->words + " (" + winner + " " +
                percent(gaps[i].winnerShare) + ")";
    if (gaps.empty()) { // the same shape of step: the hardware or the split's size makes the difference
        char buf[256];
        std::snprintf(buf, sizeof buf,
                      "; their steps spend alike, but %s's GPUs give %.0f tokens/s each against %.0f",
                      winner.c_str(), w.tokensPerSPerGpu, l.tokensPerSPerGpu);
        text += buf;
    }
    return text;
}

} // namespace

WinnerExplanation explainWinner(const std::vector<std::string>& names,
                                const std::vector<Prediction>& predictions)
{
    WinnerExplanation e;
    for (std::size_t i = 0; i < predictions.size(); ++i)
        if (hasTraining(predictions[i]) &&
            (e.winner < 0 || rankOf(predictions[i]) < rankOf(predictions[std::size_t(e.winner)])))
            e.winner = int(i);
    if (e.winner < 0)
        return e;
    const std::string& wn = names[std::size_t(e.winner)];
    const Prediction& w = predictions[std::size_t(e.winner)];
    for (std::size_t i = 0; i < predictions.size(); ++i) {
        if (int(i) == e.winner)
            continue;
        const Prediction& l = predictions[i];
        if (!hasTraining(l)) {
            const std::string why = l.missing.empty() ? "its prediction failed" : l.missing.front().reason;
            e.reasons.push_back(wn + " wins over " + names[i] + ", which has no training figures: " + why +
                                ".");
            continue;
        }
        e.reasons.push_back(wn + " wins over " + names[i] + ": " + lead(wn, w, names[i], l) +
                            overheads(wn, w, names[i], l) + ".");
    }
    return e;
}

} // namespace cf
