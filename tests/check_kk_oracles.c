/* check_kk_oracles.c: Check suite proving that every oracle (GEN- and KK- clauses) fires on a wrong transition. */
#include <stddef.h>
#include "testutil_kk.h"

/* Each test builds a correct transition with the engine, shows that the oracles accept it
 * (and that its clause saw the rule take effect), then breaks the transition in the one way
 * the clause forbids, keeping the rest coherent (every card still once), and shows that the
 * clause reports it. inv_kk.c checks a step's clauses in the order the rules run and stops at
 * the first failing one; each wrong transition below is built so that its own clause is the
 * first to disagree. The generic clauses are proven against a copy of kk_engine with one
 * faulty function. */

static const game_engine *G = &kk_engine;
static inv_ctx ctx;

#define DE (kk_engine.profiles[0].readings)

/* ---- Transitions and verdicts ------------------------------------------------------ */

/* One transition: the state before, the move, the state after. */
typedef struct { kk_state pre, post; game_move m; } trans;

/* Apply `move` (it must be legal) with engine g; *st advances, the transition is returned. */
static trans step_by(const game_engine *g, kk_state *st, const char *move)
{
    trans t;
    t.pre = *st;
    ck_assert_msg(g->move_parse(st, move, &t.m) == GAME_OK, "cannot parse '%s'", move);
    ck_assert_msg(g->apply(st, &t.m) == GAME_OK, "move '%s' was rejected", move);
    t.post = *st;
    return t;
}

static trans step(kk_state *st, const char *move) { return step_by(G, st, move); }

static void caught(int k) { tu_caught(&ctx, k); }
static void clean(const char *id, int fired) { tu_clean(&ctx, id, fired); }

static void judge(const trans *t)
{
    inv_reset_counts(&ctx);
    inv_on_step(&ctx, &t->pre, &t->m, &t->post);
}

/* The oracles accept the engine's transition, and clause `id` saw its rule take effect. */
static void accepts(const trans *t, const char *id) { judge(t); clean(id, 1); }
/* The oracles accept the engine's transition (clause `id` applied, need not fire). */
static void silent(const trans *t, const char *id) { judge(t); clean(id, 0); }
/* Clause `id` reports the transition (the wrong state still counts every card once). */
static void rejects(const trans *t, const char *id)
{
    ck_assert_msg(tu_kk_count_ok(&t->post), "the test's wrong state loses or doubles a card");
    judge(t);
    caught(tu_clause(&ctx, id));
}

/* ---- Building states --------------------------------------------------------------------- */

static int card(const char *name) { return tu_kk_card(name); }
static int cell(const char *name) { return tu_kk_cell(name); }

/* A fresh 3-player deal (de readings), with a context holding every oracle. */
static void deal(kk_state *st)
{
    tu_kk_deal(st, 3, DE, 11);
    ck_assert_int_eq(inv_init(&ctx, G, INV_GEN_ALL), 0);
}

/* The deal with a known council (the ring of 12, low votes, no card colour-F) and P1 holding
 * yF2 oF3 rF4 bF2: placing any of them on b2 scores 3..5 votes in column b and row 2, and
 * nothing matches, so nothing is taken. */
static void base(kk_state *st, const char *council)
{
    deal(st);
    tu_kk_set_council(st, council ? council
                      : "yC1 oS1 rC2 pS2 / bC1 . . gS1 / yS1 . . oC1 / rS1 pC1 bS1 gC1");
    tu_kk_set_hand(st, 0, "yF2 oF3 rF4 bF2");
    ck_assert(tu_kk_count_ok(st));
}

/* Take card id out of seat p's hand (the rest stays ascending), or put it in. */
static void hand_out(kk_state *st, int p, int id)
{
    int j = 0;
    while (j < KK_HAND && st->hand[p][j] != id) j++;
    ck_assert_msg(j < KK_HAND, "card %d is not in P%d's hand", id, p + 1);
    st->hand[p][j] = KK_NONE;
    tu_kk_sort_hand(st, p);
}

static void hand_in(kk_state *st, int p, int id)
{
    int j = tu_kk_hand_count(st, p);
    ck_assert_int_lt(j, KK_HAND);
    st->hand[p][j] = (uint8_t)id;
    tu_kk_sort_hand(st, p);
}

/* Take the top card of pile i, or lay a card on top of it. */
static int pile_off(kk_state *st, int i)
{
    ck_assert_int_gt(st->pile_len[i], 0);
    int id = st->pile[i][--st->pile_len[i]];
    st->pile[i][st->pile_len[i]] = 0;
    return id;
}

static void pile_on(kk_state *st, int i, int id)
{
    ck_assert_int_lt(st->pile_len[i], KK_PILE_MAX);
    st->pile[i][st->pile_len[i]++] = (uint8_t)id;
}

/* P1 places yF2 on b2 (no take): phase DRAW, both piles holding cards. */
static trans plain_place(kk_state *st)
{
    base(st, NULL);
    trans t = step(st, "place yF2 b2");
    ck_assert_int_eq(t.post.phase, KK_PH_DRAW);
    return t;
}

/* ... and draws from pile `pile` (nothing to refill: 3 places free): P2's turn. */
static trans plain_turn(kk_state *st, const char *draw)
{
    plain_place(st);
    trans t = step(st, draw);
    ck_assert_int_eq(t.post.turn, 1);
    ck_assert_int_eq(t.post.phase, KK_PH_PLACE);
    return t;
}

/* P1 places gC5 on b2. Row 2 runs a2-b2 = gF5 + gC5 = 10 votes: it convinces, and P1 takes
 * gF5 (colour) and oC1 at d2 (breed, beyond the free c2). Column b runs b1-b2 = 6 votes: gS1
 * at b4 matches but stays. Five places are free; P1 must choose a pile. */
static trans convincing_row(kk_state *st)
{
    base(st, "yC1 oS1 rC2 pS2 / gF5 . . oC1 / yS1 . . bS1 / rS1 gS1 bF2 pF2");
    tu_kk_set_hand(st, 0, "gC5 yF2 oF3 rF4");
    trans t = step(st, "place gC5 b2");
    ck_assert_int_eq(t.post.terr[0][card("gF5")], 1);
    ck_assert_int_eq(t.post.terr[0][card("oC1")], 1);
    ck_assert_int_eq(t.post.council[cell("b4")], card("gS1"));
    ck_assert_int_eq(tu_kk_free_places(&t.post), 5);
    ck_assert_int_eq(t.post.phase, KK_PH_DRAW);
    return t;
}

/* The last round: both piles empty, `left` turns to go; P1 places yF2 on b2 (no take). */
static trans last_round_place(kk_state *st, int left)
{
    base(st, NULL);
    tu_kk_clear_pile(st, 0);
    tu_kk_clear_pile(st, 1);
    st->last_left = (uint8_t)left;
    return step(st, "place yF2 b2");
}

/* ---- Setup ------------------------------------------------------------------------------ */

static void setup_judge(const kk_state *st)
{
    ck_assert_msg(tu_kk_count_ok(st), "the test's deal loses or doubles a card");
    inv_reset_counts(&ctx);
    inv_on_setup(&ctx, st);
}

/* KK-CARDS-72 */
START_TEST(cards72_oracle_fires_when_the_drawn_card_also_stays_on_the_pile)
{
    kk_state st;
    trans t = plain_turn(&st, "draw left");
    accepts(&t, "KK-CARDS-72");
    pile_on(&t.post, 0, t.pre.pile[0][t.pre.pile_len[0] - 1]);   /* in the hand and on the pile */
    judge(&t);
    caught(tu_clause(&ctx, "KK-CARDS-72"));
}
END_TEST

/* KK-TURN-PLACE before KK-CARDS-72: the same placement with yF2 left in P1's hand too breaks both;
 * the step's own clause is checked first, so the failure is named under KK-TURN-PLACE, and the
 * count still sees the card twice. */
