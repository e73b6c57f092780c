/*
 * check_rot.c -- turning tiles, for the Match 22 and Infinity Loop
 * checkers: apply the turns, compare the touching sides (and, closed,
 * the sides toward empty cells and the border), and find the fewest
 * turns by a depth-first search to compare the total.
 */
#include "check.h"

#define RT_MAX (MAXN * MAXN)
#define RT_NODES 20000000L   /* search nodes before the optimum check gives up */

int rt_rows, rt_cols, rt_closed;
int rt_d[MAXN][MAXN][4];        /* side values; [0] = -1: no tile */
int rt_turn[MAXN][MAXN];
static long rt_nodes;

/* Side h of the tile at r, c after j left turns. */
int rt_side(int r, int c, int j, int h)
{
    return rt_d[r][c][((h - j) % 4 + 4) % 4];
}

int rt_tile(int r, int c)
{
    return r >= 0 && c >= 0 && r < rt_rows && c < rt_cols &&
           rt_d[r][c][0] >= 0;
}

/* Side h of (r, c) turned j agrees with the neighbour there, if that one
 * is already turned (placed != 0), or is 0 toward no tile (closed). */
static int rt_fits(int r, int c, int j, int h, int placed)
{
    static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, -1, 0, 1};
    int r2 = r + dr[h], c2 = c + dc[h], v = rt_side(r, c, j, h);
    if (!rt_tile(r2, c2))
        return !rt_closed || v == 0;
    return !placed || v == rt_side(r2, c2, rt_turn[r2][c2], (h + 2) % 4);
}

static int rt_valid(void)
{
    for (int r = 0; r < rt_rows; r++)
        for (int c = 0; c < rt_cols; c++)
            for (int h = 0; rt_tile(r, c) && h < 4; h++)
                if (!rt_fits(r, c, rt_turn[r][c], h, 1))
                    return bad("tile %d,%d: side %d does not fit", r + 1,
                               c + 1, h);
    return 0;
}

/* Fewest turns for the cells from k on (reading order), given cost so
 * far; updates *best. Neighbours above and left are placed already. */
static void rt_search(int k, int cost, int *best)
{
    if (cost >= *best || ++rt_nodes > RT_NODES)
        return;
    if (k == rt_rows * rt_cols) {
        *best = cost;
        return;
    }
    int r = k / rt_cols, c = k % rt_cols;
    if (!rt_tile(r, c)) {
        rt_search(k + 1, cost, best);
        return;
    }
    for (int j = 0; j < 4; j++) {
        rt_turn[r][c] = j;
        if (rt_fits(r, c, j, 0, 1) && rt_fits(r, c, j, 1, 1) &&
            (rt_tile(r + 1, c) || rt_fits(r, c, j, 2, 0)) &&
            (rt_tile(r, c + 1) || rt_fits(r, c, j, 3, 0)))
            rt_search(k + 1, cost + j, best);
    }
}

/* The grid rows of the solution (all lines but the last, "turns: K")
 * into S; the total K. */
int rt_sol(const puzzle *p, int *total)
{
    if (p->nsol != rt_rows + 1 ||
        sscanf(p->sol[rt_rows], "turns: %d", total) != 1)
        return bad("solution needs %d grid lines and 'turns: K'", rt_rows);
    for (int r = 0; r < rt_rows; r++)
        if (cells(p->sol[r], S[r], MAXN) != rt_cols)
            return bad("solution line %d does not have %d cells", r + 1,
                       rt_cols);
    return 0;
}

/* Checks the turns in rt_turn against the rules, total and optimum. */
int rt_finish(int total)
{
    int sum = 0, best = 4 * RT_MAX + 1;
    for (int r = 0; r < rt_rows; r++)
        for (int c = 0; c < rt_cols; c++)
            sum += rt_tile(r, c) ? rt_turn[r][c] : 0;
    if (sum != total)
        return bad("turns: %d, but the tiles turn %d times", total, sum);
    if (rt_valid())
        return 1;
    rt_nodes = 0;
    rt_search(0, 0, &best);
    if (rt_nodes <= RT_NODES && best != total)
        return bad("%d turns suffice, not %d", best, total);
    return 0;
}

/* A tile token as four 0/1 flags (U L D R); 0 if it is not one. */
int rt_flags(const char *s, int d[4])
{
    static const char sides[] = "ULDR";
    d[0] = d[1] = d[2] = d[3] = 0;
    for (; *s; s++) {
        const char *at = strchr(sides, *s);
        if (!at)
            return 0;
        d[at - sides] = 1;
    }
    return 1;
}

