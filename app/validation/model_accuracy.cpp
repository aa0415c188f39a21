#include "app/validation/model_accuracy.h"

#include "app/validation/calibration_runner.h"
#include "app/validation/out_of_sample_gate.h"
#include "models/calibration/site_calibration.h"

#include "models/catalog/gpu_generation.h"
#include "models/catalog/resource_paths.h"

#include <QFile>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

namespace cf::cli {
namespace {

// Indices into profileConstants().
constexpr int kGemmConstant = 0;
constexpr int kAttentionConstant = 1;

std::string readAll(const std::string& path, bool& ok)
{
    QFile f(QString::fromStdString(path));
    ok = f.open(QIODevice::ReadOnly);
    return ok ? f.readAll().toStdString() : std::string();
}

double mapeOf(const std::vector<double>& errors)
{
    double s = 0;
    for (double e : errors)
        s += std::fabs(e);
    return errors.empty() ? 0.0 : s / double(errors.size());
}

double meanOf(const std::vector<double>& errors)
{
    double s = 0;
    for (double e : errors)
        s += e;
    return errors.empty() ? 0.0 : s / double(errors.size());
}

std::vector<const PreparedRun*> pointers(const PreparedRuns& p, bool gateOnly)
{
    std::vector<const PreparedRun*> out;
    for (const PreparedRun& r : p.runs)
        if (!gateOnly || inAccuracyGate(r.row()))
            out.push_back(&r);
    return out;
}

// Rows of a table by a key, with MAPE, signed mean and worst error of the uncalibrated model.
void tableBy(const std::vector<const PreparedRun*>& runs, const char* title,
             std::string (*key)(const PreparedRun&), std::ostringstream& o, nlohmann::ordered_json& rowsJson)
{
    rowsJson = nlohmann::ordered_json::array();
    std::map<std::string, std::vector<double>> groups;
    for (const PreparedRun* r : runs)
        groups[key(*r)].push_back(runError(*r, {}));
    char line[256];
    std::snprintf(line, sizeof line, "  %-40s %5s %8s %8s %8s\n", title, "rows", "MAPE", "bias", "worst");
    o << line;
    std::vector<double> all;
    for (const auto& [k, e] : groups) {
        double worst = 0;
        for (double v : e)
            worst = std::max(worst, std::fabs(v));
        std::snprintf(line, sizeof line, "  %-40s %5zu %7.1f%% %+7.1f%% %7.1f%%\n", k.c_str(), e.size(),
                      100 * mapeOf(e), 100 * meanOf(e), 100 * worst);
        o << line;
        rowsJson.push_back({{"group", k},
                            {"rows", e.size()},
                            {"mape", mapeOf(e)},
                            {"bias", meanOf(e)},
                            {"worst_abs_error", worst}});
        all.insert(all.end(), e.begin(), e.end());
    }
    std::snprintf(line, sizeof line, "  %-40s %5zu %7.1f%% %+7.1f%%\n", "all", all.size(), 100 * mapeOf(all),
                  100 * meanOf(all));
    o << line;
}

std::string categoryKey(const PreparedRun& r)
{
    return categoryOfRun(r).label();
}
std::string sourceKey(const PreparedRun& r)
{
    return sourceOf(r.row());
}

void skippedSummary(const PreparedRuns& p, const char* what, std::ostringstream& o)
{
    std::map<std::string, int> reasons;
    for (const auto& [id, why] : p.skipped)
        ++reasons[why];
    o << "  " << what << ": " << p.runs.size() << " rows predicted, " << p.skipped.size() << " skipped\n";
    for (const auto& [why, n] : reasons)
        o << "    " << n << " x " << why << "\n";
}

} // namespace

std::string sourceOf(const CalibrationCase& row)
{
    return row.id.substr(0, row.id.find('_'));
}

PredictionCategory categoryOfRun(const PreparedRun& run)
{
    return categoryOf(generationOfArch(run.gpuArch()), run.design().workload, run.row().gpus);
}

BandFeatures bandFeaturesOfRun(const PreparedRun& run)
{
    return bandFeaturesOf(run.design().parallelism, run.row().gpus);
}

std::map<std::string, BandModel> bandModelsWithoutEachSource(const std::vector<ModelError>& errors)
{
    std::map<std::string, BandModel> out;
    for (const ModelError& e : errors)
        if (!out.count(e.source)) {
            std::vector<ModelError> pool;
            for (const ModelError& other : errors)
                if (other.source != e.source)
                    pool.push_back(other);
            out.emplace(e.source, BandModel(std::move(pool)));
        }
    return out;
}

std::string validationDir()
{
    return (std::filesystem::path(resourceDir()) / "validation").string();
}

ShippedRuns loadShippedRuns(const std::string& dir)
{
    ShippedRuns s;
    bool ok = false;
    const std::string dense = readAll(dir + "/calibration.csv", ok);
    if (!ok) {
        s.problem = "cannot read " + dir + "/calibration.csv";
        return s;
    }
    s.dense = prepareRuns(parseCalibrationCsv(dense));
    const std::string moe = readAll(dir + "/calibration_moe.csv", ok);
    if (ok)
        s.moe = prepareRuns(parseCalibrationCsv(moe));
    const std::string held = readAll(dir + "/heldout_moe.csv", ok);
    if (ok)
        s.heldOutMoe = prepareRuns(parseCalibrationCsv(held));
    const std::string published = readAll(dir + "/runs_public.csv", ok);
    if (ok)
        s.publicRuns = prepareRuns(parseCalibrationCsv(published));
    return s;
}

std::vector<LeaveInSource> leaveInReport(const std::vector<const PreparedRun*>& runs)
{
    std::map<std::string, std::vector<const PreparedRun*>> bySource;
    for (const PreparedRun* r : runs)
        bySource[sourceOf(r->row())].push_back(r);
    std::vector<LeaveInSource> out;
    for (const auto& [source, rows] : bySource) {
        if (int(rows.size()) < kLeaveInMinRows)
            continue;
        // The 3 fitting rows spread over the source's table: first, middle, last.
        const std::size_t n = rows.size();
        const std::set<std::size_t> pick = {0, (n - 1) / 2, n - 1};
        LeaveInSource s;
        s.source = source;
        s.rows = int(n);
        std::vector<const PreparedRun*> fit, rest;
        for (std::size_t i = 0; i < n; ++i)
            (pick.count(i) ? fit : rest).push_back(rows[i]);
        for (const PreparedRun* r : fit)
            s.fitIds.push_back(r->row().id);
        // Three runs of one kind can tell apart at most two constants: the
        // compute ones, which dominate a training step (our choice; fitting
        // all seven over-fitted: nemo2407's rest went 8.9 -> 16.4 %).
        ProfileFitOptions compute;
        compute.freeConstants = {kGemmConstant, kAttentionConstant};
        s.profile = fitSite(fit, nullptr, {}, compute).profile;
        std::vector<double> before, after;
        for (const PreparedRun* r : rest) {
            before.push_back(runError(*r, {}));
            after.push_back(runError(*r, s.profile));
        }
        s.mapeBefore = mapeOf(before);
        s.mapeAfter = mapeOf(after);
        out.push_back(std::move(s));
    }
    return out;
}

BandCheck bandCheck(const std::vector<const PreparedRun*>& runs)
{
    BandCheck c;
    std::map<std::string, std::vector<const PreparedRun*>> bySource;
    for (const PreparedRun* r : runs)
        bySource[sourceOf(r->row())].push_back(r);
    // Leave one source out: a global profile fitted on the other sources.
    std::map<const PreparedRun*, double> heldOut;
    for (const auto& [source, rows] : bySource) {
        std::vector<const PreparedRun*> others;
        for (const PreparedRun* r : runs)
            if (sourceOf(r->row()) != source)
                others.push_back(r);
        const CalibrationProfile p = fitSite(others, nullptr).profile;
        for (const PreparedRun* r : rows) {
            heldOut[r] = runError(*r, p);
            c.heldOut.push_back({r->row().id, source, categoryOfRun(*r), heldOut[r], bandFeaturesOfRun(*r)});
        }
    }
    // Each row's band from the held-out errors of the OTHER sources.
    const std::map<std::string, BandModel> models = bandModelsWithoutEachSource(c.heldOut);
    std::vector<double> halfWidths;
    for (const PreparedRun* r : runs) {
        const UncertaintyBand b =
            models.at(sourceOf(r->row())).band({categoryOfRun(*r), bandFeaturesOfRun(*r)});
        if (!b.available)
            continue;
        ++c.rows;
        // predicted = measured * (1 + e); inside when measured / predicted lies in the band.
        const double ratio = 1.0 / (1.0 + heldOut[r]);
        if (ratio >= b.lowFactor && ratio <= b.highFactor)
            ++c.inside;
        halfWidths.push_back(b.halfWidth());
    }
    c.medianHalfWidth = quantile(halfWidths, 0.5);
    return c;
}

std::vector<ModelError> modelErrors(const ShippedRuns& data)
{
    // Issue 27 item 3: every public run of the gate (out_of_sample_gate.h), its
    // source the publication, so that the leave-one-source-out band check holds
    // a whole publication out.
    std::vector<ModelError> out;
    for (const PreparedRun* r : gateRunsOf(data).runs)
        out.push_back({r->row().id, publicationOf(r->row()), categoryOfRun(*r), runError(*r, {}),
                       bandFeaturesOfRun(*r)});
    return out;
}

namespace {

std::vector<std::string> bandRegimesOf(const PredictionCategory& c, bool novel)
{
    const std::string kind = c.moe ? "moe" : "dense";
    return {"all",
            kind,
            c.gpuGeneration,
            kind + " " + c.gpuGeneration,
            kind + " " + c.precision,
            kind + " seq " + c.sequence,
            kind + " " + c.scale,
            novel ? "unlike the other sources' runs" : "like the other sources' runs"};
}

} // namespace

std::map<std::string, BandRegime> uncalibratedBandsByRegime(const std::vector<ModelError>& errors)
{
    // Each row's band as a design from a source the model has not seen gets
    // it: from every other source's errors.
    const std::map<std::string, BandModel> models = bandModelsWithoutEachSource(errors);
    std::map<std::string, BandRegime> out;
    for (const ModelError& row : errors) {
        const BandModel& model = models.at(row.source);
        const BandQuery query{row.category, row.features};
        const UncertaintyBand b = model.band(query);
        if (!b.available)
            continue;
        const double ratio = 1.0 / (1.0 + row.error); // measured / predicted
        const bool inside = ratio >= b.lowFactor && ratio <= b.highFactor;
        for (const std::string& regime : bandRegimesOf(row.category, !model.noveltyOf(query).empty())) {
            BandRegime& g = out[regime];
            ++g.rows;
            g.inside += inside ? 1 : 0;
            g.halfWidths.push_back(b.halfWidth());
        }
    }
    return out;
}

std::string formatBandsByRegime(const std::map<std::string, BandRegime>& regimes)
{
    std::string out =
        "Uncalibrated P10-P90 band, leave one source out over every public run (target >= 80 % inside):\n";
    char line[256];
    std::snprintf(line, sizeof line, "  %-32s %5s %8s %12s\n", "regime", "rows", "inside", "half-width");
    out += line;
    for (const auto& [name, g] : regimes) {
        std::snprintf(line, sizeof line, "  %-32s %5d %7.1f%% %11.1f%%\n", name.c_str(), g.rows,
                      100 * g.coverage(), 100 * g.medianHalfWidth());
        out += line;
    }
    return out;
}

BandCheck uncalibratedBandCheck(const std::vector<ModelError>& errors)
{
    BandCheck c;
    c.heldOut = errors;
    const std::map<std::string, BandModel> models = bandModelsWithoutEachSource(errors);
    std::vector<double> halfWidths;
    for (const ModelError& row : errors) {
        const UncertaintyBand b = models.at(row.source).band({row.category, row.features});
        if (!b.available)
            continue;
        ++c.rows;
        const double ratio = 1.0 / (1.0 + row.error); // measured / predicted
        if (ratio >= b.lowFactor && ratio <= b.highFactor)
            ++c.inside;
        halfWidths.push_back(b.halfWidth());
    }
    c.medianHalfWidth = quantile(halfWidths, 0.5);
    return c;
}

namespace {

using OrderedJson = nlohmann::ordered_json;

// One headline line: rows, MAPE and the worst error of `runs`, uncalibrated.
void addAccuracySummary(const char* label, const std::vector<const PreparedRun*>& runs, const char* key,
                        std::ostringstream& o, OrderedJson& j)
{
    std::vector<double> e;
    for (const PreparedRun* r : runs)
        e.push_back(runError(*r, {}));
    double worst = 0;
    for (double v : e)
        worst = std::max(worst, std::fabs(v));
    char line[256];
    std::snprintf(line, sizeof line, "  %-52s %4zu rows  MAPE %5.1f %%  worst %5.1f %%\n", label, e.size(),
                  100 * mapeOf(e), 100 * worst);
    o << line;
    j[key] = {{"rows", e.size()}, {"mape", mapeOf(e)}, {"worst_abs_error", worst}};
}

// --leave-in: per source, a profile fitted on a few rows predicts the rest.
void addLeaveIn(const std::vector<const PreparedRun*>& gate, std::ostringstream& o, OrderedJson& j)
{
    char line[256];
    std::snprintf(line, sizeof line,
                  "\nLeave-in: per source with >= %d rows, a profile fitted on %d of its rows predicts the "
                  "rest (target MAPE <= %.0f %%)\n",
                  kLeaveInMinRows, kLeaveInFitRows, 100 * kLeaveInMapeTarget);
    o << line;
    j["leave_in"] = OrderedJson::array();
    for (const LeaveInSource& s : leaveInReport(gate)) {
        j["leave_in"].push_back({{"source", s.source},
                                 {"rows", s.rows},
                                 {"fit_ids", s.fitIds},
                                 {"rest_mape_before", s.mapeBefore},
                                 {"rest_mape_after", s.mapeAfter},
                                 {"target_met", s.mapeAfter <= kLeaveInMapeTarget}});
        std::snprintf(line, sizeof line, "  %-10s %4d rows: rest MAPE %5.1f %% -> %5.1f %%  %s  (fit on",
                      s.source.c_str(), s.rows, 100 * s.mapeBefore, 100 * s.mapeAfter,
                      s.mapeAfter <= kLeaveInMapeTarget ? "met   " : "missed");
        o << line;
        for (const std::string& id : s.fitIds)
            o << " " << id;
        o << ")\n";
    }
}

// --bands: the uncalibrated model's bands, then the bands leaving one source out.
void addBandChecks(const ShippedRuns& data, const std::vector<const PreparedRun*>& gate,
                   std::ostringstream& o, OrderedJson& j)
{
    char line[256];
    const BandCheck u = uncalibratedBandCheck(modelErrors(data));
    j["bands_uncalibrated"] = {{"rows", u.rows},
                               {"inside_fraction", u.coverage()},
                               {"median_half_width", u.medianHalfWidth},
                               {"method", "leave one source out"}};
    std::snprintf(
        line, sizeof line,
        "\nUncertainty bands of the uncalibrated model (what every evaluate carries), leave one source "
        "out:\n  %d rows, %.1f %% inside their P10-P90 band, median half-width %.1f %%\n",
        u.rows, 100 * u.coverage(), 100 * u.medianHalfWidth);
    o << line;
    o << "\n" << formatBandsByRegime(uncalibratedBandsByRegime(modelErrors(data)));
    const BandCheck b = bandCheck(gate);
    j["bands"] = {{"rows", b.rows},
                  {"inside_fraction", b.coverage()},
                  {"median_half_width", b.medianHalfWidth},
                  {"method", "leave one source out"}};
    std::snprintf(line, sizeof line,
                  "\nUncertainty bands, leave one source out (targets: >= %.0f %% inside, median half-width "
                  "<= %.0f %%):\n  %d rows, %.1f %% inside their P10-P90 band, median half-width %.1f %%\n",
                  100 * kBandCoverageTarget, 100 * kBandHalfWidthTarget, b.rows, 100 * b.coverage(),
                  100 * b.medianHalfWidth);
    o << line;
    std::map<std::string, std::vector<double>> byCategory;
    for (const ModelError& e : b.heldOut)
        byCategory[e.category.label()].push_back(e.error);
    o << "  held-out error by category (what a headline's \"±x %\" names):\n";
    for (const auto& [label, errs] : byCategory) {
        const UncertaintyBand band = bandFromErrors(errs, label);
        std::snprintf(line, sizeof line,
                      "    %-40s %4d rows  P10-P90 of measured/predicted %.2f-%.2f  (±%.0f %%)\n",
                      label.c_str(), band.samples, band.lowFactor, band.highFactor, 100 * band.halfWidth());
        o << line;
    }
}

} // namespace

std::string accuracyReport(const ShippedRuns& data, bool leaveIn, bool bands, bool json)
{
    OrderedJson j;
    std::ostringstream o;
    o << "Model accuracy on the shipped validation data (resources/validation), uncalibrated model;\n"
         "error = (predicted - measured) / measured; bias = signed mean\n\n";
    skippedSummary(data.dense, "calibration.csv (dense)", o);
    skippedSummary(data.moe, "calibration_moe.csv (MoE, what the CLI can express today)", o);
    std::vector<const PreparedRun*> all = pointers(data.dense, false), gate = pointers(data.dense, true);
    const std::vector<const PreparedRun*> moe = pointers(data.moe, false);
    all.insert(all.end(), moe.begin(), moe.end());
    gate.insert(gate.end(), moe.begin(), moe.end());
    // The headline figures: dense with and without the six ZeRO-3 rows (issue 16), MoE (issue 15).
    o << "\nSummary:\n";
    addAccuracySummary("dense, every row (with the six ZeRO-3 rows)", pointers(data.dense, false),
                       "dense_all_rows", o, j);
    addAccuracySummary("dense, accuracy gate (without the six ZeRO-3 rows)", pointers(data.dense, true),
                       "dense_gate", o, j);
    addAccuracySummary("MoE (calibration_moe.csv)", moe, "moe", o, j);
    addAccuracySummary("MoE held aside (heldout_moe.csv, never fitted)", pointers(data.heldOutMoe, false),
                       "moe_held_out", o, j);
    o << "\nBy category, every row (with the six ZeRO-3 rows meg21_t2_01..06):\n";
    tableBy(all, "category", categoryKey, o, j["by_category_all_rows"]);
    o << "\nBy category, accuracy gate (without the six ZeRO-3 rows):\n";
    tableBy(gate, "category", categoryKey, o, j["by_category_gate"]);
    o << "\nBy source, accuracy gate:\n";
    tableBy(gate, "source", sourceKey, o, j["by_source_gate"]);
    o << "\nMoE runs (calibration_moe.csv; target MAPE <= 15 %, no row over 30 %):\n";
    tableBy(
        moe, "run", [](const PreparedRun& r) { return r.row().id; }, o, j["moe_runs"]);
    o << "\nHeld-aside MoE runs (heldout_moe.csv, never fitted; target MAPE <= 15 %, no row over 30 %):\n";
    tableBy(
        pointers(data.heldOutMoe, false), "run", [](const PreparedRun& r) { return r.row().id; }, o,
        j["held_out_moe"]);
    j["dense_rows_predicted"] = data.dense.runs.size();
    j["dense_rows_skipped"] = data.dense.skipped.size();
    j["moe_rows_predicted"] = data.moe.runs.size();
    j["moe_rows_skipped"] = data.moe.skipped.size();
    if (leaveIn)
        addLeaveIn(gate, o, j);
    if (bands)
        addBandChecks(data, gate, o, j);
    if (json)
        return j.dump(2, ' ', false, OrderedJson::error_handler_t::replace) + "\n";
    return o.str();
}

} // namespace cf::cli
