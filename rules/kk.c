/* kk.c: the Kleine Kläffer reference engine (2-4 players, the German text's readings). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kk.h"

/* ---- Readings and profiles (SPEC.md, ambiguity register) ----------------------------- */

static const game_ambiguity kk_amb[KK_N_AMB] = {
    {"KK-AMB-START-CARDS",  "start",        {"ring12", "all16"}},
    {"KK-AMB-CRISIS-EMPTY", "crisis-empty", {"game-ends", "take-played"}},
    {"KK-AMB-NO-SECURE",    "winner-needs", {"fewest-of-securers", "must-be-lowest"}},
    {"KK-AMB-PENALTY-TIE",  "penalty-tie",  {"shared", "none"}},
    {"KK-AMB-LAST-ROUND",   "last-round",   {"each-once", "finish-round"}},
    {"KK-AMB-SECOND-ROUND", "give-from",    {"round", "turn"}},
    {"KK-AMB-MATCH-OR",     "match",        {"either", "exactly-one"}},
    {"KK-AMB-LAST-PLACE",   "last-place",   {"must", "may-pass"}},
    {"KK-AMB-LAST-GIVE",    "last-give",    {"allowed", "forbidden"}},
};

static const game_profile kk_profiles[] = {
    /* Each bit rests on the text's own words, quoted in SPEC.md's register. */
    {"de", "kleine-klaeffer.de.txt", KK_R_MUST_BE_LOWEST},
};

#define R(st, bit) (((st)->readings & (bit)) != 0)

static const char kk_colour_letter[KK_COLOURS] = {'y', 'o', 'r', 'p', 'b', 'g'};
static const char kk_breed_letter[KK_BREEDS] = {'C', 'S', 'F'};

static inline int breed_of(int id) { return kk_param.breed[id % KK_PER]; }
static inline int value_of(int id) { return kk_param.value[id % KK_PER]; }

/* ---- Small helpers ------------------------------------------------------------------- */

static int hand_count(const kk_state *st, int p)
{
    int n = 0;
    for (int i = 0; i < KK_HAND; i++) n += st->hand[p][i] != KK_NONE;
    return n;
}

static void hand_sort(kk_state *st, int p)
{
    uint8_t *h = st->hand[p];
    for (int i = 1; i < KK_HAND; i++)
        for (int j = i; j > 0 && h[j] < h[j - 1]; j--) { uint8_t t = h[j]; h[j] = h[j - 1]; h[j - 1] = t; }
}

static void hand_add(kk_state *st, int p, uint8_t id)
{
    for (int i = 0; i < KK_HAND; i++)
        if (st->hand[p][i] == KK_NONE) { st->hand[p][i] = id; break; }
    hand_sort(st, p);
}

static void hand_remove(kk_state *st, int p, uint8_t id)
{
    for (int i = 0; i < KK_HAND; i++)
        if (st->hand[p][i] == id) { st->hand[p][i] = KK_NONE; break; }
    hand_sort(st, p);
}

static int free_places(const kk_state *st)
{
    int n = 0;
    for (int c = 0; c < KK_CELLS; c++) n += st->council[c] == KK_NONE;
    return n;
}

/* A free place orthogonally next to a council card (KK-TURN-PLACE: "direkt an eine bereits
 * ausliegende Karte angrenzt ... innerhalb der Grenze ... von 4x4 Feldern"). */
static int placeable(const kk_state *st, int cell)
{
    if (st->council[cell] != KK_NONE) return 0;
    int r = cell / 4, c = cell % 4;
    return (r > 0 && st->council[cell - 4] != KK_NONE) || (r < 3 && st->council[cell + 4] != KK_NONE) ||
           (c > 0 && st->council[cell - 1] != KK_NONE) || (c < 3 && st->council[cell + 1] != KK_NONE);
}

static uint8_t pile_pop(kk_state *st, int i)
{
    uint8_t id = st->pile[i][--st->pile_len[i]];
    st->pile[i][st->pile_len[i]] = 0;
    return id;
}

static void shuffle(uint8_t *a, int n, uint64_t *rng)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)game_rng_below(rng, (uint32_t)(i + 1));
        uint8_t t = a[i]; a[i] = a[j]; a[j] = t;
    }
}

/* ---- Setup ------------------------------------------------------------------------------- */

static int config_ok(const game_config *cfg)
{
    /* KK-SETUP-PLAYERS: "für 2 bis 4 Spieler" */
    return cfg && cfg->players >= 2 && cfg->players <= KK_MAXP && (cfg->readings >> KK_N_AMB) == 0;
}

static void base_state(kk_state *st, const game_config *cfg)
{
    memset(st, 0, sizeof *st);
    st->readings = cfg->readings;
    st->players = (uint8_t)cfg->players;
    st->last_left = KK_NONE;
    memset(st->council, KK_NONE, sizeof st->council);
    memset(st->hand, KK_NONE, sizeof st->hand);
}

static int is_inner(int cell) { int r = cell / 4, c = cell % 4; return r > 0 && r < 3 && c > 0 && c < 3; }

static int kk_setup_seed(void *vst, const game_config *cfg, uint64_t seed)
{
    kk_state *st = vst;
    if (!config_ok(cfg)) return GAME_BADARG;
    base_state(st, cfg);
    uint8_t deck[KK_CARDS];
    for (int i = 0; i < KK_CARDS; i++) deck[i] = (uint8_t)i;
    uint64_t rng = seed;
    shuffle(deck, KK_CARDS, &rng);          /* KK-SETUP-REMOVAL: "Die Karten werden gut gemischt." */
    int n = KK_CARDS, np = cfg->players;
    /* KK-SETUP-REMOVAL: "ungesehen aus dem Spiel entfernt" */
    for (int i = 0; i < kk_param.removed[np]; i++) st->box[deck[--n]] = 1;
    /* KK-SETUP-HANDS: "Jeder Spieler erhält 4 Karten" */
    for (int p = 0; p < np; p++)
        for (int i = 0; i < kk_param.hand; i++) hand_add(st, p, deck[--n]);
    /* KK-SETUP-COUNCIL; KK-AMB-START-CARDS: the ring of 12, or all 16 places */
    for (int c = 0; c < KK_CELLS; c++)
        if (!is_inner(c) || R(st, KK_R_START_ALL16)) st->council[c] = deck[--n];
    /* KK-SETUP-PILES: "zwei, zirka gleich hohe Stapel" (left takes the odd card) */
    int left = (n + 1) / 2;
    for (int i = 0; i < left; i++) st->pile[0][st->pile_len[0]++] = deck[--n];
    while (n > 0) st->pile[1][st->pile_len[1]++] = deck[--n];
    st->phase = KK_PH_PLACE;
    return GAME_OK;
}

/* ---- Legal moves -------------------------------------------------------------------------- */

static inline game_move mv(uint8_t kind, uint8_t a, uint8_t b)
{
    game_move m = {kind, a, b, 0, 0, 0, 0, 0};
    return m;
}

static int has_colour(const kk_state *st, int p, int colour)
{
    /* the colour's 12 flags read as two words (the engines' hottest loop in playouts) */
    uint64_t a;
    uint32_t b;
    memcpy(&a, &st->terr[p][colour * KK_PER], 8);
    memcpy(&b, &st->terr[p][colour * KK_PER + 8], 4);
    return (a | b) != 0;
}

