#include "models/design/pipeline_schedule.h"

#include <string>

namespace cf {
namespace {

constexpr const char* kField = "parallelism.ppSchedule";

std::string n(long long v)
{
    return std::to_string(v);
}

} // namespace

PipelineSchedule scheduleImpliedBy(int vp)
{
    return vp > 1 ? PipelineSchedule::Interleaved : PipelineSchedule::OneFOneB;
}

PipelineSchedule effectiveSchedule(const Parallelism& par)
{
    return par.ppSchedule == PipelineSchedule::FromVp ? scheduleImpliedBy(par.vp) : par.ppSchedule;
}

PipelineSchedule storedSchedule(PipelineSchedule chosen, int vp)
{
    return chosen == scheduleImpliedBy(vp) ? PipelineSchedule::FromVp : chosen;
}

Problems pipelineScheduleProblems(const Parallelism& par, long long m)
{
    Problems out;
    auto error = [&](std::string message) {
        out.push_back({Severity::Error, kField, std::move(message), {}});
    };
    const std::string vp = n(par.vp), pp = n(par.pp);
    switch (effectiveSchedule(par)) {
    case PipelineSchedule::FromVp:
    case PipelineSchedule::Interleaved:
        if (par.vp <= 1)
            error("the interleaved schedule needs virtual stages (VP > 1); with VP 1 it is 1F1B");
        break;
    case PipelineSchedule::OneFOneB:
        if (par.vp > 1)
            error("1F1B runs one stage per rank, but VP is " + vp +
                  ": choose the interleaved schedule or set VP to 1");
        break;
    case PipelineSchedule::ZeroBubble:
        // ZB-H1 splits 1F1B's backward; ZB-V's two chunks per rank are not modelled.
        if (par.vp > 1)
            error("zero-bubble (ZB-H1) runs one stage per rank, but VP is " + vp + ": set VP to 1");
        break;
    case PipelineSchedule::DualPipe:
        // Each rank holds stage r and its mirror PP-1-r: its own two stages, no virtual ones.
        if (par.vp > 1)
            error("DualPipe holds two stages per rank of its own (stage r and stage PP-1-r), but VP is " +
                  vp + ": set VP to 1");
        // deepseek-ai/DualPipe, dualpipe.py step(): num_ranks % 2 == 0, num_chunks % 2 == 0 and
        // num_chunks >= 2 x num_ranks (DeepSeek-V3 report §3.2.1: stages and micro-batches divisible by 2).
        if (par.pp < 2 || par.pp % 2 != 0)
            error(
                "DualPipe feeds the pipeline from both ends and needs an even PP of at least 2, but PP is " +
                pp);
        else if (m > 0 && (m % 2 != 0 || m < 2LL * par.pp))
            error("DualPipe needs an even number of micro-batches per step, at least 2 x PP = " +
                  n(2LL * par.pp) + ", but global batch / (DP x micro-batch) = " + n(m));
        break;
    }
    return out;
}

} // namespace cf
