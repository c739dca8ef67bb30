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
#include "record.h"

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
static void rate_html(char *out, size_t n, long x, long games)
{
    double lo, hi;
    wilson(x, games, &lo, &hi);
    snprintf(out, n, "<b>%.2f%%</b><br><small>%.2f&ndash;%.2f%% &middot; %ld games</small>",
             100.0 * (double)x / (double)(games ? games : 1), 100 * lo, 100 * hi, x);
}

static int mkdirs(const char *path)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') { *p = 0; mkdir(tmp, 0755); *p = '/'; }
    return mkdir(tmp, 0755) == 0 || errno == EEXIST;
}

/* ---- Witness records -------------------------------------------------------------------- */

/* Replay one side of a witness and write it as a record with its expected Result. */
static int write_witness(const game_engine *g, const rf_cmp *c, int side, const char *path)
{
    const rf_witness *w = &c->w[c->kind];
    static game_move log[2][RF_MAX_GAME_MOVES];
    rf_diff_game d;
    rf_diff_play(g, w->players, w->seed, w->bytes, w->n, c->r[0], c->r[1], &d, log[0], log[1]);
    rf_header h;
    memset(&h, 0, sizeof h);
    h.g = g;
    h.cfg.players = w->players;
    h.cfg.readings = c->r[side];
    snprintf(h.profile, sizeof h.profile, "%s", c->profile[side]);
    snprintf(h.readings, sizeof h.readings, "%s", c->readings[side]);
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

typedef struct {
    game_move log[2][RF_MAX_GAME_MOVES];
    rf_diff_game d;
    char board[2][GAME_TEXT_MAX];   /* each side's board right after the divergence */
    char final[2][GAME_TEXT_MAX];
} rf_render;

static void render_witness(const game_engine *g, const rf_cmp *c, rf_render *r)
{
    const rf_witness *w = &c->w[c->kind];
    rf_diff_play(g, w->players, w->seed, w->bytes, w->n, c->r[0], c->r[1], &r->d, r->log[0], r->log[1]);
    long at = r->d.state_at >= 0 ? r->d.state_at : (r->d.legal_at >= 0 ? r->d.legal_at : 0);
    for (int s = 0; s < 2; s++) {
        st_buf st;
        game_config cfg = {w->players, c->r[s]};
        g->setup_seed(st.b, &cfg, w->seed);
        for (long k = 0; k < r->d.moves[s]; k++) {
            if (k == at) g->board_print(st.b, r->board[s], sizeof r->board[s]);
            g->apply(st.b, &r->log[s][k]);
        }
        if (at >= r->d.moves[s]) g->board_print(st.b, r->board[s], sizeof r->board[s]);
        g->board_print(st.b, r->final[s], sizeof r->final[s]);
    }
}

/* Print the moves of both sides, rows from..to (1-based), marking the rows where they differ. */
static void move_rows(const game_engine *g, const rf_cmp *c, const rf_render *r, long from, long to,
                      FILE *md, FILE *html)
{
    st_buf st[2];
    for (int s = 0; s < 2; s++) {
        game_config cfg = {c->w[c->kind].players, c->r[s]};
        g->setup_seed(st[s].b, &cfg, c->w[c->kind].seed);
    }
    long n = r->d.moves[0] > r->d.moves[1] ? r->d.moves[0] : r->d.moves[1];
    for (long k = 0; k < n && k < to; k++) {
        char t[2][96] = {"", ""};
        for (int s = 0; s < 2; s++)
            if (k < r->d.moves[s]) {
                char mv[64] = "";
                char dn[16] = "";
                game_decider_print(g, st[s].b, g->to_move(st[s].b), dn, sizeof dn);
                g->move_print(st[s].b, &r->log[s][k], mv, sizeof mv);
                snprintf(t[s], sizeof t[s], "%s %s", dn, mv);
                g->apply(st[s].b, &r->log[s][k]);
            }
        if (k + 1 < from) continue;
        int differ = strcmp(t[0], t[1]) != 0;
        if (md) fprintf(md, "| %ld | %s | %s |%s\n", k + 1, t[0], t[1], differ ? " differs" : "");
        if (html) fprintf(html, "<tr%s><td>%ld</td><td>%s</td><td>%s</td></tr>\n", differ ? " class=\"d\"" : "",
                          k + 1, t[0], t[1]);
    }
}

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

typedef struct { long games; int players; uint64_t seed; const char *out; const char *spec; } rf_diff_opts;

static int parse_opts(int argc, char **argv, int from, rf_diff_opts *o, const char **pos, int npos, int *got)
{
    *got = 0;
    for (int i = from; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *e;
        if (!strcmp(a, "--games") && v) { o->games = strtol(v, &e, 10); if (*e || o->games < 1) goto bad; i++; }
        else if (!strcmp(a, "--players") && v) { o->players = (int)strtol(v, &e, 10); if (*e) goto bad; i++; }
        else if (!strcmp(a, "--seed") && v) { o->seed = strtoull(v, &e, 10); if (*e) goto bad; i++; }
        else if (!strcmp(a, "--out") && v) { o->out = v; i++; }
        else if (!strcmp(a, "--spec") && v) { o->spec = v; i++; }
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

int rf_cmd_diff(int argc, char **argv)
{
    rf_diff_opts o = {10000, 0, 1, NULL, NULL};
    const char *pos[3];
    int got;
    if (parse_opts(argc, argv, 0, &o, pos, 3, &got) || got != 3) {
        if (got != 3) fprintf(stderr, "rulefuzz: usage: rulefuzz diff GAME A B [--games N] [--players P] [--seed S] [--out DIR]\n");
        return RF_EXIT_BADINPUT;
    }
    const game_engine *g = game_find(pos[0]);
    if (!g) { fprintf(stderr, "rulefuzz: unknown game '%s'\n", pos[0]); return RF_EXIT_BADINPUT; }
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
        witness_files(g, &one, dir, a, b, sizeof a);
        if (a[0]) printf("  witness (%s, %ld moves): %s  %s\n", rf_kind_name[one.kind], one.w[one.kind].length, a, b);
    }
    return RF_EXIT_OK;
}

/* ---- The report --------------------------------------------------------------------------- */

static int cmp_impact(const void *x, const void *y)
{
    const rf_cmp *a = *(rf_cmp *const *)x, *b = *(rf_cmp *const *)y;
    for (int k = RF_KINDS - 1; k >= 0; k--) {
        if (a->count[k] != b->count[k]) return a->count[k] < b->count[k] ? 1 : -1;
    }
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

int rf_cmd_report(int argc, char **argv)
{
    rf_diff_opts o = {10000, 0, 1, NULL, "SPEC.md"};
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
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    for (int i = 0; i < ncmp - npairs; i++) order[i] = &cmp[npairs + i];
    qsort(order, (size_t)(ncmp - npairs), sizeof *order, cmp_impact);

    char mdp[4200], htp[4200];
    snprintf(mdp, sizeof mdp, "%s/ambiguities-%s.md", dir, g->name);
    snprintf(htp, sizeof htp, "%s/ambiguities-%s.html", dir, g->name);
    FILE *md = fopen(mdp, "w"), *ht = fopen(htp, "w");
    if (!md || !ht) { fprintf(stderr, "rulefuzz: cannot write in %s\n", dir); return RF_EXIT_BADINPUT; }

    char players[32];
    if (o.players) snprintf(players, sizeof players, "%d players", o.players);
    else snprintf(players, sizeof players, "%d to %d players in turn", g->min_players, g->max_players);
    fprintf(md, "# Ambiguity report: %s (`%s`)\n\n", g->title, g->name);
    fprintf(md, "Each comparison plays the same %ld random games (%s, deal seeds %llu..%llu) twice in lockstep:\n"
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
        char a[4096], b[4096], t[96];
        witness_files(g, c, wdir, a, b, sizeof a);
        fprintf(md, "## The texts compared: %s\n\n| change | games |\n|---|---|\n", c->name);
        fprintf(ht, "<h2>The texts compared: %s</h2>\n<table><tr><th>change</th><th>games</th></tr>\n", c->name);
        for (int kk = RF_KINDS - 1; kk >= 0; kk--) {
            rate_text(t, sizeof t, c->count[kk], c->games);
            fprintf(md, "| %s | %s |\n", rf_kind_name[kk], t);
            fprintf(ht, "<tr><td>%s</td><td>%s</td></tr>\n", rf_kind_name[kk], t);
        }
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
        if (a[0]) {
            fprintf(md, "Witness (%s changes, %ld moves): `%s`, `%s`.\n\n", rf_kind_name[c->kind], c->w[c->kind].length, a, b);
            fprintf(ht, "<p>Witness (%s changes, %ld moves): <a href=\"%s\">%s</a>, <a href=\"%s\">%s</a></p>\n",
                    rf_kind_name[c->kind], c->w[c->kind].length, a + strlen(dir) + 1, a + strlen(dir) + 1,
                    b + strlen(dir) + 1, b + strlen(dir) + 1);
        }
    }

    /* Summary, by impact. */
    fprintf(md, "## Every ambiguity, by impact\n\nEach entry of SPEC.md's register, toggled alone on the `%s` profile.\n\n"
                "| ambiguity | key | %s reading → other | winner changed | scores changed | legal moves changed | state changed |\n"
                "|---|---|---|---|---|---|---|\n", base, base);
    fprintf(ht, "<h2>Every ambiguity, by impact</h2><p>Each entry of SPEC.md's register, toggled alone on the <code>%s</code> "
                "profile (the first reading shown), in the same games. Bars: share of games whose winner changed. "
                "<span class=\"tag\">texts differ</span>: the Dutch and English texts state different readings."
                "</p>\n<table><tr><th>ambiguity</th><th>key: readings</th><th>profiles</th><th>winner changed</th>"
                "<th>scores changed</th><th>legal moves changed</th><th>state changed</th></tr>\n", base);
    for (int i = 0; i < ncmp - npairs; i++) {
        rf_cmp *c = order[i];
        const game_ambiguity *am = &g->amb[c->amb];
        char t[RF_KINDS][96], th[RF_KINDS][160], prof[128] = "";
        size_t pl = 0;
        for (int kk = 0; kk < RF_KINDS; kk++) {
            rate_text(t[kk], sizeof t[kk], c->count[kk], c->games);
            rate_html(th[kk], sizeof th[kk], c->count[kk], c->games);
        }
        int texts_differ = 0;
        for (int p = 0; p < g->n_profiles; p++) {
            pl += (size_t)snprintf(prof + pl, sizeof prof - pl, "%s%s: %s", p ? "<br>" : "", g->profiles[p].name,
                                   am->reading[(g->profiles[p].readings >> c->amb) & 1]);
            texts_differ |= (int)(((g->profiles[p].readings ^ g->profiles[0].readings) >> c->amb) & 1u);
        }
        int cur = (int)((c->r[0] >> c->amb) & 1);
        fprintf(md, "| [%s](#%s)%s | `%s` | %s → %s | %s | %s | %s | %s |\n", am->id, am->id,
                texts_differ ? " (texts differ)" : "", am->key, am->reading[cur], am->reading[!cur], t[3], t[2], t[1], t[0]);
        double w = 100.0 * (double)c->count[3] / (double)c->games;
        fprintf(ht, "<tr%s><td><a href=\"#%s\">%s</a>%s</td><td><code>%s</code><br>%s &rarr; %s</td><td>%s</td>"
                    "<td class=\"n\"><span class=\"bar\" style=\"width:%.0fpx\"></span>%s</td><td class=\"n\">%s</td>"
                    "<td class=\"n\">%s</td><td class=\"n\">%s</td></tr>\n",
                c->kind < 0 ? " class=\"harmless\"" : "", am->id, am->id,
                texts_differ ? "<br><span class=\"tag\">texts differ</span>" : "", am->key, am->reading[cur],
                am->reading[!cur], prof, w * 1.2, th[3], th[2], th[1], th[0]);
    }
    fprintf(ht, "</table>\n");
    fprintf(md, "\nHarmless in %ld games (never changed a state, legal moves, scores or winner):", o.games);
    fprintf(ht, "<p><b>Harmless</b> in %ld games (never changed a state, legal moves, scores or winner):", o.games);
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
    static rf_render r;
    for (int i = 0; i < ncmp - npairs; i++) {
        rf_cmp *c = order[i];
        const game_ambiguity *am = &g->amb[c->amb];
        size_t elen = 0;
        const char *entry = spec_entry(spec, am->id, &elen);
        fprintf(md, "<a id=\"%s\"></a>\n## %s (`%s`)\n\n", am->id, am->id, am->key);
        fprintf(ht, "<h2 id=\"%s\">%s (<code>%s</code>)</h2>\n", am->id, am->id, am->key);
        if (entry) { fwrite(entry, 1, elen, md); fputs("\n\n", md); html_spec_items(ht, entry, elen); }
        else { fputs("(no entry in SPEC.md)\n\n", md); fputs("<p class=\"muted\">(no entry in SPEC.md)</p>\n", ht); }
        fprintf(md, "**Measured** (`%s` against `%s`, %ld games): ", c->side[0], c->side[1], c->games);
        fprintf(ht, "<p><b>Measured</b> (<code>%s</code> against <code>%s</code>, %ld games):</p><table>", c->side[0], c->side[1], c->games);
        for (int kk = RF_KINDS - 1; kk >= 0; kk--) {
            char t[96];
            rate_text(t, sizeof t, c->count[kk], c->games);
            fprintf(md, "%s %s changed in %s", kk == RF_KINDS - 1 ? "" : ";", rf_kind_name[kk], t);
            fprintf(ht, "<tr><td>%s changed</td><td class=\"n\">%s</td></tr>", rf_kind_name[kk], t);
        }
        fprintf(md, ".\n\n");
        fprintf(ht, "</table>\n");
        if (c->kind < 0) {
            fprintf(md, "Harmless: no game out of %ld changed.\n\n", c->games);
            fprintf(ht, "<p><b>Harmless</b>: no game out of %ld changed.</p>\n", c->games);
            continue;
        }
        char a[4096], b[4096];
        witness_files(g, c, wdir, a, b, sizeof a);
        render_witness(g, c, &r);
        const rf_witness *w = &c->w[c->kind];
        long at = r.d.state_at >= 0 ? r.d.state_at : r.d.legal_at;
        char sa[256], sb[256];
        scores_text(sa, sizeof sa, r.d.scores[0], r.d.winners[0], w->players);
        scores_text(sb, sizeof sb, r.d.scores[1], r.d.winners[1], w->players);
        const char *where = at == 0 ? "at the deal" : at < 0 ? "only in the final scoring" : "at the move marked below";
        fprintf(md, "**Witness**: the shortest game found whose %s changed, %d players, deal seed %llu: the two runs part "
                    "%s. Records: `%s`, `%s`.\n\n",
                rf_kind_name[c->kind], w->players, (unsigned long long)w->seed, where, a, b);
        fprintf(ht, "<p><b>Witness</b>: the shortest game found whose %s changed, %d players, deal seed %llu; the runs part "
                    "%s. Records: <a href=\"%s\">%s</a>, <a href=\"%s\">%s</a>.</p>\n",
                rf_kind_name[c->kind], w->players, (unsigned long long)w->seed,
                at == 0 ? "at the deal" : at < 0 ? "only in the final scoring" : "at the highlighted move",
                a + strlen(dir) + 1, a + strlen(dir) + 1,
                b + strlen(dir) + 1, b + strlen(dir) + 1);
        long last = r.d.moves[0] > r.d.moves[1] ? r.d.moves[0] : r.d.moves[1];
        if (at < 0) at = last;                       /* only the final scoring differs */
        long from = at > 3 ? at - 3 : 1, to = at + 3;
        fprintf(md, "| move | %s | %s |\n|---|---|---|\n", c->side[0], c->side[1]);
        fprintf(ht, "<table><tr><th>move</th><th>%s</th><th>%s</th></tr>\n", c->side[0], c->side[1]);
        if (from > 1) { fprintf(md, "| … | %ld moves alike | |\n", from - 1); fprintf(ht, "<tr><td>&hellip;</td><td colspan=2 class=\"muted\">%ld moves alike (all moves: the records)</td></tr>\n", from - 1); }
        move_rows(g, c, &r, from, to, md, ht);
        fprintf(ht, "</table>\n");
        fprintf(md, "\nThe board after move %ld under `%s`:\n\n```\n%s```\n\nand under `%s`:\n\n```\n%s```\n\n",
                at, c->side[0], r.board[0], c->side[1], r.board[1]);
        fprintf(ht, "<div class=\"pair\"><div><p>After move %ld under <code>%s</code>:</p>", at, c->side[0]);
        html_pre(ht, r.board[0]);
        fprintf(ht, "</div><div><p>After move %ld under <code>%s</code>:</p>", at, c->side[1]);
        html_pre(ht, r.board[1]);
        fprintf(ht, "</div></div>\n");
        fprintf(md, "Final scores: `%s` %s (%ld moves); `%s` %s (%ld moves).\n\n", c->side[0], sa, r.d.moves[0], c->side[1], sb, r.d.moves[1]);
        fprintf(ht, "<p>Final scores: <code>%s</code> %s (%ld moves); <code>%s</code> %s (%ld moves).</p>\n",
                c->side[0], sa, r.d.moves[0], c->side[1], sb, r.d.moves[1]);
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
