/*
 * cli.h -- the bnb program: its options, and the observer through which
 * it turns the engine's events into output. Only cli/ prints.
 */
#ifndef CLI_H
#define CLI_H

#include <stdio.h>

#include "bnb.h"
#include "bnb_puzzle.h"

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
    int ranges;                /* --ranges (par.ranging with it)         */
    const char *generate;      /* --generate KIND, with gen and --unique (above)  */
    bnb_generate_opts gen;
    /* files in and out (io.h); "-" is stdin or stdout */
    int format;                /* --format: CLI_FORMAT_*                  */
    int no_solve;              /* --no-solve: write the models and stop   */
    const char *solution_file; /* --solution FILE                         */
    int solution_form;         /* --solution-format: CLI_SOL_*            */
    const char *mip_start;     /* --mip-start FILE                        */
    int permute;               /* --permute SEED given                   */
    uint64_t permute_seed;
} cli_options;

enum { CLI_PROGRESS_AUTO, CLI_PROGRESS_OFF, CLI_PROGRESS_ON };

/* How many of the files written are standard output ("-"): 0 or 1. */
int cli_writes_stdout(const cli_options *o);

/* Parses argv; returns -1 to go on, or an exit status (after --help,
 * --version or a usage error, already reported). */
int cli_parse(int argc, char **argv, cli_options *o);

/* --ranges (ranges.c): -1 when the model can be ranged as asked (a
 * model without integer columns is then solved as --lp-only), else the
 * exit status (reported); the ranging report of an LP's result. */
int cli_ranges_check(cli_options *o, const bnb_model *m);
void cli_print_ranges(FILE *out, const bnb_model *m, const bnb_result *r);

/* --permute (permute.c): a copy of m with its columns and rows in the
 * order a seeded shuffle gives (each row's entries in the new column
 * order); NULL when out of memory. */
bnb_model *cli_permute(const bnb_model *m, uint64_t seed);

/* --generate (generate.c): prints the instance; returns the exit status.
 * The kind CLI_GENERATE_LIST (bnb --generate --list) prints the kinds,
 * one a line. */
#define CLI_GENERATE_LIST "--list"
int cli_generate(const cli_options *o);
/* One line per generator, for --help. */
void cli_generate_help(FILE *out);

#endif
