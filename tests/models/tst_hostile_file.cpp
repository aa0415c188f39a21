// Hostile values in the design file (issue 7 item 3; the CLI and the engine:
// tst_hostile_cli.cpp, tst_hostile_engine.cpp). Each numeric and text field of
// the Workhorse example replaced by 0, -1, NaN, +-Infinity, 1e308, 1e400,
// 2^32, 9999999999999999999, wrong types, "", 1 MB of text and non-UTF-8
// bytes; read in-process. A refused value names its JSON pointer; an accepted
// but meaningless one is named by the validator (design field path); the
// engine stays finite.
// docs/hardening.md "Hostile inputs" lists what the user sees for each row.
#include "finite_checks.h"
#include "hostile_inputs.h"
#include "models/catalog/catalog.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_json.h"
#include "models/predict/evaluate.h"
#include "models/validate/design_validator.h"
#include "test_files.h"

#include "test_main.h"
#include <QtTest>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_hostile_file {

using namespace cf;
using namespace cf::test;

namespace {

// ---------------------------------------------------------------- design file rows

// The Workhorse example with the value at `pointer` replaced by `raw` JSON text
// (raw so that NaN, Infinity, 1e400 and bad bytes reach the reader as written).
std::string fileWith(const std::string& pointer, const std::string& raw)
{
    static const nlohmann::ordered_json base = nlohmann::ordered_json::parse(
        str(readFileBytes(QString::fromStdString(examplePath("workhorse.json")))));
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

} // namespace

class TestHostileFile : public QObject {
    Q_OBJECT
private slots:
    void fileNumber_data();
    void fileNumber();
    void fileText_data();
    void fileText();
    void fileWrongShapes_data();
    void fileWrongShapes();
};

// ---------------------------------------------------------------- file: numbers

void TestHostileFile::fileNumber_data()
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

void TestHostileFile::fileNumber()
{
    QFETCH(QByteArray, text);
    QFETCH(int, outcome);
    QFETCH(QString, where);
    QFETCH(QString, message);
    const Result<Design> r = loadDesignJson(std::string_view(text.constData(), std::size_t(text.size())));
    if (Outcome(outcome) == Outcome::ReaderError) {
        QVERIFY2(!r.ok(), "the reader accepted a value it must refuse");
        const Problem* p = findProblem(r.problems(), where.toStdString());
        QVERIFY2(p, qPrintable("no error at " + where + "; got:\n" +
                               QString::fromStdString(listProblems(r.problems()))));
        QVERIFY2(QString::fromStdString(p->message).contains(message),
                 qPrintable(QString::fromStdString(p->message) + " lacks: " + message));
        for (const Problem& q : r.problems())
            QVERIFY2(validUtf8(q.message), q.message.c_str());
        qInfo("SEES %s\t%s", qPrintable(where), formatProblem(*p).c_str());
        return;
    }
    QVERIFY2(r.ok(), listProblems(r.problems()).c_str());
    const Problems validation = validateDesign(*r, &Catalog::builtin());
    const Prediction prediction = evaluate(*r, Catalog::builtin());
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

void TestHostileFile::fileText_data()
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

void TestHostileFile::fileText()
{
    fileNumber(); // same columns, same checks
}

// ---------------------------------------------------------------- file: wrong shapes

void TestHostileFile::fileWrongShapes_data()
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
                                    << QStringLiteral("expected the whole number 2");
    QTest::addRow("/parallelism/sequenceParallel = 1")
        << bytes(fileWith("/parallelism/sequenceParallel", "1"))
        << QStringLiteral("/parallelism/sequenceParallel")
        << QStringLiteral("expected true or false, got the number 1");
    QTest::addRow("whole file empty") << QByteArray() << QString() << QStringLiteral("empty");
    QTest::addRow("whole file non-UTF-8") << bytes(kNonUtf8) << QString() << QStringLiteral("syntax error");
}

void TestHostileFile::fileWrongShapes()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, where);
    QFETCH(QString, message);
    const Result<Design> r = loadDesignJson(std::string_view(text.constData(), std::size_t(text.size())));
    QVERIFY(!r.ok());
    const Problem* p = findProblem(r.problems(), where.toStdString());
    QVERIFY2(p, qPrintable("no error at '" + where + "'; got:\n" +
                           QString::fromStdString(listProblems(r.problems()))));
    QVERIFY2(QString::fromStdString(p->message).contains(message), p->message.c_str());
    QVERIFY2(validUtf8(p->message), p->message.c_str());
    qInfo("SEES %s\t%s", qPrintable(where), formatProblem(*p).c_str());
}

CF_TEST_GUILESS_MAIN(TestHostileFile)

} // namespace cf_tst_hostile_file

#include "tst_hostile_file.moc"
