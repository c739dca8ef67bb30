/* gp.c: the Gloria Picktoria reference engine (2-5 players, the Dutch text's readings). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gp.h"

/* ---- Readings and profiles (SPEC.md, ambiguity register (Gloria Picktoria)) ------------ */

static const game_ambiguity gp_amb[GP_N_AMB] = {
    {"GP-AMB-FOX-PLACE",      "fox-place",      {"last-player", "each-first"}},
    {"GP-AMB-BARE-CHEST",     "fox-target",     {"opened", "any-chest"}},
    {"GP-AMB-DOUBLER-OWNER",  "doubler-on",     {"own", "any"}},
    {"GP-AMB-DH-DRAW",        "dh-draw",        {"lost", "redraw"}},
    {"GP-AMB-THREE-ACTIONS",  "actions",        {"three", "may-stop"}},
    {"GP-AMB-WIN-TIE",        "win-tie",        {"shared", "none"}},
    {"GP-AMB-PLACE-COUNTS",   "fox-place-move", {"free", "counts"}},
    {"GP-AMB-SECOND-DOUBLER", "second-doubler", {"closed", "allowed"}},
    {"GP-AMB-FOX-IGNORED",    "fox-row",        {"ignored", "ranked"}},
    {"GP-AMB-FOX-EVERY",      "fox-new",        {"first-only", "every-open"}},
    {"GP-AMB-DRAW-ORDER",     "draw-at",        {"any-order", "first"}},
};

/* Profile nl: reading 0 everywhere but GP-AMB-SECOND-DOUBLER `allowed` ("De verdubbelkaart zelf
 * telt niet als verzamelstuk." with "geen nieuwe verzamelstukken"; SPEC.md register). */
static const game_profile gp_profiles[] = {
    {"nl", "gloria-picktoria.nl.txt", GP_R_DOUBLER_STACK},
};

#define R(st, bit) (((st)->readings & (bit)) != 0)

/* ---- Small helpers ------------------------------------------------------------------- */

static int hand_total(const gp_state *st, int p)
{
    int n = 0;
    for (int t = 0; t < GP_HANDT; t++) n += st->hand[p][t];
    return n;
}

/* The left neighbour: play runs clockwise, so the next player sits on the left. */
static int left_of(const gp_state *st, int p) { return (p + 1) % st->players; }

/* 1 when seat p has laid at least one open card (a collection with a piece). */
static int has_opened(const gp_state *st, int p)
{
    for (int c = 0; c < st->ncol; c++)
        if (st->col_owner[c] == p && st->col_len[c] > 0) return 1;
    return 0;
}

/* GP-AMB-BARE-CHEST: a collection the fox may stand on: opened | any chest. */
static int fox_target(const gp_state *st, int c)
{
    return c < st->ncol && (st->col_len[c] > 0 || R(st, GP_R_FOX_BARE_CHEST));
}

static void shuffle(uint8_t *a, int n, uint64_t *rng)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)game_rng_below(rng, (uint32_t)(i + 1));
        uint8_t t = a[i]; a[i] = a[j]; a[j] = t;
    }
}

static uint8_t pile_pop(gp_state *st)
{
    uint8_t t = st->pile[--st->pile_len];
    st->pile[st->pile_len] = 0;
    return t;
}

/* ---- Scoring ------------------------------------------------------------------------------ */

/* One scoring (GP-SCORE-*): for every motif, the collections that show it, the fox's ignored. */
static void score_round(gp_state *st, int idx)
{
    /* GP-FOX-WORTHLESS: "Deze verzameling wordt gewoon genegeerd."; GP-AMB-FOX-IGNORED: left out of
     * the ranking (ignored) | ranked but paid nothing (ranked). GP-SCORE-SOLE, GP-SCORE-LONGEST,
     * GP-SCORE-TIE-LONGEST, GP-SCORE-SECOND, GP-SCORE-TIE-SECOND: each motif's ranking (the longest,
     * how many share it, the second, how many share that), in one pass over the collections */
    int best[GP_MOTIFS] = {0}, nbest[GP_MOTIFS] = {0}, second[GP_MOTIFS] = {0}, nsecond[GP_MOTIFS] = {0}, n[GP_MOTIFS] = {0};
    int ranked = R(st, GP_R_FOX_ROW_RANKED);
    for (int c = 0; c < st->ncol; c++) {
        int m = st->col_motif[c];
        if (m >= GP_MOTIFS || (c == st->fox && !ranked)) continue;
        int L = st->col_len[c];
        n[m]++;
        if (L > best[m]) { second[m] = best[m]; nsecond[m] = nbest[m]; best[m] = L; nbest[m] = 1; }
        else if (L == best[m]) nbest[m]++;
        else if (L > second[m]) { second[m] = L; nsecond[m] = 1; }
        else if (L == second[m]) nsecond[m]++;
    }
    for (int c = 0; c < st->ncol; c++) {
        int m = st->col_motif[c];
        if (m >= GP_MOTIFS || n[m] == 0 || c == st->fox) continue;   /* the fox's row is worth nothing */
        int L = st->col_len[c], pts = 0;
        if (n[m] == 1) pts = gp_param.sole;                                      /* GP-SCORE-SOLE */
        else if (nbest[m] >= 2) pts = L == best[m] ? gp_param.tie_longest : 0;   /* GP-SCORE-TIE-LONGEST */
        else if (L == best[m]) pts = gp_param.longest;                           /* GP-SCORE-LONGEST */
        else if (L == second[m] && nsecond[m] == 1) pts = gp_param.second;       /* GP-SCORE-SECOND */
        else if (L == second[m]) pts = 0;                                       /* GP-SCORE-TIE-SECOND: "zonder punten" */
        /* GP-DOUBLER-SCORE: "verdubbelt ... de waarde van deze verzameling" (per doubler under
         * second-doubler=allowed) */
        for (int d = 0; d < st->col_dbl[c]; d++) pts *= 2;
        st->wscore[idx][st->col_owner[c]] = (int16_t)(st->wscore[idx][st->col_owner[c]] + pts);
    }
}

/* GP-PENALTY-CHEST, GP-PENALTY-HAND: only "Bij de laatste waardering". A bare chest under the fox
 * (fox-target=any-chest) costs its 2 too: the loss counts "elke verdeckte kaart (schatkist) die
 * alleen, zonder een verzamelstuk, voor de speler ligt"; "waardeloos" is the scoring (SPEC.md). */
static void final_penalties(gp_state *st)
{
    for (int p = 0; p < st->players; p++) {
        int pen = hand_total(st, p) * gp_param.hand_penalty;
        for (int c = 0; c < st->ncol; c++)
            if (st->col_owner[c] == p && st->col_len[c] == 0) pen += gp_param.bare_chest_penalty;
        st->penalty[p] = (int16_t)pen;
    }
}

/* GP-DH-REVEAL: a Dschingis-Haan card is laid beside the display at no action cost;
 * GP-SCORING-TIMES: the 4th, 7th and 10th trigger the scorings; GP-END: the third ends the game. */
static void dh_out(gp_state *st)
{
    st->dh++;
    if (st->scorings < 3 && st->dh == gp_param.scoring_at[st->scorings]) {
        score_round(st, st->scorings);
        st->scorings++;   /* GP-SCORING-INTERRUPT: scorings 1-2 change nothing else; the turn goes on */
        if (st->scorings == 3) {
            final_penalties(st);
            st->phase = GP_PH_OVER;
        }
    }
}

/* GP-TAKE-DISPLAY: the slot is refilled from the pile at once; a Dschingis-Haan card is laid
 * aside (GP-DH-REVEAL) and the next card tried, "zodat er steeds ... drie kaarten open in de
 * vitrine liggen". */
static void refill(gp_state *st, int slot)
{
    st->display[slot] = GP_NONE;
    while (st->pile_len > 0 && st->phase != GP_PH_OVER) {
        uint8_t t = pile_pop(st);
        if (t == GP_DH) { dh_out(st); continue; }
        st->display[slot] = t;
        return;
    }
}

/* ---- Setup ------------------------------------------------------------------------------- */

static int config_ok(const game_config *cfg)
{
    return cfg && cfg->players >= 2 && cfg->players <= GP_MAXP && (cfg->readings >> GP_N_AMB) == 0;
}

static void base_state(gp_state *st, const game_config *cfg)
{
    memset(st, 0, sizeof *st);
    st->readings = cfg->readings;
    st->players = (uint8_t)cfg->players;
    st->fox = GP_NONE;
    memset(st->display, GP_NONE, sizeof st->display);
    memset(st->col_motif, GP_NONE, sizeof st->col_motif);
}

static int gp_setup_seed(void *vst, const game_config *cfg, uint64_t seed)
{
    gp_state *st = vst;
    if (!config_ok(cfg)) return GAME_BADARG;
    base_state(st, cfg);
    uint64_t rng = seed;
    /* GP-SETUP-SORT: the Dschingis-Haan and the doublers sorted out; the other 95 shuffled */
    uint8_t deck[110];
    int n = 0;
    for (int m = 0; m < GP_MOTIFS; m++)
        for (int k = 0; k < gp_param.per_motif; k++) deck[n++] = (uint8_t)m;
    for (int k = 0; k < gp_param.jokers; k++) deck[n++] = GP_JOKER;
    shuffle(deck, n, &rng);
    /* GP-SETUP-DISPLAY: "Drie kaarten hiervan ... (deze kaarten vormen de vitrine)" */
    for (int i = 0; i < gp_param.display; i++) st->display[i] = deck[--n];
    /* GP-SETUP-HANDS: 4 cards and one doubler each; the other doublers back in the box */
    for (int p = 0; p < cfg->players; p++) {
        for (int i = 0; i < gp_param.hand; i++) st->hand[p][deck[--n]]++;
        st->hand[p][GP_DOUBLER] = 1;
    }
    /* GP-SETUP-PILE: the Dschingis-Haan shuffled into the rest: the face-down pile */
    for (int k = 0; k < gp_param.dh; k++) deck[n++] = GP_DH;
    shuffle(deck, n, &rng);
    for (int i = 0; i < n; i++) st->pile[i] = deck[i];
    st->pile_len = (uint8_t)n;
    st->phase = GP_PH_ACT;      /* GP-TURN-ORDER: P1 begins */
    return GAME_OK;
}

/* ---- Legal moves -------------------------------------------------------------------------- */

static inline game_move mv(uint8_t kind, uint8_t a, uint8_t b)
{
    game_move m = {kind, a, b, 0, 0, 0, 0, 0};
    return m;
}

/* The motifs seat p already collects, one bit each (GP-ONE-PER-MOTIF). */
static unsigned motifs_of(const gp_state *st, int p)
{
    unsigned m = 0;
    for (int c = 0; c < st->ncol; c++)
        if (st->col_owner[c] == p && st->col_motif[c] < GP_HANDT) m |= 1u << st->col_motif[c];
    return m;
}

