#!/bin/bash
# The CLI's outputs on every shipped example, one file each, for a before/after
# `diff -r` when code moves without meaning to change a prediction (issue 13).
# search's wall-clock figures (elapsed, splits_per_s) are left out: they change every run.
#   scripts/cli_outputs.sh BUILD/app/clusterforge-cli OUT_DIR
set -u
if [ $# -ne 2 ]; then
    echo "usage: $0 CLUSTERFORGE_CLI OUT_DIR" >&2
    exit 2
fi
cli=$1
out=$2
examples="$(cd "$(dirname "${BASH_SOURCE[0]}")/../resources/examples" && pwd)"
mkdir -p "$out"
for f in "$examples"/*.json; do
    n=$(basename "$f" .json)
    { "$cli" evaluate "$f" --format json; echo "rc $?"; } > "$out/$n.evaluate.json" 2>&1
    "$cli" evaluate "$f" --format text > "$out/$n.evaluate.txt" 2>&1
    "$cli" validate "$f" --format json > "$out/$n.validate.json" 2>&1
    "$cli" search "$f" --top 5 --format json 2>&1 | grep -v -i "elapsed\|splits_per_s" > "$out/$n.search.json"
    "$cli" collective "$f" --op all-reduce --bytes 1073741824 --format json > "$out/$n.collective.json" 2>&1
    "$cli" collective "$f" --op all-to-all --bytes 268435456 --format text > "$out/$n.collective.txt" 2>&1
    "$cli" bom "$f" --format csv > "$out/$n.bom.csv" 2>&1
    "$cli" bom "$f" --format json > "$out/$n.bom.json" 2>&1
done
"$cli" compare "$examples/workhorse.json" "$examples/scrappy-h100.json" "$examples/scrappy-a100.json" \
    --format json > "$out/compare3.json" 2>&1
"$cli" compare "$examples/deepseek-v3-dgx-b200.json" "$examples/deepseek-v3-nvl72.json" \
    --format text > "$out/compare_moe.txt" 2>&1
echo "$(ls "$out" | wc -l) files in $out"
