/* check_bids_rules.c: Check suite for Bonje in de Stal: one test per clause and per reading, from hand-made positions. */
#include "testutil_bids.h"

static inv_ctx ctx;

/* Play a legal move with every oracle checking it. */
static void play(bids_state *st, const char *move) { tu_play(BG, &ctx, st, move); }
static void fresh(void) { tu_bids_oracles(&ctx); }
#define AT(st, name, where) ck_assert_int_eq(tu_bids_at(st, name), where)
#define ST(p, s) BIDS_LOC_STABLE(p, s)
/* P1 won one round (4 stables) or two (5 stables), the last one: the fields a position needs with them
 * (BIDS-EXTRA-STABLE: a stable per round won; every finished round has a winner) */
#define WON4 ";wins=1,0;round=2;won=1"
#define WON5 ";wins=2,0;round=3;won=1"

/* ---- Material and setup ------------------------------------------------------------------ */

/* BIDS-SETUP-MATERIAL BIDS-SETUP-STABLES BIDS-SETUP-DEAL BIDS-SETUP-REMOVAL: "106 speelkaarten";
 * "Iedere speler ontvangt 3 stallen"; "verdeel deze daarna gelijkmatig"; "Verwijder bij 2 of 3 spelers
 * alle kaarten met dit symbool" */
START_TEST(a_deal_gives_three_empty_stables_equal_piles_and_removes_the_symbol_cards_below_four)
{
    static const int pile_after_flip[] = {0, 0, 32, 21, 20};   /* 66/2, 66/3, 84/4 dealt, one card flipped */
    int players = 2 + _i % 3;
    bids_state st;
    fresh();
    tu_bids_deal(&st, players, _i < 3 ? R0 : FR, 100 + (uint64_t)_i);
    inv_on_setup(&ctx, &st);
    ck_assert_msg(ctx.violations == 0, "%s", ctx.first_msg);
    int box = 0, open = 0;
    for (int id = 0; id < BIDS_CARDS; id++) { box += st.loc[id] == BIDS_L_BOX; open += st.loc[id] == BIDS_L_OPEN; }
    ck_assert_int_eq(box, players < 4 ? 18 : 0);
    ck_assert_int_eq(open, players);
    for (int p = 0; p < players; p++) {
        ck_assert_int_eq(st.nstables[p], 3);
        ck_assert_int_eq(st.pile_len[p], pile_after_flip[players]);
    }
    int total = 0;
    for (int t = 0; t < BIDS_TYPES; t++) total += bids_param.count[t];
    ck_assert_int_eq(total + BIDS_ALL_STABLES + 2, 106);
}
END_TEST

/* BIDS-SETUP-DEAL: "Schud de stapel kaarten en verdeel deze daarna gelijkmatig over de spelers": a fair
 * shuffle lets any card be the one a deal leaves over. Under reset=keep P1's 7 animals stay in its
 * stables, so round 2 deals 77 cards to 4 players: 19 each and one to the box. Over 1500 generators for
 * that shuffle ('rng') every one of the 77 is that card some time (each is, 1 time in 77). */
START_TEST(a_fair_deal_leaves_any_card_over)
{
    bids_state base, st;
    int left_over[BIDS_CARDS] = {0}, kept[BIDS_CARDS] = {0};
    tu_bids_pos(&base, 4, BIDS_R_KEEP, "stables=stallion1,mare1,mare2/bull1,cow1/boar1,sow1|-/-/-|-/-/-|-/-/-");
    tu_bids_mark("stallion1,mare1,mare2,bull1,cow1,boar1,sow1", kept);
    game_move call;
    ck_assert_int_eq(BG->move_parse(&base, "call P1", &call), GAME_OK);
    for (uint64_t seed = 1; seed <= 1500; seed++) {
        st = base;
        st.rng = seed * 0x9E3779B97F4A7C15u;
        ck_assert_int_eq(BG->apply(&st, &call), GAME_OK);
        ck_assert_int_eq(st.round, 2);
        int box = 0;
        for (int id = 0; id < BIDS_CARDS; id++)
            if (st.loc[id] == BIDS_L_BOX) { box++; left_over[id]++; }
        ck_assert_int_eq(box, 1);                        /* 77 = 4 x 19 + 1 */
    }
    for (int id = 0; id < BIDS_CARDS; id++)
        if (!kept[id]) ck_assert_msg(left_over[id] > 0, "card %d is never the one left over", id);
}
END_TEST

/* BIDS-SETUP-DEAL: the deal makes the piles anew: a pile holds its cards and nothing above its top
 * (bids.h: "rest 0"), however long the piles were before. A hand-made 2-player position with piles of
 * 38 (the loader takes up to 42); P1 calls, and the 66 cards without the symbol give piles of 33, 32
 * after the flip. */
START_TEST(a_deal_leaves_no_card_above_the_top_of_a_pile)
{
    bids_state st;
    const char *complete3 = "stallion1,mare1/bull1,cow1/boar1,sow1";
    char piles[1024], *w = piles;
    int kept[BIDS_CARDS] = {0}, n = 0;
    tu_bids_mark(complete3, kept);
    w += sprintf(w, "piles=");
    for (int t = 0, id = 0; t < BIDS_TYPES && n < 76; t++)
        for (int k = 1; k <= bids_param.count[t] && n < 76; k++, id++)
            if (!kept[id]) { w += sprintf(w, "%s%s%d", n == 0 ? "" : n == 38 ? "|" : ",", tu_bids_names[t], k); n++; }
    sprintf(w, ";stables=%s|-/-/-", complete3);
    fresh();
    tu_bids_pos(&st, 2, R0, piles);
    ck_assert_int_eq(st.pile_len[0], 38);
    play(&st, "call P1");
    ck_assert_int_eq(st.round, 2);
    for (int p = 0; p < 2; p++) {
        ck_assert_int_eq(st.pile_len[p], 32);
        for (int i = 32; i < BIDS_PILE_MAX; i++) ck_assert_int_eq(st.pile[p][i], 0);
    }
}
END_TEST

/* BIDS-SETUP-DEAL BIDS-SETUP-REMOVAL: a partial position's unnamed cards are "shuffled by the seed (as a
 * round's deal shuffles)" and its 'rng' "becomes the generator after this deal" (SPEC.md, partial
 * positions), 'rng' being the generator of the next round's shuffle. With 2 players and no card named,
 * the partial position and the seed's deal shuffle the same 66 cards (84 less the 18 with the symbol)
 * from the same seed, so both leave the same generator for the next round, and the same piles of 32. */
START_TEST(a_partial_position_shuffles_its_unnamed_cards_as_a_round_s_deal_does)
{
    game_config cfg = {2, R0};
    char text[64], err[256];
    for (uint64_t seed = 1; seed <= 20; seed++) {
        bids_state dealt, part;
        tu_bids_deal(&dealt, 2, R0, seed);
        snprintf(text, sizeof text, "rest=pile;rng=%llx", (unsigned long long)seed);
        ck_assert_msg(BG->setup_position(&part, &cfg, text, err, sizeof err) == GAME_OK, "%s", err);
        ck_assert_msg(part.rng == dealt.rng, "seed %llu: the partial deal leaves %llu, the seed's deal %llu", (unsigned long long)seed,
                      (unsigned long long)part.rng, (unsigned long long)dealt.rng);
        for (int p = 0; p < 2; p++) ck_assert_int_eq(part.pile_len[p], dealt.pile_len[p]);
    }
}
END_TEST

/* BIDS-SETUP-PLAYERS: "Vier concurrerende boeren" ... "bij 2 of 3 spelers" */
START_TEST(one_or_five_players_are_refused)
{
    bids_state st;
    game_config one = {1, 0}, five = {5, 0};
    ck_assert_int_eq(bids_engine.setup_seed(&st, &one, 1), GAME_BADARG);
    ck_assert_int_eq(bids_engine.setup_seed(&st, &five, 1), GAME_BADARG);
}
END_TEST

/* ---- The real-time trick ------------------------------------------------------------------ */

/* BIDS-TRICK-STEPS BIDS-FLIP: "Alle spelers draaien tegelijkertijd de bovenste kaart ... om";
 * the next flip only when every card of the trick is taken and played */
START_TEST(the_flip_comes_only_after_every_card_is_taken_and_played)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, R0, "piles=ram1,hen1|ewe1,hen2;open=stallion1,bull1;grabbed=0");
    ck_assert(!tu_bids_legal(&st, "flip"));
    play(&st, "grab P1");
    play(&st, "take stallion");          /* P2 is the slowest: it holds bull1 at once */
    ck_assert_int_eq(st.held[1], tu_bids_card("bull1"));
    ck_assert(!tu_bids_legal(&st, "flip"));
    play(&st, "play P1"); play(&st, "place P1.1");
    play(&st, "play P2"); play(&st, "place P2.1");
    ck_assert(tu_bids_legal(&st, "flip"));
    play(&st, "flip");
    AT(&st, "ram1", BIDS_L_OPEN);
    AT(&st, "ewe1", BIDS_L_OPEN);
    ck_assert_int_eq(st.pile_len[0], 1);
    ck_assert_int_eq(st.pile_len[1], 1);
    ck_assert_int_eq(st.grabbed, 0);
}
END_TEST

/* BIDS-GRAB-RACE: "De speler die als eerste zijn hand op een kaart legt, mag deze direct spelen.
 * Hij hoeft niet op de anderen te wachten." */
START_TEST(any_seat_may_grab_first_and_play_before_the_others_have_grabbed)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 3, R0, "piles=-|-|-;open=stallion1,bull1,boar1;grabbed=0;box=-");
    for (int p = 1; p <= 3; p++) { char m[16]; snprintf(m, sizeof m, "grab P%d", p); ck_assert(tu_bids_legal(&st, m)); }
    play(&st, "grab P3");
    ck_assert_int_eq(bids_engine.to_move(&st), 2);
    play(&st, "take boar");
    ck_assert_int_eq(bids_engine.to_move(&st), 3);       /* the table again */
    ck_assert(tu_bids_legal(&st, "play P3"));
    ck_assert(!tu_bids_legal(&st, "grab P3"));           /* one hand, one card */
    play(&st, "play P3");
    play(&st, "place P3.1");
    AT(&st, "boar1", ST(2, 0));
}
END_TEST

/* BIDS-GRAB-TOUCH: "Een speler die een kaart heeft aangeraakt, moet deze nemen." */
START_TEST(the_card_touched_is_the_card_taken_and_stays_in_the_hand_until_played)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 3, R0, "open=elephant1,truck1,hen1;grabbed=0");
    play(&st, "grab P2");
    play(&st, "take truck");
    ck_assert_int_eq(st.held[1], tu_bids_card("truck1"));
    play(&st, "grab P1");
    ck_assert(!tu_bids_legal(&st, "take truck"));        /* it is P2's */
    play(&st, "take hen");
    ck_assert_int_eq(st.held[1], tu_bids_card("truck1"));
}
END_TEST

/* BIDS-GRAB-SLOWEST: "De langzaamste speler moet de laatste open kaart nemen." */
START_TEST(the_slowest_seat_takes_the_last_open_card)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 3, R0, "open=elephant1,truck1,hen1;grabbed=0");
    play(&st, "grab P3"); play(&st, "take hen");
    ck_assert_int_eq(st.held[0], BIDS_NONE);
    play(&st, "grab P1"); play(&st, "take elephant");
    ck_assert_int_eq(st.held[1], tu_bids_card("truck1"));
    ck_assert_int_eq(st.grabbed, 7);
}
END_TEST

/* BIDS-PLAY-ALL BIDS-ANIMAL-DISCARD: "Alle genomen kaarten moeten gespeeld worden"; "Kan hij het dier
 * niet leggen ... dan verwijdert hij de genomen kaart"; "niet vrijwillig een overtollig mannetjesdier" */
START_TEST(an_animal_that_fits_is_placed_even_into_a_brawl_and_one_that_fits_nowhere_is_discarded)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, R0, "held=stallion2|-;stables=stallion1,mare1/bull1/boar1|-/-/-;phase=play;actor=1");
    ck_assert(!tu_bids_legal(&st, "discard"));
    ck_assert(tu_bids_legal(&st, "place P1.1"));
    ck_assert_int_eq(tu_bids_nlegal(&st), 1);
    play(&st, "place P1.1");
    fresh();
    tu_bids_pos(&st, 2, R0, "held=ewe1|-;stables=stallion1/bull1/boar1|-/-/-;phase=play;actor=1");
    ck_assert_int_eq(tu_bids_nlegal(&st), 1);
    play(&st, "discard");
    AT(&st, "ewe1", BIDS_L_OUT);
}
END_TEST

/* BIDS-OUT-FINAL: "Een eenmaal verwijderde kaart mag niet meer worden teruggenomen" */
START_TEST(a_discarded_card_stays_out_for_the_rest_of_the_round)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, R0, "piles=hen1|hen2;held=ewe1|-;stables=stallion1/bull1/boar1|-/-/-;phase=play;actor=1;open=cow1;grabbed=1");
    play(&st, "discard");
    play(&st, "grab P2"); play(&st, "take cow"); play(&st, "play P2"); play(&st, "place P2.1");
    play(&st, "flip");
    AT(&st, "ewe1", BIDS_L_OUT);
}
END_TEST

/* BIDS-WAIT-ORDER BIDS-AMB-WAIT: "Omdat de olifant nummer 3 toont en de transportwagen nummer 6, moet
 * speler A eerst zijn olifant spelen." */
START_TEST(while_waiting_the_elephant_3_plays_before_the_truck_6)
{
    uint32_t r = _i ? FR : R0;
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, r, "held=elephant1|truck1;stables=-/-/-|mare1/-/-");
    ck_assert(tu_bids_legal(&st, "play P2"));            /* nobody waits yet */
    play(&st, "wait");
    ck_assert(!tu_bids_legal(&st, "play P2"));
    ck_assert(tu_bids_legal(&st, "play P1"));
    play(&st, "play P1"); play(&st, "place P2.2");
    play(&st, "play P2");
    ck_assert(tu_bids_legal(&st, "truck P2.2 elephant P1.1"));
}
END_TEST

/* BIDS-AMB-WAIT: nl "Willen 1 of meer spelers" | fr "Si plusieurs joueurs refusent" */
START_TEST(one_holder_may_declare_a_wait_in_nl_but_not_in_fr)
{
    bids_state st;
    tu_bids_pos(&st, 2, R0, "held=elephant1|-;open=hen1;grabbed=1");
    ck_assert(tu_bids_legal(&st, "wait"));
    tu_bids_pos(&st, 2, FR, "held=elephant1|-;open=hen1;grabbed=1");
    ck_assert(!tu_bids_legal(&st, "wait"));
}
END_TEST

/* ---- Stables ------------------------------------------------------------------------------ */

/* BIDS-STABLE-ONE-SPECIES BIDS-ANIMAL-OWN: "In een stal passen uitsluitend dieren van 1 soort";
 * "moet het in één van zijn eigen stallen leggen" */
START_TEST(an_animal_goes_only_into_an_own_stable_of_its_species_or_an_empty_one)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, R0, "held=cow1|-;stables=stallion1/bull1/-|-/-/-;phase=play;actor=1");
    ck_assert(!tu_bids_legal(&st, "place P1.1"));
    ck_assert(tu_bids_legal(&st, "place P1.2"));
    ck_assert(!tu_bids_legal(&st, "place P1.3"));        /* she already has cattle: second stable needs the male */
    ck_assert(!tu_bids_legal(&st, "place P2.1"));
    play(&st, "place P1.2");
}
END_TEST

/* BIDS-STABLE-SECOND-MALE BIDS-ANIMAL-FEMALE-EMPTY: "het eerste dier in de tweede ... stal ... moet het
 * mannetjesdier van die soort zijn"; "niet toegestaan om een vrouwtjesdier ... in een lege stal" */
START_TEST(a_second_stable_of_a_species_starts_with_its_male)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, R0, "held=bull2|-;stables=bull1,cow1/-/-|-/-/-;phase=play;actor=1");
    ck_assert(tu_bids_legal(&st, "place P1.2"));
    play(&st, "place P1.2");
    fresh();
    tu_bids_pos(&st, 2, R0, "held=cow2|-;stables=bull1,cow1/-/-|-/-/-;phase=play;actor=1");
    ck_assert(!tu_bids_legal(&st, "place P1.2"));
    ck_assert(tu_bids_legal(&st, "place P1.1"));
    tu_bids_pos(&st, 2, R0, "held=cow2|-;stables=-/-/-|bull1/-/-;phase=play;actor=1");
    ck_assert(tu_bids_legal(&st, "place P1.1"));         /* a first stable may start with a female */
}
END_TEST

