/* fuzz_gp.c: fuzz harness for Gloria Picktoria: bytes -> deal + decisions, every oracle on. */
#include "harness.h"
#include "../rules/gp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    return rf_fuzz_one(&gp_engine, data, len);
}
