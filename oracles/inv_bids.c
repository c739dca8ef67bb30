/* inv_bids.c: Bonje in de Stal oracles: every BIDS- clause restated over (pre, move, post), engine-free. */
#include <stdio.h>
#include <string.h>
#include "oracle.h"
#include "../rules/bids.h"

/* Independence: nothing here calls rules/bids.c to compute what the rules require. The only engine
 * data used are bids.h's constants and macros and the state bytes; the physical facts are the oracle's
 * own (BF below, from SPEC.md's parameter table and the texts' numbers), and the engine's table
 * bids_param is read by BIDS-FACTS alone, to compare it with them;
 * BIDS-LEGAL-SET and BIDS-CALL-LATE judge the engine's own legal_moves (through the context's
 * engine, as the conformance oracles do) against the set restated here. The card types, the stable
 * views, completeness, values, placements, the effect of a played card, the round's end and its
 * winners are restated below from SPEC.md and the two texts.
 *
 * Method: from (pre, move) the oracle builds `mid`, the card places right after the move's own
 * effect (before a round end resets the stables), and then checks each clause on the part of post
 * (or mid) it owns. */

enum {
    K_MATERIAL, K_PLAYERS, K_SETUP_STABLES, K_SETUP_REMOVAL, K_SETUP_DEAL, K_TRICK_STEPS, K_FLIP,
    K_GRAB_RACE, K_GRAB_TOUCH, K_GRAB_SLOWEST, K_PLAY_ALL, K_OUT_FINAL, K_WAIT_ORDER, K_STABLE_COMPLETE,
    K_ONE_SPECIES, K_SECOND_MALE, K_ANIMAL_OWN, K_FEMALE_EMPTY, K_ANIMAL_DISCARD, K_NO_MOVE, K_ELEPHANT,
    K_MADCOW, K_WILD, K_TRUCK, K_BRAWL, K_CALL, K_CALL_LATE, K_END_SIMULTANEOUS, K_END_EXHAUSTED,
    K_END_VALUE, K_SCORE_TABLE, K_EXTRA_STABLE, K_RESET, K_GAME_END, K_VAR_BONUS, K_VAR_SHORT,
    K_LEGAL_SET, K_FACTS, K_N
};

static const inv_clause bids_clauses[K_N] = {
    {"BIDS-SETUP-MATERIAL",      "inv_bids_material",     "nl+fr", NULL},
    {"BIDS-SETUP-PLAYERS",       "inv_bids_material",     "nl+fr", "two three four"},
    {"BIDS-SETUP-STABLES",       "bids_check_setup",      "nl+fr", NULL},
    {"BIDS-SETUP-REMOVAL",       "check_deal",            "nl+fr", "symbol-out all-cards"},
    {"BIDS-SETUP-DEAL",          "check_deal",            "nl+fr", "even remainder in-round"},
    {"BIDS-TRICK-STEPS",         "check_table",           "nl+fr", NULL},
    {"BIDS-FLIP",                "check_table",           "nl+fr", "deal trick"},
    {"BIDS-GRAB-RACE",           "check_table",           "nl+fr", "grab play-early play direct"},
    {"BIDS-GRAB-TOUCH",          "check_table",           "nl+fr", NULL},
    {"BIDS-GRAB-SLOWEST",        "check_table",           "nl+fr", NULL},
    {"BIDS-PLAY-ALL",            "check_play",            "nl+fr", "played no-place may-discard"},
    {"BIDS-OUT-FINAL",           "check_frame",           "nl+fr", NULL},
    {"BIDS-WAIT-ORDER",          "check_table",           "nl+fr", "declare lowest tie alone"},
    {"BIDS-STABLE-COMPLETE",     "check_calls",           "nl+fr", "plain repeat-species special"},
    {"BIDS-STABLE-ONE-SPECIES",  "inv_bids_one_species",  "nl+fr", "animals elephant"},
    {"BIDS-STABLE-SECOND-MALE",  "check_play",            "nl+fr", "new-species second-male truck-last"},
    {"BIDS-ANIMAL-OWN",          "check_play",            "nl+fr", "empty same-species"},
    {"BIDS-ANIMAL-FEMALE-EMPTY", "check_play",            "nl+fr", "allowed kept-out truck"},
    {"BIDS-ANIMAL-DISCARD",      "check_play",            "nl+fr", "female male elephant-blocked"},
    {"BIDS-NO-MOVE",             "check_frame",           "nl+fr", "stays enters truck cleared"},
    {"BIDS-ELEPHANT",            "check_play",            "nl+fr", "placed discarded"},
    {"BIDS-MADCOW",              "check_play",            "nl+fr", "other own discard"},
    {"BIDS-WILD",                "check_play",            "nl+fr", "other own discard"},
    {"BIDS-TRUCK",               "check_play",            "nl+fr", "move elephant out idle-empty idle-chosen elephant-own"},
    {"BIDS-BRAWL",               "check_frame",           "nl+fr", "stays truck cleared"},
    {"BIDS-CALL",                "check_calls",           "nl+fr", "one several"},
    {"BIDS-CALL-LATE",           "check_calls",           "nl+fr", "by-other by-self"},
    {"BIDS-END-SIMULTANEOUS",    "check_end",             "nl+fr", "one-caller one-complete best-stable tie chain"},
    {"BIDS-END-EXHAUSTED",       "check_end",             "nl+fr", "value complete value-reading"},
    {"BIDS-END-VALUE",           "check_end",             "nl+fr", "one tie"},
    {"BIDS-SCORE-TABLE",         "check_end",             "nl+fr", "empty elephant brawl animals pair pair-per-female special"},
    {"BIDS-EXTRA-STABLE",        "check_end",             "nl+fr", "one several full position"},
    {"BIDS-RESET",               "check_end",             "fr", "clear keep"},
    {"BIDS-GAME-END",            "check_end",             "nl+fr", "goes-on own-five reach-five value-no-end short final tie-shared tie-play-on"},
    {"BIDS-VAR-BONUS",           "check_end",             "nl+fr", "choose other ordinary two-at-once table-names"},
    {"BIDS-VAR-SHORT",           "check_end",             "nl+fr", NULL},
    {"BIDS-LEGAL-SET",           "inv_bids_legal_set",    "nl+fr", "table grab play special"},
    {"BIDS-FACTS",               "inv_bids_facts",        "nl+fr", NULL},
};

/* Case indexes, in the order of each clause's names above (SPEC.md "- **Cases:**"). */
enum { PL_TWO, PL_THREE, PL_FOUR };                                     /* BIDS-SETUP-PLAYERS */
enum { RM_SYMBOL_OUT, RM_ALL_CARDS };                                   /* BIDS-SETUP-REMOVAL */
enum { DL_EVEN, DL_REMAINDER, DL_IN_ROUND };                            /* BIDS-SETUP-DEAL */
enum { FL_DEAL, FL_TRICK };                                             /* BIDS-FLIP */
enum { GR_GRAB, GR_PLAY_EARLY, GR_PLAY, GR_DIRECT };                    /* BIDS-GRAB-RACE */
enum { PA_PLAYED, PA_NO_PLACE, PA_MAY_DISCARD };                        /* BIDS-PLAY-ALL */
enum { WO_DECLARE, WO_LOWEST, WO_TIE, WO_ALONE };                       /* BIDS-WAIT-ORDER */
enum { SC_PLAIN, SC_REPEAT_SPECIES, SC_SPECIAL };                       /* BIDS-STABLE-COMPLETE */
enum { OS_ANIMALS, OS_ELEPHANT };                                       /* BIDS-STABLE-ONE-SPECIES */
enum { SM_NEW_SPECIES, SM_SECOND_MALE, SM_TRUCK_LAST };                 /* BIDS-STABLE-SECOND-MALE */
enum { AO_EMPTY, AO_SAME_SPECIES };                                     /* BIDS-ANIMAL-OWN */
enum { FE_ALLOWED, FE_KEPT_OUT, FE_TRUCK };                             /* BIDS-ANIMAL-FEMALE-EMPTY */
enum { AD_FEMALE, AD_MALE, AD_ELEPHANT_BLOCKED };                       /* BIDS-ANIMAL-DISCARD */
enum { NM_STAYS, NM_ENTERS, NM_TRUCK, NM_CLEARED };                     /* BIDS-NO-MOVE */
enum { EL_PLACED, EL_DISCARDED };                                       /* BIDS-ELEPHANT */
enum { MW_OTHER, MW_OWN, MW_DISCARD };                                  /* BIDS-MADCOW, BIDS-WILD */
enum { TR_MOVE, TR_ELEPHANT, TR_OUT, TR_IDLE_EMPTY, TR_IDLE_CHOSEN, TR_ELEPHANT_OWN };   /* BIDS-TRUCK */
enum { BR_STAYS, BR_TRUCK, BR_CLEARED };                                /* BIDS-BRAWL */
enum { CA_ONE, CA_SEVERAL };                                            /* BIDS-CALL */
enum { CL_BY_OTHER, CL_BY_SELF };                                       /* BIDS-CALL-LATE */
enum { ES_ONE_CALLER, ES_ONE_COMPLETE, ES_BEST_STABLE, ES_TIE, ES_CHAIN }; /* BIDS-END-SIMULTANEOUS */
enum { EX_VALUE, EX_COMPLETE, EX_VALUE_READING };                       /* BIDS-END-EXHAUSTED */
enum { EV_ONE, EV_TIE };                                                /* BIDS-END-VALUE */
enum { SV_EMPTY, SV_ELEPHANT, SV_BRAWL, SV_ANIMALS, SV_PAIR, SV_PAIR_PER_FEMALE, SV_SPECIAL }; /* BIDS-SCORE-TABLE */
enum { XS_ONE, XS_SEVERAL, XS_FULL, XS_POSITION };                      /* BIDS-EXTRA-STABLE */
enum { RS_CLEAR, RS_KEEP };                                             /* BIDS-RESET */
enum { GE_GOES_ON, GE_OWN_FIVE, GE_REACH_FIVE, GE_VALUE_NO_END, GE_SHORT, GE_FINAL, GE_TIE_SHARED, GE_TIE_PLAY_ON }; /* BIDS-GAME-END */
enum { VB_CHOOSE, VB_OTHER, VB_ORDINARY, VB_TWO_AT_ONCE, VB_TABLE_NAMES }; /* BIDS-VAR-BONUS */
enum { LS_TABLE, LS_GRAB, LS_PLAY, LS_SPECIAL };                        /* BIDS-LEGAL-SET */

#define NONE BIDS_NONE
#define NP   (s->players)
#define RB(s, bit) (((s)->readings & (bit)) != 0)

static int bits(unsigned x) { int n = 0; for (; x; x &= x - 1) n++; return n; }

/* ---- The physical facts, in the oracle's own words (BIDS-FACTS) ---------------------------------- */

/* BIDS-FACTS: what the oracles know of the cards and the score table, written from SPEC.md's
 * "Parameters (Bonje in de Stal)" and the texts, not read from the engine's table. Types in the
 * order of the material list (stallion, mare, bull, cow, boar, sow, ram, ewe, rooster, hen,
 * elephant, mad cow, wild stallion, truck); a card id runs through the types in that order. */
static const struct {
    /* "4 hengsten - 7 merries - 4 stieren - 7 koeien - 5 beren - 10 zeugen - 5 rammen - 10 oaien -
     * 6 hanen - 12 hennen - 3 olifanten - 2 gekke koeien - 2 dolle hengsten - 7 transportwagens" */
    int count[BIDS_TYPES];
    /* "de olifant nummer 3 toont en de transportwagen nummer 6"; the animals none, mad cow 4, wild
     * stallion 5 (ASSUMPTION) */
    int number[BIDS_TYPES];
    /* the 2-3 player symbol: 18 cards (src:gockola: 84 - 66), which ones an ASSUMPTION: a mare, a
     * cow, a boar, 2 sows, a ram, 3 ewes, a rooster, 4 hens, an elephant, 3 trucks */
    int symbol[BIDS_TYPES];
    /* "Per hengst/merrie: 4 punten ... stier/koe: 3 ... beer/zeug: 2 ... ram/ooi: 2 ... haan/hen: 1 punt" */
    int points[BIDS_SPECIES];
    int pair_bonus;          /* "Per stelletje: 2 punten extra" */
    int special[2];          /* the species the two special stables show: horses, cattle (ASSUMPTION) */
    int goal;                /* "met 5 stallen" */
} BF = {
    {4, 7, 4, 7, 5, 10, 5, 10, 6, 12, 3, 2, 2, 7},
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 4, 5, 6},
    {0, 1, 0, 1, 1, 2, 1, 3, 1, 4, 1, 0, 0, 3},
    {4, 3, 2, 2, 1}, 2, {BIDS_HORSES, BIDS_CATTLE}, 5,
};

static int ty(int id)
{
    for (int t = 0; t < BIDS_TYPES; t++) { if (id < BF.count[t]) return t; id -= BF.count[t]; }
    return -1;
}
static int base_id(int t) { int b = 0; for (int u = 0; u < t; u++) b += BF.count[u]; return b; }
static int num(int id) { return BF.number[ty(id)]; }
static int ordinary(int t) { return t >= 0 && t < BIDS_ELEPHANT; }
static int male(int t) { return ordinary(t) && t % 2 == 0; }
static int spec(int t) { return t / 2; }

static const char *const tname[BIDS_TYPES] = {
    "stallion", "mare", "bull", "cow", "boar", "sow", "ram", "ewe", "rooster", "hen", "elephant", "madcow", "wild", "truck"};

typedef struct { char s[32]; } nm;
static nm cname(int id)
{
    nm n;
    int t = id >= 0 && id < BIDS_CARDS ? ty(id) : -1;
    if (id == NONE) snprintf(n.s, sizeof n.s, "nothing");       /* no card: never print the sentinel */
    else if (t < 0) snprintf(n.s, sizeof n.s, "card#%d", id);
    else snprintf(n.s, sizeof n.s, "%s%d", tname[t], id - base_id(t) + 1);
    return n;
}

/* ---- Stables over a place array -------------------------------------------------------------- */

static uint8_t at_stable(int p, int s) { return (uint8_t)(BIDS_L_STABLE + p * BIDS_STABLES + s); }

typedef struct { int n, males, females, elephants, others, species, mixed; unsigned types; } ov;