START_TEST(a_card_doubled_by_a_placement_is_named_under_turn_place_before_the_card_count)
{
    kk_state st;
    trans t = plain_place(&st);
    memcpy(t.post.hand[0], t.pre.hand[0], sizeof t.post.hand[0]);
    ck_assert_int_eq(inv_init(&ctx, G, 0), 0);   /* the game's clauses alone: GEN-DETERMINISM would see
                                                  * a post that apply does not give */
    judge(&t);
    ck_assert_msg(!strcmp(tu_first_id(&ctx), "KK-TURN-PLACE"), "first: %s: %s", tu_first_id(&ctx), ctx.first_msg);
    caught(tu_clause(&ctx, "KK-CARDS-72"));
    ck_assert_int_eq(inv_init(&ctx, G, INV_GEN_ALL), 0);
}
END_TEST

/* KK-SETUP-PLAYERS */
START_TEST(players_oracle_fires_when_a_deal_has_one_player)
{
    kk_state st;
    deal(&st);
    setup_judge(&st);
    clean("KK-SETUP-PLAYERS", 1);
    st.players = 1;                            /* P2 and P3 are left out of the game */
    inv_reset_counts(&ctx);
    ctx.og->check_setup(&ctx, ctx.k_game, &st);
    caught(tu_clause(&ctx, "KK-SETUP-PLAYERS"));
}
END_TEST

/* KK-SETUP-REMOVAL */
START_TEST(removal_oracle_fires_when_a_card_of_the_box_is_dealt_into_a_pile)
{
    kk_state st;
    deal(&st);
    setup_judge(&st);
    clean("KK-SETUP-REMOVAL", 1);
    int id = 0;
    while (!st.box[id]) id++;
    st.box[id] = 0;                            /* 11 cards removed instead of 12 */
    pile_on(&st, 0, id);
    setup_judge(&st);
    caught(tu_clause(&ctx, "KK-SETUP-REMOVAL"));
}
END_TEST

/* KK-SETUP-HANDS */
START_TEST(hands_oracle_fires_when_a_player_is_dealt_three_cards)
{
    kk_state st;
    deal(&st);
    setup_judge(&st);
    clean("KK-SETUP-HANDS", 1);
    int id = st.hand[1][KK_HAND - 1];          /* P2's fourth card stays on the left pile */
    hand_out(&st, 1, id);
    pile_on(&st, 0, id);
    setup_judge(&st);
    caught(tu_clause(&ctx, "KK-SETUP-HANDS"));
}
END_TEST

/* KK-SETUP-COUNCIL */
START_TEST(council_oracle_fires_when_a_ring_card_is_dealt_onto_an_inner_place)
{
    kk_state st;
    deal(&st);
    setup_judge(&st);
    clean("KK-SETUP-COUNCIL", 1);
    st.council[cell("b2")] = st.council[cell("a1")];   /* 12 council cards, one inside */
    st.council[cell("a1")] = KK_NONE;
    setup_judge(&st);
    caught(tu_clause(&ctx, "KK-SETUP-COUNCIL"));
}
END_TEST

/* KK-SETUP-PILES */
START_TEST(piles_oracle_fires_when_the_piles_are_split_17_and_19)
{
    kk_state st;
    deal(&st);
    setup_judge(&st);
    clean("KK-SETUP-PILES", 1);
    ck_assert_int_eq(st.pile_len[0], 18);
    ck_assert_int_eq(st.pile_len[1], 18);
    pile_on(&st, 1, pile_off(&st, 0));
    setup_judge(&st);
    caught(tu_clause(&ctx, "KK-SETUP-PILES"));
}
END_TEST

/* ---- Turn ----------------------------------------------------------------------------------- */

/* KK-TURN-ORDER */
START_TEST(turn_order_oracle_fires_when_a_seat_is_skipped)
{
    kk_state st;
    trans t = plain_turn(&st, "draw left");
    accepts(&t, "KK-TURN-ORDER");
    t.post.turn = 2;                           /* P3 instead of P2 */
    rejects(&t, "KK-TURN-ORDER");
}
END_TEST

/* KK-TURN-GIVE: "noch kein Revier in dieser Farbe vor sich ausliegen hat" is read on the table as it
 * lies: the oracle accepts a colour going back to the seat that gave it away, and fires when the
 * receiver holds the colour now. */
START_TEST(give_oracle_accepts_a_colour_going_back_to_its_giver)
{
    kk_state st;
    base(&st, NULL);
    st.turns = 3;                              /* the second round */
    tu_kk_put_terr(&st, "gC5", 0);
    trans t = step(&st, "give g P2");          /* P1 gives green away */
    accepts(&t, "KK-TURN-GIVE");
    st = t.post;
    st.turn = 1;                               /* P2's turn: green goes back to P1 */
    st.turns = 4;
    st.gave = 0;
    t = step(&st, "give g P1");
    accepts(&t, "KK-TURN-GIVE");
    ck_assert_int_eq(t.post.terr[0][card("gC5")], 1);
    ck_assert_int_eq(t.pre.council[cell("d2")], card("gS1"));
    t.pre.council[cell("d2")] = t.post.council[cell("d2")] = KK_NONE;
    t.pre.terr[0][card("gS1")] = t.post.terr[0][card("gS1")] = 1;   /* P1 holds green now: no give to P1 */
    rejects(&t, "KK-TURN-GIVE");
}
END_TEST

/* KK-TURN-GIVE */
START_TEST(give_oracle_fires_when_a_card_of_the_colour_stays_behind)
{
    kk_state st;
    base(&st, NULL);
    st.turns = 3;                              /* the second round */
    tu_kk_put_terr(&st, "gC5", 0);
    tu_kk_put_terr(&st, "gS2", 0);
    trans t = step(&st, "give g P2");
    ck_assert_int_eq(t.post.terr[1][card("gS2")], 1);
    accepts(&t, "KK-TURN-GIVE");
    t.post.terr[1][card("gS2")] = 0;           /* P2 gets gC5 only */
    t.post.terr[0][card("gS2")] = 1;
    rejects(&t, "KK-TURN-GIVE");
}
END_TEST

/* KK-TURN-PLACE */
START_TEST(place_oracle_fires_when_a_second_hand_card_is_laid_too)
{
    kk_state st;
    trans t = plain_place(&st);
    accepts(&t, "KK-TURN-PLACE");
    hand_out(&t.post, 0, card("oF3"));         /* oF3 goes onto c2 in the same move */
    t.post.council[cell("c2")] = (uint8_t)card("oF3");
    rejects(&t, "KK-TURN-PLACE");
}
END_TEST

/* KK-TURN-PLACE: a placement ends a run of turns without one; a placement that leaves 'passes' at 1
 * (the turn before passed) is named under KK-TURN-PLACE. */
START_TEST(place_oracle_fires_when_a_placement_leaves_the_pass_count)
{
    kk_state st;
    trans t = plain_place(&st);
    t.post.passes = 1;
    ck_assert_int_eq(inv_init(&ctx, G, 0), 0);   /* the game's clauses alone: GEN-DETERMINISM would see
                                                  * a post that apply does not give */
    judge(&t);
    ck_assert_msg(!strcmp(tu_first_id(&ctx), "KK-TURN-PLACE"), "first: %s: %s", tu_first_id(&ctx), ctx.first_msg);
    ck_assert_int_eq(inv_init(&ctx, G, INV_GEN_ALL), 0);
}
END_TEST

/* KK-TURN-PLACE: a pass the engine accepts while P1 could place ("a seat that can place must") is
 * named under KK-TURN-PLACE, the clause that forbids it. */
START_TEST(place_oracle_fires_when_a_pass_is_accepted_though_a_place_exists)
{
    kk_state st;
    base(&st, NULL);
    trans t;
    t.pre = st;
    ck_assert(!tu_kk_legal(&st, "pass"));
    ck_assert_int_eq(G->move_parse(&st, "pass", &t.m), GAME_OK);
    t.post = st;                               /* what a pass would do: nothing drawn, P2's turn */
    t.post.turn = 1;
    t.post.turns = 1;
    t.post.passes = 1;
    ck_assert_int_eq(inv_init(&ctx, G, 0), 0);   /* the game's oracles alone (apply rejects the pass) */
    rejects(&t, "KK-TURN-PLACE");
    ck_assert_str_eq(tu_first_id(&ctx), "KK-TURN-PLACE");
    ck_assert_msg(strstr(ctx.first_msg, "passed with hand") != NULL, "%s", ctx.first_msg);
}
END_TEST

