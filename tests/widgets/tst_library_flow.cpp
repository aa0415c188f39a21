// The design library through the real main window, as a user goes through it:
// Save to Library (dialog filled in), an edit, Save as Variant with a note,
// Open from Library (browser driven), File ▸ Open Recent (library variants and
// files, a deleted variant and a vanished file, Clear Menu), and the window
// title ("Design — Variant[*] — ClusterForge") at each step. The library is a
// temporary database ($CLUSTERFORGE_DB); QSettings live in a temporary folder.

#include "app/gui/main_window.h"
#include "modal_driver.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_json.h"
#include "models/store/design_store.h"
#include "test_settings.h"
#include "widgets/library/design_browser_dialog.h"
#include "widgets/library/recent_designs.h"
#include "widgets/library/save_variant_dialog.h"
#include "widgets/library/window_title.h"

#include "test_main.h"
#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QWindow>
#include <QtTest>

#include <functional>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_library_flow {

using namespace cf;

namespace {

const QString kDash = QStringLiteral(" \u2014 ");

using test::ModalDriver; // tests/support/modal_driver.h

QPushButton* button(QDialog* dialog, QDialogButtonBox::StandardButton which)
{
    auto* box = dialog->findChild<QDialogButtonBox*>();
    return box ? box->button(which) : nullptr;
}

// Types into the dialog's fields as a user does (the design field only when editable).
void fillSaveDialog(SaveVariantDialog* d, const QString& design, const QString& variant, const QString& note)
{
    const QList<QLineEdit*> edits = d->findChildren<QLineEdit*>();
    QCOMPARE(edits.size(), 2); // design name, variant name
    QLineEdit* designEdit = edits[0];
    QLineEdit* variantEdit = edits[1];
    if (!designEdit->isReadOnly()) {
        designEdit->selectAll();
        QTest::keyClicks(designEdit, design);
    }
    variantEdit->selectAll();
    QTest::keyClicks(variantEdit, variant);
    QTest::keyClicks(d->findChild<QPlainTextEdit*>(), note);
    QPushButton* save = button(d, QDialogButtonBox::Save);
    QVERIFY(save && save->isEnabled());
    save->click();
}

QAction* action(const MainWindow& w, const char* name)
{
    auto* a = w.findChild<QAction*>(QString::fromLatin1(name));
    if (!a)
        qFatal("no action %s", name);
    return a;
}

QStringList recentTexts(const MainWindow& w)
{
    QStringList texts;
    for (QAction* a : w.recentMenu()->actions())
        if (!a->isSeparator() && a->objectName().startsWith(QStringLiteral("actionRecent")))
            texts << a->text();
    return texts;
}

QString fileTitle(const QString& name)
{
    return name + QStringLiteral("[*]") + kDash + QStringLiteral("ClusterForge");
}

QString libraryTitle(const QString& design, const QString& variant)
{
    return design + kDash + variant + QStringLiteral("[*]") + kDash + QStringLiteral("ClusterForge");
}

QString firstNodeGroup(const Design& d)
{
    for (const Part& p : d.parts)
        if (p.kind == PartKind::Node)
            return QString::fromStdString(p.id);
    return {};
}

} // namespace

