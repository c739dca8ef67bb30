/* rulefuzz.c: the command line (rf_ prefix): play, replay, clauses, inputs, bench. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "record.h"

static const char *usage =
    "usage: rulefuzz COMMAND ...\n"
    "  play GAME --players N --seed S [--profile P] [--readings K=V,...]\n"
    "                                   print a random game's record\n"
    "  replay FILE... [--json]          replay records with every oracle on\n"
    "  clauses [GAME]                   list clause IDs, oracles, text sources, readings\n"
    "  inputs GAME PATH... [--records DIR] [--quiet]\n"
    "                                   run fuzz inputs (files or folders) with every oracle,\n"
    "                                   print clause coverage; --records writes each input as a record\n"
    "  bench [GAME] [--games N]         moves/s and games/s, oracles off and on\n"
    "exit: 0 clean, 1 an oracle was violated, 2 bad input\n";

static int bad_usage(const char *fmt, const char *arg)
{
    fprintf(stderr, "rulefuzz: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, " (see 'rulefuzz --help')\n");
    return RF_EXIT_BADINPUT;
}

static const game_engine *find_game(const char *name)
{
    const game_engine *g = game_find(name);
    if (!g) {
        fprintf(stderr, "rulefuzz: unknown game '%s' (games:", name);
        for (int i = 0; game_engines[i]; i++) fprintf(stderr, " %s", game_engines[i]->name);
        fprintf(stderr, ")\n");
    }
    return g;
}

static int parse_num(const char *s, uint64_t *v)
{
    char *e;
    if (!s || !*s || *s == '-') return -1;
    unsigned long long x = strtoull(s, &e, 10);
    if (*e) return -1;
    *v = x;
    return 0;
}

/* ---- play --------------------------------------------------------------------------- */

static int cmd_play(int argc, char **argv)
{
    if (argc < 1) return bad_usage("play needs a game%s", "");
    const game_engine *g = find_game(argv[0]);
    if (!g) return RF_EXIT_BADINPUT;
    rf_header h;
    memset(&h, 0, sizeof h);
    h.g = g;
    uint64_t players = 0, seed = 0;
    int have_seed = 0;
    snprintf(h.profile, sizeof h.profile, "%s", g->profiles[0].name);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--players")) { if (parse_num(v, &players)) return bad_usage("--players needs a number%s", ""); i++; }
        else if (!strcmp(a, "--seed")) { if (parse_num(v, &seed)) return bad_usage("--seed needs a number%s", ""); have_seed = 1; i++; }
        else if (!strcmp(a, "--profile")) { if (!v || strlen(v) >= sizeof h.profile) return bad_usage("--profile needs a name%s", ""); snprintf(h.profile, sizeof h.profile, "%s", v); i++; }
        else if (!strcmp(a, "--readings")) { if (!v || strlen(v) >= sizeof h.readings) return bad_usage("--readings needs key=reading,...%s", ""); snprintf(h.readings, sizeof h.readings, "%s", v); i++; }
        else return bad_usage("unknown option '%s'", a);
    }
    if (!have_seed) return bad_usage("play needs --seed S%s", "");
    if (players < (uint64_t)g->min_players || players > (uint64_t)g->max_players) {
        fprintf(stderr, "rulefuzz: %s takes --players %d to %d\n", g->name, g->min_players, g->max_players);
        return RF_EXIT_BADINPUT;
    }
    h.cfg.players = (int)players;
    char err[200];
    if (game_readings_parse(g, h.profile, h.readings, &h.cfg.readings, err, sizeof err) != GAME_OK) {
        fprintf(stderr, "rulefuzz: %s\n", err);
        return RF_EXIT_BADINPUT;
    }
    h.has_seed = 1;
    h.seed = seed;
    unsigned char st[GAME_STATE_MAX] __attribute__((aligned(16))), start[GAME_STATE_MAX] __attribute__((aligned(16)));
    g->setup_seed(st, &h.cfg, seed);
    memcpy(start, st, g->state_size);
    static game_move log[RF_MAX_GAME_MOVES];
    rf_chooser ch = {0};
    ch.use_rng = 1;
    ch.rng = seed ^ 0x5eedc0ffee;
    long n = rf_play(g, st, &ch, NULL, log, RF_MAX_GAME_MOVES, RF_MAX_GAME_MOVES);
    char comment[128];
    snprintf(comment, sizeof comment, "random game: rulefuzz play %s --players %d --seed %llu", g->name,
             h.cfg.players, (unsigned long long)seed);
    return rf_record_write(stdout, &h, start, log, n, comment) == 0 ? RF_EXIT_OK : RF_EXIT_VIOLATION;
}

