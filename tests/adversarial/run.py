#!/usr/bin/env python3
"""run.py -- the adversarial differential test: bnb against glpsol and cbc
on the models of gen.py (and on the corpus of cases/), judged by evidence.

    run.py --bnb BNB [--base S] [--seeds N | --seconds T] [--cases DIR]
           [--time-limit S] [--keep DIR] [--count-every K]
           [--memory-limits MB,...] [FILE...]
    run.py --bnb BNB --minimise FILE OUT     shrink a failing (or weak) model

A verdict bnb states is a failure only when something checkable
contradicts it (README.md has the details):
  * bnb says infeasible, and a peer's solution is evidence: it verifies
    against the rows and bounds in exact rational arithmetic on the
    file's decimals, strictly (lpmodel.STRICT_REL), or glpsol --exact
    finds an exactly feasible point with its integers;
  * bnb says optimal, and its own solution does not verify by bnb's
    tol_verify contract, or its objective line differs from the
    objective of its solution;
  * bnb says optimal, and a peer's evidence is better;
  * on an LP where bnb and the peers disagree, the exact LP (exactlp.py,
    rational simplex on the decimals) finds a better optimum, an optimum where bnb says
    infeasible or unbounded, or a ray where bnb says optimal;
  * bnb exits with a status FORMATS.md does not list, crashes, or runs
    well past its time limit; or rejects a file the peers read;
  * --all on a small pure-integer model (a brute-force enumeration in
    this script is the oracle): a proven count that differs, a listed
    solution that does not verify or is not optimal, another verdict.
A limit (exit 3) or a numerical failure (exit 4) is "weak": counted and
listed, not failed. Disagreements without evidence are listed as
"disputed". Output: one line per model, "ok NAME", "FAIL NAME: why",
"weak NAME: why" or "disputed NAME: why", then a summary line.
Each LP bnb solves must end by its own verdict within LP_ITERS_PER_SIZE
x (rows + columns) iterations (a numerical failure that names the stall
says why): an LP that took more is listed as "slow NAME: why" and
counted in the summary (the judgement of its verdict stands beside it).
"""
import argparse
import itertools
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from decimal import Decimal, getcontext
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import lpmodel  # noqa: E402
import exactlp  # noqa: E402
import gen  # noqa: E402

# An objective is better than another when by more than this, relative
# to max(1, |objective|): the peers' optimality tolerances are 1e-7..1e-9.
OBJ_TOL = Fraction(1, 10**6)
# ... for bnb's optimum against the exact one, when bnb's point holds
# its rows only by its contract: a violation of 1e-9 in a row of dual
# value 2500 buys 2.5e-6 of objective, the tolerance's doing.
OBJ_TOL_LOOSE = Fraction(1, 10**4)
# A point holds its rows "to rounding" when off by at most this, relative
# to the row's size.
ROUNDING_REL = Fraction(1, 10**12)
# Seconds exactlp.py may take on one LP before glpsol --exact answers
# instead (the generator's LPs take at most 0.5 s).
EXACT_SECONDS = 20
# Seconds past --time-limit after which bnb counts as hanging.
HANG_GRACE = 20
# --all: the brute force enumerates at most this many points.
COUNT_POINTS = 20000
# Megabytes bnb's open nodes may hold: a 15-row model can fill a gigabyte
# in 5 s, and the machine running the test is shared.
BNB_MEMORY_MB = 256
# bnb prints a column only when |x| > this (cli/main.c, CLI_PRINT_ZERO):
# a missing column may hold up to it.
BNB_PRINT_ZERO = Fraction(1, 10**9)
# ... and with %.15g: a row of terms of size 1e13 that cancel is known to
# about 1e-2 from the printed values.
BNB_PRINT_DIGITS = 15
# Exit statuses of FORMATS.md.
BNB_STATUS = {0: "optimal", 1: "infeasible", 3: "limit", 4: "numeric", 5: "unbounded",
              7: "out of memory"}
# Statuses that state no verdict: "weak" when honest. "refused": bnb
# refuses, at line:col with exit 2, a coefficient double arithmetic
# cannot carry (docs/FORMATS.md, Model files: a denormal whose term can
# reach past 1e-9 over its column's bounds), a label of its own.
BNB_WEAK = ("limit", "numeric", "out of memory", "refused")
# Iterations one LP may take per row and column of the model before it
# ends by its own verdict (the acceptance of the simplex's budget,
# lp_budget): the LP of a model without integers (the summary's count),
# and every node's LP of a MIP but the root's (whose count in the event
# stream holds its cut rounds and heuristics too).
LP_ITERS_PER_SIZE = 100
BNB_REFUSAL = "double arithmetic cannot carry it"


def run(cmd, timeout):
    t0 = time.time()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, universal_newlines=True, errors="replace")
        return p.returncode, p.stdout, p.stderr, time.time() - t0
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        return None, out, "", time.time() - t0


def frac(text):
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


class Answer:
    """A solver's verdict: status in optimal / infeasible / unbounded /
    limit / numeric / error / absent; obj (float or None); x (name ->
    Fraction or None)."""

    def __init__(self, who, status, obj=None, x=None, note=""):
        self.who, self.status, self.obj, self.x, self.note = who, status, obj, x, note

    def __repr__(self):
        return "%s %s" % (self.who, self.verdict())

    def verdict(self):
        s = self.status
        if self.obj is not None:
            s += " %.12g" % self.obj
        return s + (" (" + self.note + ")" if self.note else "")


# ---------------------------------------------------------------- solvers

