/*
 * kenken.c -- KenKen (Melkonian 2016): a Latin square of 1..n whose cages
 * combine to their targets; Latin rows (2.1)-(2.3), values (3.2), sums
 * (3.1), differences (4.1), ratios (5.1)-(5.4), products by prime powers
 * (6.1.5), over binaries x[i,j,k], values y[i,j] and switches u[cage].
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "pz_kind.h"

/* Targets up to the reader's limit: a product cage of a 16x16 grid can
 * pass 2^31 (eight 16s make 2^32). */
#define KK_TARGET_MAX PZ_INT_LIMIT

enum { OP_VALUE, OP_ADD, OP_SUB, OP_MUL, OP_DIV };

typedef struct cage {
    char *name;            /* the cage's symbol in cages:                */
    const char *label;     /* name, or its number, for row names         */
    char num[16];          /* the number when label is one               */
    int op;
    long long target;
    int ncells;
    int first, second;     /* two-cell cages: cells by i+j, small first  */
} cage;

typedef struct kenken {
    int n;
    int *cage_of;          /* [n*n] cage index of each cell              */
    cage *cage;            /* [ncage]                                    */
    int ncage;
    pz_cellmap x;          /* x[i,j,k], k = 1..n                         */
    int *y;                /* [n*n] columns y[i,j]                       */
} kenken;

static const pz_key keys[] = {
    {"size", PZ_KEY_REQUIRED},
    {"cages", PZ_KEY_SECTION | PZ_KEY_REQUIRED},
    {"clues", PZ_KEY_SECTION | PZ_KEY_REQUIRED},
    {NULL, 0},
};

static const char op_char[] = "=+-*/";

static void ken_free(void *pz)
{
    kenken *k = pz;
    free(k->cage_of);
    for (int i = 0; k->cage && i < k->ncage; i++)
        free(k->cage[i].name);
    free(k->cage);
    free(k->y);
    pz_cellmap_free(&k->x);
    free(k);
}

static int find_cage(const kenken *k, const char *name, int len)
{
    for (int i = 0; i < k->ncage; i++)
        if ((int)strlen(k->cage[i].name) == len &&
            strncmp(k->cage[i].name, name, (size_t)len) == 0)
            return i;
    return -1;
}

/* Cells of a cage reached from its first cell through orthogonal
 * neighbours in the same cage (flood fill over seen[]). */
static int reach(const kenken *k, int from, unsigned char *seen, int *stack)
{
    int n = k->n, top = 0, count = 0;
    stack[top++] = from;
    seen[from] = 1;
    while (top) {
        int c = stack[--top];
        count++;
        int nb[4] = {c - n, c + n, c % n ? c - 1 : -1,
                     c % n < n - 1 ? c + 1 : -1};
        for (int d = 0; d < 4; d++)
            if (nb[d] >= 0 && nb[d] < n * n && !seen[nb[d]] &&
                k->cage_of[nb[d]] == k->cage_of[c]) {
                seen[nb[d]] = 1;
                stack[top++] = nb[d];
            }
    }
    return count;
}

/* Every cage must be one connected piece. */
static int check_connected(pz_file *f, kenken *k, const pz_grid *g)
{
    int cells = k->n * k->n;
    unsigned char *seen = calloc((size_t)cells, 1);
    int *stack = malloc((size_t)cells * sizeof *stack);
    int rc = seen && stack ? 0 : pz_error(f, 1, 0, "out of memory");
    for (int c = 0; rc == 0 && c < cells; c++) {
        cage *cg = &k->cage[k->cage_of[c]];
        if (seen[c])
            continue;
        if (reach(k, c, seen, stack) != cg->ncells)
            rc = pz_grid_error(f, g, c / k->n, c % k->n, "cage %s is not "
                               "connected", cg->name);
    }
    free(seen);
    free(stack);
    return rc;
}

