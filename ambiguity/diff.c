/* diff.c: where two readings of the rules part: lockstep games, their witnesses, `rulefuzz diff`. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "diff.h"
#include "common.h"
#include "impact.h"
#include "../records/record.h"

const char *const rf_kind_name[RF_KINDS] = {"state", "legal moves", "scores", "winner"};

typedef struct { unsigned char b[GAME_STATE_MAX] __attribute__((aligned(16))); } st_buf;

void rf_diff_play(const game_engine *g, int players, uint64_t seed, const uint8_t *bytes, size_t n,
                  uint32_t ra, uint32_t rb, rf_diff_game *out, game_move *log_a, game_move *log_b)
{
    st_buf s[2];
    game_move la[GAME_MAX_MOVES], lb[GAME_MAX_MOVES];
    game_config ca = {players, ra}, cb = {players, rb};
    memset(out, 0, sizeof *out);
    out->state_at = out->legal_at = -1;
    g->setup_seed(s[0].b, &ca, seed);
    g->setup_seed(s[1].b, &cb, seed);
    if (!g->same_play(s[0].b, s[1].b)) out->state_at = 0;
    size_t pos = 0;
    long step = 0;
    for (;;) {
        int na = g->legal_moves(s[0].b, la, GAME_MAX_MOVES);
        int nb = g->legal_moves(s[1].b, lb, GAME_MAX_MOVES);
        if (na == 0 && nb == 0) break;
        step++;
        if (out->legal_at < 0 && !game_moves_eq(la, na, lb, nb)) out->legal_at = step;
        unsigned r = 0;
        if (pos < n) {
            r = bytes[pos++];
            if ((na > 256 || nb > 256) && pos < n) r = r << 8 | bytes[pos++];
        }
        if (na) { g->apply(s[0].b, &la[r % (unsigned)na]); if (log_a) log_a[out->moves[0]] = la[r % (unsigned)na]; out->moves[0]++; }
        if (nb) { g->apply(s[1].b, &lb[r % (unsigned)nb]); if (log_b) log_b[out->moves[1]] = lb[r % (unsigned)nb]; out->moves[1]++; }
        if (out->state_at < 0 && !g->same_play(s[0].b, s[1].b)) out->state_at = step;
        if (step >= RF_MAX_GAME_MOVES) break;
    }
    int ea = g->result(s[0].b, out->scores[0], &out->winners[0]) == GAME_OK;
    int eb = g->result(s[1].b, out->scores[1], &out->winners[1]) == GAME_OK;
    if (ea && eb) {
        out->scores_differ = memcmp(out->scores[0], out->scores[1], sizeof(int) * (size_t)players) != 0;
        out->winner_differ = out->winners[0] != out->winners[1];
    }
}

int rf_diff_has(const rf_diff_game *d, int kind)
{
    switch (kind) {
    case RF_KIND_STATE: return d->state_at >= 0;
    case RF_KIND_LEGAL: return d->legal_at >= 0;
    case RF_KIND_SCORES: return d->scores_differ;
    default: return d->winner_differ;
    }
}

/* How long a game takes to show `kind`: the divergence point, or the whole game for outcomes. */
static long diff_length(const rf_diff_game *d, int kind)
{
    if (kind == RF_KIND_STATE) return d->state_at;
    if (kind == RF_KIND_LEGAL) return d->legal_at;
    return d->moves[0] > d->moves[1] ? d->moves[0] : d->moves[1];
}

/* ---- One comparison: N games, counts, the shortest witness of the most telling kind ------ */

typedef struct rf_witness {
    int found;
    int players;
    uint64_t seed;
    uint8_t bytes[RF_DIFF_BYTES];
    size_t n;
    long length;
    rf_diff_game d;
} rf_witness;

typedef struct rf_cmp {
    char name[64];                 /* ambiguity ID or "nl vs en" */
    rf_side s[2];                  /* the two sides as written in records: "nl", "nl,milk-round=up" */
    int amb;                       /* ambiguity index, -1 for a profile pair */
    long games;
    long count[RF_KINDS];
    rf_witness w[RF_KINDS];
    int kind;                      /* the headline: most telling kind seen, -1 none */
    double seconds;
} rf_cmp;

