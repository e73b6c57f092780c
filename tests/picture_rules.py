"""picture_rules.py: each puzzle kind's picture in the viewer checked by
a rule of its own, against what this module reads from the puzzle file
itself (never from the page's data). Used by tests/viewer_check.py.

A rule gets the puzzle file's parsed form and the picture's elements as
[tag, class, text, data-colour, data-cells] lists, at the root node
(`root`) and at the best node (`best`: --textbook, so its LP point is
the solution), and returns None or why it fails.
"""
import re
import shlex


def parse(path):
    """{key: (value on its line, [section lines])}; logic grid sets as
    ('set', name)."""
    keys, cur, in_attr = {}, None, False
    for raw in open(path).read().splitlines():
        line = re.sub(r"\s+#.*$", "", raw).rstrip() if not raw.startswith("#") else ""
        if not line.strip():
            continue
        m = re.match(r"^([a-z][a-z_]*):\s*(.*)$", line)
        if in_attr and m and m.group(1) != "clues":
            keys[("set", m.group(1))] = (m.group(2), [])
            continue
        if m:
            cur = m.group(1)
            keys[cur] = (m.group(2), [])
            in_attr = cur == "attributes"
        elif cur:
            keys[cur][1].append(line.strip())
    return keys


def cells(rows):
    return [r.split() if len(r.split()) > 1 else list(r) for r in rows]


def unit_edges(grid):
    """Cell edges between two regions, and round the grid."""
    n, m = len(grid), len(grid[0])
    count = 2 * n + 2 * m
    for r in range(n):
        for c in range(m):
            count += c + 1 < m and grid[r][c] != grid[r][c + 1]
            count += r + 1 < n and grid[r][c] != grid[r + 1][c]
    return count


def of(els, cls, tag=None):
    return [e for e in els if cls in (e[1] or "").split() and (tag is None or e[0] == tag)]


def expect(what, got, want):
    return None if got == want else f"{what}: {got}, want {want}"


def first(*checks):
    for c in checks:
        if c:
            return c
    return None


def starbattle(pz, root, best, objective):
    reg = cells(pz["regions"][1])
    n, stars = int(pz["size"][0]), int(pz.get("stars", ("1",))[0])
    return first(expect("region border segments", len(of(root, "rb")), unit_edges(reg)),
                 expect("whole stars at the solution", len(of(best, "one")), n * stars))


def kenken(pz, root, best, objective):
    cages = cells(pz["cages"][1])
    n = len(cages)
    digits = [int(e[2]) for e in of(best, "digit")]
    rows = [sorted(digits[r * n:(r + 1) * n]) for r in range(n)] if len(digits) == n * n else []
    cols = [sorted(digits[c::n]) for c in range(n)] if rows else []
    return first(expect("cage border segments", len(of(root, "rb")), unit_edges(cages)),
                 expect("clues", len(of(root, "clue")), len({s for r in cages for s in r})),
                 expect("digits at the solution", len(digits), n * n),
                 None if all(r == list(range(1, n + 1)) for r in rows + cols)
                 else "a row or column is not 1..n")


def thermometer(pz, root, best, objective):
    therms = [t.split() for t in pz["thermometers"][1]]
    sums = [int(v) for v in pz["rows"][0].split() + pz["cols"][0].split()]
    return first(expect("bulbs", len(of(root, "bulb")), len(therms)),
                 expect("tube segments", len(of(root, "tube")), sum(len(t) - 1 for t in therms)),
                 expect("sums", [int(e[2]) for e in of(root, "sum")], sums),
                 expect("filled cells at the solution", len(of(best, "one")),
                        sum(int(v) for v in pz["rows"][0].split())))


def runs(grid):
    out = 0
    for g in (grid, [list(c) for c in zip(*grid)]):
        for row in g:
            for m in re.finditer(r"\.{2,}", "".join(row)):
                out += 1
    return out


def kakuro(pz, root, best, objective):
    grid = cells(pz["grid"][1])
    sums = sorted(int(v) for v in pz["across"][0].split() + pz["down"][0].split())
    return first(expect("black cells", len(of(root, "black")), sum(r.count("X") for r in grid)),
                 expect("clues", len(of(root, "clue")), runs(grid)),
                 expect("clue sums", sorted(int(e[2]) for e in of(root, "clue")), sums),
                 expect("digits at the solution", len(of(best, "digit")),
                        sum(r.count(".") for r in grid)))


def binairo(pz, root, best, objective):
    grid = cells(pz["grid"][1])
    n = len(grid)
    return first(expect("givens", len(of(root, "given")), sum(len(r) - r.count(".") for r in grid)),
                 expect("grid lines", len(of(root, "gl")), 2 * (n + 1)),
                 expect("fractions at the solution", len(of(best, "frac")), 0))


