// The best-split search dialog: off-thread search, results, apply = one undo
// step, cancel, close while running.
#include "models/catalog/catalog.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_json.h"
#include "test_designs.h"
#include "widgets/document/design_document.h"
#include "widgets/whatif/evaluation_controller.h"
#include "widgets/whatif/search_dialog.h"
#include "widgets/whatif/search_results_model.h"

#include "test_main.h"
#include <QHeaderView>
#include <QProgressBar>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

#include <memory>
#include <string>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_whatif_search {

using namespace cf;
using test::loadExample;

namespace {

struct Fixture {
    DesignDocument doc;
    std::unique_ptr<EvaluationController> controller;
    std::unique_ptr<SearchDialog> dialog;

    explicit Fixture(const Design& design)
    {
        doc.resetDesign(design);
        controller = std::make_unique<EvaluationController>(&doc, Catalog::builtin());
        controller->evaluateNow();
        dialog = std::make_unique<SearchDialog>(&doc, controller.get());
    }
    void runToEnd()
    {
        QSignalSpy done(dialog.get(), &SearchDialog::searchFinished);
        dialog->startSearch();
        QVERIFY(done.wait(30000) || done.count() == 1);
    }
};

// fat-tree-256 with every node group 8x larger: 2,048 GPUs, enough splits
// that the search checks its cancel flag many times (every 4,096 splits).
Design bigDesign()
{
    Design d = loadExample("fat-tree-256.json");
    for (Part& p : d.parts)
        if (p.kind == PartKind::Node)
            p.count *= 8;
    return d;
}

} // namespace

class TestWhatifSearch : public QObject {
    Q_OBJECT
private slots:
    void searchFillsTableRanked();
    void applyIsOneUndoStep();
    void sortingByColumnIsNumeric();
    void cancelStopsARunningSearch();
    void closingWhileRunningCancelsAndWaits();
    void everyColumnFitsAtTheDefaultSize_data();
    void everyColumnFitsAtTheDefaultSize();
    void headerTooltipsGiveUnits();
};

void TestWhatifSearch::searchFillsTableRanked()
{
    Fixture f(loadExample("workhorse.json"));
    f.dialog->topSpin()->setValue(10);
    f.runToEnd();
    const SearchReport& r = f.dialog->report();
    QVERIFY(!r.cancelled);
    QVERIFY(r.evaluated > 0);
    QVERIFY(r.feasible > 0);
    // The current split's row, then one row per group of equivalent splits (issue 18, finding 9).
    QCOMPARE(f.dialog->resultsModel()->rowCount(), 1 + int(f.dialog->resultsModel()->groups().size()));
    QCOMPARE(int(f.dialog->resultsModel()->groups().size()), int(std::min<long long>(10, r.feasible)));
    QCOMPARE(f.dialog->progressBar()->value(), f.dialog->progressBar()->maximum());
    // Ranked: time to train never decreases down the table (property).
    for (int i = 1; i < f.dialog->resultsModel()->rowCount(); ++i)
        QVERIFY(rankSeconds(r.results[i - 1].prediction) <= rankSeconds(r.results[i].prediction));
    // Every listed split uses all 64 GPUs.
    for (const SearchResult& s : r.results)
        QCOMPARE(s.split.tp * s.split.pp * effectiveDp(s.split, 64) * s.split.cp, 64);
    QVERIFY2(f.dialog->summaryText().contains(QStringLiteral("splits/s")),
             qPrintable(f.dialog->summaryText()));
    qInfo("workhorse search: %lld splits, %lld feasible, %.4f s, %.2f M splits/s", r.evaluated, r.feasible,
          r.elapsedS, r.splitsPerS / 1e6);
}

