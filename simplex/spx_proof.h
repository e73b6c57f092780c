/*
 * spx_proof.h -- what the simplex drivers share beyond spx_impl.h: the
 * stop check of every loop and the certificates behind the verdicts.
 * Private to simplex/.
 */
#ifndef SPX_PROOF_H
#define SPX_PROOF_H

#include "spx_impl.h"

/* Has the stop flag been raised or the deadline passed? Looks at the
 * clock on the first and then every SPX_CHECK_EVERY-th call counted in
 * *tick (start it at 0). */
int spx_interrupted(const spx *lp, unsigned *tick);

/* The iteration budget of the solve started at lp->budget_start: once
 * it is spent, sets lp->why (cycling or stalling), lp->budget_spent,
 * and returns 1. Asked before each pivot (a verdict that needs none
 * stands). */
int spx_over_budget(spx *lp);
/* Starts the budget of a solve: at the public entry points only, never
 * in a recovery. */
void spx_start_budget(spx *lp);

/* Is the ray of entering q moving in direction dir (+1 up, -1 down),
 * with col = B^-1 a_q, a proof that the LP is unbounded: it meets
 * A r = r_s, moves no variable toward a finite bound, and lowers the
 * cost? Checked on the LP's own data. */
int spx_primal_ray_holds(const spx *lp, int q, int dir, const double *col);

/* spx_refine.c. At an optimum: when a row's residual at x (summed in double-double)
 * is above some 500 ulps of its terms and above tol_primal, one step of iterative refinement
 * corrects x_B (x_B += B^-1 residual). A vertex far out (values of 1e9
 * in a row whose terms cancel to 0.57) computed through a basis of
 * condition 1e6 is off by that much, and its rows fail the search's
 * verification. Returns 1 when it refined. */
int spx_refine_values(spx *lp);

/* Is y (m), e_r^T B^-1 (the dual's row r) or, r < 0, phase 1's
 * c_B^T B^-1 (lp->pcost) of the current factors, a Farkas certificate: does the row y^T (A x - s) = 0, which every
 * solution meets, have no solution within the bounds? Checked safely
 * after the residue on the basic variables is moved where it does no
 * harm; the certificate that holds is kept for spx_farkas_row. */
int spx_farkas_certify(spx *lp, const double *y, int r);

/* A lower bound on the LP's optimum from the current duals, valid
 * whatever their accuracy (weak duality); recomputes the reduced costs. */
double spx_dual_bound(spx *lp);

#endif
