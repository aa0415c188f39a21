// DesignDocument's raw mutators: called only by the undo commands. Each emits
// the fine-grained signals the views use to update O(1) per object.
#include "widgets/document/design_document.h"
#include "widgets/document/field_property.h"

#include <algorithm>

namespace cf {
namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

template <typename T> void mergeInsert(std::vector<T>& items, const std::vector<std::pair<int, T>>& inserts)
{
    std::vector<T> out;
    out.reserve(items.size() + inserts.size());
    std::size_t next = 0, from = 0;
    while (next < inserts.size() || from < items.size()) {
        if (next < inserts.size() && (int(out.size()) == inserts[next].first || from >= items.size()))
            out.push_back(inserts[next++].second);
        else
            out.push_back(std::move(items[from++]));
    }
    items = std::move(out);
}

template <typename T> void eraseIndices(std::vector<T>& items, const std::vector<int>& ascending)
{
    std::size_t write = 0, skip = 0;
    for (std::size_t read = 0; read < items.size(); ++read) {
        if (skip < ascending.size() && int(read) == ascending[skip]) {
            ++skip;
            continue;
        }
        if (write != read)
            items[write] = std::move(items[read]);
        ++write;
    }
    items.resize(write);
}

} // namespace

void DesignDocument::insertParts(const std::vector<std::pair<int, Part>>& parts)
{
    if (parts.empty())
        return;
    mergeInsert(design_.parts, parts);
    rebuildPartIndex();
    for (const auto& entry : parts)
        emit partAdded(q(entry.second.id));
}

void DesignDocument::removeParts(const std::vector<int>& indices)
{
    if (indices.empty())
        return;
    QStringList ids;
    for (int i : indices) {
        const QString id = q(design_.parts[std::size_t(i)].id);
        ids.push_back(id);
        adjacency_.remove(id);
    }
    const qsizetype selected = selection_.size();
    for (const QString& id : ids)
        selection_.removeAll(id);
    eraseIndices(design_.parts, indices);
    rebuildPartIndex();
    for (const QString& id : ids)
        emit partRemoved(id);
    if (selection_.size() != selected)
        emit selectionChanged();
}

void DesignDocument::insertLinks(const std::vector<std::pair<int, Link>>& links)
{
    if (links.empty())
        return;
    mergeInsert(design_.links, links);
    rebuildLinkIndex();
    for (const auto& entry : links)
        addAdjacency(entry.second);
    for (const auto& entry : links)
        emit linkAdded(q(entry.second.id));
}

void DesignDocument::removeLinks(const std::vector<int>& indices)
{
    if (indices.empty())
        return;
    QStringList ids;
    for (int i : indices) {
        const Link& l = design_.links[std::size_t(i)];
        removeAdjacency(l);
        ids.push_back(q(l.id));
    }
    const qsizetype selected = selection_.size();
    for (const QString& id : ids)
        selection_.removeAll(id);
    eraseIndices(design_.links, indices);
    rebuildLinkIndex();
    for (const QString& id : ids)
        emit linkRemoved(id);
    if (selection_.size() != selected)
        emit selectionChanged();
}

void DesignDocument::setPartPos(const QString& id, QPointF pos)
{
    const int i = partIndex(id);
    if (i < 0)
        return;
    Part& p = design_.parts[std::size_t(i)];
    p.x = pos.x();
    p.y = pos.y();
    emit partChanged(id);
}

void DesignDocument::writePartProperty(const QString& id, const QString& property, const QVariant& value)
{
    const int i = partIndex(id);
    if (i < 0)
        return;
    Part& p = design_.parts[std::size_t(i)];
    if (property == QLatin1String("name"))
        p.name = value.toString().toStdString();
    else if (property == QLatin1String("catalogId"))
        p.catalogId = value.toString().toStdString();
    else if (const FieldSpec<Part>* f = propertyRow(partFields(), "parts", property)) // x, y, count
        setRowValue(*f, p, value);
    emit partChanged(id);
}

void DesignDocument::writeLinkProperty(const QString& id, const QString& property, const QVariant& value)
{
    const int i = linkIndex(id);
    if (i < 0)
        return;
    Link& l = design_.links[std::size_t(i)];
    if (const FieldSpec<Link>* f = propertyRow(linkFields(), "links", property)) // speed, medium, ...
        setRowValue(*f, l, value);
    emit linkChanged(id);
}

void DesignDocument::replaceTopology(const std::vector<Part>& parts, const std::vector<Link>& links)
{
    design_.parts = parts;
    design_.links = links;
    rebuildIndex();
    selection_.clear();
    emit designReset();
    emit selectionChanged();
}

void DesignDocument::writeWorkload(const Workload& w)
{
    design_.workload = w;
    emit workloadChanged();
}

void DesignDocument::writeParallelism(const Parallelism& p)
{
    design_.parallelism = p;
    emit parallelismChanged();
}

void DesignDocument::writeEconomics(const Economics& e)
{
    design_.economics = e;
    emit economicsChanged();
}

void DesignDocument::writeCalibration(const std::optional<CalibrationProfile>& profile)
{
    design_.calibration = profile;
    emit calibrationChanged();
}

void DesignDocument::rebuildIndex()
{
    rebuildPartIndex();
    rebuildLinkIndex();
    adjacency_.clear();
    for (const Link& l : design_.links)
        addAdjacency(l);
}

void DesignDocument::rebuildPartIndex()
{
    partIndex_.clear();
    partIndex_.reserve(qsizetype(design_.parts.size()));
    for (std::size_t i = 0; i < design_.parts.size(); ++i)
        partIndex_.insert(q(design_.parts[i].id), int(i));
}

void DesignDocument::rebuildLinkIndex()
{
    linkIndex_.clear();
    linkIndex_.reserve(qsizetype(design_.links.size()));
    for (std::size_t i = 0; i < design_.links.size(); ++i)
        linkIndex_.insert(q(design_.links[i].id), int(i));
}

void DesignDocument::addAdjacency(const Link& l)
{
    adjacency_[q(l.fromPartId)].push_back(q(l.id));
    if (l.toPartId != l.fromPartId)
        adjacency_[q(l.toPartId)].push_back(q(l.id));
}

void DesignDocument::removeAdjacency(const Link& l)
{
    const QString id = q(l.id);
    for (const std::string& end : {l.fromPartId, l.toPartId}) {
        auto it = adjacency_.find(q(end));
        if (it != adjacency_.end()) {
            it->removeAll(id);
            if (it->isEmpty())
                adjacency_.erase(it);
        }
    }
}

} // namespace cf
