/*
 * lpwrite.c -- writes a model as a CPLEX-LP file that glpsol, cbc, HiGHS
 * and CPLEX read unchanged, laid out for a person: one row per line (long
 * rows wrap at 78 characters), rows and columns in model order.
 *
 * Names. A name is kept when every reader takes it: letters, digits and
 * ! # $ % & ( ) , . ? @ _ { } ~ only, not starting with a digit or '.',
 * not a keyword (free, st, end, bounds, ...), not starting with "inf" or
 * "nan" (HiGHS reads those as numbers). Otherwise '[' ']' become '(' ')',
 * any other character '_', and a name that still starts badly gets a
 * leading '_'. Kept names are reserved first, so a changed name that
 * clashes with another gets _2, _3, ... (in model order).
 *
 * What glpsol and cbc cannot read is written as an equivalent:
 *   a ranged row R (lo < up, both finite): two rows R_lo (>= lo) and
 *   R_up (<= up); an objective constant C: a column obj_const fixed at 1
 *   with cost C. A column in no row and without cost appears as "+ 0 x"
 *   in the objective, so that it exists; a free row is ">= -inf".
 */
#include "modelio.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define WRAP 78      /* a line is broken before it gets longer than this */
#define INDENT "   " /* what a continued line starts with */

typedef struct {
    FILE *f;
    const bnb_model *m;
    char **row_name;   /* [rows] */
    char **lo_name;    /* [rows] a ranged row's two rows, else NULL */
    char **up_name;    /* [rows] */
    char **col_name;   /* [cols] */
    char *obj_name;
    char *const_name;  /* the objective constant's column, or NULL */
    char *in_row;      /* [cols] the column has a coefficient in a row */
    int renamed;       /* names changed to fit the format */
    int pos;           /* length of the line being written */
} lp_writer;

static const char *keywords[] = {
    "free", "st", "s.t.", "st.", "subject", "such", "bound", "bounds",
    "general", "generals", "gen", "integer", "integers", "binary",
    "binaries", "bin", "semi", "semis", "sos", "end", "min", "max",
    "minimize", "minimise", "minimum", "maximize", "maximise", "maximum",
};

static int bad_start(const char *s)
{
    if (isdigit((unsigned char)s[0]) || s[0] == '.' ||
        strncasecmp(s, "inf", 3) == 0 || strncasecmp(s, "nan", 3) == 0)
        return 1;
    for (size_t k = 0; k < sizeof keywords / sizeof *keywords; k++)
        if (strcasecmp(s, keywords[k]) == 0)
            return 1;
    return 0;
}

/* Mapping never makes a bad start: it only writes ( ) and _. */
static void lp_legal(const char *in, char *out)
{
    int n = bad_start(in);
    out[0] = '_';
    for (int k = 0; in[k] && n < MIO_NAME_MAX; k++) {
        unsigned char c = (unsigned char)in[k];
        out[n++] = isalnum(c) || (c && strchr("!#$%&(),.?@_{}~", c)) ? c
                   : c == '[' ? '(' : c == ']' ? ')' : '_';
    }
    out[n] = '\0';
}

static int is_ranged(const bnb_model *m, int i)
{
    double lo = bnb_row_lo(m, i), up = bnb_row_up(m, i);
    return isfinite(lo) && isfinite(up) && lo < up;
}

/* name + suffix ("_lo", "_up"), cut to fit, made unique among rows. */
static char *side_name(mio_names *rows, const char *name, const char *suffix)
{
    char buf[MIO_NAME_MAX + 1], side[MIO_NAME_MAX + 1];
    lp_legal(name, buf);
    snprintf(side, sizeof side, "%.*s%s",
             MIO_NAME_MAX - (int)strlen(suffix), buf, suffix);
    return mio_names_unique(rows, side);
}

/* R_lo and R_up for each ranged row R. */
static int range_names(lp_writer *w, mio_names *rows)
{
    int nr = bnb_num_rows(w->m);
    w->lo_name = calloc((size_t)nr + 1, sizeof *w->lo_name);
    w->up_name = calloc((size_t)nr + 1, sizeof *w->up_name);
    if (!w->lo_name || !w->up_name)
        return -1;
    for (int i = 0; i < nr; i++) {
        if (!is_ranged(w->m, i))
            continue;
        w->lo_name[i] = side_name(rows, bnb_row_name(w->m, i), "_lo");
        w->up_name[i] = side_name(rows, bnb_row_name(w->m, i), "_up");
        if (!w->lo_name[i] || !w->up_name[i])
            return -1;
    }
    return 0;
}

static int count_renamed(char **out, const bnb_model *m, int n,
                         const char *(*name_of)(const bnb_model *, int))
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += strcmp(out[i], name_of(m, i)) != 0;
    return k;
}

