#!/usr/bin/env python3
"""lp_budget.py -- every LP of the adversarial models ends by its own
verdict within LP_ITERS_PER_SIZE x (rows + columns) iterations, or with a
numerical failure that says why.

    lp_budget.py --bnb BNB [--base S] [--seeds N] [--nodes K] [FILE...]

Each model (gen.py's seeds from S, S+1, ..., or the files given) is
solved by `bnb --lp-only` and `bnb --lp-only --textbook` (the summary's
iteration count is the LP's), and, with --nodes K > 0, by the branch and
bound for at most K nodes with its events written: each node's LP but
the root's (whose count holds its cut rounds and heuristics) is held to
the same bound, on the model's rows and columns (a node's count also
holds its strong branching's and dives' LPs, so it can only overstate
its own LP's). No time limit: a solve that cycles shows as iterations,
not as a limit. A line per failing model, "FAIL NAME: why", then a
summary with the largest share of the bound any LP used; the exit
status is 1 when a model failed.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402

# The bound: iterations per row and column (bnb's lp_budget by default).
LP_ITERS_PER_SIZE = 100
# Seconds after which a solve counts as hanging (far beyond what a
# 15-row LP needs; the node runs stop at their node limit first).
HANG_SECONDS = 120
# Exit statuses of docs/FORMATS.md: verdicts, and the numerical failure.
VERDICTS = {0: "optimal", 1: "infeasible", 5: "unbounded"}
EXIT_NUMERIC = 4
EXIT_REFUSED = 2
EXIT_NODE_LIMIT = 3
# bnb says why a solve failed numerically on a warning line: "#
# warning: the root LP failed numerically: REASON", or the check its
# answer failed ("# warning: the final solution fails verification: ...").
WARNING = "# warning: "
# bnb's first line: "# model NAME, R rows x C cols, ...".
MODEL_SIZE = re.compile(r"^# model .*, (\d+) rows? x (\d+) cols?,")


def run(cmd):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=HANG_SECONDS, universal_newlines=True,
                           errors="replace")
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", ""


def summary(out):
    """(rows, columns, iterations) from bnb's '# model' and summary lines."""
    rows = cols = iters = None
    for line in out.splitlines():
        size = MODEL_SIZE.match(line)
        if size:
            rows, cols = int(size.group(1)), int(size.group(2))
        if line.startswith("#") and " simplex iteration" in line:
            f = line.split(" simplex iteration")[0].split()
            if f and f[-1].isdigit():
                iters = int(f[-1])
    return rows, cols, iters


def says_why(out, err):
    """The reason of a numerical failure, or ""."""
    for line in (out + "\n" + err).splitlines():
        if line.startswith(WARNING):
            return line[len(WARNING):].strip()
    return ""


def check_lp(bnb, path, extra):
    """(why it fails or "", share of the bound used)."""
    rc, out, err = run([bnb, "--lp-only"] + extra + [path])
    tag = " ".join(["--lp-only"] + extra)
    if rc is None:
        return "%s: still running after %d s" % (tag, HANG_SECONDS), 0.0
    if rc == EXIT_REFUSED:
        return "", 0.0
    rows, cols, iters = summary(out)
    if rows is None or iters is None:
        return "%s: exit %d without a summary: %s" % (tag, rc, (err or out)[-200:]), 0.0
    allowed = LP_ITERS_PER_SIZE * (rows + cols)
    share = iters / allowed
    if rc == EXIT_NUMERIC:
        why = says_why(out, err)
        if not why:
            return "%s: a numerical failure that does not say why" % tag, share
        if iters > allowed:
            return "%s: a numerical failure after %d iterations for %d rows " \
                "and %d columns" % (tag, iters, rows, cols), share
        return "", share
    if rc not in VERDICTS:
        return "%s: exit %d" % (tag, rc), share
    if iters > allowed:
        return "%s: %s after %d iterations for %d rows and %d columns" % (
            tag, VERDICTS[rc], iters, rows, cols), share
    return "", share


def check_nodes(bnb, path, nodes, tmp):
    """Each node's LP but the root's, as check_lp."""
    events = os.path.join(tmp, "events.jsonl")
    rc, out, err = run([bnb, "--node-limit", str(nodes), "--events", events, path])
    if rc is None:
        return "nodes: still running after %d s" % HANG_SECONDS, 0.0
    if rc == EXIT_REFUSED:
        return "", 0.0
    rows, cols, _ = summary(out)
    if rows is None:
        return "nodes: exit %d without a summary" % rc, 0.0
    allowed = LP_ITERS_PER_SIZE * (rows + cols)
    worst, node, status = 0, None, None
    with open(events) as f:
        for line in f:
            if not line.startswith('{"ev":"node",'):
                continue
            e = json.loads(line)
            if e.get("node") == 0 or e.get("iters", 0) <= worst:
                continue
            worst, node, status = e["iters"], e["node"], e.get("status")
    if worst > allowed:
        return "node %d's LP: %s after %d iterations for %d rows and %d " \
            "columns" % (node, status, worst, rows, cols), worst / allowed
    return "", worst / allowed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bnb", required=True)
    ap.add_argument("--base", type=int, default=1)
    ap.add_argument("--seeds", type=int, default=0)
    ap.add_argument("--nodes", type=int, default=0)
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    bnb = os.path.abspath(a.bnb)
    failed = checked = 0
    worst = (0.0, "")
    with tempfile.TemporaryDirectory() as tmp:
        items = [(os.path.basename(f), f) for f in a.files]
        for seed in range(a.base, a.base + a.seeds):
            m, ext = gen.generate(seed)
            text = gen.write_mps(m) if ext == "mps" else gen.write_lp(m)
            path = os.path.join(tmp, "adv-%d.%s" % (seed, ext))
            with open(path, "w") as f:
                f.write(text)
            items.append(("adv-%d" % seed, path))
        for name, path in items:
            checks = [lambda: check_lp(bnb, path, []),
                      lambda: check_lp(bnb, path, ["--textbook"])]
            if a.nodes > 0:
                checks.append(lambda: check_nodes(bnb, path, a.nodes, tmp))
            for check in checks:
                why, share = check()
                checked += 1
                if share > worst[0]:
                    worst = (share, name)
                if why:
                    failed += 1
                    print("FAIL %s: %s" % (name, why), flush=True)
    print("# %d solves, %d past %d iterations per row and column (or a "
          "numerical failure without its reason); the most: %.2f of the "
          "bound (%s)" % (checked, failed, LP_ITERS_PER_SIZE, worst[0],
                          worst[1]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
