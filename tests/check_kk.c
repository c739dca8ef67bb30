/* check_kk.c: Check suite for Kleine Kläffer: worked examples, records, random-game properties. */
#include "testutil_kk.h"
#include "../coverage/coverage.h"

/* ---- Records: the rulebook's worked examples and bad input ------------------------ */

static int replay_text(const char *path, const char *text, size_t len, rf_replay *out, char *err, size_t errlen)
{
    static inv_ctx c;
    tu_kk_oracles(&c);
    return rf_replay_text(path, text, len, &c, out, err, errlen);
}

static int replay_file(const char *name, rf_replay *out, char *err, size_t errlen)
{
    char path[512];
    snprintf(path, sizeof path, "%s/records/kk/%s", tu_corpus(), name);
    size_t len;
    char *text = rf_read_file(path, &len, err, errlen);
    ck_assert_msg(text != NULL, "%s", err);
    int rc = replay_text(path, text, len, out, err, errlen);
    free(text);
    return rc;
}

static void terr_is(const kk_state *st, int p, const char *list)
{
    char buf[256];
    int n = 0, have = 0;
    snprintf(buf, sizeof buf, "%s", list);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        ck_assert_msg(st->terr[p][tu_kk_card(t)], "P%d's territories lack %s", p + 1, t);
        n++;
    }
    for (int id = 0; id < KK_CARDS; id++) have += st->terr[p][id];
    ck_assert_int_eq(have, n);
}

#define AT(st, cell) ((st)->council[tu_kk_cell(cell)])

/* KK-TAKE-RUN KK-TAKE-MATCH: "ist 6: 5+1 ... darf sich aus der Spalte keine Karte nehmen";
 * "ist 12: 5+4+1+2 ... die grüne Karte mit dem Wert 5 ... gleiche Hunderasse ... die orange Karte
 * mit dem Wert 4 ... gleiche Farbe"; "Die gerade gespielte Karte verbleibt im Hunderat." */
START_TEST(karl_takes_the_green_5_for_its_breed_and_the_orange_4_for_its_colour)
{
    static rf_replay out;
    char err[RF_ERR_MAX];
    ck_assert_msg(replay_file("karl-takes-green-5-and-orange-4.de.rec", &out, err, sizeof err) == RF_EXIT_OK, "%s", err);
    const kk_state *st = (const kk_state *)out.st;
    terr_is(st, 1, "gC5 oS4");                           /* Karl is P2 */
    ck_assert_int_eq(AT(st, "c2"), tu_kk_card("oC1"));   /* his card stays */
    ck_assert_int_eq(AT(st, "d2"), tu_kk_card("yS2"));   /* the 2: neither colour nor breed */
    ck_assert_int_eq(AT(st, "c1"), tu_kk_card("rC5"));   /* the column (6 votes) gives nothing */
    ck_assert_int_eq(AT(st, "c4"), tu_kk_card("oF3"));
    ck_assert_int_ne(AT(st, "a2"), KK_NONE);              /* 5 free: the refill fills a2 */
    ck_assert_int_eq(AT(st, "b2"), KK_NONE);
    ck_assert_int_eq(tu_kk_free_places(st), 4);
    ck_assert_int_eq(kk_engine.to_move(st), 2);           /* Peter's turn */
}
END_TEST

/* KK-CRISIS: "aus der Spalte die Bulldogge blau 2, und aus der Reihe Chihuahua grün 5, Chihuahua
 * lila 1 und Chihuahua orange 1" */
