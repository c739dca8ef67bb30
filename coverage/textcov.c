/* textcov.c: rule-text coverage: split rulebooks into sentences, match SPEC.md's quotes and the
 * not-a-rule marks against them, report what no clause, register entry or mark covers, hold each
 * register entry's Profiles decision to the engine's profiles, and list each entry's subject
 * sentences (tc_ prefix). */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "textcov.h"
#include "site.h"
#include "counts.h"
#include "../cli/opts.h"
#include "../oracles/oracle.h"
#include "../cli/escape.h"

const char *const tc_status_name[TC_NSTATUS] = {"uncovered", "marked", "register", "clause"};

#define TC_EXIT_GATE 1
#define TC_REPEAT_MIN 24
#define TC_EXIT_BAD  2


char *tc_read_text(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) { rf_set_err(err, errlen, "%s: cannot read: %s", path, strerror(errno)); return NULL; }
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
    if (!b || bad) { free(b); rf_set_err(err, errlen, "%s: cannot read", path); return NULL; }
    if (memchr(b, 0, n)) { free(b); rf_set_err(err, errlen, "%s: not a text file (NUL byte)", path); return NULL; }
    b[n] = 0;
    *len = n;
    return b;
}

static int add_msg(char ***list, int *n, int *cap, const char *fmt, va_list ap) __attribute__((format(printf, 4, 0)));
static int add_msg(char ***list, int *n, int *cap, const char *fmt, va_list ap)
{
    if (*n == *cap) {
        int nc = *cap ? *cap * 2 : 16;
        char **e = realloc(*list, sizeof *e * (size_t)nc);
        if (!e) return -1;
        *list = e; *cap = nc;
    }
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    if (!((*list)[*n] = strdup(buf))) return -1;
    (*n)++;
    return 0;
}

