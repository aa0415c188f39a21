// The main window's design library: the SQLite store (designs and variants),
// autosave with crash recovery, the bill-of-materials dock and the variant
// comparison. Files (Open/Save .json) stay in main_window.cpp.
#include "main_window.h"

#include "bom/bom_dock.h"
#include "catalog/catalog.h"
#include "compare/compare_view.h"
#include "library/autosave_controller.h"
#include "library/design_browser_dialog.h"
#include "library/save_variant_dialog.h"
#include "predict/evaluate.h"
#include "store/headline_from_prediction.h"
#include "whatif/evaluation_controller.h"

#include <QAction>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>

namespace cf {
namespace {

constexpr int kStatusMessageMs = 5000;   // our choice
constexpr int kCompareWidth = 1500;      // first size of the compare window, pixels (our choice)
constexpr int kCompareHeight = 820;

QAction* libraryAction(QMainWindow* window, const char* objectName, const QString& text, const QString& tip)
{
    auto* action = new QAction(text, window);
    action->setObjectName(QString::fromLatin1(objectName));
    action->setStatusTip(tip);
    action->setToolTip(tip);
    return action;
}

} // namespace

void MainWindow::setupLibrary()
{
    bomDock_ = new BomDock(this);
    bomDock_->setObjectName(QStringLiteral("bomDock"));
    addDockWidget(Qt::BottomDockWidgetArea, bomDock_);
    tabifyDockWidget(problemsDock_, bomDock_);
    chartsDock_->raise();
    actions_.viewMenu->addAction(bomDock_->toggleViewAction());
    connect(&document_, &DesignDocument::changed, this, &MainWindow::scheduleBomRefresh);
    bomTimer_.setSingleShot(true);
    bomTimer_.setInterval(0);
    connect(&bomTimer_, &QTimer::timeout, this, [this] { bomDock_->setDesign(document_.design()); });

    QAction* openLibrary = libraryAction(this, "actionOpenFromLibrary", tr("Open from &Library..."),
                                         tr("Open a saved design or variant from the library"));
    openLibrary->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    QAction* saveLibrary = libraryAction(this, "actionSaveToLibrary", tr("Save to Li&brary..."),
                                         tr("Save the design as a new variant in the library"));
    saveLibrary->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S));
    QAction* compare = libraryAction(this, "actionCompareVariants", tr("&Compare Variants..."),
                                     tr("Compare two to four saved variants side by side"));
    QAction* exportCsv = libraryAction(this, "actionExportBomCsv", tr("Export BOM as &CSV..."),
                                       tr("Bill of materials as CSV"));
    QAction* exportJson = libraryAction(this, "actionExportBomJson", tr("Export BOM as &JSON..."),
                                        tr("Bill of materials as JSON"));
    QAction* exportPdf = libraryAction(this, "actionExportReport", tr("Export &Report (PDF)..."),
                                       tr("Printable report: predictions, charts and the bill of materials"));
    QAction* firstFileAction = actions_.fileMenu->actions().value(4); // after New, Open, Save, Save As
    actions_.fileMenu->insertSeparator(firstFileAction);
    actions_.fileMenu->insertActions(firstFileAction, {openLibrary, saveLibrary});
    QMenu* exportMenu = new QMenu(tr("&Export"), this);
    exportMenu->addActions({exportCsv, exportJson, exportPdf});
    actions_.fileMenu->insertMenu(firstFileAction, exportMenu);
    editActions_.toolsMenu->addAction(compare);
    connect(openLibrary, &QAction::triggered, this, &MainWindow::onOpenFromLibrary);
    connect(saveLibrary, &QAction::triggered, this, &MainWindow::onSaveToLibrary);
    connect(compare, &QAction::triggered, this, &MainWindow::onCompareVariants);
    connect(exportCsv, &QAction::triggered, bomDock_, &BomDock::exportCsvWithDialog);
    connect(exportJson, &QAction::triggered, bomDock_, &BomDock::exportJsonWithDialog);
    connect(exportPdf, &QAction::triggered, bomDock_, &BomDock::exportPdfWithDialog);

    if (!store_.open(DesignStore::defaultPath())) {
        for (QAction* a : {openLibrary, saveLibrary, compare})
            a->setEnabled(false);
        statusBar()->showMessage(tr("The design library is unavailable: %1").arg(store_.lastError().message));
        return;
    }
    autosave_ = new AutosaveController(&store_, this);
    autosave_->watch(&document_);
    offerRecovery();
    autosave_->start();
}

