/* check_bids.c: Check suite for Bonje in de Stal: the rulebook's example and effects as records, bad records, random-game properties. */
#include "testutil_bids.h"
#include "../coverage/coverage.h"

static int replay_file(const char *name, rf_replay *out, char *err, size_t errlen)
{
    static inv_ctx c;
    char path[512];
    snprintf(path, sizeof path, "%s/records/bids/%s", tu_corpus(), name);
    size_t len;
    char *text = rf_read_file(path, &len, err, errlen);
    ck_assert_msg(text != NULL, "%s", err);
    tu_bids_oracles(&c);
    int rc = rf_replay_text(path, text, len, &c, out, err, errlen);
    free(text);
    return rc;
}

static const bids_state *replayed(const char *name)
{
    static rf_replay out;
    char err[RF_ERR_MAX];
    ck_assert_msg(replay_file(name, &out, err, sizeof err) == RF_EXIT_OK, "%s", err);
    return (const bids_state *)out.st;
}

#define AT(st, name, where) ck_assert_int_eq(tu_bids_at(st, name), where)
#define ST(p, s) BIDS_LOC_STABLE(p, s)

/* BIDS-WAIT-ORDER: "Omdat de olifant nummer 3 toont en de transportwagen nummer 6, moet speler A eerst
 * zijn olifant spelen. Daarna speelt speler B zijn transportwagen." (both texts) */
START_TEST(the_example_elephant_3_plays_before_truck_6_in_both_texts)
{
    const bids_state *st = replayed(_i ? "elephant-before-truck.fr.rec" : "elephant-before-truck.nl.rec");
    AT(st, "elephant1", ST(0, 0));                         /* B's truck moved the elephant to A */
    AT(st, "truck1", BIDS_L_OUT);
    ck_assert_int_eq(st->pile_len[0], 0);                    /* the next trick is flipped */
}
END_TEST

/* BIDS-BRAWL: a second stallion must go in; the brawl ends by truck; the complete seat calls */
START_TEST(the_brawl_record_shows_a_forced_brawl_ended_by_a_truck)
{
    const bids_state *st = replayed("brawl.nl.rec");
    ck_assert_int_eq(st->round, 2);
    ck_assert_int_eq(st->round_winners, 1);
    ck_assert_int_eq(st->nstables[0], 4);
}
END_TEST

/* BIDS-MADCOW: "Verwijder alle dieren uit deze stal (inclusief de gekke koe)"; "direct beschikbaar" */
START_TEST(the_mad_cow_record_empties_the_cow_stable_which_is_free_at_once)
{
    const bids_state *st = replayed("mad-cow.nl.rec");
    AT(st, "bull1", BIDS_L_OUT); AT(st, "cow1", BIDS_L_OUT); AT(st, "cow2", BIDS_L_OUT); AT(st, "madcow1", BIDS_L_OUT);
    AT(st, "bull2", ST(1, 0));
}
END_TEST

/* BIDS-WILD BIDS-AMB-WILD-OWN: fr "sa propre écurie" */
START_TEST(the_wild_stallion_record_ends_a_brawl_in_its_own_horse_stable)
{
    const bids_state *st = replayed("wild-stallion.fr.rec");
    AT(st, "stallion1", BIDS_L_OUT); AT(st, "stallion2", BIDS_L_OUT); AT(st, "mare1", BIDS_L_OUT); AT(st, "wild1", BIDS_L_OUT);
    AT(st, "ram1", ST(1, 0));
}
END_TEST

/* BIDS-ELEPHANT: "moet deze in een lege stal van een andere speler leggen"; "vol" */
START_TEST(the_elephant_record_fills_another_seats_empty_stable)
{
    const bids_state *st = replayed("elephant.fr.rec");
    AT(st, "elephant1", ST(1, 1));
    AT(st, "mare2", ST(1, 0));
}
END_TEST

/* BIDS-END-EXHAUSTED BIDS-END-VALUE BIDS-SCORE-TABLE BIDS-VAR-SHORT: the whole round, hand-checked
 * (P1 14, P2 10 in value; the record's [Result "4 3"]) */
