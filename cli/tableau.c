/*
 * tableau.c -- --tableau: the simplex tableau as a textbook prints it,
 * one row per basic variable, the reduced-cost row d below, values on
 * the right, exact small fractions written as fractions (`9/4`).
 */
#include "teach.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The largest tableau printed: rows x (columns + slacks). */
#define CLI_TABLEAU_MAX_ROWS 12
#define CLI_TABLEAU_MAX_VARS 24
/* Denominators tried when writing a value as a fraction. */
#define CLI_FRACTION_MAX_DEN 64
/* |v - p/q| <= CLI_FRACTION_TOL * (1 + |v|) counts v as exactly p/q. */
#define CLI_FRACTION_TOL 1e-9
/* Longest text in a cell of the tableau; longer names are cut. */
#define CLI_CELL 12

void cli_var_name(const bnb_model *m, int k, char *buf, size_t len)
{
    int n = bnb_num_cols(m);
    if (k < n)
        snprintf(buf, len, "%s", bnb_col_name(m, k));
    else if (k - n >= bnb_num_rows(m))   /* a cut's row */
        snprintf(buf, len, "s_cut%d", k - n - bnb_num_rows(m) + 1);
    else
        snprintf(buf, len, "s_%s", bnb_row_name(m, k - n));
}

double cli_slack_sign(const bnb_model *m, int i)
{
    return isinf(bnb_row_up(m, i)) ? -1.0 : 1.0;
}

/* The right-hand side of row i as the LP has it (rounding may have
 * tightened the file's). */
static double slack_ref(const bnb_model *m, const bnb_lp_view *v, int i)
{
    int k = bnb_num_cols(m) + i;
    return cli_slack_sign(m, i) > 0 ? bnb_view_up(v, k) : bnb_view_lo(v, k);
}

void cli_fraction(char *buf, size_t len, double v)
{
    if (fabs(v) <= CLI_FRACTION_TOL) {
        snprintf(buf, len, "0");
        return;
    }
    for (int q = 1; q <= CLI_FRACTION_MAX_DEN; q++) {
        double p = round(v * q);
        if (fabs(v - p / q) > CLI_FRACTION_TOL * (1 + fabs(v)) ||
            fabs(p) >= 1e9)
            continue;
        if (q == 1)
            snprintf(buf, len, "%.0f", p);
        else
            snprintf(buf, len, "%.0f/%d", p, q);
        return;
    }
    snprintf(buf, len, "%.4g", v);
}

int cli_tableau_fits(FILE *out, const bnb_model *m)
{
    int rows = bnb_num_rows(m), vars = bnb_num_cols(m) + rows;
    if (rows <= CLI_TABLEAU_MAX_ROWS && vars <= CLI_TABLEAU_MAX_VARS)
        return 1;
    fprintf(out, "# --tableau: this model has %d row%s and %d column%s with "
            "its slacks; a tableau is printed up to %d x %d (use "
            "--trace=lp to see the pivots alone)\n", rows,
            rows == 1 ? "" : "s", vars, vars == 1 ? "" : "s",
            CLI_TABLEAU_MAX_ROWS, CLI_TABLEAU_MAX_VARS);
    return 0;
}

/*
 * The simplex keeps row activities s with A x - s = 0; a textbook keeps
 * slacks t >= 0 with A x + t = b. With t_i = sign_i * (ref_i - s_i),
 * tableau row r over (x, t) is alpha_r with the s-part times -sign_i,
 * scaled so that the basic variable's coefficient is 1; reduced costs
 * of t likewise: d_t = -sign_i * d_s.
 */
static void textbook_row(const bnb_model *m, int head, double *alpha)
{
    int n = bnb_num_cols(m), rows = bnb_num_rows(m);
    for (int i = 0; i < rows; i++)
        alpha[n + i] *= -cli_slack_sign(m, i);
    if (head >= n) {
        double scale = alpha[head];
        for (int k = 0; k < n + rows; k++)
            alpha[k] /= scale;
    }
}

/* The value of variable k in textbook terms (t for a row activity);
 * the auxiliary LP of dual phase 1 has every right-hand side 0. */