def solve_bnb(bnb, path, tl, extra=(), events=None):
    cmd = [bnb, "--time-limit", str(tl), "--memory-limit", str(BNB_MEMORY_MB)] + list(extra)
    if events:
        cmd += ["--events", events]
    cmd.append(path)
    rc, out, err, _ = run(cmd, tl + HANG_GRACE)
    if rc is None:
        return Answer("bnb", "hang", note="still running %d s past its time limit" % HANG_GRACE)
    if rc == 2 and BNB_REFUSAL in err:
        return Answer("bnb", "refused", note=err.strip()[:200])
    if rc < 0 or rc not in BNB_STATUS:
        return Answer("bnb", "error", note="exit %s: %s" % (rc, (err or out).strip()[:200]))
    a = Answer("bnb", BNB_STATUS[rc])
    a.text = out
    a.iters = None
    x = {}
    for line in out.splitlines():
        if line.startswith("#"):
            if ", objective " in line and not line.startswith("# solution"):
                a.obj = float(line.split(", objective ", 1)[1].split(",")[0])
            if " simplex iteration" in line:
                f = line.split(" simplex iteration")[0].split()
                if f and f[-1].isdigit():
                    a.iters = int(f[-1])
            continue
        f = line.split()
        if len(f) == 2:
            x[f[0]] = frac(f[1])
    a.x = x
    return a


def glpk_file(m, path, tmp):
    """glpsol rejects an LP objective without a term: give it a 0 term."""
    if path.endswith(".mps") or m.obj:
        return path
    alt = os.path.join(tmp, "glpk.lp")
    with open(alt, "w") as f:
        f.write(lpmodel.write_lp(m, glpk_safe=True))
    return alt


def glpk_names(listing):
    """Column index -> name from glpsol's printable solution."""
    names, on = {}, False
    for line in listing.splitlines():
        if "Column name" in line:
            on = True
            continue
        if on:
            f = line.split()
            if f and f[0] in ("Integer", "Karush-Kuhn-Tucker"):
                break
            if not f or not f[0].isdigit():
                continue
            names[int(f[0])] = f[1]
    return names


def solve_glpsol(m, path, tl, tmp, exact=False):
    if not shutil.which("glpsol"):
        return Answer("glpsol", "absent")
    src = glpk_file(m, path, tmp)
    fmt = "--freemps" if src.endswith(".mps") else "--lp"
    out_o, out_w = os.path.join(tmp, "g.out"), os.path.join(tmp, "g.sol")
    for f in (out_o, out_w):
        if os.path.exists(f):
            os.remove(f)
    cmd = ["glpsol", fmt, src, "--tmlim", str(int(max(1, tl))), "-o", out_o, "-w", out_w]
    cmd += ["--exact"] if exact else ["--nopresol"]
    rc, out, err, _ = run(cmd, tl + HANG_GRACE)
    who = "glpsol --exact" if exact else "glpsol"
    if rc is None:
        return Answer(who, "limit")
    if "TIME LIMIT EXCEEDED" in out:
        return Answer(who, "limit")
    if "processing error" in out or not os.path.exists(out_o):
        return Answer(who, "error", note=out.strip().splitlines()[-1] if out.strip() else "")
    listing = open(out_o).read()
    status = ""
    for line in listing.splitlines():
        if line.startswith("Status:"):
            status = line.split(":", 1)[1].strip()
    if ("NO PRIMAL FEASIBLE" in out or "NO INTEGER FEASIBLE" in out or
            status in ("INTEGER EMPTY", "INFEASIBLE (FINAL)", "EMPTY")):
        return Answer(who, "infeasible")
    if "UNBOUNDED PRIMAL" in out or status == "UNBOUNDED":
        return Answer(who, "unbounded", note="of the LP relaxation" if m.ints else "")
    if status not in ("OPTIMAL", "INTEGER OPTIMAL"):
        return Answer(who, "limit", note=status)
    names = glpk_names(listing)
    x, obj = {}, None
    for line in open(out_w):
        f = line.split()
        if f[0] == "s":
            obj = float(f[-1])
        elif f[0] == "j":
            val = f[2] if f[1:2] and len(f) == 3 else f[3]
            x[names.get(int(f[1]), "?")] = frac(val)
    return Answer(who, "optimal", obj, x)


def solve_cbc(m, path, tl, tmp):
    if not shutil.which("cbc"):
        return Answer("cbc", "absent")
    sol = os.path.join(tmp, "c.sol")
    if os.path.exists(sol):
        os.remove(sol)
    rc, out, err, _ = run(["cbc", path, "sec", str(tl), "solve", "solu", sol, "quit"], tl + HANG_GRACE)
    if rc is None or not os.path.exists(sol):
        if rc is not None and ("errors on input" in out or "not valid" in out):
            return Answer("cbc", "error", note="does not read the file")
        return Answer("cbc", "limit")
    lines = open(sol).read().splitlines()
    head = lines[0] if lines else ""
    x = {}
    for line in lines[1:]:
        f = line.split()
        if len(f) >= 3:
            x[f[1]] = frac(f[2])
    obj = None
    if "objective value" in head:
        obj = float(head.rsplit(" ", 1)[1])
    low = head.lower()
    if low.startswith("optimal"):
        return Answer("cbc", "optimal", obj, x)
    if low.startswith("infeasible") or low.startswith("integer infeasible"):
        return Answer("cbc", "infeasible", x=x)
    if low.startswith("unbounded"):
        return Answer("cbc", "unbounded", note="of the LP relaxation" if m.ints else "")
    return Answer("cbc", "limit", obj, x, note=head[:40])


# ---------------------------------------------------------------- judging

def better(m, a, b, rel=OBJ_TOL):
    """a better than b (objective values) beyond rel * max(1, |b|)."""
    tol = rel * max(1, abs(Fraction(b)))
    if m.sense == "max":
        return Fraction(a) > Fraction(b) + tol
    return Fraction(a) < Fraction(b) - tol


def rounded(m, x):
    y = dict(x)
    for c in m.ints:
        if c in y and y[c] is not None:
            y[c] = Fraction(round(y[c]))
    return y


