/* check_gp_rules.c: Check suite for Gloria Picktoria: one test per clause and per reading, every oracle checking each move. */
#include "testutil_gp.h"

static const game_engine *G = &gp_engine;
static inv_ctx ctx;
static gp_state st;

/* A position (see tu_gp_text) under readings r, the oracles reset. */
static void pos(int players, uint32_t r, const char *fields, const char *top)
{
    tu_gp_pos(&st, players, r, fields, top);
    ck_assert_int_eq(tu_gp_oracles(&ctx), 1);
    inv_on_position(&ctx, &st);
}

static void play(const char *move) { tu_play(G, &ctx, &st, move); }
static int legal(const char *move) { return tu_gp_legal(&st, move); }

/* Clause `id` fired in its case `name` in the oracle run since the last pos(): the classification of
 * the rule's cases is itself tested. */
static void fired_in(const char *id, const char *name)
{
    int k = tu_clause(&ctx, id), n = inv_n_cases(ctx.clause[k]);
    char nm[INV_CASE_NAME_MAX];
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(inv_case_name(ctx.clause[k], i, nm, sizeof nm), 0);
        if (strcmp(nm, name)) continue;
        ck_assert_msg(inv_case_count(ctx.clause[k], &ctx.count[k], i) > 0, "%s fired, but not in its case %s", id, name);
        return;
    }
    ck_abort_msg("%s has no case %s", id, name);
}

/* The oracle run since the last pos() reached the cases it was built for: its counts go to the case
 * gate (tu_add_counts), labelled with the test. */
static void counted(const char *test)
{
    char label[200];
    snprintf(label, sizeof label, "tests/check_gp_rules.c: %s", test);
    tu_add_counts(&ctx, label);
}

#define T3 "hands=VVWX|SSX|TTX"   /* three small hands, a doubler each */

/* ---- Setup --------------------------------------------------------------------------------- */

/* GP-SETUP-SORT GP-SETUP-DISPLAY GP-SETUP-HANDS GP-SETUP-PILE GP-CARDS-110 */
START_TEST(the_deal_lays_three_cards_out_gives_four_and_a_doubler_and_mixes_ten_dschingis_haan_into_the_rest)
{
    int players = 2 + _i % 4;
    tu_gp_deal(&st, players, GP_NL, 100 + (uint64_t)_i);
    ck_assert_int_eq(tu_gp_oracles(&ctx), 1);
    inv_on_setup(&ctx, &st);
    ck_assert_msg(ctx.violations == 0, "%s: %s", tu_first_id(&ctx), ctx.first_msg);
    for (int i = 0; i < 3; i++) ck_assert(st.display[i] < GP_DOUBLER);
    for (int q = 0; q < players; q++) {
        int n = 0;
        for (int t = 0; t < GP_HANDT; t++) n += st.hand[q][t];
        ck_assert_int_eq(n, 5);
        ck_assert_int_eq(st.hand[q][GP_DOUBLER], 1);
    }
    int dh = 0;
    for (int i = 0; i < st.pile_len; i++) dh += st.pile[i] == GP_DH;
    ck_assert_int_eq(dh, 10);
    ck_assert_int_eq(st.pile_len, 95 - 3 - 4 * players + 10);
    ck_assert_int_eq(st.fox, GP_NONE);                 /* "De vos wacht naast de voorraadstapel" */
    ck_assert_int_eq(G->to_move(&st), 0);
}
END_TEST

/* GP-SETUP-SORT GP-SETUP-DISPLAY GP-SETUP-HANDS: "De overige 95 kaarten worden geschud": the display and
 * the hands come from the shuffled 95, so over a few deals the display shows motif cards (not only the
 * five jokers at the end of the sorted cards) and P1 gets different hands. */
START_TEST(the_display_and_the_hands_are_dealt_from_the_shuffled_cards)
{
    int motif_shown = 0, hands_differ = 0;
    uint8_t first[GP_HANDT];
    for (uint64_t seed = 1; seed <= 10; seed++) {
        tu_gp_deal(&st, 3, GP_NL, seed);
        for (int i = 0; i < 3; i++) motif_shown |= st.display[i] < GP_MOTIFS;
        if (seed == 1) memcpy(first, st.hand[0], GP_HANDT);
        hands_differ |= memcmp(first, st.hand[0], GP_HANDT) != 0;
    }
    ck_assert_msg(motif_shown, "10 deals showed only jokers in the display");
    ck_assert_msg(hands_differ, "10 deals gave P1 the same hand");
}
END_TEST

/* GP-CARDS-110: a position that loses a card is refused. */
START_TEST(a_position_without_all_110_cards_is_refused)
{
    game_config cfg = {3, GP_NL};
    char err[256], text[GAME_TEXT_MAX];
    snprintf(text, sizeof text, "%s", tu_gp_text(3, T3, ""));
    char *w = strstr(text, "hands=VVW");
    ck_assert(w);
    w[8] = 'V';                                        /* a tenth V, one W fewer */
    ck_assert_int_eq(G->setup_position(&st, &cfg, text, err, sizeof err), GAME_BADARG);
    ck_assert_msg(strstr(err, "motif"), "%s", err);
}
END_TEST

/* GP-CARDS-110: "5 jokers", "5 verdubbelaars" (one per player in play), "10 Dschingis-Haan-kaarten":
 * a position with one joker, doubler or Dschingis-Haan too many is refused, naming the count and the
 * clause. */
START_TEST(a_position_with_a_joker_doubler_or_dschingis_haan_too_many_is_refused)
{
    static const char *const what[] = {"jokers, not 5", "doublers in play, not one per player", "Dschingis-Haan cards in the pile and laid out make 11"};
    game_config cfg = {3, GP_NL};
    char err[256], text[GAME_TEXT_MAX + 8];
    const char *base = tu_gp_text(3, _i == 2 ? T3 ";dh=2" : T3, "");   /* dh=2: the message adds the two laid out */
    const char *at = _i == 2 ? strstr(base, "pile=") + 5 : strstr(base, "hands=VVWX") + 10;
    snprintf(text, sizeof text, "%.*s%c%s", (int)(at - base), base, "JX#"[_i], at);
    ck_assert_int_eq(G->setup_position(&st, &cfg, text, err, sizeof err), GAME_BADARG);
    ck_assert_msg(strstr(err, what[_i]) && strstr(err, "(GP-CARDS-110)"), "%s", err);
    /* two Dschingis-Haan laid out and eight in the pile make the ten */
    ck_assert_msg(G->setup_position(&st, &cfg, tu_gp_text(3, T3 ";dh=2", ""), err, sizeof err) == GAME_OK, "%s", err);
}
END_TEST

/* ---- Turn --------------------------------------------------------------------------------- */

/* GP-TURN-ACTIONS GP-TURN-ORDER: three actions, the same one thrice, then the left neighbour. */
START_TEST(a_turn_is_three_actions_in_any_order_then_the_next_player_clockwise)
{
    pos(3, GP_NL, T3 ";turn=3", "");
    play("take 1"); play("take 1");
    ck_assert_int_eq(G->to_move(&st), 2);
    play("take 2");
    ck_assert_int_eq(G->to_move(&st), 0);             /* P3's left neighbour is P1 */
    ck_assert_int_eq(st.acts, 0);
    fired_in("GP-TURN-ORDER", "wrap");
    fired_in("GP-TURN-ACTIONS", "third");
    play("chest V"); play("take 3"); play("open W c1");
    ck_assert_int_eq(G->to_move(&st), 1);
    fired_in("GP-TURN-ORDER", "next");
    counted("a_turn_is_three_actions_in_any_order_then_the_next_player_clockwise");
}
END_TEST

/* GP-TURN-ACTIONS, GP-AMB-THREE-ACTIONS: "kiest drie acties" (three) | may-stop */
START_TEST(a_turn_cannot_end_before_three_actions_unless_the_reading_is_may_stop)
{
    pos(3, GP_NL, T3, "");
    play("take 1");
    ck_assert(!legal("end"));
    pos(3, GP_R_MAY_STOP, T3, "");
    play("take 1");
    ck_assert(legal("end"));
    play("end");
    ck_assert_int_eq(G->to_move(&st), 1);
    fired_in("GP-TURN-ACTIONS", "stop");
    counted("a_turn_cannot_end_before_three_actions_unless_the_reading_is_may_stop");
}
END_TEST

/* ---- A: chests ------------------------------------------------------------------------------- */

/* GP-CHEST GP-JOKER: any hand card can become a chest, a joker or a doubler too; the face is
 * shown (it is in the move) and then irrelevant. */
START_TEST(any_hand_card_becomes_a_chest_even_a_joker_or_a_doubler)
{
    pos(3, GP_NL, "hands=VJX|SX|TX", "");
    ck_assert(legal("chest V") && legal("chest J") && legal("chest X"));
    ck_assert(!legal("chest W"));                      /* not in the hand */
    play("chest J"); play("chest X"); play("chest V");
    ck_assert_int_eq(st.ncol, 3);
    for (int i = 0; i < 3; i++) ck_assert_int_eq(st.col_motif[i], GP_NONE);
    fired_in("GP-JOKER", "chest");
    fired_in("GP-CHEST", "doubler");
    fired_in("GP-CHEST", "motif");
    counted("any_hand_card_becomes_a_chest_even_a_joker_or_a_doubler");
}
END_TEST

/* GP-CHEST-HIDDEN: nobody may look at a chest's face: redact hides it, and nothing depends on it. */
START_TEST(a_chest_face_is_hidden_after_it_is_made_and_changes_nothing)
{
    pos(3, GP_NL, "hands=VWX|SX|TX;cols=1K.0j0x0,2J.0j0x0", "");
    gp_state a = st, b = st;
    b.col_face[0] = (uint8_t)tu_gp_type('J');
    b.col_face[1] = (uint8_t)tu_gp_type('K');
    G->redact(&a, 0);
    G->redact(&b, 0);
    ck_assert_mem_eq(&a, &b, sizeof a);
    play("open W c1");                                 /* a K chest takes a W row */
    ck_assert_int_eq(st.col_motif[0], tu_gp_type('W'));
}
END_TEST

/* GEN-HIDDEN-INFO: hands show their doublers ("where a doubler goes is public"), so a view
 * deals the hidden cards so that a doubler laid as a chest face never shows in another hand
 * (the engine dealt faces first and could, with few low cards left: found by the view oracle). */
START_TEST(a_view_never_moves_a_doubler_face_into_a_hand)
{
    pos(3, GP_NL, "hands=VW|SX|TX;cols=1X.0j0x0", "");
    gp_state view = st;
    view.pile_len = 0;                                 /* nothing lower than the face's doubler but S and T */
    memset(view.pile, 0, sizeof view.pile);
    G->redact(&view, 0);
    for (int p = 0; p < 3; p++) ck_assert_int_eq(view.hand[p][GP_DOUBLER], st.hand[p][GP_DOUBLER]);
    ck_assert_int_eq(view.hand[1][tu_gp_type('S')], 1);
    ck_assert_int_eq(view.hand[2][tu_gp_type('T')], 1);
    ck_assert_int_eq(view.col_face[0], GP_DOUBLER);
}
END_TEST

/* GEN-HIDDEN-INFO GP-CHEST-HIDDEN GP-SETUP-PILE: determinize re-deals what P1 cannot see (P2's and
 * P3's hands but their doublers, every chest face, the pile) and keeps all it sees: its own hand, the
 * other hands' sizes and doublers, the cards in all (tu_determinized: the view, the oracle's account,
 * GP-CARDS-110); no hand gets a Dschingis-Haan, the pile keeps the ten still to come and no doubler.
 * Two seeds give two deals; over a few seeds P2's hand and P1's own chest face take other cards. */
