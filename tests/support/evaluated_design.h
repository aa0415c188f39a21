#pragma once
// A design run through the engine as the GUI runs it: facts, prediction and
// the chart series built from them (the built-in catalog).

#include "models/catalog/catalog.h"
#include "models/design/design.h"
#include "models/predict/evaluate.h"
#include "models/presentation/chart_series.h"

namespace cf::test {

struct EvaluatedDesign {
    Design design;
    DesignFacts facts;
    Prediction prediction;
    ChartSeries series;
};

inline EvaluatedDesign evaluateForCharts(const Design& d)
{
    EvaluatedDesign e;
    e.design = d;
    e.facts = deriveDesignFacts(d, Catalog::builtin());
    e.prediction = evaluate(d, Catalog::builtin());
    e.series = buildChartSeries(d, e.facts, e.prediction);
    return e;
}

} // namespace cf::test