void TestWhatifSearch::applyIsOneUndoStep()
{
    Fixture f(loadExample("workhorse.json"));
    f.runToEnd();
    QVERIFY(f.dialog->resultsModel()->rowCount() > 0);
    const Parallelism before = f.doc.design().parallelism;
    // Pick the best row whose split differs from the current one.
    int row = 0;
    while (row < f.dialog->resultsModel()->rowCount() &&
           f.dialog->resultsModel()->resultAt(row)->split == before)
        ++row;
    QVERIFY(row < f.dialog->resultsModel()->rowCount());
    // Apply takes the row's split with DP left automatic (issue 18: DP follows the cluster).
    Parallelism chosen = f.dialog->resultsModel()->resultAt(row)->split;
    chosen.dp = 0;

    // A dock edit just before must not merge with the apply.
    Parallelism nudged = before;
    nudged.sequenceParallel = !before.sequenceParallel;
    f.doc.setParallelism(nudged);
    f.doc.setParallelism(before);
    QUndoStack* stack = f.doc.undoStack();
    const int start = stack->count();
    const int startIndex = stack->index();
    QVERIFY(f.dialog->applyRow(row)); // sorted by rank: view row == rank
    QCOMPARE(stack->count(), startIndex + 1);
    Q_UNUSED(start);
    QCOMPARE(f.doc.design().parallelism, chosen);
    stack->undo();
    QCOMPARE(f.doc.design().parallelism, before); // exactly the previous split
    stack->redo();
    QCOMPARE(f.doc.design().parallelism, chosen);
}

void TestWhatifSearch::sortingByColumnIsNumeric()
{
    Fixture f(loadExample("workhorse.json"));
    f.dialog->topSpin()->setValue(50);
    f.runToEnd();
    QTableView* table = f.dialog->table();
    table->sortByColumn(SearchResultsModel::MemoryGB, Qt::DescendingOrder);
    QAbstractItemModel* m = table->model();
    // Row 0 is the current split, kept on top for reference (issue 18, finding 9).
    QCOMPARE(m->index(0, SearchResultsModel::Rank).data(Qt::UserRole).toInt(), 0);
    for (int i = 2; i < m->rowCount(); ++i)
        QVERIFY(m->index(i - 1, SearchResultsModel::MemoryGB).data(Qt::UserRole).toDouble() >=
                m->index(i, SearchResultsModel::MemoryGB).data(Qt::UserRole).toDouble());
    // Applying a sorted view row applies that row's split, not the source row's.
    const int viewRow = m->rowCount() - 1;
    const int rank = m->index(viewRow, SearchResultsModel::Rank).data(Qt::UserRole).toInt();
    QVERIFY(f.dialog->applyRow(viewRow));
    Parallelism expected = f.dialog->resultsModel()->groups()[std::size_t(rank - 1)].result.split;
    expected.dp = 0; // DP stays automatic
    QCOMPARE(f.doc.design().parallelism, expected);
}

void TestWhatifSearch::cancelStopsARunningSearch()
{
    const Design design = bigDesign();
    // Reference: the whole search, synchronously.
    const DesignFacts facts = deriveDesignFacts(design, Catalog::builtin());
    const SearchReport full = searchSplits(facts, design.workload, design.economics, design.parallelism);
    QVERIFY(!full.cancelled);

    Fixture f(design);
    // Deterministic: the worker itself presses Cancel at its first progress report.
    f.dialog->setWorkerProgressHook([dialog = f.dialog.get()](double) { dialog->cancelSearch(); });
    f.runToEnd();
    const SearchReport& r = f.dialog->report();
    QVERIFY(r.cancelled);
    QVERIFY2(r.evaluated < full.evaluated,
             qPrintable(QStringLiteral("%1 of %2").arg(r.evaluated).arg(full.evaluated)));
    QVERIFY(f.dialog->summaryText().startsWith(QStringLiteral("Cancelled")));
    QVERIFY(!f.dialog->isRunning());
    qInfo("2,048-GPU search: full %lld splits in %.3f s (%.2f M splits/s); cancelled after %lld",
          full.evaluated, full.elapsedS, full.splitsPerS / 1e6, r.evaluated);
}

void TestWhatifSearch::closingWhileRunningCancelsAndWaits()
{
    Fixture f(bigDesign());
    f.dialog->show();
    f.dialog->startSearch();
    QVERIFY(f.dialog->isRunning());
    f.dialog->reject(); // close while running
    QVERIFY(!f.dialog->isRunning());
    QVERIFY(!f.dialog->isVisible());
    f.dialog.reset(); // destroying after a close is clean too
}

