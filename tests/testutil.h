/* testutil.h: helpers shared by the Check suites: deals, card placement, checked moves, clause lookup. */
#ifndef RULEFUZZ_TESTUTIL_H
#define RULEFUZZ_TESTUTIL_H

#include <check.h>
/* A passing assertion records nothing. Check's own ck_assert_msg (which every ck_assert_* expands
 * to) writes the location of each passing assertion to the test's message channel, one write call
 * each, so that a test that crashes can name the last assertion it passed: in the suites' game loops
 * that was the largest single cost (perf, check_bids part 0/2 with CK_FORK=no: send_loc_info and its
 * write calls 18% of the time; as make check runs it, forked, 79.3 s of user and system time before,
 * 72.8 s after, on a loaded machine, 2026-11-28). A failing assertion still names its file, line and values; a crash names its test
 * (and the ASan builds of the harnesses and the CLI give the stack). */
#undef ck_assert_msg
#define ck_assert_msg(expr, ...) \
    ((expr) ? (void)0 : _ck_assert_failed(__FILE__, __LINE__, "Assertion '" #expr "' failed", ##__VA_ARGS__))
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../rules/hdz.h"
#include "../oracles/oracle.h"
#include "../records/record.h"
#include "../coverage/coverage.h"

/* Folder of the corpus (records, regressions, seeds); `make check` sets RF_CORPUS. */
static inline const char *tu_corpus(void)
{
    const char *c = getenv("RF_CORPUS");
    return c && *c ? c : "corpus";
}

/* Index of clause `id` in an oracle context; fails the test if the ID is unknown. */
static inline int tu_clause(const inv_ctx *c, const char *id)
{
    for (int k = 0; k < c->n; k++)
        if (strcmp(c->clause[k]->id, id) == 0) return k;
    ck_abort_msg("unknown clause %s", id);
    return -1;
}

/* A rule test's oracle run that reached a clause's case on purpose (a hand-made position, a rare
 * case): under `make check` (RF_COUNTS names the suite's counts file) its clause and case counts
 * are added there under `label`, so the case gate (rulefuzz coverage --cases-fail-under 100) sees
 * the case reached. Only a clean run counts: the context must have seen no violation. */
static inline void tu_add_counts(const inv_ctx *c, const char *label)
{
    ck_assert_msg(c->violations == 0, "%s: counted run saw %s: %s", label, c->first_k >= 0 ? c->clause[c->first_k]->id : "-",
                  c->first_msg);
    const char *path = getenv("RF_COUNTS");
    if (!path || !*path) return;
    rf_cov add;
    char err[RF_ERR_MAX];
    rf_cov_init(&add);
    ck_assert_int_eq(rf_cov_add(&add, c, label), 0);
    ck_assert_msg(rf_cov_update_file(path, &add, err, sizeof err) == RF_EXIT_OK, "%s", err);
    rf_cov_free(&add);
}

/* ---- Verdicts of the oracle-fires suites ----------------------------------------------- */

/* The clause of the first violation the context saw, or "-". */
static inline const char *tu_first_id(const inv_ctx *c)
{
    return c->first_k >= 0 ? c->clause[c->first_k]->id : "-";
}

/* Clause k reported the transition just judged. */
static inline void tu_caught(const inv_ctx *c, int k)
{
    if (c->count[k].violated == 0)
        fprintf(stderr, "%s stayed silent; first violation: %s: %s\n", c->clause[k]->id, tu_first_id(c), c->first_msg);
    ck_assert_uint_gt(c->count[k].violated, 0);
}

/* No oracle reported the transition just judged; clause `id` applied, and fired when `fired`. */
static inline void tu_clean(const inv_ctx *c, const char *id, int fired)
{
    int k = tu_clause(c, id);
    ck_assert_msg(c->violations == 0, "correct transition reported: %s: %s", tu_first_id(c), c->first_msg);
    ck_assert_uint_eq(c->count[k].violated, 0);
    ck_assert_uint_gt(c->count[k].applied, 0);
    if (fired) ck_assert_msg(c->count[k].fired > 0, "%s did not fire on the correct transition", id);
}

/* The facts clause `id` (<GAME>-FACTS) of engine g's oracles: it fires clean on the engine's own
 * parameter table `good`, and names `id` on `bad` (a patched copy of it), with `what` in its message. */
static inline void tu_facts_caught(const game_engine *g, const char *id, const void *good, const void *bad, const char *what)
{
    static inv_ctx c;
    ck_assert_int_eq(inv_init(&c, g, 0), 0);
    ck_assert_ptr_nonnull(c.og->check_facts);
    c.og->check_facts(&c, c.k_game, good);
    tu_clean(&c, id, 1);
    inv_reset_counts(&c);
    c.og->check_facts(&c, c.k_game, bad);
    ck_assert_msg(c.first_k == tu_clause(&c, id), "a wrong fact named %s: %s", tu_first_id(&c), c.first_msg);
    ck_assert_msg(strstr(c.first_msg, what) != NULL, "%s's message lacks '%s': %s", id, what, c.first_msg);
}

/* ---- Deals judged: is every card as likely in every place? (issue 36 point 3) ---------------- */

#define TU_DEAL_KINDS  96
#define TU_DEAL_PLACES 200

/* Over `deals` deals, how often each kind of card lay in each place, beside `share[k][p]`, the
 * probability the rules' uniform shuffle gives kind k in place p in one deal (0: the cell is not
 * judged). A cell must hold at most one card of its kind a deal (one card, or a one-card slot), so
 * that its count over independent deals is Binomial(deals, share): the test is exact. */
typedef struct tu_deal_tally {
    long deals;
    long count[TU_DEAL_KINDS][TU_DEAL_PLACES];
    double share[TU_DEAL_KINDS][TU_DEAL_PLACES];
} tu_deal_tally;

/* The two-sided tail of Binomial(n, q) at c: twice the smaller of P(X <= c) and P(X >= c), at most 1.
 * The terms are summed outward from c (each from the one before), so it costs about the tail's width. */
static inline double tu_binom_tail2(long c, long n, double q)
{
    if (q <= 0 || q >= 1) return (q <= 0) == (c == 0) ? 1 : 0;
    double lq = log(q), lr = log1p(-q);
    double at = exp(lgamma((double)n + 1) - lgamma((double)c + 1) - lgamma((double)(n - c) + 1) + (double)c * lq + (double)(n - c) * lr);
    double lo = at, hi = at, t = at;
    for (long i = c; i > 0 && t > lo * 1e-17; i--) { t *= (double)i / (double)(n - i + 1) * (1 - q) / q; lo += t; }
    t = at;
    for (long i = c; i < n && t > hi * 1e-17; i++) { t *= (double)(n - i) / (double)(i + 1) * q / (1 - q); hi += t; }
    double p = 2 * (lo < hi ? lo : hi);
    return p > 1 ? 1 : p;
}

/* The judged cells whose count is out of line at family-wise false-alarm rate `alpha` (Bonferroni
 * over the judged cells: each cell's two-sided tail below alpha / cells). Returns how many; writes
 * the worst (kind, place, count, expected, tail) into why. */
static inline int tu_deal_outliers(const tu_deal_tally *t, double alpha, char *why, size_t n)
{
    int cells = 0, bad = 0, wk = -1, wp = -1;
    double worst = 2;
    for (int k = 0; k < TU_DEAL_KINDS; k++)
        for (int p = 0; p < TU_DEAL_PLACES; p++) cells += t->share[k][p] > 0;
    snprintf(why, n, "no cell out of line (%d cells, %ld deals)", cells, t->deals);
    for (int k = 0; k < TU_DEAL_KINDS; k++)
        for (int p = 0; p < TU_DEAL_PLACES; p++) {
            if (t->share[k][p] <= 0) continue;
            double tail = tu_binom_tail2(t->count[k][p], t->deals, t->share[k][p]);
            if (tail < alpha / cells) bad++;
            if (tail < worst) { worst = tail; wk = k; wp = p; }
        }
    if (bad)
        snprintf(why, n, "%d of %d cells out of line over %ld deals; worst: kind %d in place %d %ld times, expected %.1f (two-sided tail %.3g)",
                 bad, cells, t->deals, wk, wp, t->count[wk][wp], (double)t->deals * t->share[wk][wp], worst);
    return bad;
}

/* Sattolo's cycle and a shuffle that leaves the deck's first two cards in order: the planted bad
 * shuffles the deal tests are shown to catch (in place of an engine's Fisher-Yates, same generator). */
static inline void tu_shuffle_sattolo(uint8_t *a, int n, uint64_t *s)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)game_rng_below(s, (uint32_t)i);       /* j < i: no card stays where it was */
        uint8_t x = a[i]; a[i] = a[j]; a[j] = x;
    }
}
static inline void tu_shuffle_end_biased(uint8_t *a, int n, uint64_t *s)
{
    for (int i = n - 1; i > 1; i--) {                      /* stops one step early: a[0], a[1] never swap */
        int j = (int)game_rng_below(s, (uint32_t)(i + 1));
        uint8_t x = a[i]; a[i] = a[j]; a[j] = x;
    }
}

