// The design file format: byte-identical round trips, defaults for optional
// fields, every malformed input answered with its JSON pointer, resource
// bounds, and atomic saves.
#include "models/core/utf8_text.h"
#include "models/design/design_json.h"
#include "test_files.h"

#include "test_main.h"
#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <sys/resource.h>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_design_json {

using namespace cf;

namespace {

using test::readFileBytes;

std::string header()
{
    return R"("format": "clusterforge-design", "version": 1)";
}

const Problem* firstError(const Problems& problems)
{
    for (const Problem& p : problems)
        if (p.severity == Severity::Error)
            return &p;
    return nullptr;
}

// A design whose every field differs from the struct defaults, with numbers
// that have no short decimal form, to exercise the number printing.
Design oddDesign()
{
    Design d;
    d.name = "odd \"quoted\" / name ü";
    d.description = "line one\nline two\ttab";
    d.parts.push_back({"n1", PartKind::Node, "dgx-h100", "Node", 0.1 + 0.2, -1.0 / 3.0, 4});
    d.parts.push_back({"sw1", PartKind::Switch, "qm9700", "Leaf", 1e-300, 9999999.5, 1});
    d.parts.push_back({"st1", PartKind::Storage, "weka", "", -0.0, 123.456, 1});
    d.links.push_back({"l1", "n1", "sw1", 199.99, Medium::CopperDAC, LengthClass::InRack, 2, {}, {}});
    d.links.push_back({"l2", "sw1", "st1", 800.0, Medium::AOC, LengthClass::Campus, 7, {}, {}});
    d.workload.model = {"", 7, 1001, 7, 7, 3333, false, 50257, true, 16, 3};
    d.workload.seqLen = 12345;
    d.workload.tokensToTrain = 1.2345678901234567e17;
    d.workload.globalBatchSeqs = 999;
    d.workload.precision = Precision::FP8;
    d.workload.asyncCheckpoint = false;
    d.parallelism = {3, 5, 2, 0, 4, 2, 7, false, Sharding::ZeRO2, Recompute::Full};
    d.economics = {0.1234, 1.05, 3.5, 0.01, 17.5, 123456.78, 0.0};
    return d;
}

} // namespace

