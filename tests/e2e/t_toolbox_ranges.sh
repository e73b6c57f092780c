#!/bin/sh
# t_toolbox_ranges.sh -- --ranges, the sensitivity analysis of an LP:
# Hillier and Lieberman's Wyndor ranges (sec. 4.7) exactly, a model with
# integer columns only with --lp-only, and the numbers of glpsol --ranges
# on netlib LPs (tests/ranges_check.py says which of glpsol's columns
# correspond to ours). An LP with several optimal bases may end in
# another one in glpsol: glpsol then starts from bnb's basis (--ini),
# which it keeps, being optimal, and ranges the same basis.
. tests/e2e/lib.sh
BENCH=${BNB_SHARED:-bench}

run wyndor 0 tests/models/wyndor.lp --ranges &&
    if grep '^# cost \|^# rhs ' "$tmp/out" | grep -v 'COLUMN\|ROW' |
        cmp -s - tests/e2e/expected/wyndor.ranges
    then ok wyndor
    else fail wyndor "$(grep '^# cost \|^# rhs ' "$tmp/out" | head -n 4)"; fi

# integer columns: the LP relaxation, asked for by name
run ranges-mip 2 "$BENCH/miplib/p0033.mps" --ranges &&
    if grep -q -- "--lp-only" "$tmp/err"; then ok ranges-mip
    else fail ranges-mip "no hint at --lp-only: $(cat "$tmp/err")"; fi
run ranges-relaxation 0 "$BENCH/miplib/p0033.mps" --ranges --lp-only &&
    if [ "$(grep '^# cost \|^# rhs ' "$tmp/out" | grep -vc ' COLUMN \| ROW ')" -eq 49 ]
    then ok ranges-relaxation          # 33 columns, 16 rows
    else fail ranges-relaxation "$(grep -c '^# cost \|^# rhs ' "$tmp/out") lines"; fi
run ranges-all 2 tests/models/wyndor.lp --ranges --all && ok ranges-all

if ! have glpsol || ! have python3; then
    skip ranges-glpsol "glpsol or python3 is not installed"
    exit $failed
fi
# glpsol_ranges MODEL OUT [OPTIONS]: glpsol's report, CPLEX-LP, free MPS
# or fixed MPS
glpsol_ranges() {
    m=$1 out=$2; shift 2
    forms="--freemps --mps"
    case $m in *.lp) forms=--lp ;; esac
    for form in $forms; do
        rm -f "$out"
        glpsol "$form" "$m" "$@" --ranges "$out" >"$tmp/glpsol.log" 2>&1 &&
            [ -s "$out" ] && return 0
    done
    return 1
}
# a maximisation and a model with column bounds, netlib, and the LP
# relaxations of two MIPLIB models (bnb --lp-only, glpsol --nomip)
for m in tests/models/wyndor.lp tests/models/diet.lp \
         "$BENCH"/netlib/afiro.mps "$BENCH"/netlib/adlittle.mps \
         "$BENCH"/netlib/blend.mps "$BENCH"/netlib/sc50b.mps \
         "$BENCH"/netlib/share2b.mps "$BENCH"/netlib/kb2.mps \
         "$BENCH"/miplib/p0033.mps "$BENCH"/miplib/egout.mps; do
    lp=$(basename "$m")
    [ -f "$m" ] || { skip "ranges-glpsol $lp" "$m not found"; continue; }
    relax= nomip=
    case $m in */miplib/*) relax=--lp-only nomip=--nomip ;; esac
    run "ranges-glpsol $lp" 0 "$m" --ranges $relax || continue
    cp "$tmp/out" "$tmp/bnb.out"
    if ! glpsol_ranges "$m" "$tmp/first.rng" $nomip; then
        fail "ranges-glpsol $lp" "glpsol: $(tail -n 2 "$tmp/glpsol.log")"
        continue
    fi
    python3 tests/ranges_check.py --basis "$tmp/bnb.out" "$tmp/first.rng" \
        "$tmp/basis.sol"
    if ! glpsol_ranges "$m" "$tmp/same.rng" $nomip --ini "$tmp/basis.sol"; then
        fail "ranges-glpsol $lp" "glpsol --ini: $(tail -n 2 "$tmp/glpsol.log")"
        continue
    fi
    if why=$(python3 tests/ranges_check.py "$tmp/bnb.out" "$tmp/same.rng")
    then ok "ranges-glpsol $lp ($(echo "$why" | tail -n 1))"
    else fail "ranges-glpsol $lp" "$(echo "$why" | tail -n 3 | tr '\n' ' ')"; fi
done
exit $failed
