/* check_hdz_rules.c: Check suite for Herr der Ziegen: one test per clause and per reading. */
#include "testutil.h"

static const game_engine *G = &hdz_engine;
static inv_ctx ctx;   /* every move in these tests is also checked by every oracle */

/* The profiles' readings as these tests' positions and moves were written for them: the cross
 * line (take=cross), nl's second milk place on its own sum (milk-half=own) and en's end at once
 * (end=immediate). Since issue 34 the profiles read take=edge, nl milk-half=leader and en
 * end=finish-turn; the tests of those readings set the bits themselves. */
#define NL (hdz_engine.profiles[0].readings & ~(uint32_t)(HDZ_R_TAKE_EDGE | HDZ_R_MILK_LEADER))
#define EN ((hdz_engine.profiles[1].readings & ~(uint32_t)HDZ_R_TAKE_EDGE) | HDZ_R_END_IMMEDIATE)

/* A 3-player deal in phase PLAY, P1 to move; stables (site=cell) at d1, g6, a6. */
static void start(hdz_state *st, int players, uint32_t readings)
{
    tu_hdz_deal(st, players, readings, 11);
    while (st->phase == HDZ_PH_REDRAW) ck_assert_int_eq(tu_try(G, st, "keep"), GAME_OK);
    inv_init(&ctx, G, INV_GEN_ALL);
}

static void play(hdz_state *st, const char *move) { tu_play(G, &ctx, st, move); }

/* Send the card at a cell to the box (the card count stays 121). */
static void to_box(hdz_state *st, const char *cell)
{
    int c = tu_cell(cell);
    ck_assert(st->cell[c] < HDZ_CODES);
    st->box[st->cell[c]]++;
    st->cell[c] = HDZ_NONE;
    st->mark[c] = HDZ_NONE;
}

/* Put a small goat of `seat` on the card at `cell`, as an earlier scoring would have. */
static void mark(hdz_state *st, const char *cell, int seat)
{
    int c = tu_cell(cell);
    ck_assert(HDZ_IS_GOAT(st->cell[c]));
    st->mark[c] = (uint8_t)seat;
    st->owner[HDZ_TYPE(st->cell[c])] = (uint8_t)seat;
    st->supply[seat]--;
}

/* Empty the pile into the box. */
static void empty_pile(hdz_state *st)
{
    while (st->pile_len) { st->box[st->pile[st->pile_len - 1]]++; st->pile[--st->pile_len] = 0; }
}

/* How often case `name` of clause `id` fired in ctx (the case classification under test). */
static uint64_t case_count(const char *id, const char *name)
{
    int k = tu_clause(&ctx, id);
    char nm[INV_CASE_NAME_MAX];
    for (int i = 0; i < inv_n_cases(ctx.clause[k]); i++) {
        ck_assert_int_eq(inv_case_name(ctx.clause[k], i, nm, sizeof nm), 0);
        if (strcmp(nm, name) == 0) return inv_case_count(ctx.clause[k], &ctx.count[k], i);
    }
    ck_abort_msg("%s has no case '%s'", id, name);
    return 0;
}

/* Clause `id` counted case `name` (and the run so far is clean). */
static void counted(const char *id, const char *name)
{
    ck_assert_msg(ctx.violations == 0, "%s: %s", tu_first_id(&ctx), ctx.first_msg);
    ck_assert_msg(case_count(id, name) > 0, "%s did not count its case '%s'", id, name);
}

/* The oracles judge the fresh deal st (setup clauses) in a new context. */
static void judge_deal(const hdz_state *st)
{
    inv_init(&ctx, G, INV_GEN_ALL);
    inv_on_setup(&ctx, st);
    ck_assert_msg(ctx.violations == 0, "%s: %s", tu_first_id(&ctx), ctx.first_msg);
}

static int legal_has(const hdz_state *st, const char *move)
{
    game_move ms[GAME_MAX_MOVES], m;
    if (G->move_parse(st, move, &m) != GAME_OK) return 0;
    return game_move_in(ms, G->legal_moves(st, ms, GAME_MAX_MOVES), &m);
}

static int count_cards(const hdz_state *st)
{
    int n = st->pile_len;
    for (int c = 0; c < HDZ_CELLS; c++) n += st->cell[c] < HDZ_CODES;
    for (int p = 0; p < st->players; p++) {
        n += (st->hand[p][0] != HDZ_NONE) + (st->hand[p][1] != HDZ_NONE);
        for (int c = 0; c < HDZ_CODES; c++) n += st->display[p][c];
    }
    for (int c = 0; c < HDZ_CODES; c++) n += st->box[c];
    return n;
}

/* ---- Setup ------------------------------------------------------------------------ */

/* HDZ-CARDS-121 */
START_TEST(all_121_cards_are_accounted_for_through_a_whole_game)
{
    hdz_state st;
    tu_hdz_deal(&st, 2 + _i, NL, 99);
    ck_assert_int_eq(count_cards(&st), HDZ_CARDS);
    rf_chooser ch = {0};
    ch.use_rng = 1; ch.rng = 5;
    game_move ms[GAME_MAX_MOVES];
    while (G->to_move(&st) >= 0) {
        int n = G->legal_moves(&st, ms, GAME_MAX_MOVES);
        ck_assert_int_eq(G->apply(&st, &ms[rf_choose(&ch, n)]), GAME_OK);
        ck_assert_int_eq(count_cards(&st), HDZ_CARDS);
    }
}
END_TEST

/* HDZ-SETUP-REMOVAL HDZ-SETUP-PLAYERS HDZ-AMB-REMOVAL: each row of the table, and removal=none, counted in its case */
START_TEST(cards_removed_per_player_count_follow_the_dutch_table)
{
    static const int types[] = {8, 5, 2, 0}, dogs[] = {8, 5, 2, 0}, m1[] = {4, 5, 2, 0}, m2[] = {4, 0, 0, 0};
    hdz_state st;
    tu_hdz_deal(&st, 2 + _i, NL, 3);
    int whole = 0;
    for (int t = 0; t < HDZ_TYPES; t++) {
        int n = 0;
        for (int v = 1; v <= 5; v++) n += st.box[HDZ_CODE(t, v)];
        ck_assert(n == 0 || n == 5);          /* whole types only */
        whole += n == 5;
    }
    ck_assert_int_eq(whole, types[_i]);
    ck_assert_int_eq(st.box[HDZ_DOG], dogs[_i]);
    ck_assert_int_eq(st.box[HDZ_MILK1], m1[_i]);
    ck_assert_int_eq(st.box[HDZ_MILK2], m2[_i]);
    static const char *const row[] = {"two", "three", "four", "five"};
    judge_deal(&st);
    counted("HDZ-SETUP-REMOVAL", row[_i]);             /* the table's row for the player count */
    counted("HDZ-SETUP-PLAYERS", row[_i]);
    tu_add_counts(&ctx, "cards_removed_per_player_count_follow_the_dutch_table");
    tu_hdz_deal(&st, 2 + _i, NL | HDZ_R_REMOVAL_NONE, 3);   /* removal=none: the box stays empty */
    for (int c = 0; c < HDZ_CODES; c++) ck_assert_int_eq(st.box[c], 0);
    judge_deal(&st);
    counted("HDZ-SETUP-REMOVAL", "removal-none");
    ck_assert_uint_eq(case_count("HDZ-SETUP-REMOVAL", row[_i]), 0);
    tu_add_counts(&ctx, "cards_removed_per_player_count_follow_the_dutch_table");
}
END_TEST

/* HDZ-SETUP-REMOVAL: which types go is drawn with the seed (any choice is the same game renamed), and
 * the box is open: no seat's view and no re-deal of the hidden cards changes it ("uitgesorteerd" by
 * their faces before "Alle resterende kaarten worden verdekt zeer grondig gemixt") */
START_TEST(removed_goat_types_are_drawn_by_lot_and_seen_by_all)
{
    unsigned first = 0, differ = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        hdz_state st;
        tu_hdz_deal(&st, 2, NL, seed);
        unsigned gone = 0;
        for (int t = 0; t < HDZ_TYPES; t++) if (st.box[HDZ_CODE(t, 1)]) gone |= 1u << t;
        if (seed == 1) first = gone;
        else differ |= gone != first;
        for (int v = 0; v <= st.players; v++) {        /* each seat, and the table */
            hdz_state view = st;
            G->redact(&view, v);
            ck_assert(memcmp(view.box, st.box, sizeof st.box) == 0);
            if (v == st.players) continue;
            uint64_t rng = seed * 7919u;
            view = st;
            G->determinize(&view, v, &rng);
            ck_assert(memcmp(view.box, st.box, sizeof st.box) == 0);
        }
    }
    ck_assert_msg(differ, "eight deals removed the same goat types");
}
END_TEST

/* HDZ-SETUP-MEADOW HDZ-SETUP-STABLES HDZ-AMB-STABLE-SITE */
START_TEST(the_meadow_is_7x7_or_6x6_for_two_with_stable_cells_left_out)
{
    hdz_state st;
    int players = 2 + _i % 4;
    uint32_t r = _i < 4 ? NL : NL | HDZ_R_SITE_OUTSIDE;
    tu_hdz_deal(&st, players, r, 21);
    int n = players == 2 ? 6 : 7, cards = 0, stables = 0;
    ck_assert_int_eq(st.n, n);
    for (int c = 0; c < HDZ_CELLS; c++) {
        int inside = c / HDZ_W < n && c % HDZ_W < n;
        if (!inside) { ck_assert_int_eq(st.cell[c], HDZ_NONE); continue; }
        ck_assert_int_eq(st.mark[c], HDZ_NONE);
        if (st.cell[c] == HDZ_STABLE) stables++;
        else { ck_assert(st.cell[c] < HDZ_CODES); cards++; }
    }
    ck_assert_int_eq(stables, _i < 4 ? players : 0);
    ck_assert_int_eq(cards, n * n - stables);
    judge_deal(&st);
    counted("HDZ-SETUP-MEADOW", n == 6 ? "six" : "seven");
    counted("HDZ-SETUP-STABLES", _i < 4 ? "cell" : "outside");   /* site=outside: no stable place */
    tu_add_counts(&ctx, "the_meadow_is_7x7_or_6x6_for_two_with_stable_cells_left_out");
}
END_TEST

/* HDZ-SETUP-STABLES HDZ-FINAL-STABLE-DOUBLE: four players: the stables stand on the corner cards
 * a1, g1, g7, a7 (Sources: src:hdz-reviews, superfred.de), each large goat at the edge where its
 * side of the track begins (0, 7, 14, 21); a corner stable has two neighbours, and both double. */
START_TEST(four_players_have_their_stables_in_the_corners)
{
    hdz_state st;
    static const char *const corner[] = {"a1", "g1", "g7", "a7"};
    static const char *const next[][2] = {{"b1", "a2"}, {"f1", "g2"}, {"f7", "g6"}, {"b7", "a6"}};
    start(&st, 4, NL);
    for (int p = 0; p < 4; p++) {
        ck_assert_int_eq(st.stable[p], 7 * p);
        ck_assert_int_eq(st.goat[p], 7 * p);
        ck_assert_int_eq(hdz_track_cell(7, st.stable[p]), tu_cell(corner[p]));
        ck_assert_int_eq(st.cell[tu_cell(corner[p])], HDZ_STABLE);
    }
    st.phase = HDZ_PH_OVER;
    st.decider = HDZ_NONE;
    tu_put_cell(&st, "A1", next[2][0]);
    tu_put_cell(&st, "A2", next[2][1]);
    tu_put_cell(&st, "A3", "e5");               /* not next to g7, not connected */
    mark(&st, next[2][0], 2); mark(&st, next[2][1], 2); mark(&st, "e5", 2);
    int s[6]; unsigned w;
    ck_assert_int_eq(G->result(&st, s, &w), GAME_OK);
    inv_on_final(&ctx, &st);
    ck_assert_msg(ctx.violations == 0, "%s: %s", ctx.clause[ctx.first_k]->id, ctx.first_msg);
    ck_assert_int_eq(s[2], 2 * 1 + 2 * 2 + 3);
}
END_TEST

/* HDZ-SETUP-STABLES */
START_TEST(stables_sit_at_their_sites_with_the_large_goat_in_front)
{
    hdz_state st;
    int players = 2 + _i;
    tu_hdz_deal(&st, players, NL, 4);
    for (int p = 0; p < players; p++) {
        ck_assert_int_eq(st.stable[p], hdz_param.stable_site[players][p]);
        ck_assert_int_eq(st.goat[p], st.stable[p]);
        ck_assert_int_eq(st.supply[p], 10);
        ck_assert_int_eq(st.cell[hdz_track_cell(st.n, st.stable[p])], HDZ_STABLE);
    }
}
END_TEST

/* HDZ-SETUP-HAND */
START_TEST(every_player_starts_with_two_cards_from_the_pile)
{
    hdz_state st;
    int players = 2 + _i;
    tu_hdz_deal(&st, players, NL, 8);
    for (int p = 0; p < players; p++) {
        ck_assert(st.hand[p][0] < HDZ_CODES && st.hand[p][1] < HDZ_CODES);
        ck_assert_int_le(st.hand[p][0], st.hand[p][1]);
    }
}
END_TEST

