/*
 * mip_tune.h: every tuning number of the mip layer in one table (private
 * to mip/; the user's tolerances and switches are bnb.h's BNB_PARAMS).
 * X(type, NAME, value), each after the comment that says why, grouped by
 * the file that uses it. A .c file of mip/ writes no number beyond 0, 1,
 * 2 and 0.5 but through these names: tests/tune_check.py checks.
 */
#ifndef MIP_TUNE_H
#define MIP_TUNE_H

#include <float.h>

#define MIP_TUNE(X)                                                          \
/* Shared facts */                                                           \
/* Integers up to this (2^53) are exact in a double, and so are their        \
 * sums: exact proofs (prop_proof.c), the presolve's gcds (none taken        \
 * above it), and 53 random bits scaled to [0, 1) (rng.c). */                \
X(double, MIP_EXACT_INT_MAX, 9007199254740992.0)                             \
/* cuts*.c: a cut's safety for the points the solution check takes */        \
/* The relative error of a tableau row's basic value, or of an               \
 * aggregation's side, against the sum of the |terms| it rests on: a         \
 * well-conditioned basis loses some 10^4 of the 2^-52 a sum carries. */     \
X(double, CUT_ROW_ROUNDING, 1e-12)                                           \
/* A row whose fractional part is known only to within this share of the     \
 * nearer side's fraction gives no cut: its coefficients would rest on       \
 * digits the row does not resolve (Gomory's second round on a row of        \
 * 10^16 terms rounding 142542.52). */                                       \
X(double, CUT_MAX_UNCERTAIN, 0.1)                                            \
/* ---- The branch-and-bound core ---- */                                    \
/* solve.c: the driver */                                                    \
/* Share of physical memory the open nodes may take by default, and the      \
 * default where the system does not say. */                                 \
X(double, MIP_MEMORY_SHARE, 0.25)                                            \
X(double, MIP_MEMORY_FALLBACK_MB, 1024.0)                                    \
/* Bytes in a megabyte (memory_limit is given in MB). */                     \
X(double, MIP_BYTES_PER_MB, 1048576.0)                                       \
/* search.c: the search loop, branching scores and counting */               \
/* The relative rounding a sum of products of doubles may carry, for a       \
 * bound it must prove (proven_bound). */                                    \
X(double, MIP_SUM_ROUNDING, 1e-12)                                           \
/* The gap, relative to 1 + |incumbent|, below which an answer is            \
 * "optimal" rather than "optimal within gap": what LP objectives'           \
 * rounding leaves of a proof (the user's mip_gap and abs_gap widen it). */  \
X(double, MIP_OPTIMAL_GAP, 1e-9)                                             \
/* Counting, a node's LP bound must exceed the incumbent by this much        \
 * relative (beyond MIP_OPTIMAL_GAP) before the node is given up: LP         \
 * objectives carry rounding error, and a tie lost to it is a solution       \
 * not counted. */                                                           \
X(double, MIP_COUNT_SLACK, 1e-6)                                             \
/* Branching scores (Achterberg 2007, sec. 5): a side without history        \
 * and without penalty is estimated at this share of the average             \
 * pseudocost (it is not free, only unknown); */                             \
X(double, MIP_PC_UNKNOWN_SHARE, 1e-3)                                        \
/* the product of the two sides takes each at least this (a zero side        \
 * would make every product 0); */                                           \
X(double, MIP_PC_PRODUCT_MIN, 1e-6)                                          \
/* inferences weigh this much against the objective estimate, and the        \
 * distance to an integer breaks the remaining ties. */                      \
X(double, MIP_INFERENCE_WEIGHT, 0.1)                                         \
X(double, MIP_FRACTION_TIEBREAK, 1e-6)                                       \
/* Branching scores within this share of each other are a tie, which the    \
 * columns' structural keys break (the same model in another order sums    \
 * the scores' terms in another order: they differ in the last digits). */ \
X(double, MIP_SCORE_TIE_REL, 1e-9)                                           \
/* tree.c: the open nodes */                                                 \
/* With best-bound backtracking, the newest node is still taken while its    \
 * bound lies within this share of the gap (incumbent - best bound) above    \
 * the best bound: diving on is cheap (warm basis), jumping is not. */       \
