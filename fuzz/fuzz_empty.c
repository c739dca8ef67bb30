/* fuzz_empty.c: a harness that does nothing, to measure each fuzzer's own ceiling (make bench). */
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    return (int)(len > 0 && data[0] == 0xff);
}
