/* bids.c: the Bonje in de Stal / Chaos à la Ferme reference engine (2-4 players, real time as decisions). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bids.h"

/* ---- Readings and profiles (SPEC.md, BIDS ambiguity register) ------------------------------- */

static const game_ambiguity bids_amb[BIDS_N_AMB] = {
    {"BIDS-AMB-EACH-SPECIES", "species",      {"same", "distinct"}},
    {"BIDS-AMB-WILD-OWN",     "wild-own",     {"any-stable", "horse-stable"}},
    {"BIDS-AMB-MADCOW-OWN",   "madcow-own",   {"any-stable", "cow-stable"}},
    {"BIDS-AMB-TRUCK-IDLE",   "truck",        {"may-idle", "must-use"}},
    {"BIDS-AMB-END-COMPLETE", "end-complete", {"complete-wins", "value-wins"}},
    {"BIDS-AMB-FIVE",         "five",         {"own-five", "reach-five"}},
    {"BIDS-AMB-FIRST",        "first",        {"first-caller", "first-complete"}},
    {"BIDS-AMB-RESET",        "reset",        {"clear", "keep"}},
    {"BIDS-AMB-WAIT",         "wait",         {"one-or-more", "several"}},
    {"BIDS-VAR-BONUS",        "bonus",        {"off", "on"}},
    {"BIDS-VAR-SHORT",        "short",        {"off", "on"}},
    {"BIDS-AMB-DIRECT",       "direct",       {"need-not-wait", "must-play"}},
    {"BIDS-AMB-OWN-PURPOSE",  "own-purpose",  {"any-own", "brawl-only"}},
    {"BIDS-AMB-TRUCK-RULES",  "truck-rules",  {"all-rules", "listed-only"}},
    {"BIDS-AMB-PAIR-COUNT",   "pairs",        {"one-per-stable", "per-female"}},
    {"BIDS-AMB-FIVE-WIN",     "five-win",     {"any-win", "complete-win"}},
    {"BIDS-AMB-TRUCK-ELEPHANT", "truck-elephant", {"any-empty", "other-seat"}},
    {"BIDS-AMB-FIVE-TIE",     "five-tie",     {"shared", "play-on"}},
    {"BIDS-AMB-SPECIAL-ORDER", "special-order", {"seat-order", "table"}},
};

/* Each profile's readings rest on its own text's words (SPEC.md, each register entry's "Profiles"). */
static const game_profile bids_profiles[] = {
    {"nl", "bonje-in-de-stal.nl.txt", BIDS_R_WILD_HORSES | BIDS_R_MADCOW_CATTLE | BIDS_R_TRUCK_MUST | BIDS_R_OWN_BRAWL |
                                      BIDS_R_SPECIAL_TABLE},
    {"fr", "chaos-a-la-ferme.fr.txt", BIDS_R_WILD_HORSES | BIDS_R_MADCOW_CATTLE | BIDS_R_TRUCK_MUST | BIDS_R_WAIT_SEVERAL |
                                      BIDS_R_MUST_PLAY | BIDS_R_OWN_BRAWL | BIDS_R_SPECIAL_TABLE},
};

#define R(st, bit) (((st)->readings & (bit)) != 0)

static const char *const bids_type_name[BIDS_TYPES] = {
    "stallion", "mare", "bull", "cow", "boar", "sow", "ram", "ewe", "rooster", "hen",
    "elephant", "madcow", "wild", "truck",
};

int bids_type_of(int id)
{
    for (int t = 0; t < BIDS_TYPES; t++) {
        if (id < bids_param.count[t]) return t;
        id -= bids_param.count[t];
    }
    return -1;
}

static int first_id(int t)
{
    int id = 0;
    for (int u = 0; u < t; u++) id += bids_param.count[u];
    return id;
}

/* ---- Stables ------------------------------------------------------------------------------ */

typedef struct stable_view {
    int n;                      /* cards in it */
    int males, females, elephants;
    int species;                /* species of its animals, -1 none */
    int brawl;                  /* BIDS-BRAWL: "2 of meer mannetjesdieren" */
    unsigned types;             /* bit per card type in it */
} stable_view;

/* Every stable's view, from one pass over the cards. */
typedef struct bids_views { stable_view v[BIDS_MAXP * BIDS_STABLES]; } bids_views;

static void views_of(const bids_state *st, bids_views *w)
{
    for (int i = 0; i < BIDS_MAXP * BIDS_STABLES; i++) {
        stable_view e = {0, 0, 0, 0, -1, 0, 0};
        w->v[i] = e;
    }
    int id = 0;
    for (int t = 0; t < BIDS_TYPES; t++)
        for (int k = 0; k < bids_param.count[t]; k++, id++) {
            if (st->loc[id] < BIDS_L_STABLE) continue;
            stable_view *v = &w->v[st->loc[id] - BIDS_L_STABLE];
            v->n++;
            v->types |= 1u << t;
            if (t == BIDS_ELEPHANT) v->elephants++;
            else if (BIDS_ORDINARY(t)) { v->species = BIDS_SPECIES_OF(t); if (BIDS_MALE(t)) v->males++; else v->females++; }
        }
    /* BIDS-BRAWL: "Bevat een stal 2 of meer mannetjesdieren, dan ontstaat er bonje in deze stal." */
    for (int i = 0; i < BIDS_MAXP * BIDS_STABLES; i++) w->v[i].brawl = w->v[i].males >= 2;
}

#define VIEW(w, p, s) ((w)->v[(p) * BIDS_STABLES + (s)])

/* BIDS-STABLE-COMPLETE: "1 mannetjesdier en ten minste 1 vrouwtjesdier van dezelfde soort"; with an
 * elephant "vol, maar geldt niet als een complete stal"; with a brawl "geldt niet als een complete stal";
 * a special stable "uitsluitend compleet als de dieren erin van de afgebeelde soort zijn". */
static int stable_complete(const bids_state *st, const bids_views *w, int p, int s)
{
    const stable_view *v = &VIEW(w, p, s);
    if (v->elephants || v->males != 1 || v->females < 1) return 0;
    if (st->special[p][s] && v->species != bids_param.special_species[st->special[p][s] - 1]) return 0;
    return 1;
}

/* All of seat p's stables complete (BIDS-CALL, BIDS-STABLE-COMPLETE: a call names only such seats);
 * BIDS-AMB-EACH-SPECIES distinct: of pairwise other species. */
static int seat_complete(const bids_state *st, const bids_views *w, int p)
{
    unsigned seen = 0;
    for (int s = 0; s < st->nstables[p]; s++) {
        if (!stable_complete(st, w, p, s)) return 0;
        unsigned b = 1u << VIEW(w, p, s).species;
        if (R(st, BIDS_R_DISTINCT) && (seen & b)) return 0;
        seen |= b;
    }
    return st->nstables[p] > 0;
}

static unsigned complete_seats(const bids_state *st)
{
    bids_views w;
    unsigned m = 0;
    views_of(st, &w);
    for (int p = 0; p < st->players; p++) if (seat_complete(st, &w, p)) m |= 1u << p;
    return m;
}

/* BIDS-SCORE-TABLE: points of one stable; a brawl scores nothing; a special stable counts only its species. */
static int stable_value(const bids_state *st, const bids_views *w, int p, int s)
{
    const stable_view *v = &VIEW(w, p, s);
    /* BIDS-BRAWL: a brawl scores 0; an empty stable or one of elephants only scores nothing */
    if (v->brawl || v->species < 0) return 0;
    /* BIDS-SCORE-TABLE: the animals' points, the pair bonus; a special stable counts only its species */
    if (st->special[p][s] && v->species != bids_param.special_species[st->special[p][s] - 1]) return 0;
    int pts = (v->males + v->females) * bids_param.points[v->species];
    /* "Per stelletje: 2 punten extra"; BIDS-AMB-PAIR-COUNT: one pair a stable | a pair per female */
    if (v->males >= 1 && v->females >= 1) pts += bids_param.pair_bonus * (R(st, BIDS_R_PAIR_EACH) ? v->females : 1);
    return pts;
}

static int seat_value(const bids_state *st, const bids_views *w, int p)
{
    int sum = 0;
    for (int s = 0; s < st->nstables[p]; s++) sum += stable_value(st, w, p, s);
    return sum;
}

static int best_stable(const bids_state *st, const bids_views *w, int p)
{
    int best = 0;
    for (int s = 0; s < st->nstables[p]; s++) { int v = stable_value(st, w, p, s); if (v > best) best = v; }
    return best;
}

/* Does seat p own a stable with `species` other than stable skip_s? */
static int owns_species(const bids_state *st, const bids_views *w, int p, int species, int skip_s)
{
    for (int s = 0; s < st->nstables[p]; s++)
        if (s != skip_s && VIEW(w, p, s).species == species) return 1;
    return 0;
}

/* May an ordinary animal of type t go into stable (p, s)? BIDS-STABLE-ONE-SPECIES, BIDS-STABLE-SECOND-MALE,
 * BIDS-ANIMAL-FEMALE-EMPTY; an elephant's stable is "vol". skip_s: the stable the animal leaves (a truck),
 * -1 if none. truck: a truck moves it (BIDS-AMB-TRUCK-RULES). */
static int animal_fits(const bids_state *st, const bids_views *w, int t, int p, int s, int skip_s, int truck)
{
    const stable_view *v = &VIEW(w, p, s);
    if (v->elephants) return 0;
    /* BIDS-AMB-TRUCK-RULES listed-only: "(... gewone dieren naar een stal met dieren van dezelfde soort of
     * naar een lege stal)" is the whole rule for a truck */
    if (v->n == 0 && truck && R(st, BIDS_R_TRUCK_LISTED)) return 1;
    /* BIDS-STABLE-SECOND-MALE, BIDS-TRUCK: the stable a truck empties no longer counts, only when the
     * animal was the last one there */
    if (skip_s >= 0 && VIEW(w, p, skip_s).males + VIEW(w, p, skip_s).females > 1) skip_s = -1;
    if (v->n == 0) {
        /* "het eerste dier in de tweede ... stal met dezelfde diersoort moet het mannetjesdier ... zijn";
         * "niet toegestaan om een vrouwtjesdier van een soort die hij al heeft in een lege stal te leggen" */
        return BIDS_MALE(t) || !owns_species(st, w, p, BIDS_SPECIES_OF(t), skip_s);
    }
    return v->species == BIDS_SPECIES_OF(t);   /* "een stal waarin al dieren van dezelfde soort liggen" */
}

/* ---- Setup and rounds ---------------------------------------------------------------------- */

static int config_ok(const game_config *cfg)
{
    /* BIDS-SETUP-PLAYERS: 2 to 4 ("Vier concurrerende boeren"; "bij 2 of 3 spelers") */
    return cfg && cfg->players >= 2 && cfg->players <= BIDS_MAXP && (cfg->readings >> BIDS_N_AMB) == 0;
}

static void base_state(bids_state *st, const game_config *cfg)
{
    memset(st, 0, sizeof *st);
    st->readings = cfg->readings;
    st->players = (uint8_t)cfg->players;
    memset(st->held, BIDS_NONE, sizeof st->held);
}

static void flip(bids_state *st)
{
    /* BIDS-FLIP: "Alle spelers draaien tegelijkertijd de bovenste kaart van hun gedekte stapel om" */
    for (int p = 0; p < st->players; p++) {
        if (!st->pile_len[p]) continue;
        uint8_t id = st->pile[p][--st->pile_len[p]];
        st->pile[p][st->pile_len[p]] = 0;
        st->loc[id] = BIDS_L_OPEN;
    }
    st->grabbed = 0;
    st->waiting = 0;
    st->phase = BIDS_PH_TABLE;
    st->actor = 0;
}

/* BIDS-SETUP-DEAL: every card not in a stable is shuffled; with 2 or 3 players the symbol cards go to
 * the box (BIDS-SETUP-REMOVAL); the rest is dealt "gelijkmatig", a remainder that does not divide goes
 * to the box too; then the first flip. */
static void deal_round(bids_state *st)
{
    uint8_t deck[BIDS_CARDS];
    int n = 0;
    for (int id = 0; id < BIDS_CARDS; id++) {
        if (st->loc[id] >= BIDS_L_STABLE) continue;
        int t = bids_type_of(id);
        if (st->players < 4 && id - first_id(t) < bids_param.symbol[t]) { st->loc[id] = BIDS_L_BOX; continue; }
        deck[n++] = (uint8_t)id;
    }
    for (int i = n - 1; i > 0; i--) {
        int j = (int)game_rng_below(&st->rng, (uint32_t)(i + 1));
        uint8_t x = deck[i]; deck[i] = deck[j]; deck[j] = x;
    }
    memset(st->pile, 0, sizeof st->pile);
    int each = n / st->players;
    for (int p = 0; p < st->players; p++) {
        st->pile_len[p] = (uint8_t)each;
        for (int i = 0; i < each; i++) { st->pile[p][i] = deck[--n]; st->loc[st->pile[p][i]] = BIDS_L_PILE; }
    }
    while (n > 0) st->loc[deck[--n]] = BIDS_L_BOX;
    memset(st->held, BIDS_NONE, sizeof st->held);
    if (st->round < 255) st->round++;
    flip(st);
}

static void end_exhausted(bids_state *st);
static void end_by_call(bids_state *st, unsigned mask);

/* A new round; one with no card to deal (BIDS-AMB-RESET keep can leave too few) ends at once. */
static void start_round(bids_state *st)
{
    deal_round(st);
    /* BIDS-END-SIMULTANEOUS, BIDS-AMB-FIRST first-complete: the round is won by the first seat to
     * have all its stables complete; under BIDS-AMB-RESET keep a seat can have them complete at the
     * deal, before anyone moves, and then the round ends at once (those complete at one moment are
     * judged as "tegelijk als eerste": the most valuable stable). */
    if (R(st, BIDS_R_FIRST_COMPLETE)) {
        unsigned complete = complete_seats(st);
        if (complete) { end_by_call(st, complete); return; }
    }
    if (st->pile_len[0] == 0 && st->grabbed == 0) {
        int open = 0;
        for (int id = 0; id < BIDS_CARDS; id++) open += st->loc[id] == BIDS_L_OPEN;
        if (!open) end_exhausted(st);
    }
}

static int bids_setup_seed(void *vst, const game_config *cfg, uint64_t seed)
{
    bids_state *st = vst;
    if (!config_ok(cfg)) return GAME_BADARG;
    base_state(st, cfg);
    st->rng = seed;
    /* BIDS-SETUP-STABLES: "Iedere speler ontvangt 3 stallen" */
    for (int p = 0; p < st->players; p++) st->nstables[p] = BIDS_START_STABLES;
    start_round(st);
    return GAME_OK;
}

/* ---- Round end --------------------------------------------------------------------------- */

static unsigned popcount(unsigned x) { unsigned n = 0; for (; x; x &= x - 1) n++; return n; }

/* Among `mask`, the seats with the most valuable single stable (BIDS-END-SIMULTANEOUS). */
static unsigned best_single(const bids_state *st, unsigned mask)
{
    int best = -1;
    unsigned w = 0;
    bids_views vw;
    views_of(st, &vw);
    for (int p = 0; p < st->players; p++) {
        if (!(mask >> p & 1)) continue;
        int v = best_stable(st, &vw, p);
        if (v > best) { best = v; w = 0; }
        if (v == best) w |= 1u << p;
    }
    return w;
}

