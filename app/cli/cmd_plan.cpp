// clusterforge-cli plan --model PRESET --tokens N [--power-mw P] [--budget-usd B] [--deadline-days D]
//     [--gpus-from LIST] [--fabrics LIST] [--pue X] [--usd-per-kwh X] [--horizon-years Y]
//     [--rack-kw KW] [--cooling air|rear-door|liquid] [--top N] [--write-designs DIR]
//     [workload flags] [--format json|text]
// Plans a cluster from the envelope (issue 29, models/plan/cluster_plan.h):
// candidates per node and fabric, the Pareto front of time to train against
// total cost, the candidates over a limit, the reasons, the tornado of the
// chosen one and the power arithmetic. --write-designs writes each shown
// front member as a design file that `evaluate` reproduces. Bad input exits 2
// naming the flag. The global batch is --global-batch's, else the preset's
// published batch, else the workload default; the report says which.
#include "app/cli/commands.h"

#include "app/cli/arg_list.h"
#include "app/cli/catalog_ids.h"
#include "app/cli/command_spec.h"
#include "app/cli/plan_report_format.h"
#include "app/cli/workload_flags.h"

#include "models/design/design_json.h"
#include "models/design/design_limits.h"
#include "models/design/field_table.h"
#include "models/plan/cluster_plan.h"

#include <algorithm>
#include <filesystem>
#include <ostream>
#include <sstream>

