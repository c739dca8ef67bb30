/* mutate.c: mutation testing of each clause's enforcing code: the line mutator, scratch builds, the Check suites and a fuzz run per mutant, resumable results, the per-clause reports. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "mutate.h"
#include "../cli/opts.h"
#include "mutscore.h"
#include "coverage.h"
#include "../records/record.h"
#include "../oracles/oracle.h"
#include "../cli/escape.h"
#include "site.h"

/* ==== The line mutator ================================================================ */

enum { T_IDENT, T_NUM, T_PUNCT };
typedef struct { int at, len, type; } tok;
#define MAX_TOK 256

static int is_id0(int ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_'; }
static int is_id(int ch) { return is_id0(ch) || (ch >= '0' && ch <= '9'); }

/* Code tokens of one line; comments and literals dropped. Returns the count (-1: a preprocessor
 * line or a line that opens or closes a block comment's middle, left alone). */
static int tokenize(const char *s, tok *t, int max)
{
    static const char *const punct[] = {"<<=", ">>=", "->", "++", "--", "<=", ">=", "==", "!=", "&&", "||",
                                        "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>", NULL};
    int n = 0, i = 0, len = (int)strlen(s);
    while (s[i] == ' ' || s[i] == '\t') i++;
    if (s[i] == '#' || (s[i] == '*' && s[i + 1] != '=') ) return -1;   /* preprocessor, block comment body */
    while (i < len && n < max) {
        char ch = s[i];
        if (ch == ' ' || ch == '\t' || ch == '\r') { i++; continue; }
        if (ch == '/' && s[i + 1] == '/') break;
        if (ch == '/' && s[i + 1] == '*') {
            const char *e = strstr(s + i + 2, "*/");
            if (!e) break;
            i = (int)(e - s) + 2;
            continue;
        }
        if (ch == '"' || ch == '\'') {
            for (i++; i < len && s[i] != ch; i++) if (s[i] == '\\' && i + 1 < len) i++;
            i++;
            t[n++] = (tok){i - 1, 1, T_PUNCT};   /* a literal stands in as an operand */
            t[n - 1].type = T_NUM; t[n - 1].len = 0;
            continue;
        }
        if (is_id0(ch)) {
            int j = i;
            while (j < len && is_id(s[j])) j++;
            t[n++] = (tok){i, j - i, T_IDENT};
            i = j;
            continue;
        }
        if (ch >= '0' && ch <= '9') {
            int j = i;
            while (j < len && (is_id(s[j]) || s[j] == '.')) j++;
            t[n++] = (tok){i, j - i, T_NUM};
            i = j;
            continue;
        }
        int l = 1;
        for (int p = 0; punct[p]; p++) {
            int pl = (int)strlen(punct[p]);
            if (!strncmp(s + i, punct[p], (size_t)pl)) { l = pl; break; }
        }
        t[n++] = (tok){i, l, T_PUNCT};
        i += l;
    }
    return n;
}

static int tok_is(const char *s, const tok *t, const char *w)
{
    return t->len == (int)strlen(w) && !strncmp(s + t->at, w, (size_t)t->len);
}

/* The token before t[i] ends an operand: the operator at t[i] is binary. */
static int binary_at(const char *s, const tok *t, int i)
{
    static const char *const kw[] = {"return", "case", "sizeof", "int", "char", "unsigned", "long", "short",
                                     "const", "void", "uint8_t", "uint32_t", "uint64_t", "int64_t", "size_t", NULL};
    if (i == 0) return 0;
    const tok *p = &t[i - 1];
    if (p->type == T_NUM) return 1;
    if (p->type == T_IDENT) {
        for (int k = 0; kw[k]; k++) if (tok_is(s, p, kw[k])) return 0;
        if (p->len > 2 && !strncmp(s + p->at + p->len - 2, "_t", 2)) return 0;       /* a type */
        if (p->len > 5 && !strncmp(s + p->at + p->len - 5, "state", 5)) return 0;    /* hdz_state *s */
        if (p->len > 5 && !strncmp(s + p->at + p->len - 5, "_move", 5)) return 0;
        return 1;
    }
    return tok_is(s, p, ")") || tok_is(s, p, "]");
}

static int add(rf_mut *out, int n, int max, const char *line, int col, int len, const char *op, const char *repl)
{
    if (n >= max || strlen(repl) >= RF_MUT_TEXT) return n;
    rf_mut m;
    memset(&m, 0, sizeof m);
    m.col = col; m.len = len;
    snprintf(m.op, sizeof m.op, "%s", op);
    snprintf(m.repl, sizeof m.repl, "%s", repl);
    /* distinct mutated lines only */
    char a[RF_MUT_TEXT * 2], b[RF_MUT_TEXT * 2];
    if (rf_mut_apply(line, &m, a, sizeof a) < 0) return n;
    if (!strcmp(a, line)) return n;
    for (int i = 0; i < n; i++)
        if (rf_mut_apply(line, &out[i], b, sizeof b) >= 0 && !strcmp(a, b)) return n;
    out[n] = m;
    return n + 1;
}

/* The matching ')' for the '(' at t[i], -1 when it is not on this line. */
static int close_paren(const char *s, const tok *t, int nt, int i)
{
    int depth = 0;
    for (int j = i; j < nt; j++) {
        if (tok_is(s, &t[j], "(")) depth++;
        else if (tok_is(s, &t[j], ")") && --depth == 0) return j;
    }
    return -1;
}

int rf_mut_line(const char *line, rf_mut *out, int max)
{
    static const char *const swap[][3] = {
        {"<", "<=", "rel"}, {"<=", "<", "rel"}, {">", ">=", "rel"}, {">=", ">", "rel"},
        {"==", "!=", "rel"}, {"!=", "==", "rel"}, {"&&", "||", "logic"}, {"||", "&&", "logic"},
        {"+=", "-=", "arith"}, {"-=", "+=", "arith"}, {"++", "--", "arith"}, {"--", "++", "arith"},
        {"<<", ">>", "arith"}, {">>", "<<", "arith"}, {"|=", "&=", "bit"}, {"&=", "|=", "bit"},
        {NULL, NULL, NULL}};
    static const char *const bin[][3] = {
        {"+", "-", "arith"}, {"-", "+", "arith"}, {"*", "/", "arith"}, {"/", "*", "arith"}, {"%", "/", "arith"},
        {"&", "|", "bit"}, {"|", "&", "bit"}, {NULL, NULL, NULL}};
    tok t[MAX_TOK];
    int nt = tokenize(line, t, MAX_TOK), n = 0;
    char buf[RF_MUT_TEXT];
    if (nt <= 0) return 0;
    for (int i = 0; i < nt; i++) {
        const tok *k = &t[i];
        if (k->type == T_PUNCT) {
            for (int s = 0; swap[s][0]; s++)
                if (tok_is(line, k, swap[s][0])) n = add(out, n, max, line, k->at, k->len, swap[s][2], swap[s][1]);
            for (int s = 0; bin[s][0]; s++)
                if (tok_is(line, k, bin[s][0]) && binary_at(line, t, i) && i + 1 < nt)
                    n = add(out, n, max, line, k->at, k->len, bin[s][2], bin[s][1]);
            if (tok_is(line, k, "!") && i + 1 < nt)          /* a negation dropped */
                n = add(out, n, max, line, k->at, k->len, "logic", "");
        } else if (k->type == T_NUM && k->len > 0) {
            char lit[64], *end;
            if (k->len >= (int)sizeof lit) continue;
            memcpy(lit, line + k->at, (size_t)k->len);
            lit[k->len] = 0;
            if (strchr(lit, '.') || ((lit[k->len - 1] == 'e' || lit[k->len - 1] == 'E') && !strchr(lit, 'x'))) continue;
            errno = 0;
            unsigned long long v = strtoull(lit, &end, 0);
            if (errno || end == lit) continue;
            if (i > 0 && tok_is(line, &t[i - 1], "[") && i + 1 < nt && tok_is(line, &t[i + 1], "]") &&
                i > 1 && t[i - 2].type == T_IDENT && i + 2 < nt && (tok_is(line, &t[i + 2], ";") || tok_is(line, &t[i + 2], "=")))
                continue;                                    /* an array's declared size */
            snprintf(buf, sizeof buf, "%llu%s", v + 1, end);
            n = add(out, n, max, line, k->at, k->len, "const", buf);
            if (v > 0) { snprintf(buf, sizeof buf, "%llu%s", v - 1, end); n = add(out, n, max, line, k->at, k->len, "const", buf); }
        } else if (k->type == T_IDENT && (tok_is(line, k, "if") || tok_is(line, k, "while")) && i + 1 < nt &&
                   tok_is(line, &t[i + 1], "(")) {
            int j = close_paren(line, t, nt, i + 1);
            if (j < 0) continue;
            int a = t[i + 1].at + 1, b = t[j].at;
            if (b - a <= 0 || b - a + 4 >= RF_MUT_TEXT) continue;
            snprintf(buf, sizeof buf, "!(%.*s)", b - a, line + a);
            n = add(out, n, max, line, a, b - a, "negate", buf);
        } else if (k->type == T_IDENT && tok_is(line, k, "return") && i + 1 < nt && !tok_is(line, &t[i + 1], ";")) {
            int j = i + 1;
            while (j < nt && !tok_is(line, &t[j], ";")) j++;
            if (j >= nt) continue;
            int a = t[i + 1].at, b = t[j].at;
            int zero = j == i + 2 && tok_is(line, &t[i + 1], "0");
            if (j == i + 2 && t[i + 1].type == T_NUM) continue;    /* a constant: the const mutants cover it */
            n = add(out, n, max, line, a, b - a, "return", zero ? "1" : "0");
        }
    }
    /* The statement deleted: the line holds whole statements (ends with ';'), not a declaration,
     * not a return (changed above), not a bare jump out of a loop or switch. */
    if (nt >= 2 && tok_is(line, &t[nt - 1], ";")) {
        const tok *f = &t[0];
        int decl = f->type == T_IDENT && ((t[1].type == T_IDENT) ||
                   (tok_is(line, &t[1], "*") && nt > 2 && t[2].type == T_IDENT && nt > 3 &&
                    (tok_is(line, &t[3], "=") || tok_is(line, &t[3], ";") || tok_is(line, &t[3], ",") || tok_is(line, &t[3], "["))));
        int skip = tok_is(line, f, "return") || tok_is(line, f, "case") || tok_is(line, f, "default") ||
                   tok_is(line, f, "else") || tok_is(line, f, "for") || tok_is(line, f, "do") || tok_is(line, f, "}") ||
                   tok_is(line, f, "{") || tok_is(line, f, "if") || tok_is(line, f, "while");
        if (tok_is(line, f, "if")) {                     /* "if (c) stmt;": the whole if goes */
            int j = close_paren(line, t, nt, 1);
            skip = j < 0 || j + 1 >= nt - 1;
        }
        if ((!decl && !skip) || tok_is(line, f, "if")) {
            if (!skip) n = add(out, n, max, line, f->at, t[nt - 1].at + 1 - f->at, "delete", ";");
        }
    }
    /* in order of position */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && out[j - 1].col > out[j].col; j--) { rf_mut x = out[j]; out[j] = out[j - 1]; out[j - 1] = x; }
    return n;
}

int rf_mut_apply(const char *line, const rf_mut *m, char *buf, size_t n)
{
    size_t l = strlen(line), r = strlen(m->repl);
    if (m->col < 0 || (size_t)m->col + (size_t)m->len > l) return -1;
    size_t need = l - (size_t)m->len + r;
    if (need + 1 > n) return -1;
    memmove(buf, line, (size_t)m->col);
    memcpy(buf + m->col, m->repl, r);
    memcpy(buf + (size_t)m->col + r, line + m->col + m->len, l - (size_t)m->col - (size_t)m->len + 1);
    return (int)need;
}