START_TEST(a_whole_round_is_won_by_the_most_valuable_stables_in_both_profiles)
{
    static rf_replay out;
    char err[RF_ERR_MAX];
    ck_assert_msg(replay_file(_i ? "whole-round.fr.rec" : "whole-round.nl.rec", &out, err, sizeof err) == RF_EXIT_OK, "%s", err);
    ck_assert(out.over);
    ck_assert_int_eq(out.winners, 1);
    ck_assert_int_eq(out.scores[0], 4);
    ck_assert_int_eq(out.scores[1], 3);
}
END_TEST

/* Bad records: one line, exit 2, "file:line". */
START_TEST(bad_bids_records_give_exit_2_and_a_file_line_message)
{
    static const char *bad[] = {
        "[Game \"bids\"]\n[Profile \"nl\"]\n[Players \"5\"]\n[Seed \"1\"]\n",
        "[Game \"bids\"]\n[Profile \"de\"]\n[Players \"2\"]\n[Seed \"1\"]\n",
        "[Game \"bids\"]\n[Profile \"nl\"]\n[Players \"2\"]\n[Seed \"1\"]\nP1 grab P1\n",
        "[Game \"bids\"]\n[Profile \"nl\"]\n[Players \"2\"]\n[Seed \"1\"]\nT take hen\n",
        "[Game \"bids\"]\n[Profile \"nl\"]\n[Players \"2\"]\n[Seed \"1\"]\nT flip\n",
        "[Game \"bids\"]\n[Profile \"nl\"]\n[Players \"2\"]\n[Seed \"1\"]\nP3 flip\n",
        "[Game \"bids\"]\n[Profile \"nl\"]\n[Players \"2\"]\n[Position \"piles=-\"]\n",
    };
    static rf_replay out;
    char err[RF_ERR_MAX];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = tu_replay(BG, bad[i], strlen(bad[i]), &out, err, sizeof err);
        ck_assert_msg(rc == RF_EXIT_BADINPUT, "record %zu: rc %d (%s)", i, rc, err);
        ck_assert_msg(!strncmp(err, "t.rec:", 6) && !strchr(err, '\n'), "%s", err);
    }
}
END_TEST

START_TEST(truncated_and_garbled_bids_records_never_crash)
{
    tu_record_mutations_never_crash(BG, "records/bids/elephant-before-truck.nl.rec", 3, 5);
    tu_record_mutations_never_crash(BG, "records/bids/whole-round.fr.rec", 7, 11);
}
END_TEST

/* A written record (with T lines for the table) replays to the same game. */
START_TEST(a_written_record_replays_to_the_same_game)
{
    static const uint32_t r[] = {0, BIDS_R_DISTINCT | BIDS_R_WILD_HORSES | BIDS_R_WAIT_SEVERAL, BIDS_R_BONUS | BIDS_R_KEEP,
                                 BIDS_R_FIRST_COMPLETE | BIDS_R_TRUCK_MUST};
    tu_written_record_round_trip(BG, 2 + _i % 3, r[_i % 4], 60 + (uint64_t)_i, _i >= 4);
}
END_TEST

/* ---- Properties: random games, every oracle on ------------------------------------------- */

#define PROPERTY_GAMES 10000      /* per profile (nl, fr), 2-4 players */
#define MASK_GAMES 1000           /* a random reading mask each, 2-4 players */

static inv_ctx prop_ctx, one_ctx;
static rf_cov prop_counts;

static long one_game(int players, uint32_t readings, uint64_t seed, uint64_t rng, const char *label)
{
    bids_state st;
    tu_bids_deal(&st, players, readings, seed);
    rf_chooser ch = {0};
    ch.use_rng = 1;
    ch.rng = rng;
    tu_bids_oracles(&one_ctx);
    tu_property_sampling(&one_ctx, seed);
    inv_on_setup(&one_ctx, &st);
    long moves = rf_play(BG, &st, &ch, &one_ctx, NULL, 0, RF_MAX_GAME_MOVES);
    /* Under BIDS-AMB-FIVE-WIN complete-win only a call of five complete stables ends the game, which random
     * play reaches so seldom that a game may outlast the record limit: such a game need not end. */
    int must_end = !(readings & BIDS_R_FIVE_COMPLETE);
    tu_property_game_done(&prop_ctx, &one_ctx, &prop_counts, label, must_end ? &bids_engine : NULL, &st);
    return moves;
}

