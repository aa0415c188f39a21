#include "widgets/charts/chart_panel.h"

#include "widgets/common/wheel_guard.h"

#include "models/design/design_json.h"
#include "widgets/common/export_folder.h"

#include <QBuffer>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QPixmap>
#include <QRegularExpression>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cf {
namespace {

// Dynamic properties that remember what the empty state hid (issue 18, finding 3).
constexpr const char* kHiddenByEmpty = "cfHiddenByEmpty";
constexpr const char* kGridHiddenByEmpty = "cfGridHiddenByEmpty";
const QString kEmptyLabelName = QStringLiteral("chartEmptyMessage");

// Axes, grids and the legend say nothing without data: hidden while the chart
// is empty, shown again (as they were) with the first data.
void hideFrame(QCustomPlot* plot, bool hide)
{
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : rect->axes()) {
            if (hide && axis->visible()) {
                axis->setProperty(kHiddenByEmpty, true);
                axis->setProperty(kGridHiddenByEmpty, axis->grid()->visible());
                axis->setVisible(false);
                axis->grid()->setVisible(false);
            } else if (!hide && axis->property(kHiddenByEmpty).toBool()) {
                axis->setVisible(true);
                axis->grid()->setVisible(axis->property(kGridHiddenByEmpty).toBool());
                axis->setProperty(kHiddenByEmpty, QVariant());
            }
        }
    if (hide && plot->legend->visible()) {
        plot->legend->setProperty(kHiddenByEmpty, true);
        plot->legend->setVisible(false);
    } else if (!hide && plot->legend->property(kHiddenByEmpty).toBool()) {
        plot->legend->setVisible(true);
        plot->legend->setProperty(kHiddenByEmpty, QVariant());
    }
}

// The message of an empty chart: a word-wrapped label centred on the plot
// (a QCPItemText neither wraps nor stays inside a narrow chart).
QLabel* emptyLabel(QCustomPlot* plot)
{
    if (auto* label = plot->findChild<QLabel*>(kEmptyLabelName, Qt::FindDirectChildrenOnly))
        return label;
    auto* label = new QLabel(plot);
    label->setObjectName(kEmptyLabelName);
    label->setWordWrap(true);
    label->setAlignment(Qt::AlignCenter);
    label->setStyleSheet(QStringLiteral("color: #555;"));
    label->setAttribute(Qt::WA_TransparentForMouseEvents);
    auto* layout = new QVBoxLayout(plot);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addWidget(label);
    label->hide();
    return label;
}

// Pixel distance under which the hover tooltip picks a curve point (our choice).
constexpr double kHoverRadiusPx = 24.0;
// Minimum size of a chart so axis labels stay readable (our choice); 170 px
// high lets both rows of charts fit whole in the main window's charts dock at
// 1600 x 1000 beside the Parallelism dock (tst_main_window).
constexpr int kMinChartWidthPx = 280;
constexpr int kMinChartHeightPx = 170;
// A legend out of the axis rect: the stretch factor that gives its row or
// column only its minimum size, and its gap to the widget's edge (our choice).
constexpr double kLegendStretch = 0.001;
constexpr int kLegendGapPx = 6;
// PDF export: 72 dots per inch makes one PDF point per chart pixel (the page
// is the chart's size in points, as QCustomPlot::savePdf makes it).
constexpr int kPdfPointsPerInch = 72;

} // namespace

ChartPanel::ChartPanel(const QString& title, QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    auto* header = new QHBoxLayout;
    title_ = new QLabel(title, this);
    QFont f = title_->font();
    f.setBold(true);
    title_->setFont(f);
    header->addWidget(title_, 1);
    auto* png = new QToolButton(this);
    png->setText(tr("PNG…"));
    png->setToolTip(tr("Export this chart as a PNG image"));
    auto* pdf = new QToolButton(this);
    pdf->setText(tr("PDF…"));
    pdf->setToolTip(tr("Export this chart as a PDF document"));
    header->addWidget(png);
    header->addWidget(pdf);
    layout->addLayout(header);

    plot_ = new QCustomPlot(this);
    plot_->setMinimumSize(kMinChartWidthPx, kMinChartHeightPx);
    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    WheelGuard::zoomNeedsCtrl(plot_); // a plain wheel scrolls the charts dock (issue 28 item 3)
    title_->setToolTip(tr("Drag the chart to pan it, Ctrl+wheel to zoom"));
    plot_->setContextMenuPolicy(Qt::CustomContextMenu);
    plot_->setMouseTracking(true);
    plot_->legend->setVisible(true);
    QFont legendFont = font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);
    plot_->legend->setFont(legendFont);
    plot_->legend->setBrush(QColor(255, 255, 255, 220));
    layout->addWidget(plot_, 1);

    connect(png, &QToolButton::clicked, this, [this] { exportWithDialog(false); });
    connect(pdf, &QToolButton::clicked, this, [this] { exportWithDialog(true); });
    connect(plot_, &QCustomPlot::mouseMove, this, &ChartPanel::onMouseMove);
    connect(plot_, &QWidget::customContextMenuRequested, this, &ChartPanel::showContextMenu);
}

