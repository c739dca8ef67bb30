/* coverage.c: clause coverage: counts files and their accumulator, lcov data, clause-to-code matching, the terminal/JSON/HTML report and its gate. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include "coverage.h"
#include "../cli/opts.h"
#include "../records/record.h"
#include "mutscore.h"
#include "../cli/escape.h"
#include "site.h"

/* ==== Clause IDs in the engine sources ============================================ */

/* Every ID the registries know: game clauses, generic clauses, ambiguities. */
enum { ID_CLAUSE, ID_GENERIC, ID_AMB };
typedef struct { int file, line; } rf_loc;
typedef struct {
    const char *id;
    const char *game;           /* engine name; NULL for generic clauses */
    int kind;                   /* ID_CLAUSE, ID_GENERIC, ID_AMB */
    rf_loc *loc; int nloc, cap; /* enforcing lines, in file and line order */
} rf_known;

/* One lcov branch outcome: BRDA:line,block,branch,taken (taken -1: never evaluated, '-'). */
typedef struct { int line, block, branch; long long taken; } rf_brda;

/* A source file under rules/, with its lines and (when given) lcov data. */
typedef struct {
    char *rel;                  /* "rules/hdz.c", relative to the source root */
    char *sf;                   /* path lcov gave it (SF:), NULL when lcov has none */
    char **text; int nline;     /* text[i] is line i+1 */
    long long *da;              /* per line (index = line): count, -1 not instrumented */
    rf_brda *br; int nbr, brcap;
} rf_src;

typedef struct {
    rf_known *id; int nid, idcap;
    rf_src *src; int nsrc, srccap;
    int scanned;                /* sources were found and scanned */
    int have_lcov;              /* --lcov given */
} rf_code;

static int known_index(const rf_code *cd, const char *tok, size_t n)
{
    for (int i = 0; i < cd->nid; i++)
        if (strlen(cd->id[i].id) == n && !strncmp(cd->id[i].id, tok, n)) return i;
    return -1;
}

static int code_init(rf_code *cd)
{
    memset(cd, 0, sizeof *cd);
    for (int gi = 0; inv_games[gi]; gi++)
        for (int i = 0; i < inv_games[gi]->n_clauses; i++) {
            if (rf_grow(&cd->id, &cd->idcap, cd->nid + 1, sizeof *cd->id)) return -1;
            cd->id[cd->nid++] = (rf_known){inv_games[gi]->clauses[i].id, inv_games[gi]->game, ID_CLAUSE, NULL, 0, 0};
        }
    for (int i = 0; i < inv_n_generic; i++) {
        if (rf_grow(&cd->id, &cd->idcap, cd->nid + 1, sizeof *cd->id)) return -1;
        cd->id[cd->nid++] = (rf_known){inv_generic_clauses[i].id, NULL, ID_GENERIC, NULL, 0, 0};
    }
    for (int gi = 0; game_engines[gi]; gi++)
        for (int i = 0; i < game_engines[gi]->n_amb; i++) {
            if (rf_grow(&cd->id, &cd->idcap, cd->nid + 1, sizeof *cd->id)) return -1;
            cd->id[cd->nid++] = (rf_known){game_engines[gi]->amb[i].id, game_engines[gi]->name, ID_AMB, NULL, 0, 0};
        }
    return 0;
}

static void code_free(rf_code *cd)
{
    for (int i = 0; i < cd->nid; i++) free(cd->id[i].loc);
    free(cd->id);
    for (int s = 0; s < cd->nsrc; s++) {
        rf_src *f = &cd->src[s];
        for (int i = 0; i < f->nline; i++) free(f->text[i]);
        free(f->text); free(f->rel); free(f->sf); free(f->da); free(f->br);
    }
    free(cd->src);
}

static int add_loc(rf_known *k, int file, int line)
{
    for (int i = 0; i < k->nloc; i++)
        if (k->loc[i].file == file && k->loc[i].line == line) return 0;
    if (rf_grow(&k->loc, &k->cap, k->nloc + 1, sizeof *k->loc)) return -1;
    k->loc[k->nloc++] = (rf_loc){file, line};
    return 0;
}

static int cmp_loc(const void *a, const void *b)
{
    const rf_loc *x = a, *y = b;
    return x->file != y->file ? x->file - y->file : x->line - y->line;
}

#define MAX_IDS 16
typedef struct { int id[MAX_IDS]; int n; } idset;
static void idset_add(idset *s, int id)
{
    for (int i = 0; i < s->n; i++) if (s->id[i] == id) return;
    if (s->n < MAX_IDS) s->id[s->n++] = id;
}
static int idset_has(const idset *s, int id)
{
    for (int i = 0; i < s->n; i++) if (s->id[i] == id) return 1;
    return 0;
}

/* Known IDs in comment text t[0..n): maximal runs of [A-Z0-9-] starting with a letter. */
static void ids_in(const rf_code *cd, const char *t, size_t n, idset *s)
{
    for (size_t i = 0; i < n;) {
        if (!(t[i] >= 'A' && t[i] <= 'Z') || (i > 0 && ((t[i-1] >= 'A' && t[i-1] <= 'Z') || (t[i-1] >= '0' && t[i-1] <= '9') || t[i-1] == '-' || t[i-1] == '_'))) { i++; continue; }
        size_t j = i;
        while (j < n && ((t[j] >= 'A' && t[j] <= 'Z') || (t[j] >= '0' && t[j] <= '9') || t[j] == '-')) j++;
        size_t e = j;
        while (e > i && t[e - 1] == '-') e--;
        int k = (j < n && (t[j] == '_' || (t[j] >= 'a' && t[j] <= 'z'))) ? -1 : known_index(cd, t + i, e - i);
        if (k >= 0) idset_add(s, k);
        i = j;
    }
}

/* A comment found by the lexer. */
typedef struct { int start, end; int code_before, code_after; idset ids; } rf_comment;

static int indent_of(const char *s)
{
    int w = 0;
    for (; *s == ' ' || *s == '\t'; s++) w = *s == '\t' ? (w / 8 + 1) * 8 : w + 1;
    return w;
}

/* The enforcing-line rule (docs/coverage.md, "Enforcing code"): a comment carrying clause IDs marks
 *  - the code line it shares (a comment after code, or before code on the same line);
 *  - when it stands on lines of its own (one line or a block comment): the code lines after
 *    it, up to the next blank line, the next line whose comments carry another ID, a line
 *    opening with '}' or a switch label ('case', 'default:') indented less than the comment,
 *    or the next comment standing on its
 *    own line indented no deeper than it (a new paragraph); deeper comment-only lines in
 *    between are skipped. Text inside string literals never counts as a comment. */
static int scan_source(rf_code *cd, int fi)
{
    rf_src *f = &cd->src[fi];
    int n = f->nline;
    char *code = calloc((size_t)n + 1, 1);
    idset *line_ids = calloc((size_t)n + 1, sizeof *line_ids);
    rf_comment *cm = NULL;
    int ncm = 0, cmcap = 0, rc = -1;
    if (!code || !line_ids) goto out;
    int in_block = 0;
    for (int li = 0; li < n; li++) {
        const char *s = f->text[li];
        size_t len = strlen(s), seg = 0;
        int pending = -1;                         /* a comment closed on this line: code after it? */
        for (size_t i = 0; i < len;) {
            if (in_block) {
                const char *endc = strstr(s + i, "*/");
                size_t stop = endc ? (size_t)(endc - s) : len;
                ids_in(cd, s + seg, stop - seg, &line_ids[li]);
                ids_in(cd, s + seg, stop - seg, &cm[ncm - 1].ids);
                if (!endc) { i = len; break; }
                in_block = 0;
                cm[ncm - 1].end = li;
                pending = ncm - 1;
                i = stop + 2;
                continue;
            }
            char ch = s[i];
            if (ch == '/' && s[i + 1] == '*') {
                if (rf_grow(&cm, &cmcap, ncm + 1, sizeof *cm)) goto out;
                memset(&cm[ncm], 0, sizeof cm[ncm]);
                cm[ncm].start = cm[ncm].end = li;
                cm[ncm].code_before = code[li];
                ncm++;
                in_block = 1;
                i += 2;
                seg = i;
                continue;
            }
            if (ch == '/' && s[i + 1] == '/') {
                if (rf_grow(&cm, &cmcap, ncm + 1, sizeof *cm)) goto out;
                memset(&cm[ncm], 0, sizeof cm[ncm]);
                cm[ncm].start = cm[ncm].end = li;
                cm[ncm].code_before = code[li];
                ids_in(cd, s + i + 2, len - i - 2, &cm[ncm].ids);
                ids_in(cd, s + i + 2, len - i - 2, &line_ids[li]);
                ncm++;
                break;
            }
            if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v') { i++; continue; }
            code[li] = 1;
            if (pending >= 0) { cm[pending].code_after = 1; pending = -1; }
            if (ch == '"' || ch == '\'') {           /* skip the literal */
                for (i++; i < len && s[i] != ch; i++) if (s[i] == '\\' && i + 1 < len) i++;
            }
            i++;
        }
    }
    for (int c = 0; c < ncm; c++) {
        rf_comment *k = &cm[c];
        if (!k->ids.n) continue;
        for (int j = 0; j < k->ids.n; j++) {
            rf_known *id = &cd->id[k->ids.id[j]];
            if (k->code_before && add_loc(id, fi, k->start + 1)) goto out;
            if (k->code_after && add_loc(id, fi, k->end + 1)) goto out;
        }
        if (k->code_before || k->code_after) continue;
        int ind = indent_of(f->text[k->start]);
        for (int li = k->end + 1; li < n; li++) {
            const char *s = f->text[li];
            const char *p = s + strspn(s, " \t\r\f\v");
            if (!*p) break;                                           /* a blank line */
            int other = 0;
            for (int j = 0; j < line_ids[li].n; j++) other |= !idset_has(&k->ids, line_ids[li].id[j]);
            if (other) break;                                         /* another clause's line */
            if (*p == '}' && indent_of(s) < ind) break;               /* the block closes */
            if ((!strncmp(p, "case ", 5) || !strncmp(p, "default:", 8)) && indent_of(s) < ind)
                break;                                                /* the next switch case */
            if (!code[li] && *p == '/' && (p[1] == '*' || p[1] == '/') && indent_of(s) <= ind)
                break;                                                /* a new paragraph's comment */
            if (!code[li]) continue;                                  /* comment-only line */
            for (int j = 0; j < k->ids.n; j++)
                if (add_loc(&cd->id[k->ids.id[j]], fi, li + 1)) goto out;
        }
    }
    rc = 0;
out:
    free(code);
    free(line_ids);
    free(cm);
    return rc;
}