START_TEST(determinize_redeals_hands_faces_and_pile_and_keeps_what_p1_sees)
{
    gp_state a, b;
    pos(3, GP_NL, "hands=VVWX|SX|TX;cols=1K.0j0x0,2J.0j0x0", "");
    tu_determinized(G, &st, 0, 1, &a);
    tu_determinized(G, &st, 0, 2, &b);
    ck_assert(memcmp(&a, &b, sizeof a) != 0);
    int hand_differs = 0, face_differs = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        tu_determinized(G, &st, 0, seed, &a);
        ck_assert_mem_eq(a.hand[0], st.hand[0], GP_HANDT);
        int dh = 0, dbl = 0;
        for (int i = 0; i < a.pile_len; i++) { dh += a.pile[i] == GP_DH; dbl += a.pile[i] == GP_DOUBLER; }
        ck_assert_int_eq(dh, 10);
        ck_assert_int_eq(dbl, 0);
        for (int q = 1; q < 3; q++) {
            ck_assert_int_eq(a.hand[q][GP_DOUBLER], 1);
            int n = 0;
            for (int t = 0; t < GP_HANDT; t++) n += a.hand[q][t];
            ck_assert_int_eq(n, 2);
        }
        hand_differs |= memcmp(a.hand[1], st.hand[1], GP_HANDT) != 0;
        face_differs |= a.col_face[0] != st.col_face[0];
    }
    ck_assert(hand_differs && face_differs);
}
END_TEST

/* GEN-HIDDEN-INFO: determinize re-deals at every table size, whatever motifs the hidden hands hold:
 * with five players, P2 holding two V (the first motif), P2's hand takes other cards in some sample. */
START_TEST(determinize_redeals_five_players_hands_of_any_motif)
{
    gp_state a;
    pos(5, GP_NL, "hands=KX|VVX|SX|TX|WX", "");
    int differs = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        tu_determinized(G, &st, 0, seed, &a);
        differs |= memcmp(a.hand[1], st.hand[1], GP_HANDT) != 0;
    }
    ck_assert_msg(differs, "20 samples left P2's hidden VV where it was");
}
END_TEST

/* GP-SETUP-HANDS GP-CHEST GP-AMB-DOUBLER-OWNER: each seat was dealt one doubler, and only its holder
 * lays it as a chest. P1 holds none (its doubler is c1's face or c2's); P2's lies open on its own row
 * c3; P3 still holds its own. Under doubler-on=own a sample keeps the doubler face among P1's chests;
 * under any P2's open doubler may be P1's, so the face may lie on a chest of P2's too, never on
 * P3's, and never two on one seat's chests. */
START_TEST(determinize_lays_a_doubler_face_only_on_a_chest_of_a_seat_that_gave_its_doubler_away)
{
    gp_state a;
    const char *f = "hands=VW|S|TX;cols=1X.0j0x0,1V.0j0x0,2KK2j0x1,2V.0j0x0,3V.0j0x0";
    for (int any = 0; any < 2; any++) {
        pos(3, any ? GP_NL | GP_R_DOUBLER_ANY : GP_NL, f, "");
        int on_p2 = 0;
        for (uint64_t seed = 1; seed <= 40; seed++) {
            tu_determinized(G, &st, 0, seed, &a);
            int per[3] = {0, 0, 0};
            for (int c = 0; c < a.ncol; c++) if (a.col_face[c] == GP_DOUBLER) per[a.col_owner[c]]++;
            ck_assert_int_eq(per[0] + per[1], 1);
            ck_assert_int_eq(per[2], 0);
            if (!any) ck_assert_int_eq(per[0], 1);
            on_p2 += per[1];
        }
        if (any) ck_assert_int_gt(on_p2, 0);
    }
}
END_TEST

/* GP-SETUP-HANDS GP-CHEST GP-AMB-DOUBLER-OWNER GEN-HIDDEN-INFO: a hidden doubler face may lie on any
 * chest that could hold it, so over the samples it moves among all of them: under doubler-on=own
 * among its seat's chests; under any among the chests of every seat that gave its doubler away (one
 * face a seat at most), also when they are all one seat's. `may` lists those chests (1-based). */
static const struct { uint32_t r; const char *fields, *may; } doubler_face_cases[] = {
    /* own: P1's doubler is c1's face or c2's */
    {0, "hands=VW|S|TX;cols=1X.0j0x0,1V.0j0x0,2KK2j0x1,2V.0j0x0,3V.0j0x0", "12"},
    /* any: P2's open doubler may be P1's, so the face lies on P1's or P2's chests, never P3's */
    {GP_R_DOUBLER_ANY, "hands=VW|S|TX;cols=1X.0j0x0,1V.0j0x0,2KK2j0x1,2V.0j0x0,3V.0j0x0", "1234"},
    /* any: P2 and P3 still hold theirs: the face is P1's, on either of its chests */
    {GP_R_DOUBLER_ANY, "hands=VW|SX|TX;cols=1X.0j0x0,1V.0j0x0,3V.0j0x0", "12"},
};

START_TEST(determinize_moves_a_hidden_doubler_face_among_all_the_chests_that_may_hold_it)
{
    gp_state a;
    pos(3, GP_NL | doubler_face_cases[_i].r, doubler_face_cases[_i].fields, "");
    const char *may = doubler_face_cases[_i].may;
    int seen[GP_MAXCOL] = {0};
    for (uint64_t seed = 1; seed <= 40; seed++) {
        tu_determinized(G, &st, 0, seed, &a);
        int faces = 0;
        for (int c = 0; c < a.ncol; c++) {
            if (a.col_face[c] != GP_DOUBLER) continue;
            faces++;
            seen[c]++;
            ck_assert_msg(strchr(may, '1' + c), "case %d seed %llu: a doubler face on c%d", _i, (unsigned long long)seed, c + 1);
        }
        ck_assert_int_eq(faces, 1);
    }
    for (const char *c = may; *c; c++)
        ck_assert_msg(seen[*c - '1'] > 0, "case %d: 40 samples never laid the doubler face on c%c", _i, *c);
}
END_TEST

/* GP-SETUP-HANDS GP-CHEST GP-AMB-DOUBLER-OWNER GEN-HIDDEN-INFO: a sample is uniform over the deals a game
 * can reach. Under doubler-on=any the hidden doubler faces lie on the chests of the seats that gave
 * their doublers away, one face a seat at most, every such choice equally likely. `share` gives each
 * chest's chance in sixths (6: always, 0: never); over `n` samples each chest holds a face within
 * 4.5 binomial standard deviations of its share (the generator is fixed, so the counts are too). */
static const struct { int players, n; const char *fields, *share; } uniform_cases[] = {
    /* P1 (three chests) and P2 (one) gave theirs away, two faces: P2's chest always, P1's a third each */
    {3, 600, "hands=VW|S|TX;cols=1X.0j0x0,1V.0j0x0,1K.0j0x0,2X.0j0x0,3V.0j0x0", "22260"},
    /* one face, P2's doubler open on P1's c3: P1's c1 and c3 and P2's c2, a third each; not P3's */
    {3, 900, "hands=VW|S|TX;cols=1X.0j0x0,2V.0j0x0,1KK2j0x1,3V.0j0x0", "2220"},
    /* five faces at five seats: each seat's face on either of its chests, half each */
    {5, 200, "hands=W|W|W|W|W;cols=1X.0j0x0,1V.0j0x0,2X.0j0x0,2V.0j0x0,3X.0j0x0,3V.0j0x0,4X.0j0x0,4V.0j0x0,"
             "5X.0j0x0,5V.0j0x0", "3333333333"},
};

START_TEST(determinize_is_uniform_over_the_chests_that_may_hold_the_doubler_faces)
{
    gp_state a;
    int n = uniform_cases[_i].n, seen[GP_MAXCOL] = {0};
    const char *share = uniform_cases[_i].share;
    pos(uniform_cases[_i].players, GP_NL | GP_R_DOUBLER_ANY, uniform_cases[_i].fields, "");
    for (uint64_t seed = 1; seed <= (uint64_t)n; seed++) {
        tu_determinized(G, &st, 1, seed, &a);
        int per[GP_MAXP] = {0};
        for (int c = 0; c < a.ncol; c++)
            if (a.col_face[c] == GP_DOUBLER) { seen[c]++; per[a.col_owner[c]]++; }
        for (int p = 0; p < a.players; p++)
            ck_assert_msg(per[p] <= 1, "case %d seed %llu: %d doubler faces on P%d's chests", _i, (unsigned long long)seed, per[p], p + 1);
    }
    for (int c = 0; share[c]; c++) {
        double p = (share[c] - '0') / 6.0, want = n * p, sd = sqrt(n * p * (1 - p));
        ck_assert_msg(seen[c] >= want - 4.5 * sd && seen[c] <= want + 4.5 * sd,
                      "case %d: c%d held a face in %d of %d samples, not about %.0f", _i, c + 1, seen[c], n, want);
    }
}
END_TEST

/* GP-SETUP-PILE GP-SCORING-TIMES GEN-HIDDEN-INFO: nobody knows where in the pile the Dschingis-Haan still
 * to come lie, so a sample lays them at any places: in a pile of four with two of them, each place,
 * the bottom and the top too, holds one in some sample, and every sample holds two. */
START_TEST(determinize_lays_the_dschingis_haan_still_to_come_at_any_place_of_the_pile)
{
    gp_state a;
    /* every motif card in a row of 9 (the nine D as chests), three jokers in the display: the pile is
     * the other two jokers and the two Dschingis-Haan left after eight */
    pos(3, GP_NL, "hands=X|X|X;cols=1DV9j0x0,1DK9j0x0,1DS9j0x0,1DT9j0x0,2DW9j0x0,2DM9j0x0,2DH9j0x0,3DG9j0x0,3DF9j0x0;dh=8", "");
    ck_assert_int_eq(st.pile_len, 4);
    int seen[4] = {0};
    for (uint64_t seed = 1; seed <= 40; seed++) {
        tu_determinized(G, &st, 0, seed, &a);
        int dh = 0;
        for (int i = 0; i < 4; i++) if (a.pile[i] == GP_DH) { dh++; seen[i]++; }
        ck_assert_int_eq(dh, 2);
    }
    for (int i = 0; i < 4; i++) ck_assert_msg(seen[i] > 0, "40 samples never laid a Dschingis-Haan %d from the bottom of the pile", i + 1);
}
END_TEST

/* ---- B: collections -------------------------------------------------------------------------- */

/* GP-OPEN-START: no collection without a chest; the chest's face may differ from the row
 * ("Anne maakt van een voetringkaart een schatkist ... Daaraan legt zij open een vitrinekaart"). */
START_TEST(a_collection_starts_only_on_a_chest_whose_face_may_differ)
{
    pos(3, GP_NL, "hands=VKX|SX|TX", "");
    ck_assert(!legal("open K c1"));
    play("chest V");
    play("open K c1");
    ck_assert_int_eq(st.col_motif[0], tu_gp_type('K'));
    ck_assert_int_eq(st.col_len[0], 1);
}
END_TEST

/* GP-OPEN-EXTEND: a row grows only with its own motif. */
START_TEST(a_row_grows_only_with_cards_of_its_motif)
{
    pos(3, GP_NL, "hands=KKWX|SX|TX;cols=1VK1j0x0", "");
    ck_assert(legal("open K c1"));
    ck_assert(!legal("open W c1"));                    /* "afwijkend motief ... nooit" */
    play("open K c1");
    ck_assert_int_eq(st.col_len[0], 2);
}
END_TEST

/* GP-OPEN-OWN: cards go to one's own collections only. */
START_TEST(open_cards_go_to_the_players_own_collections_only)
{
    pos(3, GP_NL, "hands=KX|KX|TX;cols=2VK1j0x0,1V.0j0x0", "");
    ck_assert(!legal("open K c1"));                    /* P2's row of K */
    ck_assert(legal("open K c2"));
}
END_TEST

/* GP-ONE-PER-MOTIF: "Een speler mag van elk motief maar één verzameling aanleggen." */
START_TEST(a_player_has_one_collection_per_motif)
{
    pos(3, GP_NL, "hands=KX|SX|TX;cols=1VK1j0x0,1V.0j0x0,2VS1j0x0,3VT1j0x0", "");
    ck_assert(!legal("open K c2"));
    ck_assert(legal("open K c1"));
}
END_TEST

/* ---- The fox --------------------------------------------------------------------------------- */

/* GP-FOX-PLACE, GP-AMB-FOX-PLACE last-player: the last of the players to lay a first open card
 * puts the fox on that collection, at once. */