X(double, MIP_PLUNGE_SHARE, 0.25)                                            \
/* Past this share of memory_limit the search stops opening new regions      \
 * (pure depth first); at the limit it stops. */                             \
X(double, MIP_MEMORY_SOFT, 0.9)                                              \
/* A dive deeper than this many levels per integer column (plus a base)      \
 * is running along an unbounded direction (free integer columns): the       \
 * search then takes the open node of best bound, the oldest of equals,      \
 * so that every region is reached in the end. */                            \
X(int, MIP_DEPTH_GUARD_PER_COL, 4)                                           \
X(int, MIP_DEPTH_GUARD_BASE, 100)                                            \
/* node_basis.c: the nodes' bases */                                         \
/* A node is stored as differences while they take at most this share of     \
 * the keyframe's bytes; past it a new keyframe is cheaper to resume. */     \
X(double, MIP_KEYFRAME_SHARE, 0.25)                                          \
/* strong.c: strong branching */                                             \
/* The gain recorded for a side the LP proves infeasible or cut off:         \
 * this many times the distance to the cutoff (or to 1 + |z|). */            \
X(double, STRONG_INFEASIBLE_GAIN, 2.0)                                       \
/* Strong branching may spend at most this share of the other simplex        \
 * iterations, plus a fixed allowance for the first nodes (Achterberg        \
 * 2007, sec. 5.4: a half of the node LPs' iterations, and a start           \
 * allowance; smaller here, as every column is tried once at most). */       \
X(double, STRONG_ITER_SHARE, 0.5)                                            \
X(int, STRONG_ITER_FREE, 20000)                                              \
/* The allowance is at most this many root LPs' iterations: a model whose    \
 * LP solves in a few hundred pivots closes in tens of nodes, and 20,000     \
 * trial pivots were two thirds of the search on generated circuits (at      \
 * 5 to 40 the same nodes within noise; the bench models keep theirs). */    \
X(double, STRONG_ITER_FREE_ROOT_LPS, 10.0)                                   \
/* One trial LP stops after this many times the node LPs' mean               \
 * iterations, times (1 + EARLY_NODES / nodes), within [MIN, MAX], at the   \
 * bound its duals reached (SCIP's reliability branching: 2, 20, 10, 500;   \
 * at 2 here trials cut short cost p0201 and generated circuits 10-20 %     \
 * more nodes, at 4 the long trials of cap6000-like models still stop). */ \
X(double, STRONG_TRIAL_MEAN_FACTOR, 4.0)                                     \
X(double, STRONG_TRIAL_EARLY_NODES, 20.0)                                    \
X(int, STRONG_TRIAL_MIN, 10)                                                 \
X(int, STRONG_TRIAL_MAX, 500)                                                \
/* A node's trials stop after this many in a row that found no better        \
 * candidate (SCIP's reliability branching, its maxlookahead 9; the          \
 * trials of all fractional columns took 3 times the iterations of           \
 * the search on generated circuits). */                                     \
X(int, STRONG_LOOKAHEAD, 9)                                                  \
/* verify.c: the final check of a solution */                                \
/* The share of a row's continuous terms no double point can beat: an       \
 * ulp of each (the granularity of a_j x_j over doubles x_j). No more: a     \
 * solve's own error (10^-12 of the terms let 2300 x - y <= 0 pass at        \
 * 1.0023 * 10^-6) is the polish's to remove, or the point is not            \
 * reported. */                                                              \
X(double, VERIFY_ROUNDING, DBL_EPSILON)                                      \
/* The data's own rounding, on every term and the side: half an ulp of       \
 * each coefficient and of the side, twice over. */                          \
X(double, VERIFY_DATA_ROUNDING, DBL_EPSILON)                                 \
/* rng.c: the search's pseudo-random streams (xorshift64) */                 \
/* The start of every stream under seed 0 (the golden ratio's bits, as       \
 * before seeds existed, so that default runs stay as they were). */         \
