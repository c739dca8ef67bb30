/* report.c: rulefuzz report ambiguities: paired games per registered reading, a negative control, one
 * correction over every figure, a replication block, balance per reading, witnesses. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "report.h"
#include "common.h"
#include "impact.h"
#include "../coverage/textcov.h"
#include "../coverage/align.h"
#include "../players/tournament.h"
#include "../records/record.h"
#include "../cli/escape.h"
#include "../coverage/site.h"

#define RP_POLICIES 4
#define RP_SEATS (GAME_MAX_PLAYERS + 1)      /* balance arrays are indexed by the player count */

/* One comparison of the report: the two sides and what they are. */
typedef struct rp_cmp {
    char name[64];          /* an ambiguity's ID, "nl vs en", or "control" */
    rf_side s[2];
    int amb;                /* ambiguity index, or RP_PAIR, RP_CONTROL */
    int variant;            /* a variant of the rules (an ID with -VAR-), reported in its own section */
    int texts_differ;       /* the game's texts state different readings of it */
    int replay;             /* its second block is played (a test of it is marked, or the control) */
} rp_cmp;
enum { RP_PAIR = -1, RP_CONTROL = -2 };

/* One test of the report's family. */
enum { RP_T_EFFECT, RP_T_SEAT, RP_T_SKILL };
typedef struct rp_test {
    int kind, c, p;         /* c: comparison (-1: the profile's own game, pooled); p: policy */
    int m;                  /* RP_T_EFFECT: the measure */
    int players, seat;      /* RP_T_SEAT: player count and seat; c -1: the profile's own game's advantage (win
                               share less the fair share), c >= 0: how much B moves it (paired B - A) */
    double est, se, df, lo, hi;  /* estimate and its 95% interval */
    long n;
    double pv, q;           /* p-value and Benjamini-Hochberg q */
    int marked;
    double alo, ahi;        /* the interval at the corrected level (Benjamini-Yekutieli: 1 - R q / M) */
    int rep;                /* -1 not replicated, 0 does not repeat, 1 repeats on the second block */
    double rep_est, rep_p, rep_q;
} rp_test;

/* The skill gap of one reading: the stronger policy's win share less the weaker's, per game. */
typedef struct rp_skill { stat_mean at[RP_SEATS]; stat_mean all; long games, unfinished; } rp_skill;

typedef struct rp {
    const game_engine *g;
    rf_amb_opts o;
    int npol;
    pol_spec pol[RP_POLICIES];
    char pname[RP_POLICIES][POL_NAME_MAX];
    int strong, weak;       /* the skill gap's policies, -1 when only one is given */
    int ncmp, npairs, control;
    rp_cmp *cmp;
    long games;
    int blocks;
    amb_game *gm;           /* gm[((c * npol + p) * 2 + b) * games + k] */
    amb_stats *st;          /* st[(c * npol + p) * 2 + b] */
    amb_balance *base;      /* the profile's own game, pooled: base[(p * 2 + b) * RP_SEATS + players] */
    amb_balance *cbal;      /* each side of a comparison: cbal[(((c * npol + p) * 2 + b) * 2 + side) * RP_SEATS + players] */
    rp_skill *skill;        /* skill[(c + 1) * 2 + b]: c -1 the profile's own game, b the block */
    rp_test *t;
    long nt, cap;
    long marked, control_tests, control_marked, replicated, repeats;
    double seconds;
    char *spec;
    tc_report tc;
    int have_tc;
    al_run al;                /* the first two profiles' texts aligned (rulefuzz align), when they differ */
    int have_al;
    char spec_href[8192];     /* SPEC.html of the report site, from the report's folder */
} rp;

#define GM(r, c, p, b) (&(r)->gm[((size_t)((c) * (r)->npol + (p)) * 2 + (size_t)(b)) * (size_t)(r)->games])
#define ST(r, c, p, b) (&(r)->st[((size_t)((c) * (r)->npol + (p)) * 2 + (size_t)(b))])
#define BASE(r, p, b, n) (&(r)->base[((size_t)(p) * 2 + (size_t)(b)) * RP_SEATS + (size_t)(n)])
#define CBAL(r, c, p, b, sd, n) (&(r)->cbal[((((size_t)(c) * (size_t)(r)->npol + (size_t)(p)) * 2 + (size_t)(b)) * 2 + (size_t)(sd)) * RP_SEATS + (size_t)(n)])
#define SKILL(r, c, b) (&(r)->skill[(size_t)((c) + 1) * 2 + (size_t)(b)])

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- Progress --------------------------------------------------------------------------------- */

