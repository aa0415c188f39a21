#pragma once
// Writers for a bill of materials: CSV (RFC 4180) and JSON. Kept apart from
// the BOM itself so that nlohmann/json stays in one translation unit.

#include "models/bom/bill_of_materials.h"

#include <string>
#include <string_view>

namespace cf {

// RFC 4180: a field containing a comma, a double quote, CR or LF is enclosed
// in double quotes and its quotes are doubled; other fields are written as is.
std::string csvField(std::string_view text);

// Header row, one row per line, then a "TOTAL" row (kind "total") whose
// extended price and total power are the BOM's totals. Lines end in CRLF as
// RFC 4180 says. Money and power are printed with two decimals.
std::string bomToCsv(const BillOfMaterials& bom);

// {"lines": [{"item_id", "name", "vendor", "kind", "quantity", "unit_price_usd",
//   "extended_price_usd", "unit_power_w", "total_power_w", "included_in",
//   "price_source", "note"}...], "total_usd", "total_power_w",
//   "problems": [{"severity", "field", "message", "item"}]}, indented by 2.
std::string bomToJson(const BillOfMaterials& bom);

} // namespace cf
