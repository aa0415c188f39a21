#pragma once
// Goodput: interruptions from the GPU count, Young/Daly checkpoint interval,
// lost work and restarts -> effective time to train (refdata §7).

#include "models/predict/prediction.h"

namespace cf {

// Llama 3 405B pre-training: 419 unexpected interruptions in 54 days on 16,384
// H100 -> 16,384 x 1,296 h / 419 = 50,700 GPU-hours per interruption, all causes
// (refdata §7.1, Meta "The Llama 3 Herd of Models" 2024).
inline constexpr double kGpuHoursPerInterruption = 50700.0;
// Restart: re-launch and warm-up before the checkpoint is read, seconds
// (refdata §7.2 example: R = 10 min; our choice of that example value).
inline constexpr double kRelaunchSeconds = 600.0;
// Share of the unexpected interruptions that take a GPU or its host out until it
// is repaired or replaced: GPU 268 + host hardware 21 of 419 (refdata §7.1 table:
// faulty GPU, HBM3, SRAM, GSP, SDC, thermal; NIC, SSD, PSU, chassis, IO board,
// CPU, system memory). Software, network and maintenance causes restart in place.
inline constexpr double kHardwareInterruptionShare = 289.0 / 419.0;
// Without a spare, the job waits for that repair before it can relaunch at full
// size: 2 hours to drain, swap or re-seat and burn in a node by hand (our choice;
// no public source gives a figure). With spares (issue 25 item 4) the scheduler
// swaps in a spare and only the relaunch remains.
inline constexpr double kRepairWaitSeconds = 7200.0;
// The first-order waste formula stops being meaningful near 1; cap it (our choice).
inline constexpr double kMaxWasteFraction = 0.95;

struct GoodputInputs {
    int gpus = 1;
    double checkpointStallS = 0; // C: training time lost per checkpoint
    double checkpointWriteS = 0; // a checkpoint cannot start before the previous one is written
    double checkpointReadS = 0;
    double idealTrainS = 0;
    // Added for issue 25: spare GPUs that can take a failed GPU's or node's place.
    bool sparesReplaceFailures = false;
    // Added for issue 29 (the plan's sensitivity): the interruption rate as a
    // multiple of the Llama 3 rate above (1 = as measured).
    double failureRateScale = 1.0;
};

// tau = sqrt(2*C*M) (Young 1974), waste = C/tau + (tau/2 + R)/M; R = relaunch +
// checkpoint read, plus the hardware share of the repair wait when no spare stands by.
GoodputFacts goodputFacts(const GoodputInputs& in);

} // namespace cf