/* Profiles nl and fr, 2 to 4 players, PROPERTY_GAMES games each, and MASK_GAMES games under random
 * reading masks (variants included), every oracle after every move (the costly conformance checks
 * every RF_GEN_EVERY-th: tu_property_sampling); then the clause coverage table
 * (the gate in `make check` judges the counts). */
START_TEST(random_games_under_both_profiles_and_random_readings_break_no_clause)
{
    tu_bids_oracles(&prop_ctx);
    rf_cov_init(&prop_counts);
    if (tu_first_part()) tu_replay_corpus_records(BG, &prop_ctx, &one_ctx, &prop_counts);
    long moves = 0, games = 0, all = 0;
    char label[96];
    for (int pr = 0; pr < 2; pr++)
        for (int k = 0; k < tu_sized(PROPERTY_GAMES); k++) {
            if (!tu_in_part(all++)) continue;     /* RF_PART: make check plays the games in two parts */
            games++;
            snprintf(label, sizeof label, "tests: random game %d, profile %s", k, bids_engine.profiles[pr].name);
            moves += one_game(2 + k % 3, bids_engine.profiles[pr].readings, (uint64_t)k * 1000003u + 5u + (uint64_t)pr,
                              (uint64_t)k * 31u + 7u, label);
        }
    uint64_t mask_rng = 12345;
    for (int k = 0; k < tu_sized(MASK_GAMES); k++) {
        uint32_t readings = (uint32_t)game_rng_below(&mask_rng, 1u << BIDS_N_AMB);
        if (!tu_in_part(all++)) continue;
        games++;
        snprintf(label, sizeof label, "tests: random game %d, readings mask 0x%03x", k, readings);
        moves += one_game(2 + k % 3, readings, (uint64_t)k * 7919u + 11u, (uint64_t)k * 17u + 3u, label);
    }
    const char *part = getenv("RF_PART");
    if (part && !*part) part = NULL;
    printf("\nBonje in de Stal clause coverage: %ld random games (%ld moves; of %d per profile nl and fr and %d random"
           " reading masks, 2-4 players, %s%s)%s\n", games, moves, tu_sized(PROPERTY_GAMES), tu_sized(MASK_GAMES), part ? "this part: RF_PART=" : "all",
           part ? part : "", tu_first_part() ? " plus corpus/records/bids" : "");
    int never = inv_print_coverage(&prop_ctx, stdout);
    fflush(stdout);
    const char *counts = getenv("RF_COUNTS");
    if (counts && *counts) {
        char err[RF_ERR_MAX];
        ck_assert_msg(rf_cov_update_file(counts, &prop_counts, err, sizeof err) == RF_EXIT_OK, "%s", err);
    } else {
        if (!part) ck_assert_msg(never == 0, "%d clause(s) never fired (see the table above)", never);
    }
    rf_cov_free(&prop_counts);
}
END_TEST

/* An illegal move in a record is bad input, and the message gives why_illegal's reason beside the
 * legal moves (corpus/bids_record/short-illegal.rec: the table lets P1 play before it holds a card). */
