/* check_hdz.c: Check suite for Herr der Ziegen: worked examples, records, random-game properties. */
#include "testutil.h"
#include "../coverage/coverage.h"

/* ---- Records: the rulebook's worked examples and bad input ------------------------ */

static int replay_file(const char *name, rf_replay *out, char *err, size_t errlen)
{
    char path[512];
    snprintf(path, sizeof path, "%s/records/hdz/%s", tu_corpus(), name);
    size_t len;
    char *text = rf_read_file(path, &len, err, errlen);
    ck_assert_msg(text != NULL, "%s", err);
    static inv_ctx c;
    inv_init(&c, &hdz_engine, INV_GEN_ALL);
    int rc = rf_replay_text(path, text, len, &c, out, err, errlen);
    free(text);
    return rc;
}

/* HDZ-SCORE-FOURTH HDZ-SCORE-FOURTH-COUNT HDZ-SCORE-FIFTH-MEADOW */
START_TEST(elvis_example_red_wins_the_tie_on_card_count_and_marks_elvis_1)
{
    static const char *files[] = {"elvis-fourth-card.nl.rec", "elvis-fourth-card.en.rec"};
    static rf_replay out;
    char err[RF_ERR_MAX];
    ck_assert_int_eq(replay_file(files[_i], &out, err, sizeof err), RF_EXIT_OK);
    const hdz_state *st = (const hdz_state *)out.st;
    ck_assert_int_eq(st->cell[tu_cell("a3")], tu_card("E1"));
    ck_assert_int_eq(st->mark[tu_cell("a3")], 0);          /* Red (P1) owns Elvis 1 */
    ck_assert_int_eq(st->owner[HDZ_TYPE(tu_card("E1"))], 0);
    ck_assert_int_eq(st->display[1][tu_card("E5")], 0);    /* Yellow's Elvis 5 is worthless */
    ck_assert_int_eq(st->display[2][tu_card("E4")], 0);    /* Blue's Elvis 4 is worthless */
}
END_TEST

/* HDZ-FINAL-MEADOW HDZ-FINAL-STABLE-DOUBLE HDZ-FINAL-MILK-FIRST HDZ-FINAL-MILK-SECOND HDZ-AMB-MILK-HALF */
START_TEST(red_final_example_scores_12_plus_7_plus_8_is_27)
{
    static const char *files[] = {"red-final-27.nl.rec", "red-final-27.en.rec"};
    static rf_replay out;
    char err[RF_ERR_MAX];
    ck_assert_msg(replay_file(files[_i], &out, err, sizeof err) == RF_EXIT_OK, "%s", err);
    ck_assert(out.over);
    ck_assert_int_eq(out.scores[0], 27);
    ck_assert_int_eq(out.scores[1], _i == 0 ? 4 : 2);      /* nl: half of the leader's 8; en: half of his own 3, up */
    ck_assert_int_eq(out.winners, 1u);
}
END_TEST

/* Bad records: one line "file:line: what is wrong", exit code 2. */
static int replay_string_n(const char *text, size_t len, char *err, size_t errlen)
{
    static rf_replay out;
    static inv_ctx c;
    inv_init(&c, &hdz_engine, INV_GEN_ALL);
    return rf_replay_text("t.rec", text, len, &c, &out, err, errlen);
}

static int replay_string(const char *text, char *err, size_t errlen)
{
    return replay_string_n(text, strlen(text), err, errlen);
}

/* GEN-TERMINAL: the record's [Game] tag alone decides whose oracles judge it; a comment that names
 * another game (shared/findings: a crash under bids, a false violation under kk and gp) does not. */
