#!/bin/sh
# gen_stress.sh FAMILY SIZE SEED -- a degenerate or badly scaled model in
# CPLEX-LP on stdout, for the differential stress test (t_stress.sh):
#   assign   SIZE x SIZE assignment, costs 1 or 2 (ties), binaries
#   transp   transportation SIZE sources x SIZE+1 sinks, costs in 1..3,
#            continuous (an LP with ties)
#   eq01     SIZE binaries in SIZE/2 random 0/1 equality rows, each met
#            by a hidden 0/1 point (so feasible), random small costs
#   scaled   a feasible MIP whose rows and columns are scaled by powers
#            of ten from 1e-3 to 1e7
# For rotation models with 2 colours see gen_match22.sh.
family=${1:?family} size=${2:?size} seed=${3:-1}
awk -v F="$family" -v N="$size" -v S="$seed" '
function coef(c) { return sprintf("%+.12g", c) }
BEGIN {
    srand(S)
    if (F == "assign") {
        print "Minimize"; printf " obj:"
        for (i = 1; i <= N; i++) for (j = 1; j <= N; j++)
            printf " + %d x%d_%d", 1 + (rand() < 0.5), i, j
        print ""; print "Subject To"
        for (i = 1; i <= N; i++) {
            printf " r%d:", i
            for (j = 1; j <= N; j++) printf " + x%d_%d", i, j
            print " = 1"
        }
        for (j = 1; j <= N; j++) {
            printf " c%d:", j
            for (i = 1; i <= N; i++) printf " + x%d_%d", i, j
            print " = 1"
        }
        print "Binary"
        for (i = 1; i <= N; i++) for (j = 1; j <= N; j++) printf " x%d_%d\n", i, j
    } else if (F == "transp") {
        M = N + 1; tot = 0
        for (i = 1; i <= N; i++) { sup[i] = 2 + int(rand() * 5); tot += sup[i] }
        left = tot
        for (j = 1; j <= M; j++) {
            dem[j] = j < M ? int(tot / M) : left; left -= dem[j]
        }
        print "Minimize"; printf " obj:"
        for (i = 1; i <= N; i++) for (j = 1; j <= M; j++)
            printf " + %d y%d_%d", 1 + int(rand() * 3), i, j
        print ""; print "Subject To"
        for (i = 1; i <= N; i++) {
            printf " s%d:", i
            for (j = 1; j <= M; j++) printf " + y%d_%d", i, j
            print " <= " sup[i]
        }
        for (j = 1; j <= M; j++) {
            printf " d%d:", j
            for (i = 1; i <= N; i++) printf " + y%d_%d", i, j
            print " >= " dem[j]
        }
    } else if (F == "eq01") {
        for (j = 1; j <= N; j++) hid[j] = rand() < 0.5
        print (rand() < 0.5 ? "Minimize" : "Maximize"); printf " obj:"
        for (j = 1; j <= N; j++) printf " %+d z%d", int(rand() * 7) - 3, j
        print ""; print "Subject To"
        for (i = 1; i <= int(N / 2); i++) {
            printf " e%d:", i; rhs = 0; t = 0
            for (j = 1; j <= N; j++) if (rand() < 0.3) { printf " + z%d", j; rhs += hid[j]; t++ }
            if (t == 0) { printf " + z1"; rhs = hid[1] }
            print " = " rhs
        }
        print "Binary"
        for (j = 1; j <= N; j++) printf " z%d\n", j
    } else if (F == "scaled") {
        n = N; m = int(N * 2 / 3) + 1
        for (j = 1; j <= n; j++) {
            isint[j] = rand() < 0.6; pt[j] = int(rand() * 4)
            cs[j] = isint[j] ? 1 : 10 ^ (int(rand() * 11) - 3)
        }
        print (rand() < 0.5 ? "Minimize" : "Maximize"); printf " obj:"
        for (j = 1; j <= n; j++) printf " %s w%d", coef((int(rand() * 9) - 4) / cs[j]), j
        print ""; print "Subject To"
        for (i = 1; i <= m; i++) {
            rs = 10 ^ (int(rand() * 11) - 3); act = 0; printf " q%d:", i; t = 0
            for (j = 1; j <= n; j++) if (rand() < 0.5 || (t == 0 && j == n)) {
                a = (int(rand() * 11) - 5); if (a == 0) a = 1
                printf " %s w%d", coef(a * rs / cs[j]), j
                act += a * rs / cs[j] * pt[j] * cs[j]; t++
            }
            u = rand()
            if (u < 0.45) print " <= " coef(act + rs * int(rand() * 3))
            else if (u < 0.9) print " >= " coef(act - rs * int(rand() * 3))
            else print " = " coef(act)
        }
        print "Bounds"
        for (j = 1; j <= n; j++) printf " 0 <= w%d <= %s\n", j, coef(3 * cs[j])
        print "General"
        for (j = 1; j <= n; j++) if (isint[j]) printf " w%d\n", j
    }
    print "End"
}'
