/*
 * mpswrite.c -- writes a model as MPS: the fixed card layout (which free
 * MPS readers read too) when every name fits in 8 characters and every
 * number in 12, free MPS otherwise. Names keep their text except blanks
 * and control bytes, which become '_', and the name 'MARKER' (quotes
 * included), which readers take for an integer marker and which becomes
 * _MARKER'; a name made equal to another gets _2, _3, ... (the objective
 * row counts among the rows).
 *
 * Maximising writes an OBJSENSE section; the objective constant C is the
 * RHS -C on the objective row; integer columns always get explicit bounds
 * (readers disagree on the default); a free row is a G row with RHS -1e30
 * (an N row would be dropped); a column in no row gets a 0 objective
 * entry so that it exists.
 */
#include "modelio.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    FILE *f;                  /* NULL: a dry run that only measures */
    int too_wide;             /* some name or number does not fit a card */
    const bnb_model *m;
    char **row_name;          /* [rows] as written */
    char **col_name;          /* [cols] as written */
    char *obj_name;
    int *start;               /* [cols + 1] column-major copy of the rows */
    int *index;               /* [nonzeros] row of each entry */
    double *value;            /* [nonzeros] */
} mps_writer;

/* A row as an MPS row type, RHS and range. */
typedef struct {
    const char *type;
    double rhs, range;
    int has_range;
} row_card;

static void mps_legal(const char *in, char *out)
{
    size_t k = 0;
    for (; in[k] && k < MIO_NAME_MAX; k++) {
        unsigned char c = (unsigned char)in[k];
        out[k] = c <= ' ' || c >= 0x7f ? '_' : (char)c;
    }
    out[k] = '\0';
    if (strcmp(out, "'MARKER'") == 0)
        out[0] = '_';   /* read back as an integer marker, not a name */
}

static int make_names(mps_writer *w)
{
    const bnb_model *m = w->m;
    int nr = bnb_num_rows(m), nc = bnb_num_cols(m);
    mio_names *rows = mio_names_new(), *cols = mio_names_new();
    char buf[MIO_NAME_MAX + 1];
    if (rows && cols) {
        w->row_name = mio_legal_names(rows, m, nr, bnb_row_name, mps_legal);
        w->col_name = mio_legal_names(cols, m, nc, bnb_col_name, mps_legal);
        mps_legal(bnb_obj_name(m), buf);
        w->obj_name = mio_names_unique(rows, buf);
    }
    mio_names_free(rows);
    mio_names_free(cols);
    return w->row_name && w->col_name && w->obj_name ? 0 : -1;
}

/* The rows turned into columns: entries of column j are
 * index/value[start[j] .. start[j+1]), in row order. */
static int transpose(mps_writer *w)
{
    const bnb_model *m = w->m;
    int nc = bnb_num_cols(m);
    long nz = bnb_num_nonzeros(m);
    w->start = calloc((size_t)nc + 1, sizeof *w->start);
    w->index = malloc(((size_t)nz + 1) * sizeof *w->index);
    w->value = malloc(((size_t)nz + 1) * sizeof *w->value);
    int *next = malloc(((size_t)nc + 1) * sizeof *next);
    if (!w->start || !w->index || !w->value || !next) {
        free(next);
        return -1;
    }
    for (int i = 0; i < bnb_num_rows(m); i++)
        for (int k = 0; k < bnb_row_len(m, i); k++)
            w->start[bnb_row_cols(m, i)[k] + 1]++;
    for (int j = 0; j < nc; j++)
        w->start[j + 1] += w->start[j];
    memcpy(next, w->start, ((size_t)nc + 1) * sizeof *next);
    for (int i = 0; i < bnb_num_rows(m); i++)
        for (int k = 0; k < bnb_row_len(m, i); k++) {
            int at = next[bnb_row_cols(m, i)[k]]++;
            w->index[at] = i;
            w->value[at] = bnb_row_vals(m, i)[k];
        }
    free(next);
    return 0;
}

/* One data line in the card layout: fields start in columns 2, 5, 15, 25
 * and 40; a longer name or number shifts the rest (free MPS). */
