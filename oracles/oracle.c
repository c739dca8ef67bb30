/* oracle.c: the oracle driver, its counters, and the game-independent conformance oracles. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "oracle.h"

extern const inv_game inv_hdz_game;
extern const inv_game inv_kk_game;
extern const inv_game inv_gp_game;
extern const inv_game inv_bids_game;
const inv_game *const inv_games[] = { &inv_hdz_game, &inv_kk_game, &inv_gp_game, &inv_bids_game, NULL };

const inv_clause inv_generic_clauses[] = {
    {"GEN-DETERMINISM",      "inv_gen_determinism", "conformance", NULL},
    {"GEN-ROUNDTRIP",        "inv_gen_roundtrip",   "conformance", NULL},
    {"GEN-NOTATION",         "inv_gen_notation",    "conformance", NULL},
    {"GEN-LEGAL-APPLIES",    "inv_gen_legal",       "conformance", NULL},
    {"GEN-REJECT-UNCHANGED", "inv_gen_reject",      "conformance", NULL},
    {"GEN-TERMINAL",         "inv_gen_terminal",    "conformance", NULL},
    {"GEN-HIDDEN-INFO",      "inv_gen_redact",      "conformance", NULL},
    {"GEN-READINGS",         "inv_gen_readings",    "conformance", NULL},
    {"GEN-REFUSAL",          "inv_gen_refusal",     "conformance", NULL},
    {"GEN-RECORD",           "rf_record_check",     "conformance", NULL},
};
const int inv_n_generic = (int)(sizeof inv_generic_clauses / sizeof inv_generic_clauses[0]);
enum {
    K_DET = INV_K_DETERMINISM, K_ROUND = INV_K_ROUNDTRIP, K_NOTE = INV_K_NOTATION, K_LEGAL = INV_K_LEGAL,
    K_REJECT = INV_K_REJECT, K_TERM = INV_K_TERMINAL, K_REDACT = INV_K_HIDDEN, K_READ = INV_K_READINGS,
    K_REFUSE = INV_K_REFUSAL
};
_Static_assert(sizeof inv_generic_clauses / sizeof inv_generic_clauses[0] == INV_K_RECORD + 1, "an INV_K_ per generic clause");

const inv_game *inv_game_find(const char *name)
{
    for (int i = 0; inv_games[i]; i++)
        if (strcmp(inv_games[i]->game, name) == 0) return inv_games[i];
    return NULL;
}

int inv_init(inv_ctx *c, const game_engine *g, unsigned generic)
{
    memset(c, 0, sizeof *c);
    c->g = g;
    c->og = inv_game_find(g->name);
    if (!c->og) return -1;
    c->generic = generic;
    for (int i = 0; i < inv_n_generic; i++) c->clause[c->n++] = &inv_generic_clauses[i];
    c->k_game = c->n;
    for (int i = 0; i < c->og->n_clauses && c->n < INV_MAX_CLAUSES; i++)
        c->clause[c->n++] = &c->og->clauses[i];
    c->first_k = -1;
    c->first_step = -1;
    return 0;
}

void inv_reset_counts(inv_ctx *c)
{
    memset(c->count, 0, sizeof c->count);
    memset(c->fire_mark, 0, sizeof c->fire_mark);
    memset(c->case_mark, 0, sizeof c->case_mark);
    c->violations = 0;
    c->first_k = -1;
    c->first_step = -1;
    c->first_msg[0] = 0;
    c->step = 0;
}

void inv_fail(inv_ctx *c, int k, const char *fmt, ...)
{
    c->count[k].violated++;
    if (c->violations++ == 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->first_msg, sizeof c->first_msg, fmt, ap);
        va_end(ap);
        c->first_k = k;
        c->first_step = c->step;
    }
}

/* ---- Generic conformance oracles ----------------------------------------------- */

typedef struct { unsigned char b[GAME_STATE_MAX] __attribute__((aligned(16))); } state_buf;

/* The game clause whose ID text names first (a whole ID: "(GP-CARDS-110)"), else dflt. The engines'
 * loaders end a refusal that enforces a clause with its ID, so a conformance oracle that a
 * refusal or a game oracle's message explains reports the failure under that clause. */
