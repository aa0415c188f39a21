#include "app/gui/shortcuts_dialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace cf {
namespace {

constexpr int kDialogWidthPx = 620;  // wide enough for the longest action name (our choice)
constexpr int kDialogHeightPx = 560; // our choice

QString plainText(const QAction* action)
{
    QString text = action->text();
    text.remove(QLatin1Char('&'));
    if (text.endsWith(QStringLiteral("...")))
        text.chop(3);
    return text;
}

QString keysText(const QAction* action)
{
    QStringList keys;
    for (const QKeySequence& key : action->shortcuts())
        keys << key.toString(QKeySequence::NativeText);
    return keys.join(QStringLiteral(", "));
}

QString whereText(const QAction* action)
{
    switch (action->shortcutContext()) {
    case Qt::WidgetShortcut:
    case Qt::WidgetWithChildrenShortcut:
        return QObject::tr("canvas (when it has the focus)");
    default:
        return QObject::tr("anywhere in the window");
    }
}

} // namespace

QList<QAction*> ShortcutsDialog::actionsWithShortcuts(const QWidget* window)
{
    QList<QAction*> actions;
    for (QAction* action : window->findChildren<QAction*>())
        if (!action->shortcuts().isEmpty() && !plainText(action).isEmpty() && !actions.contains(action))
            actions << action;
    std::stable_sort(actions.begin(), actions.end(), [](const QAction* a, const QAction* b) {
        return plainText(a).localeAwareCompare(plainText(b)) < 0;
    });
    return actions;
}

ShortcutsDialog::ShortcutsDialog(QWidget* window, QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard Shortcuts"));
    auto* intro = new QLabel(tr("Read from the application's own actions. Canvas keys work while the canvas "
                                "has the focus (click it first), so typing in a dock never triggers them."),
                             this);
    intro->setWordWrap(true);
    const QList<QAction*> actions = actionsWithShortcuts(window);
    table_ = new QTableWidget(int(actions.size()), 3, this);
    table_->setObjectName(QStringLiteral("shortcutsTable"));
    table_->setHorizontalHeaderLabels({tr("Action"), tr("Keys"), tr("Where")});
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    for (int row = 0; row < actions.size(); ++row) {
        table_->setItem(row, 0, new QTableWidgetItem(plainText(actions[row])));
        table_->setItem(row, 1, new QTableWidgetItem(keysText(actions[row])));
        table_->setItem(row, 2, new QTableWidgetItem(whereText(actions[row])));
    }
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(table_);
    layout->addWidget(buttons);
    resize(kDialogWidthPx, kDialogHeightPx);
}

} // namespace cf