/* KK-TURN-GIVE: "Das ist erst ab der zweiten Spielrunde möglich"; KK-AMB-SECOND-ROUND */
static int may_give(const kk_state *st)
{
    if (st->gave) return 0;
    /* KK-AMB-LAST-GIVE: the last round's turn is "eine Karte ... legen und entsprechend agieren" */
    if (st->last_left != KK_NONE && R(st, KK_R_LAST_NO_GIVE)) return 0;
    return R(st, KK_R_GIVE_FROM_TURN) ? st->turns >= 1 : st->turns >= st->players;
}

static int place_moves(const kk_state *st, game_move *out, int max, int k)
{
    int p = st->turn;
    unsigned open = 0;   /* bit c: place c is free and next to a card */
    for (int c = 0; c < KK_CELLS; c++) open |= (unsigned)placeable(st, c) << c;
    for (int i = 0; i < KK_HAND; i++) {
        uint8_t id = st->hand[p][i];
        if (id == KK_NONE) continue;
        for (unsigned left = open; left; left &= left - 1u) {   /* the open places, lowest first */
            if (out && k < max) out[k] = mv(KK_MV_PLACE, id, (uint8_t)__builtin_ctz(left));
            k++;
        }
    }
    return k;
}

/* KK-LEGAL-SET: every move the rules allow in the position, each once, in a fixed order */
static int kk_legal_moves(const void *vst, game_move *out, int max)
{
    const kk_state *st = vst;
    int k = 0, p = st->turn;
    if (st->phase == KK_PH_PLACE) {
        if (may_give(st)) {
            unsigned held[KK_MAXP] = {0};   /* bit col: the seat holds a territory of that colour */
            for (int q = 0; q < st->players; q++)
                for (int col = 0; col < KK_COLOURS; col++) held[q] |= (unsigned)has_colour(st, q, col) << col;
            for (int col = 0; col < KK_COLOURS; col++) {
                if (!(held[p] >> col & 1u)) continue;
                for (int q = 0; q < st->players; q++)
                    if (q != p && !(held[q] >> col & 1u)) {   /* "noch kein Revier in dieser Farbe" */
                        if (k < max) out[k] = mv(KK_MV_GIVE, (uint8_t)col, (uint8_t)q);
                        k++;
                    }
            }
        }
        int before = k;
        k = place_moves(st, out, max, k);
        /* nothing to place: the turn passes (a gap); KK-AMB-LAST-PLACE: in the last round a seat
         * "hat ... noch einmal die Möglichkeit" to place, which may-pass reads as a choice */
        if (k == before || (st->last_left != KK_NONE && R(st, KK_R_LAST_MAY_PASS))) {
            if (k < max) out[k] = mv(KK_MV_PASS, 0, 0);
            k++;
        }
    } else if (st->phase == KK_PH_DRAW) {
        for (int i = 0; i < 2; i++) {
            if (k < max) out[k] = mv(KK_MV_DRAW, (uint8_t)i, 0);
            k++;
        }
    }
    return k < max ? k : max;
}

/* ---- Turn flow ------------------------------------------------------------------------------ */

/* KK-END-HANDS: "werden die restlichen Handkarten den eigenen Revierreihen zugeordnet" */
static void game_over(kk_state *st)
{
    for (int p = 0; p < st->players; p++)
        for (int i = 0; i < KK_HAND; i++)
            if (st->hand[p][i] != KK_NONE) { st->terr[p][st->hand[p][i]] = 1; st->hand[p][i] = KK_NONE; }
    st->phase = KK_PH_OVER;
}

/* KK-REFILL: "sofern mehr als 4 Plätze frei sind ... von der oberen linken Ecke ... Reihe für Reihe
 * ... bis nur mehr 4 Plätze frei sind"; from pile `src`, then the other. */
static void refill(kk_state *st, int src)
{
    int nfree = free_places(st);
    for (int c = 0; c < KK_CELLS && nfree > kk_param.free_after_refill; c++) {
        if (st->council[c] != KK_NONE) continue;
        int from = st->pile_len[src] ? src : (st->pile_len[!src] ? !src : -1);
        if (from < 0) break;
        st->council[c] = pile_pop(st, from);
        nfree--;
    }
}

static void end_turn(kk_state *st, int src)
{
    if (st->last_left == KK_NONE) refill(st, src);
    if (st->turns < 255) st->turns++;
    st->gave = 0;
    /* KK-AMB-CRISIS-EMPTY=game-ends: a crisis that took nothing ends the game with its turn */
    if (st->ending) { game_over(st); return; }
    /* a game where no seat can place any more ends (a gap of the text) */
    if (st->passes >= st->players) { game_over(st); return; }
    if (st->last_left != KK_NONE) {
        if (--st->last_left == 0) { game_over(st); return; }
    } else if (st->pile_len[0] == 0 && st->pile_len[1] == 0) {
        /* KK-END-LASTROUND: "hat jeder Spieler noch einmal die Möglichkeit"; KK-AMB-LAST-ROUND */
        int left = R(st, KK_R_FINISH_ROUND) ? st->players - 1 - st->turn : st->players;
        if (left <= 0) { game_over(st); return; }
        st->last_left = (uint8_t)left;
    }
    st->turn = (uint8_t)((st->turn + 1) % st->players);    /* KK-TURN-ORDER: clockwise */
    st->phase = KK_PH_PLACE;
}

/* KK-DRAW: "sind die Handkarten wieder auf 4 zu ergänzen ... Sind die Karten einer Auslage
 * aufgebraucht, muss von der anderen nachgezogen werden." */
static void draw_from(kk_state *st, int src)
{
    int p = st->turn;
    while (hand_count(st, p) < kk_param.hand) {
        int from = st->pile_len[src] ? src : (st->pile_len[!src] ? !src : -1);
        if (from < 0) break;
        hand_add(st, p, pile_pop(st, from));
    }
}

/* After the place (or pass): a draw decision when both piles hold cards, else all automatic. */
static void after_place(kk_state *st)
{
    int p = st->turn;
    if (st->last_left == KK_NONE && hand_count(st, p) < kk_param.hand) {
        if (st->pile_len[0] && st->pile_len[1]) { st->phase = KK_PH_DRAW; return; }
        int src = st->pile_len[0] ? 0 : 1;
        draw_from(st, src);
        end_turn(st, src);
        return;
    }
    end_turn(st, 0);
}

static void take(kk_state *st, int cell)
{
    st->terr[st->turn][st->council[cell]] = 1;
    st->council[cell] = KK_NONE;
}

/* Take from the line through `cell` the cards that match (or, in a crisis, match neither colour
 * nor breed of) the played card. Returns the number taken. */
static int take_line(kk_state *st, int cell, int is_row, int matching)
{
    int id = st->council[cell], col = KK_COLOUR(id), br = breed_of(id), n = 0;
    for (int i = 0; i < 4; i++) {
        int x = is_row ? (cell / 4) * 4 + i : i * 4 + cell % 4;
        if (x == cell || st->council[x] == KK_NONE) continue;
        int y = st->council[x];
        int same_colour = KK_COLOUR(y) == col, same_breed = breed_of(y) == br;
        /* KK-TAKE-MATCH "entweder mit der Farbe oder mit der Hunderasse"; KK-AMB-MATCH-OR: either
         * (or both) | exactly one of the two. KK-CRISIS: "weder ... noch" under both readings. */
        int pick = !matching ? !same_colour && !same_breed
                   : R(st, KK_R_MATCH_XOR) ? same_colour != same_breed : same_colour || same_breed;
        if (pick) { take(st, x); n++; }
    }
    return n;
}

