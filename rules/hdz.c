/* hdz.c: the Herr der Ziegen reference engine (2-5 players, Dutch and English readings). */
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include "hdz.h"

/* ---- Readings and profiles (SPEC.md, ambiguity register) ----------------------- */

static const game_ambiguity hdz_amb[HDZ_N_AMB] = {
    {"HDZ-AMB-REMOVAL",         "removal",     {"table", "none"}},
    {"HDZ-AMB-STABLE-SITE",     "site",        {"cell", "outside"}},
    {"HDZ-AMB-TAKE-LINE",       "take",        {"cross", "edge"}},
    {"HDZ-AMB-END-TIMING",      "end",         {"finish-turn", "immediate"}},
    {"HDZ-AMB-END-DOG-EMPTIED", "dog-emptied", {"continues", "ends"}},
    {"HDZ-AMB-GOAT-SUPPLY",     "supply",      {"ten", "unlimited"}},
    {"HDZ-AMB-B-WORTHLESS",     "b-worthless", {"opponents", "all"}},
    {"HDZ-AMB-DOG-OPTIONAL",    "dog",         {"optional", "mandatory"}},
    {"HDZ-AMB-DOG-LINE",        "dog-line",    {"line", "row"}},
    {"HDZ-AMB-DOG-EMPTY",       "dog-empty",   {"same-line", "anywhere"}},
    {"HDZ-AMB-DOG-PARTNER",     "dog-own",     {"own-allowed", "own-forbidden"}},
    {"HDZ-AMB-MILK-MOST",       "milk-most",   {"count", "sum"}},
    {"HDZ-AMB-MILK-ROUND",      "milk-round",  {"down", "up"}},
    {"HDZ-AMB-MILK-HALF",       "milk-half",   {"own", "leader"}},
    {"HDZ-AMB-MILK-TIE",        "milk-tie",    {"full", "share"}},
    {"HDZ-AMB-STABLE-CONNECT",  "double",      {"chain", "adjacent"}},
    {"HDZ-AMB-DOG-REFUSED",     "refused",     {"choose-again", "lost"}},
    {"HDZ-AMB-REMINDER",        "reminder",    {"memo", "reserve"}},
    {"HDZ-AMB-END-LINE",        "end-line",    {"line", "row"}},
    {"HDZ-AMB-DOG-REDRAW",      "dog-redraw",  {"optional", "compulsory"}},
    {"HDZ-AMB-MILK-TIE-SUM",    "tie-sum",     {"best", "both"}},
};

static const game_profile hdz_profiles[] = {
    /* Each bit rests on the profile's own text, quoted in SPEC.md's register. */
    {"nl", "herr-der-ziegen.nl.txt", HDZ_R_TAKE_EDGE | HDZ_R_END_IMMEDIATE | HDZ_R_MILK_SUM | HDZ_R_MILK_LEADER | HDZ_R_TIE_BOTH},
    {"en", "herr-der-ziegen.en.txt",
     HDZ_R_TAKE_EDGE | HDZ_R_DOG_MANDATORY | HDZ_R_DOG_EMPTY_ANY |
     HDZ_R_DOG_OWN_NO | HDZ_R_MILK_SUM | HDZ_R_MILK_UP | HDZ_R_MILK_SHARE | HDZ_R_TIE_BOTH},
};

#define R(st, bit) (((st)->readings & (bit)) != 0)

/* ---- Geometry ------------------------------------------------------------------ */

int hdz_track_cell(int n, int t)
{
    int side = t / n, k = t % n;
    switch (side) {
    case 0: return k;                              /* (0, k) */
    case 1: return k * HDZ_W + (n - 1);            /* (k, n-1) */
    case 2: return (n - 1) * HDZ_W + (n - 1 - k);  /* (n-1, n-1-k) */
    default: return (n - 1 - k) * HDZ_W;           /* (n-1-k, 0) */
    }
}

/* A line: is_row and its index. */
typedef struct { int is_row, idx; } hdz_line;

static inline int line_cell(hdz_line l, int i)
{
    return l.is_row ? l.idx * HDZ_W + i : i * HDZ_W + l.idx;
}

/* HDZ-AMB-TAKE-LINE: the line beside a large goat at track position t. */
static hdz_line goat_line(const hdz_state *st, int t)
{
    int n = st->n, side = t / n, cell = hdz_track_cell(n, t);
    int r = cell / HDZ_W, c = cell % HDZ_W;
    hdz_line l;
    int vertical_side = (side == 0 || side == 2);   /* goat above or below the meadow */
    if (R(st, HDZ_R_TAKE_EDGE)) {                    /* the border line it walks along */
        l.is_row = vertical_side; l.idx = vertical_side ? r : c;
    } else {                                         /* the line running away from it */
        l.is_row = !vertical_side; l.idx = vertical_side ? c : r;
    }
    return l;
}

static inline int is_card(uint8_t v) { return v < HDZ_CODES; }
static inline int takeable(const hdz_state *st, int cell)
{
    return is_card(st->cell[cell]) && st->mark[cell] == HDZ_NONE;
}

static int line_has_card(const hdz_state *st, hdz_line l)
{
    for (int i = 0; i < st->n; i++)
        if (is_card(st->cell[line_cell(l, i)])) return 1;
    return 0;
}

/* HDZ-AMB-END-LINE: did emptying `cell` leave its row (or, under end-line=line, its column)
 * without a card? */
static int line_emptied(const hdz_state *st, int cell)
{
    hdz_line row = {1, cell / HDZ_W}, col = {0, cell % HDZ_W};
    return !line_has_card(st, row) || (!R(st, HDZ_R_END_ROW_ONLY) && !line_has_card(st, col));
}

static int card_steps(uint8_t code)
{
    if (HDZ_IS_GOAT(code)) return HDZ_VALUE(code);
    if (code == HDZ_MILK1) return 1;
    if (code == HDZ_MILK2) return 2;
    return 0;                                        /* HDZ-DOG-NOMOVE */
}

/* ---- Small zone helpers --------------------------------------------------------- */

/* A revealed hand card (HDZ-SCORE-FIFTH-HAND) stays public while it is in the hand. */
static void shown_add(hdz_state *st, int p, uint8_t code)
{
    uint8_t *s = st->shown[p];
    if (s[0] == code || s[1] == code) return;
    if (s[0] == HDZ_NONE) s[0] = code;
    else if (code < s[0]) { s[1] = s[0]; s[0] = code; } else s[1] = code;
}

static void hand_remove(hdz_state *st, int p, uint8_t code)
{
    uint8_t *s = st->shown[p];
    if (s[0] == code) { s[0] = s[1]; s[1] = HDZ_NONE; }
    else if (s[1] == code) s[1] = HDZ_NONE;
    uint8_t *h = st->hand[p];
    if (h[0] == code) { h[0] = h[1]; h[1] = HDZ_NONE; }
    else if (h[1] == code) h[1] = HDZ_NONE;
}

static void hand_add(hdz_state *st, int p, uint8_t code)
{
    uint8_t *h = st->hand[p];
    if (h[0] == HDZ_NONE) { h[0] = code; return; }
    if (code < h[0]) { h[1] = h[0]; h[0] = code; } else h[1] = code;
}

static int hand_has(const hdz_state *st, int p, uint8_t code)
{
    return st->hand[p][0] == code || st->hand[p][1] == code;
}

/* Put one of p's small goats on a card, if one is left (HDZ-AMB-GOAT-SUPPLY). */
static void place_mark(hdz_state *st, int cell, int p)
{
    if (R(st, HDZ_R_SUPPLY_UNLIM)) { st->mark[cell] = (uint8_t)p; return; }
    if (st->supply[p] == 0) return;
    st->supply[p]--;
    st->mark[cell] = (uint8_t)p;
}

static void shuffle(uint8_t *a, int n, uint64_t *rng)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)game_rng_below(rng, (uint32_t)(i + 1));
        uint8_t t = a[i]; a[i] = a[j]; a[j] = t;
    }
}

static int stable_cell_for(const hdz_state *st, int p)
{
    return hdz_track_cell(st->n, st->stable[p]);
}

/* ---- Setup ----------------------------------------------------------------------- */

/* HDZ-SETUP-PLAYERS: "2 - 5 spelers" / "Players: 2-5" */
static int config_ok(const game_config *cfg)
{
    return cfg && cfg->players >= 2 && cfg->players <= HDZ_MAXP &&
           (cfg->readings >> HDZ_N_AMB) == 0;
}

/* Common part of every setup: geometry, stables, goats, empty zones. */
static void base_state(hdz_state *st, const game_config *cfg)
{
    memset(st, 0, sizeof *st);
    st->readings = cfg->readings;
    st->players = (uint8_t)cfg->players;
    st->n = (uint8_t)hdz_param.side[cfg->players];
    st->played = HDZ_NONE;
    st->pend_from = st->pend_to = HDZ_NONE;
    memset(st->cell, HDZ_NONE, sizeof st->cell);
    memset(st->mark, HDZ_NONE, sizeof st->mark);
    memset(st->hand, HDZ_NONE, sizeof st->hand);
    memset(st->shown, HDZ_NONE, sizeof st->shown);
    memset(st->owner, HDZ_NONE, sizeof st->owner);
    memset(st->goat, HDZ_NONE, sizeof st->goat);
    memset(st->stable, HDZ_NONE, sizeof st->stable);
    for (int p = 0; p < cfg->players; p++) {
        /* HDZ-SETUP-STABLES: stable at its site, large goat in front of it */
        st->stable[p] = (uint8_t)hdz_param.stable_site[cfg->players][p];
        st->goat[p] = st->stable[p];
        st->supply[p] = (uint8_t)hdz_param.small_goats;
        if (!R(st, HDZ_R_SITE_OUTSIDE))              /* HDZ-AMB-STABLE-SITE=cell */
            st->cell[stable_cell_for(st, p)] = HDZ_STABLE;
    }
}

static int seat_has_dog(const hdz_state *st, int p) { return hand_has(st, p, HDZ_DOG); }

/* Enter the redraw phase at the first seat from `from` holding a dog, else start play. */
static void redraw_advance(hdz_state *st, int from)
{
    for (int p = from; p < st->players; p++)
        if (seat_has_dog(st, p) && st->pile_len > 0) {
            st->phase = HDZ_PH_REDRAW; st->turn = st->decider = (uint8_t)p; return;
        }
    st->phase = HDZ_PH_PLAY;                         /* HDZ-TURN-ORDER: seat 0 starts */
    st->turn = st->decider = 0;
}

static int hdz_setup_seed(void *vst, const game_config *cfg, uint64_t seed)
{
    hdz_state *st = vst;
    if (!config_ok(cfg)) return GAME_BADARG;
    base_state(st, cfg);
    int np = cfg->players;
    st->rng = seed;

    /* HDZ-SETUP-REMOVAL: whole goat types, dogs and milk back in the box */
    int ntypes = R(st, HDZ_R_REMOVAL_NONE) ? 0 : hdz_param.removed_types[np];
    int ndogs = R(st, HDZ_R_REMOVAL_NONE) ? 0 : hdz_param.removed_dogs[np];
    int nm1 = R(st, HDZ_R_REMOVAL_NONE) ? 0 : hdz_param.removed_milk1[np];
    int nm2 = R(st, HDZ_R_REMOVAL_NONE) ? 0 : hdz_param.removed_milk2[np];
    uint8_t types[HDZ_TYPES];
    for (int t = 0; t < HDZ_TYPES; t++) types[t] = (uint8_t)t;
    shuffle(types, HDZ_TYPES, &st->rng);
    uint8_t removed[HDZ_TYPES] = {0};
    for (int i = 0; i < ntypes; i++) removed[types[i]] = 1;

    uint8_t deck[HDZ_CARDS];
    int nd = 0;
    for (int c = 0; c < HDZ_GOATS; c++) {
        if (removed[HDZ_TYPE(c)]) st->box[c]++;
        else deck[nd++] = (uint8_t)c;
    }
    st->box[HDZ_DOG] = (uint8_t)ndogs;
    st->box[HDZ_MILK1] = (uint8_t)nm1;
    st->box[HDZ_MILK2] = (uint8_t)nm2;
    for (int i = 0; i < HDZ_DOGS - ndogs; i++) deck[nd++] = HDZ_DOG;
    for (int i = 0; i < hdz_param.milk_ones - nm1; i++) deck[nd++] = HDZ_MILK1;
    for (int i = 0; i < hdz_param.milk_twos - nm2; i++) deck[nd++] = HDZ_MILK2;
    shuffle(deck, nd, &st->rng);
    memcpy(st->pile, deck, (size_t)nd);
    st->pile_len = (uint8_t)nd;

    /* HDZ-SETUP-MEADOW: face up in reading order, stable cells left out */
    for (int r = 0; r < st->n; r++)
        for (int c = 0; c < st->n; c++) {
            int cell = r * HDZ_W + c;
            if (st->cell[cell] == HDZ_STABLE) continue;
            st->cell[cell] = st->pile[--st->pile_len];
            st->pile[st->pile_len] = 0;
        }
    /* HDZ-SETUP-HAND: two cards each from the pile */
    for (int p = 0; p < np; p++)
        for (int i = 0; i < hdz_param.hand_size; i++) {
            hand_add(st, p, st->pile[--st->pile_len]);
            st->pile[st->pile_len] = 0;
        }
    redraw_advance(st, 0);
    return GAME_OK;
}

