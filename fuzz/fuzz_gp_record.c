/* fuzz_gp_record.c: fuzz harness for Gloria Picktoria game records: bytes are a record file.
 * The record parser is shared; this harness's seeds and dictionary are Gloria Picktoria records. */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    return rf_fuzz_record(data, len);
}