/* May hand card type t be laid open on collection c by the current player, who collects the
 * motifs `owned` (motifs_of)? */
static int open_ok(const gp_state *st, int t, int c, unsigned owned)
{
    int p = st->turn;
    if (c >= st->ncol || !st->hand[p][t]) return 0;
    if (t == GP_DOUBLER) {
        /* GP-DOUBLER-PLAY: "aan elke verzameling waarin minstens één open verzamelstuk ligt";
         * GP-AMB-DOUBLER-OWNER, GP-AMB-SECOND-DOUBLER */
        if (st->col_owner[c] != p && !R(st, GP_R_DOUBLER_ANY)) return 0;
        return st->col_len[c] > 0 && (st->col_dbl[c] == 0 || R(st, GP_R_DOUBLER_STACK));
    }
    if (st->col_owner[c] != p) return 0;            /* GP-OPEN-OWN: "aan een eigen verzameling" */
    if (st->col_dbl[c]) return 0;                   /* GP-DOUBLER-PLAY: "beëindigt ook de verzamelrij" */
    if (t == GP_JOKER) return st->col_len[c] > 0;   /* GP-JOKER: never the first open card */
    if (st->col_len[c] == 0) return !(owned >> t & 1);      /* GP-OPEN-START, GP-ONE-PER-MOTIF */
    return st->col_motif[c] == t;   /* GP-OPEN-EXTEND "van hetzelfde motief"; GP-FOX-EXTEND: the fox's too */
}

static int add(game_move *out, int max, int k, game_move m)
{
    if (out && k < max) out[k] = m;
    return k + 1;
}

/* The free pass and action D's second form: collections of the left neighbour. */
static int fox_left_moves(const gp_state *st, game_move *out, int max, int k)
{
    int q = left_of(st, st->turn);
    for (int c = 0; c < st->ncol; c++)
        if (st->col_owner[c] == q && c != st->fox && fox_target(st, c)) k = add(out, max, k, mv(GP_MV_FOX, (uint8_t)c, 0));
    return k;
}

static int fox_is_mine(const gp_state *st)
{
    return st->fox != GP_NONE && st->col_owner[st->fox] == st->turn;
}

/* GP-LEGAL-SET: every legal move, in a fixed order (chest, open, take, draw, fox, end); with
 * kind != 0 only the moves of that kind (apply checks a move against those alone). */
static int moves_of(const gp_state *st, game_move *out, int max, int kind)
{
    int k = 0, p = st->turn, left = GP_ACTIONS - st->acts;
#define WANT(kd) (kind == 0 || kind == (kd))
    if (st->phase == GP_PH_ACT) {
        /* GP-CHEST */
        for (int t = 0; t < GP_HANDT && WANT(GP_MV_CHEST); t++)
            if (st->hand[p][t] && st->ncol < GP_MAXCOL) k = add(out, max, k, mv(GP_MV_CHEST, (uint8_t)t, 0));
        /* GP-OPEN-*, GP-JOKER, GP-DOUBLER-PLAY */
        unsigned owned = WANT(GP_MV_OPEN) ? motifs_of(st, p) : 0;
        for (int t = 0; t < GP_HANDT && WANT(GP_MV_OPEN); t++)
            for (int c = 0; c < st->ncol && st->hand[p][t]; c++)
                if (open_ok(st, t, c, owned)) k = add(out, max, k, mv(GP_MV_OPEN, (uint8_t)t, (uint8_t)c));
        /* GP-TAKE-DISPLAY */
        for (int i = 0; i < GP_DISPLAY && WANT(GP_MV_TAKE); i++)
            if (st->display[i] != GP_NONE) k = add(out, max, k, mv(GP_MV_TAKE, (uint8_t)i, 0));
        /* GP-TAKE-PILE: 2 actions; GP-AMB-DRAW-ORDER: "in een volgorde naar keuze" (any-order:
         * while two are left) | "nog maar één volgende actie" (first: only as the first action) */
        if (left >= 2 && st->pile_len > 0 && WANT(GP_MV_DRAW) && (st->acts == 0 || !R(st, GP_R_DRAW_FIRST)))
            k = add(out, max, k, mv(GP_MV_DRAW, 0, 0));
        /* GP-FOX-OWN (1 action), GP-FOX-LEFT (2 actions), GP-FOX-ONCE */
        if (fox_is_mine(st) && !st->fox_moved && WANT(GP_MV_FOX)) {
            for (int c = 0; c < st->ncol; c++)
                if (st->col_owner[c] == p && c != st->fox && fox_target(st, c))
                    k = add(out, max, k, mv(GP_MV_FOX, (uint8_t)c, 0));
            if (left >= 2) k = fox_left_moves(st, out, max, k);
        }
        /* GP-AMB-THREE-ACTIONS: may-stop lets the player end the turn early */
        if (R(st, GP_R_MAY_STOP) && WANT(GP_MV_END)) k = add(out, max, k, mv(GP_MV_END, 0, 0));
    } else if (st->phase == GP_PH_PASS) {
        /* GP-FOX-PASS */
        if (WANT(GP_MV_FOX)) k = fox_left_moves(st, out, max, k);
        if (WANT(GP_MV_END)) k = add(out, max, k, mv(GP_MV_END, 0, 0));
    }
#undef WANT
    return k < max ? k : max;
}

static int gp_legal_moves(const void *vst, game_move *out, int max)
{
    return moves_of(vst, out, max, 0);
}

/* ---- Turn flow ------------------------------------------------------------------------------ */

static void next_turn(gp_state *st)
{
    st->turn = (uint8_t)left_of(st, st->turn);    /* GP-TURN-ORDER: clockwise */
    st->acts = 0;
    st->fox_moved = 0;
    st->phase = GP_PH_ACT;
}

/* The actions are done: the free pass decision when there is one, else the next player. */
static void actions_done(gp_state *st)
{
    /* GP-FOX-PASS: only a fox on the mover's own collection is passed on ("Als de vos zich op één
     * van de verzamelingen bevindt van de actuele speler", "verder geven") */
    if (fox_is_mine(st)) {
        int q = left_of(st, st->turn);
        for (int c = 0; c < st->ncol; c++)
            if (st->col_owner[c] == q && fox_target(st, c)) { st->phase = GP_PH_PASS; return; }
    }
    next_turn(st);
}

/* GP-TURN-ACTIONS: "kiest drie acties": each action's cost is counted, after three the turn's
 * actions are over. */
static void spend(gp_state *st, int cost)
{
    if (st->phase == GP_PH_OVER) return;       /* GP-END: "vervallen alle verdere acties" */
    st->acts = (uint8_t)(st->acts + cost);
    if (st->acts >= GP_ACTIONS) actions_done(st);
}

static void apply_open(gp_state *st, int t, int c)
{
    int p = st->turn;
    st->hand[p][t]--;
    if (t == GP_DOUBLER) { st->col_dbl[c]++; return; }
    if (st->col_len[c] == 0) {
        /* GP-FOX-PLACE: "De laatste speler, die zijn eerste open kaart aan een schatkist aanlegt,
         * zet onmiddellijk de vos op deze verzameling."; GP-AMB-FOX-PLACE; GP-AMB-FOX-EVERY:
         * every-open puts the fox on every collection opened (fox-place then changes nothing) */
        int first = !has_opened(st, p), place = R(st, GP_R_FOX_EVERY_OPEN);
        if (first && !place) {
            if (R(st, GP_R_FOX_EACH_FIRST)) place = 1;
            else {
                place = 1;
                for (int q = 0; q < st->players; q++) if (q != p && !has_opened(st, q)) place = 0;
            }
        }
        st->col_motif[c] = (uint8_t)t;
        st->col_len[c] = 1;
        if (place) {
            st->fox = (uint8_t)c;
            if (R(st, GP_R_PLACE_COUNTS)) st->fox_moved = 1;   /* GP-AMB-PLACE-COUNTS */
        }
        return;
    }
    st->col_len[c]++;
    if (t == GP_JOKER) st->col_jokers[c]++;
}

static int gp_apply(void *vst, const game_move *m)
{
    gp_state *st = vst;
    game_move legal[GAME_MAX_MOVES];
    if (!m->kind || !game_move_in(legal, moves_of(st, legal, GAME_MAX_MOVES, m->kind), m)) return GAME_ILLEGAL;
    int p = st->turn;
    /* GP-NO-TAKEBACK: "Het terugnemen of omdraaien van kaarten is niet toegelaten": no move
     * kind takes a card from the table or turns a chest over. */
    switch (m->kind) {
    case GP_MV_CHEST:
        /* GP-CHEST: "legt ze daarna verdekt voor zich neer" */
        st->hand[p][m->a]--;
        st->col_owner[st->ncol] = (uint8_t)p;
        st->col_face[st->ncol] = m->a;
        st->col_motif[st->ncol] = GP_NONE;
        st->ncol++;
        spend(st, 1);
        break;
    case GP_MV_OPEN:
        apply_open(st, m->a, m->b);
        spend(st, 1);
        break;
    case GP_MV_TAKE:
        st->hand[p][st->display[m->a]]++;
        refill(st, m->a);
        spend(st, 1);
        break;
    case GP_MV_DRAW:
        /* GP-TAKE-PILE; GP-AMB-DH-DRAW: a drawn Dschingis-Haan is lost | replaced */
        while (st->pile_len > 0 && st->phase != GP_PH_OVER) {
            uint8_t t = pile_pop(st);
            if (t != GP_DH) { st->hand[p][t]++; break; }
            dh_out(st);
            if (!R(st, GP_R_DH_REDRAW)) break;
        }
        spend(st, 2);
        break;
    case GP_MV_FOX:
        if (st->phase == GP_PH_PASS) {      /* GP-FOX-PASS: no action */
            st->fox = m->a;
            next_turn(st);
            break;
        }
        {
            int cost = st->col_owner[m->a] == p ? 1 : 2;   /* GP-FOX-OWN | GP-FOX-LEFT */
            st->fox = m->a;
            st->fox_moved = 1;                             /* GP-FOX-ONCE */
            spend(st, cost);
        }
        break;
    case GP_MV_END:
        if (st->phase == GP_PH_PASS) next_turn(st);
        else actions_done(st);
        break;
    default:
        return GAME_ILLEGAL;
    }
    return GAME_OK;
}

/* ---- Result ------------------------------------------------------------------------------ */

/* GP-WINNER: each seat's total (the three scorings less the penalty) and the winners. */
static void gp_totals(const gp_state *st, int *scores, unsigned *winners)
{
    int best = -32768;
    for (int p = 0; p < st->players; p++) {
        scores[p] = st->wscore[0][p] + st->wscore[1][p] + st->wscore[2][p] - st->penalty[p];
        if (scores[p] > best) best = scores[p];
    }
    /* GP-WINNER: "de meeste verzamelpunten"; GP-AMB-WIN-TIE */
    unsigned w = 0;
    for (int p = 0; p < st->players; p++) if (scores[p] == best) w |= 1u << p;
    if (R(st, GP_R_TIE_NONE) && (w & (w - 1))) w = 0;
    if (winners) *winners = w;
}