/* ---- replay ------------------------------------------------------------------------- */

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20) fprintf(f, "\\u%04x", *s);
        else fputc(*s, f);
    }
    fputc('"', f);
}

static int replay_one(const char *path, int json)
{
    char err[RF_ERR_MAX] = "";
    size_t len;
    char *text = rf_read_file(path, &len, err, sizeof err);
    if (!text) { fprintf(stderr, "rulefuzz: %s\n", err); return RF_EXIT_BADINPUT; }
    /* Find the game first so the oracles match it. */
    static rf_replay out;
    static inv_ctx c;
    const char *gp = strstr(text, "[Game \"");
    const game_engine *g = NULL;
    if (gp) {
        char name[32] = "";
        sscanf(gp + 7, "%31[^\"]", name);
        g = game_find(name);
    }
    int rc;
    if (g && inv_init(&c, g, INV_GEN_ALL) == 0) rc = rf_replay_text(path, text, len, &c, &out, err, sizeof err);
    else rc = rf_replay_text(path, text, len, NULL, &out, err, sizeof err);
    free(text);
    if (json) {
        printf("{\"file\":"); json_str(stdout, path);
        printf(",\"status\":\"%s\"", rc == RF_EXIT_OK ? "ok" : rc == RF_EXIT_VIOLATION ? "violation" : "bad-input");
        if (rc == RF_EXIT_OK) {
            printf(",\"moves\":%ld,\"over\":%s", out.moves, out.over ? "true" : "false");
            if (out.over) {
                int np = g->config(out.st).players;
                printf(",\"scores\":[");
                for (int p = 0; p < np; p++) printf("%s%d", p ? "," : "", out.scores[p]);
                printf("],\"winners\":[");
                for (int p = 0, first = 1; p < np; p++)
                    if ((out.winners >> p) & 1) { printf("%s%d", first ? "" : ",", p + 1); first = 0; }
                printf("]");
            }
        } else {
            if (rc == RF_EXIT_VIOLATION && out.violated_k >= 0) {
                printf(",\"clause\":"); json_str(stdout, c.clause[out.violated_k]->id);
                printf(",\"move\":%ld,\"line\":%d", out.violated_move, out.violated_line);
            }
            printf(",\"error\":"); json_str(stdout, err);
        }
        printf("}\n");
    } else if (rc == RF_EXIT_OK) {
        printf("%s: %ld moves", path, out.moves);
        if (out.over) {
            int np = g->config(out.st).players;
            printf(", final scores:");
            for (int p = 0; p < np; p++) printf(" P%d %d%s", p + 1, out.scores[p], (out.winners >> p) & 1 ? " (wins)" : "");
        } else printf(", game not over");
        printf("\n");
    } else {
        fprintf(stderr, "%s\n", err);
    }
    return rc;
}

static int cmd_replay(int argc, char **argv)
{
    int json = 0, worst = RF_EXIT_OK, files = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--json")) json = 1;
        else if (argv[i][0] == '-' && argv[i][1]) return bad_usage("unknown option '%s'", argv[i]);
    }
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--json")) continue;
        files++;
        int rc = replay_one(argv[i], json);
        if (rc == RF_EXIT_BADINPUT || (rc == RF_EXIT_VIOLATION && worst == RF_EXIT_OK)) worst = rc;
    }
    if (!files) return bad_usage("replay needs a record file%s", "");
    return worst;
}

/* ---- clauses ------------------------------------------------------------------------ */

static int cmd_clauses(int argc, char **argv)
{
    for (int gi = 0; game_engines[gi]; gi++) {
        const game_engine *g = game_engines[gi];
        if (argc > 0 && strcmp(argv[0], g->name) != 0) continue;
        const inv_game *og = inv_game_find(g->name);
        printf("# %s (%s): %d clauses, %d ambiguities\n", g->name, g->title, og ? og->n_clauses : 0, g->n_amb);
        printf("%-28s %-36s %s\n", "clause", "oracle", "source");
        for (int i = 0; og && i < og->n_clauses; i++)
            printf("%-28s %-36s %s\n", og->clauses[i].id, og->clauses[i].oracle, og->clauses[i].source);
        printf("\n%-28s %-14s %-28s", "ambiguity", "key", "readings");
        for (int p = 0; p < g->n_profiles; p++) printf(" %-12s", g->profiles[p].name);
        printf("\n");
        for (int i = 0; i < g->n_amb; i++) {
            char rd[64];
            snprintf(rd, sizeof rd, "%s | %s", g->amb[i].reading[0], g->amb[i].reading[1]);
            printf("%-28s %-14s %-28s", g->amb[i].id, g->amb[i].key, rd);
            for (int p = 0; p < g->n_profiles; p++)
                printf(" %-12s", g->amb[i].reading[(g->profiles[p].readings >> i) & 1u]);
            printf("\n");
        }
        printf("\n");
    }
    if (argc > 0 && !game_find(argv[0])) { find_game(argv[0]); return RF_EXIT_BADINPUT; }
    printf("# conformance checks (every game)\n");
    for (int i = 0; i < inv_n_generic; i++)
        printf("%-28s %-36s %s\n", inv_generic_clauses[i].id, inv_generic_clauses[i].oracle, inv_generic_clauses[i].source);
    return RF_EXIT_OK;
}

