/* textcov.c: rule-text coverage: split rulebooks into sentences, match SPEC.md's quotes and the
 * not-a-rule marks against them, report what no clause, register entry or mark covers (tc_ prefix). */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "textcov.h"

const char *const tc_status_name[TC_NSTATUS] = {"uncovered", "marked", "register", "clause"};

#define TC_EXIT_GATE 1
#define TC_REPEAT_MIN 24
#define TC_EXIT_BAD  2

static void set_err(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void set_err(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
}

static char *read_all(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) { set_err(err, errlen, "%s: cannot read: %s", path, strerror(errno)); return NULL; }
    size_t cap = 1 << 16, n = 0;
    char *b = malloc(cap);
    while (b) {
        if (n + 1 >= cap) { char *nb = realloc(b, cap *= 2); if (!nb) { free(b); b = NULL; break; } b = nb; }
        size_t got = fread(b + n, 1, cap - n - 1, f);
        if (got == 0) break;
        n += got;
    }
    int bad = ferror(f);
    fclose(f);
    if (!b || bad) { free(b); set_err(err, errlen, "%s: cannot read", path); return NULL; }
    if (memchr(b, 0, n)) { free(b); set_err(err, errlen, "%s: not a text file (NUL byte)", path); return NULL; }
    b[n] = 0;
    *len = n;
    return b;
}

static int add_error(tc_report *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int add_error(tc_report *r, const char *fmt, ...)
{
    if (r->nerror == r->errors_cap) {
        int cap = r->errors_cap ? r->errors_cap * 2 : 16;
        char **e = realloc(r->error, sizeof *e * (size_t)cap);
        if (!e) return -1;
        r->error = e; r->errors_cap = cap;
    }
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (!(r->error[r->nerror] = strdup(buf))) return -1;
    r->nerror++;
    return 0;
}

/* ---- units ------------------------------------------------------------------------------- */

static int is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
static int is_alnum(unsigned char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0xC0; }

/* A sentence can start here: a capital (ASCII or Latin-1 in UTF-8), a digit, an opening quote,
 * a bracket or a list mark. */
static int starts_sentence(const unsigned char *p)
{
    if ((*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("\"'([*-", *p)) return *p != 0;
    if (p[0] == 0xC3 && p[1] >= 0x80 && p[1] <= 0x9E) return 1;                     /* À..Þ */
    if (p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0x9C || p[2] == 0x9E || p[2] == 0x98)) return 1; /* “ „ ‘ */
    if (p[0] == 0xC2 && p[1] == 0xAB) return 1;                                     /* « */
    return 0;
}

/* Bytes of a closing mark at p (quote, bracket, bold), 0 if none. */
static int closing_len(const unsigned char *p)
{
    if (strchr("\"')]*", *p) && *p) return 1;
    if (p[0] == 0xC2 && p[1] == 0xBB) return 2;                                     /* » */
    if (p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0x9D || p[2] == 0x9C || p[2] == 0x99)) return 3; /* ” “ ’ */
    return 0;
}

/* The word before a period (b[ws..dot), in a unit starting at us) that ends no sentence: a
 * single letter ("z. B.", "c."), a list number or letter opening the unit ("1.", "A."), or a
 * common abbreviation of the texts' languages. */
static int is_abbrev(const char *b, size_t us, size_t ws, size_t dot)
{
    static const char *const abbr[] = {"ca", "bzw", "Nr", "nr", "resp", "bijv", "enz", "evt", "usw", "vgl",
                                       "inkl", "Abb", "blz", "etc", "p", "Dr", "Mr", "St", "max", "min", "env", NULL};
    size_t n = dot - ws;
    if (n == 0) return 0;
    if (n <= 2) {
        int all = 1;
        for (size_t i = ws; i < dot; i++) if (!is_alnum((unsigned char)b[i]) || (unsigned char)b[i] >= 0x80) all = 0;
        if (all && ((n == 1 && !(b[ws] >= '0' && b[ws] <= '9')) || ws == us)) return 1;
    }
    for (int i = 0; abbr[i]; i++) if (strlen(abbr[i]) == n && memcmp(b + ws, abbr[i], n) == 0) return 1;
    return 0;
}

static int push_unit(tc_text *t, int *cap, int line, size_t off, size_t end)
{
    while (end > off && is_space((unsigned char)t->buf[end - 1])) end--;
    int alnum = 0;
    for (size_t i = off; i < end; i++) if (is_alnum((unsigned char)t->buf[i])) alnum = 1;
    if (!alnum) return 0;                          /* a rule line "|---|", a lone "*": no unit */
    if (t->nu == *cap) {
        int nc = *cap ? *cap * 2 : 128;
        tc_unit *u = realloc(t->u, sizeof *u * (size_t)nc);
        if (!u) return -1;
        t->u = u; *cap = nc;
    }
    tc_unit *u = &t->u[t->nu];
    memset(u, 0, sizeof *u);
    u->line = line; u->off = off; u->len = end - off; u->mark = -1;
    for (size_t i = off; i < end; i++) t->unit_of[i] = t->nu;
    t->nu++;
    return 0;
}

