#pragma once
// Plain rows the design store reads and writes. Listing rows carry the
// headline predictions as columns so a browser can list thousands of variants
// without loading a single design document.

#include <QByteArray>
#include <QDateTime>
#include <QString>

#include <optional>

namespace cf {

// Headline predictions stored beside each variant for fast listing. The GUI and
// the CLI fill it from the engine's prediction; every field may be unknown
// (NULL in the database). Non-finite values are refused when saving.
struct Headline {
    std::optional<int> gpus;
    std::optional<double> mfu;             // model FLOPs utilisation, 0..1
    std::optional<double> tokensPerS;      // training tokens per second, whole cluster
    std::optional<double> stepTimeS;       // seconds per optimizer step
    std::optional<double> timeToTrainDays; // wall-clock days for workload.tokensToTrain
    std::optional<double> powerKw;         // facility power, kilowatts
    std::optional<double> capexUsd;        // capital cost, US dollars
    std::optional<double> opexUsdPerYear;  // operating cost, US dollars per year
    std::optional<double> totalCostUsd; // the training run when owning: capex share over the run + opex over
                                        // the run (Prediction::cost.totalCostUsd)

    bool operator==(const Headline&) const = default;
};

// Ids a save created.
struct SavedIds {
    qint64 designId = 0;
    qint64 variantId = 0;
};

struct DesignRow {
    qint64 id = 0;
    QString name;
    QDateTime created;  // UTC
    QDateTime modified; // UTC: last save of any of its variants, or rename
    int variantCount = 0;
};

struct VariantRow {
    qint64 id = 0;
    qint64 designId = 0;
    std::optional<qint64> parentId; // nullopt for a root variant
    QString designName;
    QString name;
    QString note;
    QDateTime created; // UTC
    Headline headline;
};

// The autosaved working copy (one slot) for crash recovery.
struct WorkingCopyRow {
    QByteArray document;             // design JSON (UTF-8) as saved; load with loadDesignJson
    std::optional<qint64> variantId; // the saved variant it was edited from, if any
    QDateTime saved;                 // UTC
};

} // namespace cf
