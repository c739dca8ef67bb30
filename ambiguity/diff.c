/* diff.c: where two readings of the rules part: lockstep games, impact figures, witnesses, reports. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "diff.h"
#include "../coverage/textcov.h"
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
    char side[2][256];             /* the two sides as written in records: "nl", "nl,milk-round=up" */
    char profile[2][32], readings[2][256];
    uint32_t r[2];
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
        rf_diff_play(g, p, seed, bytes, RF_DIFF_BYTES, c->r[0], c->r[1], &d, NULL, NULL);
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
        rf_diff_play(g, t.players, t.seed, t.bytes, t.n, c->r[0], c->r[1], &d, NULL, NULL); budget--; \
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

/* ---- Sides ---------------------------------------------------------------------------- */

/* "nl", "nl,key=reading,...", or "key=reading,..." (on the first profile). */
static int parse_side(const game_engine *g, const char *spec, uint32_t *r, char *profile, char *readings,
                      char *err, size_t errlen)
{
    const char *comma = strchr(spec, ',');
    size_t first = comma ? (size_t)(comma - spec) : strlen(spec);
    if (memchr(spec, '=', first)) {
        snprintf(profile, 32, "%s", g->profiles[0].name);
        snprintf(readings, 256, "%s", spec);
    } else {
        snprintf(profile, 32, "%.*s", (int)(first < 31 ? first : 31), spec);
        snprintf(readings, 256, "%s", comma ? comma + 1 : "");
    }
    return game_readings_parse(g, profile, readings, r, err, errlen);
}

static void side_text(char *out, size_t n, const char *profile, const char *readings)
{
    snprintf(out, n, "%s%s%s", profile, readings[0] ? "," : "", readings);
}

/* ---- Output helpers --------------------------------------------------------------------- */

static void wilson(long x, long n, double *lo, double *hi)
{
    if (n == 0) { *lo = *hi = 0; return; }
    double z = 1.96, p = (double)x / (double)n, nn = (double)n;
    double den = 1 + z * z / nn, ctr = (p + z * z / (2 * nn)) / den;
    double half = z * sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / den;
    *lo = ctr - half < 0 ? 0 : ctr - half;
    *hi = ctr + half > 1 ? 1 : ctr + half;
}

static void rate_text(char *out, size_t n, long x, long games)
{
    double lo, hi;
    wilson(x, games, &lo, &hi);
    snprintf(out, n, "%ld (%.2f%%, 95%% CI %.2f-%.2f%%)", x, 100.0 * (double)x / (double)(games ? games : 1),
             100 * lo, 100 * hi);
}

/* A rate for an HTML cell: the share first, then its interval and the count, smaller. */
static int mkdirs(const char *path)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') { *p = 0; mkdir(tmp, 0755); *p = '/'; }
    return mkdir(tmp, 0755) == 0 || errno == EEXIST;
}

/* ---- Witness records -------------------------------------------------------------------- */

/* The record header of one side of a comparison: its game, players, profile and readings. */
static void side_header(const game_engine *g, const rf_cmp *c, int side, int players, rf_header *h)
{
    memset(h, 0, sizeof *h);
    h->g = g;
    h->cfg.players = players;
    h->cfg.readings = c->r[side];
    snprintf(h->profile, sizeof h->profile, "%s", c->profile[side]);
    snprintf(h->readings, sizeof h->readings, "%s", c->readings[side]);
}

/* Replay one side of a witness and write it as a record with its expected Result. */
static int write_witness(const game_engine *g, const rf_cmp *c, int side, const char *path)
{
    const rf_witness *w = &c->w[c->kind];
    static game_move log[2][RF_MAX_GAME_MOVES];
    rf_diff_game d;
    rf_diff_play(g, w->players, w->seed, w->bytes, w->n, c->r[0], c->r[1], &d, log[0], log[1]);
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
             c->name, c->side[0], c->side[1], rf_kind_name[c->kind], where, c->side[side]);
    int rc = rf_record_write(f, &h, st.b, log[side], d.moves[side], comment);
    return fclose(f) == 0 ? rc : -1;
}

/* ---- SPEC.md: the register entries' quotes and readings -------------------------------- */

/* The body of "### ID" in spec (up to the next heading), or NULL. Points into spec. */
static const char *spec_entry(const char *spec, const char *id, size_t *len)
{
    char head[96];
    snprintf(head, sizeof head, "\n### %s\n", id);
    const char *p = spec ? strstr(spec, head) : NULL;
    if (!p) return NULL;
    p += strlen(head);
    const char *e = p;
    while (*e && !(e[0] == '\n' && e[1] == '#')) e++;
    *len = (size_t)(e - p);
    return p;
}

static void html_text(FILE *f, const char *s, size_t n)
{
    int code = 0, bold = 0;
    for (size_t i = 0; i < n; i++) {
        char ch = s[i];
        if (ch == '`') { fputs(code ? "</code>" : "<code>", f); code = !code; }
        else if (ch == '*' && i + 1 < n && s[i + 1] == '*') { fputs(bold ? "</b>" : "<b>", f); bold = !bold; i++; }
        else if (ch == '<') fputs("&lt;", f);
        else if (ch == '>') fputs("&gt;", f);
        else if (ch == '&') fputs("&amp;", f);
        else fputc(ch, f);
    }
    if (code) fputs("</code>", f);
    if (bold) fputs("</b>", f);
}

/* The entry's bullet items as an HTML list (sub-bullets kept as lines). */
static void html_spec_items(FILE *f, const char *body, size_t len)
{
    fputs("<ul class=\"spec\">", f);
    const char *p = body, *end = body + len;
    int open = 0;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
        if (l >= 2 && p[0] == '-' && p[1] == ' ') {
            if (open) fputs("</li>", f);
            fputs("<li>", f); html_text(f, p + 2, l - 2); open = 1;
        } else if (l > 0 && open) {
            const char *q = p;
            while (q < p + l && *q == ' ') q++;
            if (q[0] == '-' && q[1] == ' ') { fputs("<br>&bull; ", f); html_text(f, q + 2, (size_t)(p + l - q - 2)); }
            else { fputc(' ', f); html_text(f, q, (size_t)(p + l - q)); }
        }
        p += l + 1;
    }
    if (open) fputs("</li>", f);
    fputs("</ul>\n", f);
}

/* ---- Rendering a witness move by move ----------------------------------------------------- */

static void html_pre(FILE *f, const char *s)
{
    fputs("<pre>", f);
    html_text(f, s, strlen(s));
    fputs("</pre>", f);
}

static void scores_text(char *out, size_t n, const int *sc, unsigned w, int players)
{
    size_t len = 0;
    out[0] = 0;
    for (int p = 0; p < players && len < n; p++)
        len += (size_t)snprintf(out + len, n - len, "%sP%d %d%s", p ? ", " : "", p + 1, sc[p], (w >> p) & 1 ? " (wins)" : "");
}

