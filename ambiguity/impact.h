/* impact.h: what a reading changes in play: paired games under two readings and their statistics (amb_ prefix). */
#ifndef RULEFUZZ_IMPACT_H
#define RULEFUZZ_IMPACT_H

#include <stdint.h>
#include <stdio.h>
#include "../rules/game.h"
#include "../players/policy.h"
#include "../players/stats.h"

/* The cap: decisions one side of a paired game may take (as a record may hold: RF_MAX_GAME_MOVES).
 * A game that has not ended there is counted as unfinished, never dropped. */
#define AMB_MAX_MOVES 8192

/* How and where the two runs of a paired game part. */
enum amb_part_kind {
    AMB_PART_NONE = 0,   /* one game throughout: the readings never showed */
    AMB_PART_DEAL,       /* the readings deal differently */
    AMB_PART_LEGAL,      /* a position reached in play has different legal moves under the two */
    AMB_PART_RESULT,     /* the same move gave a different score so far, or ended one game only */
    AMB_PART_FINAL,      /* one game to its end, scored two ways */
    AMB_PART_CHOICE,     /* the player chose differently before the rule showed at the table */
    AMB_PART_FORCED,     /* the negative control: the second run's draws are its own from the deal on */
    AMB_PART_KINDS
};
extern const char *const amb_part_name[AMB_PART_KINDS];

/* One side of a paired game: the game under one reading. */
typedef struct amb_side {
    int ended;                   /* reached its end within AMB_MAX_MOVES decisions */
    long decisions;              /* decisions taken (the table's included) */
    int units;                   /* units of length completed (game.h units_done: turns or rounds) */
    int scores[GAME_MAX_PLAYERS];
    unsigned winners;            /* 0 when the game did not end */
    double extra[GAME_MAX_MEASURES];   /* the game's own measures at the end (game.h measures) */
    /* The null: the same reading replayed from the parting point with draws of its own (the game's
     * own end when nothing is left to play). */
    int null_ended;
    unsigned null_winners;
} amb_side;

/* One paired game: the same deal seed and the same decision draws under readings A and B, every seat
 * deciding by one policy (the table at random). While the runs are one game they take the same draws;
 * once they part each goes on with its own. */
typedef struct amb_game {
    int players;
    uint64_t deal, draws;        /* the deal seed and the decision seed */
    int part_kind;               /* enum amb_part_kind */
    long part_at;                /* decision at which they part (1-based; 0: the deal), -1 never */
    /* Where the question first comes up at the table in A's game: a position reached in play with
     * other legal moves under B, or a move whose result (score so far, end) differs under B
     * (AMB_PART_LEGAL, RESULT, FINAL); AMB_PART_DEAL when the deals differ; NONE and -1: never. A
     * counter that differs changes nothing until it changes a legal move or a score. */
    int shown_kind;
    long shown_at;
    int shown_units;             /* A's units of length completed before it came up (game.h units_done) */
    int relevant;                /* the player's move where the rule first showed at the table is one
                                    the other reading forbids or would not choose, or the player chose
                                    differently before it showed: 1; 0 no; -1 not judged (random play,
                                    a table decision, a different deal, never shown) */
    amb_side side[2];
} amb_game;

/* The parting point, for witnesses: each side's position there and the draws. */
typedef struct amb_part {
    unsigned char st[2][GAME_STATE_MAX] __attribute__((aligned(16)));
    uint64_t rng;
    /* When the runs parted by one move that led to different positions: the positions just before it
     * and each side's move (has_pre). */
    int has_pre;
    unsigned char pre[2][GAME_STATE_MAX] __attribute__((aligned(16)));
    game_move move[2];
} amb_part;

enum { AMB_NULL = 1, AMB_FORCE = 2 };
/* Play one paired game. flags: AMB_NULL also plays each side's null from the parting point; AMB_FORCE
 * parts the runs at the deal (the negative control, readings equal). part (may be NULL) receives the
 * parting point. */
void amb_pair_play(const game_engine *g, const pol_spec *pol, int players, uint64_t deal, uint64_t draws, uint32_t ra,
                   uint32_t rb, int flags, amb_game *out, amb_part *part);

/* Game k's deal seed in the block of games keyed by (base, salt): a comparison's own deals. */
uint64_t amb_deal_seed(uint64_t base, uint64_t salt, long k);
/* A salt from a name (a comparison's ID) and a block number. */
uint64_t amb_salt(const char *name, int block);
/* Its decision seed. */
uint64_t amb_draw_seed(uint64_t deal);

/* Play `games` paired games (players 0: min..max in turn) with deal seeds amb_deal_seed(base, salt, k)
 * on `jobs` processes; out[games] receives them in order. 0, or -1 when a worker failed. */
int amb_play_many(const game_engine *g, const pol_spec *pol, int players, uint64_t base, uint64_t salt, long games,
                  uint32_t ra, uint32_t rb, int flags, int jobs, amb_game *out);

