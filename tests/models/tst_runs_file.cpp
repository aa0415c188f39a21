// Issue 25 item 6: a runs file a user can write. The gpu column takes a catalog id
// or a name the catalog resolves (any case); the cluster, sequence parallelism,
// sharding and the metric come from columns; each row says what it assumed.
#include "cli_run.h"

#include "app/validation/calibration_runner.h"
#include "app/validation/model_commands.h"
#include "models/calibration/calibration_cases.h"
#include "models/calibration/prepared_run.h"
#include "models/calibration/run_design.h"
#include "models/design/default_expert_tp.h"
#include "models/design/recompute_modules.h"
#include "models/predict/evaluate.h"

#include <nlohmann/json.hpp>

#include "test_main.h"
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace cf_tst_runs_file {

using namespace cf;
using namespace cf::cli;

namespace {

const char* kHeader = "id,layers,hidden,heads,ffn,vocab,seq_len,gpu,num_gpus,tp,pp,global_batch_seqs,"
                      "measured_tokens_per_s_per_gpu";

std::string oneRun(const std::string& gpu, const std::string& extraHeader = {}, const std::string& extra = {})
{
    return std::string(kHeader) + extraHeader + "\nrun1,32,4096,32,16384,50304,2048," + gpu +
           ",16,2,1,256,3000" + extra + "\n";
}

std::string readValidation(const char* name)
{
    std::ifstream f(std::string(CF_VALIDATION_DIR) + "/" + name, std::ios::binary);
    std::ostringstream text;
    text << f.rdbuf();
    return text.str();
}

bool hasArg(const std::vector<std::string>& args, const std::string& flag, const std::string& value)
{
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == flag && args[i + 1] == value)
            return true;
    return false;
}

} // namespace

