/*
 * html.c -- --html FILE.html: the search viewer, one self-contained page
 * (cli/viewer.css and cli/viewer.js inlined, no network). The events are
 * kept compactly, one record per node plus pools for the propagation's
 * bound changes and the LP points, and written at the end as column
 * arrays in a JavaScript object the viewer reads.
 */
#include "io.h"
#include "teach.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "viewer_assets.h"   /* generated: viewer_css, viewer_js */

/* LP points are kept until this many nonzero values are stored in all
 * (about 15 bytes of page each), propagations' bound changes until this
 * many (about 20 bytes each): a 200,000-node page stays small enough to
 * open in seconds; later nodes show their LP value without the point. */
#define CLI_HTML_POINT_BUDGET 300000L
#define CLI_HTML_CHANGE_BUDGET 150000L
/* Characters of the distinct puzzle grid drawings (--trace=grid's)
 * kept, and of the distinct infeasibility proofs ("why: ..."): a text
 * met again costs only its index. */
#define CLI_HTML_GRID_BUDGET 2000000L
#define CLI_HTML_WHY_BUDGET 2000000L
/* Bound changes of one propagation kept for the page. */
#define CLI_HTML_BOUNDS 8

typedef struct html_node {
    long parent;
    int col, dir;              /* the bound change that made it          */
    double bound;
    int status;                /* bnb_lp_status, -1: no LP event          */
    double obj, node_bound;
    long iters;
    int propagated, nfrac;
    int out;                   /* 0 open, 1 branched, 2 bound, 3 infeasible,
                                  4 integral, 5 incumbent, 6 unbounded   */
    int bcol, runner, rule;
    double value, score, runner_score, pen[2];
    double incumbent, best_bound;   /* after the node                   */
    long open;
    long x_at, ch_at;          /* offsets in the pools; -1 none          */
    long grid;                 /* index of its grid drawing; -1 none     */
    long why;                  /* index of its infeasibility proof, -1   */
    int x_len, ch_len, ch_count;
} html_node;

/* Texts kept once each: a node refers to its text by index. */
typedef struct text_pool {
    char **text;
    long count, cap, chars, budget;
    long *slot;                /* [slots] open addressing: index + 1     */
    long slots;
} text_pool;

struct cli_html {
    const bnb_model *m;
    html_node *node;
    long count, cap;
    int *xcol;
    double *xval;
    long xlen, xcap;
    cli_bound_change *ch;
    long chlen, chcap;
    double *lo, *up;           /* [n] bounds at the node's start         */
    cli_bound_change *tmp;     /* [CLI_HTML_BOUNDS]                      */
    cli_grid *grid_of;         /* the model's grid, or NULL              */
    char *picture;             /* the puzzle's picture, or NULL          */
    text_pool grids;           /* drawings of the nodes' LP points       */
    text_pool whys;            /* the infeasible nodes' proofs           */
    long best;                 /* the final incumbent's node             */
    int failed;                /* out of memory: the page is refused     */
    long cur;                  /* the node started last                  */
    /* the final incumbent, when a heuristic found it at node best */
    char best_by[64];
};

static int grow(void **p, long *cap, long need, size_t size)
{
    if (need <= *cap)
        return 1;
    long c = *cap ? *cap : 256;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, (size_t)c * size);
    if (!q)
        return 0;
    *p = q;
    *cap = c;
    return 1;
}

static unsigned long text_hash(const char *t)   /* FNV-1a */
{
    unsigned long h = 2166136261UL;
    for (; *t; t++)
        h = (h ^ (unsigned char)*t) * 16777619UL;
    return h;
}

/* The slot of text t: where it is, or the empty slot where it goes. */
static long *pool_slot(text_pool *p, const char *t)
{
    unsigned long mask = (unsigned long)p->slots - 1;
    for (unsigned long k = text_hash(t) & mask;; k = (k + 1) & mask)
        if (!p->slot[k] || strcmp(p->text[p->slot[k] - 1], t) == 0)
            return &p->slot[k];
}

