/* check_bids_oracles.c: Check suite for the Bonje in de Stal oracles: each oracle flags a hand-made wrong transition. */
#include <stddef.h>
#include "testutil_bids.h"

#define C(name) tu_bids_card(name)
#define ST(p, s) BIDS_LOC_STABLE(p, s)

/* One oracle-fires case: a position, a move, and how the wrong post state is made from the right one
 * (or, by_hand, from the state before: the move is one the engine would refuse). */
typedef struct {
    const char *clause;
    int players;
    uint32_t readings;
    const char *pos;
    const char *move;
    void (*wrong)(const bids_state *pre, bids_state *post);
    int by_hand;
} fcase;

static void to_out(bids_state *s, const char *name) { s->loc[C(name)] = BIDS_L_OUT; }

static void w_material(const bids_state *pre, bids_state *post) { (void)pre; post->loc[C("hen1")] = BIDS_L_HELD; }
static void w_players(const bids_state *pre, bids_state *post) { (void)pre; post->players = 5; }
static void w_trick(const bids_state *pre, bids_state *post)
{
    (void)pre;
    int id = post->pile[0][post->pile_len[0] - 1];
    post->pile[0][--post->pile_len[0]] = 0;
    post->loc[id] = BIDS_L_OUT;
}
static void w_flip(const bids_state *pre, bids_state *post) { (void)pre; post->grabbed = 1; }
static void w_grab_race(const bids_state *pre, bids_state *post) { (void)pre; post->actor = 1; }
static void w_touch(const bids_state *pre, bids_state *post)
{
    (void)pre;
    post->loc[C("elephant1")] = BIDS_L_OPEN;
    post->loc[C("hen1")] = BIDS_L_HELD;
    post->held[0] = (uint8_t)C("hen1");
}
static void w_slowest(const bids_state *pre, bids_state *post)
{
    (void)pre;
    int id = post->held[1];
    post->held[1] = BIDS_NONE;
    post->loc[id] = BIDS_L_OPEN;
    post->grabbed &= (uint8_t)~2u;
}
static void w_play_all(const bids_state *pre, bids_state *post)
{
    (void)pre;
    post->held[0] = (uint8_t)C("mare1");
    post->loc[C("mare1")] = BIDS_L_HELD;
}
static void w_out_final(const bids_state *pre, bids_state *post) { (void)pre; post->loc[C("ewe1")] = ST(0, 2); }
static void w_wait(const bids_state *pre, bids_state *post) { (void)pre; post->phase = BIDS_PH_PLAY; post->actor = 1; }
static void w_call_incomplete(const bids_state *pre, bids_state *post) { (void)pre; post->round++; post->round_winners = 2; }
static void w_one_species(const bids_state *pre, bids_state *post) { (void)pre; post->loc[C("cow2")] = ST(0, 0); }
/* the mover's own card put by hand at `where` (where the refused move says) */
static void put_held(const bids_state *pre, bids_state *post, uint8_t where)
{
    int p = pre->actor, id = pre->held[p];
    post->held[p] = BIDS_NONE;
    post->loc[id] = where;
    post->phase = BIDS_PH_TABLE;
    post->actor = 0;
}
static void w_place(const bids_state *pre, bids_state *post) { put_held(pre, post, BIDS_L_OUT); }
static void w_place_p2_1(const bids_state *pre, bids_state *post) { put_held(pre, post, ST(1, 0)); }
static void w_place_p1_2(const bids_state *pre, bids_state *post) { put_held(pre, post, ST(0, 1)); }
static void w_place_p1_1(const bids_state *pre, bids_state *post) { put_held(pre, post, ST(0, 0)); }
static void w_second_male_truck(const bids_state *pre, bids_state *post)
{
    (void)pre;
    post->held[0] = BIDS_NONE;
    post->loc[C("truck1")] = BIDS_L_OUT;
    post->loc[C("cow2")] = ST(1, 1);
    post->phase = BIDS_PH_TABLE;
    post->actor = 0;
}
static void w_no_move(const bids_state *pre, bids_state *post) { (void)pre; post->loc[C("mare1")] = ST(0, 2); }
static void w_madcow(const bids_state *pre, bids_state *post) { (void)pre; post->loc[C("cow1")] = ST(1, 0); }
static void w_wild(const bids_state *pre, bids_state *post) { (void)pre; post->loc[C("mare1")] = ST(1, 0); }
static void w_truck(const bids_state *pre, bids_state *post)
{
    (void)pre;
    post->held[0] = BIDS_NONE;
    post->loc[C("truck1")] = BIDS_L_OUT;
    post->loc[C("elephant1")] = ST(1, 0);
    post->phase = BIDS_PH_TABLE;
    post->actor = 0;
}
static void w_brawl(const bids_state *pre, bids_state *post) { (void)pre; to_out(post, "stallion2"); }
static void w_call_stays(const bids_state *pre, bids_state *post) { memcpy(post, pre, sizeof *post); }
static void w_round_to_p1(const bids_state *pre, bids_state *post) { (void)pre; post->round++; post->round_winners = 1; }
/* The mad cow stays in the stable it emptied (its own rule: it goes out with the animals). */
static void w_madcow_stays(const bids_state *pre, bids_state *post) { (void)pre; post->loc[C("madcow1")] = BIDS_LOC_STABLE(1, 0); }
/* The taker gets the last open card and the slowest seat the touched one. */
static void w_slowest_swapped(const bids_state *pre, bids_state *post)
{
    (void)pre;
    uint8_t a = post->held[0];
    post->held[0] = post->held[1];
    post->held[1] = a;
}
static void w_winners_noncaller(const bids_state *pre, bids_state *post) { (void)pre; post->round_winners = 4; }
static void w_winners_none(const bids_state *pre, bids_state *post) { (void)pre; post->round_winners = 0; }
static void w_winners_other(const bids_state *pre, bids_state *post) { (void)pre; post->round_winners = 1; }
static void w_winners_p2(const bids_state *pre, bids_state *post) { (void)pre; post->round_winners = 2; post->wins[0] = 0; post->wins[1] = 1; post->nstables[0] = 3; post->nstables[1] = 4; }
static void w_new_round(const bids_state *pre, bids_state *post) { (void)pre; post->round++; }
static void w_extra(const bids_state *pre, bids_state *post) { (void)pre; post->nstables[1]++; }
static void w_reset(const bids_state *pre, bids_state *post) { (void)pre; post->round++; }
static void w_game_over(const bids_state *pre, bids_state *post) { (void)pre; post->phase = BIDS_PH_OVER; post->game_winners = 1; post->actor = 0; }
static void w_game_over_both(const bids_state *pre, bids_state *post) { (void)pre; post->phase = BIDS_PH_OVER; post->game_winners = 3; post->actor = 0; }
static void w_game_to_p1(const bids_state *pre, bids_state *post) { (void)pre; post->game_winners = 1; }
/* P1's truck puts P2's elephant into P1's own empty stable P1.1 */
static void w_truck_elephant_own(const bids_state *pre, bids_state *post)
{
    (void)pre;
    post->held[0] = BIDS_NONE;
    post->loc[C("truck1")] = BIDS_L_OUT;
    post->loc[C("elephant1")] = ST(0, 0);
    post->phase = BIDS_PH_TABLE;
    post->actor = 0;
}
static void w_special(const bids_state *pre, bids_state *post) { (void)pre; post->special[0][4] = 1; }
/* BIDS-AMB-SPECIAL-ORDER: two seats earn a 5th stable at once; the wrong one chooses first, or the table
 * names nobody, or the seat the table named does not choose */
