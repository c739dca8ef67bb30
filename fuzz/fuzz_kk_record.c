/* fuzz_kk_record.c: fuzz harness for Kleine Kläffer game records: bytes are a record file.
 * The record parser is shared; this harness's seeds and dictionary are Kleine Kläffer records. */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    return rf_fuzz_record(data, len);
}
