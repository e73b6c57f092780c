/*
 * test_techniques.c -- the techniques' table (mip/techniques.c): each
 * technique's switch is a parameter of BNB_PARAMS whose textbook value
 * is the table's and whose default runs it; its entry points and
 * schedule predicates are defined in its folder; a textbook solve calls
 * none of the techniques' entry points (each counts its calls with its
 * first statement, so their statistics stay 0) on MIPLIB
 * models and puzzles where the default settings run them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bnb_puzzle.h"
#include "mip.h"

/* Models of the bench and puzzles of data/ (read from the repository
 * root, where make runs the tests). */
static const char *const files[] = {
    "bench/miplib/p0033.mps",   "bench/miplib/lseu.mps",
    "bench/miplib/flugpl.mps",  "bench/miplib/egout.mps",
    "bench/miplib/dcmulti.mps", "data/kakuro-4x4.txt",
    "data/starbattle-8x8.txt",  "data/binairo-6x6.txt",
    "data/thermometer-6x6.txt", "data/flowfree-7x7.txt",
};
#define FILES (sizeof files / sizeof files[0])

/* The runs of each technique in one solve of the file under p. */
static void runs_of(const char *path, const bnb_params *p,
                    long runs[MIP_TECHNIQUES])
{
    char err[512] = "";
    bnb_model *owned = NULL;
    bnb_puzzle *pz = NULL;
    const bnb_model *m;
    if (strstr(path, ".mps"))
        m = owned = bnb_read_mps(path, err, sizeof err);
    else
        m = (pz = bnb_puzzle_read(path, NULL, err, sizeof err))
                ? bnb_puzzle_model(pz) : NULL;
    if (!m)
        fail_msg("%s: %s", path, err);
    mip_state s;
    bnb_result r;
    assert_int_equal(mip_solve_kept(&s, m, p, NULL, NULL, NULL, &r), BNB_OK);
    memcpy(runs, s.sched.technique_runs, sizeof s.sched.technique_runs);
    mip_search_end(&s);
    bnb_result_free(&r);
    bnb_model_free(owned);
    bnb_puzzle_free(pz);
}

/* Each switch is a parameter; the table's textbook value is the
 * column's, and the default is another (the technique is on). */
static void test_table_matches_params(void **state)
{
    (void)state;
    bnb_params def, tb;
    bnb_params_default(&def);
    bnb_params_textbook(&tb);
    for (int t = 0; t < MIP_TECHNIQUES; t++) {
        const mip_technique *d = &mip_techniques[t];
        assert_non_null(d->name);
        assert_false(isnan(bnb_params_get(&tb, d->param)));
        assert_true(bnb_params_get(&tb, d->param) == d->textbook);
        assert_true(bnb_params_get(&def, d->param) != d->textbook);
        assert_true(strncmp(d->folder, "mip/", 4) == 0);
        assert_true(strlen(d->entries) > 0);
    }
}

/* Where function name is defined in a .c file of folder (at the start
 * of a line's declarator, "T name("): 0 when it is not; 1 when it is,
 * and 2 when its body's first statement counts the call
 * (mip_technique_ran), so that no call of it can go uncounted. */
static int defined_in(const char *folder, const char *name)
{
    DIR *d = opendir(folder);
    assert_non_null(d);
    char want[128], path[512];
    snprintf(want, sizeof want, " %s(", name);
    int found = 0;
    struct dirent *e;
    while (!found && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 2 || strcmp(e->d_name + len - 2, ".c") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", folder, e->d_name);
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        char line[512];
        while (!found && fgets(line, sizeof line, f))
            found = line[0] != ' ' && strstr(line, want) != NULL;
        while (found && fgets(line, sizeof line, f) &&
               strcmp(line, "{\n") != 0)
            ;
        if (found && fgets(line, sizeof line, f) &&
            strstr(line, "    mip_technique_ran(s, MIP_TECH_") == line)
            found = 2;
        fclose(f);
    }
    closedir(d);
    return found;
}

/* Every entry point and schedule predicate the table names is a
 * function of the technique's folder, and every entry point counts its
 * calls with its first statement. */
static void test_entries_in_their_folders(void **state)
{
    (void)state;
    for (int t = 0; t < MIP_TECHNIQUES; t++) {
        const mip_technique *d = &mip_techniques[t];
        char names[256];
        snprintf(names, sizeof names, "%s", d->entries);
        for (char *w = strtok(names, " "); w; w = strtok(NULL, " "))
            if (defined_in(d->folder, w) != 2)
                fail_msg("%s: %s is not defined in %s, or its first "
                         "statement does not count the call", d->name, w,
                         d->folder);
        snprintf(names, sizeof names, "%s", d->schedule);
        for (char *w = strtok(names, " "); w; w = strtok(NULL, " "))
            if (!defined_in(d->folder, w))
                fail_msg("%s: %s is not defined in %s", d->name, w,
                         d->folder);
    }
}

/* A textbook solve calls no technique; the default calls some on every
 * file, and each technique on some file. */
static void test_textbook_runs_none(void **state)
{
    (void)state;
    bnb_params def, tb;
    bnb_params_default(&def);
    bnb_params_textbook(&tb);
    tb.node_limit = def.node_limit = 5000;
    long ever[MIP_TECHNIQUES] = {0};
    for (size_t f = 0; f < FILES; f++) {
        long d[MIP_TECHNIQUES], t[MIP_TECHNIQUES], sum = 0;
        runs_of(files[f], &def, d);
        runs_of(files[f], &tb, t);
        for (int k = 0; k < MIP_TECHNIQUES; k++) {
            if (t[k] != 0)
                fail_msg("%s: textbook ran %s (%s) %ld times", files[f],
                         mip_techniques[k].name, mip_techniques[k].entries,
                         t[k]);
            sum += d[k];
            ever[k] += d[k];
        }
        print_message("%s: %ld runs of techniques by default\n", files[f],
                      sum);
        assert_true(sum > 0);
    }
    for (int k = 0; k < MIP_TECHNIQUES; k++)
        print_message("%-24s %ld runs by default\n", mip_techniques[k].name,
                      ever[k]);
}

/* RINS compares an LP point with an incumbent found apart from it: on
 * pp08a the root's dive finds the incumbent from the root's own point,
 * so RINS is not called at the root but at its first child. */
static void test_rins_waits_for_tree(void **state)
{
    (void)state;
    bnb_params p;
    bnb_params_default(&p);
    long runs[MIP_TECHNIQUES];
    p.node_limit = 1;
    runs_of("bench/miplib/pp08a.mps", &p, runs);
    assert_true(runs[MIP_TECH_HEURISTICS] > 0);
    assert_int_equal(runs[MIP_TECH_RINS], 0);
    p.node_limit = 2;
    runs_of("bench/miplib/pp08a.mps", &p, runs);
    assert_int_equal(runs[MIP_TECH_RINS], 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_matches_params),
        cmocka_unit_test(test_entries_in_their_folders),
        cmocka_unit_test(test_textbook_runs_none),
        cmocka_unit_test(test_rins_waits_for_tree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
