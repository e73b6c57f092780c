/*
 * test_pz_example.c -- the worked example of docs/ADDING_A_KIND.md "Adding a puzzle
 * kind": Sudoku 4x4 written as a kind, step by step, and driven through
 * the same steps pz_load() takes for a registered kind (read the file,
 * parse, build, solve, decode, check, render). It is not in the registry:
 * a real kind is this file's kind part as puzzles/<kind>.c, one line in
 * PZ_KINDS, a checker tests/checkers/check_<kind>.c and data files.
 *
 *   puzzle: sudoku4
 *   grid:            # '.' empty, 1-4 given; boxes of 2x2
 *   1...
 *   ..2.
 *   4...
 *   ..1.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pz_kind.h"

/* ---- Step 1: the kind's own struct and its keys ------------------- */

typedef struct sudoku4 {
    int given[16];         /* 0 empty, else 1..4                         */
    pz_cellmap x;          /* x[r,c,v]: cell (r,c) holds v               */
} sudoku4;

static const pz_key su_keys[] = {
    {"grid", PZ_KEY_SECTION | PZ_KEY_REQUIRED},
    {NULL, 0},
};

static void su_free(void *pz)
{
    sudoku4 *s = pz;
    pz_cellmap_free(&s->x);
    free(s);
}

/* ---- Step 2: parse (the reader checks the grid's shape; the kind its
 * cells, with file:line:col messages through pz_grid_error) ---------- */

static void *su_parse(pz_file *f)
{
    sudoku4 *s = calloc(1, sizeof *s);
    pz_grid g;
    if (!s || pz_grid_read(f, "grid", 4, 4, &g) < 0) {
        free(s);
        return NULL;
    }
    int rc = 0;
    for (int k = 0; rc == 0 && k < 16; k++) {
        const char *v = pz_grid_at(&g, k / 4, k % 4);
        if (strlen(v) != 1 || !strchr(".1234", v[0]))
            rc = pz_grid_error(f, &g, k / 4, k % 4, "a cell is '.' or 1-4, "
                               "got '%s'", v);
        s->given[k] = v[0] == '.' ? 0 : v[0] - '0';
    }
    pz_grid_free(&g);
    if (rc == 0 && pz_cellmap_init(&s->x, 4, 4, 4) < 0)
        rc = pz_error(f, 1, 0, "out of memory");
    if (rc < 0) {
        su_free(s);
        return NULL;
    }
    return s;
}

/* ---- Step 3: build the model: named columns and rows, numbered as the
 * formulation's equations; the builder's status is sticky ------------ */

static int su_x(const sudoku4 *s, int r, int c, int v)
{
    return pz_cellmap_at(&s->x, r, c, v - 1);
}

static int su_build(void *pz, int variant, pz_build *b)
{
    sudoku4 *s = pz;
    (void)variant;
    if (pz_cellmap_bins(b, &s->x, "x", 1, NULL) < 0)   /* x[r,c,v] */
        return b->status;
    for (int k = 0; k < 16; k++) {                      /* (1) one value */
        for (int v = 1; v <= 4; v++)
            pz_term(b, su_x(s, k / 4, k % 4, v), 1);
        pz_row(b, 1, 1, "(1)cell[%d,%d]", k / 4 + 1, k % 4 + 1);
    }
    for (int i = 0; i < 4; i++)
        for (int v = 1; v <= 4; v++) {
            for (int j = 0; j < 4; j++)                 /* (2) row i    */
                pz_term(b, su_x(s, i, j, v), 1);
            pz_row(b, 1, 1, "(2)row[%d,%d]", i + 1, v);
            for (int j = 0; j < 4; j++)                 /* (3) column i */
                pz_term(b, su_x(s, j, i, v), 1);
            pz_row(b, 1, 1, "(3)col[%d,%d]", i + 1, v);
            for (int j = 0; j < 4; j++)                 /* (4) box i    */
                pz_term(b, su_x(s, i / 2 * 2 + j / 2, i % 2 * 2 + j % 2, v),
                        1);
            pz_row(b, 1, 1, "(4)box[%d,%d]", i + 1, v);
        }
    for (int k = 0; k < 16; k++)                        /* (5) givens   */
        if (s->given[k]) {
            pz_term(b, su_x(s, k / 4, k % 4, s->given[k]), 1);
            pz_row(b, 1, 1, "(5)given[%d,%d]", k / 4 + 1, k % 4 + 1);
        }
    return b->status;
}

/* ---- Step 4: decode, check by the puzzle's rules (never the model's
 * rows), render the solution block, describe ------------------------ */

static void *su_decode(const void *pz, const double *x)
{
    const sudoku4 *s = pz;
    int *v = malloc(16 * sizeof *v);
    for (int k = 0; v && k < 16; k++) {
        int cols[4];
        for (int d = 0; d < 4; d++)
            cols[d] = su_x(s, k / 4, k % 4, d + 1);
        v[k] = pz_xpick(x, cols, 4) + 1;
    }
    return v;
}