/* ---- Taking and crisis ----------------------------------------------------------------------- */

/* Move the council card at `at` into seat p's territories, or back. */
static void council_to_terr(kk_state *st, const char *at, int p)
{
    int c = cell(at), id = st->council[c];
    ck_assert_int_ne(id, KK_NONE);
    st->terr[p][id] = 1;
    st->council[c] = KK_NONE;
}

static void terr_to_council(kk_state *st, int p, const char *name, const char *at)
{
    int id = card(name), c = cell(at);
    ck_assert_int_eq(st->terr[p][id], 1);
    ck_assert_int_eq(st->council[c], KK_NONE);
    st->terr[p][id] = 0;
    st->council[c] = (uint8_t)id;
}

/* KK-TAKE-RUN */
START_TEST(take_run_oracle_fires_when_a_match_is_taken_from_an_unconvinced_column)
{
    kk_state st;
    trans t = convincing_row(&st);
    accepts(&t, "KK-TAKE-RUN");
    council_to_terr(&t.post, "b4", 0);         /* gS1 taken although column b has 6 votes */
    rejects(&t, "KK-TAKE-RUN");
}
END_TEST

/* KK-TAKE-MATCH */
START_TEST(take_match_oracle_fires_when_a_match_beyond_a_free_place_stays)
{
    kk_state st;
    trans t = convincing_row(&st);
    accepts(&t, "KK-TAKE-MATCH");
    terr_to_council(&t.post, 0, "oC1", "d2");  /* the row convinced, but oC1 stays behind c2 */
    rejects(&t, "KK-TAKE-MATCH");
}
END_TEST

/* KK-CRISIS */
START_TEST(crisis_oracle_fires_when_a_card_of_another_colour_and_breed_stays)
{
    kk_state st;
    /* c3 is the last free place. gF2 there: column c 2+2+2+3 = 9 votes, row 3 1+1+2+2 = 6:
     * nothing convinces, so the crisis takes every card of neither green nor Bulldogge from
     * column c and row 3: rC2 yC2 rS1 pC1 bS2; bF3 (a Bulldogge) stays. */
    base(&st, "yC1 oS1 rC2 pS2 / bC1 gS1 yC2 oS2 / rS1 pC1 . bS2 / gC1 yS1 bF3 oC2");
    tu_kk_set_hand(&st, 0, "gF2 yF2 oF3 rF4");
    trans t = step(&st, "place gF2 c3");
    ck_assert_int_eq(t.post.terr[0][card("rS1")], 1);
    ck_assert_int_eq(t.post.council[cell("c4")], card("bF3"));
    accepts(&t, "KK-CRISIS");
    terr_to_council(&t.post, 0, "rS1", "a3");  /* rS1 (red Zwergspitz) left in row 3 */
    rejects(&t, "KK-CRISIS");
}
END_TEST

/* KK-CRISIS KK-AMB-CRISIS-EMPTY: a crisis that takes nothing (every other card of column b and
 * row 2 shares oC1's colour or breed) ends the game with its turn, after the turn's draw, "Am
 * Ende des Zuges sind die Handkarten wieder auf 4 zu ergänzen": the engine stops at the draw with
 * ending 1, then ends the game. An engine that ends the game at once, with the mover's hand one
 * card short, is reported; so is one that plays on after the draw. */
START_TEST(crisis_oracle_fires_when_an_empty_crisis_ends_the_game_before_the_draw)
{
    kk_state st;
    base(&st, "yF5 oS1 rF3 gF3 / rC1 . oS2 gC2 / pS5 yC2 bF5 gS1 / rC2 oF2 pF4 bS2");
    tu_kk_set_hand(&st, 0, "oC1 yS4 yS2 bF4");
    ck_assert(tu_kk_count_ok(&st));
    trans t = step(&st, "place oC1 b2");
    ck_assert_int_eq(t.post.phase, KK_PH_DRAW);
    ck_assert_int_eq(t.post.ending, 1);
    accepts(&t, "KK-CRISIS");
    trans d = step(&st, "draw left");
    ck_assert_int_eq(d.post.phase, KK_PH_OVER);
    accepts(&d, "KK-CRISIS");
    /* the old engine: over at once, no draw, the three hand cards left to the territories */
    for (int q = 0; q < 3; q++)
        for (int j = 0; j < KK_HAND; j++)
            if (t.post.hand[q][j] != KK_NONE) { t.post.terr[q][t.post.hand[q][j]] = 1; t.post.hand[q][j] = KK_NONE; }
    t.post.phase = KK_PH_OVER;
    rejects(&t, "KK-CRISIS");
    /* after the draw the game must end: an engine that passes the turn on is reported */
    kk_state on = d.pre;
    on.ending = 0;
    ck_assert_int_eq(G->apply(&on, &d.m), GAME_OK);
    ck_assert_int_eq(on.phase, KK_PH_PLACE);
    on.ending = 0;
    d.post = on;
    rejects(&d, "KK-CRISIS");
}
END_TEST

/* ---- Drawing and refilling ---------------------------------------------------------------------- */

/* KK-DRAW */
START_TEST(draw_oracle_fires_when_the_card_comes_from_the_other_pile)
{
    kk_state st;
    trans t = plain_turn(&st, "draw right");
    accepts(&t, "KK-DRAW");
    int right = t.pre.pile[1][t.pre.pile_len[1] - 1];
    hand_out(&t.post, 0, right);               /* P1 got the left top; the right top stays */
    pile_on(&t.post, 1, right);
    hand_in(&t.post, 0, pile_off(&t.post, 0));
    rejects(&t, "KK-DRAW");
}
END_TEST

/* KK-REFILL */
START_TEST(refill_oracle_fires_when_the_card_skips_the_first_free_place)
{
    kk_state st;
    convincing_row(&st);
    trans t = step(&st, "draw left");          /* 5 places free: one refill card, onto a2 */
    ck_assert_int_ne(t.post.council[cell("a2")], KK_NONE);
    ck_assert_int_eq(t.post.council[cell("c2")], KK_NONE);
    accepts(&t, "KK-REFILL");
    t.post.council[cell("c2")] = t.post.council[cell("a2")];
    t.post.council[cell("a2")] = KK_NONE;
    rejects(&t, "KK-REFILL");
}
END_TEST

/* ---- End ------------------------------------------------------------------------------------------ */

/* KK-END-LASTROUND */
START_TEST(lastround_oracle_fires_when_emptying_the_piles_starts_no_last_round)
{
    kk_state st;
    base(&st, NULL);
    tu_kk_clear_pile(&st, 1);
    tu_kk_keep_pile(&st, 0, 1);                /* one card left: P1's draw empties both piles */
    trans t = step(&st, "place yF2 b2");
    ck_assert_int_eq(t.post.last_left, 3);
    accepts(&t, "KK-END-LASTROUND");
    t.post.last_left = KK_NONE;
    rejects(&t, "KK-END-LASTROUND");
}
END_TEST

/* KK-END-LASTROUND: the end is charged to the clause that caused it */
START_TEST(lastround_oracle_fires_when_the_game_goes_on_after_the_last_turn)
{
    kk_state st;
    trans t = last_round_place(&st, 1);
    ck_assert_int_eq(t.post.phase, KK_PH_OVER);
    accepts(&t, "KK-END-LASTROUND");
    kk_state more;                             /* the same move as if two turns were left */
    t.post = last_round_place(&more, 2).post;
    ck_assert_int_eq(t.post.phase, KK_PH_PLACE);
    rejects(&t, "KK-END-LASTROUND");
}
END_TEST

