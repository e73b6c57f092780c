/*
 * mps.c -- the MPS reader (fixed and free MPS). Each data line is read as
 * free MPS first (fields separated by blanks); only when those fields make
 * no sense is it re-read by the fixed card columns (2-3, 5-12, 15-22,
 * 25-36, 40-47, 50-61), which is how names with blanks are found.
 *
 * Where readers differ, this one does what CPLEX does:
 *  - an RHS on the objective row is minus the objective constant (glpsol
 *    and lp_solve read it as plus the constant);
 *  - integer columns (MARKER INTORG) without bounds get [0, +inf) (glpsol
 *    and HiGHS give them [0, 1]);
 *  - UP with a negative value on a column whose lower bound is still the
 *    default 0 makes the lower bound -inf (glpsol 5.0 and lp_solve keep 0);
 *  - N rows after the first are dropped, with their RHS and RANGES.
 * Values of magnitude >= 1e30 are infinite.
 */
#include "modelio.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The fields of a data line, in the card layout's order. */
enum { F_TYPE, F_NAME1, F_NAME2, F_NUM1, F_NAME3, F_NUM2, F_COUNT };

#define MAX_TOKENS 8   /* no data line of free MPS has more fields */

typedef struct {
    const char *s;     /* "" when absent */
    int col;           /* 1-based column of its first byte; 0 absent */
} field;

typedef enum {
    S_NONE, S_NAME, S_OBJSENSE, S_ROWS, S_COLUMNS, S_RHS, S_RANGES,
    S_BOUNDS, S_ENDATA
} section;

/* RETRY: the line makes no sense in this layout, maybe in the other. */
enum { OK = 0, RETRY = -1, FATAL = -2 };

typedef struct {
    char type;                     /* 'L', 'G' or 'E' */
    char has_rhs, has_range;
    double rhs, range;
} row_info;

typedef enum { REF_ROW, REF_OBJ, REF_DROPPED } ref_kind;

typedef struct {
    ref_kind kind;
    int row;                       /* REF_ROW: the model row */
} row_ref;

/* Where a matrix entry is, for the messages of mio_drop_tiny. */
typedef struct {
    int row, col;
    long line;
} entry_at;

typedef struct {
    const char *path;
    long line;
    char msg[512];                 /* the error, without file and line */
    int msg_col;
    bnb_model *m;
    bnb_model *nrows;              /* N rows; the first is the objective */
    row_info *row;                 /* [row_cap] */
    int row_cap;
    char *lo_set;                  /* [col_cap] lower bound given in BOUNDS */
    int col_cap;
    section sec;
    int rank;                      /* of the last section, for the order */
    unsigned seen;                 /* bit s: section s was seen */
    int sense_lines;               /* data lines in OBJSENSE */
    int cur_col, cur_has_obj, in_int, fixed_seen, obj_rhs_set;
    long int_line;                 /* where the open 'INTORG' is */
    int int_col;
    long sense_line;               /* where OBJSENSE is */
    entry_at *at;                  /* [nat] where each matrix entry is, in
                                      the order they were added        */
    long nat, at_cap;
    long *row_first;               /* [rows + 1] row i's entries in at[],
                                      made when a message needs one   */
    long *by_row;                  /* [nat] at[] indices, row by row  */
    char warning[512];             /* mio_drop_tiny's, for the caller */
    char vec[3][MIO_NAME_MAX + 1]; /* the one RHS, RANGES, BOUNDS vector */
    char *tokbuf, *fixbuf;         /* [tokcap] field text */
    size_t tokcap;
} mps_reader;

static int fail(mps_reader *r, int rc, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int fail(mps_reader *r, int rc, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->msg, sizeof r->msg, fmt, ap);
    va_end(ap);
    r->msg_col = col;
    return rc;
}

static int no_memory(mps_reader *r)
{
    return fail(r, FATAL, 0, "out of memory");
}

/* A model call that failed with rc: a cap reached or no memory. */
static int cannot_add(mps_reader *r, int rc)
{
    if (rc == BNB_ERR_TOO_LARGE)
        return fail(r, FATAL, 0, "the model is too large: bnb takes at "
                    "most %d columns, rows and nonzeros each",
                    BNB_MAX_ITEMS);
    return no_memory(r);
}

static int grow(void *pp, int *cap, size_t elem)
{
    int n = *cap ? 2 * *cap : 64;
    void *p = realloc(*(void **)pp, (size_t)n * elem);
    if (!p)
        return -1;
    *(void **)pp = p;
    *cap = n;
    return 0;
}

