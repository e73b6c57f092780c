#!/usr/bin/env python3
"""gen.py -- OR-Library-shaped and MIPLIB-like test models in CPLEX-LP.

    python3 tests/orlib/gen.py SHAPE SIZE SEED > model.lp
    python3 tests/orlib/gen.py --set small|medium DIR   every instance of a set

Each shape follows the published generator of its OR-Library class (the
references are in tests/orlib/README.md), with its usual parameters and
smaller sizes; the same shape, size and seed give the same file on every
machine (Python's random.Random is a Mersenne twister with a fixed
algorithm). Sizes are "s" (small: solves in well under a second, for the
end-to-end test), "m" (medium: a few seconds for cbc) and "l" (large:
the held-back sizes, may not solve in 30 s).
"""
import math
import os
import random
import sys


class Lp:
    """A CPLEX-LP model being written: objective, rows, bounds, kinds."""

    def __init__(self, name, sense="Minimize"):
        self.name, self.sense = name, sense
        self.obj, self.rows, self.bounds = [], [], []
        self.binaries, self.generals = [], []

    def row(self, name, terms, op, rhs):
        self.rows.append((name, terms, op, rhs))

    def text(self):
        out = ["\\ " + self.name, self.sense, " obj:" + terms_text(self.obj),
               "Subject To"]
        for name, terms, op, rhs in self.rows:
            out.append(" %s:%s %s %s" % (name, terms_text(terms), op,
                                         num(rhs)))
        if self.bounds:
            out.append("Bounds")
            out += [" " + b for b in self.bounds]
        for title, cols in (("Binaries", self.binaries),
                            ("Generals", self.generals)):
            if cols:
                out.append(title)
                for k in range(0, len(cols), 10):
                    out.append(" " + " ".join(cols[k:k + 10]))
        out.append("End")
        return "\n".join(out) + "\n"


def num(v):
    return ("%d" % v) if float(v).is_integer() else ("%.6g" % v)


def terms_text(terms):
    parts, line = [], ""
    for coef, col in terms:
        sign = "-" if coef < 0 else "+"
        line += " %s %s %s" % (sign, num(abs(coef)), col)
        if len(line) > 200:
            parts.append(line)
            line = ""
    parts.append(line)
    return "\n   ".join(parts) if parts != [""] else " 0 x_none"


SIZES = {}


def shape(name, sizes):
    def register(fn):
        SIZES[name] = (fn, sizes)
        return fn
    return register


@shape("cfl", {"s": (6, 15, 4.0), "m": (12, 40, 3.0), "l": (25, 50, 3.0)})
def cfl(rng, m, n, ratio):
    """Capacitated facility location, Cornuejols, Sridharan and Thizy
    (1991): points in the unit square, demands U[5,35], capacities
    U[10,160] scaled to ratio * total demand, fixed costs
    U[0,90] + U[100,110] sqrt(capacity), transport 10 * distance * demand;
    the strong formulation (x_ij <= y_i)."""
    cust = [(rng.random(), rng.random()) for _ in range(n)]
    fac = [(rng.random(), rng.random()) for _ in range(m)]
    d = [rng.randint(5, 35) for _ in range(n)]
    s = [rng.randint(10, 160) for _ in range(m)]
    scale = ratio * sum(d) / sum(s)
    s = [round(v * scale) for v in s]
    f = [round(rng.uniform(0, 90) + rng.uniform(100, 110) * math.sqrt(v))
         for v in s]
    lp = Lp("cfl %d facilities %d customers" % (m, n))
    for i in range(m):
        lp.obj.append((f[i], "y%d" % i))
        lp.binaries.append("y%d" % i)
        for j in range(n):
            dist = math.dist(fac[i], cust[j])
            lp.obj.append((round(10 * dist * d[j], 2), "x%d_%d" % (i, j)))
    for j in range(n):
        lp.row("dem%d" % j, [(1, "x%d_%d" % (i, j)) for i in range(m)],
               "=", 1)
    for i in range(m):
        lp.row("cap%d" % i, [(d[j], "x%d_%d" % (i, j)) for j in range(n)]
               + [(-s[i], "y%d" % i)], "<=", 0)
        for j in range(n):
            lp.row("vub%d_%d" % (i, j), [(1, "x%d_%d" % (i, j)),
                                         (-1, "y%d" % i)], "<=", 0)
    return lp