static int gp_result(const void *vst, int *scores, unsigned *winners)
{
    const gp_state *st = vst;
    if (st->phase != GP_PH_OVER) return GAME_ILLEGAL;
    gp_totals(st, scores, winners);
    return GAME_OK;
}

/* The scores so far (game.h's score_now): the scorings held, and the last one held now as if the
 * tenth Dschingis-Haan came out (GP-SCORING-TIMES, GP-END) on the collections as they lie, with
 * its penalties (GP-PENALTY-CHEST, GP-PENALTY-HAND), by the engine's own score_round and
 * final_penalties; the winners by GP-WINNER. Equals result once the game is over. */
static int gp_score_now(const void *vst, int *scores, unsigned *winners)
{
    const gp_state *st = vst;
    if (st->phase == GP_PH_OVER || st->scorings >= 3) {
        gp_totals(st, scores, winners);
        return GAME_OK;
    }
    gp_state now = *st;
    score_round(&now, now.scorings);
    final_penalties(&now);
    gp_totals(&now, scores, winners);
    return GAME_OK;
}

static int gp_to_move(const void *vst)
{
    const gp_state *st = vst;
    return st->phase == GP_PH_OVER ? -1 : st->turn;
}

static game_config gp_config(const void *vst)
{
    const gp_state *st = vst;
    game_config c = {st->players, st->readings};
    return c;
}

static int gp_same_play(const void *va, const void *vb)
{
    size_t from = offsetof(gp_state, wscore);
    return memcmp((const char *)va + from, (const char *)vb + from, sizeof(gp_state) - from) == 0;
}

/* Hidden from `viewer`: the other hands (their doublers excepted: every seat got one, and
 * laying it anywhere is public), the pile, and every chest's face ("Van nu af aan mag niemand
 * meer de voorzijde van deze schatkist bekijken"). The unseen cards are pooled and dealt back
 * canonically in type order: the other hands first (same sizes), then the chest faces, then the pile. */
static void gp_redact(void *vst, int viewer)
{
    gp_state *st = vst;
    int pool[GP_TYPES] = {0};
    /* GP-CHEST-HIDDEN: "Van nu af aan mag niemand meer de voorzijde van deze schatkist bekijken." (GEN-HIDDEN-INFO) */
    for (int c = 0; c < st->ncol; c++) pool[st->col_face[c]]++;
    for (int p = 0; p < st->players; p++)
        if (p != viewer)
            for (int t = 0; t < GP_HANDT; t++) if (t != GP_DOUBLER) pool[t] += st->hand[p][t];
    for (int i = 0; i < st->pile_len; i++) pool[st->pile[i]]++;
    int t = 0;
#define NEXT_TYPE() do { while (!pool[t]) t++; pool[t]--; } while (0)
    /* The hands first: they take the smallest types, motifs and jokers (the pool holds at least as
     * many as the hands had), so a doubler or Dschingis-Haan pooled from a face or the pile never
     * lands in a hand, whose doublers everyone sees. */
    for (int p = 0; p < st->players; p++) {
        if (p == viewer) continue;
        int n = hand_total(st, p) - st->hand[p][GP_DOUBLER];
        uint8_t d = st->hand[p][GP_DOUBLER];
        memset(st->hand[p], 0, sizeof st->hand[p]);
        st->hand[p][GP_DOUBLER] = d;
        for (int i = 0; i < n; i++) { NEXT_TYPE(); st->hand[p][t]++; }
    }
    for (int c = 0; c < st->ncol; c++) { NEXT_TYPE(); st->col_face[c] = (uint8_t)t; }
    for (int i = 0; i < st->pile_len; i++) { NEXT_TYPE(); st->pile[i] = (uint8_t)t; }
#undef NEXT_TYPE
}

/* Choose k of the n entries of idx at random (partial Fisher-Yates): they end up in idx[0..k). */
static void pick(uint8_t *idx, int n, int k, uint64_t *rng)
{
    for (int i = 0; i < k && i < n; i++) {
        int j = i + (int)game_rng_below(rng, (uint32_t)(n - i));
        uint8_t t = idx[i]; idx[i] = idx[j]; idx[j] = t;
    }
}

/* Which chest faces are doublers (dbl[c] = 1), drawn at random among the deals a game can reach:
 * each seat was dealt one doubler (GP-SETUP-HANDS: "één verdubbelaar") and only its holder lays it
 * as a chest (GP-CHEST), so a seat's chests hold at most one, and none while the seat still holds
 * its doubler; under doubler-on=own (GP-AMB-DOUBLER-OWNER) a seat's doubler goes open only on its
 * own collections, so each seat keeps as many doubler faces as it has now. Under doubler-on=any the
 * faces go to the chests of the seats that no longer hold their doubler, at most one a seat, every
 * such choice equally likely (drawn seat by seat: ways[s][r] counts the choices of r faces among
 * seats s and after, each giving none or one of its e[s] chests). (GEN-HIDDEN-INFO: determinize's part) */
static void doubler_faces(const gp_state *st, uint8_t *dbl, uint64_t *rng)
{
    int want[GP_MAXP] = {0}, nd = 0;
    uint8_t idx[GP_MAXCOL];
    for (int c = 0; c < st->ncol; c++) {
        dbl[c] = st->col_face[c] == GP_DOUBLER;
        if (dbl[c]) { want[st->col_owner[c]]++; nd++; }
    }
    if (!nd) return;
    if (!R(st, GP_R_DOUBLER_ANY)) {
        for (int p = 0; p < st->players; p++) {
            int n = 0;
            for (int c = 0; c < st->ncol; c++) if (st->col_owner[c] == p) idx[n++] = (uint8_t)c;
            pick(idx, n, want[p], rng);
            for (int i = 0; i < n; i++) dbl[idx[i]] = i < want[p];
        }
        return;
    }
    int e[GP_MAXP] = {0};
    uint8_t at[GP_MAXP][GP_MAXCOL];
    uint64_t ways[GP_MAXP + 1][GP_MAXP + 1] = {{0}};
    for (int c = 0; c < st->ncol; c++) {
        int o = st->col_owner[c];
        if (st->hand[o][GP_DOUBLER] == 0) at[o][e[o]++] = (uint8_t)c;
    }
    ways[st->players][0] = 1;
    for (int s = st->players - 1; s >= 0; s--)
        for (int r = 0; r <= GP_MAXP; r++) ways[s][r] = ways[s + 1][r] + (r ? (uint64_t)e[s] * ways[s + 1][r - 1] : 0);
    if (nd > GP_MAXP || !ways[0][nd]) return;     /* no such choice (no game makes it): the faces stay */
    memset(dbl, 0, (size_t)st->ncol);
    for (int s = 0, r = nd; r > 0; s++) {
        uint64_t x = game_rng_next(rng) % ways[s][r];
        if (x < ways[s + 1][r]) continue;             /* seat s gives none */
        x -= ways[s + 1][r];
        dbl[at[s][x / ways[s + 1][r - 1]]] = 1;       /* one of its e[s] chests, each as likely */
        r--;
    }
}

/* Re-deal what `viewer` cannot see (game.h), as gp_redact pools it: the other hands but their
 * doublers, every chest face (GP-CHEST-HIDDEN) and the pile, each place keeping its number of
 * cards. A uniform sample of the deals a game can reach: a hand holds motifs and jokers only (its
 * doublers are public, and a Dschingis-Haan is laid out at once, GP-DH-REVEAL), a doubler among
 * the hidden cards is a chest face (doubler_faces), a Dschingis-Haan lies in the pile, which holds
 * no doubler (GP-SETUP-PILE). Later draws take the pile as it lies: the state has no generator.
 * A state whose hidden cards break these kinds (no game reaches it) is left as it is. (GEN-HIDDEN-INFO) */
static void gp_determinize(void *vst, int viewer, uint64_t *rng)
{
    gp_state *st = vst;
    uint8_t free_cards[256], dbl[GP_MAXCOL], dh[GP_PILE_MAX] = {0}, idx[GP_PILE_MAX] = {0};
    int nf = 0, ndh = 0, slots = 0;
    if (st->players > GP_MAXP || st->pile_len > GP_PILE_MAX || st->ncol > GP_MAXCOL) return;
    for (int c = 0; c < st->ncol; c++) if (st->col_owner[c] >= st->players || st->col_face[c] >= GP_HANDT) return;
    /* the motifs and jokers among the hidden cards; the doublers and Dschingis-Haan keep their kind of place */
    for (int p = 0; p < st->players; p++) {
        if (p == viewer) continue;
        slots += hand_total(st, p) - st->hand[p][GP_DOUBLER];
        for (int t = 0; t < GP_DOUBLER; t++)
            for (int j = 0; j < st->hand[p][t] && nf < (int)sizeof free_cards; j++) free_cards[nf++] = (uint8_t)t;
    }
    for (int c = 0; c < st->ncol; c++)
        if (st->col_face[c] != GP_DOUBLER && nf < (int)sizeof free_cards) { free_cards[nf++] = st->col_face[c]; slots++; }
    for (int i = 0; i < st->pile_len; i++) {
        if (st->pile[i] == GP_DH) { ndh++; continue; }
        if (st->pile[i] >= GP_DOUBLER || nf >= (int)sizeof free_cards) return;
        free_cards[nf++] = st->pile[i];
        slots++;
    }
    if (nf != slots) return;
    shuffle(free_cards, nf, rng);
    doubler_faces(st, dbl, rng);
    /* GP-SCORING-TIMES: the Dschingis-Haan still to come, at random places of the pile (GEN-HIDDEN-INFO) */
    for (int i = 0; i < st->pile_len; i++) idx[i] = (uint8_t)i;
    pick(idx, st->pile_len, ndh, rng);
    for (int i = 0; i < ndh; i++) dh[idx[i]] = 1;
    int k = 0;
    for (int p = 0; p < st->players; p++) {
        if (p == viewer) continue;
        int m = hand_total(st, p) - st->hand[p][GP_DOUBLER];
        for (int t = 0; t < GP_DOUBLER; t++) st->hand[p][t] = 0;
        for (int i = 0; i < m; i++) st->hand[p][free_cards[k++]]++;
    }
    for (int c = 0; c < st->ncol; c++) st->col_face[c] = dbl[c] ? GP_DOUBLER : free_cards[k++];
    for (int i = 0; i < st->pile_len; i++) st->pile[i] = dh[i] ? GP_DH : free_cards[k++];
}

/* ---- Notation ------------------------------------------------------------------------------------ */

static int type_of_letter(char ch)
{
    for (int t = 0; t < GP_TYPES; t++) if (gp_param.letter[t] == ch) return t;
    return -1;
}

