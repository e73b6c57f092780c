#!/usr/bin/env python3
"""picture_json_check.py BNB PUZZLE...: the puzzle's picture that --html
writes (docs/FORMATS.md, "the puzzle's picture"), for every file given:
its kind is the file's `puzzle:`, every column it names is a column of
the model (0 .. n-1, or -1 for none) and named at most once, and its
arrays have the sizes its grid, arcs or tiles call for.

Prints "ok picture-json (N files)" or "FAIL picture-json: FILE: why".
"""
import json
import os
import re
import subprocess
import sys
import tempfile


def page_data(bnb, path, out):
    subprocess.run([bnb, "--quiet", "--node-limit", "1", "--html", out, path],
                   capture_output=True, timeout=300)
    if not os.path.exists(out):
        return None
    page = open(out).read()
    m = re.search(r'<script type="application/json" id="bnb-data">(.*?)</script>', page, re.S)
    return json.loads(m.group(1))


def sizes(p):
    """The length x must have, from the picture's own geometry."""
    kind = p["kind"]
    if "from" in p:
        return len(p["from"]) * p.get("stride", 1)
    if "cell" in p:
        return 4 * len(p["cell"])
    if kind == "circuit":
        return len(p["op"])
    if kind == "logicgrid":
        return p["sets"] * p["size"] ** 2
    if kind == "v3ck":
        return len(p["edge"]) // 2 * p["colors"]
    return p["rows"] * p["cols"] * p.get("depth", 1)


def check(path, d):
    want = re.search(r"^puzzle:\s*(\w+)", open(path).read(), re.M).group(1)
    p = d.get("picture")
    if not p or p["kind"] != want:
        return f"picture of kind {p and p['kind']}, the file is a {want}"
    n = len(d["names"])
    cols = [j for j in p["x"] if j >= 0]
    if any(j < -1 or j >= n for j in p["x"]):
        return f"a column outside 0..{n - 1}"
    if len(cols) != len(set(cols)):
        return "a column named twice"
    if len(p["x"]) != sizes(p):
        return f"{len(p['x'])} columns listed, its geometry calls for {sizes(p)}"
    grid = p.get("rows", 0) * p.get("cols", 0)
    for key in ("region", "therm", "white", "given", "cage", "dot", "clear", "ok"):
        if key in p and len(p[key]) != grid:
            return f"'{key}' has {len(p[key])} cells, the grid {grid}"
    return None


def main():
    bnb, files = sys.argv[1], sys.argv[2:]
    tmp = tempfile.mkdtemp()
    done = 0
    for k, path in enumerate(files):
        d = page_data(bnb, path, os.path.join(tmp, f"{k}.html"))
        if d is None:   # refused before any search: no page
            continue
        why = check(path, d)
        if why:
            print(f"FAIL picture-json: {path}: {why}")
            return 1
        done += 1
    print(f"ok picture-json ({done} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
