// Issue 30, one limits table: a bound the GUI offers is the bound the CLI
// refuses beyond, both read from design_limits.h. The fabric generator
// dialog's node count and oversubscription and the workload dock's layers and
// sequence length each reach their DesignLimits bound, and the CLI refuses
// one above the same number with the range that names it.
#include "app/cli/commands.h"
#include "models/catalog/catalog.h"
#include "models/design/design_limits.h"
#include "widgets/dialogs/fabric_generator_dialog.h"
#include "widgets/document/design_document.h"
#include "widgets/whatif/evaluation_controller.h"
#include "widgets/whatif/workload_dock.h"

#include "test_main.h"
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QtTest>

#include <sstream>
#include <string>

namespace cf_tst_limits_one_table {

using namespace cf;
using DL = limits::DesignLimits;

namespace {

struct CliRun {
    int status = 0;
    std::string err;
};

CliRun runCli(const cli::Args& args)
{
    std::ostringstream out, err;
    const int status = cli::runCli(args, out, err);
    return {status, err.str()};
}

// The CLI refuses `flag` one above `max`, quoting [min, max] as the bound.
void expectRefusedAbove(cli::Args args, const std::string& flag, const std::string& min, long long max)
{
    args.push_back(flag);
    args.push_back(std::to_string(max + 1));
    const CliRun r = runCli(args);
    QCOMPARE(r.status, cli::kExitBadInput);
    const std::string range = flag + ": '" + std::to_string(max + 1) + "' is out of range [" + min + ", " +
                              std::to_string(max) + "]";
    QVERIFY2(r.err.find(range) != std::string::npos, (range + " not in: " + r.err).c_str());
}

const cli::Args kGenerate = {"generate", "--topology", "spine-leaf", "--node",     "dgx-h100",
                             "--switch", "qm9700",     "-o",         "unused.json"};

} // namespace

class TestLimitsOneTable : public QObject {
    Q_OBJECT
private slots:
    void generatorDialogAndCliShareTheBounds()
    {
        DesignDocument doc;
        FabricGeneratorDialog dialog(&doc, Catalog::builtin());
        QCOMPARE(dialog.nodeCountSpin()->maximum(), DL::kMaxGeneratedNodes);
        QCOMPARE(dialog.oversubscriptionSpin()->maximum(), DL::kMaxOversubscription);

        cli::Args nodes = kGenerate;
        nodes.insert(nodes.end(), {"--oversubscription", "1"});
        expectRefusedAbove(nodes, "--nodes", "1", dialog.nodeCountSpin()->maximum());
        cli::Args oversubscription = kGenerate;
        oversubscription.insert(oversubscription.end(), {"--nodes", "8", "--oversubscription"});
        oversubscription.push_back(std::to_string(int(dialog.oversubscriptionSpin()->maximum()) + 1));
        const CliRun r = runCli(oversubscription);
        QCOMPARE(r.status, cli::kExitBadInput);
        const std::string range = "out of range [1, " + std::to_string(int(DL::kMaxOversubscription)) + "]";
        QVERIFY2(r.err.find("--oversubscription: ") != std::string::npos &&
                     r.err.find(range) != std::string::npos,
                 r.err.c_str());
    }

    void workloadDockAndCliShareTheBounds()
    {
        DesignDocument doc;
        EvaluationController controller(&doc, Catalog::builtin());
        WorkloadDock dock(&doc, &controller);
        QCOMPARE(dock.layersSpin()->maximum(), DL::kMaxLayers);
        QCOMPARE(dock.seqLenSpin()->maximum(), DL::kMaxSeqLen);
        QCOMPARE(dock.tokensSpin()->maximum() * 1e9, DL::kMaxTokensToTrain);

        const cli::Args evaluate = {"evaluate", "--gpu", "h100-sxm", "--gpus", "8"};
        expectRefusedAbove(evaluate, "--layers", "1", dock.layersSpin()->maximum());
        expectRefusedAbove(evaluate, "--seq", "1", dock.seqLenSpin()->maximum());
        expectRefusedAbove({"evaluate", "--gpu", "h100-sxm"}, "--gpus", "1", DL::kMaxTotalGpus);
    }
};

CF_TEST_MAIN(TestLimitsOneTable)

} // namespace cf_tst_limits_one_table

#include "tst_limits_one_table.moc"