static double progress_t0, progress_last;
static void progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void progress(const char *fmt, ...)
{
    double t = now();
    int tty = isatty(2);
    if (!tty && t - progress_last < 5) return;    /* a log gets a line every 5 s */
    progress_last = t;
    char line[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (tty) fprintf(stderr, "\r\033[K[%5.0f s] %s", t - progress_t0, line);
    else fprintf(stderr, "[%5.0f s] %s\n", t - progress_t0, line);
}

/* ---- Playing ---------------------------------------------------------------------------------- */

static int play_block(rp *r, int c, int b)
{
    const rp_cmp *x = &r->cmp[c];
    for (int p = 0; p < r->npol; p++) {
        progress("report %s: %d/%d %s, %s, block %d (%ld paired games)", r->g->name, c + 1, r->ncmp, x->name, r->pname[p], b + 1, r->games);
        amb_game *gm = GM(r, c, p, b);
        if (amb_play_many(r->g, &r->pol[p], r->o.players, r->o.seed, amb_salt(x->name, b), r->games, x->s[0].r, x->s[1].r,
                          AMB_NULL | (c == r->control ? AMB_FORCE : 0), r->o.jobs, gm))
            return -1;
        amb_stats_of(r->g, gm, r->games, ST(r, c, p, b));
        for (int n = r->g->min_players; n <= r->g->max_players; n++)
            for (int sd = 0; sd < 2; sd++) amb_balance_of(r->g, gm, r->games, sd, n, CBAL(r, c, p, b, sd, n));
    }
    return 0;
}

/* The profile's own game, pooled over the first side of every comparison of block b that was played
 * (each comparison's games are the profile's own game on that side, on deals of their own). */
static int pool_base(rp *r, int b)
{
    size_t cap = (size_t)r->ncmp * (size_t)r->games;
    amb_game *all = malloc(sizeof *all * (cap ? cap : 1));
    if (!all) return -1;
    for (int p = 0; p < r->npol; p++) {
        size_t n = 0;
        for (int c = 0; c < r->ncmp; c++) {
            if (b > 0 && !r->cmp[c].replay) continue;
            memcpy(all + n, GM(r, c, p, b), sizeof *all * (size_t)r->games);
            n += (size_t)r->games;
        }
        for (int k = r->g->min_players; k <= r->g->max_players; k++) amb_balance_of(r->g, all, (long)n, 0, k, BASE(r, p, b, k));
    }
    free(all);
    return 0;
}

/* The skill gap of readings `readings`: the stronger and the weaker policy at one table, on duplicate
 * deals (every deal played in each of the 2 * players seatings of pol_seat_policy, with the same
 * decision draws), so that the luck of a deal and a seat cancels; per deal, the mean win share of the
 * stronger seats less the weaker's over its seatings (an unfinished game counts as no win). A game
 * where both play alike gives exactly 0. */
static int play_skill(rp *r, const char *name, int block, uint32_t readings, rp_skill *sk)
{
    memset(sk, 0, sizeof *sk);
    long want = r->o.skill_games ? r->o.skill_games : r->games;
    int span = r->g->max_players - r->g->min_players + 1;
    pol_spec two[2] = {r->pol[r->strong], r->pol[r->weak]};
    /* the deals: players in turn, each with its whole cycle of seatings */
    long ndeal = 0, ngames = 0;
    for (long k = 0; ngames < want; k++, ndeal++) ngames += 2L * (r->o.players ? r->o.players : r->g->min_players + (int)(k % span));
    pol_game *res = calloc((size_t)ngames, sizeof *res);
    double *v = calloc((size_t)ndeal + 1, sizeof *v);
    long *first = calloc((size_t)ndeal + 1, sizeof *first);
    int *pl = calloc((size_t)ndeal + 1, sizeof *pl);
    if (!res || !v || !first || !pl) { free(res); free(v); free(first); free(pl); return -1; }
    for (long k = 0, at = 0; k < ndeal; k++) {
        pl[k] = r->o.players ? r->o.players : r->g->min_players + (int)(k % span);
        first[k] = at;
        at += 2L * pl[k];
    }
    first[ndeal] = ngames;
    uint64_t salt = amb_salt(name, 7 + block);
    if (pol_duplicate(r->g, two, 2, pl, ndeal, readings, r->o.seed ^ salt, r->o.jobs, res)) {
        free(res); free(v); free(first); free(pl);
        return -1;
    }
    sk->games = ngames;
    for (long k = 0; k < ngames; k++) sk->unfinished += !res[k].ended;
    for (int n = 0; n <= RP_SEATS - 1; n++) {
        long m = 0;
        for (long k = 0; k < ndeal; k++) {
            if (n && pl[k] != n) continue;
            double s[2] = {0, 0};
            long cnt[2] = {0, 0};
            for (long gi = first[k]; gi < first[k + 1]; gi++)
                for (int q = 0; q < res[gi].players; q++) { s[res[gi].pol[q]] += res[gi].share[q]; cnt[res[gi].pol[q]]++; }
            if (!cnt[0] || !cnt[1]) continue;
            v[m++] = s[0] / (double)cnt[0] - s[1] / (double)cnt[1];
        }
        stat_mean_of(v, m, n ? &sk->at[n] : &sk->all);
    }
    free(res); free(v); free(first); free(pl);
    return 0;
}

/* ---- The family of tests ---------------------------------------------------------------------- */

static rp_test *add_test(rp *r)
{
    if (r->nt == r->cap) {
        long cap = r->cap ? 2 * r->cap : 1024;
        rp_test *t = realloc(r->t, sizeof *t * (size_t)cap);
        if (!t) return NULL;
        r->t = t;
        r->cap = cap;
    }
    rp_test *t = &r->t[r->nt++];
    memset(t, 0, sizeof *t);
    t->rep = -1;
    t->c = -1;
    return t;
}

static void from_mean(rp_test *t, const stat_mean *m, double pv)
{
    t->est = m->mean; t->se = m->se; t->df = (double)(m->n > 1 ? m->n - 1 : 1); t->lo = m->lo; t->hi = m->hi;
    t->n = m->n; t->pv = pv;
}

static int collect_tests(rp *r)
{
    for (int c = 0; c < r->ncmp; c++)
        for (int p = 0; p < r->npol; p++) {
            const amb_stats *s = ST(r, c, p, 0);
            for (int m = 0; m < AMB_MEASURES; m++) {
                if (isnan(s->p[m])) continue;
                rp_test *t = add_test(r);
                if (!t) return -1;
                t->kind = RP_T_EFFECT; t->c = c; t->p = p; t->m = m;
                from_mean(t, &s->effect[m], s->p[m]);
            }
        }
    /* seat advantage: the profile's own game (pooled), then how much each comparison's B moves it */
    for (int c = -1; c < r->ncmp; c++) {
        if (c == r->control) continue;       /* its second side is the profile's own game */
        for (int p = 0; p < r->npol; p++)
            for (int n = r->g->min_players; n <= r->g->max_players; n++)
                for (int q = 0; q < (n == 2 ? 1 : n); q++) {     /* two seats mirror each other: one test */
                    stat_mean m;
                    if (c < 0) m = BASE(r, p, 0, n)->seat[q];
                    else amb_seat_shift(GM(r, c, p, 0), r->games, n, q, &m);
                    if (m.n < 2) continue;
                    rp_test *t = add_test(r);
                    if (!t) return -1;
                    t->kind = RP_T_SEAT; t->c = c; t->p = p; t->players = n; t->seat = q;
                    from_mean(t, &m, m.p);
                }
    }
    /* the skill gap: each comparison's second reading against the profile's own */
    if (r->strong >= 0)
        for (int c = 0; c < r->ncmp; c++) {
            if (c == r->control) continue;
            const stat_mean *a = &SKILL(r, -1, 0)->all, *b = &SKILL(r, c, 0)->all;
            if (a->n < 2 || b->n < 2) continue;
            rp_test *t = add_test(r);
            if (!t) return -1;
            t->kind = RP_T_SKILL; t->c = c; t->p = r->strong;
            t->est = b->mean - a->mean;
            t->se = sqrt(a->se * a->se + b->se * b->se);
            t->df = 1e9;
            t->n = b->n;
            t->lo = t->est - 1.959964 * t->se;
            t->hi = t->est + 1.959964 * t->se;
            t->pv = t->se > 0 ? 2 * stat_t_cdf(-fabs(t->est) / t->se, t->df) : (fabs(t->est) > 1e-12 ? 0 : 1);
        }
    return 0;
}

static void correct(rp *r)
{
    double *p = malloc(sizeof *p * (size_t)(r->nt + 1)), *q = malloc(sizeof *q * (size_t)(r->nt + 1));
    if (!p || !q) { free(p); free(q); return; }
    for (long i = 0; i < r->nt; i++) p[i] = r->t[i].pv;
    stat_bh(p, r->nt, q);
    r->marked = 0;
    for (long i = 0; i < r->nt; i++) {
        r->t[i].q = q[i];
        r->t[i].marked = q[i] <= RF_REPORT_FDR;
        r->marked += r->t[i].marked;
    }
    /* Benjamini-Yekutieli's false coverage-rate intervals for the marked: level 1 - R alpha / M */
    double level = r->nt ? 1 - (double)(r->marked ? r->marked : 1) * RF_REPORT_FDR / (double)r->nt : 0.95;
    for (long i = 0; i < r->nt; i++) {
        rp_test *t = &r->t[i];
        if (!t->marked || t->se == 0) { t->alo = t->lo; t->ahi = t->hi; continue; }
        double z = stat_t_quantile(0.5 + level / 2, t->df);
        t->alo = t->est - z * t->se;
        t->ahi = t->est + z * t->se;
    }
    r->control_tests = r->control_marked = 0;
    for (long i = 0; i < r->nt; i++)
        if (r->t[i].kind == RP_T_EFFECT && r->t[i].c == r->control) { r->control_tests++; r->control_marked += r->t[i].marked; }
    free(p);
    free(q);
}

/* One-sided p of the second block's estimate in the first block's direction. */
static double rep_p(double est0, const stat_mean *m, int above)
{
    if (m->n < 2) return NAN;
    if (above || est0 > 0) return stat_mean_p_above(m);
    stat_mean neg = *m;
    neg.mean = -m->mean;
    return stat_mean_p_above(&neg);
}

static void replicate(rp *r)
{
    if (r->blocks < 2) return;
    double *p = malloc(sizeof *p * (size_t)(r->nt + 1)), *q = malloc(sizeof *q * (size_t)(r->nt + 1));
    if (!p || !q) { free(p); free(q); return; }
    for (long i = 0; i < r->nt; i++) {
        rp_test *t = &r->t[i];
        p[i] = NAN;
        if (!t->marked) continue;
        if (t->kind == RP_T_EFFECT && r->cmp[t->c].replay) {
            const stat_mean *e = &ST(r, t->c, t->p, 1)->effect[t->m];
            t->rep_est = e->mean;
            p[i] = rep_p(t->est, e, t->m == AMB_M_EXCESS);
        } else if (t->kind == RP_T_SKILL && r->cmp[t->c].replay) {
            const stat_mean *a = &SKILL(r, -1, 1)->all, *b = &SKILL(r, t->c, 1)->all;
            stat_mean d = {.n = a->n < b->n ? a->n : b->n, .mean = b->mean - a->mean, .se = sqrt(a->se * a->se + b->se * b->se)};
            t->rep_est = d.mean;
            p[i] = d.n >= 2 ? rep_p(t->est, &d, 0) : NAN;
        } else if (t->kind == RP_T_SEAT && (t->c < 0 || r->cmp[t->c].replay)) {
            stat_mean m;
            if (t->c < 0) m = BASE(r, t->p, 1, t->players)->seat[t->seat];
            else amb_seat_shift(GM(r, t->c, t->p, 1), r->games, t->players, t->seat, &m);
            t->rep_est = m.mean;
            p[i] = rep_p(t->est, &m, 0);
        }
    }
    stat_bh(p, r->nt, q);
    r->replicated = r->repeats = 0;
    for (long i = 0; i < r->nt; i++) {
        if (isnan(p[i])) continue;
        rp_test *t = &r->t[i];
        t->rep_p = p[i];
        t->rep_q = q[i];
        t->rep = q[i] <= RF_REPORT_FDR;
        r->replicated++;
        r->repeats += t->rep;
    }
    free(p);
    free(q);
}

/* A finding the summary states: marked after correction, and repeated on the second block (or not
 * replicated, with one block); a mark the second block does not repeat is shown, not stated. */
static int blocks_of_report = 2;
static int confirmed(const rp_test *t) { return t && t->marked && (t->rep == 1 || blocks_of_report == 1); }

/* ---- Text helpers ----------------------------------------------------------------------------- */

static int is_share(int m) { return m == AMB_M_EXCESS || m == AMB_M_FIRST || m == AMB_M_LAST || m == AMB_M_NOWIN || m == AMB_M_DONE; }

/* Games of comparison c under policy p (block 0) that reached the cap unfinished, on either side. */
static long capped(const rp *r, int c, int p)
{
    const amb_stats *s = &r->st[((size_t)(c * r->npol + p)) * 2];
    return (s->games - s->side[0].ended) + (s->games - s->side[1].ended);
}

/* "+22.1 pp [+12.0, +32.2]" (the corrected interval when marked); a length that unfinished games hold
 * at the cap is a bound: "at least +16.0 rounds". */
static void fmt_effect(const rp *r, const rp_test *t, char *buf, size_t n)
{
    char unit[64];
    double k = 1;
    if (t->kind == RP_T_EFFECT) { amb_measure_unit(r->g, t->m, unit, sizeof unit); if (is_share(t->m)) k = 100; }
    else { snprintf(unit, sizeof unit, " pp"); k = 100; }
    double lo = t->marked ? t->alo : t->lo, hi = t->marked ? t->ahi : t->hi;
    int dec = k == 100 ? 1 : 2;
    const char *bound = "";
    if (t->kind == RP_T_EFFECT && t->m == AMB_M_UNITS && t->c >= 0 && capped(r, t->c, t->p)) {
        const amb_stats *s = &r->st[((size_t)(t->c * r->npol + t->p)) * 2];
        /* the side that did not end is the longer one: its true length is at least what it reached */
        bound = (s->games - s->side[1].ended) > (s->games - s->side[0].ended) ? "at least " : "at most ";
    }
    snprintf(buf, n, "%s%+.*f%s [%+.*f, %+.*f]", bound, dec, k * t->est, unit, dec, k * lo, dec, k * hi);
}

static void rep_text(const rp *r, const rp_test *t, char *buf, size_t n)
{
    char unit[64] = " pp";
    int share = t->kind != RP_T_EFFECT || is_share(t->m);
    if (!share) amb_measure_unit(r->g, t->m, unit, sizeof unit);
    if (t->rep < 0) snprintf(buf, n, "%s", t->marked && r->blocks > 1 ? "not replicated" : "");
    else snprintf(buf, n, "%s (other deals: %+.*f%s)", t->rep ? "repeats" : "marked once, does not repeat", share ? 1 : 2,
                  t->rep_est * (share ? 100 : 1), unit);
}

/* A figure in a table: bold when it is a finding (marked and repeated); a mark that did not repeat says so. */
static void fmt_cell(const rp *r, const rp_test *t, char *buf, size_t n)
{
    char e[160];
    fmt_effect(r, t, e, sizeof e);
    if (confirmed(t)) snprintf(buf, n, "**%s**", e);
    else if (t->marked) snprintf(buf, n, "%s (marked once, does not repeat)", e);
    else snprintf(buf, n, "%s", e);
}

static const rp_test *find_effect(const rp *r, int c, int p, int m)
{
    for (long i = 0; i < r->nt; i++)
        if (r->t[i].kind == RP_T_EFFECT && r->t[i].c == c && r->t[i].p == p && r->t[i].m == m) return &r->t[i];
    return NULL;
}

static const rp_test *find_seat(const rp *r, int c, int p, int n, int q)
{
    for (long i = 0; i < r->nt; i++)
        if (r->t[i].kind == RP_T_SEAT && r->t[i].c == c && r->t[i].p == p && r->t[i].players == n && r->t[i].seat == q) return &r->t[i];
    return NULL;
}

static const char *reading_of(const rp *r, const rp_cmp *c, int side)
{
    if (c->amb < 0) return c->s[side].text;
    return r->g->amb[c->amb].reading[(c->s[side].r >> c->amb) & 1];
}

/* The profiles (texts) whose reading of comparison c is side's, "de" or "nl, en"; "" none. */
static void profiles_of(const rp *r, const rp_cmp *c, int side, char *buf, size_t n)
{
    size_t l = 0;
    buf[0] = 0;
    if (c->amb < 0) return;
    int want = (int)((c->s[side].r >> c->amb) & 1);
    for (int p = 0; p < r->g->n_profiles && l < n; p++)
        if ((int)((r->g->profiles[p].readings >> c->amb) & 1) == want)
            l += (size_t)snprintf(buf + l, n - l, "%s%s", l ? ", " : "", r->g->profiles[p].name);
}

static char *unit_text(const rp *r, char *buf, size_t n)
{
    snprintf(buf, n, "%s%s", r->g->unit ? r->g->unit : "decisions", r->g->unit_per_seat ? " per seat" : "");
    return buf;
}

/* ---- Findings in words: games that stop ending, games that cannot start ------------------------- */

/* The findings in words of comparison c: a reading under which games stop ending, or cannot get going,
 * or leave a measure of the game at 0 in every game, under every policy; returns how many (into buf).
 * What only one player does (a weakness of that player, not of the rule) goes to note. */
static int degenerate(const rp *r, int c, char *buf, size_t n, char *note, size_t nn)
{
    const rp_cmp *x = &r->cmp[c];
    size_t l = 0, ln = 0;
    int k = 0;
    buf[0] = 0;
    if (note) note[0] = 0;
    char u[48];
    unit_text(r, u, sizeof u);
    for (int sd = 0; sd < 2; sd++) {
        /* (a) games stop ending: a marked, repeated drop of completion on this side */
        int stop = 0;
        for (int p = 0; p < r->npol; p++) {
            const rp_test *dt = find_effect(r, c, p, AMB_M_DONE);
            stop |= confirmed(dt) && (sd ? dt->est < 0 : dt->est > 0);
        }
        if (stop && l < n) {
            l += (size_t)snprintf(buf + l, n - l, "%sUnder `%s` many games do not end within the cap of %d decisions:", l ? " " : "",
                                  reading_of(r, x, sd), AMB_MAX_MOVES);
            for (int p = 0, said = 0; p < r->npol && l < n; p++) {
                const amb_stats *s = ST(r, c, p, 0);
                const amb_side_stats *a = &s->side[sd], *o = &s->side[!sd];
                if (a->ended == s->games) continue;
                l += (size_t)snprintf(buf + l, n - l, "%s %ld of %ld (%s), still going after %.1f %s on average, where under `%s` %ld of %ld end, "
                                      "in %.1f %s on average", said++ ? ";" : "", s->games - a->ended, s->games, r->pname[p], a->capped_units.mean, u,
                                      reading_of(r, x, !sd), o->ended, s->games, o->units.mean, u);
            }
            if (l < n) l += (size_t)snprintf(buf + l, n - l, ".");
            k++;
        }
        /* (b) the game cannot get going: every game over within about one turn per seat */
        int stuck = r->g->unit_per_seat, any = 0;
        for (int p = 0; p < r->npol; p++) {
            const amb_stats *s = ST(r, c, p, 0);
            stuck &= s->side[sd].units.n && s->side[sd].units.mean <= 1.05 && s->side[!sd].units.mean > 2;
            any = 1;
        }
        if (stuck && any && l < n) {
            const amb_stats *s = ST(r, c, 0, 0);
            l += (size_t)snprintf(buf + l, n - l, "%sUnder `%s` the game cannot get going: every game is over after %.2f %s on average under "
                                  "every policy (`%s`: %.1f).", l ? " " : "", reading_of(r, x, sd), s->side[sd].units.mean, u,
                                  reading_of(r, x, !sd), s->side[!sd].units.mean);
            k++;
        }
        /* (c) a measure of the game at 0 in every game that ended */
        int ne = ST(r, c, 0, 0)->nextra;
        for (int e = 0; e < ne; e++) {
            int zero_all = 1, zero_some = 0, p_some = -1, p_other = -1;
            for (int p = 0; p < r->npol; p++) {
                const amb_stats *s = ST(r, c, p, 0);
                const amb_side_stats *a = &s->side[sd], *o = &s->side[!sd];
                int z = a->ended > 0 && a->extra_zero[e] == a->ended && o->extra[e].n && o->extra[e].mean >= 0.5;
                zero_all &= z;
                if (z) { zero_some = 1; p_some = p; } else p_other = p;
            }
            const amb_stats *s0 = ST(r, c, 0, 0);
            if (zero_all && l < n) {
                l += (size_t)snprintf(buf + l, n - l, "%sUnder `%s`, %s: 0 in every game under every policy (`%s`: %.1f on average).",
                                      l ? " " : "", reading_of(r, x, sd), s0->extra_name[e], reading_of(r, x, !sd), s0->side[!sd].extra[e].mean);
                k++;
            } else if (zero_some && p_other >= 0 && note && ln < nn) {
                const amb_stats *so = ST(r, c, p_other, 0);
                ln += (size_t)snprintf(note + ln, nn - ln, "%sUnder `%s` the %s player ends every game with %s at 0, while %s play reaches %.1f: "
                                       "a weakness of that player, not of the rule.", ln ? " " : "", reading_of(r, x, sd), r->pname[p_some],
                                       s0->extra_name[e], r->pname[p_other], so->side[sd].extra[e].mean);
            }
        }
    }
    return k;
}

/* ---- The order of the summary ----------------------------------------------------------------- */

/* An entry's rank: its strongest marked group (0 who wins, 1 seat advantage, 2 score and length,
 * 3 none) and, within it, the size of its largest marked effect (correlated measures count once: the
 * largest, not how many). Score and length are compared by their standardized size (|B - A| over the
 * spread of the measure under A). */
typedef struct { int c, group; double size; } rp_rank;

static void rank_of(const rp *r, int c, rp_rank *k)
{
    k->c = c; k->group = 3; k->size = 0;
    for (long i = 0; i < r->nt; i++) {
        const rp_test *t = &r->t[i];
        if (t->c != c || !confirmed(t) || t->kind != RP_T_EFFECT) continue;
        int g = amb_measure_group(t->m);
        double size = fabs(t->est);
        if (g == 2) {
            const amb_stats *s = ST(r, c, t->p, 0);
            double sd = 0;
            switch (t->m) {
            case AMB_M_WSCORE: sd = s->side[0].wscore.sd; break;
            case AMB_M_MARGIN: sd = s->side[0].margin.sd; break;
            case AMB_M_MEAN: sd = s->side[0].mean.sd; break;
            case AMB_M_UNITS: sd = s->side[0].units.sd; break;
            case AMB_M_DONE: sd = 0.5; break;
            default: sd = t->m >= AMB_M_EXTRA0 ? s->side[0].extra[t->m - AMB_M_EXTRA0].sd : 0; break;
            }
            size = sd > 0 ? size / sd : 1e6;
        }
        if (g < k->group || (g == k->group && size > k->size)) { k->group = g; k->size = size; }
    }
}

static int cmp_rank(const void *a, const void *b)
{
    const rp_rank *x = a, *y = b;
    if (x->group != y->group) return x->group - y->group;
    if (x->size != y->size) return x->size < y->size ? 1 : -1;
    return x->c - y->c;
}

/* ---- Rendering -------------------------------------------------------------------------------- */

static void md_escape(FILE *f, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) fputc(s[i] == '|' ? '/' : (s[i] == '\n' || s[i] == '\r') ? ' ' : s[i], f);
}

