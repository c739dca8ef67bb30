/* testutil_kk.h: Kleine Kläffer helpers for the Check suites: names, deals, moving cards without breaking the count of 72, checked moves. */
#ifndef RULEFUZZ_TESTUTIL_KK_H
#define RULEFUZZ_TESTUTIL_KK_H

#include "testutil.h"
#include "../rules/kk.h"

/* Card id of a name such as "gC5" (colour y o r p b g, breed C S F, value); fails the test for
 * a name that is no card under kk_param. */
static inline int tu_kk_card(const char *name)
{
    static const char colours[] = "yorpbg", breeds[] = "CSF";
    const char *c = name[0] ? strchr(colours, name[0]) : NULL;
    const char *b = name[0] && name[1] ? strchr(breeds, name[1]) : NULL;
    ck_assert_msg(c && b && name[2] >= '1' && name[2] <= '5' && !name[3], "bad card name %s", name);
    for (int k = 0; k < KK_PER; k++)
        if (kk_param.breed[k] == b - breeds && kk_param.value[k] == name[2] - '0')
            return (int)(c - colours) * KK_PER + k;
    ck_abort_msg("no card %s under the assumed split", name);
    return -1;
}

/* Council place of a name such as "c2" (column a..d, row 1..4 from the top). */
static inline int tu_kk_cell(const char *name)
{
    ck_assert_msg(name[0] >= 'a' && name[0] <= 'd' && name[1] >= '1' && name[1] <= '4' && !name[2],
                  "bad place name %s", name);
    return (name[1] - '1') * 4 + (name[0] - 'a');
}

/* Name of card id ("gC5") into out[4]. */
static inline const char *tu_kk_name(int id, char *out)
{
    out[0] = "yorpbg"[KK_COLOUR(id)];
    out[1] = "CSF"[kk_param.breed[id % KK_PER]];
    out[2] = (char)('0' + kk_param.value[id % KK_PER]);
    out[3] = 0;
    return out;
}

static inline int tu_kk_value(int id) { return kk_param.value[id % KK_PER]; }
static inline int tu_kk_breed(int id) { return kk_param.breed[id % KK_PER]; }

static inline void tu_kk_deal(kk_state *st, int players, uint32_t readings, uint64_t seed)
{
    game_config cfg = {players, readings};
    ck_assert_int_eq(kk_engine.setup_seed(st, &cfg, seed), GAME_OK);
}

/* An oracle context for Kleine Kläffer: every oracle when the game's oracles are registered
 * (returns 1), else the generic conformance oracles alone (returns 0). */