/* KK-TAKE-RUN: the votes of the unbroken run through the played card in one line. */
static int run_votes(const kk_state *st, int cell, int is_row)
{
    int step = is_row ? 1 : 4, sum = value_of(st->council[cell]);
    int r = cell / 4, c = cell % 4;
    for (int k = 1; ; k++) {                     /* towards smaller index */
        int rr = is_row ? r : r - k, cc = is_row ? c - k : c;
        if (rr < 0 || cc < 0 || st->council[rr * 4 + cc] == KK_NONE) break;
        sum += value_of(st->council[rr * 4 + cc]);
    }
    for (int k = 1; ; k++) {                     /* towards larger index */
        int rr = is_row ? r : r + k, cc = is_row ? c + k : c;
        if (rr > 3 || cc > 3 || st->council[rr * 4 + cc] == KK_NONE) break;
        sum += value_of(st->council[rr * 4 + cc]);
    }
    (void)step;
    return sum;
}

static void apply_place(kk_state *st, uint8_t id, int cell)
{
    int p = st->turn;
    /* KK-TURN-PLACE */
    hand_remove(st, p, id);
    st->council[cell] = id;
    st->passes = 0;
    int last_place = free_places(st) == 0;
    /* KK-TAKE-RUN / KK-TAKE-MATCH: "Spalte und Reihe werden dabei separat gewertet" */
    int col_ok = run_votes(st, cell, 0) >= kk_param.threshold;
    int row_ok = run_votes(st, cell, 1) >= kk_param.threshold;
    int taken = 0;
    if (col_ok) taken += take_line(st, cell, 0, 1);
    if (row_ok) taken += take_line(st, cell, 1, 1);
    /* KK-CRISIS: "den letzten freien Platz ... belegt und sich weder aus der Spalte noch aus der
     * Reihe Karte(n) nehmen kann" */
    if (last_place && taken == 0) {
        taken = take_line(st, cell, 0, 0) + take_line(st, cell, 1, 0);
        if (taken == 0) {
            /* KK-AMB-CRISIS-EMPTY: game-ends: the game ends with this turn, which still finishes
             * with its draw ("Am Ende des Zuges sind die Handkarten wieder auf 4 zu ergänzen"; the
             * full council needs no refill) | take-played: the player takes the card just played */
            if (R(st, KK_R_CRISIS_TAKE)) take(st, cell);
            else st->ending = 1;
        }
    }
    after_place(st);
}

static int kk_apply(void *vst, const game_move *m)
{
    kk_state *st = vst;
    game_move legal[GAME_MAX_MOVES];
    if (!game_move_in(legal, kk_legal_moves(st, legal, GAME_MAX_MOVES), m)) return GAME_ILLEGAL;
    switch (m->kind) {
    case KK_MV_GIVE:
        /* KK-TURN-GIVE: "Der auserwählte Spieler muss diese Karten annehmen" */
        for (int k = 0; k < KK_PER; k++) {
            int id = m->a * KK_PER + k;
            if (st->terr[st->turn][id]) { st->terr[st->turn][id] = 0; st->terr[m->b][id] = 1; }
        }
        st->gave = 1;
        break;
    case KK_MV_PLACE: apply_place(st, m->a, m->b); break;
    case KK_MV_PASS:
        st->passes++;
        after_place(st);
        break;
    case KK_MV_DRAW:
        draw_from(st, m->a);
        end_turn(st, m->a);
        break;
    default:
        return GAME_ILLEGAL;
    }
    return GAME_OK;
}

/* ---- Final scoring --------------------------------------------------------------------------- */

static int kk_tally(const void *vst, int *scores, unsigned *winners);

static int kk_result(const void *vst, int *scores, unsigned *winners)
{
    const kk_state *st = vst;
    if (st->phase != KK_PH_OVER) return GAME_ILLEGAL;
    return kk_tally(st, scores, winners);
}

/* KK-FINAL-MAJORITY, KK-FINAL-PENALTY: the final scoring of the territories as they stand (result,
 * and the "scores so far": the hands join the territories only at the end, by kk_end_hands). */
static int kk_tally(const void *vst, int *scores, unsigned *winners)
{
    const kk_state *st = vst;
    int np = st->players, secured[KK_MAXP] = {0};
    for (int p = 0; p < np; p++) scores[p] = 0;
    for (int col = 0; col < KK_COLOURS; col++) {
        int sum[KK_MAXP] = {0}, best = 0;
        for (int p = 0; p < np; p++) {
            for (int k = 0; k < KK_PER; k++)
                if (st->terr[p][col * KK_PER + k]) sum[p] += kk_param.value[k];
            if (sum[p] > best) best = sum[p];
        }
        for (int p = 0; p < np; p++) {
            /* KK-FINAL-MAJORITY "die Stimmenmehrheit"; KK-FINAL-TIE "wird das Revier geteilt" */
            if (best > 0 && sum[p] == best) secured[p]++;
            /* KK-FINAL-OPEN: "Alle anderen Spieler lassen ihre Karten des Reviers in dieser Farbe
             * offen liegen"; KK-FINAL-PENALTY: "Das sind seine Schlechtpunkte" */
            else scores[p] += sum[p];
        }
    }
    /* KK-FINAL-WINNER: "wer zumindest ein Revier sichern konnte und gleichzeitig die wenigsten
     * Schlechtpunkte"; KK-AMB-NO-SECURE, KK-AMB-PENALTY-TIE */
    int low = -1;
    for (int p = 0; p < np; p++) {
        int eligible = R(st, KK_R_MUST_BE_LOWEST) ? 1 : secured[p] > 0;
        if (eligible && (low < 0 || scores[p] < low)) low = scores[p];
    }
    unsigned w = 0;
    for (int p = 0; p < np; p++)
        if (low >= 0 && scores[p] == low && secured[p] > 0) w |= 1u << p;
    if (R(st, KK_R_TIE_NONE) && (w & (w - 1))) w = 0;
    if (winners) *winners = w;
    return GAME_OK;
}

/* ---- Accessors --------------------------------------------------------------------------------- */

static int kk_to_move(const void *vst)
{
    const kk_state *st = vst;
    return st->phase == KK_PH_OVER ? -1 : st->turn;
}

static game_config kk_config(const void *vst)
{
    const kk_state *st = vst;
    game_config c = {st->players, st->readings};
    return c;
}

static int kk_same_play(const void *va, const void *vb)
{
    size_t from = offsetof(kk_state, players);
    return memcmp((const char *)va + from, (const char *)vb + from, sizeof(kk_state) - from) == 0;
}

/* KK-INFO-BACKS: "dass die Kartenrückseiten von den Mitspielern immer gut gesehen werden können":
 * every hand's colours stay in the view (the backs show the colour); the council and the
 * territories lie open. Hidden from `viewer`: other hands' breeds and values, the piles
 * below their top cards (tops show their colour), and the box. Unseen cards are pooled and dealt
 * back canonically: the smallest unseen card of the right colour to every slot whose colour shows. (GEN-HIDDEN-INFO) */