/* ---- Running the comparisons ------------------------------------------------------------ */

typedef struct {
    long games; int players; uint64_t seed; const char *out; const char *spec;
    const char *policies;   /* report: the policies the impact measures are played with */
    long impact_games;      /* report: paired games per comparison and policy (0: as --games) */
    int jobs;
} rf_diff_opts;

static int parse_opts(int argc, char **argv, int from, rf_diff_opts *o, const char **pos, int npos, int *got)
{
    *got = 0;
    for (int i = from; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *e;
        if (!strcmp(a, "--games") && v) { o->games = strtol(v, &e, 10); if (*e || o->games < 1 || o->games > 10000000) goto bad; i++; }
        else if (!strcmp(a, "--players") && v) { o->players = (int)strtol(v, &e, 10); if (*e) goto bad; i++; }
        else if (!strcmp(a, "--seed") && v) { errno = 0; o->seed = strtoull(v, &e, 10); if (*e || *v == '-' || errno == ERANGE) goto bad; i++; }
        else if (!strcmp(a, "--out") && v) { o->out = v; i++; }
        else if (!strcmp(a, "--spec") && v) { o->spec = v; i++; }
        else if ((!strcmp(a, "--policy") || !strcmp(a, "--policies")) && v) { o->policies = v; i++; }
        else if (!strcmp(a, "--impact-games") && v) { o->impact_games = strtol(v, &e, 10); if (*e || o->impact_games < 1 || o->impact_games > 10000000) goto bad; i++; }
        else if (!strcmp(a, "--jobs") && v) { o->jobs = (int)strtol(v, &e, 10); if (*e || o->jobs < 1 || o->jobs > 64) goto bad; i++; }
        else if (a[0] == '-' && a[1] == '-') goto bad;
        else if (*got < npos) pos[(*got)++] = a;
        else goto bad;
        continue;
    bad:
        fprintf(stderr, "rulefuzz: bad or incomplete option '%s' (see 'rulefuzz --help')\n", a);
        return -1;
    }
    return 0;
}

static int setup_cmp(const game_engine *g, rf_cmp *c, const char *a, const char *b, const char *name, int amb)
{
    char err[256];
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "%s", name);
    c->amb = amb;
    const char *sp[2] = {a, b};
    for (int s = 0; s < 2; s++) {
        if (parse_side(g, sp[s], &c->r[s], c->profile[s], c->readings[s], err, sizeof err) != GAME_OK) {
            fprintf(stderr, "rulefuzz: %s\n", err);
            return -1;
        }
        side_text(c->side[s], sizeof c->side[s], c->profile[s], c->readings[s]);
    }
    return 0;
}

static void print_cmp(const rf_cmp *c)
{
    char t[96];
    printf("%s: '%s' vs '%s', %ld games (%.1fs)\n", c->name, c->side[0], c->side[1], c->games, c->seconds);
    for (int k = RF_KINDS - 1; k >= 0; k--) {
        rate_text(t, sizeof t, c->count[k], c->games);
        printf("  %-12s changed in %s\n", rf_kind_name[k], t);
    }
}

/* Write a comparison's witness records (if any) into dir; names returned in a/b. */
static void witness_files(const game_engine *g, const rf_cmp *c, const char *dir, char *a, char *b, size_t n)
{
    a[0] = b[0] = 0;
    if (c->kind < 0) return;
    char safe[64];
    snprintf(safe, sizeof safe, "%s", c->name);
    for (char *p = safe; *p; p++) if (*p == ' ') *p = '-';
    snprintf(a, n, "%s/%s.%s.rec", dir, safe, c->side[0]);
    snprintf(b, n, "%s/%s.%s.rec", dir, safe, c->side[1]);
    for (char *p = a + strlen(dir) + 1; *p; p++) if (*p == '=' || *p == ',') *p = '_';
    for (char *p = b + strlen(dir) + 1; *p; p++) if (*p == '=' || *p == ',') *p = '_';
    if (write_witness(g, c, 0, a) || write_witness(g, c, 1, b))
        fprintf(stderr, "rulefuzz: cannot write the witness records in %s\n", dir);
}

static void diff_impact(const game_engine *g, const rf_diff_opts *o, const rf_cmp *c);

int rf_cmd_diff(int argc, char **argv)
{
    rf_diff_opts o = {10000, 0, 1, NULL, NULL, NULL, 0, 1};
    const char *pos[3];
    int got;
    if (parse_opts(argc, argv, 0, &o, pos, 3, &got) || got != 3) {
        if (got != 3) fprintf(stderr, "rulefuzz: usage: rulefuzz diff GAME A B [--games N] [--players P] [--seed S] [--out DIR] [--policy random,greedy,mc:N] [--impact-games N] [--jobs J]\n");
        return RF_EXIT_BADINPUT;
    }
    const game_engine *g = game_find(pos[0]);
    if (!g) { fprintf(stderr, "rulefuzz: unknown game '%s'\n", pos[0]); return RF_EXIT_BADINPUT; }
    if (o.policies) {
        char pl[256], perr[256];
        pol_spec ps;
        snprintf(pl, sizeof pl, "%s", o.policies);
        for (char *t = strtok(pl, ","); t; t = strtok(NULL, ","))
            if (pol_parse(t, &ps, perr, sizeof perr)) { fprintf(stderr, "rulefuzz: %s\n", perr); return RF_EXIT_BADINPUT; }
    }
    if (o.players && (o.players < g->min_players || o.players > g->max_players)) {
        fprintf(stderr, "rulefuzz: %s takes --players %d to %d\n", g->name, g->min_players, g->max_players);
        return RF_EXIT_BADINPUT;
    }
    static rf_cmp all, one;
    char name[128];
    snprintf(name, sizeof name, "%s vs %s", pos[1], pos[2]);
    if (setup_cmp(g, &all, pos[1], pos[2], name, -1)) return RF_EXIT_BADINPUT;
    compare(g, &all, o.games, o.players, o.seed);
    shrink_witness(g, &all);
    print_cmp(&all);
    if (o.policies) diff_impact(g, &o, &all);
    const char *dir = o.out ? o.out : "build/diff";
    mkdirs(dir);
    char a[4096], b[4096];
    witness_files(g, &all, dir, a, b, sizeof a);
    if (a[0]) printf("  witness (%s, %ld moves): %s  %s\n", rf_kind_name[all.kind], all.w[all.kind].length, a, b);
    /* each ambiguity on which the two sides differ, alone */
    uint32_t delta = all.r[0] ^ all.r[1];
    for (int i = 0; i < g->n_amb; i++) {
        if (!((delta >> i) & 1)) continue;
        char bside[320];
        snprintf(bside, sizeof bside, "%s,%s=%s", all.side[0], g->amb[i].key, g->amb[i].reading[(all.r[1] >> i) & 1]);
        if (setup_cmp(g, &one, all.side[0], bside, g->amb[i].id, i)) return RF_EXIT_BADINPUT;
        compare(g, &one, o.games, o.players, o.seed);
        shrink_witness(g, &one);
        print_cmp(&one);
        if (o.policies) diff_impact(g, &o, &one);
        witness_files(g, &one, dir, a, b, sizeof a);
        if (a[0]) printf("  witness (%s, %ld moves): %s  %s\n", rf_kind_name[one.kind], one.w[one.kind].length, a, b);
    }
    return RF_EXIT_OK;
}

