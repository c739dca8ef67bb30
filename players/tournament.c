/* tournament.c: rulefuzz tournament: policies against each other, seat by seat, with 95% intervals and cost. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "tournament.h"
#include "stats.h"
#include "../cli/opts.h"

typedef struct { unsigned char b[GAME_STATE_MAX] __attribute__((aligned(16))); } tn_buf;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int pol_seat_policy(int seat, int players, long r, int npol)
{
    int turn = (int)(r % players), shift = (int)((r / players) % npol);
    return ((seat + turn) % players + shift) % npol;
}

void pol_tournament_game(const game_engine *g, const pol_spec *pols, int npol, int players, uint32_t readings,
                         uint64_t seed, long r, pol_game *out)
{
    tn_buf st;
    game_config cfg = {players, readings};
    const pol_spec *seats[GAME_MAX_PLAYERS + 1] = {0};
    memset(out, 0, sizeof *out);
    out->players = players;
    for (int s = 0; s < players; s++) {
        out->pol[s] = pol_seat_policy(s, players, r, npol);
        seats[s] = &pols[out->pol[s]];
    }
    g->setup_seed(st.b, &cfg, seed);
    uint64_t rng = seed * 0xD1B54A32D192ED03ull ^ 0x746F75726E657921ull;
    double t0 = now();
    game_move legal[GAME_MAX_MOVES];
    while (out->moves < 8192) {
        int n = g->legal_moves(st.b, legal, GAME_MAX_MOVES);
        if (n <= 0) break;
        int who = g->to_move(st.b), i;
        if (game_is_table(&cfg, who) || who < 0) i = (int)game_rng_below(&rng, (uint32_t)n);
        else {
            double d0 = now();
            i = pol_choose(g, seats[who], st.b, legal, n, &rng);
            out->seat_seconds[who] += now() - d0;
        }
        if (g->apply(st.b, &legal[i]) != GAME_OK) break;
        out->moves++;
    }
    out->seconds = now() - t0;
    int scores[GAME_MAX_PLAYERS];
    unsigned w = 0;
    out->ended = g->result(st.b, scores, &w) == GAME_OK;
    unsigned k2 = 0;
    for (unsigned t = w; t; t &= t - 1) k2++;
    for (int s = 0; s < players; s++) out->share[s] = out->ended && (w >> s & 1) ? 1.0 / k2 : 0.0;
}

int pol_tournament(const game_engine *g, const pol_spec *pols, int npol, int players, uint32_t readings, uint64_t seed0,
                   long games, int jobs, pol_game *out)
{
    int span = g->max_players - g->min_players + 1;
    if (jobs < 1) jobs = 1;
    if (jobs > 64) jobs = 64;
    size_t bytes = sizeof *out * (size_t)games;
    pol_game *res = jobs > 1 ? mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0) : out;
    if (res == MAP_FAILED) return -1;
    pid_t pid[64];
    int started = 0, bad = 0;
    fflush(NULL);
    for (int j = 0; j < jobs; j++) {
        if (jobs > 1) {
            pid[j] = fork();
            if (pid[j] < 0) { bad = 1; break; }
            if (pid[j] > 0) { started++; continue; }
        }
        for (long k = j; k < games; k += jobs)
            pol_tournament_game(g, pols, npol, players ? players : g->min_players + (int)(k % span), readings,
                                seed0 + (uint64_t)k, players ? k : k / span, &res[k]);
        if (jobs > 1) _exit(0);
    }
    for (int j = 0; j < started; j++) {
        int status;
        if (waitpid(pid[j], &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) bad = 1;
    }
    if (jobs > 1) {
        if (!bad) memcpy(out, res, bytes);
        munmap(res, bytes);
    }
    return bad ? -1 : 0;
}

int pol_duplicate(const game_engine *g, const pol_spec *pols, int npol, const int *players, long deals, uint32_t readings,
                  uint64_t seed0, int jobs, pol_game *out)
{
    long total = 0;
    for (long k = 0; k < deals; k++) total += (long)npol * players[k];
    if (jobs < 1) jobs = 1;
    if (jobs > 64) jobs = 64;
    size_t bytes = sizeof *out * (size_t)(total ? total : 1);
    pol_game *res = jobs > 1 ? mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0) : out;
    if (res == MAP_FAILED) return -1;
    pid_t pid[64];
    int started = 0, bad = 0;
    fflush(NULL);
    for (int j = 0; j < jobs; j++) {
        if (jobs > 1) {
            pid[j] = fork();
            if (pid[j] < 0) { bad = 1; break; }
            if (pid[j] > 0) { started++; continue; }
        }
        for (long k = 0, at = 0; k < deals; at += (long)npol * players[k], k++) {
            if (k % jobs != j) continue;
            uint64_t seed = seed0 + 0x9E3779B97F4A7C15ull * (uint64_t)(k + 1);
            for (long r = 0; r < (long)npol * players[k]; r++)
                pol_tournament_game(g, pols, npol, players[k], readings, seed, r, &res[at + r]);
        }
        if (jobs > 1) _exit(0);
    }
    for (int j = 0; j < started; j++) {
        int status;
        if (waitpid(pid[j], &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) bad = 1;
    }
    if (jobs > 1) {
        if (!bad) memcpy(out, res, bytes);
        munmap(res, bytes);
    }
    return bad ? -1 : 0;
}

/* Bradley-Terry by minorization-maximization on win counts w[i][j] (draws as halves) over n[i][j]. */
static void bt_fit(int k, const double w[POL_TOURNAMENT_MAX][POL_TOURNAMENT_MAX], const double n[POL_TOURNAMENT_MAX][POL_TOURNAMENT_MAX],
                   double *elo)
{
    double p[POL_TOURNAMENT_MAX];
    for (int i = 0; i < k; i++) p[i] = 1;
    for (int it = 0; it < 500; it++) {
        double q[POL_TOURNAMENT_MAX], logsum = 0;
        for (int i = 0; i < k; i++) {
            double wins = 0, den = 0;
            for (int j = 0; j < k; j++) if (j != i && n[i][j] > 0) { wins += w[i][j]; den += n[i][j] / (p[i] + p[j]); }
            /* a policy that never wins (or never loses) has no finite strength: half a win keeps it finite */
            if (wins <= 0) wins = 0.5;
            q[i] = den > 0 ? wins / den : p[i];
        }
        for (int i = 0; i < k; i++) logsum += log(q[i]);
        for (int i = 0; i < k; i++) p[i] = q[i] / exp(logsum / k);
    }
    for (int i = 0; i < k; i++) elo[i] = 400 * log10(p[i] / p[0]);
}

