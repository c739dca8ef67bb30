/* diff.h: lockstep play of one decision stream under two sets of readings; `rulefuzz diff` (rf_ prefix). */
#ifndef RULEFUZZ_DIFF_H
#define RULEFUZZ_DIFF_H

#include <stdint.h>
#include <stddef.h>
#include "../rules/game.h"

#define RF_DIFF_BYTES 1024          /* decision bytes per random game (past them: choice 0) */

/* Where two readings part, in one game. Moves are numbered from 1; 0 means at the deal. */
typedef struct rf_diff_game {
    long state_at;        /* first move after which the positions differ (0: the deal), -1 never */
    long legal_at;        /* first decision whose legal moves differ, -1 never */
    int scores_differ;    /* both games ended with different final scores */
    int winner_differ;    /* ... with different winners */
    long moves[2];        /* moves each side played */
    int scores[2][GAME_MAX_PLAYERS];
    unsigned winners[2];
} rf_diff_game;

/* The kinds of difference, least to most telling. */
enum { RF_KIND_STATE, RF_KIND_LEGAL, RF_KIND_SCORES, RF_KIND_WINNER, RF_KINDS };
extern const char *const rf_kind_name[RF_KINDS];

/* One game: `players`, deal `seed`, decisions from bytes[0..n) (each picks raw % legal count on
 * both sides), readings ra and rb. Move logs (may be NULL) get each side's moves. */
void rf_diff_play(const game_engine *g, int players, uint64_t seed, const uint8_t *bytes, size_t n,
                  uint32_t ra, uint32_t rb, rf_diff_game *out, game_move *log_a, game_move *log_b);

/* 1 when game d shows a difference of `kind`. */
int rf_diff_has(const rf_diff_game *d, int kind);

/* rulefuzz diff GAME A B [...] (cli/rulefuzz.c dispatches to it). */
int rf_cmd_diff(int argc, char **argv);

#endif
