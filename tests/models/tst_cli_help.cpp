// `--help`, `help COMMAND` and the README's CLI section (issue 13 item 5).
// The flag tables (app/cli/command_spec.h) both parse and print usage, so the
// tests check (1) the help text is built from the tables: every flag, unit,
// range, default and choice appears; (2) parsing uses the same rows: the
// range and choices in an error come from the table, every listed choice is
// accepted; (3) the README agrees with `--help`; (4) bash completion words
// come from the tables.
//
// README comparison: in README.md, the first ``` block after the heading
// "## Using the command line"; its lines starting with "clusterforge-cli ",
// with a trailing "# comment" removed and runs of blanks collapsed to one, must
// equal, in order, the lines of `clusterforge-cli --help` that start (after
// indentation) with "clusterforge-cli ", collapsed the same way. Alignment and
// comments in the README are free; a missing, extra, reordered or different
// usage line fails. Every flag of every table must also appear in that README
// section, and every --flag the section names must exist in a table.
#include "app/cli/command_spec.h"
#include "app/cli/commands.h"
#include "app/cli/json_schema.h"
#include "app/validation/model_commands.h"
#include "cli_run.h"

#include "models/catalog/resource_paths.h"

#include "test_main.h"
#include <QFile>
#include <QtTest>

#include <regex>
#include <set>
#include <sstream>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_cli_help {

using namespace cf;

