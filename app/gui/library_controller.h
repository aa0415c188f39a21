#pragma once
// The main window's design library (issue 30: MainWindow split by responsibility):
// the SQLite store of designs and variants, which library variant the open design
// came from or was last saved as, autosave with crash recovery, and the library's
// dialogs (Save to Library, Save as Variant, Open from Library, Compare Variants).
// The window keeps the document and what is on screen (LibraryHost).

#include "models/store/design_store.h"

#include <optional>

#include <QObject>
#include <QString>

class QWidget;

namespace cf {

class AutosaveController;
class DesignDocument;
class LibraryHost;
class RecentDesigns;
struct RecentDesign;

class LibraryController : public QObject {
    Q_OBJECT
public:
    // `window`: the parent of the library's dialogs; `recent`: File ▸ Open Recent.
    LibraryController(LibraryHost* host, QWidget* window, DesignDocument* document, RecentDesigns* recent);

    // Opens the library file (DesignStore::defaultPath(), or $CLUSTERFORGE_DB when set).
    // False when it cannot be opened: openError() says why, and every library entry
    // chosen later says it again.
    bool open();
    QString openError() const { return openError_; }
    // Autosave of the document, after offering to restore work a crash left behind.
    void startAutosave();
    void clearAutosave();

    DesignStore& store() { return store_; }
    // The library variant the design was opened from or last saved as (nullopt: none).
    std::optional<SavedIds> ids() const { return ids_; }
    // Its library names ("" when the design is from no variant).
    QString designName() const { return ids_ ? designName_ : QString(); }
    QString variantName() const { return ids_ ? variantName_ : QString(); }
    // The design is from no library variant any more (a file, a new design).
    void forget();

    // asVariant: a new variant of the library design (Save as Variant); else a new design.
    // False when cancelled or the store failed (the error is shown).
    bool saveToLibrary(bool asVariant);
    void openFromLibrary();
    bool openVariant(qint64 variantId);
    // A library entry of File ▸ Open Recent (the files are the window's).
    void openRecentVariant(const RecentDesign& entry);
    void compareVariants();

private:
    void offerRecovery();
    void setOrigin(const SavedIds& ids, const QString& designName, const QString& variantName);
    void rememberVariant(qint64 variantId);
    // False when `name` is already a library design's and the user did not confirm.
    bool confirmDesignName(const QString& name);
    // Renames and deletions made in a library dialog, in Open Recent and the open design.
    void refreshNames();

    LibraryHost* host_;
    QWidget* window_;
    DesignDocument* document_;
    RecentDesigns* recent_;
    DesignStore store_;
    QString openError_;
    AutosaveController* autosave_ = nullptr;
    std::optional<SavedIds> ids_;
    QString designName_;
    QString variantName_;
};

} // namespace cf
