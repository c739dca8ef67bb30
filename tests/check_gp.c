/* check_gp.c: Check suite for Gloria Picktoria: the rulebook's examples as records, bad records, random-game properties. */
#include "testutil_gp.h"
#include "../coverage/coverage.h"

/* ---- Records: the rulebook's examples and bad input ---------------------------------------- */

static int replay_text(const char *path, const char *text, size_t len, rf_replay *out, char *err, size_t errlen)
{
    static inv_ctx c;
    tu_gp_oracles(&c);
    return rf_replay_text(path, text, len, &c, out, err, errlen);
}

static char *read_record(const char *name, size_t *len)
{
    char path[512], err[RF_ERR_MAX];
    snprintf(path, sizeof path, "%s/records/gp/%s", tu_corpus(), name);
    char *text = rf_read_file(path, len, err, sizeof err);
    ck_assert_msg(text != NULL, "%s", err);
    return text;
}

static int replay_file(const char *name, rf_replay *out, char *err, size_t errlen)
{
    size_t len;
    char *text = read_record(name, &len);
    int rc = replay_text(name, text, len, out, err, errlen);
    free(text);
    return rc;
}

/* GP-SCORE-SOLE GP-SCORE-LONGEST GP-SCORE-SECOND GP-SCORE-TIE-LONGEST GP-SCORE-TIE-SECOND
 * GP-DOUBLER-SCORE GP-FOX-WORTHLESS: "Een waarderingsvoorbeeld": "Herman: 5 punten", "Carl: 14
 * punten", "Marc: 8 punten"; "Aangezien de vos op de wormenverzameling van Herman zit, is zijn
 * wormenverzameling de langste en daarom ontvangt hij 4 punten." */
START_TEST(the_scoring_example_gives_herman_5_carl_14_marc_8)
{
    static rf_replay out;
    char err[RF_ERR_MAX];
    ck_assert_msg(replay_file("scoring-example-herman-carl-marc.nl.rec", &out, err, sizeof err) == RF_EXIT_OK, "%s", err);
    ck_assert(out.over);
    ck_assert_int_eq(out.scores[0], 5);
    ck_assert_int_eq(out.scores[1], 14);
    ck_assert_int_eq(out.scores[2], 8);
    ck_assert_uint_eq(out.winners, 2u);
    const gp_state *st = (const gp_state *)out.st;
    ck_assert_int_eq(st->wscore[2][1], 14);
    /* GP-AMB-FOX-IGNORED: under fox-row=ranked Herman's worms still outrank Carl's (1, not 4) */
    size_t len;
    char *text = read_record("scoring-example-herman-carl-marc.nl.rec", &len);
    const char *tag = strstr(text, "[Profile \"nl\"]");
    ck_assert(tag);
    char *alt = malloc(len + 64);
    ck_assert(alt);
    int n = snprintf(alt, len + 64, "%.*s[Readings \"fox-row=ranked\"]\n%s", (int)(tag - text), text, tag);
    char *res = strstr(alt, "[Result \"5 14 8\"]\n");
    ck_assert(res);
    memmove(res, res + strlen("[Result \"5 14 8\"]\n"), strlen(res + strlen("[Result \"5 14 8\"]\n")) + 1);
    n = (int)strlen(alt);
    ck_assert_msg(replay_text("alt.rec", alt, (size_t)n, &out, err, sizeof err) == RF_EXIT_OK, "%s", err);
    ck_assert_int_eq(out.scores[1], 11);
    free(alt);
    free(text);
}
END_TEST

/* GP-FOX-PLACE GP-OPEN-START: "Omdat Anne de laatste speler is die een open kaart heeft afgelegd,
 * plaatst zij de vos bij deze verzameling." */
START_TEST(annes_example_her_first_row_on_a_voetring_chest_takes_the_fox)
{
    static rf_replay out;
    char err[RF_ERR_MAX];
    ck_assert_msg(replay_file("anne-example-chest-then-display-case-takes-the-fox.nl.rec", &out, err, sizeof err) ==
                  RF_EXIT_OK, "%s", err);
    const gp_state *st = (const gp_state *)out.st;
    ck_assert_int_eq(st->fox, 2);
    ck_assert_int_eq(st->col_face[2], tu_gp_type('V'));
    ck_assert_int_eq(st->col_motif[2], tu_gp_type('K'));
    ck_assert_int_eq(gp_engine.to_move(st), 1);
}
END_TEST

