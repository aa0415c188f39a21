#pragma once
// Type-ahead off for the what-if docks' drop-down lists (issue 18, finding 5):
// a closed QComboBox jumps to the first item starting with a typed letter, so
// "F" meant for the canvas's Fit turned Precision BF16 into FP8 and halved the
// MFU without a word. With the guard a letter typed into a closed list does
// nothing; arrows, Page Up/Down, Home/End, Space and F4 still choose, and an
// open list's popup (another widget) keeps its own search.

#include <QObject>

class QWidget;

namespace cf {

class ComboKeyGuard : public QObject {
    Q_OBJECT
public:
    explicit ComboKeyGuard(QObject* parent = nullptr) : QObject(parent) {}
    // Guards every non-editable QComboBox under `root`; the guard is a child of `root`.
    static void install(QWidget* root);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace cf