/* HDZ-SETUP-DOG-REDRAW */
START_TEST(a_returned_dog_is_replaced_by_the_top_card_and_shuffled_into_the_pile)
{
    hdz_state st;
    tu_hdz_deal(&st, 3, NL, 2);
    inv_init(&ctx, G, INV_GEN_ALL);
    while (st.phase == HDZ_PH_REDRAW) play(&st, "keep");
    /* deal P1 a dog by hand and go back to the redraw */
    tu_put_hand(&st, "B5", 0, 0);
    tu_put_hand(&st, "Dog", 0, 1);
    tu_put_pile_top(&st, "A1");
    ck_assert(st.hand[0][0] == tu_card("B5") && st.hand[0][1] == HDZ_DOG);
    st.phase = HDZ_PH_REDRAW; st.turn = st.decider = 0;
    int dogs_in_pile = 0;
    for (int i = 0; i < st.pile_len; i++) dogs_in_pile += st.pile[i] == HDZ_DOG;
    int len = st.pile_len;
    uint8_t unmixed[HDZ_CARDS];                 /* the pile with the dog merely laid on top */
    memcpy(unmixed, st.pile, sizeof unmixed);
    unmixed[len - 1] = HDZ_DOG;
    ck_assert(legal_has(&st, "return") && legal_has(&st, "keep"));
    play(&st, "return");
    /* "De hondenkaarten worden dan terug in de stapel gemixt": mixed in, not left on top */
    ck_assert_msg(memcmp(st.pile, unmixed, (size_t)len) != 0, "the returned dog was laid on the pile, not mixed in");
    ck_assert(st.hand[0][0] == tu_card("A1") || st.hand[0][1] == tu_card("A1"));
    ck_assert(st.hand[0][0] != HDZ_DOG && st.hand[0][1] != HDZ_DOG);
    ck_assert_int_eq(st.pile_len, len);
    int after = 0;
    for (int i = 0; i < st.pile_len; i++) after += st.pile[i] == HDZ_DOG;
    ck_assert_int_eq(after, dogs_in_pile + 1);
    ck_assert(!(st.phase == HDZ_PH_REDRAW && st.turn == 0));   /* P1 is done */
}
END_TEST

/* HDZ-SETUP-DOG-REDRAW HDZ-SETUP-HAND: the redraw after the deal begins with the first seat, in
 * seat order: a deal that gives P1 a dog asks P1 first. */
START_TEST(the_redraw_after_the_deal_asks_p1_first)
{
    hdz_state st;
    int found = 0;
    for (uint64_t seed = 1; seed < 200 && !found; seed++) {
        tu_hdz_deal(&st, 3, NL, seed);
        if (st.hand[0][0] != HDZ_DOG && st.hand[0][1] != HDZ_DOG) continue;
        found = 1;
        ck_assert_int_eq(st.phase, HDZ_PH_REDRAW);
        ck_assert_int_eq(st.turn, 0);
    }
    ck_assert_msg(found, "no deal of seeds 1-199 gives P1 a dog");
}
END_TEST

/* HDZ-SETUP-DOG-REDRAW HDZ-LEGAL-SET: "neemt ... een nieuwe kaart van de stapel": a dog can be
 * returned only while the pile has a card to replace it; with one card left it still can. */
START_TEST(a_dog_is_returned_only_while_the_pile_has_a_card)
{
    hdz_state st;
    tu_hdz_deal(&st, 3, NL, 2);
    while (st.phase == HDZ_PH_REDRAW) ck_assert_int_eq(tu_try(G, &st, "keep"), GAME_OK);
    tu_put_hand(&st, "Dog", 0, 1);
    st.phase = HDZ_PH_REDRAW; st.turn = st.decider = 0;
    uint8_t top = st.pile[st.pile_len - 1];
    st.pile_len = 1;                            /* one card left (a loaded position may say so) */
    st.pile[0] = top;
    ck_assert(legal_has(&st, "keep") && legal_has(&st, "return"));
    st.pile_len = 0;                            /* none left: keeping is the only move */
    ck_assert(legal_has(&st, "keep"));
    ck_assert(!legal_has(&st, "return"));
    tu_put_hand(&st, "B5", 0, 1);               /* no dog: nothing to return, pile or not */
    st.pile_len = 1;
    ck_assert(!legal_has(&st, "return"));
}
END_TEST

/* HDZ-SETUP-DOG-REDRAW HDZ-AMB-DOG-REDRAW HDZ-LEGAL-SET: optional ("mogen worden teruggegeven" /
 * "may be returned"): a seat with a dog in its starting hand may keep it or return it; compulsory
 * (the German original, Sources: src:hdz-reviews): `keep` is illegal while a dog is in the hand and the
 * pile has a card, and legal again when the pile is empty. */
START_TEST(a_dog_in_the_starting_hand_may_be_kept_or_must_go_back)
{
    hdz_state st;
    tu_hdz_deal(&st, 3, _i ? NL | HDZ_R_REDRAW_FORCED : NL, 2);
    inv_init(&ctx, G, INV_GEN_ALL);
    while (st.phase == HDZ_PH_REDRAW) play(&st, _i ? "return" : "keep");
    tu_put_hand(&st, "B5", 0, 0);
    tu_put_hand(&st, "Dog", 0, 1);
    tu_put_pile_top(&st, "A1");
    st.phase = HDZ_PH_REDRAW; st.turn = st.decider = 0;
    ck_assert(legal_has(&st, "return"));
    ck_assert_int_eq(legal_has(&st, "keep"), !_i);
    hdz_state kept = st;
    ck_assert_int_eq(tu_try(G, &kept, "keep"), _i ? GAME_ILLEGAL : GAME_OK);
    if (_i) ck_assert(memcmp(&kept, &st, sizeof st) == 0);       /* refused: nothing changed */
    hdz_state dry = st;
    dry.pile_len = 0;                           /* no card to replace the dog: keeping is all there is */
    ck_assert(legal_has(&dry, "keep"));
    ck_assert(!legal_has(&dry, "return"));
    play(&st, "return");
    ck_assert(st.hand[0][0] == tu_card("A1") || st.hand[0][1] == tu_card("A1"));
    ck_assert(st.hand[0][0] != HDZ_DOG && st.hand[0][1] != HDZ_DOG);
}
END_TEST

/* HDZ-AMB-DOG-REDRAW: under compulsory the only move of a redraw is `return`, and every deal
 * reaches phase 1 with no dog in any hand; under optional, keeping all, dogs stay in hands.
 * Each game is then played out at random with every oracle on. */
START_TEST(under_a_compulsory_redraw_play_begins_without_a_dog_in_hand)
{
    int dogs_kept = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        hdz_state st;
        tu_hdz_deal(&st, 2 + (int)(seed % 4), _i ? NL | HDZ_R_REDRAW_FORCED : NL, seed);
        inv_init(&ctx, G, INV_GEN_ALL);
        inv_on_setup(&ctx, &st);
        while (st.phase == HDZ_PH_REDRAW) {
            game_move ms[GAME_MAX_MOVES];
            int k = G->legal_moves(&st, ms, GAME_MAX_MOVES);
            ck_assert_int_eq(k, _i ? 1 : 2);
            play(&st, _i ? "return" : "keep");
        }
        ck_assert_int_eq(st.phase, HDZ_PH_PLAY);
        for (int p = 0; p < st.players; p++)
            dogs_kept += (st.hand[p][0] == HDZ_DOG) + (st.hand[p][1] == HDZ_DOG);
        rf_chooser ch = {0};
        ch.use_rng = 1;
        ch.rng = seed * 7919u;
        rf_play(G, &st, &ch, &ctx, NULL, 0, RF_MAX_GAME_MOVES);
        ck_assert_msg(ctx.violations == 0, "seed %d: %s: %s", (int)seed, ctx.clause[ctx.first_k]->id, ctx.first_msg);
        ck_assert_int_lt(G->to_move(&st), 0);
    }
    if (_i) ck_assert_int_eq(dogs_kept, 0);
    else ck_assert_int_gt(dogs_kept, 0);
}
END_TEST

/* HDZ-AMB-DOG-REDRAW: a position in phase redraw under compulsory whose pile holds only dogs is
 * refused (the dog would be returned for ever; no deal leaves such a pile). */
START_TEST(a_compulsory_redraw_position_needs_a_card_in_the_pile_that_is_no_dog)
{
    hdz_state st, back;
    tu_hdz_deal(&st, 3, NL | HDZ_R_REDRAW_FORCED, 2);
    while (st.phase == HDZ_PH_REDRAW) ck_assert_int_eq(tu_try(G, &st, "return"), GAME_OK);
    tu_put_hand(&st, "Dog", 0, 1);
    st.phase = HDZ_PH_REDRAW; st.turn = st.decider = 0;
    /* the pile: its dogs only, every other pile card to the box */
    int n = 0;
    for (int i = 0; i < st.pile_len; i++) {
        if (st.pile[i] == HDZ_DOG) st.pile[n++] = HDZ_DOG;
        else st.box[st.pile[i]]++;
    }
    for (int i = n; i < st.pile_len; i++) st.pile[i] = 0;
    st.pile_len = (uint8_t)n;
    ck_assert_int_gt(n, 0);
    char text[GAME_TEXT_MAX], err[200];
    ck_assert_int_gt(G->position_print(&st, text, sizeof text), 0);
    game_config cfg = G->config(&st);
    ck_assert_int_eq(G->setup_position(&back, &cfg, text, err, sizeof err), GAME_BADARG);
    ck_assert_msg(strstr(err, "under dog-redraw=compulsory needs a card in the pile that is no dog"), "%s", err);
    cfg.readings &= ~(uint32_t)HDZ_R_REDRAW_FORCED;          /* optional: keeping ends it */
    ck_assert_msg(G->setup_position(&back, &cfg, text, err, sizeof err) == GAME_OK, "%s", err);
}
END_TEST

/* HDZ-SETUP-DOG-REDRAW: only a seat holding a dog decides a redraw, so a position in phase redraw
 * with the turn at a seat without a dog is refused (no game reaches one; a campaign's position
 * harness loaded one and HDZ-TURN-ORDER then fired on its `keep`:
 * corpus/regressions/hdz_position/redraw-turn-at-a-seat-without-a-dog.input). */
START_TEST(a_redraw_position_needs_a_dog_in_the_hand_of_the_seat_at_turn)
{
    hdz_state st, back;
    tu_hdz_deal(&st, 3, NL, 2);
    while (st.phase == HDZ_PH_REDRAW) ck_assert_int_eq(tu_try(G, &st, "keep"), GAME_OK);
    tu_put_hand(&st, "Dog", 0, 1);              /* P1 holds a dog, P2 none */
    tu_put_hand(&st, "A1", 1, 0);
    tu_put_hand(&st, "B1", 1, 1);
    st.phase = HDZ_PH_REDRAW; st.played = HDZ_NONE;
    for (int i = 0; i < 2; i++) ck_assert_int_ne(st.hand[1][i], HDZ_DOG);
    char text[GAME_TEXT_MAX], err[200];
    game_config cfg = G->config(&st);
    st.turn = st.decider = 0;
    ck_assert_int_gt(G->position_print(&st, text, sizeof text), 0);
    ck_assert_msg(G->setup_position(&back, &cfg, text, err, sizeof err) == GAME_OK, "%s", err);
    st.turn = st.decider = 1;
    ck_assert_int_gt(G->position_print(&st, text, sizeof text), 0);
    ck_assert_int_eq(G->setup_position(&back, &cfg, text, err, sizeof err), GAME_BADARG);
    ck_assert_msg(strstr(err, "phase redraw needs a dog in the hand of the seat at turn (P2 holds none"), "%s", err);
}
END_TEST

/* HDZ-LEGAL-SET: legal_moves writes at most `max` moves (the first of the full list, in its order) and
 * returns how many it wrote; a shorter buffer is never written past its end. */
START_TEST(legal_moves_never_writes_past_max)
{
    hdz_state st;
    tu_hdz_deal(&st, 3, NL, 2);
    while (st.phase == HDZ_PH_REDRAW) ck_assert_int_eq(tu_try(G, &st, "keep"), GAME_OK);
    tu_put_hand(&st, "Dog", 0, 1);              /* P1 may keep or return a dog */
    st.phase = HDZ_PH_REDRAW; st.turn = st.decider = 0;
    for (int round = 0; round < 2; round++) {
        game_move full[GAME_MAX_MOVES], buf[GAME_MAX_MOVES + 1];
        int n = G->legal_moves(&st, full, GAME_MAX_MOVES);
        ck_assert_int_ge(n, 2);
        for (int max = 0; max <= n; max++) {
            memset(buf, 0xAB, sizeof buf);
            ck_assert_int_eq(G->legal_moves(&st, buf, max), max);
            ck_assert_int_eq(memcmp(buf, full, sizeof *buf * (size_t)max), 0);
            for (size_t b = 0; b < sizeof *buf; b++) ck_assert_int_eq(((uint8_t *)&buf[max])[b], 0xAB);
        }
        st.phase = HDZ_PH_PLAY;                 /* then the play moves */
        tu_put_hand(&st, "B5", 0, 1);
    }
}
END_TEST

/* ---- Turn ------------------------------------------------------------------------- */

/* HDZ-TURN-ORDER */
START_TEST(players_take_turns_clockwise_from_the_first_seat)
{
    hdz_state st;
    start(&st, 3, NL);
    game_move ms[GAME_MAX_MOVES];
    int seen[6], k = 0;
    while (k < 6) {
        if (st.phase == HDZ_PH_PLAY) seen[k++] = st.turn;
        int n = G->legal_moves(&st, ms, GAME_MAX_MOVES);
        ck_assert_int_gt(n, 0);
        unsigned char pre[sizeof st];
        memcpy(pre, &st, sizeof st);
        ck_assert_int_eq(G->apply(&st, &ms[n - 1]), GAME_OK);
        inv_on_step(&ctx, pre, &ms[n - 1], &st);
        ck_assert_int_eq(ctx.violations, 0);
    }
    for (int i = 0; i < 6; i++) ck_assert_int_eq(seen[i], i % 3);
}
END_TEST

