/*
 * node_basis.c -- the bases of open nodes, stored compactly. An open
 * node resumes from its parent's final basis. Nodes pushed one after the
 * other in a dive have bases that differ in a few basic variables, so a
 * node keeps only its differences from a shared full basis (a keyframe);
 * a new keyframe is taken when the differences grow past a share of
 * its size. A node then costs O(pivots since the keyframe) bytes instead
 * of O(m + n). The dual pricing weights change in every row at every
 * pivot, so a node resumes with its keyframe's weights: any positive
 * weights keep the dual simplex correct, and those of a nearby basis
 * price almost as well as exact ones, which would cost m solves to
 * recompute.
 */
#include "mip.h"

#include <stdlib.h>
#include <string.h>

struct mip_keyframe {
    int refs, m, nt;
    int *head;             /* [m] the basic variable of each row        */
    signed char *stat;     /* [nt] every variable's status              */
    double *weight;        /* [m] dual pricing weights, or NULL         */
};

static double keyframe_bytes(const mip_keyframe *k)
{
    return sizeof *k + (double)k->m * sizeof *k->head + k->nt +
           (k->weight ? (double)k->m * sizeof *k->weight : 0);
}

static void keyframe_release(mip_state *s, mip_keyframe *k)
{
    if (!k || --k->refs > 0)
        return;
    s->tree.tree_bytes -= keyframe_bytes(k);
    free(k->head);
    free(k->stat);
    free(k->weight);
    free(k);
}

static void keyframe_hold(mip_state *s, mip_keyframe **slot,
                          mip_keyframe *k)
{
    if (k)
        k->refs++;
    keyframe_release(s, *slot);
    *slot = k;
}

/* A keyframe holding the basis b; NULL when out of memory. */
static mip_keyframe *keyframe_new(mip_state *s, const spx_basis *b)
{
    mip_keyframe *k = malloc(sizeof *k);
    int *head = malloc(sizeof *head * (size_t)(b->m ? b->m : 1));
    signed char *stat = malloc((size_t)(b->nt ? b->nt : 1));
    double *weight = b->weights_valid
                         ? malloc(sizeof *weight * (size_t)(b->m ? b->m : 1))
                         : NULL;
    if (!k || !head || !stat || (b->weights_valid && !weight)) {
        free(k);
        free(head);
        free(stat);
        free(weight);
        return NULL;
    }
    memcpy(head, b->head, sizeof *head * (size_t)b->m);
    memcpy(stat, b->stat, (size_t)b->nt);
    if (weight)
        memcpy(weight, b->weight, sizeof *weight * (size_t)b->m);
    *k = (mip_keyframe){0, b->m, b->nt, head, stat, weight};
    s->tree.tree_bytes += keyframe_bytes(k);
    return k;
}

/* The scratch basis, sized for the LP as it is now. */
static spx_basis *scratch(mip_state *s)
{
    int m = spx_rows(s->lp), nt = m + s->n;
    spx_basis *b = &s->tree.basis_buf;
    if (b->head && b->m == m && b->nt == nt)
        return b;
    spx_basis_free(b);
    return spx_basis_init(b, m, nt) == 0 ? b : NULL;
}

/* Differences of b from k, at most `limit`; -1 past it. */
static int count_changes(const mip_keyframe *k, const spx_basis *b,
                         int limit)
{
    if (k->m != b->m || k->nt != b->nt)
        return -1;
    int count = 0;
    for (int i = 0; i < b->m && count <= limit; i++)
        count += k->head[i] != b->head[i];
    for (int j = 0; j < b->nt && count <= limit; j++)
        count += k->stat[j] != b->stat[j];
    return count <= limit ? count : -1;
}

static int grow_changes(mip_state *s, mip_node_basis *nb, int need)
{
    if (need <= nb->cap)
        return 1;
    int cap = nb->cap ? nb->cap : 8;
    while (cap < need)
        cap *= 2;
    mip_basis_change *c = realloc(nb->change, sizeof *c * (size_t)cap);
    if (!c)
        return 0;
    s->tree.tree_bytes += (double)(cap - nb->cap) * sizeof *c;
    nb->change = c;
    nb->cap = cap;
    return 1;
}

/* nb describes b as k plus its differences (entry < m: head, else stat). */
static int store_changes(mip_state *s, mip_node_basis *nb,
                         mip_keyframe *k, const spx_basis *b, int count)
{
    if (!grow_changes(s, nb, count))
        return 0;
    int c = 0;
    for (int i = 0; i < b->m; i++)
        if (k->head[i] != b->head[i])
            nb->change[c++] = (mip_basis_change){i, b->head[i]};
    for (int j = 0; j < b->nt; j++)
        if (k->stat[j] != b->stat[j])
            nb->change[c++] = (mip_basis_change){b->m + j, b->stat[j]};
    nb->changes = c;
    keyframe_hold(s, &nb->key, k);
    return 1;
}

