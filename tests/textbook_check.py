#!/usr/bin/env python3
"""textbook_check.py -- what --textbook promises, checked from outside.

--textbook shows the model as written: every node's LP relaxation is the
file's LP relaxation plus the node's branching bounds, nothing else (no
rows rounded, no coefficients tightened, no bounds propagated). Four
checks, each reading what bnb wrote:

  textbook_check.py nodes MODEL.lp EVENTS.jsonl
      every node of an --events stream against a peer LP solver (glpsol
      --nomip, else cbc): the node's branching bounds are rebuilt from the
      root path, added to MODEL.lp as rows, the LP solved; the objective
      (or infeasibility) must agree to 1e-6 relative. Prints one line per
      differing node and a summary; exit 1 when any differs, 77 when no
      peer is installed.

  textbook_check.py tree EVENTS.jsonl EXPECTED.tree
      the nodes of the stream against a book's tree: the same set of nodes
      (by their branching bounds from the root) with the same LP values.

  textbook_check.py tableau TABLEAU.txt
      --tableau output: the root LP's pivots start from the starting basis
      it printed (the first takes out one of its variables), and within a
      node each tableau's basis is the one before with the pivot's
      entering variable in place of its leaving one.

  textbook_check.py start TABLEAU.txt MODEL.lp
      --tableau output: the starting tableau's row of each slack is that
      row of MODEL.lp as written (read by glpsol), or it negated.

The .tree format: '#' starts a comment; a line `options: ...` holds the
bnb options that reproduce the book's choices (for the test script); each
other line is one node: its branching bounds from the root (none: `root`)
as `COL<=B` / `COL>=B` separated by blanks, then `:` and its LP value (a
decimal or a fraction p/q) or `infeasible`.
"""
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction

REL_TOL = 1e-6

# ---- the event stream ------------------------------------------------


def read_nodes(events_path):
    """{node id: {'path': [(col, dir, bound), ...], 'status', 'obj'}} for
    every node whose LP was solved."""
    starts, solved = {}, {}
    with open(events_path) as f:
        for line in f:
            ev = json.loads(line)
            kind = ev.get("ev")
            if kind == "node_start":
                step = None
                if ev["col"] is not None:
                    step = (ev["col"], ev["dir"], float(ev["bound"]))
                starts[ev["node"]] = (ev["parent"], step)
            elif kind == "node":
                solved[ev["node"]] = (ev["status"], number(ev["obj"]))
    nodes = {}
    for node, (status, obj) in solved.items():
        nodes[node] = {"path": root_path(starts, node), "status": status,
                       "obj": obj}
    return nodes


def number(v):
    if v is None:
        return math.nan
    if isinstance(v, str):
        return math.inf if v == "inf" else -math.inf
    return float(v)


def root_path(starts, node):
    """The bound changes from the root down to node, root first."""
    path = []
    while node >= 0:
        parent, step = starts[node]
        if step is not None:
            path.append(step)
        node = parent
    path.reverse()
    return path


def tightest(path):
    """{col: [lo or None, up or None]} the path's bounds, tightest kept."""
    box = {}
    for col, d, b in path:
        lo_up = box.setdefault(col, [None, None])
        if d < 0:
            lo_up[1] = b if lo_up[1] is None else min(lo_up[1], b)
        else:
            lo_up[0] = b if lo_up[0] is None else max(lo_up[0], b)
    return box


# ---- the model with a node's bounds, solved by a peer ---------------

ROWS_SECTION = re.compile(r"^[ \t]*(subject[ \t]+to|such[ \t]+that|s\.t\.|st)"
                          r"\b[ \t]*:?", re.I | re.M)
LATER_SECTION = re.compile(r"^[ \t]*(bounds?|general|generals|gen|integers?"
                           r"|binary|binaries|bin|end)\b", re.I | re.M)