@shape("gap", {"s": (4, 20, "C"), "m": (5, 30, "D"), "l": (8, 60, "C")})
def gap(rng, m, n, klass):
    """Generalized assignment, Martello and Toth classes C and D: C has
    weights U[5,25] and costs U[10,50], D weights U[1,100] and costs
    111 - weight + U[-10,10] (costs against weights, the hard class);
    capacity 0.8 * sum_j weight_ij / m."""
    a = [[rng.randint(5, 25) if klass == "C" else rng.randint(1, 100)
          for _ in range(n)] for _ in range(m)]
    if klass == "C":
        c = [[rng.randint(10, 50) for _ in range(n)] for _ in range(m)]
    else:
        c = [[111 - a[i][j] + rng.randint(-10, 10) for j in range(n)]
             for i in range(m)]
    lp = Lp("gap class %s %d agents %d jobs" % (klass, m, n))
    for i in range(m):
        for j in range(n):
            lp.obj.append((c[i][j], "x%d_%d" % (i, j)))
            lp.binaries.append("x%d_%d" % (i, j))
    for j in range(n):
        lp.row("job%d" % j, [(1, "x%d_%d" % (i, j)) for i in range(m)],
               "=", 1)
    for i in range(m):
        lp.row("cap%d" % i, [(a[i][j], "x%d_%d" % (i, j))
                             for j in range(n)], "<=",
               int(0.8 * sum(a[i]) / m))
    return lp


@shape("mkp", {"s": (5, 30, 0.25), "m": (5, 60, 0.25), "l": (10, 100, 0.5)})
def mkp(rng, m, n, tight):
    """Multi-dimensional knapsack, Chu and Beasley (1998): weights
    U(0,1000), capacity tightness * sum of the row's weights, profit
    sum_i weight_ij / m + 500 U(0,1) (correlated with the weights)."""
    a = [[rng.randint(0, 1000) for _ in range(n)] for _ in range(m)]
    p = [round(sum(a[i][j] for i in range(m)) / m + 500 * rng.random())
         for j in range(n)]
    lp = Lp("mkp %d rows %d items" % (m, n), "Maximize")
    lp.obj = [(p[j], "x%d" % j) for j in range(n)]
    lp.binaries = ["x%d" % j for j in range(n)]
    for i in range(m):
        lp.row("w%d" % i, [(a[i][j], "x%d" % j) for j in range(n) if a[i][j]],
               "<=", int(tight * sum(a[i])))
    return lp


@shape("scp", {"s": (40, 200, 0.05), "m": (100, 600, 0.02),
               "l": (200, 1000, 0.02)})
def scp(rng, m, n, density):
    """Set covering, Beasley's classes 4-6: each column covers each row
    with probability `density`, every row at least two columns, every
    column at least one row; costs U[1,100]."""
    cover = [set() for _ in range(n)]
    for j in range(n):
        for i in range(m):
            if rng.random() < density:
                cover[j].add(i)
        if not cover[j]:
            cover[j].add(rng.randrange(m))
    for i in range(m):
        while sum(1 for j in range(n) if i in cover[j]) < 2:
            cover[rng.randrange(n)].add(i)
    lp = Lp("scp %d rows %d columns" % (m, n))
    lp.obj = [(rng.randint(1, 100), "x%d" % j) for j in range(n)]
    lp.binaries = ["x%d" % j for j in range(n)]
    for i in range(m):
        lp.row("r%d" % i, [(1, "x%d" % j) for j in range(n)
                           if i in cover[j]], ">=", 1)
    return lp


@shape("bpp", {"s": (12, 150), "m": (24, 150), "l": (40, 150)})
def bpp(rng, n, cap):
    """Bin packing, Falkenauer's u-class (u120 and up, scaled down):
    sizes U[20,100], capacity 150; as many bins as first-fit decreasing
    uses, the assignment model with y_b >= y_(b+1) left out (the
    symmetry is the solver's to handle)."""
    w = [rng.randint(20, 100) for _ in range(n)]
    bins = []
    for v in sorted(w, reverse=True):
        for b in range(len(bins)):
            if bins[b] + v <= cap:
                bins[b] += v
                break
        else:
            bins.append(v)
    nb = len(bins)
    lp = Lp("bpp %d items capacity %d" % (n, cap))
    lp.obj = [(1, "y%d" % b) for b in range(nb)]
    lp.binaries = ["y%d" % b for b in range(nb)]
    lp.binaries += ["x%d_%d" % (i, b) for i in range(n) for b in range(nb)]
    for i in range(n):
        lp.row("item%d" % i, [(1, "x%d_%d" % (i, b)) for b in range(nb)],
               "=", 1)
    for b in range(nb):
        lp.row("bin%d" % b, [(w[i], "x%d_%d" % (i, b)) for i in range(n)]
               + [(-cap, "y%d" % b)], "<=", 0)
    return lp


