#include "app/validation/scale_priors.h"

#include "app/validation/model_accuracy.h"
#include "app/validation/out_of_sample_gate.h"
#include "app/validation/site_calibration.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

namespace cf::cli {
namespace {

constexpr const char* kHeader = "key,groups,spread";
constexpr const char* kResidualKey = "residual";
constexpr const char* kEfficiencyKey = "siteEfficiency";
constexpr const char* kEfficiencyScatterKey = "siteEfficiencyScatter";

// Where the prior residual measures a scale: log for a scale bounded away
// from 0, the scale itself for overlap (profile_fit.cpp's variables).
double priorCoordinate(const ProfileConstant& c, double scale)
{
    return c.min > 0 ? std::log(scale) : scale - 1.0;
}

std::vector<std::string> splitFields(const std::string& line)
{
    std::vector<std::string> out;
    std::string cur;
    for (char ch : line) {
        if (ch == ',') {
            out.push_back(cur);
            cur.clear();
        } else if (ch != '\r') {
            cur += ch;
        }
    }
    out.push_back(cur);
    return out;
}

} // namespace

std::vector<GroupScaleFit> groupScaleFits(const std::vector<const PreparedRun*>& runs)
{
    std::map<std::pair<std::string, std::string>, std::vector<const PreparedRun*>> groups;
    for (const PreparedRun* r : runs)
        groups[{publicationOf(r->row()), r->gpuId()}].push_back(r);
    std::vector<GroupScaleFit> out;
    for (const auto& [key, group] : groups) {
        if (int(group.size()) < kPriorMinRuns)
            continue;
        GroupScaleFit g;
        g.source = key.first;
        g.gpu = key.second;
        g.runs = int(group.size());
        ProfileFitOptions options; // the weak default prior: a scale the runs barely see stays near 1
        options.freeConstants = visibleConstants(group, nullptr);
        g.fitted = options.freeConstants;
        g.profile = fitSite(group, nullptr, {}, options).profile;
        for (double r : siteResiduals(group, nullptr, g.profile))
            g.residualSumSquares += r * r;
        g.efficiency = groupEfficiency(group);
        out.push_back(std::move(g));
    }
    return out;
}

ScalePriors scalePriorsFrom(const std::vector<GroupScaleFit>& fits, const std::string& withoutSource)
{
    const auto& constants = profileConstants();
    ScalePriors p;
    p.spread.assign(constants.size(), 0.0);
    p.groups.assign(constants.size(), 0);
    double residualSquares = 0;
    int freedom = 0;
    std::vector<GroupEfficiency> efficiencies;
    for (const GroupScaleFit& g : fits) {
        if (!withoutSource.empty() && g.source == withoutSource)
            continue;
        efficiencies.push_back(g.efficiency);
        for (int c : g.fitted) {
            const std::size_t i = std::size_t(c);
            const double u = priorCoordinate(constants[i], g.profile.*constants[i].member);
            p.spread[i] += u * u;
            ++p.groups[i];
        }
        residualSquares += g.residualSumSquares;
        freedom += std::max(1, g.runs - int(g.fitted.size()));
        p.runs += g.runs;
    }
    for (std::size_t i = 0; i < constants.size(); ++i)
        p.spread[i] = p.groups[i] > 0 ? std::sqrt(p.spread[i] / p.groups[i]) : 0.0;
    p.residualSpread = freedom > 0 ? std::sqrt(residualSquares / freedom) : 0.0;
    p.efficiency = siteEfficiencyPriorOf(efficiencies);
    return p;
}

std::vector<double> ScalePriors::priorWeights() const
{
    std::vector<double> w(profileConstants().size(), kWeakestPriorWeight);
    for (std::size_t i = 0; i < w.size() && i < spread.size() && i < groups.size(); ++i)
        if (groups[i] >= kPriorMinGroups && spread[i] > 0 && residualSpread > 0)
            w[i] = std::max(kWeakestPriorWeight, residualSpread / spread[i]);
    return w;
}

std::string formatScalePriorsCsv(const ScalePriors& p)
{
    std::ostringstream o;
    o << kHeader << "\n";
    char num[32];
    const auto& constants = profileConstants();
    for (std::size_t i = 0; i < constants.size() && i < p.spread.size(); ++i) {
        std::snprintf(num, sizeof num, "%.4f", p.spread[i]);
        o << constants[i].key << "," << p.groups[i] << "," << num << "\n";
    }
    std::snprintf(num, sizeof num, "%.4f", p.residualSpread);
    o << kResidualKey << "," << p.runs << "," << num << "\n";
    std::snprintf(num, sizeof num, "%.4f", p.efficiency.betweenSites);
    o << kEfficiencyKey << "," << p.efficiency.groups << "," << num << "\n";
    std::snprintf(num, sizeof num, "%.4f", p.efficiency.withinSite);
    o << kEfficiencyScatterKey << "," << p.efficiency.runs << "," << num << "\n";
    return o.str();
}

ScalePriors parseScalePriorsCsv(const std::string& text)
{
    const auto& constants = profileConstants();
    ScalePriors p;
    p.spread.assign(constants.size(), 0.0);
    p.groups.assign(constants.size(), 0);
    std::istringstream in(text);
    std::string line;
    if (!std::getline(in, line) || line.rfind(kHeader, 0) != 0)
        return p;
    while (std::getline(in, line)) {
        const std::vector<std::string> v = splitFields(line);
        if (v.size() != 3)
            continue; // a damaged line is left out
        char* end = nullptr;
        const double spread = std::strtod(v[2].c_str(), &end);
        const long groups = std::strtol(v[1].c_str(), nullptr, 10);
        if (end == v[2].c_str() || !std::isfinite(spread) || spread < 0 || groups < 0)
            continue;
        if (v[0] == kResidualKey) {
            p.residualSpread = spread;
            p.runs = int(groups);
            continue;
        }
        if (v[0] == kEfficiencyKey) {
            p.efficiency.betweenSites = spread;
            p.efficiency.groups = int(groups);
            continue;
        }
        if (v[0] == kEfficiencyScatterKey) {
            p.efficiency.withinSite = spread;
            p.efficiency.runs = int(groups);
            continue;
        }
        for (std::size_t i = 0; i < constants.size(); ++i)
            if (v[0] == constants[i].key) {
                p.spread[i] = spread;
                p.groups[i] = int(groups);
            }
    }
    return p;
}

const ScalePriors& shippedScalePriors()
{
    static const ScalePriors priors = [] {
        std::ifstream f(validationDir() + "/scale_priors.csv", std::ios::binary);
        std::ostringstream text;
        if (f)
            text << f.rdbuf();
        return parseScalePriorsCsv(text.str());
    }();
    return priors;
}

std::string formatScalePriors(const ScalePriors& p, const std::vector<GroupScaleFit>& fits)
{
    const auto& constants = profileConstants();
    std::string out = "Priors on the calibration scales: each group of one source on one GPU type (>= " +
                      std::to_string(kPriorMinRuns) + " runs) fitted as a site, the scales its runs see:\n";
    char line[256];
    std::snprintf(line, sizeof line, "  %-28s %-12s %5s  %s\n", "source", "GPU", "runs", "scales fitted");
    out += line;
    for (const GroupScaleFit& g : fits) {
        std::string moved;
        for (int c : g.fitted) {
            char m[64];
            std::snprintf(m, sizeof m, "%s%s %.2f", moved.empty() ? "" : ", ", constants[std::size_t(c)].key,
                          g.profile.*constants[std::size_t(c)].member);
            moved += m;
        }
        std::snprintf(line, sizeof line, "  %-28s %-12s %5d  %s\n", g.source.c_str(), g.gpu.c_str(), g.runs,
                      moved.c_str());
        out += line;
    }
    std::snprintf(line, sizeof line,
                  "  a run's log residual about its group's fit: %.3f (RMS over %d runs)\n"
                  "  %-26s %6s %8s %12s\n",
                  p.residualSpread, p.runs, "scale", "groups", "spread", "prior weight");
    out += line;
    const std::vector<double> w = p.priorWeights();
    for (std::size_t i = 0; i < constants.size(); ++i) {
        std::snprintf(line, sizeof line, "  %-26s %6d %8.3f %12.2f\n", constants[i].key, p.groups[i],
                      p.spread[i], w[i]);
        out += line;
    }
    std::snprintf(line, sizeof line,
                  "  one site compute scale (empirical Bayes, %d groups, %d runs): between-site spread %.3f, "
                  "within-site scatter %.3f (log)\n",
                  p.efficiency.groups, p.efficiency.runs, p.efficiency.betweenSites, p.efficiency.withinSite);
    out += line;
    return out;
}

} // namespace cf::cli
