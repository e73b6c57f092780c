/*
 * check_infinityloop.c -- Infinity Loop: every tile shown is a turn of
 * the given one, no connection is left open (toward a neighbour, an
 * empty cell or the border), and the turns are the fewest (check_rot.c).
 */
#include "check.h"

int check_infinityloop(const puzzle *p)
{
    int total, want[4];
    rt_cols = 0, rt_closed = 1;
    if (grid(p, "grid", &rt_rows, &rt_cols, G) || rt_sol(p, &total))
        return 1;
    for (int r = 0; r < rt_rows; r++)
        for (int c = 0; c < rt_cols; c++) {
            int none = G[r][c][0] == '.';
            if (none != (S[r][c][0] == '.'))
                return bad("cell %d,%d: tile and '.' mixed up", r + 1, c + 1);
            rt_d[r][c][0] = -1;
            if (none)
                continue;
            if (!rt_flags(G[r][c], rt_d[r][c]) || !rt_flags(S[r][c], want))
                return bad("cell %d,%d: bad tile", r + 1, c + 1);
            /* the fewest left turns that give the tile shown */
            for (rt_turn[r][c] = 0; rt_turn[r][c] < 4; rt_turn[r][c]++) {
                int same = 1;
                for (int h = 0; h < 4; h++)
                    same &= rt_side(r, c, rt_turn[r][c], h) == want[h];
                if (same)
                    break;
            }
            if (rt_turn[r][c] == 4)
                return bad("cell %d,%d: %s is not a turn of %s", r + 1,
                           c + 1, S[r][c], G[r][c]);
        }
    return rt_finish(total);
}