static void new_round(bids_state *st)
{
    /* BIDS-RESET: "retirer tous les animaux de ses étables"; BIDS-AMB-RESET keep: nl says nothing */
    if (!R(st, BIDS_R_KEEP))
        for (int id = 0; id < BIDS_CARDS; id++) if (st->loc[id] >= BIDS_L_STABLE) st->loc[id] = BIDS_L_PILE;
    start_round(st);
}

/* Seat p, which earned a 5th stable, receives it (bonus variant): 0 when p must choose first. */
static int receive_fifth(bids_state *st, int p)
{
    if (st->specials_given == 0) {            /* "De eerste speler ... kiest een speciale stal" */
        st->phase = BIDS_PH_SPECIAL;
        st->actor = (uint8_t)p;
        return 0;
    }
    if (st->specials_given != 3) {            /* "die krijgt automatisch de andere" */
        int k = st->specials_given == 1 ? 1 : 0;
        st->special[p][st->nstables[p] - 1] = (uint8_t)(1 + k);
        st->specials_given |= (uint8_t)(1u << k);
    }
    st->pending5 &= (uint8_t)~(1u << p);
    return 1;
}

/* Hand out the special stables still owed (bonus variant), then start the next round. Several seats
 * that earned a 5th stable in one round: BIDS-AMB-SPECIAL-ORDER seat-order, the lowest seat first;
 * table, while a special stable is left the table names the seat that receives next ("De eerste
 * speler die een 5^e stal verdient" / "Le premier joueur qui reçoit une cinquième étable"). */
static void settle_specials(bids_state *st)
{
    while (st->pending5) {
        if (R(st, BIDS_R_SPECIAL_TABLE) && st->specials_given != 3 && popcount(st->pending5) > 1) {
            st->phase = BIDS_PH_SPECIAL;
            st->actor = st->players;              /* GAME_TABLE (game.h) */
            return;
        }
        int p = 0;
        while (!(st->pending5 >> p & 1)) p++;
        if (!receive_fifth(st, p)) return;
    }
    new_round(st);
}

/* BIDS-GAME-END: the seats that win the game when `winners` win the round (by_complete: by having
 * their stables complete, not by the value rule); 0 when the game goes on. */
static unsigned game_winners_of(const bids_state *st, unsigned winners, int by_complete)
{
    unsigned over = 0;
    for (int p = 0; p < st->players; p++) {
        if (!(winners >> p & 1)) continue;
        /* "De speler die als eerste met 5 stallen een ronde wint"; BIDS-AMB-FIVE: owning 5, or
         * reaching 5 with this round's stable. Every such winner of the round wins the game. */
        int stables = st->nstables[p] + (R(st, BIDS_R_REACH_FIVE) ? 1 : 0);
        /* BIDS-AMB-FIVE-WIN complete-win: "Le joueur qui finit le premier une partie en ayant cinq étables":
         * a round is finished by a call of complete stables; a round won on value does not end the game */
        if (stables >= bids_param.goal && (by_complete || !R(st, BIDS_R_FIVE_COMPLETE))) over |= 1u << p;
    }
    /* BIDS-AMB-FIVE-TIE: several such winners of one round all win (shared), or none is "De speler die
     * als eerste" alone and the game goes on (play-on) */
    if (R(st, BIDS_R_FIVE_PLAY_ON) && popcount(over) > 1) over = 0;
    if (R(st, BIDS_R_SHORT)) over = winners;      /* BIDS-VAR-SHORT: "uit 1 ronde" */
    return over;
}

/* BIDS-ROUND-WIN, BIDS-EXTRA-STABLE, BIDS-GAME-END. by_complete: the winners won by having their stables
 * complete (a call, or complete at the end), not by the value rule. */
static void end_round(bids_state *st, unsigned winners, int by_complete)
{
    st->round_winners = (uint8_t)winners;
    unsigned over = game_winners_of(st, winners, by_complete);
    for (int p = 0; p < st->players; p++)
        if ((winners >> p & 1) && st->wins[p] < 255) st->wins[p]++;
    if (over) {
        for (int p = 0; p < st->players; p++)
            if ((winners >> p & 1) && st->nstables[p] < BIDS_STABLES) st->nstables[p]++;
        st->game_winners = (uint8_t)over;
        st->phase = BIDS_PH_OVER;
        st->actor = 0;
        return;
    }
    /* "De winnaar van een ronde ontvangt een extra stal uit de doos" */
    st->pending5 = 0;
    for (int p = 0; p < st->players; p++) {
        if (!(winners >> p & 1) || st->nstables[p] >= BIDS_STABLES) continue;
        st->nstables[p]++;
        if (R(st, BIDS_R_BONUS) && st->nstables[p] == 5) st->pending5 |= (uint8_t)(1u << p);
    }
    settle_specials(st);
}

/* The winners of a round that `mask` ends by a call (BIDS-CALL, BIDS-END-SIMULTANEOUS). */
static unsigned call_winners(const bids_state *st, unsigned mask)
{
    return popcount(mask) == 1 ? mask : best_single(st, mask);
}

/* BIDS-END-VALUE: the seats whose stables are worth the most ("Zijn er meer winnaars, dan krijgt ieder
 * van hen een stal"). */
static unsigned value_winners(const bids_state *st)
{
    unsigned w = 0;
    int best = -1;
    bids_views vw;
    views_of(st, &vw);
    for (int p = 0; p < st->players; p++) {
        int v = seat_value(st, &vw, p);
        if (v > best) { best = v; w = 0; }
        if (v == best) w |= 1u << p;
    }
    return w;
}

/* The round ends by a call of `mask` (BIDS-CALL, BIDS-END-SIMULTANEOUS). */
static void end_by_call(bids_state *st, unsigned mask)
{
    end_round(st, call_winners(st, mask), 1);
}

/* BIDS-END-EXHAUSTED: "alle kaarten van de gedekte stapels zijn omgedraaid en gespeeld"; the winner by
 * BIDS-END-VALUE, or (BIDS-AMB-END-COMPLETE complete-wins) the complete seats as if they had called. */
static void end_exhausted(bids_state *st)
{
    unsigned complete = complete_seats(st);
    if (complete && !R(st, BIDS_R_END_VALUE)) { end_by_call(st, complete); return; }
    end_round(st, value_winners(st), 0);
}

static int trick_done(const bids_state *st)
{
    for (int p = 0; p < st->players; p++) if (st->held[p] != BIDS_NONE) return 0;
    return st->grabbed == (1u << st->players) - 1u;
}

/* After any move at the table's level: the automatic round ends. */
static void after_event(bids_state *st)
{
    st->phase = BIDS_PH_TABLE;
    st->actor = 0;
    if (R(st, BIDS_R_FIRST_COMPLETE)) {           /* BIDS-AMB-FIRST first-complete */
        unsigned complete = complete_seats(st);
        if (complete) { end_by_call(st, complete); return; }
    }
    if (trick_done(st) && st->pile_len[0] == 0) end_exhausted(st);
}

/* ---- Legal moves -------------------------------------------------------------------------- */

static inline game_move mv(uint8_t kind, uint8_t a, uint8_t b)
{
    game_move m = {kind, a, b, 0, 0, 0, 0, 0};
    return m;
}

#define PUSH(m) do { if (k < max) out[k] = (m); k++; } while (0)

static int number_of(int id) { return bids_param.number[bids_type_of(id)]; }

/* Seats that may play now: any holder, or while waiting the holders of the lowest number (BIDS-WAIT-ORDER). */
static int may_play(const bids_state *st, int p)
{
    /* BIDS-GRAB-RACE: "play P<n>" is for a seat holding a card, any of them outside a wait */
    if (st->held[p] == BIDS_NONE) return 0;
    if (!st->waiting) return 1;
    /* BIDS-WAIT-ORDER: while waiting, only the lowest number held */
    for (int q = 0; q < st->players; q++)
        if (st->held[q] != BIDS_NONE && number_of(st->held[q]) < number_of(st->held[p])) return 0;
    return 1;
}

static int table_moves(const bids_state *st, game_move *out, int max)
{
    int k = 0, holders = 0, np = st->players;
    for (int p = 0; p < np; p++) holders += st->held[p] != BIDS_NONE;
    /* BIDS-GRAB-RACE: any seat that has not taken a card may be the next to lay its hand on one */
    for (int p = 0; p < np; p++) if (!(st->grabbed >> p & 1)) PUSH(mv(BIDS_MV_GRAB, (uint8_t)p, 0));
    /* BIDS-PLAY-DIRECT: "mag deze direct spelen. Hij hoeft niet op de anderen te wachten." */
    for (int p = 0; p < np; p++) if (may_play(st, p)) PUSH(mv(BIDS_MV_PLAY, (uint8_t)p, 0));
    /* BIDS-WAIT-ORDER; BIDS-AMB-WAIT: "1 of meer spelers" | "plusieurs joueurs" */
    if (!st->waiting && holders >= (R(st, BIDS_R_WAIT_SEVERAL) ? 2 : 1)) PUSH(mv(BIDS_MV_WAIT, 0, 0));
    /* BIDS-CALL: any non-empty set of seats whose stables are all complete may call at one moment */
    if (!R(st, BIDS_R_FIRST_COMPLETE)) {
        unsigned complete = complete_seats(st);
        for (unsigned m = 1; m < (1u << np); m++) if ((m & complete) == m) PUSH(mv(BIDS_MV_CALL, (uint8_t)m, 0));
    }
    /* BIDS-TRICK-STEPS: "De spelers voeren steeds de volgende 2 stappen uit": the next flip comes
     * once every card of the trick is taken and played */
    if (trick_done(st) && st->pile_len[0] > 0) PUSH(mv(BIDS_MV_FLIP, 0, 0));
    return k;
}

static int play_moves(const bids_state *st, game_move *out, int max)
{
    int k = 0, p = st->actor, id = st->held[p], t = bids_type_of(id), np = st->players;
    bids_views vw, *w = &vw;
    views_of(st, w);
    if (BIDS_ORDINARY(t)) {
        /* BIDS-ANIMAL-OWN: "moet het in één van zijn eigen stallen leggen"; BIDS-ANIMAL-DISCARD */
        for (int s = 0; s < st->nstables[p]; s++)
            if (animal_fits(st, w, t, p, s, -1, 0)) PUSH(mv(BIDS_MV_PLACE, (uint8_t)p, (uint8_t)s));
        if (k == 0) PUSH(mv(BIDS_MV_DISCARD, 0, 0));
    } else if (t == BIDS_ELEPHANT) {
        /* BIDS-ELEPHANT: "moet deze in een lege stal van een andere speler leggen" */
        for (int q = 0; q < np; q++)
            for (int s = 0; q != p && s < st->nstables[q]; s++)
                if (VIEW(w, q, s).n == 0) PUSH(mv(BIDS_MV_PLACE, (uint8_t)q, (uint8_t)s));
        if (k == 0) PUSH(mv(BIDS_MV_DISCARD, 0, 0));
    } else if (t == BIDS_MADCOW || t == BIDS_WILD) {
        /* BIDS-MADCOW / BIDS-WILD: another seat's cow (horse) stable, or one of his own */
        int species = t == BIDS_MADCOW ? BIDS_CATTLE : BIDS_HORSES, others = 0;
        int own_kind = t == BIDS_MADCOW ? R(st, BIDS_R_MADCOW_CATTLE) : R(st, BIDS_R_WILD_HORSES);
        for (int q = 0; q < np; q++)
            for (int s = 0; s < st->nstables[q]; s++) {
                stable_view v = VIEW(w, q, s);
                if (q != p) {
                    if (v.species == species) { PUSH(mv(BIDS_MV_PLACE, (uint8_t)q, (uint8_t)s)); others++; }
                } else if ((own_kind ? v.species == species : (v.n > 0 && !v.elephants)) &&
                           (!R(st, BIDS_R_OWN_BRAWL) || v.brawl)) {
                    /* BIDS-AMB-OWN-PURPOSE brawl-only: "(om zo de bonje in zijn stal op te lossen)" */
                    PUSH(mv(BIDS_MV_PLACE, (uint8_t)q, (uint8_t)s));
                }
            }
        if (!others) PUSH(mv(BIDS_MV_DISCARD, 0, 0));  /* "Heeft geen van de andere spelers een koeienstal" */
    } else {
        /* BIDS-TRUCK: "een dier naar keuze ... naar een andere stal verplaatsen of uit het spel verwijderen" */
        int sources = 0;
        for (int q = 0; q < np; q++)
            for (int s = 0; s < st->nstables[q]; s++) {
                unsigned types = VIEW(w, q, s).types;
                for (int u = 0; u < BIDS_TYPES; u++) {
                    if (!(types >> u & 1)) continue;
                    sources++;
                    for (int q2 = 0; q2 < np; q2++)
                        for (int s2 = 0; s2 < st->nstables[q2]; s2++) {
                            if (q2 == q && s2 == s) continue;
                            /* "olifant naar een lege stal"; BIDS-AMB-TRUCK-ELEPHANT other-seat: "in een lege
                             * stal van een andere speler" binds the truck's player too */
                            int ok = u == BIDS_ELEPHANT ? VIEW(w, q2, s2).n == 0 && !(R(st, BIDS_R_TRUCK_ELEPHANT_OTHER) && q2 == p)
                                   : animal_fits(st, w, u, q2, s2, q2 == q ? s : -1, 1);
                            if (ok) {
                                game_move m = {BIDS_MV_TRUCK, (uint8_t)q, (uint8_t)s, (uint8_t)u, (uint8_t)q2, (uint8_t)s2, 0, 0};
                                PUSH(m);
                            }
                        }
                    game_move o = {BIDS_MV_TRUCK_OUT, (uint8_t)q, (uint8_t)s, (uint8_t)u, 0, 0, 0, 0};
                    PUSH(o);
                }
            }
        /* BIDS-AMB-TRUCK-IDLE: "mag" | "Alle genomen kaarten moeten gespeeld worden" */
        if (!sources || !R(st, BIDS_R_TRUCK_MUST)) PUSH(mv(BIDS_MV_DISCARD, 0, 0));
    }
    return k;
}

/* BIDS-LEGAL-SET: every legal move, in a fixed order (the oracle restates the whole set). */
static int bids_legal_moves(const void *vst, game_move *out, int max)
{
    const bids_state *st = vst;
    int k = 0;
    switch (st->phase) {
    case BIDS_PH_TABLE: k = table_moves(st, out, max); break;
    case BIDS_PH_GRAB: {
        /* BIDS-GRAB-TOUCH: one of the open cards (one move per type: equal cards are alike) */
        unsigned seen = 0;
        for (int id = 0; id < BIDS_CARDS; id++) {
            if (st->loc[id] != BIDS_L_OPEN) continue;
            int t = bids_type_of(id);
            if (seen >> t & 1) continue;
            seen |= 1u << t;
            PUSH(mv(BIDS_MV_TAKE, (uint8_t)id, 0));
        }
        break;
    }
    case BIDS_PH_PLAY: k = play_moves(st, out, max); break;
    case BIDS_PH_SPECIAL:
        /* BIDS-AMB-SPECIAL-ORDER table: the table names the seat that receives its 5th stable next */
        if (st->actor == st->players) {
            for (int p = 0; p < st->players; p++) if (st->pending5 >> p & 1) PUSH(mv(BIDS_MV_GRAB, (uint8_t)p, 0));
            break;
        }
        for (int i = 0; i < 2; i++) if (!(st->specials_given >> i & 1)) PUSH(mv(BIDS_MV_SPECIAL, (uint8_t)i, 0));
        break;
    default: break;
    }
    return k < max ? k : max;
}

