/* rulefuzz.c: the command line (rf_ prefix): play, replay, clauses, inputs, bench. */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "../records/record.h"
#include "opts.h"
#include "../ambiguity/diff.h"
#include "../ambiguity/report.h"
#include "../players/tournament.h"
#include "../coverage/coverage.h"
#include "../coverage/textcov.h"
#include "../coverage/align.h"
#include "../coverage/mutate.h"
#include "../fuzz/harness.h"            /* triage runs the position, replay and counts harnesses */
#include "escape.h"

static const char *usage =
    "usage: rulefuzz COMMAND [ARGUMENTS] [OPTIONS]     (rulefuzz COMMAND --help: a command's options)\n"
    "games: hdz (Herr der Ziegen), kk (Kleine Kläffer), gp (Gloria Picktoria), bids (Bonje in de Stal)\n"
    "\n"
    "records and positions\n"
    "  play GAME          a game's record, every seat deciding by a policy (--players, --seed, --policy)\n"
    "  replay FILE...     replay records with every oracle on; the clause a failure breaks\n"
    "  show FILE          the position after N moves of a record: board, position text, legal moves\n"
    "fuzzing and coverage\n"
    "  inputs GAME PATH...  run fuzz inputs with every oracle on; clause coverage, records\n"
    "  triage DIR         minimize, deduplicate and turn crash inputs into records\n"
    "  clauses [GAME]     clause IDs, oracles, text sources, cases and readings\n"
    "  coverage [GAME]    clause and case coverage from counts files, with the code's lcov data\n"
    "  textcov [GAME...]  rule-text coverage: every sentence of the rulebooks quoted by a clause\n"
    "  align GAME A B     two texts of a game aligned sentence by sentence: the pairs that differ\n"
    "  mutate [GAME...]   mutation testing of each clause's enforcing code: a score per clause\n"
    "ambiguities and players\n"
    "  diff GAME A B      the same decisions under readings A and B: where and how often they part\n"
    "  report ambiguities GAME  the ambiguity report: how often, what it changes, witnesses\n"
    "  tournament GAME    policies against each other: win shares per seat, ratings, cost\n"
    "  bench [GAME]       moves/s and games/s, oracles off and on\n"
    "\n"
    "options: --name VALUE or --name=VALUE; rulefuzz --version\n"
    "exit: 0 clean, 1 a finding (an oracle violated, a gate failed), 2 bad input (one line on standard error)\n";

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

/* ---- play --------------------------------------------------------------------------- */

static int cmd_play(int argc, char **argv)
{
    uint64_t players = 0, seed = 0;
    int have_seed = 0, as_position = 0;
    const char *profile = NULL, *readings = NULL, *policy = "random";
    static const char *pos[1];
    int npos;
    rf_opt o[] = {
        {"players", RF_OPT_U64, &players, 0, 0, "N", "the players at the table (the game's range)", NULL},
        {"seed", RF_OPT_U64, &seed, 0, 0, "S", "the deal and the decisions (required)", &have_seed},
        {"profile", RF_OPT_STR, &profile, 0, 0, "NAME", "a translation's readings (default: the game's first)", NULL},
        {"readings", RF_OPT_STR, &readings, 0, 0, "K=V,...", "readings that override the profile's", NULL},
        {"position", RF_OPT_FLAG, &as_position, 0, 0, NULL, "write the deal as an explicit [Position] (a template to edit)", NULL},
        {"policy", RF_OPT_STR, &policy, 0, 0, "P", "how every seat decides: random, greedy, sensible, mc:N[:D]", NULL},
        {"policies", RF_OPT_STR, &policy, 0, 0, "P", NULL, NULL},
    };
    rf_cmd_spec spec = {"play", "GAME", "Print a game's record: every seat deciding by the policy, the table at random.", 1, 1, o, (int)(sizeof o / sizeof *o), NULL};
    int rc = rf_opts_parse(&spec, argc, argv, pos, 1, &npos);
    if (rc) return rc > 0 ? RF_EXIT_OK : RF_EXIT_BADINPUT;
    const game_engine *g = find_game(pos[0]);
    if (!g) return RF_EXIT_BADINPUT;
    if (!have_seed) return rf_opts_fail(&spec, "needs --seed S");
    rf_header h;
    memset(&h, 0, sizeof h);
    h.g = g;
    pol_spec pol;
    char perr[200];
    if (pol_parse(policy, &pol, perr, sizeof perr)) return rf_opts_fail(&spec, "%s", perr);
    if (profile && strlen(profile) >= sizeof h.profile) return rf_opts_fail(&spec, "--profile '%s' is no profile of %s", profile, g->name);
    if (readings && strlen(readings) >= sizeof h.readings) return rf_opts_fail(&spec, "--readings is too long");
    snprintf(h.profile, sizeof h.profile, "%s", profile ? profile : g->profiles[0].name);
    if (readings) snprintf(h.readings, sizeof h.readings, "%s", readings);
    if (players < (uint64_t)g->min_players || players > (uint64_t)g->max_players)
        return rf_opts_fail(&spec, "--players takes a whole number from %d to %d for %s, not '%llu'", g->min_players, g->max_players, g->name, (unsigned long long)players);
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
    if (as_position) h.has_seed = 0;        /* rf_record_write then writes the deal as [Position] */
    static game_move log[RF_MAX_GAME_MOVES];
    long n = 0;
    if (pol.kind == POL_RANDOM) {
        rf_chooser ch = {0};
        ch.use_rng = 1;
        ch.rng = seed ^ 0x5eedc0ffee;
        n = rf_play(g, st, &ch, NULL, log, RF_MAX_GAME_MOVES, RF_MAX_GAME_MOVES);
    } else {
        /* every seat decides by the policy, the table at random (players/policy.h) */
        uint64_t rng = seed ^ 0x5eedc0ffee;
        static game_move legal[GAME_MAX_MOVES];
        for (int k; n < RF_MAX_GAME_MOVES && (k = g->legal_moves(st, legal, GAME_MAX_MOVES)) > 0; n++) {
            int i = pol_choose(g, &pol, st, legal, k, &rng);
            log[n] = legal[i];
            if (g->apply(st, &legal[i]) != GAME_OK) break;
        }
    }
    char comment[160], pname[POL_NAME_MAX];
    pol_print(&pol, pname, sizeof pname);
    snprintf(comment, sizeof comment, "%s game: rulefuzz play %s --players %d --seed %llu%s%s", pol.kind == POL_RANDOM ? "random" : pname,
             g->name, h.cfg.players, (unsigned long long)seed, pol.kind == POL_RANDOM ? "" : " --policy ", pol.kind == POL_RANDOM ? "" : pname);
    return rf_record_write(stdout, &h, start, log, n, comment) == 0 ? RF_EXIT_OK : RF_EXIT_VIOLATION;
}

