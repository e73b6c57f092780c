#!/usr/bin/env python3
"""prop_fuzz.py -- adversarial models for bound propagation, each with a
planted integer point that satisfies every row to within 5e-7 (so the
solution check, tol_verify = 1e-6 absolute on a row of integers, accepts
it): one or two rows of fractional coefficients from 1e-9 to 1e6, big-M
rows, equations whose right-hand side the point reaches only to its
rounding, general integers with bounds up to 1e8, some unbounded, and
a few continuous columns. Such a
model is never infeasible, and with an objective along a column no row
limits it is unbounded.

    prop_fuzz.py dive PROP_CHAIN COUNT SEED
        fixes the planted point's columns one by one in random orders,
        each propagated (tests/unit/prop_chain.c): propagation must
        never refute the point nor cut it off;
    prop_fuzz.py solve BNB COUNT SEED
        solves each model with propagation and with propagation=0 (and
        glpsol when installed): bnb must not say "infeasible" where
        propagation alone refuted the model (the trace shows no LP
        refuting a node) while another run finds a solution. Verdicts
        that differ where an LP refuted the planted point (its columns
        fixed by propagation, its rows missed by less than the solution
        check allows but more than the LP's tolerance) are counted and
        shown, not failed: they are the LP's;
    prop_fuzz.py write DIR COUNT SEED
        writes the models (and their points, NAME.point) only.
Prints "ok NAME" or "FAIL NAME: why" lines.
"""
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile

# The planted point misses a row by at most half a unit in the last of
# the right-hand side's decimals: at least RHS_DECIMALS of them (within
# the solution check's absolute 1e-6), more where the row is small, so
# that the miss stays within RHS_RELATIVE * (1 + |rhs|), which the LP's
# tolerance (tol_primal) accepts too.
RHS_DECIMALS = 6
RHS_RELATIVE = 5e-10
CONTINUOUS_SHARE = 0.15


def decimals(act):
    return max(RHS_DECIMALS,
               math.ceil(-math.log10(RHS_RELATIVE * (1 + abs(act)))))


def coefficient(rng):
    """A fractional coefficient of any magnitude from 1e-9 to 1e6."""
    mag = 10 ** rng.uniform(-9, 6)
    digits = rng.choice([3, 6, 9])
    c = float("%.*g" % (digits, mag))
    return -c if rng.random() < 0.3 else c


def column(rng, name):
    """(name, lo, up or None, value, integer): a binary, a small or a huge
    general integer, or one without upper bound, with its planted value;
    one in CONTINUOUS_SHARE is continuous (a planted value of 6 decimals)."""
    kind = rng.random()
    if kind < 0.35:
        up = 1
    elif kind < 0.7:
        up = rng.choice([3, 5, 10, 100])
    elif kind < 0.85:
        up = int(10 ** rng.uniform(3, 8))
    else:
        up = None
    top = up if up is not None else 100
    if rng.random() < CONTINUOUS_SHARE:
        return (name, 0, up, round(rng.uniform(0, top), 6), False)
    return (name, 0, up, rng.randint(0, top), True)


def row(rng, cols, name, big_m):
    """One row over a few of the columns, planted point within 5e-7."""
    k = rng.randint(2, min(5, len(cols)))
    terms = [(coefficient(rng), c) for c in rng.sample(cols, k)]
    if big_m:   # x - M y <= 0 shape: a huge coefficient on a binary
        bins = [c for c in cols if c[2] == 1 and c[4]]
        if bins:
            terms.append((-10 ** rng.uniform(4, 6), rng.choice(bins)))
    seen, uniq = set(), []
    for a, c in terms:
        if c[0] not in seen:
            seen.add(c[0])
            uniq.append((a, c))
    act = sum(a * c[3] for a, c in uniq)
    d = decimals(act)
    rhs = round(act, d)
    sense = rng.choice(["=", "=", "<=", ">="])
    if sense == "<=" and rhs < act:
        rhs = round(act + 10 ** -d, d)
    if sense == ">=" and rhs > act:
        rhs = round(act - 10 ** -d, d)
    lhs = " ".join("%s %.17g %s" % ("-" if a < 0 else "+", abs(a), c[0])
                   for a, c in uniq)
    return " %s: %s %s %.*f" % (name, lhs, sense, d, rhs)


