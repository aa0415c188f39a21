#include "app/gui/library_controller.h"

#include "app/gui/library_host.h"
#include "models/design/design.h"
#include "widgets/compare/compare_view.h"
#include "widgets/library/autosave_controller.h"
#include "widgets/library/design_browser_dialog.h"
#include "widgets/library/recent_designs.h"
#include "widgets/library/save_variant_dialog.h"
#include "widgets/library/window_title.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QScreen>
#include <QWidget>

#include <algorithm>

namespace cf {
namespace {

constexpr int kStatusMessageMs = 5000; // our choice
constexpr int kCompareWidth = 1500;    // first size of the compare window, pixels (our choice)
constexpr int kCompareHeight = 820;
// Another library file than the default one (tests, a second library): the
// GUI's counterpart of the CLI's --db PATH.
constexpr const char* kDatabaseEnv = "CLUSTERFORGE_DB";

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

LibraryController::LibraryController(LibraryHost* host, QWidget* window, DesignDocument* document,
                                     RecentDesigns* recent)
    : QObject(window), host_(host), window_(window), document_(document), recent_(recent)
{}

bool LibraryController::open()
{
    const StoreResult<void> opened = store_.open(libraryPath());
    if (!opened)
        openError_ = opened.error().message;
    return bool(opened);
}

void LibraryController::startAutosave()
{
    autosave_ = new AutosaveController(&store_, this);
    autosave_->watch(document_);
    // Said, not swallowed: the user must know the edits are not being kept.
    // No timeout: it stays until the next message (a later save succeeding).
    connect(autosave_, &AutosaveController::failed, this, [this](const QString& message) {
        host_->libraryShowStatus(tr("Autosave failed: %1").arg(message), 0);
    });
    offerRecovery();
    autosave_->start();
}

void LibraryController::clearAutosave()
{
    if (autosave_)
        (void)autosave_->clear(); // a copy left over is only offered again at the next start
}

void LibraryController::forget()
{
    ids_.reset();
    designName_.clear();
    variantName_.clear();
}

void LibraryController::setOrigin(const SavedIds& ids, const QString& designName, const QString& variantName)
{
    ids_ = ids;
    designName_ = designName;
    variantName_ = variantName;
    if (autosave_)
        autosave_->setBasedOnVariant(ids.variantId);
}

void LibraryController::offerRecovery()
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
                                QMessageBox::Yes | QMessageBox::No, window_);
    box->setObjectName(QStringLiteral("recoveryBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, design = **recovered, basedOn](int result) {
        if (result == QMessageBox::Yes) {
            host_->libraryShowDesign(design);
            if (basedOn)
                setOrigin(SavedIds{basedOn->designId, basedOn->id}, basedOn->designName, basedOn->name);
            host_->libraryMarkModified();
            host_->libraryRefresh();
        }
        // Not cleared (store failure): the copy is offered again at the next start.
        (void)autosave_->clear();
    });
    box->open();
}

bool LibraryController::saveToLibrary(bool asVariant)
{
    // Save as Variant of a design the library does not have yet saves it as a
    // new design: a variant needs a design to belong to.
    const bool variant = asVariant && ids_.has_value();
    SaveVariantDialog dialog(variant ? designName_ : QString(), variant ? variantName_ : QString(), window_);
    if (!variant) {
        dialog.setWindowTitle(tr("Save to Library"));
        dialog.setDesignName(ids_ ? designName_
                                  : QString::fromStdString(host_->libraryDesign().name).trimmed());
        dialog.setName(tr("original"));
        // Cancel on "name already in the library" keeps the dialog open, the
        // user's entries as typed, to pick another name (issue 28 item 10).
        dialog.setAcceptCheck(
            [this](const SaveVariantDialog& d) { return confirmDesignName(d.designName()); });
    }
    if (dialog.exec() != QDialog::Accepted)
        return false;
    const Design& design = host_->libraryDesign();
    const Headline headline = host_->libraryHeadline();
    const StoreResult<SavedIds> saved = [&]() -> StoreResult<SavedIds> {
        if (!variant)
            return store_.saveDesign(dialog.designName(), design, headline, dialog.note(), dialog.name());
        const StoreResult<qint64> id = store_.saveVariant(ids_->designId, ids_->variantId, dialog.name(),
                                                          dialog.note(), design, headline);
        if (!id)
            return StoreFailure{id.error()};
        return SavedIds{ids_->designId, *id};
    }();
    if (!saved) {
        host_->libraryShowError(tr("Cannot save to the library"), saved.error().message);
        return false;
    }
    setOrigin(*saved, dialog.designName(), dialog.name());
    clearAutosave();
    // Saved: the library holds this state, so the window is clean again.
    host_->libraryMarkSaved();
    host_->libraryRefresh(); // the library's names in the title, the status bar and the Summary alike
    rememberVariant(saved->variantId);
    host_->libraryShowStatus(tr("Saved \"%1 \u2014 %2\" to the library").arg(designName_, variantName_),
                             kStatusMessageMs);
    return true;
}