static int make_names(lp_writer *w)
{
    const bnb_model *m = w->m;
    int nr = bnb_num_rows(m), nc = bnb_num_cols(m), rc = -1;
    mio_names *rows = mio_names_new(), *cols = mio_names_new();
    char buf[MIO_NAME_MAX + 1];
    if (rows && cols &&
        (w->row_name = mio_legal_names(rows, m, nr, bnb_row_name,
                                       lp_legal)) &&
        (w->col_name = mio_legal_names(cols, m, nc, bnb_col_name,
                                       lp_legal)) &&
        range_names(w, rows) == 0) {
        lp_legal(bnb_obj_name(m), buf);
        w->obj_name = mio_names_unique(rows, buf);
        if (bnb_obj_offset(m) != 0)
            w->const_name = mio_names_unique(cols, "obj_const");
        rc = w->obj_name && (w->const_name || bnb_obj_offset(m) == 0) ? 0
                                                                      : -1;
    }
    if (rc == 0)
        w->renamed = count_renamed(w->row_name, m, nr, bnb_row_name) +
                     count_renamed(w->col_name, m, nc, bnb_col_name);
    mio_names_free(rows);
    mio_names_free(cols);
    return rc;
}

/* ---------------------------------------------------------------- */
/* Lines that wrap                                                   */
/* ---------------------------------------------------------------- */

static void begin_line(lp_writer *w, const char *name)
{
    w->pos = fprintf(w->f, " %s:", name);
}

/* Appends " item", first breaking the line if it would get too long. */
static void put(lp_writer *w, const char *item)
{
    int n = (int)strlen(item);
    if (w->pos + 1 + n > WRAP && w->pos > (int)sizeof INDENT) {
        fputs("\n" INDENT, w->f);
        w->pos = (int)sizeof INDENT - 1;
    }
    w->pos += fprintf(w->f, " %s", item);
}

static void end_line(lp_writer *w)
{
    fputc('\n', w->f);
    w->pos = 0;
}

/* "+ 3 x", "- x", "2.5 y" (the first term without "+"). */
static void put_term(lp_writer *w, double v, const char *name, int first)
{
    char num[MIO_NUM_LEN], item[MIO_NAME_MAX + MIO_NUM_LEN + 8];
    mio_format(num, fabs(v));
    const char *sign = v < 0 ? "- " : first ? "" : "+ ";
    if (fabs(v) == 1)
        snprintf(item, sizeof item, "%s%s", sign, name);
    else
        snprintf(item, sizeof item, "%s%s %s", sign, num, name);
    put(w, item);
}

static void format_value(char *out, double v)
{
    if (isinf(v))
        strcpy(out, v < 0 ? "-inf" : "+inf");
    else
        mio_format(out, v);
}

/* ---------------------------------------------------------------- */
/* Sections                                                          */
/* ---------------------------------------------------------------- */

static void write_objective(lp_writer *w)
{
    const bnb_model *m = w->m;
    int terms = 0;
    fputs(bnb_model_sense(m) == BNB_MAXIMIZE ? "Maximize\n" : "Minimize\n",
          w->f);
    begin_line(w, w->obj_name);
    for (int j = 0; j < bnb_num_cols(m); j++)
        if (bnb_col_obj(m, j) != 0 || !w->in_row[j])
            put_term(w, bnb_col_obj(m, j), w->col_name[j], !terms++);
    if (w->const_name)
        put_term(w, bnb_obj_offset(m), w->const_name, !terms++);
    if (!terms && bnb_num_cols(m) > 0)
        put_term(w, 0, w->col_name[0], 1);
    end_line(w);
}

static void write_side(lp_writer *w, int i, const char *name,
                       const char *sense, double rhs)
{
    const bnb_model *m = w->m;
    int len = bnb_row_len(m, i);
    begin_line(w, name);
    for (int k = 0; k < len; k++)
        put_term(w, bnb_row_vals(m, i)[k], w->col_name[bnb_row_cols(m, i)[k]],
                 k == 0);
    if (len == 0)
        put_term(w, 0, w->col_name[0], 1);   /* a row needs a term */
    char item[MIO_NUM_LEN + 4];
    format_value(item + sprintf(item, "%s ", sense), rhs);
    put(w, item);
    end_line(w);
}

static void write_rows(lp_writer *w)
{
    const bnb_model *m = w->m;
    fputs("Subject To\n", w->f);
    for (int i = 0; i < bnb_num_rows(m); i++) {
        double lo = bnb_row_lo(m, i), up = bnb_row_up(m, i);
        if (w->lo_name[i]) {
            write_side(w, i, w->lo_name[i], ">=", lo);
            write_side(w, i, w->up_name[i], "<=", up);
        } else {
            write_side(w, i, w->row_name[i],
                       lo == up ? "=" : up == BNB_INF ? ">=" : "<=",
                       up == BNB_INF || lo == up ? lo : up);
        }
    }
}

