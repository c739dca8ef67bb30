/* gp.h: Gloria Picktoria engine, its public state and its parameter table (gp_ prefix). */
#ifndef RULEFUZZ_GP_H
#define RULEFUZZ_GP_H

#include "game.h"

/* Card types. Cards of one type are identical, so the state counts types, never card ids. */
#define GP_MOTIFS   10          /* collection motifs 0..9 (names: gp_param.motif_name) */
#define GP_JOKER    10
#define GP_DOUBLER  11
#define GP_DH       12          /* a Dschingis-Haan card */
#define GP_TYPES    13
#define GP_HANDT    12          /* types a hand can hold: motifs, joker, doubler */
#define GP_MAXP     5
#define GP_DISPLAY  3
#define GP_PILE_MAX 104         /* 95 - 3 - 2*4 + 10 = 94 at most, rounded up */
#define GP_MAXCOL   100         /* every card but the Dschingis-Haan can become one chest at most */
#define GP_ACTIONS  3
#define GP_NONE     255

/* Phases. */
enum gp_phase {
    GP_PH_ACT = 0,    /* the current player chooses an action (A-D) */
    GP_PH_PASS,       /* after the actions: pass the fox on for free, or end the turn */
    GP_PH_OVER
};

/* Move kinds (game_move.kind). Collections are numbered in the order their chests were made. */
enum gp_move_kind {
    GP_MV_CHEST = 1,  /* A: a = hand card type laid face down as a new chest */
    GP_MV_OPEN,       /* B: a = hand card type (motif, joker, doubler), b = collection */
    GP_MV_TAKE,       /* C: a = display slot 0..2 into the hand (1 action) */
    GP_MV_DRAW,       /* C: the pile's top card into the hand (2 actions) */
    GP_MV_FOX,        /* D: a = collection the fox goes to (own 1 action, neighbour's 2);
                       * in GP_PH_PASS, the free pass to the left neighbour */
    GP_MV_END         /* end the turn: in GP_PH_PASS, or in GP_PH_ACT under actions=may-stop */
};

/* Reading bits (SPEC.md, ambiguity register (Gloria Picktoria)). */
enum gp_reading_bit {
    GP_R_FOX_EACH_FIRST = 1u << 0,  /* GP-AMB-FOX-PLACE: last-player | each-first */
    GP_R_FOX_BARE_CHEST = 1u << 1,  /* GP-AMB-BARE-CHEST: opened | any-chest */
    GP_R_DOUBLER_ANY    = 1u << 2,  /* GP-AMB-DOUBLER-OWNER: own | any */
    GP_R_DH_REDRAW      = 1u << 3,  /* GP-AMB-DH-DRAW: lost | redraw */
    GP_R_MAY_STOP       = 1u << 4,  /* GP-AMB-THREE-ACTIONS: three | may-stop */
    GP_R_TIE_NONE       = 1u << 5,  /* GP-AMB-WIN-TIE: shared | none */
    GP_R_PLACE_COUNTS   = 1u << 6,  /* GP-AMB-PLACE-COUNTS: free | counts */
    GP_R_DOUBLER_STACK  = 1u << 7,  /* GP-AMB-SECOND-DOUBLER: closed | allowed */
    GP_R_FOX_ROW_RANKED = 1u << 8,  /* GP-AMB-FOX-IGNORED: ignored | ranked */
    GP_R_FOX_EVERY_OPEN = 1u << 9,  /* GP-AMB-FOX-EVERY: first-only | every-open */
    GP_R_DRAW_FIRST     = 1u << 10  /* GP-AMB-DRAW-ORDER: any-order | first */
};
#define GP_N_AMB 11

/* Assumed physical facts and the text's numbers: the one table (SPEC.md, "Parameters"). */
typedef struct gp_params {
    const char *motif_name[GP_MOTIFS];  /* Dutch names; 7 from the text's examples, 3 from its introduction */
    char letter[GP_TYPES];              /* notation letter of each type */
    int per_motif;                      /* cards per motif (public sources: 9) */
    int jokers, doublers, dh;           /* "5x joker", "5x verdubbelaar", "10x Dschingis-Haan" */
    int display, hand;                  /* "Drie kaarten" in the display, "4 kaarten" per hand */
    int scoring_at[3];                  /* Dschingis-Haan cards that trigger scorings 1-3: 4, 7, 10 */
    int sole, longest, second, tie_longest;   /* 4, 3, 1, 2 points */
    int bare_chest_penalty, hand_penalty;     /* 2 and 1 points lost at the last scoring */
} gp_params;
extern const gp_params gp_param;

/* The whole game. Every byte is meaningful (no hidden padding). */
typedef struct gp_state {
    uint32_t readings;
    int16_t wscore[3][GP_MAXP];        /* points of scorings 1-3 (the notepad), 0 for seats >= players */
    int16_t penalty[GP_MAXP];          /* points lost at the last scoring (>= 0) */
    uint8_t players;
    uint8_t phase;                     /* enum gp_phase */
    uint8_t turn;                      /* the current player */
    uint8_t acts;                      /* actions used in this turn, 0..3 */
    uint8_t fox_moved;                 /* 1: the fox was moved by action D in this turn */
    uint8_t dh;                        /* Dschingis-Haan cards laid beside the display, 0..10 */
    uint8_t scorings;                  /* scorings held so far, 0..3 */
    uint8_t fox;                       /* collection the fox is on; GP_NONE: beside the pile */
    uint8_t display[GP_DISPLAY];       /* card types; GP_NONE only after the game ended mid-refill */
    uint8_t pile_len;
    uint8_t hand[GP_MAXP][GP_HANDT];   /* counts per type */
    uint8_t pile[GP_PILE_MAX];         /* pile[pile_len-1] is the top; the rest 0 */
    uint8_t ncol;                      /* collections (chests) made so far */
    uint8_t pad0[3];                   /* always 0 */
    uint8_t col_owner[GP_MAXCOL];      /* seat; 0 for unused slots */
    uint8_t col_face[GP_MAXCOL];       /* type of the chest card (shown once, then irrelevant) */
    uint8_t col_motif[GP_MAXCOL];      /* motif of the open cards; GP_NONE while the chest is bare */
    uint8_t col_len[GP_MAXCOL];        /* open collection pieces (motif cards and jokers) */
    uint8_t col_jokers[GP_MAXCOL];     /* of which jokers */
    uint8_t col_dbl[GP_MAXCOL];        /* doublers laid open on it */
} gp_state;

_Static_assert(sizeof(gp_state) == 4 + 30 + 10 + 8 + 3 + 1 + 60 + GP_PILE_MAX + 4 + 6 * GP_MAXCOL,
               "gp_state has hidden padding");

extern const game_engine gp_engine;

#endif
