/*
 * solution.c -- solution files for other solvers (--solution,
 * --solution-format) and read back as a MIP start (--mip-start):
 *   miplib  `=obj= value`, then `name value` per column (`=infeas=`
 *           without a solution): the MIPLIB solution checker's form;
 *   cbc     cbc's own solution file, as cbc -mips reads it: a status
 *           line, then `index name value` per column;
 *   glpk    glpsol's -w form, as glpsol -r reads it: `s mip` (a MIP) or
 *           `s bas` (an LP: statuses and duals), `i`/`j` lines, `e o f`.
 * Every column is written, zeros too, so that a file read back as a
 * start gives every column.
 */
#include "io.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *const cli_solution_forms[] = {"miplib", "cbc", "glpk", NULL};

/* Writes v in the fewest digits that read back as v (-0 as 0). */
static void put_number(FILE *f, double v)
{
    char buf[40];
    if (v == 0)
        v = 0;
    snprintf(buf, sizeof buf, "%.15g", v);
    if (strtod(buf, NULL) != v)
        snprintf(buf, sizeof buf, "%.17g", v);
    fputs(buf, f);
}

static void write_miplib(FILE *f, const bnb_model *m, const bnb_result *r)
{
    if (!r->has_solution) {   /* the checker's word for "none found" */
        fputs("=infeas=\n", f);
        return;
    }
    fputs("=obj= ", f);
    put_number(f, r->objective);
    fputc('\n', f);
    for (int j = 0; j < bnb_num_cols(m); j++) {
        fprintf(f, "%s ", bnb_col_name(m, j));
        put_number(f, r->x[j]);
        fputc('\n', f);
    }
}

/* cbc's status words for its solution file's first line, by
 * bnb_status. */
static const char *const cbc_status[] = {
    "Optimal", "Infeasible", "Unbounded", "Stopped on nodes",
    "Stopped on time", "Stopped on iterations", "Stopped on ctrl-c",
    "Stopped on difficulties", "Stopped on memory", "Stopped on ratio",
    "Stopped on memory"};

static void write_cbc(FILE *f, const bnb_model *m, const bnb_result *r)
{
    unsigned k = (unsigned)r->status;
    fprintf(f, "%s - objective value ",
            k < sizeof cbc_status / sizeof *cbc_status ? cbc_status[k]
                                                       : "Stopped");
    put_number(f, r->has_solution ? r->objective : 0);
    fputc('\n', f);
    for (int j = 0; r->has_solution && j < bnb_num_cols(m); j++) {
        fprintf(f, "%7d %-22s ", j, bnb_col_name(m, j));
        put_number(f, r->x[j]);
        fputc('\n', f);
    }
}

/* glpk's words for the status (its -w file's comment, and its `s`
 * line's letter). */
static const char *glpk_mip_status(const bnb_result *r, char *letter)
{
    if (r->has_solution && r->status == BNB_OPTIMAL) {
        *letter = 'o';
        return "INTEGER OPTIMAL";
    }
    if (r->has_solution) {
        *letter = 'f';
        return "INTEGER NON-OPTIMAL";
    }
    *letter = r->status == BNB_INFEASIBLE ? 'n' : 'u';
    return r->status == BNB_INFEASIBLE ? "INTEGER EMPTY"
                                       : "INTEGER UNDEFINED";
}

static const char *glpk_lp_status(const bnb_result *r, char *primal,
                                  char *dual)
{
    *primal = *dual = 'u';
    if (r->has_solution && r->status == BNB_OPTIMAL) {
        *primal = *dual = 'f';
        return "OPTIMAL";
    }
    if (r->status == BNB_INFEASIBLE) {
        *primal = 'n';
        return "INFEASIBLE (FINAL)";
    }
    if (r->status == BNB_UNBOUNDED) {
        *primal = 'f';
        *dual = 'n';
        return "UNBOUNDED";
    }
    if (r->has_solution)
        *primal = 'f';
    return "UNDEFINED";
}

