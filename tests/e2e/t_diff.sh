#!/bin/sh
# t_diff.sh -- model-level differential fuzzer: random small MIPs built to
# be awkward (rows scaled by 1e-6 .. 1e6, so tiny and huge coefficients
# with the same integer points; integer columns free or bounded by 1e6;
# systems of equalities) solved by bnb and glpsol; status and optimum must
# agree (1e-6 relative); where glpsol runs out of time, or differs from
# bnb, cbc decides (an infeasibility also stands on a gcd proof), and an
# optimum bnb prints stands when its solution meets every row within
# bnb's own tolerance (peers scale rows first, bnb's contract does not).
# RANDOM_MIPS=N models (default 40), from seed
# RANDOM_SEED (default 1). bnb runs with --time-limit DIFF_TIME (10): a
# labelled limit is counted, not failed. DIFF_OBJECTIVE=0 gives every
# model a zero objective: feasibility models, where bnb learns from
# failed nodes. Skipped without glpsol.
: "${BNB:?set BNB to the bnb binary}"
COUNT=${RANDOM_MIPS:-40}
OBJECTIVE=${DIFF_OBJECTIVE:-1}
SEED=${RANDOM_SEED:-1}
LIMIT=${DIFF_TIME:-10}
if ! command -v glpsol >/dev/null 2>&1; then
    echo "skip diff-mips: glpsol not installed (apt-get install glpk-utils)"
    exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
failed=0 limited=0 clean=0

# gen SEED: an awkward random MIP in CPLEX-LP on stdout
gen() {
    awk -v seed="$1" -v objective="$OBJECTIVE" 'BEGIN {
        srand(seed);
        n = 2 + int(rand() * 7); m = 1 + int(rand() * 6);
        eqs = rand() < 0.3;              # a system of equalities
        printf (rand() < 0.5 ? "Minimize\n" : "Maximize\n");
        printf " obj:";
        for (j = 1; j <= n; j++)
            printf " %+d x%d", objective ? int(rand() * 19) - 9 : 0, j;
        printf "\nSubject To\n";
        for (i = 1; i <= m; i++) {
            e = int(rand() * 13) - 6; f = (rand() < 0.5) ? 1 : 10 ^ e;
            printf " r%d:", i; terms = 0; s = 0;
            for (j = 1; j <= n; j++)
                if (rand() < 0.6) { c = int(rand() * 13) - 6; if (c == 0) c = 1;
                    printf " %+.17g x%d", c * f, j; s += (c > 0 ? c : -c); terms++ }
            if (terms == 0) printf " %+.17g x1", f;
            rhs = int(rand() * (s + 4)) - int(s / 3); u = rand();
            if (eqs || u < 0.25) printf " = %.17g\n", rhs * f;
            else if (u < 0.6) printf " <= %.17g\n", rhs * f;
            else printf " >= %.17g\n", -rhs * f;
        }
        printf "Bounds\n";
        for (j = 1; j <= n; j++) {
            u = rand();
            if (u < 0.15) printf " x%d free\n", j;
            else if (u < 0.3) printf " -1000000 <= x%d <= 1000000\n", j;
            else if (u < 0.6) printf " 0 <= x%d <= 1\n", j;
            else printf " %d <= x%d <= %d\n", -int(rand() * 5), j, int(rand() * 8);
        }
        printf "General\n";
        for (j = 1; j <= n; j++) if (rand() < 0.85) printf " x%d\n", j;
        printf "End\n";
    }'
}

