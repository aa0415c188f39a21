#pragma once
// The main window title: "Design — Variant[*] — ClusterForge" for a library
// variant, "Design[*] — ClusterForge" for a file or a design never saved to the
// library, "Untitled[*] — ClusterForge" when unnamed. "[*]" is Qt's placeholder:
// QWidget shows "*" there while isWindowModified(), nothing otherwise.
// windowTitleTemplate() is what the window passes to setWindowTitle();
// libraryWindowTitle() is the text a user then sees.

#include <QString>

namespace cf {

// A literal "[*]" in a name is escaped ("[*][*]"), so it never becomes the marker.
QString windowTitleTemplate(const QString& designName, const QString& variantName);
// The template with the marker resolved: "Workhorse — RoCE* — ClusterForge".
QString libraryWindowTitle(const QString& designName, const QString& variantName, bool modified);

// The one name of the open document (issue 18, finding 4), for the title,
// the status bar, the Summary, prompts, export file names and the PDF title:
// "Design — Variant" for a library variant, else the design's own name, else
// the saved file's base name, else "Untitled".
QString documentDisplayName(const QString& designName, const QString& filePath, const QString& libraryDesign,
                            const QString& libraryVariant);

} // namespace cf
