#include "models/plan/plan_ranking.h"

#include "models/compare/winner_explanation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <tuple>

namespace cf {
namespace {

double timeOf(const PlanCandidate& c)
{
    return c.figures.timeToTrainSP50 > 0 ? c.figures.timeToTrainSP50 : INFINITY;
}

bool faster(const PlanCandidate& a, const PlanCandidate& b)
{
    return std::make_tuple(timeOf(a), a.figures.totalCostUsd, a.label()) <
           std::make_tuple(timeOf(b), b.figures.totalCostUsd, b.label());
}

bool dominates(const PlanCandidate& a, const PlanCandidate& b)
{
    const double ta = timeOf(a), tb = timeOf(b);
    const double ca = a.figures.totalCostUsd, cb = b.figures.totalCostUsd;
    return ta <= tb && ca <= cb && (ta < tb || ca < cb);
}

std::vector<int> sortedFastestFirst(const std::vector<PlanCandidate>& all, std::vector<int> indices)
{
    std::sort(indices.begin(), indices.end(),
              [&all](int a, int b) { return faster(all[std::size_t(a)], all[std::size_t(b)]); });
    return indices;
}

std::string percent(double fraction)
{
    char buf[32];
    const double v = 100.0 * std::abs(fraction);
    std::snprintf(buf, sizeof buf, v < 1.0 ? "%.1f %%" : "%.0f %%", v);
    return buf;
}

std::string sizeReason(const PlanCandidate& fast, const PlanCandidate& slow)
{
    char buf[160];
    std::snprintf(buf, sizeof buf, "; %d job GPUs against %d, at %.0f against %.0f tokens/s each",
                  fast.jobGpus, slow.jobGpus, fast.prediction.tokensPerSPerGpu,
                  slow.prediction.tokensPerSPerGpu);
    return buf;
}

// The expert all-to-all of the faster one stays inside its scale-up domain
// where the slower one's does not (MoE; issue 29's example).
std::string expertReason(const PlanCandidate& fast, const PlanCandidate& slow)
{
    if (fast.prediction.moe.edp == 0 || !fast.prediction.moe.epInsideScaleUp ||
        slow.prediction.moe.epInsideScaleUp)
        return {};
    return "; its all-to-all stays inside the scale-up domain at EP " + std::to_string(fast.split.ep);
}

// Where the slower one's step goes (models/compare/winner_explanation.h),
// when its breakdown differs; else the sizes and per-GPU speeds.
std::string stepReason(const PlanCandidate& fast, const PlanCandidate& slow)
{
    const WinnerExplanation e =
        explainWinner({fast.label(), slow.label()}, {fast.prediction, slow.prediction});
    const std::string loses = "; " + slow.label() + " loses ";
    std::string tail;
    if (!e.reasons.empty()) {
        const std::string& s = e.reasons.front();
        if (const auto at = s.find(loses); at != std::string::npos)
            tail = s.substr(at);
    }
    if (!tail.empty() && tail.back() == '.')
        tail.pop_back();
    return expertReason(fast, slow) + (tail.empty() ? sizeReason(fast, slow) : tail);
}

std::string compared(const PlanCandidate& c, const PlanCandidate& other)
{
    const double time = timeOf(c) / timeOf(other) - 1.0;
    const double cost = c.figures.totalCostUsd / other.figures.totalCostUsd - 1.0;
    return c.label() + ": " + percent(time) + (time <= 0 ? " faster" : " slower") + " at " + percent(cost) +
           (cost >= 0 ? " more" : " less") + " cost than " + other.label();
}

} // namespace

std::vector<int> paretoFront(const std::vector<PlanCandidate>& all)
{
    std::vector<int> front;
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (all[i].limit != PlanLimit::None || !(all[i].figures.timeToTrainSP50 > 0))
            continue;
        const bool dominated = std::any_of(all.begin(), all.end(), [&](const PlanCandidate& o) {
            return o.limit == PlanLimit::None && o.figures.timeToTrainSP50 > 0 && dominates(o, all[i]);
        });
        if (!dominated)
            front.push_back(int(i));
    }
    return sortedFastestFirst(all, std::move(front));
}

std::vector<int> candidatesApart(const std::vector<PlanCandidate>& all)
{
    std::vector<int> apart;
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i].limit != PlanLimit::None)
            apart.push_back(int(i));
    return sortedFastestFirst(all, std::move(apart));
}

void explainFront(std::vector<PlanCandidate>& all, const std::vector<int>& front)
{
    if (front.size() == 1) {
        PlanCandidate& only = all[std::size_t(front.front())];
        only.reason =
            only.label() + ": the only candidate within the limits that no other beats on both time and cost";
        return;
    }
    for (std::size_t k = 0; k < front.size(); ++k) {
        PlanCandidate& c = all[std::size_t(front[k])];
        if (k + 1 < front.size()) {
            const PlanCandidate& cheaper = all[std::size_t(front[k + 1])];
            c.reason = compared(c, cheaper) + stepReason(c, cheaper) + ".";
        } else {
            const PlanCandidate& fasterOne = all[std::size_t(front[k - 1])];
            c.reason = compared(c, fasterOne) + stepReason(fasterOne, c) + "; the cheapest on the front.";
        }
    }
}

int chooseCandidate(const PlanEnvelope& envelope, const std::vector<PlanCandidate>&,
                    const std::vector<int>& front)
{
    if (front.empty())
        return -1;
    return envelope.deadlineDays ? front.back() : front.front();
}

} // namespace cf
