#pragma once
// The hardware catalog: parts the palette offers and the engine reads figures
// from. Loaded from resources/catalog.json, then overridden or extended by the
// user's catalog file. Every entry keeps its source; a figure that had to be
// estimated is listed in `estimated` with the reason.

#include "models/core/problem.h"
#include "models/core/result.h"
#include "models/design/workload.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cf {

// Provenance of one catalog entry.
struct Provenance {
    std::string source;                           // where the figures were read
    std::map<std::string, std::string> estimated; // field -> why / how estimated
};

enum class ScaleUp { NVSwitch, PCIe, InfinityFabric };
// How a rack removes heat, in rising capability: a part that needs a given
// cooling fits a rack with that cooling or a more capable one.
enum class Cooling { Air, RearDoor, Liquid };
enum class FabricTech { InfiniBand, Ethernet };

struct GpuSpec {
    std::string id, name, vendor, arch; // arch: "Ampere", "Hopper", "Blackwell", "CDNA3", "Ada"
    double bf16Tflops = 0;              // dense
    double fp8Tflops = 0;               // dense; 0 = no FP8
    double fp4Tflops = 0;               // dense NVFP4/MXFP4; 0 = no FP4 tensor cores
    double hbmGB = 0;   // as marketed ("80 GB"), which is GiB: bytes = hbmGB * 2^30 (memory_model.h)
    double hbmGBps = 0; // memory bandwidth, gigabytes per second
    double scaleUpGBpsPerDir = 0; // NVLink (or PCIe) bandwidth per GPU per direction, GB/s, NCCL model
    double powerW = 0;            // TDP
    double priceUsd = 0;          // 0 = unknown
    Provenance provenance;
    // Other names the GPU goes by in published tables ("H100-SXM5-80GB"), for
    // runs files (Catalog::findGpu); added for issue 25 item 6.
    std::vector<std::string> aliases;
};

struct NodeSpec {
    std::string id, name, vendor;
    std::string gpuId;
    int gpus = 8;
    ScaleUp scaleUp = ScaleUp::NVSwitch;
    int scaleUpDomainGpus = 8; // GPUs sharing one NVLink domain (72 for NVL72)
    int nics = 8;              // compute-fabric NICs
    double nicGbps = 400;      // per NIC, gigabits per second
    std::string nicId;
    double maxPowerW = 0;    // whole node at full load (provisioning)
    double nonGpuPowerW = 0; // CPUs, memory, fans, NICs: node power minus GPUs at TDP
    double priceUsd = 0;
    int rackUnits = 0;
    Cooling cooling = Cooling::Air; // the least a rack must offer (NVL72: liquid)
    Provenance provenance;
};

struct NicSpec {
    std::string id, name, vendor;
    double gbps = 400;
    double powerW = 0;
    double priceUsd = 0;
    Provenance provenance;
};

struct SwitchSpec {
    std::string id, name, vendor;
    FabricTech tech = FabricTech::InfiniBand;
    int radix = 64; // ports at portGbps
    double portGbps = 400;
    double powerW = 0;               // without optics
    double bufferMB = 0;             // packet buffer, megabytes
    bool inNetworkReduction = false; // SHARP
    double priceUsd = 0;
    int rackUnits = 1;
    Cooling cooling = Cooling::Air;
    Provenance provenance;
};

struct StorageSpec {
    std::string id, name, vendor;
    double readGBps = 0; // aggregate the system delivers, GB/s
    double writeGBps = 0;
    double perClientGBps = 0; // ceiling for one client node, 0 = none
    double capacityTB = 0;
    double powerW = 0;
    double priceUsd = 0;
    int rackUnits = 2;
    Cooling cooling = Cooling::Air;
    Provenance provenance;
};