START_TEST(karl_in_the_crisis_takes_the_blue_bulldog_2_and_three_chihuahuas)
{
    static rf_replay out;
    char err[RF_ERR_MAX];
    ck_assert_msg(replay_file("karl-crisis-takes-what-does-not-match.de.rec", &out, err, sizeof err) == RF_EXIT_OK,
                  "%s", err);
    const kk_state *st = (const kk_state *)out.st;
    terr_is(st, 1, "gS2 gC3 bF2 gC5 pC1 oC1");          /* his earlier green, and the four */
    ck_assert_int_eq(AT(st, "b3"), tu_kk_card("yS4"));   /* Karl's card stays */
    ck_assert_int_eq(AT(st, "b1"), tu_kk_card("rS1"));   /* same breed: stays */
    ck_assert_int_eq(AT(st, "b4"), tu_kk_card("yC1"));   /* same colour: stays */
    static const char *taken[] = {"b2", "a3", "c3", "d3"};
    for (int i = 0; i < 4; i++) ck_assert_int_eq(AT(st, taken[i]), KK_NONE);
    ck_assert_int_eq(tu_kk_free_places(st), 4);           /* 4 free: no refill */
    ck_assert_int_eq(st->ending, 0);
    ck_assert_int_eq(kk_engine.to_move(st), 2);
}
END_TEST

/* KK-END-HANDS KK-FINAL-MAJORITY KK-FINAL-OPEN KK-FINAL-TIE KK-FINAL-PENALTY KK-FINAL-WINNER:
 * Selina 8+7+5+4 = 24, Karl 8+11 = 19, Peter 5+9+5+5 = 24; "Karl gewinnt somit das Spiel". All
 * three secure a colour and the lowest score is not tied, so every reading agrees: the record is
 * replayed under each of the 64 reading masks. */
START_TEST(the_final_example_scores_24_19_24_and_karl_wins_under_every_reading)
{
    static rf_replay out;
    char err[RF_ERR_MAX];
    ck_assert_msg(replay_file("final-scoring-karl-wins.de.rec", &out, err, sizeof err) == RF_EXIT_OK, "%s", err);
    ck_assert(out.over);
    ck_assert_int_eq(out.scores[0], 24);
    ck_assert_int_eq(out.scores[1], 19);
    ck_assert_int_eq(out.scores[2], 24);
    ck_assert_uint_eq(out.winners, 2u);
    const kk_state *st = (const kk_state *)out.st;
    for (int p = 0; p < 3; p++) ck_assert_int_eq(tu_kk_hand_count(st, p), 0);
    ck_assert(st->terr[0][tu_kk_card("gS4")] && st->terr[2][tu_kk_card("gC3")]);   /* hands scored */

    char path[512];
    snprintf(path, sizeof path, "%s/records/kk/final-scoring-karl-wins.de.rec", tu_corpus());
    size_t len;
    char *text = rf_read_file(path, &len, err, sizeof err);
    ck_assert(text);
    const char *tag = strstr(text, "[Profile \"de\"]");
    ck_assert(tag);
    for (uint32_t r = 0; r < (1u << KK_N_AMB); r++) {
        char readings[256], *alt = malloc(len + 512);
        ck_assert(alt);
        ck_assert_int_ge(game_readings_print(&kk_engine, r, readings, sizeof readings), 0);
        int n = snprintf(alt, len + 512, "%.*s[Readings \"%s\"]%s", (int)(tag - text), text, readings,
                         tag + strlen("[Profile \"de\"]"));
        ck_assert_msg(replay_text("alt.rec", alt, (size_t)n, &out, err, sizeof err) == RF_EXIT_OK, "%s: %s",
                      readings, err);
        ck_assert_uint_eq(out.winners, 2u);
        free(alt);
    }
    free(text);
}
END_TEST

/* Bad records: one line "file:line: what is wrong", exit code 2. */
static int replay_string_n(const char *text, size_t len, char *err, size_t errlen)
{
    static rf_replay out;
    return replay_text("t.rec", text, len, &out, err, errlen);
}

static int replay_string(const char *text, char *err, size_t errlen)
{
    return replay_string_n(text, strlen(text), err, errlen);
}

