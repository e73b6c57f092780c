/*
 * progress.c -- --progress: one status line on stderr every few seconds
 * of a long search (time, nodes, open nodes, depth, incumbent, best
 * bound, gap), so that a run that takes minutes is never silent.
 */
#include "teach.h"

#include <math.h>
#include <stdlib.h>
#include <time.h>

/* The first line after this many seconds (a quick run stays quiet),
 * then one line per CLI_PROGRESS_EVERY seconds. */
#define CLI_PROGRESS_FIRST 2.0
#define CLI_PROGRESS_EVERY 3.0

struct cli_progress {
    FILE *out;
    int has_objective;
    double start, next;      /* clock at the start; of the next line     */
    long nodes, open;
    int depth;
    int has_incumbent;
    double incumbent, best_bound;
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

cli_progress *cli_progress_new(FILE *out, const bnb_model *m)
{
    cli_progress *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->out = out;
    for (int j = 0; j < bnb_num_cols(m); j++)
        p->has_objective |= bnb_col_obj(m, j) != 0;
    p->start = now();
    p->next = p->start + CLI_PROGRESS_FIRST;
    p->best_bound = NAN;
    return p;
}

void cli_progress_free(cli_progress *p)
{
    free(p);
}

static void print_line(const cli_progress *p, double t)
{
    fprintf(p->out, "# progress %.0f s: %ld node%s, %ld open, depth %d",
            t - p->start, p->nodes, p->nodes == 1 ? "" : "s", p->open,
            p->depth);
    if (p->has_objective && p->has_incumbent)
        fprintf(p->out, ", incumbent %.10g", p->incumbent);
    else if (p->has_incumbent)
        fprintf(p->out, ", a solution found");
    else
        fprintf(p->out, ", no incumbent");
    if (p->has_objective && isfinite(p->best_bound)) {
        fprintf(p->out, ", best bound %.10g", p->best_bound);
        if (p->has_incumbent && p->incumbent != 0)
            fprintf(p->out, ", gap %.1f%%",
                    100 * fabs(p->incumbent - p->best_bound) /
                        fabs(p->incumbent));
    }
    fprintf(p->out, "\n");
    fflush(p->out);
}

int cli_progress_event(cli_progress *p, const bnb_event *ev)
{
    switch (ev->type) {
    case BNB_EV_NODE:
        p->nodes++;
        p->depth = ev->depth;
        break;
    case BNB_EV_BRANCH:
    case BNB_EV_PRUNED:
        p->open = ev->open;
        p->best_bound = ev->best_bound;
        break;
    case BNB_EV_INCUMBENT:
        p->has_incumbent = 1;
        p->incumbent = ev->lp_obj;
        break;
    default:
        break;
    }
    /* any event, not only a node's: a long root (its LP, cut rounds,
     * dives) is not silent either */
    double t = now();
    if (t >= p->next) {
        print_line(p, t);
        p->next = t + CLI_PROGRESS_EVERY;
    }
    return 0;
}