ChartPanel::~ChartPanel() = default;

QString ChartPanel::title() const
{
    return title_->text();
}

// Exports are made in memory, then written all or nothing (writeFileAtomically:
// a temporary file renamed over `path` when complete), so a failed export never
// leaves half a file or loses the old one.
bool ChartPanel::exportPng(const QString& path)
{
    const QPixmap image = plot_->toPixmap(plot_->width(), plot_->height());
    QBuffer png;
    png.open(QIODevice::WriteOnly);
    if (image.isNull() || !image.save(&png, "PNG"))
        return false;
    const QByteArray& bytes = png.data();
    return writeFileAtomically(path.toStdString(),
                               std::string_view(bytes.constData(), std::size_t(bytes.size())))
        .ok();
}

bool ChartPanel::exportPdf(const QString& path)
{
    // What QCustomPlot::savePdf does, into memory: a vector PDF one page the
    // size of the chart (72 dpi: one point per pixel). savePdf itself writes
    // only to a file name, through a buffered file that can end truncated
    // without an error.
    const int width = plot_->width(), height = plot_->height();
    QBuffer pdf;
    pdf.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&pdf);
        writer.setCreator(QStringLiteral("ClusterForge"));
        writer.setTitle(title());
        writer.setResolution(kPdfPointsPerInch);
        writer.setPageLayout(
            QPageLayout(QPageSize(QSizeF(width, height), QPageSize::Point, QString(), QPageSize::ExactMatch),
                        QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        QCPPainter painter;
        if (!painter.begin(&writer))
            return false;
        painter.setMode(QCPPainter::pmVectorized);
        plot_->toPainter(&painter, width, height);
        painter.end();
    } // the writer finishes the PDF here
    const QByteArray& bytes = pdf.data();
    return !bytes.isEmpty() &&
           writeFileAtomically(path.toStdString(),
                               std::string_view(bytes.constData(), std::size_t(bytes.size())))
               .ok();
}

void ChartPanel::replot(bool immediate)
{
    plot_->replot(immediate ? QCustomPlot::rpImmediateRefresh : QCustomPlot::rpQueuedReplot);
}

void ChartPanel::resetView()
{
    plot_->rescaleAxes();
}

void ChartPanel::clearPlot(const QString& emptyMessage)
{
    plot_->clearPlottables();
    plot_->clearItems();
    const bool empty = !emptyMessage.isEmpty();
    hideFrame(plot_, empty);
    QLabel* label = emptyLabel(plot_);
    label->setText(emptyMessage);
    label->setVisible(empty);
}

void ChartPanel::placeLegendAbove(int entriesPerRow)
{
    // A row on top: empty cells either side with the spare width; the tiny
    // stretch factors give the legend's cell and row only what it needs.
    QCPLayoutGrid* layout = plot_->plotLayout();
    layout->insertRow(0);
    auto* row = new QCPLayoutGrid;
    layout->addElement(0, 0, row);
    layout->setRowStretchFactor(0, kLegendStretch);
    row->addElement(0, 0, new QCPLayoutElement(plot_));
    row->addElement(0, 1, plot_->legend);
    row->addElement(0, 2, new QCPLayoutElement(plot_));
    row->setColumnStretchFactor(1, kLegendStretch);
    row->setMargins(QMargins(0, kLegendGapPx, 0, 0));
    plot_->legend->setFillOrder(QCPLegend::foColumnsFirst);
    plot_->legend->setWrap(entriesPerRow); // 0: one row
    plot_->legend->setBorderPen(Qt::NoPen);
}

void ChartPanel::placeLegendRight()
{
    QCPLayoutGrid* layout = plot_->plotLayout();
    auto* column = new QCPLayoutGrid;
    layout->addElement(0, layout->columnCount(), column);
    layout->setColumnStretchFactor(layout->columnCount() - 1, kLegendStretch);
    column->addElement(0, 0, new QCPLayoutElement(plot_));
    column->addElement(1, 0, plot_->legend);
    column->addElement(2, 0, new QCPLayoutElement(plot_));
    column->setRowStretchFactor(1, kLegendStretch);
    column->setMargins(QMargins(0, 0, kLegendGapPx, 0));
}

