/*
 * symmetry.h -- what the core calls of the symmetry handling (mip/sym/):
 * interchangeable blocks of columns found from the model, and the
 * columns the root fixes on them.
 */
#ifndef SYMMETRY_H
#define SYMMETRY_H

#include "mip.h"

/* Is the symmetry handling on and worth its look (an integer model,
 * not too large, not counting every solution)? */
int mip_symmetry_wanted(const mip_state *s);
/* Looks for interchangeable blocks of binary columns in the model
 * (columns with bounds lo, up [n], as the root LP will have them) and
 * fixes, by orbitopal fixing, columns to 0 in up; BNB_EV_SYMMETRY tells
 * what it found. Returns the columns fixed. */
int mip_symmetry_fix(mip_state *s, const double *lo, double *up);
/* At a node (its bounds on the LP, after propagation): the fixings the
 * blocks' lexicographic order implies, on the trail at depth; -1 when
 * the node holds no representative of a solution (it can be closed),
 * else the columns fixed. */
int mip_symmetry_node(mip_state *s, int depth);
void mip_symmetry_free(mip_state *s);

#endif
