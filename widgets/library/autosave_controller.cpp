#include "widgets/library/autosave_controller.h"

#include "models/design/design_json.h"
#include "widgets/document/design_document.h"
#include "models/store/design_store.h"

#include <QSettings>
#include <QTimer>

#include <algorithm>

namespace cf {

namespace {
constexpr int kMsPerSecond = 1000;
}

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

bool AutosaveController::saveNow(bool force)
{
    if (!document_ || !store_ || (!dirty_ && !force))
        return true;
    if (!store_->saveWorkingCopy(document_->design(), basedOn_)) {
        lastError_ = store_->lastError().message;
        emit failed(lastError_);
        return false;
    }
    dirty_ = false;
    lastError_.clear();
    emit saved(QDateTime::currentDateTimeUtc());
    return true;
}

void AutosaveController::onTimeout()
{
    saveNow(false);
}

std::optional<WorkingCopyRow> AutosaveController::pendingRecovery()
{
    if (!store_)
        return std::nullopt;
    std::optional<WorkingCopyRow> row = store_->workingCopy();
    if (!row && !store_->lastError().ok())
        lastError_ = store_->lastError().message;
    return row;
}

std::optional<Design> AutosaveController::recoverDesign()
{
    const std::optional<WorkingCopyRow> row = pendingRecovery();
    if (!row)
        return std::nullopt;
    Result<Design> loaded = loadDesignJson(std::string_view(row->document.constData(), row->document.size()));
    if (!loaded.ok()) {
        QStringList messages;
        for (const Problem& p : loaded.problems())
            messages << QString::fromStdString(formatProblem(p));
        lastError_ = tr("The autosaved working copy cannot be read: %1").arg(messages.join(QStringLiteral("; ")));
        return std::nullopt;
    }
    return loaded.take();
}

bool AutosaveController::clear()
{
    if (!store_)
        return false;
    if (!store_->clearWorkingCopy()) {
        lastError_ = store_->lastError().message;
        emit failed(lastError_);
        return false;
    }
    dirty_ = false;
    return true;
}

} // namespace cf
