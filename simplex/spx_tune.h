/*
 * spx_tune.h: every tuning number of the simplex layer in one table
 * (private to simplex/; the user's tolerances are bnb.h's BNB_PARAMS).
 * X(type, NAME, value), each after the comment that says why, grouped by
 * the file that uses it. A .c file of simplex/ writes no number beyond
 * 0, 1, 2 and 0.5 but through these names: tests/tune_check.py checks.
 */
#ifndef SPX_TUNE_H
#define SPX_TUNE_H

#define SPX_TUNE(X)                                                          \
/* spx_lp.c: the LP, its pivot rows and the cost perturbation */             \
/* A sort costs about log2(count) steps per entry, a pass over the marks     \
 * one step per column: the pass wins once count is more than this share     \
 * of n (p0201, 201 columns: sorting the pivot row's columns took 7% of      \
 * the solve). */                                                            \
X(double, SPX_SORT_SHARE, 0.05)                                              \
/* When the rows where rho is nonzero hold more entries than this share      \
 * of n, the pivot row is summed without marking its columns, and the        \
 * dual's loops take the movable columns (spx_pivot_list): marking each      \
 * entry costs more than it saves on a row that meets most columns           \
 * (p0201 and dcmulti, a few hundred columns). */                            \
X(double, SPX_MARK_SHARE, 0.5)                                               \
/* Knuth's multiplicative hash (2^32 / golden ratio): the pseudo-random      \
 * factors of the cost perturbation and shifts, and row fingerprints. */     \
X(unsigned, SPX_HASH_MULT, 2654435761u)                                      \
/* A seed's share of those starts (spx_params.seed): an odd multiplier,     \
 * a bijection of the 32-bit words, so seed 0 keeps 0 and the sequences      \
 * of a run without a seed. */                                               \
X(unsigned, SPX_SEED_MIX, 0x85ebca6bu)                                       \
/* The cost perturbation of a zero objective takes one of this many          \
 * levels, (1 + h mod levels) / levels of lp->par.perturbation. */           \
X(int, SPX_PERTURB_LEVELS, 100)                                              \
/* spx_impl.h: spx_shift_factor's linear congruential sequence (the C        \
 * standard's example rand()), 16 bits of whose state give a fraction. */    \
X(unsigned, SPX_LCG_MULT, 1103515245u)                                       \
X(unsigned, SPX_LCG_ADD, 12345u)                                             \
X(double, SPX_LCG_FRACTION, 65536.0)                                         \
/* spx_dd.h: Dekker's splitting of a product (WebAssembly, no fma) */        \
/* 2^27 + 1: a double split into two halves of 26 bits. */                   \
X(double, SPX_DD_SPLITTER, 134217729.0)                                      \
/* Factors and products below this (2^995) split without overflow. */        \
X(double, SPX_DD_SPLIT_MAX, 0x1p995)                                         \
/* spx_impl.h, spx_keys.c: ties broken by the LP's structure */              \
/* Pricing scores and pivot sizes within this share of each other are a      \
 * tie: the same LP in another order of columns and rows sums in another     \
 * order, so its scores differ in the last digits. */                        \
X(double, SPX_TIE_REL, 1e-9)                                                 \
/* spx_scale.c: a published basic value this close to a bound (times     \
 * 1 + |bound|) is the bound: the last digits another order leaves. */      \
X(double, SPX_PUBLISH_SNAP, 1e-12)                                           \
/* splitmix64's finaliser (Steele, Lea and Flood 2014): the mixing of        \
 * the structural keys. */                                                   \
X(ullong, SPX_MIX_A, 0xbf58476d1ce4e5b9ull)                                  \
X(ullong, SPX_MIX_B, 0x94d049bb133111ebull)                                  \
/* Salts that keep a column's key apart from a row's with the same data. */  \
X(ullong, SPX_KEY_COL, 0x9e3779b97f4a7c15ull)                                \
X(ullong, SPX_KEY_ROW, 0xc2b2ae3d27d4eb4full)                                \
/* Rounds of the keys' refinement: at least this many, and at most this   \
 * many while the columns' classes still split (a chain of rows splits     \
 * one more link a round; the MIPLIB bench's models need at most 4). */    \
