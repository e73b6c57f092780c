/*
 * tree.c -- --tree FILE: the branch-and-bound tree recorded from the
 * engine's events, written at the end as Graphviz DOT (one box per node,
 * coloured by outcome; the final incumbent apart from earlier ones), as
 * an SVG picture laid out here for FILE.svg, a PNG drawn by Graphviz for
 * FILE.png, or, for FILE.bak, as a BAK event log for GrUMPy.
 */
#include "io.h"
#include "teach.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

typedef enum {
    OUT_OPEN,                /* never closed: a limit stopped the search  */
    OUT_BRANCHED, OUT_BOUND, OUT_INFEASIBLE, OUT_INTEGRAL, OUT_INCUMBENT,
    OUT_UNBOUNDED,
    OUT_BEST                 /* the last incumbent: the answer            */
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
    double incumbent;        /* BOUND: the incumbent it could not beat    */
    double frac_sum;         /* sum of integer infeasibilities (BAK)      */
    int why_row, why_rows;   /* INFEASIBLE: the first row of its proof
                                (-1 none) and how many rows it sums      */
    double seconds;          /* when it was solved (BAK)                  */
} tree_node;

struct cli_tree {
    const bnb_model *m;
    tree_node *node;         /* [count], indexed by node id               */
    long count, cap;
    long best;               /* the last incumbent's node, -1 none        */
    double start;
    long cur;                /* the node started last                     */
    long failed_at;          /* the node propagation proved infeasible... */
    int failed_row;          /* ...on this row, -1 none                   */
    /* the last incumbent, when a heuristic found it (not a node's LP):
     * drawn as a node of its own below the node it was found at */
    int heur;
    long heur_at;
    double heur_obj;
    char heur_by[64];
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
    t->best = -1;
    t->failed_at = -1;
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

/* The row an infeasible node's proof starts from, and its count. */
static void why_of(tree_node *p, const cli_why *w)
{
    p->why_row = w->first_row;
    p->why_rows = w->nrows + w->more_rows;
}

static void on_node(cli_tree *t, tree_node *p, const bnb_event *ev)
{
    *p = (tree_node){.parent = ev->parent, .col = ev->col, .dir = ev->dir,
                     .bound = ev->bound,
                     .obj = ev->lp_obj == 0 ? 0.0 : ev->lp_obj, /* no -0 */
                     .status = ev->lp_status, .out = OUT_OPEN,
                     .unsolved = ev->lp_status == BNB_LP_CUTOFF &&
                                 ev->lp_iters == 0,
                     .branch_col = -1, .nfrac = ev->nfrac,
                     .frac_sum = frac_sum(t->m, ev),
                     .seconds = now() - t->start, .why_row = -1};
    cli_why w;
    if (ev->lp_status == BNB_LP_INFEASIBLE && ev->view &&
        ev->propagated >= 0 &&
        cli_why_lp(t->m, ev->view, &w))
        why_of(p, &w);
    else if (ev->propagated < 0 && t->failed_at == ev->node) {
        p->why_row = t->failed_row;
        p->why_rows = t->failed_row >= 0;
    }
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
/* Propagation proved the node infeasible on a row: the node's NODE
 * event (which follows, its LP not run) must keep it. */
static void propagation_failed(cli_tree *t, const bnb_event *ev)
{
    cli_why w;
    t->failed_row = cli_why_row(t->m, ev->view,
                                bnb_view_failed_row(ev->view), &w)
                        ? w.first_row : -1;
    t->failed_at = ev->node;
}

/* A new incumbent: a heuristic's until the node's integral prune
 * claims it (a node's own LP point comes with that prune). The root's
 * fix-and-propagate dive reports no name. */
static void on_incumbent(cli_tree *t, const bnb_event *ev)
{
    t->heur = 1;
    t->heur_at = t->cur;
    t->heur_obj = ev->lp_obj == 0 ? 0.0 : ev->lp_obj;
    snprintf(t->heur_by, sizeof t->heur_by, "%s",
             ev->found_by ? ev->found_by : "the dive");
}

int cli_tree_event(cli_tree *t, const bnb_event *ev)
{
    if (ev->type == BNB_EV_NODE_START)
        t->cur = ev->node;
    if (ev->type == BNB_EV_PROPAGATED && ev->propagated < 0)
        propagation_failed(t, ev);
    if (ev->type == BNB_EV_INCUMBENT)
        on_incumbent(t, ev);
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
    } else {
        p->out = pruned_outcome(ev);
        p->incumbent = ev->incumbent;
        if (p->out == OUT_INCUMBENT) {
            t->best = ev->node;
            t->heur = 0;
        }
    }
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

/* Colours and shapes by outcome, and what they mean (the legend). */
static const struct {
    const char *fill, *shape, *meaning;
} look[] = {
    [OUT_OPEN] = {"white", "box", "dashed white box: left open (a limit "
                  "stopped the search before it was solved)"},
    [OUT_BRANCHED] = {"#dbe9f6", "box", "blue box: branched, on the column "
                      "named in it; the edges carry the children's bound "
                      "changes"},
    [OUT_BOUND] = {"#d9d9d9", "octagon", "grey octagon: pruned by bound, "
                   "its LP bound cannot beat the incumbent shown (in a "
                   "model without objective every solution is worth 0, so "
                   "once one is found every open node is closed this way: "
                   "'cannot beat 0')"},
    [OUT_INFEASIBLE] = {"#f4b6b6", "box", "red box: infeasible (its LP, or "
                        "propagation before it), with the first of the rows "
                        "that prove it (--trace prints the proof)"},
    [OUT_INTEGRAL] = {"#fff2a8", "ellipse", "yellow ellipse: integral, but "
                      "not better than the incumbent"},
    [OUT_INCUMBENT] = {"#c8ecc8", "doubleoctagon", "light green double "
                       "octagon: an integral node that improved the "
                       "incumbent, later beaten"},
    [OUT_UNBOUNDED] = {"#f4b6b6", "box", "red box 'LP unbounded': the "
                       "search stops"},
    [OUT_BEST] = {"#3caa3c", "doubleoctagon", "dark green double octagon, "
                  "bold: the final incumbent, the solution reported (found "
                  "by a heuristic: a node of its own, on a dashed edge "
                  "from the node it was found at)"},
};

void cli_tree_legend(FILE *out)
{
    fprintf(out, "the tree (--tree):\n");
    for (size_t k = 0; k < sizeof look / sizeof *look; k++)
        fprintf(out, "  %s\n", look[k].meaning);
}

/* "c2" or "c2 + 3 more": the rows an infeasible node's proof sums. */
static void why_text(const bnb_model *m, const tree_node *p, char *buf,
                     size_t len)
{
    if (p->why_row < 0)
        snprintf(buf, len, "%s", "");
    else if (p->why_row >= bnb_num_rows(m))
        snprintf(buf, len, "cut%d", p->why_row - bnb_num_rows(m) + 1);
    else
        snprintf(buf, len, "%s", bnb_row_name(m, p->why_row));
    size_t at = strlen(buf);
    if (p->why_row >= 0 && p->why_rows > 1 && at < len)
        snprintf(buf + at, len - at, " + %d more", p->why_rows - 1);
}

static void dot_label(FILE *f, const bnb_model *m, long id,
                      const tree_node *p)
{
    fprintf(f, "%ld\\n", id);
    char why[160];
    why_text(m, p, why, sizeof why);
    if (p->unsolved)
        fprintf(f, "not solved");
    else if (p->status == BNB_LP_INFEASIBLE && why[0]) {
        fprintf(f, "infeasible: ");
        put_escaped(f, why);
    } else if (p->status == BNB_LP_INFEASIBLE)
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
    else if (p->out == OUT_BEST)
        fprintf(f, "\\nbest solution");
    else if (p->out == OUT_BOUND)
        fprintf(f, "\\ncannot beat %.6g", p->incumbent);
}

static void dot_node(FILE *f, const bnb_model *m, long id,
                     const tree_node *p)
{
    fprintf(f, "  n%ld [label=\"", id);
    dot_label(f, m, id, p);
    fprintf(f, "\", shape=%s, fillcolor=\"%s\"%s];\n", look[p->out].shape,
            look[p->out].fill,
            p->out == OUT_OPEN   ? ", style=\"dashed\""
            : p->out == OUT_BEST ? ", penwidth=3, fontcolor=\"white\""
                                 : "");
    if (p->parent < 0)
        return;
    fprintf(f, "  n%ld -> n%ld [label=\"", p->parent, id);
    put_escaped(f, bnb_col_name(m, p->col));
    fprintf(f, " %s %.15g\"];\n", p->dir < 0 ? "<=" : ">=", p->bound);
}

static void write_dot(FILE *f, const cli_tree *t)
{
    fprintf(f, "digraph bnb {\n  label=\"");
    for (size_t k = 0; k < sizeof look / sizeof *look; k++)
        fprintf(f, "%s\\l", look[k].meaning);
    fprintf(f, "\";\n"
               "  fontname=\"Helvetica\";\n"
               "  node [style=\"filled\", fontname=\"Helvetica\", "
               "fontsize=10];\n"
               "  edge [fontname=\"Helvetica\", fontsize=9];\n");
    for (long id = 0; id < t->count; id++) {
        tree_node p = t->node[id];
        if (id == t->best && !t->heur)
            p.out = OUT_BEST;
        dot_node(f, t->m, id, &p);
    }
    if (t->heur && t->heur_at < t->count) {
        fprintf(f, "  solution [label=\"solution\\nz = %.6g\\nfound by ",
                t->heur_obj);
        put_escaped(f, t->heur_by);
        fprintf(f, "\", shape=%s, fillcolor=\"%s\", penwidth=3, "
                "fontcolor=\"white\"];\n  n%ld -> solution "
                "[style=\"dashed\"];\n", look[OUT_BEST].shape,
                look[OUT_BEST].fill, t->heur_at);
    }
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
    case OUT_BEST:
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

/* ---- SVG, drawn here: a top-down layout without Graphviz ---------- */

/* Pixels: a node's box, the gaps between columns of leaves and levels. */
#define SVG_BOX_W 96
#define SVG_BOX_H 44
#define SVG_STEP_X 108
#define SVG_STEP_Y 80
#define SVG_MARGIN 20

/* Text inside an SVG element: the five XML specials escaped. */
static void put_xml(FILE *f, const char *s)
{
    for (; *s; s++)
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
}

/* The node's label as up to three lines, as DOT shows it. */
static int label_lines(const bnb_model *m, long id, const tree_node *p,
                       char line[3][160])
{
    char why[120];
    why_text(m, p, why, sizeof why);
    snprintf(line[0], 160, "%ld", id);
    if (p->unsolved)
        snprintf(line[1], 160, "not solved");
    else if (p->status == BNB_LP_INFEASIBLE && why[0])
        snprintf(line[1], 160, "infeasible: %s", why);
    else if (p->status == BNB_LP_INFEASIBLE)
        snprintf(line[1], 160, "infeasible");
    else if (p->status == BNB_LP_OPTIMAL || p->status == BNB_LP_CUTOFF)
        snprintf(line[1], 160, "z = %.6g", p->obj);
    else
        snprintf(line[1], 160, "LP %s", p->status == BNB_LP_UNBOUNDED
                                            ? "unbounded" : "failed");
    if (p->out == OUT_BRANCHED)
        snprintf(line[2], 160, "%s", bnb_col_name(m, p->branch_col));
    else if (p->out == OUT_INCUMBENT)
        snprintf(line[2], 160, "incumbent");
    else if (p->out == OUT_BEST)
        snprintf(line[2], 160, "best solution");
    else if (p->out == OUT_BOUND)
        snprintf(line[2], 160, "cannot beat %.6g", p->incumbent);
    else
        return 2;
    return 3;
}

/* x in leaf columns (leaves in depth-first order, a parent centred over
 * its children) and depth; parents have smaller ids than their
 * children, so one pass down the ids finishes every child before its
 * parent. Returns the number of leaf columns, or -1 out of memory. */
static long layout(const cli_tree *t, double *x, int *depth)
{
    long n = t->count, leaves = 0, top = 0;
    long *first = malloc((size_t)n * sizeof *first);
    long *next = malloc((size_t)n * sizeof *next);
    long *stack = malloc((size_t)n * sizeof *stack);
    if (!first || !next || !stack) {
        free(first);
        free(next);
        free(stack);
        return -1;
    }
    for (long id = 0; id < n; id++)
        first[id] = -1;
    for (long id = n - 1; id > 0; id--) {   /* children in id order */
        long p = t->node[id].parent;
        next[id] = first[p];
        first[p] = id;
    }
    stack[top++] = 0;
    depth[0] = 0;
    while (top > 0) {                        /* leaves, depth first */
        long id = stack[--top];
        if (first[id] < 0)
            x[id] = (double)leaves++;
        long k = 0;
        for (long c = first[id]; c >= 0; c = next[c], k++)
            depth[c] = depth[id] + 1;
        for (long c = first[id], i = 0; c >= 0; c = next[c], i++)
            stack[top + k - 1 - i] = c;      /* the first child on top */
        top += k;
    }
    for (long id = n - 1; id >= 0; id--)
        if (first[id] >= 0) {
            double lo = x[first[id]], hi = lo;
            for (long c = first[id]; c >= 0; c = next[c])
                hi = x[c];
            x[id] = (lo + hi) / 2;
        }
    free(first);
    free(next);
    free(stack);
    return leaves;
}

static void svg_shape(FILE *f, outcome out, double cx, double cy)
{
    double w = SVG_BOX_W / 2.0, h = SVG_BOX_H / 2.0, c = 8;
    const char *extra = out == OUT_OPEN ? " stroke-dasharray=\"4 3\""
                        : out == OUT_BEST ? " stroke-width=\"3\"" : "";
    fprintf(f, "<g fill=\"%s\" stroke=\"black\"%s>", look[out].fill, extra);
    if (!strcmp(look[out].shape, "ellipse"))
        fprintf(f, "<ellipse cx=\"%.1f\" cy=\"%.1f\" rx=\"%.1f\" "
                "ry=\"%.1f\"/>", cx, cy, w, h);
    else if (strstr(look[out].shape, "octagon")) {
        for (int ring = 0; ring < (out == OUT_BOUND ? 1 : 2); ring++) {
            double d = ring * 3.0;
            fprintf(f, "<polygon points=\"");
            double pts[8][2] = {{-w + c, -h}, {w - c, -h}, {w, -h + c},
                                {w, h - c}, {w - c, h}, {-w + c, h},
                                {-w, h - c}, {-w, -h + c}};
            for (int k = 0; k < 8; k++)
                fprintf(f, "%.1f,%.1f ",
                        cx + pts[k][0] + (pts[k][0] < 0 ? d : -d),
                        cy + pts[k][1] + (pts[k][1] < 0 ? d : -d));
            fprintf(f, "\"%s/>", ring ? " fill=\"none\"" : "");
        }
    } else
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\"/>",
                cx - w, cy - h, SVG_BOX_W, SVG_BOX_H);
    fprintf(f, "</g>\n");
}

static void svg_node(FILE *f, const cli_tree *t, long id, const tree_node *p,
                     double cx, double cy)
{
    char line[3][160];
    int lines = label_lines(t->m, id, p, line);
    svg_shape(f, p->out, cx, cy);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\"%s>",
            cx, cy - (lines - 1) * 6.0 + 4,
            p->out == OUT_BEST ? " fill=\"white\"" : "");
    for (int k = 0; k < lines; k++) {
        fprintf(f, "<tspan x=\"%.1f\" dy=\"%s\">", cx, k ? "12" : "0");
        put_xml(f, line[k]);
        fprintf(f, "</tspan>");
    }
    fprintf(f, "<title>node %ld</title></text>\n", id);
}

static void svg_edge(FILE *f, const cli_tree *t, const tree_node *p,
                     double px, double py, double cx, double cy)
{
    char label[200];
    snprintf(label, sizeof label, "%s %s %.15g", bnb_col_name(t->m, p->col),
             p->dir < 0 ? "<=" : ">=", p->bound);
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
            "stroke=\"#555\"/>\n", px, py + SVG_BOX_H / 2.0, cx,
            cy - SVG_BOX_H / 2.0);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"e\">", (px + cx) / 2 + 3,
            (py + cy) / 2 + 3);
    put_xml(f, label);
    fprintf(f, "</text>\n");
}

