/*
 * cuts.c -- the root cut loop: rounds of Gomory, MIR, cover and clique
 * cuts (cuts_gomory.c, cuts_mir.c, cuts_cover.c, cuts_clique.c) added
 * to the root LP as rows and re-solved by the dual simplex until the
 * bound stalls; the numerical
 * safety every cut passes, and the choice of a round's cuts by efficacy
 * and parallelism (Achterberg 2007, ch. 8; Wesselmann and Suhl 2012).
 */
#include "cuts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void cut_dense_add(mip_cut_work *w, int j, double v)
{
    if (!w->in[j]) {
        w->in[j] = 1;
        w->nz[w->nnz++] = j;
        w->dense[j] = 0;
        w->mag[j] = 0;
    }
    w->dense[j] += v;
    w->mag[j] += fabs(v);
}

void cut_dense_add_row(mip_cut_work *w, int i, double mult)
{
    int len;
    const int *cols;
    const double *vals;
    spx_row(w->lp, i, &len, &cols, &vals);
    for (int k = 0; k < len; k++)
        cut_dense_add(w, cols[k], mult * vals[k]);
}

void cut_dense_clear(mip_cut_work *w)
{
    for (int k = 0; k < w->nnz; k++) {
        w->in[w->nz[k]] = 0;
        w->dense[w->nz[k]] = 0;
    }
    w->nnz = 0;
}

double cut_var_tolerance(const mip_cut_work *w, int k)
{
    /* a column: a peer's point is moved onto its bounds; a cut: its side
     * is relaxed to hold at every point the check accepts */
    return k >= w->n && k - w->n < w->s->m ? w->row_tol[k - w->n] : 0;
}

int cut_row_reliable(double shift, double f0)
{
    return shift < CUT_MAX_UNCERTAIN * fmin(f0, 1 - f0);
}

double cut_efficacy(const mip_cut_work *w, double rhs)
{
    double act = 0, norm = 0;
    for (int k = 0; k < w->nnz; k++) {
        int j = w->nz[k];
        act += w->dense[j] * w->x[j];
        norm += w->dense[j] * w->dense[j];
    }
    return norm > 0 ? (act - rhs) / sqrt(norm) : 0;
}

/* Drops each tiny term a_j x_j, moving its least value min(a lo, a up)
 * to the right-hand side (the rest <= rhs - a_j x_j <= rhs - min);
 * returns 0 when that needs an infinite bound, or when the cut is badly
 * scaled. */
static int clean_dense(mip_cut_work *w, double *rhs)
{
    double big = 0, small = INFINITY;
    for (int k = 0; k < w->nnz; k++)
        big = fmax(big, fabs(w->dense[w->nz[k]]));
    if (big <= 0)
        return 0;
    int kept = 0;
    for (int k = 0; k < w->nnz; k++) {
        int j = w->nz[k];
        double a = w->dense[j];
        if (fabs(a) > CUT_TINY * big) {
            small = fmin(small, fabs(a));
            w->nz[kept++] = j;
            continue;
        }
        double least = fmin(a * w->lo[j], a * w->up[j]);
        if (fabs(a) <= CUT_CANCELLED * w->mag[j])
            least = 0;
        else if (!isfinite(least))
            return 0;
        *rhs -= least;
        w->in[j] = 0;
        w->dense[j] = 0;
    }
    w->nnz = kept;
    if (kept == 0 || big / small > CUT_MAX_DYNAMISM)
        return 0;
    for (int k = 0; k < kept; k++)
        w->dense[w->nz[k]] /= big;
    *rhs /= big;
    return fabs(*rhs) <= CUT_MAX_RHS;
}

static int pool_room(mip_cut_work *w, int len)
{
    if (w->ncut == w->cut_cap) {
        int cap = 2 * w->cut_cap + 16;
        mip_cut_info *c = realloc(w->cut, (size_t)cap * sizeof *c);
        if (!c)
            return cut_nomem(w);
        w->cut = c;
        w->cut_cap = cap;
    }
    if (w->used + len > w->room) {
        int room = 2 * w->room + len + 64;
        int *col = realloc(w->col, (size_t)room * sizeof *col);
        if (col)
            w->col = col;
        double *val = realloc(w->val, (size_t)room * sizeof *val);
        if (val)
            w->val = val;
        if (!col || !val)
            return cut_nomem(w);
        w->room = room;
    }
    return 1;
}

