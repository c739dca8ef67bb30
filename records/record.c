/* record.c: read, replay and write game records; the decision-stream driver. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "record.h"

/* ---- Reading -------------------------------------------------------------------- */

char *rf_read_file(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) { snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno)); return NULL; }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        size_t r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (r == 0) break;
        if (n == cap) {
            if (cap >= (16u << 20)) { free(buf); buf = NULL; snprintf(err, errlen, "%s: larger than 16 MiB", path); break; }
            char *nb = realloc(buf, cap * 2 + 1);
            if (!nb) { free(buf); buf = NULL; break; }
            buf = nb; cap *= 2;
        }
    }
    if (buf && ferror(f)) { free(buf); buf = NULL; snprintf(err, errlen, "%s: read error", path); }
    fclose(f);
    if (!buf) { if (!err[0]) snprintf(err, errlen, "%s: out of memory", path); return NULL; }
    buf[n] = 0;
    *len = n;
    return buf;
}

/* One line of the record, without its comment and surrounding blanks. */
typedef struct { const char *s; size_t n; int lineno; } rf_line;

static int next_line(const char *text, size_t len, size_t *pos, int *lineno, rf_line *out)
{
    while (*pos < len) {
        size_t a = *pos, e = a;
        while (e < len && text[e] != '\n') e++;
        *pos = e < len ? e + 1 : e;
        (*lineno)++;
        size_t b = e;
        /* ';' starts a comment, except inside a tag's quoted value */
        int inq = 0;
        for (size_t i = a; i < e; i++) {
            if (text[i] == '"') inq = !inq;
            else if (text[i] == ';' && !inq) { b = i; break; }
        }
        while (a < b && (text[a] == ' ' || text[a] == '\t' || text[a] == '\r')) a++;
        while (b > a && (text[b - 1] == ' ' || text[b - 1] == '\t' || text[b - 1] == '\r')) b--;
        if (a == b) continue;
        out->s = text + a; out->n = b - a; out->lineno = *lineno;
        return 1;
    }
    return 0;
}

#define BAD(...) do { snprintf(err, errlen, __VA_ARGS__); return RF_EXIT_BADINPUT; } while (0)

static int parse_u64(const char *s, size_t n, uint64_t *v)
{
    if (n == 0 || n > 20) return -1;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return -1;
        uint64_t d = (uint64_t)(s[i] - '0');
        if (x > (UINT64_MAX - d) / 10) return -1;
        x = x * 10 + d;
    }
    *v = x;
    return 0;
}

/* Parse "[Name "value"]" into name/value spans. */
static int parse_tag(const rf_line *l, const char **name, size_t *nn, const char **val, size_t *vn)
{
    const char *s = l->s, *e = l->s + l->n;
    if (*s != '[' || e[-1] != ']') return -1;
    s++; e--;
    *name = s;
    while (s < e && *s != ' ') s++;
    *nn = (size_t)(s - *name);
    while (s < e && *s == ' ') s++;
    if (s >= e || *s != '"' || e[-1] != '"' || e - s < 2) return -1;
    *val = s + 1;
    *vn = (size_t)(e - 1 - (s + 1));
    if (*nn == 0 || memchr(*val, '"', *vn)) return -1;
    return 0;
}

static int tag_is(const char *name, size_t nn, const char *want)
{
    return strlen(want) == nn && strncmp(name, want, nn) == 0;
}

/* The legal moves of st in notation, comma-separated, cut with "..." to fit n. */
static void legal_list(const game_engine *g, const void *st, char *out, size_t n)
{
    game_move ms[GAME_MAX_MOVES];
    int k = g->legal_moves(st, ms, GAME_MAX_MOVES);
    size_t o = 0;
    out[0] = 0;
    for (int i = 0; i < k; i++) {
        char mv[64];
        if (g->move_print(st, &ms[i], mv, sizeof mv) < 0) continue;
        if (o + strlen(mv) + 16 >= n) { snprintf(out + o, n - o, "%s... (%d in all)", i ? ", " : "", k); return; }
        o += (size_t)snprintf(out + o, n - o, "%s%s", i ? ", " : "", mv);
    }
    if (!k) snprintf(out, n, "none");
}

