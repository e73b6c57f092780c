#!/bin/sh
# t_fault.sh -- allocation failure is an error, never a verdict. A test
# build of bnb (BNB_FAULT, tests/fault/fault_alloc.c) fails its k-th
# allocation; for every k of a small solve, an LP and MPS write, a
# puzzle build, an LP's ranging and a viewer page, the run must either
# give the same output as without the failure, or stop with exit 7 and
# "out of memory" on stderr: no crash, no sanitizer report, no other
# exit status.
: "${BNB:?set BNB to the bnb binary}"
if [ -z "$BNB_FAULT" ] || [ ! -x "$BNB_FAULT" ]; then
    echo "skip fault-injection: BNB_FAULT not built (make e2e builds it)"
    exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
failed=0
ok() { echo "ok $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
# A sanitizer report must not pass for an ordinary exit status.
export ASAN_OPTIONS="exitcode=86:detect_leaks=1" UBSAN_OPTIONS="exitcode=86"

# strip: the output without its timings
strip() { sed 's/, peak [0-9.]* MB//; s/, [0-9.]* s$//' "$1"; }

# inject NAME ARGS...: runs once clean, then failing each allocation
inject() {
    name=$1; shift
    rm -f "$tmp/count"
    BNB_FAIL_COUNT="$tmp/count" "$BNB_FAULT" "$@" >"$tmp/want" 2>"$tmp/werr"
    want_rc=$?
    total=$(cat "$tmp/count" 2>/dev/null)
    if [ -z "$total" ]; then
        fail "$name" "the clean run counted no allocations (rc $want_rc)"
        return
    fi
    k=1 bad=0 nomem=0
    while [ "$k" -le "$total" ]; do
        BNB_FAIL_AT=$k "$BNB_FAULT" "$@" >"$tmp/got" 2>"$tmp/err"
        rc=$?
        if [ "$rc" -eq 7 ]; then
            nomem=$((nomem + 1))
            if ! grep -q "out of memory" "$tmp/err"; then
                fail "$name" "allocation $k: exit 7 without 'out of memory'"
                bad=1; break
            fi
            # once the header is out, the summary line ends the output
            if head -n 1 "$tmp/got" | grep -q '^# .*rows x' &&
               ! tail -n 1 "$tmp/got" | grep -q '^# out of memory'; then
                fail "$name" "allocation $k: the header without a summary: $(tail -n 1 "$tmp/got")"
                bad=1; break
            fi
        elif [ "$rc" -ne "$want_rc" ] || [ "$(strip "$tmp/got")" != "$(strip "$tmp/want")" ]; then
            fail "$name" "allocation $k of $total: exit $rc (clean run $want_rc): $(head -c 300 "$tmp/err") $(tail -n 1 "$tmp/got")"
            bad=1; break
        fi
        k=$((k + 1))
    done
    [ "$bad" -eq 0 ] && ok "$name ($total allocations, $nomem out of memory)"
}

inject fault-solve-mix tests/models/mix.lp
inject fault-solve-knap tests/models/knap.mps
inject fault-solve-rins tests/models/rins.lp --set cuts=0
# a partial MIP start (completed by a sub-MIP) and a solution file
echo 'ITEM2 1' >"$tmp/start.sol"
inject fault-start tests/models/knap.mps --mip-start "$tmp/start.sol" \
    --solution "$tmp/s.sol" --solution-format glpk
inject fault-write tests/models/mix.lp --lp-only --write-lp "$tmp/w.lp" \
    --write-mps "$tmp/w.mps"
inject fault-puzzle data/kakuro-4x4.txt
inject fault-ranges tests/models/wyndor.lp --ranges
# the viewer's page: its node records and its pool of proof texts (an
# odd right side under even coefficients: every leaf is infeasible)
printf 'Minimize\n obj: x1 + x2 + x3 + x4\nSubject To\n odd: 2 x1 + 2 x2 + 2 x3 + 2 x4 = 5\nBinary\n x1 x2 x3 x4\nEnd\n' >"$tmp/odd.lp"
inject fault-html "$tmp/odd.lp" --textbook --html "$tmp/odd.html"
exit $failed
