// Issue 18, finding 4 ("names"): one document name everywhere; Ctrl+S on an
// untitled design asks for a file, then the title, status bar and Summary
// show the saved name and a later Ctrl+S writes that same file; a library
// name already taken is asked about, never saved over silently; undo labels
// use display names, not ids.
#include "app/gui/main_window.h"
#include "file_dialog_typing.h"
#include "first_hour.h"
#include "models/design/design_json.h"
#include "models/store/headline_from_prediction.h"
#include "widgets/canvas/design_view.h"
#include "widgets/document/design_document.h"
#include "widgets/library/save_variant_dialog.h"

#include "test_main.h"
#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTextBrowser>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

#include <functional>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_first_hour_names {

using namespace cf;

namespace {

constexpr int kPollMs = 20; // how often the test looks for a modal dialog (our choice)

// Answers modal dialogs as they open: `answer` gets each new modal widget
// until it returns true (done). Stops with the returned guard.
struct DialogAnswerer {
    QTimer timer;
    int answered = 0;
    explicit DialogAnswerer(std::function<bool(QWidget*)> answer)
    {
        QObject::connect(&timer, &QTimer::timeout, [this, answer] {
            if (QWidget* modal = QApplication::activeModalWidget())
                if (modal->property("answered").isNull()) {
                    modal->setProperty("answered", true);
                    ++answered;
                    if (answer(modal))
                        timer.stop();
                }
        });
        timer.start(kPollMs);
    }
};

QString statusName(const MainWindow& w)
{
    return w.findChild<QLabel*>(QStringLiteral("statusDesignName"))->text();
}

QString summaryText(const MainWindow& w)
{
    return w.findChild<QTextBrowser*>(QStringLiteral("designSummary"))->toPlainText();
}

} // namespace

class TestFirstHourNames : public QObject {
    Q_OBJECT
private slots:
    void untitledSaveTakesTheFileName();
    void takenLibraryNameIsAsked();
    void undoLabelsUseDisplayNames();
};

void TestFirstHourNames::untitledSaveTakesTheFileName()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    w.findChild<QAction*>(QStringLiteral("actionNew"))->trigger();
    w.view()->placePart(QStringLiteral("dgx-h100"), QPointF(0, 0));
    QCoreApplication::processEvents();
    QVERIFY(w.windowTitle().startsWith(QStringLiteral("Untitled")));
    QCOMPARE(statusName(w), QStringLiteral("Untitled"));

    const QString path = QDir(f.dir.path()).filePath(QStringLiteral("cluster-a.json"));
    DialogAnswerer saveAs([&](QWidget* modal) {
        auto* dialog = qobject_cast<QFileDialog*>(modal);
        if (!dialog)
            return false;
        return test::typeIntoFileDialog(dialog, path);
    });
    QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier);
    QCOMPARE(saveAs.answered, 1);
    QVERIFY(QFileInfo::exists(path));
    QCoreApplication::processEvents();
    QVERIFY(test::saveFirstHourShot(w.grab().toImage(), QStringLiteral("finding4_saved_name")));
    QVERIFY2(w.windowTitle().startsWith(QStringLiteral("cluster-a")), qPrintable(w.windowTitle()));
    QCOMPARE(statusName(w), QStringLiteral("cluster-a"));
    QVERIFY(summaryText(w).startsWith(QStringLiteral("cluster-a")));
    QCOMPARE(w.documentName(), QStringLiteral("cluster-a"));

    // A later Ctrl+S writes the same file, without a dialog.
    w.view()->placePart(QStringLiteral("dgx-h100"), QPointF(300, 0));
    w.activateWindow(); // back from the file dialog
    QVERIFY(QTest::qWaitForWindowActive(&w));
    DialogAnswerer none([](QWidget* modal) {
        modal->close();
        return true;
    });
    QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier);
    QCOMPARE(none.answered, 0);
    const Result<Design> saved = loadDesignFile(path.toStdString());
    QVERIFY(saved.ok());
    QCOMPARE(int(saved->parts.size()), 2);
    QVERIFY(!w.isModified());
    QCOMPARE(QDir(f.dir.path()).entryList({QStringLiteral("*.json")}).size(), 1);
}