static int read_cages(pz_file *f, kenken *k, const pz_grid *g)
{
    int rc = 0;
    for (int c = 0; rc == 0 && c < k->n * k->n; c++) {
        const char *s = pz_grid_at(g, c / k->n, c % k->n);
        int id = find_cage(k, s, (int)strlen(s));
        if (id < 0) {
            id = k->ncage++;
            if (!(k->cage[id].name = strdup(s))) {
                rc = pz_error(f, 1, 0, "out of memory");
                break;
            }
            k->cage[id].op = -1;
            k->cage[id].first = c;
        }
        cage *cg = &k->cage[id];
        if (cg->ncells == 1)
            cg->second = c;
        cg->ncells++;
        k->cage_of[c] = id;
    }
    return rc == 0 ? check_connected(f, k, g) : -1;
}

static int read_op(pz_file *f, const pz_tok *t, int *op)
{
    const char *p = t->len == 1 ? strchr("+-*x/", t->s[0]) : NULL;
    if (!p || !*p)
        return pz_error(f, t->no, t->col, "expected an operation + - * / "
                        "(or x for *), got '%.*s'", t->len > 20 ? 20 : t->len,
                        t->s);
    static const int ops[] = {OP_ADD, OP_SUB, OP_MUL, OP_MUL, OP_DIV};
    *op = ops[p - "+-*x/"];
    return 0;
}

/* One clue line: CAGE TARGET [OP]. */
static int read_clue(pz_file *f, kenken *k, const pz_line *ln)
{
    pz_tok t[4];
    int n = pz_tokens(f, ln->no, ln->col, ln->text, t, 4);
    if (n < 0)
        return -1;
    if (n < 2 || n > 3)
        return pz_error(f, ln->no, ln->col, "expected 'CAGE TARGET OP' "
                        "(or 'CAGE VALUE' for one cell), got %d values", n);
    int id = find_cage(k, t[0].s, t[0].len);
    if (id < 0)
        return pz_error(f, ln->no, t[0].col, "no cage '%.*s' in cages:",
                        t[0].len > 20 ? 20 : t[0].len, t[0].s);
    cage *cg = &k->cage[id];
    if (cg->op >= 0)
        return pz_error(f, ln->no, t[0].col, "cage %s has a second clue",
                        cg->name);
    if (pz_tok_i64(f, &t[1], 1, KK_TARGET_MAX, "a target", &cg->target) < 0)
        return -1;
    cg->op = OP_VALUE;
    if (n == 3 && read_op(f, &t[2], &cg->op) < 0)
        return -1;
    if (n == 2 && cg->ncells > 1)
        return pz_error(f, ln->no, ln->col, "cage %s has %d cells: its "
                        "clue needs an operation", cg->name, cg->ncells);
    if ((cg->op == OP_SUB || cg->op == OP_DIV) && cg->ncells != 2)
        return pz_error(f, ln->no, t[2].col, "cage %s has %d cells: '%c' "
                        "needs exactly 2", cg->name, cg->ncells,
                        op_char[cg->op]);
    if (cg->ncells == 1)
        cg->op = OP_VALUE;   /* "I 3 +" and "I 3" say the same */
    return 0;
}

static int read_clues(pz_file *f, kenken *k)
{
    const pz_entry *e = pz_get(f, "clues");
    for (int i = 0; i < e->nlines; i++)
        if (read_clue(f, k, &e->lines[i]) < 0)
            return -1;
    for (int i = 0; i < k->ncage; i++)
        if (k->cage[i].op < 0)
            return pz_error(f, e->no, e->col, "cage %s has no clue",
                            k->cage[i].name);
    return 0;
}

static void *ken_parse(pz_file *f)
{
    kenken *k = calloc(1, sizeof *k);
    if (!k) {
        pz_error(f, 1, 0, "out of memory");
        return NULL;
    }
    int ok = pz_key_int(f, "size", 1, INT_MAX, 0, &k->n) == 0;
    pz_grid g = {0};
    /* the cages grid is read (and so has size x size cells) before
     * anything of that size is allocated */
    ok = ok && pz_grid_read(f, "cages", k->n, k->n, &g) == 0;
    if (ok) {
        size_t cells = (size_t)k->n * (size_t)k->n;
        k->cage_of = malloc(cells * sizeof *k->cage_of);
        k->cage = calloc(cells, sizeof *k->cage);
        k->y = malloc(cells * sizeof *k->y);
        ok = k->cage_of && k->cage && k->y &&
             pz_cellmap_init(&k->x, k->n, k->n, k->n) == 0;
        if (!ok)
            pz_error(f, 1, 0, "out of memory");
    }
    ok = ok && read_cages(f, k, &g) == 0 && read_clues(f, k) == 0;
    for (int i = 0; ok && i < k->ncage; i++)
        k->cage[i].label = pz_label(k->cage[i].name, i, k->cage[i].num,
                                    sizeof k->cage[i].num);
    pz_grid_free(&g);
    if (!ok) {
        ken_free(k);
        return NULL;
    }
    return k;
}