/* ---- Apply ------------------------------------------------------------------------------- */

static int lowest_in(const bids_state *st, uint8_t at, int t)
{
    for (int id = 0; id < BIDS_CARDS; id++) if (st->loc[id] == at && bids_type_of(id) == t) return id;
    return -1;
}

static void clear_stable(bids_state *st, int p, int s)
{
    uint8_t at = BIDS_LOC_STABLE(p, s);
    for (int id = 0; id < BIDS_CARDS; id++) if (st->loc[id] == at) st->loc[id] = BIDS_L_OUT;
}

/* Is m one of play_moves' list? Judged directly, by the same conditions (a truck list is long). */
static int play_is_legal(const bids_state *st, const game_move *m)
{
    int p = st->actor, t = bids_type_of(st->held[p]), np = st->players;
    bids_views vw, *w = &vw;
    if (m->f || m->g) return 0;
    if (m->kind == BIDS_MV_PLACE) {
        if (m->c || m->d || m->e || m->a >= np || m->b >= st->nstables[m->a] || t == BIDS_TRUCK) return 0;
    } else if (m->kind == BIDS_MV_DISCARD) {
        if (m->a || m->b || m->c || m->d || m->e) return 0;
    } else if (m->kind == BIDS_MV_TRUCK || m->kind == BIDS_MV_TRUCK_OUT) {
        if (t != BIDS_TRUCK || m->a >= np || m->b >= st->nstables[m->a] || m->c >= BIDS_TYPES) return 0;
        if (m->kind == BIDS_MV_TRUCK_OUT ? (m->d || m->e) : (m->d >= np || m->e >= st->nstables[m->d])) return 0;
    } else return 0;
    views_of(st, w);
    if (m->kind == BIDS_MV_DISCARD) {
        game_move legal[GAME_MAX_MOVES];
        if (t == BIDS_TRUCK) {
            int sources = 0;
            for (int q = 0; q < np; q++) for (int s = 0; s < st->nstables[q]; s++) sources += VIEW(w, q, s).n > 0;
            return !sources || !R(st, BIDS_R_TRUCK_MUST);
        }
        int n = play_moves(st, legal, GAME_MAX_MOVES);
        for (int i = 0; i < n; i++) if (legal[i].kind == BIDS_MV_DISCARD) return 1;
        return 0;
    }
    if (m->kind == BIDS_MV_PLACE) {
        const stable_view *v = &VIEW(w, m->a, m->b);
        if (BIDS_ORDINARY(t)) return m->a == p && animal_fits(st, w, t, p, m->b, -1, 0);
        if (t == BIDS_ELEPHANT) return m->a != p && v->n == 0;
        int species = t == BIDS_MADCOW ? BIDS_CATTLE : BIDS_HORSES;
        int own_kind = t == BIDS_MADCOW ? R(st, BIDS_R_MADCOW_CATTLE) : R(st, BIDS_R_WILD_HORSES);
        if (m->a != p) return v->species == species;
        if (R(st, BIDS_R_OWN_BRAWL) && !v->brawl) return 0;
        return own_kind ? v->species == species : (v->n > 0 && !v->elephants);
    }
    if (!(VIEW(w, m->a, m->b).types >> m->c & 1)) return 0;
    if (m->kind == BIDS_MV_TRUCK_OUT) return 1;
    if (m->d == m->a && m->e == m->b) return 0;
    return m->c == BIDS_ELEPHANT ? VIEW(w, m->d, m->e).n == 0 && !(R(st, BIDS_R_TRUCK_ELEPHANT_OTHER) && m->d == p)
         : animal_fits(st, w, m->c, m->d, m->e, m->d == m->a ? m->b : -1, 1);
}

/* Is m one of the legal moves? The table's, the take and the special choice are judged directly
 * (the same conditions table_moves and bids_legal_moves list); a play against the generated list. */
static int move_is_legal(const bids_state *st, const game_move *m)
{
    int np = st->players;
    switch (st->phase) {
    case BIDS_PH_TABLE: {
        if (m->c || m->d || m->e || m->f || m->g) return 0;
        if (m->kind == BIDS_MV_CALL) {
            if (m->b || m->a == 0 || R(st, BIDS_R_FIRST_COMPLETE) || (m->a >> np)) return 0;
            return (m->a & complete_seats(st)) == m->a;
        }
        if (m->a >= np && (m->kind == BIDS_MV_GRAB || m->kind == BIDS_MV_PLAY)) return 0;
        if (m->b) return 0;
        switch (m->kind) {
        case BIDS_MV_GRAB: return !(st->grabbed >> m->a & 1);
        case BIDS_MV_PLAY: return may_play(st, m->a);
        case BIDS_MV_WAIT: {
            int holders = 0;
            for (int p = 0; p < np; p++) holders += st->held[p] != BIDS_NONE;
            return !m->a && !st->waiting && holders >= (R(st, BIDS_R_WAIT_SEVERAL) ? 2 : 1);
        }
        case BIDS_MV_FLIP: return !m->a && trick_done(st) && st->pile_len[0] > 0;
        default: return 0;
        }
    }
    case BIDS_PH_GRAB:
        if (m->kind != BIDS_MV_TAKE || m->b || m->c || m->d || m->e || m->f || m->g || m->a >= BIDS_CARDS) return 0;
        if (st->loc[m->a] != BIDS_L_OPEN) return 0;
        for (int id = first_id(bids_type_of(m->a)); id < m->a; id++) if (st->loc[id] == BIDS_L_OPEN) return 0;
        return 1;
    case BIDS_PH_SPECIAL:
        if (st->actor == np)   /* BIDS-AMB-SPECIAL-ORDER table */
            return m->kind == BIDS_MV_GRAB && m->a < np && (st->pending5 >> m->a & 1) && !m->b && !m->c && !m->d &&
                   !m->e && !m->f && !m->g;
        return m->kind == BIDS_MV_SPECIAL && m->a < 2 && !(st->specials_given >> m->a & 1) && !m->b && !m->c && !m->d &&
               !m->e && !m->f && !m->g;
    case BIDS_PH_PLAY: return play_is_legal(st, m);
    default: return 0;
    }
}

static int bids_apply(void *vst, const game_move *m)
{
    bids_state *st = vst;
    if (!move_is_legal(st, m)) return GAME_ILLEGAL;
    int p = st->actor;
    switch (m->kind) {
    case BIDS_MV_GRAB:
        /* BIDS-AMB-SPECIAL-ORDER table: seat a receives its 5th stable next (choosing, or given the other) */
        if (st->phase == BIDS_PH_SPECIAL) { if (receive_fifth(st, m->a)) settle_specials(st); return GAME_OK; }
        st->phase = BIDS_PH_GRAB; st->actor = m->a; return GAME_OK;
    case BIDS_MV_PLAY: st->phase = BIDS_PH_PLAY; st->actor = m->a; return GAME_OK;
    case BIDS_MV_WAIT: st->waiting = 1; return GAME_OK;
    case BIDS_MV_CALL: end_by_call(st, m->a); return GAME_OK;
    case BIDS_MV_FLIP: flip(st); return GAME_OK;
    case BIDS_MV_TAKE: {
        int first = st->grabbed == 0;
        /* BIDS-GRAB-TOUCH: "moet deze nemen" */
        st->loc[m->a] = BIDS_L_HELD;
        st->held[p] = m->a;
        st->grabbed |= (uint8_t)(1u << p);
        /* BIDS-GRAB-SLOWEST: "De langzaamste speler moet de laatste open kaart nemen." */
        unsigned left = ((1u << st->players) - 1u) & ~(unsigned)st->grabbed;
        if (popcount(left) == 1) {
            int q = 0;
            while (!(left >> q & 1)) q++;
            for (int id = 0; id < BIDS_CARDS; id++)
                if (st->loc[id] == BIDS_L_OPEN) { st->loc[id] = BIDS_L_HELD; st->held[q] = (uint8_t)id; break; }
            st->grabbed |= (uint8_t)(1u << q);
        }
        after_event(st);
        /* BIDS-AMB-DIRECT must-play: "Le joueur qui pose le premier la main sur une carte peut la jouer
         * directement. Il ne doit pas attendre les autres.": the trick's first taker plays at once */
        if (first && R(st, BIDS_R_MUST_PLAY) && st->phase == BIDS_PH_TABLE && st->held[p] != BIDS_NONE) {
            st->phase = BIDS_PH_PLAY;
            st->actor = (uint8_t)p;
        }
        return GAME_OK;
    }
    case BIDS_MV_PLACE: {
        int id = st->held[p], t = bids_type_of(id);
        st->held[p] = BIDS_NONE;
        st->loc[id] = BIDS_LOC_STABLE(m->a, m->b);
        /* BIDS-MADCOW: "Verwijder alle dieren uit deze stal (inclusief de gekke koe)"; BIDS-WILD likewise */
        if (t == BIDS_MADCOW || t == BIDS_WILD) clear_stable(st, m->a, m->b);
        after_event(st);
        return GAME_OK;
    }
    case BIDS_MV_DISCARD:
        /* BIDS-PLAY-ALL: "Kan een speler een kaart niet spelen, dan verwijdt hij deze uit het spel";
         * BIDS-OUT-FINAL: out stays out until the next deal */
        st->loc[st->held[p]] = BIDS_L_OUT;
        st->held[p] = BIDS_NONE;
        after_event(st);
        return GAME_OK;
    case BIDS_MV_TRUCK:
    case BIDS_MV_TRUCK_OUT: {
        /* BIDS-NO-MOVE: "(**Uitzondering:** transportwagen)": the only move that moves an animal; BIDS-CALL-LATE:
         * a seat it leaves incomplete can no longer call (calls are judged by complete_seats at the time) */
        int id = lowest_in(st, BIDS_LOC_STABLE(m->a, m->b), m->c);
        st->loc[id] = m->kind == BIDS_MV_TRUCK ? BIDS_LOC_STABLE(m->d, m->e) : BIDS_L_OUT;
        st->loc[st->held[p]] = BIDS_L_OUT;
        st->held[p] = BIDS_NONE;
        after_event(st);
        return GAME_OK;
    }
    case BIDS_MV_SPECIAL:
        st->special[p][st->nstables[p] - 1] = (uint8_t)(1 + m->a);
        st->specials_given |= (uint8_t)(1u << m->a);
        st->pending5 &= (uint8_t)~(1u << p);
        settle_specials(st);
        return GAME_OK;
    default: return GAME_ILLEGAL;
    }
}

/* ---- Queries ------------------------------------------------------------------------------ */

static game_config bids_config(const void *vst)
{
    const bids_state *st = vst;
    game_config c = {st->players, st->readings};
    return c;
}

static int bids_to_move(const void *vst)
{
    const bids_state *st = vst;
    if (st->phase == BIDS_PH_OVER) return -1;
    return st->phase == BIDS_PH_TABLE ? st->players : st->actor;   /* the table: GAME_TABLE (game.h) */
}

/* Scores: stables owned at the end; winners: BIDS-GAME-END. One score per seat that plays, a result
 * only when the game is over (game.h's contract: GEN-TERMINAL). */
static int bids_result(const void *vst, int *scores, unsigned *winners)
{
    const bids_state *st = vst;
    if (st->phase != BIDS_PH_OVER) return GAME_ILLEGAL;
    for (int p = 0; p < st->players; p++) scores[p] = st->nstables[p];
    *winners = st->game_winners;
    return GAME_OK;
}

/* The scores so far (game.h's score_now): the round ended now, each seat's stables plus the one a
 * round's winner gets (BIDS-EXTRA-STABLE, at most 5), the winners of the round those whose stables
 * are all complete, as by their call (BIDS-CALL, BIDS-END-SIMULTANEOUS), else those of the value rule
 * (BIDS-END-VALUE); the winners named are those the game-end rule would name (BIDS-GAME-END), or when
 * it names none the winners of the round as it stands. While a special stable is chosen (BIDS-VAR-BONUS)
 * the round is over and its stables given: the stables owned and that round's winners. Equals result
 * once the game is over. */
static int bids_score_now(const void *vst, int *scores, unsigned *winners)
{
    const bids_state *st = vst;
    if (st->phase == BIDS_PH_OVER) return bids_result(st, scores, winners);
    if (st->phase == BIDS_PH_SPECIAL) {
        for (int p = 0; p < st->players; p++) scores[p] = st->nstables[p];
        *winners = st->round_winners;
        return GAME_OK;
    }
    unsigned complete = complete_seats(st);
    unsigned w = complete ? call_winners(st, complete) : value_winners(st);
    unsigned over = game_winners_of(st, w, complete != 0);
    for (int p = 0; p < st->players; p++)
        scores[p] = st->nstables[p] + ((w >> p & 1) && st->nstables[p] < BIDS_STABLES);
    *winners = over ? over : w;
    return GAME_OK;
}

/* Re-deal the face-down piles (game.h's determinize), the only cards no seat and not the table sees
 * (BIDS-SETUP-DEAL: "als een gedekte stapel"): the pile cards shuffled and dealt back, each pile
 * keeping its height; which cards lie in the piles shows (`loc`), so any pile card may lie in any
 * pile at any height. The generator of the next round's shuffle gets a fresh value. Every seat and
 * the table see the same, so `viewer` does not matter. (GEN-HIDDEN-INFO) */
static void bids_determinize(void *vst, int viewer, uint64_t *rng)
{
    bids_state *st = vst;
    uint8_t pool[BIDS_MAXP * BIDS_PILE_MAX];
    int n = 0, k = 0;
    (void)viewer;
    if (st->players > BIDS_MAXP) return;
    for (int p = 0; p < st->players; p++)
        for (int i = 0; i < st->pile_len[p] && i < BIDS_PILE_MAX; i++) pool[n++] = st->pile[p][i];
    for (int i = n - 1; i > 0; i--) {
        int j = (int)game_rng_below(rng, (uint32_t)(i + 1));
        uint8_t x = pool[i]; pool[i] = pool[j]; pool[j] = x;
    }
    for (int p = 0; p < st->players; p++)
        for (int i = 0; i < st->pile_len[p] && i < BIDS_PILE_MAX; i++) st->pile[p][i] = pool[k++];
    st->rng = game_rng_next(rng);
}

/* The face-down piles and the generator of later shuffles are hidden from every seat (and the table):
 * the pile cards are dealt back in ascending id order, pile sizes kept; the generator becomes 0. */
static void bids_redact(void *vst, int viewer)
{
    bids_state *st = vst;
    (void)viewer;
    uint8_t pool[BIDS_CARDS];
    int n = 0;
    for (int id = 0; id < BIDS_CARDS; id++) if (st->loc[id] == BIDS_L_PILE) pool[n++] = (uint8_t)id;
    int k = 0;
    for (int p = 0; p < st->players; p++)
        for (int i = 0; i < st->pile_len[p]; i++) st->pile[p][i] = pool[k++];
    st->rng = 0;
}

