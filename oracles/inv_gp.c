/* inv_gp.c: Gloria Picktoria oracles: every GP- clause restated over (pre, move, post), engine-free. */
#include <stdio.h>
#include <string.h>
#include "oracle.h"
#include "../rules/gp.h"

/* Independence: nothing here calls rules/gp.c. The only engine data used are gp.h's constants,
 * the state bytes, and the game.h interface (legal_moves and
 * apply, for GP-LEGAL-SET and GP-CHEST-HIDDEN, which compare the engine with itself or with the
 * oracle's own move list). Everything else is restated from the Dutch text (SPEC.md): the printed
 * numbers and the material are the oracle's own (GF below), and the engine's table gp_param is read
 * by GP-FACTS alone, to compare it with them.
 *
 * Method: from (pre, move) the oracle builds the whole expected post state (x.e) by its own
 * reading of the rules, noting which rules took effect on the way (x.ev). Each clause then
 * compares the part of post it owns, in the order the rules run; a step stops at its first
 * failing clause, so one wrong effect is reported once, under its own clause. GP-LEGAL-SET
 * compares the engine's whole move list with the oracle's, independently of the move played.
 * Cases: each clause with several cases (its `cases` below, SPEC.md's "- **Cases:**") fires in
 * exactly one of them per firing, judged from (pre, move, post) and the oracle's own model. */

#define NO GP_NONE
#define LMAX 2048               /* room for the oracle's legal-move list */

enum {
    K_CARDS, K_SETUP_SORT, K_SETUP_DISPLAY, K_SETUP_HANDS, K_SETUP_PILE, K_TURN_ORDER, K_TURN_ACTIONS,
    K_CHEST, K_CHEST_HIDDEN, K_OPEN_START, K_OPEN_EXTEND, K_OPEN_OWN, K_ONE_PER_MOTIF, K_FOX_PLACE,
    K_FOX_WORTHLESS, K_FOX_EXTEND, K_TAKE_DISPLAY, K_TAKE_PILE, K_FOX_OWN, K_FOX_LEFT, K_FOX_ONCE,
    K_FOX_PASS, K_JOKER, K_DOUBLER_PLAY, K_DOUBLER_SCORE, K_NO_TAKEBACK, K_DH_REVEAL, K_SCORING_TIMES,
    K_SCORING_INTERRUPT, K_END, K_SCORE_SOLE, K_SCORE_LONGEST, K_SCORE_SECOND, K_SCORE_TIE_LONGEST,
    K_SCORE_TIE_SECOND, K_PENALTY_CHEST, K_PENALTY_HAND, K_WINNER, K_LEGAL_SET, K_FACTS,
    K_N
};

static const inv_clause gp_clauses[K_N] = {
    {"GP-CARDS-110",          "inv_gp_cards_110",          "nl", NULL},
    {"GP-SETUP-SORT",         "inv_gp_setup_sort",         "nl", NULL},
    {"GP-SETUP-DISPLAY",      "inv_gp_setup_display",      "nl", NULL},
    {"GP-SETUP-HANDS",        "inv_gp_setup_hands",        "nl", "box all-dealt"},
    {"GP-SETUP-PILE",         "inv_gp_setup_pile",         "nl", NULL},
    {"GP-TURN-ORDER",         "inv_gp_turn_order",         "nl", "next wrap"},
    {"GP-TURN-ACTIONS",       "inv_gp_turn_actions",       "nl", "one two third stop game-ends"},
    {"GP-CHEST",              "inv_gp_chest",              "nl", "motif doubler"},
    {"GP-CHEST-HIDDEN",       "inv_gp_chest_hidden",       "nl", NULL},
    {"GP-OPEN-START",         "inv_gp_open_start",         "nl", "first later"},
    {"GP-OPEN-EXTEND",        "inv_gp_open_extend",        "nl", NULL},
    {"GP-OPEN-OWN",           "inv_gp_open_own",           "nl", "laid refused"},
    {"GP-ONE-PER-MOTIF",      "inv_gp_one_per_motif",      "nl", "refused refused-fox position"},
    {"GP-FOX-PLACE",          "inv_gp_fox_place",          "nl", "last each-first every-open position"},
    {"GP-FOX-WORTHLESS",      "inv_gp_fox_worthless",      "nl", "alone ignored ranked"},
    {"GP-FOX-EXTEND",         "inv_gp_fox_extend",         "nl", "motif joker bare-chest"},
    {"GP-TAKE-DISPLAY",       "inv_gp_take_display",       "nl", "refill dh ends"},
    {"GP-TAKE-PILE",          "inv_gp_take_pile",          "nl", "card dh-lost dh-redraw ends refused-later"},
    {"GP-FOX-OWN",            "inv_gp_fox_own",            "nl", "opened bare-chest"},
    {"GP-FOX-LEFT",           "inv_gp_fox_left",           "nl", "opened bare-chest"},
    {"GP-FOX-ONCE",           "inv_gp_fox_once",           "nl", "refused position"},
    {"GP-FOX-PASS",           "inv_gp_fox_pass",           "nl", "pass pass-moved keep position"},
    {"GP-JOKER",              "inv_gp_joker",              "nl", "chest extend refused"},
    {"GP-DOUBLER-PLAY",       "inv_gp_doubler_play",       "nl", "own other second position"},
    {"GP-DOUBLER-SCORE",      "inv_gp_doubler_score",      "nl", "doubled twice zero chest"},
    {"GP-NO-TAKEBACK",        "inv_gp_no_takeback",        "nl", NULL},
    {"GP-DH-REVEAL",          "inv_gp_dh_reveal",          "nl", "refill refill-many draw"},
    {"GP-SCORING-TIMES",      "inv_gp_scoring_times",      "nl", "first second third position"},
    {"GP-SCORING-INTERRUPT",  "inv_gp_scoring_interrupt",  "nl", "actions-left turn-over"},
    {"GP-END",                "inv_gp_end",                "nl", "refill draw"},
    {"GP-SCORE-SOLE",         "inv_gp_score_sole",         "nl", "alone fox-ignored"},
    {"GP-SCORE-LONGEST",      "inv_gp_score_longest",      "nl", "plain fox-ignored"},
    {"GP-SCORE-SECOND",       "inv_gp_score_second",       "nl", "plain fox-ignored"},
    {"GP-SCORE-TIE-LONGEST",  "inv_gp_score_tie_longest",  "nl", "all-tied shorter-lapse"},
    {"GP-SCORE-TIE-SECOND",   "inv_gp_score_tie_second",   "nl", "two more"},
    {"GP-PENALTY-CHEST",      "inv_gp_penalty_chest",      "nl", "one several"},
    {"GP-PENALTY-HAND",       "inv_gp_penalty_hand",       "nl", "cards doubler position"},
    {"GP-WINNER",             "inv_gp_winner",             "nl", "sole shared none"},
    {"GP-LEGAL-SET",          "inv_gp_legal_set",          "nl", "act pass"},    {"GP-FACTS",              "inv_gp_facts",              "nl", NULL},
};

/* Case indexes, in the order of each clause's `cases` above (SPEC.md's "- **Cases:**" bullets). */
enum { C_HANDS_BOX, C_HANDS_ALL };                                       /* GP-SETUP-HANDS */
enum { C_ORDER_NEXT, C_ORDER_WRAP };                                     /* GP-TURN-ORDER */
enum { C_ACT_ONE, C_ACT_TWO, C_ACT_THIRD, C_ACT_STOP, C_ACT_GAME_ENDS };  /* GP-TURN-ACTIONS */
enum { C_CHEST_MOTIF, C_CHEST_DOUBLER };                                 /* GP-CHEST */
enum { C_START_FIRST, C_START_LATER };                                   /* GP-OPEN-START */
enum { C_OWN_LAID, C_OWN_REFUSED };                                      /* GP-OPEN-OWN */
enum { C_MOTIF_REFUSED, C_MOTIF_REFUSED_FOX, C_MOTIF_POSITION };         /* GP-ONE-PER-MOTIF */
enum { C_PLACE_LAST, C_PLACE_EACH, C_PLACE_EVERY, C_PLACE_POSITION };    /* GP-FOX-PLACE */
enum { C_WL_ALONE, C_WL_IGNORED, C_WL_RANKED };                          /* GP-FOX-WORTHLESS */
enum { C_FEXT_MOTIF, C_FEXT_JOKER, C_FEXT_BARE };                        /* GP-FOX-EXTEND */
enum { C_TAKE_REFILL, C_TAKE_DH, C_TAKE_ENDS };                          /* GP-TAKE-DISPLAY */
enum { C_PILE_CARD, C_PILE_DH_LOST, C_PILE_DH_REDRAW, C_PILE_ENDS, C_PILE_REFUSED_LATER };  /* GP-TAKE-PILE */
enum { C_FOX_OPENED, C_FOX_BARE };                                       /* GP-FOX-OWN, GP-FOX-LEFT */
enum { C_ONCE_REFUSED, C_ONCE_POSITION };                                /* GP-FOX-ONCE */
enum { C_PASS_PASS, C_PASS_MOVED, C_PASS_KEEP, C_PASS_POSITION };        /* GP-FOX-PASS */
enum { C_JOKER_CHEST, C_JOKER_EXTEND, C_JOKER_REFUSED };                 /* GP-JOKER */
enum { C_DPLAY_OWN, C_DPLAY_OTHER, C_DPLAY_SECOND, C_DPLAY_POSITION };    /* GP-DOUBLER-PLAY */
enum { C_DSCORE_DOUBLED, C_DSCORE_TWICE, C_DSCORE_ZERO, C_DSCORE_CHEST }; /* GP-DOUBLER-SCORE */
enum { C_DH_REFILL, C_DH_REFILL_MANY, C_DH_DRAW };                       /* GP-DH-REVEAL */
enum { C_TIMES_FIRST, C_TIMES_SECOND, C_TIMES_THIRD, C_TIMES_POSITION }; /* GP-SCORING-TIMES */
enum { C_INT_ACTIONS_LEFT, C_INT_TURN_OVER };                            /* GP-SCORING-INTERRUPT */
enum { C_END_REFILL, C_END_DRAW };                                       /* GP-END */
enum { C_RANK_PLAIN, C_RANK_FOX };                                       /* GP-SCORE-SOLE (alone), -LONGEST, -SECOND */
enum { C_TIEL_ALL, C_TIEL_LAPSE };                                       /* GP-SCORE-TIE-LONGEST */
enum { C_TIES_TWO, C_TIES_MORE };                                        /* GP-SCORE-TIE-SECOND */
enum { C_PEN_ONE, C_PEN_SEVERAL };                                       /* GP-PENALTY-CHEST */
enum { C_PH_CARDS, C_PH_DOUBLER, C_PH_POSITION };                        /* GP-PENALTY-HAND */
enum { C_WIN_SOLE, C_WIN_SHARED, C_WIN_NONE };                           /* GP-WINNER */
enum { C_LEGAL_ACT, C_LEGAL_PASS };                                      /* GP-LEGAL-SET */

/* ---- Names for messages ------------------------------------------------------------------ */

typedef struct { char s[64]; } nm;

/* ---- The printed numbers and the material, in the oracle's own words (GP-FACTS) ------------ */

/* GP-FACTS: what the oracles know of the cards and the score table, written from SPEC.md's
 * "Parameters (Gloria Picktoria)" and the text, not read from the engine's table. */
static const struct {
    int per_motif;           /* "90 verzamelkaarten", 10 motifs x 9 (public sources) */
    int jokers, doublers, dh;                   /* "5x joker", "5x verdubbelaar", "10x Dschingis-Haan" */
    int display, hand;                          /* "Drie kaarten" ... "4 kaarten in de hand" */
    int scoring_at[3];                          /* the 4th, 7th and 10th Dschingis-Haan: "vierde", "in totaal 10" */
    int sole, longest, second, tie_longest;     /* points: alone 4, longest 3, second 1, tied longest 2 */
    int bare_chest, hand_card;                  /* "verliest 2 ... per verdekte kaart", "1 verzamelpunt voor iedere handkaart" */
    const char *letters;                        /* the notation's letters (SPEC.md), motifs then J X # */
} GF = {9, 5, 5, 10, 3, 4, {4, 7, 10}, 4, 3, 1, 2, 2, 1, "VKSTWMHGFDJX#"};

/* The cards shuffled at the start: the motifs and the jokers ("de overige 95 kaarten"). */
#define GF_SHUFFLED (GP_MOTIFS * GF.per_motif + GF.jokers)

static char tl(int t) { return t >= 0 && t < GP_TYPES ? GF.letters[t] : '?'; }