/* KK-END-HANDS */
START_TEST(end_hands_oracle_fires_when_a_hand_is_kept_at_the_end)
{
    kk_state st;
    trans t = last_round_place(&st, 1);
    accepts(&t, "KK-END-HANDS");
    for (int j = 0; j < KK_HAND; j++) {        /* P2's four cards stay in the hand */
        int id = t.pre.hand[1][j];
        ck_assert_int_eq(t.post.terr[1][id], 1);
        t.post.terr[1][id] = 0;
        t.post.hand[1][j] = (uint8_t)id;
    }
    rejects(&t, "KK-END-HANDS");
}
END_TEST

/* ---- Final scoring ------------------------------------------------------------------------------- */

/* A finished 3-player game: hands and territories empty; the test lays the territories. */
static void final_setup(kk_state *st)
{
    deal(st);
    for (int p = 0; p < st->players; p++) tu_kk_clear_hand(st, p);
    st->phase = KK_PH_OVER;
}

/* Lay the territory cards named in `list` (space-separated) in front of seat p. */
static void terr(kk_state *st, int p, const char *list)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *s = strtok(buf, " "); s; s = strtok(NULL, " ")) tu_kk_put_terr(st, s, p);
    ck_assert(tu_kk_count_ok(st));
}

/* The engine's result passes every final clause and clause `id` fires. */
static void final_accepts(const kk_state *st, const char *id, int *s, unsigned *w)
{
    ck_assert_int_eq(G->result(st, s, w), GAME_OK);
    inv_reset_counts(&ctx);
    inv_on_final(&ctx, st);
    clean(id, 1);
}

/* Clause `id` reports the scores (and winners) an engine might wrongly give. */
static void final_rejects(const kk_state *st, const char *id, const int *s, unsigned w)
{
    inv_reset_counts(&ctx);
    ctx.og->check_final(&ctx, ctx.k_game, st, s, w);
    caught(tu_clause(&ctx, id));
}

/* KK-FINAL-MAJORITY: the largest sum charged as penalty (a colour not secured but not charged
 * breaks KK-FINAL-OPEN instead, tested below) */
START_TEST(majority_oracle_fires_when_the_largest_green_sum_is_charged)
{
    kk_state st;
    final_setup(&st);
    terr(&st, 0, "gC5 gS2");                   /* green 7: P1 secures green */
    terr(&st, 1, "gF3");                       /* green 3: penalty 3 */
    terr(&st, 2, "yC1");
    int s[GAME_MAX_PLAYERS]; unsigned w;
    final_accepts(&st, "KK-FINAL-MAJORITY", s, &w);
    ck_assert_int_eq(s[0], 0);
    s[0] = 7;                                  /* P1's 7 green votes counted against it */
    final_rejects(&st, "KK-FINAL-MAJORITY", s, 1u << 2);
}
END_TEST

/* KK-FINAL-OPEN */
START_TEST(open_oracle_fires_when_the_smaller_green_sum_also_secures)
{
    kk_state st;
    final_setup(&st);
    terr(&st, 0, "gC5 gS2");                   /* green 7: P1 secures green */
    terr(&st, 1, "gF3");                       /* green 3: penalty 3 */
    terr(&st, 2, "yC1");
    int s[GAME_MAX_PLAYERS]; unsigned w;
    final_accepts(&st, "KK-FINAL-OPEN", s, &w);
    ck_assert_int_eq(s[1], 3);
    ck_assert_uint_eq(w, (1u << 0) | (1u << 2));
    s[1] = 0;                                  /* P2's 3 votes secure green as well */
    final_rejects(&st, "KK-FINAL-OPEN", s, 7u);
}
END_TEST

/* KK-FINAL-TIE */
START_TEST(tie_oracle_fires_when_a_tie_secures_for_nobody)
{
    kk_state st;
    final_setup(&st);
    terr(&st, 0, "gC5");
    terr(&st, 1, "gS5");                       /* green 5 each: both secure */
    terr(&st, 2, "yC1");
    int s[GAME_MAX_PLAYERS]; unsigned w;
    final_accepts(&st, "KK-FINAL-TIE", s, &w);
    ck_assert_int_eq(s[0], 0);
    ck_assert_int_eq(s[1], 0);
    s[0] = s[1] = 5;
    final_rejects(&st, "KK-FINAL-TIE", s, 1u << 2);
}
END_TEST

/* KK-FINAL-PENALTY: a total that no colour's votes explain is the sum itself gone wrong (a secured
 * colour counted as penalty breaks KK-FINAL-MAJORITY instead, tested above) */
START_TEST(penalty_oracle_fires_when_the_unsecured_votes_are_miscounted)
{
    kk_state st;
    final_setup(&st);
    terr(&st, 0, "gC5 yF2");                   /* green secured, yellow lost to P3: penalty 2 */
    terr(&st, 1, "rC1");
    terr(&st, 2, "yS4");
    int s[GAME_MAX_PLAYERS]; unsigned w;
    final_accepts(&st, "KK-FINAL-PENALTY", s, &w);
    ck_assert_int_eq(s[0], 2);
    s[0] = 3;                                  /* yF2 counted as 3 */
    final_rejects(&st, "KK-FINAL-PENALTY", s, (1u << 1) | (1u << 2));
}
END_TEST

/* KK-FINAL-WINNER */
START_TEST(winner_oracle_fires_when_one_of_two_equal_low_scores_is_dropped)
{
    kk_state st;
    final_setup(&st);
    terr(&st, 0, "gC5");
    terr(&st, 1, "yC1");
    terr(&st, 2, "gS2");
    int s[GAME_MAX_PLAYERS]; unsigned w;
    final_accepts(&st, "KK-FINAL-WINNER", s, &w);
    ck_assert_uint_eq(w, (1u << 0) | (1u << 1));   /* penalty-tie=shared */
    final_rejects(&st, "KK-FINAL-WINNER", s, 1u << 0);
}
END_TEST

/* KK-FINAL-WINNER KK-FINAL-TIE: a wrong winners mask is named under the clause that decides it.
 * P1 and P2 tie for green and both secure it; P3 secures yellow; all score 0, and all three win
 * (penalty-tie=shared). An engine that names P3 alone, as if the tied green secured for nobody
 * (P1 and P2 then no candidates), breaks KK-FINAL-TIE; one that names P1 alone breaks
 * KK-FINAL-WINNER. */
START_TEST(winner_oracle_names_a_wrong_winner_under_the_tie_or_the_winner_clause)
{
    kk_state st;
    final_setup(&st);
    terr(&st, 0, "gC5");
    terr(&st, 1, "gS5");
    terr(&st, 2, "yC1");
    int s[GAME_MAX_PLAYERS]; unsigned w;
    final_accepts(&st, "KK-FINAL-WINNER", s, &w);
    ck_assert_uint_eq(w, 7u);
    ck_assert_uint_gt(ctx.count[tu_clause(&ctx, "KK-FINAL-WINNER")].cases[1], 0);   /* tie-shared */
    final_rejects(&st, "KK-FINAL-TIE", s, 1u << 2);
    ck_assert_str_eq(tu_first_id(&ctx), "KK-FINAL-TIE");
    final_rejects(&st, "KK-FINAL-WINNER", s, 1u << 0);
    ck_assert_str_eq(tu_first_id(&ctx), "KK-FINAL-WINNER");
}
END_TEST

/* ---- Conformance: kk_engine with one faulty function ----------------------------------- */

static game_engine broken;   /* a copy of kk_engine (same name: the kk oracles apply) */
static unsigned calls;       /* the faulty wrapper's own call counter */
static int variant;          /* which fault a wrapper with several plays */

static void break_engine(void)
{
    broken = kk_engine;
    calls = 0;
}

/* Judge t with the broken engine as the context's engine. */
static void broken_rejects(const trans *t, const char *id)
{
    ck_assert_int_eq(inv_init(&ctx, &broken, INV_GEN_ALL), 0);
    judge(t);
    caught(tu_clause(&ctx, id));
}

/* The same with the game's clause oracles left out: a generic oracle's own message is the first one
 * (the clauses judge a step's post state before GEN-HIDDEN-INFO does). */