/* BIDS-NO-MOVE: "Een speler mag dieren in zijn stallen tijdens het spel niet meer verplaatsen" */
START_TEST(placing_an_animal_moves_no_other_card)
{
    bids_state st, before;
    fresh();
    tu_bids_pos(&st, 2, R0, "held=mare1|-;stables=stallion1/bull1,cow1/-|ram1/-/-;phase=play;actor=1");
    before = st;
    play(&st, "place P1.1");
    for (int id = 0; id < BIDS_CARDS; id++) if (id != tu_bids_card("mare1")) ck_assert_int_eq(st.loc[id], before.loc[id]);
}
END_TEST

/* ---- Elephants, mad cows, wild stallions, trucks ------------------------------------------- */

/* BIDS-ELEPHANT: "moet deze in een lege stal van een andere speler leggen"; "Heeft geen van de andere
 * spelers een lege stal, dan verwijdert hij de olifant"; "Een stal met een olifant is vol" */
START_TEST(the_elephant_goes_into_another_seats_empty_stable_or_out)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, R0, "held=elephant1|-;stables=-/-/-|ram1/-/ewe1;phase=play;actor=1");
    ck_assert(!tu_bids_legal(&st, "place P1.1"));
    ck_assert(!tu_bids_legal(&st, "discard"));
    ck_assert_int_eq(tu_bids_nlegal(&st), 1);
    play(&st, "place P2.2");
    tu_bids_pos(&st, 2, R0, "held=-|ewe2;stables=-/-/-|ram1/elephant1/ewe1;phase=play;actor=2");
    ck_assert(!tu_bids_legal(&st, "place P2.2"));        /* full */
    fresh();
    tu_bids_pos(&st, 2, R0, "held=elephant1|-;stables=-/-/-|ram1/hen1/ewe1;phase=play;actor=1");
    ck_assert_int_eq(tu_bids_nlegal(&st), 1);
    play(&st, "discard");
}
END_TEST

/* BIDS-MADCOW BIDS-AMB-MADCOW-OWN: "in de koeienstal van een ander speler"; "Verwijder alle dieren
 * uit deze stal (inclusief de gekke koe)"; any-stable | cow-stable */
START_TEST(the_mad_cow_empties_a_cow_stable_and_its_own_targets_follow_the_reading)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, R0, "held=madcow1|-;stables=boar1,sow1/-/-|bull1,cow1,bull2/-/-;phase=play;actor=1");
    ck_assert(tu_bids_legal(&st, "place P1.1"));         /* any-stable */
    ck_assert(!tu_bids_legal(&st, "discard"));
    play(&st, "place P2.1");
    AT(&st, "bull1", BIDS_L_OUT); AT(&st, "cow1", BIDS_L_OUT); AT(&st, "bull2", BIDS_L_OUT); AT(&st, "madcow1", BIDS_L_OUT);
    tu_bids_pos(&st, 2, BIDS_R_MADCOW_CATTLE, "held=madcow1|-;stables=boar1,sow1/-/-|-/-/-;phase=play;actor=1");
    ck_assert(!tu_bids_legal(&st, "place P1.1"));
    ck_assert(tu_bids_legal(&st, "discard"));            /* nobody else has a cow stable */
    for (int prof = 0; prof < 2; prof++) {               /* both texts: "gekke koe (koeienstal)" / "(étable à vaches)" */
        /* BIDS-AMB-OWN-PURPOSE: both texts brawl-only, "(om zo de bonje in zijn stal op te lossen)" /
         * "(pour ainsi résoudre une bagarre ayant lieu dans cette étable)": a cow stable of one's own
         * only while it holds a brawl */
        tu_bids_pos(&st, 2, bids_engine.profiles[prof].readings, "held=madcow1|-;stables=boar1,sow1/bull1,cow1,bull2/-|-/-/-;phase=play;actor=1");
        ck_assert(!tu_bids_legal(&st, "place P1.1"));
        ck_assert(tu_bids_legal(&st, "place P1.2"));
        tu_bids_pos(&st, 2, bids_engine.profiles[prof].readings, "held=madcow1|-;stables=boar1,sow1/bull1,cow1/-|-/-/-;phase=play;actor=1");
        ck_assert(!tu_bids_legal(&st, "place P1.2"));
        ck_assert(tu_bids_legal(&st, "discard"));
    }
}
END_TEST

/* BIDS-WILD BIDS-AMB-WILD-OWN: nl "in zijn eigen stal" | fr "dans sa propre écurie"; any-stable |
 * horse-stable. Both texts state horse-stable: "dolle hengst (paardenstal)" / "un étalon sauvage (écurie)". */
START_TEST(the_wild_stallion_may_empty_any_own_stable_under_any_stable_but_only_a_horse_stable_under_the_texts)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, R0, "held=wild1|-;stables=boar1,boar2/elephant1/-|stallion1,mare1/-/-;phase=play;actor=1");
    ck_assert(tu_bids_legal(&st, "place P1.1"));
    ck_assert(!tu_bids_legal(&st, "place P1.2"));        /* an elephant leaves only by truck */
    play(&st, "place P1.1");
    AT(&st, "boar1", BIDS_L_OUT); AT(&st, "boar2", BIDS_L_OUT);
    for (int prof = 0; prof < 2; prof++) {
        tu_bids_pos(&st, 2, bids_engine.profiles[prof].readings, "held=wild1|-;stables=boar1,boar2/elephant1/-|stallion1,mare1/-/-;phase=play;actor=1");
        ck_assert(!tu_bids_legal(&st, "place P1.1"));
        ck_assert(tu_bids_legal(&st, "place P2.1"));
    }
}
END_TEST

/* BIDS-TRUCK BIDS-AMB-TRUCK-IDLE: "mag een dier naar keuze ... naar een andere stal verplaatsen of uit
 * het spel verwijderen"; may-idle | must-use */
START_TEST(the_truck_moves_or_removes_one_animal_by_the_placing_rules)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, R0, "held=truck1|-;stables=elephant1/hen1/-|stallion1,mare1/-/rooster1;phase=play;actor=1");
    ck_assert(tu_bids_legal(&st, "truck P1.1 elephant P2.2"));
    ck_assert(!tu_bids_legal(&st, "truck P1.1 elephant P2.3"));
    ck_assert(tu_bids_legal(&st, "truck P2.1 mare P1.3"));
    ck_assert(tu_bids_legal(&st, "truck P1.2 hen P2.3"));
    ck_assert(!tu_bids_legal(&st, "truck P1.2 hen P2.1"));
    ck_assert(tu_bids_legal(&st, "discard"));
    play(&st, "truck P1.1 elephant P2.2");
    AT(&st, "elephant1", ST(1, 1)); AT(&st, "truck1", BIDS_L_OUT);
    tu_bids_pos(&st, 2, BIDS_R_TRUCK_MUST, "held=truck1|-;stables=elephant1/-/-|-/-/-;phase=play;actor=1");
    ck_assert(!tu_bids_legal(&st, "discard"));
    tu_bids_pos(&st, 2, BIDS_R_TRUCK_MUST, "held=truck1|-;phase=play;actor=1");
    ck_assert(tu_bids_legal(&st, "discard"));
}
END_TEST

/* BIDS-TRUCK BIDS-ELEPHANT BIDS-AMB-TRUCK-ELEPHANT: "olifant naar een lege stal" (any-empty: the truck's
 * player may put the elephant into an empty stable of its own) | "in een lege stal van een andere speler"
 * (other-seat: never into the truck player's own stables; another seat's are all allowed) */
START_TEST(a_truck_puts_an_elephant_into_its_players_own_empty_stable_only_under_any_empty)
{
    bids_state st;
    const char *pos = "held=truck1|-;stables=-/-/-|elephant1/-/-;phase=play;actor=1";
    int other = _i;
    fresh();
    tu_bids_pos(&st, 2, other ? BIDS_R_TRUCK_ELEPHANT_OTHER : R0, pos);
    ck_assert_int_eq(tu_bids_legal(&st, "truck P2.1 elephant P1.1"), !other);
    ck_assert_int_eq(tu_bids_legal(&st, "truck P2.1 elephant P1.3"), !other);
    ck_assert(tu_bids_legal(&st, "truck P2.1 elephant P2.2"));     /* another seat's empty stable: both */
    ck_assert(tu_bids_legal(&st, "truck P2.1 elephant out"));
    if (!other) {
        play(&st, "truck P2.1 elephant P1.1");
        AT(&st, "elephant1", ST(0, 0)); AT(&st, "truck1", BIDS_L_OUT);
    } else {
        play(&st, "truck P2.1 elephant P2.3");
        AT(&st, "elephant1", ST(1, 2)); AT(&st, "truck1", BIDS_L_OUT);
    }
    /* the elephant's own rule is unchanged: a played elephant never goes into its player's stable */
    tu_bids_pos(&st, 2, other ? BIDS_R_TRUCK_ELEPHANT_OTHER : R0, "held=elephant1|-;stables=-/-/-|ram1/-/-;phase=play;actor=1");
    ck_assert(!tu_bids_legal(&st, "place P1.1"));
    ck_assert(tu_bids_legal(&st, "place P2.2"));
}
END_TEST

/* BIDS-BRAWL BIDS-SCORE-TABLE: "Bevat een stal 2 of meer mannetjesdieren"; "geen punten" */
START_TEST(a_brawl_stable_is_not_complete_and_scores_nothing)
{
    bids_state st;
    fresh();
    /* P1: horses with a brawl (0) + pigs pair 2+2+2=6; P2: sheep pair 2+2+2=6 + hen 1 = 7 */
    tu_bids_pos(&st, 2, R0, "held=hen1|-;stables=stallion1,stallion2,mare1/boar1,sow1/-|ram1,ewe1,ewe2/-/-;phase=play;actor=1;"
                            "piles=-|-");
    ck_assert(!tu_bids_legal(&st, "call P1"));
    play(&st, "place P1.3");        /* the last card: the round ends by value, P1 0+6+1 = 7 < P2 8 */
    ck_assert_int_eq(st.round_winners, 2);
}
END_TEST

/* ---- End of a round ------------------------------------------------------------------------ */

#define COMPLETE3 "stallion1,mare1/bull1,cow1/boar1,sow1"

/* BIDS-CALL BIDS-STABLE-COMPLETE: "1 of meer spelers roepen dat hun stallen compleet zijn"; "1
 * mannetjesdier en ten minste 1 vrouwtjesdier van dezelfde soort"; an elephant's stable is not complete */
START_TEST(only_seats_whose_stables_are_all_complete_may_call)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, R0, "stables=" COMPLETE3 "|ram1,ewe1/elephant1/rooster1,hen1");
    ck_assert(tu_bids_legal(&st, "call P1"));
    ck_assert(!tu_bids_legal(&st, "call P2"));
    ck_assert(!tu_bids_legal(&st, "call P1+P2"));
    play(&st, "call P1");
    ck_assert_int_eq(st.round_winners, 1);
    ck_assert_int_eq(st.nstables[0], 4);                 /* BIDS-EXTRA-STABLE */
    ck_assert_int_eq(st.round, 2);
}
END_TEST

/* BIDS-AMB-EACH-SPECIES: nl "van dezelfde soort" | fr "de chaque espèce"; same | distinct. Both texts
 * state `same` (fr's "Rappel : ... de la même espèce" and "plusieurs étables abritant la même espèce"). */
START_TEST(two_complete_stables_of_one_species_may_call_under_same_but_not_under_distinct)
{
    bids_state st;
    tu_bids_pos(&st, 2, NL, "stables=stallion1,mare1/stallion2,mare2/boar1,sow1|-/-/-");
    ck_assert(tu_bids_legal(&st, "call P1"));
    tu_bids_pos(&st, 2, FR, "stables=stallion1,mare1/stallion2,mare2/boar1,sow1|-/-/-");
    ck_assert(tu_bids_legal(&st, "call P1"));
    tu_bids_pos(&st, 2, BIDS_R_DISTINCT, "stables=stallion1,mare1/stallion2,mare2/boar1,sow1|-/-/-");
    ck_assert(!tu_bids_legal(&st, "call P1"));
}
END_TEST

/* BIDS-CALL-LATE: "Verwijdert een andere speler met behulp van een transportwagen een kaart uit zijn
 * stallen vóór het roepen, dan is de speler te laat" */
START_TEST(a_truck_before_the_call_makes_the_caller_late)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, R0, "held=-|truck1;stables=" COMPLETE3 "|-/-/-;phase=play;actor=2");
    play(&st, "truck P1.2 cow out");
    ck_assert(!tu_bids_legal(&st, "call P1"));
    ck_assert_int_eq(st.round, 1);                       /* the round goes on */
}
END_TEST

/* BIDS-END-SIMULTANEOUS: "dan wint van hen de speler met de meest waardevolle stal" */
START_TEST(simultaneous_callers_are_decided_by_their_most_valuable_stable)
{
    bids_state st;
    fresh();
    /* P1's best stable: horses 4+4+4+2 = 14; P2's: cattle 3+3+3+3+2 = 14... make P2 lower: 3+3+3+2 = 11 */
    tu_bids_pos(&st, 2, R0, "stables=stallion1,mare1,mare2/ram1,ewe1/rooster1,hen1|bull1,cow1,cow2/boar1,sow1/rooster2,hen2");
    play(&st, "call P1+P2");
    ck_assert_int_eq(st.round_winners, 1);
    fresh();
    tu_bids_pos(&st, 2, R0, "stables=stallion1,mare1/ram1,ewe1/rooster1,hen1|stallion2,mare2/boar1,sow1/rooster2,hen2");
    play(&st, "call P1+P2");                             /* 10 and 10: both win */
    ck_assert_int_eq(st.round_winners, 3);
    ck_assert_int_eq(st.nstables[0], 4);
    ck_assert_int_eq(st.nstables[1], 4);
}
END_TEST

/* BIDS-END-SIMULTANEOUS: "Roepen 2 of meer spelers tegelijk als eerste, dan wint van hen de speler met de
 * meest waardevolle stal": only the callers are compared. P1 and P2 call, best stables horses 4 + 4 + 2 =
 * 10 each; P3 does not call (two empty stables) though its horses are worth 4 + 4 + 4 + 2 = 14. */
START_TEST(simultaneous_callers_are_compared_only_among_themselves)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 3, R0, "stables=stallion1,mare1/bull1,cow1/boar1,sow1|stallion2,mare2/bull2,cow2/boar2,sow2|"
                            "stallion3,mare3,mare4/-/-");
    ck_assert(!tu_bids_legal(&st, "call P3"));
    play(&st, "call P1+P2");
    ck_assert_int_eq(st.round_winners, 3);               /* both callers, not P3 */
    ck_assert_int_eq(st.nstables[0], 4);
    ck_assert_int_eq(st.nstables[1], 4);
    ck_assert_int_eq(st.nstables[2], 3);
}
END_TEST

/* BIDS-END-EXHAUSTED BIDS-END-VALUE BIDS-SCORE-TABLE: "alle kaarten van de gedekte stapels zijn
 * omgedraaid en gespeeld"; "de speler met de meest waardevolle stallen"; "Per stelletje: 2 punten extra" */
START_TEST(when_the_cards_run_out_the_most_valuable_stables_win)
{
    bids_state st;
    fresh();
    /* P1: hens 1+1+1 + rooster 1 + pair 2 = 6 after the hen; P2: bull + cow + pair = 8 */
    tu_bids_pos(&st, 2, R0, "piles=-|-;held=hen3|-;stables=rooster1,hen1,hen2/-/-|bull1,cow1/-/-;phase=play;actor=1");
    play(&st, "place P1.1");
    ck_assert_int_eq(st.round_winners, 2);
    ck_assert_int_eq(st.nstables[1], 4);
    ck_assert_int_eq(st.nstables[0], 3);
}
END_TEST

/* BIDS-AMB-END-COMPLETE: complete-wins | value-wins */
START_TEST(a_complete_seat_that_never_called_wins_a_round_that_runs_out_under_complete_wins)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, R0, "piles=-|-;held=mare4|-;stables=stallion1,mare1,mare2,mare3/ram1/ram2|bull1,cow1/boar1,sow1/rooster1,hen1;phase=play;actor=1");
    play(&st, "place P1.1");                             /* P1 26+2+2 = 30 in value, P2 complete (18) */
    ck_assert_int_eq(st.round_winners, 2);
    tu_bids_pos(&st, 2, BIDS_R_END_VALUE, "piles=-|-;held=mare4|-;stables=stallion1,mare1,mare2,mare3/ram1/ram2|bull1,cow1/boar1,sow1/rooster1,hen1;phase=play;actor=1");
    play(&st, "place P1.1");
    ck_assert_int_eq(st.round_winners, 1);
}
END_TEST