START_TEST(an_illegal_move_in_a_record_is_refused_with_its_reason)
{
    static rf_replay out;
    char path[512], err[RF_ERR_MAX];
    size_t len;
    snprintf(path, sizeof path, "%s/bids_record/short-illegal.rec", tu_corpus());
    char *text = rf_read_file(path, &len, err, sizeof err);
    ck_assert_msg(text != NULL, "%s", err);
    ck_assert_int_eq(tu_replay(BG, text, len, &out, err, sizeof err), RF_EXIT_BADINPUT);
    ck_assert_str_eq(err, "t.rec:5: illegal move 'T play P1': P1 holds no card; legal now: grab P1, grab P2");
    free(text);
    /* BIDS-WAIT-ORDER, the rulebook's example turned round: B's truck (6) may not play before A's elephant (3) */
    char path2[512];
    snprintf(path2, sizeof path2, "%s/records/bids/elephant-before-truck.nl.rec", tu_corpus());
    text = rf_read_file(path2, &len, err, sizeof err);
    ck_assert_msg(text != NULL, "%s", err);
    char *at = strstr(text, "T play P1\n");
    ck_assert(at);
    at[8] = '2';
    ck_assert_int_eq(tu_replay(BG, text, len, &out, err, sizeof err), RF_EXIT_BADINPUT);
    ck_assert_msg(strstr(err, "illegal move 'T play P2': while waiting the lowest number plays first: P1's elephant (3) before P2's truck (6)"),
                  "%s", err);
    free(text);
}
END_TEST

/* ---- The optional hooks every game has (issue 21, point 5) ---------------------------------------- */

/* game.h's score_now, why_illegal and determinize, and oracle.h's check_position, are optional in the
 * interface; every registered game has them all, so `rulefuzz show`, `replay`, the players and loading
 * a position work the same for each. */
START_TEST(every_engine_has_score_now_why_illegal_and_determinize_and_every_oracle_set_check_position)
{
    int engines = 0, oracles = 0;
    for (int i = 0; game_engines[i]; i++, engines++) {
        const game_engine *g = game_engines[i];
        ck_assert_msg(g->score_now != NULL, "%s has no score_now", g->name);
        ck_assert_msg(g->why_illegal != NULL, "%s has no why_illegal", g->name);
        ck_assert_msg(g->determinize != NULL, "%s has no determinize", g->name);
        ck_assert_msg(inv_game_find(g->name) != NULL, "%s has no oracles", g->name);
    }
    for (int i = 0; inv_games[i]; i++, oracles++)
        ck_assert_msg(inv_games[i]->check_position != NULL, "the oracles of %s have no check_position", inv_games[i]->game);
    ck_assert_int_ge(engines, 4);
    ck_assert_int_eq(oracles, engines);
}
END_TEST

/* ---- Property: every refusal has a reason, and only a refusal -------------------------------------- */

/* game.h's why_illegal: a reason exactly for the moves apply refuses, one line of at most 159
 * characters, never the engine's fallback. `m` is tried on a copy of st. */
static void reason_agrees(const bids_state *st, const game_move *m)
{
    bids_state t = *st;
    char why[512];
    int rc = bids_engine.apply(&t, m), n = bids_engine.why_illegal(st, m, why, sizeof why);
    ck_assert_msg((rc == GAME_OK) == (n == 0), "move %d %d %d %d %d %d: apply %d, why_illegal %d '%s'", m->kind, m->a, m->b, m->c,
                  m->d, m->e, rc, n, n > 0 ? why : "");
    if (n > 0) {
        ck_assert_msg(n < 160 && !strchr(why, '\n'), "too long or two lines: %s", why);
        ck_assert_msg(strcmp(why, "this move is not legal here"), "no reason for move %d %d %d %d %d %d", m->kind, m->a, m->b,
                      m->c, m->d, m->e);
    }
}

static void try_move(const bids_state *st, int k, int a, int b, int c, int d, int e)
{
    game_move m = {(uint8_t)k, (uint8_t)a, (uint8_t)b, (uint8_t)c, (uint8_t)d, (uint8_t)e, 0, 0};
    reason_agrees(st, &m);
}

/* Every move of a wide set (each kind with its arguments in and just beyond range; trucks in full when
 * a truck is held; every legal move with a stray byte) in the states of random games under random
 * readings, 2 to 4 players. */
