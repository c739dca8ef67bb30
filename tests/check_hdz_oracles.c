/* check_hdz_oracles.c: Check suite proving that every oracle (GEN- and HDZ- clauses) fires on a wrong transition. */
#include <stddef.h>
#include "testutil.h"

/* Each test builds a correct transition with the engine, shows that the oracles accept it
 * (and that its clause saw the rule take effect), then breaks the transition in the one way
 * the clause forbids, keeping the rest coherent, and shows that the clause reports it.
 * The generic clauses are proven against a copy of hdz_engine with one faulty function. */

static const game_engine *G = &hdz_engine;
static inv_ctx ctx;

/* The profiles' readings as these tests' positions and moves were written for them: the cross
 * line (take=cross), nl's second milk place on its own sum (milk-half=own) and en's end at once
 * (end=immediate). Since issue 34 the profiles read take=edge, nl milk-half=leader and en
 * end=finish-turn; the tests of those readings set the bits themselves. */
#define NL (hdz_engine.profiles[0].readings & ~(uint32_t)(HDZ_R_TAKE_EDGE | HDZ_R_MILK_LEADER))

/* ---- Transitions and verdicts ------------------------------------------------------ */

/* One transition: the state before, the move, the state after. */
typedef struct { hdz_state pre, post; game_move m; } trans;

/* Apply `move` (it must be legal) with engine g; *st advances, the transition is returned. */
static trans step_by(const game_engine *g, hdz_state *st, const char *move)
{
    trans t;
    t.pre = *st;
    ck_assert_msg(g->move_parse(st, move, &t.m) == GAME_OK, "cannot parse '%s'", move);
    ck_assert_msg(g->apply(st, &t.m) == GAME_OK, "move '%s' was rejected", move);
    t.post = *st;
    return t;
}

static trans step(hdz_state *st, const char *move) { return step_by(G, st, move); }

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
/* Clause `id` reports the transition. */
static void rejects(const trans *t, const char *id) { judge(t); caught(tu_clause(&ctx, id)); }

/* ---- Building states (as in check_hdz_rules.c) ---------------------------------------- */

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

/* Move the small goat on `cell` to `seat` (HDZ_NONE: back to its stable), supplies kept right. */
static void remark(hdz_state *st, const char *cell, int seat)
{
    int c = tu_cell(cell), old = st->mark[c];
    if (old != HDZ_NONE) st->supply[old]++;
    if (seat != HDZ_NONE) st->supply[seat]--;
    st->mark[c] = (uint8_t)seat;
}

/* A displayed card goes back from the box to `seat`'s display, or from it to the box. */
static void unbox(hdz_state *st, int seat, const char *card)
{
    int code = tu_card(card);
    ck_assert(st->box[code] > 0);
    st->box[code]--;
    st->display[seat][code]++;
}

static void rebox(hdz_state *st, int seat, const char *card)
{
    int code = tu_card(card);
    ck_assert(st->display[seat][code] > 0);
    st->display[seat][code]--;
    st->box[code]++;
}

static void empty_pile(hdz_state *st)
{
    while (st->pile_len) { st->box[st->pile[st->pile_len - 1]]++; st->pile[--st->pile_len] = 0; }
}

/* Move the flow of a state to "P(seat+1) plays next", as after a finished turn. */
static void next_player(hdz_state *st, int seat)
{
    st->phase = HDZ_PH_PLAY;
    st->turn = st->decider = (uint8_t)seat;
    st->played = HDZ_NONE;
    st->ending = HDZ_END_NO;
}

/* ---- Setup ------------------------------------------------------------------------------ */

static void deal(hdz_state *st)
{
    tu_hdz_deal(st, 3, NL, 11);
    inv_init(&ctx, G, INV_GEN_ALL);
}

static void setup_judge(const hdz_state *st)
{
    inv_reset_counts(&ctx);
    inv_on_setup(&ctx, st);
}

/* HDZ-CARDS-121 */
START_TEST(cards121_oracle_fires_when_the_refill_card_also_stays_on_the_pile)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "Dog", 0, 0);
    play(&st, "play Dog");
    trans t = step(&st, "take d4");
    accepts(&t, "HDZ-CARDS-121");
    t.post.pile[t.post.pile_len++] = t.pre.pile[t.pre.pile_len - 1];   /* the card is now twice */
    rejects(&t, "HDZ-CARDS-121");
}
END_TEST

/* HDZ-SETUP-REMOVAL */
START_TEST(removal_oracle_fires_when_a_removed_type_is_split)
{
    hdz_state st;
    deal(&st);
    setup_judge(&st);
    clean("HDZ-SETUP-REMOVAL", 1);
    int t = -1, i = 0;
    for (int x = 0; x < HDZ_TYPES && t < 0; x++)
        if (st.box[HDZ_CODE(x, 1)] && st.box[HDZ_CODE(x, 5)]) t = x;
    while (i < st.pile_len && !HDZ_IS_GOAT(st.pile[i])) i++;
    ck_assert(t >= 0 && i < st.pile_len);
    /* one card of a removed type swaps places with a goat card of the pile */
    st.box[HDZ_CODE(t, 1)]--;
    st.box[st.pile[i]]++;
    st.pile[i] = (uint8_t)HDZ_CODE(t, 1);
    setup_judge(&st);
    caught(tu_clause(&ctx, "HDZ-SETUP-REMOVAL"));
}
END_TEST

/* HDZ-SETUP-MEADOW */
START_TEST(meadow_oracle_fires_when_a_place_is_dealt_empty)
{
    hdz_state st;
    deal(&st);
    setup_judge(&st);
    clean("HDZ-SETUP-MEADOW", 1);
    int c3 = tu_cell("c3");                    /* its card stays on the pile: c3 is dealt empty */
    st.pile[st.pile_len++] = st.cell[c3];
    st.cell[c3] = HDZ_NONE;
    setup_judge(&st);
    caught(tu_clause(&ctx, "HDZ-SETUP-MEADOW"));
}
END_TEST

/* HDZ-SETUP-MEADOW: the setup clauses judge every fresh deal, also one already in phase
 * play (no dog dealt), not only deals that still look untouched */
START_TEST(meadow_oracle_fires_on_a_small_goat_dealt_onto_a_card_in_phase_play)
{
    hdz_state st;
    uint64_t seed = 0;
    do tu_hdz_deal(&st, 3, NL, ++seed); while (st.phase != HDZ_PH_PLAY);
    inv_init(&ctx, G, INV_GEN_ALL);
    setup_judge(&st);
    clean("HDZ-SETUP-MEADOW", 1);
    int c3 = tu_cell("c3");
    ck_assert(HDZ_IS_GOAT(st.cell[c3]) || (tu_put_cell(&st, "A1", "c3"), 1));
    st.mark[c3] = 1;                           /* a small goat of P2 on c3 ... */
    st.supply[1]--;                            /* ... taken from P2's stable */
    setup_judge(&st);
    caught(tu_clause(&ctx, "HDZ-SETUP-MEADOW"));
}
END_TEST

/* HDZ-SETUP-STABLES */
START_TEST(stables_oracle_fires_when_a_large_goat_starts_one_step_past_its_stable)
{
    hdz_state st;
    deal(&st);
    setup_judge(&st);
    clean("HDZ-SETUP-STABLES", 1);
    st.goat[1] = (uint8_t)((st.goat[1] + 1) % (4 * st.n));
    setup_judge(&st);
    caught(tu_clause(&ctx, "HDZ-SETUP-STABLES"));
}
END_TEST

/* HDZ-SETUP-HAND */
START_TEST(hand_oracle_fires_when_a_player_is_dealt_one_card)
{
    hdz_state st;
    deal(&st);
    setup_judge(&st);
    clean("HDZ-SETUP-HAND", 1);
    st.pile[st.pile_len++] = st.hand[1][1];   /* P2's second card stays on the pile */
    st.hand[1][1] = HDZ_NONE;
    setup_judge(&st);
    caught(tu_clause(&ctx, "HDZ-SETUP-HAND"));
}
END_TEST

/* HDZ-SETUP-DOG-REDRAW */
START_TEST(dog_redraw_oracle_fires_when_the_replacement_is_not_the_top_card)
{
    hdz_state st;
    tu_hdz_deal(&st, 3, NL, 2);
    inv_init(&ctx, G, INV_GEN_ALL);
    while (st.phase == HDZ_PH_REDRAW) play(&st, "keep");
    tu_put_hand(&st, "B5", 0, 0);
    tu_put_hand(&st, "Dog", 0, 1);
    tu_put_pile_top(&st, "A1");
    st.phase = HDZ_PH_REDRAW;
    st.turn = st.decider = 0;
    trans t = step(&st, "return");
    accepts(&t, "HDZ-SETUP-DOG-REDRAW");
    /* P1 got the bottom card of the shuffled pile instead of A1; A1 lies there instead */
    int a1 = tu_card("A1"), j = t.post.hand[0][0] == a1 ? 0 : 1;
    ck_assert_int_eq(t.post.hand[0][j], a1);
    t.post.hand[0][j] = t.post.pile[0];
    t.post.pile[0] = (uint8_t)a1;
    tu_hand_sort(&t.post);
    rejects(&t, "HDZ-SETUP-DOG-REDRAW");
}
END_TEST

/* ---- Turn ----------------------------------------------------------------------------------- */

/* P1 plays a dog (the large goat stays above column d) and takes d4; the turn ends. */
static trans dog_take(hdz_state *st)
{
    start(st, 3, NL);
    tu_put_hand(st, "Dog", 0, 0);
    play(st, "play Dog");
    return step(st, "take d4");
}

/* HDZ-TURN-ORDER */
START_TEST(turn_order_oracle_fires_when_a_seat_is_skipped)
{
    hdz_state st;
    trans t = dog_take(&st);
    ck_assert_int_eq(t.post.turn, 1);
    accepts(&t, "HDZ-TURN-ORDER");
    next_player(&t.post, 2);                   /* P3 instead of P2 */
    rejects(&t, "HDZ-TURN-ORDER");
}
END_TEST

/* HDZ-TURN-PLAY */
START_TEST(turn_play_oracle_fires_when_both_hand_cards_are_laid_open)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "E3", 0, 0);
    tu_put_hand(&st, "A1", 0, 1);
    trans t = step(&st, "play E3");
    accepts(&t, "HDZ-TURN-PLAY");
    t.post.display[0][tu_card("A1")]++;
    t.post.hand[0][0] = t.post.hand[0][1] = HDZ_NONE;
    rejects(&t, "HDZ-TURN-PLAY");
}
END_TEST

/* HDZ-TURN-PLAY before HDZ-CARDS-121: a play that lays E3 open but leaves it in the hand too (the
 * card twice) breaks both; the step's own clause is checked first, so the failure is named under
 * HDZ-TURN-PLAY, and the card count still sees the card twice. */