static nm mvname(const game_move *m)
{
    nm r;
    switch (m->kind) {
    case GP_MV_CHEST: snprintf(r.s, sizeof r.s, "chest %c", tl(m->a)); break;
    case GP_MV_OPEN:  snprintf(r.s, sizeof r.s, "open %c c%d", tl(m->a), m->b + 1); break;
    case GP_MV_TAKE:  snprintf(r.s, sizeof r.s, "take %d", m->a + 1); break;
    case GP_MV_DRAW:  snprintf(r.s, sizeof r.s, "draw"); break;
    case GP_MV_FOX:   snprintf(r.s, sizeof r.s, "fox c%d", m->a + 1); break;
    case GP_MV_END:   snprintf(r.s, sizeof r.s, "end"); break;
    default:          snprintf(r.s, sizeof r.s, "<kind %d>", m->kind); break;
    }
    return r;
}

static int rd(const gp_state *s, uint32_t bit) { return (s->readings & bit) != 0; }

/* A rule took effect where its clause is not otherwise checked: counted as applied and fired
 * (fire_case: in case i, for a clause with several cases). */
static void fire(inv_ctx *c, int k) { if (c) { inv_applied(c, k); inv_fired(c, k); } }
static void fire_case(inv_ctx *c, int k, int i) { if (c) { inv_applied(c, k); inv_fired_case(c, k, i); } }

/* The case of a clause whose step saw several (a bitmask of case indexes): the first of `order`
 * (the rarest first) that the step saw. */
static int pick(unsigned seen, const int *order, int n)
{
    for (int j = 0; j < n; j++) if (seen & (1u << order[j])) return order[j];
    return order[n - 1];
}

/* ---- GP-CARDS-110 ------------------------------------------------------------------------------ */

/* GP-CARDS-110: "90 verzamelkaarten" … "10x Dschingis-Haan" … "5x verdubbelaar" … "5x joker" …
 * "1 vos". Every card is in one place: the display, a hand, the pile, a chest's face, a
 * collection's open pieces or doubler, the box (the doublers not dealt) or beside the display
 * (the Dschingis-Haan laid out); unused bytes are 0. Returns 0 when the state is too broken to
 * check further. */
/* The counters and indices the oracles read are in range; 0 (and a GP-CARDS-110 violation) if not. */
/* ks: the clause a malformed state is reported under (K_CARDS, or a step's own clause) */
static int gp_shape_ok_as(inv_ctx *c, int k0, const gp_state *s, int ks)
{
    if (s->players < 2 || s->players > GP_MAXP || s->turn >= s->players || s->phase > GP_PH_OVER ||
        s->acts > 3 || s->ncol > GP_MAXCOL || s->pile_len > GP_PILE_MAX || s->dh > 10 || s->scorings > 3 ||
        (s->fox != NO && s->fox >= s->ncol)) {
        inv_applied(c, k0 + ks);
        inv_fail(c, k0 + ks, "malformed state: players %d, turn %d, phase %d, acts %d, %d collections, pile %d, fox %d",
                 s->players, s->turn, s->phase, s->acts, s->ncol, s->pile_len, s->fox);
        return 0;
    }
    return 1;
}

static int gp_shape_ok(inv_ctx *c, int k0, const gp_state *s) { return gp_shape_ok_as(c, k0, s, K_CARDS); }

/* part: INV_CARDS_FORM, INV_CARDS_COUNT or INV_CARDS_ALL (oracle.h). */
/* kstep >= 0: the state is a step's post, and a state that cannot be read is reported under the
 * step's own clause (the pre state could: the step broke it); else under GP-CARDS-110. */
static int inv_gp_cards_step(inv_ctx *c, int k0, const gp_state *s, int part, int kstep)
{
    int k = k0 + K_CARDS, n[GP_TYPES] = {0};
    if (!gp_shape_ok_as(c, k0, s, kstep >= 0 ? kstep : K_CARDS)) return 0;
    if (part & INV_CARDS_FORM) inv_applied(c, k);
    if (part & INV_CARDS_COUNT) inv_fired(c, k);
    /* a fresh deal (INV_CARDS_DEAL): a place that holds no card is the fault of the deal clause that
     * filled it; after a step, of the step's clause */
    int deal = part & INV_CARDS_DEAL, ks = kstep >= 0 ? k0 + kstep : k, kd = deal ? k0 + K_SETUP_DISPLAY : ks,
        kh = deal ? k0 + K_SETUP_HANDS : ks, kp = deal ? k0 + K_SETUP_PILE : ks;
    k = ks;
    for (int i = 0; i < GP_DISPLAY; i++) {
        if (s->display[i] == NO) continue;
        if (s->display[i] >= GP_DOUBLER) { inv_fail(c, kd, "display slot %d holds %c", i + 1, tl(s->display[i])); return 0; }
        n[s->display[i]]++;
    }
    for (int q = 0; q < GP_MAXP; q++)
        for (int t = 0; t < GP_HANDT; t++) {
            if (q >= s->players && s->hand[q][t]) { inv_fail(c, kh, "unused seat P%d holds cards", q + 1); return 0; }
            n[t] += s->hand[q][t];
        }
    int i = inv_first_not(s->pile, s->pile_len, GP_PILE_MAX, 0);
    if (i >= 0) { inv_fail(c, kp, "pile slot %d above the top holds %d", i, s->pile[i]); return 0; }
    for (i = 0; i < s->pile_len; i++) {
        if (s->pile[i] >= GP_TYPES || s->pile[i] == GP_DOUBLER) { inv_fail(c, kp, "pile slot %d holds %c", i, tl(s->pile[i])); return 0; }
        n[s->pile[i]]++;
    }
    int u = inv_first_not(s->col_owner, s->ncol, GP_MAXCOL, 0), w;
    if ((w = inv_first_not(s->col_face, s->ncol, GP_MAXCOL, 0)) >= 0 && (u < 0 || w < u)) u = w;
    if ((w = inv_first_not(s->col_motif, s->ncol, GP_MAXCOL, NO)) >= 0 && (u < 0 || w < u)) u = w;
    if ((w = inv_first_not(s->col_len, s->ncol, GP_MAXCOL, 0)) >= 0 && (u < 0 || w < u)) u = w;
    if ((w = inv_first_not(s->col_jokers, s->ncol, GP_MAXCOL, 0)) >= 0 && (u < 0 || w < u)) u = w;
    if ((w = inv_first_not(s->col_dbl, s->ncol, GP_MAXCOL, 0)) >= 0 && (u < 0 || w < u)) u = w;
    if (u >= 0) { inv_fail(c, k, "unused collection slot c%d is not blank", u + 1); return 0; }
    for (i = 0; i < s->ncol; i++) {
        int mo = s->col_motif[i];
        if (s->col_owner[i] >= s->players || s->col_face[i] >= GP_HANDT || (mo != NO && mo >= GP_MOTIFS) ||
            (mo == NO) != (s->col_len[i] == 0) || s->col_jokers[i] >= (s->col_len[i] ? s->col_len[i] : 1) ||
            (s->col_dbl[i] && !s->col_len[i])) {
            inv_fail(c, k, "collection c%d (P%d, chest %c, motif %c, %d pieces, %d jokers, %d doublers) cannot exist",
                     i + 1, s->col_owner[i] + 1, tl(s->col_face[i]), mo == NO ? '.' : tl(mo), s->col_len[i],
                     s->col_jokers[i], s->col_dbl[i]);
            return 0;
        }
        n[s->col_face[i]]++;
        if (mo != NO) n[mo] += s->col_len[i] - s->col_jokers[i];
        n[GP_JOKER] += s->col_jokers[i];
        n[GP_DOUBLER] += s->col_dbl[i];
    }
    if (s->pad0[0] || s->pad0[1] || s->pad0[2]) { inv_fail(c, k, "padding bytes are not 0"); return 0; }
    if (!(part & INV_CARDS_COUNT)) return 1;
    for (int t = 0; t < GP_MOTIFS; t++)
        if (n[t] != GF.per_motif) { inv_fail(c, k, "%d cards of motif %c, expected %d", n[t], tl(t), GF.per_motif); return 1; }
    if (n[GP_JOKER] != GF.jokers) { inv_fail(c, k, "%d jokers, expected %d", n[GP_JOKER], GF.jokers); return 1; }
    if (n[GP_DOUBLER] + (GF.doublers - s->players) != GF.doublers)
        { inv_fail(c, k, "%d doublers in play and %d in the box, expected %d", n[GP_DOUBLER], GF.doublers - s->players, GF.doublers); return 1; }
    if (n[GP_DH] + s->dh != GF.dh) { inv_fail(c, k, "%d Dschingis-Haan in the pile and %d laid out, expected %d", n[GP_DH], s->dh, GF.dh); return 1; }
    return 1;
}

static int inv_gp_cards_part(inv_ctx *c, int k0, const gp_state *s, int part) { return inv_gp_cards_step(c, k0, s, part, -1); }
static int inv_gp_cards_110(inv_ctx *c, int k0, const gp_state *s) { return inv_gp_cards_part(c, k0, s, INV_CARDS_ALL); }

/* ---- Setup ---------------------------------------------------------------------------------------- */

static int hsize(const gp_state *s, int q)
{
    int n = 0;
    for (int t = 0; t < GP_HANDT; t++) n += s->hand[q][t];
    return n;
}

/* GP-SETUP-SORT: "De 10 Dschingis-Haankaarten en de 5 verdubbelkaarten worden eerst uitgesorteerd.
 * Daarna worden de overige 95 kaarten verdekt zeer grondig gemixt." Neither kind reaches the
 * display or the first 95 cards' places (hands but for the doubler); the 95 are all there. */
static void inv_gp_setup_sort(inv_ctx *c, int k0, const gp_state *s)
{
    int k = k0 + K_SETUP_SORT, others = 0;
    inv_applied(c, k);
    inv_fired(c, k);
    for (int i = 0; i < GP_DISPLAY; i++) others += s->display[i] != NO && s->display[i] < GP_DOUBLER;
    for (int q = 0; q < s->players; q++) others += hsize(s, q) - s->hand[q][GP_DOUBLER];
    for (int i = 0; i < s->pile_len; i++) {
        if (s->pile[i] == GP_DOUBLER) { inv_fail(c, k, "a doubler is in the pile"); return; }
        others += s->pile[i] != GP_DH;
    }
    if (others != GF_SHUFFLED) inv_fail(c, k, "%d of the %d shuffled cards are in display, hands and pile", others, GF_SHUFFLED);
}

/* GP-SETUP-DISPLAY: "Drie kaarten hiervan worden naast elkaar in het midden van de tafel gelegd". */
static void inv_gp_setup_display(inv_ctx *c, int k0, const gp_state *s)
{
    int k = k0 + K_SETUP_DISPLAY;
    inv_applied(c, k);
    inv_fired(c, k);
    for (int i = 0; i < GP_DISPLAY; i++)
        if (s->display[i] == NO || s->display[i] >= GP_DOUBLER) { inv_fail(c, k, "display slot %d holds %c after the deal", i + 1, tl(s->display[i])); return; }
}

/* GP-SETUP-HANDS: "Dan ontvangt iedere speler 4 kaarten in de hand. Tevens neemt elke speler ook
 * nog één verdubbelkaart in de hand. De resterende verdubbelkaarten worden terug in het doosje gelegd." */
static void inv_gp_setup_hands(inv_ctx *c, int k0, const gp_state *s)
{
    int k = k0 + K_SETUP_HANDS;
    inv_applied(c, k);
    /* "De resterende verdubbelkaarten worden terug in het doosje gelegd": none left with 5 players */
    inv_fired_case(c, k, s->players == GP_MAXP ? C_HANDS_ALL : C_HANDS_BOX);
    for (int q = 0; q < s->players; q++)
        if (s->hand[q][GP_DOUBLER] != 1 || hsize(s, q) != GF.hand + 1) {
            inv_fail(c, k, "P%d holds %d cards with %d doublers after the deal, expected 4 and one doubler", q + 1,
                     hsize(s, q) - s->hand[q][GP_DOUBLER], s->hand[q][GP_DOUBLER]);
            return;
        }
}

/* GP-SETUP-PILE: "In de resterende kaarten worden nu de Dschingis-Haankaarten gemixt. Al deze kaarten
 * samen vormen nu de verdekte voorraadstapel. De vos wacht naast de voorraadstapel". Nothing is on
 * the table yet; P1 (GP-TURN-ORDER) has three actions. */
static void inv_gp_setup_pile(inv_ctx *c, int k0, const gp_state *s)
{
    int k = k0 + K_SETUP_PILE, dh = 0;
    inv_applied(c, k);
    inv_fired(c, k);
    for (int i = 0; i < s->pile_len; i++) dh += s->pile[i] == GP_DH;
    if (dh != GF.dh || s->dh || s->pile_len != GF_SHUFFLED - GF.display - GF.hand * s->players + GF.dh)
        { inv_fail(c, k, "pile of %d cards with %d Dschingis-Haan (and %d laid out)", s->pile_len, dh, s->dh); return; }
    if (s->fox != NO || s->ncol || s->scorings) { inv_fail(c, k, "the fox or a collection is on the table at the start"); return; }
    for (int r = 0; r < 3; r++)
        for (int q = 0; q < GP_MAXP; q++)
            if (s->wscore[r][q] || s->penalty[q]) { inv_fail(c, k, "a score is not 0 at the start"); return; }
}

