#!/bin/sh
# t_docs.sh -- the man page bnb.1 renders and names every option of
# --help; the bash completion (completion/bnb.bash) offers the options,
# the --set parameter names and the --variant values; README.md stays a
# front door, and every command README.md and docs/TEACHING.md show
# still prints what they quote (tests/docs_check.py).
: "${BNB:=./bnb}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

fail() { echo "FAIL $1: $2"; failed=1; }

if ! command -v groff >/dev/null 2>&1 && ! command -v man >/dev/null 2>&1
then
    echo "skip man-render: neither groff nor man is installed"
else
    if command -v groff >/dev/null 2>&1; then
        groff -man -Tutf8 -ww bnb.1 >"$tmp/man.txt" 2>"$tmp/man.err"
    else
        man -l bnb.1 >"$tmp/man.txt" 2>"$tmp/man.err"
    fi
    if [ -s "$tmp/man.txt" ] && [ ! -s "$tmp/man.err" ] &&
        grep -q 'an integer-programming solver' "$tmp/man.txt"; then
        echo "ok man-render"
    else
        fail man-render "$(head -n 3 "$tmp/man.err")"
    fi
fi

lines=$(wc -l <README.md)
if [ "$lines" -le 200 ]; then
    echo "ok readme-length"
else
    fail readme-length "README.md has $lines lines (at most 200)"
fi
if command -v python3 >/dev/null 2>&1; then
    python3 tests/docs_check.py "$BNB" README.md docs/TEACHING.md || failed=1
else
    echo "skip doc-commands: python3 is not installed"
fi

# The pictures and pages of docs/ are what this bnb makes (make docs).
mkdir "$tmp/docs"
if BNB="$BNB" sh tests/docs_make.sh "$tmp/docs" >/dev/null 2>&1; then
    stale=""
    for f in "$tmp"/docs/*; do
        cmp -s "$f" "docs/$(basename "$f")" || stale="$stale $(basename "$f")"
    done
    if [ -z "$stale" ]; then
        echo "ok docs-pictures"
    else
        fail docs-pictures "not what this bnb makes (run make docs):$stale"
    fi
else
    fail docs-pictures "tests/docs_make.sh failed"
fi

# Every option --help lists is in the man page.
missing=""
for opt in $("$BNB" --help | sed -n '/^options:/,/^$/p' | grep '^  --' |
             sed 's/   .*//' | grep -o -- '--[a-z][a-z-]*' | sort -u); do
    esc=$(echo "$opt" | sed 's/-/\\\\-/g')
    grep -q -- "$esc" bnb.1 || missing="$missing $opt"
done
if [ -z "$missing" ]; then
    echo "ok man-options"
else
    fail man-options "not in bnb.1:$missing"
fi

if ! command -v bash >/dev/null 2>&1; then
    echo "skip completion: bash is not installed"
    exit $failed
fi
# complete WORDS...: the completions of the last word.
complete_words() {
    bash -c '. completion/bnb.bash
             COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _bnb
             printf "%s\n" "${COMPREPLY[@]}"' bnb "$BNB" "$@"
}
if complete_words --tex | grep -qx -- --textbook &&
    complete_words --ex | grep -qx -- --explain &&
    complete_words --set pen | grep -qx 'penalties=' &&
    complete_words --set rc | grep -qx 'rc_fixing=' &&
    [ "$(complete_words --set '' | wc -l)" -ge 20 ] &&
    complete_words --variant pa | grep -qx paper &&
    complete_words --variant col | grep -qx colorbin &&
    complete_words --branch m | grep -qx most &&
    complete_words --branch s | grep -qx strong &&
    complete_words --node-select b | grep -q best &&
    complete_words --node-select d | grep -qx depth &&
    complete_words --set row | grep -qx 'row_rounding='; then
    echo "ok completion"
else
    fail completion "options, --set names or --variant values missing"
fi
exit $failed
