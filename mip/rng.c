/*
 * rng.c -- the search's pseudo-random numbers: xorshift64 streams that
 * start from the seed parameter, so that the same seed gives the same
 * search and no state lives outside the solve.
 */
#include "mip.h"

/* The start of every stream under seed 0 (the golden ratio's bits, as
 * before seeds existed, so that default runs stay as they were). */
#define MIP_RNG_START 0x9e3779b97f4a7c15ULL
/* A seed's share of the start: an odd multiplier (splitmix64's first),
 * a bijection of the 64-bit words, so distinct seeds start apart. */
#define MIP_RNG_SEED_MIX 0xbf58476d1ce4e5b9ULL
/* 2^53: the top 53 bits of a draw make a double in [0, 1). */
#define MIP_RNG_UNIT 9007199254740992.0
#define MIP_RNG_SHIFT 11
/* Marsaglia's (13, 7, 17) triple: a full period of 2^64 - 1. */
#define MIP_XORSHIFT_A 13
#define MIP_XORSHIFT_B 7
#define MIP_XORSHIFT_C 17

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
    return (double)(*rng >> MIP_RNG_SHIFT) / MIP_RNG_UNIT;
}
