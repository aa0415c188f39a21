// Issue 18, finding 3 (leftover): axes read as numbers a user expects. Node
// counts tick at whole nodes only (no "0.5", no "3.05176e-05 nodes"), and a
// time far beyond days is given in years, not "115740.7 days".
#include "models/catalog/catalog.h"
#include "models/predict/evaluate.h"
#include "models/presentation/chart_series.h"
#include "test_designs.h"
#include "widgets/charts/chart_format.h"
#include "widgets/charts/scaling_chart.h"

#include "test_main.h"
#include <QtTest>

#include <qcustomplot.h>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_first_hour_axes {

using namespace cf;

class TestFirstHourAxes : public QObject {
    Q_OBJECT
private slots:
    void nodeAxisTicksAreWholeNodes_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("one node") << QStringLiteral("scrappy-h100.json");
        QTest::newRow("one small node") << QStringLiteral("scrappy-a100.json");
        QTest::newRow("eight nodes") << QStringLiteral("workhorse.json");
    }

    void nodeAxisTicksAreWholeNodes()
    {
        QFETCH(QString, file);
        const Design d = test::loadExample(file.toStdString());
        const DesignFacts facts = deriveDesignFacts(d, Catalog::builtin());
        const ChartSeries series =
            buildChartSeries(d, facts, evaluateWithFacts(d, Catalog::builtin(), facts));
        ScalingChart chart;
        chart.resize(500, 300);
        chart.setSeries(series.scaling, {});
        chart.replot(true);
        chart.plot()->replot(); // tick labels are made while drawing
        const QVector<QString> labels = chart.plot()->xAxis->tickVectorLabels();
        const QVector<double> ticks = chart.plot()->xAxis->tickVector();
        QVERIFY(!ticks.isEmpty());
        for (int i = 0; i < ticks.size(); ++i) {
            QVERIFY2(ticks[i] >= 1 && ticks[i] == std::round(ticks[i]),
                     qPrintable(QString::number(ticks[i])));
            bool whole = false;
            QLocale().toLongLong(labels.value(i), &whole);
            QVERIFY2(whole, qPrintable(labels.value(i)));
        }
    }

    void longTimesReadInYears()
    {
        QCOMPARE(formatSeconds(1e10), QStringLiteral("317 years")); // 115,740.7 days
        QCOMPARE(formatSeconds(3 * 365.25 * 86400), QStringLiteral("3.0 years"));
        QCOMPARE(formatSeconds(216.6 * 86400), QStringLiteral("216.6 days")); // unchanged below two years
    }
};

CF_TEST_MAIN(TestFirstHourAxes)

} // namespace cf_tst_first_hour_axes

#include "tst_first_hour_axes.moc"
