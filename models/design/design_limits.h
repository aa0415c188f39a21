#pragma once
// Every numeric bound on a design or catalog, in one place and two tiers:
//
//  - FileLimits: what a design or catalog file may hold. The readers refuse
//    anything beyond: such a value is a typo or an attack, not a cluster.
//    Set far above real designs so that an odd but honest file still opens.
//  - DesignLimits: what a valid design may hold. The validator reports
//    anything beyond as an error naming the field; the inspector refuses it.
//
// A value between the tiers loads, then fails validation with a message, so
// the user can fix it. DesignLimits <= FileLimits is checked below.
// All bounds are our choice unless a source is given.

namespace cf::limits {

struct FileLimits {
    // Parts and links (design file).
    static constexpr long long kMaxGroupCount = 100000;   // nodes in one group
    static constexpr long long kMaxTotalNodes = 1048576;  // 2^20: every node has >= 1 GPU
    static constexpr long long kMaxSplitDegree = 1048576; // any of tp/pp/vp/dp/cp/ep <= GPUs
    static constexpr double kMaxPosition = 1e7;           // scene units, either sign
    static constexpr double kMaxLinkGbps = 1e6;           // 1 Pb/s per cable (design and catalog)
    static constexpr long long kMaxCablesPerMember = 1048576;
    // Racks and placements (design file, version 2).
    static constexpr long long kMaxRacks = 1048576; // one per node at the node bound
    static constexpr long long kMaxRows = 1048576;
    static constexpr long long kMaxSlotsPerRow = 1048576;
    static constexpr long long kMaxPlacements = 4194304; // a few per rack
    static constexpr long long kMaxUPosition = 100;      // = kMaxRackUnits
    // Workload (design file).
    static constexpr long long kMaxLayers = 100000;
    static constexpr long long kMaxHidden = 1 << 20;
    static constexpr long long kMaxHeads = 1 << 16;
    static constexpr long long kMaxFfn = 1 << 22;
    static constexpr long long kMaxVocab = 1 << 24;
    static constexpr long long kMaxExperts = 1 << 16;
    static constexpr double kMaxExpertImbalance = 1e6; // busiest expert / balanced share
    static constexpr long long kMaxSeqLen = 1 << 30;
    static constexpr long long kMaxBatchSeqs = 1 << 30;
    static constexpr double kMaxTokens = 1e18;
    // Economics (design file).
    static constexpr double kMaxUsdPerKwh = 1000.0;
    static constexpr double kMaxPue = 100.0;
    static constexpr double kMaxYears = 1000.0;
    static constexpr double kMaxUsd = 1e12;
    static constexpr double kMaxFraction = 100.0;
    // Catalog file: far above any real part, low enough to catch unit
    // mistakes such as watts typed as milliwatts.
    static constexpr double kMaxTflops = 1e5;
    static constexpr double kMaxMemoryGB = 1e5;
    static constexpr double kMaxGBps = 1e6;
    static constexpr double kMaxPartPowerW = 1e7;
    static constexpr double kMaxPriceUsd = 1e10;
    static constexpr double kMaxCapacityTB = 1e9;
    static constexpr int kMaxGpusPerNode = 1024;
    static constexpr int kMaxNicsPerNode = 1024;
    static constexpr int kMaxRadix = 4096;
    static constexpr int kMaxRackUnits = 100;
    static constexpr double kMaxRackKw = 10000.0; // 10 MW: a unit mistake (W typed as kW) shows
    static constexpr int kMaxPowerFeeds = 64;
    static constexpr int kMaxModelDim = 10'000'000; // preset hidden/heads/ffn/vocab/seqLen
    static constexpr int kMaxPresetLayers = 100'000;
    static constexpr int kMaxPresetExperts = 100'000;
    static constexpr double kMaxParamsBillion = 1e6;
};

struct DesignLimits {
    // Parts and links.
    static constexpr int kMaxGroupCount = 100000; // nodes in one group (issue 7)
    // Switches in one switch array (issue 19): a whole tier at the GPU bound,
    // 2^20 GPUs / 16 node ports per leaf (radix-32 leaves), our choice.
    static constexpr int kMaxSwitchesInArray = 65536;
    static constexpr long long kMaxTotalGpus = 1LL << 20; // 1,048,576: beyond any cluster we model
    static constexpr double kMaxLinkGbps = 3200.0; // 4x the fastest port catalogued (800G XDR, refdata §4.3)
    static constexpr int kMaxCablesPerMember = 1024; // a switch-to-switch bundle; nodes have <= 16 NICs
    static constexpr double kMaxPosition = 1e7;      // scene units, either sign (as the file)
    // Split: any degree (tp/pp/vp/cp/dp/ep/etp, the job's GPUs) is at most the GPUs.
    static constexpr long long kMaxSplitDegree = kMaxTotalGpus;
    // Fabric generator: nodes it lays out (one node group), switch tiers (four reach
    // k^4/8 = 2,097,152 endpoints at k = 64, past every published cluster) and a
    // spine-leaf leaf's down:up oversubscription (3:1 is the usual frontend ratio,
    // refdata §4.2); our choice.
    static constexpr int kMaxGeneratedNodes = kMaxGroupCount;
    static constexpr int kMaxSwitchTiers = 4;
    static constexpr double kMaxOversubscription = 16.0;
    // Racks.
    static constexpr int kMaxRacks = 100000; // ~1.6M GPUs at 16 per rack: beyond kMaxTotalGpus
    static constexpr int kMaxRows = 10000;
    static constexpr int kMaxSlotsPerRow = 1000; // a 600 m row: beyond any data hall
    static constexpr double kMaxRackKw =
        1000.0; // 1 MW per rack: ~7x the densest liquid rack catalogued (140 kW)
    // Workload. The model's shape may be anything a file holds; the engine's
    // shape checks explain what is inconsistent inside these bounds.
    static constexpr int kMaxLayers = FileLimits::kMaxLayers;
    static constexpr int kMaxHidden = FileLimits::kMaxHidden;
    static constexpr int kMaxHeads = FileLimits::kMaxHeads;
    static constexpr int kMaxFfn = FileLimits::kMaxFfn;
    static constexpr int kMaxVocab = FileLimits::kMaxVocab;
    static constexpr int kMaxExperts = FileLimits::kMaxExperts;
    static constexpr int kMaxGlobalBatchSeqs = 1 << 24; // 16M sequences: ~8,000x Llama 3's 2,048
    static constexpr int kMaxSeqLen = 10000000;         // 10M tokens: beyond published long-context training
    static constexpr double kMaxTokensToTrain = 1e18;   // ~60x Llama 3's 15T; beyond that is a typo
    // Busiest expert's tokens over the balanced share: at most every token of the
    // micro-batch on one expert, i.e. experts / top-k (checked per design).
    static constexpr double kMinExpertImbalance = 1.0;
    // Economics. A price, a count or a fraction is not negative; years of
    // ownership and GPUs per engineer must also be above 0 (the validator's rule).
    static constexpr double kMinPrice = 0.0;
    static constexpr double kMaxUsdPerKwh =
        10.0; // ~125x the $0.08 US industrial price (refdata §6); our choice
    static constexpr double kMaxUsd = FileLimits::kMaxUsd;                // no tighter bound means anything
    static constexpr double kMinOwnershipYears = 0.0;                     // exclusive
    static constexpr double kMinGpusPerOpsEngineer = 0.0;                 // exclusive
    static constexpr double kMaxGpusPerOpsEngineer = FileLimits::kMaxUsd; // the file's bound
    static constexpr double kMinMaintenanceFraction = 0.0;
    static constexpr double kMinPue = 1.0; // PUE = facility / IT power, >= 1 by definition
    static constexpr double kMaxPue = 3.0; // ~2x the 1.58 industry average (refdata §6)
    static constexpr double kMaxOwnershipYears = 30.0;
    static constexpr double kMaxMaintenanceFraction = 1.0; // of capital per year
};

// A valid design must always fit in a file.
static_assert(DesignLimits::kMaxGroupCount <= FileLimits::kMaxGroupCount);
static_assert(DesignLimits::kMaxSwitchesInArray <= FileLimits::kMaxGroupCount);
static_assert(DesignLimits::kMaxLinkGbps <= FileLimits::kMaxLinkGbps);
static_assert(DesignLimits::kMaxCablesPerMember <= FileLimits::kMaxCablesPerMember);
static_assert(DesignLimits::kMaxPosition <= FileLimits::kMaxPosition);
static_assert(DesignLimits::kMaxRacks <= FileLimits::kMaxRacks);
static_assert(DesignLimits::kMaxRows <= FileLimits::kMaxRows);
static_assert(DesignLimits::kMaxSlotsPerRow <= FileLimits::kMaxSlotsPerRow);
static_assert(DesignLimits::kMaxRackKw <= FileLimits::kMaxRackKw);
static_assert(DesignLimits::kMaxSeqLen <= FileLimits::kMaxSeqLen);
static_assert(DesignLimits::kMaxGlobalBatchSeqs <= FileLimits::kMaxBatchSeqs);
static_assert(DesignLimits::kMaxSplitDegree <= FileLimits::kMaxSplitDegree);
static_assert(DesignLimits::kMaxGeneratedNodes <= FileLimits::kMaxGroupCount);
static_assert(DesignLimits::kMaxTokensToTrain <= FileLimits::kMaxTokens);
static_assert(DesignLimits::kMaxPue <= FileLimits::kMaxPue);
static_assert(DesignLimits::kMaxOwnershipYears <= FileLimits::kMaxYears);
static_assert(DesignLimits::kMaxMaintenanceFraction <= FileLimits::kMaxFraction);
static_assert(DesignLimits::kMaxUsdPerKwh <= FileLimits::kMaxUsdPerKwh);

} // namespace cf::limits