namespace cf::cli {
namespace {

// Flag ranges (our choices): a kilowatt to a hundred gigawatts; a dollar to
// ten trillion; up to a century; PUE, horizon and rack power a design's
// (design_limits.h), the electricity price its field's row (field_table.h).
constexpr double kMinPowerMw = 0.001, kMaxPowerMw = 100000.0;
constexpr double kMinBudgetUsd = 1.0, kMaxBudgetUsd = 1e13;
constexpr double kMinDeadlineDays = 0.01, kMaxDeadlineDays = 36500.0;
constexpr double kMinPue = limits::DesignLimits::kMinPue, kMaxPue = limits::DesignLimits::kMaxPue;
constexpr double kMinHorizonYears = 0.1, kMaxHorizonYears = limits::DesignLimits::kMaxOwnershipYears;
constexpr double kMinRackKw = 1.0, kMaxRackKw = limits::DesignLimits::kMaxRackKw;
constexpr long long kMaxTop = 10000;
constexpr long long kDefaultTop = 20; // a screenful of front members (our choice)

std::vector<std::string> splitList(const std::string& text)
{
    std::vector<std::string> out;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');)
        if (!item.empty())
            out.push_back(item);
    return out;
}

std::string fabricNames()
{
    std::string names;
    for (const FabricChoice& f : allFabricChoices())
        names += (names.empty() ? "" : ", ") + f.name;
    return names;
}

void takeFabrics(ArgList& list, PlanEnvelope& e)
{
    const auto text = list.takeText("--fabrics");
    if (!text)
        return;
    for (const std::string& name : splitList(*text)) {
        FabricChoice f;
        if (!fabricChoiceFromString(name, f))
            list.addError("--fabrics: unknown fabric " + quoteValue(name) + " (choose from " + fabricNames() +
                          ")");
        else
            e.fabrics.push_back(f);
    }
    if (e.fabrics.empty() && !list.hasErrorFor("--fabrics"))
        list.addError("--fabrics: give at least one of " + fabricNames());
}

void takeNodes(ArgList& list, const Catalog& catalog, PlanEnvelope& e)
{
    const auto text = list.takeText("--gpus-from");
    if (!text)
        return;
    for (const std::string& id : splitList(*text)) {
        if (!catalog.node(id) && !catalog.findGpu(id))
            list.addError("--gpus-from: " + unknownIdMessage(catalog, CatalogKind::Nodes, id));
        e.nodeIds.push_back(id);
    }
    if (e.nodeIds.empty() && !list.hasErrorFor("--gpus-from"))
        list.addError("--gpus-from: give at least one node or GPU id");
}

void takeEnvelopeFigures(ArgList& list, PlanEnvelope& e)
{
    e.facilityPowerMw = list.takeDouble("--power-mw");
    e.budgetUsd = list.takeDouble("--budget-usd");
    e.deadlineDays = list.takeDouble("--deadline-days");
    e.pue = list.takeDouble("--pue").value_or(e.pue);
    e.usdPerKwh = list.takeDouble("--usd-per-kwh").value_or(e.usdPerKwh);
    e.horizonYears = list.takeDouble("--horizon-years").value_or(e.horizonYears);
    e.rackKw = list.takeDouble("--rack-kw");
    if (const auto cooling = list.takeOneOf("--cooling")) {
        Cooling c{};
        if (coolingFromString(*cooling, c))
            e.cooling = c;
    }
}

// The envelope's own checks (plan_envelope.h), named by flag.
void addEnvelopeErrors(ArgList& list, const PlanEnvelope& e, const Catalog& catalog)
{
    for (const Problem& p : validatePlanEnvelope(e, catalog))
        if (p.severity == Severity::Error && !list.hasErrorFor("--" + p.field))
            list.addError("--" + p.field + ": " + p.message);
}

// Each shown front member as DIR/<rank>-<label>.json.
std::vector<std::string> writeDesigns(const PlanReport& r, int top, const std::string& dir, std::ostream& err,
                                      bool& ok)
{
    std::vector<std::string> written;
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    for (std::size_t k = 0; k < r.front.size() && int(k) < top; ++k) {
        const PlanCandidate& c = r.candidates[std::size_t(r.front[k])];
        std::string name = std::to_string(k + 1) + "-" + c.label() + ".json";
        std::replace(name.begin(), name.end(), ' ', '-');
        const std::string path = (std::filesystem::path(dir) / name).string();
        Result<Design> design = candidateDesign(r.envelope, c, Catalog::builtin());
        const Result<void> saved =
            design ? saveDesignFile(*design, path) : Result<void>::failure(design.problems());
        if (!saved) {
            err << "clusterforge-cli plan: --write-designs: " << failureMessage(saved.problems()) << "\n";
            ok = false;
            return written;
        }
        written.push_back(path);
    }
    return written;
}

// --usd-per-kwh: the electricity price's row (unit, bounds, help).
FlagSpec priceFlag()
{
    const FieldSpec<Economics>& f = economicsRow("economics.electricityUsdPerKwh");
    return realFlag("--usd-per-kwh", "X", f.unit, f.design.min, f.design.max, "0.08", f.help);
}

} // namespace

const CommandSpec& planSpec()
{
    static const FlagGroup own{
        "flags",
        {realFlag("--power-mw", "P", "MW", kMinPowerMw, kMaxPowerMw, "not limited",
                  "facility power: every part at full load x PUE must stay within it"),
         realFlag("--budget-usd", "B", "USD", kMinBudgetUsd, kMaxBudgetUsd, "not limited",
                  "capital budget (capex)"),
         realFlag("--deadline-days", "D", "days", kMinDeadlineDays, kMaxDeadlineDays, "none",
                  "time to train (P50, failures included) must not exceed it"),
         textFlag("--gpus-from", "LIST", "comma-separated node or GPU ids to plan with",
                  "every training node: one per GPU, scale-up domain of 8 or more"),
         textFlag("--fabrics", "LIST",
                  "comma-separated fabrics: ib|roce-fat-tree, ib|roce-fat-tree-2to1, ib|roce-rail",
                  "ib-fat-tree,ib-fat-tree-2to1,ib-rail,roce-rail"),
         realFlag("--pue", "X", "", kMinPue, kMaxPue, "1.3", "power usage effectiveness of the facility"),
         priceFlag(),
         realFlag("--horizon-years", "Y", "years", kMinHorizonYears, kMaxHorizonYears, "4",
                  "rent-vs-own horizon: total cost = capex + opex over it"),
         realFlag("--rack-kw", "KW", "kW", kMinRackKw, kMaxRackKw, "the largest rack of the node's cooling",
                  "power limit per rack"),
         choiceFlag("--cooling", {"air", "rear-door", "liquid"}, "the node's", "rack cooling"),
         intFlag("--top", "N", "candidates", 1, kMaxTop, std::to_string(kDefaultTop),
                 "front members and candidates over a limit shown (and written)"),
         pathFlag("--write-designs", "DIR", "write each shown front member as a design file into DIR"),
         choiceFlag("--format", {"json", "text"}, "text", "report format")}};
    static const CommandSpec spec{
        "plan",
        "--model PRESET --tokens N",
        "Plans a cluster from an envelope (power, budget, deadline): candidate nodes and "
        "fabrics at the largest\nsize allowed and halvings, the Pareto front of time to "
        "train against total cost, the limits broken,\nthe reasons, a sensitivity tornado "
        "and the power arithmetic. The global batch: --global-batch, else the\nmodel's "
        "published batch (catalog), else the default.",
        {&own, &workloadFlags()}};
    return spec;
}

int runPlan(const Args& args, std::ostream& out, std::ostream& err)
{
    ArgList list(args, planSpec());
    const Catalog& catalog = Catalog::builtin();
    const std::string format = list.takeChoice("--format");
    const int top = int(list.takeInt("--top").value_or(kDefaultTop));
    const auto designsDir = list.takePath("--write-designs");
    PlanEnvelope envelope;
    takeEnvelopeFigures(list, envelope);
    takeNodes(list, catalog, envelope);
    takeFabrics(list, envelope);
    if (!list.has("--tokens"))
        list.addError("--tokens: required (tokens to train)");
    envelope.globalBatchGiven =
        list.has("--global-batch"); // else the preset's published batch (planGlobalBatch)
    applyModelFlags(list, catalog, false, envelope.workload);
    addEnvelopeErrors(list, envelope, catalog);
    if (std::vector<std::string> errors = list.finish(); !errors.empty())
        return reportBadInput(planSpec(), errors, err);

    const PlanReport report = planCluster(envelope, catalog);
    bool ok = true;
    const std::vector<std::string> written =
        designsDir ? writeDesigns(report, top, *designsDir, err, ok) : std::vector<std::string>{};
    if (!ok)
        return kExitBadInput;
    if (format == "json")
        out << planReportJson(report, top, written)
                   .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
            << "\n";
    else
        printPlanText(report, top, written, out);
    return kExitOk;
}

} // namespace cf::cli
