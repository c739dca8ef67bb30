/* testutil_gp.h: Gloria Picktoria helpers for the Check suites: positions from short descriptions, checked moves, oracles. */
#ifndef RULEFUZZ_TESTUTIL_GP_H
#define RULEFUZZ_TESTUTIL_GP_H

#include "testutil.h"
#include "../rules/gp.h"

#define GP_NL (gp_engine.profiles[0].readings)

/* Type of a notation letter (V K S T W M H G F D, J joker, X doubler, # Dschingis-Haan). */
static inline int tu_gp_type(char ch)
{
    for (int t = 0; t < GP_TYPES; t++) if (gp_param.letter[t] == ch) return t;
    ck_abort_msg("no card letter '%c'", ch);
    return -1;
}

static inline void tu_gp_deal(gp_state *st, int players, uint32_t readings, uint64_t seed)
{
    game_config cfg = {players, readings};
    ck_assert_int_eq(gp_engine.setup_seed(st, &cfg, seed), GAME_OK);
}

/* Text of a position from the fields given in `fields` ("display=...;hands=...;cols=...;..."):
 * missing fields get their start values (fox=-, turn=1, phase=act, acts=0, foxmoved=0, dh=0,
 * scorings from dh, score and penalty 0, cols=-), and the pile is `top` (top card first, may
 * be "") followed by every card not yet placed: the other cards in type order, then the
 * Dschingis-Haan still in play. */
static inline const char *tu_gp_text(int players, const char *fields, const char *top)
{
    static char out[GAME_TEXT_MAX];
    char f[GAME_TEXT_MAX];
    snprintf(f, sizeof f, "%s", fields);
    int used[GP_TYPES] = {0}, dh = 0;
    /* count the cards the fields place */
    const char *p;
    if ((p = strstr(f, "display="))) { for (p += 8; *p && *p != ';'; p++) if (*p != '.') used[tu_gp_type(*p)]++; }
    else used[GP_JOKER] += 3;                       /* the default display JJJ */
    if ((p = strstr(f, "hands="))) for (p += 6; *p && *p != ';'; p++) if (*p != '|' && *p != '-') used[tu_gp_type(*p)]++;
    if ((p = strstr(f, "cols=")) && p[5] != '-') {
        p += 5;
        while (*p && *p != ';') {
            while (*p >= '0' && *p <= '9') p++;
            int face = tu_gp_type(*p++);
            int motif = *p == '.' ? -1 : tu_gp_type(*p);
            p++;
            int len = (int)strtol(p, (char **)&p, 10); p++;
            int jk = (int)strtol(p, (char **)&p, 10); p++;
            int dbl = (int)strtol(p, (char **)&p, 10);
            used[face]++;
            if (motif >= 0) used[motif] += len - jk;
            used[GP_JOKER] += jk;
            used[GP_DOUBLER] += dbl;
            if (*p == ',') p++;
        }
    }
    if ((p = strstr(f, "dh="))) dh = atoi(p + 3);
    for (const char *q = top; *q; q++) used[tu_gp_type(*q)]++;
    char pile[GP_PILE_MAX + 2];
    size_t n = 0;
    for (const char *q = top; *q; q++) pile[n++] = *q;
    for (int t = 0; t < GP_MOTIFS; t++) for (int k = used[t]; k < 9; k++) pile[n++] = gp_param.letter[t];
    for (int k = used[GP_JOKER]; k < 5; k++) pile[n++] = gp_param.letter[GP_JOKER];
    for (int k = used[GP_DH] + dh; k < 10; k++) pile[n++] = gp_param.letter[GP_DH];
    ck_assert_uint_le(n, GP_PILE_MAX);
    pile[n] = 0;
    int sc = dh >= 10 ? 3 : dh >= 7 ? 2 : dh >= 4 ? 1 : 0;
    char zeros[32] = "0", score[128];
    for (int i = 1; i < players; i++) strcat(zeros, ",0");
    snprintf(score, sizeof score, "%s/%s/%s", zeros, zeros, zeros);
    static const char *const names[] = {"display=", "hands=", "cols=", "fox=", "turn=", "phase=", "acts=", "foxmoved=",
                                        "dh=", "scorings=", "score=", "penalty="};
    char defaults[12][160];
    snprintf(defaults[0], 160, "JJJ");
    snprintf(defaults[1], 160, "-");
    for (int i = 1; i < players; i++) strcat(defaults[1], "|-");
    snprintf(defaults[2], 160, "-");
    snprintf(defaults[3], 160, "-");
    snprintf(defaults[4], 160, "1");
    snprintf(defaults[5], 160, "act");
    snprintf(defaults[6], 160, "0");
    snprintf(defaults[7], 160, "0");
    snprintf(defaults[8], 160, "0");
    snprintf(defaults[9], 160, "%d", sc);
    snprintf(defaults[10], 160, "%s", score);
    snprintf(defaults[11], 160, "%s", zeros);
    size_t o = (size_t)snprintf(out, sizeof out, "%s;pile=%s", f, n ? pile : "-");
    for (int i = 0; i < 12; i++) {
        char key[24];
        snprintf(key, sizeof key, "%s", names[i]);
        int have = strncmp(f, key, strlen(key)) == 0;
        char semi[26];
        snprintf(semi, sizeof semi, ";%s", key);
        have |= strstr(f, semi) != NULL;
        if (!have) o += (size_t)snprintf(out + o, sizeof out - o, ";%s%s", key, defaults[i]);
    }
    return out;
}

/* Set up st from tu_gp_text; the position must be accepted. */
static inline void tu_gp_pos(gp_state *st, int players, uint32_t readings, const char *fields, const char *top)
{
    game_config cfg = {players, readings};
    char err[256];
    const char *text = tu_gp_text(players, fields, top);
    ck_assert_msg(gp_engine.setup_position(st, &cfg, text, err, sizeof err) == GAME_OK, "%s\n%s", err, text);
}

/* An oracle context with every oracle of Gloria Picktoria (1), or only the generic ones (0). */
static inline int tu_gp_oracles(inv_ctx *c)
{
    static const inv_game none = {"gp", NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    if (inv_init(c, &gp_engine, INV_GEN_ALL) == 0) return 1;
    memset(c, 0, sizeof *c);
    c->g = &gp_engine;
    c->og = &none;
    c->generic = INV_GEN_ALL;
    for (int i = 0; i < inv_n_generic; i++) c->clause[c->n++] = &inv_generic_clauses[i];
    c->k_game = c->n;
    c->first_k = -1;
    c->first_step = -1;
    return 0;
}

/* 1 when `move` is among the legal moves of st. */
static inline int tu_gp_legal(const gp_state *st, const char *move)
{
    game_move m, all[GAME_MAX_MOVES];
    if (gp_engine.move_parse(st, move, &m) != GAME_OK) return 0;
    int n = gp_engine.legal_moves(st, all, GAME_MAX_MOVES);
    for (int i = 0; i < n; i++) if (!memcmp(&all[i], &m, sizeof m)) return 1;
    return 0;
}

/* Total points so far of seat q (the three scorings less the penalty). */
static inline int tu_gp_points(const gp_state *st, int q)
{
    return st->wscore[0][q] + st->wscore[1][q] + st->wscore[2][q] - st->penalty[q];
}

static inline int tu_gp_hand(const gp_state *st, int q, char ch) { return st->hand[q][tu_gp_type(ch)]; }

#endif
