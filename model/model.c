/*
 * model.c -- the model: named columns and named sparse rows, kept as the
 * user built them (the solver converts to its own form on each solve).
 * Names are unique per kind and found through a small open-address hash.
 */
#include "bnb.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Hard caps so that no input can make the model grow without bound
 * (BNB_MAX_ITEMS in bnb.h: columns, rows and nonzeros each). */
#define MODEL_MAX_NAME 255

typedef struct {
    int len, cap;
    int *cols;      /* [len] */
    double *vals;   /* [len] */
} sparse_row;

typedef struct {
    int *slot;      /* [cap] item index or -1 */
    int cap;
} name_index;

typedef struct {
    char **names;   /* [count] */
    int count, cap;
    name_index index;
} name_table;

struct bnb_model {
    char *name, *obj_name;
    bnb_sense sense;
    double offset;
    name_table cols, rows;
    double *col_lo, *col_up, *col_obj;   /* [col_cap] */
    char *col_int;                       /* [col_cap] */
    double *row_lo, *row_up;             /* [row_cap] */
    sparse_row *row;                     /* [row_cap] */
    int col_cap, row_cap;    /* apart from the name tables' capacities:
                                the arrays grow first, so a failure
                                leaves every array as large as before */
    long nonzeros;
};

static char *copy_string(const char *s)
{
    size_t n = strlen(s);
    char *c = malloc(n + 1);
    if (c)
        memcpy(c, s, n + 1);
    return c;
}

