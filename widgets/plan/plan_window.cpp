#include "widgets/plan/plan_window.h"
#include "widgets/common/throttled_progress.h"

#include "models/design/design_json.h"
#include "models/plan/plan_sensitivity.h"
#include "models/store/design_store.h"
#include "models/store/headline_from_prediction.h"
#include "widgets/charts/chart_format.h"
#include "widgets/library/save_variant_dialog.h"
#include "widgets/plan/plan_candidates_model.h"
#include "widgets/plan/plan_envelope_form.h"
#include "widgets/plan/plan_format.h"
#include "widgets/plan/plan_scatter_chart.h"
#include "widgets/plan/plan_tornado_chart.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <memory>

namespace cf {
namespace {

constexpr int kProgressSteps = 1000; // progress bar resolution (our choice)
// The window's first size: fits a 1366 x 768 screen with its task bar and
// title bar (issue 28 item 6), never larger than the screen (our choice).
constexpr int kWidthPx = 1340;
constexpr int kHeightPx = 700;
constexpr int kFormWidthPx = 300;
constexpr int kScatterStretch = 3; // the scatter's share of the top row beside the tornadoes (our choice)
constexpr int kTornadoStretch = 3;
constexpr int kChartsStretch = 3; // the charts' share of the height above the tables (our choice)
constexpr int kTablesStretch = 2;
constexpr double kBillion = 1e9;

QTableView* makeTable(PlanCandidatesModel* model, QWidget* parent)
{
    auto* table = new QTableView(parent);
    table->setModel(model);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    table->setWordWrap(false);
    return table;
}

QString quantity(double value, const QString& unit)
{
    return QStringLiteral("%1 %2").arg(value, 0, 'g', 4).arg(unit);
}

} // namespace

PlanWindow::PlanWindow(const Catalog& catalog, DesignStore* store, QWidget* parent)
    : QDialog(parent), catalog_(catalog), store_(store)
{
    setObjectName(QStringLiteral("planWindow"));
    setWindowTitle(tr("Plan a cluster"));
    setSizeGripEnabled(true);
    auto* layout = new QHBoxLayout(this);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(buildLeft());
    split->addWidget(buildRight());
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    layout->addWidget(split);

    connect(&watcher_, &QFutureWatcher<PlanReport>::finished, this, &PlanWindow::planDone);
    connect(&sensitivityWatcher_, &QFutureWatcher<PlanSensitivity>::finished, this,
            &PlanWindow::sensitivityDone);
    connect(scatter_, &PlanScatterChart::candidateClicked, this, &PlanWindow::selectCandidate);
    for (QTableView* table : {frontTable_, apartTable_}) {
        auto* model = static_cast<PlanCandidatesModel*>(table->model());
        connect(table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                [this, model](const QModelIndex& current) {
                    if (!syncing_ && current.isValid())
                        selectCandidate(model->candidateAt(current.row()));
                });
    }
    form_->restoreSettings();
    QSize size(kWidthPx, kHeightPx);
    if (const QScreen* screen = this->screen())
        size = size.boundedTo(screen->availableSize());
    resize(size);
    updateButtons();
}

PlanWindow::~PlanWindow()
{
    cancelFlag_ = true;
    watcher_.waitForFinished();
    sensitivityWatcher_.waitForFinished();
}

QWidget* PlanWindow::buildLeft()
{
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumWidth(kFormWidthPx);
    auto* inner = new QWidget(scroll);
    auto* column = new QVBoxLayout(inner);
    column->setContentsMargins(0, 0, 6, 0);
    auto* heading = new QLabel(
        tr("<b>Envelope</b>: what you have and what you train. Hover a field for its unit."), inner);
    heading->setWordWrap(true);
    column->addWidget(heading);
    form_ = new PlanEnvelopeForm(catalog_, inner);
    column->addWidget(form_);

    auto* runRow = new QHBoxLayout;
    run_ = new QPushButton(tr("&Run plan"), inner);
    run_->setObjectName(QStringLiteral("planRun"));
    run_->setDefault(true);
    run_->setToolTip(tr("Plan: every candidate GPU and fabric at the largest size the envelope allows and "
                        "halvings of it, each with its best split, goodput and band."));
    cancel_ = new QPushButton(tr("Cancel"), inner);
    cancel_->setObjectName(QStringLiteral("planCancel"));
    cancel_->setToolTip(tr("Stop the plan; the candidates evaluated so far are ranked."));
    runRow->addWidget(run_);
    runRow->addWidget(cancel_);
    column->addLayout(runRow);
    progress_ = new QProgressBar(inner);
    progress_->setRange(0, kProgressSteps);
    progress_->setValue(0);
    column->addWidget(progress_);
    error_ = new QLabel(inner);
    error_->setObjectName(QStringLiteral("planError"));
    error_->setWordWrap(true);
    error_->setStyleSheet(QStringLiteral("color: #b00020;"));
    error_->hide();
    column->addWidget(error_);
    status_ = new QLabel(inner);
    status_->setObjectName(QStringLiteral("planStatus"));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    column->addWidget(status_);
    column->addStretch();
    scroll->setWidget(inner);

    connect(run_, &QPushButton::clicked, this, &PlanWindow::startPlan);
    connect(cancel_, &QPushButton::clicked, this, &PlanWindow::cancelPlan);
    return scroll;
}

QWidget* PlanWindow::buildRight()
{
    auto* right = new QWidget(this);
    auto* column = new QVBoxLayout(right);
    column->setContentsMargins(0, 0, 0, 0);
    auto* vertical = new QSplitter(Qt::Vertical, right);
    vertical->setChildrenCollapsible(false);

    auto* charts = new QSplitter(Qt::Horizontal, vertical);
    charts->setChildrenCollapsible(false);
    scatter_ = new PlanScatterChart(charts);
    auto* detail = new QWidget(charts);
    auto* detailColumn = new QVBoxLayout(detail);
    detailColumn->setContentsMargins(0, 0, 0, 0);
    reason_ = new QLabel(detail);
    reason_->setObjectName(QStringLiteral("planReason"));
    reason_->setWordWrap(true);
    reason_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    detailColumn->addWidget(reason_);
    timeTornado_ = new PlanTornadoChart(PlanTornadoChart::Measure::Time, detail);
    costTornado_ = new PlanTornadoChart(PlanTornadoChart::Measure::Cost, detail);
    detailColumn->addWidget(timeTornado_, 1);
    detailColumn->addWidget(costTornado_, 1);
    charts->addWidget(scatter_);
    charts->addWidget(detail);
    charts->setStretchFactor(0, kScatterStretch);
    charts->setStretchFactor(1, kTornadoStretch);

    tables_ = new QTabWidget(vertical);
    frontModel_ = new PlanCandidatesModel(PlanCandidatesModel::Kind::Front, this);
    apartModel_ = new PlanCandidatesModel(PlanCandidatesModel::Kind::Apart, this);
    frontTable_ = makeTable(frontModel_, tables_);
    frontTable_->setObjectName(QStringLiteral("planFrontTable"));
    apartTable_ = makeTable(apartModel_, tables_);
    apartTable_->setObjectName(QStringLiteral("planApartTable"));
    tables_->addTab(frontTable_, tr("Pareto front"));
    tables_->addTab(apartTable_, tr("Over a limit"));
    vertical->addWidget(charts);
    vertical->addWidget(tables_);
    vertical->setStretchFactor(0, kChartsStretch);
    vertical->setStretchFactor(1, kTablesStretch);
    column->addWidget(vertical, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, right);
    open_ = buttons->addButton(tr("&Open as new design"), QDialogButtonBox::ActionRole);
    open_->setObjectName(QStringLiteral("planOpen"));
    open_->setToolTip(tr("Open the selected candidate in the main window as a new design (the current one is "
                         "kept or saved first, as for File \u25b8 New)."));
    save_ = buttons->addButton(tr("&Save to library as variant..."), QDialogButtonBox::ActionRole);
    save_->setObjectName(QStringLiteral("planSave"));
    save_->setToolTip(tr("Save the selected candidate's design in the library, each a variant of this plan's "
                         "library design."));
    column->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(open_, &QPushButton::clicked, this, &PlanWindow::openSelectedAsDesign);
    connect(save_, &QPushButton::clicked, this, [this] { saveSelectedToLibrary(true); });
    return right;
}

bool PlanWindow::startPlan()
{
    if (isRunning())
        return false;
    const std::optional<PlanEnvelope> envelope = form_->envelope();
    if (!envelope) {
        error_->setText(form_->errors().join(QLatin1Char('\n')));
        error_->show();
        return false;
    }
    error_->hide();
    error_->clear();
    form_->saveSettings();
    cancelFlag_ = false;
    progress_->setValue(0);
    status_->setText(tr("Planning..."));

    PlanOptions options;
    options.cancel = &cancelFlag_;
    options.progress = throttledProgress(progress_, kProgressSteps, workerHook_);
    const Catalog* catalog = &catalog_;
    watcher_.setFuture(
        QtConcurrent::run([e = *envelope, catalog, options] { return planCluster(e, *catalog, options); }));
    updateButtons();
    return true;
}

void PlanWindow::cancelPlan()
{
    cancelFlag_ = true;
}

void PlanWindow::waitForFinished()
{
    watcher_.waitForFinished();
    QCoreApplication::sendPostedEvents(&watcher_);
    sensitivityWatcher_.waitForFinished();
    QCoreApplication::sendPostedEvents(&sensitivityWatcher_);
}

void PlanWindow::planDone()
{
    report_ = watcher_.result();
    ++generation_;
    sensitivities_.clear();
    savedIds_.reset();
    selected_ = -1;
    if (report_.sensitivity.candidate >= 0)
        sensitivities_[report_.sensitivity.candidate] = report_.sensitivity;
    frontModel_->setRows(&report_, report_.front);
    apartModel_->setRows(&report_, report_.apart);
    tables_->setTabText(0, tr("Pareto front (%1)").arg(report_.front.size()));
    tables_->setTabText(1, tr("Over a limit (%1)").arg(report_.apart.size()));
    scatter_->setReport(&report_);
    if (!report_.cancelled)
        progress_->setValue(kProgressSteps);
    status_->setText(statusText());
    // Errors of the envelope the engine found give an empty report that says why.
    QStringList errors;
    for (const Problem& p : report_.problems)
        if (p.severity == Severity::Error)
            errors << QString::fromStdString(formatProblem(p));
    error_->setText(errors.join(QLatin1Char('\n')));
    error_->setVisible(!errors.isEmpty());
    selectCandidate(report_.chosen >= 0 ? report_.chosen
                                        : (report_.front.empty() ? -1 : report_.front.front()));
    updateButtons();
    emit planFinished(report_.cancelled);
}

QString PlanWindow::statusText() const
{
    if (isRunning())
        return tr("Planning...");
    QString text = tr("%1%2 candidates in %3 s: %4 on the Pareto front, %5 over a limit.")
                       .arg(report_.cancelled ? tr("Cancelled. ") : QString())
                       .arg(report_.candidates.size())
                       .arg(report_.elapsedS, 0, 'f', 1)
                       .arg(report_.front.size())
                       .arg(report_.apart.size());
    const PlanEnvelope& e = report_.envelope;
    QStringList limits;
    if (e.facilityPowerMw)
        limits << quantity(*e.facilityPowerMw, tr("MW"));
    if (e.budgetUsd)
        limits << formatUsd(*e.budgetUsd);
    if (e.deadlineDays)
        limits << quantity(*e.deadlineDays, tr("days"));
    if (!limits.isEmpty())
        text += QLatin1Char(' ') + tr("Limits: %1.").arg(limits.join(QStringLiteral(", ")));
    const int warnings = int(std::count_if(report_.problems.begin(), report_.problems.end(),
                                           [](const Problem& p) { return p.severity != Severity::Error; }));
    if (warnings > 0)
        text += QLatin1Char(' ') + tr("%n warning(s), the first: %1", nullptr, warnings)
                                       .arg(QString::fromStdString(formatProblem(*std::find_if(
                                           report_.problems.begin(), report_.problems.end(),
                                           [](const Problem& p) { return p.severity != Severity::Error; }))));
    return text;
}

void PlanWindow::selectCandidate(int candidate)
{
    if (candidate < -1 || candidate >= int(report_.candidates.size()))
        candidate = -1;
    selected_ = candidate;
    scatter_->setSelected(candidate);
    // Mirror into the tables: the row of whichever lists it, the other cleared.
    syncing_ = true;
    for (QTableView* table : {frontTable_, apartTable_}) {
        auto* model = static_cast<PlanCandidatesModel*>(table->model());
        const int row = model->rowOf(candidate);
        if (row < 0) {
            table->clearSelection();
            continue;
        }
        table->selectRow(row);
        table->scrollTo(model->index(row, 0));
        tables_->setCurrentWidget(table);
    }
    syncing_ = false;
    showDetail();
    updateButtons();
}

void PlanWindow::showDetail()
{
    if (selected_ < 0) {
        reason_->setText(report_.candidates.empty() ? QString() : tr("Click a point or a table row."));
        timeTornado_->setSensitivity({});
        costTornado_->setSensitivity({});
        return;
    }
    const PlanCandidate& c = report_.candidates[std::size_t(selected_)];
    const bool onFront =
        std::find(report_.front.begin(), report_.front.end(), selected_) != report_.front.end();
    QString why;
    if (c.limit != PlanLimit::None)
        why = tr("Over a limit: %1.")
                  .arg(QString::fromStdString(c.limitDetail.empty() ? toString(c.limit) : c.limitDetail));
    else if (onFront)
        why = QString::fromStdString(c.reason);
    else
        why = tr("Not on the front: another candidate is as fast for less cost.");
    reason_->setText(tr("<b>%1</b>: %2 to train (P50) for %3. %4")
                         .arg(QString::fromStdString(c.label()).toHtmlEscaped(),
                              formatDays(c.figures.timeToTrainSP50), formatUsd(c.figures.totalCostUsd),
                              why.toHtmlEscaped()));
    if (const auto it = sensitivities_.find(selected_); it != sensitivities_.end()) {
        timeTornado_->setSensitivity(it->second);
        costTornado_->setSensitivity(it->second);
        return;
    }
    const QString computing = tr("Computing the sensitivity...");
    timeTornado_->setSensitivity({}, computing);
    costTornado_->setSensitivity({}, computing);
    if (sensitivityWatcher_.isRunning())
        return; // sensitivityDone() starts the selected one next
    sensitivityFor_ = selected_;
    sensitivityGeneration_ = generation_;
    const Catalog* catalog = &catalog_;
    sensitivityWatcher_.setFuture(
        QtConcurrent::run([e = report_.envelope, c, catalog] { return planSensitivity(e, c, *catalog); }));
}

void PlanWindow::sensitivityDone()
{
    PlanSensitivity result = sensitivityWatcher_.result();
    if (sensitivityGeneration_ == generation_) {
        result.candidate = sensitivityFor_;
        sensitivities_[sensitivityFor_] = result;
    }
    if (selected_ >= 0) // the one shown now, or the next to compute
        showDetail();
}

bool PlanWindow::openSelectedAsDesign()
{
    if (selected_ < 0 || isRunning())
        return false;
    const PlanCandidate& c = report_.candidates[std::size_t(selected_)];
    Result<Design> design = candidateDesign(report_.envelope, c, catalog_);
    if (!design) {
        QMessageBox::warning(this, tr("Cannot open the candidate"),
                             QString::fromStdString(failureMessage(design.problems())));
        return false;
    }
    design->name = c.label();
    emit openDesignRequested(*design);
    return true;
}

QString PlanWindow::suggestedDesignName() const
{
    const PlanEnvelope& e = report_.envelope;
    const ModelPreset* preset = catalog_.preset(e.workload.model.preset);
    QString name = tr("Plan: %1, %2 T tokens")
                       .arg(QString::fromStdString(preset ? preset->name : e.workload.model.preset))
                       .arg(e.workload.tokensToTrain / 1e12, 0, 'g', 4);
    if (e.facilityPowerMw)
        name += QStringLiteral(", ") + quantity(*e.facilityPowerMw, tr("MW"));
    if (e.budgetUsd)
        name += QStringLiteral(", $%1 B").arg(*e.budgetUsd / kBillion, 0, 'g', 3);
    if (e.deadlineDays)
        name += QStringLiteral(", ") + quantity(*e.deadlineDays, tr("days"));
    return name;
}

bool PlanWindow::saveSelectedToLibrary(bool askNames)
{
    if (selected_ < 0 || isRunning() || !store_ || !store_->isOpen())
        return false;
    const PlanCandidate& c = report_.candidates[std::size_t(selected_)];
    Result<Design> design = candidateDesign(report_.envelope, c, catalog_);
    if (!design) {
        QMessageBox::warning(this, tr("Cannot save the candidate"),
                             QString::fromStdString(failureMessage(design.problems())));
        return false;
    }
    design->name = c.label();
    // The first save of a plan makes its library design; later ones add variants to it.
    SaveVariantDialog dialog(savedIds_ ? savedDesignName_ : QString(),
                             savedIds_ ? savedVariantName_ : QString(), this);
    if (!savedIds_)
        dialog.setDesignName(suggestedDesignName());
    dialog.setName(QString::fromStdString(c.label()));
    dialog.setNote(planCandidateText(c) + QStringLiteral("\n") + QString::fromStdString(c.reason));
    if (askNames && dialog.exec() != QDialog::Accepted)
        return false;
    const Headline headline = headlineFromPrediction(c.prediction);
    const StoreResult<SavedIds> saved = [&]() -> StoreResult<SavedIds> {
        if (!savedIds_)
            return store_->saveDesign(dialog.designName(), *design, headline, dialog.note(), dialog.name());
        const StoreResult<qint64> id = store_->saveVariant(savedIds_->designId, savedIds_->variantId,
                                                           dialog.name(), dialog.note(), *design, headline);
        if (!id)
            return StoreFailure{id.error()};
        return SavedIds{savedIds_->designId, *id};
    }();
    if (!saved) {
        QMessageBox::warning(this, tr("Cannot save to the library"), saved.error().message);
        return false;
    }
    if (!savedIds_)
        savedDesignName_ = dialog.designName();
    savedIds_ = *saved; // the next candidate becomes a variant of this one
    savedVariantName_ = dialog.name();
    status_->setText(statusText() + QLatin1Char(' ') + tr("Saved \"%1\" to the library.").arg(dialog.name()));
    return true;
}

void PlanWindow::updateButtons()
{
    const bool running = isRunning();
    run_->setEnabled(!running);
    cancel_->setEnabled(running);
    form_->setEnabled(!running);
    open_->setEnabled(!running && selected_ >= 0);
    save_->setEnabled(!running && selected_ >= 0 && store_ && store_->isOpen());
}

QString PlanWindow::errorText() const
{
    return error_->isVisible() || !error_->text().isEmpty() ? error_->text() : QString();
}

QString PlanWindow::reasonText() const
{
    return reason_->text();
}

void PlanWindow::done(int result)
{
    if (isRunning()) {
        cancelFlag_ = true;
        watcher_.waitForFinished();
    }
    sensitivityWatcher_.waitForFinished();
    form_->saveSettings();
    QDialog::done(result);
}

} // namespace cf