int tc_split(tc_text *t)
{
    int cap = 0;
    const char *b = t->buf;
    free(t->u); free(t->unit_of); free(t->norm); free(t->norm_off);
    t->u = NULL; t->nu = 0;
    t->unit_of = malloc(sizeof *t->unit_of * (t->len + 1));
    t->norm = malloc(t->len + 1);
    t->norm_off = malloc(sizeof *t->norm_off * (t->len + 1));
    if (!t->unit_of || !t->norm || !t->norm_off) return -1;
    for (size_t i = 0; i <= t->len; i++) t->unit_of[i] = -1;
    /* Units: every line is at least one unit (the texts hold one paragraph, list item or table
     * row per line); a line splits further after . ! ? (closing marks allowed) followed by
     * white space and a sentence start, unless the word before the period is an abbreviation. */
    int line = 1;
    for (size_t ls = 0; ls < t->len; line++) {
        size_t le = ls;
        while (le < t->len && b[le] != '\n') le++;
        size_t s = ls;
        while (s < le && is_space((unsigned char)b[s])) s++;
        size_t us = s;
        for (size_t i = s; i < le; i++) {
            if (b[i] != '.' && b[i] != '!' && b[i] != '?') continue;
            size_t j = i + 1;
            while (j < le && (b[j] == '.' || b[j] == '!' || b[j] == '?')) j++;
            int cl;
            while (j < le && (cl = closing_len((const unsigned char *)b + j)) > 0) j += (size_t)cl;
            if (j >= le || !is_space((unsigned char)b[j])) continue;
            size_t k = j;
            while (k < le && is_space((unsigned char)b[k])) k++;
            if (k >= le || !starts_sentence((const unsigned char *)b + k)) continue;
            if (b[i] == '.' && j == i + 1) {
                size_t ws = i;
                while (ws > us && !is_space((unsigned char)b[ws - 1]) && b[ws - 1] != '(') ws--;
                if (is_abbrev(b, us, ws, i)) continue;
            }
            if (push_unit(t, &cap, line, us, j)) return -1;
            us = k;
            i = k - 1;
        }
        if (us < le && push_unit(t, &cap, line, us, le)) return -1;
        ls = le + 1;
    }
    /* The folded text: every white-space run is one space, with each byte's origin. */
    size_t n = 0;
    int sp = 1;
    for (size_t i = 0; i < t->len; i++) {
        if (is_space((unsigned char)b[i])) { if (!sp) { t->norm_off[n] = i; t->norm[n++] = ' '; sp = 1; } continue; }
        t->norm_off[n] = i; t->norm[n++] = b[i]; sp = 0;
    }
    while (n > 0 && t->norm[n - 1] == ' ') n--;
    t->norm[n] = 0;
    t->nlen = n;
    return 0;
}

/* ---- quotes and marks --------------------------------------------------------------------- */

/* Fold white space in s[0..n) into out (NUL-terminated, trimmed). */
static void fold(const char *s, size_t n, char *out, size_t cap)
{
    size_t o = 0;
    int sp = 1;
    for (size_t i = 0; i < n && o + 1 < cap; i++) {
        if (is_space((unsigned char)s[i])) { if (!sp) { out[o++] = ' '; sp = 1; } continue; }
        out[o++] = s[i]; sp = 0;
    }
    while (o > 0 && out[o - 1] == ' ') o--;
    out[o] = 0;
}

/* Next elision mark ("…" or "...") in s[0..n), its offset and length; -1 when none. */
static long elision(const char *s, size_t n, size_t *ml)
{
    for (size_t i = 0; i < n; i++) {
        if (i + 3 <= n && (unsigned char)s[i] == 0xE2 && (unsigned char)s[i + 1] == 0x80 && (unsigned char)s[i + 2] == 0xA6) { *ml = 3; return (long)i; }
        if (i + 3 <= n && s[i] == '.' && s[i + 1] == '.' && s[i + 2] == '.') { *ml = 3; return (long)i; }
    }
    return -1;
}

/* Apply covering status st to every unit under norm[pos, pos+len). */
static void cover(tc_text *t, size_t pos, size_t len, int st, int entry, int mark)
{
    int last = -1;
    for (size_t p = pos; p < pos + len; p++) {
        int ui = t->unit_of[t->norm_off[p]];
        if (ui < 0 || ui == last) continue;
        last = ui;
        tc_unit *u = &t->u[ui];
        if (st > u->status) u->status = st;
        if (mark >= 0 && u->mark < 0) u->mark = mark;
        if (entry >= 0) {
            int have = 0;
            for (int k = 0; k < u->nref; k++) if (u->ref[k] == entry) have = 1;
            if (!have && u->nref < TC_MAX_REFS) u->ref[u->nref++] = entry;
        }
    }
}