static inline int tu_kk_oracles(inv_ctx *c)
{
    static const inv_game none = {"kk", NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    if (inv_init(c, &kk_engine, INV_GEN_ALL) == 0) return 1;
    memset(c, 0, sizeof *c);
    c->g = &kk_engine;
    c->og = &none;
    c->generic = INV_GEN_ALL;
    for (int i = 0; i < inv_n_generic; i++) c->clause[c->n++] = &inv_generic_clauses[i];
    c->k_game = c->n;
    c->first_k = -1;
    c->first_step = -1;
    return 0;
}

/* ---- Where a card lies, and moving it ---------------------------------------------------- */

enum { TU_KK_COUNCIL, TU_KK_PILE, TU_KK_HAND, TU_KK_TERR, TU_KK_BOX };
/* council: i = cell; pile: i = 0 left / 1 right, j = position from the bottom; hand: i = seat,
 * j = slot; territory: i = seat; box. */
typedef struct { int zone, i, j; } tu_kk_slot;

static inline tu_kk_slot tu_kk_where(const kk_state *st, int id)
{
    for (int c = 0; c < KK_CELLS; c++) if (st->council[c] == id) return (tu_kk_slot){TU_KK_COUNCIL, c, 0};
    for (int s = 0; s < 2; s++)
        for (int j = 0; j < st->pile_len[s]; j++) if (st->pile[s][j] == id) return (tu_kk_slot){TU_KK_PILE, s, j};
    for (int p = 0; p < st->players; p++) {
        for (int j = 0; j < KK_HAND; j++) if (st->hand[p][j] == id) return (tu_kk_slot){TU_KK_HAND, p, j};
        if (st->terr[p][id]) return (tu_kk_slot){TU_KK_TERR, p, 0};
    }
    ck_assert_msg(st->box[id], "card %d lies nowhere", id);
    return (tu_kk_slot){TU_KK_BOX, 0, 0};
}

static inline void tu_kk_sort_hand(kk_state *st, int p)
{
    uint8_t *h = st->hand[p];
    for (int i = 1; i < KK_HAND; i++)
        for (int j = i; j > 0 && h[j] < h[j - 1]; j--) { uint8_t t = h[j]; h[j] = h[j - 1]; h[j - 1] = t; }
}

static inline int tu_kk_hand_count(const kk_state *st, int p)
{
    int n = 0;
    for (int j = 0; j < KK_HAND; j++) n += st->hand[p][j] != KK_NONE;
    return n;
}

/* Take card id out of slot s (a council place becomes free, a hand or a pile closes up). */
static inline void tu_kk_lift(kk_state *st, tu_kk_slot s, int id)
{
    switch (s.zone) {
    case TU_KK_COUNCIL: st->council[s.i] = KK_NONE; break;
    case TU_KK_PILE:
        for (int j = s.j; j + 1 < st->pile_len[s.i]; j++) st->pile[s.i][j] = st->pile[s.i][j + 1];
        st->pile[s.i][--st->pile_len[s.i]] = 0;
        break;
    case TU_KK_HAND: st->hand[s.i][s.j] = KK_NONE; tu_kk_sort_hand(st, s.i); break;
    case TU_KK_TERR: st->terr[s.i][id] = 0; break;
    default: st->box[id] = 0; break;
    }
}

/* Lay card id into slot s, which must be empty (a free place, a hand with room, a pile position
 * up to its height: the cards above move up). */
static inline void tu_kk_drop(kk_state *st, tu_kk_slot s, int id)
{
    switch (s.zone) {
    case TU_KK_COUNCIL: st->council[s.i] = (uint8_t)id; break;
    case TU_KK_PILE: {
        int j = s.j > st->pile_len[s.i] ? st->pile_len[s.i] : s.j;
        ck_assert_int_lt(st->pile_len[s.i], KK_PILE_MAX);
        for (int x = st->pile_len[s.i]; x > j; x--) st->pile[s.i][x] = st->pile[s.i][x - 1];
        st->pile[s.i][j] = (uint8_t)id;
        st->pile_len[s.i]++;
        break;
    }
    case TU_KK_HAND: {
        int j = tu_kk_hand_count(st, s.i);
        ck_assert_msg(j < KK_HAND, "P%d's hand is full", s.i + 1);
        st->hand[s.i][j] = (uint8_t)id;
        tu_kk_sort_hand(st, s.i);
        break;
    }
    case TU_KK_TERR: st->terr[s.i][id] = 1; break;
    default: st->box[id] = 1; break;
    }
}

/* The card in single-card slot s (council place, hand slot, pile position), KK_NONE if none. */
static inline int tu_kk_at(const kk_state *st, tu_kk_slot s)
{
    switch (s.zone) {
    case TU_KK_COUNCIL: return st->council[s.i];
    case TU_KK_PILE: return s.j < st->pile_len[s.i] ? st->pile[s.i][s.j] : KK_NONE;
    case TU_KK_HAND: return st->hand[s.i][s.j];
    default: return KK_NONE;
    }
}

/* Put card `name` into slot `to`. If a card is there, the two cards swap places. Otherwise the
 * card moves: a council place it leaves becomes free, and a hand slot or pile position it leaves
 * takes a card from the box (the lowest id), so that hands and piles keep their height (they
 * close up only when the box is empty). Every card stays in exactly one place. */
static inline void tu_kk_put(kk_state *st, const char *name, tu_kk_slot to)
{
    int id = tu_kk_card(name);
    tu_kk_slot from = tu_kk_where(st, id);
    int there = tu_kk_at(st, to);
    if (there == id) return;
    if (there != KK_NONE && from.zone != TU_KK_TERR && from.zone != TU_KK_BOX &&
        (from.zone == TU_KK_COUNCIL || from.zone == TU_KK_PILE || from.zone == TU_KK_HAND)) {
        /* both are single-card slots: exchange the two bytes, then keep hands ascending */
        uint8_t *a = from.zone == TU_KK_COUNCIL ? &st->council[from.i]
                   : from.zone == TU_KK_PILE ? &st->pile[from.i][from.j] : &st->hand[from.i][from.j];
        uint8_t *b = to.zone == TU_KK_COUNCIL ? &st->council[to.i]
                   : to.zone == TU_KK_PILE ? &st->pile[to.i][to.j] : &st->hand[to.i][to.j];
        *a = (uint8_t)there;
        *b = (uint8_t)id;
        for (int p = 0; p < st->players; p++) tu_kk_sort_hand(st, p);
        return;
    }
    if (there != KK_NONE) {               /* card from a territory or the box: the displaced card goes there */
        tu_kk_lift(st, to, there);
        tu_kk_lift(st, from, id);
        tu_kk_drop(st, from, there);
        tu_kk_drop(st, to, id);
        return;
    }
    if ((from.zone == TU_KK_HAND || from.zone == TU_KK_PILE) && !(from.zone == to.zone && from.i == to.i)) {
        /* keep the hand or pile it leaves as high as it was: a box card takes its slot */
        int filler = -1;
        for (int x = 0; x < KK_CARDS && filler < 0; x++) if (st->box[x]) filler = x;
        if (filler >= 0) {
            st->box[filler] = 0;
            if (from.zone == TU_KK_HAND) st->hand[from.i][from.j] = (uint8_t)filler;
            else st->pile[from.i][from.j] = (uint8_t)filler;
            for (int p = 0; p < st->players; p++) tu_kk_sort_hand(st, p);
            tu_kk_drop(st, to, id);
            return;
        }
    }
    tu_kk_lift(st, from, id);
    if (from.zone == TU_KK_PILE && to.zone == TU_KK_PILE && from.i == to.i && to.j > from.j) to.j--;
    tu_kk_drop(st, to, id);
}

static inline void tu_kk_put_cell(kk_state *st, const char *card, const char *cell)
{
    tu_kk_put(st, card, (tu_kk_slot){TU_KK_COUNCIL, tu_kk_cell(cell), 0});
}
static inline void tu_kk_put_terr(kk_state *st, const char *card, int seat)
{
    tu_kk_put(st, card, (tu_kk_slot){TU_KK_TERR, seat, 0});
}
static inline void tu_kk_put_box(kk_state *st, const char *card)
{
    tu_kk_put(st, card, (tu_kk_slot){TU_KK_BOX, 0, 0});
}
/* Onto the top of pile i (0 left, 1 right); a card already in that pile moves to the top. */
static inline void tu_kk_put_top(kk_state *st, const char *card, int pile)
{
    tu_kk_put(st, card, (tu_kk_slot){TU_KK_PILE, pile, KK_PILE_MAX});
}

/* Free the council place `cell`: its card goes to the box. */
static inline void tu_kk_free_cell(kk_state *st, const char *cell)
{
    int c = tu_kk_cell(cell);
    if (st->council[c] == KK_NONE) return;
    st->box[st->council[c]] = 1;
    st->council[c] = KK_NONE;
}

/* Move every card of a zone to the box. */
static inline void tu_kk_clear_council(kk_state *st)
{
    for (int c = 0; c < KK_CELLS; c++)
        if (st->council[c] != KK_NONE) { st->box[st->council[c]] = 1; st->council[c] = KK_NONE; }
}
static inline void tu_kk_clear_pile(kk_state *st, int i)
{
    while (st->pile_len[i]) { int id = st->pile[i][--st->pile_len[i]]; st->pile[i][st->pile_len[i]] = 0; st->box[id] = 1; }
}
/* Leave pile i with its top k cards: the cards below go to the box. */
static inline void tu_kk_keep_pile(kk_state *st, int i, int k)
{
    while (st->pile_len[i] > k) {
        int id = st->pile[i][0];
        tu_kk_lift(st, (tu_kk_slot){TU_KK_PILE, i, 0}, id);
        st->box[id] = 1;
    }
}
static inline void tu_kk_clear_hand(kk_state *st, int p)
{
    for (int j = 0; j < KK_HAND; j++)
        if (st->hand[p][j] != KK_NONE) { st->box[st->hand[p][j]] = 1; st->hand[p][j] = KK_NONE; }
}

/* Set seat p's hand to exactly the cards in `list` (names separated by spaces, up to 4). Cards
 * named are swapped in for cards of the hand that are not named, or moved in when the hand is
 * short; hand cards left over go to the box. */
static inline void tu_kk_set_hand(kk_state *st, int p, const char *list)
{
    int want[KK_HAND], n = 0;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        ck_assert_int_lt(n, KK_HAND);
        want[n++] = tu_kk_card(t);
    }
    for (int i = 0; i < n; i++) {
        int have = 0, spare = -1;
        for (int j = 0; j < KK_HAND; j++) {
            int x = st->hand[p][j], named = 0;
            if (x == want[i]) have = 1;
            for (int k = 0; k < n; k++) named |= x == want[k];
            if (x != KK_NONE && !named && spare < 0) spare = j;
        }
        if (have) continue;
        char nm[4];
        tu_kk_put(st, tu_kk_name(want[i], nm), (tu_kk_slot){TU_KK_HAND, p, spare >= 0 ? spare : KK_HAND - 1});
    }
    for (int j = 0; j < KK_HAND; j++) {
        int x = st->hand[p][j], named = 0;
        for (int k = 0; k < n; k++) named |= x == want[k];
        if (x != KK_NONE && !named) { st->box[x] = 1; st->hand[p][j] = KK_NONE; }
    }
    tu_kk_sort_hand(st, p);
}