/* FNV-1a: names are short and the table is only looked up by readers. */
static uint32_t hash_name(const char *s)
{
    uint32_t h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

static int index_lookup(const name_table *t, const char *name)
{
    if (t->index.cap == 0)
        return -1;
    uint32_t mask = (uint32_t)t->index.cap - 1;
    for (uint32_t h = hash_name(name) & mask;; h = (h + 1) & mask) {
        int k = t->index.slot[h];
        if (k < 0)
            return -1;
        if (strcmp(t->names[k], name) == 0)
            return k;
    }
}

static void index_put(name_index *ix, const char *name, int k)
{
    uint32_t mask = (uint32_t)ix->cap - 1;
    uint32_t h = hash_name(name) & mask;
    while (ix->slot[h] >= 0)
        h = (h + 1) & mask;
    ix->slot[h] = k;
}

/* Keeps the load factor under 1/2. */
static int index_grow(name_table *t)
{
    if (2 * (t->count + 1) <= t->index.cap)
        return BNB_OK;
    int cap = t->index.cap ? 2 * t->index.cap : 64;
    int *slot = malloc((size_t)cap * sizeof *slot);
    if (!slot)
        return BNB_ERR_NOMEM;
    free(t->index.slot);
    t->index.slot = slot;
    t->index.cap = cap;
    for (int i = 0; i < cap; i++)
        slot[i] = -1;
    for (int k = 0; k < t->count; k++)
        index_put(&t->index, t->names[k], k);
    return BNB_OK;
}

static void table_free(name_table *t)
{
    for (int k = 0; k < t->count; k++)
        free(t->names[k]);
    free(t->names);
    free(t->index.slot);
}

static int grow_array(void *pp, size_t elem, int cap)
{
    void *p = realloc(*(void **)pp, (size_t)cap * elem);
    if (!p)
        return BNB_ERR_NOMEM;
    *(void **)pp = p;
    return BNB_OK;
}

bnb_model *bnb_model_new(const char *name)
{
    bnb_model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->sense = BNB_MINIMIZE;
    m->name = copy_string(name ? name : "model");
    m->obj_name = copy_string("obj");
    if (!m->name || !m->obj_name) {
        bnb_model_free(m);
        return NULL;
    }
    return m;
}

void bnb_model_free(bnb_model *m)
{
    if (!m)
        return;
    for (int i = 0; i < m->rows.count; i++) {
        free(m->row[i].cols);
        free(m->row[i].vals);
    }
    table_free(&m->cols);
    table_free(&m->rows);
    free(m->col_lo);
    free(m->col_up);
    free(m->col_obj);
    free(m->col_int);
    free(m->row_lo);
    free(m->row_up);
    free(m->row);
    free(m->name);
    free(m->obj_name);
    free(m);
}

static int find_in_row(const sparse_row *r, int col);
static int append_coef(bnb_model *m, sparse_row *r, int col, double val);
static int add_row_coefs(bnb_model *m, int i, int len, const int *cols,
                         const double *vals);

static int bad_bounds(double lo, double up)
{
    return isnan(lo) || isnan(up) || lo > up || lo == BNB_INF ||
           up == -BNB_INF;
}

/* Adds name to the table; returns its index or a BNB_ERR_*. */
static int table_add(name_table *t, const char *name)
{
    if (!name || !*name || strlen(name) > MODEL_MAX_NAME)
        return BNB_ERR_ARG;
    if (index_lookup(t, name) >= 0)
        return BNB_ERR_DUP;
    if (t->count >= BNB_MAX_ITEMS)
        return BNB_ERR_TOO_LARGE;
    if (index_grow(t) != BNB_OK)
        return BNB_ERR_NOMEM;
    if (t->count == t->cap) {
        int cap = t->cap ? 2 * t->cap : 16;
        if (grow_array(&t->names, sizeof(char *), cap) != BNB_OK)
            return BNB_ERR_NOMEM;
        t->cap = cap;
    }
    char *copy = copy_string(name);
    if (!copy)
        return BNB_ERR_NOMEM;
    t->names[t->count] = copy;
    index_put(&t->index, copy, t->count);
    return t->count++;
}

/* Room for column `need - 1`; each array grows on its own, so the arrays
 * that did grow stay valid when a later one fails. */
static int ensure_col_arrays(bnb_model *m, int need)
{
    if (need <= m->col_cap)
        return BNB_OK;
    int cap = m->col_cap ? 2 * m->col_cap : 16;
    if (grow_array(&m->col_lo, sizeof(double), cap) ||
        grow_array(&m->col_up, sizeof(double), cap) ||
        grow_array(&m->col_obj, sizeof(double), cap) ||
        grow_array(&m->col_int, 1, cap))
        return BNB_ERR_NOMEM;
    m->col_cap = cap;
    return BNB_OK;
}

int bnb_add_col(bnb_model *m, const char *name, double lo, double up,
                double obj, int is_int)
{
    if (bad_bounds(lo, up) || !isfinite(obj))
        return BNB_ERR_ARG;
    if (ensure_col_arrays(m, m->cols.count + 1) != BNB_OK)
        return BNB_ERR_NOMEM;
    int j = table_add(&m->cols, name);
    if (j < 0)
        return j;
    m->col_lo[j] = lo;
    m->col_up[j] = up;
    m->col_obj[j] = obj;
    m->col_int[j] = (char)(is_int != 0);
    return j;
}

static int ensure_row_arrays(bnb_model *m, int need)
{
    if (need <= m->row_cap)
        return BNB_OK;
    int cap = m->row_cap ? 2 * m->row_cap : 16;
    if (grow_array(&m->row_lo, sizeof(double), cap) ||
        grow_array(&m->row_up, sizeof(double), cap) ||
        grow_array(&m->row, sizeof(sparse_row), cap))
        return BNB_ERR_NOMEM;
    m->row_cap = cap;
    return BNB_OK;
}

int bnb_add_row(bnb_model *m, const char *name, int len, const int *cols,
                const double *vals, double lo, double up)
{
    if (bad_bounds(lo, up) || len < 0)
        return BNB_ERR_ARG;
    for (int k = 0; k < len; k++)
        if (cols[k] < 0 || cols[k] >= m->cols.count || !isfinite(vals[k]))
            return BNB_ERR_ARG;
    if (ensure_row_arrays(m, m->rows.count + 1) != BNB_OK)
        return BNB_ERR_NOMEM;
    int i = table_add(&m->rows, name);
    if (i < 0)
        return i;
    m->row_lo[i] = lo;
    m->row_up[i] = up;
    m->row[i] = (sparse_row){0, 0, NULL, NULL};
    return add_row_coefs(m, i, len, cols, vals);
}

/* Adds the row's coefficients, summing repeated columns; a scratch map
 * column -> position keeps that linear in len. */
static int add_row_coefs(bnb_model *m, int i, int len, const int *cols,
                         const double *vals)
{
    int *pos = len > 8 ? malloc((size_t)m->cols.count * sizeof *pos) : NULL;
    if (len > 8 && !pos)
        return BNB_ERR_NOMEM;
    for (int k = 0; pos && k < len; k++)
        pos[cols[k]] = -1;
    sparse_row *r = &m->row[i];
    int rc = BNB_OK;
    for (int k = 0; k < len && rc == BNB_OK; k++) {
        int at = pos ? pos[cols[k]] : find_in_row(r, cols[k]);
        if (at >= 0) {
            r->vals[at] += vals[k];
            continue;
        }
        if (pos)
            pos[cols[k]] = r->len;
        rc = append_coef(m, r, cols[k], vals[k]);
    }
    free(pos);
    return rc == BNB_OK ? i : rc;
}

static int find_in_row(const sparse_row *r, int col)
{
    for (int k = 0; k < r->len; k++)
        if (r->cols[k] == col)
            return k;
    return -1;
}

static int append_coef(bnb_model *m, sparse_row *r, int col, double val)
{
    if (m->nonzeros >= BNB_MAX_ITEMS)
        return BNB_ERR_TOO_LARGE;
    if (r->len == r->cap) {
        int cap = r->cap ? 2 * r->cap : 4;
        if (grow_array(&r->cols, sizeof(int), cap) ||
            grow_array(&r->vals, sizeof(double), cap))
            return BNB_ERR_NOMEM;
        r->cap = cap;
    }
    r->cols[r->len] = col;
    r->vals[r->len++] = val;
    m->nonzeros++;
    return BNB_OK;
}

/* Readers that get coefficients column by column call this: a repeat of
 * the row's last column is summed, any other repeat is the caller's to
 * avoid (checking the whole row would make long rows quadratic). */
int bnb_add_coef(bnb_model *m, int row, int col, double val)
{
    if (row < 0 || row >= m->rows.count || col < 0 ||
        col >= m->cols.count || !isfinite(val))
        return BNB_ERR_ARG;
    sparse_row *r = &m->row[row];
    if (r->len > 0 && r->cols[r->len - 1] == col) {
        r->vals[r->len - 1] += val;
        return BNB_OK;
    }
    return append_coef(m, r, col, val);
}

/* Private to the readers (modelio.h): drops the entries of row whose
 * drop[k] is set, in one pass. */
void mio_drop_entries(bnb_model *m, int row, const unsigned char *drop)
{
    sparse_row *r = &m->row[row];
    int at = 0;
    for (int k = 0; k < r->len; k++)
        if (!drop[k]) {
            r->cols[at] = r->cols[k];
            r->vals[at++] = r->vals[k];
        }
    m->nonzeros -= r->len - at;
    r->len = at;
}

int bnb_set_col_bounds(bnb_model *m, int col, double lo, double up)
{
    if (col < 0 || col >= m->cols.count || bad_bounds(lo, up))
        return BNB_ERR_ARG;
    m->col_lo[col] = lo;
    m->col_up[col] = up;
    return BNB_OK;
}

int bnb_set_col_int(bnb_model *m, int col, int is_int)
{
    if (col < 0 || col >= m->cols.count)
        return BNB_ERR_ARG;
    m->col_int[col] = (char)(is_int != 0);
    return BNB_OK;
}

int bnb_set_obj_coef(bnb_model *m, int col, double c)
{
    if (col < 0 || col >= m->cols.count || !isfinite(c))
        return BNB_ERR_ARG;
    m->col_obj[col] = c;
    return BNB_OK;
}

int bnb_set_row_bounds(bnb_model *m, int row, double lo, double up)
{
    if (row < 0 || row >= m->rows.count || bad_bounds(lo, up))
        return BNB_ERR_ARG;
    m->row_lo[row] = lo;
    m->row_up[row] = up;
    return BNB_OK;
}

void bnb_set_sense(bnb_model *m, bnb_sense sense) { m->sense = sense; }
void bnb_set_obj_offset(bnb_model *m, double offset) { m->offset = offset; }

int bnb_set_obj_name(bnb_model *m, const char *name)
{
    char *copy = copy_string(name);
    if (!copy)
        return BNB_ERR_NOMEM;
    free(m->obj_name);
    m->obj_name = copy;
    return BNB_OK;
}

const char *bnb_model_name(const bnb_model *m) { return m->name; }
const char *bnb_obj_name(const bnb_model *m) { return m->obj_name; }
bnb_sense bnb_model_sense(const bnb_model *m) { return m->sense; }
double bnb_obj_offset(const bnb_model *m) { return m->offset; }
int bnb_num_cols(const bnb_model *m) { return m->cols.count; }
int bnb_num_rows(const bnb_model *m) { return m->rows.count; }
long bnb_num_nonzeros(const bnb_model *m) { return m->nonzeros; }

int bnb_num_int_cols(const bnb_model *m)
{
    int k = 0;
    for (int j = 0; j < m->cols.count; j++)
        k += m->col_int[j];
    return k;
}

const char *bnb_col_name(const bnb_model *m, int j) { return m->cols.names[j]; }
double bnb_col_lo(const bnb_model *m, int j) { return m->col_lo[j]; }
double bnb_col_up(const bnb_model *m, int j) { return m->col_up[j]; }
double bnb_col_obj(const bnb_model *m, int j) { return m->col_obj[j]; }
int bnb_col_is_int(const bnb_model *m, int j) { return m->col_int[j]; }

const char *bnb_row_name(const bnb_model *m, int i) { return m->rows.names[i]; }
double bnb_row_lo(const bnb_model *m, int i) { return m->row_lo[i]; }
double bnb_row_up(const bnb_model *m, int i) { return m->row_up[i]; }
int bnb_row_len(const bnb_model *m, int i) { return m->row[i].len; }
const int *bnb_row_cols(const bnb_model *m, int i) { return m->row[i].cols; }
const double *bnb_row_vals(const bnb_model *m, int i) { return m->row[i].vals; }

int bnb_find_col(const bnb_model *m, const char *name)
{
    return index_lookup(&m->cols, name);
}

int bnb_find_row(const bnb_model *m, const char *name)
{
    return index_lookup(&m->rows, name);
}
