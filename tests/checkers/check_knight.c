/*
 * check_knight.c -- Knight moves: the board with visit numbers 1..V, each
 * once, 1 on the start, consecutive visits a knight's move apart, 'X'
 * squares kept.
 */
#include "check.h"

int check_knight(const puzzle *p)
{
    static int at[MAXN * MAXN + 1];
    int rows, cols = 0, nv = 0, sr = -1, sc = -1;
    if (grid(p, "grid", &rows, &cols, G) || sol_grid(p, rows, cols, S))
        return 1;
    const entry *st = get(p, "start");
    if (st && sscanf(st->value, "%d,%d", &sr, &sc) == 2)
        sr--, sc--;
    for (int k = 0; k <= rows * cols; k++)
        at[k] = -1;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            if (G[r][c][0] == 'S')
                sr = r, sc = c;
            nv += G[r][c][0] != 'X';
        }
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            if ((G[r][c][0] == 'X') != (S[r][c][0] == 'X'))
                return bad("square %d,%d: 'X' not kept", r + 1, c + 1);
            if (G[r][c][0] == 'X')
                continue;
            int v = atoi(S[r][c]);
            if (v < 1 || v > nv || at[v] >= 0)
                return bad("square %d,%d: visit %s bad or repeated", r + 1,
                           c + 1, S[r][c]);
            at[v] = r * cols + c;
        }
    if (at[1] != sr * cols + sc)
        return bad("visit 1 is not the start");
    for (int v = 1; v < nv; v++) {
        int dr = abs(at[v] / cols - at[v + 1] / cols);
        int dc = abs(at[v] % cols - at[v + 1] % cols);
        if (dr * dc != 2)
            return bad("visits %d and %d are not a knight's move apart", v,
                       v + 1);
    }
    return 0;
}
