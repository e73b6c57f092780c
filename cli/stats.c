/*
 * stats.c -- --model-stats: the model's row families in build order with
 * the paper's equation numbers, row counts and nonzeros, and its column
 * families with counts by type. Also the family grouping the trace uses.
 */
#include "teach.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Families beyond this many are summed up in one line. */
#define CLI_STATS_MAX_FAMILIES 40

enum { ROW_EQ, ROW_LE, ROW_GE, ROW_RANGE };
enum { COL_BIN, COL_INT, COL_CONT };

static int family_len(const char *name)
{
    const char *b = strchr(name, '[');
    return b ? (int)(b - name) : (int)strlen(name);
}

static int same_family(const cli_family *f, const char *name, int len)
{
    return f->len == len && strncmp(f->name, name, (size_t)len) == 0;
}

/* Rows of a family are usually built one after the other: the last
 * family is tried first, so the usual cost is one comparison. */
int cli_family_of(cli_families *fs, const char *name)
{
    int len = family_len(name);
    if (fs->count > 0 && same_family(&fs->f[fs->count - 1], name, len))
        return fs->count - 1;
    for (int k = 0; k < fs->count; k++)
        if (same_family(&fs->f[k], name, len))
            return k;
    if (fs->count == fs->cap) {
        int cap = fs->cap ? 2 * fs->cap : 16;
        cli_family *f = realloc(fs->f, (size_t)cap * sizeof *f);
        if (!f)
            return -1;
        fs->f = f;
        fs->cap = cap;
    }
    fs->f[fs->count] = (cli_family){.name = name, .len = len};
    return fs->count++;
}

void cli_families_free(cli_families *fs)
{
    free(fs->f);
    memset(fs, 0, sizeof *fs);
}

static int row_kind(const bnb_model *m, int i)
{
    double lo = bnb_row_lo(m, i), up = bnb_row_up(m, i);
    if (lo == up)
        return ROW_EQ;
    if (isinf(lo))
        return ROW_LE;
    return isinf(up) ? ROW_GE : ROW_RANGE;
}

static int col_kind(const bnb_model *m, int j)
{
    if (!bnb_col_is_int(m, j))
        return COL_CONT;
    double lo = bnb_col_lo(m, j), up = bnb_col_up(m, j);
    return lo >= 0 && up <= 1 ? COL_BIN : COL_INT;
}

/* "(12)row" -> "12"; a name without a leading "(...)" has none: "-". */
static void equation_of(const cli_family *f, char *buf, size_t len)
{
    const char *close =
        f->name[0] == '(' ? memchr(f->name, ')', (size_t)f->len) : NULL;
    if (!close || close == f->name + 1) {
        snprintf(buf, len, "-");
        return;
    }
    snprintf(buf, len, "%.*s", (int)(close - f->name - 1), f->name + 1);
}

/* The rows' senses: the one they share, or "mixed". */
static const char *sense_of(const cli_family *f)
{
    static const char *const names[] = {"=", "<=", ">=", "range"};
    for (int k = 0; k < 4; k++)
        if (f->tally[k] == f->count)
            return names[k];
    return "mixed";
}

static void print_row_families(FILE *out, const bnb_model *m,
                               const cli_families *fs)
{
    fprintf(out, "# %-24s %8s %7s %9s  %s\n", "row family", "equation",
            "rows", "nonzeros", "sense");
    for (int k = 0; k < fs->count && k < CLI_STATS_MAX_FAMILIES; k++) {
        const cli_family *f = &fs->f[k];
        char eq[32];
        equation_of(f, eq, sizeof eq);
        fprintf(out, "#   %-22.*s %8s %7d %9ld  %s\n", f->len, f->name, eq,
                f->count, f->nonzeros, sense_of(f));
    }
    if (fs->count > CLI_STATS_MAX_FAMILIES)
        fprintf(out, "#   ... and %d more row famil%s\n",
                fs->count - CLI_STATS_MAX_FAMILIES,
                fs->count - CLI_STATS_MAX_FAMILIES == 1 ? "y" : "ies");
    fprintf(out, "#   %-22s %8s %7d %9ld\n", "all rows", "",
            bnb_num_rows(m), bnb_num_nonzeros(m));
}

static void print_col_families(FILE *out, const bnb_model *m,
                               const cli_families *fs)
{
    fprintf(out, "# %-24s %8s %7s %7s %10s\n", "column family", "columns",
            "binary", "integer", "continuous");
    for (int k = 0; k < fs->count && k < CLI_STATS_MAX_FAMILIES; k++) {
        const cli_family *f = &fs->f[k];
        fprintf(out, "#   %-22.*s %8d %7d %7d %10d\n", f->len, f->name,
                f->count, f->tally[COL_BIN], f->tally[COL_INT],
                f->tally[COL_CONT]);
    }
    if (fs->count > CLI_STATS_MAX_FAMILIES)
        fprintf(out, "#   ... and %d more column famil%s\n",
                fs->count - CLI_STATS_MAX_FAMILIES,
                fs->count - CLI_STATS_MAX_FAMILIES == 1 ? "y" : "ies");
    fprintf(out, "#   %-22s %8d\n", "all columns", bnb_num_cols(m));
}

static int tally_rows(const bnb_model *m, cli_families *rows)
{
    for (int i = 0; i < bnb_num_rows(m); i++) {
        int k = cli_family_of(rows, bnb_row_name(m, i));
        if (k < 0)
            return -1;
        rows->f[k].count++;
        rows->f[k].nonzeros += bnb_row_len(m, i);
        rows->f[k].tally[row_kind(m, i)]++;
    }
    return 0;
}

static int tally_cols(const bnb_model *m, cli_families *cols)
{
    for (int j = 0; j < bnb_num_cols(m); j++) {
        int k = cli_family_of(cols, bnb_col_name(m, j));
        if (k < 0)
            return -1;
        cols->f[k].count++;
        cols->f[k].tally[col_kind(m, j)]++;
    }
    return 0;
}

void cli_model_stats(FILE *out, const bnb_model *m)
{
    cli_families rows = {0}, cols = {0};
    if (tally_rows(m, &rows) == 0 && tally_cols(m, &cols) == 0) {
        print_row_families(out, m, &rows);
        print_col_families(out, m, &cols);
    } else {
        fprintf(out, "# --model-stats: out of memory\n");
    }
    cli_families_free(&rows);
    cli_families_free(&cols);
}
