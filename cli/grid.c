/*
 * grid.c -- --trace=grid: a node's LP values drawn on the puzzle's own
 * grid, read from the column names every puzzle builder uses: a family
 * of binaries x[r,c] is a grid of cells (Star Battle, Binairo,
 * Thermometer: `*` a whole 1, `.` a 0, a digit the tenths of a
 * fraction, so 5 is a half star), a family x[r,c,d] a grid of cells
 * holding a digit d (Kakuro, KenKen: each cell lists the digits its LP
 * keeps above 0, e.g. {19} when 1 and 9 share the cell). Rows and
 * columns are numbered as in the names, a frame of + - | goes round the
 * grid and round each region (Star Battle's regions, KenKen's cages,
 * thermometers) when the puzzle has them, and the cell of one column,
 * the one branched on, is marked [ ].
 */
#include "teach.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Grids larger than this are not drawn (the trace would drown). */
#define CLI_GRID_MAX 30

struct cli_grid {
    int dims;                /* 2: x[r,c]; 3: x[r,c,d]                  */
    int rows, cols;          /* the grid, from index 1 (or 0)           */
    int base_r, base_c;      /* smallest row and column index           */
    int *col;                /* [count] member columns                  */
    int (*at)[3];            /* [count] their indices                   */
    int count;
    double tol;
    int *region;             /* [rows*cols] region of each cell, or NULL */
};

/* "x[1,2,3]" -> family length 1 and the indices; returns how many
 * (0 when the name is not of that form). */
static int parse_name(const char *name, int *flen, int idx[3])
{
    const char *b = strchr(name, '[');
    if (!b || b == name)
        return 0;
    *flen = (int)(b - name);
    int k = 0;
    const char *p = b + 1;
    while (k < 3) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v < 0 || v > 99)
            return 0;
        idx[k++] = (int)v;
        if (*end == ']')
            return end[1] == '\0' ? k : 0;
        if (*end != ',')
            return 0;
        p = end + 1;
    }
    return 0;
}

static int is_binary(const bnb_model *m, int j)
{
    return bnb_col_is_int(m, j) && bnb_col_lo(m, j) >= 0 &&
           bnb_col_up(m, j) <= 1;
}

/* The members of the family of column j0 with the same shape. */
static int collect(cli_grid *g, const bnb_model *m, int j0, int flen)
{
    const char *fam = bnb_col_name(m, j0);
    int rmax = 0, cmax = 0, idx[3], len;
    g->base_r = g->base_c = 1 << 20;
    for (int j = 0; j < bnb_num_cols(m); j++) {
        const char *name = bnb_col_name(m, j);
        if (parse_name(name, &len, idx) != g->dims || len != flen ||
            strncmp(name, fam, (size_t)flen) != 0)
            continue;
        if (!is_binary(m, j) || (g->dims == 3 && idx[2] > 9))
            return 0;
        g->col[g->count] = j;
        memcpy(g->at[g->count++], idx, sizeof idx);
        g->base_r = idx[0] < g->base_r ? idx[0] : g->base_r;
        g->base_c = idx[1] < g->base_c ? idx[1] : g->base_c;
        rmax = idx[0] > rmax ? idx[0] : rmax;
        cmax = idx[1] > cmax ? idx[1] : cmax;
    }
    g->rows = rmax - g->base_r + 1;
    g->cols = cmax - g->base_c + 1;
    return g->count > 1 && g->rows <= CLI_GRID_MAX &&
           g->cols <= CLI_GRID_MAX;
}

void cli_grid_free(cli_grid *g)
{
    if (!g)
        return;
    free(g->col);
    free(g->at);
    free(g->region);
    free(g);
}

/* The puzzle's regions, when its grid is the one the names span. */
static int take_outline(cli_grid *g, const cli_outline *o)
{
    if (!o || !o->region || o->rows != g->rows || o->cols != g->cols)
        return 1;
    size_t cells = (size_t)g->rows * (size_t)g->cols;
    if (!(g->region = malloc(cells * sizeof *g->region)))
        return 0;
    memcpy(g->region, o->region, cells * sizeof *g->region);
    return 1;
}

cli_grid *cli_grid_new(const bnb_model *m, double tol, const cli_outline *o)
{
    int n = bnb_num_cols(m), idx[3], flen;
    for (int j = 0; j < n; j++) {
        int dims = parse_name(bnb_col_name(m, j), &flen, idx);
        if (dims < 2 || !is_binary(m, j))
            continue;
        cli_grid *g = calloc(1, sizeof *g);
        if (!g)
            return NULL;
        g->dims = dims;
        g->tol = tol;
        g->col = malloc((size_t)n * sizeof *g->col);
        g->at = malloc((size_t)n * sizeof *g->at);
        if (g->col && g->at && collect(g, m, j, flen) && take_outline(g, o))
            return g;
        cli_grid_free(g);
        return NULL;
    }
    return NULL;
}

/* cells[r][c]: a 2-d grid's character, or a 3-d grid's digits. */
typedef char cell_text[12];

