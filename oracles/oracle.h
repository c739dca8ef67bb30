/* oracle.h: invariants over (state before, move, state after), with per-clause counters (inv_ prefix). */
#ifndef RULEFUZZ_ORACLE_H
#define RULEFUZZ_ORACLE_H

#include <stddef.h>
#include <stdint.h>
#include "../rules/game.h"

#define INV_MAX_CLAUSES 256
#define INV_MSG_MAX 512
#define INV_MAX_CASES 8        /* cases one clause distinguishes */
#define INV_CASE_NAME_MAX 24   /* a case name's length, NUL included */

/* One checked clause: its ID (SPEC.md), the oracle function's name, the text source, and the
 * cases it distinguishes: their short names separated by single spaces, in the order of SPEC.md's
 * "- **Cases:**" bullet ("sum count trigger"); NULL for a clause with one case, named `any`. */
typedef struct inv_clause {
    const char *id;       /* "HDZ-SCORE-MAJORITY8", "GEN-DETERMINISM" */
    const char *oracle;   /* C name of the oracle function */
    const char *source;   /* where the rule is written: "nl+en", "nl", "conformance" */
    const char *cases;    /* "sum count trigger", or NULL: one case, `any` */
} inv_clause;

/* How often a clause's oracle ran on a relevant step (applied), how many of those steps saw its rule
 * actually take effect (fired: at most once per application, however many cards or moves it took
 * effect on, so fired <= applied), and on how many the state disagreed with the rule (violated);
 * and, for a clause with several cases, on how many steps each case came up. A firing of such a
 * clause names its case (inv_fired_case); one step may bring two cases of a clause, so the case
 * counts add up to `fired` or more, never less; a clause with one case counts it in `fired` alone
 * (inv_case_count). */
typedef struct inv_count {
    uint64_t applied, fired, violated;
    uint64_t cases[INV_MAX_CASES];
} inv_count;

/* The number of cases of clause cl (1 when cl->cases is NULL), and the name of case i written
 * into out (`any` for a clause with one case); -1 when i is out of range. */
int inv_n_cases(const inv_clause *cl);
int inv_case_name(const inv_clause *cl, int i, char *out, size_t n);
/* How often case i of clause cl fired under counters n. */
static inline uint64_t inv_case_count(const inv_clause *cl, const inv_count *n, int i)
{
    return cl->cases ? n->cases[i] : (i == 0 ? n->fired : 0);
}

/* A game's oracles. Each hook may be NULL. `k0` is the index of the game's first clause in
 * the context's counters (set by inv_init). */
struct inv_ctx;
typedef struct inv_game {
    const char *game;                 /* engine name: "hdz" */
    const inv_clause *clauses; int n_clauses;
    /* A freshly dealt state (setup_seed). */
    void (*check_setup)(struct inv_ctx *c, int k0, const void *st);
    /* One move: pre is the state before, post after apply returned GAME_OK. */
    void (*check_step)(struct inv_ctx *c, int k0, const void *pre, const game_move *m,
                       const void *post);
    /* A finished game: the engine's scores and winners, recomputed independently. */
    void (*check_final)(struct inv_ctx *c, int k0, const void *st, const int *scores,
                        unsigned winners);
    /* Optional: invariants every reachable position keeps, judged on one state (a loaded
     * [Position], a deal). Messages name the position field and value at fault, so a caller can
     * turn a violation into a bad-input error. */
    void (*check_position)(struct inv_ctx *c, int k0, const void *st);
    /* Optional, for GEN-HIDDEN-INFO: the rules' own account of what a decider sees (`viewer` is
     * a seat, or `players` for the table, which sees what any seat sees). view_differs: 0 when
     * the viewer sees a and b alike (the same open fields, its own cards, the sizes and colours
     * the rules show it, the same cards in all); else 1, with what differs written into why.
     * mix_unseen: shuffle st's cards the viewer cannot see among the places it cannot see into
     * (and anything else hidden), keeping a canonical state the viewer cannot tell from st. */
    int (*view_differs)(const void *a, const void *b, int viewer, char *why, int n);
    void (*mix_unseen)(void *st, int viewer, uint64_t seed);
    /* Optional, for GEN-HIDDEN-INFO's check of an engine's determinize (game.h): the game's own
     * material oracle on one state (every card in exactly one place, as many as the game has),
     * reporting under its own clause. */
    void (*check_material)(struct inv_ctx *c, int k0, const void *st);
    /* The game's facts clause (<GAME>-FACTS): the physical facts the oracles state in their own
     * form, from SPEC.md's parameter table and the texts' numbers, compared field by field with an
     * engine's parameter table `table` (a pointer to its <game>_params). check_setup calls it with
     * the engine's own table at every deal; a test may pass a patched copy. */
    void (*check_facts)(struct inv_ctx *c, int k0, const void *table);
} inv_game;