static int bids_same_play(const void *va, const void *vb)
{
    bids_state a, b;
    memcpy(&a, va, sizeof a);
    memcpy(&b, vb, sizeof b);
    a.readings = b.readings = 0;
    return memcmp(&a, &b, sizeof a) == 0;
}

/* ---- Notation ---------------------------------------------------------------------------- */

static void card_name(int id, char *b, size_t n)
{
    int t = bids_type_of(id), k = id - first_id(t) + 1;
    size_t l = strlen(bids_type_name[t]);
    if (n < l + 3) { if (n) b[0] = 0; return; }
    memcpy(b, bids_type_name[t], l);
    if (k >= 10) b[l++] = (char)('0' + k / 10);
    b[l++] = (char)('0' + k % 10);
    b[l] = 0;
}

static int type_parse(const char **s)
{
    /* no name is a prefix of another, so the first full match is the only one */
    for (int t = 0; t < BIDS_TYPES; t++) {
        const char *n = bids_type_name[t], *p = *s;
        if (*n != *p) continue;
        while (*n && *n == *p) { n++; p++; }
        if (!*n) { *s = p; return t; }
    }
    return -1;
}

/* "hen3" into an id, or -1. */
static int card_parse(const char **s)
{
    const char *p = *s;
    int t = type_parse(&p);
    if (t < 0 || *p < '1' || *p > '9') return -1;
    int k = 0;
    while (*p >= '0' && *p <= '9' && k < 100) k = k * 10 + (*p++ - '0');
    if (k < 1 || k > bids_param.count[t]) return -1;
    *s = p;
    return first_id(t) + k - 1;
}

static int bids_move_print(const void *vst, const game_move *m, char *buf, size_t n)
{
    (void)vst;
    int len = -1;
    char mask[32] = "";
    switch (m->kind) {
    case BIDS_MV_GRAB: if (m->a < BIDS_MAXP) len = snprintf(buf, n, "grab P%d", m->a + 1); break;
    case BIDS_MV_PLAY: if (m->a < BIDS_MAXP) len = snprintf(buf, n, "play P%d", m->a + 1); break;
    case BIDS_MV_WAIT: len = snprintf(buf, n, "wait"); break;
    case BIDS_MV_FLIP: len = snprintf(buf, n, "flip"); break;
    case BIDS_MV_CALL:
        if (m->a == 0 || m->a >= 1u << BIDS_MAXP) break;
        for (int p = 0; p < BIDS_MAXP; p++)
            if (m->a >> p & 1) { size_t l = strlen(mask); snprintf(mask + l, sizeof mask - l, "%sP%d", l ? "+" : "", p + 1); }
        len = snprintf(buf, n, "call %s", mask);
        break;
    case BIDS_MV_TAKE:
        if (m->a < BIDS_CARDS) len = snprintf(buf, n, "take %s", bids_type_name[bids_type_of(m->a)]);
        break;
    case BIDS_MV_PLACE:
        if (m->a < BIDS_MAXP && m->b < BIDS_STABLES) len = snprintf(buf, n, "place P%d.%d", m->a + 1, m->b + 1);
        break;
    case BIDS_MV_DISCARD: len = snprintf(buf, n, "discard"); break;
    case BIDS_MV_TRUCK:
        if (m->a < BIDS_MAXP && m->b < BIDS_STABLES && m->c < BIDS_TYPES && m->d < BIDS_MAXP && m->e < BIDS_STABLES)
            len = snprintf(buf, n, "truck P%d.%d %s P%d.%d", m->a + 1, m->b + 1, bids_type_name[m->c], m->d + 1, m->e + 1);
        break;
    case BIDS_MV_TRUCK_OUT:
        if (m->a < BIDS_MAXP && m->b < BIDS_STABLES && m->c < BIDS_TYPES)
            len = snprintf(buf, n, "truck P%d.%d %s out", m->a + 1, m->b + 1, bids_type_name[m->c]);
        break;
    case BIDS_MV_SPECIAL: if (m->a < 2) len = snprintf(buf, n, "special %d", m->a + 1); break;
    default: break;
    }
    return (len < 0 || (size_t)len >= n) ? -1 : len;
}

/* "P<n>" (1-based seat) or -1. */
static int seat_parse(const char **s)
{
    const char *p = *s;
    if (p[0] != 'P' || p[1] < '1' || p[1] > '0' + BIDS_MAXP) return -1;
    *s = p + 2;
    return p[1] - '1';
}

/* "P<n>.<s>" */
static int place_parse(const char **s, int *seat, int *stable)
{
    const char *p = *s;
    *seat = seat_parse(&p);
    if (*seat < 0 || p[0] != '.' || p[1] < '1' || p[1] > '0' + BIDS_STABLES) return -1;
    *stable = p[1] - '1';
    *s = p + 2;
    return 0;
}

static int bids_move_parse(const void *vst, const char *s, game_move *out)
{
    const bids_state *st = vst;
    memset(out, 0, sizeof *out);
    int a, b, c, d;
    if (!strcmp(s, "wait")) { out->kind = BIDS_MV_WAIT; return GAME_OK; }
    if (!strcmp(s, "flip")) { out->kind = BIDS_MV_FLIP; return GAME_OK; }
    if (!strcmp(s, "discard")) { out->kind = BIDS_MV_DISCARD; return GAME_OK; }
    if (!strncmp(s, "grab ", 5) || !strncmp(s, "play ", 5)) {
        const char *p = s + 5;
        if ((a = seat_parse(&p)) < 0 || *p) return GAME_BADARG;
        out->kind = s[0] == 'g' ? BIDS_MV_GRAB : BIDS_MV_PLAY; out->a = (uint8_t)a; return GAME_OK;
    }
    if (!strncmp(s, "call ", 5)) {
        const char *p = s + 5;
        unsigned mask = 0;
        for (;;) {
            if ((a = seat_parse(&p)) < 0 || (mask >> a & 1)) return GAME_BADARG;
            mask |= 1u << a;
            if (!*p) break;
            if (*p++ != '+') return GAME_BADARG;
        }
        out->kind = BIDS_MV_CALL; out->a = (uint8_t)mask; return GAME_OK;
    }
    if (!strncmp(s, "take ", 5)) {
        const char *p = s + 5;
        int t = type_parse(&p);
        if (t < 0 || *p) return GAME_BADARG;
        int id = lowest_in(st, BIDS_L_OPEN, t);
        out->kind = BIDS_MV_TAKE; out->a = (uint8_t)(id < 0 ? first_id(t) : id); return GAME_OK;
    }
    if (!strncmp(s, "place ", 6)) {
        const char *p = s + 6;
        if (place_parse(&p, &a, &b) || *p) return GAME_BADARG;
        out->kind = BIDS_MV_PLACE; out->a = (uint8_t)a; out->b = (uint8_t)b; return GAME_OK;
    }
    if (!strncmp(s, "truck ", 6)) {
        const char *p = s + 6;
        if (place_parse(&p, &a, &b) || *p++ != ' ') return GAME_BADARG;
        int t = type_parse(&p);
        if (t < 0 || *p++ != ' ') return GAME_BADARG;
        if (!strcmp(p, "out")) {
            out->kind = BIDS_MV_TRUCK_OUT; out->a = (uint8_t)a; out->b = (uint8_t)b; out->c = (uint8_t)t; return GAME_OK;
        }
        if (place_parse(&p, &c, &d) || *p) return GAME_BADARG;
        out->kind = BIDS_MV_TRUCK; out->a = (uint8_t)a; out->b = (uint8_t)b; out->c = (uint8_t)t;
        out->d = (uint8_t)c; out->e = (uint8_t)d;
        return GAME_OK;
    }
    if (!strcmp(s, "special 1") || !strcmp(s, "special 2")) {
        out->kind = BIDS_MV_SPECIAL; out->a = (uint8_t)(s[8] - '1'); return GAME_OK;
    }
    return GAME_BADARG;
}

/* ---- Position text ------------------------------------------------------------------------ */

static const char *const bids_phase_name[] = {"table", "grab", "play", "special", "over"};
static const char *const bids_field_name[] = {
    "piles", "open", "held", "stables", "out", "box", "phase", "actor", "waiting", "round", "grabbed",
    "won", "winners", "pending", "specials", "wins", "rng",
};
enum { F_PILES, F_OPEN, F_HELD, F_STABLES, F_OUT, F_BOX, F_PHASE, F_ACTOR, F_WAITING, F_ROUND, F_GRABBED,
       F_WON, F_WINNERS, F_PENDING, F_SPECIALS, F_WINS, F_RNG, F_N };

static void put_card(game_out *o, int id) { char b[16]; card_name(id, b, sizeof b); game_put(o, b); }

/* The cards by place, ascending ids within a place, from one pass (a counting sort over loc). */
#define BIDS_NLOC (BIDS_L_STABLE + BIDS_MAXP * BIDS_STABLES)
typedef struct bids_places { uint8_t start[BIDS_NLOC + 1]; uint8_t id[BIDS_CARDS]; } bids_places;

static void places_of(const bids_state *st, bids_places *pl)
{
    uint8_t cnt[BIDS_NLOC] = {0};
    for (int id = 0; id < BIDS_CARDS; id++) if (st->loc[id] < BIDS_NLOC) cnt[st->loc[id]]++;
    pl->start[0] = 0;
    for (int l = 0; l < BIDS_NLOC; l++) pl->start[l + 1] = (uint8_t)(pl->start[l] + cnt[l]);
    uint8_t at[BIDS_NLOC];
    memcpy(at, pl->start, sizeof at);
    for (int id = 0; id < BIDS_CARDS; id++) if (st->loc[id] < BIDS_NLOC) pl->id[at[st->loc[id]]++] = (uint8_t)id;
}

static void put_place(game_out *o, const bids_places *pl, uint8_t at)
{
    for (int i = pl->start[at]; i < pl->start[at + 1]; i++) { if (i > pl->start[at]) game_put(o, ","); put_card(o, pl->id[i]); }
    if (pl->start[at] == pl->start[at + 1]) game_put(o, "-");
}

static void put_where(game_out *o, const bids_state *st, uint8_t at)
{
    bids_places pl;
    places_of(st, &pl);
    put_place(o, &pl, at);
}

static int bids_position_print(const void *vst, char *buf, size_t n)
{
    const bids_state *st = vst;
    game_out o = {buf, n, 0, 0};
    bids_places pl;
    places_of(st, &pl);
    if (n) buf[0] = 0;
    game_put(&o, "piles=");
    for (int p = 0; p < st->players; p++) {
        if (p) game_put(&o, "|");
        for (int i = st->pile_len[p] - 1; i >= 0; i--) { put_card(&o, st->pile[p][i]); if (i) game_put(&o, ","); }
        if (!st->pile_len[p]) game_put(&o, "-");
    }
    game_put(&o, ";open="); put_place(&o, &pl, BIDS_L_OPEN);
    game_put(&o, ";held=");
    for (int p = 0; p < st->players; p++) {
        if (p) game_put(&o, "|");
        if (st->held[p] == BIDS_NONE) game_put(&o, "-"); else put_card(&o, st->held[p]);
    }
    game_put(&o, ";stables=");
    for (int p = 0; p < st->players; p++) {
        if (p) game_put(&o, "|");
        for (int s = 0; s < st->nstables[p]; s++) {
            if (s) game_put(&o, "/");
            if (st->special[p][s]) { game_put(&o, "*"); game_put_int(&o, st->special[p][s]); game_put(&o, ":"); }
            put_place(&o, &pl, BIDS_LOC_STABLE(p, s));
        }
    }
    game_put(&o, ";out="); put_place(&o, &pl, BIDS_L_OUT);
    game_put(&o, ";box="); put_place(&o, &pl, BIDS_L_BOX);
    game_put(&o, ";phase="); game_put(&o, bids_phase_name[st->phase]);
    game_put(&o, ";actor=");
    if (st->phase == BIDS_PH_SPECIAL && st->actor == st->players) game_put(&o, "T");   /* BIDS-AMB-SPECIAL-ORDER table */
    else game_put_int(&o, st->actor + 1);
    game_put(&o, ";waiting="); game_put_int(&o, st->waiting);
    game_put(&o, ";round="); game_put_int(&o, st->round);
    game_put(&o, ";grabbed="); game_put_int(&o, st->grabbed);
    game_put(&o, ";won="); game_put_int(&o, st->round_winners);
    game_put(&o, ";winners="); game_put_int(&o, st->game_winners);
    game_put(&o, ";pending="); game_put_int(&o, st->pending5);
    game_put(&o, ";specials="); game_put_int(&o, st->specials_given);
    game_put(&o, ";wins=");
    for (int p = 0; p < st->players; p++) { if (p) game_put(&o, ","); game_put_int(&o, st->wins[p]); }
    char r[32];
    snprintf(r, sizeof r, "%llu", (unsigned long long)st->rng);
    game_put(&o, ";rng="); game_put(&o, r);
    return o.bad ? -1 : (int)o.len;
}

#define PFAIL(...) do { snprintf(err, errlen, __VA_ARGS__); return GAME_BADARG; } while (0)

/* A comma list of cards ("-": none) into ids; returns the count or -1. */
static int card_list(const char *s, uint8_t *out, int max)
{
    if (!strcmp(s, "-")) return 0;
    int k = 0;
    for (;;) {
        int id = card_parse(&s);
        if (id < 0 || k >= max) return -1;
        out[k++] = (uint8_t)id;
        if (!*s) return k;
        if (*s++ != ',') return -1;
    }
}

static int small_int(const char *s, long lo, long hi, long *v)
{
    char *e;
    if (*s < '0' || *s > '9') return -1;
    long x = strtol(s, &e, 10);
    if (e == s || *e || x < lo || x > hi) return -1;
    *v = x;
    return 0;
}

/* Split s in place at `sep` into at most max parts; returns the count or -1 when there are more. */
static int split(char *s, char sep, char **part, int max)
{
    int k = 0;
    part[k++] = s;
    for (; *s; s++)
        if (*s == sep) { *s = 0; if (k >= max) return -1; part[k++] = s + 1; }
    return k;
}

static const char *const bids_species_name[BIDS_SPECIES] = {"horses", "cattle", "pigs", "sheep", "chickens"};
static const char *const bids_species_adj[BIDS_SPECIES] = {"horse", "cattle", "pig", "sheep", "chicken"};
/* Card types as people name them. */
static const char *const bids_type_word[BIDS_TYPES] = {
    "stallion", "mare", "bull", "cow", "boar", "sow", "ram", "ewe", "rooster", "hen",
    "elephant", "mad cow", "wild stallion", "truck",
};

/* The lowest card id in place `at` of type t, or of any type matching `mask` (bit per type); -1 if none. */
static int card_in(const bids_state *st, uint8_t at, unsigned mask)
{
    for (int id = 0; id < BIDS_CARDS; id++) if (st->loc[id] == at && (mask >> bids_type_of(id) & 1)) return id;
    return -1;
}