/* Find every fragment of one quote (elisions split it) in t, in order where possible. Calls
 * cover for each; returns the number of fragments that matched nothing (first one in *missing). */
static int match_quote(tc_text *t, const char *q, size_t qn, int st, int entry, int mark, size_t *fromp,
                       int *nfrag, char *missing, size_t misslen)
{
    int bad = 0;
    size_t from = *fromp;
    *nfrag = 0;
    while (qn > 0) {
        size_t ml = 0;
        long e = elision(q, qn, &ml);
        size_t fl = e < 0 ? qn : (size_t)e;
        char frag[4096];
        fold(q, fl, frag, sizeof frag);
        if (frag[0]) {
            (*nfrag)++;
            size_t flen = strlen(frag);
            const char *hit = from <= t->nlen ? strstr(t->norm + from, frag) : NULL;
            if (!hit) hit = strstr(t->norm, frag);
            if (hit) {
                size_t pos = (size_t)(hit - t->norm);
                cover(t, pos, flen, st, entry, mark);
                from = pos + flen;
                /* A sentence the text repeats word for word (a rule restated in the final
                 * scoring) is the same rule: a fragment of TC_REPEAT_MIN bytes or more covers
                 * every place it stands, and so does a mark (a repeated heading); a shorter
                 * quote only its first place after the bullet's previous fragment. */
                for (const char *h2 = flen >= TC_REPEAT_MIN || mark >= 0 ? strstr(t->norm, frag) : NULL; h2; h2 = strstr(h2 + 1, frag))
                    if (h2 != hit) cover(t, (size_t)(h2 - t->norm), flen, st, entry, mark);
            } else if (bad++ == 0) snprintf(missing, misslen, "%s", frag);
        }
        if (e < 0) break;
        q += fl + ml; qn -= fl + ml;
    }
    *fromp = from;
    return bad;
}

/* The end of a quote opened just before s: the first '"' followed by the end of the line, a
 * punctuation mark and a space, or a space and an elision, bracket or next quote. */
static const char *quote_end(const char *s)
{
    for (const char *p = s; *p && *p != '\n'; p++) {
        if (*p != '"') continue;
        const unsigned char *n = (const unsigned char *)p + 1;
        if (*n == 0 || *n == '\n' || *n == '\r') return p;
        if (strchr(",;:.", *n) && (n[1] == 0 || n[1] == '\n' || n[1] == ' ')) return p;
        if (*n == ' ') {
            const unsigned char *m = n + 1;
            if (*m == '(' || *m == '"' || (m[0] == '.' && m[1] == '.' && m[2] == '.') ||
                (m[0] == 0xE2 && m[1] == 0x80 && m[2] == 0xA6) || *m == '\n' || *m == 0) return p;
        }
    }
    return NULL;
}

static int text_of_lang(const tc_report *r, const char *lang, size_t n)
{
    for (int i = 0; i < r->ntext; i++)
        if (strlen(r->text[i].lang) == n && strncmp(r->text[i].lang, lang, n) == 0) return i;
    return -1;
}

