#pragma once
// Where a save dialog starts and what it suggests (issue 18, left over: the
// export dialogs opened in the process's working folder). The folder is, in
// order: the one last saved to under the dialog's settings key (when it still
// exists), else the folder of the design file open in the dialog's window,
// else the user's Documents folder. The file name is the caller's (the design
// name with the export's suffix), with characters file systems refuse replaced.
//
//   QString path = QFileDialog::getSaveFileName(this, title, ExportFolder::startPath(this,
//                      ExportFolder::kExportKey, name + ".csv"), filter);
//   if (!path.isEmpty()) ExportFolder::remember(ExportFolder::kExportKey, path);

#include <QString>

class QWidget;

namespace cf {

class ExportFolder {
public:
    // One key shared by every export (BOM, report, charts, deployment files):
    // a user keeps one design's outputs together, so the next export of any
    // kind starts where the last one went (our choice).
    static const QString kExportKey;
    // Design files (Open, Save As): their own key, kept from before, since
    // designs and the files made from them often live apart (our choice).
    static const QString kDesignKey;

    static QString startFolder(const QWidget* from, const QString& key);
    // startFolder()/fileName.
    static QString startPath(const QWidget* from, const QString& key, const QString& fileName);
    // Remembers the folder of `chosenPath` under `key`.
    static void remember(const QString& key, const QString& chosenPath);
    // The design file of `from`'s window: the first QWidget::windowFilePath up
    // its parents (a floating dock's parent is still the main window), or "".
    static QString designFile(const QWidget* from);
    // `name` with / \ : * ? " < > | and control characters replaced by '-'.
    static QString safeFileName(const QString& name);
};

} // namespace cf