def witness(m, a, tmp):
    """(objective, point) of the solution answer a carries when it is
    evidence: moved onto its bounds (a peer may break a bound by 1e-5 in
    a model of size 1e9), it verifies by the strict tolerance, or (its integer columns
    fixed at their rounded values) glpsol --exact finds a point with the
    same integers that does (then the best such point). None when it is
    no evidence."""
    if a.x is None or any(v is None for v in a.x.values()):
        return None
    if any(c not in m.lo for c in a.x):
        return None
    x = lpmodel.clamped(m, rounded(m, a.x))
    if not lpmodel.violations(m, x, strict=True):
        return lpmodel.objective(m, x), x
    if lpmodel.violations(m, a.x):
        return None
    e = exact_fixed(m, rounded(m, a.x), tmp)
    if e is None or e.status != "optimal" or lpmodel.violations(m, e.x, strict=True):
        return None
    a.note = (a.note + "; " if a.note else "") + "exactly feasible with these integers"
    return lpmodel.objective(m, e.x), e.x


def exact_fixed(m, x, tmp):
    """The exact LP (solve_exact) left when the integer columns are fixed
    at x's values: the answer, or None."""
    f = m.copy()
    for c in m.ints:
        v = str(int(x.get(c, 0)))
        f.lo[c] = f.up[c] = v
    f.ints = set()
    path = os.path.join(tmp, "fixed.lp")
    with open(path, "w") as out:
        out.write(lpmodel.write_lp(f, glpk_safe=True))
    return solve_exact(f, path, 10, tmp)


def short(m, x):
    items = ["%s=%s" % (c, "%.12g" % float(x[c])) for c in m.cols if x.get(c)]
    text = " ".join(items)
    return text if len(text) < 300 else text[:300] + "..."


def slow_lp(m, b, events):
    """Why an LP of bnb's solve took more than LP_ITERS_PER_SIZE x (rows +
    columns) iterations to its verdict, or "" (see LP_ITERS_PER_SIZE)."""
    allowed = LP_ITERS_PER_SIZE * (len(m.rows) + len(m.cols))
    if not m.ints:
        if b.iters is not None and b.iters > allowed and b.status in (
                "optimal", "infeasible", "unbounded"):
            return "the LP took %d iterations for %d rows and %d columns" % (
                b.iters, len(m.rows), len(m.cols))
        return ""
    worst = (0, None)
    try:
        with open(events) as f:
            for line in f:
                if not line.startswith('{"ev":"node",'):
                    continue
                e = json.loads(line)
                if e.get("node") == 0 or e.get("status") not in (
                        "optimal", "infeasible", "unbounded", "cutoff"):
                    continue
                if e.get("iters", 0) > worst[0]:
                    worst = (e["iters"], e["node"])
    except (OSError, ValueError):
        return ""
    if worst[0] > allowed:
        return "node %d's LP took %d iterations for %d rows and %d columns" % (
            worst[1], worst[0], len(m.rows), len(m.cols))
    return ""


def judge(bnb, path, m, tl, tmp):
    """(kind, why, answers): kind ok / FAIL / weak / disputed. The steps
    run in order; each gives (kind, why) when it settles the model. The
    answers' first, bnb's, carries .slow (slow_lp)."""
    events = os.path.join(tmp, "events.jsonl")
    b = solve_bnb(bnb, path, tl, events=events)
    b.binary, b.tmp = bnb, tmp
    b.slow = slow_lp(m, b, events) if b.status not in ("hang", "error", "refused") else ""
    peers = [p for p in (solve_glpsol(m, path, tl, tmp), solve_cbc(m, path, tl, tmp))
             if p.status != "absent"]
    answers = [b] + peers
    if b.status in ("hang", "error"):
        if b.status == "error" and "exit 2" in b.note and any(p.status == "error" for p in peers):
            return "disputed", "bnb and a peer reject the file: " + b.note, answers
        return "FAIL", "bnb " + b.status + ": " + b.note, answers
    wits = [(p, witness(m, p, tmp)) for p in peers]
    wits = [(p, w) for p, w in wits if w is not None]
    verdict = against_evidence(m, b, wits, bnb, tmp)
    if verdict:
        return verdict + (answers,)
    if b.status in BNB_WEAK:
        return "weak", "bnb %s; peers: %s" % (b.status, ", ".join(map(repr, peers))), answers
    decided = [p for p in peers if p.status in ("optimal", "infeasible", "unbounded")]
    if all(same(m, b, p) for p in decided):
        return "ok", "", answers
    for step in (exact_lp, mip_beats_peers, relaxation_check):
        verdict = step(m, path, b, decided, wits, tl, tmp, answers)
        if verdict:
            return verdict + (answers,)
    if b.status == "optimal" and strictly_holds(m, b) and not any(
            p.status == "optimal" and better(m, p.obj, b.obj) for p in decided):
        return "disputed", "bnb's solution verifies strictly, so the peers are wrong: " + \
            ", ".join(map(repr, answers)), answers
    return "disputed", "no evidence either way: " + ", ".join(map(repr, answers)), answers


def data_rounding(text):
    """How far the file's decimal text lies from the double bnb reads."""
    try:
        return abs(Fraction(text) - Fraction(float(text)))
    except (ValueError, OverflowError, ZeroDivisionError):
        return Fraction(0)