class TestRunsFile : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { registerModelCommands(); }

    // Before: "GPU 'h100-sxm' not in the catalog" (upper-case marketing names only).
    void gpuColumnTakesIdsNamesAndAliases_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::newRow("catalog id") << "h100-sxm";
        QTest::newRow("id, other case") << "H100-SXM";
        QTest::newRow("catalog name") << "H100 SXM 80GB";
        QTest::newRow("alias") << "H100-SXM5-80GB";
        QTest::newRow("alias, lower case") << "h100";
    }
    void gpuColumnTakesIdsNamesAndAliases()
    {
        QFETCH(QString, gpu);
        const auto rows = parseCalibrationCsv(oneRun(gpu.toStdString()));
        QCOMPARE(rows.size(), std::size_t(1));
        const Result<PreparedRun> run = PreparedRun::prepare(rows[0]);
        QVERIFY2(run.ok(), run.ok() ? "" : run.problems().front().message.c_str());
        QCOMPARE(QString::fromStdString(run->design().parts.empty() ? "" : "ok"), QStringLiteral("ok"));
        QVERIFY(run->predict(CalibrationProfile{}) > 0);
    }

    void unknownGpuIsRefusedByName()
    {
        const auto rows = parseCalibrationCsv(oneRun("tpu-v5p"));
        const Result<PreparedRun> run = PreparedRun::prepare(rows[0]);
        QVERIFY(!run.ok());
        QVERIFY2(run.problems().front().message.find("tpu-v5p") != std::string::npos,
                 run.problems().front().message.c_str());
    }

    void clusterAndSplitComeFromColumns()
    {
        const auto rows = parseCalibrationCsv(
            oneRun("h100-sxm", ",nic_gbps,fabric,sequence_parallel,sharding,ffn_type,tied_embeddings",
                   ",200,roce,off,zero1,gated,no"));
        const CalibrationCase& c = rows[0];
        QVERIFY(!c.parallelism.sequenceParallel);
        QCOMPARE(c.parallelism.sharding, Sharding::ZeRO1);
        QVERIFY(c.workload.model.gatedFfn);
        QVERIFY(!c.workload.model.tiedEmbeddings);
        const ClusterSpec cluster = clusterSpecOf(c);
        QCOMPARE(cluster.nicGbps, 200.0);
        QVERIFY(cluster.fabricTech == FabricTech::Ethernet);
        QCOMPARE(cluster.gpuId, std::string("h100-sxm"));
        QVERIFY(hasArg(calibrationArgs(c), "--sequence-parallel", "off"));
        QVERIFY2(c.assumptions.find("sequence parallelism") == std::string::npos, c.assumptions.c_str());
    }

    void emptyColumnsAreAssumedAloud()
    {
        const CalibrationCase c = parseCalibrationCsv(oneRun("h100-sxm"))[0];
        QVERIFY(c.parallelism.sequenceParallel);
        // No framework: Megatron-Core, whose documented default is the distributed
        // optimizer (the lead's "default sharding" decision, models/design/default_sharding.h).
        QCOMPARE(c.parallelism.sharding, Sharding::ZeRO1);
        for (const char* said : {"NIC speed", "sequence parallelism on",
                                 "sharding not stated: zero1 (the framework's default)", "FFN: plain"})
            QVERIFY2(c.assumptions.find(said) != std::string::npos,
                     (std::string(said) + " | " + c.assumptions).c_str());
    }

    // Issue 25: an empty recompute cell is "as needed" (the engine picks the
    // least that fits and the row says which); a stated one is kept.
    void recomputeLeftOpenIsAsNeeded()
    {
        const CalibrationCase open = parseCalibrationCsv(oneRun("h100-sxm"))[0];
        QCOMPARE(open.parallelism.recompute, Recompute::AsNeeded);
        QVERIFY2(open.assumptions.find("recompute not stated: as needed") != std::string::npos,
                 open.assumptions.c_str());
        QVERIFY(hasArg(calibrationArgs(open), "--recompute", "as-needed"));
        const CalibrationCase none = parseCalibrationCsv(oneRun("h100-sxm", ",recompute", ",none"))[0];
        QCOMPARE(none.parallelism.recompute, Recompute::None);
        QVERIFY(hasArg(calibrationArgs(none), "--recompute", "none"));
    }

    // Expert tensor parallelism: the row's, else the framework's default
    // (Megatron-Core: ETP = TP; torchtitan: 1).
    void etpFollowsTheFramework()
    {
        const std::string moe = ",experts,top_k,expert_ffn,ep,framework";
        const CalibrationCase megatron =
            parseCalibrationCsv(oneRun("h100-sxm", moe, ",8,2,16384,2,NeMo 24.12"))[0];
        QCOMPARE(megatron.parallelism.etp, 2);
        QVERIFY(hasArg(calibrationArgs(megatron), "--etp", "2"));
        QVERIFY2(megatron.assumptions.find("ETP not stated: 2") != std::string::npos,
                 megatron.assumptions.c_str());
        const CalibrationCase titan =
            parseCalibrationCsv(oneRun("h100-sxm", moe, ",8,2,16384,2,torchtitan"))[0];
        QCOMPARE(titan.parallelism.etp, 1);
        const CalibrationCase stated =
            parseCalibrationCsv(oneRun("h100-sxm", moe + ",etp", ",8,2,16384,2,NeMo,1"))[0];
        QCOMPARE(stated.parallelism.etp, 1);
        const CalibrationCase dense = parseCalibrationCsv(oneRun("h100-sxm"))[0];
        QCOMPARE(effectiveExpertTp(dense.parallelism, dense.workload), 1); // 0 left: 1 for a dense model
    }

    // Session 17: PaxML and MaxText rows are JAX by the framework's own name (not
    // Megatron, as before): the framework's documented defaults follow (recompute
    // full: PaxML's SAVE_NOTHING, MaxText's remat_policy 'full'; FSDP sharding;
    // ETP = TP), and the Megatron module ladder does not apply.
    void jaxFrameworksByTheirName()
    {
        for (const char* name :
             {"\"Paxml (JAX, FW_VERSION 2024.03.04)\"", "JAX MaxText (nvcr.io/nvidia/jax)", "maxtext"}) {
            const CalibrationCase c =
                parseCalibrationCsv(oneRun("h100-sxm", ",framework", std::string(",") + name))[0];
            QCOMPARE(c.workload.framework, Framework::Jax);
            QCOMPARE(c.parallelism.recompute, Recompute::Full);
            QCOMPARE(c.parallelism.sharding, Sharding::FSDPFull);
            QVERIFY2(c.assumptions.find("recompute not stated: full (the framework's default)") !=
                         std::string::npos,
                     c.assumptions.c_str());
            QVERIFY(hasArg(calibrationArgs(c), "--framework", "jax"));
            QVERIFY(hasArg(calibrationArgs(c), "--recompute", "full"));
        }
        QCOMPARE(frameworkOfRunsText("NeMo 24.12"), Framework::Megatron);
        QCOMPARE(frameworkOfRunsText("Megatron-LM"), Framework::MegatronLM);
        const CalibrationCase stated =
            parseCalibrationCsv(oneRun("h100-sxm", ",framework,recompute", ",maxtext,as-needed"))[0];
        QCOMPARE(stated.parallelism.recompute, Recompute::AsNeeded);
        const CalibrationCase moe = parseCalibrationCsv(
            oneRun("h100-sxm", ",experts,top_k,expert_ffn,ep,framework", ",8,2,16384,2,maxtext"))[0];
        QCOMPARE(moe.parallelism.etp, 2);
    }

    // Megatron-Core's recompute modules from their column (session 16): selective
    // with those modules, passed on as --recompute-modules; a bad name skips the row.
    void recomputeModulesFromTheColumn()
    {
        const CalibrationCase c =
            parseCalibrationCsv(oneRun("h100-sxm", ",recompute_modules", ",\"moe_act,layernorm\""))[0];
        QCOMPARE(c.parallelism.recompute, Recompute::Selective);
        QCOMPARE(c.parallelism.recomputeModules,
                 unsigned(RecomputeModule::Layernorm) | unsigned(RecomputeModule::MoeAct));
        const std::vector<std::string> args = calibrationArgs(c);
        QVERIFY(hasArg(args, "--recompute-modules", "layernorm,moe_act"));
        QCOMPARE(std::count(args.begin(), args.end(), std::string("--recompute-modules")), 1L);
        const Result<PreparedRun> run = PreparedRun::prepare(c);
        QVERIFY2(run.ok(), run.problems().empty() ? "" : run.problems().front().message.c_str());
        QVERIFY(hasArg(calibrationArgs(c), "--recompute", "selective"));
        const CalibrationCase bad =
            parseCalibrationCsv(oneRun("h100-sxm", ",recompute_modules", ",attention"))[0];
        QVERIFY2(bad.skipReason.find("recompute_modules") != std::string::npos, bad.skipReason.c_str());
    }

    // Activation offload to host memory from its column.
    void offloadLayersFromTheColumn()
    {
        const CalibrationCase c = parseCalibrationCsv(oneRun("h100-sxm", ",offload_layers", ",10"))[0];
        QCOMPARE(c.parallelism.activationOffloadLayers, 10);
        QVERIFY(hasArg(calibrationArgs(c), "--offload-layers", "10"));
    }

    // Row ids and notes decide nothing: the same run under another id and notes
    // that name a system ("Selene", "meg21") gives the same arguments.
    void idsAndNotesDecideNothing()
    {
        const std::string header = std::string(kHeader) + ",notes\n";
        const std::string body = ",32,4096,32,16384,50304,2048,a100-80gb,16,2,1,256,3000,";
        const auto plain = parseCalibrationCsv(header + "run1" + body + "\n")[0];
        const auto worded =
            parseCalibrationCsv(header + "meg21_x" + body + "Selene no sequence parallelism VP=4\n")[0];
        QVERIFY(calibrationArgs(plain) == calibrationArgs(worded));
        QVERIFY(clusterSpecOf(plain) == clusterSpecOf(worded));
    }

    // The show: a file written by hand with h100-sxm in the gpu column, calibrated.
    void handWrittenFileCalibrates()
    {
        QTemporaryDir dir;
        const std::string out = dir.filePath("site.json").toStdString();
        const auto run =
            cf::test::runCliCommand("calibrate", {"--runs", CF_SOURCE_DIR "/docs/examples/runs_by_hand.csv",
                                                  "-o", out, "--format", "json"});
        QVERIFY2(run.code == 0, run.err.c_str());
        const auto report = nlohmann::json::parse(run.out, nullptr, false);
        QCOMPARE(report["runs"].size(), std::size_t(4));
        QVERIFY2(report["runs_not_used"].empty(), run.out.c_str());
    }

    // Issue 30 item 3: the engine makes a row's design itself (runDesignOf,
    // models/calibration), no longer through the evaluate command's flags; the
    // accuracy harness still goes through them (evaluateRow). Every shipped row
    // gets the same design and the same prediction both ways, or is refused both
    // ways.
    void rowDesignIsTheEvaluateCommands()
    {
        int compared = 0;
        for (const char* file :
             {"calibration.csv", "calibration_moe.csv", "heldout_moe.csv", "runs_public.csv"}) {
            for (const CalibrationCase& row : parseCalibrationCsv(readValidation(file))) {
                if (!row.skipReason.empty())
                    continue;
                const Result<RunDesign> engine = runDesignOf(row);
                const EvaluateRequest cli = evaluateRow(row);
                const bool cliOk = cli.inputErrors.empty() && cli.flagErrors.empty();
                QVERIFY2(engine.ok() == cliOk, (row.id + ": engine " + (engine.ok() ? "ok" : "refused") +
                                                ", evaluate " + (cliOk ? "ok" : "refused"))
                                                   .c_str());
                if (!cliOk)
                    continue;
                Design design = engine->design;
                design.name = cli.design->name; // "(runs file)" against "(CLI flags)"
                QVERIFY2(design == *cli.design, row.id.c_str());
                QCOMPARE(figureOf(evaluate(engine->design, engine->catalog), row.metric),
                         figureOf(cli.prediction, row.metric));
                ++compared;
            }
        }
        QVERIFY(compared > 200);
    }

    // A row the engine cannot take names the runs file's column, not a CLI flag
    // (before: "input error: --seq: '0' is out of range ...").
    void refusedRowNamesItsColumn_data()
    {
        QTest::addColumn<QString>("extraHeader");
        QTest::addColumn<QString>("extra");
        QTest::addColumn<QString>("column");
        QTest::newRow("fabric") << ",fabric"
                                << ",myrinet"
                                << "fabric";
        QTest::newRow("sequence") << ",seq_len"
                                  << ",0"
                                  << "seq_len";
        QTest::newRow("preset") << ",preset"
                                << ",llama-9000"
                                << "preset";
    }
    void refusedRowNamesItsColumn()
    {
        QFETCH(QString, extraHeader);
        QFETCH(QString, extra);
        QFETCH(QString, column);
        // A column given twice: the reader takes the last (the seq_len case).
        const std::string csv = oneRun("h100-sxm", extraHeader.toStdString(), extra.toStdString());
        const Result<PreparedRun> run = PreparedRun::prepare(parseCalibrationCsv(csv)[0]);
        QVERIFY(!run.ok());
        const std::string& why = run.problems().front().message;
        QVERIFY2(why.rfind("input error: " + column.toStdString() + ": ", 0) == 0, why.c_str());
    }
};

CF_TEST_GUILESS_MAIN(TestRunsFile)

} // namespace cf_tst_runs_file

#include "tst_runs_file.moc"
