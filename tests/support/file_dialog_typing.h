#pragma once
// Answers a Qt file dialog as a user does: once the dialog is active and its
// file name field has the focus, the path typed into the field, then Enter.
// Both halves matter, and both were timing-dependent before (a dialog is
// shown at once but activated a few event-loop turns later):
//  - QFileDialog::selectFile() leaves the field alone once the field has the
//    focus, so the dialog then saved its suggested name ("Untitled.json"):
//    tst_first_hour_names failed now and then under load;
//  - typed while the field has no focus, each directory the path passes
//    through is selected in the list, which writes the field over.

#include <QAbstractItemView>
#include <QCompleter>
#include <QFileDialog>
#include <QLineEdit>
#include <QTest>

namespace cf::test {

// False when the dialog has no file name field (a native dialog) or never got the focus.
inline bool typeIntoFileDialog(QFileDialog* dialog, const QString& path)
{
    auto* name = dialog ? dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")) : nullptr;
    if (!name || !QTest::qWaitForWindowActive(dialog))
        return false;
    name->setFocus(Qt::OtherFocusReason);
    if (!QTest::qWaitFor([name] { return name->hasFocus(); }))
        return false;
    name->selectAll();
    QTest::keyClicks(name, path);
    if (QCompleter* completer = name->completer(); completer && completer->popup()->isVisible())
        completer->popup()->hide(); // Enter goes to the dialog, not to a completion
    QTest::keyClick(name, Qt::Key_Return);
    return true;
}

} // namespace cf::test
