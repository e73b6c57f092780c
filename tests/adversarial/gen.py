#!/usr/bin/env python3
"""gen.py -- adversarial random models for the differential test.

    gen.py SEED            the model of SEED on stdout (CPLEX-LP or MPS)
    gen.py SEED -o FILE    written to FILE; prints its name (.lp or .mps)

The same seed gives the same bytes. Small models (2-15 rows, 2-20
columns) with the traits that break a solver's numerics, each drawn per
model: big-M rows (x <= M y, M up to 1e6), rows whose coefficients span
1e-9 to 1e6, equality rows with fractional data whose right side is the
planted point's activity rounded to a few decimals (feasible within a
tolerance, not exactly), general integers with bounds up to 1e8,
denormal coefficients (below 2.2e-308), badly scaled LPs (coefficients
3e-5..2e5, right sides up to 5e8). The outcome is drawn too: feasible
(a planted point satisfies every row), infeasible (two rows contradict
by a clear margin), integer-infeasible (an equality whose data share a
divisor the right side lacks), unbounded (a column improves the
objective without limit), with or without an objective. Every header
comment states the traits and the planted outcome (a hint, not an
oracle: the runner judges by the peers' verified solutions).
"""
import random
import sys
from fractions import Fraction

sys.path.insert(0, __file__.rsplit("/", 1)[0] if "/" in __file__ else ".")
from lpmodel import Model, write_lp, write_mps  # noqa: E402

DENORMALS = ["1e-315", "4.9e-324", "2.5e-310", "1e-320", "-3e-312", "1.5e-323"]
TRAITS = ["bigm", "wide", "fraceq", "bigint", "denormal", "badlp"]
OUTCOMES = ["feasible"] * 6 + ["infeasible", "intinfeasible", "unbounded"]


def sig(x, digits):
    """x as decimal text with that many significant digits."""
    t = "%.*g" % (digits, x)
    return "0" if float(t) == 0 else t


