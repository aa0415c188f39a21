#include "widgets/document/design_clipboard.h"

#include "models/design/design_json.h"
#include "widgets/document/design_document.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace cf {

namespace {

// "leaf12" -> "leaf"; "l3" -> "l".
std::string prefixOf(const std::string& id)
{
    std::size_t end = id.size();
    while (end > 0 && id[end - 1] >= '0' && id[end - 1] <= '9')
        --end;
    return id.substr(0, end);
}

class IdAllocator {
public:
    explicit IdAllocator(const Design& design)
    {
        for (const Part& p : design.parts)
            note(p.id);
        for (const Link& l : design.links)
            note(l.id);
    }
    std::string next(const std::string& prefix)
    {
        long& n = largest_[prefix];
        std::string id;
        do
            id = prefix + std::to_string(++n);
        while (used_.contains(id));
        used_.insert(id);
        return id;
    }

private:
    void note(const std::string& id)
    {
        used_.insert(id);
        const std::string prefix = prefixOf(id);
        const std::string tail = id.substr(prefix.size());
        if (!tail.empty() && tail.size() <= 9)
            largest_[prefix] = std::max(largest_[prefix], std::stol(tail));
    }
    std::unordered_map<std::string, long> largest_;
    std::unordered_set<std::string> used_;
};

// Names of pasted parts: each unique in the design (issue 28 item 2), so the
// canvas, the problems and the BOM tell four pasted nodes apart.
class NameAllocator {
public:
    explicit NameAllocator(const Design& design)
    {
        for (const Part& p : design.parts)
            note(p.name);
    }
    // `name` when free; else its number bumped past the largest in use
    // ("DGX H100 #1" -> "DGX H100 #9"), or " #2" added when it has none.
    std::string next(const std::string& name)
    {
        std::string fresh = name;
        if (used_.contains(fresh)) {
            std::string base = prefixOf(name);
            if (base.size() == name.size())
                base += " #";
            long& n = largest_[base];
            n = std::max(n, 1L);
            do
                fresh = base + std::to_string(++n);
            while (used_.contains(fresh));
        }
        note(fresh);
        return fresh;
    }

private:
    void note(const std::string& name)
    {
        used_.insert(name);
        const std::string base = prefixOf(name);
        const std::string tail = name.substr(base.size());
        if (!tail.empty() && tail.size() <= 9)
            largest_[base] = std::max(largest_[base], std::stol(tail));
    }
    std::unordered_map<std::string, long> largest_;
    std::unordered_set<std::string> used_;
};

} // namespace

Design copyFragment(const Design& design, const DesignDocument& document, const QStringList& ids)
{
    Design fragment;
    fragment.name = "fragment";
    std::unordered_set<std::string> parts;
    for (const QString& id : ids)
        if (const Part* p = document.part(id)) {
            fragment.parts.push_back(*p);
            parts.insert(p->id);
        }
    for (const Part& p : fragment.parts)
        for (const QString& lid : document.linksOfPart(QString::fromStdString(p.id)))
            if (const Link* l = document.link(lid);
                l && parts.contains(l->fromPartId) && parts.contains(l->toPartId) &&
                std::none_of(fragment.links.begin(), fragment.links.end(),
                             [&](const Link& x) { return x.id == l->id; }))
                fragment.links.push_back(*l);
    (void)design;
    return fragment;
}

DesignFragment remapFragment(const Design& fragment, const Design& design, QPointF offset)
{
    IdAllocator ids(design);
    NameAllocator names(design);
    std::unordered_map<std::string, std::string> newId;
    DesignFragment out;
    for (Part p : fragment.parts) {
        std::string prefix = prefixOf(p.id);
        if (prefix.empty())
            prefix = p.kind == PartKind::Node ? "n" : p.kind == PartKind::Switch ? "sw" : "st";
        const std::string fresh = ids.next(prefix);
        // The default name (DesignDocument::addPart: "<catalog id>-<id>") follows the new id.
        const bool defaultName = p.name == p.catalogId + "-" + p.id;
        p.name = names.next(defaultName ? p.catalogId + "-" + fresh : p.name);
        newId[p.id] = fresh;
        p.id = fresh;
        p.x += offset.x();
        p.y += offset.y();
        out.parts.push_back(std::move(p));
    }
    for (Link l : fragment.links) {
        if (!newId.contains(l.fromPartId) || !newId.contains(l.toPartId))
            continue;
        l.id = ids.next("l");
        l.fromPartId = newId[l.fromPartId];
        l.toPartId = newId[l.toPartId];
        out.links.push_back(std::move(l));
    }
    return out;
}

QString fragmentToJson(const Design& fragment)
{
    return QString::fromStdString(saveDesignJson(fragment));
}

Result<Design> fragmentFromJson(const QString& text)
{
    Result<Design> result = loadDesignJson(text.toStdString());
    if (!result.ok() && result.problems().empty())
        result.problems().push_back({Severity::Error, "", "not a design", {}});
    return result;
}

} // namespace cf
