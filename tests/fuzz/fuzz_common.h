/*
 * fuzz_common.h -- what the libFuzzer harnesses share: the input written
 * to a temporary file (the readers take paths), and a structural
 * comparison of two models for the write-and-re-read round trips. A
 * mismatch aborts, which libFuzzer reports with the input that caused it.
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bnb.h"

/* The directory of the temporary files: $TMPDIR (run.sh gives each
 * run its own, removed afterwards), else /tmp. */
static const char *fuzz_tmpdir(void)
{
    const char *d = getenv("TMPDIR");
    return d && *d ? d : "/tmp";
}

/* A temporary file of this process, with `suffix` (the readers do not
 * look at it, the CLI does), holding data; its path, or NULL. */
static const char *fuzz_file(const char *suffix, const uint8_t *data,
                             size_t size)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/bnb_fuzz_%ld%s", fuzz_tmpdir(),
             (long)getpid(), suffix);
    FILE *f = fopen(path, "wb");
    if (!f)
        return NULL;
    size_t put = fwrite(data, 1, size, f);
    if (fclose(f) != 0 || put != size)
        return NULL;
    return path;
}

/* A second temporary path, for what a writer writes. */
static const char *fuzz_out_path(const char *suffix)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/bnb_fuzz_out_%ld%s", fuzz_tmpdir(),
             (long)getpid(), suffix);
    return path;
}

static void fuzz_fail(const char *what, const char *name)
{
    fprintf(stderr, "round trip changed the model: %s (%s)\n", what, name);
    abort();
}

static void fuzz_same(double a, double b, const char *what, const char *name)
{
    if (!(a == b) && !(a != a && b != b))
        fuzz_fail(what, name);
}

static int nonzeros(const bnb_model *m, int i)
{
    int k = 0;
    for (int p = 0; p < bnb_row_len(m, i); p++)
        k += bnb_row_vals(m, i)[p] != 0;
    return k;
}

/* The index of the column (rows: 1) of b named `name`, or -1. */
static int index_of(const bnb_model *b, int rows, const char *name)
{
    int n = rows ? bnb_num_rows(b) : bnb_num_cols(b);
    for (int k = 0; k < n; k++)
        if (strcmp(rows ? bnb_row_name(b, k) : bnb_col_name(b, k), name) == 0)
            return k;
    return -1;
}

/* map[k] = the index in b of a's column (or row) k, matched by name: an
 * LP file gives its columns back in order of first appearance. Returns
 * 0 when a name is missing from b (the writer made it legal). */
static int match_names(const bnb_model *a, const bnb_model *b, int rows,
                       int *map)
{
    int n = rows ? bnb_num_rows(a) : bnb_num_cols(a);
    for (int k = 0; k < n; k++) {
        map[k] = index_of(b, rows, rows ? bnb_row_name(a, k)
                                         : bnb_col_name(a, k));
        if (map[k] < 0)
            return 0;
    }
    return 1;
}

static void same_columns(const bnb_model *a, const bnb_model *b,
                         const int *col)
{
    for (int j = 0; j < bnb_num_cols(a); j++) {
        const char *n = bnb_col_name(a, j);
        fuzz_same(bnb_col_lo(a, j), bnb_col_lo(b, col[j]), "column lower", n);
        fuzz_same(bnb_col_up(a, j), bnb_col_up(b, col[j]), "column upper", n);
        fuzz_same(bnb_col_obj(a, j), bnb_col_obj(b, col[j]), "cost", n);
        if (bnb_col_is_int(a, j) != bnb_col_is_int(b, col[j]))
            fuzz_fail("integrality", n);
    }
}

/* Row i of a against row r of b, columns through col. */
static void same_row(const bnb_model *a, int i, const bnb_model *b, int r,
                     const int *col)
{
    const char *n = bnb_row_name(a, i);
    fuzz_same(bnb_row_lo(a, i), bnb_row_lo(b, r), "row lower", n);
    fuzz_same(bnb_row_up(a, i), bnb_row_up(b, r), "row upper", n);
    /* a stored zero coefficient need not survive a file */
    if (nonzeros(a, i) != nonzeros(b, r))
        fuzz_fail("row length", n);
    for (int k = 0; k < bnb_row_len(a, i); k++) {
        int q = 0, c = col[bnb_row_cols(a, i)[k]];
        if (bnb_row_vals(a, i)[k] == 0)
            continue;
        while (q < bnb_row_len(b, r) && bnb_row_cols(b, r)[q] != c)
            q++;
        if (q == bnb_row_len(b, r))
            fuzz_fail("a coefficient lost", n);
        fuzz_same(bnb_row_vals(a, i)[k], bnb_row_vals(b, r)[q],
                  "coefficient", n);
    }
}

