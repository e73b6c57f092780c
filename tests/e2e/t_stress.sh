#!/bin/sh
# t_stress.sh -- differential stress test on degenerate and badly scaled
# models (tests/gen_stress.sh: assignment and transportation with ties,
# 0/1 equality systems, coefficients from 1e-3 to 1e7; gen_match22.sh:
# two-colour rotation boards), each solved with the automatic, the primal
# and the dual root LP. Status and optimum must agree with glpsol (where
# glpsol differs, cbc decides when installed); no run may pass its time
# limit by more than 0.1 s. The badly scaled ones are solved with the
# simplex's scaling on (the default) and off, and every family with the
# dense basis inverse too (--set basis=dense). Skipped when glpsol is
# not installed.
: "${BNB:?set BNB to the bnb binary}"
SEEDS=${STRESS_SEEDS:-8}
if ! command -v glpsol >/dev/null 2>&1; then
    echo "skip stress: glpsol not installed (apt-get install glpk-utils)"
    exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
failed=0
have_cbc=$(command -v cbc)

# peer FILE.lp: "STATUS OBJECTIVE" from glpsol
peer() {
    glpsol --lp "$1" -o "$tmp/g.out" >/dev/null 2>&1
    st=$(sed -n 's/^Status: *//p' "$tmp/g.out")
    obj=$(sed -n 's/^Objective: *[^=]*= *\([-0-9.e+]*\).*/\1/p' "$tmp/g.out")
    case $st in
    *OPTIMAL*) echo "optimal $obj" ;;
    *EMPTY*|*INFEASIBLE*) echo "infeasible -" ;;
    *UNBOUNDED*) echo "unbounded -" ;;
    *) echo "unknown -" ;;
    esac
}

# cbc_says FILE.lp: "STATUS OBJECTIVE" from cbc, or nothing
cbc_says() {
    [ -n "$have_cbc" ] || return
    out=$(cbc "$1" solve 2>/dev/null)
    case $out in
    *"Optimal solution found"*)
        echo "optimal $(echo "$out" | sed -n 's/^Objective value: *//p')" ;;
    *"infeasible"*|*"Infeasible"*) echo "infeasible -" ;;
    *"unbounded"*|*"Unbounded"*) echo "unbounded -" ;;
    esac
}

# same "STATUS OBJ" "STATUS OBJ": status equal, objectives within 1e-6
same() {
    set -- $1 $2
    [ "$1" = "$3" ] || return 1
    [ "$1" != optimal ] && return 0
    awk -v a="$2" -v b="$4" 'BEGIN { d = a - b; if (d < 0) d = -d;
        s = b < 0 ? -b : b; exit !(d <= 1e-6 * (s > 1 ? s : 1)) }'
}

# ours SUMMARY: "STATUS OBJECTIVE" from bnb's last line
ours() {
    obj=$(echo "$1" | sed -n 's/.*objective \([^,]*\),.*/\1/p')
    case $1 in
    "# optimal"*) echo "optimal $obj" ;;
    "# infeasible"*) echo "infeasible -" ;;
    "# unbounded"*) echo "unbounded -" ;;
    *) echo "other -" ;;
    esac
}

# within SUMMARY LIMIT: the solve time is at most LIMIT + 0.1
within() {
    t=$(echo "$1" | sed -n 's/.*, \([0-9.]*\) s$/\1/p')
    awk -v t="$t" -v l="$2" 'BEGIN { exit !(t != "" && t <= l + 0.1) }'
}

# check NAME INPUT MODEL.lp [ARGS...]: bnb on INPUT under each root
# algorithm, with ARGS
check() {
    name=$1 input=$2 model=$3
    shift 3
    want=$(peer "$model")
    for alg in 0 1 2; do
        last=$("$BNB" --time-limit 10 --set lp_algorithm=$alg "$@" "$input" 2>/dev/null | tail -n 1)
        got=$(ours "$last")
        if ! within "$last" 10; then
            echo "FAIL $name-$alg: past its time limit: $last"; failed=1
        elif same "$got" "$want"; then
            echo "ok $name-$alg"
        elif [ -n "$have_cbc" ] && same "$got" "$(cbc_says "$model")"; then
            echo "ok $name-$alg (glpsol says $want, cbc agrees with bnb)"
        else
            echo "FAIL $name-$alg: bnb '$last', glpsol $want"
            cp "$model" "/tmp/bnb-stress-$name.lp"; failed=1
        fi
    done
}

seed=1
while [ $seed -le "$SEEDS" ]; do
    for spec in "assign 4" "assign 8" "transp 4" "transp 8" "eq01 10" \
                "eq01 20" "scaled 6" "scaled 10"; do
        set -- $spec
        sh tests/gen_stress.sh "$1" "$2" "$seed" >"$tmp/m.lp"
        check "$1-$2-$seed" "$tmp/m.lp" "$tmp/m.lp"
        check "$1-$2-$seed-dense" "$tmp/m.lp" "$tmp/m.lp" --set basis=dense
        [ "$1" = scaled ] &&
            check "$1-$2-$seed-unscaled" "$tmp/m.lp" "$tmp/m.lp" --set lp_scaling=0
    done
    for size in 4 6; do
        sh tests/gen_match22.sh $size $size 2 "$seed" >"$tmp/b.txt"
        "$BNB" --node-limit 1 --write-lp "$tmp/b.lp" "$tmp/b.txt" >/dev/null 2>&1
        check "match22-$size-2col-$seed" "$tmp/b.txt" "$tmp/b.lp"
        check "match22-$size-2col-$seed-dense" "$tmp/b.txt" "$tmp/b.lp" \
            --set basis=dense
    done
    seed=$((seed + 1))
done

# Two badly scaled MIPs that once went wrong in plain branch and bound
# (no cuts or heuristics to hide it): a Driebeck-Tomlin penalty that
# skipped small pivot-row entries (seed 30), and a dual simplex that
# ended on reduced costs the Harris ratio test had let drift across
# zero (seed 40).
for seed in 30 40; do
    sh tests/gen_stress.sh scaled 12 $seed >"$tmp/m.lp"
    want=$(peer "$tmp/m.lp")
    for sc in 1 0; do
        got=$(ours "$("$BNB" --set cuts=0 --set heuristics=0 --set lp_scaling=$sc "$tmp/m.lp" | tail -n 1)")
        if same "$got" "$want"; then echo "ok plain-bnb-scaled-$seed-$sc"
        else echo "FAIL plain-bnb-scaled-$seed-$sc: bnb $got, glpsol $want"; failed=1; fi
    done
done

# Larger members under a tight limit: done or stopped, never late.
for spec in "eq01 80" "assign 30" "scaled 40"; do
    set -- $spec
    sh tests/gen_stress.sh "$1" "$2" 1 >"$tmp/big.lp"
    for alg in 1 2; do
        for basis in lu dense; do
            last=$("$BNB" --time-limit 0.05 --set lp_algorithm=$alg \
                --set basis=$basis "$tmp/big.lp" 2>/dev/null | tail -n 1)
            if within "$last" 0.05; then echo "ok limit-$1-$2-$alg-$basis"
            else echo "FAIL limit-$1-$2-$alg-$basis: $last"; failed=1; fi
        done
    done
done
sh tests/gen_match22.sh 24 24 2 1 >"$tmp/big.txt"
last=$("$BNB" --time-limit 0.05 "$tmp/big.txt" 2>/dev/null | tail -n 1)
if within "$last" 0.05; then echo "ok limit-match22-24"
else echo "FAIL limit-match22-24: $last"; failed=1; fi
exit $failed