/*
 * A cut of whole coefficients on integer columns has a whole activity at
 * every integer point, so its side may go down to a whole number: that
 * of the exact derivation, up to the roundings of the computed side
 * (CUT_WHOLE_SIDE_TOL). Without this a side computed a few roundings off
 * its whole value cuts off the points on it (-x1 + x3 <= -1.5 * 10^-16
 * refutes x1 = x3 = 0, which the model's rows hold exactly). Rounding
 * down to the exact side's floor or above is valid.
 */
static double whole_side(const mip_cut_work *w, double rhs)
{
    for (int k = 0; k < w->nnz; k++) {
        int j = w->nz[k];
        if (!w->s->is_int[j] || w->dense[j] != round(w->dense[j]))
            return rhs;
    }
    return floor(rhs + CUT_WHOLE_SIDE_TOL * (1 + fabs(rhs)));
}

int cut_commit(mip_cut_work *w, double rhs, int kind, int row, int col)
{
    int ok = clean_dense(w, &rhs);
    if (ok)
        rhs = whole_side(w, rhs);
    double eff = ok ? cut_efficacy(w, rhs) : 0;
    ok = ok && eff >= CUT_MIN_EFFICACY && pool_room(w, w->nnz);
    if (ok) {
        mip_cut_info *c = &w->cut[w->ncut++];
        *c = (mip_cut_info){w->used, w->nnz, kind, row, col, rhs, eff, 0};
        for (int k = 0; k < w->nnz; k++) {
            w->col[w->used] = w->nz[k];
            w->val[w->used++] = w->dense[w->nz[k]];
        }
    }
    cut_dense_clear(w);
    return ok;
}

/* ---- the round: choose, add, re-solve ------------------------------ */

/* The larger efficacy first, compared in single precision: the same
 * cut derived in another order of the model's columns and rows differs
 * in the last digits only; equal ones by their keys, not by the order
 * the separators found them in (qsort keeps no order of its own). */
static int by_efficacy(const void *a, const void *b)
{
    const mip_cut_info *x = a, *y = b;
    float ea = (float)x->eff, eb = (float)y->eff;
    if (ea != eb)
        return (ea < eb) - (ea > eb);
    return (x->key > y->key) - (x->key < y->key);
}

/* cos of the angle between cuts a and b (both scaled, dense in w). */
static double parallelism(const mip_cut_work *w, const mip_cut_info *a,
                          const mip_cut_info *b, double *scratch)
{
    double dot = 0, na = 0, nb = 0;
    for (int k = 0; k < a->len; k++) {
        scratch[w->col[a->start + k]] = w->val[a->start + k];
        na += w->val[a->start + k] * w->val[a->start + k];
    }
    for (int k = 0; k < b->len; k++) {
        dot += scratch[w->col[b->start + k]] * w->val[b->start + k];
        nb += w->val[b->start + k] * w->val[b->start + k];
    }
    for (int k = 0; k < a->len; k++)
        scratch[w->col[a->start + k]] = 0;
    return dot / sqrt(na * nb);
}

/* Sorts the candidates by efficacy and keeps, greedily, those not too
 * parallel to one kept before; returns how many (first in w->cut). */
int cut_select(mip_cut_work *w, int most)
{
    if (w->ncut == 0)
        return 0;   /* w->cut may still be NULL */
    for (int c = 0; c < w->ncut; c++) {
        mip_cut_info *cut = &w->cut[c];
        cut->key = spx_terms_key(w->lp, cut->len, w->col + cut->start,
                                 w->val + cut->start, cut->rhs);
    }
    mip_sort(w->cut, (size_t)w->ncut, sizeof *w->cut, by_efficacy);
    int kept = 0;
    for (int c = 0; c < w->ncut && kept < most; c++) {
        int ok = 1;
        for (int k = 0; k < kept && ok; k++)
            ok = parallelism(w, &w->cut[k], &w->cut[c], w->alpha) <=
                 CUT_MAX_PARALLEL;
        if (ok)
            w->cut[kept++] = w->cut[c];
    }
    return kept;
}

static int cut_emit(mip_state *s, const mip_cut_work *w,
                    const mip_cut_info *c)
{
    bnb_lp_view view = {s};
    bnb_event ev = {.type = BNB_EV_CUT, .view = &view, .cut_kind = c->kind,
                    .cut_len = c->len, .cut_row = c->row,
                    .cut_col = c->col, .cut_cols = w->col + c->start,
                    .cut_vals = w->val + c->start, .cut_rhs = c->rhs};
    return mip_emit(s, &ev);
}