/* The exponent of prime p in v (v >= 1). */
static int power_of(long long v, int p)
{
    int e = 0;
    for (; v % p == 0; v /= p)
        e++;
    return e;
}

static int is_prime(int p)
{
    for (int d = 2; d * d <= p; d++)
        if (p % d == 0)
            return 0;
    return p >= 2;
}

static int xat(const kenken *k, int cell, int v)
{
    return pz_cellmap_at(&k->x, cell / k->n, cell % k->n, v - 1);
}

/* (2.1) one value per cell, (2.2) each value once per row, (2.3) once
 * per column, (3.2) y[i,j] = sum_k k x[i,j,k]. */
static void latin_rows(pz_build *b, kenken *k)
{
    int n = k->n;
    for (int c = 0; c < n * n; c++) {
        for (int v = 1; v <= n; v++)
            pz_term(b, xat(k, c, v), 1);
        pz_row(b, 1, 1, "(2.1)cell[%d,%d]", c / n + 1, c % n + 1);
    }
    for (int by_col = 0; by_col < 2; by_col++)
        for (int i = 0; i < n; i++)
            for (int v = 1; v <= n; v++) {
                for (int j = 0; j < n; j++)
                    pz_term(b, xat(k, by_col ? j * n + i : i * n + j, v), 1);
                pz_row(b, 1, 1, "(2.%d)%s[%d,%d]", 2 + by_col,
                       by_col ? "col" : "row", i + 1, v);
            }
    for (int c = 0; c < n * n; c++) {
        pz_term(b, k->y[c], 1);
        for (int v = 1; v <= n; v++)
            pz_term(b, xat(k, c, v), -v);
        pz_row(b, 0, 0, "(3.2)value[%d,%d]", c / n + 1, c % n + 1);
    }
}

/* (4.1) y_hi - y_lo = t - 2 t u: u = 0 gives y_hi - y_lo = t, u = 1
 * gives y_lo - y_hi = t. Cells ordered by i+j as in the paper. */
static void difference(pz_build *b, kenken *k, const cage *cg, int u)
{
    /* two values of 1..n differ by at most n - 1: a larger target is
     * impossible, and n keeps that row infeasible with small numbers */
    double t = cg->target < k->n ? (double)cg->target : k->n;
    pz_term(b, k->y[cg->second], 1);
    pz_term(b, k->y[cg->first], -1);
    pz_term(b, u, 2.0 * t);
    pz_row(b, t, t, "(4.1)cage[%s]", cg->label);
}

/*
 * (5.1) y_hi - r y_lo >= -M u        (5.2) y_hi - r y_lo <= M u
 * (5.3) y_lo - r y_hi >= -M (1 - u)  (5.4) y_lo - r y_hi <= M (1 - u)
 * with the paper's smallest M = r (n - n mod r) - n div r, which is
 * (n div r)(r^2 - 1): the largest |y_hi - r y_lo| when y_lo = r y_hi.
 */
static void ratio(pz_build *b, kenken *k, const cage *cg, int u)
{
    /* a ratio above n is impossible; n + 1 keeps it so, in small numbers */
    int n = k->n, r = cg->target <= n ? (int)cg->target : n + 1;
    double big = r <= n ? (double)r * (n - n % r) - n / r : 0;
    for (int eq = 1; eq <= 4; eq++) {
        /* (5.1)-(5.2): y_hi - r y_lo and u; (5.3)-(5.4): y_lo - r y_hi
         * and (1 - u), moved to the right-hand side */
        int swap = eq > 2;
        double mu = (eq % 2 ? 1 : -1) * (swap ? -big : big);
        pz_term(b, k->y[swap ? cg->first : cg->second], 1);
        pz_term(b, k->y[swap ? cg->second : cg->first], -(double)r);
        pz_term(b, u, mu);
        double rhs = swap ? (eq == 3 ? -big : big) : 0;
        if (eq % 2)
            pz_row(b, rhs, BNB_INF, "(5.%d)cage[%s]", eq, cg->label);
        else
            pz_row(b, -BNB_INF, rhs, "(5.%d)cage[%s]", eq, cg->label);
    }
}