X(ullong, MIP_RNG_START, 0x9e3779b97f4a7c15ULL)                              \
/* A seed's share of the start: an odd multiplier (splitmix64's first),      \
 * a bijection of the 64-bit words, so distinct seeds start apart. */        \
X(ullong, MIP_RNG_SEED_MIX, 0xbf58476d1ce4e5b9ULL)                           \
/* A draw's top 53 bits (64 - this) make a double in [0, 1). */              \
X(int, MIP_RNG_SHIFT, 11)                                                    \
/* Marsaglia's (13, 7, 17) triple: a full period of 2^64 - 1. */             \
X(int, MIP_XORSHIFT_A, 13)                                                   \
X(int, MIP_XORSHIFT_B, 7)                                                    \
X(int, MIP_XORSHIFT_C, 17)                                                   \
/* start.c: a MIP start */                                                   \
/* Nodes the search that completes a partial start may take. */              \
X(int, MIP_START_NODES, 1000)                                                \
/* submip.c: sub-MIPs */                                                     \
/* A fixed-column sub-MIP's solution limit: none (it stops at its node       \
 * limit). */                                                                \
X(double, MIP_SUBMIP_SOLUTION_LIMIT, 1e15)                                   \
/* contract.c: an LP's 'infeasible' beyond the rows' tolerance */            \
/* The share of a row's side a double solution cannot beat (a solve's        \
 * error on it: a refutation must clear it). */                             \
X(double, CONTRACT_ROUNDING, 1e-12)                                          \
/* A row's tolerance relative to its size max(1, |side|, |a_j x_j|), at      \
 * most tol_verify: as closely as solvers in doubles meet rows (glpsol and   \
 * cbc 10^-7 on scaled rows, bnb's LP 10^-9). The whole tol_verify on a      \
 * small row would buy objective: -3 x1 - 9.6 * 10^-7 x5 >= -3 * 10^-6       \
 * takes x5 = 4 (8.5 * 10^-7 off, within 10^-6) for an optimum a third       \
 * better than the exact. */                                                 \
X(double, CONTRACT_REL, 1e-8)                                                \
/* A widening takes each row of the certificate this many times past         \
 * the share its gap needs. */                                               \
X(double, CONTRACT_NEED, 1.25)                                               \
/* The least share one widening gives: a certificate whose gap is below      \
 * rounding still moves the sides. */                                        \
X(double, CONTRACT_MIN_SHARE, 1e-6)                                          \
/* Widenings in one solve before every row takes its whole tolerance. */     \
X(int, CONTRACT_MAX_ROUNDS, 20)                                              \
/* y^T a_j is rounding residue below this share of the terms it sums         \
 * (dropped_real_term). */                                                   \
X(double, CONTRACT_RESIDUE, 1e-13)                                           \
/* count.c: counting solutions */                                            \
/* The table is kept at most this full (open addressing, linear probes),     \
 * and starts with this many slots. */                                       \
X(double, COUNT_LOAD, 0.5)                                                   \
X(int, COUNT_FIRST_SLOTS, 64)                                                \
/* FNV-1a, 64 bits (Fowler, Noll and Vo): its offset basis and prime. */     \
X(ullong, MIP_FNV_OFFSET, 1469598103934665603ULL)                \
X(ullong, MIP_FNV_PRIME, 1099511628211ULL)                       \
/* Bits per byte of a key (a node's binary values, packed). */               \
X(int, COUNT_BITS, 8)                                                        \
/* ---- The techniques that strengthen it ---- */                            \
/* propagation (activity.c, propagate.c, prop_proof.c) */                    \
/* Propagation's numerical safety (activity.c): the safety factor on the     \
 * textbook error bound of an activity and of an implied bound's            \
 * quotient. */                                                             \
X(int, MIP_PROP_ROUNDING_ULPS, 4)                                            \
/* Continuous bounds derived from the rows are loosened by this much,        \
 * relative to 1 + |bound|, so that rounding in the activities never         \
 * cuts off a point the LP may take. */                                      \
X(double, MIP_PROP_CONT_SLACK, 1e-6)                                         \
/* Row visits allowed per propagation, as a multiple of the row count:       \
 * propagation is a cheap filter, not a search of its own. */                \
