#include "widgets/palette/palette_widget.h"

#include "models/catalog/catalog.h"
#include "widgets/canvas/canvas_style.h"
#include "widgets/document/design_document.h"
#include "widgets/document/mime_types.h"
#include "widgets/document/spec_text.h"
#include "widgets/palette/palette_icons.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QMimeData>
#include <QVBoxLayout>

#include <cmath>

namespace cf {

namespace {
QString q(const std::string& s)
{
    return QString::fromStdString(s);
}
} // namespace

PaletteTree::PaletteTree(QWidget* parent) : QTreeWidget(parent)
{
    setDragEnabled(true);
    setDragDropMode(QAbstractItemView::DragOnly);
    setHeaderHidden(true);
    setIconSize(QSize(24, 24));
    setRootIsDecorated(true);
}

QStringList PaletteTree::mimeTypes() const
{
    return {QLatin1String(kPartMimeType)};
}

QMimeData* PaletteTree::mimeData(const QList<QTreeWidgetItem*>& items) const
{
    for (QTreeWidgetItem* item : items)
        if (item->data(0, PaletteWidget::PlaceableRole).toBool()) {
            auto* mime = new QMimeData;
            mime->setData(QLatin1String(kPartMimeType),
                          item->data(0, PaletteWidget::CatalogIdRole).toString().toUtf8());
            return mime;
        }
    return nullptr;
}

PaletteWidget::PaletteWidget(DesignDocument* document, const Catalog& catalog, QWidget* parent)
    : QWidget(parent), document_(document), catalog_(catalog), search_(new QLineEdit(this)),
      tree_(new PaletteTree(this))
{
    search_->setPlaceholderText(tr("Search parts…"));
    search_->setClearButtonEnabled(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(search_);
    layout->addWidget(tree_);
    populate();
    connect(search_, &QLineEdit::textChanged, this, &PaletteWidget::setFilter);
    connect(tree_, &QTreeWidget::itemDoubleClicked, this,
            [this](QTreeWidgetItem* item) { onActivated(item); });
}

void PaletteWidget::populate()
{
    tree_->clear();
    auto section = [this](const QString& title, palette::IconKind kind) {
        auto* top = new QTreeWidgetItem(tree_, {title});
        top->setIcon(0, palette::icon(kind));
        top->setFlags(Qt::ItemIsEnabled);
        top->setExpanded(true);
        return top;
    };
    auto entry = [](QTreeWidgetItem* parent, const std::string& id, const QString& name, const QString& specs,
                    bool placeable, int kind, const std::string& vendor) {
        auto* item = new QTreeWidgetItem(parent, {name});
        item->setData(0, VendorRole, q(vendor)); // the search matches vendors too
        item->setIcon(0, parent->icon(0));
        item->setData(0, CatalogIdRole, q(id));
        item->setData(0, PlaceableRole, placeable);
        item->setData(0, KindRole, kind);
        QString tip = QStringLiteral("<b>%1</b> <i>(%2)</i><br>%3").arg(name.toHtmlEscaped(), q(id), specs);
        if (placeable)
            tip += tr("<br><small>Drag onto the canvas, or double-click to place at the centre.</small>");
        item->setToolTip(0, tip);
        item->setFlags(placeable ? Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled
                                 : Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        return item;
    };
    QTreeWidgetItem* nodes = section(tr("GPU nodes"), palette::IconKind::Node);
    for (const NodeSpec& n : catalog_.nodes())
        entry(nodes, n.id, spec::shortName(n.name, n.vendor), spec::nodeSummary(n, catalog_), true,
              int(PartKind::Node), n.vendor);
    QTreeWidgetItem* switches = section(tr("Switches"), palette::IconKind::Switch);
    for (const SwitchSpec& s : catalog_.switches())
        entry(switches, s.id, spec::shortName(s.name, s.vendor), spec::switchSummary(s), true,
              int(PartKind::Switch), s.vendor);
    QTreeWidgetItem* storage = section(tr("Storage"), palette::IconKind::Storage);
    for (const StorageSpec& s : catalog_.storages())
        entry(storage, s.id, spec::shortName(s.name, s.vendor), spec::storageSummary(s), true,
              int(PartKind::Storage), s.vendor);
    QTreeWidgetItem* nics = section(tr("NICs (informative)"), palette::IconKind::Nic);
    for (const NicSpec& n : catalog_.nics())
        entry(nics, n.id, spec::shortName(n.name, n.vendor),
              spec::nicSummary(n) + tr("<br><i>Informative: NICs come with the node that carries them; "
                                       "not placeable.</i>"),
              false, -1, n.vendor);
    QTreeWidgetItem* cables = section(tr("Cables (informative)"), palette::IconKind::Cable);
    for (const CableSpec& c : catalog_.cables())
        entry(cables, c.id, spec::shortName(c.name, c.vendor),
              spec::cableSummary(c) + tr("<br><i>Informative: the bill of materials picks cables from each "
                                         "link's medium, length class and speed; not placeable.</i>"),
              false, -1, c.vendor);
    tree_->expandAll();
}

QTreeWidgetItem* PaletteWidget::itemFor(const QString& catalogId) const
{
    for (int i = 0; i < tree_->topLevelItemCount(); ++i) {
        QTreeWidgetItem* top = tree_->topLevelItem(i);
        for (int j = 0; j < top->childCount(); ++j)
            if (top->child(j)->data(0, CatalogIdRole).toString() == catalogId)
                return top->child(j);
    }
    return nullptr;
}

void PaletteWidget::setFilter(const QString& text)
{
    const QString needle = text.trimmed();
    for (int i = 0; i < tree_->topLevelItemCount(); ++i) {
        QTreeWidgetItem* top = tree_->topLevelItem(i);
        // "stor" finds the storage section, "nvidia" every NVIDIA part (issue 18, finding 7).
        const bool categoryMatch = top->text(0).contains(needle, Qt::CaseInsensitive);
        int visible = 0;
        for (int j = 0; j < top->childCount(); ++j) {
            QTreeWidgetItem* item = top->child(j);
            const bool match =
                needle.isEmpty() || categoryMatch || item->text(0).contains(needle, Qt::CaseInsensitive) ||
                item->data(0, VendorRole).toString().contains(needle, Qt::CaseInsensitive) ||
                item->data(0, CatalogIdRole).toString().contains(needle, Qt::CaseInsensitive) ||
                item->toolTip(0).contains(needle, Qt::CaseInsensitive);
            item->setHidden(!match);
            visible += match ? 1 : 0;
        }
        top->setHidden(visible == 0);
    }
}

QString PaletteWidget::placeAtViewCentre(const QString& catalogId)
{
    QTreeWidgetItem* item = itemFor(catalogId);
    if (!item || !item->data(0, PlaceableRole).toBool())
        return {};
    const QPointF c = document_->viewCentre();
    const QPointF at(std::round(c.x() / canvas::kGridSize) * canvas::kGridSize,
                     std::round(c.y() / canvas::kGridSize) * canvas::kGridSize);
    const QString id = document_->addPart(PartKind(item->data(0, KindRole).toInt()), catalogId, at);
    document_->setSelectedIds({id});
    return id;
}

void PaletteWidget::onActivated(QTreeWidgetItem* item)
{
    if (item && item->data(0, PlaceableRole).toBool())
        placeAtViewCentre(item->data(0, CatalogIdRole).toString());
}

} // namespace cf
