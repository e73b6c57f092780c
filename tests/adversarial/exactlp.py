"""exactlp.py -- a small LP solved exactly on the file's decimals: a dense
two-phase simplex in rational arithmetic (fractions.Fraction) with Bland's
rule, which cannot cycle. For the judge's few rows and columns only; glpsol
--exact works on the data rounded to doubles and was seen far off the
decimal data's optimum (seeds 8188, 18676, 83355), so where an optimum
must be known exactly, this decides.

    solve(m) -> (status, objective, x): status "optimal", "infeasible" or
    "unbounded"; integer columns are taken as continuous (fix them first).
"""
from fractions import Fraction

import lpmodel


def _columns(m):
    """The standard form's columns: x_c = base[c] + sum sign z_k over
    z_k >= 0 for (c, sign) in zs[k]; rows z_k <= width for two bounds."""
    zs, base, caps = [], {}, []
    for c in m.cols:
        lo, up = lpmodel.fx(m.lo[c]), lpmodel.fx(m.up[c])
        if lo is not None:
            base[c] = lo
            zs.append((c, 1))
            if up is not None:
                caps.append((len(zs) - 1, up - lo))
        elif up is not None:
            base[c] = up
            zs.append((c, -1))
        else:
            base[c] = Fraction(0)
            zs.append((c, 1))
            zs.append((c, -1))
    return zs, base, caps


def _rows(m, zs, base, caps):
    """Rows as (coefficients over z, op, rhs) with rhs >= 0."""
    at = {}
    for k, (c, sign) in enumerate(zs):
        at.setdefault(c, []).append((k, sign))
    rows = []
    for name, terms, op, rhs in m.rows:
        a = [Fraction(0)] * len(zs)
        b = Fraction(rhs)
        for c, v in terms:
            v = Fraction(v)
            b -= v * base[c]
            for k, sign in at[c]:
                a[k] += sign * v
        rows.append((a, op, b))
    for k, width in caps:
        a = [Fraction(0)] * len(zs)
        a[k] = Fraction(1)
        rows.append((a, "<=", width))
    flip = {"<=": ">=", ">=": "<=", "=": "="}
    return [(a, op, b) if b >= 0 else ([-v for v in a], flip[op], -b)
            for a, op, b in rows]


def _pivot(t, basis, r, k):
    p = t[r][k]
    t[r] = [v / p for v in t[r]]
    for i, row in enumerate(t):
        if i != r and row[k] != 0:
            f = row[k]
            t[i] = [v - f * w for v, w in zip(row, t[r])]
    basis[r] = k


def _simplex(t, basis, cost, allowed):
    """Minimises cost (a list over the tableau's columns but the last, the
    right side) over tableau t; returns "optimal" or "unbounded"."""
    ncol = len(t[0]) - 1
    while True:
        # reduced costs d_k = c_k - c_B^T column k
        enter = None
        for k in range(ncol):
            if not allowed[k] or k in basis:
                continue
            d = cost[k] - sum(cost[basis[i]] * t[i][k] for i in range(len(t)))
            if d < 0:
                enter = k
                break
        if enter is None:
            return "optimal"
        best, leave = None, None
        for i, row in enumerate(t):
            if row[enter] > 0:
                ratio = row[-1] / row[enter]
                if best is None or ratio < best or (ratio == best and basis[i] < basis[leave]):
                    best, leave = ratio, i
        if leave is None:
            return "unbounded"
        _pivot(t, basis, leave, enter)


def solve(m):
    zs, base, caps = _columns(m)
    rows = _rows(m, zs, base, caps)
    nz = len(zs)
    nslack = sum(1 for _, op, _ in rows if op != "=")
    nart = sum(1 for _, op, _ in rows if op != "<=")
    ncol = nz + nslack + nart
    t, basis = [], []
    s = a = 0
    for coef, op, b in rows:
        row = list(coef) + [Fraction(0)] * (nslack + nart) + [b]
        if op != "=":
            row[nz + s] = Fraction(1 if op == "<=" else -1)
            if op == "<=":
                basis.append(nz + s)
            s += 1
        if op != "<=":
            row[nz + nslack + a] = Fraction(1)
            basis.append(nz + nslack + a)
            a += 1
        t.append(row)
    allowed = [True] * ncol
    if nart:
        cost1 = [Fraction(0)] * (nz + nslack) + [Fraction(1)] * nart
        _simplex(t, basis, cost1, allowed)
        if sum(t[i][-1] for i in range(len(t)) if basis[i] >= nz + nslack) > 0:
            return "infeasible", None, None
        for k in range(nz + nslack, ncol):
            allowed[k] = False
        # artificials basic at 0 leave for any other column of their row
        for i in range(len(t) - 1, -1, -1):
            if basis[i] < nz + nslack:
                continue
            k = next((k for k in range(nz + nslack) if t[i][k] != 0 and k not in basis), None)
            if k is None:
                del t[i]
                del basis[i]
            else:
                _pivot(t, basis, i, k)
    sense = -1 if m.sense == "max" else 1
    at = {}
    for k, (c, sign) in enumerate(zs):
        at.setdefault(c, []).append((k, sign))
    cost = [Fraction(0)] * ncol
    for c, v in m.obj.items():
        for k, sign in at.get(c, []):
            cost[k] += sense * sign * Fraction(v)
    if _simplex(t, basis, cost, allowed) == "unbounded":
        return "unbounded", None, None
    z = [Fraction(0)] * ncol
    for i, k in enumerate(basis):
        z[k] = t[i][-1]
    x = dict(base)
    for k, (c, sign) in enumerate(zs):
        x[c] += sign * z[k]
    return "optimal", lpmodel.objective(m, x), x
