#include "widgets/whatif/search_results_model.h"

namespace cf {

namespace {
constexpr double kSecondsPerDay = 86400.0;
constexpr double kBytesPerGiB = 1073741824.0; // HBM is sold in GiB ("80 GB" = 80 GiB)
constexpr double kPercent = 100.0;

QString shardingName(Sharding s)
{
    switch (s) {
    case Sharding::DDP: return QStringLiteral("DDP");
    case Sharding::ZeRO1: return QStringLiteral("ZeRO-1");
    case Sharding::ZeRO2: return QStringLiteral("ZeRO-2");
    case Sharding::ZeRO3: return QStringLiteral("ZeRO-3");
    case Sharding::FSDPFull: return QStringLiteral("FSDP full");
    case Sharding::FSDPHybrid: return QStringLiteral("FSDP hybrid");
    }
    return {};
}

QString recomputeName(Recompute r)
{
    switch (r) {
    case Recompute::None: return QStringLiteral("none");
    case Recompute::Selective: return QStringLiteral("selective");
    case Recompute::Full: return QStringLiteral("full");
    }
    return {};
}
} // namespace

SearchResultsModel::SearchResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

void SearchResultsModel::setResults(std::vector<SearchResult> results)
{
    beginResetModel();
    results_ = std::move(results);
    endResetModel();
}

const SearchResult* SearchResultsModel::resultAt(int row) const
{
    return row >= 0 && row < int(results_.size()) ? &results_[std::size_t(row)] : nullptr;
}

int SearchResultsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(results_.size());
}

int SearchResultsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant SearchResultsModel::data(const QModelIndex& index, int role) const
{
    const SearchResult* r = index.isValid() ? resultAt(index.row()) : nullptr;
    if (!r)
        return {};
    const Parallelism& s = r->split;
    const Prediction& p = r->prediction;
    const int dp = p.gpus > 0 ? effectiveDp(s, p.gpus) : s.dp;
    if (role == Qt::TextAlignmentRole)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::UserRole)
        return {};
    const bool raw = role == Qt::UserRole;
    switch (index.column()) {
    case Rank: return index.row() + 1;
    case Tp: return s.tp;
    case Pp: return s.pp;
    case Vp: return s.vp;
    case Dp: return dp;
    case Cp: return s.cp;
    case Microbatch: return s.microbatch;
    case ShardingCol: return raw ? QVariant(int(s.sharding)) : QVariant(shardingName(s.sharding));
    case RecomputeCol: return raw ? QVariant(int(s.recompute)) : QVariant(recomputeName(s.recompute));
    case Days: {
        const double days = p.goodput.timeToTrainS / kSecondsPerDay;
        return raw ? QVariant(days) : QVariant(QString::number(days, 'f', 1));
    }
    case Mfu: return raw ? QVariant(p.mfu * kPercent) : QVariant(QString::number(p.mfu * kPercent, 'f', 1));
    case TokensPerSPerGpu:
        return raw ? QVariant(p.tokensPerSPerGpu) : QVariant(QString::number(p.tokensPerSPerGpu, 'f', 0));
    case MemoryGB: {
        const double gb = p.memory.totalBytes / kBytesPerGiB;
        return raw ? QVariant(gb) : QVariant(QString::number(gb, 'f', 1));
    }
    default: return {};
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
        case Rank: return tr("Rank by time to train: 1 = the fastest split found");
        case Tp: return tr("Tensor parallel: GPUs splitting every layer's matrices");
        case Pp: return tr("Pipeline parallel: pipeline stages, each on its own GPUs");
        case Vp: return tr("Virtual stages: interleaved pipeline chunks per GPU (1 = not interleaved)");
        case Dp: return tr("Data parallel: model replicas, GPUs = TP x PP x DP x CP");
        case Cp: return tr("Context parallel: GPUs sharing one sequence");
        case Microbatch: return tr("Micro-batch: sequences per GPU per pipeline step");
        case ShardingCol: return tr("How weights, gradients and optimizer state are spread over the data-parallel ranks");
        case RecomputeCol: return tr("Activation recomputation in the backward pass: none, selective (attention) or full");
        case Days: return tr("Time to train the workload's tokens, in days, including failures and checkpoints");
        case Mfu: return tr("Model FLOPs utilisation in % (PaLM definition) against the dense peak");
        case TokensPerSPerGpu: return tr("Training throughput per GPU, in tokens per second");
        case MemoryGB: return tr("Memory per GPU on the fullest pipeline stage, in GiB (2^30 bytes, the unit HBM is sold in)");
        default: return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Rank: return tr("Rank");
    case Tp: return tr("TP");
    case Pp: return tr("PP");
    case Vp: return tr("VP");
    case Dp: return tr("DP");
    case Cp: return tr("CP");
    case Microbatch: return tr("µ-batch");
    case ShardingCol: return tr("Sharding");
    case RecomputeCol: return tr("Recompute");
    case Days: return tr("Days");
    case Mfu: return tr("MFU %");
    case TokensPerSPerGpu: return tr("Tok/s/GPU");
    case MemoryGB: return tr("GiB/GPU");
    default: return {};
    }
}

} // namespace cf