/* Lay a whole council: 16 names or "." in reading order (a1 b1 c1 d1 a2 ... d4), separated by
 * spaces ('/' between rows is allowed). Council cards not named go to the box first. */
static inline void tu_kk_set_council(kk_state *st, const char *layout)
{
    char buf[256], *names[KK_CELLS];
    int n = 0;
    snprintf(buf, sizeof buf, "%s", layout);
    for (char *t = strtok(buf, " /"); t; t = strtok(NULL, " /")) {
        ck_assert_int_lt(n, KK_CELLS);
        names[n++] = t;
    }
    ck_assert_int_eq(n, KK_CELLS);
    for (int c = 0; c < KK_CELLS; c++) {
        int keep = 0;
        for (int k = 0; k < KK_CELLS; k++) keep |= names[k][0] != '.' && st->council[c] == tu_kk_card(names[k]);
        if (!keep) tu_kk_free_cell(st, (char[]){(char)('a' + c % 4), (char)('1' + c / 4), 0});
    }
    for (int c = 0; c < KK_CELLS; c++)
        if (names[c][0] != '.') tu_kk_put_cell(st, names[c], (char[]){(char)('a' + c % 4), (char)('1' + c / 4), 0});
}

/* Every card 0..71 exactly once in council, piles, hands, territories and box (counted here,
 * independently of the engine and the oracles). */