/* HDZ-TURN-PLAY */
START_TEST(phase_1_lays_one_hand_card_open_and_nothing_else)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "E3", 0, 0);
    tu_put_hand(&st, "A1", 0, 1);
    hdz_state before = st;
    ck_assert_int_eq(tu_try(G, &st, "play B5"), GAME_ILLEGAL);   /* not in hand */
    ck_assert_mem_eq(&st, &before, sizeof st);
    play(&st, "play E3");
    ck_assert_int_eq(st.display[0][tu_card("E3")], 1);
    ck_assert(st.hand[0][0] == tu_card("A1") && st.hand[0][1] == HDZ_NONE);
    ck_assert_int_eq(st.phase, HDZ_PH_TAKE);
}
END_TEST

/* HDZ-TURN-MOVE */
START_TEST(phase_2_moves_the_large_goat_clockwise_by_the_card_value)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "E3", 0, 0);
    play(&st, "play E3");
    ck_assert_int_eq(st.goat[0], 3 + 3);
    start(&st, 3, NL);
    st.goat[0] = 27;                           /* last edge before the corner: wraps to 1 */
    tu_put_hand(&st, "Milk2", 0, 0);
    play(&st, "play Milk2");
    ck_assert_int_eq(st.goat[0], 1);
}
END_TEST

/* HDZ-DOG-NOMOVE */
START_TEST(a_played_dog_leaves_the_large_goat_where_it_is)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "Dog", 0, 0);
    play(&st, "play Dog");
    ck_assert_int_eq(st.goat[0], 3);
}
END_TEST

/* HDZ-TURN-TAKE HDZ-AMB-TAKE-LINE */
START_TEST(phase_3_takes_from_the_line_beside_the_goat)
{
    hdz_state st;
    start(&st, 3, _i ? NL | HDZ_R_TAKE_EDGE : NL);
    tu_put_hand(&st, "Dog", 0, 0);             /* goat stays at track 3, above column d */
    play(&st, "play Dog");
    /* take=cross: column d (d2..d7; d1 is the stable); take=edge: row 1 (a1..g1 but d1) */
    static const char *cross[] = {"d2", "d3", "d4", "d5", "d6", "d7"};
    static const char *edge[] = {"a1", "b1", "c1", "e1", "f1", "g1"};
    for (int i = 0; i < 6; i++) {
        char a[16], b[16];
        snprintf(a, sizeof a, "take %s", cross[i]);
        snprintf(b, sizeof b, "take %s", edge[i]);
        ck_assert_int_eq(legal_has(&st, a), !_i);
        ck_assert_int_eq(legal_has(&st, b), _i);
    }
    uint8_t card = st.cell[tu_cell(_i ? "a1" : "d4")];
    play(&st, _i ? "take a1" : "take d4");
    ck_assert(st.hand[0][0] == card || st.hand[0][1] == card);
}
END_TEST

/* HDZ-TAKE-NOMARKED */
START_TEST(a_card_with_a_small_goat_is_never_taken)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_cell(&st, "F2", "d4");
    mark(&st, "d4", 1);
    tu_put_hand(&st, "Dog", 0, 0);
    play(&st, "play Dog");
    ck_assert(!legal_has(&st, "take d4"));
    hdz_state before = st;
    ck_assert_int_eq(tu_try(G, &st, "take d4"), GAME_ILLEGAL);
    ck_assert_mem_eq(&st, &before, sizeof st);
}
END_TEST

/* HDZ-TAKE-REFILL */
START_TEST(the_gap_is_refilled_from_the_pile_at_once_or_stays_empty)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "Dog", 0, 0);
    tu_put_pile_top(&st, "K4");
    play(&st, "play Dog");
    int len = st.pile_len;
    play(&st, "take d4");
    ck_assert_int_eq(st.cell[tu_cell("d4")], tu_card("K4"));
    ck_assert_int_eq(st.pile_len, len - 1);
    counted("HDZ-TAKE-REFILL", "from-pile");
    ck_assert_uint_eq(case_count("HDZ-TAKE-REFILL", "pile-empty"), 0);
    start(&st, 3, NL);
    empty_pile(&st);
    tu_put_hand(&st, "Dog", 0, 0);
    play(&st, "play Dog");
    play(&st, "take d4");
    ck_assert_int_eq(st.cell[tu_cell("d4")], HDZ_NONE);
    counted("HDZ-TAKE-REFILL", "pile-empty");
    ck_assert_uint_eq(case_count("HDZ-TAKE-REFILL", "from-pile"), 0);
}
END_TEST

/* ---- Scoring ---------------------------------------------------------------------- */

/* Lay F5 before P1 (F3 in hand), F1 and F2 in the meadow away from column g, F4 before P2. */
static void majority_setup(hdz_state *st, uint32_t r)
{
    start(st, 3, r);
    tu_put_cell(st, "F1", "b2");
    tu_put_cell(st, "F2", "c5");
    tu_put_hand(st, "F3", 0, 0);
    tu_show(st, "F5", 0);
    tu_show(st, "F4", 1);
}

/* HDZ-SCORE-MAJORITY8 */
START_TEST(eight_points_in_a_type_marks_all_its_meadow_cards)
{
    hdz_state st;
    majority_setup(&st, NL);
    play(&st, "play F3");                      /* 5 + 3 = 8; goat to track 6, column g */
    play(&st, "take g2");
    ck_assert_int_eq(tu_mark(&st, "b2"), 0);
    ck_assert_int_eq(tu_mark(&st, "c5"), 0);
    ck_assert_int_eq(st.owner[5], 0);
    ck_assert_int_eq(st.supply[0], 8);
    counted("HDZ-SCORE-MAJORITY8", "marks-all");
}
END_TEST

/* HDZ-SCORE-WORTHLESS */
START_TEST(after_a_majority_the_opponents_cards_of_the_type_are_worthless)
{
    hdz_state st;
    majority_setup(&st, NL);
    play(&st, "play F3");
    play(&st, "take g2");
    ck_assert_int_eq(st.display[1][tu_card("F4")], 0);
    ck_assert_int_eq(st.box[tu_card("F4")], 1);
    ck_assert_int_eq(st.display[0][tu_card("F5")], 1);   /* the winner's own cards stay */
    counted("HDZ-SCORE-WORTHLESS", "to-box");
}
END_TEST

/* HDZ-SCORE-FUTURE */
START_TEST(a_card_of_a_decided_type_is_marked_as_it_appears)
{
    hdz_state st;
    majority_setup(&st, NL);
    play(&st, "play F3");
    play(&st, "take g2");                      /* P1 owns F; P2's F4 went to the box */
    /* P2 (goat at 12, row 6) plays a dog and takes; the refill is F... put F4 back on the pile */
    st.box[tu_card("F4")]--;
    st.box[st.pile[st.pile_len - 1]]++;
    st.pile[st.pile_len - 1] = (uint8_t)tu_card("F4");
    tu_put_hand(&st, "Dog", 1, 0);
    play(&st, "play Dog");
    play(&st, "take b6");
    ck_assert_int_eq(st.cell[tu_cell("b6")], tu_card("F4"));
    ck_assert_int_eq(tu_mark(&st, "b6"), 0);
    counted("HDZ-SCORE-FUTURE", "from-supply");
}
END_TEST

/* Display G cards: P1 shows p1a (and p1b), P2 shows the rest; P1 plays `trigger`. */
static void fourth_setup(hdz_state *st, uint32_t r, const char *p1, const char *p2a, const char *p2b,
                         const char *trigger, const char *fifth_cell)
{
    start(st, 3, r);
    if (fifth_cell) tu_put_cell(st, "G5", fifth_cell);
    tu_put_hand(st, trigger, 0, 0);
    tu_show(st, p1, 0);
    tu_show(st, p2a, 1);
    if (p2b) tu_show(st, p2b, 1);
}

/* HDZ-SCORE-FOURTH HDZ-SCORE-FOURTH-SUM HDZ-SCORE-FIFTH-MEADOW */
START_TEST(the_fourth_card_gives_the_fifth_to_the_largest_sum)
{
    hdz_state st;
    /* P1: G1 (+ G2 played) = 3; P2: G3 + G4 = 7 -> P2 wins G5 at b3 */
    fourth_setup(&st, NL, "G1", "G3", "G4", "G2", "b3");
    play(&st, "play G2");
    play(&st, "take f1");
    ck_assert_int_eq(st.owner[6], 1);
    ck_assert_int_eq(tu_mark(&st, "b3"), 1);
    counted("HDZ-SCORE-FOURTH", "by-sum");
    counted("HDZ-SCORE-FOURTH-SUM", "other-wins");        /* P1 triggered, P2 has the larger sum */
    counted("HDZ-SCORE-FIFTH-MEADOW", "marked");
}
END_TEST

/* HDZ-SCORE-FIFTH-MEADOW HDZ-AMB-GOAT-SUPPLY: the winner of B has no small goat left (supply=ten): the
 * fifth card stays unmarked (case no-goat-left) */
START_TEST(the_fifth_card_stays_unmarked_when_the_winner_has_no_goat_left)
{
    hdz_state st;
    fourth_setup(&st, NL, "G1", "G3", "G4", "G2", "b3");
    /* P2's ten small goats already on cards of other types (not column f, where P1 takes, nor b3) */
    for (int c = HDZ_CELLS - 1; c >= 0 && st.supply[1] > 0; c--)
        if (HDZ_IS_GOAT(st.cell[c]) && HDZ_TYPE(st.cell[c]) != 6 && st.mark[c] == HDZ_NONE && c % HDZ_W != 5) {
            char name[3] = {(char)('a' + c % HDZ_W), (char)('1' + c / HDZ_W), 0};
            mark(&st, name, 1);
        }
    ck_assert_int_eq(st.supply[1], 0);
    play(&st, "play G2");
    play(&st, "take f1");
    ck_assert_int_eq(st.owner[6], 1);
    ck_assert_int_eq(tu_mark(&st, "b3"), HDZ_NONE);
    counted("HDZ-SCORE-FIFTH-MEADOW", "no-goat-left");
    tu_add_counts(&ctx, "the_fifth_card_stays_unmarked_when_the_winner_has_no_goat_left");
}
END_TEST

/* HDZ-SCORE-FOURTH-COUNT */
START_TEST(a_tie_on_the_sum_goes_to_more_cards)
{
    hdz_state st;
    /* P1: G1 + G4 = 5 (2 cards); P2: G2... make P2 a single G5? no: use P2: G3 + G2 = 5 would
     * tie on count too. Here: P2 shows G5 alone (5, 1 card); P1 shows G1 and plays G4. */
    start(&st, 3, NL);
    tu_put_cell(&st, "G2", "b3");
    tu_put_hand(&st, "G4", 0, 0);
    tu_show(&st, "G1", 0);
    tu_show(&st, "G5", 1);
    tu_show(&st, "G3", 2);                     /* P3: 3 */
    play(&st, "play G4");
    play(&st, "take e1");
    ck_assert_int_eq(st.owner[6], 0);
    ck_assert_int_eq(tu_mark(&st, "b3"), 0);
    counted("HDZ-SCORE-FOURTH", "by-count");
    counted("HDZ-SCORE-FOURTH-COUNT", "trigger-wins");
}
END_TEST

/* HDZ-SCORE-FOURTH-TRIGGER */
START_TEST(a_tie_on_sum_and_count_goes_to_the_trigger)
{
    hdz_state st;
    /* P1: G1 + G4 = 5 (2 cards), P2: G2 + G3 = 5 (2 cards); P1 triggers -> P1 */
    fourth_setup(&st, NL, "G1", "G2", "G3", "G4", "b3");
    play(&st, "play G4");
    play(&st, "take e1");
    ck_assert_int_eq(st.owner[6], 0);
    ck_assert_int_eq(tu_mark(&st, "b3"), 0);
    counted("HDZ-SCORE-FOURTH", "by-trigger");
    ck_assert_uint_eq(case_count("HDZ-SCORE-FOURTH", "by-sum") + case_count("HDZ-SCORE-FOURTH", "by-count"), 0);
}
END_TEST

/* HDZ-SCORE-FIFTH-HAND */
START_TEST(a_fifth_card_in_a_hand_stays_there_and_nobody_gets_it)
{
    hdz_state st;
    fourth_setup(&st, NL, "G1", "G3", "G4", "G2", NULL);
    tu_put_hand(&st, "G5", 2, 0);
    play(&st, "play G2");
    play(&st, "take f1");
    ck_assert_int_eq(st.owner[6], 1);
    ck_assert(st.hand[2][0] == tu_card("G5") || st.hand[2][1] == tu_card("G5"));
    for (int c = 0; c < HDZ_CELLS; c++) ck_assert(st.cell[c] != tu_card("G5"));
    counted("HDZ-SCORE-FIFTH-HAND", "other-holds");       /* P3 holds it, P2 won */
    /* "moet zich dan melden en de geitenkaart tonen": revealed, so every seat's view shows it */
    ck_assert_int_eq(st.shown[2][0], tu_card("G5"));
    hdz_state view = st;
    G->redact(&view, 0);
    ck_assert(view.hand[2][0] == tu_card("G5") || view.hand[2][1] == tu_card("G5"));
    char text[GAME_TEXT_MAX];
    ck_assert_int_gt(G->position_print(&st, text, sizeof text), 0);
    ck_assert_ptr_nonnull(strstr(text, ";shown=3:G5;"));
    /* a position naming the revealed card twice reveals it once */
    char twice[GAME_TEXT_MAX + 8], err[160];
    char *at = strstr(text, ";shown=3:G5;");
    snprintf(twice, sizeof twice, "%.*s;shown=3:G5,3:G5;%s", (int)(at - text), text, at + strlen(";shown=3:G5;"));
    hdz_state back;
    game_config cfg = G->config(&st);
    ck_assert_msg(G->setup_position(&back, &cfg, twice, err, sizeof err) == GAME_OK, "%s", err);
    ck_assert_int_eq(back.shown[2][0], tu_card("G5"));
    ck_assert_int_eq(back.shown[2][1], HDZ_NONE);
    ck_assert(memcmp(&back, &st, sizeof st) == 0);
    /* played later, it is no longer a hand card to show */
    st.phase = HDZ_PH_PLAY; st.turn = st.decider = 2; st.played = HDZ_NONE;
    play(&st, "play G5");
    ck_assert_int_eq(st.shown[2][0], HDZ_NONE);
}
END_TEST