def dec(value, places):
    """An exact rational as decimal text rounded to places decimals (no
    trailing zeros)."""
    q = round(value * 10**places)
    s = "-" if q < 0 else ""
    q = abs(q)
    whole, frac = divmod(q, 10**places)
    if places == 0:
        return s + str(whole)
    text = "%s%d.%0*d" % (s, whole, places, frac)
    text = text.rstrip("0").rstrip(".")
    return "0" if text in ("", "-", "-0") else text


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.seed = seed

    def magnitude(self, lo_exp, hi_exp, digits=6):
        r = self.r
        v = 10 ** r.uniform(lo_exp, hi_exp)
        return sig(v, r.randint(1, digits))

    def signed(self, text, neg_prob=0.35):
        if self.r.random() < neg_prob and not text.startswith("-"):
            return "-" + text
        return text

    def coef(self, traits, cont_col):
        """One row coefficient, by the model's traits."""
        r = self.r
        if "denormal" in traits and r.random() < 0.08:
            return r.choice(DENORMALS)
        if "wide" in traits and r.random() < 0.6:
            return self.signed(self.magnitude(-9, 6))
        if "badlp" in traits:
            return self.signed(self.magnitude(-4.5, 5.3, 4))
        if "fraceq" in traits and r.random() < 0.7:
            return self.signed(self.magnitude(-3, 3.5, 6), 0.15)
        return self.signed(str(r.randint(1, 12)))

    def columns(self, m, n, traits):
        r = self.r
        allint = "badlp" not in traits and r.random() < 0.45
        for j in range(n):
            name = "x%d" % (j + 1)
            u = r.random()
            if "badlp" in traits:
                integer = False
            else:
                integer = allint or u < 0.6
            if integer:
                if "bigint" in traits and r.random() < 0.5:
                    up = str(r.choice([10**8, 5 * 10**7, r.randint(1, 10**8)]))
                    lo = "0" if r.random() < 0.8 else str(-r.randint(0, 10**4))
                elif r.random() < 0.5:
                    lo, up = "0", "1"
                else:
                    lo = "0" if r.random() < 0.7 else str(-r.randint(1, 6))
                    up = str(r.randint(1, 9)) if r.random() < 0.85 else None
            else:
                w = r.random()
                if w < 0.5:
                    lo, up = "0", None
                elif w < 0.75:
                    lo, up = "0", sig(10 ** r.uniform(-1, 5), 3)
                elif w < 0.88:
                    lo, up = None, None
                else:
                    lo = "-" + sig(10 ** r.uniform(0, 3), 3)
                    up = sig(10 ** r.uniform(0, 4), 3)
            m.add_col(name, lo, up, integer)

    def planted(self, m):
        """A point within the bounds: integers for integer columns,
        short decimals for continuous ones."""
        r = self.r
        x = {}
        for c in m.cols:
            lo = Fraction(m.lo[c]) if m.lo[c] is not None else Fraction(-50)
            up = Fraction(m.up[c]) if m.up[c] is not None else lo + Fraction(r.choice([5, 100, 10**4]))
            if r.random() < 0.3:
                v = lo if r.random() < 0.5 or m.up[c] is None else up
            elif c in m.ints:
                hi = min(up, lo + 10**r.randint(1, 8))
                v = Fraction(r.randint(int(lo), int(hi)))
            else:
                v = lo + (up - lo) * Fraction(r.randint(0, 1000), 1000)
                v = Fraction(dec(v, r.randint(0, 3)))
                v = min(max(v, lo), up)
            x[c] = v
        return x

    def bigm_rows(self, m, x, count):
        """x_c <= M y_b with y_b binary: the planted point sets y_b from x_c."""
        r = self.r
        bins = [c for c in m.cols if c in m.ints and m.lo[c] == "0" and m.up[c] == "1"]
        conts = [c for c in m.cols if c not in m.ints and m.lo[c] == "0"]
        for _ in range(count):
            if not bins or not conts:
                return
            b, c = r.choice(bins), r.choice(conts)
            big = self.magnitude(3, 6, 3)
            if Fraction(big) < x[c]:
                big = sig(float(x[c]) * 2 + 1, 3)
            if x[c] > 0:
                x[b] = Fraction(1)
            m.rows.append(["bm%d" % (len(m.rows) + 1), [(c, "1"), (b, "-" + big)], "<=", "0"])

    def random_rows(self, m, x, count, traits):
        r = self.r
        for _ in range(count):
            k = r.randint(1, min(len(m.cols), 6))
            cols = r.sample(m.cols, k)
            terms = [(c, self.coef(traits, c not in m.ints)) for c in cols]
            act = sum(Fraction(a) * x[c] for c, a in terms)
            u = r.random()
            eq_prob = 0.55 if "fraceq" in traits else 0.2
            name = "r%d" % (len(m.rows) + 1)
            if u < eq_prob:
                if "fraceq" in traits:
                    rhs = dec(act, r.choice([6, 6, 7, 8]))
                else:
                    rhs = dec(act, 12)
                    if Fraction(rhs) != act:
                        rhs = None
                if rhs is None:
                    # not a short decimal: loosen to a pair of inequalities
                    m.rows.append([name, terms, "<=", dec(act + Fraction(1, 10**6), 6)])
                    m.rows.append([name + "b", terms, ">=", dec(act - Fraction(1, 10**6), 6)])
                else:
                    m.rows.append([name, terms, "=", rhs])
                continue
            slack = Fraction(0) if r.random() < 0.4 else Fraction(sig(10 ** r.uniform(-3, 4), 3))
            if "badlp" in traits and r.random() < 0.5:
                slack = Fraction(r.randint(1, 5 * 10**8))
            if r.random() < 0.5:
                m.rows.append([name, terms, "<=", dec(act + slack, 6)])
                if Fraction(m.rows[-1][3]) < act:
                    m.rows[-1][3] = dec(act + slack + Fraction(1, 10**6), 6)
            else:
                m.rows.append([name, terms, ">=", dec(act - slack, 6)])
                if Fraction(m.rows[-1][3]) > act:
                    m.rows[-1][3] = dec(act - slack - Fraction(1, 10**6), 6)

    def objective(self, m, traits):
        r = self.r
        m.sense = r.choice(["min", "max"])
        if r.random() < 0.2:
            return
        for c in m.cols:
            if r.random() < 0.75:
                if "wide" in traits or "badlp" in traits:
                    m.obj[c] = self.signed(self.magnitude(-3, 4, 4), 0.5)
                else:
                    m.obj[c] = self.signed(str(r.randint(1, 20)), 0.5)

    def make_infeasible(self, m, x):
        """A copy of a row with the opposite sense, beyond it by a margin
        far above any tolerance."""
        r = self.r
        rows = [row for row in m.rows if row[1]]
        name, terms, op, rhs = r.choice(rows)
        b = Fraction(rhs)
        scale = max([abs(Fraction(a)) for _, a in terms] + [abs(b), Fraction(1)])
        gap = scale * Fraction(r.choice([1, 10, 100]), 1000) + 1
        if op == ">=":
            m.rows.append(["inf1", terms, "<=", dec(b - gap, 6)])
        else:
            m.rows.append(["inf1", terms, ">=", dec(b + gap, 6)])

    def make_intinfeasible(self, m, x):
        """g * (sum of small integers times integer columns) = g * (k + 1/2)."""
        r = self.r
        ints = [c for c in m.cols if c in m.ints]
        if not ints:
            return False
        cols = r.sample(ints, min(len(ints), r.randint(1, 3)))
        g = Fraction(self.magnitude(-2, 4, 5))
        terms = [(c, dec(g * 2 * r.randint(1, 4) * r.choice([1, -1]), 12)) for c in cols]
        act = sum(Fraction(a) * x[c] for c, a in terms)
        rhs = act + g
        m.rows.append(["odd", terms, "=", dec(rhs, 12)])
        return all(Fraction(a) == Fraction(dec(Fraction(a), 12)) for _, a in terms) and \
            Fraction(dec(rhs, 12)) == rhs

    def make_unbounded(self, m, traits):
        """A fresh column that only loosens rows and improves the objective."""
        r = self.r
        name = "ray"
        integer = "badlp" not in traits and r.random() < 0.4
        m.add_col(name, "0", None, integer)
        if not m.obj:
            m.sense = r.choice(["min", "max"])
        m.obj[name] = "-1" if m.sense == "min" else "1"
        for row in r.sample(m.rows, min(len(m.rows), 2)):
            op = row[2]
            if op == "<=":
                row[1] = row[1] + [(name, "-" + self.magnitude(-2, 3, 3))]
            elif op == ">=":
                row[1] = row[1] + [(name, self.magnitude(-2, 3, 3))]


