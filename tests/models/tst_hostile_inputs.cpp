// Hostile values everywhere a number enters outside the GUI (issue 7 item 3):
//  - the design file: each numeric and text field of the Workhorse example
//    replaced by 0, -1, NaN, +-Infinity, 1e308, 1e400, 2^32, 9999999999999999999,
//    wrong types, "", 1 MB of text and non-UTF-8 bytes; read in-process. A
//    refused value names its JSON pointer; an accepted but meaningless one is
//    named by the validator (design field path); the engine stays finite.
//  - the CLI: the real clusterforge-cli (CF_CLI_PATH), each flag given each
//    hostile value: exit status 2, the flag named on stderr, stdout empty, and
//    a message of bounded size. Arguments go through fork/exec as raw bytes so
//    non-UTF-8 reaches the binary unchanged. One argument cannot exceed 128 KiB
//    (Linux MAX_ARG_STRLEN), so the 1 MB values go through cli::runCli in-process.
//  - the engine: a property test over many hostile-but-accepted designs,
//    workloads, splits and economics; every figure of every Prediction, every
//    collective result, every search result and every chart series is finite,
//    and the sanitizer in evaluateOn never had to step in.
// docs/hardening.md "Hostile inputs" lists what the user sees for each row.
#include "commands.h"

#include "catalog/catalog.h"
#include "catalog/resource_paths.h"
#include "design/design_json.h"
#include "design/design_validator.h"
#include "predict/chart_series.h"
#include "predict/collectives.h"
#include "predict/evaluate.h"
#include "search/split_search.h"

#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace cf;

namespace {

// ---------------------------------------------------------------- helpers

constexpr std::size_t kOneMiB = 1024 * 1024;
// Longest single argument Linux passes to a program (MAX_ARG_STRLEN = 32 pages,
// including the terminating NUL).
constexpr std::size_t kLongestArg = 128 * 1024 - 1;
// A refused value never makes a long message: the CLI quotes at most 40 bytes
// of a value; the rest of a message is a sentence (our bound for the test).
constexpr std::size_t kMaxStderrBytes = 4096;

std::string example(const char* name)
{
    return examplePath(name);
}

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string longText(std::size_t n)
{
    return std::string(n, 'a');
}
const std::string kNonUtf8 = "\xff\xfe\xc3(";

// Runs `argv` (raw bytes) with HOME and XDG dirs in `home`; collects both streams.
struct Run {
    int status = -1; // exit status, or 128 + signal
    std::string out, err;
};

Run runProcess(const std::vector<std::string>& argv, const std::string& home)
{
    Run r;
    int outPipe[2], errPipe[2];
    if (pipe(outPipe) != 0 || pipe(errPipe) != 0)
        qFatal("pipe failed");
    std::vector<std::string> envStore;
    for (char** e = environ; *e; ++e) {
        const std::string kv = *e;
        if (kv.rfind("HOME=", 0) == 0 || kv.rfind("XDG_", 0) == 0)
            continue;
        envStore.push_back(kv);
    }
    envStore.push_back("HOME=" + home);
    envStore.push_back("XDG_CONFIG_HOME=" + home + "/config");
    envStore.push_back("XDG_DATA_HOME=" + home + "/data");
    std::vector<char*> envp, args;
    for (std::string& s : envStore)
        envp.push_back(s.data());
    envp.push_back(nullptr);
    std::vector<std::string> argStore = argv;
    for (std::string& s : argStore)
        args.push_back(s.data());
    args.push_back(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(outPipe[1], 1);
        dup2(errPipe[1], 2);
        close(outPipe[0]);
        close(errPipe[0]);
        execve(args[0], args.data(), envp.data());
        _exit(127);
    }
    close(outPipe[1]);
    close(errPipe[1]);
    pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
    std::string* sinks[2] = {&r.out, &r.err};
    int open = 2;
    char buf[65536];
    while (open > 0) {
        if (poll(fds, 2, 120000) <= 0)
            break;
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            const ssize_t n = read(fds[i].fd, buf, sizeof buf);
            if (n > 0) {
                sinks[i]->append(buf, std::size_t(n));
            } else {
                close(fds[i].fd);
                fds[i].fd = -1;
                --open;
            }
        }
    }
    int wstatus = 0;
    waitpid(pid, &wstatus, 0);
    r.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
    return r;
}

QByteArray bytes(const std::string& s)
{
    return QByteArray(s.data(), qsizetype(s.size()));
}
std::string str(const QByteArray& b)
{
    return std::string(b.constData(), std::size_t(b.size()));
}

// ---------------------------------------------------------------- design file rows

// The Workhorse example with the value at `pointer` replaced by `raw` JSON text
// (raw so that NaN, Infinity, 1e400 and bad bytes reach the reader as written).
std::string fileWith(const std::string& pointer, const std::string& raw)
{
    static const nlohmann::ordered_json base =
        nlohmann::ordered_json::parse(readFile(example("workhorse.json")));
    nlohmann::ordered_json j = base;
    const std::string marker = "@@HOSTILE-VALUE@@";
    j[nlohmann::ordered_json::json_pointer(pointer)] = marker;
    std::string text = j.dump(2);
    const std::string quotedMarker = "\"" + marker + "\"";
    text.replace(text.find(quotedMarker), quotedMarker.size(), raw);
    return text;
}

struct NumberField {
    const char* pointer;
    const char* designField; // what the validator calls it
    bool isInt;
    double readerMin, readerMax; // the reader's bounds (design_json_reader.cpp)
    bool zeroMeaningful;         // 0 is a valid setting (dp = auto, x = 0, ...)
};

// Every number a design file holds, with the bounds the reader documents.
const std::vector<NumberField>& numberFields()
{
    static const std::vector<NumberField> fields = {
        {"/parts/0/x", "parts[n1].x", false, -1e7, 1e7, true},
        {"/parts/0/y", "parts[n1].y", false, -1e7, 1e7, true},
        {"/parts/0/count", "parts[n1].count", true, 0, 100000, false},
        {"/links/0/speedGbps", "links[l1].speedGbps", false, 0, 1e6, false},
        {"/links/0/cablesPerMember", "links[l1].cablesPerMember", true, 0, 1048576, false},
        {"/workload/model/layers", "workload.model.layers", true, 0, 100000, false},
        {"/workload/model/hidden", "workload.model.hidden", true, 0, 1 << 20, false},
        {"/workload/model/heads", "workload.model.heads", true, 0, 1 << 16, false},
        {"/workload/model/kvHeads", "workload.model.kvHeads", true, 0, 1 << 16, false},
        {"/workload/model/ffn", "workload.model.ffn", true, 0, 1 << 22, false},
        {"/workload/model/vocab", "workload.model.vocab", true, 0, 1 << 24, false},
        {"/workload/model/experts", "workload.model.experts", true, 0, 1 << 16, false},
        {"/workload/model/expertsPerToken", "workload.model.expertsPerToken", true, 0, 1 << 16, false},
        {"/workload/seqLen", "workload.seqLen", true, 0, 1 << 30, false},
        {"/workload/tokensToTrain", "workload.tokensToTrain", false, 0, 1e18, false},
        {"/workload/globalBatchSeqs", "workload.globalBatchSeqs", true, 0, 1 << 30, false},
        {"/parallelism/tp", "parallelism.tp", true, 0, 1 << 20, false},
        {"/parallelism/pp", "parallelism.pp", true, 0, 1 << 20, false},
        {"/parallelism/vp", "parallelism.vp", true, 0, 1 << 20, false},
        {"/parallelism/dp", "parallelism.dp", true, 0, 1 << 20, true},
        {"/parallelism/cp", "parallelism.cp", true, 0, 1 << 20, false},
        {"/parallelism/ep", "parallelism.ep", true, 0, 1 << 20, false},
        {"/parallelism/microbatch", "parallelism.microbatch", true, 0, 1 << 30, false},
        {"/economics/electricityUsdPerKwh", "economics.electricityUsdPerKwh", false, 0, 1000, true},
        {"/economics/pue", "economics.pue", false, 0, 100, false},
        {"/economics/ownershipYears", "economics.ownershipYears", false, 0, 1000, false},
        {"/economics/rentUsdPerGpuHour", "economics.rentUsdPerGpuHour", false, 0, 1e12, true},
        {"/economics/gpusPerOpsEngineer", "economics.gpusPerOpsEngineer", false, 0, 1e12, false},
        {"/economics/opsEngineerUsdPerYear", "economics.opsEngineerUsdPerYear", false, 0, 1e12, true},
        {"/economics/maintenanceFractionPerYear", "economics.maintenanceFractionPerYear", false, 0, 100,
         true},
    };
    return fields;
}

