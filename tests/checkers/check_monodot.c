/*
 * check_monodot.c -- Monodot: the grid holds exactly the listed degrees,
 * and each node has as many occupied cells among its 8 neighbours as its
 * degree.
 */
#include "check.h"

int check_monodot(const puzzle *p)
{
    int n = geti(p, "size", 0), want[10] = {0}, got[10] = {0};
    const entry *d = get(p, "degrees");
    if (!d || n < 1 || n > MAXN || sol_grid(p, n, n, S))
        return bad("no usable size/degrees");
    for (int i = 0; nth_int(d->value, i) >= 0; i++)
        if (nth_int(d->value, i) <= 9)
            want[nth_int(d->value, i)]++;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            if (S[r][c][0] == '.')
                continue;
            int t = S[r][c][0] - '0', nb = 0;
            if (t < 1 || t > 8)
                return bad("cell %d,%d holds '%s'", r + 1, c + 1, S[r][c]);
            for (int r2 = r - 1; r2 <= r + 1; r2++)
                for (int c2 = c - 1; c2 <= c + 1; c2++)
                    nb += r2 >= 0 && r2 < n && c2 >= 0 && c2 < n &&
                          (r2 != r || c2 != c) && S[r2][c2][0] != '.';
            if (nb != t)
                return bad("node at %d,%d has %d neighbours, wants %d",
                           r + 1, c + 1, nb, t);
            got[t]++;
        }
    for (int t = 0; t < 10; t++)
        if (got[t] != want[t])
            return bad("%d nodes of degree %d, expected %d", got[t], t,
                       want[t]);
    return 0;
}
