/* tournament.c: rulefuzz tournament: policies against each other, seat by seat, with 95% intervals and cost. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "tournament.h"
#include "stats.h"

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
    out->moves = pol_play(g, st.b, seats, &rng, 8192);
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

static void ci_text(char *buf, size_t n, const stat_mean *m)
{
    if (m->n == 0) snprintf(buf, n, "-");
    else snprintf(buf, n, "%.3f [%.3f, %.3f]", m->mean, m->lo < 0 ? 0.0 : m->lo, m->hi > 1 ? 1.0 : m->hi);  /* shares lie in [0, 1] */
}

int rf_cmd_tournament(int argc, char **argv)
{
    const char *game = NULL, *plist = "mc:32,greedy,random", *profile = NULL;
    long games = 300, jobs = 1, players = 0;
    unsigned long long seed = 1;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *e;
        if (!strcmp(a, "--policies") && v) { plist = v; i++; }
        else if (!strcmp(a, "--games") && v) { games = strtol(v, &e, 10); if (*e || games < 1 || games > 10000000) goto bad; i++; }
        else if (!strcmp(a, "--jobs") && v) { jobs = strtol(v, &e, 10); if (*e || jobs < 1 || jobs > 64) goto bad; i++; }
        else if (!strcmp(a, "--players") && v) { players = strtol(v, &e, 10); if (*e) goto bad; i++; }
        else if (!strcmp(a, "--seed") && v) { errno = 0; seed = strtoull(v, &e, 10); if (*e || *v == '-' || errno == ERANGE) goto bad; i++; }
        else if (!strcmp(a, "--profile") && v) { profile = v; i++; }
        else if (a[0] == '-') goto bad;
        else if (!game) game = a;
        else goto bad;
        continue;
    bad:
        fprintf(stderr, "rulefuzz: bad or incomplete option '%s' (usage: rulefuzz tournament GAME [--policies mc:32,greedy,random] "
                        "[--games N] [--players P] [--profile NAME] [--seed S] [--jobs J])\n", a);
        return 2;
    }
    if (!game) { fprintf(stderr, "rulefuzz: tournament needs a game (games: hdz kk gp bids)\n"); return 2; }
    const game_engine *g = game_find(game);
    if (!g) { fprintf(stderr, "rulefuzz: unknown game '%s' (games: hdz kk gp bids)\n", game); return 2; }
    if (players && (players < g->min_players || players > g->max_players)) {
        fprintf(stderr, "rulefuzz: %s takes --players %d to %d\n", g->name, g->min_players, g->max_players);
        return 2;
    }
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
        if (npol == POL_TOURNAMENT_MAX) { fprintf(stderr, "rulefuzz: at most %d policies\n", POL_TOURNAMENT_MAX); return 2; }
        if (pol_parse(t, &pols[npol], err, sizeof err)) { fprintf(stderr, "rulefuzz: %s\n", err); return 2; }
        npol++;
    }
    if (npol < 1) { fprintf(stderr, "rulefuzz: --policies needs at least one policy\n"); return 2; }
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
           seed);
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
    printf("\n%ld games, %.1f s wall on %ld job(s)\n", games, wall, jobs);
    if (unfinished) printf("%ld game(s) reached the move limit unfinished (counted as no win for anyone)\n", unfinished);
    free(v);
    free(res);
    return 0;
}
