#include "app/gui/recent_menu.h"

#include "widgets/library/recent_designs.h"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QMenu>

namespace cf {
namespace {

// The menu's words keep the window's translation context (they were its own).
constexpr const char* kContext = "cf::MainWindow";

} // namespace

RecentMenu::RecentMenu(QWidget* window, QMenu* fileMenu, QAction* before) : QObject(window)
{
    recent_ = new RecentDesigns(window);
    menu_ = new QMenu(QCoreApplication::translate(kContext, "Open &Recent"), window);
    menu_->setObjectName(QStringLiteral("menuRecent"));
    fileMenu->insertMenu(before, menu_);
    connect(recent_, &RecentDesigns::changed, this, &RecentMenu::rebuild);
}

void RecentMenu::rebuild()
{
    menu_->clear();
    const QStringList labels = recent_->labels();
    const std::vector<RecentDesign>& entries = recent_->entries();
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const RecentDesign entry = entries[i];
        QString text = labels.value(int(i));
        text.replace(QLatin1Char('&'), QStringLiteral("&&")); // a name's "&" is no mnemonic
        // "&1" .. "&8": the number is the keyboard shortcut inside the menu.
        auto* action = menu_->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(text));
        action->setObjectName(QStringLiteral("actionRecent%1").arg(i + 1));
        action->setStatusTip(entry.isFile()
                                 ? QDir::toNativeSeparators(entry.path)
                                 : QCoreApplication::translate(kContext, "Variant %1 in the library %2")
                                       .arg(entry.variantId)
                                       .arg(QDir::toNativeSeparators(entry.libraryPath)));
        action->setToolTip(action->statusTip());
        connect(action, &QAction::triggered, this, [this, entry] { emit chosen(entry); });
    }
    menu_->addSeparator();
    QAction* clear = menu_->addAction(QCoreApplication::translate(kContext, "&Clear Menu"));
    clear->setObjectName(QStringLiteral("actionClearRecent"));
    clear->setEnabled(!entries.empty());
    connect(clear, &QAction::triggered, recent_, &RecentDesigns::clear);
    menu_->setEnabled(!entries.empty());
}

} // namespace cf