struct HostileNumber {
    const char* label;
    std::string raw; // JSON text
    double value;    // its value when it is a number
    bool isNumber;
};

const std::vector<HostileNumber>& hostileNumbers()
{
    static const std::vector<HostileNumber> values = {
        {"zero", "0", 0, true},
        {"negative", "-1", -1, true},
        {"NaN", "NaN", 0, false},
        {"Infinity", "Infinity", 0, false},
        {"-Infinity", "-Infinity", 0, false},
        {"1e308", "1e308", 1e308, true},
        {"1e400", "1e400", 0, false},
        {"2^32", "4294967296", 4294967296.0, true},
        {"20 digits", "9999999999999999999", 9999999999999999999.0, true},
        {"empty text", "\"\"", 0, false},
        {"number as text", "\"12\"", 0, false},
        {"true", "true", 0, false},
        {"null", "null", 0, false},
        {"list", "[]", 0, false},
        {"object", "{}", 0, false},
    };
    return values;
}

// What a file row must produce.
enum class Outcome { ReaderError, ValidatorError, Accepted };

struct FileExpectation {
    Outcome outcome;
    std::string where; // JSON pointer (reader) or design field (validator)
    std::string text;  // part of the message
};

FileExpectation expectNumber(const NumberField& f, const HostileNumber& v)
{
    const std::string label = v.label;
    if (label == "NaN" || label == "Infinity" || label == "-Infinity")
        return {Outcome::ReaderError, f.pointer, "no NaN or Infinity"};
    if (label == "1e400")
        return {Outcome::ReaderError, f.pointer, "not a finite number"};
    if (!v.isNumber)
        return {Outcome::ReaderError, f.pointer,
                f.isInt ? "expected a whole number, got" : "expected a number, got"};
    if (v.value < f.readerMin)
        return {Outcome::ReaderError, f.pointer, f.isInt ? "is negative" : "is out of range"};
    if (v.value > f.readerMax)
        return {Outcome::ReaderError, f.pointer, f.isInt ? "is too large" : "is out of range"};
    if (v.value == 0 && !f.zeroMeaningful)
        return {Outcome::ValidatorError, f.designField, ""};
    return {Outcome::Accepted, f.designField, ""};
}

struct TextField {
    const char* pointer;
    const char* designField;
    bool emptyMeaningful; // "" is fine (design name: untitled, preset: custom)
    bool isEnum;          // "" and other words are unknown values
    std::size_t limit;    // characters
};

const std::vector<TextField>& textFields()
{
    static const std::vector<TextField> fields = {
        {"/name", "name", true, false, 4096},
        {"/description", "description", true, false, 65536},
        {"/parts/0/id", "parts[0].id", false, false, 4096},
        {"/parts/0/name", "parts[n1].name", true, false, 4096},
        {"/parts/0/catalogId", "parts[n1].catalogId", false, false, 4096},
        {"/parts/0/kind", "", false, true, 4096},
        {"/links/0/id", "links[0].id", false, false, 4096},
        {"/links/0/from", "links[l1].from", false, false, 4096},
        {"/links/0/medium", "", false, true, 4096},
        {"/workload/model/preset", "workload.model.preset", true, false, 4096},
        {"/workload/precision", "", false, true, 4096},
        {"/parallelism/sharding", "", false, true, 4096},
        {"/parallelism/recompute", "", false, true, 4096},
    };
    return fields;
}

const Catalog& catalog()
{
    return Catalog::builtin();
}

const Problem* findProblem(const Problems& problems, const std::string& field,
                           Severity severity = Severity::Error)
{
    for (const Problem& p : problems)
        if (p.severity == severity && p.field == field)
            return &p;
    return nullptr;
}

// A message that reaches a label or a JSON report must itself be valid UTF-8.
bool validUtf8(const std::string& s)
{
    const QByteArray bytes(s.data(), qsizetype(s.size()));
    return QString::fromUtf8(bytes).toUtf8() == bytes;
}

std::string listProblems(const Problems& problems)
{
    std::string s;
    for (const Problem& p : problems)
        s += formatProblem(p).substr(0, 300) + "\n";
    return s;
}

// ---------------------------------------------------------------- finiteness