/* HDZ-SCORE-FIFTH-HAND HDZ-SCORE-REMINDER: a position with a reminder and two revealed cards
 * in one hand prints each list once and reads back to the same bytes; ten entries naming one
 * card reveal it once, an eleventh is too many; a buffer too short for the text gets -1. */
START_TEST(revealed_cards_and_reminders_print_and_read_back)
{
    hdz_state st, back;
    start(&st, 3, (NL | HDZ_R_REMIND_RESERVE) & ~(uint32_t)HDZ_R_SUPPLY_UNLIM);
    st.owner[0] = 1; st.remind[0] = 1; st.supply[1]--;
    st.shown[2][0] = st.hand[2][0]; st.shown[2][1] = st.hand[2][1];
    char text[GAME_TEXT_MAX], many[GAME_TEXT_MAX + 64], err[160];
    game_config cfg = G->config(&st);
    ck_assert_int_gt(G->position_print(&st, text, sizeof text), 0);
    char *at = strstr(text, ";remind=A:1;shown=3:");
    ck_assert_msg(at, "%s", text);
    ck_assert_msg(G->setup_position(&back, &cfg, text, err, sizeof err) == GAME_OK, "%s", err);
    ck_assert(memcmp(&back, &st, sizeof st) == 0);
    ck_assert_int_eq(G->position_print(&st, many, 40), -1);
    /* "3:XX" ten and eleven times */
    const char *e = at + strlen(";remind=A:1;shown=");
    int elen = (int)strcspn(e, ",;");
    for (int times = 10; times <= 11; times++) {
        size_t o = (size_t)snprintf(many, sizeof many, "%.*s;shown=", (int)(at - text) + (int)strlen(";remind=A:1"), text);
        for (int i = 0; i < times; i++) o += (size_t)snprintf(many + o, sizeof many - o, "%s%.*s", i ? "," : "", elen, e);
        snprintf(many + o, sizeof many - o, "%s", strchr(e, ';'));
        int rc = G->setup_position(&back, &cfg, many, err, sizeof err);
        if (times == 10) {
            ck_assert_msg(rc == GAME_OK, "%s", err);
            ck_assert_int_eq(back.shown[2][0], st.shown[2][0]);
            ck_assert_int_eq(back.shown[2][1], HDZ_NONE);
        } else {
            ck_assert_int_eq(rc, GAME_BADARG);
            ck_assert_msg(strstr(err, "too many entries in 'shown'"), "%s", err);
        }
    }
    /* bad entries: no colon, a trailing character, no card, seats 0, 4 (of 3) and 9, a card the
     * seat does not hold; "3x" while P3 holds A1 (card code 0) too */
    tu_put_hand(&st, "A1", 2, 0);
    st.shown[2][0] = st.hand[2][0]; st.shown[2][1] = st.hand[2][1];
    ck_assert_int_gt(G->position_print(&st, text, sizeof text), 0);
    at = strstr(text, ";shown=");
    ck_assert(at);
    e = at + strlen(";shown=");
    elen = (int)strcspn(e, ",;");
    char card[8], bad[7][16];
    snprintf(card, sizeof card, "%.*s", elen - 2, e + 2);      /* P3's first card */
    snprintf(bad[0], sizeof bad[0], "3x%s", card);
    snprintf(bad[1], sizeof bad[1], "3:%sx", card);
    snprintf(bad[2], sizeof bad[2], "3x");
    snprintf(bad[3], sizeof bad[3], "0:%s", card);
    snprintf(bad[4], sizeof bad[4], "4:%s", card);
    snprintf(bad[5], sizeof bad[5], "9:%s", card);
    snprintf(bad[6], sizeof bad[6], "2:%s", card);
    for (int i = 0; i < 7; i++) {
        snprintf(many, sizeof many, "%.*s;shown=%s%s", (int)(at - text), text, bad[i], strchr(e, ';'));
        ck_assert_int_eq(G->setup_position(&back, &cfg, many, err, sizeof err), GAME_BADARG);
        char want[200];
        snprintf(want, sizeof want, "position: bad entry '%s' in 'shown' (want SEAT:CARD", bad[i]);
        ck_assert_msg(strstr(err, want), "%s: %s", bad[i], err);
    }
}
END_TEST

/* HDZ-SCORE-B-WORTHLESS HDZ-AMB-B-WORTHLESS */
START_TEST(after_the_fourth_card_the_losers_cards_go_to_the_box)
{
    hdz_state st;
    fourth_setup(&st, _i ? NL | HDZ_R_BWORTHLESS_ALL : NL & ~(uint32_t)HDZ_R_BWORTHLESS_ALL, "G1", "G3", "G4", "G2", "b3");
    play(&st, "play G2");
    play(&st, "take f1");
    ck_assert_int_eq(st.display[0][tu_card("G1")] + st.display[0][tu_card("G2")], 0);   /* loser P1 */
    /* the winner P2 keeps G3, G4 (opponents) or loses them too (all) */
    ck_assert_int_eq(st.display[1][tu_card("G3")] + st.display[1][tu_card("G4")], _i ? 0 : 2);
    counted("HDZ-SCORE-B-WORTHLESS", _i ? "all" : "opponents");
    tu_add_counts(&ctx, "after_the_fourth_card_the_losers_cards_go_to_the_box");
}
END_TEST

/* ---- Dog ---------------------------------------------------------------------------- */

/* P1 owns the card at c5; P1 has played a dog and taken from column d. */
static void dog_setup(hdz_state *st, uint32_t r)
{
    start(st, 3, r);
    tu_put_cell(st, "H2", "c5");
    mark(st, "c5", 0);
    tu_put_cell(st, "J3", "f5");               /* neutral, same row */
    tu_put_cell(st, "J4", "c2");               /* neutral, same column */
    tu_put_cell(st, "K1", "a1");               /* neutral, elsewhere */
    tu_put_hand(st, "Dog", 0, 0);
    play(st, "play Dog");
    play(st, "take d7");
    ck_assert_int_eq(st->phase, HDZ_PH_DOG);
}

/* HDZ-DOG-SWAP-NEUTRAL HDZ-AMB-DOG-LINE HDZ-DOG-NO-MAJORITY HDZ-TURN-PHASES */
START_TEST(a_dog_swaps_an_own_card_with_a_neutral_card_in_one_line)
{
    hdz_state st;
    dog_setup(&st, _i ? NL | HDZ_R_DOG_ROW : NL);
    ck_assert(legal_has(&st, "dog c5-f5"));
    ck_assert_int_eq(legal_has(&st, "dog c5-c2"), !_i);   /* a column only with dog-line=line */
    ck_assert(!legal_has(&st, "dog c5-a1"));
    play(&st, "dog c5-f5");
    ck_assert_int_eq(st.cell[tu_cell("f5")], tu_card("H2"));
    ck_assert_int_eq(tu_mark(&st, "f5"), 0);
    ck_assert_int_eq(st.cell[tu_cell("c5")], tu_card("J3"));
    ck_assert_int_eq(tu_mark(&st, "c5"), HDZ_NONE);
    ck_assert_int_eq(st.turn, 1);
    counted("HDZ-DOG-SWAP-NEUTRAL", "row");
    counted("HDZ-DOG-NO-MAJORITY", "moved");
    counted("HDZ-TURN-PHASES", "ends-at-dog");
}
END_TEST

/* HDZ-DOG-SWAP-AGREE HDZ-AMB-DOG-REFUSED HDZ-DOG-NO-MAJORITY: asked, agreed, refused with a choice left
 * (choose-again) and refused for good (lost), each counted in its case */
START_TEST(a_swap_with_an_opponents_card_needs_the_opponents_agreement)
{
    hdz_state st;
    dog_setup(&st, NL);
    tu_put_cell(&st, "L5", "e5");
    mark(&st, "e5", 2);
    ck_assert(legal_has(&st, "dog c5-e5"));
    play(&st, "dog c5-e5");
    ck_assert_int_eq(st.phase, HDZ_PH_AGREE);
    ck_assert_int_eq(G->to_move(&st), 2);
    counted("HDZ-DOG-SWAP-AGREE", "ask");
    hdz_state saved = st;
    play(&st, "agree");
    ck_assert_int_eq(st.cell[tu_cell("e5")], tu_card("H2"));
    ck_assert_int_eq(tu_mark(&st, "c5"), 2);
    counted("HDZ-DOG-SWAP-AGREE", "agree");
    st = saved;
    play(&st, "refuse");                       /* refused=choose-again: P1 picks again */
    ck_assert_int_eq(st.phase, HDZ_PH_DOG);
    ck_assert(!legal_has(&st, "dog c5-e5"));
    ck_assert(legal_has(&st, "dog c5-f5"));
    counted("HDZ-DOG-SWAP-AGREE", "refuse-again");
    ck_assert_uint_eq(case_count("HDZ-DOG-SWAP-AGREE", "refuse-ends"), 0);
    st = saved;
    st.readings |= HDZ_R_REFUSED_LOST;         /* refused=lost: the dog's move is gone */
    play(&st, "refuse");
    ck_assert_int_eq(st.phase, HDZ_PH_PLAY);
    ck_assert_int_eq(st.cell[tu_cell("c5")], tu_card("H2"));
    counted("HDZ-DOG-SWAP-AGREE", "refuse-ends");
    counted("HDZ-DOG-NO-MAJORITY", "not-moved");
    tu_add_counts(&ctx, "a_swap_with_an_opponents_card_needs_the_opponents_agreement");
}
END_TEST

/* HDZ-DOG-EMPTY HDZ-AMB-DOG-EMPTY */
START_TEST(a_dog_may_move_an_own_card_to_an_empty_place)
{
    hdz_state st;
    dog_setup(&st, _i ? NL | HDZ_R_DOG_EMPTY_ANY : NL);
    to_box(&st, "g5");                         /* empty, same row */
    to_box(&st, "g7");                         /* empty, elsewhere */
    ck_assert(legal_has(&st, "dog c5-g5"));
    ck_assert_int_eq(legal_has(&st, "dog c5-g7"), _i);
    play(&st, "dog c5-g5");
    ck_assert_int_eq(st.cell[tu_cell("g5")], tu_card("H2"));
    ck_assert_int_eq(st.cell[tu_cell("c5")], HDZ_NONE);
    counted("HDZ-DOG-EMPTY", "same-line");
}
END_TEST

/* HDZ-AMB-DOG-OPTIONAL HDZ-AMB-DOG-PARTNER */
START_TEST(dog_readings_pass_and_own_cards)
{
    hdz_state st;
    dog_setup(&st, NL);
    ck_assert(legal_has(&st, "pass"));
    tu_put_cell(&st, "M1", "c3");
    mark(&st, "c3", 0);
    ck_assert(legal_has(&st, "dog c5-c3"));    /* own-allowed (nl) */
    dog_setup(&st, EN);
    ck_assert(!legal_has(&st, "pass"));        /* mandatory (en) */
    tu_put_cell(&st, "M1", "e5");
    mark(&st, "e5", 0);
    ck_assert(!legal_has(&st, "dog c5-e5"));   /* own-forbidden (en) */
}
END_TEST

/* ---- End ---------------------------------------------------------------------------- */

/* Column d holds one card (d4), the pile is empty; P1 plays a goat card of its own. */
static void last_card_setup(hdz_state *st, uint32_t r)
{
    start(st, 3, r);
    empty_pile(st);
    static const char *cells[] = {"d2", "d3", "d5", "d6", "d7"};
    for (int i = 0; i < 5; i++) to_box(st, cells[i]);
    if (st->cell[tu_cell("d1")] < HDZ_CODES) to_box(st, "d1");   /* site=outside: d1 is a card */
    tu_put_hand(st, "Dog", 0, 0);
}

/* HDZ-END-LINE-EMPTY HDZ-AMB-END-TIMING */
START_TEST(taking_the_last_card_of_a_line_ends_the_game)
{
    hdz_state st;
    last_card_setup(&st, _i ? EN : NL);
    play(&st, "play Dog");
    play(&st, "take d4");
    ck_assert_int_eq(st.ending, HDZ_END_LINE);
    ck_assert_int_eq(G->to_move(&st), -1);
    counted("HDZ-END-LINE-EMPTY", "column");                /* column d is empty, row 4 is not */
}
END_TEST

/* HDZ-END-LINE-EMPTY HDZ-AMB-END-LINE: the last card of a column ends the game under end-line=line
 * ("row [or column]"), not under end-line=row */
START_TEST(an_emptied_column_ends_the_game_only_when_columns_count_as_lines)
{
    hdz_state st;
    last_card_setup(&st, _i ? NL | HDZ_R_END_ROW_ONLY : NL);
    play(&st, "play Dog");
    play(&st, "take d4");                      /* column d is empty now, row 4 is not */
    ck_assert_int_eq(st.ending, _i ? HDZ_END_NO : HDZ_END_LINE);
    ck_assert_int_eq(G->to_move(&st) >= 0, _i);
}
END_TEST

/* HDZ-END-BLOCKED */
START_TEST(no_takeable_card_beside_the_goat_ends_the_game)
{
    hdz_state st;
    start(&st, 3, NL);
    static const char *cells[] = {"d2", "d3", "d4", "d5", "d6", "d7"};
    static const char *cards[] = {"N1", "N2", "N3", "N4", "N5", "O1"};
    for (int i = 0; i < 6; i++) { tu_put_cell(&st, cards[i], cells[i]); mark(&st, cells[i], 1); }
    tu_put_hand(&st, "Dog", 0, 0);
    play(&st, "play Dog");
    ck_assert_int_eq(st.ending, HDZ_END_BLOCKED);
    ck_assert_int_eq(G->to_move(&st), -1);
    counted("HDZ-END-BLOCKED", "all-marked");
}
END_TEST