X(int, SPX_KEY_ROUNDS_MIN, 2)                                                \
X(int, SPX_KEY_ROUNDS, 32)                                                   \
/* The high half of a mixed key: an id for the pseudo-random choices. */     \
X(int, SPX_KEY_ID_SHIFT, 32)                                                 \
/* spx_scale.c: geometric scaling */                                         \
/* At most this many geometric-mean passes; another pass is made while       \
 * the last one took the ratio max|a'|/min|a'| below SPX_SCALE_GAIN of       \
 * what it was (glpsol's 15 and 0.9). */                                     \
X(int, SPX_SCALE_PASSES, 15)                                                 \
X(double, SPX_SCALE_GAIN, 0.9)                                               \
/* A matrix whose |a_ij| all lie within [SPX_SCALE_LOW, SPX_SCALE_HIGH]      \
 * is scaled well enough as it is (glpsol's test): it keeps sc = 1. */       \
X(double, SPX_SCALE_LOW, 0.1)                                                \
X(double, SPX_SCALE_HIGH, 10.0)                                              \
/* A scale factor is rounded to the nearest power of 2: frexp's mantissa     \
 * in [0.5, 1) is rounded down at or below this (glpsol's rounding). */      \
X(double, SPX_POW2_ROUND_DOWN, 0.75)                                         \
/* spx_crash.c: the starting basis */                                        \
/* A pivot below this share of its column's largest entry is refused. */     \
X(double, SPX_CRASH_PIVOT_SHARE, 0.1)                                        \
/* spx_presolve.c: the root LP's presolve */                                 \
/* Passes over the rows: each pass can expose singletons and doubletons      \
 * the one before made (chains of substitutions). */                         \
X(int, SPX_PRESOLVE_PASSES, 4)                                               \
/* Tolerance of the presolve's bound tests, relative to 1 + |bound|. */      \
X(double, SPX_PRESOLVE_TOL, 1e-9)                                            \
/* A singleton row's bound is taken only where it cuts more than this      \
 * share of the row's feasibility margin (spx_presolve.c, cuts): after       \
 * propagation, 2e-8 x = 0 in a row of side 256 fixed a binary x at 0        \
 * that the row admits at 1, and the optimum -0.141 came out 0. */          \
X(double, SPX_PRESOLVE_SIDE_SHARE, 0.5)                                      \
/* A merged coefficient below this share of the largest term it was          \
 * summed from is cancellation noise, taken as 0. */                         \
X(double, SPX_PRESOLVE_CANCEL, 1e-11)                                        \
/* The presolve is worth it only when the rows shrink by this share at       \
 * least. */                                                                 \
X(double, SPX_PRESOLVE_MIN_GAIN, 0.1)                                        \
/* spx_postsolve.c */                                                        \
/* The subtrees summed for D_j may be long (chains of substitutions);        \
 * past this many terms per entry of A they count as 0, and the full         \
 * solve mends what that costs. */                                           \
X(int, SPX_POSTSOLVE_WORK, 20)                                               \
/* spx_primal.c: the primal simplex */                                       \
/* Pivots without progress before Bland's rule takes over (anti-cycling). */ \
X(int, SPX_PRIMAL_STALL_LIMIT, 50)                                           \
/* Progress is a fall of the phase's objective by more than this share       \
 * of (1 + |objective|). */                                                  \
X(double, SPX_PROGRESS_REL, 1e-12)                                           \
/* Pivots per row and column, past SPX_PRIMAL_STALL_LIMIT, without progress  \
 * after which the primal gives up for spx_solve to try the dual: steps      \
 * may be long and still gain nothing (two bases traded back and forth       \
 * by rounding, each step 1e12 long on a column whose reduced cost is        \
 * 1e-13, 7 million pivots in 2 s), which the stall count by step length     \
 * never sees; and Bland's rule, which leaves a degenerate vertex in         \
 * exact arithmetic, does not leave that. */                                 \
X(int, SPX_IDLE_SPAN, 2)                                                     \
/* Returns from phase 2 to phase 1 (a long step's rounding pushed a          \
 * basic variable out of its bounds) after which the primal gives up as      \
 * a numerical failure, for spx_solve to try the dual: on a badly scaled     \
 * LP the two phases can undo each other's pivots forever. */                \
X(int, SPX_MAX_RELAPSES, 20)                                                 \
/* Bound shifting: each finite bound of a basic variable moves outward       \
 * by this share of (1 + |bound|), times a pseudo-random factor in           \
 * [1, 2). Larger than the Harris tolerance (tol_primal), so the ties of     \
 * a degenerate vertex are broken, small enough that the clean-up on the     \
 * true bounds takes few pivots. */                                          \