static void broken_rejects_generic(const trans *t, const char *id)
{
    static inv_game generic_only;
    ck_assert_int_eq(inv_init(&ctx, &broken, INV_GEN_ALL), 0);
    generic_only = *ctx.og;
    generic_only.check_step = NULL;
    ctx.og = &generic_only;
    judge(t);
    caught(tu_clause(&ctx, id));
}

/* Every other successful apply miscounts the turns played. */
static int apply_flaky(void *st, const game_move *m)
{
    int rc = kk_engine.apply(st, m);
    if (rc == GAME_OK && calls++ % 2) ((kk_state *)st)->turns ^= 1;
    return rc;
}

/* The position text without its last field (variant 0), or with the piles printed the wrong
 * way round (1: it still parses, into another state). */
static int print_lossy(const void *st, char *buf, size_t n)
{
    if (variant == 1) {
        kk_state x = *(const kk_state *)st;
        memcpy(x.pile[0], ((const kk_state *)st)->pile[1], KK_PILE_MAX);
        memcpy(x.pile[1], ((const kk_state *)st)->pile[0], KK_PILE_MAX);
        x.pile_len[0] = ((const kk_state *)st)->pile_len[1];
        x.pile_len[1] = ((const kk_state *)st)->pile_len[0];
        return kk_engine.position_print(&x, buf, n);
    }
    int len = kk_engine.position_print(st, buf, n);
    char *r = len >= 0 ? strrchr(buf, ';') : NULL;
    if (!r) return len;
    *r = 0;
    return (int)(r - buf);
}

/* A place prints the place one row further down. */
static int print_place_misplaced(const void *st, const game_move *m, char *buf, size_t n)
{
    game_move x = *m;
    if (x.kind == KK_MV_PLACE) x.b = (uint8_t)((x.b + 4) % KK_CELLS);
    return kk_engine.move_print(st, &x, buf, n);
}

/* In phase PLACE the list also offers a card the player does not hold. */
static int legal_with_a_card_not_in_hand(const void *vst, game_move *out, int max)
{
    const kk_state *st = vst;
    int k = kk_engine.legal_moves(vst, out, max);
    if (st->phase != KK_PH_PLACE || k >= max || k == 0) return k;
    for (int id = 0; id < KK_CARDS; id++) {
        int held = 0;
        for (int j = 0; j < KK_HAND; j++) held |= st->hand[st->turn][j] == id;
        if (held) continue;
        for (int i = 0; i < k; i++)
            if (out[i].kind == KK_MV_PLACE) {
                out[k] = out[i];
                out[k].a = (uint8_t)id;
                return k + 1;
            }
        return k;
    }
    return k;
}

/* An illegal move is rejected after counting a pass (variant 0), or is reported as done
 * without doing anything (variant 1). */
static int apply_sloppy_reject(void *st, const game_move *m)
{
    int rc = kk_engine.apply(st, m);
    if (rc != GAME_ILLEGAL) return rc;
    if (variant == 1) return GAME_OK;
    ((kk_state *)st)->passes++;
    return rc;
}

/* The game looks over while a pile must be chosen. */
static int to_move_none_while_drawing(const void *vst)
{
    const kk_state *st = vst;
    return st->phase == KK_PH_DRAW ? -1 : kk_engine.to_move(vst);
}

/* In phase PLACE, the last move is dropped when the next seat holds a card of 5 votes. */
static int has_a_five(const kk_state *st, int p)
{
    for (int j = 0; j < KK_HAND; j++)
        if (st->hand[p][j] != KK_NONE && tu_kk_value(st->hand[p][j]) == 5) return 1;
    return 0;
}

static int legal_peeking_at_the_next_hand(const void *vst, game_move *out, int max)
{
    const kk_state *st = vst;
    int k = kk_engine.legal_moves(vst, out, max);
    if (st->phase == KK_PH_PLACE && k > 1 && has_a_five(st, (st->turn + 1) % st->players)) k--;
    return k;
}

/* Every seat's view shows the other hands with yellow backs only. */
static void redact_all_yellow(void *vst, int viewer)
{
    kk_engine.redact(vst, viewer);
    kk_state *st = vst;
    for (int p = 0; p < st->players; p++)
        for (int j = 0; j < KK_HAND && p != viewer; j++)
            if (st->hand[p][j] != KK_NONE) st->hand[p][j] = (uint8_t)(st->hand[p][j] % KK_PER);
}

/* KK-INFO-BACKS */
START_TEST(backs_oracle_fires_when_a_view_shows_the_wrong_colours)
{
    kk_state st;
    trans t = plain_place(&st);                /* P1 still holds oF3 rF4 bF2 */
    accepts(&t, "KK-INFO-BACKS");
    break_engine();
    broken.redact = redact_all_yellow;
    broken_rejects(&t, "KK-INFO-BACKS");
}
END_TEST

/* GEN-DETERMINISM */
START_TEST(determinism_oracle_fires_when_apply_gives_another_state_the_second_time)
{
    kk_state st, st2;
    base(&st, NULL);
    st2 = st;
    trans t = step(&st, "place yF2 b2");
    accepts(&t, "GEN-DETERMINISM");
    break_engine();
    broken.apply = apply_flaky;
    t = step_by(&broken, &st2, "place yF2 b2");   /* the first call is right, the oracle's is not */
    broken_rejects(&t, "GEN-DETERMINISM");
}
END_TEST

/* GEN-ROUNDTRIP */
START_TEST(roundtrip_oracle_fires_when_the_position_text_loses_a_field_or_swaps_the_piles)
{
    kk_state st;
    deal(&st);
    setup_judge(&st);
    clean("GEN-ROUNDTRIP", 1);
    break_engine();
    broken.position_print = print_lossy;
    variant = _i;
    ck_assert_int_eq(inv_init(&ctx, &broken, INV_GEN_ALL), 0);
    setup_judge(&st);
    caught(tu_clause(&ctx, "GEN-ROUNDTRIP"));
}
END_TEST

/* GEN-NOTATION */
START_TEST(notation_oracle_fires_when_a_place_prints_another_place)
{
    kk_state st;
    trans t = plain_place(&st);
    accepts(&t, "GEN-NOTATION");
    break_engine();
    broken.move_print = print_place_misplaced;
    broken_rejects(&t, "GEN-NOTATION");
}
END_TEST

/* GEN-LEGAL-APPLIES */
START_TEST(legal_applies_oracle_fires_when_legal_moves_lists_a_card_not_in_hand)
{
    kk_state st;
    trans t = plain_place(&st);
    accepts(&t, "GEN-LEGAL-APPLIES");
    break_engine();
    broken.legal_moves = legal_with_a_card_not_in_hand;
    broken_rejects(&t, "GEN-LEGAL-APPLIES");
}
END_TEST

/* GEN-REJECT-UNCHANGED */
START_TEST(reject_oracle_fires_when_an_unlisted_move_changes_the_state_or_is_accepted)
{
    kk_state st;
    trans t = plain_place(&st);
    accepts(&t, "GEN-REJECT-UNCHANGED");
    break_engine();
    broken.apply = apply_sloppy_reject;
    variant = _i;
    broken_rejects(&t, "GEN-REJECT-UNCHANGED");
}
END_TEST

/* GEN-REJECT-UNCHANGED (issue 36 point 4): an engine whose apply looks moves up by half their bytes
 * (game.h's game_move_eq broken so) takes a variant of a listed move in a byte it does not read; the
 * probes build their own variants of every listed move and compare them byte by byte, so they see it:
 * a variant of the played move (variant 0) or, with those refused, of another listed place (1). */
