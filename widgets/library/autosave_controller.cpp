#include "widgets/library/autosave_controller.h"

#include "models/design/design_json.h"
#include "models/store/design_store.h"
#include "widgets/document/design_document.h"

#include <QSettings>
#include <QTimer>

#include <algorithm>

namespace cf {

namespace {
constexpr int kMsPerSecond = 1000;

// Without a store there is nothing to save to or recover from.
StoreFailure noStore()
{
    return StoreFailure{
        StoreError{StoreErrorKind::CannotOpen, QStringLiteral("no design database is open"), {}}};
}
} // namespace

AutosaveController::AutosaveController(DesignStore* store, QObject* parent)
    : QObject(parent), store_(store), timer_(new QTimer(this))
{
    timer_->setSingleShot(true);
    connect(timer_, &QTimer::timeout, this, &AutosaveController::onTimeout);
}

void AutosaveController::start()
{
    bool ok = false;
    const int seconds = QSettings().value(delaySettingsKey(), kDefaultDelaySeconds).toInt(&ok);
    setDelayMs((ok && seconds >= 0 ? seconds : kDefaultDelaySeconds) * kMsPerSecond);
}

void AutosaveController::stop()
{
    setDelayMs(0);
}

bool AutosaveController::isPending() const
{
    return timer_->isActive();
}

void AutosaveController::setDelayMs(int ms)
{
    delayMs_ = std::max(0, ms);
    if (delayMs_ == 0)
        timer_->stop();
    else if (timer_->isActive() || dirty_)
        timer_->start(delayMs_);
}

void AutosaveController::onEdited()
{
    dirty_ = true;
    if (delayMs_ > 0)
        timer_->start(delayMs_); // restarts: the write waits for a pause in the edits
}

void AutosaveController::watch(DesignDocument* document)
{
    if (document_)
        disconnect(document_, nullptr, this, nullptr);
    document_ = document;
    dirty_ = false;
    timer_->stop();
    if (document)
        connect(document, &DesignDocument::changed, this, &AutosaveController::onEdited);
}

StoreResult<void> AutosaveController::saveNow(bool force)
{
    if (!document_ || !store_ || (!dirty_ && !force))
        return StoreResult<void>::success();
    StoreResult<void> written = store_->saveWorkingCopy(document_->design(), basedOn_);
    if (!written) {
        emit failed(written.error().message);
        return written;
    }
    dirty_ = false;
    emit saved(QDateTime::currentDateTimeUtc());
    return written;
}

void AutosaveController::onTimeout()
{
    (void)saveNow(false); // a failure is emitted as failed()
}

StoreResult<std::optional<WorkingCopyRow>> AutosaveController::pendingRecovery()
{
    if (!store_)
        return noStore();
    return store_->workingCopy();
}

StoreResult<std::optional<Design>> AutosaveController::recoverDesign()
{
    const StoreResult<std::optional<WorkingCopyRow>> row = pendingRecovery();
    if (!row)
        return StoreFailure{row.error()};
    if (!*row)
        return std::optional<Design>(); // nothing left over
    const QByteArray& document = (*row)->document;
    Result<Design> loaded = loadDesignJson(std::string_view(document.constData(), document.size()));
    if (!loaded.ok()) {
        QStringList messages;
        for (const Problem& p : loaded.problems())
            messages << QString::fromStdString(formatProblem(p));
        return StoreFailure{StoreError{
            StoreErrorKind::BadDocument,
            tr("The autosaved working copy cannot be read: %1").arg(messages.join(QStringLiteral("; "))),
            loaded.problems()}};
    }
    return std::optional<Design>(loaded.take());
}

StoreResult<void> AutosaveController::clear()
{
    if (!store_)
        return noStore();
    StoreResult<void> cleared = store_->clearWorkingCopy();
    if (!cleared) {
        emit failed(cleared.error().message);
        return cleared;
    }
    dirty_ = false;
    return cleared;
}

} // namespace cf
