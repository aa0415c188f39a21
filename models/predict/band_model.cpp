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

// A category's errors as log(measured / predicted): their median is the
// band's centre; the spread a score is measured in is how far a source's runs
// typically fall from that centre (the median |log ratio - centre| of each
// source with kMinWidthSamples runs in the category, the mean over those
// sources), so that each site counts once: a design is a new site, and one
// source's many runs that agree must not make the band as narrow as they are.
// The mean, not the median, over the sources (session 16): with two or three
// sources in a category the median is one of them or their midpoint and
// ignores how far the site that disagrees lies; the mean carries it (MoE and
// Blackwell, whose sources disagree most, widen; dense Hopper and Ampere,
// whose sources agree, do not).
struct RegimeSpread {
    bool available = false;
    double centre = 0, spread = 0;
    std::string label;
    std::vector<double> errors; // (predicted - measured) / measured, of the category
};

double meanOf(const std::vector<double>& v)
{
    double sum = 0;
    for (double x : v)
        sum += x;
    return v.empty() ? 0.0 : sum / double(v.size());
}

double logRatioOf(double error)
{
    return -std::log1p(error);
}

RegimeSpread regimeSpreadOf(const PredictionCategory& category, const std::vector<ModelError>& pool)
{
    const CategoryErrors picked = categoryErrors(category, pool);
    RegimeSpread r;
    if (picked.errors.empty())
        return r;
    std::vector<double> logs;
    for (const ModelError* e : picked.errors) {
        logs.push_back(logRatioOf(e->error));
        r.errors.push_back(e->error);
    }
    r.centre = quantile(logs, 0.5);
    std::map<std::string, std::vector<double>> bySource;
    std::vector<double> deviations;
    for (const ModelError* e : picked.errors) {
        const double d = std::fabs(logRatioOf(e->error) - r.centre);
        bySource[e->source].push_back(d);
        deviations.push_back(d);
    }
    std::vector<double> perSource;
    for (const auto& [source, d] : bySource)
        if (int(d.size()) >= kMinWidthSamples)
            perSource.push_back(quantile(d, 0.5));
    // No source with enough runs (the last level's fallback): every run alike.
    r.spread = std::max(perSource.empty() ? quantile(deviations, 0.5) : meanOf(perSource), kMinLogHalfWidth);
    r.label = picked.label;
    r.available = true;
    return r;
}

// How many spreads of its category the error lies from the category's centre.
double scoreOf(const ModelError& e, const RegimeSpread& r)
{
    return std::fabs(logRatioOf(e.error) - r.centre) / r.spread;
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
            std::snprintf(line, sizeof line, "%s %d beyond any measured %s run (%d)", what, value,
                          kind.c_str(), measured);
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
    // Scores by group: [novel][moe] (Mondrian by group, band_model.h).
    std::vector<double> scores[2][2], all;
    for (const auto& [source, rows] : bySource) {
        std::vector<ModelError> pool;
        for (const ModelError& e : errors_)
            if (e.source != source)
                pool.push_back(e);
        std::map<std::string, RegimeSpread> spreads; // by category: one serves every row of it
        for (const ModelError* e : rows) {
            auto it = spreads.find(e->category.label());
            if (it == spreads.end())
                it = spreads.emplace(e->category.label(), regimeSpreadOf(e->category, pool)).first;
            if (!it->second.available || !std::isfinite(e->error) || e->error <= -1.0)
                continue;
            const double s = scoreOf(*e, it->second);
            const bool novel = !noveltyAgainst({e->category, e->features}, pool).empty();
            scores[novel][e->category.moe].push_back(s);
            all.push_back(s);
        }
    }
    for (int novel = 0; novel < 2; ++novel)
        for (int moe = 0; moe < 2; ++moe)
            scales_[novel][moe] = scaleOf(scores[novel][moe], all);
}

std::vector<std::string> BandModel::noveltyOf(const BandQuery& query) const
{
    return noveltyAgainst(query, errors_);
}

UncertaintyBand BandModel::band(const BandQuery& query) const
{
    const RegimeSpread r = regimeSpreadOf(query.category, errors_);
    if (!r.available)
        return {};
    UncertaintyBand b = bandFromErrors(r.errors, r.label); // the category's measured MAPE and median
    const std::vector<std::string> why = noveltyOf(query);
    const double scale = scaleFor(!why.empty(), query.category.moe);
    b.lowFactor = std::exp(r.centre - r.spread * scale);
    b.highFactor = std::exp(r.centre + r.spread * scale);
    char how[96];
    std::snprintf(how, sizeof how, ", centre x%.3f, spread %.1f %%, reach x%.2f", std::exp(r.centre),
                  100 * r.spread, scale);
    b.basis += how;
    b.basis += why.empty() ? " (like the measured runs)" : " (unlike the measured runs: " + joined(why) + ")";
    return b;
}

} // namespace cf