X(double, SPX_SHIFT_REL, 1e-6)                                               \
/* Primal Devex weights past this are too far from their edges: all go       \
 * back to 1 (spx_primal.c, reset_devex). */                                 \
X(double, SPX_PRIMAL_DEVEX_RESET, 1e6)                                       \
/* spx_dual.c: the dual simplex */                                           \
/* Relative disagreement between alpha_rq computed from the row and from     \
 * the column above which the inverse is refactorized. */                    \
X(double, SPX_ALPHA_AGREE, 1e-7)                                             \
/* An infeasibility verdict reached more than this many updates after the    \
 * last refactorization is checked again on a fresh inverse. */              \
X(int, SPX_TRUST_UPDATES, 50)                                                \
/* x_B and d updated (rather than computed from scratch) at most this        \
 * many times are trusted for a verdict. */                                  \
X(int, SPX_TRUSTED_UPDATES, 10)                                              \
/* Dual Devex weights are reset to 1 once one passes this: they grow         \
 * without bound over long runs and would hide their rows from pricing.      \
 * (The primal's weights are reset far sooner, SPX_PRIMAL_DEVEX_RESET.) */   \
X(double, SPX_DUAL_DEVEX_RESET, 1e12)                                        \
/* Floor of an updated steepest-edge weight: rounding in the update can      \
 * drive a true weight (at least 1/||B||^2) to 0 or below. */                \
X(double, SPX_WEIGHT_MIN, 1e-6)                                              \
/* A failed Farkas check (the dual) or ray check (the primal) makes the      \
 * ratio test accept pivots this many times smaller, down to                 \
 * SPX_PIVOT_SCALE_MIN of tol_pivot. */                                      \
X(double, SPX_PIVOT_SCALE_STEP, 1e-3)                                        \
X(double, SPX_PIVOT_SCALE_MIN, 1e-6)                                         \
/* The dual ratio test's relative pivot tolerance follows a row's            \
 * largest entry down to                                                     \
 * this fraction of tol_pivot, no further: the row's basic column has the    \
 * entry 1, so a row whose other entries are all far below it is             \
 * rounding noise of a zero row (a stale inverse left 1e-16 where a fresh    \
 * one gives 0, and the noise was taken as a pivot). A row of truly tiny     \
 * coefficients is still pivoted on once its Farkas check fails. */          \
X(double, SPX_ROW_SCALE_MIN, 1e-3)                                           \
/* The smallest |alpha_k| a penalty's ratio test looks at: below it an       \
 * entry is rounding noise of a zero, which may only weaken the bound. */    \
X(double, SPX_PENALTY_MIN_ALPHA, 1e-13)                                      \
/* Groups the ratio test passes by scanning the candidates again for         \
 * each; past this many it sorts them (ratio_test_sorted). The scans         \
 * keep the textbook's choice among tied pivots, which the searches were     \
 * measured with, and a long set-partitioning row still costs one sort. */   \
X(int, SPX_RATIO_SCAN_PASSES, 8)                                             \
/* The rounding an update leaves in x_B, as a share of the change it         \
 * made (1e-16 per operation, times what the basis amplifies): values        \
 * moved by more than tol_primal / SPX_UPDATE_ROUNDING (1e5 by default)      \
 * are not trusted for an optimum. */                                        \
X(double, SPX_UPDATE_ROUNDING, 1e-14)                                        \
/* Exact weights cost a BTRAN per row, m solves before the first pivot:      \
 * on an LP of more rows than this the re-solve they start (a dive's         \
 * step, a node after cuts: a few pivots each) would not repay them, and     \
 * the weights start at 1 as Devex does (Infinity Loop 100x100, 29,365       \
 * rows: the root's dive spent 5 s on them). */                              \
X(int, SPX_EXACT_WEIGHTS_MAX_ROWS, 1000)                                     \
/* Dual degenerate pivots in a row after which the costs are perturbed       \
 * (once per solve). */                                                      \
X(int, SPX_DUAL_STALL_LIMIT, 50)                                             \
/* The perturbation of a nonbasic column's cost: this share of               \
 * (1 + |c_k|), times a pseudo-random factor in [1, 2), toward the side      \
 * its bound keeps dual feasible. Far above tol_dual, so the tied ratios     \
 * of a dual degenerate vertex differ; small enough that the primal          \
 * clean-up on the true costs takes few pivots. */                           \
