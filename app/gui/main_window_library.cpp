// The main window's design library: the SQLite store (designs and variants),
// autosave with crash recovery, the bill-of-materials dock and the variant
// comparison. Files (Open/Save .json) stay in main_window.cpp.
#include "app/gui/main_window.h"

#include "widgets/bom/bom_dock.h"
#include "models/catalog/catalog.h"
#include "widgets/compare/compare_view.h"
#include "widgets/library/autosave_controller.h"
#include "widgets/library/design_browser_dialog.h"
#include "widgets/library/recent_designs.h"
#include "widgets/library/save_variant_dialog.h"
#include "widgets/library/window_title.h"
#include "models/predict/evaluate.h"
#include "models/store/headline_from_prediction.h"
#include "widgets/whatif/evaluation_controller.h"

#include <QAction>
#include <QDir>
#include <QScreen>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QTimer>

#include <algorithm>

namespace cf {
namespace {

constexpr int kStatusMessageMs = 5000; // our choice
constexpr int kCompareWidth = 1500;    // first size of the compare window, pixels (our choice)
constexpr int kCompareHeight = 820;
// Another library file than the default one (tests, a second library): the
// GUI's counterpart of the CLI's --db PATH.
constexpr const char* kDatabaseEnv = "CLUSTERFORGE_DB";

QAction* libraryAction(QMainWindow* window, const char* objectName, const QString& text, const QString& tip)
{
    auto* action = new QAction(text, window);
    action->setObjectName(QString::fromLatin1(objectName));
    action->setStatusTip(tip);
    action->setToolTip(tip);
    return action;
}

QString libraryPath()
{
    const QString fromEnv = qEnvironmentVariable(kDatabaseEnv);
    return fromEnv.isEmpty() ? DesignStore::defaultPath() : fromEnv;
}

QString samePath(const QString& path)
{
    return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
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

    QAction* firstFileAction =
        actions_.fileMenu->actions().value(5); // after New, Open, Recent, Save, Save As
    actions_.fileMenu->insertSeparator(firstFileAction);
    actions_.fileMenu->insertActions(firstFileAction, {openLibrary, saveLibrary, saveVariant});
    // Not "Export" again: File > Export is the deployment files (ExportMenu); one key each.
    QMenu* exportMenu = new QMenu(tr("Re&port and BOM"), this);
    exportMenu->addActions({exportCsv, exportJson, exportPdf});
    actions_.fileMenu->insertMenu(firstFileAction, exportMenu);
    editActions_.toolsMenu->addAction(compare);
    connect(openLibrary, &QAction::triggered, this, &MainWindow::onOpenFromLibrary);
    connect(saveLibrary, &QAction::triggered, this, [this] { onSaveToLibrary(false); });
    connect(saveVariant, &QAction::triggered, this, [this] { onSaveToLibrary(true); });
    connect(compare, &QAction::triggered, this, &MainWindow::onCompareVariants);
    connect(exportCsv, &QAction::triggered, bomDock_, &BomDock::exportCsvWithDialog);
    connect(exportJson, &QAction::triggered, bomDock_, &BomDock::exportJsonWithDialog);
    connect(exportPdf, &QAction::triggered, bomDock_, &BomDock::exportPdfWithDialog);
    connect(bomDock_, &BomDock::exported, this, [this](const QString& path) {
        // After the menu that ran the export has closed: its status tips would clear the line.
        QTimer::singleShot(0, this, [this, path] {
            statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), kStatusMessageMs);
        });
    });

    const StoreResult<void> libraryOpen = store_.open(libraryPath());
    rebuildRecentMenu(); // after open: library entries are checked against store_.path()
    if (!libraryOpen) {
        for (QAction* a : {openLibrary, saveLibrary, saveVariant, compare})
            a->setEnabled(false);
        libraryOpenError_ = libraryOpen.error().message;
        statusBar()->showMessage(tr("The design library is unavailable: %1").arg(libraryOpenError_));
        return;
    }
    autosave_ = new AutosaveController(&store_, this);
    autosave_->watch(&document_);
    // Said, not swallowed: the user must know the edits are not being kept.
    // No timeout: it stays until the next message (a later save succeeding).
    connect(autosave_, &AutosaveController::failed, this,
            [this](const QString& message) { statusBar()->showMessage(tr("Autosave failed: %1").arg(message)); });
    offerRecovery();
    autosave_->start();
}

void MainWindow::scheduleBomRefresh()
{
    bomTimer_.start();
}

