/* fuzz_bids_record.c: fuzz harness for Bonje in de Stal game records: bytes are a record file (with T lines).
 * The record parser is shared; this harness's seeds and dictionary are Bonje in de Stal records. */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    return rf_fuzz_record(data, len);
}