/* Every stable's view at once. */
typedef struct { ov v[BIDS_MAXP * BIDS_STABLES]; } otab;
static void tab_of(const uint8_t *loc, otab *T)
{
    for (int i = 0; i < BIDS_MAXP * BIDS_STABLES; i++) {
        ov e = {0, 0, 0, 0, 0, -1, 0, 0};
        T->v[i] = e;
    }
    int id = 0;
    for (int t = 0; t < BIDS_TYPES; t++)
        for (int j = 0; j < BF.count[t]; j++, id++) {
            if (loc[id] < BIDS_L_STABLE || loc[id] >= BIDS_L_STABLE + BIDS_MAXP * BIDS_STABLES) continue;
            ov *v = &T->v[loc[id] - BIDS_L_STABLE];
            v->n++;
            v->types |= 1u << t;
            if (t == BIDS_ELEPHANT) v->elephants++;
            else if (ordinary(t)) {
                if (v->species >= 0 && v->species != spec(t)) v->mixed = 1;
                v->species = spec(t);
                if (male(t)) v->males++; else v->females++;
            } else v->others++;
        }
}
#define VW(T, p, st) ((T)->v[(p) * BIDS_STABLES + (st)])

static int shows(const bids_state *s, int p, int st) { return s->special[p][st] ? BF.special[s->special[p][st] - 1] : -1; }

/* BIDS-STABLE-COMPLETE, BIDS-BRAWL, BIDS-ELEPHANT, BIDS-VAR-BONUS */
static int complete_stable(const bids_state *s, const otab *T, int p, int st)
{
    ov v = VW(T, p, st);
    if (v.elephants || v.others || v.males != 1 || v.females < 1) return 0;
    return shows(s, p, st) < 0 || shows(s, p, st) == v.species;
}

/* All stables complete; BIDS-AMB-EACH-SPECIES distinct: pairwise other species. */
/* distinct: the reading of BIDS-AMB-EACH-SPECIES to judge by (the game's, or for blame the other) */
static int complete_seat_as(const bids_state *s, const otab *T, int p, int distinct)
{
    unsigned seen = 0;
    if (s->nstables[p] == 0) return 0;
    for (int st = 0; st < s->nstables[p]; st++) {
        if (!complete_stable(s, T, p, st)) return 0;
        unsigned b = 1u << VW(T, p, st).species;
        if (distinct && (seen & b)) return 0;
        seen |= b;
    }
    return 1;
}

/* reading of BIDS-AMB-EACH-SPECIES (SPEC.md register) */
static int complete_seat(const bids_state *s, const otab *T, int p) { return complete_seat_as(s, T, p, RB(s, BIDS_R_DISTINCT)); }

/* The seats whose stables are all complete, judged by the game's reading of BIDS-AMB-EACH-SPECIES
 * (other 0), or for blame by the other one (other 1). */
static unsigned complete_seats(const bids_state *s, const otab *T, int other)
{
    unsigned m = 0;
    for (int p = 0; p < NP; p++) if (complete_seat_as(s, T, p, RB(s, BIDS_R_DISTINCT) != other)) m |= 1u << p;
    return m;
}

/* BIDS-SCORE-TABLE */
static int value(const bids_state *s, const otab *T, int p, int st)
{
    ov v = VW(T, p, st);
    if (v.males >= 2 || v.species < 0) return 0;
    if (shows(s, p, st) >= 0 && shows(s, p, st) != v.species) return 0;
    /* reading of BIDS-AMB-PAIR-COUNT (SPEC.md register): a pair bonus per stable, or per female beside its male */
    int pairs = v.males && v.females ? (RB(s, BIDS_R_PAIR_EACH) ? v.females : 1) : 0;
    return (v.males + v.females) * BF.points[v.species] + pairs * BF.pair_bonus;
}

/* Wrong versions of the stable table, for naming a wrong round winner (BIDS-SCORE-TABLE when one of
 * them gives the engine's winners): each leaves out or changes one part of the table's rule. */
enum { TV_NO_PAIR, TV_PAIR_TOGGLE, TV_BRAWL_COUNTS, TV_SPECIAL_IGNORED, TV_ONE_POINT, TV_N };
static const char *const tv_name[TV_N] = {"no pair bonus", "the other pair count (BIDS-AMB-PAIR-COUNT)",
                                          "a brawl valued like a stable at peace", "a special stable's species ignored",
                                          "every animal worth one point"};
static int value_variant(const bids_state *s, const otab *T, int p, int st, int var)
{
    ov v = VW(T, p, st);
    if ((v.males >= 2 && var != TV_BRAWL_COUNTS) || v.species < 0) return 0;
    if (var != TV_SPECIAL_IGNORED && shows(s, p, st) >= 0 && shows(s, p, st) != v.species) return 0;
    int each = RB(s, BIDS_R_PAIR_EACH) != (var == TV_PAIR_TOGGLE);
    int pairs = var == TV_NO_PAIR ? 0 : v.males && v.females ? (each ? v.females : 1) : 0;
    return (v.males + v.females) * (var == TV_ONE_POINT ? 1 : BF.points[v.species]) + pairs * BF.pair_bonus;
}

/* The first wrong version of the table under which the round's winners (decided by value: how 1, the
 * best single stable of the callers; how 2, the highest sum) are `got`; -1 none. */
static int table_explains(const bids_state *s, const otab *T, unsigned callers, int how, unsigned got)
{
    for (int var = 0; var < TV_N && how; var++) {
        unsigned w = 0;
        int best = -1;
        for (int p = 0; p < NP; p++) {
            if (how == 1 && !(callers >> p & 1)) continue;
            int agg = 0;
            for (int st = 0; st < s->nstables[p]; st++) {
                int v = value_variant(s, T, p, st, var);
                agg = how == 1 ? (v > agg ? v : agg) : agg + v;
            }
            if (agg > best) { best = agg; w = 0; }
            if (agg == best) w |= 1u << p;
        }
        if (w == got) return var;
    }
    return -1;
}

/* A stable's case of BIDS-SCORE-TABLE: what its value rests on. */
static int value_case(const bids_state *s, const otab *T, int p, int st)
{
    ov v = VW(T, p, st);
    if (v.n == 0) return SV_EMPTY;
    if (shows(s, p, st) >= 0) return SV_SPECIAL;
    if (v.elephants) return SV_ELEPHANT;
    if (v.males >= 2) return SV_BRAWL;
    if (v.males && v.females) return RB(s, BIDS_R_PAIR_EACH) && v.females >= 2 ? SV_PAIR_PER_FEMALE : SV_PAIR;
    return SV_ANIMALS;
}

/* BIDS-SCORE-TABLE fired: stable (p, st) valued to decide a round's winners. */
static int valued(inv_ctx *c, int k0, const bids_state *s, const otab *T, int p, int st)
{
    inv_fired_case(c, k0 + K_SCORE_TABLE, value_case(s, T, p, st));
    return value(s, T, p, st);
}

static int owns_other(const otab *T, const bids_state *s, int p, int species, int skip)
{
    for (int st = 0; st < s->nstables[p]; st++) if (st != skip && VW(T, p, st).species == species) return 1;
    return 0;
}

/* May an ordinary animal of type t go into (p, st)? skip: the stable a truck takes it from, else -1 (it
 * stops holding the species only if the animal was its last one). truck: a truck moves it. */
static int fits(const bids_state *s, const otab *T, int t, int p, int st, int skip, int truck)
{
    ov v = VW(T, p, st);
    if (v.elephants) return 0;
    /* reading of BIDS-AMB-TRUCK-RULES (SPEC.md register): listed-only, any empty stable takes it */
    if (truck && v.n == 0 && RB(s, BIDS_R_TRUCK_LISTED)) return 1;
    if (skip >= 0 && VW(T, p, skip).males + VW(T, p, skip).females != 1) skip = -1;
    if (v.n == 0) return male(t) || !owns_other(T, s, p, spec(t), skip);
    return v.species == spec(t);
}

static int holders(const bids_state *s) { int n = 0; for (int p = 0; p < NP; p++) n += s->held[p] != NONE; return n; }
static unsigned all_seats(const bids_state *s) { return (1u << s->players) - 1u; }
static int trick_over(const bids_state *s) { return s->grabbed == all_seats(s) && holders(s) == 0; }

/* ---- The legal set, restated ----------------------------------------------------------------- */

/* The restated legal moves, each with the clause that allows it (a K_ index). */
typedef struct { game_move m[GAME_MAX_MOVES]; uint8_t k[GAME_MAX_MOVES]; int n; } mset;

static void add(mset *x, int k, uint8_t kind, int a, int b, int cc, int d, int e)
{
    if (x->n >= GAME_MAX_MOVES) return;
    game_move m = {kind, (uint8_t)a, (uint8_t)b, (uint8_t)cc, (uint8_t)d, (uint8_t)e, 0, 0};
    x->k[x->n] = (uint8_t)k;
    x->m[x->n++] = m;
}

/* Cause of a played card's discard being legal (or not). */
static void play_set(const bids_state *s, const otab *T, mset *x)
{
    int p = s->actor, id = s->held[p], t = ty(id);
    if (ordinary(t)) {
        for (int st = 0; st < s->nstables[p]; st++)
            if (fits(s, T, t, p, st, -1, 0))   /* a male starting a second stable of its species: BIDS-STABLE-SECOND-MALE */
                add(x, VW(T, p, st).n == 0 && male(t) && owns_other(T, s, p, spec(t), -1) ? K_SECOND_MALE : K_ANIMAL_OWN, BIDS_MV_PLACE, p, st, 0, 0, 0);
        if (x->n == 0) add(x, K_ANIMAL_DISCARD, BIDS_MV_DISCARD, 0, 0, 0, 0, 0);
    } else if (t == BIDS_ELEPHANT) {
        for (int q = 0; q < NP; q++)
            for (int st = 0; q != p && st < s->nstables[q]; st++) if (VW(T, q, st).n == 0) add(x, K_ELEPHANT, BIDS_MV_PLACE, q, st, 0, 0, 0);
        if (x->n == 0) add(x, K_ELEPHANT, BIDS_MV_DISCARD, 0, 0, 0, 0, 0);
    } else if (t == BIDS_MADCOW || t == BIDS_WILD) {
        int sp = t == BIDS_MADCOW ? BIDS_CATTLE : BIDS_HORSES, others = 0, kc = t == BIDS_MADCOW ? K_MADCOW : K_WILD;
        /* reading of BIDS-AMB-WILD-OWN, BIDS-AMB-MADCOW-OWN (SPEC.md register) */
        int kind_only = t == BIDS_MADCOW ? RB(s, BIDS_R_MADCOW_CATTLE) : RB(s, BIDS_R_WILD_HORSES);
        for (int q = 0; q < NP; q++)
            for (int st = 0; st < s->nstables[q]; st++) {
                ov v = VW(T, q, st);
                if (q != p) { if (v.species == sp) { add(x, kc, BIDS_MV_PLACE, q, st, 0, 0, 0); others = 1; } }
                /* reading of BIDS-AMB-OWN-PURPOSE (SPEC.md register): brawl-only, an own stable only to end its brawl */
                else if ((kind_only ? v.species == sp : v.n > 0 && !v.elephants) && (!RB(s, BIDS_R_OWN_BRAWL) || v.males >= 2))
                    add(x, kc, BIDS_MV_PLACE, q, st, 0, 0, 0);
            }
        if (!others) add(x, kc, BIDS_MV_DISCARD, 0, 0, 0, 0, 0);
    } else {
        int sources = 0;
        for (int q = 0; q < NP; q++)
            for (int st = 0; st < s->nstables[q]; st++)
                for (int u = 0, here_types = (int)VW(T, q, st).types; u < BIDS_TYPES; u++) {
                    if (!(here_types >> u & 1)) continue;
                    sources++;
                    for (int q2 = 0; q2 < NP; q2++)
                        for (int s2 = 0; s2 < s->nstables[q2]; s2++) {
                            if (q2 == q && s2 == st) continue;
                            /* reading of BIDS-AMB-TRUCK-ELEPHANT (SPEC.md register): other-seat, not the player's own */
                            int ok = u == BIDS_ELEPHANT ? VW(T, q2, s2).n == 0 && !(RB(s, BIDS_R_TRUCK_ELEPHANT_OTHER) && q2 == p)
                                                        : fits(s, T, u, q2, s2, q2 == q ? st : -1, 1);
                            if (ok) add(x, K_TRUCK, BIDS_MV_TRUCK, q, st, u, q2, s2);
                        }
                    add(x, K_TRUCK, BIDS_MV_TRUCK_OUT, q, st, u, 0, 0);
                }
        /* reading of BIDS-AMB-TRUCK-IDLE (SPEC.md register) */
        if (!sources || !RB(s, BIDS_R_TRUCK_MUST)) add(x, K_TRUCK, BIDS_MV_DISCARD, 0, 0, 0, 0, 0);
    }
}

static int may_play(const bids_state *s, int p)
{
    if (s->held[p] == NONE) return 0;
    if (!s->waiting) return 1;
    for (int q = 0; q < NP; q++) if (s->held[q] != NONE && num(s->held[q]) < num(s->held[p])) return 0;
    return 1;
}

/* T: the stables of s (tab_of). */
static void legal_set(const bids_state *s, const otab *T, mset *x)
{
    x->n = 0;
    switch (s->phase) {
    case BIDS_PH_TABLE: {
        for (int p = 0; p < NP; p++) if (!(s->grabbed >> p & 1)) add(x, K_GRAB_RACE, BIDS_MV_GRAB, p, 0, 0, 0, 0);
        for (int p = 0; p < NP; p++) if (may_play(s, p)) add(x, s->waiting ? K_WAIT_ORDER : K_GRAB_RACE, BIDS_MV_PLAY, p, 0, 0, 0, 0);
        /* reading of BIDS-AMB-WAIT (SPEC.md register) */
        if (!s->waiting && holders(s) >= (RB(s, BIDS_R_WAIT_SEVERAL) ? 2 : 1)) add(x, K_WAIT_ORDER, BIDS_MV_WAIT, 0, 0, 0, 0, 0);
        /* reading of BIDS-AMB-FIRST (SPEC.md register) */
        if (!RB(s, BIDS_R_FIRST_COMPLETE)) {
            unsigned cm = complete_seats(s, T, 0);
            for (unsigned m = 1; m <= all_seats(s); m++) if ((m & cm) == m) add(x, K_CALL, BIDS_MV_CALL, (int)m, 0, 0, 0, 0);
        }
        if (trick_over(s) && s->pile_len[0] > 0) add(x, K_TRICK_STEPS, BIDS_MV_FLIP, 0, 0, 0, 0, 0);
        break;
    }
    case BIDS_PH_GRAB: {
        /* BIDS-GRAB-TOUCH: the seat that grabbed takes one open card, one move per type (equal cards are alike) */
        unsigned seen = 0;
        for (int id = 0; id < BIDS_CARDS; id++)
            if (s->loc[id] == BIDS_L_OPEN && !(seen >> ty(id) & 1)) { seen |= 1u << ty(id); add(x, K_GRAB_TOUCH, BIDS_MV_TAKE, id, 0, 0, 0, 0); }
        break;
    }
    case BIDS_PH_PLAY: play_set(s, T, x); break;
    case BIDS_PH_SPECIAL:
        /* reading of BIDS-AMB-SPECIAL-ORDER (SPEC.md register): table, the table names which of several
         * seats receives its 5th stable next; seat-order, the lowest seat receives first (no decision).
         * Whether the table may decide here (actor T) is the position check's and check_end's to judge. */
        if (s->actor == NP) {   /* the table decides here (the state check judges when it may) */
            for (int p = 0; p < NP; p++) if (s->pending5 >> p & 1) add(x, K_VAR_BONUS, BIDS_MV_GRAB, p, 0, 0, 0, 0);
            break;
        }
        for (int i = 0; i < 2; i++) if (!(s->specials_given >> i & 1)) add(x, K_VAR_BONUS, BIDS_MV_SPECIAL, i, 0, 0, 0, 0);
        break;
    default: break;
    }
}