static void game_bytes(uint64_t seed, uint8_t *b)
{
    uint64_t s = seed ^ 0xd1ffd1ffd1ffull;
    for (int i = 0; i < RF_DIFF_BYTES; i += 8) {
        uint64_t v = game_rng_next(&s);
        memcpy(b + i, &v, 8);
    }
}

static int keep_witness(const rf_witness *w, const rf_diff_game *d, int kind, int players)
{
    if (!w->found) return 1;
    long l = diff_length(d, kind);
    return l < w->length || (l == w->length && players < w->players);
}

static void compare(const game_engine *g, rf_cmp *c, long games, int players, uint64_t seed0)
{
    uint8_t bytes[RF_DIFF_BYTES];
    int span = g->max_players - g->min_players + 1;
    clock_t t0 = clock();
    c->games = games;
    for (long k = 0; k < games; k++) {
        int p = players ? players : g->min_players + (int)(k % span);
        uint64_t seed = seed0 + (uint64_t)k;
        rf_diff_game d;
        game_bytes(seed, bytes);
        rf_diff_play(g, p, seed, bytes, RF_DIFF_BYTES, c->s[0].r, c->s[1].r, &d, NULL, NULL);
        for (int kind = 0; kind < RF_KINDS; kind++) {
            if (!rf_diff_has(&d, kind)) continue;
            c->count[kind]++;
            rf_witness *w = &c->w[kind];
            if (keep_witness(w, &d, kind, p)) {
                w->found = 1; w->players = p; w->seed = seed; w->n = RF_DIFF_BYTES;
                memcpy(w->bytes, bytes, RF_DIFF_BYTES);
                w->length = diff_length(&d, kind);
                w->d = d;
            }
        }
    }
    c->kind = -1;
    for (int kind = 0; kind < RF_KINDS; kind++) if (c->count[kind]) c->kind = kind;
    c->seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
}

/* Shrink the headline witness: fewer players, a shorter decision stream, zero bytes, and other
 * small choices that show the same kind of difference sooner. */
static void shrink_witness(const game_engine *g, rf_cmp *c)
{
    if (c->kind < 0) return;
    int kind = c->kind;
    rf_witness *w = &c->w[kind];
    rf_witness t = *w;
    rf_diff_game d;
    int budget = 2500;
#define TRY(accept_stmt) do { \
        rf_diff_play(g, t.players, t.seed, t.bytes, t.n, c->s[0].r, c->s[1].r, &d, NULL, NULL); budget--; \
        if (rf_diff_has(&d, kind) && diff_length(&d, kind) <= w->length) { \
            t.d = d; t.length = diff_length(&d, kind); *w = t; accept_stmt; } else t = *w; } while (0)
    for (int p = g->min_players; p < w->players && budget > 0; p++) { t.players = p; TRY(break); }
    /* the stream need not outlast the game */
    long used = (w->d.moves[0] > w->d.moves[1] ? w->d.moves[0] : w->d.moves[1]) * 2;
    if ((size_t)used < w->n) { t.n = (size_t)used; TRY((void)0); }
    for (size_t chunk = w->n / 2; chunk >= 1 && budget > 0; chunk /= 2) {
        for (size_t at = 0; at + chunk <= w->n && budget > 0;) {
            memmove(t.bytes + at, t.bytes + at + chunk, w->n - at - chunk);
            t.n = w->n - chunk;
            size_t before = w->n;
            TRY((void)0);
            if (w->n == before) at += chunk;
        }
        if (chunk == 1) break;
    }
    for (size_t at = 0; at < w->n && budget > 0; at++) {
        if (!w->bytes[at]) continue;
        t.bytes[at] = 0;
        TRY((void)0);
    }
    for (int improved = 1; improved && budget > 0;) {
        improved = 0;
        for (size_t at = 0; at < w->n && at < (size_t)w->length * 2 && !improved && budget > 0; at++)
            for (uint8_t v = 1; v <= 5 && !improved && budget > 0; v++) {
                if (t.bytes[at] == v) continue;
                long before = w->length;
                t.bytes[at] = v;
                TRY((void)0);
                if (w->length < before) improved = 1;
            }
    }