static void card(mps_writer *w, const char *type, const char *n1,
                 const char *n2, const char *num, const char *n3)
{
    if (strlen(n1) > 8 || strlen(n2) > 8 || strlen(n3) > 8 ||
        strlen(num) > 12)
        w->too_wide = 1;
    if (!w->f)
        return;
    char line[4 * MIO_NAME_MAX + 4 * MIO_NUM_LEN];
    int k = snprintf(line, sizeof line, " %-2s %-8s  %-8s  %-12s   %s",
                     type, n1, n2, num, n3);
    if (k >= (int)sizeof line)
        k = (int)sizeof line - 1;
    while (k > 0 && line[k - 1] == ' ')
        k--;
    fprintf(w->f, "%.*s\n", k, line);
}

static void card_num(mps_writer *w, const char *type, const char *n1,
                     const char *n2, double v)
{
    char num[MIO_NUM_LEN];
    mio_format(num, v);
    card(w, type, n1, n2, num, "");
}

static void out(mps_writer *w, const char *text)
{
    if (w->f)
        fputs(text, w->f);
}

/* A range lo <= a x <= up is written so that the reader's sum gives up
 * back exactly when it can: G lo with R = up - lo, else L up. */
static row_card row_form(double lo, double up)
{
    if (lo == -BNB_INF && up == BNB_INF)
        return (row_card){"G", -MIO_HUGE, 0, 0};
    if (lo == -BNB_INF)
        return (row_card){"L", up, 0, 0};
    if (up == BNB_INF)
        return (row_card){"G", lo, 0, 0};
    if (lo == up)
        return (row_card){"E", lo, 0, 0};
    double range = up - lo;
    if (lo + range != up && up - range == lo)
        return (row_card){"L", up, range, 1};
    return (row_card){"G", lo, range, 1};
}

static void write_rows(mps_writer *w)
{
    out(w, "ROWS\n");
    card(w, "N", w->obj_name, "", "", "");
    for (int i = 0; i < bnb_num_rows(w->m); i++)
        card(w, row_form(bnb_row_lo(w->m, i), bnb_row_up(w->m, i)).type,
             w->row_name[i], "", "", "");
}

static void marker(mps_writer *w, int start)
{
    card(w, "", "MARKER", "'MARKER'", "", start ? "'INTORG'" : "'INTEND'");
}

static void write_columns(mps_writer *w)
{
    int in_int = 0;
    out(w, "COLUMNS\n");
    for (int j = 0; j < bnb_num_cols(w->m); j++) {
        if (bnb_col_is_int(w->m, j) != in_int)
            marker(w, in_int = !in_int);
        double c = bnb_col_obj(w->m, j);
        if (c != 0 || w->start[j] == w->start[j + 1])
            card_num(w, "", w->col_name[j], w->obj_name, c);
        for (int k = w->start[j]; k < w->start[j + 1]; k++)
            card_num(w, "", w->col_name[j], w->row_name[w->index[k]],
                     w->value[k]);
    }
    if (in_int)
        marker(w, 0);
}

/* RHS comes even when empty: cbc's reader needs it before BOUNDS. */
static void write_rhs(mps_writer *w, int ranges)
{
    int header = !ranges;
    out(w, ranges ? "" : "RHS\n");
    for (int i = -1; i < bnb_num_rows(w->m); i++) {
        row_card rc = i < 0 ? (row_card){"N", -bnb_obj_offset(w->m), 0, 0}
                            : row_form(bnb_row_lo(w->m, i),
                                       bnb_row_up(w->m, i));
        double v = ranges ? rc.range : rc.rhs;
        if (v == 0 || (ranges && !rc.has_range))
            continue;
        if (!header++)
            out(w, ranges ? "RANGES\n" : "RHS\n");
        card_num(w, "", ranges ? "RNG" : "RHS",
                 i < 0 ? w->obj_name : w->row_name[i], v);
    }
}

static int needs_bounds(const bnb_model *m, int j)
{
    return bnb_col_lo(m, j) != 0 || bnb_col_up(m, j) != BNB_INF ||
           bnb_col_is_int(m, j);
}