def circuit(pz, root, best, objective):
    ins = len(pz["inputs"][0].split())
    gates = [g.split() for g in pz["gates"][1]]
    return first(expect("boxes", len(of(root, "gate")), ins + len(gates)),
                 expect("wires", len(of(root, "wire")),
                        sum(1 if g[1] == "not" else 2 for g in gates)))


def tiles(pz):
    return [t for t in " ".join(pz["grid"][1]).split() if t != "."]


def match22(pz, root, best, objective):
    t = tiles(pz)
    return first(expect("disks", len(of(root, "disk")), len(t)),
                 expect("segments", len(of(root, "sector")), 4 * len(t)))


def infinityloop(pz, root, best, objective):
    t = tiles(pz)
    return expect("arms at the solution", len(of(best, "arm")),
                  sum(len(x) for x in t))


def logicgrid(pz, root, best, objective):
    sets = [shlex.split(v[0]) for k, v in pz.items() if isinstance(k, tuple)]
    s, m = len(sets), len(sets[0])
    return first(expect("cells", len(of(root, "cell")), (s - 1) * m * m),
                 expect("pairs at the solution", len(of(best, "one")), (s - 1) * m))


def flowfree(pz, root, best, objective):
    grid = cells(pz["grid"][1])
    cols = len(grid[0])
    dots = {}
    for r, row in enumerate(grid):
        for c, sym in enumerate(row):
            if sym != ".":
                dots.setdefault(sym, []).append(r * cols + c)
    lines = of(best, "flow")
    bad = expect("lines at the solution", len(lines), len(dots))
    for e in lines:
        path = [int(v) for v in e[4].split(",")]
        ends = sorted([path[0], path[-1]])
        if ends not in [sorted(d) for d in dots.values()]:
            bad = bad or f"a line from cell {path[0]} to {path[-1]} joins no two dots"
        for a, b in zip(path, path[1:]):
            if abs(a // cols - b // cols) + abs(a % cols - b % cols) != 1:
                bad = bad or f"a line jumps from cell {a} to {b}"
    return bad


def slider(pz, root, best, objective):
    grid = cells(pz["grid"][1])
    return first(expect("obstacles", len(of(root, "obstacle")), sum(r.count("X") for r in grid)),
                 expect("moves at the solution", len(of(best, "move")), round(objective)))


def knight(pz, root, best, objective):
    grid = cells(pz["grid"][1])
    cols = len(grid[0])
    visit = sum(len(r) - r.count("X") for r in grid)
    start = [r * cols + c for r, row in enumerate(grid) for c, s in enumerate(row) if s == "S"][0]
    steps = sorted(int(e[2]) for e in of(best, "step"))
    tour = of(best, "tour")
    path = [int(v) for v in tour[0][4].split(",")] if tour else []
    jumps = {tuple(sorted((abs(a // cols - b // cols), abs(a % cols - b % cols))))
             for a, b in zip(path, path[1:])}
    return first(expect("numbers at the solution", steps, list(range(1, visit + 1))),
                 expect("the tour's start", path[:1], [start]),
                 expect("the tour's moves", jumps, {(1, 2)}))


def v3ck(pz, root, best, objective):
    edges = [tuple(int(v) for v in e.split()) for e in pz["edges"][1]]
    n = int(pz["nodes"][0])
    bad = first(expect("edges", len(of(root, "edge")), len(edges)),
                expect("nodes", len(of(root, "node")), n))
    colours = [int(e[3]) for e in of(best, "edge")]
    for line in pz.get("demands", ("", []))[1]:
        node, counts = line.split(":")
        node, counts = int(node), [int(v) for v in counts.split()]
        got = [sum(1 for (a, b), k in zip(edges, colours) if node in (a, b) and k == q)
               for q in range(len(counts))]
        bad = bad or expect(f"node {node}'s edges by colour", got, counts)
    return bad


def monodot(pz, root, best, objective):
    n = int(pz["size"][0])
    degrees = sorted(int(v) for v in pz["degrees"][0].split())
    return first(expect("grid lines", len(of(root, "gl")), 2 * (n + 1)),
                 expect("degrees at the solution", sorted(int(e[2]) for e in of(best, "degree")),
                        degrees))


RULES = {k: globals()[k] for k in (
    "starbattle", "thermometer", "kakuro", "binairo", "circuit", "match22",
    "infinityloop", "logicgrid", "flowfree", "slider", "knight", "v3ck",
    "monodot", "kenken")}