/* ---- The report --------------------------------------------------------------------------- */

/* The impact figures of each comparison under each policy (report). */
#define RF_POLICIES 4
typedef struct rf_impact {
    int npol;
    pol_spec pol[RF_POLICIES];
    char name[RF_POLICIES][POL_NAME_MAX];
    const rf_cmp *base;           /* the comparisons; st[(c - base) * npol + p] */
    amb_stats *st;
    long games;                   /* paired games per comparison and policy */
} rf_impact;
static rf_impact impact;
static const amb_stats *impact_of(const rf_cmp *c, int p) { return &impact.st[(c - impact.base) * impact.npol + p]; }

/* Order of the report: systematic effects (how many are significant, then the strongest), then how
 * often the readings part at all, summed over the policies. */
static int cmp_effects(const void *x, const void *y)
{
    const rf_cmp *a = *(rf_cmp *const *)x, *b = *(rf_cmp *const *)y;
    int sa = 0, sb = 0;
    double ta = 0, tb = 0, ea = 0, eb = 0;
    for (int p = 0; p < impact.npol; p++) {
        const amb_stats *u = impact_of(a, p), *v = impact_of(b, p);
        sa += u->significant; sb += v->significant;
        if (u->strongest > ta) ta = u->strongest;
        if (v->strongest > tb) tb = v->strongest;
        ea += u->exercised.p; eb += v->exercised.p;
    }
    if (sa != sb) return sa < sb ? 1 : -1;
    if (ta != tb) return ta < tb ? 1 : -1;
    if (ea != eb) return ea < eb ? 1 : -1;
    return strcmp(a->name, b->name);
}

static const char *css =
    "body{font:15px/1.45 system-ui,sans-serif;max-width:1200px;margin:2em auto;padding:0 1em;color:#1d2330}"
    "h1{font-size:1.6em}h2{margin-top:2.2em;border-bottom:2px solid #d8dde8;padding-bottom:.2em}"
    "table{border-collapse:collapse;margin:.6em 0}td,th{border:1px solid #d8dde8;padding:.25em .55em;text-align:left;vertical-align:top}"
    "th{background:#eef1f7}td.n{text-align:right;font-variant-numeric:tabular-nums}"
    "tr.harmless td{color:#6b7385}tr.d td{background:#fff3cd}"
    ".bar{display:inline-block;height:.7em;background:#c0392b;margin-right:.3em;vertical-align:middle}"
    ".spec li{margin:.35em 0}blockquote{margin:.3em 0;padding:.2em .8em;border-left:3px solid #aab}"
    "pre{background:#f6f8fb;border:1px solid #dde3ee;padding:.6em;overflow:auto;font-size:12.5px;line-height:1.25}"
    ".tag{display:inline-block;font-size:11px;background:#fde2c7;color:#7a3b00;border-radius:3px;padding:0 .35em;margin-top:.2em}"
    "small{color:#6b7385}td.n{min-width:8.5em}"
    ".pair{display:flex;gap:1em;flex-wrap:wrap}.pair>div{flex:1;min-width:420px}"
    "code{background:#eef1f7;padding:0 .2em;border-radius:3px}.muted{color:#6b7385}";

/* Translation gaps (rulefuzz textcov): the sentences of one text that only entries without a
 * quote in the other text quote, i.e. rules one translation states and the other lacks. The
 * texts are read from rules/texts beside SPEC.md. */
static void translation_gaps(const game_engine *g, const char *spec, FILE *md, FILE *ht)
{
    if (g->n_profiles < 2) return;
    char texts[4096], err[512];
    const char *slash = strrchr(spec, '/');
    snprintf(texts, sizeof texts, "%.*s%srules/texts", slash ? (int)(slash - spec) : 0, spec, slash ? "/" : "");
    tc_report r;
    fprintf(md, "## Translation gaps\n\n");
    fprintf(ht, "<h2 id=\"translation-gaps\">Translation gaps</h2>\n");
    if (tc_report_load(&r, g, spec, texts, err, sizeof err)) {
        fprintf(md, "(not measured: %s)\n\n", err);
        fprintf(ht, "<p class=\"muted\">(not measured: ");
        html_text(ht, err, strlen(err));
        fprintf(ht, ")</p>\n");
        tc_report_free(&r);
        return;
    }
    int n = 0;
    for (int i = 0; i < r.ntext; i++) n += r.text[i].gaps;
    fprintf(md, "Sentences that one text states and the other lacks (`rulefuzz textcov %s`: quoted only by SPEC.md "
                "entries with no quote in the other text): %d.\n\n", g->name, n);
    fprintf(ht, "<p>Sentences that one text states and the other lacks (<code>rulefuzz textcov %s</code>: quoted only "
                "by SPEC.md entries with no quote in the other text): %d.</p>\n", g->name, n);
    if (n) {
        fprintf(md, "| text | line | sentence | clause |\n|---|---|---|---|\n");
        fprintf(ht, "<table><tr><th>text</th><th>line</th><th>sentence</th><th>clause</th></tr>\n");
    }
    for (int i = 0; i < r.ntext; i++) {
        const tc_text *t = &r.text[i];
        for (int k = 0; k < t->nu; k++) {
            const tc_unit *u = &t->u[k];
            if (!u->gap) continue;
            const char *id = r.entry[u->ref[0]].id;
            fprintf(md, "| %s | %d | ", t->file, u->line);
            for (size_t q = 0; q < u->len; q++) {
                char ch = t->buf[u->off + q];
                fputc(ch == '|' ? '/' : ch == '\n' ? ' ' : ch, md);
            }
            fprintf(md, " | %s |\n", id);
            fprintf(ht, "<tr><td>%s</td><td class=\"n\">%d</td><td>", t->file, u->line);
            html_text(ht, t->buf + u->off, u->len);
            fprintf(ht, "</td><td>%s</td></tr>\n", id);
        }
    }
    if (n) { fputs("\n", md); fputs("</table>\n", ht); }
    tc_report_free(&r);
}

static void pct_ci(char *buf, size_t n, const stat_rate *r)
{
    if (r->n == 0) snprintf(buf, n, "-");
    else snprintf(buf, n, "%.1f%% [%.1f, %.1f]", 100 * r->p, 100 * r->lo, 100 * r->hi);
}

