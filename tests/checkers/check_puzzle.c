/*
 * check_puzzle.c -- the tests' own rules checker: reads a puzzle file and
 * a solution block (bnb's stdout, '#' lines ignored) and says whether the
 * block obeys the puzzle's rules. Shares no code with bnb on purpose.
 *
 *   check_puzzle PUZZLE SOLUTION   exit 0 valid, 1 invalid (reason on
 *                                  stdout), 2 unusable input
 *   check_puzzle --kinds           the kinds it can check
 *
 * Adding a kind: one check_<kind>() below and one line in `kinds`.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAXL 2048   /* lines in a file  */
#define MAXW 512    /* characters/line  */
#define MAXK 16     /* keys in a file   */
#define MAXN 64     /* grid side        */

typedef struct {
    char key[32];
    char value[MAXW];
    int first, count;          /* section lines: lines[first..]   */
} entry;

typedef struct {
    char lines[MAXL][MAXW];    /* section lines of the puzzle     */
    int nlines;
    entry e[MAXK];
    int ne;
    char sol[MAXL][MAXW];      /* solution block lines            */
    int nsol;
} puzzle;

static char why[512];

static int bad(const char *fmt, ...)
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

static const entry *get(const puzzle *p, const char *key)
{
    for (int i = 0; i < p->ne; i++)
        if (strcasecmp(p->e[i].key, key) == 0)
            return &p->e[i];
    return NULL;
}

static int geti(const puzzle *p, const char *key, int def)
{
    const entry *e = get(p, key);
    return e ? atoi(e->value) : def;
}

/* Reads the puzzle: a line "word: ..." whose word is in keys (blank-
 * separated) starts an entry; other lines belong to the last one. */
static int read_puzzle(puzzle *p, const char *path, const char *keys)
{
    FILE *f = fopen(path, "r");
    char buf[MAXW];
    if (!f)
        return bad("cannot open %s", path);
    while (fgets(buf, sizeof buf, f) && p->nlines < MAXL) {
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
        char haystack[256];
        snprintf(haystack, sizeof haystack, " puzzle %s ", keys);
        if (colon && len < 32 && strstr(haystack, word) && p->ne < MAXK) {
            entry *e = &p->e[p->ne++];
            snprintf(e->key, sizeof e->key, "%.*s", len, buf);
            snprintf(e->value, sizeof e->value, "%s", colon + 1);
            trim(e->value);
            e->first = p->nlines;
        } else if (p->ne > 0) {
            strcpy(p->lines[p->nlines++], buf);
            p->e[p->ne - 1].count++;
        }
    }
    fclose(f);
    return 0;
}

static int read_solution(puzzle *p, const char *path)
{
    FILE *f = fopen(path, "r");
    char buf[MAXW];
    if (!f)
        return bad("cannot open %s", path);
    while (fgets(buf, sizeof buf, f) && p->nsol < MAXL) {
        if (buf[0] == '#')
            continue;
        trim(buf);
        if (*buf)
            strcpy(p->sol[p->nsol++], buf);
    }
    fclose(f);
    return 0;
}

/* The cells of a grid row: tokens if it has a blank, else characters. */
static int cells(const char *row, char out[][16], int max)
{
    int n = 0;
    if (!strpbrk(row, " \t")) {
        for (; row[n] && n < max; n++)
            out[n][0] = row[n], out[n][1] = '\0';
        return row[n] ? max + 1 : n;
    }
    char copy[MAXW];
    snprintf(copy, sizeof copy, "%s", row);
    for (char *t = strtok(copy, " \t"); t; t = strtok(NULL, " \t")) {
        if (n == max)
            return max + 1;
        snprintf(out[n++], 16, "%s", t);
    }
    return n;
}

