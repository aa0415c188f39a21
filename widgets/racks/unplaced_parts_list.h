#pragma once
// The rack view's "Unplaced" list (issue 17, session 8): every part, and every
// run of a node group's members, that stands in no rack (the engine's
// unplacedRuns), labelled with the display name, the members and their height.
// An entry is dragged onto a U of a rack (the drag carries kUnplacedMimeType,
// read back with runFromMime), or placed with its context menu's "Place in
// Rack..." (RackElevationView does both).

#include "models/racks/unplaced_parts.h"

#include <QListWidget>

#include <optional>

class QMimeData;

namespace cf {

class Catalog;
class DesignDocument;

class UnplacedPartsList : public QListWidget {
    Q_OBJECT
public:
    static const char* const kUnplacedMimeType;

    UnplacedPartsList(const DesignDocument* document, const Catalog& catalog, QWidget* parent = nullptr);

    // Refills the list from the document's design.
    void rebuild();
    // The run an entry stands for.
    static UnplacedRun runOf(const QListWidgetItem* item);
    // What a drag of row `row` carries (caller owns it); nullptr for no such row.
    QMimeData* dragData(int row) const;
    // The run a drag carries; nullopt for any other drag.
    static std::optional<UnplacedRun> runFromMime(const QMimeData* mime);

protected:
    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QList<QListWidgetItem*>& items) const override;

private:
    QString labelOf(const UnplacedRun& run) const;

    const DesignDocument* document_;
    const Catalog& catalog_;
};

} // namespace cf
