/*
 * check_puzzle.c -- the tests' own rules checker: reads a puzzle file and
 * a solution block (bnb's stdout, '#' lines ignored) and says whether the
 * block obeys the puzzle's rules. Shares no code with bnb on purpose.
 *
 *   check_puzzle PUZZLE SOLUTION   exit 0 valid, 1 invalid (reason on
 *                                  stdout), 2 unusable input
 *   check_puzzle --kinds           the kinds it can check
 *
 * Adding a kind: tests/checkers/check_<kind>.c with check_<kind>(); the
 * kind's line in PZ_KINDS (puzzles/pz_kind.h) lists it here.
 */
#include "check.h"

#include "pz_kind.h"

static char why[512];

int bad(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    return 1;
}

static void trim(char *s)
{
    char *h = strchr(s, '#');
    if (h)
        *h = '\0';
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    size_t k = strspn(s, " \t");
    memmove(s, s + k, n - k + 1);
}

const entry *get(const puzzle *p, const char *key)
{
    for (int i = 0; i < p->ne; i++)
        if (strcasecmp(p->e[i].key, key) == 0)
            return &p->e[i];
    return NULL;
}

int geti(const puzzle *p, const char *key, int def)
{
    const entry *e = get(p, key);
    return e ? atoi(e->value) : def;
}

/* Appends a copy of s to *lines; 0 or -1. */
static int push(char ***lines, int *n, int *cap, const char *s)
{
    if (*n == *cap) {
        int c = *cap ? 2 * *cap : 256;
        char **more = realloc(*lines, (size_t)c * sizeof *more);
        if (!more)
            return -1;
        *lines = more, *cap = c;
    }
    return ((*lines)[*n] = strdup(s)) ? (*n)++, 0 : -1;
}

/* Reads the puzzle: a line "word: ..." whose word is in keys (blank-
 * separated) starts an entry; other lines belong to the last one. Lines
 * of any length (getline). */
static int read_puzzle(puzzle *p, const char *path, const char *keys)
{
    FILE *f = fopen(path, "r");
    char *buf = NULL;
    size_t size = 0;
    if (!f)
        return bad("cannot open %s", path);
    while (getline(&buf, &size, f) >= 0) {
        trim(buf);
        if (!*buf)
            continue;
        char *colon = strchr(buf, ':');
        char word[40] = "";
        int len = colon ? (int)(colon - buf) : 0;
        if (colon && len < 32)
            snprintf(word, sizeof word, " %.*s ", len, buf);
        for (char *w = word; *w; w++)
            *w = (char)tolower((unsigned char)*w);
        char haystack[300];
        snprintf(haystack, sizeof haystack, " puzzle %s ", keys);
        if (colon && len < 32 && strstr(haystack, word) && p->ne < MAXK) {
            entry *e = &p->e[p->ne++];
            snprintf(e->key, sizeof e->key, "%.*s", len, buf);
            if (!(e->value = strdup(colon + 1)))
                return bad("out of memory");
            trim(e->value);
            e->first = p->nlines;
        } else if (p->ne > 0) {
            if (push(&p->lines, &p->nlines, &p->cap, buf) < 0)
                return bad("out of memory");
            p->e[p->ne - 1].count++;
        }
    }
    free(buf);
    fclose(f);
    return 0;
}

static int read_solution(puzzle *p, const char *path)
{
    FILE *f = fopen(path, "r");
    char *buf = NULL;
    size_t size = 0;
    if (!f)
        return bad("cannot open %s", path);
    while (getline(&buf, &size, f) >= 0) {
        if (buf[0] == '#')
            continue;
        trim(buf);
        if (*buf && push(&p->sol, &p->nsol, &p->solcap, buf) < 0)
            return bad("out of memory");
    }
    free(buf);
    fclose(f);
    return 0;
}

/* The cells of a grid row: tokens if it has a blank, else characters. */
int cells(const char *row, char out[][16], int max)
{
    int n = 0;
    if (!strpbrk(row, " \t")) {
        for (; row[n] && n < max; n++)
            out[n][0] = row[n], out[n][1] = '\0';
        return row[n] ? max + 1 : n;
    }
    char *copy = strdup(row);
    for (char *t = copy ? strtok(copy, " \t") : NULL; t;
         t = strtok(NULL, " \t")) {
        if (n == max) {
            n = max + 1;
            break;
        }
        snprintf(out[n++], 16, "%s", t);
    }
    free(copy);
    return n;
}