/* The sentences of each text that the entry quotes, with file and line. */
static void texts_of(const rp *r, const rp_cmp *c, FILE *md)
{
    if (!r->have_tc || c->amb < 0) return;
    const tc_report *tc = &r->tc;
    int ei = -1;
    for (int e = 0; e < tc->nentry; e++) if (!strcmp(tc->entry[e].id, r->g->amb[c->amb].id)) ei = e;
    if (ei < 0) return;
    for (int ti = 0; ti < tc->ntext; ti++) {
        const tc_text *t = &tc->text[ti];
        int shown = 0, seen[3];
        for (int k = 0; k < t->nu && shown < 3; k++) {
            const tc_unit *u = &t->u[k];
            int quoted = 0, again = 0;
            for (int j = 0; j < u->nref; j++) quoted |= u->ref[j] == ei;
            if (!quoted || u->len < 12) continue;        /* a fragment too short to read alone */
            for (int j = 0; j < shown; j++)              /* a sentence the text repeats is quoted once */
                again |= t->u[seen[j]].len == u->len && !memcmp(t->buf + t->u[seen[j]].off, t->buf + u->off, u->len);
            if (again) continue;
            fprintf(md, "  - %s `%s:%d`: \"", t->lang, t->file, u->line);
            size_t len = u->len > 220 ? 220 : u->len;
            md_escape(md, t->buf + u->off, len);
            fprintf(md, "%s\"\n", len < u->len ? " …" : "");
            seen[shown++] = k;
        }
    }
    if (r->have_al) al_entry_pair_md(md, &r->al, r->g->amb[c->amb].id);
}

/* Seat q's (0 the first, -1 the last) mean win share on side sd of games[0..n) that ended with a winner,
 * and the mean fair share 1/players over the same games. */
static void seat_share(const amb_game *gm, long n, int sd, int q, double *share, double *fair)
{
    double sum = 0, fsum = 0;
    long k = 0;
    for (long i = 0; i < n; i++) {
        const amb_side *e = &gm[i].side[sd];
        if (!e->ended || !e->winners) continue;
        int seat = q < 0 ? gm[i].players - 1 : q;
        unsigned nw = 0;
        for (unsigned z = e->winners; z; z &= z - 1) nw++;
        sum += (e->winners >> seat & 1u) ? 1.0 / nw : 0;
        fsum += 1.0 / gm[i].players;
        k++;
    }
    *share = k ? sum / (double)k : 0;
    *fair = k ? fsum / (double)k : 0;
}

/* What comparison c's findings say: one line per reading (its own figures where the readings differ)
 * and one per measure that differs. */
static void effects_lines(const rp *r, int c, FILE *md)
{
    const rp_cmp *x = &r->cmp[c];
    char u[48], name[80], e[160], rep[96], prof[64];
    unit_text(r, u, sizeof u);
    for (int sd = 0; sd < 2; sd++) {
        profiles_of(r, x, sd, prof, sizeof prof);
        fprintf(md, "  - `%s`%s%s%s:", reading_of(r, x, sd), prof[0] ? " (the reading of " : "", prof, prof[0] ? ")" : "");
        for (int p = 0; p < r->npol; p++) {
            const amb_stats *s = ST(r, c, p, 0);
            const amb_side_stats *a = &s->side[sd];
            fprintf(md, "%s %s: %.1f %s, %ld of %ld games end", p ? ";" : "", r->pname[p], a->units.mean, u, a->ended, s->games);
            for (int m = AMB_M_FIRST; m < AMB_MEASURES; m++) {
                const rp_test *t = find_effect(r, c, p, m);
                if (!confirmed(t) || m == AMB_M_UNITS || m == AMB_M_DONE) continue;
                amb_measure_text(r->g, m, s->extra_name, name, sizeof name);
                if (m == AMB_M_FIRST || m == AMB_M_LAST) {
                    double sh, fair;
                    seat_share(GM(r, c, p, 0), r->games, sd, m == AMB_M_FIRST ? 0 : -1, &sh, &fair);
                    fprintf(md, ", %s %.1f%% (a fair share: %.1f%%)", name, 100 * sh, 100 * fair);
                } else if (m == AMB_M_NOWIN) fprintf(md, ", %.1f%% of games end with no winner", 100 * a->nowin.p);
                else if (m == AMB_M_WSCORE) fprintf(md, ", %s %.1f", name, a->wscore.mean);
                else if (m == AMB_M_MARGIN) fprintf(md, ", %s %.1f", name, a->margin.mean);
                else if (m == AMB_M_MEAN) fprintf(md, ", %s %.1f", name, a->mean.mean);
                else if (m >= AMB_M_EXTRA0) fprintf(md, ", %s %.1f", name, a->extra[m - AMB_M_EXTRA0].mean);
            }
        }
        fprintf(md, ".\n");
    }
    int any = 0;
    for (int m = 0; m < AMB_MEASURES; m++) {
        int first = 1;
        for (int p = 0; p < r->npol; p++) {
            const rp_test *t = find_effect(r, c, p, m);
            if (!confirmed(t)) continue;
            if (first) {
                amb_measure_text(r->g, m, ST(r, c, p, 0)->extra_name, name, sizeof name);
                fprintf(md, "  - Δ %s (`%s` − `%s`):", name, reading_of(r, x, 1), reading_of(r, x, 0));
            }
            fmt_effect(r, t, e, sizeof e);
            rep_text(r, t, rep, sizeof rep);
            fprintf(md, "%s %s %s%s%s", first ? "" : ";", r->pname[p], e, rep[0] ? ", " : "", rep);
            first = 0;
            any = 1;
        }
        if (!first) fprintf(md, ".\n");
    }
    if (!any) fprintf(md, "  - No difference marked after correction and repeated.\n");
}

/* Where in the game a median length in units falls: "in round 3", "in each seat's turn 5". */
static void when_text(const rp *r, double units, char *buf, size_t n)
{
    if (r->g->unit_per_seat) snprintf(buf, n, "in each seat's %s %d", r->g->unit && !strcmp(r->g->unit, "turns") ? "turn" : "unit", (int)units + 1);
    else snprintf(buf, n, "in %s %d", r->g->unit && !strcmp(r->g->unit, "rounds") ? "round" : "unit", (int)units + 1);
}

static void comes_up_text(const rp *r, int c, char *buf, size_t n)
{
    size_t l = 0;
    buf[0] = 0;
    for (int p = 0; p < r->npol && l < n; p++) {
        const amb_stats *s = ST(r, c, p, 0);
        char w[64];
        l += (size_t)snprintf(buf + l, n - l, "%s%s: ", p ? "; " : "", r->pname[p]);
        if (s->deal.x == s->games && s->games) { l += (size_t)snprintf(buf + l, n - l, "the readings deal differently in every game"); continue; }
        if (s->deal.x && l < n) l += (size_t)snprintf(buf + l, n - l, "the readings deal differently in %.1f%% of games; ", 100 * s->deal.p);
        if (l < n) l += (size_t)snprintf(buf + l, n - l, "at the table in %.1f%% of games [%.1f, %.1f]", 100 * s->shown.p, 100 * s->shown.lo, 100 * s->shown.hi);
        if (s->shown.x && l < n) {
            when_text(r, s->median_shown_units, w, sizeof w);
            l += (size_t)snprintf(buf + l, n - l, ", first %s (median)", w);
        }
    }
}

static const char *seat_name(int q, int pl, char *buf, size_t n)
{
    if (q == 0) snprintf(buf, n, "the first seat's (P1)");
    else if (q == pl - 1) snprintf(buf, n, "the last seat's (P%d)", q + 1);
    else snprintf(buf, n, "P%d's", q + 1);
    return buf;
}

/* "+25.7 pp above" / "10.1 pp below" its fair share. */
static const char *above_below(double v, char *buf, size_t n)
{
    snprintf(buf, n, "%.1f pp %s", fabs(100 * v), v >= 0 ? "above" : "below");
    return buf;
}

/* The balance sentence of comparison c: where B moves a seat's win share (a finding: marked, repeated),
 * whether that takes the seat away from its fair share or toward it, on this entry's own games, and so
 * which reading is better balanced there; otherwise "no detectable difference". */
