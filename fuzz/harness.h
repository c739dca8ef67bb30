/* harness.h: the body shared by every game's fuzz harness (include once, after defining RF_GAME).
 *
 * Bytes become a game: byte 0 the player count, bytes 1-3 a profile or a reading mask,
 * bytes 4-11 the deal's seed, then one byte per decision picking among the legal moves
 * (so every input is a valid game; past the end a generator seeded with a hash of the whole
 * input decides, so every game is played to its end and a short input is a whole random game:
 * records/record.h). All oracles run after every move; a violation prints the
 * clause ID and the game as a record, then aborts (a crash for libFuzzer and AFL++). */
#ifndef RULEFUZZ_HARNESS_H
#define RULEFUZZ_HARNESS_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../records/record.h"
#include "case_edges.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

/* Campaign progress: when RF_CLAUSE_LOG names a file, the first time this process sees a
 * clause fire, its ID is appended there (a few writes per process, never per input). */
static void rf_log_new_clauses(const inv_ctx *c)
{
    static int fd = -2;
    static uint8_t seen[INV_MAX_CLAUSES];
    if (fd == -2) {
        const char *path = getenv("RF_CLAUSE_LOG");
        fd = path && *path ? open(path, O_WRONLY | O_APPEND | O_CREAT, 0644) : -1;
    }
    if (fd < 0) return;
    for (int k = 0; k < c->n; k++)
        if (!seen[k] && c->count[k].fired) {
            char line[80];
            int n = snprintf(line, sizeof line, "%s\n", c->clause[k]->id);
            seen[k] = 1;
            if (n > 0 && write(fd, line, (size_t)n) < 0) return;
        }
}

/* Campaign progress: when RF_STATS_DIR names a folder, each process keeps the number of
 * inputs it ran and the moves they played in RF_STATS_DIR/<pid>, as "INPUTS MOVES" (rewritten
 * every 64 inputs), whichever fuzzer runs it. rf_count_moves adds an input's moves. */
static unsigned long long rf_moves_total;
static void rf_count_moves(long n) { if (n > 0) rf_moves_total += (unsigned long long)n; }

static void rf_count_exec_flush(int flush)
{
    static int fd = -2;
    static unsigned long long n;
    if (flush) n--;                                  /* write the count as it stands */
    if (fd == -2) {
        const char *dir = getenv("RF_STATS_DIR");
        char path[4096];
        fd = -1;
        if (dir && *dir && snprintf(path, sizeof path, "%s/%ld", dir, (long)getpid()) < (int)sizeof path)
            fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    }
    if (fd >= 0 && ((++n & 63) == 0 || flush)) {
        char b[64];
        int l = snprintf(b, sizeof b, "%llu %llu\n", n, rf_moves_total);
        if (pwrite(fd, b, (size_t)l, 0) < 0) fd = -1;
    }
}

static void rf_count_exec(void) { rf_count_exec_flush(0); }

/* One step in RF_GEN_EVERY (default 32; the environment variable of that name overrides it, 1
 * checks every step) gets the costly conformance checks in the game harnesses. */
#define RF_GEN_EVERY_DEFAULT 32
static unsigned rf_gen_every(void)
{
    static unsigned every;
    if (!every) {
        const char *e = getenv("RF_GEN_EVERY");
        long v = e && *e ? strtol(e, NULL, 10) : RF_GEN_EVERY_DEFAULT;
        every = v >= 1 && v <= 1000000 ? (unsigned)v : RF_GEN_EVERY_DEFAULT;
    }
    return every;
}

/* FNV-1a of the input: where in the game the sampled checks fall. */
static unsigned rf_input_hash(const uint8_t *data, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++) h = (h ^ data[i]) * 16777619u;
    return h;
}

__attribute__((unused)) static int rf_fuzz_one(const game_engine *g, const uint8_t *data, size_t len)
{
    rf_count_exec();
    static inv_ctx c;
    static game_move log[RF_MAX_GAME_MOVES];
    unsigned char st[GAME_STATE_MAX] __attribute__((aligned(16)));
    unsigned char start[GAME_STATE_MAX] __attribute__((aligned(16)));
    rf_header h;
    rf_chooser ch;
    rf_header_from_bytes(g, data, len, &h, &ch);
    if (g->setup_seed(st, &h.cfg, h.seed) != GAME_OK) abort();   /* every header is valid */
    memcpy(start, st, g->state_size);
    if (inv_init(&c, g, INV_GEN_ALL) != 0) {
        fprintf(stderr, "rulefuzz: no oracles for %s\n", g->name);
        abort();
    }
    /* The conformance checks are sampled (README, "Fuzz campaigns"): every clause oracle judges
     * every move, the costly GEN- checks one step in rf_gen_every(), on steps chosen from the
     * input's own bytes, so a finding reproduces from the input alone and `rulefuzz inputs` /
     * triage replay every step of it with every check. */
    c.gen_every = rf_gen_every();
    c.gen_phase = rf_input_hash(data, len);
    inv_on_setup(&c, st);
    long n = c.violations ? 0 : rf_play(g, st, &ch, &c, log, RF_MAX_GAME_MOVES, RF_MAX_GAME_MOVES);
    rf_count_moves(n);
    rf_log_new_clauses(&c);
    rf_case_feedback(&c);
    if (c.violations) {
        fprintf(stderr, "rulefuzz: oracle %s violated at move %ld: %s\n",
                c.clause[c.first_k]->id, c.first_step, c.first_msg);
        fprintf(stderr, "rulefuzz: the game so far, as a record:\n");
        rf_record_write(stderr, &h, start, log, n, "fuzz crash");
        rf_count_exec_flush(1);
        abort();
    }
    return 0;
}

/* The record-parser harness: the bytes are a record file. Replays it (engine and parser
 * only) and returns; any crash or sanitizer report is the finding. */
__attribute__((unused)) static int rf_fuzz_record(const uint8_t *data, size_t len)
{
    rf_count_exec();
    static rf_replay out;
    char err[RF_ERR_MAX];
    int rc = rf_replay_text("fuzz.rec", (const char *)data, len, NULL, &out, err, sizeof err);
    if (rc != RF_EXIT_OK && rc != RF_EXIT_VIOLATION && rc != RF_EXIT_BADINPUT) abort();
    if (rc == RF_EXIT_BADINPUT && (err[0] == 0 || strchr(err, '\n'))) abort();  /* one line, always */
    return 0;
}

#endif
