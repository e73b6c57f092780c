/*
 * options.c -- the command line: options of FORMATS.md section 2, the
 * engine parameters (from the BNB_PARAMS table, as --set NAME=VALUE),
 * --help and --version.
 */
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"
#include "teach.h"

static const char *usage_text =
    "usage: bnb [options] FILE            solve a puzzle file\n"
    "       bnb [options] MODEL.lp|.mps   solve a CPLEX-LP or MPS model\n"
    "\n"
    "options:\n"
    "  --quiet              print the solution block only\n"
    "  --all, --all=N       every optimal solution (at most N), with a count\n"
    "                       that the search proves\n"
    "  --unique             say whether the optimal solution is unique (else\n"
    "                       show two)\n"
    "  --textbook           plain LP-based branch and bound on the model as\n"
    "                       written: no presolve, row rounding, propagation,\n"
    "                       cuts, heuristics, learning, penalties or cutoffs;\n"
    "                       depth first, most fractional, down child first,\n"
    "                       every LP solved (the parameters' textbook values)\n"
    "  --variant NAME       choose a puzzle's formulation\n"
    "  --node-limit N       stop after N branch-and-bound nodes\n"
    "  --time-limit S       stop after S seconds\n"
    "  --memory-limit MB    megabytes the open nodes may hold (default a\n"
    "                       quarter of physical memory): past 90% depth\n"
    "                       first, at 100% stop (exit 3)\n"
    "  --branch RULE        most | least | first | pseudocost | strong | auto\n"
    "                       (default auto: first for a model without\n"
    "                       objective, else pseudocost)\n"
    "  --node-select RULE   depth | best | breadth | auto: the open node\n"
    "                       solved next: the newest, the best bound, the\n"
    "                       oldest; auto (default) depth first with jumps\n"
    "                       back to the best bound once a solution is known\n"
    "  --child WHICH        down | up | nearest | auto: the child solved first\n"
    "                       (default: up without objective, else nearest)\n"
    "  --lp-only            solve the LP relaxation only (prints duals)\n"
    "  --ranges             with --lp-only (implied for a model without\n"
    "                       integer columns): the ranges over which the\n"
    "                       basis stays optimal, of each objective\n"
    "                       coefficient and each row's right side\n"
    "  --mip-gap R          stop once |best - bound| <= R * max(|best|,\n"
    "                       1e-10): \"optimal within gap\", exit 0\n"
    "  --abs-gap A          stop once |best - bound| <= A, likewise\n"
    "  --seed N             the engine's pseudo-random choices (default 0;\n"
    "                       the same seed gives the same search)\n"
    "  --write-lp FILE      write the model as CPLEX-LP, then solve\n"
    "  --write-mps FILE     write the model as MPS (fixed where names and\n"
    "                       numbers fit, else free), then solve\n"
    "  --no-solve           read the model, write what --write-lp and\n"
    "                       --write-mps ask for, and exit 0\n"
    "  --format FORMAT      lp | mps | puzzle: the input's format, instead\n"
    "                       of the file name's (.lp, .mps, else puzzle);\n"
    "                       FILE - without it: told by its first line\n"
    "  --solution FILE      write the solution for other solvers (every\n"
    "                       column; no solution: the form's word for none)\n"
    "  --solution-format F  miplib (default: =obj= value, then name value),\n"
    "                       cbc (what cbc -mips reads) or glpk (what\n"
    "                       glpsol -r reads)\n"
    "  --mip-start FILE     start from a solution in any of those forms\n"
    "                       (or bnb's name value lines); a partial one is\n"
    "                       completed by a search, an infeasible one\n"
    "                       ignored with a note on stderr\n"
    "  FILE -               any file argument: - is standard input (the\n"
    "                       model, --mip-start, --replay) or output (one\n"
    "                       of the files written); then everything bnb\n"
    "                       prints for people goes to stderr\n"
    "  --trace, --trace=lp  narrate the search (and every pivot)\n"
    "  --trace=grid         narrate the search, each node's LP values drawn\n"
    "                       on the puzzle's grid\n"
    "  --trace=cuts         narrate the search and every cut (root and tree)\n"
    "  --trace-file FILE    send the trace to FILE instead of stdout\n"
    "  --legend             explain every line of the trace, the tableau\n"
    "                       and the tree (also below)\n"
    "  --progress, --no-progress  a status line on stderr every few\n"
    "                       seconds (default: on a terminal, after 2 s)\n"
    "  --explain            for an infeasible model, an irreducible set of\n"
    "                       rows that cannot all hold\n"
    "  --tableau            print the simplex tableau at each pivot\n"
    "  --tree FILE.dot      write the search tree as Graphviz DOT\n"
    "                       (FILE.svg: a picture drawn by bnb; FILE.png:\n"
    "                       drawn by Graphviz's dot;\n"
    "                       FILE.bak: a BAK event log for GrUMPy)\n"
    "  --events FILE.jsonl  write every event of the search as one JSON\n"
    "                       object per line (docs/FORMATS.md: the event stream)\n"
    "  --events-pivots      with --events, every simplex pivot too\n"
    "  --replay FILE.jsonl  tell an --events stream of FILE's model as\n"
    "                       --trace (or --trace=lp, ...) told the solve\n"
    "  --html FILE.html     write the search viewer: one page with the\n"
    "                       tree to click through and replay\n"
    "  --model-stats        list the row and column families\n"
    "  --permute SEED       solve the model file with its columns and rows\n"
    "                       in a random order drawn from SEED (a whole\n"
    "                       number): the same model, for measuring how much\n"
    "                       the search depends on the order\n"
    "  --set NAME=VALUE     set an engine parameter (list below)\n"
    "  --generate KIND      print a random KIND instance with a planted\n"
    "                       solution (no FILE): --size N, --seed S,\n"
    "                       --colours K, --density PERCENT, and --unique\n"
    "                       (add givens until --all finds one solution);\n"
    "                       --generate --list prints the kinds\n"
    "  --help, --version\n"
    "\n"
    "exit status: 0 solved (optimal, or optimal within the gap asked\n"
    "for), 1 infeasible (no solution), 2 bad input or\n"
    "usage, 3 a limit stopped the search, 4 numerical failure,\n"
    "5 unbounded objective, 6 the model's answer breaks the puzzle's\n"
    "rules (the wrong published models, --variant paper), 7 out of\n"
    "memory.\n";