static int add_error(tc_report *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int add_error(tc_report *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = add_msg(&r->error, &r->nerror, &r->errors_cap, fmt, ap);
    va_end(ap);
    return rc;
}

static int add_perror(tc_report *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int add_perror(tc_report *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = add_msg(&r->perror, &r->nperror, &r->perrors_cap, fmt, ap);
    va_end(ap);
    return rc;
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

/* The next fragment of quote q[0..*qn) (elisions split it), folded into frag; q and qn move past it
 * and its elision. 0 when the quote is used up. */
static int next_frag(const char **q, size_t *qn, char *frag, size_t cap)
{
    if (*qn == 0) return 0;
    size_t ml = 0;
    long e = elision(*q, *qn, &ml);
    size_t fl = e < 0 ? *qn : (size_t)e;
    fold(*q, fl, frag, cap);
    if (e < 0) { *q += *qn; *qn = 0; }
    else { *q += fl + ml; *qn -= fl + ml; }
    return 1;
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

/* Keep one quote fragment of entry e (for its subject sentences). 0, or -1 out of memory. */
static int keep_frag(tc_entry *e, int ti, const char *frag)
{
    if (e->nfrag == e->frag_cap) {
        int nc = e->frag_cap ? e->frag_cap * 2 : 8;
        tc_frag *f = realloc(e->frag, sizeof *f * (size_t)nc);
        if (!f) return -1;
        e->frag = f; e->frag_cap = nc;
    }
    if (!(e->frag[e->nfrag].s = strdup(frag))) return -1;
    e->frag[e->nfrag++].text = ti;
    return 0;
}

/* Find every fragment of one quote (elisions split it) in t, in order where possible. Calls
 * cover for each, and keeps each fragment in `keep` (text ti) when that is given; returns the
 * number of fragments that matched nothing (first one in *missing), -1 out of memory. */
static int match_quote(tc_text *t, const char *q, size_t qn, int st, int entry, int mark, size_t *fromp,
                       int *nfrag, char *missing, size_t misslen, tc_entry *keep, int ti)
{
    int bad = 0;
    size_t from = *fromp;
    *nfrag = 0;
    char frag[4096];
    while (next_frag(&q, &qn, frag, sizeof frag)) {
        if (frag[0]) {
            (*nfrag)++;
            if (keep && keep_frag(keep, ti, frag)) return -1;
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

/* Append the line s[0..n) to a growing string *b (a space between lines). 0, or -1 out of memory. */
static int append_line(char **b, size_t *bl, const char *s, size_t n)
{
    char *nb = realloc(*b, *bl + n + 2);
    if (!nb) return -1;
    if (*bl) nb[(*bl)++] = ' ';
    memcpy(nb + *bl, s, n);
    *bl += n;
    nb[*bl] = 0;
    *b = nb;
    return 0;
}

/* Start a Profiles sub-bullet of e from its line s (after "  - "): "<name> `<reading>`: ...". */
static tc_psub *new_psub(tc_entry *e, const char *s, int line)
{
    if (e->npsub == e->psub_cap) {
        int nc = e->psub_cap ? e->psub_cap * 2 : 4;
        tc_psub *ps = realloc(e->psub, sizeof *ps * (size_t)nc);
        if (!ps) return NULL;
        e->psub = ps; e->psub_cap = nc;
    }
    tc_psub *ps = &e->psub[e->npsub++];
    memset(ps, 0, sizeof *ps);
    ps->line = line;
    size_t nn = strspn(s, "abcdefghijklmnopqrstuvwxyz");
    if (nn >= sizeof ps->name) nn = 0;
    memcpy(ps->name, s, nn);
    ps->name[nn] = 0;
    const char *rest = s + nn;
    if (nn && rest[0] == ' ' && rest[1] == '`') {
        const char *rd = rest + 2, *bt = strchr(rd, '`');
        if (bt && bt > rd && (size_t)(bt - rd) < sizeof ps->reading && bt[1] == ':') {
            memcpy(ps->reading, rd, (size_t)(bt - rd));
            ps->reading[bt - rd] = 0;
            ps->form_ok = 1;
            rest = bt + 2;
        }
    }
    size_t bl = 0;
    if (append_line(&ps->body, &bl, rest, strlen(rest))) return NULL;
    return ps;
}

static int load_spec(tc_report *r, const char *spec_path, char *err, size_t errlen)
{
    size_t len;
    char *spec = tc_read_text(spec_path, &len, err, errlen);
    if (!spec) return -1;
    const char *tag = r->g->tag;
    size_t tl = strlen(tag);
    int cur = -1, cap = 0, lineno = 0, reg_head = 0;
    for (char *p = spec; *p; ) {
        char *nl = strchr(p, '\n');
        if (nl) *nl = 0;
        lineno++;
        if (!strncmp(p, "## Ambiguity register", 21)) reg_head = lineno;
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
                    if (!e) { free(spec); rf_set_err(err, errlen, "out of memory"); return -1; }
                    r->entry = e;
                }
                tc_entry *e = &r->entry[r->nentry];
                memset(e, 0, sizeof *e);
                memcpy(e->id, id, il); e->id[il] = 0;
                e->line = lineno;
                char amb[80];
                snprintf(amb, sizeof amb, "%s-AMB-", tag);
                e->reg = !strncmp(e->id, amb, strlen(amb));
                if (e->reg && !r->reg_line) r->reg_line = reg_head ? reg_head : lineno;
                cur = r->nentry++;
            }
        } else if (p[0] == '#') cur = -1;
        else if (cur >= 0 && !r->entry[cur].reg && !strncmp(p, "- **Cases:**", 12)) {
            /* The Cases bullet: the first backticked word of each sub-bullet "  - `name`: ...",
             * or of the bullet itself when it has no sub-bullets. */
            tc_entry *e = &r->entry[cur];
            size_t cl = 0;
            int subs = 0;
            e->cases_line = lineno;
            e->cases[0] = 0;
            const char *own = strchr(p + 12, '`');
            while (nl && nl[1] == ' ' && nl[2] == ' ') {
                char *c2 = nl + 1, *n2 = strchr(c2, '\n');
                if (n2) *n2 = 0;
                lineno++;
                size_t ind = strspn(c2, " ");
                if (ind == 2 && !strncmp(c2 + 2, "- `", 3)) {
                    const char *nm = c2 + 5, *end = strchr(nm, '`');
                    if (end && cl + (size_t)(end - nm) + 2 < sizeof e->cases)
                        cl += (size_t)snprintf(e->cases + cl, sizeof e->cases - cl, "%s%.*s", subs ? " " : "", (int)(end - nm), nm);
                    subs++;
                }
                nl = n2;
            }
            if (!subs && own) {
                const char *end = strchr(own + 1, '`');
                if (end && (size_t)(end - own) < sizeof e->cases) snprintf(e->cases, sizeof e->cases, "%.*s", (int)(end - own - 1), own + 1);
            }
        }
        else if (cur >= 0 && r->entry[cur].reg && !strncmp(p, "- **Profiles:**", 15)) {
            /* The Profiles bullet: sub-bullets "  - <name> `<reading>`: ..." with continuation
             * lines indented further; other indented lines continue the bullet's own text. */
            tc_entry *e = &r->entry[cur];
            e->prof_line = lineno;
            tc_psub *ps = NULL;
            size_t bl = 0;
            while (nl && nl[1] == ' ' && nl[2] == ' ') {
                char *c2 = nl + 1, *n2 = strchr(c2, '\n');
                if (n2) *n2 = 0;
                size_t ind = strspn(c2, " ");
                lineno++;
                if (ind == 2 && c2[2] == '-' && c2[3] == ' ') {
                    if (!(ps = new_psub(e, c2 + 4, lineno))) goto oom;
                    bl = strlen(ps->body);
                } else if (ps && ind >= 4 && append_line(&ps->body, &bl, c2 + ind, strlen(c2 + ind))) goto oom;
                nl = n2;
            }
        }
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
                                                  r->entry[cur].reg ? TC_REGISTER : TC_CLAUSE, cur, -1, &from, &nf, miss, sizeof miss,
                                                  &r->entry[cur], ti);
                            if (bad < 0) goto oom;
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
    rf_set_err(err, errlen, "out of memory");
    return -1;
}

/* Every quotation in the game's part of SPEC.md (from a level-1 or -2 heading that starts with
 * the game's title to the next level-1 heading) is checked against the game's texts: each
 * fragment of a "..." quote (elisions split it) must stand verbatim in one of them. A paragraph
 * (a bullet or table row with its continuation lines) that cites a source ("src:") and an
 * "Other editions" bullet quote other books and are not checked, nor are code spans and fenced
 * blocks; a language bullet ("- **nl:**") is checked against its own text by load_spec. A word
 * SPEC.md names without quoting a text (a gloss, a term) is not put in double quotes.
 * 0, or -1 out of memory. */
static int check_para_quotes(tc_report *r, char *para, int line)
{
    const char *s = para;
    while (*s == ' ') s++;
    if (strstr(s, "src:") || !strncmp(s, "- **Other editions:**", 21)) return 0;
    if (!strncmp(s, "- **", 4)) {
        size_t ll = strspn(s + 4, "abcdefghijklmnopqrstuvwxyz");
        if (ll >= 2 && ll <= 3 && !strncmp(s + 4 + ll, ":**", 3)) return 0;
    }
    /* Code spans out (they hold record and position texts, not quotes). */
    char *w = para;
    for (const char *p = para; *p; p++) {
        if (*p == '`') { const char *e = strchr(p + 1, '`'); if (e) { p = e; continue; } }
        *w++ = *p;
    }
    *w = 0;
    for (const char *o = strchr(para, '"'); o; ) {
        const char *c = strchr(o + 1, '"');
        if (!c) {
            return add_error(r, "SPEC.md:%d: a quote opened and never closed: \"%.60s", line, o + 1);
        }
        const char *q = o + 1;
        size_t qn = (size_t)(c - q);
        char frag[4096];
        while (next_frag(&q, &qn, frag, sizeof frag)) {
            int found = !frag[0];
            for (int i = 0; !found && i < r->ntext; i++) found = strstr(r->text[i].norm, frag) != NULL;
            if (!found && add_error(r, "SPEC.md:%d: quote \"%s\" stands in no %s text verbatim (a quote "
                                       "of another book cites its src:, a gloss is not in double quotes)",
                                    line, frag, r->g->name)) return -1;
        }
        o = strchr(c + 1, '"');
    }
    return 0;
}

static int check_every_quote(tc_report *r, const char *spec_path, char *err, size_t errlen)
{
    size_t len;
    char *spec = tc_read_text(spec_path, &len, err, errlen);
    if (!spec) return -1;
    size_t tl = strlen(r->g->title);
    int in = 0, fence = 0, lineno = 0, pline = 0, rc = 0;
    char *para = NULL;
    size_t pl = 0;
    for (char *p = spec; ; ) {
        char *nl = strchr(p, '\n');
        if (nl) *nl = 0;
        lineno++;
        const char *s = p;
        while (*s == ' ') s++;
        int head = p[0] == '#';
        int level = (int)strspn(p, "#");
        int starts = !nl || !*s || head || *s == '|' || !strncmp(s, "- ", 2) || !strncmp(p, "```", 3) ||
                     (*s >= '0' && *s <= '9' && s[strspn(s, "0123456789")] == '.');
        if (starts && para) {
            if (in && !fence && check_para_quotes(r, para, pline)) rc = -1;
            free(para); para = NULL; pl = 0;
        }
        if (rc) break;
        if (head && (level == 1 || level == 2)) {
            const char *h = p + level;
            while (*h == ' ') h++;
            if (!strncmp(h, r->g->title, tl)) in = 1;
            else if (level == 1) in = 0;
        }
        if (!strncmp(p, "```", 3)) fence = !fence;
        else if (*s && !head && in && !fence) {
            if (!para) pline = lineno;
            if (append_line(&para, &pl, s, strlen(s))) { rc = -1; break; }
        }
        if (!nl) break;
        p = nl + 1;
    }
    if (para && !rc && in && !fence && check_para_quotes(r, para, pline)) rc = -1;
    free(para);
    free(spec);
    if (rc) rf_set_err(err, errlen, "out of memory");
    return rc;
}

/* Marks file: one mark a line, `"fragment of the sentence" -- reason`; '#' starts a comment line. */
static int load_marks(tc_report *r, tc_text *t, const char *path, char *err, size_t errlen)
{
    struct stat sb;
    if (stat(path, &sb) != 0) return 0;          /* no marks for this text */
    size_t len;
    char *m = tc_read_text(path, &len, err, errlen);
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
                int bad = match_quote(t, k->frag, strlen(k->frag), TC_MARKED, -1, t->nmark, &from, &nf, miss, sizeof miss, NULL, -1);
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
    rf_set_err(err, errlen, "out of memory");
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
        if (!(t->buf = tc_read_text(t->path, &t->len, err, errlen))) return -1;
        if (tc_split(t)) { rf_set_err(err, errlen, "out of memory"); return -1; }
    }
    if (load_spec(r, spec_path, err, errlen) || check_every_quote(r, spec_path, err, errlen)) return -1;
    if (tc_check_profiles(r) < 0 || tc_check_cases(r) < 0) { rf_set_err(err, errlen, "out of memory"); return -1; }
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
    for (int i = 0; i < r->nperror; i++) free(r->perror[i]);
    free(r->perror);
    for (int i = 0; i < r->nentry; i++) {
        tc_entry *e = &r->entry[i];
        for (int k = 0; k < e->nfrag; k++) free(e->frag[k].s);
        free(e->frag);
        for (int k = 0; k < e->npsub; k++) free(e->psub[k].body);
        free(e->psub);
    }
    free(r->entry);
    memset(r, 0, sizeof *r);
}

double tc_text_pct(const tc_text *t)
{
    return t->nu ? 100.0 * (t->nu - t->count[TC_UNCOVERED]) / t->nu : 100.0;
}

/* ---- profile decisions ------------------------------------------------------------------- */

/* The next double-quoted string of a Profiles sub-bullet at or after *pos: its opening quote is
 * the next '"', its closing quote the next '"' after that which no letter or digit follows (the
 * sub-bullet is prose: a quote may be followed by any word). Sets *q, *qn; 0 when none is left. */
static int next_quote(const char *s, size_t *pos, const char **q, size_t *qn)
{
    const char *o = strchr(s + *pos, '"');
    if (!o) return 0;
    const char *c = o + 1;
    for (; *c; c++) if (*c == '"' && !is_alnum((unsigned char)c[1])) break;
    if (!*c) return 0;
    *q = o + 1; *qn = (size_t)(c - o - 1);
    *pos = (size_t)(c + 1 - s);
    return 1;
}

/* The fragments of a quote (elisions split it) that stand verbatim in t, white space folded;
 * *nfrag counts them all, the first that does not stand goes to missing. */
static int quote_found(const tc_text *t, const char *q, size_t qn, int *nfrag, char *missing, size_t misslen)
{
    int found = 0;
    char frag[4096];
    while (next_frag(&q, &qn, frag, sizeof frag)) {
        if (!frag[0]) continue;
        (*nfrag)++;
        if (strstr(t->norm, frag)) found++;
        else if (!missing[0]) snprintf(missing, misslen, "%s", frag);
    }
    return found;
}

static int text_of_file(const tc_report *r, const char *file)
{
    for (int i = 0; i < r->ntext; i++) if (!strcmp(r->text[i].file, file)) return i;
    return -1;
}

/* Check one sub-bullet ps of entry e against profile pj of the engine's ambiguity ai. */
static int check_psub(tc_report *r, const tc_entry *e, const tc_psub *ps, int ai, int pj)
{
    const game_engine *g = r->g;
    const game_profile *pf = &g->profiles[pj];
    const game_ambiguity *a = &g->amb[ai];
    const char *want = a->reading[(pf->readings >> ai) & 1];
    if (!ps->form_ok)
        return add_perror(r, "SPEC.md:%d: %s: profile %s: the sub-bullet does not start \"  - %s `%s`:\"",
                          ps->line, e->id, pf->name, pf->name, want);
    if (strcmp(ps->reading, want)) {
        int rc = !strcmp(ps->reading, a->reading[0]) || !strcmp(ps->reading, a->reading[1])
            ? add_perror(r, "SPEC.md:%d: %s: profile %s `%s`: wrong reading: the engine's %s profile reads `%s` (rules/%s.c)",
                         ps->line, e->id, pf->name, ps->reading, pf->name, want, g->name)
            : add_perror(r, "SPEC.md:%d: %s: profile %s `%s`: not a reading of %s (`%s` | `%s`): the engine's %s profile "
                            "reads `%s` (rules/%s.c)", ps->line, e->id, pf->name, ps->reading, a->key, a->reading[0],
                         a->reading[1], pf->name, want, g->name);
        if (rc) return -1;
    }
    int ti = text_of_file(r, pf->text);
    if (ti < 0) return 0;                      /* more distinct texts than TC_MAX_TEXTS: not read */
    const tc_text *t = &r->text[ti];
    int nfrag = 0, found = 0;
    char miss[4096] = "";
    const char *q;
    size_t qn, pos = 0;
    while (next_quote(ps->body, &pos, &q, &qn)) found += quote_found(t, q, qn, &nfrag, miss, sizeof miss);
    if (nfrag == 0)
        return add_perror(r, "SPEC.md:%d: %s: profile %s `%s`: no double-quoted fragment; quote the words of %s the "
                             "reading rests on", ps->line, e->id, pf->name, ps->reading, t->file);
    if (found == 0)
        return add_perror(r, "SPEC.md:%d: %s: profile %s `%s`: no quote occurs verbatim in %s (the profile's own "
                             "text), e.g. \"%.120s\"", ps->line, e->id, pf->name, ps->reading, t->file, miss);
    return 0;
}

int tc_check_profiles(tc_report *r)
{
    const game_engine *g = r->g;
    int before = r->nperror;
    char amb[80];
    snprintf(amb, sizeof amb, "%s-AMB-", g->tag);
    for (int ai = 0; ai < g->n_amb; ai++) {
        if (strncmp(g->amb[ai].id, amb, strlen(amb))) continue;       /* a variant, not an ambiguity */
        int have = 0;
        for (int ei = 0; ei < r->nentry; ei++) if (!strcmp(r->entry[ei].id, g->amb[ai].id)) have = 1;
        if (!have && add_perror(r, "SPEC.md:%d: %s: in the engine's ambiguity table (rules/%s.c, bit %d) but SPEC.md "
                                   "has no register entry \"### %s\"", r->reg_line ? r->reg_line : 1, g->amb[ai].id,
                                g->name, ai, g->amb[ai].id))
            return -1;
    }
    for (int ei = 0; ei < r->nentry; ei++) {
        const tc_entry *e = &r->entry[ei];
        int ai = -1;
        for (int k = 0; k < g->n_amb; k++) if (!strcmp(g->amb[k].id, e->id)) ai = k;
        if (!e->reg || ai < 0) continue;                               /* not in the engine: skipped */
        for (int k = 0; k < e->npsub; k++) {
            int known = 0;
            for (int pj = 0; pj < g->n_profiles; pj++) if (!strcmp(g->profiles[pj].name, e->psub[k].name)) known = 1;
            if (known) continue;
            char names[128];
            size_t nl = 0;
            names[0] = 0;
            for (int pj = 0; pj < g->n_profiles && nl < sizeof names - 20; pj++)
                nl += (size_t)snprintf(names + nl, sizeof names - nl, "%s%s", pj ? ", " : "", g->profiles[pj].name);
            if (add_perror(r, "SPEC.md:%d: %s: profile %s: %s has no such profile (profiles: %s)", e->psub[k].line,
                           e->id, e->psub[k].name[0] ? e->psub[k].name : "(none named)", g->name, names))
                return -1;
        }
        for (int pj = 0; pj < g->n_profiles; pj++) {
            const game_profile *pf = &g->profiles[pj];
            const char *want = g->amb[ai].reading[(pf->readings >> ai) & 1];
            int n = 0;
            for (int k = 0; k < e->npsub; k++) {
                if (strcmp(e->psub[k].name, pf->name)) continue;
                if (n++ && add_perror(r, "SPEC.md:%d: %s: profile %s: a second sub-bullet for the profile",
                                      e->psub[k].line, e->id, pf->name))
                    return -1;
                if (n == 1 && check_psub(r, e, &e->psub[k], ai, pj)) return -1;
            }
            if (n) continue;
            int rc = e->prof_line
                ? add_perror(r, "SPEC.md:%d: %s: profile %s: no sub-bullet \"  - %s `%s`: \\\"quote\\\" ...\" in the "
                                "Profiles bullet", e->prof_line, e->id, pf->name, pf->name, want)
                : add_perror(r, "SPEC.md:%d: %s: profile %s: no \"- **Profiles:**\" bullet with a sub-bullet \"  - %s "
                                "`%s`: \\\"quote\\\" ...\"", e->line, e->id, pf->name, pf->name, want);
            if (rc) return -1;
        }
    }
    return r->nperror - before;
}

int tc_check_cases(tc_report *r)
{
    const inv_game *og = inv_game_find(r->g->name);
    int before = r->nperror;
    for (int i = 0; og && i < og->n_clauses; i++) {
        const inv_clause *cl = &og->clauses[i];
        const char *want = cl->cases ? cl->cases : "any";
        const tc_entry *e = NULL;
        for (int ei = 0; ei < r->nentry && !e; ei++) if (!strcmp(r->entry[ei].id, cl->id)) e = &r->entry[ei];
        if (!e) continue;                      /* a clause without an entry: the clause gates say so */
        int rc = 0;
        if (!e->cases_line)
            rc = add_perror(r, "SPEC.md:%d: %s: no \"- **Cases:**\" bullet (oracles/inv_%s.c lists the cases: %s)", e->line,
                            e->id, r->g->name, want);
        else if (strcmp(e->cases, want))
            rc = add_perror(r, "SPEC.md:%d: %s: the Cases bullet lists '%s' but oracles/inv_%s.c lists '%s' (the same names in "
                            "the same order)", e->cases_line, e->id, e->cases, r->g->name, want);
        if (rc) return -1;
    }
    return r->nperror - before;
}

/* ---- subject sentences -------------------------------------------------------------------- */

/* Words of 4 letters or more that say nothing of a rule's subject, per text language. */
static const char *const stop_nl[] = {
    "zijn", "hebben", "heeft", "hebt", "deze", "worden", "wordt", "werd", "niet", "voor", "naar", "door",
    "over", "onder", "tussen", "maar", "zich", "haar", "mijn", "jouw", "jullie", "welke", "welk", "wanneer",
    "alle", "alles", "elke", "ieder", "iedere", "meer", "moet", "moeten", "mogen", "kunnen", "zullen", "waar",
    "waarbij", "daar", "daarna", "omdat", "zoals", "zodat", "bijvoorbeeld", "geen", "andere", "ander", "zodra",
    "waarna", "waarin", "daarbij", "hierbij", "zelf", "toch", "even", "weer", "gaat", "gaan", NULL};
static const char *const stop_en[] = {
    "that", "this", "these", "those", "with", "from", "have", "been", "will", "would", "shall", "must", "they",
    "them", "their", "there", "then", "than", "when", "which", "what", "where", "only", "also", "each", "other",
    "into", "onto", "upon", "more", "most", "such", "some", "very", "just", "both", "either", "after", "before",
    "your", "were", "being", "does", "over", "under", "until", "while", "because", "cannot", NULL};
static const char *const stop_de[] = {
    "eine", "einen", "einem", "einer", "eines", "nicht", "sind", "wird", "werden", "wurde", "haben", "kann",
    "k\xc3\xb6nnen", "muss", "m\xc3\xbcssen", "darf", "d\xc3\xbcrfen", "soll", "sich", "sein", "seine", "seinen",
    "seinem", "seiner", "ihre", "ihren", "ihrem", "ihrer", "dann", "wenn", "also", "auch", "noch", "oder", "aber",
    "sowie", "dieser", "diese", "dieses", "diesem", "diesen", "jeder", "jede", "jedes", "jeden", "alle", "allen",
    "mehr", "nach", "\xc3\xbc" "ber", "unter", "durch", "gegen", "ohne", "zwischen", "weil", "dass", "damit",
    "beim", "einmal", NULL};
static const char *const stop_fr[] = {
    "dans", "pour", "avec", "sans", "sont", "\xc3\xaatre", "avoir", "cette", "leur", "leurs", "tout", "tous",
    "toute", "toutes", "mais", "plus", "peut", "peuvent", "doit", "doivent", "elle", "elles", "dont", "alors",
    "ainsi", "aussi", "autre", "autres", "chaque", "entre", "vers", "sous", "selon", "lors", "puis", "encore",
    "m\xc3\xaame", "avant", "apr\xc3\xa8s", "votre", "notre", "celui", "celle", "ceux", "lorsque", "quand",
    "comme", "tr\xc3\xa8s", "ayant", "\xc3\xa9tait", "cela", "ceci", NULL};

static int is_stopword(const char *lang, const char *w)
{
    const char *const *l = !strcmp(lang, "nl") ? stop_nl : !strcmp(lang, "en") ? stop_en
                         : !strcmp(lang, "de") ? stop_de : !strcmp(lang, "fr") ? stop_fr : NULL;
    for (; l && *l; l++) if (!strcmp(*l, w)) return 1;
    return 0;
}

/* The next word of s[*pos..n) into out, case folded (ASCII and the Latin-1 capitals in UTF-8);
 * a word is a run of letters (ASCII, or two-byte UTF-8 Latin letters). Sets *letters; 0 at the end. */
static int next_word(const char *s, size_t n, size_t *pos, char *out, size_t cap, int *letters)
{
    size_t i = *pos;
    for (;;) {
        while (i < n) {
            unsigned char c = (unsigned char)s[i];
            if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') break;
            if (c >= 0xC3 && c <= 0xC5 && i + 1 < n && ((unsigned char)s[i + 1] & 0xC0) == 0x80) break;
            i++;
        }
        if (i >= n) { *pos = i; return 0; }
        size_t o = 0;
        int nl = 0;
        while (i < n) {
            unsigned char c = (unsigned char)s[i];
            if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') {
                if (o + 1 < cap) out[o++] = (char)(c | 0x20);
                i++;
            } else if (c >= 0xC3 && c <= 0xC5 && i + 1 < n && ((unsigned char)s[i + 1] & 0xC0) == 0x80) {
                unsigned char d = (unsigned char)s[i + 1];
                if (c == 0xC3 && d >= 0x80 && d <= 0x9E && d != 0x97) d = (unsigned char)(d + 0x20);   /* À..Þ */
                if (o + 2 < cap) { out[o++] = (char)c; out[o++] = (char)d; }
                i += 2;
            } else break;
            nl++;
        }
        out[o] = 0;
        *pos = i;
        *letters = nl;
        return 1;
    }
}

/* A unit's word w is subject word s: the same, or (when the shorter has 5 letters or more) one
 * is the other with at most two more bytes ("hengst", "hengsten"; "écurie", "écuries"). */
static int same_word(const char *w, const char *s)
{
    size_t a = strlen(w), b = strlen(s);
    if (a == b) return !strcmp(w, s);
    const char *lo = a < b ? w : s, *hi = a < b ? s : w;
    size_t ln = a < b ? a : b, hn = a < b ? b : a;
    size_t letters = 0;
    for (size_t i = 0; i < ln; i++) if (((unsigned char)lo[i] & 0xC0) != 0x80) letters++;
    return letters >= 5 && hn - ln <= 2 && !strncmp(lo, hi, ln);
}

/* Which of the nw subject words unit u of t holds, as a bit mask. */
static uint64_t unit_words(const tc_text *t, const tc_unit *u, char (*word)[48], int nw)
{
    uint64_t m = 0;
    char w[48];
    int letters;
    size_t pos = 0;
    while (next_word(t->buf + u->off, u->len, &pos, w, sizeof w, &letters))
        for (int k = 0; k < nw; k++) if (!(m >> k & 1) && same_word(w, word[k])) m |= (uint64_t)1 << k;
    return m;
}

/* Flag the units of t under norm[pos, pos+len). */
static void flag_units(const tc_text *t, size_t pos, size_t len, unsigned char *flag)
{
    for (size_t p = pos; p < pos + len && p < t->nlen; p++) {
        int ui = t->unit_of[t->norm_off[p]];
        if (ui >= 0) flag[ui] = 1;
    }
}

void tc_flag_frag(const tc_text *t, const char *frag, size_t *from, int all, unsigned char *flag)
{
    size_t fl = strlen(frag);
    if (!fl) return;
    const char *h = *from <= t->nlen ? strstr(t->norm + *from, frag) : NULL;
    if (!h) h = strstr(t->norm, frag);
    if (!h) return;
    flag_units(t, (size_t)(h - t->norm), fl, flag);
    *from = (size_t)(h - t->norm) + fl;
    for (const char *h2 = all ? strstr(t->norm, frag) : NULL; h2; h2 = strstr(h2 + 1, frag))
        flag_units(t, (size_t)(h2 - t->norm), fl, flag);
}

static int popcount64(uint64_t m) { int n = 0; for (; m; m &= m - 1) n++; return n; }

int tc_subjects_of(const tc_report *r, int ei, int ti, tc_subjects *out)
{
    const tc_entry *e = &r->entry[ei];
    const tc_text *t = &r->text[ti];
    memset(out, 0, sizeof *out);
    /* The entry's content words, from every language bullet's quotes. */
    for (int k = 0; k < e->nfrag; k++) {
        const char *s = e->frag[k].s;
        char w[48];
        int letters;
        size_t pos = 0;
        while (next_word(s, strlen(s), &pos, w, sizeof w, &letters)) {
            if (letters < 4 || is_stopword(r->text[e->frag[k].text].lang, w)) continue;
            int dup = 0;
            for (int j = 0; j < out->nword && !dup; j++) dup = same_word(w, out->word[j]);
            if (!dup && out->nword < TC_SUBJ_WORDS) snprintf(out->word[out->nword++], sizeof out->word[0], "%s", w);
        }
    }
    unsigned char *own = calloc((size_t)t->nu + 1, 1), *cited = calloc((size_t)t->nu + 1, 1);
    uint64_t *mask = calloc((size_t)t->nu + 1, sizeof *mask);
    int *order = calloc((size_t)t->nu + 1, sizeof *order);
    if (!own || !cited || !mask || !order) { free(own); free(cited); free(mask); free(order); return -1; }
    /* The units the entry quotes itself, and those its Profiles bullet quotes. */
    for (int k = 0; k < e->nfrag; k++) {
        size_t from = 0;
        if (e->frag[k].text == ti) tc_flag_frag(t, e->frag[k].s, &from, 1, own);
    }
    for (int k = 0; k < e->npsub; k++) {
        const char *q;
        size_t qn, pos = 0, from = 0;
        while (next_quote(e->psub[k].body, &pos, &q, &qn)) {
            char frag[4096];
            while (next_frag(&q, &qn, frag, sizeof frag)) tc_flag_frag(t, frag, &from, strlen(frag) >= TC_REPEAT_MIN, cited);
        }
    }
    /* Too common: in more than TC_SUBJ_COMMON % of the units. */
    int df[TC_SUBJ_WORDS] = {0};
    for (int u = 0; u < t->nu; u++) {
        mask[u] = unit_words(t, &t->u[u], out->word, out->nword);
        for (int k = 0; k < out->nword; k++) if (mask[u] >> k & 1) df[k]++;
    }
    uint64_t keep = 0;
    for (int k = 0; k < out->nword; k++) {
        if ((long)df[k] * 100 > (long)TC_SUBJ_COMMON * t->nu) out->common[k] = 1;
        else keep |= (uint64_t)1 << k;
    }
    int n = 0;
    for (int u = 0; u < t->nu; u++) {
        mask[u] &= keep;
        if (own[u] || !mask[u]) continue;
        for (int k = 0; k < out->nword; k++) if (mask[u] >> k & 1) out->shared[k] = 1;
        /* insertion by (shared words descending, text order) */
        int i = n++, c = popcount64(mask[u]);
        while (i > 0 && popcount64(mask[order[i - 1]]) < c) { order[i] = order[i - 1]; i--; }
        order[i] = u;
    }
    for (int i = 0; i < n; i++) {
        if (out->n == TC_SUBJ_MAX) { out->more++; continue; }
        tc_subj_unit *su = &out->s[out->n++];
        su->unit = order[i]; su->words = mask[order[i]]; su->shared = popcount64(su->words); su->cited = cited[order[i]];
    }
    free(own); free(cited); free(mask); free(order);
    return 0;
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

/* Register entries of SPEC.md that the engine's ambiguity table names (the Profiles gate's). */
static int engine_entries(const tc_report *r)
{
    int n = 0;
    for (int ei = 0; ei < r->nentry; ei++)
        for (int k = 0; k < r->g->n_amb && r->entry[ei].reg; k++) if (!strcmp(r->g->amb[k].id, r->entry[ei].id)) { n++; break; }
    return n;
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
    fprintf(f, "  profile decisions: %d register entr%s of the engine, %d profile(s), %d error(s)\n", engine_entries(r),
            engine_entries(r) == 1 ? "y" : "ies", r->g->n_profiles, r->nperror);
    for (int i = 0; i < r->nperror; i++) fprintf(f, "  error: %s\n", r->perror[i]);
}

/* The subject words of s with bit set in m (or flag set when m is 0), space-separated. */
static void word_list(const tc_subjects *s, uint64_t m, const unsigned char *flag, const char *sep, char *out, size_t cap)
{
    size_t o = 0;
    out[0] = 0;
    for (int k = 0; k < s->nword && o + 60 < cap; k++)
        if (m ? (m >> k & 1) : flag[k]) o += (size_t)snprintf(out + o, cap - o, "%s%s", o ? sep : "", s->word[k]);
}

/* Does register entry e's ID start with `only` (case ignored)? NULL or "" selects every entry. */
static int entry_selected(const tc_entry *e, const char *only)
{
    return e->reg && (!only || !*only || !strncasecmp(e->id, only, strlen(only)));
}

/* The subject sentences of every selected register entry, per text; returns how many entries
 * were printed, -1 out of memory. */
static int print_subjects(FILE *f, const tc_report *r, const char *only, int quiet)
{
    int printed = 0;
    char s[4096], w[2048];
    tc_subjects sub;
    for (int ei = 0; ei < r->nentry; ei++) {
        const tc_entry *e = &r->entry[ei];
        if (!entry_selected(e, only)) continue;
        if (!printed++)
            fprintf(f, "subject sentences: %s (%s): per register entry and text, the sentences that hold a content word "
                       "of the entry's quotes, most such words first; the sentences the entry quotes are left out; "
                       "* the entry's Profiles bullet quotes it\n", r->g->title, r->g->name);
        fprintf(f, "\n%s (SPEC.md:%d)\n", e->id, e->line);
        for (int ti = 0; ti < r->ntext; ti++) {
            const tc_text *t = &r->text[ti];
            if (tc_subjects_of(r, ei, ti, &sub)) return -1;
            word_list(&sub, 0, sub.shared, ", ", w, sizeof w);
            fprintf(f, "  %s %s: shared words: %s", t->lang, t->file, w[0] ? w : "(none)");
            word_list(&sub, 0, sub.common, ", ", w, sizeof w);
            fprintf(f, "%s%s\n", w[0] ? "; too common: " : "", w);
            for (int k = 0; k < sub.n; k++) {
                const tc_unit *u = &t->u[sub.s[k].unit];
                unit_text(t, u, s, sizeof s, quiet ? 160 : 2000);
                word_list(&sub, sub.s[k].words, NULL, " ", w, sizeof w);
                fprintf(f, "  %c %s:%d [%s] %s\n", sub.s[k].cited ? '*' : ' ', t->file, u->line, w, s);
            }
            if (sub.more) fprintf(f, "    ... and %d more sentence(s) with fewer shared words\n", sub.more);
        }
    }
    return printed;
}


/* 0, or -1 out of memory. */
static int write_json(FILE *f, tc_report *const *rs, int nr)
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
                rf_json_str(f, t->buf + u->off, u->len);
                fputs(",\"by\":[", f);
                for (int e = 0; e < u->nref; e++) fprintf(f, "%s\"%s\"", e ? "," : "", r->entry[u->ref[e]].id);
                fputs("]", f);
                if (u->mark >= 0) { fputs(",\"mark\":", f); rf_json_str(f, t->mark[u->mark].reason, strlen(t->mark[u->mark].reason)); }
                fputs("}", f);
            }
            fputs("]}", f);
        }
        fputs("],\"errors\":[", f);
        for (int i = 0; i < r->nerror; i++) { if (i) fputc(',', f); rf_json_str(f, r->error[i], strlen(r->error[i])); }
        fputs("],\"profile_errors\":[", f);
        for (int i = 0; i < r->nperror; i++) { if (i) fputc(',', f); rf_json_str(f, r->perror[i], strlen(r->perror[i])); }
        fputs("],\"register\":[", f);
        int ne = 0;
        tc_subjects sub;
        char w[2048];
        for (int ei = 0; ei < r->nentry; ei++) {
            const tc_entry *e = &r->entry[ei];
            if (!e->reg) continue;
            fprintf(f, "%s\n{\"id\":\"%s\",\"line\":%d,\"subjects\":[", ne++ ? "," : "", e->id, e->line);
            for (int ti = 0; ti < r->ntext; ti++) {
                const tc_text *t = &r->text[ti];
                if (tc_subjects_of(r, ei, ti, &sub)) return -1;
                fprintf(f, "%s{\"lang\":\"%s\",\"file\":\"%s\",\"words\":[", ti ? "," : "", t->lang, t->file);
                for (int k = 0, c = 0; k < sub.nword; k++) if (sub.shared[k]) fprintf(f, "%s\"%s\"", c++ ? "," : "", sub.word[k]);
                fputs("],\"common\":[", f);
                for (int k = 0, c = 0; k < sub.nword; k++) if (sub.common[k]) fprintf(f, "%s\"%s\"", c++ ? "," : "", sub.word[k]);
                fputs("],\"sentences\":[", f);
                for (int k = 0; k < sub.n; k++) {
                    const tc_unit *u = &t->u[sub.s[k].unit];
                    word_list(&sub, sub.s[k].words, NULL, "\",\"", w, sizeof w);
                    fprintf(f, "%s{\"line\":%d,\"shared\":[\"%s\"],\"cited\":%s,\"text\":", k ? "," : "", u->line, w,
                            sub.s[k].cited ? "true" : "false");
                    rf_json_str(f, t->buf + u->off, u->len);
                    fputs("}", f);
                }
                fprintf(f, "],\"more\":%d}", sub.more);
            }
            fputs("]}", f);
        }
        fputs("]}", f);
    }
    fputs("\n]}\n", f);
    return 0;
}


