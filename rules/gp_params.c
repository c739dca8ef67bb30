/* gp_params.c: the assumed physical facts and the printed numbers of Gloria Picktoria, in one table (SPEC.md, "Parameters"). */
#include "gp.h"

const gp_params gp_param = {   /* GP-FACTS: the oracles state these facts again (GF, oracles/inv_gp.c) and compare them at every deal */
    /* ASSUMPTION: the text names 7 motifs in its examples (voetring, vitrine, standbeelden,
     * tandenhalssnoeren, wormen, maskers, hoeden) and 4 more in its introduction (graancolliers,
     * slaapkamermatjes van vossenbont, vossenstaarten, stronthoopjes); public sources give 10
     * motifs. The three taken from the introduction are graancollier, vossenstaart and
     * stronthoopje (the order of the list is the notation's, not the game's). */
    .motif_name = {"voetring", "vitrine", "standbeeld", "tandenhalssnoer", "worm",
                   "masker", "hoed", "graancollier", "vossenstaart", "stronthoopje"},
    /* V K S T W M H G F D for the motifs; J joker, X doubler ("x2"), # Dschingis-Haan */
    .letter = {'V', 'K', 'S', 'T', 'W', 'M', 'H', 'G', 'F', 'D', 'J', 'X', '#'},
    .per_motif = 9,            /* ASSUMPTION (public sources): "90 verzamelkaarten" = 10 motifs x 9 */
    .jokers = 5,               /* "5x joker" */
    .doublers = 5,             /* "5x verdubbelaar" */
    .dh = 10,                  /* "10x Dschingis-Haan" */
    .display = 3,              /* "Drie kaarten hiervan ... (deze kaarten vormen de vitrine)" */
    .hand = 4,                 /* "ontvangt iedere speler 4 kaarten in de hand" */
    .scoring_at = {4, 7, 10},  /* "vierde", "opnieuw drie", "in totaal 10" */
    .sole = 4, .longest = 3, .second = 1, .tie_longest = 2,
    .bare_chest_penalty = 2,   /* "verliest 2 verzamelpunten voor elke verdekte kaart (schatkist) die alleen" */
    .hand_penalty = 1,         /* "verliest 1 verzamelpunt voor iedere handkaart" */
};
