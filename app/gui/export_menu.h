#pragma once
// File > Export: one entry per deployment export (models/export/design_export:
// cabling plan CSV, Slurm topology.conf and topology.yaml, Graphviz DOT). Each
// asks for a file name, writes the file all or nothing (writeFileAtomically)
// and shows the design's errors in a message box when the export cannot be made.

#include "models/design/design.h"

#include <QObject>
#include <QString>

#include <functional>

class QAction;
class QMenu;
class QWidget;

namespace cf {

struct ExportFormatInfo;

class ExportMenu : public QObject {
    Q_OBJECT
public:
    using DesignSource = std::function<const Design&()>;
    // Asks where to write a format; "" = cancelled. Tests replace the file dialog.
    using PathAsker = std::function<QString(const ExportFormatInfo& format, const QString& suggestion)>;

    // Adds the "Export" submenu (object name "menuExport", actions
    // "actionExport_<format>") to `fileMenu` before `before` (nullptr: at the end).
    ExportMenu(QMenu* fileMenu, QAction* before, QWidget* dialogParent, DesignSource design);

    QMenu* menu() const { return menu_; }
    void setPathAsker(PathAsker asker) { askPath_ = std::move(asker); }
    // Writes `format` of the design to `path`; "" on success, else the message shown.
    QString exportTo(const ExportFormatInfo& format, const QString& path) const;

private:
    void run(const ExportFormatInfo& format);

    QMenu* menu_ = nullptr;
    QWidget* parent_ = nullptr;
    DesignSource design_;
    PathAsker askPath_;
};

} // namespace cf