START_TEST(the_last_player_to_open_a_first_collection_gets_the_fox)
{
    pos(3, GP_NL, "hands=KX|SX|TTX;cols=1VK1j0x0,2VS1j0x0,3V.0j0x0;turn=3", "");
    play("open T c3");
    ck_assert_int_eq(st.fox, 2);
    fired_in("GP-FOX-PLACE", "last");
    fired_in("GP-OPEN-START", "first");
    counted("the_last_player_to_open_a_first_collection_gets_the_fox");
    /* not before: P2 opens while P3 has not */
    pos(3, GP_NL, "hands=KX|SSX|TX;cols=1VK1j0x0,2V.0j0x0;turn=2", "");
    play("open S c2");
    ck_assert_int_eq(st.fox, GP_NONE);
}
END_TEST

/* GP-AMB-FOX-PLACE each-first: every player's first open card takes the fox. */
START_TEST(under_each_first_every_first_open_card_takes_the_fox)
{
    pos(3, GP_R_FOX_EACH_FIRST, "hands=KKX|SX|TX;cols=1V.0j0x0,1W.0j0x0", "");
    play("open K c1");
    ck_assert_int_eq(st.fox, 0);
    fired_in("GP-FOX-PLACE", "each-first");
    play("take 1");
    play("take 1");
    ck_assert_int_eq(G->to_move(&st), 1);
    counted("under_each_first_every_first_open_card_takes_the_fox");
}
END_TEST

/* GP-AMB-PLACE-COUNTS: placing the fox is no move of it (free) | counts as the turn's move. */
START_TEST(placing_the_fox_leaves_action_d_free_unless_the_reading_counts_it)
{
    const char *f = "hands=KWX|SX|TX;cols=2VS1j0x0,3VT1j0x0,1V.0j0x0,1V.0j0x0";
    pos(3, GP_NL, f, "");
    play("open K c3");
    ck_assert_int_eq(st.fox, 2);
    ck_assert_int_eq(st.fox_moved, 0);
    play("open W c4");                                 /* not a first open card: the fox stays */
    ck_assert_int_eq(st.fox, 2);
    ck_assert(legal("fox c4"));
    pos(3, GP_R_PLACE_COUNTS, f, "");
    play("open K c3");
    play("open W c4");
    ck_assert(!legal("fox c4"));
}
END_TEST

/* GP-AMB-FOX-EVERY first-only (nl: "zijn eerste open kaart", "De laatste speler"): a player's
 * second collection leaves the fox where it is | every-open: it takes the fox at once, from
 * another player's collection too; under fox-place-move=counts that uses the turn's fox move. */
START_TEST(a_newly_opened_second_collection_takes_the_fox_only_under_every_open)
{
    const char *f = "hands=WX|SX|TX;cols=1VK1j0x0,2VS1j0x0,3VT1j0x0,1V.0j0x0;fox=c2";
    pos(3, GP_NL, f, "");
    ck_assert_uint_eq(GP_NL & GP_R_FOX_EVERY_OPEN, 0);   /* profile nl: first-only */
    play("open W c4");
    ck_assert_int_eq(st.fox, 1);                       /* still on P2's c2 */
    ck_assert(!legal("fox c1"));                       /* not P1's fox: no action D */
    pos(3, GP_NL | GP_R_FOX_EVERY_OPEN, f, "");
    play("open W c4");
    ck_assert_int_eq(st.fox, 3);
    ck_assert_int_eq(st.fox_moved, 0);                 /* fox-place-move=free */
    ck_assert(legal("fox c1"));
    fired_in("GP-FOX-PLACE", "every-open");
    fired_in("GP-OPEN-START", "later");
    counted("a_newly_opened_second_collection_takes_the_fox_only_under_every_open");
    pos(3, GP_NL | GP_R_FOX_EVERY_OPEN | GP_R_PLACE_COUNTS, f, "");
    play("open W c4");
    ck_assert_int_eq(st.fox, 3);
    ck_assert(!legal("fox c1"));                       /* the placement was the turn's fox move */
}
END_TEST

/* GP-AMB-FOX-EVERY every-open with GP-AMB-FOX-PLACE: every opening includes each player's first,
 * so under every-open the fox-place reading changes nothing: P1's first collection takes the fox
 * though P2 and P3 have none (last-player alone would leave it beside the pile). */
START_TEST(under_every_open_the_first_collection_of_the_game_takes_the_fox)
{
    const char *f = "hands=KX|SX|TX;cols=1V.0j0x0";
    pos(3, GP_NL, f, "");
    play("open K c1");
    ck_assert_int_eq(st.fox, GP_NONE);
    pos(3, GP_NL | GP_R_FOX_EVERY_OPEN, f, "");
    play("open K c1");
    ck_assert_int_eq(st.fox, 0);
    pos(3, GP_NL | GP_R_FOX_EVERY_OPEN | GP_R_FOX_EACH_FIRST, f, "");
    play("open K c1");
    ck_assert_int_eq(st.fox, 0);
}
END_TEST

/* GP-FOX-OWN: one action, to another own collection. GP-FOX-ONCE: once per turn. */
START_TEST(the_fox_moves_to_another_own_collection_for_one_action_once_per_turn)
{
    pos(3, GP_NL, "hands=X|SX|TX;cols=1VK1j0x0,1VW1j0x0,2VS1j0x0;fox=c1", "");
    play("fox c2");
    ck_assert_int_eq(st.acts, 1);
    ck_assert(!legal("fox c1"));                       /* once per turn */
    ck_assert(!legal("fox c3"));
}
END_TEST

/* GP-FOX-LEFT: two actions, to a collection of the left neighbour, never another's. */
START_TEST(the_fox_goes_to_the_left_neighbour_for_two_actions)
{
    pos(3, GP_NL, "hands=X|SX|TX;cols=1VK1j0x0,2VS1j0x0,3VT1j0x0;fox=c1", "");
    ck_assert(!legal("fox c3"));                       /* P3 is not P1's left neighbour */
    play("take 1");
    play("fox c2");
    ck_assert_int_eq(st.fox, 1);
    ck_assert_int_eq(G->to_move(&st), 1);
    fired_in("GP-FOX-LEFT", "opened");
    counted("the_fox_goes_to_the_left_neighbour_for_two_actions");
    pos(3, GP_NL, "hands=X|SX|TX;cols=1VK1j0x0,2VS1j0x0;fox=c1;acts=2", "");
    ck_assert(!legal("fox c2"));                       /* one action left */
}
END_TEST

/* GP-FOX-PASS: after the three actions the fox may go to the left neighbour for free, also after
 * an own-to-own move in the turn. */
START_TEST(after_the_turn_the_fox_is_passed_on_for_free)
{
    pos(3, GP_NL, "hands=X|SX|TX;cols=1VK1j0x0,1VW1j0x0,2VS1j0x0;fox=c1", "");
    play("fox c2"); play("take 1"); play("take 1");
    ck_assert_int_eq(st.phase, GP_PH_PASS);
    ck_assert_int_eq(G->to_move(&st), 0);
    ck_assert(legal("end"));
    play("fox c3");
    ck_assert_int_eq(st.fox, 2);
    ck_assert_int_eq(G->to_move(&st), 1);
    ck_assert_int_eq(st.phase, GP_PH_ACT);
    fired_in("GP-FOX-OWN", "opened");
    fired_in("GP-FOX-ONCE", "refused");
    fired_in("GP-FOX-PASS", "pass-moved");                /* "ook doen als hij ... de vos al ... had verplaatst" */
    fired_in("GP-LEGAL-SET", "pass");
    counted("after_the_turn_the_fox_is_passed_on_for_free");
}
END_TEST

/* GP-FOX-PASS: the free pass needs the fox on one of the mover's own collections ("Als de vos zich
 * op één van de verzamelingen bevindt van de actuele speler", "verder geven"): with the fox on
 * the left neighbour's or a third player's collection, the turn ends after the third action
 * with no pass offered, and the fox stays. */
START_TEST(no_free_pass_when_the_fox_is_not_on_the_movers_own_collection)
{
    static const char *const where[] = {"fox=c2", "fox=c3"};
    for (int i = 0; i < 2; i++) {
        char f[160];
        snprintf(f, sizeof f, "hands=X|SX|TX;cols=1VK1j0x0,2VS1j0x0,3VT1j0x0;acts=2;%s", where[i]);
        pos(3, GP_NL, f, "");
        play("take 1");
        ck_assert_int_eq(st.phase, GP_PH_ACT);
        ck_assert_int_eq(G->to_move(&st), 1);          /* straight to P2: no pass phase for P1 */
        ck_assert_int_eq(st.fox, 1 + i);
    }
    /* the same turn with the fox on P1's own c1 offers the pass */
    pos(3, GP_NL, "hands=X|SX|TX;cols=1VK1j0x0,2VS1j0x0,3VT1j0x0;acts=2;fox=c1", "");
    play("take 1");
    ck_assert_int_eq(st.phase, GP_PH_PASS);
    ck_assert(legal("fox c2"));
    ck_assert(!legal("fox c3"));                       /* P3 is not P1's left neighbour */
}
END_TEST

/* GP-AMB-BARE-CHEST: the fox stands on opened collections | on any chest. */
START_TEST(a_bare_chest_takes_the_fox_only_under_any_chest)
{
    const char *f = "hands=X|SX|TX;cols=1VK1j0x0,1W.0j0x0,2V.0j0x0;fox=c1";
    pos(3, GP_NL, f, "");
    ck_assert(!legal("fox c2"));
    pos(3, GP_R_FOX_BARE_CHEST, f, "");
    ck_assert(legal("fox c2"));
    ck_assert(legal("fox c3"));
    play("fox c2");
    fired_in("GP-FOX-OWN", "bare-chest");
    counted("a_bare_chest_takes_the_fox_only_under_any_chest");
    pos(3, GP_R_FOX_BARE_CHEST, f, "");
    play("fox c3");
    fired_in("GP-FOX-LEFT", "bare-chest");
    counted("a_bare_chest_takes_the_fox_only_under_any_chest");
}
END_TEST

/* GP-FOX-EXTEND: "Desondanks mag deze verzameling toch vergroot worden." */
START_TEST(the_foxs_collection_may_still_grow)
{
    pos(3, GP_NL, "hands=KX|SX|TX;cols=1VK1j0x0;fox=c1", "");
    play("open K c1");
    ck_assert_int_eq(st.col_len[0], 2);
    fired_in("GP-FOX-EXTEND", "motif");
    counted("the_foxs_collection_may_still_grow");
    pos(3, GP_NL, "hands=JX|SX|TX;cols=1VK1j0x0;fox=c1", "");
    play("open J c1");
    ck_assert_int_eq(st.col_len[0], 2);
    ck_assert_int_eq(st.fox, 0);
    fired_in("GP-FOX-EXTEND", "joker");
    fired_in("GP-JOKER", "extend");
    counted("the_foxs_collection_may_still_grow");
    /* fox-target=any-chest: the fox on P1's bare chest c2, which P1 now opens */
    pos(3, GP_R_FOX_BARE_CHEST, "hands=KX|SX|TX;cols=1VW1j0x0,1V.0j0x0;fox=c2", "");
    play("open K c2");
    ck_assert_int_eq(st.col_len[1], 1);
    ck_assert_int_eq(st.fox, 1);
    fired_in("GP-FOX-EXTEND", "bare-chest");
    counted("the_foxs_collection_may_still_grow");
}
END_TEST

/* ---- C: taking cards ----------------------------------------------------------------------- */

/* GP-TAKE-DISPLAY GP-DH-REVEAL: the display is refilled at once; a Dschingis-Haan revealed is
 * laid beside it and the next card fills the slot, at no action. */
START_TEST(a_display_card_is_replaced_at_once_and_a_dschingis_haan_is_laid_aside)
{
    pos(3, GP_NL, T3 ";display=KMH", "#G");
    play("take 2");
    ck_assert_int_eq(tu_gp_hand(&st, 0, 'M'), 1);
    ck_assert_int_eq(st.display[1], tu_gp_type('G'));
    ck_assert_int_eq(st.dh, 1);
    ck_assert_int_eq(st.acts, 1);
    fired_in("GP-TAKE-DISPLAY", "dh");
    fired_in("GP-DH-REVEAL", "refill");
    counted("a_display_card_is_replaced_at_once_and_a_dschingis_haan_is_laid_aside");
    pos(3, GP_NL, T3 ";display=KMH", "##G");          /* two in a row, then the G */
    play("take 2");
    ck_assert_int_eq(st.display[1], tu_gp_type('G'));
    ck_assert_int_eq(st.dh, 2);
    fired_in("GP-DH-REVEAL", "refill-many");
    counted("a_display_card_is_replaced_at_once_and_a_dschingis_haan_is_laid_aside");
}
END_TEST

