// File ▸ Open Recent's list without a window: newest first, one entry per
// file or library variant, at most eight, kept in QSettings, malformed
// settings dropped, labels that tell same-named files apart; and the window
// title's "[*]" marker, escaped in names.

#include "test_settings.h"
#include "widgets/library/recent_designs.h"
#include "widgets/library/window_title.h"

#include "test_main.h"
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QWindow>
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_library_recent {

using namespace cf;

namespace {

const QDateTime kCreated = QDateTime(QDate(2025, 3, 1), QTime(12, 0, 0, 125), Qt::UTC);

} // namespace

class TestLibraryRecent : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

    QString path(const QString& name) const { return dir_.filePath(name); }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        test::isolateSettings(dir_.filePath(QStringLiteral("settings")),
                              QStringLiteral("tst_library_recent"));
    }
    void init() { QSettings().clear(); }

    void newestFirstWithoutDuplicates()
    {
        RecentDesigns recent;
        QVERIFY(recent.isEmpty());
        QSignalSpy changed(&recent, &RecentDesigns::changed);
        recent.addFile(path(QStringLiteral("a.json")));
        recent.add(RecentDesign::variant(path(QStringLiteral("lib.sqlite")), 7, kCreated,
                                         QStringLiteral("Workhorse"), QStringLiteral("RoCE")));
        recent.addFile(path(QStringLiteral("b.json")));
        // The same file again (spelled differently) moves to the front instead of repeating.
        recent.addFile(dir_.path() + QStringLiteral("/./a.json"));
        QCOMPARE(changed.count(), 4);
        QCOMPARE(recent.labels(), (QStringList{QStringLiteral("a.json"), QStringLiteral("b.json"),
                                               QStringLiteral("Workhorse — RoCE (library)")}));
        // Same variant id in another library is another entry; same id in the same library is not.
        recent.add(RecentDesign::variant(path(QStringLiteral("other.sqlite")), 7, kCreated,
                                         QStringLiteral("X"), QStringLiteral("y")));
        recent.add(RecentDesign::variant(path(QStringLiteral("lib.sqlite")), 7, kCreated,
                                         QStringLiteral("Workhorse"), QStringLiteral("RoCE 400G")));
        QCOMPARE(recent.labels(), (QStringList{QStringLiteral("Workhorse — RoCE 400G (library)"),
                                               QStringLiteral("X — y (library)"), QStringLiteral("a.json"),
                                               QStringLiteral("b.json")}));
    }

    void keepsAtMostEight()
    {
        RecentDesigns recent;
        for (int i = 0; i < RecentDesigns::kMaxEntries + 3; ++i)
            recent.addFile(path(QStringLiteral("d%1.json").arg(i)));
        QCOMPARE(int(recent.entries().size()), RecentDesigns::kMaxEntries);
        QCOMPARE(recent.labels().first(), QStringLiteral("d10.json")); // the newest
        QCOMPARE(recent.labels().last(), QStringLiteral("d3.json"));   // d0..d2 fell off
    }

    void persistsInSettings()
    {
        {
            RecentDesigns recent;
            recent.addFile(path(QStringLiteral("a.json")));
            recent.add(RecentDesign::variant(path(QStringLiteral("lib.sqlite")), 42, kCreated,
                                             QStringLiteral("Workhorse"), QStringLiteral("FP8")));
        }
        RecentDesigns again;
        QCOMPARE(int(again.entries().size()), 2);
        const RecentDesign& v = again.entries()[0];
        QVERIFY(!v.isFile());
        QCOMPARE(v.variantId, qint64(42));
        QCOMPARE(v.libraryPath, path(QStringLiteral("lib.sqlite")));
        QCOMPARE(v.created, kCreated); // milliseconds kept: it tells a reused id apart
        QCOMPARE(v.label(), QStringLiteral("Workhorse — FP8 (library)"));
        QCOMPARE(again.entries()[1].path, path(QStringLiteral("a.json")));
        // Removing and clearing are written too.
        QVERIFY(again.remove(again.entries()[1]));
        QVERIFY(!again.remove(RecentDesign::file(path(QStringLiteral("never.json")))));
        QCOMPARE(int(RecentDesigns().entries().size()), 1);
        again.clear();
        QVERIFY(RecentDesigns().isEmpty());
    }

    void malformedSettingsAreDropped()
    {
        QSettings s;
        s.beginWriteArray(RecentDesigns::settingsKey());
        const QList<QMap<QString, QVariant>> rows = {
            {{"kind", "file"}, {"path", ""}},                                      // no path
            {{"kind", "libraryVariant"}, {"variantId", "x"}, {"library", "l.db"}}, // id not a number
            {{"kind", "libraryVariant"}, {"variantId", -3}, {"library", "l.db"}},  // id not positive
            {{"kind", "libraryVariant"}, {"variantId", 3}},                        // no library
            {{"kind", "folder"}, {"path", "/tmp"}},                                // unknown kind
            {{"kind", "file"}, {"path", path(QStringLiteral("ok.json"))}},
            {{"kind", "file"}, {"path", path(QStringLiteral("ok.json"))}}, // duplicate
            {{"kind", "libraryVariant"}, {"variantId", 5}, {"library", path("l.db")}, {"created", "garbage"}},
        };
        for (int i = 0; i < rows.size(); ++i) {
            s.setArrayIndex(i);
            for (auto it = rows[i].begin(); it != rows[i].end(); ++it)
                s.setValue(it.key(), it.value());
        }
        s.endArray();
        s.sync();
        RecentDesigns recent;
        QCOMPARE(int(recent.entries().size()), 2);
        QCOMPARE(recent.entries()[0].label(), QStringLiteral("ok.json"));
        QCOMPARE(recent.entries()[1].variantId, qint64(5));
        QVERIFY(!recent.entries()[1].created.isValid()); // unreadable time: not checked, not fatal
        QCOMPARE(recent.entries()[1].label(), QStringLiteral("Untitled (library)"));
    }

    void sameFileNameShowsTheFolder()
    {
        QVERIFY(QDir(dir_.path()).mkpath(QStringLiteral("x")));
        RecentDesigns recent;
        recent.addFile(path(QStringLiteral("design.json")));
        recent.addFile(path(QStringLiteral("x/design.json")));
        recent.addFile(path(QStringLiteral("other.json")));
        const QStringList labels = recent.labels();
        QCOMPARE(labels[0], QStringLiteral("other.json"));
        QCOMPARE(labels[1],
                 QStringLiteral("design.json — ") + QDir::toNativeSeparators(path(QStringLiteral("x"))));
        QCOMPARE(labels[2], QStringLiteral("design.json — ") + QDir::toNativeSeparators(dir_.path()));
    }

    void replaceKeepsThePlace()
    {
        RecentDesigns recent;
        const RecentDesign v = RecentDesign::variant(path(QStringLiteral("lib.sqlite")), 9, kCreated,
                                                     QStringLiteral("Workhorse"), QStringLiteral("RoCE"));
        recent.add(v);
        recent.addFile(path(QStringLiteral("a.json")));
        RecentDesign renamed = v;
        renamed.variantName = QStringLiteral("RoCE 400G");
        QVERIFY(recent.replace(renamed));
        QVERIFY(!recent.replace(renamed)); // nothing changed
        QCOMPARE(recent.labels(),
                 (QStringList{QStringLiteral("a.json"), QStringLiteral("Workhorse — RoCE 400G (library)")}));
        QVERIFY(!recent.replace(RecentDesign::file(path(QStringLiteral("b.json"))))); // not listed
    }

    void windowTitles()
    {
        QCOMPARE(windowTitleTemplate(QStringLiteral("Workhorse"), QStringLiteral("RoCE")),
                 QStringLiteral("Workhorse — RoCE[*] — ClusterForge"));
        QCOMPARE(windowTitleTemplate(QStringLiteral(" Workhorse "), QString()),
                 QStringLiteral("Workhorse[*] — ClusterForge"));
        QCOMPARE(windowTitleTemplate(QString(), QString()), QStringLiteral("Untitled[*] — ClusterForge"));
        // A literal "[*]" in a name is escaped, and shows as itself.
        QCOMPARE(windowTitleTemplate(QStringLiteral("A[*]"), QString()),
                 QStringLiteral("A[*][*][*] — ClusterForge"));
        QCOMPARE(libraryWindowTitle(QStringLiteral("A[*]"), QStringLiteral("b [*] — c"), true),
                 QStringLiteral("A[*] — b [*] — c* — ClusterForge"));
        QCOMPARE(libraryWindowTitle(QStringLiteral("A[*]"), QString(), false),
                 QStringLiteral("A[*] — ClusterForge"));
        // What Qt itself shows for the template (the native window's title) agrees.
        QWidget w;
        w.setWindowTitle(windowTitleTemplate(QStringLiteral("A[*]"), QStringLiteral("b")));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setWindowModified(true);
        QCOMPARE(w.windowHandle()->title(),
                 libraryWindowTitle(QStringLiteral("A[*]"), QStringLiteral("b"), true));
        w.setWindowModified(false);
        QCOMPARE(w.windowHandle()->title(),
                 libraryWindowTitle(QStringLiteral("A[*]"), QStringLiteral("b"), false));
        QCOMPARE(w.windowHandle()->title(), QStringLiteral("A[*] — b — ClusterForge"));
    }
};

CF_TEST_MAIN(TestLibraryRecent)

} // namespace cf_tst_library_recent

#include "tst_library_recent.moc"
