#pragma once
// The six charts in a 3 x 2 grid; setSeries() redraws them all from one
// ChartSeries (built by the engine: buildChartSeries). No prediction is computed here.

#include <QList>
#include <QWidget>

#include <functional>
#include <string>

namespace cf {

struct ChartSeries;
struct PredictionBands;
class ChartPanel;
class AllReduceChart;
class ScalingChart;
class StepTimeChart;
class MemoryChart;
class PowerChart;
class CostChart;

class ChartsWidget : public QWidget {
    Q_OBJECT
public:
    explicit ChartsWidget(QWidget* parent = nullptr);

    // Fills every chart and schedules one queued replot each (coalesced per
    // event-loop turn); immediate = repaint now (benchmarks, screenshots).
    void setSeries(const ChartSeries& series, bool immediate = false);
    void replotAll(bool immediate);
    // The latest prediction's band (issue 16 item 4), drawn on the step-time
    // and scaling charts and kept across setSeries.
    void setBands(const PredictionBands& bands);

    AllReduceChart* allReduceChart() const { return allReduce_; }
    ScalingChart* scalingChart() const { return scaling_; }
    StepTimeChart* stepTimeChart() const { return stepTime_; }
    MemoryChart* memoryChart() const { return memory_; }
    PowerChart* powerChart() const { return power_; }
    CostChart* costChart() const { return cost_; }
    QList<ChartPanel*> charts() const;
    // How empty charts name parts: id -> the name the user sees (the main
    // window passes DesignDocument::displayName); ids stay when unset.
    void setDisplayNames(std::function<QString(const QString&)> displayName)
    {
        displayName_ = std::move(displayName);
    }
    // The reason of an empty chart in words: no severity or field prefix, part names for ids.
    QString inWords(const std::string& formattedProblem) const;

private:
    void applyBands();
    std::function<QString(const QString&)> displayName_;
    double stepP10S_ = 0, stepP90S_ = 0, lowFactor_ = 0, highFactor_ = 0;
    QString bandBasis_;
    AllReduceChart* allReduce_ = nullptr;
    ScalingChart* scaling_ = nullptr;
    StepTimeChart* stepTime_ = nullptr;
    MemoryChart* memory_ = nullptr;
    PowerChart* power_ = nullptr;
    CostChart* cost_ = nullptr;
};

} // namespace cf