int rf_replay_text(const char *fname, const char *text, size_t len, inv_ctx *c,
                   rf_replay *out, char *err, size_t errlen)
{
    return rf_replay_upto(fname, text, len, c, -1, out, err, errlen);
}

static int replay_upto(const char *fname, const char *text, size_t len, inv_ctx *c, long upto,
                       rf_replay *out, char *err, size_t errlen);

int rf_replay_upto(const char *fname, const char *text, size_t len, inv_ctx *c, long upto,
                   rf_replay *out, char *err, size_t errlen)
{
    int rc = replay_upto(fname, text, len, c, upto, out, err, errlen);
    if (rc != RF_EXIT_OK) game_reason_line(GAME_BADARG, err, errlen);   /* one printable line */
    return rc;
}

static int replay_upto(const char *fname, const char *text, size_t len, inv_ctx *c, long upto,
                       rf_replay *out, char *err, size_t errlen)
{
    rf_header h;
    memset(&h, 0, sizeof h);
    memset(out, 0, sizeof *out);
    out->violated_k = -1;
    size_t pos = 0;
    int lineno = 0;
    rf_line l;
    int have_players = 0, first_move_line = 0;
    char game_name[32] = "", prof[32] = "";
    int game_line = 0, position_line = 0;

    if (memchr(text, 0, len)) BAD("%s:1: not a text file (NUL byte)", fname);
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) { text += 3; len -= 3; }   /* a UTF-8 byte-order mark: not part of the record */
    int tag_line[7] = {0};              /* Game, Profile, Readings, Players, Seed, Position, Result: where each was given */
    static const char *const tag_name[7] = {"Game", "Profile", "Readings", "Players", "Seed", "Position", "Result"};
    /* Header: tag pairs until the first move line. */
    while (next_line(text, len, &pos, &lineno, &l)) {
        if (l.s[0] != '[') { first_move_line = 1; break; }
        const char *name, *val;
        size_t nn, vn;
        if (parse_tag(&l, &name, &nn, &val, &vn)) BAD("%s:%d: malformed tag (want [Name \"value\"])", fname, l.lineno);
        for (int t = 0; t < 7; t++) {
            if (!tag_is(name, nn, tag_name[t])) continue;
            if (tag_line[t]) BAD("%s:%d: [%s] is given again (first on line %d)", fname, l.lineno, tag_name[t], tag_line[t]);
            tag_line[t] = l.lineno;
        }
        if (tag_is(name, nn, "Game")) {
            if (vn >= sizeof game_name) BAD("%s:%d: unknown game", fname, l.lineno);
            memcpy(game_name, val, vn); game_name[vn] = 0; game_line = l.lineno;
        } else if (tag_is(name, nn, "Profile")) {
            if (vn >= sizeof prof) BAD("%s:%d: profile name too long", fname, l.lineno);
            memcpy(prof, val, vn); prof[vn] = 0;
        } else if (tag_is(name, nn, "Readings")) {
            if (vn >= sizeof h.readings) BAD("%s:%d: Readings too long", fname, l.lineno);
            memcpy(h.readings, val, vn); h.readings[vn] = 0;
        } else if (tag_is(name, nn, "Players")) {
            uint64_t v;
            if (parse_u64(val, vn, &v) || v > 1000) BAD("%s:%d: Players must be a number", fname, l.lineno);
            h.cfg.players = (int)v; have_players = 1;
        } else if (tag_is(name, nn, "Seed")) {
            if (parse_u64(val, vn, &h.seed)) BAD("%s:%d: Seed must be a number below 2^64", fname, l.lineno);
            h.has_seed = 1;
        } else if (tag_is(name, nn, "Position")) {
            h.position = val; h.position_len = vn; position_line = l.lineno;
        } else if (tag_is(name, nn, "Result")) {
            int k = 0;
            const char *p = val, *e = val + vn;
            while (p < e) {
                while (p < e && *p == ' ') p++;
                const char *q = p;
                while (q < e && *q != ' ') q++;
                uint64_t v;
                if (q == p) break;
                if (k >= GAME_MAX_PLAYERS || parse_u64(p, (size_t)(q - p), &v) || v > 100000)
                    BAD("%s:%d: Result must be one score per player", fname, l.lineno);
                h.result[k++] = (int)v;
                p = q;
            }
            h.has_result = k;
        }
        /* Other tags (Event, Date, Comment, Violation, ...) are kept for people. */
    }
    if (!game_name[0]) BAD("%s:%d: missing [Game \"...\"] tag", fname, lineno ? lineno : 1);
    h.g = game_find(game_name);
    if (!h.g) BAD("%s:%d: unknown game '%s'", fname, game_line, game_name);
    if (!have_players) BAD("%s:%d: missing [Players \"N\"] tag", fname, game_line);
    if (h.cfg.players < h.g->min_players || h.cfg.players > h.g->max_players)
        BAD("%s:%d: %s takes %d to %d players", fname, game_line, h.g->name, h.g->min_players, h.g->max_players);
    if (!prof[0] && !h.readings[0]) BAD("%s:%d: missing [Profile \"...\"] or [Readings \"...\"] tag", fname, game_line);
    char rerr[200];
    if (game_readings_parse(h.g, prof, h.readings, &h.cfg.readings, rerr, sizeof rerr) != GAME_OK)
        BAD("%s:%d: %s", fname, tag_line[2] && !strstr(rerr, "profile") ? tag_line[2] : tag_line[1] ? tag_line[1] : game_line, rerr);
    /* A partial position (rest=pile|box) may come with a [Seed]: it deals the cards the position
     * leaves unnamed (it becomes the position's rng). Otherwise exactly one of the two. */
    int partial = 0;
    if (h.position) {
        for (size_t i = 0; i + 5 <= h.position_len; i++)
            if ((i == 0 || h.position[i - 1] == ';') && !memcmp(h.position + i, "rest=", 5)) partial = 1;
    }
    if (!partial && h.has_seed == (h.position != NULL)) BAD("%s:%d: give exactly one of [Seed] and [Position]", fname, game_line);
    if (partial && !h.has_seed) BAD("%s:%d: a partial position (rest=...) needs a [Seed] to deal the cards it does not name", fname, position_line);
    if (h.has_result && h.has_result != h.cfg.players)
        BAD("%s:%d: Result has %d scores for %d players", fname, game_line, h.has_result, h.cfg.players);

    const game_engine *g = h.g;
    void *st = out->st;
    out->g = g;
    /* The record's [Game] tag alone decides whose oracles run: a context set up for another game
     * (or not yet for any: c->g NULL) is set up again for this one, with the same generic oracles. */
    if (c && c->g != g && inv_init(c, g, c->generic)) BAD("%s:%d: %s has no oracles", fname, game_line, g->name);
    out->cfg = h.cfg;
    if (h.has_seed && !partial) {
        if (g->setup_seed(st, &h.cfg, h.seed) != GAME_OK) BAD("%s:%d: cannot deal this configuration", fname, game_line);
    } else {
        char *pt = malloc(h.position_len + 40), perr[RF_ERR_MAX];
        if (!pt) BAD("%s: out of memory", fname);
        memcpy(pt, h.position, h.position_len); pt[h.position_len] = 0;
        if (partial) snprintf(pt + h.position_len, 40, ";rng=%016llx", (unsigned long long)h.seed);
        int rc = g->setup_position(st, &h.cfg, pt, perr, sizeof perr);
        free(pt);
        if (rc != GAME_OK) BAD("%s:%d: %s", fname, position_line, perr);
        /* A position no legal game can reach is bad input, refused here (exit 2) rather than
         * reported as an oracle violation at its first move. */
        inv_ctx *pc = malloc(sizeof *pc);
        if (!pc) BAD("%s: out of memory", fname);
        if (inv_init(pc, g, 0) == 0) {
            inv_on_position(pc, st);
            if (pc->violations) {
                snprintf(err, errlen, "%s:%d: position: %s (%s)", fname, position_line, pc->first_msg, pc->clause[pc->first_k]->id);
                free(pc);
                return RF_EXIT_BADINPUT;
            }
        }
        free(pc);
    }
    if (c) {
        if (h.has_seed && !partial) inv_on_setup(c, st);
        else inv_on_position(c, st);
        if (c->violations) {
            snprintf(err, errlen, "%s: oracle %s violated at setup: %s", fname,
                     c->clause[c->first_k]->id, c->first_msg);
            out->violated_k = c->first_k;
            return RF_EXIT_VIOLATION;
        }
    }
    /* Moves: "Pn move". */
    unsigned char pre[GAME_STATE_MAX] __attribute__((aligned(16)));
    int more = first_move_line;
    if (more) {                                   /* count the move lines first */
        size_t p2 = pos;
        int ln = lineno;
        rf_line x;
        out->total = 1;
        while (next_line(text, len, &p2, &ln, &x)) out->total++;
    }
    while (more && (upto < 0 || out->moves < upto)) {
        char buf[128];
        if (l.s[0] == '[') BAD("%s:%d: tag after the first move", fname, l.lineno);
        if (l.n >= sizeof buf) BAD("%s:%d: move line too long", fname, l.lineno);
        if (out->moves >= RF_MAX_GAME_MOVES) BAD("%s:%d: more than %d moves", fname, l.lineno, RF_MAX_GAME_MOVES);
        memcpy(buf, l.s, l.n); buf[l.n] = 0;
        int who = -1, used = 0;
        if (buf[0] == 'T' && buf[1] == ' ') { who = h.cfg.players + 1; used = 2; }   /* the table (game.h) */
        else if (sscanf(buf, "P%d %n", &who, &used) < 1 || used == 0 || who < 1 || who > h.cfg.players)
            BAD("%s:%d: expected 'P<n> <move>' or 'T <move>'", fname, l.lineno);
        while (buf[used] == ' ') used++;
        int to = g->to_move(st);
        if (to < 0) BAD("%s:%d: move after the end of the game", fname, l.lineno);
        if (who - 1 != to) {
            char want[16], got[16];
            game_decider_print(g, st, to, want, sizeof want);
            game_decider_print(g, st, who - 1, got, sizeof got);
            BAD("%s:%d: it is %s's decision, not %s's", fname, l.lineno, want, got);
        }
        game_move m;
        if (g->move_parse(st, buf + used, &m) != GAME_OK) BAD("%s:%d: cannot read move '%s'", fname, l.lineno, buf + used);
        memcpy(pre, st, g->state_size);
        if (g->apply(st, &m) != GAME_OK) {
            char why[160] = "", legal[320];
            if (g->why_illegal && g->why_illegal(st, &m, why, sizeof why) <= 0) why[0] = 0;
            legal_list(g, st, legal, sizeof legal);
            BAD("%s:%d: illegal move '%s'%s%s; legal now: %s", fname, l.lineno, buf, why[0] ? ": " : "", why, legal);
        }
        out->moves++;
        if (c) {
            inv_on_step(c, pre, &m, st);
            if (c->violations) {
                snprintf(err, errlen, "%s:%d: oracle %s violated by move %ld '%s': %s", fname, l.lineno,
                         c->clause[c->first_k]->id, out->moves, buf, c->first_msg);
                out->violated_k = c->first_k;
                out->violated_move = out->moves;
                out->violated_line = l.lineno;
                return RF_EXIT_VIOLATION;
            }
        }
        more = next_line(text, len, &pos, &lineno, &l);
    }
    if (upto >= 0 && out->moves < out->total) { out->over = g->to_move(st) < 0; return RF_EXIT_OK; }
    out->over = g->to_move(st) < 0;
    if (out->over) {
        g->result(st, out->scores, &out->winners);
        if (c) {
            inv_on_final(c, st);
            if (c->violations) {
                snprintf(err, errlen, "%s: oracle %s violated at the final scoring: %s", fname,
                         c->clause[c->first_k]->id, c->first_msg);
                out->violated_k = c->first_k;
                return RF_EXIT_VIOLATION;
            }
        }
    }
    if (h.has_result) {
        if (!out->over) BAD("%s:%d: the record gives a Result but the game is not over", fname, lineno);
        for (int p = 0; p < h.cfg.players; p++)
            if (h.result[p] != out->scores[p]) {
                snprintf(err, errlen, "%s: Result mismatch: the record says P%d scores %d, the engine gives %d",
                         fname, p + 1, h.result[p], out->scores[p]);
                return RF_EXIT_VIOLATION;
            }
    }
    return RF_EXIT_OK;
}

