/* counts.c: clause counts files and their accumulator: add, merge, parse, print, atomic write,
 * locked update (counts.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include "counts.h"
#include "../records/record.h"

void rf_set_err(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && n) vsnprintf(err, n, fmt, ap);
    va_end(ap);
}

char *rf_dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

int rf_grow(void *v, int *cap, int need, size_t size)
{
    if (need <= *cap) return 0;
    int nc = *cap ? *cap : 16;
    while (nc < need) nc *= 2;
    void *nv = realloc(*(void **)v, size * (size_t)nc);
    if (!nv) return -1;
    *(void **)v = nv;
    *cap = nc;
    return 0;
}

/* ==== Counts: accumulator, merge, file format ===================================== */

void rf_cov_init(rf_cov *a) { memset(a, 0, sizeof *a); }

void rf_cov_free(rf_cov *a)
{
    for (int i = 0; i < a->n; i++) {
        free(a->row[i].game);
        free(a->row[i].clause);
        free(a->row[i].first);
    }
    free(a->row);
    rf_cov_init(a);
}

/* Index of (game, clause), searching from the hint (callers add clauses in a fixed order). */
static int find_row(const rf_cov *a, const char *game, const char *clause)
{
    for (int j = 0; j < a->n; j++) {
        int i = (a->hint + j) % a->n;
        if (!strcmp(a->row[i].clause, clause) && !strcmp(a->row[i].game, game)) return i;
    }
    return -1;
}

const rf_cov_row *rf_cov_find(const rf_cov *a, const char *game, const char *clause)
{
    int i = a->n ? find_row(a, game, clause) : -1;
    return i < 0 ? NULL : &a->row[i];
}

/* The row of (game, clause), appended (zero counters) when missing; -1 out of memory. */
static int row_of(rf_cov *a, const char *game, const char *clause)
{
    int i = a->n ? find_row(a, game, clause) : -1;
    if (i < 0) {
        if (rf_grow(&a->row, &a->cap, a->n + 1, sizeof *a->row)) return -1;
        rf_cov_row *r = &a->row[a->n];
        memset(r, 0, sizeof *r);
        r->game = rf_dup_str(game);
        r->clause = rf_dup_str(clause);
        if (!r->game || !r->clause) { free(r->game); free(r->clause); return -1; }
        i = a->n++;
    }
    a->hint = (i + 1) % a->n;
    return i;
}

/* *x += v, saturating; 1 when it saturated. */
static int add_u64(uint64_t *x, uint64_t v)
{
    if (*x > UINT64_MAX - v) { *x = UINT64_MAX; return 1; }
    *x += v;
    return 0;
}

int rf_cov_add(rf_cov *a, const inv_ctx *c, const char *input_label)
{
    for (int k = 0; k < c->n; k++) {
        const inv_count *n = &c->count[k];
        int i = row_of(a, c->g->name, c->clause[k]->id);
        if (i < 0) return -1;
        rf_cov_row *r = &a->row[i];
        if (r->fired == 0 && n->fired > 0 && input_label && !r->first) {
            r->first = rf_dup_str(input_label);
            if (!r->first) return -1;
        }
        add_u64(&r->applied, n->applied);
        add_u64(&r->fired, n->fired);
        add_u64(&r->violated, n->violated);
        /* its cases: rows "ID/case", the case's firings in `fired` */
        const inv_clause *cl = c->clause[k];
        int nc = inv_n_cases(cl);
        for (int ci = 0; ci < nc; ci++) {
            char key[96], nm[INV_CASE_NAME_MAX];
            inv_case_name(cl, ci, nm, sizeof nm);
            snprintf(key, sizeof key, "%s/%s", cl->id, nm);
            uint64_t f = inv_case_count(cl, n, ci);
            i = row_of(a, c->g->name, key);
            if (i < 0) return -1;
            r = &a->row[i];
            if (r->fired == 0 && f > 0 && input_label && !r->first) {
                r->first = rf_dup_str(input_label);
                if (!r->first) return -1;
            }
            add_u64(&r->fired, f);
        }
    }
    return 0;
}