/* The paired measures, each the mean of B - A over the games it is defined on. */
enum amb_measure {
    AMB_M_EXCESS = 0,   /* winner changed beyond chance: 1[A != B] - (1[A != A'] + 1[B != B']) / 2 per
                           game, every game (an unfinished game has no winner); its expectation is
                           half the squared distance of the two winner laws, 0 when they agree */
    AMB_M_FIRST,        /* the first seat's win share (a k-way tie: 1/k), games both ended */
    AMB_M_LAST,         /* the last seat's win share, games both ended */
    AMB_M_WSCORE,       /* the winner's total (in the game's sense: the lowest for penalty points) */
    AMB_M_MARGIN,       /* the winner's lead over the best other seat, in the game's sense */
    AMB_M_MEAN,         /* the mean total */
    AMB_M_UNITS,        /* length in the game's units (per seat where the engine counts turns), every
                           game: an unfinished one counts with what it reached at the cap (a bound) */
    AMB_M_DONE,         /* completion: 1 when the game ends within the cap, every game */
    AMB_M_EXTRA0,       /* the game's own measures, games both ended */
    AMB_MEASURES = AMB_M_EXTRA0 + GAME_MAX_MEASURES
};
/* The measure's group for the summary's order: 0 who wins, 1 seat advantage, 2 score and length. */
int amb_measure_group(int m);
/* The measure's name for people, in the game's terms ("length (turns per seat)", "winner's penalty
 * points"); extra names the game's own measures (amb_stats.extra_name). Returns buf. */
const char *amb_measure_text(const game_engine *g, int m, const char *const *extra, char *buf, size_t n);
/* The measure's unit as a report prints it after a number ("pp", " turns per seat", " points"). */
const char *amb_measure_unit(const game_engine *g, int m, char *buf, size_t n);

/* One side's game, summed. */
typedef struct amb_side_stats {
    stat_rate done;              /* games that ended within the cap */
    stat_mean units;             /* length in units (per seat when the engine counts turns), every game */
    stat_mean decisions;         /* decisions, every game */
    stat_mean wscore, margin, mean;   /* over games that ended */
    stat_mean extra[GAME_MAX_MEASURES];
    long extra_zero[GAME_MAX_MEASURES];   /* ended games whose measure is 0 */
    stat_rate shared;            /* ended games won by several seats */
    long ended;
} amb_side_stats;

/* The statistics of one comparison under one policy, on one block of games. */
typedef struct amb_stats {
    long games;                  /* every game played: the denominator of every share */
    long both_ended;             /* games that ended on both sides (outcome measures) */
    int nextra;
    const char *extra_name[GAME_MAX_MEASURES];
    stat_rate deal;              /* games whose deals differ */
    stat_rate shown;             /* games in which the question comes up at the table */
    long shown_kind[AMB_PART_KINDS];
    double median_shown;         /* median decision of its first showing */
    double median_shown_units;   /* median length in units (per seat where turns are counted) reached by then */
    stat_rate relevance;         /* over the games judged */
    stat_rate changed;           /* winner A != B, every game */
    stat_rate null_changed[2];   /* A != A', B != B' */
    stat_mean effect[AMB_MEASURES];   /* paired B - A */
    double p[AMB_MEASURES];      /* each test's p-value (AMB_M_EXCESS one-sided); NaN: no test */
    stat_mean decisions;         /* paired B - A of the decisions, a second figure beside the units */
    amb_side_stats side[2];
} amb_stats;

/* Statistics of games[0..n) of engine g. */
void amb_stats_of(const game_engine *g, const amb_game *games, long n, amb_stats *s);

/* One side's game at one player count: Ludii's ruleset metrics (completion, duration, decisiveness,
 * drawishness, advantage) in the game's own terms. */
typedef struct amb_balance {
    int players;
    long games, ended;
    stat_rate done;              /* completion */
    stat_mean units;             /* duration in units (every game, unfinished ones at the cap) */
    stat_mean seat[GAME_MAX_PLAYERS];  /* each seat's win share less the fair share 1/players, ended games */
    double seat_p[GAME_MAX_PLAYERS];   /* two-sided p of "no advantage" */
    stat_rate shared;            /* ended games won by several seats (drawishness) */
    stat_rate tiebreak;          /* ended games whose best total was tied and a rule named fewer winners */
} amb_balance;
void amb_balance_of(const game_engine *g, const amb_game *games, long n, int side, int players, amb_balance *b);
/* How much B moves one seat's win share at one player count: the paired difference B - A of its
 * share over the games at that count that ended on both sides. */
void amb_seat_shift(const amb_game *games, long n, int players, int seat, stat_mean *m);

/* Per game of engine g and side: the length in the game's units (per seat where it counts turns). */
double amb_units(const game_engine *g, const amb_game *x, int side);

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
 * with pol and the readings): from each candidate's parting point `tries` continuations are played
 * under the policy; the best kind of difference, then the fewest decisions, wins. A difference in the
 * outcome (winner, scores) that needs more than AMB_WITNESS_MAX decisions falls back to the move
 * legal under one reading only. */
void amb_witness_find(const game_engine *g, const pol_spec *pol, const amb_game *games, long n, uint32_t ra, uint32_t rb,
                      int tries, amb_witness *w);

#endif
