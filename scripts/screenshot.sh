#!/usr/bin/env bash
# Screenshot of the running app under Xvfb (no desktop needed):
#   ./scripts/screenshot.sh [BUILD_DIR] [OUTPUT.png] [DESIGN.json]
# Defaults: build/default, docs/screenshots/main_window.png, the Workhorse example.
# Uses throw-away settings and data folders so neither the saved window layout of
# your own session nor a working copy left by an earlier killed run (the "did not
# close cleanly, restore?" question) gets into the picture.
#
# Every picture in docs/screenshots/ at once:
#   ./scripts/screenshot.sh --all [BUILD_DIR]
# main_window.png as above; charts_workhorse.png from `bench_gui_charts
# --screenshot`; the canvas, what-if, design-browser and compare pictures from
# their GUI tests run with CF_WRITE_SCREENSHOTS=1. Needs the targets
# clusterforge, bench_gui_charts, tst_canvas_screenshots, tst_whatif_screenshots,
# tst_library_browser, tst_compare_view and tst_rack_view built in BUILD_DIR.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCREEN="1600x1000"
SETTLE_SECONDS=6   # time for the window to map and paint under a loaded machine (our choice)

if [[ "${1:-}" == "--all" ]]; then
    BUILD="$(cd "${2:-$ROOT/build/default}" && pwd)"
    SHOTS="$ROOT/docs/screenshots"
    "$0" "$BUILD" "$SHOTS/main_window.png"
    QT_QPA_PLATFORM=offscreen "$BUILD/bench/bench_gui_charts" --screenshot "$SHOTS/charts_workhorse.png"
    for test in tst_canvas_screenshots tst_whatif_screenshots tst_library_browser tst_compare_view tst_rack_view; do
        (cd "$BUILD" && CF_WRITE_SCREENSHOTS=1 QT_QPA_PLATFORM=offscreen \
            ctest -R "^${test}\$" --output-on-failure)
    done
    echo "wrote $SHOTS/*.png"
    exit 0
fi

BUILD="${1:-$ROOT/build/default}"
OUT="${2:-$ROOT/docs/screenshots/main_window.png}"
DESIGN="${3:-$ROOT/resources/examples/workhorse.json}"

config="$(mktemp -d)"
trap 'rm -rf "$config"' EXIT
mkdir -p "$(dirname "$OUT")"
XDG_CONFIG_HOME="$config/config" XDG_DATA_HOME="$config/data" xvfb-run -a -s "-screen 0 ${SCREEN}x24" bash -c '
    "$1/app/clusterforge" -qwindowgeometry "$4+0+0" "$3" &
    pid=$!
    sleep "$5"
    import -window root "$2"
    kill "$pid"
' _ "$BUILD" "$OUT" "$DESIGN" "$SCREEN" "$SETTLE_SECONDS"
echo "wrote $OUT"
