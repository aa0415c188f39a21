#pragma once
// The sharding a split gets when the user names none (the CLI without
// --sharding, a runs file with an empty `sharding` cell): the named framework's
// documented default (the lead's decision on "default sharding", issue 25):
//   megatron (Megatron-Core as the NeMo / Megatron-Bridge recipes run it):
//       the distributed optimizer, ZeRO-1 (`use_distributed_optimizer=True` in
//       their OptimizerConfig recipes)
//   torchtitan (eager or compiled): FSDP2 full shard (`data_parallel_shard_degree
//       = -1`: every remaining GPU shards)
//   llm-foundry: FSDP FULL_SHARD (its YAMLs' `fsdp_config.sharding_strategy`)
//   deepspeed, megatron-lm: DDP, as before (Megatron-LM's distributed optimizer is
//       opt-in, `--use-distributed-optimizer`; DeepSpeed's stage is the user's config)
//   jax (PaxML, MaxText): FSDP full shard. MaxText base.yml `ici_fsdp_parallelism:
//       -1` (every GPU of the slice shards the weights); PaxML's GPU GPT configs
//       (paxml/contrib/gpu/scripts_gpu/configs.py) put every GPU on the mesh's
//       'data' axis (ICI_MESH_SHAPE [1, 8, 1], DCN [1, N, 1]), over which the
//       SPMD weights are sharded.
// A design file that states its sharding keeps it.

#include "models/design/parallelism.h"
#include "models/design/workload.h"

namespace cf {

Sharding defaultSharding(Framework framework);
// The rule in one line, for help texts.
const char* defaultShardingRule();

} // namespace cf