/* BIDS-AMB-FIRST: first-caller | first-complete ("De speler die de eerste kaart op zijn stallen compleet heeft") */
START_TEST(under_first_complete_the_round_ends_the_moment_a_seat_is_complete)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_FIRST_COMPLETE, "held=sow1|-;open=hen1;grabbed=1;piles=hen2|hen3;stables=stallion1,mare1/bull1,cow1/boar1|-/-/-;phase=play;actor=1");
    play(&st, "place P1.3");
    ck_assert_int_eq(st.round_winners, 1);
    ck_assert_int_eq(st.round, 2);
    tu_bids_pos(&st, 2, R0, "held=sow1|-;open=hen1;grabbed=1;piles=hen2|hen3;stables=stallion1,mare1/bull1,cow1/boar1|-/-/-;phase=play;actor=1");
    play(&st, "place P1.3");
    ck_assert_int_eq(st.round, 1);
    ck_assert(tu_bids_legal(&st, "call P1"));
}
END_TEST

/* BIDS-END-SIMULTANEOUS BIDS-AMB-FIRST BIDS-AMB-RESET: "Roepen 2 of meer spelers tegelijk als eerste, dan
 * wint van hen de speler met de meest waardevolle stal". One truck move completes two seats. Under
 * first-complete both are complete at one moment, so the most valuable stable wins; under keep the
 * other complete seat keeps its stables, is complete when round 2 is dealt, and wins that round before
 * anyone moves (the campaign's finding: the engine ended round 2 inside the next take and lost the
 * card taken). Under first-caller the table may call either seat or both. */
START_TEST(one_truck_move_completing_two_seats_is_judged_as_a_simultaneous_first)
{
    bids_state st;
    const char *pos = "held=truck1|-;phase=play;actor=1;"
                      "stables=stallion1,mare1,mare3/bull1,cow1/sow1|stallion2,mare2/bull2,cow2/boar1,sow2,boar2";
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_FIRST_COMPLETE | BIDS_R_KEEP, pos);
    play(&st, "truck P2.3 boar P1.3");                   /* P1 best 14 (horses), P2 best 10 */
    ck_assert_int_eq(st.round, 3);                       /* round 2 ended at its deal */
    ck_assert_int_eq(st.round_winners, 2);               /* ... won by P2, complete from its start */
    ck_assert_int_eq(st.wins[0], 1);
    ck_assert_int_eq(st.wins[1], 1);
    ck_assert_int_eq(st.nstables[0], 4);
    ck_assert_int_eq(st.nstables[1], 4);
    AT(&st, "boar1", ST(0, 2));                          /* keep: the animals stayed */
    ck_assert_int_eq(st.phase, BIDS_PH_TABLE);
    /* BIDS-END-SIMULTANEOUS, case chain: the oracle judged round 2 as ending at its deal */
    ck_assert_uint_gt(ctx.count[tu_clause(&ctx, "BIDS-END-SIMULTANEOUS")].cases[4], 0);
    tu_add_counts(&ctx, "one_truck_move_completing_two_seats_is_judged_as_a_simultaneous_first");
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_FIRST_COMPLETE, pos);     /* clear: round 2 starts empty */
    play(&st, "truck P2.3 boar P1.3");
    ck_assert_int_eq(st.round, 2);
    ck_assert_int_eq(st.round_winners, 1);
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_KEEP, pos);               /* first-caller: a race of calls */
    play(&st, "truck P2.3 boar P1.3");
    ck_assert_int_eq(st.round, 1);
    ck_assert(tu_bids_legal(&st, "call P1"));
    ck_assert(tu_bids_legal(&st, "call P2"));
    ck_assert(tu_bids_legal(&st, "call P1+P2"));
    play(&st, "call P2");                                /* P2 wins round 1; P1 is complete at the deal */
    ck_assert_int_eq(st.round, 2);
    ck_assert(tu_bids_legal(&st, "call P1"));            /* ... and may call before anyone moves */
}
END_TEST

/* BIDS-GRAB-RACE BIDS-AMB-DIRECT: nl "Hij hoeft niet op de anderen te wachten." | fr "Il ne doit pas attendre
 * les autres."; need-not-wait | must-play: the trick's first taker plays at once under must-play */
START_TEST(the_first_taker_plays_at_once_under_must_play_and_when_the_table_says_under_need_not_wait)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 3, BIDS_R_MUST_PLAY, "open=hen1,hen2,boar1;grabbed=0");
    play(&st, "grab P2");
    play(&st, "take hen");
    ck_assert_int_eq(st.phase, BIDS_PH_PLAY);            /* P2 plays before anyone else */
    ck_assert_int_eq(st.actor, 1);
    play(&st, "place P2.1");
    play(&st, "grab P1");
    play(&st, "take hen");                               /* not the first: the table decides again */
    ck_assert_int_eq(st.phase, BIDS_PH_TABLE);
    ck_assert(tu_bids_legal(&st, "wait"));
    fresh();
    tu_bids_pos(&st, 3, R0, "open=hen1,hen2,boar1;grabbed=0");
    play(&st, "grab P2");
    play(&st, "take hen");
    ck_assert_int_eq(st.phase, BIDS_PH_TABLE);           /* need-not-wait: P2 may hold its card back */
    ck_assert(tu_bids_legal(&st, "wait"));
    ck_assert(tu_bids_legal(&st, "grab P1"));
}
END_TEST

/* BIDS-MADCOW BIDS-WILD BIDS-AMB-OWN-PURPOSE: "of hij mag de gekke koe in zijn eigen stal leggen (om zo de bonje
 * in zijn stal op te lossen)"; any-own | brawl-only */
START_TEST(an_own_stable_takes_the_mad_cow_only_to_end_its_brawl_under_brawl_only)
{
    bids_state st;
    const char *pos = "held=madcow1|-;stables=bull1,cow1/bull2,bull3,cow2/-|-/-/-;phase=play;actor=1";
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_MADCOW_CATTLE | BIDS_R_OWN_BRAWL, pos);
    ck_assert(!tu_bids_legal(&st, "place P1.1"));        /* no brawl there */
    ck_assert(tu_bids_legal(&st, "place P1.2"));
    tu_bids_pos(&st, 2, BIDS_R_MADCOW_CATTLE, pos);
    ck_assert(tu_bids_legal(&st, "place P1.1"));
    ck_assert(tu_bids_legal(&st, "place P1.2"));
    tu_bids_pos(&st, 2, BIDS_R_WILD_HORSES | BIDS_R_OWN_BRAWL, "held=wild1|-;stables=stallion1,mare1/-/-|-/-/-;phase=play;actor=1");
    ck_assert(!tu_bids_legal(&st, "place P1.1"));
    ck_assert(tu_bids_legal(&st, "discard"));            /* nobody else has horses */
}
END_TEST

/* BIDS-TRUCK BIDS-STABLE-SECOND-MALE BIDS-AMB-TRUCK-RULES: "zolang hij aan de spelregels voldoet (olifant naar een
 * lege stal, gewone dieren naar een stal met dieren van dezelfde soort of naar een lege stal)"; all-rules |
 * listed-only. The stable a truck empties stops counting only when the animal was its last one. */
START_TEST(a_truck_keeps_the_second_male_rule_under_all_rules_and_only_its_list_under_listed_only)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, R0, "held=truck1|-;stables=bull1,cow1,cow2/-/-|-/-/-;phase=play;actor=1");
    ck_assert(!tu_bids_legal(&st, "truck P1.1 cow P1.2"));   /* P1.1 still holds cattle: a second stable needs the bull */
    ck_assert(tu_bids_legal(&st, "truck P1.1 bull P1.2"));
    tu_bids_pos(&st, 2, R0, "held=truck1|-;stables=cow1/-/-|-/-/-;phase=play;actor=1");
    ck_assert(tu_bids_legal(&st, "truck P1.1 cow P1.2"));    /* its last animal: no other cattle stable is left */
    tu_bids_pos(&st, 2, R0, "held=truck1|-;stables=-/-/-|bull1,cow1,cow2/-/-;phase=play;actor=1");
    ck_assert(!tu_bids_legal(&st, "truck P2.1 cow P2.2"));
    tu_bids_pos(&st, 2, BIDS_R_TRUCK_LISTED, "held=truck1|-;stables=-/-/-|bull1,cow1,cow2/-/-;phase=play;actor=1");
    ck_assert(tu_bids_legal(&st, "truck P2.1 cow P2.2"));
    ck_assert(tu_bids_legal(&st, "truck P2.1 cow P1.1"));
    play(&st, "truck P2.1 cow P2.2");
    AT(&st, "cow1", ST(1, 1));
}
END_TEST

/* BIDS-SCORE-TABLE BIDS-AMB-PAIR-COUNT: "Per stelletje: 2 punten extra (1 mannetjes- en 1 vrouwtjesdier van
 * dezelfde soort in 1 stal zonder bonje)"; one-per-stable | per-female */
START_TEST(a_stable_with_one_male_earns_one_pair_bonus_or_one_per_female)
{
    bids_state st;
    const char *pos = "piles=-|-;held=hen1|-;stables=stallion1,mare1/-/-|rooster1,hen2,hen3,hen4,hen5/-/-;phase=play;actor=1";
    fresh();
    tu_bids_pos(&st, 2, R0, pos);
    play(&st, "place P1.2");                             /* P1 10 + 1 = 11, P2 5 + 2 = 7 */
    ck_assert_int_eq(st.round_winners, 1);
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_PAIR_EACH, pos);
    play(&st, "place P1.2");                             /* P1 10 + 1 = 11, P2 5 + 4 x 2 = 13 */
    ck_assert_int_eq(st.round_winners, 2);
}
END_TEST

/* BIDS-SCORE-TABLE BIDS-END-VALUE: "Per beer/zeug: 2 punten", "Per ram/ooi: 2 punten", "Per haan/hen: 1
 * punt", "Per hengst/merrie: 4 punten", "Per stier/koe: 3 punten", "Per stelletje: 2 punten extra": two
 * seats whose stables add up to the same value both win a round that runs out, so each sum must be exact.
 * P1 places the last card, hen1, alone in an empty stable (1). */
START_TEST(pigs_sheep_and_a_pair_score_as_the_table_prints)
{
    bids_state st;
    fresh();
    /* P1 pigs 2 + 2 + pair 2 = 6, + hen 1 = 7; P2 sheep 2 + 2 + pair 2 = 6, + rooster 1 = 7 */
    tu_bids_pos(&st, 2, R0, "piles=-|-;held=hen1|-;stables=boar1,sow1/-/-|ram1,ewe1/rooster1/-;phase=play;actor=1");
    play(&st, "place P1.2");
    ck_assert_int_eq(st.round_winners, 3);
    fresh();
    /* P1 as above 7; P2 a mare 4 and a cow 3, no pair: 7 */
    tu_bids_pos(&st, 2, R0, "piles=-|-;held=hen1|-;stables=boar1,sow1/-/-|mare1/cow1/-;phase=play;actor=1");
    play(&st, "place P1.2");
    ck_assert_int_eq(st.round_winners, 3);
}
END_TEST

/* BIDS-GAME-END BIDS-AMB-FIVE-WIN: nl "De speler die als eerste met 5 stallen een ronde wint, wint het spel." |
 * fr "Le joueur qui finit le premier une partie en ayant cinq étables remporte la partie."; any-win | complete-win */
START_TEST(a_round_won_on_value_with_five_stables_ends_the_game_only_under_any_win)
{
    bids_state st;
    const char *pos = "piles=-|-;held=hen1|-;stables=stallion1,mare1/-/-/-/-|ram1/-/-;phase=play;actor=1" WON5;
    fresh();
    tu_bids_pos(&st, 2, R0, pos);
    play(&st, "place P1.2");                             /* P1 wins on value, owning 5 */
    ck_assert_int_eq(st.phase, BIDS_PH_OVER);
    ck_assert_int_eq(st.game_winners, 1);
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_FIVE_COMPLETE, pos);
    play(&st, "place P1.2");
    ck_assert_int_ne(st.phase, BIDS_PH_OVER);            /* nobody finished the round: it goes on */
    ck_assert_int_eq(st.round, 4);
    ck_assert_int_eq(st.nstables[0], 5);
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_FIVE_COMPLETE, "stables=stallion1,mare1/bull1,cow1/boar1,sow1/ram1,ewe1/rooster1,hen1|ram2/-/-" WON5);
    play(&st, "call P1");                                /* five complete stables called: the game is won */
    ck_assert_int_eq(st.phase, BIDS_PH_OVER);
    ck_assert_int_eq(st.game_winners, 1);
}
END_TEST

#define FIVE_BOTH "stables=" COMPLETE3 "/ram1,ewe1/rooster1,hen1|stallion2,mare2/bull2,cow2/boar2,sow2/ram2,ewe2/rooster2,hen2;" \
                  "wins=2,2;round=4;won=3"

/* BIDS-GAME-END BIDS-AMB-FIVE-TIE: nl "De speler die als eerste met 5 stallen een ronde wint, wint het
 * spel."; two seats with 5 stables win one round (callers tied on their best stable, 10 each):
 * shared, both win the game | play-on, the game goes on until one seat alone ends it */
START_TEST(two_seats_ending_the_game_in_one_round_share_it_or_play_on)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, R0, FIVE_BOTH);
    play(&st, "call P1+P2");
    ck_assert_int_eq(st.round_winners, 3);
    ck_assert_int_eq(st.phase, BIDS_PH_OVER);
    ck_assert_int_eq(st.game_winners, 3);
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_FIVE_PLAY_ON, FIVE_BOTH);
    play(&st, "call P1+P2");
    ck_assert_int_eq(st.round_winners, 3);
    ck_assert_int_ne(st.phase, BIDS_PH_OVER);            /* nobody is first alone: the next round */
    ck_assert_int_eq(st.game_winners, 0);
    ck_assert_int_eq(st.round, 5);
    ck_assert_int_eq(st.nstables[0], 5);
    ck_assert_int_eq(st.nstables[1], 5);
    /* one seat alone ends the game under play-on as under shared */
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_FIVE_PLAY_ON, "stables=" COMPLETE3 "/ram1,ewe1/rooster1,hen1|stallion2,mare2/bull2,cow2/boar2,sow2/ram2,ewe2/-;"
                                            "wins=2,2;round=4;won=3");
    play(&st, "call P1");
    ck_assert_int_eq(st.phase, BIDS_PH_OVER);
    ck_assert_int_eq(st.game_winners, 1);
    /* the short variant ends the game after its one round whatever the reading */
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_FIVE_PLAY_ON | BIDS_R_SHORT, "stables=" COMPLETE3 "|stallion2,mare2/bull2,cow2/boar2,sow2");
    play(&st, "call P1+P2");
    ck_assert_int_eq(st.phase, BIDS_PH_OVER);
    ck_assert_int_eq(st.game_winners, 3);
}
END_TEST

/* BIDS-RESET BIDS-AMB-RESET: "Chaque joueur recommence en ayant pris soin de retirer tous les animaux
 * de ses étables" (nl absent); clear | keep */
START_TEST(a_new_round_empties_the_stables_under_clear_and_keeps_them_under_keep)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, FR, "stables=" COMPLETE3 "|ram1/-/-");
    play(&st, "call P1");
    for (int id = 0; id < BIDS_CARDS; id++) ck_assert_int_lt(st.loc[id], BIDS_L_STABLE);
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_KEEP, "stables=" COMPLETE3 "|ram1/-/-");
    play(&st, "call P1");
    AT(&st, "ram1", ST(1, 0));
    AT(&st, "stallion1", ST(0, 0));
    ck_assert_int_eq(st.nstables[0], 4);
}
END_TEST

/* BIDS-SETUP-DEAL BIDS-EXTRA-STABLE BIDS-GAME-END, "Position fields (Bonje in de Stal)": 'round' counts
 * the rounds started, 1 to 255, and 'wins' the rounds a seat won, 0 to 255: each counts one more at
 * the next deal (a round won) and stops at 255. Rows: the counter before, and after. */
static const struct { int before, after; } counter_rows[] = {{253, 254}, {254, 255}, {255, 255}};

START_TEST(the_round_counter_counts_each_deal_up_to_255)
{
    char pos[256];
    bids_state st;
    int r = counter_rows[_i].before;                     /* 'round': round r runs */
    /* P1 won every finished round (r - 1 of them); P2 calls and wins round r, with 4 stables after it */
    snprintf(pos, sizeof pos, "stables=-/-/-/-/-|stallion1,mare1/bull1,cow1/boar1,sow1;wins=%d,0;round=%d;won=1", r - 1, r);
    fresh();
    tu_bids_pos(&st, 2, R0, pos);
    tu_play(BG, &ctx, &st, "call P2");                  /* the oracles tell the deal at 255 by the piles */
    ck_assert_int_eq(st.phase, BIDS_PH_TABLE);           /* the game goes on: the next round is dealt */
    ck_assert_int_eq(st.wins[1], 1);
    ck_assert_int_eq(st.round, counter_rows[_i].after);
}
END_TEST