// Every figure of a prediction by name; independent of prediction_sanitize.cpp
// so that a field that module forgets is still checked here.
void forEachFigure(const Prediction& p, const std::function<void(const char*, double)>& f)
{
#define CF_FIG(x) f(#x, double(x))
    CF_FIG(p.gpus);
    CF_FIG(p.nodes);
    CF_FIG(p.peakTflopsPerGpu);
    CF_FIG(p.flops.paramsTotal);
    CF_FIG(p.flops.paramsMatmul);
    CF_FIG(p.flops.modelFlopsPerToken);
    CF_FIG(p.flops.hardwareFlopsPerToken);
    CF_FIG(p.flops.attentionFlopsPerToken);
    const MicrobatchFacts& m = p.microbatch;
    CF_FIG(m.microbatchesPerStep);
    CF_FIG(m.layersPerStage);
    CF_FIG(m.forwardS);
    CF_FIG(m.backwardS);
    CF_FIG(m.recomputeS);
    CF_FIG(m.tpCommS);
    CF_FIG(m.cpCommExposedS);
    CF_FIG(m.ppCommS);
    CF_FIG(m.gemmEfficiency);
    CF_FIG(m.attentionS);
    CF_FIG(m.memoryBoundS);
    const StepBreakdown& b = p.breakdown;
    CF_FIG(b.computeS);
    CF_FIG(b.recomputeS);
    CF_FIG(b.tpCommS);
    CF_FIG(b.ppBubbleS);
    CF_FIG(b.ppCommS);
    CF_FIG(b.dpCommExposedS);
    CF_FIG(b.cpCommS);
    CF_FIG(b.optimizerS);
    const CommFacts& c = p.comm;
    CF_FIG(c.dpCommTotalS);
    CF_FIG(c.dpOverlappableS);
    CF_FIG(c.allreduceTimeS);
    CF_FIG(c.gradientBytesPerGpu);
    CF_FIG(c.tpMessageBytes);
    CF_FIG(c.dpGroupRanksPerNode);
    CF_FIG(c.tpRanksPerNode);
    const MemoryFacts& mem = p.memory;
    CF_FIG(mem.weightsBytes);
    CF_FIG(mem.gradientsBytes);
    CF_FIG(mem.optimizerBytes);
    CF_FIG(mem.activationsBytes);
    CF_FIG(mem.buffersBytes);
    CF_FIG(mem.totalBytes);
    CF_FIG(mem.hbmBytes);
    CF_FIG(mem.activationBytesPerLayer);
    CF_FIG(mem.inFlightMicrobatches);
    const CheckpointFacts& k = p.checkpoint;
    CF_FIG(k.sizeBytes);
    CF_FIG(k.writers);
    CF_FIG(k.writeGBps);
    CF_FIG(k.writeS);
    CF_FIG(k.readS);
    CF_FIG(k.stallS);
    CF_FIG(k.dataLoadGBpsNeeded);
    CF_FIG(k.storageReadGBps);
    const GoodputFacts& g = p.goodput;
    CF_FIG(g.gpuHoursPerInterruption);
    CF_FIG(g.mtbfS);
    CF_FIG(g.restartS);
    CF_FIG(g.intervalS);
    CF_FIG(g.wasteFraction);
    CF_FIG(g.goodput);
    CF_FIG(g.idealTrainS);
    CF_FIG(g.timeToTrainS);
    CF_FIG(g.interruptionsPerRun);
    const PowerFacts& w = p.power;
    CF_FIG(w.gpuUtilisation);
    CF_FIG(w.gpuW);
    CF_FIG(w.nodeRestW);
    CF_FIG(w.nicW);
    CF_FIG(w.opticsW);
    CF_FIG(w.switchW);
    CF_FIG(w.storageW);
    CF_FIG(w.itW);
    CF_FIG(w.facilityW);
    CF_FIG(w.energyPerRunKwh);
    const CostFacts& u = p.cost;
    CF_FIG(u.capexUsd);
    CF_FIG(u.energyUsdPerYear);
    CF_FIG(u.staffUsdPerYear);
    CF_FIG(u.maintenanceUsdPerYear);
    CF_FIG(u.opexUsdPerYear);
    CF_FIG(u.rentUsdPerYear);
    CF_FIG(u.breakEvenMonth);
    CF_FIG(u.ownRunCostUsd);
    CF_FIG(u.rentRunCostUsd);
    CF_FIG(u.totalCostUsd);
    CF_FIG(u.costPerMillionTokensUsd);
    CF_FIG(p.stepTimeS);
    CF_FIG(p.tokensPerStep);
    CF_FIG(p.tokensPerS);
    CF_FIG(p.tokensPerSPerGpu);
    CF_FIG(p.tflopsPerGpu);
    CF_FIG(p.hardwareTflopsPerGpu);
    CF_FIG(p.mfu);
    CF_FIG(p.hfu);
#undef CF_FIG
}

// "" when every figure is finite and the engine's own sanitizer did not fire;
// else what was wrong.
std::string nonFinite(const Prediction& p)
{
    std::string bad;
    forEachFigure(p, [&bad](const char* name, double v) {
        if (!std::isfinite(v))
            bad += std::string(name) + "=" + std::to_string(v) + " ";
    });
    for (const Problem& q : p.problems)
        if (q.field == "prediction")
            bad += "sanitizer: " + q.message + " ";
    return bad;
}

std::string nonFinite(const ChartSeries& s)
{
    std::string bad;
    auto vec = [&bad](const char* name, const std::vector<double>& v) {
        for (double x : v)
            if (!std::isfinite(x)) {
                bad += std::string(name) + " ";
                return;
            }
    };
    auto one = [&bad](const char* name, double x) {
        if (!std::isfinite(x))
            bad += std::string(name) + " ";
    };
    vec("allReduce.bytes", s.allReduce.bytes);
    vec("allReduce.intraNodeS", s.allReduce.intraNodeS);
    vec("allReduce.allGpusS", s.allReduce.allGpusS);
    one("allReduce.markerBytes", s.allReduce.markerBytes);
    one("allReduce.markerS", s.allReduce.markerS);
    vec("scaling.nodes", s.scaling.nodes);
    vec("scaling.tokensPerS", s.scaling.tokensPerS);
    vec("scaling.mfuPercent", s.scaling.mfuPercent);
    one("scaling.currentTokensPerS", s.scaling.currentTokensPerS);
    one("scaling.currentMfuPercent", s.scaling.currentMfuPercent);
    for (const BreakdownSeries* b : {&s.stepTime, &s.memory, &s.power}) {
        for (const NamedPart& part : b->parts)
            one(part.name.c_str(), part.value);
        one("breakdown.total", b->total);
        one("breakdown.reference", b->reference);
    }
    vec("cost.month", s.cost.month);
    vec("cost.ownUsd", s.cost.ownUsd);
    vec("cost.rentUsd", s.cost.rentUsd);
    one("cost.breakEvenMonth", s.cost.breakEvenMonth);
    one("cost.breakEvenUsd", s.cost.breakEvenUsd);
    return bad;
}

// Walks a JSON report: every number finite, no null where a figure belongs
// (nlohmann writes NaN and infinity as null).
void walkJson(const nlohmann::json& j, const std::string& at, std::string& bad)
{
    if (j.is_null())
        bad += at + "=null ";
    else if (j.is_number_float() && !std::isfinite(j.get<double>()))
        bad += at + "=" + j.dump() + " ";
    else if (j.is_object())
        for (auto it = j.begin(); it != j.end(); ++it)
            walkJson(*it, at + "/" + it.key(), bad);
    else if (j.is_array())
        for (std::size_t i = 0; i < j.size(); ++i)
            walkJson(j[i], at + "/" + std::to_string(i), bad);
}

// ---------------------------------------------------------------- hostile designs

Design workhorse()
{
    return *loadDesignFile(example("workhorse.json")).design;
}

// One node group of `count` nodes of catalog type `nodeId`, no switch: the
// degenerate fabric (a single node is valid; a group has no network).
Design bareNodes(const std::string& nodeId, int count)
{
    Design d;
    d.name = "bare " + nodeId;
    d.parts.push_back({"n1", PartKind::Node, nodeId, "nodes", 0, 0, count});
    return d;
}

ModelShape shape(int layers, int hidden, int heads, int kvHeads, int ffn, int vocab)
{
    ModelShape m;
    m.preset.clear();
    m.layers = layers;
    m.hidden = hidden;
    m.heads = heads;
    m.kvHeads = kvHeads;
    m.ffn = ffn;
    m.vocab = vocab;
    return m;
}

} // namespace

class TestHostileInputs : public QObject {
    Q_OBJECT
private:
    QTemporaryDir home_;
    std::string cliPath_;

    Run cli(std::vector<std::string> args)
    {
        args.insert(args.begin(), cliPath_);
        return runProcess(args, home_.path().toStdString());
    }
    std::string tmp(const char* name) const
    {
        return home_.filePath(QString::fromLatin1(name)).toStdString();
    }

private slots:
    void initTestCase();