/* Slots for at least twice the texts, so that probes stay short. */
static int pool_rehash(text_pool *p)
{
    long slots = p->slots ? p->slots : 64;
    while (slots < 2 * (p->count + 1))
        slots *= 2;
    if (slots == p->slots)
        return 1;
    long *slot = calloc((size_t)slots, sizeof *slot);
    if (!slot)
        return 0;
    free(p->slot);
    p->slot = slot;
    p->slots = slots;
    for (long i = 0; i < p->count; i++)
        *pool_slot(p, p->text[i]) = i + 1;
    return 1;
}

/* Past its budget a pool takes no more texts (the one that crossed it
 * is kept), and its callers print none. */
static int pool_full(const text_pool *p)
{
    return p->chars > p->budget;
}

/* The index of text (taken over, or freed when it is there already);
 * -1 out of memory. */
static long pool_intern(text_pool *p, char *text)
{
    if (!pool_rehash(p)) {
        free(text);
        return -1;
    }
    long *at = pool_slot(p, text);
    if (*at) {
        free(text);
        return *at - 1;
    }
    if (!grow((void **)&p->text, &p->cap, p->count + 1, sizeof *p->text)) {
        free(text);
        return -1;
    }
    p->text[p->count] = text;
    *at = ++p->count;
    p->chars += (long)strlen(text);
    return p->count - 1;
}

static void pool_free(text_pool *p)
{
    for (long k = 0; k < p->count; k++)
        free(p->text[k]);
    free(p->text);
    free(p->slot);
}

/* ,"key":[texts] */
static void pool_write(FILE *f, const char *key, const text_pool *p)
{
    fprintf(f, "],\n\"%s\":[", key);
    for (long k = 0; k < p->count; k++) {
        if (k)
            fputc(',', f);
        cli_json_string_html(f, p->text[k]);
    }
}

cli_html *cli_html_new(const bnb_model *m, double tol_int,
                       const char *picture)
{
    cli_html *h = calloc(1, sizeof *h);
    size_t n = (size_t)(bnb_num_cols(m) ? bnb_num_cols(m) : 1);
    if (!h)
        return NULL;
    h->m = m;
    h->best = -1;
    h->grids.budget = CLI_HTML_GRID_BUDGET;
    h->whys.budget = CLI_HTML_WHY_BUDGET;
    h->lo = malloc(n * sizeof(double));
    h->up = malloc(n * sizeof(double));
    h->tmp = malloc(CLI_HTML_BOUNDS * sizeof *h->tmp);
    if (!h->lo || !h->up || !h->tmp) {
        cli_html_free(h);
        return NULL;
    }
    cli_model_bounds(m, h->lo, h->up);
    if (picture && !(h->picture = strdup(picture))) {
        cli_html_free(h);
        return NULL;
    }
    if (!picture)   /* a puzzle's picture shows the grid instead */
        h->grid_of = cli_grid_new(m, tol_int, NULL);   /* NULL: none */
    return h;
}

void cli_html_free(cli_html *h)
{
    if (!h)
        return;
    free(h->node);
    free(h->xcol);
    free(h->xval);
    free(h->ch);
    free(h->lo);
    free(h->up);
    free(h->tmp);
    pool_free(&h->grids);
    pool_free(&h->whys);
    cli_grid_free(h->grid_of);
    free(h->picture);
    free(h);
}

static html_node *slot(cli_html *h, long id)
{
    if (id < 0 || !grow((void **)&h->node, &h->cap, id + 1, sizeof *h->node))
        return NULL;
    while (h->count <= id)
        h->node[h->count++] = (html_node){.parent = -1, .col = -1,
                                          .status = -1, .bcol = -1,
                                          .runner = -1, .x_at = -1,
                                          .ch_at = -1, .grid = -1,
                                          .why = -1,
                                          .obj = NAN,
                                          .incumbent = NAN,
                                          .best_bound = NAN};
    return &h->node[id];
}