def residual_gain(m, bnb, x, tmp, rounding=False):
    """What point x buys through its rows' residuals: sum |y_i| r_i, with
    r_i its miss of an equality or its violation of an inequality and y
    the duals of bnb --lp-only on the model with x's integers fixed. By
    weak duality c^T x - c^T x* = y^T (A x - b) + d^T (x - x*), and the
    second term cannot help a point inside its bounds, so no point gains
    more on the optimum x* than this (0 when the duals are unknown)."""
    f = m.copy()
    for c in m.ints:
        f.lo[c] = f.up[c] = str(int(round(x.get(c, 0))))
    f.ints = set()
    path = os.path.join(tmp, "duals.lp")
    with open(path, "w") as out:
        out.write(lpmodel.write_lp(f))
    rc, out, _, _ = run([bnb, "--lp-only", "--time-limit", "5", path], 25)
    y = {}
    for line in (out or "").splitlines():
        t = line.split()
        if len(t) == 4 and t[:2] == ["#", "dual"]:
            y[t[2]] = frac(t[3])
    gain = Fraction(0)
    for name, terms, op, rhs in m.rows:
        if y.get(name) is None:
            continue
        act = sum((Fraction(a) * x.get(c, Fraction(0)) for c, a in terms), Fraction(0))
        miss = act - Fraction(rhs)
        r = abs(miss) if op == "=" else max(Fraction(0), miss if op == "<=" else -miss)
        if rounding:
            r += data_rounding(rhs) + sum(
                (data_rounding(a) * abs(x.get(c, Fraction(0))) for c, a in terms), Fraction(0))
        gain += abs(y[name]) * r
    return gain


def own_best(m, b):
    """bnb's optimum improved by what its own point's residuals cost it
    (residual_gain): its point is optimal for the rows moved to its
    activities, and weak duality bounds how far that move takes the
    optimum (seed 44018: x9 in 0.0014 x9 + 2.4e4 x11 = 119040002.226 is
    fixed only to the side's ulp over 0.0014, 1e-5, which costs 24 through
    a dual of 2e9; the exact optimum is 24.26 better, the residuals buy
    24.26). The rows as bnb reads them are the decimals rounded to
    doubles, and that rounding moves the optimum the same way (seed
    304365: 1.2e-8 x2 in a row of 4.3e7 whose side and terms round by
    5.5e-9, 0.46 of x2, 3.2 of the objective through a dual of 5.8e8;
    cbc's point is 3.0 better, bnb's x2 is read to an ulp of the row,
    0.6). Computed once per answer."""
    if getattr(b, "best", None) is None:
        own = lpmodel.objective(m, b.x)
        b.best = shifted(m, own, -residual_gain(m, b.binary, b.x, b.tmp,
                                                rounding=True))
    return b.best


def exact_no_better(m, x, own):
    """Whether the LP left when the integers of point x are fixed has, on
    the file's decimals exactly (exactlp.py), an optimum no better than
    own: then x's gain is its residuals' doing (seed 83355: 5e-7 x1 +
    1e-6 x5 + 8.6e5 x2 >= 860000.000007 missed by 2e-7, 2.4e-13 of its
    size, buys 8 of the objective through x1; glpsol --exact, on the data
    as doubles, takes that point for exact)."""
    f = m.copy()
    for c in m.ints:
        f.lo[c] = f.up[c] = str(int(round(x.get(c, 0))))
    f.ints = set()
    status, obj, _ = exactlp.solve(f)
    return status == "optimal" and not better(m, obj, own)


def shifted(m, obj, gain):
    """Objective obj made worse by gain."""
    return Fraction(obj) - (gain if m.sense == "max" else -gain)


def against_evidence(m, b, wits, bnb, tmp):
    """bnb's verdict against its own printed point and the peers' evidence
    (wits: [(answer, (objective, point))])."""
    if b.status == "infeasible" and wits:
        p, (w, x) = wits[0]
        return "FAIL", "bnb says infeasible; %s's solution verifies (objective %.12g): %s" % (
            p.who, float(w), short(m, x))
    if b.status != "optimal":
        return None
    bad = lpmodel.violations(m, b.x, round_ints=False, hidden=BNB_PRINT_ZERO,
                             digits=BNB_PRINT_DIGITS)
    if bad:
        return "FAIL", "bnb's optimal solution does not verify: " + "; ".join(bad[:3])
    own = lpmodel.objective(m, b.x)
    unseen = BNB_PRINT_ZERO * sum(abs(Fraction(v)) for c, v in m.obj.items() if c not in b.x)
    if b.obj is None or abs(own - Fraction(b.obj)) > OBJ_TOL * max(1, abs(own)) + unseen:
        return "FAIL", "bnb's objective line says %s, its solution's objective is %.12g" % (
            b.obj, float(own))
    for p, (w, x) in wits:
        if not (precise(m, x) and better(m, w, own)):
            continue
        if better(m, shifted(m, w, residual_gain(m, bnb, x, tmp)), own_best(m, b)) and \
                not exact_no_better(m, x, own_best(m, b)):
            return "FAIL", "bnb's optimum %.12g is worse than %s's verified solution %.12g: %s" % (
                float(own), p.who, float(w), short(m, x))
    return None


def as_float(q):
    """q (a Fraction) as a float, an infinity past the doubles' range
    (seed 270691: an exact optimum over 1e308 with a peer's integers)."""
    try:
        return float(q)
    except OverflowError:
        return math.inf if q > 0 else -math.inf


def solve_exact(m, path, tl, tmp):
    """The LP m solved exactly on the file's decimals (exactlp.py), or,
    past EXACT_SECONDS, by glpsol --exact (on the data as doubles); None
    when neither answers."""
    def late(*_):
        raise TimeoutError
    old = signal.signal(signal.SIGALRM, late)
    signal.alarm(EXACT_SECONDS)
    try:
        status, obj, x = exactlp.solve(m)
        return Answer("the exact LP", status, None if obj is None else as_float(obj), x)
    except TimeoutError:
        pass
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    if not shutil.which("glpsol"):
        return None
    return solve_glpsol(m, path, max(tl, 10), tmp, exact=True)