/* A heuristic's solution: a box at (cx, cy), dashed from (px, py). */
static void svg_solution(FILE *f, const cli_tree *t, double px, double py,
                         double cx, double cy)
{
    char line[3][160];
    snprintf(line[0], 160, "solution");
    snprintf(line[1], 160, "z = %.6g", t->heur_obj);
    snprintf(line[2], 160, "found by %s", t->heur_by);
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
            "stroke=\"#555\" stroke-dasharray=\"4 3\"/>\n", px,
            py + SVG_BOX_H / 2.0, cx, cy - SVG_BOX_H / 2.0);
    svg_shape(f, OUT_BEST, cx, cy);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
            "fill=\"white\">", cx, cy - 8.0);
    for (int k = 0; k < 3; k++) {
        fprintf(f, "<tspan x=\"%.1f\" dy=\"%s\">", cx, k ? "12" : "0");
        put_xml(f, line[k]);
        fprintf(f, "</tspan>");
    }
    fprintf(f, "<title>the solution</title></text>\n");
}

static double svg_x(double col)
{
    return SVG_MARGIN + SVG_BOX_W / 2.0 + col * SVG_STEP_X;
}

static double svg_y(int depth)
{
    return SVG_MARGIN + SVG_BOX_H / 2.0 + depth * SVG_STEP_Y;
}