static nm mname(const game_engine *g, const void *st, const game_move *m)
{
    nm n;
    if (g->move_print(st, m, n.s, sizeof n.s) < 0) snprintf(n.s, sizeof n.s, "<kind %d %d %d>", m->kind, m->a, m->b);
    return n;
}

/* The clause that forbids move m at s (a move the restated set lacks), with why in the rules' terms;
 * K_LEGAL_SET when no clause speaks of it (a kind of move that belongs to another phase, or a second
 * name for a move offered already). */
static int forbidder(const bids_state *s, const otab *T, const game_move *m, char *why, size_t n)
{
    int p = s->actor;
    switch (s->phase) {
    case BIDS_PH_TABLE:
        switch (m->kind) {
        case BIDS_MV_GRAB:
            snprintf(why, n, "P%d has taken its card of the trick, or plays not (one hand, one card)", m->a + 1);
            return K_GRAB_RACE;
        case BIDS_MV_PLAY:
            if (m->a < NP && s->held[m->a] != NONE && s->waiting) {
                snprintf(why, n, "while waiting a lower number than P%d's %s plays first", m->a + 1, cname(s->held[m->a]).s);
                return K_WAIT_ORDER;
            }
            snprintf(why, n, "P%d holds no card", m->a + 1);
            return K_GRAB_RACE;
        case BIDS_MV_WAIT:
            snprintf(why, n, "%s with %d holders (wait=%s)", s->waiting ? "the table waits already" : "no wait", holders(s),
                     RB(s, BIDS_R_WAIT_SEVERAL) ? "several" : "one-or-more");
            return K_WAIT_ORDER;
        case BIDS_MV_CALL:
            if (RB(s, BIDS_R_FIRST_COMPLETE)) { snprintf(why, n, "nobody calls under first=first-complete"); return K_CALL; }
            if (!m->a || (m->a & ~all_seats(s))) { snprintf(why, n, "the call names no seat of the game"); return K_CALL; }
            for (int q = 0; q < NP; q++)
                if ((m->a >> q & 1) && !complete_seat(s, T, q)) {
                    snprintf(why, n, "P%d's stables are not all complete%s", q + 1, RB(s, BIDS_R_DISTINCT) ? " (of distinct species)" : "");
                    return K_STABLE_COMPLETE;
                }
            break;
        case BIDS_MV_FLIP:
            if (!trick_over(s)) { snprintf(why, n, "the trick is not all taken and played (grabbed 0x%x, %d held)", s->grabbed, holders(s)); return K_TRICK_STEPS; }
            if (!s->pile_len[0]) { snprintf(why, n, "the piles are empty: the round is over"); return K_END_EXHAUSTED; }
            break;
        default: break;
        }
        break;
    case BIDS_PH_GRAB:
        if (m->kind == BIDS_MV_TAKE && (m->a >= BIDS_CARDS || s->loc[m->a] != BIDS_L_OPEN)) {
            snprintf(why, n, "%s is not an open card", cname(m->a).s);
            return K_GRAB_TOUCH;
        }
        if (m->kind == BIDS_MV_TAKE) {   /* an open card of a type offered already: equal cards are alike */
            snprintf(why, n, "another open %s is offered already (one take per type)", tname[ty(m->a)]);
            return K_GRAB_TOUCH;
        }
        break;
    case BIDS_PH_PLAY: {
        int id = s->held[p], t = ty(id);
        int on = m->kind == BIDS_MV_PLACE && m->a < NP && m->b < s->nstables[m->a];
        ov v = on ? VW(T, m->a, m->b) : (ov){0, 0, 0, 0, 0, -1, 0, 0};
        if ((m->kind == BIDS_MV_TRUCK || m->kind == BIDS_MV_TRUCK_OUT) && t != BIDS_TRUCK) {
            snprintf(why, n, "animals leave a stable only by a truck, and P%d plays %s", p + 1, cname(id).s);
            return K_NO_MOVE;
        }
        if (ordinary(t)) {
            if (m->kind == BIDS_MV_DISCARD) { snprintf(why, n, "%s fits one of P%d's stables", cname(id).s, p + 1); return K_ANIMAL_DISCARD; }
            if (m->kind != BIDS_MV_PLACE) break;
            if (!on || m->a != p) { snprintf(why, n, "%s goes into one of P%d's own stables", cname(id).s, p + 1); return K_ANIMAL_OWN; }
            if (v.elephants) { snprintf(why, n, "P%d.%d holds an elephant: it is full", m->a + 1, m->b + 1); return K_ELEPHANT; }
            if (v.n) { snprintf(why, n, "P%d.%d holds another species than %s", m->a + 1, m->b + 1, cname(id).s); return K_ONE_SPECIES; }
            if (!male(t) && owns_other(T, s, p, spec(t), -1)) {
                snprintf(why, n, "the female %s into an empty stable while P%d owns its species", cname(id).s, p + 1);
                return K_FEMALE_EMPTY;
            }
            snprintf(why, n, "%s has no place there", cname(id).s);
            return K_ANIMAL_OWN;
        }
        if (t == BIDS_ELEPHANT && (m->kind == BIDS_MV_PLACE || m->kind == BIDS_MV_DISCARD)) {
            snprintf(why, n, m->kind == BIDS_MV_PLACE ? "the elephant goes into an empty stable of another seat"
                                                     : "another seat has an empty stable for the elephant");
            return K_ELEPHANT;
        }
        if ((t == BIDS_MADCOW || t == BIDS_WILD) && (m->kind == BIDS_MV_PLACE || m->kind == BIDS_MV_DISCARD)) {
            if (on && m->a == p && v.elephants) { snprintf(why, n, "only a truck takes an elephant out of P%d.%d", m->a + 1, m->b + 1); return K_ELEPHANT; }
            snprintf(why, n, m->kind == BIDS_MV_PLACE ? "%s may not go into that stable" : "another seat has a stable of %s's kind", cname(id).s);
            return t == BIDS_MADCOW ? K_MADCOW : K_WILD;
        }
        if (t == BIDS_TRUCK) {
            if (m->kind == BIDS_MV_TRUCK && m->a < NP && m->b < s->nstables[m->a] && m->d < NP && m->e < s->nstables[m->d] &&
                m->c < BIDS_TYPES && ordinary(m->c) && (VW(T, m->a, m->b).types >> m->c & 1) && !RB(s, BIDS_R_TRUCK_LISTED) &&
                VW(T, m->d, m->e).n == 0 && !male(m->c)) {
                int leaves = m->d == m->a && VW(T, m->a, m->b).males + VW(T, m->a, m->b).females == 1 ? m->b : -1;
                if (owns_other(T, s, m->d, spec(m->c), leaves)) {
                    snprintf(why, n, "a female would start a second %s stable of P%d", tname[m->c], m->d + 1);
                    return K_SECOND_MALE;
                }
            }
            if (m->kind == BIDS_MV_PLACE || m->kind == BIDS_MV_DISCARD || m->kind == BIDS_MV_TRUCK || m->kind == BIDS_MV_TRUCK_OUT) {
                snprintf(why, n, m->kind == BIDS_MV_DISCARD ? "the truck must be used (truck=must-use)"
                                 : m->kind == BIDS_MV_PLACE ? "a truck moves an animal, it goes into no stable"
                                                           : "no such animal, or it may not go there");
                return K_TRUCK;
            }
        }
        break;
    }
    case BIDS_PH_SPECIAL:
        if (m->kind == BIDS_MV_SPECIAL) { snprintf(why, n, "special stable %d is given already, or there is none", m->a + 1); return K_VAR_BONUS; }
        if (m->kind == BIDS_MV_GRAB) { snprintf(why, n, "the table names who receives a 5th stable next only under special-order=table, among the seats still to receive one"); return K_VAR_BONUS; }
        break;
    default: break;
    }
    snprintf(why, n, "no move of that kind now (phase %d)", s->phase);
    return K_LEGAL_SET;
}

/* BIDS-LEGAL-SET: the engine's legal moves are exactly the restated set: a withheld move is caught.
 * A missing move is named under the clause that allows it, an extra one under the clause that
 * forbids it, a move offered twice under the clause that allows it; BIDS-LEGAL-SET itself only for
 * what no clause explains (a move of another phase). */
static void inv_bids_legal_set(inv_ctx *c, int k0, const bids_state *s, const otab *T)
{
    int k = k0 + K_LEGAL_SET;
    mset want;
    game_move buf[GAME_MAX_MOVES];
    const game_move *got;
    char why[160];
    if (c->legal_set_off) return;                 /* bench: the oracle's cost */
    inv_applied(c, k);
    legal_set(s, T, &want);
    int n = inv_legal_post(c, s, buf, &got);      /* s: a step's post state, or a position */
    inv_fired_case(c, k, s->phase == BIDS_PH_GRAB ? LS_GRAB : s->phase == BIDS_PH_PLAY ? LS_PLAY : s->phase == BIDS_PH_SPECIAL ? LS_SPECIAL : LS_TABLE);
    /* a move offered wrongly first: the one clause that forbids it names the rule; a withheld move's
     * clause is the one that allows it, of the several a legal move needs */
    for (int i = 0; i < n; i++)
        if (!inv_move_in(want.m, want.n, &got[i])) {
            int kf = forbidder(s, T, &got[i], why, sizeof why);
            inv_applied(c, k0 + kf);
            inv_fail(c, k0 + kf, "legal moves: '%s' is offered, but %s", mname(c->g, s, &got[i]).s, why);
            return;
        }
    for (int i = 0; i < want.n; i++)
        if (!inv_move_in(got, n, &want.m[i])) {
            int kk = k0 + want.k[i];
            inv_applied(c, kk);
            inv_fail(c, kk, "legal moves: '%s' is withheld, and %s allows it", mname(c->g, s, &want.m[i]).s, bids_clauses[want.k[i]].id);
            return;
        }
    if (n == want.n) return;
    /* a move offered twice: named under the clause that allows it (for a take, BIDS-GRAB-TOUCH's "one
     * move per type"), BIDS-LEGAL-SET only when no offered move repeats (the counts differ otherwise) */
    for (int i = 0; i < n; i++)
        if (inv_move_in(got, i, &got[i]))
            for (int j = 0; j < want.n; j++)
                if (inv_move_same(&want.m[j], &got[i])) {
                    int kk = k0 + want.k[j];
                    inv_applied(c, kk);
                    inv_fail(c, kk, "legal moves: '%s' is offered twice (%d offered for %d distinct legal moves; %s allows it once)",
                             mname(c->g, s, &got[i]).s, n, want.n, bids_clauses[want.k[j]].id);
                    return;
                }
    inv_fail(c, k, "legal moves: %d offered for %d distinct legal moves (a move offered twice)", n, want.n);
}

/* ---- Whole-state clauses ------------------------------------------------------------------------ */

/* BIDS-SETUP-MATERIAL and BIDS-SETUP-PLAYERS on one state; 0 when it is too broken to go on. */
/* part: INV_CARDS_FORM, INV_CARDS_COUNT or INV_CARDS_ALL (oracle.h). */
static int inv_bids_material_part(inv_ctx *c, int k0, const bids_state *s, int part)
{
    int k = k0 + K_PLAYERS;
    if (part & INV_CARDS_FORM) {
        inv_applied(c, k);
        if (s->players < 2 || s->players > BIDS_MAXP) { inv_fail(c, k, "%d players (2 to 4)", s->players); return 0; }
        inv_fired_case(c, k, s->players == 2 ? PL_TWO : s->players == 3 ? PL_THREE : PL_FOUR);
    } else if (s->players < 2 || s->players > BIDS_MAXP) return 0;
    k = k0 + K_MATERIAL;
    if (part & INV_CARDS_FORM) inv_applied(c, k);
    if (part & INV_CARDS_COUNT) inv_fired(c, k);
    int total = 0;
    for (int p = 0; p < BIDS_MAXP; p++) {
        if (p >= NP && (s->pile_len[p] || s->nstables[p] || s->held[p] != NONE || s->wins[p])) { inv_fail(c, k, "seat %d beyond the players is used", p + 1); return 0; }
        if (s->pile_len[p] > BIDS_PILE_MAX || s->nstables[p] > BIDS_STABLES) { inv_fail(c, k, "P%d: pile %d, stables %d", p + 1, s->pile_len[p], s->nstables[p]); return 0; }
        total += s->nstables[p];
        int i = inv_first_not(s->pile[p], s->pile_len[p], BIDS_PILE_MAX, 0);
        if (i >= 0) { inv_fail(c, k, "P%d's pile slot %d beyond its length is %d", p + 1, i, s->pile[p][i]); return 0; }
        for (i = 0; i < s->pile_len[p]; i++)
            if (s->pile[p][i] >= BIDS_CARDS) { inv_fail(c, k, "P%d's pile holds %s", p + 1, cname(s->pile[p][i]).s); return 0; }
        if (s->held[p] != NONE && s->held[p] >= BIDS_CARDS) { inv_fail(c, k, "P%d holds %s", p + 1, cname(s->held[p]).s); return 0; }
    }
    if (total > BIDS_ALL_STABLES) { inv_fail(c, k, "%d stables owned, there are 20", total); return 0; }
    for (int id = 0; id < BIDS_CARDS; id++) {
        int l = s->loc[id];
        if ((l > BIDS_L_OUT && l < BIDS_L_STABLE) || l >= BIDS_L_STABLE + BIDS_MAXP * BIDS_STABLES) { inv_fail(c, k, "%s has no place (%d)", cname(id).s, l); return 0; }
    }
    if (s->pad0[0] || s->pad0[1]) { inv_fail(c, k, "padding is not zero"); return 0; }
    if (!(part & INV_CARDS_COUNT)) return 1;
    uint8_t pile_seen[BIDS_CARDS] = {0};
    for (int p = 0; p < BIDS_MAXP; p++) {
        for (int i = 0; i < s->pile_len[p]; i++) {
            int id = s->pile[p][i];
            if (s->loc[id] != BIDS_L_PILE || pile_seen[id]++) { inv_fail(c, k, "P%d's pile holds %s, which is not in a pile once", p + 1, cname(id).s); return 0; }
        }
        if (s->held[p] != NONE && s->loc[s->held[p]] != BIDS_L_HELD) { inv_fail(c, k, "P%d holds %s, not marked held", p + 1, cname(s->held[p]).s); return 0; }
        for (int st = 0; st < BIDS_STABLES; st++)
            if (st >= s->nstables[p] && s->special[p][st]) { inv_fail(c, k, "P%d's unowned stable %d is special", p + 1, st + 1); return 0; }
    }
    for (int id = 0; id < BIDS_CARDS; id++) {
        int l = s->loc[id];
        if (l == BIDS_L_PILE && !pile_seen[id]) { inv_fail(c, k, "%s is marked in a pile but lies in none", cname(id).s); return 0; }
        if (l == BIDS_L_HELD) {
            int n = 0;
            for (int p = 0; p < NP; p++) n += s->held[p] == id;
            if (n != 1) { inv_fail(c, k, "%s is held by %d seats", cname(id).s, n); return 0; }
        }
        if (l >= BIDS_L_STABLE) {
            int p = (l - BIDS_L_STABLE) / BIDS_STABLES, st = (l - BIDS_L_STABLE) % BIDS_STABLES;
            if (p >= NP || st >= s->nstables[p]) { inv_fail(c, k, "%s lies in a stable nobody owns", cname(id).s); return 0; }
        }
    }
    return 1;
}