    // Design file, in-process.
    void fileNumber_data();
    void fileNumber();
    void fileText_data();
    void fileText();
    void fileWrongShapes_data();
    void fileWrongShapes();

    // The real CLI binary.
    void cliFlag_data();
    void cliFlag();
    void cliOneMegabyte_data();
    void cliOneMegabyte();
    void cliAcceptedHostileIsFinite_data();
    void cliAcceptedHostileIsFinite();

    // The engine.
    void engineFiniteOnHostileDesigns();
    void collectivesFinite();
    void searchResultsFinite();
};

void TestHostileInputs::initTestCase()
{
    QVERIFY(home_.isValid());
    cliPath_ = qEnvironmentVariable("CF_CLI_PATH").toStdString();
    QVERIFY(QDir().mkpath(home_.filePath("config")));
    QVERIFY(QDir().mkpath(home_.filePath("data")));
}

// ---------------------------------------------------------------- file: numbers

void TestHostileInputs::fileNumber_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("outcome");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("message");
    for (const NumberField& f : numberFields())
        for (const HostileNumber& v : hostileNumbers()) {
            const FileExpectation e = expectNumber(f, v);
            QTest::addRow("%s = %s", f.pointer, v.label)
                << bytes(fileWith(f.pointer, v.raw)) << int(e.outcome) << QString::fromStdString(e.where)
                << QString::fromStdString(e.text);
        }
}

void TestHostileInputs::fileNumber()
{
    QFETCH(QByteArray, text);
    QFETCH(int, outcome);
    QFETCH(QString, where);
    QFETCH(QString, message);
    const DesignLoadResult r = loadDesignJson(std::string_view(text.constData(), std::size_t(text.size())));
    if (Outcome(outcome) == Outcome::ReaderError) {
        QVERIFY2(!r.design, "the reader accepted a value it must refuse");
        const Problem* p = findProblem(r.problems, where.toStdString());
        QVERIFY2(p, qPrintable("no error at " + where + "; got:\n" +
                               QString::fromStdString(listProblems(r.problems))));
        QVERIFY2(QString::fromStdString(p->message).contains(message),
                 qPrintable(QString::fromStdString(p->message) + " lacks: " + message));
        for (const Problem& q : r.problems)
            QVERIFY2(validUtf8(q.message), q.message.c_str());
        qInfo("SEES %s\t%s", qPrintable(where), formatProblem(*p).c_str());
        return;
    }
    QVERIFY2(r.design, listProblems(r.problems).c_str());
    const Problems validation = validateDesign(*r.design, &catalog());
    const Prediction prediction = evaluate(*r.design, catalog());
    // The engine never hands a view a NaN, whatever the validator thinks of the design.
    const std::string bad = nonFinite(prediction);
    QVERIFY2(bad.empty(), bad.c_str());
    const Problem* named = findProblem(validation, where.toStdString());
    if (Outcome(outcome) == Outcome::ValidatorError) {
        QVERIFY2(named, qPrintable("the validator does not name " + where + "; got:\n" +
                                   QString::fromStdString(listProblems(validation))));
        qInfo("SEES %s\t%s", qPrintable(where), formatProblem(*named).c_str());
    } else {
        QVERIFY2(!named, named ? formatProblem(*named).c_str() : "");
        qInfo("SEES %s\taccepted; MFU %.3f", qPrintable(where), prediction.mfu);
    }
}

// ---------------------------------------------------------------- file: text

void TestHostileInputs::fileText_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("outcome");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("message");
    for (const TextField& f : textFields()) {
        const std::string big = longText(kOneMiB);
        QTest::addRow("%s = 1 MB", f.pointer)
            << bytes(fileWith(f.pointer, "\"" + big + "\"")) << int(Outcome::ReaderError)
            << QString::fromLatin1(f.pointer)
            << QStringLiteral("characters is longer than the %1 allowed").arg(f.limit);
        QTest::addRow("%s = non-UTF-8", f.pointer)
            << bytes(fileWith(f.pointer, "\"" + kNonUtf8 + "\"")) << int(Outcome::ReaderError)
            << QString::fromLatin1(f.pointer) << QStringLiteral("UTF-8");
        QTest::addRow("%s = number", f.pointer)
            << bytes(fileWith(f.pointer, "5")) << int(Outcome::ReaderError) << QString::fromLatin1(f.pointer)
            << QStringLiteral("expected text, got the number 5");
        QTest::addRow("%s = null", f.pointer)
            << bytes(fileWith(f.pointer, "null")) << int(Outcome::ReaderError)
            << QString::fromLatin1(f.pointer) << QStringLiteral("expected text, got null");
        if (f.isEnum)
            QTest::addRow("%s = empty", f.pointer)
                << bytes(fileWith(f.pointer, "\"\"")) << int(Outcome::ReaderError)
                << QString::fromLatin1(f.pointer) << QStringLiteral("unknown value \"\"");
        else
            QTest::addRow("%s = empty", f.pointer)
                << bytes(fileWith(f.pointer, "\"\""))
                << int(f.emptyMeaningful ? Outcome::Accepted : Outcome::ValidatorError)
                << QString::fromLatin1(f.designField) << QString();
    }
}

void TestHostileInputs::fileText()
{
    fileNumber(); // same columns, same checks
}

// ---------------------------------------------------------------- file: wrong shapes

void TestHostileInputs::fileWrongShapes_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("message");
    const std::pair<const char*, const char*> containers[] = {
        {"/parts", "expected a list"},          {"/links", "expected a list"},
        {"/workload", "expected an object"},    {"/workload/model", "expected an object"},
        {"/parallelism", "expected an object"}, {"/economics", "expected an object"},
        {"/parts/0", "expected an object"},
    };
    for (const auto& [pointer, message] : containers)
        for (const char* raw : {"0", "\"\"", "null", "true"})
            QTest::addRow("%s = %s", pointer, raw)
                << bytes(fileWith(pointer, raw)) << QString::fromLatin1(pointer)
                << QString::fromLatin1(message);
    QTest::addRow("/version = 2^32") << bytes(fileWith("/version", "4294967296"))
                                     << QStringLiteral("/version") << QStringLiteral("newer");
    QTest::addRow("/version = -1") << bytes(fileWith("/version", "-1")) << QStringLiteral("/version")
                                   << QStringLiteral("unknown design format version -1");
    QTest::addRow("/version = 1.5") << bytes(fileWith("/version", "1.5")) << QStringLiteral("/version")
                                    << QStringLiteral("expected the whole number 1");
    QTest::addRow("/parallelism/sequenceParallel = 1")
        << bytes(fileWith("/parallelism/sequenceParallel", "1"))
        << QStringLiteral("/parallelism/sequenceParallel")
        << QStringLiteral("expected true or false, got the number 1");
    QTest::addRow("whole file empty") << QByteArray() << QString() << QStringLiteral("empty");
    QTest::addRow("whole file non-UTF-8") << bytes(kNonUtf8) << QString() << QStringLiteral("syntax error");
}

void TestHostileInputs::fileWrongShapes()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, where);
    QFETCH(QString, message);
    const DesignLoadResult r = loadDesignJson(std::string_view(text.constData(), std::size_t(text.size())));
    QVERIFY(!r.design);
    const Problem* p = findProblem(r.problems, where.toStdString());
    QVERIFY2(p, qPrintable("no error at '" + where + "'; got:\n" +
                           QString::fromStdString(listProblems(r.problems))));
    QVERIFY2(QString::fromStdString(p->message).contains(message), p->message.c_str());
    QVERIFY2(validUtf8(p->message), p->message.c_str());
    qInfo("SEES %s\t%s", qPrintable(where), formatProblem(*p).c_str());
}

