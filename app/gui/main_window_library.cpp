// The main window's library menus and actions, File ▸ Open Recent and the
// bill-of-materials dock. The library's work (store, variants, autosave, its
// dialogs) is LibraryController's; files (Open/Save .json) are main_window.cpp's.
#include "app/gui/main_window.h"

#include "app/gui/library_controller.h"
#include "app/gui/recent_menu.h"

#include "models/store/headline_from_prediction.h"
#include "widgets/bom/bom_dock.h"
#include "widgets/library/recent_designs.h"
#include "widgets/whatif/evaluation_controller.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QStatusBar>
#include <QTimer>

namespace cf {
namespace {

constexpr int kStatusMessageMs = 5000; // our choice

QAction* libraryAction(QMainWindow* window, const char* objectName, const QString& text, const QString& tip)
{
    auto* action = new QAction(text, window);
    action->setObjectName(QString::fromLatin1(objectName));
    action->setStatusTip(tip);
    action->setToolTip(tip);
    return action;
}

} // namespace

void MainWindow::setupLibrary()
{
    bomDock_ = new BomDock(this);
    bomDock_->setObjectName(QStringLiteral("bomDock"));
    addDockWidget(Qt::BottomDockWidgetArea, bomDock_);
    tabifyDockWidget(problemsDock(), bomDock_);
    chartsDock()->raise();
    actions_.viewMenu->addAction(bomDock_->toggleViewAction());
    connect(&document_, &DesignDocument::changed, this, &MainWindow::scheduleBomRefresh);
    bomTimer_.setSingleShot(true);
    bomTimer_.setInterval(0);
    connect(&bomTimer_, &QTimer::timeout, this, [this] {
        // The report's title and the export file names use the document's one name.
        Design named = document_.design();
        named.name = documentName().toStdString();
        bomDock_->setDesign(named);
    });

    QAction* openLibrary = libraryAction(this, "actionOpenFromLibrary", tr("Open from &Library..."),
                                         tr("Open a saved design or variant from the library"));
    openLibrary->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    QAction* saveLibrary = libraryAction(this, "actionSaveToLibrary", tr("Save to Li&brary..."),
                                         tr("Save the design in the library as a new design"));
    QAction* saveVariant =
        libraryAction(this, "actionSaveAsVariant", tr("Save as &Variant..."),
                      tr("Save the design as a new variant of its library design, with a note"));
    saveVariant->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S));
    QAction* compare = libraryAction(this, "actionCompareVariants", tr("&Compare Variants..."),
                                     tr("Compare two to four saved variants side by side"));
    QAction* exportCsv = libraryAction(this, "actionExportBomCsv", tr("Export BOM as &CSV..."),
                                       tr("Bill of materials as CSV"));
    QAction* exportJson = libraryAction(this, "actionExportBomJson", tr("Export BOM as &JSON..."),
                                        tr("Bill of materials as JSON"));
    QAction* exportPdf = libraryAction(this, "actionExportReport", tr("Export &Report (PDF)..."),
                                       tr("Printable report: predictions, charts and the bill of materials"));

    // File ▸ Open Recent, right after Open.
    recent_ = new RecentMenu(this, actions_.fileMenu, actions_.save);
    connect(recent_, &RecentMenu::chosen, this, &MainWindow::openRecent);
    library_ = new LibraryController(this, this, &document_, recent_->designs());

    QAction* firstFileAction =
        actions_.fileMenu->actions().value(5); // after New, Open, Recent, Save, Save As
    actions_.fileMenu->insertSeparator(firstFileAction);
    actions_.fileMenu->insertActions(firstFileAction, {openLibrary, saveLibrary, saveVariant});
    // Not "Export" again: File > Export is the deployment files (ExportMenu); one key each.
    QMenu* exportMenu = new QMenu(tr("Re&port and BOM"), this);
    exportMenu->addActions({exportCsv, exportJson, exportPdf});
    actions_.fileMenu->insertMenu(firstFileAction, exportMenu);
    editActions_.toolsMenu->addAction(compare);
    connect(openLibrary, &QAction::triggered, library_, &LibraryController::openFromLibrary);
    connect(saveLibrary, &QAction::triggered, library_, [this] { library_->saveToLibrary(false); });
    connect(saveVariant, &QAction::triggered, library_, [this] { library_->saveToLibrary(true); });
    connect(compare, &QAction::triggered, library_, &LibraryController::compareVariants);
    connect(exportCsv, &QAction::triggered, bomDock_, &BomDock::exportCsvWithDialog);
    connect(exportJson, &QAction::triggered, bomDock_, &BomDock::exportJsonWithDialog);
    connect(exportPdf, &QAction::triggered, bomDock_, &BomDock::exportPdfWithDialog);
    connect(bomDock_, &BomDock::exported, this, [this](const QString& path) {
        // After the menu that ran the export has closed: its status tips would clear the line.
        QTimer::singleShot(0, this, [this, path] {
            statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), kStatusMessageMs);
        });
    });

    const bool libraryOpen = library_->open();
    recent_->rebuild(); // after open: library entries are checked against the store's path
    if (!libraryOpen) {
        for (QAction* a : {openLibrary, saveLibrary, saveVariant, compare})
            a->setEnabled(false);
        statusBar()->showMessage(tr("The design library is unavailable: %1").arg(library_->openError()));
        return;
    }
    library_->startAutosave();
}

void MainWindow::scheduleBomRefresh()
{
    bomTimer_.start();
}

std::optional<SavedIds> MainWindow::libraryIds() const
{
    return library_ ? library_->ids() : std::nullopt;
}

DesignStore& MainWindow::store()
{
    return library_->store();
}

Headline MainWindow::libraryHeadline() const
{
    return headlineFromPrediction(evaluation_->prediction());
}

void MainWindow::libraryMarkSaved()
{
    modified_ = false;
    undoStack_.setClean();
}

void MainWindow::libraryShowStatus(const QString& text, int timeoutMs)
{
    statusBar()->showMessage(text, timeoutMs);
}

RecentDesigns* MainWindow::recentDesigns() const
{
    return recent_ ? recent_->designs() : nullptr;
}

QMenu* MainWindow::recentMenu() const
{
    return recent_ ? recent_->menu() : nullptr;
}

void MainWindow::openRecent(const RecentDesign& entry)
{
    if (!entry.isFile()) {
        library_->openRecentVariant(entry);
        return;
    }
    if (!QFileInfo(entry.path).isFile()) {
        recent_->designs()->remove(entry);
        showError(tr("Cannot open recent design"), tr("%1 no longer exists (moved or deleted). %2")
                                                       .arg(QDir::toNativeSeparators(entry.path),
                                                            tr("It was removed from the recent designs.")));
        return;
    }
    if (maybeSave())
        openFile(entry.path);
}

} // namespace cf