/* ---------------------------------------------------------------- */
/* Splitting a line into fields                                      */
/* ---------------------------------------------------------------- */

/* Blank-separated tokens, their text copied to buf; returns how many
 * there are, of which at most MAX_TOKENS are stored. */
static int split_free(const char *line, char *buf, field *t)
{
    int n = 0, k = 0;
    for (;;) {
        k += (int)strspn(line + k, " \t");
        if (!line[k])
            return n;
        int len = (int)strcspn(line + k, " \t");
        if (n < MAX_TOKENS) {
            memcpy(buf, line + k, (size_t)len);
            buf[len] = '\0';
            t[n] = (field){buf, k + 1};
            buf += len + 1;
        }
        n++;
        k += len;
    }
}

/* Where the card layout's fields begin and end (0-based, end excluded). */
static const int card_from[F_COUNT] = {1, 4, 14, 24, 39, 49};
static const int card_to[F_COUNT] = {3, 12, 22, 36, 47, 61};

/* The card layout's fields, trimmed; -1 when text lies between or after
 * them or the line has tabs (then it is not fixed MPS). */
static int split_fixed(const char *line, int len, char *buf, field *f)
{
    if (strchr(line, '\t'))
        return -1;
    int k = 0;
    for (int i = 0; i < F_COUNT; i++) {
        for (; k < card_from[i] && k < len; k++)
            if (line[k] != ' ')
                return -1;
        int a = card_from[i], b = card_to[i] < len ? card_to[i] : len;
        while (a < b && line[a] == ' ')
            a++;
        while (b > a && line[b - 1] == ' ')
            b--;
        int n = b > a ? b - a : 0;
        memcpy(buf, line + a, (size_t)n);
        buf[n] = '\0';
        f[i] = (field){buf, n ? a + 1 : 0};
        buf += n + 1;
        k = card_to[i];
    }
    for (; k < len; k++)
        if (line[k] != ' ')
            return -1;
    return 0;
}

static int is_marker(const char *s) { return strcmp(s, "'MARKER'") == 0; }

/* UP LO FX LI UI (and the unsupported SC SI) take a value. */
static int bound_takes_value(const char *type)
{
    static const char *with_value[] = {"UP", "LO", "FX", "LI", "UI",
                                       "SC", "SI"};
    for (size_t k = 0; k < sizeof with_value / sizeof *with_value; k++)
        if (strcasecmp(type, with_value[k]) == 0)
            return 1;
    return 0;
}

/* BOUNDS: type [vector] column [value]. Three tokens are ambiguous
 * for types without a value; a known column followed by a non-column
 * is "column value" (some writers add a value to MI, PL, BV). */
static int map_free_bound(mps_reader *r, const field *t, int n, field *f)
{
    if (n < 2 || n > 4)
        return fail(r, RETRY, n > 4 ? t[4].col : 0, "expected a bound "
                    "type, [a vector name,] a column name [and a value]");
    f[F_TYPE] = t[0];
    int has_vector = n == 4;
    if (n == 3 && !bound_takes_value(t[0].s))
        has_vector = !(bnb_find_col(r->m, t[1].s) >= 0 &&
                       bnb_find_col(r->m, t[2].s) < 0);
    f[F_NAME1] = has_vector ? t[1] : (field){"", 0};
    f[F_NAME2] = t[1 + has_vector];
    if (2 + has_vector < n)
        f[F_NUM1] = t[2 + has_vector];
    return OK;
}

/* One or two (row, value) pairs from t[0..n). */
static void map_pairs(const field *t, int n, field *f)
{
    f[F_NAME2] = t[0];
    f[F_NUM1] = t[1];
    if (n == 4) {
        f[F_NAME3] = t[2];
        f[F_NUM2] = t[3];
    }
}

