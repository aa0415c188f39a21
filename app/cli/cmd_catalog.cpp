// clusterforge-cli catalog [gpus|nodes|switches|storage|racks|models|nics|cables] [ID] [--format json|text]
// The catalog the app and the CLI use (built-in plus the user's file), so its
// ids can be found without reading resources/catalog.json (issue 28 item 16):
// without a section, every section's ids; with one, a row per entry with its
// main figures (units in the key names, as docs/json.md lists); with an id,
// that entry. An unknown section or id exits 2 naming the nearest ones.
#include "app/cli/arg_list.h"
#include "app/cli/catalog_ids.h"
#include "app/cli/command_spec.h"
#include "app/cli/commands.h"
#include "app/cli/json_schema.h"

#include "models/core/name_suggestion.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <ostream>

namespace cf::cli {
namespace {

using Row = nlohmann::ordered_json;

Row gpuRow(const GpuSpec& g)
{
    return {{"id", g.id},
            {"name", g.name},
            {"vendor", g.vendor},
            {"arch", g.arch},
            {"bf16_tflops", g.bf16Tflops},
            {"fp8_tflops", g.fp8Tflops},
            {"fp4_tflops", g.fp4Tflops},
            {"hbm_gib", g.hbmGB},
            {"hbm_GBps", g.hbmGBps},
            {"scale_up_GBps_per_dir", g.scaleUpGBpsPerDir},
            {"power_w", g.powerW},
            {"price_usd", g.priceUsd}};
}

Row nodeRow(const NodeSpec& n)
{
    return {{"id", n.id},
            {"name", n.name},
            {"gpu", n.gpuId},
            {"gpus", n.gpus},
            {"scale_up", toString(n.scaleUp)},
            {"scale_up_domain_gpus", n.scaleUpDomainGpus},
            {"nics", n.nics},
            {"nic_gbps", n.nicGbps},
            {"max_power_w", n.maxPowerW},
            {"rack_units", n.rackUnits},
            {"cooling", toString(n.cooling)},
            {"price_usd", n.priceUsd}};
}

Row switchRow(const SwitchSpec& s)
{
    return {{"id", s.id},
            {"name", s.name},
            {"tech", toString(s.tech)},
            {"radix", s.radix},
            {"port_gbps", s.portGbps},
            {"sharp", s.inNetworkReduction},
            {"power_w", s.powerW},
            {"rack_units", s.rackUnits},
            {"price_usd", s.priceUsd}};
}

Row storageRow(const StorageSpec& s)
{
    return {{"id", s.id},
            {"name", s.name},
            {"read_GBps", s.readGBps},
            {"write_GBps", s.writeGBps},
            {"per_client_GBps", s.perClientGBps},
            {"capacity_tb", s.capacityTB},
            {"power_w", s.powerW},
            {"rack_units", s.rackUnits},
            {"price_usd", s.priceUsd}};
}

Row rackRow(const RackSpec& r)
{
    return {{"id", r.id},
            {"name", r.name},
            {"rack_units", r.rackUnits},
            {"power_limit_kw", r.powerLimitKw},
            {"cooling", toString(r.cooling)},
            {"power_feeds", r.powerFeeds},
            {"price_usd", r.priceUsd}};
}

Row modelRow(const ModelPreset& m)
{
    return {{"id", m.id},
            {"name", m.name},
            {"params_billion", m.paramsBillion},
            {"layers", m.shape.layers},
            {"hidden", m.shape.hidden},
            {"heads", m.shape.heads},
            {"kv_heads", m.shape.kvHeads},
            {"experts", m.shape.experts},
            {"top_k", m.shape.expertsPerToken},
            {"seq_tokens", m.seqLen}};
}

Row nicRow(const NicSpec& n)
{
    return {
        {"id", n.id}, {"name", n.name}, {"gbps", n.gbps}, {"power_w", n.powerW}, {"price_usd", n.priceUsd}};
}

Row cableRow(const CableSpec& c)
{
    return {
        {"id", c.id},     {"name", c.name},      {"medium", c.medium},     {"length_class", c.lengthClass},
        {"gbps", c.gbps}, {"power_w", c.powerW}, {"price_usd", c.priceUsd}};
}

// Each row with where its figures come from (issue 28 item 18): whether the
// catalog estimates the price (its `estimated` map names priceUsd) and the source.
template <typename T> std::vector<Row> rowsOf(const std::vector<T>& entries, Row (*row)(const T&))
{
    std::vector<Row> rows;
    for (const T& e : entries) {
        Row r = row(e);
        if (r.contains("price_usd"))
            r["price_estimated"] = e.provenance.estimated.count("priceUsd") > 0;
        r["source"] = e.provenance.source;
        rows.push_back(std::move(r));
    }
    return rows;
}

// The table leaves the sources out (a paragraph each); one entry and JSON keep them.
constexpr const char* kSourceKey = "source";

std::vector<Row> rowsOf(const Catalog& c, CatalogKind kind)
{
    switch (kind) {
    case CatalogKind::Gpus:
        return rowsOf(c.gpus(), gpuRow);
    case CatalogKind::Nodes:
        return rowsOf(c.nodes(), nodeRow);
    case CatalogKind::Switches:
        return rowsOf(c.switches(), switchRow);
    case CatalogKind::Storage:
        return rowsOf(c.storages(), storageRow);
    case CatalogKind::Racks:
        return rowsOf(c.racks(), rackRow);
    case CatalogKind::Models:
        return rowsOf(c.presets(), modelRow);
    case CatalogKind::Nics:
        return rowsOf(c.nics(), nicRow);
    case CatalogKind::Cables:
        return rowsOf(c.cables(), cableRow);
    }
    return {};
}

std::string cellText(const Row& v)
{
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_boolean())
        return v.get<bool>() ? "yes" : "no";
    if (v.is_number_integer())
        return std::to_string(v.get<long long>());
    return formatNumber(v.get<double>());
}

// Aligned columns headed by the JSON keys (so the text and JSON name the same figures).
std::string tableText(const std::vector<Row>& rows)
{
    if (rows.empty())
        return "(none)\n";
    std::vector<std::string> keys;
    for (const auto& [key, value] : rows.front().items())
        if (key != kSourceKey)
            keys.push_back(key);
    std::vector<std::size_t> widths;
    for (const std::string& k : keys) {
        std::size_t w = k.size();
        for (const Row& r : rows)
            w = std::max(w, cellText(r[k]).size());
        widths.push_back(w);
    }
    std::string text;
    const auto line = [&](auto cell) {
        for (std::size_t i = 0; i < keys.size(); ++i) {
            std::string c = cell(i);
            c.resize(widths[i], ' ');
            text += (i ? "  " : "") + c;
        }
        while (!text.empty() && text.back() == ' ')
            text.pop_back();
        text += "\n";
    };
    line([&](std::size_t i) { return keys[i]; });
    for (const Row& r : rows)
        line([&](std::size_t i) { return cellText(r[keys[i]]); });
    return text;
}

std::string entryText(const Row& row)
{
    std::string text;
    for (const auto& [key, value] : row.items())
        text += key + ": " + cellText(value) + "\n";
    return text;
}

const CatalogKindInfo* kindNamed(const std::string& name)
{
    for (const CatalogKindInfo& k : catalogKinds())
        if (name == k.name)
            return &k;
    return nullptr;
}

std::string dump(const Row& j)
{
    return j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

int printAll(const Catalog& catalog, bool json, std::ostream& out)
{
    Row all = {{"schema", kJsonSchemaVersion}};
    std::string text;
    for (const CatalogKindInfo& k : catalogKinds()) {
        const std::vector<std::string> ids = catalogIds(catalog, k.kind);
        all[k.name] = ids;
        text += std::string(k.name) + " (" + std::to_string(ids.size()) + "):";
        for (const std::string& id : ids)
            text += " " + id;
        text += "\n";
    }
    out << (json ? dump(all) : text + "'clusterforge-cli catalog SECTION' lists a section's figures.\n");
    return kExitOk;
}

} // namespace

const CommandSpec& catalogSpec()
{
    static const FlagGroup own{"flags",
                               {choiceFlag("--format", {"json", "text"}, "text", "a table or JSON")}};
    static const CommandSpec spec{"catalog",
                                  "[gpus|nodes|switches|storage|racks|models|nics|cables] [ID]",
                                  "Lists the catalog's ids (every section), a section's entries with their "
                                  "figures, or one entry;\nthe ids are what --gpu, --node, --switch, "
                                  "--storage and --model take.",
                                  {&own}};
    return spec;
}

int runCatalog(const Args& args, std::ostream& out, std::ostream& err)
{
    ArgList list(args, catalogSpec());
    const bool json = list.takeChoice("--format") == "json";
    const std::vector<std::string> words = list.takePositionals();
    std::vector<std::string> errors = list.finish();
    if (words.size() > 2)
        errors.push_back("give at most a section and an id, got " + std::to_string(words.size()) + " words");
    const CatalogKindInfo* kind = words.empty() ? nullptr : kindNamed(words.front());
    if (!words.empty() && !kind)
        errors.push_back("unknown section " + quoteValue(words.front()) + " (sections: " + [] {
            std::string s;
            for (const std::string& n : catalogKindNames())
                s += (s.empty() ? "" : ", ") + n;
            return s;
        }() + ")" + didYouMean(words.front(), catalogKindNames()));
    if (!errors.empty())
        return reportBadInput(catalogSpec(), errors, err);

    const Catalog& catalog = Catalog::builtin();
    if (!kind)
        return printAll(catalog, json, out);
    const std::vector<Row> rows = rowsOf(catalog, kind->kind);
    if (words.size() == 1) {
        if (json)
            out << dump(Row{{"schema", kJsonSchemaVersion}, {kind->name, rows}});
        else
            out << tableText(rows);
        return kExitOk;
    }
    std::string id = words[1];
    if (const GpuSpec* g = kind->kind == CatalogKind::Gpus ? catalog.findGpu(id) : nullptr)
        id = g->id; // a name or alias the catalog gives the GPU ("H100 SXM5 80GB"), as --gpu takes
    const auto found = std::find_if(rows.begin(), rows.end(), [&id](const Row& r) { return r["id"] == id; });
    if (found == rows.end()) {
        err << "clusterforge-cli catalog: " << unknownIdMessage(catalog, kind->kind, id) << "\n";
        return kExitBadInput;
    }
    if (json) {
        Row entry = *found;
        entry["schema"] = kJsonSchemaVersion;
        out << dump(entry);
    } else {
        out << entryText(*found);
    }
    return kExitOk;
}

} // namespace cf::cli
