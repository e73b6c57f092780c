/*
 * cli.h -- the bnb program: its options, and the observer through which
 * it turns the engine's events into output. Only cli/ prints.
 */
#ifndef CLI_H
#define CLI_H

#include <stdio.h>

#include "bnb.h"
#include "pzg.h"

/* Exit statuses (FORMATS.md section 2, plus 4 and 5 where it is silent). */
enum {
    CLI_EXIT_SOLVED = 0,
    CLI_EXIT_INFEASIBLE = 1,
    CLI_EXIT_USAGE = 2,        /* bad input or usage                      */
    CLI_EXIT_LIMIT = 3,        /* a limit stopped the search              */
    CLI_EXIT_NUMERIC = 4,      /* numerical failure: no trustworthy answer */
    CLI_EXIT_UNBOUNDED = 5,    /* the objective is unbounded              */
    CLI_EXIT_RULES = 6,        /* the model's answer breaks the puzzle's
                                  rules (a wrong formulation: --variant
                                  paper of the Errata)                    */
    CLI_EXIT_NOMEM = 7         /* out of memory: no verdict               */
};

/* GRID: each node's LP values on the puzzle's grid; CUTS: the nodes, and
 * every cut (at the root and at tree nodes) in the model's names. */
enum { CLI_TRACE_OFF, CLI_TRACE_NODES, CLI_TRACE_LP, CLI_TRACE_GRID,
       CLI_TRACE_CUTS };

typedef struct cli_options {
    const char *file;
    const char *variant;
    const char *write_lp, *write_mps;
    const char *tree_file, *trace_file;
    const char *events_file;   /* --events FILE.jsonl                    */
    int events_pivots;         /* --events-pivots                         */
    const char *html_file;     /* --html FILE.html                        */
    const char *replay_file;   /* --replay FILE.jsonl                     */
    int quiet, all, model_stats, tableau, trace;
    bnb_params par;
    int unique;                /* --unique: one optimal solution or two  */
    int progress;              /* CLI_PROGRESS_*                          */
    int explain;               /* --explain: why an infeasible model is  */
    const char *generate;      /* --generate KIND, with gen and --unique (above)  */
    pzg_opts gen;
    int permute;               /* --permute SEED given                   */
    uint64_t permute_seed;
} cli_options;

enum { CLI_PROGRESS_AUTO, CLI_PROGRESS_OFF, CLI_PROGRESS_ON };

/* Parses argv; returns -1 to go on, or an exit status (after --help,
 * --version or a usage error, already reported). */
int cli_parse(int argc, char **argv, cli_options *o);

/* --permute (permute.c): a copy of m with its columns and rows in the
 * order a seeded shuffle gives (each row's entries in the new column
 * order); NULL when out of memory. */
bnb_model *cli_permute(const bnb_model *m, uint64_t seed);

/* --generate (generate.c): prints the instance; returns the exit status. */
int cli_generate(const cli_options *o);
/* One line per generator, for --help. */
void cli_generate_help(FILE *out);

#endif
