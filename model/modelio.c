/*
 * modelio.c -- helpers shared by the MPS and CPLEX-LP readers and writers
 * (see modelio.h): bounded line input, error messages, exact numbers and
 * unique names.
 */
#include "modelio.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Control bytes are binary junk; tab is a blank and "\r" may end a line. */
static int is_binary_byte(int c)
{
    return (c < 0x20 && c != '\t') || c == 0x7f;
}

/* The longest line mio_read_line takes (a line's length is an int). */
#define MIO_LINE_MAX (1 << 30)

/* Room for n + 2 bytes in ln (the byte read and the '\0'). */
static int line_room(mio_line *ln, size_t n)
{
    if (n + 2 <= ln->cap)
        return 1;
    size_t cap = ln->cap ? 2 * ln->cap : 256;
    char *buf = realloc(ln->buf, cap);
    if (!buf)
        return 0;
    ln->buf = buf;
    ln->cap = cap;
    return 1;
}

/* Lines, and bytes within a line, between two looks at ln->stop. */
#define MIO_STOP_LINES 1024
#define MIO_STOP_BYTES (1 << 16)

FILE *mio_open(const char *path, const char **why)
{
    if (strcmp(path, MIO_STDIO) == 0) {
        *why = NULL;
        return stdin;
    }
    FILE *f = fopen(path, "rb");
    struct stat st;
    *why = f ? NULL : strerror(errno);
    if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        f = NULL;
        *why = "is a directory";
    }
    return f;
}

void mio_close(FILE *f)
{
    if (f != stdin)
        fclose(f);
}

FILE *mio_open_write(const char *path)
{
    return strcmp(path, MIO_STDIO) == 0 ? stdout : fopen(path, "w");
}

int mio_close_write(FILE *f)
{
    int bad = ferror(f);
    if (f == stdout)
        return fflush(f) != 0 || bad;
    return fclose(f) != 0 || bad;
}

int mio_open_failed(const char *path, char *err, size_t errlen)
{
    if (errno == ENOMEM) {
        snprintf(err, errlen, "%s: out of memory", path);
        return BNB_ERR_NOMEM;
    }
    snprintf(err, errlen, "%s: cannot write%s%s", path, errno ? ": " : "",
             errno ? strerror(errno) : "");
    return BNB_ERR_IO;
}

/* Stopped, or past the largest file? Looked at every MIO_STOP_BYTES. */
static int line_check(mio_line *ln)
{
    if (ln->total > BNB_MAX_FILE_BYTES)
        return MIO_LINE_HUGE;
    return bnb_stop_now(ln->stop) ? MIO_LINE_STOPPED : 0;
}

int mio_read_line(FILE *f, mio_line *ln, int *len, int *bad)
{
    int n = 0, c, rc;
    *bad = 0;
    *len = 0;
    if (!line_room(ln, 0))
        return MIO_LINE_NOMEM;
    if (ln->lines++ % MIO_STOP_LINES == 0 && (rc = line_check(ln)) != 0)
        return rc;
    char *buf = ln->buf;
    while ((c = getc(f)) != EOF && c != '\n') {
        if (n == MIO_LINE_MAX) {
            *len = n;
            return MIO_LINE_LONG;
        }
        if (++ln->total % MIO_STOP_BYTES == 0 && (rc = line_check(ln)) != 0)
            return rc;
        if (!line_room(ln, (size_t)n))
            return MIO_LINE_NOMEM;
        buf = ln->buf;
        buf[n++] = (char)c;
        if (is_binary_byte(c) && c != '\r') {
            *bad = n;
            buf[n] = '\0';
            *len = n;
            return MIO_LINE_BINARY;
        }
    }
    if (c == EOF && ferror(f)) /* a signal interrupts a read from a pipe */
        return bnb_stop_now(ln->stop) ? MIO_LINE_STOPPED : MIO_LINE_IO;
    if (c == EOF && n == 0)
        return 0;
    if (n > 0 && buf[n - 1] == '\r')
        n--;
    for (int k = 0; k < n && !*bad; k++)
        if (buf[k] == '\r')
            *bad = k + 1;
    buf[n] = '\0';
    *len = n;
    return *bad ? MIO_LINE_BINARY : 1;
}