START_TEST(a_comment_naming_another_game_leaves_the_records_own_oracles)
{
    static const char *games[] = {"bids", "kk", "gp"};
    char path[512], err[RF_ERR_MAX];
    snprintf(path, sizeof path, "%s/regressions/hdz/replay-comment-names-another-game.rec", tu_corpus());
    size_t len;
    char *text = rf_read_file(path, &len, err, sizeof err);
    ck_assert_msg(text != NULL, "%s", err);
    ck_assert_msg(strstr(text, "[Game \"bids\"] notes") != NULL, "the regression's comment names bids");
    static rf_replay out;
    static inv_ctx c;
    /* a context set up for another game, and one set up for none (the CLI's) */
    inv_init(&c, game_find(games[_i]), INV_GEN_ALL);
    ck_assert_int_eq(rf_replay_text(path, text, len, &c, &out, err, sizeof err), RF_EXIT_OK);
    ck_assert_ptr_eq(c.g, &hdz_engine);
    ck_assert_ptr_eq(out.g, &hdz_engine);
    ck_assert_int_eq(c.violations, 0);
    ck_assert(out.over);
    ck_assert_int_eq(out.scores[1], 23);
    memset(&c, 0, sizeof c);
    c.generic = INV_GEN_ALL;
    ck_assert_int_eq(rf_replay_text(path, text, len, &c, &out, err, sizeof err), RF_EXIT_OK);
    ck_assert_ptr_eq(c.g, &hdz_engine);
    ck_assert(c.count[c.k_game].applied > 0);
    free(text);
}
END_TEST

/* A record as editors write it: a UTF-8 byte-order mark and CRLF line ends replay like the plain text. */
START_TEST(a_byte_order_mark_and_crlf_line_ends_are_accepted)
{
    static const char *text = "\xEF\xBB\xBF; saved by an editor\r\n[Game \"hdz\"]\r\n[Profile \"nl\"]\r\n[Players \"3\"]\r\n[Seed \"5\"]\r\nP1 play Q4\r\nP1 take g1\r\n";
    char err[RF_ERR_MAX];
    ck_assert_msg(replay_string(text, err, sizeof err) == RF_EXIT_OK, "%s", err);
}
END_TEST