static void kk_redact(void *vst, int viewer)
{
    kk_state *st = vst;
    uint8_t pool[KK_CARDS] = {0};
    for (int p = 0; p < st->players; p++)
        if (p != viewer)
            for (int i = 0; i < KK_HAND; i++) if (st->hand[p][i] != KK_NONE) pool[st->hand[p][i]] = 1;
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < st->pile_len[s]; i++) pool[st->pile[s][i]] = 1;
    int nbox = 0;
    for (int id = 0; id < KK_CARDS; id++) if (st->box[id]) { pool[id] = 1; st->box[id] = 0; nbox++; }
    /* colour-visible slots first */
    for (int p = 0; p < st->players; p++) {
        if (p == viewer) continue;
        for (int i = 0; i < KK_HAND; i++) {
            uint8_t *h = &st->hand[p][i];
            if (*h == KK_NONE) continue;
            int col = KK_COLOUR(*h);                         /* KK-INFO-BACKS: the back shows it */
            for (int id = col * KK_PER; id < (col + 1) * KK_PER; id++) if (pool[id]) { pool[id] = 0; *h = (uint8_t)id; break; }
        }
        hand_sort(st, p);
    }
    for (int s = 0; s < 2; s++) {
        if (!st->pile_len[s]) continue;
        uint8_t *top = &st->pile[s][st->pile_len[s] - 1];
        int col = KK_COLOUR(*top);
        for (int id = col * KK_PER; id < (col + 1) * KK_PER; id++) if (pool[id]) { pool[id] = 0; *top = (uint8_t)id; break; }
    }
    /* the rest: pile bodies, then the box */
    int id = 0;
    for (int s = 0; s < 2; s++)
        for (int i = 0; i + 1 < st->pile_len[s]; i++) {
            while (!pool[id]) id++;
            pool[id] = 0;
            st->pile[s][i] = (uint8_t)id;
        }
    for (int k = 0; k < nbox; k++) {
        while (!pool[id]) id++;
        pool[id] = 0;
        st->box[id] = 1;
    }
}

/* Re-deal what `viewer` cannot see (game.h), as kk_redact pools it: the other hands, the piles and
 * the box, shuffled. KK-INFO-BACKS: a place whose back shows a colour (a hand slot, a pile's top)
 * takes a card of that colour, the first of the shuffle; the rest go under the tops and into the
 * box. A uniform sample of the deals that keep every back. No later shuffle exists (no generator). (GEN-HIDDEN-INFO) */
static void kk_determinize(void *vst, int viewer, uint64_t *rng)
{
    kk_state *st = vst;
    uint8_t pool[KK_CARDS], used[KK_CARDS] = {0};
    int n = 0;
    if (st->players > KK_MAXP || st->pile_len[0] > KK_PILE_MAX || st->pile_len[1] > KK_PILE_MAX) return;
    for (int p = 0; p < st->players; p++)
        for (int i = 0; i < KK_HAND && p != viewer; i++) if (st->hand[p][i] < KK_CARDS) pool[n++] = st->hand[p][i];
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < st->pile_len[s]; i++) pool[n++] = st->pile[s][i];
    for (int id = 0; id < KK_CARDS && n < KK_CARDS; id++) if (st->box[id]) pool[n++] = (uint8_t)id;
    shuffle(pool, n, rng);
    /* the first shuffled card of its colour to every place that shows one */
    for (int p = 0; p < st->players; p++) {
        if (p == viewer) continue;
        for (int i = 0; i < KK_HAND; i++) {
            uint8_t *h = &st->hand[p][i];
            if (*h >= KK_CARDS) continue;
            for (int j = 0; j < n; j++)
                if (!used[j] && KK_COLOUR(pool[j]) == KK_COLOUR(*h)) { used[j] = 1; *h = pool[j]; break; }
        }
        hand_sort(st, p);
    }
    for (int s = 0; s < 2; s++) {
        if (!st->pile_len[s]) continue;
        uint8_t *top = &st->pile[s][st->pile_len[s] - 1];
        for (int j = 0; j < n; j++)
            if (!used[j] && KK_COLOUR(pool[j]) == KK_COLOUR(*top)) { used[j] = 1; *top = pool[j]; break; }
    }
    /* the rest in shuffled order: under the tops, then the box (KK-SETUP-REMOVAL: "ungesehen";
     * GEN-HIDDEN-INFO) */
    int j = 0;
    for (int s = 0; s < 2; s++)
        for (int i = 0; i + 1 < st->pile_len[s]; i++) {
            while (j < n && used[j]) j++;
            if (j < n) { used[j] = 1; st->pile[s][i] = pool[j]; }
        }
    memset(st->box, 0, sizeof st->box);
    for (; j < n; j++) if (!used[j]) { used[j] = 1; st->box[pool[j]] = 1; }
}

/* ---- Notation ------------------------------------------------------------------------------------ */

static void card_name(int id, char *b)
{
    b[0] = kk_colour_letter[KK_COLOUR(id)];
    b[1] = kk_breed_letter[breed_of(id)];
    b[2] = (char)('0' + value_of(id));
    b[3] = 0;
}

static int card_parse(const char **s)
{
    const char *p = *s;
    int col = -1, br = -1;
    for (int c = 0; c < KK_COLOURS; c++) if (p[0] == kk_colour_letter[c]) col = c;
    if (col < 0 || !p[1]) return -1;
    for (int b = 0; b < KK_BREEDS; b++) if (p[1] == kk_breed_letter[b]) br = b;
    if (br < 0 || p[2] < '1' || p[2] > '5') return -1;
    for (int k = 0; k < KK_PER; k++)
        if (kk_param.breed[k] == br && kk_param.value[k] == p[2] - '0') { *s = p + 3; return col * KK_PER + k; }
    return -1;
}

static int cell_parse(const char **s)
{
    const char *p = *s;
    if (p[0] < 'a' || p[0] > 'd' || p[1] < '1' || p[1] > '4') return -1;
    *s = p + 2;
    return (p[1] - '1') * 4 + (p[0] - 'a');
}

static int kk_move_print(const void *vst, const game_move *m, char *buf, size_t n)
{
    (void)vst;
    char a[8];
    int len;
    switch (m->kind) {
    case KK_MV_GIVE:
        if (m->a >= KK_COLOURS || m->b >= KK_MAXP) return -1;
        len = snprintf(buf, n, "give %c P%d", kk_colour_letter[m->a], m->b + 1); break;
    case KK_MV_PLACE:
        if (m->a >= KK_CARDS || m->b >= KK_CELLS) return -1;
        card_name(m->a, a);
        len = snprintf(buf, n, "place %s %c%c", a, 'a' + m->b % 4, '1' + m->b / 4); break;
    case KK_MV_PASS: len = snprintf(buf, n, "pass"); break;
    case KK_MV_DRAW:
        if (m->a > 1) return -1;
        len = snprintf(buf, n, "draw %s", m->a ? "right" : "left"); break;
    default: return -1;
    }
    return (len < 0 || (size_t)len >= n) ? -1 : len;
}