/* GP-TAKE-PILE: two actions; never with one left, so never two pile cards in a turn. */
START_TEST(the_pile_top_costs_two_actions_and_never_twice)
{
    pos(3, GP_NL, T3, "G");
    play("draw");
    ck_assert_int_eq(tu_gp_hand(&st, 0, 'G'), 1);
    ck_assert_int_eq(st.acts, 2);
    ck_assert(!legal("draw"));
    fired_in("GP-TAKE-PILE", "card");
    fired_in("GP-TURN-ACTIONS", "two");
    counted("the_pile_top_costs_two_actions_and_never_twice");
    pos(3, GP_NL, T3 ";acts=1", "G");
    ck_assert(legal("draw"));
    play("draw");
    ck_assert_int_eq(G->to_move(&st), 1);
}
END_TEST

/* GP-TAKE-PILE, GP-AMB-DRAW-ORDER: the draw may be the 1st and 2nd or the 2nd and 3rd action
 * ("in een volgorde naar keuze": any-order, nl) | only the turn's first action ("Dit betekent dat de
 * speler dan nog maar één volgende actie kan uitvoeren.": first). */
START_TEST(the_pile_is_drawn_at_any_point_with_two_actions_left_or_only_first_under_draw_at_first)
{
    pos(3, GP_NL, T3, "G");
    ck_assert_uint_eq(GP_NL & GP_R_DRAW_FIRST, 0);     /* profile nl: any-order */
    play("take 1");
    ck_assert(legal("draw"));
    play("draw");
    ck_assert_int_eq(G->to_move(&st), 1);
    pos(3, GP_NL | GP_R_DRAW_FIRST, T3, "G");
    ck_assert(legal("draw"));
    play("take 1");
    ck_assert(!legal("draw"));                         /* the second action may not be the draw */
    play("take 1");                                    /* the oracle's list for it leaves the draw out */
    fired_in("GP-TAKE-PILE", "refused-later");
    counted("the_pile_is_drawn_at_any_point_with_two_actions_left_or_only_first_under_draw_at_first");
    pos(3, GP_NL | GP_R_DRAW_FIRST, T3, "G");
    play("draw");                                      /* "Carl neemt een kaart van de voorraadstapel." */
    ck_assert_int_eq(st.acts, 2);
    play("take 1");
    ck_assert_int_eq(G->to_move(&st), 1);
}
END_TEST

/* GP-AMB-DH-DRAW: a Dschingis-Haan drawn from the pile is lost (the action spent) | redrawn. */
START_TEST(a_dschingis_haan_drawn_from_the_pile_is_lost_or_redrawn_by_the_reading)
{
    pos(3, GP_NL, T3, "#G");
    play("draw");
    ck_assert_int_eq(st.dh, 1);
    ck_assert_int_eq(tu_gp_hand(&st, 0, 'G'), 0);
    fired_in("GP-TAKE-PILE", "dh-lost");
    fired_in("GP-DH-REVEAL", "draw");
    counted("a_dschingis_haan_drawn_from_the_pile_is_lost_or_redrawn_by_the_reading");
    pos(3, GP_R_DH_REDRAW, T3, "#G");
    play("draw");
    ck_assert_int_eq(st.dh, 1);
    ck_assert_int_eq(tu_gp_hand(&st, 0, 'G'), 1);
    fired_in("GP-TAKE-PILE", "dh-redraw");
    counted("a_dschingis_haan_drawn_from_the_pile_is_lost_or_redrawn_by_the_reading");
}
END_TEST

/* ---- Joker and doubler ------------------------------------------------------------------------ */

/* GP-JOKER: never the first open card; it extends a row as a piece of its motif. */
START_TEST(a_joker_extends_a_row_but_never_opens_one)
{
    pos(3, GP_NL, "hands=JX|SX|TX;cols=1V.0j0x0,1WK1j0x0", "");
    ck_assert(!legal("open J c1"));
    play("open J c2");
    ck_assert_int_eq(st.col_len[1], 2);
    ck_assert_int_eq(st.col_jokers[1], 1);
    fired_in("GP-JOKER", "refused");                   /* the oracle's list leaves out J on c1 */
    fired_in("GP-JOKER", "extend");
    counted("a_joker_extends_a_row_but_never_opens_one");
}
END_TEST

/* GP-DOUBLER-PLAY: on a collection with a piece; it closes the row. */
START_TEST(a_doubler_needs_an_open_piece_and_closes_the_row)
{
    pos(3, GP_NL, "hands=KJX|SX|TX;cols=1V.0j0x0,1WK1j0x0", "");
    ck_assert(!legal("open X c1"));
    play("open X c2");
    ck_assert_int_eq(st.col_dbl[1], 1);
    ck_assert(!legal("open K c2"));
    ck_assert(!legal("open J c2"));
    fired_in("GP-DOUBLER-PLAY", "own");
    counted("a_doubler_needs_an_open_piece_and_closes_the_row");
}
END_TEST

/* GP-AMB-DOUBLER-OWNER: own collections ("aan een eigen verzameling") | any ("aan elke verzameling"). */
START_TEST(a_doubler_goes_on_an_opponents_row_only_under_any)
{
    const char *f = "hands=X|X|TX;cols=2VS1j0x0,1VK1j0x0";
    pos(3, GP_NL, f, "");
    ck_assert(!legal("open X c1"));
    pos(3, GP_R_DOUBLER_ANY, f, "");
    play("open X c1");
    ck_assert_int_eq(st.col_dbl[0], 1);
    fired_in("GP-DOUBLER-PLAY", "other");
    counted("a_doubler_goes_on_an_opponents_row_only_under_any");
}
END_TEST

/* GP-AMB-SECOND-DOUBLER: a doubled row takes no other doubler (closed) | a second (allowed, the
 * nl profile: "De verdubbelkaart zelf telt niet als verzamelstuk." and the doubler bars only "nieuwe
 * verzamelstukken"). Reachable only with doubler-on=any: under nl each player's one doubler goes
 * on his own rows. */
START_TEST(a_second_doubler_only_under_allowed)
{
    const char *f = "hands=X|-|TX;cols=2VS1j0x1,1VK1j0x0";
    ck_assert_uint_ne(GP_NL & GP_R_DOUBLER_STACK, 0);  /* profile nl: allowed */
    pos(3, GP_R_DOUBLER_ANY, f, "");
    ck_assert(!legal("open X c1"));
    pos(3, GP_R_DOUBLER_ANY | GP_R_DOUBLER_STACK, f, "");
    ck_assert(legal("open X c1"));
    pos(3, GP_NL | GP_R_DOUBLER_ANY, f, "");
    play("open X c1");
    ck_assert_int_eq(st.col_dbl[0], 2);
    fired_in("GP-DOUBLER-PLAY", "second");
    counted("a_second_doubler_only_under_allowed");
    pos(3, GP_NL, f, "");
    ck_assert(!legal("open X c1"));                    /* doubler-on=own: not P1's row */
}
END_TEST

/* ---- Scoring -------------------------------------------------------------------------------- */

/* GP-SCORING-TIMES GP-SCORING-INTERRUPT: the 4th Dschingis-Haan scores at once and the turn goes on. */
START_TEST(the_fourth_dschingis_haan_scores_and_the_turn_goes_on)
{
    pos(3, GP_NL, "hands=X|SX|TX;cols=1VK2j0x0;dh=3", "#G");
    play("take 1");
    ck_assert_int_eq(st.scorings, 1);
    ck_assert_int_eq(st.wscore[0][0], 4);             /* the only row of K */
    ck_assert_int_eq(G->to_move(&st), 0);
    ck_assert_int_eq(st.acts, 1);
    play("take 1"); play("take 1");
    ck_assert_int_eq(G->to_move(&st), 1);
    fired_in("GP-SCORING-TIMES", "first");
    fired_in("GP-SCORING-INTERRUPT", "actions-left");
    counted("the_fourth_dschingis_haan_scores_and_the_turn_goes_on");
    /* in the turn's last action: the scoring, then the next player (the fox is beside the pile:
     * no pass) */
    pos(3, GP_NL, "hands=X|SX|TX;cols=1VK2j0x0;dh=3;acts=2", "#G");
    play("take 1");
    ck_assert_int_eq(st.scorings, 1);
    ck_assert_int_eq(G->to_move(&st), 1);
    fired_in("GP-SCORING-INTERRUPT", "turn-over");
    counted("the_fourth_dschingis_haan_scores_and_the_turn_goes_on");
    /* the seventh: the second scoring */
    pos(3, GP_NL, "hands=X|SX|TX;cols=1VK2j0x0;dh=6;score=4,0,0/0,0,0/0,0,0", "#G");
    play("take 1");
    ck_assert_int_eq(st.scorings, 2);
    ck_assert_int_eq(st.wscore[1][0], 4);
    fired_in("GP-SCORING-TIMES", "second");
    counted("the_fourth_dschingis_haan_scores_and_the_turn_goes_on");
}
END_TEST

/* GP-SCORING-TIMES GP-END: the 10th ends the game at once; penalties then. */
START_TEST(the_tenth_dschingis_haan_ends_the_game_at_once)
{
    pos(3, GP_NL, "hands=X|SX|TX;cols=1VK2j0x0;dh=9;score=4,0,0/4,0,0/0,0,0", "#G");
    play("take 1");
    ck_assert_int_eq(G->to_move(&st), -1);
    ck_assert_int_eq(st.scorings, 3);
    int sc[GP_MAXP];
    unsigned w;
    ck_assert_int_eq(G->result(&st, sc, &w), GAME_OK);
    /* P1: 4+4+4, less 2 hand cards (the doubler and the card taken) */
    ck_assert_int_eq(sc[0], 10);
    ck_assert_int_eq(sc[1], -2);
    ck_assert_uint_eq(w, 1u);
    inv_on_final(&ctx, &st);
    fired_in("GP-SCORING-TIMES", "third");
    fired_in("GP-END", "refill");
    fired_in("GP-TAKE-DISPLAY", "ends");
    fired_in("GP-TURN-ACTIONS", "game-ends");
    fired_in("GP-WINNER", "sole");
    counted("the_tenth_dschingis_haan_ends_the_game_at_once");
    /* drawn from the pile */
    pos(3, GP_NL, "hands=X|SX|TX;cols=1VK2j0x0;dh=9;score=4,0,0/4,0,0/0,0,0", "#G");
    play("draw");
    ck_assert_int_eq(G->to_move(&st), -1);
    fired_in("GP-END", "draw");
    fired_in("GP-TAKE-PILE", "ends");
    fired_in("GP-DH-REVEAL", "draw");
    counted("the_tenth_dschingis_haan_ends_the_game_at_once");
}
END_TEST

/* GP-SCORE-SOLE GP-SCORE-LONGEST GP-SCORE-SECOND: 4 alone; 3 longest, 1 second. */
START_TEST(sole_row_four_longest_three_second_one)
{
    pos(3, GP_NL, "hands=X|X|X;cols=1VK3j0x0,2VK2j0x0,3VK1j0x0,1VS1j0x0;dh=3", "#");
    play("take 1");
    ck_assert_int_eq(st.wscore[0][0], 3 + 4);
    ck_assert_int_eq(st.wscore[0][1], 1);
    ck_assert_int_eq(st.wscore[0][2], 0);
    fired_in("GP-SCORE-SOLE", "alone");
    fired_in("GP-SCORE-LONGEST", "plain");
    fired_in("GP-SCORE-SECOND", "plain");
    counted("sole_row_four_longest_three_second_one");
}
END_TEST

/* GP-SCORE-TIE-LONGEST GP-SCORE-TIE-SECOND: 2 each for a tie at the top, the second's point lapses;
 * a tie for second gives nothing. */
