// The way in (issue 18, finding 1): File > Open Example, Help > Getting
// Started and Help > Keyboard Shortcuts; Help > About.
#include "app/gui/main_window.h"

#include "app/gui/getting_started_dialog.h"
#include "app/gui/shortcuts_dialog.h"
#include "models/catalog/resource_paths.h"

#include <QAction>
#include <QMessageBox>

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

void MainWindow::onAbout()
{
    QMessageBox::about(
        this, tr("About ClusterForge"),
        tr("<h3>ClusterForge %1</h3>"
           "<p>Design GPU clusters for LLM training and predict their performance and cost.</p>"
           "<p><b>Sources.</b> Every hardware figure in the catalog names where it was read "
           "(vendor datasheets, reference architectures, published papers); a figure that had to "
           "be estimated says so and why. Every constant of the prediction model names its "
           "source, or says it is our own choice. Predictions are estimates: check them against "
           "your own measurements before you buy.</p>"
           "<p>Catalog: <code>%2</code><br>Your additions: <code>%3</code></p>"
           "<p>Built with Qt %4, QCustomPlot and nlohmann/json.</p>")
            .arg(QStringLiteral(CF_VERSION), QString::fromStdString(builtinCatalogPath()).toHtmlEscaped(),
                 QString::fromStdString(userCatalogPath()).toHtmlEscaped(), QString::fromLatin1(qVersion())));
}

} // namespace cf