static int inv_bids_material(inv_ctx *c, int k0, const bids_state *s) { return inv_bids_material_part(c, k0, s, INV_CARDS_ALL); }

/* BIDS-STABLE-ONE-SPECIES */
static void inv_bids_one_species(inv_ctx *c, int k0, const bids_state *s, const otab *T)
{
    int k = k0 + K_ONE_SPECIES;
    inv_applied(c, k);
    for (int p = 0; p < NP; p++)
        for (int st = 0; st < s->nstables[p]; st++) {
            ov v = VW(T, p, st);
            if (v.n == 0) continue;
            inv_fired_case(c, k, v.elephants ? OS_ELEPHANT : OS_ANIMALS);
            if (v.mixed || v.others || (v.elephants && v.n != 1)) {
                inv_fail(c, k, "P%d.%d holds %d cards of more than one kind (elephants %d, specials %d)", p + 1, st + 1, v.n, v.elephants, v.others);
                return;
            }
        }
}

/* The deal of a round: BIDS-SETUP-REMOVAL, BIDS-SETUP-DEAL, BIDS-FLIP's first flip. */
static void check_deal(inv_ctx *c, int k0, const bids_state *s)
{
    int k = k0 + K_SETUP_REMOVAL, box = 0, dealt = 0;
    inv_applied(c, k);
    inv_fired_case(c, k, NP < 4 ? RM_SYMBOL_OUT : RM_ALL_CARDS);
    for (int id = 0; id < BIDS_CARDS; id++) {
        int t = ty(id), sym = id - base_id(t) < BF.symbol[t];
        if (s->loc[id] == BIDS_L_BOX && !(NP < 4 && sym)) box++;   /* the remainder of the deal */
        if (s->loc[id] == BIDS_L_PILE || s->loc[id] == BIDS_L_OPEN) dealt++;
        if (NP < 4 && sym && s->loc[id] != BIDS_L_BOX && s->loc[id] < BIDS_L_STABLE) {
            inv_fail(c, k, "%d players: %s carries the symbol but is in play", NP, cname(id).s);
            return;
        }
    }
    int rest = box;
    k = k0 + K_SETUP_DEAL;
    inv_applied(c, k);
    inv_fired_case(c, k, rest ? DL_REMAINDER : DL_EVEN);
    if (rest < 0 || rest >= NP) { inv_fail(c, k, "%d cards in the box beyond the symbol cards (a remainder is < %d)", rest, NP); return; }
    for (int p = 0; p < NP; p++)
        if (s->pile_len[p] != s->pile_len[0]) { inv_fail(c, k, "piles are unequal: P1 %d, P%d %d", s->pile_len[0], p + 1, s->pile_len[p]); return; }
    if (dealt % NP) { inv_fail(c, k, "%d cards dealt to %d players", dealt, NP); return; }
    k = k0 + K_FLIP;
    inv_applied(c, k);
    int open = 0;
    for (int id = 0; id < BIDS_CARDS; id++) open += s->loc[id] == BIDS_L_OPEN;
    if (dealt) {
        inv_fired_case(c, k, FL_DEAL);
        if (open != NP || s->grabbed || s->waiting || holders(s) || s->phase != BIDS_PH_TABLE)
            inv_fail(c, k, "a new round opens with %d open cards (want %d), grabbed %d, waiting %d", open, NP, s->grabbed, s->waiting);
    }
}

/* BIDS-FACTS: "Spelmateriaal" ("4 hengsten - 7 merries ... 7 transportwagens") and "Puntentelling"
 * (BF above): the oracle's facts hold the texts' numbers (84 cards; 18 with the 2-3 player symbol),
 * and the engine's table t (a bids_params) states the same facts field by field. A wrong fact in
 * either is named with both values; which side is wrong SPEC.md's sources decide. */
static void inv_bids_facts(inv_ctx *c, int k0, const void *table)
{
    static const char *const sname[BIDS_SPECIES] = {"horses", "cattle", "pigs", "sheep", "chickens"};
    const bids_params *t = table;
    int k = k0 + K_FACTS, cards = 0, sym = 0;
    inv_applied(c, k);
    for (int u = 0; u < BIDS_TYPES; u++) { cards += BF.count[u]; sym += BF.symbol[u]; }
    if (cards != BIDS_CARDS || sym != 84 - 66) {
        inv_fail(c, k, "oracle facts: %d cards, %d with the 2-3 player symbol; the sources say 84 and 18", cards, sym);
        return;
    }
    for (int u = 0; u < BIDS_TYPES; u++)
        if (t->count[u] != BF.count[u] || t->number[u] != BF.number[u] || t->symbol[u] != BF.symbol[u]) {
            inv_fail(c, k, "engine table: %d x %s, number %d, %d with the symbol; the oracle's facts say %d, %d, %d",
                     t->count[u], tname[u], t->number[u], t->symbol[u], BF.count[u], BF.number[u], BF.symbol[u]);
            return;
        }
    for (int sp = 0; sp < BIDS_SPECIES; sp++)
        if (t->points[sp] != BF.points[sp]) {
            inv_fail(c, k, "engine table: %s score %d points an animal, the oracle's facts say %d", sname[sp], t->points[sp], BF.points[sp]);
            return;
        }
    if (t->pair_bonus != BF.pair_bonus || t->goal != BF.goal ||
        t->special_species[0] != BF.special[0] || t->special_species[1] != BF.special[1]) {
        inv_fail(c, k, "engine table: pair bonus %d, goal %d stables, special stables species %d and %d; the oracle's facts say %d, %d, %d, %d",
                 t->pair_bonus, t->goal, t->special_species[0], t->special_species[1], BF.pair_bonus, BF.goal, BF.special[0], BF.special[1]);
        return;
    }
    inv_fired(c, k);
}

static void bids_check_setup(inv_ctx *c, int k0, const void *st)
{
    const bids_state *s = st;
    /* BIDS-FACTS first, at every deal: a wrong fact in the engine's table (or the oracle's) is named
     * as such, before the deal's clauses judge the deal by the oracle's facts */
    inv_bids_facts(c, k0, &bids_param);
    /* the deal's own clauses first, then where every card is (a deal that loses a card is named by
     * the step of the deal that lost it) */
    if (!inv_bids_material_part(c, k0, s, INV_CARDS_FORM)) return;
    int k = k0 + K_SETUP_STABLES;
    inv_applied(c, k);
    inv_fired(c, k);
    for (int p = 0; p < NP; p++) {
        if (s->nstables[p] != BIDS_START_STABLES) { inv_fail(c, k, "P%d starts with %d stables, not 3", p + 1, s->nstables[p]); return; }
        for (int i = 0; i < BIDS_STABLES; i++) if (s->special[p][i]) { inv_fail(c, k, "P%d starts with a special stable", p + 1); return; }
    }
    for (int id = 0; id < BIDS_CARDS; id++) if (s->loc[id] >= BIDS_L_STABLE) { inv_fail(c, k, "%s lies in a stable at the start", cname(id).s); return; }
    check_deal(c, k0, s);
    otab T;
    tab_of(s->loc, &T);
    inv_bids_legal_set(c, k0, s, &T);
    inv_bids_material_part(c, k0, s, INV_CARDS_COUNT);
}

/* ---- Steps ---------------------------------------------------------------------------------------- */

/* The move's own effect on the places (before a round end): what the rules say happens. */
static void mid_of(const bids_state *pre, const game_move *m, uint8_t *mid)
{
    memcpy(mid, pre->loc, BIDS_CARDS);
    /* a seat's card: in the special phase under special-order=table the actor is the table (players) */
    int p = pre->actor, id = p < BIDS_MAXP ? pre->held[p] : NONE;
    switch (m->kind) {
    case BIDS_MV_PLACE:
        mid[id] = at_stable(m->a, m->b);
        if (ty(id) == BIDS_MADCOW || ty(id) == BIDS_WILD)
            for (int x = 0; x < BIDS_CARDS; x++) if (mid[x] == at_stable(m->a, m->b)) mid[x] = BIDS_L_OUT;
        break;
    case BIDS_MV_DISCARD: mid[id] = BIDS_L_OUT; break;
    case BIDS_MV_TRUCK: case BIDS_MV_TRUCK_OUT:
        for (int x = 0; x < BIDS_CARDS; x++)
            if (pre->loc[x] == at_stable(m->a, m->b) && ty(x) == m->c) {
                mid[x] = m->kind == BIDS_MV_TRUCK ? at_stable(m->d, m->e) : BIDS_L_OUT;
                break;
            }
        mid[id] = BIDS_L_OUT;
        break;
    case BIDS_MV_TAKE: mid[m->a] = BIDS_L_HELD; break;
    default: break;
    }
}

typedef struct {
    const bids_state *pre, *post;
    const game_move *m;
    uint8_t mid[BIDS_CARDS];
    int is_play;          /* a seat plays its held card */
    int ptype;            /* its type */
    int ended;            /* a round ended in this move */
    int dealt;            /* a new round was dealt */
    otab tpre, tpost, tmid; /* the stables before, after, and after the move's own effect */
} sx;

/* Expected round winners from the places `mid` (BIDS-END-SIMULTANEOUS, BIDS-END-VALUE, BIDS-SCORE-TABLE);
 * val[p]: the value that ranked seat p (its best stable, or its stables' sum), -1 when none did. */
static unsigned expect_winners(inv_ctx *c, int k0, const sx *x, unsigned callers, int *how, int *val)
{
    const bids_state *s = x->pre;
    unsigned w = 0;
    int best = -1;
    inv_applied(c, k0 + K_SCORE_TABLE);
    for (int p = 0; p < BIDS_MAXP; p++) val[p] = -1;
    if (callers) {
        if ((callers & (callers - 1)) == 0) { *how = 0; return callers; }
        *how = 1;
        for (int p = 0; p < NP; p++) {
            if (!(callers >> p & 1)) continue;
            int b = 0;
            for (int st = 0; st < s->nstables[p]; st++) { int v = valued(c, k0, s, &x->tmid, p, st); if (v > b) b = v; }
            val[p] = b;
            if (b > best) { best = b; w = 0; }
            if (b == best) w |= 1u << p;
        }
        return w;
    }
    *how = 2;
    for (int p = 0; p < NP; p++) {
        int sum = 0;
        for (int st = 0; st < s->nstables[p]; st++) sum += valued(c, k0, s, &x->tmid, p, st);
        val[p] = sum;
        if (sum > best) { best = sum; w = 0; }
        if (sum == best) w |= 1u << p;
    }
    return w;
}

/* A new round was dealt in the step: its number moved on, or (the counter stops at 255) the piles
 * grew, which only a deal does: in a round cards only leave the piles. */
static int dealt_in(const bids_state *pre, const bids_state *post)
{
    int before = 0, after = 0;
    for (int p = 0; p < BIDS_MAXP; p++) { before += pre->pile_len[p]; after += post->pile_len[p]; }
    return post->round != pre->round || after > before;
}

static int ended_in(const bids_state *pre, const game_move *m, const bids_state *post)
{
    (void)m;
    if (pre->phase == BIDS_PH_SPECIAL) return 0;   /* a special stable chosen, or a seat named to receive one */
    return dealt_in(pre, post) || post->phase == BIDS_PH_OVER || (post->phase == BIDS_PH_SPECIAL && pre->phase != BIDS_PH_SPECIAL);
}

