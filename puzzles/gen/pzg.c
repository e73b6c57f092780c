/*
 * pzg.c -- what every generator shares: the seeded random numbers and
 * the orthogonal steps.
 */
#include "pzg.h"

const int pzg_dr[4] = {-1, 0, 1, 0};
const int pzg_dc[4] = {0, -1, 0, 1};

void pzg_rng_seed(pzg_rng *r, uint64_t seed)
{
    r->s = seed;
}

uint64_t pzg_rand(pzg_rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

int pzg_below(pzg_rng *r, int n)
{
    return n <= 1 ? 0 : (int)(pzg_rand(r) % (uint64_t)n);
}

int pzg_chance(pzg_rng *r, int percent)
{
    return pzg_below(r, 100) < percent;
}

void pzg_shuffle(pzg_rng *r, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = pzg_below(r, i + 1), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

int pzg_or(int opt, int def)
{
    return opt ? opt : def;
}

int pzg_numbers(const char *text, int *out, int max)
{
    int k = 0;
    while (*text && k < max) {
        if (*text < '0' || *text > '9') {
            text++;
            continue;
        }
        int v = 0;
        for (; *text >= '0' && *text <= '9'; text++)
            v = v < 100000000 ? 10 * v + (*text - '0') : v;
        out[k++] = v;
    }
    return k;
}

#include <stdlib.h>

pzg_text *pzg_text_new(void)
{
    pzg_text *t = calloc(1, sizeof *t);
    if (t && !(t->f = open_memstream(&t->buf, &t->len))) {
        free(t);
        return NULL;
    }
    return t;
}

void *pzg_text_done(pzg_text *t)
{
    if (!t)
        return NULL;
    int bad = ferror(t->f);
    if (fclose(t->f) != 0 || bad) {
        free(t->buf);
        free(t);
        return NULL;
    }
    t->f = NULL;
    return t;
}

void pzg_text_print(const void *t, FILE *out)
{
    const pzg_text *x = t;
    fwrite(x->buf, 1, x->len, out);
}

void pzg_text_free(void *t)
{
    pzg_text *x = t;
    if (!x)
        return;
    if (x->f)
        fclose(x->f);
    free(x->buf);
    free(x);
}

int pzg_grow(pzg_rng *r, int rows, int cols, int *label)
{
    int n = rows * cols, top = 0;
    /* each cell enters the frontier at most once per labelled neighbour */
    int *front = malloc((size_t)(5 * n + 1) * sizeof *front);
    if (!front)
        return -1;
    for (int c = 0; c < n; c++)
        if (label[c] < 0)
            for (int d = 0; d < 4; d++) {
                int rr = c / cols + pzg_dr[d], cc = c % cols + pzg_dc[d];
                if (rr >= 0 && rr < rows && cc >= 0 && cc < cols &&
                    label[rr * cols + cc] >= 0) {
                    front[top++] = c;
                    break;
                }
            }
    while (top > 0) {
        int k = pzg_below(r, top), c = front[k], nb[4], m = 0;
        front[k] = front[--top];
        if (label[c] >= 0)
            continue;
        for (int d = 0; d < 4; d++) {
            int rr = c / cols + pzg_dr[d], cc = c % cols + pzg_dc[d];
            if (rr < 0 || rr >= rows || cc < 0 || cc >= cols)
                continue;
            int o = rr * cols + cc;
            if (label[o] >= 0)
                nb[m++] = label[o];
            else
                front[top++] = o;
        }
        label[c] = nb[pzg_below(r, m)];
    }
    free(front);
    return 0;
}

void pzg_print_labels(FILE *out, int rows, int cols, const int *label,
                      int k)
{
    static const char sym[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                              "abcdefghijklmnopqrstuvwxyz0123456789";
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            int l = label[r * cols + c];
            if (k <= 62)
                fputc(sym[l], out);
            else
                fprintf(out, "%sL%d", c ? " " : "", l + 1);
        }
        fputc('\n', out);
    }
}
