#include "widgets/compare/compare_view.h"

#include "models/compare/comparison_markdown.h"
#include "models/core/units.h"
#include "models/design/design_json.h"
#include "models/predict/evaluate.h"
#include "models/presentation/chart_series.h"
#include "models/store/design_store.h"
#include "models/store/headline_from_prediction.h"
#include "widgets/charts/chart_format.h"
#include "widgets/charts/chart_panel.h"
#include "widgets/common/export_folder.h"
#include "widgets/compare/compare_step_chart.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace cf {

namespace {

constexpr double kWattsPerKw = 1000.0;
const QColor kBestBackground(214, 245, 214); // light green (our choice)
constexpr int kRowPadding = 8;               // pixels above + below a metrics row's text (our choice)
constexpr int kCellPadding = 24;             // pixels left + right of a metrics cell's text (our choice)
constexpr double kMonthsPerTick = 6;         // half-year ticks on the cost chart (our choice)
constexpr double kAxisHeadroom = 1.1;        // room above the highest curve and its markers (our choice)
constexpr double kNodesMargin = 1.5;         // log nodes axis: this factor of room either side (our choice)
// Legends above the plots, as in the main window's scaling and cost charts:
// two variants a row (four make two rows, long "design — variant" names stay
// within a chart's width), and the room beside a legend row (our choice).
constexpr int kLegendEntriesPerRow = 2;
constexpr int kLegendSidesPx = 16;

class RateTicker : public QCPAxisTicker {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override
    {
        return tick == 0 ? QStringLiteral("0") : formatRate(tick);
    }
};

class UsdTicker : public QCPAxisTicker {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override
    {
        return tick == 0 ? QStringLiteral("$0") : formatUsd(tick);
    }
};

// Overlaid curves of identical designs lie on top of each other: a line style
// per variant keeps the one underneath visible (our choice).
QPen variantPen(const QColor& colour, int index)
{
    static const Qt::PenStyle styles[] = {Qt::SolidLine, Qt::DashLine, Qt::DashDotLine, Qt::DotLine};
    return QPen(colour, 2.5, styles[std::size_t(index) % std::size(styles)]);
}

// A scaling point worth drawing: a positive, finite rate (a failed evaluation
// gives none, and is left out rather than drawn as 0).
bool drawable(double nodes, double tokensPerS)
{
    return std::isfinite(nodes) && nodes > 0 && std::isfinite(tokensPerS) && tokensPerS > 0;
}

QString formatValue(const std::string& key, double v)
{
    if (key == "gpus")
        return QString::number(qRound64(v));
    if (key == "mfu")
        return formatPercent(v);
    if (key == "tokensPerS")
        return formatRate(v);
    if (key == "stepTimeS")
        return formatSeconds(v);
    if (key == "timeToTrainDays")
        return formatSeconds(v * kSecondsPerDay);
    if (key == "powerKw")
        return formatWatts(v * kWattsPerKw);
    return formatUsd(v); // capex, opex, total cost
}

QString money(double usd)
{
    QLocale locale = QLocale::c();
    locale.setNumberOptions({});
    return QStringLiteral("$") + locale.toString(usd, 'f', 0);
}

QString signedMoney(double usd)
{
    return (usd >= 0 ? QStringLiteral("+") : QStringLiteral("−")) + money(std::abs(usd));
}

// One variant's tokens/s over GPUs, and a star where its design is today.
void plotScaling(QCustomPlot* sp, const QString& name, const QColor& colour, int index,
                 const ScalingSeries& s, double perNode)
{
    QVector<double> gpus, tokens;
    for (std::size_t k = 0; k < s.nodes.size() && k < s.tokensPerS.size(); ++k)
        if (drawable(s.nodes[k], s.tokensPerS[k])) {
            gpus.push_back(s.nodes[k] * perNode);
            tokens.push_back(s.tokensPerS[k]);
        }
    QCPGraph* g = sp->addGraph();
    g->setName(name);
    g->setPen(variantPen(colour, index));
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
    g->setData(gpus, tokens, true);
    if (drawable(s.currentNodes, s.currentTokensPerS)) {
        QCPGraph* here = sp->addGraph();
        here->setLineStyle(QCPGraph::lsNone);
        here->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, QPen(colour, 2), Qt::NoBrush, 14));
        here->addData(s.currentNodes * perNode, s.currentTokensPerS);
        here->removeFromLegend();
    }
}

