#!/bin/sh
# gen_badlp.sh ROWS COLS SEED [MIP] -- a small, badly scaled LP in
# CPLEX-LP on stdout, of the kind that makes a simplex cycle, stall or
# lose its way (t_badlp.sh solves them beside glpsol):
#   coefficients (matrix and objective) log-uniform over 1e-5 .. 1e6 with
#   random signs, a row's density about 60%; right sides log-uniform up
#   to 1e9 (some 0: degenerate vertices); a third of the rows equations,
#   the others <= or >=; columns with the default [0, inf), free, a huge
#   or a modest upper bound, a negative lower bound, or only an upper
#   bound. The seed also decides whether the rows are built around a
#   hidden point (feasible: each right side is that point's activity,
#   loosened on the inequalities) or drawn at random (often infeasible
#   or unbounded). MIP nonzero: the first half of the columns are
#   general integers.
rows=${1:?rows} cols=${2:?cols} seed=${3:?seed} mip=${4:-0}
awk -v M="$rows" -v N="$cols" -v S="$seed" -v MIP="$mip" '
function logu(lo, hi) { return exp(log(lo) + rand() * (log(hi) - log(lo))) }
function sgn() { return rand() < 0.5 ? -1 : 1 }
function num(c) { return sprintf("%.6g", c) }
function term(c, j) { return sprintf(" %s %s x%d", c < 0 ? "-" : "+", num(c < 0 ? -c : c), j) }
BEGIN {
    srand(S)
    planted = rand() < 0.5
    for (j = 1; j <= N; j++) {
        r = rand()
        lo[j] = 0; up[j] = "inf"
        if (r < 0.2) { lo[j] = "-inf" }
        else if (r < 0.35) { up[j] = num(logu(1e6, 1e10)) }
        else if (r < 0.5) { up[j] = num(logu(1, 1e3)) }
        else if (r < 0.6) { lo[j] = num(-logu(1, 1e9)) }
        else if (r < 0.65) { lo[j] = "-inf"; up[j] = num(logu(1, 1e6)) }
        if (MIP && j <= N / 2) {   # integer bounds, as glpsol requires
            if (lo[j] != "-inf") lo[j] = num(int(lo[j]))
            if (up[j] != "inf") up[j] = num(int(up[j]) < lo[j] + 0 ? lo[j] + 0 : int(up[j]))
        }
        # the hidden point, inside the bounds
        v = logu(1e-3, 1e6)
        if (lo[j] == "-inf" && up[j] != "inf") x[j] = up[j] - v
        else if (lo[j] == "-inf") x[j] = sgn() * v
        else if (up[j] != "inf") x[j] = lo[j] + rand() * (up[j] - lo[j])
        else x[j] = lo[j] + v
        if (MIP && j <= N / 2) {
            x[j] = int(x[j])
            if (lo[j] != "-inf" && x[j] < lo[j]) x[j]++
            if (up[j] != "inf" && x[j] > up[j]) x[j]--
        }
    }
    print "Minimize"
    printf " obj:"
    for (j = 1; j <= N; j++)
        if (rand() < 0.8) printf "%s", term(sgn() * logu(1e-5, 1e6), j)
        else printf "%s", term(0, j)
    print ""
    print "Subject To"
    for (i = 1; i <= M; i++) {
        printf " r%d:", i
        act = 0; any = 0
        for (j = 1; j <= N; j++) {
            if (rand() >= 0.6 && !(j == N && !any)) continue
            a = sgn() * logu(1e-5, 1e6)
            printf "%s", term(a, j)
            act += a * x[j]; any = 1
        }
        s = rand()
        sense = s < 0.33 ? "=" : s < 0.66 ? "<=" : ">="
        if (planted) {
            slack = rand() < 0.3 ? 0 : logu(1e-3, 1e9)
            rhs = sense == "<=" ? act + slack : sense == ">=" ? act - slack : act
        } else {
            rhs = rand() < 0.2 ? 0 : sgn() * logu(1e-3, 1e9)
        }
        print " " sense " " num(rhs)
    }
    print "Bounds"
    for (j = 1; j <= N; j++) {
        if (lo[j] == "-inf" && up[j] == "inf") print " x" j " free"
        else if (lo[j] == "-inf") print " -inf <= x" j " <= " up[j]
        else if (up[j] == "inf") { if (lo[j] != 0) print " x" j " >= " lo[j] }
        else print " " lo[j] " <= x" j " <= " up[j]
    }
    if (MIP) {
        print "General"
        for (j = 1; j <= N / 2; j++) print " x" j
    }
    print "End"
}'
