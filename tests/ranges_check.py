#!/usr/bin/env python3
"""ranges_check.py BNB_OUT GLPSOL_RANGES: compares `bnb --ranges` with
glpsol's sensitivity analysis report (--ranges FILE) of the same LP.
ranges_check.py --basis BNB_OUT GLPSOL_RANGES OUT: writes bnb's basis
for glpsol --ini OUT (the order of rows and columns from the report).

The quantities that correspond (GLPK's glp_print_ranges):
  * a column's objective coefficient range: glpsol's "Obj coef range"
    of the column, ours `cost ... LOWEST HIGHEST`;
  * a nonbasic row (NL, NU, NS): glpsol's "Activity range" (the range of
    the row's activity, i.e. of its active side, over which the basis
    stays primal feasible) is our right-side range;
  * a basic row: glpsol's "Activity range" is something else (the
    activity where the row's zero cost would change the basis), so only
    the finite end of our range is checked: the row's activity.
Ranges depend on the basis; an LP with several optimal bases may end in
another one in each solver. Then the statuses differ and the numbers are
not comparable: exit 3 ("another basis"); glpsol --ini with the basis
of --basis then ranges bnb's own. Exit 0 when every number
agrees within 1e-5 relative (glpsol prints 5 decimals), 1 otherwise.
"""
import sys

TOL = 1e-5


def number(tok):
    if tok == ".":
        return 0.0
    if tok in ("+Inf", "Inf"):
        return float("inf")
    if tok == "-Inf":
        return float("-inf")
    return float(tok)


def read_glpsol(path):
    """{'rows': {name: rec}, 'cols': {name: rec}}; rec holds st, activity,
    act (lo, hi), coef (lo, hi)."""
    out = {"rows": {}, "cols": {}}
    section = None
    lines = open(path).read().splitlines()
    k = 0
    while k < len(lines):
        line = lines[k]
        if "Row name" in line:
            section = "rows"
        elif "Column name" in line:
            section = "cols"
        t = line.split()
        if section and len(t) >= 9 and t[0].isdigit() and k + 1 < len(lines):
            u = lines[k + 1].split()
            rec = {"no": int(t[0]), "st": t[2], "activity": number(t[3]),
                   "act": (number(t[6]), number(u[2])),
                   "coef": (number(t[7]), number(u[3]))}
            out[section][t[1]] = rec
            k += 2
            continue
        k += 1
    return out


def read_bnb(path):
    out = {"rows": {}, "cols": {}}
    for line in open(path):
        t = line.split()
        if len(t) == 8 and t[0] == "#" and t[1] in ("cost", "rhs") and \
                t[3] in ("BS", "NL", "NU", "NF", "NS"):
            rec = {"st": t[3], "value": float(t[4]), "side": float(t[5]),
                   "range": (float(t[6]), float(t[7]))}
            out["cols" if t[1] == "cost" else "rows"][t[2]] = rec
    return out


def write_basis(bnb, glp, path):
    """bnb's basis as glpsol's plain-text solution (-w), rows and columns
    in glpsol's order, for glpsol --ini: glpsol then starts at (and stays
    in, the basis being optimal) the basis bnb ranged."""
    code = {"BS": "b", "NL": "l", "NU": "u", "NF": "f", "NS": "s"}
    rows = sorted(glp["rows"].items(), key=lambda kv: kv[1]["no"])
    cols = sorted(glp["cols"].items(), key=lambda kv: kv[1]["no"])
    with open(path, "w") as f:
        f.write("s bas %d %d f f 0\n" % (len(rows), len(cols)))
        for k, (name, _) in enumerate(rows, 1):
            r = bnb["rows"].get(name, {"st": "BS", "value": 0})
            f.write("i %d %s %.17g 0\n" % (k, code[r["st"]], r["value"]))
        for k, (name, _) in enumerate(cols, 1):
            r = bnb["cols"][name]
            f.write("j %d %s %.17g 0\n" % (k, code[r["st"]], r["value"]))
        f.write("e o f\n")


def close(a, b):
    if a == b:
        return True
    if abs(a) == float("inf") or abs(b) == float("inf"):
        return False
    return abs(a - b) <= TOL * max(1.0, abs(a), abs(b))


def main():
    if sys.argv[1] == "--basis":
        write_basis(read_bnb(sys.argv[2]), read_glpsol(sys.argv[3]),
                    sys.argv[4])
        return 0
    bnb, glp = read_bnb(sys.argv[1]), read_glpsol(sys.argv[2])
    if not bnb["cols"] or not glp["cols"]:
        print("no ranges read")
        return 1
    differ = [n for sec in ("rows", "cols") for n, r in bnb[sec].items()
              if n in glp[sec] and glp[sec][n]["st"] != r["st"]]
    if differ:
        print("another basis: %d statuses differ (%s ...)" %
              (len(differ), " ".join(differ[:3])))
        return 3
    bad, compared = [], 0
    for name, r in bnb["cols"].items():
        g = glp["cols"].get(name)
        if g is None:
            bad.append("column %s not in glpsol's report" % name)
            continue
        compared += 2
        for end in (0, 1):
            if not close(r["range"][end], g["coef"][end]):
                bad.append("cost %s: %g, glpsol %g" %
                           (name, r["range"][end], g["coef"][end]))
    for name, r in bnb["rows"].items():
        g = glp["rows"].get(name)
        if g is None:
            continue   # glpsol leaves the objective row out of nothing
        if r["st"] == "BS":
            compared += 1
            finite = [v for v in r["range"] if abs(v) != float("inf")]
            if finite and not close(finite[0], g["activity"]):
                bad.append("rhs %s (basic): %g, glpsol's activity %g" %
                           (name, finite[0], g["activity"]))
            continue
        compared += 2
        for end in (0, 1):
            if not close(r["range"][end], g["act"][end]):
                bad.append("rhs %s: %g, glpsol %g" %
                           (name, r["range"][end], g["act"][end]))
    for b in bad[:10]:
        print(b)
    print("%d numbers compared, %d differ" % (compared, len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