/* ---- replay ------------------------------------------------------------------------- */


static rf_cov *replay_counts;   /* replay --counts: every record's clause counters go here */

static int replay_one(const char *path, int json)
{
    char err[RF_ERR_MAX] = "";
    size_t len;
    char *text = rf_read_file(path, &len, err, sizeof err);
    if (!text) { fprintf(stderr, "rulefuzz: %s\n", err); return RF_EXIT_BADINPUT; }
    /* The record's own [Game] tag decides whose oracles run (rf_replay_text sets c up for it). */
    static rf_replay out;
    static inv_ctx c;
    memset(&c, 0, sizeof c);
    c.generic = INV_GEN_ALL;
    int rc = rf_replay_text(path, text, len, &c, &out, err, sizeof err);
    const game_engine *g = out.g;
    if (replay_counts && c.g && rf_cov_add(replay_counts, &c, path)) { fprintf(stderr, "rulefuzz: out of memory\n"); exit(RF_EXIT_BADINPUT); }
    free(text);
    if (json) {
        printf("{\"file\":"); rf_json_cstr(stdout, path);
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
                printf(",\"clause\":"); rf_json_cstr(stdout, c.clause[out.violated_k]->id);
                printf(",\"move\":%ld,\"line\":%d", out.violated_move, out.violated_line);
            }
            printf(",\"error\":"); rf_json_cstr(stdout, err);
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
        fprintf(stderr, "rulefuzz: %s\n", err);
    }
    return rc;
}

static int cmd_replay(int argc, char **argv)
{
    int json = 0, worst = RF_EXIT_OK, npos;
    const char *counts = NULL;
    static rf_cov acc;
    char err[RF_ERR_MAX];
    static const char *pos[4096];
    rf_opt o[] = {
        {"json", RF_OPT_FLAG, &json, 0, 0, NULL, "one JSON object per record on standard output", NULL},
        {"counts", RF_OPT_STR, &counts, 0, 0, "FILE", "add every record's clause counts into FILE", NULL},
    };
    rf_cmd_spec spec = {"replay", "FILE...", "Replay records with every oracle on; print each final score.", 1, -1, o, (int)(sizeof o / sizeof *o), NULL};
    int rc = rf_opts_parse(&spec, argc, argv, pos, 4096, &npos);
    if (rc) return rc > 0 ? RF_EXIT_OK : RF_EXIT_BADINPUT;
    if (counts && rf_cov_check_file(counts, err, sizeof err) != RF_EXIT_OK) {
        fprintf(stderr, "rulefuzz: %s\n", err);
        return RF_EXIT_BADINPUT;
    }
    if (counts) replay_counts = &acc;
    for (int i = 0; i < npos; i++) {
        int r1 = replay_one(pos[i], json);
        if (r1 == RF_EXIT_BADINPUT || (r1 == RF_EXIT_VIOLATION && worst == RF_EXIT_OK)) worst = r1;
    }
    if (counts && rf_cov_update_file(counts, &acc, err, sizeof err) != RF_EXIT_OK) {
        fprintf(stderr, "rulefuzz: %s\n", err);
        worst = RF_EXIT_BADINPUT;
    }
    return worst;
}

/* ---- show ---------------------------------------------------------------------------- */

/* `rulefuzz show FILE [--move N] [--json]`: the position after N moves of a record (default:
 * its end): the board, the position text, the scores so far and the legal moves. */
static int cmd_show(int argc, char **argv)
{
    long upto = -1;
    int json = 0, npos, have_move = 0;
    uint64_t mv64 = 0;
    static const char *args[1];
    rf_opt o[] = {
        {"move", RF_OPT_U64, &mv64, 0, 0, "N", "the position after N moves (default: the record's end)", &have_move},
        {"json", RF_OPT_FLAG, &json, 0, 0, NULL, "one JSON object on standard output", NULL},
    };
    rf_cmd_spec spec = {"show", "FILE", "The position after N moves of a record: board, position text, scores so far, legal moves.", 1, 1, o,
                        (int)(sizeof o / sizeof *o), NULL};
    int rc0 = rf_opts_parse(&spec, argc, argv, args, 1, &npos);
    if (rc0) return rc0 > 0 ? RF_EXIT_OK : RF_EXIT_BADINPUT;
    const char *file = args[0];
    if (have_move) upto = mv64 > RF_MAX_GAME_MOVES ? RF_MAX_GAME_MOVES + 1 : (long)mv64;   /* past any record: named below */
    char err[RF_ERR_MAX];
    size_t len;
    char *text = rf_read_file(file, &len, err, sizeof err);
    if (!text) { fprintf(stderr, "rulefuzz: %s\n", err); return RF_EXIT_BADINPUT; }
    static rf_replay out;
    int rc = rf_replay_upto(file, text, len, NULL, upto, &out, err, sizeof err);
    free(text);
    if (rc == RF_EXIT_BADINPUT) { fprintf(stderr, "rulefuzz: %s\n", err); return rc; }
    if (upto > out.total) {
        fprintf(stderr, "rulefuzz: %s has %ld moves; --move takes 0 to %ld\n", file, out.total, out.total);
        return RF_EXIT_BADINPUT;
    }
    const game_engine *g = out.g;
    const void *st = out.st;
    static char board[GAME_TEXT_MAX * 2], pos[GAME_TEXT_MAX];
    if (g->board_print(st, board, sizeof board) < 0) board[0] = 0;
    if (g->position_print(st, pos, sizeof pos) < 0) pos[0] = 0;
    int scores[GAME_MAX_PLAYERS] = {0};
    unsigned winners = 0;
    int have_scores = out.over ? g->result(st, scores, &winners) == GAME_OK
                               : g->score_now && g->score_now(st, scores, &winners) == GAME_OK;
    static game_move ms[GAME_MAX_MOVES];
    int n = g->legal_moves(st, ms, GAME_MAX_MOVES), to = g->to_move(st);
    char rd[600];
    if (game_readings_print(g, out.cfg.readings, rd, sizeof rd) < 0) rd[0] = 0;
    if (json) {
        printf("{\"file\":"); rf_json_cstr(stdout, file);
        printf(",\"game\":\"%s\",\"players\":%d,\"readings\":", g->name, out.cfg.players); rf_json_cstr(stdout, rd);
        printf(",\"move\":%ld,\"moves\":%ld,\"over\":%s,\"to_move\":%d,\"position\":", out.moves, out.total,
               out.over ? "true" : "false", to >= 0 ? to + 1 : 0);
        rf_json_cstr(stdout, pos);
        printf(",\"board\":"); rf_json_cstr(stdout, board);
        printf(",\"scores\":");
        if (have_scores) { for (int p = 0; p < out.cfg.players; p++) printf("%s%d", p ? "," : "[", scores[p]); printf("]"); }
        else printf("null");
        printf(",\"scores_final\":%s,\"legal\":[", out.over ? "true" : "false");
        for (int i = 0; i < n; i++) {
            char mv[64];
            if (g->move_print(st, &ms[i], mv, sizeof mv) < 0) continue;
            printf("%s", i ? "," : ""); rf_json_cstr(stdout, mv);
        }
        printf("]}\n");
        return RF_EXIT_OK;
    }
    printf("%s: %s (%s), %d players, readings %s\n", file, g->title, g->name, out.cfg.players, rd);
    if (out.moves == 0) printf("position: the deal (move 0 of %ld)\n", out.total);
    else printf("position: after move %ld of %ld%s\n", out.moves, out.total, out.over ? ", the game is over" : "");
    printf("\n%s\n", board);
    printf("position text: %s\n", pos);
    if (have_scores) {
        printf("%s:", out.over ? "final scores" : "scores so far (if the game were scored now)");
        for (int p = 0; p < out.cfg.players; p++) printf(" P%d %d%s", p + 1, scores[p], (winners >> p) & 1 ? (out.over ? " (wins)" : " (leads)") : "");
        printf("\n");
    }
    if (to >= 0) {
        char who[48];   /* the table: GAME_TABLE (rules/game.h), the race's outcome, "T <move>" in a record */
        if (game_is_table(&out.cfg, to)) snprintf(who, sizeof who, "T (the table: who is fastest)");
        else snprintf(who, sizeof who, "P%d", to + 1);
        printf("%s to decide, %d legal move%s:", who, n, n == 1 ? "" : "s");
        for (int i = 0; i < n; i++) {
            char mv[64];
            if (g->move_print(st, &ms[i], mv, sizeof mv) >= 0) printf("%s %s", i ? "," : "", mv);
        }
        printf("\n");
    } else printf("no legal move: the game is over\n");
    return RF_EXIT_OK;
}

