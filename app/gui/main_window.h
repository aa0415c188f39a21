#pragma once
// The application window: actions, menus, toolbar, docks, status bar, and the
// open design: a DesignDocument (widgets/document) sharing the window's undo
// stack. Later issues swap real widgets into the docks and the centre (see the
// create*() functions) and edit through document(), which pushes the commands.

#include "app/gui/dock_layout.h"
#include "app/gui/edit_actions.h"
#include "app/gui/help_actions.h"
#include "app/gui/library_host.h"
#include "app/gui/main_actions.h"
#include "models/design/design.h"
#include "models/store/design_store.h"
#include "widgets/document/design_document.h"

#include <memory>
#include <optional>

#include <QMainWindow>
#include <QString>
#include <QTimer>
#include <QUndoStack>

class QDockWidget;
class QMenu;
class QTextBrowser;

namespace cf {

struct BatchAdvice;
class AutoSplitController;
class AutosaveController;
class BomDock;
class ChartsWidget;
class DesignView;
class EvaluationController;
class HeadlinePanel;
class LibraryController;
class ModelTrustActions;
class ProblemsPanel;
class RecentDesigns;
class RecentMenu;
class StatusIndicators;
struct RecentDesign;

class MainWindow : public QMainWindow, private LibraryHost {
    Q_OBJECT
public:
    // Opens `startFile`, or the bundled Workhorse example when it is empty.
    // A file that cannot be read leaves an empty design and shows the error.
    explicit MainWindow(const QString& startFile = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    const Design& design() const { return document_.design(); }
    // Every edit goes through the document: one QUndoCommand each on undoStack().
    DesignDocument* document() { return &document_; }
    QUndoStack* undoStack() { return &undoStack_; }
    const MainActions& mainActions() const { return actions_; }
    const EditActions& editActions() const { return editActions_; }
    const HelpActions& helpActions() const { return helpActions_; }
    ModelTrustActions* modelTrust() const { return modelTrust_; } // calibration, accuracy, bands (issue 16)
    DesignView* view() const { return view_; }
    EvaluationController* evaluation() const { return evaluation_; }
    // The split and batch that follow the drawn cluster until the user chooses them.
    AutoSplitController* autoSplit() const { return autoSplit_; }

    QString currentFile() const { return filePath_; }
    // The one name of the document (documentDisplayName): title, status bar,
    // Summary, prompts, export file names, PDF title.
    QString documentName() const;
    // The library variant the design was opened from or last saved as (nullopt: none).
    std::optional<SavedIds> libraryIds() const;
    // The design library (DesignStore::defaultPath(), or $CLUSTERFORGE_DB when set).
    DesignStore& store();
    RecentDesigns* recentDesigns() const;
    QMenu* recentMenu() const;
    bool isModified() const;
    // The last error shown to the user ("" when none since the window opened).
    QString lastErrorShown() const { return lastError_; }

    // Replace the design: loads `path`; on failure keeps the current design,
    // shows the error (non-blocking box) and returns false. On success the file
    // goes first in File ▸ Open Recent.
    bool openFile(const QString& path);
    // Save to `path` (atomic, see saveDesignFile); on failure shows the error.
    // On success the file goes first in File ▸ Open Recent.
    bool saveFile(const QString& path);
    // Start an empty design (no questions asked: callers check maybeSave()).
    void newDesign();
    // A design made elsewhere (Tools > Plan's candidate) as a new, unsaved
    // document: asks to save a modified design first, as File > New does.
    // False when the user cancelled.
    bool openNewDocument(const Design& design);

    // Window geometry and dock/toolbar layout, kept in QSettings (DockLayout).
    void saveSettings() const { dockLayout_.saveSettings(); }
    void restoreSettings() { dockLayout_.restoreSettings(); }

    QDockWidget* paletteDock() const { return dockLayout_.docks().palette; }
    QDockWidget* inspectorDock() const { return dockLayout_.docks().inspector; }
    QDockWidget* chartsDock() const { return dockLayout_.docks().charts; }
    QDockWidget* problemsDock() const { return dockLayout_.docks().problems; }
    QDockWidget* workloadDock() const { return dockLayout_.docks().workload; }
    QDockWidget* parallelismDock() const { return dockLayout_.docks().parallelism; }
    QDockWidget* headlineDock() const { return dockLayout_.docks().headline; }
    QDockWidget* summaryDock() const { return dockLayout_.docks().summary; }
    BomDock* bomDock() const { return bomDock_; }

signals:
    void designReplaced(); // a new/opened design took the old one's place
    void errorOccurred(const QString& message);

protected:
    void closeEvent(QCloseEvent* event) override;
    // Dock tab bars (made by QMainWindow when docks are tabified, also by
    // restoreState) show whole titles; a separator dragged ends the first-start
    // layout (DockLayout::windowEvent).
    bool event(QEvent* event) override;
    // First start (no saved layout): the charts dock gets its share of every
    // new window size until the user moves a dock or a separator.
    void resizeEvent(QResizeEvent* event) override;

private:
    // Each builder makes one piece; later issues replace their contents.
    void createCentralWidget();
    QDockWidget* createPaletteDock();
    QDockWidget* createInspectorDock();
    QDockWidget* createChartsDock();
    QDockWidget* createProblemsDock();
    QDockWidget* createWorkloadDock();
    QDockWidget* createParallelismDock();
    QDockWidget* createHeadlineDock();
    QDockWidget* createSummaryDock();
    void connectEditActions();
    void onGenerateFabric();
    // "The global batch is too small ...": the status bar and a non-blocking box.
    void showBatchAdvice(const BatchAdvice& advice);
    // The design library's actions and menus (main_window_library.cpp); its work is LibraryController's.
    void setupLibrary();
    void scheduleBomRefresh();
    // File ▸ Open Recent's choice: a file (asks to save first), or a library variant.
    void openRecent(const RecentDesign& entry);
    void onSearchSplits();
    void onPlan();
    void connectActions();
    // File > Open Example, Help > Getting Started and Keyboard Shortcuts (main_window_help.cpp).
    void setupHelp();
    void openExample(const QString& path);

    QDockWidget* makeDock(const QString& title, const QString& objectName, QWidget* content);
    void setDocument(const Design& design, const QString& path);
    // openFile() without the recent-designs entry (the bundled example at start-up).
    bool loadFile(const QString& path);
    // A status-bar message for a design that opened with warnings (unknown fields).
    void showLoadWarnings(const QString& shownName, const Problems& warnings);
    // Edits arrive in bursts (a drag merges many moves): refresh once per event-loop turn.
    void scheduleRefresh();
    void refreshViews();
    void showProblemCounts(int errors, int warnings);
    // Raises the what-if dock that edits `field` and focuses its editor.
    void focusProblemField(const QString& field);
    void updateTitle();
    // `details`: the technical text under the box's "Show Details..." ("" = none).
    void showError(const QString& title, const QString& message, const QString& details = {});

    // File actions as the user sees them: dialogs and "save changes?" prompts.
    void onNew();
    void onOpen();
    bool onSave();
    bool onSaveAs();
    void onAbout();
    // Asks to save a modified design; false when the user cancels.
    bool maybeSave();
    // Bundled examples are templates: Save on one of them asks for a new file.
    bool isBundledExample(const QString& path) const;

    // LibraryHost: what the library asks of this window.
    const Design& libraryDesign() const override { return design(); }
    Headline libraryHeadline() const override;
    bool libraryMaybeSave() override { return maybeSave(); }
    void libraryShowDesign(const Design& design) override { setDocument(design, {}); }
    void libraryMarkSaved() override;
    void libraryMarkModified() override { modified_ = true; }
    bool libraryHasFile() const override { return !filePath_.isEmpty(); }
    void libraryRefresh() override { refreshViews(); }
    void libraryShowError(const QString& title, const QString& message) override
    {
        showError(title, message);
    }
    void libraryShowStatus(const QString& text, int timeoutMs) override;
    void libraryShowLoadWarnings(const QString& shownName, const Problems& warnings) override
    {
        showLoadWarnings(shownName, warnings);
    }

    QUndoStack undoStack_; // declared before document_, which uses it
    DesignDocument document_{&undoStack_};
    QString filePath_;
    bool modified_ = false; // changes the undo stack does not know about
    QTimer refreshTimer_;
    QString lastError_;
    MainActions actions_;

    EditActions editActions_;
    HelpActions helpActions_;
    ModelTrustActions* modelTrust_ = nullptr;
    LibraryController* library_ = nullptr;
    BomDock* bomDock_ = nullptr;
    QTimer bomTimer_;
    RecentMenu* recent_ = nullptr; // File ▸ Open Recent
    DesignView* view_ = nullptr;
    EvaluationController* evaluation_ = nullptr;
    AutoSplitController* autoSplit_ = nullptr;
    ChartsWidget* charts_ = nullptr;
    HeadlinePanel* headline_ = nullptr;
    ProblemsPanel* problems_ = nullptr;
    QTextBrowser* summary_ = nullptr;
    DockLayout dockLayout_{this};              // the docks, where they go, their first-start sizes
    std::unique_ptr<StatusIndicators> status_; // name, GPUs, calibration, validation
};

} // namespace cf
