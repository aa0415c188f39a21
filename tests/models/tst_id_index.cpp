// IdIndex (models/topology/id_index.h): the flat id -> index table the topology
// graph and the bill of materials use. It must agree with std::unordered_map on
// every lookup: ids of every length around the word-load boundaries (0..40
// bytes), ids that differ only in their last byte, repeats (first insert wins),
// growth from an empty table, and absent ids.
#include "models/topology/id_index.h"

#include "test_main.h"
#include <QtTest>

#include <string>
#include <unordered_map>
#include <vector>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_id_index {

using namespace cf;

class TestIdIndex : public QObject {
    Q_OBJECT
private slots:
    void agreesWithUnorderedMap()
    {
        std::vector<std::string> ids;
        for (int len = 0; len <= 40; ++len)
            for (char last = 'a'; last <= 'z'; ++last)
                ids.push_back(std::string(std::size_t(len), 'x') + last);
        for (int i = 0; i < 3000; ++i)
            ids.push_back("spine" + std::to_string(i));
        IdIndex index; // no reserve: grows from empty
        std::unordered_map<std::string, int> expected;
        for (std::size_t i = 0; i < ids.size(); ++i) {
            QCOMPARE(index.insert(ids[i], int(i)), expected.emplace(ids[i], int(i)).second);
        }
        QVERIFY(!index.hasRepeats());
        for (const auto& [id, value] : expected)
            QCOMPARE(index.find(id), value);
        QCOMPARE(index.find("spine3000"), -1);
        QCOMPARE(index.find("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxa"), -1); // 42 bytes: none that long
        QCOMPARE(index.find(""), -1);
    }
    void firstInsertWinsAndRepeatsAreNoted()
    {
        IdIndex index(4);
        QVERIFY(index.empty());
        QCOMPARE(index.find("leaf1"), -1);
        QVERIFY(index.insert("leaf1", 7));
        QVERIFY(!index.insert("leaf1", 9));
        QVERIFY(index.hasRepeats());
        QCOMPARE(index.find("leaf1"), 7);
        QVERIFY(!index.insert("leaf2", -1)); // -1 is the empty mark, refused
        QCOMPARE(index.find("leaf2"), -1);
        index.reserve(8); // clears
        QVERIFY(index.empty());
        QVERIFY(!index.hasRepeats());
        QCOMPARE(index.find("leaf1"), -1);
    }
    void sameTextComparesEveryByte()
    {
        for (std::size_t n = 1; n <= 24; ++n) {
            const std::string a(n, 'q');
            for (std::size_t at = 0; at < n; ++at) {
                std::string b = a;
                b[at] = 'r';
                QVERIFY2(!IdIndex::sameText(a, b), qPrintable(QString("length %1, byte %2").arg(n).arg(at)));
            }
            QVERIFY(IdIndex::sameText(a, std::string(n, 'q')));
        }
        QVERIFY(!IdIndex::sameText("ab", "abc"));
    }
};

CF_TEST_GUILESS_MAIN(TestIdIndex)

} // namespace cf_tst_id_index

#include "tst_id_index.moc"
