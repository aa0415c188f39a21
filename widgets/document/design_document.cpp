#include "widgets/document/design_document.h"

#include "widgets/document/design_title_command.h"
#include "widgets/document/edit_commands.h"
#include "widgets/document/field_property.h"
#include "widgets/document/item_commands.h"

#include <QSet>
#include <QUndoStack>

#include <algorithm>

namespace cf {
namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

const char* prefixFor(PartKind kind)
{
    switch (kind) {
    case PartKind::Node:
        return "n";
    case PartKind::Switch:
        return "sw";
    case PartKind::Storage:
        return "st";
    }
    return "p";
}

// A new link between two parts, at least one cable per member.
Link newLink(std::string id, const QString& fromId, const QString& toId, double speedGbps,
             int cablesPerMember)
{
    Link l;
    l.id = std::move(id);
    l.fromPartId = fromId.toStdString();
    l.toPartId = toId.toStdString();
    l.speedGbps = speedGbps;
    l.cablesPerMember = std::max(1, cablesPerMember);
    return l;
}

} // namespace

DesignDocument::DesignDocument(QUndoStack* undoStack, QObject* parent)
    : QObject(parent), undoStack_(undoStack ? undoStack : new QUndoStack(this))
{}

DesignDocument::~DesignDocument() = default;

void DesignDocument::resetDesign(const Design& design)
{
    undoStack_->clear();
    design_ = design;
    rebuildIndex();
    selection_.clear();
    emit designReset();
    emit selectionChanged();
    emit changed();
}

const Part* DesignDocument::part(const QString& id) const
{
    const int i = partIndex(id);
    return i < 0 ? nullptr : &design_.parts[std::size_t(i)];
}

const Link* DesignDocument::link(const QString& id) const
{
    const int i = linkIndex(id);
    return i < 0 ? nullptr : &design_.links[std::size_t(i)];
}

int DesignDocument::partIndex(const QString& id) const
{
    return partIndex_.value(id, -1);
}
int DesignDocument::linkIndex(const QString& id) const
{
    return linkIndex_.value(id, -1);
}
QStringList DesignDocument::linksOfPart(const QString& partId) const
{
    return adjacency_.value(partId);
}

// ---- Undoable edits ----

QString DesignDocument::addPart(PartKind kind, const QString& catalogId, QPointF pos, const QString& name,
                                int count)
{
    Part p;
    p.id = design_.nextId(prefixFor(kind));
    p.kind = kind;
    p.catalogId = catalogId.toStdString();
    p.name = name.isEmpty() ? catalogId.toStdString() + "-" + p.id : name.toStdString();
    p.x = pos.x();
    p.y = pos.y();
    p.count = std::max(1, count);
    undoStack_->push(new AddItemsCommand(this, {p}, {}, tr("Add %1").arg(q(p.name))));
    return q(p.id);
}

void DesignDocument::addItems(const std::vector<Part>& parts, const std::vector<Link>& links,
                              const QString& text)
{
    if (parts.empty() && links.empty())
        return;
    undoStack_->push(new AddItemsCommand(this, parts, links, text));
}

void DesignDocument::removeItems(const QStringList& ids)
{
    QSet<QString> partIds, linkIds;
    for (const QString& id : ids) {
        if (partIndex_.contains(id)) {
            partIds.insert(id);
            for (const QString& l : adjacency_.value(id))
                linkIds.insert(l);
        } else if (linkIndex_.contains(id)) {
            linkIds.insert(id);
        }
    }
    if (partIds.isEmpty() && linkIds.isEmpty())
        return;
    // One macro: the links first (a part's links and the selected links), then
    // the parts. Each child is a batch command, linear in the design size.
    undoStack_->beginMacro(tr("Delete %n item(s)", nullptr, int(partIds.size() + linkIds.size())));
    if (!linkIds.isEmpty())
        undoStack_->push(new RemoveItemsCommand(this, {}, linkIds, tr("Delete links")));
    if (!partIds.isEmpty())
        undoStack_->push(new RemoveItemsCommand(this, partIds, {}, tr("Delete parts")));
    undoStack_->endMacro();
}

