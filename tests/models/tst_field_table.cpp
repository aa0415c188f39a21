// Issue 30 item 1, one field table: every row of the split's, the workload's,
// the economics', a link's and a part's field tables
// (models/design/field_table.h) is written and read back by the design file,
// refused by the reader past its file bound, shown by `help evaluate` with its
// flag and design bounds, and refused by the validator past its design bound,
// naming the field (an item's: "links[l1].speedGbps"); a runs file's column
// past its field's design bound is refused, naming the column. The docks' spin boxes are checked
// against the same rows in tests/widgets/tst_whatif_docks.cpp.
#include "app/cli/arg_list.h"
#include "app/cli/commands.h"
#include "models/calibration/calibration_cases.h"
#include "models/calibration/run_design.h"
#include "models/design/design_json.h"
#include "models/design/field_table.h"
#include "models/validate/design_validator.h"

#include "test_designs.h"
#include "test_main.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace cf_tst_field_table {

using namespace cf;

namespace {

Parallelism& part(Design& d, const Parallelism*)
{
    return d.parallelism;
}
Workload& part(Design& d, const Workload*)
{
    return d.workload;
}
Economics& part(Design& d, const Economics*)
{
    return d.economics;
}
Link& part(Design& d, const Link*)
{
    return d.links.front();
}
Part& part(Design& d, const Part*)
{
    return d.parts.front();
}
// The design's first rack; the examples have none, so one is added (a rack
// type of the shipped catalog, at row 0, slot 0).
Rack& part(Design& d, const Rack*)
{
    if (d.racks.empty())
        d.racks.push_back({"rack-under-test", "", "rack-48u-air-40kw", 0, 0, 0.0});
    return d.racks.front();
}
// The design's first placement: the first part, member 0, at U 1 of the first
// rack (added as above).
Placement& part(Design& d, const Placement*)
{
    if (d.placements.empty())
        d.placements.push_back({d.parts.front().id, part(d, static_cast<const Rack*>(nullptr)).id, 1, 0, 1});
    return d.placements.front();
}
template <class S> S& partOf(Design& d)
{
    return part(d, static_cast<const S*>(nullptr));
}

// A link's or part's rows hold one item of an array: the test's is the first.
template <class S>
constexpr bool kItem = std::is_same_v<S, Link> || std::is_same_v<S, Part> || std::is_same_v<S, Rack> ||
                       std::is_same_v<S, Placement>;

// An item's name in a problem's field ("links[l1]", "placements[0]") and the
// part or link the problem highlights.
template <class S> std::string itemName(Design& d)
{
    if constexpr (std::is_same_v<S, Placement>)
        return "0";
    else
        return partOf<S>(d).id;
}
template <class S> std::string itemHighlighted(Design& d)
{
    if constexpr (std::is_same_v<S, Placement>)
        return partOf<S>(d).partId;
    else
        return partOf<S>(d).id;
}

// Where the reader names the row's value: "/economics/pue", "/links/0/speedGbps".
template <class S> std::string pointerOf(const FieldSpec<S>& f)
{
    std::string pointer = "/" + f.object();
    std::replace(pointer.begin(), pointer.end(), '.', '/');
    return pointer + (kItem<S> ? "/0/" : "/") + f.key();
}

// How the validator names it: "economics.pue", "links[l1].speedGbps".
template <class S> std::string problemField(const FieldSpec<S>& f, Design& d)
{
    if constexpr (kItem<S>)
        return f.object() + "[" + itemName<S>(d) + "]." + f.key();
    else
        return f.name;
}

// A value of the row's kind that is not its default and lies inside both tiers
// of bounds; for a choice the last spelling that reads back as itself.
template <class S> void setOther(const FieldSpec<S>& f, S& s)
{
    switch (f.kind) {
    case FieldKind::Int:
    case FieldKind::Real: {
        const double step = f.kind == FieldKind::Real ? 1.5 : 1.0;
        const double v = f.number(s) + step <= f.design.max ? f.number(s) + step : f.number(s) - step;
        f.setNumber(s, std::max(v, f.design.min));
        break;
    }
    case FieldKind::Bool:
        f.setNumber(s, f.number(s) != 0 ? 0 : 1);
        break;
    case FieldKind::Choice:
        for (const char* c : f.choices) {
            S trial = s;
            if (f.setText(trial, c).empty() && f.text(trial) == c && !f.isDefault(trial))
                s = trial;
        }
        break;
    case FieldKind::List:
        QCOMPARE(f.setText(s, "layernorm"), std::string());
        break;
    }
    QVERIFY2(!f.isDefault(s), f.name);
}

// A value past `max` of the row's kind: one more for a whole number, twice as
// much for a real one (1e18 + 1 is 1e18 in a double).
template <class S> double past(const FieldSpec<S>& f, double max)
{
    return f.kind == FieldKind::Real ? 2 * max + 1 : max + 1;
}

template <class S> std::string valueText(const FieldSpec<S>& f, const S& s)
{
    return f.isNumber() ? std::to_string(f.number(s)) : f.text(s);
}

template <class S> void roundTripsEveryField(std::span<const FieldSpec<S>> fields)
{
    QVERIFY(!fields.empty());
    for (const FieldSpec<S>& f : fields) {
        Design d = test::loadExample("workhorse.json");
        setOther(f, partOf<S>(d));
        const std::string text = saveDesignJson(d);
        QVERIFY2(text.find("\"" + f.key() + "\"") != std::string::npos, f.name);
        Result<Design> back = loadDesignJson(text);
        QVERIFY2(back.ok(), f.name);
        QVERIFY2(valueText(f, partOf<S>(*back)) == valueText(f, partOf<S>(d)), f.name);
        QVERIFY2(saveDesignJson(*back) == text, f.name);
    }
}

// One past the row's file bound: the reader refuses it at the field's pointer.
template <class S> void readerRefusesPastFileBound(std::span<const FieldSpec<S>> fields)
{
    for (const FieldSpec<S>& f : fields) {
        if (f.kind != FieldKind::Int && f.kind != FieldKind::Real)
            continue;
        Design d = test::loadExample("workhorse.json");
        S& s = partOf<S>(d);
        f.setNumber(s, past(f, f.file.max));
        QVERIFY2(f.number(s) > f.file.max, f.name); // the member can hold a value past the bound
        const Result<Design> back = loadDesignJson(saveDesignJson(d));
        QVERIFY2(!back.ok(), f.name);
        const std::string pointer = pointerOf(f);
        const bool named = std::any_of(back.problems().begin(), back.problems().end(),
                                       [&](const Problem& p) { return p.field == pointer; });
        QVERIFY2(named, (f.name + std::string(" not named")).c_str());
    }
}

// Each row with a flag is in `help evaluate` with its bounds as the flag takes them.
template <class S> void helpShowsEveryFlag(std::span<const FieldSpec<S>> fields)
{
    std::ostringstream out, err;
    QCOMPARE(cli::runCli({"help", "evaluate"}, out, err), 0);
    const std::string help = out.str();
    for (const FieldSpec<S>& f : fields) {
        if (!*f.flag)
            continue;
        std::string line; // the flag's own line: it starts with the flag
        std::istringstream lines(help);
        for (std::string l; line.empty() && std::getline(lines, l);)
            if (l.find_first_not_of(' ') != std::string::npos &&
                l.compare(l.find_first_not_of(' '), std::strlen(f.flag) + 1, std::string(f.flag) + " ") == 0)
                line = l;
        QVERIFY2(!line.empty(), f.flag);
        std::string range;
        if (f.kind == FieldKind::Int)
            range = std::to_string(f.zeroIsAuto ? 1LL : static_cast<long long>(f.design.min)) + " to " +
                    std::to_string(static_cast<long long>(f.design.max)) + "]";
        else if (f.kind == FieldKind::Real)
            range = cli::formatNumber(f.design.min) + " to " + cli::formatNumber(f.design.max) + "]";
        else if (f.kind != FieldKind::List)
            range = f.choices[0];
        QVERIFY2(line.find(range) != std::string::npos, (line + " lacks " + range).c_str());
    }
}

// One past the row's design bound: the validator names the field and the bound.
template <class S> void validatorRefusesPastDesignBound(std::span<const FieldSpec<S>> fields)
{
    const Catalog& catalog = test::repoCatalog();
    for (const FieldSpec<S>& f : fields) {
        if (f.kind != FieldKind::Int && f.kind != FieldKind::Real)
            continue;
        Design d = test::loadExample("workhorse.json");
        f.setNumber(partOf<S>(d), past(f, f.design.max));
        const Problems problems = validateDesign(d, &catalog);
        const std::string field = problemField(f, d);
        // The bound's own message: the row's label, then its range. An item's
        // field may keep its own rule's words ("Link 'l1' has speed ..."): the
        // error names the field and the item.
        const bool named = std::any_of(problems.begin(), problems.end(), [&](const Problem& p) {
            if (p.severity != Severity::Error || p.field != field)
                return false;
            if constexpr (kItem<S>)
                return p.itemId == itemHighlighted<S>(d);
            else
                return p.message.rfind(f.label, 0) == 0 && p.message.find(" must be ") != std::string::npos;
        });
        QVERIFY2(named, (f.name + std::string(": no bound error")).c_str());
    }
}

// A row's bounds nest (a valid design fits in a file), its texts are there, its
// accessors match its kind, S{} holds its default, its name finds it, and no two
// rows share a name or a flag.
template <class S>
void wellFormed(std::span<const FieldSpec<S>> fields, const FieldSpec<S>* (*find)(const std::string&),
                std::initializer_list<std::string> objects)
{
    std::set<std::string> names, flags;
    for (const FieldSpec<S>& f : fields) {
        QVERIFY2(std::find(objects.begin(), objects.end(), f.object()) != objects.end(), f.name);
        QVERIFY2(f.design.min >= f.file.min && f.design.max <= f.file.max, f.name);
        QVERIFY2(*f.label && *f.help, f.name);
        QCOMPARE(find(f.name), &f);
        QVERIFY2(f.isNumber() ? f.number && f.setNumber : f.text && f.setText, f.name);
        QVERIFY2(f.kind != FieldKind::Bool || f.choices.size() == 2, f.name);
        QVERIFY2(f.isDefault(S{}), f.name);
        QVERIFY2(names.insert(f.name).second, f.name);
        QVERIFY2(!*f.flag || flags.insert(f.flag).second, f.flag);
    }
}

} // namespace

