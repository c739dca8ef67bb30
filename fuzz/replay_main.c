/* replay_main.c: a plain main that feeds files to a harness, for builds without libFuzzer; and
 * `--random N [--stop]`, which plays N random inputs (random play: a random header and random
 * decisions), each in a child process, counts those with a finding (planted-bugs.sh: how rare a bug
 * is) and prints the first finding's report line (the oracle's clause and message, or the
 * sanitizer's); --stop ends at the first finding (rulefuzz mutate --naming: which clause a mutant's
 * first failure names). */
#include <fcntl.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "../records/record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

/* Input i of the random series: RANDOM_LEN bytes from splitmix64 seeded with i. */
#define RANDOM_LEN 1024
static void random_input(uint64_t i, uint8_t *b)
{
    uint64_t s = i * 0x9e3779b97f4a7c15ull + 1;
    for (int j = 0; j < RANDOM_LEN; j += 8) {
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        z ^= z >> 31;
        memcpy(b + j, &z, 8);
    }
}

/* The first line of the file at fd that reports a finding, into out ("" when none). */
static void finding_line(int fd, char *out, size_t n)
{
    static char buf[1 << 16];
    ssize_t r = pread(fd, buf, sizeof buf - 1, 0);
    out[0] = 0;
    if (r <= 0) return;
    buf[r] = 0;
    static const char *const marks[] = {"rulefuzz: oracle ", "ERROR: AddressSanitizer", "runtime error: "};
    for (char *line = buf; line && *line; ) {
        char *nl = strchr(line, '\n');
        if (nl) *nl = 0;
        for (int k = 0; k < 3; k++)
            if (strstr(line, marks[k])) { snprintf(out, n, "%.*s", (int)(n - 1), line); return; }
        line = nl ? nl + 1 : NULL;
    }
}

static int run_random(long n, int stop)
{
    long found = 0, first = -1;
    char tmp[] = "/tmp/rf-random-XXXXXX", line[1024] = "";
    int log = mkstemp(tmp);
    if (log < 0) { perror("mkstemp"); return 2; }
    unlink(tmp);
    for (long i = 0; i < n; i++) {
        if (first < 0 && ftruncate(log, 0) != 0) { perror("ftruncate"); return 2; }
        pid_t pid = fork();
        if (pid < 0) { perror("fork"); return 2; }
        if (pid == 0) {
            static uint8_t b[RANDOM_LEN];
            int fd = first < 0 ? log : open("/dev/null", O_WRONLY);
            if (fd >= 0) { lseek(fd, 0, SEEK_SET); dup2(fd, 2); }
            random_input((uint64_t)i, b);
            LLVMFuzzerTestOneInput(b, sizeof b);
            _exit(0);
        }
        int status;
        if (waitpid(pid, &status, 0) < 0) { perror("waitpid"); return 2; }
        if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
            found++;
            if (first < 0) { first = i; finding_line(log, line, sizeof line); }
            if (stop) { n = i + 1; break; }
        }
    }
    close(log);
    printf("random inputs: %ld, with a finding: %ld (first: input %ld)\n", n, found, first);
    if (first >= 0) printf("first finding: %s\n", line[0] ? line : "(no report line: a crash)");
    return 0;
}

int main(int argc, char **argv)
{
    if ((argc == 3 || (argc == 4 && !strcmp(argv[3], "--stop"))) && !strcmp(argv[1], "--random")) {
        char *e;
        long n = strtol(argv[2], &e, 10);
        if (*e || n < 1 || n > 100000000) { fprintf(stderr, "--random takes a count of inputs, not '%s'\n", argv[2]); return 2; }
        return run_random(n, argc == 4);
    }
    if (argc < 2) {
        fprintf(stderr, "usage: %s INPUT...  (replays fuzz inputs through the harness)\n"
                        "       %s --random N [--stop]  (N random inputs, each in a child; counts the findings,\n"
                        "       prints the first one's report line; --stop: stop there)\n", argv[0], argv[0]);
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