void MainWindow::scheduleBomRefresh()
{
    bomTimer_.start();
}

void MainWindow::offerRecovery()
{
    std::optional<Design> recovered = autosave_->recoverDesign();
    if (!recovered)
        return;
    // Non-blocking: start-up (and tests) never wait on this box.
    auto* box = new QMessageBox(QMessageBox::Question, tr("Restore unsaved work?"),
                                tr("ClusterForge did not close cleanly last time. Restore the design "
                                   "\"%1\" as it was at the last autosave?")
                                    .arg(QString::fromStdString(recovered->name)),
                                QMessageBox::Yes | QMessageBox::No, this);
    box->setObjectName(QStringLiteral("recoveryBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, design = *recovered](int result) {
        if (result == QMessageBox::Yes) {
            setDocument(design, {});
            modified_ = true;
            updateTitle();
        }
        autosave_->clear();
    });
    box->open();
}

void MainWindow::onSaveToLibrary()
{
    const QString designName = libraryIds_ ? libraryDesignName_ : QString();
    SaveVariantDialog dialog(designName, libraryVariantName_, this);
    if (!libraryIds_)
        dialog.setName(tr("original"));
    if (dialog.exec() != QDialog::Accepted)
        return;
    const Headline headline = headlineFromPrediction(evaluation_->prediction());
    std::optional<qint64> variantId;
    if (!libraryIds_) {
        if (auto ids = store_.saveDesign(dialog.designName(), design(), headline, dialog.note(), dialog.name())) {
            libraryIds_ = ids;
            libraryDesignName_ = dialog.designName();
            variantId = ids->variantId;
        }
    } else {
        variantId = store_.saveVariant(libraryIds_->designId, libraryIds_->variantId, dialog.name(), dialog.note(),
                                       design(), headline);
    }
    if (!variantId) {
        showError(tr("Cannot save to the library"), store_.lastError().message);
        return;
    }
    libraryIds_->variantId = *variantId;
    libraryVariantName_ = dialog.name();
    autosave_->setBasedOnVariant(*variantId);
    autosave_->clear();
    statusBar()->showMessage(tr("Saved \"%1 \u2014 %2\" to the library").arg(libraryDesignName_, libraryVariantName_),
                             kStatusMessageMs);
}

void MainWindow::onOpenFromLibrary()
{
    if (!maybeSave())
        return;
    DesignBrowserDialog dialog(&store_, this);
    if (dialog.exec() != QDialog::Accepted || !dialog.selectedVariantId())
        return;
    const qint64 id = *dialog.selectedVariantId();
    Problems problems;
    std::optional<Design> loaded = store_.loadVariant(id, &problems);
    const std::optional<VariantRow> row = store_.variant(id);
    if (!loaded || !row) {
        showError(tr("Cannot open from the library"), store_.lastError().message);
        return;
    }
    setDocument(*loaded, {});
    libraryIds_ = SavedIds{row->designId, id};
    libraryVariantName_ = row->name;
    libraryDesignName_ = row->designName;
    autosave_->setBasedOnVariant(id);
}

void MainWindow::onCompareVariants()
{
    DesignBrowserDialog dialog(&store_, this);
    dialog.setCompareMode(true);
    if (dialog.exec() != QDialog::Accepted)
        return;
    auto* view = new CompareView;
    view->setAttribute(Qt::WA_DeleteOnClose);
    if (!view->setVariantsFromStore(store_, dialog.selectedVariantIds())) {
        delete view;
        showError(tr("Cannot compare"), store_.lastError().message);
        return;
    }
    view->resize(kCompareWidth, kCompareHeight);
    view->show();
}

} // namespace cf
