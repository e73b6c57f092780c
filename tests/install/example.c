/*
 * example.c -- a program that uses the installed bnb library: a small
 * knapsack built through the API, a parameter set by name, and a puzzle
 * read and solved through bnb_puzzle.h. It defines a cut_select() of its
 * own, which must not clash with anything inside the library.
 * usage: example PUZZLE_FILE
 */
#include <bnb.h>
#include <bnb_puzzle.h>
#include <stdio.h>

int cut_select(void) { return 42; }

static int knapsack(void)
{
    bnb_model *m = bnb_model_new("knap");
    const double value[] = {16, 22, 12, 8}, weight[] = {5, 7, 4, 3};
    int cols[4];
    for (int j = 0; j < 4; j++) {
        char name[8];
        snprintf(name, sizeof name, "x%d", j + 1);
        cols[j] = bnb_add_col(m, name, 0, 1, value[j], 1);
    }
    bnb_add_row(m, "weight", 4, cols, weight, -BNB_INF, 14);
    bnb_set_sense(m, BNB_MAXIMIZE);
    bnb_params p;
    bnb_params_default(&p);
    if (bnb_params_set(&p, "branch_rule", "0") != BNB_OK ||
        bnb_params_set(&p, "branch_rule", "0.5") != BNB_ERR_ARG)
        return 1;
    bnb_result r;
    int rc = bnb_solve(m, &p, NULL, NULL, &r);
    printf("knapsack: %s, objective %g\n", bnb_status_name(r.status), r.objective);
    bnb_result_free(&r);
    bnb_model_free(m);
    return rc;
}

int main(int argc, char **argv)
{
    printf("bnb %s, %s\n", bnb_version(), bnb_error_string(BNB_ERR_NOMEM));
    if (knapsack() != BNB_OK || argc < 2 || cut_select() != 42)
        return 1;
    char err[256];
    bnb_puzzle *pz = bnb_puzzle_read(argv[1], NULL, err, sizeof err);
    if (!pz) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    bnb_result r;
    bnb_solve(bnb_puzzle_model(pz), NULL, NULL, NULL, &r);
    printf("%s: %s\n", bnb_puzzle_describe(pz), bnb_status_name(r.status));
    int rc = r.x ? bnb_puzzle_print_solution(pz, r.x, stdout, err, sizeof err) : 1;
    bnb_result_free(&r);
    bnb_puzzle_free(pz);
    return rc;
}
