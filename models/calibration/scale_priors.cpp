#include "models/calibration/scale_priors.h"

#include "models/catalog/resource_paths.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace cf {
namespace {

constexpr const char* kHeader = "key,groups,spread";
constexpr const char* kResidualKey = "residual";
constexpr const char* kEfficiencyKey = "siteEfficiency";
constexpr const char* kEfficiencyScatterKey = "siteEfficiencyScatter";

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
        std::ifstream f(resourceDir() + "/validation/scale_priors.csv", std::ios::binary);
        std::ostringstream text;
        if (f)
            text << f.rdbuf();
        return parseScalePriorsCsv(text.str());
    }();
    return priors;
}

} // namespace cf
