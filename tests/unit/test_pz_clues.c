/*
 * test_pz_clues.c -- every logic-grid clue form against brute force: on
 * a grid of three sets of three values (36 matchings), the number of
 * solutions bnb enumerates for a one-clue puzzle must equal the number
 * of matchings that make the clue true, counted here from the clue's
 * meaning. `oneof A B : C D` is tried for all 16 pairings of key and
 * non-key values (ten value choices each, repeats included); `=`, `!=`,
 * `|`, left-of and next-to for every pair of values. A clue that can
 * never hold must give a puzzle without solution, never a bad file.
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

/* Values 0-2 the key set, 3-5 set s, 6-8 set t; names as written. */
static const char *const names[9] = {"a", "b", "c", "x", "y", "z",
                                     "p", "q", "r"};

/* The key holding value v in matching (ps, pt): ps[i] is the position
 * of key i's value in s. */
static int holder(int v, const int *ps, const int *pt)
{
    if (v < 3)
        return v;
    const int *p = v < 6 ? ps : pt;
    for (int i = 0; i < 3; i++)
        if (p[i] == v % 3)
            return i;
    return -1;
}

enum { EQ, NE, EITHER, LEFT, NEXT, ONEOF };

static int holds(int kind, const int *v, const int *ps, const int *pt)
{
    int a = holder(v[0], ps, pt), b = holder(v[1], ps, pt);
    int c = holder(v[2], ps, pt), d = holder(v[3], ps, pt);
    switch (kind) {
    case EQ: return a == b;
    case NE: return a != b && a != c;                 /* A != B C      */
    case EITHER: return (a == b) + (a == c) == 1;     /* A = B | C     */
    case LEFT: return b == a + 1;
    case NEXT: return b == a + 1 || a == b + 1;
    default: return a != b && ((a == c && b == d) || (a == d && b == c));
    }
}

/* The permutations of 0..2. */
static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                               {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

static long brute(int kind, const int *v)
{
    long n = 0;
    for (int s = 0; s < 6; s++)
        for (int t = 0; t < 6; t++)
            n += holds(kind, v, perm[s], perm[t]);
    return n;
}

static void clue_text(int kind, const int *v, char *buf, size_t n)
{
    static const char *const fmt[] = {
        "%s = %s", "%s != %s %s", "%s = %s | %s", "%s left-of %s",
        "%s next-to %s", "oneof %s %s : %s %s"};
    snprintf(buf, n, fmt[kind], names[v[0]], names[v[1]], names[v[2]],
             names[v[3]]);
}

/* Solutions bnb enumerates for the one-clue puzzle, or -1 (bad file). */
static long solve(const char *clue, char *err, size_t errlen)
{
    char path[64], text[256];
    strcpy(path, "/tmp/pz_clues_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    int len = snprintf(text, sizeof text, "puzzle: logicgrid\nattributes:"
                       "\nk: a b c\ns: x y z\nt: p q r\nclues:\n%s\n", clue);
    assert_int_equal(write(fd, text, (size_t)len), len);
    close(fd);
    pz_puzzle *p = pz_load(path, NULL, err, errlen);
    unlink(path);
    if (!p)
        return -1;
    bnb_params prm;
    bnb_params_default(&prm);
    prm.enumerate_all = 1;
    bnb_result res;
    assert_int_equal(bnb_solve(pz_model(p), &prm, NULL, NULL, &res), BNB_OK);
    long n = res.status == BNB_INFEASIBLE ? 0 : res.solutions;
    assert_true(res.status == BNB_OPTIMAL || res.status == BNB_INFEASIBLE);
    bnb_result_free(&res);
    pz_free(p);
    return n;
}

static void expect(int kind, const int *v)
{
    char clue[64], err[512] = "";
    clue_text(kind, v, clue, sizeof clue);
    long want = brute(kind, v), got = solve(clue, err, sizeof err);
    if (got != want)
        fail_msg("clue '%s': bnb finds %ld solutions, the clue allows %ld "
                 "%s", clue, got, want, err);
}

static void test_oneof_pairings(void **state)
{
    (void)state;
    int tried[16] = {0};
    /* all 9^4 choices in a scrambled order; ten of each pairing */
    for (long k = 0; k < 6561; k++) {
        long c = (k * 2027) % 6561;
        int v[4] = {(int)(c % 9), (int)(c / 9 % 9), (int)(c / 81 % 9),
                    (int)(c / 729)};
        int pattern = (v[0] < 3) | (v[1] < 3) << 1 | (v[2] < 3) << 2 |
                      (v[3] < 3) << 3;
        if (tried[pattern]++ < 10)
            expect(ONEOF, v);
    }
    for (int p = 0; p < 16; p++)
        assert_true(tried[p] >= 10);
    /* the clue of the report: Chiara = a, Tunis = x, Farid = b, milk = p */
    expect(ONEOF, (int[]){0, 3, 1, 6});
}

static void test_pair_clues(void **state)
{
    (void)state;
    for (int a = 0; a < 9; a++)
        for (int b = 0; b < 9; b++) {
            int v[4] = {a, b, (a + b + 4) % 9, 0};
            for (int kind = EQ; kind <= NEXT; kind++)
                if (kind != EITHER || b != v[2])   /* B | B is refused */
                    expect(kind, v);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_oneof_pairings),
        cmocka_unit_test(test_pair_clues),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