/* ---- Writing -------------------------------------------------------------------- */

int rf_record_write(FILE *f, const rf_header *h, const void *start, const game_move *moves,
                    long n, const char *comment)
{
    const game_engine *g = h->g;
    unsigned char st[GAME_STATE_MAX] __attribute__((aligned(16)));
    char buf[GAME_TEXT_MAX];
    if (comment) fprintf(f, "; %s\n", comment);
    fprintf(f, "[Game \"%s\"]\n", g->name);
    if (h->profile[0]) fprintf(f, "[Profile \"%s\"]\n", h->profile);
    if (h->readings[0]) fprintf(f, "[Readings \"%s\"]\n", h->readings);
    fprintf(f, "[Players \"%d\"]\n", h->cfg.players);
    if (h->has_seed) fprintf(f, "[Seed \"%llu\"]\n", (unsigned long long)h->seed);
    else {
        if (g->position_print(start, buf, sizeof buf) < 0) return -1;
        fprintf(f, "[Position \"%s\"]\n", buf);
    }
    if (h->has_result) {
        fprintf(f, "[Result \"");
        for (int p = 0; p < h->has_result; p++) fprintf(f, "%s%d", p ? " " : "", h->result[p]);
        fprintf(f, "\"]\n");
    }
    memcpy(st, start, g->state_size);
    for (long i = 0; i < n; i++) {
        int who = g->to_move(st);
        char dn[16];
        if (who < 0 || g->move_print(st, &moves[i], buf, sizeof buf) < 0) return -1;
        if (game_decider_print(g, st, who, dn, sizeof dn) < 0) return -1;
        if (g->apply(st, &moves[i]) != GAME_OK) return -1;
        fprintf(f, "%s %s\n", dn, buf);
    }
    int scores[GAME_MAX_PLAYERS];
    unsigned w;
    if (g->result(st, scores, &w) == GAME_OK) {
        fprintf(f, "; final scores:");
        for (int p = 0; p < h->cfg.players; p++) fprintf(f, " P%d %d%s", p + 1, scores[p], (w >> p) & 1 ? " (wins)" : "");
        fprintf(f, "\n");
    } else if (n >= RF_MAX_GAME_MOVES) {
        fprintf(f, "; cut at %ld moves, the most a record holds: the game is not over\n", n);
    }
    return 0;
}

