/*
 * sort.c -- a stable sort for the search's choices: equal keys keep the
 * order in which they were made. qsort leaves their order to the C
 * library (glibc's merge sort keeps it, musl's smoothsort, which the
 * static and the browser builds use, does not), and the cuts chosen from
 * a sorted list, and so the whole search, would follow it.
 */
#include "mip.h"

#include <stdlib.h>
#include <string.h>

typedef int (*sort_cmp)(const void *, const void *);

/* Merge sort of a[0..n) through buf (room for n elements): of two equal
 * elements the left half's goes first. */
static void merge_sort(char *a, size_t n, size_t size, sort_cmp cmp, char *buf)
{
    if (n < 2)
        return;
    size_t half = n / 2;
    merge_sort(a, half, size, cmp, buf);
    merge_sort(a + half * size, n - half, size, cmp, buf);
    char *l = a, *l_end = a + half * size, *r = l_end, *r_end = a + n * size;
    char *out = buf;
    while (l < l_end && r < r_end) {
        char **from = cmp(r, l) < 0 ? &r : &l;
        memcpy(out, *from, size);
        out += size;
        *from += size;
    }
    memcpy(out, l, (size_t)(l_end - l));
    out += l_end - l;
    memcpy(out, r, (size_t)(r_end - r));
    memcpy(a, buf, n * size);
}

static void swap_bytes(char *x, char *y, size_t size)
{
    for (size_t k = 0; k < size; k++) {
        char t = x[k];
        x[k] = y[k];
        y[k] = t;
    }
}

/* Without memory for the merge: insertion by exchanges, in place, as
 * stable and slower. */
static void insertion_sort(char *a, size_t n, size_t size, sort_cmp cmp)
{
    for (size_t i = 1; i < n; i++)
        for (size_t j = i;
             j > 0 && cmp(a + (j - 1) * size, a + j * size) > 0; j--)
            swap_bytes(a + (j - 1) * size, a + j * size, size);
}

void mip_sort(void *base, size_t n, size_t size, sort_cmp cmp)
{
    if (n < 2)
        return;
    char *buf = malloc(n * size);
    if (buf)
        merge_sort(base, n, size, cmp, buf);
    else
        insertion_sort(base, n, size, cmp);
    free(buf);
}
