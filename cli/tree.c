/*
 * tree.c -- --tree FILE: the branch-and-bound tree recorded from the
 * engine's events, written at the end as Graphviz DOT (one box per node,
 * coloured by outcome) or, for FILE.bak, as a BAK event log for GrUMPy.
 */
#include "teach.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

typedef enum {
    OUT_OPEN,                /* never closed: a limit stopped the search  */
    OUT_BRANCHED, OUT_BOUND, OUT_INFEASIBLE, OUT_INTEGRAL, OUT_INCUMBENT,
    OUT_UNBOUNDED
} outcome;

typedef struct tree_node {
    long parent;
    int col, dir;            /* the bound change that made the node       */
    double bound;
    double obj;              /* LP objective, model's sense               */
    bnb_lp_status status;
    int unsolved;            /* closed on its parent's bound, LP not run  */
    outcome out;
    int branch_col;          /* BRANCHED: on which column                 */
    int nfrac;
    double frac_sum;         /* sum of integer infeasibilities (BAK)      */
    double seconds;          /* when it was solved (BAK)                  */
} tree_node;

struct cli_tree {
    const bnb_model *m;
    tree_node *node;         /* [count], indexed by node id               */
    long count, cap;
    double start;
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

cli_tree *cli_tree_new(const bnb_model *m)
{
    cli_tree *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->m = m;
    t->start = now();
    return t;
}

void cli_tree_free(cli_tree *t)
{
    if (!t)
        return;
    free(t->node);
    free(t);
}

/* Node ids are handed out in solve order from 0, so a node's id is its
 * index and it arrives right after the nodes before it. */
static tree_node *slot(cli_tree *t, long id)
{
    if (id < 0)
        return NULL;
    if (id >= t->cap) {
        long cap = t->cap ? 2 * t->cap : 64;
        while (cap <= id)
            cap *= 2;
        tree_node *p = realloc(t->node, (size_t)cap * sizeof *p);
        if (!p)
            return NULL;
        memset(p + t->cap, 0, (size_t)(cap - t->cap) * sizeof *p);
        t->node = p;
        t->cap = cap;
    }
    if (id >= t->count)
        t->count = id + 1;
    return &t->node[id];
}

/* sum over integer columns of min(f, 1 - f), f = x - floor(x). */
static double frac_sum(const bnb_model *m, const bnb_event *ev)
{
    double s = 0;
    for (int j = 0; ev->nfrac > 0 && j < ev->n; j++) {
        if (!bnb_col_is_int(m, j))
            continue;
        double f = ev->x[j] - floor(ev->x[j]);
        s += f < 1 - f ? f : 1 - f;
    }
    return s;
}

static void on_node(cli_tree *t, tree_node *p, const bnb_event *ev)
{
    *p = (tree_node){.parent = ev->parent, .col = ev->col, .dir = ev->dir,
                     .bound = ev->bound, .obj = ev->lp_obj,
                     .status = ev->lp_status, .out = OUT_OPEN,
                     .unsolved = ev->lp_status == BNB_LP_CUTOFF &&
                                 ev->lp_iters == 0,
                     .branch_col = -1, .nfrac = ev->nfrac,
                     .frac_sum = frac_sum(t->m, ev),
                     .seconds = now() - t->start};
}

static outcome pruned_outcome(const bnb_event *ev)
{
    switch (ev->reason) {
    case BNB_PRUNE_INFEASIBLE: return OUT_INFEASIBLE;
    case BNB_PRUNE_BOUND: return OUT_BOUND;
    case BNB_PRUNE_INTEGRAL:
        return ev->improved ? OUT_INCUMBENT : OUT_INTEGRAL;
    default: return OUT_UNBOUNDED;
    }
}

/* Returns 1 (stop) only when out of memory: a tree with holes would
 * be a wrong picture. */
int cli_tree_event(cli_tree *t, const bnb_event *ev)
{
    if (ev->type != BNB_EV_NODE && ev->type != BNB_EV_BRANCH &&
        ev->type != BNB_EV_PRUNED)
        return 0;
    tree_node *p = slot(t, ev->node);
    if (!p)
        return 1;
    if (ev->type == BNB_EV_NODE)
        on_node(t, p, ev);
    else if (ev->type == BNB_EV_BRANCH) {
        p->out = OUT_BRANCHED;
        p->branch_col = ev->col;
    } else
        p->out = pruned_outcome(ev);
    return 0;
}

/* ---- Graphviz DOT -------------------------------------------------- */

/* A name inside a double-quoted DOT string. */
static void put_escaped(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', f);
        fputc(*s, f);
    }
}

static const char *fill_of(outcome o)
{
    static const char *const fill[] = {"white", "#dbe9f6", "#d9d9d9",
                                       "#f4b6b6", "#fff2a8", "#9fdf9f",
                                       "#f4b6b6"};
    return fill[o];
}