static void balance_sentence(const rp *r, int c, char *buf, size_t n)
{
    const rp_cmp *x = &r->cmp[c];
    size_t l = 0;
    int said = 0;
    char better[2][400] = {"", ""};
    size_t bl[2] = {0, 0};
    buf[0] = 0;
    for (int p = 0; p < r->npol; p++)
        for (int pl = r->g->min_players; pl <= r->g->max_players; pl++) {
            const rp_test *best = NULL;
            for (int q = 0; q < pl; q++) {
                const rp_test *t = find_seat(r, c, p, pl, q);
                if (confirmed(t) && (!best || fabs(t->est) > fabs(best->est))) best = t;
            }
            if (!best || l >= n) continue;
            const amb_balance *ba = CBAL(r, c, p, 0, 0, pl), *bb = CBAL(r, c, p, 0, 1, pl);
            double va = ba->seat[best->seat].mean, vb = bb->seat[best->seat].mean;
            int away = fabs(vb) > fabs(va);         /* B takes the seat further from its fair share */
            char e[160], sn[40], ab[2][40];
            fmt_effect(r, best, e, sizeof e);
            l += (size_t)snprintf(buf + l, n - l, "%sAt %d players (%s) `%s` moves %s win share by %s, %s its fair share of %.0f%%: "
                                  "%s it under `%s`, %s under `%s` (this entry's own games).", said ? " " : "", pl, r->pname[p],
                                  reading_of(r, x, 1), seat_name(best->seat, pl, sn, sizeof sn), e, away ? "away from" : "toward",
                                  100.0 / pl, above_below(vb, ab[1], sizeof ab[1]), reading_of(r, x, 1), above_below(va, ab[0], sizeof ab[0]),
                                  reading_of(r, x, 0));
            int win = away ? 0 : 1;
            if (bl[win] < sizeof better[win])
                bl[win] += (size_t)snprintf(better[win] + bl[win], sizeof better[win] - bl[win], "%s%d players (%s)", bl[win] ? ", " : "", pl, r->pname[p]);
            said = 1;
        }
    for (int sd = 0; sd < 2 && said && l < n; sd++)
        if (bl[sd]) l += (size_t)snprintf(buf + l, n - l, " Better balanced: `%s` at %s.", reading_of(r, x, sd), better[sd]);
    if (r->strong >= 0) {
        for (long i = 0; i < r->nt && l < n; i++) {
            const rp_test *t = &r->t[i];
            if (t->kind != RP_T_SKILL || t->c != c || !confirmed(t)) continue;
            char e[160];
            fmt_effect(r, t, e, sizeof e);
            l += (size_t)snprintf(buf + l, n - l, "%sSkill counts %s under `%s`: %s's edge over %s at one table is %.1f pp there against %.1f pp "
                                  "in the profile's game (%s).", said ? " " : "", t->est > 0 ? "more" : "less", reading_of(r, x, 1), r->pname[r->strong],
                                  r->pname[r->weak], 100 * SKILL(r, c, 0)->all.mean, 100 * SKILL(r, -1, 0)->all.mean, e);
            said = 1;
        }
    }
    if (!said) snprintf(buf, n, "No detectable difference in balance between `%s` and `%s`.", reading_of(r, x, 0), reading_of(r, x, 1));
}

/* A balance table: one row per policy and player count of one reading's game. c -1: the profile's own
 * game (pooled), its advantages tested; c >= 0: the comparison's second reading, its advantages with
 * their 95% intervals (uncorrected, descriptive) and, where B moves a seat's share, the tested shift. */
static void balance_rows(const rp *r, int c, FILE *md)
{
    for (int p = 0; p < r->npol; p++)
        for (int pl = r->g->min_players; pl <= r->g->max_players; pl++) {
            const amb_balance *b = c < 0 ? BASE(r, p, 0, pl) : CBAL(r, c, p, 0, 1, pl);
            if (!b->games) continue;
            fprintf(md, "| %s | %d | %ld/%ld | %.2f [%.2f, %.2f] | ", r->pname[p], pl, b->ended, b->games, b->units.mean, b->units.lo, b->units.hi);
            for (int q = 0; q < pl; q++) {
                const rp_test *t = find_seat(r, c, p, pl, q);
                char e[200];
                fprintf(md, "%sP%d%s ", q ? "; " : "", q + 1, q == 0 ? " (first)" : q == pl - 1 ? " (last)" : "");
                if (c < 0 && t) { fmt_cell(r, t, e, sizeof e); fprintf(md, "%s", e); }
                else if (b->seat[q].n) fprintf(md, "%+.1f pp [%+.1f, %+.1f]", 100 * b->seat[q].mean, 100 * b->seat[q].lo, 100 * b->seat[q].hi);
                else fprintf(md, "-");
                if (c >= 0 && t && t->marked) { fmt_cell(r, t, e, sizeof e); fprintf(md, " (moved %s)", e); }
            }
            fprintf(md, " | %.1f%% [%.1f, %.1f] | %.1f%% [%.1f, %.1f] |", 100 * b->shared.p, 100 * b->shared.lo, 100 * b->shared.hi,
                    100 * b->tiebreak.p, 100 * b->tiebreak.lo, 100 * b->tiebreak.hi);
            const rp_skill *sk = SKILL(r, c, 0);
            if (r->strong >= 0 && p == r->strong && sk->at[pl].n)
                fprintf(md, " %+.1f pp [%+.1f, %+.1f] |\n", 100 * sk->at[pl].mean, 100 * sk->at[pl].lo, 100 * sk->at[pl].hi);
            else fprintf(md, " |\n");
        }
}

static const char *balance_head =
    "| policy | players | ended | length (%s) | win share less the fair share, by seat (P1 plays first) | shared wins | tie-breaks | skill gap |\n"
    "|---|---|---|---|---|---|---|---|\n";

/* The impact table of comparison c: a row per measure, a column per policy. */
static void impact_table(const rp *r, int c, FILE *md)
{
    char name[80], e[200], rep[120];
    fprintf(md, "| measure (B − A) |");
    for (int p = 0; p < r->npol; p++) fprintf(md, " %s |", r->pname[p]);
    fprintf(md, "\n|---|");
    for (int p = 0; p < r->npol; p++) fprintf(md, "---|");
    fprintf(md, "\n| games; ended A / B; both; with a winner on both |");
    for (int p = 0; p < r->npol; p++) {
        const amb_stats *s = ST(r, c, p, 0);
        fprintf(md, " %ld; %ld / %ld; %ld; %ld |", s->games, s->side[0].ended, s->side[1].ended, s->both_ended, s->both_won);
    }
    fprintf(md, "\n| comes up at the table |");
    for (int p = 0; p < r->npol; p++) {
        const amb_stats *s = ST(r, c, p, 0);
        if (s->deal.x) fprintf(md, " the deals differ in %.1f%%;", 100 * s->deal.p);
        fprintf(md, " at the table in %.1f%% [%.1f, %.1f] |", 100 * s->shown.p, 100 * s->shown.lo, 100 * s->shown.hi);
    }
    fprintf(md, "\n| decision relevance (where legal moves first differ) |");
    for (int p = 0; p < r->npol; p++) {
        const amb_stats *s = ST(r, c, p, 0);
        if (r->pol[p].kind == POL_RANDOM) fprintf(md, " not judged (random play reads no rule) |");
        else if (!s->relevance.n) fprintf(md, " - (legal moves never differed) |");
        else fprintf(md, " %ld of %ld games (%.1f%%) |", s->relevance.x, s->relevance.n, 100 * s->relevance.p);
    }
    fprintf(md, "\n| winner differs: A vs B / A vs A′ / B vs B′ (games all four ended) |");
    for (int p = 0; p < r->npol; p++) {
        const amb_stats *s = ST(r, c, p, 0);
        fprintf(md, " %.1f%% / %.1f%% / %.1f%% of %ld |", 100 * s->changed.p, 100 * s->null_changed[0].p, 100 * s->null_changed[1].p, s->all_ended);
    }
    fprintf(md, "\n");
    for (int m = 0; m < AMB_MEASURES; m++) {
        int anyp = 0;
        for (int p = 0; p < r->npol; p++) anyp |= find_effect(r, c, p, m) != NULL;
        if (!anyp) continue;
        amb_measure_text(r->g, m, ST(r, c, 0, 0)->extra_name, name, sizeof name);
        fprintf(md, "| %s |", name);
        for (int p = 0; p < r->npol; p++) {
            const rp_test *t = find_effect(r, c, p, m);
            if (!t) { fprintf(md, " no difference in any game |"); continue; }
            fmt_cell(r, t, e, sizeof e);
            rep_text(r, t, rep, sizeof rep);
            fprintf(md, " %s, q %.2g%s%s |", e, t->q, confirmed(t) && rep[0] ? "; " : "", confirmed(t) ? rep : "");
        }
        fprintf(md, "\n");
    }
    fprintf(md, "| decisions (a second length figure, not tested) |");
    for (int p = 0; p < r->npol; p++) {
        const stat_mean *d = &ST(r, c, p, 0)->decisions;
        fprintf(md, " %+.1f [%+.1f, %+.1f] |", d->mean, d->lo, d->hi);
    }
    fprintf(md, "\n\n");
}

/* ---- Witnesses -------------------------------------------------------------------------------- */

static void side_header(const game_engine *g, const rp_cmp *c, int side, int players, rf_header *h)
{
    memset(h, 0, sizeof *h);
    h->g = g;
    h->cfg.players = players;
    h->cfg.readings = c->s[side].r;
    snprintf(h->profile, sizeof h->profile, "%s", c->s[side].profile);
    snprintf(h->readings, sizeof h->readings, "%s", c->s[side].readings);
}

/* One side of a witness as a record: its reading's position and its moves (none for the side that
 * refuses a kind (a) move, the one move for (a) and (b), the game for (c)). */
static int write_amb_witness(const rp *r, const rp_cmp *c, const amb_witness *w, int side, const char *path)
{
    const game_engine *g = r->g;
    rf_header h;
    side_header(g, c, side, w->players, &h);
    const game_move *moves = NULL;
    long n = 0;
    if (w->kind == AMB_W_OUTCOME) { moves = w->moves[side]; n = w->n[side]; }
    else if (w->kind == AMB_W_RESULT || (w->kind == AMB_W_LEGAL && w->move_side == side)) { moves = &w->move; n = 1; }
    if (w->kind == AMB_W_OUTCOME && w->ended[side]) {
        h.has_result = w->players;
        memcpy(h.result, w->scores[side], sizeof(int) * (size_t)w->players);
    }
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    char comment[1200], mv[128] = "";
    if (w->kind == AMB_W_LEGAL) g->move_print(w->part.st[w->move_side], &w->move, mv, sizeof mv);
    snprintf(comment, sizeof comment,
             "witness of %s (%s), this is the '%s' side, '%s' is the other; from decision %ld of the paired game of deal seed %llu%s%s%s. "
             "Made by rulefuzz report ambiguities.",
             c->name, amb_witness_kind[w->kind], c->s[side].text, c->s[!side].text, w->at, (unsigned long long)w->seed,
             w->kind == AMB_W_LEGAL && w->move_side != side ? "; here '" : "", w->kind == AMB_W_LEGAL && w->move_side != side ? mv : "",
             w->kind == AMB_W_LEGAL && w->move_side != side ? "' is refused" : "");
    int rc = rf_record_write(f, &h, w->part.st[side], moves, n, comment);
    return fclose(f) == 0 ? rc : -1;
}

/* The position texts' fields that differ between two states, as table rows "| field | A | B |". */
static int field_diff(const game_engine *g, const void *a, const void *b, FILE *md)
{
    static char ta[GAME_TEXT_MAX], tb[GAME_TEXT_MAX];
    if (g->position_print(a, ta, sizeof ta) < 0 || g->position_print(b, tb, sizeof tb) < 0) return 0;
    int rows = 0;
    char *sa = ta, *sb = tb;
    for (;;) {
        char *ea = strchr(sa, ';'), *eb = strchr(sb, ';');
        if (ea) *ea = 0;
        if (eb) *eb = 0;
        char *va = strchr(sa, '='), *vb = strchr(sb, '=');
        if (va && vb && strcmp(sa, sb) != 0) {
            *va = 0; *vb = 0;
            if (!rows++) fprintf(md, "| field | A | B |\n|---|---|---|\n");
            fprintf(md, "| `%s` | `%s` | `%s` |\n", sa, va + 1, vb + 1);
        }
        if (!ea || !eb) break;
        sa = ea + 1; sb = eb + 1;
    }
    if (rows) fputs("\n", md);
    return rows;
}