static int gp_move_print(const void *vst, const game_move *m, char *buf, size_t n)
{
    (void)vst;
    int len;
    switch (m->kind) {
    case GP_MV_CHEST:
        if (m->a >= GP_HANDT) return -1;
        len = snprintf(buf, n, "chest %c", gp_param.letter[m->a]); break;
    case GP_MV_OPEN:
        if (m->a >= GP_HANDT || m->b >= GP_MAXCOL) return -1;
        len = snprintf(buf, n, "open %c c%d", gp_param.letter[m->a], m->b + 1); break;
    case GP_MV_TAKE:
        if (m->a >= GP_DISPLAY) return -1;
        len = snprintf(buf, n, "take %d", m->a + 1); break;
    case GP_MV_DRAW: len = snprintf(buf, n, "draw"); break;
    case GP_MV_FOX:
        if (m->a >= GP_MAXCOL) return -1;
        len = snprintf(buf, n, "fox c%d", m->a + 1); break;
    case GP_MV_END: len = snprintf(buf, n, "end"); break;
    default: return -1;
    }
    return (len < 0 || (size_t)len >= n) ? -1 : len;
}

/* "c<n>", n = 1..GP_MAXCOL, the whole rest of s; the 0-based index or -1. */
static int col_parse(const char *s)
{
    if (s[0] != 'c' || s[1] < '1' || s[1] > '9') return -1;
    int v = 0;
    for (const char *p = s + 1; *p; p++) {
        if (*p < '0' || *p > '9' || v > GP_MAXCOL) return -1;
        v = v * 10 + (*p - '0');
    }
    return v >= 1 && v <= GP_MAXCOL ? v - 1 : -1;
}

static int gp_move_parse(const void *vst, const char *s, game_move *out)
{
    (void)vst;
    memset(out, 0, sizeof *out);
    if (!strcmp(s, "draw")) { out->kind = GP_MV_DRAW; return GAME_OK; }
    if (!strcmp(s, "end")) { out->kind = GP_MV_END; return GAME_OK; }
    if (!strncmp(s, "chest ", 6)) {
        int t = type_of_letter(s[6]);
        if (t < 0 || t >= GP_HANDT || s[7]) return GAME_BADARG;
        out->kind = GP_MV_CHEST; out->a = (uint8_t)t; return GAME_OK;
    }
    if (!strncmp(s, "open ", 5)) {
        int t = type_of_letter(s[5]);
        if (t < 0 || t >= GP_HANDT || s[6] != ' ') return GAME_BADARG;
        int c = col_parse(s + 7);
        if (c < 0) return GAME_BADARG;
        out->kind = GP_MV_OPEN; out->a = (uint8_t)t; out->b = (uint8_t)c; return GAME_OK;
    }
    if (!strncmp(s, "take ", 5)) {
        if (s[5] < '1' || s[5] > '3' || s[6]) return GAME_BADARG;
        out->kind = GP_MV_TAKE; out->a = (uint8_t)(s[5] - '1'); return GAME_OK;
    }
    if (!strncmp(s, "fox ", 4)) {
        int c = col_parse(s + 4);
        if (c < 0) return GAME_BADARG;
        out->kind = GP_MV_FOX; out->a = (uint8_t)c; return GAME_OK;
    }
    return GAME_BADARG;
}

/* ---- Position text ----------------------------------------------------------------------------- */

static const char *const gp_phase_name[] = {"act", "pass", "over"};
static const char *const gp_field_name[] = {
    "display", "hands", "pile", "cols", "fox", "turn", "phase", "acts", "foxmoved", "dh", "scorings",
    "score", "penalty",
};
enum { F_DISPLAY, F_HANDS, F_PILE, F_COLS, F_FOX, F_TURN, F_PHASE, F_ACTS, F_FOXMV, F_DH, F_SCORINGS,
       F_SCORE, F_PENALTY, F_N };

static void put_ch(game_out *o, char ch) { char b[2] = {ch, 0}; game_put(o, b); }

static int gp_position_print(const void *vst, char *buf, size_t n)
{
    const gp_state *st = vst;
    game_out o = {buf, n, 0, 0};
    if (n) buf[0] = 0;
    game_put(&o, "display=");
    for (int i = 0; i < GP_DISPLAY; i++)
        put_ch(&o, st->display[i] == GP_NONE ? '.' : gp_param.letter[st->display[i] % GP_TYPES]);
    game_put(&o, ";hands=");
    for (int p = 0; p < st->players; p++) {
        if (p) game_put(&o, "|");
        if (!hand_total(st, p)) game_put(&o, "-");
        for (int t = 0; t < GP_HANDT; t++)
            for (int k = 0; k < st->hand[p][t]; k++) put_ch(&o, gp_param.letter[t]);
    }
    game_put(&o, ";pile=");
    if (!st->pile_len) game_put(&o, "-");
    for (int i = st->pile_len - 1; i >= 0; i--) put_ch(&o, gp_param.letter[st->pile[i] % GP_TYPES]);
    game_put(&o, ";cols=");
    if (!st->ncol) game_put(&o, "-");
    for (int c = 0; c < st->ncol; c++) {
        if (c) game_put(&o, ",");
        game_put_int(&o, st->col_owner[c] + 1);
        put_ch(&o, gp_param.letter[st->col_face[c] % GP_TYPES]);
        put_ch(&o, st->col_motif[c] == GP_NONE ? '.' : gp_param.letter[st->col_motif[c] % GP_TYPES]);
        game_put_int(&o, st->col_len[c]);
        game_put(&o, "j"); game_put_int(&o, st->col_jokers[c]);
        game_put(&o, "x"); game_put_int(&o, st->col_dbl[c]);
    }
    game_put(&o, ";fox=");
    if (st->fox == GP_NONE) game_put(&o, "-"); else { game_put(&o, "c"); game_put_int(&o, st->fox + 1); }
    game_put(&o, ";turn="); game_put_int(&o, st->turn + 1);
    game_put(&o, ";phase="); game_put(&o, gp_phase_name[st->phase % 3]);
    game_put(&o, ";acts="); game_put_int(&o, st->acts);
    game_put(&o, ";foxmoved="); game_put_int(&o, st->fox_moved);
    game_put(&o, ";dh="); game_put_int(&o, st->dh);
    game_put(&o, ";scorings="); game_put_int(&o, st->scorings);
    game_put(&o, ";score=");
    for (int r = 0; r < 3; r++) {
        if (r) game_put(&o, "/");
        for (int p = 0; p < st->players; p++) { if (p) game_put(&o, ","); game_put_int(&o, st->wscore[r][p]); }
    }
    game_put(&o, ";penalty=");
    for (int p = 0; p < st->players; p++) { if (p) game_put(&o, ","); game_put_int(&o, st->penalty[p]); }
    return o.bad ? -1 : (int)o.len;
}

#define PFAIL(...) do { snprintf(err, errlen, __VA_ARGS__); return GAME_BADARG; } while (0)

static int small_int(const char *s, int lo, int hi, int *v)
{
    char *e;
    long x = strtol(s, &e, 10);
    if (e == s || *e || x < lo || x > hi) return -1;
    *v = (int)x;
    return 0;
}

/* Comma list of exactly n integers in [lo, hi] into v; 0 or -1. */
static int int_list(char *s, int n, int lo, int hi, int *v)
{
    for (int i = 0; i < n; i++) {
        char *e = strchr(s, ',');
        if ((i < n - 1) != (e != NULL)) return -1;
        if (e) *e = 0;
        if (small_int(s, lo, hi, &v[i])) return -1;
        s = e ? e + 1 : s;
    }
    return 0;
}

/* A number at *s (0..hi), advancing; -1 if none. */
static int num_at(const char **s, int hi)
{
    const char *p = *s;
    int v = 0, d = 0;
    while (*p >= '0' && *p <= '9' && d < 4) { v = v * 10 + (*p - '0'); p++; d++; }
    if (!d || v > hi) return -1;
    *s = p;
    return v;
}

/* The rest of a loaded position's check: what every position a game reaches keeps, beyond the card
 * counts (issue 21). GAME_OK, or GAME_BADARG with a one-line reason naming the field and its value. */