static int cmp_cstr(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Read every .c and .h file under root/rules (sorted) and find each ID's enforcing lines.
 * Returns 0 (cd->scanned says whether the folder was there), -1 on an error (err). */
static int code_scan(rf_code *cd, const char *root, int required, char *err, size_t errlen)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s/rules", root);
    DIR *d = opendir(dir);
    if (!d) {
        if (!required) return 0;
        rf_set_err(err, errlen, "%s: no rules/ folder there (--src-root)", root);
        return -1;
    }
    char **names = NULL;
    int nn = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (e->d_name[0] == '.' || l < 3 || (strcmp(e->d_name + l - 2, ".c") && strcmp(e->d_name + l - 2, ".h"))) continue;
        if (rf_grow(&names, &cap, nn + 1, sizeof *names) || !(names[nn] = rf_dup_str(e->d_name))) { closedir(d); goto oom; }
        nn++;
    }
    closedir(d);
    qsort(names, (size_t)nn, sizeof *names, cmp_cstr);
    for (int i = 0; i < nn; i++) {
        char path[PATH_MAX + 300], rel[300];
        snprintf(rel, sizeof rel, "rules/%.280s", names[i]);
        snprintf(path, sizeof path, "%s/%s", root, rel);
        size_t len;
        char *text = rf_read_file(path, &len, err, errlen);
        if (!text) goto fail;
        if (rf_grow(&cd->src, &cd->srccap, cd->nsrc + 1, sizeof *cd->src)) { free(text); goto oom; }
        rf_src *f = &cd->src[cd->nsrc++];
        memset(f, 0, sizeof *f);
        f->rel = rf_dup_str(rel);
        int lcap = 0;
        for (char *p = text; *p || p == text;) {
            char *nl = strchr(p, '\n');
            size_t l = nl ? (size_t)(nl - p) : strlen(p);
            if (!nl && l == 0) break;
            if (rf_grow(&f->text, &lcap, f->nline + 1, sizeof *f->text) || !(f->text[f->nline] = malloc(l + 1))) { free(text); goto oom; }
            memcpy(f->text[f->nline], p, l);
            f->text[f->nline][l] = 0;
            f->nline++;
            if (!nl) break;
            p = nl + 1;
        }
        free(text);
        if (!f->rel || !(f->da = malloc(sizeof *f->da * ((size_t)f->nline + 2)))) goto oom;
        for (int l = 0; l < f->nline + 2; l++) f->da[l] = -1;
        if (scan_source(cd, cd->nsrc - 1)) goto oom;
    }
    for (int i = 0; i < cd->nid; i++) if (cd->id[i].nloc > 1) qsort(cd->id[i].loc, (size_t)cd->id[i].nloc, sizeof *cd->id[i].loc, cmp_loc);
    for (int i = 0; i < nn; i++) free(names[i]);
    free(names);
    cd->scanned = 1;
    return 0;
oom:
    rf_set_err(err, errlen, "out of memory reading %s", dir);
fail:
    for (int i = 0; i < nn; i++) free(names[i]);
    free(names);
    return -1;
}

int rf_cov_each_enforcing_line(const char *root, rf_cov_line_fn fn, void *arg, char *err, size_t errlen)
{
    rf_code cd;
    int rc = -1;
    if (code_init(&cd)) { rf_set_err(err, errlen, "out of memory"); code_free(&cd); return -1; }
    if (code_scan(&cd, root, 1, err, errlen)) goto out;
    for (int pass = 0; pass < 2; pass++)          /* the game clauses, then the generic ones */
        for (int i = 0; i < cd.nid; i++) {
            const rf_known *k = &cd.id[i];
            if (k->kind != (pass ? ID_GENERIC : ID_CLAUSE)) continue;
            for (int j = 0; j < k->nloc; j++) {
                const rf_src *f = &cd.src[k->loc[j].file];
                int l = k->loc[j].line;
                if (l < 1 || l > f->nline) continue;
                const char *game = k->game;
                char stem[64];
                if (pass) {                         /* a generic clause's line is its engine's: rules/<game>[_*].c */
                    const char *b = f->rel + strlen("rules/");
                    size_t sl = strcspn(b, "_.");
                    if (sl >= sizeof stem) continue;
                    memcpy(stem, b, sl);
                    stem[sl] = 0;
                    if (!game_find(stem)) continue;
                    game = stem;
                }
                if (fn(k->id, game, f->rel, l, f->text[l - 1], arg)) { rf_set_err(err, errlen, "out of memory"); goto out; }
            }
        }
    rc = 0;
out:
    code_free(&cd);
    return rc;
}

/* ==== lcov tracefiles ================================================================ */

/* The scanned source an lcov SF: path names: the same relative path under any folder. */
static rf_src *src_for_sf(rf_code *cd, const char *sf)
{
    size_t l = strlen(sf);
    for (int i = 0; i < cd->nsrc; i++) {
        size_t r = strlen(cd->src[i].rel);
        if (!strcmp(sf, cd->src[i].rel) || (l > r && sf[l - r - 1] == '/' && !strcmp(sf + l - r, cd->src[i].rel)))
            return &cd->src[i];
    }
    return NULL;
}

/* Add one lcov tracefile's DA and BRDA records for the scanned sources. Counts of several
 * tracefiles add up. RF_EXIT_OK or RF_EXIT_BADINPUT ("file:line: what is wrong"). */
static int lcov_read(rf_code *cd, const char *path, char *err, size_t errlen)
{
    size_t len;
    char *text = rf_read_file(path, &len, err, errlen);
    if (!text) return RF_EXIT_BADINPUT;
    rf_src *cur = NULL;
    int line = 0, rc = RF_EXIT_OK, seen_sf = 0;
    for (char *p = text; *p; ) {
        char *nl = strchr(p, '\n');
        if (nl) *nl = 0;
        line++;
        size_t l = strlen(p);
        if (l && p[l - 1] == '\r') p[--l] = 0;
        if (!strncmp(p, "SF:", 3)) {
            seen_sf = 1;
            cur = src_for_sf(cd, p + 3);
            if (cur && !cur->sf) cur->sf = rf_dup_str(p + 3);
        } else if (!strcmp(p, "end_of_record")) {
            cur = NULL;
        } else if (cur && !strncmp(p, "DA:", 3)) {
            long long ln, cnt;
            char tail;
            if (sscanf(p + 3, "%lld,%lld%c", &ln, &cnt, &tail) < 2 || ln < 1 || cnt < 0) {
                rf_set_err(err, errlen, "%s:%d: malformed DA record '%.60s'", path, line, p);
                rc = RF_EXIT_BADINPUT; break;
            }
            if (ln <= cur->nline) cur->da[ln] = (cur->da[ln] < 0 ? 0 : cur->da[ln]) + cnt;
        } else if (cur && !strncmp(p, "BRDA:", 5)) {
            int ln, blk, brn, used = 0;
            char taken[32];
            if (sscanf(p + 5, "%d,%d,%d,%31[-0-9]%n", &ln, &blk, &brn, taken, &used) != 4 || p[5 + used] || ln < 1) {
                rf_set_err(err, errlen, "%s:%d: malformed BRDA record '%.60s'", path, line, p);
                rc = RF_EXIT_BADINPUT; break;
            }
            long long t = strcmp(taken, "-") ? atoll(taken) : -1;
            if (ln > cur->nline) goto next;
            int found = -1;
            for (int i = cur->nbr - 1; i >= 0 && found < 0; i--)
                if (cur->br[i].line == ln && cur->br[i].block == blk && cur->br[i].branch == brn) found = i;
            if (found < 0) {
                if (rf_grow(&cur->br, &cur->brcap, cur->nbr + 1, sizeof *cur->br)) { rf_set_err(err, errlen, "out of memory"); rc = RF_EXIT_BADINPUT; break; }
                cur->br[cur->nbr++] = (rf_brda){ln, blk, brn, t};
            } else if (t >= 0) {
                rf_brda *b = &cur->br[found];
                b->taken = (b->taken < 0 ? 0 : b->taken) + t;
            }
        }
    next:
        if (!nl) break;
        p = nl + 1;
    }
    if (rc == RF_EXIT_OK && !seen_sf) {
        rf_set_err(err, errlen, "%s:1: not an lcov tracefile (no SF: record)", path);
        rc = RF_EXIT_BADINPUT;
    }
    free(text);
    return rc;
}

