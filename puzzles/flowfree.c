/*
 * flowfree.c -- Flow Free (Hartmann 2018, sec. 6): join each pair of
 * equal dots by a line through orthogonal neighbours, filling the grid.
 * Two models: colorbin (22)-(31) and colorflow (32)-(44), the default.
 */
#include <stdlib.h>
#include <string.h>

#include "pz_kind.h"

enum { FF_COLORFLOW, FF_COLORBIN };


typedef struct flowfree {
    int rows, cols, ncolor;
    int wide;              /* a symbol is longer than one character      */
    int *dot;              /* [rows*cols] colour 0.. of a dot, -1 none   */
    int *src, *dst;        /* [ncolor] first / second dot, reading order */
    char **sym;            /* [ncolor] each colour's symbol              */
    pz_arcs arcs;          /* every ordered pair of orthogonal neighbours */
    int variant;
    int *x;                /* [arcs] colorflow, [arcs*ncolor] colorbin   */
} flowfree;

static const pz_key keys[] = {
    {"grid", PZ_KEY_SECTION | PZ_KEY_REQUIRED},
    {NULL, 0},
};

static const pz_variant variants[] = {
    {"colorflow", "(32)-(44): binary x, continuous colours y"},
    {"colorbin", "(22)-(31): a binary per colour and arc"},
    {NULL, NULL},
};

static void ff_free(void *pz)
{
    flowfree *ff = pz;
    free(ff->dot);
    free(ff->src);
    free(ff->dst);
    for (int q = 0; ff->sym && q < ff->ncolor; q++)
        free(ff->sym[q]);
    free(ff->sym);
    free(ff->x);
    pz_arcs_free(&ff->arcs);
    free(ff);
}

/* Records the dot at cell k: a new colour, or the second end of one. */
static int read_dot(pz_file *f, flowfree *ff, const pz_grid *g, int k)
{
    int r = k / ff->cols, c = k % ff->cols;
    const char *s = pz_grid_at(g, r, c);
    int q = 0;
    while (q < ff->ncolor && strcmp(ff->sym[q], s) != 0)
        q++;
    if (q == ff->ncolor) {
        if (!(ff->sym[q] = strdup(s)))
            return pz_error(f, 1, 0, "out of memory");
        ff->src[q] = k;
        ff->dst[q] = -1;
        ff->ncolor++;
        ff->wide |= strlen(s) > 1;
    } else if (ff->dst[q] < 0) {
        ff->dst[q] = k;
    } else {
        return pz_grid_error(f, g, r, c, "symbol '%s' appears a third time "
                             "(also at %d,%d and %d,%d); each symbol marks "
                             "the two ends of one line", s,
                             ff->src[q] / ff->cols + 1,
                             ff->src[q] % ff->cols + 1,
                             ff->dst[q] / ff->cols + 1,
                             ff->dst[q] % ff->cols + 1);
    }
    ff->dot[k] = q;
    return 0;
}

static int read_dots(pz_file *f, flowfree *ff, const pz_grid *g)
{
    int cells = ff->rows * ff->cols;
    for (int k = 0; k < cells; k++) {
        ff->dot[k] = -1;
        if (strcmp(pz_grid_at(g, k / ff->cols, k % ff->cols), ".") != 0 &&
            read_dot(f, ff, g, k) < 0)
            return -1;
    }
    for (int q = 0; q < ff->ncolor; q++)
        if (ff->dst[q] < 0)
            return pz_grid_error(f, g, ff->src[q] / ff->cols,
                                 ff->src[q] % ff->cols, "symbol '%s' "
                                 "appears once; each symbol must appear "
                                 "exactly twice", ff->sym[q]);
    if (ff->ncolor == 0)
        return pz_error(f, pz_get(f, "grid")->no, 0, "the grid has no dots "
                        "(symbols other than '.')");
    return 0;
}

/* The arcs of the paper's graph: to each neighbour in N_ij, in the order
 * (i-1,j), (i+1,j), (i,j-1), (i,j+1). */