static double textbook_value(const bnb_model *m, const bnb_lp_view *v,
                             int k)
{
    int n = bnb_num_cols(m);
    double x = bnb_view_value(v, k);
    if (k < n)
        return x;
    double rhs = bnb_view_auxiliary(v) ? 0.0 : slack_ref(m, v, k - n);
    return cli_slack_sign(m, k - n) * (rhs - x);
}

/* x_B + sum_k a_k x_k = c holds for every point, so c is read off the
 * current one: c = x_B + sum over nonbasic k of a_k x_k. */
static void print_equation(FILE *out, const bnb_model *m,
                           const bnb_lp_view *v, int col, const double *a)
{
    int nt = bnb_num_cols(m) + bnb_num_rows(m);
    double c = textbook_value(m, v, col);
    char name[256], num[40];
    cli_var_name(m, col, name, sizeof name);
    fprintf(out, "%s", name);
    for (int k = 0; k < nt; k++) {
        if (k == col || fabs(a[k]) <= CLI_FRACTION_TOL)
            continue;
        c += a[k] * textbook_value(m, v, k);
        cli_fraction(num, sizeof num, fabs(a[k]));
        cli_var_name(m, k, name, sizeof name);
        fprintf(out, " %c %s%s%s", a[k] < 0 ? '-' : '+',
                strcmp(num, "1") ? num : "", strcmp(num, "1") ? " " : "",
                name);
    }
    cli_fraction(num, sizeof num, c);
    fprintf(out, " = %s\n", num);
}

void cli_tableau_equation(FILE *out, const bnb_model *m,
                          const bnb_lp_view *v, int col, const char *indent)
{
    int rows = bnb_num_rows(m), nt = bnb_num_cols(m) + rows, r = 0;
    if (bnb_view_rows(v) != rows)
        return;
    while (r < rows && bnb_view_head(v, r) != col)
        r++;
    double *alpha = malloc((size_t)(nt ? nt : 1) * sizeof *alpha);
    if (r == rows || !alpha) {
        free(alpha);
        return;
    }
    bnb_view_tableau_row(v, r, alpha);
    textbook_row(m, col, alpha);
    fprintf(out, "%s", indent);
    print_equation(out, m, v, col, alpha);
    free(alpha);
}

/* The tableau rendered cell by cell, then printed column-aligned. */
typedef struct grid {
    int rows, cols;          /* m + 2 lines, n + m + 2 cells each       */
    char cell[CLI_TABLEAU_MAX_ROWS + 2][CLI_TABLEAU_MAX_VARS + 2]
             [CLI_CELL + 1];
} grid;

/* s cut to CLI_CELL characters. */
static void put_cell(char *cell, const char *s)
{
    size_t n = strlen(s);
    n = n < CLI_CELL ? n : CLI_CELL;
    memcpy(cell, s, n);
    cell[n] = '\0';
}

static void render_number(char *cell, double v)
{
    char buf[40];
    cli_fraction(buf, sizeof buf, v);
    put_cell(cell, buf);
}

static void render_header(grid *g, const bnb_model *m)
{
    put_cell(g->cell[0][0], "basis");
    for (int k = 0; k < g->cols - 2; k++)
        cli_var_name(m, k, g->cell[0][k + 1], CLI_CELL + 1);
    put_cell(g->cell[0][g->cols - 1], "value");
}

/* Body line `line` shows basis row r. */
static void render_body_row(grid *g, const bnb_model *m,
                            const bnb_lp_view *v, int line, int r,
                            double *alpha)
{
    int head = bnb_view_head(v, r), nt = g->cols - 2;
    char (*cells)[CLI_CELL + 1] = g->cell[line + 1];
    bnb_view_tableau_row(v, r, alpha);
    textbook_row(m, head, alpha);
    cli_var_name(m, head, cells[0], CLI_CELL + 1);
    for (int k = 0; k < nt; k++)
        render_number(cells[k + 1], alpha[k]);
    render_number(cells[nt + 1], textbook_value(m, v, head));
}

/* The body lists the basis rows by basic variable (columns, then
 * slacks): the simplex's own row order changes at refactorizations and
 * means nothing to a reader. */
