/* impact.c: what a reading changes in play: paired games under two readings, played by a policy, and their statistics. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "impact.h"

/* Once the runs part, B and the nulls go on with draws of their own, independent of A's and of each
 * other: the winner changes between A and B, between A and its null A', and between B and its null
 * B', by chance in the same way when the readings do not differ (amb_stats_of's AMB_M_EXCESS). */
#define AMB_FRESH_B     0x42B0F7E5C3A19D27ull
#define AMB_FRESH_NULL0 0xA5A5F00DC0FFEE11ull
#define AMB_FRESH_NULL1 0x5EED0F1B2C3D4E5Full

const char *const amb_part_name[AMB_PART_KINDS] = {"never", "a different deal", "other legal moves", "another result of the same move",
                                                   "another final scoring", "the player's choice", "forced (control)"};

typedef struct { unsigned char b[GAME_STATE_MAX] __attribute__((aligned(16))); } amb_buf;

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint64_t amb_deal_seed(uint64_t base, uint64_t salt, long k)
{
    if (!salt) return base + (uint64_t)k;          /* salt 0: the plain seeds base, base+1, ... */
    return mix64(mix64(base ^ salt) + 0x9E3779B97F4A7C15ull * (uint64_t)(k + 1));
}

uint64_t amb_salt(const char *name, int block)
{
    uint64_t h = 0xcbf29ce484222325ull;            /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) h = (h ^ *p) * 0x100000001b3ull;
    h = mix64(h + (uint64_t)(unsigned)block * 0xD1B54A32D192ED03ull);
    return h ? h : 1;
}

uint64_t amb_draw_seed(uint64_t deal) { return deal * 0x9E3779B97F4A7C15ull ^ 0x7061697265640000ull; }

/* 1 when the two positions differ in something a player sees at the table now: one game over and the
 * other not; the final scores or winners; before the end, the scores so far (not who leads by them:
 * a winner rule applies at the end only). */
static int shows(const game_engine *g, const void *a, const void *b)
{
    int ea = g->to_move(a) < 0, eb = g->to_move(b) < 0;
    if (ea != eb) return 1;
    int sa[GAME_MAX_PLAYERS] = {0}, sb[GAME_MAX_PLAYERS] = {0};
    unsigned wa = 0, wb = 0;
    int ra, rb;
    if (ea) { ra = g->result(a, sa, &wa); rb = g->result(b, sb, &wb); }
    else if (g->score_now) { ra = g->score_now(a, sa, &wa); rb = g->score_now(b, sb, &wb); wa = wb = 0; }
    else return 0;
    int np = g->config(a).players;
    return ra != rb || wa != wb || memcmp(sa, sb, sizeof(int) * (size_t)np) != 0;
}

/* Apply m to one side, counting its decision and the units it completes. */
static void step_side(const game_engine *g, void *st, const game_move *m, amb_side *sd)
{
    static _Thread_local amb_buf pre;
    if (g->units_done) memcpy(pre.b, st, g->state_size);
    if (g->apply(st, m) != GAME_OK) return;
    sd->decisions++;
    if (g->units_done) sd->units += g->units_done(pre.b, st);
}

static void finish(const game_engine *g, const void *st, amb_side *sd)
{
    sd->ended = g->result(st, sd->scores, &sd->winners) == GAME_OK;
    if (!sd->ended) { sd->winners = 0; memset(sd->scores, 0, sizeof sd->scores); }
    if (g->measures) {
        const char *names[GAME_MAX_MEASURES];
        g->measures(st, names, sd->extra, GAME_MAX_MEASURES);
    }
}

/* The point where the rule first shows, for witnesses: the two positions (before the move, for a
 * result), the move, and the positions after it. */
static void capture(amb_part *part, const game_engine *g, int kind, long at, const void *a, const void *b, const game_move *m,
                    const void *after_a, const void *after_b)
{
    if (!part || part->kind != AMB_PART_NONE) return;
    part->kind = kind;
    part->at = at;
    memcpy(part->st[0], a, g->state_size);
    memcpy(part->st[1], b, g->state_size);
    if (m) part->move = *m;
    else memset(&part->move, 0, sizeof part->move);
    if (after_a) { memcpy(part->after[0], after_a, g->state_size); memcpy(part->after[1], after_b, g->state_size); }
}

/* Relevance where the rule first shows: the player's move under A is illegal under B, or B's player,
 * deciding from the same draw, picks another move. */
static int relevance_of(const game_engine *g, const pol_spec *pol, const void *sa, const game_move *la, int na, int ia,
                        const void *sb, const game_move *lb, int nb, uint64_t draw)
{
    if (ia < 0 || nb <= 0) return 1;
    if (!game_move_in(lb, nb, &la[ia])) return 1;
    uint64_t r = draw;
    int ib = pol_choose(g, pol, sb, lb, nb, &r);
    (void)sa; (void)na;
    return !game_move_eq(&la[ia], &lb[ib]);
}