static int make_arcs(flowfree *ff)
{
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int k = 0; k < ff->rows * ff->cols; k++)
        for (int d = 0; d < 4; d++) {
            int r = k / ff->cols + dr[d], c = k % ff->cols + dc[d];
            if (r >= 0 && r < ff->rows && c >= 0 && c < ff->cols &&
                pz_arcs_add(&ff->arcs, k, r * ff->cols + c) < 0)
                return -1;
        }
    return 0;
}

static void *ff_parse(pz_file *f)
{
    flowfree *ff = calloc(1, sizeof *ff);
    pz_grid g = {0};
    if (!ff) {
        pz_error(f, 1, 0, "out of memory");
        return NULL;
    }
    int ok = pz_grid_read(f, "grid", 0, 0, &g) == 0;
    if (ok) {
        size_t cells = (size_t)g.rows * (size_t)g.cols;
        ff->rows = g.rows;
        ff->cols = g.cols;
        ff->dot = malloc(cells * sizeof *ff->dot);
        ff->src = malloc(cells * sizeof *ff->src);
        ff->dst = malloc(cells * sizeof *ff->dst);
        ff->sym = malloc(cells * sizeof *ff->sym);
        ok = ff->dot && ff->src && ff->dst && ff->sym && make_arcs(ff) == 0;
        if (!ok)
            pz_error(f, 1, 0, "out of memory");
    }
    ok = ok && read_dots(f, ff, &g) == 0;
    pz_grid_free(&g);
    if (!ok) {
        ff_free(ff);
        return NULL;
    }
    return ff;
}

/* Cell k as "i,j" for row names (1-based). */
#define FF_IJ(ff, k) (k) / (ff)->cols + 1, (k) % (ff)->cols + 1

/* The rows both models share, over the line variables: (22)-(25) or
 * (32)-(35). col[a*stride + q] for colour q of arc a (stride 1: one
 * binary per arc); eq is the first equation number. */
static void line_rows(pz_build *b, const flowfree *ff, int stride, int eq)
{
    static const char *const what[4] = {"src_in", "dst_out", "in", "out"};
    const pz_arcs *a = &ff->arcs;
    for (int pass = 0; pass < 4; pass++)
        for (int k = 0; k < ff->rows * ff->cols; k++) {
            int is_src = ff->dot[k] >= 0 && ff->src[ff->dot[k]] == k;
            int is_dst = ff->dot[k] >= 0 && !is_src;
            int into = pass % 2 == 0;
            /* passes: in of S (= 0), out of T (= 0), in of V\S, out of V\T */
            if (pass < 2 ? (into ? !is_src : !is_dst)
                         : (into ? is_src : is_dst))
                continue;
            for (int q = 0; q < stride; q++)
                pz_arc_terms(b, a, ff->x + q, stride, k, into, 1);
            double rhs = pass < 2 ? 0 : 1;
            pz_row(b, rhs, rhs, "(%d)%s[%d,%d]", eq + pass, what[pass],
                   FF_IJ(ff, k));
        }
}

/* The colour rows (26)-(28) / (36)-(38): the colour value C leaves each
 * source, enters each destination and is kept through other cells. The
 * colour of arc a is sum_q (q+1) * col[a*stride + q] (stride 1: y_a). */
static void color_rows(pz_build *b, const flowfree *ff, const int *col,
                       int stride, int eq)
{
    static const char *const what[3] = {"src_color", "dst_color", "color"};
    for (int pass = 0; pass < 3; pass++)
        for (int k = 0; k < ff->rows * ff->cols; k++) {
            int q = ff->dot[k];
            int is_src = q >= 0 && ff->src[q] == k;
            if ((pass == 0 && !is_src) || (pass == 1 && (q < 0 || is_src)) ||
                (pass == 2 && q >= 0))
                continue;
            for (int c = 0; c < stride; c++) {
                double v = c + 1;   /* the colour value q of x_q */
                if (pass != 0)
                    pz_arc_terms(b, &ff->arcs, col + c, stride, k, 1, v);
                if (pass != 1)
                    pz_arc_terms(b, &ff->arcs, col + c, stride, k, 0,
                                 pass == 2 ? -v : v);
            }
            double rhs = pass < 2 ? q + 1 : 0;
            pz_row(b, rhs, rhs, "(%d)%s[%d,%d]", eq + pass, what[pass],
                   FF_IJ(ff, k));
        }
}

