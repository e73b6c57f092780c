/*
 * probe.c -- probing at the root of a model without objective (failed
 * literals, in SAT terms; Achterberg 2007, sec. 10.6): each unfixed
 * binary column is set to 1, then to 0, and the rows propagated; a value
 * the rows refute fixes the column at the other one for the whole
 * search. A puzzle solver does the same by hand ("a star here would
 * leave that region without one"). A fix can make other values fail,
 * so the columns sharing a row with a fixed one are probed again, for
 * at most PROBE_ROUNDS rounds. Probing ends early after PROBE_USELESS
 * probes in a row that fixed nothing (SCIP's rule, Achterberg 2007,
 * sec. 10.6): on a large model whose rows refute little it would
 * otherwise cost more than the search (a logic grid of 7,436 binaries:
 * 0.3 s of probing for 75 fixes, then a 0.1 s solve).
 */
#include "presolve.h"

#include <stdlib.h>
#include <string.h>

/* Does propagation refute column j = v? The trail is left as found. */
static int refuted(mip_state *s, int j, double v)
{
    int len = s->tree.trail_len;
    if (!mip_trail_set(s, j, v, v, 0))
        return 0;
    int r = mip_propagate(s, j, 0);
    mip_trail_cut(s, len);
    return r < 0;
}

static int is_free_binary(const mip_state *s, int j)
{
    return s->is_int[j] && spx_lo(s->lp, j) == 0 && spx_up(s->lp, j) == 1;
}

/* Marks the columns that share a row with column j for the next round. */
static void mark_neighbours(const mip_state *s, int j, char *next)
{
    for (int e = s->prop.col_start[j]; e < s->prop.col_start[j + 1]; e++) {
        int i = s->prop.col_rows[e];
        const int *cols = bnb_row_cols(s->model, i);
        for (int k = 0; k < bnb_row_len(s->model, i); k++)
            next[cols[k]] = 1;
    }
}

/* Probes the columns flagged in `now`, flagging in `next` the
 * neighbours of those it fixes; returns the number fixed, or -1 when
 * both values of a column are refuted (the model is infeasible).
 * *useless counts the probes since the last fix, across rounds. */
static int probe_round(mip_state *s, const char *now, char *next,
                       int *useless)
{
    int fixed = 0;
    for (int j = 0; j < s->n && *useless < PROBE_USELESS; j++) {
        if (j % PROBE_CHECK_EVERY == 0 && mip_out_of_time(s))
            break;   /* probing is optional: the limit comes first */
        if (!now[j] || !is_free_binary(s, j))
            continue;
        double v = refuted(s, j, 1) ? 0 : refuted(s, j, 0) ? 1 : -1;
        if (v < 0) {
            ++*useless;
            continue;
        }
        *useless = 0;
        if (!mip_trail_set(s, j, v, v, 0) || mip_propagate(s, j, 0) < 0)
            return -1;
        mark_neighbours(s, j, next);
        fixed++;
    }
    return fixed;
}

int mip_probe(mip_state *s)
{
    mip_technique_ran(s, MIP_TECH_PROBING);
    size_t n = (size_t)(s->n ? s->n : 1);
    char *now = malloc(n), *next = calloc(n, 1);
    int total = 0, useless = 0;
    if (!now || !next) {
        free(now);
        free(next);
        s->out_of_memory = 1;   /* one convention for every allocation */
        return 0;
    }
    memset(now, 1, n);
    for (int round = 0; round < PROBE_ROUNDS; round++) {
        int fixed = probe_round(s, now, next, &useless);
        if (fixed < 0) {
            total = -1;
            break;
        }
        total += fixed;
        if (fixed == 0 || useless >= PROBE_USELESS || mip_out_of_time(s))
            break;
        char *t = now;
        now = next;
        next = t;
        memset(next, 0, n);
    }
    free(now);
    free(next);
    return total;
}
