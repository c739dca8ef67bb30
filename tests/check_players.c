/* check_players.c: Check suite for the players (random, greedy, Monte Carlo) and the tournament. */
#include <dirent.h>
#include <math.h>
#include <unistd.h>
#include <sys/wait.h>
#include "testutil.h"
#include "testutil_bids.h"
#include "testutil_gp.h"
#include "testutil_kk.h"
#include "../ambiguity/report.h"
#include "../players/policy.h"
#include "../players/stats.h"
#include "../players/tournament.h"

typedef struct { unsigned char b[GAME_STATE_MAX] __attribute__((aligned(16))); } buf;

/* A position some way into a random game of g (seed k), with the decider a seat (not the table). */
static int seat_position(const game_engine *g, uint64_t k, buf *st)
{
    game_config cfg = {g->min_players + (int)(k % (uint64_t)(g->max_players - g->min_players + 1)), g->profiles[0].readings};
    ck_assert_int_eq(g->setup_seed(st->b, &cfg, k), GAME_OK);
    uint64_t rng = k * 7 + 1;
    long steps = (long)(k % 40);
    pol_play(g, st->b, NULL, &rng, steps);
    for (int guard = 0; guard < 200; guard++) {
        int who = g->to_move(st->b);
        if (who < 0) return 0;
        if (!game_is_table(&cfg, who)) return 1;
        pol_play(g, st->b, NULL, &rng, 1);
    }
    return 0;
}

/* Every policy's pick is a function of the state, the list and the generator. */
START_TEST(policies_pick_the_same_move_from_the_same_seed)
{
    const game_engine *g = game_engines[_i];
    const char *names[] = {"random", "greedy", "mc:3:20"};
    buf st;
    game_move legal[GAME_MAX_MOVES];
    for (uint64_t k = 0; k < 12; k++) {
        if (!seat_position(g, k, &st)) continue;
        int n = g->legal_moves(st.b, legal, GAME_MAX_MOVES);
        for (int p = 0; p < 3; p++) {
            pol_spec pol;
            char err[200];
            ck_assert_int_eq(pol_parse(names[p], &pol, err, sizeof err), 0);
            uint64_t r1 = 1000 + k, r2 = 1000 + k;
            int a = pol_choose(g, &pol, st.b, legal, n, &r1), b = pol_choose(g, &pol, st.b, legal, n, &r2);
            ck_assert_int_eq(a, b);
            ck_assert(r1 == r2);
            ck_assert(a >= 0 && a < n);
        }
    }
}
END_TEST

/* Greedy takes a move whose one-ply margin on the decider's own view is the best of all legal moves. */
START_TEST(greedy_picks_a_move_with_the_best_one_ply_margin_on_its_view)
{
    const game_engine *g = game_engines[_i];
    if (!g->score_now) return;
    pol_spec pol;
    char err[200];
    ck_assert_int_eq(pol_parse("greedy", &pol, err, sizeof err), 0);
    buf st, view, next;
    game_move legal[GAME_MAX_MOVES];
    int checked = 0, spread = 0;
    for (uint64_t k = 0; k < 200; k++) {
        if (!seat_position(g, k, &st)) continue;
        int n = g->legal_moves(st.b, legal, GAME_MAX_MOVES), who = g->to_move(st.b);
        if (n < 2) continue;
        memcpy(view.b, st.b, g->state_size);
        g->redact(view.b, who);
        double best = -1e18, worst = 1e18, got = 0;
        uint64_t r = k;
        int pick = pol_choose(g, &pol, st.b, legal, n, &r);
        for (int i = 0; i < n; i++) {
            memcpy(next.b, view.b, g->state_size);
            ck_assert_int_eq(g->apply(next.b, &legal[i]), GAME_OK);
            double v = pol_margin(g, next.b, who);
            if (v > best) best = v;
            if (v < worst) worst = v;
            if (i == pick) got = v;
        }
        ck_assert_msg(got == best, "%s seed %llu: greedy's move has margin %g, the best %g", g->name, (unsigned long long)k, got, best);
        checked++;
        spread += best > worst;
    }
    ck_assert_int_gt(checked, 50);
    ck_assert_int_gt(spread, 0);             /* some positions offered moves of different worth */
}
END_TEST

/* A hand-made Bonje position: P1 holds a stallion, P1.1 holds a mare, P2.1 a bull and a cow (value 8).
 * Into P1.1 the pair is worth 10 and P1 would win the round (margin +1); into an empty stable P1 ties at
 * 8 (margin 0). Greedy completes the pair, whatever its seed. */