/* (29) / (41): z_kl - z_ij + M (1 - sum_q x_qijkl) >= 1 with M = n^2, for
 * every arc; z[] are the cell columns. */
static void mtz_rows(pz_build *b, const flowfree *ff, const int *z,
                     int stride, int eq)
{
    const pz_arcs *a = &ff->arcs;
    double big = (double)ff->rows * ff->cols;
    for (int k = 0; k < a->n; k++) {
        pz_term(b, z[a->to[k]], 1);
        pz_term(b, z[a->from[k]], -1);
        for (int q = 0; q < stride; q++)
            pz_term(b, ff->x[k * stride + q], -big);
        pz_row(b, 1 - big, BNB_INF, "(%d)mtz[%d,%d,%d,%d]", eq,
               FF_IJ(ff, a->from[k]), FF_IJ(ff, a->to[k]));
    }
}

/*
 * The cell columns z of (31) / (44). The paper has z >= 0; here also
 * z <= n^2 - 1 (n^2 the cells), which every solution keeps (number each line's cells
 * 0, 1, ... from its source) and with which M = n^2 is just large
 * enough. The bound changes no line drawing, but it lets propagation
 * refute a closed loop of arcs (each pass round it raises z by 1 until
 * it passes the bound), which it cannot do while z is unbounded: only
 * the LP saw such a loop before.
 */
static int *cell_cols(pz_build *b, const flowfree *ff)
{
    int cells = ff->rows * ff->cols;
    int *z = malloc((size_t)cells * sizeof *z);
    if (!z) {
        b->status = BNB_ERR_NOMEM;
        return NULL;
    }
    for (int k = 0; k < cells; k++)
        z[k] = pz_col(b, 0, cells - 1, 0, "z[%d,%d]", FF_IJ(ff, k));
    return z;
}

/*
 * colorbin, x[q,i,j,k,l] binary, 0 <= z[i,j] <= n^2 - 1 (30)-(31):
 * (22) sum_q sum_kl x[q,k,l,i,j] = 0, (i,j) in S  -- printed x_{qklj}
 * (23) sum_q sum_kl x[q,i,j,k,l] = 0, (i,j) in T
 * (24) sum in = 1, V \ S;   (25) sum out = 1, V \ T
 * (26) sum_q q x[q,out of (i,j)] = C_ij, S;  (27) likewise in, T
 * (28) sum_q q x[q,in] = sum_q q x[q,out], V \ (S u T)
 * (29) z_kl - z_ij + M (1 - sum_q x[q,i,j,k,l]) >= 1, M = n^2
 */
static void build_colorbin(pz_build *b, flowfree *ff, const int *z)
{
    const pz_arcs *a = &ff->arcs;
    int nq = ff->ncolor;
    for (int k = 0; k < a->n; k++)
        for (int q = 0; q < nq; q++)
            ff->x[k * nq + q] = pz_bin(b, "x[%d,%d,%d,%d,%d]", q + 1,
                                       FF_IJ(ff, a->from[k]),
                                       FF_IJ(ff, a->to[k]));
    line_rows(b, ff, nq, 22);
    color_rows(b, ff, ff->x, nq, 26);
    mtz_rows(b, ff, z, nq, 29);
}

/*
 * colorflow, x[i,j,k,l] binary, y[i,j,k,l] >= 0, 0 <= z[i,j] <= n^2 - 1
 * (42)-(44):
 * (32)-(35) as (22)-(25) with x_ijkl;  (36)-(38) as (26)-(28) with y;
 * (39) y >= x;  (40) y <= M1 x, M1 = Q;
 * (41) z_kl - z_ij + M2 (1 - x_ijkl) >= 1, M2 = n^2
 */