static void on_start(cli_html *h, html_node *p, const bnb_event *ev)
{
    p->parent = ev->parent;
    p->col = ev->parent < 0 ? -1 : ev->col;
    p->dir = ev->dir;
    p->bound = ev->bound;
    for (int j = 0; j < bnb_num_cols(h->m); j++) {
        h->lo[j] = bnb_view_lo(ev->view, j);
        h->up[j] = bnb_view_up(ev->view, j);
    }
}

static int on_propagated(cli_html *h, html_node *p, const bnb_event *ev)
{
    int count = cli_bound_changes(h->m, h->lo, h->up, ev->view, h->tmp,
                                  CLI_HTML_BOUNDS);
    int keep = count < CLI_HTML_BOUNDS ? count : CLI_HTML_BOUNDS;
    if (h->chlen + keep > CLI_HTML_CHANGE_BUDGET)
        keep = 0;   /* only the count */
    if (!grow((void **)&h->ch, &h->chcap, h->chlen + keep, sizeof *h->ch))
        return 0;
    memcpy(h->ch + h->chlen, h->tmp, (size_t)keep * sizeof *h->ch);
    p->ch_at = h->chlen;
    p->ch_len = keep;
    p->ch_count = count;
    h->chlen += keep;
    return 1;
}

/* The proof that the node is infeasible, as the trace tells it. */
static int keep_why(cli_html *h, html_node *p, const cli_why *w)
{
    char *text = NULL;
    size_t len = 0;
    if (pool_full(&h->whys))
        return 1;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return 0;
    cli_why_print(f, h->m, w, "");
    if (fclose(f) != 0) {
        free(text);
        return 0;
    }
    if (len > 0 && text[len - 1] == '\n')
        text[len - 1] = '\0';
    p->why = pool_intern(&h->whys, text);
    return p->why >= 0;
}

/* A propagation that proved the node infeasible: the row it broke. */
static int propagation_why(cli_html *h, html_node *p, const bnb_event *ev)
{
    cli_why w;
    if (ev->propagated >= 0 ||
        !cli_why_row(h->m, ev->view, bnb_view_failed_row(ev->view), &w))
        return 1;
    return keep_why(h, p, &w);
}

/* The node's LP point drawn on the puzzle's grid, as --trace=grid. */
static int draw_grid(cli_html *h, html_node *p, const double *x)
{
    char *text = NULL;
    size_t len = 0;
    if (!h->grid_of || pool_full(&h->grids))
        return 1;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return 0;
    cli_grid_print(h->grid_of, f, x, -1, "");
    if (fclose(f) != 0) {
        free(text);
        return 0;
    }
    p->grid = pool_intern(&h->grids, text);
    return p->grid >= 0;
}

static int on_node(cli_html *h, html_node *p, const bnb_event *ev)
{
    p->status = (int)ev->lp_status;
    p->obj = ev->lp_obj;
    p->node_bound = ev->node_bound;
    p->iters = ev->lp_iters;
    p->propagated = ev->propagated;
    p->nfrac = ev->nfrac;
    if (ev->x && ev->lp_status == BNB_LP_OPTIMAL && !draw_grid(h, p, ev->x))
        return 0;
    cli_why w;
    if (ev->lp_status == BNB_LP_INFEASIBLE && ev->view &&
        ev->propagated >= 0 &&
        cli_why_lp(h->m, ev->view, &w) && !keep_why(h, p, &w))
        return 0;
    int nz = 0;
    for (int j = 0; ev->x && j < ev->n; j++)
        nz += ev->x[j] != 0;
    if (!ev->x || h->xlen + nz > CLI_HTML_POINT_BUDGET ||
        ev->lp_status != BNB_LP_OPTIMAL)
        return 1;
    if (!grow((void **)&h->xcol, &h->xcap, h->xlen + nz, sizeof(int)))
        return 0;
    double *v = realloc(h->xval, (size_t)h->xcap * sizeof *v);
    if (!v)
        return 0;
    h->xval = v;
    p->x_at = h->xlen;
    p->x_len = nz;
    for (int j = 0; j < ev->n; j++)
        if (ev->x[j] != 0) {
            h->xcol[h->xlen] = j;
            h->xval[h->xlen++] = ev->x[j];
        }
    return 1;
}

