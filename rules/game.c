/* game.c: the engine registry and reading (interpretation) parsing shared by all engines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "hdz.h"
#include "kk.h"
#include "gp.h"
#include "bids.h"

const game_engine *const game_engines[] = { &hdz_engine, &kk_engine, &gp_engine, &bids_engine, NULL };

const game_engine *game_find(const char *name)
{
    for (int i = 0; game_engines[i]; i++)
        if (strcmp(game_engines[i]->name, name) == 0) return game_engines[i];
    return NULL;
}

/* GEN-READINGS: a reading list game_readings_print writes parses back to the same bits, and a
 * profile's name to its readings. */
int game_readings_parse(const game_engine *g, const char *profile, const char *overrides,
                        uint32_t *out, char *err, size_t errlen)
{
    uint32_t r = 0;
    if (profile && *profile) {
        int found = 0;
        for (int i = 0; i < g->n_profiles && !found; i++)
            if (strcmp(g->profiles[i].name, profile) == 0) { r = g->profiles[i].readings; found = 1; }
        if (!found) {
            snprintf(err, errlen, "unknown profile '%s' for %s", profile, g->name);
            return GAME_BADARG;
        }
    }
    const char *p = overrides;
    uint32_t given = 0;                 /* a key given twice is refused, whatever its readings */
    while (p && *p) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        const char *eq = memchr(p, '=', len);
        int done = 0;
        if (eq) {
            size_t kl = (size_t)(eq - p), vl = len - kl - 1;
            for (int i = 0; i < g->n_amb && !done; i++) {
                const game_ambiguity *a = &g->amb[i];
                if (strlen(a->key) != kl || strncmp(a->key, p, kl) != 0) continue;
                for (int v = 0; v < 2 && !done; v++)
                    if (strlen(a->reading[v]) == vl && strncmp(a->reading[v], eq + 1, vl) == 0) {
                        if (given >> i & 1u) {
                            snprintf(err, errlen, "reading key '%s' is given twice", a->key);
                            return GAME_BADARG;
                        }
                        given |= 1u << i;
                        r = v ? (r | (1u << i)) : (r & ~(1u << i));
                        done = 1;
                    }
                if (!done) {
                    snprintf(err, errlen, "reading '%.*s' is neither '%s' nor '%s'", (int)len, p,
                             a->reading[0], a->reading[1]);
                    return GAME_BADARG;
                }
            }
        }
        if (!done) {
            snprintf(err, errlen, "unknown reading '%.*s' (want key=reading, see 'rulefuzz clauses %s')",
                     (int)len, p, g->name);
            return GAME_BADARG;
        }
        p = end ? end + 1 : NULL;
    }
    *out = r;
    return GAME_OK;
}

int game_readings_print(const game_engine *g, uint32_t readings, char *buf, size_t n)
{
    size_t len = 0;
    if (n) buf[0] = 0;
    for (int i = 0; i < g->n_amb; i++) {
        int w = snprintf(buf + len, n - len, "%s%s=%s", i ? "," : "", g->amb[i].key,
                         g->amb[i].reading[(readings >> i) & 1u]);
        if (w < 0 || (size_t)w >= n - len) return -1;
        len += (size_t)w;
    }
    return (int)len;
}

int game_decider_print(const game_engine *g, const void *st, int who, char *buf, size_t n)
{
    game_config cfg = g->config(st);
    int len = game_is_table(&cfg, who) ? snprintf(buf, n, "T") : snprintf(buf, n, "P%d", who + 1);
    return (len < 0 || (size_t)len >= n) ? -1 : len;
}

void game_put(game_out *o, const char *s)
{
    size_t l = strlen(s);
    if (o->len + l + 1 > o->n) { o->bad = 1; return; }
    memcpy(o->b + o->len, s, l + 1);
    o->len += l;
}

void game_put_int(game_out *o, long v)
{
    char b[24];
    int k = 23, neg = v < 0;
    unsigned long u = neg ? 0UL - (unsigned long)v : (unsigned long)v;
    b[k] = 0;
    do { b[--k] = (char)('0' + u % 10); u /= 10; } while (u > 0 && k > 1);
    if (neg) b[--k] = '-';
    game_put(o, b + k);
}

/* GEN-REFUSAL: a refusal is one printable line, never an empty one. */
int game_reason_line(int rc, char *err, size_t errlen)
{
    if (rc != GAME_OK && err && errlen) {
        if (!err[0]) snprintf(err, errlen, "position: refused");
        for (unsigned char *p = (unsigned char *)err; *p; p++)
            if (*p < 0x20 || *p == 0x7f) *p = '?';
    }
    return rc;
}

int game_fields_split(char *text, const char *const *names, int n, char **val, char *err, size_t errlen)
{
    for (int i = 0; i < n; i++) val[i] = NULL;
    for (char *p = text; *p;) {
        char *e = strchr(p, ';');
        if (e) *e = 0;
        char *eq = strchr(p, '=');
        if (!eq) { snprintf(err, errlen, "position: expected key=value, got '%.40s'", p); return -1; }
        *eq = 0;
        int f = -1;
        for (int i = 0; i < n && f < 0; i++) if (strcmp(names[i], p) == 0) f = i;
        if (f < 0) { snprintf(err, errlen, "position: unknown field '%.40s'", p); return -1; }
        if (val[f]) { snprintf(err, errlen, "position: field '%s' given twice", p); return -1; }
        val[f] = eq + 1;
        if (!e) break;
        p = e + 1;
    }
    return 0;
}

int game_partial_head(const char *rest, const char *rng_text, int *rest_box, uint64_t *rng, char *err, size_t errlen)
{
    if (!strcmp(rest, "pile")) *rest_box = 0;
    else if (!strcmp(rest, "box")) *rest_box = 1;
    else { snprintf(err, errlen, "position: 'rest' wants pile or box, got '%.12s'", rest); return -1; }
    if (!rng_text) {
        snprintf(err, errlen, "position: a partial position (rest=...) needs the record's [Seed] to deal the cards it does not name");
        return -1;
    }
    char *e;
    *rng = strtoull(rng_text, &e, 16);
    if (*e || e == rng_text) { snprintf(err, errlen, "position: 'rng' wants a hex number, got '%.20s'", rng_text); return -1; }
    return 0;
}