namespace {

test::CliRun run(std::vector<std::string> args)
{
    std::ostringstream out, err;
    const int code = cli::runCli(args, out, err);
    return {code, out.str(), err.str()};
}

std::string collapsed(const std::string& line)
{
    std::string out;
    for (char c : line) {
        const bool blank = c == ' ' || c == '\t';
        if (blank && (out.empty() || out.back() == ' '))
            continue;
        out += blank ? ' ' : c;
    }
    while (!out.empty() && out.back() == ' ')
        out.pop_back();
    return out;
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        out.push_back(l);
    return out;
}

std::string readFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

// The README's "Using the command line" section, up to the next "## " heading.
std::string readmeCliSection()
{
    const std::string readme = readFile(QStringLiteral(CF_SOURCE_DIR "/README.md"));
    const std::size_t start = readme.find("## Using the command line");
    if (start == std::string::npos)
        return {};
    const std::size_t end = readme.find("\n## ", start + 1);
    return readme.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

std::vector<std::string> readmeUsageLines()
{
    const std::string section = readmeCliSection();
    const std::size_t open = section.find("```");
    const std::size_t close = open == std::string::npos ? open : section.find("```", open + 3);
    std::vector<std::string> out;
    if (close == std::string::npos)
        return out;
    for (std::string l : lines(section.substr(open + 3, close - open - 3))) {
        if (const std::size_t hash = l.find(" #"); hash != std::string::npos)
            l.erase(hash);
        l = collapsed(l);
        if (l.rfind("clusterforge-cli ", 0) == 0)
            out.push_back(l);
    }
    return out;
}

std::vector<std::string> helpUsageLines()
{
    std::vector<std::string> out;
    for (const std::string& l : lines(run({"--help"}).out)) {
        const std::string c = collapsed(l.substr(std::min(l.find_first_not_of(' '), l.size())));
        if (c.rfind("clusterforge-cli ", 0) == 0)
            out.push_back(c);
    }
    return out;
}

bool mentionsFlag(const std::string& text, const std::string& flag)
{
    // The flag as a whole word: "--gpu" must not be satisfied by "--gpus".
    for (std::size_t at = text.find(flag); at != std::string::npos; at = text.find(flag, at + 1)) {
        const std::size_t after = at + flag.size();
        const bool wordEnd = after >= text.size() ||
                             !(std::isalnum(static_cast<unsigned char>(text[after])) || text[after] == '-');
        const bool wordStart = at == 0 || text[at - 1] == ' ' || text[at - 1] == '`' || text[at - 1] == '[' ||
                               text[at - 1] == '(' || text[at - 1] == '\n';
        if (wordEnd && wordStart)
            return true;
    }
    return false;
}

std::set<std::string> allFlags()
{
    std::set<std::string> flags;
    for (const cli::CommandEntry& c : cli::commandEntries())
        for (const cli::CommandSpec* form : c.forms)
            for (const cli::FlagGroup* g : form->groups)
                for (const cli::FlagSpec& f : g->flags) {
                    flags.insert(f.name);
                    if (!f.alias.empty())
                        flags.insert(f.alias);
                }
    return flags;
}

const std::vector<std::string> kCluster = {"--gpu", "h100-sxm", "--nodes", "2", "--model", "llama3-8b"};

} // namespace

class TestCliHelp : public QObject {
    Q_OBJECT
private slots:
    // The model commands main registers (app/validation/model_commands.h).
    void initTestCase() { cli::registerModelCommands(); }
    void topLevelHelpListsEveryCommand();
    void commandHelp_data();
    void commandHelp();
    void helpShowsUnitsRangesDefaults();
    void helpErrors();
    void readmeMatchesHelp();
    void readmeNamesEveryFlag();
    void everyCommandTakesFormat();
    void parsingUsesTableRanges();
    void everyListedChoiceIsAccepted();
    void generateFormats();
    void bomTextTotalsMatchCsv();
    void dbFormats();
    void completionWordsComeFromTables();
    void completionScriptIsInstalled();
};

void TestCliHelp::topLevelHelpListsEveryCommand()
{
    for (const std::vector<std::string>& argv : {std::vector<std::string>{"--help"}, {"help"}, {"-h"}}) {
        const test::CliRun r = run(argv);
        QCOMPARE(r.code, cli::kExitOk);
        QVERIFY(r.err.empty());
        for (const cli::CommandEntry& c : cli::commandEntries())
            for (const cli::CommandSpec* form : c.forms)
                QVERIFY2(r.out.find("clusterforge-cli " + form->usage() + "\n") != std::string::npos,
                         form->name.c_str());
    }
}

void TestCliHelp::commandHelp_data()
{
    QTest::addColumn<QString>("command");
    for (const cli::CommandEntry& c : cli::commandEntries())
        QTest::newRow(c.name) << QString(c.name);
}

void TestCliHelp::commandHelp()
{
    QFETCH(QString, command);
    const std::string name = command.toStdString();
    const test::CliRun viaFlag = run({name, "--help"});
    const test::CliRun viaHelp = run({"help", name});
    const test::CliRun amongArgs = run({name, "some.json", "--format", "json", "-h"});
    QCOMPARE(viaFlag.code, cli::kExitOk);
    QCOMPARE(viaHelp.code, cli::kExitOk);
    QCOMPARE(amongArgs.code, cli::kExitOk);
    QVERIFY(viaFlag.err.empty() && viaHelp.err.empty());
    QCOMPARE(viaHelp.out, viaFlag.out);
    QCOMPARE(amongArgs.out, viaFlag.out);
    QCOMPARE(viaFlag.out, cli::helpOfCommand(name));
    for (const cli::CommandEntry& c : cli::commandEntries()) {
        if (name != c.name)
            continue;
        QVERIFY(viaFlag.out.rfind("usage: clusterforge-cli " + c.forms.front()->usage() + "\n", 0) == 0);
        for (const cli::CommandSpec* form : c.forms)
            for (const cli::FlagGroup* g : form->groups)
                for (const cli::FlagSpec& f : g->flags) {
                    QVERIFY2(mentionsFlag(viaFlag.out, f.name), (name + ": " + f.name).c_str());
                    QVERIFY2(f.alias.empty() || mentionsFlag(viaFlag.out, f.alias), f.alias.c_str());
                }
    }
}

void TestCliHelp::helpShowsUnitsRangesDefaults()
{
    const std::string help = cli::helpOfCommand("evaluate") + cli::helpOfCommand("collective") +
                             cli::helpOfCommand("generate") + cli::helpOfCommand("db");
    const cli::FlagSpec* nic = cli::evaluateSpec().find("--nic-gbps");
    QVERIFY(nic);
    QVERIFY2(help.find("  --nic-gbps X") != std::string::npos &&
                 help.find("[Gbit/s, 1 to 3200] (default: 400)") != std::string::npos,
             help.c_str());
    QVERIFY(help.find("[bytes, 1 to 1e+15] (required)") != std::string::npos);
    for (const cli::CommandEntry& c : cli::commandEntries())
        for (const cli::CommandSpec* form : c.forms)
            for (const cli::FlagGroup* g : form->groups)
                for (const cli::FlagSpec& f : g->flags) {
                    const std::string text = cli::helpOfCommand(c.name);
                    // Each row's full description is printed, so unit, range, default and choices are.
                    QVERIFY2(text.find(f.synopsis()) != std::string::npos, f.name.c_str());
                    QVERIFY2(text.find(f.description()) != std::string::npos, f.name.c_str());
                    if (!f.unit.empty())
                        QVERIFY(f.description().find("[" + f.unit) != std::string::npos);
                    if (f.kind == cli::FlagKind::Int)
                        QVERIFY(f.description().find(std::to_string(f.intMax)) != std::string::npos);
                    if (!f.required && !f.defaultText.empty())
                        QVERIFY(f.description().find("(default: " + f.defaultText + ")") !=
                                std::string::npos);
                    for (const std::string& choice : f.choices)
                        QVERIFY(f.synopsis().find(choice) != std::string::npos);
                }
}

void TestCliHelp::helpErrors()
{
    test::CliRun r = run({"help", "nosuch"});
    QCOMPARE(r.code, cli::kExitBadInput);
    QVERIFY(r.out.empty());
    QVERIFY2(r.err.find("unknown command 'nosuch'") != std::string::npos, r.err.c_str());
    r = run({"help", "evaluate", "search"});
    QCOMPARE(r.code, cli::kExitBadInput);
    QVERIFY(r.err.find("help:") != std::string::npos);
    r = run({});
    QCOMPARE(r.code, cli::kExitBadInput);
    QVERIFY(r.out.empty() && r.err.find("usage:") != std::string::npos);
}

void TestCliHelp::readmeMatchesHelp()
{
    const std::vector<std::string> readme = readmeUsageLines();
    const std::vector<std::string> help = helpUsageLines();
    QVERIFY(!help.empty());
    std::string diff;
    for (std::size_t i = 0; i < std::max(readme.size(), help.size()); ++i) {
        const std::string a = i < readme.size() ? readme[i] : "(none)";
        const std::string b = i < help.size() ? help[i] : "(none)";
        if (a != b)
            diff += "line " + std::to_string(i + 1) + "\n  README: " + a + "\n  --help: " + b + "\n";
    }
    QVERIFY2(diff.empty(), diff.c_str());
}

void TestCliHelp::readmeNamesEveryFlag()
{
    const std::string section = readmeCliSection();
    QVERIFY(!section.empty());
    const std::set<std::string> flags = allFlags();
    for (const std::string& f : flags)
        if (f != "--output") // the long spelling of -o; README shows -o
            QVERIFY2(mentionsFlag(section, f), ("README does not mention " + f).c_str());
    const std::regex flagToken("--[a-z][a-z0-9-]*");
    for (auto it = std::sregex_iterator(section.begin(), section.end(), flagToken);
         it != std::sregex_iterator(); ++it) {
        const std::string f = it->str();
        QVERIFY2(flags.count(f) || f == "--help" || f == "--version",
                 ("README names unknown flag " + f).c_str());
    }
}

void TestCliHelp::everyCommandTakesFormat()
{
    for (const cli::CommandEntry& c : cli::commandEntries())
        for (const cli::CommandSpec* form : c.forms) {
            const cli::FlagSpec* format = form->find("--format");
            QVERIFY2(format, form->name.c_str());
            const auto& ch = format->choices;
            // export's --format is the file it writes (issue 17: cabling-csv, slurm-topology, ...).
            if (form->name == "export") {
                QVERIFY(std::count(ch.begin(), ch.end(), "cabling-csv"));
                continue;
            }
            QVERIFY2(std::count(ch.begin(), ch.end(), "json") && std::count(ch.begin(), ch.end(), "text"),
                     form->name.c_str());
        }
}

void TestCliHelp::parsingUsesTableRanges()
{
    // One past each whole-number row's maximum: the error names the flag and the table's range.
    for (const cli::FlagGroup* g : cli::evaluateSpec().groups)
        for (const cli::FlagSpec& f : g->flags) {
            if (f.kind != cli::FlagKind::Int)
                continue;
            std::vector<std::string> argv = {"evaluate", "--gpu", "h100-sxm", "--model", "llama3-8b"};
            if (f.name != "--nodes")
                argv.insert(argv.end(), {"--nodes", "2"});
            argv.insert(argv.end(), {f.name, std::to_string(f.intMax + 1)});
            const test::CliRun r = run(argv);
            const std::string range = "[" + std::to_string(f.intMin) + ", " + std::to_string(f.intMax) + "]";
            QCOMPARE(r.code, cli::kExitBadInput);
            QVERIFY2(r.err.find(f.name + ": ") != std::string::npos && r.err.find(range) != std::string::npos,
                     (f.name + " -> " + r.err).c_str());
        }
    const test::CliRun r = run({"generate", "--topology", "ring", "--nodes", "4", "--node", "dgx-h100",
                                "--switch", "qm9700", "-o", "/nonexistent/never.json"});
    QCOMPARE(r.code, cli::kExitBadInput);
    QVERIFY2(r.err.find("--topology: expected 'fat-tree' or 'rail' or 'spine-leaf', got 'ring'") !=
                 std::string::npos,
             r.err.c_str());
}

void TestCliHelp::everyListedChoiceIsAccepted()
{
    // A choice the table lists but the engine does not parse would be "internal error".
    for (const cli::FlagGroup* g : cli::evaluateSpec().groups)
        for (const cli::FlagSpec& f : g->flags)
            for (const std::string& choice : f.choices) {
                std::vector<std::string> argv = {"evaluate"};
                argv.insert(argv.end(), kCluster.begin(), kCluster.end());
                argv.insert(argv.end(), {f.name, choice});
                const test::CliRun r = run(argv);
                QVERIFY2(r.err.find(f.name + ":") == std::string::npos,
                         (f.name + " " + choice + ": " + r.err).c_str());
            }
    for (const std::string& op : cli::collectiveSpec().find("--op")->choices) {
        const test::CliRun r =
            run({"collective", "--op", op, "--bytes", "1e6", "--gpu", "h100-sxm", "--nodes", "2"});
        QVERIFY2(r.code == cli::kExitOk, (op + ": " + r.err).c_str());
    }
}

void TestCliHelp::generateFormats()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath("g.json").toStdString();
    const std::vector<std::string> base = {"generate", "--topology", "fat-tree", "--nodes", "4", "--node",
                                           "dgx-h100", "--switch",   "qm9700",   "-o",      path};
    test::CliRun json = run(base);
    std::vector<std::string> text = base;
    text.insert(text.end(), {"--format", "text"});
    test::CliRun t = run(text);
    QCOMPARE(json.code, cli::kExitOk);
    QCOMPARE(t.code, cli::kExitOk);
    QVERIFY2(json.out.find("\"gpus\": 32") != std::string::npos, json.out.c_str());
    QVERIFY2(t.out.find("wrote " + path + ": 4 nodes, 32 GPUs") != std::string::npos, t.out.c_str());
    QVERIFY(t.out.find('{') == std::string::npos);
}