// ---------------------------------------------------------------- CLI flags

void TestHostileInputs::cliFlag_data()
{
    QTest::addColumn<QByteArray>("argv"); // NUL-separated, raw bytes
    QTest::addColumn<QString>("flag");    // stderr names it ("--tp: ...")
    const std::vector<std::string> values = {"0",          "-1",
                                             "nan",        "inf",
                                             "-inf",       "1e308",
                                             "4294967296", "9999999999999999999",
                                             "",           longText(kLongestArg),
                                             kNonUtf8};
    auto label = [](const std::string& v) -> std::string {
        if (v.empty())
            return "empty";
        if (v.size() > 100)
            return "128 KiB";
        if (v == kNonUtf8)
            return "non-UTF-8";
        return v;
    };
    auto row = [](const std::string& name, const std::vector<std::string>& argv, const std::string& flag) {
        std::string joined;
        for (const std::string& a : argv)
            joined += a + '\0';
        QTest::newRow(name.c_str()) << bytes(joined) << QString::fromStdString(flag);
    };
    const std::vector<std::string> cluster = {"--gpu", "h100-sxm", "--nodes", "2", "--model", "llama3-8b"};
    // Whole-number flags of evaluate (cluster, model shape, workload, split).
    const char* evaluateInts[] = {
        "--nodes", "--gpus-per-node", "--layers",       "--hidden", "--heads", "--kv-heads", "--ffn",
        "--vocab", "--seq",           "--global-batch", "--tp",     "--pp",    "--vp",       "--cp",
        "--dp",    "--microbatch"};
    for (const char* flag : evaluateInts)
        for (const std::string& v : values) {
            std::vector<std::string> argv = {"evaluate"};
            for (std::size_t i = 0; i < cluster.size(); i += 2)
                if (cluster[i] != flag)
                    argv.insert(argv.end(), {cluster[i], cluster[i + 1]});
            argv.insert(argv.end(), {flag, v});
            row(std::string("evaluate ") + flag + " " + label(v), argv, flag);
        }
    for (const std::string& v : values) {
        row("evaluate --gpus " + label(v),
            {"evaluate", "--gpu", "h100-sxm", "--model", "llama3-8b", "--gpus", v}, "--gpus");
        row("search --top " + label(v),
            {"search", "--gpu", "h100-sxm", "--nodes", "1", "--model", "llama3-8b", "--top", v}, "--top");
        row("collective --ranks " + label(v),
            {"collective", "--op", "all-reduce", "--bytes", "1e6", "--gpu", "h100-sxm", "--nodes", "2",
             "--ranks", v},
            "--ranks");
        row("generate --nodes " + label(v),
            {"generate", "--topology", "fat-tree", "--node", "dgx-h100", "--switch", "qm9700", "--nodes", v,
             "-o", "/nonexistent/never.json"},
            "--nodes");
        row("generate --tiers " + label(v),
            {"generate", "--topology", "fat-tree", "--node", "dgx-h100", "--switch", "qm9700", "--nodes", "4",
             "--tiers", v, "-o", "/nonexistent/never.json"},
            "--tiers");
        row("db save --parent " + label(v),
            {"db", "save", example("workhorse.json"), "--name", "x", "--parent", v, "--db",
             "/nonexistent/never.sqlite"},
            "--parent");
    }
    // Real-number flags. Valid values are left out: 0 and 2^32 tokens, 2^32 bytes (4 GB).
    for (const std::string& v : values) {
        if (v != "0" && v != "4294967296")
            row("evaluate --tokens " + label(v),
                {"evaluate", "--gpu", "h100-sxm", "--nodes", "2", "--model", "llama3-8b", "--tokens", v},
                "--tokens");
        row("evaluate --nic-gbps " + label(v),
            {"evaluate", "--gpu", "h100-sxm", "--nodes", "2", "--model", "llama3-8b", "--nic-gbps", v},
            "--nic-gbps");
        if (v != "4294967296")
            row("collective --bytes " + label(v),
                {"collective", "--op", "all-reduce", "--bytes", v, "--gpu", "h100-sxm", "--nodes", "2"},
                "--bytes");
        row("generate --oversubscription " + label(v),
            {"generate", "--topology", "spine-leaf", "--node", "dgx-h100", "--switch", "qm9700", "--nodes",
             "4", "--oversubscription", v, "-o", "/nonexistent/never.json"},
            "--oversubscription");
    }
    // Words: ids, enums, names, paths.
    const std::vector<std::string> words = {"", longText(kLongestArg), kNonUtf8, "nan", "-1"};
    for (const std::string& v : words) {
        row("evaluate --gpu " + label(v), {"evaluate", "--gpu", v, "--nodes", "2", "--model", "llama3-8b"},
            "--gpu");
        row("evaluate --model " + label(v), {"evaluate", "--gpu", "h100-sxm", "--nodes", "2", "--model", v},
            "--model");
        for (const char* flag :
             {"--fabric", "--precision", "--sharding", "--recompute", "--sequence-parallel", "--format"})
            row(std::string("evaluate ") + flag + " " + label(v),
                {"evaluate", "--gpu", "h100-sxm", "--nodes", "2", "--model", "llama3-8b", flag, v}, flag);
        row("collective --op " + label(v),
            {"collective", "--op", v, "--bytes", "1e6", "--gpu", "h100-sxm", "--nodes", "2"}, "--op");
        for (const char* flag : {"--node", "--switch", "--model", "--topology"}) {
            std::vector<std::string> argv = {"generate",
                                             "--topology",
                                             "fat-tree",
                                             "--node",
                                             "dgx-h100",
                                             "--switch",
                                             "qm9700",
                                             "--nodes",
                                             "4",
                                             "-o",
                                             "/nonexistent/never.json"};
            for (std::size_t i = 1; i < argv.size(); ++i)
                if (argv[i] == flag)
                    argv.erase(argv.begin() + long(i), argv.begin() + long(i) + 2);
            argv.insert(argv.end(), {flag, v});
            row(std::string("generate ") + flag + " " + label(v), argv, flag);
        }
        if (v != "nan" && v != "-1") { // a name may be "nan"; "-1" is a fine name too
            row("generate --name " + label(v),
                {"generate", "--topology", "fat-tree", "--node", "dgx-h100", "--switch", "qm9700", "--nodes",
                 "4", "--name", v, "-o", "/nonexistent/never.json"},
                "--name");
            row("db save --name " + label(v),
                {"db", "save", example("workhorse.json"), "--name", v, "--db", "/nonexistent/never.sqlite"},
                "--name");
            row("generate -o " + label(v),
                {"generate", "--topology", "fat-tree", "--node", "dgx-h100", "--switch", "qm9700", "--nodes",
                 "4", "-o", v},
                "-o");
            row("db export -o " + label(v),
                {"db", "export", "1", "-o", v, "--db", "/nonexistent/never.sqlite"}, "-o");
            row("db --db " + label(v), {"db", "list", "--db", v}, "--db");
        }
        row("db export ID " + label(v),
            {"db", "export", v, "-o", "/nonexistent/never.json", "--db", "/nonexistent/never.sqlite"}, "ID");
    }
    // A note may be empty and up to 65,536 characters.
    for (const std::string& v : {longText(kLongestArg), kNonUtf8})
        row("db save --note " + label(v),
            {"db", "save", example("workhorse.json"), "--name", "x", "--note", v, "--db",
             "/nonexistent/never.sqlite"},
            "--note");
    // The design file argument of every command that reads one.
    for (const std::string& v : {std::string(), longText(kLongestArg), kNonUtf8}) {
        row("evaluate DESIGN.json " + label(v), {"evaluate", v}, "DESIGN.json");
        row("search DESIGN.json " + label(v), {"search", v}, "DESIGN.json");
        row("collective DESIGN.json " + label(v), {"collective", "--op", "all-reduce", "--bytes", "1", v},
            "DESIGN.json");
        row("validate DESIGN.json " + label(v), {"validate", v}, "DESIGN.json");
        row("bom DESIGN.json " + label(v), {"bom", v}, "DESIGN.json");
        row("db save DESIGN.json " + label(v),
            {"db", "save", v, "--name", "x", "--db", "/nonexistent/x.sqlite"}, "DESIGN.json");
    }
    // An unknown command or flag carrying the same bytes.
    row("unknown command 128 KiB", {longText(kLongestArg)}, "unknown command");
    row("unknown flag non-UTF-8",
        {"evaluate", "--gpu", "h100-sxm", "--nodes", "2", "--model", "llama3-8b", "--" + kNonUtf8},
        "unknown argument");
}

