#!/bin/sh
# gen_spp.sh ROWS COLS KMAX SEED -- a random set-partitioning model in
# MPS: every row covered exactly once by binary columns of 1 to KMAX
# rows each, near one another (as crew pairings are). A planted
# partition makes it feasible; the costs favour no column much, so the
# root LP is fractional and the cut loop runs many rounds.
rows=${1:?rows} cols=${2:?cols} kmax=${3:?kmax} seed=${4:-1}
awk -v M="$rows" -v N="$cols" -v K="$kmax" -v S="$seed" 'BEGIN {
    srand(S)
    n = 0
    for (i = 0; i < M; i++) perm[i] = i
    for (i = M - 1; i > 0; i--) {
        j = int(rand() * (i + 1)); t = perm[i]; perm[i] = perm[j]; perm[j] = t
    }
    for (i = 0; i < M; n++) {          # the planted partition
        k = 1 + int(rand() * K)
        len[n] = 0
        for (t = 0; t < k && i < M; t++) cov[n, len[n]++] = perm[i++]
    }
    for (; n < N; n++) {               # the rest: rows near a centre
        k = 1 + int(rand() * K); c = int(rand() * M); len[n] = 0
        for (t = 0; t < k; t++) {
            r = (c + int(rand() * (6 * K + 1)) - 3 * K + M) % M
            dup = 0
            for (u = 0; u < len[n]; u++) if (cov[n, u] == r) dup = 1
            if (!dup) cov[n, len[n]++] = r
        }
    }
    printf "NAME SPP%d\nROWS\n N obj\n", S
    for (i = 0; i < M; i++) printf " E r%d\n", i
    print "COLUMNS"
    print "    MARKER \047MARKER\047 \047INTORG\047"
    for (j = 0; j < N; j++) {
        cost = int(rand() * 41)
        for (u = 0; u < len[j]; u++) cost += 50 + int(rand() * 101)
        printf "    x%d obj %d\n", j, cost
        for (u = 0; u < len[j]; u++) printf "    x%d r%d 1\n", j, cov[j, u]
    }
    print "    MARKER \047MARKER\047 \047INTEND\047"
    print "RHS"
    for (i = 0; i < M; i++) printf "    rhs r%d 1\n", i
    print "BOUNDS"
    for (j = 0; j < N; j++) printf " UP bnd x%d 1\n", j
    print "ENDATA"
}'
