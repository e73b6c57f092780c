/*
 * pump.h -- the feasibility pump (pump.c).
 */
#ifndef PUMP_H
#define PUMP_H

#include "mip.h"

/* Looks for a solution from the root LP point x0 (the LP at the root's
 * bounds); a find becomes the incumbent, named "feasibility pump".
 * *rounds gets the rounds run, and BNB_EV_PUMP reports them; *stop
 * is set when the observer asked to stop.
 * The LP keeps its own objective but not its basis: the caller restores
 * that and solves again. Returns 1 when a solution was found. */
int mip_pump(mip_state *s, const double *x0, int *rounds, int *stop);

/* Is the pump worth its rounds? Not on a model without objective that
 * has continuous columns: its rounding propagates the integer columns
 * only, and each rounding it accepts then needs an LP to fit the
 * continuous ones. On the puzzles' flow models (continuous order
 * columns in big-M subtour rows: knight's tours, Flow Free) it found
 * no solution in 50 rounds and made their searches 2 to 4 times
 * slower; the search's own dives solve those. */
int mip_pump_suits(const mip_state *s);

#endif
