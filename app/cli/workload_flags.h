#pragma once
// The workload and split flags of evaluate/search: they override what a
// design file says. Errors name the flag ("--tp: expected an integer ...").
//   --model PRESET | --layers L --hidden H --heads A [--kv-heads K] [--ffn F]
//   [--ffn-type gated|plain] [--tied-embeddings yes|no] --vocab V
//   --seq S --global-batch B --microbatch b --precision bf16|fp8 --tokens N
//   --tp T --pp P --vp V --dp D --cp C --sequence-parallel on|off
//   --sharding ddp|zero1|zero2|zero3|fsdp-full|fsdp-hybrid --recompute none|selective|full

#include "app/cli/arg_list.h"

#include "models/catalog/catalog.h"
#include "models/design/design.h"

#include <string>

namespace cf::cli {

// The tables (parsing and --help): model and workload flags; split flags.
const FlagGroup& workloadFlags();
const FlagGroup& splitFlags();

// Takes the flags out of `args` and applies them to `design`. `fromFile` says
// whether the design came from a file (then the file's workload is the base);
// without a file a model (preset or full custom shape) is required. When --dp
// is absent and the split flags changed, dp becomes 0: GPUs / (TP x PP x CP).
void applyWorkloadFlags(ArgList& args, const Catalog& catalog, bool fromFile, Design& design);

// The workload flags alone (model, sequence, batch, tokens, precision,
// framework, checkpoint) into `workload`; for `plan`, which searches the split.
void applyModelFlags(ArgList& args, const Catalog& catalog, bool fromFile, Workload& workload);

// The flag that sets a problem's field ("parallelism.tp" -> "--tp"); "" if none.
std::string flagForField(const std::string& field);

} // namespace cf::cli
