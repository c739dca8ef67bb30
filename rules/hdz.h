/* hdz.h: Herr der Ziegen engine, its public state and its parameter table (hdz_ prefix). */
#ifndef RULEFUZZ_HDZ_H
#define RULEFUZZ_HDZ_H

#include "game.h"

/* Card codes. A goat card is type*5 + (value-1): types 0..17 print as A..R
 * (type E stands for the rulebook's "Elvis"), values 1..5. */
#define HDZ_TYPES   18
#define HDZ_GOATS   90          /* codes 0..89 */
#define HDZ_DOG     90
#define HDZ_MILK1   91
#define HDZ_MILK2   92
#define HDZ_CODES   93
#define HDZ_NONE    255         /* no card / no player */
#define HDZ_STABLE  254         /* a meadow cell taken by a stable (site=cell reading) */
#define HDZ_CARDS   121         /* 90 goats + 15 dogs + 16 milk */
#define HDZ_DOGS    15
#define HDZ_MILKS   16
#define HDZ_MAXP    5
#define HDZ_W       7           /* meadow storage is always 7 wide: cell = row*7 + col */
#define HDZ_CELLS   49

#define HDZ_IS_GOAT(c)   ((c) < HDZ_GOATS)
#define HDZ_TYPE(c)      ((c) / 5)
#define HDZ_VALUE(c)     ((c) % 5 + 1)
#define HDZ_CODE(t, v)   ((t) * 5 + (v) - 1)

/* Phases: the decision the state waits for. */
enum hdz_phase {
    HDZ_PH_REDRAW = 0,  /* setup: player `turn` may (dog-redraw=compulsory: must) return a dog
                         * from the starting hand */
    HDZ_PH_PLAY,        /* phase 1: `turn` plays a hand card */
    HDZ_PH_TAKE,        /* phase 3: `turn` takes a card beside the large goat */
    HDZ_PH_DOG,         /* after a dog: `turn` moves an own-marked card (or passes) */
    HDZ_PH_AGREE,       /* `decider` agrees to or refuses the proposed swap */
    HDZ_PH_OVER
};

/* Move kinds (game_move.kind); arguments in a and b. */
enum hdz_move_kind {
    HDZ_MV_KEEP = 1,    /* setup: keep the starting hand */
    HDZ_MV_RETURN,      /* setup: return one dog, draw a replacement */
    HDZ_MV_PLAY,        /* a = card code */
    HDZ_MV_TAKE,        /* a = cell */
    HDZ_MV_DOG,         /* a = from cell (own-marked goat card), b = to cell */
    HDZ_MV_PASS,        /* decline the optional dog move */
    HDZ_MV_AGREE,       /* owner of the card at the proposed target agrees */
    HDZ_MV_REFUSE
};

/* Why the game ends (hdz_state.ending). */
enum hdz_end {
    HDZ_END_NO = 0,
    HDZ_END_LINE,       /* HDZ-END-LINE-EMPTY: the last card of a line was taken */
    HDZ_END_BLOCKED,    /* HDZ-END-BLOCKED: nothing beside the goat may be taken */
    HDZ_END_DOG         /* HDZ-AMB-END-DOG-EMPTIED=ends: a dog move emptied a line */
};

/* Reading bits: bit set = reading[1] of the ambiguity (see hdz_ambiguities in hdz.c
 * and SPEC.md's ambiguity register). */
enum hdz_reading_bit {
    HDZ_R_REMOVAL_NONE    = 1u << 0,  /* HDZ-AMB-REMOVAL: table | none */
    HDZ_R_SITE_OUTSIDE    = 1u << 1,  /* HDZ-AMB-STABLE-SITE: cell | outside */
    HDZ_R_TAKE_EDGE       = 1u << 2,  /* HDZ-AMB-TAKE-LINE: cross | edge */
    HDZ_R_END_IMMEDIATE   = 1u << 3,  /* HDZ-AMB-END-TIMING: finish-turn | immediate */
    HDZ_R_DOG_EMPTIES_END = 1u << 4,  /* HDZ-AMB-END-DOG-EMPTIED: continues | ends */
    HDZ_R_SUPPLY_UNLIM    = 1u << 5,  /* HDZ-AMB-GOAT-SUPPLY: ten | unlimited */
    HDZ_R_BWORTHLESS_ALL  = 1u << 6,  /* HDZ-AMB-B-WORTHLESS: opponents | all */
    HDZ_R_DOG_MANDATORY   = 1u << 7,  /* HDZ-AMB-DOG-OPTIONAL: optional | mandatory */
    HDZ_R_DOG_ROW         = 1u << 8,  /* HDZ-AMB-DOG-LINE: line | row */
    HDZ_R_DOG_EMPTY_ANY   = 1u << 9,  /* HDZ-AMB-DOG-EMPTY: same-line | anywhere */
    HDZ_R_DOG_OWN_NO      = 1u << 10, /* HDZ-AMB-DOG-PARTNER: own-allowed | own-forbidden */
    HDZ_R_MILK_SUM        = 1u << 11, /* HDZ-AMB-MILK-MOST: count | sum */
    HDZ_R_MILK_UP         = 1u << 12, /* HDZ-AMB-MILK-ROUND: down | up */
    HDZ_R_MILK_LEADER     = 1u << 13, /* HDZ-AMB-MILK-HALF: own | leader */
    HDZ_R_MILK_SHARE      = 1u << 14, /* HDZ-AMB-MILK-TIE: full | share */
    HDZ_R_DOUBLE_ADJ      = 1u << 15, /* HDZ-AMB-STABLE-CONNECT: chain | adjacent */
    HDZ_R_REFUSED_LOST    = 1u << 16, /* HDZ-AMB-DOG-REFUSED: choose-again | lost */
    HDZ_R_REMIND_RESERVE  = 1u << 17, /* HDZ-AMB-REMINDER: memo | reserve */
    HDZ_R_END_ROW_ONLY    = 1u << 18, /* HDZ-AMB-END-LINE: line | row */
    HDZ_R_REDRAW_FORCED   = 1u << 19, /* HDZ-AMB-DOG-REDRAW: optional | compulsory */
    HDZ_R_TIE_BOTH        = 1u << 20  /* HDZ-AMB-MILK-TIE-SUM: best | both */
};
#define HDZ_N_AMB 21

