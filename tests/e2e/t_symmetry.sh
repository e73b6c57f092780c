#!/bin/sh
# t_symmetry.sh -- the symmetry handling (mip/sym/) on generated models
# (tests/gen_symmetric.py): the bins of a bin packing and the colours of
# a colouring found from the model and told by --trace and --events; the
# same optimum with it off; --all counts and --textbook without it.
. tests/e2e/lib.sh

if ! have python3; then
    skip symmetry "no python3"
    exit 0
fi
python3 tests/gen_symmetric.py binpack 12 3 >"$tmp/bp.lp"
python3 tests/gen_symmetric.py colour 10 4 40 2 >"$tmp/col.lp"
bins=$(sed -n 's/.* items, \([0-9]*\) bins.*/\1/p' "$tmp/bp.lp")

# objective FILE [OPTIONS...]: the summary's "optimal, objective Z".
objective() {
    f=$1
    shift
    limit "$BNB" "$@" "$f" | grep -o '^# optimal, objective [0-9.e+-]*'
}

if limit "$BNB" --trace "$tmp/bp.lp" >"$tmp/out" 2>&1 &&
    grep -q "^# symmetry: $bins interchangeable blocks of 13 binary columns" \
        "$tmp/out"; then
    ok "symmetry bins found"
else
    fail "symmetry bins found" "$(grep -m1 symmetry "$tmp/out")"
fi
limit "$BNB" --events "$tmp/ev.json" "$tmp/col.lp" >/dev/null 2>&1
want='"ev":"symmetry","node":0,"blocks":4,"block_cols":11,"packing_rows":10'
if grep -q "$want" "$tmp/ev.json"; then
    ok "symmetry colours found"
else
    fail "symmetry colours found" "$(grep -m1 symmetry "$tmp/ev.json")"
fi
# two bin packings whose searches branch (hundreds of nodes either way):
# the fixing at the nodes keeps the optimum too
python3 tests/gen_symmetric.py binpack 20 16 >"$tmp/bp2.lp"
python3 tests/gen_symmetric.py binpack 25 14 >"$tmp/bp3.lp"
for f in bp col bp2 bp3; do
    on=$(objective "$tmp/$f.lp")
    off=$(objective "$tmp/$f.lp" --set symmetry=0)
    if [ -n "$on" ] && [ "$on" = "$off" ]; then
        ok "symmetry $f same optimum"
    else
        fail "symmetry $f same optimum" "'$on' with it, '$off' without"
    fi
done

limit "$BNB" --textbook --trace "$tmp/bp.lp" >"$tmp/out" 2>&1
if grep -q '^# symmetry' "$tmp/out"; then
    fail "symmetry textbook" "--textbook used it"
else
    ok "symmetry textbook"
fi

# A colouring of 5 vertices with 3 colours: --all counts every colouring
# of the fewest colours, whatever the symmetry would fix.
python3 tests/gen_symmetric.py colour 5 3 60 1 >"$tmp/small.lp"
a=$(limit "$BNB" --all --trace "$tmp/small.lp" 2>&1 | tee "$tmp/out" |
    sed -n 's/^# solutions: //p')
b=$(limit "$BNB" --all --set symmetry=0 "$tmp/small.lp" |
    sed -n 's/^# solutions: //p')
if [ -n "$a" ] && [ "$a" = "$b" ] && [ "$a" -gt 1 ] &&
    ! grep -q '^# symmetry' "$tmp/out"; then
    ok "symmetry --all counts"
else
    fail "symmetry --all counts" "$a with it, $b without"
fi
# A bin packing whose LP bound, rounded up, is its optimum (12 bins): the
# search must find a packing that meets it. With the rows ordered as the
# search touches them the fixing follows the branching (6769 nodes; 6257
# without symmetry); a fixed order of the rows (item i only in bins
# 0..i) fought the dives' choices and took 92037.
python3 tests/gen_symmetric.py binpack 35 2 >"$tmp/bp35.lp"
if limit "$BNB" --node-limit 20000 "$tmp/bp35.lp" >"$tmp/out" 2>&1 &&
    grep -q '^# optimal, objective 12,' "$tmp/out"; then
    ok "symmetry bin packing follows the branching"
else
    fail "symmetry bin packing follows the branching" \
        "$(grep 'nodes,' "$tmp/out" | tail -1)"
fi

exit $failed