bnb_event cut_round_announce(mip_state *s, const mip_cut_work *w, int count,
                             long node, int round)
{
    bnb_event ev = {.type = BNB_EV_CUT_ROUND, .node = node, .round = round,
                    .bound_before = mip_model_objective(
                        s, spx_objective(s->lp))};
    for (int c = 0; c < count; c++) {
        ev.cut_count[w->cut[c].kind]++;
        if (s->observer && cut_emit(s, w, &w->cut[c]))
            s->stop = BNB_STOPPED;
    }
    return ev;
}

void cut_round_done(mip_state *s, bnb_event *ev)
{
    ev->lp_obj = mip_model_objective(s, spx_objective(s->lp));
    ev->lp_iters = spx_iterations(s->lp);
    if (mip_emit(s, ev))
        s->stop = BNB_STOPPED;
}

/* A side of row i that an integral activity meets exactly or misses
 * by a whole unit (none at infinity). */
static int integral_side(double side)
{
    return !isfinite(side) || side == floor(side);
}

/* The model rows' tolerances over the separators' bounds. A row whose
 * activity is integral at every point of integer columns (row_int) with
 * whole sides has none: the check rounds the integer columns, and such
 * a point meets the row exactly or misses it by 1. */
static void row_tolerances(mip_cut_work *w)
{
    for (int i = 0; i < w->s->m; i++)
        w->row_tol[i] = w->row_int[i] && integral_side(w->lo[w->n + i]) &&
                                integral_side(w->up[w->n + i])
                            ? 0
                            : mip_row_tolerance_over(w->s, i, w->lo, w->up);
}

void cut_separate(mip_cut_work *w, int kinds)
{
    row_tolerances(w);
    if (kinds & 1 << BNB_CUT_GOMORY)
        cuts_gomory(w);
    if (kinds & 1 << BNB_CUT_MIR)
        cuts_mir(w);
    if (kinds & 1 << BNB_CUT_COVER)
        cuts_cover(w);
    if (kinds & 1 << BNB_CUT_COVER && w->s->par.cover_lifting)
        mip_lifted_covers(w->s, w);
    if (kinds & 1 << BNB_CUT_CLIQUE)
        cuts_clique(w);
}

/* The chosen cuts as new LP rows (-inf <= a x <= rhs). */
int cut_add_rows(mip_cut_work *w, int count)
{
    int *start = malloc(((size_t)count + 1) * sizeof *start);
    double *lo = malloc(((size_t)count + 1) * sizeof *lo);
    double *up = malloc(((size_t)count + 1) * sizeof *up);
    int *idx = malloc(((size_t)w->used + 1) * sizeof *idx);
    double *val = malloc(((size_t)w->used + 1) * sizeof *val);
    int ok = (start && lo && up && idx && val) || cut_nomem(w), at = 0;
    for (int c = 0; ok && c < count; c++) {
        start[c] = at;
        lo[c] = -INFINITY;
        up[c] = w->cut[c].rhs;
        for (int k = 0; k < w->cut[c].len; k++, at++) {
            idx[at] = w->col[w->cut[c].start + k];
            val[at] = w->val[w->cut[c].start + k];
        }
    }
    if (ok) {
        start[count] = at;
        ok = spx_change_rows(w->lp, NULL, count, start, idx, val, lo,
                             up) == 0 || cut_nomem(w);
    }
    free(start); free(lo); free(up); free(idx); free(val);
    return ok;
}

/* ---- the work's life ----------------------------------------------- */

/* x_j <= u y from a two-entry row a x_j + b y <= 0 (or >= 0) of the
 * model, x_j continuous, y an integer column with bounds [0, 1]. */
void cut_find_vubs(mip_cut_work *w)
{
    const mip_state *s = w->s;
    for (int j = 0; j < w->n; j++)
        w->vub_col[j] = -1;
    for (int r = 0; r < s->m; r++) {
        int i = s->prop.row_order[r], len;   /* of two VUBs, the later key's,
                                           not the later row */
        const int *cols;
        const double *vals;
        spx_row(w->lp, i, &len, &cols, &vals);
        double rlo = w->lo[w->n + i], rup = w->up[w->n + i];
        if (len != 2 || !((rup == 0 && isinf(rlo)) || (rlo == 0 && isinf(rup))))
            continue;
        for (int t = 0; t < 2; t++) {
            int j = cols[t], y = cols[1 - t];
            double a = rup == 0 ? vals[t] : -vals[t];
            double b = rup == 0 ? vals[1 - t] : -vals[1 - t];
            if (s->is_int[j] || !s->is_int[y] || w->lo[y] != 0 ||
                w->up[y] != 1 || a <= 0 || b >= 0)
                continue;
            w->vub_col[j] = y;
            w->vub_val[j] = -b / a;
            w->vub_row[j] = i;
        }
    }
}

