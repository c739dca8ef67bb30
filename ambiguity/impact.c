/* impact.c: what a reading changes in play: paired games under two readings, played by a policy, and their statistics. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "impact.h"

#define AMB_MAX_MOVES 8192      /* as a record may hold (records/record.h RF_MAX_GAME_MOVES) */
/* Once the runs part, B and the null go on with draws of their own, independent of A's: the winner
 * changes between A and B, and between A and its null, by chance in the same way, so the excess of
 * the first over the second is the reading's effect. */
#define AMB_FRESH_B    0x42B0F7E5C3A19D27ull
#define AMB_FRESH_NULL 0xA5A5F00DC0FFEE11ull

const char *const amb_measure_name[AMB_M_SEAT0] = {"game length", "winner's score", "margin", "mean score"};

typedef struct { unsigned char b[GAME_STATE_MAX] __attribute__((aligned(16))); } amb_buf;

static void finish(const game_engine *g, const void *st, int *ended, int *scores, unsigned *winners)
{
    *ended = g->result(st, scores, winners) == GAME_OK;
}

/* The parting point for a witness: both positions and the draws. */
static void keep_part(amb_part *part, const game_engine *g, const void *a, const void *b, uint64_t rng)
{
    if (!part) return;
    memcpy(part->st[0], a, g->state_size);
    memcpy(part->st[1], b, g->state_size);
    part->rng = rng;
    part->has_pre = 0;
}