/* The table's decisions and the take. */
static void check_table(inv_ctx *c, int k0, const sx *x)
{
    const bids_state *s = x->pre, *post = x->post;
    const game_move *m = x->m;
    int k;
    if (m->kind == BIDS_MV_GRAB || m->kind == BIDS_MV_PLAY) {
        k = k0 + K_GRAB_RACE;
        inv_applied(c, k);
        inv_fired_case(c, k, m->kind == BIDS_MV_GRAB ? GR_GRAB : s->grabbed != all_seats(s) ? GR_PLAY_EARLY : GR_PLAY);
        int ok = m->kind == BIDS_MV_GRAB ? !(s->grabbed >> m->a & 1) : s->held[m->a] != NONE;
        if (!ok || post->actor != m->a || post->phase != (m->kind == BIDS_MV_GRAB ? BIDS_PH_GRAB : BIDS_PH_PLAY)) {
            inv_fail(c, k, "%s P%d: grabbed 0x%x, held %s; after it actor P%d phase %d", m->kind == BIDS_MV_GRAB ? "grab" : "play",
                     m->a + 1, s->grabbed, cname(s->held[m->a < BIDS_MAXP ? m->a : 0]).s, post->actor + 1, post->phase);
            return;
        }
        if (m->kind == BIDS_MV_PLAY && s->waiting) {
            k = k0 + K_WAIT_ORDER;
            inv_applied(c, k);
            int others = 0, ties = 0;
            for (int q = 0; q < NP; q++)
                if (q != m->a && s->held[q] != NONE) { others++; ties += num(s->held[q]) == num(s->held[m->a]); }
            inv_fired_case(c, k, !others ? WO_ALONE : ties ? WO_TIE : WO_LOWEST);
            for (int q = 0; q < NP; q++)
                if (s->held[q] != NONE && num(s->held[q]) < num(s->held[m->a])) {
                    inv_fail(c, k, "while waiting P%d plays %s (number %d) before P%d's %s (number %d)", m->a + 1,
                             cname(s->held[m->a]).s, num(s->held[m->a]), q + 1, cname(s->held[q]).s, num(s->held[q]));
                    return;
                }
        }
    }
    if (m->kind == BIDS_MV_WAIT) {
        k = k0 + K_WAIT_ORDER;
        inv_applied(c, k);
        inv_fired_case(c, k, WO_DECLARE);
        if (s->waiting || holders(s) < (RB(s, BIDS_R_WAIT_SEVERAL) ? 2 : 1) || !post->waiting)
            inv_fail(c, k, "wait with %d holders (wait=%s), waiting before %d after %d", holders(s),
                     RB(s, BIDS_R_WAIT_SEVERAL) ? "several" : "one-or-more", s->waiting, post->waiting);
    }
    if (m->kind == BIDS_MV_FLIP) {
        k = k0 + K_TRICK_STEPS;
        inv_applied(c, k);
        inv_fired(c, k);
        if (!trick_over(s)) { inv_fail(c, k, "flip while the trick is not done (grabbed 0x%x, %d held)", s->grabbed, holders(s)); return; }
        k = k0 + K_PLAY_ALL;
        inv_applied(c, k);
        k = k0 + K_FLIP;
        inv_applied(c, k);
        inv_fired_case(c, k, FL_TRICK);
        for (int p = 0; p < NP; p++) {
            int top = s->pile_len[p] ? s->pile[p][s->pile_len[p] - 1] : -1;
            if (post->pile_len[p] + 1 != s->pile_len[p] || top < 0 || post->loc[top] != BIDS_L_OPEN) {
                inv_fail(c, k, "P%d's top card %s is not open after the flip (pile %d -> %d)", p + 1, cname(top).s, s->pile_len[p], post->pile_len[p]);
                return;
            }
        }
        int open = 0;
        for (int id = 0; id < BIDS_CARDS; id++) open += post->loc[id] == BIDS_L_OPEN;
        if (open != NP || post->grabbed || post->waiting || post->phase != BIDS_PH_TABLE)
            inv_fail(c, k, "after the flip: %d open cards, grabbed 0x%x, waiting %d, phase %d", open, post->grabbed, post->waiting, post->phase);
    } else if (!x->dealt) {
        k = k0 + K_TRICK_STEPS;
        inv_applied(c, k);
        for (int p = 0; p < NP; p++)
            if (post->pile_len[p] != s->pile_len[p]) { inv_fail(c, k, "P%d's pile changes without a flip", p + 1); return; }
    }
    if (m->kind == BIDS_MV_TAKE) {
        int p = s->actor;
        k = k0 + K_GRAB_TOUCH;
        inv_applied(c, k);
        inv_fired(c, k);
        unsigned left = all_seats(s) & ~(unsigned)s->grabbed & ~(1u << p);
        if (s->loc[m->a] != BIDS_L_OPEN || post->held[p] != m->a || post->loc[m->a] != BIDS_L_HELD || !(post->grabbed >> p & 1)) {
            /* one seat left: the taker holds the other open card, the slowest seat's (BIDS-GRAB-SLOWEST) */
            int slow = left && (left & (left - 1)) == 0 && post->held[p] != m->a && post->held[p] < BIDS_CARDS &&
                       s->loc[post->held[p]] == BIDS_L_OPEN;
            int kt = slow ? k0 + K_GRAB_SLOWEST : k;
            inv_applied(c, kt);
            inv_fail(c, kt, "P%d touched %s but holds %s%s", p + 1, cname(m->a).s, cname(post->held[p]).s,
                     kt == k ? "" : ", the last open card, which the slowest seat takes");
            return;
        }
        k = k0 + K_GRAB_SLOWEST;
        inv_applied(c, k);
        int open = 0;
        for (int id = 0; id < BIDS_CARDS; id++) open += post->loc[id] == BIDS_L_OPEN;
        if (left && (left & (left - 1)) == 0) {
            int q = 0;
            while (!(left >> q & 1)) q++;
            int last = -1;
            for (int id = 0; id < BIDS_CARDS; id++) if (s->loc[id] == BIDS_L_OPEN && id != m->a) last = id;
            inv_fired(c, k);
            if (post->held[q] != last || open != 0 || post->grabbed != all_seats(s))
                inv_fail(c, k, "the slowest, P%d, holds %s, not the last card %s (%d open)", q + 1, cname(post->held[q]).s, cname(last).s, open);
        } else {
            for (int q = 0; q < NP; q++)
                if (q != p && post->held[q] != s->held[q]) { inv_fail(c, k, "P%d got %s, but %d seats still grab", q + 1, cname(post->held[q]).s, (int)__builtin_popcount(left)); return; }
        }
        /* reading of BIDS-AMB-DIRECT (SPEC.md register): must-play, the trick's first taker plays at once;
         * need-not-wait, the table decides who plays when */
        k = k0 + K_GRAB_RACE;
        inv_applied(c, k);
        int direct = RB(s, BIDS_R_MUST_PLAY) && s->grabbed == 0;
        if (!x->ended) {
            if (direct) inv_fired_case(c, k, GR_DIRECT);
            if (post->phase != (direct ? BIDS_PH_PLAY : BIDS_PH_TABLE) || post->actor != (direct ? p : 0))
                inv_fail(c, k, "after P%d's take (%s of the trick, direct=%s) phase %d actor P%d decides", p + 1,
                         s->grabbed ? "not the first" : "the first", RB(s, BIDS_R_MUST_PLAY) ? "must-play" : "need-not-wait",
                         post->phase, post->actor + 1);
        }
    }
}

/* The played card: BIDS-PLAY-ALL, BIDS-ANIMAL-*, BIDS-ELEPHANT, BIDS-MADCOW, BIDS-WILD, BIDS-TRUCK. */
static void check_play(inv_ctx *c, int k0, const sx *x)
{
    const bids_state *s = x->pre, *post = x->post;
    const game_move *m = x->m;
    int p = s->actor, id = s->held[p], t = x->ptype, k;
    k = k0 + K_PLAY_ALL;
    inv_applied(c, k);
    {   /* the card's places: a discard with none is forced, with some its own rule allows it */
        mset set;
        int places = 0;
        set.n = 0;
        if (m->kind == BIDS_MV_DISCARD) {
            play_set(s, &x->tpre, &set);
            for (int i = 0; i < set.n; i++) places += set.m[i].kind != BIDS_MV_DISCARD;
        }
        inv_fired_case(c, k, m->kind != BIDS_MV_DISCARD ? PA_PLAYED : places ? PA_MAY_DISCARD : PA_NO_PLACE);
    }
    if (post->held[p] != NONE && !x->dealt) { inv_fail(c, k, "P%d still holds %s after playing it", p + 1, cname(id).s); return; }
    if (x->mid[id] != BIDS_L_OUT && !(m->kind == BIDS_MV_PLACE && x->mid[id] >= BIDS_L_STABLE)) { inv_fail(c, k, "%s is neither placed nor out", cname(id).s); return; }
    if (!x->dealt && post->loc[id] != x->mid[id]) {
        /* a mad cow or wild stallion goes out with the stable it empties: its own rule's */
        int kd = k0 + (t == BIDS_MADCOW ? K_MADCOW : t == BIDS_WILD ? K_WILD : K_PLAY_ALL);
        inv_applied(c, kd);
        inv_fail(c, kd, "%s ends at place %d, the play puts it at %d", cname(id).s, post->loc[id], x->mid[id]);
        return;
    }
    if (ordinary(t)) {
        if (m->kind == BIDS_MV_PLACE) {
            k = k0 + K_ANIMAL_OWN;
            inv_applied(c, k);
            ov v = VW(&x->tpre, m->a, m->b);
            inv_fired_case(c, k, v.n ? AO_SAME_SPECIES : AO_EMPTY);
            if (m->a != p || v.elephants || (v.n && v.species != spec(t))) {
                inv_fail(c, k, "P%d puts %s into P%d.%d (%d cards, species %d)", p + 1, cname(id).s, m->a + 1, m->b + 1, v.n, v.species);
                return;
            }
            int owns = owns_other(&x->tpre, s, p, spec(t), -1);
            if (v.n == 0) {
                if (!male(t)) {
                    k = k0 + K_FEMALE_EMPTY;
                    inv_applied(c, k);
                    inv_fired_case(c, k, FE_ALLOWED);
                    if (owns) { inv_fail(c, k, "P%d puts the female %s into an empty stable but owns its species", p + 1, cname(id).s); return; }
                }
                k = k0 + K_SECOND_MALE;
                inv_applied(c, k);
                inv_fired_case(c, k, owns ? SM_SECOND_MALE : SM_NEW_SPECIES);
                if (!male(t) && owns) inv_fail(c, k, "a second stable of a species starts with a female");
            } else if (!male(t)) {
                /* a female beside its species while an own stable stands empty: the rule kept it out */
                int empty = 0;
                for (int st = 0; st < s->nstables[p]; st++) empty += VW(&x->tpre, p, st).n == 0;
                if (empty) {
                    inv_applied(c, k0 + K_FEMALE_EMPTY);
                    inv_fired_case(c, k0 + K_FEMALE_EMPTY, FE_KEPT_OUT);
                }
            }
        } else if (m->kind == BIDS_MV_DISCARD) {
            k = k0 + K_ANIMAL_DISCARD;
            inv_applied(c, k);
            int blocked = 0;
            for (int st = 0; st < s->nstables[p]; st++) blocked |= VW(&x->tpre, p, st).elephants > 0;
            inv_fired_case(c, k, blocked ? AD_ELEPHANT_BLOCKED : male(t) ? AD_MALE : AD_FEMALE);
            for (int st = 0; st < s->nstables[p]; st++)
                if (fits(s, &x->tpre, t, p, st, -1, 0)) { inv_fail(c, k, "P%d discards %s, which fits P%d.%d", p + 1, cname(id).s, p + 1, st + 1); return; }
        }
        return;
    }
    if (t == BIDS_ELEPHANT) {
        k = k0 + K_ELEPHANT;
        inv_applied(c, k);
        inv_fired_case(c, k, m->kind == BIDS_MV_PLACE ? EL_PLACED : EL_DISCARDED);
        if (m->kind == BIDS_MV_PLACE) {
            if (m->a == p || VW(&x->tpre, m->a, m->b).n) inv_fail(c, k, "P%d puts the elephant into P%d.%d, not an empty stable of another", p + 1, m->a + 1, m->b + 1);
        } else {
            for (int q = 0; q < NP; q++)
                for (int st = 0; q != p && st < s->nstables[q]; st++)
                    if (VW(&x->tpre, q, st).n == 0) { inv_fail(c, k, "the elephant is discarded while P%d.%d is empty", q + 1, st + 1); return; }
        }
        return;
    }
    if (t == BIDS_MADCOW || t == BIDS_WILD) {
        int sp = t == BIDS_MADCOW ? BIDS_CATTLE : BIDS_HORSES;
        k = k0 + (t == BIDS_MADCOW ? K_MADCOW : K_WILD);
        int kind_only = t == BIDS_MADCOW ? RB(s, BIDS_R_MADCOW_CATTLE) : RB(s, BIDS_R_WILD_HORSES);
        inv_applied(c, k);
        inv_fired_case(c, k, m->kind != BIDS_MV_PLACE ? MW_DISCARD : m->a == p ? MW_OWN : MW_OTHER);
        if (m->kind == BIDS_MV_PLACE) {
            ov v = VW(&x->tpre, m->a, m->b);
            int ok = m->a != p ? v.species == sp : (kind_only ? v.species == sp : v.n > 0 && !v.elephants);
            /* reading of BIDS-AMB-OWN-PURPOSE (SPEC.md register) */
            if (m->a == p && RB(s, BIDS_R_OWN_BRAWL) && v.males < 2) ok = 0;
            if (!ok) { inv_fail(c, k, "%s into P%d.%d (%d cards, species %d)", cname(id).s, m->a + 1, m->b + 1, v.n, v.species); return; }
            if (v.elephants) { inv_applied(c, k0 + K_ELEPHANT); inv_fail(c, k0 + K_ELEPHANT, "an elephant's stable is emptied by %s", cname(id).s); return; }
            for (int y = 0; y < BIDS_CARDS; y++)
                if ((s->loc[y] == at_stable(m->a, m->b) || y == id) && x->post->loc[y] != BIDS_L_OUT && !x->dealt) {
                    inv_fail(c, k, "%s stays after %s: \"Verwijder alle dieren uit deze stal\"", cname(y).s, cname(id).s);
                    return;
                }
        } else {
            for (int q = 0; q < NP; q++)
                for (int st = 0; q != p && st < s->nstables[q]; st++)
                    if (VW(&x->tpre, q, st).species == sp) { inv_fail(c, k, "%s discarded while P%d.%d holds its kind", cname(id).s, q + 1, st + 1); return; }
        }
        return;
    }
    /* the truck */
    k = k0 + K_TRUCK;
    inv_applied(c, k);
    {
        int animals = 0;
        for (int y = 0; y < BIDS_CARDS; y++) animals += s->loc[y] >= BIDS_L_STABLE;
        inv_fired_case(c, k, m->kind == BIDS_MV_DISCARD ? (animals ? TR_IDLE_CHOSEN : TR_IDLE_EMPTY)
                             : m->kind == BIDS_MV_TRUCK_OUT ? TR_OUT
                             : m->c == BIDS_ELEPHANT ? (m->kind == BIDS_MV_TRUCK && m->d == p ? TR_ELEPHANT_OWN : TR_ELEPHANT) : TR_MOVE);
    }
    if (m->kind == BIDS_MV_DISCARD) {
        if (RB(s, BIDS_R_TRUCK_MUST))
            for (int y = 0; y < BIDS_CARDS; y++)
                if (s->loc[y] >= BIDS_L_STABLE) { inv_fail(c, k, "truck left unused (truck=must-use) while %s could be moved", cname(y).s); return; }
        return;
    }
    int moved = -1, n = 0;
    for (int y = 0; y < BIDS_CARDS; y++) if (y != id && x->mid[y] != s->loc[y]) { moved = y; n++; }
    if (n != 1 || s->loc[moved] != at_stable(m->a, m->b) || ty(moved) != m->c) { inv_fail(c, k, "the truck moves %d cards", n); return; }
    if (m->kind == BIDS_MV_TRUCK) {
        int u = m->c;
        /* the stable it leaves stops counting only if the animal was the last one there */
        int leaves = m->d == m->a && VW(&x->tpre, m->a, m->b).males + VW(&x->tpre, m->a, m->b).females == 1 ? m->b : -1;
        /* reading of BIDS-AMB-TRUCK-RULES (SPEC.md register): listed-only puts no second-male rule on a truck */
        if (ordinary(u) && m->d < NP && m->e < s->nstables[m->d] && VW(&x->tpre, m->d, m->e).n == 0 && !RB(s, BIDS_R_TRUCK_LISTED)) {
            int owns = owns_other(&x->tpre, s, m->d, spec(u), leaves);
            inv_applied(c, k0 + K_SECOND_MALE);
            inv_fired_case(c, k0 + K_SECOND_MALE, owns ? SM_SECOND_MALE : owns_other(&x->tpre, s, m->d, spec(u), -1) ? SM_TRUCK_LAST : SM_NEW_SPECIES);
            if (!male(u)) {
                inv_applied(c, k0 + K_FEMALE_EMPTY);
                inv_fired_case(c, k0 + K_FEMALE_EMPTY, FE_TRUCK);
            }
            if (!male(u) && owns) {
                inv_fail(c, k0 + K_SECOND_MALE, "the truck starts a second %s stable of P%d with the female %s", tname[u], m->d + 1, cname(moved).s);
                return;
            }
        }
        int ok = u == BIDS_ELEPHANT ? VW(&x->tpre, m->d, m->e).n == 0 : ordinary(u) && fits(s, &x->tpre, u, m->d, m->e, m->d == m->a ? m->b : -1, 1);
        if (!ok || (m->d == m->a && m->e == m->b)) { inv_fail(c, k, "%s cannot go to P%d.%d", cname(moved).s, m->d + 1, m->e + 1); return; }
        /* reading of BIDS-AMB-TRUCK-ELEPHANT (SPEC.md register): other-seat, "in een lege stal van een andere
         * speler" holds for the truck's player too: never into one of its own stables */
        if (u == BIDS_ELEPHANT && m->d == p && RB(s, BIDS_R_TRUCK_ELEPHANT_OTHER)) {
            inv_fail(c, k, "P%d's truck moves the elephant into its own P%d.%d (truck-elephant=other-seat)", p + 1, m->d + 1, m->e + 1);
            return;
        }
    }
}