X(double, SPX_COST_SHIFT_REL, 1e-6)                                          \
/* The dual loop remembers the bases of this many last pivots: one met       \
 * again means the pivots went round in a circle, which the dual             \
 * objective's rise forbids in exact arithmetic (a 5-row LP with bounds      \
 * of 10^8 traded three bases, each step 0.03 long, for 3,400 pivots).       \
 * Longer circles than this are ended by the budget. */                      \
X(int, SPX_CYCLE_WINDOW, 32)                                                 \
/* spx_solve.c: the driver */                                                \
/* The share of the budget spx_dual_precise spends (see there). */           \
X(double, SPX_PRECISE_SHARE, 1e-3)                                           \
/* spx_proof.c: certificates, refinement and the clock */                    \
/* The relative rounding a weak-duality bound may carry (spx_dual_bound):    \
 * of the size of every product in its reduced costs and its sum, as         \
 * MIP_SUM_ROUNDING is for the search's proven bound. */                     \
X(double, SPX_BOUND_ROUNDING, 1e-12)                                         \
/* Components of a ray or a Farkas row below this share of the largest       \
 * one are rounding noise of the solves that made them. */                   \
X(double, SPX_CERT_NOISE, 1e-11)                                             \
/* Residual of A r - r_s a ray may have: relative to the terms of the        \
 * row, plus SPX_CERT_NOISE of the entering column's unit step. */           \
X(double, SPX_RAY_RESIDUAL, 1e-9)                                            \
/* Residuals of the rows at x above this share of their terms (some          \
 * 500 ulps), and above tol_primal, are refined away by                      \
 * spx_refine_values; below either the values are as good as the             \
 * tolerances ask (and a search's values stay as they were). */              \
X(double, SPX_RESIDUAL_TRIGGER, 1e-13)                                       \
/* A row's double-double residual summed along the row decides alone    \
 * unless it is within this share of the trigger: the whole sum, in the   \
 * columns' order, then decides as it always did. */                       \
X(double, SPX_RESIDUAL_DOUBT, 1e-6)                                          \
/* spx_refine.c: which entries of a refined column are rounding residue     \
 * (spx_refine_column, for a ray's check and the ratio test): those          \
 * within SPX_REFINE_MARGIN times their own last correction, or              \
 * SPX_REFINED_NOISE of the largest entry. */                                \
X(double, SPX_REFINE_MARGIN, 1e3)                                            \
X(double, SPX_REFINED_NOISE, 1e-24)                                          \
/* What the double-double sums of the exact checks may be off by,            \
 * relative to the                                                           \
 * terms: far above their rounding (1e-32), far below any gap a double       \
 * computation can show. */                                                  \
X(double, SPX_DD_MARGIN, 1e-24)                                              \
/* Loop passes between two looks at the clock (a look costs about            \
 * 25 ns, an iteration at least a microsecond). */                           \
X(int, SPX_CHECK_EVERY, 16)                                                  \
/* Seconds per nanosecond of the clock's timespec. */                        \
X(double, SPX_SECONDS_PER_NS, 1e-9)                                          \
/* spx_factor.c: the factor's interface */                                   \
/* Runs up to this long are sorted by insertion. */                          \
X(int, SPX_SORT_SHORT, 16)                                                   \
/* The largest m the dense backend takes: its inverse needs 8 m^2 bytes      \
 * (200 MB at 5000 rows) and O(m^2) work per pivot. */                       \
X(int, SPX_DENSE_MAX_ROWS, 5000)                                             \
/* spx_eta.c: the L/U factors and their Forrest-Tomlin update */             \
/* A triangular (singleton) pivot is taken only when it is at least this     \
 * share of its column's largest entry; else the column joins the            \
 * nucleus, where partial pivoting chooses. */                               \
X(double, SPX_TRIANGULAR_PIVOT_SHARE, 0.01)                                  \
/* Eta entries below this magnitude are dropped (rounding residue). */       \
X(double, SPX_ETA_DROP, 1e-14)                                               \
/* An update whose row eta has a multiplier above this asks for a            \
 * rebuild: the errors of later solves may grow by as much. */               \
X(double, SPX_FT_GROWTH, 1e3)                                                \
/* The update's pivot z'^T s may differ from alpha_r u_rr by this much,      \
 * relative, before the factor asks to be rebuilt. */                        \
X(double, SPX_FT_AGREE, 1e-8)                                                \
/* ... plus this absolute floor, for an expected pivot near 0. */            \
X(double, SPX_FT_AGREE_FLOOR, 1e-12)                                         \
/* The sparse solves through L give up once their search has visited         \
 * more than this share of L's entries: the plain loop over every L eta      \
 * costs about as much then. */                                              \
