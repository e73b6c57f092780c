/*
 * dive.c -- a diving heuristic for models without objective: before the
 * search branches, the integer columns are fixed one by one at their
 * rounded root-LP value, nearest-integral first, each fix propagated
 * through the rows (fix-and-propagate; Achterberg 2007, sec. 9.1, with
 * the LP of the root only). Each fix is its own level on the trail, so
 * a failed propagation is analysed like a failed node: its no-good is
 * kept for the search, and the dive jumps back to where the no-good
 * fixes a column the other way (conflict-driven backjumping, as in a
 * SAT solver), up to DIVE_MAX_CONFLICTS times.
 */
#include "heur.h"
#include "presolve.h"

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

static int time_up(const mip_state *s)
{
    return mip_clock() - s->start >= s->par.time_limit;
}

static int is_binary_decision(const mip_trail_entry *t)
{
    return t->reason == 0 && t->lo == 0 && t->up == 1 &&
           t->new_lo == t->new_up;
}

/* The level to jump back to after learning row `row` at `level`: the
 * deepest level of its other columns' fixings (0 when none). */
static int assertion_level(mip_state *s, int row, int level, char *mark)
{
    mip_row r = mip_row_get(s, row);
    int back = 0;
    for (int k = 0; k < r.len; k++)
        mark[r.cols[k]] = 1;
    for (int p = 0; p < s->tree.trail_len; p++) {
        const mip_trail_entry *t = &s->tree.trail[p];
        if (mark[t->col] && t->depth < level && t->depth > back)
            back = t->depth;
    }
    for (int k = 0; k < r.len; k++)
        mark[r.cols[k]] = 0;
    return back;
}

/* Undoes every change above `level`. */
static void back_to(mip_state *s, int level)
{
    int len = s->tree.trail_len;
    while (len > 0 && s->tree.trail[len - 1].depth > level)
        len--;
    mip_trail_cut(s, len);
}

/* The column fixed by level's decision (its first change), or -1. */
static int decision_at(const mip_state *s, int level)
{
    for (int p = 0; p < s->tree.trail_len; p++)
        if (s->tree.trail[p].depth == level)
            return p;
    return -1;
}

/*
 * After a failed propagation at *level: learns a no-good, jumps back to
 * its assertion level and propagates it there (where it fixes its one
 * column left). A no-good too long to keep gives the plain backtrack:
 * the level's binary decision is flipped. Repeats while that fails too;
 * returns 0 when out of conflicts or the failure reaches the root.
 */
static int learn_and_jump(mip_state *s, int *level, char *mark, int *conflicts)
{
    for (;;) {
        if (++*conflicts > DIVE_MAX_CONFLICTS || time_up(s) || *level == 0)
            return 0;
        int row = mip_conflict_analyze(s, *level), ok;
        if (row >= 0) {
            *level = assertion_level(s, row, *level, mark);
            back_to(s, *level);
            ok = mip_propagate_node(s, -1, row - s->m, *level) >= 0;
        } else {
            int p = decision_at(s, *level);
            if (p < 0 || !is_binary_decision(&s->tree.trail[p]))
                return 0;
            int j = s->tree.trail[p].col;
            double v = 1 - s->tree.trail[p].new_lo;
            back_to(s, *level - 1);
            if (!mip_trail_set(s, j, v, v, *level))
                return 0;
            ok = mip_propagate_node(s, j, s->learned.count, *level) >= 0;
        }
        if (ok)
            return 1;
    }
}

/* Decides the columns in order c[], each at its rounded LP value x, as
 * a SAT solver does with learning and backjumping (the order fixed).
 * Returns 1 when every column in c[] is fixed. */
static int decide_all(mip_state *s, const dive_cand *c, int count,
                      const double *x, int *fixed, char *mark)
{
    int level = 0, conflicts = 0;
    for (int k = 0;; ) {
        if (k == count) {
            /* all decided: every row once more (a long cascade may
             * have left some unvisited) */
            if (mip_propagate_every(s, level) >= 0)
                return 1;
            if (!learn_and_jump(s, &level, mark, &conflicts))
                return 0;
            k = 0;
            continue;
        }
        int j = c[k].col;
        double lo = spx_lo(s->lp, j), up = spx_up(s->lp, j);
        if (lo == up) {
            k++;
            continue;
        }
        double v = fmin(fmax(round(x[j]), lo), up);
        if (!mip_trail_set(s, j, v, v, ++level))
            return 0;
        ++*fixed;
        if (mip_propagate_node(s, j, s->learned.count, level) >= 0) {
            k++;
            continue;
        }
        if (!learn_and_jump(s, &level, mark, &conflicts))
            return 0;
        k = 0;   /* columns freed by the jump come round again */
    }
}

int mip_dive(mip_state *s, const double *x, int *fixed)
{
    mip_technique_ran(s, MIP_TECH_DIVING);
    size_t n = (size_t)(s->n ? s->n : 1);
    dive_cand *c = malloc(n * sizeof *c);
    char *mark = calloc(n, 1);
    int count = 0, ok = 0;
    *fixed = 0;
    if (!c || !mark)
        s->out_of_memory = 1;
    if (c && mark) {
        for (int j = 0; j < s->n; j++)
            if (s->is_int[j] && spx_lo(s->lp, j) < spx_up(s->lp, j))
                c[count++] = (dive_cand){j, fabs(x[j] - round(x[j]))};
        qsort(c, (size_t)count, sizeof *c, by_dist);
        s->learned.quiet = 1;
        ok = decide_all(s, c, count, x, fixed, mark);
        s->learned.quiet = 0;
    }
    free(c);
    free(mark);
    return ok;
}