static int load_spec(tc_report *r, const char *spec_path, char *err, size_t errlen)
{
    size_t len;
    char *spec = read_all(spec_path, &len, err, errlen);
    if (!spec) return -1;
    const char *tag = r->g->tag;
    size_t tl = strlen(tag);
    int cur = -1, cap = 0, lineno = 0;
    for (char *p = spec; *p; ) {
        char *nl = strchr(p, '\n');
        if (nl) *nl = 0;
        lineno++;
        if (!strncmp(p, "### ", 4)) {
            char *id = p + 4;
            size_t il = strcspn(id, " \t\r");
            int ok = il > tl + 1 && il < sizeof r->entry[0].id && !strncmp(id, tag, tl) && id[tl] == '-';
            for (size_t i = 0; ok && i < il; i++) if (!((id[i] >= 'A' && id[i] <= 'Z') || (id[i] >= '0' && id[i] <= '9') || id[i] == '-')) ok = 0;
            cur = -1;
            if (ok) {
                if (r->nentry == cap) {
                    cap = cap ? cap * 2 : 64;
                    tc_entry *e = realloc(r->entry, sizeof *e * (size_t)cap);
                    if (!e) { free(spec); set_err(err, errlen, "out of memory"); return -1; }
                    r->entry = e;
                }
                tc_entry *e = &r->entry[r->nentry];
                memset(e, 0, sizeof *e);
                memcpy(e->id, id, il); e->id[il] = 0;
                e->line = lineno;
                char amb[80];
                snprintf(amb, sizeof amb, "%s-AMB-", tag);
                e->reg = !strncmp(e->id, amb, strlen(amb));
                cur = r->nentry++;
            }
        } else if (p[0] == '#') cur = -1;
        else if (cur >= 0) {
            const char *q = p;
            while (*q == ' ') q++;
            if (!strncmp(q, "- **", 4)) {
                const char *lang = q + 4;
                size_t ll = strspn(lang, "abcdefghijklmnopqrstuvwxyz");
                if (!strncmp(lang + ll, ":**", 3) && ll >= 2 && ll <= 3) {
                    int ti = text_of_lang(r, lang, ll);
                    /* The bullet goes on over indented continuation lines. */
                    char joined[16384];
                    size_t jl = (size_t)snprintf(joined, sizeof joined, "%s", lang + ll + 3);
                    while (nl && nl[1] == ' ' && nl[2] == ' ') {
                        char *c2 = nl + 1;
                        while (*c2 == ' ') c2++;
                        if (!strncmp(c2, "- ", 2)) break;
                        char *n2 = strchr(c2, '\n');
                        size_t cl = n2 ? (size_t)(n2 - c2) : strlen(c2);
                        if (jl + cl + 2 < sizeof joined) { joined[jl++] = ' '; memcpy(joined + jl, c2, cl); jl += cl; joined[jl] = 0; }
                        lineno++;
                        nl = n2;
                        if (nl) *nl = 0;
                    }
                    const char *s = joined;
                    if (ti < 0) {
                        if (add_error(r, "SPEC.md:%d: %s quotes '%.*s', a text %s does not have", lineno,
                                      r->entry[cur].id, (int)ll, lang, r->g->name)) goto oom;
                    } else {
                        size_t from = 0;     /* the quotes of one bullet are found in order */
                        for (;;) {
                            const char *o = strchr(s, '"');
                            if (!o) break;
                            const char *c = quote_end(o + 1);
                            if (!c) { if (add_error(r, "SPEC.md:%d: %s: %.*s quote opened and never closed", lineno, r->entry[cur].id, (int)ll, lang)) goto oom; break; }
                            int nf = 0;
                            char miss[4096];
                            int bad = match_quote(&r->text[ti], o + 1, (size_t)(c - o - 1),
                                                  r->entry[cur].reg ? TC_REGISTER : TC_CLAUSE, cur, -1, &from, &nf, miss, sizeof miss);
                            r->entry[cur].quoted[ti] += nf - bad;
                            if (bad && add_error(r, "SPEC.md:%d: %s: %s quote \"%s\" matches no sentence of %s verbatim",
                                                 lineno, r->entry[cur].id, r->text[ti].lang, miss, r->text[ti].file)) goto oom;
                            s = c + 1;
                        }
                    }
                }
            }
        }
        if (!nl) break;
        p = nl + 1;
    }
    free(spec);
    return 0;
oom:
    free(spec);
    set_err(err, errlen, "out of memory");
    return -1;
}

/* Marks file: one mark a line, `"fragment of the sentence" -- reason`; '#' starts a comment line. */
static int load_marks(tc_report *r, tc_text *t, const char *path, char *err, size_t errlen)
{
    struct stat sb;
    if (stat(path, &sb) != 0) return 0;          /* no marks for this text */
    size_t len;
    char *m = read_all(path, &len, err, errlen);
    if (!m) return -1;
    int lineno = 0, cap = 0;
    for (char *p = m; *p; ) {
        char *nl = strchr(p, '\n');
        if (nl) *nl = 0;
        lineno++;
        size_t l = strlen(p);
        while (l && (p[l - 1] == '\r' || p[l - 1] == ' ')) p[--l] = 0;
        const char *q = p;
        while (*q == ' ') q++;
        if (*q && *q != '#') {
            char *sep = strstr(p, "\" -- ");
            char *last;
            while (sep && (last = strstr(sep + 1, "\" -- "))) sep = last;
            if (*q != '"' || !sep || sep <= q || !sep[5]) {
                if (add_error(r, "%s:%d: a mark is `\"fragment\" -- reason`", path, lineno)) goto oom;
            } else {
                if (t->nmark == cap) {
                    cap = cap ? cap * 2 : 64;
                    tc_mark *nm = realloc(t->mark, sizeof *nm * (size_t)cap);
                    if (!nm) goto oom;
                    t->mark = nm;
                }
                tc_mark *k = &t->mark[t->nmark];
                k->line = lineno;
                k->frag = strndup(q + 1, (size_t)(sep - q - 1));
                k->reason = strdup(sep + 5);
                if (!k->frag || !k->reason) goto oom;
                int nf = 0;
                char miss[4096];
                size_t from = 0;
                int bad = match_quote(t, k->frag, strlen(k->frag), TC_MARKED, -1, t->nmark, &from, &nf, miss, sizeof miss);
                k->used = nf - bad;
                t->nmark++;
                if (bad && add_error(r, "%s:%d: mark \"%s\" matches no sentence of %s verbatim", path, lineno, miss, t->file)) goto oom;
            }
        }
        if (!nl) break;
        p = nl + 1;
    }
    free(m);
    return 0;
oom:
    free(m);
    set_err(err, errlen, "out of memory");
    return -1;
}

