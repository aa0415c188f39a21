#pragma once
// The parts palette: the catalog by kind (GPU nodes, switches, storage, NICs,
// cables) with drawn icons, a search box and spec tooltips with units. Drag a
// part onto the canvas (mime application/x-clusterforge-part, payload the
// catalog id) or double-click to place it at the centre of the view. NICs and
// cables are informative: they come with nodes and from links (BOM).

#include <QTreeWidget>
#include <QWidget>

class QLineEdit;

namespace cf {

class Catalog;
class DesignDocument;

// The tree: supplies the drag payload for placeable entries.
class PaletteTree : public QTreeWidget {
    Q_OBJECT
public:
    explicit PaletteTree(QWidget* parent = nullptr);

protected:
    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QList<QTreeWidgetItem*>& items) const override;
};

class PaletteWidget : public QWidget {
    Q_OBJECT
public:
    // Roles on the tree items.
    enum Role { CatalogIdRole = Qt::UserRole, PlaceableRole, KindRole, VendorRole };

    PaletteWidget(DesignDocument* document, const Catalog& catalog, QWidget* parent = nullptr);

    QTreeWidget* tree() const { return tree_; }
    QLineEdit* searchBox() const { return search_; }
    // The tree item of a catalog id (nullptr if absent).
    QTreeWidgetItem* itemFor(const QString& catalogId) const;
    // Shows only entries whose name, id, specs, vendor or category contain the text.
    void setFilter(const QString& text);
    // Place a palette entry at the document's view centre (the double-click action).
    QString placeAtViewCentre(const QString& catalogId);

private:
    void populate();
    void onActivated(QTreeWidgetItem* item);

    DesignDocument* document_;
    const Catalog& catalog_;
    QLineEdit* search_;
    PaletteTree* tree_;
};

} // namespace cf
