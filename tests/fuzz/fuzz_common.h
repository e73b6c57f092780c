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

/* A temporary file of this process, with `suffix` (the readers do not
 * look at it, the CLI does), holding data; its path, or NULL. */
static const char *fuzz_file(const char *suffix, const uint8_t *data,
                             size_t size)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/bnb_fuzz_%ld%s", (long)getpid(),
             suffix);
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
    static char path[64];
    snprintf(path, sizeof path, "/tmp/bnb_fuzz_out_%ld%s", (long)getpid(),
             suffix);
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

/* a and b: the same model, columns and rows in the same order (names may
 * have been made legal for the format). */
static void fuzz_same_model(const bnb_model *a, const bnb_model *b)
{
    if (bnb_num_cols(a) != bnb_num_cols(b) ||
        bnb_num_rows(a) != bnb_num_rows(b) ||
        bnb_model_sense(a) != bnb_model_sense(b))
        fuzz_fail("size or sense", bnb_model_name(a));
    fuzz_same(bnb_obj_offset(a), bnb_obj_offset(b), "offset", "obj");
    for (int j = 0; j < bnb_num_cols(a); j++) {
        const char *n = bnb_col_name(a, j);
        fuzz_same(bnb_col_lo(a, j), bnb_col_lo(b, j), "column lower", n);
        fuzz_same(bnb_col_up(a, j), bnb_col_up(b, j), "column upper", n);
        fuzz_same(bnb_col_obj(a, j), bnb_col_obj(b, j), "cost", n);
        if (bnb_col_is_int(a, j) != bnb_col_is_int(b, j))
            fuzz_fail("integrality", n);
    }
    for (int i = 0; i < bnb_num_rows(a); i++) {
        const char *n = bnb_row_name(a, i);
        fuzz_same(bnb_row_lo(a, i), bnb_row_lo(b, i), "row lower", n);
        fuzz_same(bnb_row_up(a, i), bnb_row_up(b, i), "row upper", n);
        /* a stored zero coefficient need not survive a file */
        if (nonzeros(a, i) != nonzeros(b, i))
            fuzz_fail("row length", n);
        for (int k = 0; k < bnb_row_len(a, i); k++) {
            int q = 0, col = bnb_row_cols(a, i)[k];
            if (bnb_row_vals(a, i)[k] == 0)
                continue;
            while (q < bnb_row_len(b, i) && bnb_row_cols(b, i)[q] != col)
                q++;
            if (q == bnb_row_len(b, i))
                fuzz_fail("a coefficient lost", n);
            fuzz_same(bnb_row_vals(a, i)[k], bnb_row_vals(b, i)[q],
                      "coefficient", n);
        }
    }
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

/* Writes m in both formats, re-reads each and compares. */
static void fuzz_round_trip(const bnb_model *m)
{
    char err[512];
    const char *lp = fuzz_out_path(".lp");
    if (bnb_write_lp(m, lp, err, sizeof err) == BNB_OK) {
        bnb_model *back = bnb_read_lp(lp, err, sizeof err);
        if (!back) {
            fprintf(stderr, "written LP does not read back: %s\n", err);
            abort();
        }
        if (lp_exact(m))
            fuzz_same_model(m, back);
        else if (bnb_num_cols(back) < bnb_num_cols(m))
            fuzz_fail("columns lost", bnb_model_name(m));
        bnb_model_free(back);
    }
    const char *mps = fuzz_out_path(".mps");
    if (bnb_write_mps(m, mps, err, sizeof err) == BNB_OK) {
        bnb_model *back = bnb_read_mps(mps, err, sizeof err);
        if (!back) {
            fprintf(stderr, "written MPS does not read back: %s\n", err);
            abort();
        }
        fuzz_same_model(m, back);
        bnb_model_free(back);
    }
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