int tc_report_load(tc_report *r, const game_engine *g, const char *spec_path, const char *texts_dir,
                   char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->g = g;
    for (int i = 0; i < g->n_profiles; i++) {
        int dup = 0;
        for (int j = 0; j < r->ntext; j++) if (!strcmp(r->text[j].file, g->profiles[i].text)) dup = 1;
        if (dup || r->ntext == TC_MAX_TEXTS) continue;
        tc_text *t = &r->text[r->ntext++];
        t->lang = g->profiles[i].name;
        t->file = g->profiles[i].text;
        snprintf(t->path, sizeof t->path, "%s/%s", texts_dir, t->file);
        if (!(t->buf = read_all(t->path, &t->len, err, errlen))) return -1;
        if (tc_split(t)) { set_err(err, errlen, "out of memory"); return -1; }
    }
    if (load_spec(r, spec_path, err, errlen)) return -1;
    for (int i = 0; i < r->ntext; i++) {
        tc_text *t = &r->text[i];
        char mp[1100];
        size_t fl = strlen(t->file);
        if (fl > 4 && !strcmp(t->file + fl - 4, ".txt")) fl -= 4;
        snprintf(mp, sizeof mp, "%s/%.*s.marks", texts_dir, (int)fl, t->file);
        if (load_marks(r, t, mp, err, errlen)) return -1;
    }
    /* Translation gaps: a quoted unit whose every quoting entry quotes no other text. */
    for (int i = 0; i < r->ntext; i++) {
        tc_text *t = &r->text[i];
        for (int k = 0; k < t->nu; k++) {
            tc_unit *u = &t->u[k];
            t->count[u->status]++;
            if (r->ntext < 2 || u->status < TC_REGISTER) continue;
            int other = 0;
            for (int e = 0; e < u->nref; e++)
                for (int j = 0; j < r->ntext; j++) if (j != i && r->entry[u->ref[e]].quoted[j]) other = 1;
            if (!other && u->nref < TC_MAX_REFS) { u->gap = 1; t->gaps++; }
        }
    }
    return 0;
}

void tc_report_free(tc_report *r)
{
    for (int i = 0; i < r->ntext; i++) {
        tc_text *t = &r->text[i];
        free(t->buf); free(t->norm); free(t->norm_off); free(t->unit_of); free(t->u);
        for (int k = 0; k < t->nmark; k++) { free(t->mark[k].frag); free(t->mark[k].reason); }
        free(t->mark);
    }
    for (int i = 0; i < r->nerror; i++) free(r->error[i]);
    free(r->error);
    free(r->entry);
    memset(r, 0, sizeof *r);
}

double tc_text_pct(const tc_text *t)
{
    return t->nu ? 100.0 * (t->nu - t->count[TC_UNCOVERED]) / t->nu : 100.0;
}

/* ---- output ---------------------------------------------------------------------------- */

/* One unit's text on one line (white space folded), cut to max bytes at a character boundary. */
static void unit_text(const tc_text *t, const tc_unit *u, char *out, size_t cap, size_t max)
{
    fold(t->buf + u->off, u->len, out, cap);
    size_t n = strlen(out);
    if (n > max) {
        size_t c = max;
        while (c > 0 && ((unsigned char)out[c] & 0xC0) == 0x80) c--;
        snprintf(out + c, cap - c, "...");
    }
}

static void print_text_report(FILE *f, const tc_report *r, int quiet)
{
    fprintf(f, "rule-text coverage: %s (%s)\n", r->g->title, r->g->name);
    fprintf(f, "  %-28s %6s %7s %9s %7s %10s %8s\n", "text", "units", "clause", "register", "marked", "uncovered", "covered");
    for (int i = 0; i < r->ntext; i++) {
        const tc_text *t = &r->text[i];
        fprintf(f, "  %-28s %6d %7d %9d %7d %10d %7.1f%%\n", t->file, t->nu, t->count[TC_CLAUSE], t->count[TC_REGISTER],
                t->count[TC_MARKED], t->count[TC_UNCOVERED], tc_text_pct(t));
    }
    char s[4096];
    for (int i = 0; i < r->ntext; i++) {
        const tc_text *t = &r->text[i];
        for (int k = 0; k < t->nu; k++) {
            if (t->u[k].status != TC_UNCOVERED) continue;
            unit_text(t, &t->u[k], s, sizeof s, quiet ? 90 : 400);
            fprintf(f, "  uncovered %s:%d: %s\n", t->path, t->u[k].line, s);
        }
    }
    if (r->ntext >= 2) {
        int n = 0;
        for (int i = 0; i < r->ntext; i++) n += r->text[i].gaps;
        fprintf(f, "  translation gaps: %d sentence(s) quoted in one text with no counterpart in the other\n", n);
        for (int i = 0; i < r->ntext && !quiet; i++) {
            const tc_text *t = &r->text[i];
            for (int k = 0; k < t->nu; k++) {
                if (!t->u[k].gap) continue;
                unit_text(t, &t->u[k], s, sizeof s, 160);
                fprintf(f, "  gap %s:%d: only in %s [%s]: %s\n", t->file, t->u[k].line, t->lang, r->entry[t->u[k].ref[0]].id, s);
            }
        }
    }
    for (int i = 0; i < r->nerror; i++) fprintf(f, "  error: %s\n", r->error[i]);
}

