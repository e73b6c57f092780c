#!/bin/sh
# t_random.sh -- differential test: random small MIPs (mixed senses and
# signs, general and binary integers, free and bounded columns, stored
# zero coefficients, ranges) solved by bnb and by glpsol; status and
# optimum must agree. Skipped when glpsol is not installed.
: "${BNB:?set BNB to the bnb binary}"
COUNT=${RANDOM_MIPS:-100}
if ! command -v glpsol >/dev/null 2>&1; then
    echo "skip random-mips: glpsol not installed (apt-get install glpk-utils)"
    exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
failed=0

# gen SEED: a random MIP in CPLEX-LP on stdout
gen() {
    awk -v seed="$1" 'BEGIN {
        srand(seed);
        n = 4 + int(rand() * 10); m = 3 + int(rand() * 8);
        printf (rand() < 0.5 ? "Minimize\n" : "Maximize\n");
        printf " obj:";
        for (j = 1; j <= n; j++) printf " %+d x%d", int(rand() * 19) - 9, j;
        printf "\nSubject To\n";
        for (i = 1; i <= m; i++) {
            printf " r%d:", i; s = 0; terms = 0;
            for (j = 1; j <= n; j++)
                if (rand() < 0.6) { c = int(rand() * 13) - 6; printf " %+d x%d", c, j; s += (c > 0 ? c : -c); terms++ }
            if (terms == 0) printf " +1 x1";
            rhs = int(rand() * (s + 4)) - int(s / 3); u = rand();
            if (u < 0.4) printf " <= %d\n", rhs;
            else if (u < 0.7) printf " >= %d\n", -rhs;
            else if (u < 0.85) printf " = %d\n", int(rhs / 2);
            else printf " <= %d\n", rhs + 3;
        }
        printf "Bounds\n";
        for (j = 1; j <= n; j++) {
            u = rand();
            if (u < 0.5) printf " 0 <= x%d <= 1\n", j;
            else if (u < 0.8) printf " %d <= x%d <= %d\n", -int(rand() * 4), j, int(rand() * 6);
            else printf " -10 <= x%d <= 10\n", j;
        }
        printf "General\n";
        for (j = 1; j <= n; j++) if (rand() < 0.8) printf " x%d\n", j;
        printf "End\n";
    }'
}

i=1
while [ $i -le "$COUNT" ]; do
    gen $i >"$tmp/m.lp"
    ours=$("$BNB" "$tmp/m.lp" | tail -n 1)
    glpsol --lp "$tmp/m.lp" -o "$tmp/g.out" >/dev/null 2>&1
    gstat=$(sed -n 's/^Status: *//p' "$tmp/g.out")
    gobj=$(sed -n 's/^Objective: *[^=]*= *\([-0-9.e+]*\).*/\1/p' "$tmp/g.out")
    case "$gstat:$ours" in
    *OPTIMAL*:"# optimal"*)
        obj=$(echo "$ours" | sed -n 's/.*objective \([^,]*\),.*/\1/p')
        if awk -v a="$obj" -v b="$gobj" 'BEGIN { d = a - b; exit !(d < 1e-6 && d > -1e-6) }'
        then echo "ok random-$i"
        else echo "FAIL random-$i: bnb $obj, glpsol $gobj"; failed=1; fi ;;
    *EMPTY*:"# infeasible"*|*INFEASIBLE*:"# infeasible"*)
        echo "ok random-$i (infeasible)" ;;
    *UNBOUNDED*:"# unbounded"*)
        echo "ok random-$i (unbounded)" ;;
    *)
        echo "FAIL random-$i: glpsol '$gstat', bnb '$ours'"
        cp "$tmp/m.lp" "/tmp/bnb-random-$i.lp"; failed=1 ;;
    esac
    i=$((i + 1))
done
exit $failed