def exact_lp(m, path, b, decided, wits, tl, tmp, answers):
    """An LP the peers and bnb disagree on: the exact LP decides."""
    if m.ints:
        return None
    e = solve_exact(m, path, tl, tmp)
    if e is None:
        return None
    answers.append(e)
    if e.status not in ("optimal", "infeasible", "unbounded"):
        return None
    if same(m, b, e):
        return "disputed", "peers differ from bnb; the exact simplex agrees with bnb"
    if exact_contradicts(m, b, e):
        return "FAIL", "bnb says %s; the exact rational simplex says %s" % (
            b.verdict(), e.verdict())
    if b.status == "optimal" and e.status == "optimal" and \
            precise(m, e.x) and better(m, b.obj, e.obj, OBJ_TOL_LOOSE) and \
            not strictly_holds(m, b):
        r = within_contract(m, b, tl, tmp, answers)
        if r is None:
            return "FAIL", "bnb's optimum %s beats the exact one %s with a point that holds " \
                "its rows only within tolerance, and the optimum of the model relaxed by " \
                "tol_verify too" % (b.verdict(), e.verdict())
        return "disputed", "bnb's optimum %s beats the exact one %s within tol_verify " \
            "(relaxed by it: %s)" % (b.verdict(), e.verdict(), r.verdict())
    return "disputed", "bnb says %s, the exact simplex %s: feasible only within tolerance" % (
        b.verdict(), e.verdict())


def relaxed_model(m):
    """m with every row's sides and every continuous column's bounds moved
    out by bnb's tol_verify contract (lpmodel.violations, not strict): the
    points bnb may report. An equality becomes two rows."""
    getcontext().prec = 60
    tol = Decimal(lpmodel.VERIFY_TOL.numerator) / lpmodel.VERIFY_TOL.denominator
    r = m.copy()
    r.rows = []
    for name, terms, op, rhs in m.rows:
        cont = any(c not in m.ints for c, _ in terms)
        side = Decimal(rhs)
        t = tol * (max(Decimal(1), abs(side)) if cont else 1)
        if op in ("<=", "="):
            r.rows.append([name + ("_up" if op == "=" else ""), list(terms), "<=",
                           format(side + t, "f")])
        if op in (">=", "="):
            r.rows.append([name + ("_lo" if op == "=" else ""), list(terms), ">=",
                           format(side - t, "f")])
    for c in m.cols:
        if c in m.ints:
            continue
        if m.lo[c] is not None:
            lo = Decimal(m.lo[c])
            r.lo[c] = format(lo - tol * max(Decimal(1), abs(lo)), "f")
        if m.up[c] is not None:
            up = Decimal(m.up[c])
            r.up[c] = format(up + tol * max(Decimal(1), abs(up)), "f")
    return r


def within_contract(m, b, tl, tmp, answers):
    """bnb's optimum b, better than the exact or the peers' one with a point
    that holds its rows only within tolerance: is it also better than the
    optimum of the model relaxed by bnb's tol_verify contract (the exact
    LP on an LP, cbc on a MIP)? None when not, or when nothing
    decides; else the relaxed answer. A point the contract accepts is a
    point of the relaxed model, so only a gain beyond that optimum is more
    than the tolerance lets any solver see (README.md, The judgement)."""
    relax = relaxed_model(m)
    path = os.path.join(tmp, "relaxed.lp")
    with open(path, "w") as out:
        out.write(lpmodel.write_lp(relax, glpk_safe=True))
    if m.ints:
        # cbc's preprocessing can call a relaxed model infeasible that
        # holds bnb's point (seed 294983); glpsol then decides
        r = solve_cbc(relax, path, max(tl, 10), tmp)
        r.who = "cbc on the model relaxed by tol_verify"
        if r.status != "optimal":
            answers.append(r)
            r = solve_glpsol(relax, path, max(tl, 10), tmp)
            r.who = "glpsol on the model relaxed by tol_verify"
    else:
        r = solve_exact(relax, path, tl, tmp)
        if r is None:
            return None
        r.who += " relaxed by tol_verify"
    answers.append(r)
    if r.status != "optimal" or better(m, b.obj, r.obj, OBJ_TOL_LOOSE):
        return None
    return r


def mip_beats_peers(m, path, b, decided, wits, tl, tmp, answers):
    """bnb's MIP optimum better than both peers' agreed one: glpsol --exact
    on bnb's integers says whether the gain is real."""
    if not m.ints or b.status != "optimal" or len(decided) != 2 or strictly_holds(m, b):
        return None
    if not all(p.status == "optimal" and better(m, b.obj, p.obj, OBJ_TOL_LOOSE) for p in decided):
        return None
    if not same(m, decided[0], decided[1]):
        return None
    e = exact_fixed(m, rounded(m, b.x), tmp)
    if e is None or not (e.status == "infeasible" or e.status == "optimal" and
                         not better(m, e.obj, decided[0].obj, OBJ_TOL_LOOSE)):
        return None
    answers.append(e)
    r = within_contract(m, b, tl, tmp, answers)
    if r is not None:
        return "disputed", "bnb's optimum beats both peers' (%s) within tol_verify " \
            "(relaxed by it: %s)" % (decided[0].verdict(), r.verdict())
    return "FAIL", "bnb's optimum beats both peers' (%s) with integers that give %s " \
        "exactly, its point holding the rows only within tolerance, and the optimum of " \
        "the model relaxed by tol_verify too" % (decided[0].verdict(), e.verdict())


def relaxation_check(m, path, b, decided, wits, tl, tmp, answers):
    """A MIP's unboundedness, settled by its LP relaxation in exact
    arithmetic: a bounded relaxation bounds the MIP; an unbounded one
    makes a MIP with rational data and an exactly feasible integer point
    unbounded (Meyer 1974). (kind, why) or None."""
    if not m.ints or not (
            b.status == "unbounded" or any(p.status == "unbounded" for p in decided)):
        return None
    relax = m.copy()
    relax.ints = set()
    path = os.path.join(tmp, "relax.lp")
    with open(path, "w") as out:
        out.write(lpmodel.write_lp(relax, glpk_safe=True))
    e = solve_exact(relax, path, 10, tmp)
    if e is None:
        return None
    e.who = "the exact LP relaxation"
    answers.append(e)
    if b.status == "unbounded" and e.status == "optimal":
        return "FAIL", "bnb says unbounded; the LP relaxation is bounded (exact optimum %.12g)" % e.obj
    if b.status == "unbounded" and e.status == "unbounded":
        feas = m.copy()
        feas.obj = {}
        path = os.path.join(tmp, "feasibility.lp")
        with open(path, "w") as out:
            out.write(lpmodel.write_lp(feas))
        f = solve_glpsol(feas, path, 10, tmp)
        if f.status == "optimal" and exactly_feasible(m, f, tmp):
            return "disputed", "bnb is right: the LP relaxation has an exact ray and glpsol finds " \
                "an exactly feasible integer point; peers: " + ", ".join(map(repr, answers[1:3]))
    if b.status != "optimal" or e.status != "unbounded":
        return None
    for p, _ in wits:
        if exactly_feasible(m, p, tmp):
            return "FAIL", "bnb says optimal; the LP relaxation has an exact ray and %s's " \
                "integer point is exactly feasible, so the MIP is unbounded" % p.who
    return None


