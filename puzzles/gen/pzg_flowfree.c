/*
 * pzg_flowfree.c -- Flow Free: a Hamiltonian path of the grid (a snake,
 * then many random backbite moves, which keep it Hamiltonian and mix it
 * well), cut into `colours` lines of at least 3 cells; the ends of each
 * line are its dots. Default colours: 3N/2 lines.
 */
#include "pzg.h"

#include <stdlib.h>

static void reverse(int *path, int *pos, int a, int b)
{
    for (; a < b; a++, b--) {
        int t = path[a];
        path[a] = path[b];
        path[b] = t;
        pos[path[a]] = a;
        pos[path[b]] = b;
    }
}

/* One backbite move at the head (end 0) or the tail (end 1). */
static void backbite(pzg_rng *r, int n, int *path, int *pos, int end)
{
    int N = n * n, e = end ? path[N - 1] : path[0];
    int d = pzg_below(r, 4), rr = e / n + pzg_dr[d], cc = e % n + pzg_dc[d];
    if (rr < 0 || rr >= n || cc < 0 || cc >= n)
        return;
    int i = pos[rr * n + cc];
    if (end && i < N - 2)
        reverse(path, pos, i + 1, N - 1);
    else if (!end && i > 1)
        reverse(path, pos, 0, i - 1);
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* The largest side (its backbite walk takes 20 * N * 8 steps), and the
 * lines one symbol per line can name. */
#define PZG_FLOW_MAX_SIDE 200
#define PZG_FLOW_SYMBOLS 62

static void *make(const pzg_opts *o, char *err, size_t errlen)
{
    int n = pzg_or(o->size, 7);
    if (n < 2 || n > PZG_FLOW_MAX_SIDE) {   /* before n * n can overflow */
        snprintf(err, errlen, "flowfree: size 2..%d", PZG_FLOW_MAX_SIDE);
        return NULL;
    }
    /* default: as many lines as the published puzzles of that side have,
     * about 1.5 per row (fewer, longer lines make much harder models),
     * as far as the symbols go */
    int most = n * n / 3 > 1 ? n * n / 3 : 1;
    int k = pzg_or(o->colours, 3 * n / 2 < most ? 3 * n / 2 : most);
    if (!o->colours && k > PZG_FLOW_SYMBOLS)
        k = PZG_FLOW_SYMBOLS;
    if (k < 1 || k > PZG_FLOW_SYMBOLS || 3 * k > n * n) {
        snprintf(err, errlen, "flowfree: colours (lines) 1..%d (one "
                 "symbol each: A-Z, a-z, 0-9) and at most size*size/3",
                 PZG_FLOW_SYMBOLS);
        return NULL;
    }
    pzg_rng r;
    pzg_rng_seed(&r, o->seed);
    int N = n * n;
    int *path = malloc((size_t)N * sizeof *path), *pos = malloc((size_t)N * sizeof *pos);
    int *cut = malloc((size_t)(k + 1) * sizeof *cut);
    char *dot = malloc((size_t)N);
    pzg_text *t = pzg_text_new();
    if (path && pos && cut && dot && t) {
        for (int i = 0; i < N; i++) {   /* the snake */
            int row = i / n, col = row % 2 ? n - 1 - i % n : i % n;
            path[i] = row * n + col;
            pos[path[i]] = i;
        }
        for (long m = 0; m < 20L * N * (n > 8 ? 8 : n); m++)
            backbite(&r, n, path, pos, pzg_below(&r, 2));
        /* k-1 cuts: lines of 3 + extra cells, extra spread at random */
        for (int i = 0; i < k - 1; i++)
            cut[i] = pzg_below(&r, N - 3 * k + 1);
        qsort(cut, (size_t)(k - 1), sizeof *cut, cmp_int);
        static const char sym[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                  "abcdefghijklmnopqrstuvwxyz0123456789";
        for (int i = 0; i < N; i++)
            dot[i] = '.';
        int start = 0;
        for (int i = 0; i < k; i++) {
            int end = i < k - 1 ? cut[i] + 3 * (i + 1) : N;
            dot[path[start]] = dot[path[end - 1]] = sym[i];
            start = end;
        }
        fprintf(t->f, "puzzle: flowfree\ngrid:\n");
        for (int i = 0; i < N; i++)
            fprintf(t->f, "%c%s", dot[i], i % n == n - 1 ? "\n" : "");
    }
    free(path);
    free(pos);
    free(cut);
    free(dot);
    return pzg_text_done(t);
}

const pzg_kind pzg_kind_flowfree = {
    .name = "flowfree",
    .help = "size: side (7); colours: lines (3N/2, at most 62)",
    .make = make,
    .print = pzg_text_print,
    .free = pzg_text_free,
};
