#!/usr/bin/env python3
"""web_check.py BNB PAGE.html: the browser page (make web), opened from
file:// in headless Chromium, against the native program BNB:

* each puzzle kind's paper example (or its first shipped file) and each
  MIPLIB model of bench/ solves in the page with the native status and
  objective;
* a typed model with an error shows its line and column;
* a long solve (tests/hard) is stopped from the page within 0.5 s;
* the live viewer, built from the event stream alone, draws a puzzle's
  picture with the node's LP point on it, as the program's --html page;
* the page asks for nothing but itself and the blobs it makes;
* speed: the median, over those files that take the native program
  SPEED_MIN_MS or more, of a solve's time in the page (from Solve to the
  end, the page loaded, the module compiled; the second solve of the
  file, as a class solves a model again) over the native program's on
  the same work (the page's options: events, LP and MPS written) is
  printed, and held to at most SPEED_LIMIT only when BNB_WEB_SPEED=1
  asks: wall times on a shared machine are too noisy for a default test.

Prints "ok NAME" / "FAIL NAME: why" lines; exit 1 on a failure.
"""
import glob
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEED_MIN_MS = 10.0
SPEED_LIMIT = 3.0
SPEED_RUNS = 3
failed = 0


def ok(name):
    print(f"ok {name}")


def fail(name, why):
    global failed
    print(f"FAIL {name}: {why}")
    failed = 1


def kind_examples(bnb):
    """One example file per kind that bnb --generate --list names."""
    kinds = subprocess.run([bnb, "--generate", "--list"], capture_output=True,
                           text=True, check=True).stdout.split()
    out = []
    for kind in kinds:
        files = sorted(f for f in glob.glob(os.path.join(ROOT, "data", kind + "-*.txt"))
                       if "infeasible" not in f)
        paper = [f for f in files if re.search(r"(hartmann|melkonian|chlond)", f)]
        out.append((paper or files)[0])
    return out


def verdict(summary):
    """'optimal, objective 40' from a summary line (time and sizes cut)."""
    m = re.match(r"# ([a-z ]+?)(, objective [^,]+)?,", summary or "")
    return m.group(1) + (m.group(2) or "") if m else summary


def native(bnb, path):
    run = subprocess.run([bnb, path], capture_output=True, text=True, timeout=120)
    lines = [l for l in run.stdout.split("\n") if l.startswith("# ")]
    return run.returncode, verdict(lines[-1] if lines else "")


SOLVE = """new Promise(res => {
  document.addEventListener("bnb-done", e => res(e.detail), {once: true});
  loadExample(EXAMPLES.findIndex(e => e.file === %s));
  document.getElementById("mode").value = "default";
  document.getElementById("viewer").checked = false;
  document.getElementById("trace").checked = false;
  solve();
})"""


def solve_in_page(page, name):
    return page.evaluate(SOLVE % repr(name), timeout=300)


def native_ms(bnb, path):
    """Median wall ms of the native program doing what the page asks of
    it (web/page.js, commandLine, in the default mode)."""
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        args = [bnb, "--no-progress", "--events", os.path.join(tmp, "e.jsonl"),
                "--write-lp", os.path.join(tmp, "m.lp"), "--write-mps", os.path.join(tmp, "m.mps"), path]
        for _ in range(SPEED_RUNS):
            t0 = time.perf_counter()
            subprocess.run(args, capture_output=True, timeout=120)
            times.append(1000 * (time.perf_counter() - t0))
    return statistics.median(times)


def check_solves(page, bnb):
    files = kind_examples(bnb) + sorted(glob.glob(os.path.join(ROOT, "bench", "miplib", "*.mps")))
    timed = []
    for path in files:
        name = os.path.basename(path)
        want_code, want = native(bnb, path)
        got = solve_in_page(page, name)
        if got["code"] == want_code and verdict(got["summary"]) == want:
            ok(f"web-solve {name}")
        else:
            fail(f"web-solve {name}", f"page: exit {got['code']} '{verdict(got['summary'])}', "
                 f"native: exit {want_code} '{want}'")
        ms = native_ms(bnb, path)
        if ms >= SPEED_MIN_MS:
            timed.append((name, ms, got["ms"], solve_in_page(page, name)["ms"]))
    return timed


