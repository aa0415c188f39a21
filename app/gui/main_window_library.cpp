// The main window's library menus and actions, File ▸ Open Recent and the
// bill-of-materials dock. The library's work (store, variants, autosave, its
// dialogs) is LibraryController's; files (Open/Save .json) are main_window.cpp's.
#include "app/gui/main_window.h"

#include "app/gui/library_controller.h"

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
    tabifyDockWidget(problemsDock_, bomDock_);
    chartsDock_->raise();
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
    recent_ = new RecentDesigns(this);
    recentMenu_ = new QMenu(tr("Open &Recent"), this);
    recentMenu_->setObjectName(QStringLiteral("menuRecent"));
    actions_.fileMenu->insertMenu(actions_.save, recentMenu_);
    connect(recent_, &RecentDesigns::changed, this, &MainWindow::rebuildRecentMenu);
    library_ = new LibraryController(this, this, &document_, recent_);

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
    rebuildRecentMenu(); // after open: library entries are checked against the store's path
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

void MainWindow::rebuildRecentMenu()
{
    recentMenu_->clear();
    const QStringList labels = recent_->labels();
    const std::vector<RecentDesign>& entries = recent_->entries();
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const RecentDesign entry = entries[i];
        QString text = labels.value(int(i));
        text.replace(QLatin1Char('&'), QStringLiteral("&&")); // a name's "&" is no mnemonic
        // "&1" .. "&8": the number is the keyboard shortcut inside the menu.
        auto* action = recentMenu_->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(text));
        action->setObjectName(QStringLiteral("actionRecent%1").arg(i + 1));
        action->setStatusTip(entry.isFile() ? QDir::toNativeSeparators(entry.path)
                                            : tr("Variant %1 in the library %2")
                                                  .arg(entry.variantId)
                                                  .arg(QDir::toNativeSeparators(entry.libraryPath)));
        action->setToolTip(action->statusTip());
        connect(action, &QAction::triggered, this, [this, entry] { openRecent(entry); });
    }
    recentMenu_->addSeparator();
    QAction* clear = recentMenu_->addAction(tr("&Clear Menu"));
    clear->setObjectName(QStringLiteral("actionClearRecent"));
    clear->setEnabled(!entries.empty());
    connect(clear, &QAction::triggered, recent_, &RecentDesigns::clear);
    recentMenu_->setEnabled(!entries.empty());
}

void MainWindow::openRecent(const RecentDesign& entry)
{
    if (!entry.isFile()) {
        library_->openRecentVariant(entry);
        return;
    }
    if (!QFileInfo(entry.path).isFile()) {
        recent_->remove(entry);
        showError(tr("Cannot open recent design"), tr("%1 no longer exists (moved or deleted). %2")
                                                       .arg(QDir::toNativeSeparators(entry.path),
                                                            tr("It was removed from the recent designs.")));
        return;
    }
    if (maybeSave())
        openFile(entry.path);
}

} // namespace cf
