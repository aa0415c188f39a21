// Issue 13 item 4, "no silently ignored unknown property names", for the user
// catalog in the app: a misspelt field in the user's catalog.json is named in
// the status bar at start (its JSON pointer and the likely field), and the
// rest of the catalog loads. Own process: Catalog::builtin() is read once.
#include "app/gui/main_window.h"
#include "models/catalog/catalog.h"
#include "models/catalog/resource_paths.h"
#include "test_settings.h"

#include "test_main.h"
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_user_catalog_warnings {

using cf::MainWindow;

class TestUserCatalogWarnings : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(settings_.isValid());
        cf::test::isolateSettings(settings_.path(), QStringLiteral("tst_user_catalog_warnings"));
        userCatalog_ = QString::fromStdString(cf::userCatalogPath());
        QVERIFY(!userCatalog_.isEmpty());
        QVERIFY(QDir().mkpath(QFileInfo(userCatalog_).path()));
        QFile f(userCatalog_);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format":"clusterforge-catalog","version":1,"switches":[
 {"id":"my-switch","name":"Mine","tech":"infiniband","radx":1,"radix":64,"portGbps":400,"source":"test"}]})");
    }
    void cleanupTestCase() { QFile::remove(userCatalog_); }

    void statusBarNamesTheUnknownField()
    {
        MainWindow w;
        QVERIFY(cf::Catalog::builtin().switchSpec("my-switch")); // the rest loads
        const QString message = w.statusBar()->currentMessage();
        QVERIFY2(message.startsWith(QStringLiteral("Catalog: 1 problem(s): warning: /switches/0/radx: ")),
                 qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("unknown field \"radx\" ignored; did you mean \"radix\"?")),
                 qPrintable(message));
    }

private:
    QTemporaryDir settings_;
    QString userCatalog_;
};

CF_TEST_MAIN(TestUserCatalogWarnings)

} // namespace cf_tst_user_catalog_warnings

#include "tst_user_catalog_warnings.moc"
