/*
 * fuzz_mps.c -- libFuzzer harness for the MPS reader: read; what
 * reads is written as LP and MPS, read back and compared, and solved
 * when small.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512];
    const char *path = fuzz_file(".mps", data, size);
    bnb_model *m = path ? bnb_read_mps(path, err, sizeof err) : NULL;
    if (m) {
        fuzz_round_trip(m);
        fuzz_solve(m);
        bnb_model_free(m);
    }
    return 0;
}