/* (6.1.5) for every prime p <= n: sum over the cage of the exponent of p
 * in k times x[i,j,k] = the exponent of p in the target. A prime factor
 * above n cannot be made: its row has no terms and a right-hand side
 * >= 1, so the model is infeasible, as the puzzle is. */
static void product(pz_build *b, kenken *k, int id)
{
    const cage *cg = &k->cage[id];
    long long rest = cg->target;
    for (int p = 2; p <= k->n; p++) {
        if (!is_prime(p))
            continue;
        int e = power_of(cg->target, p);
        for (int j = 0; j < e; j++)
            rest /= p;
        for (int c = 0; c < k->n * k->n; c++) {
            if (k->cage_of[c] != id)
                continue;
            for (int v = p; v <= k->n; v += p)
                pz_term(b, xat(k, c, v), power_of(v, p));
        }
        pz_row(b, e, e, "(6.1.5)cage[%s,%d]", cg->label, p);
    }
    if (rest > 1)   /* the primes above n together */
        pz_row(b, 1, 1, "(6.1.5)cage[%s,%lld]", cg->label, rest);
}

static int ken_build(void *pz, int variant, pz_build *b)
{
    kenken *k = pz;
    int n = k->n;
    (void)variant;
    if (pz_cellmap_bins(b, &k->x, "x", 1, NULL) < 0)
        return b->status;
    for (int c = 0; c < n * n; c++)
        k->y[c] = pz_col(b, 1, n, 0, "y[%d,%d]", c / n + 1, c % n + 1);
    latin_rows(b, k);
    for (int i = 0; i < k->ncage; i++) {
        const cage *cg = &k->cage[i];
        if (cg->op == OP_VALUE || cg->op == OP_ADD) {
            /* (3.1) sum of y over the cage = t */
            for (int c = 0; c < n * n; c++)
                if (k->cage_of[c] == i)
                    pz_term(b, k->y[c], 1);
            pz_row(b, cg->target, cg->target, "(3.1)cage[%s]", cg->label);
        } else if (cg->op == OP_MUL) {
            product(b, k, i);
        } else {
            int u = pz_bin(b, "u[%s]", cg->label);
            if (cg->op == OP_SUB)
                difference(b, k, cg, u);
            else
                ratio(b, k, cg, u);
        }
    }
    return b->status;
}

static void *ken_decode(const void *pz, const double *x)
{
    const kenken *k = pz;
    int *v = malloc((size_t)k->n * (size_t)k->n * sizeof *v);
    int *cols = malloc((size_t)k->n * sizeof *cols);
    for (int c = 0; v && cols && c < k->n * k->n; c++) {
        for (int d = 0; d < k->n; d++)
            cols[d] = xat(k, c, d + 1);
        int d = pz_xpick(x, cols, k->n);
        v[c] = pz_x01(x, cols[d]) ? d + 1 : 0;
    }
    if (!cols) {
        free(v);
        v = NULL;
    }
    free(cols);
    return v;
}

/* Whether the cage's values combine to its target. */
static int cage_holds(const kenken *k, const int *v, int id)
{
    const cage *cg = &k->cage[id];
    long long sum = 0, prod = 1;
    for (int c = 0; c < k->n * k->n; c++)
        if (k->cage_of[c] == id) {
            sum += v[c];
            prod = prod > KK_TARGET_MAX / (v[c] > 0 ? v[c] : 1)
                       ? KK_TARGET_MAX + 1 : prod * v[c];
        }
    int a = v[cg->first], bb = v[cg->second];
    int hi = a > bb ? a : bb, lo = a > bb ? bb : a;
    switch (cg->op) {
    case OP_SUB: return hi - lo == cg->target;
    case OP_DIV: return lo > 0 && hi == lo * cg->target;
    case OP_MUL: return prod == cg->target;
    default: return sum == cg->target;
    }
}

/* The rules: values 1..n, each once per row and column, and each cage
 * combining to its target. */