int cut_work_init(mip_cut_work *w, mip_state *s)
{
    memset(w, 0, sizeof *w);
    w->s = s;
    w->lp = s->lp;
    w->n = s->n;
    size_t n = (size_t)s->n + 1;
    w->dense = calloc(n, sizeof *w->dense);
    w->nz = malloc(n * sizeof *w->nz);
    w->in = calloc(n, 1);
    w->mag = calloc(n, sizeof *w->mag);
    w->vub_col = malloc(n * sizeof *w->vub_col);
    w->vub_val = malloc(n * sizeof *w->vub_val);
    w->vub_row = malloc(n * sizeof *w->vub_row);
    w->row_tol = malloc(((size_t)s->m + 1) * sizeof *w->row_tol);
    return w->dense && w->nz && w->in && w->mag && w->vub_col &&
           w->vub_val && w->vub_row && w->row_tol;
}

void cut_work_free(mip_cut_work *w)
{
    free(w->dense); free(w->nz); free(w->in); free(w->mag);
    free(w->vub_col); free(w->vub_val); free(w->vub_row); free(w->row_tol);
    free(w->row_int); free(w->alpha);
    free(w->cut); free(w->col); free(w->val);
    cuts_clique_free(w);
}

/* Row i's activity is integral in every integer solution: integer
 * columns with integer coefficients only. */
static int row_integral(const mip_cut_work *w, int i)
{
    int len;
    const int *cols;
    const double *vals;
    spx_row(w->lp, i, &len, &cols, &vals);
    for (int k = 0; k < len; k++)
        if (!w->s->is_int[cols[k]] || vals[k] != round(vals[k]))
            return 0;
    return 1;
}

/* The LP as it is now (rows grow every round). */
int cut_work_refresh(mip_cut_work *w)
{
    w->m = spx_rows(w->lp);
    w->nt = w->n + w->m;
    w->x = spx_values(w->lp);
    w->lo = spx_lower(w->lp);
    w->up = spx_upper(w->lp);
    free(w->row_int);
    free(w->alpha);
    w->row_int = malloc((size_t)w->m + 1);
    w->alpha = calloc((size_t)w->nt + 1, sizeof *w->alpha);
    if (!w->row_int || !w->alpha)
        return cut_nomem(w);
    for (int i = 0; i < w->m; i++)
        w->row_int[i] = (char)row_integral(w, i);
    w->ncut = 0;
    w->used = 0;
    return 1;
}

static int lp_fractional(const mip_cut_work *w)
{
    for (int j = 0; j < w->n; j++)
        if (w->s->is_int[j] &&
            fabs(w->x[j] - round(w->x[j])) > w->s->par.tol_int)
            return 1;
    return 0;
}

/* Drops the cuts whose slack is basic: the rest of the basis stays
 * optimal without them, and every node would pay for them. */
static void drop_slack_cuts(mip_state *s)
{
    int m = spx_rows(s->lp), n = s->n, any = 0, zero = 0;
    char *drop = calloc((size_t)m + 1, 1);
    if (!drop) {
        s->out_of_memory = 1;
        return;
    }
    for (int i = s->m; i < m; i++) {
        drop[i] = spx_var_status(s->lp, n + i) == SPX_BASIC;
        any |= drop[i];
    }
    if (any && spx_change_rows(s->lp, drop, 0, &zero, NULL, NULL, NULL,
                               NULL) == 0)
        spx_dual(s->lp, INFINITY);
    else if (any)
        s->out_of_memory = 1;
    free(drop);
}

/* One round; returns the number of cuts added, -1 when the LP failed,
 * -2 when a limit stopped it (its cuts, all valid, stay). */
