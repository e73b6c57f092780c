/*
 * circuit.c -- Circuit Scramble (Hartmann 2019, sec. 6): switch the fewest
 * inputs so that a circuit of AND/OR/XOR/NOT gates outputs TRUE; objective
 * (22), gate rows (23)-(26), output (27) over binaries x[i] per node.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "pz_kind.h"

enum { CI_NONE, CI_INPUT, CI_AND, CI_OR, CI_XOR, CI_NOT };

static const char *const op_name[] = {"", "input", "and", "or", "xor",
                                      "not"};

/* Where a gate is written, for messages about it. */
typedef struct ci_where {
    int no, col;           /* the gate's node number                     */
    int pcol, qcol;        /* its operands                               */
} ci_where;

typedef struct circuit {
    int k;                 /* inputs are nodes 1..k                      */
    int n;                 /* the largest node number                    */
    int cap;               /* node numbers 1..cap: k + the gate lines    */
    int ngates;
    int out;               /* the output node                            */
    unsigned char *init;   /* [k+1] initial states, init[1..k]           */
    unsigned char *op;     /* [n+1] CI_* of each node                    */
    int *p, *q;            /* [n+1] operands (q unused for NOT)          */
    ci_where *at;          /* [n+1]                                      */
    int *order;            /* [ngates] gates, operands before users      */
    int *x;                /* [n+1] column of x[i]                       */
} circuit;

static const pz_key keys[] = {
    {"inputs", PZ_KEY_REQUIRED},
    {"gates", PZ_KEY_SECTION | PZ_KEY_REQUIRED},
    {"output", PZ_KEY_REQUIRED},
    {NULL, 0},
};

static const pz_variant variants[] = {
    {"fixed", "(25) and the erratum row (25e) x_i <= 2 - x_p - x_q"},
    {"paper", "(25) as printed: 1 xor 1 = 1 passes, the rules check not"},
    {NULL, NULL},
};

static void ci_free(void *pz)
{
    circuit *c = pz;
    free(c->init);
    free(c->op);
    free(c->p);
    free(c->q);
    free(c->at);
    free(c->order);
    free(c->x);
    free(c);
}

/* Arrays for node numbers 1..k + the number of gate lines: the inputs
 * and one node per gate, so memory is linear in the file. */
static int ci_alloc(pz_file *f, circuit *c)
{
    size_t n = (size_t)c->cap + 1;
    c->op = calloc(n, 1);
    c->p = calloc(n, sizeof *c->p);
    c->q = calloc(n, sizeof *c->q);
    c->at = calloc(n, sizeof *c->at);
    c->order = calloc(n, sizeof *c->order);
    c->x = calloc(n, sizeof *c->x);
    if (!c->op || !c->p || !c->q || !c->at || !c->order || !c->x)
        return pz_error(f, 1, 0, "out of memory");
    return 0;
}

static int read_inputs(pz_file *f, circuit *c)
{
    const pz_entry *e = pz_get(f, "inputs");
    pz_tok *t;
    int n = pz_tokens_all(f, e->no, e->value_col, e->value, &t), rc = 0;
    if (n == 0)
        rc = pz_error(f, e->no, e->value_col, "inputs: expected the "
                      "initial states (0 or 1) of the inputs");
    c->k = c->n = n;
    if (n > 0) {
        c->cap = n + pz_get(f, "gates")->nlines;
        c->init = calloc((size_t)n + 1, 1);
        rc = !c->init ? pz_error(f, 1, 0, "out of memory") : ci_alloc(f, c);
    }
    for (int i = 0; rc == 0 && i < n; i++) {
        int v;
        rc = pz_tok_int(f, &t[i], 0, 1, "input state", &v);
        c->init[i + 1] = (unsigned char)v;
        c->op[i + 1] = CI_INPUT;
    }
    free(t);
    return n < 0 ? -1 : rc;
}