static void w_p1_chooses(const bids_state *pre, bids_state *post) { (void)pre; post->phase = BIDS_PH_SPECIAL; post->actor = 0; }
static void w_table_names(const bids_state *pre, bids_state *post) { post->phase = BIDS_PH_SPECIAL; post->actor = pre->players; }
static void w_short(const bids_state *pre, bids_state *post) { (void)pre; post->phase = BIDS_PH_TABLE; post->game_winners = 0; post->round++; }

/* The engine's old way with a truck move that completes two seats under first-complete and keep: round 2
 * goes on although P2, complete at its deal, had won it before anyone moved. */
static void w_chain_missed(const bids_state *pre, bids_state *post)
{
    (void)pre;
    post->round = 2;
    post->round_winners = 1;
    post->wins[1] = 0;
    post->nstables[1] = 3;
}
/* A take whose post state a round end has already reset: the card taken is held by nobody. */
static void w_take_lost(const bids_state *pre, bids_state *post)
{
    (void)pre;
    post->held[0] = BIDS_NONE;
    post->loc[C("elephant1")] = BIDS_L_OUT;
}

/* must-play: the first taker is sent back to the table instead of playing at once */
static void w_not_direct(const bids_state *pre, bids_state *post) { (void)pre; post->phase = BIDS_PH_TABLE; post->actor = 0; }
/* a mad cow emptying an own stable with no brawl (brawl-only) */
static void w_madcow_own(const bids_state *pre, bids_state *post)
{
    put_held(pre, post, BIDS_L_OUT);
    to_out(post, "bull1");
    to_out(post, "cow1");
}
/* a truck that starts a second cattle stable of P1 with a cow while P1.1 still holds cattle */
static void w_truck_female_same_seat(const bids_state *pre, bids_state *post)
{
    (void)pre;
    post->held[0] = BIDS_NONE;
    post->loc[C("truck1")] = BIDS_L_OUT;
    post->loc[C("cow1")] = ST(0, 1);
    post->phase = BIDS_PH_TABLE;
    post->actor = 0;
}

#define COMPLETE3 "stallion1,mare1/bull1,cow1/boar1,sow1"
#define TWO_AT_ONCE "held=truck1|-;phase=play;actor=1;stables=stallion1,mare1,mare3/bull1,cow1/sow1|stallion2,mare2/bull2,cow2/boar1,sow2,boar2"

#define FIVE_BOTH "stables=" COMPLETE3 "/ram1,ewe1/rooster1,hen1|stallion2,mare2/bull2,cow2/boar2,sow2/ram2,ewe2/rooster2,hen2;" \
                  "wins=2,2;round=4;won=3"

#define FOUR_BOTH "stables=" COMPLETE3 "/ram1,ewe1|stallion2,mare2/bull2,cow2/boar2,sow2/ram2,ewe2;wins=1,1;round=2;won=3"