static int kk_move_parse(const void *vst, const char *s, game_move *out)
{
    (void)vst;
    memset(out, 0, sizeof *out);
    if (!strcmp(s, "pass")) { out->kind = KK_MV_PASS; return GAME_OK; }
    if (!strcmp(s, "draw left")) { out->kind = KK_MV_DRAW; return GAME_OK; }
    if (!strcmp(s, "draw right")) { out->kind = KK_MV_DRAW; out->a = 1; return GAME_OK; }
    if (!strncmp(s, "give ", 5)) {
        for (int c = 0; c < KK_COLOURS; c++)
            if (s[5] == kk_colour_letter[c] && s[6] == ' ' && s[7] == 'P' && s[8] >= '1' && s[8] <= '4' && !s[9]) {
                out->kind = KK_MV_GIVE; out->a = (uint8_t)c; out->b = (uint8_t)(s[8] - '1'); return GAME_OK;
            }
        return GAME_BADARG;
    }
    if (!strncmp(s, "place ", 6)) {
        const char *p = s + 6;
        int id = card_parse(&p);
        if (id < 0 || *p++ != ' ') return GAME_BADARG;
        int cell = cell_parse(&p);
        if (cell < 0 || *p) return GAME_BADARG;
        out->kind = KK_MV_PLACE; out->a = (uint8_t)id; out->b = (uint8_t)cell; return GAME_OK;
    }
    return GAME_BADARG;
}

/* ---- Position text ----------------------------------------------------------------------------- */

static const char *const kk_phase_name[] = {"place", "draw", "over"};
static const char *const kk_field_name[] = {
    "council", "hands", "left", "right", "terr", "box", "turn", "phase", "turns", "gave", "last", "passes", "ending",
};
enum { F_COUNCIL, F_HANDS, F_LEFT, F_RIGHT, F_TERR, F_BOX, F_TURN, F_PHASE, F_TURNS, F_GAVE, F_LAST, F_PASSES,
       F_ENDING, F_N };

static void put_card(game_out *o, int id) { char b[8]; card_name(id, b); game_put(o, b); }

static void put_set(game_out *o, const uint8_t *bits)
{
    int any = 0;
    for (int id = 0; id < KK_CARDS; id++)
        if (bits[id]) { if (any) game_put(o, ","); put_card(o, id); any = 1; }
    if (!any) game_put(o, "-");
}

static int kk_position_print(const void *vst, char *buf, size_t n)
{
    const kk_state *st = vst;
    game_out o = {buf, n, 0, 0};
    if (n) buf[0] = 0;
    game_put(&o, "council=");
    for (int c = 0; c < KK_CELLS; c++) {
        if (c) game_put(&o, c % 4 ? "," : "/");
        if (st->council[c] == KK_NONE) game_put(&o, ".");
        else put_card(&o, st->council[c]);
    }
    game_put(&o, ";hands=");
    for (int p = 0; p < st->players; p++) {
        if (p) game_put(&o, "|");
        int any = 0;
        for (int i = 0; i < KK_HAND; i++)
            if (st->hand[p][i] != KK_NONE) { if (any) game_put(&o, ","); put_card(&o, st->hand[p][i]); any = 1; }
        if (!any) game_put(&o, "-");
    }
    for (int s = 0; s < 2; s++) {
        game_put(&o, s ? ";right=" : ";left=");
        for (int i = st->pile_len[s] - 1; i >= 0; i--) { put_card(&o, st->pile[s][i]); if (i) game_put(&o, ","); }
        if (!st->pile_len[s]) game_put(&o, "-");
    }
    game_put(&o, ";terr=");
    for (int p = 0; p < st->players; p++) { if (p) game_put(&o, "|"); put_set(&o, st->terr[p]); }
    game_put(&o, ";box=");
    put_set(&o, st->box);
    game_put(&o, ";turn="); game_put_int(&o, st->turn + 1);
    game_put(&o, ";phase="); game_put(&o, kk_phase_name[st->phase]);
    game_put(&o, ";turns="); game_put_int(&o, st->turns);
    game_put(&o, ";gave="); game_put_int(&o, st->gave);
    game_put(&o, ";last=");
    if (st->last_left == KK_NONE) game_put(&o, "-"); else game_put_int(&o, st->last_left);
    game_put(&o, ";passes="); game_put_int(&o, st->passes);
    game_put(&o, ";ending="); game_put_int(&o, st->ending);
    return o.bad ? -1 : (int)o.len;
}

#define PFAIL(...) do { snprintf(err, errlen, __VA_ARGS__); return GAME_BADARG; } while (0)

/* A comma list of card names ("-": none) into ids; returns the count or -1. */
/* A comma-separated card list ("-" for none; a space may follow a comma). On a fault, -1 with a
 * message naming the token, or the list that is too long, and `what` (the field and seat). */
static int card_list(const char *s, uint8_t *out, int max, const char *what, char *err, size_t errlen)
{
    if (!strcmp(s, "-")) return 0;
    int k = 0;
    for (;;) {
        while (*s == ' ') s++;
        const char *t = s;
        int id = card_parse(&s);
        if (id < 0 || (*s && *s != ',')) {
            size_t tl = strcspn(t, ",");
            snprintf(err, errlen, "position: '%.*s' in %s is no card (want colour y o r p b g, breed C S F, votes: e.g. gC5)",
                     (int)(tl > 20 ? 20 : tl), t, what);
            return -1;
        }
        if (k >= max) { snprintf(err, errlen, "position: %s holds more than %d cards", what, max); return -1; }
        out[k++] = (uint8_t)id;
        if (!*s) return k;
        s++;
    }
}

static int small_int(const char *s, int lo, int hi, int *v)
{
    char *e;
    long x = strtol(s, &e, 10);
    if (e == s || *e || x < lo || x > hi) return -1;
    *v = (int)x;
    return 0;
}

/* ---- Partial positions (SPEC.md, "Position fields"): rest=pile|box ---------------------- */

static const char *const kk_partial_name[] = {
    "council", "hands", "left", "right", "terr", "box", "turn", "phase", "turns", "gave", "last", "passes",
    "ending", "rest", "rng",
};
enum { Q_COUNCIL, Q_HANDS, Q_LEFT, Q_RIGHT, Q_TERR, Q_BOX, Q_TURN, Q_PHASE, Q_TURNS, Q_GAVE, Q_LAST, Q_PASSES,
       Q_ENDING, Q_REST, Q_RNG, Q_N };

/* Count the cards a list names ('?', '-', '.' name none); the number of '?', or -1 with the token. */
static int kk_partial_scan(const char *s, int *named, char *bad, size_t badn)
{
    int q = 0;
    while (*s) {
        while (*s == ' ' || *s == ',' || *s == '/' || *s == '|') s++;
        if (!*s) break;
        const char *t = s;
        size_t tl = strcspn(s, ",/|");
        if (tl == 1 && (*t == '-' || *t == '.')) { s += tl; continue; }
        if (tl == 1 && *t == '?') { q++; s += tl; continue; }
        const char *p = t;
        int id = card_parse(&p);
        if (id < 0 || p != t + tl) { snprintf(bad, badn, "%.*s", (int)(tl > 16 ? 16 : tl), t); return -1; }
        named[id]++;
        s += tl;
    }
    return q;
}

/* Complete a partial position (rest=pile|box): the '?' places of the council and the hands are
 * dealt from the unnamed cards, shuffled by rng (the record's [Seed]); under rest=pile, as at
 * setup, kk_param.removed[players] of the others go unseen to the box (less the cards the box
 * names) and the rest is split over the two piles, below the cards given there; under rest=box
 * the rest goes to the box. Missing fields take the values of a fresh game (SPEC.md). */
