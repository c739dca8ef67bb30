/* bids_params.c: the assumed physical facts of Bonje in de Stal, in one table (SPEC.md, "Parameters"). */
#include "bids.h"

const bids_params bids_param = {   /* BIDS-FACTS: the oracles state these facts again (BF, oracles/inv_bids.c) and compare them at every deal */
    /* BIDS-SETUP-MATERIAL: "4 hengsten - 7 merries - 4 stieren - 7 koeien - 5 beren - 10 zeugen - 5 rammen
     * - 10 oaien - 6 hanen - 12 hennen - 3 olifanten - 2 gekke koeien - 2 dolle hengsten - 7 transportwagens" */
    .count = {4, 7, 4, 7, 5, 10, 5, 10, 6, 12, 3, 2, 2, 7},
    /* ASSUMPTION: no public source gives the card numbers. Known: "de olifant nummer 3 toont en de
     * transportwagen nummer 6". Assumed: ordinary animals carry no number ("kaarten zonder nummer
     * gelden als de laagste nummers"), mad cow 4, wild stallion 5. */
    .number = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 4, 5, 6},
    /* The 2-3 player symbol: 18 cards (public sources, SPEC.md "Sources: src:gockola": the German edition
     * has "66-84 Tierkarten" by player count, so 84 - 66 = 18 carry it; 66 divide equally among 2 and 3
     * players, 33 and 22 each). ASSUMPTION: which 18 is not published; assumed one mare, one cow, one boar,
     * two sows, one ram, three ewes, one rooster, four hens, one elephant, three trucks (no male of the
     * scarcer horses and cattle, no mad cow or wild stallion). */
    .symbol = {0, 1, 0, 1, 1, 2, 1, 3, 1, 4, 1, 0, 0, 3},
    /* BIDS-SCORE-TABLE: "Per hengst/merrie: 4 punten ... Per stier/koe: 3 ... Per beer/zeug: 2 ...
     * Per ram/ooi: 2 ... Per haan/hen: 1 punt ... Per olifant: 0 punten" */
    .points = {4, 3, 2, 2, 1},
    .pair_bonus = 2,
    /* ASSUMPTION: the species the two special stables show is not published; assumed horses and cattle. */
    .special_species = {BIDS_HORSES, BIDS_CATTLE},
    .goal = 5,
};
