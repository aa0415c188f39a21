#pragma once
// The expert tensor parallelism (ETP) a mixture-of-experts split gets when the
// user names none (a runs file with an empty `etp` cell): the named framework's
// default (issue 25).
//   megatron, megatron-lm (Megatron-Core): ETP = TP. `expert_tensor_parallel_size`
//       is None unless set, and Megatron-Core then takes the tensor-parallel size
//       (megatron/training/arguments.py; ModelParallelConfig), so each expert's
//       FFN is split over the TP group as the dense FFN is.
//   torchtitan: 1 (`expert_tensor_parallel_degree` defaults to 1, whole experts).
//   llm-foundry, deepspeed: 1 (no expert tensor parallelism).
//   jax (MaxText): ETP = TP. The expert kernels carry the logical axis 'mlp'
//       (MaxText layers/moe.py, ("exp", ..., "mlp")), which base.yml's
//       logical_axis_rules map onto the 'tensor' mesh axis, as the dense FFN's.
// A row or file that states its ETP keeps it. Parallelism::etp 0 (what the CLI,
// the design file and the GUI hold unless the user sets it) is this default,
// resolved where the engine takes the split (effectiveExpertTp).

#include "models/design/parallelism.h"
#include "models/design/workload.h"

namespace cf {

int defaultExpertTensorParallel(Framework framework, int tp);
// The ETP the split runs: its own when set (> 0; negative stays, for the check to
// name), 1 for a dense model, else the framework's default.
int effectiveExpertTp(const Parallelism& parallelism, const Workload& workload);
// `parallelism` with etp 0 replaced by effectiveExpertTp.
Parallelism withEffectiveExpertTp(Parallelism parallelism, const Workload& workload);

} // namespace cf
