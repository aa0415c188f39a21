#pragma once
// The main window's status bar indicators (issue 30: MainWindow split by
// responsibility): the design's name and GPU count on the left, the site
// calibration in use and the validation verdict on the right. The window's
// passing messages (showMessage) share the bar and stay the window's.

#include <QString>

class QLabel;
class QStatusBar;
class QWidget;

namespace cf {

struct Design;

class StatusIndicators {
public:
    // The labels are children of `window`, placed on `bar`.
    StatusIndicators(QWidget* window, QStatusBar* bar);

    // The open design: its one name (documentName) and what it holds.
    void showDesign(const Design& design, const QString& name);
    // The validation verdict: "Valid: no problems" or the counts, red with an error.
    void showProblemCounts(int errors, int warnings);

private:
    QLabel* name_ = nullptr;
    QLabel* gpus_ = nullptr;
    QLabel* calibration_ = nullptr; // issue 27 item 4: is a site profile in use
    QLabel* validation_ = nullptr;
};

} // namespace cf