def check_speed(timed):
    if not timed:
        print("skip web-speed: no file takes the native program 10 ms")
        return
    for name, ms, first, again in timed:
        print(f"# {name}: native {ms:.0f} ms, page {first:.0f} ms, again {again:.0f} ms")
    ratio = statistics.median(again / ms for _, ms, _, again in timed)
    first = statistics.median(first / ms for _, ms, first, _ in timed)
    what = (f"median page/native {ratio:.2f} over {len(timed)} files "
            f"(first solves of the page {first:.2f})")
    if os.environ.get("BNB_WEB_SPEED") == "1" and ratio > SPEED_LIMIT:
        fail("web-speed", f"{what}, above {SPEED_LIMIT}")
    else:
        ok(f"web-speed: {what}")


def check_error(page):
    got = page.evaluate("""new Promise(res => {
      document.addEventListener("bnb-done", e => res(document.getElementById("errors").textContent), {once: true});
      document.getElementById("model").value = "Maximize\\n obj: 3 x +\\nSubject To\\n c1: x <= 4\\nEnd\\n";
      document.getElementById("format").value = "auto";
      solve();
    })""")
    if re.search(r"line 3, column 1: ", got):
        ok("web-error-line-col")
    else:
        fail("web-error-line-col", repr(got[:200]))


LIVE = """new Promise(res => {
  document.addEventListener("bnb-done", () => {
    const t = new LiveTree();
    for (const line of eventsText.join("").split("\\n"))
      if (line) t.take(JSON.parse(line));
    const d = t.data, kept = d.xAt.filter(a => a >= 0).length;
    res({kind: d.picture ? d.picture.kind : null, names: d.names.slice(0, 3),
         cols: d.names.length, kept: kept, page: viewerPage(d)});
  }, {once: true});
  loadExample(EXAMPLES.findIndex(e => e.file === %s));
  document.getElementById("mode").value = "textbook";
  document.getElementById("viewer").checked = true;
  solve();
})"""


def check_live_picture(browser, page, bnb):
    """The live viewer's data, from the stream alone, carries the puzzle's
    picture, the columns in the model's order and the nodes' LP points;
    its page draws the picture at the root."""
    path = sorted(glob.glob(os.path.join(ROOT, "data", "starbattle-*.txt")))[0]
    name = os.path.basename(path)
    got = page.evaluate(LIVE % repr(name), timeout=120)
    stream = subprocess.run([bnb, "--events", "-", "--node-limit", "1", path],
                            capture_output=True, text=True).stdout
    names = json.loads(stream.splitlines()[0])["names"][:3]
    if got["kind"] != "starbattle" or got["kept"] == 0 or got["names"] != names:
        fail("web-live-picture", f"kind {got['kind']}, {got['kept']} points, names {got['names']}")
        return
    with tempfile.TemporaryDirectory() as tmp:
        live = os.path.join(tmp, "live.html")
        with open(live, "w", encoding="utf-8") as f:
            f.write(got["page"])
        view = browser.open("file://" + live)
        cells = view.evaluate("""(() => { showNode(0);
            const svg = document.getElementById("picture");
            return svg ? svg.querySelectorAll("*").length : -1; })()""")
    if cells > 0:
        ok(f"web-live-picture ({name}: {got['kept']} LP points, {cells} drawn items)")
    else:
        fail("web-live-picture", f"the live page draws no picture ({cells})")


def check_stop(page):
    hard = sorted(glob.glob(os.path.join(ROOT, "tests", "hard", "*.txt")))
    if not hard:
        print("skip web-stop: no tests/hard puzzle")
        return
    name = os.path.basename(hard[0])
    page.evaluate(f"""loadExample(EXAMPLES.findIndex(e => e.file === {name!r}));
      document.getElementById("mode").value = "default"; solve(); 0""")
    time.sleep(1.5)
    ms = page.evaluate("""(() => { const t0 = performance.now(); stop();
      return document.getElementById("solve").disabled ? -1 : performance.now() - t0; })()""")
    if 0 <= ms <= 500:
        ok(f"web-stop ({ms:.1f} ms)")
    else:
        fail("web-stop", f"{ms} ms")


def main():
    bnb, html = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    with Browser() as b:
        page = b.open("file://" + html)
        check_speed(check_solves(page, bnb))
        check_error(page)
        check_stop(page)
        foreign = [u for u in page.requests if not u.startswith(("file:", "blob:", "data:"))]
        if foreign:
            fail("web-no-network", " ".join(foreign[:5]))
        else:
            ok(f"web-no-network ({len(page.requests)} local requests)")
        if page.console:
            fail("web-console", page.console[0])
        check_live_picture(b, page, bnb)   # last: it leaves the page
    return failed


if __name__ == "__main__":
    sys.exit(main())
