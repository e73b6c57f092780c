#!/usr/bin/env python3
"""docs_check.py BNB FILE.md...: the commands a document shows still print
what it quotes, and its links resolve.

In an indented code block, a line `$ ./bnb ...` is a command; the lines
under it, up to the next command or the end of the block, are lines its
output must contain, in that order (`...` stands for lines left out).
A block that starts with `...` goes on quoting the last command; other
blocks are not checked.
Times (`0.031 s`) and peak memory are not compared. Commands run in a
scratch folder that holds the repository's data, so a command that
writes a file (`--tree docs/kakuro.svg`) leaves the repository as it
was. Prints one `ok NAME` or `FAIL NAME: why` line per command and link.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIME = re.compile(r"\b\d+(\.\d+)? s\b")
PEAK = re.compile(r"peak \d+(\.\d+)? MB")


def normal(line):
    return PEAK.sub("peak M MB", TIME.sub("T s", line.rstrip()))


def blocks(text):
    """The indented code blocks of a Markdown text, as lists of lines."""
    out, cur = [], None
    for line in text.split("\n"):
        if line.startswith("    "):
            if cur is None:
                cur = []
                out.append(cur)
            cur.append(line[4:])
        elif line.strip() == "" and cur is not None:
            continue
        else:
            cur = None
    return out


def quoted_commands(text):
    """[(command, [expected lines])] in the order the document shows them."""
    cmds = []
    for block in blocks(text):
        for line in block:
            if line.startswith("$ "):
                cmds.append((line[2:], []))
            elif cmds and block[0].split()[0] in ("$", "..."):
                cmds[-1][1].append(line)
    return cmds


def contains_in_order(output, expected):
    """The first expected line not found in order, or None."""
    lines = [normal(l) for l in output.split("\n")]
    at = 0
    for want in expected:
        if want.strip() == "...":
            continue
        w = normal(want)
        while at < len(lines) and lines[at] != w:
            at += 1
        if at == len(lines):
            return want
        at += 1
    return None


def scratch(bnb):
    d = tempfile.mkdtemp()
    for name in ("data", "tests", "bench"):
        os.symlink(os.path.join(ROOT, name), os.path.join(d, name))
    shutil.copytree(os.path.join(ROOT, "docs"), os.path.join(d, "docs"))
    os.symlink(bnb, os.path.join(d, "bnb"))
    return d


def check_links(doc, text):
    ok = True
    base = os.path.dirname(doc)
    for target in re.findall(r"\]\(([^)]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        path = target.split("#")[0]
        if path and not os.path.exists(os.path.join(base, path)):
            print(f"FAIL link {os.path.relpath(doc, ROOT)}: {target} does not exist")
            ok = False
    if ok:
        print(f"ok links {os.path.relpath(doc, ROOT)}")
    return ok


def main():
    bnb = os.path.abspath(sys.argv[1])
    failed = 0
    for doc in sys.argv[2:]:
        doc = os.path.join(ROOT, doc)
        text = open(doc, encoding="utf-8").read()
        failed += not check_links(doc, text)
        name = os.path.relpath(doc, ROOT)
        d = scratch(bnb)
        try:
            for k, (cmd, expected) in enumerate(quoted_commands(text), 1):
                if not cmd.startswith("./bnb"):
                    continue
                run = subprocess.run(["sh", "-c", cmd], cwd=d, capture_output=True,
                                     text=True, timeout=120)
                missing = contains_in_order(run.stdout + run.stderr, expected)
                if missing is None:
                    print(f"ok doc-command {name}#{k}")
                else:
                    print(f"FAIL doc-command {name}#{k}: `{cmd}` no longer prints: {missing}")
                    failed += 1
        finally:
            shutil.rmtree(d)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