/* The impact cells of one comparison under one policy: exercised, parting, effects, relevance, winner. */
static void impact_cells(const amb_stats *st, const pol_spec *pol, char cell[5][600])
{
    char a[96];
    pct_ci(cell[0], 600, &st->exercised);
    if (st->exercised.x) snprintf(cell[1], 600, "%.0f", st->median_part);
    else snprintf(cell[1], 600, "-");
    amb_effects_text(st, cell[2], 600);
    if (pol->kind == POL_RANDOM || st->relevance.n == 0) snprintf(cell[3], 600, "-");
    else { pct_ci(a, sizeof a, &st->relevance); snprintf(cell[3], 600, "%s of %ld", a, st->relevance.n); }
    snprintf(cell[4], 600, "%.1f%% / %.1f%%; excess %+.1f pp [%+.1f, %+.1f]%s", 100 * st->winner_changed.p,
             100 * st->null_changed.p, 100 * st->excess.mean, 100 * st->excess.lo, 100 * st->excess.hi,
             st->excess.significant ? " *" : "");
}

/* Write one side of a witness as a record that starts from its parting position. */
static int write_amb_witness(const game_engine *g, const rf_cmp *c, const amb_witness *w, int side, const char *path)
{
    rf_header h;
    side_header(g, c, side, w->players, &h);
    if (w->ended[side] && (w->n[side] > 0 || w->kind >= AMB_W_SCORES)) {
        h.has_result = w->players;
        memcpy(h.result, w->scores[side], sizeof(int) * (size_t)w->players);
    }
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    char comment[1024];
    snprintf(comment, sizeof comment,
             "witness of %s (%s differs): paired game of deal seed %llu, from its parting point (decision %ld) on; "
             "this is the '%s' side, '%s' is the other. Made by rulefuzz report ambiguities.",
             c->name, amb_witness_kind[w->kind], (unsigned long long)w->seed, w->part_at, c->side[side], c->side[!side]);
    int rc = rf_record_write(f, &h, w->part.st[side], w->moves[side], w->n[side], comment);
    return fclose(f) == 0 ? rc : -1;
}

/* A comparison's witness: records, both boards at the parting point, the moves side by side. */
static void witness_section(const game_engine *g, const rf_cmp *c, const amb_witness *w, const char *wdir, const char *dir,
                            FILE *md, FILE *ht)
{
    if (w->kind == AMB_W_NONE) {
        fprintf(md, "No witness: no paired game parted.\n\n");
        fprintf(ht, "<p class=\"muted\">No witness: no paired game parted.</p>\n");
        return;
    }
    char safe[64], a[4096], b[4096];
    static char board[2][GAME_TEXT_MAX], mv[GAME_TEXT_MAX];
    snprintf(safe, sizeof safe, "%s", c->name);
    for (char *p = safe; *p; p++) if (*p == ' ') *p = '-';
    snprintf(a, sizeof a, "%s/%s.%s.rec", wdir, safe, c->side[0]);
    snprintf(b, sizeof b, "%s/%s.%s.rec", wdir, safe, c->side[1]);
    for (char *p = a + strlen(wdir) + 1; *p; p++) if (*p == '=' || *p == ',') *p = '_';
    for (char *p = b + strlen(wdir) + 1; *p; p++) if (*p == '=' || *p == ',') *p = '_';
    if (write_amb_witness(g, c, w, 0, a) || write_amb_witness(g, c, w, 1, b))
        fprintf(stderr, "rulefuzz: cannot write the witness records in %s\n", wdir);
    const char *what = w->kind == AMB_W_WINNER ? "the winner changes" : w->kind == AMB_W_SCORES ? "the final scores change"
                     : w->kind == AMB_W_LEGAL ? "a move is legal under one reading only" : "the positions differ";
    fprintf(md, "**Witness** (%s; %d players, deal seed %llu, from the parting point at decision %ld: %ld and %ld decisions): `%s`, `%s` "
                "(`rulefuzz replay` each).\n\n", what, w->players, (unsigned long long)w->seed, w->part_at, w->n[0], w->n[1], a, b);
    fprintf(ht, "<p><b>Witness</b> (%s; %d players, deal seed %llu, from the parting point at decision %ld: %ld and %ld decisions): "
                "<a href=\"%s\">%s</a>, <a href=\"%s\">%s</a></p>\n", what, w->players, (unsigned long long)w->seed, w->part_at,
            w->n[0], w->n[1], a + strlen(dir) + 1, a + strlen(dir) + 1, b + strlen(dir) + 1, b + strlen(dir) + 1);
    for (int s = 0; s < 2; s++) if (g->board_print(w->part.st[s], board[s], sizeof board[s]) < 0) board[s][0] = 0;
    fprintf(md, "At the parting point under `%s`:\n\n```\n%s```\n\nand under `%s`:\n\n```\n%s```\n\n", c->side[0], board[0], c->side[1], board[1]);
    fprintf(ht, "<div class=\"pair\"><div><p>At the parting point under <code>%s</code>:</p>", c->side[0]);
    html_pre(ht, board[0]);
    fprintf(ht, "</div><div><p>At the parting point under <code>%s</code>:</p>", c->side[1]);
    html_pre(ht, board[1]);
    fprintf(ht, "</div></div>\n");
    fprintf(md, "| # | %s | %s |\n|---|---|---|\n", c->side[0], c->side[1]);
    fprintf(ht, "<table><tr><th>#</th><th>%s</th><th>%s</th></tr>\n", c->side[0], c->side[1]);
    static unsigned char st[2][GAME_STATE_MAX] __attribute__((aligned(16)));
    memcpy(st[0], w->part.st[0], g->state_size);
    memcpy(st[1], w->part.st[1], g->state_size);
    long n = w->n[0] > w->n[1] ? w->n[0] : w->n[1];
    for (long i = 0; i < n; i++) {
        char cell[2][112];
        for (int s = 0; s < 2; s++) {
            cell[s][0] = 0;
            if (i >= w->n[s]) continue;
            char dn[16];
            game_decider_print(g, st[s], g->to_move(st[s]), dn, sizeof dn);
            if (g->move_print(st[s], &w->moves[s][i], mv, sizeof mv) < 0) snprintf(mv, sizeof mv, "?");
            snprintf(cell[s], sizeof cell[s], "%s %.80s", dn, mv);
            g->apply(st[s], &w->moves[s][i]);
        }
        fprintf(md, "| %ld | %s | %s |\n", i + 1, cell[0], cell[1]);
        fprintf(ht, "<tr><td class=\"n\">%ld</td><td>%s</td><td>%s</td></tr>\n", i + 1, cell[0], cell[1]);
    }
    fprintf(ht, "</table>\n");
    char sa[256], sb[256];
    if (w->ended[0] && w->ended[1]) {
        scores_text(sa, sizeof sa, w->scores[0], w->winners[0], w->players);
        scores_text(sb, sizeof sb, w->scores[1], w->winners[1], w->players);
        fprintf(md, "\nFinal scores: `%s` %s; `%s` %s.\n\n", c->side[0], sa, c->side[1], sb);
        fprintf(ht, "<p>Final scores: <code>%s</code> %s; <code>%s</code> %s.</p>\n", c->side[0], sa, c->side[1], sb);
    } else fputs("\n", md);
}

