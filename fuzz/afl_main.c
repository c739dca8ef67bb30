/* afl_main.c: AFL++ persistent-mode driver with shared-memory input, for any harness. */
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

#ifndef __AFL_FUZZ_TESTCASE_LEN
#error "build with afl-clang-fast (afl-cc): it defines the persistent-mode macros"
#endif

__AFL_FUZZ_INIT();

int main(void)
{
    __AFL_INIT();
    unsigned char *buf = __AFL_FUZZ_TESTCASE_BUF;   /* shared memory, no read() per input */
    while (__AFL_LOOP(10000)) {
        int len = __AFL_FUZZ_TESTCASE_LEN;
        LLVMFuzzerTestOneInput(buf, (size_t)len);
    }
    return 0;
}