static void fill_cells(const cli_grid *g, const double *x, cell_text *cells)
{
    for (int k = 0; k < g->rows * g->cols; k++)
        strcpy(cells[k], g->dims == 2 ? " " : "#");
    for (int k = 0; k < g->count; k++) {
        int r = g->at[k][0] - g->base_r, c = g->at[k][1] - g->base_c;
        char *t = cells[r * g->cols + c];
        double v = x[g->col[k]];
        if (g->dims == 2) {
            int tenths = (int)lround(v * 10);
            t[0] = v <= g->tol ? '.' : v >= 1 - g->tol ? '*'
                   : (char)('0' + (tenths < 1 ? 1 : tenths > 9 ? 9 : tenths));
            continue;
        }
        if (t[0] == '#')
            t[0] = '\0';
        size_t len = strlen(t);
        if (v > g->tol && len + 1 < sizeof(cell_text)) {
            t[len] = (char)('0' + g->at[k][2]);
            t[len + 1] = '\0';
        }
    }
}

/* The cell of column j, or -1. */
static int cell_of(const cli_grid *g, int j)
{
    for (int k = 0; j >= 0 && k < g->count; k++)
        if (g->col[k] == j)
            return (g->at[k][0] - g->base_r) * g->cols +
                   g->at[k][1] - g->base_c;
    return -1;
}

/* Whether cells (r1,c1) and (r2,c2) are parted by a line: the frame
 * (one of them outside) or a region border. */
static int parted(const cli_grid *g, int r1, int c1, int r2, int c2)
{
    int out1 = r1 < 0 || c1 < 0 || r1 >= g->rows || c1 >= g->cols;
    int out2 = r2 < 0 || c2 < 0 || r2 >= g->rows || c2 >= g->cols;
    if (out1 || out2)
        return out1 != out2;
    return g->region && g->region[r1 * g->cols + c1] !=
                        g->region[r2 * g->cols + c2];
}

/* The line above row r: '-' under a border, '+' where lines meet;
 * none inside the grid where no border runs along it. */
static void print_rule(const cli_grid *g, FILE *out, int r, int width,
                       const char *indent, int margin)
{
    int any = 0;
    for (int c = 0; c < g->cols; c++)
        any |= parted(g, r - 1, c, r, c);
    if (!any)
        return;
    fprintf(out, "%s%*s", indent, margin, "");
    for (int c = 0; c <= g->cols; c++) {
        int left = c > 0 && parted(g, r - 1, c - 1, r, c - 1);
        int right = c < g->cols && parted(g, r - 1, c, r, c);
        int up = r > 0 && parted(g, r - 1, c - 1, r - 1, c);
        int down = r < g->rows && parted(g, r, c - 1, r, c);
        fputc((up || down) && (left || right) ? '+'
              : up || down ? '|' : left || right ? '-' : ' ', out);
        for (int k = 0; c < g->cols && k < width; k++)
            fputc(right ? '-' : ' ', out);
    }
    fputc('\n', out);
}

/* The column numbers, each over its cell. */
static void print_numbers(const cli_grid *g, FILE *out, int width,
                          const char *indent, int margin)
{
    fprintf(out, "%s%*s", indent, margin, "");
    for (int c = 0; c < g->cols; c++)   /* under ] of the cell before */
        fprintf(out, "%*d", c ? width + 1 : width, g->base_c + c);
    fputc('\n', out);
}

void cli_grid_print(const cli_grid *g, FILE *out, const double *x,
                    int mark, const char *indent)
{
    cell_text *cells = malloc((size_t)(g->rows * g->cols) * sizeof *cells);
    if (!cells)
        return;
    fill_cells(g, x, cells);
    int width = 1, marked = cell_of(g, mark);
    for (int k = 0; k < g->rows * g->cols; k++) {
        int len = (int)strlen(cells[k]);
        len = len > 1 ? len + 2 : len ? len : 2;   /* {13}, or {} */
        width = len > width ? len : width;
    }
    width += 2;                 /* a space, or [ ], either side          */
    char num[16];
    int margin = snprintf(num, sizeof num, "%d", g->base_r + g->rows - 1) + 1;
    print_numbers(g, out, width, indent, margin);
    for (int r = 0; r < g->rows; r++) {
        print_rule(g, out, r, width, indent, margin);
        fprintf(out, "%s%*d ", indent, margin - 1, g->base_r + r);
        for (int c = 0; c < g->cols; c++) {
            const char *t = cells[r * g->cols + c];
            int m = r * g->cols + c == marked;
            char buf[20];
            snprintf(buf, sizeof buf, strlen(t) == 1 ? "%s" : "{%s}", t);
            fprintf(out, "%c%c%*s%c", parted(g, r, c - 1, r, c) ? '|' : ' ',
                    m ? '[' : ' ', width - 2, buf, m ? ']' : ' ');
        }
        fprintf(out, "|\n");
    }
    print_rule(g, out, g->rows, width, indent, margin);
    free(cells);
}