class TestLibraryFlow : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString dbPath_;

    void closeErrorBoxes(MainWindow& w)
    {
        for (QMessageBox* box : w.findChildren<QMessageBox*>(QStringLiteral("errorBox")))
            box->close();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        test::isolateSettings(dir_.filePath(QStringLiteral("settings")), QStringLiteral("tst_library_flow"));
        dbPath_ = dir_.filePath(QStringLiteral("library.sqlite"));
        qputenv("CLUSTERFORGE_DB", dbPath_.toUtf8());
    }

    void saveEditVariantOpenAndRecent()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        // The window's library is the temporary one, and it starts empty.
        QCOMPARE(QFileInfo(w.store().path()).absoluteFilePath(), QFileInfo(dbPath_).absoluteFilePath());
        QCOMPARE(int(w.store().listDesigns()->size()), 0);
        // The bundled example at start-up is no recent design of the user's.
        QVERIFY(w.recentDesigns()->isEmpty());
        QVERIFY(!w.recentMenu()->isEnabled());
        const QString exampleName = QString::fromStdString(w.design().name);
        QCOMPARE(w.windowTitle(), fileTitle(exampleName));
        QVERIFY(!w.isWindowModified());

        // 1. Save to Library: a new design "Workhorse" with its root variant.
        const Design original = w.design();
        {
            ModalDriver<SaveVariantDialog> driver([](SaveVariantDialog* d) {
                fillSaveDialog(d, QStringLiteral("Workhorse"), QStringLiteral("original"),
                               QStringLiteral("as shipped"));
            });
            action(w, "actionSaveToLibrary")->trigger();
            QVERIFY2(driver.seen(), "Save to Library showed no dialog");
        }
        QVERIFY2(w.lastErrorShown().isEmpty(), qPrintable(w.lastErrorShown()));
        QVERIFY(w.libraryIds());
        const SavedIds first = *w.libraryIds();
        std::optional<std::vector<DesignRow>> designs = w.store().listDesigns().take();
        QVERIFY(designs);
        QCOMPARE(int(designs->size()), 1);
        QCOMPARE(designs->front().name, QStringLiteral("Workhorse"));
        QCOMPARE(w.windowTitle(), libraryTitle(QStringLiteral("Workhorse"), QStringLiteral("original")));
        QVERIFY(!w.isWindowModified());
        QVERIFY(!w.isModified());
        QCOMPARE(w.windowHandle()->title(), QStringLiteral("Workhorse — original — ClusterForge"));

        // 2. An edit: one more node. The title's marker follows the undo stack.
        const QString group = firstNodeGroup(w.design());
        QVERIFY(!group.isEmpty());
        const int count = w.design().findPart(group.toStdString())->count;
        QVERIFY(w.document()->setPartProperty(group, QStringLiteral("count"), count + 1));
        QVERIFY(w.isWindowModified());
        // What the user sees in the title bar.
        QCOMPARE(w.windowHandle()->title(), QStringLiteral("Workhorse — original* — ClusterForge"));
        w.undoStack()->undo();
        QVERIFY(!w.isWindowModified()); // back at the saved state
        w.undoStack()->redo();
        QVERIFY(w.isWindowModified());
        const Design edited = w.design();
        QVERIFY(!(edited == original));

        // 3. Save as Variant with a note: a child of "original" in the same design.
        {
            ModalDriver<SaveVariantDialog> driver([](SaveVariantDialog* d) {
                // The design is known: its name is shown, not asked; the parent is named.
                QCOMPARE(d->designName(), QStringLiteral("Workhorse"));
                QVERIFY(d->findChildren<QLineEdit*>().value(0)->isReadOnly());
                bool basedOn = false;
                for (QLabel* l : d->findChildren<QLabel*>())
                    basedOn = basedOn || l->text() == QStringLiteral("original");
                QVERIFY(basedOn);
                fillSaveDialog(d, {}, QStringLiteral("nine nodes"),
                               QStringLiteral("one more DGX for headroom"));
            });
            action(w, "actionSaveAsVariant")->trigger();
            QVERIFY2(driver.seen(), "Save as Variant showed no dialog");
        }
        QVERIFY2(w.lastErrorShown().isEmpty(), qPrintable(w.lastErrorShown()));
        QVERIFY(w.libraryIds());
        const SavedIds second = *w.libraryIds();
        QCOMPARE(second.designId, first.designId);
        QVERIFY(second.variantId != first.variantId);
        QCOMPARE(w.windowTitle(), libraryTitle(QStringLiteral("Workhorse"), QStringLiteral("nine nodes")));
        QVERIFY(!w.isWindowModified());

        // The store: one design, two variants, the second a child of the first with its note.
        designs = w.store().listDesigns().take();
        QCOMPARE(int(designs->size()), 1);
        const std::optional<std::vector<VariantRow>> variants = w.store().listVariants(first.designId).take();
        QVERIFY(variants);
        QCOMPARE(int(variants->size()), 2);
        const VariantRow& root = variants->at(0);
        const VariantRow& child = variants->at(1);
        QCOMPARE(root.id, first.variantId);
        QCOMPARE(root.name, QStringLiteral("original"));
        QCOMPARE(root.note, QStringLiteral("as shipped"));
        QVERIFY(!root.parentId);
        QCOMPARE(child.id, second.variantId);
        QCOMPARE(child.name, QStringLiteral("nine nodes"));
        QCOMPARE(child.note, QStringLiteral("one more DGX for headroom"));
        QCOMPARE(child.parentId.value_or(-1), first.variantId);
        // What was stored is exactly what was on screen at each save.
        QVERIFY(w.store().loadVariant(first.variantId)->design == original);
        QVERIFY(w.store().loadVariant(second.variantId)->design == edited);
        // The headline columns come from the engine (one more 8-GPU node).
        QCOMPARE(child.headline.gpus.value_or(-1), root.headline.gpus.value_or(-1) + 8);

        // 4. Open from Library: the first variant, picked in the browser and opened.
        {
            ModalDriver<DesignBrowserDialog> driver([&](DesignBrowserDialog* d) {
                QVERIFY(d->selectVariant(first.variantId));
                QPushButton* open = nullptr;
                for (QPushButton* b : d->findChildren<QPushButton*>())
                    if (b->text() == QStringLiteral("Open"))
                        open = b;
                QVERIFY(open && open->isEnabled());
                open->click();
            });
            action(w, "actionOpenFromLibrary")->trigger();
            QVERIFY2(driver.seen(), "Open from Library showed no browser");
        }
        QVERIFY2(w.lastErrorShown().isEmpty(), qPrintable(w.lastErrorShown()));
        QVERIFY(w.design() == original);
        QCOMPARE(w.libraryIds()->variantId, first.variantId);
        QCOMPARE(w.windowTitle(), libraryTitle(QStringLiteral("Workhorse"), QStringLiteral("original")));
        QVERIFY(!w.isWindowModified());

        // 5. Open Recent: newest first, both variants, labelled "Design — Variant (library)".
        QVERIFY(w.recentMenu()->isEnabled());
        QCOMPARE(recentTexts(w), (QStringList{QStringLiteral("&1 Workhorse — original (library)"),
                                              QStringLiteral("&2 Workhorse — nine nodes (library)")}));
        action(w, "actionRecent2")->trigger(); // the edited variant again
        QVERIFY(w.design() == edited);
        QCOMPARE(w.libraryIds()->variantId, second.variantId);
        QCOMPARE(w.windowTitle(), libraryTitle(QStringLiteral("Workhorse"), QStringLiteral("nine nodes")));
        QCOMPARE(recentTexts(w).value(0), QStringLiteral("&1 Workhorse — nine nodes (library)"));

        // A file saved from disk joins the list; a file opened from disk keeps the file title.
        const QString file = dir_.filePath(QStringLiteral("nine-nodes.json"));
        QVERIFY(w.saveFile(file));
        QCOMPARE(recentTexts(w).value(0), QStringLiteral("&1 nine-nodes.json"));
        QVERIFY(w.openFile(QString::fromStdString(examplePath("scrappy-h100.json"))));
        QVERIFY(!w.libraryIds());
        QCOMPARE(w.windowTitle(), fileTitle(QString::fromStdString(w.design().name)));
        QCOMPARE(recentTexts(w).value(0), QStringLiteral("&1 scrappy-h100.json"));
        QCOMPARE(recentTexts(w).size(), 4);

        // The list outlives the window (QSettings).
        {
            MainWindow other;
            QCOMPARE(recentTexts(other), recentTexts(w));
        }

        // A deleted variant: a clear message, and it leaves the list.
        QVERIFY(w.store().deleteVariant(second.variantId));
        const QStringList before = recentTexts(w);
        const int index = before.indexOf(QStringLiteral("&3 Workhorse — nine nodes (library)"));
        QVERIFY2(index >= 0, qPrintable(before.join(QLatin1Char('|'))));
        const Design onScreen = w.design();
        action(w, "actionRecent3")->trigger();
        QVERIFY2(w.lastErrorShown().contains(QStringLiteral("was deleted")), qPrintable(w.lastErrorShown()));
        QVERIFY(w.lastErrorShown().contains(QStringLiteral("nine nodes")));
        QVERIFY(w.design() == onScreen);
        QCOMPARE(recentTexts(w).size(), 3);
        for (const QString& t : recentTexts(w))
            QVERIFY2(!t.contains(QStringLiteral("nine nodes (library)")), qPrintable(t));
        closeErrorBoxes(w);

        // A file that vanished: the same.
        QVERIFY(QFile::remove(file));
        const int fileIndex = recentTexts(w).indexOf(QStringLiteral("&2 nine-nodes.json"));
        QVERIFY2(fileIndex == 1, qPrintable(recentTexts(w).join(QLatin1Char('|'))));
        action(w, "actionRecent2")->trigger();
        QVERIFY2(w.lastErrorShown().contains(QStringLiteral("no longer exists")),
                 qPrintable(w.lastErrorShown()));
        QVERIFY(w.lastErrorShown().contains(QStringLiteral("nine-nodes.json")));
        QVERIFY(w.design() == onScreen);
        QCOMPARE(recentTexts(w), (QStringList{QStringLiteral("&1 scrappy-h100.json"),
                                              QStringLiteral("&2 Workhorse — original (library)")}));
        closeErrorBoxes(w);

        // Clear Menu empties it, here and in QSettings.
        action(w, "actionClearRecent")->trigger();
        QVERIFY(recentTexts(w).isEmpty());
        QVERIFY(!w.recentMenu()->isEnabled());
        QVERIFY(RecentDesigns().isEmpty());
    }

    // File ▸ Save (Ctrl+S) on a design opened from the library saves it back
    // there as a new variant (not into a file); cancelling saves nothing.
    void saveOnALibraryDesignAddsAVariant()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const std::optional<std::vector<DesignRow>> designs = w.store().listDesigns().take();
        QVERIFY(designs && designs->size() == 1); // "Workhorse" from the test above
        const qint64 designId = designs->front().id;
        const qint64 original = w.store().listVariants(designId)->front().id;
        {
            ModalDriver<DesignBrowserDialog> driver([&](DesignBrowserDialog* d) {
                QVERIFY(d->selectVariant(original));
                d->openSelected();
            });
            action(w, "actionOpenFromLibrary")->trigger();
            QVERIFY(driver.seen());
        }
        QCOMPARE(w.libraryIds()->variantId, original);
        QVERIFY(w.currentFile().isEmpty());
        Parallelism split = w.design().parallelism;
        split.recompute = Recompute::Full;
        w.document()->setParallelism(split);
        QVERIFY(w.isWindowModified());
        const int variantsBefore = int(w.store().listVariants(designId)->size());

        {
            ModalDriver<SaveVariantDialog> driver([](SaveVariantDialog* d) {
                QPushButton* cancel = button(d, QDialogButtonBox::Cancel);
                QVERIFY(cancel);
                cancel->click();
            });
            action(w, "actionSave")->trigger();
            QVERIFY2(driver.seen(), "Save on a library design showed no variant dialog");
        }
        QCOMPARE(int(w.store().listVariants(designId)->size()), variantsBefore);
        QVERIFY(w.isWindowModified());

        {
            ModalDriver<SaveVariantDialog> driver([](SaveVariantDialog* d) {
                fillSaveDialog(d, {}, QStringLiteral("full recompute"), QStringLiteral("saved with Ctrl+S"));
            });
            action(w, "actionSave")->trigger();
            QVERIFY(driver.seen());
        }
        const std::vector<VariantRow> variants = *w.store().listVariants(designId);
        QCOMPARE(int(variants.size()), variantsBefore + 1);
        QCOMPARE(variants.back().name, QStringLiteral("full recompute"));
        QCOMPARE(variants.back().note, QStringLiteral("saved with Ctrl+S"));
        QCOMPARE(variants.back().parentId.value_or(-1), original);
        QVERIFY(w.store().loadVariant(variants.back().id)->design == w.design());
        QCOMPARE(w.windowTitle(),
                 libraryTitle(QStringLiteral("Workhorse"), QStringLiteral("full recompute")));
        QVERIFY(!w.isWindowModified());
        QVERIFY(w.currentFile().isEmpty()); // no file was written
    }

    // Issue 13: a stored document another version wrote may hold a field this one
    // does not know; opening it says so (as opening a file does), never silently.
    void openingAVariantSaysItsUnknownFields()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const Result<Design> example = loadDesignFile(examplePath("scrappy-h100.json"));
        QVERIFY(example.ok());
        const StoreResult<SavedIds> ids =
            w.store().saveDesign(QStringLiteral("Written elsewhere"), *example, {});
        QVERIFY(ids);
        const QByteArray saved = w.store().variantDocument(ids->variantId).value_or(QByteArray());
        QVERIFY(saved.startsWith('{'));
        {
            QSqlQuery q(QSqlDatabase::database(w.store().connectionName()));
            q.prepare(QStringLiteral("UPDATE variant_documents SET document = ? WHERE variant_id = ?"));
            q.addBindValue(QByteArray("{\"coolingLoopz\": 2,") + saved.mid(1));
            q.addBindValue(ids->variantId);
            QVERIFY(q.exec() && q.numRowsAffected() == 1);
        }
        {
            ModalDriver<DesignBrowserDialog> driver([&](DesignBrowserDialog* d) {
                QVERIFY(d->selectVariant(ids->variantId));
                for (QPushButton* b : d->findChildren<QPushButton*>())
                    if (b->text() == QStringLiteral("Open"))
                        b->click();
            });
            action(w, "actionOpenFromLibrary")->trigger();
            QVERIFY2(driver.seen(), "Open from Library showed no browser");
        }
        QVERIFY2(w.lastErrorShown().isEmpty(), qPrintable(w.lastErrorShown()));
        QCOMPARE(w.libraryIds()->variantId, ids->variantId);
        const QString status = w.statusBar()->currentMessage();
        QVERIFY2(status.contains(QStringLiteral("coolingLoopz")) &&
                     status.contains(QStringLiteral("warning")),
                 qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral("Written elsewhere")), qPrintable(status));
    }
};

CF_TEST_MAIN(TestLibraryFlow)

} // namespace cf_tst_library_flow

#include "tst_library_flow.moc"
