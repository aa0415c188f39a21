// "Did you mean ...?" for unknown field names (issue 13 item 4): the edit
// distance, and when a guess is close enough to offer.
#include "models/core/name_suggestion.h"

#include "test_main.h"
#include <QElapsedTimer>
#include <QtTest>

#include <string>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_name_suggestion {

using namespace cf;

class TestNameSuggestion : public QObject {
    Q_OBJECT
private slots:
    void editDistance_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<int>("distance");
        QTest::newRow("same") << "radix"
                              << "radix" << 0;
        QTest::newRow("case only") << "speedGBPS"
                                   << "speedGbps" << 0;
        QTest::newRow("one missing") << "radx"
                                     << "radix" << 1;
        QTest::newRow("one extra") << "radixx"
                                   << "radix" << 1;
        QTest::newRow("one changed") << "radox"
                                     << "radix" << 1;
        QTest::newRow("neighbours swapped") << "cabelsPerMember"
                                            << "cablesPerMember" << 1;
        QTest::newRow("swap and slip") << "cabelsPerMembr"
                                       << "cablesPerMember" << 2;
        QTest::newRow("empty") << ""
                               << "pue" << 3;
        QTest::newRow("unrelated") << "colour"
                                   << "count" << 4;
    }
    void editDistance()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(int, distance);
        QCOMPARE(int(cf::editDistance(a.toStdString(), b.toStdString())), distance);
        QCOMPARE(int(cf::editDistance(b.toStdString(), a.toStdString())), distance); // symmetric
    }

    void closestNameOnlyForTypos()
    {
        const std::vector<std::string> known = {"tp", "pp", "vp", "dp", "cp", "ep", "microbatch", "sharding"};
        QCOMPARE(closestName("microbach", known), std::string("microbatch"));
        QCOMPARE(closestName("sharing", known), std::string("sharding"));
        QCOMPARE(closestName("TP", known), std::string("tp"));
        // Two letters from any of the two-letter names: no guess.
        QCOMPARE(closestName("xy", known), std::string());
        QCOMPARE(closestName("colour", known), std::string());
        QCOMPARE(closestName("", known), std::string());
        QCOMPARE(closestName("tp", {}), std::string());
        // One edit in a two-letter word is half of it: no guess.
        QCOMPARE(closestName("ap", {"cp", "dp"}), std::string());
        // Ties go to the earlier name.
        QCOMPARE(closestName("tpp", {"tp", "pp"}), std::string("tp"));
        QCOMPARE(closestName("tpp", {"pp", "tp"}), std::string("pp"));
    }

    void didYouMeanWordsTheGuess()
    {
        QCOMPARE(didYouMean("radx", {"id", "radix"}), std::string("; did you mean \"radix\"?"));
        QCOMPARE(didYouMean("colour", {"id", "radix"}), std::string());
    }

    void hugeKeyIsCheap()
    {
        const std::string huge(1 << 20, 'x'); // 1 MiB key: skipped by the length gap, no 20 G-cell table
        QElapsedTimer timer;
        timer.start();
        QCOMPARE(closestName(huge, {"radix", "ports"}), std::string());
        QVERIFY(timer.elapsed() < 1000);
    }
};

CF_TEST_GUILESS_MAIN(TestNameSuggestion)

} // namespace cf_tst_name_suggestion

#include "tst_name_suggestion.moc"