START_TEST(greedy_completes_the_pair_that_wins_the_round_in_a_hand_made_position)
{
    bids_state st;
    tu_bids_pos(&st, 2, 0, "held=stallion1|-;stables=mare1/-/-|bull1,cow1/-/-;phase=play;actor=1");
    pol_spec pol = {POL_GREEDY, 0, 0};
    game_move legal[GAME_MAX_MOVES], want;
    int n = bids_engine.legal_moves(&st, legal, GAME_MAX_MOVES);
    ck_assert_int_eq(n, 3);                                  /* P1.1, P1.2, P1.3 */
    ck_assert_int_eq(bids_engine.move_parse(&st, "place P1.1", &want), GAME_OK);
    for (uint64_t seed = 0; seed < 20; seed++) {
        uint64_t r = seed;
        int i = pol_choose(&bids_engine, &pol, &st, legal, n, &r);
        ck_assert(game_move_eq(&legal[i], &want));
    }
    bids_state after = st;
    ck_assert_int_eq(bids_engine.apply(&after, &want), GAME_OK);
    ck_assert(pol_margin(&bids_engine, &after, 0) == 1.0);
}
END_TEST

/* A hand-made Gloria Picktoria position: P1 and P2 each collect vitrines, two pieces each (c1, c2); P1
 * holds a vitrine, its doubler lies face down as the bare chest c3. Laying the vitrine on c1 makes P1 the
 * longest collector of vitrines now; no other move raises P1's margin as much (a new chest counts
 * against it, a take or a draw changes nothing now). Greedy lays the vitrine, whatever its seed. */
START_TEST(greedy_extends_the_collection_that_becomes_the_longest_in_a_hand_made_position)
{
    gp_state st;
    tu_gp_pos(&st, 2, 0, "hands=K|SX;cols=1VK2j0x0,2VK2j0x0,1X.0j0x0", "");
    pol_spec pol = {POL_GREEDY, 0, 0};
    game_move legal[GAME_MAX_MOVES], want, next;
    int n = gp_engine.legal_moves(&st, legal, GAME_MAX_MOVES);
    ck_assert_int_gt(n, 2);
    ck_assert_int_eq(gp_engine.move_parse(&st, "open K c1", &want), GAME_OK);
    gp_state view = st, after;
    gp_engine.redact(&view, 0);
    double best_other = -1e9, got = 0;
    for (int i = 0; i < n; i++) {
        after = view;
        ck_assert_int_eq(gp_engine.apply(&after, &legal[i]), GAME_OK);
        double m = pol_margin(&gp_engine, &after, 0);
        if (game_move_eq(&legal[i], &want)) got = m;
        else if (m > best_other) best_other = m;
    }
    ck_assert_msg(got > best_other, "open K c1: margin %g, the best other move %g", got, best_other);
    for (uint64_t seed = 0; seed < 20; seed++) {
        uint64_t r = seed;
        next = legal[pol_choose(&gp_engine, &pol, &st, legal, n, &r)];
        ck_assert(game_move_eq(&next, &want));
    }
}
END_TEST

/* A hand-made Kleine Klaeffer position (as in check_kk_rules' give test): P1 holds yellow yC1 yS5 (secured
 * against P3's yF4) and orange oF2 (P2's oC3 secures orange, so oF2 is 2 bad points). Giving the orange
 * territory to P3 leaves P1 without bad points; giving yellow to P2 would hand away a secured colour.
 * Greedy gives orange to P3, whatever its seed. */
START_TEST(greedy_gives_away_the_territory_that_costs_it_bad_points_in_a_hand_made_position)
{
    kk_state st;
    tu_kk_deal(&st, 3, kk_engine.profiles[0].readings, 7);
    st.turns = 3;                                        /* P1's first turn of the second round */
    tu_kk_put_terr(&st, "yC1", 0);
    tu_kk_put_terr(&st, "yS5", 0);
    tu_kk_put_terr(&st, "oF2", 0);
    tu_kk_put_terr(&st, "oC3", 1);
    tu_kk_put_terr(&st, "yF4", 2);
    ck_assert(tu_kk_count_ok(&st));
    pol_spec pol = {POL_GREEDY, 0, 0};
    game_move legal[GAME_MAX_MOVES], want, next;
    int n = kk_engine.legal_moves(&st, legal, GAME_MAX_MOVES);
    ck_assert_int_eq(kk_engine.move_parse(&st, "give o P3", &want), GAME_OK);
    kk_state view = st, after;
    kk_engine.redact(&view, 0);
    double best_other = -1e9, got = -1e9;
    for (int i = 0; i < n; i++) {
        after = view;
        ck_assert_int_eq(kk_engine.apply(&after, &legal[i]), GAME_OK);
        double m = pol_margin(&kk_engine, &after, 0);
        if (game_move_eq(&legal[i], &want)) got = m;
        else if (m > best_other) best_other = m;
    }
    ck_assert_msg(got > best_other, "give o P3: margin %g, the best other move %g", got, best_other);
    for (uint64_t seed = 0; seed < 20; seed++) {
        uint64_t r = seed;
        next = legal[pol_choose(&kk_engine, &pol, &st, legal, n, &r)];
        ck_assert(game_move_eq(&next, &want));
    }
}
END_TEST