static void print_help(void)
{
    fputs(usage_text, stdout);
    printf("\nengine parameters (--set NAME=VALUE):\n");
    bnb_params tb;
    bnb_params_textbook(&tb);
#define BNB_PARAM_HELP(type, name, def, lo, hi, tbv, help)                  \
    printf("  %-15s %s (default %g", #name, help, (double)(def));           \
    if (tb.name != (type)(def))                                             \
        printf(", textbook %g", (double)tb.name);                           \
    printf(", range %g..%g)\n", (double)(lo), (double)(hi));
    BNB_PARAMS(BNB_PARAM_HELP)
#undef BNB_PARAM_HELP
    printf("\npuzzle kinds (the file's first line is `puzzle: KIND`):\n");
    bnb_puzzle_print_kinds(stdout);
    printf("\nlegend (--legend):\n");
    cli_print_legend(stdout);
    printf("\ngenerators (--generate KIND; 0 or no option: the default):\n");
    cli_generate_help(stdout);
}

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "bnb: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\ntry 'bnb --help'\n");
    return CLI_EXIT_USAGE;
}

static int parse_number(const char *s, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end || errno || !(v >= lo && v <= hi))
        return 0;
    *out = v;
    return 1;
}

/* Names some parameters' values also take, as "NAME=name", "NAME=v". */
static const char *const value_names[][2] = {
    {"basis=lu", "basis=0"}, {"basis=dense", "basis=1"}};

/* --set NAME=VALUE: every parameter of the BNB_PARAMS table. */
static int set_param(bnb_params *p, const char *arg)
{
    for (size_t k = 0; k < sizeof value_names / sizeof *value_names; k++)
        if (strcmp(arg, value_names[k][0]) == 0)
            arg = value_names[k][1];
    const char *eq = strchr(arg, '=');
    if (!eq)
        return usage_error("--set wants NAME=VALUE, got '%s'", arg);
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)(eq - arg), arg);
    if (isnan(bnb_params_get(p, name)))
        return usage_error("--set: unknown parameter in '%s'", arg);
    if (bnb_params_set(p, name, eq + 1) != BNB_OK)
        return usage_error("--set: not a value of the parameter in '%s' (a "
                           "decimal number in its range, whole for a "
                           "parameter that counts; see --help)", arg);
    return -1;
}

static int pick(const char *arg, const char *const *names, int *out)
{
    for (int k = 0; names[k]; k++)
        if (strcmp(arg, names[k]) == 0) {
            *out = k;
            return 1;
        }
    return 0;
}