def with_bounds(lp_text, box):
    """The LP text with the node's bounds as rows after the section
    keyword of the rows (a row per finite bound)."""
    rows = []
    for k, (col, (lo, up)) in enumerate(sorted(box.items())):
        if lo is not None:
            rows.append(" tbk_lo%d: %s >= %.17g\n" % (k, col, lo))
        if up is not None:
            rows.append(" tbk_up%d: %s <= %.17g\n" % (k, col, up))
    added = "".join(rows)
    m = ROWS_SECTION.search(lp_text)
    if m:
        return lp_text[:m.end()] + "\n" + added + lp_text[m.end():]
    m = LATER_SECTION.search(lp_text)
    at = m.start() if m else len(lp_text)
    return lp_text[:at] + "Subject To\n" + added + lp_text[at:]


def peer():
    """glpsol, else cbc; TEXTBOOK_PEER=cbc asks for cbc."""
    wanted = os.environ.get("TEXTBOOK_PEER")
    for name in ([wanted] if wanted else ["glpsol", "cbc"]):
        if shutil.which(name):
            return name
    return None


def solve_glpsol(path, work):
    """('optimal', z) / ('infeasible', nan) / ('unbounded', nan) /
    ('error', nan) from glpsol's plain-text basic solution."""
    sol = os.path.join(work, "sol.txt")
    r = subprocess.run(["glpsol", "--lp", path, "--nomip", "--nopresol",
                        "-w", sol], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        return "error", math.nan
    with open(sol) as f:
        for line in f:
            part = line.split()
            if part and part[0] == "s":
                pst, dst, z = part[4], part[5], float(part[6])
                if pst == "f" and dst == "f":
                    return "optimal", z
                if pst in ("i", "n"):
                    return "infeasible", math.nan
                if dst in ("i", "n"):
                    return "unbounded", math.nan
    return "error", math.nan


def solve_cbc(path, work):
    sol = os.path.join(work, "sol.txt")
    r = subprocess.run(["cbc", path, "-primalSimplex", "-solution", sol],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    if r.returncode != 0 or not os.path.exists(sol):
        return "error", math.nan
    with open(sol) as f:
        first = f.readline()
    if first.startswith("Optimal"):
        return "optimal", float(first.split()[-1])
    if "nfeasible" in first:
        return "infeasible", math.nan
    if "nbounded" in first:
        return "unbounded", math.nan
    return "error", math.nan


def agree(a, b):
    return abs(a - b) <= REL_TOL * max(1.0, abs(a), abs(b))


def compare_node(node, want):
    """None when bnb's node agrees with the peer's verdict want, else why."""
    status, z = want
    if status == "error":
        return "the peer failed on this LP"
    got = node["status"]
    if got == "limit":
        return None   # a limit stopped the search inside this LP
    if got == "cutoff":
        return "bnb stopped this LP at the incumbent's bound"
    if got != status:
        return "bnb %s %s, peer %s %s" % (got, fmt(node["obj"]), status,
                                           fmt(z))
    if status == "optimal" and not agree(node["obj"], z):
        return "bnb %.12g, peer %.12g" % (node["obj"], z)
    return None


def fmt(z):
    return "" if math.isnan(z) else "%.12g" % z


def path_text(path):
    if not path:
        return "root"
    return " ".join("%s%s%s" % (c, "<=" if d < 0 else ">=", fmt(b))
                    for c, d, b in path)


def cmd_nodes(model, events):
    name = peer()
    if name is None:
        print("no peer LP solver (glpsol or cbc) installed")
        return 77
    solve = solve_glpsol if name == "glpsol" else solve_cbc
    nodes = read_nodes(events)
    with open(model) as f:
        text = f.read()
    differ = 0
    with tempfile.TemporaryDirectory() as work:
        lp = os.path.join(work, "node.lp")
        for node_id in sorted(nodes):
            node = nodes[node_id]
            with open(lp, "w") as f:
                f.write(with_bounds(text, tightest(node["path"])))
            why = compare_node(node, solve(lp, work))
            if why:
                differ += 1
                print("node %d (%s): %s" % (node_id, path_text(node["path"]),
                                            why))
    print("%d nodes, %d differ from %s" % (len(nodes), differ, name))
    return 1 if differ else 0


# ---- a book's tree ---------------------------------------------------

BOUND = re.compile(r"^(.+?)(<=|>=)(-?[0-9.]+)$")


def parse_value(s):
    if s == "infeasible":
        return "infeasible", math.nan
    return "optimal", float(Fraction(s))


def read_tree(path):
    """{path key: (status, value)} of a .tree file."""
    tree = {}
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line or line.startswith("options:"):
                continue
            where, _, value = line.partition(":")
            steps = []
            for tok in where.split():
                if tok == "root":
                    continue
                m = BOUND.match(tok)
                if not m:
                    raise SystemExit("%s:%d: bad bound %r" % (path, lineno,
                                                              tok))
                steps.append((m.group(1), -1 if m.group(2) == "<=" else 1,
                              float(m.group(3))))
            tree[tuple(steps)] = parse_value(value.strip())
    return tree


def cmd_tree(events, expected):
    nodes = read_nodes(events)
    want = read_tree(expected)
    got = {tuple(n["path"]): (n["status"], n["obj"]) for n in nodes.values()}
    wrong = 0
    for key in sorted(set(want) | set(got), key=len):
        where = path_text(list(key))
        if key not in got:
            print("missing node %s (the book: %s)" % (where, show(want[key])))
        elif key not in want:
            print("extra node %s: %s" % (where, show(got[key])))
        elif not same(got[key], want[key]):
            print("node %s: bnb %s, the book %s" % (where, show(got[key]),
                                                    show(want[key])))
        else:
            continue
        wrong += 1
    print("%d nodes in the book, %d in bnb's tree, %d differ"
          % (len(want), len(got), wrong))
    return 1 if wrong else 0


def same(got, want):
    if got[0] != want[0]:
        return False
    return want[0] != "optimal" or agree(got[1], want[1])


def show(v):
    return v[0] if v[0] != "optimal" else "%.10g" % v[1]


# ---- the tableau -----------------------------------------------------

PIVOT = re.compile(r"^#\s+pivot (\d+) \([^)]*\): (\S+) (enters|flips)"
                   r"(?:.*?, (\S+) leaves)?")
# The tableau cuts names to this many characters (cli/tableau.c, CLI_CELL).
CELL = 12


def read_basis(lines, i):
    """The basic variables of the tableau whose header is at or after
    line i (its rows lie between the first two rules), and the line after
    it."""
    basis, rules = [], 0
    while i < len(lines) and rules < 2:
        text = lines[i].lstrip("# ")
        if text.startswith("---"):
            rules += 1
        elif rules == 1 and "|" in text:
            basis.append(text.split("|")[0].strip())
        i += 1
    return basis, i


def starting_tableau(path):
    """The lines of a --tableau output and the index of its "starting
    tableau" line (None when there is none)."""
    with open(path) as f:
        lines = f.read().splitlines()
    return lines, next((i for i, l in enumerate(lines)
                        if "starting tableau" in l), None)


def cmd_tableau(path):
    """Within the root's LP and within each node's, a tableau's basis is
    the one before with the pivot's entering variable in place of the
    leaving one; the root starts from the printed starting basis."""
    lines, start = starting_tableau(path)
    if start is None:
        print("no starting tableau printed")
        return 1
    basis, i = read_basis(lines, start + 1)
    first = set(basis)
    pivots = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if line.startswith("# -- node"):
            basis = None   # the node starts from its parent's basis
            continue
        m = PIVOT.match(line)
        if not m:
            continue
        pivots += 1
        printed, i = read_basis(lines, i)
        if basis is not None and m.group(3) == "enters":
            out, into = m.group(4)[:CELL], m.group(2)[:CELL]
            if out not in basis:
                print("pivot %s: %s leaves, not in the basis {%s}%s"
                      % (m.group(1), m.group(4), " ".join(basis),
                         " (the printed starting basis)"
                         if set(basis) == first else ""))
                return 1
            basis = [into if b == out else b for b in basis]
        if basis is not None and sorted(basis) != sorted(printed):
            print("pivot %s: the basis {%s} after it, printed {%s}"
                  % (m.group(1), " ".join(sorted(basis)),
                     " ".join(sorted(printed))))
            return 1
        basis = printed
    print("%d pivots, each leaving a variable of the basis before it"
          % pivots)
    return 0


def read_rows(model, work):
    """{row name: (coefficients {col: a}, rhs)} of MODEL.lp as glpsol
    reads it (written out as free MPS), or None without glpsol."""
    if not shutil.which("glpsol"):
        return None
    mps = os.path.join(work, "model.mps")
    subprocess.run(["glpsol", "--lp", model, "--check", "--wfreemps", mps],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    rows, objective, section = {}, None, None
    with open(mps) as f:
        for line in f:
            if line.startswith("*"):
                continue
            if not line[0].isspace():
                section = line.split()[0]
                continue
            part = line.split()
            if section == "ROWS":
                if part[0] == "N" and objective is None:
                    objective = part[1]
                elif part[0] != "N":
                    rows[part[1]] = ({}, 0.0)
            elif section == "COLUMNS" and "'MARKER'" not in part:
                for r, a in zip(part[1::2], part[2::2]):
                    if r in rows:
                        rows[r][0][part[0]] = float(a)
            elif section == "RHS":
                for r, b in zip(part[1::2], part[2::2]):
                    if r in rows:
                        rows[r] = (rows[r][0], float(b))
    return rows


def cells(line):
    return [c.strip() for c in line.lstrip("# ").split("|")]


def cmd_start(path, model):
    """The starting tableau shows the model's rows as written: the row of
    each slack is its row's coefficients and right-hand side (or all of
    them negated, for a >= row)."""
    lines, start = starting_tableau(path)
    if start is None:
        print("no starting tableau printed")
        return 1
    with tempfile.TemporaryDirectory() as work:
        rows = read_rows(model, work)
    if rows is None:
        print("glpsol is not installed")
        return 77
    names = cells(lines[start + 1])[1].split()
    by_cell = {}
    for r, (coef, _) in rows.items():
        by_cell[("s_" + r)[:CELL]] = r
    cols = {c for coef, _ in rows.values() for c in coef}
    wrong = checked = 0
    i = start + 3
    while i < len(lines) and not lines[i].lstrip("# ").startswith("---"):
        head, body, value = cells(lines[i])
        i += 1
        if head not in by_cell:
            continue
        coef, rhs = rows[by_cell[head]]
        pairs = []   # (printed, the model's) for each structural column
        for cell, shown in zip(names, body.split()):
            col = full_name(cell, cols)
            if col in cols:
                pairs.append((float(Fraction(shown)), coef.get(col, 0.0)))
        got, want = [g for g, _ in pairs], [w for _, w in pairs]
        v = float(Fraction(value))
        checked += 1
        same_sign = all(map(agree, got, want)) and agree(v, rhs)
        negated = all(agree(g, -w) for g, w in pairs) and agree(v, -rhs)
        if not (same_sign or negated):
            wrong += 1
            print("row %s: printed %s | %s, the model %s | %s"
                  % (by_cell[head], " ".join(fmt(g) for g in got), fmt(v),
                     " ".join(fmt(w) for w in want), fmt(rhs)))
    print("%d rows of the starting tableau, %d differ from the model"
          % (checked, wrong))
    return 1 if wrong else 0


def full_name(cell, cols):
    """The column a (possibly cut) tableau header names, or cell."""
    if cell in cols:
        return cell
    hits = [c for c in cols if len(cell) == CELL and c.startswith(cell)]
    return hits[0] if len(hits) == 1 else cell


def main(argv):
    if len(argv) == 4 and argv[1] == "nodes":
        return cmd_nodes(argv[2], argv[3])
    if len(argv) == 4 and argv[1] == "tree":
        return cmd_tree(argv[2], argv[3])
    if len(argv) == 3 and argv[1] == "tableau":
        return cmd_tableau(argv[2])
    if len(argv) == 4 and argv[1] == "start":
        return cmd_start(argv[2], argv[3])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
