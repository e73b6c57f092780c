/*
 * logicgrid.c -- logic grid puzzles (Chlond 2014): equal-sized attribute
 * sets matched one to one; clues compiled into Chlond's constraint
 * patterns over binaries set[key,value], plus positional and link clues.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pz_kind.h"

/* Characters of a value's name kept in column names (names of any
 * length are read; two labels alike make the set's values go by number,
 * and the LP format allows names of 255 characters). */
#define LG_LABEL 20

enum { LG_EQ, LG_NE, LG_EITHER, LG_ONEOF, LG_LEFT, LG_NEXT, LG_LINK };

/* One clue. Values are global indices v = set * m + position. */
typedef struct lg_clue {
    int kind;              /* LG_*                                       */
    int no;                /* its line, for messages                     */
    int a, b;              /* EQ, LEFT (a left of b), NEXT, ONEOF, LINK  */
    int nopt;
    int *opt;              /* [nopt] NE, EITHER: the options; ONEOF: c, d */
    int s, t;              /* LINK: the sets compared                    */
    int *perm;             /* [m] LINK: value k of s has the name of t's
                              perm[k]                                    */
    int *w;                /* [m] LINK: columns link<k>[value]           */
    char text[48];         /* the clue as written (shortened)            */
} lg_clue;

typedef struct logicgrid {
    int nsets, m, nclues;
    int cap;               /* sets room was made for (attributes: lines) */
    char **set;            /* [cap] set names                            */
    char **val;            /* [cap*m] value names                        */
    char (*label)[LG_LABEL + 1];    /* [nsets*m] for column names        */
    char (*setlabel)[LG_LABEL + 1]; /* [nsets]                           */
    lg_clue *clue;         /* [nclues]                                   */
    int *x;                /* [nsets*m*m] [(s*m+i)*m+j], s >= 1          */
} logicgrid;

static const pz_key keys[] = {
    {"attributes", PZ_KEY_SECTION | PZ_KEY_REQUIRED},
    {"clues", PZ_KEY_SECTION | PZ_KEY_REQUIRED},
    {NULL, 0},
};

/* The default is not the paper's: its aggregated 'B is C' row is so weak
 * that the couples puzzle takes thousands of nodes (1 node pairwise). */
static const pz_variant variants[] = {
    {"pairwise", "'B is C' as x[i,B] = y[i,C] for every key i"},
    {"chlond", "'B is C' as sum_i i*x[i,B] = sum_i i*y[i,C] (paper; "
               "slow)"},
    {NULL, NULL},
};

static void lg_free(void *pz)
{
    logicgrid *g = pz;
    for (int k = 0; g->set && k < g->cap; k++)   /* also a set half read */
        free(g->set[k]);
    for (int v = 0; g->val && v < g->cap * g->m; v++)
        free(g->val[v]);
    for (int k = 0; g->clue && k < g->nclues; k++) {
        free(g->clue[k].opt);
        free(g->clue[k].perm);
        free(g->clue[k].w);
    }
    free(g->set);
    free(g->val);
    free(g->label);
    free(g->setlabel);
    free(g->clue);
    free(g->x);
    free(g);
}

static int set_of(const logicgrid *g, int v) { return v / g->m; }
static int pos_of(const logicgrid *g, int v) { return v % g->m; }
static int is_key(const logicgrid *g, int v) { return v < g->m; }

/* ------------------------------------------------------------------ */
/* Reading the attribute sets                                          */
/* ------------------------------------------------------------------ */

/* A value's or set's name in column and row names: letters, digits and
 * '_' (others become '_'), at most LG_LABEL characters. */
static void make_label(char *out, const char *name)
{
    int n = 0;
    for (; name[n] && n < LG_LABEL; n++)
        out[n] = isalnum((unsigned char)name[n]) ? name[n] : '_';
    out[n] = '\0';
}

/* Labels of set s; if two collide, the set's values go by number. */
static void label_values(logicgrid *g, int s)
{
    int clash = 0;
    for (int j = 0; j < g->m; j++)
        make_label(g->label[s * g->m + j], g->val[s * g->m + j]);
    for (int j = 0; j < g->m; j++)
        for (int k = 0; k < j; k++)
            clash |= strcmp(g->label[s * g->m + j], g->label[s * g->m + k]) == 0;
    for (int j = 0; clash && j < g->m; j++)
        snprintf(g->label[s * g->m + j], LG_LABEL + 1, "%d", j + 1);
}

static int read_set_name(pz_file *f, logicgrid *g, const pz_line *ln,
                         int len)
{
    int s = g->nsets;
    if (len == 0 || !isalpha((unsigned char)ln->text[0]))
        return pz_error(f, ln->no, ln->col, "expected 'set: value value "
                        "...' with a set name that starts with a letter");
    for (int k = 0; k < len; k++)
        if (!isalnum((unsigned char)ln->text[k]) && ln->text[k] != '_' &&
            ln->text[k] != '-')
            return pz_error(f, ln->no, ln->col + k, "set name: '%c' is "
                            "not a letter, digit, '_' or '-'", ln->text[k]);
    if (!(g->set[s] = strndup(ln->text, (size_t)len)))
        return pz_error(f, ln->no, ln->col, "out of memory");
    for (int k = 0; k < s; k++)
        if (strcasecmp(g->set[k], g->set[s]) == 0)
            return pz_error(f, ln->no, ln->col, "set '%s' is listed twice",
                            g->set[s]);
    make_label(g->setlabel[s], g->set[s]);
    return 0;
}

