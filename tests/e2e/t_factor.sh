#!/bin/sh
# t_factor.sh -- the dense basis inverse (--set basis=dense) against the
# default sparse LU factors: the same answer on the test models, the same
# pivots in the teaching trace, the same puzzle solutions, and a clear
# refusal (with the LU doing the work) above its row limit.
: "${BNB:?set BNB to the bnb binary}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
ok() { echo "ok $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }

# The output without timings, numbers to 9 digits (the two inverses
# round differently in the last places).
untimed() {
    sed 's/, peak [0-9.]* MB//; s/, [0-9.]* s$//; s/[0-9][0-9]*\.[0-9][0-9]* s$/T s/' |
        awk '{ for (i = 1; i <= NF; i++)
                   if ($i ~ /^-?[0-9]+\.[0-9]+(e[-+]?[0-9]+)?$/)
                       $i = sprintf("%.9g", $i + 0);
               print }'
}

# Without the node and iteration counts: on a MIP the two inverses may
# break a tie (a pivot, a cut) differently and search other trees.
uncounted() {
    sed 's/, [0-9]* nodes\{0,1\}, [0-9]* simplex iterations\{0,1\}//'
}

# same NAME OPTIONS FILE [FILTER]: identical output with both inverses.
same() {
    name=$1 opts=$2 f=$3 filter=${4:-cat}
    "$BNB" $opts "$f" 2>&1 | untimed | $filter >"$tmp/lu"
    "$BNB" --set basis=dense $opts "$f" 2>&1 | untimed | $filter >"$tmp/dense"
    if cmp -s "$tmp/lu" "$tmp/dense"; then ok "$name"; else
        fail "$name" "LU and dense differ:"
        diff "$tmp/lu" "$tmp/dense" | head -n 10
    fi
}

for f in tests/models/*.mps tests/models/*.lp; do
    same "dense $(basename "$f")" "" "$f" uncounted
done
same "dense pivots teach.lp" --trace=lp tests/models/teach.lp
same "dense pivots knap.mps" --trace=lp tests/models/knap.mps
same "dense tableau teach.lp" --tableau tests/models/teach.lp

# Puzzles: each solved under the dense inverse, its answer verified
# against the rules (exit 0); where the solution is unique (KenKen 9x9),
# the same grid as the LU's. The others have several solutions, and the
# two inverses may branch differently and meet another first.
for f in data/kakuro-6x6.txt data/kenken-9x9.txt data/binairo-12x12.txt \
         data/flowfree-7x7.txt; do
    if "$BNB" --set basis=dense "$f" >"$tmp/dense"; then
        ok "dense $(basename "$f") verified"
    else
        fail "dense $(basename "$f")" "exit $?: $(tail -n 1 "$tmp/dense")"
    fi
done
f=data/kenken-9x9.txt
"$BNB" "$f" | sed '$d' >"$tmp/lu"
"$BNB" --set basis=dense "$f" | sed '$d' >"$tmp/dense"
if [ -s "$tmp/lu" ] && cmp -s "$tmp/lu" "$tmp/dense"; then
    ok "dense $(basename "$f") same grid"
else
    fail "dense $(basename "$f")" "the grids differ"
fi

# Above 5000 rows the dense inverse is refused and the LU solves:
# max sum x_i subject to x_i <= 1 for 5001 rows.
awk 'BEGIN { n = 5001; printf "maximize\n obj:"; for (i = 1; i <= n; i++)
    printf " + x%d", i; printf "\nsubject to\n";
    for (i = 1; i <= n; i++) printf " c%d: x%d <= 1\n", i, i; print "end" }' \
    >"$tmp/big.lp"
out=$("$BNB" --set basis=dense "$tmp/big.lp")
case $out in
*"# warning: basis=dense refused for 5001 rows"*"# optimal, objective 5001,"*)
    ok "dense refused above its limit" ;;
*) fail "dense refused above its limit" "$(echo "$out" | tail -n 2)" ;;
esac

exit $failed