/* The legal moves of st, the ones not in other's list in bold. */
static void legal_line(const game_engine *g, const void *st, const void *other, FILE *md)
{
    static game_move la[GAME_MAX_MOVES], lb[GAME_MAX_MOVES];
    int na = g->legal_moves(st, la, GAME_MAX_MOVES), nb = g->legal_moves(other, lb, GAME_MAX_MOVES);
    for (int i = 0; i < na; i++) {
        char mv[128];
        if (g->move_print(st, &la[i], mv, sizeof mv) < 0) snprintf(mv, sizeof mv, "?");
        int own = !game_move_in(lb, nb, &la[i]);
        fprintf(md, "%s%s`%s`%s", i ? ", " : "", own ? "**" : "", mv, own ? "**" : "");
    }
    if (!na) fprintf(md, "none (the game is over)");
}

/* Two boards side by side in HTML, one after the other in Markdown. */
static void boards(const game_engine *g, const rp_cmp *c, const void *a, const void *b, const char *when, FILE *md)
{
    static char board[2][GAME_TEXT_MAX];
    if (g->board_print(a, board[0], sizeof board[0]) < 0) board[0][0] = 0;
    if (g->board_print(b, board[1], sizeof board[1]) < 0) board[1][0] = 0;
    if (!strcmp(board[0], board[1])) { fprintf(md, "The position %s (the same under both readings):\n\n```\n%s```\n\n", when, board[0]); return; }
    fprintf(md, "<div class=\"pair\"><div>\n\nUnder `%s`, %s:\n\n```\n%s```\n\n</div><div>\n\nUnder `%s`, %s:\n\n```\n%s```\n\n</div></div>\n\n",
            c->s[0].text, when, board[0], c->s[1].text, when, board[1]);
}

static int witness_section(const rp *r, const rp_cmp *c, const amb_witness *w, const char *wdir, const char *dir, FILE *md)
{
    const game_engine *g = r->g;
    if (w->kind == AMB_W_NONE) {
        fprintf(md, "**Witness:** none: the rule never showed at the table in the %ld paired games of the first policy (`%s`).\n\n", r->games, r->pname[0]);
        return 0;
    }
    char safe[64], a[4096], b[4096], mv[GAME_TEXT_MAX];
    snprintf(safe, sizeof safe, "%s", c->name);
    for (char *p = safe; *p; p++) if (*p == ' ') *p = '-';
    snprintf(a, sizeof a, "%s/%s.%s.rec", wdir, safe, c->s[0].text);
    snprintf(b, sizeof b, "%s/%s.%s.rec", wdir, safe, c->s[1].text);
    for (char *p = a + strlen(wdir) + 1; *p; p++) if (*p == '=' || *p == ',') *p = '_';
    for (char *p = b + strlen(wdir) + 1; *p; p++) if (*p == '=' || *p == ',') *p = '_';
    if (write_amb_witness(r, c, w, 0, a) || write_amb_witness(r, c, w, 1, b)) {
        fprintf(stderr, "rulefuzz: cannot write the witness records in %s\n", wdir);
        return -1;
    }
    const char *la = a + strlen(dir) + 1, *lb = b + strlen(dir) + 1;
    fprintf(md, "**Witness: %s** (%d players; from decision %ld of the paired game of deal seed %llu; records [%s](%s) and [%s](%s), "
                "`rulefuzz replay` each; proved: %s).\n\n", amb_witness_kind[w->kind], w->players, w->at, (unsigned long long)w->seed, la, la, lb, lb,
            w->kind == AMB_W_DEAL ? "the deals differ" : w->kind == AMB_W_LEGAL ? "the move applies under one reading and is refused under the other"
            : w->kind == AMB_W_RESULT ? "the positions after the move differ at the table"
            : "each side's moves, replayed under the other reading, are refused or end otherwise");
    switch (w->kind) {
    case AMB_W_DEAL:
        fprintf(md, "The two deals differ in:\n\n");
        field_diff(g, w->part.st[0], w->part.st[1], md);
        boards(g, c, w->part.st[0], w->part.st[1], "as dealt", md);
        break;
    case AMB_W_LEGAL: {
        int sd = w->move_side;
        char dn[16];
        game_decider_print(g, w->part.st[sd], g->to_move(w->part.st[sd]), dn, sizeof dn);
        if (g->move_print(w->part.st[sd], &w->move, mv, sizeof mv) < 0) snprintf(mv, sizeof mv, "?");
        fprintf(md, "`%s %s` is legal under `%s` and refused under `%s`%s%s.\n\n", dn, mv, c->s[sd].text, c->s[!sd].text, w->why[0] ? ": " : "", w->why);
        boards(g, c, w->part.st[0], w->part.st[1], "where it is decided", md);
        fprintf(md, "- Legal under `%s`: ", c->s[0].text);
        legal_line(g, w->part.st[0], w->part.st[1], md);
        fprintf(md, "\n- Legal under `%s`: ", c->s[1].text);
        legal_line(g, w->part.st[1], w->part.st[0], md);
        fprintf(md, "\n\n(in bold: legal under one reading only)\n\n");
        break;
    }
    case AMB_W_RESULT: {
        static unsigned char after[2][GAME_STATE_MAX] __attribute__((aligned(16)));
        char dn[16];
        game_decider_print(g, w->part.st[0], g->to_move(w->part.st[0]), dn, sizeof dn);
        if (g->move_print(w->part.st[0], &w->move, mv, sizeof mv) < 0) snprintf(mv, sizeof mv, "?");
        for (int sd = 0; sd < 2; sd++) { memcpy(after[sd], w->part.st[sd], g->state_size); g->apply(after[sd], &w->move); }
        fprintf(md, "`%s %s`, legal under both readings, leaves another position under each. What differs after it:\n\n", dn, mv);
        field_diff(g, after[0], after[1], md);
        boards(g, c, after[0], after[1], "after the move", md);
        char sa[256], sb[256];
        int sc[2][GAME_MAX_PLAYERS];
        unsigned wn[2];
        for (int sd = 0; sd < 2; sd++) {
            int rc = g->result(after[sd], sc[sd], &wn[sd]);
            if (rc != GAME_OK && (!g->score_now || g->score_now(after[sd], sc[sd], &wn[sd]) != GAME_OK)) { sc[sd][0] = 0; wn[sd] = 0; }
        }
        rf_scores_text(sa, sizeof sa, sc[0], wn[0], w->players);
        rf_scores_text(sb, sizeof sb, sc[1], wn[1], w->players);
        fprintf(md, "Scores %s: `%s` %s; `%s` %s.\n\n", g->to_move(after[0]) < 0 ? "at the end" : "so far", c->s[0].text, sa, c->s[1].text, sb);
        break;
    }
    case AMB_W_OUTCOME: {
        boards(g, c, w->part.st[0], w->part.st[1], "where both games start", md);
        if (w->refused_side >= 0) {
            static unsigned char st[GAME_STATE_MAX] __attribute__((aligned(16)));
            memcpy(st, w->part.st[w->refused_side], g->state_size);
            for (long k = 0; k + 1 < w->refused_at; k++) g->apply(st, &w->moves[w->refused_side][k]);
            char dn[16], why[240] = "";
            game_decider_print(g, st, g->to_move(st), dn, sizeof dn);
            g->move_print(st, &w->moves[w->refused_side][w->refused_at - 1], mv, sizeof mv);
            static unsigned char other[GAME_STATE_MAX] __attribute__((aligned(16)));
            memcpy(other, w->part.st[!w->refused_side], g->state_size);
            for (long k = 0; k + 1 < w->refused_at; k++) g->apply(other, &w->moves[w->refused_side][k]);
            if (g->why_illegal && g->why_illegal(other, &w->moves[w->refused_side][w->refused_at - 1], why, sizeof why) <= 0) why[0] = 0;
            fprintf(md, "Both play the same moves until `%s`'s decision %ld, `%s %s`, which `%s` refuses%s%s; from there each plays on.\n\n",
                    c->s[w->refused_side].text, w->refused_at, dn, mv, c->s[!w->refused_side].text, why[0] ? ": " : "", why);
        } else fprintf(md, "Both play the same moves, legal under both readings; the readings score them differently.\n\n");
        fprintf(md, "| # | %s | %s |\n|---|---|---|\n", c->s[0].text, c->s[1].text);
        static unsigned char st[2][GAME_STATE_MAX] __attribute__((aligned(16)));
        memcpy(st[0], w->part.st[0], g->state_size);
        memcpy(st[1], w->part.st[1], g->state_size);
        long n = w->n[0] > w->n[1] ? w->n[0] : w->n[1];
        for (long i = 0; i < n; i++) {
            char cell[2][112];
            for (int sd = 0; sd < 2; sd++) {
                cell[sd][0] = 0;
                if (i >= w->n[sd]) continue;
                char dn[16];
                game_decider_print(g, st[sd], g->to_move(st[sd]), dn, sizeof dn);
                if (g->move_print(st[sd], &w->moves[sd][i], mv, sizeof mv) < 0) snprintf(mv, sizeof mv, "?");
                int own = i >= w->n[!sd] || !game_move_eq(&w->moves[0][i], &w->moves[1][i]);
                snprintf(cell[sd], sizeof cell[sd], "%s%s %.80s%s", own ? "**" : "", dn, mv, own ? "**" : "");
                g->apply(st[sd], &w->moves[sd][i]);
            }
            fprintf(md, "| %ld | %s | %s |\n", i + 1, cell[0], cell[1]);
        }
        char sa[256], sb[256];
        rf_scores_text(sa, sizeof sa, w->scores[0], w->winners[0], w->players);
        rf_scores_text(sb, sizeof sb, w->scores[1], w->winners[1], w->players);
        fprintf(md, "\nFinal scores: `%s` %s; `%s` %s (moves in bold: where the two games differ).\n\n", c->s[0].text, sa, c->s[1].text, sb);
        break;
    }
    default:
        break;
    }
    return 0;
}

/* Translation gaps (rulefuzz textcov): the sentences one text states and the other lacks. */
static void translation_gaps(const rp *r, FILE *md)
{
    if (r->g->n_profiles < 2) return;
    fprintf(md, "## Translation gaps\n\n");
    if (!r->have_tc) { fprintf(md, "(not measured: the texts could not be read beside %s)\n\n", r->o.spec); return; }
    int n = 0;
    for (int i = 0; i < r->tc.ntext; i++) n += r->tc.text[i].gaps;
    fprintf(md, "Sentences that one text states and the other lacks (`rulefuzz textcov %s`: quoted only by SPEC.md entries with no "
                "quote in the other text): %d.\n\n", r->g->name, n);
    if (n) fprintf(md, "| text | line | sentence | clause |\n|---|---|---|---|\n");
    for (int i = 0; i < r->tc.ntext; i++) {
        const tc_text *t = &r->tc.text[i];
        for (int k = 0; k < t->nu; k++) {
            const tc_unit *u = &t->u[k];
            if (!u->gap) continue;
            fprintf(md, "| %s | %d | ", t->file, u->line);
            md_escape(md, t->buf + u->off, u->len);
            fprintf(md, " | %s |\n", r->tc.entry[u->ref[0]].id);
        }
    }
    if (n) fputs("\n", md);
}


/* ---- The measure definitions ----------------------------------------------------------------- */

