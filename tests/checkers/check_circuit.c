/*
 * check_circuit.c -- Circuit Scramble: the final inputs must make the
 * output TRUE, `switched` must count the changed inputs, and with up to 20
 * inputs every input vector is tried to confirm that no fewer switches
 * would do.
 */
#include "check.h"

#define CC_MAXN 65536   /* node numbers the checker can hold */

static char cc_op[CC_MAXN + 1];    /* 'i' input, 'a' 'o' 'x' 'n' gates */
static int cc_p[CC_MAXN + 1], cc_q[CC_MAXN + 1];

/* The value of node v for inputs in[] (memo: -1 unknown). */
static int cc_eval(int v, const int *in, int *memo)
{
    if (cc_op[v] == 'i')
        return in[v];
    if (memo[v] >= 0)
        return memo[v];
    int a = cc_eval(cc_p[v], in, memo);
    int b = cc_op[v] == 'n' ? 0 : cc_eval(cc_q[v], in, memo);
    memo[v] = cc_op[v] == 'a' ? a && b : cc_op[v] == 'o' ? a || b
            : cc_op[v] == 'x' ? a != b : !a;
    return memo[v];
}

static int cc_lights(const int *in, int out)
{
    static int memo[CC_MAXN + 1];
    for (int v = 0; v <= CC_MAXN; v++)
        memo[v] = -1;
    return cc_eval(out, in, memo);
}

/* Reads "key: v v v" of the solution block into vals; the count. */
static int cc_sol_line(const puzzle *p, const char *key, int *vals, int max)
{
    size_t n = strlen(key);
    for (int i = 0; i < p->nsol; i++)
        if (strncmp(p->sol[i], key, n) == 0) {
            int k = 0;
            for (int v = nth_int(p->sol[i] + n, 0); k < max && v >= 0;
                 v = nth_int(p->sol[i] + n, ++k))
                vals[k] = v;
            return k;
        }
    return -1;
}

static int cc_read(const puzzle *p, int *init, int *k, int *out)
{
    const entry *in = get(p, "inputs"), *g = get(p, "gates");
    if (!in || !g)
        return bad("no inputs: or gates:");
    memset(cc_op, 0, sizeof cc_op);
    for (*k = 0; *k < CC_MAXN && nth_int(in->value, *k) >= 0; ++*k) {
        init[*k + 1] = nth_int(in->value, *k);
        cc_op[*k + 1] = 'i';
    }
    for (int l = 0; l < g->count; l++) {
        int v, a, b = 0;
        char op[16];
        if (sscanf(p->lines[g->first + l], "%d %15s %d %d", &v, op, &a, &b)
                < 3 || v < 1 || v > CC_MAXN)
            return bad("bad gate line %d", l + 1);
        cc_op[v] = op[0], cc_p[v] = a, cc_q[v] = b;
    }
    *out = geti(p, "output", 0);
    return 0;
}

int check_circuit(const puzzle *p)
{
    static int init[CC_MAXN + 1], fin[CC_MAXN + 1], try[CC_MAXN + 1];
    int k = 0, out = 0, sw = 0;
    if (cc_read(p, init, &k, &out))
        return 1;
    if (cc_sol_line(p, "inputs:", fin + 1, CC_MAXN) != k ||
        cc_sol_line(p, "switched:", &sw, 1) != 1)
        return bad("solution needs 'inputs:' with %d states and "
                   "'switched:'", k);
    int changed = 0;
    for (int i = 1; i <= k; i++)
        changed += fin[i] != init[i];
    if (changed != sw)
        return bad("switched: %d, but %d inputs changed", sw, changed);
    if (!cc_lights(fin, out))
        return bad("the output node %d is FALSE", out);
    for (long mask = 0; k <= 20 && mask < 1L << k; mask++) {
        int d = 0;
        for (int i = 1; i <= k; i++)
            d += (try[i] = (int)(mask >> (i - 1) & 1)) != init[i];
        if (d < sw && cc_lights(try, out))
            return bad("switching %d inputs suffices, not %d", d, sw);
    }
    return 0;
}