START_TEST(the_rounds_won_count_one_more_per_round_up_to_255)
{
    char pos[256];
    bids_state st;
    /* round 255 (the round counter at its end, 254 rounds or more finished: P2 won 2 of them); P1
     * owns 5 complete stables, calls and wins */
    snprintf(pos, sizeof pos, "stables=stallion1,mare1/bull1,cow1/boar1,sow1/ram1,ewe1/rooster1,hen1|-/-/-/-/-;wins=%d,2;round=255;won=1",
             counter_rows[_i].before);
    fresh();
    tu_bids_pos(&st, 2, R0, pos);
    play(&st, "call P1");
    ck_assert_int_eq(st.phase, BIDS_PH_OVER);            /* won with 5 stables */
    ck_assert_int_eq(st.wins[0], counter_rows[_i].after);
    ck_assert_int_eq(st.wins[1], 2);
}
END_TEST

/* BIDS-EXTRA-STABLE BIDS-END-VALUE BIDS-AMB-FIVE-WIN, "Position fields (Bonje in de Stal)": under
 * complete-win a seat with 5 stables that wins on value plays on; at round 255 (the counter's end) its
 * 255th win is counted, and the position the game reaches there (a new round at the table) loads
 * again: a seat's 255 wins are not refused for the 254 rounds 'round' 255 shows finished. */
START_TEST(a_seat_that_reaches_255_wins_at_round_255_plays_on_and_its_position_loads)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_FIVE_COMPLETE, "piles=-|-;held=hen1|-;stables=stallion1,mare1/-/-/-/-|ram1/-/-;phase=play;actor=1;"
                                      "wins=254,0;round=255;won=1");
    play(&st, "place P1.2");                             /* the cards have run out: P1 wins on value */
    ck_assert_int_eq(st.phase, BIDS_PH_TABLE);
    ck_assert_int_eq(st.wins[0], 255);
    ck_assert_int_eq(st.round, 255);
    tu_position_reloads(BG, &st, NULL);
}
END_TEST

/* BIDS-GAME-END BIDS-AMB-FIVE: "De speler die als eerste met 5 stallen een ronde wint, wint het spel."
 * own-five | reach-five */
START_TEST(the_game_ends_when_a_seat_with_five_stables_wins_a_round)
{
    bids_state st;
    int scores[4];
    unsigned w;
    fresh();
    tu_bids_pos(&st, 2, R0, "stables=" COMPLETE3 "/ram1,ewe1|-/-/-" WON4);
    play(&st, "call P1");
    ck_assert_int_eq(st.phase, BIDS_PH_PLAY > 0 ? st.phase : 0);
    ck_assert(bids_engine.to_move(&st) >= 0);            /* own-five: 4 stables, the game goes on */
    ck_assert_int_eq(st.nstables[0], 5);
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_REACH_FIVE, "stables=" COMPLETE3 "/ram1,ewe1|-/-/-" WON4);
    play(&st, "call P1");
    ck_assert_int_eq(bids_engine.to_move(&st), -1);
    ck_assert_int_eq(bids_engine.result(&st, scores, &w), GAME_OK);
    ck_assert_int_eq(w, 1);
    ck_assert_int_eq(scores[0], 5);
    fresh();
    tu_bids_pos(&st, 2, R0, "stables=" COMPLETE3 "/ram1,ewe1/rooster1,hen1|-/-/-" WON5);
    play(&st, "call P1");
    ck_assert_int_eq(bids_engine.to_move(&st), -1);
    ck_assert_int_eq(bids_engine.result(&st, scores, &w), GAME_OK);
    ck_assert_int_eq(w, 1);
    /* Two callers whose best stables are worth the same both win the round (BIDS-END-SIMULTANEOUS)
     * and both reach 5: both win the game (found by libFuzzer; corpus/regressions/bids). */
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_REACH_FIVE, "stables=stallion1,mare1/bull1,cow1/boar1,sow1/ram1,ewe1|"
                "stallion2,mare2/bull2,cow2/boar2,sow2/ram2,ewe2;wins=1,1;round=2;won=3");
    play(&st, "call P1+P2");
    ck_assert_int_eq(bids_engine.to_move(&st), -1);
    ck_assert_int_eq(bids_engine.result(&st, scores, &w), GAME_OK);
    ck_assert_int_eq(w, 3);
    ck_assert_int_eq(scores[0], 5);
    ck_assert_int_eq(scores[1], 5);
}
END_TEST

/* BIDS-VAR-BONUS: "De eerste speler die een 5^e stal verdient, kiest een speciale stal"; "die krijgt
 * automatisch de andere"; "uitsluitend compleet als de dieren erin van de afgebeelde soort zijn" */
START_TEST(under_the_bonus_variant_the_first_fifth_stable_is_a_chosen_special_one)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_BONUS, "stables=" COMPLETE3 "/ram1,ewe1|-/-/-" WON4);
    play(&st, "call P1");
    ck_assert_int_eq(bids_engine.to_move(&st), 0);
    ck_assert(tu_bids_legal(&st, "special 2"));
    play(&st, "special 2");
    ck_assert_int_eq(st.special[0][4], 2);
    ck_assert_int_eq(st.round, 3);
    /* the second seat to earn a 5th gets the other one at once */
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_BONUS, "stables=-/-/-/-/*2:-|" COMPLETE3 "/ram1,ewe1;specials=2;"
                "wins=2,1;round=4;won=1");
    ck_assert_int_eq(st.specials_given, 2);
    play(&st, "call P2");
    ck_assert_int_eq(st.special[1][4], 1);
    ck_assert_int_eq(st.specials_given, 3);
    /* a special stable of horses is complete only with horses */
    tu_bids_pos(&st, 2, BIDS_R_BONUS, "stables=" COMPLETE3 "/ram1,ewe1/*1:rooster1,hen1|-/-/-;specials=1" WON5);
    ck_assert(!tu_bids_legal(&st, "call P1"));
    tu_bids_pos(&st, 2, BIDS_R_BONUS, "stables=bull1,cow1/boar1,sow1/ram1,ewe1/rooster1,hen1/*1:stallion1,mare1|-/-/-;specials=1" WON5);
    ck_assert(tu_bids_legal(&st, "call P1"));
}
END_TEST

/* BIDS-VAR-BONUS BIDS-ANIMAL-OWN: "Deze stal is uitsluitend compleet als de dieren erin van de afgebeelde
 * soort zijn."; "Bij het bepalen van de waarde van deze stal tellen uitsluitend dieren van de betreffende
 * soort mee.": an animal of another species may go into an empty special stable, which is then neither
 * complete nor worth anything */
START_TEST(another_species_may_go_into_a_special_stable_but_leaves_it_incomplete_and_worthless)
{
    bids_state st;
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_BONUS, "held=bull2|-;stables=" COMPLETE3 "/ram1,ewe1/*1:-|-/-/-;specials=1;"
                "phase=play;actor=1" WON5);
    ck_assert(tu_bids_legal(&st, "place P1.5"));          /* special stable 1 shows horses (bids_param) */
    play(&st, "place P1.5");
    AT(&st, "bull2", ST(0, 4));
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_BONUS, "stables=stallion1,mare1/boar1,sow1/ram1,ewe1/rooster1,hen1/*1:bull1,cow1|-/-/-;"
                "specials=1" WON5);
    ck_assert(!tu_bids_legal(&st, "call P1"));            /* cattle in the horses' special stable */
    /* the last card of a round that runs out: P1's bull and cow in the horses' special stable count
     * nothing (3 + 3 + 2 = 8 otherwise), so P2's ram (2) is worth more */
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_BONUS, "piles=-|-;held=cow1|-;stables=-/-/-/-/*1:bull1|ram1/-/-;specials=1;"
                "phase=play;actor=1" WON5);
    ck_assert(tu_bids_legal(&st, "place P1.5"));
    play(&st, "place P1.5");
    ck_assert_int_eq(st.round_winners, 2);
}
END_TEST

/* BIDS-AMB-SPECIAL-ORDER BIDS-VAR-BONUS: P1 and P2 (4 stables each, best stables worth 10 each) call at once,
 * both win the round and earn their 5th stable together. seat-order: P1 chooses first, P2 gets the other;
 * table: the table names who receives first ("De eerste speler die een 5^e stal verdient" / "Le premier
 * joueur qui reçoit une cinquième étable"), here P2, which chooses; P1 gets the other */
START_TEST(two_fifth_stables_at_once_go_in_seat_order_or_as_the_table_names)
{
    bids_state st;
    uint32_t r = BIDS_R_BONUS | (_i ? BIDS_R_SPECIAL_TABLE : 0);
    fresh();
    tu_bids_pos(&st, 2, r, "stables=" COMPLETE3 "/ram1,ewe1|stallion2,mare2/bull2,cow2/boar2,sow2/ram2,ewe2;wins=1,1;round=2;won=3");
    play(&st, "call P1+P2");
    ck_assert_int_eq(st.round_winners, 3);
    ck_assert_int_eq(st.phase, BIDS_PH_SPECIAL);
    if (!_i) {
        ck_assert_int_eq(bids_engine.to_move(&st), 0);
        ck_assert(!tu_bids_legal(&st, "grab P2"));
        play(&st, "special 1");
        ck_assert_int_eq(st.special[0][4], 1);
        ck_assert_int_eq(st.special[1][4], 2);
    } else {
        ck_assert_int_eq(bids_engine.to_move(&st), 2);        /* GAME_TABLE: players */
        ck_assert(tu_bids_legal(&st, "grab P1"));
        ck_assert(tu_bids_legal(&st, "grab P2"));
        ck_assert(!tu_bids_legal(&st, "special 1"));
        /* the position prints the table as 'actor=T' and reads back */
        char text[4096], err[256];
        bids_state back;
        game_config cfg = {2, r};
        ck_assert_int_gt(bids_engine.position_print(&st, text, sizeof text), 0);
        ck_assert_msg(strstr(text, ";actor=T;") != NULL, "%s", text);
        ck_assert_msg(bids_engine.setup_position(&back, &cfg, text, err, sizeof err) == GAME_OK, "%s", err);
        ck_assert(!memcmp(&back, &st, sizeof st));
        play(&st, "grab P2");
        ck_assert_int_eq(bids_engine.to_move(&st), 1);
        play(&st, "special 1");
        ck_assert_int_eq(st.special[1][4], 1);
        ck_assert_int_eq(st.special[0][4], 2);
    }
    ck_assert_int_eq(st.specials_given, 3);
    ck_assert_int_eq(st.phase, BIDS_PH_TABLE);
    ck_assert_int_eq(st.round, 3);
    /* three seats at once: seat-order P1 chooses, P2 gets the other, P3 an ordinary stable; table: the table
     * names P3 (it chooses), then again one of the two left (P1, the other special stable), P2 ordinary */
    fresh();
    tu_bids_pos(&st, 3, r, "stables=" COMPLETE3 "/ram1,ewe1|stallion2,mare2/bull2,cow2/boar2,sow2/ram2,ewe2|"
                "stallion3,mare3/bull3,cow3/boar3,sow3/ram3,ewe3;wins=1,1,1;round=2;won=7");
    play(&st, "call P1+P2+P3");
    ck_assert_int_eq(st.round_winners, 7);
    if (!_i) {
        play(&st, "special 2");
        ck_assert_int_eq(st.special[0][4], 2);
        ck_assert_int_eq(st.special[1][4], 1);
        ck_assert_int_eq(st.special[2][4], 0);
    } else {
        ck_assert_int_eq(bids_engine.to_move(&st), 3);
        play(&st, "grab P3");
        play(&st, "special 2");
        ck_assert_int_eq(bids_engine.to_move(&st), 3);      /* P1 and P2 left, special stable 1 left */
        ck_assert(!tu_bids_legal(&st, "grab P3"));
        play(&st, "grab P1");
        ck_assert_int_eq(st.special[2][4], 2);
        ck_assert_int_eq(st.special[0][4], 1);
        ck_assert_int_eq(st.special[1][4], 0);
    }
    ck_assert_int_eq(st.phase, BIDS_PH_TABLE);
    ck_assert_int_eq(st.nstables[1], 5);
}
END_TEST

/* BIDS-VAR-SHORT: "Het is ook mogelijk om het spel uit 1 ronde te laten bestaan." */
START_TEST(the_short_variant_ends_after_one_round)
{
    bids_state st;
    int scores[4];
    unsigned w;
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_SHORT, "stables=" COMPLETE3 "|-/-/-");
    play(&st, "call P1");
    ck_assert_int_eq(bids_engine.to_move(&st), -1);
    ck_assert_int_eq(bids_engine.result(&st, scores, &w), GAME_OK);
    ck_assert_int_eq(w, 1);
}
END_TEST

/* ---- Hidden information and the scores so far ----------------------------------------------------- */

/* GEN-HIDDEN-INFO BIDS-SETUP-DEAL: determinize re-deals the face-down piles ("als een gedekte stapel"),
 * the only hidden cards, among the piles at random, each pile keeping its height, every card's place
 * (`loc`) kept (tu_determinized: the view, the oracle's account, BIDS-SETUP-MATERIAL), and draws a new
 * generator for the next round. The table (viewer = players) and every seat see alike, so their
 * samples from one seed are the same; two seeds give two deals. With three players and with four. */
static const struct { int players; const char *fields; } redeal_cases[] = {
    {3, "piles=hen1,hen2,ram1,ewe1|hen3,hen4,bull1,cow1|hen5,hen6,boar1,sow1;open=mare1,cow2,ram2;grabbed=0"},
    {4, "piles=hen1,hen2,ram1|hen3,hen4,bull1|hen5,hen6,boar1|hen7,hen8,cow1;open=mare1,cow2,ram2,ewe1;grabbed=0"},
};

START_TEST(determinize_redeals_the_face_down_piles_and_nothing_else)
{
    bids_state st, a, b;
    int np = redeal_cases[_i].players;
    fresh();
    tu_bids_pos(&st, np, R0, redeal_cases[_i].fields);
    tu_determinized(BG, &st, np, 1, &a);
    tu_determinized(BG, &st, np, 2, &b);
    ck_assert(memcmp(a.pile, b.pile, sizeof a.pile) != 0);
    ck_assert(a.rng != st.rng && a.rng != b.rng);
    for (uint64_t seed = 1; seed <= 10; seed++) {
        tu_determinized(BG, &st, np, seed, &a);
        ck_assert_mem_eq(a.loc, st.loc, sizeof a.loc);
        ck_assert_mem_eq(a.pile_len, st.pile_len, sizeof a.pile_len);
        for (int p = 0; p < np; p++) {
            tu_determinized(BG, &st, p, seed, &b);
            ck_assert_mem_eq(&a, &b, sizeof a);
        }
    }
}
END_TEST

/* GEN-HIDDEN-INFO BIDS-SETUP-DEAL: any pile card may lie in any pile at any height, so every order of
 * the face-down cards is a sample determinize can draw: two piles of two, 24 orders, all drawn. */
START_TEST(determinize_can_draw_every_order_of_the_face_down_cards)
{
    bids_state st, a;
    unsigned char drawn[256] = {0};
    int ids[4] = {tu_bids_card("hen1"), tu_bids_card("hen2"), tu_bids_card("hen3"), tu_bids_card("hen4")}, orders = 0;
    tu_bids_pos(&st, 2, R0, "piles=hen1,hen2|hen3,hen4;open=mare1,cow2;grabbed=0");
    for (uint64_t seed = 1; seed <= 480; seed++) {
        uint64_t rng = seed;
        memcpy(&a, &st, sizeof a);
        BG->determinize(&a, 0, &rng);
        int code = 0;
        for (int p = 0; p < 2; p++)
            for (int i = 0; i < 2; i++) {
                int k = 0;
                while (k < 4 && ids[k] != a.pile[p][i]) k++;
                ck_assert_int_lt(k, 4);
                code = code * 4 + k;
            }
        orders += !drawn[code];
        drawn[code] = 1;
    }
    ck_assert_int_eq(orders, 24);
}
END_TEST

/* BIDS-GAME-END BIDS-CALL BIDS-END-SIMULTANEOUS BIDS-END-VALUE BIDS-EXTRA-STABLE: the scores so far
 * (score_now) end the round as it stands: each seat's stables, plus one for a winner of the round (the
 * complete seats as by their call, else the most valuable stables), and the winners the game-end rule
 * would name, else the round's. The state stays as it is. */
