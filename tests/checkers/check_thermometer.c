/*
 * check_thermometer.c -- Thermometers: the row and column counts, every thermometer filled
 * from its bulb without a gap.
 */
#include "check.h"

int check_thermometer(const puzzle *p)
{
    int n = geti(p, "size", 0);
    const entry *t = get(p, "thermometers");
    if (sol_grid(p, n, n, S) || !t)
        return 1;
    for (int i = 0; i < n; i++) {
        int rc = 0, cc = 0;
        for (int j = 0; j < n; j++)
            rc += S[i][j][0] == '1', cc += S[j][i][0] == '1';
        if (rc != nth_int(get(p, "rows")->value, i) ||
            cc != nth_int(get(p, "cols")->value, i))
            return bad("row/col %d: %d/%d filled", i + 1, rc, cc);
    }
    for (int k = 0; k < t->count; k++) {
        char c[MAXN * MAXN][16];
        int m = cells(p->lines[t->first + k], c, MAXN * MAXN), empty = 0;
        for (int i = 0; i < m; i++) {
            int r, col;
            sscanf(c[i], "%d,%d", &r, &col);
            int full = S[r - 1][col - 1][0] == '1';
            if (full && empty)
                return bad("thermometer %d has a gap at %s", k + 1, c[i]);
            empty |= !full;
        }
    }
    return 0;
}
