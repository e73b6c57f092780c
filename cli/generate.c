/*
 * generate.c -- `bnb --generate KIND`: a generator of the puzzle layer
 * (bnb_generate, bnb_puzzle.h) makes a planted instance and the program
 * prints it. With --unique the
 * program solves the instance with --all and asks the generator for one
 * more given at a time until exactly one solution remains: generators
 * only build and print, the solving loop is here.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bnb_puzzle.h"
#include "cli.h"

/* Enough to tell one solution from several. */
enum { CLI_GEN_ENOUGH = 2 };

/* The solutions found so far (copies of the column values). */
typedef struct found {
    double *x[CLI_GEN_ENOUGH];
    int n;
    long count;
    int out_of_memory;         /* a copy failed: the count is not true  */
} found;

static int keep_solution(void *ctx, const bnb_event *ev)
{
    found *f = ctx;
    if (ev->type != BNB_EV_SOLUTION)
        return 0;
    double *x = malloc((size_t)(f->n ? f->n : 1) * sizeof *x);
    if (!x)
        return f->out_of_memory = 1;
    for (int j = 0; j < f->n; j++)
        x[j] = ev->x[j];
    f->x[f->count++] = x;
    return f->count >= CLI_GEN_ENOUGH;
}

/* Writes the instance to a temporary file; 0 or -1. */
static int write_temp(const bnb_instance *g, char *path, size_t len)
{
    const char *dir = getenv("TMPDIR");
    snprintf(path, len, "%s/bnb-generate-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        if (fd >= 0) {
            close(fd);
            unlink(path);
        }
        return -1;
    }
    bnb_instance_print(g, f);
    int bad = ferror(f);
    if (fclose(f) != 0 || bad) {
        unlink(path);
        return -1;
    }
    return 0;
}

/* The solution blocks of the solutions found, for the generator to
 * choose a given that tells them apart (NULL where one is not valid). */
static void render(const bnb_puzzle *p, const found *f, char **block)
{
    for (int i = 0; i < f->count; i++) {
        size_t len;
        char err[256];
        FILE *out = open_memstream(&block[i], &len);
        if (!out)
            continue;
        int bad = bnb_puzzle_print_solution(p, f->x[i], out, err,
                                            sizeof err);
        fclose(out);
        if (bad) {
            free(block[i]);
            block[i] = NULL;
        }
    }
}

/* Solutions of the instance as it stands, up to CLI_GEN_ENOUGH, their
 * blocks in block[]; -1 bad file, -2 out of memory, -3 a limit stopped
 * the search, -4 a signal did. */
static long solutions_now(const bnb_instance *g, const cli_options *o,
                          char **block)
{
    char path[512], err[512] = "";
    if (write_temp(g, path, sizeof path) != 0) {
        fprintf(stderr, "bnb: --unique: cannot write a temporary file\n");
        return -1;
    }
    bnb_puzzle *p = bnb_puzzle_read(path, o->variant, err, sizeof err);
    unlink(path);
    if (!p) {
        fprintf(stderr, "bnb: --unique: the instance does not read: %s\n",
                err);
        return -1;
    }
    bnb_params par = o->par;
    par.enumerate_all = 1;
    par.seed = 0;   /* --seed is the instance's; the search stays the same */
    found f = {.n = bnb_num_cols(bnb_puzzle_model(p))};
    bnb_result r;
    int rc = bnb_solve(bnb_puzzle_model(p), &par, keep_solution, &f, &r);
    int stopped = rc == BNB_OK && r.status != BNB_OPTIMAL &&
                  r.status != BNB_INFEASIBLE && r.status != BNB_STOPPED;
    if (rc == BNB_OK)
        bnb_result_free(&r);
    if (rc == BNB_OK && f.count >= CLI_GEN_ENOUGH)
        render(p, &f, block);
    for (int i = 0; i < f.count; i++)
        free(f.x[i]);
    bnb_puzzle_free(p);
    /* a signal stops the search as keep_solution does (BNB_STOPPED): the
     * flag tells them apart, so a partial count is not taken as one */
    if (rc == BNB_OK && o->par.interrupt && *o->par.interrupt)
        return -4;
    return rc != BNB_OK || f.out_of_memory ? -2 : stopped ? -3 : f.count;
}