START_TEST(the_scores_so_far_end_the_round_as_it_stands)
{
    bids_state st, before;
    int sc[BIDS_MAXP];
    unsigned w;
    fresh();
    /* P1's three stables are complete: it wins the round as by a call, 3 + 1; P2 keeps 3; nobody reaches
     * 5, so the winners are the round's: P1. */
    tu_bids_pos(&st, 2, R0, "stables=" COMPLETE3 "|ram1/-/-");
    before = st;
    ck_assert_int_eq(BG->score_now(&st, sc, &w), GAME_OK);
    ck_assert_mem_eq(&st, &before, sizeof st);
    ck_assert_int_eq(sc[0], 4);
    ck_assert_int_eq(sc[1], 3);
    ck_assert_uint_eq(w, 1u);
    /* Nobody complete: the value rule. P1 horses 4 + 4 + pair 2 = 10, P2 cattle 3 + 3 + 3 + pair 2 = 11:
     * P2 wins, 3 + 1. */
    tu_bids_pos(&st, 2, R0, "stables=stallion1,mare1/-/-|bull1,cow1,cow2/-/-");
    ck_assert_int_eq(BG->score_now(&st, sc, &w), GAME_OK);
    ck_assert_int_eq(sc[0], 3);
    ck_assert_int_eq(sc[1], 4);
    ck_assert_uint_eq(w, 2u);
    /* Two callers at once: the most valuable single stable decides, horses 4 + 4 + 4 + 2 = 14 against
     * cattle 3 + 3 + 3 + 2 = 11: P1. */
    tu_bids_pos(&st, 2, R0, "stables=stallion1,mare1,mare2/ram1,ewe1/rooster1,hen1|bull1,cow1,cow2/boar1,sow1/rooster2,hen2");
    ck_assert_int_eq(BG->score_now(&st, sc, &w), GAME_OK);
    ck_assert_int_eq(sc[0], 4);
    ck_assert_int_eq(sc[1], 3);
    ck_assert_uint_eq(w, 1u);
    /* P1 owns five complete stables: it wins the round and the game; a fifth stable is the most a seat
     * owns, so it stays at 5. */
    tu_bids_pos(&st, 2, R0, "stables=stallion1,mare1/bull1,cow1/boar1,sow1/ram1,ewe1/rooster1,hen1|ram2/-/-" WON5);
    ck_assert_int_eq(BG->score_now(&st, sc, &w), GAME_OK);
    ck_assert_int_eq(sc[0], 5);
    ck_assert_int_eq(sc[1], 3);
    ck_assert_uint_eq(w, 1u);
    /* BIDS-AMB-FIVE-WIN: P1 (5 stables) and P2 (3) tie on value, 10 each, and both win the round (P2 to
     * 4). Under any-win P1 wins the game with it: winners P1. Under complete-win a round won on value
     * ends no game: the winners are the round's, P1 and P2. */
    tu_bids_pos(&st, 2, R0, "stables=stallion1,mare1/-/-/-/-|stallion2,mare2/-/-" WON5);
    ck_assert_int_eq(BG->score_now(&st, sc, &w), GAME_OK);
    ck_assert_int_eq(sc[0], 5);
    ck_assert_int_eq(sc[1], 4);
    ck_assert_uint_eq(w, 1u);
    tu_bids_pos(&st, 2, BIDS_R_FIVE_COMPLETE, "stables=stallion1,mare1/-/-/-/-|stallion2,mare2/-/-" WON5);
    ck_assert_int_eq(BG->score_now(&st, sc, &w), GAME_OK);
    ck_assert_int_eq(sc[0], 5);
    ck_assert_int_eq(sc[1], 4);
    ck_assert_uint_eq(w, 3u);
    /* BIDS-VAR-BONUS: while P1 chooses its special fifth stable the round is over and its stable given:
     * the stables owned (5 and 3) and that round's winner. */
    tu_bids_pos(&st, 2, BIDS_R_BONUS, "stables=" COMPLETE3 "/ram1,ewe1|-/-/-" WON4);
    play(&st, "call P1");
    ck_assert_int_eq(st.phase, BIDS_PH_SPECIAL);
    ck_assert_int_eq(BG->score_now(&st, sc, &w), GAME_OK);
    ck_assert_int_eq(sc[0], 5);
    ck_assert_int_eq(sc[1], 3);
    ck_assert_uint_eq(w, 1u);
}
END_TEST

/* score_now into an array filled with -1: the two seats' scores and the winners as given, nothing
 * written past the two seats. */
static void two_seat_scores(const bids_state *st, int s1, int s2, unsigned winners)
{
    int sc[BIDS_MAXP];
    unsigned w = 99;
    for (int p = 0; p < BIDS_MAXP; p++) sc[p] = -1;
    ck_assert_int_eq(BG->score_now(st, sc, &w), GAME_OK);
    ck_assert_int_eq(sc[0], s1);
    ck_assert_int_eq(sc[1], s2);
    ck_assert_int_eq(sc[2], -1);
    ck_assert_int_eq(sc[3], -1);
    ck_assert_uint_eq(w, winners);
}

/* GEN-TERMINAL BIDS-GAME-END BIDS-VAR-BONUS: the scores so far, like the result, give a score to every
 * seat and to no other ("scores into scores[players]"): at the table, while a special stable is chosen,
 * and once the game is over, when they are the result (each seat's stables, the game's winners). */
START_TEST(the_scores_so_far_fill_every_seat_and_no_other)
{
    bids_state st;
    fresh();
    /* at the table: P1's three stables are complete, 3 + 1; P2 keeps 3 */
    tu_bids_pos(&st, 2, R0, "stables=" COMPLETE3 "|ram1/-/-");
    two_seat_scores(&st, 4, 3, 1u);
    /* P1 (4 stables) calls under the bonus variant and chooses its special fifth: 5 and 3, winner P1 */
    tu_bids_pos(&st, 2, BIDS_R_BONUS, "stables=" COMPLETE3 "/ram1,ewe1|-/-/-" WON4);
    play(&st, "call P1");
    ck_assert_int_eq(st.phase, BIDS_PH_SPECIAL);
    two_seat_scores(&st, 5, 3, 1u);
    /* the same call under reach-five ends the game: P1 wins it with 5 stables, P2 has 3 */
    fresh();
    tu_bids_pos(&st, 2, BIDS_R_REACH_FIVE, "stables=" COMPLETE3 "/ram1,ewe1|-/-/-" WON4);
    play(&st, "call P1");
    ck_assert_int_eq(BG->to_move(&st), -1);
    two_seat_scores(&st, 5, 3, 1u);
}
END_TEST

/* BIDS-GAME-END: through played games the scores so far are always available, and at the end they
 * are the result. */
START_TEST(the_scores_so_far_are_the_result_once_the_game_is_over)
{
    static const uint32_t readings[] = {0, BIDS_R_SHORT, BIDS_R_REACH_FIVE | BIDS_R_BONUS, BIDS_R_END_VALUE | BIDS_R_KEEP};
    bids_state st;
    int sc[BIDS_MAXP], res[BIDS_MAXP];
    unsigned w, rw;
    tu_bids_deal(&st, 2 + _i % 3, readings[_i], 40 + (uint64_t)_i);
    uint64_t rng = 7u + (uint64_t)_i;
    for (long n = 0; BG->to_move(&st) >= 0 && n < RF_MAX_GAME_MOVES; n++) {
        ck_assert_int_eq(BG->score_now(&st, sc, &w), GAME_OK);
        ck_assert_int_eq(BG->result(&st, res, &rw), GAME_ILLEGAL);
        game_move ms[GAME_MAX_MOVES];
        int k = BG->legal_moves(&st, ms, GAME_MAX_MOVES);
        ck_assert_int_eq(BG->apply(&st, &ms[game_rng_below(&rng, (uint32_t)k)]), GAME_OK);
    }
    ck_assert_int_lt(BG->to_move(&st), 0);
    ck_assert_int_eq(BG->score_now(&st, sc, &w), GAME_OK);
    ck_assert_int_eq(BG->result(&st, res, &rw), GAME_OK);
    ck_assert_mem_eq(sc, res, sizeof(int) * st.players);
    ck_assert_uint_eq(w, rw);
}
END_TEST

/* ---- Why a move is refused (issue 21) ------------------------------------------------------------ */

/* One illegal move in a hand-made position, and the reason why_illegal gives for it. `raw` is used
 * when the move has no notation (a malformed move, a card id no take names). */
typedef struct {
    int players;
    uint32_t r;
    const char *fields, *move;
    game_move raw;
    const char *why;
} why_case;

#define OVER2 "stables=" COMPLETE3 "/ram1,ewe1/rooster1,hen1|-/-/-;phase=over;winners=1;won=1;wins=2,0;round=2"
#define SPECIAL2 "stables=" COMPLETE3 "/ram1,ewe1/-|-/-/-;phase=special;pending=1;won=1;round=2;wins=2,0"
#define PLAYS(card, st) "held=" card "|-;phase=play;actor=1;stables=" st
static const why_case why_cases[] = {
    /* BIDS-GAME-END */
    {2, R0, OVER2, "flip", {0}, "the game is over"},
    /* GAME_TABLE (game.h): who decides */
    {2, R0, "", "take hen", {0}, "it is the table's decision, not a seat's: a seat takes after 'grab P<n>' and plays after 'play P<n>'"},
    {2, R0, "phase=grab;actor=1;grabbed=2;open=cow1", "flip", {0}, "it is P1's decision (which open card it takes), not the table's"},
    {2, R0, "phase=grab;actor=1;grabbed=2;open=cow1", "discard", {0}, "P1 has its hand on the open cards: it takes one now"},
    {2, R0, PLAYS("hen1", "-/-/-|-/-/-"), "flip", {0}, "it is P1's decision (where its hen1 goes), not the table's"},
    {2, R0, PLAYS("hen1", "-/-/-|-/-/-"), "take hen", {0}, "P1 plays its hen1 now"},
    {2, BIDS_R_BONUS, SPECIAL2, "flip", {0}, "P1 chooses a special stable now (special 1 or special 2)"},
    /* game.h: a move is compared byte for byte */
    {2, R0, "", NULL, {BIDS_MV_WAIT, 1, 0, 0, 0, 0, 0, 0}, "a malformed move: it sets bytes its kind does not use"},
    {2, R0, "", NULL, {12, 0, 0, 0, 0, 0, 0, 0}, "no move of Bonje in de Stal has kind 12"},
    /* BIDS-GRAB-RACE */
    {2, R0, "", "grab P3", {0}, "there is no P3 (2 players)"},
    {2, R0, "", "grab P1", {0}, "P1 has already taken a card this trick"},
    {2, R0, "", "play P1", {0}, "P1 holds no card"},
    /* BIDS-WAIT-ORDER, BIDS-AMB-WAIT */
    {2, R0, "held=elephant1|truck1;waiting=1", "play P2", {0},
     "while waiting the lowest number plays first: P1's elephant (3) before P2's truck (6)"},
    {2, R0, "held=hen1|truck1;waiting=1", "play P2", {0},
     "while waiting the lowest number plays first: P1's hen (no number) before P2's truck (6)"},
    {2, R0, "held=truck1|elephant1;waiting=1", "play P1", {0},
     "while waiting the lowest number plays first: P2's elephant (3) before P1's truck (6)"},
    {2, R0, "held=hen1|-;waiting=1", "wait", {0}, "the players already wait for each other (until the next flip)"},
    {2, R0, "", "wait", {0}, "nobody holds a card to wait with"},
    {2, BIDS_R_WAIT_SEVERAL, "held=hen1|-", "wait", {0}, "waiting needs several seats holding a card (wait=several), and 1 holds one"},
    /* BIDS-CALL, BIDS-AMB-FIRST, BIDS-STABLE-COMPLETE, BIDS-BRAWL, BIDS-ELEPHANT, BIDS-VAR-BONUS, BIDS-AMB-EACH-SPECIES */
    {2, BIDS_R_FIRST_COMPLETE, "", "call P1", {0}, "nobody calls under first=first-complete: the round ends the moment a seat is complete"},
    {2, R0, "", NULL, {BIDS_MV_CALL, 0, 0, 0, 0, 0, 0, 0}, "a call names at least one seat"},
    {2, R0, "", "call P3", {0}, "the call names a seat beyond the 2 players"},
    {2, R0, "", "call P1", {0}, "P1 may not call: P1.1 is empty"},
    {2, R0, "stables=elephant1/bull1,cow1/boar1,sow1|-/-/-", "call P1", {0}, "P1 may not call: P1.1 holds an elephant, which is never complete"},
    {2, R0, "stables=stallion1,stallion2,mare1/bull1,cow1/boar1,sow1|-/-/-", "call P1", {0}, "P1 may not call: P1.1 is a brawl (2 males)"},
    {2, R0, "stables=mare1/bull1,cow1/boar1,sow1|-/-/-", "call P1", {0}, "P1 may not call: P1.1 has no male"},
    {2, R0, "stables=stallion1/bull1,cow1/boar1,sow1|-/-/-", "call P1", {0}, "P1 may not call: P1.1 has no female"},
    {2, BIDS_R_BONUS, "stables=bull1,cow1/boar1,sow1/ram1,ewe1/rooster1,hen1/*1:bull2,cow2|-/-/-;specials=1" WON5, "call P1", {0},
     "P1 may not call: P1.5 is a special stable of horses and holds cattle"},
    {2, BIDS_R_DISTINCT, "stables=stallion1,mare1/stallion2,mare2/boar1,sow1|-/-/-", "call P1", {0},
     "P1 may not call: P1.1 and P1.2 both hold horses (species=distinct)"},
    {2, BIDS_R_DISTINCT, "stables=bull1,cow1/boar1,sow1/bull2,cow2|-/-/-", "call P1", {0},
     "P1 may not call: P1.1 and P1.3 both hold cattle (species=distinct)"},
    {2, R0, "stables=" COMPLETE3 "|-/-/-", "call P1+P2", {0}, "P2 may not call: P2.1 is empty"},
    /* BIDS-TRICK-STEPS */
    {2, R0, "grabbed=1;open=cow1", "flip", {0}, "P2 has not taken its card of this trick yet"},
    {2, R0, "held=hen1|-", "flip", {0}, "P1 still holds hen1"},
    {2, R0, "grabbed=2;open=cow1", "flip", {0}, "P1 has not taken its card of this trick yet"},
    {2, R0, "held=-|hen1", "flip", {0}, "P2 still holds hen1"},
    /* BIDS-GRAB-TOUCH */
    {2, R0, "phase=grab;actor=1;grabbed=2;open=cow1", "take hen", {0}, "no hen lies open"},
    {2, R0, "phase=grab;actor=1;grabbed=2;open=cow1", NULL, {BIDS_MV_TAKE, 90, 0, 0, 0, 0, 0, 0}, "there is no card 90"},
    /* the deck: 106 cards less 20 stables and 2 special stables, ids 0 to 83 */
    {2, R0, "phase=grab;actor=1;grabbed=2;open=cow1", NULL, {BIDS_MV_TAKE, 84, 0, 0, 0, 0, 0, 0}, "there is no card 84"},
    /* card 0 (stallion1) lies open: the lowest of its type is card 0, not "none" */
    {2, R0, "phase=grab;actor=1;grabbed=0;open=stallion1,stallion2", NULL, {BIDS_MV_TAKE, 1, 0, 0, 0, 0, 0, 0},
     "equal cards are alike: taking a stallion takes the lowest open one, stallion1, not stallion2"},
    /* BIDS-AMB-DIRECT must-play */
    {3, BIDS_R_MUST_PLAY, "piles=hen10|hen11|hen12;open=hen2,boar1;grabbed=1;held=hen1|-|-;phase=play;actor=1", "grab P2", {0},
     "under direct=must-play P1 plays its card at once"},
    /* BIDS-TRUCK, BIDS-AMB-TRUCK-IDLE */
    {2, R0, PLAYS("hen1", "-/-/-|-/-/-"), "truck P1.1 hen P2.1", {0}, "P1 holds hen1, not a truck"},
    {2, R0, PLAYS("wild1", "-/-/-|-/-/-"), "truck P1.1 cow out", {0}, "P1 holds wild1, not a truck"},
    {2, R0, PLAYS("truck1", "-/-/-|-/-/-"), "truck P1.4 hen out", {0}, "there is no stable P1.4"},
    {2, R0, PLAYS("truck1", "-/-/-|-/-/-"), "truck P1.1 cow out", {0}, "P1.1 holds no cow"},
    {2, R0, PLAYS("truck1", "cow1/-/-|-/-/-"), "truck P1.1 cow P2.4", {0}, "there is no stable P2.4"},
    {2, R0, PLAYS("truck1", "cow1/-/-|-/-/-"), "truck P1.1 cow P1.1", {0}, "the truck moves the cow to another stable, not back into P1.1"},
    /* 14 card types, 0 to 13 */
    {2, R0, PLAYS("truck1", "cow1/-/-|-/-/-"), NULL, {BIDS_MV_TRUCK_OUT, 0, 0, 14, 0, 0, 0, 0}, "there is no card type 14"},
    {2, R0, PLAYS("truck1", "elephant1/cow1/-|-/-/-"), "truck P1.1 elephant P1.2", {0}, "an elephant goes only into an empty stable, and P1.2 is not"},
    /* BIDS-AMB-TRUCK-ELEPHANT other-seat */
    {2, BIDS_R_TRUCK_ELEPHANT_OTHER, PLAYS("truck1", "-/-/-|elephant1/-/-"), "truck P2.1 elephant P1.1", {0},
     "an elephant goes into an empty stable of another seat, not P1's own (truck-elephant=other-seat)"},
    {2, R0, PLAYS("truck1", "cow1/elephant1/-|-/-/-"), "truck P1.1 cow P1.2", {0}, "P1.2 holds an elephant: it is full"},
    {2, R0, PLAYS("truck1", "cow1/-/-|ram1/-/-"), "truck P1.1 cow P2.1", {0}, "P2.1 holds sheep, and a cow is of the cattle"},
    {2, R0, PLAYS("truck1", "cow2/-/-|bull1,cow1/-/-"), "truck P1.1 cow P2.2", {0},
     "P2.1 holds cattle: a second cattle stable must start with the bull"},
    {2, R0, PLAYS("truck1", "bull1,cow1/-/-|-/-/-"), "truck P1.1 cow P1.2", {0},
     "P1.1 holds cattle: a second cattle stable must start with the bull"},
    {2, R0, PLAYS("truck1", "cow1/-/bull1,cow2|-/-/-"), "truck P1.1 cow P1.2", {0},
     "P1.3 holds cattle: a second cattle stable must start with the bull"},
    {2, BIDS_R_TRUCK_MUST, PLAYS("truck1", "cow1/-/-|-/-/-"), "discard", {0}, "the truck must move an animal (truck=must-use)"},
    {2, R0, PLAYS("truck1", "cow1/-/-|-/-/-"), "place P1.2", {0},
     "a truck goes into no stable: it moves one animal ('truck P1.1 cow P2.1') or takes it out ('truck P1.1 cow out')"},
    /* BIDS-ANIMAL-OWN, BIDS-STABLE-ONE-SPECIES, BIDS-STABLE-SECOND-MALE, BIDS-ANIMAL-FEMALE-EMPTY, BIDS-ANIMAL-DISCARD */
    {2, R0, PLAYS("hen1", "-/-/-|-/-/-"), "place P1.4", {0}, "there is no stable P1.4"},
    {2, R0, PLAYS("hen1", "-/-/-|-/-/-"), "place P2.1", {0}, "an ordinary animal goes into one of P1's own stables, and P2.1 is P2's"},
    {2, R0, PLAYS("hen1", "elephant1/-/-|-/-/-"), "place P1.1", {0}, "P1.1 holds an elephant: it is full"},
    {2, R0, PLAYS("hen1", "ram1/-/-|-/-/-"), "place P1.1", {0}, "P1.1 holds sheep, and a hen is of the chickens"},
    {2, R0, PLAYS("cow2", "bull1,cow1/-/-|-/-/-"), "place P1.2", {0}, "P1.1 holds cattle: a second cattle stable must start with the bull"},
    {2, R0, PLAYS("stallion1", "-/-/-|-/-/-"), "discard", {0},
     "P1.1 takes the stallion: an animal leaves the game only when none of P1's stables can take it"},
    {2, R0, "held=-|stallion1;phase=play;actor=2;stables=-/-/-|bull1/-/-", "discard", {0},
     "P2.2 takes the stallion: an animal leaves the game only when none of P2's stables can take it"},
    /* BIDS-AMB-TRUCK-RULES listed-only is the truck's rule: a played mare still may not start a second horse stable */
    {2, BIDS_R_TRUCK_LISTED, PLAYS("mare1", "-/stallion1/-|-/-/-"), "discard", {0},
     "P1.2 takes the mare: an animal leaves the game only when none of P1's stables can take it"},
    /* BIDS-ELEPHANT */
    {2, R0, PLAYS("elephant1", "-/-/-|-/-/-"), "place P1.2", {0}, "an elephant goes into another seat's empty stable, and P1.2 is P1's own"},
    {2, R0, PLAYS("elephant1", "-/-/-|ram1/-/-"), "place P2.1", {0}, "an elephant goes into an empty stable, and P2.1 is not"},
    {2, R0, PLAYS("elephant1", "-/-/-|ram1/-/-"), "discard", {0}, "P2.2 is empty: the elephant goes there, not out of the game"},
    {3, R0, "held=elephant1|-|-;phase=play;actor=1;stables=-/-/-|ram1/boar1/rooster1|-/-/-", "discard", {0},
     "P3.1 is empty: the elephant goes there, not out of the game"},
    /* BIDS-MADCOW, BIDS-WILD, BIDS-AMB-MADCOW-OWN, BIDS-AMB-OWN-PURPOSE */
    {2, R0, PLAYS("madcow1", "-/-/-|ram1/-/-"), "place P2.1", {0}, "a mad cow goes into another seat's cattle stable, and P2.1 holds no cattle"},
    {2, BIDS_R_OWN_BRAWL, PLAYS("madcow1", "bull1,cow1/-/-|-/-/-"), "place P1.1", {0},
     "under own-purpose=brawl-only an own stable takes the mad cow only to end its brawl, and P1.1 has none"},
    {2, BIDS_R_MADCOW_CATTLE, PLAYS("madcow1", "ram1/-/-|-/-/-"), "place P1.1", {0},
     "under madcow-own=cow-stable an own stable takes the mad cow only if it holds cattle, and P1.1 does not"},
    {2, R0, PLAYS("madcow1", "elephant1/-/-|-/-/-"), "place P1.1", {0}, "P1.1 holds an elephant, which only a truck removes"},
    {2, R0, PLAYS("madcow1", "-/-/-|-/-/-"), "place P1.1", {0}, "P1.1 is empty: the mad cow goes into an own stable with animals in it"},
    {2, R0, PLAYS("madcow1", "-/-/-|bull1/-/-"), "discard", {0}, "P2.1 holds cattle: the mad cow goes there, not out of the game"},
    {2, R0, PLAYS("wild1", "-/-/-|bull1/-/-"), "place P2.1", {0},
     "a wild stallion goes into another seat's horse stable, and P2.1 holds no horses"},
    /* BIDS-VAR-BONUS */
    {2, BIDS_R_BONUS, SPECIAL2, NULL, {BIDS_MV_SPECIAL, 2, 0, 0, 0, 0, 0, 0}, "there are special stables 1 and 2"},
};

