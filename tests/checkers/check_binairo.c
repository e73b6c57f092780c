/*
 * check_binairo.c -- Binary Sudoku: givens kept, balanced lines, no three alike, and with
 * unique: yes no two equal rows or columns.
 */
#include "check.h"

int check_binairo(const puzzle *p)
{
    int n = geti(p, "size", 0), rows, cols = n;
    const entry *u = get(p, "unique");
    int unique = !u || strcasecmp(u->value, "no") != 0;
    if (grid(p, "grid", &rows, &cols, G) || sol_grid(p, n, n, S))
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if ((G[i][j][0] != '.' && G[i][j][0] != S[i][j][0]) ||
                !strchr("01", S[i][j][0]))
                return bad("cell %d,%d wrong", i + 1, j + 1);
    for (int t = 0; t < 2; t++)
        for (int i = 0; i < n; i++) {
            int ones = 0;
            for (int j = 0; j < n; j++) {
                char v = t ? S[j][i][0] : S[i][j][0];
                ones += v == '1';
                if (j >= 2 && v == (t ? S[j - 1][i][0] : S[i][j - 1][0]) &&
                    v == (t ? S[j - 2][i][0] : S[i][j - 2][0]))
                    return bad("three in a line at %d (%d)", i + 1, t);
            }
            if (2 * ones != n)
                return bad("line %d (%d) unbalanced", i + 1, t);
            for (int k = i + 1; unique && k < n; k++) {
                int same = 1;
                for (int j = 0; j < n; j++)
                    same &= (t ? S[j][i][0] == S[j][k][0]
                               : S[i][j][0] == S[k][j][0]);
                if (same)
                    return bad("lines %d and %d equal (%d)", i + 1, k + 1, t);
            }
        }
    return 0;
}
