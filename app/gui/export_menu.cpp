#include "app/gui/export_menu.h"

#include "models/catalog/catalog.h"
#include "models/design/design_json.h"
#include "models/export/design_export.h"
#include "widgets/common/export_folder.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QWidget>

namespace cf {

ExportMenu::ExportMenu(QMenu* fileMenu, QAction* before, QWidget* dialogParent, DesignSource design)
    : QObject(fileMenu), parent_(dialogParent), design_(std::move(design))
{
    menu_ = new QMenu(tr("&Export"), fileMenu);
    menu_->setObjectName(QStringLiteral("menuExport"));
    for (const ExportFormatInfo& f : exportFormats()) {
        QAction* a = menu_->addAction(tr(f.title) + QStringLiteral("..."));
        a->setObjectName(QStringLiteral("actionExport_") + QString::fromLatin1(f.name));
        a->setStatusTip(tr("Export the design as %1").arg(tr(f.title)));
        connect(a, &QAction::triggered, this, [this, &f] { run(f); });
    }
    fileMenu->insertMenu(before, menu_);
    askPath_ = [this](const ExportFormatInfo& f, const QString& suggestion) {
        return QFileDialog::getSaveFileName(parent_, tr("Export %1").arg(tr(f.title)), suggestion);
    };
}

QString ExportMenu::exportTo(const ExportFormatInfo& format, const QString& path) const
{
    const Result<std::string> file = exportDesign(design_(), Catalog::builtin(), format.format);
    if (!file.ok()) {
        QString text = tr("The design cannot be exported as %1:\n").arg(tr(format.title));
        for (const Problem& p : file.problems())
            text += QStringLiteral("\n") + QString::fromStdString(formatProblem(p));
        return text;
    }
    if (const Result<void> written = writeFileAtomically(path.toStdString(), *file); !written)
        return tr("%1 could not be written:\n\n%2")
            .arg(QDir::toNativeSeparators(path), QString::fromStdString(failureMessage(written.problems())));
    return {};
}

void ExportMenu::run(const ExportFormatInfo& format)
{
    QString base = QString::fromStdString(design_().name).trimmed();
    if (base.isEmpty())
        base = QStringLiteral("design");
    // The last export folder, else the design file's, else Documents (ExportFolder).
    const QString path =
        askPath_(format, ExportFolder::startPath(parent_, ExportFolder::kExportKey,
                                                 base + QString::fromLatin1(format.fileSuffix)));
    if (path.isEmpty())
        return;
    ExportFolder::remember(ExportFolder::kExportKey, path);
    if (const QString error = exportTo(format, path); !error.isEmpty())
        QMessageBox::warning(parent_, tr("Export"), error);
}

} // namespace cf
