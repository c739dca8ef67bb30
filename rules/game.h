/* game.h: the one interface every rulefuzz engine implements (game_ prefix). */
#ifndef RULEFUZZ_GAME_H
#define RULEFUZZ_GAME_H

#include <stddef.h>
#include <stdint.h>

/* Limits shared by every engine; a caller sizes its buffers with these. */
#define GAME_MAX_PLAYERS 6
#define GAME_MAX_MOVES   512   /* most legal moves any state may offer */
#define GAME_STATE_MAX   4096  /* largest state_size of any engine, bytes */
#define GAME_TEXT_MAX    8192  /* longest position text an engine prints */

/* Return codes. Expected outcomes are codes; only oracles abort. */
enum game_rc {
    GAME_OK      = 0,   /* done */
    GAME_ILLEGAL = -1,  /* the move is not legal here; the state is untouched */
    GAME_BADARG  = -2   /* malformed text or configuration; *err says why */
};

/* One decision by one player. Engines define kind and the argument bytes;
 * unused bytes are zero, so two moves compare byte for byte (game_move_eq). */
typedef struct game_move {
    uint8_t kind;       /* engine-defined, never 0 in a legal move */
    uint8_t a, b, c, d, e, f, g;
} game_move;
_Static_assert(sizeof(game_move) == 8, "a move is eight bytes");

/* Two moves are equal when all eight bytes are (the engines' comparison: the oracles keep their own,
 * inv_move_same in oracles/oracle.h, so a fault here is GEN-REJECT-UNCHANGED's to catch). Compared as
 * one 64-bit word, not with memcmp:
 * libFuzzer intercepts every memcmp call (the fuzzer build disables the builtin), and move
 * lists are searched many times per step. */
static inline int game_move_eq(const game_move *x, const game_move *y)
{
    uint64_t u, v;
    __builtin_memcpy(&u, x, sizeof u);
    __builtin_memcpy(&v, y, sizeof v);
    return u == v;
}

/* 1 when m is one of the n moves of list. */
static inline int game_move_in(const game_move *list, int n, const game_move *m)
{
    for (int i = 0; i < n; i++) if (game_move_eq(&list[i], m)) return 1;
    return 0;
}

/* 1 when two move lists are equal entry by entry. */
static inline int game_moves_eq(const game_move *x, int nx, const game_move *y, int ny)
{
    if (nx != ny) return 0;
    for (int i = 0; i < nx; i++) if (!game_move_eq(&x[i], &y[i])) return 0;
    return 1;
}

/* How a game is configured before the deal. */
typedef struct game_config {
    int players;        /* engine's min_players..max_players */
    uint32_t readings;  /* bit i set: ambiguity i uses reading[1], else reading[0] */
} game_config;

/* One registered ambiguity of the rule texts (SPEC.md's register), two readings. */
typedef struct game_ambiguity {
    const char *id;          /* e.g. "HDZ-AMB-MILK-ROUND"; bit = index in the table */
    const char *key;         /* short name used in records: "milk-round" */
    const char *reading[2];  /* names of reading 0 and reading 1: "down", "up" */
} game_ambiguity;

/* A translation's profile: the reading it states for every ambiguity. */
typedef struct game_profile {
    const char *name;        /* "nl", "en", "de", ... */
    const char *text;        /* rulebook file it follows */
    uint32_t readings;       /* bit set per ambiguity */
} game_profile;

/* The engine. Every state is a caller-owned block of state_size bytes
 * (<= GAME_STATE_MAX), copied with memcpy and compared with memcmp; engines
 * keep no globals and never touch the heap. Every function is deterministic. */
