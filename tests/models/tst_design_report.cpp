// Issue 18, finding 11: a report worth printing, from the app and from
// `clusterforge-cli report DESIGN.json -o FILE.pdf` headless. The first page
// names the design, date, GPUs, nodes, model, split and headline predictions;
// the BOM spans the page with every price on one line and its sources as
// numbered notes; charts are drawn to the page width; every page has a header
// and a footer.
#include "models/catalog/catalog.h"
#include "models/catalog/resource_paths.h"
#include "report/design_report.h"
#include "test_designs.h"

#include "test_main.h"
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTimeZone>
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_design_report {

using namespace cf;
using cf::test::loadExample;

namespace {

const QDateTime kWhen(QDate(2026, 12, 1), QTime(21, 0), Qt::UTC);

// The real clusterforge-cli (ctest sets CF_CLI_PATH).
QString cliPath()
{
    return qEnvironmentVariable("CF_CLI_PATH");
}

int pdfPages(const QByteArray& pdf)
{
    return int(pdf.count("/Type /Page\n") + pdf.count("/Type /Page ") + pdf.count("/Type /Page>") +
               pdf.count("/Type /Page/"));
}

} // namespace

class TestDesignReport : public QObject {
    Q_OBJECT
private slots:
    void firstPageSaysWhatItDescribes()
    {
        const Design d = loadExample("workhorse.json");
        const QString html =
            DesignReport(d, Catalog::builtin(), QStringLiteral("Workhorse plan"), kWhen).html();
        const QString firstPage = html.left(html.indexOf(QStringLiteral("page-break-before")));
        for (const QString& expected :
             {QStringLiteral("Workhorse plan"), QStringLiteral("2026-12-01"),
              QStringLiteral("64 \u00d7 H100"), QStringLiteral("8 (8 \u00d7 DGX H100"),
              QStringLiteral("Llama 3 70B"), QStringLiteral("TP 8 \u00b7 PP 4 \u00b7 DP 2"),
              QStringLiteral("FSDP, hybrid sharding"), QStringLiteral("MFU"), QStringLiteral("Time to train"),
              QStringLiteral("Capital cost")})
            QVERIFY2(firstPage.contains(expected), qPrintable(expected));
        QVERIFY(!firstPage.contains(QStringLiteral("Untitled")));
    }

    // Issue 28 item 18: what a manager keeps: the split in words, the P10-P90
    // band beside the headline figures, IT, facility and provisioning power
    // explained, the warnings and the assumptions, before the charts.
    void firstPageCarriesBandsAssumptionsAndTheSplitInWords()
    {
        const Design d = loadExample("workhorse.json");
        const QString html = DesignReport(d, Catalog::builtin(), {}, kWhen).html();
        const QStringList pages = html.split(QStringLiteral("page-break-before"));
        QVERIFY(pages.size() >= 4); // first page, warnings and assumptions, charts, bill of materials
        const QString& firstPage = pages[0];
        for (const QString& expected : {QStringLiteral("TP 8 \u00b7 PP 4 \u00b7 DP 2, FSDP, hybrid sharding"),
                                        QStringLiteral("micro-batch 1"), QStringLiteral("P10\u2013P90"),
                                        QStringLiteral("Provisioning power"), QStringLiteral("IT power")})
            QVERIFY2(firstPage.contains(expected), qPrintable(expected));
        for (const QString& expected :
             {QStringLiteral("Warnings"), QStringLiteral("Assumptions"), QStringLiteral("$0.080 per kWh"),
              QStringLiteral("per GPU-hour"), QStringLiteral("Ownership horizon")})
            QVERIFY2(pages[1].contains(expected), qPrintable(expected));
        // MFU, tokens/s, tokens/s per GPU, step, time to train, cost of the run; HTML, not escaped text.
        QCOMPARE(firstPage.count(QStringLiteral("<small>(P10\u2013P90")), 6);
        QVERIFY(!html.contains(QStringLiteral("&lt;small&gt;")));
    }

    // Issue 28 item 18: a picture of the fabric on the first page, drawn from
    // the engine's topology (tst_fabric_schematic checks its facts).
    void firstPageShowsTheFabric()
    {
        const Design d = loadExample("workhorse.json");
        const DesignReport report(d, Catalog::builtin(), {}, kWhen);
        const QString html = report.html();
        const QString firstPage = html.left(html.indexOf(QStringLiteral("page-break-before")));
        QVERIFY(firstPage.contains(QStringLiteral("<img src='chart://topology'>")));
        const QImage picture = report.topologyPicture(2100);
        QCOMPARE(picture.width(), 2100);
        // Drawn, not blank: dark pixels (text and outlines) on it.
        int dark = 0;
        for (int y = 0; y < picture.height(); y += 2)
            for (int x = 0; x < picture.width(); x += 2)
                dark += qGray(picture.pixel(x, y)) < 128 ? 1 : 0;
        QVERIFY2(dark > 1000, qPrintable(QString::number(dark)));
        // Two tiers above the nodes are taller than one node alone.
        const Design one = loadExample("scrappy-h100.json");
        const DesignReport single(one, Catalog::builtin(), {}, kWhen);
        QVERIFY(single.topologyPicture(2100).height() < picture.height());
    }

    // Sources named in words: each catalog entry the design uses, its source
    // as the catalog words it (never a bare link), an estimated price said so.
    void sourcesAreNamedInWords()
    {
        const Design d = loadExample("deepseek-v3-nvl72.json");
        const QString html = DesignReport(d, Catalog::builtin(), {}, kWhen).html();
        const int at = html.indexOf(QStringLiteral("Where the figures come from"));
        QVERIFY(at > 0);
        const QString sources = html.mid(at, html.indexOf(QStringLiteral("</table>"), at) - at);
        for (const QString& expected : {QStringLiteral("GPU: "), QStringLiteral("Node: "),
                                        QStringLiteral("Switch: "), QStringLiteral("Model: DeepSeek-V3"),
                                        QStringLiteral("DeepSeek-V3 model configuration on Hugging Face"),
                                        QStringLiteral("Price estimated:")})
            QVERIFY2(sources.contains(expected), qPrintable(expected));
        static const QRegularExpression cell(QStringLiteral("<td><small>([^<]*)"));
        int cells = 0;
        for (const QRegularExpressionMatch& m : cell.globalMatch(sources)) {
            ++cells;
            QVERIFY2(!m.captured(1).startsWith(QStringLiteral("http")), qPrintable(m.captured(1)));
        }
        QVERIFY(cells >= 4);
        // The headline capital cost says that it rests on estimated prices.
        const QString firstPage = html.left(html.indexOf(QStringLiteral("page-break-before")));
        QVERIFY(firstPage.contains(QStringLiteral("estimated: see the bill of materials")));
    }

    void estimatedPricesAreMarked()
    {
        const QString html =
            DesignReport(loadExample("workhorse.json"), Catalog::builtin(), {}, kWhen).html();
        const QString bom = html.mid(html.indexOf(QStringLiteral("Bill of materials")));
        // The catalog estimates the DGX H100, QM9700 and 400G fibre prices.
        QCOMPARE(bom.count(QStringLiteral("(estimate)")), 3);
        QVERIFY(bom.contains(QStringLiteral("our estimate of street price")));
    }

    void bomSpansThePageWithPricesOnOneLineAndNumberedSources()
    {
        const Design d = loadExample("workhorse.json");
        const QString html = DesignReport(d, Catalog::builtin(), {}, kWhen).html();
        const QString bom = html.mid(html.indexOf(QStringLiteral("Bill of materials")));
        QVERIFY(bom.contains(QStringLiteral("<table width='100%'")));
        // Every dollar figure sits in a cell that cannot wrap.
        static const QRegularExpression price(QStringLiteral("<td[^>]*>(<b>)?\\$[0-9,]+"));
        int prices = 0;
        for (const QRegularExpressionMatch& m : price.globalMatch(bom)) {
            ++prices;
            QVERIFY2(m.captured(0).contains(QStringLiteral("white-space:nowrap")), qPrintable(m.captured(0)));
        }
        QVERIFY(prices >= 6);
        // Sources: a note number in the table, the text once in the numbered list.
        QVERIFY(bom.contains(QStringLiteral("<sup>[1]</sup>")));
        const QString notes = bom.mid(bom.indexOf(QStringLiteral("<ol>")));
        QVERIFY(notes.contains(QStringLiteral("<li>")));
        QVERIFY(!bom.left(bom.indexOf(QStringLiteral("<ol>"))).contains(QStringLiteral("refdata")));
    }

    void chartsAreDrawnToTheGivenWidth()
    {
        const Design d = loadExample("workhorse.json");
        const DesignReport report(d, Catalog::builtin());
        for (int width : {600, 2100}) {
            QCOMPARE(report.scalingChart(width).width(), width);
            QCOMPARE(report.costChart(width).width(), width);
        }
    }

    void cliWritesThePdfHeadless()
    {
        if (cliPath().isEmpty())
            QSKIP("CF_CLI_PATH is not set (run through ctest)");
        QTemporaryDir dir;
        const QString pdfPath = dir.filePath(QStringLiteral("workhorse.pdf"));
        QProcess cli;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QT_QPA_PLATFORM")); // headless: no platform chosen, no display
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.insert(QStringLiteral("HOME"), dir.path());
        cli.setProcessEnvironment(env);
        cli.start(cliPath(), {QStringLiteral("report"), QString::fromStdString(examplePath("workhorse.json")),
                              QStringLiteral("-o"), pdfPath});
        QVERIFY(cli.waitForFinished(120000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        QFile file(pdfPath);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray pdf = file.readAll();
        QVERIFY(pdf.startsWith("%PDF"));
        QCOMPARE(pdfPages(pdf),
                 4); // first page, warnings and assumptions (issue 28 item 18), charts, bill of materials
    }

    void cliNamesBadInput()
    {
        if (cliPath().isEmpty())
            QSKIP("CF_CLI_PATH is not set (run through ctest)");
        QTemporaryDir dir;
        QProcess cli;
        cli.start(cliPath(),
                  {QStringLiteral("report"), QString::fromStdString(examplePath("workhorse.json"))});
        QVERIFY(cli.waitForFinished(120000));
        QCOMPARE(cli.exitCode(), 2);
        QVERIFY(cli.readAllStandardError().contains("-o"));
        cli.start(cliPath(), {QStringLiteral("report"), QString::fromStdString(examplePath("workhorse.json")),
                              QStringLiteral("-o"), dir.filePath(QStringLiteral("no/such/dir/r.pdf"))});
        QVERIFY(cli.waitForFinished(120000));
        QCOMPARE(cli.exitCode(), 2);
        QVERIFY(cli.readAllStandardError().contains("no/such/dir/r.pdf"));
    }
};

CF_TEST_MAIN(TestDesignReport)

} // namespace cf_tst_design_report

#include "tst_design_report.moc"