START_TEST(a_card_doubled_by_a_play_is_named_under_turn_play_before_the_card_count)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "E3", 0, 0);
    trans t = step(&st, "play E3");
    accepts(&t, "HDZ-CARDS-121");
    t.post.hand[0][0] = (uint8_t)tu_card("E3");
    inv_init(&ctx, G, 0);                      /* the game's clauses alone (GEN-DETERMINISM would see a
                                                * post that apply does not give) */
    rejects(&t, "HDZ-TURN-PLAY");
    ck_assert_int_eq(ctx.first_k, tu_clause(&ctx, "HDZ-TURN-PLAY"));
    caught(tu_clause(&ctx, "HDZ-CARDS-121"));
    inv_init(&ctx, G, INV_GEN_ALL);
}
END_TEST

/* HDZ-TURN-MOVE */
START_TEST(turn_move_oracle_fires_when_the_goat_moves_one_step_too_far)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "E3", 0, 0);
    trans t = step(&st, "play E3");
    ck_assert_int_eq(t.post.goat[0], 3 + 3);
    accepts(&t, "HDZ-TURN-MOVE");
    t.post.goat[0] = 3 + 4;
    rejects(&t, "HDZ-TURN-MOVE");
}
END_TEST

/* HDZ-DOG-NOMOVE */
START_TEST(dog_nomove_oracle_fires_when_a_played_dog_moves_the_goat)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "Dog", 0, 0);
    trans t = step(&st, "play Dog");
    accepts(&t, "HDZ-DOG-NOMOVE");
    t.post.goat[0]++;
    rejects(&t, "HDZ-DOG-NOMOVE");
}
END_TEST

/* HDZ-TURN-TAKE */
START_TEST(turn_take_oracle_fires_when_the_hand_gets_a_card_from_outside_the_line)
{
    hdz_state st;
    trans t = dog_take(&st);
    accepts(&t, "HDZ-TURN-TAKE");
    /* P1's hand gets the card at b2 (column b); the card from d4 lies at b2 instead */
    int d4 = t.pre.cell[tu_cell("d4")], b2 = tu_cell("b2");
    int j = t.post.hand[0][0] == d4 ? 0 : 1;
    ck_assert_int_eq(t.post.hand[0][j], d4);
    t.post.hand[0][j] = t.post.cell[b2];
    t.post.cell[b2] = (uint8_t)d4;
    tu_hand_sort(&t.post);
    rejects(&t, "HDZ-TURN-TAKE");
}
END_TEST

/* HDZ-TAKE-NOMARKED */
START_TEST(take_nomarked_oracle_fires_when_a_marked_card_is_taken)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_cell(&st, "F2", "d3");
    mark(&st, "d3", 1);                        /* column d holds a marked card: the rule applies */
    tu_put_cell(&st, "F3", "d4");
    tu_put_hand(&st, "Dog", 0, 0);
    play(&st, "play Dog");
    trans t = step(&st, "take d4");
    accepts(&t, "HDZ-TAKE-NOMARKED");
    /* the same take, but F3 at d4 carried P2's small goat too (it leaves with the card) */
    t.pre.mark[tu_cell("d4")] = 1;
    t.pre.supply[1]--;
    t.post.supply[1]--;
    rejects(&t, "HDZ-TAKE-NOMARKED");
}
END_TEST

/* HDZ-TAKE-REFILL */
START_TEST(take_refill_oracle_fires_when_the_gap_is_filled_from_the_bottom_of_the_pile)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "Dog", 0, 0);
    tu_put_pile_top(&st, "K4");
    play(&st, "play Dog");
    trans t = step(&st, "take d4");
    ck_assert_int_eq(t.post.cell[tu_cell("d4")], tu_card("K4"));
    accepts(&t, "HDZ-TAKE-REFILL");
    t.post.cell[tu_cell("d4")] = t.post.pile[0];
    t.post.pile[0] = (uint8_t)tu_card("K4");
    rejects(&t, "HDZ-TAKE-REFILL");
}
END_TEST

/* ---- Scoring ---------------------------------------------------------------------------------- */

/* P1 shows F5, holds F3; P2 shows F4; F1 at b2 and F2 at c5. P1 plays F3 (sum 8) and takes g2. */
static trans majority(hdz_state *st)
{
    start(st, 3, NL);
    tu_put_cell(st, "F1", "b2");
    tu_put_cell(st, "F2", "c5");
    tu_put_hand(st, "F3", 0, 0);
    tu_show(st, "F5", 0);
    tu_show(st, "F4", 1);
    play(st, "play F3");
    return step(st, "take g2");
}

/* HDZ-SCORE-MAJORITY8 */
START_TEST(majority8_oracle_fires_when_a_meadow_card_stays_unmarked)
{
    hdz_state st;
    trans t = majority(&st);
    ck_assert_int_eq(tu_mark(&t.post, "c5"), 0);
    accepts(&t, "HDZ-SCORE-MAJORITY8");
    remark(&t.post, "c5", HDZ_NONE);
    rejects(&t, "HDZ-SCORE-MAJORITY8");
}
END_TEST

/* HDZ-SCORE-MAJORITY8: a majority scoring shows no hand card (a planted bug that scored sum 8 as a
 * fourth-card scoring was named under HDZ-SCORE-FIFTH-HAND: the reveal was its only trace) */
START_TEST(majority8_oracle_fires_when_a_majority_scoring_reveals_a_hand_card)
{
    hdz_state st;
    trans t = majority(&st);
    ck_assert_int_ne(t.post.hand[1][0], HDZ_NONE);
    accepts(&t, "HDZ-SCORE-MAJORITY8");
    t.post.shown[1][0] = t.post.hand[1][0];
    rejects(&t, "HDZ-SCORE-MAJORITY8");
}
END_TEST

/* HDZ-SCORE-WORTHLESS */
START_TEST(worthless_oracle_fires_when_an_opponent_keeps_a_card_of_the_type)
{
    hdz_state st;
    trans t = majority(&st);
    accepts(&t, "HDZ-SCORE-WORTHLESS");
    unbox(&t.post, 1, "F4");
    rejects(&t, "HDZ-SCORE-WORTHLESS");
}
END_TEST

/* HDZ-SCORE-FUTURE */
START_TEST(future_oracle_fires_when_a_refilled_card_of_an_owned_type_stays_unmarked)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_cell(&st, "F1", "b2");
    mark(&st, "b2", 0);                        /* P1 owns F */
    tu_put_pile_top(&st, "F4");
    tu_put_hand(&st, "Dog", 0, 0);
    play(&st, "play Dog");
    trans t = step(&st, "take d4");
    ck_assert_int_eq(t.post.cell[tu_cell("d4")], tu_card("F4"));
    ck_assert_int_eq(tu_mark(&t.post, "d4"), 0);
    accepts(&t, "HDZ-SCORE-FUTURE");
    remark(&t.post, "d4", HDZ_NONE);
    rejects(&t, "HDZ-SCORE-FUTURE");
}
END_TEST

/* Type G: P1 shows p1, P2 shows p2a (and p2b), P1 plays `trigger` and takes `take`;
 * G5 (or the card named by fifth) lies at b3 unless fifth_cell is NULL. */
static trans fourth(hdz_state *st, const char *p1, const char *p2a, const char *p2b, const char *trigger,
                    const char *fifth_cell, const char *take)
{
    start(st, 3, NL & ~(uint32_t)HDZ_R_BWORTHLESS_ALL);   /* the winner keeps its cards on display */
    if (fifth_cell) tu_put_cell(st, "G5", fifth_cell);
    tu_put_hand(st, trigger, 0, 0);
    tu_show(st, p1, 0);
    tu_show(st, p2a, 1);
    if (p2b) tu_show(st, p2b, 1);
    char mv[16];
    snprintf(mv, sizeof mv, "play %s", trigger);
    play(st, mv);
    return step(st, take);
}

/* P1: G1 + G2 = 3, P2: G3 + G4 = 7: P2 wins by the sum and marks G5 at b3; P1's cards go. */
static trans fourth_by_sum(hdz_state *st)
{
    trans t = fourth(st, "G1", "G3", "G4", "G2", "b3", "take f1");
    ck_assert_int_eq(t.post.owner[6], 1);
    ck_assert_int_eq(tu_mark(&t.post, "b3"), 1);
    return t;
}

/* HDZ-SCORE-FOURTH */
START_TEST(fourth_oracle_fires_when_the_fourth_card_scores_nothing)
{
    hdz_state st;
    trans t = fourth_by_sum(&st);
    accepts(&t, "HDZ-SCORE-FOURTH");
    t.post.owner[6] = HDZ_NONE;
    remark(&t.post, "b3", HDZ_NONE);
    unbox(&t.post, 0, "G1");
    unbox(&t.post, 0, "G2");
    rejects(&t, "HDZ-SCORE-FOURTH");
}
END_TEST

/* HDZ-SCORE-FOURTH-SUM */
START_TEST(fourth_sum_oracle_fires_when_the_smaller_sum_wins)
{
    hdz_state st;
    trans t = fourth_by_sum(&st);
    accepts(&t, "HDZ-SCORE-FOURTH-SUM");
    t.post.owner[6] = 0;                       /* P1 (sum 3) instead of P2 (sum 7) */
    remark(&t.post, "b3", 0);
    unbox(&t.post, 0, "G1");
    unbox(&t.post, 0, "G2");
    rebox(&t.post, 1, "G3");
    rebox(&t.post, 1, "G4");
    rejects(&t, "HDZ-SCORE-FOURTH-SUM");
}
END_TEST

/* HDZ-SCORE-FOURTH-COUNT */
START_TEST(fourth_count_oracle_fires_when_fewer_cards_win_a_tie_on_the_sum)
{
    hdz_state st;
    /* P1: G1 + G4 = 5 in 2 cards, P2: G5 = 5 in 1 card, P3: G3; P1 wins and marks G2 at b3 */
    start(&st, 3, NL & ~(uint32_t)HDZ_R_BWORTHLESS_ALL);
    tu_put_cell(&st, "G2", "b3");
    tu_put_hand(&st, "G4", 0, 0);
    tu_show(&st, "G1", 0);
    tu_show(&st, "G5", 1);
    tu_show(&st, "G3", 2);
    play(&st, "play G4");
    trans t = step(&st, "take e1");
    ck_assert_int_eq(t.post.owner[6], 0);
    accepts(&t, "HDZ-SCORE-FOURTH-COUNT");
    t.post.owner[6] = 1;                       /* P2 with one card */
    remark(&t.post, "b3", 1);
    unbox(&t.post, 1, "G5");
    rebox(&t.post, 0, "G1");
    rebox(&t.post, 0, "G4");
    rejects(&t, "HDZ-SCORE-FOURTH-COUNT");
}
END_TEST