int rf_cov_merge(rf_cov *a, const rf_cov *b, char *err, size_t errlen)
{
    /* Check every sum first, so a failed merge leaves a as it was. */
    for (int j = 0; j < b->n; j++) {
        const rf_cov_row *r = &b->row[j], *x = rf_cov_find(a, r->game, r->clause);
        if (x && (x->applied > UINT64_MAX - r->applied || x->fired > UINT64_MAX - r->fired ||
                  x->violated > UINT64_MAX - r->violated)) {
            rf_set_err(err, errlen, "counts of %s %s pass 2^64-1 when added", r->game, r->clause);
            return -1;
        }
    }
    for (int j = 0; j < b->n; j++) {
        const rf_cov_row *r = &b->row[j];
        int i = row_of(a, r->game, r->clause);
        if (i < 0) { rf_set_err(err, errlen, "out of memory"); return -1; }
        rf_cov_row *x = &a->row[i];
        if (x->fired == 0 && r->fired > 0 && r->first && !x->first) {
            x->first = rf_dup_str(r->first);
            if (!x->first) { rf_set_err(err, errlen, "out of memory"); return -1; }
        }
        x->applied += r->applied;
        x->fired += r->fired;
        x->violated += r->violated;
    }
    return 0;
}

static int parse_u64(const char *s, uint64_t *v)
{
    uint64_t x = 0;
    if (!*s) return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return -1;
        unsigned d = (unsigned)(*s - '0');
        if (x > (UINT64_MAX - d) / 10) return -1;
        x = x * 10 + d;
    }
    *v = x;
    return 0;
}

static int name_ok(const char *s, const char *extra)
{
    if (!*s || strlen(s) > 63) return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || strchr(extra, *s)))
            return 0;
    return 1;
}

/* Undo the label escapes in place; returns the offending character or 0. */
static int unescape(char *s)
{
    char *w = s;
    for (char *r = s; *r; r++) {
        if (*r != '\\') { *w++ = *r; continue; }
        switch (r[1]) {
        case '\\': *w++ = '\\'; break;
        case 't': *w++ = '\t'; break;
        case 'n': *w++ = '\n'; break;
        case 'r': *w++ = '\r'; break;
        default: return r[1] ? r[1] : '\\';
        }
        r++;
    }
    *w = 0;
    return 0;
}

/* A row a counts file may hold: a game rulefuzz knows, one of its clauses (its oracles' or a generic
 * one), or one of that clause's cases ("ID/case"). 0 ok, else what is wrong in m. */
static int row_known(const char *game, const char *clause, uint64_t applied, char *m, size_t n)
{
    const game_engine *g = game_find(game);
    const inv_game *og = inv_game_find(game);
    if (!g || !og) { snprintf(m, n, "unknown game '%.40s'", game); return -1; }
    const char *slash = strchr(clause, '/');
    size_t idlen = slash ? (size_t)(slash - clause) : strlen(clause);
    const inv_clause *cl = NULL;
    for (int i = 0; i < inv_n_generic && !cl; i++)
        if (strlen(inv_generic_clauses[i].id) == idlen && !strncmp(inv_generic_clauses[i].id, clause, idlen)) cl = &inv_generic_clauses[i];
    for (int i = 0; i < og->n_clauses && !cl; i++)
        if (strlen(og->clauses[i].id) == idlen && !strncmp(og->clauses[i].id, clause, idlen)) cl = &og->clauses[i];
    if (!cl) { snprintf(m, n, "unknown clause '%.*s' for %s", (int)(idlen < 60 ? idlen : 60), clause, game); return -1; }
    if (!slash) return 0;
    if (applied) { snprintf(m, n, "case row %.60s counts %llu applications (a case row counts firings only)", clause, (unsigned long long)applied); return -1; }
    for (int ci = 0; ci < inv_n_cases(cl); ci++) {
        char nm[INV_CASE_NAME_MAX];
        inv_case_name(cl, ci, nm, sizeof nm);
        if (!strcmp(nm, slash + 1)) return 0;
    }
    snprintf(m, n, "unknown case '%.40s' of %s", slash + 1, cl->id);
    return -1;
}

