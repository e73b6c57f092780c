/*
 * check_kenken.c -- KenKen: a Latin square of 1..n, every cage its target.
 */
#include "check.h"

int check_kenken(const puzzle *p)
{
    int n = geti(p, "size", 0), rows, cols = n;
    const entry *cl = get(p, "clues");
    if (grid(p, "cages", &rows, &cols, G) || sol_grid(p, n, n, S) || !cl)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < n; k++) {
                int v = atoi(S[i][j]);
                if (v < 1 || v > n || (k != j && atoi(S[i][k]) == v) ||
                    (k != i && atoi(S[k][j]) == v))
                    return bad("latin square broken at %d,%d", i + 1, j + 1);
            }
    for (int c = 0; c < cl->count; c++) {
        char name[16], op[8] = "+";
        long target, sum = 0, prod = 1, hi = 0, lo = 99;
        if (sscanf(p->lines[cl->first + c], "%15s %ld %7s", name, &target,
                   op) < 2)
            return bad("bad clue line");
        for (int i = 0; i < n * n; i++)
            if (!strcmp(G[i / n][i % n], name)) {
                long v = atol(S[i / n][i % n]);
                sum += v, prod *= v;
                hi = v > hi ? v : hi, lo = v < lo ? v : lo;
            }
        int ok = op[0] == '+'   ? sum == target
                 : op[0] == '-' ? hi - lo == target
                 : op[0] == '/' ? hi == lo * target
                                : prod == target;
        if (!ok)
            return bad("cage %s misses %ld%s", name, target, op);
    }
    return 0;
}