static void render_body(grid *g, const bnb_model *m, const bnb_lp_view *v,
                        double *alpha)
{
    int order[CLI_TABLEAU_MAX_ROWS], rows = bnb_num_rows(m);
    for (int r = 0; r < rows; r++) {
        int at = r, k = bnb_view_head(v, r);
        while (at > 0 && bnb_view_head(v, order[at - 1]) > k) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = r;
    }
    for (int line = 0; line < rows; line++)
        render_body_row(g, m, v, line, order[line], alpha);
}

/* The objective in the model's own sense, from the column values. */
static double objective(const bnb_model *m, const bnb_lp_view *v)
{
    double z = bnb_obj_offset(m);
    for (int j = 0; j < bnb_num_cols(m); j++)
        z += bnb_col_obj(m, j) * bnb_view_value(v, j);
    return z;
}

static int render_cost_row(grid *g, const bnb_model *m,
                           const bnb_lp_view *v, double *d)
{
    int n = bnb_num_cols(m), nt = g->cols - 2, last = g->rows - 1;
    if (bnb_view_reduced_costs(v, d) != BNB_OK)
        return -1;
    put_cell(g->cell[last][0], "d");
    for (int k = 0; k < nt; k++)
        render_number(g->cell[last][k + 1],
                      k < n ? d[k] : -cli_slack_sign(m, k - n) * d[k]);
    char z[40] = "z = ";
    cli_fraction(z + 4, sizeof z - 4, objective(m, v));
    put_cell(g->cell[last][nt + 1], z);
    return 0;
}

static void print_rule(FILE *out, const grid *g, const int *width,
                       const char *indent)
{
    fprintf(out, "%s", indent);
    for (int c = 0; c < g->cols; c++) {
        for (int k = 0; k < width[c] + (c > 0); k++)
            fputc('-', out);
        if (c == 0 || c == g->cols - 2)
            fprintf(out, "-+");
    }
    fputc('\n', out);
}

/* Basis names left-aligned, numbers right-aligned, bars around the
 * body, a rule above the reduced-cost row. */
static void print_grid(FILE *out, const grid *g, const char *indent)
{
    int width[CLI_TABLEAU_MAX_VARS + 2];
    for (int c = 0; c < g->cols; c++) {
        width[c] = 1;
        for (int r = 0; r < g->rows; r++) {
            int w = (int)strlen(g->cell[r][c]);
            width[c] = w > width[c] ? w : width[c];
        }
    }
    for (int r = 0; r < g->rows; r++) {
        if (r == 1 || r == g->rows - 1)
            print_rule(out, g, width, indent);
        fprintf(out, "%s%-*s |", indent, width[0], g->cell[r][0]);
        for (int c = 1; c < g->cols - 1; c++)
            fprintf(out, " %*s", width[c], g->cell[r][c]);
        fprintf(out, " | %s\n", g->cell[r][g->cols - 1]);
    }
}

int cli_at_upper(const bnb_lp_view *v, int k)
{
    double lo = bnb_view_lo(v, k), up = bnb_view_up(v, k);
    return lo < up && isfinite(up) &&
           fabs(bnb_view_value(v, k) - up) <= CLI_FRACTION_TOL * (1 + fabs(up));
}

int cli_at_lower(const bnb_lp_view *v, int k)
{
    double lo = bnb_view_lo(v, k), up = bnb_view_up(v, k);
    return lo < up && isfinite(lo) &&
           fabs(bnb_view_value(v, k) - lo) <= CLI_FRACTION_TOL * (1 + fabs(lo));
}

/* Nonbasic variables away from 0, and columns at their upper bound:
 * the bounded simplex keeps them at a bound, and the values column only
 * holds with them in place. A column at its upper bound u is the
 * textbook's x' = u - x at 0. */
