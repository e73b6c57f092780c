#!/bin/sh
# t_tableau.sh -- --tableau tells the truth: each tableau is the one the
# simplex pivots from. The starting tableau is printed at the basis the
# root LP's simplex really starts from (slack basis, crash basis, after
# dual phase 1), so every pivot's leaving variable is basic in the
# tableau printed just before it; columns at their upper bound are
# marked; bound flips name the column they move; rows that presolve
# changed are shown beside the file's; coefficients are the file's,
# unscaled. Models: tests/models/tab_*.lp (each says what it shows),
# teach.lp and the other small models, under several LP settings.
: "${BNB:=./bnb}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

fail() { echo "FAIL $1: $2"; failed=1; }

# consistent FILE: prints the first pivot whose leaving variable is not
# basic in the tableau printed before it (same node), else nothing.
consistent() {
    awk '
    /^# -- node / || /^#   cut \(/ { known = 0; next }
    /^#   pivot [0-9]+ / {
        if (known && match($0, /, [^ ,]+ leaves/)) {
            out = substr($0, RSTART + 2, RLENGTH - 9)
            if (!(out in basis)) { print; exit }
        }
        known = 0; intable = 0; next
    }
    /^#     basis +\|/ { split("", basis); intable = 1; known = 1; next }
    intable && /^#     -/ { next }
    intable && /^#     d +\|/ { intable = 0; next }
    intable && /^#     [^ ]+ +\|/ { basis[$2] = 1; next }
    ' "$1"
}

checked=0 inconsistent=0
for model in tests/models/tab_*.lp tests/models/teach.lp \
    tests/models/knap.mps tests/models/diet.lp tests/models/mix.lp \
    tests/models/bounds.mps tests/models/ranges.mps; do
    [ -f "$model" ] || continue
    for opts in "" "--textbook" "--set lp_algorithm=1" \
        "--set lp_algorithm=2" "--set lp_crash=0" \
        "--set cuts=0 --set heuristics=0"; do
        "$BNB" --tableau $opts "$model" >"$tmp/out.txt" 2>&1
        bad=$(consistent "$tmp/out.txt")
        if [ -n "$bad" ]; then
            fail "first-pivot $model $opts" "leaves a non-basic variable: $bad"
            inconsistent=1
        fi
        checked=$((checked + 1))
    done
done
[ $inconsistent = 0 ] &&
    echo "ok first-pivot ($checked runs: every leaving variable basic in the tableau before it)"

# The crash basis is shown as the start; y2, y3 start at their upper
# bounds; the first pivot names the column its bound flip moves.
"$BNB" --tableau tests/models/tab_crash.lp >"$tmp/crash.txt"
if grep -q '^#   the dual simplex starts from a crash basis .*: y1 for s_r1;' "$tmp/crash.txt" &&
    grep -q 'y2 = 10 (its upper bound), y3 = 10 (its upper bound)$' "$tmp/crash.txt" &&
    grep -q '^#   pivot 1 (dual): y2 enters .*, y1 leaves, .*, 1 bound flip (y3 to its lower bound 0), z = 320/11$' "$tmp/crash.txt"
then
    echo "ok crash-start"
else
    fail crash-start "$(grep -m3 'starts\|pivot 1\|upper' "$tmp/crash.txt")"
fi

# lp_crash=0: the slack basis.
"$BNB" --tableau --set lp_crash=0 tests/models/tab_crash.lp >"$tmp/slack.txt"
if grep -q '^#   the dual simplex starts from the slack basis' "$tmp/slack.txt"; then
    echo "ok slack-start"
else
    fail slack-start "$(grep -m1 'starts' "$tmp/slack.txt")"
fi

# The primal simplex: x's bound blocks first, a flip without a basis
# change, and x is then marked at its upper bound.
"$BNB" --tableau --set lp_algorithm=1 tests/models/tab_flip.lp >"$tmp/flip.txt"
if grep -q '^#   pivot 1 (primal phase 2): x flips to its upper bound 2 without a basis change' "$tmp/flip.txt" &&
    grep -q 'x = 2 (its upper bound)$' "$tmp/flip.txt"; then
    echo "ok bound-flip"
else
    fail bound-flip "$(grep -m1 'pivot 1' "$tmp/flip.txt")"
fi

# After dual phase 1 the dual simplex starts again, with x at its upper
# bound: its own starting tableau.
"$BNB" --tableau tests/models/tab_max_upper.lp >"$tmp/max.txt"
if grep -q "^#   the dual simplex starts from dual phase 1's last basis" "$tmp/max.txt" &&
    grep -q 'x = 3 (its upper bound)' "$tmp/max.txt"; then
    echo "ok phase1-restart"
else
    fail phase1-restart "$(grep -m2 'starts' "$tmp/max.txt")"
fi

# Coefficient tightening: the LP's row beside the file's.
"$BNB" --tableau tests/models/tab_tightened.lp >"$tmp/tight.txt"
if grep -q '^#     c1: x + y - 2 w <= 4   (the file: x + y - 100 w <= 4)$' "$tmp/tight.txt"
then
    echo "ok tightened-row"
else
    fail tightened-row "$(grep -m2 'c1' "$tmp/tight.txt")"
fi

# Integer rounding of a row's right-hand side: shown the same way; in
# dual phase 1's auxiliary LP the flip of y is named too (without root
# propagation, which bounds x <= 3 and y <= 1 and so needs no phase 1).
"$BNB" --tableau --set root_propagation=0 tests/models/tab_rounded.lp \
    >"$tmp/round.txt"
if grep -q '^#     c: 2 x + 4 y <= 6   (the file: 2 x + 4 y <= 7)$' "$tmp/round.txt" &&
    grep -q '^#   pivot 1 (dual phase 1): x enters .*, 1 bound flip (y to 0), z = 0$' "$tmp/round.txt"
then
    echo "ok rounded-row"
else
    fail rounded-row "$(grep -m2 ' c' "$tmp/round.txt")"
fi

# Scaled rows: the starting tableau has the file's numbers.
"$BNB" --tableau tests/models/tab_scaled.lp >"$tmp/scaled.txt"
if grep -q '^#     s_big   |  -1000  -4000     1       0 | -5000$' "$tmp/scaled.txt" &&
    grep -q '^#     s_small | -0.002 -0.001     0       1 | -0.003$' "$tmp/scaled.txt"
then
    echo "ok unscaled"
else
    fail unscaled "$(grep -m3 's_big\|s_small' "$tmp/scaled.txt")"
fi

# The LP presolve's smaller LP (Wyndor without its singleton rows
# plant1 and plant2) pivots before the LP's own simplex starts: those
# pivots show no tableau of this LP (its basis has not moved), and the
# start is told after them.
"$BNB" --tableau --set lp_presolve=1 tests/models/wyndor.lp >"$tmp/pre.txt"
if grep -A1 '^#   pivot 1 ' "$tmp/pre.txt" | grep -q "smaller LP: this LP's tableau has not moved" &&
    [ -z "$(consistent "$tmp/pre.txt")" ]; then
    echo "ok presolve-pivots"
else
    fail presolve-pivots "$(sed -n 3,5p "$tmp/pre.txt")"
fi

exit $failed
