#include "models/predict/band_model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace cf {
namespace {

// Least log half-width a score divides by (our choice: a band of +-0.1 %
// is a point; a score against it would be unbounded).
constexpr double kMinLogHalfWidth = 1e-3;

struct LogBand {
    double centre = 0, halfWidth = 0;
};

LogBand logBandOf(const UncertaintyBand& b)
{
    const double lo = std::log(b.lowFactor), hi = std::log(b.highFactor);
    return {(lo + hi) / 2.0, std::max((hi - lo) / 2.0, kMinLogHalfWidth)};
}

// How many half-widths of `b` the error lies from its centre.
double scoreOf(const ModelError& e, const UncertaintyBand& b)
{
    const LogBand l = logBandOf(b);
    return std::fabs(-std::log1p(e.error) - l.centre) / l.halfWidth;
}

double scaleOf(const std::vector<double>& group, const std::vector<double>& all)
{
    const std::vector<double>& used = int(group.size()) >= kMinConformalScores ? group : all;
    return used.empty() ? 1.0 : quantile(used, kBandConformalLevel);
}

std::string joined(const std::vector<std::string>& parts)
{
    std::string out;
    for (const std::string& p : parts)
        out += (out.empty() ? "" : "; ") + p;
    return out;
}

} // namespace

std::vector<std::string> noveltyAgainst(const BandQuery& q, const std::vector<ModelError>& pool)
{
    const PredictionCategory& c = q.category;
    const BandFeatures& f = q.features;
    int sameGeneration = 0;
    std::set<std::string> generationSources;
    BandFeatures most{0, 1, 1, 1, 1, 1};
    int mostPipeline = 1; // PP x VP: the stages a pipeline is cut into
    for (const ModelError& e : pool) {
        if (e.category.moe != c.moe)
            continue;
        if (e.category.gpuGeneration == c.gpuGeneration) {
            ++sameGeneration;
            generationSources.insert(e.source);
        }
        const BandFeatures& g = e.features;
        if (g.gpus <= 0)
            continue; // not known
        most.gpus = std::max(most.gpus, g.gpus);
        most.tp = std::max(most.tp, g.tp);
        most.cp = std::max(most.cp, g.cp);
        most.ep = std::max(most.ep, g.ep);
        mostPipeline = std::max(mostPipeline, g.pp * g.vp);
    }
    const std::string kind = c.moe ? "MoE" : "dense";
    std::vector<std::string> why;
    char line[160];
    if (sameGeneration < kMinWidthSamples || generationSources.size() < 2) {
        std::snprintf(line, sizeof line, "%s: %d %s runs measured, from %zu sources", c.gpuGeneration.c_str(),
                      sameGeneration, kind.c_str(), generationSources.size());
        why.push_back(line);
    }
    if (f.gpus <= 0 || most.gpus <= 0)
        return why;
    const auto beyond = [&](const char* what, int value, int measured) {
        if (value > measured) {
            std::snprintf(line, sizeof line, "%s %d beyond any measured %s run (%d)", what, value, kind.c_str(),
                          measured);
            why.push_back(line);
        }
    };
    beyond("GPUs", f.gpus, most.gpus);
    beyond("TP", f.tp, most.tp);
    beyond("CP", f.cp, most.cp);
    beyond("EP", f.ep, most.ep);
    beyond("PP x VP", f.pp * f.vp, mostPipeline);
    return why;
}

BandModel::BandModel(std::vector<ModelError> errors) : errors_(std::move(errors))
{
    std::map<std::string, std::vector<const ModelError*>> bySource;
    for (const ModelError& e : errors_)
        bySource[e.source].push_back(&e);
    if (bySource.size() < 2)
        return;
    std::vector<double> novel, known, all;
    for (const auto& [source, rows] : bySource) {
        std::vector<ModelError> pool;
        for (const ModelError& e : errors_)
            if (e.source != source)
                pool.push_back(e);
        std::map<std::string, UncertaintyBand> bands; // by category: one band serves every row of it
        for (const ModelError* e : rows) {
            auto it = bands.find(e->category.label());
            if (it == bands.end())
                it = bands.emplace(e->category.label(), categoryBand(e->category, pool)).first;
            if (!it->second.available || !std::isfinite(e->error) || e->error <= -1.0)
                continue;
            const double s = scoreOf(*e, it->second);
            (noveltyAgainst({e->category, e->features}, pool).empty() ? known : novel).push_back(s);
            all.push_back(s);
        }
    }
    knownScale_ = scaleOf(known, all);
    novelScale_ = scaleOf(novel, all);
}

std::vector<std::string> BandModel::noveltyOf(const BandQuery& query) const
{
    return noveltyAgainst(query, errors_);
}

UncertaintyBand BandModel::band(const BandQuery& query) const
{
    UncertaintyBand b = categoryBand(query.category, errors_);
    if (!b.available)
        return b;
    const std::vector<std::string> why = noveltyOf(query);
    const double scale = scaleFor(!why.empty());
    const LogBand l = logBandOf(b);
    b.lowFactor = std::exp(l.centre - l.halfWidth * scale);
    b.highFactor = std::exp(l.centre + l.halfWidth * scale);
    char how[64];
    std::snprintf(how, sizeof how, ", reach x%.2f", scale);
    b.basis += how;
    b.basis += why.empty() ? " (like the measured runs)" : " (unlike the measured runs: " + joined(why) + ")";
    return b;
}

} // namespace cf