// One variant's cost of owning over the months.
void plotCost(QCustomPlot* cp, const QString& name, const QColor& colour, int index, const CostSeries& c)
{
    QCPGraph* own = cp->addGraph();
    own->setName(name);
    own->setPen(variantPen(colour, index));
    own->setData(QVector<double>(c.month.begin(), c.month.end()),
                 QVector<double>(c.ownUsd.begin(), c.ownUsd.end()), true);
}

void fitChartRanges(QCustomPlot* sp, QCustomPlot* cp)
{
    for (QCustomPlot* p : {sp, cp}) {
        p->rescaleAxes();
        p->yAxis->setRangeLower(0);
        p->yAxis->setRangeUpper(std::max(1.0, p->yAxis->range().upper * kAxisHeadroom));
    }
    // A little room either side of the first and last node counts (log axis: a factor).
    const QCPRange nodesRange = sp->xAxis->range();
    if (nodesRange.lower > 0)
        sp->xAxis->setRange(nodesRange.lower / kNodesMargin, nodesRange.upper * kNodesMargin);
}

} // namespace

QColor CompareView::variantColour(int index)
{
    static const QColor colours[] = {QColor(31, 119, 180), QColor(255, 127, 14), QColor(44, 160, 44),
                                     QColor(214, 39, 40)};
    return colours[std::size_t(index) % std::size(colours)];
}

CompareView::CompareView(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("compareView"));
    setWindowTitle(tr("Compare Variants"));
    addCloseAction();
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(buildTopRow());
    buildMetrics(layout);
    buildTabs(layout);
    setUpChartAxes();
}

void CompareView::addCloseAction()
{
    // A secondary window closes like a dialog: Escape, and the platform's Close (Ctrl+W).
    auto* closeAction = new QAction(tr("Close"), this);
    closeAction->setObjectName(QStringLiteral("actionCloseCompare"));
    QList<QKeySequence> closeKeys{QKeySequence(Qt::Key_Escape), QKeySequence(Qt::CTRL | Qt::Key_W)};
    for (const QKeySequence& key : QKeySequence::keyBindings(QKeySequence::Close))
        if (!closeKeys.contains(key))
            closeKeys << key;
    closeAction->setShortcuts(closeKeys);
    closeAction->setShortcutContext(Qt::WindowShortcut);
    connect(closeAction, &QAction::triggered, this, &QWidget::close);
    addAction(closeAction);
}

// The message or export note, and the Export button.
QHBoxLayout* CompareView::buildTopRow()
{
    auto* top = new QHBoxLayout;
    message_ = new QLabel(this);
    message_->setWordWrap(true);
    message_->setStyleSheet(QStringLiteral("color: #b00020;"));
    message_->hide();
    exportNote_ = new QLabel(this);
    exportNote_->setObjectName(QStringLiteral("compareExportNote"));
    exportNote_->setWordWrap(true);
    exportNote_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    export_ = new QPushButton(tr("Export…"), this);
    export_->setObjectName(QStringLiteral("compareExport"));
    export_->setToolTip(
        tr("Save the comparison as Markdown: the figures, why the winner wins, the step times "
           "and the bill-of-materials differences"));
    connect(export_, &QPushButton::clicked, this, &CompareView::exportWithDialog);
    top->addWidget(message_, 1);
    top->addWidget(exportNote_, 1);
    top->addWidget(export_, 0, Qt::AlignTop);
    return top;
}

