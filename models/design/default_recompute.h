#pragma once
// The recompute a runs-file row gets when it states none (an empty `recompute`
// cell and no `recompute_modules`): the named framework's own default where it
// documents one, else as needed.
//   jax (PaxML, MaxText): full. Rematerialisation there is an XLA checkpoint
//       policy on the scanned layer, not a module list: PaxML's
//       TransformerLmSpmdAdam (paxml/tasks/lm/params/c4.py) sets
//       CHECKPOINT_POLICY = AutodiffCheckpointType.SAVE_NOTHING, which the GPU GPT
//       configs (paxml/contrib/gpu/scripts_gpu/configs.py GPT5B's own
//       SAVE_DOT_WITH_NO_BATCH_DIM aside) inherit; MaxText base.yml
//       `remat_policy: 'full'`.
//   every other framework: as needed (the least that fits, recompute_ladder.h):
//       their recipes tune it per run, and no one default stands for them.

#include "models/design/parallelism.h"
#include "models/design/workload.h"

namespace cf {

Recompute defaultRecompute(Framework framework);

} // namespace cf