START_TEST(a_tie_for_longest_pays_two_each_and_a_tie_for_second_nothing)
{
    pos(4, GP_NL, "hands=X|X|X|X;cols=1VK3j0x0,2VK3j0x0,3VK1j0x0,1VS3j0x0,3VS2j0x0,4VS2j0x0;dh=3", "#");
    play("take 1");
    ck_assert_int_eq(st.wscore[0][0], 2 + 3);
    ck_assert_int_eq(st.wscore[0][1], 2);
    ck_assert_int_eq(st.wscore[0][2], 0);
    ck_assert_int_eq(st.wscore[0][3], 0);
    fired_in("GP-SCORE-TIE-LONGEST", "shorter-lapse");   /* "vervalt het punt" of P3's K */
    fired_in("GP-SCORE-TIE-SECOND", "two");
    counted("a_tie_for_longest_pays_two_each_and_a_tie_for_second_nothing");
    /* K: every row ties (2 each); T: one longest, three share the second length (nothing) */
    pos(4, GP_NL, "hands=X|X|X|X;cols=1VK2j0x0,2VK2j0x0,1VT3j0x0,2VT2j0x0,3VT2j0x0,4VT2j0x0;dh=3", "#");
    play("take 1");
    ck_assert_int_eq(st.wscore[0][0], 2 + 3);
    ck_assert_int_eq(st.wscore[0][1], 2);
    ck_assert_int_eq(st.wscore[0][2], 0);
    ck_assert_int_eq(st.wscore[0][3], 0);
    fired_in("GP-SCORE-TIE-LONGEST", "all-tied");
    fired_in("GP-SCORE-TIE-SECOND", "more");
    counted("a_tie_for_longest_pays_two_each_and_a_tie_for_second_nothing");
}
END_TEST

/* GP-DOUBLER-SCORE: a doubler on the row doubles; one used as a chest does not. */
START_TEST(a_doubler_doubles_its_row_but_not_as_a_chest)
{
    /* doubler-on=any: P2's doubler lies open on P1's c1, P1's own is c2's chest (issue 21: under own no game reaches it) */
    pos(3, GP_NL | GP_R_DOUBLER_ANY, "hands=-|-|X;cols=1VK2j0x1,1XS1j0x0;dh=3", "#");
    play("take 1");
    ck_assert_int_eq(st.wscore[0][0], 8 + 4);
    fired_in("GP-DOUBLER-SCORE", "doubled");
    counted("a_doubler_doubles_its_row_but_not_as_a_chest");
    /* second-doubler=allowed: two doublers on P1's c1, four times its 4 */
    pos(3, GP_NL | GP_R_DOUBLER_ANY, "hands=-|-|X;cols=1VK2j0x2;dh=3", "#");
    play("take 1");
    ck_assert_int_eq(st.wscore[0][0], 16);
    fired_in("GP-DOUBLER-SCORE", "twice");
    counted("a_doubler_doubles_its_row_but_not_as_a_chest");
    /* P1's doubled K row is the third: twice nothing */
    pos(3, GP_NL, "hands=-|X|X;cols=1VK1j0x1,2VK3j0x0,3VK2j0x0;dh=3", "#");
    play("take 1");
    ck_assert_int_eq(st.wscore[0][0], 0);
    fired_in("GP-DOUBLER-SCORE", "zero");
    counted("a_doubler_doubles_its_row_but_not_as_a_chest");
    /* only a doubler chest: it doubles nothing */
    pos(3, GP_NL, "hands=-|X|X;cols=1XK1j0x0;dh=3", "#");
    play("take 1");
    ck_assert_int_eq(st.wscore[0][0], 4);
    fired_in("GP-DOUBLER-SCORE", "chest");
    counted("a_doubler_doubles_its_row_but_not_as_a_chest");
}
END_TEST

/* GP-FOX-WORTHLESS: the fox's collection is ignored, so a shorter row can be the only one. */
START_TEST(the_foxs_collection_is_ignored_at_a_scoring)
{
    pos(3, GP_NL, "hands=X|X|X;cols=1VW5j0x0,2VW3j0x0;fox=c1;dh=3", "#");
    play("take 1");
    ck_assert_int_eq(st.wscore[0][0], 0);
    ck_assert_int_eq(st.wscore[0][1], 4);
    fired_in("GP-FOX-WORTHLESS", "ignored");
    fired_in("GP-SCORE-SOLE", "fox-ignored");
    counted("the_foxs_collection_is_ignored_at_a_scoring");
    /* three rows of W, the longest under the fox: P2 longest (3), P3 second (1) */
    pos(3, GP_NL, "hands=X|X|X;cols=1VW5j0x0,2VW3j0x0,3VW1j0x0;fox=c1;dh=3", "#");
    play("take 1");
    ck_assert_int_eq(st.wscore[0][1], 3);
    ck_assert_int_eq(st.wscore[0][2], 1);
    fired_in("GP-SCORE-LONGEST", "fox-ignored");
    fired_in("GP-SCORE-SECOND", "fox-ignored");
    counted("the_foxs_collection_is_ignored_at_a_scoring");
    /* the fox's row is the only W: nobody scores W */
    pos(3, GP_NL, "hands=X|X|X;cols=1VW5j0x0,2VK1j0x0;fox=c1;dh=3", "#");
    play("take 1");
    ck_assert_int_eq(st.wscore[0][0], 0);
    fired_in("GP-FOX-WORTHLESS", "alone");
    counted("the_foxs_collection_is_ignored_at_a_scoring");
}
END_TEST

/* GP-AMB-FOX-IGNORED: the fox's row left out of the ranking (ignored: the other row is alone, 4)
 * | ranked but worth nothing (ranked: the other row is second, 1). */
START_TEST(the_foxs_row_still_ranks_only_under_fox_row_ranked)
{
    pos(3, GP_R_FOX_ROW_RANKED, "hands=X|X|X;cols=1VW5j0x0,2VW3j0x0;fox=c1;dh=3", "#");
    play("take 1");
    ck_assert_int_eq(st.wscore[0][0], 0);
    ck_assert_int_eq(st.wscore[0][1], 1);
    fired_in("GP-FOX-WORTHLESS", "ranked");
    counted("the_foxs_row_still_ranks_only_under_fox_row_ranked");
}
END_TEST

/* GP-PENALTY-CHEST GP-PENALTY-HAND: at the last scoring only: 2 per bare chest, 1 per hand card. */
START_TEST(bare_chests_and_hand_cards_cost_points_at_the_last_scoring_only)
{
    pos(3, GP_NL, "hands=VX|X|X;cols=1W.0j0x0,1K.0j0x0;dh=3", "#");
    play("take 1");
    ck_assert_int_eq(st.penalty[0], 0);
    pos(3, GP_NL, "hands=VX|X|X;cols=1W.0j0x0,1K.0j0x0;dh=9", "#");
    play("take 1");
    ck_assert_int_eq(st.penalty[0], 4 + 3);
    ck_assert_int_eq(st.penalty[1], 1);
    fired_in("GP-PENALTY-CHEST", "several");
    fired_in("GP-PENALTY-HAND", "doubler");            /* the doubler kept costs a point like any card */
    counted("bare_chests_and_hand_cards_cost_points_at_the_last_scoring_only");
    /* one bare chest; the doublers lie as chests, so the hands hold motif cards only */
    pos(3, GP_NL, "hands=V|S|T;cols=1XK1j0x0,2XS1j0x0,3XT1j0x0,1W.0j0x0;dh=9", "#");
    play("take 1");
    ck_assert_int_eq(st.penalty[0], 2 + 2);
    ck_assert_int_eq(st.penalty[1], 1);
    fired_in("GP-PENALTY-CHEST", "one");
    fired_in("GP-PENALTY-HAND", "cards");
    counted("bare_chests_and_hand_cards_cost_points_at_the_last_scoring_only");
}
END_TEST

/* GP-PENALTY-CHEST GP-FOX-WORTHLESS GP-AMB-BARE-CHEST: under fox-target=any-chest a bare chest
 * under the fox still costs 2 at the last scoring: the penalty counts "elke verdeckte kaart
 * (schatkist) die alleen, zonder een verzamelstuk, voor de speler ligt" (issue 34). */
START_TEST(a_bare_chest_under_the_fox_still_costs_two_at_the_last_scoring)
{
    pos(3, GP_R_FOX_BARE_CHEST, "hands=VX|X|X;cols=1W.0j0x0,1K.0j0x0;fox=c1;dh=9", "#");
    play("take 1");
    ck_assert_int_eq(st.fox, 0);
    ck_assert_int_eq(st.penalty[0], 4 + 3);            /* both bare chests, the fox's too, and 3 hand cards */
    ck_assert_int_eq(st.wscore[0][2], 0);
    fired_in("GP-PENALTY-CHEST", "several");
    counted("a_bare_chest_under_the_fox_still_costs_two_at_the_last_scoring");
}
END_TEST

/* GP-WINNER, GP-AMB-WIN-TIE: most points wins; a tie: all win (shared) | nobody (none). */
START_TEST(the_most_points_win_and_a_tie_is_shared_or_nobodys)
{
    int sc[GP_MAXP];
    unsigned w;
    pos(3, GP_NL, "hands=X|XV|X;dh=9;score=5,5,1/0,0,0/0,0,0", "#");
    play("take 1");
    ck_assert_int_eq(G->result(&st, sc, &w), GAME_OK);
    ck_assert_uint_eq(w, 3u);
    inv_on_final(&ctx, &st);
    fired_in("GP-WINNER", "shared");
    counted("the_most_points_win_and_a_tie_is_shared_or_nobodys");
    pos(3, GP_R_TIE_NONE, "hands=X|XV|X;dh=9;score=5,5,1/0,0,0/0,0,0", "#");
    play("take 1");
    ck_assert_int_eq(G->result(&st, sc, &w), GAME_OK);
    ck_assert_uint_eq(w, 0u);
    inv_on_final(&ctx, &st);
    fired_in("GP-WINNER", "none");
    counted("the_most_points_win_and_a_tie_is_shared_or_nobodys");
}
END_TEST

/* GP-WINNER: the winners are seats at the table, whatever the caller's score array held beyond them
 * (here the winning total itself): P1's 4+4+4 less two hand cards, 10, wins alone. */
START_TEST(only_seats_at_the_table_win)
{
    int sc[GP_MAXP] = {10, 10, 10, 10, 10};
    unsigned w;
    pos(3, GP_NL, "hands=X|SX|TX;cols=1VK2j0x0;dh=9;score=4,0,0/4,0,0/0,0,0", "#G");
    play("take 1");
    ck_assert_int_eq(G->result(&st, sc, &w), GAME_OK);
    ck_assert_int_eq(sc[0], 10);
    ck_assert_uint_eq(w, 1u);
    for (int i = 0; i < GP_MAXP; i++) sc[i] = 10;
    ck_assert_int_eq(G->score_now(&st, sc, &w), GAME_OK);
    ck_assert_uint_eq(w, 1u);
}
END_TEST

/* GP-WINNER GP-PENALTY-CHEST GP-PENALTY-HAND GP-SCORE-LONGEST GP-SCORE-SECOND GP-SCORE-TIE-LONGEST
 * GP-DOUBLER-SCORE GP-FOX-WORTHLESS: the scores so far (score_now) are the scorings held plus the last
 * scoring held on the collections as they lie, with the penalties; the state stays as it is. */