#undef TRY
}

/* ---- Output helpers --------------------------------------------------------------------- */

static void rate_text(char *out, size_t n, long x, long games)
{
    stat_rate r;
    stat_rate_of(x, games, &r);
    snprintf(out, n, "%ld (%.2f%%, 95%% CI %.2f-%.2f%%)", x, 100.0 * r.p, 100 * r.lo, 100 * r.hi);
}

/* ---- Witness records -------------------------------------------------------------------- */

/* The record header of one side of a comparison: its game, players, profile and readings. */
static void side_header(const game_engine *g, const rf_cmp *c, int side, int players, rf_header *h)
{
    memset(h, 0, sizeof *h);
    h->g = g;
    h->cfg.players = players;
    h->cfg.readings = c->s[side].r;
    snprintf(h->profile, sizeof h->profile, "%s", c->s[side].profile);
    snprintf(h->readings, sizeof h->readings, "%s", c->s[side].readings);
}

/* Replay one side of a witness and write it as a record with its expected Result. */
static int write_witness(const game_engine *g, const rf_cmp *c, int side, const char *path)
{
    const rf_witness *w = &c->w[c->kind];
    static game_move log[2][RF_MAX_GAME_MOVES];
    rf_diff_game d;
    rf_diff_play(g, w->players, w->seed, w->bytes, w->n, c->s[0].r, c->s[1].r, &d, log[0], log[1]);
    rf_header h;
    side_header(g, c, side, w->players, &h);
    h.has_seed = 1;
    h.seed = w->seed;
    if (g->to_move != NULL && d.moves[side] > 0) {
        h.has_result = w->players;
        memcpy(h.result, d.scores[side], sizeof(int) * (size_t)w->players);
    }
    st_buf st;
    g->setup_seed(st.b, &h.cfg, w->seed);
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    char comment[1024], where[64];
    long at = d.state_at >= 0 ? d.state_at : d.legal_at;
    if (at > 0) snprintf(where, sizeof where, "from move %ld on", at);
    else snprintf(where, sizeof where, "%s", at == 0 ? "from the deal on" : "only in the final scoring");
    snprintf(comment, sizeof comment,
             "witness of %s: the same decisions under '%s' and '%s' differ (%s) %s; "
             "this is the '%s' side. Made by rulefuzz report/diff.",
             c->name, c->s[0].text, c->s[1].text, rf_kind_name[c->kind], where, c->s[side].text);
    int rc = rf_record_write(f, &h, st.b, log[side], d.moves[side], comment);
    return fclose(f) == 0 ? rc : -1;
}

static int setup_cmp(const game_engine *g, rf_cmp *c, const char *a, const char *b, const char *name, int amb)
{
    char err[256];
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "%s", name);
    c->amb = amb;
    const char *sp[2] = {a, b};
    for (int s = 0; s < 2; s++) {
        if (rf_side_parse(g, sp[s], &c->s[s], err, sizeof err) != GAME_OK) {
            fprintf(stderr, "rulefuzz: %s\n", err);
            return -1;
        }
    }
    return 0;
}

static void print_cmp(const rf_cmp *c)
{
    char t[96];
    printf("%s: '%s' vs '%s', %ld games (%.1fs)\n", c->name, c->s[0].text, c->s[1].text, c->games, c->seconds);
    for (int k = RF_KINDS - 1; k >= 0; k--) {
        rate_text(t, sizeof t, c->count[k], c->games);
        printf("  %-12s changed in %s\n", rf_kind_name[k], t);
    }
}