static void json_str(FILE *f, const char *s, size_t n)
{
    fputc('"', f);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c == '\n') fputs("\\n", f);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

static void write_json(FILE *f, tc_report *const *rs, int nr)
{
    fputs("{\"games\":[", f);
    for (int gi = 0; gi < nr; gi++) {
        const tc_report *r = rs[gi];
        fprintf(f, "%s\n{\"game\":\"%s\",\"texts\":[", gi ? "," : "", r->g->name);
        for (int i = 0; i < r->ntext; i++) {
            const tc_text *t = &r->text[i];
            fprintf(f, "%s{\"lang\":\"%s\",\"file\":\"%s\",\"units\":%d,\"clause\":%d,\"register\":%d,\"marked\":%d,"
                       "\"uncovered\":%d,\"covered_pct\":%.2f,\"gaps\":%d,\"sentences\":[",
                    i ? "," : "", t->lang, t->file, t->nu, t->count[TC_CLAUSE], t->count[TC_REGISTER], t->count[TC_MARKED],
                    t->count[TC_UNCOVERED], tc_text_pct(t), t->gaps);
            for (int k = 0; k < t->nu; k++) {
                const tc_unit *u = &t->u[k];
                fprintf(f, "%s\n {\"line\":%d,\"status\":\"%s\",\"gap\":%s,\"text\":", k ? "," : "", u->line,
                        tc_status_name[u->status], u->gap ? "true" : "false");
                json_str(f, t->buf + u->off, u->len);
                fputs(",\"by\":[", f);
                for (int e = 0; e < u->nref; e++) fprintf(f, "%s\"%s\"", e ? "," : "", r->entry[u->ref[e]].id);
                fputs("]", f);
                if (u->mark >= 0) { fputs(",\"mark\":", f); json_str(f, t->mark[u->mark].reason, strlen(t->mark[u->mark].reason)); }
                fputs("}", f);
            }
            fputs("]}", f);
        }
        fputs("],\"errors\":[", f);
        for (int i = 0; i < r->nerror; i++) { if (i) fputc(',', f); json_str(f, r->error[i], strlen(r->error[i])); }
        fputs("]}", f);
    }
    fputs("\n]}\n", f);
}

static void html_esc(FILE *f, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '<') fputs("&lt;", f);
        else if (c == '>') fputs("&gt;", f);
        else if (c == '&') fputs("&amp;", f);
        else if (c == '"') fputs("&quot;", f);
        else fputc(c, f);
    }
}

static void html_anchor(FILE *f, const char *id)
{
    for (const char *p = id; *p; p++) fputc(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p, f);
}

static const char *const tc_css =
    "body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#222;max-width:1100px}"
    "table{border-collapse:collapse;margin:8px 0 18px}td,th{padding:3px 10px;border-bottom:1px solid #ddd;text-align:left}"
    "td.n{text-align:right;font-variant-numeric:tabular-nums}"
    ".txt{font:13px/1.6 ui-monospace,monospace;white-space:pre-wrap;border:1px solid #ddd;padding:10px;background:#fcfcfc}"
    ".ln{color:#999;display:inline-block;width:3.5em;user-select:none}"
    "a.u,span.u{text-decoration:none;color:inherit;border-radius:3px;padding:0 1px}"
    ".clause{background:#d6f5d6}.register{background:#fff0b3}.marked{background:#e8e8e8;color:#666}"
    ".uncovered{background:#ffc9c9;outline:1px solid #d33}.gap{border-bottom:2px dashed #a040c0}"
    ".key span{padding:1px 6px;margin-right:8px}.err{color:#b00}";

