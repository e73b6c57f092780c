/*
 * test_pz_reader.c -- the shared puzzle-file reader: headers, sections,
 * both grid forms, numbers, error positions and limits; and the seam of
 * pz.h on Star Battle (model size, a known solution fed back through the
 * rows and through the rules check).
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

#include "pz.h"
#include "pz_kind.h"

static char path[64];
static char err[512];

/* Writes len bytes of text to a fresh temporary file (path). */
static void write_file(const char *text, size_t len)
{
    strcpy(path, "/tmp/pz_reader_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, len), (ssize_t)len);
    close(fd);
}

static pz_puzzle *load(const char *text)
{
    write_file(text, strlen(text));
    err[0] = '\0';
    pz_puzzle *p = pz_load(path, NULL, err, sizeof err);
    unlink(path);
    return p;
}

/* Loading must fail with message fragment frag, after "path:". */
static void expect_error(const char *text, const char *frag)
{
    pz_puzzle *p = load(text);
    if (p || !strstr(err, frag) || strncmp(err, path, strlen(path)) != 0)
        fail_msg("for <<%s>>\n expected '%s'\n got '%s'", text, frag, err);
    pz_free(p);
}

static const char sb5[] = "puzzle: starbattle\n"
                          "size: 5\n"
                          "regions:\n"
                          "AABBB\nAABCB\nDDCCB\nDDECC\nDEECC\n";

static void test_starbattle_model(void **state)
{
    (void)state;
    pz_puzzle *p = load(sb5);
    assert_non_null(p);
    const bnb_model *m = pz_model(p);
    /* 25 x, 5 + 5 + 5 equality rows, 16 squares */
    assert_int_equal(bnb_num_cols(m), 25);
    assert_int_equal(bnb_num_rows(m), 31);
    assert_int_equal(bnb_num_nonzeros(m), 25 * 3 + 16 * 4);
    assert_int_equal(bnb_find_col(m, "x[3,4]"), 2 * 5 + 3);
    assert_true(bnb_find_row(m, "(1)row[3]") >= 0);
    assert_true(bnb_find_row(m, "(3)region[E]") >= 0);
    assert_true(bnb_find_row(m, "(4)square[4,4]") >= 0);
    assert_string_equal(pz_describe(p), "starbattle, 5x5, 1 star");
    pz_free(p);
}

/* The known solution satisfies every row, prints, and a broken one is
 * refused by the rules check. */
static void test_starbattle_solution(void **state)
{
    (void)state;
    static const int star_col[5] = {4, 1, 3, 0, 2};
    pz_puzzle *p = load(sb5);
    assert_non_null(p);
    const bnb_model *m = pz_model(p);
    double x[25] = {0};
    for (int r = 0; r < 5; r++)
        x[r * 5 + star_col[r]] = 1;
    for (int i = 0; i < bnb_num_rows(m); i++) {
        double a = 0;
        for (int k = 0; k < bnb_row_len(m, i); k++)
            a += bnb_row_vals(m, i)[k] * x[bnb_row_cols(m, i)[k]];
        assert_true(a >= bnb_row_lo(m, i) && a <= bnb_row_up(m, i));
    }
    char out[128] = "";
    FILE *f = fmemopen(out, sizeof out, "w");
    assert_int_equal(pz_print_solution(p, x, f, err, sizeof err), 0);
    fclose(f);
    assert_string_equal(out, "....*\n.*...\n...*.\n*....\n..*..\n");
    x[4] = 0, x[3] = 1;   /* row 1's star moves to column 4: two there */
    f = fmemopen(out, sizeof out, "w");
    assert_int_not_equal(pz_print_solution(p, x, f, err, sizeof err), 0);
    fclose(f);
    assert_non_null(strstr(err, "breaks the rules"));
    pz_free(p);
}

/* CRLF, comments, upper-case keys and kind, token rows, blank lines. */
static void test_syntax_variants(void **state)
{
    (void)state;
    pz_puzzle *p = load("# a comment first\r\n\r\nPUZZLE: StarBattle\r\n"
                        "Size : 5   # trailing comment\r\n"
                        "STARS: 1\r\nregions:\r\n"
                        "A A B B B\r\n\r\nAABCB\r\n  DDCCB\r\n"
                        "D D E C C\r\nDEECC");
    assert_non_null(p);
    assert_int_equal(bnb_num_rows(pz_model(p)), 31);
    pz_free(p);
}

static void test_errors(void **state)
{
    (void)state;
    expect_error("", ":1: empty file");
    expect_error("size: 5\n", ":1:1: expected 'puzzle: KIND'");
    expect_error("puzzle:\n", "expected a kind");
    expect_error("puzzle: sudoku\n", "unknown puzzle kind 'sudoku'");
    expect_error("puzzle: starbattle\nsize: 5\nregions:\nAABBB\nAABCBB\n"
                 "DDCCB\nDDECC\nDEECC\n",
                 ":5:6: regions row has more than 5 cells, expected 5");
    expect_error("puzzle: starbattle\nsize: 5\nregions:\nAABB\n",
                 ":4:5: regions row has 4 cells, expected 5");
    expect_error("puzzle: starbattle\nsize: 5\nregions:\nAABBB\nAABCB\n",
                 ":5: regions has 2 rows, expected 5");
    expect_error("puzzle: starbattle\nsise: 5\n", ":2:1: unknown key 'sise'");
    expect_error("puzzle: starbattle\nsize: 5\nsize: 6\n",
                 ":3:1: duplicate 'size:' (first on line 2)");
    expect_error("puzzle: starbattle\nsize: five\nregions:\nA\n",
                 ":2:7: expected an integer for size, got 'five'");
    expect_error("puzzle: starbattle\nsize: 99999999999\nregions:\nA\n",
                 "size 99999999999 is too large (at most 2147483647)");
    expect_error("puzzle: starbattle\nsize: 5\n", "needs a 'regions:'");
    expect_error("puzzle: starbattle\nsize: 5\nregions:\n",
                 "section 'regions:' is empty");
    expect_error("puzzle: starbattle\nsize: 5\nregions: AABBB\n",
                 "starts a section");
    expect_error("puzzle: starbattle\nsize:\n", "'size:' needs a value");
    expect_error("puzzle: starbattle\nsize: 5\nregions:\nAABBB\nAABCB\n"
                 "DDCCB\nstras: 2\n", ":7:1: unknown key 'stras'");
    expect_error("puzzle: starbattle\nsize: 5\nregions:\nAABBB\nAABCB\n"
                 "DDCCB\nDDECC\nDEECF\n", ":8:5: region 'F' is one more");
    expect_error("puzzle: starbattle\nsize: 5\nregions:\nAABBB\nAABBB\n"
                 "DDCCB\nDDCCC\nDDCCC\n", "has 4 region symbols, expected 5");
    expect_error("puzzle: starbattle\nsize: 4\nstars: 3\nregions:\n"
                 "AABB\nAABB\nCCDD\nCCDD\n", "cannot fit");
    expect_error("puzzle: starbattle\npuzzle: starbattle\n",
                 "duplicate 'puzzle:'");
    expect_error("puzzle: starbattle\n5 5\n", "expected 'key: value'");
}

static void test_binary_and_limits(void **state)
{
    (void)state;
    static const char junk[] = "puzzle: starbattle\nsize: 5\0\x01\x02";
    write_file(junk, sizeof junk);
    pz_puzzle *p = pz_load(path, NULL, err, sizeof err);
    unlink(path);
    assert_null(p);
    assert_non_null(strstr(err, ":2:8: byte 0x00 is not plain ASCII"));

    /* no size limit: a 1 MB file and a 20000-character line are read,
     * and the error is the kind's (size: missing), not the reader's */
    size_t big = 1 << 20;
    char *text = malloc(big);
    assert_non_null(text);
    memset(text, '\n', big);
    memcpy(text, "puzzle: starbattle\n#", 20);
    memset(text + 20, 'A', 20000);
    write_file(text, big);
    p = pz_load(path, NULL, err, sizeof err);
    unlink(path);
    free(text);
    assert_null(p);
    assert_non_null(strstr(err, "starbattle needs a 'size:' line"));

    /* a size larger than the grid present is refused before anything of
     * that size is allocated */
    expect_error("puzzle: starbattle\nsize: 65\nregions:\nA\n",
                 ":4:2: regions row has 1 cells, expected 65");
    expect_error("puzzle: starbattle\nsize: 2000000000\nregions:\nA\n",
                 "regions row has 1 cells, expected 2000000000");
    expect_error("puzzle: starbattle\nsize: 5 # \xc3\xa9t\xc3\xa9\n"
                 "regions: \xc3\xa9\n", ":3:10: byte 0xc3");
    assert_null(pz_load("/nonexistent/x.txt", NULL, err, sizeof err));
    assert_non_null(strstr(err, "cannot open"));
}

/* Sections end only at a key the kind declares: `first: Arthur` stays in
 * the section, as logicgrid and v3ck need. Also tokens and cells. */
static const pz_key lg_keys[] = {
    {"attributes", PZ_KEY_SECTION | PZ_KEY_REQUIRED},
    {"clues", PZ_KEY_SECTION},
    {"limit", 0},
    {NULL, 0},
};

static void test_sections_and_tokens(void **state)
{
    (void)state;
    static const char text[] = "puzzle: logicgrid\nattributes:\n"
                               "first: Arthur \"Mary Ann\"\n"
                               "surname: Lucas Mason\nclues:\n"
                               "Arthur = Lucas\nlimit: 3\n";
    write_file(text, strlen(text));
    pz_file *f = pz_file_open(path, err, sizeof err);
    unlink(path);
    assert_non_null(f);
    assert_string_equal(pz_file_kind(f), "logicgrid");
    assert_int_equal(pz_file_parse(f, "logicgrid", lg_keys), 0);
    const pz_entry *a = pz_get(f, "attributes");
    assert_non_null(a);
    assert_int_equal(a->nlines, 2);
    assert_string_equal(a->lines[1].text, "surname: Lucas Mason");
    assert_int_equal(pz_get(f, "clues")->nlines, 1);
    int v;
    assert_int_equal(pz_key_int(f, "limit", 0, 9, 0, &v), 0);
    assert_int_equal(v, 3);
    pz_tok t[4];
    assert_int_equal(pz_tokens(f, a->lines[0].no, a->lines[0].col,
                               a->lines[0].text, t, 4), 3);
    assert_true(t[2].len == 8 && memcmp(t[2].s, "Mary Ann", 8) == 0);
    assert_int_equal(t[2].col, 15);
    assert_true(pz_tok_is(&t[0], "FIRST:"));
    pz_tok cell = {"3,4", 3, 9, 2};
    int r, c;
    assert_int_equal(pz_tok_cell(f, &cell, 5, 5, &r, &c), 0);
    assert_true(r == 2 && c == 3);
    cell = (pz_tok){"3,9", 3, 9, 2};
    assert_int_equal(pz_tok_cell(f, &cell, 5, 5, &r, &c), -1);
    pz_file_free(f);
    assert_non_null(strstr(err, ":9:2: cell 3,9 is outside the 5x5 grid"));
}

static void test_registry(void **state)
{
    (void)state;
    assert_non_null(pz_kind_find("StarBattle"));
    assert_null(pz_kind_find("nosuchkind"));
    for (int i = 0; pz_kind_table[i]; i++) {
        const pz_kind *k = pz_kind_table[i];
        assert_non_null(k->keys);
        assert_true(k->parse && k->build && k->decode && k->check &&
                    k->render && k->free);
        assert_ptr_equal(pz_kind_find(k->name), k);
    }
    char out[8192];
    FILE *f = fmemopen(out, sizeof out, "w");
    pz_print_kinds(f);
    fclose(f);
    assert_non_null(strstr(out, "starbattle"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_starbattle_model),
        cmocka_unit_test(test_starbattle_solution),
        cmocka_unit_test(test_syntax_variants),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_binary_and_limits),
        cmocka_unit_test(test_sections_and_tokens),
        cmocka_unit_test(test_registry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
