/*
 * why.c -- why a node is infeasible, in words: the rows of an infeasible
 * LP's Farkas certificate, or the one row propagation refuted, added up
 * to a row the node's column bounds cannot meet, or that leaves an
 * integer column no whole value.
 */
#include "teach.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Multipliers within this ratio of each other are scaled so that the
 * smallest is 1 (small whole numbers where the proof has them); wider
 * spreads so that the largest is 1. */
#define CLI_WHY_SPREAD 1000.0

/* Significant digits of a value a column is left (more where needed). */
#define CLI_WHY_DIGITS 4
/* Values from this size on read better in digits than as fractions
 * (12654591.8, not 113891326/9). */
#define CLI_WHY_FRACTION_BELOW 1000.0

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
    *w = (cli_why){.first_row = -1, .int_col = -1};
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

/* The values row i's sides [lo, up] leave column j (coefficient
 * coef[j]) over the other columns' bounds in v, within j's own. */
static void why_int_range(cli_why *w, const bnb_lp_view *v, int n,
                          const double *coef, int j, double lo, double up)
{
    double rmin = 0, rmax = 0, c = coef[j];
    for (int k = 0; k < n; k++) {
        if (k == j || coef[k] == 0)
            continue;
        double l = bnb_view_lo(v, k), u = bnb_view_up(v, k);
        rmin += coef[k] > 0 ? coef[k] * l : coef[k] * u;
        rmax += coef[k] > 0 ? coef[k] * u : coef[k] * l;
    }
    double from_lo = (lo - rmax) / c, from_up = (up - rmin) / c;
    w->int_col = j;
    w->int_lo = fmax(bnb_view_lo(v, j), c > 0 ? from_lo : from_up);
    w->int_up = fmin(bnb_view_up(v, j), c > 0 ? from_up : from_lo);
    w->row_lo = lo;
    w->row_up = up;
}

int cli_why_row(const bnb_model *m, const bnb_lp_view *v, int i, cli_why *w)
{
    int n = bnb_num_cols(m), len;
    const int *cols;
    const double *vals;
    *w = (cli_why){.first_row = -1, .int_col = -1};
    if (i < 0 || i >= bnb_view_rows(v))
        return 0;
    double *coef = calloc((size_t)(n ? n : 1), sizeof *coef);
    if (!coef)
        return 0;
    bnb_view_row(v, i, &len, &cols, &vals);
    for (int k = 0; k < len; k++)
        coef[cols[k]] += vals[k];
    why_add_row(w, m, i, 1);
    double lo = bnb_view_lo(v, n + i), up = bnb_view_up(v, n + i);
    why_finish(w, m, v, coef, lo, up);
    int j = bnb_view_failed_col(v);
    if (j >= 0 && coef[j] != 0)
        why_int_range(w, v, n, coef, j, lo, up);
    free(coef);
    return 1;
}

/* The value of a number as cli_fraction or %g wrote it ("-7/3"). */
static double text_value(const char *text)
{
    char *end;
    double p = strtod(text, &end);
    return *end == '/' ? p / strtod(end + 1, NULL) : p;
}

/* Does text, v as written, lie between the same whole numbers as v
 * (and is it whole only if v is)? */
static int keeps_place(const char *text, double v)
{
    double p = text_value(text);
    return floor(p) == floor(v) && ceil(p) == ceil(v);
}

/* v as a small fraction where it is one (1/3), else with the digits. */
static void value_text(char *buf, size_t len, double v, int digits)
{
    cli_fraction(buf, len, v);
    if (!strchr(buf, '/') || fabs(v) >= CLI_WHY_FRACTION_BELOW)
        snprintf(buf, len, "%.*g", digits, v);
}

/* "between lo and hi", or "only lo" when they are one value, with the
 * fewest significant digits (at least CLI_WHY_DIGITS) that keep them
 * apart and each between the same whole numbers as its value: values
 * without a whole number must not read as whole. */
static void print_values(FILE *out, double lo, double hi)
{
    char a[40], b[40];
    int same = 0;
    for (int digits = CLI_WHY_DIGITS; digits <= DBL_DECIMAL_DIG; digits++) {
        value_text(a, sizeof a, lo, digits);
        value_text(b, sizeof b, hi, digits);
        same = strcmp(a, b) == 0;
        if (keeps_place(a, lo) && keeps_place(b, hi) && (!same || lo == hi))
            break;
    }
    if (same)
        fprintf(out, "only %s", a);
    else
        fprintf(out, "values between %s and %s", a, b);
}

/* v with the fewest significant digits (at least CLI_WHY_DIGITS) that
 * read back as v: a row's side as the file gave it. */
static void print_exact(FILE *out, double v)
{
    char text[40];
    for (int digits = CLI_WHY_DIGITS; digits <= DBL_DECIMAL_DIG; digits++) {
        snprintf(text, sizeof text, "%.*g", digits, v);
        if (strtod(text, NULL) == v)
            break;
    }
    fputs(text, out);
}

/* " = 3", " >= 2", " <= 5" or " >= 2 and <= 5": the row's sides. */
static void print_sides(FILE *out, double lo, double up)
{
    if (lo == up) {
        fputs(" = ", out);
        print_exact(out, lo);
        return;
    }
    if (isfinite(lo)) {
        fputs(" >= ", out);
        print_exact(out, lo);
        fputs(isfinite(up) ? " and" : "", out);
    }
    if (isfinite(up)) {
        fputs(" <= ", out);
        print_exact(out, up);
    }
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
    for (int digits = CLI_WHY_DIGITS + 1;
         strcmp(num, reach) == 0 && w->rhs != w->reach &&
         digits <= DBL_DECIMAL_DIG; digits++) {
        /* a side and a reach that differ must not read as one number */
        snprintf(num, sizeof num, "%.*g", digits, w->rhs);
        snprintf(reach, sizeof reach, "%.*g", digits, w->reach);
    }
    double gap = w->le ? w->reach - w->rhs : w->rhs - w->reach;
    if (w->int_col >= 0 && w->int_lo <= w->int_up) {
        /* propagation: the bounds reach the row, whole values do not */
        print_sides(out, w->row_lo, w->row_up);
        fprintf(out, ", which under the node's bounds of the other columns "
                "leaves %s ", bnb_col_name(m, w->int_col));
        print_values(out, w->int_lo, w->int_up);
        fprintf(out, ", %s whole\n",
                w->int_lo == w->int_up ? "not" : "none of them");
    } else if (gap > 0)
        fprintf(out, " %s %s, which cannot hold: under the node's bounds "
                "its left side is at %s %s\n", w->le ? "<=" : ">=", num,
                w->le ? "least" : "most", reach);
    else   /* the proof's miss is in the rounding of its sum */
        fprintf(out, " %s %s, which the node's bounds meet only within "
                "rounding (its left side reaches %s)\n",
                w->le ? "<=" : ">=", num, reach);
}