START_TEST(the_scores_so_far_add_a_last_scoring_of_the_collections_as_they_lie)
{
    int sc[GP_MAXP];
    unsigned w;
    /* K rows: P1 3 (longest: 3), P2 2 (second: 1), P3 1 (0). Penalties: P1 2 hand cards + a bare chest
     * 2 = 4, P2 2, P3 2. With scoring 1 (P1 4): P1 4 + 3 - 4 = 3, P2 1 - 2 = -1, P3 0 - 2 = -2. */
    pos(3, GP_NL, "hands=VX|SX|TX;cols=1VK3j0x0,2VK2j0x0,3VK1j0x0,1W.0j0x0;dh=4;score=4,0,0/0,0,0/0,0,0", "");
    gp_state before = st;
    ck_assert_int_eq(G->score_now(&st, sc, &w), GAME_OK);
    ck_assert_mem_eq(&st, &before, sizeof st);
    ck_assert_int_eq(sc[0], 3);
    ck_assert_int_eq(sc[1], -1);
    ck_assert_int_eq(sc[2], -2);
    ck_assert_uint_eq(w, 1u);
    /* K rows of 2 tie (2 each), P1's doubled: 4; P3's W row carries the fox: worth nothing. Penalties:
     * P1 none, P2 2 hand cards, P3 2: P1 4, P2 2 - 2 = 0, P3 -2. */
    pos(3, GP_NL, "hands=-|SX|TX;cols=1VK2j0x1,2VK2j0x0,3VW1j0x0;fox=c3", "");
    ck_assert_int_eq(G->score_now(&st, sc, &w), GAME_OK);
    ck_assert_int_eq(sc[0], 4);
    ck_assert_int_eq(sc[1], 0);
    ck_assert_int_eq(sc[2], -2);
    ck_assert_uint_eq(w, 1u);
    /* GP-AMB-WIN-TIE: K rows of 1 tie, 2 each; P3 loses its doubler's point: P1 2, P2 2, P3 -1; both
     * top seats win (shared), or nobody (none). */
    pos(3, GP_NL, "hands=-|-|X;cols=1XK1j0x0,2XK1j0x0", "");
    ck_assert_int_eq(G->score_now(&st, sc, &w), GAME_OK);
    ck_assert_int_eq(sc[0], 2);
    ck_assert_int_eq(sc[1], 2);
    ck_assert_int_eq(sc[2], -1);
    ck_assert_uint_eq(w, 3u);
    pos(3, GP_R_TIE_NONE, "hands=-|-|X;cols=1XK1j0x0,2XK1j0x0", "");
    ck_assert_int_eq(G->score_now(&st, sc, &w), GAME_OK);
    ck_assert_uint_eq(w, 0u);
    /* after the second scoring the third is still to come: P1's sole K row 4 in each of the three, no
     * penalty: 12; P2 and P3 lose their two hand cards: -2 */
    pos(3, GP_NL, "hands=-|SX|TX;cols=1XK1j0x0;dh=7;score=4,0,0/4,0,0/0,0,0", "");
    ck_assert_int_eq(G->score_now(&st, sc, &w), GAME_OK);
    ck_assert_int_eq(sc[0], 12);
    ck_assert_int_eq(sc[1], -2);
    ck_assert_int_eq(sc[2], -2);
    ck_assert_uint_eq(w, 1u);
}
END_TEST

/* GP-WINNER: through played games the scores so far are always available, and at the end they are
 * the result. */
START_TEST(the_scores_so_far_are_the_result_once_the_game_is_over)
{
    for (int g = 0; g < 6; g++) {
        tu_gp_deal(&st, 2 + g % 4, GP_NL, 900 + (uint64_t)g);
        uint64_t rng = 31u + (uint64_t)g;
        int sc[GP_MAXP], res[GP_MAXP];
        unsigned w, rw;
        while (G->to_move(&st) >= 0) {
            ck_assert_int_eq(G->score_now(&st, sc, &w), GAME_OK);
            ck_assert_int_eq(G->result(&st, res, &rw), GAME_ILLEGAL);
            game_move ms[GAME_MAX_MOVES];
            int n = G->legal_moves(&st, ms, GAME_MAX_MOVES);
            ck_assert_int_eq(G->apply(&st, &ms[game_rng_below(&rng, (uint32_t)n)]), GAME_OK);
        }
        ck_assert_int_eq(G->score_now(&st, sc, &w), GAME_OK);
        ck_assert_int_eq(G->result(&st, res, &rw), GAME_OK);
        ck_assert_mem_eq(sc, res, sizeof(int) * st.players);
        ck_assert_uint_eq(w, rw);
    }
}
END_TEST

/* GP-NO-TAKEBACK: no legal move takes a card back or turns one over. */
START_TEST(no_move_takes_back_or_turns_over_a_card)
{
    for (int g = 0; g < 20; g++) {
        tu_gp_deal(&st, 2 + g % 4, GP_NL, 500 + (uint64_t)g);
        uint64_t rng = (uint64_t)g;
        while (G->to_move(&st) >= 0) {
            game_move ms[GAME_MAX_MOVES];
            int n = G->legal_moves(&st, ms, GAME_MAX_MOVES);
            gp_state before = st;
            ck_assert_int_eq(G->apply(&st, &ms[game_rng_below(&rng, (uint32_t)n)]), GAME_OK);
            ck_assert_int_ge(st.ncol, before.ncol);
            for (int i = 0; i < before.ncol; i++) {
                ck_assert_int_ge(st.col_len[i], before.col_len[i]);
                ck_assert_int_eq(st.col_face[i], before.col_face[i]);
            }
        }
    }
}
END_TEST

/* GP-LEGAL-SET: the oracle's own list of legal moves agrees with the engine in a position with
 * every kind of move (and it fires). */
START_TEST(the_oracles_list_of_legal_moves_agrees_with_the_engine)
{
    pos(3, GP_NL, "hands=KKJX|SX|TX;cols=1VK1j0x0,1W.0j0x0,2VS1j0x0;fox=c1", "G");
    play("take 1");
    tu_clean(&ctx, "GP-LEGAL-SET", 1);
}
END_TEST

/* ---- Why a move is refused (issue 21) ------------------------------------------------------------ */

/* One illegal move in a hand-made position, and the reason why_illegal gives for it. `raw` is used
 * when the move has no notation (a malformed move, a card type no hand holds). */
typedef struct {
    uint32_t r, off;                /* readings: profile nl with r set and off cleared */
    const char *fields, *move;
    game_move raw;
    const char *why;
} why_case;

#define WHY3 "hands=VWX|SSX|TTX"
static const why_case why_cases[] = {
    /* GP-END */
    {0, 0, "hands=VVWX|SSX|TTX;dh=10;phase=over;penalty=4,3,3", "take 1", {0}, "the game is over"},
    /* game.h: a move is compared byte for byte */
    {0, 0, T3, NULL, {GP_MV_TAKE, 0, 1, 0, 0, 0, 0, 0}, "a malformed move: it sets bytes its kind does not use"},
    {0, 0, T3, NULL, {9, 0, 0, 0, 0, 0, 0, 0}, "no move of Gloria Picktoria has kind 9"},
    /* GP-CHEST */
    {0, 0, T3 ";turn=2", "chest K", {0}, "P2 has no vitrine in hand"},
    {0, 0, T3, NULL, {GP_MV_CHEST, GP_DH, 0, 0, 0, 0, 0, 0}, "a Dschingis-Haan is never in a hand"},
    {0, 0, T3, NULL, {GP_MV_CHEST, 13, 0, 0, 0, 0, 0, 0}, "there is no card type 13"},
    /* GP-OPEN-START, GP-OPEN-EXTEND, GP-OPEN-OWN, GP-ONE-PER-MOTIF, GP-JOKER, GP-DOUBLER-PLAY */
    {0, 0, T3, "open K c1", {0}, "P1 has no vitrine in hand"},
    {0, 0, T3, "open V c5", {0}, "there is no collection c5 (0 so far)"},
    {0, 0, "hands=VVWX|SX|TTX;cols=2VW1j0x0", "open X c1", {0}, "c1 is P2's collection: a doubler goes on one's own (doubler-on=own)"},
    {0, 0, WHY3 ";cols=1V.0j0x0", "open X c1", {0}, "c1 is a bare chest: a doubler needs an open card on it"},
    {GP_R_DOUBLER_ANY, GP_R_DOUBLER_STACK, "hands=VWX|SS|TTX;cols=1VV1j0x1", "open X c1", {0},
     "collection c1 is already closed by a doubler (second-doubler=closed)"},
    {0, 0, "hands=VVWX|SX|TTX;cols=2VW1j0x0", "open V c1", {0}, "c1 is P2's collection"},
    {0, 0, "hands=VWW|SSX|TTX;cols=1VW1j0x1", "open W c1", {0}, "collection c1 is closed by a doubler"},
    {0, 0, "hands=VJX|SSX|TTX;cols=1W.0j0x0", "open J c1", {0}, "a joker cannot be the first open card of c1"},
    {0, 0, "hands=WX|SSX|TTX;cols=1VW1j0x0,1V.0j0x0", "open W c2", {0}, "P1 already collects worm (c1)"},
    {0, 0, "hands=WX|SSX|TTX;cols=1V.0j0x0,1VW1j0x0", "open W c1", {0}, "P1 already collects worm (c2)"},   /* named by the row that has it */
    {0, 0, "hands=VVX|SSX|TTX;cols=1VW1j0x0", "open V c1", {0}, "c1 collects worm, not voetring"},
    /* GP-TAKE-DISPLAY */
    {0, 0, T3, NULL, {GP_MV_TAKE, 3, 0, 0, 0, 0, 0, 0}, "the display has places 1 to 3"},
    /* GP-TAKE-PILE, GP-AMB-DRAW-ORDER */
    {0, 0, T3 ";acts=2", "draw", {0}, "drawing costs 2 actions and P1 has 1 left"},
    {GP_R_DRAW_FIRST, 0, T3 ";acts=1", "draw", {0}, "drawing from the pile must be P1's first action (draw-at=first)"},
    /* GP-FOX-OWN, GP-FOX-LEFT, GP-FOX-ONCE, GP-AMB-BARE-CHEST */
    {0, 0, T3 ";cols=1VW1j0x0", "fox c1", {0}, "the fox is still beside the pile, not on one of P1's collections"},
    {0, 0, "hands=VVWX|SX|TTX;cols=2VS1j0x0,1VW1j0x0;fox=c1", "fox c2", {0}, "the fox is not on one of P1's collections (it is on c1, P2's)"},
    {0, 0, "hands=VVX|SX|TTX;cols=1VW1j0x0,1SK1j0x0;fox=c1;foxmoved=1;acts=1", "fox c2", {0}, "P1 has already moved the fox this turn"},
    {0, 0, "hands=VVX|SSX|TTX;cols=1VW1j0x0;fox=c1", "fox c9", {0}, "there is no collection c9 (1 so far)"},
    {0, 0, "hands=VVWX|SX|TTX;cols=2VS1j0x0;fox=c1;turn=2", "fox c2", {0}, "there is no collection c2 (1 so far)"},
    {0, 0, "hands=VVX|SSX|TTX;cols=1VW1j0x0;fox=c1", "fox c1", {0}, "the fox is already on c1"},
    {0, 0, "hands=VVX|SX|TTX;cols=1VW1j0x0,2VS1j0x0;fox=c1;acts=2", "fox c2", {0},
     "moving the fox to P2's collection costs 2 actions and P1 has 1 left"},
    {0, 0, "hands=VVX|SSX|TX;cols=1VW1j0x0,3VT1j0x0;fox=c1", "fox c2", {0},
     "c2 is P3's collection: the fox goes to P1's own or the left neighbour P2's"},
    {0, 0, "hands=VX|SSX|TTX;cols=1VW1j0x0,1V.0j0x0;fox=c1", "fox c2", {0},
     "c2 is a bare chest: the fox stands only on opened collections (fox-target=opened)"},
    {0, 0, "hands=VVX|X|TTX;cols=1VW1j0x0,2S.0j0x0;fox=c1;acts=1", "fox c2", {0},   /* two actions left pay for the move */
     "c2 is a bare chest: the fox stands only on opened collections (fox-target=opened)"},
    /* GP-TURN-ACTIONS, GP-AMB-THREE-ACTIONS */
    {0, 0, T3, "end", {0}, "P1 must use all three actions before the turn ends (actions=three)"},
    /* GP-FOX-PASS */
    {0, 0, "hands=VVX|SX|TX;cols=1VW1j0x0,2VS1j0x0,3VT1j0x0;fox=c1;phase=pass;acts=3", "take 1", {0},
     "P1's actions are over: only the free fox pass to P2 or 'end' remains"},
    {0, 0, "hands=VVX|SX|TX;cols=1VW1j0x0,2VS1j0x0,3VT1j0x0;fox=c1;phase=pass;acts=3", "fox c3", {0},
     "the free pass goes to the left neighbour P2's collections, and c3 is P3's"},
    {0, 0, "hands=VVX|SX|TX;cols=1VW1j0x0,2VS1j0x0,3VT1j0x0;fox=c1;phase=pass;acts=3", "fox c7", {0},
     "there is no collection c7 (3 so far)"},
    {0, 0, "hands=VVX|SX|TX;cols=1VW1j0x0,2VS1j0x0,3VT1j0x0;fox=c1;phase=pass;acts=3", "fox c4", {0},
     "there is no collection c4 (3 so far)"},
    {0, 0, "hands=VVX|X|TTX;cols=1VW1j0x0,2VS1j0x0,2S.0j0x0;fox=c1;phase=pass;acts=3", "fox c3", {0},
     "c3 is a bare chest: the fox stands only on opened collections (fox-target=opened)"},
};