/* ==== The report ===================================================================== */

enum { ST_VIOLATED, ST_NEVER, ST_CASES, ST_NOT_RUN, ST_BRANCHES, ST_UNTAGGED, ST_OK, ST_N };
static const char *const st_name[ST_N] = {"violated", "never-fired", "cases-missed", "code-not-run", "branches-missed",
                                          "no-tagged-code", "ok"};
static const char *const st_text[ST_N] = {"VIOLATED", "NEVER FIRED", "CASES", "CODE NOT RUN", "BRANCHES", "NO CODE", "ok"};

/* One row of a game's report. */
typedef struct {
    const char *id, *oracle, *source;
    int generic;                        /* GEN- clause: shown, not gated */
    int known;                          /* in the registry (else only in counts files) */
    uint64_t applied, fired, violated;
    const char *first;
    int ncases, cases_hit;              /* the clause's cases (inv_clause.cases), how many fired */
    char case_name[INV_MAX_CASES][INV_CASE_NAME_MAX];
    uint64_t case_fired[INV_MAX_CASES];
    const char *case_first[INV_MAX_CASES];
    int cases_unbalanced;               /* several cases whose counts add up to less than `fired` */
    const rf_known *code;               /* enforcing lines, NULL none */
    int lines, hit, branches, taken;    /* over instrumented enforcing lines (lcov) */
    int status;
} rf_crow;

typedef struct {
    const game_engine *g;
    const inv_game *og;
    rf_crow *row; int n;
    int total, fired, violated_clauses; /* game clauses (not GEN-) */
    int cases, cases_fired;             /* their cases */
    double cases_pct;
    int cases_gate_failed;
    int lines, hit, branches, taken;    /* union of the game clauses' enforcing lines */
    int untagged_files;                 /* scanned rules files without lcov data */
    int has_counts;                     /* any row of this game in the counts files */
    double pct;
    int gate_failed;
} rf_game_report;

typedef struct {
    const char *src_root;
    const char *lcov_html;              /* genhtml output folder for links, NULL none */
    const char *mutation;               /* rulefuzz mutate's output folder: a mutation column, NULL none */
    const char *site;                   /* the report site (report.css, SPEC.html; site.h); NULL: the --html folder */
    const char **counts; int ncounts;
    const char **lcov; int nlcov;
    double fail_under;                  /* < 0: no gate */
    double cases_fail_under;            /* < 0: no gate on cases */
} rf_opts;

static const rf_known *known_for(const rf_code *cd, const char *id)
{
    int k = known_index(cd, id, strlen(id));
    return k >= 0 ? &cd->id[k] : NULL;
}

static void measure(const rf_code *cd, rf_crow *r)
{
    r->lines = r->hit = r->branches = r->taken = 0;
    if (!r->code) return;
    for (int i = 0; i < r->code->nloc; i++) {
        const rf_src *f = &cd->src[r->code->loc[i].file];
        int ln = r->code->loc[i].line;
        if (f->da[ln] >= 0) { r->lines++; r->hit += f->da[ln] > 0; }
        for (int b = 0; b < f->nbr; b++)
            if (f->br[b].line == ln) { r->branches++; r->taken += f->br[b].taken > 0; }
    }
}

static int status_of(const rf_code *cd, const rf_crow *r)
{
    if (r->violated) return ST_VIOLATED;
    if (!r->fired) return ST_NEVER;
    if (r->cases_hit < r->ncases || r->cases_unbalanced) return ST_CASES;
    if (r->generic) return ST_OK;
    if (cd->have_lcov && r->hit < r->lines) return ST_NOT_RUN;
    if (cd->have_lcov && r->taken < r->branches) return ST_BRANCHES;
    if (cd->scanned && (!r->code || !r->code->nloc)) return ST_UNTAGGED;
    return ST_OK;
}

static int build_report(const rf_code *cd, const rf_cov *acc, const game_engine *g, const rf_opts *o,
                        rf_game_report *gr)
{
    memset(gr, 0, sizeof *gr);
    gr->g = g;
    gr->og = inv_game_find(g->name);
    int cap = gr->og->n_clauses + inv_n_generic + acc->n;
    gr->row = calloc((size_t)cap + 1, sizeof *gr->row);
    if (!gr->row) return -1;
    for (int pass = 0; pass < 2; pass++) {
        int nc = pass == 0 ? gr->og->n_clauses : inv_n_generic;
        for (int i = 0; i < nc; i++) {
            const inv_clause *cl = pass == 0 ? &gr->og->clauses[i] : &inv_generic_clauses[i];
            rf_crow *r = &gr->row[gr->n++];
            r->id = cl->id; r->oracle = cl->oracle; r->source = cl->source;
            r->generic = pass == 1; r->known = 1;
            const rf_cov_row *c = rf_cov_find(acc, g->name, cl->id);
            if (c) { r->applied = c->applied; r->fired = c->fired; r->violated = c->violated; r->first = c->first; }
            r->code = pass == 0 ? known_for(cd, cl->id) : NULL;
            r->ncases = inv_n_cases(cl);
            uint64_t sum = 0;
            for (int ci = 0; ci < r->ncases; ci++) {
                char key[96];
                inv_case_name(cl, ci, r->case_name[ci], sizeof r->case_name[ci]);
                snprintf(key, sizeof key, "%s/%s", cl->id, r->case_name[ci]);
                const rf_cov_row *cr = rf_cov_find(acc, g->name, key);
                /* counts written before cases existed: a one-case clause's case is its firing */
                if (!cr && r->ncases == 1) { r->case_fired[ci] = r->fired; r->case_first[ci] = r->first; }
                if (cr) { r->case_fired[ci] = cr->fired; r->case_first[ci] = cr->first; }
                r->cases_hit += r->case_fired[ci] > 0;
                sum += r->case_fired[ci];
            }
            r->cases_unbalanced = r->ncases > 1 && sum < r->fired;   /* a firing that named no case */
        }
    }
    for (int i = 0; i < acc->n; i++) {
        const rf_cov_row *c = &acc->row[i];
        if (strcmp(c->game, g->name)) continue;
        gr->has_counts = 1;
        if (strchr(c->clause, '/')) continue;                      /* a case row, read above */
        int found = 0;
        for (int j = 0; j < gr->n && !found; j++) found = !strcmp(gr->row[j].id, c->clause);
        if (found) continue;
        rf_crow *r = &gr->row[gr->n++];
        r->id = c->clause; r->oracle = "?"; r->source = "not a clause of this rulefuzz";
        r->generic = 1; r->applied = c->applied; r->fired = c->fired; r->violated = c->violated; r->first = c->first;
    }
    char **seen = calloc((size_t)cd->nsrc + 1, sizeof *seen);   /* lines counted once per game */
    if (!seen) return -1;
    for (int j = 0; j < gr->n; j++) {
        rf_crow *r = &gr->row[j];
        measure(cd, r);
        r->status = status_of(cd, r);
        if (r->generic) continue;
        gr->total++;
        gr->fired += r->fired > 0;
        gr->violated_clauses += r->violated > 0;
        gr->cases += r->ncases;
        gr->cases_fired += r->cases_hit;
        for (int i = 0; r->code && i < r->code->nloc; i++) {
            int fi = r->code->loc[i].file, ln = r->code->loc[i].line;
            const rf_src *f = &cd->src[fi];
            if (!seen[fi] && !(seen[fi] = calloc((size_t)f->nline + 2, 1))) return -1;
            if (seen[fi][ln]) continue;
            seen[fi][ln] = 1;
            if (f->da[ln] >= 0) { gr->lines++; gr->hit += f->da[ln] > 0; }
            for (int b = 0; b < f->nbr; b++)
                if (f->br[b].line == ln) { gr->branches++; gr->taken += f->br[b].taken > 0; }
        }
    }
    for (int i = 0; i < cd->nsrc; i++) free(seen[i]);
    free(seen);
    gr->pct = gr->total ? 100.0 * gr->fired / gr->total : 100.0;
    gr->gate_failed = o->fail_under >= 0 && gr->pct + 1e-9 < o->fail_under;
    gr->cases_pct = gr->cases ? 100.0 * gr->cases_fired / gr->cases : 100.0;
    gr->cases_gate_failed = o->cases_fail_under >= 0 && gr->cases_pct + 1e-9 < o->cases_fail_under;
    for (int j = 0; j < gr->n; j++)
        if (!gr->row[j].generic && gr->row[j].cases_unbalanced && o->cases_fail_under >= 0) gr->cases_gate_failed = 1;
    return 0;
}

