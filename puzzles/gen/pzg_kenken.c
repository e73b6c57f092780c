/*
 * pzg_kenken.c -- KenKen: a random Latin square (the cyclic square with
 * rows, columns and symbols permuted at random) cut into connected
 * cages of 1 to 4 cells grown at random; each cage's clue is computed
 * from the square (- and / only on two cells, / only where it divides).
 * reveal splits a cell where another solution differs off its cage as
 * a one-cell cage (a given), as long as the rest stays connected.
 */
#include "pzg.h"

#include <stdlib.h>

typedef struct kk {
    int n, ncage;
    int *val;              /* [n*n] the planted square, 1..n              */
    int *cage;             /* [n*n] cage of each cell                     */
    char *op;              /* [n*n] each cage's operation: = + - * /      */
    pzg_rng r;
} kk;

static int cells_of(const kk *g, int id, int *out)
{
    int k = 0;
    for (int c = 0; c < g->n * g->n; c++)
        if (g->cage[c] == id)
            out[k++] = c;
    return k;
}

static long target(const kk *g, int id)
{
    int cell[g->n * g->n], k = cells_of(g, id, cell);
    long t = g->op[id] == '*' ? 1 : 0;
    for (int i = 0; i < k; i++)
        t = g->op[id] == '*' ? t * g->val[cell[i]] : t + g->val[cell[i]];
    if (g->op[id] == '-' || g->op[id] == '/') {
        int a = g->val[cell[0]], b = g->val[cell[1]];
        int hi = a > b ? a : b, lo = a > b ? b : a;
        t = g->op[id] == '-' ? hi - lo : hi / lo;
    }
    return t;
}

static char pick_op(kk *g, int id)
{
    int cell[4 * 4 + 1], k = 0;
    for (int c = 0; c < g->n * g->n && k < 5; c++)
        if (g->cage[c] == id)
            cell[k++] = c;
    if (k == 1)
        return '=';
    int a = g->val[cell[0]], b = g->val[cell[1]];
    int roll = pzg_below(&g->r, 10);
    if (k == 2 && roll < 4 && (a % b == 0 || b % a == 0))
        return '/';
    if (k == 2 && roll < 7)
        return '-';
    return roll % 2 ? '+' : '*';
}

/* Grows cage id from cell c to at most size cells. */
static void grow(kk *g, int c, int id, int size)
{
    int n = g->n, have = 1, cell[4] = {c};
    g->cage[c] = id;
    while (have < size) {
        int cand[16], m = 0;
        for (int i = 0; i < have; i++)
            for (int d = 0; d < 4; d++) {
                int r = cell[i] / n + pzg_dr[d], col = cell[i] % n + pzg_dc[d];
                if (r >= 0 && r < n && col >= 0 && col < n &&
                    g->cage[r * n + col] < 0)
                    cand[m++] = r * n + col;
            }
        if (m == 0)
            return;
        cell[have] = cand[pzg_below(&g->r, m)];
        g->cage[cell[have++]] = id;
    }
}

static int connected(const kk *g, const int *cell, int k, int skip)
{
    int seen[4] = {0}, stack[4], top = 0, reached = 1, n = g->n;
    int first = skip == 0 ? 1 : 0;
    seen[first] = 1;
    stack[top++] = first;
    while (top > 0) {
        int a = stack[--top];
        for (int b = 0; b < k; b++)
            if (b != skip && !seen[b] &&
                abs(cell[a] / n - cell[b] / n) + abs(cell[a] % n - cell[b] % n) == 1) {
                seen[b] = 1;
                reached++;
                stack[top++] = b;
            }
    }
    return reached == k - 1;
}

/* Splits cell c off its cage as a one-cell cage; 0 if c is alone or the
 * rest would fall apart. */