/* ---- clauses ------------------------------------------------------------------------ */

static int cmd_clauses(int argc, char **argv)
{
    static const char *pos[1];
    int npos;
    rf_cmd_spec spec = {"clauses", "[GAME]", "List the clause IDs, their oracles, text sources and cases, and the ambiguities' readings.", 0, 1, NULL, 0, NULL};
    int rc = rf_opts_parse(&spec, argc, argv, pos, 1, &npos);
    if (rc) return rc > 0 ? RF_EXIT_OK : RF_EXIT_BADINPUT;
    if (npos && !find_game(pos[0])) return RF_EXIT_BADINPUT;
    argc = npos;
    argv = (char **)pos;
    for (int gi = 0; game_engines[gi]; gi++) {
        const game_engine *g = game_engines[gi];
        if (argc > 0 && strcmp(argv[0], g->name) != 0) continue;
        const inv_game *og = inv_game_find(g->name);
        int ncases = 0;
        for (int i = 0; og && i < og->n_clauses; i++) ncases += inv_n_cases(&og->clauses[i]);
        printf("# %s (%s): %d clauses with %d cases, %d ambiguities\n", g->name, g->title, og ? og->n_clauses : 0,
               ncases, g->n_amb);
        printf("%-28s %-36s %-8s %s\n", "clause", "oracle", "source", "cases (SPEC.md)");
        for (int i = 0; og && i < og->n_clauses; i++)
            printf("%-28s %-36s %-8s %s\n", og->clauses[i].id, og->clauses[i].oracle, og->clauses[i].source,
                   og->clauses[i].cases ? og->clauses[i].cases : "any");
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

static void paths_free(paths *p)
{
    for (int i = 0; i < p->n; i++) free(p->v[i]);
    free(p->v);
    memset(p, 0, sizeof *p);
}

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
    if (c->violations == before) rf_record_check(c, &h, start, log, n, st);   /* GEN-RECORD, as the game harness */
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
        int bad = rf_record_write(f, &h, start, log, n, comment) != 0 || ferror(f);
        bad |= fclose(f) != 0;
        if (bad) { fprintf(stderr, "rulefuzz: cannot write %s\n", record_path); return -1; }
    }
    return violated;
}

/* `inputs --cases`: every case of the game's clauses with the number of inputs that reached it and
 * that number per 1,000 inputs, rarest first (how random play or a corpus spreads over the cases). */
static void print_case_reach(const inv_ctx *c, uint64_t (*reach)[INV_MAX_CASES], int inputs)
{
    typedef struct { int k, ci; uint64_t n; } cr;
    static cr v[INV_MAX_CLAUSES * INV_MAX_CASES];
    int nv = 0;
    for (int k = c->k_game; k < c->n; k++)
        for (int ci = 0; ci < inv_n_cases(c->clause[k]); ci++) v[nv++] = (cr){k, ci, reach[k][ci]};
    for (int i = 1; i < nv; i++)                      /* insertion sort: rarest first, stable */
        for (int j = i; j > 0 && v[j].n < v[j - 1].n; j--) { cr t = v[j]; v[j] = v[j - 1]; v[j - 1] = t; }
    printf("cases by the inputs that reached them (%d inputs, rarest first):\n%-44s %10s %12s\n", inputs, "clause/case",
           "inputs", "per 1,000");
    for (int i = 0; i < nv; i++) {
        char nm[INV_CASE_NAME_MAX], id[96];
        inv_case_name(c->clause[v[i].k], v[i].ci, nm, sizeof nm);
        snprintf(id, sizeof id, "%s/%s", c->clause[v[i].k]->id, nm);
        printf("%-44s %10llu %12.2f\n", id, (unsigned long long)v[i].n, inputs ? 1000.0 * (double)v[i].n / inputs : 0.0);
    }
}