/* Each profile's own game under each policy: seat win shares, length, ties broken or shared. */
static void balance_section(const game_engine *g, const rf_diff_opts *o, FILE *md, FILE *ht)
{
    amb_game *x = calloc((size_t)impact.games, sizeof *x);
    double *v = calloc((size_t)impact.games + 1, sizeof *v);
    if (!x || !v) { free(x); free(v); return; }
    fprintf(md, "## Balance per profile\n\nEach profile's own game, %ld games per policy (%s): the mean game length in decisions, each "
                "seat's win share less the fair share 1/players of its game (P1 the first player; * when the interval excludes 0), the share of games whose top score was tied and "
                "broken by a rule (tie-break), and of games won by several seats. 95%% intervals.\n\n"
                "| profile | policy | length | win share above fair, by seat | tie-break | shared win |\n|---|---|---|---|---|---|\n",
            impact.games, o->players ? "fixed players" : "players in turn");
    fprintf(ht, "<h2>Balance per profile</h2><p>Each profile's own game, %ld games per policy: the mean game length in decisions, "
                "each seat's win share less the fair share 1/players of its game (P1 the first player; * when the interval excludes 0), the share of games whose top score was "
                "tied and broken by a rule, and of games won by several seats. 95%% intervals.</p>\n<table><tr><th>profile</th>"
                "<th>policy</th><th>length</th><th>win share above fair, by seat</th><th>tie-break</th><th>shared win</th></tr>\n", impact.games);
    for (int pr = 0; pr < g->n_profiles; pr++)
        for (int p = 0; p < impact.npol; p++) {
            uint32_t r = g->profiles[pr].readings;
            if (amb_play_many(g, &impact.pol[p], o->players, o->seed, impact.games, r, r, 0, o->jobs, x)) continue;
            long n = 0, tie = 0, shared = 0, ended = 0;
            int maxp = 0;
            for (long k = 0; k < impact.games; k++) {
                if (!x[k].ended[0]) continue;
                ended++;
                v[n++] = (double)x[k].len[0];
                if (x[k].players > maxp) maxp = x[k].players;
                unsigned w = x[k].winners[0], nw = 0;
                int ws = 0, same = 0;
                for (unsigned t = w; t; t &= t - 1) nw++;
                for (int q = 0; q < x[k].players; q++) if (w >> q & 1) ws = x[k].scores[0][q];
                for (int q = 0; q < x[k].players; q++) same += x[k].scores[0][q] == ws;
                tie += nw >= 1 && (unsigned)same > nw;
                shared += nw > 1;
            }
            stat_mean len;
            stat_mean_of(v, n, &len);
            char seats[600] = "";
            size_t sl = 0;
            for (int q = 0; q < maxp; q++) {
                long m = 0;
                for (long k = 0; k < impact.games; k++) {
                    if (!x[k].ended[0] || q >= x[k].players) continue;
                    unsigned w = x[k].winners[0], nw = 0;
                    for (unsigned t = w; t; t &= t - 1) nw++;
                    v[m++] = ((w >> q & 1) ? 1.0 / nw : 0.0) - 1.0 / x[k].players;   /* above or below a fair share */
                }
                stat_mean sh;
                stat_mean_of(v, m, &sh);
                sl += (size_t)snprintf(seats + sl, sizeof seats - sl, "%sP%d %+.3f [%+.3f, %+.3f]%s", q ? "; " : "", q + 1, sh.mean,
                                       sh.lo, sh.hi, sh.significant ? " *" : "");
            }
            stat_rate tr, srt;
            stat_rate_of(tie, ended, &tr);
            stat_rate_of(shared, ended, &srt);
            char tt[96], st2[96];
            pct_ci(tt, sizeof tt, &tr);
            pct_ci(st2, sizeof st2, &srt);
            fprintf(md, "| %s | %s | %.1f [%.1f, %.1f] | %s | %s | %s |\n", g->profiles[pr].name, impact.name[p], len.mean, len.lo, len.hi,
                    seats, tt, st2);
            fprintf(ht, "<tr><td>%s</td><td>%s</td><td class=\"n\">%.1f [%.1f, %.1f]</td><td>%s</td><td class=\"n\">%s</td><td class=\"n\">%s</td></tr>\n",
                    g->profiles[pr].name, impact.name[p], len.mean, len.lo, len.hi, seats, tt, st2);
            if (ended < impact.games) fprintf(md, "| | | (%ld of %ld games reached the move limit unfinished) | | | |\n", impact.games - ended, impact.games);
        }
    fprintf(md, "\n");
    fprintf(ht, "</table>\n");
    free(x);
    free(v);
}

/* rulefuzz diff --policy: the paired games' measures of one comparison, a line per policy. */
static void diff_impact(const game_engine *g, const rf_diff_opts *o, const rf_cmp *c)
{
    long games = o->impact_games ? o->impact_games : (o->games < 2000 ? o->games : 2000);
    amb_game *x = calloc((size_t)games, sizeof *x);
    if (!x) return;
    char pl[256], perr[256];
    snprintf(pl, sizeof pl, "%s", o->policies);
    for (char *t = strtok(pl, ","); t; t = strtok(NULL, ",")) {
        pol_spec pol;
        if (pol_parse(t, &pol, perr, sizeof perr)) continue;
        if (amb_play_many(g, &pol, o->players, o->seed, games, c->r[0], c->r[1], 1, o->jobs, x)) continue;
        amb_stats st;
        amb_stats_of(x, games, &st);
        char cell[5][600];
        impact_cells(&st, &pol, cell);
        printf("  %s, %ld paired games: exercised %s (median parting decision %s); systematic effects: %s; "
               "decision relevance %s; winner changed / null: %s\n", t, games, cell[0], cell[1], cell[2], cell[3], cell[4]);
    }
    free(x);
}

/* One row per policy of a comparison's impact table, in Markdown and in HTML. */
static void impact_rows(const rf_cmp *c, FILE *md, FILE *ht)
{
    for (int p = 0; p < impact.npol; p++) {
        char cell[5][600];
        impact_cells(impact_of(c, p), &impact.pol[p], cell);
        fprintf(md, "| %s | %s | %s | %s | %s | %s |\n", impact.name[p], cell[0], cell[1], cell[2], cell[3], cell[4]);
        fprintf(ht, "<tr><td>%s</td><td class=\"n\">%s</td><td class=\"n\">%s</td><td>%s</td><td class=\"n\">%s</td><td>%s</td></tr>\n",
                impact.name[p], cell[0], cell[1], cell[2], cell[3], cell[4]);
    }
}

