#pragma once
// Help > Keyboard Shortcuts: a table made from the QActions that exist in the
// window at the moment it opens (their text, keys and where they work), so
// the list and the app cannot disagree.

#include <QDialog>

class QAction;
class QTableWidget;

namespace cf {

class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    // Lists every action under `window` (menus, toolbar, canvas) that has a shortcut.
    explicit ShortcutsDialog(QWidget* window, QWidget* parent = nullptr);

    QTableWidget* table() const { return table_; }
    // The actions listed, in table order.
    static QList<QAction*> actionsWithShortcuts(const QWidget* window);

private:
    QTableWidget* table_ = nullptr;
};

} // namespace cf