/* ---- Legal moves ------------------------------------------------------------------ */

static inline game_move mv(uint8_t kind, uint8_t a, uint8_t b)
{
    game_move m = {kind, a, b, 0, 0, 0, 0, 0};
    return m;
}

/* Dog move partners of `from` (HDZ-DOG-SWAP-NEUTRAL, HDZ-DOG-SWAP-AGREE, HDZ-DOG-EMPTY).
 * Writes moves into out (if non-NULL), returns their number. */
static int dog_partners(const hdz_state *st, int p, int from, game_move *out, int max, int k)
{
    int n = st->n, fr = from / HDZ_W, fc = from % HDZ_W;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int to = r * HDZ_W + c;
            if (to == from) continue;
            int same_row = (r == fr), same_col = (c == fc);
            /* HDZ-AMB-DOG-LINE: the swap stays in one row (row), or one row or column (line) */
            int in_line = same_row || (!R(st, HDZ_R_DOG_ROW) && same_col);
            uint8_t v = st->cell[to];
            int ok = 0;
            if (v == HDZ_NONE) {
                /* HDZ-DOG-EMPTY; HDZ-AMB-DOG-EMPTY: same line, or anywhere in the meadow */
                ok = in_line || R(st, HDZ_R_DOG_EMPTY_ANY);
            } else if (in_line && HDZ_IS_GOAT(v)) {
                uint8_t m = st->mark[to];
                if (m == HDZ_NONE) ok = 1;                      /* HDZ-DOG-SWAP-NEUTRAL */
                else if (m == p) ok = !R(st, HDZ_R_DOG_OWN_NO); /* HDZ-AMB-DOG-PARTNER */
                else ok = !st->refused;                          /* HDZ-DOG-SWAP-AGREE */
            }
            if (!ok) continue;
            if (out && k < max) out[k] = mv(HDZ_MV_DOG, (uint8_t)from, (uint8_t)to);
            k++;
        }
    return k;
}

static int dog_moves(const hdz_state *st, game_move *out, int max)
{
    int p = st->turn, k = 0, n = st->n;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int cell = r * HDZ_W + c;
            if (HDZ_IS_GOAT(st->cell[cell]) && st->mark[cell] == p)
                k = dog_partners(st, p, cell, out, max, k);
        }
    return k;
}

/* HDZ-LEGAL-SET: every move the rules allow in the position, each once, in a fixed order */
static int hdz_legal_moves(const void *vst, game_move *out, int max)
{
    const hdz_state *st = vst;
    int k = 0;
    switch (st->phase) {
    case HDZ_PH_REDRAW: {
        /* HDZ-SETUP-DOG-REDRAW: "mogen worden teruggegeven": a dog in hand and a card to draw */
        int can_return = seat_has_dog(st, st->turn) && st->pile_len > 0;
        /* HDZ-AMB-DOG-REDRAW: optional ("mogen" / "may") | compulsory (the German original, by
         * every public summary: a dog in the starting hand goes back while a card can replace it) */
        if (!(can_return && R(st, HDZ_R_REDRAW_FORCED))) {
            if (k < max) out[k] = mv(HDZ_MV_KEEP, 0, 0);
            k++;
        }
        if (can_return) {
            if (k < max) out[k] = mv(HDZ_MV_RETURN, 0, 0);
            k++;
        }
        break;
    }
    case HDZ_PH_PLAY: {
        const uint8_t *h = st->hand[st->turn];
        for (int i = 0; i < 2; i++)
            if (h[i] != HDZ_NONE && (i == 0 || h[1] != h[0])) {
                if (k < max) out[k] = mv(HDZ_MV_PLAY, h[i], 0);
                k++;
            }
        break;
    }
    case HDZ_PH_TAKE: {
        hdz_line l = goat_line(st, st->goat[st->turn]);
        for (int i = 0; i < st->n; i++) {
            int cell = line_cell(l, i);
            if (takeable(st, cell)) {            /* HDZ-TAKE-NOMARKED */
                if (k < max) out[k] = mv(HDZ_MV_TAKE, (uint8_t)cell, 0);
                k++;
            }
        }
        break;
    }
    case HDZ_PH_DOG:
        k = dog_moves(st, out, max);
        if (!R(st, HDZ_R_DOG_MANDATORY)) {      /* HDZ-AMB-DOG-OPTIONAL: "mag" */
            if (k < max) out[k] = mv(HDZ_MV_PASS, 0, 0);
            k++;
        }
        break;
    case HDZ_PH_AGREE:
        if (k < max) out[k] = mv(HDZ_MV_AGREE, 0, 0);
        k++;
        if (k < max) out[k] = mv(HDZ_MV_REFUSE, 0, 0);
        k++;
        break;
    default:
        break;
    }
    return k < max ? k : max;
}

/* ---- Scoring (phase 4) ------------------------------------------------------------ */

static void to_box(hdz_state *st, int p, int t)
{
    for (int v = 1; v <= 5; v++) {
        int c = HDZ_CODE(t, v);
        st->box[c] = (uint8_t)(st->box[c] + st->display[p][c]);
        st->display[p][c] = 0;
    }
}

static void mark_type_in_meadow(hdz_state *st, int t, int p)
{
    for (int r = 0; r < st->n; r++)
        for (int c = 0; c < st->n; c++) {
            int cell = r * HDZ_W + c;
            uint8_t v = st->cell[cell];
            if (HDZ_IS_GOAT(v) && HDZ_TYPE(v) == t && st->mark[cell] == HDZ_NONE)
                place_mark(st, cell, p);
        }
}

/* HDZ-SCORE-REMINDER: under reminder=reserve (and ten small goats) the reminder goats for the
 * cards of t still in the pile leave p's supply now and wait in remind[t]; under memo the
 * reminder is a memory aid and nothing is counted. */
static void place_reminders(hdz_state *st, int t, int p, int want)
{
    if (!R(st, HDZ_R_REMIND_RESERVE) || R(st, HDZ_R_SUPPLY_UNLIM)) return;
    int k = want < st->supply[p] ? want : st->supply[p];
    st->supply[p] = (uint8_t)(st->supply[p] - k);
    st->remind[t] = (uint8_t)k;
}

static int pile_count_of_type(const hdz_state *st, int t)
{
    int k = 0;
    for (int i = 0; i < st->pile_len; i++) if (HDZ_IS_GOAT(st->pile[i]) && HDZ_TYPE(st->pile[i]) == t) k++;
    return k;
}

static void score_played(hdz_state *st)
{
    uint8_t code = st->played;
    /* HDZ-DOG-NO-MAJORITY: "De honden leveren nochtans geen punten op voor de meerderheid";
     * dogs and milk are no goat cards and trigger no scoring */
    if (!HDZ_IS_GOAT(code)) return;

    int t = HDZ_TYPE(code), p = st->turn, np = st->players;
    /* HDZ-SCORE-MAJORITY8, HDZ-SCORE-FOURTH: a type is scored once; each player's sum and count of
     * the type's goats on display */
    if (st->owner[t] != HDZ_NONE) return;
    int sum[HDZ_MAXP] = {0}, cnt[HDZ_MAXP] = {0}, total = 0;
    for (int q = 0; q < np; q++)
        for (int v = 1; v <= 5; v++) {
            int n = st->display[q][HDZ_CODE(t, v)];
            sum[q] += n * v; cnt[q] += n; total += n;
        }
    /* HDZ-SCORE-MAJORITY8: "een som van 8 punten of meer" */
    if (sum[p] >= 8) {
        st->owner[t] = (uint8_t)p;
        mark_type_in_meadow(st, t, p);
        place_reminders(st, t, p, pile_count_of_type(st, t));  /* HDZ-SCORE-REMINDER (A) */
        for (int q = 0; q < np; q++)                 /* HDZ-SCORE-WORTHLESS */
            if (q != p) to_box(st, q, t);
        return;
    }
    /* HDZ-SCORE-FOURTH: "in totaal de vierde kaart van deze soort" */
    if (total != 4) return;
    int w = p;                                       /* HDZ-SCORE-FOURTH-TRIGGER: ties stay with p */
    for (int q = 0; q < np; q++) {
        if (q == p) continue;
        if (sum[q] > sum[w]) w = q;                  /* HDZ-SCORE-FOURTH-SUM */
        else if (sum[q] == sum[w] && cnt[q] > cnt[w]) w = q; /* HDZ-SCORE-FOURTH-COUNT */
        /* equal sum and count: the trigger p keeps it (HDZ-SCORE-FOURTH-TRIGGER); between two
         * others the earlier seat stays, which cannot matter: 4 cards allow no such tie */
    }
    st->owner[t] = (uint8_t)w;
    int fifth = -1;
    for (int v = 1; v <= 5; v++) {
        int c = HDZ_CODE(t, v), shown = 0;
        for (int q = 0; q < np; q++) shown += st->display[q][c];
        if (!shown) fifth = c;
    }
    /* HDZ-SCORE-FIFTH-MEADOW; in the pile it is marked when it appears (HDZ-SCORE-FUTURE);
     * HDZ-SCORE-FIFTH-HAND: in a hand it stays there, unmarked */
    for (int cell = 0; cell < HDZ_CELLS && fifth >= 0; cell++)
        if (st->cell[cell] == fifth && st->mark[cell] == HDZ_NONE) place_mark(st, cell, w);
    for (int q = 0; q < np && fifth >= 0; q++)      /* HDZ-SCORE-FIFTH-HAND: "moet ... de geitenkaart tonen" */
        if (hand_has(st, q, (uint8_t)fifth)) shown_add(st, q, (uint8_t)fifth);
    if (fifth >= 0) {                                /* HDZ-SCORE-REMINDER (B): the fifth in the pile */
        int in_pile = 0;
        for (int i = 0; i < st->pile_len; i++) if (st->pile[i] == fifth) in_pile = 1;
        if (in_pile) place_reminders(st, t, w, 1);
    }
    /* HDZ-SCORE-B-WORTHLESS; HDZ-AMB-B-WORTHLESS: opponents' cards, or all */
    for (int q = 0; q < np; q++)
        if (q != w || R(st, HDZ_R_BWORTHLESS_ALL)) to_box(st, q, t);
}

/* ---- Turn flow -------------------------------------------------------------------- */

static void game_over(hdz_state *st)
{
    st->phase = HDZ_PH_OVER;
    st->decider = HDZ_NONE;
    st->pend_from = st->pend_to = HDZ_NONE;
}

static void finish_turn(hdz_state *st)
{
    score_played(st);                                /* HDZ-TURN-PHASES: phase 4 ends the turn */
    if (st->ending) { game_over(st); return; }
    st->turn = (uint8_t)((st->turn + 1) % st->players); /* HDZ-TURN-ORDER: clockwise */
    st->decider = st->turn;
    st->phase = HDZ_PH_PLAY;
    st->played = HDZ_NONE;
    st->refused = 0;
    st->pend_from = st->pend_to = HDZ_NONE;
}

