/*
 * pz.c -- the seam of pz.h: load a puzzle file through the shared reader
 * and its kind's descriptor, and print a solution only after the kind's
 * own rules check has accepted it.
 */
#include "pz.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pz_kind.h"

struct pz_puzzle {
    const pz_kind *kind;
    void *data;            /* the kind's parsed puzzle                   */
    bnb_model *model;
    int variant;
    char desc[160];
};

/* "starbattle, thermometer, ..." */
static void kind_names(char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; pz_kind_table[i] && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s",
                                 i ? ", " : "", pz_kind_table[i]->name);
}

static const pz_kind *lookup_kind(pz_file *f)
{
    const pz_kind *k = pz_kind_find(pz_file_kind(f));
    if (!k) {
        char names[512];
        kind_names(names, sizeof names);
        pz_error(f, pz_file_kind_line(f), pz_file_kind_col(f),
                 "unknown puzzle kind '%.40s' (known: %s)", pz_file_kind(f),
                 names);
    }
    return k;
}

/* The index of variant in the kind's list (0 for NULL), or -1. */
static int lookup_variant(pz_file *f, const pz_kind *k, const char *variant)
{
    if (!variant)
        return 0;
    for (int i = 0; k->variants && k->variants[i].name; i++)
        if (strcasecmp(k->variants[i].name, variant) == 0)
            return i;
    char names[256] = "";
    size_t used = 0;
    for (int i = 0; k->variants && k->variants[i].name && used < sizeof names;
         i++)
        used += (size_t)snprintf(names + used, sizeof names - used, "%s%s",
                                 i ? ", " : "", k->variants[i].name);
    if (!k->variants)
        return pz_error(f, pz_file_kind_line(f), pz_file_kind_col(f),
                        "%s has no variants (got --variant %.40s)", k->name,
                        variant);
    return pz_error(f, pz_file_kind_line(f), pz_file_kind_col(f),
                    "unknown variant '%.40s' for %s (known: %s)", variant,
                    k->name, names);
}

static void describe(pz_puzzle *p)
{
    char more[128] = "";
    if (p->kind->describe)
        p->kind->describe(p->data, more, sizeof more);
    snprintf(p->desc, sizeof p->desc, "%s%s%s%s%s", p->kind->name,
             *more ? ", " : "", more, p->kind->variants ? ", variant " : "",
             p->kind->variants ? p->kind->variants[p->variant].name : "");
}

static int build(pz_puzzle *p, pz_file *f, bnb_stop *stop)
{
    pz_build b;
    p->model = bnb_model_new(p->kind->name);
    if (!p->model)
        return pz_error(f, pz_file_kind_line(f), 0, "out of memory");
    pz_build_init(&b, p->model, stop);
    int rc = p->kind->build(p->data, p->variant, &b);
    pz_build_free(&b);
    if (rc == BNB_ERR_STOPPED)
        return pz_error(f, pz_file_kind_line(f), 0, "stopped while "
                        "building the model (%s)",
                        stop->why == BNB_TIME_LIMIT ? "time limit"
                                                    : "interrupted");
    if (rc == BNB_ERR_TOO_LARGE)
        return pz_error(f, pz_file_kind_line(f), 0, "the model is too "
                        "large: bnb takes at most %d columns, rows and "
                        "nonzeros each", BNB_MAX_ITEMS);
    if (rc != BNB_OK)
        return pz_error(f, pz_file_kind_line(f), 0, "cannot build the "
                        "model (%s)", rc == BNB_ERR_NOMEM
                                          ? "out of memory"
                                          : "internal error");
    return 0;
}

pz_puzzle *pz_load(const char *path, const char *variant, char *err,
                   size_t errlen)
{
    return pz_load_until(path, variant, NULL, err, errlen);
}

pz_puzzle *pz_load_until(const char *path, const char *variant,
                         bnb_stop *stop, char *err, size_t errlen)
{
    pz_file *f = pz_file_open_until(path, stop, err, errlen);
    if (!f)
        return NULL;
    pz_puzzle *p = calloc(1, sizeof *p);
    int ok = p != NULL;
    if (!ok)
        pz_error(f, 1, 0, "out of memory");
    if (ok && !(p->kind = lookup_kind(f)))
        ok = 0;
    if (ok && (p->variant = lookup_variant(f, p->kind, variant)) < 0)
        ok = 0;
    if (ok)
        pz_file_set_variant(f, p->variant);
    if (ok && pz_file_parse(f, p->kind->name, p->kind->keys) < 0)
        ok = 0;
    if (ok && !(p->data = p->kind->parse(f)))
        ok = 0;
    if (ok && build(p, f, stop) < 0)
        ok = 0;
    pz_file_free(f);
    if (!ok) {
        pz_free(p);
        return NULL;
    }
    describe(p);
    return p;
}

void pz_free(pz_puzzle *p)
{
    if (!p)
        return;
    if (p->data)
        p->kind->free(p->data);
    bnb_model_free(p->model);
    free(p);
}

const bnb_model *pz_model(const pz_puzzle *p) { return p->model; }
const char *pz_describe(const pz_puzzle *p) { return p->desc; }

int pz_print_solution(const pz_puzzle *p, const double *x, FILE *out,
                      char *err, size_t errlen)
{
    void *sol = p->kind->decode(p->data, x);
    if (!sol) {
        snprintf(err, errlen, "%s: out of memory", p->kind->name);
        return -2;
    }
    char why[256] = "";
    int rc = p->kind->check(p->data, sol, why, sizeof why);
    if (rc == 0)
        p->kind->render(p->data, sol, out);
    else
        snprintf(err, errlen, "%s: the solution breaks the rules: %s",
                 p->kind->name, why);
    free(sol);
    return rc == 0 ? 0 : -1;
}

void pz_write_picture(const pz_puzzle *p, FILE *out)
{
    pz_json j = {out, 0};
    fputc('{', out);
    pz_json_str(&j, "kind", p->kind->name);
    if (p->kind->picture)
        p->kind->picture(p->data, &j);
    fputc('}', out);
}

const int *pz_regions(const pz_puzzle *p, int *rows, int *cols)
{
    return p->kind->regions ? p->kind->regions(p->data, rows, cols) : NULL;
}

/* Prints text indented, one output line per line of text. */
static void print_indented(FILE *out, const char *text, const char *indent)
{
    while (*text) {
        const char *nl = strchr(text, '\n');
        int len = nl ? (int)(nl - text) : (int)strlen(text);
        fprintf(out, "%s%.*s\n", indent, len, text);
        text += len + (nl != NULL);
    }
}

void pz_print_kinds(FILE *out)
{
    for (int i = 0; pz_kind_table[i]; i++) {
        const pz_kind *k = pz_kind_table[i];
        fprintf(out, "  %-13s (%s)\n", k->name, k->source);
        print_indented(out, k->help, "      ");
        for (int v = 0; k->variants && k->variants[v].name; v++)
            fprintf(out, "      --variant %s%s: %s\n", k->variants[v].name,
                    v == 0 ? " (default)" : "", k->variants[v].help);
    }
}