int rf_record_check(inv_ctx *c, const rf_header *h, const void *start, const game_move *log, long n,
                    const void *final)
{
    static rf_replay out;
    char *text = NULL, err[RF_ERR_MAX] = "";
    size_t len = 0;
    inv_applied(c, INV_K_RECORD);
    FILE *f = open_memstream(&text, &len);
    if (!f) return 0;                                /* no memory: nothing judged */
    int wrc = rf_record_write(f, h, start, log, n, "GEN-RECORD");
    if (fclose(f) != 0 || !text) { free(text); return 0; }
    inv_fired(c, INV_K_RECORD);
    int bad = 1;
    if (wrc != 0)
        inv_fail(c, INV_K_RECORD, "the game of %ld moves does not write as a record", n);
    else if (rf_replay_text("record", text, len, NULL, &out, err, sizeof err) != RF_EXIT_OK)
        inv_fail(c, INV_K_RECORD, "the game's record does not replay: %s", err);
    else if (out.moves != n)
        inv_fail(c, INV_K_RECORD, "the game's record replays %ld moves, not %ld", out.moves, n);
    else if (memcmp(out.st, final, h->g->state_size) != 0)
        inv_fail(c, INV_K_RECORD, "the game's record replays to another state after its %ld moves", n);
    else bad = 0;
    free(text);
    return bad;
}

