#pragma once
// The headline strip: MFU, tokens/s, step time, time to train, all-reduce time,
// power, capex, opex per year and total cost in large type, each with its change
// since the previous prediction. A figure the prediction lacks
// (Prediction::missing) shows "—" and a line under the tiles says why; capex,
// opex and power stay when only the training figures are missing (a split,
// memory or fabric error). Power is at full load, what the site provisions,
// whether or not the split is valid, and so is opex (issue 28 item 7). Never NaN. Tokens/s, step time, MFU,
// time to train and run cost carry "±x %", the half-width of their P10-P90 band (issue 16 item 4), with a
// tooltip naming the errors it comes from.

#include "models/design/economics.h"

#include <QWidget>

#include <array>

class QLabel;

namespace cf {

struct Prediction;
struct PredictionBands;

class HeadlinePanel : public QWidget {
    Q_OBJECT
public:
    enum Metric {
        Mfu,
        TokensPerS,
        StepTime,
        TimeToTrain,
        AllReduce,
        PowerKw,
        Capex,
        OpexPerYear,
        TotalCost,
        MetricCount
    };

    explicit HeadlinePanel(QWidget* parent = nullptr);

    // The economics of the design predicted next: the opex at full load needs its electricity price.
    void setEconomics(const Economics& economics);
    void setPrediction(const Prediction& prediction);
    void clear(); // forget the previous prediction (a new document)
    // The band of the latest prediction (BandController::bandsReady).
    void setBands(const PredictionBands& bands);

    QString valueText(Metric metric) const;
    QString changeText(Metric metric) const;
    QString changeToolTip(Metric metric) const; // the "Previous: ..." tooltip
    QString toolTipOf(Metric metric) const;
    // "±12 %" under a banded figure ("" when it has no band), and its tooltip.
    QString bandText(Metric metric) const;
    QString bandToolTip(Metric metric) const;
    // Why figures are missing ("Training figures need a valid split: ..."), or empty.
    QString reasonText() const;

private:
    struct Tile {
        QLabel* caption = nullptr;
        QLabel* value = nullptr;
        QLabel* change = nullptr;
        QLabel* band = nullptr;
    };
    std::array<Tile, MetricCount> tiles_{};
    QLabel* reason_ = nullptr;
    std::array<double, MetricCount> previous_{};
    std::array<double, MetricCount> current_{};
    double gpus_ = 0;
    Economics economics_;
    bool hasPrevious_ = false;
};

} // namespace cf