/* Reads section key as an n x n (or rows x cols if n <= 0) grid. */
static int grid(const puzzle *p, const char *key, int *rows, int *cols,
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
static int sol_grid(const puzzle *p, int rows, int cols, char g[MAXN][MAXN][16])
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
static int nth_int(const char *s, int i)
{
    for (int k = 0; k < i && *s; k++) {
        s += strspn(s, " \t");
        s += strcspn(s, " \t");
    }
    s += strspn(s, " \t");
    return *s ? atoi(s) : -1;
}

static char G[MAXN][MAXN][16], S[MAXN][MAXN][16];

/* ---------------------------------------------------------------- */

static int check_starbattle(const puzzle *p)
{
    int n = geti(p, "size", 0), st = geti(p, "stars", 1), rows, cols = n;
    if (grid(p, "regions", &rows, &cols, G) || sol_grid(p, n, n, S))
        return 1;
    for (int i = 0; i < n; i++) {
        int rc = 0, cc = 0;
        for (int j = 0; j < n; j++) {
            rc += S[i][j][0] == '*', cc += S[j][i][0] == '*';
            if (!strchr("*.", S[i][j][0]))
                return bad("bad cell '%s'", S[i][j]);
        }
        if (rc != st || cc != st)
            return bad("line %d: %d/%d stars", i + 1, rc, cc);
    }
    for (int a = 0; a < n * n; a++) {
        int count = 0;
        for (int b = 0; b < n * n; b++)
            count += !strcmp(G[b / n][b % n], G[a / n][a % n]) &&
                     S[b / n][b % n][0] == '*';
        if (count != st)
            return bad("region %s has %d stars", G[a / n][a % n], count);
        for (int b = 0; S[a / n][a % n][0] == '*' && b < n * n; b++)
            if (b != a && S[b / n][b % n][0] == '*' &&
                abs(a / n - b / n) <= 1 && abs(a % n - b % n) <= 1)
                return bad("stars touch at %d,%d", a / n + 1, a % n + 1);
    }
    return 0;
}

static int check_thermometer(const puzzle *p)
{
    int n = geti(p, "size", 0);
    const entry *t = get(p, "thermometers");
    if (sol_grid(p, n, n, S) || !t)
        return 1;
    for (int i = 0; i < n; i++) {
        int rc = 0, cc = 0;
        for (int j = 0; j < n; j++)
            rc += S[i][j][0] == '1', cc += S[j][i][0] == '1';
        if (rc != nth_int(get(p, "rows")->value, i) ||
            cc != nth_int(get(p, "cols")->value, i))
            return bad("row/col %d: %d/%d filled", i + 1, rc, cc);
    }
    for (int k = 0; k < t->count; k++) {
        char c[MAXN * MAXN][16];
        int m = cells(p->lines[t->first + k], c, MAXN * MAXN), empty = 0;
        for (int i = 0; i < m; i++) {
            int r, col;
            sscanf(c[i], "%d,%d", &r, &col);
            int full = S[r - 1][col - 1][0] == '1';
            if (full && empty)
                return bad("thermometer %d has a gap at %s", k + 1, c[i]);
            empty |= !full;
        }
    }
    return 0;
}

static int check_kakuro(const puzzle *p)
{
    int rows, cols = 0;
    if (grid(p, "grid", &rows, &cols, G) || sol_grid(p, rows, cols, S))
        return 1;
    const char *sums[2] = {get(p, "across")->value, get(p, "down")->value};
    for (int down = 0; down < 2; down++) {
        int run = 0;
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) {
                int pr = r - down, pc = c - !down, len = 0, sum = 0, seen = 0;
                if (G[r][c][0] != '.' ||
                    (pr >= 0 && pc >= 0 && G[pr][pc][0] == '.'))
                    continue;
                for (int rr = r, cc = c; rr < rows && cc < cols &&
                                         G[rr][cc][0] == '.';
                     rr += down, cc += !down, len++) {
                    int d = S[rr][cc][0] - '0';
                    if (d < 1 || d > 9 || (seen >> d & 1))
                        return bad("bad or repeated digit at %d,%d", rr + 1,
                                   cc + 1);
                    seen |= 1 << d, sum += d;
                }
                if (len >= 2 && nth_int(sums[down], run++) != sum)
                    return bad("run at %d,%d sums to %d, expected %d", r + 1,
                               c + 1, sum, nth_int(sums[down], run - 1));
            }
    }
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            if ((G[r][c][0] == 'X') != (S[r][c][0] == 'X'))
                return bad("black cells differ at %d,%d", r + 1, c + 1);
    return 0;
}