/* HDZ-SCORE-FOURTH-TRIGGER */
START_TEST(fourth_trigger_oracle_fires_when_the_trigger_loses_a_full_tie)
{
    hdz_state st;
    /* P1: G1 + G4 = 5 in 2 cards, P2: G2 + G3 = 5 in 2 cards; P1 triggers and wins */
    trans t = fourth(&st, "G1", "G2", "G3", "G4", "b3", "take e1");
    ck_assert_int_eq(t.post.owner[6], 0);
    accepts(&t, "HDZ-SCORE-FOURTH-TRIGGER");
    t.post.owner[6] = 1;
    remark(&t.post, "b3", 1);
    unbox(&t.post, 1, "G2");
    unbox(&t.post, 1, "G3");
    rebox(&t.post, 0, "G1");
    rebox(&t.post, 0, "G4");
    rejects(&t, "HDZ-SCORE-FOURTH-TRIGGER");
}
END_TEST

/* HDZ-SCORE-FIFTH-MEADOW */
START_TEST(fifth_meadow_oracle_fires_when_the_fifth_card_stays_unmarked)
{
    hdz_state st;
    trans t = fourth_by_sum(&st);
    accepts(&t, "HDZ-SCORE-FIFTH-MEADOW");
    remark(&t.post, "b3", HDZ_NONE);
    rejects(&t, "HDZ-SCORE-FIFTH-MEADOW");
}
END_TEST

/* HDZ-SCORE-FIFTH-HAND */
/* P2 wins type G's scoring while P3 holds its fifth card, G5: the take that reveals it. */
static trans fifth_in_p3s_hand(hdz_state *st)
{
    start(st, 3, NL);
    tu_put_hand(st, "G5", 2, 0);               /* P3 holds the fifth card */
    tu_put_hand(st, "G2", 0, 0);
    tu_show(st, "G1", 0);
    tu_show(st, "G3", 1);
    tu_show(st, "G4", 1);
    play(st, "play G2");
    return step(st, "take f1");
}

START_TEST(fifth_hand_oracle_fires_when_the_fifth_card_leaves_the_hand)
{
    hdz_state st;
    trans t = fifth_in_p3s_hand(&st);
    ck_assert_int_eq(t.post.owner[6], 1);
    accepts(&t, "HDZ-SCORE-FIFTH-HAND");
    trans good = t;
    /* the winner P2 gets G5 from P3's hand into the display */
    int g5 = tu_card("G5"), j = t.post.hand[2][0] == g5 ? 0 : 1;
    ck_assert_int_eq(t.post.hand[2][j], g5);
    t.post.hand[2][j] = HDZ_NONE;
    tu_hand_sort(&t.post);
    t.post.display[1][g5]++;
    rejects(&t, "HDZ-SCORE-FIFTH-HAND");
    /* an engine that keeps the fifth card hidden: "moet ... de geitenkaart tonen" */
    t = good;
    ck_assert_int_eq(t.post.shown[2][0], tu_card("G5"));
    t.post.shown[2][0] = HDZ_NONE;
    rejects(&t, "HDZ-SCORE-FIFTH-HAND");
}
END_TEST

/* HDZ-SCORE-B-WORTHLESS */
START_TEST(b_worthless_oracle_fires_when_the_loser_keeps_its_cards)
{
    hdz_state st;
    trans t = fourth_by_sum(&st);
    accepts(&t, "HDZ-SCORE-B-WORTHLESS");
    unbox(&t.post, 0, "G1");
    unbox(&t.post, 0, "G2");
    rejects(&t, "HDZ-SCORE-B-WORTHLESS");
}
END_TEST

/* ---- Dog --------------------------------------------------------------------------------------- */

/* P1 owns H2 at c5 (J3 neutral at f5), holds a dog and J4 lies at c2, K1 at a1; P1 to play. */
static void dog_position(hdz_state *st)
{
    start(st, 3, NL);
    tu_put_cell(st, "H2", "c5");
    mark(st, "c5", 0);
    tu_put_cell(st, "J3", "f5");
    tu_put_cell(st, "J4", "c2");
    tu_put_cell(st, "K1", "a1");
    tu_put_hand(st, "Dog", 0, 0);
}

/* ... P1 has played the dog and taken d7: phase DOG. */
static void dog_setup(hdz_state *st)
{
    dog_position(st);
    play(st, "play Dog");
    play(st, "take d7");
    ck_assert_int_eq(st->phase, HDZ_PH_DOG);
}

/* HDZ-DOG-SWAP-NEUTRAL */
START_TEST(swap_neutral_oracle_fires_when_the_small_goat_stays_behind)
{
    hdz_state st;
    dog_setup(&st);
    trans t = step(&st, "dog c5-f5");
    accepts(&t, "HDZ-DOG-SWAP-NEUTRAL");
    /* the cards swap, but P1's small goat stays on c5 (now on J3) */
    t.post.mark[tu_cell("f5")] = HDZ_NONE;
    t.post.mark[tu_cell("c5")] = 0;
    rejects(&t, "HDZ-DOG-SWAP-NEUTRAL");
}
END_TEST

/* HDZ-DOG-SWAP-AGREE */
START_TEST(swap_agree_oracle_fires_when_the_swap_happens_before_the_agreement)
{
    hdz_state st;
    dog_setup(&st);
    tu_put_cell(&st, "L5", "e5");
    mark(&st, "e5", 2);
    trans t = step(&st, "dog c5-e5");
    ck_assert_int_eq(t.post.phase, HDZ_PH_AGREE);
    silent(&t, "HDZ-DOG-SWAP-AGREE");
    hdz_state asked = t.post;
    trans agree = step(&asked, "agree");
    accepts(&agree, "HDZ-DOG-SWAP-AGREE");
    /* P3 is asked, but the cards (with their goats) were swapped already */
    int c5 = tu_cell("c5"), e5 = tu_cell("e5");
    uint8_t card = t.post.cell[c5], goat = t.post.mark[c5];
    t.post.cell[c5] = t.post.cell[e5]; t.post.mark[c5] = t.post.mark[e5];
    t.post.cell[e5] = card; t.post.mark[e5] = goat;
    rejects(&t, "HDZ-DOG-SWAP-AGREE");
}
END_TEST

/* HDZ-DOG-EMPTY */
START_TEST(dog_empty_oracle_fires_when_the_card_lands_on_another_empty_place)
{
    hdz_state st;
    dog_setup(&st);
    to_box(&st, "g5");
    to_box(&st, "g7");
    trans t = step(&st, "dog c5-g5");
    accepts(&t, "HDZ-DOG-EMPTY");
    int g5 = tu_cell("g5"), g7 = tu_cell("g7");
    t.post.cell[g7] = t.post.cell[g5]; t.post.mark[g7] = t.post.mark[g5];
    t.post.cell[g5] = HDZ_NONE; t.post.mark[g5] = HDZ_NONE;
    rejects(&t, "HDZ-DOG-EMPTY");
}
END_TEST

/* ---- End ------------------------------------------------------------------------------------------ */

/* HDZ-END-LINE-EMPTY */
START_TEST(end_line_oracle_fires_when_the_game_goes_on_after_a_line_is_emptied)
{
    hdz_state st;
    start(&st, 3, NL);
    empty_pile(&st);
    static const char *cells[] = {"d2", "d3", "d5", "d6", "d7"};
    for (int i = 0; i < 5; i++) to_box(&st, cells[i]);   /* column d: d1 is the stable, d4 the last card */
    tu_put_hand(&st, "Dog", 0, 0);
    play(&st, "play Dog");
    trans t = step(&st, "take d4");
    ck_assert_int_eq(G->to_move(&t.post), -1);
    accepts(&t, "HDZ-END-LINE-EMPTY");
    next_player(&t.post, 1);
    rejects(&t, "HDZ-END-LINE-EMPTY");
}
END_TEST

/* HDZ-END-BLOCKED */
START_TEST(end_blocked_oracle_fires_when_the_game_goes_on_with_nothing_to_take)
{
    hdz_state st;
    start(&st, 3, NL);
    static const char *cells[] = {"d2", "d3", "d4", "d5", "d6", "d7"};
    static const char *cards[] = {"N1", "N2", "N3", "N4", "N5", "O1"};
    for (int i = 0; i < 6; i++) { tu_put_cell(&st, cards[i], cells[i]); mark(&st, cells[i], 1); }
    tu_put_hand(&st, "Dog", 0, 0);
    trans t = step(&st, "play Dog");
    ck_assert_int_eq(G->to_move(&t.post), -1);
    accepts(&t, "HDZ-END-BLOCKED");
    t.post.phase = HDZ_PH_TAKE;                /* P1 is left to take from a column of marked cards */
    t.post.turn = t.post.decider = 0;
    t.post.played = HDZ_DOG;
    t.post.ending = HDZ_END_NO;
    rejects(&t, "HDZ-END-BLOCKED");
}
END_TEST

/* ---- Final scoring ------------------------------------------------------------------------------- */

/* A finished 3-player game: no marks, no milk, then the test adds what it scores. */
static void final_setup(hdz_state *st)
{
    start(st, 3, NL);
    st->phase = HDZ_PH_OVER;
    st->decider = HDZ_NONE;
}

static void milk(hdz_state *st, int seat, int ones, int twos)
{
    for (int i = 0; i < ones + twos; i++) tu_show(st, i < ones ? "Milk1" : "Milk2", seat);
}

/* The engine's result passes every final clause and clause `id` fires. */
static void final_accepts(const hdz_state *st, const char *id, int *s, unsigned *w)
{
    ck_assert_int_eq(G->result(st, s, w), GAME_OK);
    inv_reset_counts(&ctx);
    inv_on_final(&ctx, st);
    clean(id, 1);
}

/* Winners that go with the scores: every seat with the highest total. */
static unsigned top_scorers(const int *s, int players)
{
    int best = s[0];
    unsigned w = 0;
    for (int q = 1; q < players; q++) if (s[q] > best) best = s[q];
    for (int q = 0; q < players; q++) if (s[q] == best) w |= 1u << q;
    return w;
}

/* Clause `id` reports the scores (and winners) an engine might wrongly give. */
static void final_rejects(const hdz_state *st, const char *id, const int *s, unsigned w)
{
    inv_reset_counts(&ctx);
    ctx.og->check_final(&ctx, ctx.k_game, st, s, w);
    caught(tu_clause(&ctx, id));
}

/* HDZ-FINAL-MEADOW */
START_TEST(final_meadow_oracle_fires_when_a_display_card_scores)
{
    hdz_state st;
    final_setup(&st);
    tu_put_cell(&st, "A4", "f4");
    mark(&st, "f4", 0);
    tu_show(&st, "A5", 0);
    int s[GAME_MAX_PLAYERS]; unsigned w;
    final_accepts(&st, "HDZ-FINAL-MEADOW", s, &w);
    ck_assert_int_eq(s[0], 4);
    s[0] += 5;                                 /* the displayed A5 counted */
    final_rejects(&st, "HDZ-FINAL-MEADOW", s, top_scorers(s, 3));
}
END_TEST

