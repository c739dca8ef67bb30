/* hdz_params.c: the assumed physical facts of Herr der Ziegen, in one table (SPEC.md, "Parameters"). */
#include "hdz.h"

/* Every entry below is an ASSUMPTION unless a text or a public source states it; correct it
 * here only.
 * Indexes [players] run 0..5; rows 0 and 1 are unused. */
const hdz_params hdz_param = {   /* HDZ-FACTS: the oracles state these facts again (HF, oracles/inv_hdz.c) and compare them at every deal */
    /* ASSUMPTION: the 16 milk cards are 8 x "1" and 8 x "2". No source publishes the
     * split; the Dutch removal table needs at least 5 ones and at least 4 twos. */
    .milk_ones = 8, .milk_twos = 8,
    /* HDZ-SETUP-REMOVAL (nl text; the en text lists no table) */
    .removed_types = {0, 0, 8, 5, 2, 0},
    .removed_dogs  = {0, 0, 8, 5, 2, 0},
    .removed_milk1 = {0, 0, 4, 5, 2, 0},
    .removed_milk2 = {0, 0, 4, 0, 0, 0},
    /* HDZ-SETUP-MEADOW: "7 x 7 groot (alleen in het spel voor 2 spelers ... 6 x 6)" */
    .side = {0, 0, 6, 7, 7, 7},
    /* Stable sites, as track positions (SPEC.md, "Geometry"). The texts show them only in a
     * picture we do not have. 4 players: reviews of the German original put the stables in the
     * corners of the 7x7 meadow (Sources: src:hdz-reviews, superfred.de: "in den Eckpunkten die
     * jeweiligen Spielerställe"); the corner cells a1, g1, g7, a7 in clockwise seat order.
     * ASSUMPTION for 4 players: which of the corner card's two edges the large goat starts on;
     * here the edge where the clockwise track leaves the corner (0, 7, 14, 21), so every goat
     * starts at the head of its own side. ASSUMPTION for 2, 3 and 5 players: the sites.
     * ASSUMPTION, seat to site (HDZ-SETUP-STABLES): seat i gets entry i, P1 the first, the list
     * clockwise from the track's start; "Iedere speler kiest een geitenstal van één kleur" and each
     * colour's place is in the missing picture, so no text says which seat stands where. */
    .stable_site = {
        {0}, {0},
        {2, 15},                /* 6x6: top col c, bottom col c (ASSUMPTION) */
        {3, 12, 22},            /* 7x7: top col d, right row 6, left row 6 (ASSUMPTION) */
        {0, 7, 14, 21},         /* 7x7: the corners a1, g1, g7, a7 (reviews; start edge ASSUMPTION) */
        {1, 5, 10, 17, 24},     /* 7x7: top cols b and f, then right, bottom, left middles (ASSUMPTION) */
    },
    .small_goats = 10,          /* "10 kleine houten geiten" per colour */
    .hand_size = 2,             /* "iedere speler ... 2 geitenkaarten" */
};