static void method_text(const rp *r, FILE *md)
{
    char u[48], players[64], pols[200] = "";
    unit_text(r, u, sizeof u);
    if (r->o.players) snprintf(players, sizeof players, "%d players", r->o.players);
    else snprintf(players, sizeof players, "%d to %d players in turn", r->g->min_players, r->g->max_players);
    size_t pl = 0;
    for (int p = 0; p < r->npol; p++) pl += (size_t)snprintf(pols + pl, sizeof pols - pl, "%s`%s`", p ? ", " : "", r->pname[p]);
    const char *pts = r->g->score_name ? r->g->score_name : "points";
    fprintf(md, "**How it was measured.** Each entry of SPEC.md's register is toggled alone on the `%s` profile (the profile's reading "
                "A, the other B) and played in %ld paired games per policy (%s; %s), on deals of its own (seeds derived from "
                "`--seed %llu`, the entry's ID and the block): both readings start from the same deal and take the same decision "
                "draws until the rule first differs; from that decision on each draws its own. Every seat decides by the policy "
                "named (`random`: a uniform pick; `greedy`: the move best for the seat by a one-ply look at the scores so far; "
                "`sensible`: the move best by the end of the seat's turn, the best few then tried again in random playouts (docs/ambiguity-report.md); "
                "`mc:N`: N random playouts per move; each judges on what the seat may see); the table's real-time decisions are "
                "random. In %s, %s.\n\n",
            r->g->profiles[0].name, r->games, pols, players, (unsigned long long)r->o.seed, r->g->title,
            r->g->win_rule ? r->g->win_rule : "the highest total wins");
    fprintf(md, "- *Comes up at the table*: the share of games in which a position reached in play under A has other legal moves "
                "under B, or a move gives another score so far, another final result, or ends the game under B only; a counter "
                "that differs (a supply, a hidden pile) counts only once it changes a legal move or a score, and who leads by "
                "the scores so far counts only at the end. A reading that deals differently is said so apart. *Decision "
                "relevance* (greedy, sensible, mc): where the legal moves first differ, the player's move is one the other "
                "reading forbids or would not choose from the same draw; its denominator is the games where the legal moves "
                "differ; random play is not judged.\n");
    fprintf(md, "- *Winner changed beyond chance* (the null): each reading is replayed from the decision where the runs part with "
                "draws of its own (A′, B′), and per game 1[A ≠ B] − (1[A ≠ A′] + 1[B ≠ B′]) / 2 is averaged over the games all "
                "four runs ended. Its expectation is half the squared distance between the two readings' winner laws given the "
                "shared start: 0 when they agree, whatever either does to the game's length; tested one-sided. A game that ends "
                "with no winner (a tie a rule leaves unbroken) is an outcome of its own, counted apart in *games that end with "
                "no winner*.\n");
    fprintf(md, "- *Seat win shares* (first seat, last seat; a k-way shared win counts 1/k), *the winner's %s, the winner's lead*: "
                "paired differences B − A over the games with a winner on both sides; *the mean %s* and the game's own measures "
                "over the games that ended on both sides; every denominator is in the entry's table.\n", pts, pts);
    fprintf(md, "- *Length* in %s, over every game: a game that does not end within %d decisions counts with the length it "
                "reached, so a difference it touches is a bound (\"at least\"); *games that end*: the paired difference of "
                "completion. Decisions are given as a second, untested length figure.\n", u, AMB_MAX_MOVES);
    fprintf(md, "- *Correction*: every figure is a test in one family, the effects of every comparison and policy (the control's "
                "included), every seat advantage of the balance section (one seat at two players, where the two mirror each "
                "other) and every skill gap: %ld tests (a figure that is 0 in every game is no test). A figure is marked when "
                "its Benjamini-Hochberg q-value is at most α = %.2f (a false discovery rate of %.0f%%); its interval is then "
                "widened to the level 1 − R·α/M (Benjamini-Yekutieli's false coverage rate, R marked of M tests); the others "
                "show their 95%% interval.\n", r->nt, RF_REPORT_FDR, 100 * RF_REPORT_FDR);
    if (r->blocks > 1)
        fprintf(md, "- *Replication*: every comparison with a marked figure, and the control, is played again on a second "
                    "block of %ld paired games per policy on other deals; a marked figure *repeats* when the second block shows "
                    "it in the same direction (one-sided, Benjamini-Hochberg at %.0f%% over the %ld figures replicated). A "
                    "**bold** figure is marked and repeats: a finding. The summary states findings only.\n",
                r->games, 100 * RF_REPORT_FDR, r->replicated);
    fprintf(md, "\n");
}

/* ---- JSON ------------------------------------------------------------------------------------- */


static void json_num(FILE *f, double v)
{
    if (isnan(v) || isinf(v)) fputs("null", f);
    else fprintf(f, "%.6g", v);
}

static void write_json(const rp *r, FILE *f)
{
    fprintf(f, "{\"game\":"); rf_json_cstr(f, r->g->name);
    fprintf(f, ",\"games\":%ld,\"blocks\":%d,\"seed\":%llu,\"fdr\":%.3f,\"tests\":%ld,\"marked\":%ld,\"control_tests\":%ld,"
               "\"control_marked\":%ld,\"replicated\":%ld,\"repeats\":%ld,\"seconds\":%.1f,\"policies\":[",
            r->games, r->blocks, (unsigned long long)r->o.seed, RF_REPORT_FDR, r->nt, r->marked, r->control_tests, r->control_marked,
            r->replicated, r->repeats, r->seconds);
    for (int p = 0; p < r->npol; p++) { if (p) fputc(',', f); rf_json_cstr(f, r->pname[p]); }
    fprintf(f, "],\"comparisons\":[");
    for (int c = 0; c < r->ncmp; c++) {
        const rp_cmp *x = &r->cmp[c];
        fprintf(f, "%s{\"name\":", c ? "," : ""); rf_json_cstr(f, x->name);
        fprintf(f, ",\"kind\":\"%s\",\"a\":", x->amb == RP_CONTROL ? "control" : x->amb == RP_PAIR ? "texts" : x->variant ? "variant" : "ambiguity");
        rf_json_cstr(f, x->s[0].text);
        fprintf(f, ",\"b\":"); rf_json_cstr(f, x->s[1].text);
        fprintf(f, ",\"policies\":[");
        for (int p = 0; p < r->npol; p++) {
            const amb_stats *s = ST(r, c, p, 0);
            fprintf(f, "%s{\"games\":%ld,\"ended\":[%ld,%ld],\"both_ended\":%ld,\"comes_up\":", p ? "," : "", s->games, s->side[0].ended,
                    s->side[1].ended, s->both_ended);
            json_num(f, s->shown.p);
            fprintf(f, ",\"deal_differs\":"); json_num(f, s->deal.p);
            fprintf(f, ",\"units\":["); json_num(f, s->side[0].units.mean); fputc(',', f); json_num(f, s->side[1].units.mean);
            fprintf(f, "]}");
        }
        fprintf(f, "]}");
    }
    fprintf(f, "],\"tests\":[");
    for (long i = 0; i < r->nt; i++) {
        const rp_test *t = &r->t[i];
        char name[80] = "";
        if (t->kind == RP_T_EFFECT) amb_measure_text(r->g, t->m, ST(r, t->c, t->p, 0)->extra_name, name, sizeof name);
        fprintf(f, "%s{\"kind\":\"%s\",\"comparison\":", i ? "," : "", t->kind == RP_T_EFFECT ? "effect" : t->kind == RP_T_SEAT ? "seat" : "skill");
        rf_json_cstr(f, t->c < 0 ? "(profile)" : r->cmp[t->c].name);
        fprintf(f, ",\"policy\":"); rf_json_cstr(f, r->pname[t->p]);
        if (t->kind == RP_T_EFFECT) { fprintf(f, ",\"measure\":"); rf_json_cstr(f, name); }
        if (t->kind == RP_T_SEAT) fprintf(f, ",\"players\":%d,\"seat\":%d", t->players, t->seat + 1);
        fprintf(f, ",\"n\":%ld,\"estimate\":", t->n); json_num(f, t->est);
        fprintf(f, ",\"lo\":"); json_num(f, t->lo);
        fprintf(f, ",\"hi\":"); json_num(f, t->hi);
        fprintf(f, ",\"level\":0.95");
        if (t->marked) {
            fprintf(f, ",\"corrected\":{\"lo\":"); json_num(f, t->alo);
            fprintf(f, ",\"hi\":"); json_num(f, t->ahi);
            fprintf(f, ",\"level\":"); json_num(f, r->nt ? 1 - (double)r->marked * RF_REPORT_FDR / (double)r->nt : 0.95);
            fprintf(f, "}");
        }
        fprintf(f, ",\"p\":"); json_num(f, t->pv);
        fprintf(f, ",\"q\":"); json_num(f, t->q);
        fprintf(f, ",\"marked\":%s,\"finding\":%s", t->marked ? "true" : "false", confirmed(t) ? "true" : "false");
        if (t->rep >= 0) {
            fprintf(f, ",\"replication\":{\"estimate\":"); json_num(f, t->rep_est);
            fprintf(f, ",\"p\":"); json_num(f, t->rep_p);
            fprintf(f, ",\"q\":"); json_num(f, t->rep_q);
            fprintf(f, ",\"repeats\":%s}", t->rep ? "true" : "false");
        }
        fputc('}', f);
    }
    fprintf(f, "]}\n");
}

/* ---- The command ------------------------------------------------------------------------------ */

static void rp_free(rp *r)
{
    free(r->cmp); free(r->gm); free(r->st); free(r->base); free(r->cbal); free(r->skill); free(r->t); free(r->spec);
    if (r->have_tc) tc_report_free(&r->tc);
    if (r->have_al) al_free(&r->al);
}

static int setup_cmp(rp *r, rp_cmp *c, const char *a, const char *b, const char *name, int amb)
{
    char err[256];
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "%s", name);
    c->amb = amb;
    c->variant = amb >= 0 && strstr(r->g->amb[amb].id, "-VAR-") != NULL;
    const char *sp[2] = {a, b};
    for (int s = 0; s < 2; s++)
        if (rf_side_parse(r->g, sp[s], &c->s[s], err, sizeof err) != GAME_OK) { fprintf(stderr, "rulefuzz: %s\n", err); return -1; }
    if (amb >= 0)
        for (int p = 0; p < r->g->n_profiles; p++)
            c->texts_differ |= (int)(((r->g->profiles[p].readings ^ r->g->profiles[0].readings) >> amb) & 1u);
    return 0;
}

static int write_report(rp *r, const char *dir, const char *wdir, amb_witness *wit, char *mdp, char *htp, char *jsp, size_t pn);