/* Parse and apply a move given as text; returns the engine's code (GAME_BADARG if unreadable). */
static inline int tu_try(const game_engine *g, void *st, const char *move)
{
    game_move m;
    if (g->move_parse(st, move, &m) != GAME_OK) return GAME_BADARG;
    return g->apply(st, &m);
}

/* Apply a move that must be legal, with every oracle checking the step. */
static inline void tu_play(const game_engine *g, inv_ctx *c, void *st, const char *move)
{
    unsigned char pre[GAME_STATE_MAX] __attribute__((aligned(16)));
    game_move m;
    ck_assert_msg(g->move_parse(st, move, &m) == GAME_OK, "cannot parse '%s'", move);
    memcpy(pre, st, g->state_size);
    ck_assert_msg(g->apply(st, &m) == GAME_OK, "move '%s' was rejected", move);
    if (c) {
        inv_on_step(c, pre, &m, st);
        ck_assert_msg(c->violations == 0, "after '%s': oracle %s: %s", move,
                      c->clause[c->first_k]->id, c->first_msg);
    }
}

/* ---- Property tests in parts ------------------------------------------------------------ */

/* Whether game k of a property test is this process's to play: RF_PART="i/n" plays the games with
 * k % n == i (make check runs the longest suite in parts, each on its own core, adding into one
 * counts file); unset or malformed, every game. */
