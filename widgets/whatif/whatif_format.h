#pragma once
// Small helpers shared by the what-if docks: a problem list as rich text with
// the field's label in front.

#include "models/core/problem.h"

#include <QString>

#include <functional>

namespace cf {

// Problems whose field satisfies `keep`, one per line, errors red and warnings
// amber. `label` turns a field path into the label the user sees ("" = none).
QString problemsHtml(const Problems& problems, const std::function<bool(const std::string&)>& keep,
                     const std::function<QString(const std::string&)>& label);

} // namespace cf