void amb_pair_play(const game_engine *g, const pol_spec *pol, int players, uint64_t seed, uint32_t ra, uint32_t rb,
                   int with_null, amb_game *out, amb_part *part)
{
    static _Thread_local amb_buf s[2], snap;
    static _Thread_local game_move la[GAME_MAX_MOVES], lb[GAME_MAX_MOVES];
    game_config ca = {players, ra}, cb = {players, rb};
    uint64_t rng[2], snap_rng = 0;
    memset(out, 0, sizeof *out);
    out->players = players;
    out->part_at = -1;
    out->relevant = -1;
    g->setup_seed(s[0].b, &ca, seed);
    g->setup_seed(s[1].b, &cb, seed);
    rng[0] = rng[1] = seed * 0x9E3779B97F4A7C15ull ^ 0x7061697265640000ull;   /* the decision seed */
    if (!g->same_play(s[0].b, s[1].b)) {
        out->part_at = 0;
        memcpy(snap.b, s[0].b, g->state_size);
        snap_rng = rng[0];
        keep_part(part, g, s[0].b, s[1].b, rng[0]);
    }
    int done[2] = {0, 0};
    long step = 0;
    while (step < AMB_MAX_MOVES) {
        int na = done[0] ? 0 : g->legal_moves(s[0].b, la, GAME_MAX_MOVES);
        int nb = done[1] ? 0 : g->legal_moves(s[1].b, lb, GAME_MAX_MOVES);
        if (na <= 0) done[0] = 1;
        if (nb <= 0) done[1] = 1;
        if (done[0] && done[1]) break;
        step++;
        int joint = out->part_at < 0;
        int parting_now = 0;
        if (joint && !game_moves_eq(la, na, lb, nb)) {
            out->part_at = step;
            parting_now = 1;
            memcpy(snap.b, s[0].b, g->state_size);
            snap_rng = rng[0];
            keep_part(part, g, s[0].b, s[1].b, rng[0]);
        }
        int ia = -1, ib = -1;
        if (joint) {
            /* While the runs are one game, both decide from the same draws. */
            uint64_t r0 = rng[0], r1 = rng[0];
            if (na > 0) ia = pol_choose(g, pol, s[0].b, la, na, &r0);
            if (nb > 0) ib = pol_choose(g, pol, s[1].b, lb, nb, &r1);
            game_config c = g->config(s[0].b);
            int who = na > 0 ? g->to_move(s[0].b) : -1;
            int judged = pol->kind != POL_RANDOM && who >= 0 && !game_is_table(&c, who);
            int differ = ia >= 0 && ib >= 0 && !game_move_eq(&la[ia], &lb[ib]);
            if (!parting_now && differ) {       /* one position, two decisions: the reading moved the player */
                out->part_at = step;
                parting_now = 1;
                memcpy(snap.b, s[0].b, g->state_size);
                snap_rng = rng[0];
                keep_part(part, g, s[0].b, s[1].b, rng[0]);
            }
            if (parting_now && judged && ia >= 0 && ib >= 0)
                out->relevant = differ || !game_move_in(lb, nb, &la[ia]) || !game_move_in(la, na, &lb[ib]);
            (void)r1;
            rng[0] = r0;
            rng[1] = parting_now ? r0 ^ AMB_FRESH_B : r0;
        } else {
            if (na > 0) ia = pol_choose(g, pol, s[0].b, la, na, &rng[0]);
            if (nb > 0) ib = pol_choose(g, pol, s[1].b, lb, nb, &rng[1]);
        }
        int watch = part && out->part_at < 0 && ia >= 0 && ib >= 0;
        if (watch) { memcpy(part->pre[0], s[0].b, g->state_size); memcpy(part->pre[1], s[1].b, g->state_size); }
        if (ia >= 0) { g->apply(s[0].b, &la[ia]); out->len[0]++; }
        if (ib >= 0) { g->apply(s[1].b, &lb[ib]); out->len[1]++; }
        if (out->part_at < 0 && !g->same_play(s[0].b, s[1].b)) {
            out->part_at = step + 1;            /* the next position is the first that differs */
            memcpy(snap.b, s[0].b, g->state_size);
            snap_rng = rng[0];
            keep_part(part, g, s[0].b, s[1].b, rng[0]);
            if (watch) { part->has_pre = 1; part->move[0] = la[ia]; part->move[1] = lb[ib]; }
            rng[1] = rng[0] ^ AMB_FRESH_B;
        }
    }
    finish(g, s[0].b, &out->ended[0], out->scores[0], &out->winners[0]);
    finish(g, s[1].b, &out->ended[1], out->scores[1], &out->winners[1]);
    if (g->measures) {
        out->nextra = g->measures(s[0].b, out->extra_name, out->extra[0], GAME_MAX_MEASURES);
        g->measures(s[1].b, out->extra_name, out->extra[1], GAME_MAX_MEASURES);
        if (out->nextra > GAME_MAX_MEASURES) out->nextra = GAME_MAX_MEASURES;
    }
    if (out->part_at < 0 && out->ended[0] && out->ended[1] &&
        (out->winners[0] != out->winners[1] || memcmp(out->scores[0], out->scores[1], sizeof(int) * (size_t)players))) {
        out->part_at = step + 1;                /* one game, scored two ways: they part at the final scoring */
        memcpy(snap.b, s[0].b, g->state_size);  /* nothing is left to continue: the null is the game itself */
        snap_rng = rng[0];
        keep_part(part, g, s[0].b, s[1].b, rng[0]);
    }
    if (with_null && out->part_at >= 0) {
        /* The null: the same reading again from the parting position, with a fresh continuation. */
        const pol_spec *seats[GAME_MAX_PLAYERS + 1];
        for (int p = 0; p <= GAME_MAX_PLAYERS; p++) seats[p] = pol;
        uint64_t r = snap_rng ^ AMB_FRESH_NULL;
        long left = AMB_MAX_MOVES - (out->part_at > 0 ? out->part_at - 1 : 0);
        pol_play(g, snap.b, seats, &r, left);
        int sc[GAME_MAX_PLAYERS];
        finish(g, snap.b, &out->null_ended, sc, &out->null_winners);
    }
}

static void side_measures(const amb_game *x, int side, double *v)
{
    const int *sc = x->scores[side];
    int np = x->players, top = sc[0], second = -2147483647, ntop = 0;
    double sum = 0;
    for (int p = 0; p < np; p++) { if (sc[p] > top) top = sc[p]; sum += sc[p]; }
    for (int p = 0; p < np; p++) {
        if (sc[p] == top) ntop++;
        else if (sc[p] > second) second = sc[p];
    }
    v[AMB_M_LENGTH] = (double)x->len[side];
    v[AMB_M_TOP] = top;
    v[AMB_M_MARGIN] = ntop > 1 ? 0.0 : (double)(top - (second == -2147483647 ? top : second));
    v[AMB_M_MEAN] = sum / np;
    unsigned w = x->winners[side], k = 0;
    for (unsigned t = w; t; t &= t - 1) k++;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) v[AMB_M_SEAT0 + p] = (p < np && (w >> p & 1)) ? 1.0 / k : 0.0;
    for (int e = 0; e < GAME_MAX_MEASURES; e++) v[AMB_M_EXTRA0 + e] = e < x->nextra ? x->extra[side][e] : 0.0;
}