static int read_value(pz_file *f, logicgrid *g, const pz_tok *t, int v)
{
    if (t->len == 0)
        return pz_error(f, t->no, t->col, "a value must have at least one "
                        "character");
    if (!(g->val[v] = strndup(t->s, (size_t)t->len)))
        return pz_error(f, t->no, t->col, "out of memory");
    for (int k = v - pos_of(g, v); k < v; k++)
        if (strcasecmp(g->val[k], g->val[v]) == 0)
            return pz_error(f, t->no, t->col, "value '%s' appears twice in "
                            "set %s", g->val[v], g->set[set_of(g, v)]);
    return 0;
}

/* Room for nsets sets of m values (m from the first line, so memory
 * follows the lines present). */
static int alloc_sets(pz_file *f, logicgrid *g, int nsets)
{
    size_t nv = (size_t)nsets * (size_t)g->m;
    g->val = calloc(nv, sizeof *g->val);
    g->label = calloc(nv, sizeof *g->label);
    g->x = malloc(nv * (size_t)g->m * sizeof *g->x);
    if (!g->val || !g->label || !g->x)
        return pz_error(f, 1, 0, "out of memory");
    return 0;
}

/* The values t[n] of the set of line ln (its name read already). */
static int read_values(pz_file *f, logicgrid *g, const pz_line *ln,
                       const pz_tok *t, int n, int col)
{
    if (g->nsets == 0 && n < 2)
        return pz_error(f, ln->no, col, "set %s has %d values, expected "
                        "at least 2", g->set[0], n);
    if (g->nsets == 0) {
        g->m = n;
        if (alloc_sets(f, g, pz_get(f, "attributes")->nlines) < 0)
            return -1;
    }
    if (n != g->m)
        return pz_error(f, ln->no, col, "set %s has %d values, expected %d "
                        "(as many as %s): all sets must have the same "
                        "size", g->set[g->nsets], n, g->m, g->set[0]);
    for (int j = 0; j < n; j++)
        if (read_value(f, g, &t[j], g->nsets * g->m + j) < 0)
            return -1;
    label_values(g, g->nsets++);
    return 0;
}

/* One line `name: v1 v2 ... vm`; the first line fixes m. */
static int read_set(pz_file *f, logicgrid *g, const pz_line *ln)
{
    const char *colon = strchr(ln->text, ':');
    if (!colon)
        return pz_error(f, ln->no, ln->col, "expected 'set: value value "
                        "...'");
    int len = (int)(colon - ln->text);
    while (len > 0 && isspace((unsigned char)ln->text[len - 1]))
        len--;
    if (read_set_name(f, g, ln, len) < 0)
        return -1;
    int off = (int)(colon + 1 - ln->text);
    pz_tok *t;
    int n = pz_tokens_all(f, ln->no, ln->col + off, colon + 1, &t);
    int rc = n < 0 ? -1 : read_values(f, g, ln, t, n, ln->col + off);
    free(t);
    return rc;
}

static int read_sets(pz_file *f, logicgrid *g)
{
    const pz_entry *e = pz_get(f, "attributes");
    g->set = calloc((size_t)e->nlines, sizeof *g->set);
    g->setlabel = calloc((size_t)e->nlines, sizeof *g->setlabel);
    if (!g->set || !g->setlabel)
        return pz_error(f, e->no, e->col, "out of memory");
    g->cap = e->nlines;
    for (int i = 0; i < e->nlines; i++)
        if (read_set(f, g, &e->lines[i]) < 0)
            return -1;
    if (g->nsets < 2)
        return pz_error(f, e->no, e->col, "attributes: need at least two "
                        "sets (the key set first)");
    return 0;
}

/* ------------------------------------------------------------------ */
/* Reading clues                                                       */
/* ------------------------------------------------------------------ */

static int tok_eq(const pz_tok *t, const char *s)
{
    return (int)strlen(s) == t->len && strncasecmp(t->s, s, (size_t)t->len) == 0;
}

static int find_set(const logicgrid *g, const char *s, int len)
{
    for (int k = 0; k < g->nsets; k++)
        if ((int)strlen(g->set[k]) == len && strncasecmp(g->set[k], s,
                                                         (size_t)len) == 0)
            return k;
    return -1;
}

static int find_in_set(const logicgrid *g, int s, const char *name, int len)
{
    for (int j = 0; j < g->m; j++)
        if ((int)strlen(g->val[s * g->m + j]) == len &&
            strncasecmp(g->val[s * g->m + j], name, (size_t)len) == 0)
            return s * g->m + j;
    return -1;
}

/* The value a token names: `set.value` when the part before the first
 * '.' is a set holding the rest, else `value` (which must then be in
 * exactly one set). Returns it, or -1 (error reported). */