static int find_op(pz_file *f, const pz_tok *t)
{
    for (int op = CI_AND; op <= CI_NOT; op++)
        if (pz_tok_is(t, op_name[op]))
            return op;
    return pz_error(f, t->no, t->col, "unknown gate '%.*s' (expected and, "
                    "or, xor or not)", t->len > 20 ? 20 : t->len, t->s);
}

/* One line `node op p [q]`. */
static int read_gate(pz_file *f, circuit *c, const pz_line *ln)
{
    pz_tok t[5];
    int cnt = pz_tokens(f, ln->no, ln->col, ln->text, t, 5), node, op;
    if (cnt < 0)
        return -1;
    if (cnt < 3)
        return pz_error(f, ln->no, ln->col, "expected 'node op operand "
                        "[operand]', e.g. '7 and 1 2'");
    if (pz_tok_int(f, &t[0], 1, c->cap, "gate node (inputs and gates "
                   "are numbered from 1, one number per line)", &node) < 0 ||
        (op = find_op(f, &t[1])) < 0)
        return -1;
    if (node <= c->k)
        return pz_error(f, t[0].no, t[0].col, "gate %d: node %d is an "
                        "input (gates are numbered from %d)", node, node,
                        c->k + 1);
    if (c->op[node] != CI_NONE)
        return pz_error(f, t[0].no, t[0].col, "gate %d is defined twice "
                        "(first on line %d)", node, c->at[node].no);
    int want = op == CI_NOT ? 3 : 4;
    if (cnt != want)
        return pz_error(f, ln->no, cnt > want ? t[want].col : t[0].col,
                        "gate %d: '%s' takes %d operand%s, got %d", node,
                        op_name[op], want - 2, want == 3 ? "" : "s", cnt - 2);
    if (pz_tok_int(f, &t[2], 1, INT_MAX, "operand", &c->p[node]) < 0 ||
        (op != CI_NOT &&
         pz_tok_int(f, &t[3], 1, INT_MAX, "operand", &c->q[node]) < 0))
        return -1;
    c->op[node] = (unsigned char)op;
    c->at[node] = (ci_where){t[0].no, t[0].col, t[2].col,
                             op == CI_NOT ? 0 : t[3].col};
    c->ngates++;
    if (node > c->n)
        c->n = node;
    return 0;
}

/* Every operand must be an input or a gate. */
static int check_operands(pz_file *f, const circuit *c)
{
    for (int i = c->k + 1; i <= c->n; i++) {
        if (c->op[i] == CI_NONE)
            continue;
        int nops = c->op[i] == CI_NOT ? 1 : 2;
        for (int o = 0; o < nops; o++) {
            int v = o ? c->q[i] : c->p[i];
            if (v > c->n || c->op[v] == CI_NONE)
                return pz_error(f, c->at[i].no,
                                o ? c->at[i].qcol : c->at[i].pcol,
                                "gate %d: operand %d is neither an input "
                                "nor a gate (dangling)", i, v);
        }
    }
    return 0;
}

static int is_pending_gate(const circuit *c, const unsigned char *done,
                           int v)
{
    return c->op[v] > CI_INPUT && !done[v];
}

/* A gate left over by the topological sort has an operand left over too,
 * so walking operands from it must revisit a gate: that gate is on a
 * cycle. Reports it with the cycle. */
static int report_cycle(pz_file *f, const circuit *c,
                        const unsigned char *done, int start)
{
    int *seen = calloc((size_t)c->n + 1, sizeof *seen);
    if (!seen)
        return pz_error(f, 1, 0, "out of memory");
    int v = start;
    while (!seen[v]) {
        seen[v] = 1;
        v = is_pending_gate(c, done, c->p[v]) ? c->p[v] : c->q[v];
    }
    char path[200];
    int used = snprintf(path, sizeof path, "%d", v);
    for (int u = is_pending_gate(c, done, c->p[v]) ? c->p[v] : c->q[v];
         used < (int)sizeof path - 1;
         u = is_pending_gate(c, done, c->p[u]) ? c->p[u] : c->q[u]) {
        used += snprintf(path + used, sizeof path - (size_t)used,
                         " <- %d", u);
        if (u == v)
            break;
    }
    free(seen);
    return pz_error(f, c->at[v].no, c->at[v].col, "gate %d is on a cycle "
                    "(%s): a circuit must not feed back into itself", v,
                    path);
}

