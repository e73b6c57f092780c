#!/bin/sh
# t_peers.sh -- writes each test model (tests/models, a few puzzles, small
# public instances) with bnb --write-lp and --write-mps, solves the files in
# glpsol, cbc and lp_solve where installed, and compares their optimal
# objective with bnb's (relative 1e-6: the peers print 8-10 digits).
# Where the peers read MPS differently (docs/FORMATS.md "Model files"):
#   glpsol 5.0 rejects OBJSENSE: the section is cut out, --max given;
#   glpsol reads the objective row's RHS as +constant, not -constant:
#     its optimum is then bnb's - 2 * constant;
#   cbc 2.10 ignores OBJSENSE: -max given; lp_solve: -mps_negobjconst.
: "${BNB:=./bnb}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

have() { command -v "$1" >/dev/null 2>&1; }
limit() { if have timeout; then timeout 120 "$@"; else "$@"; fi; }

# close WANT GOT: |want - got| <= 1e-6 (1 + |want|)
close() {
    awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d;
        m = a < 0 ? -a : a; exit !(b != "" && d <= 1e-6 * (1 + m)) }'
}

# check NAME WANT GOT
check() {
    if close "$2" "$3"; then
        echo "ok $1"
    else
        echo "FAIL $1: bnb ${2}, peer ${3:-no optimum}"
        failed=1
    fi
}

glpsol_obj() {   # FILE-OPTIONS...: the optimum glpsol reports, or nothing
    limit glpsol "$@" -o "$tmp/g.out" >"$tmp/g.log" 2>&1 || return
    grep -q '^Status: .*OPTIMAL' "$tmp/g.out" &&
        sed -n 's/^Objective: .* = \([^ ]*\) .*/\1/p' "$tmp/g.out"
}

cbc_obj() {
    rm -f "$tmp/c.out"
    limit cbc "$@" solve solu "$tmp/c.out" >"$tmp/c.log" 2>&1
    sed -n 's/^Optimal - objective value \([^ ]*\).*/\1/p' "$tmp/c.out" \
        2>/dev/null
}

lp_solve_obj() {
    limit lp_solve -S3 "$@" 2>&1 |
        sed -n 's/^Value of objective function: *\([^ ]*\).*/\1/p'
}

peers() {   # NAME WANT MAXIMIZE CONSTANT
    name=$1 want=$2 max=$3 konst=$4
    if have glpsol; then
        check "peers/$name/glpsol-lp" "$want" "$(glpsol_obj --lp "$tmp/m.lp")"
        sed '/^OBJSENSE/,/^ *MAX/d' "$tmp/m.mps" >"$tmp/g.mps"
        flag=; [ "$max" = 1 ] && flag=--max
        got=$(glpsol_obj --freemps "$tmp/g.mps" $flag)
        [ -n "$got" ] && got=$(awk -v g="$got" -v c="$konst" \
                                   'BEGIN { printf "%.12g", g + 2 * c }')
        check "peers/$name/glpsol-mps" "$want" "$got"
        if grep -q '^\* written by bnb .* as fixed MPS' "$tmp/m.mps"; then
            got=$(glpsol_obj --mps "$tmp/g.mps" $flag)
            [ -n "$got" ] && got=$(awk -v g="$got" -v c="$konst" \
                                       'BEGIN { printf "%.12g", g + 2 * c }')
            check "peers/$name/glpsol-fixed-mps" "$want" "$got"
        fi
    fi
    if have cbc; then
        check "peers/$name/cbc-lp" "$want" "$(cbc_obj "$tmp/m.lp")"
        flag=; [ "$max" = 1 ] && flag=-max
        check "peers/$name/cbc-mps" "$want" "$(cbc_obj "$tmp/m.mps" $flag)"
    fi
    if have lp_solve; then
        check "peers/$name/lp_solve-mps" "$want" \
              "$(lp_solve_obj -fmps "$tmp/m.mps" -mps_negobjconst)"
    fi
}

one_model() {
    model=$1
    name=$(basename "$model")
    out=$("$BNB" --write-lp "$tmp/m.lp" --write-mps "$tmp/m.mps" "$model" 2>"$tmp/write.err")
    rc=$?
    want=$(printf '%s\n' "$out" |
           sed -n 's/^# optimal, objective \([^,]*\),.*/\1/p')
    if [ $rc -ne 0 ] || [ -z "$want" ] || [ ! -s "$tmp/m.lp" ] ||
       [ ! -s "$tmp/m.mps" ]; then
        echo "FAIL peers/$name: bnb exit $rc, no optimum or no files"
        failed=1
        return
    fi
    max=0
    grep -q '^OBJSENSE' "$tmp/m.mps" && max=1
    konst=$(sed -n 's/^\* objective constant \([^:]*\):.*/\1/p' "$tmp/m.mps")
    peers "$name" "$want" "$max" "${konst:-0}"
}

if [ ! -x "$BNB" ]; then
    echo "skip peers: $BNB is not built"
    exit 0
fi
for p in glpsol cbc lp_solve; do
    have $p || echo "skip peers/$p: $p not installed"
done
for model in tests/models/*.lp tests/models/*.mps; do
    [ -e "$model" ] && one_model "$model"
done
# a few quick puzzles: bracketed names, ranged rows, an objective constant
for model in circuit-adder infinityloop-4x4 match22-3x3 starbattle-8x8 \
             kenken-4x4 logicgrid-race thermometer-6x6 binairo-6x6; do
    [ -e "data/$model.txt" ] && one_model "data/$model.txt"
done
# A maximisation's MPS file: the writer says on stderr what glpsol and
# cbc users must do with its OBJSENSE section, and --help does not call
# the file free MPS when it is fixed.
note=$("$BNB" --quiet --write-mps "$tmp/max.mps" tests/models/teach.lp 2>&1 >/dev/null)
if echo "$note" | grep -q 'OBJSENSE MAX.*glpsol --max or cbc -max' &&
    ! "$BNB" --help | grep -q 'as free MPS'; then
    echo "ok peers/mps-max-note"
else
    echo "FAIL peers/mps-max-note: '$note'"; failed=1
fi
bench=bench
if [ -d "$bench" ]; then
    for model in netlib/afiro netlib/sc50b netlib/kb2 miplib/p0033 \
                 miplib/flugpl; do
        [ -e "$bench/$model.mps" ] && one_model "$bench/$model.mps"
    done
else
    echo "FAIL peers/bench: $bench is missing from the checkout"; failed=1
fi
exit $failed