static uint64_t fnv(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) { h ^= (unsigned char)s[i]; h *= 0x100000001b3ull; }
    return h;
}

static void trimmed(const char *s, const char **b, size_t *n)
{
    while (*s == ' ' || *s == '\t') s++;
    size_t l = strlen(s);
    while (l && (s[l - 1] == ' ' || s[l - 1] == '\t' || s[l - 1] == '\r')) l--;
    *b = s; *n = l;
}

void rf_mut_key(const char *rel, const char *orig, const char *mutated, char out[17])
{
    uint64_t h = 0xcbf29ce484222325ull;
    const char *b; size_t n;
    h = fnv(h, rel, strlen(rel) + 1);
    trimmed(orig, &b, &n); h = fnv(h, b, n); h = fnv(h, "\n", 1);
    trimmed(mutated, &b, &n); h = fnv(h, b, n);
    snprintf(out, 17, "%016llx", (unsigned long long)h);
}

/* ==== Mutant schemata ================================================================== */

typedef struct { char *s; size_t n, cap; int bad; } sbuf;

static void sb_add(sbuf *b, const char *s, size_t n)
{
    if (b->bad) return;
    if (b->n + n + 1 > b->cap) {
        size_t c = b->cap ? b->cap * 2 : 4096;
        while (c < b->n + n + 1) c *= 2;
        char *q = realloc(b->s, c);
        if (!q) { b->bad = 1; return; }
        b->s = q; b->cap = c;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = 0;
}

static void sb_str(sbuf *b, const char *s) { sb_add(b, s, strlen(s)); }

static void sb_fmt(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_fmt(sbuf *b, const char *fmt, ...)
{
    char t[512];
    va_list ap;
    va_start(ap, fmt);
    int l = vsnprintf(t, sizeof t, fmt, ap);
    va_end(ap);
    if (l < 0 || (size_t)l >= sizeof t) { b->bad = 1; return; }
    sb_add(b, t, (size_t)l);
}

/* A function of the file: its signature's lines [sig, open) (0-based), "{" at open, "}" at close;
 * the name's span in the joined signature; how to call it (its parameters' names). */
typedef struct {
    int sig, open, close;
    char *text;                 /* the signature joined on one line */
    int name_at, name_len, is_void;
    char args[512];
} sfunc;

static int line_is(const char *b, size_t n, const char *w)
{
    while (n && (b[n - 1] == ' ' || b[n - 1] == '\t' || b[n - 1] == '\r')) n--;
    return n == strlen(w) && !memcmp(b, w, n);
}

/* Parse sig into f: 0, or -1 when it is not a function this reader can call. */
static int parse_signature(sfunc *f)
{
    const char *s = f->text;
    const char *lp = strchr(s, '(');
    if (!lp || strchr(s, '=') || strchr(s, ';')) return -1;
    const char *e = lp;
    while (e > s && (e[-1] == ' ' || e[-1] == '\t')) e--;
    const char *b = e;
    while (b > s && is_id(b[-1])) b--;
    if (b == e || !is_id0(*b)) return -1;
    f->name_at = (int)(b - s); f->name_len = (int)(e - b);
    /* the return type: void, not a pointer */
    {
        int has_void = 0, star = 0;
        for (const char *p = s; p < b; p++) {
            if (*p == '*') star = 1;
            if (!strncmp(p, "void", 4) && (p == s || !is_id(p[-1])) && !is_id(p[4])) has_void = 1;
        }
        f->is_void = has_void && !star;
    }
    /* the parameters: up to the matching ')', nothing but space after it */
    int depth = 0;
    const char *rp = NULL;
    for (const char *p = lp; *p; p++) {
        if (*p == '(') depth++;
        else if (*p == ')' && --depth == 0) { rp = p; break; }
    }
    if (!rp) return -1;
    for (const char *p = rp + 1; *p; p++) if (*p != ' ' && *p != '\t' && *p != '\r') return -1;
    f->args[0] = 0;
    const char *p = lp + 1;
    while (p < rp) {
        const char *q = p;
        int d = 0;
        while (q < rp && (d || *q != ',')) { if (*q == '(' || *q == '[') d++; else if (*q == ')' || *q == ']') d--; q++; }
        /* one parameter [p, q) */
        while (p < q && (*p == ' ' || *p == '\t')) p++;
        const char *pe = q;
        while (pe > p && (pe[-1] == ' ' || pe[-1] == '\t')) pe--;
        if (pe - p == 4 && !strncmp(p, "void", 4) && q == rp && !f->args[0]) break;   /* (void) */
        for (const char *x = p; x + 2 < pe; x++) if (!strncmp(x, "...", 3)) return -1;
        const char *ne = NULL, *nb;
        const char *fp = NULL;
        for (const char *x = p; x + 1 < pe; x++) if (x[0] == '(' && x[1] == '*') { fp = x + 2; break; }
        if (fp) {                                         /* int (*cb)(int) */
            while (fp < pe && (*fp == ' ')) fp++;
            nb = fp;
            ne = nb;
            while (ne < pe && is_id(*ne)) ne++;
        } else {
            const char *br = memchr(p, '[', (size_t)(pe - p));
            ne = br ? br : pe;
            while (ne > p && (ne[-1] == ' ' || ne[-1] == '\t')) ne--;
            nb = ne;
            while (nb > p && is_id(nb[-1])) nb--;
            if (nb == p) return -1;                       /* a type alone: an unnamed parameter */
        }
        if (ne == nb || !is_id0(*nb)) return -1;
        size_t l = strlen(f->args);
        if (l + (size_t)(ne - nb) + 3 >= sizeof f->args) return -1;
        snprintf(f->args + l, sizeof f->args - l, "%s%.*s", l ? ", " : "", (int)(ne - nb), nb);
        p = q + 1;
    }
    return 0;
}

/* The signature with the name turned into the copy's (name__rfm<id>), static. */
static void copy_signature(sbuf *b, const sfunc *f, int id)
{
    if (strncmp(f->text, "static", 6) || is_id(f->text[6])) sb_str(b, "static ");
    sb_add(b, f->text, (size_t)f->name_at + (size_t)f->name_len);
    sb_fmt(b, "__rfm%d", id);
    sb_str(b, f->text + f->name_at + f->name_len);
}

char *rf_mut_schema(const char *text, const rf_schema_mut *m, int n, int *placed)
{
    /* lines */
    int nl = 0, lcap = 0;
    const char **lb = NULL;
    size_t *ll = NULL;
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        if (nl + 1 > lcap) {
            int c = lcap ? lcap * 2 : 1024;
            const char **nb = realloc(lb, (size_t)c * sizeof *lb);
            if (!nb) { free(lb); free(ll); return NULL; }
            lb = nb;
            size_t *nll = realloc(ll, (size_t)c * sizeof *ll);
            if (!nll) { free(lb); free(ll); return NULL; }
            ll = nll;
            lcap = c;
        }
        lb[nl] = p; ll[nl] = l; nl++;
        p = e ? e + 1 : p + l;
    }
    /* functions */
    sfunc *fs = NULL;
    int nf = 0, fcap = 0;
    for (int i = 1; i < nl; i++) {
        if (!line_is(lb[i], ll[i], "{")) continue;
        int s = i - 1;
        while (s > 0 && ll[s] && (lb[s][0] == ' ' || lb[s][0] == '\t')) s--;
        if (!ll[s] || !is_id0(lb[s][0])) continue;
        int c = i + 1;
        while (c < nl && !line_is(lb[c], ll[c], "}") && !line_is(lb[c], ll[c], "{")) c++;
        if (c >= nl || !line_is(lb[c], ll[c], "}")) continue;
        sbuf sig = {0};
        for (int k = s; k < i; k++) {
            const char *x = lb[k];
            size_t xl = ll[k];
            if (k > s) { while (xl && (*x == ' ' || *x == '\t')) { x++; xl--; } sb_str(&sig, " "); }
            while (xl && (x[xl - 1] == ' ' || x[xl - 1] == '\t' || x[xl - 1] == '\r')) xl--;
            sb_add(&sig, x, xl);
        }
        if (sig.bad || !sig.s) { free(sig.s); continue; }
        if (nf + 1 > fcap) {
            int cc = fcap ? fcap * 2 : 64;
            sfunc *q = realloc(fs, (size_t)cc * sizeof *fs);
            if (!q) { free(sig.s); break; }
            fs = q; fcap = cc;
        }
        sfunc f = {s, i, c, sig.s, 0, 0, 0, ""};
        if (parse_signature(&f)) { free(sig.s); continue; }
        fs[nf++] = f;
        i = c;
    }
    /* which function holds each mutant (strictly inside its body) */
    int *fof = malloc((size_t)(n ? n : 1) * sizeof *fof), any = 0;
    for (int k = 0; k < n && fof; k++) {
        fof[k] = -1;
        for (int j = 0; j < nf; j++)
            if (m[k].line - 1 > fs[j].open && m[k].line - 1 < fs[j].close && m[k].id >= 0) { fof[k] = j; any = 1; break; }
        if (placed) placed[k] = fof[k] >= 0;
    }
    sbuf b = {0};
    if (fof && any) {
        sb_str(&b, "#include <stdlib.h>\n/* rulefuzz mutate: a mutant schema; RF_MUTANT=<id> picks the mutant */\n"
                   "static int rf_mutant_sel_ = -1;\n"
                   "__attribute__((constructor)) static void rf_mutant_init_(void)\n"
                   "{ const char *e = getenv(\"RF_MUTANT\"); if (e && *e) rf_mutant_sel_ = atoi(e); }\n#line 1\n");
        for (int i = 0; i < nl; i++) {
            int fj = -1;
            for (int j = 0; j < nf; j++) if (fs[j].sig == i || fs[j].open == i || fs[j].close == i) { fj = j; break; }
            const sfunc *f = fj >= 0 ? &fs[fj] : NULL;
            int has = 0;
            for (int k = 0; k < n && f; k++) has |= fof[k] == fj;
            if (f && has && i == f->sig) {                /* the copies' prototypes */
                for (int k = 0; k < n; k++)
                    if (fof[k] == fj) { copy_signature(&b, f, m[k].id); sb_str(&b, ";\n"); }
                sb_fmt(&b, "#line %d\n", i + 1);
            }
            if (f && has && i == f->open) {               /* the dispatch, on the "{" line */
                sb_str(&b, "{ switch (rf_mutant_sel_) {");
                for (int k = 0; k < n; k++) {
                    if (fof[k] != fj) continue;
                    if (f->is_void) sb_fmt(&b, " case %d: %.*s__rfm%d(%s); return;", m[k].id, f->name_len, f->text + f->name_at,
                                           m[k].id, f->args);
                    else sb_fmt(&b, " case %d: return %.*s__rfm%d(%s);", m[k].id, f->name_len, f->text + f->name_at, m[k].id,
                                f->args);
                }
                sb_str(&b, " default: break; }\n");
                continue;
            }
            sb_add(&b, lb[i], ll[i]);
            sb_str(&b, "\n");
            if (f && has && i == f->close) {              /* the copies, each with its mutated line */
                for (int k = 0; k < n; k++) {
                    if (fof[k] != fj) continue;
                    sb_fmt(&b, "#line %d\n", f->sig + 1);
                    copy_signature(&b, f, m[k].id);
                    sb_fmt(&b, "\n#line %d\n", f->open + 1);
                    for (int x = f->open; x <= f->close; x++) {
                        if (x == m[k].line - 1) sb_str(&b, m[k].mutated);
                        else sb_add(&b, lb[x], ll[x]);
                        sb_str(&b, "\n");
                    }
                }
                sb_fmt(&b, "#line %d\n", i + 2);
            }
        }
    }
    for (int j = 0; j < nf; j++) free(fs[j].text);
    free(fs); free(lb); free(ll); free(fof);
    if (b.bad || !any) { free(b.s); return NULL; }
    return b.s;
}

/* ==== The run ========================================================================= */

typedef struct {
    char key[17];
    char *rel;                  /* rules/kk.c */
    int line;
    char op[16];
    char *orig, *mutated;       /* the line before and after */
    char clauses[512];          /* the clauses whose enforcing line it is, comma-separated */
    int status;                 /* ST_* */
    char detail[256];           /* the failing suite, or the clause the fuzzer's oracle named */
    char named[64];             /* --naming: the clause random play's first finding named, "-" none,
                                 * "?" another kind of finding (a sanitizer, a crash); "" not probed */
} mutant;

enum { ST_PENDING = 0, ST_TESTS, ST_FUZZ, ST_SURVIVED, ST_NOCOMPILE, ST_EQUIV };
static const char *const st_name[] = {"not-run", "tests", "fuzz", "survived", "not-compiled", "equivalent"};

typedef struct {
    const char *game;
    const char *clauses;        /* --clauses: IDs or prefixes, comma-separated; NULL all */
    mutant *m; int n, cap;
} mset;

typedef struct {
    char root[1024];            /* --src-root, absolute */
    char out[1024];             /* --out, absolute */
    char site[1024];            /* --site: the report site its page links (report.css, SPEC.html); --out when not given */
    char equiv[PATH_MAX];
    const char *cc, *cflags, *test_cflags, *test_libs, *fuzz_cc, *tests;
    int jobs, fuzz_seconds, max, fresh, report_only, quiet, retry;
    int run_equivalents;        /* --run-equivalents: run the mutants coverage/equivalent-mutants.txt lists too */
    int naming;                 /* --naming N: random games per killed mutant for the naming probe */
    int sample;                 /* --sample N: N mutants spread evenly over the clause order */
    int schemata;               /* mutants of one file share a build (a schema), unless --no-schemata */
    int property_games;         /* --property-games G: the property tests' games per profile (RF_PROPERTY_GAMES;
                                 * 10000, as `make check` plays them, or fewer) */
} mopts;

static char *xstrdup(const char *s)
{
    size_t l = strlen(s) + 1;
    char *p = malloc(l);
    if (!p) { fputs("rulefuzz mutate: out of memory\n", stderr); exit(2); }
    return memcpy(p, s, l);
}

static int grow_to(void *v, int *cap, int need, size_t size)
{
    void **p = v;
    if (need <= *cap) return 0;
    int c = *cap ? *cap * 2 : 64;
    while (c < need) c *= 2;
    void *q = realloc(*p, (size_t)c * size);
    if (!q) return -1;
    *p = q; *cap = c;
    return 0;
}

static int is_clause_id(const char *id, size_t l)
{
    for (int g = 0; inv_games[g]; g++)
        for (int i = 0; i < inv_games[g]->n_clauses; i++)
            if (strlen(inv_games[g]->clauses[i].id) == l && !strncmp(inv_games[g]->clauses[i].id, id, l)) return 1;
    return 0;
}

/* --clauses: comma-separated clause IDs (exact) or prefixes (anything that is not a clause ID). */
static int clause_selected(const char *sel, const char *id)
{
    if (!sel || !*sel) return 1;
    for (const char *p = sel; *p;) {
        size_t l = strcspn(p, ", ");
        if (l && (is_clause_id(p, l) ? strlen(id) == l && !strncmp(id, p, l) : !strncmp(id, p, l))) return 1;
        p += l;
        while (*p == ',' || *p == ' ') p++;
    }
    return 0;
}

typedef struct { mset *s; const char *root; char err[256]; } scan_arg;

/* How many lines before `line` of root/rel hold the same text, trimmed (0 for most lines). */
static int same_lines_before(const char *root, const char *rel, int line, const char *text)
{
    char path[PATH_MAX + 700];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    const char *tb; size_t tn;
    trimmed(text, &tb, &tn);
    char buf[4096];
    int n = 0;
    for (int l = 1; l < line && fgets(buf, sizeof buf, f); l++) {
        buf[strcspn(buf, "\n")] = 0;
        const char *b; size_t bn;
        trimmed(buf, &b, &bn);
        n += bn == tn && !memcmp(b, tb, tn);
    }
    fclose(f);
    return n;
}

/* The lines already seen: "rel:line" -> index of its first mutant, via a linear list (a few
 * hundred lines per game). */
static int on_line(const char *clause, const char *game, const char *rel, int line, const char *text, void *arg)
{
    scan_arg *a = arg;
    mset *s = a->s;
    if (strcmp(game, s->game) || !clause_selected(s->clauses, clause)) return 0;
    /* Only .c files: a mutant is one rebuilt object linked in place of the original, and a header
     * is compiled into every object and test that includes it (its lines are types, sizes and
     * macros the .c files' mutants already exercise). */
    size_t rl = strlen(rel);
    if (rl < 2 || strcmp(rel + rl - 2, ".c")) return 0;
    /* a line shared by several clauses: its mutants count for each */
    int found = 0;
    for (int i = 0; i < s->n; i++)
        if (s->m[i].line == line && !strcmp(s->m[i].rel, rel)) {
            found = 1;
            if (!strstr(s->m[i].clauses, clause) && strlen(s->m[i].clauses) + strlen(clause) + 2 < sizeof s->m[i].clauses) {
                strcat(s->m[i].clauses, ",");
                strcat(s->m[i].clauses, clause);
            }
        }
    /* a generic clause (GEN-HIDDEN-INFO in an engine's determinize) names a line a game clause's
     * mutants already cover, so that a failure it names counts as named; it adds no mutant */
    if (found || !strncmp(clause, "GEN-", 4)) return 0;
    /* the same text on an earlier line of the file: the key tells them apart ("rel#n") */
    int dup = same_lines_before(a->root, rel, line, text);
    char krel[600];
    if (dup) snprintf(krel, sizeof krel, "%s#%d", rel, dup); else snprintf(krel, sizeof krel, "%s", rel);
    rf_mut ms[64];
    int k = rf_mut_line(text, ms, 64);
    for (int i = 0; i < k; i++) {
        char buf[RF_MUT_TEXT * 2];
        if (rf_mut_apply(text, &ms[i], buf, sizeof buf) < 0) continue;
        if (grow_to(&s->m, &s->cap, s->n + 1, sizeof *s->m)) return -1;
        mutant *m = &s->m[s->n++];
        memset(m, 0, sizeof *m);
        m->rel = xstrdup(rel);
        m->line = line;
        snprintf(m->op, sizeof m->op, "%s", ms[i].op);
        m->orig = xstrdup(text);
        m->mutated = xstrdup(buf);
        snprintf(m->clauses, sizeof m->clauses, "%s", clause);
        rf_mut_key(krel, text, buf, m->key);
    }
    return 0;
}

static void mset_free(mset *s)
{
    for (int i = 0; i < s->n; i++) { free(s->m[i].rel); free(s->m[i].orig); free(s->m[i].mutated); }
    free(s->m);
    s->m = NULL; s->n = s->cap = 0;
}

/* ---- Equivalent mutants: "KEY <TAB> reason" lines, '#' comments ------------------------- */

typedef struct { char key[17]; char *reason; } equiv;
typedef struct { equiv *e; int n, cap; } equivs;

static int equiv_read(const char *path, equivs *q, FILE *errf)
{
    FILE *f = fopen(path, "r");
    char line[2048];
    int ln = 0;
    if (!f) return errno == ENOENT ? 0 : (fprintf(errf, "%s: %s\n", path, strerror(errno)), -1);
    while (fgets(line, sizeof line, f)) {
        ln++;
        line[strcspn(line, "\n")] = 0;
        if (!line[0] || line[0] == '#') continue;
        size_t l = strspn(line, "0123456789abcdef");
        if (l != 16 || (line[16] != '\t' && line[16] != ' ') || !line[17 + strspn(line + 17, " \t")]) {
            fprintf(errf, "%s:%d: want 'KEY<TAB>reason' (KEY: 16 hex digits from the mutation report)\n", path, ln);
            fclose(f);
            return -1;
        }
        if (grow_to(&q->e, &q->cap, q->n + 1, sizeof *q->e)) { fclose(f); return -1; }
        memcpy(q->e[q->n].key, line, 16);
        q->e[q->n].key[16] = 0;
        q->e[q->n].reason = xstrdup(line + 17 + strspn(line + 17, " \t"));
        q->n++;
    }
    fclose(f);
    return 0;
}

static const char *equiv_reason(const equivs *q, const char *key)
{
    for (int i = 0; i < q->n; i++) if (!strcmp(q->e[i].key, key)) return q->e[i].reason;
    return NULL;
}

/* ---- Results: "KEY <TAB> status <TAB> detail [<TAB> named]" lines, appended as mutants finish -- */

static void results_load(const char *path, mset *s)
{
    FILE *f = fopen(path, "r");
    char line[1024];
    if (!f) return;
    while (fgets(line, sizeof line, f)) {
        if (!strchr(line, '\n')) continue;                 /* a line cut by an interrupt */
        line[strcspn(line, "\n")] = 0;
        char *t1 = strchr(line, '\t');
        if (!t1 || t1 - line != 16) continue;
        *t1 = 0;
        char *t2 = strchr(t1 + 1, '\t'), *t3 = NULL;
        if (t2) { *t2 = 0; if ((t3 = strchr(t2 + 1, '\t'))) *t3 = 0; }
        int st = -1;
        for (int k = ST_TESTS; k <= ST_NOCOMPILE; k++) if (!strcmp(t1 + 1, st_name[k])) st = k;
        if (st < 0) continue;
        for (int i = 0; i < s->n; i++)
            if (!strcmp(s->m[i].key, line)) {
                s->m[i].status = st;
                snprintf(s->m[i].detail, sizeof s->m[i].detail, "%s", t2 ? t2 + 1 : "");
                snprintf(s->m[i].named, sizeof s->m[i].named, "%s", t3 ? t3 + 1 : "");
            }
    }
    fclose(f);
}

/* ---- Processes -------------------------------------------------------------------------- */

static double now(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

/* Run `cmd` through /bin/sh in its own process group, output to `log` (NULL: /dev/null), for at
 * most `limit` seconds (0: no limit). With stop_on_fail, reading the output as it comes, a Check
 * result line marking a failure or an error (":F:" / ":E:") ends the run at once. Returns the
 * exit status, 124 on a timeout, 1 when stopped at a failure. */
static int run(const char *cmd, const char *log, double limit, int stop_on_fail, char *first, size_t fn)
{
    int fd[2];
    if (pipe(fd)) return 127;
    pid_t pid = fork();
    if (pid < 0) { close(fd[0]); close(fd[1]); return 127; }
    if (pid == 0) {
        setpgid(0, 0);
        dup2(fd[1], 1); dup2(fd[1], 2);
        close(fd[0]); close(fd[1]);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid);
    close(fd[1]);
    FILE *lf = log ? fopen(log, "w") : NULL;
    fcntl(fd[0], F_SETFL, O_NONBLOCK);
    double t0 = now();
    char buf[4096], acc[8192];
    size_t al = 0;
    int status = 0, stopped = 0, done = 0;
    if (first && fn) first[0] = 0;
    while (!done) {
        ssize_t r = read(fd[0], buf, sizeof buf);
        if (r > 0) {
            if (lf) fwrite(buf, 1, (size_t)r, lf);
            for (ssize_t i = 0; i < r; i++) {
                if (al < sizeof acc - 1) acc[al++] = buf[i];
                if (buf[i] != '\n') continue;
                acc[al] = 0;
                if (stop_on_fail && (strstr(acc, ":F:") || strstr(acc, ":E:"))) {
                    if (first && fn) snprintf(first, fn, "%.*s", (int)strcspn(acc, "\n"), acc);
                    stopped = 1;
                }
                if (first && fn && !first[0] && (strstr(acc, "rulefuzz: oracle ") || strstr(acc, "ERROR: AddressSanitizer") ||
                                                  strstr(acc, "runtime error: ")))
                    snprintf(first, fn, "%.*s", (int)strcspn(acc, "\n"), acc);
                al = 0;
            }
            if (stopped) { kill(-pid, SIGKILL); break; }
            continue;
        }
        if (r == 0) { done = 1; break; }
        /* over time: kill the group and stop reading (a grandchild may keep the pipe open) */
        if (limit > 0 && now() - t0 > limit) { kill(-pid, SIGKILL); stopped = 2; break; }
        struct timespec ts = {0, 20 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    close(fd[0]);
    if (lf) fclose(lf);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    kill(-pid, SIGKILL);                                   /* anything the run left behind */
    if (stopped == 1) return 1;
    if (stopped == 2) return 124;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

static int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int sh(const char *fmt, ...)
{
    char cmd[16384];
    va_list ap;
    va_start(ap, fmt);
    int l = vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    if (l < 0 || (size_t)l >= sizeof cmd) return 127;
    return run(cmd, NULL, 0, 0, NULL, 0);
}

static char *read_all(const char *path)
{
    size_t len;
    char err[256];
    return rf_read_file(path, &len, err, sizeof err);
}

static int write_all(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    int ok = fputs(text, f) >= 0;
    return fclose(f) == 0 && ok ? 0 : -1;
}

/* Flat object name for a source path: rules/kk.c -> rules_kk.o */
static void obj_name(const char *rel, char *out, size_t n)
{
    snprintf(out, n, "%s", rel);
    for (char *p = out; *p; p++) if (*p == '/') *p = '_';
    size_t l = strlen(out);
    if (l > 2 && !strcmp(out + l - 2, ".c")) out[l - 1] = 'o';
}

/* A worker: its scratch copy of the tree, its objects and binaries. */
typedef struct {
    char dir[PATH_MAX];
    char **lib; int nlib;           /* library sources (rel) */
    char **fz; int nfz;             /* fuzz library sources (rel) */
    char *test[16]; int ntest;      /* test names: check_kk_rules ... (fastest first) */
    double test_secs[16];
} worker;

static int list_dir_c(const char *root, const char *sub, char ***out, int *n, int *cap, const char *prefix)
{
    char d[PATH_MAX + 64];
    snprintf(d, sizeof d, "%s/%s", root, sub);
    DIR *dd = opendir(d);
    if (!dd) return -1;
    struct dirent *e;
    char *names[256];
    int k = 0;
    while ((e = readdir(dd)) && k < 256) {
        size_t l = strlen(e->d_name);
        if (l < 3 || strcmp(e->d_name + l - 2, ".c")) continue;
        if (prefix && strncmp(e->d_name, prefix, strlen(prefix))) continue;
        names[k++] = xstrdup(e->d_name);
    }
    closedir(dd);
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) { char *x = names[j]; names[j] = names[j - 1]; names[j - 1] = x; }
    for (int i = 0; i < k; i++) {
        if (grow_to(out, cap, *n + 1, sizeof **out)) return -1;
        char rel[600];
        snprintf(rel, sizeof rel, "%s/%s", sub, names[i]);
        (*out)[(*n)++] = xstrdup(rel);
        free(names[i]);
    }
    return 0;
}

static int has_word(const char *list, const char *w)
{
    size_t l = strlen(w);
    for (const char *p = list; (p = strstr(p, w)); p += l)
        if ((p == list || p[-1] == ' ' || p[-1] == ',') && (p[l] == 0 || p[l] == ' ' || p[l] == ',')) return 1;
    return 0;
}

/* The fuzz stage's build: libFuzzer with ASan and UBSan, as make check's fuzz smoke, so a mutant
 * that reads or writes out of bounds (a loop bound one too far) is caught even when no oracle
 * sees a wrong state. */
#define FUZZ_CFLAGS "-std=c11 -D_DEFAULT_SOURCE -g -O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined"
#define FUZZ_LDFLAGS "-fsanitize=fuzzer,address,undefined"

/* Set up worker w for game g: copy the tree, build every object and the game's tests, run the
 * unmutated suites (they must pass: their times bound each mutant's). 0, or -1 with a message. */
static int worker_setup(worker *wk, const mopts *o, const char *g, int w, FILE *errf)
{
    int cap = 0, fcap = 0, tcap = 0;
    memset(wk, 0, sizeof *wk);
    snprintf(wk->dir, sizeof wk->dir, "%s/%s/w%d", o->out, g, w);
    if (sh("rm -rf '%s/src' && mkdir -p '%s/src' '%s/obj' '%s/fobj' '%s/bin' && cd '%s' && cp -R rules oracles records cli coverage players ambiguity tests fuzz '%s/src/'",
           wk->dir, wk->dir, wk->dir, wk->dir, wk->dir, o->root, wk->dir)) {
        fprintf(errf, "rulefuzz mutate: cannot copy the tree into %s/src\n", wk->dir);
        return -1;
    }
    char src[PATH_MAX + 8];
    snprintf(src, sizeof src, "%s/src", wk->dir);
    if (list_dir_c(src, "rules", &wk->lib, &wk->nlib, &cap, NULL) || list_dir_c(src, "oracles", &wk->lib, &wk->nlib, &cap, NULL))
        return -1;
    for (int i = 0; i < wk->nlib; i++) {
        if (grow_to(&wk->fz, &fcap, wk->nfz + 1, sizeof *wk->fz)) return -1;
        wk->fz[wk->nfz++] = xstrdup(wk->lib[i]);
    }
    if (grow_to(&wk->fz, &fcap, wk->nfz + 2, sizeof *wk->fz)) return -1;
    wk->fz[wk->nfz++] = xstrdup("records/record.c");
    wk->fz[wk->nfz++] = xstrdup("coverage/counts.c");                /* the harnesses' LIB_SRC (Makefile) */
    list_dir_c(src, "coverage", &wk->lib, &wk->nlib, &cap, NULL);
    list_dir_c(src, "players", &wk->lib, &wk->nlib, &cap, NULL);     /* the report's players and statistics (ambiguity/diff.c) */
    list_dir_c(src, "ambiguity", &wk->lib, &wk->nlib, &cap, NULL);
    if (grow_to(&wk->lib, &cap, wk->nlib + 3, sizeof *wk->lib)) return -1;
    wk->lib[wk->nlib++] = xstrdup("records/record.c");
    wk->lib[wk->nlib++] = xstrdup("cli/opts.c");                       /* the commands' option parser */
    wk->lib[wk->nlib++] = xstrdup("cli/escape.c");                     /* JSON and HTML text */
    char pre[64];
    snprintf(pre, sizeof pre, "check_%s", g);
    char **t = NULL;
    int nt = 0;
    list_dir_c(src, "tests", &t, &nt, &tcap, pre);
    for (int i = 0; i < nt && wk->ntest < 16; i++) {
        const char *name = strrchr(t[i], '/') + 1;
        char base[128];
        snprintf(base, sizeof base, "%.*s", (int)(strlen(name) - 2), name);
        /* check_<game>.c or check_<game>_*.c, and only those --tests names */
        size_t pl = strlen(pre);
        if ((base[pl] == 0 || base[pl] == '_') && (!o->tests || !*o->tests || has_word(o->tests, base)))
            wk->test[wk->ntest++] = xstrdup(base);
        free(t[i]);
    }
    free(t);
    /* objects */
    for (int i = 0; i < wk->nlib; i++) {
        char on[300];
        obj_name(wk->lib[i], on, sizeof on);
        if (sh("cd '%s' && %s %s -c '%s' -o '%s/obj/%s'", src, o->cc, o->cflags, wk->lib[i], wk->dir, on)) {
            fprintf(errf, "rulefuzz mutate: %s does not compile in %s\n", wk->lib[i], src);
            return -1;
        }
    }
    for (int i = 0; i < wk->ntest; i++)
        if (sh("cd '%s' && %s %s %s -Wno-missing-prototypes -c 'tests/%s.c' -o '%s/obj/test_%s.o'", src, o->cc, o->cflags,
               o->test_cflags, wk->test[i], wk->dir, wk->test[i])) {
            fprintf(errf, "rulefuzz mutate: tests/%s.c does not compile\n", wk->test[i]);
            return -1;
        }
    if (o->naming > 0 &&
        (sh("cd '%s' && %s %s -Wno-missing-prototypes -c 'fuzz/fuzz_%s.c' -o '%s/obj/probe_harness.o'", src, o->cc, o->cflags, g,
            wk->dir) ||
         sh("cd '%s' && %s %s -c fuzz/replay_main.c -o '%s/obj/probe_main.o'", src, o->cc, o->cflags, wk->dir))) {
        fprintf(errf, "rulefuzz mutate: the naming probe (fuzz/fuzz_%s.c, fuzz/replay_main.c) does not compile\n", g);
        return -1;
    }
    if (o->fuzz_seconds > 0) {
        for (int i = 0; i < wk->nfz; i++) {
            char on[300];
            obj_name(wk->fz[i], on, sizeof on);
            if (sh("cd '%s' && %s " FUZZ_CFLAGS " -c '%s' -o '%s/fobj/%s'", src,
                   o->fuzz_cc, wk->fz[i], wk->dir, on)) {
                fprintf(errf, "rulefuzz mutate: %s does not compile for libFuzzer\n", wk->fz[i]);
                return -1;
            }
        }
        if (sh("cd '%s' && %s " FUZZ_CFLAGS " -c 'fuzz/fuzz_%s.c' -o '%s/fobj/harness.o'",
               src, o->fuzz_cc, g, wk->dir)) {
            fprintf(errf, "rulefuzz mutate: fuzz/fuzz_%s.c does not compile\n", g);
            return -1;
        }
    }
    return 0;
}

/* Link the game's tests with the mutant's object in place of `rel`'s (NULL: none). */
static int link_tests(const worker *wk, const mopts *o, const char *rel)
{
    char objs[8192] = "", on[300], mon[300] = "";
    if (rel) obj_name(rel, mon, sizeof mon);
    for (int i = 0; i < wk->nlib; i++) {
        obj_name(wk->lib[i], on, sizeof on);
        size_t l = strlen(objs);
        if (rel && !strcmp(on, mon)) snprintf(objs + l, sizeof objs - l, " '%s/obj/mutant.o'", wk->dir);
        else snprintf(objs + l, sizeof objs - l, " '%s/obj/%s'", wk->dir, on);
    }
    for (int i = 0; i < wk->ntest; i++)
        if (sh("%s -o '%s/bin/%s' '%s/obj/test_%s.o' %s %s", o->cc, wk->dir, wk->test[i], wk->dir, wk->test[i], objs, o->test_libs))
            return -1;
    return 0;
}

/* Run the suites, fastest first, stopping at the first failure. 0 all passed, else 1 with the
 * suite and failure in detail. Each suite gets 3 times its unmutated time plus 20 s. */
static int run_tests(worker *wk, const mopts *o, int baseline, const char *env, char *detail, size_t dn)
{
    for (int i = 0; i < wk->ntest; i++) {
        char cmd[PATH_MAX * 4], first[200];
        /* CK_FORK=no: the suite is one process in the run's process group, so a timeout's kill
         * reaches every test (a forked Check test sets up a group of its own and would outlive it) */
        snprintf(cmd, sizeof cmd, "cd '%s' && %s CK_FORK=no CK_VERBOSITY=verbose RF_PROPERTY_GAMES=%d RF_CORPUS='%s/corpus' '%s/bin/%s'",
                 o->root, env, o->property_games, o->root, wk->dir, wk->test[i]);
        double t0 = now();
        int rc = run(cmd, NULL, baseline ? 0 : wk->test_secs[i] * 3 + 20, !baseline, first, sizeof first);
        if (baseline) wk->test_secs[i] = now() - t0;
        if (rc) {
            const char *f = first;
            /* "tests/check_kk_rules.c:123:F:case:test:0: message": keep from the test name on */
            for (int c = 0; c < 4 && strchr(f, ':'); c++) f = strchr(f, ':') + 1;
            snprintf(detail, dn, "%s%s%s", wk->test[i], rc == 124 ? ": timeout" : first[0] ? ": " : "",
                     rc == 124 ? "" : f);
            return 1;
        }
    }
    if (baseline)   /* fastest first from now on */
        for (int i = 1; i < wk->ntest; i++)
            for (int j = i; j > 0 && wk->test_secs[j - 1] > wk->test_secs[j]; j--) {
                double x = wk->test_secs[j]; wk->test_secs[j] = wk->test_secs[j - 1]; wk->test_secs[j - 1] = x;
                char *s = wk->test[j]; wk->test[j] = wk->test[j - 1]; wk->test[j - 1] = s;
            }
    return 0;
}

/* The fuzz run for a survivor: the harness from a fresh copy of its seeds. 1 killed (detail: the
 * clause the oracle named, the sanitizer's report, or how it crashed), 0 survived, -1 the fuzzer
 * did not build. */
static int run_fuzz(worker *wk, const mopts *o, const char *g, const char *rel, int build, const char *env, char *detail,
                    size_t dn)
{
    char on[300], objs[8192] = "", first[300];
    obj_name(rel, on, sizeof on);
    if (build && sh("cd '%s/src' && %s " FUZZ_CFLAGS " -c '%s' -o '%s/fobj/mutant.o'",
           wk->dir, o->fuzz_cc, rel, wk->dir))
        return -1;
    for (int i = 0; i < wk->nfz; i++) {
        char fn[300];
        obj_name(wk->fz[i], fn, sizeof fn);
        size_t l = strlen(objs);
        snprintf(objs + l, sizeof objs - l, " '%s/fobj/%s'", wk->dir, strcmp(fn, on) ? fn : "mutant.o");
    }
    if (build && sh("%s " FUZZ_LDFLAGS " -o '%s/bin/fuzz' '%s/fobj/harness.o' %s -lm", o->fuzz_cc, wk->dir, wk->dir, objs)) return -1;
    if (sh("rm -rf '%s/fcorpus' && mkdir -p '%s/fcorpus' && cp '%s/corpus/%s/'* '%s/fcorpus/'", wk->dir, wk->dir, o->root, g, wk->dir))
        return -1;
    char cmd[PATH_MAX * 4];
    snprintf(cmd, sizeof cmd, "%s '%s/bin/fuzz' -max_total_time=%d -timeout=10 -artifact_prefix='%s/' '%s/fcorpus'", env,
             wk->dir, o->fuzz_seconds, wk->dir, wk->dir);
    int rc = run(cmd, NULL, o->fuzz_seconds + 60, 0, first, sizeof first);
    if (rc == 0) return 0;
    const char *p = strstr(first, "rulefuzz: oracle ");
    if (p) {
        p += strlen("rulefuzz: oracle ");
        snprintf(detail, dn, "oracle %.*s", (int)strcspn(p, " "), p);
    } else if ((p = strstr(first, "ERROR: AddressSanitizer: "))) {
        p += strlen("ERROR: AddressSanitizer: ");
        snprintf(detail, dn, "ASan %.*s", (int)strcspn(p, " "), p);
    } else if ((p = strstr(first, "runtime error: "))) {
        const char *f = strrchr(first, '/');                       /* "rules/kk.c:403:33: runtime error: ..." */
        snprintf(detail, dn, "UBSan %.*s %.80s", (int)strcspn(f ? f + 1 : first, " "), f ? f + 1 : first,
                 p + strlen("runtime error: "));
    } else snprintf(detail, dn, "%s", rc == 124 ? "hang" : "crash");
    return 1;
}

/* The naming probe of a killed mutant (--naming N): the game's harness and fuzz/replay_main.c linked
 * with the mutant, N random games (replay_main --random N --stop); `named` gets the clause of the
 * first oracle violation, "?" a finding of another kind, "-" none in N games. */
static void probe_naming(const worker *wk, const mopts *o, const char *rel, int build, const char *env, char *named, size_t nn)
{
    char objs[8192] = "", on[300], mon[300], first[600];
    obj_name(rel, mon, sizeof mon);
    snprintf(named, nn, "?");
    for (int i = 0; i < wk->nlib; i++) {
        obj_name(wk->lib[i], on, sizeof on);
        size_t l = strlen(objs);
        snprintf(objs + l, sizeof objs - l, " '%s/obj/%s'", wk->dir, strcmp(on, mon) ? on : "mutant.o");
    }
    if (build && sh("%s -o '%s/bin/probe' '%s/obj/probe_harness.o' '%s/obj/probe_main.o' %s -lm", o->cc, wk->dir, wk->dir,
                    wk->dir, objs))
        return;
    char cmd[PATH_MAX * 2];
    snprintf(cmd, sizeof cmd, "%s '%s/bin/probe' --random %d --stop", env, wk->dir, o->naming);
    int rc = run(cmd, NULL, 120, 0, first, sizeof first);
    const char *p = strstr(first, "rulefuzz: oracle ");
    if (p) { p += strlen("rulefuzz: oracle "); snprintf(named, nn, "%.*s", (int)strcspn(p, " "), p); }
    else if (rc == 0 && !first[0]) snprintf(named, nn, "-");
}

/* One mutant in worker wk: write the mutated file, compile it, link, test, fuzz. */
static int do_mutant(worker *wk, const mopts *o, const char *g, const mutant *m, char *detail, size_t dn, char *named,
                     size_t nn)
{
    char path[PATH_MAX + 400];
    snprintf(path, sizeof path, "%s/src/%s", wk->dir, m->rel);
    char *text = read_all(path);
    if (!text) return ST_NOCOMPILE;
    /* replace line m->line */
    size_t len = strlen(text), need = len + strlen(m->mutated) + 2;
    char *mt = malloc(need);
    if (!mt) { free(text); return ST_NOCOMPILE; }
    char *p = text;
    for (int l = 1; l < m->line && p; l++) { p = strchr(p, '\n'); if (p) p++; }
    if (!p) { free(text); free(mt); return ST_NOCOMPILE; }
    char *e = strchr(p, '\n');
    size_t a = (size_t)(p - text);
    memcpy(mt, text, a);
    strcpy(mt + a, m->mutated);
    strcat(mt, e ? e : "");
    int st = ST_SURVIVED;
    detail[0] = 0;
    if (write_all(path, mt)) { st = ST_NOCOMPILE; goto out; }
    char on[300];
    obj_name(m->rel, on, sizeof on);
    if (sh("cd '%s/src' && %s %s -c '%s' -o '%s/obj/mutant.o'", wk->dir, o->cc, o->cflags, m->rel, wk->dir)) {
        st = ST_NOCOMPILE;
        goto out;
    }
    if (link_tests(wk, o, m->rel)) { st = ST_NOCOMPILE; goto out; }
    if (run_tests(wk, o, 0, "", detail, dn)) { st = ST_TESTS; goto out; }
    if (o->fuzz_seconds > 0) {
        int f = run_fuzz(wk, o, g, m->rel, 1, "", detail, dn);
        if (f > 0) st = ST_FUZZ;
    }
out:
    named[0] = 0;
    if (o->naming > 0 && (st == ST_TESTS || st == ST_FUZZ)) probe_naming(wk, o, m->rel, 1, "", named, nn);
    write_all(path, text);
    free(text);
    free(mt);
    return st;
}

/* A worker's result for one mutant, down the pipe to the parent. */
static void emit(int fd, const mutant *m, int st, char *detail, const char *named)
{
    char line[600];
    for (char *p = detail; *p; p++) if (*p == '\t' || *p == '\n') *p = ' ';
    int l = snprintf(line, sizeof line, "%s\t%s\t%.200s%s%s\n", m->key, st_name[st], detail, named[0] ? "\t" : "", named);
    if (write(fd, line, (size_t)l) != l) _exit(5);
}

/* Mutants idx[0..n) of one file in one build (a schema, coverage/mutate.h): write it, compile it,
 * link the tests once, then run each mutant with RF_MUTANT set; a survivor's fuzzer and the naming
 * probe are linked once too. When the schema does not compile (one of its mutants does not), its
 * halves are tried, down to single mutants built as before. */
static void do_schema(worker *wk, const mopts *o, const char *g, const mset *s, const int *idx, int n, int fd)
{
    char detail[256], named[64];
    const char *rel = s->m[idx[0]].rel;
    if (n == 1 && !o->schemata) {
        int st = do_mutant(wk, o, g, &s->m[idx[0]], detail, sizeof detail, named, sizeof named);
        emit(fd, &s->m[idx[0]], st, detail, named);
        return;
    }
    char path[PATH_MAX + 400];
    snprintf(path, sizeof path, "%s/src/%s", wk->dir, rel);
    char *text = read_all(path);
    rf_schema_mut *sm = malloc((size_t)n * sizeof *sm);
    int *placed = malloc((size_t)n * sizeof *placed);
    char *schema = NULL;
    if (text && sm && placed) {
        for (int k = 0; k < n; k++) sm[k] = (rf_schema_mut){s->m[idx[k]].line, s->m[idx[k]].mutated, idx[k]};
        schema = rf_mut_schema(text, sm, n, placed);
    }
    int ok = schema && !write_all(path, schema) &&
             !sh("cd '%s/src' && %s %s -c '%s' -o '%s/obj/mutant.o'", wk->dir, o->cc, o->cflags, rel, wk->dir);
    for (int k = 0; ok && k < n; k++) ok = placed[k];
    if (ok) ok = !link_tests(wk, o, rel);
    if (!ok) {                                    /* halves, or single builds */
        if (text) write_all(path, text);
        free(text); free(sm); free(placed); free(schema);
        if (n == 1) {
            int st = do_mutant(wk, o, g, &s->m[idx[0]], detail, sizeof detail, named, sizeof named);
            emit(fd, &s->m[idx[0]], st, detail, named);
            return;
        }
        do_schema(wk, o, g, s, idx, n / 2, fd);
        do_schema(wk, o, g, s, idx + n / 2, n - n / 2, fd);
        return;
    }
    int fuzz_built = 0, probe_built = 0;
    for (int k = 0; k < n; k++) {
        const mutant *m = &s->m[idx[k]];
        char env[64];
        snprintf(env, sizeof env, "RF_MUTANT=%d", idx[k]);
        int st = ST_SURVIVED;
        detail[0] = named[0] = 0;
        if (run_tests(wk, o, 0, env, detail, sizeof detail)) st = ST_TESTS;
        else if (o->fuzz_seconds > 0) {
            int f = run_fuzz(wk, o, g, rel, !fuzz_built, env, detail, sizeof detail);
            if (f >= 0) fuzz_built = 1;
            if (f > 0) st = ST_FUZZ;
        }
        if (o->naming > 0 && (st == ST_TESTS || st == ST_FUZZ)) {
            probe_naming(wk, o, rel, !probe_built, env, named, sizeof named);
            probe_built = 1;
        }
        emit(fd, m, st, detail, named);
    }
    write_all(path, text);
    free(text); free(sm); free(placed); free(schema);
}

#define SCHEMA_MAX 32           /* mutants per schema build */

/* qsort's order for make_units: file, then line, then index (the set being sorted: sort_set). */
static const mset *sort_set;
static int by_file_line(const void *a, const void *b)
{
    const mutant *x = &sort_set->m[*(const int *)a], *y = &sort_set->m[*(const int *)b];
    int c = strcmp(x->rel, y->rel);
    if (c) return c;
    if (x->line != y->line) return x->line - y->line;
    return *(const int *)a - *(const int *)b;
}

/* The work queue: the pending mutants grouped by file and line; each unit up to SCHEMA_MAX mutants
 * of one file that a schema can hold (coverage/mutate.h), or one mutant that needs a build of its
 * own. pend gets the mutants' indices, unit by unit; ufirst where each unit starts. */
static void make_units(const mset *s, const mopts *o, int *pend, int *np, int *ufirst, int *nu)
{
    *np = *nu = 0;
    for (int i = 0; i < s->n; i++) if (s->m[i].status == ST_PENDING) pend[(*np)++] = i;
    if (!o->schemata) {
        for (int k = 0; k < *np; k++) ufirst[(*nu)++] = k;
        return;
    }
    sort_set = s;
    qsort(pend, (size_t)*np, sizeof *pend, by_file_line);
    int *tmp = malloc((size_t)(*np ? *np : 1) * sizeof *tmp);
    int *placed = malloc((size_t)(*np ? *np : 1) * sizeof *placed);
    rf_schema_mut *sm = malloc((size_t)(*np ? *np : 1) * sizeof *sm);
    if (!tmp || !placed || !sm) {
        for (int k = 0; k < *np; k++) ufirst[(*nu)++] = k;
        free(tmp); free(placed); free(sm);
        return;
    }
    int out = 0;
    for (int a = 0; a < *np;) {
        int b = a;
        while (b < *np && !strcmp(s->m[pend[b]].rel, s->m[pend[a]].rel)) b++;
        /* [a, b): one file's */
        char path[PATH_MAX + 700];
        snprintf(path, sizeof path, "%s/%s", o->root, s->m[pend[a]].rel);
        char *text = read_all(path), *sch = NULL;
        for (int k = a; k < b; k++) sm[k - a] = (rf_schema_mut){s->m[pend[k]].line, s->m[pend[k]].mutated, pend[k]};
        if (text) sch = rf_mut_schema(text, sm, b - a, placed);
        if (!sch) for (int k = 0; k < b - a; k++) placed[k] = 0;
        free(text); free(sch);
        int in_unit = 0;
        for (int k = a; k < b; k++)
            if (placed[k - a]) {
                if (in_unit == 0) ufirst[(*nu)++] = out;
                tmp[out++] = pend[k];
                if (++in_unit == SCHEMA_MAX) in_unit = 0;
            }
        for (int k = a; k < b; k++)
            if (!placed[k - a]) { ufirst[(*nu)++] = out; tmp[out++] = pend[k]; }
        a = b;
    }
    memcpy(pend, tmp, (size_t)out * sizeof *pend);
    free(tmp); free(placed); free(sm);
}

/* ---- Reports ---------------------------------------------------------------------------- */

typedef struct {
    const char *id;
    int mutants, tests, fuzz, survived, equivalent, nocompile;
    int named, named_other, named_none;   /* killed and probed: the first finding names one of the
                                           * mutant's clauses, another clause (or not a clause), none */
} cscore;

static int has_clause(const mutant *m, const char *id) { return rf_mutscore_has_clause(m->clauses, id); }

static void score_of(const mset *s, const char *id, cscore *c)
{
    memset(c, 0, sizeof *c);
    c->id = id;
    for (int i = 0; i < s->n; i++) {
        const mutant *m = &s->m[i];
        if (!has_clause(m, id)) continue;
        c->mutants++;
        if ((m->status == ST_TESTS || m->status == ST_FUZZ) && m->named[0]) {
            if (!strcmp(m->named, "-")) c->named_none++;
            else if (has_clause(m, m->named)) c->named++;
            else c->named_other++;
        }
        switch (m->status) {
        case ST_TESTS: c->tests++; break;
        case ST_FUZZ: c->fuzz++; break;
        case ST_SURVIVED: c->survived++; break;
        case ST_EQUIV: c->equivalent++; break;
        case ST_NOCOMPILE: c->nocompile++; break;
        default: break;
        }
    }
}

/* Percentage killed of the mutants that compiled and are not equivalent; -1 none. */
static double pct(const cscore *c)
{
    int d = c->tests + c->fuzz + c->survived;
    return d ? 100.0 * (c->tests + c->fuzz) / d : -1;
}



/* The mutants of one game in the open mutation-testing report schema (mutation-testing-report-schema,
 * the JSON that Stryker writes and the mutation-testing-elements viewer reads): every mutated file
 * with its source, each mutant with its key as id, its operator as mutatorName, the columns where
 * the line differs as location and replacement, and its status (killed by tests or fuzzing: Killed,
 * with the suite or clause as killedBy; survived: Survived; not compiled: CompileError; proven
 * equivalent: Ignored, with the proof as statusReason; not run: Pending). Into DIR/mutation-report.json. */
static int write_report_schema(const mset *s, const equivs *q, const mopts *o, const char *dir)
{
    char path[PATH_MAX + 160], err[256];
    snprintf(path, sizeof path, "%s/mutation-report.json", dir);
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    fputs("{\"schemaVersion\": \"2\", \"thresholds\": {\"high\": 95, \"low\": 80}, \"projectRoot\": ", f);
    rf_json_cstr(f, o->root);
    fputs(", \"files\": {", f);
    int nf = 0;
    for (int i = 0; i < s->n; i++) {
        int seen = 0;                            /* each file once, at its first mutant */
        for (int j = 0; j < i && !seen; j++) seen = !strcmp(s->m[j].rel, s->m[i].rel);
        if (seen) continue;
        char src[PATH_MAX + 1100];
        size_t len;
        snprintf(src, sizeof src, "%s/%s", o->root, s->m[i].rel);
        char *text = rf_read_file(src, &len, err, sizeof err);
        if (!text) { fclose(f); return -1; }
        fputs(nf++ ? ",\n  " : "\n  ", f);
        rf_json_cstr(f, s->m[i].rel);
        fputs(": {\"language\": \"c\", \"source\": ", f);
        rf_json_str(f, text, len);
        free(text);
        fputs(", \"mutants\": [", f);
        int nm = 0;
        for (int j = i; j < s->n; j++) {
            const mutant *m = &s->m[j];
            if (strcmp(m->rel, s->m[i].rel)) continue;
            /* the differing columns: the common prefix and suffix of the line before and after */
            size_t lo = strlen(m->orig), lm = strlen(m->mutated), pre = 0, suf = 0;
            while (pre < lo && pre < lm && m->orig[pre] == m->mutated[pre]) pre++;
            while (suf < lo - pre && suf < lm - pre && m->orig[lo - 1 - suf] == m->mutated[lm - 1 - suf]) suf++;
            if (pre + suf == lo && suf > 0) suf--;  /* an insertion ("!" added): span the character after it */
            else if (pre + suf == lo && pre > 0) pre--;
            static const char *const status[] = {"Pending", "Killed", "Killed", "Survived", "CompileError", "Ignored"};
            fprintf(f, "%s\n    {\"id\": \"%s\", \"mutatorName\": ", nm++ ? "," : "", m->key);
            rf_json_cstr(f, m->op);
            fputs(", \"description\": ", f);
            rf_json_cstr(f, m->clauses);
            fputs(", \"replacement\": ", f);
            rf_json_str(f, m->mutated + pre, lm - suf - pre);
            fprintf(f, ", \"location\": {\"start\": {\"line\": %d, \"column\": %zu}, \"end\": {\"line\": %d, \"column\": %zu}}, "
                       "\"status\": \"%s\"", m->line, pre + 1, m->line, lo - suf + 1, status[m->status]);
            const char *why = m->status == ST_EQUIV ? equiv_reason(q, m->key) : m->detail[0] ? m->detail : NULL;
            if (why) { fputs(", \"statusReason\": ", f); rf_json_cstr(f, why); }
            if ((m->status == ST_TESTS || m->status == ST_FUZZ) && m->detail[0]) {
                fputs(", \"killedBy\": [", f);
                rf_json_cstr(f, m->detail);
                fputc(']', f);
            }
            fputc('}', f);
        }
        fputs("]}", f);
    }
    fputs("\n}}\n", f);
    return fclose(f) ? -1 : 0;
}

static void report_game(const mset *s, const inv_game *og, const equivs *q, const mopts *o, FILE *out, FILE *json, int first)
{
    int tot[6] = {0};
    for (int i = 0; i < s->n; i++) tot[s->m[i].status]++;
    fprintf(out, "\n== mutation score of %s: %d mutants (%d killed by tests, %d by fuzzing only, %d survived, "
            "%d equivalent, %d not compiled, %d not run)\n", s->game, s->n, tot[ST_TESTS], tot[ST_FUZZ], tot[ST_SURVIVED],
            tot[ST_EQUIV], tot[ST_NOCOMPILE], tot[ST_PENDING]);
    fprintf(out, "%-28s %8s %8s %8s %9s %6s %9s %7s\n", "clause", "mutants", "tests", "fuzzing", "survived", "equiv",
            "no-build", "score");
    char hp[PATH_MAX + 64];
    snprintf(hp, sizeof hp, "%s/%s.html", o->out, s->game);
    FILE *h = fopen(hp, "w");
    char specp[PATH_MAX + 16], spec[PATH_MAX * 2];
    snprintf(specp, sizeof specp, "%s/SPEC.html", o->site);
    int have_spec = access(specp, R_OK) == 0;
    rf_site_spec_href(o->out, o->site, NULL, spec, sizeof spec);
    if (h) {
        char head[128];
        snprintf(head, sizeof head, "Mutation score: %s", s->game);
        rf_site_head(h, o->out, o->site, head, NULL);
        fprintf(h, "<h1>Mutation score: %s</h1><p>%d mutants: %d killed by tests, %d by fuzzing only, %d survived, %d equivalent, "
                "%d not compiled, %d not run. Score = killed / (mutants that compiled and are not equivalent).</p>\n"
                "<table><tr><th>clause<th class=n>mutants<th class=n>tests<th class=n>fuzzing<th class=n>survived<th class=n>equivalent"
                "<th class=n>not compiled<th class=n>score</tr>\n",
                s->game, s->n, tot[ST_TESTS], tot[ST_FUZZ], tot[ST_SURVIVED], tot[ST_EQUIV], tot[ST_NOCOMPILE], tot[ST_PENDING]);
    }
    if (json) {
        fprintf(json, "%s\n  {\"game\": ", first ? "" : ",");
        rf_json_cstr(json, s->game);
        fprintf(json, ", \"mutants\": %d, \"killed_tests\": %d, \"killed_fuzz\": %d, \"survived\": %d, \"equivalent\": %d, "
                "\"not_compiled\": %d, \"not_run\": %d, \"clauses\": [", s->n, tot[ST_TESTS], tot[ST_FUZZ], tot[ST_SURVIVED],
                tot[ST_EQUIV], tot[ST_NOCOMPILE], tot[ST_PENDING]);
    }
    int jf = 1;
    for (int k = 0; k < og->n_clauses; k++) {
        cscore c;
        score_of(s, og->clauses[k].id, &c);
        if (!c.mutants) continue;
        double p = pct(&c);
        char ps[16];
        if (p < 0) snprintf(ps, sizeof ps, "-"); else snprintf(ps, sizeof ps, "%.1f%%", p);
        fprintf(out, "%-28s %8d %8d %8d %9d %6d %9d %7s\n", c.id, c.mutants, c.tests, c.fuzz, c.survived, c.equivalent,
                c.nocompile, ps);
        char an[80];
        rf_site_slug(c.id, strlen(c.id), an, sizeof an);
        if (h) {
            fprintf(h, "<tr%s><td>", p >= 0 && p < 95 ? " class=low" : "");
            if (have_spec) fprintf(h, "<a href=\"%s#%s\">%s</a>", spec, an, c.id); else fputs(c.id, h);
            fprintf(h, "<td class=n>%d<td class=n>%d<td class=n>%d<td class=n><a href=\"#s-%s\">%d</a><td class=n>%d<td class=n>%d<td class=n>%s</tr>\n",
                    c.mutants, c.tests, c.fuzz, an, c.survived, c.equivalent, c.nocompile, ps);
        }
        if (json) {
            fprintf(json, "%s\n    {\"id\": ", jf ? "" : ",");
            rf_json_cstr(json, c.id);
            fprintf(json, ", \"mutants\": %d, \"killed_tests\": %d, \"killed_fuzz\": %d, \"survived\": %d, \"equivalent\": %d, "
                    "\"not_compiled\": %d, \"score\": %.2f, \"survivors\": [", c.mutants, c.tests, c.fuzz, c.survived,
                    c.equivalent, c.nocompile, p);
            int sf = 1;
            for (int i = 0; i < s->n; i++) {
                const mutant *m = &s->m[i];
                if (!has_clause(m, c.id) || (m->status != ST_SURVIVED && m->status != ST_EQUIV)) continue;
                fprintf(json, "%s{\"key\": \"%s\", \"file\": ", sf ? "" : ", ", m->key);
                rf_json_cstr(json, m->rel);
                fprintf(json, ", \"line\": %d, \"op\": \"%s\", \"equivalent\": %s, \"before\": ", m->line, m->op,
                        m->status == ST_EQUIV ? "true" : "false");
                rf_json_cstr(json, m->orig);
                fputs(", \"after\": ", json);
                rf_json_cstr(json, m->mutated);
                fputc('}', json);
                sf = 0;
            }
            fputs("]}", json);
            jf = 0;
        }
    }
    /* naming precision (--naming): over the killed mutants whose probe found an oracle violation */
    int nk = 0, nok = 0, nnone = 0, nother = 0;
    for (int i = 0; i < s->n; i++) {
        const mutant *m = &s->m[i];
        if ((m->status != ST_TESTS && m->status != ST_FUZZ) || !m->named[0]) continue;
        nk++;
        if (!strcmp(m->named, "-")) nnone++;
        else if (!strcmp(m->named, "?")) nother++;
        else if (has_clause(m, m->named)) nok++;
    }
    int nv = nk - nnone - nother;
    if (nk) {
        fprintf(out, "naming: of %d killed mutants probed with random games, %d showed an oracle violation; its first "
                "violation names the mutated clause for %d of them (%.1f%%); %d showed no violation, %d another finding\n",
                nk, nv, nok, nv ? 100.0 * nok / nv : 0.0, nnone, nother);
        for (int i = 0; i < s->n && !o->quiet; i++) {
            const mutant *m = &s->m[i];
            if ((m->status != ST_TESTS && m->status != ST_FUZZ) || !m->named[0] || !strcmp(m->named, "-") ||
                !strcmp(m->named, "?") || has_clause(m, m->named))
                continue;
            fprintf(out, "misnamed %s %s:%d [%s] named %s\n  - %s\n  + %s\n", m->key, m->rel, m->line, m->clauses, m->named,
                    m->orig + strspn(m->orig, " \t"), m->mutated + strspn(m->mutated, " \t"));
        }
    }
    if (json) {
        fputs("\n  ]", json);
        if (nk) fprintf(json, ", \"naming\": {\"probed\": %d, \"violations\": %d, \"named_mutated_clause\": %d, \"precision\": %.2f}",
                        nk, nv, nok, nv ? 100.0 * nok / nv : 0.0);
        fputs("}", json);
    }
    if (h) {
        fputs("</table>\n<h2>Survivors</h2>\n", h);
        for (int k = 0; k < og->n_clauses; k++) {
            char an[80];
            rf_site_slug(og->clauses[k].id, strlen(og->clauses[k].id), an, sizeof an);
            int any = 0;
            for (int i = 0; i < s->n; i++) {
                const mutant *m = &s->m[i];
                if (!has_clause(m, og->clauses[k].id) || (m->status != ST_SURVIVED && m->status != ST_EQUIV)) continue;
                if (!any && have_spec) fprintf(h, "<h3 id=\"s-%s\"><a href=\"%s#%s\">%s</a></h3>\n", an, spec, an, og->clauses[k].id);
                else if (!any) fprintf(h, "<h3 id=\"s-%s\">%s</h3>\n", an, og->clauses[k].id);
                any = 1;
                fprintf(h, "<p><code>%s</code> %s:%d (%s)%s", m->key, m->rel, m->line, m->op,
                        m->status == ST_EQUIV ? " <b>equivalent</b>: " : "");
                if (m->status == ST_EQUIV) rf_html_cstr(h, equiv_reason(q, m->key));
                fputs("</p><pre><span class=del>- ", h);
                rf_html_cstr(h, m->orig);
                fputs("</span>\n<span class=add>+ ", h);
                rf_html_cstr(h, m->mutated);
                fputs("</span></pre>\n", h);
            }
        }
        fputs("</body></html>\n", h);
        fclose(h);
    }
    fprintf(out, "survivors with their diffs: %s\n", hp);
    for (int i = 0; i < s->n && !o->quiet; i++) {
        const mutant *m = &s->m[i];
        if (m->status != ST_SURVIVED) continue;
        fprintf(out, "survived %s %s:%d [%s] (%s)\n  - %s\n  + %s\n", m->key, m->rel, m->line, m->clauses, m->op,
                m->orig + strspn(m->orig, " \t"), m->mutated + strspn(m->mutated, " \t"));
    }
}

/* ---- The command -------------------------------------------------------------------------- */

static void fmt_secs(double s, char *b, size_t n)
{
    long t = (long)(s + 0.5);
    if (t >= 3600) snprintf(b, n, "%ldh%02ldm", t / 3600, t / 60 % 60);
    else if (t >= 60) snprintf(b, n, "%ldm%02lds", t / 60, t % 60);
    else snprintf(b, n, "%lds", t);
}

static int run_game(mset *s, const mopts *o, const equivs *q, FILE *out, FILE *errf)
{
    char dir[PATH_MAX + 64], rpath[PATH_MAX + 80];
    snprintf(dir, sizeof dir, "%s/%s", o->out, s->game);
    snprintf(rpath, sizeof rpath, "%s/results.tsv", dir);
    if (sh("mkdir -p '%s'", dir)) { fprintf(errf, "rulefuzz mutate: cannot create %s\n", dir); return 2; }
    if (o->fresh) unlink(rpath);
    results_load(rpath, s);
    if (!o->run_equivalents)              /* proven equivalent: not run (a survivor of an earlier run too) */
        for (int i = 0; i < s->n; i++)
            if ((s->m[i].status == ST_PENDING || s->m[i].status == ST_SURVIVED) && equiv_reason(q, s->m[i].key)) s->m[i].status = ST_EQUIV;
    if (o->naming > 0)                    /* killed before without a naming probe: run again with one */
        for (int i = 0; i < s->n; i++)
            if ((s->m[i].status == ST_TESTS || s->m[i].status == ST_FUZZ) && !s->m[i].named[0]) s->m[i].status = ST_PENDING;
    if (o->retry)                         /* survivors again, against the tests as they are now; not the
                                           * ones coverage/equivalent-mutants.txt proves equivalent */
        for (int i = 0; i < s->n; i++)
            if (s->m[i].status == ST_SURVIVED && !equiv_reason(q, s->m[i].key)) s->m[i].status = ST_PENDING;
    int pending = 0, done0 = 0, eq = 0;
    for (int i = 0; i < s->n; i++) {
        if (s->m[i].status == ST_PENDING) pending++;
        else if (s->m[i].status == ST_EQUIV) eq++;
        else done0++;
    }
    if (o->report_only || pending == 0) {
        if (done0) fprintf(out, "mutate %s: %d of %d mutants already done (%s)\n", s->game, done0, s->n, rpath);
        return 0;
    }
    int jobs = o->jobs < 1 ? 1 : o->jobs > 32 ? 32 : o->jobs;
    if (jobs > pending) jobs = pending;
    fprintf(out, "mutate %s: %d mutants, %d to run (%d done before, %d proven equivalent not run), %d job(s), %ds of fuzzing "
            "per survivor\n", s->game, s->n, pending, done0, eq, jobs, o->fuzz_seconds);
    fflush(out);
    /* fd: results from the workers. The pending mutants are a queue: each worker takes the next one
     * from a counter they share (MAP_SHARED), so a worker that meets slow survivors does not hold
     * back mutants another could run. */
    int fd[2];
    int *next = mmap(NULL, sizeof *next, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (next == MAP_FAILED) return 2;
    *next = 0;
    int *pend = malloc((size_t)pending * sizeof *pend), np = 0;   /* pending mutants' indices, a unit's together */
    int *ufirst = malloc((size_t)pending * sizeof *ufirst), nu = 0;  /* the queue: units (where each starts in pend) */
    if (!pend || !ufirst || pipe(fd)) { free(pend); free(ufirst); munmap(next, sizeof *next); return 2; }
    make_units(s, o, pend, &np, ufirst, &nu);
    pid_t pids[32];
    for (int w = 0; w < jobs; w++) {
        pids[w] = fork();
        if (pids[w] < 0) return 2;
        if (pids[w]) continue;
        close(fd[0]);
        worker wk;
        char detail[256];
        if (worker_setup(&wk, o, s->game, w, errf) || link_tests(&wk, o, NULL)) _exit(3);
        if (run_tests(&wk, o, 1, "", detail, sizeof detail)) {
            fprintf(errf, "rulefuzz mutate: the unmutated suites fail (%s): fix them first\n", detail);
            _exit(4);
        }
        for (int k; (k = __atomic_fetch_add(next, 1, __ATOMIC_RELAXED)) < nu;)
            do_schema(&wk, o, s->game, s, pend + ufirst[k], (k + 1 < nu ? ufirst[k + 1] : np) - ufirst[k], fd[1]);
        _exit(0);
    }
    close(fd[1]);

    FILE *in = fdopen(fd[0], "r"), *rf = fopen(rpath, "a");
    if (!in || !rf) { fprintf(errf, "rulefuzz mutate: cannot write %s\n", rpath); return 2; }
    char line[1024];
    int got = 0, cnt[6] = {0};
    double t0 = now(), tfirst = t0, last = 0;   /* tfirst: the first result (the workers' set-up before it) */
    int tty = isatty(fileno(errf));
    while (fgets(line, sizeof line, in)) {
        fputs(line, rf);
        fflush(rf);
        line[strcspn(line, "\n")] = 0;
        char *t1 = strchr(line, '\t');
        if (!t1) continue;
        *t1 = 0;
        char *t2 = strchr(t1 + 1, '\t'), *t3 = NULL;
        if (t2) { *t2++ = 0; if ((t3 = strchr(t2, '\t'))) *t3++ = 0; }
        for (int i = 0; i < s->n; i++)
            if (!strcmp(s->m[i].key, line))
                for (int k = ST_TESTS; k <= ST_NOCOMPILE; k++)
                    if (!strcmp(t1 + 1, st_name[k])) {
                        s->m[i].status = k;
                        snprintf(s->m[i].detail, sizeof s->m[i].detail, "%s", t2 ? t2 : "");
                        snprintf(s->m[i].named, sizeof s->m[i].named, "%s", t3 ? t3 : "");
                    }
        for (int k = ST_TESTS; k <= ST_NOCOMPILE; k++) if (!strcmp(t1 + 1, st_name[k])) cnt[k]++;
        if (got++ == 0) tfirst = now();
        double el = now() - t0;
        if (!o->quiet && (tty || el - last >= 10 || got == pending)) {
            char e[32], r[32];
            fmt_secs(el, e, sizeof e);
            fmt_secs(got > 1 ? (now() - tfirst) / (got - 1) * (pending - got) : 0, r, sizeof r);
            fprintf(errf, "%s[%d/%d] %s: killed %d (tests %d, fuzzing %d), survived %d, not compiled %d; %s, eta %s%s",
                    tty ? "\r" : "", got, pending, s->game, cnt[ST_TESTS] + cnt[ST_FUZZ], cnt[ST_TESTS], cnt[ST_FUZZ],
                    cnt[ST_SURVIVED], cnt[ST_NOCOMPILE], e, r, tty ? "   " : "\n");
            fflush(errf);
            last = el;
        }
    }
    if (tty && !o->quiet) fputc('\n', errf);
    fclose(in);
    fclose(rf);
    int bad = 0;
    for (int w = 0; w < jobs; w++) {
        int st;
        waitpid(pids[w], &st, 0);
        if (!WIFEXITED(st) || WEXITSTATUS(st)) bad = 1;
    }
    munmap(next, sizeof *next);
    free(pend);
    free(ufirst);
    char e[32];
    fmt_secs(now() - t0, e, sizeof e);
    fprintf(out, "mutate %s: %d mutants run in %s\n", s->game, got, e);
    if (bad && got < pending) { fprintf(errf, "rulefuzz mutate: a worker failed (%d of %d mutants run)\n", got, pending); return 1; }
    return 0;
}

int rf_mut_command(int argc, char **argv, FILE *out, FILE *errf)
{
    mopts o;
    memset(&o, 0, sizeof o);
    const char *root = ".", *outd = "build/mutate", *eq = NULL, *clauses = NULL, *site = NULL;
    const char *games[8];
    int ng = 0;
    o.cc = getenv("CC") && *getenv("CC") ? getenv("CC") : "cc";
    o.cflags = "-std=c11 -D_DEFAULT_SOURCE -O2";
    o.test_cflags = "";
    o.test_libs = "-lcheck -lsubunit -lm -lrt -pthread";
    o.fuzz_cc = "clang";
    o.jobs = 1;
    o.fuzz_seconds = 0;
    o.property_games = 300;
    o.schemata = 1;
    long jobs = 1, fuzz_seconds = 0, maxm = 0, naming = 0, property = 300, sample = 0;
    int no_schemata = 0;
    const char *pos[8];
    int npos;
    rf_opt op[] = {
        {"clauses", RF_OPT_STR, &clauses, 0, 0, "IDS", "only the mutants of these clauses (comma-separated IDs, or their start)", NULL},
        {"jobs", RF_OPT_LONG, &jobs, 1, 32, "N", "mutants built and tested at once", NULL},
        {"fuzz-seconds", RF_OPT_LONG, &fuzz_seconds, 0, 86400, "S", "libFuzzer seconds on each survivor of the tests", NULL},
        {"max", RF_OPT_LONG, &maxm, 0, 1000000, "N", "at most N mutants (0: all)", NULL},
        {"naming", RF_OPT_LONG, &naming, 0, 1000000, "N", "random games per killed mutant: does its first violation name the clause", NULL},
        {"property-games", RF_OPT_LONG, &property, 1, 10000, "G", "games per profile in the property tests", NULL},
        {"sample", RF_OPT_LONG, &sample, 0, 1000000, "N", "N mutants spread evenly over the clauses", NULL},
        {"out", RF_OPT_STR, &outd, 0, 0, "DIR", "results (build/mutate; resumable)", NULL},
        {"src-root", RF_OPT_STR, &root, 0, 0, "DIR", "the sources (.)", NULL},
        {"site", RF_OPT_STR, &site, 0, 0, "DIR", "the report site the HTML page links: report.css and SPEC.html (default: --out)", NULL},
        {"equivalent", RF_OPT_STR, &eq, 0, 0, "FILE", "the proven-equivalent list (coverage/equivalent-mutants.txt)", NULL},
        {"cc", RF_OPT_STR, &o.cc, 0, 0, "CC", "the compiler of the mutants", NULL},
        {"cflags", RF_OPT_STR, &o.cflags, 0, 0, "FLAGS", "their flags", NULL},
        {"test-cflags", RF_OPT_STR, &o.test_cflags, 0, 0, "FLAGS", "the test suites' extra flags", NULL},
        {"test-libs", RF_OPT_STR, &o.test_libs, 0, 0, "LIBS", "the test suites' libraries", NULL},
        {"fuzz-cc", RF_OPT_STR, &o.fuzz_cc, 0, 0, "CC", "the fuzzers' compiler", NULL},
        {"tests", RF_OPT_STR, &o.tests, 0, 0, "LIST", "the suites to run (default: the game's)", NULL},
        {"fresh", RF_OPT_FLAG, &o.fresh, 0, 0, NULL, "forget earlier results", NULL},
        {"no-schemata", RF_OPT_FLAG, &no_schemata, 0, 0, NULL, "one build per mutant", NULL},
        {"run-equivalents", RF_OPT_FLAG, &o.run_equivalents, 0, 0, NULL, "run the listed equivalents too", NULL},
        {"report-only", RF_OPT_FLAG, &o.report_only, 0, 0, NULL, "write the report from the saved results", NULL},
        {"retry-survivors", RF_OPT_FLAG, &o.retry, 0, 0, NULL, "run the survivors again", NULL},
        {"quiet", RF_OPT_FLAG, &o.quiet, 0, 0, NULL, "no line per mutant", NULL},
    };
    rf_cmd_spec cs = {"mutate", "[GAME...]", "Mutation testing of each clause's enforcing code: a score per clause.", 0, 8, op,
                      (int)(sizeof op / sizeof *op), NULL};
    int prc = rf_opts_parse_io(&cs, argc, argv, pos, 8, &npos, out, errf);
    if (prc) return prc > 0 ? RF_EXIT_OK : RF_EXIT_BADINPUT;
    for (int i = 0; i < npos; i++) {
        if (!game_find(pos[i]) || !inv_game_find(pos[i])) return rf_opts_fail_io(errf, &cs, "unknown game '%s'", pos[i]);
        games[ng++] = pos[i];
    }
    o.jobs = (int)jobs; o.fuzz_seconds = (int)fuzz_seconds; o.max = (int)maxm; o.naming = (int)naming;
    o.property_games = (int)property; o.sample = (int)sample;
    if (no_schemata) o.schemata = 0;
    char rp[PATH_MAX];
    if (!realpath(root, rp) || strlen(rp) >= sizeof o.root) { fprintf(errf, "rulefuzz mutate: %s: no such folder (or its path is too long)\n", root); return RF_EXIT_BADINPUT; }
    strcpy(o.root, rp);
    if (sh("mkdir -p '%s'", outd) || !realpath(outd, rp) || strlen(rp) >= sizeof o.out) { fprintf(errf, "rulefuzz mutate: cannot create %s\n", outd); return RF_EXIT_BADINPUT; }
    strcpy(o.out, rp);
    char err0[512] = "--site: the path is too long";
    if (snprintf(o.site, sizeof o.site, "%s", site ? site : o.out) >= (int)sizeof o.site || rf_site_write(o.site, o.root, err0, sizeof err0)) {
        fprintf(errf, "rulefuzz mutate: %s\n", err0);
        return RF_EXIT_BADINPUT;
    }
    if (eq) snprintf(o.equiv, sizeof o.equiv, "%s", eq);
    else snprintf(o.equiv, sizeof o.equiv, "%s/coverage/equivalent-mutants.txt", o.root);
    if (!ng) for (int i = 0; inv_games[i] && ng < 8; i++) if (game_find(inv_games[i]->game)) games[ng++] = inv_games[i]->game;
    equivs q = {0};
    if (equiv_read(o.equiv, &q, errf)) return RF_EXIT_BADINPUT;
    char jpath[PATH_MAX + 32];
    snprintf(jpath, sizeof jpath, "%s/mutation.json", o.out);
    FILE *json = fopen(jpath, "w");
    if (json) fputs("{\"games\": [", json);
    int rc = 0;
    for (int gi = 0; gi < ng; gi++) {
        mset s = {games[gi], clauses, NULL, 0, 0};
        scan_arg sa = {&s, o.root, ""};
        char err[256];
        if (rf_cov_each_enforcing_line(o.root, on_line, &sa, err, sizeof err)) {
            fprintf(errf, "rulefuzz mutate: %s\n", err);
            return RF_EXIT_BADINPUT;
        }
        if (clauses && !s.n) {
            fprintf(errf, "rulefuzz mutate: no enforcing line of %s matches --clauses %s\n", games[gi], clauses);
            mset_free(&s);
            continue;
        }
        if (o.max && s.n > o.max) {              /* the first max, in clause order */
            for (int i = o.max; i < s.n; i++) { free(s.m[i].rel); free(s.m[i].orig); free(s.m[i].mutated); }
            s.n = o.max;
        }
        if (o.sample && s.n > o.sample) {        /* every (n/sample)-th, spread over the clause order */
            int kept = 0;
            for (int i = 0, next = 0; i < s.n; i++) {
                if (i == next && kept < o.sample) {
                    s.m[kept++] = s.m[i];
                    next = (int)((long)kept * s.n / o.sample);
                } else { free(s.m[i].rel); free(s.m[i].orig); free(s.m[i].mutated); }
            }
            s.n = kept;
        }
        /* a mutant proven equivalent (coverage/equivalent-mutants.txt) is not run: no test can kill it
         * (--run-equivalents runs them, to check the list: one that a test kills is reported below) */
        int r = run_game(&s, &o, &q, out, errf);
        if (r > rc) rc = r;
        char dir[PATH_MAX + 64], rpath[PATH_MAX + 80];
        snprintf(dir, sizeof dir, "%s/%s", o.out, s.game);
        snprintf(rpath, sizeof rpath, "%s/results.tsv", dir);
        results_load(rpath, &s);
        for (int i = 0; i < s.n; i++) {
            if (!equiv_reason(&q, s.m[i].key)) continue;
            if (s.m[i].status == ST_SURVIVED || s.m[i].status == ST_PENDING) s.m[i].status = ST_EQUIV;
            else if (s.m[i].status == ST_TESTS || s.m[i].status == ST_FUZZ)
                fprintf(errf, "rulefuzz mutate: %s is listed in %s as equivalent, but it was killed (%s): remove it from the list\n",
                        s.m[i].key, o.equiv, s.m[i].detail);
        }
        /* every mutant with its status, for the clause coverage page's column */
        snprintf(rpath, sizeof rpath, "%s/mutants.tsv", dir);
        FILE *mf = fopen(rpath, "w");
        for (int i = 0; mf && i < s.n; i++)
            rf_mutscore_write_line(mf, s.m[i].key, st_name[s.m[i].status], s.m[i].clauses, s.m[i].rel, s.m[i].line, s.m[i].op);
        if (mf) fclose(mf);
        if (write_report_schema(&s, &q, &o, dir))
            fprintf(errf, "rulefuzz mutate: %s/mutation-report.json: cannot write it (or read a mutated file)\n", dir);
        report_game(&s, inv_game_find(games[gi]), &q, &o, out, json, gi == 0);
        mset_free(&s);
    }
    if (json) { fputs("\n]}\n", json); fclose(json); fprintf(out, "mutation JSON: %s\n", jpath); }
    for (int i = 0; i < q.n; i++) free(q.e[i].reason);
    free(q.e);
    return rc;
}
