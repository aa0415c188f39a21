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
// A row or file that states its ETP keeps it.

#include "models/design/workload.h"

namespace cf {

int defaultExpertTensorParallel(Framework framework, int tp);

} // namespace cf
