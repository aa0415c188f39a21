#pragma once
// The deployment exports of a design (issue 17 item 4) behind one entry point,
// so the CLI's `export` and the GUI's File > Export offer the same four
// formats and the same errors.

#include "models/catalog/catalog.h"
#include "models/core/result.h"
#include "models/design/design.h"
#include "models/export/cabling_plan.h"

#include <string>
#include <vector>

namespace cf {

enum class ExportFormat { CablingCsv, SlurmTopology, SlurmBlock, Dot };

struct ExportFormatInfo {
    ExportFormat format;
    const char* name;       // the CLI's --format value: "cabling-csv"
    const char* title;      // a menu entry: "Cabling plan (CSV)"
    const char* fileSuffix; // default file name suffix: ".csv"
};

// The four formats, in menu order.
const std::vector<ExportFormatInfo>& exportFormats();
const ExportFormatInfo* exportFormatNamed(const std::string& name); // nullptr when unknown

// The file's bytes. A compact design (switch arrays, link bundles) is written
// as expandBundles makes it (bundle_expansion.h): every member its own device,
// and the hooks are asked about the expanded part ids. `hooks` feed the cabling plan's rack, medium and
// length columns (cabling_plan.h); the other formats ignore them.
Result<std::string> exportDesign(const Design& design, const Catalog& catalog, ExportFormat format,
                                 const CablingHooks& hooks = {});

} // namespace cf
