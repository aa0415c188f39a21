#include "widgets/charts/charts_widget.h"

#include <QRegularExpression>

#include "models/predict/prediction_band.h"
#include "models/presentation/chart_series.h"
#include "widgets/charts/all_reduce_chart.h"
#include "widgets/charts/cost_chart.h"
#include "widgets/charts/memory_chart.h"
#include "widgets/charts/power_chart.h"
#include "widgets/charts/scaling_chart.h"
#include "widgets/charts/step_time_chart.h"

#include <QGridLayout>

namespace cf {
namespace {

constexpr int kGridColumns = 3;

} // namespace

ChartsWidget::ChartsWidget(QWidget* parent)
    : QWidget(parent), allReduce_(new AllReduceChart(this)), scaling_(new ScalingChart(this)),
      stepTime_(new StepTimeChart(this)), memory_(new MemoryChart(this)), power_(new PowerChart(this)),
      cost_(new CostChart(this))
{
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(2, 2, 2, 2);
    grid->setSpacing(4);
    const QList<ChartPanel*> all = charts();
    for (int i = 0; i < all.size(); ++i)
        grid->addWidget(all[i], i / kGridColumns, i % kGridColumns);
}

QList<ChartPanel*> ChartsWidget::charts() const
{
    return {allReduce_, scaling_, stepTime_, memory_, power_, cost_};
}

QString ChartsWidget::inWords(const std::string& formattedProblem) const
{
    // formatProblem writes "error: FIELD: message": the message alone, with
    // quoted ids ('n1') as the names the user gave the parts.
    QString text = QString::fromStdString(formattedProblem);
    static const QRegularExpression prefix(QStringLiteral("^(error|warning): (\\S+: )?"));
    text.remove(prefix);
    if (displayName_) {
        static const QRegularExpression quotedId(QStringLiteral("'([A-Za-z][A-Za-z0-9_-]*)'"));
        QString named;
        qsizetype last = 0;
        for (const QRegularExpressionMatch& m : quotedId.globalMatch(text)) {
            named += text.mid(last, m.capturedStart() - last);
            named += QStringLiteral("\u201C%1\u201D").arg(displayName_(m.captured(1)));
            last = m.capturedEnd();
        }
        text = named + text.mid(last);
    }
    if (!text.isEmpty())
        text[0] = text[0].toUpper();
    return text.endsWith(QLatin1Char('.')) ? text : text + QLatin1Char('.');
}

void ChartsWidget::setSeries(const ChartSeries& s, bool immediate)
{
    const QString message = s.valid ? QString() : tr("No prediction yet. %1").arg(inWords(s.firstError));
    allReduce_->setSeries(s.allReduce, message);
    scaling_->setSeries(s.scaling, message);
    stepTime_->setSeries(s.stepTime, message);
    if (s.valid && s.memoryStages.size() > 1)
        memory_->setStages(s.memoryStages, s.heaviestStage);
    else
        memory_->setSeries(s.memory, message);
    power_->setSeries(s.power, message);
    cost_->setSeries(s.cost, message);
    applyBands();
    replotAll(immediate);
}

void ChartsWidget::setBands(const PredictionBands& b)
{
    const bool on = b.band.available;
    stepP10S_ = on ? b.stepTimeSP10 : 0.0;
    stepP90S_ = on ? b.stepTimeSP90 : 0.0;
    lowFactor_ = on ? b.band.lowFactor : 0.0;
    highFactor_ = on ? b.band.highFactor : 0.0;
    bandBasis_ = QString::fromStdString(b.band.basis);
    applyBands();
}

void ChartsWidget::applyBands()
{
    stepTime_->setBand(stepP10S_, stepP90S_, bandBasis_);
    scaling_->setBand(lowFactor_, highFactor_);
}

void ChartsWidget::replotAll(bool immediate)
{
    for (ChartPanel* chart : charts())
        chart->replot(immediate);
}

} // namespace cf
