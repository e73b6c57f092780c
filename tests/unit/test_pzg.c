/*
 * test_pzg.c -- the instance generators of puzzles/gen: the random
 * numbers are the same on every platform, every kind makes an instance
 * at its smallest and default sizes, the same options give the same
 * bytes, bad options are refused with a message, and each instance loads
 * through its kind's reader (pz_load).
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

#include "bnb_puzzle.h"
#include "pz.h"
#include "pz_kind.h"
#include "pzg.h"

/* The instance of kind k for o as text (malloc'd), or NULL. */
static char *make_text(const pzg_kind *k, const pzg_opts *o)
{
    char err[256] = "", *buf = NULL;
    size_t len = 0;
    void *g = k->make(o, err, sizeof err);
    if (!g)
        return NULL;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    k->print(g, f);
    fclose(f);
    k->free(g);
    return buf;
}

static void rng_is_splitmix64(void **state)
{
    (void)state;
    pzg_rng r;
    pzg_rng_seed(&r, 0);
    /* the published first outputs of splitmix64 seeded with 0 */
    assert_true(pzg_rand(&r) == 0xe220a8397b1dcdafULL);
    assert_true(pzg_rand(&r) == 0x6e789e6aa1b965f4ULL);
    int a[5] = {0, 1, 2, 3, 4}, seen = 0;
    pzg_shuffle(&r, a, 5);
    for (int i = 0; i < 5; i++)
        seen |= 1 << a[i];
    assert_int_equal(seen, 31);
}

static void every_kind_is_deterministic(void **state)
{
    (void)state;
    int kinds = 0;
    for (int i = 0; pz_kind_table[i]; i++, kinds++) {
        const pzg_kind *g = pz_kind_table[i]->generator;
        pzg_opts o = {.seed = 42};
        char *a = make_text(g, &o), *b = make_text(g, &o);
        o.seed = 43;
        char *c = make_text(g, &o);
        assert_non_null(a);
        assert_non_null(c);
        assert_string_equal(a, b);
        assert_true(strcmp(a, c) != 0);
        free(a);
        free(b);
        free(c);
    }
    assert_int_equal(kinds, 14);
}

/* Each kind's instance at its default size reads back through pz_load. */
static void every_kind_reads_back(void **state)
{
    (void)state;
    for (int i = 0; pz_kind_table[i]; i++) {
        const pzg_kind *g = pz_kind_table[i]->generator;
        pzg_opts o = {.seed = 7};
        char *text = make_text(g, &o), path[] = "/tmp/pzg_XXXXXX";
        int fd = mkstemp(path);
        assert_true(fd >= 0);
        assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
        close(fd);
        char err[512] = "";
        pz_puzzle *p = pz_load(path, NULL, err, sizeof err);
        unlink(path);
        if (!p)
            fail_msg("%s: %s", g->name, err);
        pz_free(p);
        free(text);
    }
}

/* The one list of kinds: every kind of the registry carries the
 * generator of its own name, and pzg_find finds it through the kind. */
static void every_kind_carries_its_generator(void **state)
{
    (void)state;
    for (int i = 0; pz_kind_table[i]; i++) {
        const pz_kind *k = pz_kind_table[i];
        assert_non_null(k->generator);
        assert_string_equal(k->generator->name, k->name);
        assert_ptr_equal(pzg_find(k->name), k->generator);
    }
}

/* The public face (bnb_puzzle.h): the registry's kinds in order, and
 * each kind's instance the bytes its generator makes. */
static void public_generators(void **state)
{
    (void)state;
    int kinds = bnb_puzzle_kinds();
    assert_int_equal(kinds, 14);
    assert_null(bnb_puzzle_kind_name(kinds));
    for (int i = 0; i < kinds; i++) {
        const char *name = bnb_puzzle_kind_name(i);
        assert_string_equal(name, pz_kind_table[i]->name);
        assert_ptr_equal(bnb_generate_help(name),
                         pz_kind_table[i]->generator->help);
        bnb_generate_opts o = {.seed = 11};
        char err[256] = "", *buf = NULL;
        size_t len = 0;
        bnb_instance *g = bnb_generate(name, &o, err, sizeof err);
        assert_non_null(g);
        assert_string_equal(bnb_instance_kind(g), name);
        FILE *f = open_memstream(&buf, &len);
        assert_non_null(f);
        bnb_instance_print(g, f);
        fclose(f);
        char *direct = make_text(pz_kind_table[i]->generator, &o);
        assert_string_equal(buf, direct);
        free(buf);
        free(direct);
        bnb_instance_free(g);
    }
    assert_null(bnb_generate_help("nosuchkind"));
    assert_null(bnb_generate("nosuchkind", &(bnb_generate_opts){0}, NULL, 0));
    assert_false(bnb_generate_reveals("slider"));
    assert_true(bnb_generate_reveals("kenken"));
}

static void small_sizes_and_refusals(void **state)
{
    (void)state;
    static const struct { const char *kind; int size, colours, ok; } c[] = {
        {"starbattle", 4, 1, 1}, {"starbattle", 7, 2, 0},
        {"binairo", 2, 0, 1}, {"binairo", 7, 0, 0},
        {"flowfree", 2, 1, 1}, {"flowfree", 4, 63, 0},
        {"kenken", 2, 0, 1}, {"logicgrid", 2, 2, 1},
        {"logicgrid", 5, 27, 0}, {"match22", 1, 1, 1},
        {"match22", 3, 10, 0}, {"knight", 3, 0, 1}, {"slider", 2, 0, 1},
        {"circuit", 2, 0, 1}, {"v3ck", 2, 1, 1}, {"monodot", 2, 0, 1},
        {"kakuro", 2, 0, 1}, {"thermometer", 2, 0, 1},
        {"infinityloop", 1, 0, 1},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        const pzg_kind *k = pzg_find(c[i].kind);
        assert_non_null(k);
        pzg_opts o = {.size = c[i].size, .colours = c[i].colours, .seed = 1};
        char err[256] = "";
        void *g = k->make(&o, err, sizeof err);
        if (c[i].ok && !g)
            fail_msg("%s size %d: %s", c[i].kind, c[i].size, err);
        if (!c[i].ok && (g || !err[0]))
            fail_msg("%s size %d colours %d: accepted", c[i].kind,
                     c[i].size, c[i].colours);
        if (g)
            k->free(g);
    }
    assert_null(pzg_find("nosuchkind"));
    assert_non_null(pzg_find("KenKen"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rng_is_splitmix64),
        cmocka_unit_test(every_kind_is_deterministic),
        cmocka_unit_test(every_kind_carries_its_generator),
        cmocka_unit_test(public_generators),
        cmocka_unit_test(every_kind_reads_back),
        cmocka_unit_test(small_sizes_and_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