def generate(seed, without=()):
    """(model, 'lp' or 'mps') for a seed; without: traits left out (the
    other draws stay as they were)."""
    g = Gen(seed)
    r = g.r
    traits = [t for t in TRAITS if r.random() < 0.35] or [r.choice(TRAITS)]
    traits = [t for t in traits if t not in without] or ["plain"]
    outcome = r.choice(OUTCOMES)
    m = Model("adv%d" % seed)
    n = r.randint(2, 20)
    rows = r.randint(2, 15)
    g.columns(m, n, traits)
    x = g.planted(m)
    nbig = r.randint(1, max(1, rows // 3)) if "bigm" in traits else 0
    g.bigm_rows(m, x, nbig)
    g.random_rows(m, x, max(1, rows - len(m.rows)), traits)
    g.objective(m, traits)
    m.rows = m.rows[:15]
    if outcome == "infeasible":
        g.make_infeasible(m, x)
    elif outcome == "intinfeasible":
        if not g.make_intinfeasible(m, x):
            outcome = "feasible?"
    elif outcome == "unbounded":
        g.make_unbounded(m, traits)
    m.drop_unused_cols()
    m.comments = ["seed %d: %s; planted %s" % (seed, " ".join(traits), outcome)]
    fmt = "mps" if r.random() < 0.15 else "lp"
    return m, fmt


def generate_count(seed, without=()):
    """A small pure-integer model for --all against a brute-force count:
    domains of a few values, integer data scaled by powers of ten (big-M
    rows, equalities), and tiny or denormal terms whose whole sum stays
    far below any tolerance, so every point is clearly in or out.
    without: "denormal" makes the tiny terms 1e-9, "tiny" leaves them out
    (the other draws stay as they were)."""
    r = random.Random(seed * 7919 + 17)
    m = Model("count%d" % seed)
    n = r.randint(2, 6)
    size = 1
    for j in range(n):
        lo = r.choice([0, 0, 0, -1, -2])
        width = r.choice([1, 1, 2, 3, 4])
        while size * (width + 1) > 4000 and width > 1:
            width -= 1
        size *= width + 1
        m.add_col("x%d" % (j + 1), str(lo), str(lo + width), True)
    for i in range(r.randint(1, 5)):
        cols = r.sample(m.cols, r.randint(1, n))
        scale = 10 ** r.choice([0, 0, 0, 3, 6])
        terms = [(c, str(r.choice([1, -1]) * r.randint(1, 6) * scale)) for c in cols]
        if r.random() < 0.4:
            c = r.choice(m.cols)
            tiny = r.choice(DENORMALS + ["1e-9", "-3e-10", "2.5e-12"])
            if "denormal" in without and "e-3" in tiny:
                tiny = "1e-9"
            if "tiny" not in without:
                terms.append((c, tiny))
        if r.random() < 0.2:
            terms[0] = (terms[0][0], str(r.choice([1, -1]) * 10**6))
        op = r.choice(["<=", ">=", "=", "<="])
        pt = {c: r.randint(int(m.lo[c]), int(m.up[c])) for c in m.cols}
        act = sum(int(Fraction(a)) * pt[c] for c, a in terms if abs(Fraction(a)) >= 1)
        slack = 0 if op == "=" else r.randint(0, 3) * scale
        rhs = act + slack if op == "<=" else act - slack
        m.rows.append(["r%d" % (i + 1), terms, op, str(rhs)])
    m.sense = r.choice(["min", "max"])
    if r.random() < 0.7:
        for c in m.cols:
            if r.random() < 0.6:
                m.obj[c] = str(r.choice([1, -1]) * r.randint(0, 3) * r.choice([1, 1, 1000]))
    m.drop_unused_cols()
    m.comments = ["count %d: --all against brute force" % seed]
    return m


def main(argv):
    if len(argv) < 2:
        sys.stderr.write("usage: gen.py SEED [-o FILE]\n")
        return 2
    m, fmt = generate(int(argv[1]))
    text = write_mps(m) if fmt == "mps" else write_lp(m)
    if len(argv) >= 4 and argv[2] == "-o":
        path = argv[3].rsplit(".", 1)[0] + "." + fmt
        with open(path, "w") as f:
            f.write(text)
        print(path)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