/* After phase 3: the dog move if the played card was a dog and a move exists, else phase 4. */
static void after_take(hdz_state *st)
{
    if (st->played == HDZ_DOG && dog_moves(st, NULL, 0) > 0) {
        st->phase = HDZ_PH_DOG;
        st->decider = st->turn;
        return;
    }
    finish_turn(st);
}

/* HDZ-AMB-END-TIMING: an end condition either ends the game at once or after the turn. */
static void on_end_condition(hdz_state *st, int why)
{
    if (!st->ending) st->ending = (uint8_t)why;
    if (R(st, HDZ_R_END_IMMEDIATE)) game_over(st);
}

static void apply_play(hdz_state *st, uint8_t code)
{
    int p = st->turn;
    /* HDZ-TURN-PLAY: one hand card face up in front of the player */
    hand_remove(st, p, code);
    st->display[p][code]++;
    st->played = code;
    /* HDZ-TURN-MOVE: clockwise, one step per card edge; HDZ-DOG-NOMOVE: a dog stays */
    st->goat[p] = (uint8_t)((st->goat[p] + card_steps(code)) % (4 * st->n));
    st->phase = HDZ_PH_TAKE;
    /* HDZ-END-BLOCKED: nothing beside the goat may be taken */
    hdz_line l = goat_line(st, st->goat[p]);
    for (int i = 0; i < st->n; i++)
        if (takeable(st, line_cell(l, i))) return;
    on_end_condition(st, HDZ_END_BLOCKED);
    if (st->phase != HDZ_PH_OVER) after_take(st);
}

static void apply_take(hdz_state *st, int cell)
{
    int p = st->turn;
    /* HDZ-TURN-TAKE: the card goes into the hand */
    hand_add(st, p, st->cell[cell]);
    st->cell[cell] = HDZ_NONE;
    /* HDZ-TAKE-REFILL: "onmiddellijk de bovenste kaart van de voorraadstapel" */
    if (st->pile_len > 0) {
        uint8_t v = st->pile[--st->pile_len];
        st->pile[st->pile_len] = 0;
        st->cell[cell] = v;
        /* HDZ-SCORE-FUTURE: a card of a decided type is marked as it appears */
        if (HDZ_IS_GOAT(v) && st->owner[HDZ_TYPE(v)] != HDZ_NONE) {
            int t = HDZ_TYPE(v);
            if (R(st, HDZ_R_REMIND_RESERVE) && !R(st, HDZ_R_SUPPLY_UNLIM)) {
                /* HDZ-SCORE-REMINDER: reserve: the waiting reminder goat marks it, if there is one */
                if (st->remind[t] > 0) { st->remind[t]--; st->mark[cell] = st->owner[t]; }
            } else place_mark(st, cell, st->owner[t]);
        }
    } else {
        /* HDZ-END-LINE-EMPTY: "zodra de laatste kaart uit een rij wordt genomen" */
        if (line_emptied(st, cell)) {
            on_end_condition(st, HDZ_END_LINE);
            if (st->phase == HDZ_PH_OVER) return;
        }
    }
    after_take(st);
}

/* Move the card at `from` to `to` (swap, or onto an empty place). */
static void dog_move(hdz_state *st, int from, int to)
{
    uint8_t c = st->cell[to], m = st->mark[to];
    st->cell[to] = st->cell[from]; st->mark[to] = st->mark[from];
    st->cell[from] = c; st->mark[from] = m;
    /* HDZ-AMB-END-DOG-EMPTIED: only a move onto an empty place can empty a line */
    if (c == HDZ_NONE && R(st, HDZ_R_DOG_EMPTIES_END)) {
        if (line_emptied(st, from)) st->ending = HDZ_END_DOG;
    }
}

static int hdz_apply(void *vst, const game_move *m)
{
    hdz_state *st = vst;
    game_move legal[GAME_MAX_MOVES];
    if (!game_move_in(legal, hdz_legal_moves(st, legal, GAME_MAX_MOVES), m)) return GAME_ILLEGAL;

    switch (m->kind) {
    case HDZ_MV_KEEP:
        redraw_advance(st, st->turn + 1);
        break;
    case HDZ_MV_RETURN: {
        /* HDZ-SETUP-DOG-REDRAW: a new card from the pile, the dog shuffled back in */
        int p = st->turn;
        uint8_t top = st->pile[st->pile_len - 1];
        hand_remove(st, p, HDZ_DOG);
        hand_add(st, p, top);
        st->pile[st->pile_len - 1] = HDZ_DOG;
        shuffle(st->pile, st->pile_len, &st->rng);
        if (!seat_has_dog(st, p)) redraw_advance(st, p + 1);
        break;
    }
    case HDZ_MV_PLAY: apply_play(st, m->a); break;
    case HDZ_MV_TAKE: apply_take(st, m->a); break;
    case HDZ_MV_DOG: {
        uint8_t owner = st->mark[m->b];
        if (st->cell[m->b] != HDZ_NONE && owner != HDZ_NONE && owner != st->turn) {
            /* HDZ-DOG-SWAP-AGREE: "op voorwaarde dat de medespeler hiermee akkoord is" */
            st->phase = HDZ_PH_AGREE;
            st->decider = owner;
            st->pend_from = m->a; st->pend_to = m->b;
            break;
        }
        dog_move(st, m->a, m->b);
        finish_turn(st);
        break;
    }
    case HDZ_MV_PASS: finish_turn(st); break;
    case HDZ_MV_AGREE:
        dog_move(st, st->pend_from, st->pend_to);
        finish_turn(st);
        break;
    case HDZ_MV_REFUSE:
        st->refused = 1;
        st->pend_from = st->pend_to = HDZ_NONE;
        st->decider = st->turn;
        /* HDZ-AMB-DOG-REFUSED: choose again among swaps needing no agreement, or lose it */
        if (!R(st, HDZ_R_REFUSED_LOST) && dog_moves(st, NULL, 0) > 0) st->phase = HDZ_PH_DOG;
        else finish_turn(st);
        break;
    default:
        return GAME_ILLEGAL;
    }
    return GAME_OK;
}

/* ---- Final scoring ---------------------------------------------------------------- */

/* HDZ-FINAL-STABLE-DOUBLE: cells of p's goat cards next to or connected to p's stable. */
static void doubled_cells(const hdz_state *st, int p, uint8_t *dbl)
{
    int n = st->n, sc = stable_cell_for(st, p);
    int queue[HDZ_CELLS], qn = 0;
    memset(dbl, 0, HDZ_CELLS);
    int seeds[4], ns = 0;
    if (R(st, HDZ_R_SITE_OUTSIDE)) seeds[ns++] = sc;  /* the border card the stable touches */
    else {
        int r = sc / HDZ_W, c = sc % HDZ_W;
        if (r > 0) seeds[ns++] = sc - HDZ_W;
        if (r < n - 1) seeds[ns++] = sc + HDZ_W;
        if (c > 0) seeds[ns++] = sc - 1;
        if (c < n - 1) seeds[ns++] = sc + 1;
    }
    for (int i = 0; i < ns; i++) {
        int s = seeds[i];
        if (HDZ_IS_GOAT(st->cell[s]) && st->mark[s] == p && !dbl[s]) {
            dbl[s] = 1; queue[qn++] = s;
        }
    }
    if (R(st, HDZ_R_DOUBLE_ADJ)) return;             /* HDZ-AMB-STABLE-CONNECT=adjacent */
    for (int qi = 0; qi < qn; qi++) {
        int s = queue[qi], r = s / HDZ_W, c = s % HDZ_W;
        int nb[4], nn = 0;
        if (r > 0) nb[nn++] = s - HDZ_W;
        if (r < n - 1) nb[nn++] = s + HDZ_W;
        if (c > 0) nb[nn++] = s - 1;
        if (c < n - 1) nb[nn++] = s + 1;
        for (int i = 0; i < nn; i++) {
            int x = nb[i];
            if (!dbl[x] && HDZ_IS_GOAT(st->cell[x]) && st->mark[x] == p) {
                dbl[x] = 1; queue[qn++] = x;
            }
        }
    }
}

static int half(const hdz_state *st, int s)
{
    return R(st, HDZ_R_MILK_UP) ? (s + 1) / 2 : s / 2; /* HDZ-AMB-MILK-ROUND */
}

static int hdz_tally(const void *vst, int *scores, unsigned *winners);

static int hdz_result(const void *vst, int *scores, unsigned *winners)
{
    const hdz_state *st = vst;
    if (st->phase != HDZ_PH_OVER) return GAME_ILLEGAL;
    return hdz_tally(st, scores, winners);
}

/* The final scoring of the position as it stands (result, and the "scores so far"). */
static int hdz_tally(const void *vst, int *scores, unsigned *winners)
{
    const hdz_state *st = vst;
    int np = st->players;
    for (int p = 0; p < np; p++) {
        uint8_t dbl[HDZ_CELLS];
        doubled_cells(st, p, dbl);
        int s = 0;
        /* HDZ-FINAL-MEADOW: only own-marked goat cards in the meadow count */
        for (int cell = 0; cell < HDZ_CELLS; cell++)
            if (HDZ_IS_GOAT(st->cell[cell]) && st->mark[cell] == p)
                s += HDZ_VALUE(st->cell[cell]) * (dbl[cell] ? 2 : 1);
        scores[p] = s;
    }
    /* Milk: HDZ-FINAL-MILK-FIRST "ontvangt deze som als punten", HDZ-FINAL-MILK-SECOND
     * "de helft als punten", HDZ-FINAL-MILK-TIE "Bij een gelijke stand" */
    int msum[HDZ_MAXP], key[HDZ_MAXP], lead = 0;
    for (int p = 0; p < np; p++) {
        int ones = st->display[p][HDZ_MILK1], twos = st->display[p][HDZ_MILK2];
        msum[p] = ones + 2 * twos;
        key[p] = R(st, HDZ_R_MILK_SUM) ? msum[p] : ones + twos; /* HDZ-AMB-MILK-MOST */
    }
    int topkey = 0;
    for (int p = 0; p < np; p++) if (key[p] > topkey) topkey = key[p];
    for (int p = 0; p < np; p++) if (key[p] == topkey && msum[p] > lead) lead = msum[p];
    for (int p = 0; p < np; p++) {
        if (key[p] == 0) continue;
        int above = 0, same = 0;
        for (int q = 0; q < np; q++) {
            if (key[q] > key[p]) above++;
            else if (key[q] == key[p]) same++;
        }
        int a = above + 1, b = above + same;        /* positions the tie group holds */
        int f1 = msum[p];
        int f2 = half(st, R(st, HDZ_R_MILK_LEADER) ? lead : msum[p]); /* HDZ-AMB-MILK-HALF */
        int bonus = 0;
        if (R(st, HDZ_R_MILK_SHARE) || R(st, HDZ_R_TIE_BOTH)) {
            /* HDZ-FINAL-MILK-TIE: the payouts of the positions the group holds (at most 1 and 2);
             * alone, the seat's own position. HDZ-AMB-MILK-TIE=share divides them among the group;
             * =full with HDZ-AMB-MILK-TIE-SUM=both pays each member all of them */
            int pool = 0;
            for (int k = a; k <= b && k <= 2; k++) pool += (k == 1) ? f1 : f2;
            bonus = R(st, HDZ_R_MILK_SHARE) ? pool / same : pool;
        } else if (a == 1) bonus = f1;              /* HDZ-FINAL-MILK-FIRST; a tie: HDZ-AMB-MILK-TIE-SUM=best */
        else if (a == 2) bonus = f2;                /* HDZ-FINAL-MILK-SECOND */
        scores[p] += bonus;
    }
    /* HDZ-FINAL-WINNER: the most points; equal top totals all win */
    int best = scores[0];
    for (int p = 1; p < np; p++) if (scores[p] > best) best = scores[p];
    unsigned w = 0;
    for (int p = 0; p < np; p++) if (scores[p] == best) w |= 1u << p;
    if (winners) *winners = w;
    return GAME_OK;
}