static int cmd_inputs(int argc, char **argv)
{
    const char *recdir = NULL, *counts = NULL;
    int quiet = 0, cases = 0, npos;
    paths p = {0};
    static rf_cov acc;
    static uint64_t reach[INV_MAX_CLAUSES][INV_MAX_CASES];   /* inputs that reached each case */
    static const char *pos[4096];
    rf_opt o[] = {
        {"records", RF_OPT_STR, &recdir, 0, 0, "DIR", "write each input as a record into DIR", NULL},
        {"counts", RF_OPT_STR, &counts, 0, 0, "FILE", "add the inputs' clause counts into FILE", NULL},
        {"quiet", RF_OPT_FLAG, &quiet, 0, 0, NULL, "no line per input", NULL},
        {"cases", RF_OPT_FLAG, &cases, 0, 0, NULL, "every case with the inputs that reached it, rarest first", NULL},
    };
    rf_cmd_spec spec = {"inputs", "GAME PATH...", "Run fuzz inputs (files or folders) with every oracle on and print the clause coverage.", 2, -1, o,
                        (int)(sizeof o / sizeof *o), NULL};
    int rc = rf_opts_parse(&spec, argc, argv, pos, 4096, &npos);
    if (rc) return rc > 0 ? RF_EXIT_OK : RF_EXIT_BADINPUT;
    const game_engine *g = find_game(pos[0]);
    if (!g) return RF_EXIT_BADINPUT;
    if (counts) {
        char err[RF_ERR_MAX];
        if (rf_cov_check_file(counts, err, sizeof err) != RF_EXIT_OK) { fprintf(stderr, "rulefuzz: %s\n", err); return RF_EXIT_BADINPUT; }
    }
    if (recdir) {
        struct stat sb;
        if (mkdir(recdir, 0755) != 0 && (errno != EEXIST || stat(recdir, &sb) != 0 || !S_ISDIR(sb.st_mode))) {
            fprintf(stderr, "rulefuzz: --records %s: cannot create that folder (%s)\n", recdir, errno == EEXIST ? "a file has that name" : strerror(errno));
            return RF_EXIT_BADINPUT;
        }
    }
    for (int i = 1; i < npos; i++) if (collect(&p, pos[i])) { paths_free(&p); return RF_EXIT_BADINPUT; }
    if (p.n == 0) return rf_opts_fail(&spec, "found no input file in the paths given");
    qsort(p.v, (size_t)p.n, sizeof *p.v, cmp_str);
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
        if (v < 0) bad = 1;
        if (v > 0)
            fprintf(stderr, "%s: oracle %s violated at move %ld: %s%s%s\n", p.v[i], one.clause[one.first_k]->id,
                    one.first_step, one.first_msg, recdir ? "; record " : "", recdir ? rp : "");
        inv_merge_counts(&c, &one);
        for (int k = 0; k < one.n; k++)
            for (int ci = 0; one.count[k].fired && ci < inv_n_cases(one.clause[k]); ci++)
                reach[k][ci] += inv_case_count(one.clause[k], &one.count[k], ci) > 0;
        if (counts && rf_cov_add(&acc, &one, p.v[i])) { fprintf(stderr, "rulefuzz: out of memory\n"); return RF_EXIT_BADINPUT; }
        free(data);
    }
    if (counts) {
        char err[RF_ERR_MAX];
        if (rf_cov_update_file(counts, &acc, err, sizeof err) != RF_EXIT_OK) { fprintf(stderr, "rulefuzz: %s\n", err); bad = 1; }
    }
    int never = 0;
    if (!quiet) {
        printf("clause coverage of %d inputs (%s):\n", p.n, g->name);
        never = inv_print_coverage(&c, stdout);
    }
    if (cases) print_case_reach(&c, reach, p.n);
    paths_free(&p);
    (void)never;
    if (bad) return RF_EXIT_BADINPUT;
    return c.violations ? RF_EXIT_VIOLATION : RF_EXIT_OK;
}


/* ---- triage: crash inputs -> minimal, deduplicated records ---------------------------- */

/* What one fuzz input does under every oracle. */
typedef struct {
    int violated;          /* 1: an oracle was violated */
    int clause;            /* its index in the oracle context */
    long step;             /* moves applied when it was found (the violating move's number) */
    int at_final;          /* found by the final-scoring oracles */
    char verb[16];         /* first word of the violating move, "setup" or "final" */
    char msg[INV_MSG_MAX];
} rf_finding;

static void run_finding(const game_engine *g, const uint8_t *data, size_t len, rf_finding *f,
                        game_move *log, long *nlog, rf_header *hout, void *start)
{
    static inv_ctx c;
    static game_move own_log[RF_MAX_GAME_MOVES];
    unsigned char st[GAME_STATE_MAX] __attribute__((aligned(16))), pre[GAME_STATE_MAX] __attribute__((aligned(16)));
    unsigned char st0[GAME_STATE_MAX] __attribute__((aligned(16)));
    rf_header h;
    rf_chooser ch;
    game_move legal[GAME_MAX_MOVES];
    if (!log) log = own_log;
    rf_header_from_bytes(g, data, len, &h, &ch);
    g->setup_seed(st, &h.cfg, h.seed);
    memcpy(st0, st, g->state_size);
    if (start) memcpy(start, st, g->state_size);
    if (hout) *hout = h;
    inv_init(&c, g, INV_GEN_ALL);
    memset(f, 0, sizeof *f);
    inv_on_setup(&c, st);
    long n = 0;
    snprintf(f->verb, sizeof f->verb, "setup");
    while (!c.violations && n < RF_MAX_GAME_MOVES) {
        int k = g->legal_moves(st, legal, GAME_MAX_MOVES);
        if (k == 0) break;
        game_move m = legal[rf_choose(&ch, k)];
        memcpy(pre, st, g->state_size);
        if (g->apply(st, &m) != GAME_OK) break;
        log[n] = m;
        n++;
        inv_on_step(&c, pre, &m, st);
        if (c.violations) {
            char mt[64] = "";
            g->move_print(pre, &m, mt, sizeof mt);
            sscanf(mt, "%15s", f->verb);
        }
    }
    if (!c.violations && g->to_move(st) < 0) {
        inv_on_final(&c, st);
        if (c.violations) { f->at_final = 1; snprintf(f->verb, sizeof f->verb, "final"); }
    }
    if (!c.violations && rf_record_check(&c, &h, st0, log, n, st)) {   /* GEN-RECORD, as the game harness */
        f->at_final = 1;
        snprintf(f->verb, sizeof f->verb, "record");
    }
    if (nlog) *nlog = n;
    if (c.violations) {
        f->violated = 1;
        f->clause = c.first_k;
        f->step = f->at_final ? n + 1 : c.first_step;
        snprintf(f->msg, sizeof f->msg, "%s", c.first_msg);
    }
}

/* The input made explicit: its header, then every decision of its whole game as bytes (those past
 * the input's end drawn from its generator, records/record.h), so it plays the same game with no
 * generator and the shrinker's cuts keep the decisions before them. Returns the new length. */
static size_t materialize(const game_engine *g, const uint8_t *data, size_t len, uint8_t *out, size_t cap)
{
    unsigned char st[GAME_STATE_MAX] __attribute__((aligned(16)));
    rf_header h;
    rf_chooser ch;
    if (cap < 12) return 0;
    rf_header_from_bytes(g, data, len, &h, &ch);
    memset(out, 0, 12);
    memcpy(out, data, len < 12 ? len : 12);
    ch.trace = out + 12;
    ch.trace_cap = cap - 12;
    g->setup_seed(st, &h.cfg, h.seed);
    rf_play(g, st, &ch, NULL, NULL, 0, RF_MAX_GAME_MOVES);
    return 12 + ch.trace_len;
}

static int same_finding(const rf_finding *a, const rf_finding *b)
{
    return b->violated && a->clause == b->clause && b->step <= a->step;
}