static inline int tu_in_part(long k)
{
    const char *e = getenv("RF_PART");
    int i = 0, n = 1;
    if (e && sscanf(e, "%d/%d", &i, &n) == 2 && n > 1 && i >= 0 && i < n) return k % n == i;
    return 1;
}
static inline int tu_first_part(void) { return tu_in_part(0); }

/* A property test's game count: n as written, or n * G / 10000 (at least 1) when RF_PROPERTY_GAMES=G
 * asks for fewer than the 10,000 games a profile gets in `make check` (`rulefuzz mutate`'s
 * --property-games: a mutant's suites sized so that survivors do not pay minutes each). */
static inline int tu_sized(int n)
{
    const char *e = getenv("RF_PROPERTY_GAMES");
    long g = e && *e ? strtol(e, NULL, 10) : 0;
    if (g <= 0 || g >= 10000) return n;
    long m = (long)n * g / 10000;
    return m < 1 ? 1 : (int)m;
}

/* A property game's sampling of the costly conformance checks (oracle.h's gen_every): with
 * RF_GEN_EVERY=N (make check's CHECK_GEN_EVERY), the INV_GEN_* oracles other than the cheap ones
 * run on every N-th step of game k, from step k % N on, so that over the games every step of every
 * kind meets them; the game's clause oracles and the cheap conformance checks run on every step.
 * Unset, 0 or 1: every oracle on every step. */
static inline void tu_property_sampling(inv_ctx *c, uint64_t k)
{
    const char *e = getenv("RF_GEN_EVERY");
    long n = e && *e ? strtol(e, NULL, 10) : 1;
    if (n < 1 || n > 64) n = 1;
    c->gen_every = (unsigned)n;
    c->gen_phase = (unsigned)(k % (uint64_t)n);
}

/* ---- Records, for any game ------------------------------------------------------------ */

/* Replay record text with every oracle of g on; the result code. */
static inline int tu_replay(const game_engine *g, const char *text, size_t len, rf_replay *out,
                            char *err, size_t errlen)
{
    static inv_ctx c;
    inv_init(&c, g, INV_GEN_ALL);
    return rf_replay_text("t.rec", text, len, &c, out, err, errlen);
}

/* Every prefix (every `cut`-th length) and a flipped byte at every `flip`-th position of the
 * record corpus/<relpath> replay to 0, 1 or 2, and bad input names "t.rec:<line>". */
static inline void tu_record_mutations_never_crash(const game_engine *g, const char *relpath,
                                                   size_t cut, size_t flip)
{
    static rf_replay out;
    char path[512], err[RF_ERR_MAX];
    snprintf(path, sizeof path, "%s/%s", tu_corpus(), relpath);
    size_t len;
    char *text = rf_read_file(path, &len, err, sizeof err);
    ck_assert_msg(text != NULL, "%s", err);
    for (size_t n = 0; n < len; n += cut) {
        int rc = tu_replay(g, text, n, &out, err, sizeof err);
        ck_assert(rc == RF_EXIT_OK || rc == RF_EXIT_VIOLATION || rc == RF_EXIT_BADINPUT);
        if (rc == RF_EXIT_BADINPUT) ck_assert_msg(strncmp(err, "t.rec:", 6) == 0, "%s", err);
    }
    for (size_t i = 0; i < len; i += flip) {
        char saved = text[i];
        text[i] = (char)(saved ^ 0x15);
        int rc = tu_replay(g, text, len, &out, err, sizeof err);
        ck_assert(rc == RF_EXIT_OK || rc == RF_EXIT_VIOLATION || rc == RF_EXIT_BADINPUT);
        text[i] = saved;
    }
    free(text);
}