def strictly_holds(m, b):
    """Whether bnb's printed point holds its rows by the strict tolerance."""
    return not lpmodel.violations(m, b.x, round_ints=False, strict=True,
                                  hidden=BNB_PRINT_ZERO, digits=BNB_PRINT_DIGITS)


def precise(m, x):
    """Whether point x holds every row to rounding (ROUNDING_REL): only
    such a point shows that an optimum is not optimal. A point off by more
    buys objective through the row's dual, unbounded when a coefficient
    is tiny: seed 22's 2.4e-8 violation under a coefficient of 2.9e-8 is
    worth 2% of its objective. A row of integer columns has exact terms, so
    its rounding is the data's alone (seed 58093: x6 = 1 misses 277000 x8
    + ... - 9.32289e-9 x6 = 277001.002 by its whole term, 3.4e-14 of the
    row, and buys 0.03 over the exact optimum)."""
    return x is not None and not lpmodel.violations(m, x, strict=True, rel=ROUNDING_REL,
                                                    exact_ints=True)


def exactly_feasible(m, a, tmp):
    """Whether answer a's integers leave an exactly feasible LP."""
    if "exactly feasible" in a.note:
        return True
    e = exact_fixed(m, rounded(m, a.x), tmp)
    return e is not None and e.status in ("optimal", "unbounded")


def exact_contradicts(m, b, e):
    """Whether the exact LP answer e proves bnb's LP answer b wrong. An
    exact optimum whose point verifies strictly, or a ray, is a point that
    exists; a better optimum counts when its point holds the rows to
    rounding (glpsol --exact works on the data rounded to doubles and was
    seen 2.4e-8 off a row of the decimal data); an exact "infeasible" says
    nothing against an answer feasible within tolerance."""
    if e.status == "infeasible":
        return False
    if e.status == "optimal" and (e.x is None or lpmodel.violations(m, e.x, strict=True)):
        return False
    if b.status == "optimal" and e.status == "optimal":
        return precise(m, e.x) and better(m, e.obj, b.obj) and \
            (b.x is None or better(m, e.obj, own_best(m, b)))
    return True


def same(m, a, b):
    if a.status != b.status:
        return False
    if a.status == "optimal" and a.obj is not None and b.obj is not None:
        return not better(m, a.obj, b.obj) and not better(m, b.obj, a.obj)
    return True


# ------------------------------------------------------------ --all count

def brute_force(m):
    """(optimal value or None, [optimal points]) of a pure-integer model with
    small finite domains, or None when too big. Rows are checked exactly on
    their terms of magnitude at least 1e-6 of the row's largest (the
    generator gives tiny terms only where their whole sum stays far below
    the tolerance); a row of tiny terms only is judged as scaled to 1, as
    bnb refutes it (1e-9 x = 0 holds at x = 0 alone)."""
    doms = []
    size = 1
    for c in m.cols:
        lo, up = m.lo[c], m.up[c]
        if lo is None or up is None:
            return None
        lo, up = int(Fraction(lo)), int(Fraction(up))
        doms.append(range(lo, up + 1))
        size *= up - lo + 1
        if size > COUNT_POINTS:
            return None
    idx = {c: k for k, c in enumerate(m.cols)}
    rows = []
    for _, terms, op, rhs in m.rows:
        amax = max([abs(Fraction(a)) for _, a in terms] + [Fraction(0)])
        big = [(idx[c], Fraction(a)) for c, a in terms
               if abs(Fraction(a)) >= Fraction(1, 10**6) * min(Fraction(1), amax)]
        rows.append((big, op, Fraction(rhs)))
    obj = [(idx[c], Fraction(a)) for c, a in m.obj.items()]
    best, pts = None, []
    for p in itertools.product(*doms):
        ok = True
        for big, op, rhs in rows:
            act = sum(a * p[k] for k, a in big)
            if (op == "<=" and act > rhs) or (op == ">=" and act < rhs) or (op == "=" and act != rhs):
                ok = False
                break
        if not ok:
            continue
        v = sum(a * p[k] for k, a in obj)
        if best is None or (v > best if m.sense == "max" else v < best):
            best, pts = v, [p]
        elif v == best:
            pts.append(p)
    return best, pts


def parse_all(text):
    """(solutions as dicts, count, proven) of bnb --all's output."""
    sols, cur, count, proven = [], None, None, False
    for line in text.splitlines():
        if line.startswith("# solution ") and not line.startswith("# solutions"):
            cur = {}
            sols.append(cur)
        elif line.startswith("# solutions:"):
            count = int(line.split(":")[1])
            cur = None
        elif line.startswith("# the count is proven"):
            proven = True
        elif not line.startswith("#") and cur is not None:
            f = line.split()
            if len(f) == 2:
                cur[f[0]] = Fraction(f[1])
    return sols, count, proven