static const fcase cases[] = {
    {"BIDS-SETUP-MATERIAL", 2, 0, "open=hen2,hen3;grabbed=0", "grab P1", w_material, 0},
    {"BIDS-SETUP-PLAYERS", 2, 0, "open=hen2,hen3;grabbed=0", "grab P1", w_players, 0},
    {"BIDS-TRICK-STEPS", 2, 0, "open=hen2,hen3;grabbed=0", "grab P1", w_trick, 0},
    {"BIDS-FLIP", 2, 0, "", "flip", w_flip, 0},
    {"BIDS-GRAB-RACE", 2, 0, "open=hen2,hen3;grabbed=0", "grab P1", w_grab_race, 0},
    {"BIDS-GRAB-TOUCH", 3, 0, "open=elephant1,hen1,hen2;grabbed=0;phase=grab;actor=1", "take elephant", w_touch, 0},
    {"BIDS-GRAB-SLOWEST", 2, 0, "open=elephant1,hen1;grabbed=0;phase=grab;actor=1", "take elephant", w_slowest, 0},
    {"BIDS-PLAY-ALL", 2, 0, "held=mare1|-;stables=stallion1/-/-|-/-/-;phase=play;actor=1", "place P1.1", w_play_all, 0},
    {"BIDS-OUT-FINAL", 2, 0, "open=hen2,hen3;grabbed=0", "grab P1", w_out_final, 0},
    {"BIDS-WAIT-ORDER", 2, 0, "held=elephant1|truck1;waiting=1", "play P2", w_wait, 1},
    {"BIDS-STABLE-COMPLETE", 2, 0, "stables=" COMPLETE3 "|ram1/-/-", "call P2", w_call_incomplete, 1},
    {"BIDS-STABLE-ONE-SPECIES", 2, 0, "open=hen2,hen3;grabbed=0;stables=stallion1/-/-|-/-/-", "grab P1", w_one_species, 0},
    {"BIDS-STABLE-SECOND-MALE", 2, 0, "held=truck1|-;stables=cow2/-/-|bull1,cow1/-/-;phase=play;actor=1", "truck P1.1 cow P2.2",
     w_second_male_truck, 1},
    {"BIDS-ANIMAL-OWN", 2, 0, "held=cow1|-;phase=play;actor=1", "place P2.1", w_place_p2_1, 1},
    {"BIDS-ANIMAL-FEMALE-EMPTY", 2, 0, "held=cow2|-;stables=bull1,cow1/-/-|-/-/-;phase=play;actor=1", "place P1.2", w_place_p1_2, 1},
    {"BIDS-ANIMAL-DISCARD", 2, 0, "held=cow2|-;phase=play;actor=1", "discard", w_place, 1},
    {"BIDS-NO-MOVE", 2, 0, "open=hen2,hen3;grabbed=0;stables=stallion1,mare1/-/-|-/-/-", "grab P1", w_no_move, 0},
    {"BIDS-ELEPHANT", 2, 0, "held=elephant1|-;phase=play;actor=1", "place P1.1", w_place_p1_1, 1},
    {"BIDS-MADCOW", 2, 0, "held=madcow1|-;stables=-/-/-|bull1,cow1/-/-;phase=play;actor=1", "place P2.1", w_madcow, 0},
    {"BIDS-WILD", 2, 0, "held=wild1|-;stables=-/-/-|stallion1,mare1/-/-;phase=play;actor=1", "place P2.1", w_wild, 0},
    {"BIDS-TRUCK", 2, 0, "held=truck1|-;stables=elephant1/-/-|ram1/-/-;phase=play;actor=1", "truck P1.1 elephant P2.1", w_truck, 1},
    {"BIDS-BRAWL", 2, 0, "open=hen2,hen3;grabbed=0;stables=stallion1,stallion2,mare1/-/-|-/-/-", "grab P1", w_brawl, 0},
    {"BIDS-MADCOW", 2, 0, "held=madcow1|-;stables=-/-/-|bull1,cow1/-/-;phase=play;actor=1", "place P2.1", w_madcow_stays, 0},
    {"BIDS-GRAB-SLOWEST", 2, 0, "open=elephant1,hen1;grabbed=0;phase=grab;actor=1", "take elephant", w_slowest_swapped, 0},
    {"BIDS-CALL", 2, 0, "stables=" COMPLETE3 "|ram1/-/-", "call P1", w_call_stays, 0},
    {"BIDS-END-SIMULTANEOUS", 3, 0, "stables=" COMPLETE3 "|stallion2,mare2/bull2,cow2/boar2,sow2,sow3|-/-/-", "call P1+P2", w_winners_noncaller, 0},
    {"BIDS-END-SIMULTANEOUS", 2, BIDS_R_FIRST_COMPLETE | BIDS_R_KEEP, TWO_AT_ONCE, "truck P2.3 boar P1.3", w_chain_missed, 0},
    {"BIDS-GRAB-TOUCH", 3, 0, "open=elephant1,hen1,hen2;grabbed=0;phase=grab;actor=1", "take elephant", w_take_lost, 0},
    {"BIDS-GRAB-RACE", 3, BIDS_R_MUST_PLAY, "open=elephant1,hen1,hen2;grabbed=0;phase=grab;actor=1", "take elephant", w_not_direct, 0},
    {"BIDS-MADCOW", 2, BIDS_R_MADCOW_CATTLE | BIDS_R_OWN_BRAWL, "held=madcow1|-;stables=bull1,cow1/-/-|bull2,cow2/-/-;phase=play;actor=1",
     "place P1.1", w_madcow_own, 1},
    {"BIDS-STABLE-SECOND-MALE", 2, 0, "held=truck1|-;stables=bull1,cow1,cow2/-/-|-/-/-;phase=play;actor=1", "truck P1.1 cow P1.2",
     w_truck_female_same_seat, 1},
    /* a wrong winner by value that a wrong stable table gives is the table's (BIDS-SCORE-TABLE): here
     * P1 wins as it would with one pair bonus per stable, where pair=per-female gives P2 four */
    {"BIDS-SCORE-TABLE", 2, BIDS_R_PAIR_EACH,
     "piles=-|-;held=hen1|-;stables=stallion1,mare1/-/-|rooster1,hen2,hen3,hen4,hen5/-/-;phase=play;actor=1", "place P1.2", w_winners_other, 0},
    /* the cards ran out under each-species=distinct: P1's two cattle stables make it complete only under
     * "same"; an engine that lets P1 win as the complete seat (P2 is richer) judged "complete" wrong */
    {"BIDS-STABLE-COMPLETE", 2, BIDS_R_DISTINCT,
     "piles=-|-;held=cow2|-;stables=stallion1,mare1/bull1,cow1/bull2|stallion2,mare2,mare3,mare4/boar2,sow2,sow3,sow4/ewe1;"
     "phase=play;actor=1", "place P1.3", w_winners_other, 0},
    /* ... and under first=first-complete, a round the engine ends at once for P1 so completed */
    {"BIDS-STABLE-COMPLETE", 2, BIDS_R_DISTINCT | BIDS_R_FIRST_COMPLETE,
     "held=cow2|-;stables=stallion1,mare1/bull1,cow1/bull2|ram1/-/-;phase=play;actor=1", "place P1.3", w_round_to_p1, 0},
    /* ... but one whose table values a brawl (two stallions) like a stable at peace breaks BIDS-BRAWL's "scores 0" */
    {"BIDS-BRAWL", 2, 0,
     "piles=-|-;held=hen1|-;stables=stallion1,stallion2,mare1/-/-|ram1,ewe1/-/-;phase=play;actor=1", "place P1.2", w_winners_other, 0},
    {"BIDS-GAME-END", 2, BIDS_R_FIVE_COMPLETE, "piles=-|-;held=hen1|-;stables=stallion1,mare1/-/-/-/-|ram1/-/-;phase=play;actor=1;"
     "wins=2,0;round=3;won=1",
     "place P1.2", w_game_over, 0},
    {"BIDS-END-EXHAUSTED", 2, 0, "held=hen1|-;phase=play;actor=1", "place P1.1", w_new_round, 0},
    {"BIDS-END-VALUE", 2, 0, "piles=-|-;held=hen1|-;stables=-/-/-|ram1/-/-;phase=play;actor=1", "place P1.1", w_winners_none, 0},
    /* ... and one no such table gives is the deciding clause's, BIDS-END-VALUE */
    {"BIDS-END-VALUE", 2, 0, "piles=-|-;held=hen1|-;stables=-/-/-|ram1/-/-;phase=play;actor=1", "place P1.1", w_winners_other, 0},
    /* simultaneous callers tie on their best stable (stallion1,mare1 and stallion2,mare2: 10 each): both win */
    {"BIDS-END-SIMULTANEOUS", 2, 0, "stables=" COMPLETE3 "|stallion2,mare2/bull2,cow2/boar2,sow2", "call P1+P2", w_winners_other, 0},
    /* the cards ran out with P1 complete (complete-wins): the engine named P2, richer in value */
    {"BIDS-END-EXHAUSTED", 2, 0, "piles=-|-;held=hen1|-;stables=" COMPLETE3 "|stallion2,mare2,mare3,mare4/bull2,cow2,cow3/sow2,sow3;"
     "phase=play;actor=1", "discard", w_winners_p2, 0},
    {"BIDS-EXTRA-STABLE", 2, 0, "stables=" COMPLETE3 "|ram1/-/-", "call P1", w_extra, 0},
    {"BIDS-RESET", 2, 0, "stables=" COMPLETE3 "|ram1/-/-", "call P1", w_reset, 0},
    {"BIDS-GAME-END", 2, 0, "stables=" COMPLETE3 "|ram1/-/-", "call P1", w_game_over, 0},
    {"BIDS-VAR-BONUS", 2, BIDS_R_BONUS, "stables=" COMPLETE3 "/ram1,ewe1/-|-/-/-;phase=special;pending=1;won=1;round=2;wins=2,0",
     "special 2", w_special, 0},
    {"BIDS-VAR-SHORT", 2, BIDS_R_SHORT, "stables=" COMPLETE3 "|ram1/-/-", "call P1", w_short, 0},
    /* BIDS-AMB-TRUCK-ELEPHANT other-seat: a truck that puts an elephant into its player's own stable */
    {"BIDS-TRUCK", 2, BIDS_R_TRUCK_ELEPHANT_OTHER, "held=truck1|-;stables=-/-/-|elephant1/-/-;phase=play;actor=1",
     "truck P2.1 elephant P1.1", w_truck_elephant_own, 1},
    /* BIDS-AMB-SPECIAL-ORDER: P1 and P2 (4 stables each) win one round and earn their 5th at once; table: the
     * table names who receives first, not P1 by its seat; seat-order: P1 chooses, the table names nobody;
     * table: the table named P2, and P1 chooses */
    {"BIDS-VAR-BONUS", 2, BIDS_R_BONUS | BIDS_R_SPECIAL_TABLE, FOUR_BOTH, "call P1+P2", w_p1_chooses, 0},
    {"BIDS-VAR-BONUS", 2, BIDS_R_BONUS, FOUR_BOTH, "call P1+P2", w_table_names, 0},
    {"BIDS-VAR-BONUS", 2, BIDS_R_BONUS | BIDS_R_SPECIAL_TABLE, "stables=" COMPLETE3 "/ram1,ewe1/-|stallion2,mare2/bull2,cow2/boar2,sow2/ram2,ewe2/-;"
     "phase=special;pending=3;actor=T;wins=2,2;round=2;won=3",
     "grab P2", w_p1_chooses, 0},
    /* BIDS-AMB-FIVE-TIE: two seats with 5 stables win one round; play-on: the game goes on, not won by both */
    {"BIDS-GAME-END", 2, BIDS_R_FIVE_PLAY_ON, FIVE_BOTH, "call P1+P2", w_game_over_both, 0},
    /* ... shared: both win it, not P1 alone */
    {"BIDS-GAME-END", 2, 0, FIVE_BOTH, "call P1+P2", w_game_to_p1, 0},
};

