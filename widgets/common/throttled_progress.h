#pragma once
// A progress callback for work on a worker thread (the split search, the plan):
// it moves a progress bar on the GUI thread through a queued call, and only when
// the shown step changes, so the GUI's event queue never floods.

#include <functional>

class QProgressBar;

namespace cf {

// `steps` is the bar's range (0..steps); `hook` (may be empty) is called first, on
// the worker thread, with every fraction (tests use it). The bar may be deleted
// while the work runs: the callback then does nothing.
std::function<void(double fraction)> throttledProgress(QProgressBar* bar, int steps,
                                                       std::function<void(double)> hook);

} // namespace cf