/* ---- The oracle's model of one step --------------------------------------------------------- */

/* Rules that took effect during the step. */
enum { EV_PLACE = 1, EV_DH = 2, EV_SCORE12 = 4, EV_OVER = 8, EV_TURN_END = 16, EV_PASS_PHASE = 32 };

typedef struct gx {
    const gp_state *pre, *post;
    const game_move *m;
    gp_state e;             /* expected post */
    int p, cost, kind;      /* mover, actions the move costs */
    int ev;                 /* EV_* */
    int scored_round;       /* last scoring index held in the step, -1 none */
    int cat[K_N];           /* scoring categories that paid (or were ignored) this step */
    int seatcat[GP_MAXP][K_N];  /* the same, per seat */
    unsigned seen[K_N];     /* the cases of each scoring category the step saw (bit per case) */
    int place_case;         /* GP-FOX-PLACE's case when EV_PLACE */
} gx;

/* Collections of seat q with motif m (not the one at index `except`). */
static int q_has_motif(const gp_state *s, int q, int m, int except)
{
    for (int i = 0; i < s->ncol; i++)
        if (i != except && s->col_owner[i] == q && s->col_motif[i] == m) return 1;
    return 0;
}

static int q_opened(const gp_state *s, int q)
{
    int n = 0;
    for (int i = 0; i < s->ncol; i++) n += s->col_owner[i] == q && s->col_len[i] > 0;
    return n > 0;
}

/* Where the fox may stand. GP-AMB-BARE-CHEST: opened collections | any chest. */
static int fox_spot(const gp_state *s, int i)
{
    return i >= 0 && i < s->ncol && (s->col_len[i] > 0 || rd(s, GP_R_FOX_BARE_CHEST));
}

/* One scoring (idx 0..2) into e, restated: for each motif the lengths of the collections that
 * count (the fox's is ignored), ranked. */
static void x_scoring(gx *x, int idx)
{
    gp_state *e = &x->e;
    for (int m = 0; m < GP_MOTIFS; m++) {
        int len[GP_MAXCOL], who[GP_MAXCOL], n = 0, foxout = 0, all = 0;
        for (int i = 0; i < e->ncol; i++) {
            if (e->col_motif[i] != m) continue;
            all++;
            if (i == e->fox) {                       /* GP-FOX-WORTHLESS, GP-AMB-FOX-IGNORED */
                x->cat[K_FOX_WORTHLESS]++;
                x->seatcat[e->col_owner[i]][K_FOX_WORTHLESS]++;
                if (!rd(e, GP_R_FOX_ROW_RANKED)) { foxout = 1; continue; }
            }
            len[n] = e->col_len[i];
            who[n++] = i;
        }
        if (e->fox != NO && e->col_motif[e->fox] == m)
            x->seen[K_FOX_WORTHLESS] |= 1u << (all == 1 ? C_WL_ALONE : foxout ? C_WL_IGNORED : C_WL_RANKED);
        if (!n) continue;
        int top = 0;
        for (int j = 0; j < n; j++) if (len[j] > top) top = len[j];
        int ntop = 0, sec = 0;
        for (int j = 0; j < n; j++) { if (len[j] == top) ntop++; else if (len[j] > sec) sec = len[j]; }
        int nsec = 0;
        for (int j = 0; j < n; j++) nsec += len[j] == sec && sec > 0;
        for (int j = 0; j < n; j++) {
            int v, K = -1, o = e->col_owner[who[j]], d = e->col_dbl[who[j]];
            if (n == 1) { v = GF.sole; K = K_SCORE_SOLE; }
            else if (ntop > 1) {
                if (len[j] == top) { v = GF.tie_longest; K = K_SCORE_TIE_LONGEST; }
                else v = 0;
            } else if (len[j] == top) { v = GF.longest; K = K_SCORE_LONGEST; }
            else if (len[j] == sec) {
                if (nsec == 1) { v = GF.second; K = K_SCORE_SECOND; }
                else { v = 0; K = K_SCORE_TIE_SECOND; }
            } else v = 0;
            if (who[j] == e->fox) { if (d) x->seen[K_DOUBLER_SCORE] |= 1u << C_DSCORE_ZERO; continue; }   /* ranked, but worth nothing */
            if (K >= 0) {
                x->cat[K]++;
                x->seatcat[o][K]++;
                int cs = K == K_SCORE_TIE_LONGEST ? (ntop < n ? C_TIEL_LAPSE : C_TIEL_ALL)
                       : K == K_SCORE_TIE_SECOND ? (nsec > 2 ? C_TIES_MORE : C_TIES_TWO)
                       : foxout ? C_RANK_FOX : C_RANK_PLAIN;
                x->seen[K] |= 1u << cs;
            }
            if (d && v) { x->cat[K_DOUBLER_SCORE]++; x->seatcat[o][K_DOUBLER_SCORE]++; }
            if (d) x->seen[K_DOUBLER_SCORE] |= 1u << (!v ? C_DSCORE_ZERO : d > 1 ? C_DSCORE_TWICE : C_DSCORE_DOUBLED);
            v = v << d;            /* each doubler doubles (one unless second-doubler=allowed) */
            e->wscore[idx][e->col_owner[who[j]]] = (int16_t)(e->wscore[idx][e->col_owner[who[j]]] + v);
        }
    }
    for (int i = 0; i < e->ncol; i++) {
        if (e->col_face[i] == GP_DOUBLER) { x->cat[K_DOUBLER_SCORE]++; x->seen[K_DOUBLER_SCORE] |= 1u << C_DSCORE_CHEST; }
        if (e->col_dbl[i] && i == e->fox) x->seen[K_DOUBLER_SCORE] |= 1u << C_DSCORE_ZERO;
    }
    if (x->seen[K_DOUBLER_SCORE]) x->cat[K_DOUBLER_SCORE]++;
    if (idx == 2)
        for (int q = 0; q < e->players; q++) {
            int bare = 0;
            for (int i = 0; i < e->ncol; i++) bare += e->col_owner[i] == q && e->col_len[i] == 0;
            if (bare) { x->cat[K_PENALTY_CHEST]++; x->seen[K_PENALTY_CHEST] |= 1u << (bare > 1 ? C_PEN_SEVERAL : C_PEN_ONE); }
            if (hsize(e, q)) {
                x->cat[K_PENALTY_HAND]++;
                x->seen[K_PENALTY_HAND] |= 1u << (e->hand[q][GP_DOUBLER] ? C_PH_DOUBLER : C_PH_CARDS);
            }
            e->penalty[q] = (int16_t)(GF.bare_chest * bare + GF.hand_card * hsize(e, q));
        }
}

/* A Dschingis-Haan card comes out: beside the display; the 4th, 7th and 10th score. */
static void x_dh(gx *x)
{
    gp_state *e = &x->e;
    x->ev |= EV_DH;
    e->dh++;
    int idx = e->dh == GF.scoring_at[0] ? 0 : e->dh == GF.scoring_at[1] ? 1 : e->dh == GF.scoring_at[2] ? 2 : -1;
    if (idx < 0) return;
    x_scoring(x, idx);
    e->scorings = (uint8_t)(idx + 1);
    x->scored_round = idx;
    if (idx < 2) x->ev |= EV_SCORE12;
    else { x->ev |= EV_OVER; e->phase = GP_PH_OVER; }
}

static int x_pop(gp_state *e)
{
    int t = e->pile[e->pile_len - 1];
    e->pile[--e->pile_len] = 0;
    return t;
}

static void x_next_player(gx *x)
{
    gp_state *e = &x->e;
    x->ev |= EV_TURN_END;
    e->turn = (uint8_t)((e->turn + 1) % e->players);
    e->acts = 0;
    e->fox_moved = 0;
    e->phase = GP_PH_ACT;
}

/* After the last action: the free pass decision when the fox is the mover's and the left
 * neighbour has a place for it; else the next player. GP-FOX-PASS: the pass belongs to action D,
 * "Als de vos zich op één van de verzamelingen bevindt van de actuele speler", and one can only
 * pass on ("verder geven") a fox one has: a fox on anyone else's collection stays. */
static void x_actions_over(gx *x)
{
    gp_state *e = &x->e;
    int q = (x->p + 1) % e->players;
    if (e->fox != NO && e->col_owner[e->fox] == x->p)
        for (int i = 0; i < e->ncol; i++)
            if (e->col_owner[i] == q && fox_spot(e, i)) { e->phase = GP_PH_PASS; x->ev |= EV_PASS_PHASE; return; }
    x_next_player(x);
}

static void x_build(gx *x, const gp_state *pre, const game_move *m, const gp_state *post)
{
    memset(x, 0, sizeof *x);
    x->pre = pre; x->post = post; x->m = m;
    x->e = *pre;
    x->p = pre->turn;
    x->kind = m->kind;
    x->scored_round = -1;
    gp_state *e = &x->e;
    int p = x->p;
    if (pre->phase == GP_PH_PASS) {
        if (m->kind == GP_MV_FOX) e->fox = m->a;
        x_next_player(x);
        return;
    }
    switch (m->kind) {
    case GP_MV_CHEST:
        e->hand[p][m->a]--;
        e->col_owner[e->ncol] = (uint8_t)p;
        e->col_face[e->ncol] = m->a;
        e->col_motif[e->ncol] = NO;
        e->ncol++;
        x->cost = 1;
        break;
    case GP_MV_OPEN: {
        int i = m->b, t = m->a;
        e->hand[p][t]--;
        x->cost = 1;
        if (t == GP_DOUBLER) { e->col_dbl[i]++; break; }
        if (e->col_len[i]) { e->col_len[i]++; e->col_jokers[i] = (uint8_t)(e->col_jokers[i] + (t == GP_JOKER)); break; }
        /* the first open card on an untouched chest */
        int mine_before = q_opened(pre, p), others_all = 1;
        for (int q = 0; q < pre->players; q++) if (q != p && !q_opened(pre, q)) others_all = 0;
        e->col_motif[i] = (uint8_t)t;
        e->col_len[i] = 1;
        /* reading of GP-AMB-FOX-EVERY (SPEC.md register): under every-open a new collection takes
         * the fox whoever opens it and whatever he opened before; else GP-AMB-FOX-PLACE decides
         * (the player's own first collection: the last such player's | each one) */
        int newly_opened_takes_it = rd(pre, GP_R_FOX_EVERY_OPEN);
        if (newly_opened_takes_it || (!mine_before && (rd(pre, GP_R_FOX_EACH_FIRST) || others_all))) {
            e->fox = (uint8_t)i;
            x->ev |= EV_PLACE;
            x->place_case = mine_before ? C_PLACE_EVERY : others_all ? C_PLACE_LAST : C_PLACE_EACH;
            /* reading of GP-AMB-PLACE-COUNTS (SPEC.md register) */
            if (rd(pre, GP_R_PLACE_COUNTS)) e->fox_moved = 1;
        }
        break;
    }
    case GP_MV_TAKE: {
        int t = e->display[m->a];
        e->hand[p][t]++;
        e->display[m->a] = NO;
        while (e->pile_len && e->phase != GP_PH_OVER) {
            int u = x_pop(e);
            if (u == GP_DH) { x_dh(x); continue; }
            e->display[m->a] = (uint8_t)u;
            break;
        }
        x->cost = 1;
        break;
    }
    case GP_MV_DRAW:
        x->cost = 2;
        for (;;) {
            if (!e->pile_len || e->phase == GP_PH_OVER) break;
            int u = x_pop(e);
            if (u != GP_DH) { e->hand[p][u]++; break; }
            x_dh(x);
            /* reading of GP-AMB-DH-DRAW (SPEC.md register) */
            if (!rd(pre, GP_R_DH_REDRAW)) break;
        }
        break;
    case GP_MV_FOX:
        x->cost = pre->col_owner[m->a] == p ? 1 : 2;
        e->fox = m->a;
        e->fox_moved = 1;
        break;
    case GP_MV_END:
        x_actions_over(x);
        return;
    default:
        return;
    }
    if (e->phase == GP_PH_OVER) return;
    e->acts = (uint8_t)(e->acts + x->cost);
    if (e->acts >= 3) x_actions_over(x);
}

/* ---- GP-LEGAL-SET: the oracle's own list of legal moves ---------------------------------- */

typedef struct { game_move m; int clause; } lmove;

static int lpush(lmove *out, int n, uint8_t kind, int a, int b, int clause)
{
    if (n >= LMAX) return n;
    game_move g = {kind, (uint8_t)a, (uint8_t)b, 0, 0, 0, 0, 0};
    out[n].m = g;
    out[n].clause = clause;
    return n + 1;
}