static void judge(inv_ctx *c, const bids_state *pre, const char *move, const bids_state *post)
{
    game_move m;
    ck_assert_int_eq(bids_engine.move_parse(pre, move, &m), GAME_OK);
    inv_reset_counts(c);
    inv_on_step(c, pre, &m, post);
}

/* Each clause's oracle (under the clause ID) flags its wrong transition, and passes the right one. */
START_TEST(each_oracle_flags_a_wrong_transition_of_its_clause)
{
    const fcase *f = &cases[_i];
    static inv_ctx c;
    bids_state pre, post;
    ck_assert_int_eq(inv_init(&c, &bids_engine, 0), 0);
    tu_bids_pos(&pre, f->players, f->readings, f->pos);
    if (!f->by_hand) {
        post = pre;
        ck_assert_msg(tu_try(BG, &post, f->move) == GAME_OK, "%s: '%s' is not legal", f->clause, f->move);
        judge(&c, &pre, f->move, &post);
        tu_clean(&c, f->clause, 0);
    } else {
        ck_assert_msg(!tu_bids_legal(&pre, f->move), "%s: '%s' should be illegal here", f->clause, f->move);
        post = pre;
    }
    f->wrong(&pre, &post);
    judge(&c, &pre, f->move, &post);
    tu_caught(&c, tu_clause(&c, f->clause));
}
END_TEST

/* P1 takes elephant1 from three open cards; c judges the game's clauses alone. */
static void take_elephant(inv_ctx *c, bids_state *pre, bids_state *post)
{
    ck_assert_int_eq(inv_init(c, &bids_engine, 0), 0);
    tu_bids_pos(pre, 3, 0, "open=elephant1,hen1,hen2;grabbed=0;phase=grab;actor=1");
    *post = *pre;
    ck_assert_int_eq(tu_try(BG, post, "take elephant"), GAME_OK);
}

/* The step's clause before BIDS-SETUP-MATERIAL: a take after which P1 holds elephant1 while the
 * card still lies open breaks the take and where the card is; the take's clause is checked first
 * and names the failure, and the material check still sees the card in two places. */
START_TEST(a_card_both_taken_and_open_is_named_under_the_take_before_the_material)
{
    static inv_ctx c;
    bids_state pre, post;
    take_elephant(&c, &pre, &post);
    post.loc[C("elephant1")] = BIDS_L_OPEN;
    judge(&c, &pre, "take elephant", &post);
    ck_assert_msg(!strcmp(tu_first_id(&c), "BIDS-GRAB-TOUCH"), "first: %s: %s", tu_first_id(&c), c.first_msg);
    tu_caught(&c, tu_clause(&c, "BIDS-SETUP-MATERIAL"));
}
END_TEST

/* BIDS-GRAB-TOUCH: a message names what the seat holds, never the sentinel ("holds nothing", not "card#255"). */
START_TEST(a_lost_take_is_reported_as_holding_nothing)
{
    static inv_ctx c;
    bids_state pre, post;
    take_elephant(&c, &pre, &post);
    w_take_lost(&pre, &post);
    judge(&c, &pre, "take elephant", &post);
    tu_caught(&c, tu_clause(&c, "BIDS-GRAB-TOUCH"));
    ck_assert_msg(strstr(c.first_msg, "P1 touched elephant1 but holds nothing") != NULL, "%s", c.first_msg);
    ck_assert_msg(strstr(c.first_msg, "#") == NULL, "%s", c.first_msg);
}
END_TEST

/* BIDS-SETUP-STABLES BIDS-SETUP-REMOVAL BIDS-SETUP-DEAL: wrong deals. */
START_TEST(the_setup_oracles_flag_wrong_deals)
{
    static inv_ctx c;
    bids_state st;
    ck_assert_int_eq(inv_init(&c, &bids_engine, 0), 0);
    /* BIDS-SETUP-STABLES: a fourth stable at the start */
    tu_bids_deal(&st, 2, 0, 7);
    inv_reset_counts(&c); inv_on_setup(&c, &st);
    ck_assert_int_eq(c.violations, 0);
    st.nstables[0] = 4;
    inv_reset_counts(&c); inv_on_setup(&c, &st);
    tu_caught(&c, tu_clause(&c, "BIDS-SETUP-STABLES"));
    /* BIDS-SETUP-REMOVAL: a symbol card (mare1) in play with 3 players, swapped with a pile card */
    tu_bids_deal(&st, 3, 0, 8);
    int sym = C("mare1"), other = st.pile[0][0];
    ck_assert_int_eq(st.loc[sym], BIDS_L_BOX);
    st.pile[0][0] = (uint8_t)sym; st.loc[sym] = BIDS_L_PILE; st.loc[other] = BIDS_L_BOX;
    inv_reset_counts(&c); inv_on_setup(&c, &st);
    tu_caught(&c, tu_clause(&c, "BIDS-SETUP-REMOVAL"));
    /* BIDS-SETUP-DEAL: unequal piles */
    tu_bids_deal(&st, 4, 0, 9);
    int top = st.pile[0][st.pile_len[0] - 1];
    st.pile[0][--st.pile_len[0]] = 0; st.loc[top] = BIDS_L_BOX;
    inv_reset_counts(&c); inv_on_setup(&c, &st);
    tu_caught(&c, tu_clause(&c, "BIDS-SETUP-DEAL"));
}
END_TEST

