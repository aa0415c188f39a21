#include "widgets/whatif/search_results_model.h"
#include "models/core/units.h"

#include <QFont>

#include <algorithm>
#include <cmath>

namespace cf {

namespace {
constexpr double kPercent = 100.0;

QString shardingName(Sharding s)
{
    switch (s) {
    case Sharding::DDP:
        return QStringLiteral("DDP");
    case Sharding::ZeRO1:
        return QStringLiteral("ZeRO-1");
    case Sharding::ZeRO2:
        return QStringLiteral("ZeRO-2");
    case Sharding::ZeRO3:
        return QStringLiteral("ZeRO-3");
    case Sharding::FSDPFull:
        return QStringLiteral("FSDP full");
    case Sharding::FSDPHybrid:
        return QStringLiteral("FSDP hybrid");
    }
    return {};
}

// "+1.5" / "-0.3" / "0.0": the sign always shown, a minus sign for negatives.
QString signedNumber(double value, int decimals)
{
    const QString digits = QString::number(std::abs(value), 'f', decimals);
    const bool zero = digits.toDouble() == 0.0;
    return (zero ? QString() : value < 0 ? QStringLiteral("\u2212") : QStringLiteral("+")) + digits;
}

QString recomputeName(Recompute r)
{
    switch (r) {
    case Recompute::None:
        return QStringLiteral("none");
    case Recompute::Selective:
        return QStringLiteral("selective");
    case Recompute::Full:
        return QStringLiteral("full");
    case Recompute::AsNeeded:
        return QStringLiteral("as needed");
    }
    return {};
}
} // namespace

SearchResultsModel::SearchResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

void SearchResultsModel::setResults(const std::vector<SearchResult>& results,
                                    std::optional<SearchResult> current, std::size_t maxRows)
{
    beginResetModel();
    groups_ = groupEquivalentSplits(results, maxRows);
    current_ = std::move(current);
    endResetModel();
}

const SearchResult* SearchResultsModel::resultAt(int row) const
{
    if (isReferenceRow(row))
        return &*current_;
    const int group = row - (current_ ? 1 : 0);
    return group >= 0 && group < int(groups_.size()) ? &groups_[std::size_t(group)].result : nullptr;
}

int SearchResultsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(groups_.size()) + (current_ ? 1 : 0);
}

int SearchResultsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SearchResultsModel::data(const QModelIndex& index, int role) const
{
    const SearchResult* r = index.isValid() ? resultAt(index.row()) : nullptr;
    if (!r)
        return {};
    const bool reference = isReferenceRow(index.row());
    if (role == Qt::TextAlignmentRole)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::FontRole && reference) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::ToolTipRole && reference)
        return tr("The design's current split, for reference");
    if (role != Qt::DisplayRole && role != Qt::UserRole)
        return {};
    const bool raw = role == Qt::UserRole;
    const int group = index.row() - (current_ ? 1 : 0);
    switch (index.column()) {
    case Rank:
        if (reference)
            return raw ? QVariant(0) : QVariant(tr("Current"));
        return group + 1;
    case ShardingCol:
        if (!reference && !raw) {
            std::vector<Sharding> members = groups_[std::size_t(group)].shardings;
            std::sort(members.begin(), members.end()); // one order in every row: ZeRO-3 = FSDP full
            QStringList names;
            for (Sharding sh : members)
                names << shardingName(sh);
            return names.join(QStringLiteral(" = ")); // equal numbers: one row naming each
        }
        break;
    case VsCurrent: {
        const double mine = r->prediction.goodput.timeToTrainS,
                     theirs = current_ ? current_->prediction.goodput.timeToTrainS : 0;
        if (reference || mine <= 0 || theirs <= 0)
            return raw ? QVariant(0.0) : QVariant(QStringLiteral("\u2014"));
        const double delta = (mine - theirs) / kSecondsPerDay;
        return raw ? QVariant(delta)
                   : QVariant(tr("%1 d (%2 %)")
                                  .arg(signedNumber(delta, 1),
                                       signedNumber(kPercent * (mine - theirs) / theirs, 1)));
    }
    default:
        break;
    }
    return cell(*r, index.column(), raw);
}

