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
    if (g->setup_seed(st, &h.cfg, h.seed) != GAME_OK) {          /* every header is valid */
        fprintf(stderr, "rulefuzz: oracle GEN-REFUSAL violated at move 0: setup_seed refuses %d players under readings 0x%x\n",
                h.cfg.players, h.cfg.readings);
        abort();
    }
    memcpy(start, st, g->state_size);
    if (inv_init(&c, g, INV_GEN_ALL) != 0) {
        fprintf(stderr, "rulefuzz: no oracles for %s\n", g->name);
        abort();
    }
    /* The conformance checks are sampled (docs/campaigns-and-ci.md): every clause oracle judges
     * every move, the costly GEN- checks one step in rf_gen_every(), on steps chosen from the
     * input's own bytes, so a finding reproduces from the input alone and `rulefuzz inputs` /
     * triage replay every step of it with every check. */
    c.gen_every = rf_gen_every();
    c.gen_phase = rf_input_hash(data, len);
    inv_on_setup(&c, st);
    long n = c.violations ? 0 : rf_play(g, st, &ch, &c, log, RF_MAX_GAME_MOVES, RF_MAX_GAME_MOVES);
    /* GEN-RECORD, sampled as the costly GEN- checks are: one input in rf_gen_every(), by its hash */
    if (!c.violations && (c.generic & INV_GEN_RECORD) && (c.gen_every <= 1 || c.gen_phase % c.gen_every == 0))
        rf_record_check(&c, &h, start, log, n, st);
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
    if (rc != RF_EXIT_OK && rc != RF_EXIT_VIOLATION && rc != RF_EXIT_BADINPUT) {
        fprintf(stderr, "rulefuzz: the record reader returned %d, no exit code it has\n", rc);
        abort();
    }
    if (rc == RF_EXIT_BADINPUT && (err[0] == 0 || strchr(err, '\n'))) {   /* one line, always: GEN-REFUSAL */
        fprintf(stderr, "rulefuzz: oracle GEN-REFUSAL violated: a record refused without a one-line reason: '%s'\n", err);
        abort();
    }
    return 0;
}

/* The position harness: bytes 0-3 the configuration (as rf_header_from_bytes: players, then a
 * profile or a reading mask), the rest a position text for the engine's loader. A position the
 * loader takes must be one the game's position oracles (and GEN-ROUNDTRIP) pass, and one they
 * refuse must have been refused at load (issue 33: what loads is a position some game reaches);
 * from it up to RF_POSITION_MOVES moves are played with every oracle on, decided by a generator
 * seeded with a hash of the input. A disagreement prints the clause and the position as a
 * record, then aborts. */
#define RF_POSITION_MOVES 64
__attribute__((unused)) static int rf_fuzz_position(const game_engine *g, const uint8_t *data, size_t len)
{
    rf_count_exec();
    static inv_ctx c;
    static game_move log[RF_POSITION_MOVES];
    static char text[GAME_TEXT_MAX + 1];
    unsigned char st[GAME_STATE_MAX] __attribute__((aligned(16)));
    unsigned char start[GAME_STATE_MAX] __attribute__((aligned(16)));
    if (len < 4 || len - 4 > GAME_TEXT_MAX) return 0;
    rf_header h;
    rf_chooser ch;
    rf_header_from_bytes(g, data, len, &h, &ch);
    ch.data = NULL; ch.len = 0;                      /* the decisions: from the hash of every byte */
    h.has_seed = 0;
    memcpy(text, data + 4, len - 4);
    text[len - 4] = 0;
    char err[RF_ERR_MAX] = "";
    if (g->setup_position(st, &h.cfg, text, err, sizeof err) != GAME_OK) {
        if (!err[0] || strchr(err, '\n')) {
            fprintf(stderr, "rulefuzz: oracle GEN-REFUSAL violated: %s's loader refused a position without a one-line reason: '%s'\n",
                    g->name, err);
            abort();
        }
        return 0;
    }
    memcpy(start, st, g->state_size);
    if (inv_init(&c, g, INV_GEN_ALL) != 0) abort();
    inv_on_position(&c, st);
    long n = c.violations ? 0 : rf_play(g, st, &ch, &c, log, RF_POSITION_MOVES, RF_POSITION_MOVES);
    rf_count_moves(n);
    rf_log_new_clauses(&c);
    if (c.violations) {
        if (c.first_step == 0)
            fprintf(stderr, "rulefuzz: oracle %s refuses a position %s's loader took: %s\n",
                    c.clause[c.first_k]->id, g->name, c.first_msg);
        else
            fprintf(stderr, "rulefuzz: oracle %s violated at move %ld after a loaded position: %s\n",
                    c.clause[c.first_k]->id, c.first_step, c.first_msg);
        fprintf(stderr, "rulefuzz: the position and the moves, as a record:\n");
        rf_record_write(stderr, &h, start, log, n, "fuzz crash (position harness)");
        rf_count_exec_flush(1);
        abort();
    }
    return 0;
}

