/*
 * options.c -- the command line: options of FORMATS.md section 2, the
 * engine parameters (from the BNB_PARAMS table, as --set NAME=VALUE),
 * --help and --version.
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pz.h"

static const char *usage_text =
    "usage: bnb [options] FILE            solve a puzzle file\n"
    "       bnb [options] MODEL.lp|.mps   solve a CPLEX-LP or MPS model\n"
    "\n"
    "options:\n"
    "  --quiet              print the solution block only\n"
    "  --all                enumerate every (optimal) solution\n"
    "  --variant NAME       choose a puzzle's formulation\n"
    "  --node-limit N       stop after N branch-and-bound nodes\n"
    "  --time-limit S       stop after S seconds\n"
    "  --memory-limit MB    megabytes the open nodes may hold (default a\n"
    "                       quarter of physical memory): past 90% depth\n"
    "                       first, at 100% stop (exit 3)\n"
    "  --branch RULE        most | first | pseudocost | auto (default: first\n"
    "                       for a model without objective, else pseudocost)\n"
    "  --child WHICH        down | up | nearest | auto: the child solved first\n"
    "                       (default: up without objective, else nearest)\n"
    "  --lp-only            solve the LP relaxation only (prints duals)\n"
    "  --write-lp FILE      write the model as CPLEX-LP, then solve\n"
    "  --write-mps FILE     write the model as free MPS, then solve\n"
    "  --trace, --trace=lp  narrate the search (and every pivot)\n"
    "  --trace-file FILE    send the trace to FILE instead of stdout\n"
    "  --tableau            print the simplex tableau at each pivot\n"
    "  --tree FILE.dot      write the search tree as Graphviz DOT\n"
    "                       (FILE.bak: a BAK event log for GrUMPy)\n"
    "  --model-stats        list the row and column families\n"
    "  --set NAME=VALUE     set an engine parameter (list below)\n"
    "  --help, --version\n"
    "\n"
    "exit status: 0 solved, 1 infeasible (no solution), 2 bad input or\n"
    "usage, 3 a limit stopped the search, 4 numerical failure,\n"
    "5 unbounded objective, 6 the model's answer breaks the puzzle's\n"
    "rules (the wrong published models, --variant paper), 7 out of\n"
    "memory.\n";

static void print_help(void)
{
    fputs(usage_text, stdout);
    printf("\nengine parameters (--set NAME=VALUE):\n");
#define BNB_PARAM_HELP(type, name, def, lo, hi, help)                       \
    printf("  %-15s %s (default %g, range %g..%g)\n", #name, help,          \
           (double)(def), (double)(lo), (double)(hi));
    BNB_PARAMS(BNB_PARAM_HELP)
#undef BNB_PARAM_HELP
    printf("\npuzzle kinds (the file's first line is `puzzle: KIND`):\n");
    pz_print_kinds(stdout);
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

/* --set NAME=VALUE: every parameter of the BNB_PARAMS table. */
static int set_param(bnb_params *p, const char *arg)
{
    const char *eq = strchr(arg, '=');
    if (!eq)
        return usage_error("--set wants NAME=VALUE, got '%s'", arg);
    size_t len = (size_t)(eq - arg);
    double v;
#define BNB_PARAM_SET(type, name, def, lo, hi, help)                        \
    if (len == strlen(#name) && strncmp(arg, #name, len) == 0) {            \
        if (!parse_number(eq + 1, (double)(lo), (double)(hi), &v))          \
            return usage_error("--set: value out of range in '%s'", arg);   \
        p->name = (type)v;                                                  \
        return -1;                                                          \
    }
    BNB_PARAMS(BNB_PARAM_SET)
#undef BNB_PARAM_SET
    return usage_error("--set: unknown parameter in '%s'", arg);
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

/* Options that take a value; returns -1 when handled, else a status. */
static int value_option(cli_options *o, const char *name, const char *val)
{
    static const char *const branch_names[] = {"most", "first",
                                               "pseudocost", "auto", NULL};
    static const char *const child_names[] = {"down", "up", "nearest",
                                              "auto", NULL};
    double v;
    if (strcmp(name, "--variant") == 0) o->variant = val;
    else if (strcmp(name, "--write-lp") == 0) o->write_lp = val;
    else if (strcmp(name, "--write-mps") == 0) o->write_mps = val;
    else if (strcmp(name, "--tree") == 0) o->tree_file = val;
    else if (strcmp(name, "--trace-file") == 0) o->trace_file = val;
    else if (strcmp(name, "--set") == 0) return set_param(&o->par, val);
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
            return usage_error("--branch: most, first, pseudocost or auto, not "
                               "'%s'", val);
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
    else if (strcmp(a, "--all") == 0) o->all = o->par.enumerate_all = 1;
    else if (strcmp(a, "--lp-only") == 0) o->par.lp_only = 1;
    else if (strcmp(a, "--model-stats") == 0) o->model_stats = 1;
    else if (strcmp(a, "--tableau") == 0) o->tableau = 1;
    else if (strcmp(a, "--trace") == 0) o->trace = CLI_TRACE_NODES;
    else if (strcmp(a, "--trace=lp") == 0) o->trace = CLI_TRACE_LP;
    else return 0;
    return 1;
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
    if (!o->file)
        return usage_error("%s", "no input file");
    return -1;
}