static int lookup(pz_file *f, const logicgrid *g, const pz_tok *t)
{
    const char *dot = memchr(t->s, '.', (size_t)t->len);
    int found = -1, count = 0;
    if (dot) {
        int s = find_set(g, t->s, (int)(dot - t->s));
        int v = s < 0 ? -1 : find_in_set(g, s, dot + 1,
                                         t->len - (int)(dot + 1 - t->s));
        if (v >= 0)
            return v;
    }
    for (int s = 0; s < g->nsets; s++) {
        int v = find_in_set(g, s, t->s, t->len);
        if (v >= 0 && count++ == 0)
            found = v;
    }
    if (count == 1)
        return found;
    int shown = t->len > 40 ? 40 : t->len;
    if (count > 1)
        return pz_error(f, t->no, t->col, "value '%.*s' is in more than one "
                        "set: write it as set.value, e.g. %s.%.*s", shown,
                        t->s, g->set[set_of(g, found)], shown, t->s);
    return pz_error(f, t->no, t->col, "unknown value '%.*s' (not in any "
                    "set of attributes:)", shown, t->s);
}

static int lookup_set(pz_file *f, const logicgrid *g, const pz_tok *t)
{
    int s = find_set(g, t->s, t->len);
    if (s < 0)
        return pz_error(f, t->no, t->col, "unknown set '%.*s'",
                        t->len > 40 ? 40 : t->len, t->s);
    return s;
}

/* The options t[0], t[step], ... (n tokens in all) into cl->opt: known
 * values. An option of A's own set is kept: the rows state the clue for
 * it too (A != A, or A = B with B of A's set, can never hold: the puzzle
 * then has no solution). `A != B B` says B once; `A = B | B` is refused,
 * as "exactly one of" B and B has no reading. */
static int read_opts(pz_file *f, const logicgrid *g, lg_clue *cl,
                     const pz_tok *t, int n, int step)
{
    cl->opt = malloc(((size_t)n / (size_t)step + 1) * sizeof *cl->opt);
    if (!cl->opt)
        return pz_error(f, t[0].no, t[0].col, "out of memory");
    for (int k = 0; k < n; k += step) {
        int v = lookup(f, g, &t[k]), twice = 0;
        if (v < 0)
            return -1;
        for (int o = 0; o < cl->nopt; o++)
            twice |= cl->opt[o] == v;
        if (twice && cl->kind == LG_EITHER)
            return pz_error(f, t[k].no, t[k].col, "'%s' is listed "
                            "twice", g->val[v]);
        if (!twice)
            cl->opt[cl->nopt++] = v;
    }
    return 0;
}

/* `A = B`, `A = B | C | ...`: the bars must alternate with values. */
static int read_equal(pz_file *f, const logicgrid *g, lg_clue *cl,
                      const pz_tok *t, int n)
{
    if (n == 3) {
        cl->kind = LG_EQ;
        return (cl->b = lookup(f, g, &t[2])) < 0 ? -1 : 0;
    }
    for (int k = 3; k < n; k += 2)
        if (!tok_eq(&t[k], "|") || k + 1 == n)
            return pz_error(f, t[k].no, t[k].col, "expected 'A = B | C "
                            "...' (values separated by '|')");
    cl->kind = LG_EITHER;
    return read_opts(f, g, cl, t + 2, n - 2, 2);
}

/* `A left-of B`, `A right-of B`, `A next-to B`: positions are the order
 * of the key set's values. */
static int read_position(pz_file *f, const logicgrid *g, lg_clue *cl,
                         const pz_tok *t, int n)
{
    if (n != 3)
        return pz_error(f, t[0].no, t[0].col, "expected 'A %.*s B'",
                        t[1].len, t[1].s);
    if ((cl->b = lookup(f, g, &t[2])) < 0)
        return -1;
    cl->kind = tok_eq(&t[1], "next-to") ? LG_NEXT : LG_LEFT;
    if (tok_eq(&t[1], "right-of")) {
        int a = cl->a;
        cl->a = cl->b;
        cl->b = a;
    }
    return 0;
}

/* `oneof A B : C D`: of A and B, one is C and the other D. Any four
 * values: a repeat or a pairing that can never match leaves the puzzle
 * without solution, which the rows say. */
static int read_oneof(pz_file *f, const logicgrid *g, lg_clue *cl,
                      const pz_tok *t, int n)
{
    if (n != 6 || !tok_eq(&t[3], ":"))
        return pz_error(f, t[0].no, t[0].col, "expected 'oneof A B : C D'");
    cl->opt = malloc(2 * sizeof *cl->opt);
    if (!cl->opt)
        return pz_error(f, t[0].no, t[0].col, "out of memory");
    cl->kind = LG_ONEOF;
    cl->nopt = 2;
    if ((cl->a = lookup(f, g, &t[1])) < 0 ||
        (cl->b = lookup(f, g, &t[2])) < 0 ||
        (cl->opt[0] = lookup(f, g, &t[4])) < 0 ||
        (cl->opt[1] = lookup(f, g, &t[5])) < 0)
        return -1;
    return 0;
}

/* `link A S = B T`: the value of set S that A has has the same name as
 * the value of set T that B has (clue 20 of Chlond's couples). */