static int gp_reachable(const gp_state *st, char *err, size_t errlen)
{
    int np = st->players, p = st->turn, q = left_of(st, p);
    for (int c = 0; c < st->ncol; c++) {
        /* GP-ONE-PER-MOTIF: a bare chest opens only with a motif its owner does not collect yet */
        for (int d = 0; d < c; d++)
            if (st->col_motif[c] != GP_NONE && st->col_owner[d] == st->col_owner[c] && st->col_motif[d] == st->col_motif[c])
                PFAIL("position: 'cols': P%d collects %s twice (c%d and c%d) (GP-ONE-PER-MOTIF)", st->col_owner[c] + 1,
                      gp_param.motif_name[st->col_motif[c]], d + 1, c + 1);
        /* GP-AMB-SECOND-DOUBLER closed: the doubler ends the row (GP-DOUBLER-PLAY), so a doubled collection
         * takes no second doubler */
        if (st->col_dbl[c] > 1 && !R(st, GP_R_DOUBLER_STACK))
            PFAIL("position: 'cols': c%d has %d doublers, but second-doubler=closed allows one (GP-DOUBLER-PLAY)", c + 1, st->col_dbl[c]);
    }
    for (int s = 0; s < np; s++) {
        /* GP-SETUP-HANDS "één verdubbelkaart": a seat's doubler stays in its hand, becomes one of its own
         * chests (GP-CHEST) or goes open (GP-DOUBLER-PLAY: on its own collections under doubler-on=own) */
        int hand = st->hand[s][GP_DOUBLER], faces = 0, open = 0;
        for (int c = 0; c < st->ncol; c++)
            if (st->col_owner[c] == s) { faces += st->col_face[c] == GP_DOUBLER; open += st->col_dbl[c]; }
        if (hand + faces > 1)
            PFAIL("position: P%d has %d doublers in 'hands' and %d as chests in 'cols', but it got one (GP-SETUP-HANDS, GP-CHEST, GP-DOUBLER-PLAY)", s + 1, hand, faces);
        if (!R(st, GP_R_DOUBLER_ANY) && hand + faces + open != 1)
            PFAIL("position: P%d's doubler: %d in 'hands', %d as chests and %d open in 'cols'; under doubler-on=own it is exactly one (GP-SETUP-HANDS, GP-CHEST, GP-DOUBLER-PLAY)",
                  s + 1, hand, faces, open);
        /* GP-SCORING-TIMES: a scoring not yet held has paid nothing; no scoring takes points away */
        for (int r = 0; r < 3; r++) {
            if (st->wscore[r][s] < 0) PFAIL("position: 'score': P%d's scoring %d is %d, below 0 (GP-SCORING-TIMES)", s + 1, r + 1, st->wscore[r][s]);
            if (r >= st->scorings && st->wscore[r][s])
                PFAIL("position: 'score': P%d has %d from scoring %d, which is not held yet ('scorings' %d) (GP-SCORING-TIMES)", s + 1, st->wscore[r][s], r + 1, st->scorings);
        }
        /* GP-PENALTY-CHEST, GP-PENALTY-HAND: "aan het einde van het spel", at the third scoring (GP-END) */
        int bare = 0;
        for (int c = 0; c < st->ncol; c++) bare += st->col_owner[c] == s && st->col_len[c] == 0;
        int due = hand_total(st, s) * gp_param.hand_penalty + bare * gp_param.bare_chest_penalty;
        if (st->phase != GP_PH_OVER && st->penalty[s])
            PFAIL("position: 'penalty': P%d loses %d before the last scoring (GP-END, GP-PENALTY-CHEST, GP-PENALTY-HAND)", s + 1, st->penalty[s]);
        if (st->phase == GP_PH_OVER && st->penalty[s] != due)
            PFAIL("position: 'penalty': P%d loses %d, but %d hand cards and %d bare chests cost %d (GP-END, GP-PENALTY-CHEST, GP-PENALTY-HAND)", s + 1, st->penalty[s],
                  hand_total(st, s), bare, due);
    }
    /* GP-SCORING-TIMES, GP-END: the third scoring ends the game and nothing moves after it, so in phase
     * over its row is what the collections score as they lie */
    if (st->phase == GP_PH_OVER) {
        gp_state t = *st;
        for (int s = 0; s < np; s++) t.wscore[2][s] = 0;
        score_round(&t, 2);
        for (int s = 0; s < np; s++)
            if (t.wscore[2][s] != st->wscore[2][s])
                PFAIL("position: 'score': P%d has %d from the third scoring, but the collections in 'cols' score %d there (GP-SCORING-TIMES, GP-END)",
                      s + 1, st->wscore[2][s], t.wscore[2][s]);
    }
    /* GP-AMB-BARE-CHEST opened: the fox stands only on a collection with an open card, and none loses its cards */
    if (st->fox != GP_NONE && !fox_target(st, st->fox))
        PFAIL("position: 'fox' is on c%d, a bare chest, but fox-target=opened", st->fox + 1);
    if (st->fox_moved) {
        /* GP-FOX-ONCE: the fox was moved (or placed, GP-AMB-PLACE-COUNTS) this turn by an action of the
         * current player, onto its own or its left neighbour's collection (GP-FOX-OWN, GP-FOX-LEFT) */
        if (st->fox == GP_NONE) PFAIL("position: 'foxmoved' is 1 but the fox is beside the pile (GP-FOX-OWN, GP-FOX-LEFT, GP-FOX-ONCE)");
        if (!st->acts) PFAIL("position: 'foxmoved' is 1 with 'acts' 0: moving the fox is an action (GP-FOX-OWN, GP-FOX-LEFT, GP-FOX-ONCE)");
        if (st->col_owner[st->fox] != p && st->col_owner[st->fox] != q)
            PFAIL("position: 'foxmoved' is 1 but the fox is on c%d, P%d's: this turn it went to P%d's or P%d's collections (GP-FOX-OWN, GP-FOX-LEFT, GP-FOX-ONCE)",
                  st->fox + 1, st->col_owner[st->fox] + 1, p + 1, q + 1);
        /* GP-FOX-LEFT: the move to the neighbour costs two actions and needs two left; a third action
         * would have ended the turn (and cleared 'foxmoved'), so exactly two are used */
        if (st->col_owner[st->fox] == q && st->acts != 2)
            PFAIL("position: 'foxmoved' is 1 with the fox on P%d's c%d and 'acts' %d: moving it to the left neighbour costs two of the three actions (GP-FOX-LEFT)",
                  q + 1, st->fox + 1, st->acts);
    }
    if (st->phase == GP_PH_OVER) {
        /* GP-END: the game ends inside the action that shows the tenth Dschingis-Haan (GP-TAKE-DISPLAY's
         * refill, which leaves its place empty, or GP-TAKE-PILE's draw, which needs two actions left
         * and under draw-at=first opens the turn); that action's cost is not counted */
        int empty = 0;
        for (int i = 0; i < GP_DISPLAY; i++) empty += st->display[i] == GP_NONE;
        if (empty > 1)
            PFAIL("position: phase over with %d empty display places: the last take leaves one (GP-END, GP-TAKE-DISPLAY)", empty);
        int most = empty ? 2 : R(st, GP_R_DRAW_FIRST) ? 0 : 1;
        if (st->acts > most)
            PFAIL("position: phase over with 'acts' %d, but the %s that ended the game came after %d action%s at most (GP-END, %s)",
                  st->acts, empty ? "take" : "draw", most, most == 1 ? "" : "s", empty ? "GP-TAKE-DISPLAY" : "GP-TAKE-PILE");
    }
    if (st->phase == GP_PH_PASS) {
        /* GP-TURN-ACTIONS: the free pass follows the three actions (GP-AMB-THREE-ACTIONS may-stop: or an early end) */
        if (st->acts != GP_ACTIONS && !R(st, GP_R_MAY_STOP))
            PFAIL("position: phase pass with 'acts' %d: the free pass follows three actions (actions=three) (GP-TURN-ACTIONS)", st->acts);
        /* GP-FOX-PASS: the decision exists only when the left neighbour has a place for the fox */
        int spot = 0;
        for (int c = 0; c < st->ncol; c++) spot |= st->col_owner[c] == q && fox_target(st, c);
        if (!spot) PFAIL("position: phase pass, but the left neighbour P%d has no collection in 'cols' the fox may go to (GP-FOX-PASS)", q + 1);
    }
    return GAME_OK;
}

/* ---- Partial positions (SPEC.md, "Position fields (Gloria Picktoria)"): rest=pile|box ----------- */

/* The fields of a partial position: the position's own, then rest and rng (the record's [Seed]). */
static const char *const gp_partial_name[] = {
    "display", "hands", "pile", "cols", "fox", "turn", "phase", "acts", "foxmoved", "dh", "scorings",
    "score", "penalty", "rest", "rng",
};
enum { G_REST = F_N, G_RNG, G_N };

/* One collection of a partial 'cols': <owner><face or ?><motif or .><len>j<jokers>x<doublers>. */
typedef struct gp_pcol { int owner, face, motif, len, jk, dbl; } gp_pcol;

/* Count one named card of type t in field f: more than the game has is refused (the 110 cards). */
static int gp_name_card(int *named, const int *have, int t, int f, char *err, size_t errlen)
{
    if (++named[t] <= have[t]) return 0;
    if (t == GP_DOUBLER)
        snprintf(err, errlen, "position: '%s' names doubler %d, but %d players got one each (GP-SETUP-HANDS)", gp_partial_name[f],
                 named[t], have[t]);
    else if (t == GP_DH)
        snprintf(err, errlen, "position: '%s' names Dschingis-Haan %d, but with 'dh' %d laid out %d are left (10 in all)",
                 gp_partial_name[f], named[t], gp_param.dh - have[t], have[t]);
    else
        snprintf(err, errlen, "position: '%s' names %c %d times in all, but the game has %d (GP-CARDS-110)", gp_partial_name[f],
                 gp_param.letter[t], named[t], have[t]);
    return GAME_BADARG;
}

/* Complete a partial position (it has rest=pile or rest=box) into the full one in out. The unnamed
 * motif and joker cards are shuffled by rng (the record's [Seed]) and dealt to the '?' places of
 * 'display', 'hands' and the chest faces in 'cols', in that order; the cards left and the unnamed
 * Dschingis-Haan are shuffled together (as the setup makes the pile) and dealt to the '?' of 'pile', top first,
 * and what is left goes under the pile (rest=pile) or must be nothing (rest=box: the game has no
 * box). A doubler not named goes to the hand of a seat that has none; missing fields take the
 * values of a fresh turn (SPEC.md). GAME_OK, or GAME_BADARG with a one-line reason naming the field. */
