#pragma once
// The six charts in a 3 x 2 grid; setSeries() redraws them all from one
// ChartSeries (built by the engine: buildChartSeries). No prediction is computed here.

#include <QList>
#include <QWidget>

#include <functional>
#include <string>

namespace cf {

struct ChartSeries;
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

    AllReduceChart* allReduceChart() const { return allReduce_; }
    ScalingChart* scalingChart() const { return scaling_; }
    StepTimeChart* stepTimeChart() const { return stepTime_; }
    MemoryChart* memoryChart() const { return memory_; }
    PowerChart* powerChart() const { return power_; }
    CostChart* costChart() const { return cost_; }
    QList<ChartPanel*> charts() const;
    // How empty charts name parts: id -> the name the user sees (the main
    // window passes DesignDocument::displayName); ids stay when unset.
    void setDisplayNames(std::function<QString(const QString&)> displayName) { displayName_ = std::move(displayName); }
    // The reason of an empty chart in words: no severity or field prefix, part names for ids.
    QString inWords(const std::string& formattedProblem) const;

private:
    std::function<QString(const QString&)> displayName_;
    AllReduceChart* allReduce_ = nullptr;
    ScalingChart* scaling_ = nullptr;
    StepTimeChart* stepTime_ = nullptr;
    MemoryChart* memory_ = nullptr;
    PowerChart* power_ = nullptr;
    CostChart* cost_ = nullptr;
};

} // namespace cf
