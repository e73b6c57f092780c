#!/usr/bin/env python3
"""web_speed.py BNB BNB_JS RUNS FILE...: the WebAssembly build (make web)
under Node.js against the native program BNB, in CPU time.

The time compared is what a user waits for once the program is there:
natively the whole process (start, reading, solve, exit); in the page a
solve (a fresh instance of the module, the file copied in, the program's
main), the module being compiled once when the page loads
(web/time_node.js, which reports that compilation apart). Each figure
is the median of RUNS runs, user plus system CPU time, which other
programs on the machine disturb far less than wall time.

Prints a line per file (native ms, WebAssembly ms, their ratio, and the
two searches' node counts, which differ where the two C libraries break
a tie differently) and the median ratio over the files whose native run
takes at least MIN_MS: a shorter run measures the fixed cost of starting
a process or an instance, not the program.
"""
import os
import re
import resource
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MIN_MS = 10.0
SUMMARY = re.compile(r"^# .*?(\d+) nodes?,")


def nodes(line):
    m = SUMMARY.match(line or "")
    return m.group(1) if m else "-"


def native(bnb, path, runs):
    """Median CPU ms of RUNS runs of BNB on PATH, and its summary line."""
    times, last = [], ""
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run([bnb, path], capture_output=True, text=True).stdout
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(1000 * (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime))
        last = out.rstrip("\n").split("\n")[-1]
    return statistics.median(times), last


def wasm(bnb_js, files, runs):
    """{path: (median CPU ms, summary line)} and the module's compile ms."""
    out = subprocess.run(["node", os.path.join(ROOT, "web", "time_node.js"), bnb_js, str(runs)] + files,
                         capture_output=True, text=True).stdout
    got, compile_ms = {}, None
    for line in out.split("\n"):
        if line.startswith("# compile "):
            compile_ms = float(line.split()[2])
        elif "\t" in line:
            path, ms, last = line.split("\t", 2)
            got[path] = (float(ms), last)
    return got, compile_ms


def main():
    bnb, bnb_js, runs, files = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
    got, compile_ms = wasm(bnb_js, files, runs)
    ratios, short = [], 0
    print(f"{'file':32} {'native_ms':>9} {'wasm_ms':>9} {'ratio':>6} {'nodes':>7} {'wasm':>7}")
    for path in files:
        if path not in got:
            print(f"{os.path.basename(path):32} (no WebAssembly result)")
            continue
        n_ms, n_last = native(bnb, path, runs)
        w_ms, w_last = got[path]
        ratio = w_ms / n_ms if n_ms > 0 else float("nan")
        if n_ms >= MIN_MS:
            ratios.append(ratio)
        else:
            short += 1
        print(f"{os.path.basename(path):32} {n_ms:9.1f} {w_ms:9.1f} {ratio:6.2f} {nodes(n_last):>7} {nodes(w_last):>7}")
    median = f"{statistics.median(ratios):.2f}" if ratios else "-"
    print(f"# WebAssembly/native CPU time median {median} over {len(ratios)} files "
          f"({short} under {MIN_MS:.0f} ms left out); the module compiles once in {compile_ms} ms")


if __name__ == "__main__":
    main()