/* The gates that use each node, as lists first[v] .. first[v+1]-1 of
 * use (a gate twice when both operands are v). */
static int users(const circuit *c, int **first, int **use)
{
    *first = calloc((size_t)c->n + 2, sizeof **first);
    *use = malloc(2 * ((size_t)c->ngates + 1) * sizeof **use);
    if (!*first || !*use)
        return -1;
    for (int i = c->k + 1; i <= c->n; i++)
        for (int o = 0; c->op[i] > CI_INPUT && o < 2 - (c->op[i] == CI_NOT);
             o++)
            (*first)[(o ? c->q[i] : c->p[i]) + 1]++;
    for (int v = 0; v <= c->n; v++)
        (*first)[v + 1] += (*first)[v];
    int *fill = calloc((size_t)c->n + 1, sizeof *fill);
    if (!fill)
        return -1;
    for (int i = c->k + 1; i <= c->n; i++)
        for (int o = 0; c->op[i] > CI_INPUT && o < 2 - (c->op[i] == CI_NOT);
             o++) {
            int v = o ? c->q[i] : c->p[i];
            (*use)[(*first)[v] + fill[v]++] = i;
        }
    free(fill);
    return 0;
}

/* Orders the gates so that every operand comes first (Kahn's algorithm:
 * a gate is placed once its last pending operand is, linear in the
 * gates); reports a cycle if some gate can never be placed. */
static int sort_gates(pz_file *f, circuit *c)
{
    unsigned char *done = calloc((size_t)c->n + 1, 1);
    int *wait = calloc((size_t)c->n + 1, sizeof *wait);
    int *first = NULL, *use = NULL;
    int ok = done && wait && users(c, &first, &use) == 0, placed = 0;
    for (int i = c->k + 1; ok && i <= c->n; i++)
        if (c->op[i] > CI_INPUT) {
            wait[i] = (c->op[c->p[i]] > CI_INPUT) +
                      (c->op[i] != CI_NOT && c->op[c->q[i]] > CI_INPUT);
            if (wait[i] == 0)
                c->order[placed++] = i;
        }
    for (int h = 0; ok && h < placed; h++) {
        int v = c->order[h];
        done[v] = 1;
        for (int u = first[v]; u < first[v + 1]; u++)
            if (--wait[use[u]] == 0)
                c->order[placed++] = use[u];
    }
    int rc = ok ? 0 : pz_error(f, 1, 0, "out of memory");
    for (int i = c->k + 1; rc == 0 && i <= c->n; i++)
        if (c->op[i] != CI_NONE && !done[i])
            rc = report_cycle(f, c, done, i);
    free(done);
    free(wait);
    free(first);
    free(use);
    return rc;
}

static int read_gates(pz_file *f, circuit *c)
{
    const pz_entry *e = pz_get(f, "gates");
    for (int i = 0; i < e->nlines; i++)
        if (read_gate(f, c, &e->lines[i]) < 0)
            return -1;
    return check_operands(f, c) < 0 ? -1 : sort_gates(f, c);
}

static int read_output(pz_file *f, circuit *c)
{
    const pz_entry *e = pz_get(f, "output");
    if (pz_key_int(f, "output", 1, INT_MAX, 0, &c->out) < 0)
        return -1;
    if (c->out > c->n || c->op[c->out] == CI_NONE)
        return pz_error(f, e->no, e->value_col, "output %d is neither an "
                        "input nor a gate", c->out);
    return 0;
}

static void *ci_parse(pz_file *f)
{
    circuit *c = calloc(1, sizeof *c);
    if (!c) {
        pz_error(f, 1, 0, "out of memory");
        return NULL;
    }
    if (read_inputs(f, c) < 0 ||
        read_gates(f, c) < 0 || read_output(f, c) < 0) {
        ci_free(c);
        return NULL;
    }
    return c;
}

