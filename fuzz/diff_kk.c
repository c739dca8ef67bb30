/* diff_kk.c: divergence fuzz target for Kleine Kläffer (see diff_harness.h; make diff-fuzz). */
#include "diff_harness.h"
#include "../rules/kk.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    return rf_diff_fuzz_one(&kk_engine, data, len);
}
