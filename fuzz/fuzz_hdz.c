/* fuzz_hdz.c: fuzz harness for Herr der Ziegen: bytes -> deal + decisions, every oracle on. */
#include "harness.h"
#include "../rules/hdz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    return rf_fuzz_one(&hdz_engine, data, len);
}