int rf_cmd_report(int argc, char **argv)
{
    static rp R;
    rp *r = &R;
    rp_free(r);
    memset(r, 0, sizeof *r);
    r->o = (rf_amb_opts){.games = 400, .seed = 1, .spec = "SPEC.md", .policies = "random,sensible", .jobs = 1, .blocks = 2};
    const char *pos[2];
    int got;
    if (argc == 0) {
        fprintf(stderr, "rulefuzz report: name the report: rulefuzz report ambiguities GAME (see 'rulefuzz report ambiguities --help')\n");
        return RF_EXIT_BADINPUT;
    }
    if (argc > 0 && argv[0][0] != '-' && strcmp(argv[0], "ambiguities") != 0) {
        fprintf(stderr, "rulefuzz report: unknown report '%s' (reports: ambiguities; see 'rulefuzz report ambiguities --help')\n", argv[0]);
        return RF_EXIT_BADINPUT;
    }
    int prc = rf_amb_opts_parse("report ambiguities", "GAME", "What every registered reading changes in play: how often it comes up, "
                                "who wins, length, balance, with a control, a correction, a replication and witnesses.", 1, 1,
                                argc > 0 && !strcmp(argv[0], "ambiguities") ? argc - 1 : argc,
                                argc > 0 && !strcmp(argv[0], "ambiguities") ? argv + 1 : argv, &r->o, pos + 1, 1, &got);
    if (prc) return prc > 0 ? RF_EXIT_OK : RF_EXIT_BADINPUT;
    if (argc < 1 || strcmp(argv[0], "ambiguities") != 0) {
        fprintf(stderr, "rulefuzz report: name the report: rulefuzz report ambiguities GAME (see 'rulefuzz report ambiguities --help')\n");
        return RF_EXIT_BADINPUT;
    }
    const game_engine *g = game_find(pos[1]);
    if (!g) { fprintf(stderr, "rulefuzz report ambiguities: unknown game '%s' (see 'rulefuzz report ambiguities --help')\n", pos[1]); return RF_EXIT_BADINPUT; }
    r->g = g;
    if (rf_amb_players_ok("report ambiguities", g, r->o.players)) return RF_EXIT_BADINPUT;
    if (r->o.impact_games) r->o.games = r->o.impact_games;
    r->games = r->o.games;
    r->blocks = r->o.blocks;
    blocks_of_report = r->blocks;
    char pl[256], perr[256];
    snprintf(pl, sizeof pl, "%s", r->o.policies);
    for (char *t = strtok(pl, ","); t; t = strtok(NULL, ",")) {
        if (r->npol == RP_POLICIES) { fprintf(stderr, "rulefuzz report ambiguities: --policy takes at most %d policies (see 'rulefuzz report ambiguities --help')\n", RP_POLICIES); return RF_EXIT_BADINPUT; }
        if (pol_parse(t, &r->pol[r->npol], perr, sizeof perr)) { fprintf(stderr, "rulefuzz report ambiguities: %s (see 'rulefuzz report ambiguities --help')\n", perr); return RF_EXIT_BADINPUT; }
        pol_print(&r->pol[r->npol], r->pname[r->npol], POL_NAME_MAX);
        r->npol++;
    }
    if (!r->npol) { fprintf(stderr, "rulefuzz report ambiguities: --policy needs a policy (see 'rulefuzz report ambiguities --help')\n"); return RF_EXIT_BADINPUT; }
    /* the skill gap: the last policy that is not random against the first random one (or the first) */
    r->weak = 0;
    for (int p = 0; p < r->npol; p++) if (r->pol[p].kind == POL_RANDOM) { r->weak = p; break; }
    r->strong = -1;
    for (int p = 0; p < r->npol; p++) if (p != r->weak && r->pol[p].kind != POL_RANDOM) r->strong = p;
    char err[RF_ERR_MAX] = "";
    size_t speclen = 0;
    r->spec = rf_read_file(r->o.spec, &speclen, err, sizeof err);
    if (!r->spec) { fprintf(stderr, "rulefuzz: %s\n", err); return RF_EXIT_BADINPUT; }
    {
        char texts[4096], terr[512];
        const char *slash = strrchr(r->o.spec, '/');
        snprintf(texts, sizeof texts, "%.*s%srules/texts", slash ? (int)(slash - r->o.spec) : 0, r->o.spec, slash ? "/" : "");
        r->have_tc = tc_report_load(&r->tc, g, r->o.spec, texts, terr, sizeof terr) == 0;
        if (!r->have_tc) tc_report_free(&r->tc);
        /* two texts of one game: the aligned pair each translation difference rests on */
        if (g->n_profiles >= 2 && strcmp(g->profiles[0].text, g->profiles[1].text)) {
            al_opts ao = {.spec = r->o.spec, .texts = texts};
            r->have_al = al_load(&r->al, g, g->profiles[0].name, g->profiles[1].name, &ao, terr, sizeof terr) == 0;
            if (!r->have_al) al_free(&r->al);
        }
    }
    const char *dir = r->o.out ? r->o.out : "build/reports";
    char wdir[4096];
    snprintf(wdir, sizeof wdir, "%s/witnesses-%s", dir, g->name);
    if (!rf_mkdirs(dir) || !rf_mkdirs(wdir)) { fprintf(stderr, "rulefuzz: cannot create %s\n", wdir); rp_free(r); return RF_EXIT_BADINPUT; }
    {   /* the report site, before any game is played (written again, unchanged, with the page) */
        char serr[512], sroot[4096];
        rf_site_root(r->o.spec, sroot, sizeof sroot);
        if (rf_site_write(r->o.site ? r->o.site : dir, sroot, serr, sizeof serr)) {
            fprintf(stderr, "rulefuzz: %s\n", serr);
            rp_free(r);
            return RF_EXIT_BADINPUT;
        }
    }

    /* The comparisons: every pair of profiles, every ambiguity toggled on the first profile, the control. */
    r->ncmp = g->n_profiles * (g->n_profiles - 1) / 2 + g->n_amb + 1;
    r->cmp = calloc((size_t)r->ncmp, sizeof *r->cmp);
    r->gm = calloc((size_t)r->ncmp * (size_t)r->npol * 2 * (size_t)r->games, sizeof *r->gm);
    r->st = calloc((size_t)r->ncmp * (size_t)r->npol * 2, sizeof *r->st);
    r->base = calloc((size_t)r->npol * 2 * RP_SEATS, sizeof *r->base);
    r->cbal = calloc((size_t)r->ncmp * (size_t)r->npol * 4 * RP_SEATS, sizeof *r->cbal);
    r->skill = calloc(((size_t)r->ncmp + 1) * 2, sizeof *r->skill);
    amb_witness *wit = calloc((size_t)r->ncmp, sizeof *wit);
    if (!r->cmp || !r->gm || !r->st || !r->base || !r->cbal || !r->skill || !wit) {
        fprintf(stderr, "rulefuzz: out of memory\n"); free(wit); rp_free(r); return RF_EXIT_BADINPUT;
    }
    int k = 0;
    const char *base = g->profiles[0].name;
    for (int a = 0; a < g->n_profiles; a++)
        for (int b = a + 1; b < g->n_profiles; b++) {
            char name[96];
            snprintf(name, sizeof name, "%s vs %s", g->profiles[a].name, g->profiles[b].name);
            if (setup_cmp(r, &r->cmp[k++], g->profiles[a].name, g->profiles[b].name, name, RP_PAIR)) { free(wit); rp_free(r); return RF_EXIT_BADINPUT; }
        }
    r->npairs = k;
    for (int i = 0; i < g->n_amb; i++, k++) {
        int cur = (int)((g->profiles[0].readings >> i) & 1);
        char bside[200];
        snprintf(bside, sizeof bside, "%s,%s=%s", base, g->amb[i].key, g->amb[i].reading[!cur]);
        if (setup_cmp(r, &r->cmp[k], base, bside, g->amb[i].id, i)) { free(wit); rp_free(r); return RF_EXIT_BADINPUT; }
    }
    r->control = k;
    setup_cmp(r, &r->cmp[k], base, base, "control", RP_CONTROL);
    r->cmp[k].replay = 1;

    double t0 = now();
    progress_t0 = progress_last = t0;
    progress_last = 0;
    int bad = 0;
    for (int c = 0; c < r->ncmp && !bad; c++) bad = play_block(r, c, 0);
    /* skill gaps: the profile's own game, then each comparison's second side */
    if (!bad && r->strong >= 0) {
        progress("report %s: skill gaps (%s against %s)", g->name, r->pname[r->strong], r->pname[r->weak]);
        bad = play_skill(r, base, 0, g->profiles[0].readings, SKILL(r, -1, 0));
        for (int c = 0; c < r->ncmp && !bad; c++) {
            if (c == r->control) { *SKILL(r, c, 0) = *SKILL(r, -1, 0); continue; }
            progress("report %s: skill gap %d/%d %s", g->name, c + 1, r->ncmp, r->cmp[c].name);
            bad = play_skill(r, r->cmp[c].name, 0, r->cmp[c].s[1].r, SKILL(r, c, 0));
        }
    }
    if (!bad) bad = pool_base(r, 0);
    if (!bad) bad = collect_tests(r);
    if (!bad) correct(r);
    /* the second block: the comparisons with a marked figure, and the control */
    if (!bad && r->blocks > 1) {
        for (long i = 0; i < r->nt; i++) if (r->t[i].marked && r->t[i].c >= 0) r->cmp[r->t[i].c].replay = 1;
        for (int c = 0; c < r->ncmp && !bad; c++) if (r->cmp[c].replay) bad = play_block(r, c, 1);
        if (!bad && r->strong >= 0) {
            progress("report %s: skill gaps, block 2", g->name);
            bad = play_skill(r, base, 1, g->profiles[0].readings, SKILL(r, -1, 1));
            for (int c = 0; c < r->ncmp && !bad; c++)
                if (r->cmp[c].replay && c != r->control) bad = play_skill(r, r->cmp[c].name, 1, r->cmp[c].s[1].r, SKILL(r, c, 1));
        }
        if (!bad) bad = pool_base(r, 1);
        if (!bad) replicate(r);
    }
    if (bad) {
        fprintf(stderr, "\nrulefuzz: a worker of the report's games failed (or out of memory)\n");
        free(wit); rp_free(r);
        return RF_EXIT_BADINPUT;
    }
    /* witnesses: from the first policy's paired games */
    for (int c = 0; c < r->ncmp; c++) {
        if (c == r->control) continue;
        progress("report %s: witness %d/%d %s", g->name, c + 1, r->ncmp, r->cmp[c].name);
        amb_witness_find(g, &r->pol[0], GM(r, c, 0, 0), r->games, r->cmp[c].s[0].r, r->cmp[c].s[1].r,
                         r->pol[0].kind == POL_RANDOM ? 24 : 4, &wit[c]);
    }
    if (isatty(2)) fprintf(stderr, "\n");
    r->seconds = now() - t0;
    char mdp[4200], htp[4200], jsp[4200];
    int rc = write_report(r, dir, wdir, wit, mdp, htp, jsp, sizeof mdp);
    if (rc == RF_EXIT_OK)
        printf("ambiguity report for %s: %d comparisons, %ld paired games each per policy and block, %ld tests, %ld marked "
               "(control: %ld of %ld), %.1f s\n  %s\n  %s\n  %s\n  witnesses in %s/\n",
               g->name, r->ncmp, r->games, r->nt, r->marked, r->control_marked, r->control_tests, r->seconds, mdp, htp, jsp, wdir);
    free(wit);
    rp_free(r);
    memset(r, 0, sizeof *r);
    return rc;
}

static void section_entry(rp *r, int c, const char *wdir, const char *dir, const amb_witness *wit, FILE *md, int *bad)
{
    const rp_cmp *x = &r->cmp[c];
    char deg[2000], note[1000], bal[3000], u[48];
    unit_text(r, u, sizeof u);
    if (x->amb >= 0) {
        const game_ambiguity *am = &r->g->amb[x->amb];
        fprintf(md, "<a id=\"%s\"></a>\n\n## %s (`%s`: `%s` → `%s`)\n\n", am->id, am->id, am->key, reading_of(r, x, 0), reading_of(r, x, 1));
    } else fprintf(md, "<a id=\"texts\"></a>\n\n## The texts compared: %s\n\n", x->name);
    if (degenerate(r, c, deg, sizeof deg, note, sizeof note)) fprintf(md, "**Finding:** %s\n\n", deg);
    if (note[0]) fprintf(md, "*Note:* %s\n\n", note);
    if (x->amb >= 0) {
        size_t elen = 0;
        const char *entry = rf_spec_entry(r->spec, r->g->amb[x->amb].id, &elen);
        char slug[128];
        rf_site_slug(r->g->amb[x->amb].id, strlen(r->g->amb[x->amb].id), slug, sizeof slug);
        if (entry) { fprintf(md, "[The entry in SPEC.md](%s#%s):\n\n", r->spec_href, slug); fwrite(entry, 1, elen, md); fputs("\n\n", md); }
        else fputs("(no entry in SPEC.md)\n\n", md);
    } else {
        fprintf(md, "Readings that differ:");
        for (int j = 0; j < r->g->n_amb; j++)
            if (((x->s[0].r ^ x->s[1].r) >> j) & 1)
                fprintf(md, " [%s](#%s) (`%s`: %s / %s)", r->g->amb[j].id, r->g->amb[j].id, r->g->amb[j].key,
                        r->g->amb[j].reading[(x->s[0].r >> j) & 1], r->g->amb[j].reading[(x->s[1].r >> j) & 1]);
        fprintf(md, ".\n\n");
    }
    fprintf(md, "**Impact** (A `%s`, B `%s`):\n\n", x->s[0].text, x->s[1].text);
    impact_table(r, c, md);
    fprintf(md, "**Balance** of `%s`'s own game (the profile's is in \"Balance of the profile's game\"; the seat figures are 95%% "
                "intervals, uncorrected, and a seat B moves carries its tested shift):\n\n", reading_of(r, x, 1));
    fprintf(md, balance_head, u);
    balance_rows(r, c, md);
    balance_sentence(r, c, bal, sizeof bal);
    fprintf(md, "\n%s\n\n", bal);
    if (witness_section(r, x, &wit[c], wdir, dir, md)) *bad = 1;
}

