#pragma once
// Autosave of the working copy and crash recovery (issue 6, item 2).
//
// Debounced (issue 18, finding 10): `delaySeconds` after the last edit
// (QSettings key "autosave/delaySeconds", default kDefaultDelaySeconds; 0
// turns autosave off) the controller writes the watched document's design
// into the store's working-copy slot. Each edit restarts the single-shot
// timer, so a burst of edits (a drag) writes once, and a crash loses at most
// the last few seconds (it lost up to a minute with the old 60 s period).
// saveNow() is for quit. clear() is for a clean end (after Save, or on
// quit when the user has nothing unsaved): a working copy that survives to the
// next start means the last session did not end cleanly, and
// pendingRecovery() offers it.

#include "models/design/design.h"
#include "models/store/store_error.h"
#include "models/store/store_types.h"

#include <QObject>
#include <QPointer>

#include <optional>

class QTimer;

namespace cf {

class DesignDocument;
class DesignStore;

class AutosaveController : public QObject {
    Q_OBJECT
public:
    // Our choice: long enough that typing a number or dragging a part writes
    // once, short enough that a crash loses only the last moment of work.
    static constexpr int kDefaultDelaySeconds = 3;
    static QString delaySettingsKey() { return QStringLiteral("autosave/delaySeconds"); }

    // The store must outlive the controller.
    explicit AutosaveController(DesignStore* store, QObject* parent = nullptr);

    // Reads the delay from QSettings and enables autosave (0: off).
    void start();
    // Disables autosave; a pending write is dropped.
    void stop();
    bool isEnabled() const { return delayMs_ > 0; }
    // A write is scheduled (an edit less than the delay ago).
    bool isPending() const;
    int delaySeconds() const { return delayMs_ / 1000; }
    int delayMs() const { return delayMs_; }
    // Override (tests, settings dialog); a pending write is rescheduled.
    void setDelayMs(int ms);

    // The document whose design is autosaved; its changed() marks the copy dirty.
    void watch(DesignDocument* document);
    // The saved variant the working copy derives from (nullopt: never saved).
    void setBasedOnVariant(std::optional<qint64> variantId) { basedOn_ = variantId; }
    bool isDirty() const { return dirty_; }

    // Write the working copy now if dirty (or always when `force`); a store
    // failure is also emitted as failed().
    StoreResult<void> saveNow(bool force = false);
    // The last session's working copy: nullopt when none is left over.
    StoreResult<std::optional<WorkingCopyRow>> pendingRecovery();
    // pendingRecovery() parsed: nullopt when none is left over, BadDocument
    // when the copy does not load.
    StoreResult<std::optional<Design>> recoverDesign();
    // Drop the working copy (clean save or quit).
    StoreResult<void> clear();

signals:
    void saved(const QDateTime& whenUtc);
    void failed(const QString& message);

private:
    void onTimeout();
    void onEdited();

    DesignStore* store_ = nullptr;
    QPointer<DesignDocument> document_;
    QTimer* timer_ = nullptr;
    int delayMs_ = 0; // 0 until start(): off
    std::optional<qint64> basedOn_;
    bool dirty_ = false;
};

} // namespace cf