/* BIDS-LEGAL-SET: every move apply refuses has a reason in the game's terms (why_illegal, issue 21),
 * one per rule it breaks; `rulefuzz replay` prints it beside the legal moves. */
START_TEST(an_illegal_move_is_refused_with_the_rule_it_breaks)
{
    const why_case *w = &why_cases[_i];
    bids_state st, before;
    game_move m = w->raw;
    char why[160];
    tu_bids_pos(&st, w->players, w->r, w->fields);
    if (w->move) ck_assert_int_eq(BG->move_parse(&st, w->move, &m), GAME_OK);
    before = st;
    ck_assert_int_eq(BG->apply(&st, &m), GAME_ILLEGAL);
    ck_assert_int_gt(BG->why_illegal(&st, &m, why, sizeof why), 0);
    ck_assert_str_eq(why, w->why);
    ck_assert_mem_eq(&st, &before, sizeof st);
}
END_TEST

/* BIDS-GRAB-TOUCH: equal cards are alike, so a take names the lowest open card of its type. */
START_TEST(a_take_that_names_an_equal_card_but_the_lowest_is_refused)
{
    bids_state st;
    char why[160];
    tu_bids_pos(&st, 2, R0, "phase=grab;actor=1;grabbed=0;open=cow1,cow2");
    game_move m = {BIDS_MV_TAKE, (uint8_t)tu_bids_card("cow2"), 0, 0, 0, 0, 0, 0};
    ck_assert_int_eq(BG->apply(&st, &m), GAME_ILLEGAL);
    ck_assert_int_gt(BG->why_illegal(&st, &m, why, sizeof why), 0);
    ck_assert_str_eq(why, "equal cards are alike: taking a cow takes the lowest open one, cow1, not cow2");
}
END_TEST

/* BIDS-LEGAL-SET: a legal move has no reason against it. */
START_TEST(a_legal_move_gets_no_reason)
{
    game_move legal[GAME_MAX_MOVES];
    char why[160];
    bids_state st;
    for (size_t k = 0; k < sizeof why_cases / sizeof why_cases[0]; k++) {
        tu_bids_pos(&st, why_cases[k].players, why_cases[k].r, why_cases[k].fields);
        int n = BG->legal_moves(&st, legal, GAME_MAX_MOVES);
        for (int i = 0; i < n; i++) ck_assert_int_eq(BG->why_illegal(&st, &legal[i], why, sizeof why), 0);
    }
}
END_TEST

/* ---- Positions no game reaches (issue 21) --------------------------------------------------------- */

/* A hand-made position that breaks a rule every reachable position keeps, and the start of the
 * refusal, which names the field and its value. */
#define BOTH5 "stables=" COMPLETE3 "/ram1,ewe1/-|stallion2,mare2/bull2,cow2/boar2,sow2/ram2,ewe2/-"
static const struct { int players; uint32_t r; const char *fields, *err; } bad_positions[] = {
    /* BIDS-SETUP-MATERIAL */
    {2, R0, "stables=hen11/-/-|-/-/-", "position: card hen11 is named twice (in 'piles' and 'stables')"},
    {2, R0, "out=-", "position: card stallion1 is missing: name every card once in piles, open, held, stables, out or box"},
    /* BIDS-STABLE-ONE-SPECIES, BIDS-ELEPHANT, BIDS-MADCOW, BIDS-WILD, BIDS-TRUCK */
    {2, R0, "stables=stallion1,cow1/-/-|-/-/-", "position: 'stables': P1.1 holds stallion1 and cow1: one species per stable"},
    {2, R0, "stables=-/-/-|cow1,elephant1/-/-", "position: 'stables': P2.1 holds elephant1 and cow1, but a stable with an elephant is full"},
    /* the second species named by its own card, the elephant's companion the lowest card beside it */
    {2, R0, "stables=sow1,ram1/-/-|-/-/-", "position: 'stables': P1.1 holds sow1 and ram1: one species per stable"},
    {2, R0, "stables=stallion1,elephant1,mare1/-/-|-/-/-", "position: 'stables': P1.1 holds elephant1 and stallion1, but a stable with an elephant is full"},
    {2, R0, "stables=madcow1/-/-|-/-/-", "position: 'stables': P1.1 holds madcow1, but a mad cow never stays in a stable"},
    {2, R0, "stables=-/-/wild2|-/-/-", "position: 'stables': P1.3 holds wild2, but a wild stallion never stays in a stable"},
    {2, R0, "stables=-/truck1/-|-/-/-", "position: 'stables': P1.2 holds truck1, but a truck never stays in a stable"},
    /* BIDS-VAR-BONUS */
    {2, R0, "stables=-/-/-/-/*1:-|-/-/-;specials=1" WON5, "position: 'stables': P1.5 is special stable 1, but bonus=off"},
    {2, BIDS_R_BONUS, "stables=*1:-/-/-|-/-/-;specials=1", "position: 'stables': P1.1 is special stable 1, but only a 5th stable is one"},
    {2, BIDS_R_BONUS, "stables=-/-/-/-/*1:-|-/-/-/-/*1:-;specials=1;wins=2,2;round=5;won=1", "position: 'stables': special stable 1 is given twice"},
    {2, BIDS_R_BONUS, "stables=-/-/-/-/*2:-|-/-/-/-/*2:-;specials=2;wins=2,2;round=5;won=1", "position: 'stables': special stable 2 is given twice"},
    {2, BIDS_R_BONUS, "specials=1", "position: 'specials' is 1, but the special stables in 'stables' make 0"},
    {2, BIDS_R_BONUS, SPECIAL2 ";specials=0;pending=3", "position: 'pending' names P2, which owns 3 stables and did not win the last round"},
    {2, BIDS_R_BONUS, BOTH5 ";phase=special;pending=3;won=3;round=2;wins=2,2;actor=2",
     "position: 'actor' P2 chooses, but a lower seat in 'pending' 3 comes first"},
    {2, R0, SPECIAL2, "position: phase special, but bonus=off"},
    /* BIDS-AMB-SPECIAL-ORDER: the table names who receives a 5th stable only under table, among two or more */
    {2, BIDS_R_BONUS, BOTH5 ";phase=special;pending=3;won=3;round=2;wins=2,2;actor=T",
     "position: phase special with 'actor' T, but the table names who receives a 5th stable only under special-order=table"},
    {2, BIDS_R_BONUS | BIDS_R_SPECIAL_TABLE, SPECIAL2 ";actor=T",
     "position: phase special with 'actor' T, but the table names who receives a 5th stable only under special-order=table, with two or more seats in 'pending' (1)"},
    {2, R0, "actor=T", "position: 'actor' T (the table) in phase table: only in phase special"},
    /* a pending seat is judged whatever its place: P1 below the chooser, P2 won but owns 4, P2 owns 5 but lost */
    {2, BIDS_R_BONUS, "stables=-/-/-|" COMPLETE3 "/ram1,ewe1/-;phase=special;pending=3;won=2;round=2;wins=0,2",
     "position: 'pending' names P1, which owns 3 stables and did not win the last round"},
    {2, BIDS_R_BONUS, "stables=-/-/-|-/-/-/-;phase=special;pending=2;won=2;wins=0,1;actor=2",
     "position: 'pending' names P2, which owns 4 stables and won the last round"},
    {2, BIDS_R_BONUS, BOTH5 ";phase=special;pending=3;won=1;round=4;wins=2,2",
     "position: 'pending' names P2, which owns 5 stables and did not win the last round"},
    /* BIDS-SETUP-STABLES, BIDS-EXTRA-STABLE */
    {2, R0, "wins=1,0", "position: 'wins': P1 won 1 round(s), so it owns 4 stables, not 3 as in 'stables'"},
    {2, R0, "stables=-/-/-/-/-|-/-/-" WON4, "position: 'wins': P1 won 1 round(s), so it owns 4 stables, not 5 as in 'stables'"},
    {2, R0, "stables=-|-/-/-;wins=255,0;round=255", "position: 'wins': P1 won 255 round(s), so it owns 5 stables, not 1 as in 'stables'"},
    /* BIDS-END-VALUE, BIDS-END-SIMULTANEOUS: every finished round has a winner */
    {2, R0, "stables=-/-/-/-|-/-/-;wins=1,0;won=1", "position: 'wins': P1 won 1 rounds, but 0 are finished ('round' 1, phase table)"},
    {2, R0, "round=3", "position: 'wins' adds up to 0, but 2 rounds are finished ('round' 3, phase table) and each has a winner"},
    {2, R0, "round=254", "position: 'wins' adds up to 0, but 253 rounds are finished ('round' 254, phase table) and each has a winner"},
    {2, R0, "stables=-/-/-/-/-|-/-/-;wins=254,0;round=3;won=1", "position: 'wins': P1 won 254 rounds, but 2 are finished ('round' 3, phase table)"},
    {2, R0, "won=1", "position: 'won' is 1, but no round is finished yet ('round' 1)"},
    /* a seat's 255 wins (the counter's end) need 'round' at its end too; there the rounds finished
     * are 254 or more, so a seat may have won more than 254, but their sum is never short of 254 */
    {2, R0, "stables=-/-/-/-/-|-/-/-;wins=255,0;round=3;won=1", "position: 'wins': P1 won 255 rounds, but 2 are finished ('round' 3, phase table)"},
    {2, R0, "stables=-/-/-/-/-|-/-/-;wins=253,0;round=255;won=1", "position: 'wins' adds up to 253, but 254 rounds are finished ('round' 255, phase table) and each has a winner"},
    {2, R0, "stables=-/-/-/-/-|-/-/-;wins=254,0;round=255", "position: 'won' is 0, but round 254 is finished and had a winner"},
    {2, R0, "stables=-/-/-/-|-/-/-;wins=1,0;round=2", "position: 'won' is 0, but round 1 is finished and had a winner"},
    {2, R0, "stables=-/-/-/-|-/-/-;wins=1,0;round=2;won=3", "position: 'won' names P2, but 'wins' says it won no round"},
    {2, R0, "stables=-/-/-|-/-/-/-;wins=0,1;round=2;won=1", "position: 'won' names P1, but 'wins' says it won no round"},
    /* BIDS-GAME-END, BIDS-VAR-SHORT */
    {2, BIDS_R_SHORT, "stables=-/-/-/-|-/-/-" WON4, "position: 'round' is 2, but short=on plays one round"},
    {2, R0, BOTH5 ";phase=over;winners=2;won=1;wins=2,2;round=4", "position: 'winners' 2 are not all among the last round's winners ('won' 1)"},
    /* BIDS-AMB-FIVE-TIE play-on: one seat alone wins the game */
    {2, BIDS_R_FIVE_PLAY_ON, BOTH5 ";phase=over;winners=3;won=3;wins=2,2;round=4",
     "position: 'winners' 3 names several seats, but under five-tie=play-on one seat alone wins the game"},
    {2, R0, "stables=-/-/-/-|-/-/-;phase=over;winners=1;won=1;wins=1,0", "position: 'winners' names P1, who owns 4 stables: the game is won with 5"},
    {2, R0, "stables=-/-/-|-/-/-/-;phase=over;winners=2;won=2;wins=0,1", "position: 'winners' names P2, who owns 4 stables: the game is won with 5"},
    /* BIDS-WAIT-ORDER, BIDS-AMB-WAIT */
    {2, R0, "grabbed=0;open=cow1,cow2;waiting=1", "position: 'waiting' is 1, but 'grabbed' 0: the players wait only once one of them has taken a card"},
    {2, BIDS_R_WAIT_SEVERAL, "grabbed=1;open=cow1;held=hen1|-;waiting=1",
     "position: 'waiting' is 1, but 'grabbed' 1: the players wait only once several of them (wait=several) have taken a card"},
    {2, R0, "held=elephant1|truck1;waiting=1;phase=play;actor=2",
     "position: phase play for 'actor' P2 while waiting, but P1's elephant1 is numbered lower than its truck1"},
    /* BIDS-AMB-FIRST first-complete */
    {2, BIDS_R_FIRST_COMPLETE, "stables=" COMPLETE3 "|-/-/-",
     "position: 'stables': P1's stables are all complete in phase table, but first=first-complete has ended that round"},
    /* BIDS-SETUP-DEAL, BIDS-FLIP, BIDS-GRAB-RACE: the trick's fields */
    {2, R0, "piles=hen11,hen10|hen12", "position: 'piles' must be equal, but P1's has 2 cards and P2's 1"},
    {2, R0, "held=hen1|-;grabbed=2;open=cow1", "position: 'held': P1 holds a card, but 'grabbed' 2 says it took none this trick"},
    {2, R0, "open=cow1", "position: 'open' has 1 cards, but 0 seats have not taken one ('grabbed' 3): one each"},
    {2, R0, "actor=3", "position: 'actor' wants a seat 1 to 2 (or T in phase special), got '3'"},
    {2, R0, "round=0", "position: 'round' wants 1 to 255 (rounds started), got '0'"},
    {2, R0, "grabbed=4", "position: 'grabbed' wants a seat mask 0 to 3, got '4'"},
    {2, R0, "waiting=2", "position: 'waiting' wants 0 or 1, got '2'"},
    {2, R0, "phase=play;actor=2", "position: phase play, but 'actor' P2 holds no card in 'held'"},
    {2, R0, "phase=over", "position: 'winners' is 0 in phase over: it is set exactly when the game is over"},
    {2, R0, "actor=2", "position: 'actor' is 2 in phase table: write 1 (no seat decides)"},
    {2, R0, "phase=grab", "position: phase grab, but 'actor' P1 already took a card ('grabbed' 3)"},
    {2, R0, "phase=grab;actor=2;grabbed=2;open=cow1", "position: phase grab, but 'actor' P2 already took a card ('grabbed' 2)"},
    {2, R0, "pending=1", "position: 'pending' is 1 in phase table: only while a special stable is chosen"},
    {2, BIDS_R_BONUS, SPECIAL2 ";actor=2", "position: phase special, but 'actor' P2 is not in 'pending' 1 or 'specials' 0 is not 0"},
    {2, R0, "piles=-|-", "position: phase table with empty 'piles', no 'open' card and every card played: that round is over"},
    /* BIDS-END-EXHAUSTED, BIDS-AMB-FIRST: a complete seat does not keep a run-out round going under
     * first-caller; under first-complete that round ended when the seat became complete, and a seat of
     * one complete stable is refused for its stable count first */
    {2, R0, "piles=-|-;stables=" COMPLETE3 "|-/-/-",
     "position: phase table with empty 'piles', no 'open' card and every card played: that round is over"},
    {2, BIDS_R_FIRST_COMPLETE, "piles=-|-;stables=" COMPLETE3 "|-/-/-",
     "position: 'stables': P1's stables are all complete in phase table, but first=first-complete has ended that round"},
    {2, BIDS_R_FIRST_COMPLETE, "piles=-|-;stables=stallion1,mare1|-/-/-",
     "position: 'wins': P1 won 0 round(s), so it owns 3 stables, not 1 as in 'stables'"},
    {2, R0, "phase=foo", "position: unknown phase 'foo' (table, grab, play, special or over)"},
    {2, R0, "won=4", "position: 'won' wants a seat mask 0 to 3, got '4'"},
    {2, R0, "winners=9", "position: 'winners' wants a seat mask 0 to 3, got '9'"},
    {2, R0, "pending=5", "position: 'pending' wants a seat mask 0 to 3, got '5'"},
    {2, R0, "specials=4", "position: 'specials' wants 0 to 3 (1: special stable 1 given, 2: special stable 2, 3: both), got '4'"},
    {2, R0, "wins=0,x", "position: 'wins' wants rounds won 0 to 255, got 'x' for P2"},
};