def model(rng):
    """(LP text, the planted point as "name value" lines)."""
    n = rng.randint(3, 6)
    cols = [column(rng, "x%d" % j) for j in range(n)]
    rows = [row(rng, cols, "r%d" % i, rng.random() < 0.25)
            for i in range(rng.choice([1, 1, 2]))]
    used = set()
    for r in rows:
        used.update(t for t in r.split() if t.startswith("x"))
    goal = rng.random()
    if goal < 0.3:
        obj = " obj: 0 x0"
    else:
        obj = " obj: " + " + ".join("%d %s" % (rng.randint(1, 9), c[0])
                                    for c in rng.sample(cols, 2))
    free = [c for c in cols if c[2] is None and c[0] not in used]
    if free and goal > 0.8:   # a column no row limits, up the objective
        obj = " obj: %s" % free[0][0]
    sense = "Maximize" if rng.random() < 0.5 else "Minimize"
    lines = [sense, obj, "Subject To"] + rows + ["Bounds"]
    lines += [" %s <= %d" % (c[0], c[2]) for c in cols if c[2] is not None]
    lines += ["General"] + [" " + c[0] for c in cols if c[4]] + ["End", ""]
    point = "".join("%s %.17g\n" % (c[0], c[3]) for c in cols)
    return "\n".join(lines), point


def models(count, seed, folder):
    """Writes the models; yields (name, LP path, point path)."""
    for t in range(count):
        rng = random.Random(seed * 100003 + t)
        text, point = model(rng)
        name = "p%d-%d" % (seed, t)
        path = os.path.join(folder, name + ".lp")
        with open(path, "w") as f:
            f.write(text)
        with open(path[:-3] + ".point", "w") as f:
            f.write(point)
        yield name, path, path[:-3] + ".point"


def run(cmd):
    """(exit status, output), status 3 on a timeout."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return 3, ""
    return p.returncode, p.stdout


def dive(tool, count, seed, folder):
    failed = 0
    for name, path, point in models(count, seed, folder):
        rc, out = run([tool, path, "4", str(seed), point])
        if rc != 0:
            print("FAIL prop-dive-%s: %s" % (name, out.strip()))
            failed += 1
    print("%s prop-dive: the planted points of %d models survive "
          "propagation" % ("FAIL" if failed else "ok", count))
    return failed


def glpsol_finds(path):
    """Does glpsol find an integer point (None: not installed)?"""
    if not shutil.which("glpsol"):
        return None
    rc, out = run(["glpsol", "--lp", path, "--tmlim", "10"])
    return "INTEGER OPTIMAL" in out or "UNBOUNDED" in out


def solve(bnb, count, seed, folder):
    failed = lp_refuted = 0
    for name, path, _ in models(count, seed, folder):
        base = [bnb, "--time-limit", "10", "--trace"]
        rc, out = run(base + [path])
        if rc != 1:
            if rc not in (0, 3, 4, 5):
                print("FAIL prop-solve-%s: exit %d" % (name, rc))
                failed += 1
            continue
        rc0, _ = run(base + ["--set", "propagation=0", path])
        found = rc0 in (0, 5) or glpsol_finds(path)
        if not found:
            continue
        if "LP infeasible" in out:
            lp_refuted += 1
            print("# prop-solve-%s: infeasible where an LP refuted the "
                  "planted point (the LP's tolerance)" % name)
            continue
        print("FAIL prop-solve-%s: infeasible by propagation, yet a "
              "point exists" % name)
        failed += 1
    print("%s prop-solve: %d models, %d false infeasible by propagation, "
          "%d by an LP" % ("FAIL" if failed else "ok", count, failed,
                           lp_refuted))
    return failed


def main(argv):
    if len(argv) < 5 or argv[1] not in ("dive", "solve", "write"):
        sys.stderr.write(__doc__)
        return 2
    mode, target, count, seed = argv[1], argv[2], int(argv[3]), int(argv[4])
    if mode == "write":
        for _ in models(count, seed, target):
            pass
        return 0
    folder = tempfile.mkdtemp()
    try:
        failed = (dive if mode == "dive" else solve)(target, count, seed,
                                                     folder)
    finally:
        shutil.rmtree(folder)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