/* st's position (GEN-ROUNDTRIP), printed and loaded again under st's own config: the loader accepts
 * it and gives back the same bytes. The printed text goes to `text` (GAME_TEXT_MAX) when not NULL. */
static inline void tu_position_reloads(const game_engine *g, const void *st, char *text)
{
    static char own[GAME_TEXT_MAX];
    char err[256];
    unsigned char again[GAME_STATE_MAX] __attribute__((aligned(16)));
    if (!text) text = own;
    game_config cfg = g->config(st);
    ck_assert_int_gt(g->position_print(st, text, GAME_TEXT_MAX), 0);
    ck_assert_msg(g->setup_position(again, &cfg, text, err, sizeof err) == GAME_OK, "%s\n%s", err, text);
    ck_assert_mem_eq(again, st, g->state_size);
}

/* A random game of g, written by rf_record_write (as `rulefuzz play`, triage and the diff
 * witnesses write records) from a seed or as an explicit [Position], replays with every
 * oracle on to the same final state and its own [Result]. */
static inline void tu_written_record_round_trip(const game_engine *g, int players, uint32_t readings,
                                                uint64_t seed, int as_position)
{
    unsigned char st[GAME_STATE_MAX] __attribute__((aligned(16)));
    unsigned char start[GAME_STATE_MAX] __attribute__((aligned(16)));
    static game_move log[RF_MAX_GAME_MOVES];
    static rf_replay out;
    game_config cfg = {players, readings};
    ck_assert_int_eq(g->setup_seed(st, &cfg, seed), GAME_OK);
    memcpy(start, st, g->state_size);
    rf_chooser ch = {0};
    ch.use_rng = 1; ch.rng = seed * 31u + 7u;
    long n = rf_play(g, st, &ch, NULL, log, RF_MAX_GAME_MOVES, RF_MAX_GAME_MOVES);
    ck_assert_int_lt(g->to_move(st), 0);
    rf_header h;
    memset(&h, 0, sizeof h);
    h.g = g;
    h.cfg = cfg;
    ck_assert_int_ge(game_readings_print(g, readings, h.readings, sizeof h.readings), 0);
    h.has_seed = !as_position;
    h.seed = seed;
    unsigned w;
    ck_assert_int_eq(g->result(st, h.result, &w), GAME_OK);
    h.has_result = players;
    char *text = NULL, err[RF_ERR_MAX];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ck_assert_int_eq(rf_record_write(f, &h, start, log, n, "round trip"), 0);
    fclose(f);
    if (tu_replay(g, text, len, &out, err, sizeof err) != RF_EXIT_OK) {
        /* the record on standard error, the oracle's message in the verdict: a whole record
         * passes Check's 4 KB message limit, and Check then prints only "Early exit" */
        fprintf(stderr, "the written record:\n%s\n", text);
        ck_abort_msg("the written record does not replay: %s", err);
    }
    ck_assert_int_eq(out.moves, n);
    ck_assert_mem_eq(out.st, st, g->state_size);
    free(text);
}

/* Replay every record in corpus/records/<game>, in name order, with every oracle of g on (in
 * `one`, fresh per record); add each record's counters into `all` and, labelled with the
 * record's path, into `counts`. */
static inline void tu_replay_corpus_records(const game_engine *g, inv_ctx *all, inv_ctx *one, rf_cov *counts)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/records/%s", tu_corpus(), g->name);
    struct dirent **names;
    int n = scandir(dir, &names, NULL, alphasort);
    ck_assert_msg(n >= 0, "no folder %s", dir);
    for (int i = 0; i < n; i++) {
        const char *name = names[i]->d_name;
        if (!strstr(name, ".rec")) continue;
        char path[1024], err[RF_ERR_MAX];
        snprintf(path, sizeof path, "%s/%s", dir, name);
        size_t len;
        char *text = rf_read_file(path, &len, err, sizeof err);
        ck_assert_msg(text != NULL, "%s", err);
        static rf_replay out;
        ck_assert_int_eq(inv_init(one, g, INV_GEN_ALL), 0);
        int rc = rf_replay_text(path, text, len, one, &out, err, sizeof err);
        free(text);
        ck_assert_msg(rc == RF_EXIT_OK, "%s", err);
        ck_assert_int_eq(rf_cov_add(counts, one, path), 0);
        inv_merge_counts(all, one);
    }
    for (int i = 0; i < n; i++) free(names[i]);
    free(names);
}

/* ---- Herr der Ziegen ---------------------------------------------------------- */

/* A property-test game has been played under `one`: add its clause counts to `counts` (labelled)
 * and to `all`, and fail the test naming the clause if any oracle was violated or (when `g` and
 * `st` are given) if the game did not end. */
