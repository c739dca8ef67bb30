/* check_report.c: Check suite for the ambiguity report's statistics: intervals, p-values and corrections on
 * known numbers and simulated families, paired games on constructed data (unfinished games, a planted
 * effect, penalty points), the negative control over many seeds, known effects, and the report itself. */
#include <dirent.h>
#include <math.h>
#include "testutil.h"
#include "../rules/kk.h"
#include "../rules/bids.h"
#include "../rules/gp.h"
#include "../ambiguity/impact.h"
#include "../ambiguity/report.h"
#include "../players/stats.h"

typedef struct { unsigned char b[GAME_STATE_MAX] __attribute__((aligned(16))); } tu_buf;

/* A normal draw (Box-Muller) from the game generator. */
static double normal_draw(uint64_t *rng)
{
    double u = ((double)(game_rng_next(rng) >> 11) + 0.5) / 9007199254740992.0;
    double v = ((double)(game_rng_next(rng) >> 11) + 0.5) / 9007199254740992.0;
    return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

static double uniform_draw(uint64_t *rng) { return ((double)(game_rng_next(rng) >> 11) + 0.5) / 9007199254740992.0; }

/* Wilson and Student's t intervals, p-values and both corrections on numbers worked by hand. */
START_TEST(intervals_p_values_and_corrections_are_right_on_known_numbers)
{
    stat_rate r;
    stat_rate_of(5, 10, &r);
    ck_assert(fabs(r.lo - 0.2366) < 1e-3 && fabs(r.hi - 0.7634) < 1e-3);
    stat_rate_of(0, 50, &r);
    ck_assert(r.lo == 0 && fabs(r.hi - 0.0714) < 1e-3);
    double v[4] = {1, 2, 3, 4};
    stat_mean m;
    stat_mean_of(v, 4, &m);
    /* mean 2.5, sd 1.291, se 0.6455, t(0.975, 3) = 3.1824: [0.4457, 4.5543]; t = 3.873, two-sided p = 0.0305 */
    ck_assert(fabs(m.mean - 2.5) < 1e-9 && fabs(m.se - 0.645497) < 1e-5);
    ck_assert(fabs(m.lo - 0.4457) < 1e-3 && fabs(m.hi - 4.5543) < 1e-3);
    ck_assert(fabs(m.p - 0.0305) < 5e-4);
    ck_assert(fabs(stat_mean_p_above(&m) - 0.0152) < 5e-4);
    ck_assert(fabs(stat_t_cdf(2.0, 10) - 0.963306) < 1e-5);
    ck_assert(fabs(stat_t_quantile(0.975, 30) - 2.042272) < 1e-5);
    ck_assert(fabs(stat_t_cdf(1.959964, 1e9) - 0.975) < 1e-6);
    /* no spread: the mean is exact */
    double same[3] = {2, 2, 2}, zero[3] = {0, 0, 0};
    stat_mean_of(same, 3, &m);
    ck_assert(m.p == 0 && m.lo == 2 && m.hi == 2);
    stat_mean_of(zero, 3, &m);
    ck_assert(m.p == 1);
    /* BH: p 0.01 0.04 0.03 0.005 -> q 0.02 0.04 0.04 0.02; Holm -> 0.03 0.06 0.06 0.02; NaN is no test */
    double p[5] = {0.01, 0.04, NAN, 0.03, 0.005}, q[5], h[5];
    stat_bh(p, 5, q);
    stat_holm(p, 5, h);
    const double wq[5] = {0.02, 0.04, NAN, 0.04, 0.02}, wh[5] = {0.03, 0.06, NAN, 0.06, 0.02};
    for (int i = 0; i < 5; i++) {
        if (isnan(wq[i])) { ck_assert(isnan(q[i]) && isnan(h[i])); continue; }
        ck_assert_msg(fabs(q[i] - wq[i]) < 1e-12, "q[%d] = %g", i, q[i]);
        ck_assert_msg(fabs(h[i] - wh[i]) < 1e-12, "holm[%d] = %g", i, h[i]);
    }
}
END_TEST

/* The corrections hold the rates they state: 4000 simulated families of 20 tests, 16 true nulls (uniform
 * p) and 4 effects (z drawn around 3): Benjamini-Hochberg's false discovery proportion averages at most
 * 5% (plus simulation error), Holm's family-wise error at most 5%, and both find effects. */
START_TEST(benjamini_hochberg_and_holm_hold_their_rates_on_simulated_families)
{
    enum { FAMILIES = 4000, M = 20, NULLS = 16 };
    uint64_t rng = 2024;
    double p[M], q[M], h[M], fdp = 0;
    long fwer = 0, found = 0;
    for (int f = 0; f < FAMILIES; f++) {
        for (int i = 0; i < M; i++) {
            if (i < NULLS) p[i] = uniform_draw(&rng);
            else p[i] = 0.5 * erfc((3 + normal_draw(&rng)) / sqrt(2.0));     /* one-sided p of z ~ N(3, 1) */
        }
        stat_bh(p, M, q);
        stat_holm(p, M, h);
        int rej = 0, false_rej = 0, hfalse = 0;
        for (int i = 0; i < M; i++) {
            if (q[i] <= 0.05) { rej++; false_rej += i < NULLS; found += i >= NULLS; }
            if (h[i] <= 0.05 && i < NULLS) hfalse = 1;
        }
        if (rej) fdp += (double)false_rej / rej;
        fwer += hfalse;
    }
    double fdr = fdp / FAMILIES, fw = (double)fwer / FAMILIES;
    /* BH's FDR here is 16/20 * 5% = 4%; the simulation's standard error is about 0.3 points */
    ck_assert_msg(fdr <= 0.05 + 0.01, "BH: false discovery rate %.4f", fdr);
    ck_assert_msg(fw <= 0.05 + 0.01, "Holm: family-wise error rate %.4f", fw);
    ck_assert_msg(found > FAMILIES * 4 / 2, "BH finds too few of the effects: %ld", found);
}
END_TEST

/* A constructed paired game of two players. */
static void game_of(amb_game *x, int ended_a, int ended_b, unsigned wa, unsigned wb, unsigned na, unsigned nb, int units_a, int units_b)
{
    memset(x, 0, sizeof *x);
    x->players = 2;
    x->part_at = 5;
    x->part_kind = AMB_PART_LEGAL;
    x->shown_at = 5;
    x->shown_kind = AMB_PART_LEGAL;
    x->relevant = -1;
    x->side[0].ended = ended_a; x->side[1].ended = ended_b;
    x->side[0].winners = ended_a ? wa : 0; x->side[1].winners = ended_b ? wb : 0;
    x->side[0].null_ended = 1; x->side[1].null_ended = 1;
    x->side[0].null_winners = na; x->side[1].null_winners = nb;
    x->side[0].units = units_a; x->side[1].units = units_b;
    x->side[0].decisions = 10L * units_a; x->side[1].decisions = 10L * units_b;
    for (int s = 0; s < 2; s++) {
        unsigned w = x->side[s].winners;
        x->side[s].scores[0] = (w & 1u) ? 10 : 5;
        x->side[s].scores[1] = (w & 2u) ? 10 : 5;
    }
}

/* Every game counts: a side that did not end is in the completion figure and in the length (with what it
 * reached), has no winner (a winner "change" when the other side has one), and stays out only of the
 * outcome measures, whose denominator says so. */
START_TEST(unfinished_games_are_counted_in_every_figure_that_can_hold_them)
{
    enum { N = 100 };
    static amb_game x[N];
    for (int i = 0; i < N; i++) {
        int unfinished = i < 30;                 /* B never ends in 30 games: its length there is the cap's */
        game_of(&x[i], 1, !unfinished, 1u, 1u, 1u, unfinished ? 0u : 1u, 10, unfinished ? 800 : 10);
    }
    amb_stats s;
    amb_stats_of(&hdz_engine, x, N, &s);
    ck_assert_int_eq(s.games, N);
    ck_assert_int_eq(s.side[0].ended, N);
    ck_assert_int_eq(s.side[1].ended, N - 30);
    ck_assert_int_eq(s.both_ended, N - 30);
    ck_assert(fabs(s.side[1].done.p - 0.70) < 1e-12);
    ck_assert_int_eq(s.effect[AMB_M_DONE].n, N);
    ck_assert(fabs(s.effect[AMB_M_DONE].mean + 0.30) < 1e-12);
    ck_assert_int_eq(s.effect[AMB_M_UNITS].n, N);                          /* every game, the unfinished at the cap */
    ck_assert(fabs(s.effect[AMB_M_UNITS].mean - 0.30 * 790 / 2) < 1e-9);    /* hdz counts turns per seat */
    ck_assert_int_eq(s.effect[AMB_M_FIRST].n, N - 30);                      /* outcome measures: both ended */
    ck_assert_int_eq(s.all_ended, N - 30);                                 /* the winner's change: all four runs ended */
    ck_assert_int_eq(s.effect[AMB_M_EXCESS].n, N - 30);
    ck_assert_int_eq(s.changed.x, 0);
    ck_assert(s.p[AMB_M_DONE] < 1e-6);
    ck_assert_int_eq(s.side[1].capped_units.n, 30);                        /* what the unfinished games had reached */
    ck_assert(fabs(s.side[1].capped_units.mean - 400) < 1e-9);
}
END_TEST

/* A planted effect of known size is found: A's winner is P1 or P2 at even odds, B's P1 four times in five
 * (continuations independent, each null drawn from its own side's law), so the winner changes beyond
 * chance by half the squared distance of the two laws, (0.3^2 + 0.3^2) / 2 = 0.09; with equal laws the
 * figure is 0, and a reading that decides the winner at the parting point (B fixed, drawn from A's law)
 * gives no negative excess. */
START_TEST(a_planted_winner_effect_of_known_size_is_found_and_a_null_one_is_not)
{
    enum { N = 4000 };
    static amb_game x[N];
    uint64_t rng = 99;
    for (int i = 0; i < N; i++) {
        unsigned a = uniform_draw(&rng) < 0.5 ? 1u : 2u, a2 = uniform_draw(&rng) < 0.5 ? 1u : 2u;
        unsigned b = uniform_draw(&rng) < 0.8 ? 1u : 2u, b2 = uniform_draw(&rng) < 0.8 ? 1u : 2u;
        game_of(&x[i], 1, 1, a, b, a2, b2, 10, 10);
    }
    amb_stats s;
    amb_stats_of(&hdz_engine, x, N, &s);
    const stat_mean *e = &s.effect[AMB_M_EXCESS];
    ck_assert_msg(fabs(e->mean - 0.09) < 0.03, "excess %g", e->mean);
    ck_assert(e->lo < 0.09 && e->hi > 0.09);
    ck_assert(s.p[AMB_M_EXCESS] < 1e-6);
    ck_assert(s.effect[AMB_M_FIRST].mean > 0.2 && s.p[AMB_M_FIRST] < 1e-6);   /* P1 wins 30 points more often */
    for (int i = 0; i < N; i++) {
        unsigned a = uniform_draw(&rng) < 0.5 ? 1u : 2u, a2 = uniform_draw(&rng) < 0.5 ? 1u : 2u;
        unsigned b = uniform_draw(&rng) < 0.5 ? 1u : 2u, b2 = uniform_draw(&rng) < 0.5 ? 1u : 2u;
        game_of(&x[i], 1, 1, a, b, a2, b2, 10, 10);
    }
    amb_stats_of(&hdz_engine, x, N, &s);
    ck_assert_msg(fabs(s.effect[AMB_M_EXCESS].mean) < 0.03, "null excess %g", s.effect[AMB_M_EXCESS].mean);
    ck_assert(s.p[AMB_M_EXCESS] > 0.001);
    /* B decided at the parting point: its null is itself; B's winner drawn from A's law */
    double sum = 0;
    for (int rep = 0; rep < 20; rep++) {
        for (int i = 0; i < N; i++) {
            unsigned a = uniform_draw(&rng) < 0.7 ? 1u : 2u, a2 = uniform_draw(&rng) < 0.7 ? 1u : 2u;
            unsigned b = uniform_draw(&rng) < 0.7 ? 1u : 2u;
            game_of(&x[i], 1, 1, a, b, a2, b, 10, 2);
        }
        amb_stats_of(&hdz_engine, x, N, &s);
        sum += s.effect[AMB_M_EXCESS].mean;
        ck_assert_msg(s.effect[AMB_M_EXCESS].hi > 0, "a shorter game gave a negative excess [%g, %g]", s.effect[AMB_M_EXCESS].lo,
                      s.effect[AMB_M_EXCESS].hi);
    }
    /* expectation: half of (0.7 - 1)^2 + 0.3^2 for B = P1 (70%), (0.7)^2 + (0.3 - 1)^2 for B = P2: 0.21 */
    ck_assert_msg(fabs(sum / 20 - 0.21) < 0.02, "mean excess %g", sum / 20);
}
END_TEST

/* Penalty points: in Kleine Klaeffer the winner's figure is the lowest total and its lead is how far below
 * the best other seat it stays. */
START_TEST(a_penalty_games_winners_score_is_the_lowest_total)
{
    enum { N = 10 };
    static amb_game x[N];
    for (int i = 0; i < N; i++) {
        memset(&x[i], 0, sizeof x[i]);
        x[i].players = 3;
        x[i].part_at = x[i].shown_at = -1;
        x[i].relevant = -1;
        for (int s = 0; s < 2; s++) {
            amb_side *d = &x[i].side[s];
            d->ended = d->null_ended = 1;
            d->scores[0] = 10; d->scores[1] = 3 + s; d->scores[2] = 7;
            d->winners = d->null_winners = 2u;          /* P2, the fewest penalty points */
        }
    }
    amb_stats s;
    amb_stats_of(&kk_engine, x, N, &s);
    ck_assert(kk_engine.score_sense < 0);
    ck_assert(fabs(s.side[0].wscore.mean - 3) < 1e-12);
    ck_assert(fabs(s.side[1].wscore.mean - 4) < 1e-12);
    ck_assert(fabs(s.side[0].margin.mean - 4) < 1e-12);   /* 7 - 3 */
    ck_assert(fabs(s.side[1].margin.mean - 3) < 1e-12);   /* 7 - 4 */
    ck_assert(fabs(s.effect[AMB_M_WSCORE].mean - 1) < 1e-12);
    char name[80];
    ck_assert_str_eq(amb_measure_text(&kk_engine, AMB_M_WSCORE, NULL, name, sizeof name), "winner's penalty points");
    ck_assert_str_eq(amb_measure_text(&bids_engine, AMB_M_UNITS, NULL, name, sizeof name), "length (rounds)");
    ck_assert_str_eq(amb_measure_text(&hdz_engine, AMB_M_UNITS, NULL, name, sizeof name), "length (turns per seat)");
}
END_TEST

/* The negative control marks no more than the stated rate: 40 independent A/A comparisons (Kleine
 * Klaeffer, random play, the second run's draws its own from the deal on, 80 paired games each), each
 * family of measures corrected by Benjamini-Hochberg at 5%: under the complete null its FDR is its
 * family-wise error, so about 2 of 40 may show a mark; 7 or more has a chance under 0.1%. */
START_TEST(the_negative_control_marks_no_more_than_the_stated_rate_over_many_seeds)
{
    enum { SEEDS = 40, N = 80 };
    static amb_game x[N];
    pol_spec pol = {POL_RANDOM, 0, 0};
    uint32_t r = kk_engine.profiles[0].readings;
    int marked_families = 0;
    long forced = 0;
    for (int seed = 0; seed < SEEDS; seed++) {
        ck_assert_int_eq(amb_play_many(&kk_engine, &pol, 0, (uint64_t)seed, amb_salt("control", seed), N, r, r, AMB_NULL | AMB_FORCE, 2, x), 0);
        amb_stats s;
        amb_stats_of(&kk_engine, x, N, &s);
        for (int i = 0; i < N; i++) forced += x[i].part_kind == AMB_PART_FORCED;
        double q[AMB_MEASURES];
        stat_bh(s.p, AMB_MEASURES, q);
        int any = 0;
        for (int m = 0; m < AMB_MEASURES; m++) any |= !isnan(q[m]) && q[m] <= 0.05;
        marked_families += any;
        ck_assert_int_eq(s.shown.x, 0);           /* the rule never differs: it never comes up */
    }
    ck_assert_msg(forced > (long)SEEDS * N * 8 / 10, "the control parted in %ld of %d games", forced, SEEDS * N);
    ck_assert_msg(marked_families <= 6, "%d of %d A/A families marked an effect", marked_families, SEEDS);
}
END_TEST

/* The null has the comparison's randomness: in the A/A control parted in mid-game (random Kleine
 * Klaeffer, 1,500 games), where A and B and both nulls decide the parting decision from draws of their
 * own, the winner's change beyond chance is centred on 0 (within 3 standard errors either way): no
 * reading-free pipeline effect pushes it up or down. */
START_TEST(the_null_has_the_same_randomness_as_the_comparison_at_the_parting_decision)
{
    enum { N = 1500 };
    static amb_game x[N];
    pol_spec pol = {POL_RANDOM, 0, 0};
    uint32_t r = kk_engine.profiles[0].readings;
    ck_assert_int_eq(amb_play_many(&kk_engine, &pol, 0, 7, amb_salt("null", 0), N, r, r, AMB_NULL | AMB_FORCE, 2, x), 0);
    amb_stats s;
    amb_stats_of(&kk_engine, x, N, &s);
    const stat_mean *e = &s.effect[AMB_M_EXCESS];
    ck_assert_msg(e->se > 0 && e->mean / e->se > -3, "A/A excess %+.4f, se %.4f", e->mean, e->se);
    ck_assert_msg(e->mean / e->se < 3, "A/A excess %+.4f, se %.4f", e->mean, e->se);
}
END_TEST

/* Known effects are still found: Kleine Klaeffer's last round read as `finish-round` gives the last seat
 * more wins under greedy play; Herr der Ziegen without the table's removal changes the game. */
START_TEST(known_effects_are_found)
{
    enum { N = 300 };
    static amb_game x[N];
    pol_spec greedy = {POL_GREEDY, 0, 0}, random = {POL_RANDOM, 0, 0};
    uint32_t r = kk_engine.profiles[0].readings;
    ck_assert_int_eq(amb_play_many(&kk_engine, &greedy, 0, 1, amb_salt("KK-AMB-LAST-ROUND", 0), N, r, r ^ KK_R_FINISH_ROUND, AMB_NULL, 2, x), 0);
    amb_stats s;
    amb_stats_of(&kk_engine, x, N, &s);
    ck_assert_msg(s.effect[AMB_M_LAST].mean > 0.08 && s.p[AMB_M_LAST] < 1e-4, "last seat %+g, p %g", s.effect[AMB_M_LAST].mean, s.p[AMB_M_LAST]);
    ck_assert(s.p[AMB_M_EXCESS] < 1e-4);
    r = hdz_engine.profiles[0].readings;
    ck_assert_int_eq(amb_play_many(&hdz_engine, &random, 0, 1, amb_salt("HDZ-AMB-REMOVAL", 0), 200, r, r ^ HDZ_R_REMOVAL_NONE, AMB_NULL, 2, x), 0);
    amb_stats_of(&hdz_engine, x, 200, &s);
    ck_assert_int_ge(s.deal.x, 100);                     /* the readings deal differently (at 3-5 players) */
    int found = 0;
    for (int m = 0; m < AMB_MEASURES; m++) found += !isnan(s.p[m]) && s.p[m] < 1e-4;
    ck_assert_msg(found >= 2, "HDZ-AMB-REMOVAL: %d measures below p 1e-4", found);
}
END_TEST

/* The same reading on both sides without the control's forced parting: nothing parts, nothing comes up,
 * no figure differs, under greedy play in every game. */
START_TEST(the_same_reading_on_both_sides_shows_no_impact)
{
    const game_engine *g = game_engines[_i];
    pol_spec pol = {POL_GREEDY, 0, 0};
    enum { N = 40 };
    static amb_game x[N];
    uint32_t r = g->profiles[0].readings;
    ck_assert_int_eq(amb_play_many(g, &pol, 0, 1, 0, N, r, r, AMB_NULL, 2, x), 0);
    amb_stats s;
    amb_stats_of(g, x, N, &s);
    ck_assert_int_eq(s.shown.x, 0);
    ck_assert_int_eq(s.changed.x, 0);
    for (int m = 0; m < AMB_MEASURES; m++) ck_assert(isnan(s.p[m]) || s.p[m] == 1);
}
END_TEST

/* A counter that differs changes nothing until it shows at the table: Herr der Ziegen's goat supply
 * (ten or unlimited) parts the states early, yet the question comes up only where a legal move or a
 * score differs, in few games. */
START_TEST(a_counter_that_differs_comes_up_only_when_it_shows)
{
    enum { N = 200 };
    static amb_game x[N];
    pol_spec pol = {POL_RANDOM, 0, 0};
    uint32_t r = hdz_engine.profiles[0].readings;
    ck_assert_int_eq(amb_play_many(&hdz_engine, &pol, 0, 1, amb_salt("HDZ-AMB-GOAT-SUPPLY", 0), N, r, r ^ HDZ_R_SUPPLY_UNLIM, AMB_NULL, 2, x), 0);
    amb_stats s;
    amb_stats_of(&hdz_engine, x, N, &s);
    ck_assert_int_eq(s.deal.x, 0);
    ck_assert_msg(s.shown.p < 0.2, "goat supply comes up in %.1f%% of games", 100 * s.shown.p);
}
END_TEST

/* The game's own measures join the paired statistics, and its unit of length: Bonje's short variant plays
 * one round, so fewer rounds. */
START_TEST(the_games_own_measures_and_units_are_paired_too)
{
    pol_spec pol = {POL_RANDOM, 0, 0};
    enum { N = 60 };
    static amb_game x[N];
    amb_stats s;
    uint32_t r = hdz_engine.profiles[0].readings;
    ck_assert_int_eq(amb_play_many(&hdz_engine, &pol, 3, 1, 0, N, r, r, 0, 2, x), 0);
    amb_stats_of(&hdz_engine, x, N, &s);
    ck_assert_int_eq(s.nextra, 1);
    ck_assert_str_eq(s.extra_name[0], "goats on the meadow");
    ck_assert(x[0].side[0].extra[0] > 0);
    ck_assert(s.side[0].units.mean > 5);           /* turns per seat of a three-player game */
    r = bids_engine.profiles[0].readings;
    ck_assert_int_eq(amb_play_many(&bids_engine, &pol, 2, 1, 0, 20, r, r | BIDS_R_SHORT, 0, 2, x), 0);
    amb_stats_of(&bids_engine, x, 20, &s);
    ck_assert_str_eq(s.extra_name[0], "complete stables");
    ck_assert(s.effect[AMB_M_UNITS].mean < 0 && s.p[AMB_M_UNITS] < 0.05);
    for (int i = 0; i < 20; i++) ck_assert_int_eq(x[i].side[1].units, 1);   /* one round */
}
END_TEST

/* Parallel workers give the games one worker gives. */
START_TEST(paired_games_are_the_same_on_one_or_two_workers)
{
    const game_engine *g = &hdz_engine;
    pol_spec pol = {POL_RANDOM, 0, 0};
    enum { N = 30 };
    static amb_game a[N], b[N];
    uint32_t r = g->profiles[0].readings;
    ck_assert_int_eq(amb_play_many(g, &pol, 0, 5, 77, N, r, r ^ HDZ_R_MILK_UP, AMB_NULL, 1, a), 0);
    ck_assert_int_eq(amb_play_many(g, &pol, 0, 5, 77, N, r, r ^ HDZ_R_MILK_UP, AMB_NULL, 2, b), 0);
    ck_assert(memcmp(a, b, sizeof a) == 0);
}
END_TEST

/* Every witness of every game passes its proof (the report smoke of issue 32): for every register entry,
 * from 120 random paired games, the witness found is proved (amb_witness_prove), its position reloads
 * from its text, and every game shows a move legal under one reading only and another outcome; the
 * same move with another result shows in Gloria Picktoria and Bonje, a different deal in Herr der
 * Ziegen and Kleine Klaeffer. */
START_TEST(every_witness_of_every_game_passes_its_proof)
{
    const game_engine *g = game_engines[_i];
    pol_spec pol = {POL_RANDOM, 0, 0};
    enum { N = 120 };
    static amb_game x[N];
    static amb_witness w;
    uint32_t r = g->profiles[0].readings;
    int kinds[AMB_W_KINDS] = {0};
    for (int i = 0; i < g->n_amb; i++) {
        ck_assert_int_eq(amb_play_many(g, &pol, 0, 1, amb_salt(g->amb[i].id, 0), N, r, r ^ (1u << i), 0, 2, x), 0);
        amb_witness_find(g, &pol, x, N, r, r ^ (1u << i), 8, &w);
        kinds[w.kind]++;
        if (w.kind == AMB_W_NONE) continue;
        char why[240];
        ck_assert_msg(amb_witness_prove(g, &w, r, r ^ (1u << i), why, sizeof why), "%s: %s witness fails its proof: %s", g->amb[i].id,
                      amb_witness_kind[w.kind], why);
        for (int sd = 0; sd < 2; sd++) {
            tu_buf back;
            char text[GAME_TEXT_MAX], e[256];
            ck_assert(g->position_print(w.part.st[sd], text, sizeof text) >= 0);
            game_config cfg = {w.players, sd ? r ^ (1u << i) : r};
            ck_assert_msg(g->setup_position(back.b, &cfg, text, e, sizeof e) == GAME_OK, "%s", e);
            ck_assert(memcmp(back.b, w.part.st[sd], g->state_size) == 0);
            if (w.kind == AMB_W_OUTCOME) ck_assert(w.n[sd] <= AMB_WITNESS_MAX);
        }
    }
    ck_assert_msg(kinds[AMB_W_LEGAL] > 0 && kinds[AMB_W_OUTCOME] > 0, "%s: legal %d, outcome %d", g->name, kinds[AMB_W_LEGAL], kinds[AMB_W_OUTCOME]);
    if (g == &gp_engine || g == &bids_engine) ck_assert_msg(kinds[AMB_W_RESULT] > 0, "%s: no same-move witness", g->name);
    if (g == &hdz_engine || g == &kk_engine) ck_assert_msg(kinds[AMB_W_DEAL] > 0, "%s: no different-deal witness", g->name);
}
END_TEST

/* The witnesses an earlier report got wrong: an outcome in which neither side used the option that
 * differs (HDZ-AMB-DOG-OPTIONAL, HDZ-AMB-DOG-PARTNER, KK-AMB-LAST-GIVE, KK-AMB-LAST-PLACE), and a hand card
 * shown between two unrelated deals (HDZ-AMB-REMOVAL). Their witnesses now pass the proof, and the
 * removal's is the two deals. A made-up outcome (two continuations of one position under equal readings)
 * fails the proof. */
START_TEST(the_wrong_witnesses_of_before_are_no_longer_produced)
{
    static const struct { const game_engine *g; const char *id; } cases[] = {
        {&hdz_engine, "HDZ-AMB-DOG-OPTIONAL"}, {&hdz_engine, "HDZ-AMB-DOG-PARTNER"}, {&kk_engine, "KK-AMB-LAST-GIVE"},
        {&kk_engine, "KK-AMB-LAST-PLACE"}, {&hdz_engine, "HDZ-AMB-REMOVAL"}};
    pol_spec pol = {POL_RANDOM, 0, 0};
    enum { N = 200 };
    static amb_game x[N];
    static amb_witness w;
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        const game_engine *g = cases[c].g;
        int i = 0;
        while (i < g->n_amb && strcmp(g->amb[i].id, cases[c].id)) i++;
        ck_assert_int_lt(i, g->n_amb);
        uint32_t r = g->profiles[0].readings;
        ck_assert_int_eq(amb_play_many(g, &pol, 0, 1, amb_salt(cases[c].id, 0), N, r, r ^ (1u << i), 0, 2, x), 0);
        amb_witness_find(g, &pol, x, N, r, r ^ (1u << i), 24, &w);
        char why[240];
        ck_assert_msg(w.kind != AMB_W_NONE, "%s: no witness", cases[c].id);
        ck_assert_msg(amb_witness_prove(g, &w, r, r ^ (1u << i), why, sizeof why), "%s: %s", cases[c].id, why);
        if (!strcmp(cases[c].id, "HDZ-AMB-REMOVAL")) ck_assert_int_eq(w.kind, AMB_W_DEAL);
    }
    /* a made-up outcome: two continuations of one position, equal readings: the proof refuses it */
    uint32_t r = kk_engine.profiles[0].readings;
    ck_assert_int_eq(amb_play_many(&kk_engine, &pol, 2, 3, 0, N, r, r ^ KK_R_LAST_NO_GIVE, 0, 2, x), 0);
    amb_witness_find(&kk_engine, &pol, x, N, r, r ^ KK_R_LAST_NO_GIVE, 24, &w);
    ck_assert(w.kind != AMB_W_NONE);
    amb_witness fake = w;
    fake.kind = AMB_W_OUTCOME;
    memcpy(fake.part.st[1], fake.part.st[0], sizeof fake.part.st[0]);       /* the same reading on both sides */
    uint64_t rng = 5;
    int differ = 0;
    for (int attempt = 0; attempt < 50 && !differ; attempt++) {
        for (int sd = 0; sd < 2; sd++) {
            tu_buf st;
            memcpy(st.b, fake.part.st[sd], kk_engine.state_size);
            game_move legal[GAME_MAX_MOVES];
            long k = 0;
            int n;
            while ((n = kk_engine.legal_moves(st.b, legal, GAME_MAX_MOVES)) > 0 && k < AMB_WITNESS_MAX) {
                fake.moves[sd][k] = legal[game_rng_below(&rng, (uint32_t)n)];
                kk_engine.apply(st.b, &fake.moves[sd][k++]);
            }
            fake.n[sd] = k;
            fake.ended[sd] = kk_engine.result(st.b, fake.scores[sd], &fake.winners[sd]) == GAME_OK;
        }
        differ = fake.ended[0] && fake.ended[1] && fake.winners[0] != fake.winners[1];
    }
    ck_assert(differ);
    char why[240];
    ck_assert_int_eq(amb_witness_prove(&kk_engine, &fake, r, r, why, sizeof why), 0);
    ck_assert(strstr(why, "same end") != NULL);
}
END_TEST