static int cmp_long(const void *a, const void *b) { long x = *(const long *)a, y = *(const long *)b; return (x > y) - (x < y); }

void amb_stats_of(const amb_game *games, long n, amb_stats *s)
{
    memset(s, 0, sizeof *s);
    s->games = n;
    double *d[AMB_MEASURES], *ex = calloc((size_t)n + 1, sizeof *ex);
    long *parts = calloc((size_t)n + 1, sizeof *parts), nd[AMB_MEASURES] = {0}, np = 0, ne = 0;
    for (int m = 0; m < AMB_MEASURES; m++) d[m] = calloc((size_t)n + 1, sizeof **d);
    long parted = 0, judged = 0, relevant = 0, both = 0, changed = 0, nboth = 0, nchanged = 0;
    for (long i = 0; i < n; i++) {
        const amb_game *x = &games[i];
        if (x->players > s->seats) s->seats = x->players;
        if (x->nextra > s->nextra) { s->nextra = x->nextra; memcpy(s->extra_name, x->extra_name, sizeof s->extra_name); }
        if (x->part_at >= 0) { parted++; parts[np++] = x->part_at; }
        if (x->relevant >= 0) { judged++; relevant += x->relevant; }
        if (x->ended[0] && x->ended[1]) {
            double va[AMB_MEASURES], vb[AMB_MEASURES];
            side_measures(x, 0, va);
            side_measures(x, 1, vb);
            for (int m = 0; m < AMB_MEASURES; m++) {
                if (m >= AMB_M_SEAT0 && m < AMB_M_EXTRA0 && m - AMB_M_SEAT0 >= x->players) continue;
                if (m >= AMB_M_EXTRA0 && m - AMB_M_EXTRA0 >= x->nextra) continue;
                d[m][nd[m]++] = vb[m] - va[m];
            }
            both++;
            int c = x->winners[0] != x->winners[1];
            changed += c;
            /* the null: without a parting point the continuation is the game itself (no change) */
            int cn = x->part_at >= 0 && x->null_ended ? x->null_winners != x->winners[0] : 0;
            if (x->part_at < 0 || x->null_ended) { nboth++; nchanged += cn; ex[ne++] = c - cn; }
        }
    }
    stat_rate_of(parted, n, &s->exercised);
    if (np) { qsort(parts, (size_t)np, sizeof *parts, cmp_long); s->median_part = np % 2 ? (double)parts[np / 2] : 0.5 * (double)(parts[np / 2 - 1] + parts[np / 2]); }
    for (int m = 0; m < AMB_MEASURES; m++) {
        if (m >= AMB_M_SEAT0 && m < AMB_M_EXTRA0 && m - AMB_M_SEAT0 >= s->seats) continue;
        if (m >= AMB_M_EXTRA0 && m - AMB_M_EXTRA0 >= s->nextra) continue;
        stat_mean_of(d[m], nd[m], &s->effect[m]);
        if (s->effect[m].significant) {
            s->significant++;
            double half = (s->effect[m].hi - s->effect[m].lo) / 2;
            double t = half > 0 ? fabs(s->effect[m].mean) / half : 0;
            if (t > s->strongest) s->strongest = t;
        }
    }
    stat_rate_of(relevant, judged, &s->relevance);
    stat_rate_of(changed, both, &s->winner_changed);
    stat_rate_of(nchanged, nboth, &s->null_changed);
    stat_mean_of(ex, ne, &s->excess);
    for (int m = 0; m < AMB_MEASURES; m++) free(d[m]);
    free(ex);
    free(parts);
}