/* A legal final position (the final example's), for the cases that need a [Position]. */
static char *final_position(void)
{
    static char pos[GAME_TEXT_MAX];
    char path[512], err[RF_ERR_MAX];
    snprintf(path, sizeof path, "%s/records/kk/final-scoring-karl-wins.de.rec", tu_corpus());
    size_t len;
    char *text = rf_read_file(path, &len, err, sizeof err);
    ck_assert(text);
    const char *p = strstr(text, "[Position \"");
    ck_assert(p);
    p += strlen("[Position \"");
    size_t n = (size_t)(strchr(p, '"') - p);
    ck_assert_uint_lt(n, sizeof pos);
    memcpy(pos, p, n);
    pos[n] = 0;
    free(text);
    return pos;
}

/* `text` with the first `from` replaced by `to`. */
static const char *edit(const char *text, const char *from, const char *to)
{
    static char buf[GAME_TEXT_MAX + 256];
    const char *at = strstr(text, from);
    ck_assert_msg(at, "no '%s' to edit", from);
    snprintf(buf, sizeof buf, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    return buf;
}

START_TEST(bad_kk_records_give_exit_2_and_a_file_line_message)
{
#define HEAD "[Game \"kk\"]\n[Profile \"de\"]\n[Players \"3\"]\n"
    static const struct { const char *text, *want; } cases[] = {
        {"[Game \"kk\"]\n[Profile \"nl\"]\n[Players \"3\"]\n[Seed \"1\"]\n", "t.rec:2: unknown profile 'nl' for kk"},
        {"[Game \"kk\"]\n[Profile \"de\"]\n[Players \"5\"]\n[Seed \"1\"]\n", "t.rec:1: kk takes 2 to 4 players"},
        {"[Game \"kk\"]\n[Profile \"de\"]\n[Readings \"start=ring16\"]\n[Players \"3\"]\n[Seed \"1\"]\n",
         "t.rec:3: reading 'start=ring16' is neither 'ring12' nor 'all16'"},
        {HEAD "[Position \"council=yC1\"]\n", "t.rec:4: position: missing field 'hands'"},
        {HEAD "[Seed \"1\"]\nP1 place gC6 b2\n", "t.rec:5: cannot read move 'place gC6 b2'"},
        {HEAD "[Seed \"1\"]\nP1 draw middle\n", "t.rec:5: cannot read move 'draw middle'"},
        {HEAD "[Seed \"1\"]\nP2 pass\n", "t.rec:5: it is P1's decision, not P2's"},
        {HEAD "[Seed \"1\"]\nP1 pass\n", "t.rec:5: illegal move 'P1 pass'"},
        {HEAD "[Seed \"1\"]\n[Result \"1 2\"]\n", "t.rec:1: Result has 2 scores for 3 players"},
    };
    char err[RF_ERR_MAX];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        err[0] = 0;
        int rc = replay_string(cases[i].text, err, sizeof err);
        ck_assert_msg(rc == RF_EXIT_BADINPUT, "case %zu: exit %d (%s)", i, rc, err);
        ck_assert_msg(strstr(err, cases[i].want) != NULL, "case %zu: got '%s', want '%s'", i, err, cases[i].want);
        ck_assert_msg(strchr(err, '\n') == NULL, "case %zu: message is not one line", i);
    }
    /* broken positions, from the final example's legal one */
    const char *pos = final_position();
    static const struct { const char *from, *to, *want; } pos_cases[] = {
        {"yS1,yS2", "yS2,yS2", "t.rec:4: position: the 72 cards must each stand in one place (council, hands, left, right, terr, box): missing yS1; more than once yS2 (2 times) (KK-CARDS-72)"},
        /* KK-CARDS-72: the first card of the deck (yC1, id 0) is counted like every other, and
         * every missing and every doubled card is named, in deck order */
        {"hands=yC1,oC3,gS4|", "hands=yC2,rC1,gS4|", "t.rec:4: position: the 72 cards must each stand in one place (council, hands, left, right, terr, box): missing yC1, oC3; more than once yC2 (2 times), rC1 (2 times) (KK-CARDS-72)"},
        {"phase=place", "phase=draw", "t.rec:4: position: phase draw needs both piles and a hand short of 4 cards"},
        {"turn=3", "turn=4", "t.rec:4: position: 'turn' wants a seat number 1 to 3, e.g. turn=1, got '4'"},
        {"turn=3", "turn=0", "t.rec:4: position: 'turn' wants a seat number 1 to 3, e.g. turn=1, got '0'"},
        {"phase=place", "phase=pla", "t.rec:4: position: 'phase' wants place, draw or over, got 'pla'"},
        {"turns=47", "turns=256", "t.rec:4: position: 'turns' wants the number of turns played, 0 to 255, got '256'"},
        {"gave=0", "gave=2", "t.rec:4: position: 'gave' wants 0 or 1, got '2'"},
        {"ending=0", "ending=2", "t.rec:4: position: 'ending' wants 0 or 1, got '2'"},
        /* KK-AMB-CRISIS-EMPTY: ending=1 is the crisis's turn drawing, or the game over */
        {"ending=0", "ending=1", "t.rec:4: position: 'ending' 1 (a crisis took nothing) needs phase draw or over, not place"},
        /* KK-CARDS-72: only missing cards, or only doubled ones: one list, no "; " */
        {"box=yF2,", "box=", "t.rec:4: position: the 72 cards must each stand in one place (council, hands, left, right, terr, box): missing yF2 (KK-CARDS-72)"},
        {"box=yF2,", "box=yF2,yF2,", "t.rec:4: position: the 72 cards must each stand in one place (council, hands, left, right, terr, box): more than once yF2 (2 times) (KK-CARDS-72)"},
        {"last=1", "last=9", "t.rec:4: position: 'last' wants '-' or the turns left in the last round, 1 to 3, got '9'"},
        /* KK-TURN-ORDER: the seat follows from the turns played; KK-TURN-GIVE: a give comes from the second round on */
        {"turns=47", "turns=46", "t.rec:4: position: 'turn=3' does not follow from 'turns=46': P1 begins and each turn passes on, so it is P2's (KK-TURN-ORDER)"},
        {"turn=3;phase=place;turns=47;gave=0;last=1", "turn=1;phase=place;turns=0;gave=1;last=1",
         "t.rec:4: position: 'gave=1' at turns=0: a territory is first given in the second round (KK-TURN-GIVE, KK-AMB-SECOND-ROUND)"},
        {"yS5,oS5,rS5,pS5/", "yS5,oS5,rS5/", "t.rec:4: position: a council row needs 4 places"},
        {"bS5,.,.,gS5", "bS5,.,.,gX5", "t.rec:4: position: council place d2: 'gX5' is no card (want e.g. gC5, or '.')"},
    };
    for (size_t i = 0; i < sizeof pos_cases / sizeof pos_cases[0]; i++) {
        char text[GAME_TEXT_MAX + 512];
        snprintf(text, sizeof text, HEAD "[Position \"%s\"]\n", edit(pos, pos_cases[i].from, pos_cases[i].to));
        err[0] = 0;
        int rc = replay_string(text, err, sizeof err);
        ck_assert_msg(rc == RF_EXIT_BADINPUT, "position case %zu: exit %d (%s)", i, rc, err);
        const char *at = strstr(err, pos_cases[i].want);   /* the message ends with what is wanted */
        ck_assert_msg(at && !strcmp(at, pos_cases[i].want), "position case %zu: got '%s', want '%s'", i, err,
                      pos_cases[i].want);
    }
    /* KK-CARDS-72: phase draw needs both piles and a hand short of 4 (the final position's last
     * round is undone: last=-); each case moves cards between the hand, the box and the piles */
    static const struct { const char *edits[4][2]; int ok; } draw_cases[] = {
        {{{"yS1,yS2,oF3,gC3", "yS2,oF3,gC3"}, {"left=-", "left=yS1"}, {"phase=place", "phase=draw"}, {"last=1", "last=-"}}, 0},
        {{{"yS1,yS2,oF3,gC3", "yS2,oF3,gC3"}, {"right=-", "right=yS1"}, {"phase=place", "phase=draw"}, {"last=1", "last=-"}}, 0},
        {{{"box=yF2,yF3,", "box="}, {"left=-;right=-", "left=yF2;right=yF3"}, {"phase=place", "phase=draw"}, {"last=1", "last=-"}}, 0},
        {{{"yS1,yS2,oF3,gC3", "yS2,oF3,gC3"}, {"box=yF2,", "box="}, {"left=-;right=-", "left=yS1;right=yF2"}, {"phase=place;turns=47;gave=0;last=1", "phase=draw;turns=47;gave=0;last=-"}}, 1},
        {{{"turns=47", "turns=255"}, {"", ""}, {"", ""}, {"", ""}}, 1},        /* the most turns a position holds */
    };
    for (size_t i = 0; i < sizeof draw_cases / sizeof draw_cases[0]; i++) {
        char cur[GAME_TEXT_MAX + 256], text[GAME_TEXT_MAX + 512];
        snprintf(cur, sizeof cur, "%s", pos);
        for (int e = 0; e < 4 && draw_cases[i].edits[e][0][0]; e++)
            snprintf(cur, sizeof cur, "%s", edit(cur, draw_cases[i].edits[e][0], draw_cases[i].edits[e][1]));
        snprintf(text, sizeof text, HEAD "[Position \"%s\"]\n", cur);
        err[0] = 0;
        int rc = replay_string(text, err, sizeof err);
        if (draw_cases[i].ok) ck_assert_msg(rc == RF_EXIT_OK, "draw case %zu: exit %d (%s)", i, rc, err);
        else {
            const char *want = "t.rec:4: position: phase draw needs both piles and a hand short of 4 cards";
            const char *at = strstr(err, want);
            ck_assert_msg(rc == RF_EXIT_BADINPUT && at && !strcmp(at, want), "draw case %zu: exit %d, got '%s'", i, rc, err);
        }
    }
    /* moves that do not fit the position: a give without the colour, a move after the end */
    char text[GAME_TEXT_MAX + 512];
    snprintf(text, sizeof text, HEAD "[Position \"%s\"]\nP3 give b P1\n", pos);
    ck_assert_int_eq(replay_string(text, err, sizeof err), RF_EXIT_BADINPUT);
    ck_assert_msg(strstr(err, "t.rec:5: illegal move 'P3 give b P1'"), "%s", err);
    snprintf(text, sizeof text, HEAD "[Position \"%s\"]\nP3 place yS1 b2\nP1 pass\n", pos);
    ck_assert_int_eq(replay_string(text, err, sizeof err), RF_EXIT_BADINPUT);
    ck_assert_msg(strstr(err, "t.rec:6: move after the end of the game"), "%s", err);
    /* a Result that disagrees is a finding (exit 1), not bad input */
    snprintf(text, sizeof text, HEAD "[Position \"%s\"]\n[Result \"24 19 23\"]\nP3 place yS1 b2\n", pos);
    ck_assert_int_eq(replay_string(text, err, sizeof err), RF_EXIT_VIOLATION);
    ck_assert_msg(strstr(err, "Result mismatch"), "%s", err);
#undef HEAD
}
END_TEST

