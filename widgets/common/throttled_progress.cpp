#include "widgets/common/throttled_progress.h"

#include <QMetaObject>
#include <QPointer>
#include <QProgressBar>

#include <algorithm>
#include <atomic>
#include <memory>

namespace cf {

std::function<void(double fraction)> throttledProgress(QProgressBar* bar, int steps,
                                                       std::function<void(double)> hook)
{
    auto lastStep = std::make_shared<std::atomic<int>>(-1);
    QPointer<QProgressBar> target(bar);
    return [target, lastStep, steps, hook = std::move(hook)](double fraction) {
        if (hook)
            hook(fraction);
        const int step = int(std::clamp(fraction, 0.0, 1.0) * steps);
        if (lastStep->exchange(step) == step)
            return;
        if (QProgressBar* shown = target.data())
            QMetaObject::invokeMethod(
                shown, [shown, step] { shown->setValue(step); }, Qt::QueuedConnection);
    };
}

} // namespace cf
