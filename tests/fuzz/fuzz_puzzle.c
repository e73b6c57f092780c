/*
 * fuzz_puzzle.c -- libFuzzer harness for the puzzle front ends: read and
 * build any kind (the file names it), solve small models under tight
 * limits and print the solution through the kind's own checker.
 */
#include "fuzz_common.h"
#include "pz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512];
    const char *path = fuzz_file(".txt", data, size);
    pz_puzzle *p = path ? pz_load(path, NULL, err, sizeof err) : NULL;
    if (!p)
        return 0;
    const bnb_model *m = pz_model(p);
    if (bnb_num_cols(m) <= FUZZ_MAX_SOLVE_COLS) {
        bnb_params par;
        bnb_params_default(&par);
        par.node_limit = 200;
        par.iter_limit = 20000;
        par.time_limit = 1;
        bnb_result r;
        if (bnb_solve(m, &par, NULL, NULL, &r) == BNB_OK) {
            FILE *sink = fopen("/dev/null", "w");
            if (r.has_solution && sink)
                pz_print_solution(p, r.x, sink, err, sizeof err);
            if (sink)
                fclose(sink);
            bnb_result_free(&r);
        }
    }
    pz_free(p);
    return 0;
}