/* Everything one run of the oracles keeps. Caller-owned; no globals. */
typedef struct inv_ctx {
    const game_engine *g;
    const inv_game *og;               /* the game's oracles */
    int k_game;                       /* index of og's first clause in count[] */
    int n;                            /* clauses in use: generic ones, then the game's */
    const inv_clause *clause[INV_MAX_CLAUSES];
    inv_count count[INV_MAX_CLAUSES];
    unsigned generic;                 /* INV_GEN_* bits: which generic oracles run */
    int violations;                   /* total violations seen */
    int first_k;                      /* clause of the first violation, -1 none */
    char first_msg[INV_MSG_MAX];      /* its message */
    long step;                        /* moves checked so far in the current game */
    long first_step;                  /* step of the first violation (-1: at setup/final) */
    /* Sampling of the conformance checks (fuzz harnesses): with gen_every > 1, the costly
     * INV_GEN_* oracles run only on the steps s with (s + gen_phase) % gen_every == 0 and the
     * cheap ones (INV_GEN_CHEAP) on every step; the game's clause oracles always run on every
     * step. 0 or 1: every oracle on every step (make check, replay, rulefuzz inputs, triage). */
    unsigned gen_every, gen_phase;
    /* Set by a driver for one inv_on_step call: the legal moves of `pre` and of `post` it
     * already enumerated (in legal_moves order, with the engine's own legal_moves), so the oracles
     * need not enumerate them again; NULL otherwise. Oracles read them through inv_legal_pre and
     * inv_legal_post; inv_on_step forgets both when it returns. */
    const game_move *pre_legal, *post_legal;
    int n_pre_legal, n_post_legal;
    /* `rulefuzz bench` only: leave out the comparison of the game's LEGAL-SET oracle with the
     * engine's legal moves, to measure what that oracle costs. */
    int legal_set_off;
    /* Per clause (and case), the application its last firing was counted in (applied + 1; 0:
     * none), so that a step counts one firing of a clause and one of each case. */
    uint64_t fire_mark[INV_MAX_CLAUSES];
    uint64_t case_mark[INV_MAX_CLAUSES][INV_MAX_CASES];
} inv_ctx;

/* The parts of a game's material clause (the card count), for its step and setup checks:
 * INV_CARDS_FORM, whether a state can be read at all (every index in bounds, every place a card or
 * empty; counted as applied), before the step's own clauses; INV_CARDS_COUNT, that every card is
 * where one place says, after them (counted as fired), so that a step that loses or doubles a card
 * is named by the step's clause first; INV_CARDS_ALL, both (a loaded position, determinize).
 * INV_CARDS_DEAL with FORM: the state is a fresh deal, and a place that holds no card is named by
 * the deal clause that filled it (a game that has such clauses per place). */
enum { INV_CARDS_FORM = 1, INV_CARDS_COUNT = 2, INV_CARDS_ALL = 3, INV_CARDS_DEAL = 4 };

/* Generic conformance oracles (game-independent; clause IDs GEN-...). */
enum {
    INV_GEN_DETERMINISM = 1u << 0,  /* GEN-DETERMINISM: the same move on equal states gives equal states */
    INV_GEN_ROUNDTRIP   = 1u << 1,  /* GEN-ROUNDTRIP: position print/parse gives the same bytes */
    INV_GEN_NOTATION    = 1u << 2,  /* GEN-NOTATION: every legal move prints and parses back */
    INV_GEN_LEGAL       = 1u << 3,  /* GEN-LEGAL-APPLIES: every enumerated move applies */
    INV_GEN_REJECT      = 1u << 4,  /* GEN-REJECT-UNCHANGED: an illegal move changes nothing */
    INV_GEN_TERMINAL    = 1u << 5,  /* GEN-TERMINAL: over <=> no legal move <=> result available */
    INV_GEN_REDACT      = 1u << 6,  /* GEN-HIDDEN-INFO: legal moves depend only on what the decider may know */
    INV_GEN_READINGS    = 1u << 7,  /* GEN-READINGS: reading bits print and parse back (rules/game.c) */
    INV_GEN_REFUSAL     = 1u << 8,  /* GEN-REFUSAL: a refused position text gets one printable line */
    INV_GEN_RECORD      = 1u << 9,  /* GEN-RECORD: a game written as a record replays to it (records/, by the driver) */
    INV_GEN_ALL         = 0x3ff,
    INV_GEN_CHEAP       = INV_GEN_DETERMINISM | INV_GEN_TERMINAL   /* run on every step even when sampling */
};