/* --seed N: the engine's seed parameter as well as the generator's
 * (a solve takes 0..1e9, the parameter's range; check_options refuses
 * more). */
#define CLI_MAX_SOLVE_SEED 1e9
static int seed_of(double x)
{
    return x <= CLI_MAX_SOLVE_SEED ? (int)x : 0;
}

/* --mip-gap R and --abs-gap A: 1 if name is one, with *v = -1 (handled)
 * or an exit status. */
static int gap_option(cli_options *o, const char *name, const char *val,
                      double *v)
{
    int relative = strcmp(name, "--mip-gap") == 0;
    if (!relative && strcmp(name, "--abs-gap") != 0)
        return 0;
    double x;
    if (!parse_number(val, 0, relative ? 1 : 1e15, &x)) {
        *v = usage_error(relative ? "--mip-gap wants a relative gap in "
                                    "[0, 1], got '%s'"
                                  : "--abs-gap wants a gap >= 0, got '%s'",
                         val);
        return 1;
    }
    if (relative)
        o->par.mip_gap = x;
    else
        o->par.abs_gap = x;
    *v = -1;
    return 1;
}

/* --size, --seed, --colours, --density of --generate: 1 if name is one
 * of them, with *v = -1 (handled) or an exit status. */
static int generate_option(cli_options *o, const char *name, const char *val,
                           double *v)
{
    static const char *const names[] = {"--size", "--seed", "--colours",
                                        "--colors", "--density", NULL};
    int k;
    if (!pick(name, names, &k))
        return 0;
    double x;
    if (!parse_number(val, 0, k == 1 ? 1e15 : 1e6, &x) || x != (long long)x) {
        *v = usage_error("--generate options want a whole number >= 0, "
                         "got '%s'", val);
        return 1;
    }
    if (k == 0) o->gen.size = (int)x;
    else if (k == 1) o->gen.seed = (uint64_t)x, o->par.seed = seed_of(x);
    else if (k == 4) o->gen.density = (int)x;
    else o->gen.colours = (int)x;
    *v = -1;
    return 1;
}

/* --format, --solution, --solution-format, --mip-start (io.h): 1 if
 * name is one of them, with *rc = -1 (handled) or an exit status. */
static int io_option(cli_options *o, const char *name, const char *val,
                     int *rc)
{
    static const char *const formats[] = {"lp", "mps", "puzzle", NULL};
    *rc = -1;
    if (strcmp(name, "--solution") == 0) o->solution_file = val;
    else if (strcmp(name, "--mip-start") == 0) o->mip_start = val;
    else if (strcmp(name, "--solution-format") == 0) {
        if (!pick(val, cli_solution_forms, &o->solution_form))
            *rc = usage_error("--solution-format: miplib, cbc or glpk, not "
                              "'%s'", val);
    } else if (strcmp(name, "--format") == 0) {
        if (pick(val, formats, &o->format))
            o->format += CLI_FORMAT_LP;   /* in the order of CLI_FORMAT_* */
        else
            *rc = usage_error("--format: lp, mps or puzzle, not '%s'", val);
    } else
        return 0;
    return 1;
}

int cli_writes_stdout(const cli_options *o)
{
    const char *out[] = {o->write_lp, o->write_mps, o->solution_file,
                         o->events_file, o->html_file, o->tree_file,
                         o->trace_file};
    int writers = 0;
    for (size_t k = 0; k < sizeof out / sizeof *out; k++)
        writers += cli_is_stdio(out[k]);
    return writers;
}

/* One reader of stdin and one writer of stdout at most ("-"). */
static int check_stdio(const cli_options *o)
{
    const char *in[] = {o->file, o->mip_start, o->replay_file};
    int readers = 0;
    for (size_t k = 0; k < sizeof in / sizeof *in; k++)
        readers += cli_is_stdio(in[k]);
    if (readers > 1)
        return usage_error("%s", "only one file can be read from standard "
                                 "input (-)");
    if (cli_writes_stdout(o) > 1)
        return usage_error("%s", "only one file can be written to standard "
                                 "output (-)");
    if (o->no_solve && (o->replay_file || o->solution_file || o->mip_start))
        return usage_error("%s", "--no-solve writes models only (not with "
                                 "--replay, --solution or --mip-start)");
    if (o->solution_form != CLI_SOL_MIPLIB && !o->solution_file)
        return usage_error("%s", "--solution-format needs --solution FILE");
    if (o->mip_start && o->par.lp_only)
        return usage_error("%s", "--mip-start cannot go with --lp-only (the "
                                 "LP relaxation takes no integer start)");
    return -1;
}