static int clause_named_in(const inv_ctx *c, const char *text, int dflt)
{
    const char *best = NULL;
    int bk = dflt;
    for (int k = c->k_game; k < c->n; k++) {
        const char *id = c->clause[k]->id;
        size_t l = strlen(id);
        for (const char *p = strstr(text, id); p; p = strstr(p + 1, id)) {
            char after = p[l];
            if ((p == text || (!isalnum((unsigned char)p[-1]) && p[-1] != '-')) && !isalnum((unsigned char)after) && after != '-') {
                if (!best || p < best) { best = p; bk = k; }
                break;
            }
        }
    }
    return bk;
}

/* GEN-REFUSAL: a position text the loader must refuse (the printed position text of a reached state
 * with a field no game has added, so the loaders' shared field splitter refuses it) is refused with
 * GAME_BADARG and one printable line saying why (game.h: "GAME_BADARG with a one-line reason"; the
 * shared helpers rules/game.c's game_fields_split and game_reason_line write it). Judged on the
 * printed text of every state the round trip reads back. */
static void gen_refusal(inv_ctx *c, const game_config *cfg, const char *text)
{
    const game_engine *g = c->g;
    char bad[GAME_TEXT_MAX + 32], err[512];
    state_buf scratch;
    inv_applied(c, K_REFUSE);
    snprintf(bad, sizeof bad, "%s;rulefuzz-no-field=1", text);
    memset(err, 0, sizeof err);
    int rc = g->setup_position(scratch.b, cfg, bad, err, sizeof err);
    inv_fired(c, K_REFUSE);
    if (rc != GAME_BADARG) {
        inv_fail(c, K_REFUSE, "a position with an unknown field is %s, not refused with GAME_BADARG",
                 rc == GAME_OK ? "taken" : "refused with another code");
        return;
    }
    size_t len = strnlen(err, sizeof err);
    if (len == 0 || len == sizeof err) {
        inv_fail(c, K_REFUSE, "a refused position has %s reason", len ? "an unterminated" : "an empty");
        return;
    }
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)err[i];
        if (ch < 0x20 || ch == 0x7f) {
            inv_fail(c, K_REFUSE, "a refused position's reason is not one printable line: byte %zu is 0x%02x", i, ch);
            return;
        }
    }
}

/* GEN-REFUSAL, its other half: what must be taken is taken. After a deal, setup_seed deals every
 * table size of the engine (min_players..max_players) under the deal's readings (game.h: "GAME_BADARG
 * for a bad config" only). */
static void gen_takes_config(inv_ctx *c, const void *st)
{
    const game_engine *g = c->g;
    game_config cfg = g->config(st);
    state_buf scratch;
    inv_applied(c, K_REFUSE);
    for (int p = g->min_players; p <= g->max_players; p++) {
        game_config other = {p, cfg.readings};
        if (g->setup_seed(scratch.b, &other, 1) != GAME_OK) {
            inv_fail(c, K_REFUSE, "setup_seed refuses %d players under readings 0x%x, a configuration %s plays", p,
                     cfg.readings, g->name);
            return;
        }
    }
    inv_fired(c, K_REFUSE);
}

/* GEN-READINGS: the readings a state was set up with print as the record's reading list and parse
 * back (rules/game.c's game_readings_print and game_readings_parse, which records use for their
 * header), and every profile's name parses to its readings. The text is restated here from the
 * engine's register (game.h: "key=reading" per ambiguity, comma-separated, in the register's order). */