const char *mio_line_error(int rc, const mio_line *ln, int bad, char *tmp,
                           size_t tmplen)
{
    if (rc == MIO_LINE_LONG)
        snprintf(tmp, tmplen, "line of %d bytes or more", MIO_LINE_MAX);
    else if (rc == MIO_LINE_NOMEM)
        snprintf(tmp, tmplen, "out of memory for a line");
    else if (rc == MIO_LINE_BINARY)
        snprintf(tmp, tmplen, "binary data (byte 0x%02x): not a text file",
                 (unsigned char)ln->buf[bad - 1]);
    else if (rc == MIO_LINE_HUGE)
        snprintf(tmp, tmplen, "file larger than %ld bytes, the largest "
                 "input bnb reads", BNB_MAX_FILE_BYTES);
    else if (rc == MIO_LINE_STOPPED)
        snprintf(tmp, tmplen, "stopped while reading (%s)",
                 ln->stop->why == BNB_TIME_LIMIT ? "time limit"
                                                 : "interrupted");
    else
        snprintf(tmp, tmplen, "read error: %s", strerror(errno));
    return tmp;
}

void mio_error(char *err, size_t errlen, const char *path, long line,
               int col, const char *fmt, ...)
{
    if (!err || errlen == 0)
        return;
    int n = col > 0 ? snprintf(err, errlen, "%s:%ld:%d: ", path, line, col)
                    : snprintf(err, errlen, "%s:%ld: ", path, line);
    if (n < 0 || (size_t)n >= errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
    va_end(ap);
}

enum { TINY_KEEP, TINY_DROP, TINY_REFUSE };

/* What the rule does with a x in a row whose largest |coefficient| is
 * largest, x in [xl, xu]. */
static int tiny_action(double a, double largest, double xl, double xu)
{
    int denormal = fabs(a) < DBL_MIN;
    if (a == 0 || !(denormal || fabs(a) < MIO_TINY_REL * largest))
        return TINY_KEEP;
    double reach = fabs(a) * fmax(fabs(xl), fabs(xu));   /* inf: unbounded */
    if (reach <= MIO_TINY_EFFECT)
        return TINY_DROP;
    return denormal ? TINY_REFUSE : TINY_KEEP;
}

/* Row i's entries to drop flagged in drop[]; their count, or -1 with
 * *bad the first entry to refuse. */
static int flag_tiny(const bnb_model *m, int i, unsigned char *drop,
                     int *bad)
{
    const double *v = bnb_row_vals(m, i);
    const int *c = bnb_row_cols(m, i);
    int len = bnb_row_len(m, i), count = 0;
    double largest = 0;
    for (int k = 0; k < len; k++)
        largest = fmax(largest, fabs(v[k]));
    for (int k = 0; k < len; k++) {
        int act = tiny_action(v[k], largest, bnb_col_lo(m, c[k]),
                              bnb_col_up(m, c[k]));
        if (act == TINY_REFUSE) {
            *bad = k;
            return -1;
        }
        count += drop[k] = (unsigned char)(act == TINY_DROP);
    }
    return count;
}

/* Moves the flagged terms into the row's sides, lo - max(a x) and up -
 * min(a x) over x's bounds, and drops them. */
static void relax_row(bnb_model *m, int i, const unsigned char *drop)
{
    const int *c = bnb_row_cols(m, i);
    const double *v = bnb_row_vals(m, i);
    double lo = bnb_row_lo(m, i), up = bnb_row_up(m, i);
    for (int k = 0; k < bnb_row_len(m, i); k++) {
        if (!drop[k])
            continue;
        double xl = bnb_col_lo(m, c[k]), xu = bnb_col_up(m, c[k]);
        lo -= fmax(v[k] * xl, v[k] * xu);
        up -= fmin(v[k] * xl, v[k] * xu);
    }
    bnb_set_row_bounds(m, i, lo, up);
    mio_drop_entries(m, i, drop);
}

int mio_drop_tiny(bnb_model *m, const char *path, mio_locate_fn at,
                  void *ctx, char *err, size_t errlen)
{
    int widest = 0, dropped = 0;
    for (int i = 0; i < bnb_num_rows(m); i++)
        widest = bnb_row_len(m, i) > widest ? bnb_row_len(m, i) : widest;
    unsigned char *drop = malloc((size_t)widest + 1);
    if (!drop)
        return -2;
    err[0] = '\0';
    for (int i = 0; i < bnb_num_rows(m); i++) {
        int bad = 0, first = 0, n = flag_tiny(m, i, drop, &bad);
        if (n < 0) {
            mio_at where = at(ctx, i, bad);
            mio_error(err, errlen, path, where.line, where.col,
                      "row '%s': coefficient %g of '%s' is denormal (below "
                      "DBL_MIN): double arithmetic cannot carry it, and over "
                      "the column's bounds it can reach more than %g (or "
                      "the column is unbounded): scale the row or bound "
                      "the column", bnb_row_name(m, i),
                      bnb_row_vals(m, i)[bad],
                      bnb_col_name(m, bnb_row_cols(m, i)[bad]),
                      MIO_TINY_EFFECT);
            free(drop);
            return -1;
        }
        if (n == 0)
            continue;
        while (!drop[first])
            first++;
        if (dropped == 0) {
            mio_at where = at(ctx, i, first);
            mio_error(err, errlen, path, where.line, where.col,
                      "warning: row '%s': coefficient %g of '%s' dropped "
                      "(below %g of the row's largest, or denormal: lost "
                      "in double arithmetic), the row's sides moved by "
                      "its reach over the column's bounds, at most %g",
                      bnb_row_name(m, i), bnb_row_vals(m, i)[first],
                      bnb_col_name(m, bnb_row_cols(m, i)[first]),
                      MIO_TINY_REL, MIO_TINY_EFFECT);
        }
        relax_row(m, i, drop);
        dropped += n;
    }
    free(drop);
    if (dropped > 1) {
        size_t used = strlen(err);
        snprintf(err + used, errlen - used, " (and %d more such terms)",
                 dropped - 1);
    }
    return 0;
}

static int skip_digits(const char *s, int k)
{
    while (isdigit((unsigned char)s[k]))
        k++;
    return k;
}

/* True when s (after a sign) is "inf" or "infinity" in any case. */
static int is_inf_word(const char *s)
{
    static const char *words[] = {"inf", "infinity"};
    for (int w = 0; w < 2; w++) {
        size_t k = 0;
        while (words[w][k] && tolower((unsigned char)s[k]) == words[w][k])
            k++;
        if (!words[w][k] && !s[k])
            return 1;
    }
    return 0;
}

int mio_parse_number(const char *s, double *v)
{
    int k = (s[0] == '+' || s[0] == '-') ? 1 : 0;
    if (is_inf_word(s + k)) {
        *v = s[0] == '-' ? -BNB_INF : BNB_INF;
        return 0;
    }
    int d0 = k;
    k = skip_digits(s, k);
    int digits = k - d0;
    if (s[k] == '.') {
        int f0 = k + 1;
        k = skip_digits(s, f0);
        digits += k - f0;
    }
    if (digits == 0)
        return -1;
    if (s[k] == 'e' || s[k] == 'E') {
        int e0 = k + 1 + (s[k + 1] == '+' || s[k + 1] == '-');
        k = skip_digits(s, e0);
        if (k == e0)
            return -1;
    }
    if (s[k])
        return -1;
    double x = strtod(s, NULL);   /* overflow gives +-HUGE_VAL: infinite */
    *v = x >= MIO_HUGE ? BNB_INF : x <= -MIO_HUGE ? -BNB_INF : x;
    return 0;
}

/* Integers print as integers (a person reads "100000", not "1e+05");
 * other values take the fewest significant digits that read back equal. */
int mio_format(char *out, double v)
{
    if (v == 0)
        return snprintf(out, MIO_NUM_LEN, "0");
    if (v == floor(v) && fabs(v) < 1e15)
        return snprintf(out, MIO_NUM_LEN, "%.0f", v);
    int n = 0;
    for (int p = 1; p <= 17; p++) {
        n = snprintf(out, MIO_NUM_LEN, "%.*g", p, v);
        if (strtod(out, NULL) == v)
            break;
    }
    return n;
}

void mio_base_name(const char *path, char *out, size_t cap)
{
    if (strcmp(path, MIO_STDIO) == 0)
        path = "stdin";
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    const char *dot = strrchr(b, '.');
    size_t n = dot && dot != b ? (size_t)(dot - b) : strlen(b);
    if (n >= cap)
        n = cap - 1;
    memcpy(out, b, n);
    out[n] = '\0';
    if (n == 0)
        snprintf(out, cap, "model");
}

static char *copy_name(const char *s)
{
    size_t n = strlen(s) + 1;
    char *copy = malloc(n);
    if (copy)
        memcpy(copy, s, n);
    return copy;
}

/* The set is a scratch model's column table: it already has a hash. */
struct mio_names {
    bnb_model *m;
};

mio_names *mio_names_new(void)
{
    mio_names *s = malloc(sizeof *s);
    if (s && !(s->m = bnb_model_new("names"))) {
        free(s);
        s = NULL;
    }
    return s;
}

void mio_names_free(mio_names *s)
{
    if (s) {
        bnb_model_free(s->m);
        free(s);
    }
}

int mio_names_take(mio_names *s, const char *name)
{
    return bnb_add_col(s->m, name, 0, 0, 0, 0) >= 0 ? 0 : -1;
}

char *mio_names_unique(mio_names *s, const char *want)
{
    char buf[MIO_NAME_MAX + 1];
    snprintf(buf, sizeof buf, "%s", want);
    for (long k = 2; bnb_add_col(s->m, buf, 0, 0, 0, 0) < 0; k++) {
        if (bnb_find_col(s->m, buf) < 0)
            return NULL;                 /* not a clash: out of memory */
        char suffix[24];
        int ns = snprintf(suffix, sizeof suffix, "_%ld", k);
        int keep = (int)strlen(want);
        if (keep > MIO_NAME_MAX - ns)
            keep = MIO_NAME_MAX - ns;
        snprintf(buf, sizeof buf, "%.*s%s", keep, want, suffix);
    }
    return copy_name(buf);
}

char **mio_legal_names(mio_names *set, const bnb_model *m, int n,
                       const char *(*name_of)(const bnb_model *, int),
                       mio_fix_fn fix)
{
    char **out = calloc((size_t)n + 1, sizeof *out);
    char buf[MIO_NAME_MAX + 1];
    for (int i = 0; out && i < n; i++) {
        fix(name_of(m, i), buf);
        if (strcmp(buf, name_of(m, i)) == 0 && !mio_names_take(set, buf))
            out[i] = copy_name(buf);
    }
    for (int i = 0; out && i < n; i++) {
        fix(name_of(m, i), buf);
        if (!out[i] && !(out[i] = mio_names_unique(set, buf))) {
            mio_free_names(out, n);
            return NULL;
        }
    }
    return out;
}

void mio_free_names(char **names, int n)
{
    for (int i = 0; names && i < n; i++)
        free(names[i]);
    free(names);
}
