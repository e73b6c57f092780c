#!/usr/bin/env python3
"""grid_check.py PUZZLE TRACE [--branching]: the grids of a --trace=grid output of a
puzzle with regions (a Star Battle's `regions:`, a KenKen's `cages:`)
checked against the puzzle file, which this script reads itself:

* the column numbers 1..n over the cells and the row numbers 1..n before
  them;
* between two cells side by side a '|' exactly where their regions
  differ, and under a cell a '-' exactly where the region below differs
  (a line with no border at all is left out), a frame all round;
* exactly one cell marked [ ] in a grid followed by a "=> branch on
  x[r,c...]" line, and it is that cell; none in the other grids
  (--branching: some grid must be of a node that branches).

Prints "ok NAME (K grids)" or "FAIL NAME: why"; exit 1 on a failure.
"""
import re
import sys


def regions_of(path):
    lines = open(path).read().splitlines()
    for key in ("regions:", "cages:"):
        if key in lines:
            start = lines.index(key) + 1
            rows = []
            for ln in lines[start:]:
                if not ln.strip() or ":" in ln or ln.startswith("#"):
                    break
                rows.append(list(ln.split()[0]) if len(ln.split()) == 1 else ln.split())
            return rows
    raise SystemExit(f"no regions in {path}")


def grids(trace):
    """(lines of a grid, the line after it) for every grid drawn."""
    out, cur = [], []
    lines = trace.splitlines()
    for i, ln in enumerate(lines):
        body = ln[7:] if ln.startswith("#      ") else ""
        if re.match(r"^\s*(\d|\+|\|)", body):
            cur.append(body)
        elif cur:
            out.append((cur, ln))
            cur = []
    return out


def check(reg, grid, after):
    n = len(reg)
    head, rest = grid[0], grid[1:]
    if [int(t) for t in head.split()] != list(range(1, n + 1)):
        return f"column numbers '{head.strip()}'"
    rows = [ln for ln in rest if re.match(r"^\s*\d+ ", ln)]
    if [int(ln.split()[0]) for ln in rows] != list(range(1, n + 1)):
        return "row numbers"
    # cell c of a row: its left border at column pos[c]
    first = rows[0]
    bar0 = first.index("|")
    width = (len(first.rstrip()) - bar0) // n
    marked = []
    for r, ln in enumerate(rows):
        for c in range(n + 1):
            ch = ln[bar0 + c * width]
            want = c in (0, n) or reg[r][c - 1] != reg[r][c]
            if (ch == "|") != want:
                return f"row {r + 1}, left of column {c + 1}: '{ch}'"
        for c in range(n):
            if ln[bar0 + c * width + 1] == "[":
                marked.append((r + 1, c + 1))
    # the lines under each row: where they are and their '-'
    idx = [rest.index(ln) for ln in rows]
    for r in range(n + 1):
        below = [r - 1 < n - 1 and r > 0 and reg[r - 1][c] != reg[r][c] or r in (0, n)
                 for c in range(n)]
        pos = idx[r] - 1 if r < n else idx[n - 1] + 1
        has_line = pos >= 0 and pos < len(rest) and not re.match(r"^\s*\d+ ", rest[pos])
        if has_line != any(below):
            return f"the line above row {r + 1}: {'missing' if any(below) else 'not wanted'}"
        for c in range(n):
            if has_line and (rest[pos][bar0 + c * width + 1] == "-") != below[c]:
                return f"the line above row {r + 1}, column {c + 1}"
    m = re.search(r"=> branch on \w+\[(\d+),(\d+)", after)
    want = [(int(m.group(1)), int(m.group(2)))] if m else []
    if marked != want:
        return f"marked {marked}, branched on {want}"
    return None


def main():
    puzzle, trace = sys.argv[1:3]
    reg = regions_of(puzzle)
    gs = grids(open(trace).read())
    branched = 0
    for k, (g, after) in enumerate(gs):
        why = check(reg, g, after)
        if why:
            print(f"FAIL trace-grid-outline: grid {k + 1}: {why}")
            return 1
        branched += "=> branch on" in after
    if not gs or (not branched and "--branching" in sys.argv):
        print("FAIL trace-grid-outline: no grid, or none of a branching node")
        return 1
    print(f"ok trace-grid-outline ({len(gs)} grids, {branched} with the branched cell marked)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