static void gen_readings(inv_ctx *c, const void *st)
{
    const game_engine *g = c->g;
    game_config cfg = g->config(st);
    char want[2048], got[2048], err[256];
    size_t wl = 0;
    uint32_t back = 0, mask = g->n_amb >= 32 ? 0xffffffffu : (1u << g->n_amb) - 1u;
    inv_applied(c, K_READ);
    want[0] = 0;
    for (int i = 0; i < g->n_amb && wl < sizeof want; i++)
        wl += (size_t)snprintf(want + wl, sizeof want - wl, "%s%s=%s", i ? "," : "", g->amb[i].key,
                               g->amb[i].reading[(cfg.readings >> i) & 1u]);
    inv_fired(c, K_READ);
    int n = game_readings_print(g, cfg.readings, got, sizeof got);
    if (n < 0 || strcmp(got, want) != 0) {
        inv_fail(c, K_READ, "readings 0x%x print as '%.300s', not '%.300s'", cfg.readings, n < 0 ? "(too long)" : got, want);
        return;
    }
    err[0] = 0;
    if (game_readings_parse(g, NULL, want, &back, err, sizeof err) != GAME_OK || back != (cfg.readings & mask)) {
        inv_fail(c, K_READ, "the reading list '%.300s' parses to 0x%x, not 0x%x%s%s", want, back, cfg.readings & mask,
                 err[0] ? ": " : "", err);
        return;
    }
    for (int i = 0; i < g->n_profiles; i++) {
        back = 0;
        err[0] = 0;
        if (game_readings_parse(g, g->profiles[i].name, NULL, &back, err, sizeof err) != GAME_OK ||
            back != g->profiles[i].readings) {
            inv_fail(c, K_READ, "profile '%s' parses to readings 0x%x, not its own 0x%x%s%s", g->profiles[i].name, back,
                     g->profiles[i].readings, err[0] ? ": " : "", err);
            return;
        }
    }
}

/* GEN-ROUNDTRIP: the position text rebuilds the same bytes. A printed position the loader refuses
 * with a clause's ID (a load-time check of that clause that refuses a state the game reached) is
 * reported under that clause. */
static void gen_roundtrip(inv_ctx *c, const void *st)
{
    const game_engine *g = c->g;
    char text[GAME_TEXT_MAX], err[2048];
    state_buf back;
    int k = K_ROUND;
    inv_applied(c, k);
    if (g->position_print(st, text, sizeof text) < 0) { inv_fail(c, k, "position text does not fit %d bytes", GAME_TEXT_MAX); return; }
    game_config cfg = g->config(st);
    if (g->setup_position(back.b, &cfg, text, err, sizeof err) != GAME_OK) {
        int kn = clause_named_in(c, err, k);
        if (kn != k) inv_applied(c, kn);
        inv_fail(c, kn, "printed position does not parse (GEN-ROUNDTRIP): %s", err);
        return;
    }
    inv_fired(c, k);
    if (memcmp(back.b, st, g->state_size) != 0) {
        inv_fail(c, k, "position print/parse changes the state: %.200s", text);
        return;
    }
    if (c->generic & INV_GEN_REFUSAL) gen_refusal(c, &cfg, text);
}

int inv_legal_pre(const inv_ctx *c, const void *st, game_move *buf, const game_move **list)
{
    if (c->pre_legal) { *list = c->pre_legal; return c->n_pre_legal; }
    *list = buf;
    return c->g->legal_moves(st, buf, GAME_MAX_MOVES);
}

int inv_legal_post(const inv_ctx *c, const void *st, game_move *buf, const game_move **list)
{
    if (c->post_legal) { *list = c->post_legal; return c->n_post_legal; }
    *list = buf;
    return c->g->legal_moves(st, buf, GAME_MAX_MOVES);
}

/* The moves of list as sorted keys (inv_move_key: every byte of the move); Shell sort with
 * Ciura's gaps, no callback per comparison (lists are at most GAME_MAX_MOVES long). */
static void move_words(const game_move *list, int n, uint64_t *w)
{
    static const int gaps[] = {301, 132, 57, 23, 10, 4, 1};
    for (int i = 0; i < n; i++) w[i] = inv_move_key(&list[i]);
    for (int g = 0; g < (int)(sizeof gaps / sizeof gaps[0]); g++) {
        int gap = gaps[g];
        for (int i = gap; i < n; i++) {
            uint64_t v = w[i];
            int j = i;
            for (; j >= gap && w[j - gap] > v; j -= gap) w[j] = w[j - gap];
            w[j] = v;
        }
    }
}

/* 1 when key is among the n sorted keys w (binary search). */
static int key_in(const uint64_t *w, int n, uint64_t key)
{
    int lo = 0, hi = n;                          /* the first key >= key */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (w[mid] < key) lo = mid + 1; else hi = mid;
    }
    return lo < n && w[lo] == key;
}

/* Index of the first move of list not among the n sorted keys w, or -1. */
static int first_missing(const game_move *list, int nl, const uint64_t *w, int n)
{
    for (int i = 0; i < nl; i++)
        if (!key_in(w, n, inv_move_key(&list[i]))) return i;
    return -1;
}