static int read_link(pz_file *f, const logicgrid *g, lg_clue *cl,
                     const pz_tok *t, int n)
{
    if (n != 6 || !tok_eq(&t[3], "="))
        return pz_error(f, t[0].no, t[0].col, "expected 'link A SET = B "
                        "SET'");
    if ((cl->a = lookup(f, g, &t[1])) < 0 ||
        (cl->s = lookup_set(f, g, &t[2])) < 0 ||
        (cl->b = lookup(f, g, &t[4])) < 0 ||
        (cl->t = lookup_set(f, g, &t[5])) < 0)
        return -1;
    if (cl->s == 0 || cl->t == 0 || cl->s == cl->t)
        return pz_error(f, t[5].no, t[5].col, "link compares two different "
                        "sets, neither the key set");
    cl->perm = malloc((size_t)g->m * sizeof *cl->perm);
    cl->w = malloc((size_t)g->m * sizeof *cl->w);
    if (!cl->perm || !cl->w)
        return pz_error(f, t[0].no, t[0].col, "out of memory");
    for (int j = 0; j < g->m; j++) {
        const char *name = g->val[cl->s * g->m + j];
        int v = find_in_set(g, cl->t, name, (int)strlen(name));
        if (v < 0)
            return pz_error(f, t[5].no, t[5].col, "link: set %s has no "
                            "value '%s' (the sets must hold the same "
                            "names)", g->set[cl->t], name);
        cl->perm[j] = pos_of(g, v);
    }
    cl->kind = LG_LINK;
    return 0;
}

static int read_clue(pz_file *f, logicgrid *g, const pz_line *ln)
{
    pz_tok *t;
    int n = pz_tokens_all(f, ln->no, ln->col, ln->text, &t);
    lg_clue *cl = &g->clue[g->nclues++];
    if (n < 0)
        return -1;
    cl->no = ln->no;
    snprintf(cl->text, sizeof cl->text, "%s", ln->text);
    int rc;
    if (n >= 1 && tok_eq(&t[0], "oneof"))
        rc = read_oneof(f, g, cl, t, n);
    else if (n >= 1 && tok_eq(&t[0], "link"))
        rc = read_link(f, g, cl, t, n);
    else if (n < 3)
        rc = pz_error(f, ln->no, ln->col, "expected a clue: A = B, A != B "
                      "C, A = B | C, oneof A B : C D, A left-of B, A "
                      "right-of B, A next-to B, link A SET = B SET");
    else if ((cl->a = lookup(f, g, &t[0])) < 0)
        rc = -1;
    else if (tok_eq(&t[1], "="))
        rc = read_equal(f, g, cl, t, n);
    else if (tok_eq(&t[1], "!=")) {
        cl->kind = LG_NE;
        rc = read_opts(f, g, cl, t + 2, n - 2, 1);
    }
    else if (tok_eq(&t[1], "left-of") || tok_eq(&t[1], "right-of") ||
             tok_eq(&t[1], "next-to"))
        rc = read_position(f, g, cl, t, n);
    else
        rc = pz_error(f, t[1].no, t[1].col, "unknown relation '%.*s' "
                      "(expected =, !=, left-of, right-of or next-to)",
                      t[1].len > 20 ? 20 : t[1].len, t[1].s);
    free(t);
    return rc;
}

static void *lg_parse(pz_file *f)
{
    logicgrid *g = calloc(1, sizeof *g);
    if (!g) {
        pz_error(f, 1, 0, "out of memory");
        return NULL;
    }
    int ok = read_sets(f, g) == 0;
    const pz_entry *e = pz_get(f, "clues");
    g->clue = calloc((size_t)e->nlines, sizeof *g->clue);
    if (ok && !g->clue)
        ok = pz_error(f, e->no, e->col, "out of memory") == 0;
    for (int i = 0; ok && i < e->nlines; i++)
        ok = read_clue(f, g, &e->lines[i]) == 0;
    if (!ok) {
        lg_free(g);
        return NULL;
    }
    return g;
}

/* ------------------------------------------------------------------ */
/* The model                                                           */
/* ------------------------------------------------------------------ */

/* Adds coef * h(i, v), "key i has value v": its column, or for a value
 * of the key set the constant [i == v], moved into *rhs. */
static void add_h(pz_build *b, const logicgrid *g, int i, int v,
                  double coef, double *rhs)
{
    if (is_key(g, v))
        *rhs -= coef * (i == v);
    else
        pz_term(b, g->x[(set_of(g, v) * g->m + i) * g->m + pos_of(g, v)],
                coef);
}

/* Closes the row lo <= terms + constant <= up (constant in *rhs form). */
#define LG_ROW(b, lo, up, rhs, ...) pz_row(b, (lo) + (rhs), (up) + (rhs), \
                                           __VA_ARGS__)

static const char *key_label(const logicgrid *g, int i)
{
    return g->label[i];
}

/* (G1) every key has one value of each set, (G2) every value one key. */
static void generic_rows(pz_build *b, logicgrid *g)
{
    int m = g->m;
    for (int s = 1; s < g->nsets; s++)
        for (int i = 0; i < m; i++)
            for (int j = 0; j < m; j++)
                g->x[(s * m + i) * m + j] =
                    pz_bin(b, "%s[%s,%s]", g->setlabel[s], key_label(g, i),
                           g->label[s * m + j]);
    for (int s = 1; s < g->nsets; s++)
        for (int i = 0; i < m; i++)
            pz_exactly(b, &g->x[(s * m + i) * m], m, 1, "(G1)one[%s,%s]",
                       g->setlabel[s], key_label(g, i));
    for (int s = 1; s < g->nsets; s++)
        for (int j = 0; j < m; j++) {
            for (int i = 0; i < m; i++)
                pz_term(b, g->x[(s * m + i) * m + j], 1);
            pz_row(b, 1, 1, "(G2)once[%s,%s]", g->setlabel[s],
                   g->label[s * m + j]);
        }
}