static inline void tu_property_game_done(inv_ctx *all, const inv_ctx *one, rf_cov *counts, const char *label,
                                         const game_engine *g, const void *st)
{
    ck_assert_int_eq(rf_cov_add(counts, one, label), 0);
    inv_merge_counts(all, one);
    ck_assert_msg(all->violations == 0, "%s: oracle %s at move %ld: %s", label,
                  all->clause[all->first_k]->id, all->first_step, all->first_msg);
    if (g) ck_assert_msg(g->to_move(st) < 0, "%s did not end", label);
}

/* A corpus record with its first `from` replaced by `to` (NUL-terminated, caller frees), and
 * the line number of its [Position] tag in *pos_line. */
static inline char *tu_record_edited(const char *relpath, const char *from, const char *to, int *pos_line)
{
    char path[512], err[RF_ERR_MAX];
    size_t len;
    snprintf(path, sizeof path, "%s/%s", tu_corpus(), relpath);
    char *text = rf_read_file(path, &len, err, sizeof err);
    ck_assert_msg(text != NULL, "%s", err);
    char *at = strstr(text, from);
    ck_assert_msg(at != NULL, "'%s' is not in %s", from, relpath);
    char *out = malloc(len + strlen(to) + 1);
    ck_assert_ptr_nonnull(out);
    size_t head = (size_t)(at - text);
    memcpy(out, text, head);
    strcpy(out + head, to);
    strcat(out, at + strlen(from));
    *pos_line = 1;
    for (char *p = out; p < strstr(out, "[Position"); p++) if (*p == '\n') (*pos_line)++;
    free(text);
    return out;
}

/* Replay a record text that must be refused (exit 2) with a one-line message holding `want`
 * (after "t.rec:LINE: " when line > 0). */
static inline void tu_refused(const game_engine *g, const char *text, int line, const char *want)
{
    static inv_ctx c;
    static rf_replay out;
    char err[RF_ERR_MAX] = "", full[RF_ERR_MAX + 32];
    inv_init(&c, g, INV_GEN_ALL);
    int rc = rf_replay_text("t.rec", text, strlen(text), &c, &out, err, sizeof err);
    if (line > 0) snprintf(full, sizeof full, "t.rec:%d: %s", line, want);
    else snprintf(full, sizeof full, "%s", want);
    ck_assert_msg(rc == RF_EXIT_BADINPUT, "exit %d (%s), want 2 and '%s'", rc, err, full);
    ck_assert_msg(strstr(err, full) != NULL, "got '%s', want '%s'", err, full);
    ck_assert_msg(strchr(err, '\n') == NULL, "message is not one line: %s", err);
}

/* Faulty redacts for GEN-HIDDEN-INFO's oracle-fires tests: the real engine's redact
 * (tu_redact_real), then one fault on the bytes [off, off + len) of the state:
 * TU_LEAK: those bytes as they were before (the view shows what it should hide);
 * TU_BUMP: byte off one more than it was before (hidden bytes that count redactions: a view
 * that redacting again changes);
 * TU_DUP: byte off set to byte `from` (a card shown twice, another lost). */
enum { TU_LEAK, TU_BUMP, TU_DUP };
static void (*tu_redact_real)(void *st, int viewer);
static int tu_fault;
static size_t tu_fault_off, tu_fault_len, tu_fault_from;

static inline void tu_redact_faulty(void *vst, int viewer)
{
    uint8_t *st = vst, keep[GAME_STATE_MAX];
    memcpy(keep, st + tu_fault_off, tu_fault_len);
    tu_redact_real(vst, viewer);
    if (tu_fault == TU_LEAK) memcpy(st + tu_fault_off, keep, tu_fault_len);
    else if (tu_fault == TU_BUMP) st[tu_fault_off] = (uint8_t)(keep[0] + 1);
    else if (tu_fault == TU_DUP) st[tu_fault_off] = st[tu_fault_from];
}

/* Engine b (a copy of the real one) with a faulty redact; off and len address the state. */
static inline void tu_break_redact(game_engine *b, int fault, size_t off, size_t len, size_t from)
{
    tu_redact_real = b->redact;
    b->redact = tu_redact_faulty;
    tu_fault = fault;
    tu_fault_off = off;
    tu_fault_len = len;
    tu_fault_from = from;
}

/* Faulty determinizes for GEN-HIDDEN-INFO's oracle-fires tests: the real engine's determinize
 * (tu_det_real), then one fault on the sample: TU_DET_DUP: byte off set to byte from (a card
 * doubled, another lost); TU_DET_SWAP: bytes off and from swapped (a card moved to another kind of
 * place); TU_DET_BUMP: byte off one more (a count the viewer sees). */