/* BIDS-NO-MOVE, BIDS-OUT-FINAL, BIDS-BRAWL over the whole step (within a round). */
static void check_frame(inv_ctx *c, int k0, const sx *x)
{
    const bids_state *s = x->pre;
    const uint8_t *after = x->dealt ? x->mid : x->post->loc;
    int k = k0 + K_OUT_FINAL;
    inv_applied(c, k);
    for (int id = 0; id < BIDS_CARDS; id++)
        if (s->loc[id] == BIDS_L_OUT) {
            inv_fired(c, k);
            if (after[id] != BIDS_L_OUT) { inv_fail(c, k, "%s comes back into play", cname(id).s); return; }
        }
    k = k0 + K_BRAWL;
    inv_applied(c, k);
    for (int p = 0; p < NP; p++)
        for (int st = 0; st < s->nstables[p]; st++) {
            ov a = VW(&x->tpre, p, st), b = VW(x->dealt ? &x->tmid : &x->tpost, p, st);
            if (a.males < 2) continue;
            int cleared = x->is_play && x->m->kind == BIDS_MV_PLACE && x->m->a == p && x->m->b == st;
            int trucked = (x->m->kind == BIDS_MV_TRUCK || x->m->kind == BIDS_MV_TRUCK_OUT) && x->m->a == p && x->m->b == st;
            inv_fired_case(c, k, cleared ? BR_CLEARED : trucked && male(x->m->c) ? BR_TRUCK : BR_STAYS);
            if (b.males < a.males && !cleared && !trucked) { inv_fail(c, k, "the brawl in P%d.%d loses a male without a truck, mad cow or wild stallion", p + 1, st + 1); return; }
        }
    /* Within the round: the engine's post against the rules' mid. */
    k = k0 + K_NO_MOVE;
    inv_applied(c, k);
    if (!x->dealt)
        for (int id = 0; id < BIDS_CARDS; id++) {
            if (s->loc[id] < BIDS_L_STABLE && x->post->loc[id] < BIDS_L_STABLE) continue;
            inv_fired_case(c, k, s->loc[id] < BIDS_L_STABLE ? NM_ENTERS : x->mid[id] == s->loc[id] ? NM_STAYS
                                 : x->m->kind == BIDS_MV_TRUCK || x->m->kind == BIDS_MV_TRUCK_OUT ? NM_TRUCK : NM_CLEARED);
            if (x->post->loc[id] != x->mid[id]) {
                inv_fail(c, k, "%s goes from place %d to %d; the move '%d' puts it at %d", cname(id).s, s->loc[id], x->post->loc[id], x->m->kind, x->mid[id]);
                return;
            }
        }
}

/* The calls: BIDS-CALL, BIDS-STABLE-COMPLETE, BIDS-CALL-LATE. */
static void check_calls(inv_ctx *c, int k0, const sx *x)
{
    const bids_state *s = x->pre;
    int k;
    if (x->m->kind == BIDS_MV_CALL) {
        k = k0 + K_CALL;
        inv_applied(c, k);
        inv_fired_case(c, k, x->m->a & (x->m->a - 1) ? CA_SEVERAL : CA_ONE);
        inv_applied(c, k0 + K_STABLE_COMPLETE);
        for (int p = 0; p < NP; p++)
            if (x->m->a >> p & 1) {
                int special = 0, repeat = 0;
                unsigned seen = 0;
                for (int st = 0; st < s->nstables[p]; st++) {
                    int sp = VW(&x->tpre, p, st).species;
                    special |= shows(s, p, st) >= 0;
                    if (sp >= 0) { repeat |= (int)(seen >> sp & 1); seen |= 1u << sp; }
                }
                inv_fired_case(c, k0 + K_STABLE_COMPLETE, special ? SC_SPECIAL : repeat ? SC_REPEAT_SPECIES : SC_PLAIN);
                if (!complete_seat(s, &x->tpre, p)) {
                    inv_fail(c, k0 + K_STABLE_COMPLETE, "P%d calls, but not all its stables are complete%s", p + 1,
                             RB(s, BIDS_R_DISTINCT) ? " (of distinct species)" : "");
                    return;
                }
            }
        if (RB(s, BIDS_R_FIRST_COMPLETE)) { inv_fail(c, k, "a call under first=first-complete"); return; }
        if (!x->ended) { inv_fail(c, k, "the call does not end the round"); return; }
    }
    /* BIDS-CALL-LATE: a truck made a complete seat incomplete; its call must not be offered. */
    if (x->m->kind == BIDS_MV_TRUCK || x->m->kind == BIDS_MV_TRUCK_OUT) {
        int q = x->m->a;
        k = k0 + K_CALL_LATE;
        inv_applied(c, k);
        if (!x->ended && x->post->phase == BIDS_PH_TABLE && complete_seat(s, &x->tpre, q) && !complete_seat(s, &x->tpost, q)) {
            game_move buf[GAME_MAX_MOVES];
            const game_move *lm;
            int n = inv_legal_post(c, x->post, buf, &lm);
            inv_fired_case(c, k, q == s->actor ? CL_BY_SELF : CL_BY_OTHER);
            for (int i = 0; i < n; i++)
                if (lm[i].kind == BIDS_MV_CALL && (lm[i].a >> q & 1)) { inv_fail(c, k, "P%d may still call after the truck took from its stables", q + 1); return; }
        }
    }
}