void CompareView::buildMetrics(QVBoxLayout* layout)
{
    // The metrics table across the whole width (one line a metric, every row
    // visible); under it why the winner wins; below, the tabs.
    metrics_ = new QTableWidget(this);
    metrics_->setObjectName(QStringLiteral("compareMetrics"));
    metrics_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    metrics_->setSelectionMode(QAbstractItemView::NoSelection);
    metrics_->setFocusPolicy(Qt::NoFocus); // no current-cell frame on a read-only table
    metrics_->setWordWrap(false);
    metrics_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    metrics_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    metrics_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    metrics_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    metrics_->verticalHeader()->setDefaultSectionSize(metrics_->fontMetrics().height() + kRowPadding);
    layout->addWidget(metrics_);
    whyLabel_ = new QLabel(this);
    whyLabel_->setObjectName(QStringLiteral("compareWhy"));
    whyLabel_->setWordWrap(true);
    whyLabel_->setTextFormat(Qt::RichText);
    whyLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(whyLabel_);
}

void CompareView::buildTabs(QVBoxLayout* layout)
{
    // Tabs: each part gets the window's width (the BOM differences were
    // squeezed to ~180 px beside two charts on a laptop screen).
    tabs_ = new QTabWidget(this);
    tabs_->setObjectName(QStringLiteral("compareTabs"));
    auto* charts = new QSplitter(Qt::Horizontal);
    charts->setChildrenCollapsible(false);
    scaling_ = new ChartPanel(tr("Scaling: tokens/s against GPUs"), charts);
    cost_ = new ChartPanel(tr("Cost over time: owning, cumulative"), charts);
    charts->setStretchFactor(0, 1);
    charts->setStretchFactor(1, 1);
    tabs_->addTab(charts, tr("Scaling and cost"));
    step_ = new CompareStepChart;
    step_->setObjectName(QStringLiteral("compareStepChart"));
    tabs_->addTab(step_, tr("Step time"));
    bomDiff_ = new QTreeWidget;
    bomDiff_->setObjectName(QStringLiteral("compareBomDiff"));
    bomDiff_->setHeaderLabels({tr("BOM difference"), tr("Qty before → after"), tr("Extended Δ")});
    bomDiff_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    bomDiff_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    bomDiff_->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    bomDiff_->header()->setStretchLastSection(false);
    bomDiff_->setTextElideMode(Qt::ElideRight); // the full line is the tooltip
    tabs_->addTab(bomDiff_, tr("Bill of materials"));
    layout->addWidget(tabs_, 1);
}

// The scaling chart's GPUs on a log-2 axis, the cost chart's months; legends above.
void CompareView::setUpChartAxes()
{
    QCustomPlot* sp = scaling_->plot();
    sp->xAxis->setScaleType(QCPAxis::stLogarithmic); // 8 to 1,024 GPUs side by side
    auto nodesTicker = QSharedPointer<QCPAxisTickerLog>::create();
    nodesTicker->setLogBase(2);
    nodesTicker->setSubTickCount(0);
    sp->xAxis->setTicker(nodesTicker);
    sp->xAxis->setNumberFormat(QStringLiteral("g"));
    sp->xAxis->setLabel(tr("GPUs"));
    sp->yAxis->setTicker(QSharedPointer<RateTicker>::create());
    sp->yAxis->setLabel(tr("Tokens/s"));
    QCustomPlot* cp = cost_->plot();
    auto monthsTicker = QSharedPointer<QCPAxisTickerFixed>::create();
    monthsTicker->setTickStep(kMonthsPerTick);
    monthsTicker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    cp->xAxis->setTicker(monthsTicker);
    cp->xAxis->setLabel(tr("Month"));
    cp->yAxis->setTicker(QSharedPointer<UsdTicker>::create());
    cp->yAxis->setLabel(tr("Cumulative cost of owning"));
    // Curves of several variants pass through every corner: the legends go
    // above the plots, never over the data.
    for (ChartPanel* chart : {scaling_, cost_})
        chart->placeLegendAbove(kLegendEntriesPerRow);
}

