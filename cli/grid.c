/*
 * grid.c -- --trace=grid: a node's LP values drawn on the puzzle's own
 * grid, read from the column names every puzzle builder uses: a family
 * of binaries x[r,c] is a grid of cells (Star Battle, Binairo,
 * Thermometer: `*` a whole 1, `.` a 0, a digit the tenths of a
 * fraction, so 5 is a half star), a family x[r,c,d] a grid of cells
 * holding a digit d (Kakuro, KenKen: each cell lists the digits its LP
 * keeps above 0, e.g. {19} when 1 and 9 share the cell).
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
    free(g);
}

cli_grid *cli_grid_new(const bnb_model *m, double tol)
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
        if (g->col && g->at && collect(g, m, j, flen))
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

void cli_grid_print(const cli_grid *g, FILE *out, const double *x,
                    const char *indent)
{
    cell_text *cells = malloc((size_t)(g->rows * g->cols) * sizeof *cells);
    if (!cells)
        return;
    fill_cells(g, x, cells);
    size_t width = 1;
    for (int k = 0; k < g->rows * g->cols; k++) {
        size_t len = strlen(cells[k]);
        len = len > 1 ? len + 2 : len ? len : 2;   /* {13}, or {} */
        width = len > width ? len : width;
    }
    for (int r = 0; r < g->rows; r++) {
        fprintf(out, "%s", indent);
        for (int c = 0; c < g->cols; c++) {
            const char *t = cells[r * g->cols + c];
            char buf[16];
            snprintf(buf, sizeof buf, strlen(t) == 1 ? "%s" : "{%s}", t);
            fprintf(out, "%*s%s", (int)width, buf,
                    g->dims == 3 && c + 1 < g->cols ? " " : "");
        }
        fprintf(out, "\n");
    }
    free(cells);
}