/* The rest of a loaded position's check: what every position a game reaches keeps, beyond the card
 * counts and the fields' ranges (issue 21). GAME_OK, or GAME_BADARG with one line naming the field
 * and its value. Not refused, because games reach them: a stable of females only beside another
 * stable of their species (a truck takes the male out, BIDS-TRUCK; or the female came first, when
 * the seat had no other stable of its kind), waiting in phase grab or play (the table lets seats
 * grab and play while they wait), cards "out" that the rules would keep in the box (hand-made
 * positions name every unused card out). */
static int bids_reachable(const bids_state *st, char *err, size_t errlen)
{
    int np = st->players, ph = st->phase;
    char a[16], b[16];
    bids_views vw, *w = &vw;
    views_of(st, w);
    for (int p = 0; p < np; p++)
        for (int s = 0; s < st->nstables[p]; s++) {
            uint8_t at = BIDS_LOC_STABLE(p, s);
            const stable_view *v = &VIEW(w, p, s);
            unsigned species = 0;
            for (int sp = 0; sp < BIDS_SPECIES; sp++) if (v->types >> (2 * sp) & 3u) species |= 1u << sp;
            if (!(v->types & (1u << BIDS_MADCOW | 1u << BIDS_WILD | 1u << BIDS_TRUCK)) && (!v->elephants || v->n == 1) &&
                !(species & (species - 1)))
                continue;                            /* the usual case, judged from the view alone */
            /* BIDS-MADCOW, BIDS-WILD: "Verwijder alle dieren uit deze stal (inclusief de gekke koe)";
             * BIDS-TRUCK: the truck moves an animal and leaves the game */
            int odd = card_in(st, at, 1u << BIDS_MADCOW | 1u << BIDS_WILD | 1u << BIDS_TRUCK);
            if (odd >= 0) {
                card_name(odd, a, sizeof a);
                PFAIL("position: 'stables': P%d.%d holds %s, but a %s never stays in a stable (BIDS-MADCOW, BIDS-WILD, BIDS-TRUCK)", p + 1, s + 1, a,
                      bids_type_word[bids_type_of(odd)]);
            }
            /* BIDS-ELEPHANT: "Een stal met een olifant is vol" (it goes only into an empty stable) */
            if (v->elephants && v->n > 1) {
                int e = card_in(st, at, 1u << BIDS_ELEPHANT), o = -1;
                for (int id = 0; id < BIDS_CARDS && o < 0; id++) if (st->loc[id] == at && id != e) o = id;
                card_name(e, a, sizeof a);
                card_name(o, b, sizeof b);
                PFAIL("position: 'stables': P%d.%d holds %s and %s, but a stable with an elephant is full (BIDS-ELEPHANT)", p + 1, s + 1, a, b);
            }
            /* BIDS-STABLE-ONE-SPECIES: "In een stal passen uitsluitend dieren van 1 soort." */
            int first = -1;
            for (int sp = 0; sp < BIDS_SPECIES; sp++) {
                if (!(species >> sp & 1)) continue;
                if (first < 0) { first = sp; continue; }
                card_name(card_in(st, at, 3u << (2 * first)), a, sizeof a);
                card_name(card_in(st, at, 3u << (2 * sp)), b, sizeof b);
                PFAIL("position: 'stables': P%d.%d holds %s and %s: one species per stable (BIDS-STABLE-ONE-SPECIES)", p + 1, s + 1, a, b);
            }
        }
    /* BIDS-VAR-BONUS: the first seat to earn a 5th stable chooses a special one, the second gets the other */
    unsigned marks = 0;
    for (int p = 0; p < np; p++)
        for (int s = 0; s < st->nstables[p]; s++) {
            int k = st->special[p][s];
            if (!k) continue;
            if (!R(st, BIDS_R_BONUS)) PFAIL("position: 'stables': P%d.%d is special stable %d, but bonus=off (BIDS-VAR-BONUS)", p + 1, s + 1, k);
            if (s != BIDS_STABLES - 1) PFAIL("position: 'stables': P%d.%d is special stable %d, but only a 5th stable is one (BIDS-VAR-BONUS)", p + 1, s + 1, k);
            if (marks >> (k - 1) & 1) PFAIL("position: 'stables': special stable %d is given twice (BIDS-VAR-BONUS)", k);
            marks |= 1u << (k - 1);
        }
    if (marks != st->specials_given)
        PFAIL("position: 'specials' is %d, but the special stables in 'stables' make %u (BIDS-VAR-BONUS)", st->specials_given, marks);
    /* BIDS-SETUP-STABLES "3 stallen"; BIDS-EXTRA-STABLE "De winnaar van een ronde ontvangt een extra stal" (of 5 at most) */
    for (int p = 0; p < np; p++) {
        int want = BIDS_START_STABLES + st->wins[p] < BIDS_STABLES ? BIDS_START_STABLES + st->wins[p] : BIDS_STABLES;
        if (st->nstables[p] != want)
            PFAIL("position: 'wins': P%d won %d round(s), so it owns %d stables, not %d as in 'stables' (BIDS-SETUP-STABLES, BIDS-EXTRA-STABLE)", p + 1, st->wins[p], want, st->nstables[p]);
    }
    /* BIDS-END-VALUE, BIDS-END-SIMULTANEOUS: every finished round has a winner ("Zijn er meer winnaars"); the
     * rounds finished are those started but the current one, which is over in phases special and over */
    /* 'round' stops at 255, so there at least the rounds 'done' counts are finished, maybe more: a seat
     * may have won more of them; 'wins' stops at 255 too, so a sum short of 'done' is never reachable */
    int done = st->round - (ph == BIDS_PH_SPECIAL || ph == BIDS_PH_OVER ? 0 : 1), sum = 0;
    for (int p = 0; p < np; p++) sum += st->wins[p];
    if (st->round < 255)
        for (int p = 0; p < np; p++)
            if (st->wins[p] > done)
                PFAIL("position: 'wins': P%d won %d rounds, but %d are finished ('round' %d, phase %s) (BIDS-END-SIMULTANEOUS, BIDS-END-VALUE)", p + 1, st->wins[p], done, st->round, bids_phase_name[ph]);
    if (sum < done)
        PFAIL("position: 'wins' adds up to %d, but %d rounds are finished ('round' %d, phase %s) and each has a winner (BIDS-END-SIMULTANEOUS, BIDS-END-VALUE)", sum, done, st->round, bids_phase_name[ph]);
    if (!done && st->round_winners) PFAIL("position: 'won' is %d, but no round is finished yet ('round' %d) (BIDS-END-SIMULTANEOUS, BIDS-END-VALUE)", st->round_winners, st->round);
    if (done && !st->round_winners) PFAIL("position: 'won' is 0, but round %d is finished and had a winner (BIDS-END-SIMULTANEOUS, BIDS-END-VALUE)", done);
    for (int p = 0; p < np; p++)
        if ((st->round_winners >> p & 1) && !st->wins[p]) PFAIL("position: 'won' names P%d, but 'wins' says it won no round (BIDS-END-SIMULTANEOUS, BIDS-END-VALUE)", p + 1);
    /* BIDS-GAME-END: the game's winners won its last round with 5 stables; BIDS-VAR-SHORT: one round */
    if (R(st, BIDS_R_SHORT) && st->round != 1) PFAIL("position: 'round' is %d, but short=on plays one round (BIDS-GAME-END, BIDS-VAR-SHORT)", st->round);
    if (st->game_winners & ~st->round_winners)
        PFAIL("position: 'winners' %d are not all among the last round's winners ('won' %d) (BIDS-GAME-END, BIDS-VAR-SHORT)", st->game_winners, st->round_winners);
    for (int p = 0; p < np; p++)
        if ((st->game_winners >> p & 1) && !R(st, BIDS_R_SHORT) && st->nstables[p] != bids_param.goal)
            PFAIL("position: 'winners' names P%d, who owns %d stables: the game is won with %d (BIDS-GAME-END, BIDS-VAR-SHORT)", p + 1, st->nstables[p], bids_param.goal);
    /* BIDS-AMB-FIVE-TIE play-on: the game is won by one seat alone */
    if (R(st, BIDS_R_FIVE_PLAY_ON) && !R(st, BIDS_R_SHORT) && popcount(st->game_winners) > 1)
        PFAIL("position: 'winners' %d names several seats, but under five-tie=play-on one seat alone wins the game (BIDS-GAME-END, BIDS-AMB-FIVE-TIE)", st->game_winners);
    /* BIDS-WAIT-ORDER; BIDS-AMB-WAIT: the players wait once one (several) of them holds a card, until the next flip */
    int need = R(st, BIDS_R_WAIT_SEVERAL) ? 2 : 1;
    if (st->waiting && (int)popcount(st->grabbed) < need)
        PFAIL("position: 'waiting' is 1, but 'grabbed' %d: the players wait only once %s a card (BIDS-WAIT-ORDER)", st->grabbed,
              need == 2 ? "several of them (wait=several) have taken" : "one of them has taken");
    if (ph == BIDS_PH_PLAY && st->waiting) {
        int mine = number_of(st->held[st->actor]);
        for (int q = 0; q < np; q++)
            if (st->held[q] != BIDS_NONE && number_of(st->held[q]) < mine) {
                card_name(st->held[q], a, sizeof a);
                card_name(st->held[st->actor], b, sizeof b);
                PFAIL("position: phase play for 'actor' P%d while waiting, but P%d's %s is numbered lower than its %s (BIDS-WAIT-ORDER)", st->actor + 1, q + 1, a, b);
            }
    }
    /* BIDS-VAR-BONUS: "De eerste speler die een 5^e stal verdient, kiest": the pending seats won the round
     * and own 5 stables; the first of them chooses */
    if (ph == BIDS_PH_SPECIAL) {
        if (!R(st, BIDS_R_BONUS)) PFAIL("position: phase special, but bonus=off (BIDS-VAR-BONUS)");
        for (int p = 0; p < np; p++)
            if ((st->pending5 >> p & 1) && (st->nstables[p] != BIDS_STABLES || !(st->round_winners >> p & 1)))
                PFAIL("position: 'pending' names P%d, which owns %d stables and %s the last round (BIDS-VAR-BONUS)", p + 1, st->nstables[p],
                      st->round_winners >> p & 1 ? "won" : "did not win");
        /* BIDS-AMB-SPECIAL-ORDER seat-order: the lowest seat first; table: any seat the table named */
        if (!R(st, BIDS_R_SPECIAL_TABLE) && st->actor < np && (st->pending5 & ((1u << st->actor) - 1u))) PFAIL("position: 'actor' P%d chooses, but a lower seat in 'pending' %d comes first (BIDS-VAR-BONUS)", st->actor + 1, st->pending5);
    }
    /* BIDS-AMB-FIRST first-complete: the round ends the moment a seat's stables are all complete */
    if (R(st, BIDS_R_FIRST_COMPLETE) && ph != BIDS_PH_SPECIAL && ph != BIDS_PH_OVER) {
        unsigned c = complete_seats(st);
        for (int p = 0; p < np; p++)
            if (c >> p & 1) PFAIL("position: 'stables': P%d's stables are all complete in phase %s, but first=first-complete has ended that round", p + 1, bids_phase_name[ph]);
    }
    return GAME_OK;
}

/* ---- Partial positions (SPEC.md, "Position fields (Bonje in de Stal)"): rest=pile|box ------------- */

/* The fields of a partial position: the position's own, then rest. Its rng is the record's [Seed]
 * in hex (records/record.c appends it); the completed position's rng is the generator after the deal. */
static const char *const bids_partial_name[] = {
    "piles", "open", "held", "stables", "out", "box", "phase", "actor", "waiting", "round", "grabbed",
    "won", "winners", "pending", "specials", "wins", "rng", "rest",
};
enum { B_REST = F_N, B_N };

/* Read a list of field f ("-": none) into out: card ids, and -1 for '?' where allow_q; every card
 * named is noted in where[] (-1: not yet), and a card named twice is refused. The count, or
 * GAME_BADARG with a one-line reason. */
static int bids_plist(const char *s, int f, int allow_q, int *out, int max, int *where, char *err, size_t errlen)
{
    if (!strcmp(s, "-")) return 0;
    int k = 0;
    for (;;) {
        int id = -1;
        if (*s == '?' && (s[1] == ',' || !s[1])) {
            if (!allow_q) PFAIL("position: '?' may stand only in 'piles', 'open' and 'held', not in '%s'", bids_partial_name[f]);
            s++;
        } else {
            const char *t = s;
            id = card_parse(&s);
            if (id < 0 || (*s && *s != ',')) {
                size_t tl = strcspn(t, ",|/");
                PFAIL("position: '%.*s' in '%s' is no card (cards such as hen3%s)", (int)(tl > 16 ? 16 : tl), t, bids_partial_name[f],
                      allow_q ? ", or '?'" : "");
            }
            if (where[id] >= 0) {
                char nm[16];
                card_name(id, nm, sizeof nm);
                PFAIL("position: card %s is named twice (in '%s' and '%s')", nm, bids_partial_name[where[id]], bids_partial_name[f]);
            }
            where[id] = f;
        }
        if (k >= max) PFAIL("position: '%s' holds more than %d cards", bids_partial_name[f], max);
        out[k++] = id;
        if (!*s) return k;
        s++;
    }
}

/* Complete a partial position (it has rest=pile or rest=box) into the full one in out. With 2 or 3
 * players the unnamed cards with the 2-3 player symbol go to the box (as at setup); the other
 * unnamed cards are shuffled by rng (the record's [Seed]) and dealt to the '?' places of 'piles' (seat
 * by seat, top first), 'open' and 'held'; what is left goes under the piles, one card at a time in
 * seat order to every pile shorter than the rest make possible, so that they end equal, the cards that
 * do not divide to the box (rest=pile, as a deal), or all to the box (rest=box). Missing fields
 * take the values of a fresh trick (SPEC.md). GAME_OK, or GAME_BADARG with a one-line reason. */