/* a and b: the same model, rows and columns matched by name. Returns 0
 * when a has a name b does not (made legal for the format); the caller
 * then checks that b survives a second round trip instead. */
static int fuzz_same_model(const bnb_model *a, const bnb_model *b)
{
    if (bnb_num_cols(a) != bnb_num_cols(b) ||
        bnb_num_rows(a) != bnb_num_rows(b) ||
        bnb_model_sense(a) != bnb_model_sense(b))
        fuzz_fail("size or sense", bnb_model_name(a));
    fuzz_same(bnb_obj_offset(a), bnb_obj_offset(b), "offset", "obj");
    int nc = bnb_num_cols(a), nr = bnb_num_rows(a);
    int *col = malloc(sizeof *col * (size_t)(nc + 1));
    int *row = malloc(sizeof *row * (size_t)(nr + 1));
    if (!col || !row)
        abort();
    int named = match_names(a, b, 0, col) && match_names(a, b, 1, row);
    if (named) {
        same_columns(a, b, col);
        for (int i = 0; i < nr; i++)
            same_row(a, i, b, row[i], col);
    }
    free(col);
    free(row);
    return named;
}

/* CPLEX-LP has no ranged rows and no objective constant: the writer
 * spells them with extra rows and a fixed column, so only models without
 * them come back identical from LP. */
static int lp_exact(const bnb_model *m)
{
    if (bnb_obj_offset(m) != 0)
        return 0;
    for (int i = 0; i < bnb_num_rows(m); i++) {
        double lo = bnb_row_lo(m, i), up = bnb_row_up(m, i);
        if (lo > -BNB_INF && up < BNB_INF && lo != up)
            return 0;
    }
    return 1;
}

typedef int (*fuzz_writer)(const bnb_model *, const char *, char *, size_t);
typedef bnb_model *(*fuzz_reader)(const char *, char *, size_t);

/* m written with `write` and read back with `read`; NULL when the writer
 * declines the model (it says why), abort when its file does not read. */
static bnb_model *fuzz_rewrite(const bnb_model *m, fuzz_writer write,
                               fuzz_reader read, const char *suffix)
{
    char err[512];
    const char *path = fuzz_out_path(suffix);
    if (write(m, path, err, sizeof err) != BNB_OK)
        return NULL;
    bnb_model *back = read(path, err, sizeof err);
    if (!back) {
        fprintf(stderr, "written %s does not read back: %s\n", suffix, err);
        abort();
    }
    return back;
}

/* m against its copy through the format; where names had to change, the
 * copy (whose names are legal) against its own copy. */
static void fuzz_compare_through(const bnb_model *m, fuzz_writer write,
                                 fuzz_reader read, const char *suffix)
{
    bnb_model *back = fuzz_rewrite(m, write, read, suffix);
    if (!back)
        return;
    if (!fuzz_same_model(m, back)) {
        bnb_model *again = fuzz_rewrite(back, write, read, suffix);
        if (again && !fuzz_same_model(back, again))
            fuzz_fail("legal names changed again", suffix);
        bnb_model_free(again);
    }
    bnb_model_free(back);
}

/* Writes m in both formats, re-reads each and compares. */
static void fuzz_round_trip(const bnb_model *m)
{
    if (lp_exact(m)) {
        fuzz_compare_through(m, bnb_write_lp, bnb_read_lp, ".lp");
    } else {
        bnb_model *back = fuzz_rewrite(m, bnb_write_lp, bnb_read_lp, ".lp");
        if (back && bnb_num_cols(back) < bnb_num_cols(m))
            fuzz_fail("columns lost", bnb_model_name(m));
        bnb_model_free(back);
    }
    fuzz_compare_through(m, bnb_write_mps, bnb_read_mps, ".mps");
}

/* Solves small models under tight limits: no crash, and an answer with
 * a solution must be one (bnb_solve verified it). */
#define FUZZ_MAX_SOLVE_COLS 300

static void fuzz_solve(const bnb_model *m)
{
    if (bnb_num_cols(m) > FUZZ_MAX_SOLVE_COLS)
        return;
    bnb_params p;
    bnb_params_default(&p);
    p.node_limit = 200;
    p.iter_limit = 20000;
    p.time_limit = 1;
    bnb_result r;
    if (bnb_solve(m, &p, NULL, NULL, &r) == BNB_OK)
        bnb_result_free(&r);
}

#endif
