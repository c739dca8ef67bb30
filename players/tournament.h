/* tournament.h: policies played against each other, seat by seat (pol_ prefix; the command: rf_cmd_tournament). */
#ifndef RULEFUZZ_TOURNAMENT_H
#define RULEFUZZ_TOURNAMENT_H

#include "policy.h"

#define POL_TOURNAMENT_MAX 8

/* One tournament game: which policy sat where, each seat's share of the win, its cost. */
typedef struct pol_game {
    int players;
    int pol[GAME_MAX_PLAYERS];      /* policy index of each seat */
    double share[GAME_MAX_PLAYERS]; /* 1/k for each of k winners, else 0 */
    int ended;
    long moves;
    double seconds;                 /* wall time of the game (all seats' decisions) */
} pol_game;

/* The policy of seat s in the r-th game at a player count (r from 0): the seats turn by one each game
 * and the policies shift by one every `players` games, so that over every npol * players games each
 * policy sits in each seat equally often (players times). */
int pol_seat_policy(int seat, int players, long r, int npol);
/* One game at its player count's r-th place: seat s plays pols[pol_seat_policy(s, players, r, npol)];
 * deal `seed`; the readings given. */
void pol_tournament_game(const game_engine *g, const pol_spec *pols, int npol, int players, uint32_t readings,
                         uint64_t seed, long r, pol_game *out);
/* `games` games (players 0: min..max in turn, game k at k % span; deal seeds seed0, seed0+1, ...) on
 * `jobs` processes; game k is the (k / span)-th at its player count (k-th with fixed players).
 * 0, or -1 when a worker failed. */
int pol_tournament(const game_engine *g, const pol_spec *pols, int npol, int players, uint32_t readings, uint64_t seed0,
                   long games, int jobs, pol_game *out);

/* rulefuzz tournament GAME [--policies LIST] [--games N] [--players P] [--profile NAME] [--seed S] [--jobs J] */
int rf_cmd_tournament(int argc, char **argv);

#endif