/* Shrink an input while it still violates the same clause no later in the game: trim the
 * decision bytes, delete chunks, zero bytes (first legal move), fewer players. (Past the end of an
 * input its generator decides, so a cut that keeps the finding is kept like any other.) */
static size_t shrink(const game_engine *g, uint8_t *buf, size_t len, rf_finding *best)
{
    static uint8_t cand[1 << 16];
    rf_finding f;
    int budget = 6000;
    if (len > sizeof cand) len = sizeof cand;
    /* fewer players and a canonical profile byte first: the smallest deal */
    for (int p = 0; p < 4 && len > 0 && budget-- > 0; p++) {
        if (p >= buf[0] % 4) break;
        memcpy(cand, buf, len); cand[0] = (uint8_t)p;
        run_finding(g, cand, len, &f, NULL, NULL, NULL, NULL);
        if (same_finding(best, &f)) { memcpy(buf, cand, len); *best = f; break; }
    }
    for (size_t chunk = len > 24 ? (len - 12) / 2 : 1; chunk >= 1 && budget > 0; chunk /= 2) {
        for (size_t at = 12; at + chunk <= len && budget-- > 0;) {
            size_t nl = len - chunk;
            memcpy(cand, buf, at);
            memcpy(cand + at, buf + at + chunk, len - at - chunk);
            run_finding(g, cand, nl, &f, NULL, NULL, NULL, NULL);
            if (same_finding(best, &f)) { memcpy(buf, cand, nl); len = nl; *best = f; }
            else at += chunk;
        }
        if (chunk == 1) break;
    }
    for (size_t at = 12; at < len && budget-- > 0; at++) {
        if (buf[at] == 0) continue;
        memcpy(cand, buf, len); cand[at] = 0;
        run_finding(g, cand, len, &f, NULL, NULL, NULL, NULL);
        if (same_finding(best, &f)) { buf[at] = 0; *best = f; }
    }
    /* Earlier: try other small choices at each decision before the violation (the bytes up to
     * the one tried written out, zeros where the input had none), keeping any that breaks the same
     * clause sooner. */
    for (int improved = 1; improved && budget > 0;) {
        improved = 0;
        size_t horizon = 12 + (size_t)best->step * 2;
        if (horizon > sizeof cand) horizon = sizeof cand;
        for (size_t at = 12; at < horizon && budget > 0; at++)
            for (uint8_t v = 1; v <= 6 && budget-- > 0; v++) {
                size_t nl = at + 1 > len ? at + 1 : len;
                memset(cand, 0, nl);
                memcpy(cand, buf, len);
                if (cand[at] == v) continue;
                cand[at] = v;
                run_finding(g, cand, nl, &f, NULL, NULL, NULL, NULL);
                if (best->violated && f.violated && f.clause == best->clause && f.step < best->step) {
                    memcpy(buf, cand, nl); len = nl; *best = f; improved = 1;
                    horizon = 12 + (size_t)best->step * 2;
                    if (horizon > sizeof cand) horizon = sizeof cand;
                    break;
                }
            }
    }
    return len;
}

static int write_bytes(const char *path, const uint8_t *b, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    size_t w = fwrite(b, 1, n, f);
    return (fclose(f) == 0 && w == n) ? 0 : -1;
}

/* What a harness's inputs are (triage --kind): its bytes make a game, a record for the parser, a
 * position, a record for the CLI's replay path, or a counts file. */
enum { TK_GAME, TK_RECORD, TK_POSITION, TK_REPLAY, TK_COUNTS, TK_N };
static const char *const tk_name[TK_N] = {"game", "record", "position", "replay", "counts"};

/* The harness of a position, replay or counts input, run in a child whose messages go to `logpath`:
 * the harness aborts on a finding and prints what it found (fuzz/harness.h). On a finding, the
 * result line names the clause (or HARNESS / SANITIZER), and a readable file is kept beside the
 * input: the position's record, the replayed record itself, or the counts file. */
