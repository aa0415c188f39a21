#!/usr/bin/env bash
# Screenshot of the running app under Xvfb (no desktop needed):
#   ./scripts/screenshot.sh [BUILD_DIR] [OUTPUT.png] [DESIGN.json]
# Defaults: build/default, docs/screenshots/main_window.png, the Workhorse example.
# Uses a throw-away settings folder so the saved window layout of your own
# session does not leak into the picture.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$ROOT/build/default}"
OUT="${2:-$ROOT/docs/screenshots/main_window.png}"
DESIGN="${3:-$ROOT/resources/examples/workhorse.json}"
SCREEN="1600x1000"
SETTLE_SECONDS=6   # time for the window to map and paint under a loaded machine (our choice)

config="$(mktemp -d)"
trap 'rm -rf "$config"' EXIT
mkdir -p "$(dirname "$OUT")"
XDG_CONFIG_HOME="$config" xvfb-run -a -s "-screen 0 ${SCREEN}x24" bash -c '
    "$1/app/clusterforge" -qwindowgeometry "$4+0+0" "$3" &
    pid=$!
    sleep "$5"
    import -window root "$2"
    kill "$pid"
' _ "$BUILD" "$OUT" "$DESIGN" "$SCREEN" "$SETTLE_SECONDS"
echo "wrote $OUT"
