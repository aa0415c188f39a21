#!/usr/bin/env bash
# Check that every tracked C++ file is formatted as .clang-format says (issue 30 item 5).
#
#   ./scripts/check_format.sh        list the files clang-format would change; exit 1 if any
#   ./scripts/check_format.sh fix    reformat them in place
#
# The tree was formatted once with clang-format 14 (Debian bookworm's `clang-format`);
# another major version may format a few constructs differently, so CI uses that one.
# clang-format is installed with apt-get (through sudo when not root) when missing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if ! command -v clang-format >/dev/null; then
    sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    echo "check_format.sh: installing clang-format"
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends clang-format \
        || { "${sudo[@]}" apt-get update && "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
                 apt-get install -y --no-install-recommends clang-format; }
fi

mapfile -t files < <(git ls-files '*.cpp' '*.h' '*.hpp' '*.cxx')
if [ "${1:-}" = fix ]; then
    clang-format -i "${files[@]}"
    exit 0
fi
# --dry-run --Werror prints "file:line:col: error: code should be clang-formatted" per
# change; batches of files on every core keep the check to seconds.
mapfile -t unformatted < <(printf '%s\0' "${files[@]}" |
    xargs -0 -n 40 -P "$(nproc 2>/dev/null || echo 2)" clang-format --dry-run --Werror 2>&1 |
    sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: .*clang-format.*/\1/p' | sort -u)
if [ ${#unformatted[@]} -gt 0 ]; then
    printf 'check_format.sh: %d of %d C++ files are not formatted (%s); run ./scripts/check_format.sh fix:\n' \
        "${#unformatted[@]}" "${#files[@]}" "$(clang-format --version)" >&2
    printf '  %s\n' "${unformatted[@]}" >&2
    exit 1
fi
echo "check_format.sh: all ${#files[@]} C++ files formatted ($(clang-format --version))"
