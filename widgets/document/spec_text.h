#pragma once
// One-line descriptions of catalog entries with units, shared by the canvas
// labels, the palette tooltips and the inspector ("8× H100 SXM · 8× 400 Gb/s
// NICs · 10.2 kW max").

#include "models/catalog/catalog.h"
#include "models/design/link.h"
#include "models/validate/link_rules.h"

#include <QString>

namespace cf::spec {

// Name without a leading vendor word ("NVIDIA DGX H100" -> "DGX H100").
QString shortName(const std::string& name, const std::string& vendor);
QString gpuLine(const NodeSpec& node, const Catalog& catalog);     // "8× H100 SXM"
QString nodeSummary(const NodeSpec& node, const Catalog& catalog); // GPUs · NICs · power
QString switchSummary(const SwitchSpec& sw);                       // "64× 400 Gb/s · InfiniBand · …"
QString storageSummary(const StorageSpec& st);                     // read/write GB/s · TB
QString nicSummary(const NicSpec& nic);
QString cableSummary(const CableSpec& cable);
QString linkLabel(const Link& link, int cables); // "400 Gb/s · fibre · 8 cables"
QString formatNumber(double value, int maxDecimals = 1);
QString bandwidthText(double gbps); // "400 Gb/s", "3.2 Tb/s"
// The inspector's lines for a link: "8 × 400 Gb/s = 3.2 Tb/s" and the node
// end's share of its NICs ("" when no end is a catalogued node with NICs).
QString linkBandwidthText(const LinkCapacity& capacity);
QString nicShareText(const LinkCapacity& capacity);

} // namespace cf::spec