static int kk_complete(const game_config *cfg, const char *text, char *out, size_t outn, char *err, size_t errlen)
{
    char buf[GAME_TEXT_MAX], *val[Q_N];
    if (strlen(text) >= sizeof buf) { snprintf(err, errlen, "position: too long"); return -1; }
    strcpy(buf, text);
    if (game_fields_split(buf, kk_partial_name, Q_N, val, err, errlen)) return -1;
    int np = cfg->players, rest_box;
    uint64_t rng;
    if (game_partial_head(val[Q_REST], val[Q_RNG], &rest_box, &rng, err, errlen)) return -1;
    char council[128], hands[64], terr[16];
    if (!val[Q_COUNCIL]) {                       /* KK-SETUP-COUNCIL: the ring, or all 16 (start=all16) */
        int all = (cfg->readings & KK_R_START_ALL16) != 0;
        size_t m = 0;
        for (int c = 0; c < KK_CELLS; c++) {
            int in = c / 4 > 0 && c / 4 < 3 && c % 4 > 0 && c % 4 < 3;
            m += (size_t)snprintf(council + m, sizeof council - m, "%s%s", c % 4 ? "," : c ? "/" : "", in && !all ? "." : "?");
        }
        val[Q_COUNCIL] = council;
    }
    if (!val[Q_HANDS]) {
        size_t m = 0;
        for (int q = 0; q < np; q++) m += (size_t)snprintf(hands + m, sizeof hands - m, "%s?,?,?,?", q ? "|" : "");
        val[Q_HANDS] = hands;
    }
    snprintf(terr, sizeof terr, "-|-|-|-");
    terr[2 * np - 1] = 0;
    if (!val[Q_TERR]) val[Q_TERR] = terr;
    int named[KK_CARDS] = {0}, q = 0, inbox = 0;
    char bad[20];
    int f[] = {Q_COUNCIL, Q_HANDS, Q_LEFT, Q_RIGHT, Q_TERR, Q_BOX};
    for (int i = 0; i < 6; i++) {
        if (!val[f[i]]) continue;
        int before = 0;
        for (int id = 0; id < KK_CARDS; id++) before += named[id];
        int k = kk_partial_scan(val[f[i]], named, bad, sizeof bad);
        if (k < 0) { snprintf(err, errlen, "position: '%s' in '%s' is no card (want e.g. gC5)", bad, kk_partial_name[f[i]]); return -1; }
        if (k && f[i] != Q_COUNCIL && f[i] != Q_HANDS) { snprintf(err, errlen, "position: '?' may stand only in 'council' and 'hands', not in '%s'", kk_partial_name[f[i]]); return -1; }
        q += k;
        if (f[i] == Q_BOX) {                     /* how many cards the box names */
            int after = 0;
            for (int id = 0; id < KK_CARDS; id++) after += named[id];
            inbox = after - before;
        }
    }
    uint8_t left[KK_CARDS];
    int nl = 0;
    for (int id = 0; id < KK_CARDS; id++) if (!named[id]) left[nl++] = (uint8_t)id;
    if (q > nl) { snprintf(err, errlen, "position: %d '?' places to deal but only %d cards are not named", q, nl); return -1; }
    shuffle(left, nl, &rng);
    int used = 0;
    game_out o = {out, outn, 0, 0};
    int order[] = {Q_COUNCIL, Q_HANDS, Q_TERR};
    for (int i = 0; i < 3; i++) {
        game_put(&o, i ? ";" : ""); game_put(&o, kk_partial_name[order[i]]); game_put(&o, "=");
        const char *v = val[order[i]];
        for (const char *p = v; *p; p++) {
            if (*p == '?' && (p[1] == 0 || strchr(",/|", p[1])) && (p == v || strchr(",/|", p[-1]))) {
                char nm[8];
                card_name(left[used++], nm);
                game_put(&o, nm);
            } else { char ch[2] = {*p, 0}; game_put(&o, ch); }
        }
    }
    /* the rest: removed unseen (rest=pile, as at setup), then the two piles; or all to the box */
    int unseen = rest_box ? nl - used : kk_param.removed[np] - inbox;
    if (unseen < 0) unseen = 0;
    if (unseen > nl - used) unseen = nl - used;
    game_put(&o, ";box=");
    int wrote = 0;
    if (val[Q_BOX] && strcmp(val[Q_BOX], "-") != 0) { game_put(&o, val[Q_BOX]); wrote = 1; }
    for (int i = 0; i < unseen; i++) {
        char nm[8];
        card_name(left[used++], nm);
        if (wrote) game_put(&o, ",");
        game_put(&o, nm); wrote = 1;
    }
    if (!wrote) game_put(&o, "-");
    for (int side = 0; side < 2; side++) {
        game_put(&o, side ? ";right=" : ";left=");
        const char *v = val[side ? Q_RIGHT : Q_LEFT];
        wrote = 0;
        if (v && strcmp(v, "-") != 0) { game_put(&o, v); wrote = 1; }
        for (int i = used + side; i < nl; i += 2) {       /* the rest split in turn, "zirka gleich hohe Stapel" */
            char nm[8];
            card_name(left[i], nm);
            if (wrote) game_put(&o, ",");
            game_put(&o, nm); wrote = 1;
        }
        if (!wrote) game_put(&o, "-");
    }
    static const char *const dflt[] = {"1", "place", "0", "0", "-", "0", "0"};
    int tf[] = {Q_TURN, Q_PHASE, Q_TURNS, Q_GAVE, Q_LAST, Q_PASSES, Q_ENDING};
    for (int i = 0; i < 7; i++) {
        game_put(&o, ";"); game_put(&o, kk_partial_name[tf[i]]); game_put(&o, "=");
        game_put(&o, val[tf[i]] ? val[tf[i]] : dflt[i]);
    }
    if (o.bad) { snprintf(err, errlen, "position: the completed position is too long"); return -1; }
    return 0;
}

