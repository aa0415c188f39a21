#!/usr/bin/env bash
# Build the `fuzz` preset (clang, libFuzzer, ASan + UBSan) and run every fuzz
# target for SECONDS seconds (default 60) on its seed corpus, at low priority.
#   scripts/fuzz.sh [SECONDS] [TARGET...]      (FUZZ_JOBS=N: targets run at a time, default nproc)
# Prints each target's executions and coverage (libFuzzer's final cov:/ft:);
# exits non-zero when a target crashes, leaks, times out or reports a sanitizer
# error (the reproducer is left in build/fuzz/artifacts/).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_design_json fuzz_catalog fuzz_cli_args fuzz_design_db)
jobs="$(nproc 2>/dev/null || echo 2)"

# clang + the libFuzzer runtime, from Debian.
if ! command -v clang++ >/dev/null || ! dpkg -s libclang-rt-14-dev >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -q
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q clang libclang-rt-14-dev
fi

cmake --preset fuzz >/dev/null
cmake --build build/fuzz --parallel "$jobs" --target "${targets[@]}"

# Per target: the largest input libFuzzer may make (our choice: a few times the
# largest seed; the database seeds are 32 KiB SQLite files).
max_len() {
    case "$1" in
        fuzz_design_json) echo 16384 ;;
        fuzz_catalog) echo 65536 ;;
        fuzz_cli_args) echo 1024 ;;
        fuzz_design_db) echo 65536 ;;
    esac
}

out="build/fuzz/runs"
artifacts="build/fuzz/artifacts"
mkdir -p "$out" "$artifacts"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
export QT_QPA_PLATFORM=offscreen
# A throw-away home so that Catalog::builtin() never reads the user's own catalog.
fuzzhome="$(mktemp -d)"
trap 'rm -rf "$fuzzhome"' EXIT
export XDG_CONFIG_HOME="$fuzzhome" XDG_DATA_HOME="$fuzzhome" HOME="$fuzzhome"

# One target: run it on a copy of its seed corpus (the corpus in git never grows).
run_target() {
    local t="$1" work="$out/$1-corpus" status=0
    rm -rf "$work"
    mkdir -p "$work"
    cp tests/fuzz/corpus/"$t"/* "$work"/
    nice -n 19 "build/fuzz/tests/fuzz/$t" "$work" \
        -max_total_time="$seconds" -max_len="$(max_len "$t")" -timeout=25 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$artifacts/$t-" >"$out/$t.log" 2>&1 || status=$?
    echo "$status" >"$out/$t.status"
}

# As many targets at a time as there are cores (FUZZ_JOBS overrides): each target
# is single-threaded, so 4 targets x SECONDS take SECONDS x 4 / cores of wall time.
rm -f "$out"/*.status
parallel="${FUZZ_JOBS:-$jobs}"
running=0
for t in "${targets[@]}"; do
    run_target "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$parallel" ]; then
        wait -n || true
        running=$((running - 1))
    fi
done
wait

failed=0
printf '%-18s %8s %10s %8s %8s %s\n' target seconds executions cov ft result
for t in "${targets[@]}"; do
    log="$out/$t.log"
    status="$(cat "$out/$t.status" 2>/dev/null || echo 1)"
    execs="$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || true)"
    last="$(grep -E '#[0-9]+.*cov: [0-9]+' "$log" | tail -1 || true)"
    cov="$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$last")"
    ft="$(sed -nE 's/.*ft: ([0-9]+).*/\1/p' <<<"$last")"
    result="ok"
    if [ "$status" -ne 0 ]; then
        result="FAILED (exit $status, see $log)"
        failed=1
        grep -E 'ERROR: |SUMMARY: |runtime error|Test unit written' "$log" | head -5 >&2 || true
    fi
    printf '%-18s %8s %10s %8s %8s %s\n' "$t" "$seconds" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$result"
done
exit "$failed"