/* Reads section key as an n x n (or rows x cols if n <= 0) grid. */
int grid(const puzzle *p, const char *key, int *rows, int *cols,
                char g[MAXN][MAXN][16])
{
    const entry *e = get(p, key);
    if (!e || e->count > MAXN)
        return bad("no usable %s: section", key);
    *rows = e->count;
    for (int r = 0; r < e->count; r++) {
        int n = cells(p->lines[e->first + r], g[r], MAXN);
        if (r == 0 && *cols <= 0)
            *cols = n;
        if (n != *cols)
            return bad("%s row %d has %d cells", key, r + 1, n);
    }
    return 0;
}

/* The solution as rows x cols cells (one char each, or tokens). */
int sol_grid(const puzzle *p, int rows, int cols, char g[MAXN][MAXN][16])
{
    if (p->nsol != rows)
        return bad("solution has %d lines, expected %d", p->nsol, rows);
    for (int r = 0; r < rows; r++)
        if (cells(p->sol[r], g[r], MAXN) != cols)
            return bad("solution line %d does not have %d cells", r + 1,
                       cols);
    return 0;
}

/* The i-th (0-based) blank-separated integer of s, or -1. */
int nth_int(const char *s, int i)
{
    for (int k = 0; k < i && *s; k++) {
        s += strspn(s, " \t");
        s += strcspn(s, " \t");
    }
    s += strspn(s, " \t");
    return *s ? atoi(s) : -1;
}

char G[MAXN][MAXN][16], S[MAXN][MAXN][16];

/* ---------------------------------------------------------------- */

/* One checker per kind of the registry (PZ_KINDS of pz_kind.h): a kind
 * without its check_<kind>.c does not link. The keys come from the
 * registry too, so no kind's keys are written twice. */
#define CHECK_DECLARE(k) int check_##k(const puzzle *p);
PZ_KINDS(CHECK_DECLARE)
#undef CHECK_DECLARE

static const struct {
    const char *name;
    int (*check)(const puzzle *p);
} kinds[] = {
#define CHECK_ENTRY(k) {#k, check_##k},
    PZ_KINDS(CHECK_ENTRY)
#undef CHECK_ENTRY
};

#define NKINDS (int)(sizeof kinds / sizeof kinds[0])

/* "size stars regions": the keys the registry declares for kind. */
static void key_names(const char *kind, char *buf, size_t n)
{
    const pz_kind *k = pz_kind_find(kind);
    size_t used = 0;
    buf[0] = '\0';
    for (const pz_key *key = k ? k->keys : NULL; key && key->name &&
         used < n; key++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s",
                                 used ? " " : "", key->name);
}

/* The kind of a puzzle file: its first "puzzle:" line. */
static int find_kind(const char *path)
{
    FILE *f = fopen(path, "r");
    char buf[512];
    int found = -1;
    while (f && found < 0 && fgets(buf, sizeof buf, f)) {
        trim(buf);
        if (strncasecmp(buf, "puzzle:", 7) != 0)
            continue;
        char *k = buf + 7;
        k += strspn(k, " \t");
        for (int i = 0; i < NKINDS; i++)
            if (strcasecmp(k, kinds[i].name) == 0)
                found = i;
        break;
    }
    if (f)
        fclose(f);
    return found;
}

static puzzle P;

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--kinds") == 0) {
        for (int i = 0; i < NKINDS; i++)
            printf("%s\n", kinds[i].name);
        return 0;
    }
    if (argc != 3) {
        fprintf(stderr, "usage: check_puzzle PUZZLE SOLUTION | --kinds\n");
        return 2;
    }
    int k = find_kind(argv[1]);
    if (k < 0) {
        printf("no checker for the kind of %s\n", argv[1]);
        return 2;
    }
    char keys[256];
    key_names(kinds[k].name, keys, sizeof keys);
    if (read_puzzle(&P, argv[1], keys) ||
        read_solution(&P, argv[2])) {
        printf("%s\n", why);
        return 2;
    }
    if (kinds[k].check(&P)) {
        printf("%s\n", why);
        return 1;
    }
    return 0;
}
