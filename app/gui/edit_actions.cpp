#include "app/gui/edit_actions.h"

#include "app/gui/main_actions.h"

#include <QAction>
#include <QIcon>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QToolBar>

namespace cf {
namespace {

QAction* makeAction(QMainWindow* window, const char* objectName, const QString& text, const QString& tip,
                    const QKeySequence& shortcut)
{
    auto* action = new QAction(text, window);
    action->setObjectName(QString::fromLatin1(objectName));
    action->setStatusTip(tip);
    action->setToolTip(QStringLiteral("%1 (%2)").arg(tip, shortcut.toString(QKeySequence::NativeText)));
    action->setShortcut(shortcut);
    return action;
}

} // namespace

EditActions EditActions::create(QMainWindow* window, const MainActions& main)
{
    EditActions a;
    a.copy = makeAction(window, "actionCopy", QObject::tr("&Copy"),
                        QObject::tr("Copy the selected parts and their links"), QKeySequence::Copy);
    a.copy->setIcon(QIcon::fromTheme(QStringLiteral("edit-copy")));
    a.paste = makeAction(window, "actionPaste", QObject::tr("&Paste"),
                         QObject::tr("Paste parts with fresh ids"), QKeySequence::Paste);
    a.paste->setIcon(QIcon::fromTheme(QStringLiteral("edit-paste")));
    a.duplicate =
        makeAction(window, "actionDuplicate", QObject::tr("D&uplicate"),
                   QObject::tr("Duplicate the selection beside itself"), QKeySequence(Qt::CTRL | Qt::Key_D));
    a.remove = makeAction(window, "actionDelete", QObject::tr("&Delete"),
                          QObject::tr("Delete the selected parts and links"), QKeySequence::Delete);
    a.remove->setIcon(QIcon::fromTheme(QStringLiteral("edit-delete")));
    a.linkMode = makeAction(window, "actionLinkMode", QObject::tr("Draw &Links"),
                            QObject::tr("Link mode: drag from one part to another to wire them"),
                            QKeySequence(Qt::Key_L));
    a.linkMode->setCheckable(true);
    a.generateFabric =
        makeAction(window, "actionGenerateFabric", QObject::tr("&Generate Fabric..."),
                   QObject::tr("Lay out a whole fat-tree, rail-optimised or spine-leaf fabric"),
                   QKeySequence(Qt::CTRL | Qt::Key_G));
    a.searchSplits = makeAction(window, "actionSearchSplits", QObject::tr("Find Best &Split..."),
                                QObject::tr("Search every parallel split for this hardware and workload"),
                                QKeySequence(Qt::CTRL | Qt::Key_F));
    a.plan = makeAction(
        window, "actionPlan", QObject::tr("&Plan..."),
        QObject::tr("Plan a cluster from power, budget and deadline: ranked designs on a Pareto chart"),
        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));

    main.editMenu->addSeparator();
    main.editMenu->addActions({a.copy, a.paste, a.duplicate, a.remove});
    main.editMenu->addSeparator();
    main.editMenu->addAction(a.linkMode);

    a.toolsMenu = new QMenu(QObject::tr("&Tools"), window);
    a.toolsMenu->setObjectName(QStringLiteral("menuTools"));
    a.toolsMenu->addActions({a.generateFabric, a.searchSplits, a.plan});
    window->menuBar()->insertMenu(main.helpMenu->menuAction(), a.toolsMenu);

    main.toolBar->addSeparator();
    main.toolBar->addActions({a.linkMode, a.generateFabric, a.searchSplits});
    return a;
}

} // namespace cf
