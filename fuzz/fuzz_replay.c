/* fuzz_replay.c: fuzz harness for the CLI's replay path: bytes are a record of any game, replayed with
 * every oracle of the game its [Game] tag names, as `rulefuzz replay` does. */
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    return rf_fuzz_replay(data, len);
}