/* ---- inputs: fuzz inputs through every oracle ---------------------------------------- */

typedef struct { char **v; int n, cap; } paths;

static void add_path(paths *p, const char *s)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 64;
        char **nv = realloc(p->v, sizeof *p->v * (size_t)p->cap);
        if (!nv) { fprintf(stderr, "rulefuzz: out of memory\n"); exit(RF_EXIT_BADINPUT); }
        p->v = nv;
    }
    p->v[p->n++] = strdup(s);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int collect(paths *p, const char *path)
{
    struct stat sb;
    if (stat(path, &sb) != 0) { fprintf(stderr, "rulefuzz: %s: no such file or folder\n", path); return -1; }
    if (!S_ISDIR(sb.st_mode)) { add_path(p, path); return 0; }
    DIR *d = opendir(path);
    if (!d) { fprintf(stderr, "rulefuzz: %s: cannot open folder\n", path); return -1; }
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char full[4096];
        snprintf(full, sizeof full, "%s/%s", path, e->d_name);
        if (stat(full, &sb) == 0 && S_ISREG(sb.st_mode)) add_path(p, full);
    }
    closedir(d);
    return 0;
}

/* Run one fuzz input through the oracles; on request write it as a record. */
static int run_input(const game_engine *g, const uint8_t *data, size_t len, inv_ctx *c,
                     const char *record_path, const char *src)
{
    rf_header h;
    rf_chooser ch;
    unsigned char st[GAME_STATE_MAX] __attribute__((aligned(16))), start[GAME_STATE_MAX] __attribute__((aligned(16)));
    static game_move log[RF_MAX_GAME_MOVES];
    rf_header_from_bytes(g, data, len, &h, &ch);
    g->setup_seed(st, &h.cfg, h.seed);
    memcpy(start, st, g->state_size);
    int before = c->violations;
    inv_on_setup(c, st);
    long n = c->violations > before ? 0 : rf_play(g, st, &ch, c, log, RF_MAX_GAME_MOVES, RF_MAX_GAME_MOVES);
    int violated = c->violations > before;
    if (record_path) {
        FILE *f = fopen(record_path, "w");
        if (!f) { fprintf(stderr, "rulefuzz: cannot write %s\n", record_path); return -1; }
        char comment[600];
        if (violated)
            snprintf(comment, sizeof comment, "from fuzz input %s: oracle %s violated at move %ld: %s", src,
                     c->clause[c->first_k]->id, c->first_step, c->first_msg);
        else
            snprintf(comment, sizeof comment, "from fuzz input %s", src);
        rf_record_write(f, &h, start, log, n, comment);
        fclose(f);
    }
    return violated;
}

static int cmd_inputs(int argc, char **argv)
{
    if (argc < 1) return bad_usage("inputs needs a game%s", "");
    const game_engine *g = find_game(argv[0]);
    if (!g) return RF_EXIT_BADINPUT;
    const char *recdir = NULL;
    int quiet = 0;
    paths p = {0};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--records")) {
            if (i + 1 >= argc) return bad_usage("--records needs a folder%s", "");
            recdir = argv[++i];
        } else if (!strcmp(argv[i], "--quiet")) quiet = 1;
        else if (argv[i][0] == '-') return bad_usage("unknown option '%s'", argv[i]);
        else if (collect(&p, argv[i])) return RF_EXIT_BADINPUT;
    }
    if (p.n == 0) return bad_usage("inputs needs input files or folders%s", "");
    qsort(p.v, (size_t)p.n, sizeof *p.v, cmp_str);
    if (recdir) mkdir(recdir, 0755);
    static inv_ctx c;
    inv_init(&c, g, INV_GEN_ALL);
    int bad = 0;
    for (int i = 0; i < p.n; i++) {
        char err[RF_ERR_MAX] = "";
        size_t len;
        char *data = rf_read_file(p.v[i], &len, err, sizeof err);
        if (!data) { fprintf(stderr, "rulefuzz: %s\n", err); bad = 1; continue; }
        char rp[4096];
        const char *base = strrchr(p.v[i], '/');
        base = base ? base + 1 : p.v[i];
        if (recdir) snprintf(rp, sizeof rp, "%s/%s.rec", recdir, base);
        static inv_ctx one;
        inv_init(&one, g, INV_GEN_ALL);
        int v = run_input(g, (const uint8_t *)data, len, &one, recdir ? rp : NULL, p.v[i]);
        if (v > 0)
            fprintf(stderr, "%s: oracle %s violated at move %ld: %s%s%s\n", p.v[i], one.clause[one.first_k]->id,
                    one.first_step, one.first_msg, recdir ? "; record " : "", recdir ? rp : "");
        inv_merge_counts(&c, &one);
        free(data);
    }
    int never = 0;
    if (!quiet) {
        printf("clause coverage of %d inputs (%s):\n", p.n, g->name);
        never = inv_print_coverage(&c, stdout);
    }
    for (int i = 0; i < p.n; i++) free(p.v[i]);
    free(p.v);
    (void)never;
    if (bad) return RF_EXIT_BADINPUT;
    return c.violations ? RF_EXIT_VIOLATION : RF_EXIT_OK;
}