/* lo <= a*x_i + bp*x_p + bq*x_q <= up, named (eq)family[i]. */
static void gate_row(pz_build *b, const circuit *c, int i, double a,
                     double bp, double bq, double lo, double up,
                     const char *eq, const char *family)
{
    pz_term(b, c->x[i], a);
    pz_term(b, c->x[c->p[i]], bp);
    if (bq != 0)
        pz_term(b, c->x[c->q[i]], bq);
    pz_row(b, lo, up, "(%s)%s[%d]", eq, family, i);
}

/*
 * (23) AND: x_i <= x_p, x_i <= x_q, x_i >= x_p + x_q - 1
 * (24) OR:  x_i >= x_p, x_i >= x_q, x_i <= x_p + x_q
 * (25) XOR: x_i <= x_p + x_q, x_i >= x_p - x_q, x_i >= x_q - x_p, and
 *      (fixed variant, FORMATS.md Errata) x_i <= 2 - x_p - x_q
 * (26) NOT: x_i = 1 - x_p
 * (With p == q the coefficients add up, which still states the gate.)
 */
static void gate_rows(pz_build *b, const circuit *c, int i, int fixed)
{
    double inf = BNB_INF;
    switch (c->op[i]) {
    case CI_AND:
        gate_row(b, c, i, 1, -1, 0, -inf, 0, "23", "and_p");
        gate_row(b, c, i, 1, 0, -1, -inf, 0, "23", "and_q");
        gate_row(b, c, i, 1, -1, -1, -1, inf, "23", "and_pq");
        break;
    case CI_OR:
        gate_row(b, c, i, 1, -1, 0, 0, inf, "24", "or_p");
        gate_row(b, c, i, 1, 0, -1, 0, inf, "24", "or_q");
        gate_row(b, c, i, 1, -1, -1, -inf, 0, "24", "or_pq");
        break;
    case CI_XOR:
        gate_row(b, c, i, 1, -1, -1, -inf, 0, "25", "xor_pq");
        gate_row(b, c, i, 1, -1, 1, 0, inf, "25", "xor_p");
        gate_row(b, c, i, 1, 1, -1, 0, inf, "25", "xor_q");
        if (fixed)
            gate_row(b, c, i, 1, 1, 1, -inf, 2, "25e", "xor_both");
        break;
    case CI_NOT:
        gate_row(b, c, i, 1, 1, 0, 1, 1, "26", "not");
        break;
    }
}

/* (22) min sum_{i in I1} (1 - x_i) + sum_{i in I0} x_i; (27) x_out = 1. */
static int ci_build(void *pz, int variant, pz_build *b)
{
    circuit *c = pz;
    int ones = 0;
    for (int i = 1; i <= c->n; i++)
        if (c->op[i] != CI_NONE)
            c->x[i] = pz_bin(b, "x[%d]", i);
    for (int i = 1; b->status == BNB_OK && i <= c->k; i++) {
        bnb_set_obj_coef(b->m, c->x[i], c->init[i] ? -1 : 1);
        ones += c->init[i];
    }
    bnb_set_obj_offset(b->m, ones);
    bnb_set_obj_name(b->m, "(22)switched");
    for (int g = 0; g < c->ngates; g++)
        gate_rows(b, c, c->order[g], variant == 0);
    pz_term(b, c->x[c->out], 1);
    pz_row(b, 1, 1, "(27)output[%d]", c->out);
    return b->status;
}

/* The solution is the final state of the inputs: sol[1..k]. */
static void *ci_decode(const void *pz, const double *x)
{
    const circuit *c = pz;
    unsigned char *in = calloc((size_t)c->k + 1, 1);
    for (int i = 1; in && i <= c->k; i++)
        in[i] = (unsigned char)pz_x01(x, c->x[i]);
    return in;
}