/* The end of a round and of the game. */
static void check_end(inv_ctx *c, int k0, const sx *x)
{
    const bids_state *s = x->pre, *post = x->post;
    int k;
    /* Would the round end here, by the rules? */
    unsigned callers = 0;
    int exhausted = 0, src = 0;                 /* whence the callers: 0 a call, 1 first-complete, 2 the cards ran out */
    if (x->m->kind == BIDS_MV_CALL) callers = x->m->a;
    if (!callers && RB(s, BIDS_R_FIRST_COMPLETE) && x->is_play) {   /* a take changes no stable */
        inv_applied(c, k0 + K_STABLE_COMPLETE);                      /* which seats are complete ends the round */
        callers = complete_seats(s, &x->tmid, 0);
        if (callers) src = 1;
    }
    if (!callers && (x->is_play || x->m->kind == BIDS_MV_TAKE)) {
        int held = 0, grabbed_all = 1;
        for (int p = 0; p < NP; p++) {
            int h = s->held[p] != NONE && !(x->is_play && p == s->actor);
            held += h;
        }
        if (x->m->kind == BIDS_MV_TAKE) held++;     /* the taker holds its card now */
        unsigned g = s->grabbed | (x->m->kind == BIDS_MV_TAKE ? 1u << s->actor : 0u);
        grabbed_all = g == all_seats(s);
        exhausted = held == 0 && grabbed_all && s->pile_len[0] == 0;
        k = k0 + K_END_EXHAUSTED;
        inv_applied(c, k);
        unsigned done = 0;
        if (exhausted) {
            inv_applied(c, k0 + K_STABLE_COMPLETE);   /* which seats are complete decides the round */
            done = complete_seats(s, &x->tmid, 0);
            inv_fired_case(c, k, !done ? EX_VALUE : RB(s, BIDS_R_END_VALUE) ? EX_VALUE_READING : EX_COMPLETE);
        }
        if (exhausted != x->ended) {
            /* under first=first-complete and each-species=distinct, a round that ends with cards left
             * where a seat is complete only if its stables may repeat a species: the engine judged
             * "complete" wrong (BIDS-STABLE-COMPLETE), not the end (under "same" the other reading's
             * complete seats are complete under the game's too, and would have ended the round) */
            unsigned other = x->ended && !exhausted && RB(s, BIDS_R_FIRST_COMPLETE) && RB(s, BIDS_R_DISTINCT) && x->is_play
                           ? complete_seats(s, &x->tmid, 1) : 0;
            if (other) {
                inv_applied(c, k0 + K_STABLE_COMPLETE);
                inv_fail(c, k0 + K_STABLE_COMPLETE, "the round ends with cards left, as if seats 0x%x were complete: their stables "
                         "repeat a species (each-species=distinct is the game's reading)", other);
                return;
            }
            inv_fail(c, k, "the cards are %s played, and the round %s", exhausted ? "all" : "not all", x->ended ? "ends" : "goes on");
            return;
        }
        /* reading of BIDS-AMB-END-COMPLETE (SPEC.md register) */
        if (exhausted && !RB(s, BIDS_R_END_VALUE) && done) { callers = done; src = 2; }
    }
    if (!x->ended) return;
    int how = 0, val[BIDS_MAXP];
    unsigned want = expect_winners(c, k0, x, callers, &how, val);
    /* The rounds after this one that end at their own deal: under BIDS-AMB-FIRST first-complete
     * and BIDS-AMB-RESET keep, a seat whose kept stables are all complete when the next round is
     * dealt is the first to have them complete, so that round ends before anyone moves; seats
     * complete at one moment are judged by their most valuable stable, as callers "tegelijk als
     * eerste" (BIDS-END-SIMULTANEOUS). A chained round cannot end the game unless a winner owns
     * enough stables, and stops at a special stable to choose (bonus variant). */
    bids_state e = *s;                       /* the seats' stables as the rounds go */
    unsigned last = want, over = 0, fifth = 0;
    int chained = 0, gcase = GE_GOES_ON;
    for (;;) {
        over = 0;
        for (int p = 0; p < NP; p++)
            if (last >> p & 1) {
                /* reading of BIDS-AMB-FIVE (SPEC.md register) */
                if (!RB(s, BIDS_R_REACH_FIVE) && e.nstables[p] >= BF.goal) over |= 1u << p;
            }
        gcase = over ? GE_OWN_FIVE : GE_GOES_ON;
        if (!over) for (int p = 0; p < NP; p++) if ((last >> p & 1) && RB(s, BIDS_R_REACH_FIVE) && e.nstables[p] + 1 >= BF.goal) over |= 1u << p;
        if (over && gcase == GE_GOES_ON) gcase = GE_REACH_FIVE;
        /* reading of BIDS-AMB-FIVE-WIN (SPEC.md register): complete-win, a round won on value ends no game */
        if (RB(s, BIDS_R_FIVE_COMPLETE) && how == 2 && !chained && over) { over = 0; gcase = GE_VALUE_NO_END; }
        /* reading of BIDS-AMB-FIVE-TIE (SPEC.md register): several seats that end the game at once all win
         * it (shared), or the game goes on (play-on) */
        if (over & (over - 1)) {
            gcase = RB(s, BIDS_R_FIVE_PLAY_ON) ? GE_TIE_PLAY_ON : GE_TIE_SHARED;
            if (RB(s, BIDS_R_FIVE_PLAY_ON)) over = 0;
        }
        if (RB(s, BIDS_R_SHORT)) { over = last; gcase = GE_SHORT; }
        fifth = 0;
        for (int p = 0; p < NP; p++)
            if ((last >> p & 1) && e.nstables[p] < BIDS_STABLES) {
                e.nstables[p]++;
                if (e.nstables[p] == 5) fifth |= 1u << p;
            }
        if (over || !RB(s, BIDS_R_FIRST_COMPLETE) || !RB(s, BIDS_R_KEEP)) break;
        if (RB(s, BIDS_R_BONUS) && fifth) break;
        unsigned complete = complete_seats(&e, &x->tmid, 0);
        if (!complete) break;
        unsigned w = complete;
        if (complete & (complete - 1)) {
            int best = -1;
            w = 0;
            for (int p = 0; p < NP; p++) {
                if (!(complete >> p & 1)) continue;
                int b = 0;
                for (int st = 0; st < e.nstables[p]; st++) { int v = valued(c, k0, &e, &x->tmid, p, st); if (v > b) b = v; }
                if (b > best) { best = b; w = 0; }
                if (b == best) w |= 1u << p;
            }
        }
        last = w;
        chained++;
    }
    int several = (want & (want - 1)) != 0;
    k = k0 + (how == 2 ? K_END_VALUE : K_END_SIMULTANEOUS);
    inv_applied(c, k);
    inv_fired_case(c, k, how == 2 ? (several ? EV_TIE : EV_ONE) : how == 1 ? (several ? ES_TIE : ES_BEST_STABLE)
                         : src ? ES_ONE_COMPLETE : ES_ONE_CALLER);
    if (chained) {
        inv_applied(c, k0 + K_END_SIMULTANEOUS);
        inv_fired_case(c, k0 + K_END_SIMULTANEOUS, ES_CHAIN);
    }
    if (chained && post->round_winners != last) {
        k = k0 + K_END_SIMULTANEOUS;
        inv_applied(c, k);
        inv_fail(c, k, "round %d is dealt with seats 0x%x complete (first=first-complete, reset=keep), so it ends at once; its winners are 0x%x, expected 0x%x",
                 s->round + chained, last, post->round_winners, last);
        return;
    }
    if (!chained && post->round_winners != want) {
        /* Named under the clause that decides the winners here: the highest sum of values
         * (BIDS-END-VALUE); the complete seats of a round that ran out under complete-wins
         * (BIDS-END-EXHAUSTED) when the engine looked past them; else the caller, or among
         * seats at once the most valuable single stable, ties all winning (BIDS-END-SIMULTANEOUS). */
        unsigned got = post->round_winners;
        int kk = how == 2 ? K_END_VALUE : src == 2 && (!got || (got & ~callers)) ? K_END_EXHAUSTED : K_END_SIMULTANEOUS;
        /* the engine's winners are what a wrong stable table gives: the table's fault; but some of
         * the seats tied for the win are the deciding clause's ("ties all win"), not the table's */
        /* the cards ran out, and the engine's winners are the seats complete under the other reading of
         * BIDS-AMB-EACH-SPECIES: it judged "complete" wrong (BIDS-STABLE-COMPLETE), not the end */
        if (exhausted && got && !RB(s, BIDS_R_END_VALUE)) {
            if (got == complete_seats(s, &x->tmid, 1)) {
                inv_applied(c, k0 + K_STABLE_COMPLETE);
                inv_fail(c, k0 + K_STABLE_COMPLETE, "round winners 0x%x, expected 0x%x: the seats complete when the cards ran out "
                         "if stables of one species %s (each-species=%s is the game's reading)", got, want,
                         RB(s, BIDS_R_DISTINCT) ? "may repeat" : "must differ", RB(s, BIDS_R_DISTINCT) ? "distinct" : "same");
                return;
            }
        }
        int tv = got && (got & ~want) == 0 && (want & (want - 1)) ? -1 : table_explains(s, &x->tmid, callers, how, got);
        if (tv >= 0) {
            /* a brawl valued as a stable at peace breaks BIDS-BRAWL's "scores 0" */
            int kt = k0 + (tv == TV_BRAWL_COUNTS ? K_BRAWL : K_SCORE_TABLE);
            inv_applied(c, kt);
            inv_fail(c, kt, "round winners 0x%x, expected 0x%x: the winners a stable table with %s gives",
                     got, want, tv_name[tv]);
            return;
        }
        char vals[96] = "";
        for (int p = 0, o = 0; p < NP && how; p++)
            if (val[p] >= 0 && o < (int)sizeof vals) o += snprintf(vals + o, sizeof vals - (size_t)o, ", P%d %d", p + 1, val[p]);
        inv_applied(c, k0 + kk);
        inv_fail(c, k0 + kk, "round winners 0x%x, expected 0x%x (%s%s)", got, want,
                 how == 2 ? "the highest sum of stable values" : how == 1 ? "the most valuable single stable among seats at once"
                 : src == 2 ? "the only complete seat when the cards ran out" : src == 1 ? "the first complete seat" : "the caller", vals);
        return;
    }
    k = k0 + K_EXTRA_STABLE;
    inv_applied(c, k);
    {
        int full = 0;
        for (int p = 0; p < NP; p++) full |= (want >> p & 1) && s->nstables[p] >= BIDS_STABLES;
        inv_fired_case(c, k, full ? XS_FULL : several ? XS_SEVERAL : XS_ONE);
    }
    for (int p = 0; p < NP; p++)
        if (post->nstables[p] != e.nstables[p]) { inv_fail(c, k, "P%d owns %d stables, expected %d", p + 1, post->nstables[p], e.nstables[p]); return; }
    /* BIDS-GAME-END, BIDS-VAR-SHORT */
    if (RB(s, BIDS_R_SHORT)) {
        inv_applied(c, k0 + K_VAR_SHORT);
        inv_fired(c, k0 + K_VAR_SHORT);
        if (post->phase != BIDS_PH_OVER) { inv_fail(c, k0 + K_VAR_SHORT, "short variant: the game goes on after round %d", s->round); return; }
    }
    k = k0 + K_GAME_END;
    inv_applied(c, k);
    inv_fired_case(c, k, gcase);
    if ((post->phase == BIDS_PH_OVER) != (over != 0) || post->game_winners != over) {
        if (RB(s, BIDS_R_SHORT)) k = k0 + K_VAR_SHORT;   /* the variant decides the game's winners */
        inv_fail(c, k, "game %s with winners 0x%x; expected %s 0x%x", post->phase == BIDS_PH_OVER ? "over" : "going on", post->game_winners, over ? "over" : "going on", over);
        return;
    }
    if (over) return;
    /* BIDS-VAR-BONUS: who gets the special stables */
    k = k0 + K_VAR_BONUS;
    inv_applied(c, k);
    if (!RB(s, BIDS_R_BONUS)) {
        for (int p = 0; p < NP; p++) for (int i = 0; i < BIDS_STABLES; i++)
            if (post->special[p][i]) { inv_fail(c, k, "a special stable without the bonus variant"); return; }
    } else if (fifth) {
        inv_fired_case(c, k, fifth & (fifth - 1) ? VB_TWO_AT_ONCE : s->specials_given == 0 ? VB_CHOOSE : s->specials_given == 3 ? VB_ORDINARY : VB_OTHER);
        int first = 0;
        while (!(fifth >> first & 1)) first++;
        /* reading of BIDS-AMB-SPECIAL-ORDER (SPEC.md register): table, several seats at once and a special
         * stable left: the table names who receives first, nothing is given yet; seat-order: the lowest seat */
        if (RB(s, BIDS_R_SPECIAL_TABLE) && (fifth & (fifth - 1)) && s->specials_given != 3) {
            if (post->phase != BIDS_PH_SPECIAL || post->actor != NP || post->specials_given != s->specials_given || post->pending5 != fifth)
                inv_fail(c, k, "P%d and others earn a 5th stable at once, but the table does not name who receives first (special-order=table; phase %d, actor %d, pending %d)",
                         first + 1, post->phase, post->actor + 1, post->pending5);
            return;
        }
        if (s->specials_given == 0 && (post->phase != BIDS_PH_SPECIAL || post->actor != first)) {
            inv_fail(c, k, "P%d earns the first 5th stable but does not choose a special one", first + 1);
            return;
        }
        if (s->specials_given && s->specials_given != 3 && !post->special[first][4]) {
            inv_fail(c, k, "P%d earns the second 5th stable but does not get the other special one", first + 1);
            return;
        }
    }
    if (post->phase == BIDS_PH_SPECIAL) return;
    /* BIDS-RESET: the next round */
    k = k0 + K_RESET;
    inv_applied(c, k);
    inv_fired_case(c, k, RB(s, BIDS_R_KEEP) ? RS_KEEP : RS_CLEAR);
    int next = s->round + 1 + chained;                 /* the counter stops at 255 */
    if (post->round != (next < 255 ? next : 255)) { inv_fail(c, k, "round %d follows round %d", post->round, s->round); return; }
    for (int id = 0; id < BIDS_CARDS; id++) {
        int in_st = x->mid[id] >= BIDS_L_STABLE;
        /* reading of BIDS-AMB-RESET (SPEC.md register) */
        if (!RB(s, BIDS_R_KEEP) ? post->loc[id] >= BIDS_L_STABLE : (in_st ? post->loc[id] != x->mid[id] : post->loc[id] >= BIDS_L_STABLE)) {
            inv_fail(c, k, "%s is at %d after the reset (reset=%s)", cname(id).s, post->loc[id], RB(s, BIDS_R_KEEP) ? "keep" : "clear");
            return;
        }
    }
    for (int p = 0; p < NP; p++) for (int i = 0; i < BIDS_STABLES; i++)
        if (post->special[p][i] != s->special[p][i] && !(i == post->nstables[p] - 1 && (fifth >> p & 1))) { inv_fail(c, k, "P%d's stable %d changes kind", p + 1, i + 1); return; }
    check_deal(c, k0, post);
}

static void bids_step_clauses(inv_ctx *c, int k0, const bids_state *pre, const game_move *m, const bids_state *post);

/* BIDS-SETUP-MATERIAL on post: whether it can be read before the step's own clauses (a post that
 * cannot is judged by it alone), where every card is after them. */
static void bids_check_step(inv_ctx *c, int k0, const void *vpre, const game_move *m, const void *vpost)
{
    const bids_state *pre = vpre, *post = vpost;
    if (!inv_bids_material_part(c, k0, post, INV_CARDS_FORM)) return;
    bids_step_clauses(c, k0, pre, m, post);
    inv_bids_material_part(c, k0, post, INV_CARDS_COUNT);
}

static void bids_step_clauses(inv_ctx *c, int k0, const bids_state *pre, const game_move *m, const bids_state *post)
{
    sx x;
    x.pre = pre; x.post = post; x.m = m;
    mid_of(pre, m, x.mid);
    x.is_play = pre->phase == BIDS_PH_PLAY;
    x.ptype = x.is_play ? ty(pre->held[pre->actor]) : -1;
    x.ended = ended_in(pre, m, post);
    x.dealt = dealt_in(pre, post);
    tab_of(pre->loc, &x.tpre);
    tab_of(post->loc, &x.tpost);
    tab_of(x.mid, &x.tmid);
    if (pre->phase == BIDS_PH_TABLE || pre->phase == BIDS_PH_GRAB) check_table(c, k0, &x);
    if (c->violations) return;
    if (x.is_play) check_play(c, k0, &x);
    if (c->violations) return;
    if (m->kind == BIDS_MV_SPECIAL) {
        int k = k0 + K_VAR_BONUS;
        inv_applied(c, k);
        inv_fired_case(c, k, VB_CHOOSE);
        int p = pre->actor;
        if (post->special[p][pre->nstables[p] - 1] != 1 + m->a || !(post->specials_given >> m->a & 1)) {
            inv_fail(c, k, "P%d chose special stable %d but its 5th stable is %d", p + 1, m->a + 1, post->special[p][pre->nstables[p] - 1]);
            return;
        }
        /* "Hetzelfde geldt voor de tweede speler, maar die krijgt automatisch de andere": the next of the seats
         * still to receive; reading of BIDS-AMB-SPECIAL-ORDER (SPEC.md register): the table names it when
         * several are left (table), else the lowest seat (seat-order) */
        unsigned left = pre->pending5 & ~(1u << p);
        if (left && RB(pre, BIDS_R_SPECIAL_TABLE) && bits(left) > 1) {
            if (post->phase != BIDS_PH_SPECIAL || post->actor != pre->players || post->pending5 != left) {
                inv_fail(c, k, "seats %d are still to receive a 5th stable, but the table does not name the next (special-order=table)", left);
                return;
            }
        } else if (left) {
            int q = 0;
            while (!(left >> q & 1)) q++;
            if (post->special[q][pre->nstables[q] - 1] != 2 - m->a) {
                inv_fail(c, k, "P%d receives the second 5th stable but not the other special one (%d)", q + 1, post->special[q][pre->nstables[q] - 1]);
                return;
            }
        }
    }
    /* reading of BIDS-AMB-SPECIAL-ORDER (SPEC.md register), table: the table named seat a to receive its 5th
     * stable next: it chooses (no special stable given yet) or gets the other one */
    if (m->kind == BIDS_MV_GRAB && pre->phase == BIDS_PH_SPECIAL) {
        int k = k0 + K_VAR_BONUS, a = m->a;
        inv_applied(c, k);
        inv_fired_case(c, k, VB_TABLE_NAMES);
        if (!RB(pre, BIDS_R_SPECIAL_TABLE) || a >= pre->players || !(pre->pending5 >> a & 1)) {
            inv_fail(c, k, "the table names P%d to receive a 5th stable (pending %d, special-order=%s)", a + 1, pre->pending5, RB(pre, BIDS_R_SPECIAL_TABLE) ? "table" : "seat-order");
            return;
        }
        if (pre->specials_given == 0) {
            if (post->phase != BIDS_PH_SPECIAL || post->actor != a || post->specials_given || post->pending5 != pre->pending5) {
                inv_fail(c, k, "the table names P%d first, but P%d does not choose a special stable", a + 1, a + 1);
                return;
            }
        } else if (post->special[a][pre->nstables[a] - 1] != (pre->specials_given == 1 ? 2 : 1) || post->specials_given != 3) {
            inv_fail(c, k, "the table names P%d second, but its 5th stable is %d, not the other special one", a + 1, post->special[a][pre->nstables[a] - 1]);
            return;
        }
    }
    inv_bids_one_species(c, k0, post, &x.tpost);
    if (c->violations) return;
    check_frame(c, k0, &x);
    if (c->violations) return;
    check_calls(c, k0, &x);
    if (c->violations) return;
    check_end(c, k0, &x);
    if (c->violations) return;
    if (post->phase != BIDS_PH_OVER) inv_bids_legal_set(c, k0, post, &x.tpost);
}

/* The end of the game: scores are the stables owned, winners those of the last round's game end. */
static void bids_check_final(inv_ctx *c, int k0, const void *st, const int *scores, unsigned winners)
{
    const bids_state *s = st;
    int k = k0 + K_GAME_END;
    inv_applied(c, k);
    inv_fired_case(c, k, GE_FINAL);
    if (!winners || (winners & ~all_seats(s)) || s->game_winners != winners) { inv_fail(c, k, "winners 0x%x, the game's last round says 0x%x", winners, s->game_winners); return; }
    for (int p = 0; p < NP; p++)
        if (scores[p] != s->nstables[p]) { inv_fail(c, k, "P%d scores %d but owns %d stables", p + 1, scores[p], s->nstables[p]); return; }
}

/* ---- GEN-HIDDEN-INFO: what a seat sees ------------------------------------------------- */

/* Open to every seat and the table: everything but the piles' cards (BIDS-SETUP-DEAL: "als een
 * gedekte stapel" / "faces cachées") and the generator of later shuffles. Which cards lie in the
 * piles shows (every card's place, `loc`, is open); which pile holds which, in what order, not. */
_Static_assert(sizeof(bids_state) == 8 + 4 + 10 + 16 + 20 + 168 + 84 + 2,
               "a new bids_state field: say in bids_open whether every seat sees it");
#define OPEN(f, name) INV_FIELD(bids_state, f, name)
static const inv_field bids_open[] = {
    OPEN(readings, "readings"), OPEN(players, "players"), OPEN(phase, "phase"), OPEN(actor, "actor"),
    OPEN(waiting, "waiting"), OPEN(round, "round"), OPEN(grabbed, "grabbed"), OPEN(round_winners, "round winners"),
    OPEN(game_winners, "game winners"), OPEN(pending5, "pending fifth"), OPEN(specials_given, "specials given"),
    OPEN(nstables, "stables"), OPEN(held, "held"), OPEN(pile_len, "pile heights"), OPEN(wins, "wins"),
    OPEN(special, "special stables"), OPEN(loc, "card places"), OPEN(pad0, "pad0"),
};
#undef OPEN

