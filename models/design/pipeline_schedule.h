#pragma once
// The pipeline schedule of a split (issue 26, decision (b) for issue 15): which
// one runs, and the rules each one's published implementation states. Its
// bubble, in-flight activations and overlap are the engine's
// (models/predict/pipeline_model.h); docs/model.md "Pipeline schedules".

#include "models/core/problem.h"
#include "models/design/parallelism.h"

namespace cf {

// The schedule the split runs: the stored one, or from VP (1F1B with VP 1,
// interleaved with VP > 1) when the design leaves it to VP.
PipelineSchedule effectiveSchedule(const Parallelism& par);

// What VP alone implies: 1F1B with VP 1, interleaved with VP > 1.
PipelineSchedule scheduleImpliedBy(int vp);

// `chosen` as a design stores it: FromVp when VP implies it, so that a file
// keeps its bytes and a later VP edit moves the schedule with it.
PipelineSchedule storedSchedule(PipelineSchedule chosen, int vp);

// The schedule's rules against the split, each naming parallelism.ppSchedule:
// no virtual stages but interleaved; DualPipe's even PP and an even number of
// micro-batches of at least 2 x PP (deepseek-ai/DualPipe, dualpipe.py's step()
// asserts; DeepSeek-V3 report §3.2.1). `microbatchesPerStep` 0 = not known yet.
Problems pipelineScheduleProblems(const Parallelism& par, long long microbatchesPerStep);

} // namespace cf