static void bt_counts(const pol_game *games, const long *pick, long n, int k, double w[POL_TOURNAMENT_MAX][POL_TOURNAMENT_MAX],
                      double c[POL_TOURNAMENT_MAX][POL_TOURNAMENT_MAX])
{
    memset(w, 0, sizeof(double) * POL_TOURNAMENT_MAX * POL_TOURNAMENT_MAX);
    memset(c, 0, sizeof(double) * POL_TOURNAMENT_MAX * POL_TOURNAMENT_MAX);
    for (long t = 0; t < n; t++) {
        const pol_game *x = &games[pick ? pick[t] : t];
        for (int s = 0; s < x->players; s++)
            for (int u = s + 1; u < x->players; u++) {
                int a = x->pol[s], b = x->pol[u];
                if (a == b || a >= k || b >= k) continue;
                double d = x->share[s] - x->share[u], ws = d > 1e-12 ? 1 : d < -1e-12 ? 0 : 0.5;
                w[a][b] += ws; w[b][a] += 1 - ws;
                c[a][b] += 1; c[b][a] += 1;
            }
    }
}

static int cmp_dbl(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

void pol_ratings(const pol_game *games, long n, int npol, int boots, uint64_t seed, pol_rating *out)
{
    double w[POL_TOURNAMENT_MAX][POL_TOURNAMENT_MAX], c[POL_TOURNAMENT_MAX][POL_TOURNAMENT_MAX], elo[POL_TOURNAMENT_MAX];
    memset(out, 0, sizeof *out * (size_t)npol);
    bt_counts(games, NULL, n, npol, w, c);
    bt_fit(npol, w, c, elo);
    for (int i = 0; i < npol; i++) {
        out[i].elo = elo[i];
        for (int j = 0; j < npol; j++) out[i].pairs += (long)c[i][j];
        double secs = 0, share = 0;
        for (long t = 0; t < n; t++) {
            int seats = 0;
            for (int s = 0; s < games[t].players; s++) if (games[t].pol[s] == i) { secs += games[t].seat_seconds[s]; seats++; }
            share += (double)seats / games[t].players;
        }
        out[i].ms_per_game = share > 0 ? 1000 * secs / share : 0;
    }
    if (boots < 2 || n < 2) { for (int i = 0; i < npol; i++) out[i].lo = out[i].hi = out[i].elo; return; }
    long *pick = malloc(sizeof *pick * (size_t)n);
    double *bs = malloc(sizeof *bs * (size_t)boots * (size_t)npol);
    if (!pick || !bs) { free(pick); free(bs); return; }
    uint64_t rng = seed ^ 0xB007B007ull;
    for (int b = 0; b < boots; b++) {
        for (long t = 0; t < n; t++) pick[t] = (long)game_rng_below(&rng, (uint32_t)n);
        bt_counts(games, pick, n, npol, w, c);
        bt_fit(npol, w, c, elo);
        for (int i = 0; i < npol; i++) bs[(size_t)i * (size_t)boots + (size_t)b] = elo[i];
    }
    for (int i = 0; i < npol; i++) {
        double *v = bs + (size_t)i * (size_t)boots;
        qsort(v, (size_t)boots, sizeof *v, cmp_dbl);
        out[i].lo = v[(size_t)(0.025 * (boots - 1))];
        out[i].hi = v[(size_t)(0.975 * (boots - 1))];
    }
    free(pick);
    free(bs);
}

static void ci_text(char *buf, size_t n, const stat_mean *m)
{
    if (m->n == 0) snprintf(buf, n, "-");
    else snprintf(buf, n, "%.3f [%.3f, %.3f]", m->mean, m->lo < 0 ? 0.0 : m->lo, m->hi > 1 ? 1.0 : m->hi);  /* shares lie in [0, 1] */
}

int rf_cmd_tournament(int argc, char **argv)
{
    const char *game = NULL, *plist = "sensible,greedy,random", *profile = NULL;
    long games = 300, jobs = 1, players = 0;
    uint64_t seed = 1;
    const char *pos[1];
    int npos;
    rf_opt o[] = {
        {"policies", RF_OPT_STR, &plist, 0, 0, "LIST", "comma-separated: random, greedy, sensible, mc:N[:D] (up to 8)", NULL},
        {"policy", RF_OPT_STR, &plist, 0, 0, "LIST", NULL, NULL},
        {"games", RF_OPT_LONG, &games, 1, 10000000, "N", "games in all", NULL},
        {"players", RF_OPT_LONG, &players, 1, GAME_MAX_PLAYERS, "P", "the players at the table (default: every count in turn)", NULL},
        {"profile", RF_OPT_STR, &profile, 0, 0, "NAME", "the readings played (default: the game's first profile)", NULL},
        {"seed", RF_OPT_U64, &seed, 0, 0, "S", "the first deal", NULL},
        {"jobs", RF_OPT_LONG, &jobs, 1, 64, "J", "processes", NULL},
    };
    rf_cmd_spec spec = {"tournament", "GAME", "Policies against each other, seats rotated at every player count: win shares per count and "
                        "seat, Bradley-Terry ratings and the cost per game.", 1, 1, o, (int)(sizeof o / sizeof *o), NULL};
    int rc = rf_opts_parse(&spec, argc, argv, pos, 1, &npos);
    if (rc) return rc > 0 ? 0 : 2;
    game = pos[0];
    const game_engine *g = game_find(game);
    if (!g) return rf_opts_fail(&spec, "unknown game '%s' (games: hdz kk gp bids)", game);
    if (players && (players < g->min_players || players > g->max_players))
        return rf_opts_fail(&spec, "--players takes a whole number from %d to %d for %s, not '%d'", g->min_players, g->max_players, g->name, (int)players);
    uint32_t readings = 0;
    char err[256];
    if (game_readings_parse(g, profile ? profile : g->profiles[0].name, NULL, &readings, err, sizeof err) != GAME_OK) {
        fprintf(stderr, "rulefuzz: %s\n", err);
        return 2;
    }
    pol_spec pols[POL_TOURNAMENT_MAX];
    int npol = 0;
    char buf[512];
    snprintf(buf, sizeof buf, "%s", plist);
    for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
        if (npol == POL_TOURNAMENT_MAX) return rf_opts_fail(&spec, "--policy takes at most %d policies", POL_TOURNAMENT_MAX);
        if (pol_parse(t, &pols[npol], err, sizeof err)) return rf_opts_fail(&spec, "%s", err);
        npol++;
    }
    if (npol < 1) return rf_opts_fail(&spec, "--policy needs at least one policy");
    pol_game *res = calloc((size_t)games, sizeof *res);
    if (!res) { fprintf(stderr, "rulefuzz: out of memory\n"); return 2; }
    double t0 = now();
    if (pol_tournament(g, pols, npol, (int)players, readings, seed, games, (int)jobs, res)) {
        fprintf(stderr, "rulefuzz: a tournament worker failed\n");
        free(res);
        return 2;
    }
    double wall = now() - t0;
    int minp = GAME_MAX_PLAYERS, maxp = 0;
    long unfinished = 0;
    for (long k = 0; k < games; k++) {
        if (res[k].players > maxp) maxp = res[k].players;
        if (res[k].players < minp) minp = res[k].players;
        unfinished += !res[k].ended;
    }
    printf("tournament %s (%s), profile %s: %ld games, %s players, seed %llu; the seats turn by one each game and the policies "
           "shift every `players` games, so that each policy sits in each seat equally often at each player count; the table's "
           "decisions are random. Win share: the mean share of a win (a k-way tie: 1/k each) with its 95%% interval; a fair "
           "share is 1/players.\n",
           g->name, g->title, profile ? profile : g->profiles[0].name, games,
           players ? (snprintf(buf, sizeof buf, "%ld", players), buf) : (snprintf(buf, sizeof buf, "%d-%d", g->min_players, g->max_players), buf),
           (unsigned long long)seed);
    double *v = calloc((size_t)games * GAME_MAX_PLAYERS + 1, sizeof *v);
    for (int pl = minp; pl <= maxp; pl++) {
        long at = 0;
        for (long k = 0; k < games; k++) at += res[k].players == pl;
        if (!at) continue;
        printf("\n%d players (%ld games, fair share %.3f):\n%-12s %6s  %-22s", pl, at, 1.0 / pl, "policy", "seats", "win share [95% CI]");
        for (int s = 0; s < pl; s++) printf("  P%d%-20s", s + 1, s == 0 ? " (first)" : s == pl - 1 ? " (last)" : "");
        printf("  %s\n", "s/game it sat in");
        for (int p = 0; p < npol; p++) {
            long n = 0, games_in = 0;
            double secs = 0;
            for (long k = 0; k < games; k++) {
                if (res[k].players != pl) continue;
                int in = 0;
                for (int s = 0; s < pl; s++) if (res[k].pol[s] == p) { v[n++] = res[k].share[s]; in = 1; }
                if (in) { games_in++; secs += res[k].seconds; }
            }
            stat_mean all;
            stat_mean_of(v, n, &all);
            char name[POL_NAME_MAX], t[64];
            pol_print(&pols[p], name, sizeof name);
            ci_text(t, sizeof t, &all);
            printf("%-12s %6ld  %-22s", name, n, t);
            for (int s = 0; s < pl; s++) {
                long m = 0;
                for (long k = 0; k < games; k++) if (res[k].players == pl && res[k].pol[s] == p) v[m++] = res[k].share[s];
                stat_mean ms;
                stat_mean_of(v, m, &ms);
                ci_text(t, sizeof t, &ms);
                printf("  %-22s", t);
            }
            printf("  %.4f\n", games_in ? secs / (double)games_in : 0.0);
        }
    }
    if (npol > 1) {
        pol_rating rt[POL_TOURNAMENT_MAX];
        pol_ratings(res, games, npol, 200, seed, rt);
        char first[POL_NAME_MAX];
        pol_print(&pols[0], first, sizeof first);
        printf("\nratings (Bradley-Terry on every pair of seats with different policies in a game, a higher share of the win "
               "beating a lower one; Elo scale, %s = 0; 95%% interval from 200 bootstrap resamples of the games) and cost (its "
               "decisions' time per game, scaled to a game in which it plays every seat, on one core):\n", first);
        printf("%-12s %8s  %-18s %8s  %s\n", "policy", "Elo", "95% interval", "pairs", "ms/game");
        for (int p = 0; p < npol; p++) {
            char name[POL_NAME_MAX];
            pol_print(&pols[p], name, sizeof name);
            printf("%-12s %+8.0f  [%+6.0f, %+6.0f]  %8ld  %.2f\n", name, rt[p].elo, rt[p].lo, rt[p].hi, rt[p].pairs, rt[p].ms_per_game);
        }
    }
    printf("\n%ld games, %.1f s wall on %ld job(s)\n", games, wall, jobs);
    if (unfinished) printf("%ld game(s) reached the move limit unfinished (counted as no win for anyone)\n", unfinished);
    free(v);
    free(res);
    return 0;
}