/* A is B: (P1) x[A,B] = 1 for a key A; two non-key values (P6)
 * sum_i i*h(i,A) = sum_i i*h(i,B), or per key i (pairwise variant). */
static void eq_rows(pz_build *b, const logicgrid *g, int k,
                    const lg_clue *cl, int pairwise)
{
    int a = cl->a, v = cl->b;
    double rhs = 0;
    if (set_of(g, a) == set_of(g, v)) {
        if (a != v)        /* two values of one set: never one key's */
            pz_row(b, 1, 1, "(P1)c%dnever", k);
        return;
    }
    if (is_key(g, v)) {
        v = cl->a;
        a = cl->b;
    }
    if (is_key(g, a)) {
        add_h(b, g, a, v, 1, &rhs);
        LG_ROW(b, 1, 1, rhs, "(P1)c%d", k);
        return;
    }
    for (int i = 0; i < g->m; i++) {
        add_h(b, g, i, a, pairwise ? 1 : i + 1, &rhs);
        add_h(b, g, i, v, pairwise ? -1 : -(i + 1), &rhs);
        if (pairwise)
            pz_row(b, 0, 0, "(P6)c%d[%s]", k, key_label(g, i));
    }
    if (!pairwise)
        pz_row(b, 0, 0, "(P6)c%d", k);
}

/* A is not B (C ...): (P2)/(P4) sum_o x[A,o] = 0 for a key A; else per
 * key i and per set of the options, (P7)/(P9) h(i,A) + sum_o h(i,o) <= 1
 * (we read the paper's printed neither row, z2 + z4 <= y3, as this) and
 * for an option o of the key set (P2) h(o,A) = 0. */
static void ne_rows(pz_build *b, const logicgrid *g, int k,
                    const lg_clue *cl)
{
    double rhs = 0;
    if (is_key(g, cl->a)) {
        for (int o = 0; o < cl->nopt; o++)
            add_h(b, g, cl->a, cl->opt[o], 1, &rhs);
        LG_ROW(b, 0, 0, rhs, "(P%d)c%d", cl->nopt == 1 ? 2 : 4, k);
        return;
    }
    for (int s = 0; s < g->nsets; s++) {
        int nin = 0;
        for (int o = 0; o < cl->nopt; o++)
            nin += set_of(g, cl->opt[o]) == s;
        for (int o = 0; s == 0 && o < cl->nopt; o++)
            if (is_key(g, cl->opt[o])) {
                rhs = 0;
                add_h(b, g, cl->opt[o], cl->a, 1, &rhs);
                LG_ROW(b, 0, 0, rhs, "(P2)c%d[%s]", k,
                       key_label(g, cl->opt[o]));
            }
        for (int i = 0; s > 0 && nin > 0 && i < g->m; i++) {
            rhs = 0;
            add_h(b, g, i, cl->a, 1, &rhs);
            for (int o = 0; o < cl->nopt; o++)
                if (set_of(g, cl->opt[o]) == s)
                    add_h(b, g, i, cl->opt[o], 1, &rhs);
            LG_ROW(b, -BNB_INF, 1, rhs, "(P%d)c%d[%s,%s]", nin == 1 ? 7 : 9,
                   k, key_label(g, i), g->setlabel[s]);
        }
    }
}

/* Sets among the options of cl. */
static int option_sets(const logicgrid *g, const lg_clue *cl)
{
    int n = 0;
    for (int o = 0; o < cl->nopt; o++) {
        int first = 1;
        for (int p = 0; p < o; p++)
            first &= set_of(g, cl->opt[p]) != set_of(g, cl->opt[o]);
        n += first;
    }
    return n;
}

/* A is either B or C ... (exactly one): (P3) sum_o x[A,o] = 1 for a key
 * A; else (P8) h(i,A) <= sum_o h(i,o) for every key i (the paper prints
 * the inequality the other way round: we read it as "A implies one of
 * them") and, when the options span q > 1 sets, sum_o h(i,o) +
 * (q-1) h(i,A) <= q so that A has only one of them. */
static void either_rows(pz_build *b, const logicgrid *g, int k,
                        const lg_clue *cl)
{
    double rhs = 0;
    int q = option_sets(g, cl);
    if (is_key(g, cl->a)) {
        for (int o = 0; o < cl->nopt; o++)
            add_h(b, g, cl->a, cl->opt[o], 1, &rhs);
        LG_ROW(b, 1, 1, rhs, "(P3)c%d", k);
        return;
    }
    for (int i = 0; i < g->m; i++) {
        rhs = 0;
        for (int o = 0; o < cl->nopt; o++)
            add_h(b, g, i, cl->opt[o], 1, &rhs);
        add_h(b, g, i, cl->a, -1, &rhs);
        LG_ROW(b, 0, BNB_INF, rhs, "(P8)c%d[%s]", k, key_label(g, i));
        if (q < 2)
            continue;
        rhs = 0;
        for (int o = 0; o < cl->nopt; o++)
            add_h(b, g, i, cl->opt[o], 1, &rhs);
        add_h(b, g, i, cl->a, q - 1, &rhs);
        LG_ROW(b, -BNB_INF, q, rhs, "(P8)c%donly[%s]", k, key_label(g, i));
    }
}