/* GEN-HIDDEN-INFO: a view that shows the face-down piles as they lie, or loses a pile card. */
START_TEST(the_hidden_info_oracle_catches_a_view_that_leaks_or_loses_a_pile_card)
{
    static inv_ctx c;
    game_engine broken = bids_engine;
    bids_state pre, post;
    tu_bids_pos(&pre, 2, 0, "piles=hen9,hen10,hen11|hen12,ewe1,ewe2;open=hen2,cow1;grabbed=0");
    post = pre;
    ck_assert_int_eq(tu_try(BG, &post, "grab P1"), GAME_OK);
    ck_assert_int_eq(post.pile_len[0], 3);
    ck_assert_int_eq(inv_init(&c, &bids_engine, INV_GEN_REDACT), 0);
    judge(&c, &pre, "grab P1", &post);
    tu_clean(&c, "GEN-HIDDEN-INFO", 1);
    tu_break_redact(&broken, TU_LEAK, 0, sizeof post, 0);
    ck_assert_int_eq(inv_init(&c, &broken, INV_GEN_REDACT), 0);
    judge(&c, &pre, "grab P1", &post);
    tu_caught(&c, tu_clause(&c, "GEN-HIDDEN-INFO"));
    ck_assert_msg(strstr(c.first_msg, "leaks unseen cards"), "%s", c.first_msg);
    broken = bids_engine;                               /* P1's bottom card twice, another lost */
    tu_break_redact(&broken, TU_DUP, offsetof(bids_state, pile[0][0]), 1, offsetof(bids_state, pile[0][1]));
    ck_assert_int_eq(inv_init(&c, &broken, INV_GEN_REDACT), 0);
    judge(&c, &pre, "grab P1", &post);
    tu_caught(&c, tu_clause(&c, "GEN-HIDDEN-INFO"));
    ck_assert_msg(strstr(c.first_msg, "the cards in the piles"), "%s", c.first_msg);
    broken = bids_engine;                               /* a view that counts its redactions in the generator */
    tu_break_redact(&broken, TU_BUMP, offsetof(bids_state, rng), 1, 0);
    ck_assert_int_eq(inv_init(&c, &broken, INV_GEN_REDACT), 0);
    judge(&c, &pre, "grab P1", &post);
    tu_caught(&c, tu_clause(&c, "GEN-HIDDEN-INFO"));
    ck_assert_msg(strstr(c.first_msg, "not idempotent"), "%s", c.first_msg);
}
END_TEST

/* GEN-HIDDEN-INFO: the engine's determinize is judged by the oracle's own account of what a decider sees
 * (every place open but the piles' cards): a sample with P1's pile one card higher, or with P2's bottom
 * card also at the bottom of P1's pile (a pile card lost), is reported, for a seat (P1, after its grab)
 * and for the table (after the take). */
START_TEST(the_hidden_info_oracle_catches_a_determinize_that_changes_a_pile_height_or_loses_a_card)
{
    static inv_ctx c;
    game_engine broken;
    bids_state st[3];
    static const char *const moves[] = {"grab P1", "take hen"}, *const who[] = {"P1", "T"};
    tu_bids_pos(&st[0], 2, 0, "piles=hen9,hen10,hen11|hen12,ewe1,ewe2;open=hen2,cow1;grabbed=0");
    for (int i = 0; i < 2; i++) {
        st[i + 1] = st[i];
        ck_assert_int_eq(tu_try(BG, &st[i + 1], moves[i]), GAME_OK);
        ck_assert_int_eq(BG->to_move(&st[i + 1]), i ? 2 : 0);
        ck_assert_int_eq(inv_init(&c, &bids_engine, INV_GEN_REDACT), 0);
        judge(&c, &st[i], moves[i], &st[i + 1]);
        tu_clean(&c, "GEN-HIDDEN-INFO", 1);
        char want[128];
        broken = bids_engine;
        tu_break_determinize(&broken, TU_DET_BUMP, offsetof(bids_state, pile_len[0]), 0);
        ck_assert_int_eq(inv_init(&c, &broken, INV_GEN_REDACT), 0);
        judge(&c, &st[i], moves[i], &st[i + 1]);
        tu_caught(&c, tu_clause(&c, "GEN-HIDDEN-INFO"));
        snprintf(want, sizeof want, "determinize changed what %s sees: the open field 'pile heights'", who[i]);
        ck_assert_msg(strstr(c.first_msg, want), "%s", c.first_msg);
        broken = bids_engine;
        tu_break_determinize(&broken, TU_DET_DUP, offsetof(bids_state, pile[0][0]), offsetof(bids_state, pile[1][0]));
        ck_assert_int_eq(inv_init(&c, &broken, INV_GEN_REDACT), 0);
        judge(&c, &st[i], moves[i], &st[i + 1]);
        tu_caught(&c, tu_clause(&c, "GEN-HIDDEN-INFO"));
        snprintf(want, sizeof want, "determinize changed what %s sees: the cards in the piles", who[i]);
        ck_assert_msg(strstr(c.first_msg, want), "%s", c.first_msg);
    }
}
END_TEST

/* BIDS-LEGAL-SET: an engine that withholds a legal move, or offers an illegal one, is caught. */
static int withhold_last(const void *st, game_move *out, int max)
{
    int n = bids_engine.legal_moves(st, out, max);
    return n > 1 ? n - 1 : n;
}
static int offer_call(const void *vst, game_move *out, int max)
{
    const bids_state *st = vst;
    int n = bids_engine.legal_moves(vst, out, max);
    if (st->phase == BIDS_PH_TABLE && n < max) { game_move m = {BIDS_MV_CALL, 1, 0, 0, 0, 0, 0, 0}; out[n++] = m; }
    return n;
}

