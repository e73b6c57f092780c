#!/bin/sh
# gen_match22.sh ROWS COLS COLOURS SEED -- a random Match 22 board: the
# segments shared by two disks get one random colour (so a matching
# rotation exists), outer segments any colour, then every disk is turned
# by a random quarter. Few colours make a massively degenerate root LP.
rows=${1:?rows} cols=${2:?cols} colours=${3:?colours} seed=${4:-1}
awk -v R="$rows" -v C="$cols" -v K="$colours" -v S="$seed" 'BEGIN {
    srand(S)
    printf "# Match 22: random %dx%d board, %d colours, seed %d\n", R, C, K, S
    print "puzzle: match22"
    print "grid:"
    for (r = 0; r < R; r++)
        for (c = 0; c < C; c++)
            for (h = 0; h < 4; h++)
                seg[r, c, h] = 1 + int(rand() * K)
    # top 0, left 1, bottom 2, right 3: a bottom meets the top below,
    # a right meets the left beside
    for (r = 0; r < R; r++)
        for (c = 0; c < C; c++) {
            if (r + 1 < R) seg[r + 1, c, 0] = seg[r, c, 2]
            if (c + 1 < C) seg[r, c + 1, 1] = seg[r, c, 3]
        }
    for (r = 0; r < R; r++) {
        line = ""
        for (c = 0; c < C; c++) {
            t = int(rand() * 4)
            d = ""
            for (h = 0; h < 4; h++)
                d = d seg[r, c, (h + t) % 4]
            line = line (c ? " " : "") d
        }
        print line
    }
}'