/* HDZ-END-BLOCKED: "uit een rij" is the line beside the mover's goat; a line elsewhere whose
 * cards are all marked does not end the game */
START_TEST(a_marked_line_not_beside_the_goat_does_not_end_the_game)
{
    hdz_state st;
    start(&st, 3, NL);
    static const char *cells[] = {"f1", "f2", "f3", "f4", "f5", "f6", "f7"};
    static const char *cards[] = {"N1", "N2", "N3", "N4", "N5", "O1", "O2"};
    for (int i = 0; i < 7; i++) { tu_put_cell(&st, cards[i], cells[i]); mark(&st, cells[i], 1); }
    tu_put_hand(&st, "Dog", 0, 0);
    play(&st, "play Dog");                     /* P1's goat stays at track 3: column d (take=cross) */
    ck_assert_int_eq(st.ending, HDZ_END_NO);
    ck_assert_int_eq(st.phase, HDZ_PH_TAKE);
    ck_assert(legal_has(&st, "take d4"));
    ck_assert(!legal_has(&st, "take f4"));
    ck_assert_msg(ctx.violations == 0, "%s: %s", tu_first_id(&ctx), ctx.first_msg);
}
END_TEST

/* HDZ-TURN-MOVE: two large goats may stand at one place; the move counts the card's steps only */
START_TEST(two_large_goats_may_stand_at_one_place)
{
    hdz_state st;
    start(&st, 3, NL);
    ck_assert_int_eq(st.goat[1], 12);          /* P2's goat at its stable g6 */
    st.goat[0] = 9;
    tu_put_hand(&st, "E3", 0, 0);
    play(&st, "play E3");                      /* 9 + 3 = 12: P2's place */
    ck_assert_int_eq(st.goat[0], 12);
    ck_assert_int_eq(st.goat[1], 12);
    ck_assert_int_eq(st.phase, HDZ_PH_TAKE);
    ck_assert(legal_has(&st, "take b6"));      /* the line beside the goat: row 6 (take=cross; a6 is P3's stable) */
    counted("HDZ-TURN-MOVE", "goat");
}
END_TEST

/* HDZ-AMB-END-TIMING: with immediate the turn's scoring is skipped, with finish-turn it runs */
START_TEST(end_timing_decides_whether_the_last_turn_is_scored)
{
    hdz_state st;
    last_card_setup(&st, _i ? NL & ~(uint32_t)HDZ_R_END_IMMEDIATE : NL);
    tu_put_hand(&st, "F3", 0, 0);
    tu_put_cell(&st, "F1", "b2");
    tu_show(&st, "F5", 0);
    st.goat[0] = 0;                            /* F3 moves it to track 3: column d */
    play(&st, "play F3");
    play(&st, "take d4");
    ck_assert_int_eq(G->to_move(&st), -1);
    ck_assert_int_eq(tu_mark(&st, "b2"), _i ? 0 : HDZ_NONE);   /* finish-turn scores, immediate does not */
}
END_TEST

/* HDZ-AMB-END-DOG-EMPTIED HDZ-END-LINE-EMPTY HDZ-DOG-EMPTY: a dog move to an empty place elsewhere that
 * empties column c ends the game only under ends (HDZ-END-LINE-EMPTY's case by-dog) */
START_TEST(a_dog_move_that_empties_a_line_ends_the_game_only_under_ends)
{
    hdz_state st;
    uint32_t r = NL & ~(uint32_t)HDZ_R_END_IMMEDIATE;
    dog_setup(&st, _i ? r | HDZ_R_DOG_EMPTIES_END | HDZ_R_DOG_EMPTY_ANY : r | HDZ_R_DOG_EMPTY_ANY);
    /* column c becomes empty when c5 leaves: clear the rest of column c */
    static const char *cells[] = {"c1", "c2", "c3", "c4", "c6", "c7"};
    for (int i = 0; i < 6; i++) if (st.cell[tu_cell(cells[i])] < HDZ_CODES) to_box(&st, cells[i]);
    to_box(&st, "g7");
    play(&st, "dog c5-g7");
    ck_assert_int_eq(G->to_move(&st) < 0, _i);
    counted("HDZ-DOG-EMPTY", "elsewhere");                  /* g7 is not in c5's row or column */
    ck_assert_uint_eq(case_count("HDZ-END-LINE-EMPTY", "by-dog"), (uint64_t)_i);
    tu_add_counts(&ctx, "a_dog_move_that_empties_a_line_ends_the_game_only_under_ends");
}
END_TEST

/* ---- Final scoring ------------------------------------------------------------------ */

/* A finished 3-player game: no marks, no milk, then the test adds what it scores. */
static void final_setup(hdz_state *st, uint32_t r)
{
    start(st, 3, r);
    st->phase = HDZ_PH_OVER;
    st->decider = HDZ_NONE;
}

static void result(const hdz_state *st, int *s, unsigned *w)
{
    ck_assert_int_eq(G->result(st, s, w), GAME_OK);
    inv_on_final(&ctx, st);
    ck_assert_msg(ctx.violations == 0, "%s: %s", ctx.clause[ctx.first_k]->id, ctx.first_msg);
}

/* HDZ-FINAL-MEADOW */
START_TEST(only_own_marked_meadow_cards_score_their_value)
{
    hdz_state st;
    final_setup(&st, NL);
    tu_put_cell(&st, "A4", "f4");
    mark(&st, "f4", 0);
    tu_show(&st, "A5", 0);                     /* a display card scores nothing */
    tu_put_hand(&st, "B5", 0, 0);              /* a hand card scores nothing */
    int s[6]; unsigned w;
    result(&st, s, &w);
    ck_assert_int_eq(s[0], 4);
    ck_assert_int_eq(w, 1u);
}
END_TEST

/* HDZ-FINAL-STABLE-DOUBLE HDZ-AMB-STABLE-CONNECT */
START_TEST(cards_at_the_stable_or_connected_to_it_score_double)
{
    hdz_state st;
    final_setup(&st, _i ? NL | HDZ_R_DOUBLE_ADJ : NL);
    tu_put_cell(&st, "A1", "e1");              /* next to P1's stable at d1 */
    tu_put_cell(&st, "A2", "f1");              /* connected through e1 */
    tu_put_cell(&st, "A3", "f3");              /* not connected */
    mark(&st, "e1", 0); mark(&st, "f1", 0); mark(&st, "f3", 0);
    int s[6]; unsigned w;
    result(&st, s, &w);
    ck_assert_int_eq(s[0], _i ? 2 + 2 + 3 : 2 + 4 + 3);
}
END_TEST

/* HDZ-AMB-STABLE-SITE HDZ-FINAL-STABLE-DOUBLE: outside, the stable touches only the border card at its
 * edge (case stable-cell under double=adjacent; chain links the others to it) */
START_TEST(an_outside_stable_doubles_from_the_card_it_touches)
{
    hdz_state st;
    final_setup(&st, EN | HDZ_R_SITE_OUTSIDE);
    tu_put_cell(&st, "A1", "d1");
    tu_put_cell(&st, "A2", "d2");
    tu_put_cell(&st, "A3", "e1");
    mark(&st, "d1", 0); mark(&st, "d2", 0); mark(&st, "e1", 0);
    int s[6]; unsigned w;
    result(&st, s, &w);
    ck_assert_int_eq(s[0], 2 * (1 + 2 + 3));  /* chain: all connected to d1 */
    counted("HDZ-FINAL-STABLE-DOUBLE", "chain");
    inv_reset_counts(&ctx);
    st.readings |= HDZ_R_DOUBLE_ADJ;           /* adjacent: only the card the stable touches */
    result(&st, s, &w);
    ck_assert_int_eq(s[0], 2 * 1 + 2 + 3);
    counted("HDZ-FINAL-STABLE-DOUBLE", "stable-cell");
    tu_add_counts(&ctx, "an_outside_stable_doubles_from_the_card_it_touches");
}
END_TEST

/* Milk: give seats milk cards by value. */
static void milk(hdz_state *st, int seat, int ones, int twos)
{
    for (int i = 0; i < ones + twos; i++) tu_show(st, i < ones ? "Milk1" : "Milk2", seat);
}

/* HDZ-FINAL-MILK-FIRST HDZ-FINAL-MILK-SECOND HDZ-AMB-MILK-ROUND HDZ-AMB-MILK-MOST */
START_TEST(most_milk_scores_its_sum_second_scores_half)
{
    hdz_state st;
    final_setup(&st, _i ? EN : NL);
    milk(&st, 0, 1, 2);                        /* 3 cards, 5 */
    milk(&st, 1, 1, 1);                        /* 2 cards, 3 */
    int s[6]; unsigned w;
    result(&st, s, &w);
    ck_assert_int_eq(s[0], 5);
    ck_assert_int_eq(s[1], _i ? 2 : 1);        /* half of 3: up (en) or down (nl) */
    ck_assert_int_eq(s[2], 0);
    st.readings &= ~(uint32_t)HDZ_R_MILK_SUM;  /* ranking by count gives the same order here */
    result(&st, s, &w);
    ck_assert_int_eq(s[0], 5);
}
END_TEST

/* HDZ-AMB-MILK-MOST HDZ-FINAL-MILK-FIRST HDZ-FINAL-MILK-SECOND: count and sum can rank differently; both
 * profiles rank by the sum ("ontvangt deze som" / "receives this sum") */
START_TEST(milk_ranked_by_count_or_by_sum)
{
    hdz_state st;
    ck_assert(NL & HDZ_R_MILK_SUM);
    ck_assert(EN & HDZ_R_MILK_SUM);
    final_setup(&st, NL & ~(uint32_t)HDZ_R_MILK_SUM);
    milk(&st, 0, 3, 0);                        /* 3 cards, sum 3 */
    milk(&st, 1, 0, 2);                        /* 2 cards, sum 4 */
    int s[6]; unsigned w;
    result(&st, s, &w);
    ck_assert_int_eq(s[0], 3); ck_assert_int_eq(s[1], 2);   /* count: P1 first */
    counted("HDZ-FINAL-MILK-FIRST", "by-count");
    counted("HDZ-FINAL-MILK-SECOND", "exact-half");          /* P2: half of 4 */
    st.readings |= HDZ_R_MILK_SUM;
    result(&st, s, &w);
    ck_assert_int_eq(s[1], 4); ck_assert_int_eq(s[0], 1);   /* sum: P2 first, P1 half of 3 down */
    counted("HDZ-FINAL-MILK-FIRST", "by-sum");
    counted("HDZ-FINAL-MILK-SECOND", "rounded-half");
    tu_add_counts(&ctx, "milk_ranked_by_count_or_by_sum");
}
END_TEST

/* HDZ-AMB-MILK-HALF */
START_TEST(second_place_gets_half_of_its_own_or_of_the_leaders_milk)
{
    hdz_state st;
    final_setup(&st, NL | (_i ? HDZ_R_MILK_LEADER : 0));
    milk(&st, 0, 0, 3);                        /* 6 */
    milk(&st, 1, 2, 0);                        /* 2 */
    int s[6]; unsigned w;
    result(&st, s, &w);
    ck_assert_int_eq(s[1], _i ? 3 : 1);
}
END_TEST

/* HDZ-FINAL-MILK-TIE HDZ-AMB-MILK-TIE HDZ-AMB-MILK-TIE-SUM HDZ-FINAL-MILK-SECOND */
START_TEST(tied_milk_players_each_get_the_full_or_a_shared_payout)
{
    hdz_state st;
    final_setup(&st, _i ? EN : NL);
    milk(&st, 0, 0, 2);                        /* 2 cards, 4 */
    milk(&st, 1, 0, 2);                        /* 2 cards, 4 */
    milk(&st, 2, 1, 0);                        /* third */
    int s[6]; unsigned w;
    result(&st, s, &w);
    /* nl (full, both): "de som van deze punten", 4 + half 4 = 6 each. en (share): (4 + 2) / 2 = 3
     * each. P3 is third. */
    ck_assert_int_eq(s[0], _i ? 3 : 6);
    ck_assert_int_eq(s[1], _i ? 3 : 6);
    ck_assert_int_eq(s[2], 0);
    ck_assert_uint_eq(case_count("HDZ-FINAL-MILK-TIE", _i ? "first-share" : "first-both"), 1);   /* once in the scoring, for both tied seats */
    counted("HDZ-FINAL-MILK-SECOND", "later");               /* P3 is third */
}
END_TEST

/* HDZ-AMB-MILK-TIE-SUM HDZ-FINAL-MILK-TIE: under milk-tie=full a tie for first pays each tied seat
 * the first position's payout (tie-sum=best) or the first and the second together (both); under
 * milk-tie=share the bit changes nothing; a tie for second pays the half either way (position 3
 * pays nothing). _i: bit 0 tie-sum=both, bit 1 milk-tie=share. */
