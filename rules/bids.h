/* bids.h: Bonje in de Stal / Chaos à la Ferme engine, its public state and parameter table (bids_ prefix). */
#ifndef RULEFUZZ_BIDS_H
#define RULEFUZZ_BIDS_H

#include "game.h"

#define BIDS_CARDS     84   /* the deck: 106 cards less 20 stables and 2 special stables */
#define BIDS_TYPES     14
#define BIDS_SPECIES   5    /* horses, cattle, pigs, sheep, chickens */
#define BIDS_MAXP      4
#define BIDS_STABLES   5    /* most stables a seat can own */
#define BIDS_START_STABLES 3
#define BIDS_ALL_STABLES 20
#define BIDS_PILE_MAX  42
#define BIDS_NONE      255

/* Card types. Ordinary animals: type = 2*species + (0 male, 1 female). */
enum bids_type {
    BIDS_STALLION = 0, BIDS_MARE, BIDS_BULL, BIDS_COW, BIDS_BOAR, BIDS_SOW, BIDS_RAM, BIDS_EWE,
    BIDS_ROOSTER, BIDS_HEN, BIDS_ELEPHANT, BIDS_MADCOW, BIDS_WILD, BIDS_TRUCK
};
enum bids_species { BIDS_HORSES = 0, BIDS_CATTLE, BIDS_PIGS, BIDS_SHEEP, BIDS_CHICKENS };
#define BIDS_ORDINARY(t)  ((t) < BIDS_ELEPHANT)
#define BIDS_SPECIES_OF(t) ((t) / 2)
#define BIDS_MALE(t)      (BIDS_ORDINARY(t) && (t) % 2 == 0)
#define BIDS_FEMALE(t)    (BIDS_ORDINARY(t) && (t) % 2 == 1)

/* Where a card is (bids_state.loc). Stable s of seat p: BIDS_L_STABLE + p*BIDS_STABLES + s. */
enum bids_loc { BIDS_L_BOX = 0, BIDS_L_PILE, BIDS_L_OPEN, BIDS_L_HELD, BIDS_L_OUT, BIDS_L_STABLE = 8 };
#define BIDS_LOC_STABLE(p, s) ((uint8_t)(BIDS_L_STABLE + (p) * BIDS_STABLES + (s)))

/* Phases: who decides. */
enum bids_phase {
    BIDS_PH_TABLE = 0,   /* the table (GAME_TABLE): grab, play, wait, call, flip */
    BIDS_PH_GRAB,        /* seat `actor` has a hand on the cards: which one it takes */
    BIDS_PH_PLAY,        /* seat `actor` plays its card: where */
    BIDS_PH_SPECIAL,     /* seat `actor` chooses a special stable (bonus variant) */
    BIDS_PH_OVER
};

/* Move kinds (game_move.kind). */
enum bids_move_kind {
    BIDS_MV_GRAB = 1,   /* table: a = seat that lays its hand on a card next */
    BIDS_MV_PLAY,       /* table: a = seat that plays its card next */
    BIDS_MV_WAIT,       /* table: the players with cards wait for each other */
    BIDS_MV_CALL,       /* table: a = mask of seats calling at the same moment */
    BIDS_MV_FLIP,       /* table: everyone flips the next card */
    BIDS_MV_TAKE,       /* seat: a = card id (the lowest open id of its type) */
    BIDS_MV_PLACE,      /* seat: a = seat, b = stable the card goes into */
    BIDS_MV_DISCARD,    /* seat: the card leaves the game */
    BIDS_MV_TRUCK,      /* seat: a,b = seat, stable from; c = type; d,e = seat, stable to */
    BIDS_MV_TRUCK_OUT,  /* seat: a,b = seat, stable; c = type: that animal leaves the game */
    BIDS_MV_SPECIAL     /* seat: a = special stable 0 or 1 */
};