/* GP-LEGAL-SET: every move apply refuses has a reason in the game's terms (why_illegal, issue 21),
 * one per rule it breaks; `rulefuzz replay` prints it beside the legal moves. */
START_TEST(an_illegal_move_is_refused_with_the_rule_it_breaks)
{
    const why_case *w = &why_cases[_i];
    game_move m = w->raw;
    char why[160];
    pos(3, (GP_NL | w->r) & ~w->off, w->fields, "");
    ck_assert_msg(ctx.violations == 0, "case %d: %s: %s", _i, tu_first_id(&ctx), ctx.first_msg);
    if (w->move) ck_assert_int_eq(G->move_parse(&st, w->move, &m), GAME_OK);
    gp_state before = st;
    ck_assert_int_eq(G->apply(&st, &m), GAME_ILLEGAL);
    ck_assert_int_gt(G->why_illegal(&st, &m, why, sizeof why), 0);
    ck_assert_str_eq(why, w->why);
    ck_assert_mem_eq(&st, &before, sizeof st);
}
END_TEST

/* GP-LEGAL-SET: a legal move has no reason against it. */
START_TEST(a_legal_move_gets_no_reason)
{
    game_move legal[GAME_MAX_MOVES];
    char why[160];
    for (size_t k = 0; k < sizeof why_cases / sizeof why_cases[0]; k++) {
        pos(3, (GP_NL | why_cases[k].r) & ~why_cases[k].off, why_cases[k].fields, "");
        int n = G->legal_moves(&st, legal, GAME_MAX_MOVES);
        for (int i = 0; i < n; i++) ck_assert_int_eq(G->why_illegal(&st, &legal[i], why, sizeof why), 0);
    }
}
END_TEST

/* ---- Positions no game reaches (issue 21) --------------------------------------------------------- */

/* A hand-made position that breaks a rule every reachable position keeps, and the start of the
 * refusal, which names the field and its value. */
static const struct { uint32_t r, off; const char *fields, *err; } bad_positions[] = {
    /* GP-ONE-PER-MOTIF */
    {0, 0, "hands=VX|SSX|TTX;cols=1VW1j0x0,1VW1j0x0", "position: 'cols': P1 collects worm twice (c1 and c2)"},
    /* GP-AMB-SECOND-DOUBLER closed */
    {GP_R_DOUBLER_ANY, GP_R_DOUBLER_STACK, "hands=VV|SS|TTX;cols=1VW2j0x2",
     "position: 'cols': c1 has 2 doublers, but second-doubler=closed allows one"},
    /* GP-SETUP-HANDS, GP-CHEST, GP-AMB-DOUBLER-OWNER */
    {GP_R_DOUBLER_ANY, 0, "hands=VVWXX|SS|TTX", "position: P1 has 2 doublers in 'hands' and 0 as chests in 'cols', but it got one"},
    {GP_R_DOUBLER_ANY, 0, "hands=VVWX|SS|TTX;cols=1X.0j0x0", "position: P1 has 1 doublers in 'hands' and 1 as chests in 'cols', but it got one"},
    {0, 0, "hands=VVW|SSX|TTX;cols=2WW1j0x1", "position: P1's doubler: 0 in 'hands', 0 as chests and 0 open in 'cols'; under doubler-on=own it is exactly one"},
    /* GP-SCORING-TIMES */
    {0, 0, T3 ";score=-1,0,0/0,0,0/0,0,0", "position: 'score': P1's scoring 1 is -1, below 0"},
    {0, 0, T3 ";dh=4;score=0,0,0/2,0,0/0,0,0", "position: 'score': P1 has 2 from scoring 2, which is not held yet ('scorings' 1)"},
    {0, 0, T3 ";score=0,0,0/0,0,0/2,0,0", "position: 'score': P1 has 2 from scoring 3, which is not held yet ('scorings' 0)"},
    /* GP-PENALTY-CHEST, GP-PENALTY-HAND */
    {0, 0, T3 ";penalty=1,0,0", "position: 'penalty': P1 loses 1 before the last scoring"},
    {0, 0, "hands=VVWX|SSX|TTX;dh=10;phase=over;penalty=0,3,3", "position: 'penalty': P1 loses 0, but 4 hand cards and 0 bare chests cost 4"},
    /* GP-AMB-BARE-CHEST opened */
    {0, 0, WHY3 ";cols=1V.0j0x0;fox=c1", "position: 'fox' is on c1, a bare chest, but fox-target=opened"},
    /* GP-FOX-ONCE */
    {0, 0, T3 ";foxmoved=1;acts=1", "position: 'foxmoved' is 1 but the fox is beside the pile"},
    {0, 0, WHY3 ";cols=1VV1j0x0;fox=c1;foxmoved=1", "position: 'foxmoved' is 1 with 'acts' 0: moving the fox is an action"},
    {0, 0, "hands=VVWX|SSX|TX;cols=3VT1j0x0;fox=c1;foxmoved=1;acts=1",
     "position: 'foxmoved' is 1 but the fox is on c1, P3's: this turn it went to P1's or P2's collections"},
    /* GP-FOX-LEFT: a fox moved to the neighbour this turn means two actions used */
    {0, 0, "hands=VVWX|SSX|TX;cols=2VS1j0x0;fox=c1;foxmoved=1;acts=1",
     "position: 'foxmoved' is 1 with the fox on P2's c1 and 'acts' 1: moving it to the left neighbour costs two of the three actions"},
    /* GP-END: the action that ends the game is not counted; a take leaves one place empty */
    {0, 0, "hands=VVWX|SSX|TTX;dh=10;phase=over;penalty=4,3,3;acts=2",
     "position: phase over with 'acts' 2, but the draw that ended the game came after 1 action at most"},
    {GP_R_DRAW_FIRST, 0, "hands=VVWX|SSX|TTX;dh=10;phase=over;penalty=4,3,3;acts=1",
     "position: phase over with 'acts' 1, but the draw that ended the game came after 0 actions at most"},
    {0, 0, "display=.KJ;hands=VVWX|SSX|TTX;dh=10;phase=over;penalty=4,3,3;acts=3",
     "position: phase over with 'acts' 3, but the take that ended the game came after 2 actions at most"},
    {0, 0, "display=..K;hands=VVWX|SSX|TTX;dh=10;phase=over;penalty=4,3,3",
     "position: phase over with 2 empty display places: the last take leaves one"},
    /* GP-SCORING-TIMES, GP-END: the third scoring's row is what the collections score at the end */
    {0, 0, "hands=VVWX|SSX|TTX;dh=10;phase=over;penalty=4,3,3;score=0,0,0/3,0,0/1,0,0",
     "position: 'score': P1 has 1 from the third scoring, but the collections in 'cols' score 0 there"},
    /* GP-TURN-ACTIONS, GP-FOX-PASS */
    {0, 0, "hands=VVX|SX|TTX;cols=1VW1j0x0,2VS1j0x0;fox=c1;phase=pass;acts=1",
     "position: phase pass with 'acts' 1: the free pass follows three actions (actions=three)"},
    {0, 0, "hands=VVX|SSX|TTX;cols=1VW1j0x0;fox=c1;phase=pass;acts=3",
     "position: phase pass, but the left neighbour P2 has no collection in 'cols' the fox may go to"},
    /* GP-JOKER: a joker never opens a row, so a row holds a motif card besides its jokers (GP-OPEN-START) */
    {0, 0, "hands=VX|SSX|TTX;cols=1VW1j1x0", "position: collection c1 cannot exist (motif, pieces, jokers, doublers)"},
    /* the fields' ranges, with the value given */
    {0, 0, T3 ";acts=4", "position: 'acts' wants 0 to 3, got '4'"},
    {0, 0, T3 ";foxmoved=2", "position: 'foxmoved' wants 0 or 1, got '2'"},
    {0, 0, T3 ";fox=c3", "position: 'fox' wants '-' or a collection c1 to c0, got 'c3'"},
    {0, 0, T3 ";acts=3", "position: phase act with 'acts' 3: after three actions the turn's actions are over"},
    {0, 0, T3 ";dh=11", "position: 'dh' wants 0 to 10, got '11'"},
    {0, 0, T3 ";phase=over", "position: 'phase' over with 'scorings' 0: the game is over exactly after the third scoring"},
    {0, 0, T3 ";display=J.J", "position: 'display' place 2 is empty while the game goes on"},
    {0, 0, T3 ";score=0,0/0,0,0/0,0,0", "position: 'score' group 1 wants 3 comma-separated numbers, got '0,0'"},
    {0, 0, T3 ";penalty=0,x,0", "position: 'penalty' wants 3 comma-separated numbers 0 to 9999, got '0,x,0'"},
    {0, 0, T3 ";turn=0", "position: 'turn' wants 1 to 3, got '0'"},
};

START_TEST(a_position_no_game_reaches_is_refused_naming_the_field)
{
    game_config cfg = {3, (GP_NL | bad_positions[_i].r) & ~bad_positions[_i].off};
    char err[256], text[GAME_TEXT_MAX];
    snprintf(text, sizeof text, "%s", tu_gp_text(3, bad_positions[_i].fields, ""));
    ck_assert_int_eq(G->setup_position(&st, &cfg, text, err, sizeof err), GAME_BADARG);
    ck_assert_msg(!strncmp(err, bad_positions[_i].err, strlen(bad_positions[_i].err)), "case %d: got '%s', want '%s'", _i, err,
                  bad_positions[_i].err);
    ck_assert(!strchr(err, '\n'));
}
END_TEST

/* GP-CARDS-110 GP-CHEST GP-END: with five players every card but the Dschingis-Haan can become a chest
 * (90 motif cards, 5 jokers, 5 doublers): 100 collections, all there are places for. The loader judges
 * those 100 and reads nothing past them (a byte set after the state shows it): the game is over with
 * the display empty, which no game reaches, and that is the refusal. */
START_TEST(a_table_of_a_hundred_chests_is_judged_by_its_hundred_collections)
{
    static const char faces[] = "VKSTWMHGFD";
    char fields[GAME_TEXT_MAX], err[256], text[GAME_TEXT_MAX];
    size_t o = (size_t)snprintf(fields, sizeof fields, "display=...;hands=-|-|-|-|-;dh=10;phase=over;penalty=40,40,40,40,40;cols=");
    for (int c = 0; c < GP_MAXCOL; c++) {   /* 20 bare chests each: the 90 motif cards, 5 jokers, then each seat's doubler */
        char face = c < 90 ? faces[c / 9] : c < 95 ? 'J' : 'X';
        o += (size_t)snprintf(fields + o, sizeof fields - o, "%s%d%c.0j0x0", c ? "," : "", c % 5 + 1, face);
    }
    snprintf(text, sizeof text, "%s", tu_gp_text(5, fields, ""));
    struct { gp_state s; uint8_t after; } box;
    memset(&box, 0, sizeof box);
    box.after = 1;
    game_config cfg = {5, GP_NL};
    ck_assert_int_eq(G->setup_position(&box.s, &cfg, text, err, sizeof err), GAME_BADARG);
    ck_assert_str_eq(err, "position: phase over with 3 empty display places: the last take leaves one (GP-END, GP-TAKE-DISPLAY)");
}
END_TEST

/* The same positions, reached under the readings that allow them, load (the refusals follow the readings). */
START_TEST(positions_the_readings_allow_are_accepted)
{
    pos(3, GP_NL & ~(uint32_t)GP_R_DOUBLER_STACK, "hands=VW|SSX|TTX;cols=1VW1j0x1;fox=c1", "");   /* one doubler, closed */
    pos(3, GP_NL | GP_R_DOUBLER_ANY, "hands=VV|SS|TTX;cols=1VW2j0x2", "");    /* allowed: two doublers on c1 */
    pos(3, GP_NL | GP_R_FOX_BARE_CHEST, WHY3 ";cols=1V.0j0x0;fox=c1", "");    /* any-chest */
    pos(3, GP_NL | GP_R_MAY_STOP, "hands=VVX|SX|TTX;cols=1VW1j0x0,2VS1j0x0;fox=c1;phase=pass;acts=1", "");
    pos(3, GP_NL, "hands=VVWX|SSX|TTX;dh=10;phase=over;penalty=4,3,3", "");
    ck_assert_msg(ctx.violations == 0, "%s: %s", tu_first_id(&ctx), ctx.first_msg);
}
END_TEST

