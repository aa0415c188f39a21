#include "app/gui/main_actions.h"

#include <QAction>
#include <QApplication>
#include <QIcon>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenuBar>
#include <QStyle>
#include <QToolBar>
#include <QUndoStack>

namespace cf {
namespace {

// The desktop theme's icon when there is one, else a Qt style icon.
QIcon themeIcon(const char* name, QStyle::StandardPixmap fallback)
{
    return QIcon::fromTheme(QString::fromLatin1(name), QApplication::style()->standardIcon(fallback));
}

QAction* makeAction(QMainWindow* window, const char* objectName, const QString& text, const QString& tip)
{
    auto* action = new QAction(text, window);
    action->setObjectName(QString::fromLatin1(objectName));
    action->setStatusTip(tip);
    action->setToolTip(tip);
    return action;
}

// The toolbar's Undo or Redo: the one word on the button, the whole step
// ("Undo Add DGX H100 #3") in its tooltip, so the toolbar keeps room for
// Find Best Split (issue 28 item 9). The menu keeps `full` with its shortcuts.
QAction* toolBarWord(QMainWindow* window, QAction* full, const QString& word, const char* objectName)
{
    auto* proxy = new QAction(full->icon(), word, window);
    proxy->setObjectName(QString::fromLatin1(objectName));
    const auto follow = [proxy, full] {
        proxy->setEnabled(full->isEnabled());
        proxy->setToolTip(QString(full->text()).remove(QLatin1Char('&')));
    };
    follow();
    QObject::connect(full, &QAction::changed, proxy, follow);
    QObject::connect(proxy, &QAction::triggered, full, &QAction::trigger);
    return proxy;
}

// New, Open, Save, Save As.
void createFileActions(QMainWindow* window, MainActions& a)
{
    a.newDesign = makeAction(window, "actionNew", QObject::tr("&New"), QObject::tr("Start an empty design"));
    a.newDesign->setShortcuts(QKeySequence::New);
    a.newDesign->setIcon(themeIcon("document-new", QStyle::SP_FileIcon));

    a.open =
        makeAction(window, "actionOpen", QObject::tr("&Open..."), QObject::tr("Open a design file (.json)"));
    a.open->setShortcuts(QKeySequence::Open);
    a.open->setIcon(themeIcon("document-open", QStyle::SP_DialogOpenButton));

    a.save = makeAction(window, "actionSave", QObject::tr("&Save"), QObject::tr("Save the design"));
    a.save->setShortcuts(QKeySequence::Save);
    a.save->setIcon(themeIcon("document-save", QStyle::SP_DialogSaveButton));

    a.saveAs = makeAction(window, "actionSaveAs", QObject::tr("Save &As..."),
                          QObject::tr("Save the design under a new name"));
    a.saveAs->setShortcuts(QKeySequence::SaveAs);
    a.saveAs->setIcon(themeIcon("document-save-as", QStyle::SP_DialogSaveButton));
}

// Undo and Redo, from the window's undo stack.
void createUndoActions(QMainWindow* window, QUndoStack* undoStack, MainActions& a)
{
    a.undo = undoStack->createUndoAction(window, QObject::tr("&Undo"));
    a.undo->setObjectName(QStringLiteral("actionUndo"));
    a.undo->setShortcuts(QKeySequence::Undo);
    a.undo->setIcon(themeIcon("edit-undo", QStyle::SP_ArrowBack));

    a.redo = undoStack->createRedoAction(window, QObject::tr("&Redo"));
    a.redo->setObjectName(QStringLiteral("actionRedo"));
    // Ctrl+Shift+Z (the X11/GNOME/KDE redo) and Ctrl+Y (Windows, and most
    // editors) on every platform, then any other key the platform adds (our
    // choice, issue 18: under X11 QKeySequence::Redo alone lacks Ctrl+Y).
    QList<QKeySequence> redoKeys{QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z),
                                 QKeySequence(Qt::CTRL | Qt::Key_Y)};
    for (const QKeySequence& key : QKeySequence::keyBindings(QKeySequence::Redo))
        if (!redoKeys.contains(key))
            redoKeys << key;
    a.redo->setShortcuts(redoKeys);
    a.redo->setIcon(themeIcon("edit-redo", QStyle::SP_ArrowForward));
}

void createZoomActions(QMainWindow* window, MainActions& a)
{
    const QString zoomLater = QObject::tr("Zoom arrives with the canvas (issue #4)");
    a.zoomIn = makeAction(window, "actionZoomIn", QObject::tr("Zoom &In"), zoomLater);
    a.zoomIn->setShortcuts(QKeySequence::ZoomIn);
    a.zoomIn->setIcon(QIcon::fromTheme(QStringLiteral("zoom-in")));
    a.zoomOut = makeAction(window, "actionZoomOut", QObject::tr("Zoom &Out"), zoomLater);
    a.zoomOut->setShortcuts(QKeySequence::ZoomOut);
    a.zoomOut->setIcon(QIcon::fromTheme(QStringLiteral("zoom-out")));
    // No QKeySequence::StandardKey for "fit"; Ctrl+0 is what most editors use (our choice).
    a.zoomFit = makeAction(window, "actionZoomFit", QObject::tr("Zoom to &Fit"), zoomLater);
    a.zoomFit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    a.zoomFit->setIcon(QIcon::fromTheme(QStringLiteral("zoom-fit-best")));
    for (QAction* zoom : {a.zoomIn, a.zoomOut, a.zoomFit})
        zoom->setEnabled(false);
}

// Quit and About.
void createApplicationActions(QMainWindow* window, MainActions& a)
{
    a.quit = makeAction(window, "actionQuit", QObject::tr("&Quit"), QObject::tr("Quit ClusterForge"));
    a.quit->setShortcuts(QKeySequence::Quit);
    a.quit->setMenuRole(QAction::QuitRole);
    a.quit->setIcon(QIcon::fromTheme(QStringLiteral("application-exit")));

    a.about = makeAction(window, "actionAbout", QObject::tr("&About ClusterForge"),
                         QObject::tr("Version, sources and licences"));
    a.about->setMenuRole(QAction::AboutRole);
}

// File, Edit, View and Help on the window's menu bar.
void createMenus(QMainWindow* window, MainActions& a)
{
    QMenuBar* bar = window->menuBar();
    a.fileMenu = bar->addMenu(QObject::tr("&File"));
    a.fileMenu->setObjectName(QStringLiteral("menuFile"));
    a.fileMenu->addActions({a.newDesign, a.open, a.save, a.saveAs});
    a.fileMenu->addSeparator();
    a.fileMenu->addAction(a.quit);

    a.editMenu = bar->addMenu(QObject::tr("&Edit"));
    a.editMenu->setObjectName(QStringLiteral("menuEdit"));
    a.editMenu->addActions({a.undo, a.redo});

    a.viewMenu = bar->addMenu(QObject::tr("&View"));
    a.viewMenu->setObjectName(QStringLiteral("menuView"));
    a.viewMenu->addActions({a.zoomIn, a.zoomOut, a.zoomFit});
    a.viewMenu->addSeparator();

    a.helpMenu = bar->addMenu(QObject::tr("&Help"));
    a.helpMenu->setObjectName(QStringLiteral("menuHelp"));
    a.helpMenu->addAction(a.about);
}

void createToolBar(QMainWindow* window, MainActions& a)
{
    a.toolBar = window->addToolBar(QObject::tr("Main toolbar"));
    a.toolBar->setObjectName(QStringLiteral("mainToolBar")); // saveState() needs a name
    a.toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    a.toolBar->addActions({a.newDesign, a.open, a.save});
    a.toolBar->addSeparator();
    a.toolBar->addActions({toolBarWord(window, a.undo, QObject::tr("Undo"), "toolBarUndo"),
                           toolBarWord(window, a.redo, QObject::tr("Redo"), "toolBarRedo")});
    a.toolBar->addSeparator();
    a.toolBar->addActions({a.zoomIn, a.zoomOut, a.zoomFit});
}

} // namespace

MainActions MainActions::create(QMainWindow* window, QUndoStack* undoStack)
{
    MainActions a;
    createFileActions(window, a);
    createUndoActions(window, undoStack, a);
    createZoomActions(window, a);
    createApplicationActions(window, a);
    createMenus(window, a);
    createToolBar(window, a);
    return a;
}

} // namespace cf