void TestHostileInputs::cliFlag()
{
    if (cliPath_.empty())
        QSKIP("CF_CLI_PATH is not set (run through ctest)");
    QFETCH(QByteArray, argv);
    QFETCH(QString, flag);
    std::vector<std::string> args;
    for (const QByteArray& a : argv.split('\0'))
        args.push_back(str(a));
    args.pop_back(); // after the last NUL
    const Run r = cli(args);
    QVERIFY2(r.status == cli::kExitBadInput,
             qPrintable(QStringLiteral("exit %1; stderr: %2")
                            .arg(r.status)
                            .arg(QString::fromStdString(r.err.substr(0, 500)))));
    QVERIFY2(r.out.empty(), r.out.substr(0, 300).c_str());
    QVERIFY2(r.err.size() <= kMaxStderrBytes,
             qPrintable(QStringLiteral("stderr is %1 bytes: %2")
                            .arg(r.err.size())
                            .arg(QString::fromStdString(r.err.substr(0, 300)))));
    // The message names the flag: "clusterforge-cli CMD: --flag: ..." (or "DESIGN.json: ...").
    const std::string named = flag.isEmpty() ? std::string() : flag.toStdString() + ":";
    if (flag == QLatin1String("unknown command") || flag == QLatin1String("unknown argument"))
        QVERIFY2(r.err.find(flag.toStdString()) != std::string::npos, r.err.c_str());
    else
        QVERIFY2(r.err.find(": " + named) != std::string::npos, r.err.c_str());
    const std::size_t end = r.err.find('\n');
    qInfo("SEES %s", r.err.substr(0, end).c_str());
}

// ---------------------------------------------------------------- CLI, 1 MB in-process

void TestHostileInputs::cliOneMegabyte_data()
{
    QTest::addColumn<QStringList>("args"); // "@BIG" stands for 1 MiB of 'a', "@DIGITS" for 1 MiB of '9'
    QTest::addColumn<QString>("flag");
    const QString cluster = QStringLiteral("--gpu h100-sxm --nodes 2 --model llama3-8b");
    auto split = [](const QString& s) { return s.split(' '); };
    QTest::newRow("evaluate --tp 1 MB of digits")
        << split(QStringLiteral("evaluate ") + cluster + " --tp @DIGITS") << QStringLiteral("--tp");
    QTest::newRow("evaluate --tokens 1 MB of digits")
        << split(QStringLiteral("evaluate ") + cluster + " --tokens @DIGITS") << QStringLiteral("--tokens");
    QTest::newRow("evaluate --gpu 1 MB")
        << split(QStringLiteral("evaluate --gpu @BIG --nodes 2 --model llama3-8b"))
        << QStringLiteral("--gpu");
    QTest::newRow("evaluate --model 1 MB")
        << split(QStringLiteral("evaluate --gpu h100-sxm --nodes 2 --model @BIG"))
        << QStringLiteral("--model");
    QTest::newRow("evaluate DESIGN.json 1 MB")
        << split(QStringLiteral("evaluate @BIG")) << QStringLiteral("DESIGN.json");
    QTest::newRow("generate --name 1 MB")
        << split(QStringLiteral(
               "generate --topology fat-tree --node dgx-h100 --switch qm9700 --nodes 4 --name @BIG "
               "-o /nonexistent/x.json"))
        << QStringLiteral("--name");
    QTest::newRow("db save --name 1 MB")
        << split(QStringLiteral("db save WORKHORSE --name @BIG --db /nonexistent/x.sqlite"))
        << QStringLiteral("--name");
    QTest::newRow("db save --note 1 MB")
        << split(QStringLiteral("db save WORKHORSE --name x --note @BIG --db /nonexistent/x.sqlite"))
        << QStringLiteral("--note");
    QTest::newRow("validate 1 MB path")
        << split(QStringLiteral("validate @BIG")) << QStringLiteral("DESIGN.json");
}

void TestHostileInputs::cliOneMegabyte()
{
    QFETCH(QStringList, args);
    QFETCH(QString, flag);
    cli::Args argv;
    for (const QString& a : args)
        argv.push_back(a == QLatin1String("@BIG")        ? longText(kOneMiB)
                       : a == QLatin1String("@DIGITS")   ? std::string(kOneMiB, '9')
                       : a == QLatin1String("WORKHORSE") ? example("workhorse.json")
                                                         : a.toStdString());
    std::ostringstream out, err;
    const int status = cli::runCli(argv, out, err);
    QCOMPARE(status, cli::kExitBadInput);
    QVERIFY(out.str().empty());
    QVERIFY2(err.str().size() <= kMaxStderrBytes, err.str().substr(0, 300).c_str());
    QVERIFY2(err.str().find(": " + flag.toStdString() + ":") != std::string::npos, err.str().c_str());
    qInfo("SEES %s", err.str().substr(0, err.str().find('\n')).c_str());
}

// ---------------------------------------------------------------- CLI, accepted hostile values