static int write_report(rp *r, const char *dir, const char *wdir, amb_witness *wit, char *mdp, char *htp, char *jsp, size_t pn)
{
    const game_engine *g = r->g;
    char *buf = NULL;
    size_t blen = 0;
    /* the report site: its stylesheet and SPEC.html (coverage/site.h) */
    char err[512], root[4096], css[8192 + 16], css_href[8192];
    const char *site = r->o.site ? r->o.site : dir;
    rf_site_root(r->o.spec, root, sizeof root);
    if (rf_site_write(site, root, err, sizeof err)) { fprintf(stderr, "rulefuzz: %s\n", err); return RF_EXIT_BADINPUT; }
    rf_site_spec_href(dir, site, NULL, r->spec_href, sizeof r->spec_href);
    snprintf(css, sizeof css, "%s/report.css", site);
    rf_site_rel(dir, css, css_href, sizeof css_href);
    FILE *md = open_memstream(&buf, &blen);
    if (!md) return RF_EXIT_BADINPUT;
    int bad = 0;
    char u[48], line[3000];
    unit_text(r, u, sizeof u);
    fprintf(md, "# Ambiguity report: %s (`%s`)\n\n", g->title, g->name);
    fprintf(md, "Where the rule texts of %s can be read two ways, what each reading does to the game: how often the question "
                "comes up at the table, whether it changes who wins, how long the game lasts and how balanced it is, with a "
                "short game that shows it. Made by `rulefuzz report ambiguities %s --games %ld --policy %s --blocks %d` in %.1f s.\n\n",
            g->title, g->name, r->games, r->o.policies, r->blocks, r->seconds);
    method_text(r, md);
    /* Calibration */
    fprintf(md, "**Calibration.** Negative control (A/A: `%s` against itself, the runs parting at a decision drawn per game "
                "among the deal and the first 63, from where each draws its own, through the same pipeline): **%ld of %ld** of "
                "its measures marked; every marked figure there would be a false discovery", g->profiles[0].name, r->control_marked,
            r->control_tests);
    if (r->control_marked && r->blocks > 1) {
        long rep = 0;
        for (long i = 0; i < r->nt; i++) rep += r->t[i].c == r->control && r->t[i].kind == RP_T_EFFECT && r->t[i].rep == 1;
        fprintf(md, " (%ld of them repeat on other deals)", rep);
    }
    fprintf(md, ". In all %ld tests, %ld marked", r->nt, r->marked);
    if (r->blocks > 1) fprintf(md, "; of the %ld marked figures replicated on other deals, %ld repeat", r->replicated, r->repeats);
    fprintf(md, ".\n\n");

    /* The publisher's summary */
    int n_rank = 0;
    rp_rank *rank = calloc((size_t)r->ncmp, sizeof *rank);
    if (!rank) { fclose(md); free(buf); return RF_EXIT_BADINPUT; }
    for (int c = 0; c < r->ncmp; c++) if (c != r->control) rank_of(r, c, &rank[n_rank++]);
    qsort(rank, (size_t)n_rank, sizeof *rank, cmp_rank);
    fprintf(md, "## Summary for publishers\n\n");
    {
        int nf = 0;
        for (int i = 0; i < n_rank; i++) {
            char deg[2000];
            const rp_cmp *x = &r->cmp[rank[i].c];
            if (!degenerate(r, rank[i].c, deg, sizeof deg, NULL, 0)) continue;
            if (!nf++) fprintf(md, "### Readings that break the game\n\n");
            fprintf(md, "- **[%s](#%s)**: %s\n", x->name, x->amb >= 0 ? x->name : "texts", deg);
        }
        if (nf) fprintf(md, "\n");
    }
    fprintf(md, "### What changes who wins or how the game goes\n\n"
                "The effects marked after correction that repeat on other deals, in the order of their size: first those that "
                "change who wins (beyond chance), then the advantage of the first or last seat, then scores, length and "
                "completion (by the size of the change against the measure's spread; correlated measures count once, by the "
                "largest). Each with the sentences it rests on, one line per reading, the difference, and how often it comes "
                "up.\n\n");
    int listed = 0;
    for (int i = 0; i < n_rank; i++) {
        const rp_cmp *x = &r->cmp[rank[i].c];
        if (rank[i].group > 2 || x->variant) continue;
        char deg[2000];
        const char *grp = rank[i].group == 0 ? "changes who wins" : rank[i].group == 1 ? "changes a seat's chances" : "changes scores or length";
        if (x->amb >= 0)
            fprintf(md, "- **%d. [%s](#%s)** (`%s`: `%s` → `%s`)%s: %s.\n", ++listed, x->name, x->name, g->amb[x->amb].key, reading_of(r, x, 0),
                    reading_of(r, x, 1), x->texts_differ ? ", the texts differ" : "", grp);
        else fprintf(md, "- **%d. [The texts compared: %s](#texts)**: %s.\n", ++listed, x->name, grp);
        if (degenerate(r, rank[i].c, deg, sizeof deg, NULL, 0)) fprintf(md, "  - **Finding:** %s\n", deg);
        texts_of(r, x, md);
        effects_lines(r, rank[i].c, md);
        comes_up_text(r, rank[i].c, line, sizeof line);
        fprintf(md, "  - Comes up: %s.\n", line);
    }
    if (!listed) fprintf(md, "No entry shows a marked effect on who wins, a seat's chances, the scores or the length.\n");
    fprintf(md, "\n");
    /* variants */
    int nvar = 0;
    for (int i = 0; i < n_rank; i++) nvar += r->cmp[rank[i].c].variant;
    if (nvar) {
        fprintf(md, "### Variants\n\nRules a text offers as a variant, not an ambiguity: what switching them on does.\n\n");
        for (int i = 0; i < n_rank; i++) {
            const rp_cmp *x = &r->cmp[rank[i].c];
            if (!x->variant) continue;
            fprintf(md, "- **[%s](#%s)** (`%s`: `%s` → `%s`)\n", x->name, x->name, g->amb[x->amb].key, reading_of(r, x, 0), reading_of(r, x, 1));
            effects_lines(r, rank[i].c, md);
        }
        fprintf(md, "\n");
    }
    /* the ones with no marked effect */
    fprintf(md, "### No detectable effect\n\nNo effect marked after correction that repeats on other deals.\n\n");
    int none = 0;
    for (int i = 0; i < n_rank; i++) {
        const rp_cmp *x = &r->cmp[rank[i].c];
        if (rank[i].group <= 2 || x->variant) continue;
        comes_up_text(r, rank[i].c, line, sizeof line);
        char deg[2000];
        int d = degenerate(r, rank[i].c, deg, sizeof deg, NULL, 0);
        int once = 0;
        for (long t = 0; t < r->nt; t++) once += r->t[t].c == rank[i].c && r->t[t].marked && !confirmed(&r->t[t]);
        fprintf(md, "- [%s](#%s)%s: comes up %s.%s%s%s\n", x->name, x->amb >= 0 ? x->name : "texts", x->texts_differ ? " (the texts differ)" : "", line,
                once ? " Marked once, not repeated on other deals: see its section." : "", d ? " **Finding:** " : "", d ? deg : "");
        none++;
    }
    if (!none) fprintf(md, "Every entry shows an effect that repeats.\n");
    fprintf(md, "\n### How often each comes up\n\n| entry | readings |");
    for (int p = 0; p < r->npol; p++) fprintf(md, " %s: the deals differ | %s: at the table | first (median) |", r->pname[p], r->pname[p]);
    fprintf(md, " decision relevance |\n|---|---|");
    for (int p = 0; p < r->npol; p++) fprintf(md, "---|---|---|");
    fprintf(md, "---|\n");
    for (int i = 0; i < n_rank; i++) {
        int c = rank[i].c;
        const rp_cmp *x = &r->cmp[c];
        fprintf(md, "| [%s](#%s) | `%s` → `%s` |", x->name, x->amb >= 0 ? x->name : "texts", reading_of(r, x, 0), reading_of(r, x, 1));
        int relp = -1;
        for (int p = 0; p < r->npol; p++) {
            const amb_stats *s = ST(r, c, p, 0);
            char w[64] = "-";
            if (s->shown.x) when_text(r, s->median_shown_units, w, sizeof w);
            fprintf(md, " %.1f%% | %.1f%% [%.1f, %.1f] | %s |", 100 * s->deal.p, 100 * s->shown.p, 100 * s->shown.lo, 100 * s->shown.hi, w);
            if (s->relevance.n && relp < 0) relp = p;
        }
        if (relp >= 0) {
            const stat_rate *rel = &ST(r, c, relp, 0)->relevance;
            fprintf(md, " %s: %ld of %ld games (%.1f%%) |\n", r->pname[relp], rel->x, rel->n, 100 * rel->p);
        } else fprintf(md, " - |\n");
    }
    fprintf(md, "\n");

    /* Completion */
    fprintf(md, "## Completion\n\nThe share of games that end within the cap of %d decisions, per reading and policy, where it is "
                "below 100%% (every game counts in every figure: an unfinished one has no winner and its length at the cap).\n\n", AMB_MAX_MOVES);
    int nc = 0;
    for (int c = 0; c < r->ncmp; c++)
        for (int p = 0; p < r->npol; p++) {
            const amb_stats *s = ST(r, c, p, 0);
            if (s->side[0].ended == s->games && s->side[1].ended == s->games) continue;
            if (!nc++) fprintf(md, "| entry | policy | A ended | B ended |\n|---|---|---|---|\n");
            fprintf(md, "| %s | %s | `%s` %ld of %ld (%.1f%%) | `%s` %ld of %ld (%.1f%%) |\n", r->cmp[c].name, r->pname[p], reading_of(r, &r->cmp[c], 0),
                    s->side[0].ended, s->games, 100 * s->side[0].done.p, reading_of(r, &r->cmp[c], 1), s->side[1].ended, s->games, 100 * s->side[1].done.p);
        }
    fprintf(md, "%s\n", nc ? "" : "Every game of every reading ended.\n");

    /* The profile's own balance */
    fprintf(md, "## Balance of the profile's game\n\nThe `%s` profile's own game, from the first side of every comparison "
                "(%ld games per policy, on deals of their own), per player count: Ludii's ruleset metrics in the game's terms, "
                "completion (ended), duration (length in %s), advantage (each seat's win share less its fair share 1/players; a "
                "k-way shared win counts 1/k), drawishness (shared wins) and tie-breaks (the best total tied and a rule naming "
                "fewer winners); the skill gap is %s's mean win share less %s's at one table, seats rotated (%ld games).\n\n",
            g->profiles[0].name, (long)r->ncmp * r->games, u, r->strong >= 0 ? r->pname[r->strong] : "-", r->pname[r->weak],
            r->o.skill_games ? r->o.skill_games : r->games);
    fprintf(md, balance_head, u);
    balance_rows(r, -1, md);
    fprintf(md, "\n");

    /* The entries, in the summary's order, the texts first */
    for (int c = 0; c < r->npairs; c++) section_entry(r, c, wdir, dir, wit, md, &bad);
    for (int i = 0; i < n_rank; i++) if (rank[i].c >= r->npairs) section_entry(r, rank[i].c, wdir, dir, wit, md, &bad);
    /* the control's own table */
    fprintf(md, "<a id=\"control\"></a>\n\n## The negative control\n\n`%s` against itself, the second run's draws its own from the "
                "deal on: what the pipeline reports when nothing differs.\n\n", g->profiles[0].name);
    impact_table(r, r->control, md);
    translation_gaps(r, md);
    free(rank);
    if (fclose(md) != 0) { free(buf); return RF_EXIT_BADINPUT; }

    snprintf(mdp, pn, "%s/ambiguities-%s.md", dir, g->name);
    snprintf(htp, pn, "%s/ambiguities-%s.html", dir, g->name);
    snprintf(jsp, pn, "%s/ambiguities-%s.json", dir, g->name);
    FILE *fm = fopen(mdp, "w"), *fh = fopen(htp, "w"), *fj = fopen(jsp, "w");
    if (!fm || !fh || !fj) {
        fprintf(stderr, "rulefuzz: cannot write in %s\n", dir);
        if (fm) fclose(fm);
        if (fh) fclose(fh);
        if (fj) fclose(fj);
        free(buf);
        return RF_EXIT_BADINPUT;
    }
    fwrite(buf, 1, blen, fm);
    char title[160];
    snprintf(title, sizeof title, "Ambiguity report: %s", g->title);
    rf_md_to_html(fh, buf, title, css_href, 0);
    write_json(r, fj);
    bad |= ferror(fm) || ferror(fh) || ferror(fj);
    bad |= fclose(fm) != 0;
    bad |= fclose(fh) != 0;
    bad |= fclose(fj) != 0;
    free(buf);
    if (bad) fprintf(stderr, "rulefuzz: cannot write the report in %s\n", dir);
    return bad ? RF_EXIT_BADINPUT : RF_EXIT_OK;
}