static const char *measures_md =
    "**What the measures mean.** Each comparison plays the same paired games under both readings: the same deals and "
    "the same decision seeds, every seat deciding by the policy named (`random`: a uniform pick; `greedy`: the best move "
    "by a one-ply look-ahead on the scores so far, judged from the seat's own view; `mc:N`: N random playouts per move "
    "from samples of what the seat cannot see), the table's real-time decisions at random.\n"
    "- *Exercised*: how often the question comes up at the table: the share of games in which the two readings ever "
    "part (the positions or the legal moves differ, or the player decides differently in one position), with the median "
    "decision at which they first part.\n"
    "- *Systematic effects*: what the reading changes in how the game goes: the mean paired difference (other reading "
    "minus the profile's) of the game length (decisions), the winner's score, the margin between the first two, the "
    "mean score, each seat's win share (P1 is the first player) and the game's own measures (Herr der Ziegen: the "
    "goats on the meadow; Bonje: the rounds played), with a 95%% interval; only effects whose interval "
    "excludes 0 are listed.\n"
    "- *Decision relevance* (greedy, mc): would a player who knows the reading play differently: the share of parted "
    "games in which, at the first parting position, the chosen move differs between the readings or is legal under one "
    "only.\n"
    "- *Winner changed / null*: how often the winner differs, beside how often it differs when the same reading is "
    "played again from the parting point with a fresh continuation (chance alone); only the excess, paired per game "
    "with its 95%% interval (* when it excludes 0), is the rule's effect.\n\n"
    "Entries are sorted by their systematic effects (how many, then the strongest), then by how often they come up.\n\n";

