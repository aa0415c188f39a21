#!/usr/bin/env python3
"""What one site scale could do at best (issue 27, session 17).

For each group of the shipped uncalibrated errors (resources/validation/
model_errors.csv: source x GPU generation, >= 6 runs), the single multiplicative
scale that minimises the group's MAPE when fitted on all of its runs, in
hindsight. Calibrating on three runs cannot do better than this, so a group
whose figure here is above 5 % cannot meet "<= 5 % after three runs" with a site
scale: what is left is the model's scatter within the site.

    ./scripts/site_scale_oracle.py [resources/validation/model_errors.csv]
"""
import collections
import csv
import sys

MIN_RUNS = 6          # the three-run table's group size (docs/calibration.md)
SCALES = [0.5 + i * 0.001 for i in range(1501)]  # 0.5 .. 2.0, a fine enough grid (our choice)


def mape(ratios, scale):
    return sum(abs(r * scale - 1.0) for r in ratios) / len(ratios)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "resources/validation/model_errors.csv"
    groups = collections.defaultdict(list)
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            groups[(row["source"], row["gpu_generation"])].append(1.0 + float(row["error"]))
    print(f"{'group':55s} {'runs':>5s} {'uncalibrated':>13s} {'best scale':>11s} {'MAPE left':>10s}")
    for (source, generation), ratios in sorted(groups.items()):
        if len(ratios) < MIN_RUNS:
            continue
        best = min(SCALES, key=lambda s: mape(ratios, s))
        print(f"{source + ' ' + generation:55s} {len(ratios):5d} {100 * mape(ratios, 1.0):12.1f}% "
              f"{best:11.3f} {100 * mape(ratios, best):9.1f}%")


if __name__ == "__main__":
    main()
