/*
 * pz_build.h -- helpers every kind uses to build its model: named columns
 * (`x[3,4]`, 1-based as in the files), rows assembled term by term and
 * named with the paper's equation number (`(1)row[3]`), cell maps, and
 * reading 0/1 and one-hot values back from a solution.
 */
#ifndef PZ_BUILD_H
#define PZ_BUILD_H

#include <stddef.h>

#include "bnb.h"

/* A builder with a sticky status: after the first failure every call is
 * a no-op, so a kind's build is straight-line code that returns
 * b->status at the end. */
typedef struct pz_build {
    bnb_model *m;
    int status;            /* BNB_OK or the first BNB_ERR_* met         */
    int len, cap;          /* the row being assembled                   */
    int *cols;             /* [cap]                                     */
    double *vals;          /* [cap]                                     */
    bnb_stop *stop;        /* looked at every PZ_STOP_EVERY items, NULL:
                              never; stopping is BNB_ERR_STOPPED        */
    unsigned items;        /* columns and rows added                    */
} pz_build;

/* stop may be NULL. */
void pz_build_init(pz_build *b, bnb_model *m, bnb_stop *stop);
void pz_build_free(pz_build *b);   /* frees the scratch row, not m    */

/* A column named by printf(fmt, ...); returns its index or -1. */
int pz_col(pz_build *b, double lo, double up, int is_int, const char *fmt,
           ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* A binary column. */
int pz_bin(pz_build *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Adds val * x[col] to the row being assembled (col < 0 is ignored:
 * it can only come from a failure already recorded). */
void pz_term(pz_build *b, int col, double val);
/* Adds the row lo <= sum <= up (use -BNB_INF / BNB_INF for one side)
 * named by printf(fmt, ...), and starts a new one. Returns its index or
 * -1. */
int pz_row(pz_build *b, double lo, double up, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* sum of x[cols[0..n-1]]: == k (pz_exactly) or <= k (pz_atmost). */
int pz_exactly(pz_build *b, const int *cols, int n, double k,
               const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
int pz_atmost(pz_build *b, const int *cols, int n, double k,
              const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Column index of (r, c, k) of a grid, 0-based, -1 where there is none
 * (a black cell). depth is the third dimension (1 for x[r,c]). */
typedef struct pz_cellmap {
    int rows, cols, depth;
    int *col;              /* [rows*cols*depth]                         */
} pz_cellmap;

int pz_cellmap_init(pz_cellmap *cm, int rows, int cols, int depth);
void pz_cellmap_free(pz_cellmap *cm);
int pz_cellmap_at(const pz_cellmap *cm, int r, int c, int k);
/* Creates binary columns for every cell with use[r*cols+c] != 0 (use
 * NULL: every cell), named `base[r,c]` (depth 1) or `base[r,c,k+kbase]`
 * with 1-based r, c. Returns 0 or -1 (b->status set). */
int pz_cellmap_bins(pz_build *b, pz_cellmap *cm, const char *base,
                    int kbase, const unsigned char *use);

/* A symbol of the file (a region, a cage) as it goes into names: itself
 * when it is a plain word (letters, digits, '_') of at most
 * PZ_LABEL_MAX characters, else its 1-based number index + 1 written
 * into buf, so names stay valid in LP and MPS files (255 characters). */
#define PZ_LABEL_MAX 32
const char *pz_label(const char *sym, int index, char *buf, size_t n);

/* Decoding a solution: x[col] rounded to 0/1 (> 0.5), and the index of
 * the largest of x[cols[0..n-1]] (for one-hot families; -1 if n == 0). */
int pz_x01(const double *x, int col);
int pz_xpick(const double *x, const int *cols, int n);

/* Directed arcs between the cells of a grid (cell = r * cols + c), for
 * the flow and path models (Flow Free, Slider, knight moves). Arcs are
 * kept in the order added, and each cell's arcs out and in are chained in
 * that order too, so the term helper visits only the cell's arcs (a
 * model's build stays linear in the arcs). Zero-initialise. */
typedef struct pz_arcs {
    int n, cap;
    int *from, *to;        /* [n] cells                                 */
    int *next_out, *next_in; /* [n] the cell's next arc out / in, or -1  */
    int ncells;
    int *first_out, *last_out, *first_in, *last_in; /* [ncells], or -1  */
} pz_arcs;

/* Appends the arc from -> to; returns its index or -1 (out of memory). */
int pz_arcs_add(pz_arcs *a, int from, int to);
void pz_arcs_free(pz_arcs *a);
/* Adds coef * x[col[k * stride]] for every arc k out of cell (into == 0)
 * or into cell (into != 0) to the row being assembled. */
void pz_arc_terms(pz_build *b, const pz_arcs *a, const int *col, int stride,
                  int cell, int into, double coef);
/* One column per arc, col[k] for arc k, named base[i,j,k,l] (1-based,
 * from (i,j) to (k,l) of a grid with cols columns). Returns 0 or -1. */
int pz_arc_cols(pz_build *b, const pz_arcs *a, int cols, double lo,
                double up, int is_int, const char *base, int *col);

#endif
