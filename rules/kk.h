/* kk.h: Kleine Kläffer engine, its public state and its parameter table (kk_ prefix). */
#ifndef RULEFUZZ_KK_H
#define RULEFUZZ_KK_H

#include "game.h"

#define KK_COLOURS  6           /* gelb y, orange o, rot r, lila p, blau b, grün g */
#define KK_PER      12          /* cards per colour */
#define KK_CARDS    72          /* card id = colour*12 + k */
#define KK_BREEDS   3           /* Chihuahua C, Zwergspitz S, Bulldogge F */
#define KK_CELLS    16          /* council: cell = row*4 + col */
#define KK_MAXP     4
#define KK_HAND     4
#define KK_PILE_MAX 40
#define KK_NONE     255

#define KK_COLOUR(id)  ((id) / KK_PER)

/* Phases. */
enum kk_phase { KK_PH_PLACE = 0, KK_PH_DRAW, KK_PH_OVER };

/* Move kinds (game_move.kind). */
enum kk_move_kind {
    KK_MV_GIVE = 1,   /* a = colour, b = seat receiving */
    KK_MV_PLACE,      /* a = card id, b = cell */
    KK_MV_PASS,       /* no place move exists */
    KK_MV_DRAW        /* a = 0 left pile, 1 right pile */
};

/* Reading bits (SPEC.md, ambiguity register). */
enum kk_reading_bit {
    KK_R_START_ALL16     = 1u << 0,  /* KK-AMB-START-CARDS: ring12 | all16 */
    KK_R_CRISIS_TAKE     = 1u << 1,  /* KK-AMB-CRISIS-EMPTY: game-ends | take-played */
    KK_R_MUST_BE_LOWEST  = 1u << 2,  /* KK-AMB-NO-SECURE: fewest-of-securers | must-be-lowest */
    KK_R_TIE_NONE        = 1u << 3,  /* KK-AMB-PENALTY-TIE: shared | none */
    KK_R_FINISH_ROUND    = 1u << 4,  /* KK-AMB-LAST-ROUND: each-once | finish-round */
    KK_R_GIVE_FROM_TURN  = 1u << 5,  /* KK-AMB-SECOND-ROUND: round | turn */
    KK_R_MATCH_XOR       = 1u << 6,  /* KK-AMB-MATCH-OR: either | exactly-one */
    KK_R_LAST_MAY_PASS   = 1u << 7,  /* KK-AMB-LAST-PLACE: must | may-pass */
    KK_R_LAST_NO_GIVE    = 1u << 8   /* KK-AMB-LAST-GIVE: allowed | forbidden */
};
#define KK_N_AMB 9

/* Assumed physical facts: the one table of parameters (SPEC.md, "Parameters"). */
typedef struct kk_params {
    int breed[KK_PER];        /* breed of card k of every colour (0 C, 1 S, 2 F) */
    int value[KK_PER];        /* its votes 1..5 */
    int removed[5];           /* cards removed unseen, by players */
    int hand;                 /* hand size */
    int threshold;            /* votes that convince the council ("10 oder höher") */
    int free_after_refill;    /* free places left by the refill ("bis nur mehr 4 Plätze frei") */
} kk_params;
extern const kk_params kk_param;

/* The whole game. Every byte is meaningful (no hidden padding). */
typedef struct kk_state {
    uint32_t readings;
    uint8_t players;
    uint8_t phase;                     /* enum kk_phase */
    uint8_t turn;                      /* seat whose turn it is */
    uint8_t turns;                     /* turns completed in the game (saturates at 255) */
    uint8_t gave;                      /* 1: a territory was given this turn */
    uint8_t last_left;                 /* turns left in the last round; KK_NONE before it */
    uint8_t passes;                    /* consecutive turns without a placement */
    uint8_t ending;                    /* 1: the game ended by a crisis that took nothing */
    uint8_t council[KK_CELLS];         /* card id or KK_NONE (free place) */
    uint8_t hand[KK_MAXP][KK_HAND];    /* ascending ids, KK_NONE for empty slots (at the end) */
    uint8_t pile_len[2];               /* left, right */
    uint8_t pad0[2];                   /* always 0 */
    uint8_t pile[2][KK_PILE_MAX];      /* pile[i][pile_len[i]-1] is the top; rest 0 */
    uint8_t terr[KK_MAXP][KK_CARDS];   /* 1: the card lies in the seat's territories */
    uint8_t box[KK_CARDS];             /* 1: removed unseen at the start */
} kk_state;

_Static_assert(sizeof(kk_state) == 4 + 8 + 16 + 16 + 4 + 80 + 288 + 72, "kk_state has hidden padding");

extern const game_engine kk_engine;

#endif
