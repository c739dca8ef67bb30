/* record.h: game records (PGN-like text) and the decision-stream driver (rf_ prefix). */
#ifndef RULEFUZZ_RECORD_H
#define RULEFUZZ_RECORD_H

#include <stdio.h>
#include <stdint.h>
#include "../rules/game.h"
#include "../oracles/oracle.h"

#define RF_MAX_GAME_MOVES 8192     /* longest game a record or driver may hold */
#define RF_ERR_MAX 1024

/* Exit codes shared by the CLI, replay and triage. */
enum { RF_EXIT_OK = 0, RF_EXIT_VIOLATION = 1, RF_EXIT_BADINPUT = 2 };

/* A game's header: everything that determines the deal. */
typedef struct rf_header {
    const game_engine *g;
    game_config cfg;
    char profile[32];                /* "" when only readings are given */
    char readings[512];              /* overrides as written, "" if none */
    int has_seed;
    uint64_t seed;
    const char *position;            /* explicit position (points into caller's text) or NULL */
    size_t position_len;
    int has_result;
    int result[GAME_MAX_PLAYERS];    /* expected final scores */
} rf_header;

/* What a replay found. */
typedef struct rf_replay {
    long moves;                      /* moves applied */
    int over;                        /* the game reached its end */
    int scores[GAME_MAX_PLAYERS];
    unsigned winners;
    int violated_k;                  /* clause index in the oracle context, -1 none */
    long violated_move;              /* 1-based move number (0: at setup or end) */
    int violated_line;               /* record line of that move */
    const game_engine *g;            /* the record's game and configuration */
    game_config cfg;
    long total;                      /* move lines in the record (rf_replay_upto stops earlier) */
    unsigned char st[GAME_STATE_MAX] __attribute__((aligned(16)));  /* final state */
} rf_replay;

/* Replay a record held in text[0..len) (need not be NUL-terminated). With oracles (c may be
 * NULL) every move is checked; the record's [Game] tag decides the game, and a context set up for
 * another game, or zeroed with only `generic` set, is set up again for it (inv_init). Returns RF_EXIT_OK, RF_EXIT_VIOLATION (an oracle was violated
 * or the record's Result differs: err names the clause and the move), or RF_EXIT_BADINPUT
 * (err: "file:line: what is wrong"). */
int rf_replay_text(const char *fname, const char *text, size_t len, inv_ctx *c,
                   rf_replay *out, char *err, size_t errlen);
/* The same, stopping after `upto` moves (0: the deal; -1: all). out->total counts the record's
 * move lines; the moves after `upto` are counted, not applied, and the Result is not checked. */
int rf_replay_upto(const char *fname, const char *text, size_t len, inv_ctx *c, long upto,
                   rf_replay *out, char *err, size_t errlen);

/* Read a whole file (at most 16 MiB) into a NUL-terminated buffer the caller frees.
 * Returns NULL with err set when it cannot. */
char *rf_read_file(const char *path, size_t *len, char *err, size_t errlen);

/* Write a record: header tags, then each move as "Pn move" replayed from `start`.
 * `comment` (may be NULL) goes in a leading ';' line. Returns 0, or -1 if a move
 * does not apply to the state (a caller bug). */
int rf_record_write(FILE *f, const rf_header *h, const void *start, const game_move *moves,
                    long n, const char *comment);

/* GEN-RECORD: the game of n moves from `start` (header h), written as a record (rf_record_write),
 * replays (rf_replay_text, no oracles) to the same number of moves and the state `final` byte for
 * byte. Counted in c and reported there under GEN-RECORD (the record code shared by triage, `rulefuzz
 * play` and the crash records is what it judges). Returns 1 on a violation, else 0. */
int rf_record_check(inv_ctx *c, const rf_header *h, const void *start, const game_move *log, long n,
                    const void *final);

/* Decision stream: each choice picks one of n legal moves. From bytes while they last (one byte,
 * two when n > 256, taken modulo n), then from a generator (use_rng) or always the first move.
 * With `trace` set, every choice also appends the bytes that would make it from bytes (the byte
 * itself, or the generator's pick written as one or two bytes), up to trace_cap: the input made
 * explicit, so it plays the same game without the generator. */
typedef struct rf_chooser {
    const uint8_t *data;
    size_t len, pos;
    uint64_t rng;
    int use_rng;
    uint8_t *trace;
    size_t trace_len, trace_cap;
} rf_chooser;

int rf_choose(rf_chooser *ch, int n);

/* Play from st until the game is over, a violation is found (when c is given), or max moves.
 * Moves are appended to log (may be NULL; log_cap entries). Returns the moves played. */
long rf_play(const game_engine *g, void *st, rf_chooser *ch, inv_ctx *c,
             game_move *log, long log_cap, long max);

/* Turn fuzzer bytes into a game header and a chooser over the remaining bytes:
 * byte 0 players, byte 1 profile or reading mask (bytes 1-3), bytes 4-11 seed; past the end of
 * the bytes the decisions come from a generator seeded with a hash of all the bytes (FNV-1a), so a
 * short input is a whole random game and any change to it is another one (fuzz/planted-bugs.sh:
 * rare bugs random play reaches are found as soon as random play would). */
void rf_header_from_bytes(const game_engine *g, const uint8_t *data, size_t len,
                          rf_header *h, rf_chooser *ch);

#endif