static void on_branch(html_node *p, const bnb_event *ev)
{
    p->out = 1;
    p->bcol = ev->col;
    p->value = ev->value;
    p->rule = ev->rule;
    p->score = ev->score;
    p->runner = ev->runner;
    p->runner_score = ev->runner_score;
    p->pen[0] = ev->penalty[0];
    p->pen[1] = ev->penalty[1];
    p->open = ev->open;
    p->best_bound = ev->best_bound;
}

static void on_pruned(cli_html *h, html_node *p, const bnb_event *ev)
{
    static const int outs[] = {3, 2, 4, 6};
    p->out = outs[ev->reason];
    if (ev->reason == BNB_PRUNE_INTEGRAL && ev->improved) {
        p->out = 5;
        h->best = ev->node;
        h->best_by[0] = '\0';   /* the node's own LP point */
    }
    p->incumbent = ev->incumbent;
    p->open = ev->open;
    p->best_bound = ev->best_bound;
}

int cli_html_event(cli_html *h, const bnb_event *ev)
{
    if (h->failed)
        return 1;
    if (ev->type == BNB_EV_NODE_START)
        h->cur = ev->node;
    if (ev->type == BNB_EV_INCUMBENT) {   /* the node's prune may claim it */
        h->best = h->cur;
        snprintf(h->best_by, sizeof h->best_by, "%s",
                 ev->found_by ? ev->found_by : "the dive");
    }
    if (ev->type != BNB_EV_NODE_START && ev->type != BNB_EV_PROPAGATED &&
        ev->type != BNB_EV_NODE && ev->type != BNB_EV_BRANCH &&
        ev->type != BNB_EV_PRUNED)
        return 0;
    html_node *p = slot(h, ev->node);
    int ok = p != NULL;
    if (!ok)
        ;
    else if (ev->type == BNB_EV_NODE_START)
        on_start(h, p, ev);
    else if (ev->type == BNB_EV_PROPAGATED)
        ok = on_propagated(h, p, ev) && propagation_why(h, p, ev);
    else if (ev->type == BNB_EV_NODE)
        ok = on_node(h, p, ev);
    else if (ev->type == BNB_EV_BRANCH)
        on_branch(p, ev);
    else
        on_pruned(h, p, ev);
    h->failed = !ok;
    return h->failed;   /* a page with holes would be a wrong picture */
}

/* ---- writing the page ---------------------------------------------- */

/* Numbers: 12 significant digits (a page, not a replay); null for NaN
 * and the infinities as +-1e308. */
static void put_num(FILE *f, double v)
{
    if (isnan(v))
        fputs("null", f);
    else if (isinf(v))
        fputs(v < 0 ? "-1e308" : "1e308", f);
    else
        fprintf(f, "%.12g", v);
}

#define COLUMN(f, h, name, expr, put)                                      \
    do {                                                                    \
        fprintf(f, "\"%s\":[", name);                                       \
        for (long i_ = 0; i_ < (h)->count; i_++) {                          \
            const html_node *p = &(h)->node[i_];                            \
            if (i_)                                                         \
                fputc(',', f);                                              \
            put(f, expr);                                                   \
        }                                                                   \
        fputs("],\n", f);                                                   \
    } while (0)

static void put_long(FILE *f, long v)
{
    fprintf(f, "%ld", v);
}