/* Free MPS tokens to the card layout's fields, by section. */
static int map_free(mps_reader *r, const field *t, int n, field *f)
{
    for (int i = 0; i < F_COUNT; i++)
        f[i] = (field){"", 0};
    if (n > MAX_TOKENS)
        return fail(r, RETRY, t[MAX_TOKENS - 1].col, "too many fields");
    switch (r->sec) {
    case S_ROWS:
        if (n != 2)
            return fail(r, RETRY, n > 2 ? t[2].col : 0,
                        "expected a row type and a row name");
        f[F_TYPE] = t[0];
        f[F_NAME1] = t[1];
        return OK;
    case S_COLUMNS:
        if (n == 3 && is_marker(t[1].s)) {
            f[F_NAME1] = t[0];
            f[F_NAME2] = t[1];
            f[F_NAME3] = t[2];
            return OK;
        }
        if (n != 3 && n != 5)
            return fail(r, RETRY, 0, "expected a column name and one or "
                        "two (row, value) pairs");
        f[F_NAME1] = t[0];
        map_pairs(t + 1, n - 1, f);
        return OK;
    case S_RHS:
    case S_RANGES:
        if (n < 2 || n > 5)
            return fail(r, RETRY, 0, "expected [a vector name and] one or "
                        "two (row, value) pairs");
        if (n % 2)
            f[F_NAME1] = t[0];
        map_pairs(t + n % 2, n - n % 2, f);
        return OK;
    default:
        return map_free_bound(r, t, n, f);
    }
}

/* ---------------------------------------------------------------- */
/* Interpreting the fields                                           */
/* ---------------------------------------------------------------- */

static int get_number(mps_reader *r, const field *f, double *v)
{
    if (!f->s[0])
        return fail(r, RETRY, 0, "missing number");
    if (mio_parse_number(f->s, v))
        return fail(r, RETRY, f->col, "bad number '%s'", f->s);
    return OK;
}

static int find_ref(mps_reader *r, const field *f, row_ref *ref)
{
    if (!f->s[0])
        return fail(r, RETRY, 0, "missing row name");
    int i = bnb_find_row(r->m, f->s);
    if (i >= 0) {
        *ref = (row_ref){REF_ROW, i};
        return OK;
    }
    i = bnb_find_row(r->nrows, f->s);
    if (i < 0)
        return fail(r, RETRY, f->col, "unknown row '%s'", f->s);
    *ref = (row_ref){i == 0 ? REF_OBJ : REF_DROPPED, -1};
    return OK;
}

/* The (row, value) pairs in F_NAME2/F_NUM1 and F_NAME3/F_NUM2. */
static int get_pairs(mps_reader *r, const field *f, row_ref *ref,
                     double *v, int *np)
{
    static const int name[2] = {F_NAME2, F_NAME3}, num[2] = {F_NUM1,
                                                             F_NUM2};
    *np = f[F_NAME3].s[0] || f[F_NUM2].s[0] ? 2 : 1;
    for (int k = 0; k < *np; k++) {
        int rc = find_ref(r, &f[name[k]], &ref[k]);
        if (rc == OK)
            rc = get_number(r, &f[num[k]], &v[k]);
        if (rc != OK)
            return rc;
    }
    return OK;
}

static int check_name(mps_reader *r, const field *f, const char *what)
{
    if (strlen(f->s) > MIO_NAME_MAX)
        return fail(r, FATAL, f->col, "%s name longer than %d characters",
                    what, MIO_NAME_MAX);
    return OK;
}

static int add_row(mps_reader *r, const char *name, char type)
{
    int i = bnb_num_rows(r->m);
    if (i == r->row_cap && grow(&r->row, &r->row_cap, sizeof *r->row))
        return no_memory(r);
    double lo = type == 'L' ? -BNB_INF : 0, up = type == 'G' ? BNB_INF : 0;
    int rc = bnb_add_row(r->m, name, 0, NULL, NULL, lo, up);
    if (rc < 0)
        return cannot_add(r, rc);
    r->row[i] = (row_info){type, 0, 0, 0, 0};
    return OK;
}

static int rows_line(mps_reader *r, const field *f)
{
    const char *t = f[F_TYPE].s, *name = f[F_NAME1].s;
    char type = (char)toupper((unsigned char)t[0]);
    if (strlen(t) != 1 || !strchr("NLGE", type))
        return fail(r, RETRY, f[F_TYPE].col, "unknown row type '%s' "
                    "(expected N, L, G or E)", t);
    if (!name[0] || f[F_NAME2].s[0])
        return fail(r, RETRY, f[F_NAME2].col, "expected a row type and a "
                    "row name");
    if (check_name(r, &f[F_NAME1], "row") != OK)
        return FATAL;
    if (bnb_find_row(r->m, name) >= 0 || bnb_find_row(r->nrows, name) >= 0)
        return fail(r, FATAL, f[F_NAME1].col, "duplicate row name '%s'",
                    name);
    if (type != 'N')
        return add_row(r, name, type);
    int k = bnb_add_row(r->nrows, name, 0, NULL, NULL, -BNB_INF, BNB_INF);
    if (k < 0)
        return cannot_add(r, k);
    if (k == 0 && bnb_set_obj_name(r->m, name) != BNB_OK)
        return no_memory(r);
    return OK;
}

