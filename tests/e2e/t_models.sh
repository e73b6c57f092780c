#!/bin/sh
# t_models.sh -- the engine on public models: the netlib LPs must reach
# the objective of bench/solu.txt within 1e-6 relative, the twelve
# MIPLIB instances their known optimum, each within MODEL_LIMIT seconds
# (10; the sanitizer build allows more); a malformed MPS or LP file
# must give exit 2 and a "file:line" message. `make bench` runs them all.
: "${BNB:?set BNB to the bnb binary}"
BENCH=bench
failed=0
ok() { echo "ok $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }

# close NAME GOT WANT: relative difference within 1e-6
close() {
    awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d;
        s = b < 0 ? -b : b; exit !(d <= 1e-6 * (s > 1 ? s : 1)) }'
}

solve() {
    f=$1 name=$(basename "$1" .mps)
    want=$(awk -v n="$name" '$1 == n { print $2 }' "$BENCH/solu.txt")
    out=$(timeout "${MODEL_TIMEOUT:-300}" "$BNB" --time-limit "${MODEL_LIMIT:-10}" \
          "$f" | tail -n 1)
    got=$(echo "$out" | sed -n 's/.*objective \([^,]*\),.*/\1/p')
    case $out in
    "# optimal"*) ;;
    *) fail "$name" "not optimal: $out"; return ;;
    esac
    if close "$got" "$want"; then ok "$name"; else
        fail "$name" "objective $got, known $want"; fi
}

if [ -d "$BENCH" ]; then
    for f in "$BENCH"/netlib/*.mps; do
        solve "$f"
    done
    for name in p0033 flugpl egout lseu mod008 enigma stein27 khb05250 \
                dcmulti p0201 gt2 pp08a; do
        solve "$BENCH/miplib/$name.mps"
    done
else
    fail bench-models "$BENCH is missing from the checkout"
fi

# Memory: no leak or invalid access on an LP and a MIP with every output.
# (Not on a sanitizer build, which valgrind cannot run: NO_VALGRIND=1.)
if [ -n "$NO_VALGRIND" ]; then
    echo "skip valgrind: sanitizer build"
elif command -v valgrind >/dev/null 2>&1 && [ -d "$BENCH" ]; then
    for f in "$BENCH/netlib/afiro.mps" "$BENCH/miplib/p0033.mps"; do
        if valgrind --leak-check=full --errors-for-leak-kinds=definite,indirect \
            --error-exitcode=9 -q "$BNB" --trace --tree /dev/null "$f" \
            >/dev/null 2>&1; then ok "valgrind-$(basename "$f")"
        else fail "valgrind-$(basename "$f")" "valgrind reports errors"; fi
    done
else
    echo "skip valgrind: not installed"
fi

# A line is as long as memory allows: a 70,000-byte line (blanks inside
# a row) is read in both formats.
for f in tests/models/long_line.lp tests/models/long_line.mps; do
    out=$("$BNB" "$f" 2>&1 | tail -n 1)
    case $out in
    "# optimal, objective 1,"*) ok "$f" ;;
    *) fail "$f" "not read and solved: $out" ;;
    esac
done

for f in tests/bad/mps/*.mps tests/bad/lp/*.lp; do
    [ -e "$f" ] || continue
    err=$("$BNB" "$f" 2>&1 >/dev/null)
    rc=$?
    if [ $rc -ne 2 ]; then
        fail "$f" "exit $rc, expected 2"
    else
        case $err in
        "$f":[0-9]*) ok "$f" ;;
        *) fail "$f" "message does not start with $f:LINE: $err" ;;
        esac
    fi
done
exit $failed
