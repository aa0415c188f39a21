#include "app/gui/main_window.h"

#include "app/gui/design_summary.h"
#include "app/gui/export_menu.h"
#include "app/gui/library_controller.h"
#include "app/gui/model_trust_actions.h"
#include "app/gui/racks_dock.h"
#include "app/gui/recent_menu.h"
#include "app/gui/status_indicators.h"
#include "models/catalog/catalog.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_file_fault.h"
#include "models/design/design_json.h"
#include "widgets/canvas/design_view.h"
#include "widgets/charts/chart_panel.h"
#include "widgets/charts/charts_widget.h"
#include "widgets/common/export_folder.h"
#include "widgets/common/wheel_guard.h"
#include "widgets/library/recent_designs.h"
#include "widgets/library/window_title.h"
#include "widgets/whatif/auto_split_controller.h"
#include "widgets/whatif/evaluation_controller.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>

#include <algorithm>

namespace cf {
namespace {

constexpr int kLoadWarningMs = 15000;           // long enough to read a field name (our choice)
constexpr int kMaxProblemsInErrorBox = 12;      // longer lists end with "... and N more" (our choice)
constexpr double kDefaultScreenFraction = 0.85; // first start: this much of the screen (our choice)

const QString kLastDirKey = QStringLiteral("mainWindow/lastDirectory");
const QString kFileFilter = QStringLiteral("ClusterForge designs (*.json);;All files (*)");

QString problemsText(const Problems& problems)
{
    QStringList lines;
    for (std::size_t i = 0; i < problems.size() && i < kMaxProblemsInErrorBox; ++i)
        lines << QString::fromStdString(formatProblem(problems[i]));
    if (problems.size() > kMaxProblemsInErrorBox)
        lines << QObject::tr("... and %1 more").arg(problems.size() - kMaxProblemsInErrorBox);
    return lines.join(QLatin1Char('\n'));
}

} // namespace

MainWindow::~MainWindow()
{
    // The undo stack is a member: destroying it emits cleanChanged, whose slot
    // reads the document, which is gone by then (UBSan caught it). Cut every
    // connection from our own members to this window first.
    undoStack_.disconnect(this);
    document_.disconnect(this);
}

MainWindow::MainWindow(const QString& startFile, QWidget* parent) : QMainWindow(parent)
{
    setWindowIcon(QIcon(QStringLiteral(":/icons/clusterforge.svg")));
    WheelGuard::installOnApplication(); // the wheel scrolls the docks, it edits no value unasked
    actions_ = MainActions::create(this, &undoStack_);
    editActions_ = EditActions::create(this, actions_);
    // The evaluation controller first: the what-if docks and charts listen to it.
    evaluation_ = new EvaluationController(&document_, Catalog::builtin(), this);
    autoSplit_ = new AutoSplitController(&document_, evaluation_, this);
    createCentralWidget();
    MainDocks& docks = dockLayout_.docks();
    docks.palette = createPaletteDock();
    docks.inspector = createInspectorDock();
    docks.workload = createWorkloadDock();
    docks.parallelism = createParallelismDock();
    docks.summary = createSummaryDock();
    docks.headline = createHeadlineDock();
    docks.charts = createChartsDock();
    docks.problems = createProblemsDock();
    dockLayout_.arrange(actions_.viewMenu, actions_.toolBar, charts_);
    status_ = std::make_unique<StatusIndicators>(this, statusBar());
    refreshTimer_.setSingleShot(true);
    refreshTimer_.setInterval(0);
    connect(&refreshTimer_, &QTimer::timeout, this, &MainWindow::refreshViews);
    connectActions();
    connectEditActions();
    setupLibrary();
    setupHelp();
    modelTrust_ = new ModelTrustActions(this, &document_, evaluation_, headline_, charts_,
                                        editActions_.toolsMenu, actions_.helpMenu);
    // View > Racks (issue 17): not tabified with the charts, whose first-start height a hidden tab would pin.
    new RacksDock(this, actions_.viewMenu, &document_, Catalog::builtin(), nullptr);

    if (const QScreen* screen = QApplication::primaryScreen())
        resize(screen->availableSize() * kDefaultScreenFraction);
    dockLayout_.applyFirstStartSizes();
    restoreSettings();
    dockLayout_.watchUserMoves(); // the user moving a dock ends the default layout

    // The bundled example is no recent design of the user's; a file they named is.
    const bool opened = startFile.isEmpty() ? loadFile(QString::fromStdString(examplePath("workhorse.json")))
                                            : openFile(startFile);
    if (!opened)
        setDocument(Design{}, {});
    else if (startFile.isEmpty()) // say what opened (issue 28 item 10): an example, not the user's work
        // Once shown: a message shown before the first show left the name and GPU labels drawn under it.
        QTimer::singleShot(0, this, [this] {
            statusBar()->showMessage(
                tr("This is the Workhorse example, to look around in. File \u25b8 New "
                   "starts a design of your own; Help \u25b8 Getting Started shows the way."),
                kLoadWarningMs);
        });
    // The user catalog's problems (an unknown field, a broken file left out) are said, not dropped.
    if (const Problems& catalog = Catalog::builtinProblems(); !catalog.empty())
        statusBar()->showMessage(tr("Catalog: %n problem(s): %1", nullptr, int(catalog.size()))
                                     .arg(QString::fromStdString(formatProblem(catalog.front()))),
                                 kLoadWarningMs);
}

void MainWindow::connectActions()
{
    connect(actions_.newDesign, &QAction::triggered, this, &MainWindow::onNew);
    connect(actions_.open, &QAction::triggered, this, &MainWindow::onOpen);
    connect(actions_.save, &QAction::triggered, this, &MainWindow::onSave);
    connect(actions_.saveAs, &QAction::triggered, this, &MainWindow::onSaveAs);
    connect(actions_.quit, &QAction::triggered, this, &QWidget::close);
    connect(actions_.about, &QAction::triggered, this, &MainWindow::onAbout);
    connect(&undoStack_, &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(&document_, &DesignDocument::changed, this, &MainWindow::scheduleRefresh);
    new ExportMenu(actions_.fileMenu, actions_.quit, this, [this]() -> const Design& { return design(); });
}

bool MainWindow::isModified() const
{
    return modified_ || !undoStack_.isClean();
}

bool MainWindow::openFile(const QString& path)
{
    if (!loadFile(path))
        return false;
    if (recent_)
        recent_->designs()->addFile(filePath_);
    return true;
}

bool MainWindow::loadFile(const QString& path)
{
    const Result<Design> result = loadDesignFile(path.toStdString());
    if (!result.ok()) {
        // What is wrong in words; the reader's own message under "Show Details" (issue 28 item 10).
        const DesignFileFault fault = describeDesignFileFault(path.toStdString(), result.problems());
        showError(tr("Cannot open design"),
                  tr("%1 could not be opened.\n\n%2")
                      .arg(QDir::toNativeSeparators(path), QString::fromStdString(fault.summary)),
                  problemsText(result.problems()));
        return false;
    }
    setDocument(*result, QFileInfo(path).absoluteFilePath());
    showLoadWarnings(QFileInfo(path).fileName(), result.problems());
    return true;
}

void MainWindow::showLoadWarnings(const QString& shownName, const Problems& warnings)
{
    if (warnings.empty())
        return;
    // The design is open; the status bar names the first warning (an unknown
    // field and the field it probably meant), the count says if there are more.
    statusBar()->showMessage(tr("%1 opened with %n warning(s): %2", nullptr, int(warnings.size()))
                                 .arg(shownName, QString::fromStdString(formatProblem(warnings.front()))),
                             kLoadWarningMs);
}

bool MainWindow::saveFile(const QString& path)
{
    const Result<void> saved = saveDesignFile(design(), path.toStdString());
    if (!saved) {
        showError(tr("Cannot save design"),
                  tr("%1 could not be saved:\n\n%2")
                      .arg(QDir::toNativeSeparators(path),
                           QString::fromStdString(failureMessage(saved.problems()))));
        return false;
    }
    filePath_ = QFileInfo(path).absoluteFilePath();
    modified_ = false;
    // A file of one's own now: Save writes here, no longer to the library
    // variant the design came from (another design's record).
    library_->forget();
    undoStack_.setClean();
    refreshViews(); // the saved name in the title, status bar and Summary
    if (recent_)
        recent_->designs()->addFile(filePath_);
    return true;
}

void MainWindow::newDesign()
{
    // No name: "Untitled" until saved, then the file's name (documentName()).
    setDocument(Design{}, {});
    // A new design gives numbers as soon as something is drawn (issue 18, finding 2).
    autoSplit_->setAutomatic(true, true);
}

void MainWindow::setDocument(const Design& design, const QString& path)
{
    filePath_ = path;
    modified_ = false;
    library_->forget();
    autoSplit_->setAutomatic(false, false); // an opened design keeps its own split and batch
    document_.resetDesign(design);          // clears the undo stack: its commands refer to the old design
    refreshViews();                         // now, not later: the window never shows the old design
    evaluation_->evaluateNow();
    // Fit once the view has its final size (after show and layout), not now.
    QTimer::singleShot(0, view_, &DesignView::fitToView);
    emit designReplaced();
}

void MainWindow::scheduleRefresh()
{
    refreshTimer_.start();
}

void MainWindow::refreshViews()
{
    refreshTimer_.stop();
    const Design& current = design();
    const Catalog& catalog = Catalog::builtin();
    const QString name = documentName();
    summary_->setHtml(designSummaryHtml(current, catalog, name));
    status_->showDesign(current, name);
    updateTitle();
}

void MainWindow::showProblemCounts(int errors, int warnings)
{
    const int total = errors + warnings;
    problemsDock()->setWindowTitle(total == 0 ? tr("Problems") : tr("Problems (%1)").arg(total));
    status_->showProblemCounts(errors, warnings);
}

void MainWindow::updateTitle()
{
    // A library variant: "Design — Variant[*] — ClusterForge" (library names).
    // Otherwise the design's own name, else the file's: "Workhorse[*] — ClusterForge".
    // "[*]" is where Qt puts the "*" of a modified document.
    if (library_ && library_->ids())
        setWindowTitle(windowTitleTemplate(library_->designName(), library_->variantName()));
    else
        setWindowTitle(windowTitleTemplate(documentName(), QString()));
    setWindowModified(isModified());
    scheduleBomRefresh(); // the report title and export names follow the name
    // Export dialogs start beside the open file (not a bundled example's read-only folder).
    setWindowFilePath(isBundledExample(filePath_) ? QString() : filePath_);
    if (charts_)
        for (ChartPanel* chart : charts_->charts())
            chart->setDesignName(documentName());
}

QString MainWindow::documentName() const
{
    return documentDisplayName(QString::fromStdString(design().name), filePath_,
                               library_ ? library_->designName() : QString(),
                               library_ ? library_->variantName() : QString());
}

void MainWindow::showError(const QString& title, const QString& message, const QString& details)
{
    lastError_ = message;
    emit errorOccurred(message);
    // Window-modal but non-blocking (open(), not exec()), so tests and start-up never hang.
    auto* box = new QMessageBox(QMessageBox::Critical, title, message, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("errorBox"));
    if (!details.isEmpty())
        box->setDetailedText(details);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    saveSettings();
    // A clean end: nothing to recover next time. A crash never gets here, so the
    // working copy the autosave timer wrote survives it.
    library_->clearAutosave();
    event->accept();
}

bool MainWindow::maybeSave()
{
    if (!isModified())
        return true;
    const auto answer = QMessageBox::question(
        this, tr("Save changes?"), tr("The design \"%1\" has unsaved changes.").arg(documentName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return onSave();
    return answer == QMessageBox::Discard;
}

bool MainWindow::isBundledExample(const QString& path) const
{
    const QString examples =
        QFileInfo(QString::fromStdString(resourceDir()) + QStringLiteral("/examples")).canonicalFilePath();
    const QString folder = QFileInfo(path).canonicalPath();
    return !examples.isEmpty() && folder == examples;
}

void MainWindow::onNew()
{
    if (maybeSave())
        newDesign();
}

void MainWindow::onOpen()
{
    if (!maybeSave())
        return;
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open design"),
                                                      settings.value(kLastDirKey).toString(), kFileFilter);
    if (path.isEmpty())
        return;
    settings.setValue(kLastDirKey, QFileInfo(path).absolutePath());
    openFile(path);
}

bool MainWindow::onSave()
{
    // A design from the library (and no file) is saved back there, as a new variant.
    if (filePath_.isEmpty() && libraryIds())
        return library_->saveToLibrary(true);
    if (filePath_.isEmpty() || isBundledExample(filePath_))
        return onSaveAs();
    return saveFile(filePath_);
}

bool MainWindow::onSaveAs()
{
    // The last design folder, else the open file's, else Documents (ExportFolder).
    const QString suggestion =
        ExportFolder::startPath(this, ExportFolder::kDesignKey, documentName() + QStringLiteral(".json"));
    QString path = QFileDialog::getSaveFileName(this, tr("Save design as"), suggestion, kFileFilter);
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    ExportFolder::remember(ExportFolder::kDesignKey, path);
    return saveFile(path);
}

} // namespace cf
