#pragma once
// Base of every chart: a title, a QCustomPlot with zoom/drag on its axes, hover
// tooltips with the nearest point's value, and PNG/PDF export (tool buttons and
// context menu). qcustomplot.h stays out of this header (7.5 s per TU).

#include <QString>
#include <QWidget>

class QCustomPlot;
class QCPAbstractPlottable;
class QLabel;
class QMouseEvent;

namespace cf {

class ChartPanel : public QWidget {
    Q_OBJECT
public:
    explicit ChartPanel(const QString& title, QWidget* parent = nullptr);
    ~ChartPanel() override;

    QCustomPlot* plot() const { return plot_; }
    QString title() const;

    // Write the chart as it is drawn now; false (and a message) on failure.
    bool exportPng(const QString& path);
    bool exportPdf(const QString& path);

    // Queued (coalesced with other edits in this event-loop turn) or immediate.
    void replot(bool immediate = false);

    // The design the chart shows, for the file name its export dialogs suggest.
    void setDesignName(const QString& name);
    // "<design>-<chart title in words>", the export's file name without suffix.
    QString exportBaseName() const;

    // The text the tooltip shows for a plottable's point (for tests, too).
    virtual QString pointText(QCPAbstractPlottable* plottable, int index) const;
    // Nearest point to a widget position in the plot, as the tooltip finds it.
    QString textAt(const QPoint& plotPos) const;

    // Take the legend out of the axis rect, where it can cover the data
    // (public for views that draw into a plain ChartPanel, e.g. CompareView):
    // above it, entries side by side (`entriesPerRow` a row, 0 = all in one
    // row), centred (charts whose curves can pass through any corner) ...
    void placeLegendAbove(int entriesPerRow = 0);
    // ... or to its right, entries stacked, centred (a single column of bars).
    void placeLegendRight();
    // After the legend's entries changed: keep the chart at least as wide as
    // the legend plus `besidePx` for what shares its row (axis, column).
    void fitMinimumWidthToLegend(int besidePx);

protected:
    // Fit the axes to the data (the "Reset zoom" action and after setSeries).
    virtual void resetView();
    // Clear graphs, bars and items; with a non-empty message show it in the
    // middle, word-wrapped (label "chartEmptyMessage"), and hide the axes and legend.
    void clearPlot(const QString& emptyMessage = {});

private:
    void onMouseMove(QMouseEvent* event);
    void exportWithDialog(bool pdf);
    void showContextMenu(const QPoint& pos);

    QCustomPlot* plot_ = nullptr;
    QLabel* title_ = nullptr;
    QString designName_;
};

} // namespace cf
