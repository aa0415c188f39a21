#pragma once
// The plan command's reports (issue 29 item 5): JSON (keys in docs/json.md)
// and text (the envelope, the front as a table, the candidates apart, the
// reasons, the tornado and the power arithmetic).

#include "models/plan/cluster_plan.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace cf::cli {

// `top`: front members and candidates apart shown; `written`: the design files
// --write-designs wrote (front order).
nlohmann::ordered_json planReportJson(const PlanReport& report, int top,
                                      const std::vector<std::string>& written);
void printPlanText(const PlanReport& report, int top, const std::vector<std::string>& written,
                   std::ostream& out);

} // namespace cf::cli