static void write_nodes(FILE *f, const cli_html *h)
{
    COLUMN(f, h, "parent", p->parent, put_long);
    COLUMN(f, h, "col", (long)p->col, put_long);
    COLUMN(f, h, "dir", (long)p->dir, put_long);
    COLUMN(f, h, "bound", p->bound, put_num);
    COLUMN(f, h, "lpStatus", (long)p->status, put_long);
    COLUMN(f, h, "obj", p->obj, put_num);
    COLUMN(f, h, "nodeBound", p->node_bound, put_num);
    COLUMN(f, h, "iters", p->iters, put_long);
    COLUMN(f, h, "propagated", (long)p->propagated, put_long);
    COLUMN(f, h, "nfrac", (long)p->nfrac, put_long);
    COLUMN(f, h, "out", (long)p->out, put_long);
    COLUMN(f, h, "bcol", (long)p->bcol, put_long);
    COLUMN(f, h, "value", p->value, put_num);
    COLUMN(f, h, "rule", (long)p->rule, put_long);
    COLUMN(f, h, "score", p->score, put_num);
    COLUMN(f, h, "runner", (long)p->runner, put_long);
    COLUMN(f, h, "runnerScore", p->runner_score, put_num);
    COLUMN(f, h, "penDown", p->pen[0], put_num);
    COLUMN(f, h, "penUp", p->pen[1], put_num);
    COLUMN(f, h, "incumbent", p->incumbent, put_num);
    COLUMN(f, h, "bestBound", p->best_bound, put_num);
    COLUMN(f, h, "open", p->open, put_long);
    COLUMN(f, h, "xAt", p->x_at, put_long);
    COLUMN(f, h, "xLen", (long)p->x_len, put_long);
    COLUMN(f, h, "chAt", p->ch_at, put_long);
    COLUMN(f, h, "chLen", (long)p->ch_len, put_long);
    COLUMN(f, h, "chCount", (long)p->ch_count, put_long);
    COLUMN(f, h, "grid", p->grid, put_long);
    COLUMN(f, h, "why", p->why, put_long);
}

static void write_pools(FILE *f, const cli_html *h)
{
    fputs("\"xcol\":[", f);
    for (long k = 0; k < h->xlen; k++)
        fprintf(f, "%s%d", k ? "," : "", h->xcol[k]);
    fputs("],\n\"xval\":[", f);
    for (long k = 0; k < h->xlen; k++)   /* 8 digits: enough to read */
        fprintf(f, "%s%.8g", k ? "," : "", h->xval[k]);
    fputs("],\n\"changes\":[", f);
    for (long k = 0; k < h->chlen; k++) {
        const cli_bound_change *c = &h->ch[k];
        fprintf(f, "%s%d,", k ? "," : "", c->col);
        double v[4] = {c->was_lo, c->was_up, c->lo, c->up};
        for (int i = 0; i < 4; i++) {
            put_num(f, v[i]);
            fputc(i < 3 ? ',' : ' ', f);
        }
    }
    pool_write(f, "grids", &h->grids);
    pool_write(f, "whys", &h->whys);
    fputs("],\n", f);
}

/* ,"key":[a,b] */
static void put_pair(FILE *f, const char *key, double a, double b)
{
    fprintf(f, ",\"%s\":[", key);
    put_num(f, a);
    fputc(',', f);
    put_num(f, b);
    fputc(']', f);
}

/* A model of two columns is drawn in the plane: its rows as
 * [a0, a1, lo, up], the columns' bounds and costs. */
static void write_geometry(FILE *f, const bnb_model *m)
{
    fputs("\"geom\":{\"rows\":[", f);
    for (int i = 0; i < bnb_num_rows(m); i++) {
        double a[2] = {0, 0};
        for (int k = 0; k < bnb_row_len(m, i); k++)
            a[bnb_row_cols(m, i)[k]] += bnb_row_vals(m, i)[k];
        double v[4] = {a[0], a[1], bnb_row_lo(m, i), bnb_row_up(m, i)};
        fputs(i ? ",[" : "[", f);
        for (int k = 0; k < 4; k++) {
            put_num(f, v[k]);
            fputc(k < 3 ? ',' : ']', f);
        }
    }
    fputs("]", f);
    put_pair(f, "lo", bnb_col_lo(m, 0), bnb_col_lo(m, 1));
    put_pair(f, "up", bnb_col_up(m, 0), bnb_col_up(m, 1));
    put_pair(f, "c", bnb_col_obj(m, 0), bnb_col_obj(m, 1));
    put_pair(f, "int", bnb_col_is_int(m, 0), bnb_col_is_int(m, 1));
    fputs("},\n", f);
}

