/* harness.h: the body shared by every game's fuzz harness (include once, after defining RF_GAME).
 *
 * Bytes become a game: byte 0 the player count, bytes 1-3 a profile or a reading mask,
 * bytes 4-11 the deal's seed, then one byte per decision picking among the legal moves
 * (so every input is a valid game; past the end the first legal move is taken, so every
 * game is played to its end). All oracles run after every move; a violation prints the
 * clause ID and the game as a record, then aborts (a crash for libFuzzer and AFL++). */
#ifndef RULEFUZZ_HARNESS_H
#define RULEFUZZ_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../cli/record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

static int rf_fuzz_one(const game_engine *g, const uint8_t *data, size_t len)
{
    static inv_ctx c;
    static game_move log[RF_MAX_GAME_MOVES];
    unsigned char st[GAME_STATE_MAX] __attribute__((aligned(16)));
    unsigned char start[GAME_STATE_MAX] __attribute__((aligned(16)));
    rf_header h;
    rf_chooser ch;
    rf_header_from_bytes(g, data, len, &h, &ch);
    if (g->setup_seed(st, &h.cfg, h.seed) != GAME_OK) abort();   /* every header is valid */
    memcpy(start, st, g->state_size);
    inv_init(&c, g, INV_GEN_ALL);
    inv_on_setup(&c, st);
    long n = c.violations ? 0 : rf_play(g, st, &ch, &c, log, RF_MAX_GAME_MOVES, RF_MAX_GAME_MOVES);
    if (c.violations) {
        fprintf(stderr, "rulefuzz: oracle %s violated at move %ld: %s\n",
                c.clause[c.first_k]->id, c.first_step, c.first_msg);
        fprintf(stderr, "rulefuzz: the game so far, as a record:\n");
        rf_record_write(stderr, &h, start, log, n, "fuzz crash");
        abort();
    }
    return 0;
}

#endif