/* A hand-made Herr der Ziegen position: P1 has played a dog and may move its one own-marked goat card, laid
 * by hand in the middle of the meadow, away from every stable (HDZ-DOG-SWAP-NEUTRAL). Where it goes
 * changes P1's score so far (a card beside its own stable counts double, HDZ-FINAL-STABLE-DOUBLE): the
 * dog moves are not all worth the same, and greedy takes one of the best, whatever its seed. */
START_TEST(greedy_moves_its_goat_card_beside_its_stable_in_a_hand_made_position)
{
    hdz_state st;
    tu_hdz_deal(&st, 3, hdz_engine.profiles[0].readings, 2);
    while (st.phase == HDZ_PH_REDRAW) ck_assert_int_eq(tu_try(&hdz_engine, &st, "keep"), GAME_OK);
    tu_put_hand(&st, "Dog", 0, 0);
    st.phase = HDZ_PH_PLAY;
    st.turn = st.decider = 0;
    /* P1's one small goat: on a goat card at (or next to) the middle of the meadow */
    int best = -1, far = -1, mid = HDZ_W * (st.n / 2) + st.n / 2;
    for (int c = 0; c < HDZ_CELLS; c++) {
        if (!HDZ_IS_GOAT(st.cell[c]) || c / HDZ_W >= st.n || c % HDZ_W >= st.n) continue;
        int d = abs(c / HDZ_W - mid / HDZ_W) + abs(c % HDZ_W - mid % HDZ_W);
        if (d <= 1 && (best < 0 || d < far)) { best = c; far = d; }
    }
    ck_assert_int_ge(best, 0);
    st.mark[best] = 0;
    st.supply[0]--;
    ck_assert_int_eq(tu_try(&hdz_engine, &st, "play Dog"), GAME_OK);
    game_move legal[GAME_MAX_MOVES];
    int n = hdz_engine.legal_moves(&st, legal, GAME_MAX_MOVES);
    for (int guard = 0; st.phase != HDZ_PH_DOG && n > 0 && guard < 4; guard++) {   /* the take, then the dog */
        ck_assert_int_eq(hdz_engine.apply(&st, &legal[0]), GAME_OK);
        n = hdz_engine.legal_moves(&st, legal, GAME_MAX_MOVES);
    }
    ck_assert_int_eq(st.phase, HDZ_PH_DOG);
    ck_assert_int_eq(st.mark[best], 0);
    ck_assert_int_gt(n, 2);
    hdz_state view = st, after;
    hdz_engine.redact(&view, 0);
    double m[GAME_MAX_MOVES], hi = -1e9, lo = 1e9;
    for (int i = 0; i < n; i++) {
        after = view;
        ck_assert_int_eq(hdz_engine.apply(&after, &legal[i]), GAME_OK);
        m[i] = pol_margin(&hdz_engine, &after, 0);
        if (m[i] > hi) hi = m[i];
        if (m[i] < lo) lo = m[i];
    }
    ck_assert_msg(hi > lo, "every dog move is worth %g", hi);
    pol_spec pol = {POL_GREEDY, 0, 0};
    for (uint64_t seed = 0; seed < 20; seed++) {
        uint64_t r = seed;
        int i = pol_choose(&hdz_engine, &pol, &st, legal, n, &r);
        ck_assert_msg(m[i] == hi, "greedy's dog move is worth %g, the best %g", m[i], hi);
    }
}
END_TEST

/* Kleine Klaeffer counts bad points: the margin is the seat's lead in fewest points. */
START_TEST(the_margin_reads_fewer_points_as_better_where_the_lowest_wins)
{
    buf st;
    game_config cfg = {3, kk_engine.profiles[0].readings};
    ck_assert_int_eq(kk_engine.setup_seed(st.b, &cfg, 5), GAME_OK);
    uint64_t rng = 9;
    pol_play(&kk_engine, st.b, NULL, &rng, 100000);
    int scores[GAME_MAX_PLAYERS];
    unsigned w;
    ck_assert_int_eq(kk_engine.result(st.b, scores, &w), GAME_OK);
    for (int p = 0; p < 3; p++)
        if (w >> p & 1) ck_assert(pol_margin(&kk_engine, st.b, p) >= 0);
}
END_TEST