START_TEST(reject_oracle_fires_when_the_engine_compares_half_of_a_moves_bytes)
{
    kk_state st;
    trans t = plain_place(&st);
    accepts(&t, "GEN-REJECT-UNCHANGED");
    break_engine();
    tu_break_compare(&broken, &kk_engine, _i == 1 ? t.m.a : -1);
    broken_rejects(&t, "GEN-REJECT-UNCHANGED");
    ck_assert_int_eq(ctx.first_k, tu_clause(&ctx, "GEN-REJECT-UNCHANGED"));
    ck_assert_msg(strstr(ctx.first_msg, _i == 0 ? "'place yF2 b2' with byte" : "with byte") &&
                  strstr(ctx.first_msg, ") was accepted"), "%s", ctx.first_msg);
}
END_TEST

/* GEN-REFUSAL: a refused position with no reason (variant 0) or a reason over two lines (1). */
START_TEST(refusal_oracle_fires_when_a_refused_position_has_no_one_line_reason)
{
    kk_state st;
    deal(&st);
    setup_judge(&st);
    clean("GEN-REFUSAL", 1);
    break_engine();
    tu_break_reason(&broken, &kk_engine, _i);
    tu_deal_caught(&ctx, &broken, &st, "GEN-REFUSAL");
}
END_TEST

/* GEN-READINGS: two ambiguities named by one key, so the reading list no longer parses back. */
START_TEST(readings_oracle_fires_when_the_reading_list_does_not_parse_back)
{
    kk_state st;
    deal(&st);
    setup_judge(&st);
    clean("GEN-READINGS", 1);
    break_engine();
    tu_break_register(&broken, &kk_engine, TU_REG_KEY);
    tu_deal_caught(&ctx, &broken, &st, "GEN-READINGS");
}
END_TEST

/* GEN-RECORD: a record writer that writes a place four cells off (the engine's move_print, which the
 * record writer uses) gives a record of another game. */
START_TEST(record_oracle_fires_when_the_games_record_replays_to_another_game)
{
    kk_state st;
    trans t = plain_place(&st);
    break_engine();
    broken.move_print = print_place_misplaced;
    tu_record_check_caught(&ctx, G, &broken, &t.pre, &t.m, 1, &t.post);
}
END_TEST

/* GEN-TERMINAL */
START_TEST(terminal_oracle_fires_when_to_move_says_over_while_a_pile_must_be_chosen)
{
    kk_state st;
    trans t = plain_place(&st);
    silent(&t, "GEN-TERMINAL");                /* P1 must choose a pile: not over */
    kk_state last;
    trans end = last_round_place(&last, 1);
    accepts(&end, "GEN-TERMINAL");             /* the last turn of the last round: over */
    break_engine();
    broken.to_move = to_move_none_while_drawing;
    broken_rejects(&t, "GEN-TERMINAL");
}
END_TEST

/* GEN-HIDDEN-INFO */
START_TEST(hidden_info_oracle_fires_when_legal_moves_peek_at_another_hand)
{
    kk_state st;
    plain_place(&st);
    tu_kk_set_hand(&st, 2, "yC5 oC5 rC5 pC5");  /* P3 holds four 5s, which P2 cannot see */
    trans t = step(&st, "draw left");           /* P2 to place */
    ck_assert_int_eq(G->to_move(&t.post), 1);
    kk_state seen = t.post;
    G->redact(&seen, 1);
    ck_assert(!has_a_five(&seen, 2));           /* P2's view of P3's hand shows no 5 */
    accepts(&t, "GEN-HIDDEN-INFO");
    break_engine();
    broken.legal_moves = legal_peeking_at_the_next_hand;
    broken_rejects_generic(&t, "GEN-HIDDEN-INFO");
}
END_TEST


/* GEN-HIDDEN-INFO: the engine's determinize is judged by the oracle's own account of what P2 sees
 * (view_differs) and by KK-CARDS-72: a sample that gives P2 a card from under the left pile's top, or
 * lays P3's hand in descending order (every colour and card still there, but no game holds a hand so),
 * is reported: the first by GEN-HIDDEN-INFO, the second under KK-CARDS-72, the clause the sample breaks. */
START_TEST(hidden_info_oracle_fires_when_determinize_changes_p2s_hand_or_gives_an_unsorted_hand)
{
    kk_state st;
    plain_place(&st);
    trans t = step(&st, "draw left");           /* P2 to place */
    ck_assert_int_eq(G->to_move(&t.post), 1);
    ck_assert_int_gt(t.post.pile_len[0], 1);
    accepts(&t, "GEN-HIDDEN-INFO");
    break_engine();
    tu_break_determinize(&broken, TU_DET_DUP, offsetof(kk_state, hand[1][0]), offsetof(kk_state, pile[0][0]));
    broken_rejects_generic(&t, "GEN-HIDDEN-INFO");
    ck_assert_msg(strstr(ctx.first_msg, "determinize changed what P2 sees: P2's own hand"), "%s", ctx.first_msg);
    break_engine();
    tu_break_determinize(&broken, TU_DET_SWAP, offsetof(kk_state, hand[2][0]), offsetof(kk_state, hand[2][1]));
    broken_rejects(&t, "KK-CARDS-72");
    ck_assert_int_eq(ctx.first_k, tu_clause(&ctx, "KK-CARDS-72"));
    ck_assert_msg(strstr(ctx.first_msg, "determinize for P2 gives a position no game reaches (GEN-HIDDEN-INFO): KK-CARDS-72: P3's hand"),
                  "%s", ctx.first_msg);
}
END_TEST

/* GEN-HIDDEN-INFO: the view itself keeps what P2 sees (its hand, the backs' colours, the pile
 * tops' colours, the box's size, the cards in all) and hides the rest. */
START_TEST(hidden_info_oracle_fires_when_a_view_leaks_or_shows_other_backs)
{
    kk_state st;
    plain_place(&st);
    trans t = step(&st, "draw left");           /* P2 to place */
    ck_assert_int_eq(G->to_move(&t.post), 1);
    accepts(&t, "GEN-HIDDEN-INFO");
    break_engine();
    tu_break_redact(&broken, TU_LEAK, 0, sizeof t.post, 0);  /* no redaction: P1's and P3's hands show */
    broken_rejects_generic(&t, "GEN-HIDDEN-INFO");
    ck_assert_msg(strstr(ctx.first_msg, "leaks unseen cards"), "%s", ctx.first_msg);
    kk_state view = t.post;
    G->redact(&view, 1);
    int colour = KK_COLOUR(view.hand[2][0]), other = -1, in_box = -1, out_box = -1;
    for (int id = 0; id < KK_CARDS; id++) {
        if (other < 0 && KK_COLOUR(id) != colour) other = id;
        if (view.box[id] && in_box < 0) in_box = id;
        if (!view.box[id] && out_box < 0) out_box = id;
    }
    ck_assert(in_box >= 0 && out_box >= 0);
    /* P3's first card shows another colour: the council's first card's, or the pile's bottom card */
    size_t slot = offsetof(kk_state, hand[2][0]);
    for (int c = 0; c < KK_CELLS; c++)
        if (view.council[c] != KK_NONE && KK_COLOUR(view.council[c]) != colour) {
            break_engine();
            tu_break_redact(&broken, TU_DUP, slot, 1, offsetof(kk_state, council[c]));
            broken_rejects_generic(&t, "GEN-HIDDEN-INFO");
            ck_assert_msg(strstr(ctx.first_msg, "changes what P2 sees: the backs of P3's hand"), "%s", ctx.first_msg);
            break;
        }
    break_engine();                              /* the box one card fuller */
    tu_break_redact(&broken, TU_DUP, offsetof(kk_state, box) + (size_t)out_box, 1, offsetof(kk_state, box) + (size_t)in_box);
    broken_rejects_generic(&t, "GEN-HIDDEN-INFO");
    ck_assert_msg(strstr(ctx.first_msg, "changes what P2 sees: the box holds"), "%s", ctx.first_msg);
    break_engine();                              /* a card under the left top lost, the top's twin in its place */
    ck_assert_int_gt(view.pile_len[0], 2);
    tu_break_redact(&broken, TU_DUP, offsetof(kk_state, pile[0][0]), 1, offsetof(kk_state, pile[0][1]));
    broken_rejects_generic(&t, "GEN-HIDDEN-INFO");
    ck_assert_msg(strstr(ctx.first_msg, "changes what P2 sees: the unseen cards"), "%s", ctx.first_msg);
    break_engine();                              /* the left top shows another colour */
    int top = view.pile[0][view.pile_len[0] - 1];
    for (int c = 0; c < KK_CELLS; c++)
        if (view.council[c] != KK_NONE && KK_COLOUR(view.council[c]) != KK_COLOUR(top)) {
            tu_break_redact(&broken, TU_DUP, offsetof(kk_state, pile[0]) + view.pile_len[0] - 1u, 1, offsetof(kk_state, council[c]));
            broken_rejects_generic(&t, "GEN-HIDDEN-INFO");
            ck_assert_msg(strstr(ctx.first_msg, "the back of the left pile's top card"), "%s", ctx.first_msg);
            break;
        }
}
END_TEST