static int marker_line(mps_reader *r, const field *f)
{
    const char *kind = f[F_NAME3].s;
    if (strcmp(kind, "'INTORG'") != 0 && strcmp(kind, "'INTEND'") != 0)
        return fail(r, RETRY, f[F_NAME3].col, "unknown marker %s "
                    "(expected 'INTORG' or 'INTEND')", kind);
    int org = strcmp(kind, "'INTORG'") == 0;
    if (org && r->in_int)
        return fail(r, FATAL, f[F_NAME3].col, "marker 'INTORG' after the "
                    "'INTORG' of line %ld, before its 'INTEND'", r->int_line);
    if (!org && !r->in_int)
        return fail(r, FATAL, f[F_NAME3].col, "marker 'INTEND' without an "
                    "'INTORG' before it");
    r->in_int = org;
    r->int_line = r->line;
    r->int_col = f[F_NAME3].col;
    r->cur_col = -1;
    return OK;
}

/* Makes name the current column, a new one unless it is already. */
static int switch_column(mps_reader *r, const field *name)
{
    if (r->cur_col >= 0 &&
        strcmp(bnb_col_name(r->m, r->cur_col), name->s) == 0)
        return OK;
    if (check_name(r, name, "column") != OK)
        return FATAL;
    if (bnb_find_col(r->m, name->s) >= 0)
        return fail(r, FATAL, name->col, "column '%s' appears again after "
                    "other columns (its entries must be together)",
                    name->s);
    int j = bnb_num_cols(r->m);
    if (j == r->col_cap && grow(&r->lo_set, &r->col_cap, 1))
        return no_memory(r);
    int rc = bnb_add_col(r->m, name->s, 0, BNB_INF, 0, r->in_int);
    if (rc < 0)
        return cannot_add(r, rc);
    r->lo_set[j] = 0;
    r->cur_col = j;
    r->cur_has_obj = 0;
    return OK;
}

static int add_entry(mps_reader *r, row_ref ref, double v, const field *at)
{
    int j = r->cur_col;
    const char *col = bnb_col_name(r->m, j);
    if (ref.kind == REF_DROPPED)
        return OK;
    if (ref.kind == REF_OBJ) {
        if (r->cur_has_obj)
            return fail(r, FATAL, at->col, "second objective entry for "
                        "column '%s'", col);
        r->cur_has_obj = 1;
        bnb_set_obj_coef(r->m, j, v);
        return OK;
    }
    int len = bnb_row_len(r->m, ref.row);
    if (len > 0 && bnb_row_cols(r->m, ref.row)[len - 1] == j)
        return fail(r, FATAL, at->col, "second entry for row '%s' in "
                    "column '%s'", at->s, col);
    if (v == 0)
        return OK;
    if (r->nat == r->at_cap) {
        long cap = r->at_cap ? 2 * r->at_cap : 64;
        entry_at *p = realloc(r->at, (size_t)cap * sizeof *p);
        if (!p)
            return no_memory(r);
        r->at = p;
        r->at_cap = cap;
    }
    int rc = bnb_add_coef(r->m, ref.row, j, v);
    if (rc == BNB_OK)
        r->at[r->nat++] = (entry_at){ref.row, at->col, r->line};
    return rc == BNB_OK ? OK : cannot_add(r, rc);
}

static int columns_line(mps_reader *r, const field *f)
{
    if (is_marker(f[F_NAME2].s))
        return marker_line(r, f);
    if (!f[F_NAME1].s[0])
        return fail(r, RETRY, 0, "missing column name");
    row_ref ref[2];
    double v[2];
    int np, rc = get_pairs(r, f, ref, v, &np);
    if (rc != OK)
        return rc;
    const field *num[2] = {&f[F_NUM1], &f[F_NUM2]};
    for (int k = 0; k < np; k++)
        if (!isfinite(v[k]))
            return fail(r, RETRY, num[k]->col, "coefficient '%s' is too "
                        "large (|value| >= 1e30 means infinite)", num[k]->s);
    if ((rc = switch_column(r, &f[F_NAME1])) != OK)
        return rc;
    const field *row[2] = {&f[F_NAME2], &f[F_NAME3]};
    for (int k = 0; k < np && rc == OK; k++)
        rc = add_entry(r, ref[k], v[k], row[k]);
    return rc;
}