/* The CLI's replay path: the bytes are a record as people write them (comments, tags in any
 * order, repeated tags, a byte-order mark, CRLF line ends), replayed as `rulefuzz replay` does,
 * every oracle on (its own game's, chosen by the record's [Game] tag). Bad input must be refused in
 * one line; an oracle violation by a record the engine replays is a finding (a Result the record
 * states wrongly is not). */
__attribute__((unused)) static int rf_fuzz_replay(const uint8_t *data, size_t len)
{
    rf_count_exec();
    static rf_replay out;
    static inv_ctx c;
    char err[RF_ERR_MAX] = "";
    memset(&c, 0, sizeof c);
    c.generic = INV_GEN_ALL;
    int rc = rf_replay_text("fuzz.rec", (const char *)data, len, &c, &out, err, sizeof err);
    if (rc == RF_EXIT_BADINPUT && (err[0] == 0 || strchr(err, '\n'))) {
        fprintf(stderr, "rulefuzz: oracle GEN-REFUSAL violated: a record refused without a one-line reason: '%s'\n", err);
        abort();
    }
    if (rc != RF_EXIT_OK && rc != RF_EXIT_VIOLATION && rc != RF_EXIT_BADINPUT) abort();
    if (c.g) {
        rf_count_moves(out.moves);
        rf_log_new_clauses(&c);
    }
    if (rc == RF_EXIT_VIOLATION && out.violated_k >= 0) {
        fprintf(stderr, "rulefuzz: oracle %s: %s\n", c.clause[out.violated_k]->id, err);
        rf_count_exec_flush(1);
        abort();
    }
    return 0;
}

#ifdef RULEFUZZ_COUNTS_H
/* Whether two accumulators hold the same rows (a missing first input and an empty one alike). */
static int rf_cov_same(const rf_cov *a, const rf_cov *b)
{
    if (a->n != b->n) return 0;
    for (int i = 0; i < a->n; i++) {
        const rf_cov_row *x = &a->row[i], *y = &b->row[i];
        if (strcmp(x->game, y->game) || strcmp(x->clause, y->clause) || x->applied != y->applied ||
            x->fired != y->fired || x->violated != y->violated ||
            strcmp(x->first ? x->first : "", y->first ? y->first : ""))
            return 0;
    }
    return 1;
}

/* The counts-file harness: the bytes are a counts file. It is refused in one line with nothing
 * added, or taken; what is taken prints back to a file that parses to the same rows, and taking
 * the same file again doubles every counter or is refused with the first one unchanged. */
__attribute__((unused)) static int rf_fuzz_counts(const uint8_t *data, size_t len)
{
    rf_count_exec();
    rf_cov a, b, a0;
    rf_cov_init(&a); rf_cov_init(&b); rf_cov_init(&a0);
    char err[512] = "";
    int rc = rf_cov_parse(&a, "fuzz.counts", (const char *)data, len, err, sizeof err);
    if (rc != RF_EXIT_OK) {
        if (rc != RF_EXIT_BADINPUT || !err[0] || strchr(err, '\n') || a.n) {
            fprintf(stderr, "rulefuzz: a counts file refused without a one-line reason, or half taken: '%s'\n", err);
            abort();
        }
        return 0;
    }
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    if (!f) abort();
    rf_cov_print(f, &a);
    if (fclose(f) != 0) abort();
    if (rf_cov_parse(&b, "printed.counts", buf, n, err, sizeof err) != RF_EXIT_OK || !rf_cov_same(&a, &b)) {
        fprintf(stderr, "rulefuzz: a counts file does not print back to itself: %s\n", err[0] ? err : "other rows");
        abort();
    }
    rf_cov_parse(&a0, "again.counts", buf, n, err, sizeof err);
    if (rf_cov_parse(&a, "again.counts", (const char *)data, len, err, sizeof err) == RF_EXIT_OK) {
        for (int i = 0; i < a.n; i++)
            if (a.row[i].applied != 2 * a0.row[i].applied || a.row[i].fired != 2 * a0.row[i].fired ||
                a.row[i].violated != 2 * a0.row[i].violated) {
                fprintf(stderr, "rulefuzz: a counts file taken twice does not double %s %s\n", a.row[i].game, a.row[i].clause);
                abort();
            }
    } else if (!rf_cov_same(&a, &a0)) {
        fprintf(stderr, "rulefuzz: a counts file refused the second time changed the accumulator: %s\n", err);
        abort();
    }
    free(buf);
    rf_cov_free(&a); rf_cov_free(&b); rf_cov_free(&a0);
    return 0;
}
#endif

#endif