/* The clause that decides whether move m is legal in s (for naming a difference). */
static int clause_of(const gp_state *s, const game_move *m)
{
    if (s->phase == GP_PH_PASS) return K_FOX_PASS;     /* only the free pass or the end */
    switch (m->kind) {
    case GP_MV_CHEST: return m->a == GP_JOKER ? K_JOKER : K_CHEST;
    case GP_MV_OPEN: {
        int i = m->b;
        if (m->a == GP_DOUBLER) return K_DOUBLER_PLAY;
        if (i >= s->ncol) return K_OPEN_OWN;
        if (s->col_owner[i] != s->turn) return K_OPEN_OWN;
        if (s->col_dbl[i]) return K_DOUBLER_PLAY;
        if (m->a == GP_JOKER) return K_JOKER;
        if (s->col_len[i] == 0) return q_has_motif(s, s->turn, m->a, -1) ? K_ONE_PER_MOTIF : K_OPEN_START;
        return i == s->fox ? K_FOX_EXTEND : K_OPEN_EXTEND;
    }
    case GP_MV_TAKE: return K_TAKE_DISPLAY;
    case GP_MV_DRAW: return K_TAKE_PILE;
    case GP_MV_FOX:
        if (s->phase == GP_PH_PASS) return K_FOX_PASS;
        if (s->fox_moved) return K_FOX_ONCE;
        return m->a < s->ncol && s->col_owner[m->a] == s->turn ? K_FOX_OWN : K_FOX_LEFT;
    case GP_MV_END: return s->phase == GP_PH_PASS ? K_FOX_PASS : K_TURN_ACTIONS;
    default: return K_TURN_ACTIONS;
    }
}

/* Every legal move of s, restated; with c, also counts the rules that excluded something (fired). */
static int oracle_moves(inv_ctx *c, int k0, const gp_state *s, lmove *out)
{
    int n = 0, p = s->turn, left = 3 - s->acts, q = (p + 1) % s->players;
    if (s->phase == GP_PH_OVER) return 0;
    int fox_mine = s->fox != NO && s->col_owner[s->fox] == p;
    if (s->phase == GP_PH_PASS) {
        for (int i = 0; i < s->ncol; i++)
            if (s->col_owner[i] == q && fox_spot(s, i)) n = lpush(out, n, GP_MV_FOX, i, 0, K_FOX_PASS);
        return lpush(out, n, GP_MV_END, 0, 0, K_FOX_PASS);
    }
    /* A: any hand card, a joker or a doubler too */
    for (int t = 0; t < GP_HANDT; t++)
        if (s->hand[p][t]) n = lpush(out, n, GP_MV_CHEST, t, 0, t == GP_JOKER ? K_JOKER : K_CHEST);
    /* B, by hand card then collection */
    for (int t = 0; t < GP_HANDT; t++) {
        if (!s->hand[p][t]) continue;
        for (int i = 0; i < s->ncol; i++) {
            int own = s->col_owner[i] == p, L = s->col_len[i], closed = s->col_dbl[i] > 0;
            if (t == GP_DOUBLER) {
                /* reading of GP-AMB-DOUBLER-OWNER, GP-AMB-SECOND-DOUBLER (SPEC.md register) */
                int ok = L > 0 && (!closed || rd(s, GP_R_DOUBLER_STACK)) && (own || rd(s, GP_R_DOUBLER_ANY));
                if (ok) n = lpush(out, n, GP_MV_OPEN, t, i, K_DOUBLER_PLAY);
                continue;
            }
            if (!own) { if (L) fire_case(c, k0 + K_OPEN_OWN, C_OWN_REFUSED); continue; }
            if (closed) continue;
            if (t == GP_JOKER) {
                if (L) n = lpush(out, n, GP_MV_OPEN, t, i, K_JOKER);   /* as clause_of names a joker move */
                else fire_case(c, k0 + K_JOKER, C_JOKER_REFUSED);
                continue;
            }
            if (!L) {
                if (q_has_motif(s, p, t, i)) {
                    int under_fox = s->fox != NO && s->col_owner[s->fox] == p && s->col_motif[s->fox] == t;
                    fire_case(c, k0 + K_ONE_PER_MOTIF, under_fox ? C_MOTIF_REFUSED_FOX : C_MOTIF_REFUSED);
                    continue;
                }
                n = lpush(out, n, GP_MV_OPEN, t, i, K_OPEN_START);
            } else if (s->col_motif[i] == t) n = lpush(out, n, GP_MV_OPEN, t, i, i == s->fox ? K_FOX_EXTEND : K_OPEN_EXTEND);
        }
    }
    /* C */
    for (int j = 0; j < GP_DISPLAY; j++)
        if (s->display[j] != NO) n = lpush(out, n, GP_MV_TAKE, j, 0, K_TAKE_DISPLAY);
    /* the pile: two action points; reading of GP-AMB-DRAW-ORDER (SPEC.md register): under first
     * the turn has used no action point yet, so the draw opens the turn */
    int turn_fresh = s->acts == 0;
    if (s->pile_len && left >= 2 && (turn_fresh || !rd(s, GP_R_DRAW_FIRST))) n = lpush(out, n, GP_MV_DRAW, 0, 0, K_TAKE_PILE);
    else if (s->pile_len && left >= 2) fire_case(c, k0 + K_TAKE_PILE, C_PILE_REFUSED_LATER);
    /* D */
    if (fox_mine && s->fox_moved) fire_case(c, k0 + K_FOX_ONCE, C_ONCE_REFUSED);
    if (fox_mine && !s->fox_moved) {
        for (int i = 0; i < s->ncol; i++)
            if (i != s->fox && fox_spot(s, i) && s->col_owner[i] == p) n = lpush(out, n, GP_MV_FOX, i, 0, K_FOX_OWN);
        for (int i = 0; i < s->ncol; i++)
            if (i != s->fox && fox_spot(s, i) && s->col_owner[i] == q && left >= 2) n = lpush(out, n, GP_MV_FOX, i, 0, K_FOX_LEFT);
    }
    /* reading of GP-AMB-THREE-ACTIONS (SPEC.md register) */
    if (rd(s, GP_R_MAY_STOP)) n = lpush(out, n, GP_MV_END, 0, 0, K_TURN_ACTIONS);
    return n;
}

/* GP-LEGAL-SET: the engine's legal moves are exactly the oracle's (as sets). A move the engine
 * withholds is reported under the clause that allows it, one it adds under the clause that forbids
 * it ("legal moves: ..."); GP-LEGAL-SET itself keeps what no single clause explains (a duplicate). */
/* Fills mine[] (LMAX entries) with the oracle's legal moves of s; returns their number. */
static int inv_gp_legal_set(inv_ctx *c, int k0, const gp_state *s, lmove *mine)
{
    game_move buf[GAME_MAX_MOVES];
    const game_move *eng;
    int k = k0 + K_LEGAL_SET;
    inv_applied(c, k);
    int n = oracle_moves(c, k0, s, mine);
    if (c->legal_set_off) return n;               /* bench: the comparison's cost */
    int ne = inv_legal_pre(c, s, buf, &eng);      /* s: the step's pre state */
    inv_fired_case(c, k, s->phase == GP_PH_PASS ? C_LEGAL_PASS : C_LEGAL_ACT);
    game_move rule[LMAX];
    int i, j;
    for (i = 0; i < n; i++) rule[i] = mine[i].m;
    inv_moves_diff(rule, n, eng, ne, &i, &j);
    /* a move missing or extra is named under the clause that allows or forbids it; an extra one first
     * (one clause forbids it, where a withheld move needs several to allow it) */
    if (j >= 0) {
        int K = clause_of(s, &eng[j]);
        inv_applied(c, k0 + K);
        inv_fail(c, k0 + K, "legal moves: legal_moves offers P%d '%s', which %s forbids", s->turn + 1, mvname(&eng[j]).s,
                 gp_clauses[K].id);
        return n;
    }
    if (i >= 0) {
        int K = mine[i].clause;
        inv_applied(c, k0 + K);
        inv_fail(c, k0 + K, "legal moves: P%d may play '%s' (%s allows it) but legal_moves withholds it", s->turn + 1,
                 mvname(&mine[i].m).s, gp_clauses[K].id);
        return n;
    }
    if (ne != n) inv_fail(c, k, "legal_moves lists %d moves for %d distinct legal ones (a duplicate)", ne, n);
    return n;
}

/* The move played is one of the oracle's legal moves; else the clause that forbids it reports it. */
static int move_allowed(inv_ctx *c, int k0, const gp_state *s, const game_move *m, const lmove *mine, int n_mine)
{
    for (int i = 0; i < n_mine; i++) if (inv_move_same(&mine[i].m, m)) return 1;
    int K = clause_of(s, m);
    inv_applied(c, k0 + K);
    inv_fail(c, k0 + K, "P%d played '%s', which %s forbids here", s->turn + 1, mvname(m).s, gp_clauses[K].id);
    return 0;
}

/* ---- Step clauses ------------------------------------------------------------------------------- */

/* GP-NO-TAKEBACK: "Het terugnemen of omdraaien van kaarten is niet toegelaten." Nothing laid on
 * the table leaves it or turns over: every collection of pre is in post with the same owner,
 * chest, motif (once open) and at least its pieces, jokers and doublers. */
static int inv_gp_no_takeback(inv_ctx *c, int k0, const gx *x)
{
    const gp_state *a = x->pre, *b = x->post;
    int k = k0 + K_NO_TAKEBACK;
    inv_applied(c, k);
    if (!a->ncol) return 1;
    inv_fired(c, k);
    if (b->ncol < a->ncol) { inv_fail(c, k, "'%s': %d chests became %d", mvname(x->m).s, a->ncol, b->ncol); return 0; }
    for (int i = 0; i < a->ncol; i++)
        if (b->col_owner[i] != a->col_owner[i] || b->col_face[i] != a->col_face[i] || b->col_len[i] < a->col_len[i] ||
            b->col_jokers[i] < a->col_jokers[i] || b->col_dbl[i] < a->col_dbl[i] ||
            (a->col_len[i] && b->col_motif[i] != a->col_motif[i])) {
            inv_fail(c, k, "'%s': collection c%d lost or turned a card (%d pieces, %d jokers, %d doublers -> %d, %d, %d)",
                     mvname(x->m).s, i + 1, a->col_len[i], a->col_jokers[i], a->col_dbl[i], b->col_len[i],
                     b->col_jokers[i], b->col_dbl[i]);
            return 0;
        }
    return 1;
}

static int hands_equal(const gp_state *a, const gp_state *b) { return memcmp(a->hand, b->hand, sizeof a->hand) == 0; }

static int cols_equal(const gp_state *a, const gp_state *b)
{
    return a->ncol == b->ncol && !memcmp(a->col_owner, b->col_owner, sizeof a->col_owner) &&
           !memcmp(a->col_face, b->col_face, sizeof a->col_face) && !memcmp(a->col_motif, b->col_motif, sizeof a->col_motif) &&
           !memcmp(a->col_len, b->col_len, sizeof a->col_len) && !memcmp(a->col_jokers, b->col_jokers, sizeof a->col_jokers) &&
           !memcmp(a->col_dbl, b->col_dbl, sizeof a->col_dbl);
}

/* The clause of the move's own effect on the hands and the table. */
static int move_clause(const gx *x)
{
    const gp_state *s = x->pre;
    const game_move *m = x->m;
    if (s->phase == GP_PH_PASS) return K_FOX_PASS;
    switch (m->kind) {
    case GP_MV_CHEST: return m->a == GP_JOKER ? K_JOKER : K_CHEST;
    case GP_MV_OPEN:
        if (m->a == GP_DOUBLER) return K_DOUBLER_PLAY;
        if (m->a == GP_JOKER) return K_JOKER;
        if (m->b == s->fox) return K_FOX_EXTEND;
        return s->col_len[m->b] ? K_OPEN_EXTEND : K_OPEN_START;
    case GP_MV_TAKE: return K_TAKE_DISPLAY;
    case GP_MV_DRAW: return K_TAKE_PILE;
    case GP_MV_FOX: return s->col_owner[m->a] == s->turn ? K_FOX_OWN : K_FOX_LEFT;
    default: return K_TURN_ACTIONS;
    }
}