static int bids_complete(const game_config *cfg, const char *text, char *out, size_t outn, char *err, size_t errlen)
{
    char buf[GAME_TEXT_MAX], *val[B_N], *part[8], *sub[8];
    int np = cfg->players, rest_box, where[BIDS_CARDS];
    long v;
    if (strlen(text) >= sizeof buf) PFAIL("position: too long");
    strcpy(buf, text);
    if (game_fields_split(buf, bids_partial_name, B_N, val, err, errlen)) return GAME_BADARG;
    uint64_t rng;
    if (game_partial_head(val[B_REST], val[F_RNG], &rest_box, &rng, err, errlen)) return GAME_BADARG;
    for (int id = 0; id < BIDS_CARDS; id++) where[id] = -1;
    /* the numbers the defaults follow: rounds won, cards held, seats that took a card, the phase */
    int wins[BIDS_MAXP] = {0}, sumwins = 0, ph = BIDS_PH_TABLE;
    if (val[F_WINS]) {
        char w[64];
        snprintf(w, sizeof w, "%s", val[F_WINS]);
        if (split(w, ',', part, 8) == np)
            for (int p = 0; p < np; p++) if (!small_int(part[p], 0, 255, &v)) { wins[p] = (int)v; sumwins += (int)v; }
    }
    if (val[F_PHASE]) for (int i = 0; i < 5; i++) if (!strcmp(val[F_PHASE], bids_phase_name[i])) ph = i;
    int running = ph == BIDS_PH_TABLE || ph == BIDS_PH_GRAB || ph == BIDS_PH_PLAY;
    /* piles, open, held: '?' to deal */
    int pile[BIDS_MAXP][BIDS_CARDS];
    int plen[BIDS_MAXP] = {0}, open[BIDS_CARDS], nopen, held[BIDS_MAXP], q = 0;
    unsigned holding = 0;
    if (val[F_PILES]) {
        if (split(val[F_PILES], '|', part, 8) != np) PFAIL("position: 'piles' needs one entry per player");
        for (int p = 0; p < np; p++) {
            plen[p] = bids_plist(part[p], F_PILES, 1, pile[p], BIDS_PILE_MAX, where, err, errlen);
            if (plen[p] < 0) return GAME_BADARG;
            for (int i = 0; i < plen[p]; i++) q += pile[p][i] < 0;
        }
    }
    for (int p = 0; p < np; p++) held[p] = BIDS_NONE;
    if (val[F_HELD]) {
        if (split(val[F_HELD], '|', part, 8) != np) PFAIL("position: 'held' needs one entry per player");
        for (int p = 0; p < np; p++) {
            int one[2];
            int k = bids_plist(part[p], F_HELD, 1, one, 1, where, err, errlen);
            if (k < 0) return GAME_BADARG;
            if (k) { held[p] = one[0]; holding |= 1u << p; q += one[0] < 0; }
        }
    }
    unsigned grabbed = holding;
    if (val[F_GRABBED] && !small_int(val[F_GRABBED], 0, (1L << np) - 1, &v)) grabbed = (unsigned)v;
    if (val[F_OPEN]) {
        nopen = bids_plist(val[F_OPEN], F_OPEN, 1, open, BIDS_CARDS, where, err, errlen);
        if (nopen < 0) return GAME_BADARG;
    } else {                                     /* as after a flip: one card for every seat yet to take one */
        nopen = 0;
        for (int p = 0; p < np; p++) if (!(grabbed >> p & 1)) open[nopen++] = -1;
    }
    for (int i = 0; i < nopen; i++) q += open[i] < 0;
    /* stables (default: 3 empty ones, and one more per round won), out, box */
    char stables[512];
    int nst[BIDS_MAXP];
    unsigned specials = 0;
    if (val[F_STABLES]) {
        if (strlen(val[F_STABLES]) >= sizeof stables) PFAIL("position: 'stables' is too long");
        strcpy(stables, val[F_STABLES]);
        if (split(val[F_STABLES], '|', part, 8) != np) PFAIL("position: 'stables' needs one entry per player");
        for (int p = 0; p < np; p++) {
            nst[p] = split(part[p], '/', sub, BIDS_STABLES);
            if (nst[p] < 1) PFAIL("position: a seat owns 1 to %d stables", BIDS_STABLES);
            for (int s = 0; s < nst[p]; s++) {
                char *c = sub[s];
                if (c[0] == '*' && (c[1] == '1' || c[1] == '2') && c[2] == ':') { specials |= 1u << (c[1] - '1'); c += 3; }
                int ids[BIDS_CARDS];
                if (bids_plist(c, F_STABLES, 0, ids, BIDS_CARDS, where, err, errlen) < 0) return GAME_BADARG;
            }
        }
    } else {
        size_t m = 0;
        for (int p = 0; p < np; p++) {
            nst[p] = BIDS_START_STABLES + wins[p] < BIDS_STABLES ? BIDS_START_STABLES + wins[p] : BIDS_STABLES;
            m += (size_t)snprintf(stables + m, sizeof stables - m, "%s-", p ? "|" : "");
            for (int s = 1; s < nst[p]; s++) m += (size_t)snprintf(stables + m, sizeof stables - m, "/-");
        }
    }
    int ids[BIDS_CARDS], nbox = 0, box[BIDS_CARDS];
    if (val[F_OUT] && bids_plist(val[F_OUT], F_OUT, 0, ids, BIDS_CARDS, where, err, errlen) < 0) return GAME_BADARG;
    if (val[F_BOX]) {
        nbox = bids_plist(val[F_BOX], F_BOX, 0, box, BIDS_CARDS, where, err, errlen);
        if (nbox < 0) return GAME_BADARG;
    }
    /* as at setup: the unnamed symbol cards to the box, the others shuffled as a deal shuffles them */
    uint8_t deck[BIDS_CARDS];
    int n = 0, used = 0;
    for (int id = 0; id < BIDS_CARDS; id++) {
        if (where[id] >= 0) continue;
        int t = bids_type_of(id);
        if (np < 4 && id - first_id(t) < bids_param.symbol[t]) box[nbox++] = id;
        else deck[n++] = (uint8_t)id;
    }
    if (q > n)
        PFAIL("position: %d '?' places to deal, but only %d cards are not named%s", q, n, np < 4 ? " (the 2-3 player symbol cards go to the box)" : "");
    for (int i = n - 1; i > 0; i--) {
        int j = (int)game_rng_below(&rng, (uint32_t)(i + 1));
        uint8_t x = deck[i]; deck[i] = deck[j]; deck[j] = x;
    }
    for (int p = 0; p < np; p++) for (int i = 0; i < plen[p]; i++) if (pile[p][i] < 0) pile[p][i] = deck[used++];
    for (int i = 0; i < nopen; i++) if (open[i] < 0) open[i] = deck[used++];
    for (int p = 0; p < np; p++) if ((holding >> p & 1) && held[p] < 0) held[p] = deck[used++];
    if (!rest_box) {                             /* under the piles, "gelijkmatig" */
        int longest = 0, need = 0, left = n - used;
        for (int p = 0; p < np; p++) if (plen[p] > longest) longest = plen[p];
        for (int p = 0; p < np; p++) need += longest - plen[p];
        if (need > left)
            PFAIL("position: 'piles': the longest has %d cards, and the %d cards left cannot make the others as long (the piles are equal, BIDS-SETUP-DEAL)",
                  longest, left);
        int to = longest + (left - need) / np;
        if (to > BIDS_PILE_MAX) to = longest > BIDS_PILE_MAX ? longest : BIDS_PILE_MAX;
        for (int more = 1; more;) {
            more = 0;
            for (int p = 0; p < np; p++) if (plen[p] < to) { pile[p][plen[p]++] = deck[used++]; more = 1; }
        }
    }
    while (used < n) box[nbox++] = deck[used++];
    /* the full position */
    game_out o = {out, outn, 0, 0};
    char nm[24];
    game_put(&o, "piles=");
    for (int p = 0; p < np; p++) {
        if (p) game_put(&o, "|");
        for (int i = 0; i < plen[p]; i++) { if (i) game_put(&o, ","); put_card(&o, pile[p][i]); }
        if (!plen[p]) game_put(&o, "-");
    }
    game_put(&o, ";open=");
    for (int i = 0; i < nopen; i++) { if (i) game_put(&o, ","); put_card(&o, open[i]); }
    if (!nopen) game_put(&o, "-");
    game_put(&o, ";held=");
    for (int p = 0; p < np; p++) {
        if (p) game_put(&o, "|");
        if (held[p] == BIDS_NONE) game_put(&o, "-"); else put_card(&o, held[p]);
    }
    game_put(&o, ";stables="); game_put(&o, stables);
    game_put(&o, ";out="); game_put(&o, val[F_OUT] ? val[F_OUT] : "-");
    game_put(&o, ";box=");
    for (int i = 0; i < nbox; i++) { if (i) game_put(&o, ","); card_name(box[i], nm, sizeof nm); game_put(&o, nm); }
    if (!nbox) game_put(&o, "-");
    /* the other fields: given, or those of a fresh trick */
    game_put(&o, ";phase="); game_put(&o, val[F_PHASE] ? val[F_PHASE] : bids_phase_name[ph]);
    int round = running ? 1 + sumwins : sumwins > 1 ? sumwins : 1;
    if (val[F_ROUND] && !small_int(val[F_ROUND], 1, 255, &v)) round = (int)v;
    int done = round - (running ? 1 : 0), best = -1;
    for (int p = 0; p < np; p++) if (wins[p] && (best < 0 || wins[p] > wins[best])) best = p;
    unsigned won = done > 0 && best >= 0 ? 1u << best : 0, pending = 0, winners = 0;
    if (val[F_WON] && !small_int(val[F_WON], 0, (1L << np) - 1, &v)) won = (unsigned)v;
    for (int p = 0; p < np; p++) {
        if (!(won >> p & 1)) continue;
        if (ph == BIDS_PH_OVER && (R(cfg, BIDS_R_SHORT) || nst[p] == bids_param.goal)) winners |= 1u << p;
        if (ph == BIDS_PH_SPECIAL && nst[p] == BIDS_STABLES) pending |= 1u << p;
    }
    if (val[F_PENDING] && !small_int(val[F_PENDING], 0, (1L << np) - 1, &v)) pending = (unsigned)v;
    int actor = 0;
    for (int p = np - 1; p >= 0; p--)
        if ((ph == BIDS_PH_GRAB && !(grabbed >> p & 1)) || (ph == BIDS_PH_PLAY && held[p] != BIDS_NONE) ||
            (ph == BIDS_PH_SPECIAL && (pending >> p & 1)))
            actor = p;
    game_put(&o, ";actor=");
    /* BIDS-AMB-SPECIAL-ORDER table: the table names who receives a 5th stable next */
    if (val[F_ACTOR]) game_put(&o, val[F_ACTOR]);
    else if (ph == BIDS_PH_SPECIAL && R(cfg, BIDS_R_SPECIAL_TABLE) && popcount(pending) > 1 && specials != 3) game_put(&o, "T");
    else game_put_int(&o, actor + 1);
    game_put(&o, ";waiting="); game_put(&o, val[F_WAITING] ? val[F_WAITING] : "0");
    game_put(&o, ";round=");
    if (val[F_ROUND]) game_put(&o, val[F_ROUND]); else game_put_int(&o, round);
    game_put(&o, ";grabbed=");
    if (val[F_GRABBED]) game_put(&o, val[F_GRABBED]); else game_put_int(&o, grabbed);
    game_put(&o, ";won=");
    if (val[F_WON]) game_put(&o, val[F_WON]); else game_put_int(&o, won);
    game_put(&o, ";winners=");
    if (val[F_WINNERS]) game_put(&o, val[F_WINNERS]); else game_put_int(&o, winners);
    game_put(&o, ";pending=");
    if (val[F_PENDING]) game_put(&o, val[F_PENDING]); else game_put_int(&o, pending);
    game_put(&o, ";specials=");
    if (val[F_SPECIALS]) game_put(&o, val[F_SPECIALS]); else game_put_int(&o, specials);
    game_put(&o, ";wins=");
    if (val[F_WINS]) game_put(&o, val[F_WINS]);
    else for (int p = 0; p < np; p++) game_put(&o, p ? ",0" : "0");
    snprintf(nm, sizeof nm, "%llu", (unsigned long long)rng);
    game_put(&o, ";rng="); game_put(&o, nm);
    if (o.bad) PFAIL("position: the completed position is too long");
    return GAME_OK;
}

/* Note that card `id` is named in field f (bids_setup_position's seen/where). */
#define NAMED(id, f) do { if (seen[id] < 2) where[id][seen[id]] = (f); seen[id]++; } while (0)