class TestFieldTable : public QObject {
    Q_OBJECT
private slots:
    void rowsAreWellFormed()
    {
        wellFormed(parallelismFields(), &parallelismField, {"parallelism"});
        wellFormed(workloadFields(), &workloadField, {"workload", "workload.model"});
    }
    void parallelismRoundTrips() { roundTripsEveryField(parallelismFields()); }
    void parallelismReaderBounds() { readerRefusesPastFileBound(parallelismFields()); }
    void parallelismHelp() { helpShowsEveryFlag(parallelismFields()); }
    void parallelismValidatorBounds() { validatorRefusesPastDesignBound(parallelismFields()); }
    void workloadRoundTrips() { roundTripsEveryField(workloadFields()); }
    void workloadReaderBounds() { readerRefusesPastFileBound(workloadFields()); }
    void workloadHelp() { helpShowsEveryFlag(workloadFields()); }
    void workloadValidatorBounds() { validatorRefusesPastDesignBound(workloadFields()); }
    void designLevelRowsAreWellFormed()
    {
        wellFormed(economicsFields(), &economicsField, {"economics"});
        wellFormed(linkFields(), &linkField, {"links"});
        wellFormed(partFields(), &partField, {"parts"});
        wellFormed(rackFields(), &rackField, {"racks"});
        wellFormed(placementFields(), &placementField, {"placements"});
    }
    void economicsRoundTrips() { roundTripsEveryField(economicsFields()); }
    void economicsReaderBounds() { readerRefusesPastFileBound(economicsFields()); }
    void economicsValidatorBounds() { validatorRefusesPastDesignBound(economicsFields()); }
    void linkRoundTrips() { roundTripsEveryField(linkFields()); }
    void linkReaderBounds() { readerRefusesPastFileBound(linkFields()); }
    void linkValidatorBounds() { validatorRefusesPastDesignBound(linkFields()); }
    void partRoundTrips() { roundTripsEveryField(partFields()); }
    void partReaderBounds() { readerRefusesPastFileBound(partFields()); }
    void partValidatorBounds() { validatorRefusesPastDesignBound(partFields()); }
    void rackRoundTrips() { roundTripsEveryField(rackFields()); }
    void rackReaderBounds() { readerRefusesPastFileBound(rackFields()); }
    void rackValidatorBounds() { validatorRefusesPastDesignBound(rackFields()); }
    void placementRoundTrips() { roundTripsEveryField(placementFields()); }
    void placementReaderBounds() { readerRefusesPastFileBound(placementFields()); }
    void placementValidatorBounds() { validatorRefusesPastDesignBound(placementFields()); }
    // "u" is required: a placement without it is refused, naming it.
    void placementWithoutUIsRefused()
    {
        Design d = test::loadExample("workhorse.json");
        partOf<Placement>(d);
        std::string text = saveDesignJson(d);
        const std::size_t u = text.find("\"u\": 1,");
        QVERIFY(u != std::string::npos);
        text.erase(u, std::strlen("\"u\": 1,"));
        const Result<Design> back = loadDesignJson(text);
        QVERIFY(!back.ok());
        QCOMPARE(back.problems().front().field, std::string("/placements/0/u"));
        QVERIFY2(back.problems().front().message.find("required") != std::string::npos,
                 back.problems().front().message.c_str());
    }
    // A runs file's row (models/calibration/run_design.cpp) is held to the rows'
    // design bounds: one past a bound is refused, naming the column and the bound.
    void runsFileColumnsTakeTheRows_data()
    {
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("field");
        for (const auto& [column, field] : {std::pair{"layers", "workload.model.layers"},
                                            {"hidden", "workload.model.hidden"},
                                            {"heads", "workload.model.heads"},
                                            {"vocab", "workload.model.vocab"},
                                            {"seq_len", "workload.seqLen"},
                                            {"global_batch_seqs", "workload.globalBatchSeqs"},
                                            {"tp", "parallelism.tp"},
                                            {"pp", "parallelism.pp"},
                                            {"microbatch", "parallelism.microbatch"}})
            QTest::newRow(column) << QString::fromLatin1(column) << QString::fromLatin1(field);
    }
    void runsFileColumnsTakeTheRows()
    {
        QFETCH(QString, column);
        QFETCH(QString, field);
        const std::string name = field.toStdString();
        const FieldSpec<Workload>* w = workloadField(name);
        const FieldSpec<Parallelism>* p = parallelismField(name);
        QVERIFY(w || p);
        const FieldBounds bound = w ? w->design : p->design;
        // One run of a custom shape; the column under test given last (the reader takes the last).
        const std::string csv =
            "id,layers,hidden,heads,ffn,vocab,seq_len,gpu,num_gpus,tp,pp,global_batch_seqs,"
            "microbatch,measured_tokens_per_s_per_gpu," +
            column.toStdString() + "\nrun1,32,4096,32,16384,50304,2048,h100-sxm,16,2,1,256,1,3000," +
            std::to_string(static_cast<long long>(bound.max) + 1) + "\n";
        const std::vector<CalibrationCase> rows = parseCalibrationCsv(csv);
        QCOMPARE(rows.size(), std::size_t(1));
        const Result<RunDesign> design = runDesignOf(rows[0]);
        QVERIFY(!design.ok());
        const std::string range = "out of range [" + std::to_string(static_cast<long long>(bound.min)) +
                                  ", " + std::to_string(static_cast<long long>(bound.max)) + "]";
        const bool named =
            std::any_of(design.problems().begin(), design.problems().end(), [&](const Problem& q) {
                return q.field == column.toStdString() && q.message.find(range) != std::string::npos;
            });
        QVERIFY2(named, (column.toStdString() + ": " + design.problems().front().field + " " +
                         design.problems().front().message)
                            .c_str());
    }