/* ---- bench -------------------------------------------------------------------------- */

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int cmd_bench(int argc, char **argv)
{
    uint64_t games = 2000;
    const char *only = NULL;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--games")) { if (parse_num(i + 1 < argc ? argv[i + 1] : NULL, &games) || !games) return bad_usage("--games needs a number%s", ""); i++; }
        else if (argv[i][0] == '-') return bad_usage("unknown option '%s'", argv[i]);
        else if (!find_game(argv[i])) return RF_EXIT_BADINPUT;
        else only = argv[i];
    }
    printf("oracles: off = engine alone; clauses = every clause oracle of the game; all = clauses plus\n"
           "the %d conformance oracles (determinism, position round trip, notation, ...)\n", inv_n_generic);
    printf("%-6s %-8s %-8s %14s %12s %8s   (median of 5 runs of %llu games, players cycling)\n",
           "game", "profile", "oracles", "moves/s", "games/s", "moves", (unsigned long long)games);
    for (int gi = 0; game_engines[gi]; gi++) {
        const game_engine *g = game_engines[gi];
        if (only && strcmp(only, g->name)) continue;
        for (int pi = 0; pi < g->n_profiles; pi++) {
            static const char *const mode[] = {"off", "clauses", "all"};
            for (int on = 0; on < 3; on++) {
                double mps[5], gps[5];
                long moves = 0;
                for (int run = 0; run < 5; run++) {
                    static inv_ctx c;
                    if (on) inv_init(&c, g, on == 2 ? INV_GEN_ALL : 0);
                    unsigned char st[GAME_STATE_MAX] __attribute__((aligned(16)));
                    moves = 0;
                    double t0 = now();
                    for (uint64_t k = 0; k < games; k++) {
                        game_config cfg = {g->min_players + (int)(k % (uint64_t)(g->max_players - g->min_players + 1)),
                                           g->profiles[pi].readings};
                        g->setup_seed(st, &cfg, k);
                        rf_chooser ch = {0};
                        ch.use_rng = 1; ch.rng = k * 7919u + 1;
                        if (on) inv_on_setup(&c, st);
                        moves += rf_play(g, st, &ch, on ? &c : NULL, NULL, 0, RF_MAX_GAME_MOVES);
                    }
                    double dt = now() - t0;
                    mps[run] = (double)moves / dt;
                    gps[run] = (double)games / dt;
                    if (on && c.violations) { fprintf(stderr, "rulefuzz: bench: oracle %s violated: %s\n", c.clause[c.first_k]->id, c.first_msg); return RF_EXIT_VIOLATION; }
                }
                qsort(mps, 5, sizeof mps[0], cmp_dbl);
                qsort(gps, 5, sizeof gps[0], cmp_dbl);
                printf("%-6s %-8s %-8s %14.0f %12.0f %8ld\n", g->name, g->profiles[pi].name, mode[on],
                       mps[2], gps[2], moves);
            }
        }
        printf("%-6s state size %zu bytes (limit %d)\n", g->name, g->state_size, GAME_STATE_MAX);
    }
    return RF_EXIT_OK;
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? RF_EXIT_BADINPUT : RF_EXIT_OK;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "play")) return cmd_play(argc - 2, argv + 2);
    if (!strcmp(cmd, "replay")) return cmd_replay(argc - 2, argv + 2);
    if (!strcmp(cmd, "clauses")) return cmd_clauses(argc - 2, argv + 2);
    if (!strcmp(cmd, "inputs")) return cmd_inputs(argc - 2, argv + 2);
    if (!strcmp(cmd, "bench")) return cmd_bench(argc - 2, argv + 2);
    return bad_usage("unknown command '%s'", cmd);
}