/* Position errors name the field, the value and the [Position] line; a position no game can
 * reach is refused when it is loaded. */
/* A partial position (rest=pile) names some cards and deals the rest from the [Seed], with the
 * setup's unseen removal and two piles. */
START_TEST(a_partial_position_deals_what_it_does_not_name_from_the_seed)
{
    char path[512], err[RF_ERR_MAX];
    size_t len;
    snprintf(path, sizeof path, "%s/records/kk/partial-yellow-run.de.rec", tu_corpus());
    char *text = rf_read_file(path, &len, err, sizeof err);
    ck_assert_msg(text != NULL, "%s", err);
    static rf_replay a, b;
    ck_assert_msg(rf_replay_upto("p.rec", text, len, NULL, 0, &a, err, sizeof err) == RF_EXIT_OK, "%s", err);
    const kk_state *st = (const kk_state *)a.st;
    ck_assert_int_eq(st->council[tu_kk_cell("b1")], tu_kk_card("yS5"));
    ck_assert_int_eq(st->council[tu_kk_cell("b2")], KK_NONE);
    int removed = 0;
    for (int id = 0; id < KK_CARDS; id++) removed += st->box[id];
    ck_assert_int_eq(removed, kk_param.removed[3]);                   /* as at setup */
    ck_assert_int_le(abs(st->pile_len[0] - st->pile_len[1]), 1);
    ck_assert_msg(rf_replay_upto("p.rec", text, len, NULL, -1, &b, err, sizeof err) == RF_EXIT_OK, "%s", err);
    ck_assert_int_eq(((const kk_state *)b.st)->terr[0][tu_kk_card("yS5")], 1);   /* taken: yellow like yF5 */
    free(text);
}
END_TEST