/* Write a comparison's witness records (if any) into dir; names returned in a/b. */
static int witness_files(const game_engine *g, const rf_cmp *c, const char *dir, char *a, char *b, size_t n)
{
    a[0] = b[0] = 0;
    if (c->kind < 0) return 0;
    char safe[64];
    snprintf(safe, sizeof safe, "%s", c->name);
    for (char *p = safe; *p; p++) if (*p == ' ') *p = '-';
    snprintf(a, n, "%s/%s.%s.rec", dir, safe, c->s[0].text);
    snprintf(b, n, "%s/%s.%s.rec", dir, safe, c->s[1].text);
    for (char *p = a + strlen(dir) + 1; *p; p++) if (*p == '=' || *p == ',') *p = '_';
    for (char *p = b + strlen(dir) + 1; *p; p++) if (*p == '=' || *p == ',') *p = '_';
    if (write_witness(g, c, 0, a) || write_witness(g, c, 1, b)) {
        fprintf(stderr, "rulefuzz: cannot write the witness records in %s\n", dir);
        return -1;
    }
    return 0;
}

/* rulefuzz diff --policy: the paired games' measures of each comparison run, under each policy, with
 * Benjamini-Hochberg over every test the run makes (printed after the lockstep figures). */
typedef struct { char name[64]; char pol[POL_NAME_MAX]; amb_stats st; } diff_row;

static int diff_impact(const game_engine *g, const rf_amb_opts *o, const rf_cmp *c, diff_row **rows, int *nrows)
{
    long games = o->impact_games ? o->impact_games : (o->games < 2000 ? o->games : 2000);
    amb_game *x = calloc((size_t)games, sizeof *x);
    if (!x) return -1;
    char pl[256], perr[256];
    snprintf(pl, sizeof pl, "%s", o->policies);
    for (char *t = strtok(pl, ","); t; t = strtok(NULL, ",")) {
        pol_spec pol;
        if (pol_parse(t, &pol, perr, sizeof perr)) continue;
        if (amb_play_many(g, &pol, o->players, o->seed, amb_salt(c->name, 0), games, c->s[0].r, c->s[1].r, AMB_NULL, o->jobs, x)) {
            free(x);
            return -1;
        }
        diff_row *r = realloc(*rows, sizeof **rows * (size_t)(*nrows + 1));
        if (!r) { free(x); return -1; }
        *rows = r;
        snprintf(r[*nrows].name, sizeof r[*nrows].name, "%s", c->name);
        pol_print(&pol, r[*nrows].pol, sizeof r[*nrows].pol);
        amb_stats_of(g, x, games, &r[*nrows].st);
        (*nrows)++;
    }
    free(x);
    return 0;
}

static void diff_impact_print(const game_engine *g, diff_row *rows, int nrows)
{
    long m = (long)nrows * AMB_MEASURES;
    double *p = malloc(sizeof *p * (size_t)(m + 1)), *q = malloc(sizeof *q * (size_t)(m + 1));
    if (!p || !q) { free(p); free(q); return; }
    long tests = 0;
    for (int i = 0; i < nrows; i++)
        for (int k = 0; k < AMB_MEASURES; k++) { p[i * AMB_MEASURES + k] = rows[i].st.p[k]; tests += !isnan(rows[i].st.p[k]); }
    stat_bh(p, m, q);
    printf("impact: paired games (the same deal and draws under both sides; each side's null replayed from the parting point),\n"
           "B - A, marked * when q <= 0.05 (Benjamini-Hochberg over the %ld tests of this run):\n", tests);
    for (int i = 0; i < nrows; i++) {
        const amb_stats *s = &rows[i].st;
        printf("  %s, %s, %ld paired games: question at the table in %.1f%% of games (a different deal in %.1f%%); "
               "ended %ld/%ld and %ld/%ld\n", rows[i].name, rows[i].pol, s->games, 100 * s->shown.p, 100 * s->deal.p,
               s->side[0].ended, s->games, s->side[1].ended, s->games);
        for (int k = 0; k < AMB_MEASURES; k++) {
            if (isnan(rows[i].st.p[k])) continue;
            const stat_mean *e = &s->effect[k];
            char name[80];
            amb_measure_text(g, k, s->extra_name, name, sizeof name);
            printf("    %-28s %+9.3f [%+.3f, %+.3f]  n %-5ld p %.2g q %.2g%s\n", name, e->mean, e->lo, e->hi, e->n,
                   rows[i].st.p[k], q[i * AMB_MEASURES + k], q[i * AMB_MEASURES + k] <= 0.05 ? " *" : "");
        }
    }
    free(p);
    free(q);
}

