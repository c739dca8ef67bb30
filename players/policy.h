/* policy.h: the players rulefuzz plays games with: random, greedy and Monte Carlo deciders over game.h (pol_ prefix). */
#ifndef RULEFUZZ_POLICY_H
#define RULEFUZZ_POLICY_H

#include <stddef.h>
#include <stdint.h>
#include "../rules/game.h"

/* How a seat decides. The table's decisions (GAME_TABLE: who grabs or plays first in a real-time
 * game) are luck and always random, whatever the seats' policy. */
typedef enum pol_kind {
    POL_RANDOM = 0,  /* a uniform pick among the legal moves */
    POL_GREEDY,      /* the move best by a one-ply look-ahead on score_now, seen from the seat's view */
    POL_MC,          /* determinized flat Monte Carlo: per legal move, `playouts` random games from
                        states consistent with what the seat sees; the most wins */
    POL_SENSIBLE     /* greedy over the whole turn: each move judged by the best margin the seat can reach
                        by the end of its turn (its own next decisions, the best few at each step), on
                        its own view; then the best candidates tried again by random playouts from
                        samples of what it cannot see (sequential halving; per game: policy.c) */
} pol_kind;

typedef struct pol_spec {
    pol_kind kind;
    int playouts;    /* POL_MC: random games per legal move (>= 1) */
    int depth;       /* POL_MC: moves per playout before it is judged by score_now; 0: to the end */
} pol_spec;

#define POL_NAME_MAX 32

/* "random", "greedy", "sensible", "mc:N" or "mc:N:D" (N playouts per move, D moves deep). 0, or -1 with a
 * one-line reason in err. */
int pol_parse(const char *text, pol_spec *out, char *err, size_t errlen);
/* The spec as pol_parse reads it; returns the length. */
int pol_print(const pol_spec *p, char *buf, size_t n);

/* The index, among legal[0..n) (the engine's legal moves of st, n >= 1), of the move the policy
 * picks for the decider of st. Every random draw comes from *rng, so the pick is a function of the
 * state, the list and *rng: the same three give the same pick. A seat never looks at what it cannot
 * see: greedy judges moves on redact(st, seat); mc plays out from determinize(st, seat) samples
 * (redact when the engine has no determinize). */
int pol_choose(const game_engine *g, const pol_spec *p, const void *st, const game_move *legal, int n, uint64_t *rng);

/* Value of the position for seat `who` as a share of a win: 1/k when it is one of k winners, else
 * 0 (result when the game is over, score_now otherwise; 0 when the engine cannot tell). */
double pol_win_share(const game_engine *g, const void *st, int who);

/* Seat `who`'s margin in the position in the game's own sense (game.h score_sense): its score_now
 * less the best other seat's, negated where the fewest points win; 0 when the engine has no score_now. */
double pol_margin(const game_engine *g, const void *st, int who);

/* Play st to its end (or max_moves): each seat s decides by seats[s] (NULL: every seat random),
 * the table at random, from *rng. Returns the moves played. */
long pol_play(const game_engine *g, void *st, const pol_spec *const *seats, uint64_t *rng, long max_moves);

#endif
