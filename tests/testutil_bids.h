/* testutil_bids.h: Bonje in de Stal helpers for the Check suites: card names, positions from a few fields, legality. */
#ifndef RULEFUZZ_TESTUTIL_BIDS_H
#define RULEFUZZ_TESTUTIL_BIDS_H

#include <ctype.h>
#include "testutil.h"
#include "../rules/bids.h"

#define BG (&bids_engine)

static const char *const tu_bids_names[BIDS_TYPES] = {
    "stallion", "mare", "bull", "cow", "boar", "sow", "ram", "ewe", "rooster", "hen", "elephant", "madcow", "wild", "truck"};

/* Card id of a name such as "hen3"; fails the test for a name that is no card. */
static inline int tu_bids_card(const char *name)
{
    int id = 0;
    for (int t = 0; t < BIDS_TYPES; t++) {
        size_t l = strlen(tu_bids_names[t]);
        if (!strncmp(name, tu_bids_names[t], l) && isdigit((unsigned char)name[l])) {
            int k = atoi(name + l);
            ck_assert_msg(k >= 1 && k <= bids_param.count[t], "no card %s", name);
            return id + k - 1;
        }
        id += bids_param.count[t];
    }
    ck_abort_msg("bad card name %s", name);
    return -1;
}

/* Mark every card named in s (tokens such as "cow2") in seen[]. */
static inline void tu_bids_mark(const char *s, int *seen)
{
    char tok[32];
    while (*s) {
        if (!isalpha((unsigned char)*s)) { s++; continue; }
        int n = 0;
        while ((isalnum((unsigned char)*s)) && n < 31) tok[n++] = *s++;
        tok[n] = 0;
        if (isdigit((unsigned char)tok[n - 1]) && strcmp(tok, "P1") && tok[0] != 'P') seen[tu_bids_card(tok)] = 1;
    }
}

/* The position text of the given fields ("key=value;..."); missing fields take defaults (one card in each
 * pile, the last hens, no open card, 3 empty stables each, table phase, round 1, nobody grabbed); "out"
 * defaults to every card the other fields do not name. Not loaded (also for positions that must be
 * refused); a static buffer, overwritten by the next call. */
static inline const char *tu_bids_text(int players, const char *fields)
{
    static const char *const keys[] = {"piles", "open", "held", "stables", "out", "box", "phase", "actor", "waiting",
                                       "round", "grabbed", "won", "winners", "pending", "specials", "wins", "rng"};
    enum { NK = 17 };
    static char text[GAME_TEXT_MAX];
    char val[NK][1024], buf[4096];
    int given[NK] = {0};
    const char *seat_dash[] = {"", "", "-|-", "-|-|-", "-|-|-|-"};
    const char *seat_st[] = {"", "", "-/-/-|-/-/-", "-/-/-|-/-/-|-/-/-", "-/-/-|-/-/-|-/-/-|-/-/-"};
    const char *seat_w[] = {"", "", "0,0", "0,0,0", "0,0,0,0"};
    const char *seat_pile[] = {"", "", "hen11|hen12", "hen10|hen11|hen12", "hen9|hen10|hen11|hen12"};
    const char *dflt[NK] = {seat_pile[players], "-", seat_dash[players], seat_st[players], "", "-", "table", "1", "0", "1",
                            NULL, "0", "0", "0", "0", seat_w[players], "1"};
    for (int i = 0; i < NK; i++) snprintf(val[i], sizeof val[i], "%s", dflt[i] ? dflt[i] : "");
    snprintf(val[10], sizeof val[10], "%d", (1 << players) - 1);
    snprintf(buf, sizeof buf, "%s", fields);
    for (char *p = strtok(buf, ";"); p; p = strtok(NULL, ";")) {
        char *eq = strchr(p, '=');
        ck_assert_msg(eq != NULL, "bad field %s", p);
        *eq = 0;
        int f = -1;
        for (int i = 0; i < NK; i++) if (!strcmp(keys[i], p)) f = i;
        ck_assert_msg(f >= 0, "unknown field %s", p);
        snprintf(val[f], sizeof val[f], "%s", eq + 1);
        given[f] = 1;
    }
    if (!given[4]) {
        int seen[BIDS_CARDS] = {0};
        for (int f = 0; f < 6; f++) if (f != 4) tu_bids_mark(val[f], seen);
        char *o = val[4];
        int any = 0;
        for (int t = 0, id = 0; t < BIDS_TYPES; t++)
            for (int k = 1; k <= bids_param.count[t]; k++, id++)
                if (!seen[id]) { o += sprintf(o, "%s%s%d", any ? "," : "", tu_bids_names[t], k); any = 1; }
        if (!any) sprintf(o, "-");
    }
    char *w = text;
    for (int i = 0; i < NK; i++) w += sprintf(w, "%s%s=%s", i ? ";" : "", keys[i], val[i]);
    return text;
}

/* That position loaded under `readings`; the test fails if the engine refuses it. */
static inline void tu_bids_pos(bids_state *st, int players, uint32_t readings, const char *fields)
{
    const char *text = tu_bids_text(players, fields);
    game_config cfg = {players, readings};
    char err[200];
    int rc = bids_engine.setup_position(st, &cfg, text, err, sizeof err);
    ck_assert_msg(rc == GAME_OK, "%s\n%s", err, text);
}


/* 1 when the move text is one of the legal moves. */
static inline int tu_bids_legal(const bids_state *st, const char *move)
{
    game_move m, ms[GAME_MAX_MOVES];
    if (bids_engine.move_parse(st, move, &m) != GAME_OK) return 0;
    int n = bids_engine.legal_moves(st, ms, GAME_MAX_MOVES);
    for (int i = 0; i < n; i++) if (!memcmp(&ms[i], &m, sizeof m)) return 1;
    return 0;
}

static inline int tu_bids_nlegal(const bids_state *st)
{
    game_move ms[GAME_MAX_MOVES];
    return bids_engine.legal_moves(st, ms, GAME_MAX_MOVES);
}

/* Where card `name` is. */
static inline int tu_bids_at(const bids_state *st, const char *name) { return st->loc[tu_bids_card(name)]; }

/* An oracle context with every oracle. */
static inline void tu_bids_oracles(inv_ctx *c) { ck_assert_int_eq(inv_init(c, &bids_engine, INV_GEN_ALL), 0); }

static inline void tu_bids_deal(bids_state *st, int players, uint32_t readings, uint64_t seed)
{
    game_config cfg = {players, readings};
    ck_assert_int_eq(bids_engine.setup_seed(st, &cfg, seed), GAME_OK);
}

#define R0 0u                                 /* every register entry at its reading 0 */
#define NL (bids_engine.profiles[0].readings)  /* the readings the Dutch text states */
#define FR (bids_engine.profiles[1].readings)  /* the readings the French text states */

#endif
