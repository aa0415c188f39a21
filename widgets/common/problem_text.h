#pragma once
// The words a problem is shown in, in the GUI's language (issue 30 item 2): a
// problem made by a shared rule carries its code and arguments, and its template
// is translated here (context "SplitRules", marked in models/design/split_rules.cpp);
// any other problem shows the engine's message.

#include "models/core/problem.h"

#include <QString>

namespace cf {

QString problemText(const Problem& problem);

} // namespace cf
