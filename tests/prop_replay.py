#!/usr/bin/env python3
"""prop_replay.py -- replays, in exact rational arithmetic, the chains by
which bnb's propagation refutes random fixings of a model (printed by
the prop_chain tool, tests/unit/prop_chain.c) and checks every step:

  * a bound a row implied holds for every point that row admits: with
    the other columns in their bounds so far, and the row's side missed
    by at most tol_verify on a row of integers (what the solution check
    accepts), else max(tol_verify, tol_primal * (1 + min(|side|, cont)))
    where cont sums the largest magnitudes its continuous terms reach in
    the bounds so far (the check's relative slack grows with them), the
    column cannot pass the bound;
    an integer column's bound may be rounded to an integer, no further;
  * the failed row then admits no point: its activity range misses its
    sides by more than that slack, or the bounds it implies for one of
    its columns cross.

Every number comes as a hex float, so the replay sees the doubles the
engine saw, exactly (Fraction). A step propagation took further than
the rows allow is a wrong refutation: a node, a probe or the whole
model given up on a point the solution check would accept.

    prop_replay.py PROP_CHAIN TRIES SEED MODEL.lp...
Prints "ok NAME" / "FAIL NAME: why" per model and a summary line.
"""
import math
import subprocess
import sys
from fractions import Fraction

INF = math.inf


def num(text):
    v = float.fromhex(text)
    return v if math.isinf(v) else Fraction(v)


class Model:
    def __init__(self):
        self.is_int, self.lo, self.up, self.rows = {}, {}, {}, {}

    def slack(self, row, side, lo, up):
        """max(tol_verify, tol_primal * (1 + min(|side|, cont)))
        (mip_side_slack), cont the continuous terms' largest magnitudes
        in the bounds lo, up (0 on a row of integers)."""
        cont = Fraction(0)
        for j, c in row["terms"]:
            if c == 0 or self.is_int[j]:
                continue
            ends = [abs(mul(c, lo[j])), abs(mul(c, up[j]))]
            cont = cont + max(ends)
        return max(self.tol_verify,
                   self.tol_primal * (1 + min(abs(side), cont)))


def mul(c, x):
    """c x, exact where x is finite (a Fraction), else +-INF."""
    if isinstance(x, float):
        return INF if (c > 0) == (x > 0) else -INF
    return c * x


def activity(row, lo, up, skip=None):
    """min and max of the row's activity without column skip; a
    Fraction plus INF is INF."""
    amin, amax = Fraction(0), Fraction(0)
    for j, c in row["terms"]:
        if j == skip or c == 0:
            continue
        tmin, tmax = sorted((mul(c, lo[j]), mul(c, up[j])))
        amin += tmin
        amax += tmax
    return amin, amax


def implied(model, row, j, c, lo, up):
    """The exact bounds the row implies for column j (rounded inward for
    an integer column), from the others' bounds lo/up."""
    rmin, rmax = activity(row, lo, up, skip=j)
    rlo, rup = row["lo"], row["up"]
    ilo, iup = -INF, INF
    if not math.isinf(rup) and not math.isinf(rmin):
        b = (rup + model.slack(row, rup, lo, up) - rmin) / c
        if c > 0:
            iup = b
        else:
            ilo = b
    if not math.isinf(rlo) and not math.isinf(rmax):
        b = (rlo - model.slack(row, rlo, lo, up) - rmax) / c
        if c > 0:
            ilo = b
        else:
            iup = b
    if model.is_int[j]:
        ilo = ilo if math.isinf(ilo) else Fraction(math.ceil(ilo))
        iup = iup if math.isinf(iup) else Fraction(math.floor(iup))
    return ilo, iup


def row_admits_nothing(model, row, lo, up):
    amin, amax = activity(row, lo, up)
    rlo, rup = row["lo"], row["up"]
    if not math.isinf(rup) and not math.isinf(amin) and \
            amin > rup + model.slack(row, rup, lo, up):
        return True
    if not math.isinf(rlo) and not math.isinf(amax) and \
            amax < rlo - model.slack(row, rlo, lo, up):
        return True
    for j, c in row["terms"]:
        if c == 0:
            continue
        ilo, iup = implied(model, row, j, c, lo, up)
        if max(lo[j], ilo) > min(up[j], iup):
            return True
    return False


def check_chain(model, steps):
    """None when every step holds, else why not."""
    lo, up = dict(model.lo), dict(model.up)
    for step in steps:
        kind = step[0]
        if kind == "set":
            _, j, nlo, nup = step
            lo[j], up[j] = nlo, nup
        elif kind == "imp":
            _, j, nlo, nup, i = step
            row = model.rows[i]
            c = dict(row["terms"])[j]
            ilo, iup = implied(model, row, j, c, lo, up)
            if nlo > lo[j] and nlo > ilo:
                return ("row %d gave column %d the lower bound %s, it "
                        "implies %s" % (i, j, float(nlo), float(ilo)))
            if nup < up[j] and nup < iup:
                return ("row %d gave column %d the upper bound %s, it "
                        "implies %s" % (i, j, float(nup), float(iup)))
            lo[j], up[j] = max(lo[j], nlo), min(up[j], nup)
        elif kind == "fail":
            if not row_admits_nothing(model, model.rows[step[1]], lo, up):
                return "row %d still admits a point" % step[1]
    return None


def parse(text):
    model, chains = Model(), []
    for line in text.splitlines():
        f = line.split()
        if not f:
            continue
        if f[0] == "tol":
            model.tol_verify, model.tol_primal, model.tol_int = map(num, f[1:4])
        elif f[0] == "col":
            j = int(f[1])
            model.is_int[j] = f[2] == "1"
            model.lo[j], model.up[j] = num(f[3]), num(f[4])
        elif f[0] == "row":
            i, n = int(f[1]), int(f[4])
            terms = [(int(f[5 + 2 * k]), num(f[6 + 2 * k])) for k in range(n)]
            model.rows[i] = {"lo": num(f[2]), "up": num(f[3]), "terms": terms}
        elif f[0] == "chain":
            chains.append([])
        elif f[0] == "set":
            chains[-1].append(("set", int(f[1]), num(f[2]), num(f[3])))
        elif f[0] == "imp":
            chains[-1].append(("imp", int(f[1]), num(f[2]), num(f[3]),
                               int(f[4])))
        elif f[0] == "fail":
            chains[-1].append(("fail", int(f[1])))
    return model, chains


def main(argv):
    if len(argv) < 5:
        sys.stderr.write(__doc__)
        return 2
    tool, tries, seed, files = argv[1], argv[2], argv[3], argv[4:]
    failed = checked = 0
    for path in files:
        p = subprocess.run([tool, path, tries, seed], capture_output=True,
                           text=True, timeout=120)
        name = "replay-" + path.rsplit("/", 1)[-1]
        if p.returncode != 0:
            print("FAIL %s: prop_chain exit %d %s" % (name, p.returncode,
                                                     p.stderr.strip()))
            failed += 1
            continue
        model, chains = parse(p.stdout)
        why = None
        for steps in chains:
            why = check_chain(model, steps)
            checked += 1
            if why:
                break
        if why:
            print("FAIL %s: %s" % (name, why))
            failed += 1
    print("%s prop-replay: %d refutations replayed exactly on %d models"
          % ("FAIL" if failed else "ok", checked, len(files)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
