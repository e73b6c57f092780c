/*
 * check_logicgrid.c -- logic grids: the solution lines must match every
 * set one to one with the key set, and every clue (the language of
 * FORMATS.md plus left-of, right-of, next-to and link) must be true of
 * them.
 */
#include "check.h"

#define LC_SETS 32
#define LC_M 64
#define LC_W 48
#define LC_TOK 40

static char lc_set[LC_SETS][LC_W];
static char lc_val[LC_SETS][LC_M][LC_W];
static int lc_nsets, lc_m;
static int lc_has[LC_SETS][LC_M];      /* solution: key i has value [s][i] */

/* Blank-separated tokens of s, "quoted text" as one; the count. */
static int lc_split(const char *s, char out[][LC_W], int max)
{
    int n = 0;
    while (n < max) {
        s += strspn(s, " \t");
        if (!*s)
            break;
        const char *end = *s == '"' ? strchr(s + 1, '"') : s + strcspn(s, " \t");
        if (!end)
            return -1;
        int skip = *s == '"';
        snprintf(out[n++], LC_W, "%.*s", (int)(end - s - skip), s + skip);
        s = end + (*end == '"');
    }
    return n;
}

static int lc_in_set(int s, const char *name)
{
    for (int j = 0; j < lc_m; j++)
        if (strcasecmp(lc_val[s][j], name) == 0)
            return j;
    return -1;
}

/* The set and index of a clue's value: set.value first, else a value
 * found in exactly one set. Returns 0 or 1 (why set). */
static int lc_find(const char *tok, int *set, int *idx)
{
    const char *dot = strchr(tok, '.');
    int found = 0;
    for (int s = 0; dot && s < lc_nsets; s++)
        if ((int)strlen(lc_set[s]) == dot - tok &&
            strncasecmp(lc_set[s], tok, (size_t)(dot - tok)) == 0 &&
            (*idx = lc_in_set(s, dot + 1)) >= 0) {
            *set = s;
            return 0;
        }
    for (int s = 0; s < lc_nsets; s++) {
        int j = lc_in_set(s, tok);
        if (j >= 0 && found++ == 0)
            *set = s, *idx = j;
    }
    return found == 1 ? 0 : bad("clue value '%s' unknown or ambiguous", tok);
}

/* The key that has value tok in the solution, or -1. */
static int lc_who(const char *tok)
{
    int s = 0, j = 0;
    if (lc_find(tok, &s, &j))
        return -1;
    for (int i = 0; i < lc_m; i++)
        if (lc_has[s][i] == j)
            return i;
    return -1;
}

static int lc_set_index(const char *name)
{
    for (int s = 0; s < lc_nsets; s++)
        if (strcasecmp(lc_set[s], name) == 0)
            return s;
    return -1;
}

/* 1 if the clue holds, 0 if not, -1 if it cannot be read. */
static int lc_clue(char t[][LC_W], int n)
{
    if (n == 6 && strcasecmp(t[0], "oneof") == 0) {
        int a = lc_who(t[1]), b = lc_who(t[2]), c = lc_who(t[4]),
            d = lc_who(t[5]);
        return a != b && ((a == c && b == d) || (a == d && b == c));
    }
    if (n == 6 && strcasecmp(t[0], "link") == 0) {
        int a = lc_who(t[1]), b = lc_who(t[4]);
        int s = lc_set_index(t[2]), u = lc_set_index(t[5]);
        if (a < 0 || b < 0 || s < 0 || u < 0)
            return -1;
        return strcasecmp(lc_val[s][lc_has[s][a]], lc_val[u][lc_has[u][b]]) == 0;
    }
    int a = n >= 3 ? lc_who(t[0]) : -1, hits = 0;
    if (a < 0)
        return -1;
    if (strcmp(t[1], "left-of") == 0)
        return lc_who(t[2]) == a + 1;
    if (strcmp(t[1], "right-of") == 0)
        return lc_who(t[2]) == a - 1;
    if (strcmp(t[1], "next-to") == 0)
        return abs(lc_who(t[2]) - a) == 1;
    int step = strcmp(t[1], "=") == 0 ? 2 : 1;
    for (int k = 2; k < n; k += step)
        hits += lc_who(t[k]) == a;
    return strcmp(t[1], "!=") == 0 ? hits == 0 : hits == 1;
}

static int lc_read_sets(const puzzle *p)
{
    const entry *e = get(p, "attributes");
    char tok[LC_TOK][LC_W];
    if (!e)
        return bad("no attributes:");
    lc_nsets = 0;
    for (int l = 0; l < e->count && lc_nsets < LC_SETS; l++) {
        const char *line = p->lines[e->first + l], *colon = strchr(line, ':');
        int n = colon ? lc_split(colon + 1, tok, LC_M) : -1;
        if (n < 1 || (lc_nsets && n != lc_m))
            return bad("attributes line %d unusable", l + 1);
        lc_m = n;
        snprintf(lc_set[lc_nsets], LC_W, "%.*s", (int)(colon - line), line);
        for (int j = 0; j < n; j++)
            strcpy(lc_val[lc_nsets][j], tok[j]);
        lc_nsets++;
    }
    return 0;
}

/* Solution line i: the key value i, then one value of every set. */
static int lc_read_solution(const puzzle *p)
{
    char tok[LC_TOK][LC_W];
    if (p->nsol != lc_m)
        return bad("solution has %d lines, expected %d", p->nsol, lc_m);
    for (int i = 0; i < lc_m; i++) {
        if (lc_split(p->sol[i], tok, LC_TOK) != lc_nsets)
            return bad("solution line %d: not %d values", i + 1, lc_nsets);
        for (int s = 0; s < lc_nsets; s++) {
            if ((lc_has[s][i] = lc_in_set(s, tok[s])) < 0)
                return bad("'%s' is not in set %s", tok[s], lc_set[s]);
            for (int k = 0; k < i; k++)
                if (lc_has[s][k] == lc_has[s][i])
                    return bad("'%s' is used twice", tok[s]);
        }
        if (lc_has[0][i] != i)
            return bad("line %d does not start with key %s", i + 1,
                       lc_val[0][i]);
    }
    return 0;
}

int check_logicgrid(const puzzle *p)
{
    const entry *e = get(p, "clues");
    char tok[LC_TOK][LC_W];
    if (lc_read_sets(p) || lc_read_solution(p) || !e)
        return 1;
    for (int l = 0; l < e->count; l++) {
        int n = lc_split(p->lines[e->first + l], tok, LC_TOK);
        int ok = n > 0 ? lc_clue(tok, n) : -1;
        if (ok != 1)
            return bad("clue '%s' %s", p->lines[e->first + l],
                       ok ? "cannot be read" : "is false");
    }
    return 0;
}