X(int, PROP_VISITS_PER_ROW, 4)                                               \
/* A continuous bound moves only by more than this share of the column's     \
 * range (plus 1): chains such as z_j >= z_i + 1 would otherwise creep in    \
 * endless small steps. */                                                   \
X(double, PROP_CONT_MIN_STEP, 1e-3)                                          \
/* Row visits between two looks at the clock and the interrupt flag: a       \
 * propagation of every row of a large model (the root's) takes seconds,     \
 * a visit well under a microsecond. Stopping early leaves bounds that       \
 * are valid, only less tight. */                                            \
X(int, PROP_CHECK_EVERY, 4096)                                               \
/* probe.c: probing */                                                       \
/* Rounds of probing at most, and the probes in a row that fix nothing       \
 * after which probing ends (SCIP's maxuseless; see probe.c). */             \
X(int, PROBE_ROUNDS, 4)                                                      \
X(int, PROBE_USELESS, 1000)                                                  \
/* Columns probed between two looks at the clock. */                         \
X(int, PROBE_CHECK_EVERY, 64)                                                \
/* presolve.c: the MIP presolve */                                           \
/* Passes of bound implication over the rows before tightening. */           \
X(int, PRESOLVE_PASSES, 8)                                                   \
/* A bound or a coefficient changes only by more than this, relative to      \
 * 1 + its size: smaller changes are rounding and would only repeat. */      \
X(double, PRESOLVE_MIN_CHANGE, 1e-9)                                         \
/* conflict.c: conflict learning */                                          \
/* Longest no-good kept: long ones rarely propagate and cost a visit         \
 * per change of any of their columns. */                                    \
X(int, CONFLICT_MAX_LEN, 40)                                                 \
/* The dive (dive.c) keeps longer ones: without its no-good it can only      \
 * flip its last decision, with it it jumps back to where it went wrong. */  \
X(int, CONFLICT_MAX_LEN_DIVE, 200)                                           \
/* Most learned rows kept, as a multiple of the model's rows (plus a         \
 * floor for small models); once full, conflicts still steer branching       \
 * but add no rows. */                                                       \
X(int, CONFLICT_ROWS_PER_ROW, 20)                                            \
X(int, CONFLICT_ROWS_MIN, 5000)                                              \
/* A proof row from an infeasible LP is used only when the column bounds     \
 * miss its bound by this share of 1 + the size of its terms: it is          \
 * summed in floating point, and a miss that rounding could make proves      \
 * nothing. */                                                               \
X(double, CONFLICT_LP_MARGIN, 1e-6)                                          \
/* Activity decay per conflict: Glucose's first value (MiniSat keeps         \
 * 0.95); a fast decay lets recent conflicts take over branching soon. */    \
X(double, CONFLICT_DECAY, 0.8)                                               \
/* The bump grows by 1 / CONFLICT_DECAY per conflict; past this every        \
 * activity is scaled down by it, before doubles overflow (as MiniSat). */   \
X(double, CONFLICT_RESCALE, 1e100)                                           \
/* cuts.c: the root's cut loop and the cut pool */                           \
/* A cut must cut the LP point off by this distance (violation over the      \
 * norm of its coefficients, after scaling the largest to 1). */             \
X(double, CUT_MIN_EFFICACY, 1e-4)                                            \
/* Largest ratio of a cut's largest to smallest |coefficient|: beyond it     \
 * the row spoils the basis' conditioning. */                                \
X(double, CUT_MAX_DYNAMISM, 1e6)                                             \
/* Coefficients below this times the largest are relaxed away. */            \
X(double, CUT_TINY, 1e-9)                                                    \
/* A coefficient below this times the sum of the |terms| it was added up     \
 * from is their cancellation's rounding residue (1e-20 where the terms      \
 * cancel exactly): it is zero, dropped without relaxing the cut (which      \
 * needs a finite bound). 64 unit roundoffs. */                              \