/* ---- Decision stream -------------------------------------------------------------- */

static void trace_byte(rf_chooser *ch, unsigned b)
{
    if (ch->trace && ch->trace_len < ch->trace_cap) ch->trace[ch->trace_len++] = (uint8_t)b;
}

int rf_choose(rf_chooser *ch, int n)
{
    if (n <= 1) return 0;
    if (ch->pos < ch->len) {
        unsigned v = ch->data[ch->pos++];
        trace_byte(ch, v);
        if (n > 256 && ch->pos < ch->len) { v = v << 8 | ch->data[ch->pos]; trace_byte(ch, ch->data[ch->pos++]); }
        return (int)(v % (unsigned)n);
    }
    unsigned v = ch->use_rng ? (unsigned)game_rng_below(&ch->rng, (uint32_t)n) : 0;
    if (n > 256) trace_byte(ch, v >> 8);
    trace_byte(ch, v & 0xff);
    return (int)v;
}

long rf_play(const game_engine *g, void *st, rf_chooser *ch, inv_ctx *c,
             game_move *log, long log_cap, long max)
{
    game_move lists[2][GAME_MAX_MOVES];
    game_move *legal = lists[0], *next = lists[1], *t;
    unsigned char pre[GAME_STATE_MAX] __attribute__((aligned(16)));
    long k = 0;
    int n = g->legal_moves(st, legal, GAME_MAX_MOVES);
    while (k < max && n > 0) {
        game_move m = legal[rf_choose(ch, n)];
        if (c) memcpy(pre, st, g->state_size);
        if (g->apply(st, &m) != GAME_OK) {
            if (c) inv_fail(c, INV_K_LEGAL /* GEN-LEGAL-APPLIES */, "chosen legal move was rejected");
            break;
        }
        if (log && k < log_cap) log[k] = m;
        k++;
        int n_next = g->legal_moves(st, next, GAME_MAX_MOVES);
        if (c) {
            c->pre_legal = legal;                /* the oracles reuse the driver's enumerations */
            c->n_pre_legal = n;
            c->post_legal = next;
            c->n_post_legal = n_next;
            inv_on_step(c, pre, &m, st);
            if (c->violations) break;
        }
        t = legal; legal = next; next = t;
        n = n_next;
    }
    if (c && !c->violations && g->to_move(st) < 0) inv_on_final(c, st);
    return k;
}

