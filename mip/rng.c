/*
 * rng.c -- the search's pseudo-random numbers: xorshift64 streams that
 * start from the seed parameter, so that the same seed gives the same
 * search and no state lives outside the solve.
 */
#include "mip.h"

unsigned long long mip_rng_start(const mip_state *s)
{
    unsigned long long r =
        MIP_RNG_START ^ ((unsigned long long)s->par.seed * MIP_RNG_SEED_MIX);
    return r ? r : MIP_RNG_START;   /* xorshift stays at 0 forever */
}

double mip_rng_uniform(unsigned long long *rng)
{
    *rng ^= *rng << MIP_XORSHIFT_A;   /* xorshift64 (Marsaglia 2003) */
    *rng ^= *rng >> MIP_XORSHIFT_B;
    *rng ^= *rng << MIP_XORSHIFT_C;
    return (double)(*rng >> MIP_RNG_SHIFT) / MIP_EXACT_INT_MAX;
}