static void build_colorflow(pz_build *b, flowfree *ff, const int *z)
{
    const pz_arcs *a = &ff->arcs;
    int *y = malloc((size_t)(a->n ? a->n : 1) * sizeof *y);
    if (!y) {
        b->status = BNB_ERR_NOMEM;
        return;
    }
    pz_arc_cols(b, a, ff->cols, 0, 1, 1, "x", ff->x);
    pz_arc_cols(b, a, ff->cols, 0, BNB_INF, 0, "y", y);
    line_rows(b, ff, 1, 32);
    color_rows(b, ff, y, 1, 36);
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < a->n; k++) {
            pz_term(b, y[k], 1);
            pz_term(b, ff->x[k], pass == 0 ? -1 : -ff->ncolor);
            pz_row(b, pass == 0 ? 0 : -BNB_INF, pass == 0 ? BNB_INF : 0,
                   "(%d)%s[%d,%d,%d,%d]", 39 + pass,
                   pass == 0 ? "y_lo" : "y_up", FF_IJ(ff, a->from[k]),
                   FF_IJ(ff, a->to[k]));
        }
    mtz_rows(b, ff, z, 1, 41);
    free(y);
}

static int ff_build(void *pz, int variant, pz_build *b)
{
    flowfree *ff = pz;
    int stride = variant == FF_COLORBIN ? ff->ncolor : 1;
    ff->variant = variant;
    free(ff->x);
    ff->x = malloc((size_t)ff->arcs.n * (size_t)stride * sizeof *ff->x);
    if (!ff->x)
        return b->status = BNB_ERR_NOMEM;
    int *z = cell_cols(b, ff);
    if (z && variant == FF_COLORBIN)
        build_colorbin(b, ff, z);
    else if (z)
        build_colorflow(b, ff, z);
    free(z);
    return b->status;
}

/* The solution: next[cell], the cell the drawn line goes to, or -1. */
static void *ff_decode(const void *pz, const double *x)
{
    const flowfree *ff = pz;
    int cells = ff->rows * ff->cols;
    int stride = ff->variant == FF_COLORBIN ? ff->ncolor : 1;
    int *next = malloc((size_t)cells * sizeof *next);
    for (int k = 0; next && k < cells; k++)
        next[k] = -1;
    for (int a = 0; next && a < ff->arcs.n; a++) {
        double used = 0;
        for (int q = 0; q < stride; q++)
            used += x[ff->x[a * stride + q]];
        if (used > 0.5 && next[ff->arcs.from[a]] < 0)
            next[ff->arcs.from[a]] = ff->arcs.to[a];
    }
    return next;
}

static int fail(char *err, size_t n, const char *what,
                const flowfree *ff, int k)
{
    snprintf(err, n, what, k / ff->cols + 1, k % ff->cols + 1);
    return -1;
}

/* Follows the line of colour q from its first dot; line[] marks cells. */
static int trace_line(const flowfree *ff, const int *next, int q, int *line,
                      char *err, size_t n)
{
    int k = ff->src[q];
    line[k] = q;
    while (k != ff->dst[q]) {
        int nx = next[k];
        if (nx < 0)
            return fail(err, n, "a line stops at %d,%d, short of its "
                        "second dot", ff, k);
        if (abs(nx / ff->cols - k / ff->cols) +
                abs(nx % ff->cols - k % ff->cols) != 1)
            return fail(err, n, "the line leaving %d,%d jumps to a cell "
                        "that is not its orthogonal neighbour", ff, k);
        if (line[nx] >= 0)
            return fail(err, n, "two lines meet at %d,%d", ff, nx);
        if (ff->dot[nx] >= 0 && nx != ff->dst[q])
            return fail(err, n, "a line runs through the dot at %d,%d",
                        ff, nx);
        line[nx] = q;
        k = nx;
    }
    if (next[k] >= 0)
        return fail(err, n, "a line goes on past its end dot at %d,%d", ff,
                    k);
    return 0;
}

/* Colours every cell by the line through it (line[cell]); 0 when the
 * lines obey the rules, -1 and a message naming the cell otherwise. */
