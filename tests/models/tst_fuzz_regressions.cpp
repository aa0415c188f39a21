// Regression tests for the fuzz targets in tests/fuzz (issue 7 item 1): each
// crash a fuzzer found gets one test named after it, fed its reproducer from
// tests/data/fuzz_regressions/. Also issue 7 item 5: a design claiming a
// billion nodes, or 10 GB of text, is refused with a message before memory is
// spent on it (peak RSS checked with getrusage).
#include "app/cli/commands.h"
#include "models/catalog/catalog.h"
#include "models/design/design_json.h"

#include "test_main.h"
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <sstream>
#include <string>
#include <sys/mman.h>
#include <sys/resource.h>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_fuzz_regressions {

using namespace cf;

namespace {

constexpr long long kBillion = 1000000000;
// The bound the issue asks for: reading a hostile file may not grow the peak
// resident set by more than this (our choice: the 64 MiB read limit plus slack).
constexpr long kMaxRssGrowthKb = 200L * 1024;
constexpr unsigned long long kTenGiB = 10ULL * 1024 * 1024 * 1024;

long peakRssKb()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss; // kilobytes on Linux
}

const Problem* firstError(const Problems& problems)
{
    for (const Problem& p : problems)
        if (p.severity == Severity::Error)
            return &p;
    return nullptr;
}

std::string header()
{
    return R"("format": "clusterforge-design", "version": 1)";
}

std::string nodePart(const std::string& id, long long count)
{
    return "{\"id\": \"" + id +
           "\", \"kind\": \"node\", \"catalogId\": \"dgx-h100\", \"count\": " + std::to_string(count) + "}";
}

} // namespace

class TestFuzzRegressions : public QObject {
    Q_OBJECT

private slots:
    // Item 5: one group claiming a billion nodes is refused at its count.
    void billionNodesInOneGroupRefused()
    {
        const long before = peakRssKb();
        const std::string text =
            "{" + header() + R"(, "parts": [)" + nodePart("g", kBillion) + R"(], "links": []})";
        const Result<Design> r = loadDesignJson(text);
        QVERIFY(!r.ok());
        const Problem* e = firstError(r.problems());
        QVERIFY(e);
        QCOMPARE(QString::fromStdString(e->field), QStringLiteral("/parts/0/count"));
        QVERIFY2(QString::fromStdString(e->message).contains(QStringLiteral("too large")),
                 e->message.c_str());
        QVERIFY(peakRssKb() - before < kMaxRssGrowthKb);
    }

    // Item 5: 10,000 groups of 100,000 nodes (each group within its bound) add
    // up to a billion nodes; the total is refused, naming /parts.
    void billionNodesAcrossGroupsRefused()
    {
        constexpr int kGroups = 10000;
        constexpr long long kPerGroup = kBillion / kGroups;
        std::string text = "{" + header() + R"(, "parts": [)";
        for (int i = 0; i < kGroups; ++i)
            text += (i ? ", " : "") + nodePart("g" + std::to_string(i), kPerGroup);
        text += R"(], "links": []})";
        const long before = peakRssKb();
        const Result<Design> r = loadDesignJson(text);
        QVERIFY(!r.ok());
        const Problem* e = firstError(r.problems());
        QVERIFY(e);
        QCOMPARE(QString::fromStdString(e->field), QStringLiteral("/parts"));
        QVERIFY2(QString::fromStdString(e->message).contains(QStringLiteral("1000000000 nodes")),
                 e->message.c_str());
        QVERIFY(peakRssKb() - before < kMaxRssGrowthKb);
    }

