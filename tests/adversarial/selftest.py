#!/usr/bin/env python3
"""selftest.py -- checks of the adversarial test's own oracle, without any
solver: the LP and MPS readers give back what the writers wrote, exactly;
the verification accepts and rejects the points it should (the report's
4e-8 equality, strictly but not to rounding; a bound broken under a large
coefficient; a denormal); the model relaxed by tol_verify holds the
points the contract accepts; the exact LP solver (exactlp.py) gets an
optimum past a denormal, and infeasible and unbounded LPs, right; the
brute-force count is right on models counted by hand; the generator is
deterministic. Prints "ok adversarial-selftest" or the first failure.
"""
import os
import sys
from fractions import Fraction as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402
import exactlp  # noqa: E402
import lpmodel  # noqa: E402
import run  # noqa: E402

REPORTED_ROW = """Minimize
 obj:
Subject To
 c1: 0.00124904 b + 1862.92 z + 169.038 y + 0.0162651 w = 14047.665249
Bounds
 0 <= b <= 1
 0 <= z <= 5
 0 <= w <= 1
General
 b z y w
End
"""

BIG_COEF = """Minimize
 obj: -19.5 x2
Subject To
 r1: 0.002 x2 + 2e+05 x6 = 0
End
"""

COUNT = """\\ count: by hand
Maximize
 obj: x1 + x2
Subject To
 r1: 1000000 x1 + 1000000 x2 <= 1000000
 r2: x1 + 1e-315 x3 <= 1
Bounds
 0 <= x1 <= 1
 0 <= x2 <= 1
 -1 <= x3 <= 1
General
 x1 x2 x3
End
"""


EXACT = """Maximize
 obj: x
Subject To
 c1: 1e-315 x + y <= 1
 c2: x <= 5
Bounds
 y free
End
"""


def check(cond, what):
    if not cond:
        print("FAIL adversarial-selftest: " + what)
        sys.exit(1)


def same_model(a, b):
    rows = lambda m: [(r[0], sorted((c, F(v)) for c, v in r[1]), r[2], F(r[3])) for r in m.rows]
    num = lambda d: {c: (None if v is None else F(v)) for c, v in d.items()}
    return (rows(a) == rows(b) and num(a.obj) == num(b.obj) and num(a.lo) == num(b.lo)
            and num(a.up) == num(b.up) and a.ints == b.ints and set(a.cols) == set(b.cols))


# A row of integer columns: its terms are exact, so only the data's own
# rounding (2^-52 of 277001, 6e-11) is rounding (seed 58093).
INTEGER_ROW = """Maximize
 obj: x6
Subject To
 r10: 277000 x8 + 1 x2 - 9.32289e-09 x6 = 277001
Bounds
 0 <= x2 <= 1
 0 <= x6 <= 1
 0 <= x8 <= 1
General
 x2 x6 x8
End
"""


def main():
    for seed in range(1, 200):
        m, _ = gen.generate(seed)
        check(lpmodel.write_lp(m) == lpmodel.write_lp(gen.generate(seed)[0]),
              "seed %d: the generator is not deterministic" % seed)
        back = lpmodel.read_lp(lpmodel.write_lp(m))
        check(same_model(m, back), "seed %d: the LP reader does not give back the model" % seed)
        if m.sense == "min":
            back = lpmodel.read_mps(lpmodel.write_mps(m))
            check(same_model(m, back), "seed %d: the MPS reader does not give back the model" % seed)
    m = lpmodel.read_lp(REPORTED_ROW)
    x = {"b": F(1), "z": F(5), "y": F(28), "w": F(0)}
    check(not lpmodel.violations(m, x, strict=True), "the report's point (4e-8 off) must verify")
    check(lpmodel.violations(m, dict(x, y=F(27))), "y = 27 must not verify")
    check(not run.precise(m, x), "4e-8 off a row of size 1.4e4 is not 'to rounding'")
    m = lpmodel.read_lp(INTEGER_ROW)
    check(run.precise(m, {"x8": F(1), "x2": F(1), "x6": F(0)}), "the exact point holds its row")
    check(not run.precise(m, {"x8": F(1), "x2": F(1), "x6": F(1)}),
          "a whole term of 9.3e-9 off a row of integers is no rounding")
    m = lpmodel.read_lp(BIG_COEF)
    x = {"x2": F("0.0943662652439"), "x6": F("-9.43662652439e-10")}
    check(not lpmodel.violations(m, x), "within the contract, a 1e-9 bound break passes")
    check(lpmodel.violations(m, x, strict=True), "strictly, a 1e-9 bound break under 2e5 fails")
    check(lpmodel.clamped(m, x)["x6"] == 0, "clamped moves x6 onto its bound")
    m = lpmodel.read_lp(REPORTED_ROW)
    r = run.relaxed_model(m)
    x = {"b": F(1), "z": F(5), "y": F(28), "w": F(0)}
    check(len(r.rows) == 2 and not lpmodel.violations(r, x, strict=True, rel=0),
          "the model relaxed by tol_verify holds the report's point exactly")
    m = lpmodel.read_lp(BIG_COEF)
    r = run.relaxed_model(m)
    x = {"x2": F(100), "x6": F(-1, 10**6)}
    check(F(r.lo["x6"]) == F(-1, 10**6) and not lpmodel.violations(r, x, strict=True, rel=0),
          "the relaxed model moves a continuous bound out by tol_verify")
    m = lpmodel.read_lp(EXACT)
    check(exactlp.solve(m)[:2] == ("optimal", F(5)), "exactlp: optimum 5 past a denormal")
    m.rows.append(["c3", [("y", "1")], ">=", "1.000000000000001"])
    check(exactlp.solve(m)[0] == "infeasible", "exactlp: 1e-15 past a side is infeasible")
    m = lpmodel.read_lp(EXACT.replace(" c2: x <= 5\n", ""))
    check(exactlp.solve(m)[0] == "unbounded", "exactlp: x unbounded without c2")
    m = lpmodel.read_lp(COUNT)
    check(F(m.rows[1][1][1][1]) == F(1, 10**315), "a denormal is read exactly")
    best, pts = run.brute_force(m)
    check(best == 1 and len(pts) == 6, "count: optimum 1 with 6 points, got %s, %d" % (best, len(pts)))
    sols, count, proven = run.parse_all("# solution 1\nx1 1\n# solution 2\nx2 1\n# solutions: 2\n"
                                        "# the count is proven: no other\n# optimal, objective 1\n")
    check(count == 2 and proven and sols == [{"x1": F(1)}, {"x2": F(1)}], "parse_all")
    print("ok adversarial-selftest")


if __name__ == "__main__":
    main()