START_TEST(a_position_no_game_reaches_is_refused_naming_the_field)
{
    const char *want = bad_positions[_i].err;
    game_config cfg = {bad_positions[_i].players, bad_positions[_i].r};
    char err[256];
    bids_state st;
    const char *text = tu_bids_text(cfg.players, bad_positions[_i].fields);
    ck_assert_int_eq(BG->setup_position(&st, &cfg, text, err, sizeof err), GAME_BADARG);
    ck_assert_msg(!strncmp(err, want, strlen(want)), "case %d: got '%s', want '%s'\n%s", _i, err, want, text);
    ck_assert(!strchr(err, '\n'));
}
END_TEST

/* BIDS-STABLE-SECOND-MALE, BIDS-TRUCK: a stable of females only beside another stable of their species is
 * reachable (the female came first, or a truck took the male out), so a position with one loads. */
START_TEST(a_female_only_stable_beside_another_of_its_species_is_reachable_and_loads)
{
    bids_state st;
    char text[GAME_TEXT_MAX], err[256];
    fresh();
    tu_bids_pos(&st, 2, R0, "held=bull1|truck1;stables=cow1/-/-|-/-/-;phase=play;actor=1");
    play(&st, "place P1.2");                     /* P1.1 holds a cow alone, P1.2 the bull */
    play(&st, "play P2");
    play(&st, "truck P1.2 bull out");             /* P1.1 and P1.2: no male left, cow1 alone */
    tu_bids_pos(&st, 2, R0, "stables=cow1/cow2/-|-/-/-");
    ck_assert_int_gt(BG->position_print(&st, text, sizeof text), 0);
    game_config cfg = {2, R0};
    ck_assert_msg(BG->setup_position(&st, &cfg, text, err, sizeof err) == GAME_OK, "%s", err);
    inv_on_position(&ctx, &st);
    ck_assert_msg(ctx.violations == 0, "%s", ctx.first_msg);
}
END_TEST

/* ---- Cases (issue 20): each clause's case is counted where the rules put it ------------------------ */

/* One row: a hand-made position, the moves played from it with every oracle on, and the case of the
 * clause those moves must have counted; the counts go to the case gate (tu_add_counts). */
static const struct {
    const char *clause, *cse;
    int players;
    uint32_t r;
    const char *pos, *moves;     /* moves separated by ';' */
} case_rows[] = {
    /* BIDS-END-SIMULTANEOUS BIDS-EXTRA-STABLE: callers at once, best stables 10 and 10: both win, each a stable */
    {"BIDS-END-SIMULTANEOUS", "tie", 2, R0, "stables=" COMPLETE3 "|stallion2,mare2/bull2,cow2/boar2,sow2", "call P1+P2"},
    {"BIDS-EXTRA-STABLE", "several", 2, R0, "stables=" COMPLETE3 "|stallion2,mare2/bull2,cow2/boar2,sow2", "call P1+P2"},
    /* BIDS-END-SIMULTANEOUS: P2's horses (14) beat P1's (10) */
    {"BIDS-END-SIMULTANEOUS", "best-stable", 2, R0, "stables=" COMPLETE3 "|stallion2,mare2,mare3/bull2,cow2/boar2,sow2", "call P1+P2"},
    {"BIDS-END-SIMULTANEOUS", "one-caller", 2, R0, "stables=" COMPLETE3 "|ram1/-/-", "call P1"},
    /* BIDS-GAME-END BIDS-AMB-FIVE-TIE: two seats with 5 stables win one round: shared | play-on */
    {"BIDS-GAME-END", "tie-shared", 2, R0, FIVE_BOTH, "call P1+P2"},
    {"BIDS-GAME-END", "tie-play-on", 2, BIDS_R_FIVE_PLAY_ON, FIVE_BOTH, "call P1+P2"},
    /* BIDS-TRUCK BIDS-AMB-TRUCK-ELEPHANT any-empty: P1's truck moves P2's elephant into P1's own empty stable */
    {"BIDS-TRUCK", "elephant-own", 2, R0, "held=truck1|-;stables=-/-/-|elephant1/-/-;phase=play;actor=1", "truck P2.1 elephant P1.1"},
    /* BIDS-END-EXHAUSTED BIDS-AMB-END-COMPLETE: the cards run out with P1 complete; value-wins or complete-wins */
    {"BIDS-END-EXHAUSTED", "value-reading", 2, BIDS_R_END_VALUE, "piles=-|-;held=hen1|-;stables=" COMPLETE3 "|ram1/-/-;phase=play;actor=1", "discard"},
    {"BIDS-END-EXHAUSTED", "complete", 2, R0, "piles=-|-;held=hen1|-;stables=" COMPLETE3 "|ram1/-/-;phase=play;actor=1", "discard"},
    {"BIDS-END-SIMULTANEOUS", "one-complete", 2, R0, "piles=-|-;held=hen1|-;stables=" COMPLETE3 "|ram1/-/-;phase=play;actor=1", "discard"},
    {"BIDS-END-EXHAUSTED", "value", 2, R0, "piles=-|-;held=hen1|-;stables=-/-/-|ram1/-/-;phase=play;actor=1", "place P1.1"},
    /* BIDS-STABLE-COMPLETE BIDS-VAR-BONUS: a special stable of horses holding horses */
    {"BIDS-STABLE-COMPLETE", "special", 2, BIDS_R_BONUS,
     "stables=bull1,cow1/boar1,sow1/ram1,ewe1/rooster1,hen1/*1:stallion1,mare1|-/-/-;specials=1" WON5, "call P1"},
    {"BIDS-STABLE-COMPLETE", "repeat-species", 2, R0, "stables=stallion1,mare1/stallion2,mare2/boar1,sow1|-/-/-", "call P1"},
    {"BIDS-STABLE-COMPLETE", "plain", 2, R0, "stables=" COMPLETE3 "|-/-/-", "call P1"},
    /* BIDS-CALL-LATE: a truck takes the cow of a complete seat: its own, or another seat's */
    {"BIDS-CALL-LATE", "by-self", 2, R0, "held=truck1|-;stables=" COMPLETE3 "|-/-/-;phase=play;actor=1", "truck P1.2 cow out"},
    {"BIDS-CALL-LATE", "by-other", 2, R0, "held=-|truck1;stables=" COMPLETE3 "|-/-/-;phase=play;actor=2", "truck P1.2 cow out"},
    /* BIDS-STABLE-SECOND-MALE BIDS-ANIMAL-FEMALE-EMPTY: the truck moves P1's only cow to an empty stable of P1 */
    {"BIDS-STABLE-SECOND-MALE", "truck-last", 2, R0, "held=truck1|-;stables=cow1/-/-|-/-/-;phase=play;actor=1", "truck P1.1 cow P1.2"},
    {"BIDS-ANIMAL-FEMALE-EMPTY", "truck", 2, R0, "held=truck1|-;stables=cow1/-/-|-/-/-;phase=play;actor=1", "truck P1.1 cow P1.2"},
    {"BIDS-STABLE-SECOND-MALE", "second-male", 2, R0, "held=bull2|-;stables=bull1,cow1/-/-|-/-/-;phase=play;actor=1", "place P1.2"},
    {"BIDS-STABLE-SECOND-MALE", "new-species", 2, R0, "held=cow1|-;phase=play;actor=1", "place P1.1"},
    /* BIDS-ANIMAL-FEMALE-EMPTY BIDS-ANIMAL-OWN: a cow beside its bull while P1.2 stands empty */
    {"BIDS-ANIMAL-FEMALE-EMPTY", "kept-out", 2, R0, "held=cow2|-;stables=bull1,cow1/-/-|-/-/-;phase=play;actor=1", "place P1.1"},
    {"BIDS-ANIMAL-OWN", "same-species", 2, R0, "held=cow2|-;stables=bull1,cow1/-/-|-/-/-;phase=play;actor=1", "place P1.1"},
    {"BIDS-ANIMAL-FEMALE-EMPTY", "allowed", 2, R0, "held=cow1|-;phase=play;actor=1", "place P1.1"},
    /* BIDS-ANIMAL-DISCARD: a cow with an elephant in P1.1 and other species in P1.2, P1.3 */
    {"BIDS-ANIMAL-DISCARD", "elephant-blocked", 2, R0, "held=cow1|-;stables=elephant1/ram1/rooster1,hen1|-/-/-;phase=play;actor=1", "discard"},
    {"BIDS-ANIMAL-DISCARD", "male", 2, R0, "held=bull1|-;stables=stallion1/ram1/rooster1,hen1|-/-/-;phase=play;actor=1", "discard"},
    /* BIDS-VAR-BONUS: P1 and P2, 4 stables each, both win a round: seat order, P1 chooses */
    {"BIDS-VAR-BONUS", "two-at-once", 2, BIDS_R_BONUS,
     "stables=" COMPLETE3 "/ram1,ewe1|stallion2,mare2/bull2,cow2/boar2,sow2/ram2,ewe2;wins=1,1;round=3;won=3", "call P1+P2"},
    /* BIDS-VAR-BONUS BIDS-AMB-SPECIAL-ORDER table: the same, and the table names P2 to receive first */
    {"BIDS-VAR-BONUS", "table-names", 2, BIDS_R_BONUS | BIDS_R_SPECIAL_TABLE,
     "stables=" COMPLETE3 "/ram1,ewe1|stallion2,mare2/bull2,cow2/boar2,sow2/ram2,ewe2;wins=1,1;round=3;won=3", "call P1+P2;grab P2"},
    /* BIDS-WAIT-ORDER: two animals (no number) while waiting; one holder alone (wait=one-or-more) */
    {"BIDS-WAIT-ORDER", "tie", 2, R0, "held=hen1|cow1", "wait;play P1"},
    {"BIDS-WAIT-ORDER", "alone", 2, R0, "held=hen1|-", "wait;play P1"},
    {"BIDS-WAIT-ORDER", "lowest", 2, R0, "held=elephant1|truck1", "wait;play P1"},
    /* BIDS-PLAY-ALL BIDS-MADCOW BIDS-TRUCK: discards a card's own rule allows though it had a place */
    {"BIDS-PLAY-ALL", "may-discard", 2, R0, "held=madcow1|-;stables=bull1,cow1/-/-|-/-/-;phase=play;actor=1", "discard"},
    {"BIDS-MADCOW", "discard", 2, R0, "held=madcow1|-;stables=bull1,cow1/-/-|-/-/-;phase=play;actor=1", "discard"},
    {"BIDS-TRUCK", "idle-chosen", 2, R0, "held=truck1|-;stables=ram1/-/-|-/-/-;phase=play;actor=1", "discard"},
    {"BIDS-TRUCK", "idle-empty", 2, BIDS_R_TRUCK_MUST, "held=truck1|-;phase=play;actor=1", "discard"},
    {"BIDS-PLAY-ALL", "no-place", 2, BIDS_R_TRUCK_MUST, "held=truck1|-;phase=play;actor=1", "discard"},
    /* BIDS-MADCOW BIDS-NO-MOVE: the mad cow empties P2's cattle stable */
    {"BIDS-MADCOW", "other", 2, R0, "held=madcow1|-;stables=-/-/-|bull1,cow1/-/-;phase=play;actor=1", "place P2.1"},
    {"BIDS-NO-MOVE", "cleared", 2, R0, "held=madcow1|-;stables=-/-/-|bull1,cow1/-/-;phase=play;actor=1", "place P2.1"},
    /* BIDS-BRAWL: the truck takes a stallion out of the brawl */
    {"BIDS-BRAWL", "truck", 2, R0, "held=truck1|-;stables=stallion1,stallion2,mare1/-/-|-/-/-;phase=play;actor=1", "truck P1.1 stallion out"},
    {"BIDS-TRUCK", "out", 2, R0, "held=truck1|-;stables=stallion1,stallion2,mare1/-/-|-/-/-;phase=play;actor=1", "truck P1.1 stallion out"},
    /* BIDS-GAME-END BIDS-AMB-FIVE-WIN BIDS-EXTRA-STABLE: P1 with 5 stables wins on value under complete-win */
    {"BIDS-GAME-END", "value-no-end", 2, BIDS_R_FIVE_COMPLETE,
     "piles=-|-;held=hen1|-;stables=stallion1,mare1/-/-/-/-|ram1/-/-;phase=play;actor=1" WON5, "place P1.2"},
    {"BIDS-EXTRA-STABLE", "full", 2, BIDS_R_FIVE_COMPLETE,
     "piles=-|-;held=hen1|-;stables=stallion1,mare1/-/-/-/-|ram1/-/-;phase=play;actor=1" WON5, "place P1.2"},
    {"BIDS-GAME-END", "reach-five", 2, BIDS_R_REACH_FIVE, "stables=" COMPLETE3 "/ram1,ewe1|-/-/-" WON4, "call P1"},
    /* BIDS-SCORE-TABLE: values that decide a round that ran out */
    {"BIDS-SCORE-TABLE", "pair-per-female", 2, BIDS_R_PAIR_EACH,
     "piles=-|-;held=hen1|-;stables=stallion1,mare1/-/-|rooster1,hen2,hen3/-/-;phase=play;actor=1", "place P1.2"},
    {"BIDS-SCORE-TABLE", "brawl", 2, R0, "piles=-|-;held=hen1|-;stables=stallion1,stallion2,mare1/-/-|ram1/-/-;phase=play;actor=1", "place P1.2"},
    {"BIDS-SCORE-TABLE", "elephant", 2, R0, "piles=-|-;held=hen1|-;stables=elephant1/-/-|ram1/-/-;phase=play;actor=1", "place P1.2"},
    /* BIDS-GRAB-RACE: P1 plays while P2 and P3 have yet to take a card */
    {"BIDS-GRAB-RACE", "play-early", 3, R0, "open=hen2,cow1,ewe1;grabbed=0", "grab P1;take hen;play P1"},
    {"BIDS-GRAB-RACE", "direct", 3, BIDS_R_MUST_PLAY, "open=hen2,cow1,ewe1;grabbed=0", "grab P1;take hen"},
};