static void write_col_bounds(lp_writer *w, int j)
{
    double lo = bnb_col_lo(w->m, j), up = bnb_col_up(w->m, j);
    const char *c = w->col_name[j];
    char a[MIO_NUM_LEN], b[MIO_NUM_LEN];
    format_value(a, lo);
    format_value(b, up);
    if (lo == up)
        fprintf(w->f, " %s = %s\n", c, a);
    else if (lo == -BNB_INF && up == BNB_INF)
        fprintf(w->f, " %s free\n", c);
    else if (up == BNB_INF)
        fprintf(w->f, " %s >= %s\n", c, a);
    else
        fprintf(w->f, " %s <= %s <= %s\n", a, c, b);
}

static void write_bounds(lp_writer *w)
{
    const bnb_model *m = w->m;
    int header = 0;
    for (int j = 0; j < bnb_num_cols(m); j++) {
        if (bnb_col_lo(m, j) == 0 && bnb_col_up(m, j) == BNB_INF)
            continue;
        if (!header++)
            fputs("Bounds\n", w->f);
        write_col_bounds(w, j);
    }
    if (w->const_name)
        fprintf(w->f, "%s %s = 1\n", header ? "" : "Bounds\n",
                w->const_name);
}

static void write_generals(lp_writer *w)
{
    const bnb_model *m = w->m;
    if (bnb_num_int_cols(m) == 0)
        return;
    fputs("Generals\n", w->f);
    w->pos = 0;
    for (int j = 0; j < bnb_num_cols(m); j++)
        if (bnb_col_is_int(m, j))
            put(w, w->col_name[j]);
    end_line(w);
}

static void write_header(lp_writer *w)
{
    const bnb_model *m = w->m;
    fprintf(w->f, "\\ %s: %d rows, %d columns (%d integer), %ld nonzeros\n"
            "\\ written by bnb %s\n", bnb_model_name(m), bnb_num_rows(m),
            bnb_num_cols(m), bnb_num_int_cols(m), bnb_num_nonzeros(m),
            BNB_VERSION);
    if (w->renamed)
        fprintf(w->f, "\\ %d names changed to fit the LP format (rule: "
                "docs/FORMATS.md, Model files)\n", w->renamed);
    for (int i = 0; i < bnb_num_rows(m); i++)
        if (w->lo_name[i]) {
            fputs("\\ a ranged row R is written as two rows, R_lo and "
                  "R_up\n", w->f);
            break;
        }
    if (w->const_name)
        fprintf(w->f, "\\ the objective constant is the cost of column %s, "
                "fixed at 1\n", w->const_name);
}

static void mark_columns_in_rows(lp_writer *w)
{
    for (int i = 0; i < bnb_num_rows(w->m); i++)
        for (int k = 0; k < bnb_row_len(w->m, i); k++)
            w->in_row[bnb_row_cols(w->m, i)[k]] = 1;
}

static int write_file(lp_writer *w, const char *path, char *err,
                      size_t errlen)
{
    errno = 0;
    if (!(w->f = mio_open_write(path)))
        return mio_open_failed(path, err, errlen);
    mark_columns_in_rows(w);
    write_header(w);
    write_objective(w);
    write_rows(w);
    write_bounds(w);
    write_generals(w);
    fputs("End\n", w->f);
    if (mio_close_write(w->f)) {
        snprintf(err, errlen, "%s: write error", path);
        return BNB_ERR_IO;
    }
    return BNB_OK;
}

int bnb_write_lp(const bnb_model *m, const char *path, char *err,
                 size_t errlen)
{
    char scratch[8];
    if (!err || errlen == 0) {
        err = scratch;
        errlen = sizeof scratch;
    }
    int nr = bnb_num_rows(m), nc = bnb_num_cols(m);
    if (nr > 0 && nc == 0) {
        snprintf(err, errlen, "%s: a model with rows but no columns has no "
                 "LP form", path);
        return BNB_ERR_ARG;
    }
    lp_writer w = {.m = m, .in_row = calloc((size_t)nc + 1, 1)};
    int rc = w.in_row && make_names(&w) == 0
                 ? write_file(&w, path, err, errlen) : BNB_ERR_NOMEM;
    if (rc == BNB_ERR_NOMEM)
        snprintf(err, errlen, "%s: out of memory", path);
    mio_free_names(w.row_name, nr);
    mio_free_names(w.lo_name, nr);
    mio_free_names(w.up_name, nr);
    mio_free_names(w.col_name, nc);
    free(w.obj_name);
    free(w.const_name);
    free(w.in_row);
    return rc;
}
