/* replay_main.c: a plain main that feeds files to a harness, for builds without libFuzzer. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include "../cli/record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s INPUT...  (replays fuzz inputs through the harness)\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        char err[RF_ERR_MAX] = "";
        size_t len;
        char *data = rf_read_file(argv[i], &len, err, sizeof err);
        if (!data) { fprintf(stderr, "%s\n", err); return 2; }
        LLVMFuzzerTestOneInput((const uint8_t *)data, len);
        free(data);
    }
    printf("replayed %d inputs, no finding\n", argc - 1);
    return 0;
}