    // Item 5: 10 GiB of text in memory (address space only: an anonymous
    // mapping whose pages are never touched beyond the first) is refused by its
    // size before the parser looks at it.
    void tenGigabyteTextRefusedBeforeParsing()
    {
        void* mem = mmap(nullptr, kTenGiB, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (mem == MAP_FAILED)
            QSKIP("cannot reserve 10 GiB of address space here");
        char* bytes = static_cast<char*>(mem);
        // A string that never ends (escaped, not a raw string: moc misreads that one).
        const std::string start = "{" + header() + ", \"parts\": [{\"id\": \"";
        std::copy(start.begin(), start.end(), bytes);
        const long before = peakRssKb();
        const Result<Design> r = loadDesignJson(std::string_view(bytes, kTenGiB));
        const long growth = peakRssKb() - before;
        munmap(mem, kTenGiB);
        QVERIFY(!r.ok());
        const Problem* e = firstError(r.problems());
        QVERIFY(e);
        QVERIFY2(QString::fromStdString(e->message).contains(QStringLiteral("MiB are refused")),
                 e->message.c_str());
        QVERIFY(QString::fromStdString(e->message).contains(QString::number(kTenGiB)));
        QVERIFY(growth < kMaxRssGrowthKb);
    }

    // Item 5: a 10 GiB design file (sparse, so the disk stays empty) is refused
    // after reading at most the 64 MiB bound; the message names the file.
    void tenGigabyteFileRefused()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("huge.json"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"format\": \"clusterforge-design\", \"name\": \"");
            if (!f.resize(static_cast<qint64>(kTenGiB)))
                QSKIP("this file system cannot hold a sparse 10 GiB file");
        }
        const long before = peakRssKb();
        const Result<Design> r = loadDesignFile(path.toStdString());
        const long growth = peakRssKb() - before;
        QVERIFY(!r.ok());
        const Problem* e = firstError(r.problems());
        QVERIFY(e);
        QVERIFY2(
            QString::fromStdString(e->message).contains(QStringLiteral("designs that large are refused")),
            e->message.c_str());
        QVERIFY(QString::fromStdString(e->message).contains(path));
        QVERIFY(growth < kMaxRssGrowthKb);
    }

    // Item 5 through the CLI: the same file, and a billion nodes as a flag,
    // exit with status 2 and a message on stderr.
    void tenGigabyteFileRefusedByCli()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("huge.json"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            if (!f.resize(static_cast<qint64>(kTenGiB)))
                QSKIP("this file system cannot hold a sparse 10 GiB file");
        }
        const long before = peakRssKb();
        std::ostringstream out, err;
        const int status = cli::runCli({"validate", path.toStdString()}, out, err);
        QVERIFY(peakRssKb() - before < kMaxRssGrowthKb);
        QVERIFY2(status == cli::kExitBadInput, err.str().c_str());
        QVERIFY2(QString::fromStdString(err.str()).contains(QStringLiteral("refused")), err.str().c_str());
    }

    void billionNodesFlagRefusedByCli()
    {
        std::ostringstream out, err;
        const int status = cli::runCli({"evaluate", "--gpu", "h100-sxm", "--nodes", "1000000000"}, out, err);
        QCOMPARE(status, cli::kExitBadInput);
        QVERIFY2(QString::fromStdString(err.str()).contains(QStringLiteral("--nodes")), err.str().c_str());
    }

    // A 10 GiB user catalog is refused by its size, and the built-in one still loads.
    void tenGigabyteCatalogRefused()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("catalog.json"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            if (!f.resize(static_cast<qint64>(kTenGiB)))
                QSKIP("this file system cannot hold a sparse 10 GiB file");
        }
        const long before = peakRssKb();
        const auto catalog = Catalog::load(CF_SOURCE_DIR "/resources/catalog.json", path.toStdString());
        QVERIFY(peakRssKb() - before < kMaxRssGrowthKb);
        QVERIFY(catalog.ok());
        const Problem* e = firstError(catalog.problems());
        QVERIFY(e);
        QVERIFY2(QString::fromStdString(e->message).contains(QStringLiteral("too large")),
                 e->message.c_str());
    }
};

CF_TEST_GUILESS_MAIN(TestFuzzRegressions)

} // namespace cf_tst_fuzz_regressions

#include "tst_fuzz_regressions.moc"
