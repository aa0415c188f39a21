#include "app/gui/help_actions.h"

#include "app/gui/main_actions.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_json.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>

namespace cf {
namespace {

// "Workhorse (workhorse.json)": the design's own name when it has one.
QString exampleTitle(const QString& path)
{
    const Result<Design> loaded = loadDesignFile(path.toStdString());
    const QString file = QFileInfo(path).fileName();
    if (!loaded.ok() || loaded->name.empty())
        return file;
    return QStringLiteral("%1 (%2)").arg(QString::fromStdString(loaded->name), file);
}

} // namespace

QStringList HelpActions::examplePaths()
{
    const QDir folder(QString::fromStdString(resourceDir()) + QStringLiteral("/examples"));
    QStringList paths;
    for (const QFileInfo& info : folder.entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        paths << info.absoluteFilePath();
    return paths;
}

HelpActions HelpActions::create(QMainWindow* window, const MainActions& main)
{
    HelpActions a;
    a.examplesMenu = new QMenu(QObject::tr("Open E&xample"), window);
    a.examplesMenu->setObjectName(QStringLiteral("menuOpenExample"));
    for (const QString& path : examplePaths()) {
        QAction* action = a.examplesMenu->addAction(exampleTitle(path));
        action->setObjectName(QStringLiteral("actionExample_") + QFileInfo(path).completeBaseName());
        action->setData(path);
        action->setStatusTip(QObject::tr("Open the bundled example %1 (Save asks for a new file)")
                                 .arg(QFileInfo(path).fileName()));
        a.examples << action;
    }
    // After "Open...": the first entries a new user reads.
    const QList<QAction*> fileActions = main.fileMenu->actions();
    const int afterOpen = fileActions.indexOf(main.open) + 1;
    main.fileMenu->insertMenu(afterOpen < fileActions.size() ? fileActions[afterOpen] : nullptr,
                              a.examplesMenu);

    a.gettingStarted = new QAction(QObject::tr("&Getting Started"), window);
    a.gettingStarted->setObjectName(QStringLiteral("actionGettingStarted"));
    a.gettingStarted->setShortcuts(QKeySequence::HelpContents);
    a.gettingStarted->setStatusTip(QObject::tr("A short guide: build, read, save and compare a design"));
    a.shortcuts = new QAction(QObject::tr("&Keyboard Shortcuts"), window);
    a.shortcuts->setObjectName(QStringLiteral("actionKeyboardShortcuts"));
    a.shortcuts->setStatusTip(QObject::tr("Every shortcut of the window and the canvas"));
    main.helpMenu->insertActions(main.about, {a.gettingStarted, a.shortcuts});
    main.helpMenu->insertSeparator(main.about);
    return a;
}

} // namespace cf