enum { TU_DET_DUP, TU_DET_SWAP, TU_DET_BUMP };
static void (*tu_det_real)(void *st, int viewer, uint64_t *rng);
static int tu_det_fault;
static size_t tu_det_off, tu_det_from;

static inline void tu_determinize_faulty(void *vst, int viewer, uint64_t *rng)
{
    uint8_t *st = vst, t;
    tu_det_real(vst, viewer, rng);
    switch (tu_det_fault) {
    case TU_DET_DUP: st[tu_det_off] = st[tu_det_from]; break;
    case TU_DET_SWAP: t = st[tu_det_off]; st[tu_det_off] = st[tu_det_from]; st[tu_det_from] = t; break;
    default: st[tu_det_off]++; break;
    }
}

/* Engine b (a copy of the real one) with a faulty determinize; off and from address the state. */
static inline void tu_break_determinize(game_engine *b, int fault, size_t off, size_t from)
{
    tu_det_real = b->determinize;
    b->determinize = tu_determinize_faulty;
    tu_det_fault = fault;
    tu_det_off = off;
    tu_det_from = from;
}

/* A deal st judged by the oracles of engine b (every GEN- check on): clause id reports it, first. */
static inline void tu_deal_caught(inv_ctx *c, const game_engine *b, const void *st, const char *id)
{
    ck_assert_int_eq(inv_init(c, b, INV_GEN_ALL), 0);
    inv_on_setup(c, st);
    tu_caught(c, tu_clause(c, id));
    ck_assert_msg(c->first_k == tu_clause(c, id), "first violation: %s: %s", tu_first_id(c), c->first_msg);
}

/* GEN-RECORD: the game of n moves from start to final, written as a record with real (under the
 * readings of start's configuration), replays to final; written with broken (a copy of real with a
 * fault in what the record writer uses), it does not, and GEN-RECORD says so. */
static inline void tu_record_check_caught(inv_ctx *c, const game_engine *real, const game_engine *broken,
                                          const void *start, const game_move *log, long n, const void *final)
{
    rf_header h = {.g = real, .cfg = real->config(start)};
    ck_assert_int_gt(game_readings_print(real, h.cfg.readings, h.readings, sizeof h.readings), 0);
    ck_assert_int_eq(inv_init(c, real, INV_GEN_ALL), 0);
    ck_assert_msg(rf_record_check(c, &h, start, log, n, final) == 0, "%s", c->first_msg);
    tu_clean(c, "GEN-RECORD", 1);
    h.g = broken;
    ck_assert_int_eq(inv_init(c, broken, INV_GEN_ALL), 0);
    ck_assert_int_eq(rf_record_check(c, &h, start, log, n, final), 1);
    tu_caught(c, tu_clause(c, "GEN-RECORD"));
    ck_assert_msg(strstr(c->first_msg, "the game's record"), "%s", c->first_msg);
}

/* A move comparison that reads half of a move's bytes (kind, a, b, c), as game.h's game_move_eq would
 * if broken so, for GEN-REJECT-UNCHANGED's oracle-fires tests (issue 36 point 4). tu_apply_by_half
 * looks the move up in the real engine's legal moves with it and plays the listed move it finds, as
 * an engine's apply does with game_move_in; a listed move whose byte `a` is tu_half_spared is found
 * only when every byte matches (-1: none spared), so that only the variants of the other listed
 * moves are taken. */
static const game_engine *tu_half_real;
static int tu_half_spared = -1;
static inline int tu_half_same(const game_move *x, const game_move *y) { return memcmp(x, y, 4) == 0; }
static inline int tu_apply_by_half(void *st, const game_move *m)
{
    game_move ms[GAME_MAX_MOVES];
    int n = tu_half_real->legal_moves(st, ms, GAME_MAX_MOVES);
    for (int i = 0; i < n; i++)
        if (tu_half_same(&ms[i], m) && (memcmp(&ms[i], m, sizeof *m) == 0 || ms[i].a != tu_half_spared))
            return tu_half_real->apply(st, &ms[i]);
    return GAME_ILLEGAL;
}
/* Engine b (a copy of real) whose apply compares moves by half their bytes. */
static inline void tu_break_compare(game_engine *b, const game_engine *real, int spared)
{
    tu_half_real = real;
    tu_half_spared = spared;
    b->apply = tu_apply_by_half;
}

/* A loader whose refusals say nothing (TU_REASON_EMPTY) or say it over two lines (TU_REASON_LINES), as
 * one would if rules/game.c's game_reason_line let them through: GEN-REFUSAL's oracle-fires tests. */
