#pragma once
// A spin box counting things reads "1 sequence", "2 sequences": its suffix
// follows the value (Qt's %n plurals need a translation file we do not ship).

#include <QString>

class QSpinBox;

namespace cf {

void followCountSuffix(QSpinBox* box, const QString& singular, const QString& plural);
// After setValue with the box's signals blocked (a dock showing the design):
// valueChanged never came, so set the suffix for the value now.
void refreshCountSuffix(QSpinBox* box);

} // namespace cf