void rf_header_from_bytes(const game_engine *g, const uint8_t *data, size_t len,
                          rf_header *h, rf_chooser *ch)
{
    uint8_t hd[12] = {0};
    memcpy(hd, data, len < 12 ? len : 12);
    memset(h, 0, sizeof *h);
    h->g = g;
    h->cfg.players = g->min_players + hd[0] % (g->max_players - g->min_players + 1);
    if (hd[1] & 0x80) {                 /* a raw reading mask: every combination is reachable */
        uint32_t mask = (uint32_t)(hd[1] & 0x7f) | (uint32_t)hd[2] << 7 | (uint32_t)hd[3] << 15;
        h->cfg.readings = mask & ((1u << g->n_amb) - 1u);
        game_readings_print(g, h->cfg.readings, h->readings, sizeof h->readings);
    } else {
        const game_profile *p = &g->profiles[hd[1] % g->n_profiles];
        h->cfg.readings = p->readings;
        snprintf(h->profile, sizeof h->profile, "%s", p->name);
    }
    h->has_seed = 1;
    for (int i = 0; i < 8; i++) h->seed = h->seed << 8 | hd[4 + i];
    memset(ch, 0, sizeof *ch);
    if (len > 12) { ch->data = data + 12; ch->len = len - 12; }
    uint64_t hash = 1469598103934665603ull;            /* FNV-1a over every byte */
    for (size_t i = 0; i < len; i++) hash = (hash ^ data[i]) * 1099511628211ull;
    ch->use_rng = 1;
    ch->rng = hash;
}