/* Options that take a value; returns -1 when handled, else a status. */
static int value_option(cli_options *o, const char *name, const char *val)
{
    /* in the order of BNB_BRANCH_* and BNB_SELECT_* */
    static const char *const branch_names[] = {"most", "first",
                                               "pseudocost", "auto", "least",
                                               "strong", NULL};
    static const char *const select_names[] = {"depth", "auto", "best",
                                               "breadth", NULL};
    static const char *const child_names[] = {"down", "up", "nearest",
                                              "auto", NULL};
    double v;
    int rc;
    if (io_option(o, name, val, &rc)) return rc;
    else if (strcmp(name, "--variant") == 0) o->variant = val;
    else if (strcmp(name, "--write-lp") == 0) o->write_lp = val;
    else if (strcmp(name, "--write-mps") == 0) o->write_mps = val;
    else if (strcmp(name, "--tree") == 0) o->tree_file = val;
    else if (strcmp(name, "--trace-file") == 0) o->trace_file = val;
    else if (strcmp(name, "--events") == 0) o->events_file = val;
    else if (strcmp(name, "--replay") == 0) o->replay_file = val;
    else if (strcmp(name, "--html") == 0) o->html_file = val;
    else if (strcmp(name, "--set") == 0) return set_param(&o->par, val);
    else if (strcmp(name, "--all") == 0) {
        if (!parse_number(val, 1, 1e15, &v) || v != floor(v))
            return usage_error("--all=N wants a whole number N >= 1, got "
                               "'%s'", val);
        o->all = o->par.enumerate_all = 1;
        o->par.solution_limit = v;
    }
    else if (strcmp(name, "--generate") == 0) o->generate = val;
    else if (strcmp(name, "--permute") == 0) {
        if (!parse_number(val, 0, 1e15, &v) || v != floor(v))
            return usage_error("--permute wants a whole number >= 0, got "
                               "'%s'", val);
        o->permute = 1;
        o->permute_seed = (uint64_t)v;
    }
    else if (generate_option(o, name, val, &v)) return v < 0 ? -1 : (int)v;
    else if (gap_option(o, name, val, &v)) return v < 0 ? -1 : (int)v;
    else if (strcmp(name, "--node-limit") == 0) {
        if (!parse_number(val, 1, 1e15, &v))
            return usage_error("--node-limit wants a positive number, "
                               "got '%s'", val);
        o->par.node_limit = v;
    } else if (strcmp(name, "--time-limit") == 0) {
        if (!parse_number(val, 0, 1e15, &v))
            return usage_error("--time-limit wants seconds >= 0, got '%s'",
                               val);
        o->par.time_limit = v;
    } else if (strcmp(name, "--memory-limit") == 0) {
        if (!parse_number(val, 1, 1e9, &v))
            return usage_error("--memory-limit wants megabytes >= 1, got "
                               "'%s'", val);
        o->par.memory_limit = v;
    } else if (strcmp(name, "--branch") == 0) {
        if (!pick(val, branch_names, &o->par.branch_rule))
            return usage_error("--branch: most, least, first, pseudocost, "
                               "strong or auto, not '%s'", val);
    } else if (strcmp(name, "--node-select") == 0) {
        if (!pick(val, select_names, &o->par.node_select))
            return usage_error("--node-select: depth, best, breadth or auto, "
                               "not '%s'", val);
    } else if (strcmp(name, "--child") == 0) {
        if (!pick(val, child_names, &o->par.child_first))
            return usage_error("--child: down, up, nearest or auto, not '%s'",
                               val);
    } else
        return usage_error("unknown option '%s'", name);
    return -1;
}