X(double, SPX_L_REACH_SHARE, 0.1)                                            \
/* ... plus this many entries, which a search (through L or U) may           \
 * always visit: a tiny factor would otherwise leave it no room. */          \
X(int, SPX_REACH_FLOOR, 64)                                                  \
/* Solves of a factor of up to this many rows look at every eta; past it,    \
 * only at those the vector's pattern reaches, which costs a search and a    \
 * sort but not a look at every eta (on mas76's 12 rows the search cost      \
 * 7% of the time). */                                                       \
X(int, SPX_REACH_MIN_ETAS, 256)                                              \
/* A solve whose recent results filled more than this share of the rows      \
 * takes the plain loops: its searches would cost more than they skip        \
 * (Hall and McKinnon 2005 switch near a tenth). */                          \
X(double, SPX_HYPER_DENSITY, 0.1)                                            \
/* The weight of the newest result in that record of densities. */           \
X(double, SPX_DENSITY_WEIGHT, 0.1)                                           \
/* Threshold pivoting in the nucleus: an entry at least this share of the    \
 * largest of its column (as the elimination has made it) qualifies, and     \
 * Markowitz's count (r - 1)(c - 1), the fill it can make, chooses among     \
 * those (spx_eta_nucleus.c). */                                             \
X(double, SPX_NUCLEUS_THRESHOLD, 0.1)                                        \
/* The Markowitz search of the nucleus stops after this many columns and     \
 * rows with an acceptable pivot (Zlatev's limit; GLPK's piv_lim is 4):      \
 * the first few of fewest entries rarely lose by much. */                   \
X(int, SPX_MARKOWITZ_SEARCH, 4)                                              \
/* spx_proof.c: the alpha a Farkas certificate's repair gives a basic       \
 * column with one infinite bound, as a share of the terms it sums           \
 * (sum_i |y_i a_ik|): the sign that keeps its range finite, far above       \
 * what rounding y + delta (10^-16 of them) can undo, and far below a        \
 * gap: the gap moves by about this share of the column's terms at its       \
 * basic value. */                                                           \
X(double, SPX_FARKAS_SHIFT, 1e-13)                                           \
/* spx_primal.c: phase 1's dual tolerance once its Farkas row failed         \
 * where columns lower its objective toward no bound at rates within         \
 * tol_dual, as a share of the smallest rate: they all price in. */          \
X(double, SPX_FAR_PHASE1_SHARE, 0.5)                                         \
/* spx_primal.c: such a phase-1 rate below this share of the terms it is   \
 * computed from (|c_k| + sum_i |a_ik| max_i |y_i|) is rounding residue,    \
 * not a column to price in. It decides only whether phase 1 goes on         \
 * (more pivots within the budget), never a verdict. */                      \
X(double, SPX_PHASE1_D_NOISE, 1e-13)                                         \
/* spx_proof.c: rounding residue of a Farkas row, as a share of what the     \
 * solve for y leaves (some 10^-16 of it): a y_i below it of the largest     \
 * |y_i| is dropped from one candidate certificate, and an alpha_k below     \
 * it of max|y_i| sum_i |a_ik| may stand on a bound a row implies where      \
 * the variable's own is infinite (above it only its own bounds count).      \
 * As mip/contract.c's CONTRACT_RESIDUE, which checks the row so. */         \
X(double, SPX_FARKAS_RESIDUE, 1e-13)                                         \
/* spx_proof.c: passes over the rows that bound |x_k| for a Farkas          \
 * residue on a variable without bounds; each pass bounds one more link     \
 * of a chain of rows (x3 free by x1 in one row, x1 >= 0 by another). */     \
X(int, SPX_IMPLIED_PASSES, 4)                                                \

/* Each entry becomes a constant of its name and type: an enumeration
 * constant for an int (so that it may size an array), a static const
 * object for the others. */
#define SPX_TUNE_int(name, value) enum { name = value };
#define SPX_TUNE_unsigned(name, value) static const unsigned name = value;
#define SPX_TUNE_ullong(name, value)                                           \
    static const unsigned long long name = value;
#define SPX_TUNE_double(name, value) static const double name = value;
#define SPX_TUNE_CONST(type, name, value) SPX_TUNE_##type(name, value)
SPX_TUNE(SPX_TUNE_CONST)

#endif
