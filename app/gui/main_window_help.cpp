// The way in (issue 18, finding 1): File > Open Example, Help > Getting
// Started and Help > Keyboard Shortcuts.
#include "app/gui/main_window.h"

#include "app/gui/getting_started_dialog.h"
#include "app/gui/shortcuts_dialog.h"

#include <QAction>

namespace cf {

void MainWindow::setupHelp()
{
    helpActions_ = HelpActions::create(this, actions_);
    for (QAction* example : helpActions_.examples)
        connect(example, &QAction::triggered, this,
                [this, example] { openExample(example->data().toString()); });
    connect(helpActions_.gettingStarted, &QAction::triggered, this, [this] {
        // Modeless: the user follows the guide in the window beside it.
        if (auto* open = findChild<GettingStartedDialog*>()) {
            open->raise();
            open->activateWindow();
            return;
        }
        auto* dialog = new GettingStartedDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    connect(helpActions_.shortcuts, &QAction::triggered, this, [this] {
        auto* dialog = new ShortcutsDialog(this, this); // made now: lists the actions as they are now
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
}

void MainWindow::openExample(const QString& path)
{
    // A bundled example is a template (isBundledExample: Save asks for a new
    // file) and no recent design of the user's.
    if (maybeSave())
        loadFile(path);
}

} // namespace cf