static int write_html(const char *dir, const tc_report *r, const char *spec_href, char *err, size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s.html", dir, r->g->name);
    FILE *f = fopen(path, "w");
    if (!f) { set_err(err, errlen, "%s: cannot write: %s", path, strerror(errno)); return -1; }
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Rule-text coverage: %s</title>"
               "<style>%s</style></head><body>\n<h1>Rule-text coverage: %s <small>(%s)</small></h1>\n"
               "<p>Every sentence, list item, table row and heading of the rulebook is quoted by a clause, quoted by an "
               "ambiguity register entry, or marked as not a rule (with a reason in <code>rules/texts/*.marks</code>). "
               "<a href=\"../clauses/%s.html\">Clause coverage of %s</a>.</p>\n"
               "<p class=\"key\"><span class=\"clause\">clause</span><span class=\"register\">register entry</span>"
               "<span class=\"marked\">not a rule</span><span class=\"uncovered\">uncovered</span>"
               "<span class=\"gap\">no counterpart in the other text</span></p>\n<table><tr><th>text</th><th>units</th>"
               "<th>clause</th><th>register</th><th>marked</th><th>uncovered</th><th>covered</th><th>gaps</th></tr>\n",
            r->g->title, tc_css, r->g->title, r->g->name, r->g->name, r->g->title);
    for (int i = 0; i < r->ntext; i++) {
        const tc_text *t = &r->text[i];
        fprintf(f, "<tr><td><a href=\"#%s\">%s</a></td><td class=n>%d</td><td class=n>%d</td><td class=n>%d</td>"
                   "<td class=n>%d</td><td class=n>%d</td><td class=n>%.1f%%</td><td class=n>%d</td></tr>\n",
                t->lang, t->file, t->nu, t->count[TC_CLAUSE], t->count[TC_REGISTER], t->count[TC_MARKED],
                t->count[TC_UNCOVERED], tc_text_pct(t), t->gaps);
    }
    fputs("</table>\n", f);
    for (int i = 0; i < r->nerror; i++) { fputs("<p class=err>", f); html_esc(f, r->error[i], strlen(r->error[i])); fputs("</p>\n", f); }
    for (int i = 0; i < r->ntext; i++) {
        const tc_text *t = &r->text[i];
        fprintf(f, "<h2 id=\"%s\">%s (%s)</h2>\n<div class=\"txt\">", t->lang, t->file, t->lang);
        int line = 1;
        fprintf(f, "<span class=ln>%d</span>", line);
        for (size_t p = 0; p < t->len; ) {
            int ui = t->unit_of[p];
            if (ui < 0 || t->u[ui].off != p) {
                if (t->buf[p] == '\n') fprintf(f, "\n<span class=ln>%d</span>", ++line);
                else html_esc(f, t->buf + p, 1);
                p++;
                continue;
            }
            const tc_unit *u = &t->u[ui];
            char title[2048];
            size_t tl = 0;
            title[0] = 0;
            for (int e = 0; e < u->nref && tl < sizeof title - 80; e++)
                tl += (size_t)snprintf(title + tl, sizeof title - tl, "%s%s", e ? ", " : "", r->entry[u->ref[e]].id);
            if (u->status == TC_MARKED) snprintf(title, sizeof title, "not a rule: %s", t->mark[u->mark].reason);
            if (u->status == TC_UNCOVERED) snprintf(title, sizeof title, "uncovered: no clause, register entry or mark");
            if (u->nref && spec_href) {
                fprintf(f, "<a class=\"u %s%s\" title=\"", tc_status_name[u->status], u->gap ? " gap" : "");
                html_esc(f, title, strlen(title));
                fprintf(f, "\" href=\"%s#", spec_href);
                html_anchor(f, r->entry[u->ref[0]].id);
                fputs("\">", f);
            } else {
                fprintf(f, "<span class=\"u %s\" title=\"", tc_status_name[u->status]);
                html_esc(f, title, strlen(title));
                fputs("\">", f);
            }
            for (size_t q = u->off; q < u->off + u->len; q++) {
                if (t->buf[q] == '\n') fprintf(f, "\n<span class=ln>%d</span>", ++line);
                else html_esc(f, t->buf + q, 1);
            }
            fputs(u->nref && spec_href ? "</a>" : "</span>", f);
            p = u->off + u->len;
        }
        fputs("</div>\n", f);
    }
    fputs("</body></html>\n", f);
    if (fclose(f) != 0) { set_err(err, errlen, "%s: cannot write: %s", path, strerror(errno)); return -1; }
    return 0;
}

/* ---- command ---------------------------------------------------------------------------- */

static int mkdir_p(const char *dir)
{
    char b[4096];
    snprintf(b, sizeof b, "%s", dir);
    for (char *p = b + 1; *p; p++)
        if (*p == '/') { *p = 0; if (mkdir(b, 0755) && errno != EEXIST) return -1; *p = '/'; }
    return mkdir(b, 0755) && errno != EEXIST ? -1 : 0;
}

/* Relative path from directory `from` to file `to` (both relative to the working directory or both absolute). */
static void rel_from(const char *from, const char *to, char *out, size_t n)
{
    char abs[4096];
    if (to[0] == '/' || (from[0] == '/' && realpath(to, abs))) { snprintf(out, n, "%s", to[0] == '/' ? to : abs); return; }
    size_t o = 0;
    out[0] = 0;
    int depth = *from ? 1 : 0;
    for (const char *p = from; *p; p++) if (*p == '/' && p[1] && p[1] != '/') depth++;
    for (int i = 0; i < depth && o + 4 < n; i++) o += (size_t)snprintf(out + o, n - o, "../");
    snprintf(out + o, n - o, "%s", to);
}