void TestCliHelp::bomTextTotalsMatchCsv()
{
    const std::string design = examplePath("workhorse.json");
    const test::CliRun csv = run({"bom", design});
    const test::CliRun text = run({"bom", design, "--format", "text"});
    QCOMPARE(text.code, cli::kExitOk);
    // The CSV's TOTAL row: "...,total,,<extended>,,<power>,..." as in bomToCsv; compare the figures.
    const std::regex totalText(R"(\ntotal\s+([0-9.]+)\s+([0-9.]+)\n)");
    std::smatch m;
    QVERIFY2(std::regex_search(text.out, m, totalText), text.out.c_str());
    QVERIFY2(csv.out.find(m[1].str()) != std::string::npos && csv.out.find(m[2].str()) != std::string::npos,
             (m[1].str() + " / " + m[2].str()).c_str());
}

void TestCliHelp::dbFormats()
{
    QTemporaryDir dir;
    const std::string db = dir.filePath("designs.sqlite").toStdString();
    const std::string design = examplePath("workhorse.json");
    // Text (the default) stays the bare id scripts read; JSON wraps it.
    const test::CliRun text = run({"db", "save", design, "--name", "a", "--db", db});
    QCOMPARE(text.code, cli::kExitOk);
    QVERIFY2(std::regex_match(text.out, std::regex("[0-9]+\n")), text.out.c_str());
    const test::CliRun json = run({"db", "save", design, "--name", "b", "--db", db, "--format", "json"});
    QCOMPARE(json.code, cli::kExitOk);
    const std::string secondId = std::to_string(std::stoll(text.out) + 1);
    QVERIFY2(json.out == "{\n  \"schema\": " + std::to_string(cli::kJsonSchemaVersion) +
                             ",\n  \"variant_id\": " + secondId + "\n}\n",
             json.out.c_str());
    const std::string out = dir.filePath("out.json").toStdString();
    const test::CliRun silent = run({"db", "export", secondId, "-o", out, "--db", db});
    QCOMPARE(silent.code, cli::kExitOk);
    QVERIFY(silent.out.empty());
    const test::CliRun told = run({"db", "export", secondId, "-o", out, "--db", db, "--format", "json"});
    QCOMPARE(told.code, cli::kExitOk);
    QVERIFY2(told.out.find("\"written\": \"" + out + "\"") != std::string::npos, told.out.c_str());
    QVERIFY(QFile::exists(QString::fromStdString(out)));
    const test::CliRun list = run({"db", "list", "--db", db, "--format", "json"});
    QVERIFY(list.code == cli::kExitOk && list.out.find("\"name\": \"b\"") != std::string::npos);
}

