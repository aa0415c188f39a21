#!/bin/bash
# The CLI's outputs on every shipped example, one file each, for a before/after
# `diff -r` when code moves without meaning to change a prediction (issues 13, 30).
# search's wall-clock figures (elapsed, splits_per_s) are left out: they change every run.
#   scripts/cli_outputs.sh BUILD/app/clusterforge-cli OUT_DIR
set -u
if [ $# -ne 2 ]; then
    echo "usage: $0 CLUSTERFORGE_CLI OUT_DIR" >&2
    exit 2
fi
cli=$1
out=$(mkdir -p "$2" && cd "$2" && pwd)
cli=$(cd "$(dirname "$cli")" && pwd)/$(basename "$cli")
examples="$(cd "$(dirname "${BASH_SOURCE[0]}")/../resources/examples" && pwd)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# run NAME ARGS...: stdout and stderr of one call, then its exit status, into OUT/NAME
run() {
    local name=$1
    shift
    { "$cli" "$@"; echo "rc $?"; } > "$out/$name" 2>&1
}
for f in "$examples"/*.json; do
    n=$(basename "$f" .json)
    run "$n.evaluate.json" evaluate "$f" --format json
    run "$n.evaluate.txt" evaluate "$f" --format text
    run "$n.validate.json" validate "$f" --format json
    run "$n.validate.txt" validate "$f" --format text
    { "$cli" search "$f" --top 5 --format json; echo "rc $?"; } 2>&1 \
        | grep -v -i "elapsed\|splits_per_s" > "$out/$n.search.json"
    run "$n.collective.json" collective "$f" --op all-reduce --bytes 1073741824 --format json
    run "$n.collective.txt" collective "$f" --op all-to-all --bytes 268435456 --format text
    run "$n.bom.csv" bom "$f" --format csv
    run "$n.bom.json" bom "$f" --format json
    run "$n.bom.txt" bom "$f" --format text
    for x in cabling-csv slurm-topology slurm-block dot; do
        run "$n.export.$x" export "$f" --format "$x" -o -
    done
    run "$n.export.netbox" export "$f" --format netbox -o "$tmp/netbox-$n"
    sed -i "s|$tmp/|TMP/|g" "$out/$n.export.netbox"
    for t in racks devices interfaces cables; do
        cp "$tmp/netbox-$n/$t.csv" "$out/$n.export.netbox.$t.csv" 2>/dev/null
    done
done
"$cli" compare "$examples/workhorse.json" "$examples/scrappy-h100.json" "$examples/scrappy-a100.json" \
    --format json > "$out/compare3.json" 2>&1
"$cli" compare "$examples/deepseek-v3-dgx-b200.json" "$examples/deepseek-v3-nvl72.json" \
    --format text > "$out/compare_moe.txt" 2>&1
# generate: the summary and the design file it writes
gen() {
    local name=$1
    shift
    # from inside OUT: the summary names the file it wrote, relative, so two OUT dirs compare
    (cd "$out" && run "generate.$name.txt" generate "$@" -o "generate.$name.design.json" --format text)
}
gen fat-tree-64 --topology fat-tree --nodes 64 --node dgx-h100 --switch qm9700
gen spine-leaf-2to1 --topology spine-leaf --nodes 96 --node dgx-h100 --switch qm9700 --oversubscription 2 --storage lustre-nvme
gen rail-per-rail --topology rail --nodes 32 --node dgx-b200 --switch sn5600 --planes per-rail
gen spine-leaf --topology spine-leaf --nodes 16 --node dgx-a100 --switch qm8700 --model llama3-8b
gen fat-tree-3tier-compact --topology fat-tree --nodes 1024 --node dgx-h100 --switch qm9700 --tiers 3 --layout compact --rack-kw none
gen nvl72 --topology fat-tree --nodes 4 --node gb200-nvl72 --switch q3400 --cooling liquid
# the bounds the flags refuse (issue 30's limits table)
run bound.generate-nodes generate --topology fat-tree --nodes 100001 --node dgx-h100 --switch qm9700 -o "$tmp/x.json"
run bound.generate-oversubscription generate --topology fat-tree --nodes 8 --node dgx-h100 --switch qm9700 --oversubscription 17 -o "$tmp/x.json"
run bound.evaluate-layers evaluate --gpu h100-sxm --gpus 8 --layers 16777217 --hidden 4096 --heads 32 --vocab 32000
run bound.evaluate-seq evaluate "$examples/workhorse.json" --seq 16777217
run bound.evaluate-gpus evaluate --gpus 8000001
run bound.evaluate-tokens evaluate "$examples/workhorse.json" --tokens 1e19
for c in validate evaluate collective search generate bom compare export plan; do
    run "help.$c.txt" help "$c"
done
echo "$(ls "$out" | wc -l) files in $out"