/* The action's own clauses fire, each in the case the move is (GP-FOX-PASS: fox_fired). */
static void move_fired(inv_ctx *c, int k0, const gx *x)
{
    const gp_state *s = x->pre, *e = &x->e;
    const game_move *m = x->m;
    if (s->phase != GP_PH_ACT) return;
    switch (m->kind) {
    case GP_MV_CHEST:
        if (m->a == GP_JOKER) fire_case(c, k0 + K_JOKER, C_JOKER_CHEST);
        else fire_case(c, k0 + K_CHEST, m->a == GP_DOUBLER ? C_CHEST_DOUBLER : C_CHEST_MOTIF);
        break;
    case GP_MV_OPEN: {
        int i = m->b, L = s->col_len[i];
        if (m->a == GP_DOUBLER) {
            fire_case(c, k0 + K_DOUBLER_PLAY, s->col_dbl[i] ? C_DPLAY_SECOND : s->col_owner[i] == x->p ? C_DPLAY_OWN : C_DPLAY_OTHER);
            break;
        }
        fire_case(c, k0 + K_OPEN_OWN, C_OWN_LAID);
        if (i == s->fox) fire_case(c, k0 + K_FOX_EXTEND, !L ? C_FEXT_BARE : m->a == GP_JOKER ? C_FEXT_JOKER : C_FEXT_MOTIF);
        if (m->a == GP_JOKER) fire_case(c, k0 + K_JOKER, C_JOKER_EXTEND);
        else if (L) fire(c, k0 + K_OPEN_EXTEND);
        else fire_case(c, k0 + K_OPEN_START, q_opened(s, x->p) ? C_START_LATER : C_START_FIRST);
        break;
    }
    case GP_MV_TAKE:
        fire_case(c, k0 + K_TAKE_DISPLAY, e->phase == GP_PH_OVER ? C_TAKE_ENDS : e->dh > s->dh ? C_TAKE_DH : C_TAKE_REFILL);
        break;
    case GP_MV_DRAW:
        fire_case(c, k0 + K_TAKE_PILE, e->phase == GP_PH_OVER ? C_PILE_ENDS : e->dh == s->dh ? C_PILE_CARD
                                       : rd(s, GP_R_DH_REDRAW) ? C_PILE_DH_REDRAW : C_PILE_DH_LOST);
        break;
    case GP_MV_FOX:
        fire_case(c, k0 + (s->col_owner[m->a] == x->p ? K_FOX_OWN : K_FOX_LEFT), s->col_len[m->a] ? C_FOX_OPENED : C_FOX_BARE);
        break;
    default:
        break;
    }
}

/* The move's own clause: the hand cards and the collections change as the move says
 * (GP-CHEST, GP-OPEN-START, GP-OPEN-EXTEND, GP-FOX-EXTEND, GP-JOKER, GP-DOUBLER-PLAY,
 * GP-TAKE-DISPLAY, GP-TAKE-PILE). GP-OPEN-OWN fires on every open card laid on the mover's own
 * collection. */
static int inv_gp_move_effect(inv_ctx *c, int k0, const gx *x)
{
    int K = move_clause(x), k = k0 + K;
    inv_applied(c, k);
    move_fired(c, k0, x);
    if (!hands_equal(&x->e, x->post)) {
        for (int q = 0; q < x->e.players; q++)
            for (int t = 0; t < GP_HANDT; t++)
                if (x->e.hand[q][t] != x->post->hand[q][t]) {
                    inv_fail(c, k, "'%s': P%d holds %d %c, expected %d", mvname(x->m).s, q + 1, x->post->hand[q][t], tl(t),
                             x->e.hand[q][t]);
                    return 0;
                }
    }
    if (!cols_equal(&x->e, x->post)) {
        for (int i = 0; i < GP_MAXCOL; i++)
            if (x->e.col_owner[i] != x->post->col_owner[i] || x->e.col_face[i] != x->post->col_face[i] ||
                x->e.col_motif[i] != x->post->col_motif[i] || x->e.col_len[i] != x->post->col_len[i] ||
                x->e.col_jokers[i] != x->post->col_jokers[i] || x->e.col_dbl[i] != x->post->col_dbl[i]) {
                inv_fail(c, k, "'%s': collection c%d is P%d %c/%c %d pieces %d jokers %d doublers, expected P%d %c/%c %d %d %d",
                         mvname(x->m).s, i + 1, x->post->col_owner[i] + 1, tl(x->post->col_face[i]),
                         x->post->col_motif[i] == NO ? '.' : tl(x->post->col_motif[i]), x->post->col_len[i],
                         x->post->col_jokers[i], x->post->col_dbl[i], x->e.col_owner[i] + 1, tl(x->e.col_face[i]),
                         x->e.col_motif[i] == NO ? '.' : tl(x->e.col_motif[i]), x->e.col_len[i], x->e.col_jokers[i],
                         x->e.col_dbl[i]);
                return 0;
            }
        inv_fail(c, k, "'%s': %d chests, expected %d", mvname(x->m).s, x->post->ncol, x->e.ncol);
        return 0;
    }
    return 1;
}

/* GP-FOX-PLACE: "De laatste speler, die zijn eerste open kaart aan een schatkist aanlegt, zet
 * onmiddellijk de vos op deze verzameling." (GP-AMB-FOX-PLACE, GP-AMB-FOX-EVERY); the fox moves
 * only then or by action D (GP-FOX-OWN, GP-FOX-LEFT, GP-FOX-PASS). */
static int inv_gp_fox_place(inv_ctx *c, int k0, const gx *x)
{
    int opening = x->pre->phase == GP_PH_ACT && x->m->kind == GP_MV_OPEN && x->m->a < GP_MOTIFS && !x->pre->col_len[x->m->b];
    int K = opening || x->m->kind != GP_MV_FOX ? K_FOX_PLACE : move_clause(x), k = k0 + K;
    inv_applied(c, k);
    if (x->ev & EV_PLACE) inv_fired_case(c, k0 + K_FOX_PLACE, x->place_case);
    if (x->post->fox != x->e.fox) {
        char a[16], b[16];
        snprintf(a, sizeof a, x->post->fox == NO ? "beside the pile" : "c%d", x->post->fox + 1);
        snprintf(b, sizeof b, x->e.fox == NO ? "beside the pile" : "c%d", x->e.fox + 1);
        inv_fail(c, k, "'%s' by P%d: the fox is %s, expected %s", mvname(x->m).s, x->p + 1, a, b);
        return 0;
    }
    return 1;
}

/* GP-DH-REVEAL: "De speler die een Dschingis-Haankaart blootlegt of trekt, moet deze kaart
 * onmiddellijk open naast de vitrine leggen … Dit is geen actie." The pile, the display and the
 * count laid out are as the move's draws make them (the display and pile under the move's clause). */
static int inv_gp_dh_reveal(inv_ctx *c, int k0, const gx *x)
{
    int k = k0 + K_DH_REVEAL;
    inv_applied(c, k);
    if (x->ev & EV_DH)
        inv_fired_case(c, k, x->m->kind == GP_MV_DRAW ? C_DH_DRAW : x->e.dh - x->pre->dh > 1 ? C_DH_REFILL_MANY : C_DH_REFILL);
    if (x->post->dh != x->e.dh) {
        inv_fail(c, k, "'%s': %d Dschingis-Haan laid out, expected %d", mvname(x->m).s, x->post->dh, x->e.dh);
        return 0;
    }
    int K = move_clause(x);
    if (memcmp(x->post->display, x->e.display, sizeof x->e.display) || x->post->pile_len != x->e.pile_len ||
        memcmp(x->post->pile, x->e.pile, sizeof x->e.pile)) {
        inv_fail(c, k0 + K, "'%s': display %c%c%c and pile of %d, expected %c%c%c and %d", mvname(x->m).s,
                 tl(x->post->display[0]), tl(x->post->display[1]), tl(x->post->display[2]), x->post->pile_len,
                 tl(x->e.display[0]), tl(x->e.display[1]), tl(x->e.display[2]), x->e.pile_len);
        return 0;
    }
    return 1;
}

/* GP-SCORING-TIMES: scorings at the 4th, 7th and 10th Dschingis-Haan. */
static int inv_gp_scoring_times(inv_ctx *c, int k0, const gx *x)
{
    int k = k0 + K_SCORING_TIMES;
    inv_applied(c, k);
    if (x->scored_round >= 0) inv_fired_case(c, k, x->scored_round);   /* C_TIMES_FIRST + round */
    if (x->post->scorings != x->e.scorings) {
        inv_fail(c, k, "'%s': %d scorings after %d Dschingis-Haan, expected %d", mvname(x->m).s, x->post->scorings,
                 x->post->dh, x->e.scorings);
        return 0;
    }
    for (int r = 0; r < 3; r++)
        if (r != x->scored_round && memcmp(x->post->wscore[r], x->e.wscore[r], sizeof x->e.wscore[r])) {
            inv_fail(c, k, "'%s': the points of scoring %d changed without that scoring", mvname(x->m).s, r + 1);
            return 0;
        }
    return 1;
}

/* The scoring categories, in the order a wrong total is blamed: the rule that can explain it. */
static const int score_blame[] = {K_DOUBLER_SCORE, K_FOX_WORTHLESS, K_SCORE_SOLE, K_SCORE_LONGEST, K_SCORE_SECOND,
                                  K_SCORE_TIE_LONGEST, K_SCORE_TIE_SECOND};

/* Seat q's points of the expected scoring under a wrong version of rule K (for blame): the
 * category's points replaced by v (GP-SCORE-*), the doubler ignored (v 0) or a doubler chest
 * doubling too (v 1) (GP-DOUBLER-SCORE), or the fox's row ranked and paid (GP-FOX-WORTHLESS).
 * Also whether rule K touched seat q at all. */
static int alt_points(const gx *x, int q, int K, int v, int *touched)
{
    const gp_state *e = &x->e;
    int tot = 0;
    *touched = 0;
    for (int m = 0; m < GP_MOTIFS; m++) {
        int len[GP_MAXCOL], who[GP_MAXCOL], n = 0, mine = 0;
        int ranked = rd(e, GP_R_FOX_ROW_RANKED);
        for (int i = 0; i < e->ncol; i++)
            if (e->col_motif[i] == m) {
                mine |= e->col_owner[i] == q;
                if (i != e->fox || ranked || K == K_FOX_WORTHLESS) { len[n] = e->col_len[i]; who[n++] = i; }
            }
        if (K == K_FOX_WORTHLESS && mine && e->fox != NO && e->col_motif[e->fox] == m) *touched = 1;
        int top = 0, ntop = 0, sec = 0, nsec = 0;
        for (int j = 0; j < n; j++) if (len[j] > top) top = len[j];
        for (int j = 0; j < n; j++) { if (len[j] == top) ntop++; else if (len[j] > sec) sec = len[j]; }
        for (int j = 0; j < n; j++) nsec += len[j] == sec && sec > 0;
        for (int j = 0; j < n; j++) {
            if (e->col_owner[who[j]] != q || (who[j] == e->fox && K != K_FOX_WORTHLESS)) continue;
            int c = n == 1 ? K_SCORE_SOLE : ntop > 1 ? (len[j] == top ? K_SCORE_TIE_LONGEST : -1)
                  : len[j] == top ? K_SCORE_LONGEST : len[j] == sec ? (nsec == 1 ? K_SCORE_SECOND : K_SCORE_TIE_SECOND) : -1;
            int base = c == K_SCORE_SOLE ? GF.sole : c == K_SCORE_TIE_LONGEST ? GF.tie_longest : c == K_SCORE_LONGEST ? GF.longest
                     : c == K_SCORE_SECOND ? GF.second : 0;
            if (c == K && c >= 0) { base = v; *touched = 1; }
            int d = e->col_dbl[who[j]];
            if (K == K_DOUBLER_SCORE) {
                if (v == 0) { *touched |= d > 0; d = 0; }
                else if (e->col_face[who[j]] == GP_DOUBLER) { *touched = 1; d++; }
            }
            tot += base << d;
        }
    }
    return tot;
}

/* GP-SCORE-SOLE "4 verzamelpunten voor elke verzameling die hij als enige heeft liggen",
 * GP-SCORE-LONGEST 3, GP-SCORE-SECOND 1, GP-SCORE-TIE-LONGEST 2 (the second's point lapses),
 * GP-SCORE-TIE-SECOND 0, GP-DOUBLER-SCORE (x2), GP-FOX-WORTHLESS (ignored): the notepad's points
 * of the scoring held in this step. A wrong total is blamed on the rule whose wrong version
 * gives the engine's number, else on the first rule that paid that seat (its rank first). */