static int gp_complete(const game_config *cfg, const char *text, char *out, size_t outn, char *err, size_t errlen)
{
    char buf[GAME_TEXT_MAX], *val[G_N];
    int np = cfg->players, rest_box, v;
    if (strlen(text) >= sizeof buf) PFAIL("position: too long");
    strcpy(buf, text);
    if (game_fields_split(buf, gp_partial_name, G_N, val, err, errlen)) return GAME_BADARG;
    uint64_t rng;
    if (game_partial_head(val[G_REST], val[G_RNG], &rest_box, &rng, err, errlen)) return GAME_BADARG;
    int dh = 0;
    if (val[F_DH] && small_int(val[F_DH], 0, gp_param.dh, &dh)) PFAIL("position: 'dh' wants 0 to %d, got '%.12s'", gp_param.dh, val[F_DH]);
    int have[GP_TYPES], named[GP_TYPES] = {0};
    for (int t = 0; t < GP_MOTIFS; t++) have[t] = gp_param.per_motif;
    have[GP_JOKER] = gp_param.jokers;
    have[GP_DOUBLER] = np;
    have[GP_DH] = gp_param.dh - dh;
    /* display: 3 places, '?' dealt */
    char display[GP_DISPLAY + 1] = "???";
    if (val[F_DISPLAY]) {
        if (strlen(val[F_DISPLAY]) != GP_DISPLAY) PFAIL("position: 'display' needs 3 places, got '%.12s'", val[F_DISPLAY]);
        memcpy(display, val[F_DISPLAY], GP_DISPLAY);
    }
    int qcol = 0, qpile = 0;
    for (int i = 0; i < GP_DISPLAY; i++) {
        if (display[i] == '?') { qcol++; continue; }
        if (display[i] == '.') continue;
        int t = type_of_letter(display[i]);
        if (t < 0 || t >= GP_DOUBLER) PFAIL("position: bad card '%c' in 'display'", display[i]);
        if (gp_name_card(named, have, t, F_DISPLAY, err, errlen)) return GAME_BADARG;
    }
    /* hands: one entry per seat, '?' dealt; default four '?' each */
    char hands[GP_MAXP][128];
    {
        char *p = val[F_HANDS];
        for (int s = 0; s < np; s++) {
            if (!p) { snprintf(hands[s], sizeof hands[s], "????"); continue; }
            char *bar = strchr(p, '|');
            if (bar) *bar = 0;
            if (!*p) PFAIL("position: empty hand entry in 'hands' (write '-')");
            if (strlen(p) >= sizeof hands[s]) PFAIL("position: 'hands' of P%d is too long", s + 1);
            snprintf(hands[s], sizeof hands[s], "%s", strcmp(p, "-") ? p : "");
            for (char *q = hands[s]; *q; q++) {
                if (*q == '?') { qcol++; continue; }
                int t = type_of_letter(*q);
                if (t < 0 || t >= GP_HANDT) PFAIL("position: bad card '%c' in 'hands'", *q);
                if (gp_name_card(named, have, t, F_HANDS, err, errlen)) return GAME_BADARG;
            }
            if (!bar && s < np - 1) PFAIL("position: 'hands' needs one entry per player");
            if (bar && s == np - 1) PFAIL("position: 'hands' needs one entry per player");
            p = bar ? bar + 1 : NULL;
        }
    }
    /* cols: a chest face may be '?' */
    gp_pcol col[GP_MAXCOL];
    int ncol = 0;
    if (val[F_COLS] && strcmp(val[F_COLS], "-")) {
        const char *s = val[F_COLS];
        for (;;) {
            if (ncol >= GP_MAXCOL) PFAIL("position: too many collections");
            gp_pcol *c = &col[ncol];
            c->owner = num_at(&s, np);
            if (c->owner < 1) PFAIL("position: bad owner in 'cols'");
            c->face = *s == '?' ? -1 : type_of_letter(*s);
            if (*s != '?' && (c->face < 0 || c->face >= GP_HANDT)) PFAIL("position: bad chest card in 'cols'");
            s++;
            c->motif = *s == '.' ? GP_NONE : type_of_letter(*s);
            if (c->motif != GP_NONE && (c->motif < 0 || c->motif >= GP_MOTIFS)) PFAIL("position: bad motif in 'cols'");
            s++;
            c->len = num_at(&s, 90);
            if (c->len < 0 || *s++ != 'j') PFAIL("position: bad length in 'cols'");
            c->jk = num_at(&s, 5);
            if (c->jk < 0 || *s++ != 'x') PFAIL("position: bad jokers in 'cols'");
            c->dbl = num_at(&s, 5);
            if (c->dbl < 0) PFAIL("position: bad doublers in 'cols'");
            if ((c->motif == GP_NONE) != (c->len == 0) || (c->len > 0 && c->jk > c->len - 1) || (c->dbl && !c->len))
                PFAIL("position: collection c%d cannot exist (motif, pieces, jokers, doublers)", ncol + 1);
            if (c->face < 0) qcol++;
            else if (gp_name_card(named, have, c->face, F_COLS, err, errlen)) return GAME_BADARG;
            for (int k = 0; k < c->len - c->jk; k++) if (gp_name_card(named, have, c->motif, F_COLS, err, errlen)) return GAME_BADARG;
            for (int k = 0; k < c->jk; k++) if (gp_name_card(named, have, GP_JOKER, F_COLS, err, errlen)) return GAME_BADARG;
            for (int k = 0; k < c->dbl; k++) if (gp_name_card(named, have, GP_DOUBLER, F_COLS, err, errlen)) return GAME_BADARG;
            ncol++;
            if (!*s) break;
            if (*s++ != ',') PFAIL("position: bad separator in 'cols'");
        }
    }
    /* pile: top first, '?' dealt */
    const char *pile = val[F_PILE] && strcmp(val[F_PILE], "-") ? val[F_PILE] : "";
    if (strlen(pile) > GP_PILE_MAX) PFAIL("position: 'pile' holds 1 to %d cards or '-', got %d", GP_PILE_MAX, (int)strlen(pile));
    for (const char *q = pile; *q; q++) {
        if (*q == '?') { qpile++; continue; }
        int t = type_of_letter(*q);
        if (t < 0 || t == GP_DOUBLER) PFAIL("position: bad card '%c' in 'pile'", *q);
        if (gp_name_card(named, have, t, F_PILE, err, errlen)) return GAME_BADARG;
    }
    /* as the setup deals: the motif and joker cards not named, shuffled, to the display, the hands and
     * the chest faces */
    uint8_t deck[128];
    int n = 0, used = 0;
    for (int t = 0; t < GP_DOUBLER; t++)
        for (int k = named[t]; k < have[t]; k++) deck[n++] = (uint8_t)t;
    if (qcol > n)
        PFAIL("position: %d '?' places in 'display', 'hands' and 'cols' to deal, but only %d motif and joker cards are not named", qcol, n);
    shuffle(deck, n, &rng);
    for (int i = 0; i < GP_DISPLAY; i++) if (display[i] == '?') display[i] = (char)gp_param.letter[deck[used++]];
    for (int s = 0; s < np; s++)
        for (char *q = hands[s]; *q; q++) if (*q == '?') *q = (char)gp_param.letter[deck[used++]];
    for (int c = 0; c < ncol; c++) if (col[c].face < 0) col[c].face = deck[used++];
    /* as the setup makes the pile: the rest with the Dschingis-Haan not named, shuffled: the pile's '?', then under it */
    int m = 0;
    for (int i = used; i < n; i++) deck[m++] = deck[i];
    for (int k = named[GP_DH]; k < have[GP_DH]; k++) deck[m++] = GP_DH;
    if (qpile > m) PFAIL("position: %d '?' places in 'pile' to deal, but only %d cards are left", qpile, m);
    if (rest_box && m > qpile)
        PFAIL("position: 'rest' is box, but %d cards are left and Gloria Picktoria has no box (GP-CARDS-110): write rest=pile or more '?'", m - qpile);
    shuffle(deck, m, &rng);
    /* the doublers not named (one was dealt to each seat): to the hands of the seats that have
     * none in the hand, as a chest or open on their collections, in seat order */
    int missing = np - named[GP_DOUBLER];
    for (int s = 0; s < np && missing > 0; s++) {
        int own = strchr(hands[s], gp_param.letter[GP_DOUBLER]) != NULL;
        for (int c = 0; c < ncol; c++) own |= col[c].owner == s + 1 && (col[c].face == GP_DOUBLER || col[c].dbl);
        if (own) continue;
        size_t l = strlen(hands[s]);
        if (l + 1 >= sizeof hands[s]) PFAIL("position: 'hands' of P%d is too long", s + 1);
        hands[s][l] = gp_param.letter[GP_DOUBLER];
        hands[s][l + 1] = 0;
        missing--;
    }
    /* the full position */
    game_out o = {out, outn, 0, 0};
    game_put(&o, "display="); game_put(&o, display);
    game_put(&o, ";hands=");
    int hand_n[GP_MAXP], bare[GP_MAXP] = {0};
    for (int s = 0; s < np; s++) {
        if (s) game_put(&o, "|");
        game_put(&o, hands[s][0] ? hands[s] : "-");
        hand_n[s] = (int)strlen(hands[s]);
    }
    game_put(&o, ";pile=");
    int k = 0;
    for (const char *q = pile; *q; q++) put_ch(&o, *q == '?' ? (char)gp_param.letter[deck[k++]] : *q);
    if (!rest_box) for (; k < m; k++) put_ch(&o, gp_param.letter[deck[k]]);
    if (!*pile && (rest_box || !m)) game_put(&o, "-");
    game_put(&o, ";cols=");
    if (!ncol) game_put(&o, "-");
    for (int c = 0; c < ncol; c++) {
        if (c) game_put(&o, ",");
        game_put_int(&o, col[c].owner);
        put_ch(&o, gp_param.letter[col[c].face]);
        put_ch(&o, col[c].motif == GP_NONE ? '.' : gp_param.letter[col[c].motif]);
        game_put_int(&o, col[c].len);
        game_put(&o, "j"); game_put_int(&o, col[c].jk);
        game_put(&o, "x"); game_put_int(&o, col[c].dbl);
        bare[col[c].owner - 1] += col[c].len == 0;
    }
    /* the other fields: given, or those of a fresh turn; 'scorings' follows 'dh' (the 4th, 7th and 10th),
     * the game is over after the third, and then the penalties are due (hand cards, bare chests) */
    int scorings = dh >= gp_param.scoring_at[2] ? 3 : dh >= gp_param.scoring_at[1] ? 2 : dh >= gp_param.scoring_at[0] ? 1 : 0;
    if (val[F_SCORINGS] && !small_int(val[F_SCORINGS], 0, 3, &v)) scorings = v;
    const char *phase = val[F_PHASE] ? val[F_PHASE] : scorings == 3 ? "over" : "act";
    game_put(&o, ";fox="); game_put(&o, val[F_FOX] ? val[F_FOX] : "-");
    game_put(&o, ";turn="); game_put(&o, val[F_TURN] ? val[F_TURN] : "1");
    game_put(&o, ";phase="); game_put(&o, phase);
    game_put(&o, ";acts="); game_put(&o, val[F_ACTS] ? val[F_ACTS] : "0");
    game_put(&o, ";foxmoved="); game_put(&o, val[F_FOXMV] ? val[F_FOXMV] : "0");
    game_put(&o, ";dh="); game_put_int(&o, dh);
    game_put(&o, ";scorings=");
    if (val[F_SCORINGS]) game_put(&o, val[F_SCORINGS]); else game_put_int(&o, scorings);
    game_put(&o, ";score=");
    if (val[F_SCORE]) game_put(&o, val[F_SCORE]);
    else for (int r = 0; r < 3; r++) for (int s = 0; s < np; s++) { game_put(&o, r && !s ? "/" : s ? "," : ""); game_put(&o, "0"); }
    game_put(&o, ";penalty=");
    if (val[F_PENALTY]) game_put(&o, val[F_PENALTY]);
    else for (int s = 0; s < np; s++) {
        if (s) game_put(&o, ",");
        game_put_int(&o, strcmp(phase, "over") ? 0 : hand_n[s] * gp_param.hand_penalty + bare[s] * gp_param.bare_chest_penalty);
    }
    if (o.bad) PFAIL("position: the completed position is too long");
    return GAME_OK;
}

