#!/usr/bin/env python3
"""viewer_check.py BNB KNAPSACK TWOVAR BIG [DIR]: the search viewer (--html)
driven in headless Chromium through tests/cdp.py.

* Stepping: from the root, the right arrow key visits every node in solve
  order; after k steps exactly the nodes made so far are drawn (k solved,
  the rest of them waiting), the node panel shows node k - 1 and the
  plot ends at node k - 1 (KNAPSACK, --textbook).
* Every edge carries its bound change, and the down child (<=) is left
  of the up child.
* TWOVAR (a model of two columns): at every node the plane's polygon is
  the node's LP: its best vertex has the node's LP value, an infeasible
  node has none.
* BIG (a page of many nodes) is ready in under 1 s and redraws in under
  50 ms (medians of 5).
* The puzzle as a picture, for each of the 14 kinds (an example of each
  from data/, solved with --textbook so that the best node's LP point is
  the solution): a screenshot of the picture at the root and at the
  solution (saved in the test's temporary folder), the kind's own rule
  of tests/picture_rules.py on the drawing (e.g. Star Battle: one thick
  border segment per region edge; Flow Free: one line per colour, from
  dot to dot), and at every node that branches on a column of the
  picture exactly one item framed as the one branched on (none at the
  other nodes).

The pages and screenshots go to DIR (default: a new temporary folder).
Prints "ok NAME" / "FAIL NAME: why"; exit 1 on a failure.
"""
import base64
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402
from picture_rules import RULES, parse  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# One example of each kind, small enough for --textbook.
PICTURE_FILES = {
    "starbattle": "starbattle-10x10-2star", "thermometer": "thermometer-6x6",
    "kakuro": "kakuro-4x4", "binairo": "binairo-6x6", "circuit": "circuit-adder",
    "match22": "match22-3x3", "infinityloop": "infinityloop-4x4",
    "logicgrid": "logicgrid-race", "flowfree": "flowfree-5x5",
    "slider": "slider-10x10", "knight": "knight-5x5", "v3ck": "v3ck-small",
    "monodot": "monodot-5x5", "kenken": "kenken-4x4"}
# Kinds whose best solution a heuristic finds (the page then draws the
# solution it found at that node): (kind, example, options).
PICTURE_FOUND = [("starbattle", "starbattle-12x12-2star", []),
                 ("flowfree", "flowfree-10x10", [])]
# Branching nodes whose mark is checked, per kind.
MARKED_NODES = 40

failed = 0


def ok(name):
    print(f"ok {name}")


def fail(name, why):
    global failed
    print(f"FAIL {name}: {why}")
    failed = 1


def page_of(bnb, model, out, *options):
    subprocess.run([bnb, *options, "--html", out, model], capture_output=True,
                   timeout=600)
    return "file://" + out


def key(page, k):
    page.call("Input.dispatchKeyEvent", type="keyDown", key=k, code=k,
              windowsVirtualKeyCode={"ArrowRight": 39, "ArrowLeft": 37,
                                     "Home": 36, "End": 35}[k])
    page.call("Input.dispatchKeyEvent", type="keyUp", key=k, code=k)


STATE = """(() => {
  const done = [], waiting = [];
  for (let id = 0; id < N; id++) {
    const s = stateAt(id);
    if (s === "done") done.push(id); else if (s === "waiting") waiting.push(id);
  }
  const d = document.getElementById("plot-a").getAttribute("d") ||
            document.getElementById("plot-b").getAttribute("d");
  const ends = d.match(/[-0-9.]+/g);
  return {shown, done, waiting, title: document.getElementById("node-title") ?
          document.getElementById("node-title").textContent : "",
          cursor: +document.getElementById("cursor").getAttribute("x1"),
          plotEnd: ends ? +ends[ends.length - 1] : null,
          parents: Array.from(BNB.parent)};
})()"""