/* Simulates the circuit on the final inputs, gates in operand order. */
static int ci_simulate(const circuit *c, const unsigned char *in,
                       unsigned char *val)
{
    memcpy(val, in, (size_t)c->k + 1);
    for (int g = 0; g < c->ngates; g++) {
        int i = c->order[g], a = val[c->p[i]], b = val[c->q[i]];
        val[i] = (unsigned char)(c->op[i] == CI_AND   ? a && b
                                 : c->op[i] == CI_OR  ? a || b
                                 : c->op[i] == CI_XOR ? a != b
                                                      : !a);
    }
    return val[c->out];
}

/* The rule: the output node is TRUE when the circuit is run. */
static int ci_check(const void *pz, const void *sol, char *err,
                    size_t errlen)
{
    const circuit *c = pz;
    unsigned char *val = calloc((size_t)c->n + 1, 1);
    if (!val) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int on = ci_simulate(c, sol, val);
    free(val);
    if (!on) {
        snprintf(err, errlen, "with these inputs the output node %d is "
                 "FALSE when the gates are evaluated", c->out);
        return -1;
    }
    return 0;
}

static void ci_render(const void *pz, const void *sol, FILE *out)
{
    const circuit *c = pz;
    const unsigned char *in = sol;
    int switched = 0;
    fputs("inputs:", out);
    for (int i = 1; i <= c->k; i++) {
        fprintf(out, " %d", in[i]);
        switched += in[i] != c->init[i];
    }
    fprintf(out, "\nswitched: %d\n", switched);
}

static void ci_describe(const void *pz, char *buf, size_t len)
{
    const circuit *c = pz;
    snprintf(buf, len, "%d input%s, %d gate%s, output %d", c->k,
             c->k == 1 ? "" : "s", c->ngates, c->ngates == 1 ? "" : "s",
             c->out);
}

/* The nodes 1..n: what each is ("in", "and", ...; "" for a number not
 * used), its operands, the inputs' first states and each node's column
 * x[i] (-1 none); index 0 is unused. */
static void ci_picture(const void *pz, pz_json *j)
{
    static const char *const op_name[] = {"", "in", "and", "or", "xor",
                                          "not"};
    const circuit *c = pz;
    int n = c->n + 1;
    char **op = malloc((size_t)n * sizeof *op);
    int *col = malloc((size_t)n * sizeof *col);
    int *init = calloc((size_t)n, sizeof *init);
    int ok = op && col && init;
    for (int i = 0; ok && i < n; i++) {
        op[i] = (char *)op_name[c->op[i]];
        col[i] = i > 0 && c->op[i] != CI_NONE ? c->x[i] : -1;
        init[i] = i >= 1 && i <= c->k ? c->init[i] : 0;
    }
    pz_json_int(j, "output", c->out);
    pz_json_strs(j, "op", op, ok ? n : 0);
    pz_json_ints(j, "p", c->p, ok ? n : 0);
    pz_json_ints(j, "q", c->q, ok ? n : 0);
    pz_json_ints(j, "init", init, ok ? n : 0);
    pz_json_ints(j, "x", col, ok ? n : 0);
    free(op);
    free(col);
    free(init);
}

const pz_kind pz_kind_circuit = {
    .name = "circuit",
    .source = "Hartmann 2019, sec. 6",
    .help = "Switch the fewest inputs so that the output node is TRUE.\n"
            "Keys: inputs: the initial 0/1 states of nodes 1..k; gates:\n"
            "lines 'node op p [q]' with op and/or/xor (two operands) or\n"
            "not (one), gate nodes > k, in any order, no cycles; output:\n"
            "the output node. Rows (22) objective, (23) and, (24) or,\n"
            "(25) xor, (25e) the xor erratum row, (26) not, (27) output.",
    .variants = variants,
    .keys = keys,
    .parse = ci_parse,
    .build = ci_build,
    .decode = ci_decode,
    .check = ci_check,
    .render = ci_render,
    .describe = ci_describe,
    .picture = ci_picture,
    .free = ci_free,
    .generator = &pzg_kind_circuit,
};
