/*
 * check_starbattle.c -- Star Battle: S stars in every row, column and region, none touching.
 */
#include "check.h"

int check_starbattle(const puzzle *p)
{
    int n = geti(p, "size", 0), st = geti(p, "stars", 1), rows, cols = n;
    if (grid(p, "regions", &rows, &cols, G) || sol_grid(p, n, n, S))
        return 1;
    for (int i = 0; i < n; i++) {
        int rc = 0, cc = 0;
        for (int j = 0; j < n; j++) {
            rc += S[i][j][0] == '*', cc += S[j][i][0] == '*';
            if (!strchr("*.", S[i][j][0]))
                return bad("bad cell '%s'", S[i][j]);
        }
        if (rc != st || cc != st)
            return bad("line %d: %d/%d stars", i + 1, rc, cc);
    }
    for (int a = 0; a < n * n; a++) {
        int count = 0;
        for (int b = 0; b < n * n; b++)
            count += !strcmp(G[b / n][b % n], G[a / n][a % n]) &&
                     S[b / n][b % n][0] == '*';
        if (count != st)
            return bad("region %s has %d stars", G[a / n][a % n], count);
        for (int b = 0; S[a / n][a % n][0] == '*' && b < n * n; b++)
            if (b != a && S[b / n][b % n][0] == '*' &&
                abs(a / n - b / n) <= 1 && abs(a % n - b % n) <= 1)
                return bad("stars touch at %d,%d", a / n + 1, a % n + 1);
    }
    return 0;
}
