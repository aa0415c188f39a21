#pragma once
// View ▸ Racks (issue 17): the floor plan's rows of racks with U positions,
// a kW bar per rack coloured by headroom, and the parts as boxes with their
// display names. Clicking a part selects it on the canvas (and centres the
// canvas on it); the canvas selection highlights it here. A part is moved by
// dragging it to another U or rack, or with its context menu's "Move to
// Rack...": the engine checks the move (models/racks/placement_move.h) and
// either it becomes one undo step or the view says why not. "Place in
// Racks..." runs the engine's automatic placement (one undo step); "Print..."
// prints one row per page (QPrintDialog), and pdf() gives the same pages as PDF.
// Parts in no rack are listed beside the racks ("In no rack"): drag one onto
// a U, or use its context menu's "Place in Rack...": one undo step each, or
// the view says why not (the U is taken, too short a free range, outside the
// rack). The view opens at a zoom where labels are readable (a whole row's
// height when every rack would be too small to read); Fit shows every rack,
// Ctrl+wheel zooms.
// Everything shown comes from the engine: this view computes no figure.

#include "models/catalog/catalog.h"
#include "widgets/racks/rack_edits.h"
#include "widgets/racks/rack_selection_sync.h"
#include "widgets/racks/rack_view_zoom.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <cstddef>
#include <functional>
#include <string>

class QGraphicsView;
class QSplitter;
class QToolBar;
class QLabel;
class QListWidgetItem;
class QPagedPaintDevice;
class QTimer;
class QToolButton;

namespace cf {

class DesignDocument;
class RackPartItem;
class RackScene;
class UnplacedPartsList;
struct UnplacedRun;

class RackElevationView : public QWidget {
    Q_OBJECT
public:
    RackElevationView(DesignDocument* document, const Catalog& catalog, QWidget* parent = nullptr);
    // The scene dies with the view's children and clears its selection as it
    // goes: cut it off first, so no slot reaches a document that may be gone.
    ~RackElevationView() override;

    RackScene* scene() const { return scene_; }
    QGraphicsView* graphicsView() const { return view_; }
    // Why the last move or placement was refused ("" after one that worked).
    QString lastMessage() const { return lastMessage_; }

    // Moves placement `placement` whole to `rackId` from U `u`: one undo step,
    // or false with lastMessage() saying why (U range taken, outside the rack).
    bool movePlacement(std::size_t placement, const std::string& rackId, int u);
    // "Move to Rack...": to the lowest free U of the chosen rack.
    bool moveToRack(std::size_t placement, const std::string& rackId);
    // Places an unplaced part (or as many members of the run as fit) in
    // `rackId` from U `u`: one undo step, or false with lastMessage() naming
    // the part, the rack and the U (taken, too short a free range, outside).
    bool placeUnplaced(const UnplacedRun& run, const std::string& rackId, int u);
    // "Place in Rack...": at the lowest U of the chosen rack where it fits.
    bool placeUnplacedInRack(const UnplacedRun& run, const std::string& rackId);
    UnplacedPartsList* unplacedList() const { return unplaced_; }
    // Replaces the floor plan with the engine's automatic placement into racks of `rackTypeId`.
    bool placeInRacks(const std::string& rackTypeId);

    // One page per row of racks, each scaled to fit its page.
    void printTo(QPagedPaintDevice* device);
    // The printed pages as a PDF (A4 landscape), for File ▸ Print to PDF and the tests.
    QByteArray pdf();

    // Tests replace the dialogs: the rack chosen from display names ("" = cancelled),
    // the rack type for Place in Racks ("" = cancelled).
    using Chooser = std::function<QString(const QString& title, const QStringList& choices)>;
    void setChooser(Chooser chooser) { choose_ = std::move(chooser); }
    // The context menu of a part box at a screen position (Move to Rack..., Select on Canvas).
    void showPartMenu(RackPartItem* item, QPoint screenPos);
    // The context menu of an "In no rack" entry (Place in Rack..., Select on Canvas).
    void showUnplacedMenu(QListWidgetItem* item, QPoint screenPos);
    // The view's zoom (1 = scene units are pixels).
    double zoom() const;

public slots:
    void print();           // QPrintDialog, then printTo
    void placeInRacksAsk(); // asks for the rack type
    void fitAll();
    void fitRow(); // the first row's full height: every label readable

protected:
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QToolBar* createToolBar();
    void createUnplacedPanel();
    void connectDocument();
    void scheduleRebuild();
    void rebuild();
    void onDropped(RackPartItem* item);
    void updateUnplaced();
    QString chooseRack(const QString& title);
    void refuse(const QString& message);
    // Shows an edit's undo text, or refuses with its first problem; returns whether it was made.
    bool report(const Result<QString>& edit);
    bool report(const Result<std::optional<QString>>& edit);
    void setMessage(const QString& message, bool error);
    QString ask(const QString& title, const QStringList& choices);

    DesignDocument* document_;
    const Catalog& catalog_;
    RackScene* scene_;
    QGraphicsView* view_;
    QLabel* message_;
    QLabel* empty_;
    QWidget* unplacedPanel_;
    QSplitter* body_ = nullptr;
    QLabel* unplacedTitle_;
    UnplacedPartsList* unplaced_;
    QTimer* rebuildTimer_;
    QString lastMessage_;
    Chooser choose_;
    bool dirty_ = true;
    bool fitted_ = false;
    RackEdits edits_;
    RackViewZoom zoom_;
    RackSelectionSync selection_;
};

} // namespace cf