START_TEST(bad_records_give_exit_2_and_a_file_line_message)
{
    static const struct { const char *text, *want; } cases[] = {
        {"", "t.rec:1: missing [Game"},
        {"[Game \"chess\"]\n[Players \"2\"]\n", "t.rec:1: unknown game 'chess'"},
        {"[Game \"hdz\"]\n[Profile \"nl\"]\n[Seed \"1\"]\n", "t.rec:1: missing [Players"},
        {"[Game \"hdz\"]\n[Profile \"fr\"]\n[Players \"3\"]\n[Seed \"1\"]\n", "t.rec:2: unknown profile 'fr'"},
        {"[Game \"hdz\"]\n[Profile \"nl\"]\n[Players \"9\"]\n[Seed \"1\"]\n", "t.rec:1: hdz takes 2 to 5 players"},
        {"[Game \"hdz\"]\n[Profile \"nl\"]\n[Players \"3\"]\n", "t.rec:1: give exactly one of [Seed] and [Position]"},
        {"[Game \"hdz\"]\n[Profile \"nl\"]\n[Players \"3\"]\n[Seed \"x\"]\n", "t.rec:4: Seed must be a number"},
        {"[Game \"hdz\"\n", "t.rec:1: malformed tag"},
        {"[Game \"hdz\"]\n[Profile \"nl\"]\n[Readings \"milk-round=sideways\"]\n[Players \"3\"]\n[Seed \"1\"]\n",
         "t.rec:3: reading 'milk-round=sideways' is neither 'down' nor 'up'"},
        /* a tag or a reading given twice: refused naming both lines, whichever value would have won */
        {"[Game \"hdz\"]\n[Profile \"nl\"]\n[Players \"3\"]\n[Players \"4\"]\n[Seed \"1\"]\n", "t.rec:4: [Players] is given again (first on line 3)"},
        {"[Game \"hdz\"]\n[Game \"kk\"]\n[Profile \"nl\"]\n[Players \"3\"]\n[Seed \"1\"]\n", "t.rec:2: [Game] is given again (first on line 1)"},
        {"[Game \"hdz\"]\n[Profile \"nl\"]\n[Profile \"en\"]\n[Players \"3\"]\n[Seed \"1\"]\n", "t.rec:3: [Profile] is given again (first on line 2)"},
        {"[Game \"hdz\"]\n[Profile \"nl\"]\n[Players \"3\"]\n[Seed \"1\"]\n[Seed \"1\"]\n", "t.rec:5: [Seed] is given again (first on line 4)"},
        {"[Game \"hdz\"]\n[Profile \"nl\"]\n[Readings \"milk-round=up,milk-round=down\"]\n[Players \"3\"]\n[Seed \"1\"]\n",
         "t.rec:3: reading key 'milk-round' is given twice"},
        {"[Game \"hdz\"]\n[Profile \"nl\"]\n[Players \"3\"]\n[Seed \"1\"]\nP1 fly away\n", "t.rec:5: cannot read move 'fly away'"},
        {"[Game \"hdz\"]\n[Profile \"nl\"]\n[Players \"3\"]\n[Seed \"1\"]\nP2 keep\n", "t.rec:5: it is P"},
        {"[Game \"hdz\"]\n[Profile \"nl\"]\n[Players \"3\"]\n[Seed \"1\"]\nplay A1\n", "t.rec:5: expected 'P<n> <move>'"},
        {"[Game \"hdz\"]\n[Profile \"nl\"]\n[Players \"3\"]\n[Position \"meadow=A1\"]\n", "t.rec:4: position: 'meadow' needs 7 rows"},
        {"[Game \"hdz\"]\n[Profile \"nl\"]\n[Players \"3\"]\n[Seed \"1\"]\n[Result \"1 2\"]\n", "t.rec:1: Result has 2 scores for 3 players"},
    };
    char err[RF_ERR_MAX];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        err[0] = 0;
        int rc = replay_string(cases[i].text, err, sizeof err);
        ck_assert_msg(rc == RF_EXIT_BADINPUT, "case %zu: exit %d (%s)", i, rc, err);
        ck_assert_msg(strstr(err, cases[i].want) != NULL, "case %zu: got '%s', want '%s'", i, err, cases[i].want);
        ck_assert_msg(strchr(err, '\n') == NULL, "case %zu: message is not one line", i);
    }
}
END_TEST

/* Position errors name the field, the value and the [Position] line; a position no game can
 * reach is refused when it is loaded, not reported as an oracle violation later. */