# gcd_infeasible FILE: an equality row of FILE on integer columns only
# has no integer point (its coefficients, scaled to integers, have a
# gcd that does not divide the right-hand side): the proof peers cannot
# find by branching when the columns are free (they never end)
gcd_infeasible() {
    awk '
    function gcd(a, b,   t) { a = a < 0 ? -a : a; b = b < 0 ? -b : b
        while (b > 0) { t = a % b; a = b; b = t } return a }
    /^General/ { gen = 1; next }
    gen && /^ x[0-9]+$/ { isint[$1] = 1; next }
    /^ r[0-9]+:.* = / { rows[++nr] = $0 }
    END {
        for (r = 1; r <= nr; r++) {
            nf = split(rows[r], t, " "); min = 0; ok = 1
            for (k = 2; k < nf - 1; k += 2) {
                if (!(t[k + 1] in isint)) ok = 0
                c = t[k] + 0; c = c < 0 ? -c : c
                if (min == 0 || c < min) min = c
            }
            if (!ok || min == 0) continue
            # coefficients are integers times one power of 10: times
            # 60 / min they are integers (every |c| / min has a
            # denominator dividing 60 when the integers lie in 1..6)
            g = 0
            for (k = 2; k < nf - 1; k += 2) {
                v = t[k] * 60 / min; iv = int(v + (v < 0 ? -0.5 : 0.5))
                if (v - iv > 1e-6 || iv - v > 1e-6) { g = -1; break }
                g = gcd(g, iv)
            }
            if (g <= 1) continue
            v = t[nf] * 60 / min; iv = int(v + (v < 0 ? -0.5 : 0.5))
            if (v - iv > 1e-6 || iv - v > 1e-6 || iv % g != 0) exit 0
        }
        exit 1
    }' "$1"
}

# verifies FILE SOLUTION: bnb's printed solution (name value lines) meets
# every row of FILE within bnb's contract (tol_verify 1e-6, absolute on
# a row of integer columns, as docs/FORMATS.md says): an answer that
# carries its certificate stands against peers whose tolerances apply to
# rows they scaled (6e-6 x1 = 7e-6 is, to them, 6 x1 = 7)
verifies() {
    awk '
    FNR == NR { if ($0 !~ /^#/ && NF == 2) x[$1] = $2; next }
    /^Bounds/ { rows = 0 }
    /^Subject To/ { rows = 1; next }
    rows && /^ r[0-9]+:/ {
        act = 0
        for (k = 2; k < NF - 1; k += 2) act += $k * x[$(k + 1)]
        op = $(NF - 1); b = $NF
        if (op == "<=" && act > b + 1e-6) bad = 1
        if (op == ">=" && act < b - 1e-6) bad = 1
        if (op == "=" && (act > b + 1e-6 || act < b - 1e-6)) bad = 1
    }
    END { exit bad }' "$2" "$1"
}

# cbc_agrees FILE SUMMARY: cbc's verdict on FILE is bnb's summary line's
cbc_agrees() {
    case $2 in "# infeasible"*) gcd_infeasible "$1" && return 0 ;; esac
    command -v cbc >/dev/null 2>&1 || return 1
    timeout 120 cbc "$1" solve quit >"$tmp/c3.out" 2>&1 || return 1
    case $2 in
    "# infeasible"*)
        # "unbounded" (or "infeasible or unbounded") says nothing of
        # integer points: cbc then decides the model without objective
        if ! grep -q "unbounded" "$tmp/c3.out"; then
            grep -q "infeasible" "$tmp/c3.out"
            return
        fi
        sed 's/^ obj:.*/ obj: 0 x1/' "$1" >"$tmp/zero.lp"
        timeout 120 cbc "$tmp/zero.lp" solve quit >"$tmp/c3.out" 2>&1 &&
            grep -Eq "infeasible" "$tmp/c3.out" ;;
    "# unbounded"*)
        grep -Eq "unbounded" "$tmp/c3.out" ;;
    "# optimal"*)
        grep -q "^Result - Optimal solution found" "$tmp/c3.out" || return 1
        c=$(sed -n 's/^Objective value: *//p' "$tmp/c3.out")
        o=$(echo "$2" | sed -n 's/.*objective \([^,]*\),.*/\1/p')
        awk -v a="$o" -v b="$c" 'BEGIN { d = a - b; if (d < 0) d = -d;
            s = b < 0 ? -b : b; exit !(d <= 1e-6 * (1 + s)) }' ;;
    *) return 1 ;;
    esac
}