class TestDesignJson : public QObject {
    Q_OBJECT
private slots:
    // Every file in resources/examples loads without any problem and re-saves
    // to the same bytes. The directory is listed, so new examples are covered.
    void examplesRoundTripByteIdentical_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(CF_SOURCE_DIR "/resources/examples"));
        const QStringList files = dir.entryList({"*.json"}, QDir::Files, QDir::Name);
        QVERIFY2(files.size() >= 3, "expected at least the Scrappy and Workhorse examples");
        for (const QString& f : files)
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
    }
    void examplesRoundTripByteIdentical()
    {
        QFETCH(QString, path);
        const QByteArray bytes = readFileBytes(path);
        QVERIFY(!bytes.isEmpty());
        const Result<Design> r = loadDesignJson(std::string_view(bytes.constData(), bytes.size()));
        for (const Problem& p : r.problems())
            qWarning("%s", formatProblem(p).c_str());
        QVERIFY(r.problems().empty());
        QVERIFY(r.ok());
        const std::string again = saveDesignJson(*r);
        QCOMPARE(QByteArray::fromStdString(again), bytes);
    }

    void saveLoadSaveIsByteIdentical()
    {
        const Design d = oddDesign();
        const std::string first = saveDesignJson(d);
        const Result<Design> r = loadDesignJson(first);
        QVERIFY(r.problems().empty());
        QVERIFY(r.ok());
        QVERIFY(*r == d); // every field survives, doubles bit for bit
        QCOMPARE(saveDesignJson(*r), first);
        QVERIFY(first.ends_with("}\n"));
        QVERIFY(first.find("\n  \"format\": \"clusterforge-design\",\n  \"version\": 2,\n") !=
                std::string::npos);
    }

    void keyOrderIsFixed()
    {
        const std::string text = saveDesignJson(oddDesign());
        const char* order[] = {"\"format\"",      "\"version\"",     "\"name\"",
                               "\"description\"", "\"parts\"",       "\"links\"",
                               "\"workload\"",    "\"parallelism\"", "\"economics\""};
        std::size_t last = 0;
        for (const char* key : order) {
            const std::size_t at = text.find(key);
            QVERIFY2(at != std::string::npos && at >= last, key);
            last = at;
        }
    }

    void optionalFieldsTakeTheStructDefaults()
    {
        const std::string text =
            "{" + header() + R"(, "parts": [{"id": "n1", "kind": "node", "catalogId": "dgx-h100"}],
            "links": [{"id": "l1", "from": "n1", "to": "n1"}]})";
        const Result<Design> r = loadDesignJson(text);
        QVERIFY(r.problems().empty());
        QVERIFY(r.ok());
        const Design& d = *r;
        QCOMPARE(d.parts.front().count, Part{}.count);
        QCOMPARE(d.parts.front().x, Part{}.x);
        QCOMPARE(d.links.front().speedGbps, Link{}.speedGbps);
        QVERIFY(d.links.front().medium == Link{}.medium);
        QVERIFY(d.workload == Workload{});
        QVERIFY(d.parallelism == Parallelism{});
        QVERIFY(d.economics == Economics{});
    }

    void unknownKeysAreWarningsNotErrors()
    {
        const std::string text = "{" + header() + R"(, "colour": "red", "parts": [{"id": "n1", "kind": "node",
            "catalogId": "dgx-h100", "rack/slot": 3}], "links": []})";
        const Result<Design> r = loadDesignJson(text);
        QVERIFY(r.ok());
        QCOMPARE(r.problems().size(), std::size_t(2));
        QCOMPARE(r.problems()[0].field, std::string("/colour"));
        QVERIFY(r.problems()[0].severity == Severity::Warning);
        QCOMPARE(r.problems()[1].field, std::string("/parts/0/rack~1slot")); // RFC 6901 escape
    }

    // A typo gets the known field closest by edit distance; a word that is
    // nothing like a known field gets no guess.
    void unknownKeysSuggestTheClosestField()
    {
        const std::string text = "{" + header() + R"(, "parts": [], "links": [{"id": "l1", "from": "a",
            "to": "b", "cabelsPerMember": 2}], "parallelism": {"TP": 8, "colour": "red"}})";
        const Result<Design> r = loadDesignJson(text);
        QVERIFY(r.ok());
        QCOMPARE(r.problems().size(), std::size_t(3));
        QCOMPARE(r.problems()[0].field, std::string("/links/0/cabelsPerMember"));
        QCOMPARE(
            r.problems()[0].message,
            std::string("unknown field \"cabelsPerMember\" is ignored; did you mean \"cablesPerMember\"?"));
        QCOMPARE(r.problems()[1].field, std::string("/parallelism/TP"));
        QCOMPARE(r.problems()[1].message,
                 std::string("unknown field \"TP\" is ignored; did you mean \"tp\"?"));
        QCOMPARE(r.problems()[2].field, std::string("/parallelism/colour"));
        QCOMPARE(r.problems()[2].message, std::string("unknown field \"colour\" is ignored"));
        for (const Problem& p : r.problems())
            QVERIFY(p.severity == Severity::Warning);
        // The misspelt value is not read: the default stays.
        QCOMPARE(r->links[0].cablesPerMember, Link{}.cablesPerMember);
    }

    // tests/data/malformed/*.json, each listed in expected.tsv with the JSON
    // pointer of its first error and a phrase of the message.
    void malformedFilesNameTheirPointer_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("phrase");
        const QDir dir(QStringLiteral(CF_TEST_DATA_DIR "/malformed"));
        QMap<QString, QStringList> expected;
        for (const QByteArray& line : readFileBytes(dir.filePath("expected.tsv")).split('\n')) {
            if (line.isEmpty() || line.startsWith('#'))
                continue;
            const QStringList cols = QString::fromUtf8(line).split('\t');
            QCOMPARE(cols.size(), 3);
            expected.insert(cols[0], cols);
        }
        const QStringList files = dir.entryList({"*.json"}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 30);
        for (const QString& f : files) {
            QVERIFY2(expected.contains(f), qPrintable(f + " has no row in expected.tsv"));
            QTest::newRow(qPrintable(f)) << dir.filePath(f) << expected[f][1] << expected[f][2];
        }
    }
    void malformedFilesNameTheirPointer()
    {
        QFETCH(QString, path);
        QFETCH(QString, pointer);
        QFETCH(QString, phrase);
        const Result<Design> r = loadDesignFile(path.toStdString());
        QVERIFY(!r.ok());
        const Problem* e = firstError(r.problems());
        QVERIFY(e != nullptr);
        QCOMPARE(QString::fromStdString(e->field), pointer);
        QVERIFY2(QString::fromStdString(e->message).contains(phrase), e->message.c_str());
    }

    void everyBadFieldIsReportedNotJustTheFirst()
    {
        const std::string text =
            "{" + header() + R"(, "parts": [{"id": "n1", "kind": "node", "catalogId": "x",
            "count": -1, "x": "left"}], "links": [{"id": "l1", "from": "n1", "to": "n1", "medium": "wifi"}],
            "parallelism": {"tp": 2.5}})";
        const Result<Design> r = loadDesignJson(text);
        QVERIFY(!r.ok());
        QStringList fields;
        for (const Problem& p : r.problems())
            fields << QString::fromStdString(p.field);
        QCOMPARE(fields, QStringList({"/parts/0/x", "/parts/0/count", "/links/0/medium", "/parallelism/tp"}));
    }

    // Every prefix of a real file, and seeded random byte changes, give
    // problems or a design, never a crash (run under ASan/UBSan in CI).
    void truncationsAndCorruptionsNeverCrash()
    {
        const QByteArray bytes =
            readFileBytes(QStringLiteral(CF_SOURCE_DIR "/resources/examples/workhorse.json"));
        QVERIFY(!bytes.isEmpty());
        const std::string full = bytes.toStdString();
        const std::size_t end = full.find_last_of('}'); // the trailing newline may go
        for (std::size_t n = 0; n < end; ++n) {
            const Result<Design> r = loadDesignJson(std::string_view(full).substr(0, n));
            QVERIFY(!r.ok());
            QVERIFY(hasErrors(r.problems()));
        }
        QRandomGenerator rng(20261130); // fixed seed: reproducible
        int loaded = 0;
        for (int i = 0; i < 3000; ++i) {
            std::string text = full;
            for (int k = 0; k < 3; ++k)
                text[rng.bounded(static_cast<quint32>(text.size()))] = static_cast<char>(rng.bounded(256));
            const Result<Design> r = loadDesignJson(text);
            QVERIFY(r.ok() != hasErrors(r.problems()));
            loaded += r.ok() ? 1 : 0;
        }
        QVERIFY(loaded < 3000); // the corruptions did reach the reader
    }

    void oversizedInputRefusedBeforeParsing()
    {
        const std::string big(64u * 1024u * 1024u + 1u, ' ');
        const Result<Design> r = loadDesignJson(big);
        QVERIFY(!r.ok());
        QCOMPARE(r.problems().size(), std::size_t(1));
        QVERIFY(r.problems().front().message.find("MiB") != std::string::npos);
    }

    void tooManyPartsRefusedWhileParsing()
    {
        std::string text = "{" + header() + R"(, "links": [], "parts": [)";
        for (int i = 0; i < 200001; ++i)
            text += i ? ",{}" : "{}";
        text += "]}";
        const Result<Design> r = loadDesignJson(text);
        QVERIFY(!r.ok());
        QCOMPARE(r.problems().size(), std::size_t(1)); // refused, nothing built and checked
        QCOMPARE(r.problems().front().field, std::string("/parts/200000"));
    }

    void deepNestingRefused()
    {
        std::string text = "{" + header() + R"(, "parts": [], "links": [], "x": )";
        text += std::string(100000, '[') + std::string(100000, ']') + "}";
        const Result<Design> r = loadDesignJson(text);
        QVERIFY(!r.ok());
        QVERIFY(r.problems().front().message.find("nested deeper") != std::string::npos);
        QVERIFY(r.problems().front().field.rfind("/x/0/0", 0) == 0);
    }

    void longDescriptionAllowedLongNameNot()
    {
        const std::string ok = "{" + header() + ", \"description\": \"" + std::string(60000, 'd') +
                               "\", \"parts\": [], \"links\": []}";
        QVERIFY(loadDesignJson(ok).ok());
        const std::string bad =
            "{" + header() + ", \"name\": \"" + std::string(4097, 'n') + "\", \"parts\": [], \"links\": []}";
        const Result<Design> r = loadDesignJson(bad);
        QVERIFY(!r.ok());
        QCOMPARE(r.problems().front().field, std::string("/name"));
    }

    // A wrong-typed value is quoted cut to a few dozen bytes; the cut falls
    // between whole UTF-8 sequences, so the message stays valid UTF-8 (it ends
    // up in JSON reports, whose writer refuses invalid UTF-8).
    void quotedValueIsCutBetweenCharacters()
    {
        std::string text =
            readFileBytes(QStringLiteral(CF_SOURCE_DIR "/resources/examples/workhorse.json")).toStdString();
        const std::string from = "\"tp\": 8";
        const std::size_t at = text.find(from);
        QVERIFY(at != std::string::npos);
        std::string accented;
        for (int i = 0; i < 30; ++i)
            accented += "\xc3\xa9"; // U+00E9, two bytes: byte 40 of the quoted text falls inside one
        text.replace(at, from.size(), "\"tp\": \"" + accented + "\"");
        const Result<Design> r = loadDesignJson(text);
        QVERIFY(!r.ok());
        const Problem& p = r.problems().front();
        QCOMPARE(p.field, std::string("/parallelism/tp"));
        QVERIFY2(isValidUtf8(p.message), p.message.c_str());
        QVERIFY2(p.message.find("...") != std::string::npos, p.message.c_str());
    }

    void missingFileAndFolderAreProblems()
    {
        Result<Design> r = loadDesignFile("/nonexistent/dir/x.json");
        QVERIFY(!r.ok());
        QVERIFY(r.problems().front().message.find("/nonexistent/dir/x.json") != std::string::npos);
        QTemporaryDir dir;
        r = loadDesignFile(dir.path().toStdString());
        QVERIFY(!r.ok());
        QVERIFY(r.problems().front().message.find("folder") != std::string::npos);
    }

    void saveFileWritesAndReplacesLeavingNoTemporaries()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("d.json").toStdString();
        const Result<void> first = saveDesignFile(oddDesign(), path);
        QVERIFY(first.ok());
        QVERIFY(first.problems().empty());
        Design second = oddDesign();
        second.name = "second";
        QVERIFY(saveDesignFile(second, path).ok());
        const Result<Design> r = loadDesignFile(path);
        QVERIFY(r.ok());
        QCOMPARE(r->name, std::string("second"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList({"d.json"}));
    }

    void saveFileFailureKeepsTheOldFile()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("d.json").toStdString();
        Design small;
        small.name = "old";
        QVERIFY(saveDesignFile(small, path).ok());
        const QByteArray before = readFileBytes(QString::fromStdString(path));

        // Make the write fail even for root: cap the file size below the new
        // file's size (SIGXFSZ ignored, so write() returns EFBIG instead).
        Design big = oddDesign();
        big.description = std::string(100000, 'x');
        const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit old{};
        getrlimit(RLIMIT_FSIZE, &old);
        rlimit capped = old;
        capped.rlim_cur = 4096;
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &capped), 0);
        const Result<void> saved = saveDesignFile(big, path);
        setrlimit(RLIMIT_FSIZE, &old);
        std::signal(SIGXFSZ, oldHandler);

        QVERIFY(!saved.ok());
        QVERIFY(failureMessage(saved.problems()).find(path) != std::string::npos);
        QCOMPARE(saved.problems().front().field, path); // the problem names the file
        QCOMPARE(readFileBytes(QString::fromStdString(path)), before);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList({"d.json"}));

        const Result<void> missingFolder =
            saveDesignFile(small, dir.filePath("no/such/dir/d.json").toStdString());
        QVERIFY(!missingFolder.ok());
        QCOMPARE(missingFolder.problems().size(), std::size_t(1));
        QVERIFY(!missingFolder.problems().front().message.empty());
        QCOMPARE(missingFolder.problems().front().severity, Severity::Error);
    }
};

CF_TEST_GUILESS_MAIN(TestDesignJson)

} // namespace cf_tst_design_json

#include "tst_design_json.moc"
