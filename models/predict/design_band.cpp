#include "models/predict/design_band.h"

#include "models/catalog/resource_paths.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace cf {
namespace {

constexpr const char* kHeader = "id,source,gpu_generation,moe,sequence,precision,scale,error";
constexpr int kColumns = 8;

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

std::string formatModelErrorsCsv(const std::vector<ModelError>& errors)
{
    std::ostringstream o;
    o << kHeader << "\n";
    char num[32];
    for (const ModelError& e : errors) {
        std::snprintf(num, sizeof num, "%.4f", e.error);
        const PredictionCategory& c = e.category;
        o << e.id << "," << e.source << "," << c.gpuGeneration << "," << (c.moe ? "moe" : "dense") << ","
          << c.sequence << "," << c.precision << "," << c.scale << "," << num << "\n";
    }
    return o.str();
}

std::vector<ModelError> parseModelErrorsCsv(const std::string& text)
{
    std::vector<ModelError> out;
    std::istringstream in(text);
    std::string line;
    if (!std::getline(in, line) || line.rfind(kHeader, 0) != 0)
        return out;
    while (std::getline(in, line)) {
        const std::vector<std::string> v = splitFields(line);
        if (int(v.size()) != kColumns)
            continue; // a damaged line is left out, never half-read
        ModelError e;
        e.id = v[0];
        e.source = v[1];
        e.category.gpuGeneration = v[2];
        e.category.moe = v[3] == "moe";
        e.category.sequence = v[4];
        e.category.precision = v[5];
        e.category.scale = v[6];
        char* end = nullptr;
        e.error = std::strtod(v[7].c_str(), &end);
        if (end == v[7].c_str() || !std::isfinite(e.error) || e.error <= -1.0)
            continue;
        out.push_back(e);
    }
    return out;
}

PredictionBands predictionBand(const Design& design, const Prediction& prediction,
                               const std::vector<ModelError>& errors)
{
    if (prediction.gpuId.empty() || prediction.gpus <= 0)
        return applyBand(prediction, UncertaintyBand{});
    const PredictionCategory c = categoryOf(prediction.gpuGeneration, design.workload, prediction.gpus);
    return applyBand(prediction, categoryBand(c, errors));
}

PredictionBands predictionBand(const Design& design, const Prediction& prediction)
{
    if (design.calibration && !design.calibration->heldOutErrors.empty())
        return applyBand(prediction,
                         profileBand(design.calibration->heldOutErrors, "site calibration, held-out errors"));
    return predictionBand(design, prediction, shippedModelErrors());
}

} // namespace cf