/* Returns 0, or -1 when out of memory (nothing written). */
static int write_svg(FILE *f, const cli_tree *t)
{
    long n = t->count ? t->count : 1;
    double *x = calloc((size_t)n, sizeof *x);
    int *depth = calloc((size_t)n, sizeof *depth);
    long cols = x && depth ? (t->count ? layout(t, x, depth) : 0) : -1;
    if (cols < 0) {
        free(x);
        free(depth);
        return -1;
    }
    int maxd = 0;
    for (long id = 0; id < t->count; id++)
        maxd = depth[id] > maxd ? depth[id] : maxd;
    if (t->heur && t->heur_at < t->count) {   /* its own leaf column */
        if (depth[t->heur_at] + 1 > maxd)
            maxd = depth[t->heur_at] + 1;
        cols++;
    }
    size_t legend = sizeof look / sizeof *look;
    double w = 2 * SVG_MARGIN + SVG_BOX_W + (cols > 1 ? cols - 1 : 0) *
                                                 SVG_STEP_X;
    double h = svg_y(maxd) + SVG_BOX_H + 16.0 * (double)legend;
    w = w < 1200 ? 1200 : w;   /* room for the legend's longest line */
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
            "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
            "font-family=\"Helvetica, Arial, sans-serif\" font-size=\"10\">\n"
            "<style>.e { font-size: 9px; fill: #333; }</style>\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            w, h, w, h);
    for (long id = 1; id < t->count; id++) {
        const tree_node *p = &t->node[id];
        svg_edge(f, t, p, svg_x(x[p->parent]), svg_y(depth[p->parent]),
                 svg_x(x[id]), svg_y(depth[id]));
    }
    for (long id = 0; id < t->count; id++) {
        tree_node p = t->node[id];
        if (id == t->best && !t->heur)
            p.out = OUT_BEST;
        svg_node(f, t, id, &p, svg_x(x[id]), svg_y(depth[id]));
    }
    if (t->heur && t->heur_at < t->count)
        svg_solution(f, t, svg_x(x[t->heur_at]), svg_y(depth[t->heur_at]),
                     svg_x((double)cols), svg_y(depth[t->heur_at] + 1));
    for (size_t k = 0; k < legend; k++) {
        fprintf(f, "<text x=\"%d\" y=\"%.1f\">", SVG_MARGIN,
                svg_y(maxd) + SVG_BOX_H + 16.0 * (double)k);
        put_xml(f, look[k].meaning);
        fprintf(f, "</text>\n");
    }
    fprintf(f, "</svg>\n");
    free(x);
    free(depth);
    return 0;
}