void CompareView::showError(const QString& message)
{
    error_ = message;
    message_->setText(message);
    message_->setVisible(!message.isEmpty());
}

StoreResult<void> CompareView::setVariantsFromStore(DesignStore& store, const std::vector<qint64>& variantIds,
                                                    const Catalog& catalog)
{
    std::vector<Input> inputs;
    for (qint64 id : variantIds) {
        const StoreResult<VariantRow> row = store.variant(id);
        const StoreResult<LoadedVariant> loaded = row ? store.loadVariant(id) : StoreFailure{row.error()};
        if (!loaded) {
            showError(tr("Cannot load variant %1: %2").arg(id).arg(loaded.error().message));
            return StoreFailure{loaded.error()};
        }
        inputs.push_back({row->designName + QStringLiteral(" — ") + row->name, loaded->design});
    }
    if (!setVariants(inputs, catalog))
        return StoreFailure{StoreError{StoreErrorKind::BadInput, errorText(), {}}};
    return StoreResult<void>::success();
}

bool CompareView::setVariants(const std::vector<Input>& variants, const Catalog& catalog)
{
    if (int(variants.size()) < kMinComparedVariants || int(variants.size()) > kMaxComparedVariants) {
        showError(tr("Pick two to four variants to compare (got %1).").arg(variants.size()));
        return false;
    }
    showError({});
    std::vector<std::string> names;
    std::vector<Headline> headlines;
    std::vector<BillOfMaterials> boms;
    std::vector<ChartSeries> series;
    std::vector<int>
        gpusPerNode; // the scaling chart's axis is GPUs: an NVL72 rack and a DGX are one "node" each
    QStringList errors;
    predictions_.clear();
    for (const Input& in : variants) {
        const DesignFacts facts = deriveDesignFacts(in.design, catalog);
        const Prediction prediction = evaluate(in.design, catalog);
        names.push_back(in.name.toStdString());
        headlines.push_back(headlineFromPrediction(prediction));
        boms.push_back(buildBom(in.design, catalog));
        series.push_back(buildChartSeries(in.design, facts, prediction));
        gpusPerNode.push_back(std::max(1, facts.topology.gpusPerNode));
        predictions_.push_back(prediction);
        if (!series.back().valid)
            errors << tr("%1: %2").arg(in.name, QString::fromStdString(series.back().firstError));
    }
    comparison_ = compareVariants(names, headlines, boms);
    if (!errors.isEmpty())
        showError(tr("Some predictions have errors; their figures show as —. %1")
                      .arg(errors.join(QStringLiteral("; "))));
    fillMetrics();
    fillBomDiff();
    fillWhy();
    step_->setDesigns(names, predictions_);
    exportNote_->clear();

    // Overlaid charts, one colour per variant.
    QCustomPlot* sp = scaling_->plot();
    QCustomPlot* cp = cost_->plot();
    sp->clearPlottables();
    sp->clearItems();
    cp->clearPlottables();
    cp->clearItems();
    for (std::size_t i = 0; i < series.size(); ++i) {
        const QColor colour = variantColour(int(i));
        const QString name = QString::fromStdString(names[i]);
        plotScaling(sp, name, colour, int(i), series[i].scaling, gpusPerNode[i]);
        plotCost(cp, name, colour, int(i), series[i].cost);
    }
    fitChartRanges(sp, cp);
    for (ChartPanel* chart : {scaling_, cost_})
        chart->fitMinimumWidthToLegend(kLegendSidesPx);
    sp->replot();
    cp->replot();
    return true;
}

