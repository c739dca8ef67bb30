/* impact.h: what a reading changes in play: paired games under two readings and their statistics (amb_ prefix). */
#ifndef RULEFUZZ_IMPACT_H
#define RULEFUZZ_IMPACT_H

#include <stdint.h>
#include <stdio.h>
#include "../rules/game.h"
#include "../players/policy.h"
#include "../players/stats.h"

/* One paired game: the same deal and the same decision seed under readings A and B, every seat
 * deciding by one policy (the table at random). While the two runs have not parted they make the
 * same decisions; once they part each goes on with its own stream. */
typedef struct amb_game {
    int players;
    long part_at;               /* decision at which states or legal moves first differ (1-based;
                                   0: at the deal), -1 when they never part */
    int ended[2];               /* each run reached its end (within RF's move limit) */
    long len[2];                /* decisions each run took */
    int scores[2][GAME_MAX_PLAYERS];
    unsigned winners[2];
    int relevant;               /* at the parting decision the policy's move differs between the
                                   readings, or is legal under one only: 1; 0 no; -1 not judged
                                   (random policy, a table decision, or no parting decision) */
    int null_ended;             /* A again from the parting point with a fresh continuation */
    unsigned null_winners;
    int nextra;                 /* the game's own measures at the end (game.h measures) */
    const char *extra_name[GAME_MAX_MEASURES];
    double extra[2][GAME_MAX_MEASURES];
} amb_game;

/* The two runs at their parting point: each side's position (before the parting decision, or the
 * first positions that differ), and the decision draws there. */
typedef struct amb_part {
    unsigned char st[2][GAME_STATE_MAX] __attribute__((aligned(16)));
    uint64_t rng;
    /* When the runs parted by one decision that led to different positions: the positions just
     * before it and each side's move (has_pre). */
    int has_pre;
    unsigned char pre[2][GAME_STATE_MAX] __attribute__((aligned(16)));
    game_move move[2];
} amb_part;

/* Play one paired game (deal seed `seed`, decision seed derived from it); with_null also plays
 * the null continuation; part (may be NULL) receives the parting point when there is one. */
void amb_pair_play(const game_engine *g, const pol_spec *pol, int players, uint64_t seed, uint32_t ra, uint32_t rb,
                   int with_null, amb_game *out, amb_part *part);

/* A witness people read: two records that start from the positions at the parting point and play on
 * to the difference shown, each at most AMB_WITNESS_MAX decisions. */
#define AMB_WITNESS_MAX 60
enum { AMB_W_NONE, AMB_W_POSITION, AMB_W_LEGAL, AMB_W_SCORES, AMB_W_WINNER };
extern const char *const amb_witness_kind[AMB_W_WINNER + 1];
typedef struct amb_witness {
    int kind;                       /* AMB_W_*: the difference shown (NONE: no game parted) */
    int players;
    uint64_t seed;                  /* the paired game's deal seed */
    long part_at;                   /* its parting decision */
    amb_part part;                  /* the start positions */
    game_move moves[2][AMB_WITNESS_MAX];
    long n[2];
    int ended[2];
    int scores[2][GAME_MAX_PLAYERS];
    unsigned winners[2];
} amb_witness;

/* The shortest telling witness among the parted games of games[0..n) (as amb_play_many played them
 * with pol, players, seed0 and the readings): from each candidate's parting point `tries`
 * continuations are played under the policy; the best kind of difference, then the fewest decisions,
 * wins. A difference in the outcome (winner, scores) that needs more than AMB_WITNESS_MAX decisions
 * falls back to the move legal under one reading only. */
void amb_witness_find(const game_engine *g, const pol_spec *pol, const amb_game *games, long n, uint64_t seed0,
                      uint32_t ra, uint32_t rb, int tries, amb_witness *w);

enum { AMB_M_LENGTH, AMB_M_TOP, AMB_M_MARGIN, AMB_M_MEAN, AMB_M_SEAT0, AMB_M_EXTRA0 = AMB_M_SEAT0 + GAME_MAX_PLAYERS,
       AMB_MEASURES = AMB_M_EXTRA0 + GAME_MAX_MEASURES };
extern const char *const amb_measure_name[AMB_M_SEAT0];

/* The statistics of one comparison under one policy. */
typedef struct amb_stats {
    long games;
    stat_rate exercised;         /* games in which the readings part */
    double median_part;         /* median decision of the first parting, over those games */
    stat_mean effect[AMB_MEASURES];  /* mean paired difference B - A over games both runs ended;
                                   seat measures: win share (a k-way tie counts 1/k) */
    int seats;                  /* seat measures filled (the most players seen) */
    int nextra;                 /* the game's own measures (AMB_M_EXTRA0 on), named here */
    const char *extra_name[GAME_MAX_MEASURES];
    stat_rate relevance;         /* over parted games judged (non-random policies) */
    stat_rate winner_changed, null_changed;  /* over games both runs ended */
    stat_mean excess;            /* winner changed minus its null, paired per game */
    int significant;            /* number of significant effects */
    double strongest;           /* largest |mean| / half-width among the effects (0 none) */
} amb_stats;

/* Statistics of games[0..n). */
void amb_stats_of(const amb_game *games, long n, amb_stats *s);

/* Play `games` paired games (players: 0 = min..max in turn; deal seeds seed0, seed0+1, ...) on
 * `jobs` processes; out[games] receives them in order. 0, or -1 when a worker failed. */
int amb_play_many(const game_engine *g, const pol_spec *pol, int players, uint64_t seed0, long games, uint32_t ra,
                  uint32_t rb, int with_null, int jobs, amb_game *out);

/* One line of text per significant effect ("game length +12.3 moves [8.1, 16.5]"), or "none". */
void amb_effects_text(const amb_stats *s, char *buf, size_t n);

#endif
