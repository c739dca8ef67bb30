/* fuzz_bids.c: fuzz harness for Bonje in de Stal: bytes -> deal + decisions (the table's and the seats'), every oracle on. */
#include "harness.h"
#include "../rules/bids.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    return rf_fuzz_one(&bids_engine, data, len);
}
