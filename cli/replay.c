/*
 * replay.c -- --replay FILE.jsonl: an --events stream read back and fed
 * to the trace observer, which tells it as --trace told the solve (the
 * model gives the names their indices). A small JSON reader for the
 * stream's shapes: objects, arrays, strings, numbers, null.
 */
#include "teach.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One JSON value; an object's or array's members follow as a chain. */
typedef struct jv {
    char type;                  /* 'n' number, 's' string, 'z' null,
                                   'a' array, 'o' object, 'b' boolean  */
    double num;
    const char *str, *key;
    int first, next;            /* members; the next sibling (-1 none) */
} jv;

typedef struct jdoc {
    jv *v;
    int len, cap;
    char *p;                    /* the cursor, in the line (unescaped in
                                   place: a string never grows)         */
    int bad;
} jdoc;

static void skip_ws(jdoc *d)
{
    while (*d->p == ' ' || *d->p == '\t' || *d->p == '\r' || *d->p == '\n')
        d->p++;
}

static int new_value(jdoc *d, char type)
{
    if (d->len == d->cap) {
        int cap = d->cap ? 2 * d->cap : 64;
        jv *v = realloc(d->v, (size_t)cap * sizeof *v);
        if (!v) {
            d->bad = 1;
            return -1;
        }
        d->v = v;
        d->cap = cap;
    }
    d->v[d->len] = (jv){.type = type, .first = -1, .next = -1};
    return d->len++;
}

/* The value of the 4 hex digits at d->p, or -1. */
static long hex4(jdoc *d)
{
    long code = 0;
    for (int k = 0; k < 4; k++) {
        char h = *d->p;
        int v = h >= '0' && h <= '9' ? h - '0'
              : (h | 32) >= 'a' && (h | 32) <= 'f' ? (h | 32) - 'a' + 10 : -1;
        if (v < 0)
            return -1;
        code = code * 16 + v;
        d->p++;
    }
    return code;
}

/* The code point of a \u escape whose 4 digits are at d->p, a UTF-16
 * surrogate pair (\uD83D\uDE00) taken whole; -1 when malformed. */
static long unicode_escape(jdoc *d)
{
    long hi = hex4(d);
    if (hi < 0xD800 || hi > 0xDFFF)
        return hi;
    if (hi > 0xDBFF || d->p[0] != '\\' || d->p[1] != 'u')
        return -1;
    d->p += 2;
    long lo = hex4(d);
    if (lo < 0xDC00 || lo > 0xDFFF)
        return -1;
    return 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
}

/* Writes code point c as UTF-8 at w (at most 4 bytes, never more than the
 * escape took: \uXXXX is 6); returns the end. */