static int inv_gp_scores(inv_ctx *c, int k0, const gx *x)
{
    int r = x->scored_round;
    if (r < 0) return 1;
    /* each category that paid fires once, in the rarest case the scoring saw */
    static const int rank_order[] = {C_RANK_FOX, C_RANK_PLAIN}, wl_order[] = {C_WL_RANKED, C_WL_IGNORED, C_WL_ALONE},
                     dbl_order[] = {C_DSCORE_TWICE, C_DSCORE_DOUBLED, C_DSCORE_ZERO, C_DSCORE_CHEST},
                     tiel_order[] = {C_TIEL_LAPSE, C_TIEL_ALL}, ties_order[] = {C_TIES_MORE, C_TIES_TWO};
    for (size_t j = 0; j < sizeof score_blame / sizeof score_blame[0]; j++) {
        int K = score_blame[j];
        inv_applied(c, k0 + K);
        if (!x->cat[K]) continue;
        int cs = K == K_FOX_WORTHLESS ? pick(x->seen[K], wl_order, 3) : K == K_DOUBLER_SCORE ? pick(x->seen[K], dbl_order, 4)
               : K == K_SCORE_TIE_LONGEST ? pick(x->seen[K], tiel_order, 2) : K == K_SCORE_TIE_SECOND ? pick(x->seen[K], ties_order, 2)
               : pick(x->seen[K], rank_order, 2);
        inv_fired_case(c, k0 + K, cs);
    }
    for (int q = 0; q < x->e.players; q++) {
        int got = x->post->wscore[r][q], want = x->e.wscore[r][q];
        if (got == want) continue;
        /* the wrong version of one rule that gives every seat's engine total */
        int K = -1, touched;
        for (size_t j = 0; j < sizeof score_blame / sizeof score_blame[0] && K < 0; j++) {
            int Kj = score_blame[j], vmax = Kj == K_FOX_WORTHLESS ? 0 : Kj == K_DOUBLER_SCORE ? 1 : 8;
            for (int v = 0; v <= vmax && K < 0; v++) {
                int all = alt_points(x, q, Kj, v, &touched) == got && touched;
                for (int o = 0; o < x->e.players && all; o++)
                    all = alt_points(x, o, Kj, v, &touched) == x->post->wscore[r][o];
                if (all) K = Kj;
            }
        }
        /* else the first rule that paid that seat, the collection's rank before what changes it (a
         * base that no single wrong rank explains is more likely than a doubling gone wrong) */
        static const int rank_first[] = {K_SCORE_SOLE, K_SCORE_LONGEST, K_SCORE_SECOND, K_SCORE_TIE_LONGEST,
                                         K_SCORE_TIE_SECOND, K_FOX_WORTHLESS, K_DOUBLER_SCORE};
        for (size_t j = 0; j < sizeof rank_first / sizeof rank_first[0] && K < 0; j++)
            if (x->seatcat[q][rank_first[j]]) K = rank_first[j];
        if (K < 0) K = K_SCORE_SOLE;
        inv_fail(c, k0 + K, "scoring %d: P%d gets %d points, expected %d", r + 1, q + 1, got, want);
        return 0;
    }
    return 1;
}

/* GP-PENALTY-CHEST "verliest 2 verzamelpunten voor elke verdekte kaart (schatkist) die alleen,
 * zonder een verzamelstuk, voor de speler ligt", GP-PENALTY-HAND "verliest 1 verzamelpunt voor
 * iedere handkaart": only at the last scoring. Every bare chest counts, the fox's too (under
 * fox-target=any-chest): "waardeloos" and "genegeerd" are said of the collections' scoring. */
static int inv_gp_penalties(inv_ctx *c, int k0, const gx *x)
{
    inv_applied(c, k0 + K_PENALTY_CHEST);
    inv_applied(c, k0 + K_PENALTY_HAND);
    if (x->cat[K_PENALTY_CHEST]) inv_fired_case(c, k0 + K_PENALTY_CHEST, x->seen[K_PENALTY_CHEST] & (1u << C_PEN_SEVERAL) ? C_PEN_SEVERAL : C_PEN_ONE);
    if (x->cat[K_PENALTY_HAND]) inv_fired_case(c, k0 + K_PENALTY_HAND, x->seen[K_PENALTY_HAND] & (1u << C_PH_DOUBLER) ? C_PH_DOUBLER : C_PH_CARDS);
    for (int q = 0; q < x->e.players; q++) {
        int got = x->post->penalty[q], want = x->e.penalty[q];
        if (got == want) continue;
        int hand = hsize(&x->e, q), bare = 0;
        for (int i = 0; i < x->e.ncol; i++) bare += x->e.col_owner[i] == q && x->e.col_len[i] == 0;
        /* the engine's number as the chests' amount and all the hand but one kind of card (a kind
         * left out of the hand), or the hand's amount and some of the bare chests: that part's rule */
        int hand_less_a_kind = 0;
        for (int t = 0; t < GP_HANDT; t++)
            if (x->e.hand[q][t] && got - 2 * bare == hand - x->e.hand[q][t]) hand_less_a_kind = 1;
        int some_chests = bare && got - hand >= 0 && (got - hand) % 2 == 0 && got - hand < 2 * bare;
        /* else the rule whose other per-card amount gives the engine's number */
        int K = hand_less_a_kind && !some_chests ? K_PENALTY_HAND
              : some_chests && !hand_less_a_kind ? K_PENALTY_CHEST
              : bare && (got - hand) >= 0 && (got - hand) % bare == 0 ? K_PENALTY_CHEST
              : hand && (got - 2 * bare) >= 0 && (got - 2 * bare) % hand == 0 ? K_PENALTY_HAND
              : bare ? K_PENALTY_CHEST : K_PENALTY_HAND;
        inv_fail(c, k0 + K, "P%d loses %d points, expected %d (%d hand cards)", q + 1, got, want, hand);
        return 0;
    }
    return 1;
}

/* GP-END: "Bij de derde waardering vervallen alle verdere acties. Deze waardering beëindigt het spel." */
static int inv_gp_end(inv_ctx *c, int k0, const gx *x)
{
    int k = k0 + K_END;
    inv_applied(c, k);
    if (x->ev & EV_OVER) inv_fired_case(c, k, x->m->kind == GP_MV_DRAW ? C_END_DRAW : C_END_REFILL);
    if ((x->post->phase == GP_PH_OVER) != (x->e.phase == GP_PH_OVER)) {
        inv_fail(c, k, "'%s': the game is %s after %d scorings", mvname(x->m).s,
                 x->post->phase == GP_PH_OVER ? "over" : "not over", x->e.scorings);
        return 0;
    }
    if (x->e.phase == GP_PH_OVER && (x->post->turn != x->e.turn || x->post->acts != x->e.acts ||
                                     x->post->fox_moved != x->e.fox_moved)) {
        inv_fail(c, k, "'%s': the turn went on after the third scoring", mvname(x->m).s);
        return 0;
    }
    return 1;
}

/* GP-SCORING-INTERRUPT: "Als de eerste of de tweede waardering intreedt tijdens de speelbeurt van
 * een speler, wordt zijn speelbeurt onderbroken. Als hij nog een volgende actie mag uitvoeren,
 * doet hij dit pas na de waardering." After scoring 1 or 2 the same turn goes on. */
static int inv_gp_scoring_interrupt(inv_ctx *c, int k0, const gx *x)
{
    int k = k0 + K_SCORING_INTERRUPT;
    inv_applied(c, k);
    if (!(x->ev & EV_SCORE12) || (x->ev & EV_OVER)) return 1;
    /* "Als hij nog een volgende actie mag uitvoeren, doet hij dit pas na de waardering." */
    inv_fired_case(c, k, x->e.turn == x->p && x->e.phase == GP_PH_ACT ? C_INT_ACTIONS_LEFT : C_INT_TURN_OVER);
    if (x->post->turn != x->e.turn || x->post->acts != x->e.acts || x->post->phase != x->e.phase) {
        inv_fail(c, k, "after scoring %d in P%d's action, P%d decides with %d actions used (phase %d), expected P%d, %d (phase %d)",
                 x->scored_round + 1, x->p + 1, x->post->turn + 1, x->post->acts, x->post->phase, x->e.turn + 1,
                 x->e.acts, x->e.phase);
        return 0;
    }
    return 1;
}

/* GP-TURN-ACTIONS: "kiest drie acties en voert deze acties uit in een volgorde naar keuze. De speler
 * mag een afzonderlijke actie ook meermaals uitvoeren." The move's cost (1; 2 for the pile and
 * the neighbour's fox, by their clauses) is counted; after three the turn's actions are over. */
static int inv_gp_turn_actions(inv_ctx *c, int k0, const gx *x)
{
    /* a move whose own clause states its cost (the pile, either fox move) is named under that clause
     * when its count is wrong */
    int own_cost = x->pre->phase == GP_PH_ACT && (x->cost == 2 || x->m->kind == GP_MV_FOX);
    int K = own_cost ? move_clause(x) : K_TURN_ACTIONS;
    inv_applied(c, k0 + K_TURN_ACTIONS);
    if (x->pre->phase == GP_PH_ACT)
        inv_fired_case(c, k0 + K_TURN_ACTIONS, x->m->kind == GP_MV_END ? C_ACT_STOP : x->e.phase == GP_PH_OVER ? C_ACT_GAME_ENDS
                                                : x->pre->acts + x->cost >= GP_ACTIONS ? C_ACT_THIRD
                                                : x->cost == 2 ? C_ACT_TWO : C_ACT_ONE);
    if (x->post->acts != x->e.acts || x->post->phase != x->e.phase) {
        int pass = x->post->acts == x->e.acts && (x->post->phase == GP_PH_PASS || x->e.phase == GP_PH_PASS);
        inv_fail(c, k0 + (pass ? K_FOX_PASS : K), "'%s': %d actions used, phase %d; expected %d, phase %d", mvname(x->m).s,
                 x->post->acts, x->post->phase, x->e.acts, x->e.phase);
        return 0;
    }
    return 1;
}

/* GP-FOX-ONCE: "Tijdens dezelfde speelbeurt mag een speler de vos maar één keer verplaatsen." */
static int inv_gp_fox_once(inv_ctx *c, int k0, const gx *x)
{
    int k = k0 + K_FOX_ONCE;
    inv_applied(c, k);
    if (x->post->fox_moved != x->e.fox_moved) {
        inv_fail(c, k, "'%s': the fox-moved mark is %d, expected %d", mvname(x->m).s, x->post->fox_moved, x->e.fox_moved);
        return 0;
    }
    return 1;
}

/* GP-TURN-ORDER: "De speler die als laatste een levende kip heeft gezien, begint het spel. Daarna
 * speelt iedereen om de beurt, met de wijzers van de klok mee." */
static int inv_gp_turn_order(inv_ctx *c, int k0, const gx *x)
{
    int k = k0 + K_TURN_ORDER;
    inv_applied(c, k);
    if (x->ev & EV_TURN_END) inv_fired_case(c, k, x->e.turn == 0 ? C_ORDER_WRAP : C_ORDER_NEXT);
    if (x->post->turn != x->e.turn) {
        inv_fail(c, k, "'%s' by P%d: P%d is next, expected P%d", mvname(x->m).s, x->p + 1, x->post->turn + 1, x->e.turn + 1);
        return 0;
    }
    return 1;
}

/* GP-FOX-OWN, GP-FOX-LEFT, GP-FOX-PASS fire on their moves (their effects are judged by
 * GP-FOX-PLACE's fox comparison under the move's clause, and by GP-TURN-ACTIONS). */
static void fox_fired(inv_ctx *c, int k0, const gx *x)
{
    if (x->pre->phase != GP_PH_PASS) return;          /* the fox moves of action D: move_fired */
    /* "Deze actie mag de actuele speler ook doen als hij tijdens zijn speelbeurt de vos al ... had verplaatst" */
    fire_case(c, k0 + K_FOX_PASS, x->m->kind != GP_MV_FOX ? C_PASS_KEEP : x->pre->fox_moved ? C_PASS_MOVED : C_PASS_PASS);
}

/* GP-CHEST-HIDDEN: "Van nu af aan mag niemand meer de voorzijde van deze schatkist bekijken." …
 * "De voorzijde van deze schatkist is vanaf nu ook van geen enkele betekenis meer". Through the
 * game.h interface: with every chest's face replaced by another card, the legal moves are the
 * same and the move does the same (faces aside); and faces never change. */
static int inv_gp_chest_hidden(inv_ctx *c, int k0, const gx *x)
{
    int k = k0 + K_CHEST_HIDDEN;
    inv_applied(c, k);
    if (!x->pre->ncol) return 1;
    inv_fired(c, k);
    for (int i = 0; i < x->pre->ncol; i++)
        if (x->post->col_face[i] != x->pre->col_face[i]) {
            inv_fail(c, k, "'%s': the face of chest c%d changed", mvname(x->m).s, i + 1);
            return 0;
        }
    gp_state a = *x->pre, b;
    for (int i = 0; i < a.ncol; i++) a.col_face[i] = (uint8_t)((a.col_face[i] + 1) % GP_HANDT);
    game_move buf[GAME_MAX_MOVES], lb[GAME_MAX_MOVES];
    const game_move *la;
    int na = inv_legal_pre(c, x->pre, buf, &la), nb = c->g->legal_moves(&a, lb, GAME_MAX_MOVES);
    if (!inv_moves_same(la, na, lb, nb)) {
        inv_fail(c, k, "the legal moves depend on the chests' faces");
        return 0;
    }
    b = a;
    if (c->g->apply(&b, x->m) != GAME_OK) { inv_fail(c, k, "'%s' is refused once the chests' faces differ", mvname(x->m).s); return 0; }
    for (int i = 0; i < a.ncol; i++) b.col_face[i] = x->post->col_face[i];
    if (memcmp(&b, x->post, sizeof b)) { inv_fail(c, k, "'%s' does something else once the chests' faces differ", mvname(x->m).s); return 0; }
    return 1;
}

