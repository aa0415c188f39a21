#include "app/cli/workload_flags.h"

#include "app/cli/catalog_ids.h"
#include "models/design/default_sharding.h"
#include "models/design/field_table.h"
#include "models/design/pipeline_schedule.h"
#include "models/design/recompute_modules.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <span>
#include <vector>

namespace cf::cli {
namespace {

// Defaults the help names: a flag left out keeps the file's (or preset's) value;
// without a file the engine's defaults apply (Workload{}, Parallelism{}).
std::string fileElse(const std::string& engineDefault)
{
    return "DESIGN.json's, else " + engineDefault;
}

// The row of a workload or split flag.
const FlagSpec& rowOf(const char* flag);

// A field table row's value in S{}, as --help prints a default.
template <class S> std::string engineDefault(const FieldSpec<S>& f)
{
    static const S defaults{};
    switch (f.kind) {
    case FieldKind::Int:
        return std::to_string(static_cast<long long>(f.number(defaults)));
    case FieldKind::Real:
        return formatNumber(f.number(defaults));
    case FieldKind::Bool:
        return f.number(defaults) != 0 ? f.choices[0] : f.choices[1];
    case FieldKind::Choice:
    case FieldKind::List:
        break;
    }
    return f.text(defaults);
}

// The flag of a field table row (field_table.h): the design's bounds, as the
// docks' spin boxes; from 1 where 0 means automatic (the flag left out is).
template <class S> FlagSpec flagOf(const FieldSpec<S>& f, std::string defaultText)
{
    switch (f.kind) {
    case FieldKind::Int:
        return intFlag(f.flag, f.metavar, f.unit, f.zeroIsAuto ? 1 : static_cast<long long>(f.design.min),
                       static_cast<long long>(f.design.max), std::move(defaultText), f.help);
    case FieldKind::Real:
        return realFlag(f.flag, f.metavar, f.unit, f.design.min, f.design.max, std::move(defaultText),
                        f.help);
    case FieldKind::Bool:
    case FieldKind::Choice:
        return choiceFlag(f.flag, {f.choices.begin(), f.choices.end()}, std::move(defaultText), f.help);
    case FieldKind::List:
        break;
    }
    return textFlag(f.flag, f.metavar, f.help, std::move(defaultText));
}

// The flags of a field table, in `order` (--help's), then any row `order`
// does not name; `defaults` replaces the engine default's text where the
// default is a rule rather than a value.
template <class S>
std::vector<FlagSpec> tableFlags(std::span<const FieldSpec<S>> fields,
                                 std::initializer_list<const char*> order,
                                 const std::map<std::string, std::string>& defaults)
{
    std::vector<const FieldSpec<S>*> rows;
    for (const char* flag : order)
        for (const FieldSpec<S>& f : fields)
            if (flag == std::string(f.flag))
                rows.push_back(&f);
    for (const FieldSpec<S>& f : fields)
        if (*f.flag && std::find(rows.begin(), rows.end(), &f) == rows.end())
            rows.push_back(&f);
    std::vector<FlagSpec> flags;
    for (const FieldSpec<S>* f : rows) {
        const auto it = defaults.find(f->flag);
        flags.push_back(flagOf(*f, it != defaults.end() ? it->second : fileElse(engineDefault(*f))));
    }
    return flags;
}

// Takes the flag of a field table row into `s`; true when it was given. A list
// is read by its own code (--recompute-modules implies selective recompute).
template <class S> bool takeField(ArgList& args, const FieldSpec<S>& f, S& s)
{
    const FlagSpec& row = rowOf(f.flag);
    switch (f.kind) {
    case FieldKind::Int:
        if (auto v = args.takeInt(row)) {
            f.setNumber(s, double(*v));
            return true;
        }
        break;
    case FieldKind::Real:
        if (auto v = args.takeDouble(row)) {
            f.setNumber(s, *v);
            return true;
        }
        break;
    case FieldKind::Bool:
        if (auto text = args.takeOneOf(row)) {
            f.setNumber(s, *text == row.choices.front() ? 1 : 0);
            return true;
        }
        break;
    case FieldKind::Choice:
        if (auto text = args.takeOneOf(row)) {
            if (f.setText(s, *text).empty())
                return true;
            // the table lists a choice the engine does not know
            args.addError(std::string(f.flag)
                              .append(": internal error: ")
                              .append(quoteValue(*text))
                              .append(" is not understood"));
        }
        break;
    case FieldKind::List:
        break;
    }
    return false;
}

} // namespace

const FlagGroup& workloadFlags()
{
    const Workload w;
    // Defaults that are rules, not values: the preset's, the other flags'.
    static const std::map<std::string, std::string> kRuleDefaults = {
        {"--layers", ""},
        {"--hidden", ""},
        {"--heads", ""},
        {"--kv-heads", "--heads"},
        {"--ffn", "4 x --hidden"},
        {"--ffn-type", "gated (plain when --ffn is left out)"},
        {"--tied-embeddings", "no"},
        {"--vocab", ""},
        {"--experts", "--model's, else 1"},
        {"--top-k", "--model's, else 1"},
        {"--expert-ffn", "--model's, else --ffn"},
        {"--shared-experts", "--model's, else 0"},
        {"--dense-layers", "--model's, else 0"},
        {"--seq", "--model's, else DESIGN.json's, else " + std::to_string(w.seqLen)}};
    static const FlagGroup group = [] {
        FlagGroup g{"workload flags",
                    {textFlag("--model", "PRESET", "model preset id from the catalog, e.g. llama3-70b")}};
        for (FlagSpec& f : tableFlags(workloadFields(),
                                      {"--layers", "--hidden", "--heads", "--kv-heads", "--ffn", "--ffn-type",
                                       "--tied-embeddings", "--vocab", "--experts", "--top-k", "--expert-ffn",
                                       "--shared-experts", "--dense-layers", "--seq", "--global-batch",
                                       "--tokens", "--precision", "--framework", "--checkpoint"},
                                      kRuleDefaults))
            g.flags.push_back(std::move(f));
        return g;
    }();
    return group;
}

const FlagGroup& splitFlags()
{
    // Defaults that are rules, not values (the table's default is 0 or from VP).
    static const std::map<std::string, std::string> kRuleDefaults = {
        {"--pp-schedule", fileElse("1f1b with --vp 1, interleaved with --vp above 1")},
        {"--dp", "job GPUs / (TP x PP x CP)"},
        {"--job-gpus", fileElse("all, or 64 per NVL72 rack for a power-of-two split")},
        {"--etp", fileElse("the framework's: TP under megatron, 1 otherwise")},
        {"--sharding", fileElse(defaultShardingRule())},
        {"--recompute-modules", fileElse("none")}};
    static const FlagGroup group{
        "split flags",
        tableFlags(parallelismFields(),
                   {"--tp", "--pp", "--vp", "--pp-schedule", "--cp", "--microbatch", "--dp", "--job-gpus",
                    "--ep", "--etp", "--offload-layers", "--expert-imbalance", "--sequence-parallel",
                    "--tp-overlap", "--sharding", "--recompute", "--recompute-modules"},
                   kRuleDefaults)};
    return group;
}

namespace {

const FlagSpec& rowOf(const char* flag)
{
    const FlagGroup& workload = workloadFlags();
    for (const FlagSpec& f : workload.flags)
        if (f.matches(flag))
            return f;
    return splitFlags().at(flag);
}

} // namespace

void applyModelFlags(ArgList& args, const Catalog& catalog, bool fromFile, Workload& w)
{
    ModelShape& m = w.model;
    bool haveModel = fromFile;
    if (auto id = args.takeString("--model")) {
        if (const ModelPreset* preset = catalog.preset(*id)) {
            m = preset->shape;
            m.preset = preset->id;
            w.seqLen = preset->seqLen;
            haveModel = true;
        } else {
            args.addError("--model: " + unknownIdMessage(catalog, CatalogKind::Models, *id));
        }
    }
    // Every workload flag the table has, over the preset's or the file's values.
    std::set<std::string> given;
    for (const FieldSpec<Workload>& f : workloadFields())
        if (*f.flag && takeField(args, f, w))
            given.insert(f.flag);
    const auto has = [&](const char* flag) { return given.count(flag) > 0; };
    // The dense shape's flags make a custom model; the experts' edit the preset's.
    bool custom = false;
    for (const char* flag : {"--layers", "--hidden", "--heads", "--kv-heads", "--ffn", "--vocab"})
        custom = custom || has(flag);
    for (const char* flag : {"--experts", "--top-k", "--expert-ffn", "--shared-experts", "--dense-layers"})
        if (has(flag))
            m.preset.clear(); // edited away from the preset
    if (custom && !haveModel) {
        // A custom shape from scratch: the essentials must be given.
        for (const char* flag : {"--layers", "--hidden", "--heads", "--vocab"})
            if (!has(flag))
                args.addError(std::string(flag) + ": required for a custom model (or give --model PRESET)");
        if (!has("--kv-heads"))
            m.kvHeads = m.heads;
        if (!has("--ffn")) {
            m.ffn = 4 * m.hidden;
            if (!has("--ffn-type"))
                m.gatedFfn = false; // the classic GPT MLP is what "ffn = 4h" means
        }
        m.preset.clear();
        haveModel = true;
    } else if (custom) {
        m.preset.clear(); // edited away from the preset
    }
    if (!haveModel)
        args.addError("--model: give a model preset or a custom shape (--layers "
                      "--hidden --heads --vocab)");
}

namespace {

// --recompute-modules LIST: Megatron-Core's recompute modules; selective unless
// --recompute says otherwise (then the split check names the conflict).
void applyRecomputeModules(ArgList& args, bool recomputeGiven, Parallelism& p)
{
    const std::optional<std::string> text = args.takeString("--recompute-modules");
    if (!text)
        return;
    std::string bad;
    const std::optional<unsigned> mask = recomputeModulesFromString(*text, bad);
    if (!mask) {
        args.addError("--recompute-modules: unknown module '" + bad + "'; expected one of " +
                      recomputeModuleChoices());
        return;
    }
    p.recomputeModules = *mask;
    if (*mask != 0 && !recomputeGiven)
        p.recompute = Recompute::Selective;
}

} // namespace

void applyWorkloadFlags(ArgList& args, const Catalog& catalog, bool fromFile, Design& design)
{
    applyModelFlags(args, catalog, fromFile, design.workload);
    Parallelism& p = design.parallelism;
    // No --sharding on a design built from flags: the framework's documented
    // default (models/design/default_sharding.h); a design file keeps its own.
    if (!fromFile && !args.has("--sharding"))
        p.sharding = defaultSharding(design.workload.framework);
    const bool recomputeGiven = args.has("--recompute");
    // A new degree re-derives DP (GPUs / (TP x PP x CP)) unless --dp is given.
    static const std::set<std::string> kRederiveDp = {"--tp", "--pp", "--vp", "--cp", "--ep", "--etp"};
    bool splitChanged = !fromFile, dpGiven = false;
    // In the table's order: VP before the schedule it implies (pipeline_schedule.h).
    for (const FieldSpec<Parallelism>& f : parallelismFields()) {
        const bool given = takeField(args, f, p);
        splitChanged = splitChanged || (given && kRederiveDp.count(f.flag) > 0);
        dpGiven = dpGiven || (given && f.flag == std::string("--dp"));
    }
    if (!dpGiven && splitChanged)
        p.dp = 0; // GPUs / (TP x PP x CP)
    applyRecomputeModules(args, recomputeGiven, p);
}

std::string flagForField(const std::string& field)
{
    if (const FieldSpec<Parallelism>* f = parallelismField(field))
        return f->flag;
    if (const FieldSpec<Workload>* f = workloadField(field))
        return f->flag;
    return {};
}

} // namespace cf::cli