/* HDZ-FINAL-STABLE-DOUBLE */
START_TEST(stable_double_oracle_fires_when_cards_at_the_stable_score_single)
{
    hdz_state st;
    final_setup(&st);
    tu_put_cell(&st, "A1", "e1");              /* next to P1's stable at d1 */
    tu_put_cell(&st, "A2", "f1");              /* connected through e1 */
    tu_put_cell(&st, "A3", "f3");              /* not connected */
    mark(&st, "e1", 0); mark(&st, "f1", 0); mark(&st, "f3", 0);
    int s[GAME_MAX_PLAYERS]; unsigned w;
    final_accepts(&st, "HDZ-FINAL-STABLE-DOUBLE", s, &w);
    ck_assert_int_eq(s[0], 2 + 4 + 3);
    s[0] = 1 + 2 + 3;
    final_rejects(&st, "HDZ-FINAL-STABLE-DOUBLE", s, top_scorers(s, 3));
}
END_TEST

/* HDZ-FINAL-STABLE-DOUBLE, named: P1 also has milk (sum 5, first: 5 points); a stable bonus of 2 where
 * the rules give 3 (no reading gives 2) is named under the stable bonus, not under the milk (an
 * engine paying 4 for milk is no payout the milk rules know for a sum of 5). */
START_TEST(a_wrong_stable_bonus_beside_milk_is_named_under_stable_double)
{
    hdz_state st;
    final_setup(&st);
    tu_put_cell(&st, "A1", "e1");
    tu_put_cell(&st, "A2", "f1");
    tu_put_cell(&st, "A3", "f3");
    mark(&st, "e1", 0); mark(&st, "f1", 0); mark(&st, "f3", 0);
    milk(&st, 0, 1, 2);
    int s[GAME_MAX_PLAYERS]; unsigned w;
    final_accepts(&st, "HDZ-FINAL-STABLE-DOUBLE", s, &w);
    ck_assert_int_eq(s[0], 6 + 3 + 5);
    s[0] = 6 + 2 + 5;
    final_rejects(&st, "HDZ-FINAL-STABLE-DOUBLE", s, top_scorers(s, 3));
    ck_assert_msg(!strcmp(tu_first_id(&ctx), "HDZ-FINAL-STABLE-DOUBLE"), "first: %s: %s", tu_first_id(&ctx), ctx.first_msg);
}
END_TEST

/* P1: 3 milk cards (sum 5), P2: 2 cards (sum 3): P1 first scores 5, P2 second half of 3 = 1 (nl). */
static void milk_ranking(hdz_state *st, int *s, unsigned *w, const char *id)
{
    final_setup(st);
    milk(st, 0, 1, 2);
    milk(st, 1, 1, 1);
    final_accepts(st, id, s, w);
    ck_assert_int_eq(s[0], 5);
    ck_assert_int_eq(s[1], 1);
}

/* HDZ-FINAL-MILK-FIRST */
START_TEST(milk_first_oracle_fires_when_the_leader_gets_half)
{
    hdz_state st;
    int s[GAME_MAX_PLAYERS]; unsigned w;
    milk_ranking(&st, s, &w, "HDZ-FINAL-MILK-FIRST");
    s[0] = 2;
    final_rejects(&st, "HDZ-FINAL-MILK-FIRST", s, top_scorers(s, 3));
}
END_TEST

/* HDZ-FINAL-MILK-SECOND */
START_TEST(milk_second_oracle_fires_when_second_place_gets_its_full_sum)
{
    hdz_state st;
    int s[GAME_MAX_PLAYERS]; unsigned w;
    milk_ranking(&st, s, &w, "HDZ-FINAL-MILK-SECOND");
    s[1] = 3;
    final_rejects(&st, "HDZ-FINAL-MILK-SECOND", s, top_scorers(s, 3));
}
END_TEST

/* HDZ-FINAL-MILK-TIE */
START_TEST(milk_tie_oracle_fires_when_a_tie_for_first_is_broken)
{
    hdz_state st;
    final_setup(&st);
    milk(&st, 0, 0, 2);                        /* 2 cards, 4 */
    milk(&st, 1, 0, 2);                        /* 2 cards, 4 */
    milk(&st, 2, 1, 0);                        /* third */
    int s[GAME_MAX_PLAYERS]; unsigned w;
    final_accepts(&st, "HDZ-FINAL-MILK-TIE", s, &w);
    ck_assert_int_eq(s[0], 6);                 /* nl: full, both: 4 + half of 4 */
    ck_assert_int_eq(s[1], 6);
    s[1] = 2;                                  /* P2 paid as second: half of 4 */
    final_rejects(&st, "HDZ-FINAL-MILK-TIE", s, top_scorers(s, 3));
}
END_TEST

/* HDZ-FINAL-MILK-TIE HDZ-AMB-MILK-TIE-SUM: P1 and P2 tie for first on 5 (milk-tie=full). Under
 * tie-sum=both each gets 5 + half of 5 = 7, and an engine that pays only the first position's 5
 * is reported; under tie-sum=best each gets 5, and one that pays 7 is reported. */
START_TEST(milk_tie_oracle_fires_when_a_tie_for_first_is_paid_by_the_other_tie_sum)
{
    hdz_state st;
    final_setup(&st);
    if (_i) st.readings &= ~(uint32_t)HDZ_R_TIE_BOTH;
    else st.readings |= HDZ_R_TIE_BOTH;
    ck_assert(!(st.readings & HDZ_R_MILK_SHARE));
    milk(&st, 0, 1, 2);                        /* 5 */
    milk(&st, 1, 1, 2);                        /* 5 */
    milk(&st, 2, 1, 0);                        /* third */
    int s[GAME_MAX_PLAYERS]; unsigned w;
    final_accepts(&st, "HDZ-FINAL-MILK-TIE", s, &w);
    ck_assert_uint_gt(ctx.count[tu_clause(&ctx, "HDZ-FINAL-MILK-TIE")].cases[_i ? 0 : 4], 0);   /* first-full | first-both */
    ck_assert_int_eq(s[0], _i ? 5 : 7);
    ck_assert_int_eq(s[1], _i ? 5 : 7);
    s[0] = s[1] = _i ? 7 : 5;                  /* the other reading's payout */
    final_rejects(&st, "HDZ-FINAL-MILK-TIE", s, top_scorers(s, 3));
    ck_assert_str_eq(tu_first_id(&ctx), "HDZ-FINAL-MILK-TIE");
}
END_TEST

/* HDZ-FINAL-WINNER: both of its cases, a tie (every top seat wins: one dropped) and one winner (the
 * mask names another seat), are reported under HDZ-FINAL-WINNER, the clause that decides the winner
 * in each (the texts name no tie-break); the totals themselves are right, so no score clause speaks. */
START_TEST(winner_oracle_fires_when_one_of_two_equal_top_scores_is_dropped)
{
    hdz_state st;
    final_setup(&st);
    tu_put_cell(&st, "A4", "f4"); mark(&st, "f4", 0);
    tu_put_cell(&st, "B4", "f5"); mark(&st, "f5", 2);
    int s[GAME_MAX_PLAYERS]; unsigned w;
    final_accepts(&st, "HDZ-FINAL-WINNER", s, &w);
    ck_assert_uint_eq(w, (1u << 0) | (1u << 2));
    ck_assert_uint_gt(ctx.count[tu_clause(&ctx, "HDZ-FINAL-WINNER")].cases[1], 0);   /* case tie */
    final_rejects(&st, "HDZ-FINAL-WINNER", s, 1u << 0);
    ck_assert_str_eq(tu_first_id(&ctx), "HDZ-FINAL-WINNER");
    /* one winner: P3's B4 goes, P1 alone has the most points; a mask naming P2 is wrong */
    to_box(&st, "f5");
    st.supply[2]++;
    final_accepts(&st, "HDZ-FINAL-WINNER", s, &w);
    ck_assert_uint_eq(w, 1u << 0);
    ck_assert_uint_gt(ctx.count[tu_clause(&ctx, "HDZ-FINAL-WINNER")].cases[0], 0);   /* case one */
    final_rejects(&st, "HDZ-FINAL-WINNER", s, 1u << 1);
    ck_assert_str_eq(tu_first_id(&ctx), "HDZ-FINAL-WINNER");
}
END_TEST

/* ---- Conformance: hdz_engine with one faulty function ----------------------------------- */

static game_engine broken;   /* a copy of hdz_engine (same name: the hdz oracles apply) */
static unsigned calls;       /* the faulty wrapper's own call counter */
static int variant;          /* which fault a wrapper with several plays */

static void break_engine(void)
{
    broken = hdz_engine;
    calls = 0;
}

/* Judge t with the broken engine as the context's engine. */
static void broken_rejects(const trans *t, const char *id)
{
    inv_init(&ctx, &broken, INV_GEN_ALL);
    rejects(t, id);
}

/* The same with the game's clause oracles left out: a generic oracle's own message is the first one
 * (the clauses judge a step's post state before GEN-HIDDEN-INFO does). */
static void broken_rejects_generic(const trans *t, const char *id)
{
    static inv_game generic_only;
    inv_init(&ctx, &broken, INV_GEN_ALL);
    generic_only = *ctx.og;
    generic_only.check_step = NULL;
    ctx.og = &generic_only;
    rejects(t, id);
}

/* Every other successful apply flips a byte of the shuffle state. */
static int apply_flaky(void *st, const game_move *m)
{
    int rc = hdz_engine.apply(st, m);
    if (rc == GAME_OK && calls++ % 2) ((hdz_state *)st)->rng ^= 0xff;
    return rc;
}

/* The position text without its last field (variant 0) or with the shuffle state zeroed (1). */
static int print_lossy(const void *st, char *buf, size_t n)
{
    int len = hdz_engine.position_print(st, buf, n);
    if (variant == 2) {                    /* the pile's top card left out */
        char *p = len >= 0 ? strstr(buf, ";pile=") : NULL, *e = p ? strchr(p + 6, ',') : NULL;
        if (!e) return len;
        memmove(p + 6, e + 1, strlen(e + 1) + 1);
        return (int)strlen(buf);
    }
    char *r = len >= 0 ? strstr(buf, ";rng=") : NULL;
    if (!r) return len;
    if (variant == 0) { *r = 0; return (int)(r - buf); }
    for (char *p = r + 5; *p; p++) *p = '0';
    return len;
}

/* A take prints the cell one row further down. */
static int print_take_misplaced(const void *st, const game_move *m, char *buf, size_t n)
{
    game_move x = *m;
    if (x.kind == HDZ_MV_TAKE) x.a = (uint8_t)(x.a + HDZ_W);
    return hdz_engine.move_print(st, &x, buf, n);
}

/* In phase PLAY the list also offers a goat card the player does not hold. */
static int legal_with_a_card_not_in_hand(const void *vst, game_move *out, int max)
{
    const hdz_state *st = vst;
    int k = hdz_engine.legal_moves(vst, out, max);
    if (st->phase != HDZ_PH_PLAY || k >= max) return k;
    for (int c = 0; c < HDZ_GOATS; c++)
        if (c != st->hand[st->turn][0] && c != st->hand[st->turn][1]) {
            memset(&out[k], 0, sizeof out[k]);
            out[k].kind = HDZ_MV_PLAY;
            out[k].a = (uint8_t)c;
            return k + 1;
        }
    return k;
}

