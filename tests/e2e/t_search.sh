#!/bin/sh
# t_search.sh -- learning from failure on models without objective:
# conflict analysis ("learned:"), restarts, the dive and the
# feasibility pump are visible in
# --trace and switched off by --set, and learned rows never cut off a
# solution (the --all counts of known puzzles stay as they are).
: "${BNB:?set BNB to the bnb binary}"
failed=0
pass() { echo "ok $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# lines PATTERN FILE OPTIONS...: how many trace lines match
lines() {
    pat=$1 f=$2
    shift 2
    timeout "${PZ_TIMEOUT:-120}" "$BNB" --trace "$@" "$f" | grep -c "$pat"
}

# A search of some hundred nodes (Flow Free's paper instance, used
# before, is now solved by the root's dive).
tree=data/kakuro-hartmann2018.txt
n=$(lines '^#   learned: [^R]' "$tree")
[ "$n" -gt 0 ] && pass "learned rows in trace ($n)" ||
    fail "learned rows in trace" "none on $tree"
# Each infeasible LP's Farkas row is analysed as the simplex checked it
# (rounding residue on unbounded columns taken out): on this tree 78 of
# 78 teach a no-good (28 of 79 when residues spoiled the proof row); the
# learned row follows the LP line and its why line.
timeout "${PZ_TIMEOUT:-120}" "$BNB" --trace "$tree" >"$tmp/lp_conflicts"
lp=$(grep -c '^#   LP infeasible' "$tmp/lp_conflicts")
taught=$(grep -A2 '^#   LP infeasible' "$tmp/lp_conflicts" |
         grep -v '^#     why: ' | grep -c '^#   learned: ')
[ "$lp" -gt 10 ] && [ $((10 * taught)) -ge $((9 * lp)) ] &&
    pass "infeasible LPs teach ($taught of $lp)" ||
    fail "infeasible LPs teach" "$taught of $lp"
# A node resumed from the open list has its path replayed decision by
# decision, each propagated, so that every bound it implies has its
# reason again: a conflict there is analysed down to a no-good. On a
# generated Flow Free 12x12 (continuous colours and orders), 133 of 134
# refuted nodes teach one; 136 of 526 while the path was set out bound
# by bound without reasons (the analysis stopped at a continuous bound).
"$BNB" --generate flowfree --size 12 --seed 3 >"$tmp/f12.txt"
timeout "${PZ_TIMEOUT:-120}" "$BNB" --events "$tmp/f12.jsonl" \
    "$tmp/f12.txt" >/dev/null
refuted=$(grep -c '"reason":"infeasible"' "$tmp/f12.jsonl")
taught=$(grep -c '"ev":"learned"' "$tmp/f12.jsonl")
[ "$refuted" -gt 10 ] && [ $((4 * taught)) -ge $((3 * refuted)) ] &&
    pass "resumed nodes teach ($taught of $refuted)" ||
    fail "resumed nodes teach" "$taught of $refuted"
n=$(lines '^#   learned: [^R]' "$tree" --set conflict_learning=0)
[ "$n" -eq 0 ] && pass "conflict_learning=0 learns nothing" ||
    fail "conflict_learning=0" "$n rows learned"
n=$(lines '^# restart [0-9]* after [0-9]* nodes' "$tree" --set restart_base=1)
[ "$n" -gt 0 ] && pass "restarts in trace ($n)" ||
    fail "restarts in trace" "none with restart_base=1"
n=$(lines "^# restart [0-9]" "$tree" --set restart_base=0)
[ "$n" -eq 0 ] && pass "restart_base=0 never restarts" ||
    fail "restart_base=0" "$n restarts"
n=$(lines '^# dive: [0-9]* columns fixed' data/binairo-16x16.txt)
[ "$n" -eq 1 ] && pass "dive in trace" || fail "dive in trace" "$n lines"
n=$(lines '^# dive: [0-9]' data/binairo-16x16.txt --set diving=0)
[ "$n" -eq 0 ] && pass "diving=0 does not dive" ||
    fail "diving=0" "$n dives"

# Branching by conflict activity with restarts: Monodot 10x10 takes
# about 1,200 nodes (in column order without restarts, 161,503).
out=$(timeout "${PZ_TIMEOUT:-120}" "$BNB" --node-limit 20000 \
      data/monodot-10x10.txt | tail -n 1)
case "$out" in
"# optimal,"*) pass "restarts solve monodot-10x10" ;;
*) fail "restarts solve monodot-10x10" "$out" ;;
esac

# A generated Thermometer 30x30 whose dive fails: the feasibility pump
# finds its solution at the root; without the pump the search branches.
"$BNB" --generate thermometer --size 30 --seed 4 >"$tmp/t30.txt"
n=$(lines '^# feasibility pump: [0-9]* rounds*, a solution found' "$tmp/t30.txt")
[ "$n" -eq 1 ] && pass "pump finds a solution" || fail "pump" "$n lines"
n=$(lines '^# optimal, objective 0, 1 node,' "$tmp/t30.txt")
[ "$n" -eq 1 ] && pass "pump: no branching" || fail "pump: no branching" "$n"
n=$(lines '^# feasibility pump' "$tmp/t30.txt" --set pump=0)
[ "$n" -eq 0 ] && pass "pump=0 does not pump" || fail "pump=0" "$n lines"
n=$(lines '^# optimal, objective 0, 1 node,' "$tmp/t30.txt" --set pump=0)
[ "$n" -eq 0 ] && pass "pump=0 branches" || fail "pump=0 branches" "$n"

# With the learned rows (restarts stay off while enumerating, as a
# restart would meet the same solutions again): the counts hold.
# count FILE EXPECTED
count() {
    got=$(timeout "${PZ_TIMEOUT:-120}" "$BNB" --all "$1" |
          sed -n 's/^# solutions: //p')
    [ "$got" = "$2" ] && pass "count $(basename "$1") = $2" ||
        fail "count $(basename "$1")" "$got solutions, expected $2"
}
count data/binairo-16x16.txt 416
count data/flowfree-7x7.txt 243
count data/flowfree-hartmann2018.txt 17
count data/circuit-parity16.txt 16
count data/binairo-14x14-nounique.txt 128

# Solving with restarts every conflict still finds a verified solution.
out=$(timeout "${PZ_TIMEOUT:-120}" "$BNB" --set restart_base=1 "$tree" |
      tail -n 1)
case "$out" in
*optimal*) pass "restart_base=1 solves $(basename "$tree")" ;;
*) fail "restart_base=1" "$out" ;;
esac
exit $failed