void inv_moves_diff(const game_move *a, int na, const game_move *b, int nb, int *only_a, int *only_b)
{
    uint64_t wa[GAME_MAX_MOVES], wb[GAME_MAX_MOVES];
    if (na > GAME_MAX_MOVES) na = GAME_MAX_MOVES;
    if (nb > GAME_MAX_MOVES) nb = GAME_MAX_MOVES;
    if (inv_moves_same(a, na, b, nb)) { *only_a = *only_b = -1; return; }  /* the same order: no sort */
    move_words(a, na, wa);
    move_words(b, nb, wb);
    *only_a = first_missing(a, na, wb, nb);
    *only_b = first_missing(b, nb, wa, na);
}

/* GEN-TERMINAL: over <=> no decider <=> no legal move <=> a result exists. st is a position or
 * a step's post state (post: 1), whose legal moves the driver may have enumerated already. */
static void gen_terminal(inv_ctx *c, const void *st, int post)
{
    const game_engine *g = c->g;
    game_move ms[GAME_MAX_MOVES];
    const game_move *list;
    enum { UNWRITTEN = -2147483647 };
    int scores[GAME_MAX_PLAYERS];
    unsigned w = 0;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) scores[p] = UNWRITTEN;
    int n = post ? inv_legal_post(c, st, ms, &list) : g->legal_moves(st, ms, GAME_MAX_MOVES);
    int who = g->to_move(st);
    int res = g->result(st, scores, &w);
    inv_applied(c, K_TERM);
    if (who < 0) inv_fired(c, K_TERM);
    game_config cfg = g->config(st);
    if (who < -1 || who > cfg.players)               /* a seat, the table (game.h), or -1 */
        inv_fail(c, K_TERM, "to_move=%d names no seat and not the table (%d players)", who, cfg.players);
    else if ((who < 0) != (n == 0) || (who < 0) != (res == GAME_OK))
        inv_fail(c, K_TERM, "to_move=%d, %d legal moves, result %s", who, n,
                 res == GAME_OK ? "available" : "not available");
    else if (res == GAME_OK) {                       /* "scores into scores[players]" (game.h) */
        for (int p = cfg.players; p < GAME_MAX_PLAYERS; p++)
            if (scores[p] != UNWRITTEN) { inv_fail(c, K_TERM, "result wrote a score for seat %d of %d", p + 1, cfg.players); return; }
        if (cfg.players < 32 && w >> cfg.players)
            inv_fail(c, K_TERM, "result names winners 0x%x beyond the %d players", w, cfg.players);
    }
}

static void move_text(const game_engine *g, const void *st, const game_move *m, char *buf, size_t n)
{
    if (g->move_print(st, m, buf, n) < 0) snprintf(buf, n, "<kind %d %d %d>", m->kind, m->a, m->b);
}

const char *inv_fields_differ(const inv_field *f, int n, const void *a, const void *b)
{
    for (int i = 0; i < n; i++)
        if (memcmp((const char *)a + f[i].off, (const char *)b + f[i].off, f[i].len) != 0) return f[i].name;
    return NULL;
}

/* The decider's name as records write it (game.h: "P<n>" for a seat, "T" for the table), restated
 * here rather than taken from rules/game.c's game_decider_print. */
static void decider_name(const game_engine *g, const void *st, int who, char *buf, size_t n)
{
    game_config cfg = g->config(st);
    if (who >= 0 && who == cfg.players) snprintf(buf, n, "T");
    else snprintf(buf, n, "P%d", who + 1);
}

static int first_byte_diff(const void *a, const void *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (((const unsigned char *)a)[i] != ((const unsigned char *)b)[i]) return (int)i;
    return -1;
}

/* GEN-HIDDEN-INFO 5, for an engine with determinize (game.h): its own sample of what `who` cannot see,
 * drawn from a generator seeded by the step, keeps what `who` sees by the game's own account
 * (view_differs: the open fields, its own cards, the sizes and backs it sees, the unseen cards in all),
 * redacts to the same view `view`, leaves `who` the same legal moves (a, na), and is a position the
 * game's material oracle and its position invariants accept (check_material, check_position, judged
 * in a scratch context; a violation is reported here, naming the game's clause). */