int rf_cmd_report(int argc, char **argv)
{
    rf_diff_opts o = {10000, 0, 1, NULL, "SPEC.md", "random,greedy", 0, 1};
    const char *pos[2];
    int got;
    if (parse_opts(argc, argv, 0, &o, pos, 2, &got) || got != 2 || strcmp(pos[0], "ambiguities") != 0) {
        if (!(got == 2 && strcmp(pos[0], "ambiguities") != 0))
            fprintf(stderr, "rulefuzz: usage: rulefuzz report ambiguities GAME [--games N] [--out DIR] [--spec SPEC.md]\n");
        else fprintf(stderr, "rulefuzz: unknown report '%s' (reports: ambiguities)\n", pos[0]);
        return RF_EXIT_BADINPUT;
    }
    const game_engine *g = game_find(pos[1]);
    if (!g) { fprintf(stderr, "rulefuzz: unknown game '%s'\n", pos[1]); return RF_EXIT_BADINPUT; }
    memset(&impact, 0, sizeof impact);
    {
        char pl[256], perr[256];
        snprintf(pl, sizeof pl, "%s", o.policies);
        for (char *t = strtok(pl, ","); t; t = strtok(NULL, ",")) {
            if (impact.npol == RF_POLICIES) { fprintf(stderr, "rulefuzz: --policy takes at most %d policies\n", RF_POLICIES); return RF_EXIT_BADINPUT; }
            if (pol_parse(t, &impact.pol[impact.npol], perr, sizeof perr)) { fprintf(stderr, "rulefuzz: %s\n", perr); return RF_EXIT_BADINPUT; }
            pol_print(&impact.pol[impact.npol], impact.name[impact.npol], POL_NAME_MAX);
            impact.npol++;
        }
        if (!impact.npol) { fprintf(stderr, "rulefuzz: --policy needs a policy\n"); return RF_EXIT_BADINPUT; }
    }
    impact.games = o.impact_games ? o.impact_games : o.games;
    char err[RF_ERR_MAX] = "";
    size_t speclen = 0;
    char *spec = rf_read_file(o.spec, &speclen, err, sizeof err);
    if (!spec) fprintf(stderr, "rulefuzz: %s (quotes left out of the report)\n", err);
    const char *dir = o.out ? o.out : "build/reports";
    char wdir[4096];
    snprintf(wdir, sizeof wdir, "%s/witnesses-%s", dir, g->name);
    if (!mkdirs(dir) || !mkdirs(wdir)) { fprintf(stderr, "rulefuzz: cannot create %s\n", wdir); free(spec); return RF_EXIT_BADINPUT; }

    /* The comparisons: every pair of profiles, then every ambiguity toggled on the first profile. */
    int ncmp = g->n_profiles * (g->n_profiles - 1) / 2 + g->n_amb;
    rf_cmp *cmp = calloc((size_t)ncmp, sizeof *cmp);
    rf_cmp **order = calloc((size_t)ncmp, sizeof *order);
    if (!cmp || !order) { free(spec); free(cmp); free(order); return RF_EXIT_BADINPUT; }
    int k = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int a = 0; a < g->n_profiles; a++)
        for (int b = a + 1; b < g->n_profiles; b++) {
            char name[96];
            snprintf(name, sizeof name, "%s vs %s", g->profiles[a].name, g->profiles[b].name);
            setup_cmp(g, &cmp[k++], g->profiles[a].name, g->profiles[b].name, name, -1);
        }
    int npairs = k;
    const char *base = g->profiles[0].name;
    for (int i = 0; i < g->n_amb; i++, k++) {
        uint32_t r0 = g->profiles[0].readings;
        int cur = (int)((r0 >> i) & 1);
        char bside[200];
        snprintf(bside, sizeof bside, "%s,%s=%s", base, g->amb[i].key, g->amb[i].reading[!cur]);
        setup_cmp(g, &cmp[k], base, bside, g->amb[i].id, i);
    }
    for (int i = 0; i < ncmp; i++) {
        compare(g, &cmp[i], o.games, o.players, o.seed);
        shrink_witness(g, &cmp[i]);
        fprintf(stderr, "\r%-60s", "");
        fprintf(stderr, "\rreport: %d/%d %s", i + 1, ncmp, cmp[i].name);
    }
    fprintf(stderr, "\n");
    /* The impact measures: paired games under each policy, with the null continuation. */
    impact.base = cmp;
    impact.st = calloc((size_t)ncmp * (size_t)impact.npol, sizeof *impact.st);
    amb_game *pg = calloc((size_t)impact.games, sizeof *pg);
    amb_witness *wit = calloc((size_t)ncmp, sizeof *wit);
    if (!impact.st || !pg || !wit) { fprintf(stderr, "rulefuzz: out of memory\n"); free(spec); free(cmp); free(order); return RF_EXIT_BADINPUT; }
    for (int i = 0; i < ncmp; i++)
        for (int p = 0; p < impact.npol; p++) {
            fprintf(stderr, "\r%-70s\rreport: impact %d/%d %s, %s (%ld paired games)", "", i + 1, ncmp, cmp[i].name,
                    impact.name[p], impact.games);
            if (amb_play_many(g, &impact.pol[p], o.players, o.seed, impact.games, cmp[i].r[0], cmp[i].r[1], 1, o.jobs, pg)) {
                fprintf(stderr, "\nrulefuzz: a worker of the impact games failed\n");
                free(spec); free(cmp); free(order); free(pg);
                return RF_EXIT_BADINPUT;
            }
            amb_stats_of(pg, impact.games, &impact.st[i * impact.npol + p]);
            /* witnesses under the first policy; a Monte Carlo player searches few continuations (each costs games) */
            if (p == 0) amb_witness_find(g, &impact.pol[0], pg, impact.games, o.seed, cmp[i].r[0], cmp[i].r[1],
                                         impact.pol[0].kind == POL_MC ? 2 : 40, &wit[i]);
        }
    fprintf(stderr, "\n");
    free(pg);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    for (int i = 0; i < ncmp - npairs; i++) order[i] = &cmp[npairs + i];
    qsort(order, (size_t)(ncmp - npairs), sizeof *order, cmp_effects);

    char mdp[4200], htp[4200];
    snprintf(mdp, sizeof mdp, "%s/ambiguities-%s.md", dir, g->name);
    snprintf(htp, sizeof htp, "%s/ambiguities-%s.html", dir, g->name);
    FILE *md = fopen(mdp, "w"), *ht = fopen(htp, "w");
    if (!md || !ht) { fprintf(stderr, "rulefuzz: cannot write in %s\n", dir); return RF_EXIT_BADINPUT; }

    char players[32];
    if (o.players) snprintf(players, sizeof players, "%d players", o.players);
    else snprintf(players, sizeof players, "%d to %d players in turn", g->min_players, g->max_players);
    fprintf(md, "# Ambiguity report: %s (`%s`)\n\n", g->title, g->name);
    {
        char pols[160] = "";
        size_t pl = 0;
        for (int p = 0; p < impact.npol; p++) pl += (size_t)snprintf(pols + pl, sizeof pols - pl, "%s`%s`", p ? ", " : "", impact.name[p]);
        fprintf(md, "Impact: %ld paired games per comparison and policy (%s), %s, deal seeds %llu..%llu.\n\n", impact.games, pols,
                o.players ? "fixed players" : "players in turn", (unsigned long long)o.seed,
                (unsigned long long)(o.seed + (uint64_t)impact.games - 1));
        fputs(measures_md, md);
        fprintf(ht, "%s", "");
    }
    fprintf(md, "The witnesses and the lockstep figures in each entry's section come from a second run: %ld random games (%s, deal seeds %llu..%llu) played twice in lockstep:\n"
                "the same decision stream (each decision picks the same index among the legal moves) under two\n"
                "sets of readings. A game *changed* its state, its legal moves, its final scores or its winner when\n"
                "the two runs differ there. Rates carry a 95%% Wilson interval. Each witness is the shortest game\n"
                "found that shows the most telling change, shrunk (fewer players, fewer decisions), written as two\n"
                "records that replay under each side (`rulefuzz replay FILE`). %d comparisons, %.1f s in all.\n\n",
            o.games, players, (unsigned long long)o.seed, (unsigned long long)(o.seed + (uint64_t)o.games - 1), ncmp, secs);
    fprintf(ht, "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Ambiguity report: %s</title>"
                "<style>%s</style></head><body>\n<h1>Ambiguity report: %s (<code>%s</code>)</h1>\n", g->title, css, g->title, g->name);
    fprintf(ht, "<p>Each comparison plays the same <b>%ld random games</b> (%s, deal seeds %llu&ndash;%llu) twice in "
                "lockstep: the same decision stream under two sets of readings. A game <i>changed</i> its state, its legal "
                "moves, its final scores or its winner when the two runs differ there. Rates carry a 95%% Wilson "
                "interval. Each witness is the shortest game found showing the most telling change, shrunk, and written "
                "as two records that replay under each side. %d comparisons in %.1f s.</p>\n",
            o.games, players, (unsigned long long)o.seed, (unsigned long long)(o.seed + (uint64_t)o.games - 1), ncmp, secs);

    /* Profile pairs: the translations against each other. */
    for (int i = 0; i < npairs; i++) {
        rf_cmp *c = &cmp[i];
        char t[96];
        fprintf(md, "## The texts compared: %s\n\nLockstep (one random decision stream, %ld games; drift-prone, compare the null below):\n\n| change | games |\n|---|---|\n", c->name, c->games);
        fprintf(ht, "<h2>The texts compared: %s</h2>\n<p>Lockstep (one random decision stream, %ld games; drift-prone, compare the null below):</p><table><tr><th>change</th><th>games</th></tr>\n", c->name, c->games);
        for (int kk = RF_KINDS - 1; kk >= 0; kk--) {
            rate_text(t, sizeof t, c->count[kk], c->games);
            fprintf(md, "| %s | %s |\n", rf_kind_name[kk], t);
            fprintf(ht, "<tr><td>%s</td><td>%s</td></tr>\n", rf_kind_name[kk], t);
        }
        fprintf(md, "\nImpact (%ld paired games per policy):\n\n| policy | exercised | median parting decision | systematic effects | decision relevance | winner changed / null; excess |\n|---|---|---|---|---|---|\n", impact.games);
        fprintf(ht, "</table><p>Impact (%ld paired games per policy):</p><table><tr><th>policy</th><th>exercised</th><th>median parting decision</th><th>systematic effects</th><th>decision relevance</th><th>winner changed / null; excess</th></tr>\n", impact.games);
        impact_rows(c, md, ht);
        fprintf(md, "\nReadings that differ:");
        fprintf(ht, "</table><p>Readings that differ:");
        for (int j = 0; j < g->n_amb; j++)
            if (((c->r[0] ^ c->r[1]) >> j) & 1) {
                fprintf(md, " [%s](#%s) (`%s`: %s / %s)", g->amb[j].id, g->amb[j].id, g->amb[j].key,
                        g->amb[j].reading[(c->r[0] >> j) & 1], g->amb[j].reading[(c->r[1] >> j) & 1]);
                fprintf(ht, " <a href=\"#%s\">%s</a> (<code>%s</code>: %s / %s)", g->amb[j].id, g->amb[j].id, g->amb[j].key,
                        g->amb[j].reading[(c->r[0] >> j) & 1], g->amb[j].reading[(c->r[1] >> j) & 1]);
            }
        fprintf(md, ".\n\n");
        fprintf(ht, ".</p>\n");
        witness_section(g, c, &wit[i], wdir, dir, md, ht);
    }

    balance_section(g, &o, md, ht);

    /* Summary: by systematic effect, then by how often it comes up. */
    fprintf(md, "## Every ambiguity, by systematic effect\n\nEach entry of SPEC.md's register, toggled alone on the `%s` profile "
                "(the profile's reading first), in the same paired games under each policy.\n\n"
                "| ambiguity | readings | policy | exercised | median parting decision | systematic effects | decision relevance | winner changed / null; excess |\n"
                "|---|---|---|---|---|---|---|---|\n", base);
    fprintf(ht, "<h2>Every ambiguity, by systematic effect</h2>\n<div class=\"spec\">");
    {
        char buf[4096];
        snprintf(buf, sizeof buf, "%s", measures_md);
        html_spec_items(ht, buf, strlen(buf));
    }
    fprintf(ht, "</div><p>Each entry of SPEC.md's register, toggled alone on the <code>%s</code> profile (the profile's reading "
                "first), in the same paired games under each policy. <span class=\"tag\">texts differ</span>: the profiles "
                "state different readings.</p>\n<table><tr><th>ambiguity</th><th>readings</th><th>policy</th><th>exercised</th>"
                "<th>median parting decision</th><th>systematic effects</th><th>decision relevance</th>"
                "<th>winner changed / null; excess</th></tr>\n", base);
    for (int i = 0; i < ncmp - npairs; i++) {
        rf_cmp *c = order[i];
        const game_ambiguity *am = &g->amb[c->amb];
        int texts_differ = 0;
        for (int p = 0; p < g->n_profiles; p++) texts_differ |= (int)(((g->profiles[p].readings ^ g->profiles[0].readings) >> c->amb) & 1u);
        int cur = (int)((c->r[0] >> c->amb) & 1);
        for (int p = 0; p < impact.npol; p++) {
            char cell[5][600];
            impact_cells(impact_of(c, p), &impact.pol[p], cell);
            if (p == 0) {
                fprintf(md, "| [%s](#%s)%s | `%s`: %s → %s ", am->id, am->id, texts_differ ? " (texts differ)" : "", am->key,
                        am->reading[cur], am->reading[!cur]);
                fprintf(ht, "<tr><td rowspan=\"%d\"><a href=\"#%s\">%s</a>%s</td><td rowspan=\"%d\"><code>%s</code><br>%s &rarr; %s</td>",
                        impact.npol, am->id, am->id, texts_differ ? "<br><span class=\"tag\">texts differ</span>" : "", impact.npol,
                        am->key, am->reading[cur], am->reading[!cur]);
            } else {
                fprintf(md, "| | ");
                fprintf(ht, "<tr>");
            }
            fprintf(md, "| %s | %s | %s | %s | %s | %s |\n", impact.name[p], cell[0], cell[1], cell[2], cell[3], cell[4]);
            fprintf(ht, "<td>%s</td><td class=\"n\">%s</td><td class=\"n\">%s</td><td>%s</td><td class=\"n\">%s</td><td>%s</td></tr>\n",
                    impact.name[p], cell[0], cell[1], cell[2], cell[3], cell[4]);
        }
    }
    fprintf(ht, "</table>\n");
    fprintf(md, "\nHarmless in %ld lockstep random games (never changed a state, legal moves, scores or winner):", o.games);
    fprintf(ht, "<p><b>Harmless</b> in %ld lockstep random games (never changed a state, legal moves, scores or winner):", o.games);
    int nh = 0;
    for (int i = 0; i < ncmp - npairs; i++)
        if (order[i]->kind < 0) {
            fprintf(md, "%s %s", nh ? "," : "", order[i]->name);
            fprintf(ht, "%s <a href=\"#%s\">%s</a>", nh ? "," : "", order[i]->name, order[i]->name);
            nh++;
        }
    fprintf(md, "%s\n\n", nh ? "." : " none.");
    fprintf(ht, "%s</p>\n", nh ? "." : " none.");

    /* One section per ambiguity. */
    for (int i = 0; i < ncmp - npairs; i++) {
        rf_cmp *c = order[i];
        const game_ambiguity *am = &g->amb[c->amb];
        size_t elen = 0;
        const char *entry = spec_entry(spec, am->id, &elen);
        fprintf(md, "<a id=\"%s\"></a>\n## %s (`%s`)\n\n", am->id, am->id, am->key);
        fprintf(ht, "<h2 id=\"%s\">%s (<code>%s</code>)</h2>\n", am->id, am->id, am->key);
        if (entry) { fwrite(entry, 1, elen, md); fputs("\n\n", md); html_spec_items(ht, entry, elen); }
        else { fputs("(no entry in SPEC.md)\n\n", md); fputs("<p class=\"muted\">(no entry in SPEC.md)</p>\n", ht); }
        fprintf(md, "**Impact** (`%s` against `%s`, %ld paired games per policy):\n\n| policy | exercised | median parting decision | systematic effects | decision relevance | winner changed / null; excess |\n|---|---|---|---|---|---|\n",
                c->side[0], c->side[1], impact.games);
        fprintf(ht, "<p><b>Impact</b> (<code>%s</code> against <code>%s</code>, %ld paired games per policy):</p><table><tr><th>policy</th>"
                    "<th>exercised</th><th>median parting decision</th><th>systematic effects</th><th>decision relevance</th>"
                    "<th>winner changed / null; excess</th></tr>\n", c->side[0], c->side[1], impact.games);
        impact_rows(c, md, ht);
        fprintf(md, "\n");
        fprintf(ht, "</table>\n");
        fprintf(md, "**Lockstep** (`%s` against `%s`, %ld random games, one decision stream; drift-prone, compare the null above): ", c->side[0], c->side[1], c->games);
        fprintf(ht, "<p><b>Lockstep</b> (<code>%s</code> against <code>%s</code>, %ld random games, one decision stream; drift-prone, compare the null above):</p><table>", c->side[0], c->side[1], c->games);
        for (int kk = RF_KINDS - 1; kk >= 0; kk--) {
            char t[96];
            rate_text(t, sizeof t, c->count[kk], c->games);
            fprintf(md, "%s %s changed in %s", kk == RF_KINDS - 1 ? "" : ";", rf_kind_name[kk], t);
            fprintf(ht, "<tr><td>%s changed</td><td class=\"n\">%s</td></tr>", rf_kind_name[kk], t);
        }
        fprintf(md, ".\n\n");
        fprintf(ht, "</table>\n");
        if (c->kind < 0) {
            fprintf(md, "Harmless in the lockstep stream: no game out of %ld changed.\n\n", c->games);
            fprintf(ht, "<p><b>Harmless</b> in the lockstep stream: no game out of %ld changed.</p>\n", c->games);
        }
        witness_section(g, c, &wit[c - cmp], wdir, dir, md, ht);
    }
    translation_gaps(g, o.spec, md, ht);
    fprintf(ht, "<p class=\"muted\">Generated by <code>rulefuzz report ambiguities %s --games %ld</code>.</p></body></html>\n", g->name, o.games);
    int bad = ferror(md) || ferror(ht);
    bad |= fclose(md) != 0;
    bad |= fclose(ht) != 0;
    printf("ambiguity report for %s: %d comparisons of %ld games in %.1f s\n  %s\n  %s\n  witnesses in %s/\n",
           g->name, ncmp, o.games, secs, mdp, htp, wdir);
    free(spec); free(cmp); free(order);
    return bad ? RF_EXIT_BADINPUT : RF_EXIT_OK;
}