/* h(i,u) + h(i,v) <= 1 for every key i: u and v are not one key's. */
static void apart_rows(pz_build *b, const logicgrid *g, int k, int u, int v,
                       const char *tag)
{
    for (int i = 0; set_of(g, u) != set_of(g, v) && i < g->m; i++) {
        double rhs = 0;
        add_h(b, g, i, u, 1, &rhs);
        add_h(b, g, i, v, 1, &rhs);
        LG_ROW(b, -BNB_INF, 1, rhs, "(P10)c%d%s[%s]", k, tag,
               key_label(g, i));
    }
}

/* Of A and B, one is C and the other D. With a key value among them
 * (turned to be A): (P5) x[A,C] + x[A,D] = 1 and h(i,C) + h(i,D) =
 * h(i,B) for every other key i. Otherwise (P10) h(i,A) + h(i,B) = h(i,C)
 * + h(i,D) for every key i, plus h(i,A) + h(i,B) <= 1 when A and B are
 * in different sets (same for C, D): the paper omits these, but without
 * them one key holding all four values satisfies the row. */
/* h(i,u) - h(i,v) <= 1 - z and >= z - 1 (z = 1 makes u and v one
 * key's) when on is 1; with on 0 the same under 1 - z. */
static void same_if(pz_build *b, const logicgrid *g, int k, int z, int u,
                    int v, int on, const char *tag)
{
    for (int i = 0; i < g->m; i++)
        for (int sign = -1; sign <= 1; sign += 2) {
            double rhs = 0;
            add_h(b, g, i, u, sign, &rhs);
            add_h(b, g, i, v, -sign, &rhs);
            pz_term(b, z, on ? 1 : -1);
            LG_ROW(b, -BNB_INF, on ? 1 : 0, rhs, "(P13)c%d%s%c[%s]", k, tag,
                   sign > 0 ? '+' : '-', key_label(g, i));
        }
}

/* oneof with values of the key set on both sides of ':': a binary z
 * picks the pairing, z = 1 "A is C and B is D", z = 0 "A is D and B is
 * C" (P13); A and B apart (P10). Constants [i == v] of key values move
 * to the right-hand side, so a pairing that can never match leaves only
 * the other, or a row that no z satisfies. */
static void oneof_either_way(pz_build *b, const logicgrid *g, int k,
                             const lg_clue *cl)
{
    int z = pz_bin(b, "pair%d", k);
    same_if(b, g, k, z, cl->a, cl->opt[0], 1, "ac");
    same_if(b, g, k, z, cl->b, cl->opt[1], 1, "bd");
    same_if(b, g, k, z, cl->a, cl->opt[1], 0, "ad");
    same_if(b, g, k, z, cl->b, cl->opt[0], 0, "bc");
    for (int i = 0; i < g->m; i++) {
        double rhs = 0;
        add_h(b, g, i, cl->a, 1, &rhs);
        add_h(b, g, i, cl->b, 1, &rhs);
        LG_ROW(b, -BNB_INF, 1, rhs, "(P10)c%dab[%s]", k, key_label(g, i));
    }
}

static void oneof_rows(pz_build *b, const logicgrid *g, int k,
                       const lg_clue *cl)
{
    if ((is_key(g, cl->a) || is_key(g, cl->b)) &&
        (is_key(g, cl->opt[0]) || is_key(g, cl->opt[1]))) {
        oneof_either_way(b, g, k, cl);
        return;
    }
    int v[4] = {cl->a, cl->b, cl->opt[0], cl->opt[1]};
    int r = !is_key(g, v[0]) && !is_key(g, v[1]) ? 2 : 0;
    int a = v[r], bb = v[r + 1], c = v[2 - r], d = v[3 - r];
    double rhs;
    if (is_key(g, bb)) {
        bb = a;
        a = v[r + 1];
    }
    if (is_key(g, a)) {
        rhs = 0;
        add_h(b, g, a, c, 1, &rhs);
        add_h(b, g, a, d, 1, &rhs);
        LG_ROW(b, 1, 1, rhs, "(P5)c%d", k);
        for (int i = 0; i < g->m; i++) {
            if (i == a)
                continue;
            rhs = 0;
            add_h(b, g, i, c, 1, &rhs);
            add_h(b, g, i, d, 1, &rhs);
            add_h(b, g, i, bb, -1, &rhs);
            LG_ROW(b, 0, 0, rhs, "(P5)c%d[%s]", k, key_label(g, i));
        }
        return;
    }
    for (int i = 0; i < g->m; i++) {
        rhs = 0;
        add_h(b, g, i, a, 1, &rhs);
        add_h(b, g, i, bb, 1, &rhs);
        add_h(b, g, i, c, -1, &rhs);
        add_h(b, g, i, d, -1, &rhs);
        LG_ROW(b, 0, 0, rhs, "(P10)c%d[%s]", k, key_label(g, i));
    }
    apart_rows(b, g, k, a, bb, "ab");
    apart_rows(b, g, k, c, d, "cd");
}

