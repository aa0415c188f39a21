// The DeepSeek-V3 example pair in File > Open Example and side by side in the
// compare view (issue 15 item 8): the same 576 GPUs as GB200 NVL72 racks and
// as DGX B200 nodes; the view marks the faster and cheaper one.
#include "first_hour.h"
#include "models/catalog/catalog.h"
#include "test_designs.h"
#include "widgets/compare/compare_view.h"

#include "test_main.h"
#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QTableWidget>
#include <QTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_moe_compare {

using namespace cf;

namespace {

int rowOf(const CompareView& view, const std::string& key)
{
    const auto& metrics = view.comparison().metrics;
    for (std::size_t i = 0; i < metrics.size(); ++i)
        if (metrics[i].key == key)
            return int(i);
    return -1;
}

} // namespace

class TestMoeCompare : public QObject {
    Q_OBJECT
private slots:
    void pairOpensFromTheExampleMenu();
    void pairSideBySide();
};

void TestMoeCompare::pairOpensFromTheExampleMenu()
{
    test::FirstHourWindow f;
    const QMenu* examples = f.window->findChild<QMenu*>(QStringLiteral("menuOpenExample"));
    QVERIFY(examples);
    QStringList opened;
    for (QAction* entry : examples->actions())
        if (entry->text().contains(QStringLiteral("deepseek-v3"))) {
            entry->trigger();
            opened << QFileInfo(f.window->currentFile()).fileName();
            QCOMPARE(f.window->design().workload.model.preset, std::string("deepseek-v3"));
        }
    opened.sort();
    QCOMPARE(opened, QStringList({QStringLiteral("deepseek-v3-dgx-b200.json"),
                                  QStringLiteral("deepseek-v3-nvl72.json")}));
}

void TestMoeCompare::pairSideBySide()
{
    CompareView view;
    QVERIFY2(view.setVariants(
                 {{QStringLiteral("GB200 NVL72 (8 racks)"), test::loadExample("deepseek-v3-nvl72.json")},
                  {QStringLiteral("DGX B200 (72 nodes)"), test::loadExample("deepseek-v3-dgx-b200.json")}}),
             qPrintable(view.errorText()));
    QTableWidget* t = view.metricsTable();
    const int tokens = rowOf(view, "tokensPerS");
    QVERIFY(tokens >= 0);
    // What the model says (docs/examples.md): EP 64 on NVLink beats EP 8 + PP 2 on DGX B200.
    QVERIFY(t->item(tokens, 0)->data(CompareView::BestRole).toBool());
    QVERIFY(!t->item(tokens, 1)->data(CompareView::BestRole).toBool());
    view.resize(1500, 820);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QImage image = view.grab().toImage();
    QVERIFY(image.save(QDir::current().filePath(QStringLiteral("compare_deepseek_v3.png"))));
    if (qEnvironmentVariableIntValue("CF_WRITE_SCREENSHOTS") == 1)
        QVERIFY(image.save(QStringLiteral(CF_SOURCE_DIR "/docs/screenshots/model/compare_deepseek_v3.png")));
}

CF_TEST_MAIN(TestMoeCompare)

} // namespace cf_tst_moe_compare

#include "tst_moe_compare.moc"
