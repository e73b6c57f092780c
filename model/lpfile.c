/*
 * lpfile.c -- the CPLEX-LP reader. The file is a stream of tokens: a
 * statement (the objective, a constraint, a bound) may run over several
 * lines, and a section keyword counts only as the first token of a line
 * not followed by ':'. Errors unwind to bnb_read_lp with longjmp (as Lua
 * does); everything the reader allocates hangs off its struct.
 *
 * Accepted beyond the basic grammar: constants on either side of a
 * constraint (moved to the right), "lo <= expr <= up" ranged rows,
 * "k >= expr", a constant in the objective (the model's offset), and what
 * HiGHS writes: empty named rows ("r: <= 0"), an empty "semi" section.
 * Unnamed rows are named c1, c2, ... by their position (as CPLEX does).
 * Bounds are taken literally: "x <= -5" leaves the lower bound 0, an
 * error (write "-inf <= x <= -5").
 */
#include "modelio.h"

#include <ctype.h>
#include <float.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_TERMS 10000000   /* the model's own limit on nonzeros */

typedef enum {
    T_EOF, T_NAME, T_NUM, T_PLUS, T_MINUS, T_COLON, T_LE, T_GE, T_EQ
} tok_type;

typedef struct {
    tok_type type;
    double num;                     /* T_NUM */
    char text[MIO_NAME_MAX + 1];    /* T_NAME; a number's spelling */
    long line;
    int col;
    int first;                      /* the first token on its line */
} token;

typedef enum {
    K_NONE, K_EOF, K_MIN, K_MAX, K_ST, K_BOUNDS, K_GEN, K_BIN, K_END,
    K_UNSUPPORTED
} keyword;

/* Where entry k of row i is, kept for the entries MIO_TINY_REL drops. */
typedef struct {
    int row, k;
    mio_at at;
} tiny_entry;

typedef struct {
    const char *path;
    FILE *f;
    jmp_buf fail;
    char msg[600];                  /* the error, with file and line */
    char desc[MIO_NAME_MAX + 3];    /* a token quoted for a message */
    mio_line ln;                    /* the current line, ln.buf           */
    int len, pos, fresh, at_eof;
    long line;
    token q[3];                     /* tokens peeked at */
    int nq;
    bnb_model *m;
    double *lo, *up;                /* [cap] bounds, set on the model at End */
    long *bline;                    /* [cap] line of a column's last bound */
    int cap;
    int *cols;                      /* [term_cap] the expression's terms */
    double *vals;                   /* [term_cap] */
    mio_at *term_at;                /* [term_cap] where each term is      */
    int nterm, term_cap;
    int *term_of;                   /* [cap] column j's term, -1: none   */
    tiny_entry *tiny;               /* [ntiny] row entries too small for
                                       the arithmetic, in row order     */
    int ntiny, tiny_cap;
    char warning[600];              /* mio_drop_tiny's, for the caller   */
} lp_reader;