START_TEST(each_case_is_counted_where_the_rules_put_it)
{
    bids_state st;
    char moves[256], label[160], name[INV_CASE_NAME_MAX];
    fresh();
    tu_bids_pos(&st, case_rows[_i].players, case_rows[_i].r, case_rows[_i].pos);
    snprintf(moves, sizeof moves, "%s", case_rows[_i].moves);
    for (char *save = NULL, *mv = strtok_r(moves, ";", &save); mv; mv = strtok_r(NULL, ";", &save)) play(&st, mv);
    int k = tu_clause(&ctx, case_rows[_i].clause), i = 0;
    while (inv_case_name(ctx.clause[k], i, name, sizeof name) == 0 && strcmp(name, case_rows[_i].cse)) i++;
    ck_assert_msg(!strcmp(name, case_rows[_i].cse), "%s has no case %s", case_rows[_i].clause, case_rows[_i].cse);
    ck_assert_msg(ctx.count[k].cases[i] > 0, "%s/%s not counted", case_rows[_i].clause, case_rows[_i].cse);
    snprintf(label, sizeof label, "each_case_is_counted_where_the_rules_put_it: %s/%s", case_rows[_i].clause, case_rows[_i].cse);
    tu_add_counts(&ctx, label);
}
END_TEST

/* ---- Deals judged (issue 36 point 3) ------------------------------------------------------ */

/* The place of card id after a deal: pile p's slot i is p * BIDS_PILE_MAX + i, the open cards one
 * place after the piles; -1 elsewhere (a stable under BIDS-AMB-RESET keep, the box). */
static int bids_place_of(const bids_state *s, int id)
{
    if (s->loc[id] == BIDS_L_OPEN) return BIDS_MAXP * BIDS_PILE_MAX;
    for (int p = 0; p < s->players; p++)
        for (int i = 0; i < s->pile_len[p]; i++) if (s->pile[p][i] == id) return p * BIDS_PILE_MAX + i;
    return -1;
}

/* One deal of 84 cards (4 players: no symbol card goes to the box) into the tally: each pile slot
 * holds a given card with probability 1 / 84, the open cards (one a seat) with 4 / 84. */
static void bids_tally_deal(tu_deal_tally *t, const bids_state *s)
{
    for (int id = 0; id < BIDS_CARDS; id++) {
        int p = bids_place_of(s, id);
        ck_assert_msg(p >= 0, "card %d is not dealt", id);
        t->count[id][p]++;
    }
    for (int id = 0; id < BIDS_CARDS; id++) {
        for (int p = 0; p < s->players; p++)
            for (int i = 0; i < s->pile_len[p]; i++) t->share[id][p * BIDS_PILE_MAX + i] = 1.0 / BIDS_CARDS;
        t->share[id][BIDS_MAXP * BIDS_PILE_MAX] = (double)s->players / BIDS_CARDS;
    }
    t->deals++;
}

/* BIDS-SETUP-DEAL: "Schud de stapel kaarten en verdeel deze daarna gelijkmatig over de spelers."
 * Every card is as likely in every pile slot and among the open cards at the deal (4 players, fr:
 * 84 cards, 3,000 deals, seeds 1-3,000). Each (card, place) count is Binomial(3,000, 1/84 or 4/84);
 * the test fails when any count's exact two-sided tail is below 1e-4 / cells (Bonferroni): a
 * false-alarm rate of at most 1e-4 a run over the choice of seeds (fixed, so the verdict is too).
 * Power: with bids.c's round shuffle made Sattolo's cycle (game_rng_below(&st->rng, i) for (i + 1),
 * a scratch copy, CK_RUN_CASE="deals judged" build/tests/check_bids_rules, 2026-11-28) this test
 * fails, 80 of 6,804 cells out of line, the worst 0 against 35.7 expected; the next test, which
 * asks only whether returned cards come back, passes under it. */
START_TEST(every_card_reaches_every_place_of_the_deal_as_often_as_a_fair_shuffle_gives)
{
    static tu_deal_tally t;
    game_config cfg = {4, bids_engine.profiles[1].readings};
    char why[256];
    memset(&t, 0, sizeof t);
    for (long d = 0; d < 3000; d++) {
        bids_state s;
        ck_assert_int_eq(bids_engine.setup_seed(&s, &cfg, (uint64_t)d + 1), GAME_OK);
        bids_tally_deal(&t, &s);
    }
    ck_assert_msg(tu_deal_outliers(&t, 1e-4, why, sizeof why) == 0, "%s", why);
}
END_TEST

/* BIDS-RESET: "Chaque joueur recommence en ayant pris soin de retirer tous les animaux de ses
 * étables." The next round's deal shuffles back the cards the round before put in stables or out of
 * the game, and such a returned card can come back anywhere: over 200 first rounds played at random
 * (4 players, fr, engine only, seeds 1..), the returned cards are among the second round's open
 * cards and at the piles' bottoms as often as a fair shuffle makes it (r returned cards of 84: 4r/84
 * expected each way a deal, variance r (4/84)(80/84)(84 - r)/83; a normal test at |z| < 4.42, a
 * false-alarm rate of 1e-5 each), and at least once. */
START_TEST(a_card_returned_from_a_stable_or_out_of_the_game_comes_back_anywhere_in_the_next_deal)
{
    game_config cfg = {4, bids_engine.profiles[1].readings};
    uint64_t pick = 99;
    long deals = 0, open = 0, bottom = 0;
    double want = 0, var = 0;
    for (long d = 0; deals < 200; d++) {
        bids_state s, prev;
        game_move legal[GAME_MAX_MOVES];
        ck_assert_int_eq(bids_engine.setup_seed(&s, &cfg, (uint64_t)d + 1), GAME_OK);
        prev = s;
        while (s.round < 2 && s.phase != BIDS_PH_OVER) {
            int n = bids_engine.legal_moves(&s, legal, GAME_MAX_MOVES);
            ck_assert_int_gt(n, 0);
            prev = s;
            ck_assert_int_eq(bids_engine.apply(&s, &legal[game_rng_below(&pick, (uint32_t)n)]), GAME_OK);
        }
        if (s.round != 2 || s.phase != BIDS_PH_TABLE || s.grabbed != 0) continue;
        int r = 0;
        for (int id = 0; id < BIDS_CARDS; id++) {
            if (prev.loc[id] != BIDS_L_OUT && prev.loc[id] < BIDS_L_STABLE) continue;
            int p = bids_place_of(&s, id);
            ck_assert_msg(p >= 0, "returned card %d is not dealt", id);
            r++;
            open += p == BIDS_MAXP * BIDS_PILE_MAX;
            bottom += p < BIDS_MAXP * BIDS_PILE_MAX && p % BIDS_PILE_MAX == 0;
        }
        double q = 4.0 / BIDS_CARDS;
        want += r * q;
        var += r * q * (1 - q) * (BIDS_CARDS - r) / (BIDS_CARDS - 1);
        deals++;
    }
    double zo = ((double)open - want) / sqrt(var), zb = ((double)bottom - want) / sqrt(var);
    ck_assert_msg(open > 0 && fabs(zo) < 4.42, "returned cards open %ld times, expected %.1f (z %.2f)", open, want, zo);
    ck_assert_msg(bottom > 0 && fabs(zb) < 4.42, "returned cards at a pile's bottom %ld times, expected %.1f (z %.2f)", bottom, want, zb);
}
END_TEST

static Suite *bids_rules_suite(void)
{
    Suite *s = suite_create("bids_rules");
    TCase *tc = tcase_create("setup");
    tcase_add_loop_test(tc, a_deal_gives_three_empty_stables_equal_piles_and_removes_the_symbol_cards_below_four, 0, 6);
    tcase_add_test(tc, a_fair_deal_leaves_any_card_over);
    tcase_add_test(tc, a_deal_leaves_no_card_above_the_top_of_a_pile);
    tcase_add_test(tc, a_partial_position_shuffles_its_unnamed_cards_as_a_round_s_deal_does);
    tcase_add_test(tc, one_or_five_players_are_refused);
    tcase_add_loop_test(tc, a_position_no_game_reaches_is_refused_naming_the_field, 0,
                        (int)(sizeof bad_positions / sizeof bad_positions[0]));
    tcase_add_test(tc, a_female_only_stable_beside_another_of_its_species_is_reachable_and_loads);
    suite_add_tcase(s, tc);
    tc = tcase_create("deals judged");
    tcase_set_timeout(tc, 60);                  /* seconds of CPU, more on a loaded machine */
    tcase_add_test(tc, every_card_reaches_every_place_of_the_deal_as_often_as_a_fair_shuffle_gives);
    tcase_add_test(tc, a_card_returned_from_a_stable_or_out_of_the_game_comes_back_anywhere_in_the_next_deal);
    suite_add_tcase(s, tc);
    tc = tcase_create("illegal moves");
    tcase_add_loop_test(tc, an_illegal_move_is_refused_with_the_rule_it_breaks, 0, (int)(sizeof why_cases / sizeof why_cases[0]));
    tcase_add_test(tc, a_take_that_names_an_equal_card_but_the_lowest_is_refused);
    tcase_add_test(tc, a_legal_move_gets_no_reason);
    suite_add_tcase(s, tc);
    tc = tcase_create("trick");
    tcase_add_test(tc, the_flip_comes_only_after_every_card_is_taken_and_played);
    tcase_add_test(tc, any_seat_may_grab_first_and_play_before_the_others_have_grabbed);
    tcase_add_test(tc, the_card_touched_is_the_card_taken_and_stays_in_the_hand_until_played);
    tcase_add_test(tc, the_slowest_seat_takes_the_last_open_card);
    tcase_add_test(tc, an_animal_that_fits_is_placed_even_into_a_brawl_and_one_that_fits_nowhere_is_discarded);
    tcase_add_test(tc, a_discarded_card_stays_out_for_the_rest_of_the_round);
    tcase_add_loop_test(tc, while_waiting_the_elephant_3_plays_before_the_truck_6, 0, 2);
    tcase_add_test(tc, one_holder_may_declare_a_wait_in_nl_but_not_in_fr);
    suite_add_tcase(s, tc);
    tc = tcase_create("stables and cards");
    tcase_add_test(tc, an_animal_goes_only_into_an_own_stable_of_its_species_or_an_empty_one);
    tcase_add_test(tc, a_second_stable_of_a_species_starts_with_its_male);
    tcase_add_test(tc, placing_an_animal_moves_no_other_card);
    tcase_add_test(tc, the_elephant_goes_into_another_seats_empty_stable_or_out);
    tcase_add_test(tc, the_mad_cow_empties_a_cow_stable_and_its_own_targets_follow_the_reading);
    tcase_add_test(tc, the_wild_stallion_may_empty_any_own_stable_under_any_stable_but_only_a_horse_stable_under_the_texts);
    tcase_add_test(tc, the_truck_moves_or_removes_one_animal_by_the_placing_rules);
    tcase_add_loop_test(tc, a_truck_puts_an_elephant_into_its_players_own_empty_stable_only_under_any_empty, 0, 2);
    tcase_add_test(tc, a_brawl_stable_is_not_complete_and_scores_nothing);
    tcase_add_loop_test(tc, determinize_redeals_the_face_down_piles_and_nothing_else, 0,
                        (int)(sizeof redeal_cases / sizeof redeal_cases[0]));
    tcase_add_test(tc, determinize_can_draw_every_order_of_the_face_down_cards);
    suite_add_tcase(s, tc);
    tc = tcase_create("round end");
    tcase_add_test(tc, only_seats_whose_stables_are_all_complete_may_call);
    tcase_add_test(tc, two_complete_stables_of_one_species_may_call_under_same_but_not_under_distinct);
    tcase_add_test(tc, a_truck_before_the_call_makes_the_caller_late);
    tcase_add_test(tc, simultaneous_callers_are_decided_by_their_most_valuable_stable);
    tcase_add_test(tc, simultaneous_callers_are_compared_only_among_themselves);
    tcase_add_test(tc, when_the_cards_run_out_the_most_valuable_stables_win);
    tcase_add_test(tc, a_complete_seat_that_never_called_wins_a_round_that_runs_out_under_complete_wins);
    tcase_add_test(tc, under_first_complete_the_round_ends_the_moment_a_seat_is_complete);
    tcase_add_test(tc, one_truck_move_completing_two_seats_is_judged_as_a_simultaneous_first);
    tcase_add_test(tc, the_first_taker_plays_at_once_under_must_play_and_when_the_table_says_under_need_not_wait);
    tcase_add_test(tc, an_own_stable_takes_the_mad_cow_only_to_end_its_brawl_under_brawl_only);
    tcase_add_test(tc, a_truck_keeps_the_second_male_rule_under_all_rules_and_only_its_list_under_listed_only);
    tcase_add_test(tc, a_stable_with_one_male_earns_one_pair_bonus_or_one_per_female);
    tcase_add_test(tc, pigs_sheep_and_a_pair_score_as_the_table_prints);
    tcase_add_test(tc, a_round_won_on_value_with_five_stables_ends_the_game_only_under_any_win);
    tcase_add_test(tc, two_seats_ending_the_game_in_one_round_share_it_or_play_on);
    tcase_add_test(tc, a_new_round_empties_the_stables_under_clear_and_keeps_them_under_keep);
    tcase_add_loop_test(tc, the_round_counter_counts_each_deal_up_to_255, 0, (int)(sizeof counter_rows / sizeof counter_rows[0]));
    tcase_add_loop_test(tc, the_rounds_won_count_one_more_per_round_up_to_255, 0, (int)(sizeof counter_rows / sizeof counter_rows[0]));
    tcase_add_test(tc, a_seat_that_reaches_255_wins_at_round_255_plays_on_and_its_position_loads);
    tcase_add_test(tc, the_game_ends_when_a_seat_with_five_stables_wins_a_round);
    tcase_add_test(tc, under_the_bonus_variant_the_first_fifth_stable_is_a_chosen_special_one);
    tcase_add_test(tc, another_species_may_go_into_a_special_stable_but_leaves_it_incomplete_and_worthless);
    tcase_add_loop_test(tc, two_fifth_stables_at_once_go_in_seat_order_or_as_the_table_names, 0, 2);
    tcase_add_test(tc, the_short_variant_ends_after_one_round);
    tcase_add_test(tc, the_scores_so_far_end_the_round_as_it_stands);
    tcase_add_test(tc, the_scores_so_far_fill_every_seat_and_no_other);
    tcase_add_loop_test(tc, the_scores_so_far_are_the_result_once_the_game_is_over, 0, 4);
    suite_add_tcase(s, tc);
    tc = tcase_create("cases");
    tcase_add_loop_test(tc, each_case_is_counted_where_the_rules_put_it, 0, (int)(sizeof case_rows / sizeof case_rows[0]));
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(bids_rules_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