/* An illegal move is rejected after writing its card as played (variant 0), or is
 * reported as done without doing anything (variant 1). */
static int apply_sloppy_reject(void *st, const game_move *m)
{
    int rc = hdz_engine.apply(st, m);
    if (rc != GAME_ILLEGAL) return rc;
    if (variant == 1) return GAME_OK;
    ((hdz_state *)st)->played = m->a;
    return rc;
}

/* The game looks over while a card must be taken. */
static int to_move_none_while_taking(const void *vst)
{
    const hdz_state *st = vst;
    return st->phase == HDZ_PH_TAKE ? -1 : hdz_engine.to_move(vst);
}

/* The scores, and a score for the seat after the last player too. */
static int result_beyond_players(const void *vst, int *scores, unsigned *winners)
{
    const hdz_state *st = vst;
    int rc = hdz_engine.result(vst, scores, winners);
    if (rc == GAME_OK) scores[st->players] = 0;
    return rc;
}

/* In phase PLAY, the second card may only be played when the next seat holds no dog. */
static int legal_peeking_at_the_next_hand(const void *vst, game_move *out, int max)
{
    const hdz_state *st = vst;
    int k = hdz_engine.legal_moves(vst, out, max);
    int spy = (st->turn + 1) % st->players;
    if (st->phase == HDZ_PH_PLAY && k > 1 && (st->hand[spy][0] == HDZ_DOG || st->hand[spy][1] == HDZ_DOG))
        k--;
    return k;
}

/* One move fewer while P3 holds exactly the two cards of spy_hand, which P2 cannot see (the whole
 * hand: a shuffle of what P2 cannot see may leave one of them with P3, hardly both). */
static uint8_t spy_hand[2];
static int legal_peeking_at_p3s_card(const void *vst, game_move *out, int max)
{
    const hdz_state *st = vst;
    int k = hdz_engine.legal_moves(vst, out, max);
    return k > 1 && st->hand[2][0] == spy_hand[0] && st->hand[2][1] == spy_hand[1] ? k - 1 : k;
}

/* GEN-DETERMINISM */
START_TEST(determinism_oracle_fires_when_apply_gives_another_state_the_second_time)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "E3", 0, 0);
    hdz_state st2 = st;
    trans t = step(&st, "play E3");
    accepts(&t, "GEN-DETERMINISM");
    break_engine();
    broken.apply = apply_flaky;
    t = step_by(&broken, &st2, "play E3");   /* the first call is right, the oracle's is not */
    broken_rejects(&t, "GEN-DETERMINISM");
}
END_TEST

/* GEN-ROUNDTRIP: a printed position that loses the generator (0, 1) is reported under GEN-ROUNDTRIP;
 * one that loses a card (2) is refused by the loader's HDZ-CARDS-121 check, and the failure is
 * reported under that clause, the refusal quoted. */
START_TEST(roundtrip_oracle_fires_when_the_position_text_loses_a_field)
{
    hdz_state st;
    deal(&st);
    setup_judge(&st);
    clean("GEN-ROUNDTRIP", 1);
    break_engine();
    broken.position_print = print_lossy;
    variant = _i;
    inv_init(&ctx, &broken, INV_GEN_ALL);
    setup_judge(&st);
    const char *id = variant == 2 ? "HDZ-CARDS-121" : "GEN-ROUNDTRIP";
    caught(tu_clause(&ctx, id));
    ck_assert_int_eq(ctx.first_k, tu_clause(&ctx, id));
    if (variant == 2)
        ck_assert_msg(strstr(ctx.first_msg, "printed position does not parse (GEN-ROUNDTRIP): position: the 121 cards must each stand in one place")
                      && strstr(ctx.first_msg, "(HDZ-CARDS-121)"), "%s", ctx.first_msg);
}
END_TEST

/* GEN-NOTATION */
START_TEST(notation_oracle_fires_when_a_take_prints_another_cell)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "Dog", 0, 0);
    play(&st, "play Dog");
    trans t = step(&st, "take d4");
    accepts(&t, "GEN-NOTATION");
    break_engine();
    broken.move_print = print_take_misplaced;
    broken_rejects(&t, "GEN-NOTATION");
}
END_TEST

/* GEN-LEGAL-APPLIES */
START_TEST(legal_applies_oracle_fires_when_legal_moves_lists_a_card_not_in_hand)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "E3", 0, 0);
    trans t = step(&st, "play E3");
    accepts(&t, "GEN-LEGAL-APPLIES");
    break_engine();
    broken.legal_moves = legal_with_a_card_not_in_hand;
    broken_rejects(&t, "GEN-LEGAL-APPLIES");
}
END_TEST

/* GEN-REJECT-UNCHANGED */
START_TEST(reject_oracle_fires_when_an_unlisted_move_changes_the_state_or_is_accepted)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "E3", 0, 0);
    trans t = step(&st, "play E3");
    accepts(&t, "GEN-REJECT-UNCHANGED");
    break_engine();
    broken.apply = apply_sloppy_reject;
    variant = _i;
    broken_rejects(&t, "GEN-REJECT-UNCHANGED");
}
END_TEST

/* GEN-REJECT-UNCHANGED (issue 36 point 4): the rejection probes build their own variants of every
 * listed move and compare moves byte by byte themselves, so an engine whose move comparison reads
 * half of a move's bytes accepts a variant and is caught: a variant of the played move (variant 0),
 * or, with the played move's variants refused, one of the other listed move (variant 1: P1's other
 * hand card), which only the variants of every listed move reach. */
START_TEST(reject_oracle_fires_when_the_engine_compares_half_of_a_moves_bytes)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "E3", 0, 0);
    tu_put_hand(&st, "A1", 0, 1);
    trans t = step(&st, "play E3");
    accepts(&t, "GEN-REJECT-UNCHANGED");
    break_engine();
    tu_break_compare(&broken, &hdz_engine, _i == 1 ? t.m.a : -1);
    broken_rejects(&t, "GEN-REJECT-UNCHANGED");
    ck_assert_int_eq(ctx.first_k, tu_clause(&ctx, "GEN-REJECT-UNCHANGED"));
    ck_assert_msg(strstr(ctx.first_msg, _i == 0 ? "'play E3' with byte" : "'play A1' with byte") &&
                  strstr(ctx.first_msg, ") was accepted"), "%s", ctx.first_msg);
}
END_TEST

/* GEN-REFUSAL: a position text with a field no game has is refused in one printable line; a loader
 * whose refusal has no reason, or a reason of two lines, is reported under GEN-REFUSAL (not under no
 * clause, not under GEN-ROUNDTRIP, whose round trip still holds). */
START_TEST(refusal_oracle_fires_when_a_refused_position_has_no_one_line_reason)
{
    hdz_state st;
    deal(&st);
    setup_judge(&st);
    clean("GEN-REFUSAL", 1);
    break_engine();
    tu_break_reason(&broken, &hdz_engine, _i);
    tu_deal_caught(&ctx, &broken, &st, "GEN-REFUSAL");
    ck_assert_msg(strstr(ctx.first_msg, _i == TU_REASON_EMPTY ? "an empty reason" : "not one printable line"), "%s", ctx.first_msg);
}
END_TEST

/* A deal that refuses five players, a table size the game has. */
static int seed_refusing_five(void *st, const game_config *cfg, uint64_t seed)
{
    return cfg->players == 5 ? GAME_BADARG : hdz_engine.setup_seed(st, cfg, seed);
}

/* GEN-REFUSAL, its other half: a configuration the game plays is taken. An engine whose setup_seed
 * refuses five players is reported under GEN-REFUSAL at a three-player deal. */
START_TEST(refusal_oracle_fires_when_setup_seed_refuses_a_table_size_the_game_has)
{
    hdz_state st;
    deal(&st);
    break_engine();
    broken.setup_seed = seed_refusing_five;
    tu_deal_caught(&ctx, &broken, &st, "GEN-REFUSAL");
    ck_assert_msg(strstr(ctx.first_msg, "setup_seed refuses 5 players"), "%s", ctx.first_msg);
}
END_TEST

/* GEN-READINGS: the readings print as the record writes them and parse back (rules/game.c), and each
 * profile parses to its readings. An engine whose register names two ambiguities by one key (variant 0:
 * the list no longer parses back) or two profiles by one name (variant 1: the second parses to the
 * first's readings) is reported under GEN-READINGS. */
START_TEST(readings_oracle_fires_when_the_readings_do_not_print_and_parse_back)
{
    hdz_state st;
    deal(&st);
    setup_judge(&st);
    clean("GEN-READINGS", 1);
    break_engine();
    tu_break_register(&broken, &hdz_engine, _i);
    ck_assert_uint_ne(hdz_engine.profiles[0].readings, hdz_engine.profiles[1].readings);
    tu_deal_caught(&ctx, &broken, &st, "GEN-READINGS");
    ck_assert_msg(strstr(ctx.first_msg, _i == TU_REG_KEY ? "parses to" : "profile '"), "%s", ctx.first_msg);
}
END_TEST

/* GEN-RECORD: the game written as a record (records/record.c, as triage and `rulefuzz play` write it)
 * replays to the same state; a writer that prints a take one row off (the engine's move_print, which
 * the record writer uses) gives a record of another game, reported under GEN-RECORD. */
START_TEST(record_oracle_fires_when_the_games_record_replays_to_another_game)
{
    hdz_state st, st0;
    start(&st, 3, NL);
    tu_put_hand(&st, "Dog", 0, 0);
    st0 = st;
    game_move log[2];
    log[0] = step(&st, "play Dog").m;
    log[1] = step(&st, "take d4").m;
    break_engine();
    broken.move_print = print_take_misplaced;
    tu_record_check_caught(&ctx, G, &broken, &st0, log, 2, &st);
}
END_TEST

/* GEN-TERMINAL */
START_TEST(terminal_oracle_fires_when_to_move_says_over_while_moves_exist)
{
    hdz_state st;
    start(&st, 3, NL);
    empty_pile(&st);
    static const char *cells[] = {"d2", "d3", "d5", "d6", "d7"};
    for (int i = 0; i < 5; i++) to_box(&st, cells[i]);
    tu_put_hand(&st, "Dog", 0, 0);
    trans t = step(&st, "play Dog");
    silent(&t, "GEN-TERMINAL");               /* P1 must take: not over */
    trans end = step(&st, "take d4");
    accepts(&end, "GEN-TERMINAL");            /* the last card of column d: over */
    break_engine();
    broken.to_move = to_move_none_while_taking;
    broken_rejects(&t, "GEN-TERMINAL");
    /* "scores into scores[players]" (game.h): a score written for a seat that does not play */
    break_engine();
    broken.result = result_beyond_players;
    broken_rejects(&end, "GEN-TERMINAL");
}
END_TEST

