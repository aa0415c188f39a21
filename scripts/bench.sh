#!/usr/bin/env bash
# Builds and runs the benchmark of every performance target in DESIGN.md and
# prints its figures (benchmarks, not timed tests: run them on a quiet machine).
#
#   ./scripts/bench.sh [BUILD_DIR]     default build/default (the `default` preset, RelWithDebInfo)
#
# Installs what is missing first (./scripts/setup.sh deps). GUI benchmarks run
# offscreen unless QT_QPA_PLATFORM is set (e.g. xcb under xvfb-run).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
BUILD="${1:-$ROOT/build/default}"

# target | benchmark | what of its output to show
BENCHES=(
    "one evaluation, 16,384-GPU design: < 1 ms|bench_evaluate|all"
    "edit -> predictions and all charts redrawn, 1,024-node design: < 16 ms|bench_gui_charts|all"
    "  its bill of materials, 2,048-node design (part of the edit budget)|bench_bom|all"
    "exhaustive split search, 405B on 16,384 GPUs: > 1 M splits/s on one core|bench_search|all"
    "load or save a 2,048-node design in SQLite: < 100 ms|bench_store|all"
    "start to first interactive window: < 1 s|bench_gui_startup|all"
    "canvas of a 2,048-node design: scene < 300 ms, move + re-validate < 16 ms|bench_gui_canvas|all"
    "collectives vs nccl-tests: within +/-15 % at >= 64 MB|bench_collectives|summary"
    "TFLOP/s per GPU vs published runs: MAPE <= 10 %, no row over 25 %|bench_calibration|summary"
    "frontier scale (issue 19): 8K-131K-GPU fat-trees, file, CLI evaluate, stages, SQLite|bench_frontier|all"
    "plan from the envelope (issue 29): 8 GPU types x 4 fabrics x up to 8 sizes, best split each: <= 3 s|bench_plan|all"
)

./scripts/setup.sh deps
if [[ "$BUILD" == "$ROOT/build/default" ]]; then
    cmake --preset default >/dev/null
else
    cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
targets=()
for entry in "${BENCHES[@]}"; do
    IFS='|' read -r _ name _ <<<"$entry"
    targets+=("$name")
done
cmake --build "$BUILD" --parallel "$(nproc)" --target "${targets[@]}"

export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
for entry in "${BENCHES[@]}"; do
    IFS='|' read -r target name show <<<"$entry"
    printf '\n== %s  (%s)\n' "$target" "$name"
    if [[ "$show" == summary ]]; then
        # The per-row tables are long: keep the gate lines and the overall figures.
        "$BUILD/bench/$name" | grep -E '^(gated rows|Compared|Accuracy gate|Reported apart|  [a-z0-9]+ +[0-9]+ )' || true
    else
        "$BUILD/bench/$name"
    fi
done