def judge_count(bnb, path, m, tl):
    bf = brute_force(m)
    if bf is None:
        return "ok", "too big to enumerate", []
    best, pts = bf
    b = solve_bnb(bnb, path, tl, ["--all=100000"])
    if b.status in ("hang", "error"):
        return "FAIL", "bnb --all " + b.status + ": " + b.note, [b]
    if b.status in BNB_WEAK:
        return "weak", "bnb --all " + b.status, [b]
    if not pts:
        if b.status == "infeasible":
            return "ok", "", [b]
        return "FAIL", "bnb --all says %s; the enumeration finds no feasible point" % b.status, [b]
    if b.status != "optimal":
        return "FAIL", "bnb --all says %s; the enumeration finds %d optimal points of value %s, e.g. %s" % (
            b.status, len(pts), float(best), dict(zip(m.cols, pts[0]))), [b]
    sols, count, proven = parse_all(b.text)
    for s in sols:
        bad = lpmodel.violations(m, s, round_ints=False, hidden=BNB_PRINT_ZERO, digits=BNB_PRINT_DIGITS)
        if bad:
            return "FAIL", "bnb --all lists a solution that does not verify: " + bad[0], [b]
        if lpmodel.objective(m, s) != best and better(m, best, lpmodel.objective(m, s)):
            return "FAIL", "bnb --all lists a solution of value %s, the optimum is %s" % (
                float(lpmodel.objective(m, s)), float(best)), [b]
    if proven and count != len(pts):
        return "FAIL", "bnb --all proves %s solutions; the enumeration finds %d of value %s%s" % (
            count, len(pts), float(best), missing(m, pts, sols)), [b]
    if count is None or count > len(pts):
        return "FAIL", "bnb --all counts %s; the enumeration finds %d" % (count, len(pts)), [b]
    return "ok", "", [b]


def missing(m, pts, sols):
    have = {tuple(int(round(s.get(c, 0))) for c in m.cols) for s in sols}
    miss = [p for p in pts if p not in have]
    if not miss:
        return ""
    return ", e.g. missing %s" % " ".join("%s=%d" % (c, v) for c, v in zip(m.cols, miss[0]) if v)


# ------------------------------------------------------------- minimising

def minimise(bnb, path, out, tl, tmp):
    """Greedy delta debugging: drop rows, terms, objective terms, bounds
    and integrality while the model still fails the same way."""
    m = lpmodel.read_file(path)
    ext = ".mps" if path.endswith(".mps") else ".lp"
    kind0, why0, _ = judge_one(bnb, path, m, tl, tmp, count=is_count(m))
    if kind0 not in ("FAIL", "weak"):
        print("does not fail: " + kind0 + " " + why0)
        return 1
    key = (kind0, fail_code(why0))
    trial = os.path.join(tmp, "trial" + ext)

    def still(mm):
        mm.drop_unused_cols()
        if not mm.cols or not mm.rows:
            return False
        with open(trial, "w") as f:
            f.write(lpmodel.write_mps(mm) if ext == ".mps" else lpmodel.write_lp(mm))
        k, why, _ = judge_one(bnb, trial, mm, tl, tmp, count=is_count(m))
        return (k, fail_code(why)) == key

    changed = True
    while changed:
        changed = False
        for i in range(len(m.rows) - 1, -1, -1):
            mm = m.copy()
            del mm.rows[i]
            if still(mm):
                m, changed = mm, True
        for i in range(len(m.rows)):
            for t in range(len(m.rows[i][1]) - 1, -1, -1):
                if i >= len(m.rows) or len(m.rows[i][1]) <= 1:
                    break
                mm = m.copy()
                del mm.rows[i][1][t]
                if still(mm):
                    m, changed = mm, True
        for c in list(m.obj):
            mm = m.copy()
            del mm.obj[c]
            if still(mm):
                m, changed = mm, True
        for c in list(m.cols):
            if (m.lo[c], m.up[c]) != ("0", None) and c not in m.ints:
                mm = m.copy()
                mm.lo[c], mm.up[c] = "0", None
                if still(mm):
                    m, changed = mm, True
            if c in m.ints and not is_count(m):
                mm = m.copy()
                mm.ints.discard(c)
                if still(mm):
                    m, changed = mm, True
    m.drop_unused_cols()
    with open(out, "w") as f:
        f.write(lpmodel.write_mps(m) if ext == ".mps" else lpmodel.write_lp(m))
    print(out)
    return 0


FAIL_CODES = [("bnb says infeasible;", "false-infeasible"),
              ("bnb's optimal solution does not verify", "unverified"),
              ("bnb's objective line", "objective-line"),
              ("bnb's optimum", "worse"),
              ("bnb --all proves", "count"),
              ("bnb --all", "count-verdict"),
              ("bnb hang", "hang"),
              ("bnb error", "crash")]


def fail_code(why):
    """A failure's kind, stable while a model shrinks."""
    if "exact rational simplex" in why:
        return "exact:" + why.split(";")[0]
    for prefix, code in FAIL_CODES:
        if why.startswith(prefix):
            return code
    return why[:30]


def is_count(m):
    return any(c.startswith("count") for c in m.comments)


def judge_one(bnb, path, m, tl, tmp, count=False):
    if count:
        return judge_count(bnb, path, m, tl)
    return judge(bnb, path, m, tl, tmp)


# ------------------------------------------------------------ the corpus

def expectation(m):
    """The 'expect:' header of a corpus case, 'expect: STATUS [OBJECTIVE
    [tol REL]]': (status, objective or None, relative tolerance)."""
    for c in m.comments:
        if c.startswith("expect:"):
            f = c.split(":", 1)[1].split()
            tol = Fraction(f[3]) if len(f) > 3 and f[2] == "tol" else OBJ_TOL
            return f[0], (Fraction(f[1]) if len(f) > 1 else None), tol
    return None, None, OBJ_TOL