def check_stepping(page):
    key(page, "Home")
    n = page.evaluate("N")
    bad = None
    for k in range(1, n + 1):
        if k > 1:
            key(page, "ArrowRight")
        s = page.evaluate(STATE)
        want_wait = [i for i in range(k, n) if 0 <= s["parents"][i] < k]
        if s["shown"] != k or s["done"] != list(range(k)):
            bad = f"step {k}: solved {s['done']}"
        elif s["waiting"] != want_wait:
            bad = f"step {k}: waiting {s['waiting']}, want {want_wait}"
        elif not s["title"].startswith(f"node {k - 1} ") and not s["title"].startswith(f"node {k - 1}"):
            bad = f"step {k}: the panel shows '{s['title']}'"
        elif s["plotEnd"] is not None and abs(s["plotEnd"] - s["cursor"]) > 1.5:
            bad = f"step {k}: the plot ends at x {s['plotEnd']}, the step at {s['cursor']}"
        if bad:
            break
    if bad:
        fail("viewer-stepping", bad)
    else:
        ok(f"viewer-stepping ({n} nodes)")
    key(page, "End")


def check_edges(page):
    edges = page.evaluate("edges()")
    rows = page.evaluate("Array.from(BNB.parent).map((p, i) => [p, BNB.col[i], BNB.dir[i], BNB.bound[i]])")
    bad = []
    for e in edges:
        p, col, d, b = rows[e["child"]]
        if not e["label"] or ("<=" if d < 0 else ">=") not in e["label"]:
            bad.append(f"edge to {e['child']}: '{e['label']}'")
    by_parent = {}
    for e in edges:
        by_parent.setdefault(e["parent"], []).append(e)
    for kids in by_parent.values():
        downs = [e["x"] for e in kids if e["dir"] < 0]
        ups = [e["x"] for e in kids if e["dir"] > 0]
        if downs and ups and max(downs) >= min(ups):
            bad.append(f"children of {kids[0]['parent']}: down not left of up")
    if bad:
        fail("viewer-edges", "; ".join(bad[:3]))
    else:
        ok(f"viewer-edges ({len(edges)} edges)")


def check_geometry(page):
    n = page.evaluate("N")
    bad = []
    for node in range(n):
        g = page.evaluate(f"""(() => {{ showNode({node});
            const d = document.querySelector(".geom");
            return {{v: JSON.parse(d.dataset.vertices), c: BNB.geom.c, sense: BNB.sense,
                     st: BNB.lpStatus[{node}], obj: BNB.obj[{node}], prop: BNB.propagated[{node}]}}; }})()""")
        if g["st"] == 0:
            vals = [g["c"][0] * x + g["c"][1] * y for x, y in g["v"]]
            best = (max if g["sense"] == "max" else min)(vals) if vals else None
            if best is None or abs(best - g["obj"]) > 1e-6 * (1 + abs(g["obj"])):
                bad.append(f"node {node}: polygon's best {best}, LP {g['obj']}")
        elif g["st"] == 1 or g["prop"] < 0:
            if len(g["v"]) > 0:
                bad.append(f"node {node}: infeasible, yet a polygon {g['v']}")
    if bad:
        fail("viewer-geometry", "; ".join(bad[:3]))
    else:
        ok(f"viewer-geometry ({n} nodes)")


def check_speed(browser, url):
    loads, redraws = [], []
    for _ in range(5):
        page = browser.open(url)
        loads.append(page.evaluate("""(() => { const t = performance.getEntriesByType("navigation")[0];
            return t.loadEventEnd - t.startTime; })()"""))
        redraws.append(page.evaluate("""(() => { const t0 = performance.now(); draw(); fit();
            return (performance.now() - t0) / 2; })()"""))
    n = page.evaluate("N")
    load, redraw = statistics.median(loads), statistics.median(redraws)
    if load < 1000 and redraw < 50:
        ok(f"viewer-speed ({n} nodes: ready in {load:.0f} ms, redraw {redraw:.1f} ms)")
    else:
        fail("viewer-speed", f"{n} nodes: ready in {load:.0f} ms, redraw {redraw:.1f} ms")