static void glpk_header(FILE *f, const bnb_model *m, const bnb_result *r,
                        const char *status)
{
    fprintf(f, "c Problem:    %s\nc Rows:       %d\nc Columns:    %d\n"
            "c Non-zeros:  %ld\nc Status:     %s\nc Objective:  %s = ",
            bnb_model_name(m), bnb_num_rows(m), bnb_num_cols(m),
            bnb_num_nonzeros(m), status, bnb_obj_name(m));
    put_number(f, r->has_solution ? r->objective : 0);
    fprintf(f, " (%s)\nc\n",
            bnb_model_sense(m) == BNB_MAXIMIZE ? "MAXimum" : "MINimum");
}

/* A reduced cost or dual this small is zero: the variable may be basic. */
#define CLI_DUAL_ZERO 1e-9

/* The basis status glpk writes: at a bound with a nonzero reduced cost
 * (or dual) nonbasic there, else basic (duals unknown: basic). */
static char basis_status(double v, double lo, double up, const double *d)
{
    if (!d || fabs(*d) <= CLI_DUAL_ZERO)
        return 'b';
    if (lo == up)
        return 's';
    if (v == lo)
        return 'l';
    if (v == up)
        return 'u';
    return isinf(lo) && isinf(up) ? 'f' : 'b';
}

/* One `i`/`j` line: k, then (LP) the status and dual, and the value. */
static void glpk_line(FILE *f, char kind, int k, int lp, double v,
                      double lo, double up, const double *d)
{
    fprintf(f, "%c %d ", kind, k);
    if (lp)
        fprintf(f, "%c ", basis_status(v, lo, up, d));
    put_number(f, v);
    if (lp) {
        fputc(' ', f);
        put_number(f, d ? *d : 0);
    }
    fputc('\n', f);
}

static void write_glpk(FILE *f, const bnb_model *m, const bnb_result *r)
{
    int lp = bnb_num_int_cols(m) == 0, rows = bnb_num_rows(m),
        cols = bnb_num_cols(m);
    char letter, dual;
    const char *status = lp ? glpk_lp_status(r, &letter, &dual)
                            : glpk_mip_status(r, &letter);
    glpk_header(f, m, r, status);
    fprintf(f, "s %s %d %d %c ", lp ? "bas" : "mip", rows, cols, letter);
    if (lp)
        fprintf(f, "%c ", dual);
    put_number(f, r->has_solution ? r->objective : 0);
    fputc('\n', f);
    int known = r->has_solution;
    const double *duals = known ? r->duals : NULL;
    const double *rc = known ? r->reduced_costs : NULL;
    for (int i = 0; i < rows; i++)
        glpk_line(f, 'i', i + 1, lp, known ? r->row_activity[i] : 0,
                  bnb_row_lo(m, i), bnb_row_up(m, i),
                  duals ? &duals[i] : NULL);
    for (int j = 0; j < cols; j++)
        glpk_line(f, 'j', j + 1, lp, known ? r->x[j] : 0, bnb_col_lo(m, j),
                  bnb_col_up(m, j), rc ? &rc[j] : NULL);
    fputs("e o f\n", f);
}

void cli_solution_write(FILE *f, int form, const bnb_model *m,
                        const bnb_result *r)
{
    if (form == CLI_SOL_CBC)
        write_cbc(f, m, r);
    else if (form == CLI_SOL_GLPK)
        write_glpk(f, m, r);
    else
        write_miplib(f, m, r);
}

/* ---- reading a start ------------------------------------------------ */

enum { FORM_UNKNOWN = -1 };

/* A glpk file's kind, from its `s` line: values after `j k` are the
 * value (mip), or status, value, dual (bas), or value, dual (ipt). */
enum { GLPK_MIP, GLPK_BAS, GLPK_IPT };

#define CLI_MAX_TOKENS 6

typedef struct token {
    char *s;
    int col;           /* 1-based */
} token;

typedef struct start_reader {
    const char *path;
    const bnb_model *m;
    double *x;
    long line;
    int form, glpk_kind, given;
    token t[CLI_MAX_TOKENS];
    int nt;            /* tokens on the line (at most CLI_MAX_TOKENS) */
} start_reader;