X(double, CUT_CANCELLED, 1.4e-14)                                            \
/* A right-hand side beyond this (after scaling) is not trusted. */          \
X(double, CUT_MAX_RHS, 1e9)                                                  \
/* A cut of whole coefficients on integer columns takes the whole number     \
 * below its side plus this times 1 + |side|: the computed side's            \
 * roundings stay below it, and a fractional part above it is a true         \
 * Chvatal-Gomory rounding. */                                               \
X(double, CUT_WHOLE_SIDE_TOL, 1e-9)                                          \
/* Two cuts whose coefficient vectors have a cosine above this are           \
 * taken as the same direction: a round keeps the more efficacious. */       \
X(double, CUT_MAX_PARALLEL, 0.98)                                            \
/* Cuts added per round: at most this, and at most the LP's rows (but        \
 * 10 on the smallest LPs). */                                               \
X(int, CUT_MAX_PER_ROUND, 100)                                               \
X(int, CUT_MIN_PER_ROUND, 10)                                                \
/* The loop ends after this many rounds that stall (CUT_STALL). */           \
X(int, CUT_STALL_ROUNDS, 3)                                                  \
/* The rounds' re-solves may take this many times the root LP's simplex      \
 * iterations (at least CUT_MIN_ITERS): a bound on the loop's work that      \
 * does not depend on the clock (runs repeat). */                            \
X(int, CUT_ITER_FACTOR, 10)                                                  \
X(int, CUT_MIN_ITERS, 2000)                                                  \
/* A round stalls when the bound moves by less than this times               \
 * (1 + |bound|). */                                                         \
X(double, CUT_STALL, 1e-4)                                                   \
/* cuts_gomory.c */                                                          \
/* Rows whose basic value is within this of an integer give weak and         \
 * badly scaled cuts. */                                                     \
X(double, GMI_MIN_FRAC, 0.005)                                               \
/* Tableau rows tried per round, the most fractional first. */               \
X(int, GMI_MAX_ROWS, 50)                                                     \
/* Tableau entries below this are rounding noise. */                         \
X(double, GMI_ZERO, 1e-11)                                                   \
/* cuts_mir.c */                                                             \
/* Rows aggregated into one base inequality at most. */                      \
X(int, MIR_MAX_AGGR, 5)                                                      \
/* Divisors tried (the integer coefficients), before halving the best. */    \
X(int, MIR_MAX_DELTAS, 8)                                                    \
/* f0 this close to 0 or 1 gives a weak, badly scaled cut. */                \
X(double, MIR_MIN_F0, 0.01)                                                  \
/* Integer columns whose complementation is tried, per aggregate. */         \
X(int, MIR_MAX_FLIPS, 10)                                                    \
/* Largest |multiplier| of a row added to eliminate a column: beyond         \
 * it the aggregate's coefficients lose their scale. */                      \
X(double, MIR_MAX_MULT, 1e4)                                                 \
/* Base rows tried per round. */                                             \
X(int, MIR_MAX_ROWS, 500)                                                    \
/* Divisors delta and distances below this are rounding noise: dividing      \
 * by one would blow the cut's coefficients up. */                           \
X(double, MIR_MIN_DELTA, 1e-6)                                               \
/* An aggregate's best MIR must cut the LP point by this efficacy to be      \
 * worth building. */                                                        \
X(double, MIR_MIN_EFFICACY, 1e-4)                                            \
/* Efficacies, distances and bound gaps within this share of each other    \
 * are a tie, which the first by key takes: the same LP point in another   \
 * order of the model differs in the last digits. */                       \
X(double, MIR_TIE_REL, 1e-9)                                                 \
/* cuts_cover.c */                                                           \
/* A cover's weight must pass b by this, relative to 1 + |b|: weights        \
 * summed in floating point may pass b by rounding alone. */                 \
X(double, COVER_MARGIN, 1e-6)                                                \
/* cuts_lifted.c */                                                          \
/* The lifting table's values at most (its coefficients' sum): a cut of      \
 * larger coefficients is badly scaled anyway. */                            \
X(int, LIFT_MAX_VALUE, 1000)                                                 \
/* Updates of the lifting tables per round at most, over all rows (about    \
 * a tenth of a second). */                                                  \