/* ---- Small accessors -------------------------------------------------------------- */

static int hdz_to_move(const void *vst)
{
    const hdz_state *st = vst;
    return st->phase == HDZ_PH_OVER ? -1 : st->decider;
}

static game_config hdz_config(const void *vst)
{
    const hdz_state *st = vst;
    game_config c = {st->players, st->readings};
    return c;
}

/* Hidden from `viewer`: the pile's order, the other hands, the shuffle state. The unseen
 * cards are pooled, sorted and dealt back in canonical order. */
static void hdz_redact(void *vst, int viewer)
{
    hdz_state *st = vst;
    uint8_t pool[HDZ_CARDS];
    int n = 0;
    /* Hidden: the pile's order and the other seats' hand cards, except a revealed card
     * (HDZ-SCORE-FIFTH-HAND), which everyone has seen. (GEN-HIDDEN-INFO) */
    for (int p = 0; p < st->players; p++)
        if (p != viewer)
            for (int i = 0; i < 2; i++)
                if (st->hand[p][i] != HDZ_NONE && st->hand[p][i] != st->shown[p][0] && st->hand[p][i] != st->shown[p][1])
                    pool[n++] = st->hand[p][i];
    for (int i = 0; i < st->pile_len; i++) pool[n++] = st->pile[i];
    int cnt[HDZ_CODES] = {0};
    for (int i = 0; i < n; i++) cnt[pool[i]]++;
    int k = 0;
    for (int c = 0; c < HDZ_CODES; c++) while (cnt[c]--) pool[k++] = (uint8_t)c;
    k = 0;
    for (int p = 0; p < st->players; p++) {
        if (p == viewer) continue;
        int sz = (st->hand[p][0] != HDZ_NONE) + (st->hand[p][1] != HDZ_NONE);
        st->hand[p][0] = st->hand[p][1] = HDZ_NONE;
        for (int i = 0; i < 2; i++) if (st->shown[p][i] != HDZ_NONE) { hand_add(st, p, st->shown[p][i]); sz--; }
        for (int i = 0; i < sz; i++) hand_add(st, p, pool[k++]);
    }
    for (int i = 0; i < st->pile_len; i++) st->pile[i] = pool[k++];
    st->rng = 0;
}

/* The facts about hidden cards that every reachable state keeps and that a re-deal could break,
 * judged on st; bit i set when fact i holds. determinize keeps the facts the real state has. */
enum {
    HDZ_FACT_REDRAW_DOG = 1,     /* HDZ-SETUP-DOG-REDRAW: the seat that decides a redraw holds a dog */
    HDZ_FACT_REDRAW_DONE = 2,    /* HDZ-AMB-DOG-REDRAW=compulsory: the seats before it hold no dog ... */
    HDZ_FACT_PILE_NOT_DOGS = 4,  /* ... and the pile holds a card that is no dog */
    HDZ_FACT_REMINDERS = 8       /* HDZ-SCORE-REMINDER: a reminder goat waits for a card in the pile */
};

static unsigned hidden_facts(const hdz_state *st)
{
    unsigned f = 0;
    if (st->phase == HDZ_PH_REDRAW) {
        if (st->turn < st->players && seat_has_dog(st, st->turn)) f |= HDZ_FACT_REDRAW_DOG;
        int done = 1, other = 0;
        for (int p = 0; p < st->turn && p < st->players; p++) done &= !seat_has_dog(st, p);
        for (int i = 0; i < st->pile_len; i++) other |= st->pile[i] != HDZ_DOG;
        if (done) f |= HDZ_FACT_REDRAW_DONE;
        if (other) f |= HDZ_FACT_PILE_NOT_DOGS;
    }
    int ok = 1;
    for (int t = 0; t < HDZ_TYPES; t++) ok &= pile_count_of_type(st, t) >= st->remind[t];
    if (ok) f |= HDZ_FACT_REMINDERS;
    return f;
}

/* Re-deal what `viewer` cannot see (game.h): the other seats' unrevealed hand cards and the pile,
 * shuffled together and dealt back, each hand as many cards as before, a revealed card staying in
 * its hand (HDZ-SCORE-FIFTH-HAND). A deal that breaks a fact of hidden_facts the real state keeps
 * is drawn again (a uniform sample of the deals that keep them); after 64 such deals the hidden
 * cards stay in their places and only the pile's order is shuffled. The generator of later shuffles
 * (HDZ-SETUP-DOG-REDRAW) gets a fresh value. (GEN-HIDDEN-INFO) */
static void hdz_determinize(void *vst, int viewer, uint64_t *rng)
{
    hdz_state *st = vst, real = *st;
    uint8_t pool[HDZ_CARDS + 2 * HDZ_MAXP];
    int n = 0;
    if (st->players > HDZ_MAXP || st->pile_len > HDZ_CARDS) return;
    unsigned want = hidden_facts(st);
    for (int p = 0; p < st->players; p++)
        for (int i = 0; i < 2 && p != viewer; i++)
            if (st->hand[p][i] != HDZ_NONE && st->hand[p][i] != st->shown[p][0] && st->hand[p][i] != st->shown[p][1])
                pool[n++] = st->hand[p][i];
    for (int i = 0; i < st->pile_len; i++) pool[n++] = st->pile[i];
    for (int attempt = 0; attempt < 64; attempt++) {
        shuffle(pool, n, rng);
        int k = 0;
        for (int p = 0; p < st->players; p++) {
            if (p == viewer) continue;
            int sz = (real.hand[p][0] != HDZ_NONE) + (real.hand[p][1] != HDZ_NONE);
            st->hand[p][0] = st->hand[p][1] = HDZ_NONE;
            for (int i = 0; i < 2; i++) if (st->shown[p][i] != HDZ_NONE) { hand_add(st, p, st->shown[p][i]); sz--; }
            for (int i = 0; i < sz; i++) hand_add(st, p, pool[k++]);
        }
        for (int i = 0; i < st->pile_len; i++) st->pile[i] = pool[k++];
        if ((hidden_facts(st) & want) == want) { st->rng = game_rng_next(rng); return; }
    }
    *st = real;
    shuffle(st->pile, st->pile_len, rng);
    st->rng = game_rng_next(rng);
}

/* ---- Notation ----------------------------------------------------------------------- */

static const char *const hdz_special[3] = {"Dog", "Milk1", "Milk2"};

/* Card notation: goat "E3" (type letter A..R, value), "Dog", "Milk1", "Milk2". */
static int card_name(uint8_t c, char *b)
{
    if (HDZ_IS_GOAT(c)) { b[0] = (char)('A' + HDZ_TYPE(c)); b[1] = (char)('0' + HDZ_VALUE(c)); b[2] = 0; return 2; }
    strcpy(b, hdz_special[c - HDZ_DOG]);
    return (int)strlen(b);
}

/* Parse a card name at *s (advancing it); returns the code or -1. Goat names never
 * clash with the specials: their second character is a digit. */
static int card_parse(const char **s)
{
    const char *p = *s;
    if (p[0] >= 'A' && p[0] <= 'R' && p[1] >= '1' && p[1] <= '5') {
        *s = p + 2; return HDZ_CODE(p[0] - 'A', p[1] - '0');
    }
    if (p[0] == 'D' && p[1] == 'o' && p[2] == 'g') { *s = p + 3; return HDZ_DOG; }
    if (p[0] == 'M' && p[1] == 'i' && p[2] == 'l' && p[3] == 'k' && (p[4] == '1' || p[4] == '2')) {
        *s = p + 5; return p[4] == '1' ? HDZ_MILK1 : HDZ_MILK2;
    }
    return -1;
}

static int cell_parse(const hdz_state *st, const char **s)
{
    const char *p = *s;
    if (p[0] < 'a' || p[0] >= 'a' + st->n || p[1] < '1' || p[1] >= '1' + st->n) return -1;
    *s = p + 2;
    return (p[1] - '1') * HDZ_W + (p[0] - 'a');
}

static void cell_name(int cell, char *b)
{
    b[0] = (char)('a' + cell % HDZ_W); b[1] = (char)('1' + cell / HDZ_W); b[2] = 0;
}

static int hdz_move_print(const void *vst, const game_move *m, char *buf, size_t n)
{
    (void)vst;
    char a[8], b[8];
    int len;
    switch (m->kind) {
    case HDZ_MV_KEEP:   len = snprintf(buf, n, "keep"); break;
    case HDZ_MV_RETURN: len = snprintf(buf, n, "return"); break;
    case HDZ_MV_PLAY:
        if (m->a >= HDZ_CODES) return -1;
        card_name(m->a, a); len = snprintf(buf, n, "play %s", a); break;
    case HDZ_MV_TAKE:
        if (m->a >= HDZ_CELLS) return -1;
        cell_name(m->a, a); len = snprintf(buf, n, "take %s", a); break;
    case HDZ_MV_DOG:
        if (m->a >= HDZ_CELLS || m->b >= HDZ_CELLS) return -1;
        cell_name(m->a, a); cell_name(m->b, b); len = snprintf(buf, n, "dog %s-%s", a, b); break;
    case HDZ_MV_PASS:   len = snprintf(buf, n, "pass"); break;
    case HDZ_MV_AGREE:  len = snprintf(buf, n, "agree"); break;
    case HDZ_MV_REFUSE: len = snprintf(buf, n, "refuse"); break;
    default: return -1;
    }
    return (len < 0 || (size_t)len >= n) ? -1 : len;
}

static int hdz_move_parse(const void *vst, const char *s, game_move *out)
{
    const hdz_state *st = vst;
    static const struct { const char *w; uint8_t k; } plain[] = {
        {"keep", HDZ_MV_KEEP}, {"return", HDZ_MV_RETURN}, {"pass", HDZ_MV_PASS},
        {"agree", HDZ_MV_AGREE}, {"refuse", HDZ_MV_REFUSE},
    };
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
        if (strcmp(s, plain[i].w) == 0) { out->kind = plain[i].k; return GAME_OK; }
    if (strncmp(s, "play ", 5) == 0) {
        const char *p = s + 5;
        int c = card_parse(&p);
        if (c < 0 || *p) return GAME_BADARG;
        out->kind = HDZ_MV_PLAY; out->a = (uint8_t)c; return GAME_OK;
    }
    if (strncmp(s, "take ", 5) == 0) {
        const char *p = s + 5;
        int c = cell_parse(st, &p);
        if (c < 0 || *p) return GAME_BADARG;
        out->kind = HDZ_MV_TAKE; out->a = (uint8_t)c; return GAME_OK;
    }
    if (strncmp(s, "dog ", 4) == 0) {
        const char *p = s + 4;
        int a = cell_parse(st, &p);
        if (a < 0 || *p++ != '-') return GAME_BADARG;
        int b = cell_parse(st, &p);
        if (b < 0 || *p) return GAME_BADARG;
        out->kind = HDZ_MV_DOG; out->a = (uint8_t)a; out->b = (uint8_t)b; return GAME_OK;
    }
    return GAME_BADARG;
}

/* ---- Position text ------------------------------------------------------------------ */

static void put_card(game_out *o, uint8_t c)
{
    if (HDZ_IS_GOAT(c) && o->len + 3 <= o->n) {     /* the common case, without strlen */
        o->b[o->len++] = (char)('A' + HDZ_TYPE(c));
        o->b[o->len++] = (char)('0' + HDZ_VALUE(c));
        o->b[o->len] = 0;
        return;
    }
    char b[8];
    card_name(c, b);
    game_put(o, b);
}

/* A multiset of codes as "A1,Dog,Dog" or "-". */
static void put_counts(game_out *o, const uint8_t *cnt)
{
    int any = 0;
    for (int c = 0; c < HDZ_CODES; c++)
        if (cnt[c]) for (int i = 0; i < cnt[c]; i++) { if (any) game_put(o, ","); put_card(o, (uint8_t)c); any = 1; }
    if (!any) game_put(o, "-");
}

static const char *const hdz_phase_name[] = {"redraw", "play", "take", "dog", "agree", "over"};
static const char *const hdz_end_name[] = {"no", "line", "blocked", "dog"};

