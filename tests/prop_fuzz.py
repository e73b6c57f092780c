#!/usr/bin/env python3
"""prop_fuzz.py -- adversarial models for bound propagation, each with a
planted integer point that satisfies every row to within 5e-7 (so the
solution check, tol_verify = 1e-6 absolute on a row of integers, accepts
it): one or two rows of fractional coefficients from 1e-9 to 1e6, big-M
rows, equations whose right-hand side the point reaches only to its
rounding, general integers with bounds up to 1e8, some unbounded. Such a
model is never infeasible; bnb must not say it is, with propagation or
without. With an objective along a column no row limits, it is
unbounded, and bnb must not say infeasible either.

    prop_fuzz.py BNB [COUNT [SEED]]   prints "ok NAME" or "FAIL NAME: why"
    prop_fuzz.py --write DIR [COUNT [SEED]]   writes the models only
"""
import math
import os
import random
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
    """(name, lo, up or None, value): a binary, a small or a huge general
    integer, or one without upper bound, with its planted value."""
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
    return (name, 0, up, rng.randint(0, top))


def row(rng, cols, name, big_m):
    """One row over a few of the columns, planted point within 5e-7."""
    k = rng.randint(2, min(5, len(cols)))
    terms = [(coefficient(rng), c) for c in rng.sample(cols, k)]
    if big_m:   # x - M y <= 0 shape: a huge coefficient on a binary
        bins = [c for c in cols if c[2] == 1]
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
    """(LP text, may be unbounded)."""
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
    unbounded = False
    if free and goal > 0.8:   # a column no row limits, up the objective
        obj = " obj: %s" % free[0][0]
        unbounded = True
    sense = "Maximize" if unbounded or rng.random() < 0.5 else "Minimize"
    if unbounded is False and sense == "Maximize" and free:
        unbounded = any(c[0] in obj.split() for c in free)
    lines = [sense, obj, "Subject To"] + rows + ["Bounds"]
    lines += [" %s <= %d" % (c[0], c[2]) for c in cols if c[2] is not None]
    lines += ["General"] + [" " + c[0] for c in cols] + ["End", ""]
    return "\n".join(lines), unbounded


def verdict(bnb, path, extra):
    try:
        p = subprocess.run([bnb, "--quiet", "--time-limit", "10"] + extra +
                           [path], capture_output=True, text=True,
                           timeout=60)
    except subprocess.TimeoutExpired:
        return 3, "timeout"
    last = (p.stdout.strip().splitlines() or [""])[-1]
    return p.returncode, last


def main(argv):
    write = argv[1:2] == ["--write"]
    args = argv[2:] if write else argv[1:]
    if not args:
        sys.stderr.write(__doc__)
        return 2
    target = args[0]
    count = int(args[1]) if len(args) > 1 else 200
    seed = int(args[2]) if len(args) > 2 else 1
    failed = 0
    tmp = target if write else tempfile.mkdtemp()
    for t in range(count):
        rng = random.Random(seed * 100003 + t)
        text, unbounded = model(rng)
        path = os.path.join(tmp, "p%d-%d.lp" % (seed, t))
        with open(path, "w") as f:
            f.write(text)
        if write:
            continue
        for extra in ([], ["--set", "propagation=0"]):
            rc, last = verdict(target, path, extra)
            name = "prop-fuzz-%d-%d%s" % (seed, t, extra and "-noprop" or "")
            if rc == 1:
                print("FAIL %s: infeasible, yet the point planted in it "
                      "is feasible (%s)" % (name, last))
                failed += 1
                with open(path) as f:
                    sys.stdout.write(f.read())
            elif rc not in (0, 3, 5):
                print("FAIL %s: exit %d (%s)" % (name, rc, last))
                failed += 1
        os.remove(path)
    if not write:
        os.rmdir(tmp)
        print("%s prop-fuzz: %d models" % ("FAIL" if failed else "ok",
                                           count))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
