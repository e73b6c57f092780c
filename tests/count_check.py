#!/usr/bin/env python3
"""count_check.py -- bnb's --all counts against brute-force enumeration.

    python3 tests/count_check.py BNB [COUNT [FIRST_SEED]]

Generates COUNT small integer models (a few rows, up to ten binary or
general integer columns of small bounds, with or without an objective,
objective coefficients drawn from a few values so that optima tie), counts
their optimal points by enumerating every integer point, and solves each
with `bnb --all` in several modes (default, --textbook, each branching
rule, no cutoff, a tight memory limit). Every mode must print the same
distinct solutions as the enumeration, the same count, and "the count is
proven" (or the infeasible model's 0). `--unique` must say unique exactly
when there is one optimum. Prints one line per failure and "ok N" at the
end; exit 1 on any failure.

    python3 tests/count_check.py --write SEED   the model of SEED on stdout
"""
import itertools
import os
import random
import subprocess
import sys
import tempfile

MODES = [
    [],
    ["--textbook"],
    ["--branch", "most"],
    ["--branch", "first"],
    ["--branch", "pseudocost", "--child", "up"],
    ["--set", "lp_cutoff=0", "--set", "node_select=0"],
    ["--memory-limit", "1"],
]


def gen(seed):
    """A random model: dict with sense, obj, rows, bounds, names."""
    r = random.Random(seed)
    if r.random() < 0.15:
        return gen_puzzle(r)
    binary = r.random() < 0.25   # larger 0-1 models: conflicts, learning
    n = r.randint(8, 15) if binary else r.randint(2, 10)
    m = r.randint(3, 7) if binary else r.randint(1, 4)
    bounds = []
    for _ in range(n):
        u = r.random()
        if u < 0.45 or binary:
            bounds.append((0, 1))
        elif u < 0.8:
            lo = -r.randint(0, 2)
            bounds.append((lo, lo + r.randint(1, 3)))
        else:
            bounds.append((0, r.randint(2, 6)))
    # keep the enumeration small
    while prod(up - lo + 1 for lo, up in bounds) > 60000:
        j = r.randrange(n)
        lo, up = bounds[j]
        bounds[j] = (lo, max(lo, up - 1))
    kind = r.random()
    if kind < 0.25:
        obj = [0] * n                          # feasibility: count them all
    elif kind < 0.6:
        obj = [r.choice([1, 1, 1, 2]) for _ in range(n)]   # many ties
    else:
        obj = [r.choice([-2, -1, 0, 0, 1, 2, 3]) for _ in range(n)]
    rows = []
    for _ in range(m):
        coefs = {}
        for j in range(n):
            if r.random() < 0.6:
                c = r.choice([-3, -2, -1, 1, 1, 2, 3, 4])
                coefs[j] = c
        if not coefs:
            coefs[r.randrange(n)] = 1
        lo_act = sum(min(c * bounds[j][0], c * bounds[j][1])
                     for j, c in coefs.items())
        up_act = sum(max(c * bounds[j][0], c * bounds[j][1])
                     for j, c in coefs.items())
        span = up_act - lo_act
        u = r.random()
        rhs = lo_act + r.randint(0, max(0, span))
        if u < 0.45:
            rows.append((coefs, "<=", rhs))
        elif u < 0.8:
            rows.append((coefs, ">=", rhs))
        elif u < 0.9:
            rows.append((coefs, "=", rhs))
        else:   # a range: two rows
            rows.append((coefs, ">=", rhs))
            rows.append((coefs, "<=", rhs + r.randint(0, 3)))
    sense = r.choice(["Minimize", "Maximize"])
    # continuous columns y in [0, u], each in one row with coefficient 1
    # and no cost: a solution is the integer part (see count.c)
    slack = {}
    for i in range(len(rows)):
        if r.random() < 0.2:
            slack[i] = r.randint(0, 3)
    return {"n": n, "sense": sense, "obj": obj, "rows": rows,
            "bounds": bounds, "slack": slack}


