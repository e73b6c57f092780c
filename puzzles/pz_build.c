/*
 * pz_build.c -- model-building helpers of the puzzle layer: columns and
 * rows named by printf formats, a sticky error status so kinds need no
 * error checks per call, and grid cell -> column maps.
 */
#include "pz_build.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* Most names fit here; a longer one is formatted again on the heap, so
 * a name is never cut (a value name of a logic grid may be long). */
#define PZ_NAME_BUF 128

/* Columns and rows between two looks at the clock (a system call; an
 * item takes well under a microsecond); the interrupt flag is read at
 * every one. */
#define PZ_STOP_EVERY 4096

void pz_build_init(pz_build *b, bnb_model *m, bnb_stop *stop)
{
    *b = (pz_build){m, BNB_OK, 0, 0, NULL, NULL, stop, 0};
}

void pz_build_free(pz_build *b)
{
    free(b->cols);
    free(b->vals);
    b->cols = NULL;
    b->vals = NULL;
    b->len = b->cap = 0;
}

/* Records a negative BNB_ERR_* result; returns idx (or -1). A column
 * or row added counts towards the next look at b->stop. */
static int note(pz_build *b, int idx)
{
    int look = b->stop && ((b->stop->interrupt && *b->stop->interrupt) ||
                           ++b->items % PZ_STOP_EVERY == 0);
    if (idx >= 0 && look && bnb_stop_now(b->stop))
        idx = BNB_ERR_STOPPED;
    if (idx < 0) {
        if (b->status == BNB_OK)
            b->status = idx;
        return -1;
    }
    return idx;
}

/* printf(fmt, ap) into buf[PZ_NAME_BUF], or into *heap when longer
 * (freed by the caller); NULL when out of memory. */
static const char *format_name(char *buf, char **heap, const char *fmt,
                               va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(buf, PZ_NAME_BUF, fmt, ap);
    *heap = NULL;
    if (n >= PZ_NAME_BUF && (*heap = malloc((size_t)n + 1)))
        vsnprintf(*heap, (size_t)n + 1, fmt, again);
    va_end(again);
    return n < 0 ? NULL : n < PZ_NAME_BUF ? buf : *heap;
}

static int add_col(pz_build *b, double lo, double up, int is_int,
                   const char *fmt, va_list ap)
{
    char buf[PZ_NAME_BUF], *heap;
    if (b->status != BNB_OK)
        return -1;
    const char *name = format_name(buf, &heap, fmt, ap);
    int j = name ? bnb_add_col(b->m, name, lo, up, 0.0, is_int)
                 : BNB_ERR_NOMEM;
    free(heap);
    return note(b, j);
}

int pz_col(pz_build *b, double lo, double up, int is_int, const char *fmt,
           ...)
{
    va_list ap;
    va_start(ap, fmt);
    int j = add_col(b, lo, up, is_int, fmt, ap);
    va_end(ap);
    return j;
}

int pz_bin(pz_build *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int j = add_col(b, 0.0, 1.0, 1, fmt, ap);
    va_end(ap);
    return j;
}

void pz_term(pz_build *b, int col, double val)
{
    if (b->status != BNB_OK || col < 0 || val == 0.0)
        return;
    if (b->len == b->cap) {
        int cap = b->cap ? 2 * b->cap : 64;
        int *c = realloc(b->cols, (size_t)cap * sizeof *c);
        if (c)
            b->cols = c;
        double *v = realloc(b->vals, (size_t)cap * sizeof *v);
        if (v)
            b->vals = v;
        if (!c || !v) {
            note(b, BNB_ERR_NOMEM);
            return;
        }
        b->cap = cap;
    }
    b->cols[b->len] = col;
    b->vals[b->len++] = val;
}

static int add_row(pz_build *b, double lo, double up, const char *fmt,
                   va_list ap)
{
    char buf[PZ_NAME_BUF], *heap;
    int len = b->len;
    b->len = 0;
    if (b->status != BNB_OK)
        return -1;
    const char *name = format_name(buf, &heap, fmt, ap);
    int i = name ? bnb_add_row(b->m, name, len, b->cols, b->vals, lo, up)
                 : BNB_ERR_NOMEM;
    free(heap);
    return note(b, i);
}

int pz_row(pz_build *b, double lo, double up, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int i = add_row(b, lo, up, fmt, ap);
    va_end(ap);
    return i;
}

int pz_exactly(pz_build *b, const int *cols, int n, double k,
               const char *fmt, ...)
{
    for (int i = 0; i < n; i++)
        pz_term(b, cols[i], 1.0);
    va_list ap;
    va_start(ap, fmt);
    int r = add_row(b, k, k, fmt, ap);
    va_end(ap);
    return r;
}

int pz_atmost(pz_build *b, const int *cols, int n, double k,
              const char *fmt, ...)
{
    for (int i = 0; i < n; i++)
        pz_term(b, cols[i], 1.0);
    va_list ap;
    va_start(ap, fmt);
    int r = add_row(b, -BNB_INF, k, fmt, ap);
    va_end(ap);
    return r;
}

int pz_cellmap_init(pz_cellmap *cm, int rows, int cols, int depth)
{
    size_t n = (size_t)rows * (size_t)cols * (size_t)depth;
    cm->rows = rows;
    cm->cols = cols;
    cm->depth = depth;
    cm->col = malloc((n ? n : 1) * sizeof *cm->col);
    if (!cm->col)
        return -1;
    for (size_t i = 0; i < n; i++)
        cm->col[i] = -1;
    return 0;
}

