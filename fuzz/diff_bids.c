/* diff_bids.c: divergence fuzz target for Bonje in de Stal (see diff_harness.h; make diff-fuzz). */
#include "diff_harness.h"
#include "../rules/bids.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    return rf_diff_fuzz_one(&bids_engine, data, len);
}