def gen_puzzle(r):
    """A puzzle-like 0-1 model without objective: rows "exactly k" or
    "at most k" over a few of the columns, so that propagation fails
    often and conflict analysis learns."""
    n = r.randint(10, 16)
    rows = []
    for _ in range(r.randint(4, 9)):
        cols = r.sample(range(n), r.randint(2, min(n, 6)))
        k = r.randint(1, max(1, len(cols) // 2))
        op = r.choice(["=", "=", "<=", ">="])
        coefs = {j: 1 for j in cols}
        if r.random() < 0.2:   # an implication x_a <= x_b
            a, b = r.sample(range(n), 2)
            rows.append(({a: 1, b: -1}, "<=", 0))
        rows.append((coefs, op, k))
    return {"n": n, "sense": "Minimize", "obj": [0] * n, "rows": rows,
            "bounds": [(0, 1)] * n, "slack": {}}


def prod(it):
    p = 1
    for v in it:
        p *= v
    return p


def write_lp(mod, f):
    n = mod["n"]
    f.write(mod["sense"] + "\n obj:")
    terms = [(c, j) for j, c in enumerate(mod["obj"]) if c != 0]
    if not terms:
        f.write(" 0 x1")
    for c, j in terms:
        f.write(" %+d x%d" % (c, j + 1))
    f.write("\nSubject To\n")
    for i, (coefs, op, rhs) in enumerate(mod["rows"]):
        f.write(" r%d:" % (i + 1))
        for j, c in sorted(coefs.items()):
            f.write(" %+d x%d" % (c, j + 1))
        if i in mod["slack"]:
            f.write(" + y%d" % (i + 1))
        f.write(" %s %d\n" % (op, rhs))
    f.write("Bounds\n")
    for j, (lo, up) in enumerate(mod["bounds"]):
        f.write(" %d <= x%d <= %d\n" % (lo, j + 1, up))
    for i, u in sorted(mod["slack"].items()):
        f.write(" 0 <= y%d <= %d\n" % (i + 1, u))
    f.write("General\n")
    for j in range(n):
        f.write(" x%d\n" % (j + 1))
    f.write("End\n")


def feasible(mod, x):
    for i, (coefs, op, rhs) in enumerate(mod["rows"]):
        a = sum(c * x[j] for j, c in coefs.items())
        u = mod["slack"].get(i, 0)   # a + y, y in [0, u]
        if (op == "<=" and a > rhs) or (op == ">=" and a + u < rhs) or \
           (op == "=" and not a <= rhs <= a + u):
            return False
    return True


def optima(mod):
    """The optimal integer points (as tuples) by enumeration."""
    best, pts = None, []
    sign = 1 if mod["sense"] == "Minimize" else -1
    ranges = [range(lo, up + 1) for lo, up in mod["bounds"]]
    for x in itertools.product(*ranges):
        if not feasible(mod, x):
            continue
        z = sign * sum(c * v for c, v in zip(mod["obj"], x))
        if best is None or z < best:
            best, pts = z, [x]
        elif z == best:
            pts.append(x)
    return pts


def parse(out, n):
    """The solutions printed (tuples), the count and whether proven."""
    sols, cur, count, proven, unique = [], None, None, False, None
    for line in out.splitlines():
        if line.startswith("# solution ") and not line.startswith(
                "# solutions"):
            cur = [0] * n
            sols.append(cur)
        elif line.startswith("# solutions: "):
            count = int(line.split()[2])
            cur = None
        elif line.startswith("# the count is proven"):
            proven = True
        elif line.startswith("# unique"):
            unique = True
        elif line.startswith("# not unique"):
            unique = False
        elif line.startswith("#"):
            cur = None
        elif cur is not None and line.strip():
            name, val = line.split()
            if name[0] == "x":
                cur[int(name[1:]) - 1] = round(float(val))
    return [tuple(s) for s in sols], count, proven, unique


def check(bnb, seed, path):
    mod = gen(seed)
    with open(path, "w") as f:
        write_lp(mod, f)
    want = sorted(optima(mod))
    fails = []
    for mode in MODES:
        p = subprocess.run([bnb, "--all", *mode, path], capture_output=True,
                           text=True, timeout=60)
        sols, count, proven, _ = parse(p.stdout, mod["n"])
        got = sorted(sols)
        tag = "seed %d %s" % (seed, " ".join(mode) or "default")
        # the program prints at most CLI_MAX_STORED_SOLUTIONS of them
        shown_ok = got == want or (len(want) > 10000 and len(got) == 10000
                                   and len(set(got)) == len(got)
                                   and set(got) <= set(want))
        if count != len(want) or not proven or not shown_ok:
            fails.append("%s: %s solutions, proven %s, printed %d distinct "
                         "%d; enumeration %d" %
                         (tag, count, proven, len(set(got)), len(got),
                          len(want)))
    p = subprocess.run([bnb, "--unique", path], capture_output=True,
                       text=True, timeout=60)
    _, count, _, unique = parse(p.stdout, mod["n"])
    if want and unique != (len(want) == 1):
        fails.append("seed %d --unique: says %s, enumeration %d optima" %
                     (seed, unique, len(want)))
    return fails


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "--write":
        write_lp(gen(int(sys.argv[2])), sys.stdout)
        return 0
    bnb = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    failed = 0
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "m.lp")
        for seed in range(first, first + count):
            for f in check(bnb, seed, path):
                print("FAIL " + f)
                failed += 1
    if failed:
        return 1
    print("ok %d" % count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