START_TEST(position_errors_name_the_field_the_value_and_the_position_line)
{
    static const struct { const char *from, *to, *want; } cases[] = {
        {"supply=4,10,10", "supply=10,10,10", "position: P1 has 10 small goats in the stable ('supply'), 6 on meadow cards"},
        {"turn=2", "turn=P3", "position: 'turn' wants a seat number 1 to 3, got 'P3'"},
        {"hands=D1,D2|", "hands=D1,Z2|", "position: 'Z2' in 'hands' of P1 is no card"},
        {"hands=D1,D2|", "hands=D1,D2,D3|", "position: 'hands' of P1 holds more than 2 cards"},
        {"meadow=E1,E2,A1*1,#", "meadow=#,E2,A1*1,#", "position: meadow cell a1 holds '#', but it is no stable site"},
        {"meadow=E1,E2,A1*1,#", "meadow=E1,E1,A1*1,#", "position: the 121 cards must each stand in one place (meadow, pile, hands, displays, box): missing E2; too often E1 (2 of 1)"},
        {"meadow=E1,E2,A1*1,#", "meadow=E1,E2,A1*1,D4", "position: meadow cell d1 is a stable site (site=cell) and must be '#'"},
        {"meadow=E1,E2,A1*1,#", "meadow=E1*2,E2,A1*1,#", "position: meadow cell a1 (E1) carries P2's small goat, but 'owner' gives type E to nobody"},
        {"box=A3,A4,", "box=A3,A4,Dog,", "position: the 121 cards must each stand in one place (meadow, pile, hands, displays, box): too often Dog (16 of 15)"},
        /* HDZ-CARDS-121: the first card code (A1) is counted like every other, every missing card
         * is named in code order, a milk card with its count */
        {"meadow=E1,E2,A1*1,#", "meadow=E1,.,.,#", "position: the 121 cards must each stand in one place (meadow, pile, hands, displays, box): missing A1, E2"},
        {"displays=Milk1,Milk1,", "displays=Milk1,", "position: the 121 cards must each stand in one place (meadow, pile, hands, displays, box): missing Milk1 (7 of 8)"},
        {"displays=Milk1,Milk1,Milk2,", "displays=Milk1,", "position: the 121 cards must each stand in one place (meadow, pile, hands, displays, box): missing Milk1 (7 of 8), Milk2 (7 of 8)"},
        {"box=A3,A4,", "box=A3,A4,E1,Dog,", "position: the 121 cards must each stand in one place (meadow, pile, hands, displays, box): too often E1 (2 of 1), Dog (16 of 15)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int line;
        char *text = tu_record_edited("records/hdz/red-final-27.nl.rec", cases[i].from, cases[i].to, &line);
        tu_refused(&hdz_engine, text, line, cases[i].want);
        free(text);
    }
    /* a space after a comma is accepted */
    int line;
    char *text = tu_record_edited("records/hdz/red-final-27.nl.rec", "hands=D1,D2|", "hands=D1, D2|", &line);
    char err[RF_ERR_MAX];
    ck_assert_msg(replay_string(text, err, sizeof err) == RF_EXIT_OK, "%s", err);
    free(text);
}
END_TEST

/* A partial position (rest=pile) names some cards and deals the rest from the [Seed]; show's
 * replay stops after any move. */
START_TEST(a_partial_position_deals_what_it_does_not_name_from_the_seed)
{
    char path[512], err[RF_ERR_MAX];
    size_t len;
    snprintf(path, sizeof path, "%s/records/hdz/partial-elvis-majority.nl.rec", tu_corpus());
    char *text = rf_read_file(path, &len, err, sizeof err);
    ck_assert_msg(text != NULL, "%s", err);
    static rf_replay a, b;
    ck_assert_msg(rf_replay_upto("p.rec", text, len, NULL, 0, &a, err, sizeof err) == RF_EXIT_OK, "%s", err);
    ck_assert_int_eq(a.moves, 0);
    ck_assert_int_eq(a.total, 2);
    const hdz_state *st = (const hdz_state *)a.st;
    ck_assert_int_eq(st->cell[tu_cell("a2")], tu_card("E1"));        /* named where named */
    ck_assert_int_eq(st->cell[tu_cell("f3")], tu_card("E2"));
    ck_assert_int_eq(st->display[0][tu_card("E5")], 1);
    ck_assert(st->hand[0][0] == tu_card("E3") || st->hand[0][1] == tu_card("E3"));
    ck_assert_int_eq(st->box[tu_card("A1")], 1);
    int cards = st->pile_len;                                        /* and all 121 somewhere */
    for (int c = 0; c < HDZ_CELLS; c++) cards += st->cell[c] < HDZ_CODES;
    for (int p = 0; p < 3; p++) cards += (st->hand[p][0] != HDZ_NONE) + (st->hand[p][1] != HDZ_NONE);
    for (int c = 0; c < HDZ_CODES; c++) { cards += st->box[c]; for (int p = 0; p < 3; p++) cards += st->display[p][c]; }
    ck_assert_int_eq(cards, HDZ_CARDS);
    /* the same seed deals the same cards; after both moves the majority has marked Elvis 1 */
    ck_assert_msg(rf_replay_upto("p.rec", text, len, NULL, -1, &b, err, sizeof err) == RF_EXIT_OK, "%s", err);
    ck_assert_int_eq(b.moves, 2);
    ck_assert_int_eq(((const hdz_state *)b.st)->mark[tu_cell("a2")], 0);
    ck_assert_int_eq(((const hdz_state *)b.st)->owner[4], 0);
    free(text);
    /* a partial position needs a seed, and '?' only where cards are dealt */
    tu_refused(&hdz_engine, "[Game \"hdz\"]\n[Profile \"nl\"]\n[Players \"3\"]\n[Position \"rest=pile\"]\n", 4,
               "a partial position (rest=...) needs a [Seed]");
    tu_refused(&hdz_engine, "[Game \"hdz\"]\n[Profile \"nl\"]\n[Players \"3\"]\n[Seed \"1\"]\n[Position \"rest=pile;box=?\"]\n", 5,
               "position: '?' may stand only in 'meadow' and 'hands', not in 'box'");
}
END_TEST

/* An illegal move names why and lists the legal moves. */
START_TEST(an_illegal_move_says_why_and_lists_the_legal_moves)
{
    tu_refused(&hdz_engine, "[Game \"hdz\"]\n[Profile \"nl\"]\n[Players \"3\"]\n[Seed \"1\"]\nP1 play A1\n", 5,
               "illegal move 'P1 play A1': A1 is not in P1's hand; legal now: play G2, play O2");
}
END_TEST

/* An illegal move in a record (here: taking a card that is not beside the goat) is bad input. */
START_TEST(an_illegal_move_in_a_record_is_bad_input_at_its_line)
{
    hdz_state st;
    tu_hdz_deal(&st, 3, hdz_engine.profiles[0].readings, 5);   /* the record's profile, nl */
    game_move ms[GAME_MAX_MOVES];
    /* find a cell that is not takeable after the first play */
    char text[GAME_TEXT_MAX + 512], pos[GAME_TEXT_MAX], mv[32];
    ck_assert_int_ge(hdz_engine.position_print(&st, pos, sizeof pos), 0);
    int n = hdz_engine.legal_moves(&st, ms, GAME_MAX_MOVES);
    hdz_engine.move_print(&st, &ms[0], mv, sizeof mv);
    hdz_engine.apply(&st, &ms[0]);
    if (st.phase == HDZ_PH_REDRAW || st.phase == HDZ_PH_PLAY) return;  /* seed gives a redraw */
    n = hdz_engine.legal_moves(&st, ms, GAME_MAX_MOVES);
    int bad = -1;
    for (int cell = 0; cell < HDZ_CELLS && bad < 0; cell++) {
        int listed = 0;
        for (int i = 0; i < n; i++) listed |= ms[i].a == cell;
        if (!listed && cell % HDZ_W < st.n && cell / HDZ_W < st.n) bad = cell;
    }
    snprintf(text, sizeof text, "[Game \"hdz\"]\n[Profile \"nl\"]\n[Players \"3\"]\n[Position \"%s\"]\nP1 %s\nP1 take %c%c\n",
             pos, mv, 'a' + bad % HDZ_W, '1' + bad / HDZ_W);
    char err[RF_ERR_MAX];
    ck_assert_int_eq(replay_string(text, err, sizeof err), RF_EXIT_BADINPUT);
    ck_assert_msg(strstr(err, "t.rec:6: illegal move 'P1 take") != NULL, "%s", err);
}
END_TEST

START_TEST(truncated_and_garbled_records_never_crash)
{
    tu_record_mutations_never_crash(&hdz_engine, "records/hdz/red-final-27.nl.rec", 7, 3);
}
END_TEST

/* Fuzz bytes as a game (records/record.h): past the input's end a generator seeded with a hash of
 * the whole input decides, so a 12-byte header is a whole random game, the same bytes give the same
 * game, another byte another game; the chooser's trace (the input made explicit, as triage does)
 * plays the same game with no generator. */
START_TEST(fuzz_bytes_past_their_end_play_on_at_random_and_their_trace_replays_the_game)
{
    static game_move a[RF_MAX_GAME_MOVES], b[RF_MAX_GAME_MOVES], c2[RF_MAX_GAME_MOVES];
    static uint8_t trace[1 << 16];
    uint8_t in[12] = {1, 0, 0, 0, 7, 7, 7, 7, 7, 7, 7, (uint8_t)(_i & 0xff)};
    unsigned char st[GAME_STATE_MAX] __attribute__((aligned(16)));
    rf_header h;
    rf_chooser ch;
    rf_header_from_bytes(&hdz_engine, in, sizeof in, &h, &ch);
    ch.trace = trace; ch.trace_cap = sizeof trace;
    hdz_engine.setup_seed(st, &h.cfg, h.seed);
    long na = rf_play(&hdz_engine, st, &ch, NULL, a, RF_MAX_GAME_MOVES, RF_MAX_GAME_MOVES);
    ck_assert_int_lt(hdz_engine.to_move(st), 0);               /* played to its end */
    ck_assert_int_gt(na, 40);
    int firsts = 0;                                            /* not the first move every time */
    for (long i = 0; i < na; i++) firsts += trace[i] == 0;
    ck_assert_int_lt(firsts, na);
    /* the same bytes: the same game */
    rf_header_from_bytes(&hdz_engine, in, sizeof in, &h, &ch);
    hdz_engine.setup_seed(st, &h.cfg, h.seed);
    ck_assert_int_eq(rf_play(&hdz_engine, st, &ch, NULL, b, RF_MAX_GAME_MOVES, RF_MAX_GAME_MOVES), na);
    ck_assert_mem_eq(a, b, (size_t)na * sizeof a[0]);
    /* the header and the trace, with the generator off: the same game again */
    static uint8_t expl[12 + (1 << 16)];
    memcpy(expl, in, 12);
    rf_header_from_bytes(&hdz_engine, in, sizeof in, &h, &ch);
    ch.trace = trace; ch.trace_cap = sizeof trace; ch.trace_len = 0;
    hdz_engine.setup_seed(st, &h.cfg, h.seed);
    rf_play(&hdz_engine, st, &ch, NULL, NULL, 0, RF_MAX_GAME_MOVES);
    memcpy(expl + 12, trace, ch.trace_len);
    rf_header_from_bytes(&hdz_engine, expl, 12 + ch.trace_len, &h, &ch);
    ch.use_rng = 0;
    hdz_engine.setup_seed(st, &h.cfg, h.seed);
    ck_assert_int_eq(rf_play(&hdz_engine, st, &ch, NULL, c2, RF_MAX_GAME_MOVES, RF_MAX_GAME_MOVES), na);
    ck_assert_mem_eq(a, c2, (size_t)na * sizeof a[0]);
    /* another last byte: another game */
    in[11] ^= 0x55;
    rf_header_from_bytes(&hdz_engine, in, sizeof in, &h, &ch);
    hdz_engine.setup_seed(st, &h.cfg, h.seed);
    long nb = rf_play(&hdz_engine, st, &ch, NULL, b, RF_MAX_GAME_MOVES, RF_MAX_GAME_MOVES);
    ck_assert(nb != na || memcmp(a, b, (size_t)na * sizeof a[0]) != 0);
}
END_TEST

/* A record written by rf_record_write (as `rulefuzz play`, triage and the diff witnesses write
 * them) replays to the same final state, from a seed and from an explicit position. */
START_TEST(a_written_record_replays_to_the_same_game)
{
    tu_written_record_round_trip(&hdz_engine, 2 + _i % 4, hdz_engine.profiles[_i % 2].readings, 40 + (uint64_t)_i, _i >= 4);
}
END_TEST

/* ---- Properties: random games under every profile, every oracle on -------------- */

#define PROPERTY_GAMES 10000

static inv_ctx prop_ctx, one_ctx;   /* all games; the current game */
static rf_cov prop_counts;          /* per-clause counts with the first input that fired each */


/* Every profile, 2 to 5 players, PROPERTY_GAMES games each, all oracles after every move (the costly
 * conformance checks every RF_GEN_EVERY-th: tu_property_sampling);
 * then the clause coverage table. Every clause must have fired: when RF_COUNTS names a counts
 * file (`make check`), the counts are added there and `rulefuzz coverage --fail-under 100`
 * judges them (naming each clause that never fired); otherwise this test does. */
START_TEST(random_games_under_every_profile_break_no_clause)
{
    inv_init(&prop_ctx, &hdz_engine, INV_GEN_ALL);
    rf_cov_init(&prop_counts);
    tu_replay_corpus_records(&hdz_engine, &prop_ctx, &one_ctx, &prop_counts);
    long moves = 0, games = 0;
    for (int pi = 0; pi < hdz_engine.n_profiles; pi++) {
        for (int k = 0; k < tu_sized(PROPERTY_GAMES); k++) {
            hdz_state st;
            tu_hdz_deal(&st, 2 + k % 4, hdz_engine.profiles[pi].readings, (uint64_t)k * 1000003u + (uint64_t)pi);
            rf_chooser ch = {0};
            ch.use_rng = 1;
            ch.rng = (uint64_t)k * 31u + 7u;
            inv_init(&one_ctx, &hdz_engine, INV_GEN_ALL);
            tu_property_sampling(&one_ctx, (uint64_t)k);
            inv_on_setup(&one_ctx, &st);
            moves += rf_play(&hdz_engine, &st, &ch, &one_ctx, NULL, 0, RF_MAX_GAME_MOVES);
            char label[96];
            snprintf(label, sizeof label, "tests: random game %d, profile %s", k, hdz_engine.profiles[pi].name);
            tu_property_game_done(&prop_ctx, &one_ctx, &prop_counts, label, NULL, NULL);
            games++;
            ck_assert_msg(hdz_engine.to_move(&st) < 0, "game %d did not end", k);
        }
    }
    printf("\nHerr der Ziegen clause coverage: %ld random games (%ld moves, profiles nl and en, 2-5 players)"
           " plus corpus/records/hdz\n", games, moves);
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

static Suite *hdz_suite(void)
{
    Suite *s = suite_create("hdz");
    TCase *tc;

    tc = tcase_create("records");
    tcase_add_loop_test(tc, elvis_example_red_wins_the_tie_on_card_count_and_marks_elvis_1, 0, 2);
    tcase_add_loop_test(tc, red_final_example_scores_12_plus_7_plus_8_is_27, 0, 2);
    tcase_add_test(tc, bad_records_give_exit_2_and_a_file_line_message);
    tcase_add_test(tc, a_byte_order_mark_and_crlf_line_ends_are_accepted);
    tcase_add_loop_test(tc, a_comment_naming_another_game_leaves_the_records_own_oracles, 0, 3);
    tcase_add_test(tc, position_errors_name_the_field_the_value_and_the_position_line);
    tcase_add_test(tc, an_illegal_move_says_why_and_lists_the_legal_moves);
    tcase_add_test(tc, a_partial_position_deals_what_it_does_not_name_from_the_seed);
    tcase_add_test(tc, an_illegal_move_in_a_record_is_bad_input_at_its_line);
    tcase_add_test(tc, truncated_and_garbled_records_never_crash);
    tcase_add_loop_test(tc, fuzz_bytes_past_their_end_play_on_at_random_and_their_trace_replays_the_game, 0, 3);
    tcase_add_loop_test(tc, a_written_record_replays_to_the_same_game, 0, 8);
    suite_add_tcase(s, tc);

    tc = tcase_create("properties");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, random_games_under_every_profile_break_no_clause);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(hdz_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