int rf_cmd_textcov(int argc, char **argv)
{
    const char *spec = "SPEC.md", *texts = "rules/texts", *json = NULL, *html = NULL;
    double fail_under = -1;
    int quiet = 0, ng = 0;
    const game_engine *games[16];
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int more = i + 1 < argc;
        if (!strcmp(a, "--spec") && more) spec = argv[++i];
        else if (!strcmp(a, "--texts") && more) texts = argv[++i];
        else if (!strcmp(a, "--json") && more) json = argv[++i];
        else if (!strcmp(a, "--html") && more) html = argv[++i];
        else if (!strcmp(a, "--quiet")) quiet = 1;
        else if (!strcmp(a, "--fail-under") && more) {
            char *e;
            fail_under = strtod(argv[++i], &e);
            if (*e || fail_under < 0 || fail_under > 100) {
                fprintf(stderr, "rulefuzz: textcov: --fail-under takes a percentage 0-100, not '%s'\n", argv[i]);
                return TC_EXIT_BAD;
            }
        } else if (a[0] == '-') {
            fprintf(stderr, "rulefuzz: textcov: unknown option or missing value '%s' (usage: rulefuzz textcov [GAME...] "
                            "[--spec F] [--texts DIR] [--json F] [--html DIR] [--fail-under PCT] [--quiet])\n", a);
            return TC_EXIT_BAD;
        } else {
            const game_engine *g = game_find(a);
            if (!g) {
                fprintf(stderr, "rulefuzz: textcov: unknown game '%s' (games:", a);
                for (int k = 0; game_engines[k]; k++) fprintf(stderr, " %s", game_engines[k]->name);
                fprintf(stderr, ")\n");
                return TC_EXIT_BAD;
            }
            if (ng < 16) games[ng++] = g;
        }
    }
    if (ng == 0) for (int k = 0; game_engines[k] && ng < 16; k++) games[ng++] = game_engines[k];
    tc_report *rs = calloc((size_t)ng, sizeof *rs);
    tc_report **rp = calloc((size_t)ng, sizeof *rp);
    if (!rs || !rp) { free(rs); free(rp); fprintf(stderr, "rulefuzz: textcov: out of memory\n"); return TC_EXIT_BAD; }
    int status = 0, loaded = 0;
    char err[1200];
    for (int i = 0; i < ng; i++) {
        rp[i] = &rs[i];
        if (tc_report_load(&rs[i], games[i], spec, texts, err, sizeof err)) {
            fprintf(stderr, "rulefuzz: textcov: %s\n", err);
            status = TC_EXIT_BAD;
            break;
        }
        loaded++;
        if (i) putchar('\n');
        print_text_report(stdout, &rs[i], quiet);
        if (rs[i].nerror) status = status ? status : TC_EXIT_GATE;
        if (fail_under >= 0) {
            int failed = 0;
            for (int t = 0; t < rs[i].ntext; t++) if (tc_text_pct(&rs[i].text[t]) < fail_under) failed = 1;
            printf("  gate --fail-under %g: %s%s\n", fail_under, failed || rs[i].nerror ? "FAILED" : "passed",
                   rs[i].nerror ? " (quotes or marks that match no sentence)" : "");
            if (failed) status = status ? status : TC_EXIT_GATE;
        }
    }
    if (status != TC_EXIT_BAD && json) {
        FILE *f = fopen(json, "w");
        if (!f) { fprintf(stderr, "rulefuzz: textcov: %s: cannot write: %s\n", json, strerror(errno)); status = TC_EXIT_BAD; }
        else { write_json(f, rp, loaded); if (fclose(f)) status = TC_EXIT_BAD; }
    }
    if (status != TC_EXIT_BAD && html) {
        if (mkdir_p(html)) { fprintf(stderr, "rulefuzz: textcov: cannot create %s\n", html); status = TC_EXIT_BAD; }
        char href[4400];
        rel_from(html, spec, href, sizeof href);
        for (int i = 0; i < loaded && status != TC_EXIT_BAD; i++)
            if (write_html(html, &rs[i], href, err, sizeof err)) { fprintf(stderr, "rulefuzz: textcov: %s\n", err); status = TC_EXIT_BAD; }
        if (status != TC_EXIT_BAD && !quiet)
            for (int i = 0; i < loaded; i++) printf("textcov: HTML %s/%s.html\n", html, rs[i].g->name);
    }
    for (int i = 0; i < ng; i++) tc_report_free(&rs[i]);
    free(rs); free(rp);
    return status;
}