void TestWhatifSearch::everyColumnFitsAtTheDefaultSize_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<int>("top");
    for (const char* name : {"workhorse.json", "fat-tree-256.json", "scrappy-a100.json"}) {
        QTest::newRow(name) << QString::fromLatin1(name) << 20;
        QTest::newRow((std::string(name) + " top 1000").c_str()) << QString::fromLatin1(name) << 1000;
    }
}

// At the dialog's default size every column is whole in view, no horizontal
// scrolling: before the search (headers only) and with the results.
void TestWhatifSearch::everyColumnFitsAtTheDefaultSize()
{
    QFETCH(QString, example);
    QFETCH(int, top);
    Fixture f(loadExample(example.toLatin1().constData()));
    f.dialog->topSpin()->setValue(top);
    f.dialog->show();
    QVERIFY(QTest::qWaitForWindowExposed(f.dialog.get()));
    QTableView* table = f.dialog->table();
    QHeaderView* header = table->horizontalHeader();
    const auto verifyFits = [&](const char* when) {
        QCoreApplication::processEvents();
        const int viewport = table->viewport()->width();
        QVERIFY2(header->length() <= viewport, qPrintable(QStringLiteral("%1: columns %2 px, view %3 px")
                                                              .arg(QLatin1String(when))
                                                              .arg(header->length())
                                                              .arg(viewport)));
        QVERIFY2(!table->horizontalScrollBar()->isVisible(), when);
        for (int c = 0; c < header->count(); ++c) {
            const QString text = table->model()->headerData(c, Qt::Horizontal).toString();
            // As wide as its header (and sort arrow) and every cell's text need.
            QVERIFY2(header->sectionSize(c) >= header->sectionSizeHint(c), qPrintable(text));
            for (int r = 0; r < table->model()->rowCount(); ++r) {
                const QString cell = table->model()->index(r, c).data().toString();
                QVERIFY2(header->sectionSize(c) > table->fontMetrics().horizontalAdvance(cell),
                         qPrintable(cell));
            }
            QVERIFY2(header->sectionViewportPosition(c) + header->sectionSize(c) <= viewport,
                     qPrintable(text));
        }
    };
    verifyFits("before the search");
    QVERIFY(!QTest::currentTestFailed());
    f.runToEnd();
    QVERIFY(f.dialog->resultsModel()->rowCount() > 0);
    verifyFits("with the results");
}

// Short headers ("Days", "GiB/GPU"): each says in its tooltip what it is, and
// the numeric ones their unit.
void TestWhatifSearch::headerTooltipsGiveUnits()
{
    SearchResultsModel model;
    for (int c = 0; c < SearchResultsModel::ColumnCount; ++c) {
        const QString tip = model.headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString();
        QVERIFY2(tip.size() > model.headerData(c, Qt::Horizontal).toString().size(), qPrintable(tip));
    }
    const auto tip = [&](int column) {
        return model.headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString();
    };
    QVERIFY(tip(SearchResultsModel::Days).contains(QStringLiteral("days")));
    QVERIFY(tip(SearchResultsModel::Mfu).contains(QStringLiteral("%")));
    QVERIFY(tip(SearchResultsModel::TokensPerSPerGpu).contains(QStringLiteral("tokens per second")));
    QVERIFY(tip(SearchResultsModel::MemoryGB).contains(QStringLiteral("GiB")));
    QVERIFY(tip(SearchResultsModel::Microbatch).contains(QStringLiteral("sequences")));
    for (int c :
         {SearchResultsModel::Tp, SearchResultsModel::Pp, SearchResultsModel::Dp, SearchResultsModel::Cp})
        QVERIFY2(tip(c).contains(QStringLiteral("GPUs")), qPrintable(tip(c)));
}

CF_TEST_MAIN(TestWhatifSearch)

} // namespace cf_tst_whatif_search

#include "tst_whatif_search.moc"
