#!/bin/sh
# t_teach.sh -- the teaching output: --trace, --trace=lp and --tableau
# against golden files (timings masked), --trace-file, --tree (DOT and
# BAK), --model-stats, and that tracing never changes the search.
#
# The golden model tests/models/teach.lp, checked by hand:
#   max 5 x1 + 8 x2  s.t.  c1: x1 + x2 <= 6,  c2: 5 x1 + 9 x2 <= 45,
#   x1, x2 >= 0 integer.
#   Root LP: x2 enters first (d = -8, ratios 6/1 and 45/9: c2 leaves,
#   x2 = 5, z = 40), then x1 (d = -5/9, ratio 1/(4/9) = 9/4: c1 leaves):
#   x1 = 9/4, x2 = 15/4, z = 165/4 = 41.25.
#   x2 >= 4: c2 leaves 5 x1 <= 9, so x1 <= 1 (integer): x2 = 40/9,
#     z = 5 + 320/9 = 365/9 = 40.56 (x1 >= 2 would be infeasible).
#     x2 <= 4: x = (1, 4), z = 37, the first incumbent.
#     x2 >= 5: x = (0, 5), z = 40, better: the optimum.
#   x2 <= 3: x1 <= 3 (c1), z <= 15 + 24 = 39 < 40: pruned by bound.
# The goldens follow the engine's search order; after a deliberate change
# to the search, check the new trace against the above and regenerate:
#   ./bnb --trace tests/models/teach.lp | sed 's/[0-9][0-9]*\.[0-9][0-9]* s$/T s/' \
#       > tests/golden/teach-trace.txt     (likewise --trace=lp, --tableau)
: "${BNB:=./bnb}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
model=tests/models/teach.lp
puzzle=data/starbattle-formats5.txt

fail() { echo "FAIL $1: $2"; failed=1; }

mask() { sed 's/, peak [0-9.]* MB//; s/[0-9][0-9]*\.[0-9][0-9]* s$/T s/'; }

# summary FILE: the last line without its time
summary() { tail -n 1 "$1" | sed 's/, peak [0-9.]* MB//; s/, [0-9.]* s$//'; }

# golden NAME OPTION FILE
golden() {
    "$BNB" $2 "$model" 2>&1 | mask >"$tmp/$1"
    if cmp -s "$tmp/$1" "tests/golden/$3"; then
        echo "ok golden $1"
    else
        fail "golden $1" "differs from tests/golden/$3:"
        diff "tests/golden/$3" "$tmp/$1" | head -n 20
    fi
}

golden trace --trace teach-trace.txt
golden trace-lp --trace=lp teach-trace-lp.txt
golden tableau --tableau teach-tableau.txt

# --trace-file: the trace leaves stdout for the file.
"$BNB" --trace --trace-file "$tmp/trace.txt" "$model" >"$tmp/out.txt"
if ! grep -q '^# node 0' "$tmp/out.txt" && grep -q '^# node 0' "$tmp/trace.txt"
then
    echo "ok trace-file"
else
    fail trace-file "the trace is not (only) in the file"
fi

# --quiet keeps stdout to the solution block even with --trace.
"$BNB" --quiet --trace "$model" >"$tmp/quiet.txt"
if [ "$(cat "$tmp/quiet.txt")" = "x2 5" ]; then
    echo "ok quiet-trace"
else
    fail quiet-trace "stdout has more than the solution block"
fi

# Tracing never changes the search: same summary with everything on.
for f in "$model" "$puzzle" data/thermometer-hartmann2018.txt; do
    "$BNB" "$f" >"$tmp/plain.txt" 2>&1
    "$BNB" --trace=lp --tableau --tree "$tmp/t.dot" "$f" >"$tmp/all.txt" 2>&1
    if [ "$(summary "$tmp/plain.txt")" = "$(summary "$tmp/all.txt")" ]; then
        echo "ok same-search $(basename "$f")"
    else
        fail "same-search $(basename "$f")" \
            "$(summary "$tmp/plain.txt") / $(summary "$tmp/all.txt")"
    fi
done

