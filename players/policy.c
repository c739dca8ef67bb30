/* policy.c: the players rulefuzz plays games with: random, greedy and determinized Monte Carlo deciders. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "policy.h"

typedef struct { unsigned char b[GAME_STATE_MAX] __attribute__((aligned(16))); } pol_buf;

int pol_parse(const char *text, pol_spec *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (!strcmp(text, "random")) { out->kind = POL_RANDOM; return 0; }
    if (!strcmp(text, "greedy")) { out->kind = POL_GREEDY; return 0; }
    if (!strncmp(text, "mc:", 3)) {
        char *end;
        long n = strtol(text + 3, &end, 10), d = 0;
        if (end != text + 3 && *end == ':') {
            const char *ds = end + 1;
            d = strtol(ds, &end, 10);
            if (end == ds) n = -1;
        }
        if (end != text + 3 && *end == 0 && n >= 1 && n <= 100000 && d >= 0 && d <= 100000) {
            out->kind = POL_MC;
            out->playouts = (int)n;
            out->depth = (int)d;
            return 0;
        }
    }
    snprintf(err, errlen, "unknown policy '%s' (policies: random, greedy, mc:N or mc:N:D with N playouts per move, D moves deep)", text);
    return -1;
}

int pol_print(const pol_spec *p, char *buf, size_t n)
{
    switch (p->kind) {
    case POL_GREEDY: return snprintf(buf, n, "greedy");
    case POL_MC: return p->depth ? snprintf(buf, n, "mc:%d:%d", p->playouts, p->depth) : snprintf(buf, n, "mc:%d", p->playouts);
    default: return snprintf(buf, n, "random");
    }
}

static unsigned popcount(unsigned x) { unsigned k = 0; for (; x; x &= x - 1) k++; return k; }

double pol_win_share(const game_engine *g, const void *st, int who)
{
    int scores[GAME_MAX_PLAYERS];
    unsigned w = 0;
    int rc = g->result(st, scores, &w);
    if (rc != GAME_OK && (!g->score_now || g->score_now(st, scores, &w) != GAME_OK)) return 0.0;
    if (!(w >> who & 1u)) return 0.0;
    return 1.0 / (double)popcount(w);
}

double pol_margin(const game_engine *g, const void *st, int who)
{
    int scores[GAME_MAX_PLAYERS];
    unsigned w = 0;
    if (!g->score_now || g->score_now(st, scores, &w) != GAME_OK) return 0.0;
    int np = g->config(st).players, lo = scores[0], hi = scores[0];
    for (int q = 0; q < np; q++) { if (scores[q] < lo) lo = scores[q]; if (scores[q] > hi) hi = scores[q]; }
    /* Whether more is better: the winners hold the highest score (Kleine Klaeffer counts bad points,
     * so there the winners hold the lowest). Equal scores give a margin of 0 either way. */
    int sign = 1;
    for (int q = 0; q < np; q++) if ((w >> q & 1u) && scores[q] == lo && lo != hi) sign = -1;
    int best = 0, any = 0;
    for (int q = 0; q < np; q++)
        if (q != who && (!any || sign * scores[q] > sign * best)) { best = scores[q]; any = 1; }
    return (double)(sign * (scores[who] - best));
}

/* Among vals[0..n), the index of the largest, ties broken at random from *rng. */
static int argmax(const double *vals, int n, uint64_t *rng)
{
    int ties = 0, pick = 0;
    double best = vals[0];
    for (int i = 0; i < n; i++) {
        if (vals[i] > best + 1e-12) { best = vals[i]; ties = 0; }
        if (vals[i] >= best - 1e-12) {
            ties++;
            if (game_rng_below(rng, (uint32_t)ties) == 0) pick = i;   /* reservoir: uniform among the ties */
        }
    }
    return pick;
}

/* Greedy: each move applied to the seat's view, judged by the seat's margin (then its win share). */
static int greedy(const game_engine *g, const void *st, int who, const game_move *legal, int n, uint64_t *rng)
{
    static _Thread_local pol_buf view, next;
    static _Thread_local double vals[GAME_MAX_MOVES];
    memcpy(view.b, st, g->state_size);
    g->redact(view.b, who);
    for (int i = 0; i < n; i++) {
        memcpy(next.b, view.b, g->state_size);
        if (g->apply(next.b, &legal[i]) != GAME_OK) { vals[i] = -1e18; continue; }
        vals[i] = pol_margin(g, next.b, who) + 1e-3 * pol_win_share(g, next.b, who);
    }
    return argmax(vals, n, rng);
}

long pol_play(const game_engine *g, void *st, const pol_spec *const *seats, uint64_t *rng, long max_moves)
{
    game_move legal[GAME_MAX_MOVES];
    game_config cfg = g->config(st);
    long k = 0;
    while (k < max_moves) {
        int n = g->legal_moves(st, legal, GAME_MAX_MOVES);
        if (n <= 0) break;
        int who = g->to_move(st), i;
        if (!seats || game_is_table(&cfg, who) || !seats[who] || seats[who]->kind == POL_RANDOM)
            i = (int)game_rng_below(rng, (uint32_t)n);
        else
            i = pol_choose(g, seats[who], st, legal, n, rng);
        if (g->apply(st, &legal[i]) != GAME_OK) break;
        k++;
    }
    return k;
}

/* Determinized flat Monte Carlo: per move, `playouts` samples of what the seat cannot see, the move,
 * then random play to the end (or `depth` moves); the move with the highest mean win share. */
static int monte_carlo(const game_engine *g, const pol_spec *p, const void *st, int who, const game_move *legal, int n,
                       uint64_t *rng)
{
    static _Thread_local pol_buf sample;
    static _Thread_local double vals[GAME_MAX_MOVES];
    if (n == 1) return 0;
    long depth = p->depth > 0 ? p->depth : 100000;
    for (int i = 0; i < n; i++) {
        double sum = 0.0;
        for (int j = 0; j < p->playouts; j++) {
            memcpy(sample.b, st, g->state_size);
            if (g->determinize) g->determinize(sample.b, who, rng);
            else g->redact(sample.b, who);
            if (g->apply(sample.b, &legal[i]) != GAME_OK) { sum = -1e18; break; }
            pol_play(g, sample.b, NULL, rng, depth);
            sum += pol_win_share(g, sample.b, who);
        }
        vals[i] = sum / p->playouts;
    }
    return argmax(vals, n, rng);
}

int pol_choose(const game_engine *g, const pol_spec *p, const void *st, const game_move *legal, int n, uint64_t *rng)
{
    game_config cfg = g->config(st);
    int who = g->to_move(st);
    if (n <= 1) return 0;
    if (p->kind == POL_RANDOM || who < 0 || game_is_table(&cfg, who)) return (int)game_rng_below(rng, (uint32_t)n);
    if (p->kind == POL_GREEDY) return greedy(g, st, who, legal, n, rng);
    return monte_carlo(g, p, st, who, legal, n, rng);
}