static void triage_harness(const game_engine *g, int kind, const char *path, const char *data, size_t len,
                           const char *outdir, FILE *out)
{
    char logpath[4200];
    snprintf(logpath, sizeof logpath, "%.4000s/.triage-%ld.log", outdir, (long)getpid());
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        unsetenv("RF_STATS_DIR");                    /* a campaign's counters are the fuzzers' alone */
        unsetenv("RF_CLAUSE_LOG");
        if (!freopen(logpath, "w", stderr)) _exit(3);
        setvbuf(stderr, NULL, _IONBF, 0);   /* the harness aborts on a finding: nothing it said may wait in a buffer */
        const uint8_t *b = (const uint8_t *)data;
        if (kind == TK_POSITION) rf_fuzz_position(g, b, len);
        else if (kind == TK_REPLAY) rf_fuzz_replay(b, len);
        else rf_fuzz_counts(b, len);
        _exit(0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    size_t ll = 0;
    char lerr[RF_ERR_MAX];
    char *log = rf_read_file(logpath, &ll, lerr, sizeof lerr);
    remove(logpath);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) { fprintf(out, "C\tno finding\n"); free(log); return; }
    char id[64] = "HARNESS", msg[INV_MSG_MAX] = "", *rec_text = NULL;
    for (char *l = log; l && *l;) {
        char *e = strchr(l, '\n');
        if (e) *e = 0;
        if (!msg[0] && !strncmp(l, "rulefuzz: oracle ", 17)) {
            sscanf(l + 17, "%63s", id);
            snprintf(msg, sizeof msg, "%s", l + 17 + strlen(id) + (l[17 + strlen(id)] ? 1 : 0));
        } else if (!msg[0] && !strncmp(l, "rulefuzz: ", 10) && !strstr(l, "as a record:")) {
            snprintf(msg, sizeof msg, "%s", l + 10);
        } else if (!msg[0] && (strstr(l, "ERROR: AddressSanitizer") || strstr(l, "runtime error: "))) {
            snprintf(id, sizeof id, "SANITIZER");
            snprintf(msg, sizeof msg, "%s", l);
        }
        if (strstr(l, "as a record:") && e) { rec_text = e + 1; break; }
        l = e ? e + 1 : NULL;
    }
    if (!msg[0]) snprintf(msg, sizeof msg, "%s %d", WIFSIGNALED(status) ? "signal" : "exit code",
                          WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char keep[4096], bin[4096];
    snprintf(keep, sizeof keep, "%.1800s/%s-%s-%.1800s.%s", outdir, id, tk_name[kind], base, kind == TK_COUNTS ? "counts" : "rec");
    snprintf(bin, sizeof bin, "%.1800s/%s-%s-%.1800s.input", outdir, id, tk_name[kind], base);
    FILE *kf = fopen(keep, "w");
    int bad = !kf || write_bytes(bin, (const uint8_t *)data, len);
    if (kf) {
        if (kind == TK_POSITION && rec_text) fputs(rec_text, kf);
        else fwrite(data, 1, len, kf);
        if (fclose(kf) != 0) bad = 1;
    }
    free(log);
    if (bad) { fprintf(out, "E\tcannot write in %s\n", outdir); return; }
    for (char *p = msg; *p; p++) if (*p == '\t' || *p == '\n') *p = ' ';
    fprintf(out, "V\t%s\t%s\t%zu\t%zu\t%s\t%s\t%s\n", id, tk_name[kind], len, len, keep, bin, msg);
}

/* In a child: triage one input, print one tab-separated result line on `out`. */
static void triage_child(const game_engine *g, const char *path, int kind, const char *outdir, FILE *out)
{
    char err[RF_ERR_MAX] = "";
    size_t len;
    char *data = rf_read_file(path, &len, err, sizeof err);
    if (!data) { fprintf(out, "E\t%s\n", err); return; }
    if (kind >= TK_POSITION) { triage_harness(g, kind, path, data, len, outdir, out); free(data); return; }
    if (kind == TK_RECORD) {
        static rf_replay rep;
        int rc = rf_replay_text(path, data, len, NULL, &rep, err, sizeof err);
        fprintf(out, "C\trecord replayed, exit %d\n", rc);
        return;
    }
    rf_finding f;
    run_finding(g, (const uint8_t *)data, len, &f, NULL, NULL, NULL, NULL);
    if (!f.violated) { fprintf(out, "C\tno oracle violated\n"); return; }
    uint8_t *buf = calloc(1, 1 << 16);
    if (!buf) { fprintf(out, "E\tout of memory\n"); return; }
    /* every decision explicit, then shrunk (kept only when it breaks the same clause no later) */
    size_t ml = materialize(g, (const uint8_t *)data, len, buf, 1 << 16);
    rf_finding mf;
    run_finding(g, buf, ml, &mf, NULL, NULL, NULL, NULL);
    if (!same_finding(&f, &mf)) { memset(buf, 0, 1 << 16); memcpy(buf, data, len < (1 << 16) ? len : (1 << 16)); ml = len; }
    else f = mf;
    size_t nl = shrink(g, buf, ml < 12 ? 12 : (ml < (1 << 16) ? ml : (1 << 16)), &f);
    static game_move log[RF_MAX_GAME_MOVES];
    unsigned char start[GAME_STATE_MAX] __attribute__((aligned(16)));
    rf_header h;
    long n;
    run_finding(g, buf, nl, &f, log, &n, &h, start);
    static inv_ctx names;
    inv_init(&names, g, 0);
    const char *id = names.clause[f.clause]->id;
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char rec[4096], bin[4096], comment[1024];
    if (snprintf(rec, sizeof rec, "%.1800s/%s-%s-%.1800s.rec", outdir, id, f.verb, base) >= (int)sizeof rec ||
        snprintf(bin, sizeof bin, "%.1800s/%s-%s-%.1800s.input", outdir, id, f.verb, base) >= (int)sizeof bin) {
        fprintf(out, "E	path too long\n");
        return;
    }
    snprintf(comment, sizeof comment, "triage of %s: oracle %s violated by move %ld (%s): %s", path, id,
             f.step, f.verb, f.msg);
    FILE *rf = fopen(rec, "w");
    if (!rf || write_bytes(bin, buf, nl)) { fprintf(out, "E\tcannot write in %s\n", outdir); if (rf) fclose(rf); return; }
    rf_record_write(rf, &h, start, log, n, comment);
    fclose(rf);
    for (char *p = f.msg; *p; p++) if (*p == '\t' || *p == '\n') *p = ' ';
    fprintf(out, "V\t%s\t%s\t%ld\t%zu\t%s\t%s\t%s\n", id, f.verb, f.step, nl, rec, bin, f.msg);
    free(buf);
    free(data);
}

/* Copy file `src` into folder `dir`, keeping its name. */
static int copy_into(const char *src, const char *dir)
{
    char err[RF_ERR_MAX], dst[4400];
    size_t len;
    const char *base = strrchr(src, '/');
    snprintf(dst, sizeof dst, "%s/%.4000s", dir, base ? base + 1 : src);
    char *data = rf_read_file(src, &len, err, sizeof err);
    if (!data) return -1;
    int rc = write_bytes(dst, (const uint8_t *)data, len);
    free(data);
    return rc;
}

typedef struct { char id[64], verb[16], rec[4096], bin[4096], msg[INV_MSG_MAX]; long step; int count; } rf_group;

static int cmd_triage(int argc, char **argv)
{
    const char *dir = NULL, *game = NULL, *outdir = NULL, *kind_name = NULL;
    int record = 0, save = 0, npos, kind = -1;
    static const char *pos[1];
    rf_opt o[] = {
        {"game", RF_OPT_STR, &game, 0, 0, "G", "the game (default: the one the folder's name holds)", NULL},
        {"kind", RF_OPT_STR, &kind_name, 0, 0, "K", "what the inputs are: game (bytes of a game), record, position, replay "
         "or counts (default: from the folder's name, as the harnesses are named)", NULL},
        {"record", RF_OPT_FLAG, &record, 0, 0, NULL, "the same as --kind record", NULL},
        {"out", RF_OPT_STR, &outdir, 0, 0, "DIR", "where the records go (default: beside the inputs)", NULL},
        {"save-regressions", RF_OPT_FLAG, &save, 0, 0, NULL, "copy each group's input and record into corpus/regressions", NULL},
    };
    rf_cmd_spec spec = {"triage", "DIR", "Minimize, deduplicate and turn crash inputs into records.", 1, 1, o, (int)(sizeof o / sizeof *o), NULL};
    int rc0 = rf_opts_parse(&spec, argc, argv, pos, 1, &npos);
    if (rc0) return rc0 > 0 ? RF_EXIT_OK : RF_EXIT_BADINPUT;
    dir = pos[0];
    if (kind_name) {
        for (int k = 0; k < TK_N; k++) if (!strcmp(kind_name, tk_name[k])) kind = k;
        if (kind < 0) return rf_opts_fail(&spec, "--kind takes game, record, position, replay or counts, not '%s'", kind_name);
    } else if (record || strstr(dir, "_record")) kind = TK_RECORD;
    else if (strstr(dir, "_position")) kind = TK_POSITION;
    else if (strstr(dir, "replay/") || strstr(dir, "/replay")) kind = TK_REPLAY;
    else if (strstr(dir, "counts/") || strstr(dir, "/counts")) kind = TK_COUNTS;
    else kind = TK_GAME;
    record = kind == TK_RECORD;
    const game_engine *g = NULL;
    if (game) { if (!(g = find_game(game))) return RF_EXIT_BADINPUT; }
    else if (kind == TK_REPLAY || kind == TK_COUNTS || kind == TK_RECORD) g = game_engines[0];   /* the input names its game, or has none */
    else {
        for (int i = 0; game_engines[i]; i++)
            if (strstr(dir, game_engines[i]->name) || !game_engines[1]) g = game_engines[i];
        if (!g) return rf_opts_fail(&spec, "cannot tell the game of '%s': give --game", dir);
    }
    paths p = {0};
    if (collect(&p, dir)) { paths_free(&p); return RF_EXIT_BADINPUT; }
    qsort(p.v, (size_t)p.n, sizeof *p.v, cmp_str);
    char defout[4096];
    if (!outdir) { snprintf(defout, sizeof defout, "%s/../triage", dir); outdir = defout; }
    struct stat osb;
    if (mkdir(outdir, 0755) != 0 && (errno != EEXIST || stat(outdir, &osb) != 0 || !S_ISDIR(osb.st_mode))) {
        fprintf(stderr, "rulefuzz triage: --out %s: cannot create that folder (%s)\n", outdir, errno == EEXIST ? "a file has that name" : strerror(errno));
        paths_free(&p);
        return RF_EXIT_BADINPUT;
    }
    rf_group *gr = calloc((size_t)p.n + 1, sizeof *gr);
    if (!gr) { fprintf(stderr, "rulefuzz triage: out of memory\n"); paths_free(&p); return RF_EXIT_BADINPUT; }
    int ng = 0, clean = 0, crashes = 0;
    if (kind == TK_REPLAY || kind == TK_COUNTS) printf("triage of %d input(s) in %s (%s harness)\n", p.n, dir, tk_name[kind]);
    else printf("triage of %d input(s) in %s (%s, %s harness)\n", p.n, dir, kind == TK_RECORD ? "any game" : g->name, tk_name[kind]);
    for (int i = 0; i < p.n; i++) {
        int fd[2];
        if (pipe(fd)) { perror("rulefuzz: pipe"); return RF_EXIT_BADINPUT; }
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0) {
            close(fd[0]);
            FILE *out = fdopen(fd[1], "w");
            triage_child(g, p.v[i], kind, outdir, out);
            fclose(out);
            _exit(0);
        }
        close(fd[1]);
        char line[8192] = "";
        FILE *in = fdopen(fd[0], "r");
        if (!fgets(line, sizeof line, in)) line[0] = 0;
        fclose(in);
        int status = 0;
        waitpid(pid, &status, 0);
        line[strcspn(line, "\n")] = 0;
        if (WIFSIGNALED(status) || (WIFEXITED(status) && WEXITSTATUS(status) != 0)) {
            rf_group *x = &gr[ng++];
            snprintf(x->id, sizeof x->id, "CRASH");
            snprintf(x->verb, sizeof x->verb, WIFSIGNALED(status) ? "signal" : "exit");
            snprintf(x->rec, sizeof x->rec, "%s", p.v[i]);
            snprintf(x->msg, sizeof x->msg, "%s %d outside the oracles (replay it with build/fuzz/*_replay)",
                     WIFSIGNALED(status) ? "signal" : "exit code", WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
            x->count = 1; x->step = -1;
            crashes++;
            continue;
        }
        if (line[0] == 'C') { clean++; continue; }
        if (line[0] != 'V') { fprintf(stderr, "rulefuzz: %s: %s\n", p.v[i], line[0] ? line + 2 : "no result"); continue; }
        char *fld[8] = {0}, *save_p = NULL;
        int k = 0;
        for (char *t = strtok_r(line + 2, "\t", &save_p); t && k < 8; t = strtok_r(NULL, "\t", &save_p)) fld[k++] = t;
        if (k < 7) continue;
        rf_group *x = NULL;
        for (int j = 0; j < ng; j++)
            if (!strcmp(gr[j].id, fld[0]) && !strcmp(gr[j].verb, fld[1])) x = &gr[j];
        long step = atol(fld[2]);
        if (x && step >= x->step) { remove(fld[4]); remove(fld[5]); x->count++; continue; }
        if (x) { remove(x->rec); remove(x->bin); }
        else { x = &gr[ng++]; x->count = 0; }
        x->count++;
        x->step = step;
        snprintf(x->id, sizeof x->id, "%s", fld[0]);
        snprintf(x->verb, sizeof x->verb, "%s", fld[1]);
        snprintf(x->rec, sizeof x->rec, "%s", fld[4]);
        snprintf(x->bin, sizeof x->bin, "%s", fld[5]);
        snprintf(x->msg, sizeof x->msg, "%s", fld[6] ? fld[6] : "");
    }
    printf("%d unique finding(s), %d crash(es) outside the oracles, %d clean input(s)\n", ng - crashes, crashes, clean);
    for (int j = 0; j < ng; j++) {
        if (gr[j].step >= 0 && kind >= TK_POSITION)
            printf("  %-26s %-7s %3d input(s)  shortest input: %ld bytes  %s\n      %s\n", gr[j].id, gr[j].verb,
                   gr[j].count, gr[j].step, gr[j].rec, gr[j].msg);
        else if (gr[j].step >= 0)
            printf("  %-26s %-7s %3d input(s)  shortest game: %ld moves  %s\n      %s\n", gr[j].id, gr[j].verb,
                   gr[j].count, gr[j].step, gr[j].rec, gr[j].msg);
        else
            printf("  %-26s %-7s %s\n      %s\n", gr[j].id, gr[j].verb, gr[j].rec, gr[j].msg);
        if (save && gr[j].step >= 0) {
            char dst[256];
            /* where `make regressions` replays them through their harness: corpus/regressions/<harness> */
            snprintf(dst, sizeof dst, "corpus/regressions/%s%s", kind == TK_REPLAY || kind == TK_COUNTS ? "" : g->name,
                     kind == TK_POSITION ? "_position" : kind == TK_REPLAY ? "replay" : kind == TK_COUNTS ? "counts" : "");
            mkdir("corpus/regressions", 0755);
            mkdir(dst, 0755);
            /* a position, replay or counts input is kept as its input alone: once mended, the position is
             * refused at load, so its record would no longer replay */
            if ((kind >= TK_POSITION || copy_into(gr[j].rec, dst) == 0) && copy_into(gr[j].bin, dst) == 0)
                printf("      saved as a regression in %s/\n", dst);
            else
                fprintf(stderr, "rulefuzz: cannot copy %s into %s\n", gr[j].rec, dst);
        }
    }
    paths_free(&p);
    free(gr);
    return ng ? RF_EXIT_VIOLATION : RF_EXIT_OK;
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

#define BENCH_RUN_SECONDS 0.4
#define BENCH_TRIAL 30
static int cmd_bench(int argc, char **argv)
{
    uint64_t games = 0;                  /* 0: sized per row to about BENCH_RUN_SECONDS a run */
    long ngames = 0;
    int full = 0, npos;
    static const char *pos[1];
    rf_opt o[] = {
        {"games", RF_OPT_LONG, &ngames, 1, 10000000, "N", "games a run (default: sized to about 0.4 s by a trial run)", NULL},
        {"full", RF_OPT_FLAG, &full, 0, 0, NULL, "2000 games a run", NULL},
    };
    rf_cmd_spec spec = {"bench", "[GAME]", "Moves/s and games/s per profile, oracles off and on (the median of 5 runs).", 0, 1, o,
                        (int)(sizeof o / sizeof *o), NULL};
    int rc = rf_opts_parse(&spec, argc, argv, pos, 1, &npos);
    if (rc) return rc > 0 ? RF_EXIT_OK : RF_EXIT_BADINPUT;
    const char *only = npos ? pos[0] : NULL;
    if (only && !find_game(only)) return RF_EXIT_BADINPUT;
    if (full) games = 2000;
    if (ngames) games = (uint64_t)ngames;
    printf("oracles: off = engine alone; clauses = every clause oracle of the game; no-legal = the same\n"
           "without the legal-move oracle's comparison (*-LEGAL-SET: its cost is the difference); all =\n"
           "clauses plus the %d conformance oracles (determinism, position round trip, notation, ...)\n", inv_n_generic);
    if (games) printf("%-6s %-8s %-8s %14s %12s %8s   (median of 5 runs of %llu games, players cycling)\n",
                      "game", "profile", "oracles", "moves/s", "games/s", "moves", (unsigned long long)games);
    else printf("%-6s %-8s %-8s %14s %12s %8s %7s (median of 5 runs; games per run sized to about %.1f s by a "
                "%d-game trial run, players cycling; --full: 2000 games a run)\n",
                "game", "profile", "oracles", "moves/s", "games/s", "moves", "games", BENCH_RUN_SECONDS, BENCH_TRIAL);
    for (int gi = 0; game_engines[gi]; gi++) {
        const game_engine *g = game_engines[gi];
        if (only && strcmp(only, g->name)) continue;
        for (int pi = 0; pi < g->n_profiles; pi++) {
            static const char *const mode[] = {"off", "clauses", "all", "no-legal"};
            static const int order[] = {0, 1, 3, 2};
            for (int oi = 0; oi < 4; oi++) {
                int on = order[oi];
                double mps[5], gps[5];
                long moves = 0;
                uint64_t row = games;
                for (int run = games ? 0 : -1; run < 5; run++) {
                    uint64_t n = run < 0 ? BENCH_TRIAL : row;
                    static inv_ctx c;
                    if (on) inv_init(&c, g, on == 2 ? INV_GEN_ALL : 0);
                    c.legal_set_off = on == 3;
                    unsigned char st[GAME_STATE_MAX] __attribute__((aligned(16)));
                    moves = 0;
                    double t0 = now();
                    for (uint64_t k = 0; k < n; k++) {
                        game_config cfg = {g->min_players + (int)(k % (uint64_t)(g->max_players - g->min_players + 1)),
                                           g->profiles[pi].readings};
                        g->setup_seed(st, &cfg, k);
                        rf_chooser ch = {0};
                        ch.use_rng = 1; ch.rng = k * 7919u + 1;
                        if (on) inv_on_setup(&c, st);
                        moves += rf_play(g, st, &ch, on ? &c : NULL, NULL, 0, RF_MAX_GAME_MOVES);
                    }
                    double dt = now() - t0;
                    if (run < 0) {              /* the trial: how many games make a run of about BENCH_RUN_SECONDS */
                        double per = dt / (double)n;
                        row = per > 0 ? (uint64_t)(BENCH_RUN_SECONDS / per) : 2000;
                        if (row < BENCH_TRIAL) row = BENCH_TRIAL;
                        if (row > 2000) row = 2000;
                        continue;
                    }
                    mps[run] = (double)moves / dt;
                    gps[run] = (double)n / dt;
                    if (on && c.violations) { fprintf(stderr, "rulefuzz: bench: oracle %s violated: %s\n", c.clause[c.first_k]->id, c.first_msg); return RF_EXIT_VIOLATION; }
                }
                qsort(mps, 5, sizeof mps[0], cmp_dbl);
                qsort(gps, 5, sizeof gps[0], cmp_dbl);
                printf("%-6s %-8s %-8s %14.0f %12.0f %8ld %7llu\n", g->name, g->profiles[pi].name, mode[on],
                       mps[2], gps[2], moves, (unsigned long long)row);
            }
        }
        printf("%-6s state size %zu bytes (limit %d)\n", g->name, g->state_size, GAME_STATE_MAX);
    }
    return RF_EXIT_OK;
}

#ifndef RULEFUZZ_VERSION
#define RULEFUZZ_VERSION "unknown"
#endif

int main(int argc, char **argv)
{
    if (argc < 2) { fprintf(stderr, "rulefuzz: name a command (see 'rulefuzz --help')\n"); return RF_EXIT_BADINPUT; }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) { fputs(usage, stdout); return RF_EXIT_OK; }
    if (!strcmp(argv[1], "--version")) { printf("rulefuzz %s\n", RULEFUZZ_VERSION); return RF_EXIT_OK; }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "play")) return cmd_play(argc - 2, argv + 2);
    if (!strcmp(cmd, "replay")) return cmd_replay(argc - 2, argv + 2);
    if (!strcmp(cmd, "show")) return cmd_show(argc - 2, argv + 2);
    if (!strcmp(cmd, "clauses")) return cmd_clauses(argc - 2, argv + 2);
    if (!strcmp(cmd, "inputs")) return cmd_inputs(argc - 2, argv + 2);
    if (!strcmp(cmd, "bench")) return cmd_bench(argc - 2, argv + 2);
    if (!strcmp(cmd, "triage")) return cmd_triage(argc - 2, argv + 2);
    if (!strcmp(cmd, "coverage")) return rf_cov_command(argc - 2, argv + 2, stdout, stderr);
    if (!strcmp(cmd, "mutate")) return rf_mut_command(argc - 2, argv + 2, stdout, stderr);
    if (!strcmp(cmd, "diff")) return rf_cmd_diff(argc - 2, argv + 2);
    if (!strcmp(cmd, "report")) return rf_cmd_report(argc - 2, argv + 2);
    if (!strcmp(cmd, "tournament")) return rf_cmd_tournament(argc - 2, argv + 2);
    if (!strcmp(cmd, "textcov")) return rf_cmd_textcov(argc - 2, argv + 2);
    if (!strcmp(cmd, "align")) return rf_cmd_align(argc - 2, argv + 2);
    fprintf(stderr, "rulefuzz: unknown command '%s' (see 'rulefuzz --help')\n", cmd);
    return RF_EXIT_BADINPUT;
}