outvoted=0 within=0
i=0
while [ $i -lt "$COUNT" ]; do
    seed=$((SEED + i))
    gen $seed >"$tmp/m.lp"
    ours=$(timeout $((LIMIT * 3)) "$BNB" --time-limit "$LIMIT" "$tmp/m.lp" | tail -n 1)
    glpsol --tmlim 60 --lp "$tmp/m.lp" -o "$tmp/g.out" >"$tmp/g.log" 2>&1
    gstat=$(sed -n 's/^Status: *//p' "$tmp/g.out")
    gobj=$(sed -n 's/^Objective: *[^=]*= *\([-0-9.e+]*\).*/\1/p' "$tmp/g.out")
    grep -q "UNBOUNDED" "$tmp/g.log" && gstat="UNBOUNDED"
    # glpsol out of time: cbc answers instead, when installed
    if grep -q "TIME LIMIT" "$tmp/g.log"; then
        gstat="PEER LIMIT"
        if command -v cbc >/dev/null 2>&1; then
            timeout 120 cbc "$tmp/m.lp" solve quit >"$tmp/c.out" 2>&1
            if grep -q "^Result - Optimal solution found" "$tmp/c.out"; then
                gstat=OPTIMAL
                gobj=$(sed -n 's/^Objective value: *//p' "$tmp/c.out")
            fi
        fi
    fi
    verdict=ok
    case "$gstat:$ours" in
    *OPTIMAL*:"# optimal"*)
        obj=$(echo "$ours" | sed -n 's/.*objective \([^,]*\),.*/\1/p')
        awk -v a="$obj" -v b="$gobj" 'BEGIN { d = a - b; if (d < 0) d = -d;
            s = b < 0 ? -b : b; exit !(d <= 1e-6 * (1 + s)) }' ||
            verdict="bnb $obj, glpsol $gobj" ;;
    *EMPTY*:"# infeasible"*|*INFEASIBLE*:"# infeasible"*) ;;
    *UNBOUNDED*:"# unbounded"*|*UNDEFINED*:"# unbounded"*) ;;
    *:"# time limit"*|*:"# memory limit"*|"PEER LIMIT":*) verdict=limit ;;
    *) verdict="glpsol '$gstat', bnb '$ours'" ;;
    esac
    # glpsol's tolerances are absolute: on rows of tiny coefficients it
    # can accept a point that breaks them. A disagreement stands only
    # when cbc, asked as a third solver, does not side with bnb.
    case $verdict in ok|limit) ;; *)
        if cbc_agrees "$tmp/m.lp" "$ours"; then
            verdict=ok outvoted=$((outvoted + 1))
        elif case $ours in "# optimal"*) true ;; *) false ;; esac &&
            "$BNB" --time-limit "$LIMIT" "$tmp/m.lp" >"$tmp/sol.txt" 2>&1 &&
            verifies "$tmp/m.lp" "$tmp/sol.txt"; then
            verdict=ok within=$((within + 1))
        fi ;;
    esac
    case $verdict in
    ok) clean=$((clean + 1)) ;;
    limit) limited=$((limited + 1)) ;;
    *) echo "FAIL diff-$seed: $verdict"; cp "$tmp/m.lp" "/tmp/bnb-diff-$seed.lp"
       failed=1 ;;
    esac
    i=$((i + 1))
done
[ "$failed" -eq 0 ] && echo "ok diff-mips: $clean agree ($outvoted with cbc where glpsol differs, $within where bnb's solution meets every row within its tolerance and the peers, on rows they scaled, call the model infeasible), $limited stopped by a limit (labelled, bnb or peer), seeds $SEED..$((SEED + COUNT - 1))"
exit $failed