/* The six "Voorbeelden van toegelaten speelbeurten" (five turns and the rule that closes the
 * list): each record replays as a legal turn; each illegal variant is refused by the engine. */
static const struct { const char *rec, *bad_move; int bad_line_from_end; const char *why; } turn_examples[] = {
    /* GP-TAKE-PILE */
    {"turn-example-1-herman-three-display-cards.nl.rec", "P1 draw", 1, "drawing costs 2 actions and P1 has 1 left"},
    /* GP-FOX-ONCE */
    {"turn-example-2-carl-chest-fox-display.nl.rec", "P2 fox c1", 1, "P2 has already moved the fox this turn"},
    /* GP-FOX-LEFT */
    {"turn-example-3-anne-three-open-cards-then-fox.nl.rec", "P3 fox c4", 2,
     "moving the fox to P4's collection costs 2 actions and P3 has 1 left"},
    {"turn-example-4-marc-chest-and-fox-to-neighbour.nl.rec", "P4 fox c2", 1,
     "c2 is P2's collection: the fox goes to P4's own or the left neighbour P1's"},
    /* GP-TAKE-PILE */
    {"turn-example-5-carl-pile-display-then-fox.nl.rec", "P2 draw", 2, "drawing costs 2 actions and P2 has 1 left"},
};

START_TEST(each_example_of_a_permitted_turn_replays_and_its_illegal_variant_is_refused)
{
    static rf_replay out;
    char err[RF_ERR_MAX];
    size_t len;
    char *text = read_record(turn_examples[_i].rec, &len);
    ck_assert_msg(replay_text(turn_examples[_i].rec, text, len, &out, err, sizeof err) == RF_EXIT_OK, "%s", err);
    /* the variant: the last `bad_line_from_end` move lines replaced by the illegal move */
    size_t end = len;
    while (end > 0 && text[end - 1] == '\n') end--;
    char *cut = text + end;
    for (int k = 0; k < turn_examples[_i].bad_line_from_end; k++) {
        while (cut > text && cut[-1] != '\n') cut--;
        if (k + 1 < turn_examples[_i].bad_line_from_end && cut > text) cut--;
    }
    size_t keep = (size_t)(cut - text);
    char *bad = malloc(keep + 128);
    ck_assert(bad);
    memcpy(bad, text, keep);
    int n = snprintf(bad + keep, 128, "%s%s\n", keep && bad[keep - 1] != '\n' ? "\n" : "", turn_examples[_i].bad_move);
    ck_assert_int_eq(replay_text("bad.rec", bad, keep + (size_t)n, &out, err, sizeof err), RF_EXIT_BADINPUT);
    ck_assert_msg(strstr(err, "illegal move"), "%s", err);
    ck_assert_msg(strstr(err, turn_examples[_i].why), "%s", err);           /* why_illegal's reason (issue 21) */
    free(bad);
    free(text);
}
END_TEST

/* "Het terugnemen of omdraaien van kaarten is niet toegelaten." (GP-NO-TAKEBACK): no notation
 * exists for it, and a record that tries is bad input. */
START_TEST(taking_back_a_card_is_no_move)
{
    static rf_replay out;
    char err[RF_ERR_MAX];
    const char *t = "[Game \"gp\"]\n[Profile \"nl\"]\n[Players \"3\"]\n[Seed \"1\"]\nP1 chest X\nP1 takeback c1\n";
    ck_assert_int_eq(replay_text("t.rec", t, strlen(t), &out, err, sizeof err), RF_EXIT_BADINPUT);
    ck_assert_msg(strstr(err, "t.rec:6: cannot read move 'takeback c1'"), "%s", err);
}
END_TEST

