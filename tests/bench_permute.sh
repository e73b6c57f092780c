#!/bin/sh
# make bench PERMUTE=K (tests/bench.sh --permute K): performance
# variability as MIPLIB measures it. Each MIPLIB model of bench/ (or each
# FILE given) is solved under K seeded random orders of its columns and
# rows (bnb --permute 1 .. K); per model the table gives the runs that
# reached the known optimum, the median and max/min ratio of the solve
# time bnb reports and of the node count, and the last lines
# the median ratios over the models (and over those with a run longer
# than 0.1 s, where the clock's millisecond is not the spread).
# The spread asked about is between orders: each order is solved
# BENCH_RUNS times (default 3) and its time is the least of them, the
# run other processes disturbed least (the search is the same each time).
#   usage: tests/bench_permute.sh K BNB [FILE...]
K=$1 BNB=$2
shift 2
LIMIT=${BENCH_LIMIT:-60}
RUNS=${BENCH_RUNS:-3}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SHARED=$ROOT/bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ $# -eq 0 ] && set -- "$SHARED"/miplib/*.mps
. "$ROOT/tests/peers.sh"

# spread COLUMN: "median max/min" of the numbers in column COLUMN of
# $tmp/runs (a ratio of "-" when the smallest is 0); with "max", also the
# largest before the ratio
spread() {
    m=$(awk -v c="$1" '{ print $c }' "$tmp/runs" | median)
    awk -v c="$1" -v m="$m" -v show="$2" '
        NR == 1 || $c < lo { lo = $c } NR == 1 || $c > hi { hi = $c }
        END { printf "%s ", m; if (show) printf "%s ", hi
              if (lo > 0) printf "%.2f\n", hi / lo; else print "-" }' "$tmp/runs"
}

# one_model NAME FILE: the K runs, then the table's line
one_model() {
    known=$(awk -v n="$1" '$1 == n {print $2}' "$SHARED/solu.txt" 2>/dev/null)
    : >"$tmp/runs"
    reached=0 s=1
    while [ "$s" -le "$K" ]; do
        secs=
        r=0
        while [ "$r" -lt "$RUNS" ]; do
            timeout "$LIMIT" "$BNB" --permute "$s" "$2" >"$tmp/out" 2>&1
            summary=$(grep '^# ' "$tmp/out" | tail -n 1)
            t=$(echo "$summary" | sed -n 's/.*, \([0-9.]*\) s$/\1/p')
            [ -z "$t" ] && break   # a limit: no faster run to wait for
            secs=$(awk -v a="${secs:-$t}" -v b="$t" 'BEGIN { print (b < a ? b : a) }')
            r=$((r + 1))
        done
        obj=$(echo "$summary" | sed -n 's/^# optimal, objective \([^,]*\),.*/\1/p')
        nodes=$(echo "$summary" | sed -n 's/.* \([0-9]*\) nodes\{0,1\},.*/\1/p')
        if [ -n "$obj" ] && { [ -z "$known" ] ||
            awk -v a="$obj" -v b="$known" 'BEGIN { d = a - b; if (d < 0) d = -d
                exit !(d <= 1e-6 * (1 + (b < 0 ? -b : b))) }'; }; then
            reached=$((reached + 1))
        fi
        echo "${secs:-$LIMIT} ${nodes:-0}" >>"$tmp/runs"
        s=$((s + 1))
    done
    printf "%-12s %7s %8s %8s %8s %9s %8s\n" "$1" "$reached/$K" \
        $(spread 1 max) $(spread 2) | tee -a "$tmp/table"
}

printf "%-12s %7s %8s %8s %8s %9s %8s\n" model optimum time_s max_s max/min nodes max/min
for f in "$@"; do
    [ -e "$f" ] || continue
    name=$(basename "$f"); name=${name%.*}
    one_model "$name" "$f"
done
time_all=$(awk '$5 != "-" { print $5 }' "$tmp/table" | median)
time_long=$(awk '$4 > 0.1 && $5 != "-" { print $5 }' "$tmp/table" | median)
nodes_all=$(awk '$7 != "-" { print $7 }' "$tmp/table" | median)
worst=$(awk '$4 > 0.1 { if ($5 + 0 > w) { w = $5 + 0; n = $1 } } END { print (n ? n " " w : "-") }' "$tmp/table")
missed=$(awk '{ split($2, r, "/"); m += r[2] - r[1] } END { print m + 0 }' "$tmp/table")
echo "# $K permutations of columns and rows per model (bnb --permute 1..$K)"
echo "# median over models of max/min: time $time_all, nodes $nodes_all"
echo "# over models with a run past 0.1 s: time $time_long; largest: $worst"
echo "# runs that missed the known optimum: $missed"
[ "$missed" -eq 0 ]
