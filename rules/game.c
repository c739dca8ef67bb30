/* game.c: the engine registry and reading (interpretation) parsing shared by all engines. */
#include <stdio.h>
#include <string.h>
#include "game.h"
#include "hdz.h"

const game_engine *const game_engines[] = { &hdz_engine, NULL };

const game_engine *game_find(const char *name)
{
    for (int i = 0; game_engines[i]; i++)
        if (strcmp(game_engines[i]->name, name) == 0) return game_engines[i];
    return NULL;
}

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