START_TEST(bad_gp_records_give_exit_2_and_a_file_line_message)
{
#define HEAD "[Game \"gp\"]\n[Profile \"nl\"]\n[Players \"3\"]\n"
    static const struct { const char *text, *want; } cases[] = {
        {"[Game \"gp\"]\n[Profile \"de\"]\n[Players \"3\"]\n[Seed \"1\"]\n", "t.rec:2: unknown profile 'de' for gp"},
        {"[Game \"gp\"]\n[Profile \"nl\"]\n[Players \"6\"]\n[Seed \"1\"]\n", "t.rec:1: gp takes 2 to 5 players"},
        {"[Game \"gp\"]\n[Profile \"nl\"]\n[Readings \"fox-place=first\"]\n[Players \"3\"]\n[Seed \"1\"]\n",
         "t.rec:3: reading 'fox-place=first' is neither 'last-player' nor 'each-first'"},
        {HEAD "[Position \"display=JJJ\"]\n", "t.rec:4: position: missing field 'hands'"},
        {HEAD "[Seed \"1\"]\nP1 open Q c1\n", "t.rec:5: cannot read move 'open Q c1'"},
        {HEAD "[Seed \"1\"]\nP1 take 4\n", "t.rec:5: cannot read move 'take 4'"},
        {HEAD "[Seed \"1\"]\nP2 take 1\n", "t.rec:5: it is P1's decision, not P2's"},
        {HEAD "[Seed \"1\"]\nP1 fox c1\n", "t.rec:5: illegal move 'P1 fox c1'"},
        {HEAD "[Seed \"1\"]\n[Result \"1 2\"]\n", "t.rec:1: Result has 2 scores for 3 players"},
    };
    char err[RF_ERR_MAX];
    static rf_replay out;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        err[0] = 0;
        int rc = replay_text("t.rec", cases[i].text, strlen(cases[i].text), &out, err, sizeof err);
        ck_assert_msg(rc == RF_EXIT_BADINPUT, "case %zu: exit %d (%s)", i, rc, err);
        ck_assert_msg(strstr(err, cases[i].want) != NULL, "case %zu: got '%s', want '%s'", i, err, cases[i].want);
        ck_assert_msg(strchr(err, '\n') == NULL, "case %zu: message is not one line", i);
    }
    /* broken positions */
    static const struct { const char *from, *to, *want; } pos_cases[] = {
        {"hands=VVWX", "hands=VVVX", "position: 10 cards of motif V, not 9"},
        {"turn=1", "turn=4", "position: 'turn' wants 1 to 3, got '4'"},
        {"scorings=0", "scorings=1", "position: 'scorings' is 1 but 'dh' 0 makes 0"},
        {"cols=-", "cols=1VK0j0x0", "position: collection c1 cannot exist"},
        {"phase=act", "phase=pass", "position: phase pass needs the fox"},
        {"display=JJJ", "display=JJ", "position: 'display' needs 3 places"},
    };
    for (size_t i = 0; i < sizeof pos_cases / sizeof pos_cases[0]; i++) {
        char text[GAME_TEXT_MAX + 512], p[GAME_TEXT_MAX];
        snprintf(p, sizeof p, "%s", tu_gp_text(3, "hands=VVWX|SX|TX;cols=-", ""));
        char *at = strstr(p, pos_cases[i].from);
        ck_assert_msg(at, "no '%s' in %s", pos_cases[i].from, p);
        snprintf(text, sizeof text, HEAD "[Position \"%.*s%s%s\"]\n", (int)(at - p), p, pos_cases[i].to,
                 at + strlen(pos_cases[i].from));
        err[0] = 0;
        int rc = replay_text("t.rec", text, strlen(text), &out, err, sizeof err);
        ck_assert_msg(rc == RF_EXIT_BADINPUT, "position case %zu: exit %d (%s)", i, rc, err);
        ck_assert_msg(strstr(err, pos_cases[i].want) != NULL, "position case %zu: got '%s', want '%s'", i, err,
                      pos_cases[i].want);
    }
#undef HEAD
}
END_TEST

START_TEST(truncated_and_garbled_gp_records_never_crash)
{
    tu_record_mutations_never_crash(&gp_engine, "records/gp/turn-example-3-anne-three-open-cards-then-fox.nl.rec", 3, 1);
}
END_TEST

START_TEST(a_written_record_replays_to_the_same_game)
{
    static const uint32_t r[] = {0, GP_R_FOX_EACH_FIRST | GP_R_DH_REDRAW | GP_R_DRAW_FIRST, GP_R_MAY_STOP | GP_R_TIE_NONE,
                                 GP_R_DOUBLER_ANY | GP_R_DOUBLER_STACK | GP_R_FOX_BARE_CHEST | GP_R_PLACE_COUNTS |
                                 GP_R_FOX_EVERY_OPEN};
    tu_written_record_round_trip(&gp_engine, 2 + _i % 4, r[_i % 4], 70 + (uint64_t)_i, _i >= 4);
}
END_TEST

/* ---- Properties: random games, every oracle on ------------------------------------------------ */

#define PROPERTY_GAMES 10000      /* profile nl, 2-5 players */
#define MASK_GAMES 3000           /* a random reading mask each */

static inv_ctx prop_ctx, one_ctx;
static rf_cov prop_counts;
static int most_moves;            /* the longest legal move list seen */