static int hdz_position_print(const void *vst, char *buf, size_t n)
{
    const hdz_state *st = vst;
    game_out o = {buf, n, 0, 0};
    if (n) buf[0] = 0;
    game_put(&o, "meadow=");
    for (int r = 0; r < st->n; r++) {
        if (r) game_put(&o, "/");
        for (int c = 0; c < st->n; c++) {
            int cell = r * HDZ_W + c;
            if (c) game_put(&o, ",");
            uint8_t v = st->cell[cell];
            if (v == HDZ_NONE) game_put(&o, ".");
            else if (v == HDZ_STABLE) game_put(&o, "#");
            else {
                put_card(&o, v);
                if (st->mark[cell] != HDZ_NONE) { game_put(&o, "*"); game_put_int(&o, st->mark[cell] + 1); }
            }
        }
    }
    game_put(&o, ";pile=");
    for (int i = st->pile_len - 1; i >= 0; i--) { put_card(&o, st->pile[i]); if (i) game_put(&o, ","); }
    if (!st->pile_len) game_put(&o, "-");
    game_put(&o, ";hands=");
    for (int p = 0; p < st->players; p++) {
        if (p) game_put(&o, "|");
        if (st->hand[p][0] == HDZ_NONE) game_put(&o, "-");
        for (int i = 0; i < 2 && st->hand[p][i] != HDZ_NONE; i++) {
            if (i) game_put(&o, ",");
            put_card(&o, st->hand[p][i]);
        }
    }
    game_put(&o, ";displays=");
    for (int p = 0; p < st->players; p++) { if (p) game_put(&o, "|"); put_counts(&o, st->display[p]); }
    game_put(&o, ";box=");
    put_counts(&o, st->box);
    game_put(&o, ";goats=");
    for (int p = 0; p < st->players; p++) { if (p) game_put(&o, ","); game_put_int(&o, st->goat[p]); }
    game_put(&o, ";supply=");
    for (int p = 0; p < st->players; p++) { if (p) game_put(&o, ","); game_put_int(&o, st->supply[p]); }
    game_put(&o, ";owner=");
    int any = 0;
    for (int t = 0; t < HDZ_TYPES; t++)
        if (st->owner[t] != HDZ_NONE) {
            char b[8] = {(char)('A' + t), 0};
            if (any) game_put(&o, ",");
            game_put(&o, b); game_put(&o, ":"); game_put_int(&o, st->owner[t] + 1); any = 1;
        }
    if (!any) game_put(&o, "-");
    /* HDZ-SCORE-REMINDER: written only when a reminder goat waits (reminder=reserve) (GEN-ROUNDTRIP) */
    any = 0;
    for (int t = 0; t < HDZ_TYPES; t++)
        if (st->remind[t]) {
            char b[8] = {(char)('A' + t), 0};
            game_put(&o, any ? "," : ";remind=");
            game_put(&o, b); game_put(&o, ":"); game_put_int(&o, st->remind[t]); any = 1;
        }
    /* HDZ-SCORE-FIFTH-HAND: written only when a hand card was revealed (GEN-ROUNDTRIP) */
    any = 0;
    for (int p = 0; p < st->players; p++)
        for (int i = 0; i < 2; i++)
            if (st->shown[p][i] != HDZ_NONE) {
                game_put(&o, any ? "," : ";shown=");
                game_put_int(&o, p + 1); game_put(&o, ":"); put_card(&o, st->shown[p][i]); any = 1;
            }

    game_put(&o, ";turn="); game_put_int(&o, st->turn + 1);
    game_put(&o, ";phase="); game_put(&o, hdz_phase_name[st->phase]);
    game_put(&o, ";played=");
    if (st->played == HDZ_NONE) game_put(&o, "-"); else put_card(&o, st->played);
    game_put(&o, ";ending="); game_put(&o, hdz_end_name[st->ending]);
    game_put(&o, ";refused="); game_put_int(&o, st->refused);
    game_put(&o, ";pending=");
    if (st->pend_from == HDZ_NONE) game_put(&o, "-");
    else {
        char a[4], b[4];
        cell_name(st->pend_from, a); cell_name(st->pend_to, b);
        game_put(&o, a); game_put(&o, "-"); game_put(&o, b);
    }
    char r[24];
    snprintf(r, sizeof r, ";rng=%016llx", (unsigned long long)st->rng);
    game_put(&o, r);
    return o.bad ? -1 : (int)o.len;
}

/* Parsing: the text is split into its fields once; each field is validated so that no
 * text can build a state the engine cannot run safely. */
static const char *const hdz_field_name[] = {
    "meadow", "pile", "hands", "displays", "box", "goats", "supply", "owner",
    "turn", "phase", "played", "ending", "refused", "pending", "rng", "remind", "shown",
};
enum { F_MEADOW, F_PILE, F_HANDS, F_DISPLAYS, F_BOX, F_GOATS, F_SUPPLY, F_OWNER,
       F_TURN, F_PHASE, F_PLAYED, F_ENDING, F_REFUSED, F_PENDING, F_RNG, F_REMIND, F_SHOWN, F_N };

typedef struct {
    char *err; size_t errlen; int bad;
    char *val[F_N];
    char text[GAME_TEXT_MAX];
} hdz_in;

static int fail(hdz_in *in, const char *fmt, const char *what)
{
    if (!in->bad) snprintf(in->err, in->errlen, fmt, what);
    in->bad = 1;
    return -1;
}

/* The same with any arguments: the first message is kept. */
static int failf(hdz_in *in, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int failf(hdz_in *in, const char *fmt, ...)
{
    if (!in->bad) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(in->err, in->errlen, fmt, ap);
        va_end(ap);
    }
    in->bad = 1;
    return -1;
}

static int name_index(const char *const *names, int n, const char *s)
{
    for (int i = 0; i < n; i++) if (strcmp(names[i], s) == 0) return i;
    return -1;
}

/* Split the text into in->val[] (pointing into in->text). */
static int split_fields(hdz_in *in, const char *text)
{
    size_t len = strlen(text);
    if (len >= sizeof in->text) return fail(in, "position: longer than %s characters", "8191");
    memcpy(in->text, text, len + 1);
    if (game_fields_split(in->text, hdz_field_name, F_N, in->val, in->err, in->errlen)) { in->bad = 1; return -1; }
    return 0;
}

static char *get_field(hdz_in *in, int f)
{
    if (!in->val[f]) { fail(in, "position: missing field '%s'", hdz_field_name[f]); return NULL; }
    return in->val[f];
}

/* Parse a comma list of cards ("-" empty) into out (max entries); returns count or -1. */
/* A comma-separated card list ("-" for none; a space may follow a comma). `what` names the
 * field (and seat) in messages. */
static int card_list(hdz_in *in, const char *s, uint8_t *out, int max, const char *what)
{
    if (strcmp(s, "-") == 0) return 0;
    int k = 0;
    for (;;) {
        while (*s == ' ') s++;
        const char *t = s;
        int c = card_parse(&s);
        if (c < 0 || (*s && *s != ',')) {
            size_t tl = strcspn(t, ",");
            return failf(in, "position: '%.*s' in %s is no card (cards: A1..R5, Dog, Milk1, Milk2)", (int)(tl > 20 ? 20 : tl), t, what);
        }
        if (k >= max) return failf(in, "position: %s holds more than %d card%s", what, max, max == 1 ? "" : "s");
        out[k++] = (uint8_t)c;
        if (*s == 0) return k;
        s++;
    }
}

/* Split s at '|' into at most max parts (modifies s); returns count. */
static int split(char *s, char sep, char **parts, int max)
{
    int k = 0;
    parts[k++] = s;
    for (char *p = s; *p; p++)
        if (*p == sep) { *p = 0; if (k >= max) return max + 1; parts[k++] = p + 1; }
    return k;
}

static int int_list(hdz_in *in, char *s, int *out, int n, int lo, int hi, const char *what)
{
    char *parts[HDZ_MAXP + 1];
    const char *form = !strcmp(what, "turn") ? "a seat number" : !strcmp(what, "goats") ? "a track position" : "a number";
    if (split(s, ',', parts, HDZ_MAXP) != n)
        return n == 1 ? failf(in, "position: '%s' wants %s %d to %d, e.g. %s=%d", what, form, lo, hi, what, lo)
                      : failf(in, "position: '%s' wants %d comma-separated numbers, one per player (%s %d to %d)", what, n, form, lo, hi);
    for (int i = 0; i < n; i++) {
        char *e;
        long v = strtol(parts[i], &e, 10);
        if (e == parts[i] || *e || v < lo || v > hi)
            return failf(in, "position: '%s' wants %s %d to %d%s, got '%.16s'", what, form, lo, hi,
                         n == 1 ? "" : " per player", parts[i]);
        out[i] = (int)v;
    }
    return 0;
}

/* ---- Partial positions (SPEC.md, "Position fields"): rest=pile|box ---------------------- */

/* Fields a partial position may give; the others take their defaults. */
static const char *const hdz_partial_name[] = {
    "meadow", "pile", "hands", "displays", "box", "goats", "supply", "owner",
    "turn", "phase", "played", "ending", "refused", "pending", "rng", "remind", "shown", "rest",
};
enum { P_MEADOW, P_PILE, P_HANDS, P_DISPLAYS, P_BOX, P_GOATS, P_SUPPLY, P_OWNER, P_TURN, P_PHASE,
       P_PLAYED, P_ENDING, P_REFUSED, P_PENDING, P_RNG, P_REMIND, P_SHOWN, P_REST, P_N };

/* Count the cards a comma list names (tokens '?', '-', '.', '#' name none; '*seat' suffixes are
 * skipped); returns the number of '?' tokens, -1 for a token that is no card. */
static int partial_scan(const char *s, int *named, char *bad, size_t badn)
{
    int q = 0;
    while (*s) {
        while (*s == ' ' || *s == ',' || *s == '/' || *s == '|') s++;
        if (!*s) break;
        const char *t = s;
        size_t tl = strcspn(s, ",/|");
        if ((tl == 1 && (*t == '-' || *t == '.' || *t == '#')) ) { s += tl; continue; }
        if (tl == 1 && *t == '?') { q++; s += tl; continue; }
        const char *p = t;
        int c = card_parse(&p);
        if (c < 0 || (p < t + tl && *p != '*')) { snprintf(bad, badn, "%.*s", (int)(tl > 16 ? 16 : tl), t); return -1; }
        named[c]++;
        s += tl;
    }
    return q;
}

/* Turn a partial position (it has rest=pile or rest=box) into a full one in out: every '?' in
 * the meadow and the hands is dealt from the cards the position does not name, shuffled by its
 * rng (the record's [Seed]); what is left goes under the given pile (rest=pile) or into the box
 * (rest=box). Missing fields take the values of a fresh turn (SPEC.md). 0, or -1 with err. */