static char *slurp(const char *path)
{
    char err[RF_ERR_MAX];
    size_t len;
    char *t = rf_read_file(path, &len, err, sizeof err);
    ck_assert_msg(t != NULL, "%s", err);
    return t;
}

/* The report end to end (Kleine Klaeffer, 150 paired games): the control's figures, the summary, every
 * figure's correction stated; Markdown, HTML and JSON written; no "%%", no Markdown emphasis left raw in
 * the HTML; witness records that replay with every oracle on. */
START_TEST(the_report_states_its_control_and_correction_and_its_witnesses_replay)
{
    char dir[] = "/tmp/rf-report-XXXXXX";
    ck_assert(mkdtemp(dir) != NULL);
    char spec[512];
    snprintf(spec, sizeof spec, "%s/../SPEC.md", tu_corpus());
    char *argv[] = {"ambiguities", "kk", "--games", "150", "--policy", "random,greedy", "--jobs", "2", "--out", dir, "--spec", spec, NULL};
    FILE *keep = stdout, *kerr = stderr;
    stdout = fopen("/dev/null", "w");
    stderr = fopen("/dev/null", "w");
    int rc = rf_cmd_report(12, argv);
    fclose(stdout);
    fclose(stderr);
    stdout = keep;
    stderr = kerr;
    ck_assert_int_eq(rc, RF_EXIT_OK);
    char wdir[600], path[1200];
    snprintf(wdir, sizeof wdir, "%s/witnesses-kk", dir);
    DIR *d = opendir(wdir);
    ck_assert(d != NULL);
    struct dirent *e;
    int n = 0;
    while ((e = readdir(d))) {
        if (!strstr(e->d_name, ".rec")) continue;
        snprintf(path, sizeof path, "%s/%s", wdir, e->d_name);
        char err[RF_ERR_MAX];
        size_t len;
        char *text = rf_read_file(path, &len, err, sizeof err);
        ck_assert(text);
        ck_assert(strstr(text, "[Position \"") != NULL);
        static rf_replay out;
        ck_assert_msg(tu_replay(&kk_engine, text, len, &out, err, sizeof err) == RF_EXIT_OK, "%s: %s", path, err);
        ck_assert(out.total <= AMB_WITNESS_MAX);
        free(text);
        n++;
    }
    closedir(d);
    ck_assert_int_gt(n, 0);
    snprintf(path, sizeof path, "%s/ambiguities-kk.md", dir);
    char *md = slurp(path);
    ck_assert(strstr(md, "Summary for publishers") && strstr(md, "Negative control") && strstr(md, "Benjamini-Hochberg"));
    ck_assert(strstr(md, "## Completion") && strstr(md, "## Balance of the profile's game"));
    ck_assert(strstr(md, "turns per seat") != NULL);
    ck_assert(strstr(md, "%%") == NULL);
    /* the header describes this run: its own command and sizes, not another's */
    ck_assert(strstr(md, "`rulefuzz report ambiguities kk --games 150 --policy random,greedy --blocks 2`") != NULL);
    ck_assert(strstr(md, "played in 150 paired games per policy") != NULL);
    ck_assert(strstr(md, "lockstep") == NULL && strstr(md, "shrunk") == NULL);
    snprintf(path, sizeof path, "%s/ambiguities-kk.html", dir);
    char *html = slurp(path);
    ck_assert(strstr(html, "%%") == NULL);
    ck_assert(strstr(html, "<table>") && strstr(html, "<i>") && strstr(html, "<b>"));
    /* the report site: the shared stylesheet, and each entry linked to its anchor in SPEC.html */
    ck_assert_msg(strstr(html, "<link rel=\"stylesheet\" href=\"report.css\">") && !strstr(html, "<style"), "the page does not link report.css");
    const char *sl = strstr(html, "href=\"SPEC.html#");
    ck_assert_msg(sl != NULL, "no entry links SPEC.html");
    char anchor[128], want[160];
    ck_assert_int_eq(sscanf(sl + strlen("href=\"SPEC.html#"), "%127[^\"]", anchor), 1);
    ck_assert_msg(!strncmp(anchor, "kk-amb-", 7), "the link names %s, not a kk register entry", anchor);
    snprintf(want, sizeof want, " id=\"%s\"", anchor);
    snprintf(path, sizeof path, "%s/SPEC.html", dir);
    char *spec_html = slurp(path);
    ck_assert_msg(strstr(spec_html, want) != NULL, "SPEC.html has no anchor %s", anchor);
    free(spec_html);
    /* no Markdown emphasis left raw outside code and pre */
    int in_pre = 0, in_code = 0;
    for (const char *p = html; *p; p++) {
        if (!strncmp(p, "<pre>", 5)) in_pre = 1;
        if (!strncmp(p, "</pre>", 6)) in_pre = 0;
        if (!strncmp(p, "<code>", 6)) in_code = 1;
        if (!strncmp(p, "</code>", 7)) in_code = 0;
        if (!in_pre && !in_code) {
            ck_assert_msg(strncmp(p, "**", 2) != 0, "raw ** in the HTML near: %.60s", p);
            ck_assert_msg(!(p[0] == '*' && p[1] >= 'A' && p[1] <= 'Z'), "raw *emphasis in the HTML near: %.60s", p);
        }
    }
    snprintf(path, sizeof path, "%s/ambiguities-kk.json", dir);
    char *json = slurp(path);
    ck_assert(strstr(json, "\"control_tests\":") && strstr(json, "\"tests\":[{"));
    free(md);
    free(html);
    free(json);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("report");
    TCase *tc = tcase_create("statistics");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, intervals_p_values_and_corrections_are_right_on_known_numbers);
    tcase_add_test(tc, benjamini_hochberg_and_holm_hold_their_rates_on_simulated_families);
    tcase_add_test(tc, unfinished_games_are_counted_in_every_figure_that_can_hold_them);
    tcase_add_test(tc, a_planted_winner_effect_of_known_size_is_found_and_a_null_one_is_not);
    tcase_add_test(tc, a_penalty_games_winners_score_is_the_lowest_total);
    suite_add_tcase(s, tc);
    tc = tcase_create("paired games");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, the_negative_control_marks_no_more_than_the_stated_rate_over_many_seeds);
    tcase_add_test(tc, the_null_has_the_same_randomness_as_the_comparison_at_the_parting_decision);
    tcase_add_test(tc, known_effects_are_found);
    tcase_add_loop_test(tc, the_same_reading_on_both_sides_shows_no_impact, 0, 4);
    tcase_add_test(tc, a_counter_that_differs_comes_up_only_when_it_shows);
    tcase_add_test(tc, the_games_own_measures_and_units_are_paired_too);
    tcase_add_test(tc, paired_games_are_the_same_on_one_or_two_workers);
    tcase_add_loop_test(tc, every_witness_of_every_game_passes_its_proof, 0, 4);
    tcase_add_test(tc, the_wrong_witnesses_of_before_are_no_longer_produced);
    tcase_add_test(tc, the_report_states_its_control_and_correction_and_its_witnesses_replay);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
