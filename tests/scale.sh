#!/bin/sh
# make scale: for every puzzle kind a ladder of sizes from the shipped
# examples' to well beyond, each instance made by `bnb --generate`; bnb
# against glpsol and cbc on the same model (bnb --write-lp). Writes the
# table $SCALE_OUT/scale.txt (median wall seconds; ">L" a timeout;
# "refused": bnb does not read the file) and, when gnuplot is installed,
# the plot $SCALE_OUT/scale.svg of time against size per kind.
#   usage: tests/scale.sh BNB
# Env: SCALE_RUNS runs per median (3), SCALE_LIMIT seconds per run (60),
# SCALE_QUICK=1 the first sizes of each ladder only, SCALE_KINDS the
# kinds to run (default all; "none": only remake table and plot),
# SCALE_SEED (1), SCALE_OUT (build/scale).
# A ladder stops after a size that every solver failed within the limit.
# Each kind's rows are kept in $SCALE_OUT/KIND.tsv, so runs of a few
# kinds at a time add up to the one table.
BNB=${1:-./bnb}
RUNS=${SCALE_RUNS:-3}
LIMIT=${SCALE_LIMIT:-60}
SEED=${SCALE_SEED:-1}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${SCALE_OUT:-$ROOT/build/scale}
case "$BNB" in /*) ;; *) BNB="$(pwd)/$BNB" ;; esac
mkdir -p "$OUT/instances" || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
. "$ROOT/tests/peers.sh"
peers_detect

# KIND: SIZE[:COLOURS] ... (colours: stars, line count, sets; see
# bnb --help, generators)
ladders='thermometer: 6 8 10 15 20 30 40
flowfree: 5 7 10 12 14 16
match22: 6:3 10:2 10:4 20:2 20:4 50:2 50:4 100:2 100:4 150:2 150:4
infinityloop: 8 12 20 50 100 150
starbattle: 8:1 10:2 14:2 20:3 25:3 30:3
kakuro: 6 8 10 12 14 16
binairo: 6 8 10 12 14 16
kenken: 4 5 6 7 9 10 12
v3ck: 12 30 100 300 1000 1200 2000 5000
knight: 5 6 8 10 12 16 20
monodot: 5 6 7 8 10 12 16
circuit: 8 20 50 80 200 500 1000 2000
logicgrid: 5:4 8:4 10:6 12:8 16:10 20:12 26:12 30:14
slider: 8 16 32 64 100'
QUICK_SIZES=3

# run_bnb FILE: sets bnb_s, status, nodes
run_bnb() {
    : >"$tmp/times"
    i=0
    while [ $i -lt "$RUNS" ]; do
        t=$(time_cmd "$tmp/bnb.out" "$BNB" "$1")
        [ "$t" = timeout ] && break
        echo "$t" >>"$tmp/times"
        i=$((i + 1))
    done
    nodes=-
    if [ "$t" = timeout ]; then
        bnb_s=">$LIMIT"; status=timeout
    elif [ "$(cat "$tmp/rc")" = 2 ]; then
        bnb_s=-; status=refused
    else
        bnb_s=$(median <"$tmp/times")
        summary=$(grep '^# ' "$tmp/bnb.out" | tail -n 1)
        status=$(echo "$summary" | sed 's/^# \([^,]*\),.*/\1/' | tr ' ' '_')
        nodes=$(echo "$summary" | sed -n 's/.* \([0-9]*\) nodes\{0,1\},.*/\1/p')
    fi
}

