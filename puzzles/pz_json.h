/*
 * pz_json.h -- the members of one JSON object, written in turn: what a
 * kind's picture callback uses to tell the viewer its geometry (the
 * grid, regions, sums, ...) and the column of each cell. Strings are
 * escaped so that the object may stand inside an HTML <script> block.
 */
#ifndef PZ_JSON_H
#define PZ_JSON_H

#include <stdio.h>

typedef struct pz_json {
    FILE *out;
    int members;           /* written so far: the next one needs a comma */
} pz_json;

void pz_json_int(pz_json *j, const char *key, long v);
void pz_json_str(pz_json *j, const char *key, const char *s);
/* Arrays of n values (n may be 0). */
void pz_json_ints(pz_json *j, const char *key, const int *v, int n);
void pz_json_bytes(pz_json *j, const char *key, const unsigned char *v,
                   int n);
void pz_json_strs(pz_json *j, const char *key, char *const *s, int n);
/* v[k * stride + offset] for k < n: one field of an array of records. */
void pz_json_field(pz_json *j, const char *key, const int *v, int n,
                   int stride, int offset);

#endif
