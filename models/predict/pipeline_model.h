#pragma once
// Pipeline parallelism: the 1F1B bubble, (pp-1)/m of the ideal time, and with
// interleaving (pp-1)/(vp*m) (Narayanan et al. SC21 §2.2), and the
// point-to-point activation traffic between stages.

#include "models/design/parallelism.h"
#include "models/predict/collectives.h"

namespace cf {

// What one micro-batch costs the pacing rank, in the parts a schedule's bubble
// is made of (DeepSeek-V3 technical report §3.2.1, Table 2: F, B, W).
struct StageTimes {
    double microbatchS = 0; // F + B and the comm the rank waits for (F&B under DualPipe)
    double backwardS = 0;   // B: the full backward, input and weight gradients, with its recompute
    double weightGradS = 0; // W: the backward's weight-gradient GEMMs
};

// Seconds of idle pipeline per step under `schedule` (never FromVp: the
// effective one, models/design/pipeline_schedule.h). Sources beside each case.
double scheduleBubbleSeconds(PipelineSchedule schedule, int pp, int vp, const StageTimes& t);

// Seconds of idle pipeline per step given one micro-batch's stage time.
double bubbleSeconds(int pp, int vp, double microbatchStageS);

// Bytes sent across one stage boundary per micro-batch in one direction:
// b*s/cp*h activations at 2 bytes, divided by tp with Megatron's scatter/gather.
double p2pMessageBytes(int microbatch, int seqLen, int hidden, int tp, int cp);

// Seconds of point-to-point per micro-batch on the critical path: one forward
// activation and one backward gradient per virtual stage. Neighbouring stages sit
// tp*cp*dp ranks apart (Megatron rank order tp, cp, dp, pp). scatterOverTp: the
// message is split over the tp ranks (sequence parallelism), else each sends it whole.
double p2pSecondsPerMicrobatch(const Topology& topology, int microbatch, int seqLen, int hidden, int tp,
                               int cp, int dp, int pp, int vp, bool scatterOverTp);

} // namespace cf