/* The generic clauses' indices in a context's counters (inv_generic_clauses' order), for a driver
 * that reports a conformance failure itself (records/record.c: a listed move apply refuses, a game
 * whose record does not replay to it: GEN-RECORD, which only a driver with the record code judges). */
enum { INV_K_DETERMINISM, INV_K_ROUNDTRIP, INV_K_NOTATION, INV_K_LEGAL, INV_K_REJECT, INV_K_TERMINAL,
       INV_K_HIDDEN, INV_K_READINGS, INV_K_REFUSAL, INV_K_RECORD };

/* Set up a context for engine g (its oracles looked up by name). Returns 0, or -1 when
 * the game has no oracles. */
int inv_init(inv_ctx *c, const game_engine *g, unsigned generic);
/* Forget counters and violations (keeps the configuration). */
void inv_reset_counts(inv_ctx *c);

/* Hooks called by whoever drives a game (replay, property tests, fuzz harness).
 * inv_on_setup: a fresh deal (setup_seed), checked against the setup clauses.
 * inv_on_position: a state given as a position (an explicit deal or any later position),
 * checked by the conformance oracles and the game's position invariants (check_position): it
 * need not look like a fresh deal, but it must be reachable. */
void inv_on_setup(inv_ctx *c, const void *st);
void inv_on_position(inv_ctx *c, const void *st);
void inv_on_step(inv_ctx *c, const void *pre, const game_move *m, const void *post);
void inv_on_final(inv_ctx *c, const void *st);

/* The engine's legal moves of the current step's pre (or post) state st: the driver's list when
 * it passed one, else legal_moves(st) into buf. Returns their number; *list points at them. */
int inv_legal_pre(const inv_ctx *c, const void *st, game_move *buf, const game_move **list);
int inv_legal_post(const inv_ctx *c, const void *st, game_move *buf, const game_move **list);

/* Two move lists compared as sets: *only_a is the index of the first move of a (in a's order)
 * that b lacks, or -1; *only_b the same the other way. n log n (sorted copies), so a legal-move
 * oracle can compare long lists on every step. */
void inv_moves_diff(const game_move *a, int na, const game_move *b, int nb, int *only_a, int *only_b);

/* The first index in from..to-1 of bytes a whose byte is not v, or -1 (eight bytes at a time):
 * the unused tail of an array is blank. */
static inline int inv_first_not(const uint8_t *a, int from, int to, uint8_t v)
{
    uint64_t all = 0x0101010101010101ull * v, x;
    int i = from;
    for (; i + 8 <= to; i += 8) {
        __builtin_memcpy(&x, a + i, sizeof x);
        if (x != all) break;
    }
    for (; i < to; i++) if (a[i] != v) return i;
    return -1;
}

/* The oracles' own account of a move (issue 36 point 4): two moves are the same when each of their
 * eight bytes is, compared here byte by byte. The oracles never use game.h's game_move_eq,
 * game_move_in or game_moves_eq, which the engines use to look a move up: a comparison that
 * ignored some bytes there would otherwise blind the check that is to catch it. */
