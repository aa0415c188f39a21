// Catalog::fromJson: reads catalog JSON into the catalog structs. Every figure
// is type- and range-checked; each problem names its JSON pointer
// ("/switches/3/radix"). Never throws, never lets NaN/inf through.
#include "models/catalog/catalog.h"
#include "models/catalog/catalog_entry_reader.h"
#include "models/core/name_suggestion.h"
#include "models/design/design_limits.h"
#include "models/design/link.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace cf {
namespace {

using nlohmann::json;

constexpr const char* kFormat = "clusterforge-catalog";
constexpr int kVersion = 1;

// Sanity ceilings for figures: limits::FileLimits (design_limits.h). Link
// speeds share the design file's bound, so a catalogued part never gives a
// link speed the design reader would refuse.
using FL = limits::FileLimits;
constexpr double kMaxTflops = FL::kMaxTflops;
constexpr double kMaxMemoryGB = FL::kMaxMemoryGB;
constexpr double kMaxGBps = FL::kMaxGBps;
constexpr double kMaxLinkGbps = FL::kMaxLinkGbps;
constexpr double kMaxPartPowerW = FL::kMaxPartPowerW;
constexpr double kMaxPriceUsd = FL::kMaxPriceUsd;
constexpr double kMaxCapacityTB = FL::kMaxCapacityTB;
constexpr int kMaxGpusPerNode = FL::kMaxGpusPerNode;
constexpr int kMaxNicsPerNode = FL::kMaxNicsPerNode;
constexpr int kMaxRadix = FL::kMaxRadix;
constexpr int kMaxRackUnits = FL::kMaxRackUnits;
constexpr double kMaxRackKw = FL::kMaxRackKw;
constexpr int kMaxPowerFeeds = FL::kMaxPowerFeeds;
constexpr int kMaxModelDim = FL::kMaxModelDim;
constexpr int kMaxLayers = FL::kMaxPresetLayers;
constexpr int kMaxExperts = FL::kMaxPresetExperts;
constexpr double kMaxParamsBillion = FL::kMaxParamsBillion;

// Follows the parser's events so that an error thrown mid-parse (a number
// that overflows a double) can still be reported at its JSON pointer.
class JsonPathTracker {
public:
    void onEvent(json::parse_event_t event, const json& parsed)
    {
        using E = json::parse_event_t;
        switch (event) {
        case E::object_start:
            frames_.push_back({false, 0, {}});
            break;
        case E::array_start:
            frames_.push_back({true, 0, {}});
            break;
        case E::key:
            if (!frames_.empty() && parsed.is_string())
                frames_.back().key = parsed.get<std::string>();
            break;
        case E::object_end:
        case E::array_end:
            if (!frames_.empty())
                frames_.pop_back();
            elementDone();
            break;
        case E::value:
            elementDone();
            break;
        }
    }
    std::string pointer() const
    {
        std::string out;
        for (const auto& f : frames_)
            out += "/" + (f.array ? std::to_string(f.next) : escapeJsonPointerToken(f.key));
        return out;
    }

private:
    void elementDone()
    {
        if (!frames_.empty() && frames_.back().array)
            ++frames_.back().next;
    }
    struct Frame {
        bool array;
        std::size_t next; // index of the element being parsed
        std::string key;  // last key seen in an object
    };
    std::vector<Frame> frames_;
};

void readCommon(CatalogEntryReader& r, std::string& id, std::string& name, std::string* vendor)
{
    r.text("id", id, true);
    r.text("name", name, true);
    if (vendor)
        r.text("vendor", *vendor, false, false);
}

bool readGpu(CatalogEntryReader& r, GpuSpec& g)
{
    readCommon(r, g.id, g.name, &g.vendor);
    r.text("arch", g.arch, false, false);
    r.texts("aliases", g.aliases, false);
    r.number("bf16Tflops", g.bf16Tflops, 0, kMaxTflops, true, true);
    r.number("fp8Tflops", g.fp8Tflops, 0, kMaxTflops, false);
    r.number("fp4Tflops", g.fp4Tflops, 0, kMaxTflops, false);
    r.number("hbmGB", g.hbmGB, 0, kMaxMemoryGB, true, true);
    r.number("hbmGBps", g.hbmGBps, 0, kMaxGBps, true, true);
    r.number("scaleUpGBpsPerDir", g.scaleUpGBpsPerDir, 0, kMaxGBps, true, true);
    r.number("powerW", g.powerW, 0, kMaxPartPowerW, true, true);
    r.number("priceUsd", g.priceUsd, 0, kMaxPriceUsd, false);
    r.provenance(g.provenance);
    return r.ok();
}

bool scaleUpFromString(const std::string& s, ScaleUp& out)
{
    for (ScaleUp v : {ScaleUp::NVSwitch, ScaleUp::PCIe, ScaleUp::InfinityFabric})
        if (s == toString(v)) {
            out = v;
            return true;
        }
    return false;
}

// "cooling": the least a rack must offer for this part; absent = air.
void readCooling(CatalogEntryReader& r, Cooling& out)
{
    std::string cooling;
    r.text("cooling", cooling, false);
    if (!cooling.empty() && !coolingFromString(cooling, out))
        r.error("cooling", "unknown cooling \"" + cooling + "\" (air, rear-door, liquid)");
}

bool readNode(CatalogEntryReader& r, NodeSpec& n)
{
    readCommon(r, n.id, n.name, &n.vendor);
    r.text("gpuId", n.gpuId, true);
    r.integer("gpus", n.gpus, 1, kMaxGpusPerNode, true);
    std::string scaleUp;
    r.text("scaleUp", scaleUp, true);
    if (!scaleUp.empty() && !scaleUpFromString(scaleUp, n.scaleUp))
        r.error("scaleUp", "unknown scale-up \"" + scaleUp + "\" (nvswitch, pcie, infinity-fabric)");
    r.integer("scaleUpDomainGpus", n.scaleUpDomainGpus, 1, kMaxGpusPerNode, true);
    r.integer("nics", n.nics, 0, kMaxNicsPerNode, true);
    r.number("nicGbps", n.nicGbps, 0, kMaxLinkGbps, true);
    r.text("nicId", n.nicId, false, false);
    r.number("maxPowerW", n.maxPowerW, 0, kMaxPartPowerW, true, true);
    r.number("nonGpuPowerW", n.nonGpuPowerW, 0, kMaxPartPowerW, true);
    r.number("priceUsd", n.priceUsd, 0, kMaxPriceUsd, false);
    r.integer("rackUnits", n.rackUnits, 0, kMaxRackUnits, false);
    readCooling(r, n.cooling);
    r.provenance(n.provenance);
    if (r.ok() && n.scaleUpDomainGpus > n.gpus)
        r.error("scaleUpDomainGpus", "scale-up domain of " + std::to_string(n.scaleUpDomainGpus) +
                                         " GPUs exceeds the node's " + std::to_string(n.gpus) + " GPUs");
    if (r.ok() && n.nics > 0 && n.nicGbps <= 0)
        r.error("nicGbps", "must be above 0 when the node has NICs");
    if (r.ok() && n.nonGpuPowerW >= n.maxPowerW)
        r.error("nonGpuPowerW", "must be below maxPowerW");
    return r.ok();
}

bool readNic(CatalogEntryReader& r, NicSpec& n)
{
    readCommon(r, n.id, n.name, &n.vendor);
    r.number("gbps", n.gbps, 0, kMaxLinkGbps, true, true);
    r.number("powerW", n.powerW, 0, kMaxPartPowerW, false);
    r.number("priceUsd", n.priceUsd, 0, kMaxPriceUsd, false);
    r.provenance(n.provenance);
    return r.ok();
}

bool readSwitch(CatalogEntryReader& r, SwitchSpec& s)
{
    readCommon(r, s.id, s.name, &s.vendor);
    std::string tech;
    r.text("tech", tech, true);
    if (tech == toString(FabricTech::InfiniBand))
        s.tech = FabricTech::InfiniBand;
    else if (tech == toString(FabricTech::Ethernet))
        s.tech = FabricTech::Ethernet;
    else if (!tech.empty())
        r.error("tech", "unknown fabric technology \"" + tech + "\" (infiniband, ethernet)");
    r.integer("radix", s.radix, 2, kMaxRadix, true);
    r.number("portGbps", s.portGbps, 0, kMaxLinkGbps, true, true);
    r.number("powerW", s.powerW, 0, kMaxPartPowerW, false);
    r.number("bufferMB", s.bufferMB, 0, kMaxMemoryGB, false);
    r.boolean("inNetworkReduction", s.inNetworkReduction, false);
    r.number("priceUsd", s.priceUsd, 0, kMaxPriceUsd, false);
    r.integer("rackUnits", s.rackUnits, 1, kMaxRackUnits, false);
    readCooling(r, s.cooling);
    r.provenance(s.provenance);
    return r.ok();
}

bool readStorage(CatalogEntryReader& r, StorageSpec& s)
{
    readCommon(r, s.id, s.name, &s.vendor);
    r.number("readGBps", s.readGBps, 0, kMaxGBps, true, true);
    r.number("writeGBps", s.writeGBps, 0, kMaxGBps, true, true);
    r.number("perClientGBps", s.perClientGBps, 0, kMaxGBps, false);
    r.number("capacityTB", s.capacityTB, 0, kMaxCapacityTB, true, true);
    r.number("powerW", s.powerW, 0, kMaxPartPowerW, false);
    r.number("priceUsd", s.priceUsd, 0, kMaxPriceUsd, false);
    r.integer("rackUnits", s.rackUnits, 1, kMaxRackUnits, false);
    readCooling(r, s.cooling);
    r.provenance(s.provenance);
    return r.ok();
}

bool readCable(CatalogEntryReader& r, CableSpec& c)
{
    readCommon(r, c.id, c.name, &c.vendor);
    r.text("medium", c.medium, true);
    Medium medium{};
    if (!c.medium.empty() && !mediumFromString(c.medium, medium))
        r.error("medium", "unknown medium \"" + c.medium + "\" (nvlink, dac, acc, aoc, fibre)");
    r.text("lengthClass", c.lengthClass, true);
    LengthClass length{};
    if (!c.lengthClass.empty() && !lengthClassFromString(c.lengthClass, length))
        r.error("lengthClass", "unknown length class \"" + c.lengthClass + "\" (in-rack, in-row, campus)");
    r.number("gbps", c.gbps, 0, kMaxLinkGbps, true, true);
    r.number("powerW", c.powerW, 0, kMaxPartPowerW, false);
    r.number("priceUsd", c.priceUsd, 0, kMaxPriceUsd, false);
    r.provenance(c.provenance);
    return r.ok();
}

bool readRack(CatalogEntryReader& r, RackSpec& k)
{
    readCommon(r, k.id, k.name, &k.vendor);
    r.integer("rackUnits", k.rackUnits, 1, kMaxRackUnits, true);
    r.number("powerLimitKw", k.powerLimitKw, 0, kMaxRackKw, true, true);
    std::string cooling;
    r.text("cooling", cooling, true);
    if (!cooling.empty() && !coolingFromString(cooling, k.cooling))
        r.error("cooling", "unknown cooling \"" + cooling + "\" (air, rear-door, liquid)");
    r.integer("powerFeeds", k.powerFeeds, 0, kMaxPowerFeeds, false);
    r.number("pduPriceUsd", k.pduPriceUsd, 0, kMaxPriceUsd, false);
    r.number("priceUsd", k.priceUsd, 0, kMaxPriceUsd, false);
    r.provenance(k.provenance);
    return r.ok();
}

bool readPreset(CatalogEntryReader& r, ModelPreset& p, Problems& problems)
{
    readCommon(r, p.id, p.name, nullptr);
    p.shape.preset = p.id;
    if (const json* shape = r.find("shape", true)) {
        if (!shape->is_object()) {
            r.error("shape", "must be an object");
        } else {
            CatalogEntryReader s(*shape, r.pointer() + "/shape", problems);
            ModelShape& m = p.shape;
            s.integer("layers", m.layers, 1, kMaxLayers, true);
            s.integer("hidden", m.hidden, 1, kMaxModelDim, true);
            s.integer("heads", m.heads, 1, kMaxModelDim, true);
            s.integer("kvHeads", m.kvHeads, 1, kMaxModelDim, true);
            s.integer("ffn", m.ffn, 1, kMaxModelDim, true);
            s.boolean("gatedFfn", m.gatedFfn, true);
            s.integer("vocab", m.vocab, 1, kMaxModelDim, true);
            s.boolean("tiedEmbeddings", m.tiedEmbeddings, false);
            s.integer("experts", m.experts, 1, kMaxExperts, false);
            s.integer("expertsPerToken", m.expertsPerToken, 1, kMaxExperts, false);
            // Mixture-of-experts and attention extensions (absent = dense defaults).
            s.integer("expertFfn", m.expertFfn, 0, kMaxModelDim, false);
            s.integer("sharedExperts", m.sharedExperts, 0, kMaxExperts, false);
            s.integer("sharedExpertFfn", m.sharedExpertFfn, 0, kMaxModelDim, false);
            s.integer("denseLayers", m.denseLayers, 0, kMaxLayers, false);
            s.integer("moeLayerFrequency", m.moeLayerFrequency, 1, kMaxLayers, false);
            s.integer("headDim", m.headDim, 0, kMaxModelDim, false);
            s.integer("qLoraRank", m.qLoraRank, 0, kMaxModelDim, false);
            s.integer("kvLoraRank", m.kvLoraRank, 0, kMaxModelDim, false);
            s.integer("qkRopeHeadDim", m.qkRopeHeadDim, 0, kMaxModelDim, false);
            s.integer("qkNopeHeadDim", m.qkNopeHeadDim, 0, kMaxModelDim, false);
            s.integer("vHeadDim", m.vHeadDim, 0, kMaxModelDim, false);
            s.integer("slidingWindowLayers", m.slidingWindowLayers, 0, kMaxLayers, false);
            s.integer("slidingWindow", m.slidingWindow, 0, kMaxModelDim, false);
            s.integer("mtpLayers", m.mtpLayers, 0, kMaxLayers, false);
            if (s.ok() && (m.kvHeads > m.heads || m.heads % m.kvHeads != 0))
                s.error("kvHeads", "must divide heads (" + std::to_string(m.heads) + ")");
            if (s.ok() && m.expertsPerToken > m.experts)
                s.error("expertsPerToken", "must not exceed experts (" + std::to_string(m.experts) + ")");
            s.warnUnknownKeys();
            for (const auto& [key, value] : shape->items())
                r.allowEstimated(key);
            if (!s.ok())
                r.error("shape", "invalid model shape");
        }
    }
    r.integer("seqLen", p.seqLen, 1, kMaxModelDim, true);
    r.number("paramsBillion", p.paramsBillion, 0, kMaxParamsBillion, false);
    r.integer("globalBatchSeqs", p.globalBatchSeqs, 1, kMaxModelDim, false);
    r.text("globalBatchSource", p.globalBatchSource, false);
    if (p.globalBatchSeqs > 0 && p.globalBatchSource.empty())
        r.error("globalBatchSource", "required with globalBatchSeqs: where the batch is published");
    if (p.globalBatchSeqs == 0 && !p.globalBatchSource.empty())
        r.error("globalBatchSeqs", "required with globalBatchSource");
    r.provenance(p.provenance);
    return r.ok();
}

// Reads one section (array of entries) into `out`; a later entry with an
// id already present replaces the earlier one.
template <typename Spec, typename ReadFn>
bool readSection(const json& root, const char* section, std::vector<Spec>& out, Problems& problems,
                 ReadFn readFn)
{
    auto it = root.find(section);
    if (it == root.end())
        return true; // any subset of sections is allowed (user overlays)
    const std::string ptr = std::string("/") + section;
    if (!it->is_array()) {
        problems.push_back({Severity::Error, ptr, "must be an array", {}});
        return false;
    }
    bool ok = true;
    for (std::size_t i = 0; i < it->size(); ++i) {
        const json& entry = (*it)[i];
        const std::string entryPtr = ptr + "/" + std::to_string(i);
        if (!entry.is_object()) {
            problems.push_back({Severity::Error, entryPtr, "must be an object", {}});
            ok = false;
            continue;
        }
        CatalogEntryReader r(entry, entryPtr, problems);
        Spec spec;
        const bool read = readFn(r, spec);
        // Also for an entry that failed: a misspelt required field is both
        // "missing" and an unknown key, and the suggestion names the fix.
        r.warnUnknownKeys();
        if (!read) {
            ok = false;
            continue;
        }
        bool replaced = false;
        for (auto& existing : out)
            if (existing.id == spec.id) {
                problems.push_back({Severity::Warning,
                                    entryPtr + "/id",
                                    "duplicate id \"" + spec.id + "\" replaces the earlier entry",
                                    {}});
                existing = std::move(spec);
                replaced = true;
                break;
            }
        if (!replaced)
            out.push_back(std::move(spec));
    }
    return ok;
}

} // namespace