/* In the position after the move, legal_moves goes wrong in one way per variant (the table below
 * says which, and the clause that must report it). */
static int legal_wrong_set(const void *vst, game_move *out, int max)
{
    const kk_state *st = vst;
    int k = kk_engine.legal_moves(vst, out, max), drop = -1;
    for (int i = 0; i < k && drop < 0; i++)
        if ((variant == 0 && out[i].kind == KK_MV_DRAW && out[i].a == 1) || (variant == 2 && out[i].kind == KK_MV_PLACE) ||
            (variant == 3 && out[i].kind == KK_MV_GIVE)) drop = i;
    if (drop >= 0) {
        memmove(&out[drop], &out[drop + 1], sizeof *out * (size_t)(k - drop - 1));
        return k - 1;
    }
    if (k >= max) return k;
    game_move *x = &out[k];
    memset(x, 0, sizeof *x);
    switch (variant) {
    case 1: if (st->phase != KK_PH_DRAW) return k; x->kind = KK_MV_PASS; return k + 1;
    case 4: if (st->phase != KK_PH_PLACE) return k;                 /* P2 gives green to P1 in round 1 */
            x->kind = KK_MV_GIVE; x->a = (uint8_t)KK_COLOUR(tu_kk_card("gC5")); x->b = 0; return k + 1;
    case 5: if (st->phase != KK_PH_PLACE) return k;                 /* onto an occupied place */
            x->kind = KK_MV_PLACE; x->a = st->hand[st->turn][0]; x->b = (uint8_t)tu_kk_cell("a1"); return k + 1;
    case 6: if (st->phase != KK_PH_PLACE) return k; x->kind = KK_MV_DRAW; return k + 1;
    case 7: if (st->phase != KK_PH_OVER) return k; x->kind = KK_MV_PASS; return k + 1;
    case 8: if (k == 0) return k; *x = out[0]; return k + 1;        /* the first move listed twice */
    default: return k;
    }
}

/* P2 holds a green territory from the second round on: after P1's turn P2 may give it away. */
static trans give_ready(kk_state *st)
{
    base(st, NULL);
    st->turns = 3;
    tu_kk_put_terr(st, "gC5", 1);
    step(st, "place yF2 b2");
    trans t = step(st, "draw left");
    ck_assert(tu_kk_legal(&t.post, "give g P1"));
    return t;
}

/* KK-LEGAL-SET KK-TURN-GIVE KK-TURN-PLACE KK-DRAW KK-TURN-ORDER: a missing move is reported under
 * the clause that allows it, an extra one under the clause that forbids it ("legal moves: ..."
 * naming the move); KK-LEGAL-SET keeps only what no single clause explains (a move listed twice). */
START_TEST(legal_set_oracle_names_a_missing_or_extra_move_under_its_clause)
{
    static const struct { int on; const char *id, *move; } want[] = {
        {0, "KK-DRAW", "P1 draw right is missing"},            /* 0: forgets the right pile */
        {0, "KK-DRAW", "P1 pass is offered in phase DRAW"},    /* 1: a pass while a pile must be chosen */
        {1, "KK-TURN-PLACE", "place"},                          /* 2: forgets a place move */
        {2, "KK-TURN-GIVE", "P2 give g"},                       /* 3: forgets a give */
        {1, "KK-TURN-GIVE", "P2 give g P1 is offered"},         /* 4: a give in the first round */
        {1, "KK-TURN-PLACE", "a1 is offered"},                  /* 5: a place move onto a card */
        {1, "KK-TURN-PLACE", "P2 draw left is offered in phase PLACE"},   /* 6: a draw before placing */
        {3, "KK-TURN-ORDER", "pass is offered in phase OVER"},  /* 7: a move after the end */
        {1, "KK-LEGAL-SET", "listed twice"},                    /* 8: a move listed twice */
    };
    kk_state st, g, last;
    trans on[4];
    on[0] = plain_place(&st);                  /* post: P1 chooses a pile */
    on[1] = step(&st, "draw left");            /* post: P2 places, round 1 */
    on[2] = give_ready(&g);                    /* post: P2 may give green */
    on[3] = last_round_place(&last, 1);        /* post: the game is over */
    for (int i = 0; i < 4; i++) accepts(&on[i], "KK-LEGAL-SET");
    break_engine();
    broken.legal_moves = legal_wrong_set;
    variant = _i;
    ck_assert_int_eq(inv_init(&ctx, &broken, 0), 0);   /* the game's oracles alone */
    judge(&on[want[_i].on]);
    caught(tu_clause(&ctx, want[_i].id));
    ck_assert_str_eq(tu_first_id(&ctx), want[_i].id);
    ck_assert_msg(strncmp(ctx.first_msg, "legal moves: ", 13) == 0 && strstr(ctx.first_msg, want[_i].move),
                  "variant %d: %s", _i, ctx.first_msg);
}
END_TEST

/* Every clause the kk context checks has its test above: a new clause fails here until it has one. */
/* KK-TURN-ORDER KK-TURN-GIVE: a loaded position is judged too: the seat to play follows from the turns
 * played (P1 first), and a give belongs to a turn from the second round on. */
START_TEST(position_oracles_fire_on_a_seat_the_turns_do_not_lead_to_and_on_an_early_give)
{
    kk_state st;
    tu_kk_deal(&st, 3, DE, 4);
    inv_init(&ctx, G, 0);
    inv_reset_counts(&ctx);
    inv_on_position(&ctx, &st);
    clean("KK-TURN-ORDER", 0);
    clean("KK-TURN-GIVE", 0);
    kk_state bad = st;
    bad.turn = 1;                                   /* turns=0: P1's turn, not P2's */
    inv_reset_counts(&ctx);
    inv_on_position(&ctx, &bad);
    caught(tu_clause(&ctx, "KK-TURN-ORDER"));
    bad = st;
    bad.gave = 1;                                   /* a give in the first turn */
    inv_reset_counts(&ctx);
    inv_on_position(&ctx, &bad);
    caught(tu_clause(&ctx, "KK-TURN-GIVE"));
    bad.turns = 3;                                  /* the second round's first turn, P1's: a give is fine */
    inv_reset_counts(&ctx);
    inv_on_position(&ctx, &bad);
    clean("KK-TURN-GIVE", 0);
    bad.readings |= KK_R_LAST_NO_GIVE;              /* ... but not in the last round under last-give=forbidden */
    bad.last_left = 3;
    bad.pile_len[0] = bad.pile_len[1] = 0;
    inv_reset_counts(&ctx);
    inv_on_position(&ctx, &bad);
    ck_assert(ctx.count[tu_clause(&ctx, "KK-TURN-GIVE")].violated > 0);
}
END_TEST

/* KK-FACTS: a wrong fact in the engine's table is named at the deal, field by field: the values of
 * two breeds swapped (Chihuahua 1, 2, 4, 5 and Zwergspitz 1, 2, 3, 5: every card still unique, every
 * colour still 37 votes) and a wrong removal row. */
