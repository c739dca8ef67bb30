/* diff_hdz.c: divergence fuzz target for Herr der Ziegen (see diff_harness.h; make diff-fuzz). */
#include "diff_harness.h"
#include "../rules/hdz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    return rf_diff_fuzz_one(&hdz_engine, data, len);
}