ELEMENTS = """((id) => { showNode(id);
  const svg = document.getElementById("picture");
  return Array.from(svg.querySelectorAll("*")).map(e => [e.tagName,
    e.getAttribute("class"), e.textContent, e.getAttribute("data-colour"),
    e.getAttribute("data-cells")]); })"""


def screenshot(page, node, path):
    r = page.evaluate(f"""(() => {{ showNode({node});
        const s = document.getElementById("picture"); s.scrollIntoView();
        const r = s.getBoundingClientRect();
        return {{x: r.left, y: r.top, w: r.width, h: r.height}}; }})()""")
    shot = page.call("Page.captureScreenshot", format="png",
                     clip=dict(x=r["x"], y=r["y"], width=r["w"], height=r["h"], scale=1))
    data = base64.b64decode(shot["data"])
    with open(path, "wb") as f:
        f.write(data)
    return data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 500


def check_marks(page):
    """At a node that branches on a column of the picture, one item framed
    as branched on; none elsewhere."""
    rows = page.evaluate("""(() => { const cols = new Set(BNB.picture.x);
        const out = [];
        for (let id = 0; id < N; id++) out.push([BNB.out[id] === 1 && cols.has(BNB.bcol[id]) ? 1 : 0]);
        return out; })()""")
    want = [i for i, r in enumerate(rows) if r[0]][:MARKED_NODES]
    others = [i for i, r in enumerate(rows) if not r[0]][:MARKED_NODES]
    for node in want + others:
        got = page.evaluate(f"""(() => {{ showNode({node});
            return document.querySelectorAll("#picture .branched").length; }})()""")
        if got != (1 if node in want else 0):
            return f"node {node}: {got} items framed as branched on"
    return None


def check_pictures(browser, bnb, tmp):
    cases = [(kind, name, ["--textbook"], "") for kind, name in PICTURE_FILES.items()]
    cases += [(kind, name, opts, "-found") for kind, name, opts in PICTURE_FOUND]
    for kind, name, opts, label in cases:
        path = os.path.join(REPO, "data", name + ".txt")
        page = browser.open(page_of(bnb, path, os.path.join(tmp, name + ".html"), *opts))
        info = page.evaluate("""({kind: BNB.picture ? BNB.picture.kind : null, best: BNB.best,
            by: BNB.bestBy, objective: BNB.objective, errors: document.getElementById("errors").textContent})""")
        if info["kind"] != kind or info["best"] < 0 or bool(info["by"]) != bool(label) or info["errors"]:
            fail(f"viewer-picture-{kind}{label}", f"no picture of a solved {kind}: {info}")
            continue
        root = page.evaluate(ELEMENTS + "(0)")
        best = page.evaluate(ELEMENTS + f"({info['best']})")
        shots = all(screenshot(page, node, os.path.join(tmp, f"{name}-{which}.png"))
                    for node, which in ((0, "root"), (info["best"], "solution")))
        why = RULES[kind](parse(path), root, best, info["objective"])
        why = why or (None if shots else "no screenshot") or check_marks(page)
        if why:
            fail(f"viewer-picture-{kind}{label}", why)
        else:
            ok(f"viewer-picture-{kind}{label} ({name}: {len(root)} items drawn, "
               f"screenshots in {tmp})")


def main():
    bnb, knap, twovar, big = sys.argv[1:5]
    tmp = sys.argv[5] if len(sys.argv) > 5 else tempfile.mkdtemp()
    os.makedirs(tmp, exist_ok=True)
    with Browser() as b:
        page = b.open(page_of(bnb, knap, os.path.join(tmp, "k.html"), "--textbook"))
        check_stepping(page)
        check_edges(page)
        page = b.open(page_of(bnb, twovar, os.path.join(tmp, "t.html"), "--textbook"))
        check_edges(page)
        check_geometry(page)
        check_pictures(b, bnb, tmp)
        check_speed(b, page_of(bnb, big, os.path.join(tmp, "big.html"),
                               "--textbook", "--node-limit", "50000"))
    return failed


if __name__ == "__main__":
    sys.exit(main())