static void gen_determinize(inv_ctx *c, const void *post, int who, const void *view,
                            const game_move *a, int na, const char *dn)
{
    const game_engine *g = c->g;
    const inv_game *og = c->og;
    size_t sz = g->state_size;
    state_buf det, back;
    game_move b[GAME_MAX_MOVES];
    char why[200];
    uint64_t rng = 0xbb67ae8584caa73bull ^ ((uint64_t)c->step * 0x9e3779b97f4a7c15ull);
    memcpy(det.b, post, sz);
    g->determinize(det.b, who, &rng);
    if (og->view_differs(post, det.b, who, why, sizeof why)) {      /* under the clause the seen thing is of */
        int k = clause_named_in(c, why, K_REDACT);
        if (k != K_REDACT) inv_applied(c, k);
        inv_fail(c, k, "determinize changed what %s sees: %s%s", dn, why, k != K_REDACT ? " (GEN-HIDDEN-INFO)" : "");
        return;
    }
    memcpy(back.b, det.b, sz);
    g->redact(back.b, who);
    int d = first_byte_diff(back.b, view, sz);
    if (d >= 0) {
        inv_fail(c, K_REDACT, "determinize changed %s's view: redacting its sample differs from redacting the state at byte %d", dn, d);
        return;
    }
    int nb = g->legal_moves(det.b, b, GAME_MAX_MOVES);
    if (!inv_moves_same(a, na, b, nb)) {
        inv_fail(c, K_REDACT, "%s's legal moves change in determinize's sample of the cards %s cannot see", dn, dn);
        return;
    }
    if (!og->check_material && !og->check_position) return;
    inv_ctx s;                                        /* the game's own oracles, on the sample alone */
    memcpy(&s, c, sizeof s);
    inv_reset_counts(&s);
    s.pre_legal = s.post_legal = NULL;
    if (og->check_material) og->check_material(&s, s.k_game, det.b);
    if (!s.violations && og->check_position) og->check_position(&s, s.k_game, det.b);
    if (s.violations) {                               /* under the clause the sample breaks */
        inv_applied(c, s.first_k);
        inv_fail(c, s.first_k, "determinize for %s gives a position no game reaches (GEN-HIDDEN-INFO): %s: %.300s", dn,
                 s.clause[s.first_k]->id, s.first_msg);
    }
}

/* GEN-HIDDEN-INFO on a step's post state, decided by `who` (a seat, or the table); a view that loses
 * something whose account names a game clause (view_differs: "P3's revealed G5 (HDZ-SCORE-FIFTH-HAND)")
 * is reported under that clause:
 * 1. its legal moves are those of the view redact(post, who);
 * and where the game's oracles give their own account of a view (view_differs, mix_unseen):
 * 2. the view keeps all `who` sees (open fields, own cards, sizes, colours, the cards in all);
 * 3. redacting the view again changes nothing;
 * 4. a state `who` cannot tell apart (the oracle shuffles what it cannot see) has the same
 *    legal moves and redacts to the same bytes;
 * 5. the engine's determinize, if it has one, samples such a state (gen_determinize). */
