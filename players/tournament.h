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
    double seat_seconds[GAME_MAX_PLAYERS];  /* time each seat spent deciding */
} pol_game;

/* Duplicate deals: deal k (players[k] seats, deal seed derived from seed0 and k) is played in all
 * npol * players[k] seatings of pol_seat_policy with the same decision draws, so that what a deal and
 * a seat give cancels between the policies; out receives the games deal by deal, seating by seating
 * (the sum of npol * players[k] games). 0, or -1 when a worker failed. */
int pol_duplicate(const game_engine *g, const pol_spec *pols, int npol, const int *players, long deals, uint32_t readings,
                  uint64_t seed0, int jobs, pol_game *out);

/* Ratings from a tournament: Bradley-Terry strengths fitted to every pair of seats with different
 * policies in every game (a higher share of the win beats a lower one, equal shares draw), on the Elo
 * scale (400 log10 of the strength ratio) relative to policy 0, with 95% percentile intervals from a
 * bootstrap over games (`boots` resamples), and each policy's cost: its seats' decision time per
 * game, scaled to a game in which it plays every seat. */
typedef struct pol_rating {
    double elo, lo, hi;
    double ms_per_game;
    long pairs;                     /* pairwise comparisons it took part in */
} pol_rating;
void pol_ratings(const pol_game *games, long n, int npol, int boots, uint64_t seed, pol_rating *out);

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