QVariant SearchResultsModel::cell(const SearchResult& r, int column, bool raw) const
{
    const Parallelism& s = r.split;
    const Prediction& p = r.prediction;
    const int dp = p.gpus > 0 ? effectiveDp(s, p.gpus) : s.dp;
    const bool numbers = p.tokensPerS > 0; // a current split without numbers shows dashes
    const QString dash = QStringLiteral("\u2014");
    switch (column) {
    case Tp:
        return s.tp;
    case Pp:
        return s.pp;
    case Vp:
        return s.vp;
    case Dp:
        return dp;
    case Cp:
        return s.cp;
    case Microbatch:
        return s.microbatch;
    case ShardingCol:
        return raw ? QVariant(int(s.sharding)) : QVariant(shardingName(s.sharding));
    case RecomputeCol:
        return raw ? QVariant(int(s.recompute)) : QVariant(recomputeName(s.recompute));
    case Days: {
        const double days = p.goodput.timeToTrainS / kSecondsPerDay;
        return raw ? QVariant(days) : QVariant(days > 0 ? QString::number(days, 'f', 1) : dash);
    }
    case Mfu:
        return raw ? QVariant(p.mfu * kPercent)
                   : QVariant(numbers ? QString::number(p.mfu * kPercent, 'f', 1) : dash);
    case TokensPerSPerGpu:
        return raw ? QVariant(p.tokensPerSPerGpu)
                   : QVariant(numbers ? QString::number(p.tokensPerSPerGpu, 'f', 0) : dash);
    case MemoryGB: {
        const double gb = p.memory.totalBytes / kBytesPerGiB;
        return raw ? QVariant(gb) : QVariant(gb > 0 ? QString::number(gb, 'f', 1) : dash);
    }
    default:
        return {};
    }
}

QVariant SearchResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    // Short headers so every column fits the dialog; the tooltip says in full
    // what a column is and its unit.
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Rank:
            return tr("Rank by time to train: 1 = the fastest split found");
        case Tp:
            return tr("Tensor parallel: GPUs splitting every layer's matrices");
        case Pp:
            return tr("Pipeline parallel: pipeline stages, each on its own GPUs");
        case Vp:
            return tr("Virtual stages: interleaved pipeline chunks per GPU (1 = not interleaved)");
        case Dp:
            return tr("Data parallel: model replicas, GPUs = TP x PP x DP x CP");
        case Cp:
            return tr("Context parallel: GPUs sharing one sequence");
        case Microbatch:
            return tr("Micro-batch: sequences per GPU per pipeline step");
        case ShardingCol:
            return tr("How weights, gradients and optimizer state are spread over the data-parallel ranks");
        case RecomputeCol:
            return tr("Activation recomputation in the backward pass: none, selective (attention) or full");
        case Days:
            return tr("Time to train the workload's tokens, in days, including failures and checkpoints");
        case Mfu:
            return tr("Model FLOPs utilisation in % (PaLM definition) against the dense peak");
        case TokensPerSPerGpu:
            return tr("Training throughput per GPU, in tokens per second");
        case MemoryGB:
            return tr(
                "Memory per GPU on the fullest pipeline stage, in GiB (2^30 bytes, the unit HBM is sold in)");
        case VsCurrent:
            return tr("Days to train saved (-) or added (+) against the design's current split, and in %");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Rank:
        return tr("Rank");
    case Tp:
        return tr("TP");
    case Pp:
        return tr("PP");
    case Vp:
        return tr("VP");
    case Dp:
        return tr("DP");
    case Cp:
        return tr("CP");
    case Microbatch:
        return tr("µ-batch");
    case ShardingCol:
        return tr("Sharding");
    case RecomputeCol:
        return tr("Recompute");
    case Days:
        return tr("Days");
    case Mfu:
        return tr("MFU %");
    case TokensPerSPerGpu:
        return tr("Tok/s/GPU");
    case MemoryGB:
        return tr("GiB/GPU");
    case VsCurrent:
        return tr("vs current");
    default:
        return {};
    }
}

} // namespace cf
