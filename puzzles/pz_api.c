/*
 * pz_api.c -- bnb_puzzle.h, the puzzle layer's public face: each call is
 * the pz.h function of the same meaning. A bnb_puzzle is a pz_puzzle
 * under its public name.
 */
#include "bnb_puzzle.h"
#include "pz.h"
#include "pz_kind.h"
#include "pzg.h"

#include <stdlib.h>

#include <stdlib.h>

bnb_puzzle *bnb_puzzle_read(const char *path, const char *variant,
                            char *err, size_t errlen)
{
    return (bnb_puzzle *)pz_load(path, variant, err, errlen);
}

bnb_puzzle *bnb_puzzle_read_until(const char *path, const char *variant,
                                  bnb_stop *stop, char *err, size_t errlen)
{
    return (bnb_puzzle *)pz_load_until(path, variant, stop, err, errlen);
}

void bnb_puzzle_free(bnb_puzzle *p)
{
    pz_free((pz_puzzle *)p);
}

const bnb_model *bnb_puzzle_model(const bnb_puzzle *p)
{
    return pz_model((const pz_puzzle *)p);
}

const char *bnb_puzzle_describe(const bnb_puzzle *p)
{
    return pz_describe((const pz_puzzle *)p);
}

int bnb_puzzle_print_solution(const bnb_puzzle *p, const double *x,
                              FILE *out, char *err, size_t errlen)
{
    return pz_print_solution((const pz_puzzle *)p, x, out, err, errlen);
}

void bnb_puzzle_write_picture(const bnb_puzzle *p, FILE *out)
{
    pz_write_picture((const pz_puzzle *)p, out);
}

const int *bnb_puzzle_regions(const bnb_puzzle *p, int *rows, int *cols)
{
    return pz_regions((const pz_puzzle *)p, rows, cols);
}

int bnb_puzzle_solution_text(const bnb_puzzle *p, const double *x,
                             char *buf, size_t buflen, char *err,
                             size_t errlen)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return -2;
    int rc = pz_print_solution((const pz_puzzle *)p, x, f, err, errlen);
    if (fclose(f) != 0 && rc == 0)
        rc = -2;
    if (rc == 0) {
        if (buflen)
            snprintf(buf, buflen, "%s", text);
        rc = (int)len;
    }
    free(text);
    return rc;
}

int bnb_puzzle_kinds(void)
{
    int count = 0;
    while (pz_kind_table[count])
        count++;
    return count;
}

const char *bnb_puzzle_kind_name(int i)
{
    return i >= 0 && i < bnb_puzzle_kinds() ? pz_kind_table[i]->name : NULL;
}

void bnb_puzzle_print_kinds(FILE *out)
{
    pz_print_kinds(out);
}

/* An instance: the kind's generator and what it made. */
struct bnb_instance {
    const pzg_kind *kind;
    void *made;
};

const char *bnb_generate_help(const char *kind)
{
    const pzg_kind *k = pzg_find(kind);
    return k ? k->help : NULL;
}

int bnb_generate_reveals(const char *kind)
{
    const pzg_kind *k = pzg_find(kind);
    return k && k->reveal;
}

bnb_instance *bnb_generate(const char *kind, const bnb_generate_opts *o,
                           char *err, size_t errlen)
{
    const pzg_kind *k = pzg_find(kind);
    if (!k)
        return NULL;
    bnb_instance *g = malloc(sizeof *g);
    if (!g)
        return NULL;
    g->kind = k;
    g->made = k->make(o, err, errlen);
    if (!g->made) {
        free(g);
        return NULL;
    }
    return g;
}

const char *bnb_instance_kind(const bnb_instance *g)
{
    return g->kind->name;
}

void bnb_instance_print(const bnb_instance *g, FILE *out)
{
    g->kind->print(g->made, out);
}

int bnb_instance_reveal(bnb_instance *g, const char *const *other,
                        int nother)
{
    return g->kind->reveal ? g->kind->reveal(g->made, other, nother) : 0;
}

void bnb_instance_free(bnb_instance *g)
{
    if (!g)
        return;
    g->kind->free(g->made);
    free(g);
}