/* Assumed physical facts: the one table of parameters (SPEC.md, "Parameters").
 * Every field is an assumption the texts do not settle; correct it here only. */
typedef struct hdz_params {
    int milk_ones, milk_twos;          /* split of the 16 milk cards by value */
    int removed_types[6], removed_dogs[6], removed_milk1[6], removed_milk2[6]; /* by players */
    int side[6];                       /* meadow side by players */
    int stable_site[6][HDZ_MAXP];      /* track position of seat i's stable, by players */
    int small_goats;                   /* small goats per player */
    int hand_size;                     /* starting hand */
} hdz_params;
extern const hdz_params hdz_param;

/* The whole game. All bytes are meaningful (no padding, unused slots zero or
 * HDZ_NONE as documented), so states compare with memcmp. */
typedef struct hdz_state {
    uint64_t rng;                    /* shuffles dogs returned during setup */
    uint32_t readings;               /* hdz_reading_bit set */
    uint8_t players;                 /* 2..5 */
    uint8_t n;                       /* meadow side: 7, or 6 for two players */
    uint8_t phase;                   /* enum hdz_phase */
    uint8_t turn;                    /* seat whose turn it is (in REDRAW: whose hand) */
    uint8_t decider;                 /* seat that decides now; HDZ_NONE when over */
    uint8_t played;                  /* code played this turn, HDZ_NONE before phase 1 */
    uint8_t ending;                  /* enum hdz_end: an end condition was met this turn */
    uint8_t refused;                 /* 1: a proposed swap was refused this turn */
    uint8_t pend_from, pend_to;      /* AGREE: the proposed swap, else HDZ_NONE */
    uint8_t pile_len;                /* cards in the pile */
    uint8_t pad0;                    /* always 0 */
    uint8_t goat[HDZ_MAXP];          /* large goat's track position 0..4n-1 */
    uint8_t stable[HDZ_MAXP];        /* stable's track position (hdz_param), HDZ_NONE unused */
    uint8_t supply[HDZ_MAXP];        /* small goats not yet on a meadow card */
    uint8_t owner[HDZ_TYPES];        /* seat that won the type's scoring, else HDZ_NONE */
    uint8_t cell[HDZ_CELLS];         /* code, HDZ_NONE (empty place) or HDZ_STABLE */
    uint8_t mark[HDZ_CELLS];         /* seat whose small goat is on the card, else HDZ_NONE */
    uint8_t hand[HDZ_MAXP][2];       /* ascending codes, HDZ_NONE for an empty slot */
    uint8_t display[HDZ_MAXP][HDZ_CODES]; /* count of each code in front of the seat */
    uint8_t box[HDZ_CODES];          /* count of each code in the box (removed, worthless) */
    uint8_t pile[HDZ_CARDS];         /* pile[pile_len-1] is the top card; rest zero */
    uint8_t remind[HDZ_TYPES];       /* HDZ-SCORE-REMINDER: the owner's reminder goats kept for the
                                      * type's cards still in the pile (reminder=reserve only) */
    uint8_t shown[HDZ_MAXP][2];      /* HDZ-SCORE-FIFTH-HAND: hand cards the seat had to reveal
                                      * (ascending codes, HDZ_NONE padding): public from then on */
} hdz_state;

_Static_assert(sizeof(hdz_state) == 872, "hdz_state has hidden padding");

extern const game_engine hdz_engine;

/* Geometry of the goat track, shared by the engine and the CLI's board view.
 * Track position t in 0..4n-1, clockwise: top side left to right, right side
 * top to bottom, bottom side right to left, left side bottom to top. One step
 * is one card edge. hdz_track_cell gives the border cell whose edge t is. */
int hdz_track_cell(int n, int t);

#endif
