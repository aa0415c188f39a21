#include "app/gui/calibration_dialog.h"

#include "models/catalog/catalog.h"
#include "widgets/document/calibration_command.h"
#include "widgets/document/design_document.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <qcustomplot.h>

#include <cmath>

namespace cf {
namespace {

// Largest runs CSV read (our choice, as `calibrate`: the shipped 165 rows are 80 kB).
constexpr qint64 kMaxRunsBytes = 64LL << 20;
constexpr int kProgressSteps = 3; // calibrateSite's steps
constexpr double kPercent = 100.0;

QString percent(double fraction)
{
    return QStringLiteral("%1 %").arg(kPercent * fraction, 0, 'f', 1);
}

QTableWidgetItem* cell(const QString& text, bool number = true)
{
    auto* item = new QTableWidgetItem(text);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

CalibrationDialog::CalibrationDialog(DesignDocument* document, const Catalog& catalog, QWidget* parent)
    : QDialog(parent), document_(document), catalog_(catalog)
{
    setObjectName(QStringLiteral("calibrationDialog"));
    setWindowTitle(tr("Calibrate from Measurements"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    runsPath_ = new QLineEdit(this);
    runsPath_->setPlaceholderText(tr("RUNS.csv: the columns of resources/validation/calibration.csv"));
    auto* browseRuns = new QPushButton(tr("Browse..."), this);
    auto* runsRow = new QHBoxLayout;
    runsRow->addWidget(runsPath_);
    runsRow->addWidget(browseRuns);
    form->addRow(tr("Measured runs"), runsRow);
    logs_ = new QListWidget(this);
    logs_->setMaximumHeight(70);
    logs_->setToolTip(tr("nccl-tests output (text or -J JSON) of all_reduce_perf, all_gather_perf, "
                         "reduce_scatter_perf or alltoall_perf, run on the cluster of this design."));
    auto* addLogs = new QPushButton(tr("Add..."), this);
    auto* logsRow = new QHBoxLayout;
    logsRow->addWidget(logs_);
    logsRow->addWidget(addLogs, 0, Qt::AlignTop);
    form->addRow(tr("nccl-tests logs\n(optional)"), logsRow);
    name_ = new QLineEdit(this);
    name_->setPlaceholderText(tr("the site, e.g. \"Lab cluster A\""));
    form->addRow(tr("Profile name"), name_);
    layout->addLayout(form);

    auto* runRow = new QHBoxLayout;
    run_ = new QPushButton(tr("Fit"), this);
    run_->setObjectName(QStringLiteral("calibrationRun"));
    cancel_ = new QPushButton(tr("Cancel Fit"), this);
    cancel_->setEnabled(false);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, kProgressSteps);
    progress_->setValue(0);
    runRow->addWidget(run_);
    runRow->addWidget(cancel_);
    runRow->addWidget(progress_, 1);
    layout->addLayout(runRow);
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    layout->addWidget(status_);

    auto* split = new QSplitter(Qt::Vertical, this);
    plot_ = new QCustomPlot(split);
    plot_->setMinimumHeight(200);
    plot_->xAxis->setLabel(tr("Run"));
    plot_->yAxis->setLabel(tr("Error of the prediction (%)"));
    plot_->legend->setVisible(true);
    runs_ = new QTableWidget(0, 5, split);
    runs_->setHorizontalHeaderLabels({tr("Run"), tr("Measured"), tr("Before"), tr("After"), tr("Held out")});
    runs_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    constants_ = new QTableWidget(0, 4, split);
    constants_->setHorizontalHeaderLabels({tr("Constant"), tr("Before"), tr("After"), tr("Change")});
    constants_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    layout->addWidget(split, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    apply_ = buttons->addButton(tr("Apply to Design"), QDialogButtonBox::ApplyRole);
    apply_->setObjectName(QStringLiteral("calibrationApply"));
    apply_->setEnabled(false);
    apply_->setToolTip(
        tr("Store the fitted profile in the design (one undo step); every prediction then uses it."));
    layout->addWidget(buttons);

    connect(browseRuns, &QPushButton::clicked, this, &CalibrationDialog::browseRuns);
    connect(addLogs, &QPushButton::clicked, this, &CalibrationDialog::browseLogs);
    connect(run_, &QPushButton::clicked, this, &CalibrationDialog::start);
    connect(cancel_, &QPushButton::clicked, this, [this] {
        if (cancelRequested_)
            cancelRequested_->store(true);
        setStatus(tr("Cancelling after the current step..."));
    });
    connect(apply_, &QPushButton::clicked, this, &CalibrationDialog::applyProfile);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(&watcher_, &QFutureWatcher<SiteCalibrationResult>::finished, this, &CalibrationDialog::finished);
    resize(760, 720);
}

CalibrationDialog::~CalibrationDialog()
{
    // The fit keeps running on the pool: ask it to stop and wait, so it never
    // reports into a dialog that is gone.
    if (cancelRequested_)
        cancelRequested_->store(true);
    watcher_.waitForFinished();
}

void CalibrationDialog::setRunsPath(const QString& path)
{
    runsPath_->setText(path);
}
void CalibrationDialog::addNcclLog(const QString& path)
{
    logs_->addItem(path);
}
void CalibrationDialog::setProfileName(const QString& name)
{
    name_->setText(name);
}
QString CalibrationDialog::statusText() const
{
    return status_->text();
}

void CalibrationDialog::setStatus(const QString& text, bool error)
{
    status_->setText(text);
    status_->setStyleSheet(error ? QStringLiteral("color:#b00020") : QString());
}

void CalibrationDialog::browseRuns()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Measured Runs"), {}, tr("CSV files (*.csv)"));
    if (!path.isEmpty())
        runsPath_->setText(path);
}

void CalibrationDialog::browseLogs()
{
    for (const QString& path : QFileDialog::getOpenFileNames(this, tr("nccl-tests Logs")))
        logs_->addItem(path);
}

void CalibrationDialog::start()
{
    SiteCalibrationInput in;
    const QString runsPath = runsPath_->text().trimmed();
    if (!runsPath.isEmpty()) {
        QFile file(runsPath);
        if (!file.open(QIODevice::ReadOnly)) {
            setStatus(tr("Measured runs: cannot open %1: %2").arg(runsPath, file.errorString()), true);
            return;
        }
        if (file.size() > kMaxRunsBytes) {
            setStatus(tr("Measured runs: %1 is larger than 64 MB").arg(runsPath), true);
            return;
        }
        in.runsCsv = file.readAll().toStdString();
        in.runsName = QFileInfo(runsPath).fileName().toStdString();
    }
    for (int i = 0; i < logs_->count(); ++i)
        in.ncclLogPaths.push_back(logs_->item(i)->text().toStdString());
    in.cluster = document_->design();
    in.catalog = &catalog_;
    in.profileName = name_->text().trimmed().toStdString();

    cancelRequested_ = std::make_shared<std::atomic<bool>>(false);
    run_->setEnabled(false);
    cancel_->setEnabled(true);
    apply_->setEnabled(false);
    progress_->setValue(0);
    setStatus(tr("Fitting..."));
    // The fit reports its steps through queued calls; `self` guards the dialog.
    QPointer<CalibrationDialog> self(this);
    auto cancel = cancelRequested_;
    watcher_.setFuture(QtConcurrent::run([in = std::move(in), cancel, self] {
        return calibrateSite(in, [cancel, self](int step, int, const std::string& what) {
            QMetaObject::invokeMethod(
                qApp,
                [self, step, what] {
                    if (self) {
                        self->progress_->setValue(step);
                        self->setStatus(tr("Fitting: %1...").arg(QString::fromStdString(what)));
                    }
                },
                Qt::QueuedConnection);
            return !cancel->load();
        });
    }));
}

void CalibrationDialog::finished()
{
    result_ = watcher_.result();
    run_->setEnabled(true);
    cancel_->setEnabled(false);
    if (result_.cancelled) {
        progress_->setValue(0);
        setStatus(tr("Cancelled: nothing was fitted."));
        return;
    }
    if (!result_.ok()) {
        QStringList lines;
        for (const Problem& p : result_.problems)
            lines << QString::fromStdString(p.field + ": " + p.message);
        setStatus(lines.join(QLatin1Char('\n')), true);
        return;
    }
    progress_->setValue(kProgressSteps);
    showResult();
    apply_->setEnabled(true);
}

void CalibrationDialog::showResult()
{
    double before = 0, after = 0, held = 0;
    runs_->setRowCount(int(result_.runs.size()));
    for (int i = 0; i < int(result_.runs.size()); ++i) {
        const CalibratedRun& r = result_.runs[size_t(i)];
        runs_->setItem(i, 0, cell(QString::fromStdString(r.id + " (" + r.metric + ")"), false));
        runs_->setItem(i, 1, cell(QString::number(r.measured, 'g', 5)));
        runs_->setItem(i, 2, cell(percent(r.errorBefore)));
        runs_->setItem(i, 3, cell(percent(r.errorAfter)));
        runs_->setItem(i, 4, cell(percent(r.errorHeldOut)));
        before += std::fabs(r.errorBefore), after += std::fabs(r.errorAfter),
            held += std::fabs(r.errorHeldOut);
    }
    constants_->setRowCount(int(profileConstants().size()));
    int row = 0;
    for (const ProfileConstant& c : profileConstants()) {
        const double b = result_.before.*c.member, a = result_.profile.*c.member;
        constants_->setItem(row, 0, cell(QString::fromLatin1(c.key), false));
        constants_->item(row, 0)->setToolTip(QString::fromLatin1(c.what));
        constants_->setItem(row, 1, cell(QString::number(b, 'f', 3)));
        constants_->setItem(row, 2, cell(QString::number(a, 'f', 3)));
        constants_->setItem(
            row, 3,
            cell(
                b > 0
                    ? QStringLiteral("%1%2 %").arg(a >= b ? "+" : "").arg(kPercent * (a / b - 1.0), 0, 'f', 1)
                    : QString()));
        ++row;
    }
    const double n = std::max<size_t>(1, result_.runs.size());
    QString text =
        tr("%n run(s) fitted in %1 iterations", nullptr, int(result_.runs.size())).arg(result_.iterations);
    if (!result_.runs.empty())
        text += tr(": MAPE %1 before, %2 after, %3 held out.")
                    .arg(percent(before / n), percent(after / n), percent(held / n));
    if (!result_.ncclPoints.empty())
        text += tr(" %1 nccl-tests points.").arg(result_.ncclPoints.size());
    if (!result_.skipped.empty())
        text += tr(" %1 run(s) not used (the model cannot express them).").arg(result_.skipped.size());
    // Issue 27 items 1 and 4: whether the fit earned its place, and why.
    if (!result_.profile.note.empty())
        text += QLatin1Char('\n') + tr("Profile %1").arg(QString::fromStdString(result_.profile.note));
    setStatus(text);
    plotResiduals();
}

// Each run's error before (grey circles) and after (blue discs), and the zero line.
void CalibrationDialog::plotResiduals()
{
    plot_->clearGraphs();
    plot_->clearItems();
    QVector<double> x, before, after;
    for (int i = 0; i < int(result_.runs.size()); ++i) {
        x << i + 1;
        before << kPercent * result_.runs[size_t(i)].errorBefore;
        after << kPercent * result_.runs[size_t(i)].errorAfter;
    }
    QCPGraph* b = plot_->addGraph();
    b->setName(tr("Before (default model)"));
    b->setLineStyle(QCPGraph::lsNone);
    b->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::gray, 1.5), Qt::NoBrush, 8));
    b->setData(x, before);
    QCPGraph* a = plot_->addGraph();
    a->setName(tr("After (fitted profile)"));
    a->setLineStyle(QCPGraph::lsNone);
    a->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(31, 119, 180), 7));
    a->setData(x, after);
    auto* zero = new QCPItemStraightLine(plot_);
    zero->point1->setCoords(0, 0);
    zero->point2->setCoords(1, 0);
    zero->setPen(QPen(Qt::black, 1, Qt::DashLine));
    plot_->rescaleAxes();
    plot_->xAxis->setRange(0, x.size() + 1);
    const double span =
        std::max(std::fabs(plot_->yAxis->range().lower), std::fabs(plot_->yAxis->range().upper));
    plot_->yAxis->setRange(-span * 1.1 - 1, span * 1.1 + 1);
    plot_->replot();
}

void CalibrationDialog::applyProfile()
{
    if (!result_.ok())
        return;
    document_->undoStack()->push(new CalibrationCommand(document_, result_.profile));
    setStatus(tr("Applied: the design now carries the profile (Edit > Undo removes it)."));
    apply_->setEnabled(false);
}

} // namespace cf
