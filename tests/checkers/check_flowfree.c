/*
 * check_flowfree.c -- Flow Free: every cell coloured, dots keep their
 * symbol, and the cells of each symbol form one simple path between its
 * two dots (searched for).
 */
#include "check.h"

static int ff_seen[MAXN][MAXN];
static long ff_steps;

/* Depth-first search for a path from (r,c) to (tr,tc) through every one
 * of the `left` unvisited cells of symbol s. */
static int ff_path(int rows, int cols, const char *s, int r, int c, int tr,
                   int tc, int left)
{
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    if (r == tr && c == tc)
        return left == 0;
    if (++ff_steps > 5000000)
        return 0;
    for (int d = 0; d < 4; d++) {
        int r2 = r + dr[d], c2 = c + dc[d];
        if (r2 < 0 || r2 >= rows || c2 < 0 || c2 >= cols ||
            ff_seen[r2][c2] || strcmp(S[r2][c2], s) != 0)
            continue;
        ff_seen[r2][c2] = 1;
        if (ff_path(rows, cols, s, r2, c2, tr, tc, left - 1))
            return 1;
        ff_seen[r2][c2] = 0;
    }
    return 0;
}

int check_flowfree(const puzzle *p)
{
    int rows, cols = 0;
    if (grid(p, "grid", &rows, &cols, G) || sol_grid(p, rows, cols, S))
        return 1;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            if (strcmp(G[r][c], ".") != 0 && strcmp(G[r][c], S[r][c]) != 0)
                return bad("dot %s at %d,%d recoloured", G[r][c], r + 1,
                           c + 1);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int dots = 0, n = 0, dot[2][2] = {{0}};
            for (int i = 0; i < rows * cols; i++) {
                const char *g = G[i / cols][i % cols];
                if (strcmp(S[i / cols][i % cols], S[r][c]) == 0)
                    n++;
                if (strcmp(g, S[r][c]) == 0 && dots < 2)
                    dot[dots][0] = i / cols, dot[dots++][1] = i % cols;
            }
            if (dots != 2)
                return bad("cell %d,%d has '%s', not a dot pair's symbol",
                           r + 1, c + 1, S[r][c]);
            if (r != dot[0][0] || c != dot[0][1])
                continue;
            memset(ff_seen, 0, sizeof ff_seen);
            ff_seen[r][c] = 1;
            ff_steps = 0;
            if (!ff_path(rows, cols, S[r][c], r, c, dot[1][0], dot[1][1],
                         n - 1))
                return bad("the %d cells of '%s' are not one line between "
                           "its dots", n, S[r][c]);
        }
    return 0;
}
