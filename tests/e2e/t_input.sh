#!/bin/sh
# t_input.sh -- bad, endless and huge inputs: a clear message and exit 2,
# never a crash, a hang or an allocation the size of the input; long
# inputs and their setup stop at a signal or a limit; work stays linear
# in the size of a row.
. tests/e2e/lib.sh

now() { date +%s.%N; }
# elapsed T0 T1 MAX: true when T1 - T0 <= MAX
elapsed() { awk -v a="$1" -v b="$2" -v m="$3" 'BEGIN { exit !(b - a <= m) }'; }

# A knapsack row of 100,000 binaries: the presolve's coefficient
# tightening took the row's activity afresh for every entry (quadratic:
# past 60 s); the root node takes 2.5 s of processor time. The limit is
# on processor time (ulimit -t), so a loaded machine does not fail it.
awk 'BEGIN {
    n = 100000
    printf "Maximize\n obj:"
    for (i = 0; i < n; i++) printf " + %d x%d", (i * 7919) % 100 + 1, i
    printf "\nSubject To\n c1:"
    for (i = 0; i < n; i++) printf " + %d x%d", (i * 104729) % 100 + 1, i
    printf " <= %d\nBinary\n", n * 10
    for (i = 0; i < n; i++) printf " x%d\n", i
    printf "End\n"
}' >"$tmp/row.lp"
(ulimit -t 12; "$BNB" --node-limit 1 "$tmp/row.lp") >"$tmp/out" 2>&1
rc=$?
if [ $rc -eq 3 ] || [ $rc -eq 0 ]; then ok long-row-linear
else fail long-row-linear "exit $rc (past 12 s of processor time?)"; fi

exit $failed
