/*
 * pz_api.c -- bnb_puzzle.h, the puzzle layer's public face: each call is
 * the pz.h function of the same meaning. A bnb_puzzle is a pz_puzzle
 * under its public name.
 */
#include "bnb_puzzle.h"
#include "pz.h"

bnb_puzzle *bnb_puzzle_read(const char *path, const char *variant,
                            char *err, size_t errlen)
{
    return (bnb_puzzle *)pz_load(path, variant, err, errlen);
}

void bnb_puzzle_free(bnb_puzzle *p)
{
    pz_free((pz_puzzle *)p);
}

const bnb_model *bnb_puzzle_model(const bnb_puzzle *p)
{
    return pz_model((const pz_puzzle *)p);
}

const char *bnb_puzzle_describe(const bnb_puzzle *p)
{
    return pz_describe((const pz_puzzle *)p);
}

int bnb_puzzle_print_solution(const bnb_puzzle *p, const double *x,
                              FILE *out, char *err, size_t errlen)
{
    return pz_print_solution((const pz_puzzle *)p, x, out, err, errlen);
}

void bnb_puzzle_write_picture(const bnb_puzzle *p, FILE *out)
{
    pz_write_picture((const pz_puzzle *)p, out);
}

const int *bnb_puzzle_regions(const bnb_puzzle *p, int *rows, int *cols)
{
    return pz_regions((const pz_puzzle *)p, rows, cols);
}