/* BIDS-LEGAL-SET BIDS-GRAB-RACE BIDS-CALL-LATE */
START_TEST(the_legal_set_oracle_catches_a_withheld_move_and_the_late_call_oracle_a_late_call)
{
    static inv_ctx c;
    game_engine broken = bids_engine;
    bids_state pre, post;
    broken.legal_moves = withhold_last;
    ck_assert_int_eq(inv_init(&c, &broken, 0), 0);
    tu_bids_pos(&pre, 2, 0, "open=hen2,cow1;grabbed=0");
    post = pre;
    ck_assert_int_eq(tu_try(BG, &post, "grab P1"), GAME_OK);
    judge(&c, &pre, "grab P1", &post);      /* post: P1 takes: cow or hen offered; the last is withheld */
    tu_caught(&c, tu_clause(&c, "BIDS-GRAB-TOUCH"));   /* the clause that allows the take */
    ck_assert_msg(!strncmp(c.first_msg, "legal moves: 'take ", 19), "%s", c.first_msg);
    /* BIDS-CALL-LATE: P1 was complete; a truck took its cow; the engine still offers its call */
    broken.legal_moves = offer_call;
    ck_assert_int_eq(inv_init(&c, &broken, 0), 0);
    tu_bids_pos(&pre, 2, 0, "held=-|truck1;stables=" COMPLETE3 "|-/-/-;phase=play;actor=2");
    post = pre;
    ck_assert_int_eq(tu_try(BG, &post, "truck P1.2 cow out"), GAME_OK);
    judge(&c, &pre, "truck P1.2 cow out", &post);
    tu_caught(&c, tu_clause(&c, "BIDS-CALL-LATE"));
}
END_TEST

/* ---- Failures named under the rule they break (issue 20, point 4) -------------------------------- */

/* A doctored legal-move list: the engine's list of the judged step's post state with one move taken out
 * (dr_drop), one put in (dr_add), its first move offered twice (dr_dup 1), or a take of every open card,
 * not one per type (dr_dup 2). */
static const char *dr_drop, *dr_add;
static int dr_dup;
static int doctored(const void *st, game_move *out, int max)
{
    int n = bids_engine.legal_moves(st, out, max);
    game_move m;
    if (dr_drop && bids_engine.move_parse(st, dr_drop, &m) == GAME_OK)
        for (int i = 0; i < n; i++)
            if (!memcmp(&out[i], &m, sizeof m)) { memmove(out + i, out + i + 1, (size_t)(n - i - 1) * sizeof m); n--; break; }
    if (dr_add && n < max && bids_engine.move_parse(st, dr_add, &m) == GAME_OK) out[n++] = m;
    if (dr_dup == 1 && n > 0 && n < max) { out[n] = out[0]; n++; }
    for (int id = 0; dr_dup == 2 && id < BIDS_CARDS && n < max; id++) {   /* a take of every open card */
        game_move t = {BIDS_MV_TAKE, (uint8_t)id, 0, 0, 0, 0, 0, 0};
        if (((const bids_state *)st)->phase == BIDS_PH_GRAB && ((const bids_state *)st)->loc[id] == BIDS_L_OPEN &&
            !game_move_in(out, n, &t))
            out[n++] = t;
    }
    return n;
}

static const struct {
    const char *clause;          /* the clause the failure must name */
    uint32_t readings;
    const char *pos, *move;      /* the step judged: its post state's legal moves are doctored */
    const char *drop, *add;      /* the move withheld, or offered wrongly */
    int dup;
} legal_cases[] = {
    /* BIDS-ELEPHANT: "moet deze in een lege stal van een andere speler leggen": a withheld empty stable */
    {"BIDS-ELEPHANT", 0, "held=elephant1|-", "play P1", "place P2.2", NULL, 0},
    /* BIDS-WILD: no other seat has a horse stable: the wild stallion may go nowhere but out */
    {"BIDS-WILD", 0, "held=wild1|-;stables=-/-/-|ram1/-/-", "play P1", NULL, "place P2.1", 0},
    /* BIDS-MADCOW: a discard while another seat has a cattle stable */
    {"BIDS-MADCOW", 0, "held=madcow1|-;stables=-/-/-|bull1,cow1/-/-", "play P1", NULL, "discard", 0},
    /* BIDS-WAIT-ORDER: while waiting the elephant (3) plays before the truck (6): its play withheld, the truck's offered */
    {"BIDS-WAIT-ORDER", 0, "held=elephant1|truck1", "wait", "play P1", NULL, 0},
    {"BIDS-WAIT-ORDER", 0, "held=elephant1|truck1", "wait", NULL, "play P2", 0},
    /* BIDS-TRUCK: every truck move is offered; an elephant goes only to an empty stable */
    {"BIDS-TRUCK", 0, "held=truck1|-;stables=elephant1/-/-|ram1/-/-", "play P1", "truck P1.1 elephant P2.2", NULL, 0},
    {"BIDS-TRUCK", 0, "held=truck1|-;stables=elephant1/-/-|ram1/-/-", "play P1", NULL, "truck P1.1 elephant P2.1", 0},
    /* BIDS-STABLE-SECOND-MALE: a male may start a second cattle stable (withheld); a cow trucked into P2's
     * empty stable may not (offered) */
    {"BIDS-STABLE-SECOND-MALE", 0, "held=bull2|-;stables=bull1,cow1/-/-|-/-/-", "play P1", "place P1.2", NULL, 0},
    {"BIDS-STABLE-SECOND-MALE", 0, "held=truck1|-;stables=cow2/-/-|bull1,cow1/-/-", "play P1", NULL, "truck P1.1 cow P2.2", 0},
    /* BIDS-ANIMAL-FEMALE-EMPTY, BIDS-ANIMAL-DISCARD, BIDS-ANIMAL-OWN, BIDS-STABLE-ONE-SPECIES: where a cow may not go */
    {"BIDS-ANIMAL-FEMALE-EMPTY", 0, "held=cow2|-;stables=bull1,cow1/-/-|-/-/-", "play P1", NULL, "place P1.2", 0},
    {"BIDS-ANIMAL-DISCARD", 0, "held=cow2|-;stables=bull1,cow1/-/-|-/-/-", "play P1", NULL, "discard", 0},
    {"BIDS-ANIMAL-OWN", 0, "held=cow2|-;stables=bull1,cow1/-/-|-/-/-", "play P1", NULL, "place P2.1", 0},
    {"BIDS-ANIMAL-OWN", 0, "held=cow2|-;stables=bull1,cow1/-/-|-/-/-", "play P1", "place P1.1", NULL, 0},
    /* both at once (a condition turned around): the move offered wrongly names the rule, the one clause
     * that forbids it, before the withheld one's allowing clause */
    {"BIDS-ANIMAL-DISCARD", 0, "held=cow2|-;stables=bull1,cow1/-/-|-/-/-", "play P1", "place P1.1", "discard", 0},
    {"BIDS-STABLE-ONE-SPECIES", 0, "held=cow2|-;stables=bull1,cow1/ram1/-|-/-/-", "play P1", NULL, "place P1.2", 0},
    /* BIDS-NO-MOVE: only a truck moves an animal */
    {"BIDS-NO-MOVE", 0, "held=cow2|-;stables=bull1,cow1/-/-|-/-/-", "play P1", NULL, "truck P1.1 cow P1.2", 0},
    /* BIDS-STABLE-COMPLETE, BIDS-CALL: a call for a seat whose stables are not all complete; the complete one withheld */
    {"BIDS-STABLE-COMPLETE", 0, "held=hen1|-;stables=" COMPLETE3 "|ram1/-/-", "wait", NULL, "call P2", 0},
    {"BIDS-CALL", 0, "held=hen1|-;stables=" COMPLETE3 "|ram1/-/-", "wait", "call P1", NULL, 0},
    /* BIDS-TRICK-STEPS: a flip while a card is held */
    {"BIDS-TRICK-STEPS", 0, "held=hen1|-", "wait", NULL, "flip", 0},
    /* BIDS-GRAB-RACE: a play by a seat that holds no card; BIDS-GRAB-TOUCH: a withheld take */
    {"BIDS-GRAB-TOUCH", 0, "open=hen2,cow1;grabbed=0", "grab P1", "take hen", NULL, 0},
    {"BIDS-GRAB-RACE", 0, "held=hen1|-", "wait", NULL, "play P2", 0},
    /* a move offered twice: under the clause that allows it (a take: BIDS-GRAB-TOUCH, one move per type) */
    {"BIDS-GRAB-TOUCH", 0, "open=hen2,cow1;grabbed=0", "grab P1", NULL, NULL, 1},
    /* a take of a second open hen: one take per type ("equal cards are alike") */
    {"BIDS-GRAB-TOUCH", 0, "open=hen2,hen3;grabbed=0", "grab P1", NULL, NULL, 2},
    {"BIDS-WAIT-ORDER", 0, "held=hen1|-", "wait", NULL, NULL, 1},
    /* BIDS-LEGAL-SET itself: a move of another phase */
    {"BIDS-LEGAL-SET", 0, "held=hen1|-", "wait", NULL, "special 1", 0},
};