static int hdz_complete(const game_config *cfg, const char *text, char *out, size_t outn, char *err, size_t errlen)
{
    static const char *const dflt_phase = "play";
    char buf[GAME_TEXT_MAX], *val[P_N];
    if (strlen(text) >= sizeof buf) { snprintf(err, errlen, "position: longer than %d characters", GAME_TEXT_MAX - 1); return -1; }
    memcpy(buf, text, strlen(text) + 1);
    if (game_fields_split(buf, hdz_partial_name, P_N, val, err, errlen)) return -1;
    int np = cfg->players, n = hdz_param.side[np], rest_box;
    uint64_t rng;
    if (game_partial_head(val[P_REST], val[P_RNG], &rest_box, &rng, err, errlen)) return -1;
    /* defaults for the card fields */
    char meadow[1024];
    if (!val[P_MEADOW]) {
        size_t m = 0;
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                int is_site = 0;
                for (int q = 0; q < np && !(cfg->readings & HDZ_R_SITE_OUTSIDE); q++)
                    if (hdz_track_cell(n, hdz_param.stable_site[np][q]) == r * HDZ_W + c) is_site = 1;
                m += (size_t)snprintf(meadow + m, sizeof meadow - m, "%s%s", c ? "," : r ? "/" : "", is_site ? "#" : "?");
            }
        val[P_MEADOW] = meadow;
    }
    char hands[64];
    if (!val[P_HANDS]) {
        size_t m = 0;
        for (int q = 0; q < np; q++) m += (size_t)snprintf(hands + m, sizeof hands - m, "%s?,?", q ? "|" : "");
        val[P_HANDS] = hands;
    }
    char empties[32];
    snprintf(empties, sizeof empties, "-|-|-|-|-");
    empties[2 * np - 1] = 0;
    if (!val[P_DISPLAYS]) val[P_DISPLAYS] = empties;
    /* the named cards, the '?' places, the cards left */
    int named[HDZ_CODES] = {0}, q = 0;
    char bad[20];
    int f[] = {P_MEADOW, P_HANDS, P_PILE, P_DISPLAYS, P_BOX};
    for (int i = 0; i < 5; i++) {
        if (!val[f[i]]) continue;
        int k = partial_scan(val[f[i]], named, bad, sizeof bad);
        if (k < 0) { snprintf(err, errlen, "position: '%s' in '%s' is no card (cards: A1..R5, Dog, Milk1, Milk2)", bad, hdz_partial_name[f[i]]); return -1; }
        if (f[i] == P_PILE || f[i] == P_DISPLAYS || f[i] == P_BOX) {
            if (k) { snprintf(err, errlen, "position: '?' may stand only in 'meadow' and 'hands', not in '%s'", hdz_partial_name[f[i]]); return -1; }
        } else q += k;
    }
    uint8_t left[HDZ_CARDS];
    int nl = 0;
    for (int c = 0; c < HDZ_CODES; c++) {
        int want = HDZ_IS_GOAT(c) ? 1 : c == HDZ_DOG ? HDZ_DOGS : c == HDZ_MILK1 ? hdz_param.milk_ones : hdz_param.milk_twos;
        for (int k = named[c]; k < want; k++) left[nl++] = (uint8_t)c;
    }
    if (q > nl) { snprintf(err, errlen, "position: %d '?' places to deal but only %d cards are not named", q, nl); return -1; }
    shuffle(left, nl, &rng);
    /* write the full position: '?' replaced in order, the rest after the pile or in the box */
    game_out o = {out, outn, 0, 0};
    int used = 0;
    for (int fi = 0; fi < 5; fi++) {
        int fld = fi == 0 ? P_MEADOW : fi == 1 ? P_HANDS : fi == 2 ? P_PILE : fi == 3 ? P_DISPLAYS : P_BOX;
        game_put(&o, fi ? ";" : "");
        game_put(&o, hdz_partial_name[fld]);
        game_put(&o, "=");
        const char *v = val[fld];
        int wrote = 0;
        if (v && strcmp(v, "-") != 0) {
            for (const char *p = v; *p; p++) {
                if (*p == '?' && (p[1] == 0 || strchr(",/|", p[1])) && (p == v || strchr(",/|", p[-1]))) {
                    char nm[8];
                    card_name(left[used++], nm);
                    game_put(&o, nm);
                } else { char ch[2] = {*p, 0}; game_put(&o, ch); }
            }
            wrote = 1;
        } else if (v) { game_put(&o, v); wrote = 1; }
        int extra = (fld == P_PILE && !rest_box) || (fld == P_BOX && rest_box);
        if (extra && used < nl) {
            if (wrote && v && strcmp(v, "-") == 0) { o.len--; wrote = 0; }  /* drop the '-' */
            for (int i = used; i < nl; i++) {
                char nm[8];
                card_name(left[i], nm);
                if (wrote || i > used) game_put(&o, ",");
                game_put(&o, nm);
            }
            used = nl;
            wrote = 1;
        }
        if (!wrote) game_put(&o, "-");
    }
    if (o.len && o.b[o.len - 1] == '=') game_put(&o, "-");
    /* the other fields: given, or those of a fresh turn */
    char num[64];
    game_put(&o, ";goats=");
    if (val[P_GOATS]) game_put(&o, val[P_GOATS]);
    else for (int p = 0; p < np; p++) { if (p) game_put(&o, ","); game_put_int(&o, hdz_param.stable_site[np][p]); }
    int marks[HDZ_MAXP] = {0}, owner[HDZ_TYPES];
    for (int t = 0; t < HDZ_TYPES; t++) owner[t] = -1;
    for (const char *p = val[P_MEADOW]; (p = strchr(p, '*')) != NULL; p++) {
        int seat = p[1] - '1';
        const char *c0 = p;
        while (c0 > val[P_MEADOW] && !strchr(",/", c0[-1])) c0--;
        if (seat >= 0 && seat < np) { marks[seat]++; if (*c0 >= 'A' && *c0 <= 'R') owner[*c0 - 'A'] = seat; }
    }
    game_put(&o, ";supply=");
    if (val[P_SUPPLY]) game_put(&o, val[P_SUPPLY]);
    else for (int p = 0; p < np; p++) { if (p) game_put(&o, ","); game_put_int(&o, hdz_param.small_goats - marks[p]); }
    game_put(&o, ";owner=");
    if (val[P_OWNER]) game_put(&o, val[P_OWNER]);
    else {
        int any = 0;
        for (int t = 0; t < HDZ_TYPES; t++)
            if (owner[t] >= 0) {
                snprintf(num, sizeof num, "%s%c:%d", any ? "," : "", 'A' + t, owner[t] + 1);
                game_put(&o, num); any = 1;
            }
        if (!any) game_put(&o, "-");
    }
    static const char *const tail[][2] = {{"turn", "1"}, {"phase", NULL}, {"played", "-"}, {"ending", "no"},
                                          {"refused", "0"}, {"pending", "-"}};
    int tf[] = {P_TURN, P_PHASE, P_PLAYED, P_ENDING, P_REFUSED, P_PENDING};
    for (int i = 0; i < 6; i++) {
        game_put(&o, ";"); game_put(&o, tail[i][0]); game_put(&o, "=");
        game_put(&o, val[tf[i]] ? val[tf[i]] : tail[i][1] ? tail[i][1] : dflt_phase);
    }
    if (val[P_REMIND]) { game_put(&o, ";remind="); game_put(&o, val[P_REMIND]); }
    if (val[P_SHOWN]) { game_put(&o, ";shown="); game_put(&o, val[P_SHOWN]); }
    snprintf(num, sizeof num, ";rng=%016llx", (unsigned long long)rng);
    game_put(&o, num);
    if (o.bad) { snprintf(err, errlen, "position: the completed position is too long"); return -1; }
    return 0;
}