/* GEN-HIDDEN-INFO */
START_TEST(hidden_info_oracle_fires_when_legal_moves_peek_at_another_hand)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "Dog", 0, 0);
    tu_put_hand(&st, "A1", 1, 0);
    tu_put_hand(&st, "B1", 1, 1);
    tu_put_hand(&st, "Dog", 2, 0);             /* P3 holds a dog, which P2 cannot see */
    tu_put_hand(&st, "C4", 2, 1);              /* and a goat card, of which there is one */
    ck_assert(st.hand[2][0] == HDZ_DOG || st.hand[2][1] == HDZ_DOG);
    play(&st, "play Dog");
    trans t = step(&st, "take d4");            /* P2 to play A1 or B1 */
    ck_assert_int_eq(G->to_move(&t.post), 1);
    accepts(&t, "GEN-HIDDEN-INFO");
    break_engine();
    broken.legal_moves = legal_peeking_at_the_next_hand;
    broken_rejects_generic(&t, "GEN-HIDDEN-INFO");
    ck_assert_msg(strstr(ctx.first_msg, "P2's legal moves depend on cards P2 cannot see"), "%s", ctx.first_msg);
    /* the same kind of peek behind a view that hides nothing: only shuffling the unseen cards
     * (P3's card goes elsewhere) shows it */
    break_engine();
    memcpy(spy_hand, t.post.hand[2], sizeof spy_hand);
    broken.legal_moves = legal_peeking_at_p3s_card;
    tu_break_redact(&broken, TU_LEAK, 0, sizeof t.post, 0);
    broken_rejects_generic(&t, "GEN-HIDDEN-INFO");
    ck_assert_msg(strstr(ctx.first_msg, "P2's legal moves change when the cards P2 cannot see are shuffled"), "%s",
                  ctx.first_msg);
}
END_TEST

/* GEN-HIDDEN-INFO: the view itself. It keeps what the decider sees, hides what it cannot see
 * (a state with the unseen cards shuffled redacts to the same bytes), and is canonical. */
START_TEST(hidden_info_oracle_fires_when_a_view_leaks_loses_a_card_or_is_not_canonical)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "Dog", 0, 0);
    play(&st, "play Dog");
    trans t = step(&st, "take d4");            /* P2 decides next: P1's, P3's hands and the pile unseen */
    ck_assert_int_eq(G->to_move(&t.post), 1);
    ck_assert_int_gt(t.post.pile_len, 2);
    accepts(&t, "GEN-HIDDEN-INFO");
    size_t pile = offsetof(hdz_state, pile);
    break_engine();
    tu_break_redact(&broken, TU_LEAK, 0, sizeof t.post, 0);   /* no redaction: the other hands and the pile show */
    broken_rejects_generic(&t, "GEN-HIDDEN-INFO");
    ck_assert_msg(strstr(ctx.first_msg, "leaks unseen cards"), "%s", ctx.first_msg);
    break_engine();
    tu_break_redact(&broken, TU_BUMP, offsetof(hdz_state, rng), 1, 0);   /* not canonical */
    broken_rejects_generic(&t, "GEN-HIDDEN-INFO");
    ck_assert_msg(strstr(ctx.first_msg, "not idempotent"), "%s", ctx.first_msg);
    break_engine();                                          /* P3's first card shown as the pile's bottom card */
    tu_break_redact(&broken, TU_DUP, offsetof(hdz_state, hand[2][0]), 1, pile);
    broken_rejects_generic(&t, "GEN-HIDDEN-INFO");
    ck_assert_msg(strstr(ctx.first_msg, "changes what P2 sees: the unseen cards"), "%s", ctx.first_msg);
    break_engine();                                          /* P3's hand size */
    tu_break_redact(&broken, TU_DUP, offsetof(hdz_state, hand[2][1]), 1, offsetof(hdz_state, stable[4]));
    broken_rejects_generic(&t, "GEN-HIDDEN-INFO");
    ck_assert_msg(strstr(ctx.first_msg, "P3 holds 2 card(s), then 1"), "%s", ctx.first_msg);
}
END_TEST

/* GEN-HIDDEN-INFO: the engine's determinize is judged by the oracle's own account of what P2 sees
 * (view_differs) and by HDZ-CARDS-121: a sample that changes a card of P2's own hand (swapped with the
 * pile's bottom card), or doubles P2's A1 in the pile and so loses an unseen card, is reported. */
START_TEST(hidden_info_oracle_fires_when_determinize_shows_p2_another_card_or_loses_one)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "Dog", 0, 0);
    tu_put_hand(&st, "A1", 1, 0);
    tu_put_hand(&st, "B1", 1, 1);
    play(&st, "play Dog");
    trans t = step(&st, "take d4");            /* P2 decides next: P1's, P3's hands and the pile unseen */
    ck_assert_int_eq(G->to_move(&t.post), 1);
    ck_assert_int_gt(t.post.pile_len, 2);
    accepts(&t, "GEN-HIDDEN-INFO");
    break_engine();
    tu_break_determinize(&broken, TU_DET_SWAP, offsetof(hdz_state, hand[1][0]), offsetof(hdz_state, pile[0]));
    broken_rejects_generic(&t, "GEN-HIDDEN-INFO");
    ck_assert_msg(strstr(ctx.first_msg, "determinize changed what P2 sees: P2's own hand"), "%s", ctx.first_msg);
    break_engine();
    tu_break_determinize(&broken, TU_DET_DUP, offsetof(hdz_state, pile[0]), offsetof(hdz_state, hand[1][0]));
    broken_rejects_generic(&t, "GEN-HIDDEN-INFO");
    ck_assert_msg(strstr(ctx.first_msg, "determinize changed what P2 sees: the unseen cards"), "%s", ctx.first_msg);
}
END_TEST

/* GEN-HIDDEN-INFO: a view keeps a hand of one card at one card (and one of none at none). */
START_TEST(hidden_info_accepts_views_of_short_hands)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "Dog", 0, 0);
    st.box[st.hand[2][1]]++;                   /* P3 holds one card, P2 none */
    st.hand[2][1] = HDZ_NONE;
    st.box[st.hand[1][0]]++;
    st.box[st.hand[1][1]]++;
    st.hand[1][0] = st.hand[1][1] = HDZ_NONE;
    trans t = step(&st, "play Dog");           /* P1 takes next */
    ck_assert_int_eq(G->to_move(&t.post), 0);
    judge(&t);
    ck_assert_msg(ctx.count[tu_clause(&ctx, "GEN-HIDDEN-INFO")].violated == 0, "%s", ctx.first_msg);
    hdz_state view = t.post;
    G->redact(&view, 0);
    ck_assert(view.hand[2][0] != HDZ_NONE && view.hand[2][1] == HDZ_NONE);
    ck_assert(view.hand[1][0] == HDZ_NONE && view.hand[1][1] == HDZ_NONE);
}
END_TEST

/* GEN-HIDDEN-INFO: a revealed card (HDZ-SCORE-FIFTH-HAND) stays in every view of its hand; a view that
 * loses it is reported under HDZ-SCORE-FIFTH-HAND, the clause that revealed it. */
START_TEST(hidden_info_oracle_fires_when_a_view_hides_a_revealed_card)
{
    hdz_state st;
    trans t = fifth_in_p3s_hand(&st);
    int who = G->to_move(&t.post), g5 = tu_card("G5");
    ck_assert_int_ne(who, 2);                                /* a seat that sees P3's hand only by its backs */
    ck_assert_int_eq(t.post.shown[2][0], g5);
    accepts(&t, "GEN-HIDDEN-INFO");
    /* a view that turns the revealed card into a copy of the pile's bottom card */
    hdz_state view = t.post;
    G->redact(&view, who);
    size_t slot = offsetof(hdz_state, hand[2][0]) + (view.hand[2][0] == g5 ? 0 : 1);
    break_engine();
    tu_break_redact(&broken, TU_DUP, slot, 1, offsetof(hdz_state, pile));
    broken_rejects(&t, "HDZ-SCORE-FIFTH-HAND");
    ck_assert_int_eq(ctx.first_k, tu_clause(&ctx, "HDZ-SCORE-FIFTH-HAND"));
    ck_assert_msg(strstr(ctx.first_msg, "P3's revealed G5 (HDZ-SCORE-FIFTH-HAND) (GEN-HIDDEN-INFO)"), "%s", ctx.first_msg);
}
END_TEST

/* HDZ-FACTS: a wrong fact in the engine's table is named at the deal, field by field: the 16 milk
 * cards split 9 and 7 (the removal table still satisfiable), a 2-player stable one step on. */
START_TEST(facts_oracle_fires_when_the_engine_table_splits_the_milk_9_7_or_moves_a_stable)
{
    hdz_params t = hdz_param;
    t.milk_ones = 9; t.milk_twos = 7;
    tu_facts_caught(G, "HDZ-FACTS", &hdz_param, &t, "milk split 9 x 1 + 7 x 2");
    t = hdz_param;
    t.stable_site[2][1] = 16;
    tu_facts_caught(G, "HDZ-FACTS", &hdz_param, &t, "seat 2's stable at track 16");
    hdz_state st;                          /* and the engine's own table passes at every deal */
    deal(&st);
    setup_judge(&st);
    clean("HDZ-FACTS", 1);
}
END_TEST

/* Every clause the hdz context checks has its test above: a new clause fails here until it has one. */
static const char *const proven[] = {
    "GEN-DETERMINISM", "GEN-ROUNDTRIP", "GEN-NOTATION", "GEN-LEGAL-APPLIES", "GEN-REJECT-UNCHANGED",
    "GEN-TERMINAL", "GEN-HIDDEN-INFO", "GEN-READINGS", "GEN-REFUSAL", "GEN-RECORD",
    "HDZ-CARDS-121", "HDZ-SETUP-PLAYERS", "HDZ-TURN-PHASES", "HDZ-DOG-NO-MAJORITY", "HDZ-SCORE-REMINDER",
    "HDZ-SETUP-REMOVAL", "HDZ-SETUP-MEADOW", "HDZ-SETUP-STABLES", "HDZ-SETUP-HAND",
    "HDZ-SETUP-DOG-REDRAW", "HDZ-TURN-ORDER", "HDZ-TURN-PLAY", "HDZ-TURN-MOVE", "HDZ-DOG-NOMOVE",
    "HDZ-TURN-TAKE", "HDZ-TAKE-NOMARKED", "HDZ-TAKE-REFILL", "HDZ-SCORE-MAJORITY8", "HDZ-SCORE-WORTHLESS",
    "HDZ-SCORE-FUTURE", "HDZ-SCORE-FOURTH", "HDZ-SCORE-FOURTH-SUM", "HDZ-SCORE-FOURTH-COUNT",
    "HDZ-SCORE-FOURTH-TRIGGER", "HDZ-SCORE-FIFTH-MEADOW", "HDZ-SCORE-FIFTH-HAND", "HDZ-SCORE-B-WORTHLESS",
    "HDZ-DOG-SWAP-NEUTRAL", "HDZ-DOG-SWAP-AGREE", "HDZ-DOG-EMPTY", "HDZ-END-LINE-EMPTY", "HDZ-END-BLOCKED",
    "HDZ-FINAL-MEADOW", "HDZ-FINAL-STABLE-DOUBLE", "HDZ-FINAL-MILK-FIRST", "HDZ-FINAL-MILK-SECOND",
    "HDZ-FINAL-MILK-TIE", "HDZ-FINAL-WINNER", "HDZ-LEGAL-SET", "HDZ-FACTS",
};

