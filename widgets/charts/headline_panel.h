#pragma once
// The headline strip: MFU, tokens/s, step time, time to train, all-reduce time,
// power, capex, opex per year and total cost in large type, each with its change
// since the previous prediction. Shows "—" (first error as tooltip) when the
// prediction has errors; never NaN.

#include <QWidget>

#include <array>

class QLabel;

namespace cf {

struct Prediction;

class HeadlinePanel : public QWidget {
    Q_OBJECT
public:
    enum Metric { Mfu, TokensPerS, StepTime, TimeToTrain, AllReduce, PowerKw, Capex, OpexPerYear, TotalCost,
                  MetricCount };

    explicit HeadlinePanel(QWidget* parent = nullptr);

    void setPrediction(const Prediction& prediction);
    void clear(); // forget the previous prediction (a new document)

    QString valueText(Metric metric) const;
    QString changeText(Metric metric) const;
    QString toolTipOf(Metric metric) const;

private:
    struct Tile {
        QLabel* caption = nullptr;
        QLabel* value = nullptr;
        QLabel* change = nullptr;
    };
    std::array<Tile, MetricCount> tiles_{};
    std::array<double, MetricCount> previous_{};
    bool hasPrevious_ = false;
};

} // namespace cf