# one KIND SIZE COLOURS: one row of KIND.tsv; returns 1 when every
# solver failed (the ladder stops)
one() {
    kind=$1 size=$2 colours=$3
    f=$OUT/instances/$kind-$size${colours:+c$colours}-s$SEED.txt
    if ! "$BNB" --generate "$kind" --size "$size" ${colours:+--colours "$colours"} \
        --seed "$SEED" >"$f" 2>"$tmp/err"; then
        echo "# $kind $size: generator: $(cat "$tmp/err")"
        return 1
    fi
    run_bnb "$f"
    rm -f "$tmp/m.lp"
    # the file is written before the search starts: stop right after
    timeout "$LIMIT" "$BNB" --quiet --time-limit 0 --write-lp "$tmp/m.lp" "$f" >/dev/null 2>&1
    peers_on_model "$tmp/m.lp"
    printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n" "$kind" "$size" \
        "${colours:--}" "$status" "${nodes:--}" "$bnb_s" "$glp_s" "$cbc_s" \
        "$(ratio "$bnb_s" "$glp_s")" "$(ratio "$bnb_s" "$cbc_s")" \
        | tee -a "$OUT/$kind.tsv"
    case "$bnb_s$glp_s$cbc_s" in
    *[0-9].[0-9]*) return 0 ;;
    esac
    return 1
}

echo "$ladders" | while IFS=: read -r kind sizes; do
    case " ${SCALE_KINDS:-$kind} " in *" $kind "*) ;; *) continue ;; esac
    : >"$OUT/$kind.tsv"
    k=0
    for entry in $sizes; do
        k=$((k + 1))
        [ -n "$SCALE_QUICK" ] && [ $k -gt $QUICK_SIZES ] && break
        size=${entry%%:*}
        colours=
        case $entry in *:*) colours=${entry#*:} ;; esac
        one "$kind" "$size" "$colours" || break
    done
done

# The table of every kind run so far, in ladder order, with the settings
# of the last run that ran a kind.
[ "${SCALE_KINDS-x}" = none ] || echo "$RUNS $LIMIT $SEED" >"$OUT/settings"
[ -s "$OUT/settings" ] && read -r RUNS LIMIT SEED <"$OUT/settings"
{
    echo "# make scale: median wall seconds of $RUNS run(s), limit ${LIMIT} s, seed $SEED"
    printf "%-13s %5s %4s %-10s %8s %9s %9s %9s %7s %7s\n" kind size col \
        bnb_status nodes bnb_s glpsol_s cbc_s bnb/glp bnb/cbc
    echo "$ladders" | while IFS=: read -r kind sizes; do
        [ -s "$OUT/$kind.tsv" ] || continue
        awk -F'\t' '{printf "%-13s %5s %4s %-10s %8s %9s %9s %9s %7s %7s\n", $1, $2, $3, $4, $5, $6, $7, $8, $9, $10}' "$OUT/$kind.tsv"
    done
} >"$OUT/scale.txt"
echo "table: $OUT/scale.txt"

# The plot: one panel per kind, seconds (log) against size; a timeout is
# drawn at the limit, a size bnb refuses is left out.
command -v gnuplot >/dev/null || { echo "# gnuplot not installed: no plot (apt-get install gnuplot-nox)"; exit 0; }
plot="$tmp/plot.gp"
{
    echo "set terminal svg size 1400,1000 dynamic font 'sans,10'"
    echo "set output '$OUT/scale.svg'"
    echo "set multiplot layout 4,4 title 'bnb, glpsol and cbc: seconds against size (median, limit $LIMIT s)'"
    echo "set logscale y; set yrange [0.001:$((LIMIT * 2))]; set key top left font ',8'"
    echo "set datafile missing '-'"
} >"$plot"
echo "$ladders" | while IFS=: read -r kind sizes; do
    [ -s "$OUT/$kind.tsv" ] || continue
    awk -F'\t' -v L="$LIMIT" 'function t(v) { return v ~ /^[0-9.]+$/ ? v : L }
        $4 != "refused" { print $2, t($6), t($7), t($8) }' "$OUT/$kind.tsv" >"$OUT/$kind.dat"
    echo "set title '$kind'; plot '$OUT/$kind.dat' u 1:2 w lp t 'bnb', '' u 1:3 w lp t 'glpsol', '' u 1:4 w lp t 'cbc'" >>"$plot"
done
echo "unset multiplot" >>"$plot"
gnuplot "$plot" && echo "plot: $OUT/scale.svg"
