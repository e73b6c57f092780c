#!/bin/sh
# t_budgets.sh -- the root's heuristics spend what mip/mip_tune.h says:
# the dive HEUR_DIVE_ITER_FACTOR times the root LP's simplex iterations,
# the feasibility pump PUMP_MIN_ITERS plus PUMP_ITER_FACTOR times them,
# each at most one LP past its budget. The root LP's iterations are the
# unit, not all iterations so far: with the cut loop's counted too, the
# pump on generated circuits took 5,178 and 5,846 iterations instead of
# 2,859 and 3,036.
: "${BNB:=./bnb}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

if ! command -v python3 >/dev/null 2>&1; then
    echo "skip root-heuristic-budget: no python3"
    exit 0
fi

# Pivots of the root LP (before the first cut or node) and between the
# cut loop's last round and the first node (the dive and the pump).
count_pivots() {
    python3 - "$1" mip/mip_tune.h <<'PY'
import json, re, sys
tune = open(sys.argv[2]).read()
def value(name):
    return float(re.search(r"X\(\w+, " + name + r", ([0-9.]+)\)", tune).group(1))
root = cnt = 0
seen_root = False
for line in open(sys.argv[1]):
    ev = json.loads(line).get("ev")
    if ev == "pivot":
        cnt += 1
        continue
    if not seen_root and ev in ("cut", "node"):
        root, seen_root = cnt, True
    if ev == "cut_round":
        cnt = 0
    if ev == "node":
        break
# one LP past each budget: at most the root LP's iterations each
bound = value("PUMP_MIN_ITERS") + root * (value("HEUR_DIVE_ITER_FACTOR") +
                                          value("PUMP_ITER_FACTOR") + 2)
print(root, cnt, int(bound))
PY
}

for seed in 2 5; do
    name="root-heuristic-budget circuit-40-$seed"
    python3 tests/hard/gen_circuit.py 40 "$seed" 5 0.7 >"$tmp/c.txt"
    "$BNB" --events "$tmp/c.jsonl" --events-pivots "$tmp/c.txt" >/dev/null
    set -- $(count_pivots "$tmp/c.jsonl")
    if [ "$#" -ne 3 ]; then
        echo "FAIL $name: no pivots counted"; failed=1
    elif [ "$2" -le "$3" ]; then
        echo "ok $name ($2 <= $3, root LP $1)"
    else
        echo "FAIL $name: $2 iterations after the cut loop, budget $3 (root LP $1)"
        failed=1
    fi
done
exit $failed