/* BIDS-LEGAL-SET: a move the engine withholds is named under the clause that allows it, a move it
 * offers wrongly under the clause that forbids it, the message beginning "legal moves:" and naming the
 * move; a move offered twice under the clause that allows it; LEGAL-SET itself only for a move no
 * clause speaks of. */
START_TEST(a_wrong_legal_move_is_named_under_the_clause_that_allows_or_forbids_it)
{
    static inv_ctx c;
    game_engine broken = bids_engine;
    bids_state pre, post;
    broken.legal_moves = doctored;
    dr_drop = dr_add = NULL;
    dr_dup = 0;
    ck_assert_int_eq(inv_init(&c, &broken, 0), 0);
    tu_bids_pos(&pre, 2, legal_cases[_i].readings, legal_cases[_i].pos);
    post = pre;
    ck_assert_int_eq(tu_try(BG, &post, legal_cases[_i].move), GAME_OK);
    judge(&c, &pre, legal_cases[_i].move, &post);
    ck_assert_msg(c.violations == 0, "%s: %s", tu_first_id(&c), c.first_msg);
    if (legal_cases[_i].drop) ck_assert_msg(tu_bids_legal(&post, legal_cases[_i].drop), "'%s' is not legal", legal_cases[_i].drop);
    if (legal_cases[_i].add) ck_assert_msg(!tu_bids_legal(&post, legal_cases[_i].add), "'%s' is legal", legal_cases[_i].add);
    dr_drop = legal_cases[_i].drop;
    dr_add = legal_cases[_i].add;
    dr_dup = legal_cases[_i].dup;
    judge(&c, &pre, legal_cases[_i].move, &post);
    dr_drop = dr_add = NULL;
    dr_dup = 0;
    tu_caught(&c, tu_clause(&c, legal_cases[_i].clause));
    ck_assert_str_eq(tu_first_id(&c), legal_cases[_i].clause);
    ck_assert_msg(!strncmp(c.first_msg, "legal moves: ", 13), "%s", c.first_msg);
    const char *named = legal_cases[_i].add ? legal_cases[_i].add : legal_cases[_i].drop;
    if (named) {
        char q[64];
        snprintf(q, sizeof q, "'%s'", named);
        ck_assert_msg(strstr(c.first_msg, q) != NULL, "%s", c.first_msg);
    }
}
END_TEST

/* ---- Positions no game reaches (check_position, issue 21) ---------------------------------------- */

/* A loaded position is judged on its own: a correct one passes, and one broken in a way no game
 * reaches (every card still in one place) is reported under the clause whose rule it breaks, the
 * message naming the position field. */
static void mp_mix(bids_state *s) { s->loc[tu_bids_card("cow1")] = BIDS_LOC_STABLE(0, 0); }
static void mp_pile(bids_state *s) { s->loc[s->pile[0][0]] = BIDS_L_OUT; s->pile[0][0] = 0; s->pile_len[0] = 0; }
static void mp_open(bids_state *s) { s->loc[tu_bids_card("cow1")] = BIDS_L_OPEN; }
static void mp_held(bids_state *s) { s->loc[tu_bids_card("cow1")] = BIDS_L_OPEN; s->grabbed = 2; }
static void mp_actor(bids_state *s) { s->actor = 1; }
static void mp_round0(bids_state *s) { s->round = 0; }
static void mp_wait(bids_state *s) { s->waiting = 1; }
static void mp_exhausted(bids_state *s)
{
    s->loc[s->held[0]] = BIDS_L_OUT; s->held[0] = BIDS_NONE; s->phase = BIDS_PH_TABLE; s->actor = 0;
}
static void mp_first(bids_state *s) { s->readings |= BIDS_R_FIRST_COMPLETE; }
static void mp_wins(bids_state *s) { s->wins[0] = 1; }
static void mp_wins255(bids_state *s) { s->wins[0] = 255; }   /* the counter's end: 5 stables all the same */
static void mp_round3(bids_state *s) { s->round = 3; }
static void mp_wins255_early(bids_state *s) { s->wins[0] = 255; }   /* 5 stables already: only the rounds tell */
static void mp_wins253(bids_state *s) { s->wins[0] = 253; }         /* at round 255: 254 rounds or more finished */
static void mp_won(bids_state *s) { s->round_winners = 1; }
static void mp_winners(bids_state *s) { s->game_winners = 2; }
static void mp_short(bids_state *s) { s->readings |= BIDS_R_SHORT; }
static void mp_specials(bids_state *s) { s->specials_given = 1; }
static void mp_no_bonus(bids_state *s) { s->readings &= ~(uint32_t)BIDS_R_BONUS; }
static void mp_pending(bids_state *s) { s->pending5 = 3; }

