#pragma once
// A spin box counting things reads "1 sequence", "2 sequences": its suffix
// follows the value (Qt's %n plurals need a translation file we do not ship).

#include <QString>

class QSpinBox;

namespace cf {

void followCountSuffix(QSpinBox* box, const QString& singular, const QString& plural);

} // namespace cf