START_TEST(position_errors_name_the_field_the_value_and_the_position_line)
{
    static const char *const rec = "records/kk/karl-takes-green-5-and-orange-4.de.rec";
    static const struct { const char *from, *to, *want; } cases[] = {
        {"last=-", "last=0", "position: 'last=0' (the last round) while the piles still hold"},
        {"hands=yC3,oC2,", "hands=yC3,oC9,", "position: 'oC9' in 'hands' of P1 is no card"},
        {"hands=yC3,oC2,bF4,gS1|", "hands=yC3,oC2,bF4,gS1,yC3|", "position: 'hands' of P1 holds more than 4 cards"},
        {"hands=yC3,oC2,", "hands=yC3,yC3,", "position: the 72 cards must each stand in one place (council, hands, left, right, terr, box): missing oC2; more than once yC3 (2 times)"},
        {"turn=2", "turn=P3", "position: 'turn' wants a seat number 1 to 3, e.g. turn=1, got 'P3'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int line;
        char *text = tu_record_edited(rec, cases[i].from, cases[i].to, &line);
        tu_refused(&kk_engine, text, line, cases[i].want);
        free(text);
    }
    int line;
    char *text = tu_record_edited(rec, "hands=yC3,oC2,", "hands=yC3, oC2,", &line);   /* a space after a comma */
    static inv_ctx c;
    static rf_replay out;
    char err[RF_ERR_MAX];
    inv_init(&c, &kk_engine, INV_GEN_ALL);
    ck_assert_msg(rf_replay_text("t.rec", text, strlen(text), &c, &out, err, sizeof err) == RF_EXIT_OK, "%s", err);
    free(text);
}
END_TEST

START_TEST(truncated_and_garbled_kk_records_never_crash)
{
    tu_record_mutations_never_crash(&kk_engine, "records/kk/karl-takes-green-5-and-orange-4.de.rec", 5, 2);
}
END_TEST

/* A record written by rf_record_write (as `rulefuzz play`, triage and the diff witnesses write
 * them) replays to the same final state, from a seed and from an explicit position. */
START_TEST(a_written_record_replays_to_the_same_game)
{
    static const uint32_t r[] = {0, KK_R_CRISIS_TAKE | KK_R_FINISH_ROUND, KK_R_MUST_BE_LOWEST | KK_R_TIE_NONE,
                                 KK_R_START_ALL16};
    tu_written_record_round_trip(&kk_engine, 2 + _i % 3, r[_i % 4], 40 + (uint64_t)_i, _i >= 4);
}
END_TEST

/* ---- Properties: random games, every oracle on -------------------------------------- */

#define PROPERTY_GAMES 10000      /* profile de, 2-4 players */
#define MASK_GAMES 3000           /* a random reading mask each, 2-4 players */

static inv_ctx prop_ctx, one_ctx;   /* all games; the current game */
static rf_cov prop_counts;          /* per-clause counts with the first input that fired each */


/* One random game: deal, play to the end with every oracle after every move, score. */
static long one_game(int players, uint32_t readings, uint64_t seed, uint64_t rng, const char *label)
{
    kk_state st;
    tu_kk_deal(&st, players, readings, seed);
    rf_chooser ch = {0};
    ch.use_rng = 1;
    ch.rng = rng;
    tu_kk_oracles(&one_ctx);
    tu_property_sampling(&one_ctx, seed);
    inv_on_setup(&one_ctx, &st);
    long moves = rf_play(&kk_engine, &st, &ch, &one_ctx, NULL, 0, RF_MAX_GAME_MOVES);
    tu_property_game_done(&prop_ctx, &one_ctx, &prop_counts, label, &kk_engine, &st);
    return moves;
}

/* Profile de, 2 to 4 players, PROPERTY_GAMES games, and MASK_GAMES games under random reading
 * masks, all oracles after every move (the costly conformance checks every RF_GEN_EVERY-th:
 * tu_property_sampling); then the clause coverage table. Every clause must have
 * fired: when RF_COUNTS names a counts file (`make check`), the counts are added there and
 * `rulefuzz coverage --fail-under 100` judges them (naming each clause that never fired);
 * otherwise this test does. Without the Kleine Kläffer oracles only the generic ones run. */
START_TEST(random_games_under_the_profile_and_random_readings_break_no_clause)
{
    int oracles = tu_kk_oracles(&prop_ctx);
    rf_cov_init(&prop_counts);
    tu_replay_corpus_records(&kk_engine, &prop_ctx, &one_ctx, &prop_counts);
    long moves = 0, games = 0;
    char label[96];
    for (int k = 0; k < tu_sized(PROPERTY_GAMES); k++, games++) {
        snprintf(label, sizeof label, "tests: random game %d, profile de", k);
        moves += one_game(2 + k % 3, kk_engine.profiles[0].readings, (uint64_t)k * 1000003u + 5u,
                          (uint64_t)k * 31u + 7u, label);
    }
    uint64_t mask_rng = 12345;
    for (int k = 0; k < tu_sized(MASK_GAMES); k++, games++) {
        uint32_t readings = (uint32_t)game_rng_below(&mask_rng, 1u << KK_N_AMB);
        snprintf(label, sizeof label, "tests: random game %d, readings mask 0x%02x", k, readings);
        moves += one_game(2 + k % 3, readings, (uint64_t)k * 7919u + 11u, (uint64_t)k * 17u + 3u, label);
    }
    printf("\nKleine Kläffer clause coverage: %ld random games (%ld moves; %d profile de, %d random reading"
           " masks; 2-4 players) plus corpus/records/kk%s\n", games, moves, tu_sized(PROPERTY_GAMES), tu_sized(MASK_GAMES),
           oracles ? "" : " (no Kleine Kläffer oracles registered: generic oracles only)");
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

static Suite *kk_suite(void)
{
    Suite *s = suite_create("kk");
    TCase *tc;

    tc = tcase_create("records");
    tcase_add_test(tc, karl_takes_the_green_5_for_its_breed_and_the_orange_4_for_its_colour);
    tcase_add_test(tc, karl_in_the_crisis_takes_the_blue_bulldog_2_and_three_chihuahuas);
    tcase_add_test(tc, the_final_example_scores_24_19_24_and_karl_wins_under_every_reading);
    tcase_add_test(tc, bad_kk_records_give_exit_2_and_a_file_line_message);
    tcase_add_test(tc, position_errors_name_the_field_the_value_and_the_position_line);
    tcase_add_test(tc, a_partial_position_deals_what_it_does_not_name_from_the_seed);
    tcase_add_test(tc, truncated_and_garbled_kk_records_never_crash);
    tcase_add_loop_test(tc, a_written_record_replays_to_the_same_game, 0, 8);
    suite_add_tcase(s, tc);

    tc = tcase_create("properties");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, random_games_under_the_profile_and_random_readings_break_no_clause);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(kk_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