static const struct {
    uint32_t r;
    const char *fields, *clause, *field;
    void (*mutate)(bids_state *);
} position_cases[] = {
    {0, "stables=stallion1,mare1/-/-|-/-/-", "BIDS-STABLE-ONE-SPECIES", "P1.1", mp_mix},
    {0, "", "BIDS-SETUP-DEAL", "piles:", mp_pile},
    {0, "", "BIDS-FLIP", "open:", mp_open},
    {0, "held=hen1|-", "BIDS-GRAB-TOUCH", "held:", mp_held},
    {0, "", "BIDS-GRAB-RACE", "actor:", mp_actor},
    {0, "", "BIDS-TRICK-STEPS", "round:", mp_round0},
    {0, "grabbed=0;open=cow1,cow2", "BIDS-WAIT-ORDER", "waiting:", mp_wait},
    {0, "held=elephant1|truck1;phase=play;actor=2", "BIDS-WAIT-ORDER", "actor:", mp_wait},
    {0, "piles=-|-;held=hen1|-;phase=play;actor=1", "BIDS-END-EXHAUSTED", "piles:", mp_exhausted},
    {0, "stables=" COMPLETE3 "|-/-/-", "BIDS-CALL", "stables:", mp_first},
    {0, "", "BIDS-EXTRA-STABLE", "wins:", mp_wins},
    {0, "", "BIDS-EXTRA-STABLE", "wins:", mp_wins255},
    {0, "", "BIDS-END-VALUE", "wins:", mp_round3},
    {0, "stables=-/-/-/-/-|-/-/-;wins=2,0;round=3;won=1", "BIDS-END-VALUE", "wins:", mp_wins255_early},
    {0, "stables=-/-/-/-/-|-/-/-;wins=254,0;round=255;won=1", "BIDS-END-VALUE", "wins:", mp_wins253},
    {0, "", "BIDS-END-VALUE", "won:", mp_won},
    {0, "stables=" COMPLETE3 "/ram1,ewe1/rooster1,hen1|-/-/-;phase=over;winners=1;won=1;wins=2,0;round=2", "BIDS-GAME-END", "winners:", mp_winners},
    {0, "stables=-/-/-/-|-/-/-;wins=1,0;round=2;won=1", "BIDS-VAR-SHORT", "round:", mp_short},
    {BIDS_R_BONUS, "", "BIDS-VAR-BONUS", "specials:", mp_specials},
    {BIDS_R_BONUS, "stables=-/-/-/-/*1:-|-/-/-;specials=1;wins=2,0;round=3;won=1", "BIDS-VAR-BONUS", "stables:", mp_no_bonus},
    {BIDS_R_BONUS, "stables=" COMPLETE3 "/ram1,ewe1/-|-/-/-;phase=special;pending=1;won=1;round=2;wins=2,0", "BIDS-VAR-BONUS", "pending:", mp_pending},
};

START_TEST(the_position_oracles_flag_a_position_no_game_reaches)
{
    static inv_ctx c;
    bids_state st;
    tu_bids_pos(&st, 2, position_cases[_i].r, position_cases[_i].fields);
    ck_assert_int_eq(inv_init(&c, &bids_engine, 0), 0);
    c.og->check_position(&c, c.k_game, &st);
    ck_assert_msg(c.violations == 0, "%s: %s", tu_first_id(&c), c.first_msg);
    position_cases[_i].mutate(&st);
    ck_assert_int_eq(inv_init(&c, &bids_engine, 0), 0);
    c.og->check_position(&c, c.k_game, &st);
    ck_assert_msg(c.violations > 0, "%s stayed silent", position_cases[_i].clause);
    ck_assert_str_eq(tu_first_id(&c), position_cases[_i].clause);
    ck_assert_msg(!strncmp(c.first_msg, position_cases[_i].field, strlen(position_cases[_i].field)), "%s", c.first_msg);
}
END_TEST

/* BIDS-FACTS: a wrong fact in the engine's table is named at the deal, field by field: the score
 * table read across the rulebook's two columns (cattle 2, pigs 3), a sixth mad cow. */
START_TEST(facts_oracle_fires_when_the_engine_table_reads_the_score_table_across_or_counts_a_card_more)
{
    bids_params t = bids_param;
    t.points[BIDS_CATTLE] = 2; t.points[BIDS_PIGS] = 3;
    tu_facts_caught(&bids_engine, "BIDS-FACTS", &bids_param, &t, "cattle score 2 points");
    t = bids_param;
    t.count[BIDS_MADCOW] = 3;
    tu_facts_caught(&bids_engine, "BIDS-FACTS", &bids_param, &t, "3 x madcow");
    static inv_ctx c;                      /* and the engine's own table passes at every deal */
    bids_state st;
    tu_bids_deal(&st, 3, bids_engine.profiles[0].readings, 5);
    tu_bids_oracles(&c);
    inv_on_setup(&c, &st);
    tu_clean(&c, "BIDS-FACTS", 1);
}
END_TEST

static Suite *bids_oracles_suite(void)
{
    Suite *s = suite_create("bids_oracles");
    TCase *tc = tcase_create("oracle fires");
    tcase_add_loop_test(tc, each_oracle_flags_a_wrong_transition_of_its_clause, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, a_lost_take_is_reported_as_holding_nothing);
    tcase_add_test(tc, a_card_both_taken_and_open_is_named_under_the_take_before_the_material);
    tcase_add_test(tc, the_setup_oracles_flag_wrong_deals);
    tcase_add_test(tc, facts_oracle_fires_when_the_engine_table_reads_the_score_table_across_or_counts_a_card_more);
    tcase_add_test(tc, the_legal_set_oracle_catches_a_withheld_move_and_the_late_call_oracle_a_late_call);
    tcase_add_loop_test(tc, a_wrong_legal_move_is_named_under_the_clause_that_allows_or_forbids_it, 0,
                        (int)(sizeof legal_cases / sizeof legal_cases[0]));
    tcase_add_test(tc, the_hidden_info_oracle_catches_a_view_that_leaks_or_loses_a_pile_card);
    tcase_add_test(tc, the_hidden_info_oracle_catches_a_determinize_that_changes_a_pile_height_or_loses_a_card);
    suite_add_tcase(s, tc);
    tc = tcase_create("positions");
    tcase_add_loop_test(tc, the_position_oracles_flag_a_position_no_game_reaches, 0, (int)(sizeof position_cases / sizeof position_cases[0]));
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(bids_oracles_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