static int trace(const flowfree *ff, const int *next, int *line, char *err,
                 size_t n)
{
    int cells = ff->rows * ff->cols;
    for (int k = 0; k < cells; k++)
        line[k] = -1;
    for (int q = 0; q < ff->ncolor; q++)
        if (trace_line(ff, next, q, line, err, n) < 0)
            return -1;
    for (int k = 0; k < cells; k++)
        if (line[k] < 0)
            return fail(err, n, "cell %d,%d is on no line", ff, k);
    return 0;
}

/* The rules: each pair of equal dots joined by one line of orthogonal
 * steps that passes no other dot; lines never share a cell; every cell
 * is on a line. */
static int ff_check(const void *pz, const void *sol, char *err,
                    size_t errlen)
{
    const flowfree *ff = pz;
    int *line = malloc((size_t)ff->rows * (size_t)ff->cols * sizeof *line);
    if (!line) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = trace(pz, sol, line, err, errlen);
    free(line);
    return rc;
}

static void ff_render(const void *pz, const void *sol, FILE *out)
{
    const flowfree *ff = pz;
    int *line = malloc((size_t)ff->rows * (size_t)ff->cols * sizeof *line);
    char err[128];
    if (!line || trace(ff, sol, line, err, sizeof err) < 0) {
        free(line);
        return;
    }
    for (int r = 0; r < ff->rows; r++) {
        for (int c = 0; c < ff->cols; c++)
            fprintf(out, "%s%s", ff->wide && c ? " " : "",
                    ff->sym[line[r * ff->cols + c]]);
        fputc('\n', out);
    }
    free(line);
}

static void ff_describe(const void *pz, char *buf, size_t len)
{
    const flowfree *ff = pz;
    snprintf(buf, len, "%dx%d, %d colour%s", ff->rows, ff->cols, ff->ncolor,
             ff->ncolor == 1 ? "" : "s");
}

/* The grid, the dots (colour of each cell, -1 none), the colours'
 * symbols, the arcs between neighbours and their columns: x[k * stride
 * + q] for arc k (colour q under colorbin, stride 1 and no colour
 * under colorflow). */
static void ff_picture(const void *pz, pz_json *j)
{
    const flowfree *ff = pz;
    int stride = ff->variant == FF_COLORBIN ? ff->ncolor : 1;
    pz_json_int(j, "rows", ff->rows);
    pz_json_int(j, "cols", ff->cols);
    pz_json_ints(j, "dot", ff->dot, ff->rows * ff->cols);
    pz_json_strs(j, "sym", ff->sym, ff->ncolor);
    pz_json_ints(j, "src", ff->src, ff->ncolor);
    pz_json_ints(j, "dst", ff->dst, ff->ncolor);
    pz_json_ints(j, "from", ff->arcs.from, ff->arcs.n);
    pz_json_ints(j, "to", ff->arcs.to, ff->arcs.n);
    pz_json_int(j, "stride", stride);
    pz_json_ints(j, "x", ff->x, ff->arcs.n * stride);
}

const pz_kind pz_kind_flowfree = {
    .name = "flowfree",
    .source = "Hartmann 2018, sec. 6",
    .help = "Join each pair of equal dots by a line of orthogonal steps;\n"
            "lines never cross or pass a dot, and every cell is on a line.\n"
            "Key: grid: ('.' empty, any other symbol a dot, exactly twice).\n"
            "The first dot of a symbol in reading order is the source.\n"
            "Rows (22)/(32) nothing into a source, (23)/(33) nothing out of\n"
            "a sink, (24)/(34) one line in, (25)/(35) one out, (26)-(28) /\n"
            "(36)-(38) colour flow, (39)-(40) y = colour on used arcs,\n"
            "(29)/(41) MTZ subtour elimination with M = cells, z in\n"
            "[0, cells - 1].",
    .variants = variants,
    .keys = keys,
    .parse = ff_parse,
    .build = ff_build,
    .decode = ff_decode,
    .check = ff_check,
    .render = ff_render,
    .describe = ff_describe,
    .picture = ff_picture,
    .free = ff_free,
    .generator = &pzg_kind_flowfree,
};