static int has_objective(const bnb_model *m)
{
    for (int j = 0; j < bnb_num_cols(m); j++)
        if (bnb_col_obj(m, j) != 0)
            return 1;
    return 0;
}

static void write_data(FILE *f, const cli_html *h, const bnb_result *r,
                       const char *title)
{
    const bnb_model *m = h->m;
    /* JSON in a data block, parsed by JSON.parse: a browser reads a
     * large JSON text faster than it compiles the same object as a
     * script literal (a 200,000-node page: ready in 2.3 to 3.2 s
     * instead of 3.8 to 5.1 s). */
    fputs("<script type=\"application/json\" id=\"bnb-data\">\n{\n"
          "\"title\":", f);
    cli_json_string_html(f, title);
    fprintf(f, ",\n\"sense\":\"%s\",\n\"status\":",
            bnb_model_sense(m) == BNB_MAXIMIZE ? "max" : "min");
    cli_json_string_html(f, bnb_status_name(r->status));
    fprintf(f, ",\n\"nodes\":%ld,\n\"best\":%ld,\n\"bestBy\":", r->nodes,
            r->has_solution ? h->best : -1);
    /* "": the best node's own LP point */
    cli_json_string_html(f, h->best_by);
    fputs(",\n\"objective\":", f);
    put_num(f, r->has_solution ? r->objective : NAN);
    fputs(",\n\"solution\":[", f);   /* col, value, ...: nonzeros */
    for (int j = 0, k = 0; r->has_solution && j < bnb_num_cols(m); j++)
        if (r->x[j] != 0) {
            fprintf(f, "%s%d,", k++ ? "," : "", j);
            put_num(f, r->x[j]);
        }
    fputs("]", f);
    fputs(",\n\"names\":[", f);
    for (int j = 0; j < bnb_num_cols(m); j++) {
        if (j)
            fputc(',', f);
        cli_json_string_html(f, bnb_col_name(m, j));
    }
    fprintf(f, "],\n\"hasObjective\":%s,\n", has_objective(m) ? "true"
                                                               : "false");
    if (bnb_num_cols(m) == 2)
        write_geometry(f, m);
    if (h->picture)   /* the puzzle drawn at the selected node */
        fprintf(f, "\"picture\":%s,\n", h->picture);
    write_nodes(f, h);
    write_pools(f, h);
    fprintf(f, "\"pointBudget\":%ld\n}\n</script>\n<script>\nvar BNB = "
            "JSON.parse(document.getElementById(\"bnb-data\").textContent);"
            "\n</script>\n", CLI_HTML_POINT_BUDGET);
}

int cli_html_write(const cli_html *h, const char *path, const bnb_result *r,
                   const char *title)
{
    if (h->failed) {
        fprintf(stderr, "bnb: out of memory: no viewer page written\n");
        return -2;
    }
    FILE *f = cli_open_write(path);
    if (!f) {
        fprintf(stderr, "bnb: cannot write the viewer to %s\n", path);
        return -1;
    }
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
          "\n<title>", f);
    for (const char *s = title; *s; s++)
        if (*s == '<' || *s == '&')
            fprintf(f, "&#%d;", *s);
        else
            fputc(*s, f);
    fputs(" - bnb search viewer</title>\n<style>\n", f);
    fputs(viewer_css, f);
    fputs("</style></head>\n<body>\n", f);
    write_data(f, h, r, title);
    fputs("<script>\n", f);
    fputs(viewer_js, f);
    fputs("</script>\n</body></html>\n", f);
    if (cli_close_write(f)) {
        fprintf(stderr, "bnb: cannot write the viewer to %s\n", path);
        return -1;
    }
    return 0;
}