static int bids_load_position(void *vst, const game_config *cfg, const char *text, char *err, size_t errlen)
{
    bids_state *st = vst;
    char buf[GAME_TEXT_MAX], *val[F_N], *part[8], *sub[8];
    uint8_t ids[BIDS_CARDS];
    int seen[BIDS_CARDS] = {0}, where[BIDS_CARDS][2];
    long v;
    if (!config_ok(cfg)) PFAIL("position: players must be 2 to 4");
    /* rest=pile|box: a partial position, completed first (the result is loaded like any other) */
    if (!strncmp(text, "rest=", 5) || strstr(text, ";rest=")) {
        char full[GAME_TEXT_MAX];
        if (bids_complete(cfg, text, full, sizeof full, err, errlen) != GAME_OK) return GAME_BADARG;
        return bids_load_position(vst, cfg, full, err, errlen);
    }
    if (strlen(text) >= sizeof buf) PFAIL("position: too long");
    strcpy(buf, text);
    if (game_fields_split(buf, bids_field_name, F_N, val, err, errlen)) return GAME_BADARG;
    for (int f = 0; f < F_N; f++) if (!val[f]) PFAIL("position: missing field '%s'", bids_field_name[f]);
    base_state(st, cfg);
    int np = cfg->players;
    if (split(val[F_PILES], '|', part, 8) != np) PFAIL("position: 'piles' needs one entry per player");
    for (int p = 0; p < np; p++) {
        int k = card_list(part[p], ids, BIDS_PILE_MAX);
        if (k < 0) PFAIL("position: bad card list in 'piles'");
        st->pile_len[p] = (uint8_t)k;
        for (int i = 0; i < k; i++) { st->pile[p][k - 1 - i] = ids[i]; st->loc[ids[i]] = BIDS_L_PILE; NAMED(ids[i], F_PILES); }
    }
    int k = card_list(val[F_OPEN], ids, BIDS_CARDS);
    if (k < 0) PFAIL("position: bad card list in 'open'");
    for (int i = 0; i < k; i++) { st->loc[ids[i]] = BIDS_L_OPEN; NAMED(ids[i], F_OPEN); }
    if (split(val[F_HELD], '|', part, 8) != np) PFAIL("position: 'held' needs one entry per player");
    for (int p = 0; p < np; p++) {
        if (!strcmp(part[p], "-")) continue;
        const char *s = part[p];
        int id = card_parse(&s);
        if (id < 0 || *s) PFAIL("position: bad card in 'held'");
        st->held[p] = (uint8_t)id; st->loc[id] = BIDS_L_HELD; NAMED(id, F_HELD);
    }
    if (split(val[F_STABLES], '|', part, 8) != np) PFAIL("position: 'stables' needs one entry per player");
    for (int p = 0; p < np; p++) {
        int ns = split(part[p], '/', sub, BIDS_STABLES);
        if (ns < 1) PFAIL("position: a seat owns 1 to %d stables", BIDS_STABLES);
        st->nstables[p] = (uint8_t)ns;
        for (int s = 0; s < ns; s++) {
            char *c = sub[s];
            if (c[0] == '*') {
                if ((c[1] != '1' && c[1] != '2') || c[2] != ':') PFAIL("position: bad special stable mark");
                st->special[p][s] = (uint8_t)(c[1] - '0');
                c += 3;
            }
            k = card_list(c, ids, BIDS_CARDS);
            if (k < 0) PFAIL("position: bad card list in 'stables'");
            for (int i = 0; i < k; i++) { st->loc[ids[i]] = BIDS_LOC_STABLE(p, s); NAMED(ids[i], F_STABLES); }
        }
    }
    k = card_list(val[F_OUT], ids, BIDS_CARDS);
    if (k < 0) PFAIL("position: bad card list in 'out'");
    for (int i = 0; i < k; i++) { st->loc[ids[i]] = BIDS_L_OUT; NAMED(ids[i], F_OUT); }
    k = card_list(val[F_BOX], ids, BIDS_CARDS);
    if (k < 0) PFAIL("position: bad card list in 'box'");
    for (int i = 0; i < k; i++) { st->loc[ids[i]] = BIDS_L_BOX; NAMED(ids[i], F_BOX); }
    /* BIDS-SETUP-MATERIAL: every card exactly once */
    for (int id = 0; id < BIDS_CARDS; id++) {
        char nm[16];
        card_name(id, nm, sizeof nm);
        if (!seen[id]) PFAIL("position: card %s is missing: name every card once in piles, open, held, stables, out or box (BIDS-SETUP-MATERIAL)", nm);
        if (seen[id] > 1)
            PFAIL("position: card %s is named twice (in '%s' and '%s') (BIDS-SETUP-MATERIAL)", nm, bids_field_name[where[id][0]], bids_field_name[where[id][1]]);
    }

    /* the phase, the seat to act and the round's counters */
    int ph = -1;
    for (int i = 0; i < 5; i++) if (!strcmp(val[F_PHASE], bids_phase_name[i])) ph = i;
    if (ph < 0) PFAIL("position: unknown phase '%.20s' (table, grab, play, special or over)", val[F_PHASE]);
    st->phase = (uint8_t)ph;
    if (val[F_ACTOR] && !strcmp(val[F_ACTOR], "T")) v = np + 1;   /* the table (BIDS-AMB-SPECIAL-ORDER) */
    else if (small_int(val[F_ACTOR], 1, np, &v)) PFAIL("position: 'actor' wants a seat 1 to %d (or T in phase special), got '%.12s'", np, val[F_ACTOR]);
    st->actor = (uint8_t)(v - 1);
    if (small_int(val[F_WAITING], 0, 1, &v)) PFAIL("position: 'waiting' wants 0 or 1, got '%.12s'", val[F_WAITING]);
    st->waiting = (uint8_t)v;
    if (small_int(val[F_ROUND], 1, 255, &v)) PFAIL("position: 'round' wants 1 to 255 (rounds started), got '%.12s'", val[F_ROUND]);
    st->round = (uint8_t)v;
    long all = (1L << np) - 1;
    if (small_int(val[F_GRABBED], 0, all, &v)) PFAIL("position: 'grabbed' wants a seat mask 0 to %ld, got '%.12s'", all, val[F_GRABBED]);
    st->grabbed = (uint8_t)v;
    if (small_int(val[F_WON], 0, all, &v)) PFAIL("position: 'won' wants a seat mask 0 to %ld, got '%.12s'", all, val[F_WON]);
    st->round_winners = (uint8_t)v;
    if (small_int(val[F_WINNERS], 0, all, &v)) PFAIL("position: 'winners' wants a seat mask 0 to %ld, got '%.12s'", all, val[F_WINNERS]);
    st->game_winners = (uint8_t)v;
    if (small_int(val[F_PENDING], 0, all, &v)) PFAIL("position: 'pending' wants a seat mask 0 to %ld, got '%.12s'", all, val[F_PENDING]);
    st->pending5 = (uint8_t)v;
    if (small_int(val[F_SPECIALS], 0, 3, &v)) PFAIL("position: 'specials' wants 0 to 3 (1: special stable 1 given, 2: special stable 2, 3: both), got '%.12s'", val[F_SPECIALS]);
    st->specials_given = (uint8_t)v;
    if (split(val[F_WINS], ',', part, 8) != np) PFAIL("position: 'wins' needs one entry per player");
    for (int p = 0; p < np; p++) {
        if (small_int(part[p], 0, 255, &v)) PFAIL("position: 'wins' wants rounds won 0 to 255, got '%.12s' for P%d", part[p], p + 1);
        st->wins[p] = (uint8_t)v;
    }
    {
        const char *s = val[F_RNG];
        uint64_t x = 0;
        if (!*s) PFAIL("position: bad 'rng'");
        for (; *s; s++) {
            if (*s < '0' || *s > '9' || x > (UINT64_MAX - 9) / 10) PFAIL("position: bad 'rng'");
            x = x * 10 + (uint64_t)(*s - '0');
        }
        st->rng = x;
    }
    /* consistency the engine relies on */
    /* BIDS-SETUP-DEAL "gelijkmatig", BIDS-FLIP: the piles are dealt equal and all flip together */
    for (int p = 1; p < np; p++)
        if (st->pile_len[p] != st->pile_len[0])
            PFAIL("position: 'piles' must be equal, but P1's has %d cards and P%d's %d (BIDS-SETUP-DEAL, BIDS-FLIP)", st->pile_len[0], p + 1, st->pile_len[p]);

    /* BIDS-TRICK-STEPS: a seat holds a card only once it took one this trick */
    for (int p = 0; p < np; p++) {
        if ((st->held[p] != BIDS_NONE) && !(st->grabbed >> p & 1))
            PFAIL("position: 'held': P%d holds a card, but 'grabbed' %d says it took none this trick (BIDS-TRICK-STEPS)", p + 1, st->grabbed);
    }

    /* BIDS-FLIP: one open card for each seat that has not taken one */
    int open = 0, ungrabbed = 0;
    for (int id = 0; id < BIDS_CARDS; id++) open += st->loc[id] == BIDS_L_OPEN;
    for (int p = 0; p < np; p++) ungrabbed += !(st->grabbed >> p & 1);
    if (open != ungrabbed) PFAIL("position: 'open' has %d cards, but %d seats have not taken one ('grabbed' %d): one each (BIDS-FLIP)", open, ungrabbed, st->grabbed);

    /* BIDS-GAME-END: the game's winners are set exactly when it is over */
    if (ph == BIDS_PH_OVER ? !st->game_winners : st->game_winners) PFAIL("position: 'winners' is %d in phase %s: it is set exactly when the game is over (BIDS-GAME-END)", st->game_winners, bids_phase_name[ph]);

    /* BIDS-TRICK-STEPS: who decides in each phase of a trick */
    if (st->actor == np && ph != BIDS_PH_SPECIAL) PFAIL("position: 'actor' T (the table) in phase %s: only in phase special (BIDS-AMB-SPECIAL-ORDER)", bids_phase_name[ph]);
    if (ph == BIDS_PH_TABLE || ph == BIDS_PH_OVER) { if (st->actor) PFAIL("position: 'actor' is %d in phase %s: write 1 (no seat decides) (BIDS-TRICK-STEPS)", st->actor + 1, bids_phase_name[ph]); }
    if (ph == BIDS_PH_GRAB && (st->grabbed >> st->actor & 1)) PFAIL("position: phase grab, but 'actor' P%d already took a card ('grabbed' %d) (BIDS-TRICK-STEPS)", st->actor + 1, st->grabbed);
    if (ph == BIDS_PH_PLAY && st->held[st->actor] == BIDS_NONE) PFAIL("position: phase play, but 'actor' P%d holds no card in 'held' (BIDS-TRICK-STEPS)", st->actor + 1);

    /* BIDS-VAR-BONUS: a special stable is chosen by the first seat in 'pending' */
    /* BIDS-AMB-SPECIAL-ORDER table: the table names the next of several seats in 'pending' while a special
     * stable is left */
    if (ph == BIDS_PH_SPECIAL && st->actor == np) {
        if (!R(st, BIDS_R_SPECIAL_TABLE) || popcount(st->pending5) < 2 || st->specials_given == 3)
            PFAIL("position: phase special with 'actor' T, but the table names who receives a 5th stable only under special-order=table, with two or more seats in 'pending' (%d) and a special stable left ('specials' %d) (BIDS-AMB-SPECIAL-ORDER)", st->pending5, st->specials_given);
    } else if (ph == BIDS_PH_SPECIAL && (!(st->pending5 >> st->actor & 1) || st->specials_given))
        PFAIL("position: phase special, but 'actor' P%d is not in 'pending' %d or 'specials' %d is not 0 (BIDS-VAR-BONUS)", st->actor + 1, st->pending5, st->specials_given);
    if (ph != BIDS_PH_SPECIAL && st->pending5) PFAIL("position: 'pending' is %d in phase %s: only while a special stable is chosen (BIDS-VAR-BONUS)", st->pending5, bids_phase_name[ph]);

    /* BIDS-END-EXHAUSTED: a round whose cards are all played is over */
    if (ph == BIDS_PH_TABLE && open == 0 && trick_done(st) && st->pile_len[0] == 0 && (!R(st, BIDS_R_FIRST_COMPLETE) || !complete_seats(st)))
        PFAIL("position: phase table with empty 'piles', no 'open' card and every card played: that round is over (BIDS-END-EXHAUSTED)");
    return bids_reachable(st, err, errlen);
}

static int bids_board_print(const void *vst, char *buf, size_t n)
{
    const bids_state *st = vst;
    game_out o = {buf, n, 0, 0};
    char line[160];
    if (n) buf[0] = 0;
    snprintf(line, sizeof line, "round %d, phase %s%s; piles %d each\n", st->round, bids_phase_name[st->phase],
             st->waiting ? " (waiting: lowest number first)" : "", st->pile_len[0]);
    game_put(&o, line);
    game_put(&o, "open: "); put_where(&o, st, BIDS_L_OPEN); game_put(&o, "\n");
    for (int p = 0; p < st->players; p++) {
        bids_views vw;
        views_of(st, &vw);
        snprintf(line, sizeof line, "P%d (%d won, value %d%s): ", p + 1, st->wins[p], seat_value(st, &vw, p),
                 seat_complete(st, &vw, p) ? ", all complete" : "");
        game_put(&o, line);
        for (int s = 0; s < st->nstables[p]; s++) {
            game_put(&o, s ? " | " : "");
            if (st->special[p][s]) { game_put(&o, "special "); game_put_int(&o, st->special[p][s]); game_put(&o, ": "); }
            put_where(&o, st, BIDS_LOC_STABLE(p, s));
            if (VIEW(&vw, p, s).brawl) game_put(&o, " (brawl)");
        }
        if (st->held[p] != BIDS_NONE) { game_put(&o, "; holds "); put_card(&o, st->held[p]); }
        game_put(&o, "\n");
    }
    return o.bad ? -1 : (int)o.len;
}

/* ---- Why a move is refused -------------------------------------------------------------------- */

#define WHY(...) return snprintf(buf, n, __VA_ARGS__)

/* "P2.1" into b. */
#define BIDS_NAME_MAX 24
static const char *stable_name(int p, int s, char *b) { snprintf(b, BIDS_NAME_MAX, "P%d.%d", p + 1, s + 1); return b; }

/* The first stable of seat p other than `skip` that holds `species`, or -1. */
static int species_stable(const bids_state *st, const bids_views *w, int p, int species, int skip)
{
    for (int s = 0; s < st->nstables[p]; s++) if (s != skip && VIEW(w, p, s).species == species) return s;
    return -1;
}

/* Why ordinary animal type t may not go into stable (p, s), by animal_fits' rules (skip_s, truck as
 * there); 0 when it may. */
static int why_no_fit(const bids_state *st, const bids_views *w, int t, int p, int s, int skip_s, int truck, char *buf, size_t n)
{
    const stable_view *v = &VIEW(w, p, s);
    char x[BIDS_NAME_MAX];
    stable_name(p, s, x);
    if (animal_fits(st, w, t, p, s, skip_s, truck)) return 0;
    /* BIDS-ELEPHANT: "Een stal met een olifant is vol" */
    if (v->elephants) WHY("%s holds an elephant: it is full", x);
    /* BIDS-STABLE-ONE-SPECIES */
    if (v->n) WHY("%s holds %s, and a %s is of the %s", x, bids_species_name[v->species], bids_type_word[t], bids_species_name[BIDS_SPECIES_OF(t)]);
    /* BIDS-STABLE-SECOND-MALE, BIDS-ANIMAL-FEMALE-EMPTY (the stable a truck empties stops counting) */
    if (skip_s >= 0 && VIEW(w, p, skip_s).males + VIEW(w, p, skip_s).females > 1) skip_s = -1;
    int o = species_stable(st, w, p, BIDS_SPECIES_OF(t), skip_s);
    char y[BIDS_NAME_MAX];
    if (o >= 0)
        WHY("%s holds %s: a second %s stable must start with the %s", stable_name(p, o, y), bids_species_name[BIDS_SPECIES_OF(t)],
            bids_species_adj[BIDS_SPECIES_OF(t)], bids_type_word[2 * BIDS_SPECIES_OF(t)]);
    WHY("a %s cannot go into %s", bids_type_word[t], x);
}

/* Why seat p may not call (BIDS-CALL, BIDS-STABLE-COMPLETE, BIDS-BRAWL, BIDS-ELEPHANT, BIDS-VAR-BONUS,
 * BIDS-AMB-EACH-SPECIES); 0 when all its stables are complete. */
static int why_not_complete(const bids_state *st, const bids_views *w, int p, char *buf, size_t n)
{
    char x[BIDS_NAME_MAX], y[BIDS_NAME_MAX];
    unsigned seen = 0;
    for (int s = 0; s < st->nstables[p]; s++) {
        const stable_view *v = &VIEW(w, p, s);
        stable_name(p, s, x);
        if (v->elephants) WHY("P%d may not call: %s holds an elephant, which is never complete", p + 1, x);
        if (v->males >= 2) WHY("P%d may not call: %s is a brawl (%d males)", p + 1, x, v->males);
        if (!v->n) WHY("P%d may not call: %s is empty", p + 1, x);
        if (!v->males) WHY("P%d may not call: %s has no male", p + 1, x);
        if (!v->females) WHY("P%d may not call: %s has no female", p + 1, x);
        int shows = st->special[p][s] ? bids_param.special_species[st->special[p][s] - 1] : -1;
        if (shows >= 0 && shows != v->species)
            WHY("P%d may not call: %s is a special stable of %s and holds %s", p + 1, x, bids_species_name[shows], bids_species_name[v->species]);
        if (R(st, BIDS_R_DISTINCT) && (seen >> v->species & 1))
            WHY("P%d may not call: %s and %s both hold %s (species=distinct)", p + 1,
                stable_name(p, species_stable(st, w, p, v->species, s), y), x, bids_species_name[v->species]);
        seen |= 1u << v->species;
    }
    return 0;
}

/* The number a held card shows, for people: "3", or "no number" (BIDS-WAIT-ORDER: counts as lowest). */
static const char *number_word(int id, char *b)
{
    if (!number_of(id)) return "no number";
    snprintf(b, BIDS_NAME_MAX, "%d", number_of(id));
    return b;
}

/* Why apply refuses m (game.h's why_illegal): the first rule it breaks, in the game's terms; 0 for a
 * move apply takes. The order follows move_is_legal: the decider, the move's shape, then its rule. */
