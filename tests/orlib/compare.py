#!/usr/bin/env python3
"""compare.py -- bnb against cbc and glpsol on models, side by side.

    python3 tests/orlib/compare.py [--limit S] [--runs N] [--bnb PATH]
                                   [--no-glpsol] [--wall] MODEL.lp|.mps...

Runs each solver N times (default 3) with a time limit of S seconds
(default 30) and prints, per model, the median CPU seconds of each
solver (user + system of the process; --wall: wall-clock seconds; ">S"
when it did not prove optimality within the limit), bnb/cbc, the node
counts of bnb and cbc, and the objectives when they differ. At the end: how many each solved, the median of bnb/cbc over
the models both solved and the worst ratio. Time is measured here,
around the whole process, for every solver alike; on a shared machine
CPU time varies less than wall time, but run it under nice and read
the node counts as well.
"""
import argparse
import os
import re
import resource
import statistics
import subprocess
import tempfile
import time

INFEASIBLE = float("inf")   # the objective of a model proved infeasible


WALL = False   # --wall: wall-clock seconds instead of the child's CPU


def run(cmd, limit):
    start = time.monotonic()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        out = subprocess.run(cmd, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True,
                             timeout=limit + 10).stdout
    except subprocess.TimeoutExpired:
        out = ""
    if WALL:
        return time.monotonic() - start, out
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime +
            after.ru_stime - before.ru_stime), out


def bnb(path, limit, exe):
    secs, out = run([exe, "--time-limit", str(limit), path], limit)
    if re.search(r"^# infeasible", out, re.M):
        n = re.search(r"(\d+) nodes?", out)
        return secs, INFEASIBLE, n.group(1) if n else "?"
    m = re.search(r"^# optimal, objective ([^,]+), (\d+) nodes?", out, re.M)
    if not m:
        n = re.search(r"(\d+) nodes?", out)
        return secs, None, n.group(1) if n else "?"
    return secs, float(m.group(1)), m.group(2)


def cbc(path, limit, _exe):
    secs, out = run(["cbc", path, "sec", str(limit), "solve"], limit)
    nodes = re.search(r"Enumerated nodes:\s+(\d+)", out)
    nodes = nodes.group(1) if nodes else "?"
    if "Result - Problem proven infeasible" in out:
        return secs, INFEASIBLE, nodes
    if "Result - Optimal solution found" not in out:
        return secs, None, nodes
    obj = re.search(r"^Objective value:\s+(\S+)", out, re.M)
    return secs, float(obj.group(1)), nodes


def glpsol(path, limit, _exe):
    with tempfile.TemporaryDirectory() as tmp:
        sol = os.path.join(tmp, "g.out")
        kind = "--lp" if path.endswith(".lp") else "--freemps"
        secs, out = run(["glpsol", kind, path, "--tmlim", str(limit),
                         "-o", sol], limit)
        if "NO PRIMAL FEASIBLE SOLUTION" in out or \
                "NO INTEGER FEASIBLE SOLUTION" in out:
            return secs, INFEASIBLE, "?"
        if "INTEGER OPTIMAL SOLUTION FOUND" not in out:
            return secs, None, "?"
        with open(sol) as f:
            obj = re.search(r"^Objective:\s+\S+ = (\S+)", f.read(), re.M)
        return secs, float(obj.group(1)), "?"


def measure(solver, path, args):
    times, last = [], None
    for _ in range(args.runs):
        secs, obj, nodes = solver(path, args.limit, args.bnb)
        last = (obj, nodes)
        if obj is None:
            return None, None, nodes
        times.append(secs)
    return statistics.median(times), last[0], last[1]


def cell(secs, limit, ran=True):
    if not ran:
        return "%7s" % "-"
    return "%7.2f" % secs if secs is not None else "%7s" % (">%d" % limit)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=30)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--bnb", default="./bnb")
    ap.add_argument("--no-glpsol", action="store_true")
    ap.add_argument("--wall", action="store_true")
    ap.add_argument("models", nargs="+")
    args = ap.parse_args()
    global WALL
    WALL = args.wall
    print("%-16s %7s %7s %7s %6s %8s %8s" % ("model", "bnb", "cbc",
          "glpsol", "ratio", "bnb-nod", "cbc-nod"))
    ratios, solved = [], {"bnb": 0, "cbc": 0, "glpsol": 0}
    for path in args.models:
        b = measure(bnb, path, args)
        c = measure(cbc, path, args)
        g = (None, None, "?") if args.no_glpsol else measure(glpsol, path,
                                                                args)
        for name, r in (("bnb", b), ("cbc", c), ("glpsol", g)):
            solved[name] += r[0] is not None
        ratio = ""
        if b[0] is not None and c[0] is not None:
            # a floor of 10 ms keeps start-up noise out of the ratio
            ratios.append(max(b[0], 0.01) / max(c[0], 0.01))
            ratio = "%6.2f" % ratios[-1]
        note = ""
        if b[1] is not None and c[1] is not None and b[1] != c[1] and \
                not abs(b[1] - c[1]) <= 1e-6 * (1 + abs(c[1])):
            note = "  objectives differ: bnb %g cbc %g" % (b[1], c[1])
        name = os.path.splitext(os.path.basename(path))[0]
        print("%-16s %s %s %s %6s %8s %8s%s" % (
            name[:16], cell(b[0], args.limit), cell(c[0], args.limit),
            cell(g[0], args.limit, not args.no_glpsol), ratio, b[2], c[2],
            note), flush=True)
    print("solved: bnb %(bnb)d, cbc %(cbc)d, glpsol %(glpsol)d" % solved)
    if ratios:
        print("bnb/cbc over %d both solved: median %.2f, worst %.2f"
              % (len(ratios), statistics.median(ratios), max(ratios)))


if __name__ == "__main__":
    main()