void TestCliHelp::completionWordsComeFromTables()
{
    test::CliRun r = run({"__complete"});
    QCOMPARE(r.code, cli::kExitOk);
    for (const cli::CommandEntry& c : cli::commandEntries())
        QVERIFY(r.out.find(std::string(c.name) + "\n") != std::string::npos);
    r = run({"__complete", "evaluate"});
    for (const cli::FlagGroup* g : cli::evaluateSpec().groups)
        for (const cli::FlagSpec& f : g->flags)
            QVERIFY2(r.out.find(f.name + "\n") != std::string::npos, f.name.c_str());
    QCOMPARE(run({"__complete", "evaluate", "x.json", "--sharding"}).out,
             std::string("ddp\nzero1\nzero2\nzero3\nfsdp-full\nfsdp-hybrid\n"));
    // Catalog ids complete (issue 28 item 16); a free value gives nothing (file names).
    QVERIFY(run({"__complete", "evaluate", "--gpu"}).out.find("h100-sxm\n") != std::string::npos);
    QVERIFY(run({"__complete", "generate", "--switch"}).out.find("qm9700\n") != std::string::npos);
    QVERIFY(run({"__complete", "search", "x.json", "--model"}).out.find("llama3-70b\n") != std::string::npos);
    QCOMPARE(run({"__complete", "evaluate", "--tokens"}).out, std::string());
    QCOMPARE(run({"__complete", "db"}).out, std::string("list\nsave\nexport\n"));
    r = run({"__complete", "db", "save"});
    QVERIFY(r.out.find("--name\n") != std::string::npos && r.out.find("--db\n") != std::string::npos);
    QVERIFY(r.out.find("-o\n") == std::string::npos); // export's flag, not save's
    QVERIFY(helpUsageLines().size() > 3 && cli::topLevelHelp().find("__complete") == std::string::npos);
}

void TestCliHelp::completionScriptIsInstalled()
{
    const std::string script = readFile(QStringLiteral(CF_SOURCE_DIR "/installer/clusterforge-cli.bash"));
    QVERIFY(script.find("__complete") != std::string::npos);
    QVERIFY(script.find("complete -o filenames -F _clusterforge_cli clusterforge-cli") != std::string::npos);
    const std::string cmake = readFile(QStringLiteral(CF_SOURCE_DIR "/installer/CMakeLists.txt"));
    QVERIFY(cmake.find("install(FILES clusterforge-cli.bash") != std::string::npos &&
            cmake.find("bash-completion/completions") != std::string::npos);
    const std::string ci = readFile(QStringLiteral(CF_SOURCE_DIR "/.ci/run"));
    QVERIFY(ci.find("usr/share/bash-completion/completions/clusterforge-cli") != std::string::npos);
}

CF_TEST_GUILESS_MAIN(TestCliHelp)

} // namespace cf_tst_cli_help

#include "tst_cli_help.moc"
