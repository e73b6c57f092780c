/*
 * pz_reader.c -- reads a puzzle file into lines and `key:` entries, and
 * the small parsers every kind needs (integers, choices, grids, cells).
 * The first error is kept as "path:line:col: message"; later ones are
 * dropped so that the message names the cause, not a consequence.
 */
#include "pz_reader.h"

#include <ctype.h>
#include <limits.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "bnb.h"

struct pz_file {
    char *path;
    char *buf;                /* the file, lines cut in place            */
    pz_line *lines;           /* [nlines] non-blank lines only           */
    int nlines;
    int kind_line;            /* index in lines of `puzzle:`             */
    const char *kind;
    int kind_col;
    const char *kind_name;    /* as the kind spells it, after parse      */
    int variant;              /* the formulation chosen (--variant)      */
    const pz_key *keys;
    pz_entry entries[PZ_MAX_KEYS];
    int nentries;
    char *err;
    size_t errlen;
    int failed;
};

static int is_blank(int c) { return c == ' ' || c == '\t'; }

static int key_char(int c)
{
    return isalnum(c) || c == '_' || c == '-';
}

int pz_error(pz_file *f, int no, int col, const char *fmt, ...)
{
    if (f->failed)
        return -1;
    f->failed = 1;
    int n = col > 0 ? snprintf(f->err, f->errlen, "%s:%d:%d: ", f->path, no,
                               col)
                    : snprintf(f->err, f->errlen, "%s:%d: ", f->path, no);
    if (n >= 0 && (size_t)n < f->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(f->err + n, f->errlen - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

const char *pz_file_path(const pz_file *f) { return f->path; }
void pz_file_set_variant(pz_file *f, int variant) { f->variant = variant; }
int pz_file_variant(const pz_file *f) { return f->variant; }
const char *pz_file_kind(const pz_file *f) { return f->kind; }
int pz_file_kind_line(const pz_file *f) { return f->lines[f->kind_line].no; }
int pz_file_kind_col(const pz_file *f) { return f->kind_col; }

/* Bytes read between two looks at the stop (interrupt flag, clock). */
#define PZ_READ_CHUNK (1 << 20)

/* A byte that is never text, comment or not: reading stops at it, so
 * a device such as /dev/zero is refused at its first byte (check_text
 * then reports where). */
static int never_text(unsigned char c)
{
    return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f;
}

/* Room for more than n bytes (and the '\0'), doubling so that reading
 * is linear in the file's size; 0 when out of memory. */
static int buffer_room(pz_file *f, size_t n, size_t *cap)
{
    if (n < *cap)
        return 1;
    char *bigger = realloc(f->buf, 2 * *cap + 1);
    if (!bigger)
        return 0;
    f->buf = bigger;
    *cap *= 2;
    return 1;
}

static int stopped_reading(pz_file *f, const bnb_stop *stop)
{
    return pz_error(f, 1, 0, "stopped while reading (%s)",
                    stop->why == BNB_TIME_LIMIT ? "time limit"
                                                : "interrupted");
}

/* Reads the whole file, at most BNB_MAX_FILE_BYTES, a chunk at a time,
 * stopping at a byte that is never text; returns the byte count or -1. */
static long read_all(pz_file *f, FILE *in, bnb_stop *stop)
{
    size_t cap = 4096, n = 0, got = 0;
    if (!(f->buf = malloc(cap + 1)))
        return pz_error(f, 1, 0, "out of memory");
    do {
        if (bnb_stop_now(stop))
            return stopped_reading(f, stop);
        if (n >= (size_t)BNB_MAX_FILE_BYTES)
            return pz_error(f, 1, 0, "file larger than %ld bytes, the "
                            "largest input bnb reads", BNB_MAX_FILE_BYTES);
        if (!buffer_room(f, n, &cap))
            return pz_error(f, 1, 0, "out of memory");
        size_t want = cap - n < PZ_READ_CHUNK ? cap - n : PZ_READ_CHUNK;
        got = fread(f->buf + n, 1, want, in);
        for (size_t i = n; i < n + got; i++)
            if (never_text((unsigned char)f->buf[i])) {
                got = i + 1 - n;
                in = NULL;
                break;
            }
        n += got;
    } while (in && got > 0 && !ferror(in));
    if (in && ferror(in)) /* a signal interrupts a read from a pipe */
        return bnb_stop_now(stop) ? stopped_reading(f, stop)
                                  : pz_error(f, 1, 0, "read error: %s",
                                             strerror(errno));
    f->buf[n] = '\0';
    return (long)n;
}

/* Checks that bytes are text: printable ASCII, tab, "\n", "\r\n"; any
 * byte >= 0x80 only inside a comment (a name with an accent there is
 * harmless). Counts the lines. Returns the count or -1. */
static int check_text(pz_file *f, long n)
{
    int no = 1, col = 1, in_comment = 0;
    for (long i = 0; i < n; i++, col++) {
        unsigned char c = (unsigned char)f->buf[i];
        if (c == '\n') {
            no++, col = 0, in_comment = 0;
            continue;
        }
        if (c == '#')
            in_comment = 1;
        if (no == INT_MAX || col == INT_MAX)
            return pz_error(f, no, 0, "too many lines or characters");
        if (c == '\r' && i + 1 < n && f->buf[i + 1] == '\n')
            continue;
        if ((c < 0x20 && c != '\t') || c == 0x7f ||
            (c >= 0x80 && !in_comment))
            return pz_error(f, no, col,
                            "byte 0x%02x is not plain ASCII text "
                            "(is this a puzzle file?)", c);
    }
    return no;
}

/* Cuts the buffer into lines, drops comments and blanks, keeps the
 * non-blank lines with their positions. */
static int split_lines(pz_file *f, long n, int count)
{
    f->lines = malloc((size_t)count * sizeof *f->lines);
    if (!f->lines)
        return pz_error(f, 1, 0, "out of memory");
    char *p = f->buf, *end = f->buf + n;
    for (int no = 1; p <= end && no <= count; no++) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        char *stop = nl ? nl : end;
        char *hash = memchr(p, '#', (size_t)(stop - p));
        char *e = hash ? hash : stop;
        while (e > p && (is_blank(e[-1]) || e[-1] == '\r'))
            e--;
        *e = '\0';
        char *s = p;
        while (is_blank(*s))
            s++;
        if (*s)
            f->lines[f->nlines++] = (pz_line){no, (int)(s - p) + 1, s};
        p = stop + 1;
    }
    return 0;
}

/* If text starts `ident :`, sets *len to the key length and returns the
 * offset of what follows the colon; else -1. */
static int line_key(const char *text, int *len)
{
    int k = 0;
    if (!isalpha((unsigned char)text[0]))
        return -1;
    while (key_char((unsigned char)text[k]))
        k++;
    int c = k;
    while (is_blank(text[c]))
        c++;
    if (text[c] != ':')
        return -1;
    *len = k;
    return c + 1;
}

static int key_eq(const char *a, int alen, const char *b)
{
    return (int)strlen(b) == alen && strncasecmp(a, b, (size_t)alen) == 0;
}

/* The `puzzle: KIND` line must come first. */
static int find_kind(pz_file *f)
{
    if (f->nlines == 0)
        return pz_error(f, 1, 0, "empty file: expected 'puzzle: KIND'");
    pz_line *ln = &f->lines[0];
    int len, off = line_key(ln->text, &len);
    if (off < 0 || !key_eq(ln->text, len, "puzzle"))
        return pz_error(f, ln->no, ln->col,
                        "expected 'puzzle: KIND' as the first line");
    char *v = (char *)ln->text + off;
    while (is_blank(*v))
        v++;
    if (!*v)
        return pz_error(f, ln->no, ln->col + off,
                        "expected a kind after 'puzzle:'");
    f->kind = v;
    f->kind_col = ln->col + (int)(v - ln->text);
    f->kind_line = 0;
    return 0;
}

pz_file *pz_file_open(const char *path, char *err, size_t errlen)
{
    return pz_file_open_until(path, NULL, err, errlen);
}

pz_file *pz_file_open_until(const char *path, bnb_stop *stop, char *err,
                            size_t errlen)
{
    pz_file *f = calloc(1, sizeof *f);
    if (f && !(f->path = strdup(path))) {
        free(f);
        f = NULL;
    }
    if (!f) {
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    f->err = err;
    f->errlen = errlen;
    /* "-" is standard input, as for the model readers */
    FILE *in = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    struct stat st;
    if (in && fstat(fileno(in), &st) == 0 && S_ISDIR(st.st_mode)) {
        if (in != stdin)
            fclose(in);
        in = NULL;
        errno = EISDIR;
    }
    if (!in) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        pz_file_free(f);
        return NULL;
    }
    long n = read_all(f, in, stop);
    if (in != stdin)
        fclose(in);
    int count = n < 0 ? -1 : check_text(f, n);
    if (count < 0 || split_lines(f, n, count) < 0 || find_kind(f) < 0) {
        pz_file_free(f);
        return NULL;
    }
    return f;
}

void pz_file_free(pz_file *f)
{
    if (!f)
        return;
    free(f->buf);
    free(f->lines);
    free(f->path);
    free(f);
}

static const pz_key *find_key(const pz_key *keys, const char *s, int len)
{
    for (const pz_key *k = keys; k->name; k++)
        if (key_eq(s, len, k->name))
            return k;
    return NULL;
}

/* "size, stars, regions" for messages. */
static const char *key_list(const pz_key *keys, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (const pz_key *k = keys; k->name && used < n; k++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s",
                                 k == keys ? "" : ", ", k->name);
    return buf;
}

static int unknown_key(pz_file *f, const pz_line *ln, int len)
{
    char list[256];
    return pz_error(f, ln->no, ln->col, "unknown key '%.*s' for %s "
                    "(keys: %s)", len, ln->text, f->kind_name,
                    key_list(f->keys, list, sizeof list));
}

/* Starts an entry for a declared key at line i. */
static int start_entry(pz_file *f, const pz_key *k, const pz_line *ln,
                       int off)
{
    const pz_entry *dup = pz_get(f, k->name);
    if (dup)
        return pz_error(f, ln->no, ln->col, "duplicate '%s:' "
                        "(first on line %d)", k->name, dup->no);
    if (f->nentries == PZ_MAX_KEYS)
        return pz_error(f, ln->no, ln->col, "too many keys");
    const char *v = ln->text + off;
    while (is_blank(*v))
        v++;
    int vcol = ln->col + (int)(v - ln->text);
    if ((k->flags & PZ_KEY_SECTION) && *v)
        return pz_error(f, ln->no, vcol, "'%s:' starts a section: put its "
                        "lines below it, not after the colon", k->name);
    if (!(k->flags & PZ_KEY_SECTION) && !*v)
        return pz_error(f, ln->no, vcol, "'%s:' needs a value", k->name);
    f->entries[f->nentries++] =
        (pz_entry){k, ln->no, ln->col, v, vcol, ln + 1, 0};
    return 0;
}

static int check_entries(pz_file *f)
{
    char list[256];
    for (int e = 0; e < f->nentries; e++) {
        const pz_entry *en = &f->entries[e];
        if ((en->key->flags & PZ_KEY_SECTION) && en->nlines == 0)
            return pz_error(f, en->no, en->col, "section '%s:' is empty",
                            en->key->name);
    }
    for (const pz_key *k = f->keys; k->name; k++)
        if ((k->flags & PZ_KEY_REQUIRED) && !pz_get(f, k->name))
            return pz_error(f, pz_file_kind_line(f), 0,
                            "%s needs a '%s:' %s (keys: %s)", f->kind_name,
                            k->name, k->flags & PZ_KEY_SECTION ? "section"
                                                               : "line",
                            key_list(f->keys, list, sizeof list));
    return 0;
}

int pz_file_parse(pz_file *f, const char *kind, const pz_key *keys)
{
    f->kind_name = kind;
    f->keys = keys;
    pz_entry *section = NULL;
    for (int i = f->kind_line + 1; i < f->nlines; i++) {
        const pz_line *ln = &f->lines[i];
        int len, off = line_key(ln->text, &len);
        const pz_key *k = off >= 0 ? find_key(keys, ln->text, len) : NULL;
        if (off >= 0 && key_eq(ln->text, len, "puzzle"))
            return pz_error(f, ln->no, ln->col, "duplicate 'puzzle:' "
                            "(first on line %d)", pz_file_kind_line(f));
        if (k) {
            if (start_entry(f, k, ln, off) < 0)
                return -1;
            pz_entry *e = &f->entries[f->nentries - 1];
            section = (k->flags & PZ_KEY_SECTION) ? e : NULL;
        } else if (section) {
            section->nlines++;
        } else if (off >= 0) {
            return unknown_key(f, ln, len);
        } else {
            return pz_error(f, ln->no, ln->col, "expected 'key: value', "
                            "got '%.40s'", ln->text);
        }
    }
    return check_entries(f);
}

const pz_entry *pz_get(const pz_file *f, const char *key)
{
    for (int e = 0; e < f->nentries; e++)
        if (strcmp(f->entries[e].key->name, key) == 0)
            return &f->entries[e];
    return NULL;
}

/* The tokens of text into out[max] (out NULL: only counted). */
static int scan_tokens(pz_file *f, int no, int col, const char *text,
                       pz_tok *out, int max)
{
    int n = 0;
    const char *p = text;
    for (;;) {
        while (is_blank(*p))
            p++;
        if (!*p)
            return n;
        if (n == max)
            return pz_error(f, no, col + (int)(p - text),
                            "more than %d values", max);
        const char *at = p, *s = p, *q = p;
        if (*p == '"') {
            q = strchr(p + 1, '"');
            if (!q)
                return pz_error(f, no, col + (int)(p - text),
                                "unclosed quote");
            s = p + 1;
            p = q + 1;
        } else {
            while (*p && !is_blank(*p))
                p++;
            q = p;
        }
        if (out)
            out[n] = (pz_tok){s, (int)(q - s), no, col + (int)(at - text)};
        n++;
    }
}

int pz_tokens(pz_file *f, int no, int col, const char *text, pz_tok *out,
              int max)
{
    return scan_tokens(f, no, col, text, out, max);
}

int pz_tokens_all(pz_file *f, int no, int col, const char *text,
                  pz_tok **out)
{
    *out = NULL;
    int n = scan_tokens(f, no, col, text, NULL, INT_MAX);
    if (n < 0)
        return -1;
    *out = malloc(((size_t)n + 1) * sizeof **out);
    if (!*out)
        return pz_error(f, no, col, "out of memory");
    return scan_tokens(f, no, col, text, *out, n);
}

int pz_tok_is(const pz_tok *t, const char *s)
{
    return key_eq(t->s, t->len, s);
}

/* Parses [+-]digits into *v; values beyond 10^18 read as 10^18 + 1
 * (so no overflow, and every range check below that fails). */
static int parse_int(const char *s, int len, long long *v)
{
    int i = 0, neg = 0;
    if (len > 0 && (s[0] == '+' || s[0] == '-'))
        neg = s[0] == '-', i = 1;
    if (i == len)
        return -1;
    long long x = 0;
    for (; i < len; i++) {
        if (!isdigit((unsigned char)s[i]))
            return -1;
        int d = s[i] - '0';   /* past the limit x sticks at limit + 1 */
        x = x > (PZ_INT_LIMIT - d) / 10 ? PZ_INT_LIMIT + 1 : x * 10 + d;
    }
    *v = neg ? -x : x;
    return 0;
}

int pz_tok_i64(pz_file *f, const pz_tok *t, long long lo, long long hi,
               const char *what, long long *out)
{
    long long v;
    if (parse_int(t->s, t->len, &v) < 0)
        return pz_error(f, t->no, t->col, "expected an integer for %s, "
                        "got '%.*s'", what, t->len > 20 ? 20 : t->len,
                        t->s);
    int shown = t->len > 20 ? 20 : t->len;
    if (v < lo && hi >= INT_MAX)   /* no upper limit but memory */
        return pz_error(f, t->no, t->col, "%s must be at least %lld, got "
                        "%.*s", what, lo, shown, t->s);
    if (v > hi && hi >= INT_MAX)
        return pz_error(f, t->no, t->col, "%s %.*s is too large (at most "
                        "%lld)", what, shown, t->s, hi);
    if (v < lo || v > hi)
        return pz_error(f, t->no, t->col, "%s must be in %lld..%lld, got "
                        "%.*s", what, lo, hi, shown, t->s);
    *out = v;
    return 0;
}

int pz_tok_int(pz_file *f, const pz_tok *t, int lo, int hi,
               const char *what, int *out)
{
    long long v;
    if (pz_tok_i64(f, t, lo, hi, what, &v) < 0)
        return -1;
    *out = (int)v;
    return 0;
}

/* Tokens of header key's value into t[max]; returns count or -1. */
static int value_tokens(pz_file *f, const pz_entry *e, pz_tok *t, int max)
{
    return pz_tokens(f, e->no, e->value_col, e->value, t, max);
}

int pz_key_int(pz_file *f, const char *key, int lo, int hi, int def,
               int *out)
{
    const pz_entry *e = pz_get(f, key);
    pz_tok t[2];
    if (!e) {
        *out = def;
        return 0;
    }
    int n = value_tokens(f, e, t, 2);
    if (n < 0)
        return -1;
    if (n != 1)
        return pz_error(f, e->no, t[1].col, "expected one integer for "
                        "%s", key);
    return pz_tok_int(f, &t[0], lo, hi, key, out);
}

int pz_key_ints(pz_file *f, const char *key, int n, int lo, int hi,
                int *out)
{
    const pz_entry *e = pz_get(f, key);
    if (!e)
        return pz_error(f, pz_file_kind_line(f), 0, "missing '%s:'", key);
    pz_tok *t;
    int got = pz_tokens_all(f, e->no, e->value_col, e->value, &t), rc = 0;
    if (got >= 0 && got != n)
        rc = pz_error(f, e->no, got > n ? t[n].col : e->value_col,
                      "%s has %s%d values, expected %d", key,
                      got > n ? "more than " : "", got > n ? n : got, n);
    for (int i = 0; out && got == n && rc == 0 && i < n; i++)
        rc = pz_tok_int(f, &t[i], lo, hi, key, &out[i]);
    free(t);
    return got < 0 ? -1 : rc;
}

int pz_key_choice(pz_file *f, const char *key, const char *const *choices,
                  int def, int *out)
{
    const pz_entry *e = pz_get(f, key);
    pz_tok t[2];
    if (!e) {
        *out = def;
        return 0;
    }
    int n = value_tokens(f, e, t, 2);
    for (int i = 0; n == 1 && choices[i]; i++)
        if (pz_tok_is(&t[0], choices[i])) {
            *out = i;
            return 0;
        }
    if (n < 0)
        return -1;
    char list[128];
    size_t used = 0;
    list[0] = '\0';
    for (int i = 0; choices[i] && used < sizeof list; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
                                 i ? ", " : "", choices[i]);
    return pz_error(f, e->no, e->value_col, "%s must be one of %s, got "
                    "'%.20s'", key, list, e->value);
}

/* ------------------------------------------------------------------ */
/* Grids                                                               */
/* ------------------------------------------------------------------ */

/* Room for every cell of section e: each cell is at most its line and
 * one NUL per cell, so the grid takes memory linear in the file. */
static int grid_alloc(pz_file *f, const pz_entry *e, int rows, int cols,
                      pz_grid *g)
{
    size_t cells = (size_t)rows * (size_t)cols, bytes = cells;
    for (int r = 0; r < e->nlines; r++)
        bytes += strlen(e->lines[r].text);
    g->rows = rows;
    g->cols = cols;
    g->text = malloc(bytes);
    g->at = malloc(cells * sizeof *g->at);
    g->no = malloc(cells * sizeof *g->no);
    g->col = malloc(cells * sizeof *g->col);
    if (!g->text || !g->at || !g->no || !g->col)
        return pz_error(f, e->no, e->col, "out of memory");
    return 0;
}

/* Stores cell (r, c) after the last one stored (cells come in order). */
static void set_cell(pz_grid *g, int r, int c, const char *s, int len,
                     int no, int col)
{
    size_t k = (size_t)r * (size_t)g->cols + (size_t)c;
    size_t at = k == 0 ? 0 : g->at[k - 1] + strlen(g->text + g->at[k - 1]) + 1;
    memcpy(g->text + at, s, (size_t)len);
    g->text[at + (size_t)len] = '\0';
    g->at[k] = at;
    g->no[k] = no;
    g->col[k] = col;
}

/* Width of the first row when the file decides it: tokens if it has a
 * blank, else characters. */
static int row_width(pz_file *f, const pz_line *ln)
{
    if (!strpbrk(ln->text, " \t"))
        return (int)strlen(ln->text);
    return scan_tokens(f, ln->no, ln->col, ln->text, NULL, INT_MAX);
}

static int wrong_width(pz_file *f, const pz_entry *e, const pz_line *ln,
                       int got, int want, int col)
{
    return pz_error(f, ln->no, col, "%s row has %s%d cells, expected %d",
                    e->key->name, got > want ? "more than " : "",
                    got > want ? want : got, want);
}

/* Checks row r of the grid; stores its cells when g->text is set (the
 * second pass, once every row is known to have the right width). */
static int read_row(pz_file *f, const pz_entry *e, const pz_line *ln, int r,
                    pz_grid *g)
{
    int len, off = line_key(ln->text, &len);
    if (off >= 0)
        return unknown_key(f, ln, len);
    int w = g->cols;
    if (!strpbrk(ln->text, " \t") && (w != 1 || strlen(ln->text) == 1)) {
        int n = (int)strlen(ln->text);
        if (n != w)
            return wrong_width(f, e, ln, n, w, ln->col + (n > w ? w : n));
        for (int c = 0; g->text && c < w; c++)
            set_cell(g, r, c, ln->text + c, 1, ln->no, ln->col + c);
        return 0;
    }
    pz_tok *t;
    int n = pz_tokens_all(f, ln->no, ln->col, ln->text, &t), rc = 0;
    if (n >= 0 && n != w)
        rc = wrong_width(f, e, ln, n, w, n > w ? t[w].col
                                               : ln->col + (int)strlen(ln->text));
    for (int c = 0; n == w && rc == 0 && c < w; c++) {
        if (t[c].len == 0)
            rc = pz_error(f, ln->no, t[c].col, "%s cell \"\" is empty",
                          e->key->name);
        else if (g->text)
            set_cell(g, r, c, t[c].s, t[c].len, ln->no, t[c].col);
    }
    free(t);
    return n < 0 ? -1 : rc;
}

int pz_grid_read(pz_file *f, const char *key, int rows, int cols,
                 pz_grid *g)
{
    memset(g, 0, sizeof *g);
    const pz_entry *e = pz_get(f, key);
    if (!e)
        return pz_error(f, pz_file_kind_line(f), 0, "missing '%s:'", key);
    if (rows > 0 && e->nlines > rows) {
        const pz_line *ln = &e->lines[rows];
        return pz_error(f, ln->no, ln->col, "%s has more than %d rows", key,
                        rows);
    }
    if (cols <= 0 && (cols = row_width(f, &e->lines[0])) < 0)
        return -1;
    g->cols = cols;
    for (int r = 0; r < e->nlines; r++)
        if (read_row(f, e, &e->lines[r], r, g) < 0)
            return -1;
    if (rows > 0 && e->nlines < rows) {
        const pz_line *ln = &e->lines[e->nlines - 1];
        return pz_error(f, ln->no, 0, "%s has %d rows, expected %d", key,
                        e->nlines, rows);
    }
    if (grid_alloc(f, e, e->nlines, cols, g) < 0)
        return -1;
    for (int r = 0; r < e->nlines; r++)
        read_row(f, e, &e->lines[r], r, g);
    return 0;
}

void pz_grid_free(pz_grid *g)
{
    free(g->text);
    free(g->at);
    free(g->no);
    free(g->col);
    memset(g, 0, sizeof *g);
}

const char *pz_grid_at(const pz_grid *g, int r, int c)
{
    return g->text + g->at[(size_t)r * (size_t)g->cols + (size_t)c];
}

int pz_grid_error(pz_file *f, const pz_grid *g, int r, int c,
                  const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    size_t k = (size_t)r * (size_t)g->cols + (size_t)c;
    return pz_error(f, g->no[k], g->col[k], "%s", msg);
}

int pz_tok_cell(pz_file *f, const pz_tok *t, int rows, int cols, int *r,
                int *c)
{
    const char *comma = memchr(t->s, ',', (size_t)t->len);
    long long a, b;
    if (!comma || parse_int(t->s, (int)(comma - t->s), &a) < 0 ||
        parse_int(comma + 1, t->len - (int)(comma - t->s) - 1, &b) < 0)
        return pz_error(f, t->no, t->col, "expected a cell 'row,col', got "
                        "'%.*s'", t->len > 20 ? 20 : t->len, t->s);
    if (a < 1 || a > rows || b < 1 || b > cols)
        return pz_error(f, t->no, t->col, "cell %.*s is outside the "
                        "%dx%d grid", t->len > 20 ? 20 : t->len, t->s,
                        rows, cols);
    *r = (int)a - 1;
    *c = (int)b - 1;
    return 0;
}
