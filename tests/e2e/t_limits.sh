#!/bin/sh
# t_limits.sh -- limits and signals reach inside the LP: --time-limit
# on a model whose root LP alone is long returns within the limit plus
# 0.1 s (the solve time of the summary) with exit 3; SIGINT and SIGTERM
# stop a long search with exit 3, the header, a summary with the bound,
# soon after the signal.
: "${BNB:?set BNB to the bnb binary}"
BENCH=${BNB_SHARED:-bench}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failed=0
ok() { echo "ok $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }

now() { date +%s.%N; }

# seconds NAME LIMIT OUT: the summary's solve time is within LIMIT + 0.1
within() {
    t=$(tail -n 1 "$3" | sed -n 's/.*, \([0-9.]*\) s$/\1/p')
    awk -v t="$t" -v l="$2" 'BEGIN { exit !(t != "" && t <= l + 0.1) }'
}

# time_limit NAME LIMIT FILE ARGS...: exit 3, "time limit", within LIMIT
time_limit() {
    name=$1 lim=$2 f=$3
    shift 3
    "$BNB" --time-limit "$lim" "$@" "$f" >"$tmp/out" 2>/dev/null
    rc=$?
    if [ $rc -ne 3 ]; then fail "$name" "exit $rc, expected 3"
    elif ! tail -n 1 "$tmp/out" | grep -q '^# time limit, '; then
        fail "$name" "summary: $(tail -n 1 "$tmp/out")"
    elif ! within "$name" "$lim" "$tmp/out"; then
        fail "$name" "past the limit: $(tail -n 1 "$tmp/out")"
    else ok "$name"; fi
}

# A 30x30 three-colour Match 22 board: its root LP takes about 2500
# dual iterations (0.17 s on a quiet machine), far longer with the primal.
sh tests/gen_match22.sh 30 30 3 5 >"$tmp/m22.txt"
time_limit limit-root-dual 0.03 "$tmp/m22.txt" --set lp_algorithm=2
time_limit limit-root-primal 0.2 "$tmp/m22.txt" --set lp_algorithm=1
if [ -f "$BENCH/netlib/25fv47.mps" ]; then
    # (its primal solve takes about 0.2 s: a limit of 0.05 s is well inside)
    time_limit limit-25fv47 0.05 "$BENCH/netlib/25fv47.mps" --set lp_algorithm=1
fi

# A limit that stops the root's cut loop (pp08a: its root LP takes 0.01
# s, the cut rounds far longer) is a time limit, with the bound of the
# last LP the rounds solved (was "stopped, bound -inf").
if [ -f "$BENCH/miplib/pp08a.mps" ]; then
    time_limit limit-root-cuts 0.2 "$BENCH/miplib/pp08a.mps"
    if tail -n 1 "$tmp/out" | grep -Eq 'bound [0-9]'; then
        ok limit-root-cuts-bound
    else
        fail limit-root-cuts-bound "$(tail -n 1 "$tmp/out")"
    fi
fi

# A random set-partitioning model of 800 rows and 9,000 columns: its
# root LP takes about a second, then every cut round rebuilds the LP
# with its new rows (a tenth of a second, factors included). Limits
# falling anywhere in the rounds are kept (a rebuild started just before
# the limit ran 0.17 s past it).
sh tests/gen_spp.sh 800 9000 8 1 >"$tmp/spp.mps"
for lim in 1.4 1.7 2.0 2.3 2.6; do
    time_limit "limit-cut-rounds-$lim" "$lim" "$tmp/spp.mps"
done

# signal NAME SIG: a long search, the signal after 1 s; exit 3 within
# 1 s of it, the header and a "stopped" summary (no bound: Flow Free has
# no objective)
signal() {
    "$BNB" tests/hard/flowfree-22x22.txt >"$tmp/sig.out" 2>&1 &
    pid=$!
    sleep 1
    t0=$(now)
    kill -"$2" $pid
    wait $pid
    rc=$?
    t1=$(now)
    last=$(tail -n 1 "$tmp/sig.out")
    if [ $rc -ne 3 ]; then fail "$1" "exit $rc, expected 3"
    elif ! head -n 1 "$tmp/sig.out" | grep -q "^# flowfree"; then
        fail "$1" "no header"
    else
        case $last in
        "# stopped, "*" nodes, "*|"# stopped, 1 node, "*) ;;
        *) fail "$1" "summary: $last"; return ;;
        esac
        if awk -v a="$t0" -v b="$t1" 'BEGIN { exit !(b - a < 1) }'; then
            ok "$1"
        else fail "$1" "took $t0 .. $t1 to stop"; fi
    fi
}
signal sigint INT
signal sigterm TERM
exit $failed