void TestFirstHourNames::takenLibraryNameIsAsked()
{
    test::FirstHourWindow f; // the Workhorse example
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    QVERIFY(w.store().saveDesign(QStringLiteral("Workhorse"), w.design(), Headline{}));
    QCOMPARE(w.store().listDesigns()->size(), std::size_t(1));
    bool asked = false;
    int shown = 0;
    int closed = 0; // the dialog never closes while the question is asked
    int closedBeforeAskedAgain = -1;
    QString nameShownAgain;
    QString noteShownAgain;
    DialogAnswerer answer([&](QWidget* modal) {
        if (auto* save = qobject_cast<SaveVariantDialog*>(modal)) {
            if (++shown == 1) {
                save->setDesignName(QStringLiteral("workhorse")); // the same name, another case
                save->setNote(QStringLiteral("typed before the question"));
                QObject::connect(save, &QDialog::finished, save, [&closed] { ++closed; });
                save->setProperty("answered", QVariant()); // the same dialog is still there (below)
                // Save, as a click would: after this answer returns, so the
                // question it asks is answered by the next turn of the timer.
                QMetaObject::invokeMethod(save, &QDialog::accept, Qt::QueuedConnection);
                return false;
            }
            // Cancel on the question keeps the dialog open, every field kept (issue 28 item 10).
            closedBeforeAskedAgain = closed;
            nameShownAgain = save->designName();
            noteShownAgain = save->note();
            save->reject();
            return true;
        }
        if (auto* box = qobject_cast<QMessageBox*>(modal)) {
            asked = box->text().contains(QStringLiteral("workhorse"));
            box->button(QMessageBox::Cancel)->click();
            return false;
        }
        return false;
    });
    w.findChild<QAction*>(QStringLiteral("actionSaveToLibrary"))->trigger();
    QVERIFY2(asked, "saved under a name the library already has, without asking");
    QCOMPARE(shown, 2);
    QCOMPARE(nameShownAgain, QStringLiteral("workhorse"));
    QCOMPARE(noteShownAgain, QStringLiteral("typed before the question"));
    QCOMPARE(closedBeforeAskedAgain, 0);
    QCOMPARE(closed, 1); // the user's Cancel, at the end
    QCOMPARE(w.store().listDesigns()->size(), std::size_t(1));
}

void TestFirstHourNames::undoLabelsUseDisplayNames()
{
    test::FirstHourWindow f;
    MainWindow& w = *f.window;
    DesignDocument* doc = w.document();
    const Link& link = w.design().links.front();
    const QString linkId = QString::fromStdString(link.id);
    const QString from = doc->displayName(QString::fromStdString(link.fromPartId));
    QVERIFY(doc->setLinkProperty(linkId, QStringLiteral("cablesPerMember"), link.cablesPerMember + 1));
    const QString label = w.undoStack()->undoText();
    QVERIFY2(label.contains(QStringLiteral("cables per member")), qPrintable(label));
    QVERIFY2(label.contains(QStringLiteral("link ") + from), qPrintable(label));
    QVERIFY2(!label.contains(linkId + QLatin1Char(' ')) && !label.endsWith(linkId), qPrintable(label));
    QVERIFY(!label.contains(QStringLiteral("cablesPerMember")));

    const Part& part = w.design().parts.front();
    QVERIFY(doc->setPartProperty(QString::fromStdString(part.id), QStringLiteral("count"), part.count + 1));
    QVERIFY2(w.undoStack()->undoText().contains(QString::fromStdString(part.name)),
             qPrintable(w.undoStack()->undoText()));
}

CF_TEST_MAIN(TestFirstHourNames)

} // namespace cf_tst_first_hour_names

#include "tst_first_hour_names.moc"
