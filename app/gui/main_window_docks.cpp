// The main window's panels: the canvas in the centre, the palette, inspector,
// what-if, summary, headline, charts and problems docks, and the canvas and
// tool actions wired to them. Each builder makes one piece.
#include "app/gui/main_window.h"

#include "app/gui/library_controller.h"

#include "models/catalog/catalog.h"
#include "widgets/canvas/design_view.h"
#include "widgets/charts/charts_widget.h"
#include "widgets/charts/headline_panel.h"
#include "widgets/dialogs/fabric_generator_dialog.h"
#include "widgets/inspector/inspector_widget.h"
#include "widgets/palette/palette_widget.h"
#include "widgets/plan/plan_window.h"
#include "widgets/problems/problems_panel.h"
#include "widgets/whatif/auto_split_controller.h"
#include "widgets/whatif/combo_key_guard.h"
#include "widgets/whatif/evaluation_controller.h"
#include "widgets/whatif/parallelism_dock.h"
#include "widgets/whatif/search_dialog.h"
#include "widgets/whatif/workload_dock.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMessageBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QTextBrowser>
#include <QToolBar>

namespace cf {
namespace {

constexpr int kStatusMessageMs = 5000; // how long a canvas message stays in the status bar (our choice)
} // namespace

bool MainWindow::event(QEvent* event)
{
    dockLayout_.windowEvent(event);
    return QMainWindow::event(event);
}

void MainWindow::resizeEvent(QResizeEvent* event)
{
    QMainWindow::resizeEvent(event);
    dockLayout_.windowResized();
}

void MainWindow::createCentralWidget()
{
    view_ = new DesignView(&document_, Catalog::builtin(), this);
    view_->setObjectName(QStringLiteral("designView"));
    setCentralWidget(view_);
}

QDockWidget* MainWindow::makeDock(const QString& title, const QString& objectName, QWidget* content)
{
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(objectName); // saveState() needs a name
    dock->setWidget(content);
    return dock;
}

QDockWidget* MainWindow::createPaletteDock()
{
    return makeDock(tr("Palette"), QStringLiteral("paletteDock"),
                    new PaletteWidget(&document_, Catalog::builtin(), this));
}

QDockWidget* MainWindow::createInspectorDock()
{
    return makeDock(tr("Inspector"), QStringLiteral("inspectorDock"),
                    new InspectorWidget(&document_, Catalog::builtin(), this));
}

QDockWidget* MainWindow::createWorkloadDock()
{
    // Fourteen rows: the form scrolls in a short dock rather than making the
    // right dock area (and so the row above the charts) that tall at least.
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(new WorkloadDock(&document_, evaluation_, this));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    return makeDock(tr("Workload"), QStringLiteral("workloadDock"), scroll);
}

QDockWidget* MainWindow::createParallelismDock()
{
    // In a scroll area like the Workload form: the problem lines keep the
    // height their wrapped text needs (a short dock scrolls instead of cutting
    // them), and their growth never pushes the charts dock (issue 18, finding 8).
    // Tall enough for every editor and the memory bar (the form before any
    // problem shows): only the problem lines may need scrolling.
    auto* scroll = new QScrollArea(this);
    auto* split = new ParallelismDock(&document_, evaluation_, this);
    scroll->setWidget(split);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // lines wrap at the dock's width
    scroll->setMinimumHeight(split->minimumSizeHint().height());
    // Never narrower than the form: the dock would cut its editors' right edges.
    scroll->setMinimumWidth(split->minimumSizeHint().width() +
                            scroll->verticalScrollBar()->sizeHint().width());
    return makeDock(tr("Parallelism"), QStringLiteral("parallelismDock"), scroll);
}

QDockWidget* MainWindow::createSummaryDock()
{
    summary_ = new QTextBrowser(this);
    summary_->setObjectName(QStringLiteral("designSummary"));
    summary_->setOpenLinks(false);
    return makeDock(tr("Summary"), QStringLiteral("summaryDock"), summary_);
}

QDockWidget* MainWindow::createHeadlineDock()
{
    headline_ = new HeadlinePanel(this);
    connect(evaluation_, &EvaluationController::predictionReady, headline_, [this](const Prediction& p) {
        headline_->setEconomics(document_.design().economics); // the design just evaluated
        headline_->setPrediction(p);
    });
    // A new or opened design has no "previous edit" to compare with.
    connect(&document_, &DesignDocument::designReset, headline_, &HeadlinePanel::clear);
    QDockWidget* dock = makeDock(tr("Predictions"), QStringLiteral("headlineDock"), headline_);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
    return dock;
}

QDockWidget* MainWindow::createChartsDock()
{
    charts_ = new ChartsWidget(this);
    charts_->setDisplayNames([this](const QString& id) { return document_.displayName(id); });
    connect(evaluation_, &EvaluationController::seriesReady, charts_,
            [this](const ChartSeries& series) { charts_->setSeries(series); });
    // Scrollable: the six charts need about 1150 x 410 px (docs/charts.md),
    // which must not become the window's minimum size; a short dock scrolls.
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(charts_);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // The scroll bar's place always kept: appearing as the dock got shorter than
    // the charts it narrowed every chart at once (issue 18, finding 8).
    scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    return makeDock(tr("Charts"), QStringLiteral("chartsDock"), scroll);
}

QDockWidget* MainWindow::createProblemsDock()
{
    problems_ = new ProblemsPanel(&document_, Catalog::builtin(), this);
    connect(problems_, &ProblemsPanel::countsChanged, this, &MainWindow::showProblemCounts);
    connect(problems_, &ProblemsPanel::fieldActivated, this, &MainWindow::focusProblemField);
    return makeDock(tr("Problems"), QStringLiteral("problemsDock"), problems_);
}

void MainWindow::connectEditActions()
{
    const auto showMessage = [this](const QString& text) {
        statusBar()->showMessage(text, kStatusMessageMs);
    };
    connect(view_, &DesignView::message, this, showMessage);
    for (QAction* zoom : {actions_.zoomIn, actions_.zoomOut, actions_.zoomFit}) {
        zoom->setEnabled(true);
        zoom->setStatusTip(zoom->text().remove(QLatin1Char('&')));
    }
    connect(actions_.zoomIn, &QAction::triggered, view_, &DesignView::zoomIn);
    connect(actions_.zoomOut, &QAction::triggered, view_, &DesignView::zoomOut);
    connect(actions_.zoomFit, &QAction::triggered, view_, &DesignView::fitToView);
    connect(editActions_.copy, &QAction::triggered, view_, &DesignView::copySelection);
    connect(editActions_.paste, &QAction::triggered, view_, &DesignView::paste);
    connect(editActions_.duplicate, &QAction::triggered, view_, &DesignView::duplicateSelection);
    connect(editActions_.remove, &QAction::triggered, view_, &DesignView::deleteSelection);
    connect(editActions_.linkMode, &QAction::toggled, view_, &DesignView::setLinkMode);
    connect(view_, &DesignView::linkModeChanged, editActions_.linkMode, &QAction::setChecked);
    connect(editActions_.generateFabric, &QAction::triggered, this, &MainWindow::onGenerateFabric);
    connect(editActions_.searchSplits, &QAction::triggered, this, &MainWindow::onSearchSplits);
    connect(editActions_.plan, &QAction::triggered, this, &MainWindow::onPlan);
    // Single keys (L, Delete) act on the canvas only while it has the focus:
    // typed into a dock's editor they are that editor's (issue 18, finding 5).
    for (QAction* canvasKey : {editActions_.linkMode, editActions_.remove}) {
        canvasKey->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        view_->addAction(canvasKey);
    }
    for (QDockWidget* dock : {workloadDock(), parallelismDock()})
        ComboKeyGuard::install(dock);
}

void MainWindow::onGenerateFabric()
{
    FabricGeneratorDialog dialog(&document_, Catalog::builtin(), this);
    dialog.setBatchAutomatic(autoSplit_->batchAutomatic());
    // A generated fabric starts from the search's best split (issue 18,
    // finding 2), chosen by the dialog's worker for the model it trains
    // (issue 28 item 4): the split stays automatic without searching again.
    connect(&dialog, &FabricGeneratorDialog::fabricApplied, this,
            [this](bool batchAutomatic) { autoSplit_->adoptAutomatic(true, batchAutomatic); });
    if (dialog.exec() != QDialog::Accepted)
        return;
    // A new design, unsaved: Save asks where, never over the file or the
    // library design it replaced (undo brings their parts back).
    filePath_.clear();
    library_->forget();
    modified_ = true;
    refreshViews();
    view_->fitToView();
    // The status bar says what the window holds now (it said "the Workhorse example").
    statusBar()->showMessage(tr("Generated \u201c%1\u201d: a new design, not saved yet").arg(documentName()),
                             kStatusMessageMs);
    if (const std::optional<GeneratedDesign>& g = dialog.generated(); g && g->batchAdvice.tooSmall)
        showBatchAdvice(g->batchAdvice);
}

void MainWindow::showBatchAdvice(const BatchAdvice& advice)
{
    const QString text = QString::fromStdString(advice.message);
    statusBar()->showMessage(text, kStatusMessageMs);
    // Window-modal but non-blocking, as the error boxes.
    auto* box = new QMessageBox(QMessageBox::Information, tr("Batch too small for the GPUs"), text,
                                QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("batchAdviceBox"));
    box->setInformativeText(tr("Change the global batch in the Workload dock; the split follows it."));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::onSearchSplits()
{
    // Modeless: the user keeps looking at the charts while the search runs.
    auto* dialog = new SearchDialog(&document_, evaluation_, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    dialog->startSearch();
}

void MainWindow::onPlan()
{
    // Modeless and one at a time: the user compares the plan with the open design.
    if (auto* open = findChild<PlanWindow*>(QString(), Qt::FindDirectChildrenOnly)) {
        open->show();
        open->raise();
        open->activateWindow();
        return;
    }
    auto* window = new PlanWindow(Catalog::builtin(), &library_->store(), this);
    window->setAttribute(Qt::WA_DeleteOnClose);
    connect(window, &PlanWindow::openDesignRequested, this, &MainWindow::openNewDocument);
    window->show();
}

bool MainWindow::openNewDocument(const Design& design)
{
    if (!maybeSave())
        return false;
    setDocument(design, {});
    modified_ = true; // saved nowhere yet: closing asks, autosave keeps it
    updateTitle();
    statusBar()->showMessage(tr("Opened \"%1\" from the plan as a new design").arg(documentName()),
                             kStatusMessageMs);
    return true;
}

void MainWindow::focusProblemField(const QString& field)
{
    QWidget* editor = nullptr;
    QDockWidget* dock = nullptr;
    if (auto* split = parallelismDock()->findChild<ParallelismDock*>();
        split && (editor = split->fieldWidget(field)))
        dock = parallelismDock();
    else if (auto* work = workloadDock()->findChild<WorkloadDock*>();
             work && (editor = work->fieldWidget(field)))
        dock = workloadDock();
    if (!editor)
        return;
    dock->show();
    dock->raise();
    editor->setFocus(Qt::OtherFocusReason);
}

} // namespace cf