static int hdz_load_position(void *vst, const game_config *cfg, const char *text,
                              char *err, size_t errlen)
{
    /* rest=pile|box: a partial position, completed first (the result is parsed like any other) */
    if (!strncmp(text, "rest=", 5) || strstr(text, ";rest=")) {
        char full[GAME_TEXT_MAX];
        if (!config_ok(cfg)) { snprintf(err, errlen, "position: players must be 2 to 5"); return GAME_BADARG; }
        if (hdz_complete(cfg, text, full, sizeof full, err, errlen)) return GAME_BADARG;
        return hdz_load_position(vst, cfg, full, err, errlen);
    }
    hdz_state *st = vst;
    hdz_in in;
    in.err = err; in.errlen = errlen; in.bad = 0;
    memset(in.val, 0, sizeof in.val);
    char *buf;
    if (!config_ok(cfg)) { snprintf(err, errlen, "position: players must be 2 to 5"); return GAME_BADARG; }
    base_state(st, cfg);
    int np = cfg->players, n = st->n;
    if (split_fields(&in, text)) return GAME_BADARG;

    /* meadow */
    if (!(buf = get_field(&in, F_MEADOW))) return GAME_BADARG;
    char *rows[HDZ_W + 1];
    if (split(buf, '/', rows, HDZ_W) != n) { failf(&in, "position: 'meadow' needs %d rows separated by '/' (%d players)", n, np); return GAME_BADARG; }
    for (int r = 0; r < n; r++) {
        char *cells[HDZ_W + 1];
        if (split(rows[r], ',', cells, HDZ_W) != n) { failf(&in, "position: meadow row %d needs %d cells separated by ','", r + 1, n); return GAME_BADARG; }
        for (int c = 0; c < n; c++) {
            int cell = r * HDZ_W + c;
            const char *p = cells[c];
            int is_stable = st->cell[cell] == HDZ_STABLE;
            char cn[4];
            cell_name((uint8_t)cell, cn);
            if (p[0] == '#' && !p[1]) {
                if (!is_stable) {
                    failf(&in, "position: meadow cell %s holds '#', but it is no stable site (%s)", cn,
                          R(st, HDZ_R_SITE_OUTSIDE) ? "site=outside: stables stand beside the meadow" : "see the stable sites in SPEC.md");
                    return GAME_BADARG;
                }
                continue;
            }
            if (is_stable) {
                failf(&in, "position: meadow cell %s is a stable site (site=cell) and must be '#', not '%.12s'", cn, p);
                return GAME_BADARG;
            }
            if (p[0] == '.' && !p[1]) continue;
            const char *t0 = p;
            int code = card_parse(&p);
            if (code < 0 || (*p && *p != '*')) {
                failf(&in, "position: meadow cell %s: '%.12s' is no card (want a card such as E3, Dog, Milk1, with *SEAT for a small goat, or '.' or '#')", cn, t0);
                return GAME_BADARG;
            }
            st->cell[cell] = (uint8_t)code;
            if (*p == '*') {
                p++;
                if (*p < '1' || *p > '0' + np || p[1]) { failf(&in, "position: meadow cell %s: small goat '*%.4s' names no seat 1-%d", cn, p, np); return GAME_BADARG; }
                if (!HDZ_IS_GOAT(code)) { failf(&in, "position: meadow cell %s: a small goat on a dog or milk card", cn); return GAME_BADARG; }
                st->mark[cell] = (uint8_t)(*p - '1');
            }
        }
    }
    /* pile, written top first */
    uint8_t tmp[HDZ_CARDS];
    if (!(buf = get_field(&in, F_PILE))) return GAME_BADARG;
    int k = card_list(&in, buf, tmp, HDZ_CARDS, "'pile'");
    if (k < 0) return GAME_BADARG;
    st->pile_len = (uint8_t)k;
    for (int i = 0; i < k; i++) st->pile[k - 1 - i] = tmp[i];
    /* hands */
    char *parts[HDZ_MAXP + 1];
    if (!(buf = get_field(&in, F_HANDS))) return GAME_BADARG;
    if (split(buf, '|', parts, HDZ_MAXP) != np) { fail(&in, "position: '%s' needs one entry per player", "hands"); return GAME_BADARG; }
    for (int p = 0; p < np; p++) {
        char what[32];
        snprintf(what, sizeof what, "'hands' of P%d", p + 1);
        k = card_list(&in, parts[p], tmp, 2, what);
        if (k < 0) return GAME_BADARG;
        for (int i = 0; i < k; i++) hand_add(st, p, tmp[i]);
    }
    /* displays and box */
    if (!(buf = get_field(&in, F_DISPLAYS))) return GAME_BADARG;
    if (split(buf, '|', parts, HDZ_MAXP) != np) { fail(&in, "position: '%s' needs one entry per player", "displays"); return GAME_BADARG; }
    for (int p = 0; p < np; p++) {
        char what[32];
        snprintf(what, sizeof what, "'displays' of P%d", p + 1);
        k = card_list(&in, parts[p], tmp, HDZ_CARDS, what);
        if (k < 0) return GAME_BADARG;
        for (int i = 0; i < k; i++) st->display[p][tmp[i]]++;
    }
    if (!(buf = get_field(&in, F_BOX))) return GAME_BADARG;
    k = card_list(&in, buf, tmp, HDZ_CARDS, "'box'");
    if (k < 0) return GAME_BADARG;
    for (int i = 0; i < k; i++) st->box[tmp[i]]++;
    /* HDZ-CARDS-121: every card exactly where one zone says it is */
    int cnt[HDZ_CODES] = {0};
    for (int c = 0; c < HDZ_CELLS; c++) if (is_card(st->cell[c])) cnt[st->cell[c]]++;
    for (int i = 0; i < st->pile_len; i++) cnt[st->pile[i]]++;
    for (int p = 0; p < np; p++) {
        for (int i = 0; i < 2; i++) if (st->hand[p][i] != HDZ_NONE) cnt[st->hand[p][i]]++;
        for (int c = 0; c < HDZ_CODES; c++) cnt[c] += st->display[p][c];
    }
    for (int c = 0; c < HDZ_CODES; c++) cnt[c] += st->box[c];
    {
        /* every card that is missing or placed too often, by name; each list has room for every
         * code with its counts ("Milk1 (1300 of 8), " is under 24 bytes), so none is cut short */
        char miss[HDZ_CODES * 24] = "", many[HDZ_CODES * 24] = "";
        size_t ml = 0, dl = 0;
        for (int c = 0; c < HDZ_CODES; c++) {
            int want = HDZ_IS_GOAT(c) ? 1 : c == HDZ_DOG ? HDZ_DOGS : c == HDZ_MILK1 ? hdz_param.milk_ones : hdz_param.milk_twos;
            char nm[8];
            card_name((uint8_t)c, nm);
            if (cnt[c] < want) {
                ml += (size_t)snprintf(miss + ml, sizeof miss - ml, "%s%s", ml ? ", " : "", nm);
                if (want > 1) ml += (size_t)snprintf(miss + ml, sizeof miss - ml, " (%d of %d)", cnt[c], want);
            }
            if (cnt[c] > want)
                dl += (size_t)snprintf(many + dl, sizeof many - dl, "%s%s (%d of %d)", dl ? ", " : "", nm, cnt[c], want);
        }
        if (ml || dl) {
            failf(&in, "position: the 121 cards must each stand in one place (meadow, pile, hands, displays, box): %s%s%s%s%s (HDZ-CARDS-121)",
                  ml ? "missing " : "", miss, ml && dl ? "; " : "", dl ? "too often " : "", many);
            return GAME_BADARG;
        }
    }
    /* goats, supply, owners */
    int v[HDZ_MAXP];
    if (!(buf = get_field(&in, F_GOATS)) || int_list(&in, buf, v, np, 0, 4 * n - 1, "goats")) return GAME_BADARG;
    for (int p = 0; p < np; p++) st->goat[p] = (uint8_t)v[p];
    if (!(buf = get_field(&in, F_SUPPLY)) || int_list(&in, buf, v, np, 0, hdz_param.small_goats, "supply")) return GAME_BADARG;
    for (int p = 0; p < np; p++) st->supply[p] = (uint8_t)v[p];
    if (!(buf = get_field(&in, F_OWNER))) return GAME_BADARG;
    if (strcmp(buf, "-") != 0) {
        char *own[HDZ_TYPES + 1];
        int no = split(buf, ',', own, HDZ_TYPES);
        if (no > HDZ_TYPES) { fail(&in, "position: too many entries in '%s'", "owner"); return GAME_BADARG; }
        for (int i = 0; i < no; i++) {
            const char *p = own[i];
            if (p[0] < 'A' || p[0] > 'R' || p[1] != ':' || p[2] < '1' || p[2] > '0' + np || p[3]) {
                fail(&in, "position: bad entry in '%s' (want TYPE:PLAYER, e.g. E:1)", "owner"); return GAME_BADARG;
            }
            st->owner[p[0] - 'A'] = (uint8_t)(p[2] - '1');
        }
    }
    /* a small goat lies only on a card of a type its seat owns (HDZ-SCORE-MAJORITY8, HDZ-SCORE-FOURTH) */
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int cell = r * HDZ_W + c, m = st->mark[cell];
            int t = HDZ_TYPE(st->cell[cell]);
            if (m == HDZ_NONE || st->owner[t] == m) continue;
            char nm[8], who[16] = "nobody";
            card_name(st->cell[cell], nm);
            if (st->owner[t] != HDZ_NONE) snprintf(who, sizeof who, "P%d", st->owner[t] + 1);
            failf(&in, "position: meadow cell %c%d (%s) carries P%d's small goat, but 'owner' gives type %c to %s "
                  "(HDZ-SCORE-MAJORITY8)", 'a' + c, r + 1, nm, m + 1, 'A' + t, who);
            return GAME_BADARG;
        }
    /* remind (optional): TYPE:COUNT of an owned type, count 1..4, under reminder=reserve */
    if (in.val[F_REMIND] && strcmp(in.val[F_REMIND], "-") != 0) {
        char *rem[HDZ_TYPES + 1];
        int nr = split(in.val[F_REMIND], ',', rem, HDZ_TYPES);
        if (nr > HDZ_TYPES) { fail(&in, "position: too many entries in '%s'", "remind"); return GAME_BADARG; }
        for (int i = 0; i < nr; i++) {
            const char *p = rem[i];
            if (p[0] < 'A' || p[0] > 'R' || p[1] != ':' || p[2] < '1' || p[2] > '4' || p[3]) {
                fail(&in, "position: bad entry '%s' in 'remind' (want TYPE:COUNT with COUNT 1-4, e.g. E:1)", p);
                return GAME_BADARG;
            }
            if (st->owner[p[0] - 'A'] == HDZ_NONE || !R(st, HDZ_R_REMIND_RESERVE) || R(st, HDZ_R_SUPPLY_UNLIM)) {
                fail(&in, "position: 'remind' entry %s needs an owner of its type, reminder=reserve and supply=ten", p);
                return GAME_BADARG;
            }
            st->remind[p[0] - 'A'] = (uint8_t)(p[2] - '0');
        }
    }
    /* shown (optional): SEAT:CARD for a hand card its seat had to reveal (HDZ-SCORE-FIFTH-HAND) */
    if (in.val[F_SHOWN] && strcmp(in.val[F_SHOWN], "-") != 0) {
        char *sh[2 * HDZ_MAXP];                     /* two hand cards a seat; split says when there are more */
        int cap = (int)(sizeof sh / sizeof sh[0]);
        int ns = split(in.val[F_SHOWN], ',', sh, cap);
        if (ns > cap) { fail(&in, "position: too many entries in '%s' (HDZ-SCORE-FIFTH-HAND)", "shown"); return GAME_BADARG; }
        for (int i = 0; i < ns; i++) {
            const char *p = sh[i];
            int seat = p[0] - '1';
            const char *cp = p + 2;
            int code = (p[0] >= '1' && p[1] == ':') ? card_parse(&cp) : -1;
            if (seat < 0 || seat >= np || code < 0 || *cp || !hand_has(st, seat, (uint8_t)code)) {
                fail(&in, "position: bad entry '%s' in 'shown' (want SEAT:CARD for a card in that seat's hand, e.g. 2:E1) (HDZ-SCORE-FIFTH-HAND)", p);
                return GAME_BADARG;
            }
            shown_add(st, seat, (uint8_t)code);
        }
    }
    /* turn and phase */
    if (!(buf = get_field(&in, F_TURN)) || int_list(&in, buf, v, 1, 1, np, "turn")) return GAME_BADARG;
    st->turn = (uint8_t)(v[0] - 1);
    if (!(buf = get_field(&in, F_PHASE))) return GAME_BADARG;
    int ph = name_index(hdz_phase_name, 6, buf);
    if (ph < 0) { fail(&in, "position: unknown phase '%s'", buf); return GAME_BADARG; }
    st->phase = (uint8_t)ph;
    if (!(buf = get_field(&in, F_PLAYED))) return GAME_BADARG;
    if (strcmp(buf, "-") != 0) {
        const char *p = buf;
        int c = card_parse(&p);
        if (c < 0 || *p) { fail(&in, "position: bad card in '%s'", "played"); return GAME_BADARG; }
        st->played = (uint8_t)c;
    }
    if (!(buf = get_field(&in, F_ENDING))) return GAME_BADARG;
    int en = name_index(hdz_end_name, 4, buf);
    if (en < 0) { fail(&in, "position: unknown ending '%s'", buf); return GAME_BADARG; }
    st->ending = (uint8_t)en;
    if (!(buf = get_field(&in, F_REFUSED)) || int_list(&in, buf, v, 1, 0, 1, "refused")) return GAME_BADARG;
    st->refused = (uint8_t)v[0];
    if (!(buf = get_field(&in, F_PENDING))) return GAME_BADARG;
    if (strcmp(buf, "-") != 0) {
        const char *p = buf;
        int a = cell_parse(st, &p);
        int b = (a >= 0 && *p++ == '-') ? cell_parse(st, &p) : -1;
        if (a < 0 || b < 0 || *p) { fail(&in, "position: bad cells in '%s'", "pending"); return GAME_BADARG; }
        st->pend_from = (uint8_t)a; st->pend_to = (uint8_t)b;
    }
    if (!(buf = get_field(&in, F_RNG))) return GAME_BADARG;
    /* the generator as position_print writes it: 1 to 16 hex digits, no sign (never wrapped or clamped) */
    size_t rl = strlen(buf);
    if (rl < 1 || rl > 16 || strspn(buf, "0123456789abcdefABCDEF") != rl) {
        failf(&in, "position: 'rng' wants 1 to 16 hex digits, got '%.24s'", buf); return GAME_BADARG;
    }
    st->rng = strtoull(buf, NULL, 16);

    /* The phase must be one the engine can stand in. */
    st->decider = st->turn;
    if (st->phase == HDZ_PH_OVER) st->decider = HDZ_NONE;
    if (st->phase == HDZ_PH_AGREE) {
        if (st->pend_from == HDZ_NONE || st->mark[st->pend_from] != st->turn ||
            st->mark[st->pend_to] == HDZ_NONE || st->mark[st->pend_to] == st->turn) {
            fail(&in, "position: phase agree needs a pending swap of %s", "own card with an opponent's card");
            return GAME_BADARG;
        }
        st->decider = st->mark[st->pend_to];
    } else if (st->pend_from != HDZ_NONE) {
        fail(&in, "position: '%s' is only for phase agree", "pending"); return GAME_BADARG;
    }
    if ((st->phase == HDZ_PH_TAKE || st->phase == HDZ_PH_DOG || st->phase == HDZ_PH_AGREE) &&
        st->played == HDZ_NONE) {
        fail(&in, "position: phase %s needs the played card", hdz_phase_name[st->phase]); return GAME_BADARG;
    }
    if (st->phase == HDZ_PH_REDRAW && st->played != HDZ_NONE) {
        fail(&in, "position: '%s' must be '-' in phase redraw", "played"); return GAME_BADARG;
    }
    /* HDZ-SETUP-DOG-REDRAW: only a seat holding a dog decides a redraw; the phase skips the others
     * (redraw_advance), so no game reaches a redraw decision at a seat without one */
    if (st->phase == HDZ_PH_REDRAW && st->turn < st->players && !seat_has_dog(st, st->turn)) {
        failf(&in, "position: phase redraw needs a dog in the hand of the seat at turn (P%d holds none; seats "
              "without a dog are skipped, HDZ-SETUP-DOG-REDRAW)", st->turn + 1);
        return GAME_BADARG;
    }
    if (st->phase == HDZ_PH_PLAY && st->played != HDZ_NONE) {
        fail(&in, "position: '%s' must be '-' in phase play (no card is played yet)", "played"); return GAME_BADARG;
    }
    /* HDZ-TURN-PLAY: the played card lies open in front of its player */
    if (st->played != HDZ_NONE && st->phase != HDZ_PH_OVER && st->display[st->turn][st->played] == 0) {
        char nm[8];
        card_name(st->played, nm);
        failf(&in, "position: 'played=%s' is not in P%d's display (the played card lies open in front of its player) (HDZ-TURN-PLAY)", nm,
             st->turn + 1);
        return GAME_BADARG;
    }
    /* HDZ-TURN-PHASES: a dog move follows a played dog; the game ends only by an end condition, and
     * under end=immediate at once (HDZ-AMB-END-TIMING); a dog that empties a line ends the game with
     * its turn (HDZ-AMB-END-DOG-EMPTIED) */
    if ((st->phase == HDZ_PH_DOG || st->phase == HDZ_PH_AGREE) && st->played != HDZ_DOG) {
        char nm[8] = "-";
        if (st->played != HDZ_NONE) card_name(st->played, nm);
        failf(&in, "position: phase %s follows a played dog, not 'played=%s' (HDZ-TURN-PHASES)", hdz_phase_name[st->phase], nm);
        return GAME_BADARG;
    }
    if (st->phase == HDZ_PH_OVER && st->ending == HDZ_END_NO) {
        failf(&in, "position: phase over needs the end that came ('ending' line, blocked or dog), not ending=no (HDZ-TURN-PHASES)");
        return GAME_BADARG;
    }
    if (st->ending != HDZ_END_NO && st->phase != HDZ_PH_OVER &&
        (R(st, HDZ_R_END_IMMEDIATE) || st->ending == HDZ_END_DOG || (st->phase != HDZ_PH_DOG && st->phase != HDZ_PH_AGREE))) {
        failf(&in, "position: 'ending=%s' in phase %s: %s (HDZ-TURN-PHASES)", hdz_end_name[st->ending], hdz_phase_name[st->phase],
             R(st, HDZ_R_END_IMMEDIATE) ? "under end=immediate the game is over at once" :
             st->ending == HDZ_END_DOG ? "a dog that empties a line ends the game with its move" :
             "an end condition met in a turn leaves only its dog move before the game is over");
        return GAME_BADARG;
    }
    /* HDZ-DOG-SWAP-AGREE, HDZ-AMB-DOG-REFUSED: a refusal stands in the dog phase that follows it
     * (refused=choose-again) and, after a played dog, at the end of the game's last turn; a turn
     * starts with none */
    if (st->refused && !(st->phase == HDZ_PH_DOG && !R(st, HDZ_R_REFUSED_LOST)) &&
        !(st->phase == HDZ_PH_OVER && st->played == HDZ_DOG)) {
        failf(&in, "position: 'refused=1' in phase %s: a refused swap stands only in the dog phase that follows it "
              "(refused=choose-again) or at the end of the game's last turn (HDZ-TURN-PHASES)", hdz_phase_name[st->phase]);
        return GAME_BADARG;
    }
    /* HDZ-SETUP-HAND: a turn starts with two cards in every hand */
    for (int p = 0; p < np && st->phase == HDZ_PH_PLAY; p++)
        if (st->hand[p][0] == HDZ_NONE || st->hand[p][1] == HDZ_NONE) {
            failf(&in, "position: P%d holds fewer than 2 cards at the start of a turn (phase play); every hand holds 2 (HDZ-SETUP-HAND)", p + 1);
            return GAME_BADARG;
        }
    /* HDZ-SETUP-STABLES: "10 kleine houten geiten": each in the stable, on a meadow card or waiting as
     * a reminder (HDZ-SCORE-REMINDER); with supply=unlimited the stable never runs out */
    for (int p = 0; p < np && !R(st, HDZ_R_SUPPLY_UNLIM); p++) {
        int on = 0, rem = 0;
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) on += st->mark[r * HDZ_W + c] == p;
        for (int t = 0; t < HDZ_TYPES; t++) if (st->owner[t] == p) rem += st->remind[t];
        if (st->supply[p] + on + rem != hdz_param.small_goats) {
            failf(&in, "position: P%d has %d small goats in the stable ('supply'), %d on meadow cards and %d as reminders; "
                  "together they must be %d (HDZ-SETUP-STABLES)", p + 1, st->supply[p], on, rem, hdz_param.small_goats);
            return GAME_BADARG;
        }
    }
    if (st->phase == HDZ_PH_REDRAW && R(st, HDZ_R_REDRAW_FORCED) && seat_has_dog(st, st->turn) && st->pile_len > 0) {
        /* HDZ-AMB-DOG-REDRAW=compulsory: a dog must go back while the pile has a card, so a pile of
         * dogs alone would swap dog for dog for ever; no deal leaves one (the pile keeps more cards
         * that are no dog than the seats can draw) */
        int other = 0;
        for (int i = 0; i < st->pile_len; i++) other |= st->pile[i] != HDZ_DOG;
        if (!other) {
            fail(&in, "position: phase redraw under dog-redraw=compulsory needs a card in the %s that is no dog", "pile");
            return GAME_BADARG;
        }
    }
    return GAME_OK;
}

