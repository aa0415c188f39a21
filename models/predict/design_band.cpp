#include "models/predict/design_band.h"

#include "models/catalog/resource_paths.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>

namespace cf {
namespace {

// Since issue 27 item 3 the size and split of each run follow the category;
// a file of the older layout (no split columns) is still read, its runs'
// split unknown.
constexpr const char* kHeader =
    "id,source,gpu_generation,moe,sequence,precision,scale,gpus,tp,pp,vp,cp,ep,error";
constexpr int kColumns = 14;
constexpr const char* kOldHeader = "id,source,gpu_generation,moe,sequence,precision,scale,error";
constexpr int kOldColumns = 8;

// A positive whole number, or `fallback` when the field is not one.
int positiveInt(const std::string& field, int fallback)
{
    char* end = nullptr;
    const long v = std::strtol(field.c_str(), &end, 10);
    return end != field.c_str() && *end == '\0' && v > 0 && v < (1L << 30) ? int(v) : fallback;
}

std::vector<std::string> splitFields(const std::string& line)
{
    std::vector<std::string> out;
    std::string cur;
    for (char c : line) {
        if (c == ',') {
            out.push_back(cur);
            cur.clear();
        } else if (c != '\r') {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}

std::vector<ModelError> loadShipped()
{
    std::ifstream f(resourceDir() + "/validation/model_errors.csv", std::ios::binary);
    if (!f)
        return {};
    std::ostringstream text;
    text << f.rdbuf();
    return parseModelErrorsCsv(text.str());
}

} // namespace

const std::vector<ModelError>& shippedModelErrors()
{
    static const std::vector<ModelError> errors = loadShipped();
    return errors;
}

const BandModel& shippedBandModel()
{
    static const BandModel model(shippedModelErrors());
    return model;
}

std::string formatModelErrorsCsv(const std::vector<ModelError>& errors)
{
    std::ostringstream o;
    o << kHeader << "\n";
    char num[32];
    for (const ModelError& e : errors) {
        std::snprintf(num, sizeof num, "%.4f", e.error);
        const PredictionCategory& c = e.category;
        o << e.id << "," << e.source << "," << c.gpuGeneration << "," << (c.moe ? "moe" : "dense") << ","
          << c.sequence << "," << c.precision << "," << c.scale << "," << e.features.gpus << ","
          << e.features.tp << "," << e.features.pp << "," << e.features.vp << "," << e.features.cp << ","
          << e.features.ep << "," << num << "\n";
    }
    return o.str();
}

std::vector<ModelError> parseModelErrorsCsv(const std::string& text)
{
    std::vector<ModelError> out;
    std::istringstream in(text);
    std::string line;
    if (!std::getline(in, line))
        return out;
    const bool withSplit = line.rfind(kHeader, 0) == 0;
    if (!withSplit && line.rfind(kOldHeader, 0) != 0)
        return out;
    const int columns = withSplit ? kColumns : kOldColumns;
    while (std::getline(in, line)) {
        const std::vector<std::string> v = splitFields(line);
        if (int(v.size()) != columns)
            continue; // a damaged line is left out, never half-read
        ModelError e;
        e.id = v[0];
        e.source = v[1];
        e.category.gpuGeneration = v[2];
        e.category.moe = v[3] == "moe";
        e.category.sequence = v[4];
        e.category.precision = v[5];
        e.category.scale = v[6];
        if (withSplit) {
            e.features.gpus = positiveInt(v[7], 0);
            e.features.tp = positiveInt(v[8], 1);
            e.features.pp = positiveInt(v[9], 1);
            e.features.vp = positiveInt(v[10], 1);
            e.features.cp = positiveInt(v[11], 1);
            e.features.ep = positiveInt(v[12], 1);
        }
        const std::string& errorField = v[std::size_t(columns - 1)];
        char* end = nullptr;
        e.error = std::strtod(errorField.c_str(), &end);
        if (end == errorField.c_str() || !std::isfinite(e.error) || e.error <= -1.0)
            continue;
        out.push_back(e);
    }
    return out;
}

BandQuery bandQueryOf(const Design& design, const Prediction& prediction)
{
    return {categoryOf(prediction.gpuGeneration, design.workload, prediction.gpus),
            bandFeaturesOf(design.parallelism, prediction.gpus)};
}

PredictionBands predictionBand(const Design& design, const Prediction& prediction, const BandModel& model)
{
    if (prediction.gpuId.empty() || prediction.gpus <= 0)
        return applyBand(prediction, UncertaintyBand{});
    return applyBand(prediction, model.band(bandQueryOf(design, prediction)));
}

PredictionBands predictionBand(const Design& design, const Prediction& prediction,
                               const std::vector<ModelError>& errors)
{
    // Building a band model scores every error against the other sources'
    // bands; the app asks with the same errors on every edit, so the last
    // model is kept (one per thread: no lock).
    thread_local std::optional<BandModel> last;
    if (!last || last->errors() != errors)
        last.emplace(errors);
    return predictionBand(design, prediction, *last);
}

PredictionBands predictionBand(const Design& design, const Prediction& prediction)
{
    if (design.calibration && !design.calibration->heldOutErrors.empty()) {
        // The basis names the profile in use (issue 27 item 4: the headline says so).
        const CalibrationProfile& p = *design.calibration;
        std::string basis = "site calibration";
        if (!p.name.empty())
            basis += " \"" + p.name + "\"";
        basis += p.isIdentity() ? " (identity: not kept), its runs' uncalibrated errors"
                                : ", its runs' cross-validated errors";
        return applyBand(prediction, profileBand(p.heldOutErrors, basis));
    }
    return predictionBand(design, prediction, shippedBandModel());
}

} // namespace cf
