/*
 * pz_kinds.c -- the registry: the one table of puzzle kinds. Adding a
 * kind is a new puzzles/<kind>.c exporting `const pz_kind pz_kind_<kind>`
 * (its .generator the `const pzg_kind pzg_kind_<kind>` of a new
 * puzzles/gen/pzg_<kind>.c) plus one X(<kind>) line in PZ_KINDS of
 * pz_kind.h.
 */
#include "pz_kind.h"
#include "pzg.h"

#include <strings.h>

#define PZ_DECLARE(k) extern const pz_kind pz_kind_##k;
PZ_KINDS(PZ_DECLARE)
#undef PZ_DECLARE

#define PZ_ENTRY(k) &pz_kind_##k,
const pz_kind *const pz_kind_table[] = {PZ_KINDS(PZ_ENTRY) NULL};
#undef PZ_ENTRY

const pz_kind *pz_kind_find(const char *name)
{
    for (int i = 0; pz_kind_table[i]; i++)
        if (strcasecmp(pz_kind_table[i]->name, name) == 0)
            return pz_kind_table[i];
    return NULL;
}

const pzg_kind *pzg_find(const char *name)
{
    const pz_kind *k = pz_kind_find(name);
    return k ? k->generator : NULL;
}