static int write_html(const char *dir, const char *site, const tc_report *r, const char *spec_href, char *err, size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s.html", dir, r->g->name);
    FILE *f = fopen(path, "w");
    if (!f) { rf_set_err(err, errlen, "%s: cannot write: %s", path, strerror(errno)); return -1; }
    char head[256];
    snprintf(head, sizeof head, "Rule-text coverage: %s", r->g->title);
    rf_site_head(f, dir, site, head, NULL);
    fprintf(f, "<h1>Rule-text coverage: %s <small>(%s)</small></h1>\n"
               "<p>Every sentence, list item, table row and heading of the rulebook is quoted by a clause, quoted by an "
               "ambiguity register entry, or marked as not a rule (with a reason in <code>rules/texts/*.marks</code>). "
               "<a href=\"../clauses/%s.html\">Clause coverage of %s</a>.</p>\n"
               "<p class=\"key\"><span class=\"clause\">clause</span><span class=\"register\">register entry</span>"
               "<span class=\"marked\">not a rule</span><span class=\"uncovered\">uncovered</span>"
               "<span class=\"gap\">no counterpart in the other text</span></p>\n<table><tr><th>text</th><th>units</th>"
               "<th>clause</th><th>register</th><th>marked</th><th>uncovered</th><th>covered</th><th>gaps</th></tr>\n",
            r->g->title, r->g->name, r->g->name, r->g->title);
    for (int i = 0; i < r->ntext; i++) {
        const tc_text *t = &r->text[i];
        fprintf(f, "<tr><td><a href=\"#%s\">%s</a></td><td class=n>%d</td><td class=n>%d</td><td class=n>%d</td>"
                   "<td class=n>%d</td><td class=n>%d</td><td class=n>%.1f%%</td><td class=n>%d</td></tr>\n",
                t->lang, t->file, t->nu, t->count[TC_CLAUSE], t->count[TC_REGISTER], t->count[TC_MARKED],
                t->count[TC_UNCOVERED], tc_text_pct(t), t->gaps);
    }
    fputs("</table>\n", f);
    for (int i = 0; i < r->nerror; i++) { fputs("<p class=err>", f); rf_html_esc(f, r->error[i], strlen(r->error[i])); fputs("</p>\n", f); }
    for (int i = 0; i < r->nperror; i++) { fputs("<p class=err>", f); rf_html_esc(f, r->perror[i], strlen(r->perror[i])); fputs("</p>\n", f); }
    for (int i = 0; i < r->ntext; i++) {
        const tc_text *t = &r->text[i];
        fprintf(f, "<h2 id=\"%s\">%s (%s)</h2>\n<div class=\"txt\">", t->lang, t->file, t->lang);
        int line = 1;
        fprintf(f, "<span class=ln>%d</span>", line);
        for (size_t p = 0; p < t->len; ) {
            int ui = t->unit_of[p];
            if (ui < 0 || t->u[ui].off != p) {
                if (t->buf[p] == '\n') fprintf(f, "\n<span class=ln>%d</span>", ++line);
                else rf_html_esc(f, t->buf + p, 1);
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
                rf_html_esc(f, title, strlen(title));
                char slug[128];
                rf_site_slug(r->entry[u->ref[0]].id, strlen(r->entry[u->ref[0]].id), slug, sizeof slug);
                fprintf(f, "\" href=\"%s#%s\">", spec_href, slug);
            } else {
                fprintf(f, "<span class=\"u %s\" title=\"", tc_status_name[u->status]);
                rf_html_esc(f, title, strlen(title));
                fputs("\">", f);
            }
            for (size_t q = u->off; q < u->off + u->len; q++) {
                if (t->buf[q] == '\n') fprintf(f, "\n<span class=ln>%d</span>", ++line);
                else rf_html_esc(f, t->buf + q, 1);
            }
            fputs(u->nref && spec_href ? "</a>" : "</span>", f);
            p = u->off + u->len;
        }
        fputs("</div>\n", f);
    }
    fputs("</body></html>\n", f);
    if (fclose(f) != 0) { rf_set_err(err, errlen, "%s: cannot write: %s", path, strerror(errno)); return -1; }
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

int rf_cmd_textcov(int argc, char **argv)
{
    const char *spec = "SPEC.md", *texts = "rules/texts", *json = NULL, *html = NULL, *only = NULL, *site = NULL;
    double fail_under = -1;
    int quiet = 0, ng = 0, subjects = 0, json_out = 0;
    const game_engine *games[16];
    const char *subj = NULL, *jsonfile = NULL, *pos[32];
    int npos;
    rf_opt o[] = {
        {"spec", RF_OPT_STR, &spec, 0, 0, "FILE", "SPEC.md", NULL},
        {"texts", RF_OPT_STR, &texts, 0, 0, "DIR", "the rulebooks (rules/texts)", NULL},
        {"json", RF_OPT_FLAG, &json_out, 0, 0, NULL, "the report as JSON on standard output", NULL},
        {"json-file", RF_OPT_STR, &jsonfile, 0, 0, "FILE", "the report as JSON into FILE", NULL},
        {"html", RF_OPT_STR, &html, 0, 0, "DIR", "an HTML page per game into DIR", NULL},
        {"site", RF_OPT_STR, &site, 0, 0, "DIR", "the report site the pages link: report.css and SPEC.html (default: --html)", NULL},
        {"fail-under", RF_OPT_DOUBLE, &fail_under, 0, 100, "PCT", "exit 1 when a text's coverage is below PCT", NULL},
        {"subjects", RF_OPT_OPTSTR, &subj, 0, 0, "ENTRY-ID", "per register entry, the sentences that share its quotes' words "
                                                            "(--subjects ENTRY-ID or --subjects=ENTRY-ID: the IDs starting so)", NULL},
        {"quiet", RF_OPT_FLAG, &quiet, 0, 0, NULL, "only the counts and the failures", NULL},
    };
    rf_cmd_spec cs = {"textcov", "[GAME...]", "Rule-text coverage: every sentence of the rulebooks is quoted by a clause or register "
                      "entry of SPEC.md, or marked as not a rule.", 0, 32, o, (int)(sizeof o / sizeof *o), NULL};
    int prc = rf_opts_parse(&cs, argc, argv, pos, 32, &npos);
    if (prc) return prc > 0 ? 0 : TC_EXIT_BAD;
    if (json_out) json = "-";
    if (jsonfile) json = jsonfile;
    if (subj) { subjects = 1; if (*subj) only = subj; }
    for (int i = 0; i < npos; i++) {
        const game_engine *g = game_find(pos[i]);
        if (!g && subjects && !only) { only = pos[i]; continue; }   /* --subjects ENTRY-ID, the old spelling */
        if (!g && json_out && strlen(pos[i]) > 5 && !strcmp(pos[i] + strlen(pos[i]) - 5, ".json")) {
            rf_opts_fail(&cs, "--json is a switch (JSON on standard output); write a file with --json-file %s", pos[i]);
            return TC_EXIT_BAD;
        }
        if (!g) {
            fprintf(stderr, "rulefuzz textcov: unknown game '%s' (games:", pos[i]);
            for (int k = 0; game_engines[k]; k++) fprintf(stderr, " %s", game_engines[k]->name);
            fprintf(stderr, ")\n");
            return TC_EXIT_BAD;
        }
        if (ng < 16) games[ng++] = g;
    }
    if (ng == 0) for (int k = 0; game_engines[k] && ng < 16; k++) games[ng++] = game_engines[k];
    tc_report *rs = calloc((size_t)ng, sizeof *rs);
    tc_report **rp = calloc((size_t)ng, sizeof *rp);
    if (!rs || !rp) { free(rs); free(rp); fprintf(stderr, "rulefuzz: textcov: out of memory\n"); return TC_EXIT_BAD; }
    int status = 0, loaded = 0, shown = 0;
    char err[1200];
    for (int i = 0; i < ng; i++) {
        rp[i] = &rs[i];
        if (tc_report_load(&rs[i], games[i], spec, texts, err, sizeof err)) {
            fprintf(stderr, "rulefuzz: textcov: %s\n", err);
            status = TC_EXIT_BAD;
            break;
        }
        loaded++;
        if (subjects) {
            int any = 0;
            for (int e = 0; e < rs[i].nentry; e++) any |= entry_selected(&rs[i].entry[e], only);
            if (any && shown++ && !json_out) putchar('\n');
            if (any && !json_out && print_subjects(stdout, &rs[i], only, quiet) < 0) {
                fprintf(stderr, "rulefuzz: textcov: out of memory\n");
                status = TC_EXIT_BAD;
                break;
            }
            if (any && !json_out && (rs[i].nerror || rs[i].nperror))
                printf("\n%s: %d quote or mark error(s), %d profile decision error(s): see rulefuzz textcov %s\n",
                       rs[i].g->name, rs[i].nerror, rs[i].nperror, rs[i].g->name);
        } else if (!json_out) {                  /* --json: the JSON alone on standard output */
            if (i) putchar('\n');
            print_text_report(stdout, &rs[i], quiet);
        }
        if (rs[i].nerror || rs[i].nperror) status = status ? status : TC_EXIT_GATE;
        if (fail_under >= 0) {
            int failed = 0;
            for (int t = 0; t < rs[i].ntext; t++) if (tc_text_pct(&rs[i].text[t]) < fail_under) failed = 1;
            if (!json_out && (!subjects || failed || rs[i].nerror || rs[i].nperror))
                printf("  gate --fail-under %g%s%s: %s%s%s\n", fail_under, subjects ? " " : "", subjects ? rs[i].g->name : "",
                       failed || rs[i].nerror || rs[i].nperror ? "FAILED" : "passed",
                       rs[i].nerror ? " (quotes or marks that match no sentence)" : "",
                       rs[i].nperror ? " (register entries without a correct Profiles decision, clauses without a correct Cases bullet)" : "");
            if (failed) status = status ? status : TC_EXIT_GATE;
        }
    }
    if (status != TC_EXIT_BAD && subjects && only && !shown) {
        fprintf(stderr, "rulefuzz: textcov: --subjects %s: no register entry of the game(s) has that ID\n", only);
        status = TC_EXIT_BAD;
    }
    if (status != TC_EXIT_BAD && json) {
        FILE *f = json_out ? stdout : fopen(json, "w");
        if (!f) { fprintf(stderr, "rulefuzz: textcov: %s: cannot write: %s\n", json, strerror(errno)); status = TC_EXIT_BAD; }
        else {
            int bad = write_json(f, rp, loaded);
            if ((json_out ? fflush(f) : fclose(f)) || bad) status = TC_EXIT_BAD;
        }
    }
    if (status != TC_EXIT_BAD && html) {
        if (mkdir_p(html)) { fprintf(stderr, "rulefuzz: textcov: cannot create %s\n", html); status = TC_EXIT_BAD; }
        char href[4400], root[4096], sp[4200];
        if (!site) site = html;
        rf_site_root(spec, root, sizeof root);
        if (status != TC_EXIT_BAD && rf_site_write(site, root, err, sizeof err)) { fprintf(stderr, "rulefuzz: textcov: %s\n", err); status = TC_EXIT_BAD; }
        snprintf(sp, sizeof sp, "%s/SPEC.html", site);
        rf_site_spec_href(html, site, NULL, href, sizeof href);
        for (int i = 0; i < loaded && status != TC_EXIT_BAD; i++)
            if (write_html(html, site, &rs[i], access(sp, R_OK) == 0 ? href : NULL, err, sizeof err)) { fprintf(stderr, "rulefuzz: textcov: %s\n", err); status = TC_EXIT_BAD; }
        if (status != TC_EXIT_BAD && !quiet)
            for (int i = 0; i < loaded; i++) printf("textcov: HTML %s/%s.html\n", html, rs[i].g->name);
    }
    for (int i = 0; i < ng; i++) tc_report_free(&rs[i]);
    free(rs); free(rp);
    return status;
}
