/*
 * pz_kind.h -- what one puzzle kind provides: a descriptor of callbacks
 * (parse, build, decode, check, render) and its instance generator
 * (puzzles/gen/pzg_<name>.c) that puzzles/<kind>.c exports as
 * `const pz_kind pz_kind_<name>` and pz_kinds.c lists in its one table.
 */
#ifndef PZ_KIND_H
#define PZ_KIND_H

#include <stddef.h>
#include <stdio.h>

#include "bnb.h"
#include "pz_build.h"
#include "pz_json.h"
#include "pz_reader.h"

struct pzg_kind;           /* puzzles/gen/pzg.h */

typedef struct pz_variant {
    const char *name;      /* for --variant                              */
    const char *help;      /* one line for --help                        */
} pz_variant;

typedef struct pz_kind {
    const char *name;      /* as written in `puzzle: NAME`, lower case    */
    const char *source;    /* the paper, e.g. "Hartmann 2019, sec. 2"    */
    const char *help;      /* rules and keys, lines of at most 70 chars  */
    const pz_variant *variants; /* {NULL}-terminated, [0] the default;
                                   NULL: the kind has none               */
    const pz_key *keys;    /* {NULL}-terminated, "puzzle" implied        */
    /* Reads the entries of f (pz_file_parse already ran with keys) into
     * the kind's own struct. NULL on bad input (after pz_error). */
    void *(*parse)(pz_file *f);
    /* Builds the formulation of variant (an index into variants, 0 if
     * none) through b; may store column indices in pz for decode.
     * Returns b->status. */
    int (*build)(void *pz, int variant, pz_build *b);
    /* The kind's solution from the column values x (one malloc'd block,
     * freed with free()); NULL if out of memory. */
    void *(*decode)(const void *pz, const double *x);
    /* The puzzle's own rules on sol, never the model's rows: 0, or -1
     * with a message in err naming the broken rule and cell. */
    int (*check)(const void *pz, const void *sol, char *err,
                 size_t errlen);
    /* The solution block of FORMATS.md section 3. */
    void (*render)(const void *pz, const void *sol, FILE *out);
    /* "10x10, 2 stars" for the header line (after "kind, "). */
    void (*describe)(const void *pz, char *buf, size_t len);
    /* The puzzle as the viewer draws it (docs/FORMATS.md, the puzzle's
     * picture): the kind's geometry and the column of each cell, arc
     * or choice, as members of one JSON object. Called after build. */
    void (*picture)(const void *pz, pz_json *j);
    /* The region (cage, thermometer) of each cell, [rows*cols] ids or
     * -1, for outlines on a text grid; NULL: the kind has none. */
    const int *(*regions)(const void *pz, int *rows, int *cols);
    void (*free)(void *pz);
    /* The instance generator of the kind (bnb --generate). */
    const struct pzg_kind *generator;
} pz_kind;

/* The kinds, in the order --help lists them: the one list that the
 * registry (pz_kinds.c), the generators (--generate --list) and the
 * tests' rules checker (tests/checkers, one check_<kind>.c each) are
 * made from. */
#define PZ_KINDS(X)  \
    X(starbattle)   \
    X(thermometer)  \
    X(kakuro)       \
    X(binairo)      \
    X(circuit)      \
    X(match22)      \
    X(infinityloop) \
    X(logicgrid)    \
    X(flowfree)     \
    X(slider)       \
    X(knight)       \
    X(v3ck)         \
    X(monodot)      \
    X(kenken)

/* Each kind's generator, pzg_kind_<name> of puzzles/gen/pzg_<name>.c. */
#define PZ_GENERATOR_DECLARE(k) extern const struct pzg_kind pzg_kind_##k;
PZ_KINDS(PZ_GENERATOR_DECLARE)
#undef PZ_GENERATOR_DECLARE

/* The registry (pz_kinds.c): NULL-terminated. */
extern const pz_kind *const pz_kind_table[];
/* The kind named name (case-insensitive), or NULL. */
const pz_kind *pz_kind_find(const char *name);

#endif