    // The plan command's --usd-per-kwh takes the electricity price's row.
    void planPriceFlagIsTheRow()
    {
        const FieldSpec<Economics>& f = economicsRow("economics.electricityUsdPerKwh");
        std::ostringstream out, err;
        QCOMPARE(cli::runCli({"help", "plan"}, out, err), 0);
        std::istringstream lines(out.str());
        std::string line;
        for (std::string l; line.empty() && std::getline(lines, l);)
            if (l.rfind("  --usd-per-kwh ", 0) == 0) // the flag's own line, not the usage
                line = l;
        const std::string range = cli::formatNumber(f.design.min) + " to " + cli::formatNumber(f.design.max);
        QVERIFY2(line.find(range) != std::string::npos, (line + " lacks " + range).c_str());
        QVERIFY2(line.find(f.unit) != std::string::npos, line.c_str());
        std::ostringstream out2, err2;
        const std::string over = cli::formatNumber(2 * f.design.max);
        QVERIFY(cli::runCli({"plan", "--usd-per-kwh", over}, out2, err2) != 0);
        QVERIFY2(err2.str().find("--usd-per-kwh: '" + over + "' is out of range") != std::string::npos,
                 err2.str().c_str());
    }
};

CF_TEST_GUILESS_MAIN(TestFieldTable)

} // namespace cf_tst_field_table

#include "tst_field_table.moc"