START_TEST(a_tie_for_first_pays_the_first_payout_or_both_payouts)
{
    int both = _i & 1, share = (_i & 2) != 0;
    uint32_t r = (NL & ~(uint32_t)(HDZ_R_TIE_BOTH | HDZ_R_MILK_SHARE)) |
                 (both ? HDZ_R_TIE_BOTH : 0) | (share ? HDZ_R_MILK_SHARE : 0);
    hdz_state st;
    final_setup(&st, r);
    milk(&st, 0, 1, 2);                        /* 5 */
    milk(&st, 1, 1, 2);                        /* 5 */
    milk(&st, 2, 1, 0);                        /* 1, third */
    int s[6]; unsigned w;
    result(&st, s, &w);
    /* best: 5; both: 5 + half of 5 rounded down = 7; share: (5 + 2) / 2 = 3 whatever tie-sum says */
    int want = share ? 3 : both ? 7 : 5;
    ck_assert_int_eq(s[0], want);
    ck_assert_int_eq(s[1], want);
    ck_assert_int_eq(s[2], 0);
    counted("HDZ-FINAL-MILK-TIE", share ? "first-share" : both ? "first-both" : "first-full");
    tu_add_counts(&ctx, "a_tie_for_first_pays_the_first_payout_or_both_payouts");

    final_setup(&st, r);                       /* a tie for second */
    milk(&st, 0, 0, 3);                        /* 6, first */
    milk(&st, 1, 1, 1);                        /* 3 */
    milk(&st, 2, 1, 1);                        /* 3 */
    result(&st, s, &w);
    ck_assert_int_eq(s[0], 6);
    ck_assert_int_eq(s[1], share ? 0 : 1);     /* full: half of 3 down, best or both; share: 1 / 2 */
    ck_assert_int_eq(s[2], share ? 0 : 1);
    counted("HDZ-FINAL-MILK-TIE", share ? "second-share" : "second-full");
    tu_add_counts(&ctx, "a_tie_for_first_pays_the_first_payout_or_both_payouts");
}
END_TEST

/* HDZ-FINAL-WINNER */
START_TEST(the_most_points_win_and_equal_top_scores_all_win)
{
    hdz_state st;
    final_setup(&st, NL);
    tu_put_cell(&st, "A4", "f4"); mark(&st, "f4", 0);
    tu_put_cell(&st, "B4", "f5"); mark(&st, "f5", 2);
    int s[6]; unsigned w;
    result(&st, s, &w);
    ck_assert_int_eq(w, (1u << 0) | (1u << 2));
    counted("HDZ-FINAL-WINNER", "tie");
    ck_assert_uint_eq(case_count("HDZ-FINAL-WINNER", "one"), 0);
}
END_TEST

/* HDZ-AMB-GOAT-SUPPLY HDZ-SCORE-MAJORITY8: under ten the marking stops when the goats run out (case
 * supply-out); unlimited marks all */
START_TEST(a_player_without_small_goats_marks_nothing_more_under_ten)
{
    hdz_state st;
    majority_setup(&st, _i ? NL | HDZ_R_SUPPLY_UNLIM : NL);
    /* P1 has 9 small goats on cards already (bottom rows), one left */
    for (int c = HDZ_CELLS - 1; c >= 0 && st.supply[0] > 1; c--)
        if (HDZ_IS_GOAT(st.cell[c]) && HDZ_TYPE(st.cell[c]) != 5 && st.mark[c] == HDZ_NONE) {
            char name[3] = {(char)('a' + c % HDZ_W), (char)('1' + c / HDZ_W), 0};
            mark(&st, name, 0);
        }
    ck_assert_int_eq(st.supply[0], 1);
    play(&st, "play F3");
    play(&st, "take g2");
    int marked = (tu_mark(&st, "b2") == 0) + (tu_mark(&st, "c5") == 0);
    ck_assert_int_eq(marked, _i ? 2 : 1);
    counted("HDZ-SCORE-MAJORITY8", _i ? "marks-all" : "supply-out");
    tu_add_counts(&ctx, "a_player_without_small_goats_marks_nothing_more_under_ten");
}
END_TEST

/* ---- Clauses found by rule-text coverage (rulefuzz textcov) ------------------------------ */

/* HDZ-SETUP-PLAYERS */
START_TEST(only_two_to_five_players_can_play)
{
    hdz_state st;
    for (int players = 0; players <= 7; players++) {
        game_config cfg = {players, NL};
        ck_assert_int_eq(G->setup_seed(&st, &cfg, 1), players >= 2 && players <= 5 ? GAME_OK : GAME_BADARG);
    }
    char text[GAME_TEXT_MAX], err[256];
    tu_hdz_deal(&st, 5, NL, 1);
    ck_assert_int_gt(G->position_print(&st, text, sizeof text), 0);
    game_config six = {6, NL};
    ck_assert_int_eq(G->setup_position(&st, &six, text, err, sizeof err), GAME_BADARG);
}
END_TEST

/* HDZ-TURN-PHASES */
START_TEST(a_turn_runs_play_then_take_then_scoring_and_passes_on)
{
    hdz_state st;
    majority_setup(&st, NL);
    ck_assert_int_eq(st.phase, HDZ_PH_PLAY);
    play(&st, "play F3");                      /* phases 1 and 2 */
    ck_assert_int_eq(st.phase, HDZ_PH_TAKE);
    ck_assert_int_eq(st.turn, 0);
    ck_assert_int_eq(st.owner[5], HDZ_NONE);   /* phase 4 has not come yet */
    play(&st, "take g2");                      /* phase 3, then phase 4 finishes the turn */
    ck_assert_int_eq(st.owner[5], 0);
    ck_assert_int_eq(st.phase, HDZ_PH_PLAY);
    ck_assert_int_eq(st.turn, 1);
}
END_TEST

/* HDZ-DOG-NO-MAJORITY */
START_TEST(dogs_in_a_display_add_nothing_to_a_sum_of_eight)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_cell(&st, "F1", "b2");
    tu_show(&st, "F5", 0);
    tu_show(&st, "F2", 0);                     /* 7 in F */
    tu_put_hand(&st, "Dog", 0, 0);
    play(&st, "play Dog");
    game_move ms[GAME_MAX_MOVES];
    ck_assert_int_gt(G->legal_moves(&st, ms, GAME_MAX_MOVES), 0);
    ck_assert_int_eq(G->apply(&st, &ms[0]), GAME_OK);
    while (st.phase == HDZ_PH_DOG) play(&st, "pass");
    ck_assert_int_eq(st.owner[5], HDZ_NONE);   /* a dog is no eighth point */
    ck_assert_int_eq(tu_mark(&st, "b2"), HDZ_NONE);
    ck_assert_int_eq(st.display[0][HDZ_DOG], 1);
}
END_TEST

/* HDZ-SCORE-REMINDER HDZ-AMB-REMINDER HDZ-SCORE-FUTURE */
START_TEST(reminder_goats_are_a_memo_or_wait_in_reserve_for_the_cards_in_the_pile)
{
    hdz_state st;
    int reserve = _i;
    majority_setup(&st, reserve ? NL | HDZ_R_REMIND_RESERVE : NL);
    tu_put(&st, "F1", (tu_slot){1, 0, 0});     /* F1 waits at the bottom of the pile; F2 at c5 */
    play(&st, "play F3");
    play(&st, "take g2");                      /* 5 + 3: P1 owns F and marks c5 */
    ck_assert_int_eq(st.owner[5], 0);
    ck_assert_int_eq(tu_mark(&st, "c5"), 0);
    ck_assert_int_eq(st.remind[5], reserve);   /* reserve: one goat set aside for F1 */
    ck_assert_int_eq(st.supply[0], reserve ? 8 : 9);
    counted("HDZ-SCORE-REMINDER", reserve ? "after-majority" : "memo");
    /* F1 appears: P2 plays a dog and takes from row 6 */
    tu_put_pile_top(&st, "F1");
    tu_put_hand(&st, "Dog", 1, 0);
    play(&st, "play Dog");
    play(&st, "take b6");
    ck_assert_int_eq(st.cell[tu_cell("b6")], tu_card("F1"));
    ck_assert_int_eq(tu_mark(&st, "b6"), 0);
    ck_assert_int_eq(st.remind[5], 0);
    ck_assert_int_eq(st.supply[0], 8);         /* memo: from the stable now; reserve: the waiting goat */
    counted("HDZ-SCORE-FUTURE", reserve ? "from-reminder" : "from-supply");
    ck_assert_uint_eq(case_count("HDZ-SCORE-REMINDER", "used"), (uint64_t)reserve);
    tu_add_counts(&ctx, "reminder_goats_are_a_memo_or_wait_in_reserve_for_the_cards_in_the_pile");
}
END_TEST

/* HDZ-SCORE-REMINDER (B) HDZ-AMB-REMINDER: the fourth card decides type A while its fifth card,
 * A1 (card code 0), is still in the pile: under reserve the winner sets a goat aside for it. */
START_TEST(a_fifth_card_in_the_pile_gets_a_reminder_after_the_fourth)
{
    int reserve = _i;
    hdz_state st;
    uint32_t r = reserve ? (NL | HDZ_R_REMIND_RESERVE) & ~(uint32_t)HDZ_R_SUPPLY_UNLIM : NL & ~(uint32_t)HDZ_R_REMIND_RESERVE;
    /* P1: A2 (+ A3 played) = 5; P2: A4 + A5 = 9 -> P2 wins A; A1 waits at the bottom of the pile */
    fourth_setup(&st, r, "A2", "A4", "A5", "A3", NULL);
    tu_put(&st, "A1", (tu_slot){1, 0, 0});
    int before = st.supply[1];
    play(&st, "play A3");
    game_move takes[GAME_MAX_MOVES];
    char take[32];
    ck_assert_int_gt(G->legal_moves(&st, takes, GAME_MAX_MOVES), 0);   /* any take: scoring follows it */
    ck_assert_int_gt(G->move_print(&st, &takes[0], take, sizeof take), 0);
    play(&st, take);
    ck_assert_int_eq(st.owner[0], 1);
    ck_assert_int_eq(st.remind[0], reserve);
    ck_assert_int_eq(st.supply[1], before - reserve);
    counted("HDZ-SCORE-REMINDER", reserve ? "after-fourth" : "memo");
    tu_add_counts(&ctx, "a_fifth_card_in_the_pile_gets_a_reminder_after_the_fourth");
}
END_TEST

/* ---- Hidden information: determinize ------------------------------------------------------------ */

static int holds(const hdz_state *st, int p, int code) { return st->hand[p][0] == code || st->hand[p][1] == code; }
static int pile_of_type(const hdz_state *st, int t)
{
    int n = 0;
    for (int i = 0; i < st->pile_len; i++) n += HDZ_IS_GOAT(st->pile[i]) && HDZ_TYPE(st->pile[i]) == t;
    return n;
}

/* GEN-HIDDEN-INFO HDZ-SCORE-FIFTH-HAND: determinize re-deals what P2 cannot see (P1's and P3's hand
 * cards, the pile, the generator) and keeps all it sees: its own hand, the hand sizes, P3's revealed
 * card in P3's hand, the cards in all (tu_determinized: the view, the oracle's account, HDZ-CARDS-121).
 * Two seeds give two deals; over a few seeds P1's hand takes several values. The table's view
 * (viewer 3, no seat) hides every hand. */
START_TEST(determinize_redeals_the_unseen_cards_and_keeps_every_seen_one)
{
    hdz_state st, a, b;
    start(&st, 3, NL);
    tu_put_hand(&st, "G5", 2, 0);
    st.shown[2][0] = (uint8_t)tu_card("G5");       /* revealed, as after a fourth card of G */
    tu_determinized(G, &st, 1, 1, &a);
    tu_determinized(G, &st, 1, 2, &b);
    ck_assert(memcmp(a.pile, b.pile, sizeof a.pile) != 0);
    ck_assert(a.rng != st.rng && a.rng != b.rng);
    int differs = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        tu_determinized(G, &st, 1, seed, &a);
        ck_assert_mem_eq(a.hand[1], st.hand[1], 2);
        ck_assert(holds(&a, 2, tu_card("G5")));
        ck_assert(a.hand[0][0] != HDZ_NONE && a.hand[0][1] != HDZ_NONE && a.hand[2][1] != HDZ_NONE);
        differs |= memcmp(a.hand[0], st.hand[0], 2) != 0;
    }
    ck_assert(differs);
    tu_determinized(G, &st, 3, 7, &a);             /* the table: every hand hidden */
    tu_determinized(G, &st, 3, 8, &b);
    ck_assert(memcmp(a.hand, b.hand, sizeof a.hand) != 0);
}
END_TEST

/* HDZ-SETUP-DOG-REDRAW HDZ-AMB-DOG-REDRAW: in a redraw the deciding seat holds a dog, and under
 * compulsory the seats before it hold none (each gave back every dog) and the pile holds a card that
 * is no dog: every sample for another viewer keeps that. */
START_TEST(determinize_leaves_the_redraw_seat_a_dog_and_the_seats_before_it_none)
{
    hdz_state st, a;
    int found = 0;
    for (uint64_t seed = 1; seed < 400 && !found; seed++) {
        tu_hdz_deal(&st, 3, NL | HDZ_R_REDRAW_FORCED, seed);
        while (st.phase == HDZ_PH_REDRAW && st.turn < 2) ck_assert_int_eq(tu_try(G, &st, "return"), GAME_OK);
        found = st.phase == HDZ_PH_REDRAW && st.turn == 2;
    }
    ck_assert(found);                              /* P3 decides its redraw; P2 gave back its dogs, if any */
    ck_assert(!holds(&st, 1, HDZ_DOG) && holds(&st, 2, HDZ_DOG));
    for (uint64_t seed = 1; seed <= 60; seed++) {
        tu_determinized(G, &st, 0, seed, &a);
        ck_assert_msg(holds(&a, 2, HDZ_DOG), "seed %d: P3 decides a redraw without a dog", (int)seed);
        ck_assert_msg(!holds(&a, 1, HDZ_DOG), "seed %d: P2 kept a dog under compulsory", (int)seed);
        int other = 0;
        for (int i = 0; i < a.pile_len; i++) other |= a.pile[i] != HDZ_DOG;
        ck_assert(other);
    }
}
END_TEST

