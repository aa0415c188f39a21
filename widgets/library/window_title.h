#pragma once
// The main window title: "Design — Variant*" ("*" = unsaved changes),
// "Design*" when the design has no saved variant yet, "Untitled*" when unnamed.
// The trailing " — ClusterForge" names the application.

#include <QString>

namespace cf {

QString libraryWindowTitle(const QString& designName, const QString& variantName, bool modified);

} // namespace cf
