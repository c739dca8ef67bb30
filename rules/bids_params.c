/* bids_params.c: the assumed physical facts of Bonje in de Stal, in one table (SPEC.md, "Parameters"). */
#include "bids.h"

const bids_params bids_param = {
    /* BIDS-SETUP-MATERIAL: "4 hengsten - 7 merries - 4 stieren - 7 koeien - 5 beren - 10 zeugen - 5 rammen
     * - 10 oaien - 6 hanen - 12 hennen - 3 olifanten - 2 gekke koeien - 2 dolle hengsten - 7 transportwagens" */
    .count = {4, 7, 4, 7, 5, 10, 5, 10, 6, 12, 3, 2, 2, 7},
    /* ASSUMPTION: no public source gives the card numbers. Known: "de olifant nummer 3 toont en de
     * transportwagen nummer 6". Assumed: ordinary animals carry no number ("kaarten zonder nummer
     * gelden als de laagste nummers"), mad cow 4, wild stallion 5. */
    .number = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 4, 5, 6},
    /* ASSUMPTION: which cards carry the 2-3 player symbol is not published. Assumed 12 cards, so that
     * the 72 left divide equally among 2 and 3 players (36 and 24 each): one mare, one cow, one
     * rooster, two sows, two ewes, two hens, one elephant, two trucks. */
    .symbol = {0, 1, 0, 1, 0, 2, 0, 2, 1, 2, 1, 0, 0, 2},
    /* BIDS-SCORE-TABLE: "Per hengst/merrie: 4 punten ... Per stier/koe: 3 ... Per beer/zeug: 2 ...
     * Per ram/ooi: 2 ... Per haan/hen: 1 punt ... Per olifant: 0 punten" */
    .points = {4, 3, 2, 2, 1},
    .pair_bonus = 2,
    /* ASSUMPTION: the species the two special stables show is not published; assumed horses and cattle. */
    .special_species = {BIDS_HORSES, BIDS_CATTLE},
    .goal = 5,
};
