/* kk_params.c: the assumed physical facts of Kleine Kläffer, in one table (SPEC.md, "Parameters"). */
#include "kk.h"

const kk_params kk_param = {   /* KK-FACTS: the oracles state these facts again (KF, oracles/inv_kk.c) and compare them at every deal */
    /* ASSUMPTION: every colour holds the same 12 cards; the split of breed and value is not
     * published. Chihuahua 1,2,3,5; Zwergspitz 1,2,4,5; Bulldogge 2,3,4,5 agrees with the
     * rulebook's examples (green Chihuahua 5, Bulldogge blue 2, Chihuahua purple 1 and orange 1). */
    .breed = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2},
    .value = {1, 2, 3, 5, 1, 2, 4, 5, 2, 3, 4, 5},
    /* KK-SETUP-REMOVAL: "bei 2 Spielern 18 Karten, bei 3 Spielern 12 Karten und bei 4 Spielern 6" */
    .removed = {0, 0, 18, 12, 6},
    .hand = 4,                 /* "Jeder Spieler erhält 4 Karten" */
    .threshold = 10,           /* "10 oder höher" */
    .free_after_refill = 4,    /* "bis nur mehr 4 Plätze frei sind" */
};