static int fail(start_reader *r, int col, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* "path:line:col: message" on stderr; returns -1. */
static int fail(start_reader *r, int col, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s:%ld:", r->path, r->line);
    if (col > 0)
        fprintf(stderr, "%d:", col);
    fputc(' ', stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return -1;
}

static void split(start_reader *r, char *line)
{
    r->nt = 0;
    char *p = line;
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
            *p++ = '\0';
        if (!*p || r->nt == CLI_MAX_TOKENS)
            break;
        r->t[r->nt].s = p;
        r->t[r->nt++].col = (int)(p - line) + 1;
        while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
            p++;
    }
}

static int is_number(const char *s, double *v)
{
    char *end;
    *v = strtod(s, &end);
    return end != s && !*end && isfinite(*v);
}

static int is_index(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

/* The value token k of the line for column j. */
static int take_value(start_reader *r, int j, int k)
{
    double v;
    if (k >= r->nt)
        return fail(r, r->t[r->nt - 1].col, "%s", "expected a value");
    if (!is_number(r->t[k].s, &v))
        return fail(r, r->t[k].col, "not a finite number: '%s'",
                    r->t[k].s);
    r->given += isnan(r->x[j]);
    r->x[j] = v;
    return 0;
}

static int take_named(start_reader *r, int name, int value)
{
    int j = bnb_find_col(r->m, r->t[name].s);
    if (j < 0)
        return fail(r, r->t[name].col, "no column '%s' in the model",
                    r->t[name].s);
    return take_value(r, j, value);
}

/* glpk's `s KIND ROWS COLS ...`: the model's size, or an error. */
static int glpk_size(start_reader *r)
{
    static const char *const kinds[] = {"mip", "bas", "ipt", NULL};
    r->glpk_kind = -1;
    for (int k = 0; r->nt > 1 && kinds[k]; k++)
        if (strcmp(r->t[1].s, kinds[k]) == 0)
            r->glpk_kind = k;
    if (r->glpk_kind < 0 || r->nt < 4)
        return fail(r, r->t[0].col, "%s", "expected 's mip|bas|ipt ROWS "
                    "COLUMNS ...'");
    if (atol(r->t[2].s) != bnb_num_rows(r->m) ||
        atol(r->t[3].s) != bnb_num_cols(r->m)) {
        char size[64];
        snprintf(size, sizeof size, "%d rows x %d columns",
                 bnb_num_rows(r->m), bnb_num_cols(r->m));
        return fail(r, r->t[2].col, "the solution's size is not the "
                    "model's (%s)", size);
    }
    return 0;
}

static int glpk_line_read(start_reader *r)
{
    const char *k = r->t[0].s;
    if (strcmp(k, "c") == 0 || strcmp(k, "i") == 0 || strcmp(k, "e") == 0)
        return 0;
    if (strcmp(k, "s") == 0)
        return glpk_size(r);
    if (strcmp(k, "j") != 0)
        return fail(r, r->t[0].col, "expected a glpk line (c, s, i, j or "
                    "e), not '%s'", k);
    if (r->glpk_kind < 0)
        return fail(r, r->t[0].col, "%s", "a 'j' line before the 's' line");
    long j = r->nt > 1 && is_index(r->t[1].s) ? atol(r->t[1].s) : 0;
    if (j < 1 || j > bnb_num_cols(r->m))
        return fail(r, r->nt > 1 ? r->t[1].col : r->t[0].col,
                    "expected a column number 1..%d",
                    bnb_num_cols(r->m));
    return take_value(r, (int)j - 1, r->glpk_kind == GLPK_BAS ? 3 : 2);
}

/* A cbc status line: "Optimal - objective value 3089". */
static int is_cbc_status(const start_reader *r)
{
    for (int k = 0; k + 2 < r->nt; k++)
        if (strcmp(r->t[k].s, "-") == 0 &&
            strcmp(r->t[k + 1].s, "objective") == 0 &&
            strcmp(r->t[k + 2].s, "value") == 0)
            return 1;
    return 0;
}

/* The form of the file, from its first line with a token. */
static int detect(start_reader *r)
{
    double v;
    const char *a = r->t[0].s;
    int glpk_comment = strcmp(a, "c") == 0 &&
                       !(r->nt == 2 && is_number(r->t[1].s, &v));
    if (glpk_comment || (strcmp(a, "s") == 0 && r->nt > 2 &&
                         !is_number(r->t[1].s, &v)))
        return CLI_SOL_GLPK;
    if (is_cbc_status(r) || (r->nt >= 3 && is_index(a)))
        return CLI_SOL_CBC;
    if (r->nt <= 2 || strcmp(a, "=obj=") == 0)
        return CLI_SOL_MIPLIB;
    return FORM_UNKNOWN;
}

static int read_line(start_reader *r)
{
    if (r->form == FORM_UNKNOWN && (r->form = detect(r)) == FORM_UNKNOWN)
        return fail(r, r->t[0].col, "%s", "not a solution file bnb reads "
                    "(MIPLIB .sol, cbc or glpk; see docs/FORMATS.md)");
    if (r->form == CLI_SOL_GLPK)
        return glpk_line_read(r);
    if (r->form == CLI_SOL_CBC) {
        if (is_cbc_status(r))
            return 0;
        if (strcmp(r->t[0].s, "**") == 0) {   /* cbc marks an infeasible */
            memmove(r->t, r->t + 1, (size_t)--r->nt * sizeof *r->t);
            if (r->nt == 0)
                return fail(r, 1, "%s", "expected 'index name value'");
        }
        if (r->nt < 3 || !is_index(r->t[0].s))
            return fail(r, r->t[0].col, "%s", "expected 'index name value'");
        return take_named(r, 1, 2);
    }
    if (strcmp(r->t[0].s, "=obj=") == 0 || strcmp(r->t[0].s, "=infeas=") == 0)
        return 0;
    if (r->nt != 2)
        return fail(r, r->t[r->nt < 2 ? 0 : 2].col, "%s",
                    "expected 'name value'");
    return take_named(r, 0, 1);
}

/* The longest line read: a name is at most 255 bytes, so a line of a
 * solution file is short; a longer one (or a control byte) is not a
 * solution file, and /dev/zero is refused at once. */
#define CLI_START_LINE_MAX 4096

/* Reads one line into buf[CLI_START_LINE_MAX]; 1, 0 at the end, or -1
 * after a message. */
static int next_line(start_reader *r, FILE *f, char *buf)
{
    int c, n = 0;
    while ((c = getc(f)) != EOF && c != '\n') {
        if (n == CLI_START_LINE_MAX - 1)
            return fail(r, n + 1, "line longer than %d bytes",
                        CLI_START_LINE_MAX - 1);
        if ((c < ' ' && c != '\t' && c != '\r') || c == 0x7f)
            return fail(r, n + 1, "binary data (byte 0x%02x): not a text "
                        "file", (unsigned)c);
        buf[n++] = (char)c;
    }
    buf[n] = '\0';
    if (c == EOF && ferror(f))
        return fail(r, 0, "read error: %s", strerror(errno));
    return c != EOF || n > 0;
}

int cli_solution_read(const char *path, const bnb_model *m, double *x)
{
    start_reader r = {.path = path, .m = m, .x = x, .form = FORM_UNKNOWN,
                      .glpk_kind = -1};
    for (int j = 0; j < bnb_num_cols(m); j++)
        x[j] = NAN;
    FILE *f = cli_is_stdio(path) ? stdin : fopen(path, "r");
    if (!f) {
        fprintf(stderr, "bnb: cannot read %s: %s\n", path, strerror(errno));
        return -1;
    }
    static char line[CLI_START_LINE_MAX];
    int rc = 0, more = 0;
    while (rc == 0 && (r.line++, more = next_line(&r, f, line)) > 0) {
        split(&r, line);
        if (r.nt > 0)
            rc = read_line(&r);
    }
    if (f != stdin)
        fclose(f);
    return rc < 0 || more < 0 ? -1 : r.given;
}
