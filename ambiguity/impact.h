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

/* Where the rule first shows at the table in a paired game (amb_game.shown_kind), for witnesses: the
 * position under each reading and, where a move showed it, the move and the positions after it. */
typedef struct amb_part {
    int kind;                       /* amb_game.shown_kind: DEAL, LEGAL, RESULT, FINAL; NONE: never shown */
    long at;                        /* amb_game.shown_at */
    /* DEAL: the two deals; LEGAL: the position under A and under B before the decision (under B: B's
     * own run, or A's moves under B's rule after the player chose differently); RESULT, FINAL: the
     * positions before the move that showed it */
    unsigned char st[2][GAME_STATE_MAX] __attribute__((aligned(16)));
    game_move move;                 /* RESULT, FINAL: the move both made; LEGAL: A's move there */
    unsigned char after[2][GAME_STATE_MAX] __attribute__((aligned(16)));   /* RESULT, FINAL */
} amb_part;

enum { AMB_NULL = 1, AMB_FORCE = 2 };
/* Play one paired game. flags: AMB_NULL also plays each side's null from the parting point; AMB_FORCE
 * parts the runs at a decision drawn per game (the negative control, readings equal). part (may be
 * NULL) receives the point where the rule first shows at the table. */
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
                           game, over the games all four runs ended (completion is AMB_M_DONE's); its
                           expectation is half the squared distance of the two winner laws, 0 when
                           they agree */
    AMB_M_FIRST,        /* the first seat's win share (a k-way tie: 1/k), games with a winner on both sides */
    AMB_M_LAST,         /* the last seat's win share, games with a winner on both sides */
    AMB_M_NOWIN,        /* games that ended with no winner (a tie a rule leaves unbroken), games both ended */
    AMB_M_WSCORE,       /* the winner's total (in the game's sense: the lowest for penalty points), games
                           with a winner on both sides */
    AMB_M_MARGIN,       /* the winner's lead over the best other seat, in the game's sense, as WSCORE */
    AMB_M_MEAN,         /* the mean total, games both ended */
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
    stat_mean capped_units;      /* ... of the games that reached the cap unfinished (what they had reached) */
    stat_rate nowin;             /* ended games with no winner */
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
    long both_won;               /* ... with a winner on both sides (seat shares, the winner's measures) */
    long all_ended;              /* games whose four runs (A, B and their nulls) ended (AMB_M_EXCESS) */
    int nextra;
    const char *extra_name[GAME_MAX_MEASURES];
    stat_rate deal;              /* games whose deals differ */
    stat_rate shown;             /* games in which the question comes up at the table */
    long shown_kind[AMB_PART_KINDS];
    double median_shown;         /* median decision of its first showing */
    double median_shown_units;   /* median length in units (per seat where turns are counted) reached by then */
    stat_rate relevance;         /* over the games judged */
    stat_rate changed;           /* winner A != B, over all_ended */
    stat_rate null_changed[2];   /* A != A', B != B', over all_ended */
    stat_mean effect[AMB_MEASURES];   /* paired B - A */
    double p[AMB_MEASURES];      /* each test's p-value (AMB_M_EXCESS one-sided); NaN: no test (fewer than two
                                    values, or every difference exactly 0: a test that cannot fire) */
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

/* A witness people read: the smallest thing that shows the difference, in one of four kinds. */
#define AMB_WITNESS_MAX 60
enum {
    AMB_W_NONE = 0,     /* the rule never showed in the games played */
    AMB_W_DEAL,         /* the readings deal differently: the two deals */
    AMB_W_LEGAL,        /* (a) a move legal under one reading only, in one position */
    AMB_W_RESULT,       /* (b) the same move, another result: the position, the move, both positions after */
    AMB_W_OUTCOME,      /* (c) another outcome: two games from one position, at most AMB_WITNESS_MAX decisions
                           each, ending in other scores or winners, one side using what the other forbids
                           or treats differently */
    AMB_W_KINDS
};
extern const char *const amb_witness_kind[AMB_W_KINDS];
typedef struct amb_witness {
    int kind;
    int players;
    uint64_t seed;                  /* the paired game's deal seed */
    long at;                        /* the decision where it shows (0: the deal) */
    amb_part part;                  /* st: the position under each reading (OUTCOME: the start of both games) */
    game_move move;                 /* LEGAL: the move legal under one reading only; RESULT: the move */
    int move_side;                  /* LEGAL: the side whose reading allows it (0 A, 1 B) */
    char why[240];                  /* LEGAL: the engine's reason for refusing it under the other reading */
    game_move moves[2][AMB_WITNESS_MAX];   /* OUTCOME: each side's moves from part.st[side] */
    long n[2];
    int ended[2];
    int scores[2][GAME_MAX_PLAYERS];
    unsigned winners[2];
    int refused_side;               /* OUTCOME: the side whose moves the other reading refuses, -1 none */
    long refused_at;                /* ... at its move (1-based) */
} amb_witness;

/* The best witness among games[0..n) (as amb_play_many played them with pol and the readings): another
 * outcome (the shortest found from the points where the rule shows, `tries` continuations each), else
 * the first-shown kind: a move legal under one reading only, or the same move with another result, or
 * a different deal. Every witness it returns passes amb_witness_prove. */
void amb_witness_find(const game_engine *g, const pol_spec *pol, const amb_game *games, long n, uint32_t ra, uint32_t rb,
                      int tries, amb_witness *w);
/* The proof: DEAL, the deals differ; LEGAL, the move applies under its side's reading and is refused
 * under the other's; RESULT, the positions after the move differ at the table; OUTCOME, each side's
 * moves replay to its claimed end, the ends differ, and each side's moves replayed under the other
 * side's reading are refused or end differently. 1, or 0 with one line in why. */
int amb_witness_prove(const game_engine *g, const amb_witness *w, uint32_t ra, uint32_t rb, char *why, size_t n);

#endif