static void print_nonbasic(FILE *out, const bnb_model *m,
                           const bnb_lp_view *v, const char *indent)
{
    int n = bnb_num_cols(m), nt = n + bnb_num_rows(m), any = 0;
    char *basic = calloc((size_t)nt, 1);
    if (!basic)
        return;
    for (int r = 0; r < bnb_num_rows(m); r++)
        basic[bnb_view_head(v, r)] = 1;
    for (int k = 0; k < nt; k++) {
        double x = textbook_value(m, v, k);
        int upper = k < n && !bnb_view_auxiliary(v) && cli_at_upper(v, k);
        if (basic[k] || (fabs(x) <= CLI_FRACTION_TOL && !upper))
            continue;
        char name[64], val[40];
        cli_var_name(m, k, name, sizeof name);
        cli_fraction(val, sizeof val, x);
        fprintf(out, "%s%s %s = %s%s", any ? "," : indent,
                any ? "" : "nonbasic away from 0:", name, val,
                upper ? " (its upper bound)" : "");
        any = 1;
    }
    if (any)
        fprintf(out, "\n");
    free(basic);
}

/* One row's text: "x + y - 2 w <= 4" (coefficients as fractions). */
static void print_row_text(FILE *out, const bnb_model *m, const double *a,
                           double lo, double up)
{
    char num[40];
    int any = 0;
    if (isfinite(lo) && isfinite(up) && lo != up) {
        cli_fraction(num, sizeof num, lo);
        fprintf(out, "%s <= ", num);
    }
    for (int j = 0; j < bnb_num_cols(m); j++) {
        if (a[j] == 0)
            continue;
        cli_fraction(num, sizeof num, fabs(a[j]));
        int one = strcmp(num, "1") == 0;
        fprintf(out, "%s%s%s%s", a[j] < 0 ? (any ? " - " : "-")
                                          : (any ? " + " : ""),
                one ? "" : num, one ? "" : " ", bnb_col_name(m, j));
        any = 1;
    }
    if (!any)
        fprintf(out, "0");
    cli_fraction(num, sizeof num, isfinite(up) ? up : lo);
    fprintf(out, " %s %s", lo == up ? "=" : isfinite(up) ? "<=" : ">=", num);
}

/* Do a and b differ beyond rounding? */
static int differ(double a, double b)
{
    if (isinf(a) || isinf(b))
        return a != b;
    return fabs(a - b) > CLI_FRACTION_TOL * (1 + fabs(a) + fabs(b));
}

/* Model row i as dense coefficients into file[], the LP's into lp[];
 * 1 when they differ, bounds included. */
static int row_changed(const bnb_model *m, const bnb_lp_view *v, int i,
                       double *file, double *lp)
{
    int n = bnb_num_cols(m), len, changed = 0;
    const int *cols;
    const double *vals;
    for (int j = 0; j < n; j++)
        file[j] = lp[j] = 0;
    for (int k = 0; k < bnb_row_len(m, i); k++)
        file[bnb_row_cols(m, i)[k]] += bnb_row_vals(m, i)[k];
    bnb_view_row(v, i, &len, &cols, &vals);
    for (int k = 0; k < len; k++)
        lp[cols[k]] += vals[k];
    for (int j = 0; j < n; j++)
        changed |= differ(file[j], lp[j]);
    return changed || differ(bnb_row_lo(m, i), bnb_view_lo(v, n + i)) ||
           differ(bnb_row_up(m, i), bnb_view_up(v, n + i));
}

int cli_tableau_lp_rows(FILE *out, const bnb_model *m, const bnb_lp_view *v,
                        const char *indent)
{
    int n = bnb_num_cols(m), count = 0;
    double *file = malloc(2 * (size_t)(n ? n : 1) * sizeof *file);
    if (!file)
        return 0;
    double *lp = file + n;
    for (int i = 0; i < bnb_num_rows(m); i++) {
        if (!row_changed(m, v, i, file, lp))
            continue;
        if (count++ == 0)
            fprintf(out, "%sthe LP's rows as the simplex has them, where "
                    "presolve changed the file's (coefficient tightening "
                    "and rounding keep every integer point):\n", indent);
        fprintf(out, "%s  %s: ", indent, bnb_row_name(m, i));
        print_row_text(out, m, lp, bnb_view_lo(v, n + i),
                       bnb_view_up(v, n + i));
        fprintf(out, "   (the file: ");
        print_row_text(out, m, file, bnb_row_lo(m, i), bnb_row_up(m, i));
        fprintf(out, ")\n");
    }
    free(file);
    return count;
}

