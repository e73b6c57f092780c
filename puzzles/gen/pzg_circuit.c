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

static void *make(const pzg_opts *o, char *err, size_t errlen)
{
    int k = pzg_or(o->size, 8), gates = 2 * k;
    if (k < 2 || k > 100000) {
        snprintf(err, errlen, "circuit: size (inputs) 2..100000");
        return NULL;
    }
    pzg_rng r;
    pzg_rng_seed(&r, o->seed);
    int m = k + gates + 1;
    int *val = calloc((size_t)m + 1, sizeof *val);
    int *op = calloc((size_t)m + 1, sizeof *op), *p = calloc((size_t)m + 1, sizeof *p);
    int *q = calloc((size_t)m + 1, sizeof *q), *order = malloc((size_t)m * sizeof *order);
    pzg_text *t = pzg_text_new();
    if (val && op && p && q && order && t) {
        for (int v = 1; v <= k; v++)
            val[v] = pzg_below(&r, 2);
        int last = k + gates;
        for (int v = k + 1; v <= last; v++) {
            op[v] = pzg_chance(&r, 15) ? 3 : pzg_below(&r, 3);
            p[v] = operand(&r, v, k);
            do
                q[v] = operand(&r, v, k);
            while (op[v] != 3 && q[v] == p[v]);
            int a = val[p[v]], b = val[q[v]];
            val[v] = op[v] == 0 ? a & b : op[v] == 1 ? a | b
                   : op[v] == 2 ? a ^ b : !a;
        }
        if (!val[last]) {
            last++;
            op[last] = 3;
            p[last] = last - 1;
        }
        fprintf(t->f, "puzzle: circuit\ninputs:");
        for (int v = 1; v <= k; v++)   /* start: each input flipped or not */
            fprintf(t->f, " %d", val[v] ^ pzg_below(&r, 2));
        fprintf(t->f, "\ngates:\n");
        int ng = last - k;
        for (int i = 0; i < ng; i++)
            order[i] = k + 1 + i;
        pzg_shuffle(&r, order, ng);
        for (int i = 0; i < ng; i++) {
            int v = order[i];
            fprintf(t->f, "%d %s %d", v, op_name[op[v]], p[v]);
            if (op[v] != 3)
                fprintf(t->f, " %d", q[v]);
            fputc('\n', t->f);
        }
        fprintf(t->f, "output: %d\n", last);
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
    .help = "size K (8): inputs, with 2K random gates",
    .make = make,
    .print = pzg_text_print,
    .free = pzg_text_free,
};
