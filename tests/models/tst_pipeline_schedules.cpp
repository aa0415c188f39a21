// Issue 26, decision (b) for issue 15: the pipeline schedule is a split field
// (1f1b, interleaved, dualpipe, zero-bubble). Each schedule's published bubble
// by hand; DualPipe's two copies of the parameters, PP + 1 micro-batches in
// flight, its all-to-all hidden behind the paired micro-batch and its rules;
// design files without the field read and evaluate as before.
#include "test_designs.h"

#include "models/design/design_json.h"
#include "models/design/pipeline_schedule.h"
#include "models/predict/evaluate.h"
#include "models/predict/pipeline_model.h"

#include "test_main.h"
#include <QtTest>

namespace cf_tst_pipeline_schedules {

using namespace cf;

namespace {

bool hasError(const Prediction& p, const std::string& field, const std::string& words)
{
    for (const Problem& q : p.problems)
        if (q.severity == Severity::Error && q.field == field && q.message.find(words) != std::string::npos)
            return true;
    return false;
}

Prediction withSchedule(Design d, PipelineSchedule s)
{
    d.parallelism.ppSchedule = s;
    return evaluate(d, test::repoCatalog());
}

} // namespace

class TestPipelineSchedules : public QObject {
    Q_OBJECT
private slots:
    // PP 8, VP 2, a micro-batch of F = 1 s and B = 2 s of which W = 1 s.
    void bubbleOfEachScheduleByHand()
    {
        const StageTimes t{3.0, 2.0, 1.0};
        QCOMPARE(scheduleBubbleSeconds(PipelineSchedule::OneFOneB, 8, 1, t), 21.0);    // (p-1)(F+B)
        QCOMPARE(scheduleBubbleSeconds(PipelineSchedule::Interleaved, 8, 2, t), 10.5); // (p-1)(F+B)/v
        QCOMPARE(scheduleBubbleSeconds(PipelineSchedule::ZeroBubble, 8, 1, t), 7.0); // (p-1)(F+B-2W): a third
        QCOMPARE(scheduleBubbleSeconds(PipelineSchedule::DualPipe, 8, 1, t), 6.0);   // (p/2-1)(F&B+B-3W)
        QCOMPARE(scheduleBubbleSeconds(PipelineSchedule::DualPipe, 2, 1, t), 0.0);   // PP 2: none
        QCOMPARE(scheduleBubbleSeconds(PipelineSchedule::ZeroBubble, 1, 1, t), 0.0);
    }

    // The engine on a real split: zero-bubble keeps 1F1B's compute and memory and
    // takes 2W off each of the p-1 bubble slots.
    void zeroBubbleOnTheWorkhorse()
    {
        const Design d = test::loadExample("workhorse.json"); // PP 4, VP 1
        const Prediction one = withSchedule(d, PipelineSchedule::FromVp);
        const Prediction zb = withSchedule(d, PipelineSchedule::ZeroBubble);
        QCOMPARE(one.ppSchedule, PipelineSchedule::OneFOneB);
        QCOMPARE(zb.ppSchedule, PipelineSchedule::ZeroBubble);
        QVERIFY(zb.microbatch.weightGradS > 0);
        const double slot = one.breakdown.ppBubbleS / 3.0;
        QCOMPARE(zb.breakdown.ppBubbleS, 3.0 * (slot - 2.0 * zb.microbatch.weightGradS));
        QVERIFY(zb.breakdown.ppBubbleS < one.breakdown.ppBubbleS);
        QCOMPARE(zb.breakdown.computeS, one.breakdown.computeS);
        QCOMPARE(zb.memory.totalBytes, one.memory.totalBytes);
        QCOMPARE(zb.memory.inFlightMicrobatches, one.memory.inFlightMicrobatches);
    }