void cli_tableau_print(FILE *out, const bnb_model *m, const bnb_lp_view *v,
                       const char *indent)
{
    int nt = bnb_num_cols(m) + bnb_num_rows(m);
    if (bnb_view_rows(v) != bnb_num_rows(m)) {
        int cuts = bnb_view_rows(v) - bnb_num_rows(m);
        fprintf(out, "%s(the tableau with %d cut row%s is not shown)\n",
                indent, cuts, cuts == 1 ? "" : "s");
        return;
    }
    grid *g = calloc(1, sizeof *g);
    double *work = malloc((size_t)(nt ? nt : 1) * sizeof *work);
    int ok = g && work;
    if (ok) {
        g->rows = bnb_num_rows(m) + 2;
        g->cols = nt + 2;
        render_header(g, m);
        render_body(g, m, v, work);
        ok = render_cost_row(g, m, v, work) == 0;
    }
    if (ok) {
        if (bnb_view_auxiliary(v))
            fprintf(out, "%sdual phase 1's auxiliary LP (bounds 0, a "
                    "missing one a box of width 1 in the simplex's scaled "
                    "units):\n", indent);
        print_grid(out, g, indent);
        print_nonbasic(out, m, v, indent);
    } else
        fprintf(out, "%s(tableau: out of memory)\n", indent);
    free(g);
    free(work);
}

/* ---- why a node is infeasible ---------------------------------------- */

/* Multipliers within this ratio of each other are scaled so that the
 * smallest is 1 (small whole numbers where the proof has them); wider
 * spreads so that the largest is 1. */
#define CLI_WHY_SPREAD 1000.0

static void row_name(const bnb_model *m, int i, char *buf, size_t len)
{
    if (i < bnb_num_rows(m))
        snprintf(buf, len, "%s", bnb_row_name(m, i));
    else
        snprintf(buf, len, "cut%d", i - bnb_num_rows(m) + 1);
}

/* " + 2 NAME" / " - NAME" / "NAME" (first): one term of a sum. */
static void print_term(FILE *out, double a, const char *name, int first)
{
    char num[40];
    cli_fraction(num, sizeof num, fabs(a));
    int one = strcmp(num, "1") == 0;
    fprintf(out, "%s%s%s%s", a < 0 ? (first ? "-" : " - ")
                                   : (first ? "" : " + "),
            one ? "" : num, one ? "" : " ", name);
}

/* The factor that makes the multipliers y[rows] read well. */
static double why_scale(const double *y, int rows)
{
    double lo = INFINITY, hi = 0;
    for (int i = 0; i < rows; i++)
        if (y[i] != 0) {
            lo = fmin(lo, fabs(y[i]));
            hi = fmax(hi, fabs(y[i]));
        }
    if (hi == 0)
        return 1;
    return hi <= CLI_WHY_SPREAD * lo ? 1 / lo : 1 / hi;
}

static void why_add_row(cli_why *w, const bnb_model *m, int i, double mult)
{
    if (w->nrows == CLI_WHY_ROWS) {
        w->more_rows++;
        return;
    }
    if (w->nrows == 0)
        w->first_row = i;
    row_name(m, i, w->row[w->nrows], sizeof w->row[0]);
    w->mult[w->nrows++] = mult;
}

/* The terms coef[n], the side the column bounds of v cannot reach
 * (sum <= up or sum >= lo) and the bound they give. */
static void why_finish(cli_why *w, const bnb_model *m, const bnb_lp_view *v,
                       const double *coef, double lo, double up)
{
    double amin = 0, amax = 0;
    for (int j = 0; j < bnb_num_cols(m); j++) {
        if (coef[j] == 0)
            continue;
        double l = bnb_view_lo(v, j), u = bnb_view_up(v, j);
        amin += coef[j] > 0 ? coef[j] * l : coef[j] * u;
        amax += coef[j] > 0 ? coef[j] * u : coef[j] * l;
        w->integer_terms += bnb_col_is_int(m, j) != 0;
        if (w->nterms == CLI_WHY_TERMS) {
            w->more_terms++;
            continue;
        }
        w->col[w->nterms] = j;
        w->coef[w->nterms++] = coef[j];
    }
    w->le = amin - up >= lo - amax;   /* the side with the larger gap */
    w->rhs = w->le ? up : lo;
    w->reach = w->le ? amin : amax;
    if (w->nrows == 1 && w->more_rows == 0 && w->mult[0] < 0) {
        /* one row: as it is written, times 1 */
        double f = -1 / w->mult[0];
        w->mult[0] = 1;
        for (int k = 0; k < w->nterms; k++)
            w->coef[k] *= -f;
        w->le = !w->le;
        w->rhs *= -f;
        w->reach *= -f;
    }
}

