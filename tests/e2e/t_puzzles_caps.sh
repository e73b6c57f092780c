#!/bin/sh
# t_puzzles_caps.sh -- large sizes and unusual clues: instances beyond
# 64 grid rows, 1,000 nodes, 9x9, 12 sets or 26 values, 4,096 gates
# (written by tests/caps/gen.awk, planted solutions) read, build, solve
# and pass the tests' rules checker; the files of tests/caps (clues that
# never hold, keys on both sides, long symbols) give the exit status of
# tests/caps/expected.txt; a size far beyond the lines present is refused
# with file:line:col before anything of that size is allocated.
# Env: BNB, PZ_TIMEOUT (default 60).
. tests/e2e/lib.sh
need_checker

gen() {   # gen NAME KIND N [M] [awk -v settings...]: $tmp/NAME.txt
    name=$1 kind=$2 n=$3 m=${4:-0}
    if [ $# -ge 4 ]; then shift 4; else shift $#; fi
    awk -v kind="$kind" -v n="$n" -v m="$m" "$@" -f tests/caps/gen.awk \
        > "$tmp/$name.txt"
}

# Infinity Loop: 100 rows; 100x100 is read and built
# here too, but its root LP takes minutes, so it is solved as a strip.
gen il100x8 infinityloop 100 0 -v cols=8
solved infinityloop-100x8 "$tmp/il100x8.txt"
# V3ck: 1,200 nodes and 2,400 edges.
gen v3ck1200 v3ck 1200
solved v3ck-1200-nodes "$tmp/v3ck1200.txt"
# KenKen: 12x12 and 16x16: two-digit values, primes 11 and 13
# in the products.
gen kk12 kenken 12
solved kenken-12x12 "$tmp/kk12.txt"
gen kk16 kenken 16 0 -v seed=7
solved kenken-16x16 "$tmp/kk16.txt"
# Logic grid: 13 sets of 27 values, 108 clues,
# oneof with key values on both sides.
gen lg13 logicgrid 13 27
solved logicgrid-13-sets-27-values "$tmp/lg13.txt"
# Circuit: 1,400 inputs and 2,700 gates, 4,100 nodes.
gen ci circuit 1400 2700
solved circuit-4100-nodes "$tmp/ci.txt"
# Binary Sudoku 18x18 with distinct lines (the 2^n rows stop at 16):
# refused under the default, solved under --variant aux.
if run binairo-18-paper 2 tests/caps/binairo-18x18.txt; then
    if grep -q 'binairo-18x18.txt:4:7: size 18 is too large.*--variant aux' \
           "$tmp/err"
    then ok binairo-18-paper
    else fail binairo-18-paper "message: $(head -c 200 "$tmp/err")"; fi
fi
solved binairo-18-aux tests/caps/binairo-18x18.txt --variant aux

# Names are never cut: a 300-character region symbol, and logic-grid
# values of 200 characters.
long=$(awk 'BEGIN { while (n++ < 300) printf "R" }')
{
    echo "puzzle: starbattle"; echo "size: 2"; echo "regions:"
    echo "$long A"; echo "$long A"
} > "$tmp/sbname.txt"
run starbattle-long-symbol 1 "$tmp/sbname.txt" && ok starbattle-long-symbol

# Read, build and write the 100x100 Infinity Loop (37,444 columns): the
# LP file is complete before the search starts.
gen il100 infinityloop 100
limit "$BNB" --write-lp "$tmp/il100.lp" --node-limit 1 --time-limit 1 \
    "$tmp/il100.txt" >/dev/null 2>&1 &
pid=$!
i=0
while [ $i -lt 60 ] && ! tail -n 1 "$tmp/il100.lp" 2>/dev/null | grep -q '^End'
do
    sleep 1; i=$((i + 1))
done
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
if tail -n 1 "$tmp/il100.lp" 2>/dev/null | grep -q '^End' &&
   grep -q '^. infinityloop: [0-9]* rows, [0-9]* columns' "$tmp/il100.lp"
then
    ok infinityloop-100x100-built
else
    fail infinityloop-100x100-built "no complete LP file in 60 s"
fi

# Absurd sizes from a few bytes: refused at the size, nothing allocated.
printf 'puzzle: kenken\nsize: 2000000000\ncages:\nA\nclues:\nA 1\n' \
    > "$tmp/kkhuge.txt"
if run kenken-huge-size 2 "$tmp/kkhuge.txt"; then
    if grep -q 'kkhuge.txt:4:2: cages row has 1 cells, expected 2000000000' \
           "$tmp/err"
    then ok kenken-huge-size
    else fail kenken-huge-size "message: $(head -c 200 "$tmp/err")"; fi
fi
printf 'puzzle: v3ck\nnodes: 2000000000\ncolors: 2\nedges:\n1 2\ndemands:\n1: 1 0\n' \
    > "$tmp/v3huge.txt"
if run v3ck-huge-nodes 2 "$tmp/v3huge.txt"; then
    if grep -q 'v3huge.txt:2:8: nodes: 2000000000 is more than' "$tmp/err"
    then ok v3ck-huge-nodes
    else fail v3ck-huge-nodes "message: $(head -c 200 "$tmp/err")"; fi
fi

# Unusual clues and symbols: a puzzle, solved or without solution.
grep -v '^#' tests/caps/expected.txt | while IFS='|' read -r f exit_want
do
    [ -n "$f" ] || continue
    if [ "$exit_want" = 0 ]; then
        solved "caps-$f" "tests/caps/$f"
    elif run "caps-$f" "$exit_want" "tests/caps/$f"; then
        ok "caps-$f"
    fi
done > "$tmp/caps.log"
cat "$tmp/caps.log"
grep -q '^FAIL' "$tmp/caps.log" && failed=1

exit $failed