/* Anything else of post that differs from the expected state, under the move's clause. */
static void check_frame(inv_ctx *c, int k0, const gx *x)
{
    if (memcmp(&x->e, x->post, sizeof x->e)) {
        const unsigned char *a = (const unsigned char *)&x->e, *b = (const unsigned char *)x->post;
        size_t i = 0;
        while (i < sizeof x->e && a[i] == b[i]) i++;
        inv_fail(c, k0 + move_clause(x), "'%s': state byte %zu is %d, expected %d", mvname(x->m).s, i, b[i], a[i]);
    }
}

/* ---- Hooks ------------------------------------------------------------------------------------ */

/* GP-FACTS: "90 verzamelkaarten" ... "5x joker" ... "5x verdubbelaar" ... "10x Dschingis-Haan" and the
 * printed numbers of the setup and the scorings (GF above): the oracle's facts hold the text's
 * numbers, and the engine's table t (a gp_params) states the same facts field by field. A wrong
 * fact in either is named with both values; which side is wrong SPEC.md's sources decide. */
static void inv_gp_facts(inv_ctx *c, int k0, const void *table)
{
    const gp_params *t = table;
    int k = k0 + K_FACTS;
    inv_applied(c, k);
    if (GP_MOTIFS * GF.per_motif != 90 || GF_SHUFFLED + GF.doublers + GF.dh != 110) {
        inv_fail(c, k, "oracle facts: %d x %d collector's cards, %d in all; the text says 90 and 110",
                 GP_MOTIFS, GF.per_motif, GF_SHUFFLED + GF.doublers + GF.dh);
        return;
    }
    struct { const char *what; int engine, oracle; } f[] = {
        {"cards per motif", t->per_motif, GF.per_motif}, {"jokers", t->jokers, GF.jokers},
        {"doublers", t->doublers, GF.doublers}, {"Dschingis-Haan cards", t->dh, GF.dh},
        {"display cards", t->display, GF.display}, {"hand cards", t->hand, GF.hand},
        {"first scoring at", t->scoring_at[0], GF.scoring_at[0]}, {"second scoring at", t->scoring_at[1], GF.scoring_at[1]},
        {"third scoring at", t->scoring_at[2], GF.scoring_at[2]}, {"points alone", t->sole, GF.sole},
        {"points longest", t->longest, GF.longest}, {"points second", t->second, GF.second},
        {"points tied longest", t->tie_longest, GF.tie_longest},
        {"penalty per bare chest", t->bare_chest_penalty, GF.bare_chest}, {"penalty per hand card", t->hand_penalty, GF.hand_card},
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        if (f[i].engine != f[i].oracle) {
            inv_fail(c, k, "engine table: %s %d, the oracle's facts say %d", f[i].what, f[i].engine, f[i].oracle);
            return;
        }
    for (int ty = 0; ty < GP_TYPES; ty++)
        if (t->letter[ty] != GF.letters[ty]) {
            inv_fail(c, k, "engine table: type %d's letter %c, the oracle's facts say %c", ty, t->letter[ty], GF.letters[ty]);
            return;
        }
    inv_fired(c, k);
}

static void gp_check_setup(inv_ctx *c, int k0, const void *st)
{
    const gp_state *s = st;
    /* GP-FACTS first, at every deal: a wrong fact in the engine's table (or the oracle's) is named
     * as such, before the deal's clauses judge the deal by the oracle's facts */
    inv_gp_facts(c, k0, &gp_param);
    /* the deal's own clauses first, then the card count (a deal that loses a card is named by the
     * step of the deal that lost it) */
    if (!inv_gp_cards_part(c, k0, s, INV_CARDS_FORM | INV_CARDS_DEAL)) return;
    inv_gp_setup_sort(c, k0, s);
    inv_gp_setup_display(c, k0, s);
    inv_gp_setup_hands(c, k0, s);
    inv_gp_setup_pile(c, k0, s);
    int k = k0 + K_TURN_ORDER;
    inv_applied(c, k);
    if (s->turn != 0 || s->acts || s->fox_moved || s->phase != GP_PH_ACT)
        inv_fail(c, k, "the game starts with P%d, %d actions used, phase %d; expected P1, 0, act", s->turn + 1, s->acts, s->phase);
    inv_gp_cards_part(c, k0, s, INV_CARDS_COUNT);
}

static void gp_step_clauses(inv_ctx *c, int k0, const gp_state *pre, const game_move *m, const gp_state *post);

static void gp_check_step(inv_ctx *c, int k0, const void *pre_v, const game_move *m, const void *post_v)
{
    const gp_state *pre = pre_v, *post = post_v;
    /* GP-CARDS-110 judges every state once: the deal (check_setup) or a loaded position
     * (check_position), then each step's post, after the step's own clauses (a step that loses or
     * doubles a card is named by the clause of the step first); pre is only bounds-checked (it was
     * judged as the post of the step before), and a post that cannot be read is reported under the
     * clause of the move that made it. */
    if (!gp_shape_ok(c, k0, pre)) return;
    if (!inv_gp_cards_step(c, k0, post, INV_CARDS_FORM, pre->phase == GP_PH_OVER ? -1 : clause_of(pre, m))) return;
    gp_step_clauses(c, k0, pre, m, post);
    inv_gp_cards_part(c, k0, post, INV_CARDS_COUNT);
}

static void gp_step_clauses(inv_ctx *c, int k0, const gp_state *pre, const game_move *m, const gp_state *post)
{
    gx x;
    lmove mine[LMAX];
    int n = inv_gp_legal_set(c, k0, pre, mine);
    if (pre->phase == GP_PH_OVER) return;
    if (!move_allowed(c, k0, pre, m, mine, n)) return;
    x_build(&x, pre, m, post);
    fox_fired(c, k0, &x);
    if (!inv_gp_no_takeback(c, k0, &x)) return;
    if (!inv_gp_move_effect(c, k0, &x)) return;
    if (!inv_gp_fox_place(c, k0, &x)) return;
    if (!inv_gp_dh_reveal(c, k0, &x)) return;
    if (!inv_gp_scoring_times(c, k0, &x)) return;
    if (!inv_gp_scores(c, k0, &x)) return;
    if (!inv_gp_penalties(c, k0, &x)) return;
    if (!inv_gp_end(c, k0, &x)) return;
    if (!inv_gp_scoring_interrupt(c, k0, &x)) return;
    if (!inv_gp_turn_actions(c, k0, &x)) return;
    if (!inv_gp_fox_once(c, k0, &x)) return;
    if (!inv_gp_turn_order(c, k0, &x)) return;
    if (!inv_gp_chest_hidden(c, k0, &x)) return;
    check_frame(c, k0, &x);
}

/* GP-WINNER: "De speler die na drie waarderingen de meeste verzamelpunten heeft behaald, wint het
 * spel." (GP-AMB-WIN-TIE); the scores are the notepad's three scorings less the penalties. A wrong
 * score is named under the rule that explains it (a penalty not taken: GP-PENALTY-CHEST or
 * GP-PENALTY-HAND; a scoring's row not added: GP-SCORING-TIMES), a wrong winner under GP-WINNER with
 * its case: one top score, or a tie decided by the win-tie reading. */
static void gp_check_final(inv_ctx *c, int k0, const void *st, const int *scores, unsigned winners)
{
    const gp_state *s = st;
    int k = k0 + K_WINNER;
    if (!inv_gp_cards_110(c, k0, s)) return;
    inv_applied(c, k);
    if (s->scorings != 3) { inv_fail(c, k, "the game ended after %d scorings", s->scorings); return; }
    int best = -100000;
    for (int q = 0; q < s->players; q++) {
        int sum = s->wscore[0][q] + s->wscore[1][q] + s->wscore[2][q], want = sum - s->penalty[q];
        if (scores[q] != want) {
            int bare = 0, hand = hsize(s, q), K = K_WINNER;
            for (int i = 0; i < s->ncol; i++) bare += s->col_owner[i] == q && s->col_len[i] == 0;
            if (s->penalty[q] && scores[q] == sum - hand && bare) K = K_PENALTY_CHEST;      /* the chests not taken off */
            else if (s->penalty[q] && scores[q] == sum - 2 * bare && hand) K = K_PENALTY_HAND; /* the hand cards not */
            else if (s->penalty[q] && scores[q] == sum) K = hand ? K_PENALTY_HAND : K_PENALTY_CHEST;
            for (int r = 0; r < 3 && K == K_WINNER; r++)
                if (s->wscore[r][q] && scores[q] == want - s->wscore[r][q]) K = K_SCORING_TIMES;
            inv_applied(c, k0 + K);
            inv_fail(c, k0 + K, "final score: P%d scores %d, the notepad says %d (%d + %d + %d - %d)", q + 1, scores[q], want,
                     s->wscore[0][q], s->wscore[1][q], s->wscore[2][q], s->penalty[q]);
            return;
        }
        if (want > best) best = want;
    }
    unsigned w = 0;
    int n = 0;
    for (int q = 0; q < s->players; q++) if (scores[q] == best) { w |= 1u << q; n++; }
    int cs = n == 1 ? C_WIN_SOLE : rd(s, GP_R_TIE_NONE) ? C_WIN_NONE : C_WIN_SHARED;
    if (cs == C_WIN_NONE) w = 0;
    inv_fired_case(c, k, cs);
    if (w != winners)
        inv_fail(c, k, "winners 0x%x, expected 0x%x: %s (%d points)", winners, w,
                 cs == C_WIN_SOLE ? "one player has the most points"
                 : cs == C_WIN_SHARED ? "the top score is tied and under win-tie=shared (GP-AMB-WIN-TIE) all of them win"
                 : "the top score is tied and under win-tie=none (GP-AMB-WIN-TIE) nobody wins", best);
}

/* ---- GEN-HIDDEN-INFO: what a seat sees ------------------------------------------------- */

/* Open to every seat: the notepad, the display, the fox, the chests' owners, motifs, lengths,
 * jokers and doublers, the pile's height, how many cards each hand holds and its doublers (each
 * seat got one; where it goes is public). Hidden: the other hands' cards, the pile, and every
 * chest's face, from its owner too (GP-CHEST-HIDDEN: "mag niemand meer de voorzijde van deze
 * schatkist bekijken"). */
_Static_assert(sizeof(gp_state) == 4 + 30 + 10 + 8 + 3 + 1 + 60 + GP_PILE_MAX + 4 + 6 * GP_MAXCOL,
               "a new gp_state field: say in gp_open whether every seat sees it");
#define OPEN(f, name) INV_FIELD(gp_state, f, name)
static const inv_field gp_open[] = {
    OPEN(readings, "readings"), OPEN(wscore, "scores"), OPEN(penalty, "penalties"), OPEN(players, "players"),
    OPEN(phase, "phase"), OPEN(turn, "turn"), OPEN(acts, "actions"), OPEN(fox_moved, "fox moved"), OPEN(dh, "Dschingis-Haan"),
    OPEN(scorings, "scorings"), OPEN(fox, "fox"), OPEN(display, "display"), OPEN(pile_len, "pile height"),
    OPEN(ncol, "chests"), OPEN(pad0, "pad0"), OPEN(col_owner, "chest owners"), OPEN(col_motif, "chest motifs"),
    OPEN(col_len, "chest lengths"), OPEN(col_jokers, "chest jokers"), OPEN(col_dbl, "chest doublers"),
};
#undef OPEN

static int gp_hand_cards(const gp_state *s, int q)
{
    int n = 0;
    for (int t = 0; t < GP_HANDT; t++) n += s->hand[q][t];
    return n;
}

static int gp_view_differs(const void *va, const void *vb, int v, char *why, int n)
{
    const gp_state *a = va, *b = vb;
    const char *f = inv_fields_differ(gp_open, (int)(sizeof gp_open / sizeof gp_open[0]), a, b);
    if (f) { snprintf(why, (size_t)n, "the open field '%s'", f); return 1; }
    if (a->players > GP_MAXP || a->pile_len > GP_PILE_MAX || a->ncol > GP_MAXCOL) {
        snprintf(why, (size_t)n, "a state out of bounds");
        return 1;
    }
    int unseen[256] = {0};                             /* per type: a's counted up, b's down */
    for (int q = 0; q < a->players; q++) {
        if (q == v) {
            if (memcmp(a->hand[q], b->hand[q], GP_HANDT) != 0) { snprintf(why, (size_t)n, "P%d's own hand", q + 1); return 1; }
            continue;
        }
        if (gp_hand_cards(a, q) != gp_hand_cards(b, q) || a->hand[q][GP_DOUBLER] != b->hand[q][GP_DOUBLER]) {
            snprintf(why, (size_t)n, "P%d's hand size or doublers", q + 1);
            return 1;
        }
        for (int t = 0; t < GP_HANDT; t++)
            if (t != GP_DOUBLER) unseen[t] += a->hand[q][t] - b->hand[q][t];
    }
    for (int i = 0; i < a->ncol; i++) { unseen[a->col_face[i]]++; unseen[b->col_face[i]]--; }
    for (int i = 0; i < a->pile_len; i++) { unseen[a->pile[i]]++; unseen[b->pile[i]]--; }
    if (memcmp(a->col_face + a->ncol, b->col_face + a->ncol, (size_t)(GP_MAXCOL - a->ncol)) != 0 ||
        memcmp(a->pile + a->pile_len, b->pile + a->pile_len, (size_t)(GP_PILE_MAX - a->pile_len)) != 0) {
        snprintf(why, (size_t)n, "the unused chest or pile places");
        return 1;
    }
    for (int t = 0; t < 256; t++)
        if (unseen[t]) { snprintf(why, (size_t)n, "the unseen cards (type %c %s)", tl(t), unseen[t] > 0 ? "lost" : "added"); return 1; }
    return 0;
}

/* The chest faces, the other hands (doublers excepted) and the pile shuffled among themselves,
 * every place keeping its number of cards. */
static void gp_mix_unseen(void *vs, int v, uint64_t seed)
{
    gp_state *s = vs;
    uint8_t pool[GP_MAXCOL + GP_PILE_MAX + GP_MAXP * 255];
    int np = 0, k = 0;
    if (s->players > GP_MAXP || s->pile_len > GP_PILE_MAX || s->ncol > GP_MAXCOL) return;
    for (int i = 0; i < s->ncol; i++) pool[np++] = s->col_face[i];
    for (int q = 0; q < s->players; q++)
        for (int t = 0; t < GP_HANDT && q != v; t++)
            for (int j = 0; j < s->hand[q][t] && t != GP_DOUBLER; j++) pool[np++] = (uint8_t)t;
    for (int i = 0; i < s->pile_len; i++) pool[np++] = s->pile[i];
    inv_shuffle(pool, np, &seed);
    /* a hand takes motifs and jokers (its doublers stay), a face any card a hand can hold, the
     * pile the rest; the shuffled pool is searched in order for each place */
    uint8_t used[sizeof pool] = {0};
    for (int q = 0; q < s->players; q++) {
        if (q == v) continue;
        int m = gp_hand_cards(s, q) - s->hand[q][GP_DOUBLER];
        for (int t = 0; t < GP_HANDT; t++) if (t != GP_DOUBLER) s->hand[q][t] = 0;
        for (int j = 0; j < np && m; j++)
            if (!used[j] && pool[j] < GP_HANDT && pool[j] != GP_DOUBLER) { used[j] = 1; s->hand[q][pool[j]]++; m--; }
    }
    for (int i = 0; i < s->ncol; i++)
        for (int j = 0; j < np; j++)
            if (!used[j] && pool[j] < GP_HANDT) { used[j] = 1; s->col_face[i] = pool[j]; break; }
    for (int i = 0; i < s->pile_len; i++) {
        while (k < np && used[k]) k++;
        if (k < np) { used[k] = 1; s->pile[i] = pool[k]; }
    }
}

/* What every position a game reaches keeps beyond its cards, restated from the rules (issue 21):
 * each clause reports under its own ID, the message naming the position field and value at fault. */
static void inv_gp_position(inv_ctx *c, int k0, const gp_state *s)
{
    int k, p = s->turn, q = (s->turn + 1) % s->players;
    /* GP-ONE-PER-MOTIF: "Een speler mag van elk motief maar één verzameling aanleggen." */
    k = k0 + K_ONE_PER_MOTIF;
    inv_applied(c, k);
    for (int i = 0; i < s->ncol; i++) {
        if (s->col_motif[i] == NO) continue;
        inv_fired_case(c, k, C_MOTIF_POSITION);
        if (q_has_motif(s, s->col_owner[i], s->col_motif[i], i)) {
            inv_fail(c, k, "cols: P%d collects motif %c in c%d and in another collection", s->col_owner[i] + 1, tl(s->col_motif[i]), i + 1);
            return;
        }
    }
    /* GP-DOUBLER-PLAY: the doubler ends the row (reading of GP-AMB-SECOND-DOUBLER, SPEC.md register:
     * closed, no second doubler); a seat's one doubler (GP-SETUP-HANDS) stays in its hand, becomes one of
     * its chests or goes open, on its own collections under doubler-on=own (GP-AMB-DOUBLER-OWNER) */
    k = k0 + K_DOUBLER_PLAY;
    inv_applied(c, k);
    for (int i = 0; i < s->ncol; i++)
        if (s->col_dbl[i] > 1 && !rd(s, GP_R_DOUBLER_STACK)) {
            inv_fail(c, k, "cols: c%d holds %d doublers under second-doubler=closed", i + 1, s->col_dbl[i]);
            return;
        }
    for (int o = 0; o < s->players; o++) {
        int faces = 0, open = 0, hand = s->hand[o][GP_DOUBLER];
        for (int i = 0; i < s->ncol; i++)
            if (s->col_owner[i] == o) { faces += s->col_face[i] == GP_DOUBLER; open += s->col_dbl[i]; }
        if (faces || open) inv_fired_case(c, k, C_DPLAY_POSITION);
        if (hand + faces > 1) {
            inv_applied(c, k0 + K_SETUP_HANDS);
            inv_fail(c, k0 + K_SETUP_HANDS, "hands, cols: P%d holds %d doublers and has %d doubler chests; it was dealt one", o + 1, hand, faces);
            return;
        }
        if (!rd(s, GP_R_DOUBLER_ANY) && hand + faces + open != 1) {
            inv_fail(c, k, "hands, cols: P%d's doubler is %d in hand, %d chests and %d open on its collections (doubler-on=own: one)",
                     o + 1, hand, faces, open);
            return;
        }
    }
    /* GP-SCORING-TIMES: the notepad has a row only for the scorings held; no scoring takes points */
    k = k0 + K_SCORING_TIMES;
    inv_applied(c, k);
    inv_fired_case(c, k, C_TIMES_POSITION);
    for (int r = 0; r < 3; r++)
        for (int o = 0; o < s->players; o++)
            if (s->wscore[r][o] < 0 || (r >= s->scorings && s->wscore[r][o])) {
                inv_fail(c, k, "score: P%d has %d from scoring %d, with %d scorings held", o + 1, s->wscore[r][o], r + 1, s->scorings);
                return;
            }
    /* GP-PENALTY-CHEST, GP-PENALTY-HAND: "aan het einde van het spel", at the third scoring */
    k = k0 + K_PENALTY_HAND;
    inv_applied(c, k);
    for (int o = 0; o < s->players; o++) {
        int bare = 0;
        for (int i = 0; i < s->ncol; i++) bare += s->col_owner[i] == o && s->col_len[i] == 0;
        int due = s->phase == GP_PH_OVER ? hsize(s, o) + 2 * bare : 0;
        if (s->phase == GP_PH_OVER) inv_fired_case(c, k, C_PH_POSITION);
        if (s->penalty[o] != due) {
            inv_fail(c, k, "penalty: P%d loses %d (phase %s, %d hand cards, %d bare chests): expected %d", o + 1, s->penalty[o],
                     s->phase == GP_PH_OVER ? "over" : "before the last scoring", hsize(s, o), bare, due);
            return;
        }
    }
    /* GP-FOX-PLACE, GP-FOX-OWN, GP-FOX-LEFT: the fox only ever goes to a collection it may stand on
     * (reading of GP-AMB-BARE-CHEST, SPEC.md register), and no collection loses its open cards */
    k = k0 + K_FOX_PLACE;
    inv_applied(c, k);
    if (s->fox != NO) {
        inv_fired_case(c, k, C_PLACE_POSITION);
        if (!fox_spot(s, s->fox)) { inv_fail(c, k, "fox: c%d is a bare chest (fox-target=opened)", s->fox + 1); return; }
    }
    /* GP-FOX-ONCE: moved in this turn by an action of the current player, to its own or its left
     * neighbour's collection (or placed there, GP-AMB-PLACE-COUNTS) */
    k = k0 + K_FOX_ONCE;
    inv_applied(c, k);
    if (s->fox_moved) {
        inv_fired_case(c, k, C_ONCE_POSITION);
        if (s->fox == NO || s->acts == 0 || (s->col_owner[s->fox] != p && s->col_owner[s->fox] != q)) {
            inv_fail(c, k, "foxmoved: 1 with the fox %s%d and %d actions used by P%d", s->fox == NO ? "beside the pile " : "on c",
                     s->fox == NO ? 0 : s->fox + 1, s->acts, p + 1);
            return;
        }
        /* GP-FOX-LEFT: "kost 2 acties"; with a third the turn would be over, so two are used */
        if (s->col_owner[s->fox] == q && s->acts != 2) {
            inv_applied(c, k0 + K_FOX_LEFT);
            inv_fail(c, k0 + K_FOX_LEFT, "foxmoved: 1 with the fox on P%d's c%d after %d actions, not 2", q + 1, s->fox + 1, s->acts);
            return;
        }
    }
    /* GP-END: "Bij de derde waardering vervallen alle verdere acties": the action that showed the tenth
     * Dschingis-Haan is not counted; a take leaves its place empty, a draw needs two actions left
     * (and opens the turn under draw-at=first) */
    if (s->phase == GP_PH_OVER) {
        int empty = 0;
        for (int i = 0; i < GP_DISPLAY; i++) empty += s->display[i] == NO;
        int most = empty ? 2 : rd(s, GP_R_DRAW_FIRST) ? 0 : 1;
        if (empty > 1 || s->acts > most) {
            inv_applied(c, k0 + K_END);
            inv_fail(c, k0 + K_END, "phase: over with %d empty display places and %d actions used (a take: one place, 2 at most; a draw: none, %d at most)",
                     empty, s->acts, rd(s, GP_R_DRAW_FIRST) ? 0 : 1);
            return;
        }
    }
    /* GP-SCORING-TIMES: the third scoring ends the game with nothing moved after it, so its row pays
     * what the collections score as they lie (restated by this oracle's own scoring) */
    if (s->phase == GP_PH_OVER) {
        k = k0 + K_SCORING_TIMES;
        gx x;
        memset(&x, 0, sizeof x);
        x.e = *s;
        for (int o = 0; o < s->players; o++) x.e.wscore[2][o] = 0;
        x_scoring(&x, 2);
        for (int o = 0; o < s->players; o++)
            if (x.e.wscore[2][o] != s->wscore[2][o]) {
                inv_fail(c, k, "score: P%d has %d from the third scoring, but its collections score %d", o + 1, s->wscore[2][o],
                         x.e.wscore[2][o]);
                return;
            }
    }
    /* GP-FOX-PASS: the pass is offered only with the fox on the mover's collection, after its actions
     * (GP-TURN-ACTIONS; reading of GP-AMB-THREE-ACTIONS, SPEC.md register: or an early end under
     * may-stop), and only when the left neighbour has a collection the fox may go to */
    k = k0 + K_FOX_PASS;
    inv_applied(c, k);
    if (s->phase == GP_PH_PASS) {
        int spot = 0;
        inv_fired_case(c, k, C_PASS_POSITION);
        for (int i = 0; i < s->ncol; i++) spot |= s->col_owner[i] == q && fox_spot(s, i);
        if (s->fox == NO || s->col_owner[s->fox] != p || !spot) {
            inv_fail(c, k, "phase: pass, but the fox is not on P%d's collection or P%d has no place for it", p + 1, q + 1);
            return;
        }
        if (s->acts != GP_ACTIONS && !rd(s, GP_R_MAY_STOP)) {
            inv_applied(c, k0 + K_TURN_ACTIONS);
            inv_fail(c, k0 + K_TURN_ACTIONS, "phase: pass with acts %d under actions=three", s->acts);
            return;
        }
    }
}

/* A loaded position: every card in one place (GP-CARDS-110), and what every reachable position keeps. */
static void gp_check_position(inv_ctx *c, int k0, const void *st)
{
    int v = c->violations;
    if (inv_gp_cards_110(c, k0, st) && c->violations == v) inv_gp_position(c, k0, st);
}

/* GP-CARDS-110 on one state, for GEN-HIDDEN-INFO's check of the engine's determinize. */
static void gp_check_material(inv_ctx *c, int k0, const void *st)
{
    inv_gp_cards_110(c, k0, (const gp_state *)st);
}

const inv_game inv_gp_game = {
    "gp", gp_clauses, K_N, gp_check_setup, gp_check_step, gp_check_final, gp_check_position,
    gp_view_differs, gp_mix_unseen,
    gp_check_material,
    inv_gp_facts,
};
