/* diff_gp.c: divergence fuzz target for Gloria Picktoria (see diff_harness.h; make diff-fuzz). */
#include "diff_harness.h"
#include "../rules/gp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    return rf_diff_fuzz_one(&gp_engine, data, len);
}