/* GP-FOX-ONCE GP-FOX-PASS GP-PENALTY-HAND GP-FOX-PLACE GP-SCORING-TIMES: a position given whole is
 * judged by what every reachable position keeps, each clause in its `position` case: a fox marked
 * moved this turn on the mover's collection, the pass phase with a place for the fox, the penalties
 * of a finished game. */
START_TEST(positions_given_whole_are_judged_under_their_clauses)
{
    pos(3, GP_NL, "hands=VVX|SX|TTX;cols=1VW1j0x0,1SK1j0x0;fox=c1;foxmoved=1;acts=1", "");
    fired_in("GP-FOX-ONCE", "position");
    fired_in("GP-FOX-PLACE", "position");
    fired_in("GP-SCORING-TIMES", "position");
    counted("positions_given_whole_are_judged_under_their_clauses");
    pos(3, GP_NL, "hands=VVX|SX|TX;cols=1VW1j0x0,2VS1j0x0,3VT1j0x0;fox=c1;phase=pass;acts=3", "");
    fired_in("GP-FOX-PASS", "position");
    play("end");
    ck_assert_int_eq(G->to_move(&st), 1);
    ck_assert_int_eq(st.fox, 0);
    fired_in("GP-FOX-PASS", "keep");
    counted("positions_given_whole_are_judged_under_their_clauses");
    pos(3, GP_NL, "hands=VVWX|SSX|TTX;dh=10;phase=over;penalty=4,3,3", "");
    fired_in("GP-PENALTY-HAND", "position");
    inv_on_final(&ctx, &st);                           /* P2 and P3 tie at -3 */
    fired_in("GP-WINNER", "shared");
    counted("positions_given_whole_are_judged_under_their_clauses");
}
END_TEST

/* ---- Deals judged (issue 36 point 3) ------------------------------------------------------ */

/* GP-SETUP-SORT GP-SETUP-PILE: "Daarna worden de overige 95 kaarten verdekt zeer grondig gemixt." ...
 * "In de resterende kaarten worden nu de Dschingis-Haankaarten gemixt." Every kind of card is as
 * likely in every display place and pile slot as the two fair shuffles make it (3 players, 3,000
 * deals, seeds 1-3,000): a display place holds a kind of m cards with probability m / 95; a pile
 * slot (80 of the 95 and the 10 Dschingis-Haan, 90 in all) with m * 80/95 / 90, a Dschingis-Haan
 * with 10 / 90. Each (kind, place) count is Binomial(3,000, that); the test fails when any count's
 * exact two-sided tail is below 1e-4 / cells (Bonferroni): a false-alarm rate of at most 1e-4 a
 * run over the choice of seeds (fixed, so the verdict is too). The hands are left out (two cards
 * of one kind can share a hand). Power, and its limit: cards of a kind are alike, so Sattolo's cycle
 * (no card stays where it was) moves a kind's chance at its own deck position only from 9/95 to
 * about 8/94, which 3,000 deals do not show at this rate: with gp.c's shuffle made Sattolo's (a
 * scratch copy, CK_RUN_CASE="setup" build/tests/check_gp_rules, 2026-11-28) this test passes
 * (issue 36: a shuffle bug of gp that only identical cards hide is left open). */
START_TEST(every_kind_reaches_every_display_place_and_pile_slot_as_a_fair_shuffle_gives)
{
    static tu_deal_tally t;
    memset(&t, 0, sizeof t);
    for (long d = 0; d < 3000; d++) {
        gp_state dl;
        game_config cfg = {3, GP_NL};
        ck_assert_int_eq(G->setup_seed(&dl, &cfg, (uint64_t)d + 1), GAME_OK);
        int mult[GP_TYPES] = {0}, shuffled = 0, rest = 0;
        for (int i = 0; i < GP_DISPLAY; i++) { mult[dl.display[i]]++; shuffled++; }
        for (int q = 0; q < dl.players; q++)
            for (int ty = 0; ty < GP_DOUBLER; ty++) { mult[ty] += dl.hand[q][ty]; shuffled += dl.hand[q][ty]; }
        for (int i = 0; i < dl.pile_len; i++) if (dl.pile[i] != GP_DH) { mult[dl.pile[i]]++; shuffled++; rest++; }
        ck_assert_int_eq(shuffled, 95);
        for (int i = 0; i < GP_DISPLAY; i++) {
            t.count[dl.display[i]][i]++;
            for (int ty = 0; ty < GP_DOUBLER; ty++) t.share[ty][i] = (double)mult[ty] / shuffled;
        }
        for (int i = 0; i < dl.pile_len; i++) {
            int p = GP_DISPLAY + i;
            t.count[dl.pile[i]][p]++;
            for (int ty = 0; ty < GP_DOUBLER; ty++) t.share[ty][p] = (double)mult[ty] * rest / shuffled / dl.pile_len;
            t.share[GP_DH][p] = (double)(dl.pile_len - rest) / dl.pile_len;
        }
        t.deals++;
    }
    char why[256];
    ck_assert_msg(tu_deal_outliers(&t, 1e-4, why, sizeof why) == 0, "%s", why);
}
END_TEST

static Suite *gp_rules_suite(void)
{
    Suite *s = suite_create("gp-rules");
    TCase *tc = tcase_create("setup");
    tcase_add_loop_test(tc, the_deal_lays_three_cards_out_gives_four_and_a_doubler_and_mixes_ten_dschingis_haan_into_the_rest, 0, 8);
    tcase_add_test(tc, the_display_and_the_hands_are_dealt_from_the_shuffled_cards);
    tcase_add_test(tc, every_kind_reaches_every_display_place_and_pile_slot_as_a_fair_shuffle_gives);
    tcase_add_test(tc, a_position_without_all_110_cards_is_refused);
    tcase_add_loop_test(tc, a_position_with_a_joker_doubler_or_dschingis_haan_too_many_is_refused, 0, 3);
    tcase_add_loop_test(tc, a_position_no_game_reaches_is_refused_naming_the_field, 0,
                        (int)(sizeof bad_positions / sizeof bad_positions[0]));
    tcase_add_test(tc, a_table_of_a_hundred_chests_is_judged_by_its_hundred_collections);
    tcase_add_test(tc, positions_the_readings_allow_are_accepted);
    tcase_add_test(tc, positions_given_whole_are_judged_under_their_clauses);
    suite_add_tcase(s, tc);
    tc = tcase_create("illegal moves");
    tcase_add_loop_test(tc, an_illegal_move_is_refused_with_the_rule_it_breaks, 0, (int)(sizeof why_cases / sizeof why_cases[0]));
    tcase_add_test(tc, a_legal_move_gets_no_reason);
    suite_add_tcase(s, tc);
    tc = tcase_create("turn");
    tcase_add_test(tc, a_turn_is_three_actions_in_any_order_then_the_next_player_clockwise);
    tcase_add_test(tc, a_turn_cannot_end_before_three_actions_unless_the_reading_is_may_stop);
    suite_add_tcase(s, tc);
    tc = tcase_create("chests and collections");
    tcase_add_test(tc, any_hand_card_becomes_a_chest_even_a_joker_or_a_doubler);
    tcase_add_test(tc, a_chest_face_is_hidden_after_it_is_made_and_changes_nothing);
    tcase_add_test(tc, a_view_never_moves_a_doubler_face_into_a_hand);
    tcase_add_test(tc, determinize_redeals_hands_faces_and_pile_and_keeps_what_p1_sees);
    tcase_add_test(tc, determinize_redeals_five_players_hands_of_any_motif);
    tcase_add_test(tc, determinize_lays_a_doubler_face_only_on_a_chest_of_a_seat_that_gave_its_doubler_away);
    tcase_add_loop_test(tc, determinize_moves_a_hidden_doubler_face_among_all_the_chests_that_may_hold_it, 0,
                        (int)(sizeof doubler_face_cases / sizeof doubler_face_cases[0]));
    tcase_add_loop_test(tc, determinize_is_uniform_over_the_chests_that_may_hold_the_doubler_faces, 0,
                        (int)(sizeof uniform_cases / sizeof uniform_cases[0]));
    tcase_add_test(tc, determinize_lays_the_dschingis_haan_still_to_come_at_any_place_of_the_pile);
    tcase_add_test(tc, a_collection_starts_only_on_a_chest_whose_face_may_differ);
    tcase_add_test(tc, a_row_grows_only_with_cards_of_its_motif);
    tcase_add_test(tc, open_cards_go_to_the_players_own_collections_only);
    tcase_add_test(tc, a_player_has_one_collection_per_motif);
    tcase_add_test(tc, no_move_takes_back_or_turns_over_a_card);
    tcase_add_test(tc, the_oracles_list_of_legal_moves_agrees_with_the_engine);
    suite_add_tcase(s, tc);
    tc = tcase_create("fox");
    tcase_add_test(tc, the_last_player_to_open_a_first_collection_gets_the_fox);
    tcase_add_test(tc, under_each_first_every_first_open_card_takes_the_fox);
    tcase_add_test(tc, placing_the_fox_leaves_action_d_free_unless_the_reading_counts_it);
    tcase_add_test(tc, a_newly_opened_second_collection_takes_the_fox_only_under_every_open);
    tcase_add_test(tc, under_every_open_the_first_collection_of_the_game_takes_the_fox);
    tcase_add_test(tc, the_fox_moves_to_another_own_collection_for_one_action_once_per_turn);
    tcase_add_test(tc, the_fox_goes_to_the_left_neighbour_for_two_actions);
    tcase_add_test(tc, after_the_turn_the_fox_is_passed_on_for_free);
    tcase_add_test(tc, no_free_pass_when_the_fox_is_not_on_the_movers_own_collection);
    tcase_add_test(tc, a_bare_chest_takes_the_fox_only_under_any_chest);
    tcase_add_test(tc, the_foxs_collection_may_still_grow);
    suite_add_tcase(s, tc);
    tc = tcase_create("taking");
    tcase_add_test(tc, a_display_card_is_replaced_at_once_and_a_dschingis_haan_is_laid_aside);
    tcase_add_test(tc, the_pile_top_costs_two_actions_and_never_twice);
    tcase_add_test(tc, the_pile_is_drawn_at_any_point_with_two_actions_left_or_only_first_under_draw_at_first);
    tcase_add_test(tc, a_dschingis_haan_drawn_from_the_pile_is_lost_or_redrawn_by_the_reading);
    suite_add_tcase(s, tc);
    tc = tcase_create("joker and doubler");
    tcase_add_test(tc, a_joker_extends_a_row_but_never_opens_one);
    tcase_add_test(tc, a_doubler_needs_an_open_piece_and_closes_the_row);
    tcase_add_test(tc, a_doubler_goes_on_an_opponents_row_only_under_any);
    tcase_add_test(tc, a_second_doubler_only_under_allowed);
    suite_add_tcase(s, tc);
    tc = tcase_create("scoring");
    tcase_add_test(tc, the_fourth_dschingis_haan_scores_and_the_turn_goes_on);
    tcase_add_test(tc, the_tenth_dschingis_haan_ends_the_game_at_once);
    tcase_add_test(tc, sole_row_four_longest_three_second_one);
    tcase_add_test(tc, a_tie_for_longest_pays_two_each_and_a_tie_for_second_nothing);
    tcase_add_test(tc, a_doubler_doubles_its_row_but_not_as_a_chest);
    tcase_add_test(tc, the_foxs_collection_is_ignored_at_a_scoring);
    tcase_add_test(tc, the_foxs_row_still_ranks_only_under_fox_row_ranked);
    tcase_add_test(tc, bare_chests_and_hand_cards_cost_points_at_the_last_scoring_only);
    tcase_add_test(tc, a_bare_chest_under_the_fox_still_costs_two_at_the_last_scoring);
    tcase_add_test(tc, the_most_points_win_and_a_tie_is_shared_or_nobodys);
    tcase_add_test(tc, only_seats_at_the_table_win);
    tcase_add_test(tc, the_scores_so_far_add_a_last_scoring_of_the_collections_as_they_lie);
    tcase_add_test(tc, the_scores_so_far_are_the_result_once_the_game_is_over);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(gp_rules_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
