/*
 * pzg_kinds.c -- the registry of generators, one per puzzle kind, in the
 * order of pz_kinds.c. Adding one: puzzles/gen/pzg_<kind>.c exporting
 * `const pzg_kind pzg_kind_<kind>` and one X(<kind>) line below.
 */
#include "pzg.h"

#include <stddef.h>
#include <strings.h>

#define PZG_KINDS(X)  \
    X(starbattle)    \
    X(thermometer)   \
    X(kakuro)        \
    X(binairo)       \
    X(circuit)       \
    X(match22)       \
    X(infinityloop)  \
    X(logicgrid)     \
    X(flowfree)      \
    X(slider)        \
    X(knight)        \
    X(v3ck)          \
    X(monodot)       \
    X(kenken)

#define PZG_DECLARE(k) extern const pzg_kind pzg_kind_##k;
PZG_KINDS(PZG_DECLARE)
#undef PZG_DECLARE

#define PZG_ENTRY(k) &pzg_kind_##k,
const pzg_kind *const pzg_table[] = {PZG_KINDS(PZG_ENTRY) NULL};
#undef PZG_ENTRY

const pzg_kind *pzg_find(const char *name)
{
    for (int i = 0; pzg_table[i]; i++)
        if (strcasecmp(pzg_table[i]->name, name) == 0)
            return pzg_table[i];
    return NULL;
}
