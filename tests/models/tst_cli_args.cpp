// The CLI's argument list: every parse error names its flag.
#include "app/cli/arg_list.h"

#include "test_main.h"
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_cli_args {

using cf::cli::ArgList;

class TestCliArgs : public QObject {
    Q_OBJECT
private slots:
    void takesValuesInBothSpellings()
    {
        ArgList a({"x.json", "--tp", "4", "--pp=2", "--format", "json"});
        QCOMPARE(a.takeInt("--tp", 1, 1024).value(), 4LL);
        QCOMPARE(a.takeInt("--pp", 1, 1024).value(), 2LL);
        QCOMPARE(a.takeString("--format").value(), std::string("json"));
        QCOMPARE(a.takePositionals(), std::vector<std::string>{"x.json"});
        QVERIFY(a.finish().empty());
    }
    void badNumbersNameTheFlag_data()
    {
        QTest::addColumn<QString>("value");
        for (const char* v : {"abc", "", "4x", "1e999", "nan", "-3", "99999999999999999999"})
            QTest::newRow(v) << QString::fromLatin1(v);
    }
    void badNumbersNameTheFlag()
    {
        QFETCH(QString, value);
        ArgList a({"--tp", value.toStdString()});
        QVERIFY(!a.takeInt("--tp", 1, 1024).has_value());
        QCOMPARE(a.errors().size(), std::size_t(1));
        QVERIFY(a.errors().front().rfind("--tp:", 0) == 0);
    }
    void nonFiniteDoublesRejected()
    {
        for (const char* v : {"inf", "nan", "1e309", "-inf"}) {
            ArgList a({"--nic-gbps", v});
            QVERIFY(!a.takeDouble("--nic-gbps", 1, 1e6).has_value());
            QVERIFY(a.errors().front().find("--nic-gbps") != std::string::npos);
        }
    }
    void unknownAndMissingReported()
    {
        ArgList a({"--bogus", "1", "--tp"});
        QVERIFY(!a.takeInt("--tp", 1, 8).has_value());
        const auto errors = a.finish();
        QCOMPARE(errors.size(), std::size_t(3)); // --tp missing value, --bogus, 1
        QVERIFY(errors[0].find("--tp") != std::string::npos);
    }
    void choiceListsWhatIsAllowed()
    {
        ArgList absent({});
        QCOMPARE(absent.takeChoice("--format", {"csv", "json"}, "csv"), std::string("csv"));
        ArgList good({"--format", "json"});
        QCOMPARE(good.takeChoice("--format", {"csv", "json"}, "csv"), std::string("json"));
        QVERIFY(good.finish().empty());
        ArgList bad({"--format", std::string(1000, 'x')});
        QCOMPARE(bad.takeChoice("--format", {"csv", "json"}, "csv"), std::string("csv"));
        QCOMPARE(bad.errors().size(), std::size_t(1));
        const std::string& e = bad.errors().front();
        QVERIFY2(e.rfind("--format: expected 'csv' or 'json', got 'xxx", 0) == 0, e.c_str());
        QVERIFY2(e.size() < 120, e.c_str()); // the value is quoted short (quoteValue)
    }
    void singleDesignFileNamesTheProblem()
    {
        std::vector<std::string> errors;
        QCOMPARE(cf::cli::singleDesignFile({"a.json"}, errors), std::string("a.json"));
        QVERIFY(errors.empty());
        QCOMPARE(cf::cli::singleDesignFile({}, errors), std::string());
        QCOMPARE(cf::cli::singleDesignFile({"a.json", "b.json"}, errors), std::string());
        QCOMPARE(cf::cli::singleDesignFile({""}, errors), std::string());
        QCOMPARE(errors.size(), std::size_t(3));
        QCOMPARE(errors[0], std::string("no design file given"));
        QCOMPARE(errors[1], std::string("give exactly one design file"));
        QCOMPARE(errors[2], std::string("DESIGN.json: empty path"));
    }
    void repeatedFlagIsAnError()
    {
        ArgList a({"--tp", "2", "--tp", "4"});
        a.takeInt("--tp", 1, 8);
        QVERIFY(!a.errors().empty());
    }
};

CF_TEST_GUILESS_MAIN(TestCliArgs)

} // namespace cf_tst_cli_args

#include "tst_cli_args.moc"