START_TEST(why_illegal_gives_a_reason_for_exactly_the_moves_apply_refuses)
{
    uint64_t rng = 991 + (uint64_t)_i;
    for (int g = 0; g < 4; g++) {
        bids_state st;
        int np = 2 + (g + _i) % 3;
        tu_bids_deal(&st, np, (uint32_t)game_rng_below(&rng, 1u << BIDS_N_AMB), game_rng_next(&rng));
        for (int step = 0; bids_engine.to_move(&st) >= 0 && step < 1500; step++) {
            game_move legal[GAME_MAX_MOVES];
            int n = bids_engine.legal_moves(&st, legal, GAME_MAX_MOVES);
            if (step % 5 == 0) {
                int truck = st.phase == BIDS_PH_PLAY && bids_type_of(st.held[st.actor]) == BIDS_TRUCK;
                for (int k = 0; k <= BIDS_MV_SPECIAL + 1; k++) {
                    if (k == BIDS_MV_TRUCK || k == BIDS_MV_TRUCK_OUT) continue;
                    int amax = k == BIDS_MV_TAKE ? BIDS_CARDS : k == BIDS_MV_CALL ? 1 << BIDS_MAXP : BIDS_MAXP;
                    for (int a = 0; a <= amax; a++)
                        for (int b = 0; b <= (k == BIDS_MV_PLACE ? BIDS_STABLES : 0); b++) try_move(&st, k, a, b, 0, 0, 0);
                }
                int top = truck ? np : 1, types = truck ? BIDS_TYPES : 2;
                for (int a = 0; a <= top; a++)
                    for (int b = 0; b <= (truck ? BIDS_STABLES : 1); b++)
                        for (int c = 0; c <= types; c++) {
                            try_move(&st, BIDS_MV_TRUCK_OUT, a, b, c, 0, 0);
                            for (int d = 0; d <= top; d++)
                                for (int e = 0; e <= (truck ? BIDS_STABLES : 1); e++) try_move(&st, BIDS_MV_TRUCK, a, b, c, d, e);
                        }
                for (int i = 0; i < n; i++) { game_move m = legal[i]; m.g = 1; reason_agrees(&st, &m); }
            }
            ck_assert_int_eq(bids_engine.apply(&st, &legal[game_rng_below(&rng, (uint32_t)n)]), GAME_OK);
        }
        try_move(&st, BIDS_MV_FLIP, 0, 0, 0, 0, 0);
    }
}
END_TEST

static Suite *bids_suite(void)
{
    Suite *s = suite_create("bids");
    TCase *tc = tcase_create("records");
    tcase_add_loop_test(tc, the_example_elephant_3_plays_before_truck_6_in_both_texts, 0, 2);
    tcase_add_test(tc, the_brawl_record_shows_a_forced_brawl_ended_by_a_truck);
    tcase_add_test(tc, the_mad_cow_record_empties_the_cow_stable_which_is_free_at_once);
    tcase_add_test(tc, the_wild_stallion_record_ends_a_brawl_in_its_own_horse_stable);
    tcase_add_test(tc, the_elephant_record_fills_another_seats_empty_stable);
    tcase_add_loop_test(tc, a_whole_round_is_won_by_the_most_valuable_stables_in_both_profiles, 0, 2);
    tcase_add_test(tc, bad_bids_records_give_exit_2_and_a_file_line_message);
    tcase_add_test(tc, an_illegal_move_in_a_record_is_refused_with_its_reason);
    tcase_add_test(tc, truncated_and_garbled_bids_records_never_crash);
    tcase_add_loop_test(tc, a_written_record_replays_to_the_same_game, 0, 8);
    suite_add_tcase(s, tc);
    tc = tcase_create("interface");
    tcase_add_test(tc, every_engine_has_score_now_why_illegal_and_determinize_and_every_oracle_set_check_position);
    suite_add_tcase(s, tc);
    tc = tcase_create("why illegal");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, why_illegal_gives_a_reason_for_exactly_the_moves_apply_refuses, 0, 3);
    suite_add_tcase(s, tc);
    tc = tcase_create("properties");
    tcase_set_timeout(tc, 1800);
    tcase_add_test(tc, random_games_under_both_profiles_and_random_readings_break_no_clause);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(bids_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