void amb_pair_play(const game_engine *g, const pol_spec *pol, int players, uint64_t deal, uint64_t draws, uint32_t ra,
                   uint32_t rb, int flags, amb_game *out, amb_part *part)
{
    static _Thread_local amb_buf s[2], snap[2], shadow, before[2], shadow_before;
    static _Thread_local game_move la[GAME_MAX_MOVES], lb[GAME_MAX_MOVES], ls[GAME_MAX_MOVES];
    game_config ca = {players, ra}, cb = {players, rb};
    long snap_step = 0;
    uint64_t snap_rng = 0;
    memset(out, 0, sizeof *out);
    out->players = players;
    out->deal = deal;
    out->draws = draws;
    out->part_at = out->shown_at = -1;
    out->relevant = -1;
    if (part) part->kind = AMB_PART_NONE;
    g->setup_seed(s[0].b, &ca, deal);
    g->setup_seed(s[1].b, &cb, deal);
    uint64_t rng[2] = {draws, draws};
    int joint = 1, shadowing = 0;
    /* the negative control parts at a decision of its own: the deal, or one of the first 63 */
    long force_at = (flags & AMB_FORCE) ? (long)(mix64(draws) % 64) : -1;
#define PART(kind, at) do { out->part_kind = (kind); out->part_at = (at); joint = 0; \
        memcpy(snap[0].b, s[0].b, g->state_size); memcpy(snap[1].b, s[1].b, g->state_size); \
        snap_step = (at) > 0 ? (at) - 1 : 0; snap_rng = rng[0]; } while (0)