void DesignDocument::movePart(const QString& id, QPointF from, QPointF to, int gestureId)
{
    moveParts({PartMove{id, from, to}}, gestureId);
}

void DesignDocument::moveParts(const QVector<PartMove>& moves, int gestureId)
{
    QVector<PartMove> real;
    for (const PartMove& m : moves)
        if (partIndex_.contains(m.partId) && m.from != m.to)
            real.push_back(m);
    if (real.isEmpty())
        return;
    auto* command = new MovePartsCommand(this, real, gestureId);
    if (real.size() == 1)
        command->setText(tr("Move %1").arg(displayName(real.front().partId)));
    undoStack_->push(command);
}

QString DesignDocument::addLink(const QString& fromId, const QString& toId, double speedGbps, Medium medium,
                                LengthClass lengthClass, int cablesPerMember)
{
    if (!partIndex_.contains(fromId) || !partIndex_.contains(toId) || fromId == toId)
        return {};
    Link l = newLink(design_.nextId("l"), fromId, toId, speedGbps, cablesPerMember);
    l.medium = medium;
    l.lengthClass = lengthClass;
    undoStack_->push(
        new AddItemsCommand(this, {}, {l}, tr("Link %1 to %2").arg(displayName(fromId), displayName(toId))));
    return q(l.id);
}

QString DesignDocument::addLink(const QString& fromId, const QString& toId, double speedGbps,
                                int cablesPerMember, const std::vector<LinkDefault::Change>& rebalanced)
{
    if (rebalanced.empty())
        return addLink(fromId, toId, speedGbps, Medium::Fibre, LengthClass::InRow, cablesPerMember);
    if (!partIndex_.contains(fromId) || !partIndex_.contains(toId) || fromId == toId)
        return {};
    const Link l = newLink(design_.nextId("l"), fromId, toId, speedGbps, cablesPerMember);
    // A plain parent command runs its children in order (undo: reverse).
    auto* step = new QUndoCommand(tr("Link %1 to %2").arg(displayName(fromId), displayName(toId)));
    new AddItemsCommand(this, {}, {l}, step->text(), step);
    for (const LinkDefault::Change& c : rebalanced)
        if (const Link* other = link(q(c.linkId)))
            new PropertyCommand(this, PropertyCommand::Target::Link, q(c.linkId),
                                linkKey("links.cablesPerMember"), other->cablesPerMember, c.cablesPerMember,
                                mergeSerial_, step);
    undoStack_->push(step);
    return q(l.id);
}

void DesignDocument::removeLink(const QString& id)
{
    if (linkIndex_.contains(id))
        removeItems({id});
}

bool DesignDocument::setPartProperty(const QString& id, const QString& property, const QVariant& value)
{
    const Part* p = part(id);
    if (!p)
        return false;
    const QVariant old = partProperty(*p, property);
    if (!old.isValid() || old == value)
        return false;
    auto* command =
        new PropertyCommand(this, PropertyCommand::Target::Part, id, property, old, value, mergeSerial_);
    command->setText(tr("Set %1 of %2").arg(propertyLabel(property), displayName(id)));
    undoStack_->push(command);
    return true;
}

bool DesignDocument::setLinkProperty(const QString& id, const QString& property, const QVariant& value)
{
    const Link* l = link(id);
    if (!l)
        return false;
    const QVariant old = linkProperty(*l, property);
    if (!old.isValid() || old == value)
        return false;
    auto* command =
        new PropertyCommand(this, PropertyCommand::Target::Link, id, property, old, value, mergeSerial_);
    command->setText(tr("Set %1 of %2").arg(propertyLabel(property), displayName(id)));
    undoStack_->push(command);
    return true;
}

void DesignDocument::applyGeneratedFabric(const GeneratedFabric& fabric)
{
    undoStack_->push(new ReplaceTopologyCommand(this, fabric.parts, fabric.links, tr("Generate fabric")));
}

