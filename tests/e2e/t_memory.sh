#!/bin/sh
# t_memory.sh -- a memory limit changes the order of the search, never
# its answer: a model solved under several --memory-limit values gives
# the same optimum, or says the limit stopped it (exit 3). And the open
# nodes cost memory by the columns they move, not by the size of the
# bounds: a search of general integers with bounds up to 1e8 stays small.
. tests/e2e/lib.sh

# Under 1 MB the open nodes of stein27 pass 90% of the limit, and the
# search goes depth first (another node count); the optimum stays 18.
f=bench/miplib/stein27.mps
if [ -f "$f" ]; then
    for mb in 0 1 2 4; do
        set --
        [ "$mb" -gt 0 ] && set -- --memory-limit "$mb"
        limit "$BNB" "$@" "$f" >"$tmp/out" 2>"$tmp/err"
        rc=$?
        last=$(tail -n 1 "$tmp/out")
        case "$rc:$last" in
        "0:# optimal, objective 18,"*) ok "memory-limit $mb: optimum 18" ;;
        "3:# memory limit"*) ok "memory-limit $mb: says the limit stopped it" ;;
        *) fail "memory-limit $mb" "exit $rc: $last" ;;
        esac
    done
else
    skip memory-limit "$f is missing"
fi

# Peak memory of a search on bounds up to 1e8, beyond the program's own
# (one node): 100,000 nodes of wide_bounds.lp took 47 MB when every
# propagation step was kept in the paths of the open nodes, 50,000 of
# bigint_infeasible.mps 1.7 GB; about 15 MB each with each column's last.
# peak FILE NODES: the peak in MB after NODES nodes
peak() {
    limit "$BNB" --node-limit "$2" "$1" |
        sed -n 's/.*, peak \([0-9.]*\) MB,.*/\1/p'
}
for spec in wide_bounds.lp:100000 bigint_infeasible.mps:50000; do
    f=tests/limits/${spec%:*} nodes=${spec#*:}
    name="peak $(basename "$f")"
    if grep -q __asan_init "$BNB" 2>/dev/null; then
        skip "$name" "a sanitizer build measures its own memory"
        continue
    fi
    small=$(peak "$f" 1) big=$(peak "$f" "$nodes")
    if awk -v a="$small" -v b="$big" 'BEGIN { exit !(b - a < 24) }'; then
        ok "$name: $small MB, $big MB after $nodes nodes"
    else
        fail "$name" "$small MB, then $big MB after $nodes nodes"
    fi
done

# The same search under a limit it reaches stops with exit 3, not with
# an answer of its own.
limit "$BNB" --memory-limit 1 --node-limit 400000 tests/limits/wide_bounds.lp \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
last=$(tail -n 1 "$tmp/out")
case "$rc:$last" in
"3:# memory limit"* | "3:# node limit"*) ok "wide-bounds-limit: exit 3" ;;
*) fail wide-bounds-limit "exit $rc: $last" ;;
esac
exit $failed