#define SHOWN(kind, at) do { if (out->shown_at < 0) { out->shown_kind = (kind); out->shown_at = (at); out->shown_units = out->side[0].units; } } while (0)
    if (force_at == 0) {
        PART(AMB_PART_FORCED, 0);
        rng[1] = draws ^ AMB_FRESH_B;
    } else if (!g->same_play(s[0].b, s[1].b)) {
        PART(AMB_PART_DEAL, 0);
        SHOWN(AMB_PART_DEAL, 0);
        capture(part, g, AMB_PART_DEAL, 0, s[0].b, s[1].b, NULL, NULL, NULL);
        rng[1] = draws ^ AMB_FRESH_B;
    }
    int done[2] = {0, 0};
    long step = 0;
    game_move last = {0};
    while (step < AMB_MAX_MOVES) {
        int na = done[0] ? 0 : g->legal_moves(s[0].b, la, GAME_MAX_MOVES);
        int nb = done[1] ? 0 : g->legal_moves(s[1].b, lb, GAME_MAX_MOVES);
        if (na <= 0) done[0] = 1;
        if (nb <= 0) done[1] = 1;
        if (done[0] && done[1]) break;
        step++;
        int ia = -1, ib = -1;
        game_config c = g->config(s[0].b);
        int who = na > 0 ? g->to_move(s[0].b) : -1;
        int judged = pol->kind != POL_RANDOM && who >= 0 && !game_is_table(&c, who);
        if (joint) {
            int legal_differ = !game_moves_eq(la, na, lb, nb);
            uint64_t r0 = rng[0], r1 = rng[0];
            if (na > 0) ia = pol_choose(g, pol, s[0].b, la, na, &r0);
            if (nb > 0) ib = pol_choose(g, pol, s[1].b, lb, nb, &r1);
            int differ = ia >= 0 && ib >= 0 && !game_move_eq(&la[ia], &lb[ib]);
            int part_now = 0;
            if (legal_differ) {
                SHOWN(AMB_PART_LEGAL, step);
                capture(part, g, AMB_PART_LEGAL, step, s[0].b, s[1].b, ia >= 0 ? &la[ia] : NULL, NULL, NULL);
                if (judged) out->relevant = relevance_of(g, pol, s[0].b, la, na, ia, s[1].b, lb, nb, rng[0]);
                PART(AMB_PART_LEGAL, step);
                part_now = 1;
            } else if (differ) {
                /* one position, one rule at the table, two decisions: the reading moved the player
                 * before it showed; B's rule is followed along A's moves until it shows */
                PART(AMB_PART_CHOICE, step);
                memcpy(shadow.b, s[1].b, g->state_size);
                shadowing = 1;
                part_now = 1;
            } else if (step == force_at) {
                PART(AMB_PART_FORCED, step);
                part_now = 1;
            }
            rng[0] = r0;
            if (part_now) {
                /* From the parting decision on, B draws its own, as its null does: B decides this
                 * decision again from a fresh draw. */
                rng[1] = r0 ^ AMB_FRESH_B;
                if (nb > 0) ib = pol_choose(g, pol, s[1].b, lb, nb, &rng[1]);
            } else rng[1] = r0;
        } else {
            uint64_t draw = rng[0];
            if (na > 0) ia = pol_choose(g, pol, s[0].b, la, na, &rng[0]);
            if (nb > 0) ib = pol_choose(g, pol, s[1].b, lb, nb, &rng[1]);
            if (shadowing && na > 0) {
                int ns = g->legal_moves(shadow.b, ls, GAME_MAX_MOVES);
                if (!game_moves_eq(la, na, ls, ns)) {
                    SHOWN(AMB_PART_LEGAL, step);
                    capture(part, g, AMB_PART_LEGAL, step, s[0].b, shadow.b, ia >= 0 ? &la[ia] : NULL, NULL, NULL);
                    if (judged) out->relevant = relevance_of(g, pol, s[0].b, la, na, ia, shadow.b, ls, ns, draw);
                    shadowing = 0;
                }
            }
        }
        int watch = part && part->kind == AMB_PART_NONE && ia >= 0;
        if (watch) {
            memcpy(before[0].b, s[0].b, g->state_size);
            memcpy(before[1].b, s[1].b, g->state_size);
            if (shadowing) memcpy(shadow_before.b, shadow.b, g->state_size);
        }
        if (ia >= 0) { step_side(g, s[0].b, &la[ia], &out->side[0]); last = la[ia]; }
        if (ib >= 0) step_side(g, s[1].b, &lb[ib], &out->side[1]);
        if (shadowing && ia >= 0) {
            if (g->apply(shadow.b, &la[ia]) != GAME_OK || shows(g, s[0].b, shadow.b)) {
                SHOWN(AMB_PART_RESULT, step);
                if (watch) capture(part, g, AMB_PART_RESULT, step, before[0].b, shadow_before.b, &la[ia], s[0].b, shadow.b);
                shadowing = 0;
            }
        }
        if (joint && !g->same_play(s[0].b, s[1].b) && shows(g, s[0].b, s[1].b)) {
            /* the same move, another result at the table: the runs part at the next position; a
             * counter that differs and shows nothing yet keeps them one game */
            SHOWN(AMB_PART_RESULT, step);
            if (watch) capture(part, g, AMB_PART_RESULT, step, before[0].b, before[1].b, &la[ia], s[0].b, s[1].b);
            PART(AMB_PART_RESULT, step + 1);
            rng[1] = rng[0] ^ AMB_FRESH_B;
        }
    }
    finish(g, s[0].b, &out->side[0]);
    finish(g, s[1].b, &out->side[1]);
    if (joint && out->side[0].ended && out->side[1].ended &&
        (out->side[0].winners != out->side[1].winners ||
         memcmp(out->side[0].scores, out->side[1].scores, sizeof(int) * (size_t)players))) {
        SHOWN(AMB_PART_FINAL, step);              /* one game, scored two ways: nothing is left to play */
        if (part && part->kind == AMB_PART_NONE && step > 0)
            capture(part, g, AMB_PART_FINAL, step, before[0].b, before[1].b, &last, s[0].b, s[1].b);
        out->part_kind = AMB_PART_FINAL;
        out->part_at = step + 1;
        joint = 0;
    }
    for (int sd = 0; sd < 2; sd++) { out->side[sd].null_ended = out->side[sd].ended; out->side[sd].null_winners = out->side[sd].winners; }
    if ((flags & AMB_NULL) && out->part_at >= 0 && out->part_kind != AMB_PART_FINAL) {
        /* The nulls: each reading again from its parting position, with draws of its own. */
        const pol_spec *seats[GAME_MAX_PLAYERS + 1];
        for (int p = 0; p <= GAME_MAX_PLAYERS; p++) seats[p] = pol;
        for (int sd = 0; sd < 2; sd++) {
            uint64_t r = snap_rng ^ (sd ? AMB_FRESH_NULL1 : AMB_FRESH_NULL0);
            pol_play(g, snap[sd].b, seats, &r, AMB_MAX_MOVES - snap_step);
            int sc[GAME_MAX_PLAYERS];
            unsigned w = 0;
            out->side[sd].null_ended = g->result(snap[sd].b, sc, &w) == GAME_OK;
            out->side[sd].null_winners = out->side[sd].null_ended ? w : 0;
        }
    }
#undef PART
#undef SHOWN
}

int amb_play_many(const game_engine *g, const pol_spec *pol, int players, uint64_t base, uint64_t salt, long games,
                  uint32_t ra, uint32_t rb, int flags, int jobs, amb_game *out)
{
    int span = g->max_players - g->min_players + 1;
    if (jobs < 1) jobs = 1;
    if (jobs > 64) jobs = 64;
#define ONE(k, dst) do { uint64_t d_ = amb_deal_seed(base, salt, (k)); \
        amb_pair_play(g, pol, players ? players : g->min_players + (int)((k) % span), d_, amb_draw_seed(d_), ra, rb, flags, (dst), NULL); } while (0)
    if (jobs == 1 || games < 2 * jobs) {
        for (long k = 0; k < games; k++) ONE(k, &out[k]);
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
            for (long k = j; k < games; k += jobs) ONE(k, &shared[k]);
            _exit(0);
        }
        started++;
    }
