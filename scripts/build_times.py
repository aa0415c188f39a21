#!/usr/bin/env python3
"""Per-target compile and link times from a Ninja build's .ninja_log (issue 24).

    scripts/build_times.py build/default [--top N] [--markdown]

Each log line is one build step with its start and end (ms since the build
began). A step's target is read from its output path: objects under
`<dir>/CMakeFiles/<target>.dir/` are that target's compile steps (moc's
mocs_compilation objects included), anything else is a link, archive or
generated-file step named after the output. Times are wall-clock seconds per
step; with `-jN` N steps run at once, so the sums are CPU-like seconds and the
build's wall time is printed apart. Only the newest run of each output counts, and
a step with several outputs counts once.
"""
import argparse
import collections
import os
import re
import sys


def read_log(build_dir):
    steps = {}
    edges = {}
    with open(os.path.join(build_dir, ".ninja_log")) as log:
        for line in log:
            if line.startswith("#"):
                continue
            start, end, _mtime, output, command_hash = line.rstrip("\n").split("\t")
            # A step with several outputs (moc's timestamp and mocs_compilation.cpp) is
            # logged once per output: count it once.
            edge = (start, end, command_hash)
            if edge in edges:
                continue
            edges[edge] = output
            steps[output] = (int(start), int(end))  # a later run of an output replaces the earlier
    return steps


def classify(output):
    m = re.search(r"CMakeFiles/([^/]+)\.dir/", output)
    if m and output.endswith(".o"):
        return m.group(1), "compile"
    if m and (output.endswith(".gch") or output.endswith(".pch")):
        return m.group(1), "pch"
    if "_autogen" in output:
        return re.sub(r"_autogen.*", "", os.path.basename(os.path.dirname(output)) or output), "moc"
    name = os.path.basename(output)
    name = re.sub(r"^lib(.*)\.(a|so.*)$", r"\1", name)
    return name, "link"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("build_dir")
    ap.add_argument("--top", type=int, default=25, help="targets listed (default 25)")
    ap.add_argument("--markdown", action="store_true", help="a Markdown table")
    args = ap.parse_args()
    steps = read_log(args.build_dir)
    if not steps:
        sys.exit("no steps in .ninja_log")
    per = collections.defaultdict(lambda: collections.Counter())
    files = collections.Counter()
    for output, (start, end) in steps.items():
        target, kind = classify(output)
        per[target][kind] += (end - start) / 1000.0
        if kind == "compile":
            files[target] += 1
    wall = (max(e for _, e in steps.values()) - min(s for s, _ in steps.values())) / 1000.0
    total = collections.Counter()
    for c in per.values():
        total.update(c)
    rows = sorted(per.items(), key=lambda kv: -sum(kv[1].values()))
    fmt = ("| {} | {} | {:.0f} | {:.0f} | {:.0f} | {:.0f} | {:.0f} |" if args.markdown
           else "{:<34} {:>5} {:>8.1f} {:>6.1f} {:>6.1f} {:>6.1f} {:>8.1f}")
    if args.markdown:
        print("| target | files | compile s | pch s | moc s | link s | total s |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    else:
        print("{:<34} {:>5} {:>8} {:>6} {:>6} {:>6} {:>8}".format("target", "files", "compile", "pch", "moc", "link",
                                                                 "total"))
    for target, c in rows[: args.top]:
        print(fmt.format(target, files[target], c["compile"], c["pch"], c["moc"], c["link"], sum(c.values())))
    rest = rows[args.top:]
    if rest:
        c = collections.Counter()
        for _, r in rest:
            c.update(r)
        print(fmt.format("({} more targets)".format(len(rest)), sum(files[t] for t, _ in rest), c["compile"], c["pch"],
                         c["moc"], c["link"], sum(c.values())))
    print(fmt.format("all {} steps".format(len(steps)), sum(files.values()), total["compile"], total["pch"],
                     total["moc"], total["link"], sum(total.values())))
    print(("\n" if args.markdown else "") + "build wall time: {:.0f} s".format(wall))


if __name__ == "__main__":
    main()