    // DualPipe: rank r holds stage r and stage PP-1-r: twice the weights,
    // gradients and optimizer state of a middle rank, PP + 1 micro-batches.
    void dualPipeHoldsTwoCopies()
    {
        Design d = test::loadExample("workhorse.json"); // 80 layers, PP 4: 20 a stage; 256 micro-batches
        const Prediction one = withSchedule(d, PipelineSchedule::OneFOneB);
        const Prediction dual = withSchedule(d, PipelineSchedule::DualPipe);
        QVERIFY(!dual.lacks(FigureGroup::Memory)); // 137 GiB on an 80 GiB H100: the memory says why
        QCOMPARE(dual.ppSchedule, PipelineSchedule::DualPipe);
        QCOMPARE(dual.stages.size(), std::size_t(4));
        const StageMemory& a = one.stages[1]; // a middle rank: no embedding, no head
        const StageMemory& b = dual.stages[1];
        QCOMPARE(b.layers, 2 * a.layers);
        QCOMPARE(b.weightsBytes, 2.0 * a.weightsBytes);
        QCOMPARE(b.gradientsBytes, 2.0 * a.gradientsBytes);
        QCOMPARE(b.optimizerBytes, 2.0 * a.optimizerBytes);
        // 1F1B: rank 1 of 4 holds 3 micro-batches; DualPipe PP + 1 = 5 (of one stage's layers).
        QCOMPARE(b.activationsBytes, a.activationsBytes * 5.0 / 3.0);
        QCOMPARE(dual.memory.inFlightMicrobatches, 5.0);
        QVERIFY(!dual.memory.fits);

        // With ZeRO-1 and full recompute it fits: (PP/2 - 1)(F&B + B - 3W) is well
        // under 1F1B's (PP - 1)(F + B).
        d.parallelism.sharding = Sharding::ZeRO1;
        d.parallelism.recompute = Recompute::Full;
        const Prediction oneFits = withSchedule(d, PipelineSchedule::OneFOneB);
        const Prediction dualFits = withSchedule(d, PipelineSchedule::DualPipe);
        QVERIFY(!dualFits.lacks(FigureGroup::Training));
        QVERIFY(dualFits.breakdown.ppBubbleS > 0);
        QVERIFY(dualFits.breakdown.ppBubbleS < oneFits.breakdown.ppBubbleS / 2);
    }

    // DeepSeek-V3 on GB200 NVL72 at PP 4, EP 16, 32 micro-batches: the
    // all-to-all and the sends hidden behind the paired micro-batch's compute.
    void dualPipeHidesTheAllToAll()
    {
        Design d = test::loadExample("deepseek-v3-nvl72.json");
        d.parallelism.pp = 4;
        d.parallelism.ep = 16;
        d.parallelism.microbatch = 1;
        d.parallelism.dp = 0;
        const Prediction one = withSchedule(d, PipelineSchedule::FromVp);
        const Prediction dual = withSchedule(d, PipelineSchedule::DualPipe);
        QVERIFY2(!dual.lacks(FigureGroup::Training),
                 dual.problems.empty() ? "" : dual.problems[0].message.c_str());
        QVERIFY(one.breakdown.ppBubbleS > dual.breakdown.ppBubbleS);
        QVERIFY(one.moe.epCommTotalS > 0);
        QCOMPARE(dual.moe.epCommTotalS, one.moe.epCommTotalS); // the same traffic, less of it exposed
        QVERIFY(dual.breakdown.epCommS < one.breakdown.epCommS);
        QVERIFY(dual.breakdown.ppCommS <= one.breakdown.ppCommS);
        QVERIFY(dual.memory.weightsBytes > one.memory.weightsBytes);
    }