static int hdz_same_play(const void *va, const void *vb)
{
    const hdz_state *a = va, *b = vb;
    size_t from = offsetof(hdz_state, players);
    return a->rng == b->rng &&
           memcmp((const char *)a + from, (const char *)b + from, sizeof *a - from) == 0;
}

/* The board for people: the meadow with small goats (lower case seat letter after the card),
 * the goat track positions, hands, displays, milk and the scores if the game were over now. */
static int hdz_board_print(const void *vst, char *buf, size_t n)
{
    const hdz_state *st = vst;
    game_out o = {buf, n, 0, 0};
    char line[160];
    if (n) buf[0] = 0;
    game_put(&o, "     ");
    for (int c = 0; c < st->n; c++) { snprintf(line, sizeof line, " %c     ", 'a' + c); game_put(&o, line); }
    game_put(&o, "\n");
    for (int r = 0; r < st->n; r++) {
        snprintf(line, sizeof line, "  %d  ", r + 1);
        game_put(&o, line);
        for (int c = 0; c < st->n; c++) {
            int cell = r * HDZ_W + c;
            uint8_t v = st->cell[cell];
            char nm[8] = "", tok[32];
            if (v == HDZ_NONE) snprintf(tok, sizeof tok, "  .    ");
            else if (v == HDZ_STABLE) {
                int who = 0;
                for (int p = 0; p < st->players; p++) if (stable_cell_for(st, p) == cell) who = p + 1;
                snprintf(tok, sizeof tok, " [S%d]  ", who);
            } else {
                card_name(v, nm);
                if (st->mark[cell] != HDZ_NONE) snprintf(tok, sizeof tok, " %s*%d%*s", nm, st->mark[cell] + 1, (int)(4 - strlen(nm)), "");
                else snprintf(tok, sizeof tok, " %-6s", nm);
            }
            game_put(&o, tok);
        }
        game_put(&o, "\n");
    }
    for (int p = 0; p < st->players; p++) {
        char h[2][8] = {"-", "-"};
        for (int i = 0; i < 2; i++) if (st->hand[p][i] != HDZ_NONE) card_name(st->hand[p][i], h[i]);
        snprintf(line, sizeof line, "P%d: goat at track %d (stable %d), hand %s %s, %d small goats left\n    display ",
                 p + 1, st->goat[p], st->stable[p], h[0], h[1], st->supply[p]);
        game_put(&o, line);
        /* the display in lines of at most 12 cards */
        int shown = 0;
        for (int c = 0; c < HDZ_CODES; c++)
            for (int i = 0; i < st->display[p][c]; i++) {
                if (shown && shown % 12 == 0) game_put(&o, "\n            ");
                else if (shown) game_put(&o, ",");
                put_card(&o, (uint8_t)c);
                shown++;
            }
        if (!shown) game_put(&o, "-");
        game_put(&o, "\n");
    }
    snprintf(line, sizeof line, "pile %d cards; turn P%d, phase %s%s\n", st->pile_len, st->turn + 1,
             hdz_phase_name[st->phase], st->ending ? " (ending)" : "");
    game_put(&o, line);
    return o.bad ? -1 : (int)o.len;
}

/* Why apply would refuse m (for error messages): the first rule it breaks. */
static int hdz_why_illegal(const void *vst, const game_move *m, char *buf, size_t n)
{
    const hdz_state *st = vst;
    int p = st->turn;
    char a[8], b[8];
    static const int want[] = {0, HDZ_PH_REDRAW, HDZ_PH_REDRAW, HDZ_PH_PLAY, HDZ_PH_TAKE, HDZ_PH_DOG, HDZ_PH_DOG,
                               HDZ_PH_AGREE, HDZ_PH_AGREE};
    if (st->phase == HDZ_PH_OVER) return snprintf(buf, n, "the game is over");
    if (m->kind < 1 || m->kind > HDZ_MV_REFUSE || want[m->kind] != st->phase)
        return snprintf(buf, n, "the game waits for P%d's %s move (phase %s)", st->decider + 1,
                        hdz_phase_name[st->phase], hdz_phase_name[st->phase]);
    switch (m->kind) {
    case HDZ_MV_PLAY:
        card_name(m->a, a);
        if (!hand_has(st, p, m->a)) return snprintf(buf, n, "%s is not in P%d's hand", a, p + 1);
        break;
    case HDZ_MV_TAKE: {
        cell_name(m->a, a);
        hdz_line l = goat_line(st, st->goat[p]);
        int in_line = l.is_row ? m->a / HDZ_W == l.idx : m->a % HDZ_W == l.idx;
        if (!in_line) return snprintf(buf, n, "%s is not in the %s beside P%d's large goat (%s %c%s)", a,
                                      l.is_row ? "row" : "column", p + 1, l.is_row ? "row" : "column",
                                      l.is_row ? '1' + l.idx : 'a' + l.idx, "");
        if (!is_card(st->cell[m->a])) return snprintf(buf, n, "%s holds no card", a);
        if (st->mark[m->a] != HDZ_NONE) return snprintf(buf, n, "the card at %s carries P%d's small goat (HDZ-TAKE-NOMARKED)", a, st->mark[m->a] + 1);
        break;
    }
    case HDZ_MV_DOG:
        cell_name(m->a, a); cell_name(m->b, b);
        if (m->a >= HDZ_CELLS || st->mark[m->a] != p) return snprintf(buf, n, "%s does not carry P%d's small goat", a, p + 1);
        return snprintf(buf, n, "the card at %s cannot go to %s under the dog rules and this profile's readings", a, b);
    case HDZ_MV_PASS:
        return snprintf(buf, n, "a dog move must be made (dog=mandatory)");
    default:
        break;
    }
    return 0;
}

/* Report measures (game.h): the small goats on the meadow, marked cards in all. */
static int hdz_measures(const void *vst, const char **names, double *values, int max)
{
    const hdz_state *st = vst;
    if (max < 1) return 1;
    names[0] = "goats on the meadow";
    if (st) {
        int n = 0;
        for (int c = 0; c < HDZ_CELLS; c++) n += st->mark[c] != HDZ_NONE;
        values[0] = n;
    }
    return 1;
}

/* Report units (game.h): a turn ends when the next seat's turn begins or the game ends; the setup's
 * dog redraws are no turns. */
static int hdz_units_done(const void *vpre, const void *vpost)
{
    const hdz_state *a = vpre, *b = vpost;
    if (a->phase == HDZ_PH_REDRAW || a->phase == HDZ_PH_OVER) return 0;
    return b->phase == HDZ_PH_OVER || b->turn != a->turn;
}

/* The engine's position loader: its reason, when it refuses, is one printable line. */
static int hdz_setup_position(void *st, const game_config *cfg, const char *text, char *err, size_t errlen)
{
    return game_reason_line(hdz_load_position(st, cfg, text, err, errlen), err, errlen);
}

const game_engine hdz_engine = {
    .name = "hdz", .title = "Herr der Ziegen", .tag = "HDZ",
    .min_players = 2, .max_players = HDZ_MAXP,
    .state_size = sizeof(hdz_state),
    .amb = hdz_amb, .n_amb = HDZ_N_AMB,
    .profiles = hdz_profiles, .n_profiles = (int)(sizeof hdz_profiles / sizeof hdz_profiles[0]),
    .setup_seed = hdz_setup_seed,
    .setup_position = hdz_setup_position,
    .position_print = hdz_position_print,
    .config = hdz_config,
    .to_move = hdz_to_move,
    .legal_moves = hdz_legal_moves,
    .apply = hdz_apply,
    .result = hdz_result,
    .redact = hdz_redact,
    .same_play = hdz_same_play,
    .board_print = hdz_board_print,
    .move_print = hdz_move_print,
    .move_parse = hdz_move_parse,
    .why_illegal = hdz_why_illegal,
    .score_now = hdz_tally,
    .measures = hdz_measures,
    .score_sense = 1, .unit = "turns", .unit_per_seat = 1,
    .score_name = "points", .win_rule = "the most points win (HDZ-FINAL-WINNER)",
    .units_done = hdz_units_done,
    .determinize = hdz_determinize,
};
