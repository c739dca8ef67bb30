/* fuzz_hdz_record.c: fuzz harness for the game-record parser: bytes are a record file.
 * It must never crash: every input is accepted (replayed) or rejected with a message. */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    return rf_fuzz_record(data, len);
}