/* Reveals givens until one solution is left; 0 or an exit status. */
static int make_unique(bnb_instance *g, const cli_options *o)
{
    if (!bnb_generate_reveals(bnb_instance_kind(g))) {
        fprintf(stderr, "bnb: --unique: %s has no clues or givens to add\n",
                bnb_instance_kind(g));
        return CLI_EXIT_USAGE;
    }
    for (int round = 0;; round++) {
        char *block[CLI_GEN_ENOUGH] = {NULL};
        long n = solutions_now(g, o, block);
        int more = n >= CLI_GEN_ENOUGH;
        if (more) {
            const char *other[CLI_GEN_ENOUGH];
            int m = 0;
            for (int i = 0; i < CLI_GEN_ENOUGH; i++)
                if (block[i])
                    other[m++] = block[i];
            more = bnb_instance_reveal(g, other, m);
        }
        for (int i = 0; i < CLI_GEN_ENOUGH; i++)
            free(block[i]);
        if (n == 1)
            return 0;
        if (n == -1)
            return CLI_EXIT_USAGE;
        if (n == -2) {
            fprintf(stderr, "bnb: --unique: out of memory\n");
            return CLI_EXIT_NOMEM;
        }
        if (n == -3 || n == -4) {
            fprintf(stderr, "bnb: --unique: %s stopped the search\n",
                    n == -3 ? "a limit" : "a signal");
            return CLI_EXIT_LIMIT;
        }
        if (n == 0) {
            fprintf(stderr, "bnb: --unique: the planted instance has no "
                    "solution (a generator bug)\n");
            return CLI_EXIT_NUMERIC;
        }
        if (!more) {
            fprintf(stderr, "bnb: --unique: nothing left to add after %d "
                    "round%s\n", round, round == 1 ? "" : "s");
            return CLI_EXIT_LIMIT;
        }
    }
}
/* --generate --list: the kinds, one a line, in the registry's order. */
static int list_kinds(void)
{
    for (int i = 0; i < bnb_puzzle_kinds(); i++)
        printf("%s\n", bnb_puzzle_kind_name(i));
    return CLI_EXIT_SOLVED;
}

int cli_generate(const cli_options *o)
{
    if (strcmp(o->generate, CLI_GENERATE_LIST) == 0)
        return list_kinds();
    if (!bnb_generate_help(o->generate)) {
        fprintf(stderr, "bnb: --generate: unknown kind '%s'\n"
                "try 'bnb --help'\n", o->generate);
        return CLI_EXIT_USAGE;
    }
    char err[256] = "";
    bnb_instance *g = bnb_generate(o->generate, &o->gen, err, sizeof err);
    if (!g) {
        fprintf(stderr, "bnb: --generate: %s\n", err[0] ? err : "out of memory");
        return CLI_EXIT_USAGE;
    }
    int rc = o->unique ? make_unique(g, o) : 0;
    if (rc == 0) {
        printf("# generated by bnb %s: --generate %s --seed %llu",
               BNB_VERSION, bnb_instance_kind(g),
               (unsigned long long)o->gen.seed);
        if (o->gen.size)
            printf(" --size %d", o->gen.size);
        if (o->gen.colours)
            printf(" --colours %d", o->gen.colours);
        if (o->gen.density)
            printf(" --density %d", o->gen.density);
        printf("%s\n", o->unique ? " --unique" : "");
        bnb_instance_print(g, stdout);
    }
    bnb_instance_free(g);
    return rc;
}

void cli_generate_help(FILE *out)
{
    for (int i = 0; i < bnb_puzzle_kinds(); i++) {
        const char *kind = bnb_puzzle_kind_name(i);
        fprintf(out, "  %-13s ", kind);
        for (const char *h = bnb_generate_help(kind); *h; h++)
            if (*h == '\n')
                fputs("\n                ", out);   /* under the help */
            else
                fputc(*h, out);
        fputs(bnb_generate_reveals(kind) ? "; --unique\n" : "\n", out);
    }
}