Result<Catalog> Catalog::fromJson(std::string_view text)
{
    Problems probs;
    json root;
    JsonPathTracker tracker;
    try {
        root =
            json::parse(text.begin(), text.end(), [&tracker](int, json::parse_event_t event, json& parsed) {
                tracker.onEvent(event, parsed);
                return true;
            });
    } catch (const json::out_of_range& e) {
        // A number too large for a double (1e400): name the field it was for.
        probs.push_back(
            {Severity::Error, tracker.pointer(), std::string("number out of range: ") + e.what(), {}});
        return Result<Catalog>::failure(std::move(probs));
    } catch (const json::parse_error& e) {
        const std::string near = tracker.pointer();
        probs.push_back(
            {Severity::Error,
             "",
             std::string("not valid JSON") + (near.empty() ? "" : " (near " + near + ")") + ": " + e.what(),
             {}});
        return Result<Catalog>::failure(std::move(probs));
    } catch (const std::exception& e) {
        probs.push_back(
            {Severity::Error, tracker.pointer(), std::string("cannot read JSON: ") + e.what(), {}});
        return Result<Catalog>::failure(std::move(probs));
    }
    if (!root.is_object()) {
        probs.push_back({Severity::Error, "", "top level must be an object", {}});
        return Result<Catalog>::failure(std::move(probs));
    }
    auto format = root.find("format");
    if (format == root.end() || !format->is_string() || format->get<std::string>() != kFormat) {
        probs.push_back({Severity::Error, "/format", std::string("must be \"") + kFormat + "\"", {}});
        return Result<Catalog>::failure(std::move(probs));
    }
    auto version = root.find("version");
    if (version == root.end() || !version->is_number_integer()) {
        probs.push_back({Severity::Error, "/version", "missing or not a whole number", {}});
        return Result<Catalog>::failure(std::move(probs));
    }
    if (version->get<std::int64_t>() != kVersion) {
        probs.push_back({Severity::Error,
                         "/version",
                         "unsupported catalog version " + version->dump() + " (this build reads version " +
                             std::to_string(kVersion) + ")",
                         {}});
        return Result<Catalog>::failure(std::move(probs));
    }
    static const std::vector<std::string> kSections{"format",   "version", "gpus",   "nodes",   "nics",
                                                    "switches", "storage", "cables", "presets", "racks"};
    for (const auto& [key, value] : root.items())
        if (std::find(kSections.begin(), kSections.end(), key) == kSections.end())
            probs.push_back({Severity::Warning,
                             "/" + escapeJsonPointerToken(key),
                             "unknown section \"" + key + "\" ignored" + didYouMean(key, kSections),
                             {}});

    Catalog c;
    bool ok = true;
    ok &= readSection(root, "gpus", c.gpus_, probs, readGpu);
    ok &= readSection(root, "nodes", c.nodes_, probs, readNode);
    ok &= readSection(root, "nics", c.nics_, probs, readNic);
    ok &= readSection(root, "switches", c.switches_, probs, readSwitch);
    ok &= readSection(root, "storage", c.storages_, probs, readStorage);
    ok &= readSection(root, "cables", c.cables_, probs, readCable);
    ok &= readSection(root, "racks", c.racks_, probs, readRack);
    ok &= readSection(root, "presets", c.presets_, probs,
                      [&probs](CatalogEntryReader& r, ModelPreset& p) { return readPreset(r, p, probs); });
    if (!ok)
        return Result<Catalog>::failure(std::move(probs));
    return {std::move(c), std::move(probs)};
}

} // namespace cf