enum { TU_REASON_EMPTY, TU_REASON_LINES };
static const game_engine *tu_reason_real;
static int tu_reason_fault;
static inline int tu_load_bad_reason(void *st, const game_config *cfg, const char *text, char *err, size_t errlen)
{
    int rc = tu_reason_real->setup_position(st, cfg, text, err, errlen);
    if (rc == GAME_BADARG && errlen > 16) {
        if (tu_reason_fault == TU_REASON_EMPTY) err[0] = 0;
        else snprintf(err, errlen, "position:\nrefused");
    }
    return rc;
}
static inline void tu_break_reason(game_engine *b, const game_engine *real, int fault)
{
    tu_reason_real = real;
    tu_reason_fault = fault;
    b->setup_position = tu_load_bad_reason;
}

/* Engine b (a copy of real) whose register names ambiguity 1 by ambiguity 0's key (TU_REG_KEY) or
 * profile 1 by profile 0's name (TU_REG_PROFILE): reading lists that no longer parse back (GEN-READINGS). */
enum { TU_REG_KEY, TU_REG_PROFILE };
static inline void tu_break_register(game_engine *b, const game_engine *real, int fault)
{
    static game_ambiguity amb[32];
    static game_profile prof[16];
    ck_assert_int_le(real->n_amb, 32);
    ck_assert_int_le(real->n_profiles, 16);
    memcpy(amb, real->amb, sizeof amb[0] * (size_t)real->n_amb);
    memcpy(prof, real->profiles, sizeof prof[0] * (size_t)real->n_profiles);
    if (fault == TU_REG_KEY) { ck_assert_int_ge(real->n_amb, 2); amb[1].key = amb[0].key; }
    else { ck_assert_int_ge(real->n_profiles, 2); prof[1].name = prof[0].name; }
    b->amb = amb;
    b->profiles = prof;
}

/* GEN-HIDDEN-INFO, determinize (game.h): the sample of st for `viewer` drawn from `seed`, into out.
 * Every sample redacts to the viewer's view of st, keeps all the viewer sees by the game's own
 * account (view_differs: its cards, the sizes and backs, the same cards in all) and is a position
 * the game's material oracle and position invariants accept. */
static inline void tu_determinized(const game_engine *g, const void *st, int viewer, uint64_t seed, void *out)
{
    static inv_ctx c;
    unsigned char a[GAME_STATE_MAX] __attribute__((aligned(16))), b[GAME_STATE_MAX] __attribute__((aligned(16)));
    char why[200] = "";
    size_t sz = g->state_size;
    uint64_t rng = seed;
    ck_assert_ptr_nonnull(g->determinize);
    memcpy(out, st, sz);
    g->determinize(out, viewer, &rng);
    memcpy(a, st, sz);
    g->redact(a, viewer);
    memcpy(b, out, sz);
    g->redact(b, viewer);
    ck_assert_msg(memcmp(a, b, sz) == 0, "determinize (seed %llu) changed the view of viewer %d", (unsigned long long)seed, viewer);
    ck_assert_int_eq(inv_init(&c, g, 0), 0);
    ck_assert_msg(!c.og->view_differs(st, out, viewer, why, sizeof why), "determinize (seed %llu) changed what viewer %d sees: %s",
                  (unsigned long long)seed, viewer, why);
    c.og->check_material(&c, c.k_game, out);
    if (c.og->check_position) c.og->check_position(&c, c.k_game, out);
    ck_assert_msg(c.violations == 0, "determinize (seed %llu) for viewer %d: %s: %s", (unsigned long long)seed, viewer,
                  tu_first_id(&c), c.first_msg);
}

static inline int tu_card(const char *name)
{
    if (!strcmp(name, "Dog")) return HDZ_DOG;
    if (!strcmp(name, "Milk1")) return HDZ_MILK1;
    if (!strcmp(name, "Milk2")) return HDZ_MILK2;
    ck_assert_msg(name[0] >= 'A' && name[0] <= 'R' && name[1] >= '1' && name[1] <= '5' && !name[2],
                  "bad card name %s", name);
    return HDZ_CODE(name[0] - 'A', name[1] - '0');
}

static inline int tu_cell(const char *name)
{
    return (name[1] - '1') * HDZ_W + (name[0] - 'a');
}

static inline void tu_hdz_deal(hdz_state *st, int players, uint32_t readings, uint64_t seed)
{
    game_config cfg = {players, readings};
    ck_assert_int_eq(hdz_engine.setup_seed(st, &cfg, seed), GAME_OK);
}

/* A place that holds one card: lets tests move cards without breaking the count of 121. */
typedef struct { int zone, i, j; } tu_slot;  /* zone: 0 cell i, 1 pile i, 2 hand i slot j, 3 display i, 4 box */