def judge_case(bnb, path, tl, tmp):
    """A corpus case: bnb must give the expected verdict (and objective),
    and the full judgement against the peers (or the count) must pass."""
    m = lpmodel.read_file(path)
    want, wobj, tol = expectation(m)
    if is_count(m):
        kind, why, _ = judge_count(bnb, path, m, tl)
        return kind, why
    b = solve_bnb(bnb, path, tl)
    if want and b.status != want:
        return "FAIL", "bnb says %s, expected %s%s" % (
            b.verdict(), want, "" if wobj is None else " %.12g" % wobj)
    if wobj is not None and b.obj is not None and (better(m, b.obj, wobj, tol) or
                                                   better(m, wobj, b.obj, tol)):
        return "FAIL", "bnb's optimum %.12g, expected %s" % (b.obj, float(wobj))
    kind, why, _ = judge(bnb, path, m, tl, tmp)
    return (kind, why) if kind == "FAIL" else ("ok", "")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bnb", required=True)
    ap.add_argument("--base", type=int, default=1)
    ap.add_argument("--seeds", type=int, default=0)
    ap.add_argument("--seconds", type=float, default=0)
    ap.add_argument("--time-limit", type=float, default=5)
    ap.add_argument("--cases", default="")
    ap.add_argument("--keep", default="")
    ap.add_argument("--count-every", type=int, default=3)
    ap.add_argument("--minimise", nargs=2, metavar=("FILE", "OUT"))
    ap.add_argument("--without", default="",
                    help="comma-separated traits the generator leaves out (exploration)")
    ap.add_argument("--memory-limits", default="",
                    help="comma-separated megabytes: each model is also solved under "
                         "--memory-limit MB, which must not change its verdict or objective")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args(argv[1:])
    tmp = tempfile.mkdtemp(prefix="adv.")
    try:
        if a.minimise:
            return minimise(a.bnb, a.minimise[0], a.minimise[1], a.time_limit, tmp)
        return campaign(a, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def memory_check(bnb, path, m, tl, limits):
    """--memory-limit never changes an answer: bnb under each limit (MB)
    either states the verdict and objective it states without one (256
    MB), and on a count model (--all) the same count and proof, or stops
    honestly at the limit. ("FAIL", why) or None."""
    mode = ["--all=100000"] if is_count(m) else []
    base = solve_bnb(bnb, path, tl, mode)
    if base.status not in ("optimal", "infeasible", "unbounded"):
        return None
    for mb in limits:
        a = solve_bnb(bnb, path, tl, mode + ["--memory-limit", str(mb)])
        if a.status in ("hang", "error"):
            return "FAIL", "under --memory-limit %s bnb %s: %s" % (mb, a.status, a.note)
        if a.status not in ("optimal", "infeasible", "unbounded"):
            continue
        if not same(m, a, base):
            return "FAIL", "under --memory-limit %s bnb says %s, without it %s" % (
                mb, a.verdict(), base.verdict())
        if mode and parse_all(a.text)[1:] != parse_all(base.text)[1:]:
            return "FAIL", "under --memory-limit %s bnb --all counts %s, without it %s" % (
                mb, parse_all(a.text)[1:], parse_all(base.text)[1:])
    return None


def campaign(a, tmp):
    tally = {"ok": 0, "FAIL": 0, "weak": 0, "disputed": 0, "slow": 0}
    t0 = time.time()

    def report(name, kind, why, src=None):
        tally[kind] += 1
        print("%s %s%s" % (kind, name, ": " + why if why else ""), flush=True)
        if kind in ("FAIL", "slow") and a.keep and src:
            os.makedirs(a.keep, exist_ok=True)
            shutil.copy(src, os.path.join(a.keep, os.path.basename(src)))

    cases = []
    if a.cases:
        cases = sorted(os.path.join(a.cases, f) for f in os.listdir(a.cases)
                       if f.endswith(".lp") or f.endswith(".mps"))
    limits = [x for x in a.memory_limits.split(",") if x]

    def memory(name, path, m):
        if limits:
            verdict = memory_check(a.bnb, path, m, a.time_limit, limits)
            if verdict:
                report(name, verdict[0], verdict[1], path)

    for path in cases + list(a.files):
        kind, why = judge_case(a.bnb, path, a.time_limit, tmp)
        report("case-" + os.path.basename(path), kind, why)
        memory("case-" + os.path.basename(path), path, lpmodel.read_file(path))
    seed, ran = a.base, 0
    while (a.seeds and ran < a.seeds) or (a.seconds and time.time() - t0 < a.seconds):
        m, fmt = gen.generate(seed, [t for t in a.without.split(",") if t])
        path = os.path.join(tmp, "adv%d.%s" % (seed, fmt))
        with open(path, "w") as f:
            f.write(lpmodel.write_mps(m) if fmt == "mps" else lpmodel.write_lp(m))
        m = lpmodel.read_file(path)
        kind, why, answers = judge(a.bnb, path, m, a.time_limit, tmp)
        report("adv-%d" % seed, kind, why, path)
        memory("adv-%d" % seed, path, m)
        if getattr(answers[0], "slow", ""):
            report("adv-%d" % seed, "slow", answers[0].slow, path)
        if a.count_every and seed % a.count_every == 0:
            cm = gen.generate_count(seed, a.without.split(","))
            cpath = os.path.join(tmp, "count%d.lp" % seed)
            with open(cpath, "w") as f:
                f.write(lpmodel.write_lp(cm))
            cm = lpmodel.read_file(cpath)
            kind, why, _ = judge_count(a.bnb, cpath, cm, a.time_limit)
            report("count-%d" % seed, kind, why, cpath)
            memory("count-%d" % seed, cpath, cm)
        seed += 1
        ran += 1
    print("# adversarial: %d seeds (%d..%d), %d ok, %d FAIL, %d weak, %d disputed, "
          "%d slow, %.0f s" % (
              ran, a.base, seed - 1, tally["ok"], tally["FAIL"], tally["weak"],
              tally["disputed"], tally["slow"], time.time() - t0))
    return 1 if tally["FAIL"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