static int ends_with(const char *path, const char *ext)
{
    size_t len = strlen(path), e = strlen(ext);
    return len > e && strcasecmp(path + len - e, ext) == 0;
}

/* The picture format Graphviz is asked for, or NULL for a file written
 * here (.svg is drawn here). */
static const char *picture_format(const char *path)
{
    return ends_with(path, ".png") ? "-Tpng" : NULL;
}

/* Whether an executable `dot` is on the PATH. */
int cli_tree_can_write(const char *path)
{
    if (!picture_format(path) || cli_have_program("dot"))
        return 1;
    fprintf(stderr, "bnb: --tree %s needs Graphviz's dot to draw the "
            "picture (apt-get install graphviz), or write FILE.dot\n",
            path);
    return 0;
}

/* Draws the DOT file dot_path as path in format fmt; 0 or -1. */
static int run_dot(const char *fmt, const char *dot_path, const char *path)
{
    char *argv[] = {"dot", (char *)fmt, (char *)dot_path, "-o", (char *)path,
                    NULL};
    if (cli_run_program(argv) != 0) {
        fprintf(stderr, "bnb: Graphviz's dot could not draw %s\n", path);
        return -1;
    }
    return 0;
}

/* A picture: the DOT text in a temporary file, drawn by dot. */
static int write_picture(const cli_tree *t, const char *fmt,
                         const char *path)
{
    char tmp[] = "/tmp/bnb-tree-XXXXXX";
    int fd = mkstemp(tmp);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
    if (!f) {
        fprintf(stderr, "bnb: cannot write a temporary file for the tree\n");
        if (fd >= 0)
            close(fd);
        return -1;
    }
    write_dot(f, t);
    int rc = fclose(f) == 0 ? run_dot(fmt, tmp, path) : -1;
    remove(tmp);
    return rc;
}

int cli_tree_write(const cli_tree *t, const char *path)
{
    if (picture_format(path))
        return write_picture(t, picture_format(path), path);
    int bak = ends_with(path, ".bak"), svg = ends_with(path, ".svg");
    FILE *f = cli_open_write(path);
    if (!f) {
        fprintf(stderr, "bnb: cannot write the tree to %s\n", path);
        return -1;
    }
    int bad = 0;
    if (bak)
        write_bak(f, t);
    else if (svg)
        bad = write_svg(f, t);
    else
        write_dot(f, t);
    if (cli_close_write(f) || bad) {
        fprintf(stderr, "bnb: cannot write the tree to %s\n", path);
        return -1;
    }
    return 0;
}