int rf_cmd_diff(int argc, char **argv)
{
    rf_amb_opts o = {.games = 10000, .seed = 1, .jobs = 1, .blocks = 2};
    const char *pos[3];
    int got;
    int prc = rf_amb_opts_parse("diff", "GAME A B", "Play the same decisions under readings A and B (a profile, 'nl,key=reading' or "
                                "'key=reading'): where and how often they part; --policy adds the paired measures.", 3, 3, argc, argv, &o, pos, 3, &got);
    if (prc) return prc > 0 ? RF_EXIT_OK : RF_EXIT_BADINPUT;
    const game_engine *g = game_find(pos[0]);
    if (!g) { fprintf(stderr, "rulefuzz diff: unknown game '%s' (see 'rulefuzz diff --help')\n", pos[0]); return RF_EXIT_BADINPUT; }
    if (o.policies) {
        char pl[256], perr[256];
        pol_spec ps;
        snprintf(pl, sizeof pl, "%s", o.policies);
        for (char *t = strtok(pl, ","); t; t = strtok(NULL, ","))
            if (pol_parse(t, &ps, perr, sizeof perr)) { fprintf(stderr, "rulefuzz diff: %s (see 'rulefuzz diff --help')\n", perr); return RF_EXIT_BADINPUT; }
    }
    if (rf_amb_players_ok("diff", g, o.players)) return RF_EXIT_BADINPUT;
    static rf_cmp all, one;
    diff_row *rows = NULL;
    int nrows = 0, rc = RF_EXIT_OK;
    char name[128];
    snprintf(name, sizeof name, "%s vs %s", pos[1], pos[2]);
    if (setup_cmp(g, &all, pos[1], pos[2], name, -1)) return RF_EXIT_BADINPUT;
    const char *dir = o.out ? o.out : "build/diff";
    if (!rf_mkdirs(dir)) { fprintf(stderr, "rulefuzz: cannot create %s\n", dir); return RF_EXIT_BADINPUT; }
    compare(g, &all, o.games, o.players, o.seed);
    shrink_witness(g, &all);
    print_cmp(&all);
    if (o.policies && diff_impact(g, &o, &all, &rows, &nrows)) rc = RF_EXIT_BADINPUT;
    char a[4096], b[4096];
    if (witness_files(g, &all, dir, a, b, sizeof a)) rc = RF_EXIT_BADINPUT;
    if (a[0]) printf("  witness (%s, %ld moves): %s  %s\n", rf_kind_name[all.kind], all.w[all.kind].length, a, b);
    /* each ambiguity on which the two sides differ, alone */
    uint32_t delta = all.s[0].r ^ all.s[1].r;
    for (int i = 0; i < g->n_amb && rc == RF_EXIT_OK; i++) {
        if (!((delta >> i) & 1)) continue;
        char bside[400];
        snprintf(bside, sizeof bside, "%s,%s=%s", all.s[0].text, g->amb[i].key, g->amb[i].reading[(all.s[1].r >> i) & 1]);
        if (setup_cmp(g, &one, all.s[0].text, bside, g->amb[i].id, i)) { rc = RF_EXIT_BADINPUT; break; }
        compare(g, &one, o.games, o.players, o.seed);
        shrink_witness(g, &one);
        print_cmp(&one);
        if (o.policies && diff_impact(g, &o, &one, &rows, &nrows)) rc = RF_EXIT_BADINPUT;
        if (witness_files(g, &one, dir, a, b, sizeof a)) rc = RF_EXIT_BADINPUT;
        if (a[0]) printf("  witness (%s, %ld moves): %s  %s\n", rf_kind_name[one.kind], one.w[one.kind].length, a, b);
    }
    if (nrows) diff_impact_print(g, rows, nrows);
    free(rows);
    return rc;
}