static int ken_check(const void *pz, const void *sol, char *err,
                     size_t errlen)
{
    const kenken *k = pz;
    const int *v = sol;
    int n = k->n;
    for (int c = 0; c < n * n; c++) {
        int r = c / n, j = c % n;
        for (int o = 0; v[c] && o < n; o++)
            if ((o != j && v[r * n + o] == v[c]) ||
                (o != r && v[o * n + j] == v[c])) {
                snprintf(err, errlen, "%d appears twice in the %s of cell "
                         "%d,%d", v[c], o != j && v[r * n + o] == v[c]
                                            ? "row" : "column", r + 1, j + 1);
                return -1;
            }
        if (v[c] < 1 || v[c] > n) {
            snprintf(err, errlen, "cell %d,%d has no value 1..%d", r + 1,
                     j + 1, n);
            return -1;
        }
    }
    for (int i = 0; i < k->ncage; i++)
        if (!cage_holds(k, v, i)) {
            snprintf(err, errlen, "cage %s does not make %lld %c",
                     k->cage[i].name, k->cage[i].target,
                     op_char[k->cage[i].op]);
            return -1;
        }
    return 0;
}

static void ken_render(const void *pz, const void *sol, FILE *out)
{
    const kenken *k = pz;
    const int *v = sol;
    for (int r = 0; r < k->n; r++)
        for (int c = 0; c < k->n; c++)
            fprintf(out, "%d%c", v[r * k->n + c], c + 1 < k->n ? ' ' : '\n');
}

static void ken_describe(const void *pz, char *buf, size_t len)
{
    const kenken *k = pz;
    snprintf(buf, len, "%dx%d, %d cage%s", k->n, k->n, k->ncage,
             k->ncage == 1 ? "" : "s");
}

/* The grid, each cell's cage, the cages' clues ("12+") and the columns
 * x[r,c,k], n a cell. */
static void ken_picture(const void *pz, pz_json *j)
{
    const kenken *k = pz;
    pz_json_int(j, "rows", k->n);
    pz_json_int(j, "cols", k->n);
    pz_json_ints(j, "cage", k->cage_of, k->n * k->n);
    char **clue = calloc((size_t)k->ncage + 1, sizeof *clue);
    for (int i = 0; clue && i < k->ncage; i++) {
        const cage *cg = &k->cage[i];
        if ((clue[i] = malloc(32)))
            snprintf(clue[i], 32, "%lld%.*s", cg->target,
                     cg->op != OP_VALUE, &op_char[cg->op]);
    }
    int ok = clue != NULL;
    for (int i = 0; ok && i < k->ncage; i++)
        ok = clue[i] != NULL;
    pz_json_strs(j, "clue", clue, ok ? k->ncage : 0);
    for (int i = 0; clue && i < k->ncage; i++)
        free(clue[i]);
    free(clue);
    pz_json_int(j, "depth", k->x.depth);
    pz_json_ints(j, "x", k->x.col, k->n * k->n * k->x.depth);
}

static const int *ken_regions(const void *pz, int *rows, int *cols)
{
    const kenken *k = pz;
    *rows = *cols = k->n;
    return k->cage_of;
}

const pz_kind pz_kind_kenken = {
    .name = "kenken",
    .source = "Melkonian 2016",
    .help = "Fill a size x size grid with 1..size, each once per row\n"
            "and column, so that each cage's numbers combine to its target\n"
            "(+ - * / in any order; - and / on two cells; x means *).\n"
            "Keys: size, cages: (a symbol per cell, cages connected),\n"
            "clues: ('CAGE TARGET OP', or 'CAGE VALUE' for one cell).\n"
            "Rows (2.1)-(2.3) Latin square, (3.2) y = sum k x, (3.1) sums,\n"
            "(4.1) differences, (5.1)-(5.4) ratios (big-M of the paper),\n"
            "(6.1.5) products by the exponent of each prime.",
    .variants = NULL,
    .keys = keys,
    .parse = ken_parse,
    .build = ken_build,
    .decode = ken_decode,
    .check = ken_check,
    .render = ken_render,
    .describe = ken_describe,
    .picture = ken_picture,
    .regions = ken_regions,
    .free = ken_free,
    .generator = &pzg_kind_kenken,
};