int mip_node_basis_save(mip_state *s, mip_node_basis *nb)
{
    spx_basis *b = scratch(s);
    if (!b)
        return 0;
    spx_basis_save(s->lp, b);
    nb->neta = b->neta;
    nb->age = b->age;
    nb->serial = b->serial;
    mip_keyframe *k = s->tree.last_key;
    int limit = k ? (int)(MIP_KEYFRAME_SHARE * keyframe_bytes(k) /
                          sizeof(mip_basis_change))
                  : -1;
    int count = k ? count_changes(k, b, limit) : -1;
    if (count < 0) {
        if (!(k = keyframe_new(s, b)))
            return 0;
        keyframe_hold(s, &s->tree.last_key, k);
        count = 0;
    }
    return store_changes(s, nb, k, b, count);
}

/* A keyframe taken before cuts were added at tree nodes (rows are only
 * appended there): the new rows' slacks join the basis, which keeps it
 * nonsingular and dual feasible. Their pricing weights start at 1, and
 * the factors are built afresh (serial -1 matches no factor state). */
static void extend_rows(mip_state *s, spx_basis *b, int km)
{
    for (int i = km; i < b->m; i++) {
        b->head[i] = s->n + i;
        b->stat[s->n + i] = SPX_BASIC;
        b->weight[i] = 1;
    }
    b->serial = -1;
}

/* The keyframe's pricing weights for the node's basis b, each with its
 * variable: a variable basic in the keyframe takes its weight from
 * there, whatever row it holds now (a refactorization reorders the
 * rows, differently in another order of the model); one that entered
 * since starts at 1, as in a slack basis. 0 out of memory. */
static int weights_by_variable(mip_state *s, const mip_keyframe *k,
                               spx_basis *b)
{
    mip_tree_state *t = &s->tree;
    if (t->key_row_cap < k->nt) {
        int *row = realloc(t->key_row, sizeof *row * (size_t)k->nt);
        if (!row)
            return 0;
        t->key_row = row;
        t->key_row_cap = k->nt;
        for (int v = 0; v < k->nt; v++)
            row[v] = -1;
    }
    for (int i = 0; i < k->m; i++)
        t->key_row[k->head[i]] = i;
    for (int i = 0; i < k->m; i++) {
        int at = t->key_row[b->head[i]];
        b->weight[i] = at >= 0 ? k->weight[at] : 1;
    }
    for (int i = 0; i < k->m; i++)   /* all -1 again, for the next */
        t->key_row[k->head[i]] = -1;
    return 1;
}

int mip_node_basis_restore(mip_state *s, const mip_node_basis *nb)
{
    spx_basis *b = scratch(s);
    const mip_keyframe *k = nb->key;
    if (!b)
        return 0;
    if (!k || k->m > b->m)
        return 1;   /* rows dropped since: resume from the basis at hand */
    memcpy(b->head, k->head, sizeof *b->head * (size_t)k->m);
    memcpy(b->stat, k->stat, (size_t)k->nt);
    for (int c = 0; c < nb->changes; c++) {
        const mip_basis_change *d = &nb->change[c];
        if (d->at < k->m)
            b->head[d->at] = d->value;
        else
            b->stat[d->at - k->m] = (signed char)d->value;
    }
    b->weights_valid = k->weight != NULL;
    if (k->weight && !weights_by_variable(s, k, b))
        return 0;
    b->neta = nb->neta;
    b->age = nb->age;
    b->serial = nb->serial;
    if (k->m < b->m)
        extend_rows(s, b, k->m);
    spx_basis_restore(s->lp, b);
    return 1;
}

void mip_node_basis_drop(mip_state *s, mip_node_basis *nb)
{
    keyframe_hold(s, &nb->key, NULL);
    nb->changes = 0;
}

void mip_node_basis_free(mip_state *s, mip_node_basis *nb)
{
    mip_node_basis_drop(s, nb);
    s->tree.tree_bytes -= (double)nb->cap * sizeof *nb->change;
    free(nb->change);
    nb->change = NULL;
    nb->cap = 0;
}

void mip_node_basis_end(mip_state *s)
{
    keyframe_hold(s, &s->tree.last_key, NULL);
    spx_basis_free(&s->tree.basis_buf);
    free(s->tree.key_row);
    s->tree.key_row = NULL;
    s->tree.key_row_cap = 0;
}
