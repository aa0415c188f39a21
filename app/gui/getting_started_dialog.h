#pragma once
// Help > Getting Started: a short guide inside the app (issue 18, finding 1):
// build a cluster, read the numbers, fix problems, find a split, save and compare.

#include <QDialog>

class QTextBrowser;

namespace cf {

class GettingStartedDialog : public QDialog {
    Q_OBJECT
public:
    explicit GettingStartedDialog(QWidget* parent = nullptr);
    QTextBrowser* text() const { return text_; }
    static QString guideHtml();

private:
    QTextBrowser* text_ = nullptr;
};

} // namespace cf