static _Noreturn void fail(lp_reader *r, long line, int col,
                           const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static _Noreturn void fail(lp_reader *r, long line, int col,
                           const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    mio_error(r->msg, sizeof r->msg, r->path, line > 0 ? line : 1, col,
              "%s", text);
    longjmp(r->fail, 1);
}

static _Noreturn void no_memory(lp_reader *r, const token *t)
{
    fail(r, t->line, t->col, "out of memory");
}

/* A model call that failed with rc: a cap reached or no memory. */
static _Noreturn void cannot_add(lp_reader *r, const token *t, int rc)
{
    if (rc == BNB_ERR_TOO_LARGE)
        fail(r, t->line, t->col, "the model is too large: bnb takes at "
             "most %d columns, rows and nonzeros each", BNB_MAX_ITEMS);
    no_memory(r, t);
}

/* ---------------------------------------------------------------- */
/* Tokens                                                            */
/* ---------------------------------------------------------------- */

static int is_name_char(int c)
{
    return isalnum(c) || c >= 0x80 ||
           (c && strchr("!\"#$%&()/,.;?@_'`{}|~[]", c));
}

static int number_length(const char *s)
{
    int k = 0;
    while (isdigit((unsigned char)s[k]))
        k++;
    if (s[k] == '.')
        for (k++; isdigit((unsigned char)s[k]); k++)
            continue;
    if (s[k] == 'e' || s[k] == 'E') {
        int e = k + 1 + (s[k + 1] == '+' || s[k + 1] == '-');
        if (isdigit((unsigned char)s[e]))
            for (k = e; isdigit((unsigned char)s[k]); k++)
                continue;
    }
    return k;
}

/* An operator: < <= =< > >= => = == + - :  (T_EOF: none) */
static tok_type operator_at(const char *s, int *len)
{
    *len = 1;
    switch (s[0]) {
    case '+': return T_PLUS;
    case '-': return T_MINUS;
    case ':': return T_COLON;
    case '<': *len += s[1] == '='; return T_LE;
    case '>': *len += s[1] == '='; return T_GE;
    case '=':
        *len += s[1] == '<' || s[1] == '>' || s[1] == '=';
        return s[1] == '<' ? T_LE : s[1] == '>' ? T_GE : T_EQ;
    default: return T_EOF;
    }
}

static void lex_word(lp_reader *r, token *t, const char *s)
{
    int n = 0, num = isdigit((unsigned char)s[0]) ||
                     (s[0] == '.' && isdigit((unsigned char)s[1]));
    if (num)
        n = number_length(s);
    else
        while (is_name_char((unsigned char)s[n]))
            n++;
    if (n == 0)
        fail(r, t->line, t->col, isprint((unsigned char)s[0])
             ? "unexpected character '%c'" : "unexpected byte 0x%02x",
             (unsigned char)s[0]);
    if (n > MIO_NAME_MAX)
        fail(r, t->line, t->col, "%s longer than %d characters",
             num ? "number" : "name", MIO_NAME_MAX);
    memcpy(t->text, s, (size_t)n);
    t->text[n] = '\0';
    t->type = num ? T_NUM : T_NAME;
    if (num && mio_parse_number(t->text, &t->num))
        fail(r, t->line, t->col, "bad number '%s'", t->text);
    r->pos += n;
}

static void lex(lp_reader *r, token *t)
{
    for (;;) {
        if (r->pos < r->len && (r->ln.buf[r->pos] == ' ' ||
                                r->ln.buf[r->pos] == '\t')) {
            r->pos++;
        } else if (r->pos < r->len && r->ln.buf[r->pos] == '\\') {
            r->pos = r->len;            /* a comment to the line's end */
        } else if (r->pos < r->len) {
            break;
        } else if (r->at_eof) {
            *t = (token){.type = T_EOF, .line = r->line, .first = 1};
            return;
        } else {
            int bad, rc = mio_read_line(r->f, &r->ln, &r->len, &bad);
            char tmp[96];
            r->at_eof = rc == 0;
            r->line += rc != 0;
            r->pos = 0;
            r->fresh = 1;
            if (rc < 0)
                fail(r, r->line, bad, "%s",
                     mio_line_error(rc, &r->ln, bad, tmp, sizeof tmp));
            if (rc == 0)
                r->len = 0;
        }
    }
    const char *s = r->ln.buf + r->pos;
    *t = (token){.line = r->line, .col = r->pos + 1, .first = r->fresh};
    r->fresh = 0;
    int len;
    t->type = operator_at(s, &len);
    if (t->type == T_EOF)
        lex_word(r, t, s);
    else
        r->pos += len;
}

static const token *peek(lp_reader *r, int k)
{
    while (r->nq <= k)
        lex(r, &r->q[r->nq++]);
    return &r->q[k];
}

static token next(lp_reader *r)
{
    token t = *peek(r, 0);
    r->nq--;
    memmove(r->q, r->q + 1, (size_t)r->nq * sizeof *r->q);
    return t;
}

/* How a message names a token. */
static const char *describe(lp_reader *r, const token *t)
{
    static const char *op[] = {"end of file", "", "", "'+'", "'-'", "':'",
                               "'<='", "'>='", "'='"};
    if (t->type != T_NAME && t->type != T_NUM)
        return op[t->type];
    snprintf(r->desc, sizeof r->desc, "'%s'", t->text);
    return r->desc;
}

static int is_sense(const token *t)
{
    return t->type == T_LE || t->type == T_GE || t->type == T_EQ;
}

static int is_inf_word(const token *t)
{
    return t->type == T_NAME && (strcasecmp(t->text, "inf") == 0 ||
                                 strcasecmp(t->text, "infinity") == 0);
}

/* ---------------------------------------------------------------- */
/* Keywords                                                          */
/* ---------------------------------------------------------------- */

static const struct {
    const char *word, *then;   /* then: a second word it needs */
    keyword kind;
} keywords[] = {
    {"minimize", 0, K_MIN}, {"minimise", 0, K_MIN}, {"minimum", 0, K_MIN},
    {"min", 0, K_MIN}, {"maximize", 0, K_MAX}, {"maximise", 0, K_MAX},
    {"maximum", 0, K_MAX}, {"max", 0, K_MAX}, {"subject", "to", K_ST},
    {"such", "that", K_ST}, {"st", 0, K_ST}, {"s.t.", 0, K_ST},
    {"st.", 0, K_ST}, {"bounds", 0, K_BOUNDS}, {"bound", 0, K_BOUNDS},
    {"general", 0, K_GEN}, {"generals", 0, K_GEN}, {"gen", 0, K_GEN},
    {"integer", 0, K_GEN}, {"integers", 0, K_GEN}, {"binary", 0, K_BIN},
    {"binaries", 0, K_BIN}, {"bin", 0, K_BIN}, {"semi", 0, K_UNSUPPORTED},
    {"semis", 0, K_UNSUPPORTED},
    {"sos", 0, K_UNSUPPORTED}, {"end", 0, K_END},
};

/* The keyword starting at the next token, without taking it; *words is
 * how many tokens it has. */
static keyword keyword_at(lp_reader *r, int *words)
{
    const token *t = peek(r, 0);
    *words = 1;
    if (t->type == T_EOF)
        return K_EOF;
    if (t->type != T_NAME || !t->first || peek(r, 1)->type == T_COLON)
        return K_NONE;
    for (size_t k = 0; k < sizeof keywords / sizeof *keywords; k++) {
        if (strcasecmp(t->text, keywords[k].word) != 0)
            continue;
        if (!keywords[k].then)
            return keywords[k].kind;
        const token *u = peek(r, 1);
        *words = 2;
        return u->type == T_NAME && !u->first &&
                       strcasecmp(u->text, keywords[k].then) == 0
                   ? keywords[k].kind : K_NONE;
    }
    return K_NONE;
}

static int at_section_end(lp_reader *r)
{
    int words;
    return keyword_at(r, &words) != K_NONE;
}

/* ---------------------------------------------------------------- */
/* Columns, terms, values                                            */
/* ---------------------------------------------------------------- */

/* Doubling, up to MAX_TERMS; 0 when the limit is reached. */
static int next_cap(int cap)
{
    return cap == 0 ? 64 : cap >= MAX_TERMS ? 0
           : cap > MAX_TERMS / 2 ? MAX_TERMS : 2 * cap;
}

static int resize(void *pp, int n, size_t elem)
{
    void *p = n ? realloc(*(void **)pp, (size_t)n * elem) : NULL;
    if (!p)
        return -1;
    *(void **)pp = p;
    return 0;
}

static int grow_cols(lp_reader *r)
{
    int n = next_cap(r->cap);
    if (resize(&r->lo, n, sizeof *r->lo) || resize(&r->up, n, sizeof *r->up)
        || resize(&r->bline, n, sizeof *r->bline) ||
        resize(&r->term_of, n, sizeof *r->term_of))
        return -1;
    for (int j = r->cap; j < n; j++)
        r->term_of[j] = -1;
    r->cap = n;
    return 0;
}

/* The column of that name, made with bounds [0, +inf) if new. */
static int col_of(lp_reader *r, const token *t)
{
    int j = bnb_find_col(r->m, t->text);
    if (j >= 0)
        return j;
    j = bnb_num_cols(r->m);
    if (j == r->cap && grow_cols(r))
        no_memory(r, t);
    int rc = bnb_add_col(r->m, t->text, 0, BNB_INF, 0, 0);
    if (rc != j)
        cannot_add(r, t, rc);
    r->lo[j] = 0;
    r->up[j] = BNB_INF;
    r->bline[j] = t->line;
    return j;
}

static int name_at(lp_reader *r)
{
    return peek(r, 0)->type == T_NAME && peek(r, 1)->type != T_COLON &&
           !at_section_end(r);
}

/* A number the format can write back: |v| >= 1e30 reads as infinite,
 * so a sum of finite terms that gets there is refused where it does. */
static void check_finite_sum(lp_reader *r, double v, const token *t,
                             const char *what)
{
    if (!(fabs(v) < MIO_HUGE))
        fail(r, t->line, t->col, "%s adds up to %g: |value| >= 1e30 "
             "means infinite in a model file", what, v);
}

/* Adds v to column j's term of the expression (one term per column). */
static void add_term(lp_reader *r, int j, double v, const token *t)
{
    int k = r->term_of[j];
    if (k >= 0) {
        r->vals[k] += v;
        check_finite_sum(r, r->vals[k], t, "the coefficient");
        return;
    }
    if (r->nterm == r->term_cap) {
        int n = next_cap(r->term_cap);
        if (resize(&r->cols, n, sizeof *r->cols) ||
            resize(&r->vals, n, sizeof *r->vals) ||
            resize(&r->term_at, n, sizeof *r->term_at))
            no_memory(r, t);
        r->term_cap = n;
    }
    r->term_of[j] = r->nterm;
    r->cols[r->nterm] = j;
    r->term_at[r->nterm] = (mio_at){t->line, t->col};
    r->vals[r->nterm++] = v;
}

/* The expression is complete: its columns' term_of marks go (the
 * callers may then drop and move terms). */
static void close_terms(lp_reader *r)
{
    for (int k = 0; k < r->nterm; k++)
        r->term_of[r->cols[k]] = -1;
}

/* expr := term { (+|-) term },  term := [+|-] [number] [name], the first
 * term's sign optional. Terms go to cols/vals; returns the constant. */
static double parse_terms(lp_reader *r)
{
    double constant = 0;
    r->nterm = 0;
    for (int first = 1;; first = 0) {
        const token *t = peek(r, 0);
        double sign = t->type == T_MINUS ? -1 : 1;
        if (t->type == T_PLUS || t->type == T_MINUS) {
            next(r);
            t = peek(r, 0);
        } else if (!first || (t->type != T_NUM && !name_at(r)))
            return constant;
        double coef = t->type == T_NUM ? t->num : 1;
        int has_num = t->type == T_NUM;
        if (has_num) {
            next(r);
            t = peek(r, 0);
        }
        if (!isfinite(coef))
            fail(r, t->line, t->col, "infinite coefficient");
        if (name_at(r)) {
            token name = next(r);
            add_term(r, col_of(r, &name), sign * coef, &name);
        } else if (has_num) {
            constant += sign * coef;
            check_finite_sum(r, constant, t, "the constant");
        } else {
            fail(r, t->line, t->col, "expected a number or a variable, not "
                 "%s", describe(r, t));
        }
    }
}

static double parse_expr(lp_reader *r)
{
    double constant = parse_terms(r);
    close_terms(r);
    return constant;
}

/* [+|-] (number | inf | infinity) */
static int value_at(lp_reader *r, int k)
{
    const token *t = peek(r, k);
    if (t->type == T_PLUS || t->type == T_MINUS)
        t = peek(r, k + 1);
    return t->type == T_NUM || is_inf_word(t);
}

static double parse_value(lp_reader *r)
{
    token t = next(r);
    double sign = t.type == T_MINUS ? -1 : 1;
    if (t.type == T_PLUS || t.type == T_MINUS)
        t = next(r);
    if (t.type == T_NUM)
        return sign * t.num;
    if (is_inf_word(&t))
        return sign * BNB_INF;
    fail(r, t.line, t.col, "expected a number, not %s", describe(r, &t));
}

static tok_type parse_sense(lp_reader *r)
{
    token t = next(r);
    if (!is_sense(&t))
        fail(r, t.line, t.col, "expected <=, >= or =, not %s",
             describe(r, &t));
    return t.type;
}

/* ---------------------------------------------------------------- */
/* Sections                                                          */
/* ---------------------------------------------------------------- */

static void parse_objective(lp_reader *r)
{
    if (peek(r, 0)->type == T_NAME && peek(r, 1)->type == T_COLON) {
        token name = next(r);
        next(r);
        if (bnb_set_obj_name(r->m, name.text) != BNB_OK)
            no_memory(r, &name);
    }
    double constant = parse_expr(r);
    for (int k = 0; k < r->nterm; k++) {
        int j = r->cols[k];
        bnb_set_obj_coef(r->m, j, bnb_col_obj(r->m, j) + r->vals[k]);
    }
    bnb_set_obj_offset(r->m, bnb_obj_offset(r->m) + constant);
}

/* The positions of row i's entries that mio_drop_tiny will drop (the
 * row's terms are its entries, one per column, in order). */
static void remember_tiny(lp_reader *r, int i, int n, const token *at)
{
    double largest = 0;
    for (int k = 0; k < n; k++)
        largest = fmax(largest, fabs(r->vals[k]));
    for (int k = 0; k < n; k++) {
        double a = fabs(r->vals[k]);
        if (!(a < DBL_MIN || a < MIO_TINY_REL * largest))
            continue;
        if (r->ntiny == r->tiny_cap) {
            int cap = next_cap(r->tiny_cap);
            if (resize(&r->tiny, cap, sizeof *r->tiny))
                no_memory(r, at);
            r->tiny_cap = cap;
        }
        r->tiny[r->ntiny++] = (tiny_entry){i, k, r->term_at[k]};
    }
}

static mio_at locate_tiny(void *ctx, int row, int k)
{
    const lp_reader *r = ctx;
    int lo = 0, hi = r->ntiny - 1;
    while (lo <= hi) {   /* entries are in (row, k) order */
        int mid = (lo + hi) / 2;
        const tiny_entry *e = &r->tiny[mid];
        if (e->row == row && e->k == k)
            return e->at;
        if (e->row < row || (e->row == row && e->k < k))
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return (mio_at){1, 0};
}

static void add_row(lp_reader *r, const char *name, const token *at,
                    double lo, double up)
{
    int n = 0;
    for (int k = 0; k < r->nterm; k++)
        if (r->vals[k] != 0) {
            r->cols[n] = r->cols[k];
            r->term_at[n] = r->term_at[k];
            r->vals[n++] = r->vals[k];
        }
    if (lo > up || lo == BNB_INF || up == -BNB_INF)
        fail(r, at->line, at->col, "row '%s': the right-hand side gives no "
             "valid bounds [%g, %g]", name, lo, up);
    int rc = bnb_add_row(r->m, name, n, r->cols, r->vals, lo, up);
    if (rc == BNB_ERR_DUP)
        fail(r, at->line, at->col, "duplicate row name '%s' (unnamed rows "
             "are named c1, c2, ... by position)", name);
    if (rc < 0)
        cannot_add(r, at, rc);
    remember_tiny(r, rc, n, at);
}

/* lhs sense rhs as bounds on the row, with rhs = v - k. */
static void sense_bounds(tok_type sense, double v, double *lo, double *up)
{
    *lo = sense == T_LE ? -BNB_INF : v;
    *up = sense == T_GE ? BNB_INF : v;
}

/* v - k, a side of the row with the expression's constant k moved
 * over; a finite v must stay below 1e30 (see check_finite_sum). */
static double moved(lp_reader *r, double v, double k, const token *at)
{
    if (isfinite(v) && k != 0)
        check_finite_sum(r, v - k, at, "the right-hand side");
    return v - k;
}

/* "v1 op1 expr [op2 v2]": a ranged row, or "k >= expr" turned round. */
static void value_first_row(lp_reader *r, const char *name, const token *at)
{
    double v1 = parse_value(r);
    tok_type op1 = parse_sense(r);
    double k = parse_expr(r);
    if (r->nterm == 0)
        fail(r, at->line, at->col, "row '%s' has no variables", name);
    double lo, up, side1 = moved(r, v1, k, at);
    tok_type flipped = op1 == T_LE ? T_GE : op1 == T_GE ? T_LE : T_EQ;
    sense_bounds(flipped, side1, &lo, &up);
    if (is_sense(peek(r, 0))) {
        token op2 = *peek(r, 0);
        if (parse_sense(r) != op1 || op1 == T_EQ)
            fail(r, op2.line, op2.col, "a ranged row needs two <= or two "
                 ">=");
        double v2 = moved(r, parse_value(r), k, &op2);
        lo = op1 == T_LE ? side1 : v2;
        up = op1 == T_LE ? v2 : side1;
    }
    add_row(r, name, at, lo, up);
}

static void parse_row(lp_reader *r)
{
    char name[MIO_NAME_MAX + 1];
    token at = *peek(r, 0);
    int named = at.type == T_NAME && peek(r, 1)->type == T_COLON;
    if (named) {
        snprintf(name, sizeof name, "%s", at.text);
        next(r);
        next(r);
    } else {
        snprintf(name, sizeof name, "c%d", bnb_num_rows(r->m) + 1);
    }
    int s = value_at(r, 0) ? 1 + (peek(r, 0)->type == T_PLUS ||
                                  peek(r, 0)->type == T_MINUS) : 0;
    if (s && is_sense(peek(r, s))) {
        value_first_row(r, name, &at);
        return;
    }
    double k = parse_expr(r);
    /* A named row may be empty ("r: <= 0"): HiGHS writes those. */
    if (r->nterm == 0 && !named)
        fail(r, at.line, at.col, "expected a constraint, not %s",
             describe(r, peek(r, 0)));
    tok_type sense = parse_sense(r);
    double lo, up;
    sense_bounds(sense, moved(r, parse_value(r), k, &at), &lo, &up);
    add_row(r, name, &at, lo, up);
}

static void set_bound(lp_reader *r, int j, tok_type sense, double v,
                      const token *at)
{
    if (sense != T_LE)
        r->lo[j] = v;
    if (sense != T_GE)
        r->up[j] = v;
    r->bline[j] = at->line;
}

static int bound_col(lp_reader *r)
{
    token t = next(r);
    if (t.type != T_NAME)
        fail(r, t.line, t.col, "expected a variable, not %s", describe(r, &t));
    return col_of(r, &t);
}

/* x free | x op v | v op x [op w] */
static void parse_bound(lp_reader *r)
{
    token at = *peek(r, 0);
    if (value_at(r, 0)) {
        double v = parse_value(r);
        tok_type op = parse_sense(r);
        int j = bound_col(r);
        set_bound(r, j, op == T_LE ? T_GE : op == T_GE ? T_LE : T_EQ, v,
                  &at);
        if (is_sense(peek(r, 0))) {
            op = parse_sense(r);
            set_bound(r, j, op, parse_value(r), &at);
        }
        return;
    }
    int j = bound_col(r);
    const token *t = peek(r, 0);
    if (t->type == T_NAME && strcasecmp(t->text, "free") == 0) {
        next(r);
        r->lo[j] = -BNB_INF;
        r->up[j] = BNB_INF;
        r->bline[j] = at.line;
        return;
    }
    tok_type op = parse_sense(r);
    set_bound(r, j, op, parse_value(r), &at);
}

static void parse_ints(lp_reader *r, int binary)
{
    while (!at_section_end(r)) {
        token t = next(r);
        if (t.type != T_NAME)
            fail(r, t.line, t.col, "expected a variable, not %s",
                 describe(r, &t));
        int j = col_of(r, &t);
        bnb_set_col_int(r->m, j, 1);
        if (binary) {
            r->lo[j] = 0;
            r->up[j] = 1;
            r->bline[j] = t.line;
        }
    }
}

static void apply_bounds(lp_reader *r)
{
    for (int j = 0; j < bnb_num_cols(r->m); j++)
        if (bnb_set_col_bounds(r->m, j, r->lo[j], r->up[j]) != BNB_OK)
            fail(r, r->bline[j], 0, "column '%s': bounds [%g, %g] are "
                 "inconsistent (for a negative upper bound write "
                 "-inf <= x <= u)", bnb_col_name(r->m, j), r->lo[j],
                 r->up[j]);
}

static void parse_sections(lp_reader *r)
{
    for (;;) {
        int words;
        keyword k = keyword_at(r, &words);
        token t = *peek(r, 0);
        if (k == K_EOF)
            fail(r, t.line, 0, "missing End (is the file truncated?)");
        if (k == K_NONE || k == K_MIN || k == K_MAX)
            fail(r, t.line, t.col, k == K_NONE ? "expected Subject To, "
                 "Bounds, General, Binary or End, not %s"
                 : "a second objective (%s)", describe(r, &t));
        while (words--)
            next(r);
        if (k == K_END)
            return;
        /* HiGHS writes an empty "semi" section: only content is an error */
        if (k == K_UNSUPPORTED && !at_section_end(r))
            fail(r, t.line, t.col, "section %s is not supported",
                 describe(r, &t));
        while (!at_section_end(r)) {
            if (k == K_ST)
                parse_row(r);
            else if (k == K_BOUNDS)
                parse_bound(r);
            else
                parse_ints(r, k == K_BIN);
        }
    }
}

static void parse_file(lp_reader *r)
{
    char base[MIO_NAME_MAX + 1];
    mio_base_name(r->path, base, sizeof base);
    token t = *peek(r, 0);
    if (!(r->m = bnb_model_new(base)))
        no_memory(r, &t);
    int words;
    keyword k = keyword_at(r, &words);
    if (k != K_MIN && k != K_MAX)
        fail(r, t.line, t.col, "expected Minimize or Maximize, not %s",
             describe(r, &t));
    next(r);
    bnb_set_sense(r->m, k == K_MAX ? BNB_MAXIMIZE : BNB_MINIMIZE);
    parse_objective(r);
    parse_sections(r);
    apply_bounds(r);
    int rc = r->ntiny ? mio_drop_tiny(r->m, r->path, locate_tiny, r,
                                      r->warning, sizeof r->warning)
                      : 0;
    if (rc == -2)
        no_memory(r, &t);
    if (rc < 0) {
        snprintf(r->msg, sizeof r->msg, "%s", r->warning);
        longjmp(r->fail, 1);
    }
}

/* setjmp lives here, with r a pointer that does not change. */
static int parse_guarded(lp_reader *r)
{
    if (setjmp(r->fail))
        return -1;
    parse_file(r);
    return 0;
}

bnb_model *bnb_read_lp(const char *path, char *err, size_t errlen)
{
    return bnb_read_lp_until(path, NULL, err, errlen);
}

bnb_model *bnb_read_lp_until(const char *path, bnb_stop *stop, char *err,
                             size_t errlen)
{
    lp_reader *r = calloc(1, sizeof *r);
    const char *why;
    FILE *f = mio_open(path, &why);
    bnb_model *m = NULL;
    if (!r || !f) {
        if (err && errlen)
            snprintf(err, errlen, "%s: %s%s", path,
                     f ? "out of memory" : "cannot open: ", f ? "" : why);
    } else {
        *r = (lp_reader){.path = path, .f = f, .ln = {.stop = stop}};
        if (parse_guarded(r) == 0) {
            m = r->m;
            r->m = NULL;
            if (err && errlen)   /* a warning, or "" */
                snprintf(err, errlen, "%s", r->warning);
        } else if (err && errlen) {
            snprintf(err, errlen, "%s", r->msg);
        }
    }
    if (f)
        mio_close(f);
    if (r) {
        bnb_model_free(r->m);
        free(r->lo);
        free(r->up);
        free(r->bline);
        free(r->cols);
        free(r->vals);
        free(r->term_at);
        free(r->tiny);
        free(r->term_of);
        free(r->ln.buf);
        free(r);
    }
    return m;
}