@shape("clsp", {"s": (4, 8), "m": (6, 15), "l": (10, 20)})
def clsp(rng, p, t):
    """Capacitated lot sizing with setup times, Trigeiro, Thomas and
    McClain (1989): demand U[0,200] (a zero now and then), setup cost
    U[50,950], holding cost U[1,5], unit time 1, setup time U[10,50],
    capacity such that the load is about 85% and lot for lot fits;
    no backlog."""
    d = [[0 if rng.random() < 0.1 else rng.randint(0, 200)
          for _ in range(t)] for _ in range(p)]
    sc = [rng.randint(50, 950) for _ in range(p)]
    hc = [rng.randint(1, 5) for _ in range(p)]
    st = [rng.randint(10, 50) for _ in range(p)]
    load = sum(map(sum, d)) / t + sum(st) * 0.5
    # no backlog: at least lot for lot (each period's demand made in it,
    # every setup paid) fits, else the model may be infeasible
    lot_for_lot = max(sum(d[i][k] + (st[i] if d[i][k] else 0)
                          for i in range(p)) for k in range(t))
    cap = max(round(load / 0.85), lot_for_lot)
    lp = Lp("clsp %d products %d periods" % (p, t))
    for i in range(p):
        for k in range(t):
            lp.obj += [(sc[i], "y%d_%d" % (i, k)), (hc[i], "s%d_%d" % (i, k))]
            lp.binaries.append("y%d_%d" % (i, k))
            rest = sum(d[i][k:])
            lp.row("bal%d_%d" % (i, k),
                   ([(1, "s%d_%d" % (i, k - 1))] if k else [])
                   + [(1, "x%d_%d" % (i, k)), (-1, "s%d_%d" % (i, k))],
                   "=", d[i][k])
            lp.row("setup%d_%d" % (i, k), [(1, "x%d_%d" % (i, k)),
                                           (-min(rest, cap), "y%d_%d"
                                            % (i, k))], "<=", 0)
    for k in range(t):
        lp.row("cap%d" % k, [(1, "x%d_%d" % (i, k)) for i in range(p)]
               + [(st[i], "y%d_%d" % (i, k)) for i in range(p)], "<=", cap)
    return lp


