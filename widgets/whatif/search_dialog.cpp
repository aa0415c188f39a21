#include "widgets/whatif/search_dialog.h"
#include "widgets/common/throttled_progress.h"

#include "models/search/split_groups.h"
#include "widgets/document/design_document.h"
#include "widgets/whatif/evaluation_controller.h"
#include "widgets/whatif/search_results_model.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <memory>

namespace cf {

namespace {
constexpr int kProgressSteps = 1000; // progress bar resolution (our choice)
constexpr int kDefaultTop = 20;      // rows kept by default (our choice)
constexpr int kMaxTop = 1000;
constexpr double kMillion = 1e6;
// Default dialog size, and the room beyond the headers' widths for a cell a
// little wider than its header ("FSDP hybrid") (our choice).
constexpr int kDefaultWidthPx = 900;
constexpr int kDefaultHeightPx = 480;
constexpr int kColumnSlackPx = 16;
// Splits asked of the search per row kept: equivalent shardings collapse into
// one row (up to three give the same numbers: ZeRO-3, FSDP full and hybrid
// within a node), so the table still lists "Keep the best" rows (our choice).
constexpr int kSplitsPerRow = 3;

// Sorts by the sort role but keeps the current split's row (Rank 0) on top
// in both directions: it is the reference, not a result.
class ReferenceFirstProxy : public QSortFilterProxyModel {
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override
    {
        const auto* model = static_cast<const SearchResultsModel*>(sourceModel());
        const bool leftRef = model->isReferenceRow(left.row()), rightRef = model->isReferenceRow(right.row());
        if (leftRef != rightRef) // descending order reverses lessThan: undo that for the reference
            return leftRef == (sortOrder() == Qt::AscendingOrder);
        return QSortFilterProxyModel::lessThan(left, right);
    }
};
} // namespace

SearchDialog::SearchDialog(DesignDocument* document, EvaluationController* controller, QWidget* parent)
    : QDialog(parent), document_(document), controller_(controller)
{
    setWindowTitle(tr("Best split search"));
    auto* layout = new QVBoxLayout(this);
    addControls(layout);
    addTable(layout);
    QDialogButtonBox* buttons = addFooter(layout);
    connectSignals(buttons);
    resize(std::max(kDefaultWidthPx, columnsWidth()), kDefaultHeightPx);
    updateButtons();
}

// "Keep the best N splits", Search and Cancel, and the progress bar under them.
void SearchDialog::addControls(QVBoxLayout* layout)
{
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Keep the best"), this));
    top_ = new QSpinBox(this);
    top_->setRange(1, kMaxTop);
    top_->setValue(kDefaultTop);
    top_->setSuffix(tr(" splits"));
    top_->setToolTip(tr("How many of the fastest splits to list."));
    top->addWidget(top_);
    start_ = new QPushButton(tr("Search"), this);
    start_->setToolTip(tr("Evaluate every valid TP, PP, VP, CP, micro-batch, sharding and recompute for this "
                          "hardware and workload."));
    top->addWidget(start_);
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setToolTip(tr("Stop the search; the splits found so far are kept."));
    top->addWidget(cancel_);
    top->addStretch();
    layout->addLayout(top);

    progress_ = new QProgressBar(this);
    progress_->setRange(0, kProgressSteps);
    progress_->setValue(0);
    layout->addWidget(progress_);
}

// The results table, sorted with the current split's row on top.
void SearchDialog::addTable(QVBoxLayout* layout)
{
    model_ = new SearchResultsModel(this);
    proxy_ = new ReferenceFirstProxy(this);
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(Qt::UserRole);
    table_ = new QTableView(this);
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(SearchResultsModel::Rank, Qt::AscendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    // Every column as wide as its header or widest cell, the last one taking
    // the spare width: no column cut, no empty band on the right. (The
    // stretched section never gets narrower than it was when stretching
    // started: the small default size first.)
    QHeaderView* header = table_->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setDefaultSectionSize(header->minimumSectionSize());
    header->setStretchLastSection(true);
    layout->addWidget(table_, 1);
}

// The winner's reason, the summary and the buttons.
QDialogButtonBox* SearchDialog::addFooter(QVBoxLayout* layout)
{
    reason_ = new QLabel(this);
    reason_->setObjectName(QStringLiteral("searchWinnerReason"));
    reason_->setWordWrap(true);
    reason_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(reason_);

    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(summary_);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    apply_ = buttons->addButton(tr("Apply"), QDialogButtonBox::ActionRole);
    apply_->setToolTip(tr("Use the selected split for the design (one undoable edit)."));
    layout->addWidget(buttons);
    return buttons;
}

void SearchDialog::connectSignals(QDialogButtonBox* buttons)
{
    connect(start_, &QPushButton::clicked, this, &SearchDialog::startSearch);
    connect(cancel_, &QPushButton::clicked, this, &SearchDialog::cancelSearch);
    connect(apply_, &QPushButton::clicked, this, [this] {
        const QModelIndexList rows = table_->selectionModel()->selectedRows();
        if (!rows.isEmpty())
            applyRow(rows.first().row());
    });
    connect(table_, &QTableView::doubleClicked, this,
            [this](const QModelIndex& index) { applyRow(index.row()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(&watcher_, &QFutureWatcher<SearchReport>::finished, this, &SearchDialog::finished);
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &SearchDialog::updateButtons);
}

int SearchDialog::columnsWidth() const
{
    // Wide enough for every column without scrolling sideways: each as wide as
    // its header or its widest cell ("ZeRO-3 = FSDP full", "−4.1 d (−2.3 %)"),
    // with kColumnSlackPx to spare.
    const QHeaderView* header = table_->horizontalHeader();
    const auto* view = static_cast<const QAbstractItemView*>(table_); // sizeHintForColumn is public there
    int columns = 0;
    for (int c = 0; c < header->count(); ++c)
        columns += std::max(header->sectionSizeHint(c), view->sizeHintForColumn(c));
    const QMargins margins = layout()->contentsMargins();
    return columns + 2 * table_->frameWidth() + table_->verticalScrollBar()->sizeHint().width() +
           margins.left() + margins.right() + kColumnSlackPx;
}

SearchDialog::~SearchDialog()
{
    cancelFlag_ = true;
    watcher_.waitForFinished();
}

void SearchDialog::startSearch()
{
    if (isRunning())
        return;
    controller_->evaluateNow(); // facts must be those of the current design
    const DesignFacts facts = controller_->facts();
    const Design& design = document_->design();
    const Workload workload = design.workload;
    const Economics economics = design.economics;
    const Parallelism base = design.parallelism;
    current_ = SearchResult{base, controller_->prediction()};
    cancelFlag_ = false;
    progress_->setValue(0);
    summary_->setText(tr("Searching..."));

    SearchOptions options;
    options.top = top_->value() * kSplitsPerRow;
    options.cancel = &cancelFlag_;
    options.progress = throttledProgress(progress_, kProgressSteps, workerHook_);
    watcher_.setFuture(QtConcurrent::run([facts, workload, economics, base, options] {
        return searchSplits(facts, workload, economics, base, options);
    }));
    updateButtons();
}

void SearchDialog::cancelSearch()
{
    cancelFlag_ = true;
}

void SearchDialog::waitForFinished()
{
    watcher_.waitForFinished();
    QCoreApplication::sendPostedEvents(&watcher_); // deliver finished() now
}

void SearchDialog::finished()
{
    report_ = watcher_.result();
    // More splits were asked for than rows are shown: "Keep the best" groups.
    model_->setResults(report_.results, current_, std::size_t(top_->value()));
    if (columnsWidth() > width()) // wider cells than headers arrived
        resize(columnsWidth(), height());
    const std::string reason = winnerReason(report_);
    reason_->setText(reason.empty() ? QString() : tr("Best split: %1").arg(QString::fromStdString(reason)));
    reason_->setVisible(!reason.empty());
    table_->sortByColumn(SearchResultsModel::Rank, Qt::AscendingOrder);
    if (!report_.cancelled)
        progress_->setValue(kProgressSteps);
    summary_->setText(summaryText());
    updateButtons();
    emit searchFinished(report_.cancelled);
}

QString SearchDialog::summaryText() const
{
    QStringList reasons;
    for (const auto& [reason, count] : report_.infeasible)
        reasons << tr("%1: %L2").arg(QString::fromStdString(reason)).arg(count);
    QString text = tr("%1%L2 splits evaluated, %L3 feasible, in %4 s (%5 M splits/s).")
                       .arg(report_.cancelled ? tr("Cancelled. ") : QString())
                       .arg(report_.evaluated)
                       .arg(report_.feasible)
                       .arg(report_.elapsedS, 0, 'f', 3)
                       .arg(report_.splitsPerS / kMillion, 0, 'f', 2);
    if (!reasons.isEmpty())
        text += QStringLiteral("\n") + tr("Infeasible by reason: ") + reasons.join(QStringLiteral("; "));
    return text;
}

bool SearchDialog::applyRow(int viewRow)
{
    const QModelIndex source = proxy_->mapToSource(proxy_->index(viewRow, 0));
    const SearchResult* result = model_->resultAt(source.row());
    if (!result || model_->isReferenceRow(source.row())) // the current split: nothing to apply
        return false;
    // One undo step: never merge with a preceding or following dock edit.
    document_->closeMergeWindow();
    Parallelism split = result->split;
    split.dp = 0; // DP keeps following the cluster (issue 18: a later TP change must not break it)
    document_->setParallelism(split);
    document_->closeMergeWindow();
    // The "Current" row is the design's split from now on (issue 28 item 10).
    controller_->evaluateNow();
    current_ = SearchResult{document_->design().parallelism, controller_->prediction()};
    model_->setResults(report_.results, current_, std::size_t(top_->value()));
    table_->sortByColumn(SearchResultsModel::Rank, Qt::AscendingOrder);
    updateButtons();
    return true;
}

void SearchDialog::updateButtons()
{
    const bool running = isRunning();
    start_->setEnabled(!running);
    cancel_->setEnabled(running);
    top_->setEnabled(!running);
    apply_->setEnabled(!running && table_->selectionModel()->hasSelection());
}

void SearchDialog::done(int result)
{
    if (isRunning()) {
        cancelFlag_ = true;
        watcher_.waitForFinished();
    }
    QDialog::done(result);
}

} // namespace cf