static void gen_redact(inv_ctx *c, const void *post, int who)
{
    const game_engine *g = c->g;
    const inv_game *og = c->og;
    size_t sz = g->state_size;
    game_move buf[GAME_MAX_MOVES], b[GAME_MAX_MOVES];
    const game_move *a;
    state_buf view, again, mixed;
    char dn[16] = "?", why[200];
    decider_name(g, post, who, dn, sizeof dn);   /* the table (game.h) sees only what every seat sees */
    inv_applied(c, K_REDACT);
    int na = inv_legal_post(c, post, buf, &a);
    memcpy(view.b, post, sz);
    g->redact(view.b, who);
    int nb = g->legal_moves(view.b, b, GAME_MAX_MOVES);
    inv_fired(c, K_REDACT);
    if (!inv_moves_same(a, na, b, nb)) {
        inv_fail(c, K_REDACT, "%s's legal moves depend on cards %s cannot see", dn, dn);
        return;
    }
    if (!og->view_differs || !og->mix_unseen) return;
    if (og->view_differs(post, view.b, who, why, sizeof why)) {
        int k = clause_named_in(c, why, K_REDACT);
        if (k != K_REDACT) inv_applied(c, k);
        inv_fail(c, k, "redact for %s changes what %s sees: %s%s", dn, dn, why, k != K_REDACT ? " (GEN-HIDDEN-INFO)" : "");
        return;
    }
    memcpy(again.b, view.b, sz);
    g->redact(again.b, who);
    int d = first_byte_diff(again.b, view.b, sz);
    if (d >= 0) {
        inv_fail(c, K_REDACT, "redact for %s is not idempotent: redacting its view again changes byte %d", dn, d);
        return;
    }
    memcpy(mixed.b, post, sz);
    og->mix_unseen(mixed.b, who, 0x6a09e667f3bcc909ull ^ ((uint64_t)c->step * 0x100000001b3ull));
    if (og->view_differs(post, mixed.b, who, why, sizeof why)) {   /* the oracle's own account disagrees with itself */
        inv_fail(c, K_REDACT, "oracle defect: shuffling what %s cannot see changed what it sees: %s", dn, why);
        return;
    }
    nb = g->legal_moves(mixed.b, b, GAME_MAX_MOVES);
    if (!inv_moves_same(a, na, b, nb)) {
        inv_fail(c, K_REDACT, "%s's legal moves change when the cards %s cannot see are shuffled", dn, dn);
        return;
    }
    g->redact(mixed.b, who);
    d = first_byte_diff(mixed.b, view.b, sz);
    if (d >= 0) {
        inv_fail(c, K_REDACT, "redact for %s leaks unseen cards: with them shuffled the view differs at byte %d", dn, d);
        return;
    }
    if (g->determinize) gen_determinize(c, post, who, view.b, a, na, dn);
}

/* How many variants of listed moves GEN-REJECT-UNCHANGED probes on one step, at most, beyond the
 * played move's nine: each probe is an apply. */
#define REJECT_SPAN 96

/* One probe of GEN-REJECT-UNCHANGED: bad, which the oracle's own comparison finds in none of the
 * listed moves (sorted keys w), must be refused with nothing changed. from: the listed move it was
 * made from (NULL: the empty move), j the byte changed. tmp holds a copy of pre. 1 on a violation. */
static int reject_probe(inv_ctx *c, const void *pre, void *tmp, const game_move *bad, const game_move *from, int j)
{
    const game_engine *g = c->g;
    int rc = g->apply(tmp, bad);
    inv_fired(c, K_REJECT);
    int changed = memcmp(tmp, pre, g->state_size) != 0;
    if (rc == GAME_ILLEGAL && !changed) return 0;
    const uint8_t *b = (const uint8_t *)bad;
    char mt[96] = "the empty move";
    if (from) {
        char ft[48];
        move_text(g, pre, from, ft, sizeof ft);
        snprintf(mt, sizeof mt, "'%s' with byte %d changed", ft, j);
    }
    inv_fail(c, K_REJECT, "an unlisted move (bytes %02x %02x %02x %02x %02x %02x %02x %02x: %s) was %s", b[0], b[1], b[2],
             b[3], b[4], b[5], b[6], b[7], mt,
             rc == GAME_ILLEGAL ? "rejected but changed the state" : rc == GAME_OK ? "accepted" : "refused with another code");
    return 1;
}

/* GEN-REJECT-UNCHANGED, on the oracle's own unlisted moves (issue 36 point 4): the played move with
 * each of its eight bytes changed in turn, the empty move, and variants of the other listed moves,
 * each byte changed in turn: all of them when the list is short (8 n <= REJECT_SPAN), else
 * REJECT_SPAN of them from a place and a byte the step chooses, so that over a game every byte of
 * every kind of listed move is changed. What a byte becomes moves with the step. A variant that the
 * oracle's own comparison (every byte: inv_move_key) finds in the list is not probed; the engine's
 * comparison (game.h's game_move_eq) is never asked, so an engine that looks moves up by some of
 * their bytes accepts a variant here and is caught. */