/* HDZ-SCORE-REMINDER: under reminder=reserve a reminder goat waits for a card of its type still in
 * the pile, so every sample keeps at least remind[t] cards of type t in the pile. */
START_TEST(determinize_keeps_in_the_pile_the_cards_reminder_goats_wait_for)
{
    hdz_state st, a;
    start(&st, 3, (NL | HDZ_R_REMIND_RESERVE) & ~(uint32_t)HDZ_R_SUPPLY_UNLIM);
    tu_put(&st, "A1", (tu_slot){1, 0, 0});
    tu_put(&st, "A2", (tu_slot){1, 1, 0});
    st.owner[0] = 1; st.remind[0] = 2; st.supply[1] = (uint8_t)(st.supply[1] - 2);
    int pulled = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        tu_determinized(G, &st, 2, seed, &a);
        ck_assert_msg(pile_of_type(&a, 0) >= 2, "seed %d: a reminder goat waits for an A card no longer in the pile", (int)seed);
        pulled |= a.pile[0] != st.pile[0];
    }
    ck_assert(pulled);                              /* the pile is still shuffled */
}
END_TEST

/* GEN-HIDDEN-INFO HDZ-SETUP-PLAYERS: determinize re-deals what P1 cannot see at every player count,
 * five players (HDZ_MAXP) included: over a few seeds P2's hand and the pile take other values, and
 * every sample gets a fresh generator. */
START_TEST(determinize_redeals_at_every_player_count)
{
    hdz_state st, a;
    start(&st, 2 + _i, NL);
    int hands = 0, pile = 0;
    for (uint64_t seed = 1; seed <= 10; seed++) {
        tu_determinized(G, &st, 0, seed, &a);
        ck_assert(a.rng != st.rng);
        hands |= memcmp(a.hand[1], st.hand[1], 2) != 0;
        pile |= memcmp(a.pile, st.pile, sizeof a.pile) != 0;
    }
    ck_assert_msg(hands && pile, "%d players: determinize left the hidden cards as they were", 2 + _i);
}
END_TEST

/* GEN-HIDDEN-INFO HDZ-CARDS-121: determinize takes every pile the position loader accepts, the
 * largest too: a finished game whose 121 cards all lie in the pile (no hand, no meadow card, an empty
 * box) loads, and each sample shuffles the whole pile and renews the generator. */
START_TEST(determinize_shuffles_a_pile_of_all_121_cards)
{
    hdz_state st, a;
    start(&st, 2, NL);
    for (int c = 0; c < HDZ_CELLS; c++)
        if (st.cell[c] < HDZ_CODES) { st.pile[st.pile_len++] = st.cell[c]; st.cell[c] = HDZ_NONE; }
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < 2; i++) { st.pile[st.pile_len++] = st.hand[p][i]; st.hand[p][i] = HDZ_NONE; }
    for (int c = 0; c < HDZ_CODES; c++)
        for (; st.box[c]; st.box[c]--) st.pile[st.pile_len++] = (uint8_t)c;
    ck_assert_int_eq(st.pile_len, HDZ_CARDS);
    st.phase = HDZ_PH_OVER; st.decider = HDZ_NONE; st.ending = HDZ_END_LINE;   /* every line is empty */
    tu_position_reloads(G, &st, NULL);
    for (uint64_t seed = 1; seed <= 3; seed++) {
        tu_determinized(G, &st, 0, seed, &a);
        ck_assert_msg(memcmp(a.pile, st.pile, sizeof a.pile) != 0, "seed %d: the pile of 121 cards was not shuffled", (int)seed);
        ck_assert(a.rng != st.rng);
    }
}
END_TEST

/* Five players, reminder=reserve: P2 owns A (A3 and A5 on display) and three reminder goats wait
 * for A1, A2 and A4, which are the whole pile; the ten hand cards are no A. Of the deals of the 13
 * cards the table cannot see (HDZ-SCORE-REMINDER's fact) only those that put all three A cards back
 * into the pile keep the reminders: 1 in C(13,3) = 286. */
static void reminders_hold_the_whole_pile(hdz_state *st)
{
    start(st, 5, NL | HDZ_R_REMIND_RESERVE);
    tu_put(st, "A1", (tu_slot){1, 0, 0});
    tu_put(st, "A2", (tu_slot){1, 1, 0});
    tu_put(st, "A4", (tu_slot){1, 2, 0});
    while (st->pile_len > 3) { st->box[st->pile[st->pile_len - 1]]++; st->pile[--st->pile_len] = 0; }
    tu_show(st, "A3", 1);
    tu_show(st, "A5", 1);
    st->owner[0] = 1; st->remind[0] = 3; st->supply[1] = 7;
}

/* GEN-HIDDEN-INFO HDZ-SCORE-REMINDER: determinize draws at most 64 deals; when all 64 break the
 * reminders' fact the hidden cards stay where they are, only the pile's order is shuffled and the
 * generator is renewed. The seeds were found offline by a scratch program (built on testutil.h) that
 * replays hdz_determinize's draws on this state, the same shuffle of the same 13 cards from the same
 * seed with no limit on the deals, and notes the first deal that leaves A1, A2 and A4 in the pile:
 * seed 318 first at the 64th deal (the last one drawn: re-dealt), seed 269 first at the 65th (one too
 * many: kept), seed 2 first at the 251st (kept). */
START_TEST(determinize_gives_up_after_64_deals_that_break_a_reminder)
{
    static const struct { uint64_t seed; int redealt; } row[] = {{318, 1}, {269, 0}, {2, 0}};
    hdz_state st, a;
    reminders_hold_the_whole_pile(&st);
    for (size_t r = 0; r < sizeof row / sizeof row[0]; r++) {
        uint64_t seed = row[r].seed;
        tu_determinized(G, &st, 5, seed, &a);      /* the table: every hand hidden */
        ck_assert_msg(pile_of_type(&a, 0) == 3 && a.pile_len == 3, "seed %d: the pile lost an A card", (int)seed);
        ck_assert(a.rng != st.rng);
        if (row[r].redealt) {
            ck_assert_msg(memcmp(a.hand, st.hand, sizeof a.hand) != 0, "seed %d: the 64th deal was not taken", (int)seed);
        } else {
            ck_assert_msg(memcmp(a.hand, st.hand, sizeof a.hand) == 0, "seed %d: a deal after the 64th was taken", (int)seed);
            ck_assert_msg(memcmp(a.pile, st.pile, sizeof a.pile) != 0, "seed %d: the pile's order was not shuffled", (int)seed);
        }
    }
}
END_TEST

/* Five players in a compulsory redraw with all 121 cards hidden from the table, a position the loader
 * accepts: the meadow and the box empty, the pile the 111 cards the hands do not hold; P5 decides its
 * redraw with a dog and P1 to P4 hold none (HDZ-SETUP-DOG-REDRAW's facts), which about 1 deal of the
 * 121 cards in 12 keeps. */
static void all_hidden_redraw(hdz_state *st)
{
    tu_hdz_deal(st, 5, NL | HDZ_R_REDRAW_FORCED, 11);
    for (int c = 0; c < HDZ_CELLS; c++)
        if (st->cell[c] < HDZ_CODES) { st->pile[st->pile_len++] = st->cell[c]; st->cell[c] = HDZ_NONE; }
    for (int p = 0; p < 4; p++)                    /* P1 to P4 give their dogs for cards from the pile */
        for (int i = 0; i < 2; i++)
            if (st->hand[p][i] == HDZ_DOG) {
                int j = 0;
                while (st->pile[j] == HDZ_DOG) j++;
                st->hand[p][i] = st->pile[j]; st->pile[j] = HDZ_DOG;
            }
    if (!holds(st, 4, HDZ_DOG)) {                  /* P5 takes one */
        int j = 0;
        while (st->pile[j] != HDZ_DOG) j++;
        st->pile[j] = st->hand[4][1]; st->hand[4][1] = HDZ_DOG;
    }
    tu_hand_sort(st);
    st->phase = HDZ_PH_REDRAW; st->turn = st->decider = 4; st->played = HDZ_NONE;
}

/* GEN-HIDDEN-INFO HDZ-SETUP-DOG-REDRAW HDZ-AMB-DOG-REDRAW HDZ-CARDS-121: determinize's largest pool and
 * its fallback together: the table's sample of all_hidden_redraw pools all 121 cards, and with seed 276
 * all 64 deals break the redraw's facts (found offline as above: its first keeping deal is the 70th),
 * so the sample keeps every hand and every open field (tu_determinized), shuffles the pile and renews
 * the generator. */
START_TEST(determinize_falls_back_with_all_121_cards_hidden)
{
    hdz_state st, a;
    all_hidden_redraw(&st);
    ck_assert_int_eq(st.pile_len, HDZ_CARDS - 10);
    tu_position_reloads(G, &st, NULL);
    tu_determinized(G, &st, 5, 276, &a);
    ck_assert(memcmp(a.hand, st.hand, sizeof a.hand) == 0);
    ck_assert(memcmp(a.pile, st.pile, sizeof a.pile) != 0);
    ck_assert(a.rng != st.rng);
    ck_assert_uint_eq(a.readings, st.readings);
}
END_TEST

/* HDZ-SCORE-REMINDER HDZ-SCORE-FUTURE HDZ-AMB-GOAT-SUPPLY: under reminder=reserve the reminder goats
 * leave the owner's supply; when it has run out no goat waits for the card still in the pile, and
 * that card, when it appears, stays unmarked (case none-left) with no reminder taken. */
START_TEST(a_card_no_reminder_goat_waits_for_appears_unmarked_under_reserve)
{
    hdz_state st;
    majority_setup(&st, NL | HDZ_R_REMIND_RESERVE);
    tu_put(&st, "F1", (tu_slot){1, 0, 0});     /* F1 waits at the bottom of the pile; F2 at c5 */
    /* P1 has 9 small goats on cards already, away from c5, column g and row 6: one left */
    for (int c = HDZ_CELLS - 1; c >= 0 && st.supply[0] > 1; c--)
        if (HDZ_IS_GOAT(st.cell[c]) && HDZ_TYPE(st.cell[c]) != 5 && st.mark[c] == HDZ_NONE &&
            c / HDZ_W != 5 && c % HDZ_W != 6 && c != tu_cell("c5")) {
            char name[3] = {(char)('a' + c % HDZ_W), (char)('1' + c / HDZ_W), 0};
            mark(&st, name, 0);
        }
    ck_assert_int_eq(st.supply[0], 1);
    play(&st, "play F3");
    play(&st, "take g2");                      /* 5 + 3: P1 owns F and marks c5 with its last goat */
    ck_assert_int_eq(st.owner[5], 0);
    ck_assert_int_eq(tu_mark(&st, "c5"), 0);
    ck_assert_int_eq(st.supply[0], 0);
    ck_assert_int_eq(st.remind[5], 0);         /* no goat left to wait for F1 */
    /* F1 appears: P2 plays a dog and takes from row 6 */
    tu_put_pile_top(&st, "F1");
    tu_put_hand(&st, "Dog", 1, 0);
    play(&st, "play Dog");
    play(&st, "take b6");
    ck_assert_int_eq(st.cell[tu_cell("b6")], tu_card("F1"));
    ck_assert_int_eq(tu_mark(&st, "b6"), HDZ_NONE);
    ck_assert_int_eq(st.remind[5], 0);
    ck_assert_int_eq(st.supply[0], 0);
    counted("HDZ-SCORE-FUTURE", "none-left");
    tu_add_counts(&ctx, "a_card_no_reminder_goat_waits_for_appears_unmarked_under_reserve");
}
END_TEST

/* HDZ-SCORE-REMINDER GEN-ROUNDTRIP: with reminder goats waiting for two types (P2's one for B1, P1's
 * two for C1 and C2) the position prints them as one list, ";remind=B:1,C:2;", and reads back to the
 * same bytes. */
START_TEST(reminders_of_two_types_print_as_one_list_and_read_back)
{
    hdz_state st;
    start(&st, 3, NL | HDZ_R_REMIND_RESERVE);
    tu_put(&st, "B1", (tu_slot){1, 0, 0});
    tu_put(&st, "C1", (tu_slot){1, 1, 0});
    tu_put(&st, "C2", (tu_slot){1, 2, 0});
    st.owner[1] = 1; st.remind[1] = 1; st.supply[1] = (uint8_t)(st.supply[1] - 1);
    st.owner[2] = 0; st.remind[2] = 2; st.supply[0] = (uint8_t)(st.supply[0] - 2);
    char text[GAME_TEXT_MAX];
    tu_position_reloads(G, &st, text);
    ck_assert_msg(strstr(text, ";remind=B:1,C:2;"), "%s", text);
}
END_TEST

/* HDZ-FINAL-WINNER: the winners are seats: whatever a caller's scores buffer holds past the players'
 * slots (here the best total), result and the scores so far name no seat beyond the last. */
START_TEST(the_winners_are_seats_whatever_the_scores_buffer_holds_past_them)
{
    hdz_state st;
    final_setup(&st, NL);
    tu_put_cell(&st, "A4", "f4"); mark(&st, "f4", 0);
    int s[6]; unsigned w;
    result(&st, s, &w);
    ck_assert_int_eq(w, 1u << 0);
    for (int i = 3; i < 6; i++) s[i] = s[0];
    result(&st, s, &w);
    ck_assert_int_eq(w, 1u << 0);
    for (int i = 3; i < 6; i++) s[i] = s[0];
    ck_assert_int_eq(G->score_now(&st, s, &w), GAME_OK);
    ck_assert_int_eq(w, 1u << 0);
}
END_TEST

/* ---- Deals judged (issue 36 point 3) ------------------------------------------------------ */

