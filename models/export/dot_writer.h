#pragma once
// The design as a Graphviz graph (DOT), for NVIDIA Air / UFM-style viewers and
// `dot -Tsvg`: switch tiers as ranks (cores on top, then spines, leaves; nodes
// and storage below), node groups as clusters with one box per member.
//
// Readable for big designs: a node group of more than kDotCollapseAbove
// members is drawn as one box labelled with its count and hostlist
// ("SU 1 / 32 x DGX B200 / gpu[001-032]") instead of a cluster, and each link
// is one edge labelled with its cables ("32 x 400G") rather than one edge per
// cable. Edge labels are xlabels, placed after the layout, so that hundreds of
// labelled leaf-spine edges do not widen the ranks; switches show name and
// device name, their model in the tooltip.

#include "models/catalog/catalog.h"
#include "models/core/result.h"
#include "models/design/design.h"

#include <string>

namespace cf {

// Largest node group drawn member by member (our choice: 8 boxes stay legible
// side by side; a 32-node scalable unit would not).
inline constexpr int kDotCollapseAbove = 8;

// Errors: bad device name patterns (DeviceNamer).
Result<std::string> designToDot(const Design& design, const Catalog& catalog,
                                int collapseAbove = kDotCollapseAbove);

} // namespace cf