int rf_cov_parse(rf_cov *a, const char *fname, const char *text, size_t len, char *err, size_t errlen)
{
    rf_cov t = {0};
    int *at = NULL, atcap = 0;      /* line of each row of t, for duplicate messages */
    char *buf = NULL;
    int line = 0, rc = RF_EXIT_BADINPUT;
    size_t pos = 0;
    static const char *const field[] = {"game", "clause", "applied", "fired", "violated", "first-input"};
#define FAIL(...) do { char m_[256]; snprintf(m_, sizeof m_, __VA_ARGS__); \
                       rf_set_err(err, errlen, "%s:%d: %s", fname, line, m_); goto done; } while (0)
    if (len == 0) { line = 1; FAIL("empty file, expected '%s'", RF_COV_HEADER); }
    while (pos < len) {
        line++;
        const char *s = text + pos, *nl = memchr(s, '\n', len - pos);
        if (!nl) FAIL("last line is cut short (no newline at its end): truncated file?");
        size_t n = (size_t)(nl - s);
        pos += n + 1;
        if (memchr(s, 0, n)) FAIL("NUL byte in the line");
        if (n && s[n - 1] == '\r') n--;
        free(buf);
        if (!(buf = malloc(n + 1))) FAIL("out of memory");
        memcpy(buf, s, n);
        buf[n] = 0;
        if (line == 1) {
            if (!strcmp(buf, RF_COV_HEADER)) continue;
            if (!strncmp(buf, "# rulefuzz clause counts ", 25))
                FAIL("counts format '%.20s' is not supported (this rulefuzz reads v1)", buf + 25);
            FAIL("not a rulefuzz counts file (the first line must be '%s')", RF_COV_HEADER);
        }
        if (n == 0 || buf[0] == '#') continue;
        char *f[6];
        int nf = 0;
        for (char *p = buf;; ) {
            char *tab = strchr(p, '\t');
            if (nf < 6) f[nf] = p;
            nf++;
            if (!tab) break;
            *tab = 0;
            p = tab + 1;
        }
        if (nf != 6)
            FAIL("expected 6 tab-separated fields (game, clause, applied, fired, violated, first-input), found %d", nf);
        if (!name_ok(f[0], "_")) FAIL("bad game name '%.40s'", f[0]);
        if (!name_ok(f[1], "-/")) FAIL("bad clause ID '%.40s'", f[1]);
        uint64_t v[3];
        for (int i = 0; i < 3; i++)
            if (parse_u64(f[2 + i], &v[i])) FAIL("%s count '%.30s' is not a number", field[2 + i], f[2 + i]);
        int bad = unescape(f[5]);
        if (bad) FAIL("bad escape '\\%c' in first-input", bad);
        if (v[1] == 0 && f[5][0]) FAIL("first-input given for %s, which never fired", f[1]);
        {
            char m[200];
            if (row_known(f[0], f[1], v[0], m, sizeof m)) FAIL("%s", m);
        }
        const char *slash = strchr(f[1], '/');
        if (!slash && v[1] > v[0])
            FAIL("%s fired on %llu steps but judged only %llu: a clause fires at most once on a step it judges", f[1],
                 (unsigned long long)v[1], (unsigned long long)v[0]);
        if (slash) {                               /* a case comes up on steps its clause fired on */
            char id[128];
            snprintf(id, sizeof id, "%.*s", (int)(slash - f[1] < 127 ? slash - f[1] : 127), f[1]);
            int cl = find_row(&t, f[0], id);
            if (cl >= 0 && v[1] > t.row[cl].fired)
                FAIL("case %s fired on %llu steps, more than its clause (%llu, line %d)", f[1], (unsigned long long)v[1],
                     (unsigned long long)t.row[cl].fired, at[cl]);
        }
        int dup = find_row(&t, f[0], f[1]);
        if (t.n && dup >= 0) FAIL("%s %s is already counted on line %d", f[0], f[1], at[dup]);
        int i = row_of(&t, f[0], f[1]);
        if (i < 0 || rf_grow(&at, &atcap, t.n, sizeof *at)) FAIL("out of memory");
        at[i] = line;
        t.row[i].applied = v[0];
        t.row[i].fired = v[1];
        t.row[i].violated = v[2];
        if (f[5][0] && !(t.row[i].first = rf_dup_str(f[5]))) FAIL("out of memory");
    }
    if (line == 0) { line = 1; FAIL("empty file, expected '%s'", RF_COV_HEADER); }
    {
        char m[256];
        if (rf_cov_merge(a, &t, m, sizeof m)) { rf_set_err(err, errlen, "%s: %s", fname, m); goto done; }
    }
    rc = RF_EXIT_OK;
done:
#undef FAIL
    free(buf);
    free(at);
    rf_cov_free(&t);
    return rc;
}