static long one_game(int players, uint32_t readings, uint64_t seed, uint64_t rng, const char *label)
{
    gp_state st;
    tu_gp_deal(&st, players, readings, seed);
    rf_chooser ch = {0};
    ch.use_rng = 1;
    ch.rng = rng;
    tu_gp_oracles(&one_ctx);
    tu_property_sampling(&one_ctx, seed);
    inv_on_setup(&one_ctx, &st);
    long moves = 0;
    while (gp_engine.to_move(&st) >= 0 && moves < RF_MAX_GAME_MOVES && one_ctx.violations == 0) {
        game_move ms[GAME_MAX_MOVES];
        int n = gp_engine.legal_moves(&st, ms, GAME_MAX_MOVES);
        if (n > most_moves) most_moves = n;
        gp_state pre = st;
        int pick = rf_choose(&ch, n);
        ck_assert_int_eq(gp_engine.apply(&st, &ms[pick]), GAME_OK);
        inv_on_step(&one_ctx, &pre, &ms[pick], &st);
        moves++;
    }
    inv_on_final(&one_ctx, &st);
    tu_property_game_done(&prop_ctx, &one_ctx, &prop_counts, label, &gp_engine, &st);
    return moves;
}

/* Profile nl, 2 to 5 players, PROPERTY_GAMES games, and MASK_GAMES games under random reading
 * masks, all oracles after every move (the costly conformance checks every RF_GEN_EVERY-th:
 * tu_property_sampling), plus corpus/records/gp; then the clause coverage table.
 * Every clause must fire: under `make check` the counts go to RF_COUNTS and `rulefuzz coverage
 * --fail-under 100` judges them; otherwise this test does. */
START_TEST(random_games_under_the_profile_and_random_readings_break_no_clause)
{
    int oracles = tu_gp_oracles(&prop_ctx);
    rf_cov_init(&prop_counts);
    tu_replay_corpus_records(&gp_engine, &prop_ctx, &one_ctx, &prop_counts);
    long moves = 0, games = 0;
    char label[96];
    for (int k = 0; k < tu_sized(PROPERTY_GAMES); k++, games++) {
        snprintf(label, sizeof label, "tests: random game %d, profile nl", k);
        moves += one_game(2 + k % 4, GP_NL, (uint64_t)k * 1000003u + 5u, (uint64_t)k * 31u + 7u, label);
    }
    uint64_t mask_rng = 4242;
    for (int k = 0; k < tu_sized(MASK_GAMES); k++, games++) {
        uint32_t readings = (uint32_t)game_rng_below(&mask_rng, 1u << GP_N_AMB);
        snprintf(label, sizeof label, "tests: random game %d, readings mask 0x%02x", k, readings);
        moves += one_game(2 + k % 4, readings, (uint64_t)k * 7919u + 11u, (uint64_t)k * 17u + 3u, label);
    }
    printf("\nGloria Picktoria clause coverage: %ld random games (%ld moves; %d profile nl, %d random reading"
           " masks; 2-5 players) plus corpus/records/gp%s; longest move list %d (limit %d)\n", games, moves,
           tu_sized(PROPERTY_GAMES), tu_sized(MASK_GAMES), oracles ? "" : " (no oracles registered: generic oracles only)", most_moves,
           GAME_MAX_MOVES);
    ck_assert_int_lt(most_moves, GAME_MAX_MOVES);
    int never = inv_print_coverage(&prop_ctx, stdout);
    fflush(stdout);
    const char *counts = getenv("RF_COUNTS");
    if (counts && *counts) {
        char err[RF_ERR_MAX];
        ck_assert_msg(rf_cov_update_file(counts, &prop_counts, err, sizeof err) == RF_EXIT_OK, "%s", err);
        printf("clause counts added to %s%s\n", counts, never ? " (the clause coverage gate will name what never fired)" : "");
    } else {
        ck_assert_msg(never == 0, "%d clause(s) never fired (see the table above)", never);
    }
    rf_cov_free(&prop_counts);
}
END_TEST

/* An illegal move in a record is bad input, and the message gives why_illegal's reason beside the
 * legal moves (corpus/gp_record/illegal-draw.rec: the third action of P1 would be a draw). */
