/* check_diff.c: Check suite for lockstep diffs and ambiguity witnesses. */
#include <unistd.h>
#include "testutil.h"
#include "../ambiguity/diff.h"

static const game_engine *G = &hdz_engine;

static void bytes_for(uint64_t seed, uint8_t *b)
{
    for (int i = 0; i < RF_DIFF_BYTES; i++) b[i] = (uint8_t)game_rng_next(&seed);
}

/* GEN-DETERMINISM: the same readings on both sides never part */
START_TEST(the_same_readings_never_part)
{
    uint8_t b[RF_DIFF_BYTES];
    for (uint64_t k = 0; k < 300; k++) {
        rf_diff_game d;
        bytes_for(k, b);
        rf_diff_play(G, 2 + (int)(k % 4), k, b, sizeof b, G->profiles[1].readings, G->profiles[1].readings, &d, NULL, NULL);
        ck_assert_int_eq(d.state_at, -1);
        ck_assert_int_eq(d.legal_at, -1);
        ck_assert(!d.scores_differ && !d.winner_differ);
        ck_assert_int_eq(d.moves[0], d.moves[1]);
    }
}
END_TEST

/* HDZ-AMB-MILK-ROUND: a scoring reading changes scores, never a position or a legal move */
START_TEST(a_milk_rounding_reading_changes_only_final_scores)
{
    uint8_t b[RF_DIFF_BYTES];
    int scores = 0;
    uint32_t r = G->profiles[0].readings;
    for (uint64_t k = 0; k < 300; k++) {
        rf_diff_game d;
        bytes_for(k, b);
        rf_diff_play(G, 2 + (int)(k % 4), k, b, sizeof b, r, r ^ HDZ_R_MILK_UP, &d, NULL, NULL);
        ck_assert_int_eq(d.state_at, -1);
        ck_assert_int_eq(d.legal_at, -1);
        scores += d.scores_differ;
    }
    ck_assert_int_gt(scores, 0);
}
END_TEST

/* HDZ-AMB-STABLE-SITE: where the stables stand changes every deal */
START_TEST(the_stable_site_reading_changes_every_deal)
{
    uint8_t b[RF_DIFF_BYTES];
    uint32_t r = G->profiles[0].readings;
    for (uint64_t k = 0; k < 50; k++) {
        rf_diff_game d;
        bytes_for(k, b);
        rf_diff_play(G, 3, k, b, sizeof b, r, r ^ HDZ_R_SITE_OUTSIDE, &d, NULL, NULL);
        ck_assert_int_eq(d.state_at, 0);
    }
}
END_TEST

/* A witness pair replays under each side to the different results it claims. */
START_TEST(witness_records_replay_to_the_outcomes_they_claim)
{
    char dir[] = "/tmp/rf-diff-XXXXXX";
    ck_assert(mkdtemp(dir) != NULL);
    char *argv[] = {"hdz", "nl", "nl,milk-round=up", "--games", "300", "--out", dir, NULL};
    FILE *keep = stdout;
    stdout = fopen("/dev/null", "w");
    int rc = rf_cmd_diff(7, argv);
    fclose(stdout);
    stdout = keep;
    ck_assert_int_eq(rc, RF_EXIT_OK);
    int scores[2][GAME_MAX_PLAYERS];
    char path[512];
    DIR *d = opendir(dir);
    struct dirent *e;
    int found = 0;
    while ((e = readdir(d))) {
        for (int s = 0; s < 2; s++) {
            if (!strstr(e->d_name, "HDZ-AMB-MILK-ROUND")) continue;
            int side = strstr(e->d_name, "milk-round_up") != NULL;
            if (side != s) continue;
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            char err[RF_ERR_MAX];
            size_t len;
            char *text = rf_read_file(path, &len, err, sizeof err);
            ck_assert(text);
            static rf_replay out;
            static inv_ctx c;
            inv_init(&c, G, INV_GEN_ALL);
            ck_assert_msg(rf_replay_text(path, text, len, &c, &out, err, sizeof err) == RF_EXIT_OK, "%s", err);
            ck_assert(strstr(text, "[Result \"") != NULL);   /* the claim replay just checked */
            memcpy(scores[s], out.scores, sizeof scores[s]);
            free(text);
            found |= 1 << s;
        }
    }
    closedir(d);
    ck_assert_int_eq(found, 3);
    ck_assert(memcmp(scores[0], scores[1], sizeof scores[0]) != 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("diff");
    TCase *tc = tcase_create("lockstep");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, the_same_readings_never_part);
    tcase_add_test(tc, a_milk_rounding_reading_changes_only_final_scores);
    tcase_add_test(tc, the_stable_site_reading_changes_every_deal);
    tcase_add_test(tc, witness_records_replay_to_the_outcomes_they_claim);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