static int bids_why_illegal(const void *vst, const game_move *m, char *buf, size_t n)
{
    const bids_state *st = vst;
    static const uint8_t phase_of[] = {BIDS_PH_OVER, BIDS_PH_TABLE, BIDS_PH_TABLE, BIDS_PH_TABLE, BIDS_PH_TABLE,
                                       BIDS_PH_TABLE, BIDS_PH_GRAB, BIDS_PH_PLAY, BIDS_PH_PLAY, BIDS_PH_PLAY,
                                       BIDS_PH_PLAY, BIDS_PH_SPECIAL};
    /* the argument bytes each kind uses, bit 0 for a up to bit 6 for g */
    static const uint8_t used[] = {0, 1, 1, 0, 1, 0, 1, 3, 0, 31, 7, 1};
    int np = st->players, p = st->actor, P = p + 1;
    char a[16], b[16], x[BIDS_NAME_MAX], y[BIDS_NAME_MAX];
    bids_views vw, *w = &vw;
    if (move_is_legal(st, m)) return 0;
    if (st->phase == BIDS_PH_OVER) WHY("the game is over");
    if (m->kind < BIDS_MV_GRAB || m->kind > BIDS_MV_SPECIAL) WHY("no move of Bonje in de Stal has kind %d", m->kind);
    /* BIDS-AMB-SPECIAL-ORDER table: the table names the seat that receives its 5th stable next */
    if (st->phase == BIDS_PH_SPECIAL && p == np) {
        if (m->kind != BIDS_MV_GRAB)
            WHY("it is the table's decision: which seat receives its 5th stable next ('grab P<n>', special-order=table)");
        if (m->b || m->c || m->d || m->e || m->f || m->g) WHY("a malformed move: it sets bytes its kind does not use");
        WHY("P%d earned no 5th stable still to receive ('pending' %d)", m->a + 1, st->pending5);
    }
    if (phase_of[m->kind] != st->phase) {
        int table_kind = phase_of[m->kind] == BIDS_PH_TABLE;
        switch (st->phase) {
        case BIDS_PH_TABLE:
            /* GAME_TABLE (game.h): the race is the table's to decide */
            WHY("it is the table's decision, not a seat's: a seat takes after 'grab P<n>' and plays after 'play P<n>'");
        case BIDS_PH_GRAB:
            if (table_kind) WHY("it is P%d's decision (which open card it takes), not the table's", P);
            WHY("P%d has its hand on the open cards: it takes one now", P);
        case BIDS_PH_PLAY: {
            card_name(st->held[p], a, sizeof a);
            /* BIDS-AMB-DIRECT must-play: the trick's first taker plays at once (nobody has played yet) */
            int holders = 0;
            for (int q = 0; q < np; q++) holders += st->held[q] != BIDS_NONE;
            if (table_kind && R(st, BIDS_R_MUST_PLAY) && holders == (int)popcount(st->grabbed))
                WHY("under direct=must-play P%d plays its card at once", P);
            if (table_kind) WHY("it is P%d's decision (where its %s goes), not the table's", P, a);
            WHY("P%d plays its %s now", P, a);
        }
        default:
            WHY("P%d chooses a special stable now (special 1 or special 2)", P);
        }
    }
    {   /* every byte a kind does not use is 0 (game.h), so two moves compare byte for byte */
        const uint8_t *arg = &m->a;
        for (int i = 0; i < 7; i++)
            if (arg[i] && !(used[m->kind] >> i & 1)) WHY("a malformed move: it sets bytes its kind does not use");
    }
    switch (m->kind) {
    case BIDS_MV_GRAB:
        /* BIDS-GRAB-RACE: one hand, one card a trick */
        if (m->a >= np) WHY("there is no P%d (%d players)", m->a + 1, np);
        WHY("P%d has already taken a card this trick", m->a + 1);
    case BIDS_MV_PLAY: {
        if (m->a >= np) WHY("there is no P%d (%d players)", m->a + 1, np);
        if (st->held[m->a] == BIDS_NONE) WHY("P%d holds no card", m->a + 1);
        /* BIDS-WAIT-ORDER: "moet speler A eerst zijn olifant spelen" */
        for (int q = 0; q < np; q++)
            if (st->held[q] != BIDS_NONE && number_of(st->held[q]) < number_of(st->held[m->a]))
                WHY("while waiting the lowest number plays first: P%d's %s (%s) before P%d's %s (%s)", q + 1,
                    bids_type_word[bids_type_of(st->held[q])], number_word(st->held[q], x), m->a + 1,
                    bids_type_word[bids_type_of(st->held[m->a])], number_word(st->held[m->a], y));
        break;
    }
    case BIDS_MV_WAIT: {
        int holders = 0, need = R(st, BIDS_R_WAIT_SEVERAL) ? 2 : 1;
        for (int q = 0; q < np; q++) holders += st->held[q] != BIDS_NONE;
        if (st->waiting) WHY("the players already wait for each other (until the next flip)");
        /* BIDS-AMB-WAIT: "1 of meer spelers" | "plusieurs joueurs" */
        if (need == 2) WHY("waiting needs several seats holding a card (wait=several), and %d holds one", holders);
        WHY("nobody holds a card to wait with");
    }
    case BIDS_MV_CALL:
        /* BIDS-AMB-FIRST first-complete: no call, the round ends when a seat is complete */
        if (R(st, BIDS_R_FIRST_COMPLETE)) WHY("nobody calls under first=first-complete: the round ends the moment a seat is complete");
        if (!m->a) WHY("a call names at least one seat");
        if (m->a >> np) WHY("the call names a seat beyond the %d players", np);
        views_of(st, w);
        for (int q = 0; q < np; q++) {
            int k = (m->a >> q & 1) ? why_not_complete(st, w, q, buf, n) : 0;
            if (k) return k;
        }
        break;
    case BIDS_MV_FLIP:
        /* BIDS-TRICK-STEPS: the next flip once every card of the trick is taken and played */
        for (int q = 0; q < np; q++)
            if (!(st->grabbed >> q & 1)) WHY("P%d has not taken its card of this trick yet", q + 1);
        for (int q = 0; q < np; q++)
            if (st->held[q] != BIDS_NONE) { card_name(st->held[q], a, sizeof a); WHY("P%d still holds %s", q + 1, a); }
        WHY("the piles are empty");
    case BIDS_MV_TAKE: {
        /* BIDS-GRAB-TOUCH: an open card; equal cards are alike, so the move names the lowest open one */
        if (m->a >= BIDS_CARDS) WHY("there is no card %d", m->a);
        int t = bids_type_of(m->a), low = lowest_in(st, BIDS_L_OPEN, t);
        if (low < 0) WHY("no %s lies open", bids_type_word[t]);
        card_name(m->a, a, sizeof a);
        card_name(low, b, sizeof b);
        WHY("equal cards are alike: taking a %s takes the lowest open one, %s, not %s", bids_type_word[t], b, a);
    }
    case BIDS_MV_SPECIAL:
        if (m->a >= 2) WHY("there are special stables 1 and 2");
        WHY("special stable %d is already given", m->a + 1);
    default:
        break;
    }
    if (st->phase != BIDS_PH_PLAY) WHY("this move is not legal here");
    /* A seat plays its held card (BIDS-PLAY-ALL). */
    int id = st->held[p], t = bids_type_of(id);
    card_name(id, a, sizeof a);
    views_of(st, w);
    if (m->kind == BIDS_MV_TRUCK || m->kind == BIDS_MV_TRUCK_OUT) {
        /* BIDS-TRUCK */
        if (t != BIDS_TRUCK) WHY("P%d holds %s, not a truck", P, a);
        if (m->a >= np || m->b >= st->nstables[m->a]) WHY("there is no stable P%d.%d", m->a + 1, m->b + 1);
        if (m->c >= BIDS_TYPES) WHY("there is no card type %d", m->c);
        stable_name(m->a, m->b, x);
        if (!(VIEW(w, m->a, m->b).types >> m->c & 1)) WHY("%s holds no %s", x, bids_type_word[m->c]);
        if (m->d >= np || m->e >= st->nstables[m->d]) WHY("there is no stable P%d.%d", m->d + 1, m->e + 1);
        if (m->d == m->a && m->e == m->b) WHY("the truck moves the %s to another stable, not back into %s", bids_type_word[m->c], x);
        /* BIDS-TRUCK: "olifant naar een lege stal"; BIDS-AMB-TRUCK-ELEPHANT other-seat */
        if (m->c == BIDS_ELEPHANT && m->d == p && R(st, BIDS_R_TRUCK_ELEPHANT_OTHER) && !VIEW(w, m->d, m->e).n)
            WHY("an elephant goes into an empty stable of another seat, not P%d's own (truck-elephant=other-seat)", P);
        if (m->c == BIDS_ELEPHANT) WHY("an elephant goes only into an empty stable, and %s is not", stable_name(m->d, m->e, y));
        int k = why_no_fit(st, w, m->c, m->d, m->e, m->d == m->a ? m->b : -1, 1, buf, n);
        if (k) return k;
        WHY("this move is not legal here");
    }
    if (m->kind == BIDS_MV_DISCARD) {
        if (BIDS_ORDINARY(t)) {
            /* BIDS-ANIMAL-DISCARD: "een speler mag niet vrijwillig een overtollig mannetjesdier uit het spel verwijderen" */
            for (int s = 0; s < st->nstables[p]; s++)
                if (animal_fits(st, w, t, p, s, -1, 0))
                    WHY("%s takes the %s: an animal leaves the game only when none of P%d's stables can take it", stable_name(p, s, x), bids_type_word[t], P);
        } else if (t == BIDS_ELEPHANT) {
            /* BIDS-ELEPHANT: "Heeft geen van de andere spelers een lege stal, dan verwijdert hij de olifant" */
            for (int q = 0; q < np; q++)
                for (int s = 0; q != p && s < st->nstables[q]; s++)
                    if (!VIEW(w, q, s).n) WHY("%s is empty: the elephant goes there, not out of the game", stable_name(q, s, x));
        } else if (t == BIDS_MADCOW || t == BIDS_WILD) {
            /* BIDS-MADCOW, BIDS-WILD: "Heeft geen van de andere spelers een koeienstal" */
            int sp = t == BIDS_MADCOW ? BIDS_CATTLE : BIDS_HORSES;
            for (int q = 0; q < np; q++) {
                int s = q != p ? species_stable(st, w, q, sp, -1) : -1;
                if (s >= 0) WHY("%s holds %s: the %s goes there, not out of the game", stable_name(q, s, x), bids_species_name[sp], bids_type_word[t]);
            }
        } else {
            /* BIDS-AMB-TRUCK-IDLE must-use: "Alle genomen kaarten moeten gespeeld worden" */
            WHY("the truck must move an animal (truck=must-use)");
        }
        WHY("this move is not legal here");
    }
    /* BIDS_MV_PLACE */
    if (t == BIDS_TRUCK) WHY("a truck goes into no stable: it moves one animal ('truck P1.1 cow P2.1') or takes it out ('truck P1.1 cow out')");
    if (m->a >= np || m->b >= st->nstables[m->a]) WHY("there is no stable P%d.%d", m->a + 1, m->b + 1);
    stable_name(m->a, m->b, x);
    const stable_view *v = &VIEW(w, m->a, m->b);
    if (BIDS_ORDINARY(t)) {
        /* BIDS-ANIMAL-OWN: "moet het in één van zijn eigen stallen leggen" */
        if (m->a != p) WHY("an ordinary animal goes into one of P%d's own stables, and %s is P%d's", P, x, m->a + 1);
        int k = why_no_fit(st, w, t, p, m->b, -1, 0, buf, n);
        if (k) return k;
        WHY("this move is not legal here");
    }
    if (t == BIDS_ELEPHANT) {
        /* BIDS-ELEPHANT: "moet deze in een lege stal van een andere speler leggen" */
        if (m->a == p) WHY("an elephant goes into another seat's empty stable, and %s is P%d's own", x, P);
        WHY("an elephant goes into an empty stable, and %s is not", x);
    }
    /* BIDS-MADCOW, BIDS-WILD: another seat's cow (horse) stable, or an own stable by the readings */
    int sp = t == BIDS_MADCOW ? BIDS_CATTLE : BIDS_HORSES;
    const char *key = t == BIDS_MADCOW ? "madcow-own=cow-stable" : "wild-own=horse-stable";
    if (m->a != p) WHY("a %s goes into another seat's %s stable, and %s holds no %s", bids_type_word[t], bids_species_adj[sp], x, bids_species_name[sp]);
    /* BIDS-AMB-OWN-PURPOSE brawl-only: "(om zo de bonje in zijn stal op te lossen)" */
    if (R(st, BIDS_R_OWN_BRAWL) && !v->brawl) WHY("under own-purpose=brawl-only an own stable takes the %s only to end its brawl, and %s has none", bids_type_word[t], x);
    /* BIDS-AMB-MADCOW-OWN, BIDS-AMB-WILD-OWN */
    if (R(st, t == BIDS_MADCOW ? BIDS_R_MADCOW_CATTLE : BIDS_R_WILD_HORSES))
        WHY("under %s an own stable takes the %s only if it holds %s, and %s does not", key, bids_type_word[t], bids_species_name[sp], x);
    if (v->elephants) WHY("%s holds an elephant, which only a truck removes", x);
    WHY("%s is empty: the %s goes into an own stable with animals in it", x, bids_type_word[t]);
}
#undef WHY

/* Report units (game.h): a round ends when the next one is dealt or the game ends. */
static int bids_units_done(const void *vpre, const void *vpost)
{
    const bids_state *a = vpre, *b = vpost;
    if (a->phase == BIDS_PH_OVER) return 0;
    return b->round != a->round || b->phase == BIDS_PH_OVER;
}

/* Report measures (game.h): the complete stables on the table at the end (BIDS-STABLE-COMPLETE). */
static int bids_measures(const void *vst, const char **names, double *values, int max)
{
    const bids_state *st = vst;
    if (max < 1) return 1;
    names[0] = "complete stables";
    if (st) {
        bids_views w;
        int n = 0;
        views_of(st, &w);
        for (int p = 0; p < st->players; p++)
            for (int s = 0; s < st->nstables[p]; s++) n += stable_complete(st, &w, p, s);
        values[0] = n;
    }
    return 1;
}

/* The engine's position loader: its reason, when it refuses, is one printable line. */
static int bids_setup_position(void *st, const game_config *cfg, const char *text, char *err, size_t errlen)
{
    return game_reason_line(bids_load_position(st, cfg, text, err, errlen), err, errlen);
}

const game_engine bids_engine = {
    .name = "bids", .title = "Bonje in de Stal / Chaos à la Ferme", .tag = "BIDS",
    .min_players = 2, .max_players = BIDS_MAXP,
    .state_size = sizeof(bids_state),
    .amb = bids_amb, .n_amb = BIDS_N_AMB,
    .profiles = bids_profiles, .n_profiles = (int)(sizeof bids_profiles / sizeof bids_profiles[0]),
    .setup_seed = bids_setup_seed,
    .setup_position = bids_setup_position,
    .position_print = bids_position_print,
    .config = bids_config,
    .to_move = bids_to_move,
    .legal_moves = bids_legal_moves,
    .apply = bids_apply,
    .result = bids_result,
    .redact = bids_redact,
    .same_play = bids_same_play,
    .board_print = bids_board_print,
    .move_print = bids_move_print,
    .move_parse = bids_move_parse,
    .why_illegal = bids_why_illegal,
    .score_now = bids_score_now,
    .measures = bids_measures,
    .score_sense = 1, .unit = "rounds", .unit_per_seat = 0,
    .score_name = "stables", .win_rule = "the first seat to win a round with five stables wins; the score is its stables (BIDS-GAME-END)",
    .units_done = bids_units_done,
    .determinize = bids_determinize,
};