int amb_play_many(const game_engine *g, const pol_spec *pol, int players, uint64_t seed0, long games, uint32_t ra,
                  uint32_t rb, int with_null, int jobs, amb_game *out)
{
    int span = g->max_players - g->min_players + 1;
    if (jobs < 1) jobs = 1;
    if (jobs > 64) jobs = 64;
    if (jobs == 1 || games < 2 * jobs) {
        for (long k = 0; k < games; k++)
            amb_pair_play(g, pol, players ? players : g->min_players + (int)(k % span), seed0 + (uint64_t)k, ra, rb,
                          with_null, &out[k], NULL);
        return 0;
    }
    size_t bytes = sizeof *out * (size_t)games;
    amb_game *shared = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED) return -1;
    pid_t pid[64];
    int started = 0, bad = 0;
    fflush(NULL);
    for (int j = 0; j < jobs; j++) {
        pid[j] = fork();
        if (pid[j] < 0) { bad = 1; break; }
        if (pid[j] == 0) {
            for (long k = j; k < games; k += jobs)
                amb_pair_play(g, pol, players ? players : g->min_players + (int)(k % span), seed0 + (uint64_t)k, ra, rb,
                              with_null, &shared[k], NULL);
            _exit(0);
        }
        started++;
    }
    for (int j = 0; j < started; j++) {
        int status;
        if (waitpid(pid[j], &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) bad = 1;
    }
    if (!bad) memcpy(out, shared, bytes);
    munmap(shared, bytes);
    return bad ? -1 : 0;
}

void amb_effects_text(const amb_stats *s, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = 0;
    for (int m = 0; m < AMB_MEASURES && len < n; m++) {
        const stat_mean *e = &s->effect[m];
        if (!e->significant) continue;
        char name[64];
        if (m < AMB_M_SEAT0) snprintf(name, sizeof name, "%s", amb_measure_name[m]);
        else if (m >= AMB_M_EXTRA0) snprintf(name, sizeof name, "%s", s->extra_name[m - AMB_M_EXTRA0] ? s->extra_name[m - AMB_M_EXTRA0] : "?");
        else snprintf(name, sizeof name, "P%d win share", m - AMB_M_SEAT0 + 1);
        if (m >= AMB_M_SEAT0 && m < AMB_M_EXTRA0)
            len += (size_t)snprintf(buf + len, n - len, "%s%s %+.1f pp [%+.1f, %+.1f]", len ? "; " : "", name, 100 * e->mean,
                                    100 * e->lo, 100 * e->hi);
        else
            len += (size_t)snprintf(buf + len, n - len, "%s%s %+.2f [%+.2f, %+.2f]", len ? "; " : "", name, e->mean, e->lo, e->hi);
    }
    if (!len) snprintf(buf, n, "none");
}

const char *const amb_witness_kind[AMB_W_WINNER + 1] = {"none", "position", "legal moves", "scores", "winner"};

/* Play a side from its parting position under the policy, at most AMB_WITNESS_MAX + 1 decisions. */
static void witness_side(const game_engine *g, const pol_spec *pol, const void *start, uint64_t rng, amb_witness *w, int side)
{
    static _Thread_local amb_buf st;
    game_move legal[GAME_MAX_MOVES];
    memcpy(st.b, start, g->state_size);
    game_config cfg = g->config(st.b);
    w->n[side] = 0;
    for (;;) {
        int n = g->legal_moves(st.b, legal, GAME_MAX_MOVES);
        if (n <= 0) break;
        if (w->n[side] >= AMB_WITNESS_MAX) { w->n[side]++; return; }   /* too long */
        int who = g->to_move(st.b);
        int i = game_is_table(&cfg, who) ? (int)game_rng_below(&rng, (uint32_t)n) : pol_choose(g, pol, st.b, legal, n, &rng);
        w->moves[side][w->n[side]++] = legal[i];
        g->apply(st.b, &legal[i]);
    }
    w->ended[side] = g->result(st.b, w->scores[side], &w->winners[side]) == GAME_OK;
}