X(long, LIFT_MAX_WORK, 50000000L)                                            \
/* cuts_clique.c */                                                          \
/* Binaries in the graph at most (its adjacency is a bit matrix). */         \
X(int, CLIQUE_MAX_NODES, 4000)                                               \
/* Rows longer than this give no edges (their pairs cost too much). */       \
X(int, CLIQUE_MAX_ROW, 500)                                                  \
/* A clique must pass 1 by this at the LP point to be a cut. */              \
X(double, CLIQUE_MIN_VIOLATION, 1e-3)                                        \
/* Pairs of a row examined for conflicts, over all rows, at most. */         \
X(long, CLIQUE_MAX_PAIRS, 10000000L)                                         \
/* Conflicts are found with this margin on b (rounding). */                  \
X(double, CLIQUE_MARGIN, 1e-9)                                               \
/* cuts_tree.c: cuts in the tree */                                          \
/* The share of the root's gap its cuts must have closed. */                 \
X(double, CUT_TREE_MIN_CLOSED, 0.5)                                          \
/* Rows the tree may add, as a share of the LP's at the search's start. */   \
X(double, CUT_TREE_ROWS, 0.5)                                                \
/* Cuts added at one node. */                                                \
X(int, CUT_TREE_PER_NODE, 20)                                                \
/* Due nodes skipped after k fruitless rounds: 2^k - 1 for k below           \
 * CUT_TREE_WAIT_DOUBLINGS, then CUT_TREE_MAX_WAIT (2^10 - 1) for good. */   \
X(int, CUT_TREE_WAIT_DOUBLINGS, 10)                                          \
X(int, CUT_TREE_MAX_WAIT, 1023)                                              \
/* heur.c: the heuristics' schedule and budgets */                           \
/* Each root dive's simplex iterations at most: this many times the root's, \
 * and at least HEUR_DIVE_MIN_ITERS. */                                      \
X(double, HEUR_DIVE_ITER_FACTOR, 1.0)                                        \
X(int, HEUR_DIVE_MIN_ITERS, 500)                                             \
/* Dives in the tree take at most this share of the other simplex            \
 * iterations, plus an allowance (SCIP's diving heuristics: 5% and           \
 * 1000, Achterberg 2007, sec. 9.2), and start no sooner than this many      \
 * nodes after the last one; the gap doubles after each dive that finds      \
 * nothing, so a model where they never help spends little on them. */       \
X(double, HEUR_TREE_DIVE_SHARE, 0.05)                                        \
X(int, HEUR_TREE_DIVE_ALLOWANCE, 1000)                                       \
X(int, HEUR_TREE_DIVE_FIRST_GAP, 10)                                         \
/* dive.c: the dive of a model without objective */                          \
/* Conflicts the dive may learn from before it gives up: it is a             \
 * heuristic, the search proper is complete. */                              \
X(int, DIVE_MAX_CONFLICTS, 100)                                              \
/* pump.c: the feasibility pump */                                           \
/* Rounds at most, and the simplex iterations of all rounds at most:         \
 * PUMP_MIN_ITERS more than PUMP_ITER_FACTOR times the root LP's. */         \
X(int, PUMP_MAX_ROUNDS, 50)                                                  \
X(double, PUMP_ITER_FACTOR, 4.0)                                             \
X(int, PUMP_MIN_ITERS, 1000)                                                 \
/* Rounds without fewer fractional columns than the best before, after       \
 * which the pump gives up: cbc's 30 passes rather than SCIP's 10            \
 * (maxstallloops), which stopped one of 56 generated Thermometer            \
 * puzzles 3 rounds before its solution; on puzzles where the pump           \
 * fails (Kakuro, Monodot) the iteration budget ends it first. */            \
X(int, PUMP_STALL_ROUNDS, 30)                                                \
/* A repeated rounding flips between T/2 and 3T/2 columns. */                \
X(int, PUMP_FLIP_T, 20)                                                      \
/* Roundings remembered to tell a longer cycle. */                           \
X(int, PUMP_HISTORY, 4)                                                      \
/* The weight alpha of the LP objective in the distance objective shrinks    \
 * by this each round (Achterberg and Berthold 2007). */                     \