    // DualPipe's rules (deepseek-ai/DualPipe: even PP, even micro-batches >= 2 PP)
    // and VP's, each an error naming parallelism.ppSchedule.
    void scheduleRulesNameTheField()
    {
        Design d = test::loadExample("workhorse.json"); // DP 2, micro-batch 1
        d.workload.globalBatchSeqs = 6;                 // 3 micro-batches per step
        const Prediction odd = withSchedule(d, PipelineSchedule::DualPipe);
        QVERIFY(hasError(odd, "parallelism.ppSchedule", "DualPipe needs an even number of micro-batches"));
        QVERIFY(odd.lacks(FigureGroup::Training));
        d.workload.globalBatchSeqs = 12; // 6: even, but under 2 x PP = 8
        QVERIFY(hasError(withSchedule(d, PipelineSchedule::DualPipe), "parallelism.ppSchedule",
                         "at least 2 x PP = 8"));
        d.workload.globalBatchSeqs = 16; // 8: enough (the memory is another matter)
        QVERIFY(!hasError(withSchedule(d, PipelineSchedule::DualPipe), "parallelism.ppSchedule", ""));

        Parallelism p;
        p.pp = 3;
        p.ppSchedule = PipelineSchedule::DualPipe;
        Problems problems = pipelineScheduleProblems(p, 12);
        QCOMPARE(problems.size(), std::size_t(1));
        QCOMPARE(problems[0].field, std::string("parallelism.ppSchedule"));
        QVERIFY(problems[0].message.find("even PP") != std::string::npos);
        p.pp = 4;
        p.vp = 2;
        QCOMPARE(pipelineScheduleProblems(p, 12).size(), std::size_t(1)); // DualPipe has no virtual stages
        p.ppSchedule = PipelineSchedule::ZeroBubble;
        QCOMPARE(pipelineScheduleProblems(p, 12).size(), std::size_t(1));
        p.ppSchedule = PipelineSchedule::OneFOneB;
        QCOMPARE(pipelineScheduleProblems(p, 12).size(), std::size_t(1));
        p.ppSchedule = PipelineSchedule::FromVp; // VP 2: interleaved, as before the field
        QVERIFY(pipelineScheduleProblems(p, 12).empty());
        p.vp = 1;
        p.ppSchedule = PipelineSchedule::Interleaved;
        QCOMPARE(pipelineScheduleProblems(p, 12).size(), std::size_t(1));
    }

    // A file without the field: VP decides, as before; the field is written only
    // when it differs from what VP implies, and reads back.
    void designFilesKeepTheirBytes()
    {
        Design d = test::loadExample("workhorse.json");
        QCOMPARE(d.parallelism.ppSchedule, PipelineSchedule::FromVp);
        const std::string plain = saveDesignJson(d);
        QVERIFY(plain.find("ppSchedule") == std::string::npos);
        d.parallelism.ppSchedule = PipelineSchedule::OneFOneB; // what VP 1 implies
        QCOMPARE(saveDesignJson(d), plain);
        d.parallelism.ppSchedule = PipelineSchedule::DualPipe;
        const std::string dual = saveDesignJson(d);
        QVERIFY(dual.find("\"ppSchedule\": \"dualpipe\"") != std::string::npos);
        const Result<Design> back = loadDesignJson(dual);
        QVERIFY(back.ok());
        QCOMPARE(back.value().parallelism.ppSchedule, PipelineSchedule::DualPipe);
        QCOMPARE(saveDesignJson(back.value()), dual);

        // VP 2 without the field is interleaved, the same prediction as naming it.
        Design v = test::loadExample("workhorse.json");
        v.parallelism.vp = 2;
        const Prediction implied = evaluate(v, test::repoCatalog());
        QCOMPARE(implied.ppSchedule, PipelineSchedule::Interleaved);
        v.parallelism.ppSchedule = PipelineSchedule::Interleaved;
        QCOMPARE(evaluate(v, test::repoCatalog()).breakdown.ppBubbleS, implied.breakdown.ppBubbleS);

        // A value the reader does not know names its pointer.
        std::string bad = dual;
        bad.replace(bad.find("\"dualpipe\""), 10, "\"gpipe\"");
        const Result<Design> refused = loadDesignJson(bad);
        bool named = false;
        for (const Problem& q : refused.problems())
            named = named || q.field == "/parallelism/ppSchedule";
        QVERIFY(named);
    }
};

CF_TEST_GUILESS_MAIN(TestPipelineSchedules)

} // namespace cf_tst_pipeline_schedules

#include "tst_pipeline_schedules.moc"