void ChartPanel::fitMinimumWidthToLegend(int besidePx)
{
    const int legendWidth = plot_->legend->minimumOuterSizeHint().width();
    plot_->setMinimumWidth(std::max(kMinChartWidthPx, legendWidth + besidePx));
}

QString ChartPanel::pointText(QCPAbstractPlottable* plottable, int index) const
{
    if (auto* graph = qobject_cast<QCPGraph*>(plottable)) {
        const auto it = graph->data()->at(index);
        return QStringLiteral("%1\n%2: %3\n%4: %5")
            .arg(graph->name(), plot_->xAxis->label())
            .arg(it->key, 0, 'g', 4)
            .arg(graph->valueAxis()->label())
            .arg(it->value, 0, 'g', 4);
    }
    if (auto* bars = qobject_cast<QCPBars*>(plottable)) {
        const auto it = bars->data()->at(index);
        return QStringLiteral("%1: %2").arg(bars->name()).arg(it->value, 0, 'g', 4);
    }
    return {};
}

QString ChartPanel::textAt(const QPoint& pos) const
{
    double best = std::numeric_limits<double>::max();
    QCPAbstractPlottable* hit = nullptr;
    int hitIndex = -1;
    for (int i = 0; i < plot_->plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot_->plottable(i);
        if (auto* graph = qobject_cast<QCPGraph*>(p)) {
            const auto data = graph->data();
            for (int k = 0; k < data->size(); ++k) {
                const auto it = data->at(k);
                const QPointF px = graph->coordsToPixels(it->key, it->value);
                const double d = std::hypot(px.x() - pos.x(), px.y() - pos.y());
                if (d < best && d < kHoverRadiusPx) {
                    best = d;
                    hit = graph;
                    hitIndex = k;
                }
            }
        } else if (auto* bars = qobject_cast<QCPBars*>(p)) {
            QVariant details;
            const double d = bars->selectTest(pos, false, &details);
            if (d >= 0 && d < plot_->selectionTolerance() && d <= best) {
                const QCPDataSelection sel = details.value<QCPDataSelection>();
                if (!sel.isEmpty()) {
                    best = d;
                    hit = bars;
                    hitIndex = sel.dataRange().begin();
                }
            }
        }
    }
    return hit ? pointText(hit, hitIndex) : QString();
}

void ChartPanel::onMouseMove(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    const QString text = textAt(pos);
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(plot_->mapToGlobal(pos), text, plot_);
}

void ChartPanel::exportWithDialog(bool pdf)
{
    const QString filter = pdf ? tr("PDF document (*.pdf)") : tr("PNG image (*.png)");
    QString path = QFileDialog::getSaveFileName(
        this, pdf ? tr("Export PDF") : tr("Export PNG"),
        ExportFolder::startPath(this, ExportFolder::kExportKey, exportBaseName() + (pdf ? ".pdf" : ".png")),
        filter);
    if (path.isEmpty())
        return;
    ExportFolder::remember(ExportFolder::kExportKey, path);
    const bool ok = pdf ? exportPdf(path) : exportPng(path);
    if (!ok)
        QMessageBox::warning(this, tr("Export failed"), tr("Could not write %1.").arg(path));
}

void ChartPanel::setDesignName(const QString& name)
{
    designName_ = name.trimmed();
}

QString ChartPanel::exportBaseName() const
{
    // "Workhorse-cumulative-cost-own-vs-rent": the design, then which chart (one design has six).
    QStringList words =
        title().toLower().split(QRegularExpression(QStringLiteral("[^\\w]+")), Qt::SkipEmptyParts);
    const QString chart = words.join(QLatin1Char('-'));
    return designName_.isEmpty() ? chart : designName_ + QLatin1Char('-') + chart;
}

void ChartPanel::showContextMenu(const QPoint& pos)
{
    QMenu menu(this);
    menu.addAction(tr("Export PNG…"), this, [this] { exportWithDialog(false); });
    menu.addAction(tr("Export PDF…"), this, [this] { exportWithDialog(true); });
    menu.addSeparator();
    menu.addAction(tr("Reset zoom"), this, [this] {
        resetView();
        replot();
    });
    menu.exec(plot_->mapToGlobal(pos));
}

} // namespace cf