void pz_cellmap_free(pz_cellmap *cm)
{
    free(cm->col);
    cm->col = NULL;
}

int pz_cellmap_at(const pz_cellmap *cm, int r, int c, int k)
{
    return cm->col[((size_t)r * (size_t)cm->cols + (size_t)c) *
                       (size_t)cm->depth + (size_t)k];
}

int pz_cellmap_bins(pz_build *b, pz_cellmap *cm, const char *base,
                    int kbase, const unsigned char *use)
{
    for (int r = 0; r < cm->rows; r++)
        for (int c = 0; c < cm->cols; c++) {
            if (use && !use[r * cm->cols + c])
                continue;
            for (int k = 0; k < cm->depth; k++) {
                size_t at = ((size_t)r * (size_t)cm->cols + (size_t)c) *
                                (size_t)cm->depth + (size_t)k;
                cm->col[at] = cm->depth == 1
                                  ? pz_bin(b, "%s[%d,%d]", base, r + 1, c + 1)
                                  : pz_bin(b, "%s[%d,%d,%d]", base, r + 1,
                                           c + 1, k + kbase);
            }
        }
    return b->status == BNB_OK ? 0 : -1;
}

const char *pz_label(const char *sym, int index, char *buf, size_t n)
{
    size_t len = 0;
    for (; sym[len]; len++)
        if (!isalnum((unsigned char)sym[len]) && sym[len] != '_')
            break;
    if (sym[len] == '\0' && len <= PZ_LABEL_MAX)
        return sym;
    snprintf(buf, n, "%d", index + 1);
    return buf;
}

int pz_x01(const double *x, int col)
{
    return col >= 0 && x[col] > 0.5;
}

int pz_xpick(const double *x, const int *cols, int n)
{
    int best = n > 0 ? 0 : -1;
    for (int i = 1; i < n; i++)
        if (x[cols[i]] > x[cols[best]])
            best = i;
    return best;
}

/* Grows an int array to cap entries; the new ones set to fill. */
static int grow(int **v, int old, int cap, int fill)
{
    int *more = realloc(*v, (size_t)cap * sizeof *more);
    if (!more)
        return -1;
    for (int i = old; i < cap; i++)
        more[i] = fill;
    *v = more;
    return 0;
}

/* Room for cell in the per-cell chains. */
static int cover_cell(pz_arcs *a, int cell)
{
    if (cell < a->ncells)
        return 0;
    int cap = a->ncells ? 2 * a->ncells : 64;
    while (cap <= cell)
        cap *= 2;
    if (grow(&a->first_out, a->ncells, cap, -1) < 0 ||
        grow(&a->last_out, a->ncells, cap, -1) < 0 ||
        grow(&a->first_in, a->ncells, cap, -1) < 0 ||
        grow(&a->last_in, a->ncells, cap, -1) < 0)
        return -1;
    a->ncells = cap;
    return 0;
}

/* Appends arc k to a cell's chain (first, last, next). */
static void chain(int *first, int *last, int *next, int cell, int k)
{
    next[k] = -1;
    if (last[cell] < 0)
        first[cell] = k;
    else
        next[last[cell]] = k;
    last[cell] = k;
}

int pz_arcs_add(pz_arcs *a, int from, int to)
{
    if (a->n == a->cap) {
        int cap = a->cap ? 2 * a->cap : 64;
        if (grow(&a->from, a->cap, cap, 0) < 0 ||
            grow(&a->to, a->cap, cap, 0) < 0 ||
            grow(&a->next_out, a->cap, cap, -1) < 0 ||
            grow(&a->next_in, a->cap, cap, -1) < 0)
            return -1;
        a->cap = cap;
    }
    if (cover_cell(a, from > to ? from : to) < 0)
        return -1;
    int k = a->n++;
    a->from[k] = from;
    a->to[k] = to;
    chain(a->first_out, a->last_out, a->next_out, from, k);
    chain(a->first_in, a->last_in, a->next_in, to, k);
    return k;
}

void pz_arcs_free(pz_arcs *a)
{
    free(a->from);
    free(a->to);
    free(a->next_out);
    free(a->next_in);
    free(a->first_out);
    free(a->last_out);
    free(a->first_in);
    free(a->last_in);
    *a = (pz_arcs){0};
}

void pz_arc_terms(pz_build *b, const pz_arcs *a, const int *col, int stride,
                  int cell, int into, double coef)
{
    if (cell < 0 || cell >= a->ncells)
        return;
    const int *next = into ? a->next_in : a->next_out;
    for (int k = into ? a->first_in[cell] : a->first_out[cell]; k >= 0;
         k = next[k])
        pz_term(b, col[(size_t)k * (size_t)stride], coef);
}

int pz_arc_cols(pz_build *b, const pz_arcs *a, int cols, double lo,
                double up, int is_int, const char *base, int *col)
{
    for (int k = 0; k < a->n; k++)
        col[k] = pz_col(b, lo, up, is_int, "%s[%d,%d,%d,%d]", base,
                        a->from[k] / cols + 1, a->from[k] % cols + 1,
                        a->to[k] / cols + 1, a->to[k] % cols + 1);
    return b->status == BNB_OK ? 0 : -1;
}
