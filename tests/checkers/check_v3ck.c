/*
 * check_v3ck.c -- V3ck: one `i j colour` line per edge in input order, and
 * every node with a demand line has that many edges of each colour.
 */
#include "check.h"

int check_v3ck(const puzzle *p)
{
    const entry *ed = get(p, "edges"), *dm = get(p, "demands");
    int colors = geti(p, "colors", 0);
    if (!ed || !dm || colors < 1 || colors > 64)
        return bad("no usable edges/demands/colors");
    if (p->nsol != ed->count)
        return bad("%d solution lines for %d edges", p->nsol, ed->count);
    for (int d = 0; d < dm->count; d++) {
        const char *line = p->lines[dm->first + d];
        int node = atoi(line), got[64] = {0};
        for (int e = 0; e < ed->count; e++) {
            const char *in = p->lines[ed->first + e], *out = p->sol[e];
            int i = nth_int(in, 0), j = nth_int(in, 1), k = nth_int(out, 2);
            if (nth_int(out, 0) != i || nth_int(out, 1) != j || k < 1 ||
                k > colors)
                return bad("solution line %d is not `%d %d colour`", e + 1,
                           i, j);
            if (i == node || j == node)
                got[k - 1]++;
        }
        for (int k = 0; k < colors; k++)
            if (got[k] != nth_int(strchr(line, ':') + 1, k))
                return bad("node %d has %d edges of colour %d", node,
                           got[k], k + 1);
    }
    return 0;
}