START_TEST(an_illegal_move_in_a_record_is_refused_with_its_reason)
{
    static rf_replay out;
    char path[512], err[RF_ERR_MAX];
    size_t len;
    snprintf(path, sizeof path, "%s/gp_record/illegal-draw.rec", tu_corpus());
    char *text = rf_read_file(path, &len, err, sizeof err);
    ck_assert_msg(text != NULL, "%s", err);
    ck_assert_int_eq(replay_text("t.rec", text, len, &out, err, sizeof err), RF_EXIT_BADINPUT);
    ck_assert_msg(strstr(err, "t.rec:7: illegal move 'P1 draw': drawing costs 2 actions and P1 has 1 left; legal now: chest ") != NULL,
                  "%s", err);
    free(text);
}
END_TEST

/* ---- Property: every refusal has a reason, and only a refusal -------------------------------------- */

/* game.h's why_illegal: a reason exactly for the moves apply refuses, one line of at most 159
 * characters, never the engine's fallback. `m` is tried on a copy of st. */
static void reason_agrees(const gp_state *st, const game_move *m)
{
    gp_state t = *st;
    char why[512];
    int rc = gp_engine.apply(&t, m), n = gp_engine.why_illegal(st, m, why, sizeof why);
    ck_assert_msg((rc == GAME_OK) == (n == 0), "move %d %d %d: apply %d, why_illegal %d '%s'", m->kind, m->a, m->b, rc, n,
                  n > 0 ? why : "");
    if (n > 0) {
        ck_assert_msg(n < 160 && !strchr(why, '\n'), "too long or two lines: %s", why);
        ck_assert_msg(strcmp(why, "this move is not legal here"), "no reason for move %d %d %d", m->kind, m->a, m->b);
    }
}

/* Every move of a wide set (each kind with every argument in and just beyond range, and every legal
 * move with a stray byte) in the states of random games under random readings. */
START_TEST(why_illegal_gives_a_reason_for_exactly_the_moves_apply_refuses)
{
    uint64_t rng = 77 + (uint64_t)_i;
    for (int g = 0; g < 6; g++) {
        gp_state st;
        uint32_t readings = (uint32_t)game_rng_below(&rng, 1u << GP_N_AMB);
        tu_gp_deal(&st, 2 + (g + _i) % 4, readings, game_rng_next(&rng));
        for (int step = 0; gp_engine.to_move(&st) >= 0; step++) {
            game_move legal[GAME_MAX_MOVES];
            int n = gp_engine.legal_moves(&st, legal, GAME_MAX_MOVES);
            if (step % 3 == 0) {
                for (int k = 0; k <= GP_MV_END + 1; k++)
                    for (int a = 0; a <= GP_MAXCOL && a <= st.ncol + GP_TYPES + 1; a++)
                        for (int b = 0; b <= (k == GP_MV_OPEN ? st.ncol + 1 : 0); b++) {
                            game_move m = {(uint8_t)k, (uint8_t)a, (uint8_t)b, 0, 0, 0, 0, 0};
                            reason_agrees(&st, &m);
                        }
                for (int i = 0; i < n; i++) { game_move m = legal[i]; m.g = 1; reason_agrees(&st, &m); }
            }
            ck_assert_int_eq(gp_engine.apply(&st, &legal[game_rng_below(&rng, (uint32_t)n)]), GAME_OK);
        }
        game_move m = {GP_MV_DRAW, 0, 0, 0, 0, 0, 0, 0};
        reason_agrees(&st, &m);                          /* the game is over */
    }
}
END_TEST

static Suite *gp_suite(void)
{
    Suite *s = suite_create("gp");
    TCase *tc = tcase_create("records");
    tcase_add_test(tc, the_scoring_example_gives_herman_5_carl_14_marc_8);
    tcase_add_test(tc, annes_example_her_first_row_on_a_voetring_chest_takes_the_fox);
    tcase_add_loop_test(tc, each_example_of_a_permitted_turn_replays_and_its_illegal_variant_is_refused, 0,
                        (int)(sizeof turn_examples / sizeof turn_examples[0]));
    tcase_add_test(tc, taking_back_a_card_is_no_move);
    tcase_add_test(tc, bad_gp_records_give_exit_2_and_a_file_line_message);
    tcase_add_test(tc, an_illegal_move_in_a_record_is_refused_with_its_reason);
    tcase_add_test(tc, truncated_and_garbled_gp_records_never_crash);
    tcase_add_loop_test(tc, a_written_record_replays_to_the_same_game, 0, 8);
    suite_add_tcase(s, tc);
    tc = tcase_create("properties");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, random_games_under_the_profile_and_random_readings_break_no_clause);
    suite_add_tcase(s, tc);
    tc = tcase_create("why illegal");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, why_illegal_gives_a_reason_for_exactly_the_moves_apply_refuses, 0, 2);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(gp_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