int rf_cov_read(rf_cov *a, const char *path, char *err, size_t errlen)
{
    size_t len;
    if (err && errlen) err[0] = 0;
    char *text = rf_read_file(path, &len, err, errlen);
    if (!text) return RF_EXIT_BADINPUT;
    int rc = rf_cov_parse(a, path, text, len, err, errlen);
    free(text);
    return rc;
}

int rf_cov_check_file(const char *path, char *err, size_t errlen)
{
    struct stat sb;
    if (stat(path, &sb) != 0 && errno == ENOENT) return RF_EXIT_OK;
    rf_cov t = {0};
    int rc = rf_cov_read(&t, path, err, errlen);
    rf_cov_free(&t);
    return rc;
}

static void put_label(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '\\') fputs("\\\\", f);
        else if (*s == '\t') fputs("\\t", f);
        else if (*s == '\n') fputs("\\n", f);
        else if (*s == '\r') fputs("\\r", f);
        else fputc(*s, f);
    }
}

/* Folder part of a path ("." when it has none). */
static void dir_of(const char *path, char *out, size_t n)
{
    const char *slash = strrchr(path, '/');
    if (!slash) snprintf(out, n, ".");
    else if (slash == path) snprintf(out, n, "/");
    else snprintf(out, n, "%.*s", (int)(slash - path), path);
}

void rf_cov_print(FILE *f, const rf_cov *a)
{
    fprintf(f, "%s\n# game\tclause\tapplied\tfired\tviolated\tfirst-input\n", RF_COV_HEADER);
    for (int i = 0; i < a->n; i++) {
        const rf_cov_row *r = &a->row[i];
        fprintf(f, "%s\t%s\t%llu\t%llu\t%llu\t", r->game, r->clause, (unsigned long long)r->applied,
                (unsigned long long)r->fired, (unsigned long long)r->violated);
        put_label(f, r->first);
        fputc('\n', f);
    }
}

int rf_cov_write(const rf_cov *a, const char *path, char *err, size_t errlen)
{
    char tmp[PATH_MAX + 64], dir[PATH_MAX];
    if (snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid()) >= (int)sizeof tmp) {
        rf_set_err(err, errlen, "%s: path too long", path);
        return -1;
    }
    FILE *f = fopen(tmp, "w");
    if (!f) { rf_set_err(err, errlen, "%s: cannot write %s: %s", path, tmp, strerror(errno)); return -1; }
    rf_cov_print(f, a);
    int bad = fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0;
    int e = errno;
    if (fclose(f) != 0 && !bad) { bad = 1; e = errno; }
    if (bad || rename(tmp, path) != 0) {
        if (!bad) e = errno;
        remove(tmp);
        rf_set_err(err, errlen, "%s: cannot write: %s", path, strerror(e));
        return -1;
    }
    dir_of(path, dir, sizeof dir);
    int dfd = open(dir, O_RDONLY | O_DIRECTORY);
    if (dfd >= 0) { fsync(dfd); close(dfd); }       /* the rename itself reaches the disk */
    return 0;
}

int rf_cov_update_file(const char *path, const rf_cov *add, char *err, size_t errlen)
{
    char dir[PATH_MAX];
    dir_of(path, dir, sizeof dir);
    int dfd = open(dir, O_RDONLY | O_DIRECTORY);
    if (dfd < 0) { rf_set_err(err, errlen, "%s: cannot open its folder %s: %s", path, dir, strerror(errno)); return RF_EXIT_BADINPUT; }
    if (flock(dfd, LOCK_EX) != 0) {
        rf_set_err(err, errlen, "%s: cannot lock folder %s: %s", path, dir, strerror(errno));
        close(dfd);
        return RF_EXIT_BADINPUT;
    }
    rf_cov cur = {0};
    struct stat sb;
    int rc = RF_EXIT_OK;
    if (stat(path, &sb) == 0) rc = rf_cov_read(&cur, path, err, errlen);
    else if (errno != ENOENT) { rf_set_err(err, errlen, "%s: %s", path, strerror(errno)); rc = RF_EXIT_BADINPUT; }
    if (rc == RF_EXIT_OK) {
        char m[256];
        if (rf_cov_merge(&cur, add, m, sizeof m)) { rf_set_err(err, errlen, "%s: %s", path, m); rc = RF_EXIT_BADINPUT; }
        else if (rf_cov_write(&cur, path, err, errlen)) rc = RF_EXIT_BADINPUT;
    }
    rf_cov_free(&cur);
    flock(dfd, LOCK_UN);
    close(dfd);
    return rc;
}