static const char *shape_of(outcome o)
{
    static const char *const shape[] = {"box", "box", "octagon", "box",
                                        "ellipse", "doubleoctagon", "box"};
    return shape[o];
}

static void dot_label(FILE *f, const bnb_model *m, long id,
                      const tree_node *p)
{
    fprintf(f, "%ld\\n", id);
    if (p->unsolved)
        fprintf(f, "not solved");
    else if (p->status == BNB_LP_INFEASIBLE)
        fprintf(f, "infeasible");
    else if (p->status == BNB_LP_OPTIMAL || p->status == BNB_LP_CUTOFF)
        fprintf(f, "z = %.6g", p->obj);
    else
        fprintf(f, "LP %s", p->status == BNB_LP_UNBOUNDED ? "unbounded"
                                                          : "failed");
    if (p->out == OUT_BRANCHED) {
        fprintf(f, "\\n");
        put_escaped(f, bnb_col_name(m, p->branch_col));
    } else if (p->out == OUT_INCUMBENT)
        fprintf(f, "\\nincumbent");
    else if (p->out == OUT_BOUND)
        fprintf(f, "\\npruned");
}

static void dot_node(FILE *f, const bnb_model *m, long id,
                     const tree_node *p)
{
    fprintf(f, "  n%ld [label=\"", id);
    dot_label(f, m, id, p);
    fprintf(f, "\", shape=%s, fillcolor=\"%s\"%s];\n", shape_of(p->out),
            fill_of(p->out), p->out == OUT_OPEN ? ", style=\"dashed\"" : "");
    if (p->parent < 0)
        return;
    fprintf(f, "  n%ld -> n%ld [label=\"", p->parent, id);
    put_escaped(f, bnb_col_name(m, p->col));
    fprintf(f, " %s %.15g\"];\n", p->dir < 0 ? "<=" : ">=", p->bound);
}

static void write_dot(FILE *f, const cli_tree *t)
{
    fprintf(f, "digraph bnb {\n"
               "  label=\"white/blue box: branched (on the column named); "
               "grey octagon: pruned by bound;\\nred: infeasible; yellow "
               "ellipse: integral, not better; green: new incumbent; "
               "dashed: left open\";\n"
               "  fontname=\"Helvetica\";\n"
               "  node [style=\"filled\", fontname=\"Helvetica\", "
               "fontsize=10];\n"
               "  edge [fontname=\"Helvetica\", fontsize=9];\n");
    for (long id = 0; id < t->count; id++)
        dot_node(f, t->m, id, &t->node[id]);
    fprintf(f, "}\n");
}

/* ---- BAK: "time event node parent direction ..." ------------------- */

/* GrUMPy's reader takes the root's parent as -1; L is the down (<=)
 * child, R the up child, M the root. A node closed unsolved gets no
 * bound: the reader then takes its parent's. */
static void bak_line(FILE *f, long id, const tree_node *p)
{
    char dir = p->parent < 0 ? 'M' : p->dir < 0 ? 'L' : 'R';
    fprintf(f, "%.6f ", p->seconds);
    switch (p->out) {
    case OUT_BRANCHED:
        fprintf(f, "branched %ld %ld %c %.15g %.15g %d\n", id, p->parent, dir,
                p->obj, p->frac_sum, p->nfrac);
        break;
    case OUT_INFEASIBLE:
    case OUT_UNBOUNDED:
        fprintf(f, "infeasible %ld %ld %c\n", id, p->parent, dir);
        break;
    case OUT_INCUMBENT:
        fprintf(f, "integer %ld %ld %c %.15g\n", id, p->parent, dir, p->obj);
        break;
    case OUT_OPEN:
        fprintf(f, "candidate %ld %ld %c %.15g\n", id, p->parent, dir,
                p->obj);
        break;
    default:
        fprintf(f, "fathomed %ld %ld %c", id, p->parent, dir);
        if (!p->unsolved)
            fprintf(f, " %.15g", p->obj);
        fprintf(f, "\n");
    }
}

static void write_bak(FILE *f, const cli_tree *t)
{
    for (long id = 0; id < t->count; id++)
        bak_line(f, id, &t->node[id]);
}

int cli_tree_write(const cli_tree *t, const char *path)
{
    size_t len = strlen(path);
    int bak = len > 4 && strcasecmp(path + len - 4, ".bak") == 0;
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "bnb: cannot write the tree to %s\n", path);
        return -1;
    }
    if (bak)
        write_bak(f, t);
    else
        write_dot(f, t);
    int bad = ferror(f);
    if (fclose(f) != 0 || bad) {
        fprintf(stderr, "bnb: cannot write the tree to %s\n", path);
        return -1;
    }
    return 0;
}