/* Short source name for people: the file's base name. */
static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* ---- terminal table ----------------------------------------------------------------- */

static void frac(char *b, size_t n, int have, int x, int of)
{
    if (!have) snprintf(b, n, "-");
    else snprintf(b, n, "%d/%d", x, of);
}

static void print_row(FILE *out, const rf_code *cd, const rf_crow *r)
{
    char ln[24], br[24], cs[24];
    frac(ln, sizeof ln, cd->have_lcov && !r->generic, r->hit, r->lines);
    frac(br, sizeof br, cd->have_lcov && !r->generic, r->taken, r->branches);
    frac(cs, sizeof cs, r->known, r->cases_hit, r->ncases);
    fprintf(out, "%-26s %13llu %13llu %8llu %6s %9s %9s  %-12s %s\n", r->id, (unsigned long long)r->applied,
            (unsigned long long)r->fired, (unsigned long long)r->violated, cs, ln, br,
            st_text[r->status], r->first ? r->first : "-");
    /* a clause with several cases: one line per case */
    for (int ci = 0; r->ncases > 1 && ci < r->ncases; ci++)
        fprintf(out, "  case %-19s %13s %13llu %8s %6s %9s %9s  %-12s %s\n", r->case_name[ci], "",
                (unsigned long long)r->case_fired[ci], "", "", "", "", r->case_fired[ci] ? "ok" : "NEVER FIRED",
                r->case_first[ci] ? r->case_first[ci] : "-");
    if (r->cases_unbalanced)
        fprintf(out, "  note: %s fired on %llu steps but its cases add up to fewer: an oracle fires it without "
                "naming the case\n", r->id, (unsigned long long)r->fired);
}

static void print_table(FILE *out, const rf_code *cd, const rf_game_report *gr, const rf_opts *o)
{
    fprintf(out, "clause coverage of %s (%s): %d of %d clauses fired (%.1f%%), %d of their %d cases (%.1f%%), "
            "%d violated; counts from", gr->g->name, gr->g->title, gr->fired, gr->total, gr->pct, gr->cases_fired,
            gr->cases, gr->cases_pct, gr->violated_clauses);
    for (int i = 0; i < o->ncounts; i++) fprintf(out, " %s", o->counts[i]);
    fprintf(out, "\n");
    if (cd->have_lcov)
        fprintf(out, "enforcing code (lines under rules/ tagged with the clause ID): %d of %d lines run, %d of %d branches taken\n",
                gr->hit, gr->lines, gr->taken, gr->branches);
    else
        fprintf(out, "(no --lcov: the lines and branches columns are empty)\n");
    fprintf(out, "%-26s %13s %13s %8s %6s %9s %9s  %-12s %s\n", "clause", "applied", "fired", "violated",
            "cases", "lines", "branches", "status", "first input");
    for (int j = 0; j < gr->n; j++) if (!gr->row[j].generic) print_row(out, cd, &gr->row[j]);
    fprintf(out, "conformance checks (shown, not gated):\n");
    for (int j = 0; j < gr->n; j++) if (gr->row[j].generic) print_row(out, cd, &gr->row[j]);
    for (int j = 0; j < gr->n; j++)
        if (!gr->row[j].known)
            fprintf(out, "note: %s is in the counts but is no clause of %s (renamed or removed?)\n", gr->row[j].id, gr->g->name);
}

/* ---- JSON ----------------------------------------------------------------------------- */


static void json_code(FILE *f, const rf_code *cd, const rf_known *k)
{
    fputs("[", f);
    for (int i = 0; k && i < k->nloc; i++) {
        const rf_src *s = &cd->src[k->loc[i].file];
        long long c = s->da[k->loc[i].line];
        fprintf(f, "%s{\"file\":", i ? "," : "");
        rf_json_cstr(f, s->rel);
        fprintf(f, ",\"line\":%d,\"count\":", k->loc[i].line);
        if (cd->have_lcov && c >= 0) fprintf(f, "%lld", c); else fputs("null", f);
        fputs("}", f);
    }
    fputs("]", f);
}

static const char *const enforcing_rule =
    "A clause's enforcing code is every line under rules/ that carries its clause ID in a comment. "
    "A comment after (or before) code on the same line marks that line. A comment standing on lines "
    "of its own (a line comment or a block comment) marks the code lines that follow it, up to the "
    "next blank line, the next line whose comment carries another ID, a line opening with '}' "
    "or a switch label (case, default:) indented less than the comment, or the next comment standing on its own line indented no deeper "
    "than it (a new paragraph); deeper comment-only lines in between are skipped.";

static void write_json(FILE *f, const rf_code *cd, const rf_game_report *grs, int ng, const rf_opts *o)
{
    fputs("{\"format\":\"rulefuzz clause coverage v1\",\"enforcing_rule\":", f);
    rf_json_cstr(f, enforcing_rule);
    fputs(",\"counts_files\":[", f);
    for (int i = 0; i < o->ncounts; i++) { if (i) fputc(',', f); rf_json_cstr(f, o->counts[i]); }
    fputs("],\"lcov_files\":[", f);
    for (int i = 0; i < o->nlcov; i++) { if (i) fputc(',', f); rf_json_cstr(f, o->lcov[i]); }
    fputs("],", f);
    if (o->fail_under >= 0) fprintf(f, "\"fail_under\":%g,", o->fail_under);
    else fputs("\"fail_under\":null,", f);
    fputs("\"games\":[", f);
    for (int gi = 0; gi < ng; gi++) {
        const rf_game_report *gr = &grs[gi];
        fprintf(f, "%s\n{\"game\":", gi ? "," : "");
        rf_json_cstr(f, gr->g->name);
        fputs(",\"title\":", f);
        rf_json_cstr(f, gr->g->title);
        fprintf(f, ",\"clauses\":%d,\"fired\":%d,\"violated\":%d,\"percent\":%.2f,\"gate\":%s",
                gr->total, gr->fired, gr->violated_clauses, gr->pct,
                o->fail_under < 0 ? "null" : gr->gate_failed ? "\"failed\"" : "\"passed\"");
        fprintf(f, ",\"cases\":{\"total\":%d,\"fired\":%d,\"percent\":%.2f,\"gate\":%s}", gr->cases, gr->cases_fired,
                gr->cases_pct, o->cases_fail_under < 0 ? "null" : gr->cases_gate_failed ? "\"failed\"" : "\"passed\"");
        if (cd->have_lcov)
            fprintf(f, ",\"lines\":{\"total\":%d,\"hit\":%d},\"branches\":{\"total\":%d,\"taken\":%d}",
                    gr->lines, gr->hit, gr->branches, gr->taken);
        fputs(",\"never_fired\":[", f);
        for (int j = 0, first = 1; j < gr->n; j++)
            if (!gr->row[j].generic && !gr->row[j].fired) { if (!first) fputc(',', f); rf_json_cstr(f, gr->row[j].id); first = 0; }
        fputs("],\"rows\":[", f);
        for (int j = 0; j < gr->n; j++) {
            const rf_crow *r = &gr->row[j];
            fprintf(f, "%s\n {\"id\":", j ? "," : "");
            rf_json_cstr(f, r->id);
            fprintf(f, ",\"kind\":\"%s\",\"gated\":%s,\"oracle\":", !r->known ? "unknown" : r->generic ? "conformance" : "clause",
                    r->generic ? "false" : "true");
            rf_json_cstr(f, r->oracle);
            fputs(",\"source\":", f);
            rf_json_cstr(f, r->source);
            fprintf(f, ",\"applied\":%llu,\"fired\":%llu,\"violated\":%llu,\"first_input\":",
                    (unsigned long long)r->applied, (unsigned long long)r->fired, (unsigned long long)r->violated);
            rf_json_cstr(f, r->first);
            fputs(",\"cases\":[", f);
            for (int ci = 0; ci < r->ncases; ci++) {
                fprintf(f, "%s{\"name\":", ci ? "," : "");
                rf_json_cstr(f, r->case_name[ci]);
                fprintf(f, ",\"fired\":%llu,\"first_input\":", (unsigned long long)r->case_fired[ci]);
                rf_json_cstr(f, r->case_first[ci]);
                fputs("}", f);
            }
            fprintf(f, "],\"cases_balanced\":%s", r->cases_unbalanced ? "false" : "true");
            fprintf(f, ",\"status\":\"%s\"", st_name[r->status]);
            if (cd->have_lcov && !r->generic)
                fprintf(f, ",\"lines\":{\"total\":%d,\"hit\":%d},\"branches\":{\"total\":%d,\"taken\":%d}",
                        r->lines, r->hit, r->branches, r->taken);
            else
                fputs(",\"lines\":null,\"branches\":null", f);
            fputs(",\"code\":", f);
            json_code(f, cd, r->code);
            fputs(",\"branches_not_taken\":[", f);
            for (int i = 0, first = 1; cd->have_lcov && r->code && i < r->code->nloc; i++) {
                const rf_src *s = &cd->src[r->code->loc[i].file];
                for (int b = 0; b < s->nbr; b++)
                    if (s->br[b].line == r->code->loc[i].line && s->br[b].taken <= 0) {
                        fprintf(f, "%s{\"file\":", first ? "" : ",");
                        rf_json_cstr(f, s->rel);
                        fprintf(f, ",\"line\":%d,\"block\":%d,\"branch\":%d,\"evaluated\":%s}", s->br[b].line,
                                s->br[b].block, s->br[b].branch, s->br[b].taken < 0 ? "false" : "true");
                        first = 0;
                    }
            }
            fputs("]}", f);
        }
        fputs("],\n\"ambiguities\":[", f);
        for (int i = 0, first = 1; i < cd->nid; i++) {
            const rf_known *k = &cd->id[i];
            if (k->kind != ID_AMB || strcmp(k->game, gr->g->name)) continue;
            fprintf(f, "%s\n {\"id\":", first ? "" : ",");
            rf_json_cstr(f, k->id);
            fputs(",\"code\":", f);
            json_code(f, cd, k);
            fputs("}", f);
            first = 0;
        }
        fputs("]}", f);
    }
    fputs("]}\n", f);
}

