/*
 * pz_reader.h -- the one reader of puzzle files (FORMATS.md section 1):
 * `key: value` headers and sections, both grid row forms, numbers with
 * range checks, and "file:line:col: message" errors. Every kind uses it.
 */
#ifndef PZ_READER_H
#define PZ_READER_H

#include <stddef.h>

/* Files up to BNB_MAX_FILE_BYTES; lines, token counts and grids take
 * memory linear in the file's size. The one constant bounds the code, not the
 * input: a kind declares at most this many keys. */
#define PZ_MAX_KEYS 16

/* Flags of a declared key. */
enum {
    PZ_KEY_SECTION = 1,   /* `key:` alone, its lines follow               */
    PZ_KEY_REQUIRED = 2   /* the file must have it                        */
};

typedef struct pz_key {
    const char *name;     /* lower case; matched case-insensitively        */
    int flags;            /* PZ_KEY_*                                      */
} pz_key;

/* One line of the file, comment removed, blanks trimmed at both ends. */
typedef struct pz_line {
    int no;               /* 1-based line number                          */
    int col;              /* 1-based column of text[0] in the file line   */
    const char *text;     /* NUL-terminated; "" for a blank line          */
} pz_line;

/* One key found in the file. */
typedef struct pz_entry {
    const pz_key *key;
    int no, col;          /* where the key is                             */
    const char *value;    /* the trimmed text after ':' ("" for sections) */
    int value_col;
    const pz_line *lines; /* [nlines] a section's non-blank lines         */
    int nlines;
} pz_entry;

/* A token of a line: a run of non-blanks, or "quoted text" (quotes not
 * included). Not NUL-terminated: use len. */
typedef struct pz_tok {
    const char *s;
    int len;
    int no, col;          /* where it starts in the file                  */
} pz_tok;

/* A grid read from a section, cells as short strings, 0-based r, c. */
typedef struct pz_grid {
    int rows, cols;
    char *text;           /* the cells, NUL-terminated, one after another */
    size_t *at;           /* [rows*cols] where each cell starts in text   */
    int *no, *col;        /* [rows*cols] where each cell is in the file   */
} pz_grid;

typedef struct pz_file pz_file;

/* Reads path and finds its `puzzle: KIND` line. NULL with err set when
 * the file cannot be read, is too big, is not text, or does not start
 * with `puzzle:`. */
pz_file *pz_file_open(const char *path, char *err, size_t errlen);
/* The same, stopped by stop (NULL: never) between chunks of the file:
 * NULL with stop->why set. Files beyond BNB_MAX_FILE_BYTES are refused,
 * and reading ends at the first byte that is never text. */
struct bnb_stop;
pz_file *pz_file_open_until(const char *path, struct bnb_stop *stop,
                            char *err, size_t errlen);
void pz_file_free(pz_file *f);

/* The KIND of the `puzzle:` line, and where it is. */
const char *pz_file_kind(const pz_file *f);
int pz_file_kind_line(const pz_file *f);
int pz_file_kind_col(const pz_file *f);

/* Splits the file into entries by the kind's keys ({NULL}-terminated,
 * "puzzle" implied). A line starts a new entry only if its key is one of
 * these, so section lines such as `first: Arthur` stay in the section.
 * Returns 0 or -1 (error reported). */
int pz_file_parse(pz_file *f, const char *kind, const pz_key *keys);

/* Records "path:no:col: message" (col 0: no column) unless an error is
 * already recorded. Always returns -1, so kinds write
 * `return pz_error(f, ...)`. */
int pz_error(pz_file *f, int no, int col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
const char *pz_file_path(const pz_file *f);
/* The variant chosen for the file (an index into the kind's variants, 0
 * the default): a kind whose limits depend on it checks them in parse. */
void pz_file_set_variant(pz_file *f, int variant);
int pz_file_variant(const pz_file *f);

/* The entry of key, or NULL if the file does not have it. */
const pz_entry *pz_get(const pz_file *f, const char *key);

/* Splits text (starting at file position no:col) into at most max tokens.
 * Returns the count, or -1 (error reported) if there are more or a quote
 * is not closed. */
int pz_tokens(pz_file *f, int no, int col, const char *text, pz_tok *out,
              int max);
/* All tokens of text into *out (malloc'd, free it; NULL on error).
 * Returns the count or -1 (error reported). */
int pz_tokens_all(pz_file *f, int no, int col, const char *text,
                  pz_tok **out);
/* 1 if the token equals s, case-insensitively. */
int pz_tok_is(const pz_tok *t, const char *s);

/* The token as a decimal integer in lo..hi; what names it in messages.
 * Returns 0 or -1 (error reported). */
int pz_tok_int(pz_file *f, const pz_tok *t, int lo, int hi,
               const char *what, int *out);

/* The same for numbers beyond int (KenKen's product targets), up to
 * PZ_INT_LIMIT. */
#define PZ_INT_LIMIT 1000000000000000000LL
int pz_tok_i64(pz_file *f, const pz_tok *t, long long lo, long long hi,
               const char *what, long long *out);

/* The value of header key as one integer in lo..hi; *out = def when the
 * file does not have the key. Returns 0 or -1. */
int pz_key_int(pz_file *f, const char *key, int lo, int hi, int def,
               int *out);
/* The value of header key as exactly n integers in lo..hi. With out
 * NULL only the count is checked (before allocating n of anything). */
int pz_key_ints(pz_file *f, const char *key, int n, int lo, int hi,
                int *out);
/* The value of header key as one of choices (NULL-terminated, matched
 * case-insensitively): *out = its index, def when the key is absent. */
int pz_key_choice(pz_file *f, const char *key, const char *const *choices,
                  int def, int *out);

/* Reads section key as a grid of rows x cols cells (0: take the count
 * from the file: its lines, the first line's cells). Each row is either
 * exactly cols non-blank characters or cols blank-separated tokens; every
 * row is checked before anything is allocated, so a `size:` larger than
 * the lines present costs nothing. Returns 0 or -1. */
int pz_grid_read(pz_file *f, const char *key, int rows, int cols,
                 pz_grid *g);
void pz_grid_free(pz_grid *g);
const char *pz_grid_at(const pz_grid *g, int r, int c);
/* Reports an error at cell (r, c): returns -1. */
int pz_grid_error(pz_file *f, const pz_grid *g, int r, int c,
                  const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Parses "r,c" (1-based, each in 1..rows / 1..cols) into 0-based *r, *c. */
int pz_tok_cell(pz_file *f, const pz_tok *t, int rows, int cols, int *r,
                int *c);

#endif
