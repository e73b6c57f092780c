#!/usr/bin/env python3
"""make_page.py BNB_JS BNB_WASM OUT.html: the browser page, one
self-contained file.

web/page.html gets the WebAssembly build (BNB_JS, the JavaScript emcc
makes, and BNB_WASM, the module, in base64, which the page compiles
once), web/worker.js, web/page.js and the examples the
page offers (the shipped puzzles, the teaching models, the textbook
corpus and the MIPLIB models of bench/) as JavaScript string literals,
so that the page needs no server and makes no request.
"""
import base64
import glob
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GROUPS = [
    ("Teaching models", "tests/models/teach.lp"),
    ("Teaching models", "tests/models/knap.mps"),
    ("Textbook examples", "tests/textbook/*.lp"),
    ("Puzzles", "data/*.txt"),
    ("MIPLIB 3", "bench/miplib/*.mps"),
    ("Hard puzzles (to stop)", "tests/hard/*.txt"),
]


def literal(text):
    """A JavaScript string literal that cannot end the <script> element."""
    return json.dumps(text).replace("<", "\\u003c")


def examples():
    out = []
    for group, pattern in GROUPS:
        for path in sorted(glob.glob(os.path.join(ROOT, pattern))):
            with open(path, encoding="utf-8", errors="replace") as f:
                out.append({"group": group, "file": os.path.basename(path),
                            "text": f.read()})
    return out


def main():
    bnb_js, bnb_wasm, target = sys.argv[1], sys.argv[2], sys.argv[3]
    web = os.path.join(ROOT, "web")
    read = lambda p: open(p, encoding="utf-8").read()
    with open(bnb_wasm, "rb") as f:
        wasm = base64.b64encode(f.read()).decode("ascii")
    data = "\n".join([
        "const BNB_JS = " + literal(read(bnb_js)) + ";",
        "const BNB_WASM = " + literal(wasm) + ";",
        "const WORKER_JS = " + literal(read(os.path.join(web, "worker.js"))) + ";",
        "const VIEWER_JS = " + literal(read(os.path.join(ROOT, "cli", "viewer.js"))) + ";",
        "const VIEWER_CSS = " + literal(read(os.path.join(ROOT, "cli", "viewer.css"))) + ";",
        "const EXAMPLES = " + json.dumps(examples()).replace("<", "\\u003c") + ";",
    ])
    page = read(os.path.join(web, "page.html"))
    page = page.replace("/*@DATA@*/", data, 1)
    script = re.sub(r"</(script)", r"<\\/\1", read(os.path.join(web, "page.js")), flags=re.I)
    page = page.replace("/*@PAGE_JS@*/", script, 1)
    with open(target, "w", encoding="utf-8") as f:
        f.write(page)


if __name__ == "__main__":
    main()