/* ---- HTML ------------------------------------------------------------------------------ */

static void html_str(FILE *f, const char *s)
{
    if (s) rf_html_cstr(f, s);
}

/* A path or label, preferably wrapped after a '/' or ','. */
static void html_wrap(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        char one[2] = {*s, 0};
        if (*s == '<' || *s == '>' || *s == '&' || *s == '"') html_str(f, one);
        else fputc(*s, f);
        if (*s == '/' || *s == ',') fputs("<wbr>", f);
    }
}

/* Where a source line is shown: genhtml's page for the file (with the line anchor) when
 * --lcov-html has one, else the source file itself. */
static void line_href(const rf_code *cd, const rf_opts *o, const char *html_dir, int fi, char *out, size_t n,
                      int *anchors)
{
    const rf_src *f = &cd->src[fi];
    char p[PATH_MAX * 2];
    *anchors = 0;
    if (o->lcov_html) {
        snprintf(p, sizeof p, "%s/%s.gcov.html", o->lcov_html, f->rel);
        if (access(p, R_OK) != 0 && f->sf) snprintf(p, sizeof p, "%s/%s.gcov.html", o->lcov_html, f->sf + (f->sf[0] == '/'));
        if (access(p, R_OK) == 0) { rf_site_rel(html_dir, p, out, n); *anchors = 1; return; }
    }
    snprintf(p, sizeof p, "%s/%s", o->src_root, f->rel);
    rf_site_rel(html_dir, p, out, n);
}


static void html_bar(FILE *f, int x, int of)
{
    int w = of ? (100 * x + of / 2) / of : 100;
    fprintf(f, "<span class=\"bar\"><i style=\"width:%d%%;background:%s\"></i></span>", w,
            x == of ? "#3a9b4f" : x * 2 >= of ? "#e0a100" : "#c62828");
}

/* The enforcing lines as ranges of consecutive lines, each linked; missed lines red. */
static void html_code(FILE *f, const rf_code *cd, const rf_opts *o, const char *html_dir, const rf_crow *r)
{
    if (!r->code || !r->code->nloc) {
        fputs(r->generic ? "<span class=\"muted\">engine-wide</span>" : "<span class=\"muted\">no line carries this ID</span>", f);
        return;
    }
    for (int i = 0; i < r->code->nloc;) {
        int fi = r->code->loc[i].file, a = r->code->loc[i].line, j = i, miss = 0, inst = 0;
        while (j + 1 < r->code->nloc && r->code->loc[j + 1].file == fi && r->code->loc[j + 1].line == r->code->loc[j].line + 1) j++;
        const rf_src *s = &cd->src[fi];
        int b = r->code->loc[j].line, firstmiss = 0;
        for (int k = i; k <= j; k++) {
            long long c = s->da[r->code->loc[k].line];
            if (c >= 0) inst = 1;
            if (c == 0) { if (!miss) firstmiss = r->code->loc[k].line; miss++; }
        }
        char href[PATH_MAX * 2];
        int anchors;
        line_href(cd, o, html_dir, fi, href, sizeof href, &anchors);
        fprintf(f, "<a class=\"%s\" href=\"", !cd->have_lcov || !inst ? "none" : miss ? "miss" : "hit");
        html_str(f, href);
        if (anchors) fprintf(f, "#%d", miss ? firstmiss : a);
        fputs("\" title=\"", f);
        for (int k = i; k <= j; k++) {
            long long c = s->da[r->code->loc[k].line];
            fprintf(f, "%sline %d: ", k > i ? "&#10;" : "", r->code->loc[k].line);
            if (!cd->have_lcov) fputs("no lcov data", f);
            else if (c < 0) fputs("not instrumented", f);
            else fprintf(f, "run %lld times", c);
        }
        fprintf(f, "\">%s:%d", base_name(s->rel), a);
        if (b > a) fprintf(f, "&ndash;%d", b);
        fputs("</a> ", f);
        i = j + 1;
    }
    if (!cd->have_lcov) return;
    int shown = 0;
    for (int i = 0; i < r->code->nloc; i++) {
        const rf_src *s = &cd->src[r->code->loc[i].file];
        int ln = r->code->loc[i].line, nt = 0, all = 0;
        for (int b = 0; b < s->nbr; b++)
            if (s->br[b].line == ln) { all++; nt += s->br[b].taken <= 0; }
        if (!nt) continue;
        char href[PATH_MAX * 2];
        int anchors;
        line_href(cd, o, html_dir, r->code->loc[i].file, href, sizeof href, &anchors);
        fputs(shown++ ? ", " : "<div class=\"nt\">branches never taken: ", f);
        fputs("<span class=\"nw\"><a href=\"", f);
        html_str(f, href);
        if (anchors) fprintf(f, "#%d", ln);
        fprintf(f, "\">%s:%d</a> (%d of %d)</span>", base_name(s->rel), ln, nt, all);
    }
    if (shown) fputs("</div>", f);
}

/* The mutation column: killed of the mutants that compiled and are not equivalent, linked to the
 * game's mutation page (its survivors for this clause). */
static void html_mutation(FILE *f, const rf_opts *o, const char *html_dir, const char *game, const rf_crow *r)
{
    rf_mut_score m;
    if (!o->mutation) return;
    if (r->generic || rf_mut_score_of(o->mutation, game, r->id, &m) || m.mutants == 0) {
        fprintf(f, "<td class=\"n muted\">%s</td>", r->generic ? "&ndash;" : "not run");
        return;
    }
    int killed = m.tests + m.fuzz, d = killed + m.survived;
    char page[PATH_MAX + 64], href[PATH_MAX * 2];
    snprintf(page, sizeof page, "%s/%s.html", o->mutation, game);
    rf_site_rel(html_dir, page, href, sizeof href);
    fputs("<td class=\"n\"><a href=\"", f);
    html_str(f, href);
    fputs("#s-", f);
    for (const char *p = r->id; *p; p++) fputc(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p, f);
    fprintf(f, "\" title=\"%d mutants: %d killed by tests, %d by fuzzing, %d survived, %d equivalent, %d not compiled\">",
            m.mutants, m.tests, m.fuzz, m.survived, m.equivalent, m.nocompile);
    if (d) fprintf(f, "%d/%d", killed, d); else fputs("&ndash;", f);
    fputs("</a>", f);
    if (d) html_bar(f, killed, d);
    fputs("</td>", f);
}

/* The first input that fired a clause, as a game record the page can link: html_dir/inputs-<game>/
 * <the input's path, '/' as '_'>.txt. A record (a replayed .rec: it starts with '[' or ';') is copied;
 * any other file is a fuzz input of the game (rulefuzz inputs), played as the harness plays it
 * (rf_header_from_bytes) and written with rf_record_write, so `rulefuzz replay` reads it back.
 * 0 with the record's path in out, or -1 (it cannot be read or written: the page links the input). */
