/* fuzz_bids_position.c: fuzz harness for the bids position loader: bytes 0-3 the configuration, the rest
 * a position text; what loads must pass the position oracles, then plays on with every oracle on. */
#include "harness.h"
#include "../rules/bids.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    return rf_fuzz_position(&bids_engine, data, len);
}