void CompareView::fillMetrics()
{
    const int n = int(comparison_.names.size());
    metrics_->clear();
    metrics_->setColumnCount(n);
    metrics_->setRowCount(int(comparison_.metrics.size()));
    for (int c = 0; c < n; ++c) {
        const QString name = QString::fromStdString(comparison_.names[std::size_t(c)]);
        auto* header = new QTableWidgetItem(name);
        header->setToolTip(c == 0 ? tr("%1 (deltas are against this one)").arg(name) : name);
        header->setForeground(variantColour(c));
        QFont f = header->font();
        f.setBold(true);
        header->setFont(f);
        metrics_->setHorizontalHeaderItem(c, header);
    }
    for (int r = 0; r < int(comparison_.metrics.size()); ++r) {
        const ComparedMetric& m = comparison_.metrics[std::size_t(r)];
        QString label = QString::fromStdString(m.label);
        if (m.better == BetterWhen::Higher)
            label += tr(" (higher is better)");
        else if (m.better == BetterWhen::Lower)
            label += tr(" (lower is better)");
        metrics_->setVerticalHeaderItem(r, new QTableWidgetItem(label));
        for (int c = 0; c < n; ++c) {
            const std::optional<double>& v = m.values[std::size_t(c)];
            const std::optional<double>& d = m.deltas[std::size_t(c)];
            QString text = v ? formatValue(m.key, *v) : QStringLiteral("—");
            if (d && m.values.front())
                text +=
                    QStringLiteral("   ") + (*d == 0 ? tr("= same") : formatChange(*m.values.front(), *v));
            auto* item = new QTableWidgetItem(text);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (v)
                item->setData(ValueRole, *v);
            if (d)
                item->setData(DeltaRole, *d);
            const bool best = m.bestIndex == c;
            item->setData(BestRole, best);
            if (best) {
                item->setText(QStringLiteral("★ ") + item->text());
                item->setBackground(kBestBackground);
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
                item->setToolTip(tr("Best of the row"));
            }
            metrics_->setItem(r, c, item);
        }
    }
    // Equal columns (Stretch), each at least as wide as the widest header or
    // cell needs: nothing clipped; a narrow window scrolls instead.
    QHeaderView* header = metrics_->horizontalHeader();
    int widest = 0;
    for (int c = 0; c < n; ++c) {
        const QFont font = metrics_->horizontalHeaderItem(c)->font();
        widest =
            std::max(widest, QFontMetrics(font).horizontalAdvance(metrics_->horizontalHeaderItem(c)->text()));
        for (int r = 0; r < metrics_->rowCount(); ++r) {
            const QTableWidgetItem* item = metrics_->item(r, c);
            widest = std::max(widest, QFontMetrics(item->font()).horizontalAdvance(item->text()));
        }
    }
    header->setMinimumSectionSize(widest + kCellPadding);
    fitMetricsHeight();
}

void CompareView::fitMetricsHeight()
{
    const QHeaderView* columns = metrics_->horizontalHeader();
    const QHeaderView* rows = metrics_->verticalHeader();
    const int frame = 2 * metrics_->frameWidth();
    const int needWidth = frame + rows->sizeHint().width() + columns->count() * columns->minimumSectionSize();
    const bool scrolls = needWidth > metrics_->width();
    const int height = frame + columns->sizeHint().height() + rows->count() * rows->defaultSectionSize() +
                       (scrolls ? metrics_->horizontalScrollBar()->sizeHint().height() : 0);
    metrics_->setFixedHeight(height);
}

void CompareView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitMetricsHeight();
}

void CompareView::fillWhy()
{
    winner_ = explainWinner(comparison_.names, predictions_);
    why_.clear();
    for (const std::string& reason : winner_.reasons)
        why_ << QString::fromStdString(reason);
    QStringList items;
    for (const QString& sentence : why_)
        items << QStringLiteral("<li>%1</li>").arg(sentence.toHtmlEscaped());
    whyLabel_->setText(items.isEmpty() ? QString()
                                       : QStringLiteral("<b>%1</b><ul style='margin-top:2px'>%2</ul>")
                                             .arg(tr("Why").toHtmlEscaped(), items.join(QString())));
    whyLabel_->setVisible(!items.isEmpty());
}