static int first_record(const char *html_dir, const game_engine *g, const char *input, char *out, size_t n)
{
    char err[RF_ERR_MAX], name[PATH_MAX];
    size_t len, w = 0;
    const char *p = input;
    while (p[0] == '.' && p[1] == '/') p += 2;
    for (; *p && w + 5 < sizeof name; p++) name[w++] = *p == '/' ? '_' : *p;
    name[w] = 0;
    snprintf(out, n, "%s/inputs-%s", html_dir, g->name);
    if (mkdir(out, 0755) != 0 && errno != EEXIST) return -1;
    snprintf(out, n, "%s/inputs-%s/%s.txt", html_dir, g->name, name);
    char *data = rf_read_file(input, &len, err, sizeof err);
    if (!data) return -1;
    FILE *f = fopen(out, "w");
    int bad = !f;
    if (f && (data[0] == '[' || data[0] == ';')) bad = fwrite(data, 1, len, f) != len;
    else if (f) {
        static unsigned char st[GAME_STATE_MAX] __attribute__((aligned(16))), start[GAME_STATE_MAX] __attribute__((aligned(16)));
        static game_move log[RF_MAX_GAME_MOVES];
        rf_header h;
        rf_chooser ch;
        rf_header_from_bytes(g, (const uint8_t *)data, len, &h, &ch);
        g->setup_seed(st, &h.cfg, h.seed);
        memcpy(start, st, g->state_size);
        long moves = rf_play(g, st, &ch, NULL, log, RF_MAX_GAME_MOVES, RF_MAX_GAME_MOVES);
        char comment[PATH_MAX + 160];
        snprintf(comment, sizeof comment, "from fuzz input %s, as rulefuzz inputs plays it (rulefuzz replay reads this file)", input);
        bad = rf_record_write(f, &h, start, log, moves, comment) != 0;
    }
    free(data);
    if (f) bad |= ferror(f) | (fclose(f) != 0);
    return bad ? -1 : 0;
}

/* Empty html_dir/inputs-<game>/ before the game's page is written, so no record of an earlier run's
 * first inputs stays beside it. */
static void first_records_clear(const char *html_dir, const char *game)
{
    char dir[PATH_MAX], f[PATH_MAX * 2];
    snprintf(dir, sizeof dir, "%s/inputs-%s", html_dir, game);
    DIR *d = opendir(dir);
    if (!d) return;
    for (struct dirent *e; (e = readdir(d));)
        if (e->d_name[0] != '.') { snprintf(f, sizeof f, "%s/%s", dir, e->d_name); unlink(f); }
    closedir(d);
}

static void html_row(FILE *f, const rf_code *cd, const rf_opts *o, const char *html_dir, const char *spec,
                     const rf_crow *r, const char *game)
{
    fprintf(f, "<tr class=\"%s%s\"><td class=\"id\">", st_name[r->status], r->generic ? " gen" : "");
    if (spec && r->known) {
        fputs("<a href=\"", f);
        html_str(f, spec);
        char slug[128];
        rf_site_slug(r->id, strlen(r->id), slug, sizeof slug);
        fprintf(f, "#%s", slug);
        fputs("\" title=\"the clause in SPEC.md\">", f);
        html_str(f, r->id);
        fputs("</a>", f);
    } else html_str(f, r->id);
    fprintf(f, "<br><span class=\"muted oracle\">%s</span></td>", r->known ? r->oracle : "not in this rulefuzz");
    fprintf(f, "<td><span class=\"st\">%s</span></td>", st_text[r->status]);
    fprintf(f, "<td class=\"n\">%llu</td><td class=\"n\">%llu</td><td class=\"n\">%llu</td>", (unsigned long long)r->applied,
            (unsigned long long)r->fired, (unsigned long long)r->violated);
    /* the cases: fired / cases, then each case with its count (missed ones marked), its first
     * input in the title */
    if (r->known) {
        fprintf(f, "<td class=\"cases\"><b>%d/%d</b>", r->cases_hit, r->ncases);
        for (int ci = 0; r->ncases > 1 && ci < r->ncases; ci++) {
            fprintf(f, "<br><span class=\"%s\" title=\"first input: ", r->case_fired[ci] ? "case" : "case miss");
            html_str(f, r->case_first[ci] ? r->case_first[ci] : "none");
            fputs("\">", f);
            html_str(f, r->case_name[ci]);
            fprintf(f, " %llu</span>", (unsigned long long)r->case_fired[ci]);
        }
        if (r->cases_unbalanced) fputs("<br><span class=\"case miss\">cases add up to fewer than Fired</span>", f);
        fputs("</td>", f);
    } else fputs("<td class=\"muted\">&ndash;</td>", f);
    if (cd->have_lcov && !r->generic && r->lines) {
        fprintf(f, "<td class=\"n\">%d/%d", r->hit, r->lines); html_bar(f, r->hit, r->lines);
        if (r->branches) { fprintf(f, "</td><td class=\"n\">%d/%d", r->taken, r->branches); html_bar(f, r->taken, r->branches); }
        else fputs("</td><td class=\"n muted\">no branches", f);
        fputs("</td>", f);
    } else fputs("<td class=\"n muted\">&ndash;</td><td class=\"n muted\">&ndash;</td>", f);
    html_mutation(f, o, html_dir, game, r);
    fputs("<td class=\"code\">", f);
    html_code(f, cd, o, html_dir, r);
    fputs("</td><td class=\"first\">", f);
    if (r->first) {
        struct stat sb;
        if (stat(r->first, &sb) == 0 && S_ISREG(sb.st_mode)) {
            char href[PATH_MAX * 2], rec[PATH_MAX * 2];
            const game_engine *g = game_find(game);
            int as_record = g && first_record(html_dir, g, r->first, rec, sizeof rec) == 0;
            rf_site_rel(html_dir, as_record ? rec : r->first, href, sizeof href);
            fputs("<a href=\"", f); html_str(f, href);
            fputs(as_record ? "\" title=\"the input as a game record\">" : "\">", f);
            html_wrap(f, r->first); fputs("</a>", f);
            if (as_record) {
                rf_site_rel(html_dir, r->first, href, sizeof href);
                fputs(" <a class=\"muted\" href=\"", f); html_str(f, href); fputs("\" title=\"the input's bytes\">(bytes)</a>", f);
            }
        } else html_wrap(f, r->first);
    } else fputs("<span class=\"muted\">&ndash;</span>", f);
    fputs("</td></tr>\n", f);
}

static int cmp_status(const void *a, const void *b)
{
    const rf_crow *x = *(const rf_crow *const *)a, *y = *(const rf_crow *const *)b;
    if (x->status != y->status) return x->status - y->status;
    return x < y ? -1 : x > y;                     /* stable: registry order */
}