static void gen_reject(inv_ctx *c, const void *pre, const game_move *m, const game_move *legal, int n)
{
    state_buf tmp;
    uint64_t w[GAME_MAX_MOVES];
    if (n > GAME_MAX_MOVES) n = GAME_MAX_MOVES;
    inv_applied(c, K_REJECT);
    move_words(legal, n, w);
    memcpy(tmp.b, pre, c->g->state_size);
    unsigned step = (unsigned)c->step;
    int total = 8 * n, span = total <= REJECT_SPAN ? total : REJECT_SPAN;
    int first = total <= REJECT_SPAN ? 0 : (int)((step * 2654435761u) % (unsigned)total);
    for (int v = -9; v < span; v++) {
        game_move bad;
        const game_move *from;
        int j;
        if (v < 0) {                                 /* the played move's neighbours, then the empty move */
            from = v < -1 ? m : NULL;
            j = v + 9;
            bad = from ? *from : (game_move){0};
        } else {
            int t = (first + v) % total;
            from = &legal[t / 8];
            j = t % 8;
            bad = *from;
        }
        if (from) {
            uint8_t *b = (uint8_t *)&bad;
            b[j] = (uint8_t)(b[j] + 1 + ((unsigned)j * 37u + (unsigned)v * 11u + step * 29u) % 255u);
        }
        if (key_in(w, n, inv_move_key(&bad))) continue;
        if (reject_probe(c, pre, tmp.b, &bad, from, j)) return;
    }
}

/* A loaded position or a deal: the game's own checks first (for a deal, the deal's clauses before
 * the card count), then the round trip and the terminal check, so a deal or a position a rule got
 * wrong is named under the rule (as in a step: inv_on_step). */
static void on_state(inv_ctx *c, const void *st, int deal)
{
    c->step = 0;
    if (deal && c->og->check_setup) c->og->check_setup(c, c->k_game, st);
    if (c->og->check_position) c->og->check_position(c, c->k_game, st);
    if (c->generic & INV_GEN_ROUNDTRIP) gen_roundtrip(c, st);
    if (c->generic & INV_GEN_TERMINAL) gen_terminal(c, st, 0);
    if (c->generic & INV_GEN_READINGS) gen_readings(c, st);
    if (deal && (c->generic & INV_GEN_REFUSAL)) gen_takes_config(c, st);
}

void inv_on_position(inv_ctx *c, const void *st) { on_state(c, st, 0); }

void inv_on_setup(inv_ctx *c, const void *st) { on_state(c, st, 1); }

void inv_on_step(inv_ctx *c, const void *pre, const game_move *m, const void *post)
{
    const game_engine *g = c->g;
    size_t sz = g->state_size;
    state_buf tmp;
    game_move own[GAME_MAX_MOVES];
    const game_move *legal = own;
    char mt[64];
    c->step++;
    unsigned gen = c->generic;
    if (c->gen_every > 1 && (c->step + c->gen_phase) % c->gen_every != 0) gen &= INV_GEN_CHEAP;
    int n = 0;
    if (gen & (INV_GEN_NOTATION | INV_GEN_LEGAL | INV_GEN_REJECT)) n = inv_legal_pre(c, pre, own, &legal);

    if (gen & INV_GEN_DETERMINISM) {                 /* GEN-DETERMINISM */
        inv_applied(c, K_DET);
        memcpy(tmp.b, pre, sz);
        int rc = g->apply(tmp.b, m);
        inv_fired(c, K_DET);
        if (rc != GAME_OK || memcmp(tmp.b, post, sz) != 0) {
            move_text(g, pre, m, mt, sizeof mt);
            inv_fail(c, K_DET, "applying '%s' again gives a different state", mt);
        }
    }
    if (gen & INV_GEN_NOTATION) {                    /* GEN-NOTATION */
        inv_applied(c, K_NOTE);
        for (int i = 0; i < n; i++) {
            game_move back;
            if (g->move_print(pre, &legal[i], mt, sizeof mt) < 0 ||
                g->move_parse(pre, mt, &back) != GAME_OK ||
                !inv_move_same(&back, &legal[i])) {
                inv_fail(c, K_NOTE, "legal move %d ('%s') does not print and parse back", i, mt);
                break;
            }
            inv_fired(c, K_NOTE);
        }
    }
    if (gen & INV_GEN_LEGAL) {                       /* GEN-LEGAL-APPLIES */
        inv_applied(c, K_LEGAL);
        int found = 0;
        for (int i = 0; i < n; i++) {
            memcpy(tmp.b, pre, sz);
            if (g->apply(tmp.b, &legal[i]) != GAME_OK) {
                move_text(g, pre, &legal[i], mt, sizeof mt);
                inv_fail(c, K_LEGAL, "enumerated move '%s' is rejected by apply", mt);
                break;
            }
            inv_fired(c, K_LEGAL);
            found |= inv_move_same(&legal[i], m);
        }
        if (!found) {
            move_text(g, pre, m, mt, sizeof mt);
            inv_fail(c, K_LEGAL, "apply accepted '%s', which legal_moves does not list", mt);
        }
    }
    if (gen & INV_GEN_REJECT) gen_reject(c, pre, m, legal, n);   /* GEN-REJECT-UNCHANGED */
    /* The step's clause oracles judge the post state before the hidden-information check, the round
     * trip and the terminal check of that state do: when both see a wrong engine (a state with no
     * legal move that the legal-set clause explains, a field the printer loses or a redeal refuses
     * because a rule set it wrong), the failure names the rule. */
    if (c->og->check_step) c->og->check_step(c, c->k_game, pre, m, post);
    if (gen & INV_GEN_REDACT) {                      /* GEN-HIDDEN-INFO */
        int who = g->to_move(post);
        if (who >= 0) gen_redact(c, post, who);
    }
    if (gen & INV_GEN_ROUNDTRIP) gen_roundtrip(c, post);
    if (gen & INV_GEN_TERMINAL) gen_terminal(c, post, 1);
    c->pre_legal = c->post_legal = NULL;
}