void MainWindow::offerRecovery()
{
    // A copy that cannot be read is not offered (as before: nothing to restore).
    const StoreResult<std::optional<Design>> recovered = autosave_->recoverDesign();
    if (!recovered || !*recovered)
        return;
    // The variant the lost work was edited from, when it is still in the library:
    // restored work continues that variant's tree (and the title names it).
    std::optional<VariantRow> basedOn;
    if (const StoreResult<std::optional<WorkingCopyRow>> copy = autosave_->pendingRecovery();
        copy && *copy && (*copy)->variantId)
        basedOn = store_.variant(*(*copy)->variantId).take();
    // Non-blocking: start-up (and tests) never wait on this box.
    auto* box = new QMessageBox(QMessageBox::Question, tr("Restore unsaved work?"),
                                tr("ClusterForge did not close cleanly last time. Restore the design "
                                   "\"%1\" as it was at the last autosave?")
                                    .arg(documentDisplayName(QString::fromStdString((*recovered)->name), {},
                                                             basedOn ? basedOn->designName : QString(),
                                                             basedOn ? basedOn->name : QString())),
                                QMessageBox::Yes | QMessageBox::No, this);
    box->setObjectName(QStringLiteral("recoveryBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, design = **recovered, basedOn](int result) {
        if (result == QMessageBox::Yes) {
            setDocument(design, {});
            if (basedOn) {
                libraryIds_ = SavedIds{basedOn->designId, basedOn->id};
                libraryDesignName_ = basedOn->designName;
                libraryVariantName_ = basedOn->name;
                autosave_->setBasedOnVariant(basedOn->id);
            }
            modified_ = true;
            refreshViews();
        }
        // Not cleared (store failure): the copy is offered again at the next start.
        (void)autosave_->clear();
    });
    box->open();
}

bool MainWindow::onSaveToLibrary(bool asVariant)
{
    // Save as Variant of a design the library does not have yet saves it as a
    // new design: a variant needs a design to belong to.
    const bool variant = asVariant && libraryIds_.has_value();
    SaveVariantDialog dialog(variant ? libraryDesignName_ : QString(),
                             variant ? libraryVariantName_ : QString(), this);
    if (!variant) {
        dialog.setWindowTitle(tr("Save to Library"));
        const QString suggestion =
            libraryIds_ ? libraryDesignName_ : QString::fromStdString(design().name).trimmed();
        dialog.setDesignName(suggestion);
        dialog.setName(tr("original"));
    }
    // Cancel on "name already in the library" keeps the dialog open, the
    // user's entries as typed, to pick another name (issue 28 item 10).
    if (!variant)
        dialog.setAcceptCheck([this](const SaveVariantDialog& d) { return confirmLibraryName(d.designName()); });
    if (dialog.exec() != QDialog::Accepted)
        return false;
    const Headline headline = headlineFromPrediction(evaluation_->prediction());
    const StoreResult<SavedIds> saved = [&]() -> StoreResult<SavedIds> {
        if (!variant)
            return store_.saveDesign(dialog.designName(), design(), headline, dialog.note(), dialog.name());
        const StoreResult<qint64> id = store_.saveVariant(libraryIds_->designId, libraryIds_->variantId,
                                                          dialog.name(), dialog.note(), design(), headline);
        if (!id)
            return StoreFailure{id.error()};
        return SavedIds{libraryIds_->designId, *id};
    }();
    if (!saved) {
        showError(tr("Cannot save to the library"), saved.error().message);
        return false;
    }
    libraryIds_ = *saved;
    libraryDesignName_ = dialog.designName();
    libraryVariantName_ = dialog.name();
    if (autosave_) {
        autosave_->setBasedOnVariant(saved->variantId);
        (void)autosave_->clear(); // a copy left over is only offered again at the next start
    }
    // Saved: the library holds this state, so the window is clean again.
    modified_ = false;
    undoStack_.setClean();
    refreshViews(); // the library's names in the title, the status bar and the Summary alike
    rememberVariant(saved->variantId);
    statusBar()->showMessage(
        tr("Saved \"%1 \u2014 %2\" to the library").arg(libraryDesignName_, libraryVariantName_),
        kStatusMessageMs);
    return true;
}

void MainWindow::onOpenFromLibrary()
{
    if (!maybeSave())
        return;
    DesignBrowserDialog dialog(&store_, this);
    const bool accepted = dialog.exec() == QDialog::Accepted && dialog.selectedVariantId();
    refreshLibraryNames(); // the browser may have renamed or deleted what is open
    if (accepted)
        openVariant(*dialog.selectedVariantId());
}

bool MainWindow::openVariant(qint64 variantId)
{
    StoreResult<LoadedVariant> loaded = store_.loadVariant(variantId);
    const StoreResult<VariantRow> row = loaded ? store_.variant(variantId) : StoreFailure{loaded.error()};
    if (!row) {
        // A stored document that does not load lists every error after the message.
        QString message = row.error().message;
        for (const Problem& p : row.error().problems)
            if (p.severity == Severity::Error)
                message += QLatin1Char('\n') + QString::fromStdString(formatProblem(p));
        showError(tr("Cannot open from the library"), message);
        return false;
    }
    setDocument(loaded->design, {});
    libraryIds_ = SavedIds{row->designId, variantId};
    libraryVariantName_ = row->name;
    libraryDesignName_ = row->designName;
    if (autosave_)
        autosave_->setBasedOnVariant(variantId);
    refreshViews(); // setDocument showed the design's own name; now the library's, everywhere
    rememberVariant(variantId);
    // A document another version wrote may hold fields this one does not know.
    showLoadWarnings(documentDisplayName({}, {}, row->designName, row->name), loaded->warnings);
    return true;
}