static int check_binairo(const puzzle *p)
{
    int n = geti(p, "size", 0), rows, cols = n;
    const entry *u = get(p, "unique");
    int unique = !u || strcasecmp(u->value, "no") != 0;
    if (grid(p, "grid", &rows, &cols, G) || sol_grid(p, n, n, S))
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if ((G[i][j][0] != '.' && G[i][j][0] != S[i][j][0]) ||
                !strchr("01", S[i][j][0]))
                return bad("cell %d,%d wrong", i + 1, j + 1);
    for (int t = 0; t < 2; t++)
        for (int i = 0; i < n; i++) {
            int ones = 0;
            for (int j = 0; j < n; j++) {
                char v = t ? S[j][i][0] : S[i][j][0];
                ones += v == '1';
                if (j >= 2 && v == (t ? S[j - 1][i][0] : S[i][j - 1][0]) &&
                    v == (t ? S[j - 2][i][0] : S[i][j - 2][0]))
                    return bad("three in a line at %d (%d)", i + 1, t);
            }
            if (2 * ones != n)
                return bad("line %d (%d) unbalanced", i + 1, t);
            for (int k = i + 1; unique && k < n; k++) {
                int same = 1;
                for (int j = 0; j < n; j++)
                    same &= (t ? S[j][i][0] == S[j][k][0]
                               : S[i][j][0] == S[k][j][0]);
                if (same)
                    return bad("lines %d and %d equal (%d)", i + 1, k + 1, t);
            }
        }
    return 0;
}

static int check_kenken(const puzzle *p)
{
    int n = geti(p, "size", 0), rows, cols = n;
    const entry *cl = get(p, "clues");
    if (grid(p, "cages", &rows, &cols, G) || sol_grid(p, n, n, S) || !cl)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < n; k++) {
                int v = atoi(S[i][j]);
                if (v < 1 || v > n || (k != j && atoi(S[i][k]) == v) ||
                    (k != i && atoi(S[k][j]) == v))
                    return bad("latin square broken at %d,%d", i + 1, j + 1);
            }
    for (int c = 0; c < cl->count; c++) {
        char name[16], op[8] = "+";
        long target, sum = 0, prod = 1, hi = 0, lo = 99;
        if (sscanf(p->lines[cl->first + c], "%15s %ld %7s", name, &target,
                   op) < 2)
            return bad("bad clue line");
        for (int i = 0; i < n * n; i++)
            if (!strcmp(G[i / n][i % n], name)) {
                long v = atol(S[i / n][i % n]);
                sum += v, prod *= v;
                hi = v > hi ? v : hi, lo = v < lo ? v : lo;
            }
        int ok = op[0] == '+'   ? sum == target
                 : op[0] == '-' ? hi - lo == target
                 : op[0] == '/' ? hi == lo * target
                                : prod == target;
        if (!ok)
            return bad("cage %s misses %ld%s", name, target, op);
    }
    return 0;
}

#include "check_circuit.c"
#include "check_logicgrid.c"
#include "check_match22.c"
#include "check_flowfree.c"
#include "check_slider.c"
#include "check_knight.c"
#include "check_v3ck.c"
#include "check_monodot.c"

static const struct {
    const char *name, *keys;
    int (*check)(const puzzle *p);
} kinds[] = {
    {"starbattle", "size stars regions", check_starbattle},
    {"thermometer", "size rows cols thermometers", check_thermometer},
    {"kakuro", "grid across down", check_kakuro},
    {"binairo", "size unique grid", check_binairo},
    {"kenken", "size cages clues", check_kenken},
    {"circuit", "inputs gates output", check_circuit},
    {"match22", "grid", check_match22},
    {"infinityloop", "grid", check_infinityloop},
    {"logicgrid", "attributes clues", check_logicgrid},
    {"flowfree", "grid", check_flowfree},
    {"slider", "grid", check_slider},
    {"knight", "grid start", check_knight},
    {"v3ck", "nodes colors edges demands", check_v3ck},
    {"monodot", "size degrees", check_monodot},
};

#define NKINDS (int)(sizeof kinds / sizeof kinds[0])

/* The kind of a puzzle file: its first "puzzle:" line. */
static int find_kind(const char *path)
{
    FILE *f = fopen(path, "r");
    char buf[MAXW];
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
    if (read_puzzle(&P, argv[1], kinds[k].keys) ||
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
