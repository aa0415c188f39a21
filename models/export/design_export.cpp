#include "models/export/design_export.h"

#include "models/racks/bundle_expansion.h"

#include "models/export/dot_writer.h"
#include "models/export/rack_cabling.h"
#include "models/export/slurm_topology.h"

namespace cf {

const std::vector<ExportFormatInfo>& exportFormats()
{
    static const std::vector<ExportFormatInfo> formats{
        {ExportFormat::CablingCsv, "cabling-csv", "Cabling plan (CSV)", ".csv"},
        {ExportFormat::SlurmTopology, "slurm-topology", "Slurm topology.conf (tree)", ".conf"},
        {ExportFormat::SlurmBlock, "slurm-block", "Slurm topology.yaml (block)", ".yaml"},
        {ExportFormat::Dot, "dot", "Graphviz DOT", ".dot"},
    };
    return formats;
}

const ExportFormatInfo* exportFormatNamed(const std::string& name)
{
    for (const ExportFormatInfo& f : exportFormats())
        if (name == f.name)
            return &f;
    return nullptr;
}

Result<std::string> exportDesign(const Design& design, const Catalog& catalog, ExportFormat format,
                                 const CablingHooks& hooks)
{
    // Issue 19: a compact design (switch arrays, link bundles) exports as its
    // expansion, one device per member, so it writes what its hand-drawn twin writes.
    if (isCompact(design)) {
        Result<Design> expanded = expandBundles(design, catalog);
        if (!expanded)
            return Result<std::string>::failure(expanded.problems());
        return exportDesign(*expanded, catalog, format, hooks);
    }
    switch (format) {
    case ExportFormat::CablingCsv: {
        // A placed design's racks, U, lengths and media, unless the caller set its own hooks.
        const bool placed = !design.placements.empty() && !hooks.locate && !hooks.media;
        Result<std::vector<CableRow>> rows =
            buildCablingPlan(design, catalog, placed ? rackCablingHooks(design, catalog) : hooks);
        if (!rows)
            return Result<std::string>::failure(rows.problems());
        return Result<std::string>(cablingPlanToCsv(*rows), rows.problems());
    }
    case ExportFormat::SlurmTopology:
        return slurmTreeTopology(design, catalog);
    case ExportFormat::SlurmBlock:
        return slurmBlockTopology(design, catalog);
    case ExportFormat::Dot:
        return designToDot(design, catalog);
    }
    return Result<std::string>::failure({{Severity::Error, "format", "unknown export format", {}}});
}

} // namespace cf