typedef struct game_engine {
    const char *name;        /* short name on the command line: "hdz" */
    const char *title;       /* "Herr der Ziegen" */
    const char *tag;         /* clause-ID tag: "HDZ" */
    int min_players, max_players;
    size_t state_size;
    const game_ambiguity *amb;  int n_amb;
    const game_profile *profiles; int n_profiles;

    /* Deal a new game from a seed. GAME_OK, or GAME_BADARG for a bad config. */
    int (*setup_seed)(void *st, const game_config *cfg, uint64_t seed);
    /* Set up from a position text (as position_print writes: an explicit deal
     * or any later position). GAME_OK, or GAME_BADARG with a one-line reason. */
    int (*setup_position)(void *st, const game_config *cfg, const char *text,
                          char *err, size_t errlen);
    /* Write the position as one line of text; returns its length or -1 if n is short.
     * setup_position(print(st)) gives back a state equal byte for byte. */
    int (*position_print)(const void *st, char *buf, size_t n);
    /* The configuration the state was set up with. */
    game_config (*config)(const void *st);

    /* Who must decide next: a player (0-based), GAME_TABLE's seat (== players: see below),
     * or -1 when the game is over. */
    int (*to_move)(const void *st);
    /* Fill out[] with every legal move (at most max) in a fixed order; returns the count,
     * 0 exactly when the game is over. */
    int (*legal_moves)(const void *st, game_move *out, int max);
    /* Play one move: GAME_OK, or GAME_ILLEGAL leaving st byte-for-byte unchanged. */
    int (*apply)(void *st, const game_move *m);
    /* Final scores into scores[players] and the winners as a bitmask of players.
     * GAME_OK when the game is over, GAME_ILLEGAL before. */
    int (*result)(const void *st, int *scores, unsigned *winners);
    /* Replace what `viewer` may not know by a canonical stand-in, so that two states
     * the viewer cannot tell apart redact to the same bytes. */
    void (*redact)(void *st, int viewer);

    /* 1 when a and b are the same position (same cards, places, phase and generator),
     * whatever readings each was set up with; 0 otherwise. */
    int (*same_play)(const void *a, const void *b);
    /* The position drawn for people, several lines (board, hands, displays, scores so far);
     * returns the length, -1 if n is short. */
    int (*board_print)(const void *st, char *buf, size_t n);

    /* Move notation: print into buf (returns length, -1 if short); parse returns
     * GAME_OK or GAME_BADARG for text that names no move of this game. Parsing
     * does not check legality: apply does. */
    int (*move_print)(const void *st, const game_move *m, char *buf, size_t n);
    int (*move_parse)(const void *st, const char *s, game_move *out);
    /* Optional (may be NULL): the scores and winners if the game were scored in this position
     * as it stands, with no further move ("scores so far"); GAME_OK, or GAME_ILLEGAL when the
     * engine cannot tell. Equals result once the game is over. */
    int (*score_now)(const void *st, int *scores, unsigned *winners);
    /* Optional (may be NULL): why apply refuses m here, one short clause for people ("E3 is not
     * in P1's hand"); returns its length, 0 when the engine has no reason to give. */
    int (*why_illegal)(const void *st, const game_move *m, char *buf, size_t n);
    /* Optional (may be NULL): re-deal at random, from *rng, what `viewer` cannot see (the cards of
     * other hands, face-down piles and faces, the generator of later shuffles), keeping everything it
     * sees: redact(st, viewer) gives the same bytes before and after, and the cards in all are the
     * same. One sample of the states consistent with the viewer's knowledge (determinization, for
     * players that search: players/policy.h). The table (viewer == players) sees no hidden card. */
    void (*determinize)(void *st, int viewer, uint64_t *rng);
    /* Optional (may be NULL): the game's own outcome measures for reports (Herr der Ziegen: small
     * goats on the meadow; Gloria Picktoria: chests made; Bonje: complete stables): writes up to max names (static strings) and, when st
     * is not NULL, their values in st; returns how many the game has (<= GAME_MAX_MEASURES). */
    int (*measures)(const void *st, const char **names, double *values, int max);

    /* How totals rank for people and reports: +1 when the highest total wins, -1 when the lowest
     * does (penalty points: Kleine Klaeffer). result's winners are the rule; this is its direction. */
    int score_sense;
    /* What result's scores count ("points", "penalty points", "stables") and how the game is won, in
     * one phrase for reports ("the most points win"). */
    const char *score_name, *win_rule;
    /* The game's own unit of length for reports: "turns" or "rounds", counted per seat (1: "turns
     * per seat") or for the whole table (0). */
    const char *unit;
    int unit_per_seat;
    /* How many units of length (0 or 1) the step from pre to post completed: a turn passed on, a
     * round over, the game over. Summed over a game it is the game's length in `unit`. */
    int (*units_done)(const void *pre, const void *post);
} game_engine;

#define GAME_MAX_MEASURES 4

/* GAME_TABLE: the table, a decider no seat owns. A real-time game (every player acts at once:
 * who grabs first, who waits, who calls first) turns speed into decisions the table takes,
 * move by move: to_move returns the seat number `players` (one past the last player), the
 * legal moves are the outcomes the race may have, and a record writes the line "T <move>".
 * The table knows what every player knows together (all open information, no hidden card):
 * redact(st, players) hides everything no seat may see. Turn-based engines never return it. */
static inline int game_is_table(const game_config *cfg, int who) { return who >= 0 && who == cfg->players; }
/* The decider's name in records and reports: "P<n>" for a seat, "T" for the table; returns
 * the length or -1 if n is short. */
int game_decider_print(const game_engine *g, const void *st, int who, char *buf, size_t n);

/* Registry of engines, NULL-terminated. */
extern const game_engine *const game_engines[];
const game_engine *game_find(const char *name);

/* Readings from a profile name plus comma-separated "key=reading" overrides
 * (either may be NULL or ""). GAME_OK, or GAME_BADARG with a reason in err. */
int game_readings_parse(const game_engine *g, const char *profile,
                        const char *overrides, uint32_t *out, char *err, size_t errlen);
/* Comma-separated "key=reading" for every ambiguity; returns length or -1. */
int game_readings_print(const game_engine *g, uint32_t readings, char *buf, size_t n);

/* Text helpers shared by the engines' position and board printers and parsers. */
typedef struct game_out { char *b; size_t n, len; int bad; } game_out;  /* bad: buffer too short */
void game_put(game_out *o, const char *s);
void game_put_int(game_out *o, long v);
/* Split "key=value;key=value" (text is modified in place) into val[] by the names in names[];
 * every field must be known and given once. 0, or -1 with a one-line reason in err. */
/* rc, after making err (when rc is not GAME_OK) one printable line: control characters an input
 * put there become '?', and an empty reason says so. */
int game_reason_line(int rc, char *err, size_t errlen);
int game_fields_split(char *text, const char *const *names, int n, char **val, char *err, size_t errlen);
/* A partial position's head: `rest` (pile or box) into *rest_box and its `rng` (hex, the record's
 * [Seed] added by the record reader) into *rng. 0, or -1 with a one-line reason naming the field. */
int game_partial_head(const char *rest, const char *rng_text, int *rest_box, uint64_t *rng, char *err, size_t errlen);

/* Small deterministic generator for deals and shuffles (splitmix64). */
static inline uint64_t game_rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
/* Uniform integer in [0, n), n > 0. */
static inline uint32_t game_rng_below(uint64_t *s, uint32_t n)
{
    return (uint32_t)(((game_rng_next(s) >> 32) * (uint64_t)n) >> 32);
}

#endif
