#!/usr/bin/env bash
# Set up, build and start ClusterForge, or set up, build and test it, on Debian 12 /
# Ubuntu 22.04 or newer.
#
#   ./scripts/setup.sh run    install what is missing, build, start the app on the Workhorse example
#   ./scripts/setup.sh test   install what is missing, build, run every test (ctest --preset default)
#   ./scripts/setup.sh deps   only install what is missing
#   ./scripts/setup.sh build  install what is missing and build
#
# Packages are installed with apt-get (through sudo when not root) only when
# `dpkg -s` says one is missing. The build uses the `default` CMake preset
# (build/default, RelWithDebInfo) and every core the machine has.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# The package list of TOOLCHAIN.md (Debian bookworm names). libqt6sql6-sqlite is only a
# Recommends of Qt; ninja-build is the presets' generator (docs/build.md); dpkg-dev and
# file are needed by CPack's dependency scan; xvfb, xauth,
# x11-apps and imagemagick take screenshots; without fonts text renders as empty boxes;
# graphviz's dot renders the DOT export in tst_export_dot (which skips without it).
PACKAGES=(
    g++ make cmake ninja-build dpkg-dev file
    qt6-base-dev libqt6sql6-sqlite qt6-svg-dev
    libqcustomplot-dev nlohmann-json3-dev
    xvfb xauth x11-apps imagemagick fonts-dejavu-core
    graphviz
)

log() { printf '\n== %s\n' "$*"; }

is_installed() {
    dpkg -s "$1" 2>/dev/null | grep -q '^Status: install ok installed'
}

install_missing() {
    local missing=() pkg
    for pkg in "${PACKAGES[@]}"; do
        is_installed "$pkg" || missing+=("$pkg")
    done
    if [ ${#missing[@]} -eq 0 ]; then
        log "All ${#PACKAGES[@]} build packages are installed"
        return
    fi
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        if ! command -v sudo >/dev/null; then
            echo "setup.sh: missing packages (${missing[*]}) and no sudo to install them; run as root." >&2
            exit 1
        fi
        sudo=(sudo)
    fi
    log "Installing ${#missing[@]} missing packages: ${missing[*]}"
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y --no-install-recommends "${missing[@]}"
}

# A build folder configured before the presets named Ninja (session 9 and earlier used
# Unix Makefiles) cannot be reconfigured with another generator: start it afresh.
forget_other_generator() {
    local cache="$ROOT/build/default/CMakeCache.txt"
    if [ -f "$cache" ] && ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$cache"; then
        log "build/default was made with another generator; configuring it afresh for Ninja"
        rm -rf "$ROOT/build/default/CMakeCache.txt" "$ROOT/build/default/CMakeFiles"
    fi
}

build() {
    local jobs
    jobs="$(nproc 2>/dev/null || echo 2)"
    forget_other_generator
    log "Configuring (cmake --preset default)"
    cmake --preset default
    log "Building with $jobs jobs (cmake --build --preset default)"
    cmake --build --preset default --parallel "$jobs"
}

run_app() {
    local example="$ROOT/resources/examples/workhorse.json"
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
        echo "setup.sh: built, but there is no display (DISPLAY and WAYLAND_DISPLAY are unset)." >&2
        echo "  Start it from a desktop session:  ./build/default/app/clusterforge $example" >&2
        echo "  or without a screen:             xvfb-run -a ./build/default/app/clusterforge $example" >&2
        exit 1
    fi
    log "Starting ClusterForge on $example"
    exec "$ROOT/build/default/app/clusterforge" "$example"
}

run_tests() {
    log "Testing (ctest --preset default)"
    ctest --preset default
}

case "${1:-}" in
    run)   install_missing; build; run_app ;;
    test)  install_missing; build; run_tests ;;
    deps)  install_missing ;;
    build) install_missing; build ;;
    *)
        sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
        exit 2
        ;;
esac