/* ---- Clauses found by rule-text coverage (rulefuzz textcov) ------------------------------------ */

/* The notation of the first legal move (tests that need any take). */
static const char *first_legal(const hdz_state *st, char *buf, size_t n)
{
    game_move ms[GAME_MAX_MOVES];
    ck_assert_int_gt(G->legal_moves(st, ms, GAME_MAX_MOVES), 0);
    ck_assert_int_gt(G->move_print(st, &ms[0], buf, n), 0);
    return buf;
}

/* HDZ-SETUP-PLAYERS */
START_TEST(players_oracle_fires_on_a_state_of_six_players)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "B2", 0, 0);
    trans t = step(&st, "play B2");
    accepts(&t, "HDZ-SETUP-PLAYERS");
    t.post.players = 6;
    rejects(&t, "HDZ-SETUP-PLAYERS");
}
END_TEST

/* HDZ-TURN-PHASES */
START_TEST(phases_oracle_fires_when_a_play_is_followed_by_another_play_of_the_same_seat)
{
    hdz_state st;
    start(&st, 3, NL);
    tu_put_hand(&st, "B2", 0, 0);
    trans t = step(&st, "play B2");
    judge(&t);
    clean("HDZ-TURN-PHASES", 0);
    char mv[32];
    trans u = step(&st, first_legal(&st, mv, sizeof mv));
    accepts(&u, "HDZ-TURN-PHASES");
    t.post.phase = HDZ_PH_PLAY;                  /* P1 would play twice */
    rejects(&t, "HDZ-TURN-PHASES");
}
END_TEST

/* HDZ-DOG-NO-MAJORITY */
START_TEST(dog_no_majority_oracle_fires_when_dogs_count_toward_a_sum_of_eight)
{
    hdz_state st;
    /* P1 shows F5 + F2 (7) and a dog; F1 in the meadow at b2. Playing a second dog scores nothing. */
    start(&st, 3, NL);
    tu_put_cell(&st, "F1", "b2");
    tu_show(&st, "F5", 0);
    tu_show(&st, "F2", 0);
    tu_put_hand(&st, "Dog", 0, 0);
    play(&st, "play Dog");
    char mvs[32];
    trans t = step(&st, first_legal(&st, mvs, sizeof mvs));
    while (t.post.phase == HDZ_PH_DOG) t = step(&st, "pass");
    accepts(&t, "HDZ-DOG-NO-MAJORITY");
    /* a wrong engine: the dog made the 7 an 8, P1 owns F and marks b2 */
    t.post.owner[5] = 0;
    remark(&t.post, "b2", 0);
    rejects(&t, "HDZ-DOG-NO-MAJORITY");
}
END_TEST

/* HDZ-SCORE-REMINDER HDZ-AMB-REMINDER */
START_TEST(reminder_oracle_fires_when_reminder_goats_are_counted_under_memo_or_forgotten_under_reserve)
{
    hdz_state st;
    for (int reserve = 0; reserve <= 1; reserve++) {
        start(&st, 3, reserve ? NL | HDZ_R_REMIND_RESERVE : NL);
        tu_put_cell(&st, "F2", "c5");
        tu_put(&st, "F1", (tu_slot){1, 0, 0});    /* F1 waits at the bottom of the pile */
        tu_put_hand(&st, "F3", 0, 0);
        tu_show(&st, "F5", 0);
        tu_show(&st, "F4", 1);
        play(&st, "play F3");
        trans t = step(&st, "take g2");
        ck_assert_int_eq(t.post.remind[5], reserve);
        if (reserve) accepts(&t, "HDZ-SCORE-REMINDER"); else silent(&t, "HDZ-SCORE-REMINDER");
        if (reserve) { t.post.remind[5] = 0; t.post.supply[0]++; }   /* forgotten, goat back home */
        else { t.post.remind[5] = 1; t.post.supply[0]--; }            /* memo counted as reserve */
        rejects(&t, "HDZ-SCORE-REMINDER");
    }
}
END_TEST


/* In the position after the move, legal_moves forgets P1's swap with J3 at f5 (variant 0) or its
 * last take (variant 1), offers a take of c5, which carries P1's small goat (variant 2), lists its
 * first take twice (variant 3), or offers `pass` in phase TAKE (variant 4). */
static int legal_wrong_set(const void *vst, game_move *out, int max)
{
    const hdz_state *st = vst;
    int k = hdz_engine.legal_moves(vst, out, max);
    for (int i = 0; i < k; i++)
        if ((variant == 0 && out[i].kind == HDZ_MV_DOG && out[i].b == tu_cell("f5")) ||
            (variant == 1 && out[i].kind == HDZ_MV_TAKE && i == k - 1)) {
            memmove(&out[i], &out[i + 1], sizeof *out * (size_t)(k - i - 1));
            return k - 1;
        }
    if (variant == 2 && st->phase == HDZ_PH_TAKE && k < max) {
        memset(&out[k], 0, sizeof out[k]);
        out[k].kind = HDZ_MV_TAKE;
        out[k].a = (uint8_t)tu_cell("c5");
        return k + 1;
    }
    if (variant == 3 && st->phase == HDZ_PH_TAKE && k > 0 && k < max) {
        out[k] = out[0];
        return k + 1;
    }
    if (variant == 4 && st->phase == HDZ_PH_TAKE && k < max) {
        memset(&out[k], 0, sizeof out[k]);
        out[k].kind = HDZ_MV_PASS;
        return k + 1;
    }
    return k;
}

/* HDZ-LEGAL-SET HDZ-DOG-SWAP-NEUTRAL HDZ-TURN-TAKE HDZ-TAKE-NOMARKED: a missing move is reported under
 * the clause that allows it (the swap with a neutral card, a take beside the goat), an extra one
 * under the clause that forbids it (a marked card: HDZ-TAKE-NOMARKED; a `pass` in phase TAKE, which
 * offers no other move: HDZ-TURN-TAKE), and only a move listed twice under HDZ-LEGAL-SET itself. */
START_TEST(legal_set_oracle_fires_when_legal_moves_forgets_a_dog_swap_or_a_take_or_offers_a_marked_card)
{
    static const char *const named[] = {"HDZ-DOG-SWAP-NEUTRAL", "HDZ-TURN-TAKE", "HDZ-TAKE-NOMARKED", "HDZ-LEGAL-SET",
                                        "HDZ-TURN-TAKE"};
    static const char *const says[] = {"dog c5-f5", "take", "take c5", "listed twice", "pass"};
    hdz_state st;
    dog_position(&st);
    trans played = step(&st, "play Dog");        /* post: TAKE beside the unmoved goat */
    trans took = step(&st, "take d7");           /* post: DOG, c5-f5 a swap with a neutral card */
    ck_assert_int_eq(took.post.phase, HDZ_PH_DOG);
    accepts(&played, "HDZ-LEGAL-SET");
    accepts(&took, "HDZ-LEGAL-SET");
    break_engine();
    broken.legal_moves = legal_wrong_set;
    variant = _i;
    inv_init(&ctx, &broken, 0);                  /* the game's oracles alone: the set is the first to speak */
    rejects(_i == 0 ? &took : &played, named[_i]);
    ck_assert_str_eq(tu_first_id(&ctx), named[_i]);
    ck_assert_msg(strncmp(ctx.first_msg, "legal moves: ", 13) == 0, "%s", ctx.first_msg);
    ck_assert_msg(strstr(ctx.first_msg, says[_i]) != NULL, "the message names no %s: %s", says[_i], ctx.first_msg);
    if (_i != 3) ck_assert_uint_eq(ctx.count[tu_clause(&ctx, "HDZ-LEGAL-SET")].violated, 0);
}
END_TEST

/* Offers `keep` in a redraw where the engine withholds it (dog-redraw=compulsory). */
static int legal_offers_keep(const void *vst, game_move *out, int max)
{
    const hdz_state *st = vst;
    int k = hdz_engine.legal_moves(vst, out, max);
    if (st->phase != HDZ_PH_REDRAW || k >= max) return k;
    for (int i = 0; i < k; i++) if (out[i].kind == HDZ_MV_KEEP) return k;
    memmove(&out[1], &out[0], sizeof *out * (size_t)k);
    memset(&out[0], 0, sizeof out[0]);
    out[0].kind = HDZ_MV_KEEP;
    return k + 1;
}

/* HDZ-SETUP-DOG-REDRAW HDZ-AMB-DOG-REDRAW HDZ-LEGAL-SET: under dog-redraw=optional P1 may keep a
 * starting hand with a dog; the same step under compulsory (the dog must go back while the pile
 * has a card) is reported by the redraw clause, and a legal_moves that still offers `keep` (an
 * extra move) by the legal-set oracle under HDZ-SETUP-DOG-REDRAW, the clause that forbids it. */
START_TEST(dog_redraw_oracle_fires_when_a_dog_is_kept_under_compulsory)
{
    hdz_state st;
    tu_hdz_deal(&st, 3, NL, 2);
    inv_init(&ctx, G, INV_GEN_ALL);
    while (st.phase == HDZ_PH_REDRAW) play(&st, "keep");
    tu_put_hand(&st, "B5", 0, 0);
    tu_put_hand(&st, "Dog", 0, 1);
    tu_put_pile_top(&st, "A1");
    st.phase = HDZ_PH_REDRAW;
    st.turn = st.decider = 0;
    hdz_state forced = st;
    trans t = step(&st, "keep");
    silent(&t, "HDZ-SETUP-DOG-REDRAW");
    t.pre.readings |= HDZ_R_REDRAW_FORCED;
    t.post.readings |= HDZ_R_REDRAW_FORCED;
    rejects(&t, "HDZ-SETUP-DOG-REDRAW");
    /* the engine under compulsory offers only `return`; a faulty one offers `keep` as well */
    forced.readings |= HDZ_R_REDRAW_FORCED;
    game_move ms[GAME_MAX_MOVES];
    ck_assert_int_eq(G->legal_moves(&forced, ms, GAME_MAX_MOVES), 1);
    ck_assert_int_eq(ms[0].kind, HDZ_MV_RETURN);
    inv_reset_counts(&ctx);
    inv_on_position(&ctx, &forced);
    clean("HDZ-LEGAL-SET", 1);
    break_engine();
    broken.legal_moves = legal_offers_keep;
    inv_init(&ctx, &broken, 0);
    inv_reset_counts(&ctx);
    inv_on_position(&ctx, &forced);
    caught(tu_clause(&ctx, "HDZ-SETUP-DOG-REDRAW"));
    ck_assert_str_eq(tu_first_id(&ctx), "HDZ-SETUP-DOG-REDRAW");
    ck_assert_msg(strncmp(ctx.first_msg, "legal moves: ", 13) == 0 && strstr(ctx.first_msg, "keep"), "%s", ctx.first_msg);
}
END_TEST