/* Positions are the key values in the order listed. With one value of
 * the key set at position p, the other may only be at the allowed
 * positions: (P11) sum of h(i, other) over the rest = 0. Otherwise A
 * left-of B: h(i,A) = h(i+1,B), h(last,A) + h(first,B) = 0; A next-to B:
 * h(i,A) <= h(i-1,B) + h(i+1,B). */
static void position_rows(pz_build *b, const logicgrid *g, int k,
                          const lg_clue *cl)
{
    int m = g->m, left = cl->kind == LG_LEFT;
    if (is_key(g, cl->a) && is_key(g, cl->b)) {
        int d = cl->b - cl->a;     /* both fixed: true or never */
        if (left ? d != 1 : d != 1 && d != -1)
            pz_row(b, 1, 1, "(P11)c%dnever", k);
        return;
    }
    if (is_key(g, cl->a) || is_key(g, cl->b)) {
        int p = is_key(g, cl->a) ? cl->a : cl->b;
        int other = is_key(g, cl->a) ? cl->b : cl->a;
        int lo = left ? (p == cl->a ? p + 1 : p - 1) : p - 1;
        int hi = left ? lo : p + 1;
        for (int i = 0; i < m; i++)
            if (i != lo && i != hi)
                pz_term(b, g->x[(set_of(g, other) * m + i) * m +
                                pos_of(g, other)], 1);
        pz_row(b, 0, 0, "(P11)c%d", k);
        return;
    }
    double rhs = 0;
    for (int i = 0; i < m; i++) {
        add_h(b, g, i, cl->a, 1, &rhs);
        if (i + 1 < m)
            add_h(b, g, i + 1, cl->b, -1, &rhs);
        if (!left && i > 0)
            add_h(b, g, i - 1, cl->b, -1, &rhs);
        if (left && i + 1 == m)
            break;         /* h(last,A) stays in the row closed below */
        if (left)
            pz_row(b, 0, 0, "(P11)c%d[%s]", k, key_label(g, i));
        else
            pz_row(b, -BNB_INF, 0, "(P11)c%d[%s]", k, key_label(g, i));
    }
    if (left) {
        add_h(b, g, 0, cl->b, 1, &rhs);
        pz_row(b, 0, 0, "(P11)c%dend", k);
    }
}

/* link A S = B T: binaries link<k>[n], one per name n (P12: sum = 1);
 * the key with A and S's value n forces link[n], h(i,A) + h(i,S_n) -
 * link[n] <= 1, likewise the key with B and T's value n; so both keys'
 * values carry the one name picked. */
static void link_rows(pz_build *b, const logicgrid *g, int k, lg_clue *cl)
{
    int m = g->m;
    for (int n = 0; n < m; n++)
        cl->w[n] = pz_bin(b, "link%d[%s]", k, g->label[cl->s * m + n]);
    pz_exactly(b, cl->w, m, 1, "(P12)c%d", k);
    for (int side = 0; side < 2; side++) {
        int v = side ? cl->b : cl->a;
        for (int i = 0; i < m; i++)
            for (int n = 0; n < m && (!is_key(g, v) || i == v); n++) {
                double rhs = 0;
                int val = side ? cl->t * m + cl->perm[n] : cl->s * m + n;
                add_h(b, g, i, v, 1, &rhs);
                add_h(b, g, i, val, 1, &rhs);
                pz_term(b, cl->w[n], -1);
                LG_ROW(b, -BNB_INF, 1, rhs, "(P12)c%d%c[%s,%s]", k,
                       side ? 'b' : 'a', key_label(g, i),
                       g->label[cl->s * m + n]);
            }
    }
}

static int lg_build(void *pz, int variant, pz_build *b)
{
    logicgrid *g = pz;
    generic_rows(b, g);
    for (int k = 0; k < g->nclues; k++) {
        lg_clue *cl = &g->clue[k];
        switch (cl->kind) {
        case LG_EQ: eq_rows(b, g, k + 1, cl, variant == 0); break;
        case LG_NE: ne_rows(b, g, k + 1, cl); break;
        case LG_EITHER: either_rows(b, g, k + 1, cl); break;
        case LG_ONEOF: oneof_rows(b, g, k + 1, cl); break;
        case LG_LINK: link_rows(b, g, k + 1, cl); break;
        default: position_rows(b, g, k + 1, cl); break;
        }
    }
    return b->status;
}

/* ------------------------------------------------------------------ */
/* Solution: sol[s*m + i] = position of key i's value in set s          */
/* ------------------------------------------------------------------ */

static void *lg_decode(const void *pz, const double *x)
{
    const logicgrid *g = pz;
    int m = g->m;
    int *sol = malloc((size_t)(g->nsets * m) * sizeof *sol);
    for (int s = 0; sol && s < g->nsets; s++)
        for (int i = 0; i < m; i++)
            sol[s * m + i] = s == 0 ? i
                                    : pz_xpick(x, &g->x[(s * m + i) * m], m);
    return sol;
}

/* The key holding value v in sol, or -1. */
static int holder(const logicgrid *g, const int *sol, int v)
{
    for (int i = 0; i < g->m; i++)
        if (sol[set_of(g, v) * g->m + i] == pos_of(g, v))
            return i;
    return -1;
}