void amb_witness_find(const game_engine *g, const pol_spec *pol, const amb_game *games, long n, uint64_t seed0,
                      uint32_t ra, uint32_t rb, int tries, amb_witness *w)
{
    static _Thread_local amb_witness t;
    static _Thread_local amb_game x;
    memset(w, 0, sizeof *w);
    /* candidates: the parted games with the fewest decisions left after the parting point */
    enum { CANDIDATES = 12 };
    long cand[CANDIDATES];
    int nc = 0;
    for (long k = 0; k < n; k++) {
        if (games[k].part_at < 0) continue;
        long left = games[k].len[0] > games[k].len[1] ? games[k].len[0] : games[k].len[1];
        left -= games[k].part_at;
        int pos = nc < CANDIDATES ? nc++ : CANDIDATES;
        while (pos > 0) {
            const amb_game *q = &games[cand[pos - 1]];
            long ql = (q->len[0] > q->len[1] ? q->len[0] : q->len[1]) - q->part_at;
            if (ql <= left) break;
            if (pos < CANDIDATES) cand[pos] = cand[pos - 1];
            pos--;
        }
        if (pos < CANDIDATES) cand[pos] = k;
    }
    for (int c = 0; c < nc; c++) {
        const amb_game *src = &games[cand[c]];
        amb_pair_play(g, pol, src->players, seed0 + (uint64_t)cand[c], ra, rb, 0, &x, &t.part);
        if (x.part_at < 0) continue;
        t.players = x.players;
        t.seed = seed0 + (uint64_t)cand[c];
        t.part_at = x.part_at;
        for (int k = 0; k < tries; k++) {
            uint64_t r = t.part.rng ^ ((uint64_t)0x9E3779B97F4A7C15u * (uint64_t)(unsigned)(k + 1));
            witness_side(g, pol, t.part.st[0], r, &t, 0);
            witness_side(g, pol, t.part.st[1], r, &t, 1);
            if (t.n[0] > AMB_WITNESS_MAX || t.n[1] > AMB_WITNESS_MAX || !t.ended[0] || !t.ended[1]) continue;
            t.kind = t.winners[0] != t.winners[1] ? AMB_W_WINNER
                   : memcmp(t.scores[0], t.scores[1], sizeof(int) * (size_t)t.players) ? AMB_W_SCORES : AMB_W_NONE;
            if (t.kind == AMB_W_NONE) continue;
            long len = t.n[0] > t.n[1] ? t.n[0] : t.n[1], wl = w->n[0] > w->n[1] ? w->n[0] : w->n[1];
            if (t.kind > w->kind || (t.kind == w->kind && len < wl)) *w = t;
        }
    }
    if (w->kind >= AMB_W_SCORES || nc == 0) return;
    /* No outcome within reach: the first candidate's parting position, and a move legal under one
     * reading only (or, when the positions themselves differ, the positions). */
    amb_pair_play(g, pol, games[cand[0]].players, seed0 + (uint64_t)cand[0], ra, rb, 0, &x, &t.part);
    memset(&t.moves, 0, sizeof t.moves);
    t.n[0] = t.n[1] = 0;
    t.players = x.players;
    t.seed = seed0 + (uint64_t)cand[0];
    t.part_at = x.part_at;
    t.kind = AMB_W_POSITION;
    t.ended[0] = t.ended[1] = 0;
    if (t.part.has_pre) {
        /* one decision, two positions: start just before it */
        for (int s = 0; s < 2; s++) {
            memcpy(t.part.st[s], t.part.pre[s], g->state_size);
            t.moves[s][0] = t.part.move[s];
            t.n[s] = 1;
        }
        *w = t;
        return;
    }
    game_move la[GAME_MAX_MOVES], lb[GAME_MAX_MOVES];
    int na = g->legal_moves(t.part.st[0], la, GAME_MAX_MOVES), nb = g->legal_moves(t.part.st[1], lb, GAME_MAX_MOVES);
    for (int i = 0; i < na && t.kind == AMB_W_POSITION; i++)
        if (!game_move_in(lb, nb, &la[i])) { t.kind = AMB_W_LEGAL; t.moves[0][0] = la[i]; t.n[0] = 1; }
    for (int i = 0; i < nb && t.kind == AMB_W_POSITION; i++)
        if (!game_move_in(la, na, &lb[i])) { t.kind = AMB_W_LEGAL; t.moves[1][0] = lb[i]; t.n[1] = 1; }
    for (int s = 0; s < 2; s++) t.ended[s] = g->result(t.part.st[s], t.scores[s], &t.winners[s]) == GAME_OK;
    *w = t;
}