START_TEST(facts_oracle_fires_when_the_engine_table_swaps_two_breeds_values_or_removes_13)
{
    kk_params t = kk_param;
    t.value[2] = 4;                        /* card k=2 (C3) shows 4 */
    t.value[6] = 3;                        /* k=6 (S4) shows 3 */
    tu_facts_caught(G, "KK-FACTS", &kk_param, &t, "card k=2");
    t = kk_param;
    t.removed[3] = 13;
    tu_facts_caught(G, "KK-FACTS", &kk_param, &t, "3 players remove 13");
    kk_state st;                           /* and the engine's own table passes at every deal */
    deal(&st);
    setup_judge(&st);
    clean("KK-FACTS", 1);
}
END_TEST

static const char *const proven[] = {
    "GEN-DETERMINISM", "GEN-ROUNDTRIP", "GEN-NOTATION", "GEN-LEGAL-APPLIES", "GEN-REJECT-UNCHANGED",
    "GEN-TERMINAL", "GEN-HIDDEN-INFO", "GEN-READINGS", "GEN-REFUSAL", "GEN-RECORD",
    "KK-CARDS-72", "KK-SETUP-PLAYERS", "KK-SETUP-REMOVAL", "KK-SETUP-HANDS", "KK-INFO-BACKS",
    "KK-SETUP-COUNCIL", "KK-SETUP-PILES",
    "KK-TURN-ORDER", "KK-TURN-GIVE", "KK-TURN-PLACE", "KK-TAKE-RUN", "KK-TAKE-MATCH", "KK-CRISIS",
    "KK-DRAW", "KK-REFILL", "KK-END-LASTROUND", "KK-END-HANDS", "KK-FINAL-MAJORITY", "KK-FINAL-OPEN",
    "KK-FINAL-TIE", "KK-FINAL-PENALTY", "KK-FINAL-WINNER", "KK-LEGAL-SET", "KK-FACTS",
};

START_TEST(every_clause_of_the_kk_oracles_has_a_wrong_transition_test)
{
    const int n = (int)(sizeof proven / sizeof proven[0]);
    ck_assert_int_eq(inv_init(&ctx, G, INV_GEN_ALL), 0);
    ck_assert_int_eq(ctx.n, n);
    for (int k = 0; k < ctx.n; k++) {
        int found = 0;
        for (int i = 0; i < n && !found; i++) found = strcmp(proven[i], ctx.clause[k]->id) == 0;
        ck_assert_msg(found, "clause %s has no test in check_kk_oracles.c", ctx.clause[k]->id);
    }
}
END_TEST

static Suite *oracles_suite(void)
{
    Suite *s = suite_create("kk-oracles");
    TCase *tc = tcase_create("setup");
    tcase_add_test(tc, cards72_oracle_fires_when_the_drawn_card_also_stays_on_the_pile);
    tcase_add_test(tc, a_card_doubled_by_a_placement_is_named_under_turn_place_before_the_card_count);
    tcase_add_test(tc, players_oracle_fires_when_a_deal_has_one_player);
    tcase_add_test(tc, removal_oracle_fires_when_a_card_of_the_box_is_dealt_into_a_pile);
    tcase_add_test(tc, hands_oracle_fires_when_a_player_is_dealt_three_cards);
    tcase_add_test(tc, backs_oracle_fires_when_a_view_shows_the_wrong_colours);
    tcase_add_test(tc, council_oracle_fires_when_a_ring_card_is_dealt_onto_an_inner_place);
    tcase_add_test(tc, piles_oracle_fires_when_the_piles_are_split_17_and_19);
    tcase_add_test(tc, facts_oracle_fires_when_the_engine_table_swaps_two_breeds_values_or_removes_13);
    suite_add_tcase(s, tc);

    tc = tcase_create("turn");
    tcase_add_test(tc, turn_order_oracle_fires_when_a_seat_is_skipped);
    tcase_add_test(tc, give_oracle_fires_when_a_card_of_the_colour_stays_behind);
    tcase_add_test(tc, give_oracle_accepts_a_colour_going_back_to_its_giver);
    tcase_add_test(tc, place_oracle_fires_when_a_second_hand_card_is_laid_too);
    tcase_add_test(tc, place_oracle_fires_when_a_placement_leaves_the_pass_count);
    tcase_add_test(tc, place_oracle_fires_when_a_pass_is_accepted_though_a_place_exists);
    suite_add_tcase(s, tc);

    tc = tcase_create("taking");
    tcase_add_test(tc, take_run_oracle_fires_when_a_match_is_taken_from_an_unconvinced_column);
    tcase_add_test(tc, take_match_oracle_fires_when_a_match_beyond_a_free_place_stays);
    tcase_add_test(tc, crisis_oracle_fires_when_a_card_of_another_colour_and_breed_stays);
    tcase_add_test(tc, crisis_oracle_fires_when_an_empty_crisis_ends_the_game_before_the_draw);
    suite_add_tcase(s, tc);

    tc = tcase_create("drawing");
    tcase_add_test(tc, draw_oracle_fires_when_the_card_comes_from_the_other_pile);
    tcase_add_test(tc, refill_oracle_fires_when_the_card_skips_the_first_free_place);
    suite_add_tcase(s, tc);

    tc = tcase_create("end");
    tcase_add_test(tc, lastround_oracle_fires_when_emptying_the_piles_starts_no_last_round);
    tcase_add_test(tc, lastround_oracle_fires_when_the_game_goes_on_after_the_last_turn);
    tcase_add_test(tc, end_hands_oracle_fires_when_a_hand_is_kept_at_the_end);
    suite_add_tcase(s, tc);

    tc = tcase_create("final");
    tcase_add_test(tc, majority_oracle_fires_when_the_largest_green_sum_is_charged);
    tcase_add_test(tc, open_oracle_fires_when_the_smaller_green_sum_also_secures);
    tcase_add_test(tc, tie_oracle_fires_when_a_tie_secures_for_nobody);
    tcase_add_test(tc, penalty_oracle_fires_when_the_unsecured_votes_are_miscounted);
    tcase_add_test(tc, winner_oracle_fires_when_one_of_two_equal_low_scores_is_dropped);
    tcase_add_test(tc, winner_oracle_names_a_wrong_winner_under_the_tie_or_the_winner_clause);
    suite_add_tcase(s, tc);

    tc = tcase_create("conformance");
    tcase_add_test(tc, determinism_oracle_fires_when_apply_gives_another_state_the_second_time);
    tcase_add_loop_test(tc, roundtrip_oracle_fires_when_the_position_text_loses_a_field_or_swaps_the_piles, 0, 2);
    tcase_add_test(tc, notation_oracle_fires_when_a_place_prints_another_place);
    tcase_add_test(tc, legal_applies_oracle_fires_when_legal_moves_lists_a_card_not_in_hand);
    tcase_add_loop_test(tc, reject_oracle_fires_when_an_unlisted_move_changes_the_state_or_is_accepted, 0, 2);
    tcase_add_loop_test(tc, reject_oracle_fires_when_the_engine_compares_half_of_a_moves_bytes, 0, 2);
    tcase_add_loop_test(tc, refusal_oracle_fires_when_a_refused_position_has_no_one_line_reason, 0, 2);
    tcase_add_test(tc, readings_oracle_fires_when_the_reading_list_does_not_parse_back);
    tcase_add_test(tc, record_oracle_fires_when_the_games_record_replays_to_another_game);
    tcase_add_test(tc, terminal_oracle_fires_when_to_move_says_over_while_a_pile_must_be_chosen);
    tcase_add_test(tc, hidden_info_oracle_fires_when_legal_moves_peek_at_another_hand);
    tcase_add_test(tc, hidden_info_oracle_fires_when_a_view_leaks_or_shows_other_backs);
    tcase_add_test(tc, hidden_info_oracle_fires_when_determinize_changes_p2s_hand_or_gives_an_unsorted_hand);
    tcase_add_loop_test(tc, legal_set_oracle_names_a_missing_or_extra_move_under_its_clause, 0, 9);
    tcase_add_test(tc, position_oracles_fire_on_a_seat_the_turns_do_not_lead_to_and_on_an_early_give);
    tcase_add_test(tc, every_clause_of_the_kk_oracles_has_a_wrong_transition_test);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(oracles_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