static inline int inv_move_same(const game_move *x, const game_move *y)
{
    const uint8_t *a = (const uint8_t *)x, *b = (const uint8_t *)y;
    for (int i = 0; i < (int)sizeof *x; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}
/* 1 when m is one of the n moves of list (inv_move_same). */
static inline int inv_move_in(const game_move *list, int n, const game_move *m)
{
    for (int i = 0; i < n; i++) if (inv_move_same(&list[i], m)) return 1;
    return 0;
}
/* 1 when two move lists are equal entry by entry (inv_move_same). */
static inline int inv_moves_same(const game_move *x, int nx, const game_move *y, int ny)
{
    if (nx != ny) return 0;
    for (int i = 0; i < nx; i++) if (!inv_move_same(&x[i], &y[i])) return 0;
    return 1;
}
/* A move as one number, its bytes in order (byte 0, the kind, highest): the key the oracles sort
 * and search move lists by; two moves have the same key exactly when inv_move_same holds. */
static inline uint64_t inv_move_key(const game_move *m)
{
    const uint8_t *b = (const uint8_t *)m;
    uint64_t k = 0;
    for (int i = 0; i < (int)sizeof *m; i++) k = k << 8 | b[i];
    return k;
}

/* The oracles' own generator for what they shuffle (mix_unseen) and the stand-ins they draw: not
 * game.h's game_rng_next, which deals the engines' cards. Knuth's MMIX linear congruential step, its
 * state scrambled by MurmurHash3's 64-bit finalizer, so that small and consecutive seeds (1, 2, 3 ...)
 * give unrelated streams: xorshift64* from such seeds, the first choice, shuffled a plain deck so
 * unevenly that the deal test's fair baseline failed (check_kk_rules,
 * deal_shuffles_are_caught_sattolo_and_one_stopping_early: 22 of 5,184 cells out of line over 3,000
 * deals seeded 1-3,000). Any state is valid. */
static inline uint64_t inv_rng_next(uint64_t *s)
{
    uint64_t x = (*s = *s * 6364136223846793005ull + 1442695040888963407ull);
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    x ^= x >> 33;
    return x;
}
/* Uniform in [0, n), n > 0, by rejection (no bias for any n). */
static inline uint32_t inv_rng_below(uint64_t *s, uint32_t n)
{
    uint64_t lim = UINT64_MAX - UINT64_MAX % n;
    uint64_t v;
    do v = inv_rng_next(s); while (v >= lim);
    return (uint32_t)(v % n);
}

/* A state field as an oracle names it: its name, offset and length (GEN-HIDDEN-INFO's views). */
typedef struct inv_field { const char *name; unsigned off, len; } inv_field;
/* The inv_field of member f of struct type T, named name. */
#define INV_FIELD(T, f, name) {name, (unsigned)offsetof(T, f), (unsigned)sizeof(((T *)0)->f)}
/* The first of the n fields in which a and b differ, or NULL. */
const char *inv_fields_differ(const inv_field *f, int n, const void *a, const void *b);

/* Shuffle n bytes in place (Fisher-Yates, with the oracles' own generator), for mix_unseen. */
static inline void inv_shuffle(uint8_t *a, int n, uint64_t *s)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)inv_rng_below(s, (uint32_t)(i + 1));
        uint8_t t = a[i]; a[i] = a[j]; a[j] = t;
    }
}

/* Used inside oracles: clause k (absolute index: k0 + the game's clause number). */
static inline void inv_applied(inv_ctx *c, int k) { c->count[k].applied++; }
static inline void inv_fired(inv_ctx *c, int k)
{
    if (c->fire_mark[k] == c->count[k].applied + 1) return;     /* this application fired already */
    c->fire_mark[k] = c->count[k].applied + 1;
    c->count[k].fired++;
}
/* Clause k fired in its case i (the index of the name in its `cases` list): a clause with
 * several cases fires through this only. */
static inline void inv_fired_case(inv_ctx *c, int k, int i)
{
    inv_fired(c, k);
    i &= INV_MAX_CASES - 1;
    if (c->case_mark[k][i] == c->count[k].applied + 1) return;
    c->case_mark[k][i] = c->count[k].applied + 1;
    c->count[k].cases[i]++;
}
/* Record a violation of clause k with a printf-style message. Never aborts: the
 * caller decides (the fuzz harness aborts, replay exits 1). */
void inv_fail(inv_ctx *c, int k, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The registry of every game's oracles, NULL-terminated, and the generic clauses. */
extern const inv_game *const inv_games[];
extern const inv_clause inv_generic_clauses[];
extern const int inv_n_generic;
const inv_game *inv_game_find(const char *name);

/* Print the clause coverage table (applied, fired, violated, cases fired per clause, the cases
 * that never fired named) to f. Returns the number of game clauses (not generic) that never
 * fired (cases are gated over every suite's counts: rulefuzz coverage --cases-fail-under). */
#include <stdio.h>
int inv_print_coverage(const inv_ctx *c, FILE *f);
/* Add b's counters into a (same game). */
void inv_merge_counts(inv_ctx *a, const inv_ctx *b);

#endif
