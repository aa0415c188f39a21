#include "widgets/canvas/design_scene.h"

#include "widgets/common/problem_text.h"

#include "models/racks/bundle_expansion.h"
#include "models/topology/switch_ports.h"
#include "models/validate/link_rules.h"
#include "widgets/canvas/link_item.h"
#include "widgets/document/design_document.h"
#include "widgets/document/spec_text.h"
#include "widgets/problems/problem_checker.h"

#include <QGraphicsSceneMouseEvent>

#include <algorithm>
#include <climits>

namespace cf {

namespace {
QString q(const std::string& s)
{
    return QString::fromStdString(s);
}
// Cable counts of absurd files exceed int; the labels show INT_MAX then.
int clampedToInt(long long v)
{
    return int(std::clamp<long long>(v, 0, INT_MAX));
}

// A link that needs the bundle meaning (issue 19): an end with blocks, or two groups or arrays.
bool needsBundleMeaning(const Link& l, const Part* a, const Part* b)
{
    return isBundle(l) || (a && b && partMembers(*a) > 1 && partMembers(*b) > 1);
}

long long cablesOf(const Link& l, const Part* a, const Part* b)
{
    return LinkRules::cablesOfLink(l, a, b); // bundleShape: the bundle meaning, O(1)
}

bool isArray(const Part* p)
{
    return p && p->kind == PartKind::Switch && p->count > 1;
}

// "16,384 cables, 400G, 64 blocks": what a bundle is, in words; empty for a plain link.
QString bundleWords(const Link& l, const Part* a, const Part* b, long long cables)
{
    if (!a || !b || (!needsBundleMeaning(l, a, b) && !isArray(a) && !isArray(b)))
        return {};
    const long long blocks = joinedBlocks(l, partMembers(*a), partMembers(*b));
    QString words = DesignScene::tr("%L1 cables, %2G").arg(cables).arg(l.speedGbps, 0, 'f', 0);
    if (blocks > 1)
        words += DesignScene::tr(", %L1 blocks").arg(blocks);
    return words;
}

// "2,048 × QM9700 · 64 / 64 ports each" for an array, "32 / 64 ports · QM9700" for one switch.
QString switchSubtitle(const Part& p, int used, int radix, const QString& model)
{
    if (p.count > 1)
        return DesignScene::tr("%L1 × %2 · %3 / %4 ports each").arg(p.count).arg(model).arg(used).arg(radix);
    return DesignScene::tr("%1 / %2 ports · %3").arg(used).arg(radix).arg(model);
}
} // namespace

DesignScene::DesignScene(DesignDocument* document, const Catalog& catalog, QObject* parent)
    : QGraphicsScene(parent), document_(document), catalog_(catalog),
      checker_(ProblemChecker::forDocument(document, catalog))
{
    connect(document_, &DesignDocument::designReset, this, &DesignScene::rebuild);
    connect(document_, &DesignDocument::partAdded, this, &DesignScene::addPartItem);
    connect(document_, &DesignDocument::partRemoved, this, &DesignScene::removePartItem);
    connect(document_, &DesignDocument::partChanged, this, &DesignScene::refreshPart);
    connect(document_, &DesignDocument::linkAdded, this, &DesignScene::addLinkItem);
    connect(document_, &DesignDocument::linkRemoved, this, &DesignScene::removeLinkItem);
    connect(document_, &DesignDocument::linkChanged, this, &DesignScene::refreshLink);
    connect(document_, &DesignDocument::selectionChanged, this, &DesignScene::onDocumentSelectionChanged);
    connect(checker_, &ProblemChecker::problemsChanged, this, &DesignScene::applyProblems);
    connect(this, &QGraphicsScene::selectionChanged, this, &DesignScene::onSceneSelectionChanged);
    // Any edit may change the tiers (a link makes a switch a spine, a count
    // changes a label): recompute them when a low-detail paint next asks.
    const auto stale = [this] { tiersDirty_ = true; };
    connect(document_, &DesignDocument::partAdded, this, stale);
    connect(document_, &DesignDocument::partRemoved, this, stale);
    connect(document_, &DesignDocument::partChanged, this, stale);
    connect(document_, &DesignDocument::linkAdded, this, stale);
    connect(document_, &DesignDocument::linkRemoved, this, stale);
    connect(document_, &DesignDocument::linkChanged, this, stale);
    rebuild();
}

DesignScene::~DesignScene()
{
    // ~QGraphicsScene deletes the items after this object has stopped being a
    // DesignScene, and removing selected items emits selectionChanged: our slots
    // must not run then (UBSan: downcast of a half-destroyed object).
    disconnect(this, nullptr, this, nullptr);
    clear();
}

QGraphicsItem* DesignScene::itemForId(const QString& id) const
{
    if (PartItem* p = parts_.value(id))
        return p;
    return links_.value(id);
}

QString DesignScene::idOf(const QGraphicsItem* item)
{
    if (!item)
        return {};
    switch (item->type()) {
    case NodeItem::Type:
    case NodeGroupItem::Type:
    case SwitchItem::Type:
    case StorageItem::Type:
        return static_cast<const PartItem*>(item)->partId();
    case LinkItem::Type:
        return static_cast<const LinkItem*>(item)->linkId();
    default:
        return {};
    }
}

void DesignScene::rebuild()
{
    // No item index, on purpose (measured, docs/canvas.md): links are long
    // diagonals that land in many BSP cells, so a BSP tree over a 21k-link
    // fabric cost seconds to build on the first paint, and every move would
    // re-file the part's links; a linear scan of 22k items per query costs
    // about a millisecond.
    setItemIndexMethod(QGraphicsScene::NoIndex);
    syncingSelection_ = true;
    clear();
    parts_.clear();
    links_.clear();
    flagged_.clear();
    dragStart_.clear();
    const Design& d = document_->design();
    parts_.reserve(qsizetype(d.parts.size()));
    links_.reserve(qsizetype(d.links.size()));
    for (const Part& p : d.parts)
        addPartItem(q(p.id));
    // Tiers once per load (O(parts + links)); each link takes its band while
    // its ids are at hand, so the first zoomed-out paint has nothing to look up.
    tiersDirty_ = true;
    const FabricTiers& t = tiers();
    bulkLoading_ = true;
    for (const Link& l : d.links)
        if (LinkItem* item = addLinkItem(q(l.id)))
            item->setBand(FabricTiers::bandOf(t.roleOf(item->fromId()), t.roleOf(item->toId())),
                          tiersGeneration_);
    bulkLoading_ = false;
    for (auto it = parts_.cbegin(); it != parts_.cend(); ++it)
        if (it.value()->type() == SwitchItem::Type)
            refreshSwitchPorts(it.key());
    syncingSelection_ = false;
    setItemIndexMethod(QGraphicsScene::NoIndex);
    applyProblems();
    onDocumentSelectionChanged();
}

int DesignScene::portsUsed(const QString& switchId) const
{
    const Part* self = document_->part(switchId);
    if (!self)
        return 0;
    std::vector<PartLink> links; // the document's adjacency: O(degree)
    for (const QString& lid : document_->linksOfPart(switchId))
        if (const Link* l = document_->link(lid))
            links.push_back({l, document_->part(q(l->fromPartId)), document_->part(q(l->toPartId))});
    return clampedToInt(portsUsedPerMember(*self, links));
}

void DesignScene::addPartItem(const QString& id)
{
    const Part* p = document_->part(id);
    if (!p || parts_.contains(id))
        return;
    PartItem* item = nullptr;
    switch (p->kind) {
    case PartKind::Node:
        item = p->count > 1 ? static_cast<PartItem*>(new NodeGroupItem(id)) : new NodeItem(id);
        break;
    case PartKind::Switch:
        item = new SwitchItem(id);
        break;
    case PartKind::Storage:
        item = new StorageItem(id);
        break;
    }
    parts_.insert(id, item);
    addItem(item);
    refreshPart(id);
}

void DesignScene::removePartItem(const QString& id)
{
    PartItem* item = parts_.take(id);
    flagged_.remove(id);
    dragStart_.remove(id);
    delete item;
}

void DesignScene::refreshPart(const QString& id)
{
    const Part* p = document_->part(id);
    PartItem* item = parts_.value(id);
    if (!p || !item)
        return;
    // A node that became a group (or back) needs the other item type.
    const bool wantGroup = p->kind == PartKind::Node && p->count > 1;
    if (p->kind == PartKind::Node && wantGroup != (item->type() == NodeGroupItem::Type)) {
        const bool selected = item->isSelected();
        removePartItem(id);
        addPartItem(id);
        if (PartItem* fresh = parts_.value(id))
            fresh->setSelected(selected);
        partItemMoved(parts_.value(id));
        return;
    }
    const QString name = q(p->name);
    const QString catalogId = q(p->catalogId);
    switch (p->kind) {
    case PartKind::Node: {
        const NodeSpec* spec = catalog_.node(p->catalogId);
        const QString model = spec ? spec::shortName(spec->name, spec->vendor) : catalogId;
        // GPUs first: the model name may be long and is elided.
        QString subtitle = spec ? spec::gpuLine(*spec, catalog_) + QStringLiteral(" · ") + model
                                : tr("unknown node %1").arg(catalogId);
        QString tip = spec ? model + QLatin1Char('\n') + spec::nodeSummary(*spec, catalog_)
                           : tr("Catalog id %1 not found").arg(catalogId);
        if (p->count > 1) {
            subtitle =
                spec ? tr("%1 × %2 · %3 GPUs").arg(p->count).arg(model).arg(p->count * spec->gpus) : subtitle;
            tip =
                tr("Group of %1 identical nodes (double-click to expand or collapse)\n").arg(p->count) + tip;
            static_cast<NodeGroupItem*>(item)->setCount(p->count);
        }
        item->setLabels(name, subtitle, tip);
        break;
    }
    case PartKind::Switch: {
        const SwitchSpec* spec = catalog_.switchSpec(p->catalogId);
        const int used = portsUsed(id), radix = spec ? spec->radix : 0;
        static_cast<SwitchItem*>(item)->setPorts(used, radix);
        static_cast<SwitchItem*>(item)->setCount(std::max(1, p->count));
        const QString model = spec ? spec::shortName(spec->name, spec->vendor) : catalogId;
        const QString array =
            p->count > 1 ? tr("Array of %L1 identical switches\n").arg(p->count) : QString();
        // Ports first: a long switch name is elided, the port count must stay visible.
        item->setLabels(name, switchSubtitle(*p, used, radix, model),
                        array + (spec ? model + QLatin1Char('\n') + spec::switchSummary(*spec)
                                      : tr("Catalog id %1 not found").arg(catalogId)));
        break;
    }
    case PartKind::Storage: {
        const StorageSpec* spec = catalog_.storage(p->catalogId);
        const QString model = spec ? spec::shortName(spec->name, spec->vendor) : catalogId;
        item->setLabels(name, model,
                        spec ? model + QLatin1Char('\n') + spec::storageSummary(*spec)
                             : tr("Catalog id %1 not found").arg(catalogId));
        break;
    }
    }
    item->setPosFromModel(QPointF(p->x, p->y));
    partItemMoved(item);
    // A group's (or a switch array's) member count changes the cables of its links.
    if (p->kind != PartKind::Storage)
        for (const QString& lid : document_->linksOfPart(id))
            refreshLink(lid);
}

LinkItem* DesignScene::addLinkItem(const QString& id)
{
    const Link* l = document_->link(id);
    if (!l || links_.contains(id))
        return nullptr;
    auto* item = new LinkItem(id, q(l->fromPartId), q(l->toPartId));
    links_.insert(id, item);
    addItem(item);
    refreshLink(id);
    refreshSwitchPorts(item->fromId());
    refreshSwitchPorts(item->toId());
    return item;
}

void DesignScene::removeLinkItem(const QString& id)
{
    LinkItem* item = links_.take(id);
    if (!item)
        return;
    flagged_.remove(id);
    const QString from = item->fromId(), to = item->toId();
    delete item;
    refreshSwitchPorts(from);
    refreshSwitchPorts(to);
}

void DesignScene::refreshLink(const QString& id)
{
    const Link* l = document_->link(id);
    LinkItem* item = links_.value(id);
    if (!l || !item)
        return;
    const Part *from = document_->part(item->fromId()), *to = document_->part(item->toId());
    const long long cables = cablesOf(*l, from, to);
    item->setStyle(*l, clampedToInt(cables));
    item->setBundleWords(bundleWords(*l, from, to, cables));
    const PartItem* a = parts_.value(item->fromId());
    const PartItem* b = parts_.value(item->toId());
    if (a && b)
        item->setEnds(a->pos(), b->pos());
    refreshSwitchPorts(item->fromId());
    refreshSwitchPorts(item->toId());
}

void DesignScene::refreshSwitchPorts(const QString& partId)
{
    if (bulkLoading_)
        return;
    auto* sw = qgraphicsitem_cast<SwitchItem*>(parts_.value(partId));
    if (!sw)
        return;
    const Part* p = document_->part(partId);
    const SwitchSpec* spec = p ? catalog_.switchSpec(p->catalogId) : nullptr;
    const int used = portsUsed(partId), radix = spec ? spec->radix : 0;
    sw->setPorts(used, radix);
    const QString model = spec ? spec::shortName(spec->name, spec->vendor) : partId;
    sw->setLabels(p ? q(p->name) : partId,
                  p ? switchSubtitle(*p, used, radix, model)
                    : tr("%1 / %2 ports · %3").arg(used).arg(radix).arg(model),
                  sw->toolTip().section(QStringLiteral("\n\n"), 0, 0));
}

const FabricTiers& DesignScene::tiers()
{
    if (tiersDirty_) {
        FabricTiers fresh = FabricTiers::of(document_->design(), catalog_);
        if (!fresh.sameRoles(tiers_))
            ++tiersGeneration_; // link items re-read their band
        tiers_ = std::move(fresh);
        tiersDirty_ = false;
    }
    return tiers_;
}

QRectF DesignScene::tierRect(const Tier& tier) const
{
    QRectF r;
    for (const QString& id : tier.partIds)
        if (const PartItem* item = parts_.value(id))
            r = r.isNull() ? item->sceneBoundingRect() : r.united(item->sceneBoundingRect());
    return r;
}

void DesignScene::partItemMoved(PartItem* item)
{
    if (!item)
        return;
    for (const QString& lid : document_->linksOfPart(item->partId())) {
        LinkItem* link = links_.value(lid);
        if (!link)
            continue;
        const PartItem* a = parts_.value(link->fromId());
        const PartItem* b = parts_.value(link->toId());
        if (a && b)
            link->setEnds(a->pos(), b->pos());
    }
}

void DesignScene::mousePressEvent(QGraphicsSceneMouseEvent* event)
{
    QGraphicsScene::mousePressEvent(event);
    dragStart_.clear();
    if (event->button() != Qt::LeftButton)
        return;
    for (QGraphicsItem* item : selectedItems())
        if (auto* part = dynamic_cast<PartItem*>(item))
            dragStart_.insert(part->partId(), part->pos());
}

void DesignScene::mouseReleaseEvent(QGraphicsSceneMouseEvent* event)
{
    QGraphicsScene::mouseReleaseEvent(event);
    if (event->button() != Qt::LeftButton || dragStart_.isEmpty())
        return;
    // The gesture is over: report it once; the document pushes one command.
    QVector<PartMove> moves;
    for (auto it = dragStart_.cbegin(); it != dragStart_.cend(); ++it)
        if (PartItem* part = parts_.value(it.key()); part && part->pos() != it.value())
            moves.push_back(PartMove{it.key(), it.value(), part->pos()});
    dragStart_.clear();
    if (!moves.isEmpty())
        document_->moveParts(moves, ++gesture_);
}

void DesignScene::applyProblems()
{
    // Clear only what was flagged, then flag what the checker reports: O(problems).
    for (const QString& id : std::as_const(flagged_)) {
        if (PartItem* p = parts_.value(id))
            p->setProblem(ProblemLevel::None, {});
        else if (LinkItem* l = links_.value(id))
            l->setProblem(ProblemLevel::None, {});
    }
    flagged_.clear();
    const Problems& problems = checker_->problems();
    const auto& byItem = checker_->problemsByItem();
    for (auto it = byItem.cbegin(); it != byItem.cend(); ++it) {
        const QString& id = it.key();
        ProblemLevel level = ProblemLevel::Warning;
        QStringList lines;
        for (int index : it.value()) {
            const Problem& pr = problems[std::size_t(index)];
            if (pr.severity == Severity::Error)
                level = ProblemLevel::Error;
            lines.push_back((pr.severity == Severity::Error ? tr("Error: ") : tr("Warning: ")) +
                            problemText(pr));
        }
        if (PartItem* p = parts_.value(id))
            p->setProblem(level, lines.join(QLatin1Char('\n')));
        else if (LinkItem* l = links_.value(id))
            l->setProblem(level, lines.join(QLatin1Char('\n')));
        else
            continue;
        flagged_.insert(id);
    }
}

void DesignScene::onSceneSelectionChanged()
{
    if (syncingSelection_)
        return;
    QStringList ids;
    for (QGraphicsItem* item : selectedItems())
        if (const QString id = idOf(item); !id.isEmpty())
            ids.push_back(id);
    syncingSelection_ = true;
    document_->setSelectedIds(ids);
    syncingSelection_ = false;
}

void DesignScene::onDocumentSelectionChanged()
{
    if (syncingSelection_)
        return;
    syncingSelection_ = true;
    const QStringList ids = document_->selectedIds();
    for (QGraphicsItem* item : selectedItems())
        if (!ids.contains(idOf(item)))
            item->setSelected(false);
    for (const QString& id : ids)
        if (QGraphicsItem* item = itemForId(id))
            item->setSelected(true);
    syncingSelection_ = false;
}

} // namespace cf