static int clue_holds(const logicgrid *g, const int *sol, const lg_clue *cl)
{
    int a = holder(g, sol, cl->a), b = holder(g, sol, cl->b), hits = 0;
    int c = cl->kind == LG_ONEOF ? holder(g, sol, cl->opt[0]) : -1;
    int d = cl->kind == LG_ONEOF ? holder(g, sol, cl->opt[1]) : -1;
    switch (cl->kind) {
    case LG_EQ: return a == b;
    case LG_NE:
    case LG_EITHER:
        for (int o = 0; o < cl->nopt; o++)
            hits += holder(g, sol, cl->opt[o]) == a;
        return cl->kind == LG_NE ? hits == 0 : hits == 1;
    case LG_ONEOF:
        return a != b && ((a == c && b == d) || (a == d && b == c));
    case LG_LEFT: return b == a + 1;
    case LG_NEXT: return b == a + 1 || a == b + 1;
    default:
        return strcasecmp(g->val[cl->s * g->m + sol[cl->s * g->m + a]],
                          g->val[cl->t * g->m + sol[cl->t * g->m + b]]) == 0;
    }
}

/* The rules: every set matched one to one with the keys, every clue
 * true of the matching (read from the clue, not from the model). */
static int lg_check(const void *pz, const void *sol, char *err,
                    size_t errlen)
{
    const logicgrid *g = pz;
    const int *p = sol;
    for (int v = g->m; v < g->nsets * g->m; v++)
        if (holder(g, p, v) < 0) {
            snprintf(err, errlen, "no key has value '%s' of set %s",
                     g->val[v], g->set[set_of(g, v)]);
            return -1;
        }
    for (int k = 0; k < g->nclues; k++)
        if (!clue_holds(g, p, &g->clue[k])) {
            snprintf(err, errlen, "clue %d (line %d: %s) is false", k + 1,
                     g->clue[k].no, g->clue[k].text);
            return -1;
        }
    return 0;
}

static void lg_render(const void *pz, const void *sol, FILE *out)
{
    const logicgrid *g = pz;
    const int *p = sol;
    for (int i = 0; i < g->m; i++)
        for (int s = 0; s < g->nsets; s++) {
            const char *v = g->val[s * g->m + p[s * g->m + i]];
            fprintf(out, strchr(v, ' ') ? "%s\"%s\"" : "%s%s", s ? " " : "",
                    v);
            if (s == g->nsets - 1)
                fputc('\n', out);
        }
}

static void lg_describe(const void *pz, char *buf, size_t len)
{
    const logicgrid *g = pz;
    snprintf(buf, len, "%d sets of %d, %d clue%s", g->nsets, g->m,
             g->nclues, g->nclues == 1 ? "" : "s");
}

/* The sets and their values, and the columns x[s,i,j] (key i has value
 * j of set s >= 1; set 0 is the key set, its entries -1). */
static void lg_picture(const void *pz, pz_json *j)
{
    const logicgrid *g = pz;
    int m = g->m, n = g->nsets * m * m;
    int *col = malloc(((size_t)n + 1) * sizeof *col);
    for (int k = 0; col && k < n; k++)
        col[k] = k < m * m ? -1 : g->x[k];
    pz_json_int(j, "sets", g->nsets);
    pz_json_int(j, "size", m);
    pz_json_strs(j, "set", g->set, g->nsets);
    pz_json_strs(j, "value", g->val, g->nsets * m);
    pz_json_ints(j, "x", col, col ? n : 0);
    free(col);
}

const pz_kind pz_kind_logicgrid = {
    .name = "logicgrid",
    .source = "Chlond 2014",
    .help = "Match equal-sized attribute sets one to one. attributes: one\n"
            "line 'set: v1 v2 ...' per set, the key set first; clues: one\n"
            "per line. \"quoted\" values may hold blanks; set.value (or\n"
            "\"set.two words\") picks a value whose name is in two sets.\n"
            "  A = B               A is B                  (P1, P6)\n"
            "  A != B C ...        A is neither B nor C    (P2, P4, P7, P9)\n"
            "  A = B | C ...       A is exactly one of     (P3, P8)\n"
            "  oneof A B : C D     of A and B, one is C, the other D\n"
            "                      (P5, P10; P13 with key values on\n"
            "                      both sides)\n"
            "  A left-of B         A's key is just before B's  (P11)\n"
            "  A right-of B        A's key is just after B's   (P11)\n"
            "  A next-to B         A's and B's keys are adjacent (P11)\n"
            "  link A S = B T      the value of set S that A has is named\n"
            "                      as the value of set T that B has (P12)\n"
            "Positions are the order of the key set's values. Rows: (G1)\n"
            "one value per key and set, (G2) one key per value; P1-P10 are\n"
            "Chlond's clue patterns in the paper's order, P11-P13 ours;\n"
            "cK is clue K. Columns set[key,value]. The default states 'B is\n"
            "C' per key (Chlond's aggregated row: --variant chlond).",
    .variants = variants,
    .keys = keys,
    .parse = lg_parse,
    .build = lg_build,
    .decode = lg_decode,
    .check = lg_check,
    .render = lg_render,
    .describe = lg_describe,
    .picture = lg_picture,
    .free = lg_free,
    .generator = &pzg_kind_logicgrid,
};
