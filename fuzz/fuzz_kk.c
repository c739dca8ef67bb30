/* fuzz_kk.c: fuzz harness for Kleine Kläffer: bytes -> deal + decisions, every oracle on. */
#include "harness.h"
#include "../rules/kk.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    return rf_fuzz_one(&kk_engine, data, len);
}