static inline int tu_kk_count_ok(const kk_state *st)
{
    int seen[KK_CARDS] = {0};
    for (int c = 0; c < KK_CELLS; c++) if (st->council[c] != KK_NONE) { if (st->council[c] >= KK_CARDS) return 0; seen[st->council[c]]++; }
    for (int s = 0; s < 2; s++)
        for (int j = 0; j < st->pile_len[s]; j++) { if (st->pile[s][j] >= KK_CARDS) return 0; seen[st->pile[s][j]]++; }
    for (int p = 0; p < st->players; p++)
        for (int j = 0; j < KK_HAND; j++) if (st->hand[p][j] != KK_NONE) { if (st->hand[p][j] >= KK_CARDS) return 0; seen[st->hand[p][j]]++; }
    for (int id = 0; id < KK_CARDS; id++) {
        for (int p = 0; p < st->players; p++) seen[id] += st->terr[p][id];
        seen[id] += st->box[id];
        if (seen[id] != 1) return 0;
    }
    return 1;
}

static inline int tu_kk_free_places(const kk_state *st)
{
    int n = 0;
    for (int c = 0; c < KK_CELLS; c++) n += st->council[c] == KK_NONE;
    return n;
}

/* Is `move` (text) in the legal list? */
static inline int tu_kk_legal(const kk_state *st, const char *move)
{
    game_move ms[GAME_MAX_MOVES], m;
    if (kk_engine.move_parse(st, move, &m) != GAME_OK) return 0;
    int n = kk_engine.legal_moves(st, ms, GAME_MAX_MOVES);
    for (int i = 0; i < n; i++) if (!memcmp(&ms[i], &m, sizeof m)) return 1;
    return 0;
}

/* How many legal moves of a kind (KK_MV_*). */
static inline int tu_kk_legal_kind(const kk_state *st, int kind)
{
    game_move ms[GAME_MAX_MOVES];
    int n = kk_engine.legal_moves(st, ms, GAME_MAX_MOVES), k = 0;
    for (int i = 0; i < n; i++) k += ms[i].kind == kind;
    return k;
}

/* Apply a move that must be legal, every oracle in c checking the step; when it ends the game,
 * the final scoring is checked as well. */
static inline void tu_kk_play(inv_ctx *c, kk_state *st, const char *move)
{
    tu_play(&kk_engine, c, st, move);
    if (c && kk_engine.to_move(st) < 0) {
        inv_on_final(c, st);
        ck_assert_msg(c->violations == 0, "final scoring after '%s': oracle %s: %s", move,
                      c->clause[c->first_k]->id, c->first_msg);
    }
}

#endif
