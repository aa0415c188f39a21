#pragma once
// The edit model of the GUI: owns the cf::Design and a QUndoStack, and is the
// only way the GUI changes the design. Every public edit pushes one
// QUndoCommand (or a macro for a multi-selection); the commands call the
// private mutators below, which emit fine-grained signals so that views update
// O(1) per changed object instead of rebuilding.
//
// It also carries a little shared view state that is NOT part of the design
// and never goes on the undo stack: the selection, the centre of the visible
// canvas (where a double-clicked palette part lands) and "focus" requests
// (centre the canvas on an item). This keeps the docks self-contained: each
// takes only a DesignDocument* and a const Catalog&.

#include "models/design/design.h"
#include "models/topology/fabric_generator.h"
#include "models/validate/link_rules.h"

#include <QHash>
#include <QObject>
#include <QPointF>
#include <QStringList>
#include <QVariant>

#include <utility>
#include <vector>

class QUndoStack;

namespace cf {

class DocumentCommand;

// One part's move in a drag gesture, in scene units.
struct PartMove {
    QString partId;
    QPointF from;
    QPointF to;
};

class DesignDocument : public QObject {
    Q_OBJECT
public:
    // `undoStack` may be the main window's; when null the document owns one.
    explicit DesignDocument(QUndoStack* undoStack = nullptr, QObject* parent = nullptr);
    ~DesignDocument() override;

    const Design& design() const { return design_; }
    QUndoStack* undoStack() const { return undoStack_; }

    // Replace the whole design (file open, new): clears the undo stack.
    void resetDesign(const Design& design);

    // O(1) lookups through an id -> index map kept in step with the vectors.
    const Part* part(const QString& id) const;
    const Link* link(const QString& id) const;
    int partIndex(const QString& id) const;
    int linkIndex(const QString& id) const;
    // Links that end at a part, O(degree).
    QStringList linksOfPart(const QString& partId) const;

    // ---- Undoable edits (each pushes one command or one macro) ----
    // Returns the new part's id. The name defaults to the catalog id + number.
    QString addPart(PartKind kind, const QString& catalogId, QPointF pos, const QString& name = {},
                    int count = 1);
    // Insert several parts and links at once (paste, duplicate). Ids must be fresh.
    void addItems(const std::vector<Part>& parts, const std::vector<Link>& links, const QString& text);
    // Parts with all their links, plus the listed links; one undo step.
    void removeItems(const QStringList& ids);
    void movePart(const QString& id, QPointF from, QPointF to, int gestureId = 0);
    // Moves of one gesture; consecutive calls with the same gestureId (> 0)
    // and the same parts merge into one undo step.
    void moveParts(const QVector<PartMove>& moves, int gestureId = 0);
    // Returns the new link's id ("" if an end is missing).
    QString addLink(const QString& fromId, const QString& toId, double speedGbps,
                    Medium medium = Medium::Fibre, LengthClass lengthClass = LengthClass::InRow,
                    int cablesPerMember = 1);
    // A new link and new cables per member for other links (a node's NICs
    // re-split over its switches, LinkRules::defaultLinkFor): one undo step.
    QString addLink(const QString& fromId, const QString& toId, double speedGbps, int cablesPerMember,
                    const std::vector<LinkDefault::Change>& rebalanced);
    void removeLink(const QString& id);
    // Generic property edit. Part properties: "name", "count", "catalogId",
    // "x", "y". Link properties: "speedGbps", "medium" (enum string),
    // "lengthClass" (enum string), "cablesPerMember". Repeated edits of the
    // same field merge until closeMergeWindow() is called. Returns false (and
    // pushes nothing) for an unknown object/property or an unchanged value.
    bool setPartProperty(const QString& id, const QString& property, const QVariant& value);
    bool setLinkProperty(const QString& id, const QString& property, const QVariant& value);
    void closeMergeWindow() { ++mergeSerial_; }
    int mergeSerial() const { return mergeSerial_; }
    // Replace all parts and links with a generated fabric: one command.
    void applyGeneratedFabric(const GeneratedFabric& fabric);
    // The design's name and description: one command (a generated design names itself).
    void setDesignTitle(const std::string& name, const std::string& description);
    // `fieldLabel`: the edited field as the dock shows it; the undo step reads
    // "Change <fieldLabel>" (else "Change workload" / "Change parallelism").
    void setWorkload(const Workload& workload, const QString& fieldLabel = {});
    void setParallelism(const Parallelism& parallelism, const QString& fieldLabel = {});
    void setEconomics(const Economics& economics);
    // Settings derived from the rest of the design (the automatic split and
    // batch, AutoSplitController): written without an undo step, as a cache
    // is; undoing the edit they follow re-derives them.
    void applyDerivedSettings(const Workload& workload, const Parallelism& parallelism);

    // What messages and undo labels call things (issue 18, finding 4): a
    // part's name, "link Leaf 1 – Spine 2" for a link; the id when neither exists.
    QString displayName(const QString& id) const;
    // "cablesPerMember" -> "cables per member", "speedGbps" -> "speed", ...
    static QString propertyLabel(const QString& property);

    // Reads a property as the commands store it (QVariant of QString/int/double).
    static QVariant partProperty(const Part& part, const QString& property);
    static QVariant linkProperty(const Link& link, const QString& property);

    // ---- Shared view state (not undoable, not saved) ----
    QStringList selectedIds() const { return selection_; }
    void setSelectedIds(const QStringList& ids);
    QPointF viewCentre() const { return viewCentre_; }
    void setViewCentre(QPointF centre) { viewCentre_ = centre; }
    // Ask the views to select and centre an item (problems dock, search).
    void requestFocus(const QString& id);

signals:
    void partAdded(const QString& id);
    void partRemoved(const QString& id);
    void partChanged(const QString& id);
    void linkAdded(const QString& id);
    void linkRemoved(const QString& id);
    void linkChanged(const QString& id);
    void workloadChanged();
    void parallelismChanged();
    void economicsChanged();
    void calibrationChanged(); // the site profile (issue 16): re-derives the topology
    void designReset();
    // After any design edit (and after a reset).
    void changed();
    void selectionChanged();
    void focusRequested(const QString& id);

private:
    friend class DocumentCommand;

    // Raw mutators: only the undo commands call these.
    // Bulk insert/remove in one pass each (O(parts + links)); indices ascending.
    void insertParts(const std::vector<std::pair<int, Part>>& parts);
    void removeParts(const std::vector<int>& indices);
    void insertLinks(const std::vector<std::pair<int, Link>>& links);
    void removeLinks(const std::vector<int>& indices);
    void setPartPos(const QString& id, QPointF pos);
    void writePartProperty(const QString& id, const QString& property, const QVariant& value);
    void writeLinkProperty(const QString& id, const QString& property, const QVariant& value);
    void replaceTopology(const std::vector<Part>& parts, const std::vector<Link>& links);
    void writeWorkload(const Workload& w);
    void writeParallelism(const Parallelism& p);
    void writeEconomics(const Economics& e);
    void writeCalibration(const std::optional<CalibrationProfile>& profile);

    void rebuildIndex();
    void rebuildPartIndex();
    void rebuildLinkIndex();
    void addAdjacency(const Link& link);
    void removeAdjacency(const Link& link);

    Design design_;
    QUndoStack* undoStack_ = nullptr;
    QHash<QString, int> partIndex_;
    QHash<QString, int> linkIndex_;
    QHash<QString, QStringList> adjacency_; // part id -> link ids
    QStringList selection_;
    QPointF viewCentre_;
    int mergeSerial_ = 1;
};

} // namespace cf