@shape("gik", {"s": (2, 15), "m": (3, 40), "l": (5, 60)})
def gik(rng, m, n):
    """General-integer knapsacks: m rows of weights U[10,1000], items
    up to U[2,10] copies, profits weakly correlated with the weights
    (weight + U[-100,100]), capacity half the rows' full load."""
    u = [rng.randint(2, 10) for _ in range(n)]
    a = [[rng.randint(10, 1000) for _ in range(n)] for _ in range(m)]
    p = [max(1, round(sum(a[i][j] for i in range(m)) / m
                      + rng.randint(-100, 100))) for j in range(n)]
    lp = Lp("gik %d rows %d items" % (m, n), "Maximize")
    lp.obj = [(p[j], "x%d" % j) for j in range(n)]
    lp.generals = ["x%d" % j for j in range(n)]
    lp.bounds = ["0 <= x%d <= %d" % (j, u[j]) for j in range(n)]
    for i in range(m):
        lp.row("w%d" % i, [(a[i][j], "x%d" % j) for j in range(n)], "<=",
               sum(a[i][j] * u[j] for j in range(n)) // 2)
    return lp


@shape("capx", {"s": (60, 3, 2), "m": (500, 4, 1), "l": (1500, 4, 2)})
def capx(rng, groups, per, knaps):
    """A cap6000-like model: thousands of binaries in groups with one
    GUB row each (at most one per group), a few dense knapsack rows of
    large coefficients over every column, negative costs correlated with
    the weights (the values of capital-budgeting projects)."""
    lp = Lp("capx %d groups of %d, %d knapsacks" % (groups, per, knaps))
    cols = []
    for g in range(groups):
        grp = []
        for k in range(per):
            c = "x%d_%d" % (g, k)
            cols.append(c)
            grp.append(c)
        lp.row("gub%d" % g, [(1, c) for c in grp], "<=", 1)
    w = [[rng.randint(1000, 100000) for _ in cols] for _ in range(knaps)]
    for j, c in enumerate(cols):
        value = sum(w[i][j] for i in range(knaps)) / knaps
        lp.obj.append((-round(value * rng.uniform(0.8, 1.2)), c))
    lp.binaries = cols
    for i in range(knaps):
        lp.row("budget%d" % i, [(w[i][j], c) for j, c in enumerate(cols)],
               "<=", sum(w[i]) // (2 * per))
    return lp


@shape("fixnet", {"s": (8, 20), "m": (20, 60), "l": (40, 120)})
def fixnet(rng, nodes, arcs):
    """A fixnet-like fixed-charge network: a few supply nodes, demand at
    the rest, arcs with capacity U[10,60] (some uncapacitated: total
    supply), unit cost U[1,10] and fixed cost U[50,300]; a spanning path
    keeps it feasible."""
    supply = [0] * nodes
    for v in range(1, nodes):
        supply[v] = -rng.randint(1, 20)
    supply[0] = -sum(supply)
    total = supply[0]
    arc = set((v, v + 1) for v in range(nodes - 1))
    while len(arc) < arcs:
        a, b = rng.randrange(nodes), rng.randrange(nodes)
        if a != b:
            arc.add((a, b))
    arc = sorted(arc)
    lp = Lp("fixnet %d nodes %d arcs" % (nodes, len(arc)))
    for a, b in arc:
        u = total if (b == a + 1 or rng.random() < 0.2) else \
            rng.randint(10, 60)
        x, y = "f%d_%d" % (a, b), "y%d_%d" % (a, b)
        lp.obj += [(rng.randint(1, 10), x), (rng.randint(50, 300), y)]
        lp.binaries.append(y)
        lp.row("vub%d_%d" % (a, b), [(1, x), (-u, y)], "<=", 0)
    for v in range(nodes):
        terms = [(1, "f%d_%d" % (a, b)) for a, b in arc if a == v]
        terms += [(-1, "f%d_%d" % (a, b)) for a, b in arc if b == v]
        lp.row("node%d" % v, terms, "=", supply[v])
    return lp


@shape("mas", {"s": (4, 30), "m": (8, 60), "l": (12, 150)})
def mas(rng, m, n):
    """A mas74/mas76-like model: few rows of general large coefficients
    over binaries (a multi-row knapsack of profits), whose capacity may
    be overrun at a price: one continuous column z pays for the largest
    overrun (min -profit x + z, rows weight x - z <= capacity)."""
    lp = Lp("mas %d rows %d binaries" % (m, n))
    a = [[rng.randint(100, 10000) for _ in range(n)] for _ in range(m)]
    lp.obj = [(-round(sum(a[i][j] for i in range(m)) / m
                      * rng.uniform(0.7, 1.3)), "x%d" % j) for j in range(n)]
    lp.obj.append((1, "z"))
    lp.binaries = ["x%d" % j for j in range(n)]
    for i in range(m):
        lp.row("r%d" % i, [(a[i][j], "x%d" % j) for j in range(n)]
               + [(-1, "z")], "<=", sum(a[i]) // 3)
    return lp


# The sets the compare script and the end-to-end test run: (shape, size,
# seed).
SETS = {
    "small": [(s, "s", 1) for s in SIZES],
    "medium": [(s, "m", seed) for s in SIZES for seed in (1, 2)],
    "large": [(s, "l", 1) for s in SIZES],
}


def generate(name, size, seed):
    fn, sizes = SIZES[name]
    rng = random.Random("%s-%s-%d" % (name, size, seed))
    return fn(rng, *sizes[size]).text()


def main(argv):
    if len(argv) == 4 and argv[1] == "--set":
        os.makedirs(argv[3], exist_ok=True)
        for name, size, seed in SETS[argv[2]]:
            path = os.path.join(argv[3], "%s-%s-%d.lp" % (name, size, seed))
            with open(path, "w") as f:
                f.write(generate(name, size, seed))
            print(path)
        return 0
    if len(argv) == 4 and argv[1] in SIZES and argv[2] in SIZES[argv[1]][1]:
        sys.stdout.write(generate(argv[1], argv[2], int(argv[3])))
        return 0
    sys.stderr.write(__doc__)
    sys.stderr.write("shapes: %s\n" % " ".join(SIZES))
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