static int write_html(const char *path, const char *html_dir, const rf_code *cd, const rf_game_report *gr,
                      const rf_opts *o, char *err, size_t errlen)
{
    FILE *f = fopen(path, "w");
    if (!f) { rf_set_err(err, errlen, "%s: cannot write: %s", path, strerror(errno)); return -1; }
    /* the site's stylesheet and SPEC.html (written by rf_cov_command before any page) */
    const char *site = o->site ? o->site : html_dir;
    char specp[PATH_MAX + 16], spec[PATH_MAX * 2], title[256];
    snprintf(specp, sizeof specp, "%s/SPEC.html", site);
    int have_spec = access(specp, R_OK) == 0;
    if (have_spec) rf_site_spec_href(html_dir, site, NULL, spec, sizeof spec);
    snprintf(title, sizeof title, "Clause coverage: %s (%s)", gr->g->title, gr->g->name);
    rf_site_head(f, html_dir, site, title, NULL);
    fprintf(f, "<h1>Clause coverage: %s <span class=\"muted\">(%s)</span></h1>\n", gr->g->title, gr->g->name);
    fprintf(f, "<p class=\"sum\"><b>%d of %d clauses fired</b> (%.1f%%), <b>%d of their %d cases</b> (%.1f%%), %d violated",
            gr->fired, gr->total, gr->pct, gr->cases_fired, gr->cases, gr->cases_pct, gr->violated_clauses);
    if (cd->have_lcov)
        fprintf(f, "; enforcing code: <b>%d of %d lines run</b>, <b>%d of %d branches taken</b>", gr->hit, gr->lines,
                gr->taken, gr->branches);
    if (o->fail_under >= 0)
        fprintf(f, " <span class=\"gate %s\">gate --fail-under %g: %s</span>", gr->gate_failed ? "fail" : "pass",
                o->fail_under, gr->gate_failed ? "failed" : "passed");
    fputs("</p>\n<p class=\"sub\">Counts: ", f);
    for (int i = 0; i < o->ncounts; i++) { if (i) fputs(", ", f); html_str(f, o->counts[i]); }
    if (o->nlcov) {
        fputs(". Line and branch data: ", f);
        for (int i = 0; i < o->nlcov; i++) { if (i) fputs(", ", f); html_str(f, o->lcov[i]); }
        if (o->lcov_html) {
            char idx[PATH_MAX + 16], href[PATH_MAX * 2];
            snprintf(idx, sizeof idx, "%s/index.html", o->lcov_html);
            if (access(idx, R_OK) == 0) {
                rf_site_rel(html_dir, idx, href, sizeof href);
                fputs(" (<a href=\"", f); html_str(f, href); fputs("\">lcov report</a>)", f);
            }
        }
    } else fputs(". No line and branch data (run <code>make coverage</code>).", f);
    /* The question before this page: is every sentence of the rulebooks a clause? (textcov) */
    fprintf(f, " Rule-text coverage (every sentence of the rulebooks quoted by a clause or marked): "
               "<a href=\"../textcov/%s.html\">%s</a>.", gr->g->name, gr->g->name);
    fputs("</p>\n", f);
    const rf_crow **ord = malloc(sizeof *ord * ((size_t)gr->n + 1));
    if (!ord) { fclose(f); rf_set_err(err, errlen, "out of memory"); return -1; }
    int n = 0;
    for (int j = 0; j < gr->n; j++) if (!gr->row[j].generic) ord[n++] = &gr->row[j];
    qsort(ord, (size_t)n, sizeof *ord, cmp_status);
    fputs("<table class=\"wide\"><thead><tr><th>Clause</th><th>Status</th><th class=\"n\">Applied</th>"
          "<th class=\"n\">Fired</th><th class=\"n\">Violated</th>"
          "<th title=\"cases of the clause (SPEC.md) fired / cases\">Cases</th>"
          "<th class=\"n\">Lines run</th><th class=\"n\">Branches taken</th>", f);
    if (o->mutation) fputs("<th class=\"n\" title=\"mutants of the enforcing code killed (rulefuzz mutate)\">Mutants killed</th>", f);
    fputs("<th>Enforcing code</th><th>First input that fired it</th></tr></thead><tbody>\n", f);
    for (int j = 0; j < n; j++) html_row(f, cd, o, html_dir, have_spec ? spec : NULL, ord[j], gr->g->name);
    fputs("</tbody></table>\n<h2 id=\"conformance\">Conformance checks (shown, not gated)</h2>\n<table class=\"wide\"><thead><tr><th>Check</th>"
          "<th>Status</th><th class=\"n\">Applied</th><th class=\"n\">Fired</th>"
          "<th class=\"n\">Violated</th><th>Cases</th><th class=\"n\">Lines run</th>"
          "<th class=\"n\">Branches taken</th>", f);
    if (o->mutation) fputs("<th class=\"n\">Mutants killed</th>", f);
    fputs("<th>Enforcing code</th><th>First input that fired it</th></tr></thead><tbody>\n", f);
    for (int j = 0; j < gr->n; j++) if (gr->row[j].generic) html_row(f, cd, o, html_dir, have_spec ? spec : NULL, &gr->row[j], gr->g->name);
    free(ord);
    fputs("</tbody></table>\n<h2 id=\"legend\">How to read this page</h2><div class=\"legend\"><p>"
          "<b>Applied</b>: steps on which the clause's oracle judged a relevant move or state. "
          "<b>Fired</b>: times the rule actually took effect. <b>Violated</b>: times the engine disagreed with the "
          "oracle. The gate (<code>rulefuzz coverage --fail-under PCT</code>) counts the clauses that fired; "
          "conformance checks (GEN-) are shown but not counted.</p><p>"
          "<span class=\"violated\"><span class=\"st\">VIOLATED</span></span> an oracle found the engine breaking the rule. "
          "<span class=\"never-fired\"><span class=\"st\">NEVER FIRED</span></span> no input made the rule take effect. "
          "<span class=\"cases-missed\"><span class=\"st\">CASES</span></span> fired, but not in every case SPEC.md lists for it "
          "(the missed ones in red in the Cases column; a case's first input shows when you point at it). "
          "<span class=\"code-not-run\"><span class=\"st\">CODE NOT RUN</span></span> fired, but some enforcing line never ran. "
          "<span class=\"branches-missed\"><span class=\"st\">BRANCHES</span></span> every enforcing line ran, some branch never went one way. "
          "<span class=\"no-tagged-code\"><span class=\"st\">NO CODE</span></span> fired, but no line under rules/ is tagged with the ID. "
          "<span class=\"ok\"><span class=\"st\">ok</span></span> all of it.</p><p><b>Enforcing code.</b> ", f);
    html_str(f, enforcing_rule);
    fputs(" Each range links to its lines in the lcov report; red ranges hold a line that never ran.</p></div>\n"
          "</body></html>\n", f);
    if (fclose(f) != 0) { rf_set_err(err, errlen, "%s: cannot write: %s", path, strerror(errno)); return -1; }
    return 0;
}