/* Policy names: what pol_parse reads, pol_print writes; anything else is refused with a reason. */
START_TEST(policy_names_parse_and_print_and_bad_names_are_refused)
{
    const char *good[] = {"random", "greedy", "mc:32", "mc:8:100"};
    const char *bad[] = {"", "mc", "mc:", "mc:0", "mc:-3", "mc:5:", "mc:5:x", "greedy2", "Random", "mc:99999999999"};
    pol_spec p;
    char err[256], out[POL_NAME_MAX];
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        ck_assert_int_eq(pol_parse(good[i], &p, err, sizeof err), 0);
        pol_print(&p, out, sizeof out);
        ck_assert_str_eq(out, good[i]);
    }
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        ck_assert_int_eq(pol_parse(bad[i], &p, err, sizeof err), -1);
        ck_assert(strstr(err, "unknown policy") != NULL);
    }
}
END_TEST

/* The tournament rotates seats: at every player count each policy sits in each seat equally often (over
 * every npol * players games at that count), with two and with three policies; greedy beats random in
 * Kleine Klaeffer. */
START_TEST(the_tournament_rotates_seats_and_greedy_beats_random)
{
    for (int npol = 2; npol <= 3; npol++)
        for (int players = 2; players <= 5; players++) {
            long seats[3][5] = {{0}};
            for (long r = 0; r < (long)npol * players * 2; r++)
                for (int s = 0; s < players; s++) seats[pol_seat_policy(s, players, r, npol)][s]++;
            for (int p = 0; p < npol; p++)
                for (int s = 0; s < players; s++) ck_assert_int_eq(seats[p][s], 2L * players);
        }
    pol_spec pols[2];
    char err[100];
    ck_assert_int_eq(pol_parse("greedy", &pols[0], err, sizeof err), 0);
    ck_assert_int_eq(pol_parse("random", &pols[1], err, sizeof err), 0);
    enum { N = 144 };    /* 48 games at each count: whole cycles of 4, 6 and 8 games */
    static pol_game res[N];
    /* players in turn (2, 3, 4): game k is the (k / 3)-th at its count */
    ck_assert_int_eq(pol_tournament(&kk_engine, pols, 2, 0, kk_engine.profiles[0].readings, 1, N, 2, res), 0);
    double share[2] = {0, 0};
    long seats[5][2][4] = {{{0}}};
    for (int k = 0; k < N; k++) {
        ck_assert_int_eq(res[k].players, 2 + k % 3);
        for (int s = 0; s < res[k].players; s++) { share[res[k].pol[s]] += res[k].share[s]; seats[res[k].players][res[k].pol[s]][s]++; }
    }
    for (int pl = 2; pl <= 4; pl++)
        for (int s = 0; s < pl; s++) ck_assert_int_eq(seats[pl][0][s], seats[pl][1][s]);
    ck_assert(share[0] > share[1] + 15);
}
END_TEST

/* The report's sensible player beats greedy in every game: its Bradley-Terry rating over greedy, from
 * 96 games with the seats rotated at every player count (fixed deals), has a 95% bootstrap interval
 * above 0 (the ladder in docs/ambiguity-report.md measures the size on 288 games and more). */
START_TEST(the_sensible_player_beats_greedy_in_every_game)
{
    const game_engine *games[] = {&hdz_engine, &kk_engine, &gp_engine, &bids_engine};
    pol_spec pols[2];
    char err[100];
    ck_assert_int_eq(pol_parse("greedy", &pols[0], err, sizeof err), 0);
    ck_assert_int_eq(pol_parse("sensible", &pols[1], err, sizeof err), 0);
    enum { N = 96 };
    static pol_game res[N];
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        const game_engine *g = games[gi];
        ck_assert_int_eq(pol_tournament(g, pols, 2, 0, g->profiles[0].readings, 1, N, 2, res), 0);
        pol_rating r[2];
        pol_ratings(res, N, 2, 200, 7, r);
        if (!(r[1].lo > 0)) ck_abort_msg("%s: sensible over greedy %+.0f Elo [%+.0f, %+.0f]", g->name, r[1].elo, r[1].lo, r[1].hi);
    }
}
END_TEST

/* Bad input: a clear one-line error and exit 2, nothing run (a number past 64 bits is refused, never
 * clamped; an unknown policy or game is named). */