/* RHS, RANGES and BOUNDS have one vector each; a second is an error. */
static int check_vector(mps_reader *r, int which, const field *set)
{
    static const char *sec[] = {"RHS", "RANGES", "BOUNDS"};
    if (set->s[0] && r->vec[which][0] && strcmp(set->s, r->vec[which]))
        return fail(r, RETRY, set->col, "second %s vector '%s' (only one, "
                    "'%s', is supported)", sec[which], set->s,
                    r->vec[which]);
    if (check_name(r, set, "vector") != OK)
        return FATAL;
    if (set->s[0] && !r->vec[which][0])
        strcpy(r->vec[which], set->s);
    return OK;
}

static int set_rhs(mps_reader *r, row_ref ref, double v, const field *at)
{
    if (ref.kind == REF_DROPPED)
        return OK;
    if (ref.kind == REF_OBJ) {
        if (!isfinite(v) || r->obj_rhs_set)
            return fail(r, FATAL, at->col, "%s objective constant",
                        r->obj_rhs_set ? "second" : "infinite");
        r->obj_rhs_set = 1;
        bnb_set_obj_offset(r->m, -v);
        return OK;
    }
    row_info *ri = &r->row[ref.row];
    if (ri->has_rhs)
        return fail(r, FATAL, at->col, "second RHS for row '%s'", at->s);
    ri->has_rhs = 1;
    ri->rhs = v;
    return OK;
}

static int set_range(mps_reader *r, row_ref ref, double v, const field *at)
{
    if (ref.kind == REF_DROPPED)
        return OK;
    if (ref.kind == REF_OBJ)
        return fail(r, FATAL, at->col, "RANGES entry for the objective "
                    "row '%s'", at->s);
    row_info *ri = &r->row[ref.row];
    if (ri->has_range)
        return fail(r, FATAL, at->col, "second range for row '%s'", at->s);
    ri->has_range = 1;
    ri->range = v;
    return OK;
}

static int rhs_line(mps_reader *r, const field *f)
{
    int ranges = r->sec == S_RANGES;
    row_ref ref[2];
    double v[2];
    int np, rc = get_pairs(r, f, ref, v, &np);
    if (rc == OK)
        rc = check_vector(r, ranges, &f[F_NAME1]);
    const field *row[2] = {&f[F_NAME2], &f[F_NAME3]};
    for (int k = 0; k < np && rc == OK; k++)
        rc = ranges ? set_range(r, ref[k], v[k], row[k])
                    : set_rhs(r, ref[k], v[k], row[k]);
    return rc;
}

typedef enum { B_UP, B_LO, B_FX, B_FR, B_MI, B_PL, B_BV, B_LI, B_UI } bound;

static int apply_bound(mps_reader *r, bound b, int j, double v,
                       const field *at)
{
    double lo = bnb_col_lo(r->m, j), up = bnb_col_up(r->m, j);
    int integer = bnb_col_is_int(r->m, j) || b == B_BV || b == B_LI ||
                  b == B_UI;
    if (b == B_UP || b == B_UI) {
        if (v < 0 && lo == 0 && !r->lo_set[j])
            lo = -BNB_INF;   /* the CPLEX convention, see the top */
        up = v;
    } else if (b == B_PL) {
        up = BNB_INF;
    } else {
        r->lo_set[j] = 1;
        lo = b == B_LO || b == B_LI || b == B_FX ? v
             : b == B_BV ? 0 : -BNB_INF;
        up = b == B_FX ? v : b == B_BV ? 1 : b == B_FR ? BNB_INF : up;
    }
    if (bnb_set_col_bounds(r->m, j, lo, up) != BNB_OK)
        return fail(r, FATAL, at->col, "column '%s': bounds [%g, %g] are "
                    "inconsistent", at->s, lo, up);
    bnb_set_col_int(r->m, j, integer);
    return OK;
}

static int bounds_line(mps_reader *r, const field *f)
{
    static const char *types[] = {"UP", "LO", "FX", "FR", "MI", "PL",
                                  "BV", "LI", "UI"};
    const char *t = f[F_TYPE].s;
    int b = 0;
    while (b < 9 && strcasecmp(t, types[b]) != 0)
        b++;
    if (strcasecmp(t, "SC") == 0 || strcasecmp(t, "SI") == 0)
        return fail(r, FATAL, f[F_TYPE].col, "semi-continuous bound type "
                    "'%s' is not supported", t);
    if (b == 9)
        return fail(r, RETRY, f[F_TYPE].col, "unknown bound type '%s'", t);
    if (!f[F_NAME2].s[0] || f[F_NAME3].s[0] || f[F_NUM2].s[0])
        return fail(r, RETRY, 0, "expected a bound type, [a vector name,] "
                    "a column name [and a value]");
    int j = bnb_find_col(r->m, f[F_NAME2].s);
    if (j < 0)
        return fail(r, RETRY, f[F_NAME2].col, "unknown column '%s'",
                    f[F_NAME2].s);
    double v = 0;
    int rc = bound_takes_value(t) ? get_number(r, &f[F_NUM1], &v) : OK;
    if (rc == OK)
        rc = check_vector(r, 2, &f[F_NAME1]);
    return rc == OK ? apply_bound(r, (bound)b, j, v, &f[F_NAME2]) : rc;
}