std::string CompareView::markdown() const
{
    return comparisonMarkdown(comparison_, winner_, predictions_);
}

QString CompareView::exportNote() const
{
    return exportNote_->text();
}

bool CompareView::exportTo(const QString& path)
{
    const Result<void> written = writeFileAtomically(path.toStdString(), markdown());
    exportNote_->setStyleSheet(written ? QString() : QStringLiteral("color: #b00020;"));
    exportNote_->setText(written ? tr("Comparison saved to %1").arg(QDir::toNativeSeparators(path))
                                 : tr("Could not save the comparison to %1: %2")
                                       .arg(QDir::toNativeSeparators(path),
                                            QString::fromStdString(failureMessage(written.problems()))));
    return bool(written);
}

void CompareView::exportWithDialog()
{
    if (comparison_.names.empty())
        return;
    const QString suggested = ExportFolder::startPath(
        this, ExportFolder::kExportKey, ExportFolder::safeFileName(tr("comparison")) + QStringLiteral(".md"));
    QString path = choosePath_ ? choosePath_(suggested)
                               : QFileDialog::getSaveFileName(this, tr("Export comparison"), suggested,
                                                              tr("Markdown files (*.md)"));
    if (path.isEmpty())
        return;
    ExportFolder::remember(ExportFolder::kExportKey, path);
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".md");
    exportTo(path);
}

void CompareView::fillBomDiff()
{
    bomDiff_->clear();
    const QString base = QString::fromStdString(comparison_.names.front());
    for (std::size_t i = 1; i < comparison_.bomDiffs.size(); ++i) {
        const BomDiff& diff = comparison_.bomDiffs[i];
        auto* top = new QTreeWidgetItem(bomDiff_);
        top->setText(0, tr("%1 against %2").arg(QString::fromStdString(comparison_.names[i]), base));
        top->setText(2, signedMoney(diff.totalDeltaUsd));
        top->setForeground(0, variantColour(int(i)));
        QFont f = top->font(0);
        f.setBold(true);
        top->setFont(0, f);
        if (diff.empty())
            (new QTreeWidgetItem(top))->setText(0, tr("Same bill of materials"));
        const auto addLines = [&](const std::vector<BomDiffLine>& lines, const QString& what) {
            for (const BomDiffLine& l : lines) {
                auto* item = new QTreeWidgetItem(top);
                const QString name = QString::fromStdString(l.name.empty() ? l.itemId : l.name);
                const QString kind = QString::fromStdString(l.kind);
                item->setText(0, QStringLiteral("%1: %2").arg(what, name));
                item->setText(1, QStringLiteral("%1 → %2").arg(l.quantityBefore).arg(l.quantityAfter));
                item->setText(2, signedMoney(l.extendedDeltaUsd));
                item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
                item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
                QString tip = tr("%1 (%2, %3)").arg(name, kind, QString::fromStdString(l.itemId));
                if (l.unitPriceBeforeUsd != l.unitPriceAfterUsd && l.quantityBefore && l.quantityAfter)
                    tip +=
                        QLatin1Char('\n') +
                        tr("Unit price %1 → %2").arg(money(l.unitPriceBeforeUsd), money(l.unitPriceAfterUsd));
                item->setToolTip(0, tip);
            }
        };
        addLines(diff.added, tr("added"));
        addLines(diff.removed, tr("removed"));
        addLines(diff.changed, tr("changed"));
    }
    bomDiff_->expandAll();
    bomDiff_->setCurrentItem(nullptr); // no focus frame on the first line
    bomDiff_->resizeColumnToContents(1);
    bomDiff_->resizeColumnToContents(2);
}

} // namespace cf