static int gp_load_position(void *vst, const game_config *cfg, const char *text, char *err, size_t errlen)
{
    gp_state *st = vst;
    /* rest=pile|box: a partial position, completed first (the result is loaded like any other) */
    if (!strncmp(text, "rest=", 5) || strstr(text, ";rest=")) {
        char full[GAME_TEXT_MAX];
        if (!config_ok(cfg)) PFAIL("position: players must be 2 to 5");
        if (gp_complete(cfg, text, full, sizeof full, err, errlen) != GAME_OK) return GAME_BADARG;
        return gp_load_position(vst, cfg, full, err, errlen);
    }
    char buf[GAME_TEXT_MAX], *val[F_N];
    if (!config_ok(cfg)) PFAIL("position: players must be 2 to 5");
    if (strlen(text) >= sizeof buf) PFAIL("position: too long");
    strcpy(buf, text);
    if (game_fields_split(buf, gp_field_name, F_N, val, err, errlen)) return GAME_BADARG;
    for (int f = 0; f < F_N; f++)
        if (!val[f]) PFAIL("position: missing field '%s'", gp_field_name[f]);
    base_state(st, cfg);
    int np = cfg->players, seen[GP_TYPES] = {0}, v;
    /* display */
    if (strlen(val[F_DISPLAY]) != GP_DISPLAY) PFAIL("position: 'display' needs 3 places, got '%.12s'", val[F_DISPLAY]);
    for (int i = 0; i < GP_DISPLAY; i++) {
        char ch = val[F_DISPLAY][i];
        if (ch == '.') continue;
        int t = type_of_letter(ch);
        if (t < 0 || t >= GP_DOUBLER) PFAIL("position: bad card '%c' in 'display'", ch);
        st->display[i] = (uint8_t)t;
        seen[t]++;
    }
    /* hands */
    {
        char *p = val[F_HANDS];
        int seat = 0;
        for (;;) {
            char *e = strchr(p, '|');
            if (e) *e = 0;
            if (seat >= np) PFAIL("position: 'hands' needs one entry per player");
            if (strcmp(p, "-")) {
                if (!*p) PFAIL("position: empty hand entry (write '-')");
                for (char *q = p; *q; q++) {
                    int t = type_of_letter(*q);
                    if (t < 0 || t >= GP_HANDT) PFAIL("position: bad card '%c' in 'hands'", *q);
                    if (st->hand[seat][t] >= 200) PFAIL("position: hand too large");
                    st->hand[seat][t]++;
                    seen[t]++;
                }
            }
            seat++;
            if (!e) break;
            p = e + 1;
        }
        if (seat != np) PFAIL("position: 'hands' needs one entry per player");
    }
    /* pile: top first */
    if (strcmp(val[F_PILE], "-")) {
        int n = (int)strlen(val[F_PILE]);
        if (n == 0 || n > GP_PILE_MAX) PFAIL("position: 'pile' holds 1 to %d cards or '-', got %d", GP_PILE_MAX, n);
        for (int i = 0; i < n; i++) {
            int t = type_of_letter(val[F_PILE][i]);
            if (t < 0 || t == GP_DOUBLER) PFAIL("position: bad card '%c' in 'pile'", val[F_PILE][i]);
            st->pile[n - 1 - i] = (uint8_t)t;
            seen[t]++;
        }
        st->pile_len = (uint8_t)n;
    }
    /* collections: <owner><face><motif or .><len>j<jokers>x<doublers>, comma separated */
    if (strcmp(val[F_COLS], "-")) {
        const char *s = val[F_COLS];
        for (;;) {
            if (st->ncol >= GP_MAXCOL) PFAIL("position: too many collections");
            int c = st->ncol, owner = num_at(&s, np);
            if (owner < 1) PFAIL("position: bad owner in 'cols'");
            int face = type_of_letter(*s);
            if (face < 0 || face >= GP_HANDT) PFAIL("position: bad chest card in 'cols'");
            s++;
            int motif = *s == '.' ? GP_NONE : type_of_letter(*s);
            if (motif != GP_NONE && (motif < 0 || motif >= GP_MOTIFS)) PFAIL("position: bad motif in 'cols'");
            s++;
            int len = num_at(&s, 90);
            if (len < 0 || *s++ != 'j') PFAIL("position: bad length in 'cols'");
            int jk = num_at(&s, 5);
            if (jk < 0 || *s++ != 'x') PFAIL("position: bad jokers in 'cols'");
            int dbl = num_at(&s, 5);
            if (dbl < 0) PFAIL("position: bad doublers in 'cols'");
            /* GP-OPEN-START, GP-JOKER, GP-DOUBLER-PLAY: the shapes a collection can have */
            if ((motif == GP_NONE) != (len == 0) || (len > 0 && jk > len - 1) || (dbl && !len))
                PFAIL("position: collection c%d cannot exist (motif, pieces, jokers, doublers) (GP-OPEN-START, GP-JOKER, GP-DOUBLER-PLAY)", c + 1);
            /* the collection as written, its cards counted for the material check below (GEN-ROUNDTRIP) */
            st->col_owner[c] = (uint8_t)(owner - 1);
            st->col_face[c] = (uint8_t)face;
            st->col_motif[c] = (uint8_t)motif;
            st->col_len[c] = (uint8_t)len;
            st->col_jokers[c] = (uint8_t)jk;
            st->col_dbl[c] = (uint8_t)dbl;
            seen[face]++;
            if (motif != GP_NONE) seen[motif] += len - jk;
            seen[GP_JOKER] += jk;
            seen[GP_DOUBLER] += dbl;
            st->ncol++;
            if (!*s) break;
            if (*s++ != ',') PFAIL("position: bad separator in 'cols'");
        }
    }
    if (!strcmp(val[F_FOX], "-")) st->fox = GP_NONE;
    else {
        int c = val[F_FOX][0] == 'c' ? col_parse(val[F_FOX]) : -1;
        if (c < 0 || c >= st->ncol) PFAIL("position: 'fox' wants '-' or a collection c1 to c%d, got '%.12s'", st->ncol, val[F_FOX]);
        st->fox = (uint8_t)c;
    }
    if (small_int(val[F_TURN], 1, np, &v)) PFAIL("position: 'turn' wants 1 to %d, got '%.12s'", np, val[F_TURN]);
    st->turn = (uint8_t)(v - 1);
    int ph = -1;
    for (int i = 0; i < 3; i++) if (!strcmp(val[F_PHASE], gp_phase_name[i])) ph = i;
    if (ph < 0) PFAIL("position: unknown phase '%.20s'", val[F_PHASE]);
    st->phase = (uint8_t)ph;
    if (small_int(val[F_ACTS], 0, GP_ACTIONS, &v)) PFAIL("position: 'acts' wants 0 to %d, got '%.12s'", GP_ACTIONS, val[F_ACTS]);
    st->acts = (uint8_t)v;
    if (small_int(val[F_FOXMV], 0, 1, &v)) PFAIL("position: 'foxmoved' wants 0 or 1, got '%.12s'", val[F_FOXMV]);
    st->fox_moved = (uint8_t)v;
    if (small_int(val[F_DH], 0, gp_param.dh, &v)) PFAIL("position: 'dh' wants 0 to %d, got '%.12s'", gp_param.dh, val[F_DH]);
    st->dh = (uint8_t)v;
    if (small_int(val[F_SCORINGS], 0, 3, &v)) PFAIL("position: 'scorings' wants 0 to 3, got '%.12s'", val[F_SCORINGS]);
    st->scorings = (uint8_t)v;
    {
        char *p = val[F_SCORE];
        int sc[GP_MAXP];
        for (int r = 0; r < 3; r++) {
            char *e = strchr(p, '/');
            if ((r < 2) != (e != NULL)) PFAIL("position: 'score' needs 3 groups separated by '/', got '%.40s'", val[F_SCORE]);
            if (e) *e = 0;
            char grp[48];
            snprintf(grp, sizeof grp, "%s", p);
            if (int_list(p, np, -9999, 9999, sc)) PFAIL("position: 'score' group %d wants %d comma-separated numbers, got '%s'", r + 1, np, grp);
            for (int q = 0; q < np; q++) st->wscore[r][q] = (int16_t)sc[q];
            p = e ? e + 1 : p;
        }
        char pen[48];
        snprintf(pen, sizeof pen, "%s", val[F_PENALTY]);
        if (int_list(val[F_PENALTY], np, 0, 9999, sc)) PFAIL("position: 'penalty' wants %d comma-separated numbers 0 to 9999, got '%s'", np, pen);
        for (int q = 0; q < np; q++) st->penalty[q] = (int16_t)sc[q];
    }
    /* GP-CARDS-110: every card once (the doublers not dealt are in the box) */
    for (int m = 0; m < GP_MOTIFS; m++)
        if (seen[m] != gp_param.per_motif) PFAIL("position: %d cards of motif %c, not %d (GP-CARDS-110)", seen[m], gp_param.letter[m], gp_param.per_motif);
    if (seen[GP_JOKER] != gp_param.jokers) PFAIL("position: %d jokers, not %d (GP-CARDS-110)", seen[GP_JOKER], gp_param.jokers);
    if (seen[GP_DOUBLER] != np) PFAIL("position: %d doublers in play, not one per player (GP-CARDS-110)", seen[GP_DOUBLER]);
    if (seen[GP_DH] + st->dh != gp_param.dh) PFAIL("position: Dschingis-Haan cards in the pile and laid out make %d, not 10 (GP-CARDS-110)", seen[GP_DH] + st->dh);

    /* the scorings and the phase */
    if (st->scorings != (st->dh >= 10 ? 3 : st->dh >= 7 ? 2 : st->dh >= 4 ? 1 : 0))
        PFAIL("position: 'scorings' is %d but 'dh' %d makes %d (GP-SCORING-TIMES: the 4th, 7th and 10th)", st->scorings, st->dh,
              st->dh >= 10 ? 3 : st->dh >= 7 ? 2 : st->dh >= 4 ? 1 : 0);
    if ((st->phase == GP_PH_OVER) != (st->scorings == 3)) PFAIL("position: 'phase' %s with 'scorings' %d: the game is over exactly after the third scoring", gp_phase_name[st->phase], st->scorings);
    if (st->phase != GP_PH_OVER) {
        for (int i = 0; i < GP_DISPLAY; i++) if (st->display[i] == GP_NONE) PFAIL("position: 'display' place %d is empty while the game goes on", i + 1);
        if (st->acts >= GP_ACTIONS && st->phase == GP_PH_ACT) PFAIL("position: phase act with 'acts' %d: after three actions the turn's actions are over", st->acts);
        if (st->phase == GP_PH_PASS && !fox_is_mine(st)) PFAIL("position: phase pass needs the fox on the current player's collection");
    }
    return gp_reachable(st, err, errlen);
}

/* Display, Dschingis-Haan, hands, collections and scores, for people. */
static int gp_board_print(const void *vst, char *buf, size_t n)
{
    const gp_state *st = vst;
    game_out o = {buf, n, 0, 0};
    char line[160];
    if (n) buf[0] = 0;
    game_put(&o, "display:");
    for (int i = 0; i < GP_DISPLAY; i++) {
        snprintf(line, sizeof line, " %d:%c", i + 1, st->display[i] == GP_NONE ? '.' : gp_param.letter[st->display[i] % GP_TYPES]);
        game_put(&o, line);
    }
    snprintf(line, sizeof line, "   Dschingis-Haan laid out: %d/10   pile: %d   fox: ", st->dh, st->pile_len);
    game_put(&o, line);
    if (st->fox == GP_NONE) game_put(&o, "beside the pile\n");
    else { snprintf(line, sizeof line, "on c%d (P%d)\n", st->fox + 1, st->col_owner[st->fox] + 1); game_put(&o, line); }
    for (int p = 0; p < st->players; p++) {
        snprintf(line, sizeof line, "P%d: score %d/%d/%d -%d; hand ", p + 1, st->wscore[0][p], st->wscore[1][p],
                 st->wscore[2][p], st->penalty[p]);
        game_put(&o, line);
        if (!hand_total(st, p)) game_put(&o, "-");
        for (int t = 0; t < GP_HANDT; t++)
            for (int k = 0; k < st->hand[p][t]; k++) put_ch(&o, gp_param.letter[t]);
        game_put(&o, "; collections");
        for (int c = 0; c < st->ncol; c++) {
            if (st->col_owner[c] != p) continue;
            if (st->col_len[c] == 0) snprintf(line, sizeof line, " c%d:chest", c + 1);
            else snprintf(line, sizeof line, " c%d:%s x%d%s%s", c + 1, gp_param.motif_name[st->col_motif[c] % GP_MOTIFS],
                          st->col_len[c], st->col_dbl[c] ? " (doubled)" : "", c == st->fox ? " (fox)" : "");
            game_put(&o, line);
        }
        game_put(&o, "\n");
    }
    snprintf(line, sizeof line, "turn P%d, phase %s, %d action(s) used%s\n", st->turn + 1, gp_phase_name[st->phase % 3],
             st->acts, st->fox_moved ? ", fox moved" : "");
    game_put(&o, line);
    return o.bad ? -1 : (int)o.len;
}