static int kk_load_position(void *vst, const game_config *cfg, const char *text, char *err, size_t errlen)
{
    kk_state *st = vst;
    if (!strncmp(text, "rest=", 5) || strstr(text, ";rest=")) {
        char full[GAME_TEXT_MAX];
        if (!config_ok(cfg)) PFAIL("position: players must be 2 to 4");
        if (kk_complete(cfg, text, full, sizeof full, err, errlen)) return GAME_BADARG;
        return kk_load_position(vst, cfg, full, err, errlen);
    }
    static const int per_field_max = 1600;
    char buf[GAME_TEXT_MAX], *val[F_N];
    if (!config_ok(cfg)) PFAIL("position: players must be 2 to 4");
    if (strlen(text) >= sizeof buf) PFAIL("position: too long");
    strcpy(buf, text);
    if (game_fields_split(buf, kk_field_name, F_N, val, err, errlen)) return GAME_BADARG;
    for (int f = 0; f < F_N; f++) {
        if (!val[f]) PFAIL("position: missing field '%s'", kk_field_name[f]);
        if ((int)strlen(val[f]) > per_field_max) PFAIL("position: field '%s' is too long", kk_field_name[f]);
    }
    base_state(st, cfg);
    int np = cfg->players, seen[KK_CARDS] = {0};
    uint8_t ids[KK_CARDS];
    /* council: 4 rows of 4 */
    {
        char *rows[5], *p = val[F_COUNCIL];
        int nr = 0;
        rows[nr++] = p;
        for (; *p; p++) if (*p == '/') { *p = 0; if (nr >= 4) PFAIL("position: council needs 4 rows"); rows[nr++] = p + 1; }
        if (nr != 4) PFAIL("position: council needs 4 rows");
        for (int r = 0; r < 4; r++) {
            char *cells[5], *q = rows[r];
            int nc = 0;
            cells[nc++] = q;
            for (; *q; q++) if (*q == ',') { *q = 0; if (nc >= 4) PFAIL("position: a council row needs 4 places"); cells[nc++] = q + 1; }
            if (nc != 4) PFAIL("position: a council row needs 4 places");
            for (int c = 0; c < 4; c++) {
                if (!strcmp(cells[c], ".")) continue;
                const char *s = cells[c];
                int id = card_parse(&s);
                if (id < 0 || *s) PFAIL("position: council place %c%d: '%.12s' is no card (want e.g. gC5, or '.')", 'a' + c, r + 1, cells[c]);
                st->council[r * 4 + c] = (uint8_t)id;
                seen[id]++;
            }
        }
    }
    /* hands */
    {
        char *p = val[F_HANDS], *part = p;
        int seat = 0;
        for (;; p++) {
            if (*p == '|' || !*p) {
                int end = !*p;
                *p = 0;
                if (seat >= np) PFAIL("position: 'hands' needs one entry per player");
                char what[32];
                snprintf(what, sizeof what, "'hands' of P%d", seat + 1);
                int k = card_list(part, ids, KK_HAND, what, err, errlen);
                if (k < 0) return GAME_BADARG;
                for (int i = 0; i < k; i++) { hand_add(st, seat, ids[i]); seen[ids[i]]++; }
                seat++;
                part = p + 1;
                if (end) break;
            }
        }
        if (seat != np) PFAIL("position: 'hands' needs one entry per player");
    }
    for (int s = 0; s < 2; s++) {
        int k = card_list(val[s ? F_RIGHT : F_LEFT], ids, KK_PILE_MAX, s ? "'right'" : "'left'", err, errlen);
        if (k < 0) return GAME_BADARG;
        st->pile_len[s] = (uint8_t)k;
        for (int i = 0; i < k; i++) { st->pile[s][k - 1 - i] = ids[i]; seen[ids[i]]++; }
    }
    {
        char *p = val[F_TERR], *part = p;
        int seat = 0;
        for (;; p++) {
            if (*p == '|' || !*p) {
                int end = !*p;
                *p = 0;
                if (seat >= np) PFAIL("position: 'terr' needs one entry per player");
                char what[32];
                snprintf(what, sizeof what, "'terr' of P%d", seat + 1);
                int k = card_list(part, ids, KK_CARDS, what, err, errlen);
                if (k < 0) return GAME_BADARG;
                for (int i = 0; i < k; i++) { st->terr[seat][ids[i]] = 1; seen[ids[i]]++; }
                seat++;
                part = p + 1;
                if (end) break;
            }
        }
        if (seat != np) PFAIL("position: 'terr' needs one entry per player");
    }
    int k = card_list(val[F_BOX], ids, KK_CARDS, "'box'", err, errlen);
    if (k < 0) return GAME_BADARG;
    for (int i = 0; i < k; i++) { st->box[ids[i]] = 1; seen[ids[i]]++; }
    /* KK-CARDS-72: every card exactly once */
    {
        /* each list has room for every card ("yC1 (255 times), " is under 24 bytes): none is cut */
        char miss[KK_CARDS * 24] = "", many[KK_CARDS * 24] = "";
        size_t ml = 0, dl = 0;
        for (int id = 0; id < KK_CARDS; id++) {
            char nm[8];
            card_name(id, nm);
            if (seen[id] == 0) ml += (size_t)snprintf(miss + ml, sizeof miss - ml, "%s%s", ml ? ", " : "", nm);
            if (seen[id] > 1) dl += (size_t)snprintf(many + dl, sizeof many - dl, "%s%s (%d times)", dl ? ", " : "", nm, seen[id]);
        }
        if (ml || dl)
            PFAIL("position: the 72 cards must each stand in one place (council, hands, left, right, terr, box): %s%s%s%s%s (KK-CARDS-72)",
                  ml ? "missing " : "", miss, ml && dl ? "; " : "", dl ? "more than once " : "", many);
    }

    /* turn, phase and the turn's counters */
    int v;
    if (small_int(val[F_TURN], 1, np, &v)) PFAIL("position: 'turn' wants a seat number 1 to %d, e.g. turn=1, got '%.12s'", np, val[F_TURN]);
    st->turn = (uint8_t)(v - 1);
    int ph = -1;
    for (int i = 0; i < 3; i++) if (!strcmp(val[F_PHASE], kk_phase_name[i])) ph = i;
    if (ph < 0) PFAIL("position: 'phase' wants place, draw or over, got '%.20s'", val[F_PHASE]);
    st->phase = (uint8_t)ph;
    if (small_int(val[F_TURNS], 0, 255, &v)) PFAIL("position: 'turns' wants the number of turns played, 0 to 255, got '%.12s'", val[F_TURNS]);
    st->turns = (uint8_t)v;
    if (small_int(val[F_GAVE], 0, 1, &v)) PFAIL("position: 'gave' wants 0 or 1, got '%.12s'", val[F_GAVE]);
    st->gave = (uint8_t)v;
    if (!strcmp(val[F_LAST], "-")) st->last_left = KK_NONE;
    else if (small_int(val[F_LAST], 0, KK_MAXP, &v)) PFAIL("position: 'last' wants '-' or the turns left in the last round, 1 to %d, got '%.12s'", np, val[F_LAST]);
    else st->last_left = (uint8_t)v;
    if (small_int(val[F_PASSES], 0, KK_MAXP, &v)) PFAIL("position: 'passes' wants 0 to %d, got '%.12s'", np, val[F_PASSES]);
    st->passes = (uint8_t)v;
    if (small_int(val[F_ENDING], 0, 1, &v)) PFAIL("position: 'ending' wants 0 or 1, got '%.12s'", val[F_ENDING]);
    st->ending = (uint8_t)v;
    if (st->phase == KK_PH_DRAW && (!st->pile_len[0] || !st->pile_len[1] || hand_count(st, st->turn) >= kk_param.hand))
        PFAIL("position: phase draw needs both piles and a hand short of 4 cards");
    /* KK-TURN-ORDER: P1 begins and the turn passes clockwise, so the seat follows from the turns played
     * (the game ends inside a turn's end, before it passes on); past 255 turns the counter stops */
    if (st->turns < 255) {
        int want = st->phase == KK_PH_OVER ? (st->turns ? (st->turns - 1) % np : -1) : st->turns % np;
        if (want < 0) PFAIL("position: phase over needs a turn played ('turns' 0) (KK-TURN-ORDER)");
        if (st->turn != want)
            PFAIL("position: 'turn=%d' does not follow from 'turns=%d': P1 begins and each turn passes on, so it is P%d's%s (KK-TURN-ORDER)",
                  st->turn + 1, st->turns, want + 1, st->phase == KK_PH_OVER ? ", whose turn ended the game" : "");
    }
    /* KK-TURN-GIVE: a territory is given at the start of a turn, from the second round on (KK-AMB-SECOND-ROUND),
     * not in the last round under last-give=forbidden; the flag is cleared when the turn ends */
    if (st->gave) {
        if (st->phase == KK_PH_OVER) PFAIL("position: 'gave=1' after the game is over (it is cleared when a turn ends) (KK-TURN-GIVE)");
        if (R(st, KK_R_GIVE_FROM_TURN) ? st->turns < 1 : st->turns < np)
            PFAIL("position: 'gave=1' at turns=%d: a territory is first given %s (KK-TURN-GIVE, KK-AMB-SECOND-ROUND)", st->turns,
                  R(st, KK_R_GIVE_FROM_TURN) ? "in the second turn" : "in the second round");
        if (st->last_left != KK_NONE && R(st, KK_R_LAST_NO_GIVE))
            PFAIL("position: 'gave=1' in the last round under last-give=forbidden (KK-TURN-GIVE, KK-AMB-LAST-GIVE)");
    }
    /* KK-END-LASTROUND: the last round begins when both piles are used up, with 1 to `players` turns left */
    if (st->phase != KK_PH_OVER && st->last_left != KK_NONE) {
        if (st->pile_len[0] || st->pile_len[1])
            PFAIL("position: 'last=%d' (the last round) while the piles still hold %d and %d cards; it begins when both are "
                  "used up (write last=-) (KK-END-LASTROUND)", st->last_left, st->pile_len[0], st->pile_len[1]);
        if (st->last_left < 1 || st->last_left > np)
            PFAIL("position: 'last=%d' turns left in the last round, want 1 to %d or '-' (KK-END-LASTROUND)", st->last_left, np);
    }
    /* ending=1: a crisis took nothing (KK-AMB-CRISIS-EMPTY=game-ends); its turn may still be drawing */
    if (st->ending && st->phase == KK_PH_PLACE)
        PFAIL("position: 'ending' 1 (a crisis took nothing) needs phase draw or over, not place");
    if (st->ending && st->phase == KK_PH_DRAW && free_places(st) > 0)
        PFAIL("position: 'ending' 1 in phase draw needs a full council (the crisis filled its last free place)");
    return GAME_OK;
}