// A rack type: the enclosure with its power feeds and cooling.
struct RackSpec {
    std::string id, name, vendor;
    int rackUnits = 42;      // usable height, U (1U = 44.45 mm, EIA-310)
    double powerLimitKw = 0; // IT load its power feeds and cooling carry, kilowatts
    Cooling cooling = Cooling::Air;
    int powerFeeds = 2;     // PDUs per rack
    double pduPriceUsd = 0; // per PDU
    double priceUsd = 0;    // enclosure (with its door or manifold)
    Provenance provenance;
};

struct CableSpec {
    std::string id, name, vendor;
    std::string medium;      // "dac", "aoc", "fibre", "nvlink": design Medium names
    std::string lengthClass; // "in-rack", "in-row", "campus"
    double gbps = 400;
    double powerW = 0; // per cable including both ends' optics
    double priceUsd = 0;
    Provenance provenance;
};

struct ModelPreset {
    std::string id, name;
    ModelShape shape;
    int seqLen = 4096;
    double paramsBillion = 0; // as published, for display
    // The global batch the model's paper or report trained with, in sequences
    // of seqLen tokens (its final batch where the batch ramps up); 0 = not
    // published. globalBatchSource says where it is stated.
    int globalBatchSeqs = 0;
    std::string globalBatchSource;
    Provenance provenance;
};

class Catalog {
public:
    // Parse catalog JSON text. Problems name the JSON pointer. Entries with a
    // duplicate id replace the earlier one (that is how the user file overrides).
    static Result<Catalog> fromJson(std::string_view text);
    // Merge another catalog over this one: same id replaces, new id adds.
    void merge(const Catalog& other);

    // The built-in catalog (resources/catalog.json) merged with the user's file
    // (QStandardPaths::AppConfigLocation/catalog.json) if present. Cached.
    static const Catalog& builtin();
    // Problems met while loading builtin(): a broken user file is reported
    // here (and ignored) while the built-in catalog stays usable.
    static const Problems& builtinProblems();
    // Load from explicit files (for tests and the CLI): base then overlay ("" = none).
    // No value only when the base fails; a broken overlay is reported in
    // problems() (errors too) and ignored as a whole (the base is returned).
    static Result<Catalog> load(const std::string& basePath, const std::string& userPath);

    const GpuSpec* gpu(std::string_view id) const;
    // By id, name or one of its aliases, ignoring case; nullptr when none matches.
    const GpuSpec* findGpu(std::string_view idOrName) const;
    const NodeSpec* node(std::string_view id) const;
    const NicSpec* nic(std::string_view id) const;
    const SwitchSpec* switchSpec(std::string_view id) const;
    const StorageSpec* storage(std::string_view id) const;
    const CableSpec* cable(std::string_view id) const;
    const RackSpec* rack(std::string_view id) const;
    const ModelPreset* preset(std::string_view id) const;

    const std::vector<GpuSpec>& gpus() const { return gpus_; }
    const std::vector<NodeSpec>& nodes() const { return nodes_; }
    const std::vector<NicSpec>& nics() const { return nics_; }
    const std::vector<SwitchSpec>& switches() const { return switches_; }
    const std::vector<StorageSpec>& storages() const { return storages_; }
    const std::vector<CableSpec>& cables() const { return cables_; }
    const std::vector<RackSpec>& racks() const { return racks_; }
    const std::vector<ModelPreset>& presets() const { return presets_; }

private:
    std::vector<GpuSpec> gpus_;
    std::vector<NodeSpec> nodes_;
    std::vector<NicSpec> nics_;
    std::vector<SwitchSpec> switches_;
    std::vector<StorageSpec> storages_;
    std::vector<CableSpec> cables_;
    std::vector<RackSpec> racks_;
    std::vector<ModelPreset> presets_;
};

const char* toString(ScaleUp scaleUp);
const char* toString(FabricTech tech);
const char* toString(Cooling cooling); // "air", "rear-door", "liquid"
bool coolingFromString(const std::string& text, Cooling& out);

} // namespace cf