static int interpret(mps_reader *r, const field *f)
{
    if (r->sec == S_ROWS)
        return rows_line(r, f);
    if (r->sec == S_BOUNDS)
        return bounds_line(r, f);
    if (f[F_TYPE].s[0])
        return fail(r, RETRY, f[F_TYPE].col, "unexpected '%s' in columns "
                    "2-3", f[F_TYPE].s);
    return r->sec == S_COLUMNS ? columns_line(r, f) : rhs_line(r, f);
}

static int parse_sense(mps_reader *r, const field *t)
{
    static const char *max[] = {"MAX", "MAXIMIZE", "MAXIMISE"};
    static const char *min[] = {"MIN", "MINIMIZE", "MINIMISE"};
    for (int k = 0; k < 3; k++) {
        if (strcasecmp(t->s, max[k]) == 0 || strcasecmp(t->s, min[k]) == 0) {
            bnb_set_sense(r->m, strcasecmp(t->s, max[k]) == 0
                                    ? BNB_MAXIMIZE : BNB_MINIMIZE);
            return OK;
        }
    }
    return fail(r, FATAL, t->col, "expected MAX or MIN, not '%s'", t->s);
}

/* Free MPS first; the card layout when that makes no sense. An error
 * is reported in the layout the file has shown it uses. */
static int data_line(mps_reader *r, const char *line, int len)
{
    field t[MAX_TOKENS], f[F_COUNT];
    int n = split_free(line, r->tokbuf, t);
    if (r->sec == S_NONE || r->sec == S_NAME)
        return fail(r, FATAL, t[0].col, "data line outside a section "
                    "(section names start in column 1)");
    if (r->sec == S_OBJSENSE) {
        if (n != 1 || r->sense_lines++)
            return fail(r, FATAL, t[0].col, "OBJSENSE takes one line: MAX "
                        "or MIN");
        return parse_sense(r, &t[0]);
    }
    int rc = map_free(r, t, n, f);
    if (rc == OK)
        rc = interpret(r, f);
    if (rc != RETRY)
        return rc;
    char msg[sizeof r->msg];
    int col = r->msg_col;
    memcpy(msg, r->msg, sizeof msg);
    if (split_fixed(line, len, r->fixbuf, f) == 0) {
        rc = interpret(r, f);
        if (rc == OK)
            r->fixed_seen = 1;
        if (rc == OK || rc == FATAL || r->fixed_seen)
            return rc == OK ? OK : FATAL;
    }
    memcpy(r->msg, msg, sizeof msg);
    r->msg_col = col;
    return FATAL;
}

/* ---------------------------------------------------------------- */
/* Sections                                                          */
/* ---------------------------------------------------------------- */

static const struct {
    const char *name;
    section sec;
    int rank;          /* sections come in this order; equal ranks any */
} sections[] = {
    {"NAME", S_NAME, 0},    {"OBJSENSE", S_OBJSENSE, 1},
    {"OBJSENCE", S_OBJSENSE, 1}, {"ROWS", S_ROWS, 2},
    {"COLUMNS", S_COLUMNS, 3}, {"RHS", S_RHS, 4},
    {"RANGES", S_RANGES, 5}, {"BOUNDS", S_BOUNDS, 6},
    {"ENDATA", S_ENDATA, 7},
};

static const char *unsupported[] = {
    "OBJNAME", "QSECTION", "QMATRIX", "QUADOBJ", "QCMATRIX", "CSECTION",
    "SOS", "SETS", "INDICATORS", "DELAYEDROWS", "MODELCUTS", "USERCUTS",
    "LAZYCONS", "GENCONS", "PWLOBJ", "PWLNAM", "PWLCON", "BRANCH",
};