/* Reading bits (SPEC.md, BIDS ambiguity register; the last two are the variants). */
enum bids_reading_bit {
    BIDS_R_DISTINCT      = 1u << 0,  /* BIDS-AMB-EACH-SPECIES: same | distinct */
    BIDS_R_WILD_HORSES   = 1u << 1,  /* BIDS-AMB-WILD-OWN: any-stable | horse-stable */
    BIDS_R_MADCOW_CATTLE = 1u << 2,  /* BIDS-AMB-MADCOW-OWN: any-stable | cow-stable */
    BIDS_R_TRUCK_MUST    = 1u << 3,  /* BIDS-AMB-TRUCK-IDLE: may-idle | must-use */
    BIDS_R_END_VALUE     = 1u << 4,  /* BIDS-AMB-END-COMPLETE: complete-wins | value-wins */
    BIDS_R_REACH_FIVE    = 1u << 5,  /* BIDS-AMB-FIVE: own-five | reach-five */
    BIDS_R_FIRST_COMPLETE = 1u << 6, /* BIDS-AMB-FIRST: first-caller | first-complete */
    BIDS_R_KEEP          = 1u << 7,  /* BIDS-AMB-RESET: clear | keep */
    BIDS_R_WAIT_SEVERAL  = 1u << 8,  /* BIDS-AMB-WAIT: one-or-more | several */
    BIDS_R_BONUS         = 1u << 9,  /* BIDS-VAR-BONUS: off | on */
    BIDS_R_SHORT         = 1u << 10, /* BIDS-VAR-SHORT: off | on */
    BIDS_R_MUST_PLAY     = 1u << 11, /* BIDS-AMB-DIRECT: need-not-wait | must-play */
    BIDS_R_OWN_BRAWL     = 1u << 12, /* BIDS-AMB-OWN-PURPOSE: any-own | brawl-only */
    BIDS_R_TRUCK_LISTED  = 1u << 13, /* BIDS-AMB-TRUCK-RULES: all-rules | listed-only */
    BIDS_R_PAIR_EACH     = 1u << 14, /* BIDS-AMB-PAIR-COUNT: one-per-stable | per-female */
    BIDS_R_FIVE_COMPLETE = 1u << 15, /* BIDS-AMB-FIVE-WIN: any-win | complete-win */
    BIDS_R_TRUCK_ELEPHANT_OTHER = 1u << 16, /* BIDS-AMB-TRUCK-ELEPHANT: any-empty | other-seat */
    BIDS_R_FIVE_PLAY_ON  = 1u << 17, /* BIDS-AMB-FIVE-TIE: shared | play-on */
    BIDS_R_SPECIAL_TABLE = 1u << 18  /* BIDS-AMB-SPECIAL-ORDER: seat-order | table */
};
#define BIDS_N_AMB 19

/* Assumed physical facts: the one table of parameters (SPEC.md, "Parameters"). */
typedef struct bids_params {
    int count[BIDS_TYPES];          /* cards of each type ("Spelmateriaal") */
    int number[BIDS_TYPES];         /* number printed on the card, 0: none (counts as lowest) */
    int symbol[BIDS_TYPES];         /* cards of the type with the 2-3 player symbol */
    int points[BIDS_SPECIES];       /* per animal ("Puntentelling") */
    int pair_bonus;                 /* "Per stelletje: 2 punten extra" */
    int special_species[2];         /* species shown on the two special stables */
    int goal;                       /* stables that win ("met 5 stallen") */
} bids_params;
extern const bids_params bids_param;

/* The whole game. Every byte is meaningful (no hidden padding). */
typedef struct bids_state {
    uint64_t rng;                         /* generator for the next round's shuffle */
    uint32_t readings;
    uint8_t players;
    uint8_t phase;                        /* enum bids_phase */
    uint8_t actor;                        /* seat deciding in GRAB, PLAY, SPECIAL; 0 at the table; in SPECIAL,
                                           * `players`: the table names who receives a 5th stable next
                                           * (BIDS-AMB-SPECIAL-ORDER table) */
    uint8_t waiting;                      /* 1: the players wait for each other (lowest number first) */
    uint8_t round;                        /* rounds started (1 = the first) */
    uint8_t grabbed;                      /* seats that took a card this trick (bit per seat) */
    uint8_t round_winners;                /* winners of the last finished round (bits) */
    uint8_t game_winners;                 /* winners of the game (bits), set when it is over */
    uint8_t pending5;                     /* seats that earned a 5th stable and await a special one */
    uint8_t specials_given;               /* special stables handed out (bit 0, bit 1) */
    uint8_t nstables[BIDS_MAXP];
    uint8_t held[BIDS_MAXP];              /* card taken and not yet played, BIDS_NONE */
    uint8_t pile_len[BIDS_MAXP];
    uint8_t wins[BIDS_MAXP];              /* rounds won */
    uint8_t special[BIDS_MAXP][BIDS_STABLES]; /* 0 ordinary stable, 1 + k: special stable k */
    uint8_t pile[BIDS_MAXP][BIDS_PILE_MAX];   /* pile[p][pile_len[p]-1] is the top; rest 0 */
    uint8_t loc[BIDS_CARDS];              /* enum bids_loc per card id */
    uint8_t pad0[2];                      /* always 0 */
} bids_state;

_Static_assert(sizeof(bids_state) == 8 + 4 + 10 + 16 + 20 + 168 + 84 + 2, "bids_state has hidden padding");

/* Type of card id (ids run type by type, count[] of each). */
int bids_type_of(int id);

extern const game_engine bids_engine;

#endif