X(double, PUMP_ALPHA_DECAY, 0.9)                                             \
/* Noise on the fractionality that orders the roundings: ties of equal       \
 * fractionality are broken at random, and no gap is reordered. */           \
X(double, PUMP_TIE_NOISE, 1e-9)                                              \
/* The perturbation of an older round: rho uniform in [-this, 1 - this],     \
 * a column flipping when |x*_j - x~_j| + max(rho, 0) > 0.5. */              \
X(double, PUMP_PERTURB_SHIFT, 0.3)                                           \
/* rins.c: RINS */                                                           \
/* At least this share of the integer columns must be fixed: a larger        \
 * neighbourhood is nearly the whole model again. */                         \
X(double, RINS_MIN_FIXED, 0.5)                                               \
/* Nodes the sub-MIP may take. */                                            \
X(int, RINS_NODES, 500)                                                      \
/* The sub-MIP must improve the incumbent by this share of its gap to the    \
 * search's bound (SCIP's RINS minimprove, 1%). */                           \
X(double, RINS_MIN_IMPROVE, 0.01)                                            \
/* Nodes of the search between two tries; the gap doubles after a try        \
 * that found nothing, so a model where RINS never helps spends little       \
 * on it (1 + 2 + 4 ... tries). */                                           \
X(int, RINS_FIRST_GAP, 200)                                                  \
/* ---- mip/sym: symmetry ---- */                                            \
/* refine.c: splitmix64's finaliser shifts and last multiplier (the first    \
 * is MIP_RNG_SEED_MIX), hashing an edge's coefficient and far colour. */    \
X(int, SYM_MIX_SHIFT_A, 30)                                                  \
X(int, SYM_MIX_SHIFT_B, 27)                                                  \
X(int, SYM_MIX_SHIFT_C, 31)                                                  \
X(ullong, SYM_MIX_MUL, 0x94d049bb133111ebULL)                                \
/* orbitope.c: models with more nonzeros are not searched for symmetry:      \
 * a round of refinement visits every nonzero twice, and the search for      \
 * the generators takes some rounds per block. */                            \
X(int, SYM_MAX_NONZEROS, 1000000)                                            \
/* Edge visits the whole detection may take (about 0.05 s); past it no      \
 * symmetry is used (each refinement round counts its nonzeros and           \
 * vertices, each check of a permutation its nonzeros). A bin packing of     \
 * 40 items in 15 bins takes 4.6 * 10^6, Flow Free colorbin 3.4 * 10^6. */   \
X(long, SYM_WORK_LIMIT, 20000000L)                                           \
/* Individualisation-refinement backtracks over the candidates of a cell     \
 * only in its first levels (keeping a copy of both colourings per level),   \
 * and there over this many; deeper the first candidate is taken (the        \
 * vertex itself, else the first of its cell: the permutation moves as      \
 * little as it can, which suits blocks that differ in nothing else). */     \
X(int, SYM_BRANCH_DEPTH, 4)                                                  \
X(int, SYM_BRANCH_TRIES, 8)                                                  \
/* Cells of the stable colouring tried as a block marker, smallest first:    \
 * the first whose swaps are all automorphisms gives the blocks. */          \
X(int, SYM_CELL_TRIES, 2)                                                    \
/* Most entries the generators may hold (blocks - 1 times the vertices). */  \
X(double, SYM_MAX_GENERATOR_ENTRIES, 2e7)                                    \

/* Each entry becomes a constant of its name and type: an enumeration
 * constant for an int (so that it may size an array), a static const
 * object for the others. */
#define MIP_TUNE_int(name, value) enum { name = value };
#define MIP_TUNE_long(name, value) static const long name = value;
#define MIP_TUNE_ullong(name, value)                                           \
    static const unsigned long long name = value;
#define MIP_TUNE_double(name, value) static const double name = value;
#define MIP_TUNE_CONST(type, name, value) MIP_TUNE_##type(name, value)
MIP_TUNE(MIP_TUNE_CONST)

#endif