static char *put_utf8(char *w, long c)
{
    if (c < 0x80) {
        *w++ = (char)c;
    } else if (c < 0x800) {
        *w++ = (char)(0xC0 | c >> 6);
        *w++ = (char)(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        *w++ = (char)(0xE0 | c >> 12);
        *w++ = (char)(0x80 | (c >> 6 & 0x3F));
        *w++ = (char)(0x80 | (c & 0x3F));
    } else {
        *w++ = (char)(0xF0 | c >> 18);
        *w++ = (char)(0x80 | (c >> 12 & 0x3F));
        *w++ = (char)(0x80 | (c >> 6 & 0x3F));
        *w++ = (char)(0x80 | (c & 0x3F));
    }
    return w;
}

/* Reads a string at d->p (after its quote), unescaping in place: every
 * escape of RFC 8259, \u as UTF-8 (as Python's json writes non-ASCII). */
static const char *parse_string(jdoc *d)
{
    static const char plain[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
    char *start = d->p, *w = d->p;
    while (*d->p && *d->p != '"' && !d->bad) {
        char c = *d->p++;
        if (c != '\\') {
            *w++ = c;
            continue;
        }
        c = *d->p++;
        const char *e = c ? strchr(plain, c) : NULL;
        if (c == 'u') {
            long code = unicode_escape(d);
            if (code <= 0)
                d->bad = 1;      /* malformed, or a NUL inside a name */
            else
                w = put_utf8(w, code);
        } else if (e && (e - plain) % 2 == 0) {
            *w++ = e[1];
        } else {
            d->bad = 1;
        }
    }
    if (*d->p != '"')
        d->bad = 1;
    else
        d->p++;
    *w = 0;
    return start;
}

static int parse_value(jdoc *d);

/* Members up to close; objects have "key": before each. */
static int parse_members(jdoc *d, int self, char close)
{
    int last = -1;
    skip_ws(d);
    if (*d->p == close) {
        d->p++;
        return self;
    }
    for (;;) {
        const char *k = NULL;
        skip_ws(d);
        if (close == '}') {
            if (*d->p++ != '"')
                return d->bad = 1, self;
            k = parse_string(d);
            skip_ws(d);
            if (*d->p++ != ':')
                return d->bad = 1, self;
        }
        int m = parse_value(d);
        if (m < 0 || d->bad)
            return d->bad = 1, self;
        d->v[m].key = k;
        if (last < 0)
            d->v[self].first = m;
        else
            d->v[last].next = m;
        last = m;
        skip_ws(d);
        if (*d->p == ',') {
            d->p++;
            continue;
        }
        if (*d->p++ != close)
            d->bad = 1;
        return self;
    }
}

static int parse_value(jdoc *d)
{
    skip_ws(d);
    char c = *d->p;
    int v;
    if (c == '{' || c == '[') {
        d->p++;
        if ((v = new_value(d, c == '{' ? 'o' : 'a')) < 0)
            return -1;
        return parse_members(d, v, c == '{' ? '}' : ']');
    }
    if (c == '"') {
        d->p++;
        const char *s = parse_string(d);
        if ((v = new_value(d, 's')) >= 0)
            d->v[v].str = s;
        return v;
    }
    if (strncmp(d->p, "null", 4) == 0) {
        d->p += 4;
        return new_value(d, 'z');
    }
    char *end;
    double x = strtod(d->p, &end);
    if (end == d->p) {
        d->bad = 1;
        return -1;
    }
    d->p = end;
    if ((v = new_value(d, 'n')) >= 0)
        d->v[v].num = x;
    return v;
}

static const jv *member(const jdoc *d, int obj, const char *k)
{
    for (int m = d->v[obj].first; m >= 0; m = d->v[m].next)
        if (d->v[m].key && strcmp(d->v[m].key, k) == 0)
            return &d->v[m];
    return NULL;
}

/* A number: null is NaN, "inf" and "-inf" the infinities. */
static double as_num(const jv *v)
{
    if (!v || v->type == 'z')
        return NAN;
    if (v->type == 's')
        return v->str[0] == '-' ? -INFINITY : INFINITY;
    return v->num;
}

static double num(const jdoc *d, int obj, const char *k)
{
    return as_num(member(d, obj, k));
}

/* A whole number; 0 when absent (a field another event type has). */
static long whole(const jdoc *d, int obj, const char *k)
{
    double v = num(d, obj, k);
    return isfinite(v) && fabs(v) < 1e15 ? (long)v : 0;
}

static const char *str(const jdoc *d, int obj, const char *k)
{
    const jv *v = member(d, obj, k);
    return v && v->type == 's' ? v->str : NULL;
}

/* ---- the replay ----------------------------------------------------- */

typedef struct replay {
    const bnb_model *m;
    cli_trace *trace;
    double *x;                  /* [n] a point, dense                    */
    cli_bound_change *ch;       /* [n]                                   */
    jdoc d;
    int bad;                    /* a name the model does not have        */
} replay;

static int col_of(replay *r, const char *name)
{
    int j = name ? bnb_find_col(r->m, name) : -1;
    if (name && j < 0)
        r->bad = 1;
    return j;
}

/* x: [["name", value], ...] into r->x. */
static void read_point(replay *r, int obj)
{
    const jdoc *d = &r->d;
    memset(r->x, 0, (size_t)bnb_num_cols(r->m) * sizeof *r->x);
    const jv *a = member(d, obj, "x");
    for (int p = a ? a->first : -1; p >= 0; p = d->v[p].next) {
        int k = d->v[p].first;
        int j = k >= 0 ? col_of(r, d->v[k].str) : -1;
        if (j >= 0 && d->v[k].next >= 0)
            r->x[j] = as_num(&d->v[d->v[k].next]);
    }
}

/* An event's "why" (see cli_why), told by the trace; nothing without. */
static void read_why(replay *r, int obj)
{
    const jdoc *d = &r->d;
    const jv *why = member(d, obj, "why");
    if (!why || why->type != 'o')
        return;
    int o = (int)(why - d->v);
    cli_why w = {.first_row = -1, .int_col = -1,
                 .more_rows = (int)whole(d, o, "more_rows"),
                 .more_terms = (int)whole(d, o, "more_terms"),
                 .le = (int)whole(d, o, "le"), .rhs = num(d, o, "rhs"),
                 .reach = num(d, o, "reach")};
    const jv *a = member(d, o, "rows");
    for (int p = a ? a->first : -1; p >= 0 && w.nrows < CLI_WHY_ROWS;
         p = d->v[p].next) {
        int k = d->v[p].first;
        if (k < 0 || d->v[k].type != 's' || d->v[k].next < 0) {
            r->bad = 1;
            return;
        }
        snprintf(w.row[w.nrows], sizeof w.row[0], "%s", d->v[k].str);
        w.mult[w.nrows++] = as_num(&d->v[d->v[k].next]);
    }
    a = member(d, o, "terms");
    for (int p = a ? a->first : -1; p >= 0 && w.nterms < CLI_WHY_TERMS;
         p = d->v[p].next) {
        int k = d->v[p].first;
        int j = k >= 0 ? col_of(r, d->v[k].str) : -1;
        if (j < 0 || d->v[k].next < 0) {
            r->bad = 1;
            return;
        }
        w.col[w.nterms] = j;
        w.coef[w.nterms++] = as_num(&d->v[d->v[k].next]);
    }
    const char *name = str(d, o, "int_col");
    if (name) {   /* a row propagation refuted by integrality */
        w.int_col = col_of(r, name);
        if (w.int_col < 0) {
            r->bad = 1;
            return;
        }
        w.int_lo = num(d, o, "int_lo");
        w.int_up = num(d, o, "int_up");
        w.row_lo = num(d, o, "row_lo");
        w.row_up = num(d, o, "row_up");
    }
    cli_trace_why(r->trace, &w);
}

static void read_propagated(replay *r, int obj)
{
    const jdoc *d = &r->d;
    const jv *a = member(d, obj, "changes");
    int count = 0;
    for (int p = a ? a->first : -1; p >= 0; p = d->v[p].next) {
        int k = d->v[p].first;
        double v[4] = {0};
        int j = k >= 0 ? col_of(r, d->v[k].str) : -1;
        for (int i = 0; i < 4 && k >= 0 && (k = d->v[k].next) >= 0; i++)
            v[i] = as_num(&d->v[k]);
        if (j >= 0)
            r->ch[count++] = (cli_bound_change){j, v[0], v[1], v[2], v[3]};
    }
    cli_trace_propagation(r->trace, (int)whole(d, obj, "propagated"), count,
                          r->ch, count);
    read_why(r, obj);
}

static int index_of(const char *s, const char *const *names, int len)
{
    for (int k = 0; s && k < len; k++)
        if (strcmp(s, names[k]) == 0)
            return k;
    return 0;
}

static const char *const lp_names[] = {"optimal", "infeasible", "unbounded",
                                       "cutoff", "limit", "numeric"};
static const char *const prune_names[] = {"infeasible", "bound",
                                          "integral", "unbounded"};
static const char *const cut_names[] = {"gomory", "mir", "cover", "clique"};
static const char *const event_names[] = {
    "node", "branch", "pruned", "incumbent", "solution", "pivot", "finish",
    "lp_start", "node_start", "propagated", "cut", "cut_round", "learned",
    "restart", "dive", "pump", "model_change", "symmetry"};
#define REPLAY_EVENT_KINDS \
    ((int)(sizeof event_names / sizeof *event_names))

/* A learned row's terms into cols/vals (ev->len of them). */
static void read_learned(replay *r, int obj, bnb_event *ev, int *cols,
                         double *vals)
{
    const jdoc *d = &r->d;
    const jv *a = member(d, obj, "terms");
    ev->cols = cols;
    ev->vals = vals;
    ev->len = 0;
    for (int p = a ? a->first : -1; p >= 0; p = d->v[p].next) {
        int k = d->v[p].first;
        if (k < 0 || d->v[k].next < 0 || ev->len == bnb_num_cols(r->m))
            continue;
        if ((cols[ev->len] = col_of(r, d->v[k].str)) < 0)
            r->bad = 1;
        vals[ev->len++] = as_num(&d->v[d->v[k].next]);
    }
}

static void read_cut(replay *r, int obj, bnb_event *ev, int *cols,
                     double *vals)
{
    const jdoc *d = &r->d;
    const jv *a = member(d, obj, "terms");
    const char *row = str(d, obj, "row");
    ev->cut_kind = index_of(str(d, obj, "kind"), cut_names, 4);
    ev->cut_row = row ? bnb_find_row(r->m, row) : -1;
    ev->cut_col = col_of(r, str(d, obj, "col"));
    ev->cut_rhs = num(d, obj, "rhs");
    ev->cut_cols = cols;
    ev->cut_vals = vals;
    for (int p = a ? a->first : -1; p >= 0; p = d->v[p].next) {
        int k = d->v[p].first;
        if (k < 0 || d->v[k].next < 0 || ev->cut_len == bnb_num_cols(r->m))
            continue;
        if ((cols[ev->cut_len] = col_of(r, d->v[k].str)) < 0)
            r->bad = 1;   /* a term without a column's name */
        vals[ev->cut_len++] = as_num(&d->v[d->v[k].next]);
    }
}

/* A MODEL_CHANGE line's fields (the row by its name). */
static void read_model_change(replay *r, int obj, bnb_event *ev)
{
    const jdoc *d = &r->d;
    const char *row = str(d, obj, "row"), *change = str(d, obj, "change");
    ev->row = row ? bnb_find_row(r->m, row) : -1;
    if (ev->row < 0)
        r->bad = 1;
    ev->change = change && strcmp(change, "coef_tightened") == 0
                     ? BNB_CHANGE_COEF_TIGHTENED
                     : BNB_CHANGE_ROW_ROUNDED;
    ev->divisor = num(d, obj, "divisor");
    ev->old_coef = num(d, obj, "old_coef");
    ev->new_coef = num(d, obj, "new_coef");
    ev->old_rhs = num(d, obj, "old_rhs");
    ev->new_rhs = num(d, obj, "new_rhs");
}

/* The fields of one event line into ev (each type reads its own). */
static void read_event(replay *r, int o, bnb_event *ev)
{
    const jdoc *d = &r->d;
    const jv *pen = member(d, o, "penalty"), *counts = member(d, o, "counts");
    ev->node = whole(d, o, "node");
    ev->parent = whole(d, o, "parent");
    ev->depth = (int)whole(d, o, "depth");
    ev->col = col_of(r, str(d, o, "col"));
    ev->dir = (int)whole(d, o, "dir");
    ev->bound = num(d, o, "bound");
    ev->value = num(d, o, "value");
    ev->parent_obj = num(d, o, "parent_obj");
    ev->node_bound = num(d, o, "node_bound");
    ev->probed = (int)whole(d, o, "probed");
    ev->lp_status = index_of(str(d, o, "status"), lp_names, 6);
    ev->lp_obj = num(d, o, "obj");
    ev->lp_iters = whole(d, o, "iters");
    ev->by_dual = (int)whole(d, o, "by_dual");
    ev->propagated = (int)whole(d, o, "propagated");
    ev->nfrac = (int)whole(d, o, "nfrac");
    ev->rc_fixed = (int)whole(d, o, "rc_fixed");
    ev->rule = (int)whole(d, o, "rule");
    ev->score = num(d, o, "score");
    ev->runner = col_of(r, str(d, o, "runner"));
    ev->runner_score = num(d, o, "runner_score");
    ev->strong = (int)whole(d, o, "strong");
    ev->strong_iters = whole(d, o, "strong_iters");
    for (int k = 0, p = pen ? pen->first : -1; k < 2 && p >= 0;
         k++, p = d->v[p].next)
        ev->penalty[k] = as_num(&d->v[p]);
    ev->open = whole(d, o, "open");
    ev->best_bound = num(d, o, "best_bound");
    ev->reason = index_of(str(d, o, "reason"), prune_names, 4);
    ev->incumbent = num(d, o, "incumbent");
    ev->improved = (int)whole(d, o, "improved");
    ev->found_by = str(d, o, "found_by");
    ev->iteration = whole(d, o, "iteration");
    ev->phase = (int)whole(d, o, "phase");
    ev->entering = (int)whole(d, o, "entering_index");
    ev->leaving = (int)whole(d, o, "leaving_index");
    ev->flips = (int)whole(d, o, "flips");
    ev->dj = num(d, o, "dj");
    ev->ratio = num(d, o, "ratio");
    ev->objective = num(d, o, "objective");
    ev->round = (int)whole(d, o, "round");
    for (int k = 0, p = counts ? counts->first : -1;
         k < BNB_CUT_KINDS && p >= 0; k++, p = d->v[p].next)
        ev->cut_count[k] = d->v[p].type == 'n' ? (int)d->v[p].num : 0;
    ev->bound_before = num(d, o, "before");
    ev->restarts = whole(d, o, "restarts");
    if (ev->type == BNB_EV_RESTART)
        ev->len = (int)whole(d, o, "kept");
    if (ev->type == BNB_EV_DIVE)
        ev->len = (int)whole(d, o, "fixed");
    if (ev->type == BNB_EV_PUMP)
        ev->len = (int)whole(d, o, "rounds");
    if (ev->type == BNB_EV_SYMMETRY) {
        ev->len = (int)whole(d, o, "fixed");
        ev->blocks = (int)whole(d, o, "blocks");
        ev->block_cols = (int)whole(d, o, "block_cols");
        ev->packing_rows = (int)whole(d, o, "packing_rows");
    }
    if (ev->type == BNB_EV_LP_START)   /* -1: a stream without the count */
        ev->len = member(d, o, "free_cols") ? (int)whole(d, o, "free_cols")
                                            : -1;
    read_point(r, o);
    ev->x = r->x;
    ev->n = bnb_num_cols(r->m);
}

/* The closing "result" line: the summary of the trace. */
static void read_result(replay *r, int o, double *rows)
{
    const jdoc *d = &r->d;
    const char *s = str(d, o, "status");
    bnb_result res = {.status = BNB_OPTIMAL};
    for (int k = 0; s && k <= BNB_MEMORY_LIMIT; k++)
        if (strcmp(s, bnb_status_name((bnb_status)k)) == 0)
            res.status = (bnb_status)k;
    res.has_solution = (int)whole(d, o, "has_solution");
    res.objective = num(d, o, "objective");
    res.bound = num(d, o, "bound");
    res.nodes = whole(d, o, "nodes");
    res.max_depth = (int)whole(d, o, "max_depth");
    res.iterations = whole(d, o, "iterations");
    res.seconds = num(d, o, "seconds");
    read_point(r, o);
    res.x = r->x;
    memset(rows, 0, (size_t)bnb_num_rows(r->m) * sizeof *rows);
    const jv *a = member(d, o, "rows");
    for (int p = a ? a->first : -1; p >= 0; p = d->v[p].next) {
        int k = d->v[p].first;
        int i = k >= 0 ? bnb_find_row(r->m, d->v[k].str) : -1;
        if (i >= 0 && d->v[k].next >= 0)
            rows[i] = as_num(&d->v[d->v[k].next]);
        else
            r->bad = 1;
    }
    res.row_activity = rows;
    cli_trace_finish(r->trace, &res);
}

/* The columns and variables the trace will name are there. */
static int complete(const bnb_event *ev)
{
    switch (ev->type) {
    case BNB_EV_BRANCH: return ev->col >= 0;
    case BNB_EV_NODE_START: return ev->parent < 0 || ev->col >= 0;
    case BNB_EV_PIVOT: return ev->entering >= 0 && ev->leaving >= -1;
    default: return 1;
    }
}

/* One line; returns 0, or -1 when it is not an event of the stream. */
static int replay_line(replay *r, char *line, int *cols, double *vals,
                       double *rows)
{
    r->d.len = 0;
    r->d.p = line;
    r->d.bad = 0;
    int o = parse_value(&r->d);
    if (o < 0 || r->d.bad || r->d.v[o].type != 'o')
        return -1;
    const char *type = str(&r->d, o, "ev");
    if (!type)
        return -1;
    if (strcmp(type, "model") == 0)
        return whole(&r->d, o, "cols") == bnb_num_cols(r->m) &&
                       whole(&r->d, o, "rows") == bnb_num_rows(r->m)
                   ? 0 : -1;
    if (strcmp(type, "result") == 0) {
        read_result(r, o, rows);
        return 0;
    }
    if (strcmp(type, "propagated") == 0) {
        read_propagated(r, o);
        return 0;
    }
    int k = index_of(type, event_names, REPLAY_EVENT_KINDS);
    if (strcmp(type, event_names[k]) != 0)
        return -1;
    bnb_event ev = {.type = (bnb_event_type)k};
    read_event(r, o, &ev);
    if (k == BNB_EV_CUT)
        read_cut(r, o, &ev, cols, vals);
    if (k == BNB_EV_LEARNED)
        read_learned(r, o, &ev, cols, vals);
    if (k == BNB_EV_MODEL_CHANGE)
        read_model_change(r, o, &ev);
    if (r->bad || !complete(&ev))
        return -1;   /* a name the model lacks, or one that is missing */
    cli_trace_event(r->trace, &ev);
    if (k == BNB_EV_NODE)
        read_why(r, o);
    return 0;
}

int cli_replay(FILE *in, const char *name, FILE *out, const bnb_model *m,
               int level, const bnb_params *par, const cli_outline *outline)
{
    size_t n = (size_t)bnb_num_cols(m) + 1, rows_len = (size_t)bnb_num_rows(m) + 1;
    replay r = {.m = m, .x = malloc(n * sizeof(double)),
                .ch = malloc(n * sizeof(cli_bound_change)),
                .trace = cli_trace_new(out, m, level, 0, par, outline)};
    int *cols = malloc(n * sizeof(int));
    double *vals = malloc(n * sizeof(double));
    double *rows = malloc(rows_len * sizeof(double));
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0;
    int rc = r.x && r.ch && r.trace && cols && vals && rows ? 0 : -2;
    while (rc == 0 && getline(&line, &cap, in) > 0) {
        lineno++;
        if (replay_line(&r, line, cols, vals, rows) != 0 || r.bad || r.d.bad) {
            fprintf(stderr, "%s:%ld: not an event of this model's stream\n",
                    name, lineno);
            rc = -1;
        }
    }
    free(line);
    free(r.d.v);
    free(r.x);
    free(r.ch);
    free(cols);
    free(vals);
    free(rows);
    cli_trace_free(r.trace);
    return rc;
}
