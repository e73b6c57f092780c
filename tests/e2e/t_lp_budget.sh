#!/bin/sh
# t_lp_budget.sh -- every LP of the adversarial models ends by its own
# verdict within 100 x (rows + columns) iterations, all its recoveries
# included, or with a numerical failure that says why
# (tests/adversarial/lp_budget.py; no time limit). Two seeds whose node
# LPs once went round three bases for 3,400 iterations (51322: 5 rows,
# 19 columns, bounds of 10^8) or took 3,705 to an infeasible verdict
# (40510: 12 rows, 13 columns), the corpus, then LP_BUDGET_SEEDS random
# seeds (default 300) from LP_BUDGET_BASE (default 1): the LP relaxation
# with and without --textbook, and the node LPs of the first
# LP_BUDGET_NODES nodes (default 2000).
. tests/e2e/lib.sh
if ! have python3; then
    skip lp-budget "python3 not installed"
    exit 0
fi
case "$BNB" in /*) ;; *) BNB="$(pwd)/$BNB" ;; esac
check() {
    name=$1
    shift
    if python3 tests/adversarial/lp_budget.py --bnb "$BNB" "$@" >"$tmp/log" 2>&1; then
        ok "$name: $(tail -n 1 "$tmp/log" | sed 's/^# //')"
    else
        fail "$name" "$(grep -v '^#' "$tmp/log" | head -n 3 | tr '\n' ' ')"
    fi
}
check lp-budget-circle --base 51322 --seeds 1 --nodes 5000
check lp-budget-infeasible --base 40510 --seeds 1 --nodes 3000
check lp-budget-cases --nodes "${LP_BUDGET_NODES:-2000}" \
    tests/adversarial/cases/*.lp tests/adversarial/cases/*.mps \
    tests/adversarial/open/*.lp tests/adversarial/open/*.mps
# A dual of rounding size is no improvement toward a side without bound:
# 25fv47's first solve ends with the dual simplex, without a primal pass
# after its optimum (a slack's dual of 1.2e-16 sent the primal after it
# for 3,240 pivots, 5,920 iterations in all; now 2,680).
if [ -f bench/netlib/25fv47.mps ]; then
    "$BNB" --events "$tmp/ev.jsonl" --events-pivots bench/netlib/25fv47.mps \
        >"$tmp/out" 2>&1
    primal=$(grep -c '"ev":"pivot".*"phase":2,' "$tmp/ev.jsonl")
    summary=$(tail -n 1 "$tmp/out" | sed 's/^# //')
    if [ "$primal" -eq 0 ]; then ok "lp-budget-25fv47: $summary"
    else fail lp-budget-25fv47 "$primal primal pivots after the dual's optimum: $summary"; fi
fi
check lp-budget-random --base "${LP_BUDGET_BASE:-1}" --seeds "${LP_BUDGET_SEEDS:-300}" \
    --nodes "${LP_BUDGET_NODES:-2000}"
exit $failed
