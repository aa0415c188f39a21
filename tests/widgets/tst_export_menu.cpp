// File > Export (issue 17 item 4): the four formats in a submenu of the main
// window's File menu; an entry writes the file the dialog names, and a design
// the export refuses gives a message naming the field and writes nothing.
#include "app/gui/export_menu.h"
#include "app/gui/main_window.h"
#include "compact_fabrics.h"
#include "design_builders.h"
#include "models/export/design_export.h"
#include "test_files.h"
#include "test_settings.h"

#include "test_main.h"
#include <QAction>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QTemporaryDir>
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_export_menu {

using namespace cf;

class TstExportMenu : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        // Own settings and library: the window's autosave never writes the
        // user's library, nor one shared with a parallel run of this test.
        QVERIFY(home_.isValid());
        test::isolateSettings(home_.path(), QStringLiteral("tst_export_menu"));
        qputenv("CLUSTERFORGE_DB", home_.filePath(QStringLiteral("library.sqlite")).toUtf8());
    }

    void mainWindowHasTheFourFormats()
    {
        MainWindow window;
        auto* menu = window.findChild<QMenu*>(QStringLiteral("menuExport"));
        QVERIFY(menu);
        QStringList names;
        for (QAction* a : menu->actions())
            names << a->objectName();
        QCOMPARE(names, QStringList({"actionExport_cabling-csv", "actionExport_slurm-topology",
                                     "actionExport_slurm-block", "actionExport_dot"}));
        auto* file = window.findChild<QMenu*>(QStringLiteral("menuFile"));
        QVERIFY(file && file->actions().contains(menu->menuAction()));
    }

    void anEntryWritesTheFile()
    {
        QTemporaryDir dir;
        Design design;
        design.name = "two";
        design.parts = {test::node("n", 2), test::sw("leaf")};
        design.links = {test::link("l", "n", "leaf", 8)};
        QMenu file;
        ExportMenu exportMenu(&file, nullptr, nullptr, [&design]() -> const Design& { return design; });
        QString asked;
        exportMenu.setPathAsker([&](const ExportFormatInfo&, const QString& suggestion) {
            asked = suggestion;
            return dir.filePath(QFileInfo(suggestion).fileName());
        });
        exportMenu.menu()->findChild<QAction*>(QStringLiteral("actionExport_slurm-topology"))->trigger();
        QCOMPARE(QFileInfo(asked).fileName(), QStringLiteral("two.conf")); // its folder: tst_export_folder
        const QByteArray conf = test::readFileBytes(dir.filePath(QStringLiteral("two.conf")));
        QVERIFY2(conf.contains("SwitchName=leaf01 Nodes=gpu[01-02]\n"), conf.constData());

        design.deviceNames.node = "bad name";
        const QString error = exportMenu.exportTo(*exportFormatNamed("cabling-csv"), dir.filePath("x.csv"));
        QVERIFY(error.contains(QStringLiteral("deviceNames.node")));
        QVERIFY(!QFile::exists(dir.filePath("x.csv")));
    }

    // Issue 19: File > Export writes a compact design (switch arrays, bundles) as its
    // hand-expanded twin, one device per array member.
    void aCompactDesignExportsAsItsTwin()
    {
        QTemporaryDir dir;
        const test::CompactPair pair = test::fatTree3(3);
        const Design* shown = &pair.compact;
        QMenu file;
        ExportMenu exportMenu(&file, nullptr, nullptr, [&shown]() -> const Design& { return *shown; });
        for (const ExportFormatInfo& f : exportFormats()) {
            QCOMPARE(exportMenu.exportTo(f, dir.filePath("compact")), QString());
            shown = &pair.expanded;
            QCOMPARE(exportMenu.exportTo(f, dir.filePath("twin")), QString());
            shown = &pair.compact;
            const QByteArray compact = test::readFileBytes(dir.filePath("compact"));
            QVERIFY(!compact.isEmpty());
            QCOMPARE(compact, test::readFileBytes(dir.filePath("twin")));
        }
    }

private:
    QTemporaryDir home_;
};

CF_TEST_MAIN(TstExportMenu)

} // namespace cf_tst_export_menu

#include "tst_export_menu.moc"