#undef ONE
    for (int j = 0; j < started; j++) {
        int status;
        if (waitpid(pid[j], &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) bad = 1;
    }
    if (!bad) memcpy(out, shared, bytes);
    munmap(shared, bytes);
    return bad ? -1 : 0;
}

/* ---- Statistics ------------------------------------------------------------------------------- */

int amb_measure_group(int m)
{
    if (m == AMB_M_EXCESS || m == AMB_M_NOWIN) return 0;
    if (m == AMB_M_FIRST || m == AMB_M_LAST) return 1;
    return 2;
}

const char *amb_measure_text(const game_engine *g, int m, const char *const *extra, char *buf, size_t n)
{
    const char *pts = g->score_name ? g->score_name : "points";
    switch (m) {
    case AMB_M_EXCESS: snprintf(buf, n, "winner changed beyond chance"); break;
    case AMB_M_FIRST: snprintf(buf, n, "first seat's win share"); break;
    case AMB_M_LAST: snprintf(buf, n, "last seat's win share"); break;
    case AMB_M_NOWIN: snprintf(buf, n, "games that end with no winner"); break;
    case AMB_M_WSCORE: snprintf(buf, n, "winner's %s", pts); break;
    case AMB_M_MARGIN: snprintf(buf, n, "winner's lead (%s)", pts); break;
    case AMB_M_MEAN: snprintf(buf, n, "mean %s", pts); break;
    case AMB_M_UNITS: snprintf(buf, n, "length (%s%s)", g->unit ? g->unit : "decisions", g->unit_per_seat ? " per seat" : ""); break;
    case AMB_M_DONE: snprintf(buf, n, "games that end"); break;
    default: snprintf(buf, n, "%s", extra && extra[m - AMB_M_EXTRA0] ? extra[m - AMB_M_EXTRA0] : "?"); break;
    }
    return buf;
}

const char *amb_measure_unit(const game_engine *g, int m, char *buf, size_t n)
{
    switch (m) {
    case AMB_M_EXCESS: case AMB_M_FIRST: case AMB_M_LAST: case AMB_M_NOWIN: case AMB_M_DONE: snprintf(buf, n, " pp"); break;
    case AMB_M_WSCORE: case AMB_M_MARGIN: case AMB_M_MEAN: snprintf(buf, n, " %s", g->score_name ? g->score_name : "points"); break;
    case AMB_M_UNITS: snprintf(buf, n, " %s%s", g->unit ? g->unit : "decisions", g->unit_per_seat ? " per seat" : ""); break;
    default: buf[0] = 0; break;
    }
    return buf;
}

double amb_units(const game_engine *g, const amb_game *x, int side)
{
    double u = x->side[side].units;
    return g->unit_per_seat ? u / x->players : u;
}

static unsigned popcount(unsigned x) { unsigned k = 0; for (; x; x &= x - 1) k++; return k; }

/* The winner's total, the winner's lead and the mean total of an ended side, in the game's sense. */
static void outcome(const game_engine *g, const amb_game *x, int side, double *wscore, double *margin, double *mean)
{
    const amb_side *sd = &x->side[side];
    int sense = g->score_sense < 0 ? -1 : 1, np = x->players;
    int have_w = 0, have_o = 0, best_w = 0, best_o = 0;
    double sum = 0;
    for (int p = 0; p < np; p++) {
        int v = sense * sd->scores[p];
        sum += sd->scores[p];
        if (sd->winners >> p & 1u) { if (!have_w || v > best_w) best_w = v; have_w = 1; }
        else { if (!have_o || v > best_o) best_o = v; have_o = 1; }
    }
    *wscore = have_w ? sense * best_w : 0;
    *margin = have_w && have_o ? best_w - best_o : 0;
    *mean = sum / np;
}

static double share(unsigned winners, int seat)
{
    return (winners >> seat & 1u) ? 1.0 / popcount(winners) : 0.0;
}