/* HDZ-TURN-PHASES HDZ-TURN-PLAY: a loaded position is judged too: the game is over only by an end
 * condition, an end met leaves at most the turn's dog move (none under end=immediate), a dog phase
 * follows a played dog, a refused swap stands only in the dog phase after it, and the played card
 * lies in its player's display. */
START_TEST(position_oracles_fire_on_an_end_without_a_condition_and_a_played_card_not_in_the_display)
{
    hdz_state st;
    tu_hdz_deal(&st, 3, NL, 2);
    inv_init(&ctx, G, 0);
    while (st.phase == HDZ_PH_REDRAW) play(&st, "keep");
    inv_reset_counts(&ctx);
    inv_on_position(&ctx, &st);
    clean("HDZ-TURN-PHASES", 0);
    clean("HDZ-TURN-PLAY", 0);
    hdz_state bad = st;
    bad.phase = HDZ_PH_OVER;                        /* over, with no end condition met */
    bad.decider = HDZ_NONE;
    inv_reset_counts(&ctx);
    inv_on_position(&ctx, &bad);
    caught(tu_clause(&ctx, "HDZ-TURN-PHASES"));
    bad = st;
    bad.ending = HDZ_END_LINE;                      /* a line emptied, yet the next turn's play */
    inv_reset_counts(&ctx);
    inv_on_position(&ctx, &bad);
    caught(tu_clause(&ctx, "HDZ-TURN-PHASES"));
    bad = st;
    bad.phase = HDZ_PH_TAKE;                        /* a card played that lies in a hand, not the display */
    bad.played = st.hand[st.turn][0];
    inv_reset_counts(&ctx);
    inv_on_position(&ctx, &bad);
    caught(tu_clause(&ctx, "HDZ-TURN-PLAY"));
    bad = st;
    bad.refused = 1;                                /* a refused swap at the start of a turn */
    inv_reset_counts(&ctx);
    inv_on_position(&ctx, &bad);
    caught(tu_clause(&ctx, "HDZ-TURN-PHASES"));
}
END_TEST

START_TEST(every_clause_of_the_hdz_oracles_has_a_wrong_transition_test)
{
    const int n = (int)(sizeof proven / sizeof proven[0]);
    inv_init(&ctx, G, INV_GEN_ALL);
    ck_assert_int_eq(ctx.n, n);
    for (int k = 0; k < ctx.n; k++) {
        int found = 0;
        for (int i = 0; i < n && !found; i++) found = strcmp(proven[i], ctx.clause[k]->id) == 0;
        ck_assert_msg(found, "clause %s has no test in check_hdz_oracles.c", ctx.clause[k]->id);
    }
}
END_TEST

static Suite *oracles_suite(void)
{
    Suite *s = suite_create("hdz-oracles");
    TCase *tc = tcase_create("setup");
    tcase_add_test(tc, cards121_oracle_fires_when_the_refill_card_also_stays_on_the_pile);
    tcase_add_test(tc, removal_oracle_fires_when_a_removed_type_is_split);
    tcase_add_test(tc, meadow_oracle_fires_when_a_place_is_dealt_empty);
    tcase_add_test(tc, meadow_oracle_fires_on_a_small_goat_dealt_onto_a_card_in_phase_play);
    tcase_add_test(tc, stables_oracle_fires_when_a_large_goat_starts_one_step_past_its_stable);
    tcase_add_test(tc, hand_oracle_fires_when_a_player_is_dealt_one_card);
    tcase_add_test(tc, dog_redraw_oracle_fires_when_the_replacement_is_not_the_top_card);
    tcase_add_test(tc, facts_oracle_fires_when_the_engine_table_splits_the_milk_9_7_or_moves_a_stable);
    suite_add_tcase(s, tc);

    tc = tcase_create("clauses found by rule-text coverage");
    tcase_add_test(tc, players_oracle_fires_on_a_state_of_six_players);
    tcase_add_test(tc, phases_oracle_fires_when_a_play_is_followed_by_another_play_of_the_same_seat);
    tcase_add_test(tc, dog_no_majority_oracle_fires_when_dogs_count_toward_a_sum_of_eight);
    tcase_add_test(tc, reminder_oracle_fires_when_reminder_goats_are_counted_under_memo_or_forgotten_under_reserve);
    suite_add_tcase(s, tc);
    tc = tcase_create("turn");
    tcase_add_test(tc, turn_order_oracle_fires_when_a_seat_is_skipped);
    tcase_add_test(tc, turn_play_oracle_fires_when_both_hand_cards_are_laid_open);
    tcase_add_test(tc, a_card_doubled_by_a_play_is_named_under_turn_play_before_the_card_count);
    tcase_add_test(tc, turn_move_oracle_fires_when_the_goat_moves_one_step_too_far);
    tcase_add_test(tc, dog_nomove_oracle_fires_when_a_played_dog_moves_the_goat);
    tcase_add_test(tc, turn_take_oracle_fires_when_the_hand_gets_a_card_from_outside_the_line);
    tcase_add_test(tc, take_nomarked_oracle_fires_when_a_marked_card_is_taken);
    tcase_add_test(tc, take_refill_oracle_fires_when_the_gap_is_filled_from_the_bottom_of_the_pile);
    suite_add_tcase(s, tc);

    tc = tcase_create("scoring");
    tcase_add_test(tc, majority8_oracle_fires_when_a_meadow_card_stays_unmarked);
    tcase_add_test(tc, majority8_oracle_fires_when_a_majority_scoring_reveals_a_hand_card);
    tcase_add_test(tc, worthless_oracle_fires_when_an_opponent_keeps_a_card_of_the_type);
    tcase_add_test(tc, future_oracle_fires_when_a_refilled_card_of_an_owned_type_stays_unmarked);
    tcase_add_test(tc, fourth_oracle_fires_when_the_fourth_card_scores_nothing);
    tcase_add_test(tc, fourth_sum_oracle_fires_when_the_smaller_sum_wins);
    tcase_add_test(tc, fourth_count_oracle_fires_when_fewer_cards_win_a_tie_on_the_sum);
    tcase_add_test(tc, fourth_trigger_oracle_fires_when_the_trigger_loses_a_full_tie);
    tcase_add_test(tc, fifth_meadow_oracle_fires_when_the_fifth_card_stays_unmarked);
    tcase_add_test(tc, fifth_hand_oracle_fires_when_the_fifth_card_leaves_the_hand);
    tcase_add_test(tc, b_worthless_oracle_fires_when_the_loser_keeps_its_cards);
    suite_add_tcase(s, tc);

    tc = tcase_create("dog");
    tcase_add_test(tc, swap_neutral_oracle_fires_when_the_small_goat_stays_behind);
    tcase_add_test(tc, swap_agree_oracle_fires_when_the_swap_happens_before_the_agreement);
    tcase_add_test(tc, dog_empty_oracle_fires_when_the_card_lands_on_another_empty_place);
    suite_add_tcase(s, tc);

    tc = tcase_create("end");
    tcase_add_test(tc, end_line_oracle_fires_when_the_game_goes_on_after_a_line_is_emptied);
    tcase_add_test(tc, end_blocked_oracle_fires_when_the_game_goes_on_with_nothing_to_take);
    suite_add_tcase(s, tc);

    tc = tcase_create("final");
    tcase_add_test(tc, final_meadow_oracle_fires_when_a_display_card_scores);
    tcase_add_test(tc, stable_double_oracle_fires_when_cards_at_the_stable_score_single);
    tcase_add_test(tc, a_wrong_stable_bonus_beside_milk_is_named_under_stable_double);
    tcase_add_test(tc, milk_first_oracle_fires_when_the_leader_gets_half);
    tcase_add_test(tc, milk_second_oracle_fires_when_second_place_gets_its_full_sum);
    tcase_add_test(tc, milk_tie_oracle_fires_when_a_tie_for_first_is_broken);
    tcase_add_loop_test(tc, milk_tie_oracle_fires_when_a_tie_for_first_is_paid_by_the_other_tie_sum, 0, 2);
    tcase_add_test(tc, winner_oracle_fires_when_one_of_two_equal_top_scores_is_dropped);
    suite_add_tcase(s, tc);

    tc = tcase_create("conformance");
    tcase_add_test(tc, determinism_oracle_fires_when_apply_gives_another_state_the_second_time);
    tcase_add_loop_test(tc, roundtrip_oracle_fires_when_the_position_text_loses_a_field, 0, 3);
    tcase_add_test(tc, notation_oracle_fires_when_a_take_prints_another_cell);
    tcase_add_test(tc, legal_applies_oracle_fires_when_legal_moves_lists_a_card_not_in_hand);
    tcase_add_loop_test(tc, reject_oracle_fires_when_an_unlisted_move_changes_the_state_or_is_accepted, 0, 2);
    tcase_add_loop_test(tc, reject_oracle_fires_when_the_engine_compares_half_of_a_moves_bytes, 0, 2);
    tcase_add_loop_test(tc, refusal_oracle_fires_when_a_refused_position_has_no_one_line_reason, 0, 2);
    tcase_add_loop_test(tc, readings_oracle_fires_when_the_readings_do_not_print_and_parse_back, 0, 2);
    tcase_add_test(tc, record_oracle_fires_when_the_games_record_replays_to_another_game);
    tcase_add_test(tc, refusal_oracle_fires_when_setup_seed_refuses_a_table_size_the_game_has);
    tcase_add_test(tc, terminal_oracle_fires_when_to_move_says_over_while_moves_exist);
    tcase_add_test(tc, hidden_info_oracle_fires_when_legal_moves_peek_at_another_hand);
    tcase_add_test(tc, hidden_info_oracle_fires_when_a_view_leaks_loses_a_card_or_is_not_canonical);
    tcase_add_test(tc, hidden_info_oracle_fires_when_a_view_hides_a_revealed_card);
    tcase_add_test(tc, hidden_info_accepts_views_of_short_hands);
    tcase_add_test(tc, hidden_info_oracle_fires_when_determinize_shows_p2_another_card_or_loses_one);
    tcase_add_loop_test(tc, legal_set_oracle_fires_when_legal_moves_forgets_a_dog_swap_or_a_take_or_offers_a_marked_card, 0, 5);
    tcase_add_test(tc, dog_redraw_oracle_fires_when_a_dog_is_kept_under_compulsory);
    tcase_add_test(tc, position_oracles_fire_on_an_end_without_a_condition_and_a_played_card_not_in_the_display);
    tcase_add_test(tc, every_clause_of_the_hdz_oracles_has_a_wrong_transition_test);
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