/* The council, hands (with the colours everyone sees), territories and pile sizes, for people. */
static int kk_board_print(const void *vst, char *buf, size_t n)
{
    const kk_state *st = vst;
    game_out o = {buf, n, 0, 0};
    char line[128];
    if (n) buf[0] = 0;
    game_put(&o, "      a    b    c    d\n");
    for (int r = 0; r < 4; r++) {
        snprintf(line, sizeof line, "  %d  ", r + 1);
        game_put(&o, line);
        for (int c = 0; c < 4; c++) {
            int id = st->council[r * 4 + c];
            if (id == KK_NONE) game_put(&o, " .   ");
            else { char nm[8]; card_name(id, nm); snprintf(line, sizeof line, "%-5s", nm); game_put(&o, line); }
        }
        game_put(&o, "\n");
    }
    for (int p = 0; p < st->players; p++) {
        snprintf(line, sizeof line, "P%d: hand ", p + 1);
        game_put(&o, line);
        int any = 0;
        for (int i = 0; i < KK_HAND; i++)
            if (st->hand[p][i] != KK_NONE) { if (any) game_put(&o, ","); put_card(&o, st->hand[p][i]); any = 1; }
        if (!any) game_put(&o, "-");
        game_put(&o, "; territories ");
        put_set(&o, st->terr[p]);
        game_put(&o, "\n");
    }
    snprintf(line, sizeof line, "piles %d + %d; turn P%d, phase %s%s\n", st->pile_len[0], st->pile_len[1], st->turn + 1,
             kk_phase_name[st->phase], st->last_left != KK_NONE ? " (last round)" : "");
    game_put(&o, line);
    return o.bad ? -1 : (int)o.len;
}

/* Why apply would refuse m (for error messages): the first rule it breaks. */
static int kk_why_illegal(const void *vst, const game_move *m, char *buf, size_t n)
{
    const kk_state *st = vst;
    int p = st->turn;
    char a[8];
    if (st->phase == KK_PH_OVER) return snprintf(buf, n, "the game is over");
    if (st->phase == KK_PH_DRAW && m->kind != KK_MV_DRAW)
        return snprintf(buf, n, "P%d must draw now (draw left or draw right)", p + 1);
    if (st->phase == KK_PH_PLACE && m->kind == KK_MV_DRAW)
        return snprintf(buf, n, "P%d must place a card first (draw comes after the placing)", p + 1);
    switch (m->kind) {
    case KK_MV_GIVE:
        if (st->gave) return snprintf(buf, n, "P%d has already given a territory this turn", p + 1);
        if (st->last_left != KK_NONE && R(st, KK_R_LAST_NO_GIVE))
            return snprintf(buf, n, "under last-give=forbidden no territory is given in the last round (KK-AMB-LAST-GIVE)");
        if (!may_give(st)) return snprintf(buf, n, "no territory may be given now (KK-TURN-GIVE: from the second round on)");
        if (m->a >= KK_COLOURS || !has_colour(st, p, m->a)) return snprintf(buf, n, "P%d holds no territory of that colour", p + 1);
        if (m->b >= st->players || m->b == p) return snprintf(buf, n, "a territory goes to another seat");
        if (has_colour(st, m->b, m->a)) return snprintf(buf, n, "P%d already has a territory of that colour", m->b + 1);
        break;
    case KK_MV_PLACE: {
        int in_hand = 0;
        for (int i = 0; i < KK_HAND; i++) if (st->hand[p][i] == m->a) in_hand = 1;
        if (m->a < KK_CARDS) card_name(m->a, a); else snprintf(a, sizeof a, "?");
        if (!in_hand) return snprintf(buf, n, "%s is not in P%d's hand", a, p + 1);
        if (m->b >= KK_CELLS || !placeable(st, m->b)) return snprintf(buf, n, "%c%c is no free place of the council", 'a' + m->b % 4, '1' + m->b / 4);
        break;
    }
    case KK_MV_PASS:
        return snprintf(buf, n, "P%d can place a card, so passing is not allowed", p + 1);
    default:
        break;
    }
    return 0;
}

/* Report units (game.h): a turn ends when `turns` counts it or the game ends during it. */
static int kk_units_done(const void *vpre, const void *vpost)
{
    const kk_state *a = vpre, *b = vpost;
    if (a->phase == KK_PH_OVER) return 0;
    return b->turns != a->turns || b->turn != a->turn || b->phase == KK_PH_OVER;
}

/* The engine's position loader: its reason, when it refuses, is one printable line. */
static int kk_setup_position(void *st, const game_config *cfg, const char *text, char *err, size_t errlen)
{
    return game_reason_line(kk_load_position(st, cfg, text, err, errlen), err, errlen);
}

const game_engine kk_engine = {
    .name = "kk", .title = "Kleine Kläffer", .tag = "KK",
    .min_players = 2, .max_players = KK_MAXP,
    .state_size = sizeof(kk_state),
    .amb = kk_amb, .n_amb = KK_N_AMB,
    .profiles = kk_profiles, .n_profiles = (int)(sizeof kk_profiles / sizeof kk_profiles[0]),
    .setup_seed = kk_setup_seed,
    .setup_position = kk_setup_position,
    .position_print = kk_position_print,
    .config = kk_config,
    .to_move = kk_to_move,
    .legal_moves = kk_legal_moves,
    .apply = kk_apply,
    .result = kk_result,
    .redact = kk_redact,
    .same_play = kk_same_play,
    .board_print = kk_board_print,
    .move_print = kk_move_print,
    .move_parse = kk_move_parse,
    .why_illegal = kk_why_illegal,
    .score_now = kk_tally,
    .determinize = kk_determinize,
    /* KK-FINAL-WINNER: the fewest penalty points win */
    .score_sense = -1, .unit = "turns", .unit_per_seat = 1,
    .score_name = "penalty points", .win_rule = "the fewest penalty points win, among the seats that secured a territory (KK-FINAL-WINNER)",
    .units_done = kk_units_done,
};
