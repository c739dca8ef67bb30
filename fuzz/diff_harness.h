/* diff_harness.h: the body of every game's divergence fuzz target (fuzz/diff_<game>.c).
 *
 *
 * Bytes become a game played twice in lockstep: byte 0 the players, byte 1 the ambiguity
 * toggled on the base profile (unless RF_DIFF_AMB names one, by ID or key), bytes 2-9 the
 * seed, then the decisions. It aborts when the two runs part in the way RF_DIFF_KIND asks
 * (state, legal, scores or winner; default winner), printing both sides as records, so that
 * libFuzzer and AFL++ search for the divergences random games rarely show. Not part of the
 * default campaign (it is meant to crash): run it with `make diff-fuzz AMB=... KIND=...`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../ambiguity/diff.h"
#include "../records/record.h"

#ifndef RULEFUZZ_DIFF_HARNESS_H
#define RULEFUZZ_DIFF_HARNESS_H

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

static int env_amb(const game_engine *g)
{
    const char *a = getenv("RF_DIFF_AMB");
    if (!a || !*a) return -1;
    for (int i = 0; i < g->n_amb; i++)
        if (!strcmp(a, g->amb[i].id) || !strcmp(a, g->amb[i].key)) return i;
    fprintf(stderr, "diff fuzz: unknown ambiguity '%s'\n", a);
    exit(2);
}

static int env_kind(void)
{
    const char *k = getenv("RF_DIFF_KIND");
    if (!k || !*k || !strcmp(k, "winner")) return RF_KIND_WINNER;
    if (!strcmp(k, "scores")) return RF_KIND_SCORES;
    if (!strcmp(k, "legal")) return RF_KIND_LEGAL;
    if (!strcmp(k, "state")) return RF_KIND_STATE;
    fprintf(stderr, "diff fuzz: RF_DIFF_KIND must be state, legal, scores or winner\n");
    exit(2);
}

static void print_side(const game_engine *g, int players, uint64_t seed, uint32_t r, const game_move *log, long n)
{
    rf_header h;
    unsigned char st[GAME_STATE_MAX] __attribute__((aligned(16)));
    memset(&h, 0, sizeof h);
    h.g = g; h.cfg.players = players; h.cfg.readings = r; h.has_seed = 1; h.seed = seed;
    game_readings_print(g, r, h.readings, sizeof h.readings);
    g->setup_seed(st, &h.cfg, seed);
    rf_record_write(stderr, &h, st, log, n, "divergence witness side");
}

__attribute__((unused)) static int rf_diff_fuzz_one(const game_engine *g, const uint8_t *data, size_t len)
{
    static int amb = -2, kind;
    static game_move log[2][RF_MAX_GAME_MOVES];
    if (amb == -2) { amb = env_amb(g); kind = env_kind(); }
    uint8_t hd[10] = {0};
    memcpy(hd, data, len < 10 ? len : 10);
    int players = g->min_players + hd[0] % (g->max_players - g->min_players + 1);
    int a = amb >= 0 ? amb : hd[1] % g->n_amb;
    uint64_t seed = 0;
    for (int i = 0; i < 8; i++) seed = seed << 8 | hd[2 + i];
    uint32_t r = g->profiles[0].readings;
    rf_diff_game d;
    rf_diff_play(g, players, seed, len > 10 ? data + 10 : NULL, len > 10 ? len - 10 : 0, r, r ^ (1u << a), &d,
                 log[0], log[1]);
    if (rf_diff_has(&d, kind)) {
        fprintf(stderr, "diff_%s: %s: the %s changed (state from move %ld, legal moves from move %ld)\n",
                g->name, g->amb[a].id, rf_kind_name[kind], d.state_at, d.legal_at);
        print_side(g, players, seed, r, log[0], d.moves[0]);
        print_side(g, players, seed, r ^ (1u << a), log[1], d.moves[1]);
        abort();
    }
    return 0;
}

#endif
