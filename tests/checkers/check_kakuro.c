/*
 * check_kakuro.c -- Kakuro: digits 1-9, all different in a run, each run its sum, black
 * cells kept.
 */
#include "check.h"

int check_kakuro(const puzzle *p)
{
    int rows, cols = 0;
    if (grid(p, "grid", &rows, &cols, G) || sol_grid(p, rows, cols, S))
        return 1;
    const char *sums[2] = {get(p, "across")->value, get(p, "down")->value};
    for (int down = 0; down < 2; down++) {
        int run = 0;
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) {
                int pr = r - down, pc = c - !down, len = 0, sum = 0, seen = 0;
                if (G[r][c][0] != '.' ||
                    (pr >= 0 && pc >= 0 && G[pr][pc][0] == '.'))
                    continue;
                for (int rr = r, cc = c; rr < rows && cc < cols &&
                                         G[rr][cc][0] == '.';
                     rr += down, cc += !down, len++) {
                    int d = S[rr][cc][0] - '0';
                    if (d < 1 || d > 9 || (seen >> d & 1))
                        return bad("bad or repeated digit at %d,%d", rr + 1,
                                   cc + 1);
                    seen |= 1 << d, sum += d;
                }
                if (len >= 2 && nth_int(sums[down], run++) != sum)
                    return bad("run at %d,%d sums to %d, expected %d", r + 1,
                               c + 1, sum, nth_int(sums[down], run - 1));
            }
    }
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            if ((G[r][c][0] == 'X') != (S[r][c][0] == 'X'))
                return bad("black cells differ at %d,%d", r + 1, c + 1);
    return 0;
}
