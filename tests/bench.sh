#!/bin/sh
# make bench: runs ./bnb over the benchmark set (the public MIPLIB and
# netlib models in bench, and every puzzle in data/) and, when
# glpsol / cbc are installed, runs them on the model bnb writes with
# --write-lp. Prints a table with the median wall time of BENCH_RUNS runs
# (default 3) and the ratios bnb/peer. BENCH_LIMIT caps one run (s).
# The whole-set run adds Flow Free colorbin (the seed with --variant).
#   usage: tests/bench.sh BNB [FILE...]
BNB=${1:-./bnb}
shift
RUNS=${BENCH_RUNS:-3}
LIMIT=${BENCH_LIMIT:-60}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${BNB_SHARED:-$ROOT/bench}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

default_count=-1
if [ $# -eq 0 ]; then
    set -- "$SHARED"/miplib/*.mps "$SHARED"/netlib/*.mps "$ROOT"/data/*.txt \
        "$ROOT"/tests/hard/*.txt
    default_count=$#
fi

now() { date +%s.%N; }

# median of the numbers on stdin
median() { sort -g | awk '{v[NR]=$1} END {if (NR==0) print "-"; else if (NR%2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'; }

# time_cmd OUTFILE CMD...: seconds of one run, or "timeout"
time_cmd() {
    out=$1; shift
    t0=$(now)
    timeout "$LIMIT" "$@" >"$out" 2>&1
    rc=$?
    t1=$(now)
    if [ $rc -eq 124 ]; then echo timeout; else echo "$t1 $t0" | awk '{printf "%.4f\n", $1-$2}'; fi
}

# bench_peer NAME CMD...: median seconds of RUNS runs, or ">LIMIT"
bench_peer() {
    shift
    : >"$tmp/times"
    i=0
    while [ $i -lt "$RUNS" ]; do
        t=$(time_cmd "$tmp/peer.out" "$@")
        if [ "$t" = timeout ]; then echo ">$LIMIT"; return; fi
        echo "$t" >>"$tmp/times"
        i=$((i + 1))
    done
    median <"$tmp/times"
}

ratio() {
    case "$1$2" in *'>'*|*-*) echo "-";; *) echo "$1 $2" | awk '{ if ($2 > 0) printf "%.2f", $1/$2; else print "-" }';; esac
}

have_glpsol=$(command -v glpsol)
have_cbc=$(command -v cbc)
[ -z "$have_glpsol" ] && echo "# glpsol not installed: its column is empty (apt-get install glpk-utils)"
[ -z "$have_cbc" ] && echo "# cbc not installed: its column is empty (apt-get install coinor-cbc)"
printf "%-28s %-10s %16s %16s %8s %9s %7s %8s %8s %8s %8s %8s\n" instance status objective known nodes iters peak_MB bnb_s glpsol_s ratio cbc_s ratio
# bench_one NAME FILE [BNB OPTIONS...]: one line of the table
bench_one() {
    name=$1 f=$2
    shift 2
    known=$(awk -v n="$name" '$1 == n {print $2}' "$SHARED/solu.txt" 2>/dev/null)
    : >"$tmp/times"
    i=0
    while [ $i -lt "$RUNS" ]; do
        t=$(time_cmd "$tmp/bnb.out" "$BNB" "$@" "$f")
        [ "$t" = timeout ] && break
        echo "$t" >>"$tmp/times"
        i=$((i + 1))
    done
    if [ "$t" = timeout ]; then
        bnb_s=">$LIMIT"; status=timeout; obj=-; nodes=-; iters=-; peak=-
    else
        bnb_s=$(median <"$tmp/times")
        summary=$(grep '^# ' "$tmp/bnb.out" | tail -n 1)
        status=$(echo "$summary" | sed 's/^# \([^,]*\),.*/\1/' | tr ' ' '_')
        obj=$(echo "$summary" | sed -n 's/.*objective \([^,]*\),.*/\1/p')
        nodes=$(echo "$summary" | sed -n 's/.* \([0-9]*\) nodes,.*/\1/p')
        iters=$(echo "$summary" | sed -n 's/.* \([0-9]*\) simplex iterations.*/\1/p')
        peak=$(echo "$summary" | sed -n 's/.* peak \([0-9.]*\) MB.*/\1/p')
    fi
    glp_s=-; cbc_s=-
    if [ -n "$have_glpsol$have_cbc" ]; then
        "$BNB" "$@" --quiet --node-limit 1 --write-lp "$tmp/m.lp" "$f" >/dev/null 2>&1
        if [ -s "$tmp/m.lp" ]; then
            [ -n "$have_glpsol" ] && glp_s=$(bench_peer glpsol glpsol --lp "$tmp/m.lp")
            [ -n "$have_cbc" ] && cbc_s=$(bench_peer cbc cbc "$tmp/m.lp" solve quit)
        fi
        rm -f "$tmp/m.lp"
    fi
    printf "%-28s %-10s %16s %16s %8s %9s %7s %8s %8s %8s %8s %8s\n" "$name" "$status" "${obj:--}" "${known:--}" "${nodes:--}" "${iters:--}" "${peak:--}" "$bnb_s" "$glp_s" "$(ratio "$bnb_s" "$glp_s")" "$cbc_s" "$(ratio "$bnb_s" "$cbc_s")"
}

for f in "$@"; do
    [ -e "$f" ] || continue
    name=$(basename "$f"); name=${name%.*}
    bench_one "$name" "$f"
done
# Formulations other than the default, for the whole-set run.
if [ $# -eq $default_count ]; then
    bench_one flowfree-hartmann2018-colorbin "$ROOT/data/flowfree-hartmann2018.txt" --variant colorbin
fi