void TestHostileInputs::cliAcceptedHostileIsFinite_data()
{
    QTest::addColumn<QStringList>("args");
    auto row = [](const char* name, const QString& args) { QTest::newRow(name) << args.split(' '); };
    const QString one = QStringLiteral("--gpu h100-sxm --gpus 1 ");
    row("tokens 0", QStringLiteral("--gpu h100-sxm --nodes 2 --model llama3-8b --tokens 0"));
    row("tokens 1e18", QStringLiteral("--gpu h100-sxm --nodes 2 --model llama3-8b --tokens 1e18"));
    row("tiny model on one GPU", one + "--layers 1 --hidden 1 --heads 1 --vocab 1 --seq 1 --global-batch 1");
    row("huge vocab", one + "--layers 1 --hidden 64 --heads 1 --vocab 16777216 --seq 1 --global-batch 1");
    row("huge sequence", one + "--layers 1 --hidden 64 --heads 1 --vocab 8 --seq 16777216 --global-batch 1");
    row("huge batch", one + "--layers 1 --hidden 64 --heads 1 --vocab 8 --seq 8 --global-batch 16777216");
    row("huge model", one + "--layers 16777216 --hidden 16777216 --heads 1 --vocab 16777216 --seq 16777216 "
                            "--global-batch 16777216 --tokens 1e18");
    row("one layer, PP 1",
        QStringLiteral("--gpu h100-sxm --nodes 2 --layers 1 --hidden 8 --heads 8 --vocab 8"));
    row("1 Gb/s NICs", QStringLiteral("--gpu h100-sxm --nodes 2 --model llama3-8b --nic-gbps 1"));
    row("3200 Gb/s NICs", QStringLiteral("--gpu h100-sxm --nodes 2 --model llama3-8b --nic-gbps 3200"));
    row("1 GPU per node", QStringLiteral("--gpu h100-sxm --nodes 64 --gpus-per-node 1 --model llama3-8b"));
    row("PCIe GPU, RoCE", QStringLiteral("--gpu l40s --nodes 2 --model llama3-8b --fabric roce"));
    row("FP8 on a GPU without it",
        QStringLiteral("--gpu a100-80gb --nodes 2 --model llama3-8b --precision fp8"));
    for (const char* sharding : {"ddp", "zero1", "zero2", "zero3", "fsdp-full", "fsdp-hybrid"})
        for (const char* recompute : {"none", "selective", "full"})
            for (const char* precision : {"bf16", "fp8"})
                QTest::addRow("%s %s %s", sharding, recompute, precision)
                    << QStringLiteral(
                           "--gpu h100-sxm --nodes 2 --model llama3-70b --tp 8 --pp 2 --sharding %1 "
                           "--recompute %2 --precision %3")
                           .arg(sharding, recompute, precision)
                           .split(' ');
    row("workhorse file, tokens 0", QStringLiteral("WORKHORSE --tokens 0"));
}

void TestHostileInputs::cliAcceptedHostileIsFinite()
{
    if (cliPath_.empty())
        QSKIP("CF_CLI_PATH is not set (run through ctest)");
    QFETCH(QStringList, args);
    std::vector<std::string> argv = {"evaluate", "--format", "json"};
    for (const QString& a : args)
        argv.push_back(a == QLatin1String("WORKHORSE") ? example("workhorse.json") : a.toStdString());
    const Run r = cli(argv);
    // 0: a prediction; 1: the report lists the design's errors; 2: a flag refused (named).
    QVERIFY2(r.status == 0 || r.status == 1 || r.status == 2, r.err.c_str());
    if (r.status == 2) {
        QVERIFY2(r.err.find(": --") != std::string::npos, r.err.c_str());
        qInfo("SEES refused: %s", r.err.substr(0, r.err.find('\n')).c_str());
        return;
    }
    nlohmann::json report;
    try {
        report = nlohmann::json::parse(r.out);
    } catch (const std::exception& e) {
        QFAIL(e.what());
    }
    std::string bad;
    walkJson(report, "", bad);
    QVERIFY2(bad.empty(), bad.c_str());
    for (const auto& e : report["errors"])
        QVERIFY2(e.get<std::string>().find("not finite") == std::string::npos, e.get<std::string>().c_str());
    qInfo("SEES exit %d, MFU %s, %zu errors", r.status, report["mfu"].dump().c_str(),
          report["errors"].size());
}

// ---------------------------------------------------------------- engine property

void TestHostileInputs::engineFiniteOnHostileDesigns()
{
    // Fabrics: the examples, every catalog node type alone, a node group with no
    // network, and the Workhorse with 1 Gb/s links.
    std::vector<Design> fabrics;
    for (const char* name : {"workhorse.json", "scrappy-h100.json", "scrappy-a100.json"})
        fabrics.push_back(*loadDesignFile(example(name)).design);
    for (const NodeSpec& n : catalog().nodes())
        fabrics.push_back(bareNodes(n.id, 1));
    fabrics.push_back(bareNodes("dgx-h100", 1000));
    Design slow = workhorse();
    for (Link& l : slow.links)
        l.speedGbps = 1;
    fabrics.push_back(slow);

    // Model shapes from tiny to the reader's largest, with seq/batch extremes.
    struct Shape {
        ModelShape model;
        int seq, batch;
    };
    const std::vector<Shape> shapes = {
        {shape(1, 1, 1, 1, 1, 1), 1, 1},
        {shape(1, 8, 1, 1, 8, 1 << 24), 1, 1},                                          // huge vocabulary
        {shape(2, 64, 8, 8, 256, 32), 1 << 20, 1},                                      // very long sequence
        {shape(2, 64, 8, 8, 256, 32), 8, 1 << 30},                                      // huge batch
        {shape(100000, 1 << 20, 1 << 16, 1 << 16, 1 << 22, 1 << 24), 1 << 30, 1 << 30}, // the reader's maxima
        {workhorse().workload.model, 8192, 512},
    };
    struct Econ {
        const char* name;
        Economics e;
    };
    std::vector<Econ> economics = {{"default", Economics{}}};
    Economics zero;
    zero.electricityUsdPerKwh = 0;
    zero.pue = 0;
    zero.ownershipYears = 0;
    zero.rentUsdPerGpuHour = 0;
    zero.gpusPerOpsEngineer = 0;
    zero.opsEngineerUsdPerYear = 0;
    zero.maintenanceFractionPerYear = 0;
    economics.push_back({"all zero", zero});
    Economics huge;
    huge.electricityUsdPerKwh = 1000;
    huge.pue = 100;
    huge.ownershipYears = 1000;
    huge.rentUsdPerGpuHour = 1e12;
    huge.gpusPerOpsEngineer = 1e12;
    huge.opsEngineerUsdPerYear = 1e12;
    huge.maintenanceFractionPerYear = 100;
    economics.push_back({"reader maxima", huge});
    Economics tiny;
    tiny.pue = 1e-300;
    tiny.ownershipYears = 1e-300;
    tiny.gpusPerOpsEngineer = 1e-300;
    economics.push_back({"denormal-ish", tiny});

    const Sharding shardings[] = {Sharding::DDP,   Sharding::ZeRO1,    Sharding::ZeRO2,
                                  Sharding::ZeRO3, Sharding::FSDPFull, Sharding::FSDPHybrid};
    const Recompute recomputes[] = {Recompute::None, Recompute::Selective, Recompute::Full};
    const double tokens[] = {0, 1e-300, 1, 1e18};

    long long evaluations = 0, withoutErrors = 0;
    QStringList failures;
    for (const Design& fabric : fabrics) {
        const DesignFacts facts = deriveDesignFacts(fabric, catalog());
        const int gpus = std::max(1, facts.topology.gpus);
        for (const Shape& s : shapes)
            for (const Econ& econ : economics)
                for (double t : tokens)
                    for (Sharding sh : shardings)
                        for (Recompute rc : recomputes)
                            for (Precision pr : {Precision::BF16, Precision::FP8})
                                for (int tp : {1, 8}) {
                                    Workload w;
                                    w.model = s.model;
                                    w.seqLen = s.seq;
                                    w.globalBatchSeqs = s.batch;
                                    w.tokensToTrain = t;
                                    w.precision = pr;
                                    w.asyncCheckpoint = (evaluations % 2) == 0;
                                    Parallelism p;
                                    p.tp = tp;
                                    p.dp = 0;
                                    p.sharding = sh;
                                    p.recompute = rc;
                                    p.microbatch = 1;
                                    // Keep the batch a multiple of DP so that more splits are feasible.
                                    if (w.globalBatchSeqs < gpus)
                                        w.globalBatchSeqs = s.batch == 1 ? gpus : s.batch;
                                    const Prediction pred = evaluateOn(facts, w, p, econ.e);
                                    ++evaluations;
                                    withoutErrors += hasErrors(pred.problems) ? 0 : 1;
                                    const std::string bad = nonFinite(pred);
                                    if (!bad.empty() && failures.size() < 20)
                                        failures << QStringLiteral(
                                                        "%1 | layers %2 hidden %3 vocab %4 seq %5 batch %6 "
                                                        "| %7 tokens %8 tp %9 | %10")
                                                        .arg(QString::fromStdString(fabric.name))
                                                        .arg(s.model.layers)
                                                        .arg(s.model.hidden)
                                                        .arg(s.model.vocab)
                                                        .arg(s.seq)
                                                        .arg(w.globalBatchSeqs)
                                                        .arg(QString::fromLatin1(econ.name))
                                                        .arg(t)
                                                        .arg(tp)
                                                        .arg(QString::fromStdString(bad));
                                }
    }
    // Chart series on a sample: every fabric x shape x economics, default split.
    for (Design d : fabrics)
        for (const Shape& s : shapes)
            for (const Econ& econ : economics) {
                d.workload.model = s.model;
                d.workload.seqLen = s.seq;
                d.workload.globalBatchSeqs = s.batch;
                d.parallelism = Parallelism{};
                d.economics = econ.e;
                const DesignFacts facts = deriveDesignFacts(d, catalog());
                const Prediction pred = evaluate(d, catalog());
                const std::string bad = nonFinite(buildChartSeries(d, facts, pred));
                if (!bad.empty() && failures.size() < 40)
                    failures << QStringLiteral("charts of %1 layers %2 %3: %4")
                                    .arg(QString::fromStdString(d.name))
                                    .arg(s.model.layers)
                                    .arg(QString::fromLatin1(econ.name))
                                    .arg(QString::fromStdString(bad));
            }
    qInfo("%lld evaluations, %lld without errors", evaluations, withoutErrors);
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join('\n')));
    QVERIFY(withoutErrors > 100); // the property is not only about refusals
}

