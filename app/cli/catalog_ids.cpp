#include "app/cli/catalog_ids.h"

#include "app/cli/arg_list.h"

#include "models/core/name_suggestion.h"

namespace cf::cli {
namespace {

template <typename T> std::vector<std::string> idsOf(const std::vector<T>& entries)
{
    std::vector<std::string> ids;
    for (const T& e : entries)
        ids.push_back(e.id);
    return ids;
}

} // namespace

const std::vector<CatalogKindInfo>& catalogKinds()
{
    static const std::vector<CatalogKindInfo> kinds{{CatalogKind::Gpus, "gpus", "GPU"},
                                                    {CatalogKind::Nodes, "nodes", "node"},
                                                    {CatalogKind::Switches, "switches", "switch"},
                                                    {CatalogKind::Storage, "storage", "storage system"},
                                                    {CatalogKind::Racks, "racks", "rack type"},
                                                    {CatalogKind::Models, "models", "model preset"},
                                                    {CatalogKind::Nics, "nics", "NIC"},
                                                    {CatalogKind::Cables, "cables", "cable"}};
    return kinds;
}

const CatalogKindInfo& infoOf(CatalogKind kind)
{
    for (const CatalogKindInfo& k : catalogKinds())
        if (k.kind == kind)
            return k;
    return catalogKinds().front();
}

std::vector<std::string> catalogKindNames()
{
    std::vector<std::string> names;
    for (const CatalogKindInfo& k : catalogKinds())
        names.emplace_back(k.name);
    return names;
}

std::vector<std::string> catalogIds(const Catalog& catalog, CatalogKind kind)
{
    switch (kind) {
    case CatalogKind::Gpus:
        return idsOf(catalog.gpus());
    case CatalogKind::Nodes:
        return idsOf(catalog.nodes());
    case CatalogKind::Switches:
        return idsOf(catalog.switches());
    case CatalogKind::Storage:
        return idsOf(catalog.storages());
    case CatalogKind::Racks:
        return idsOf(catalog.racks());
    case CatalogKind::Models:
        return idsOf(catalog.presets());
    case CatalogKind::Nics:
        return idsOf(catalog.nics());
    case CatalogKind::Cables:
        return idsOf(catalog.cables());
    }
    return {};
}

std::string unknownIdMessage(const Catalog& catalog, CatalogKind kind, const std::string& id)
{
    const CatalogKindInfo& info = infoOf(kind);
    std::string nearest;
    for (const std::string& name : nearestNames(id, catalogIds(catalog, kind)))
        nearest += (nearest.empty() ? "" : ", ") + name;
    return std::string("unknown ") + info.noun + " " + quoteValue(id) + " (nearest: " + nearest +
           "; 'clusterforge-cli catalog " + info.name + "' lists all)";
}

std::vector<std::string> idsForFlag(const Catalog& catalog, const std::string& flag)
{
    if (flag == "--gpu")
        return catalogIds(catalog, CatalogKind::Gpus);
    if (flag == "--node")
        return catalogIds(catalog, CatalogKind::Nodes);
    if (flag == "--switch")
        return catalogIds(catalog, CatalogKind::Switches);
    if (flag == "--storage")
        return catalogIds(catalog, CatalogKind::Storage);
    if (flag == "--model")
        return catalogIds(catalog, CatalogKind::Models);
    return {};
}

} // namespace cf::cli
