#pragma once
// Drives a modal dialog opened by an action under test: polls
// QApplication::activeModalWidget() while the action's exec() runs and hands
// the first dialog of type T to `drive` (which types and clicks as a user
// does); a dialog still open afterwards is rejected, so exec() never hangs.

#include <QApplication>
#include <QDialog>
#include <QTimer>

#include <functional>

namespace cf::test {

template <typename T> class ModalDriver {
public:
    static constexpr int kPollMs = 10;     // how often it looks (our choice)
    static constexpr int kPollTries = 500; // 5 s at most before it gives up (our choice)

    explicit ModalDriver(std::function<void(T*)> drive) : drive_(std::move(drive))
    {
        timer_.setInterval(kPollMs);
        QObject::connect(&timer_, &QTimer::timeout, [this] {
            if (auto* dialog = qobject_cast<T*>(QApplication::activeModalWidget())) {
                timer_.stop();
                seen_ = true;
                drive_(dialog);
                if (dialog->isVisible())
                    dialog->reject();
            } else if (++tries_ > kPollTries) {
                timer_.stop();
            }
        });
        timer_.start();
    }
    bool seen() const { return seen_; }

private:
    std::function<void(T*)> drive_;
    QTimer timer_;
    int tries_ = 0;
    bool seen_ = false;
};

} // namespace cf::test
