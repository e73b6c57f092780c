/*
 * pzg_circuit.c -- Circuit Scramble: size inputs, twice as many random
 * gates over earlier nodes (operands drawn mostly from recent nodes, so
 * the circuit is deep rather than wide), a planted input vector, and a
 * final `not` when the last gate is FALSE under it, so the planted
 * inputs switch the output on. The gates are listed in random order.
 */
#include "pzg.h"

#include <stdlib.h>

static const char *const op_name[] = {"and", "or", "xor", "not"};

static int operand(pzg_rng *r, int v, int k)
{
    int window = v - 1 < 2 * k ? v - 1 : 2 * k;
    return v - 1 - pzg_below(r, window);
}

/* Random gates k+1..k+gates over earlier nodes, evaluated under the
 * planted inputs val[1..k], plus a `not` when the last is FALSE.
 * Returns the output node. */
static int plant(pzg_rng *r, int k, int gates, int *val, int *op, int *p,
                 int *q)
{
    int last = k + gates;
    for (int v = 1; v <= k; v++)
        val[v] = pzg_below(r, 2);
    for (int v = k + 1; v <= last; v++) {
        op[v] = pzg_chance(r, 15) ? 3 : pzg_below(r, 3);
        p[v] = operand(r, v, k);
        do
            q[v] = operand(r, v, k);
        while (op[v] != 3 && q[v] == p[v]);
        int a = val[p[v]], b = val[q[v]];
        val[v] = op[v] == 0 ? a & b : op[v] == 1 ? a | b
               : op[v] == 2 ? a ^ b : !a;
    }
    if (!val[last]) {
        op[++last] = 3;
        p[last] = last - 1;
    }
    return last;
}

/* The file: inputs each flipped or not from the planted ones, the gates
 * in random order (order[] has room for them). */
static void write_file(FILE *out, pzg_rng *r, int k, int last, const int *val,
                  const int *op, const int *p, const int *q, int *order)
{
    fprintf(out, "puzzle: circuit\ninputs:");
    for (int v = 1; v <= k; v++)
        fprintf(out, " %d", val[v] ^ pzg_below(r, 2));
    fprintf(out, "\ngates:\n");
    int ng = last - k;
    for (int i = 0; i < ng; i++)
        order[i] = k + 1 + i;
    pzg_shuffle(r, order, ng);
    for (int i = 0; i < ng; i++) {
        int v = order[i];
        fprintf(out, "%d %s %d", v, op_name[op[v]], p[v]);
        if (op[v] != 3)
            fprintf(out, " %d", q[v]);
        fputc('\n', out);
    }
    fprintf(out, "output: %d\n", last);
}

static void *make(const pzg_opts *o, char *err, size_t errlen)
{
    int k = pzg_or(o->size, 8), gates = 2 * k;
    if (k < 2 || k > 100000) {
        snprintf(err, errlen, "circuit: size (inputs) 2..100000");
        return NULL;
    }
    pzg_rng r;
    pzg_rng_seed(&r, o->seed);
    size_t m = (size_t)(k + gates + 2);
    int *val = calloc(m, sizeof *val), *op = calloc(m, sizeof *op);
    int *p = calloc(m, sizeof *p), *q = calloc(m, sizeof *q);
    int *order = malloc(m * sizeof *order);
    pzg_text *t = pzg_text_new();
    if (val && op && p && q && order && t) {
        int last = plant(&r, k, gates, val, op, p, q);
        write_file(t->f, &r, k, last, val, op, p, q, order);
    }
    free(val);
    free(op);
    free(p);
    free(q);
    free(order);
    return pzg_text_done(t);
}

const pzg_kind pzg_kind_circuit = {
    .name = "circuit",
    .help = "size: inputs (8), with 2 random gates per input",
    .make = make,
    .print = pzg_text_print,
    .free = pzg_text_free,
};
