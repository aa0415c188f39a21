#include "app/cli/plan_report_format.h"

#include "app/cli/json_schema.h"
#include "models/core/units.h"

#include <algorithm>
#include <cstdio>

namespace cf::cli {
namespace {

constexpr double kWattsPerMegawatt = 1e6;
constexpr double kWattsPerKw = 1e3;
constexpr double kUsdPerMillion = 1e6;
constexpr double kTokensPerMillion = 1e6;

using Json = nlohmann::ordered_json;

std::string line(const char* format, auto... values)
{
    char buffer[512];
    std::snprintf(buffer, sizeof buffer, format, values...);
    return buffer;
}

double days(double seconds)
{
    return seconds / kSecondsPerDay;
}

std::string splitText(const Parallelism& s)
{
    std::string t = line("TP%d PP%d", s.tp, s.pp);
    if (s.vp > 1)
        t += line(" VP%d", s.vp);
    if (s.cp > 1)
        t += line(" CP%d", s.cp);
    t += line(" DP%d", s.dp);
    if (s.ep > 1)
        t += line(" EP%d", s.ep);
    return t + " " + toString(s.sharding) + " " + toString(s.recompute);
}

Json splitJson(const Parallelism& s)
{
    return {{"tp", s.tp},
            {"pp", s.pp},
            {"vp", s.vp},
            {"dp", s.dp},
            {"cp", s.cp},
            {"ep", s.ep},
            {"etp", s.etp},
            {"microbatch", s.microbatch},
            {"sharding", toString(s.sharding)},
            {"recompute", toString(s.recompute)},
            {"job_gpus", s.jobGpus}};
}

Json candidateJson(const PlanCandidate& c)
{
    const PlanFigures& f = c.figures;
    return {{"label", c.label()},
            {"node", c.nodeId},
            {"gpu", c.gpuId},
            {"switch", c.switchId},
            {"fabric", c.fabric.name},
            {"nodes", c.nodes},
            {"gpus", c.gpus},
            {"job_gpus", c.jobGpus},
            {"spare_nodes", c.spareNodes},
            {"spare_gpus", c.spareGpus},
            {"split", splitJson(c.split)},
            {"time_to_train_days",
             {{"p10", days(f.timeToTrainSP10)},
              {"p50", days(f.timeToTrainSP50)},
              {"p90", days(f.timeToTrainSP90)}}},
            {"capex_usd", f.capexUsd},
            {"opex_usd_over_horizon", f.opexUsdOverHorizon},
            {"total_cost_usd", f.totalCostUsd},
            {"run_cost_usd", f.runCostUsd},
            {"energy_kwh", f.energyKwh},
            {"usd_per_million_tokens", f.usdPerMillionTokens},
            {"facility_mw", f.facilityW / kWattsPerMegawatt},
            {"average_facility_mw", f.averageFacilityW / kWattsPerMegawatt},
            {"racks", f.racks},
            {"racks_estimated", f.racksEstimated},
            {"floor_m2", f.floorM2},
            {"mfu", {{"p10", f.mfuP10}, {"p50", f.mfu}, {"p90", f.mfuP90}}},
            {"step_time_s", f.stepTimeS},
            {"tokens_per_s", f.tokensPerS},
            {"goodput", f.goodput},
            {"limit", toString(c.limit)},
            {"limit_detail", c.limitDetail},
            {"reason", c.reason}};
}

Json envelopeJson(const PlanEnvelope& e)
{
    const auto optional = [](const std::optional<double>& v) { return v ? Json(*v) : Json(nullptr); };
    Json fabrics = Json::array();
    for (const FabricChoice& f : e.fabrics.empty() ? defaultFabricChoices() : e.fabrics)
        fabrics.push_back(f.name);
    return {{"model", e.workload.model.preset},
            {"tokens", e.workload.tokensToTrain},
            {"power_mw", optional(e.facilityPowerMw)},
            {"budget_usd", optional(e.budgetUsd)},
            {"deadline_days", optional(e.deadlineDays)},
            {"pue", e.pue},
            {"usd_per_kwh", e.usdPerKwh},
            {"horizon_years", e.horizonYears},
            {"nodes", e.nodeIds},
            {"fabrics", std::move(fabrics)}};
}

// The batch planned with; the source as "flag", "published (where)" or "default".
void addBatchJson(const PlanReport& r, Json& envelope)
{
    envelope["seq_len"] = r.envelope.workload.seqLen;
    envelope["global_batch_seqs"] = r.envelope.workload.globalBatchSeqs;
    envelope["global_batch_tokens"] =
        double(r.envelope.workload.globalBatchSeqs) * r.envelope.workload.seqLen;
    envelope["global_batch_source"] = toString(r.batch);
}

Json firstIndices(const std::vector<int>& indices, int top)
{
    Json out = Json::array();
    for (std::size_t i = 0; i < indices.size() && int(i) < top; ++i)
        out.push_back(indices[i]);
    return out;
}

Json sensitivityJson(const PlanSensitivity& s)
{
    Json bars = Json::array();
    for (const TornadoBar& b : s.bars)
        bars.push_back({{"factor", b.factor},
                        {"low", b.lowText},
                        {"high", b.highText},
                        {"time_low_days", days(b.timeLowS)},
                        {"time_high_days", days(b.timeHighS)},
                        {"cost_low_usd", b.costLowUsd},
                        {"cost_high_usd", b.costHighUsd}});
    return {{"candidate", s.candidate},
            {"time_to_train_days", days(s.timeS)},
            {"total_cost_usd", s.costUsd},
            {"bars", std::move(bars)}};
}

} // namespace

Json planReportJson(const PlanReport& r, int top, const std::vector<std::string>& written)
{
    Json candidates = Json::array();
    for (const PlanCandidate& c : r.candidates)
        candidates.push_back(candidateJson(c));
    Json warnings = Json::array();
    for (const Problem& p : r.problems)
        warnings.push_back(formatProblem(p));
    Json envelope = envelopeJson(r.envelope);
    addBatchJson(r, envelope);
    return {{"schema", kJsonSchemaVersion},
            {"envelope", std::move(envelope)},
            {"cost_basis", "own: capex + opex x horizon years"},
            {"candidates", std::move(candidates)},
            {"front", firstIndices(r.front, top)},
            {"apart", firstIndices(r.apart, top)},
            {"chosen", r.chosen},
            {"sensitivity", sensitivityJson(r.sensitivity)},
            {"written", written},
            {"warnings", std::move(warnings)},
            {"cancelled", r.cancelled},
            {"elapsed_s", r.elapsedS}};
}

namespace {

std::string optionalText(const std::optional<double>& v, const char* format, const char* none)
{
    return v ? line(format, *v) : std::string(none);
}

void printEnvelope(const PlanReport& r, std::ostream& out)
{
    const PlanEnvelope& e = r.envelope;
    out << "plan: " << (e.workload.model.preset.empty() ? "custom model" : e.workload.model.preset)
        << line(", %.3g tokens, global batch %d sequences of %d tokens (%.3g M tokens; --global-batch, "
                "--seq)\n",
                e.workload.tokensToTrain, e.workload.globalBatchSeqs, e.workload.seqLen,
                double(e.workload.globalBatchSeqs) * e.workload.seqLen / kTokensPerMillion)
        << "global batch source: " << toString(r.batch) << "\n";
    out << "envelope: facility power " << optionalText(e.facilityPowerMw, "%g MW", "not limited")
        << line(" at PUE %g", e.pue) << ", capital " << optionalText(e.budgetUsd, "$%.4g", "not limited")
        << ", deadline " << optionalText(e.deadlineDays, "%g days", "none")
        << line(", electricity $%g/kWh, horizon %g years\n", e.usdPerKwh, e.horizonYears);
    out << line("candidates: %zu, %zu on the front, %zu over a limit; %.2f s%s\n", r.candidates.size(),
                r.front.size(), r.apart.size(), r.elapsedS, r.cancelled ? " (cancelled)" : "");
}

void printCandidateRow(int rank, const PlanCandidate& c, std::ostream& out)
{
    const PlanFigures& f = c.figures;
    out << line(
        "%3d  %-44s %7d %6d %5d  %-30s %6.1f (%5.1f-%5.1f) %9.1f %8.1f %9.1f %7.2f %7.2f %6d%s %8.0f %5.1f\n",
        rank, c.label().c_str(), c.gpus, c.jobGpus, c.spareNodes, splitText(c.split).c_str(),
        days(f.timeToTrainSP50), days(f.timeToTrainSP10), days(f.timeToTrainSP90),
        f.capexUsd / kUsdPerMillion, f.opexUsdOverHorizon / kUsdPerMillion, f.totalCostUsd / kUsdPerMillion,
        f.usdPerMillionTokens, f.facilityW / kWattsPerMegawatt, f.racks, f.racksEstimated ? "~" : " ",
        f.floorM2, 100.0 * f.mfu);
}

void printFront(const PlanReport& r, int top, std::ostream& out)
{
    out << line(
        "\nPareto front: time to train (P50) against total cost (owning: capex + opex over %g years), "
        "fastest first\n",
        r.envelope.horizonYears);
    out << line("%3s  %-44s %7s %6s %5s  %-30s %20s %9s %8s %9s %7s %7s %7s %8s %5s\n", "#", "candidate",
                "GPUs", "job", "spare", "split", "days P50 (P10-P90)", "capex $M", "opex $M", "total $M",
                "$/Mtok", "fac MW", "racks", "floor m2", "MFU %");
    for (std::size_t k = 0; k < r.front.size() && int(k) < top; ++k)
        printCandidateRow(int(k + 1), r.candidates[std::size_t(r.front[k])], out);
    if (r.front.empty())
        out << "  (none: every candidate breaks a limit; see below)\n";
}

void printApart(const PlanReport& r, int top, std::ostream& out)
{
    if (r.apart.empty())
        return;
    out << "\nOver a limit (not on the front):\n";
    for (std::size_t k = 0; k < r.apart.size() && int(k) < top; ++k) {
        const PlanCandidate& c = r.candidates[std::size_t(r.apart[k])];
        out << "  " << c.label() << ": " << toString(c.limit) << " (" << c.limitDetail << ")\n";
    }
    if (int(r.apart.size()) > top)
        out << line("  ... and %zu more\n", r.apart.size() - std::size_t(top));
}

void printReasons(const PlanReport& r, int top, std::ostream& out)
{
    if (r.front.empty())
        return;
    out << "\nWhy:\n";
    for (std::size_t k = 0; k < r.front.size() && int(k) < top; ++k)
        out << line("%3zu. ", k + 1) << r.candidates[std::size_t(r.front[k])].reason << "\n";
}

void printTornado(const PlanReport& r, std::ostream& out)
{
    if (r.chosen < 0)
        return;
    const PlanSensitivity& s = r.sensitivity;
    out << "\nSensitivity of " << r.candidates[std::size_t(r.chosen)].label()
        << line(" (%.1f days, $%.1f M total):\n", days(s.timeS), s.costUsd / kUsdPerMillion);
    out << line("  %-18s %-14s %-14s %9s %9s %11s %11s\n", "factor", "low", "high", "days low", "days high",
                "cost low $M", "cost high $M");
    for (const TornadoBar& b : s.bars)
        out << line("  %-18s %-14s %-14s %9.1f %9.1f %11.1f %11.1f\n", b.factor.c_str(), b.lowText.c_str(),
                    b.highText.c_str(), days(b.timeLowS), days(b.timeHighS), b.costLowUsd / kUsdPerMillion,
                    b.costHighUsd / kUsdPerMillion);
}

void printPowerArithmetic(const PlanReport& r, int top, std::ostream& out)
{
    if (r.front.empty())
        return;
    out << "\nPower arithmetic (every part at full load x PUE):\n";
    const std::optional<double>& mw = r.envelope.facilityPowerMw;
    for (std::size_t k = 0; k < r.front.size() && int(k) < top; ++k) {
        const PlanCandidate& c = r.candidates[std::size_t(r.front[k])];
        const double facilityMw = c.figures.facilityW / kWattsPerMegawatt;
        out << line("  %-44s %7d GPUs x %.2f kW = %.2f MW", c.label().c_str(), c.gpus,
                    c.figures.facilityW / std::max(1, c.gpus) / kWattsPerKw, facilityMw)
            << (mw ? line(" <= %g MW %s", *mw, facilityMw <= *mw ? "ok" : "OVER")
                   : std::string(" (no power limit)"))
            << "\n";
    }
}

} // namespace

void printPlanText(const PlanReport& r, int top, const std::vector<std::string>& written, std::ostream& out)
{
    printEnvelope(r, out);
    printFront(r, top, out);
    printApart(r, top, out);
    printReasons(r, top, out);
    printTornado(r, out);
    printPowerArithmetic(r, top, out);
    for (const std::string& path : written)
        out << "wrote " << path << "\n";
    for (const Problem& p : r.problems)
        out << formatProblem(p) << "\n";
}

} // namespace cf::cli