static int ensure_model(mps_reader *r, const char *name)
{
    if (r->m)
        return OK;
    char base[MIO_NAME_MAX + 1];
    mio_base_name(r->path, base, sizeof base);
    r->m = bnb_model_new(name && *name ? name : base);
    r->nrows = bnb_model_new("N rows");
    return r->m && r->nrows ? OK : no_memory(r);
}

/* NAME takes the rest of its line, blanks inside included. */
static int name_line(mps_reader *r, const char *line)
{
    const char *s = line + 4 + strspn(line + 4, " \t");
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    char name[MIO_NAME_MAX + 1];
    snprintf(name, sizeof name, "%.*s", (int)n, s);
    return ensure_model(r, name);
}

static int find_section(mps_reader *r, const field *t)
{
    for (size_t k = 0; k < sizeof unsupported / sizeof *unsupported; k++)
        if (strcasecmp(t->s, unsupported[k]) == 0)
            return fail(r, FATAL, 1, "section %s is not supported", t->s);
    for (int k = 0; k < (int)(sizeof sections / sizeof *sections); k++)
        if (strcasecmp(t->s, sections[k].name) == 0)
            return k;
    return fail(r, FATAL, 1, "unknown section '%s' (data lines start with "
                "a blank)", t->s);
}

/* What the section being left must have had: a sense in OBJSENSE, an
 * 'INTEND' for every 'INTORG' in COLUMNS. Reported where it is missing
 * from. */
static int close_section(mps_reader *r)
{
    if (r->sec == S_OBJSENSE && !r->sense_lines) {
        r->line = r->sense_line;
        return fail(r, FATAL, 1, "OBJSENSE without MAX or MIN");
    }
    if (r->sec == S_COLUMNS && r->in_int) {
        r->line = r->int_line;
        return fail(r, FATAL, r->int_col, "marker 'INTORG' without an "
                    "'INTEND' after it");
    }
    return OK;
}

static int section_line(mps_reader *r, const char *line)
{
    field t[MAX_TOKENS];
    int n = split_free(line, r->tokbuf, t);
    int k = find_section(r, &t[0]);
    if (k < 0 || close_section(r) != OK)
        return FATAL;
    section s = sections[k].sec;
    if (r->seen & (1u << s))
        return fail(r, FATAL, 1, "second %s section", t[0].s);
    if (sections[k].rank < r->rank || (sections[k].rank >= 3 &&
                                       !(r->seen & (1u << S_ROWS))))
        return fail(r, FATAL, 1, "section %s out of order (expected NAME, "
                    "OBJSENSE, ROWS, COLUMNS, RHS, RANGES, BOUNDS, ENDATA, "
                    "in that order)", t[0].s);
    r->seen |= 1u << s;
    r->rank = sections[k].rank;
    r->sec = s;
    if (s == S_NAME)
        return name_line(r, line);
    if (ensure_model(r, NULL) != OK)
        return FATAL;
    r->sense_line = s == S_OBJSENSE ? r->line : r->sense_line;
    if (s == S_OBJSENSE && n == 2) {
        r->sense_lines = 1;
        return parse_sense(r, &t[1]);
    }
    if (n > 1)
        return fail(r, FATAL, t[1].col, "unexpected '%s' after %s",
                    t[1].s, t[0].s);
    return OK;
}

/* Row bounds from type, RHS b and range R:
 *   L [b - |R|, b]   G [b, b + |R|]   E [b, b + R] if R > 0, [b + R, b]
 *   if R < 0 (the RANGES convention of the MPS standard). */
static void row_bounds(const row_info *ri, double *lo, double *up)
{
    double b = ri->rhs, R = fabs(ri->range);
    *lo = ri->type == 'L' ? -BNB_INF : b;
    *up = ri->type == 'G' ? BNB_INF : b;
    if (!ri->has_range)
        return;
    if (ri->type == 'L' || (ri->type == 'E' && ri->range < 0))
        *lo = b - R;
    else if (ri->type == 'G' || (ri->type == 'E' && ri->range > 0))
        *up = b + R;
}

/* Entry k of a row is the k-th entry added to it (entries are only
 * appended): at[] sorted by row, once, for the messages. */
static int index_entries(mps_reader *r)
{
    int m = bnb_num_rows(r->m);
    r->row_first = calloc((size_t)m + 2, sizeof *r->row_first);
    r->by_row = malloc(((size_t)r->nat + 1) * sizeof *r->by_row);
    if (!r->row_first || !r->by_row)
        return -1;
    for (long g = 0; g < r->nat; g++)
        r->row_first[r->at[g].row + 2]++;
    for (int i = 0; i < m; i++)
        r->row_first[i + 2] += r->row_first[i + 1];
    for (long g = 0; g < r->nat; g++)
        r->by_row[r->row_first[r->at[g].row + 1]++] = g;
    return 0;
}

