/*
 * modelio.h -- private to mip/: what the MPS and CPLEX-LP readers and
 * writers share: bounded line input, "file:line:col:" messages, numbers
 * read and written exactly, and unique names for the writers.
 */
#ifndef MODELIO_H
#define MODELIO_H

#include "bnb.h"

#include <stdio.h>

#define MIO_HUGE 1e30        /* |v| >= MIO_HUGE in a file means infinite  */
#define MIO_NAME_MAX 255     /* the model's longest name                  */
#define MIO_NUM_LEN 32       /* room for one number written by mio_format */

/* mio_read_line results besides 1 (a line) and 0 (end of file). */
enum {
    MIO_LINE_LONG = -1, MIO_LINE_BINARY = -2, MIO_LINE_IO = -3,
    MIO_LINE_NOMEM = -4, MIO_LINE_HUGE = -5, MIO_LINE_STOPPED = -6
};

/* A line's buffer: it grows to the longest line read, so a line may be
 * as long as memory allows and reading stays linear in the file's size
 * (a writer may put a whole objective on one line). Zero-initialise;
 * free buf after. */
typedef struct mio_line {
    char *buf;
    size_t cap;
    bnb_stop *stop;       /* looked at every few lines or 64 KiB (NULL:
                             never): MIO_LINE_STOPPED                    */
    long total;           /* bytes read so far: past BNB_MAX_FILE_BYTES
                             the file is refused (MIO_LINE_HUGE)          */
    unsigned lines;       /* lines read so far                          */
} mio_line;

/* The path that means standard input to a reader and standard output
 * to a writer (messages then say "-:line:col: ..."). */
#define MIO_STDIO "-"

/* Opens path for reading (MIO_STDIO: stdin); NULL with *why set
 * (strerror, or "is a directory": a directory opens, then every read
 * fails). mio_close closes it (never stdin). */
FILE *mio_open(const char *path, const char **why);
void mio_close(FILE *f);
/* Opens path for writing (MIO_STDIO: stdout); mio_close_write flushes
 * stdout or closes the file: nonzero when a write failed. */
FILE *mio_open_write(const char *path);
int mio_close_write(FILE *f);

/* Reads one line into ln->buf without its "\n" or "\r\n". Control
 * bytes other than tab make the line binary: reading stops at the first
 * (so a device of zeros is refused at once), *bad is its 1-based column
 * (and the byte is in ln->buf[*bad - 1]). A line of 2^30 bytes or more
 * is refused (MIO_LINE_LONG): *len is an int. */
int mio_read_line(FILE *f, mio_line *ln, int *len, int *bad);

/* fopen(path, "w") failed: BNB_ERR_NOMEM when it found no memory, else
 * BNB_ERR_IO, with "path: cannot write: why" (no "Success" when the
 * library gave no reason). */
int mio_open_failed(const char *path, char *err, size_t errlen);

/* A message for mio_read_line's error codes. */
const char *mio_line_error(int rc, const mio_line *ln, int bad, char *tmp,
                           size_t tmplen);

/* Writes "path:line:col: message" (col 0: "path:line: message"). */
void mio_error(char *err, size_t errlen, const char *path, long line,
               int col, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* A whole token as a number: [+-] digits [. digits] [e [+-] digits], or
 * [+-]inf / [+-]infinity in any case. |v| >= MIO_HUGE becomes +-BNB_INF.
 * Returns 0, or -1 when s is not a number. */
int mio_parse_number(const char *s, double *v);

/* The shortest decimal that reads back as exactly v (finite v); integers
 * below 1e15 without an exponent. Returns the length. */
int mio_format(char *out, double v);

/* Coefficients the arithmetic cannot carry (FORMATS.md, "Tiny
 * coefficients"): |a| below MIO_TINY_REL times the row's largest (the
 * size below which SCIP and HiGHS take a coefficient for zero), or
 * below DBL_MIN (denormal), is lost in the LP's tolerances or sums. Such a term a x
 * whose reach |a| max(|lo|, |up|) over the column's bounds is at most
 * MIO_TINY_EFFECT (within any feasibility tolerance) is dropped, the
 * row's sides moved by it, so no feasible point is cut off; a denormal
 * one that can reach further (or whose column is unbounded) makes the
 * model refused; a normal one that can is kept as it is (dropping it
 * would change the model: the solver's verification judges it). */
#define MIO_TINY_REL 1e-9
#define MIO_TINY_EFFECT 1e-9

/* Where entry k of row i is in the file. */
typedef struct mio_at {
    long line;
    int col;
} mio_at;
typedef mio_at (*mio_locate_fn)(void *ctx, int row, int k);

/* Applies the rule to every row of m. Returns 0 (err: "path:line:col:
 * warning: ..." for the first dropped term and the count, or "") or -1
 * (err: "path:line:col: ..." for a term to refuse); -2 when out of
 * memory. */
int mio_drop_tiny(bnb_model *m, const char *path, mio_locate_fn at,
                  void *ctx, char *err, size_t errlen);

/* model.c: drops the entries of row whose drop[k] is set. */
void mio_drop_entries(bnb_model *m, int row, const unsigned char *drop);

/* The file's base name without its extension, for models without one. */
void mio_base_name(const char *path, char *out, size_t cap);

/* A set of names; the writers keep their output names unique with it. */
typedef struct mio_names mio_names;
mio_names *mio_names_new(void);
void mio_names_free(mio_names *s);
/* Adds name exactly; returns 0, or -1 when it is taken (or no memory). */
int mio_names_take(mio_names *s, const char *name);
/* Adds want, or the first free of want_2, want_3, ... (cut to fit
 * MIO_NAME_MAX); returns a malloc'ed copy, NULL when out of memory. */
char *mio_names_unique(mio_names *s, const char *want);

/* Writes the legal form of in (at most MIO_NAME_MAX bytes) to out. */
typedef void (*mio_fix_fn)(const char *in, char *out);

/* Output names for the n rows or columns name_of gives: the names fix
 * leaves alone are taken first, so they never change; the others are
 * made unique in model order. Returns a malloc'ed table of n strings
 * (free with mio_free_names), NULL when out of memory. */
char **mio_legal_names(mio_names *set, const bnb_model *m, int n,
                       const char *(*name_of)(const bnb_model *, int),
                       mio_fix_fn fix);
void mio_free_names(char **names, int n);

#endif