/* LO before UP, so that no reader's rule for a negative UP applies. */
static void write_col_bounds(mps_writer *w, int j)
{
    double lo = bnb_col_lo(w->m, j), up = bnb_col_up(w->m, j);
    const char *c = w->col_name[j];
    if (lo == up) {
        card_num(w, "FX", "BND", c, lo);
        return;
    }
    if (lo == -BNB_INF && up == BNB_INF) {
        card(w, "FR", "BND", c, "", "");
        return;
    }
    if (lo == -BNB_INF)
        card(w, "MI", "BND", c, "", "");
    else if (lo != 0)
        card_num(w, "LO", "BND", c, lo);
    if (up != BNB_INF)
        card_num(w, "UP", "BND", c, up);
    else if (bnb_col_is_int(w->m, j))
        card(w, "PL", "BND", c, "", "");
}

static void write_bounds(mps_writer *w)
{
    int header = 0;
    for (int j = 0; j < bnb_num_cols(w->m); j++) {
        if (!needs_bounds(w->m, j))
            continue;
        if (!header++)
            out(w, "BOUNDS\n");
        write_col_bounds(w, j);
    }
}

static void write_header(mps_writer *w)
{
    const bnb_model *m = w->m;
    char name[MIO_NAME_MAX + 1];
    mps_legal(bnb_model_name(m), name);
    fprintf(w->f, "* %s: %d rows, %d columns (%d integer), %ld nonzeros\n"
            "* written by bnb %s as %s\n", name, bnb_num_rows(m),
            bnb_num_cols(m), bnb_num_int_cols(m), bnb_num_nonzeros(m),
            BNB_VERSION, w->too_wide ? "free MPS (names or numbers too "
            "long for fixed MPS)" : "fixed MPS (free MPS readers read it "
            "too)");
    if (bnb_obj_offset(m) != 0)
        fprintf(w->f, "* objective constant %.17g: the RHS of row %s with "
                "its sign flipped, as\n* CPLEX, cbc and HiGHS read it; "
                "glpsol and lp_solve read it unflipped\n* (lp_solve "
                "-mps_negobjconst flips it)\n", bnb_obj_offset(m),
                w->obj_name);
    fprintf(w->f, "NAME          %s\n", name[0] ? name : "bnb");
    if (bnb_model_sense(m) == BNB_MAXIMIZE)
        fputs("* maximize: read by CPLEX, HiGHS, lp_solve -fmps; glpsol 5.0 "
              "rejects OBJSENSE\n* and cbc 2.10 ignores it (delete these "
              "lines, use glpsol --max or cbc -max)\nOBJSENSE\n    MAX\n",
              w->f);
}

static void write_all(mps_writer *w)
{
    if (w->f)
        write_header(w);
    write_rows(w);
    write_columns(w);
    write_rhs(w, 0);
    write_rhs(w, 1);
    write_bounds(w);
    out(w, "ENDATA\n");
}

static int write_file(mps_writer *w, const char *path, char *err,
                      size_t errlen)
{
    write_all(w);                 /* dry run: fixed or free? */
    errno = 0;
    if (!(w->f = mio_open_write(path)))
        return mio_open_failed(path, err, errlen);
    write_all(w);
    if (mio_close_write(w->f)) {
        snprintf(err, errlen, "%s: write error", path);
        return BNB_ERR_IO;
    }
    return BNB_OK;
}

int bnb_write_mps(const bnb_model *m, const char *path, char *err,
                  size_t errlen)
{
    char scratch[8];
    if (!err || errlen == 0) {
        err = scratch;
        errlen = sizeof scratch;
    }
    mps_writer w = {.m = m};
    int rc = make_names(&w) == 0 && transpose(&w) == 0
                 ? write_file(&w, path, err, errlen) : BNB_ERR_NOMEM;
    if (rc == BNB_ERR_NOMEM)
        snprintf(err, errlen, "%s: out of memory", path);
    mio_free_names(w.row_name, bnb_num_rows(m));
    mio_free_names(w.col_name, bnb_num_cols(m));
    free(w.obj_name);
    free(w.start);
    free(w.index);
    free(w.value);
    return rc;
}