void TestHostileInputs::collectivesFinite()
{
    std::vector<Design> fabrics = {workhorse(), bareNodes("dgx-h100", 1), bareNodes("dgx-h100", 64)};
    for (const NodeSpec& n : catalog().nodes())
        fabrics.push_back(bareNodes(n.id, 1));
    Design slow = workhorse();
    for (Link& l : slow.links)
        l.speedGbps = 1;
    fabrics.push_back(slow);
    QStringList failures;
    int count = 0;
    for (const Design& d : fabrics) {
        const Topology t = deriveTopology(d, catalog());
        const int gpus = std::max(1, t.gpus);
        for (CollectiveOp op : {CollectiveOp::AllReduce, CollectiveOp::ReduceScatter, CollectiveOp::AllGather,
                                CollectiveOp::AllToAll, CollectiveOp::PointToPoint})
            for (double bytes : {0.0, 1.0, 1e3, 1e9, 1e15})
                for (int ranks : {1, 2, std::max(1, t.gpusPerNode), gpus, gpus * 4})
                    for (int perNode : {1, std::max(1, t.gpusPerNode)}) {
                        GroupPlacement g;
                        g.ranks = ranks;
                        g.ranksPerNode = std::min(ranks, perNode);
                        const CollectiveResult r = collectiveTime(t, op, bytes, g);
                        ++count;
                        for (double v : {r.seconds, r.latencySeconds, r.bandwidthSeconds,
                                         r.pipelineFillSeconds, r.algbwGBps, r.busbwGBps})
                            if (!std::isfinite(v) || v < 0) {
                                if (failures.size() < 20)
                                    failures
                                        << QStringLiteral("%1 %2 bytes %3 ranks %4/%5: %6 %7 %8 %9 %10 %11")
                                               .arg(QString::fromStdString(d.name), toString(op))
                                               .arg(bytes)
                                               .arg(ranks)
                                               .arg(g.ranksPerNode)
                                               .arg(r.seconds)
                                               .arg(r.latencySeconds)
                                               .arg(r.bandwidthSeconds)
                                               .arg(r.pipelineFillSeconds)
                                               .arg(r.algbwGBps)
                                               .arg(r.busbwGBps);
                                break;
                            }
                    }
    }
    qInfo("%d collectives", count);
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join('\n')));
}

void TestHostileInputs::searchResultsFinite()
{
    struct Case {
        const char* name;
        Design design;
    };
    std::vector<Case> cases;
    Design tiny = bareNodes("dgx-h100", 1);
    tiny.workload.model = shape(1, 8, 8, 8, 8, 1);
    tiny.workload.seqLen = 1;
    tiny.workload.globalBatchSeqs = 8;
    tiny.workload.tokensToTrain = 0;
    cases.push_back({"tiny model, tokens 0", tiny});
    Design vocab = workhorse();
    vocab.workload.model.vocab = 1 << 20; // the workload dock's largest
    vocab.workload.model.preset.clear();
    cases.push_back({"vocabulary 2^20", vocab});
    Design extremeEcon = workhorse();
    extremeEcon.economics =
        Economics{1000, 100, 1000, 1e12, 1e-3, 1e12, 100}; // reader maxima, engineer floor
    extremeEcon.workload.tokensToTrain = 1e18;
    cases.push_back({"economics at their extremes, 1e18 tokens", extremeEcon});
    QStringList failures;
    for (const Case& c : cases) {
        const DesignFacts facts = deriveDesignFacts(c.design, catalog());
        SearchOptions options;
        options.top = 50;
        const SearchReport report =
            searchSplits(facts, c.design.workload, c.design.economics, c.design.parallelism, options);
        if (!std::isfinite(report.elapsedS) || !std::isfinite(report.splitsPerS))
            failures << QStringLiteral("%1: timing not finite").arg(QString::fromLatin1(c.name));
        for (const SearchResult& r : report.results) {
            const std::string bad = nonFinite(r.prediction);
            if (!bad.empty() || !std::isfinite(rankSeconds(r.prediction)))
                failures << QStringLiteral("%1 tp %2 pp %3: %4 rank %5")
                                .arg(QString::fromLatin1(c.name))
                                .arg(r.split.tp)
                                .arg(r.split.pp)
                                .arg(QString::fromStdString(bad))
                                .arg(rankSeconds(r.prediction));
        }
        qInfo("%s: %lld evaluated, %lld feasible, %zu shown", c.name, report.evaluated, report.feasible,
              report.results.size());
        if (report.results.empty())
            failures
                << QStringLiteral("%1: no feasible split, nothing checked").arg(QString::fromLatin1(c.name));
    }
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join('\n')));
}

QTEST_GUILESS_MAIN(TestHostileInputs)
#include "tst_hostile_inputs.moc"