void inv_on_final(inv_ctx *c, const void *st)
{
    int scores[GAME_MAX_PLAYERS];
    unsigned w = 0;
    if (c->g->result(st, scores, &w) != GAME_OK) return;
    if (c->og->check_final) c->og->check_final(c, c->k_game, st, scores, w);
}

int inv_n_cases(const inv_clause *cl)
{
    if (!cl->cases || !*cl->cases) return 1;
    int n = 1;
    for (const char *p = cl->cases; *p; p++) n += *p == ' ';
    return n;
}

int inv_case_name(const inv_clause *cl, int i, char *out, size_t n)
{
    if (i < 0 || i >= inv_n_cases(cl)) return -1;
    if (!cl->cases || !*cl->cases) { snprintf(out, n, "any"); return 0; }
    const char *p = cl->cases;
    for (int j = 0; j < i; j++) p = strchr(p, ' ') + 1;
    size_t l = strcspn(p, " ");
    snprintf(out, n, "%.*s", (int)l, p);
    return 0;
}

int inv_print_coverage(const inv_ctx *c, FILE *f)
{
    int never = 0;
    fprintf(f, "%-28s %12s %12s %9s %6s\n", "clause", "applied", "fired", "violated", "cases");
    for (int k = 0; k < c->n; k++) {
        const inv_count *n = &c->count[k];
        const inv_clause *cl = c->clause[k];
        int game = k >= c->k_game, nc = inv_n_cases(cl), hit = 0;
        char missed[160] = "";
        size_t ml = 0;
        for (int i = 0; i < nc; i++) {
            char nm[INV_CASE_NAME_MAX];
            if (inv_case_count(cl, n, i)) { hit++; continue; }
            inv_case_name(cl, i, nm, sizeof nm);
            if (ml < sizeof missed) ml += (size_t)snprintf(missed + ml, sizeof missed - ml, " %s", nm);
        }
        if (game && n->fired == 0) never++;
        fprintf(f, "%-28s %12llu %12llu %9llu %3d/%-2d%s%s%s\n", cl->id,
                (unsigned long long)n->applied, (unsigned long long)n->fired,
                (unsigned long long)n->violated, hit, nc,
                n->violated ? "  VIOLATED" : (n->fired == 0 ? "  NEVER FIRED" : hit < nc ? "  CASES NEVER FIRED:" : ""),
                n->violated || n->fired == 0 ? "" : missed, "");
    }
    return never;
}

void inv_merge_counts(inv_ctx *a, const inv_ctx *b)
{
    for (int k = 0; k < a->n && k < b->n; k++) {
        a->count[k].applied += b->count[k].applied;
        a->count[k].fired += b->count[k].fired;
        a->count[k].violated += b->count[k].violated;
        for (int i = 0; i < INV_MAX_CASES; i++) a->count[k].cases[i] += b->count[k].cases[i];
    }
    a->violations += b->violations;
    if (a->first_k < 0 && b->first_k >= 0) {
        a->first_k = b->first_k;
        a->first_step = b->first_step;
        memcpy(a->first_msg, b->first_msg, sizeof a->first_msg);
    }
}