int cli_why_lp(const bnb_model *m, const bnb_lp_view *v, cli_why *w)
{
    int rows = bnb_view_rows(v), n = bnb_num_cols(m), ok = 0;
    double *y = malloc((size_t)(rows + n + 1) * sizeof *y), lo, up;
    *w = (cli_why){.first_row = -1};
    if (y && bnb_view_farkas(v, y, y + rows, &lo, &up)) {
        double f = why_scale(y, rows);
        for (int i = 0; i < rows; i++)
            if (y[i] != 0)
                why_add_row(w, m, i, f * y[i]);
        for (int j = 0; j < n; j++)
            y[rows + j] *= f;
        why_finish(w, m, v, y + rows, f * lo, f * up);
        ok = 1;
    }
    free(y);
    return ok;
}

int cli_why_row(const bnb_model *m, const bnb_lp_view *v, int i, cli_why *w)
{
    int n = bnb_num_cols(m), len;
    const int *cols;
    const double *vals;
    *w = (cli_why){.first_row = -1};
    if (i < 0 || i >= bnb_view_rows(v))
        return 0;
    double *coef = calloc((size_t)(n ? n : 1), sizeof *coef);
    if (!coef)
        return 0;
    bnb_view_row(v, i, &len, &cols, &vals);
    for (int k = 0; k < len; k++)
        coef[cols[k]] += vals[k];
    why_add_row(w, m, i, 1);
    why_finish(w, m, v, coef, bnb_view_lo(v, n + i), bnb_view_up(v, n + i));
    free(coef);
    return 1;
}

void cli_why_print(FILE *out, const bnb_model *m, const cli_why *w,
                   const char *indent)
{
    char num[40], reach[40];
    int one = w->nrows == 1 && w->more_rows == 0 && w->mult[0] == 1;
    fprintf(out, "%swhy: %s", indent, one ? "row " : "the rows ");
    for (int k = 0; k < w->nrows; k++)
        print_term(out, one ? 1 : w->mult[k], w->row[k], k == 0);
    if (w->more_rows > 0)
        fprintf(out, " ... and %d more row%s", w->more_rows,
                w->more_rows == 1 ? "" : "s");
    fprintf(out, one ? " says " : " add up to ");
    for (int k = 0; k < w->nterms; k++)
        print_term(out, w->coef[k], bnb_col_name(m, w->col[k]), k == 0);
    if (w->nterms == 0)
        fprintf(out, "0");
    if (w->more_terms > 0)
        fprintf(out, " ... and %d more term%s", w->more_terms,
                w->more_terms == 1 ? "" : "s");
    cli_fraction(num, sizeof num, w->rhs);
    cli_fraction(reach, sizeof reach, w->reach);
    double gap = w->le ? w->reach - w->rhs : w->rhs - w->reach;
    if (gap > CLI_FRACTION_TOL * (1 + fabs(w->rhs)))
        fprintf(out, " %s %s, which cannot hold: under the node's bounds "
                "its left side is at %s %s\n", w->le ? "<=" : ">=", num,
                w->le ? "least" : "most", reach);
    else if (w->integer_terms > 0)
        /* propagation: the bounds reach it, integers do not */
        fprintf(out, " %s %s, which the node's bounds meet (its left side "
                "reaches %s) only with an integer column at a fractional "
                "value\n", w->le ? "<=" : ">=", num, reach);
    else   /* an LP's certificate whose gap the digits shown hide */
        fprintf(out, " %s %s, which cannot hold: under the node's bounds "
                "its left side is at %s %s, short by %.3g (below the "
                "digits shown)\n", w->le ? "<=" : ">=", num,
                w->le ? "least" : "most", reach, gap);
}