# Probing: a puzzle's trace tells how many binaries it fixed before the
# root LP; --set probing=0 turns it off.
"$BNB" --trace "$puzzle" >"$tmp/probe.txt"
"$BNB" --trace --set probing=0 "$puzzle" >"$tmp/noprobe.txt"
if grep -q '^# probing: [1-9][0-9]* binary columns fixed' "$tmp/probe.txt" &&
    ! grep -q '^# probing: [0-9]' "$tmp/noprobe.txt"; then
    echo "ok trace-probing"
else
    fail trace-probing "no probing line, or one with probing=0"
fi

# --tree: one DOT node per B&B node of the summary; dot parses it.
for f in "$puzzle" data/thermometer-hartmann2018.txt; do
    name=$(basename "$f" .txt)
    "$BNB" --tree "$tmp/$name.dot" "$f" >"$tmp/tree.txt"
    want=$(sed -n 's/.* \([0-9]*\) nodes,.*/\1/p' "$tmp/tree.txt" | tail -n 1)
    got=$(grep -c '^  n[0-9]* \[' "$tmp/$name.dot")
    if [ "$want" = "$got" ]; then
        echo "ok tree-nodes $name"
    else
        fail "tree-nodes $name" "summary says $want nodes, the DOT has $got"
    fi
    if ! command -v dot >/dev/null 2>&1; then
        echo "skip tree-dot $name: graphviz (dot) is not installed"
    elif dot -Tsvg "$tmp/$name.dot" -o "$tmp/$name.svg" 2>"$tmp/dot.err"
    then
        echo "ok tree-dot $name"
    else
        fail "tree-dot $name" "$(head -n 3 "$tmp/dot.err")"
    fi
done

# --tree FILE.bak: a BAK log, one line per node, the root first, the
# optimum as an "integer" line.
"$BNB" --tree "$tmp/t.bak" "$model" >"$tmp/bak.txt"
want=$(sed -n 's/.* \([0-9]*\) nodes,.*/\1/p' "$tmp/bak.txt" | tail -n 1)
if [ "$(wc -l <"$tmp/t.bak" | tr -d ' ')" = "$want" ] &&
    head -n 1 "$tmp/t.bak" | grep -q '^[0-9.]* branched 0 -1 M 41.25 ' &&
    grep -q '^[0-9.]* integer [0-9]* [0-9]* [LR] 40$' "$tmp/t.bak"; then
    echo "ok tree-bak"
else
    fail tree-bak "unexpected BAK log: $(head -n 2 "$tmp/t.bak")"
fi

# --model-stats on a puzzle: families with equation numbers and counts.
"$BNB" --model-stats "$puzzle" >"$tmp/stats.txt"
if grep -q '^#   (4)square  *4  *16  *64  *<=$' "$tmp/stats.txt" &&
    grep -q '^#   (1)row  *1  *5  *25  *=$' "$tmp/stats.txt" &&
    grep -q '^#   x  *25  *25  *0  *0$' "$tmp/stats.txt"; then
    echo "ok model-stats"
else
    fail model-stats "families not as expected"
    grep '^#   ' "$tmp/stats.txt" | head -n 8
fi

# Reduced-cost fixing is narrated: the integer knapsack fixes bounds at
# some nodes once it has an incumbent, each report right before that
# node's branching line.
"$BNB" --trace tests/models/knap.mps >"$tmp/knap.txt"
if grep -q '^#   reduced-cost fixing: [0-9]* bounds\{0,1\} tightened$' \
        "$tmp/knap.txt" &&
    [ -z "$(grep -A1 '^#   reduced-cost fixing: [0-9]' "$tmp/knap.txt" |
            grep -v '^#   reduced-cost fixing\|^#   => branch on\|^--$')" ]; then
    echo "ok trace-rc-fixing"
else
    fail trace-rc-fixing "no reduced-cost fixing line before a branch"
fi

# --tableau on a model too big to read: one polite line, then the solve.
"$BNB" --tableau "$puzzle" >"$tmp/big.txt"
if [ "$(grep -c '^# --tableau: ' "$tmp/big.txt")" = 1 ] &&
    ! grep -q '^#     basis' "$tmp/big.txt"; then
    echo "ok tableau-refusal"
else
    fail tableau-refusal "no single refusal line"
fi

exit $failed
