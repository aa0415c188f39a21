#pragma once
// Autosave of the working copy and crash recovery (issue 6, item 2).
//
// Every `intervalSeconds` (QSettings key "autosave/intervalSeconds", default
// 60; 0 turns the timer off) the controller writes the watched document's
// design into the store's working-copy slot, when it changed since the last
// write. saveNow() is for quit. clear() is for a clean end (after Save, or on
// quit when the user has nothing unsaved): a working copy that survives to the
// next start means the last session did not end cleanly, and
// pendingRecovery() offers it.

#include "models/design/design.h"
#include "models/store/store_types.h"
#include "models/store/store_error.h"

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
    static constexpr int kDefaultIntervalSeconds = 60; // our choice: lose at most a minute of work
    static QString intervalSettingsKey() { return QStringLiteral("autosave/intervalSeconds"); }

    // The store must outlive the controller.
    explicit AutosaveController(DesignStore* store, QObject* parent = nullptr);

    // Reads the interval from QSettings and starts the timer.
    void start();
    void stop();
    bool isActive() const;
    int intervalSeconds() const { return intervalSeconds_; }
    // Override (tests, settings dialog); also restarts a running timer.
    void setIntervalMs(int ms);

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

    DesignStore* store_ = nullptr;
    QPointer<DesignDocument> document_;
    QTimer* timer_ = nullptr;
    int intervalSeconds_ = kDefaultIntervalSeconds;
    std::optional<qint64> basedOn_;
    bool dirty_ = false;
};

} // namespace cf