static int cmp_double(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
static int cmp_long(const void *a, const void *b) { long x = *(const long *)a, y = *(const long *)b; return (x > y) - (x < y); }

/* Per game: a measure's paired difference goes in when its games qualify. */
#define ADD(m, v) (d[m][nd[m]++] = (v))

void amb_stats_of(const game_engine *g, const amb_game *games, long n, amb_stats *s)
{
    memset(s, 0, sizeof *s);
    s->games = n;
    const char *names[GAME_MAX_MEASURES] = {0};
    s->nextra = g->measures ? g->measures(NULL, names, NULL, GAME_MAX_MEASURES) : 0;
    if (s->nextra > GAME_MAX_MEASURES) s->nextra = GAME_MAX_MEASURES;
    memcpy(s->extra_name, names, sizeof names);
    double *d[AMB_MEASURES], *v[2][6 + GAME_MAX_MEASURES], *dec = calloc((size_t)n + 1, sizeof *dec);
    long nd[AMB_MEASURES] = {0}, nv[2] = {0, 0}, nw[2] = {0, 0}, ncap[2] = {0, 0};
    for (int m = 0; m < AMB_MEASURES; m++) d[m] = calloc((size_t)n + 1, sizeof **d);
    for (int sd = 0; sd < 2; sd++) for (int m = 0; m < 6 + GAME_MAX_MEASURES; m++) v[sd][m] = calloc((size_t)n + 1, sizeof **v[sd]);
    long *shown_at = calloc((size_t)n + 1, sizeof *shown_at), nshown = 0, deal = 0, judged = 0, relevant = 0, changed = 0;
    double *shown_u = calloc((size_t)n + 1, sizeof *shown_u);
    long nchanged[2] = {0, 0}, ended[2] = {0, 0}, nowin[2] = {0, 0}, shared[2] = {0, 0};
    for (long i = 0; i < n; i++) {
        const amb_game *x = &games[i];
        if (x->shown_kind == AMB_PART_DEAL) deal++;
        else if (x->shown_at >= 0) {
            shown_u[nshown] = g->unit_per_seat ? (double)x->shown_units / x->players : x->shown_units;
            shown_at[nshown++] = x->shown_at;
            s->shown_kind[x->shown_kind]++;
        }
        if (x->relevant >= 0) { judged++; relevant += x->relevant; }
        const amb_side *a = &x->side[0], *b = &x->side[1];
        if (a->ended && b->ended && a->null_ended && b->null_ended) {
            int c = a->winners != b->winners, c0 = a->winners != a->null_winners, c1 = b->winners != b->null_winners;
            changed += c; nchanged[0] += c0; nchanged[1] += c1;
            s->all_ended++;
            ADD(AMB_M_EXCESS, c - 0.5 * (c0 + c1));
        }
        ADD(AMB_M_UNITS, amb_units(g, x, 1) - amb_units(g, x, 0));
        ADD(AMB_M_DONE, b->ended - a->ended);
        dec[i] = (double)(b->decisions - a->decisions);
        double o[2][3];
        for (int sd = 0; sd < 2; sd++) {
            const amb_side *e = &x->side[sd];
            v[sd][0][i] = amb_units(g, x, sd);
            v[sd][1][i] = (double)e->decisions;
            if (!e->ended) { v[sd][5][ncap[sd]++] = amb_units(g, x, sd); continue; }
            ended[sd]++;
            nowin[sd] += e->winners == 0;
            shared[sd] += popcount(e->winners) > 1;
            outcome(g, x, sd, &o[sd][0], &o[sd][1], &o[sd][2]);
            long k = nv[sd]++;
            v[sd][3][k] = o[sd][2];
            for (int e2 = 0; e2 < s->nextra; e2++) {
                v[sd][6 + e2][k] = e->extra[e2];
                if (e->extra[e2] == 0) s->side[sd].extra_zero[e2]++;
            }
            if (e->winners) { long w = nw[sd]++; v[sd][2][w] = o[sd][0]; v[sd][4][w] = o[sd][1]; }
        }
        if (a->ended && b->ended) {
            s->both_ended++;
            ADD(AMB_M_NOWIN, (b->winners == 0) - (a->winners == 0));
            ADD(AMB_M_MEAN, o[1][2] - o[0][2]);
            for (int e = 0; e < s->nextra; e++) ADD(AMB_M_EXTRA0 + e, b->extra[e] - a->extra[e]);
            if (a->winners && b->winners) {
                s->both_won++;
                ADD(AMB_M_FIRST, share(b->winners, 0) - share(a->winners, 0));
                ADD(AMB_M_LAST, share(b->winners, x->players - 1) - share(a->winners, x->players - 1));
                ADD(AMB_M_WSCORE, o[1][0] - o[0][0]);
                ADD(AMB_M_MARGIN, o[1][1] - o[0][1]);
            }
        }
    }
    stat_rate_of(deal, n, &s->deal);
    stat_rate_of(nshown, n, &s->shown);
    if (nshown) {
        qsort(shown_at, (size_t)nshown, sizeof *shown_at, cmp_long);
        s->median_shown = nshown % 2 ? (double)shown_at[nshown / 2] : 0.5 * (double)(shown_at[nshown / 2 - 1] + shown_at[nshown / 2]);
        qsort(shown_u, (size_t)nshown, sizeof *shown_u, cmp_double);
        s->median_shown_units = nshown % 2 ? shown_u[nshown / 2] : 0.5 * (shown_u[nshown / 2 - 1] + shown_u[nshown / 2]);
    }
    stat_rate_of(relevant, judged, &s->relevance);
    stat_rate_of(changed, s->all_ended, &s->changed);
    for (int sd = 0; sd < 2; sd++) stat_rate_of(nchanged[sd], s->all_ended, &s->null_changed[sd]);
    for (int m = 0; m < AMB_MEASURES; m++) {
        s->p[m] = NAN;
        if (m >= AMB_M_EXTRA0 && m - AMB_M_EXTRA0 >= s->nextra) continue;
        stat_mean_of(d[m], nd[m], &s->effect[m]);
        if (nd[m] < 2 || (s->effect[m].sd == 0 && s->effect[m].mean == 0)) continue;   /* a test that cannot fire */
        s->p[m] = m == AMB_M_EXCESS ? stat_mean_p_above(&s->effect[m]) : s->effect[m].p;
    }
    stat_mean_of(dec, n, &s->decisions);
    for (int sd = 0; sd < 2; sd++) {
        amb_side_stats *t = &s->side[sd];
        t->ended = ended[sd];
        stat_rate_of(ended[sd], n, &t->done);
        stat_rate_of(nowin[sd], ended[sd], &t->nowin);
        stat_rate_of(shared[sd], ended[sd], &t->shared);
        stat_mean_of(v[sd][0], n, &t->units);
        stat_mean_of(v[sd][1], n, &t->decisions);
        stat_mean_of(v[sd][2], nw[sd], &t->wscore);
        stat_mean_of(v[sd][3], nv[sd], &t->mean);
        stat_mean_of(v[sd][4], nw[sd], &t->margin);
        stat_mean_of(v[sd][5], ncap[sd], &t->capped_units);
        for (int e = 0; e < s->nextra; e++) stat_mean_of(v[sd][6 + e], nv[sd], &t->extra[e]);
    }
    for (int m = 0; m < AMB_MEASURES; m++) free(d[m]);
    for (int sd = 0; sd < 2; sd++) for (int m = 0; m < 6 + GAME_MAX_MEASURES; m++) free(v[sd][m]);
    free(dec);
    free(shown_at);
    free(shown_u);
}
#undef ADD

void amb_balance_of(const game_engine *g, const amb_game *games, long n, int side, int players, amb_balance *b)
{
    memset(b, 0, sizeof *b);
    b->players = players;
    double *u = calloc((size_t)n + 1, sizeof *u), *v = calloc((size_t)n + 1, sizeof *v);
    long nu = 0, shared = 0, tie = 0;
    for (long i = 0; i < n; i++) {
        const amb_game *x = &games[i];
        if (x->players != players) continue;
        b->games++;
        u[nu++] = amb_units(g, x, side);
        const amb_side *sd = &x->side[side];
        if (!sd->ended) continue;
        b->ended++;
        unsigned nw = popcount(sd->winners);
        shared += nw > 1;
        /* a tie-break: the best total is held by more seats than the rule names winners */
        int sense = g->score_sense < 0 ? -1 : 1, best = 0, have = 0, at_best = 0;
        for (int p = 0; p < players; p++) if (!have || sense * sd->scores[p] > best) { best = sense * sd->scores[p]; have = 1; }
        for (int p = 0; p < players; p++) at_best += sense * sd->scores[p] == best;
        tie += nw >= 1 && (unsigned)at_best > nw;
    }
    stat_rate_of(b->ended, b->games, &b->done);
    stat_mean_of(u, nu, &b->units);
    stat_rate_of(shared, b->ended, &b->shared);
    stat_rate_of(tie, b->ended, &b->tiebreak);
    for (int q = 0; q < players; q++) {
        long m = 0;
        for (long i = 0; i < n; i++) {
            const amb_game *x = &games[i];
            if (x->players != players || !x->side[side].ended) continue;
            v[m++] = share(x->side[side].winners, q) - 1.0 / players;
        }
        stat_mean_of(v, m, &b->seat[q]);
        b->seat_p[q] = m >= 2 ? b->seat[q].p : NAN;
    }
    free(u);
    free(v);
}

void amb_seat_shift(const amb_game *games, long n, int players, int seat, stat_mean *m)
{
    double *v = calloc((size_t)n + 1, sizeof *v);
    long k = 0;
    for (long i = 0; v && i < n; i++) {
        const amb_game *x = &games[i];
        if (x->players != players || !x->side[0].ended || !x->side[1].ended) continue;
        v[k++] = share(x->side[1].winners, seat) - share(x->side[0].winners, seat);
    }
    stat_mean_of(v, k, m);
    free(v);
}

/* ---- Witnesses -------------------------------------------------------------------------------- */

const char *const amb_witness_kind[AMB_W_KINDS] = {"none", "a different deal", "a move legal under one reading only",
                                                   "the same move, another result", "another outcome"};

/* Replay moves[0..n) from start (a copy); returns how many applied before one was refused (n: all), and
 * the end reached (ended, scores, winners) when all applied. */
static long replay_moves(const game_engine *g, const void *start, const game_move *moves, long n, int *ended, int *scores, unsigned *winners)
{
    static _Thread_local amb_buf st;
    memcpy(st.b, start, g->state_size);
    for (long k = 0; k < n; k++)
        if (g->apply(st.b, &moves[k]) != GAME_OK) { *ended = 0; return k; }
    *ended = g->result(st.b, scores, winners) == GAME_OK;
    return n;
}

static int same_end(const game_engine *g, int players, int e1, const int *s1, unsigned w1, int e2, const int *s2, unsigned w2)
{
    (void)g;
    return e1 == e2 && (!e1 || (w1 == w2 && memcmp(s1, s2, sizeof(int) * (size_t)players) == 0));
}

int amb_witness_prove(const game_engine *g, const amb_witness *w, uint32_t ra, uint32_t rb, char *why, size_t n)
{
    static _Thread_local amb_buf t[2];
    (void)ra; (void)rb;
    why[0] = 0;
    switch (w->kind) {
    case AMB_W_DEAL:
        if (g->same_play(w->part.st[0], w->part.st[1])) { snprintf(why, n, "the two deals are the same"); return 0; }
        return 1;
    case AMB_W_LEGAL: {
        int sd = w->move_side;
        memcpy(t[0].b, w->part.st[sd], g->state_size);
        memcpy(t[1].b, w->part.st[!sd], g->state_size);
        if (g->apply(t[0].b, &w->move) != GAME_OK) { snprintf(why, n, "the move is refused under its own reading"); return 0; }
        if (g->apply(t[1].b, &w->move) == GAME_OK) { snprintf(why, n, "the move is legal under the other reading too"); return 0; }
        return 1;
    }
    case AMB_W_RESULT:
        for (int sd = 0; sd < 2; sd++) {
            memcpy(t[sd].b, w->part.st[sd], g->state_size);
            if (g->apply(t[sd].b, &w->move) != GAME_OK) { snprintf(why, n, "the move is refused under one reading"); return 0; }
        }
        if (!shows(g, t[0].b, t[1].b)) { snprintf(why, n, "the positions after the move show nothing different"); return 0; }
        return 1;
    case AMB_W_OUTCOME: {
        int e[2], sc[2][GAME_MAX_PLAYERS];
        unsigned wn[2];
        for (int sd = 0; sd < 2; sd++) {
            if (w->n[sd] > AMB_WITNESS_MAX) { snprintf(why, n, "a side is longer than %d decisions", AMB_WITNESS_MAX); return 0; }
            if (replay_moves(g, w->part.st[sd], w->moves[sd], w->n[sd], &e[sd], sc[sd], &wn[sd]) != w->n[sd] || !e[sd]) {
                snprintf(why, n, "a side's moves do not replay to its end"); return 0;
            }
        }
        if (same_end(g, w->players, e[0], sc[0], wn[0], e[1], sc[1], wn[1])) { snprintf(why, n, "both sides end alike"); return 0; }
        for (int sd = 0; sd < 2; sd++) {
            int eo, so[GAME_MAX_PLAYERS];
            unsigned wo;
            long k = replay_moves(g, w->part.st[!sd], w->moves[sd], w->n[sd], &eo, so, &wo);
            if (k == w->n[sd] && same_end(g, w->players, eo, so, wo, e[sd], sc[sd], wn[sd])) {
                snprintf(why, n, "side %d's moves replay under the other reading to the same end", sd + 1);
                return 0;
            }
        }
        return 1;
    }
    default:
        snprintf(why, n, "no witness");
        return 0;
    }
}

/* Play st to its end under the policy, at most AMB_WITNESS_MAX decisions (more: -1), appending to moves. */
static long play_to_end(const game_engine *g, const pol_spec *pol, void *st, uint64_t *rng, game_move *moves, long have)
{
    static _Thread_local game_move legal[GAME_MAX_MOVES];
    long k = have;
    for (;;) {
        int n = g->legal_moves(st, legal, GAME_MAX_MOVES);
        if (n <= 0) return k;
        if (k >= AMB_WITNESS_MAX) return -1;
        int i = pol_choose(g, pol, st, legal, n, rng);
        moves[k++] = legal[i];
        g->apply(st, &legal[i]);
    }
}

/* Another outcome from the shown position: side `lead` plays on under the policy; the other side takes
 * the same moves while its reading allows them, then plays on by its own. Kept when both end within
 * AMB_WITNESS_MAX decisions and the proof holds. */
static int try_outcome(const game_engine *g, const pol_spec *pol, amb_witness *t, int lead, uint64_t draw)
{
    static _Thread_local amb_buf st[2];
    memcpy(st[0].b, t->part.st[lead], g->state_size);
    uint64_t r = draw;
    long nl = play_to_end(g, pol, st[0].b, &r, t->moves[lead], 0);
    if (nl < 0) return 0;
    t->n[lead] = nl;
    memcpy(st[1].b, t->part.st[!lead], g->state_size);
    long k = 0;
    while (k < nl && g->apply(st[1].b, &t->moves[lead][k]) == GAME_OK) { t->moves[!lead][k] = t->moves[lead][k]; k++; }
    t->refused_side = k < nl ? lead : -1;
    t->refused_at = k < nl ? k + 1 : 0;
    uint64_t r2 = draw ^ 0x5157A7E5ull;
    long no = play_to_end(g, pol, st[1].b, &r2, t->moves[!lead], k);
    if (no < 0) return 0;
    t->n[!lead] = no;
    for (int sd = 0; sd < 2; sd++) {
        int sc[GAME_MAX_PLAYERS];
        unsigned wn;
        const void *end = sd == 0 ? st[lead == 0 ? 0 : 1].b : st[lead == 0 ? 1 : 0].b;
        t->ended[sd] = g->result(end, sc, &wn) == GAME_OK;
        memcpy(t->scores[sd], sc, sizeof sc);
        t->winners[sd] = wn;
    }
    t->kind = AMB_W_OUTCOME;
    char why[200];
    return amb_witness_prove(g, t, 0, 0, why, sizeof why);
}

static long left_after_shown(const amb_game *x)
{
    long l = x->side[0].decisions > x->side[1].decisions ? x->side[0].decisions : x->side[1].decisions;
    return l - x->shown_at;
}

void amb_witness_find(const game_engine *g, const pol_spec *pol, const amb_game *games, long n, uint32_t ra, uint32_t rb,
                      int tries, amb_witness *w)
{
    static _Thread_local amb_witness t;
    static _Thread_local amb_game x;
    static _Thread_local game_move la[GAME_MAX_MOVES], lb[GAME_MAX_MOVES];
    memset(w, 0, sizeof *w);
    w->refused_side = -1;
    /* candidates: the games where the rule showed, the fewest decisions left after it first */
    enum { CANDIDATES = 12 };
    long cand[CANDIDATES];
    int nc = 0;
    for (long k = 0; k < n; k++) {
        if (games[k].shown_at < 0) continue;
        long left = left_after_shown(&games[k]);
        int pos = nc < CANDIDATES ? nc++ : CANDIDATES;
        while (pos > 0 && left_after_shown(&games[cand[pos - 1]]) > left) {
            if (pos < CANDIDATES) cand[pos] = cand[pos - 1];
            pos--;
        }
        if (pos < CANDIDATES) cand[pos] = k;
    }
    char why[240];
    amb_witness first;
    int have_first = 0;
    for (int c = 0; c < nc; c++) {
        const amb_game *src = &games[cand[c]];
        memset(&t, 0, sizeof t);
        amb_pair_play(g, pol, src->players, src->deal, src->draws, ra, rb, 0, &x, &t.part);
        if (t.part.kind == AMB_PART_NONE) continue;
        t.players = x.players;
        t.seed = src->deal;
        t.at = t.part.at;
        t.refused_side = -1;
        /* the fallback: the kind the rule first showed as, proved */
        if (!have_first) {
            amb_witness f = t;
            if (t.part.kind == AMB_PART_DEAL) f.kind = AMB_W_DEAL;
            else if (t.part.kind == AMB_PART_RESULT || t.part.kind == AMB_PART_FINAL) { f.kind = AMB_W_RESULT; f.move = t.part.move; }
            else {
                int na = g->legal_moves(t.part.st[0], la, GAME_MAX_MOVES), nb = g->legal_moves(t.part.st[1], lb, GAME_MAX_MOVES);
                f.kind = AMB_W_NONE;
                /* the player's own move when it is the one that differs, else the first that does */
                if (na > 0 && game_move_in(la, na, &t.part.move) && !game_move_in(lb, nb, &t.part.move)) { f.move = t.part.move; f.move_side = 0; f.kind = AMB_W_LEGAL; }
                for (int i = 0; i < na && f.kind == AMB_W_NONE; i++)
                    if (!game_move_in(lb, nb, &la[i])) { f.move = la[i]; f.move_side = 0; f.kind = AMB_W_LEGAL; }
                for (int i = 0; i < nb && f.kind == AMB_W_NONE; i++)
                    if (!game_move_in(la, na, &lb[i])) { f.move = lb[i]; f.move_side = 1; f.kind = AMB_W_LEGAL; }
                if (f.kind == AMB_W_LEGAL && g->why_illegal)
                    if (g->why_illegal(t.part.st[!f.move_side], &f.move, f.why, sizeof f.why) <= 0) f.why[0] = 0;
            }
            if (f.kind != AMB_W_NONE && amb_witness_prove(g, &f, ra, rb, why, sizeof why)) { first = f; have_first = 1; }
        }
        /* another outcome, from a position both readings share the moves before (not a different deal) */
        if (t.part.kind == AMB_PART_DEAL || left_after_shown(src) > 4 * AMB_WITNESS_MAX) continue;
        for (int k = 0; k < tries; k++) {
            amb_witness o = t;
            uint64_t draw = src->draws ^ (0x9E3779B97F4A7C15ull * (uint64_t)(unsigned)(k + 1));
            if (!try_outcome(g, pol, &o, k % 2, draw)) continue;
            long len = o.n[0] > o.n[1] ? o.n[0] : o.n[1], wl = w->n[0] > w->n[1] ? w->n[0] : w->n[1];
            if (w->kind != AMB_W_OUTCOME || len < wl) *w = o;
        }
    }
    if (w->kind != AMB_W_OUTCOME && have_first) *w = first;
}