static int write_html_index(const char *dir, const char *site, const rf_game_report *grs, int ng, char *err, size_t errlen)
{
    char path[PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/index.html", dir);
    FILE *f = fopen(path, "w");
    if (!f) { rf_set_err(err, errlen, "%s: cannot write: %s", path, strerror(errno)); return -1; }
    rf_site_head(f, dir, site, "Clause coverage", NULL);
    fputs("<h1>Clause coverage</h1><table><thead><tr><th>Game</th>"
          "<th class=\"n\">Clauses fired</th><th class=\"n\">Violated</th></tr></thead><tbody>\n", f);    for (int i = 0; i < ng; i++)
        fprintf(f, "<tr class=\"%s\"><td><a href=\"%s.html\">%s</a> (%s)</td><td class=\"n\">%d/%d</td><td class=\"n\">%d</td></tr>\n",
                grs[i].fired < grs[i].total ? "never-fired" : "ok", grs[i].g->name, grs[i].g->title, grs[i].g->name,
                grs[i].fired, grs[i].total, grs[i].violated_clauses);
    fputs("</tbody></table></body></html>\n", f);
    if (fclose(f) != 0) { rf_set_err(err, errlen, "%s: cannot write: %s", path, strerror(errno)); return -1; }
    return 0;
}

static int mkdir_p(const char *path)
{
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s", path);
    for (char *s = p + 1; *s; s++)
        if (*s == '/') { *s = 0; if (mkdir(p, 0755) && errno != EEXIST) return -1; *s = '/'; }
    return mkdir(p, 0755) && errno != EEXIST ? -1 : 0;
}

/* ---- the command ------------------------------------------------------------------------ */

int rf_cov_command(int argc, char **argv, FILE *out, FILE *errf)
{
    rf_opts o = {0};
    o.src_root = ".";
    o.fail_under = -1;
    o.cases_fail_under = -1;
    const char *game = NULL, *json = NULL, *html = NULL;
    int quiet = 0, src_given = 0;
    char err[RF_ERR_MAX] = "";
    o.counts = calloc((size_t)argc + 1, sizeof *o.counts);
    o.lcov = calloc((size_t)argc + 1, sizeof *o.lcov);
    int rc = RF_EXIT_BADINPUT;
    rf_cov acc = {0};
    rf_code cd;
    memset(&cd, 0, sizeof cd);
    rf_game_report *grs = NULL;
    int ng = 0;
#define USAGE(...) do { fprintf(errf, "rulefuzz coverage: "); fprintf(errf, __VA_ARGS__); \
                        fprintf(errf, " (see 'rulefuzz coverage --help')\n"); goto done; } while (0)
    if (!o.counts || !o.lcov) USAGE("out of memory");
    {
        rf_strlist counts = {{0}, 0}, lcovs = {{0}, 0};
        const char *jsonfile = NULL, **pos = calloc((size_t)argc + 1, sizeof *pos);
        int *after = calloc((size_t)argc + 1, sizeof *after), npos = 0, json_out = 0;
        if (!pos || !after) { free(pos); free(after); USAGE("out of memory"); }
        rf_opt op[] = {
            {"counts", RF_OPT_LIST, &counts, 0, 0, "FILE...", "clause counts files, merged (more files may follow)", NULL},
            {"lcov", RF_OPT_LIST, &lcovs, 0, 0, "FILE...", "lcov tracefiles of the enforcing code", NULL},
            {"lcov-html", RF_OPT_STR, &o.lcov_html, 0, 0, "DIR", "lcov's HTML, linked from the clause pages", NULL},
            {"mutation", RF_OPT_STR, &o.mutation, 0, 0, "DIR", "rulefuzz mutate's folder: each clause's mutation score", NULL},
            {"src-root", RF_OPT_STR, &o.src_root, 0, 0, "DIR", "where the sources are (.)", &src_given},
            {"json", RF_OPT_FLAG, &json_out, 0, 0, NULL, "the report as JSON on standard output", NULL},
            {"json-file", RF_OPT_STR, &jsonfile, 0, 0, "FILE", "the report as JSON into FILE", NULL},
            {"html", RF_OPT_STR, &html, 0, 0, "DIR", "an HTML page per game into DIR", NULL},
            {"site", RF_OPT_STR, &o.site, 0, 0, "DIR", "the report site the pages link: report.css and SPEC.html (default: --html)", NULL},
            {"fail-under", RF_OPT_DOUBLE, &o.fail_under, 0, 100, "PCT", "exit 1 naming every clause that never fired, below PCT", NULL},
            {"cases-fail-under", RF_OPT_DOUBLE, &o.cases_fail_under, 0, 100, "PCT", "the same for the cases of each clause", NULL},
            {"quiet", RF_OPT_FLAG, &quiet, 0, 0, NULL, "only the failures", NULL},
        };
        rf_cmd_spec cs = {"coverage", "[GAME]", "Clause and case coverage from counts files, tied to the enforcing code's lcov data.", 0, -1,
                          op, (int)(sizeof op / sizeof *op), after};
        int prc = rf_opts_parse_io(&cs, argc, argv, pos, argc + 1, &npos, out, errf);
        if (prc) { free(pos); free(after); rc = prc > 0 ? RF_EXIT_OK : RF_EXIT_BADINPUT; goto done; }
        if (json_out) json = "-";
        if (jsonfile) json = jsonfile;
        for (int i = 0; i < counts.n; i++) o.counts[o.ncounts++] = counts.v[i];
        for (int i = 0; i < lcovs.n; i++) o.lcov[o.nlcov++] = lcovs.v[i];
        for (int i = 0; i < npos; i++) {
            /* files that follow --counts or --lcov belong to it; the one other argument is the game */
            if (after[i] >= 0 && !strcmp(op[after[i]].name, "counts")) o.counts[o.ncounts++] = pos[i];
            else if (after[i] >= 0 && !strcmp(op[after[i]].name, "lcov")) o.lcov[o.nlcov++] = pos[i];
            else if (json_out && strlen(pos[i]) > 5 && !strcmp(pos[i] + strlen(pos[i]) - 5, ".json")) {
                rf_opts_fail_io(errf, &cs, "--json is a switch (JSON on standard output); write a file with --json-file %s", pos[i]);
                free(pos); free(after); goto done;
            } else if (!game) game = pos[i];
            else { rf_opts_fail_io(errf, &cs, "takes one game, not also '%s' (files follow --counts or --lcov)", pos[i]); free(pos); free(after); goto done; }
        }
        free(pos);
        free(after);
    }
    if (!o.ncounts) USAGE("coverage needs --counts FILE...");
    if (game && !game_find(game)) {
        fprintf(errf, "rulefuzz: unknown game '%s' (games:", game);
        for (int i = 0; game_engines[i]; i++) fprintf(errf, " %s", game_engines[i]->name);
        fprintf(errf, ")\n");
        goto done;
    }
    if (game && !inv_game_find(game)) { fprintf(errf, "rulefuzz: %s has no oracles\n", game); goto done; }
    for (int i = 0; i < o.ncounts; i++) {
        rf_cov one = {0};
        if (rf_cov_read(&one, o.counts[i], err, sizeof err) != RF_EXIT_OK) { fprintf(errf, "rulefuzz: %s\n", err); rf_cov_free(&one); goto done; }
        for (int k = 0; game && k < one.n; k++)
            if (strcmp(one.row[k].game, game)) {
                fprintf(errf, "rulefuzz coverage: %s holds counts of %s, not of %s (give the game's own counts, or no game)\n",
                        o.counts[i], one.row[k].game, game);
                rf_cov_free(&one);
                goto done;
            }
        int mrc = rf_cov_merge(&acc, &one, err, sizeof err);
        rf_cov_free(&one);
        if (mrc) { fprintf(errf, "rulefuzz: %s: %s\n", o.counts[i], err); goto done; }
    }
    if (code_init(&cd) || code_scan(&cd, o.src_root, src_given, err, sizeof err)) { fprintf(errf, "rulefuzz: %s\n", err[0] ? err : "out of memory"); goto done; }
    cd.have_lcov = o.nlcov > 0;
    if (cd.have_lcov && !cd.scanned) { fprintf(errf, "rulefuzz: --lcov needs the sources: no rules/ folder in %s (--src-root)\n", o.src_root); goto done; }
    for (int i = 0; i < o.nlcov; i++)
        if (lcov_read(&cd, o.lcov[i], err, sizeof err) != RF_EXIT_OK) { fprintf(errf, "rulefuzz: %s\n", err); goto done; }
    /* The games: the one asked for, else every game with oracles that the counts mention
     * (every game with oracles when they mention none). */
    int cap = 0;
    for (int gi = 0; game_engines[gi]; gi++) cap++;
    grs = calloc((size_t)cap + 1, sizeof *grs);
    if (!grs) USAGE("out of memory");
    int any = 0;
    for (int gi = 0; game_engines[gi]; gi++)
        for (int i = 0; i < acc.n && !any; i++) any = !strcmp(acc.row[i].game, game_engines[gi]->name) && inv_game_find(game_engines[gi]->name);
    for (int gi = 0; game_engines[gi]; gi++) {
        const game_engine *g = game_engines[gi];
        if (game ? strcmp(game, g->name) != 0 : !inv_game_find(g->name)) continue;
        int mentioned = 0;
        for (int i = 0; i < acc.n && !mentioned; i++) mentioned = !strcmp(acc.row[i].game, g->name);
        if (!game && any && !mentioned) continue;
        if (build_report(&cd, &acc, g, &o, &grs[ng])) USAGE("out of memory");
        ng++;
    }
    for (int i = 0; i < ng; i++) {
        if (!quiet && !(json && !strcmp(json, "-"))) { print_table(out, &cd, &grs[i], &o); fputc('\n', out); }
        fflush(out);
        if (!grs[i].has_counts) fprintf(errf, "rulefuzz: warning: no counts for %s in the counts files\n", grs[i].g->name);
    }
    if (json) {
        FILE *jf = strcmp(json, "-") ? fopen(json, "w") : out;
        if (!jf) { fprintf(errf, "rulefuzz: %s: cannot write: %s\n", json, strerror(errno)); goto done; }
        write_json(jf, &cd, grs, ng, &o);
        if (jf != out && fclose(jf) != 0) { fprintf(errf, "rulefuzz: %s: cannot write: %s\n", json, strerror(errno)); goto done; }
    }
    if (html) {
        if (mkdir_p(html)) { fprintf(errf, "rulefuzz: %s: cannot create folder: %s\n", html, strerror(errno)); goto done; }
        if (rf_site_write(o.site ? o.site : html, o.src_root, err, sizeof err)) { fprintf(errf, "rulefuzz: %s\n", err); goto done; }
        for (int i = 0; i < ng; i++) {
            char path[PATH_MAX + 64];
            snprintf(path, sizeof path, "%s/%s.html", html, grs[i].g->name);
            first_records_clear(html, grs[i].g->name);
            if (write_html(path, html, &cd, &grs[i], &o, err, sizeof err)) { fprintf(errf, "rulefuzz: %s\n", err); goto done; }
        }
        if (write_html_index(html, o.site ? o.site : html, grs, ng, err, sizeof err)) { fprintf(errf, "rulefuzz: %s\n", err); goto done; }
    }
    rc = RF_EXIT_OK;
    fflush(out);                                 /* the table before the verdict on errf */
    if (o.fail_under >= 0)
        for (int i = 0; i < ng; i++) {
            const rf_game_report *gr = &grs[i];
            if (!gr->gate_failed) {
                fprintf(out, "clause coverage gate: %s: %d of %d clauses fired (%.1f%%), at least %g%%: passed\n",
                        gr->g->name, gr->fired, gr->total, gr->pct, o.fail_under);
                continue;
            }
            rc = RF_EXIT_VIOLATION;
            fprintf(errf, "clause coverage gate: %s: %d of %d clauses fired (%.1f%%), under --fail-under %g: FAILED\n",
                    gr->g->name, gr->fired, gr->total, gr->pct, o.fail_under);
            for (int j = 0; j < gr->n; j++)
                if (!gr->row[j].generic && !gr->row[j].fired) fprintf(errf, "%s never fired\n", gr->row[j].id);
        }
    if (o.cases_fail_under >= 0)
        for (int i = 0; i < ng; i++) {
            const rf_game_report *gr = &grs[i];
            if (!gr->cases_gate_failed) {
                fprintf(out, "case coverage gate: %s: %d of %d cases fired (%.1f%%), at least %g%%: passed\n",
                        gr->g->name, gr->cases_fired, gr->cases, gr->cases_pct, o.cases_fail_under);
                continue;
            }
            rc = RF_EXIT_VIOLATION;
            fprintf(errf, "case coverage gate: %s: %d of %d cases fired (%.1f%%), under --cases-fail-under %g: FAILED\n",
                    gr->g->name, gr->cases_fired, gr->cases, gr->cases_pct, o.cases_fail_under);
            for (int j = 0; j < gr->n; j++) {
                const rf_crow *r = &gr->row[j];
                if (r->generic) continue;
                for (int ci = 0; ci < r->ncases; ci++)
                    if (!r->case_fired[ci]) fprintf(errf, "%s/%s never fired\n", r->id, r->case_name[ci]);
                if (r->cases_unbalanced)
                    fprintf(errf, "%s fired on %llu steps but its cases add up to fewer (an oracle fires it "
                            "without naming the case)\n", r->id, (unsigned long long)r->fired);
            }
        }
done:
#undef USAGE
    for (int i = 0; grs && i < ng; i++) free(grs[i].row);
    free(grs);
    code_free(&cd);
    rf_cov_free(&acc);
    free(o.counts);
    free(o.lcov);
    return rc;
}