/* ---- Why a move is refused ------------------------------------------------------------------ */

/* A card type as people name it: the motif's Dutch name, "joker", "doubler", "Dschingis-Haan". */
static const char *type_name(int t)
{
    if (t >= 0 && t < GP_MOTIFS) return gp_param.motif_name[t];
    return t == GP_JOKER ? "joker" : t == GP_DOUBLER ? "doubler" : t == GP_DH ? "Dschingis-Haan" : "card";
}

#define WHY(...) return snprintf(buf, n, __VA_ARGS__)

/* Why the fox may not stand on collection c (0 when it may). GP-AMB-BARE-CHEST. */
static int why_no_fox_spot(const gp_state *st, int c, char *buf, size_t n)
{
    if (c >= st->ncol) WHY("there is no collection c%d (%d so far)", c + 1, st->ncol);
    if (!fox_target(st, c)) WHY("c%d is a bare chest: the fox stands only on opened collections (fox-target=opened)", c + 1);
    return 0;
}

/* Why apply refuses m (game.h's why_illegal): the first rule it breaks, in the game's terms; 0 for a
 * move apply takes. Checked in the order moves_of builds the legal set, each reason under its clause. */
static int gp_why_illegal(const void *vst, const game_move *m, char *buf, size_t n)
{
    const gp_state *st = vst;
    game_move legal[GAME_MAX_MOVES];
    int p = st->turn, P = p + 1, q = left_of(st, p), left = GP_ACTIONS - st->acts;
    if (m->kind && game_move_in(legal, moves_of(st, legal, GAME_MAX_MOVES, m->kind), m)) return 0;
    /* GP-END: "vervallen alle verdere acties" */
    if (st->phase == GP_PH_OVER) WHY("the game is over");
    if (m->kind < GP_MV_CHEST || m->kind > GP_MV_END) WHY("no move of Gloria Picktoria has kind %d", m->kind);
    {   /* every byte a kind does not use is 0 (game.h), so two moves compare byte for byte */
        game_move z = {m->kind, 0, 0, 0, 0, 0, 0, 0};
        if (m->kind == GP_MV_CHEST || m->kind == GP_MV_TAKE || m->kind == GP_MV_FOX) z.a = m->a;
        if (m->kind == GP_MV_OPEN) { z.a = m->a; z.b = m->b; }
        if (!game_move_eq(&z, m)) WHY("a malformed move: it sets bytes its kind does not use");
    }
    if (st->phase == GP_PH_PASS) {
        /* GP-FOX-PASS: after the actions only the free pass to the left neighbour, or the end of the turn */
        if (m->kind != GP_MV_FOX) WHY("P%d's actions are over: only the free fox pass to P%d or 'end' remains", P, q + 1);
        if (m->a >= st->ncol) WHY("there is no collection c%d (%d so far)", m->a + 1, st->ncol);
        if (st->col_owner[m->a] != q)
            WHY("the free pass goes to the left neighbour P%d's collections, and c%d is P%d's", q + 1, m->a + 1, st->col_owner[m->a] + 1);
        int k = why_no_fox_spot(st, m->a, buf, n);
        if (k) return k;
        WHY("the fox cannot be passed to c%d", m->a + 1);
    }
    switch (m->kind) {
    case GP_MV_CHEST:
        /* GP-CHEST: "De speler toont één van zijn handkaarten aan alle spelers" */
        if (m->a == GP_DH) WHY("a Dschingis-Haan is never in a hand");
        if (m->a >= GP_HANDT) WHY("there is no card type %d", m->a);
        if (!st->hand[p][m->a]) WHY("P%d has no %s in hand", P, type_name(m->a));
        WHY("all %d collection places are used", GP_MAXCOL);
    case GP_MV_OPEN: {
        int t = m->a, c = m->b;
        if (t == GP_DH) WHY("a Dschingis-Haan is never in a hand");
        if (t >= GP_HANDT) WHY("there is no card type %d", t);
        if (!st->hand[p][t]) WHY("P%d has no %s in hand", P, type_name(t));
        if (c >= st->ncol) WHY("there is no collection c%d (%d so far)", c + 1, st->ncol);
        if (t == GP_DOUBLER) {
            /* GP-DOUBLER-PLAY "aan elke verzameling waarin minstens één open verzamelstuk ligt";
             * GP-AMB-DOUBLER-OWNER; GP-AMB-SECOND-DOUBLER */
            if (st->col_owner[c] != p && !R(st, GP_R_DOUBLER_ANY))
                WHY("c%d is P%d's collection: a doubler goes on one's own (doubler-on=own)", c + 1, st->col_owner[c] + 1);
            if (!st->col_len[c]) WHY("c%d is a bare chest: a doubler needs an open card on it", c + 1);
            WHY("collection c%d is already closed by a doubler (second-doubler=closed)", c + 1);
        }
        /* GP-OPEN-OWN: "aan een eigen verzameling" */
        if (st->col_owner[c] != p) WHY("c%d is P%d's collection", c + 1, st->col_owner[c] + 1);
        /* GP-DOUBLER-PLAY: a doubler ends the row */
        if (st->col_dbl[c]) WHY("collection c%d is closed by a doubler", c + 1);
        /* GP-JOKER: never the first open card */
        if (t == GP_JOKER) WHY("a joker cannot be the first open card of c%d", c + 1);
        if (!st->col_len[c]) {
            /* GP-ONE-PER-MOTIF */
            for (int d = 0; d < st->ncol; d++)
                if (st->col_owner[d] == p && st->col_motif[d] == t) WHY("P%d already collects %s (c%d)", P, type_name(t), d + 1);
        }
        /* GP-OPEN-EXTEND: "van **hetzelfde motief**" */
        WHY("c%d collects %s, not %s", c + 1, type_name(st->col_motif[c]), type_name(t));
    }
    case GP_MV_TAKE:
        /* GP-TAKE-DISPLAY */
        if (m->a >= GP_DISPLAY) WHY("the display has places 1 to %d", GP_DISPLAY);
        WHY("display place %d is empty", m->a + 1);
    case GP_MV_DRAW:
        /* GP-AMB-DRAW-ORDER first; GP-TAKE-PILE: 2 actions */
        if (st->acts && R(st, GP_R_DRAW_FIRST)) WHY("drawing from the pile must be P%d's first action (draw-at=first)", P);
        if (left < 2) WHY("drawing costs 2 actions and P%d has %d left", P, left);
        WHY("the pile is empty");
    case GP_MV_FOX: {
        int c = m->a;
        /* GP-FOX-OWN, GP-FOX-LEFT: "Als de vos zich op één van de verzamelingen bevindt van de actuele speler" */
        if (st->fox == GP_NONE) WHY("the fox is still beside the pile, not on one of P%d's collections", P);
        if (!fox_is_mine(st)) WHY("the fox is not on one of P%d's collections (it is on c%d, P%d's)", P, st->fox + 1, st->col_owner[st->fox] + 1);
        /* GP-FOX-ONCE */
        if (st->fox_moved) WHY("P%d has already moved the fox this turn", P);
        if (c >= st->ncol) WHY("there is no collection c%d (%d so far)", c + 1, st->ncol);
        if (c == st->fox) WHY("the fox is already on c%d", c + 1);
        if (st->col_owner[c] == q && left < 2)
            WHY("moving the fox to P%d's collection costs 2 actions and P%d has %d left", q + 1, P, left);
        if (st->col_owner[c] != p && st->col_owner[c] != q)
            WHY("c%d is P%d's collection: the fox goes to P%d's own or the left neighbour P%d's", c + 1, st->col_owner[c] + 1, P, q + 1);
        int k = why_no_fox_spot(st, c, buf, n);
        if (k) return k;
        break;
    }
    case GP_MV_END:
        /* GP-TURN-ACTIONS: "kiest **drie acties**"; GP-AMB-THREE-ACTIONS */
        WHY("P%d must use all three actions before the turn ends (actions=three)", P);
    default:
        break;
    }
    WHY("this move is not legal here");
}
#undef WHY

/* Report units (game.h): a turn ends when the next player's begins or the game ends. */
static int gp_units_done(const void *vpre, const void *vpost)
{
    const gp_state *a = vpre, *b = vpost;
    if (a->phase == GP_PH_OVER) return 0;
    return b->phase == GP_PH_OVER || b->turn != a->turn;
}

/* Report measures (game.h): the chests made and the cards laid open on them, in all. */
static int gp_measures(const void *vst, const char **names, double *values, int max)
{
    const gp_state *st = vst;
    if (max < 2) return 2;
    names[0] = "chests made";
    names[1] = "cards laid open";
    if (st) {
        int open = 0;
        for (int c = 0; c < st->ncol && c < GP_MAXCOL; c++) open += st->col_len[c] + st->col_dbl[c];
        values[0] = st->ncol;
        values[1] = open;
    }
    return 2;
}

/* The engine's position loader: its reason, when it refuses, is one printable line. */
static int gp_setup_position(void *st, const game_config *cfg, const char *text, char *err, size_t errlen)
{
    return game_reason_line(gp_load_position(st, cfg, text, err, errlen), err, errlen);
}

const game_engine gp_engine = {
    .name = "gp", .title = "Gloria Picktoria", .tag = "GP",
    .min_players = 2, .max_players = GP_MAXP,
    .state_size = sizeof(gp_state),
    .amb = gp_amb, .n_amb = GP_N_AMB,
    .profiles = gp_profiles, .n_profiles = (int)(sizeof gp_profiles / sizeof gp_profiles[0]),
    .setup_seed = gp_setup_seed,
    .setup_position = gp_setup_position,
    .position_print = gp_position_print,
    .config = gp_config,
    .to_move = gp_to_move,
    .legal_moves = gp_legal_moves,
    .apply = gp_apply,
    .result = gp_result,
    .redact = gp_redact,
    .same_play = gp_same_play,
    .board_print = gp_board_print,
    .move_print = gp_move_print,
    .move_parse = gp_move_parse,
    .why_illegal = gp_why_illegal,
    .score_now = gp_score_now,
    .determinize = gp_determinize,
    .measures = gp_measures,
    .score_sense = 1, .unit = "turns", .unit_per_seat = 1,
    .score_name = "points", .win_rule = "the most points after three scorings win (GP-WINNER)",
    .units_done = gp_units_done,
};
