#!/usr/bin/env python3
"""tune_check.py -- every tuning number of simplex/ and mip/ lives in its
layer's table (simplex/spx_tune.h, mip/mip_tune.h).

  usage: tests/tune_check.py [ROOT]

Outside the tables it fails on
  * any hit of the grep  [^A-Za-z_][0-9]+\\.?[0-9]*e-?[0-9]+  in a .c file
    of simplex/ or mip/, comments included (prose writes 10^-9);
and, in their code (comments and strings blanked: a number in prose is
not a literal), on
  * a floating literal (a point or an exponent) other than 0.0, 1.0, 2.0
    and 0.5, in .c and .h files;
  * a #define whose body is one numeric literal other than 0, 1, 2, 0.5,
    -1 and -2 (a tuning number in a local name);
and in the tables on a name defined twice and on a name nothing uses.
Prints "ok NAME" or "FAIL NAME: where" lines; exits 1 on a failure.
"""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else "."
LAYERS = ("simplex", "mip")
TABLES = {os.path.join("simplex", "spx_tune.h"), os.path.join("mip", "mip_tune.h")}
GREP = re.compile(r"[^A-Za-z_][0-9]+\.?[0-9]*e-?[0-9]+")
NUMBER = re.compile(
    r"(?<![A-Za-z_0-9.])((?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?[fFlLuU]*)"
    r"(?![A-Za-z_0-9.])")
TRIVIAL_FLOATS = {"0.0", "1.0", "2.0", "0.5", "0.", "1.", "2."}
TRIVIAL_DEFINES = {"0", "1", "2", "0.5", "-1", "-2"}
DEFINE = re.compile(r"^\s*#\s*define\s+(\w+)\s+\(?\s*(-?\s*[0-9][0-9A-Za-z.+-]*)\s*\)?\s*$")
ENTRY = re.compile(r"^X\((\w+), (\w+), ([^)]+)\)")


def blank_comments_and_strings(src):
    """The source with comments and string/char literals blanked, lines kept."""
    out, i, n = [], 0, len(src)
    while i < n:
        if src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", src[i:j]))
            i = j
        elif src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif src[i] in "\"'":
            q, j = src[i], i + 1
            while j < n and src[j] != q and src[j] != "\n":
                j += 2 if src[j] == "\\" else 1
            out.append(q + " " * (j - i - 1) + q)
            i = j + 1
        else:
            out.append(src[i])
            i += 1
    return "".join(out)


def sources():
    for layer in LAYERS:
        for d, _, files in os.walk(os.path.join(ROOT, layer)):
            for f in sorted(files):
                if f.endswith((".c", ".h")):
                    path = os.path.join(d, f)
                    yield os.path.relpath(path, ROOT), path


def main():
    failed = 0

    def report(name, hits):
        nonlocal failed
        if hits:
            failed = 1
            for h in hits[:20]:
                print("FAIL %s: %s" % (name, h))
            if len(hits) > 20:
                print("FAIL %s: ... %d more" % (name, len(hits) - 20))
        else:
            print("ok %s" % name)

    grep_hits, float_hits, define_hits = [], [], []
    code_of = {}
    for rel, path in sources():
        text = open(path, encoding="utf-8").read()
        code = blank_comments_and_strings(text)
        code_of[rel] = code
        if rel in TABLES:
            continue
        if rel.endswith(".c"):
            for ln, line in enumerate(text.split("\n"), 1):
                if GREP.search(line):
                    grep_hits.append("%s:%d: %s" % (rel, ln, line.strip()))
        for ln, line in enumerate(code.split("\n"), 1):
            where = "%s:%d: %s" % (rel, ln, line.strip())
            if line.lstrip().startswith("#include"):
                continue
            for m in NUMBER.finditer(line):
                lit = m.group(1)
                is_float = re.search(r"[.]|[eE][-+]?\d", lit) and \
                    not lit.lower().startswith("0x")
                if is_float and lit.rstrip("fFlL") not in TRIVIAL_FLOATS:
                    float_hits.append(where)
            d = DEFINE.match(line)
            if d and d.group(2).replace(" ", "") not in TRIVIAL_DEFINES:
                define_hits.append(where)
    report("tune-grep-exponents", grep_hits)
    report("tune-float-literals", float_hits)
    report("tune-numeric-defines", define_hits)

    names, dup_hits, unused_hits = {}, [], []
    for table in sorted(TABLES):
        for ln, line in enumerate(code_of.get(table, "").split("\n"), 1):
            m = ENTRY.match(line)
            if not m:
                continue
            name = m.group(2)
            if name in names:
                dup_hits.append("%s:%d: %s (also %s)" % (table, ln, name, names[name]))
            names[name] = "%s:%d" % (table, ln)
    if not names:
        dup_hits.append("no entries found in %s" % ", ".join(sorted(TABLES)))
    everything = "\n".join(c for rel, c in code_of.items() if rel not in TABLES)
    for name, where in sorted(names.items()):
        if not re.search(r"\b%s\b" % name, everything):
            unused_hits.append("%s: %s is used nowhere" % (where, name))
    report("tune-names-once", dup_hits)
    report("tune-names-used", unused_hits)
    return failed


if __name__ == "__main__":
    sys.exit(main())
