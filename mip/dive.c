/*
 * dive.c -- a diving heuristic for models without objective: before the
 * search branches, the integer columns are fixed one by one at their
 * rounded root-LP value, nearest-integral first, each fix propagated
 * through the rows (fix-and-propagate; Achterberg 2007, sec. 9.1, with
 * the LP of the root only). A binary value the rows refute is flipped;
 * a binary both of whose values fail ends the dive. Each fix is its own level on
 * the trail, so a refuted value is analysed like a failed node and its
 * no-good is kept for the search.
 */
#include "mip.h"

#include <math.h>
#include <stdlib.h>

typedef struct {
    int col;
    double dist;             /* |x - round(x)| at the root LP */
} dive_cand;

static int by_dist(const void *a, const void *b)
{
    const dive_cand *p = a, *q = b;
    if (p->dist != q->dist)
        return p->dist < q->dist ? -1 : 1;
    return p->col - q->col;
}

/* Fixes col at v on level `depth` and propagates; on failure learns
 * and undoes the fix. Returns 1 if it holds. */
static int try_value(search *s, int col, double v, int depth)
{
    int len = s->trail_len;
    if (!mip_trail_set(s, col, v, v, depth))
        return 0;
    if (mip_propagate_node(s, col, 0, depth) >= 0)
        return 1;
    mip_conflict_analyze(s, depth);
    mip_trail_cut(s, len);
    return 0;
}

/* One column: its rounded value, else the other value of a binary; a
 * general integer whose value fails is left to the search. */
static int fix_column(search *s, int col, double x, int depth)
{
    double lo = spx_lo(s->lp, col), up = spx_up(s->lp, col);
    double v = fmin(fmax(round(x), lo), up);
    if (try_value(s, col, v, depth))
        return 1;
    if (up - lo > 1)
        return 1;
    return try_value(s, col, v == lo ? up : lo, depth);
}

int mip_dive(search *s, const double *x, int *fixed)
{
    dive_cand *c = malloc((size_t)(s->n ? s->n : 1) * sizeof *c);
    int count = 0, ok = 1;
    *fixed = 0;
    if (!c)
        return 0;
    for (int j = 0; j < s->n; j++)
        if (s->is_int[j] && spx_lo(s->lp, j) < spx_up(s->lp, j))
            c[count++] = (dive_cand){j, fabs(x[j] - round(x[j]))};
    qsort(c, (size_t)count, sizeof *c, by_dist);
    s->learned.quiet = 1;
    for (int k = 0; k < count; k++) {
        int j = c[k].col;
        if (spx_lo(s->lp, j) == spx_up(s->lp, j))
            continue;   /* fixed by propagation */
        if (!fix_column(s, j, x[j], *fixed + 1)) {
            ok = 0;
            break;
        }
        ++*fixed;
    }
    s->learned.quiet = 0;
    free(c);
    return ok;
}
