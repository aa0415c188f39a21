#!/usr/bin/env python3
"""List the longest function bodies in the C++ sources (issue 30, item 5).

The project's .clang-format puts a function's opening brace on a line of its own
at column 0 (BraceWrapping AfterFunction, NamespaceIndentation None), and its
closing brace likewise, so a body is the lines from a "{" line to the next "}"
line. Functions defined inside a class body are indented and not counted; ours
are one-liners. Usage: scripts/long_functions.py [--min N] [--top K] [dirs...]
"""
import argparse
import os
import re

DEFAULT_DIRS = ["app", "models", "widgets", "report", "bench"]
SIGNATURE_START = re.compile(r"^[A-Za-z_~].*\(")


def functions(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        if lines[i] == "{":
            j = i + 1
            while j < len(lines) and lines[j] != "}":
                j += 1
            name = signature_before(lines, i)
            if name:
                yield name, i + 1, j - i + 1
            i = j
        i += 1


def signature_before(lines, brace):
    """The line that starts the definition whose body opens at `brace`."""
    for k in range(brace - 1, max(brace - 12, -1), -1):
        line = lines[k]
        if line.startswith(("namespace", "struct", "class", "enum", "union", "extern")):
            return None
        if SIGNATURE_START.match(line) and not line.startswith(("//", "#")):
            return line.split("(")[0].split()[-1] if line.split("(")[0].split() else line
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--min", type=int, default=0, help="list bodies of at least N lines")
    ap.add_argument("--top", type=int, default=20, help="list the K longest")
    ap.add_argument("dirs", nargs="*", default=DEFAULT_DIRS)
    args = ap.parse_args()
    found = []
    for d in args.dirs:
        for root, _, files in os.walk(d):
            for name in files:
                if name.endswith(".cpp"):
                    path = os.path.join(root, name)
                    for fn, line, length in functions(path):
                        found.append((length, f"{path}:{line}", fn))
    found.sort(reverse=True)
    shown = [f for f in found if f[0] >= args.min][: args.top]
    for length, where, fn in shown:
        print(f"{length:5d}  {fn:40s} {where}")
    print(f"{len(found)} functions; {sum(1 for f in found if f[0] > 80)} over 80 lines")


if __name__ == "__main__":
    main()