static int split(kk *g, int c)
{
    int id = g->cage[c], cell[4 * 4], k = cells_of(g, id, cell), skip = 0;
    while (skip < k && cell[skip] != c)
        skip++;
    if (k < 2 || !connected(g, cell, k, skip))
        return 0;
    int nid = g->ncage++;
    g->cage[c] = nid;
    g->op[nid] = '=';
    if (k == 2)
        g->op[id] = '=';
    return 1;
}

/* Splits off a cell where another solution differs, else any cell. */
static int reveal(void *p, const char *const *other, int nother)
{
    kk *g = p;
    int N = g->n * g->n, start = pzg_below(&g->r, N), v[N];
    for (int i = 0; i < nother; i++) {
        if (pzg_numbers(other[i], v, N) != N)
            continue;
        for (int k = 0; k < N; k++) {
            int c = (start + k) % N;
            if (v[c] != g->val[c] && split(g, c))
                return 1;
        }
    }
    for (int k = 0; k < N; k++)
        if (split(g, (start + k) % N))
            return 1;
    return 0;
}

static void kk_free(void *p)
{
    kk *g = p;
    if (g) {
        free(g->val);
        free(g->cage);
        free(g->op);
        free(g);
    }
}

static void *make(const pzg_opts *o, char *err, size_t errlen)
{
    int n = pzg_or(o->size, 6);
    if (n < 2 || n > 100) {
        snprintf(err, errlen, "kenken: size 2..100");
        return NULL;
    }
    kk *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->n = n;
    pzg_rng_seed(&g->r, o->seed);
    int N = n * n, *row = malloc((size_t)n * sizeof *row);
    int *col = malloc((size_t)n * sizeof *col), *sym = malloc((size_t)n * sizeof *sym);
    int *order = malloc((size_t)N * sizeof *order);
    g->val = malloc((size_t)N * sizeof *g->val);
    g->cage = malloc((size_t)N * sizeof *g->cage);
    g->op = malloc((size_t)N);
    int ok = row && col && sym && order && g->val && g->cage && g->op;
    if (ok) {
        for (int i = 0; i < n; i++)
            row[i] = col[i] = sym[i] = i;
        pzg_shuffle(&g->r, row, n);
        pzg_shuffle(&g->r, col, n);
        pzg_shuffle(&g->r, sym, n);
        for (int c = 0; c < N; c++) {
            g->val[c] = sym[(row[c / n] + col[c % n]) % n] + 1;
            g->cage[c] = -1;
            order[c] = c;
        }
        pzg_shuffle(&g->r, order, N);
        static const int sizes[10] = {1, 2, 2, 2, 2, 3, 3, 3, 4, 4};
        for (int i = 0; i < N; i++)
            if (g->cage[order[i]] < 0)
                grow(g, order[i], g->ncage++, sizes[pzg_below(&g->r, 10)]);
        for (int id = 0; id < g->ncage; id++)
            g->op[id] = pick_op(g, id);
    }
    free(row);
    free(col);
    free(sym);
    free(order);
    if (!ok) {
        kk_free(g);
        snprintf(err, errlen, "kenken: out of memory");
        return NULL;
    }
    return g;
}

static void print(const void *p, FILE *out)
{
    const kk *g = p;
    int n = g->n;
    fprintf(out, "puzzle: kenken\nsize: %d\ncages:\n", n);
    for (int c = 0; c < n * n; c++)
        fprintf(out, "c%d%s", g->cage[c] + 1, c % n == n - 1 ? "\n" : " ");
    fprintf(out, "clues:\n");
    for (int id = 0; id < g->ncage; id++) {
        fprintf(out, "c%d %ld", id + 1, target(g, id));
        if (g->op[id] != '=')
            fprintf(out, " %c", g->op[id]);
        fputc('\n', out);
    }
}

const pzg_kind pzg_kind_kenken = {
    .name = "kenken",
    .help = "size: side (6)",
    .make = make,
    .print = print,
    .reveal = reveal,
    .free = kk_free,
};