static int bids_view_differs(const void *va, const void *vb, int v, char *why, int n)
{
    const bids_state *a = va, *b = vb;
    (void)v;
    const char *f = inv_fields_differ(bids_open, (int)(sizeof bids_open / sizeof bids_open[0]), a, b);
    if (f) { snprintf(why, (size_t)n, "the open field '%s'", f); return 1; }
    if (a->players > BIDS_MAXP) { snprintf(why, (size_t)n, "a state out of bounds"); return 1; }
    int unseen[256] = {0};
    for (int p = 0; p < a->players; p++) {
        int len = a->pile_len[p];
        if (len > BIDS_PILE_MAX) { snprintf(why, (size_t)n, "a state out of bounds"); return 1; }
        for (int i = 0; i < len; i++) { unseen[a->pile[p][i]]++; unseen[b->pile[p][i]]--; }
        if (memcmp(a->pile[p] + len, b->pile[p] + len, (size_t)(BIDS_PILE_MAX - len)) != 0) {
            snprintf(why, (size_t)n, "P%d's pile beyond its height", p + 1);
            return 1;
        }
    }
    for (int p = a->players; p < BIDS_MAXP; p++)
        if (memcmp(a->pile[p], b->pile[p], BIDS_PILE_MAX) != 0) { snprintf(why, (size_t)n, "an unused pile"); return 1; }
    for (int x = 0; x < 256; x++)
        if (unseen[x]) { snprintf(why, (size_t)n, "the cards in the piles (%s %s)", cname(x).s, unseen[x] > 0 ? "lost" : "added"); return 1; }
    return 0;
}

/* Every pile card shuffled into the piles, each pile keeping its height; a new generator. */
static void bids_mix_unseen(void *vs, int v, uint64_t seed)
{
    bids_state *s = vs;
    uint8_t pool[BIDS_MAXP * BIDS_PILE_MAX];
    int np = 0, k = 0;
    (void)v;
    if (s->players > BIDS_MAXP) return;
    for (int p = 0; p < s->players; p++)
        for (int i = 0; i < s->pile_len[p] && i < BIDS_PILE_MAX; i++) pool[np++] = s->pile[p][i];
    inv_shuffle(pool, np, &seed);
    for (int p = 0; p < s->players; p++)
        for (int i = 0; i < s->pile_len[p] && i < BIDS_PILE_MAX; i++) s->pile[p][i] = pool[k++];
    s->rng = inv_rng_next(&seed);
}

/* ---- Positions ------------------------------------------------------------------------------------- */


/* What every position a game reaches keeps, judged on one state (a loaded [Position], a deal, a
 * determinized sample), restated from the rules (issue 21); 0 at the first violation. Each message
 * names the position field and its value. Not judged, because games reach them: a stable of females
 * only beside another stable of their species (a truck took the male out), waiting in phases grab and
 * play, unused cards "out" rather than in the box. */
static int inv_bids_position(inv_ctx *c, int k0, const bids_state *s, const otab *T)
{
    int k, ph = s->phase, open = 0;
    unsigned all = all_seats(s);
    for (int id = 0; id < BIDS_CARDS; id++) open += s->loc[id] == BIDS_L_OPEN;
#define FAIL(K, ...) do { inv_applied(c, k0 + (K)); inv_fail(c, k0 + (K), __VA_ARGS__); return 0; } while (0)
    /* BIDS-SETUP-DEAL "gelijkmatig", BIDS-FLIP "Alle spelers draaien tegelijkertijd": equal piles */
    k = k0 + K_SETUP_DEAL;
    inv_applied(c, k);
    inv_fired_case(c, k, DL_IN_ROUND);
    for (int p = 1; p < NP; p++)
        if (s->pile_len[p] != s->pile_len[0]) FAIL(K_SETUP_DEAL, "piles: P1 has %d cards, P%d %d", s->pile_len[0], p + 1, s->pile_len[p]);
    /* BIDS-FLIP: one open card per seat, and each take removes one (BIDS-GRAB-RACE: one hand, one card) */
    if (ph > BIDS_PH_OVER) FAIL(K_TRICK_STEPS, "phase: %d is no phase", ph);
    if ((s->grabbed & ~all) || (s->round_winners & ~all) || (s->game_winners & ~all) || (s->pending5 & ~all) || s->specials_given > 3 || s->waiting > 1)
        FAIL(K_TRICK_STEPS, "grabbed %d, won %d, winners %d, pending %d, specials %d, waiting %d: beyond the seats", s->grabbed,
             s->round_winners, s->game_winners, s->pending5, s->specials_given, s->waiting);
    if (open != NP - bits(s->grabbed)) FAIL(K_FLIP, "open: %d cards, with %d seats yet to take one (grabbed %d)", open, NP - bits(s->grabbed), s->grabbed);
    for (int p = 0; p < NP; p++)
        if (s->held[p] != NONE && !(s->grabbed >> p & 1)) FAIL(K_GRAB_TOUCH, "held: P%d holds %s, but grabbed %d", p + 1, cname(s->held[p]).s, s->grabbed);
    /* who decides: the table, or the seat the table named (BIDS-GRAB-RACE), or the seat choosing a special stable */
    if ((s->actor >= NP && !(ph == BIDS_PH_SPECIAL && s->actor == NP)) || ((ph == BIDS_PH_TABLE || ph == BIDS_PH_OVER) && s->actor) ||
        (ph == BIDS_PH_GRAB && (s->grabbed >> s->actor & 1)) || (ph == BIDS_PH_PLAY && s->held[s->actor] == NONE))
        FAIL(K_GRAB_RACE, "actor: P%d in phase %d (grabbed %d, holds %s)", s->actor + 1, ph, s->grabbed, cname(s->held[s->actor % BIDS_MAXP]).s);
    if (s->round == 0) FAIL(K_TRICK_STEPS, "round: 0 (the first round is 1)");
    /* BIDS-WAIT-ORDER, reading of BIDS-AMB-WAIT (SPEC.md register): one or several holders declare the wait */
    if (s->waiting && bits(s->grabbed) < (RB(s, BIDS_R_WAIT_SEVERAL) ? 2 : 1))
        FAIL(K_WAIT_ORDER, "waiting: 1 with grabbed %d (wait=%s)", s->grabbed, RB(s, BIDS_R_WAIT_SEVERAL) ? "several" : "one-or-more");
    if (ph == BIDS_PH_PLAY && s->waiting && !may_play(s, s->actor))
        FAIL(K_WAIT_ORDER, "actor: P%d plays %s while waiting, but a lower number is held", s->actor + 1, cname(s->held[s->actor]).s);
    /* BIDS-END-EXHAUSTED: a round whose cards are all flipped and played is over (under first-complete
     * a complete seat ends it first: the check below) */
    int any_complete = complete_seats(s, T, 0) != 0;
    if (ph == BIDS_PH_TABLE && !open && trick_over(s) && !s->pile_len[0] && (!RB(s, BIDS_R_FIRST_COMPLETE) || !any_complete))
        FAIL(K_END_EXHAUSTED, "piles: empty, every card played, and phase table: the round has ended");
    /* reading of BIDS-AMB-FIRST (SPEC.md register) first-complete: the round ends when a seat is complete */
    if (RB(s, BIDS_R_FIRST_COMPLETE) && ph <= BIDS_PH_PLAY)
        for (int p = 0; p < NP; p++)
            if (complete_seat(s, T, p)) FAIL(K_CALL, "stables: P%d's are all complete in phase %d under first=first-complete", p + 1, ph);
    /* BIDS-SETUP-STABLES, BIDS-EXTRA-STABLE: 3 stables, one more per round won, 5 at most */
    k = k0 + K_EXTRA_STABLE;
    inv_applied(c, k);
    inv_fired_case(c, k, XS_POSITION);
    for (int p = 0; p < NP; p++) {
        int want = s->wins[p] >= 2 ? 5 : 3 + s->wins[p];
        if (s->nstables[p] != want) FAIL(K_EXTRA_STABLE, "wins: P%d won %d rounds and owns %d stables", p + 1, s->wins[p], s->nstables[p]);
    }
    /* BIDS-END-VALUE, BIDS-END-SIMULTANEOUS: every finished round has winners (all tied seats) */
    /* at round 255 (the counter's end) more rounds than 'done' may be finished; wins stop at 255 too */
    int done = s->round - (ph == BIDS_PH_SPECIAL || ph == BIDS_PH_OVER ? 0 : 1), sum = 0;
    for (int p = 0; p < NP; p++) sum += s->wins[p];
    if (s->round < 255)
        for (int p = 0; p < NP; p++)
            if (s->wins[p] > done) FAIL(K_END_VALUE, "wins: P%d won %d of %d finished rounds", p + 1, s->wins[p], done);
    if (sum < done) FAIL(K_END_VALUE, "wins: %d in all for %d finished rounds", sum, done);
    if (!done != !s->round_winners) FAIL(K_END_VALUE, "won: %d after %d finished rounds", s->round_winners, done);
    for (int p = 0; p < NP; p++)
        if ((s->round_winners >> p & 1) && !s->wins[p]) FAIL(K_END_VALUE, "won: P%d, with no round won", p + 1);
    /* BIDS-GAME-END: the game is won by winners of its last round owning 5 stables; BIDS-VAR-SHORT: one round */
    if ((ph == BIDS_PH_OVER) != (s->game_winners != 0) || (s->game_winners & ~s->round_winners))
        FAIL(K_GAME_END, "winners: %d in phase %d, last round won by %d", s->game_winners, ph, s->round_winners);
    for (int p = 0; p < NP; p++)
        if ((s->game_winners >> p & 1) && !RB(s, BIDS_R_SHORT) && s->nstables[p] != BF.goal)
            FAIL(K_GAME_END, "winners: P%d wins the game with %d stables", p + 1, s->nstables[p]);
    /* reading of BIDS-AMB-FIVE-TIE (SPEC.md register): play-on, the game has one winner */
    if (RB(s, BIDS_R_FIVE_PLAY_ON) && !RB(s, BIDS_R_SHORT) && (s->game_winners & (s->game_winners - 1)))
        FAIL(K_GAME_END, "winners: %d, several seats, under five-tie=play-on", s->game_winners);
    if (RB(s, BIDS_R_SHORT) && s->round != 1) FAIL(K_VAR_SHORT, "round: %d under short=on", s->round);
    /* BIDS-VAR-BONUS: a 5th stable is special, the first chooser's and the other given to the next */
    k = k0 + K_VAR_BONUS;
    inv_applied(c, k);
    unsigned marks = 0;
    for (int p = 0; p < NP; p++)
        for (int st = 0; st < s->nstables[p]; st++) {
            int m = s->special[p][st];
            if (!m) continue;
            inv_fired_case(c, k, s->specials_given == 3 ? VB_OTHER : VB_CHOOSE);
            if (m > 2 || !RB(s, BIDS_R_BONUS) || st != BIDS_STABLES - 1 || (marks >> (m - 1) & 1))
                FAIL(K_VAR_BONUS, "stables: P%d.%d is special stable %d (bonus %s, given before: %u)", p + 1, st + 1, m, RB(s, BIDS_R_BONUS) ? "on" : "off", marks);
            marks |= 1u << (m - 1);
        }
    if (marks != s->specials_given) FAIL(K_VAR_BONUS, "specials: %d, but the stables show %u", s->specials_given, marks);
    if ((ph == BIDS_PH_SPECIAL) != (s->pending5 != 0)) FAIL(K_VAR_BONUS, "pending: %d in phase %d", s->pending5, ph);
    if (ph == BIDS_PH_SPECIAL && s->actor == NP) {
        /* reading of BIDS-AMB-SPECIAL-ORDER (SPEC.md register): the table names the next of several seats */
        inv_fired_case(c, k, VB_TABLE_NAMES);
        if (!RB(s, BIDS_R_BONUS) || !RB(s, BIDS_R_SPECIAL_TABLE) || bits(s->pending5) < 2 || s->specials_given == 3)
            FAIL(K_VAR_BONUS, "actor: the table names who receives a 5th stable (pending %d, specials %d, special-order=%s)", s->pending5, s->specials_given,
                 RB(s, BIDS_R_SPECIAL_TABLE) ? "table" : "seat-order");
    } else if (ph == BIDS_PH_SPECIAL) {
        inv_fired_case(c, k, VB_CHOOSE);
        /* reading of BIDS-AMB-SPECIAL-ORDER (SPEC.md register): seat-order, the lowest seat chooses first */
        if (!RB(s, BIDS_R_BONUS) || s->specials_given || !(s->pending5 >> s->actor & 1) ||
            (!RB(s, BIDS_R_SPECIAL_TABLE) && (s->pending5 & ((1u << s->actor) - 1u))))
            FAIL(K_VAR_BONUS, "actor: P%d chooses a special stable (pending %d, specials %d)", s->actor + 1, s->pending5, s->specials_given);
        for (int p = 0; p < NP; p++)
            if ((s->pending5 >> p & 1) && (s->nstables[p] != BIDS_STABLES || !(s->round_winners >> p & 1)))
                FAIL(K_VAR_BONUS, "pending: P%d owns %d stables (won %d)", p + 1, s->nstables[p], s->round_winners);
    }
#undef FAIL
    return 1;
}

/* A position: the material, one species a stable, and what every reachable position keeps. (Its
 * legal moves are judged by the steps that follow: BIDS-LEGAL-SET here would run again on every
 * determinized sample, GEN-HIDDEN-INFO.) */
static void bids_check_position(inv_ctx *c, int k0, const void *st)
{
    const bids_state *s = st;
    otab T;
    int v = c->violations;
    if (!inv_bids_material(c, k0, s)) return;
    tab_of(s->loc, &T);
    inv_bids_one_species(c, k0, s, &T);
    if (c->violations == v) inv_bids_position(c, k0, s, &T);
}

/* BIDS-SETUP-MATERIAL on one state, for GEN-HIDDEN-INFO's check of the engine's determinize. */
static void bids_check_material(inv_ctx *c, int k0, const void *st)
{
    inv_bids_material(c, k0, (const bids_state *)st);
}

const inv_game inv_bids_game = {
    "bids", bids_clauses, K_N, bids_check_setup, bids_check_step, bids_check_final, bids_check_position,
    bids_view_differs, bids_mix_unseen,
    bids_check_material,
    inv_bids_facts,
};