static int cut_round(mip_cut_work *w, int round, spx_status *st)
{
    mip_state *s = w->s;
    if (!cut_work_refresh(w))
        return 0;
    cut_separate(w, s->par.cuts);
    int most = w->m >= CUT_MAX_PER_ROUND   ? CUT_MAX_PER_ROUND
               : w->m > CUT_MIN_PER_ROUND ? w->m
                                          : CUT_MIN_PER_ROUND;
    int count = cut_select(w, most);
    /* the LP's rebuild with the new rows (its factors too) takes a tenth
     * of a second on a large model: not when the last one would end
     * past the time limit */
    double now = mip_clock();
    if (count == 0 || mip_out_of_time(s) ||
        now - s->start + w->rebuild_secs >= s->par.time_limit)
        return 0;
    bnb_event ev = cut_round_announce(s, w, count, 0, round);
    int added = cut_add_rows(w, count);
    w->rebuild_secs = mip_clock() - now;
    if (!added)
        return 0;
    *st = spx_dual(s->lp, INFINITY);
    if (*st == SPX_STOPPED)
        return -2;
    if (*st != SPX_OPTIMAL)
        return -1;
    /* valid cuts: the LP's optimum bounds the model (kept if a limit
     * stops a later round) */
    s->bound = fmax(s->bound, spx_objective(s->lp));
    cut_round_done(s, &ev);
    return count;
}

/* The LP without the cut rows from 'first' on, by the primal simplex
 * from what is left of the basis. */
static spx_status drop_cuts_from(mip_state *s, int first)
{
    int m = spx_rows(s->lp), zero = 0;
    char *drop = calloc((size_t)m + 1, 1);
    if (!drop) {
        s->out_of_memory = 1;
        return SPX_NUMERIC;
    }
    memset(drop + first, 1, (size_t)(m - first));
    spx_status st = SPX_NUMERIC;
    if (spx_change_rows(s->lp, drop, 0, &zero, NULL, NULL, NULL, NULL) == 0)
        st = spx_primal(s->lp);
    else
        s->out_of_memory = 1;
    free(drop);
    return st;
}

static spx_status drop_all_cuts(mip_state *s)
{
    return drop_cuts_from(s, s->m);
}

/* The LP failed with a round's cuts. The rounds before it were solved to
 * their optimum, so only this round's rows are suspect: without them the
 * LP is the last one that was solved (the search would otherwise lose
 * every round for one, and its bound with them). */
static spx_status drop_failed_round(mip_state *s, int first)
{
    spx_status st = drop_cuts_from(s, first);
    return st == SPX_OPTIMAL || first == s->m ? st : drop_all_cuts(s);
}

int mip_cuts_wanted(const mip_state *s)
{
    return s->par.cuts && s->has_objective && !s->par.lp_only &&
           bnb_num_int_cols(s->model) > 0;
}

spx_status mip_cuts_root(mip_state *s)
{
    mip_technique_ran(s, MIP_TECH_CUTS);
    mip_cut_work w;
    if (!cut_work_init(&w, s)) {
        cut_work_free(&w);
        s->out_of_memory = 1;
        return SPX_OPTIMAL;
    }
    w.lo = spx_lower(s->lp);
    w.up = spx_upper(s->lp);
    cut_find_vubs(&w);
    /* until a round measures it: a rebuild copies the LP and factors it */
    w.rebuild_secs = 2 * spx_refactor_seconds(s->lp);
    spx_status st = SPX_OPTIMAL;
    double z = spx_objective(s->lp), z0 = z;
    int stalled = 0;
    long it0 = spx_iterations(s->lp);
    long budget = CUT_ITER_FACTOR * it0 > CUT_MIN_ITERS ? CUT_ITER_FACTOR * it0
                                                       : CUT_MIN_ITERS;
    for (int round = 1; round <= s->par.cut_rounds; round++) {
        w.x = spx_values(s->lp);
        if (!lp_fractional(&w) || s->stop != BNB_OPTIMAL ||
            mip_out_of_time(s) || spx_iterations(s->lp) - it0 > budget)
            break;
        int rows_before = spx_rows(s->lp);
        int added = cut_round(&w, round, &st);
        if (added == -2)
            break;
        if (added == -1) {
            st = drop_failed_round(s, rows_before);
            break;
        }
        if (added == 0)
            break;
        double z_new = spx_objective(s->lp);
        stalled = z_new - z < CUT_STALL * (1 + fabs(z)) ? stalled + 1 : 0;
        z = z_new;
        if (stalled >= CUT_STALL_ROUNDS)
            break;
    }
    s->root_lp_obj = z0;
    s->root_cut_obj = z;
    /* past a limit the search stops at once: the cuts stay, unpruned */
    int keep = st != SPX_OPTIMAL || mip_out_of_time(s);
    if (!keep && z - z0 < CUT_STALL * (1 + fabs(z0)) && spx_rows(s->lp) > s->m)
        st = drop_all_cuts(s);   /* they only make the nodes' LPs larger */
    else if (!keep)
        drop_slack_cuts(s);
    cut_work_free(&w);
    return st;
}