static int su_check(const void *pz, const void *sol, char *err,
                    size_t errlen)
{
    const sudoku4 *s = pz;
    const int *v = sol;
    for (int k = 0; k < 16; k++) {
        if (s->given[k] && v[k] != s->given[k]) {
            snprintf(err, errlen, "cell %d,%d is given %d", k / 4 + 1,
                     k % 4 + 1, s->given[k]);
            return -1;
        }
        for (int o = 0; o < 16; o++) {
            int row = o / 4 == k / 4, col = o % 4 == k % 4;
            int box = o / 8 == k / 8 && o % 4 / 2 == k % 4 / 2;
            if (o != k && v[o] == v[k] && (row || col || box)) {
                snprintf(err, errlen, "%d twice, at %d,%d and %d,%d", v[k],
                         k / 4 + 1, k % 4 + 1, o / 4 + 1, o % 4 + 1);
                return -1;
            }
        }
    }
    return 0;
}

static void su_render(const void *pz, const void *sol, FILE *out)
{
    const int *v = sol;
    (void)pz;
    for (int k = 0; k < 16; k++)
        fprintf(out, "%d%s", v[k], k % 4 == 3 ? "\n" : "");
}

static void su_describe(const void *pz, char *buf, size_t len)
{
    const sudoku4 *s = pz;
    int n = 0;
    for (int k = 0; k < 16; k++)
        n += s->given[k] != 0;
    snprintf(buf, len, "4x4, %d givens", n);
}

/* ---- Step 5: the descriptor (in puzzles/<kind>.c it is exported as
 * `const pz_kind pz_kind_sudoku4` and listed in PZ_KINDS) ------------- */

static const pz_kind example_kind = {
    .name = "sudoku4",
    .source = "docs/ADDING_A_KIND.md",
    .help = "Fill the 4x4 grid with 1-4, once per row, column and 2x2 box.",
    .variants = NULL,
    .keys = su_keys,
    .parse = su_parse,
    .build = su_build,
    .decode = su_decode,
    .check = su_check,
    .render = su_render,
    .describe = su_describe,
    .free = su_free,
};

/* ---- The steps pz_load() and pz_print_solution() take --------------- */

static char path[64], err[512];

static void write_file(const char *text)
{
    strcpy(path, "/tmp/pz_example_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
}

/* Reads and parses the file as the example kind; NULL with err set. */
static void *load(const char *text)
{
    write_file(text);
    pz_file *f = pz_file_open(path, err, sizeof err);
    unlink(path);
    assert_non_null(f);
    assert_string_equal(pz_file_kind(f), "sudoku4");
    void *pz = pz_file_parse(f, example_kind.name, example_kind.keys) == 0
                   ? example_kind.parse(f) : NULL;
    pz_file_free(f);
    return pz;
}

static void test_solve(void **state)
{
    (void)state;
    void *pz = load("puzzle: sudoku4\ngrid:\n1...\n..2.\n4...\n..1.\n");
    assert_non_null(pz);
    bnb_model *m = bnb_model_new("sudoku4");
    pz_build b;
    pz_build_init(&b, m, NULL);
    assert_int_equal(example_kind.build(pz, 0, &b), BNB_OK);
    pz_build_free(&b);
    assert_int_equal(bnb_num_cols(m), 64);
    assert_int_equal(bnb_num_rows(m), 16 + 48 + 4);

    bnb_result res;
    assert_int_equal(bnb_solve(m, NULL, NULL, NULL, &res), BNB_OK);
    assert_int_equal(res.status, BNB_OPTIMAL);
    void *sol = example_kind.decode(pz, res.x);
    char why[128] = "", block[64] = "";
    assert_int_equal(example_kind.check(pz, sol, why, sizeof why), 0);
    FILE *out = fmemopen(block, sizeof block, "w");
    example_kind.render(pz, sol, out);
    fclose(out);
    assert_string_equal(block, "1243\n3421\n4132\n2314\n");  /* unique */
    example_kind.describe(pz, why, sizeof why);
    assert_string_equal(why, "4x4, 4 givens");

    int *v = sol;           /* the rules check is the puzzle's own */
    v[1] = 1;
    assert_int_equal(example_kind.check(pz, sol, why, sizeof why), -1);
    assert_string_equal(why, "1 twice, at 1,1 and 1,2");
    free(sol);
    bnb_result_free(&res);
    bnb_model_free(m);
    example_kind.free(pz);
}

static void test_bad_file(void **state)
{
    (void)state;
    assert_null(load("puzzle: sudoku4\ngrid:\n1...\n..5.\n.3..\n...4\n"));
    assert_non_null(strstr(err, ":4:3: a cell is '.' or 1-4, got '5'"));
    assert_null(load("puzzle: sudoku4\ngrid:\n1...\n..2.\n"));
    assert_non_null(strstr(err, "grid has 2 rows, expected 4"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solve),
        cmocka_unit_test(test_bad_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
