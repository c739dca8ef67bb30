/* fuzz_counts.c: fuzz harness for counts files: bytes are a counts file; it is refused in one line or
 * taken, prints back to itself, and taken twice doubles. */
#include "../coverage/counts.h"
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    return rf_fuzz_counts(data, len);
}
