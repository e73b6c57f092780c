#!/bin/sh
# t_static.sh -- make static gives a program that needs no shared library
# (ldd: "not a dynamic executable") and solves a puzzle and models as
# the dynamic one does, with the same search (p0201 and lseu choose
# among cuts of equal efficacy, which musl's qsort and glibc's would
# order differently). Skipped without musl-gcc (musl-tools).
. tests/e2e/lib.sh
if ! have musl-gcc; then
    skip static "musl-gcc is not installed (apt-get install musl-tools)"
    exit 0
fi
if ! plain_make -s static >"$tmp/make.log" 2>&1; then
    fail static "make static: $(tail -n 3 "$tmp/make.log")"
    exit 1
fi
if ldd ./bnb-static 2>&1 | grep -q 'not a dynamic executable'; then
    ok static-linked
else
    fail static-linked "$(ldd ./bnb-static 2>&1 | head -n 2)"
fi
for f in data/kakuro-hartmann2018.txt bench/miplib/p0033.mps bench/miplib/p0201.mps \
    bench/miplib/lseu.mps; do
    a=$(./bnb-static "$f" 2>&1 | tail -n 1 | sed 's/, peak.*//')
    b=$("$BNB" "$f" 2>&1 | tail -n 1 | sed 's/, peak.*//')
    if [ "$a" = "$b" ]; then ok "static-$(basename "$f")"; else fail "static-$(basename "$f")" "'$a' vs '$b'"; fi
done
exit $failed