START_TEST(bad_options_are_refused_with_exit_2)
{
    char *t1[] = {"hdz", "--seed", "99999999999999999999999", NULL};
    char *t2[] = {"hdz", "--policies", "greedy,clever", NULL};
    char *t3[] = {"nogame", NULL};
    char *t4[] = {"hdz", "--games", "0", NULL};
    char *r1[] = {"ambiguities", "hdz", "--seed", "18446744073709551616", NULL};
    char *r2[] = {"ambiguities", "hdz", "--policy", "mc:0", NULL};
    char *r3[] = {"ambiguities", "hdz", "--jobs", "65", NULL};
    char *r4[] = {"ambiguities", "hdz", "--players", "9", NULL};
    char *r5[] = {"ambiguities", "gp", "--players", "1", NULL};
    char *r6[] = {"ambiguities", "kk", "--players", "-1", NULL};
    char *r7[] = {"ambiguities", "bids", "--players", "5", NULL};
    FILE *kerr = stderr;
    stderr = fopen("/dev/null", "w");
    int rc[11] = {rf_cmd_tournament(3, t1), rf_cmd_tournament(3, t2), rf_cmd_tournament(1, t3), rf_cmd_tournament(3, t4),
                  rf_cmd_report(4, r1), rf_cmd_report(4, r2), rf_cmd_report(4, r3), rf_cmd_report(4, r4), rf_cmd_report(4, r5),
                  rf_cmd_report(4, r6), rf_cmd_report(4, r7)};
    fclose(stderr);
    stderr = kerr;
    for (int i = 0; i < 11; i++) ck_assert_msg(rc[i] == 2, "case %d: exit %d", i, rc[i]);
    /* the CLI's own number parser (play, show), through the built command when it is there */
    char root[512], cmd[4096];
    snprintf(root, sizeof root, "%s/..", tu_corpus());
    snprintf(cmd, sizeof cmd, "%s/build/rulefuzz", root);
    if (access(cmd, X_OK) == 0) {
        snprintf(cmd, sizeof cmd, "%s/build/rulefuzz play hdz --players 3 --seed 99999999999999999999999 2>/dev/null", root);
        int st = system(cmd);
        ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 2);
        snprintf(cmd, sizeof cmd, "%s/build/rulefuzz play hdz --players 3 --seed 4 --policy clever 2>/dev/null", root);
        st = system(cmd);
        ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 2);
        /* a game played by a policy is a record like any other: it replays with every oracle on */
        char tmp[] = "/tmp/rf-play-XXXXXX";
        int fd = mkstemp(tmp);
        ck_assert(fd >= 0);
        close(fd);
        snprintf(cmd, sizeof cmd, "%s/build/rulefuzz play kk --players 3 --seed 4 --policy greedy > %s && %s/build/rulefuzz replay %s >/dev/null",
                 root, tmp, root, tmp);
        st = system(cmd);
        ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
        /* a game cut at the record's cap (Bonje under five-win=complete-win, seed 2: 8,192 moves and not over)
         * is a record replay and show take, and says so */
        snprintf(cmd, sizeof cmd, "%s/build/rulefuzz play bids --players 4 --seed 2 --profile nl --readings five-win=complete-win > %s && "
                 "grep -q 'cut at 8192 moves' %s && %s/build/rulefuzz replay %s >/dev/null && %s/build/rulefuzz show %s >/dev/null",
                 root, tmp, tmp, root, tmp, root, tmp);
        st = system(cmd);
        unlink(tmp);
        ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("players");
    TCase *tc = tcase_create("policies");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, policies_pick_the_same_move_from_the_same_seed, 0, 4);
    tcase_add_loop_test(tc, greedy_picks_a_move_with_the_best_one_ply_margin_on_its_view, 0, 4);
    tcase_add_test(tc, the_margin_reads_fewer_points_as_better_where_the_lowest_wins);
    tcase_add_test(tc, greedy_completes_the_pair_that_wins_the_round_in_a_hand_made_position);
    tcase_add_test(tc, greedy_extends_the_collection_that_becomes_the_longest_in_a_hand_made_position);
    tcase_add_test(tc, greedy_gives_away_the_territory_that_costs_it_bad_points_in_a_hand_made_position);
    tcase_add_test(tc, greedy_moves_its_goat_card_beside_its_stable_in_a_hand_made_position);
    tcase_add_test(tc, policy_names_parse_and_print_and_bad_names_are_refused);
    tcase_add_test(tc, the_tournament_rotates_seats_and_greedy_beats_random);
    tcase_add_test(tc, the_sensible_player_beats_greedy_in_every_game);
    tcase_add_test(tc, bad_options_are_refused_with_exit_2);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