void DesignDocument::setDesignTitle(const std::string& name, const std::string& description)
{
    if (name == design_.name && description == design_.description)
        return;
    undoStack_->push(new DesignTitleCommand(this, name, description, tr("Rename design")));
}

void DesignDocument::setWorkload(const Workload& workload, const QString& fieldLabel)
{
    if (workload == design_.workload)
        return;
    Design after = design_;
    after.workload = workload;
    auto* command = new SettingsCommand(this, design_, after, SettingsCommand::What::Workload, mergeSerial_);
    if (!fieldLabel.isEmpty())
        command->setText(tr("Change %1").arg(fieldLabel));
    undoStack_->push(command);
}

void DesignDocument::setParallelism(const Parallelism& parallelism, const QString& fieldLabel)
{
    if (parallelism == design_.parallelism)
        return;
    Design after = design_;
    after.parallelism = parallelism;
    auto* command =
        new SettingsCommand(this, design_, after, SettingsCommand::What::Parallelism, mergeSerial_);
    if (!fieldLabel.isEmpty())
        command->setText(tr("Change %1").arg(fieldLabel));
    undoStack_->push(command);
}

QString DesignDocument::displayName(const QString& id) const
{
    if (const Part* p = part(id))
        return p->name.empty() ? id : q(p->name);
    if (const Link* l = link(id))
        return tr("link %1 \u2013 %2").arg(displayName(q(l->fromPartId)), displayName(q(l->toPartId)));
    return id;
}

QString DesignDocument::propertyLabel(const QString& property)
{
    static const QHash<QString, const char*> labels{
        {QStringLiteral("name"), QT_TR_NOOP("name")},
        {QStringLiteral("count"), QT_TR_NOOP("count")},
        {QStringLiteral("catalogId"), QT_TR_NOOP("catalog part")},
        {QStringLiteral("x"), QT_TR_NOOP("position")},
        {QStringLiteral("y"), QT_TR_NOOP("position")},
        {QStringLiteral("speedGbps"), QT_TR_NOOP("speed")},
        {QStringLiteral("medium"), QT_TR_NOOP("medium")},
        {QStringLiteral("lengthClass"), QT_TR_NOOP("length class")},
        {linkKey("links.cablesPerMember"), QT_TR_NOOP("cables per member")},
    };
    const auto it = labels.constFind(property);
    return it == labels.constEnd() ? property : tr(it.value());
}

void DesignDocument::applyDerivedSettings(const Workload& workload, const Parallelism& parallelism)
{
    if (!(workload == design_.workload))
        writeWorkload(workload);
    if (!(parallelism == design_.parallelism))
        writeParallelism(parallelism);
    emit changed();
}

void DesignDocument::setEconomics(const Economics& economics)
{
    if (economics == design_.economics)
        return;
    Design after = design_;
    after.economics = economics;
    undoStack_->push(
        new SettingsCommand(this, design_, after, SettingsCommand::What::Economics, mergeSerial_));
}

QVariant DesignDocument::partProperty(const Part& p, const QString& property)
{
    if (property == QLatin1String("name"))
        return q(p.name);
    if (property == QLatin1String("catalogId"))
        return q(p.catalogId);
    if (const FieldSpec<Part>* f = propertyRow(partFields(), "parts", property)) // x, y, count
        return rowValue(*f, p);
    return {};
}

QVariant DesignDocument::linkProperty(const Link& l, const QString& property)
{
    if (const FieldSpec<Link>* f = propertyRow(linkFields(), "links", property)) // speed, medium, ...
        return rowValue(*f, l);
    return {};
}

// ---- View state ----

void DesignDocument::setSelectedIds(const QStringList& ids)
{
    if (ids == selection_)
        return;
    selection_ = ids;
    closeMergeWindow(); // a new selection starts a new typing step
    emit selectionChanged();
}

void DesignDocument::requestFocus(const QString& id)
{
    emit focusRequested(id);
}

} // namespace cf
