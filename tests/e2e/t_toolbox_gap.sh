#!/bin/sh
# t_toolbox_gap.sh -- the gap and the seed as HiGHS, CPLEX and cbc mean
# them: --mip-gap R stops once |best - bound| <= R max(|best|, 1e-10),
# --abs-gap A once |best - bound| <= A, each with exit 0 and "optimal
# within gap" (the gap printed); --set mip_gap is the same parameter;
# --seed N drives every pseudo-random choice: the same seed gives the
# same event stream, another may not, seed 0 is the default.
. tests/e2e/lib.sh
BENCH=${BNB_SHARED:-bench}
LSEU=$BENCH/miplib/lseu.mps   # optimum 1120

# summary FILE: the last line, without the time and memory
summary() { tail -n 1 "$1" | sed 's/, peak .*//'; }

# gap_holds NAME KIND LIMIT: the summary in $tmp/out says "optimal
# within gap", its objective is no better than the optimum 1120 and its
# gap to its bound is within LIMIT (relative or absolute)
gap_holds() {
    last=$(tail -n 1 "$tmp/out")
    case $last in
    "# optimal within gap, objective "*", bound "*", gap "*) ;;
    *) fail "$1" "not 'optimal within gap' with a gap: $last"; return ;;
    esac
    if echo "$last" | awk -v kind="$2" -v lim="$3" '{
        sub(/.*objective /, ""); obj = $1 + 0
        sub(/.*bound /, ""); b = $1 + 0
        d = obj - b; if (d < 0) d = -d
        a = obj < 0 ? -obj : obj; if (a < 1e-10) a = 1e-10
        g = kind == "rel" ? d / a : d
        exit !(obj >= 1120 - 1e-6 && b <= 1120 + 1e-6 && g <= lim + 1e-9) }'
    then ok "$1"
    else fail "$1" "the gap does not hold: $last"; fi
}

if [ ! -f "$LSEU" ]; then
    skip toolbox-gap "$LSEU not found"
    exit 0
fi

# without a gap the search proves the optimum ("optimal", not "within gap")
run gap-default 0 "$LSEU" && case $(tail -n 1 "$tmp/out") in
    "# optimal, objective 1120, "*) ok gap-default ;;
    *) fail gap-default "default run: $(tail -n 1 "$tmp/out")" ;;
esac
nodes_proof=$(sed -n 's/.*objective 1120, \([0-9]*\) nodes.*/\1/p' "$tmp/out" | tail -n 1)

run mip-gap 0 "$LSEU" --mip-gap 0.05 && gap_holds mip-gap rel 0.05
nodes_gap=$(sed -n 's/.*gap [^,]*, \([0-9]*\) nodes.*/\1/p' "$tmp/out" | tail -n 1)
[ -n "$nodes_gap" ] && [ "$nodes_gap" -lt "${nodes_proof:-0}" ] && ok mip-gap-fewer-nodes ||
    fail mip-gap-fewer-nodes "$nodes_gap nodes, the proof takes $nodes_proof"
summary "$tmp/out" >"$tmp/gap_option"

# one meaning: the parameter of the table is the option's
run mip-gap-set 0 "$LSEU" --set mip_gap=0.05 &&
    if summary "$tmp/out" | cmp -s - "$tmp/gap_option"; then ok mip-gap-set
    else fail mip-gap-set "--set mip_gap=0.05 and --mip-gap 0.05 differ"; fi

run abs-gap 0 "$LSEU" --abs-gap 30 && gap_holds abs-gap abs 30
run abs-gap-set 0 "$LSEU" --set abs_gap=30 && gap_holds abs-gap-set abs 30

# a gap no search can meet early ends as the proof does
run mip-gap-tiny 0 "$LSEU" --mip-gap 1e-12 && case $(tail -n 1 "$tmp/out") in
    "# optimal, objective 1120,"*) ok mip-gap-tiny ;;
    *) fail mip-gap-tiny "$(tail -n 1 "$tmp/out")" ;;
esac

# the events stream's result carries the status
run gap-events 0 "$LSEU" --mip-gap 0.05 --events "$tmp/gap.jsonl" &&
    if tail -n 1 "$tmp/gap.jsonl" | grep -q '"status":"optimal within gap"'
    then ok gap-events
    else fail gap-events "$(tail -n 1 "$tmp/gap.jsonl" | head -c 200)"; fi

for bad in "--mip-gap 1.5" "--mip-gap -1" "--abs-gap x" "--seed 3000000000"; do
    # shellcheck disable=SC2086
    run "refused $bad" 2 "$LSEU" $bad && ok "refused $bad"
done

# the seed: the same stream twice, seed 0 the default, another differs
KAKURO=data/kakuro-6x6.txt
stream() {
    out=$1; shift
    limit "$BNB" --quiet --events "$out" "$@" >/dev/null 2>&1
    sed 's/"seconds":[^,}]*//' "$out" >"$out.cut"
}
for f in "$KAKURO" "$LSEU"; do
    name=$(basename "$f")
    stream "$tmp/s5a" --seed 5 "$f"
    stream "$tmp/s5b" --seed 5 "$f"
    if [ -s "$tmp/s5a.cut" ] && cmp -s "$tmp/s5a.cut" "$tmp/s5b.cut"; then
        ok "seed-repeats $name"
    else fail "seed-repeats $name" "two runs of --seed 5 differ"; fi
    stream "$tmp/s0" --seed 0 "$f"
    stream "$tmp/sd" "$f"
    if cmp -s "$tmp/s0.cut" "$tmp/sd.cut"; then ok "seed-default $name"
    else fail "seed-default $name" "--seed 0 is not the default"; fi
done
# the perturbations of a model without objective follow the seed
stream "$tmp/k0" "$KAKURO"
stream "$tmp/k7" --seed 7 "$KAKURO"
if cmp -s "$tmp/k0.cut" "$tmp/k7.cut"; then
    fail seed-used "--seed 7 and the default give the same search"
else ok seed-used; fi
exit $failed