void LibraryController::openFromLibrary()
{
    if (!host_->libraryMaybeSave())
        return;
    DesignBrowserDialog dialog(&store_, window_);
    const bool accepted = dialog.exec() == QDialog::Accepted && dialog.selectedVariantId();
    refreshNames(); // the browser may have renamed or deleted what is open
    if (accepted)
        openVariant(*dialog.selectedVariantId());
}

bool LibraryController::openVariant(qint64 variantId)
{
    StoreResult<LoadedVariant> loaded = store_.loadVariant(variantId);
    const StoreResult<VariantRow> row = loaded ? store_.variant(variantId) : StoreFailure{loaded.error()};
    if (!row) {
        // A stored document that does not load lists every error after the message.
        QString message = row.error().message;
        for (const Problem& p : row.error().problems)
            if (p.severity == Severity::Error)
                message += QLatin1Char('\n') + QString::fromStdString(formatProblem(p));
        host_->libraryShowError(tr("Cannot open from the library"), message);
        return false;
    }
    host_->libraryShowDesign(loaded->design);
    setOrigin(SavedIds{row->designId, variantId}, row->designName, row->name);
    host_->libraryRefresh(); // the design's own name was shown; now the library's, everywhere
    rememberVariant(variantId);
    // A document another version wrote may hold fields this one does not know.
    host_->libraryShowLoadWarnings(documentDisplayName({}, {}, row->designName, row->name), loaded->warnings);
    return true;
}

void LibraryController::rememberVariant(qint64 variantId)
{
    if (const StoreResult<VariantRow> row = store_.variant(variantId))
        recent_->add(
            RecentDesign::variant(store_.path(), variantId, row->created, row->designName, row->name));
}

bool LibraryController::confirmDesignName(const QString& name)
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
                    QMessageBox::Save | QMessageBox::Cancel, window_);
    box.setObjectName(QStringLiteral("libraryNameTakenBox"));
    box.setDefaultButton(QMessageBox::Cancel);
    return box.exec() == QMessageBox::Save;
}

void LibraryController::refreshNames()
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
    if (!ids_)
        return;
    if (const StoreResult<VariantRow> row = store_.variant(ids_->variantId)) {
        designName_ = row->designName;
        variantName_ = row->name;
    } else if (row.error().kind == StoreErrorKind::NotFound) {
        // The open variant was deleted: the design on screen is saved nowhere
        // now unless it came from a file.
        forget();
        if (autosave_)
            autosave_->setBasedOnVariant(std::nullopt);
        if (!host_->libraryHasFile())
            host_->libraryMarkModified();
    }
    host_->libraryRefresh(); // renamed or deleted: the title, the status bar and the Summary alike
}

void LibraryController::openRecentVariant(const RecentDesign& entry)
{
    const QString title = tr("Cannot open recent design");
    const QString removed = tr("It was removed from the recent designs.");
    if (!store_.isOpen()) {
        host_->libraryShowError(title, tr("The design library is unavailable: %1").arg(openError_));
        return;
    }
    if (entry.libraryPath != samePath(store_.path())) {
        recent_->remove(entry);
        host_->libraryShowError(title,
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
        host_->libraryShowError(title,
                                tr("\"%1\" was deleted from the library. %2").arg(entry.label(), removed));
        return;
    }
    if (!row) { // the store failed (locked, unreadable): keep the entry, try again later
        host_->libraryShowError(title, row.error().message);
        return;
    }
    if (host_->libraryMaybeSave())
        openVariant(entry.variantId);
}

void LibraryController::compareVariants()
{
    DesignBrowserDialog dialog(&store_, window_);
    dialog.setCompareMode(true);
    const bool accepted = dialog.exec() == QDialog::Accepted;
    refreshNames();
    if (!accepted)
        return;
    auto* view = new CompareView;
    view->setAttribute(Qt::WA_DeleteOnClose);
    if (const StoreResult<void> shown = view->setVariantsFromStore(store_, dialog.selectedVariantIds());
        !shown) {
        delete view;
        host_->libraryShowError(tr("Cannot compare"), shown.error().message);
        return;
    }
    // Never larger than the screen (a 1366 x 768 laptop: issue 28 item 6).
    QSize size(kCompareWidth, kCompareHeight);
    if (const QScreen* screen = window_->screen())
        size = size.boundedTo(screen->availableSize());
    view->resize(size);
    view->show();
}

} // namespace cf
