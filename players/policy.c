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
    if (!strcmp(text, "sensible")) { out->kind = POL_SENSIBLE; return 0; }
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
    snprintf(err, errlen, "unknown policy '%s' (policies: random, greedy, sensible, mc:N or mc:N:D with N playouts per move, D moves deep)", text);
    return -1;
}

int pol_print(const pol_spec *p, char *buf, size_t n)
{
    switch (p->kind) {
    case POL_GREEDY: return snprintf(buf, n, "greedy");
    case POL_SENSIBLE: return snprintf(buf, n, "sensible");
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

/* Seat who's margin in the game's own sense (game.h score_sense: the fewest penalty points lead in
 * Kleine Klaeffer) from scores of np seats: its total less the best other seat's. */
static double margin_of(const game_engine *g, const int *scores, int np, int who)
{
    int sense = g->score_sense < 0 ? -1 : 1, best = 0, any = 0;
    for (int q = 0; q < np; q++)
        if (q != who && (!any || sense * scores[q] > best)) { best = sense * scores[q]; any = 1; }
    return any ? (double)(sense * scores[who] - best) : 0.0;
}

double pol_margin(const game_engine *g, const void *st, int who)
{
    int scores[GAME_MAX_PLAYERS];
    unsigned w = 0;
    if (!g->score_now || g->score_now(st, scores, &w) != GAME_OK) return 0.0;
    return margin_of(g, scores, g->config(st).players, who);
}

/* Greedy's value of a position for seat who: its margin, then (1e-3) its share of the win, from one
 * scoring (the result once the game is over, the scores so far before). */
static double greedy_value(const game_engine *g, const void *st, int who)
{
    int scores[GAME_MAX_PLAYERS];
    unsigned w = 0;
    if (g->result(st, scores, &w) != GAME_OK && (!g->score_now || g->score_now(st, scores, &w) != GAME_OK)) return 0.0;
    double share = (w >> who & 1u) ? 1.0 / (double)popcount(w) : 0.0;
    return margin_of(g, scores, g->config(st).players, who) + 1e-3 * share;
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
        vals[i] = greedy_value(g, next.b, who);
    }
    return argmax(vals, n, rng);
}

/* The sensible player: greedy over the rest of the seat's turn. A turn's score often shows only at
 * its end (Herr der Ziegen scores after the take that follows the play; Gloria Picktoria's
 * collections grow over several actions), so one ply sees nothing. */
enum { SENS_DEPTH = 4, SENS_BEAM = 5, SENS_BUDGET = 600, SENS_MAX_CAND = 32 };

/* How each game's sensible player tries its best candidates (by the turn's look) again in random
 * playouts from samples of what the seat cannot see, by sequential halving: `budget` playouts in
 * all, spread evenly over rounds that each keep the better half of the candidates. Chosen by
 * measurement (`rulefuzz tournament GAME --policies greedy,sensible`, docs/ambiguity-report.md):
 * - gp: short playouts over few candidates. The turn's look alone (the first tuning: its turn is three
 *   actions whose worth the scores so far show at once) stalls under GP-AMB-THREE-ACTIONS's `may-stop`:
 *   every seat ends its turn at once and passes the fox, and no game ends (`rulefuzz play gp --players
 *   3 --seed S --policy sensible --readings actions=may-stop`, S = 1-3: each cut at 8,192 moves).
 *   3 candidates and a budget of 6 playouts of 10 decisions see that taking and drawing lead on: the same games
 *   end after 400-464 moves with 26-28 chests made and 62-64 collections opened.
 * - kk: a card's worth shows only when the majorities are settled at the end, and the one-ply margin
 *   ranks moves poorly: many candidates, few playouts each, played to the end. Over greedy
 *   (`rulefuzz tournament kk --policies greedy,random,sensible,mc:8 --games 1152 --jobs 2`, 2026-11-28):
 *   3 candidates x 6 playouts of 20 decisions (the first tuning) +39 Elo at 12 ms a game; 16
 *   candidates and 48 playouts to the end +81 [+58, +103] at 30 ms; 16 and 96 +117 [+95, +138] at
 *   47 ms; 16 and 80 +108 [+79, +125] at 41 ms (the choice).
 * - hdz, bids: short playouts of 20 decisions over a few candidates (hdz, `--policies greedy,sensible
 *   --games 288`: 3 candidates x 6 playouts +124 Elo over greedy, 8 candidates and 24 playouts +163;
 *   bids: 3 candidates and 18 playouts +151, 8 and 24 +186 but 65 ms a game). */
typedef struct { const char *game; int candidates, budget, depth; } sens_tuning;
static const sens_tuning SENS_TUNING[] = {
    {"gp", 3, 6, 10},
    {"kk", 16, 80, 0},
    {"hdz", 8, 24, 20},
    {"bids", 3, 18, 20},
};
static sens_tuning sens_tuning_of(const game_engine *g)
{
    for (size_t i = 0; i < sizeof SENS_TUNING / sizeof SENS_TUNING[0]; i++)
        if (!strcmp(g->name, SENS_TUNING[i].game)) return SENS_TUNING[i];
    sens_tuning dflt = {g->name, 3, 18, 20};   /* a new game: short playouts over three candidates */
    return dflt;
}
typedef struct { unsigned char b[SENS_DEPTH + 1][GAME_STATE_MAX] __attribute__((aligned(16))); } sens_bufs;

/* Offer index i with key v to the list idx/key of at most cap entries, best key first: kept when it
 * is among the cap best so far, after the entries with an equal key (so the list stays in offer order
 * among equals). */
static void keep_best(int *idx, double *key, int *len, int cap, int i, double v)
{
    int pos = *len < cap ? (*len)++ : cap;
    while (pos > 0 && key[pos - 1] < v) {
        if (pos < cap) { idx[pos] = idx[pos - 1]; key[pos] = key[pos - 1]; }
        pos--;
    }
    if (pos < cap) { idx[pos] = i; key[pos] = v; }
}

/* The best value seat who can reach from st by the end of its turn, `depth` own decisions more at most. */
static double turn_value(const game_engine *g, const void *st, int who, int depth, int *budget, sens_bufs *bufs)
{
    double here = greedy_value(g, st, who);
    if (depth == 0 || *budget <= 0 || g->to_move(st) != who) return here;
    game_move legal[GAME_MAX_MOVES];
    int n = g->legal_moves(st, legal, GAME_MAX_MOVES);
    if (n <= 0) return here;
    /* the best SENS_BEAM moves by their immediate value, then each looked at to the end of the turn */
    int top[SENS_BEAM], ntop = 0;
    double topv[SENS_BEAM];
    void *child = bufs->b[depth];
    for (int i = 0; i < n && *budget > 0; i++) {
        memcpy(child, st, g->state_size);
        (*budget)--;
        if (g->apply(child, &legal[i]) != GAME_OK) continue;
        keep_best(top, topv, &ntop, SENS_BEAM, i, greedy_value(g, child, who));
    }
    double best = -1e18;
    for (int k = 0; k < ntop; k++) {
        memcpy(child, st, g->state_size);
        if (g->apply(child, &legal[top[k]]) != GAME_OK) continue;
        double v = turn_value(g, child, who, depth - 1, budget, bufs);
        if (v > best) best = v;
    }
    return best > -1e17 ? best : here;
}

static int sensible(const game_engine *g, const void *st, int who, const game_move *legal, int n, uint64_t *rng)
{
    static _Thread_local pol_buf view, next;
    static _Thread_local sens_bufs bufs;
    static _Thread_local double vals[GAME_MAX_MOVES];
    memcpy(view.b, st, g->state_size);
    g->redact(view.b, who);
    int budget = SENS_BUDGET;
    for (int i = 0; i < n; i++) {
        memcpy(next.b, view.b, g->state_size);
        if (g->apply(next.b, &legal[i]) != GAME_OK) { vals[i] = -1e18; continue; }
        int share = budget / (n - i) > 0 ? budget / (n - i) : 1;   /* every move gets its share of the budget */
        int mine = share;
        vals[i] = turn_value(g, next.b, who, SENS_DEPTH - 1, &mine, &bufs);
        budget -= share - mine;
    }
    sens_tuning tu = sens_tuning_of(g);
    if (n <= 1 || tu.candidates == 0 || tu.budget == 0) return argmax(vals, n, rng);
    /* The best few by the turn's look, in order, tried again by random playouts (sequential halving);
     * a candidate's worth is the mean margin its playouts reach, the turn's value breaking ties. */
    int cand[SENS_MAX_CAND], ncand = 0, ntry = tu.candidates < SENS_MAX_CAND ? tu.candidates : SENS_MAX_CAND;
    double ckey[SENS_MAX_CAND];
    for (int i = 0; i < n; i++) keep_best(cand, ckey, &ncand, ntry, i, vals[i]);
    static _Thread_local double sum[GAME_MAX_MOVES];
    static _Thread_local int cnt[GAME_MAX_MOVES];
    int rounds = 0;
    for (int m = ncand; m > 1; m = (m + 1) / 2) rounds++;
    long depth = tu.depth > 0 ? tu.depth : 100000;
    for (int k = 0; k < ncand; k++) { sum[cand[k]] = 0; cnt[cand[k]] = 0; }
    for (int alive = ncand; alive > 1; alive = (alive + 1) / 2) {
        int per = tu.budget / rounds / alive > 0 ? tu.budget / rounds / alive : 1;
        for (int k = 0; k < alive; k++) {
            int i = cand[k];
            for (int j = 0; j < per; j++) {
                memcpy(next.b, st, g->state_size);
                if (g->determinize) g->determinize(next.b, who, rng);
                else g->redact(next.b, who);
                if (g->apply(next.b, &legal[i]) != GAME_OK) { sum[i] = -1e18; cnt[i] = 1; break; }
                pol_play(g, next.b, NULL, rng, depth);
                sum[i] += greedy_value(g, next.b, who);
                cnt[i]++;
            }
        }
        /* the candidates in order of their mean so far (ties keep the turn's order) */
        int was[SENS_MAX_CAND], kept = 0;
        memcpy(was, cand, (size_t)alive * sizeof *was);
        for (int k = 0; k < alive; k++) keep_best(cand, ckey, &kept, alive, was[k], sum[was[k]] / cnt[was[k]] + 1e-6 * vals[was[k]]);
    }
    return cand[0];
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
    if (p->kind == POL_SENSIBLE) return sensible(g, st, who, legal, n, rng);
    return monte_carlo(g, p, st, who, legal, n, rng);
}
