/*
 * check_match22.c -- Match 22: the turns of every disk make touching
 * segments agree, and their total is the fewest possible (check_rot.c).
 */
#include "check.h"

int check_match22(const puzzle *p)
{
    int total;
    rt_cols = 0, rt_closed = 0;
    if (grid(p, "grid", &rt_rows, &rt_cols, G) || rt_sol(p, &total))
        return 1;
    for (int r = 0; r < rt_rows; r++)
        for (int c = 0; c < rt_cols; c++) {
            int none = G[r][c][0] == '.';
            for (int h = 0; h < 4; h++)
                rt_d[r][c][h] = none ? -1 : G[r][c][h] - '0';
            if (none != (S[r][c][0] == '.'))
                return bad("cell %d,%d: disk and '.' mixed up", r + 1, c + 1);
            rt_turn[r][c] = none ? 0 : atoi(S[r][c]);
            if (!none && (rt_turn[r][c] < 0 || rt_turn[r][c] > 3))
                return bad("cell %d,%d: %s turns", r + 1, c + 1, S[r][c]);
        }
    return rt_finish(total);
}
