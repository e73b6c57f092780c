/*
 * model_check.h -- helpers the model-file tests share (test_mps.c,
 * test_lpfile.c): temporary files, reading by extension, comparing two
 * models, walking a folder of files and checking a folder of broken ones.
 * Include after <cmocka.h>. Static inline: each test uses what it needs.
 */
#ifndef MODEL_CHECK_H
#define MODEL_CHECK_H

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bnb.h"

#define BENCH_DIR "bench"   /* relative to the repo root */

/* A fresh temporary file name (the file exists, empty). */
static inline void temp_path(char *path, size_t len)
{
    snprintf(path, len, "/tmp/bnb_test_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
}

static inline int has_ext(const char *path, const char *ext)
{
    size_t n = strlen(path), e = strlen(ext);
    return n > e && strcmp(path + n - e, ext) == 0;
}

static inline bnb_model *read_as(const char *path, int lp)
{
    char err[512] = "";
    bnb_model *m = lp ? bnb_read_lp(path, err, sizeof err)
                      : bnb_read_mps(path, err, sizeof err);
    if (!m)
        fail_msg("%s", err);
    return m;
}

/* By the extension: .lp is CPLEX-LP, anything else MPS. */
static inline bnb_model *read_model(const char *path)
{
    return read_as(path, has_ext(path, ".lp"));
}

/* The same value, infinities included. */
static inline void assert_same(double a, double b, const char *what,
                               const char *name)
{
    if (!(a == b))
        fail_msg("%s of %s: %.17g != %.17g", what, name, a, b);
}

/* Row i of a against row k of b: the same coefficients on the columns
 * colmap[] maps a's columns to (order free; a row has no repeats). */
static inline void assert_same_coefs(const bnb_model *a, int i,
                                     const bnb_model *b, int k,
                                     const int *colmap)
{
    const char *name = bnb_row_name(a, i);
    assert_int_equal(bnb_row_len(a, i), bnb_row_len(b, k));
    for (int p = 0; p < bnb_row_len(a, i); p++) {
        int want = colmap[bnb_row_cols(a, i)[p]], q = 0;
        while (q < bnb_row_len(b, k) && bnb_row_cols(b, k)[q] != want)
            q++;
        if (q == bnb_row_len(b, k))
            fail_msg("row %s lost a coefficient", name);
        assert_same(bnb_row_vals(a, i)[p], bnb_row_vals(b, k)[q],
                    "coefficient", name);
    }
}

static inline void assert_same_col(const bnb_model *a, int j,
                                   const bnb_model *b, int k)
{
    const char *name = bnb_col_name(a, j);
    assert_same(bnb_col_lo(a, j), bnb_col_lo(b, k), "lower bound", name);
    assert_same(bnb_col_up(a, j), bnb_col_up(b, k), "upper bound", name);
    assert_same(bnb_col_obj(a, j), bnb_col_obj(b, k), "cost", name);
    assert_int_equal(bnb_col_is_int(a, j), bnb_col_is_int(b, k));
}

/* a and b are the same model with columns and rows in the same order;
 * names compared when same_names. */
static inline void assert_same_model(const bnb_model *a, const bnb_model *b,
                                     int same_names)
{
    int n = bnb_num_cols(a), m = bnb_num_rows(a);
    assert_int_equal(bnb_model_sense(a), bnb_model_sense(b));
    assert_same(bnb_obj_offset(a), bnb_obj_offset(b), "offset", "objective");
    assert_int_equal(n, bnb_num_cols(b));
    assert_int_equal(m, bnb_num_rows(b));
    assert_int_equal(bnb_num_nonzeros(a), bnb_num_nonzeros(b));
    int *id = malloc(((size_t)n + 1) * sizeof *id);
    for (int j = 0; j < n; j++) {
        id[j] = j;
        assert_same_col(a, j, b, j);
        if (same_names)
            assert_string_equal(bnb_col_name(a, j), bnb_col_name(b, j));
    }
    for (int i = 0; i < m; i++) {
        assert_same(bnb_row_lo(a, i), bnb_row_lo(b, i), "row lower",
                    bnb_row_name(a, i));
        assert_same(bnb_row_up(a, i), bnb_row_up(b, i), "row upper",
                    bnb_row_name(a, i));
        assert_same_coefs(a, i, b, i, id);
        if (same_names)
            assert_string_equal(bnb_row_name(a, i), bnb_row_name(b, i));
    }
    if (same_names)
        assert_string_equal(bnb_obj_name(a), bnb_obj_name(b));
    free(id);
}

/* Calls fn(path) for each file in dir ending in ext, in name order;
 * returns how many, or -1 when dir is absent. */
static inline int for_each_file(const char *dir, const char *ext,
                                void (*fn)(const char *path))
{
    struct dirent **list;
    int n = scandir(dir, &list, NULL, alphasort), count = 0;
    if (n < 0)
        return -1;
    for (int k = 0; k < n; k++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, list[k]->d_name);
        if (has_ext(path, ext)) {
            fn(path);
            count++;
        }
        free(list[k]);
    }
    free(list);
    return count;
}

/* fn on every public MIPLIB and netlib model; fails when bench/ is
 * missing (it is part of the repository). */
static inline void for_each_bench_model(void (*fn)(const char *path))
{
    int n = for_each_file(BENCH_DIR "/miplib", ".mps", fn);
    int k = for_each_file(BENCH_DIR "/netlib", ".mps", fn);
    if (n < 0 || k < 0) {
        fail_msg("%s is missing (run from the repo root)", BENCH_DIR);
    }
    printf("      %d MIPLIB and %d netlib models round-tripped\n", n, k);
}

typedef bnb_model *(*model_reader)(const char *, char *, size_t);

/* dir/expected.txt has lines "file|line|fragment": reading dir/file must
 * fail with "dir/file:line:" and the fragment in the message. Every file
 * of dir with ext must be listed. Returns how many were checked. */
static inline int check_bad_files(const char *dir, const char *ext,
                                  model_reader reader)
{
    char list[1024], line[512];
    snprintf(list, sizeof list, "%s/expected.txt", dir);
    FILE *f = fopen(list, "r");
    assert_non_null(f);
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        char *file = strtok(line, "|"), *at = strtok(NULL, "|"),
             *frag = strtok(NULL, "\n");
        if (!file || file[0] == '#' || !at || !frag)
            continue;
        char path[1024], prefix[1100], err[1024] = "";
        snprintf(path, sizeof path, "%s/%s", dir, file);
        snprintf(prefix, sizeof prefix, "%s:%s:", path, at);
        bnb_model *m = reader(path, err, sizeof err);
        if (m)
            fail_msg("%s was read without an error", path);
        if (strncmp(err, prefix, strlen(prefix)) != 0 || !strstr(err, frag))
            fail_msg("%s: got \"%s\", want \"%s ... %s\"", path, err, prefix,
                     frag);
        checked++;
    }
    fclose(f);
    struct dirent **names;
    int n = scandir(dir, &names, NULL, alphasort), files = 0;
    for (int k = 0; k < n; k++) {
        files += has_ext(names[k]->d_name, ext);
        free(names[k]);
    }
    free(names);
    assert_int_equal(files, checked);
    return checked;
}

#endif