static int flag_option(cli_options *o, const char *a)
{
    if (strcmp(a, "--quiet") == 0) o->quiet = 1;
    else if (strcmp(a, "--no-solve") == 0) o->no_solve = 1;
    else if (strcmp(a, "--all") == 0) o->all = o->par.enumerate_all = 1;
    else if (strcmp(a, "--lp-only") == 0) o->par.lp_only = 1;
    else if (strcmp(a, "--model-stats") == 0) o->model_stats = 1;
    else if (strcmp(a, "--tableau") == 0) o->tableau = 1;
    else if (strcmp(a, "--trace") == 0) o->trace = CLI_TRACE_NODES;
    else if (strcmp(a, "--trace=lp") == 0) o->trace = CLI_TRACE_LP;
    else if (strcmp(a, "--trace=grid") == 0) o->trace = CLI_TRACE_GRID;
    else if (strcmp(a, "--unique") == 0) {
        o->all = o->unique = o->par.enumerate_all = 1;
        o->par.solution_limit = 2;
    } else if (strcmp(a, "--progress") == 0) o->progress = CLI_PROGRESS_ON;
    else if (strcmp(a, "--no-progress") == 0) o->progress = CLI_PROGRESS_OFF;
    else if (strcmp(a, "--explain") == 0) o->explain = 1;
    else if (strcmp(a, "--events-pivots") == 0) o->events_pivots = 1;
    else if (strcmp(a, "--trace=cuts") == 0) o->trace = CLI_TRACE_CUTS;
    else if (strcmp(a, "--ranges") == 0) o->ranges = o->par.ranging = 1;
    else return 0;
    return 1;
}

/* --textbook: every parameter whose textbook value (the BNB_PARAMS
 * table's column) is not its default takes it; options after it may
 * change them again. */
static void textbook(cli_options *o)
{
    bnb_params tb, def;
    bnb_params_textbook(&tb);
    bnb_params_default(&def);
#define BNB_PARAM_TEXTBOOK(type, name, d, lo, hi, tbv, help)                \
    if (tb.name != def.name)                                                \
        o->par.name = tb.name;
    BNB_PARAMS(BNB_PARAM_TEXTBOOK)
#undef BNB_PARAM_TEXTBOOK
}

/* Combinations that cannot do what they say. */
static int check_options(const cli_options *o)
{
    if (check_stdio(o) >= 0)
        return CLI_EXIT_USAGE;
    if (o->trace_file && !o->trace && !o->tableau)
        return usage_error("%s", "--trace-file needs --trace, --trace=lp or "
                                 "--tableau");
    if (o->events_pivots && !o->events_file)
        return usage_error("%s", "--events-pivots needs --events FILE");
    if (o->replay_file && o->tableau)
        return usage_error("%s", "--replay cannot show tableaus (the "
                                 "stream does not hold them)");
    if (o->tree_file && !cli_tree_can_write(o->tree_file))
        return CLI_EXIT_USAGE;
    if (!o->generate && o->gen.seed > CLI_MAX_SOLVE_SEED)
        return usage_error("%s", "--seed for a solve wants 0..1000000000");
    if (o->ranges && o->par.enumerate_all)
        return usage_error("%s", "--ranges cannot go with --all or --unique "
                                 "(ranging is of one LP)");
    /* the LP relaxation has one optimum to report, or a face of them:
     * neither is a count of the model's solutions */
    if (o->par.lp_only && o->par.enumerate_all)
        return usage_error("%s", o->unique
                                     ? "--unique cannot go with --lp-only "
                                       "(the LP relaxation counts no "
                                       "integer solutions)"
                                     : "--all cannot go with --lp-only "
                                       "(the LP relaxation counts no "
                                       "integer solutions)");
    return -1;
}

int cli_parse(int argc, char **argv, cli_options *o)
{
    memset(o, 0, sizeof *o);
    bnb_params_default(&o->par);
    for (int i = 1; i < argc; i++) {
        char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            print_help();
            return CLI_EXIT_SOLVED;
        }
        if (strcmp(a, "--version") == 0) {
            printf("bnb %s\n", BNB_VERSION);
            return CLI_EXIT_SOLVED;
        }
        if (strcmp(a, "--legend") == 0) {
            cli_print_legend(stdout);
            return CLI_EXIT_SOLVED;
        }
        if (strcmp(a, "--textbook") == 0) {
            textbook(o);
            continue;
        }
        if (a[0] != '-' || a[1] == '\0') {
            if (o->file)
                return usage_error("one input file only; also got '%s'", a);
            o->file = a;
            continue;
        }
        if (flag_option(o, a))
            continue;
        char *eq = strchr(a, '=');
        const char *val = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (eq)
            *eq = '\0';
        if (!val)
            return usage_error("option '%s' needs a value", a);
        int rc = value_option(o, a, val);
        if (rc >= 0)
            return rc;
    }
    if (!o->file && !o->generate)
        return usage_error("%s", "no input file");
    return check_options(o);
}