static inline int tu_find(const hdz_state *st, int code, tu_slot *s)
{
    for (int c = 0; c < HDZ_CELLS; c++) if (st->cell[c] == code) { *s = (tu_slot){0, c, 0}; return 1; }
    for (int i = 0; i < st->pile_len; i++) if (st->pile[i] == code) { *s = (tu_slot){1, i, 0}; return 1; }
    for (int p = 0; p < st->players; p++)
        for (int j = 0; j < 2; j++) if (st->hand[p][j] == code) { *s = (tu_slot){2, p, j}; return 1; }
    for (int p = 0; p < st->players; p++) if (st->display[p][code]) { *s = (tu_slot){3, p, 0}; return 1; }
    if (st->box[code]) { *s = (tu_slot){4, 0, 0}; return 1; }
    return 0;
}

static inline void tu_set(hdz_state *st, tu_slot s, int code)
{
    switch (s.zone) {
    case 0: st->cell[s.i] = (uint8_t)code; break;
    case 1: st->pile[s.i] = (uint8_t)code; break;
    case 2: st->hand[s.i][s.j] = (uint8_t)code; break;
    case 3: st->display[s.i][code]++; break;
    default: st->box[code]++; break;
    }
}

static inline void tu_clear(hdz_state *st, tu_slot s, int code)
{
    if (s.zone == 3) st->display[s.i][code]--;
    else if (s.zone == 4) st->box[code]--;
}

static inline void tu_hand_sort(hdz_state *st)
{
    for (int p = 0; p < st->players; p++) {
        uint8_t *h = st->hand[p];
        if (h[0] > h[1]) { uint8_t t = h[0]; h[0] = h[1]; h[1] = t; }
    }
}

static inline int tu_get(const hdz_state *st, tu_slot s)
{
    return s.zone == 0 ? st->cell[s.i] : s.zone == 1 ? st->pile[s.i] : st->hand[s.i][s.j];
}

/* Put card `name` into a single-card slot (meadow cell, pile position, hand slot); whatever
 * was there goes where the card was (a display or the box when it came from there). */
static inline void tu_put(hdz_state *st, const char *name, tu_slot to)
{
    int code = tu_card(name);
    tu_slot from;
    ck_assert_msg(tu_find(st, code, &from), "card %s is not in the game", name);
    if (from.zone == to.zone && from.i == to.i && from.j == to.j) return;
    int there = tu_get(st, to);
    ck_assert_msg(there != HDZ_STABLE, "tu_put: cannot cover a stable");
    tu_clear(st, from, code);
    if (from.zone <= 2) tu_set(st, from, there);
    else if (there != HDZ_NONE) tu_set(st, from, there);
    tu_set(st, to, code);
    tu_hand_sort(st);
}

static inline void tu_put_cell(hdz_state *st, const char *card, const char *cell)
{
    tu_put(st, card, (tu_slot){0, tu_cell(cell), 0});
}
static inline void tu_put_hand(hdz_state *st, const char *card, int seat, int slot)
{
    tu_put(st, card, (tu_slot){2, seat, slot});
}
static inline void tu_put_pile_top(hdz_state *st, const char *card)
{
    tu_put(st, card, (tu_slot){1, st->pile_len - 1, 0});
}

/* Lay card `card` open in front of `seat`. It comes from the meadow, the pile, a hand or the
 * box (never another display); a card from the box fills the place it leaves. */
static inline void tu_show(hdz_state *st, const char *card, int seat)
{
    int code = tu_card(card);
    tu_slot from = {-1, 0, 0};
    for (int c = 0; c < HDZ_CELLS && from.zone < 0; c++) if (st->cell[c] == code) from = (tu_slot){0, c, 0};
    for (int i = 0; i < st->pile_len && from.zone < 0; i++) if (st->pile[i] == code) from = (tu_slot){1, i, 0};
    for (int p = 0; p < st->players && from.zone < 0; p++)
        for (int j = 0; j < 2 && from.zone < 0; j++) if (st->hand[p][j] == code) from = (tu_slot){2, p, j};
    if (from.zone < 0) {
        ck_assert_msg(st->box[code] > 0, "tu_show: no %s left outside the displays", card);
        st->box[code]--;
    } else {
        int filler = -1;
        for (int c = 0; c < HDZ_CODES && filler < 0; c++) if (st->box[c] && c != code) filler = c;
        ck_assert_msg(filler >= 0, "tu_show needs a card in the box (use 2-4 players)");
        st->box[filler]--;
        tu_set(st, from, filler);
    }
    st->display[seat][code]++;
    tu_hand_sort(st);
}

/* The seat whose small goat is on the card at `cell`, HDZ_NONE if none. */
static inline int tu_mark(const hdz_state *st, const char *cell) { return st->mark[tu_cell(cell)]; }

#endif