void MainWindow::rememberVariant(qint64 variantId)
{
    if (const StoreResult<VariantRow> row = store_.variant(variantId))
        recent_->add(
            RecentDesign::variant(store_.path(), variantId, row->created, row->designName, row->name));
}

bool MainWindow::confirmLibraryName(const QString& name)
{
    // Two library designs with one name are told apart by nobody: say so
    // before saving rather than leave the user to find out (issue 18, finding 4).
    const StoreResult<std::vector<DesignRow>> designs = store_.listDesigns();
    if (!designs)
        return true; // the save itself reports a broken store
    const bool taken = std::any_of(designs->begin(), designs->end(), [&](const DesignRow& row) {
        return row.name.trimmed().compare(name.trimmed(), Qt::CaseInsensitive) == 0;
    });
    if (!taken)
        return true;
    QMessageBox box(QMessageBox::Warning, tr("Name already in the library"),
                    tr("The library already has a design named \"%1\". Save this one as another design "
                       "with the same name? (To add to that design, open it and use Save as Variant.)")
                        .arg(name.trimmed()),
                    QMessageBox::Save | QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("libraryNameTakenBox"));
    box.setDefaultButton(QMessageBox::Cancel);
    return box.exec() == QMessageBox::Save;
}

void MainWindow::refreshLibraryNames()
{
    // Recent entries of this library follow renames; deleted ones stay until chosen.
    for (RecentDesign entry : recent_->entries()) {
        if (entry.isFile() || entry.libraryPath != samePath(store_.path()))
            continue;
        const StoreResult<VariantRow> row = store_.variant(entry.variantId);
        if (row && (!entry.created.isValid() || row->created == entry.created)) {
            entry.designName = row->designName;
            entry.variantName = row->name;
            recent_->replace(entry);
        }
    }
    if (!libraryIds_)
        return;
    if (const StoreResult<VariantRow> row = store_.variant(libraryIds_->variantId)) {
        libraryDesignName_ = row->designName;
        libraryVariantName_ = row->name;
    } else if (row.error().kind == StoreErrorKind::NotFound) {
        // The open variant was deleted: the design on screen is saved nowhere
        // now unless it came from a file.
        libraryIds_.reset();
        libraryDesignName_.clear();
        libraryVariantName_.clear();
        if (autosave_)
            autosave_->setBasedOnVariant(std::nullopt);
        if (filePath_.isEmpty())
            modified_ = true;
    }
    refreshViews(); // renamed or deleted: the title, the status bar and the Summary alike
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
    const QString removed = tr("It was removed from the recent designs.");
    if (entry.isFile()) {
        if (!QFileInfo(entry.path).isFile()) {
            recent_->remove(entry);
            showError(tr("Cannot open recent design"),
                      tr("%1 no longer exists (moved or deleted). %2")
                          .arg(QDir::toNativeSeparators(entry.path), removed));
            return;
        }
        if (maybeSave())
            openFile(entry.path);
        return;
    }
    if (!store_.isOpen()) {
        showError(tr("Cannot open recent design"),
                  tr("The design library is unavailable: %1").arg(libraryOpenError_));
        return;
    }
    if (entry.libraryPath != samePath(store_.path())) {
        recent_->remove(entry);
        showError(tr("Cannot open recent design"),
                  tr("\"%1\" is in another design library (%2), not in the one open (%3). %4")
                      .arg(entry.label(), QDir::toNativeSeparators(entry.libraryPath),
                           QDir::toNativeSeparators(store_.path()), removed));
        return;
    }
    const StoreResult<VariantRow> row = store_.variant(entry.variantId);
    const bool gone = (!row && row.error().kind == StoreErrorKind::NotFound) ||
                      (row && entry.created.isValid() && row->created != entry.created);
    if (gone) {
        recent_->remove(entry);
        showError(tr("Cannot open recent design"),
                  tr("\"%1\" was deleted from the library. %2").arg(entry.label(), removed));
        return;
    }
    if (!row) { // the store failed (locked, unreadable): keep the entry, try again later
        showError(tr("Cannot open recent design"), row.error().message);
        return;
    }
    if (maybeSave())
        openVariant(entry.variantId);
}

void MainWindow::onCompareVariants()
{
    DesignBrowserDialog dialog(&store_, this);
    dialog.setCompareMode(true);
    const bool accepted = dialog.exec() == QDialog::Accepted;
    refreshLibraryNames();
    if (!accepted)
        return;
    auto* view = new CompareView;
    view->setAttribute(Qt::WA_DeleteOnClose);
    if (const StoreResult<void> shown = view->setVariantsFromStore(store_, dialog.selectedVariantIds());
        !shown) {
        delete view;
        showError(tr("Cannot compare"), shown.error().message);
        return;
    }
    // Never larger than the screen (a 1366 x 768 laptop: issue 28 item 6).
    QSize size(kCompareWidth, kCompareHeight);
    if (const QScreen* screen = this->screen())
        size = size.boundedTo(screen->availableSize());
    view->resize(size);
    view->show();
}

} // namespace cf
