/*
 * mip_fixture.h -- small models for the unit tests of the pieces of
 * branch and bound (propagation, probing, presolve, the tree), set up
 * through mip_search_begin: the model as an LP, nothing solved.
 */
#ifndef MIP_FIXTURE_H
#define MIP_FIXTURE_H

#include "mip.h"

#define INF BNB_INF

/* Adds binaries named by the letters of names ("xyz": x, y, z). */
static inline void binaries(bnb_model *m, const char *names)
{
    for (const char *c = names; *c; c++) {
        char name[2] = {*c, 0};
        assert_true(bnb_add_col(m, name, 0, 1, 0, 1) >= 0);
    }
}

static inline void add_row(bnb_model *m, const char *name, int len,
                           const int *cols, const double *vals, double lo,
                           double up)
{
    assert_true(bnb_add_row(m, name, len, cols, vals, lo, up) >= 0);
}

/* The search of model m with default parameters but those set here:
 * no symmetry handling, whose fixings would change the bounds the piece
 * under test starts from (these small models are often symmetric: x, y
 * and z in the same rows alike). */
static inline void begin(mip_state *s, const bnb_model *m)
{
    bnb_params p;
    bnb_params_default(&p);
    p.symmetry = 0;
    assert_int_equal(mip_search_begin(s, m, &p), BNB_OK);
}

#endif