/* HDZ-SETUP-MEADOW HDZ-SETUP-HAND: "Alle resterende kaarten worden verdekt zeer grondig gemixt".
 * Every kind of card is as likely on every meadow place and pile slot of the deal as a fair shuffle
 * makes it (5 players, nothing removed: 121 cards; 3,000 deals, seeds 1-3,000): a kind with m cards
 * lies on a one-card place with probability m / 121 a deal, so each (kind, place) count is
 * Binomial(3,000, m / 121). The test fails when any count's exact two-sided tail is below 1e-4 /
 * cells (Bonferroni): a false-alarm rate of at most 1e-4 a run over the choice of seeds (fixed,
 * so the verdict is too). The hands are left out (two cards of one kind can share a hand). Which
 * goat types 2 players remove (8 of 18): each type in the box with probability 8/18 a deal, the
 * same test. Power: with hdz.c's Fisher-Yates made Sattolo's cycle (game_rng_below(rng, i) for
 * (i + 1), a scratch copy, CK_RUN_CASE="deals judged" build/tests/check_hdz_rules, 2026-11-28) the
 * deal fails, 80 of 10,323 cells out of line, the worst 0 against 24.8 expected. */
START_TEST(every_kind_reaches_every_place_of_the_deal_and_every_type_the_box)
{
    static tu_deal_tally t;
    memset(&t, 0, sizeof t);
    uint32_t nl = hdz_engine.profiles[0].readings;
    for (long d = 0; d < 3000; d++) {
        hdz_state st;
        game_config cfg = {5, nl};
        ck_assert_int_eq(G->setup_seed(&st, &cfg, (uint64_t)d + 1), GAME_OK);
        int mult[HDZ_CODES] = {0}, n = 0;
        for (int i = 0; i < HDZ_CELLS; i++) if (st.cell[i] < HDZ_CODES) { mult[st.cell[i]]++; n++; }
        for (int i = 0; i < st.pile_len; i++) { mult[st.pile[i]]++; n++; }
        for (int q = 0; q < st.players; q++)
            for (int j = 0; j < 2; j++) if (st.hand[q][j] < HDZ_CODES) { mult[st.hand[q][j]]++; n++; }
        ck_assert_int_eq(n, HDZ_CARDS);
        for (int i = 0; i < HDZ_CELLS; i++) {
            if (st.cell[i] >= HDZ_CODES) continue;             /* a stable, or no meadow place */
            t.count[st.cell[i]][i]++;
            for (int k = 0; k < HDZ_CODES; k++) t.share[k][i] = (double)mult[k] / n;
        }
        for (int i = 0; i < st.pile_len; i++) {
            t.count[st.pile[i]][HDZ_CELLS + i]++;
            for (int k = 0; k < HDZ_CODES; k++) t.share[k][HDZ_CELLS + i] = (double)mult[k] / n;
        }
        t.deals++;
    }
    char why[256];
    ck_assert_msg(tu_deal_outliers(&t, 1e-4, why, sizeof why) == 0, "5 players: %s", why);

    memset(&t, 0, sizeof t);                                   /* the types 2 players remove */
    for (long d = 0; d < 3000; d++) {
        hdz_state st;
        game_config cfg = {2, nl};
        ck_assert_int_eq(G->setup_seed(&st, &cfg, (uint64_t)d + 1), GAME_OK);
        for (int ty = 0; ty < HDZ_TYPES; ty++) {
            int boxed = st.box[HDZ_CODE(ty, 1)] != 0;
            t.count[ty][boxed]++;
            t.share[ty][1] = 8.0 / HDZ_TYPES;                   /* "2 spelers: 8 soorten" */
            t.share[ty][0] = 1 - 8.0 / HDZ_TYPES;
        }
        t.deals++;
    }
    ck_assert_msg(tu_deal_outliers(&t, 1e-4, why, sizeof why) == 0, "2 players' removed types: %s", why);
}
END_TEST

/* HDZ-SETUP-DOG-REDRAW: "De hondenkaarten worden dan terug in de stapel gemixt": a returned dog can come
 * back. Over 3,000 returns (3 players, the first seat holding a dog in deals of seeds 1..), the
 * pile's top after the return is a dog as often as a fair reshuffle makes it (d dogs in a pile of
 * len: d / len each time; the sum of those probabilities against the count, a normal test at
 * |z| < 4.42, a false-alarm rate of 1e-5), and so is its bottom: a returned dog reaches both ends.
 * Power: under the Sattolo scratch copy above, a dog on top 317 times against 406.3 (z -4.80). */
START_TEST(a_returned_dog_is_shuffled_back_in_and_can_be_drawn_again_at_once)
{
    uint32_t nl = hdz_engine.profiles[0].readings;
    long returns = 0, top = 0, bottom = 0;
    double want = 0, var = 0;
    for (uint64_t seed = 1; returns < 3000; seed++) {
        hdz_state st;
        game_config cfg = {3, nl};
        ck_assert_int_eq(G->setup_seed(&st, &cfg, seed), GAME_OK);
        if (st.phase != HDZ_PH_REDRAW || tu_try(G, &st, "return") != GAME_OK) continue;
        int d = 0;
        for (int i = 0; i < st.pile_len; i++) d += st.pile[i] == HDZ_DOG;
        double q = (double)d / st.pile_len;
        want += q; var += q * (1 - q);
        top += st.pile[st.pile_len - 1] == HDZ_DOG;
        bottom += st.pile[0] == HDZ_DOG;
        returns++;
    }
    double zt = ((double)top - want) / sqrt(var), zb = ((double)bottom - want) / sqrt(var);
    ck_assert_msg(top > 0 && fabs(zt) < 4.42, "a dog on top after %ld returns %ld times, expected %.1f (z %.2f)", returns, top, want, zt);
    ck_assert_msg(bottom > 0 && fabs(zb) < 4.42, "a dog at the bottom %ld times, expected %.1f (z %.2f)", bottom, want, zb);
}
END_TEST

static Suite *rules_suite(void)
{
    Suite *s = suite_create("hdz-rules");
    TCase *tc = tcase_create("setup");
    tcase_add_loop_test(tc, all_121_cards_are_accounted_for_through_a_whole_game, 0, 4);
    tcase_add_loop_test(tc, cards_removed_per_player_count_follow_the_dutch_table, 0, 4);
    tcase_add_test(tc, removed_goat_types_are_drawn_by_lot_and_seen_by_all);
    tcase_add_loop_test(tc, the_meadow_is_7x7_or_6x6_for_two_with_stable_cells_left_out, 0, 8);
    tcase_add_loop_test(tc, stables_sit_at_their_sites_with_the_large_goat_in_front, 0, 4);
    tcase_add_test(tc, four_players_have_their_stables_in_the_corners);
    tcase_add_loop_test(tc, every_player_starts_with_two_cards_from_the_pile, 0, 4);
    tcase_add_test(tc, a_returned_dog_is_replaced_by_the_top_card_and_shuffled_into_the_pile);
    tcase_add_test(tc, a_dog_is_returned_only_while_the_pile_has_a_card);
    tcase_add_loop_test(tc, a_dog_in_the_starting_hand_may_be_kept_or_must_go_back, 0, 2);
    tcase_add_loop_test(tc, under_a_compulsory_redraw_play_begins_without_a_dog_in_hand, 0, 2);
    tcase_add_test(tc, a_compulsory_redraw_position_needs_a_card_in_the_pile_that_is_no_dog);
    tcase_add_test(tc, a_redraw_position_needs_a_dog_in_the_hand_of_the_seat_at_turn);
    tcase_add_test(tc, the_redraw_after_the_deal_asks_p1_first);
    tcase_add_test(tc, legal_moves_never_writes_past_max);
    suite_add_tcase(s, tc);

    tc = tcase_create("clauses found by rule-text coverage");
    tcase_add_test(tc, only_two_to_five_players_can_play);
    tcase_add_test(tc, a_turn_runs_play_then_take_then_scoring_and_passes_on);
    tcase_add_test(tc, dogs_in_a_display_add_nothing_to_a_sum_of_eight);
    tcase_add_loop_test(tc, reminder_goats_are_a_memo_or_wait_in_reserve_for_the_cards_in_the_pile, 0, 2);
    tcase_add_loop_test(tc, a_fifth_card_in_the_pile_gets_a_reminder_after_the_fourth, 0, 2);
    suite_add_tcase(s, tc);

    tc = tcase_create("deals judged");
    tcase_set_timeout(tc, 60);                  /* seconds of CPU, more on a loaded machine */
    tcase_add_test(tc, every_kind_reaches_every_place_of_the_deal_and_every_type_the_box);
    tcase_add_test(tc, a_returned_dog_is_shuffled_back_in_and_can_be_drawn_again_at_once);
    suite_add_tcase(s, tc);
    tc = tcase_create("turn");
    tcase_add_test(tc, players_take_turns_clockwise_from_the_first_seat);
    tcase_add_test(tc, phase_1_lays_one_hand_card_open_and_nothing_else);
    tcase_add_test(tc, phase_2_moves_the_large_goat_clockwise_by_the_card_value);
    tcase_add_test(tc, two_large_goats_may_stand_at_one_place);
    tcase_add_test(tc, a_played_dog_leaves_the_large_goat_where_it_is);
    tcase_add_loop_test(tc, phase_3_takes_from_the_line_beside_the_goat, 0, 2);
    tcase_add_test(tc, a_card_with_a_small_goat_is_never_taken);
    tcase_add_test(tc, the_gap_is_refilled_from_the_pile_at_once_or_stays_empty);
    suite_add_tcase(s, tc);

    tc = tcase_create("scoring");
    tcase_add_test(tc, eight_points_in_a_type_marks_all_its_meadow_cards);
    tcase_add_test(tc, after_a_majority_the_opponents_cards_of_the_type_are_worthless);
    tcase_add_test(tc, a_card_of_a_decided_type_is_marked_as_it_appears);
    tcase_add_test(tc, the_fourth_card_gives_the_fifth_to_the_largest_sum);
    tcase_add_test(tc, the_fifth_card_stays_unmarked_when_the_winner_has_no_goat_left);
    tcase_add_test(tc, a_tie_on_the_sum_goes_to_more_cards);
    tcase_add_test(tc, a_tie_on_sum_and_count_goes_to_the_trigger);
    tcase_add_test(tc, a_fifth_card_in_a_hand_stays_there_and_nobody_gets_it);
    tcase_add_test(tc, revealed_cards_and_reminders_print_and_read_back);
    tcase_add_loop_test(tc, after_the_fourth_card_the_losers_cards_go_to_the_box, 0, 2);
    tcase_add_loop_test(tc, a_player_without_small_goats_marks_nothing_more_under_ten, 0, 2);
    tcase_add_test(tc, a_card_no_reminder_goat_waits_for_appears_unmarked_under_reserve);
    tcase_add_test(tc, reminders_of_two_types_print_as_one_list_and_read_back);
    suite_add_tcase(s, tc);

    tc = tcase_create("dog");
    tcase_add_loop_test(tc, a_dog_swaps_an_own_card_with_a_neutral_card_in_one_line, 0, 2);
    tcase_add_test(tc, a_swap_with_an_opponents_card_needs_the_opponents_agreement);
    tcase_add_loop_test(tc, a_dog_may_move_an_own_card_to_an_empty_place, 0, 2);
    tcase_add_test(tc, dog_readings_pass_and_own_cards);
    suite_add_tcase(s, tc);

    tc = tcase_create("end");
    tcase_add_loop_test(tc, taking_the_last_card_of_a_line_ends_the_game, 0, 2);
    tcase_add_loop_test(tc, an_emptied_column_ends_the_game_only_when_columns_count_as_lines, 0, 2);
    tcase_add_test(tc, no_takeable_card_beside_the_goat_ends_the_game);
    tcase_add_test(tc, a_marked_line_not_beside_the_goat_does_not_end_the_game);
    tcase_add_loop_test(tc, end_timing_decides_whether_the_last_turn_is_scored, 0, 2);
    tcase_add_loop_test(tc, a_dog_move_that_empties_a_line_ends_the_game_only_under_ends, 0, 2);
    suite_add_tcase(s, tc);

    tc = tcase_create("final");
    tcase_add_test(tc, only_own_marked_meadow_cards_score_their_value);
    tcase_add_loop_test(tc, cards_at_the_stable_or_connected_to_it_score_double, 0, 2);
    tcase_add_test(tc, an_outside_stable_doubles_from_the_card_it_touches);
    tcase_add_loop_test(tc, most_milk_scores_its_sum_second_scores_half, 0, 2);
    tcase_add_test(tc, milk_ranked_by_count_or_by_sum);
    tcase_add_loop_test(tc, second_place_gets_half_of_its_own_or_of_the_leaders_milk, 0, 2);
    tcase_add_loop_test(tc, tied_milk_players_each_get_the_full_or_a_shared_payout, 0, 2);
    tcase_add_loop_test(tc, a_tie_for_first_pays_the_first_payout_or_both_payouts, 0, 4);
    tcase_add_test(tc, the_most_points_win_and_equal_top_scores_all_win);
    tcase_add_test(tc, the_winners_are_seats_whatever_the_scores_buffer_holds_past_them);
    suite_add_tcase(s, tc);

    tc = tcase_create("hidden information");
    tcase_add_test(tc, determinize_redeals_the_unseen_cards_and_keeps_every_seen_one);
    tcase_add_test(tc, determinize_leaves_the_redraw_seat_a_dog_and_the_seats_before_it_none);
    tcase_add_test(tc, determinize_keeps_in_the_pile_the_cards_reminder_goats_wait_for);
    tcase_add_loop_test(tc, determinize_redeals_at_every_player_count, 0, 4);
    tcase_add_test(tc, determinize_shuffles_a_pile_of_all_121_cards);
    tcase_add_test(tc, determinize_gives_up_after_64_deals_that_break_a_reminder);
    tcase_add_test(tc, determinize_falls_back_with_all_121_cards_hidden);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(rules_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