static mio_at locate_entry(void *ctx, int row, int k)
{
    mps_reader *r = ctx;
    if (!r->row_first && index_entries(r) != 0)
        return (mio_at){r->line, 0};
    const entry_at *e = &r->at[r->by_row[r->row_first[row] + k]];
    return (mio_at){e->line, e->col};
}

static int finish(mps_reader *r)
{
    for (int i = 0; i < bnb_num_rows(r->m); i++) {
        double lo, up;
        row_bounds(&r->row[i], &lo, &up);
        if (bnb_set_row_bounds(r->m, i, lo, up) != BNB_OK)
            return fail(r, FATAL, 0, "row '%s': RHS %g and range %g give "
                        "no valid bounds", bnb_row_name(r->m, i),
                        r->row[i].rhs, r->row[i].range);
    }
    int rc = mio_drop_tiny(r->m, r->path, locate_entry, r, r->warning,
                           sizeof r->warning);
    if (rc == -2)
        return no_memory(r);
    if (rc < 0) {   /* the message has its own file and line */
        snprintf(r->msg, sizeof r->msg, "%s", r->warning);
        r->msg_col = -1;
        return FATAL;
    }
    return OK;
}

/* Room in the field buffers for the fields of a line of len bytes: its
 * text and a '\0' after each field (MAX_TOKENS free fields at most, or
 * the F_COUNT card fields, empty ones included). */
static int field_room(mps_reader *r, int len)
{
    size_t need = (size_t)len + MAX_TOKENS + F_COUNT + 1;
    if (need <= r->tokcap)
        return 1;
    size_t cap = 2 * need;
    char *tok = realloc(r->tokbuf, cap);
    if (tok)
        r->tokbuf = tok;
    char *fix = realloc(r->fixbuf, cap);
    if (fix)
        r->fixbuf = fix;
    if (!tok || !fix)
        return 0;
    r->tokcap = cap;
    return 1;
}

static int read_lines(mps_reader *r, FILE *f, mio_line *ln)
{
    int len, bad, rc;
    while ((rc = mio_read_line(f, ln, &len, &bad)) != 0) {
        const char *line = ln->buf;
        r->line++;
        if (rc < 0) {
            char tmp[96];
            return fail(r, FATAL, bad, "%s",
                        mio_line_error(rc, ln, bad, tmp, sizeof tmp));
        }
        if (!field_room(r, len))
            return no_memory(r);
        if (line[0] == '*' || !line[strspn(line, " \t")])
            continue;
        rc = line[0] == ' ' || line[0] == '\t' ? data_line(r, line, len)
                                               : section_line(r, line);
        if (rc != OK)
            return rc;
        if (r->sec == S_ENDATA)
            return finish(r);
    }
    if (r->line == 0)
        r->line = 1;
    return fail(r, FATAL, 0, r->m ? "missing ENDATA (is the file "
                "truncated?)" : "no MPS sections: not an MPS file");
}

bnb_model *bnb_read_mps(const char *path, char *err, size_t errlen)
{
    return bnb_read_mps_until(path, NULL, err, errlen);
}

bnb_model *bnb_read_mps_until(const char *path, bnb_stop *stop, char *err,
                              size_t errlen)
{
    mps_reader r = {.path = path, .cur_col = -1};
    const char *why;
    FILE *f = mio_open(path, &why);
    if (!f) {
        if (err && errlen)
            snprintf(err, errlen, "%s: cannot open: %s", path, why);
        return NULL;
    }
    mio_line ln = {.stop = stop};
    int rc = read_lines(&r, f, &ln);
    mio_close(f);
    if (rc != OK && r.msg_col < 0 && err && errlen)
        snprintf(err, errlen, "%s", r.msg);
    else if (rc != OK)
        mio_error(err, errlen, path, r.line, r.msg_col, "%s", r.msg);
    else if (err && errlen)   /* a warning, or "" */
        snprintf(err, errlen, "%s", r.warning);
    if (rc != OK) {
        bnb_model_free(r.m);
        r.m = NULL;
    }
    free(ln.buf);
    free(r.tokbuf);
    free(r.fixbuf);
    free(r.row);
    free(r.lo_set);
    free(r.at);
    free(r.row_first);
    free(r.by_row);
    bnb_model_free(r.nrows);
    return r.m;
}
