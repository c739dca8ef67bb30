/* align.c: translation differences found by the tool (`rulefuzz align GAME A B`): two rulebook
 * texts of one game aligned sentence by sentence, each aligned pair compared on features read with
 * a lexicon per language, each difference looked up in SPEC.md's register entries and clauses, the
 * not-a-rule marks and the game's align-marks; a gate, recall against the register (al_ prefix).
 *
 * The alignment follows W. A. Gale and K. W. Church, "A Program for Aligning Sentences in Bilingual
 * Corpora", Computational Linguistics 19(1), 1993, pp. 75-102: dynamic programming over the
 * sentences' lengths in characters, where a bead of l1 characters against l2 costs
 * -log P(match) - log P(delta | match), delta = (l2 - l1 c) / sqrt(l1 s2) (here with the mean of the
 * two lengths as the paper's program does), c the ratio of the two texts' lengths, s2 = 6.8 the
 * paper's variance, and P(delta | match) = 2 (1 - Phi(|delta|)). The beads and their prior
 * probabilities are the paper's: 1-1 0.89, 1-0 and 0-1 0.0099 together, 2-1 and 1-2 0.089
 * together, 2-2 0.011. What both texts share (numbers, component names, headings, list marks) is a
 * bonus taken off a bead's cost (a penalty when they clash), and after the pass neighbouring 1-1
 * beads exchange partners when their anchors say so (a reordered list), and a bead whose sides
 * share nothing while one has a number is split (split_unrelated). Words are read in context:
 * clause breaks bound phrases, a subordinate clause weakens its modality, square brackets weaken
 * an editor's gloss, and may/can, each/all, not/none satisfy each other (docs/align.md, "Context
 * and normalisation"). A clause covers a flagged pair only when its text names each difference
 * (al_entry_names_diffs). */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include "align.h"
#include "site.h"
#include "counts.h"
#include "../cli/opts.h"
#include "../cli/escape.h"
#include "../ambiguity/common.h"

const char *const al_core_name[AL_NCORE] = {
    "must", "may", "can", "need-not", "must-not",
    "only", "each", "all", "any", "at-least", "at-most", "none",
    "not",
    "first", "then", "before", "after", "at-once"};
static const unsigned char core_cat[AL_NCORE] = {
    AL_CAT_MODALITY, AL_CAT_MODALITY, AL_CAT_MODALITY, AL_CAT_MODALITY, AL_CAT_MODALITY,
    AL_CAT_QUANTITY, AL_CAT_QUANTITY, AL_CAT_QUANTITY, AL_CAT_QUANTITY, AL_CAT_QUANTITY, AL_CAT_QUANTITY, AL_CAT_QUANTITY,
    AL_CAT_NEGATION,
    AL_CAT_ORDER, AL_CAT_ORDER, AL_CAT_ORDER, AL_CAT_ORDER, AL_CAT_ORDER};
const char *const al_cat_name[AL_NCAT] = {"modality", "quantity", "negation", "order", "number", "counted", "component"};
const char *const al_cover_name[AL_NCOVER] = {"not registered", "align-mark", "mark", "clause", "register"};

#define AL_EXIT_GATE 1
#define AL_EXIT_BAD  2

/* ---- feature keys --------------------------------------------------------------------------- */

int al_key(al_keys *k, const char *name)
{
    if (k->n == 0) {                          /* the core features first, in enum order */
        k->cap = 64;
        if (!(k->name = malloc(sizeof *k->name * (size_t)k->cap))) return -1;
        for (int i = 0; i < AL_NCORE; i++) snprintf(k->name[k->n++], sizeof k->name[0], "%s", al_core_name[i]);
    }
    for (int i = 0; i < k->n; i++) if (!strcmp(k->name[i], name)) return i;
    if (strlen(name) >= sizeof k->name[0]) return -1;
    if (k->n == k->cap) {
        char (*nn)[48] = realloc(k->name, sizeof *nn * (size_t)k->cap * 2);
        if (!nn) return -1;
        k->name = nn; k->cap *= 2;
    }
    snprintf(k->name[k->n], sizeof k->name[0], "%s", name);
    return k->n++;
}

int al_key_cat(const al_keys *k, int key)
{
    if (key < AL_NCORE) return core_cat[key];
    const char *s = k->name[key];
    if (s[0] == 'c') return AL_CAT_COMPONENT;
    return strchr(s, '>') ? AL_CAT_COUNTED : AL_CAT_NUMBER;
}

void al_keys_free(al_keys *k) { free(k->name); memset(k, 0, sizeof *k); }

/* How a key reads in a report: "may", "5", "dog", "5 card". */
void al_key_text(const al_keys *k, int key, char *out, size_t n)
{
    const char *s = k->name[key];
    if (key < AL_NCORE) { snprintf(out, n, "%s", s); return; }
    const char *gt = strchr(s, '>');
    if (gt) snprintf(out, n, "%.*s %s", (int)(gt - s - 2), s + 2, gt + 3);
    else snprintf(out, n, "%s", s + 2);
}

/* ---- words ---------------------------------------------------------------------------------- */

/* A token: a word (letters, case folded) or a digit run; brk: a clause break (',' ';' ':' a
 * bracket, or the start of the text read) stands before it; gloss: it stands in square brackets,
 * an editor's insertion ("the largest sum [in this type]"), whose features are weak; opens: it is
 * the first word of the text read (a unit). */
typedef struct al_tok { char w[40]; size_t off, len; int num, brk, gloss, opens; } al_tok;

/* The characters that end a clause for the lexicons' context rules: a phrase's words and a
 * subordinate clause's scope do not reach over them. */
static int clause_break(unsigned char c) { return c == ',' || c == ';' || c == ':' || c == '(' || c == ')' || c == '[' || c == ']'; }

static int letter_at(const unsigned char *p, size_t left)
{
    if ((*p | 0x20) >= 'a' && (*p | 0x20) <= 'z') return 1;
    if (*p >= 0xC3 && *p <= 0xC5 && left > 1 && (p[1] & 0xC0) == 0x80) {
        if (*p == 0xC3 && (p[1] == 0x97 || p[1] == 0xB7)) return 0;        /* × ÷ */
        return 2;
    }
    return 0;
}

/* The words (letters, case folded) and numbers (digit runs) of s[0..n), with their offsets from
 * base; appended to *t. 0, or -1 out of memory. */
static int tokenize(const char *s, size_t n, size_t base, al_tok **t, int *nt, int *cap)
{
    size_t i = 0;
    int brk = 1, gloss = 0, opens = 1;
    while (i < n) {
        const unsigned char *p = (const unsigned char *)s + i;
        int dig = *p >= '0' && *p <= '9';
        if (!dig && !letter_at(p, n - i)) {
            brk |= clause_break(*p);
            if (*p == '[') gloss = 1;
            else if (*p == ']') gloss = 0;
            i++;
            continue;
        }
        if (*nt == *cap) {
            int nc = *cap ? *cap * 2 : 256;
            al_tok *nx = realloc(*t, sizeof *nx * (size_t)nc);
            if (!nx) return -1;
            *t = nx; *cap = nc;
        }
        al_tok *k = &(*t)[(*nt)++];
        size_t o = 0, st = i;
        k->num = dig;
        k->brk = brk;
        k->gloss = gloss;
        k->opens = opens;
        brk = 0;
        opens = 0;
        while (i < n) {
            const unsigned char *q = (const unsigned char *)s + i;
            if (dig) {
                if (*q < '0' || *q > '9') break;
                if (o + 1 < sizeof k->w) k->w[o++] = (char)*q;
                i++;
                continue;
            }
            int l = letter_at(q, n - i);
            if (!l) break;
            if (l == 1) { if (o + 1 < sizeof k->w) k->w[o++] = (char)(*q | 0x20); }
            else if (o + 2 < sizeof k->w) {
                unsigned char d = q[1];
                if (*q == 0xC3 && d >= 0x80 && d <= 0x9E) d = (unsigned char)(d + 0x20);   /* À..Þ */
                k->w[o++] = (char)*q; k->w[o++] = (char)d;
            }
            i += (size_t)l;
        }
        k->w[o] = 0;
        k->off = base + st; k->len = i - st;
    }
    return 0;
}

/* ---- lexicons ------------------------------------------------------------------------------- */

/* A feature name of a lexicon line: a core name, n:DIGITS or c:NAME (lower-case letters, digits,
 * '-'), optionally ending in '?'. */
static int valid_feature(const char *f)
{
    for (int i = 0; i < AL_NCORE; i++) if (!strcmp(f, al_core_name[i])) return 1;
    if (!strncmp(f, "n:", 2)) {
        if (!f[2] || strlen(f + 2) > 6) return 0;
        for (const char *p = f + 2; *p; p++) if (*p < '0' || *p > '9') return 0;
        return 1;
    }
    if (!strncmp(f, "c:", 2)) {
        if (!f[2] || strlen(f) > 40) return 0;
        for (const char *p = f + 2; *p; p++) if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-')) return 0;
        return 1;
    }
    return 0;
}

int al_lexicon_load(al_lexicon *lx, al_keys *k, const char *path, const char *lang, char *err, size_t errlen)
{
    memset(lx, 0, sizeof *lx);
    snprintf(lx->lang, sizeof lx->lang, "%s", lang);
    snprintf(lx->path, sizeof lx->path, "%s", path);
    FILE *f = fopen(path, "r");
    if (!f) { rf_set_err(err, errlen, "%s: cannot read the %s lexicon: %s", path, lang, strerror(errno)); return -1; }
    char line[1024];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        size_t l = strlen(line);
        if (l == sizeof line - 1 && line[l - 1] != '\n') {
            rf_set_err(err, errlen, "%s:%d: line too long", path, lineno);
            goto bad;
        }
        while (l && (line[l - 1] == '\n' || line[l - 1] == '\r' || line[l - 1] == ' ')) line[--l] = 0;
        if (!l || line[0] == '#') continue;
        char *tab = strchr(line, '\t');
        if (!tab || tab == line || !tab[1]) {
            rf_set_err(err, errlen, "%s:%d: a lexicon line is `feature<TAB>word or phrase` (features: must, may, can, need-not, "
                       "must-not, only, each, all, any, at-least, at-most, none, not, first, then, before, after, at-once, "
                       "n:NUMBER, c:NAME, sub, rel; '?' after one: a weak reading)", path, lineno);
            goto bad;
        }
        *tab = 0;
        if (lx->n == lx->cap) {
            int nc = lx->cap ? lx->cap * 2 : 64;
            al_lexent *ne = realloc(lx->e, sizeof *ne * (size_t)nc);
            if (!ne) { rf_set_err(err, errlen, "out of memory"); goto bad; }
            lx->e = ne; lx->cap = nc;
        }
        al_lexent *e = &lx->e[lx->n];
        memset(e, 0, sizeof *e);
        e->line = lineno;
        for (char *fs = line; fs && *fs; ) {
            char *plus = strchr(fs, '+');
            if (plus) *plus = 0;
            char feat[48];
            snprintf(feat, sizeof feat, "%s", fs);
            int weak = 0;
            size_t fl = strlen(feat);
            if (fl && feat[fl - 1] == '?') { weak = 1; feat[--fl] = 0; }
            if (!strcmp(feat, "-") && !weak && e->nk == 0 && !plus) break;   /* words read as no feature */
            if ((!strcmp(feat, "sub") || !strcmp(feat, "rel")) && !weak && !e->sub) {
                e->sub = feat[0] == 's' ? 1 : 2;
                fs = plus ? plus + 1 : NULL;
                continue;
            }
            if (!valid_feature(feat) || e->nk == AL_LEX_KEYS) {
                rf_set_err(err, errlen, "%s:%d: unknown feature '%s' (must, may, can, need-not, must-not, only, each, all, any, "
                           "at-least, at-most, none, not, first, then, before, after, at-once, n:NUMBER, c:NAME, sub, rel; up to %d "
                           "joined by '+')", path, lineno, fs, AL_LEX_KEYS);
                goto bad;
            }
            e->weak[e->nk] = weak;
            if ((e->key[e->nk++] = al_key(k, feat)) < 0) { rf_set_err(err, errlen, "out of memory"); goto bad; }
            fs = plus ? plus + 1 : NULL;
        }
        /* The phrase: its words as the texts' words are read (a '*' ends a prefix, "..." a gap). */
        const char *ph = tab + 1;
        int words = 0;
        for (const char *p = ph; *p; ) {
            while (*p == ' ') p++;
            if (!*p) break;
            const char *q = p;
            while (*q && *q != ' ') q++;
            if (e->nw == AL_PHRASE_MAX) { rf_set_err(err, errlen, "%s:%d: a phrase has at most %d words", path, lineno, AL_PHRASE_MAX); goto bad; }
            if (q - p == 3 && !strncmp(p, "...", 3)) {
                if (e->nw == 0) { rf_set_err(err, errlen, "%s:%d: a phrase cannot start with a gap '...'", path, lineno); goto bad; }
                snprintf(e->w[e->nw++], sizeof e->w[0], "...");
            } else {
                int star = q[-1] == '*';
                al_tok *t = NULL;
                int nt = 0, cap = 0;
                if (tokenize(p, (size_t)(q - p) - (size_t)star, 0, &t, &nt, &cap)) { free(t); rf_set_err(err, errlen, "out of memory"); goto bad; }
                if (nt != 1 || t[0].len != (size_t)(q - p) - (size_t)star) {
                    free(t);
                    rf_set_err(err, errlen, "%s:%d: '%.*s' is not one word (letters or digits; '*' at its end, '...' alone)",
                               path, lineno, (int)(q - p), p);
                    goto bad;
                }
                snprintf(e->w[e->nw++], sizeof e->w[0], "%s%s", t[0].w, star ? "*" : "");
                free(t);
                words++;
            }
            p = q;
        }
        if (!words || !strcmp(e->w[e->nw - 1], "...")) {
            rf_set_err(err, errlen, "%s:%d: the phrase after the tab has no word (or ends in a gap)", path, lineno);
            goto bad;
        }
        lx->n++;
    }
    fclose(f);
    return 0;
bad:
    fclose(f);
    al_lexicon_free(lx);
    return -1;
}

void al_lexicon_free(al_lexicon *lx) { free(lx->e); lx->e = NULL; lx->n = lx->cap = 0; }

/* ---- features ------------------------------------------------------------------------------- */

/* Words a "..." in a phrase may skip (Dutch and French put "niet", "pas", "que" late: "Een speler
 * mag dieren in zijn stallen tijdens het spel niet meer verplaatsen" has seven). No word of a
 * phrase after its first may stand behind a clause break (clause_break): "mag ..., ... niet" is
 * two clauses. */
#define AL_GAP 8

static int word_is(const char *pat, const char *w)
{
    size_t pl = strlen(pat);
    if (pl && pat[pl - 1] == '*') return !strncmp(w, pat, pl - 1);
    return !strcmp(w, pat);
}

/* Does entry e match the tokens at i (no used token)? Its words' token indices into pos; the
 * number of words, 0 when it does not match. */
static int match_at(const al_tok *t, int nt, int i, const al_lexent *e, const unsigned char *used, int *pos)
{
    int j = i, np = 0, gap = 0;
    for (int w = 0; w < e->nw; w++) {
        if (!strcmp(e->w[w], "...")) { gap = AL_GAP; continue; }
        int found = -1;
        for (int g = 0; g <= gap && j + g < nt; g++) {
            if (w > 0 && t[j + g].brk) break;
            if (!used[j + g] && word_is(e->w[w], t[j + g].w)) { found = j + g; break; }
        }
        if (found < 0 || (w == 0 && found != i)) return 0;
        pos[np++] = found;
        j = found + 1;
        gap = 0;
    }
    return np;
}

static int add_occ(al_feats *f, int key, int weak, size_t off, size_t len)
{
    if (f->n == f->cap) {
        int nc = f->cap ? f->cap * 2 : 16;
        al_occ *no = realloc(f->o, sizeof *no * (size_t)nc);
        if (!no) return -1;
        f->o = no; f->cap = nc;
    }
    f->o[f->n++] = (al_occ){key, weak, off, len};
    return 0;
}

int al_features(const al_lexicon *lx, al_keys *k, const tc_text *t, const int *units, int nu, al_feats *f)
{
    al_tok *tk = NULL;
    int nt = 0, cap = 0, rc = -1;
    for (int i = 0; i < nu; i++) {
        const tc_unit *u = &t->u[units[i]];
        if (tokenize(t->buf + u->off, u->len, u->off, &tk, &nt, &cap)) { free(tk); return -1; }
    }
    unsigned char *used = calloc((size_t)nt + 1, 1);
    int *occ_of = malloc(sizeof *occ_of * ((size_t)nt + 1));
    int first = f->n;
    if (!used || !occ_of) goto out;
    for (int i = 0; i < nt; i++) occ_of[i] = -1;
    int in_sub = 0;                           /* inside a subordinate clause: its modality is weak */
    for (int i = 0; i < nt; i++) {
        if (tk[i].brk) in_sub = 0;
        if (used[i]) continue;
        int best = -1, bw = 0, pos[AL_PHRASE_MAX], bpos[AL_PHRASE_MAX];
        for (int e = 0; lx && e < lx->n; e++) {
            int np = match_at(tk, nt, i, &lx->e[e], used, pos);
            if (np > bw) {
                best = e; bw = np; memcpy(bpos, pos, sizeof pos);
            }
        }
        if (best >= 0) {
            const al_tok *a = &tk[bpos[0]], *z = &tk[bpos[bw - 1]];
            for (int w = 0; w < bw; w++) { used[bpos[w]] = 1; occ_of[bpos[w]] = lx->e[best].nk ? f->n : -1; }   /* its first feature */
            int gloss = 0;
            for (int w = 0; w < bw; w++) gloss |= tk[bpos[w]].gloss;
            for (int x = 0; x < lx->e[best].nk; x++) {
                int key = lx->e[best].key[x];
                int weak = lx->e[best].weak[x] || gloss || (in_sub && al_key_cat(k, key) == AL_CAT_MODALITY);
                if (add_occ(f, key, weak, a->off, z->off + z->len - a->off)) goto out;
            }
            /* a relative pronoun that opens the sentence is a demonstrative ("Die speler mag ...") */
            if (lx->e[best].sub == 1 || (lx->e[best].sub == 2 && !tk[bpos[0]].opens)) in_sub = 1;
        } else if (tk[i].num && strlen(tk[i].w) <= 6) {
            char nm[16];
            snprintf(nm, sizeof nm, "n:%s", tk[i].w);
            int key = al_key(k, nm);
            if (key < 0) goto out;
            used[i] = 1; occ_of[i] = f->n;
            if (add_occ(f, key, tk[i].gloss, tk[i].off, tk[i].len)) goto out;
        }
    }
    /* Counted nouns: a number and each component within the three words after it (up to the next number). */
    int end = f->n;
    for (int i = 0; i < nt; i++) {
        int oi = occ_of[i];
        if (oi < first || oi >= end || al_key_cat(k, f->o[oi].key) != AL_CAT_NUMBER || f->o[oi].weak) continue;
        if (i > 0 && occ_of[i - 1] == oi) continue;            /* a phrase's later word */
        for (int j = i + 1; j < nt && j <= i + 3; j++) {
            int oj = occ_of[j];
            if (oj == oi) continue;
            if (tk[j].num || (oj >= first && oj < end && al_key_cat(k, f->o[oj].key) == AL_CAT_NUMBER)) break;
            for (int x = oj; x >= first && x < end && f->o[x].off == f->o[oj].off; x++) {   /* every feature of its phrase */
                if (al_key_cat(k, f->o[x].key) != AL_CAT_COMPONENT) continue;
                char nm[100];
                snprintf(nm, sizeof nm, "%s>%s", k->name[f->o[oi].key], k->name[f->o[x].key]);
                int key = al_key(k, nm);
                if (key < 0) goto out;
                /* a weak component (a compound's modifier: "geitensoort") is a weak counted noun */
                if (add_occ(f, key, f->o[x].weak, f->o[oi].off, f->o[x].off + f->o[x].len - f->o[oi].off)) goto out;
            }
        }
    }
    rc = 0;
out:
    free(tk); free(used); free(occ_of);
    return rc;
}

void al_feats_free(al_feats *f) { free(f->o); f->o = NULL; f->n = f->cap = 0; }

/* Does f hold key (strong only when strong is set)? */
static int has_key(const al_feats *f, int key, int strong)
{
    for (int i = 0; i < f->n; i++) if (f->o[i].key == key && (!strong || !f->o[i].weak)) return 1;
    return 0;
}

/* The core feature that says the same as key in the other text's words, or -1 (it satisfies key when
 * it is read strongly: a weak reading meets only its own feature): may and can (both
 * let a player do it: "kan hij deze kaart terug in de doos leggen" / "he may put it back"), each
 * and all (a rule for every one of them: "Voor iedere speler" / "before all of the players"), not
 * and none (a negated verb and a negative quantifier: "leveren geen punten op" / "do not bring
 * points"). */
int al_equivalent(int key)
{
    switch (key) {
    case AL_MAY: return AL_CAN;
    case AL_CAN: return AL_MAY;
    case AL_EACH: return AL_ALL;
    case AL_ALL: return AL_EACH;
    case AL_NEG: return AL_NONE;
    case AL_NONE: return AL_NEG;
    default: return -1;
    }
}

int al_compare(const al_keys *k, const al_feats *a, const al_feats *b, al_diff *out, int max)
{
    int n = 0;
    for (int side = 0; side < 2; side++) {
        const al_feats *x = side ? b : a, *y = side ? a : b;
        for (int i = 0; i < x->n; i++) {
            const al_occ *o = &x->o[i];
            int eq = al_equivalent(o->key);
            if (o->weak || has_key(y, o->key, 0) || (eq >= 0 && has_key(y, eq, 1))) continue;
            if (al_key_cat(k, o->key) == AL_CAT_COMPONENT) {
                /* A component only one side names is a difference when the other side names another
                 * one in its place (not when it says "it" or leaves the noun out). */
                int other = 0;
                for (int j = 0; j < y->n && !other; j++)
                    other = !y->o[j].weak && al_key_cat(k, y->o[j].key) == AL_CAT_COMPONENT && !has_key(x, y->o[j].key, 0);
                if (!other) continue;
            }
            if (al_key_cat(k, o->key) == AL_CAT_COUNTED) {
                /* A number counted with a noun: a difference when the other side counts the same number
                 * too, with none of the same nouns (not when it leaves the noun out). */
                const char *nm = k->name[o->key];
                size_t nl = (size_t)(strchr(nm, '>') - nm) + 1;
                int counted = 0, common = 0;
                for (int j = 0; j < y->n; j++) {
                    const char *ym = k->name[y->o[j].key];
                    if (al_key_cat(k, y->o[j].key) != AL_CAT_COUNTED || strncmp(ym, nm, nl)) continue;
                    counted = 1;
                    common |= has_key(x, y->o[j].key, 0);
                }
                if (!counted || common) continue;
            }
            int dup = 0;
            for (int j = 0; j < n; j++) if (out[j].key == o->key) dup = 1;
            if (!dup && n < max) out[n++] = (al_diff){o->key, side};
        }
    }
    /* By category, then key. */
    for (int i = 1; i < n; i++) {
        al_diff d = out[i];
        int j = i;
        while (j > 0 && (al_key_cat(k, out[j - 1].key) > al_key_cat(k, d.key) ||
                         (al_key_cat(k, out[j - 1].key) == al_key_cat(k, d.key) && out[j - 1].key > d.key))) { out[j] = out[j - 1]; j--; }
        out[j] = d;
    }
    return n;
}

/* ---- alignment ------------------------------------------------------------------------------ */

/* Gale and Church's priors, and -log P(delta | match) for lengths l1, l2. */
enum { B11, B10, B01, B21, B12, B22, NBEAD };
/* 1-0 and 0-1 share the paper's 0.0099 (their cost is the prior alone: see al_align). */
#ifndef AL_P10
#define AL_P10 (0.0099 / 2)
#endif
/* A pair with no number, component or word in common pays AL_NO_ANCHOR more; a bead that merges
 * a unit sharing none with the other side pays AL_MERGED_ALONE more for it. */
#ifndef AL_NO_ANCHOR
#define AL_NO_ANCHOR 1.0
#endif
#ifndef AL_MERGED_ALONE
#define AL_MERGED_ALONE 2.0
#endif
static const int bead_a[NBEAD] = {1, 1, 0, 2, 1, 2}, bead_b[NBEAD] = {1, 0, 1, 1, 2, 2};
static const double bead_prior[NBEAD] = {0.89, AL_P10, AL_P10, 0.089 / 2, 0.089 / 2, 0.011};
#define GC_S2 6.8


static double gc_length_cost(double l1, double l2, double c)
{
    if (l1 <= 0 && l2 <= 0) return 0;
    double m = (l1 + l2 / c) / 2;
    double z = (c * l1 - l2) / sqrt(GC_S2 * m);
    double pd = erfc(fabs(z) / sqrt(2.0));
    if (pd < 1e-12) pd = 1e-12;
    return -log(pd);
}

int al_align(const double *la, int na, const double *lb, int nb, double (*anchor)(void *ctx, int i, int ni, int j, int nj),
             void *ctx, al_bead *out, int cap)
{
    double ta = 0, tb = 0;
    for (int i = 0; i < na; i++) ta += la[i];
    for (int j = 0; j < nb; j++) tb += lb[j];
    double c = ta > 0 && tb > 0 ? tb / ta : 1;
    size_t w = (size_t)nb + 1, cells = ((size_t)na + 1) * w;
    double *d = malloc(sizeof *d * cells);
    unsigned char *how = malloc(cells);
    if (!d || !how) { free(d); free(how); return -1; }
    for (int i = 0; i <= na; i++)
        for (int j = 0; j <= nb; j++) {
            size_t at = (size_t)i * w + (size_t)j;
            if (!i && !j) { d[at] = 0; how[at] = NBEAD; continue; }
            double best = HUGE_VAL;
            unsigned char bh = NBEAD;
            for (int b = 0; b < NBEAD; b++) {
                int di = bead_a[b], dj = bead_b[b];
                if (i < di || j < dj) continue;
                double l1 = 0, l2 = 0, bonus = di && dj && anchor ? anchor(ctx, i - di, di, j - dj, dj) : 0;
                for (int x = i - di; x < i; x++) l1 += la[x];
                for (int y = j - dj; y < j; y++) l2 += lb[y];
                /* A sentence with no counterpart pays its prior alone: the paper's length term
                 * would make a long sentence cheaper to merge into a neighbour's bead than to leave
                 * alone, and a rulebook's translation leaves out whole sentences. */
                double lc = di && dj ? gc_length_cost(l1, l2, c) : 0;
                double cost = d[(size_t)(i - di) * w + (size_t)(j - dj)] - log(bead_prior[b]) + lc - bonus;
                if (cost < best) { best = cost; bh = (unsigned char)b; }
            }
            d[at] = best; how[at] = bh;
        }
    /* Back from the end. */
    int n = 0;
    for (int i = na, j = nb; i > 0 || j > 0; ) {
        int b = how[(size_t)i * w + (size_t)j];
        if (n == cap) { free(d); free(how); return -1; }
        al_bead *e = &out[n++];
        memset(e, 0, sizeof *e);
        e->na = bead_a[b]; e->nb = bead_b[b];
        for (int x = 0; x < e->na; x++) e->a[x] = i - e->na + x;
        for (int y = 0; y < e->nb; y++) e->b[y] = j - e->nb + y;
        e->cost = d[(size_t)i * w + (size_t)j] - d[(size_t)(i - e->na) * w + (size_t)(j - e->nb)];
        i -= e->na; j -= e->nb;
    }
    for (int x = 0; x < n / 2; x++) { al_bead t = out[x]; out[x] = out[n - 1 - x]; out[n - 1 - x] = t; }
    /* A reordered list: neighbouring 1-1 beads (up to four apart) exchange partners when the
     * anchors of the crossed pairs are clearly better than those of the pairs in order. */
    for (int pass = 0; anchor && pass < 4; pass++) {
        int swapped = 0;
        for (int x = 0; x < n; x++) {
            if (out[x].na != 1 || out[x].nb != 1) continue;
            for (int y = x + 1; y < n && y <= x + 4; y++) {
                if (out[y].na != 1 || out[y].nb != 1) continue;
                int ax = out[x].a[0], bx = out[x].b[0], ay = out[y].a[0], by = out[y].b[0];
                double now = anchor(ctx, ax, 1, bx, 1) + anchor(ctx, ay, 1, by, 1);
                double cross1 = anchor(ctx, ax, 1, by, 1), cross2 = anchor(ctx, ay, 1, bx, 1);
                if (cross1 > 0 && cross2 > 0 && cross1 + cross2 > now + 1.0) {
                    out[x].b[0] = by; out[y].b[0] = bx;
                    swapped = 1;
                }
            }
        }
        if (!swapped) break;
    }
    /* A list item moved further than its neighbours: a sentence left alone on each side (up to four
     * beads apart) whose anchors match well is one pair after all, in the first one's place. */
    for (int x = 0; anchor && x < n; x++) {
        if ((out[x].na + out[x].nb) != 1) continue;
        for (int y = x - 4 < 0 ? 0 : x - 4; y < n && y <= x + 4; y++) {
            if (y == x || (out[y].na + out[y].nb) != 1 || out[y].na == out[x].na) continue;
            al_bead *ba = out[x].na ? &out[x] : &out[y], *bb = out[x].na ? &out[y] : &out[x];
            if (anchor(ctx, ba->a[0], 1, bb->b[0], 1) < 3.0) continue;
            out[x].na = out[x].nb = 1;
            out[x].a[0] = ba->a[0]; out[x].b[0] = bb->b[0];
            out[y].na = out[y].nb = 0;
            break;
        }
    }
    int m = 0;
    for (int x = 0; x < n; x++) if (out[x].na || out[x].nb) out[m++] = out[x];
    n = m;
    free(d); free(how);
    return n;
}

/* ---- the run ---------------------------------------------------------------------------------- */

static int add_error(al_run *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int add_error(al_run *a, const char *fmt, ...)
{
    char **ne = realloc(a->error, sizeof *ne * ((size_t)a->nerror + 1));
    if (!ne) return -1;
    a->error = ne;
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (!(a->error[a->nerror] = strdup(buf))) return -1;
    a->nerror++;
    return 0;
}


/* The language of a text path "name.xx.txt": xx. 0, or -1 when the name does not tell. */
static int lang_of_path(const char *path, char *lang, size_t n)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t l = strlen(base);
    if (l < 8 || strcmp(base + l - 4, ".txt")) return -1;
    const char *dot = base + l - 4, *p = dot;
    while (p > base && p[-1] != '.') p--;
    if (p == base || dot - p < 2 || dot - p > 3) return -1;
    snprintf(lang, n, "%.*s", (int)(dot - p), p);
    return 0;
}

/* One text of the run: a profile's (its text in the game's report) or a path's. */
static int pick_text(al_run *a, int s, const game_engine *g, const char *name, char *err, size_t errlen)
{
    for (int p = 0; g && p < g->n_profiles; p++) {
        if (strcmp(g->profiles[p].name, name)) continue;
        for (int i = 0; i < a->tc.ntext; i++)
            if (!strcmp(a->tc.text[i].file, g->profiles[p].text)) {
                a->t[s] = &a->tc.text[i]; a->ti[s] = i;
                snprintf(a->lang[s], sizeof a->lang[s], "%s", name);
                return 0;
            }
    }
    if (!strchr(name, '/') && !strstr(name, ".txt")) {
        char names[128];
        size_t nl = 0;
        names[0] = 0;
        for (int p = 0; g && p < g->n_profiles && nl < sizeof names - 20; p++)
            nl += (size_t)snprintf(names + nl, sizeof names - nl, "%s%s", p ? ", " : "", g->profiles[p].name);
        rf_set_err(err, errlen, "%s has no profile '%s' (profiles: %s; or give a text file's path)", g ? g->name : "the game", name, names);
        return -1;
    }
    /* A path: one of the game's texts when its file name is, else a text of its own. */
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    for (int i = 0; i < a->tc.ntext; i++) {
        struct stat s1, s2;
        if (strcmp(a->tc.text[i].file, base) || stat(a->tc.text[i].path, &s1) || stat(name, &s2)) continue;
        if (s1.st_dev == s2.st_dev && s1.st_ino == s2.st_ino) {
            a->t[s] = &a->tc.text[i]; a->ti[s] = i;
            snprintf(a->lang[s], sizeof a->lang[s], "%s", a->tc.text[i].lang);
            return 0;
        }
    }
    if (lang_of_path(name, a->lang[s], sizeof a->lang[s])) {
        rf_set_err(err, errlen, "%s: cannot tell the text's language (name it NAME.<lang>.txt: nl, en, fr, de)", name);
        return -1;
    }
    tc_text *t = &a->own[s];
    memset(t, 0, sizeof *t);
    t->lang = a->lang[s];
    t->file = base;
    snprintf(t->path, sizeof t->path, "%s", name);
    if (!(t->buf = tc_read_text(name, &t->len, err, errlen))) return -1;
    if (tc_split(t)) { rf_set_err(err, errlen, "out of memory"); return -1; }
    a->t[s] = t; a->ti[s] = -1;
    return 0;
}

/* The align-marks file: `"fragment of sentence A" | "fragment of sentence B" -- reason`; '#'
 * starts a comment line; "" on one side for a sentence with no counterpart. A missing file is no
 * marks. 0, or -1 with "path:line: what" in err. */
static int load_amarks(al_run *a, const char *path, char *err, size_t errlen)
{
    struct stat sb;
    snprintf(a->marks_path, sizeof a->marks_path, "%s", path);
    if (stat(path, &sb) != 0) return 0;
    size_t mlen;
    char *m = tc_read_text(path, &mlen, err, errlen);
    if (!m) return -1;
    int lineno = 0, cap = 0, rc = -1;
    for (char *p = m; *p; ) {
        char *nl = strchr(p, '\n');
        if (nl) *nl = 0;
        lineno++;
        size_t l = strlen(p);
        while (l && (p[l - 1] == '\r' || p[l - 1] == ' ')) p[--l] = 0;
        const char *q = p;
        while (*q == ' ') q++;
        if (*q && *q != '#') {
            const char *bar = *q == '"' ? strstr(q + 1, "\" | \"") : NULL;
            const char *sep = bar ? strstr(bar + 4, "\" -- ") : NULL;
            if (!bar || !sep || !sep[5] || (bar == q + 1 && sep == bar + 5)) {
                rf_set_err(err, errlen, "%s:%d: an align-mark is `\"fragment of sentence A\" | \"fragment of sentence B\" -- reason` "
                           "(\"\" on one side: a sentence with no counterpart)", path, lineno);
                goto out;
            }
            if (a->nam == cap) {
                cap = cap ? cap * 2 : 32;
                al_amark *na = realloc(a->am, sizeof *na * (size_t)cap);
                if (!na) { rf_set_err(err, errlen, "out of memory"); goto out; }
                a->am = na;
            }
            al_amark *k = &a->am[a->nam++];
            memset(k, 0, sizeof *k);
            k->line = lineno;
            char f0[4096], f1[4096];
            snprintf(f0, sizeof f0, "%.*s", (int)(bar - q - 1), q + 1);
            snprintf(f1, sizeof f1, "%.*s", (int)(sep - bar - 5), bar + 5);
            k->frag[0] = strdup(f0); k->frag[1] = strdup(f1); k->reason = strdup(sep + 5);
            if (!k->frag[0] || !k->frag[1] || !k->reason) { rf_set_err(err, errlen, "out of memory"); goto out; }
        }
        if (!nl) break;
        p = nl + 1;
    }
    rc = 0;
out:
    free(m);
    return rc;
}

/* Does the folded fragment stand in unit u of t? */
static int frag_in_unit(const tc_text *t, int u, const char *frag)
{
    size_t fl = strlen(frag);
    if (!fl) return 0;
    for (const char *h = strstr(t->norm, frag); h; h = strstr(h + 1, frag)) {
        size_t p = (size_t)(h - t->norm);
        for (size_t q = p; q < p + fl && q < t->nlen; q++) if (t->unit_of[t->norm_off[q]] == u) return 1;
    }
    return 0;
}

static int frag_in_side(const tc_text *t, const int *units, int n, const char *frag)
{
    for (int i = 0; i < n; i++) if (frag_in_unit(t, units[i], frag)) return 1;
    return 0;
}

/* A quote bullet of an entry: "- **xx:** " with a language code of two or three lower-case letters. */
static int quote_bullet(const char *p)
{
    if (strncmp(p, "- **", 4)) return 0;
    int n = 0;
    while (p[4 + n] >= 'a' && p[4 + n] <= 'z') n++;
    return (n == 2 || n == 3) && !strncmp(p + 4 + n, ":**", 3);
}

/* Appends line and a newline to *body. 0, -1 out of memory. */
static int append_body(char **body, const char *line)
{
    size_t have = *body ? strlen(*body) : 0, add = strlen(line);
    char *nb = realloc(*body, have + add + 2);
    if (!nb) return -1;
    memcpy(nb + have, line, add);
    nb[have + add] = '\n';
    nb[have + add + 1] = 0;
    *body = nb;
    return 0;
}

/* SPEC.md read again for what textcov does not keep: per entry, the language bullets that say
 * "absent" (a clause's reason why one text has no such sentence), and the register entries that
 * name a difference between the two texts (register table's profile columns, or a Different /
 * Garbled / Gap label). 0, or -1 with err. */
static int scan_spec(al_run *a, const char *spec, int nent, char *err, size_t errlen)
{
    size_t slen;
    char *s = tc_read_text(spec, &slen, err, errlen);
    if (!s) return -1;
    int col[2] = {-1, -1}, cur = -1, lineno = 0;
    for (char *p = s; *p; ) {
        char *nl = strchr(p, '\n');
        if (nl) *nl = 0;
        lineno++;
        if (cur >= 0 && strncmp(p, "### ", 4) && p[0] != '#' && !quote_bullet(p) && append_body(&a->body[cur], p)) goto oom;
        if (!strncmp(p, "### ", 4)) {
            cur = -1;
            char id[64];
            size_t il = strcspn(p + 4, " \t\r");
            snprintf(id, sizeof id, "%.*s", (int)(il < 63 ? il : 63), p + 4);
            for (int e = 0; e < nent; e++) if (!strcmp(a->tc.entry[e].id, id)) cur = e;
        } else if (p[0] == '#') cur = -1;
        else if (p[0] == '|') {
            /* A register table: its header names the profile columns. */
            char cell[16][64];
            int nc = 0;
            for (char *c = p + 1; *c && nc < 16; ) {
                char *bar = strchr(c, '|');
                if (!bar) break;
                char *b0 = c, *b1 = bar;
                while (b0 < b1 && *b0 == ' ') b0++;
                while (b1 > b0 && b1[-1] == ' ') b1--;
                snprintf(cell[nc++], sizeof cell[0], "%.*s", (int)(b1 - b0 < 63 ? b1 - b0 : 63), b0);
                c = bar + 1;
            }
            if (nc > 2 && !strcmp(cell[1], "ID")) {
                col[0] = col[1] = -1;
                for (int k = 0; k < nc; k++)
                    for (int x = 0; x < 2; x++) if (!strcmp(cell[k], a->lang[x])) col[x] = k;
            } else if (nc > 2 && col[0] >= 0 && col[1] >= 0 && col[0] < nc && col[1] < nc && strcmp(cell[col[0]], cell[col[1]])) {
                for (int e = 0; e < nent; e++) {
                    if (!a->tc.entry[e].reg || strcmp(a->tc.entry[e].id, cell[1])) continue;
                    al_regdiff *nr = realloc(a->rd, sizeof *nr * ((size_t)a->nrd + 1));
                    if (!nr) goto oom;
                    a->rd = nr;
                    al_regdiff *r = &a->rd[a->nrd++];
                    memset(r, 0, sizeof *r);
                    r->entry = e; r->bead = -1;
                    snprintf(r->why, sizeof r->why, "readings %s `%s`, %s `%s` (SPEC.md:%d)", a->lang[0], cell[col[0]],
                             a->lang[1], cell[col[1]], lineno);
                }
            }
        } else if (cur >= 0 && !strncmp(p, "- **", 4)) {
            char *lab = p + 4, *end = strstr(lab, ":**");
            if (!end) goto next;
            size_t ll = (size_t)(end - lab);
            for (int x = 0; x < 2; x++)
                if (strlen(a->lang[x]) == ll && !strncmp(lab, a->lang[x], ll)) {
                    const char *v = end + 3;
                    while (*v == ' ') v++;
                    if (!strncmp(v, "absent", 6)) a->absent[x][cur] = 1;
                }
            char label[64];
            snprintf(label, sizeof label, "%.*s", (int)(ll < 63 ? ll : 63), lab);
            if (a->tc.entry[cur].reg && (strstr(label, "ifferent") || strstr(label, "arbled") || strstr(label, "Gap in")) &&
                !strstr(label, "edition")) {                /* "Different (other editions)": not between these texts */
                int have = 0;
                for (int r = 0; r < a->nrd; r++) if (a->rd[r].entry == cur) have = 1;
                if (!have) {
                    al_regdiff *nr = realloc(a->rd, sizeof *nr * ((size_t)a->nrd + 1));
                    if (!nr) goto oom;
                    a->rd = nr;
                    al_regdiff *r = &a->rd[a->nrd++];
                    memset(r, 0, sizeof *r);
                    r->entry = cur; r->bead = -1;
                    snprintf(r->why, sizeof r->why, "\"%s\" (SPEC.md:%d)", label, lineno);
                }
            }
        }
    next:
        if (!nl) break;
        p = nl + 1;
    }
    free(s);
    return 0;
oom:
    free(s);
    rf_set_err(err, errlen, "out of memory");
    return -1;
}

/* Per unit, what the alignment's anchors need. */
typedef struct al_ctx { const al_run *a; } al_ctx;

static int is_heading(const tc_text *t, const tc_unit *u)
{
    const char *s = t->buf + u->off;
    size_t n = u->len;
    if (n > 70 || (u->off > 0 && t->buf[u->off - 1] != '\n' && t->buf[u->off - 1] != ' ')) return 0;
    while (n && (s[n - 1] == '*' || s[n - 1] == ' ')) n--;
    if (!n || strchr(".!?;,", s[n - 1])) return 0;
    if (s[0] == '-' || s[0] == '|') return 0;
    return 1;
}

/* A list mark opening the unit: "1." / "1)" -> 1..; "A." / "A)" -> 100 + letter; "- " -> 200; else 0. */
static int list_mark(const tc_text *t, const tc_unit *u)
{
    const char *s = t->buf + u->off;
    if (u->len > 2 && s[0] >= '0' && s[0] <= '9' && (s[1] == '.' || s[1] == ')')) return s[0] - '0' + 1;
    if (u->len > 2 && s[0] >= 'A' && s[0] <= 'F' && (s[1] == '.' || s[1] == ')')) return 100 + s[0] - 'A';
    if (u->len > 4 && s[0] == '-' && s[1] == ' ' && s[2] >= 'A' && s[2] <= 'F' && (s[3] == '.' || s[3] == ')')) return 100 + s[2] - 'A';
    if (u->len > 2 && (s[0] == '-' || s[0] == '*') && s[1] == ' ') return 200;
    return 0;
}

/* The anchors of units A[i, i+ni) against B[j, j+nj): shared numbers and components, headings
 * on both sides, the same list mark, as a bonus; numbers that clash and a heading against a
 * sentence as a penalty. */
static double anchor_detail(const al_run *a, int i, int ni, int j, int nj, int *common, int *numbers)
{
    int first[2] = {i, j}, cnt[2] = {ni, nj}, nums[2] = {0, 0}, lone = 0, shared = 0, rare = 0, comp = 0, head[2] = {0, 0};
    int list[2] = {0, 0}, merged_alone = 0;
    for (int s = 0; s < 2; s++)
        for (int u = first[s]; u < first[s] + cnt[s]; u++) {
            const al_feats *f = &a->uf[s][u];
            int n = 0, sh = 0;
            for (int x = 0; x < f->n; x++) {
                if (f->o[x].weak) continue;
                int cat = al_key_cat(&a->keys, f->o[x].key), in = 0;
                for (int v = first[1 - s]; v < first[1 - s] + cnt[1 - s] && !in; v++) in = has_key(&a->uf[1 - s][v], f->o[x].key, 0);
                if (cat == AL_CAT_NUMBER) {
                    n++; sh += in;
                    if (s == 0) shared += in;
                    if (s == 0 && in && a->df[0][f->o[x].key] == 1 && a->df[1][f->o[x].key] == 1) rare++;
                }
                if (cat == AL_CAT_COMPONENT && s == 0) comp += in;
            }
            nums[s] += n;
            if (n && !sh) lone++;
            if (cnt[s] > 1) {                 /* a merged unit must share something with the other side */
                int any = sh;
                for (int x = 0; x < f->n && !any; x++)
                    if (!f->o[x].weak && al_key_cat(&a->keys, f->o[x].key) == AL_CAT_COMPONENT)
                        for (int v = first[1 - s]; v < first[1 - s] + cnt[1 - s] && !any; v++) any = has_key(&a->uf[1 - s][v], f->o[x].key, 0);
                for (int k = 0; k < a->nuw[s][u] && !any; k++)
                    for (int v = first[1 - s]; v < first[1 - s] + cnt[1 - s] && !any; v++)
                        for (int m = 0; m < a->nuw[1 - s][v] && !any; m++) any = a->uw[s][u][k] == a->uw[1 - s][v][m];
                if (!any) merged_alone++;
            }
            head[s] |= is_heading(a->t[s], &a->t[s]->u[u]);
            if (u == first[s]) list[s] = list_mark(a->t[s], &a->t[s]->u[u]);
        }
    int words = 0;                            /* words both sides spell alike: names, cognates */
    for (int u = i; u < i + ni; u++)
        for (int k = 0; k < a->nuw[0][u]; k++)
            for (int v = j, in = 0; v < j + nj && !in; v++)
                for (int m = 0; m < a->nuw[1][v] && !in; m++) if (a->uw[0][u][k] == a->uw[1][v][m]) { in = 1; words++; }
    double sc = 1.5 * (shared < 3 ? shared : 3) + 0.5 * (comp < 4 ? comp : 4) + 1.0 * (words < 3 ? words : 3) -
                1.0 * (lone < 3 ? lone : 3);
    sc += 4.0 * (rare < 2 ? rare : 2);        /* a number each text has in one sentence only: a strong anchor */
    if (!shared && !comp && !words) sc -= AL_NO_ANCHOR;   /* nothing in common at all */
    sc -= AL_MERGED_ALONE * merged_alone;
    if (nums[0] && nums[1] && !shared) sc -= 3;
    if (head[0] && head[1]) sc += 1;
    else if (head[0] != head[1]) sc -= 1;
    if (list[0] && list[0] == list[1]) sc += 1.5;
    else if (!list[0] != !list[1]) sc -= 1;
    if (common) *common = shared + comp + words;
    if (numbers) *numbers = nums[0] + nums[1];
    return sc;
}

static double anchor_of(void *ctx, int i, int ni, int j, int nj)
{
    return anchor_detail(((al_ctx *)ctx)->a, i, ni, j, nj, NULL, NULL);
}

/* A bead whose two sides share no number, no component and no word of four letters or more while
 * one of them has a number is no pair: the length alignment put two unrelated lines together (a
 * title page against a web page's header, a date against a web address), and its units stand
 * alone. Splits such beads in a->bead (room for one bead a unit) in place. */
static void split_unrelated(al_run *a)
{
    int n = a->nbead;
    for (int x = n - 1; x >= 0; x--) {
        al_bead b = a->bead[x];
        int common, numbers;
        if (!b.na || !b.nb) continue;
        anchor_detail(a, b.a[0], b.na, b.b[0], b.nb, &common, &numbers);
        if (common || !numbers) continue;
        int add = b.na + b.nb - 1;
        memmove(&a->bead[x + 1 + add], &a->bead[x + 1], sizeof *a->bead * (size_t)(n - x - 1));
        for (int k = 0; k < b.na + b.nb; k++) {
            al_bead *o = &a->bead[x + k];
            memset(o, 0, sizeof *o);
            if (k < b.na) { o->na = 1; o->a[0] = b.a[k]; }
            else { o->nb = 1; o->b[0] = b.b[k - b.na]; }
            o->cost = b.cost / (b.na + b.nb);
        }
        n += add;
    }
    a->nbead = n;
}

/* Characters of a unit (UTF-8 code points, markup stars left out, white space runs as one). */
static double unit_chars(const tc_text *t, const tc_unit *u)
{
    double n = 0;
    int sp = 0;
    for (size_t i = u->off; i < u->off + u->len; i++) {
        unsigned char c = (unsigned char)t->buf[i];
        if ((c & 0xC0) == 0x80 || c == '*') continue;
        int ws = c == ' ' || c == '\n' || c == '\t' || c == '\r';
        if (ws && sp) continue;
        sp = ws;
        n++;
    }
    return n;
}

static void side_units(const al_bead *b, int s, const int **u, int *n) { *u = s ? b->b : b->a; *n = s ? b->nb : b->na; }

static int touches(const al_run *a, int s, int e, const int *units, int n)
{
    if (!a->touch[s]) return 0;
    for (int i = 0; i < n; i++) if (a->touch[s][(size_t)e * (size_t)a->t[s]->nu + (size_t)units[i]]) return 1;
    return 0;
}

static void add_by(char *by, size_t cap, const char *what)
{
    size_t l = strlen(by);
    if (l + strlen(what) + 3 < cap) snprintf(by + l, cap - l, "%s%s", l ? ", " : "", what);
}

/* Does body hold needle (n bytes) between open and close (case ignored)? */
static int quoted_in(const char *body, const char *open, const char *needle, size_t n, const char *close)
{
    size_t ol = strlen(open), cl = strlen(close);
    for (const char *p = body; (p = strstr(p, open)); p += ol)
        if (!strncasecmp(p + ol, needle, n) && !strncmp(p + ol + n, close, cl)) return 1;
    return 0;
}

/* Is feature key named in body: its name as the lexicons spell it in backticks (`may`, `c:row`,
 * `n:5`; case counts, so a code name such as `DOG` or a case name such as `row` is no reason), or
 * one of the words side s read it from in double quotes (straight or curly, case ignored)? */
static int names_feature(const al_run *a, const char *body, const al_bead *b, int key, int s)
{
    const char *nm = a->keys.name[key];
    for (const char *p = body; (p = strstr(p, nm)); p++)
        if (p > body && p[-1] == '`' && p[strlen(nm)] == '`') return 1;
    const int *u;
    int n;
    side_units(b, s, &u, &n);
    for (int i = 0; i < n; i++) {
        const al_feats *f = &a->uf[s][u[i]];
        for (int x = 0; x < f->n; x++) {
            if (f->o[x].key != key) continue;
            const char *w = a->t[s]->buf + f->o[x].off;
            size_t wl = 0, all = f->o[x].len;
            while (wl < all && (unsigned char)w[wl] > ' ' && !strchr(".,;:()[]\"'", w[wl])) wl++;
            static const char *const q[][2] = {{"\"", "\""}, {"\xe2\x80\x9c", "\xe2\x80\x9d"}};
            for (int k = 0; k < 2; k++)
                if (quoted_in(body, q[k][0], w, wl, q[k][1]) || quoted_in(body, q[k][0], w, all, q[k][1])) return 1;
        }
    }
    return 0;
}

int al_entry_names_diffs(const al_run *a, int e, const al_bead *b)
{
    const char *body = a->body && e >= 0 && e < a->tc.nentry ? a->body[e] : NULL;
    if (!body) return b->nd == 0;
    for (int d = 0; d < b->nd; d++)
        if (!names_feature(a, body, b, b->d[d].key, b->d[d].side)) return 0;
    return 1;
}

/* Does entry e's text (its body: besides its heading and quote bullets) quote unit u of side s: a
 * double-quoted passage, or a piece of one between ellipses, of 8 bytes or more (white space
 * folded) that stands in the unit? */
static int body_quotes_unit(const al_run *a, int e, int s, int u)
{
    const char *body = a->body && e >= 0 && e < a->tc.nentry ? a->body[e] : NULL;
    if (!body || a->ti[s] < 0) return 0;
    for (const char *q = strchr(body, '"'); q; ) {
        const char *z = strchr(q + 1, '"');
        if (!z) break;
        char piece[600];
        size_t n = 0;
        for (const char *c = q + 1; c <= z; c++) {
            int end = c == z || !strncmp(c, "\xe2\x80\xa6", 3) || !strncmp(c, "...", 3);
            if (end) {
                while (n && piece[n - 1] == ' ') n--;
                piece[n] = 0;
                if (n >= 8 && frag_in_unit(a->t[s], u, piece)) return 1;
                n = 0;
                if (c < z) c += 2;
                continue;
            }
            int ws = *c == ' ' || *c == '\n' || *c == '\t';
            if (ws && (!n || piece[n - 1] == ' ')) continue;
            if (n + 1 < sizeof piece) piece[n++] = ws ? ' ' : *c;
        }
        q = strchr(z + 1, '"');
    }
    return 0;
}

/* What covers bead b (see enum al_cover). */
static void cover_bead(al_run *a, al_bead *b)
{
    b->cover = AL_NOT_REGISTERED;
    b->by[0] = 0;
    int nent = a->have_tc ? a->tc.nentry : 0;
    const int *ua, *ub;
    int na, nb;
    side_units(b, 0, &ua, &na);
    side_units(b, 1, &ub, &nb);
    /* An align-mark "UNREGISTERED: ..." goes first: it names a difference the register still lacks,
     * whatever else quotes the sentences. */
    for (int k = 0; k < a->nam; k++) {
        const al_amark *m = &a->am[k];
        if (strncmp(m->reason, "UNREGISTERED:", 13)) continue;
        for (int o = 0; o < 2; o++) {
            const char *f0 = m->frag[o], *f1 = m->frag[1 - o];
            int ok0 = *f0 ? na && frag_in_side(a->t[0], ua, na, f0) : na == 0;
            int ok1 = *f1 ? nb && frag_in_side(a->t[1], ub, nb, f1) : nb == 0;
            if (ok0 && ok1) { b->cover = AL_ALIGN_MARK; snprintf(b->by, sizeof b->by, "%s", m->reason); a->am[k].used++; return; }
        }
    }
    for (int want = AL_REGISTER; want >= AL_CLAUSE && b->cover == AL_NOT_REGISTERED; want--)
        for (int e = 0; e < nent; e++) {
            const tc_entry *en = &a->tc.entry[e];
            if ((want == AL_REGISTER) != (en->reg != 0)) continue;
            int ok;
            if (na && nb) {
                /* both sentences, or the one that differs (every differing feature stands in it) */
                int only = -1;
                for (int d = 0; d < b->nd; d++) only = d == 0 ? b->d[d].side : only == b->d[d].side ? only : 2;
                int t0 = touches(a, 0, e, ua, na), t1 = touches(a, 1, e, ub, nb);
                ok = (t0 && t1) || (want == AL_REGISTER && ((only == 0 && t0) || (only == 1 && t1)));
                /* a clause covers the pair when its text gives the reason: it names each difference */
                if (ok && want == AL_CLAUSE && !al_entry_names_diffs(a, e, b)) ok = 0;
            }
            else {
                int s = na ? 0 : 1;
                /* a clause: its bullet for the other text says "absent", or it quotes the other text
                 * too (it states the rule for both, and its text says what the other leaves out) */
                int other = 0, lone = s ? ub[0] : ua[0];
                for (int u = 0; a->touch[1 - s] && u < a->t[1 - s]->nu && !other; u++) other = touches(a, 1 - s, e, &u, 1);
                /* ... and, without an absent bullet, its text quotes the lone sentence: it gives the
                 * reason the sentence stands alone (the other text lacks it, or has it elsewhere) */
                ok = touches(a, s, e, s ? ub : ua, s ? nb : na) &&
                     (want == AL_REGISTER || (a->absent[1 - s] && a->absent[1 - s][e]) || (other && body_quotes_unit(a, e, s, lone)));
            }
            if (ok) { b->cover = want; add_by(b->by, sizeof b->by, en->id); }
        }
    for (int s = 0; s < 2 && b->cover == AL_NOT_REGISTERED; s++) {
        const int *u;
        int n;
        side_units(b, s, &u, &n);
        if (a->ti[s] < 0) continue;
        for (int i = 0; i < n; i++) {
            const tc_unit *x = &a->t[s]->u[u[i]];
            if (x->mark >= 0) { b->cover = AL_MARK; snprintf(b->by, sizeof b->by, "%s", a->t[s]->mark[x->mark].reason); break; }
        }
    }
    for (int k = 0; k < a->nam && b->cover == AL_NOT_REGISTERED; k++) {
        const al_amark *m = &a->am[k];
        for (int o = 0; o < 2; o++) {
            const char *f0 = m->frag[o], *f1 = m->frag[1 - o];
            int ok0 = *f0 ? na && frag_in_side(a->t[0], ua, na, f0) : na == 0;
            int ok1 = *f1 ? nb && frag_in_side(a->t[1], ub, nb, f1) : nb == 0;
            if (ok0 && ok1) { b->cover = AL_ALIGN_MARK; snprintf(b->by, sizeof b->by, "%s", m->reason); a->am[k].used++; break; }
        }
    }
}

int al_uncovered(const al_run *a)
{
    int n = 0;
    for (int i = 0; i < a->nbead; i++) if (a->bead[i].flagged && a->bead[i].cover == AL_NOT_REGISTERED) n++;
    return n;
}

/* The words of 4 letters or more of unit u of side s, hashed (FNV-1a), each once. 0, -1 memory. */
static int unit_words(al_run *a, int s, int u)
{
    const tc_unit *x = &a->t[s]->u[u];
    al_tok *tk = NULL;
    int nt = 0, cap = 0;
    if (tokenize(a->t[s]->buf + x->off, x->len, x->off, &tk, &nt, &cap)) { free(tk); return -1; }
    for (int i = 0; i < nt && a->nuw[s][u] < AL_UNIT_WORDS; i++) {
        if (tk[i].num || tk[i].len < 4) continue;
        uint32_t h = 2166136261u;
        for (const char *p = tk[i].w; *p; p++) h = (h ^ (unsigned char)*p) * 16777619u;
        int dup = 0;
        for (int k = 0; k < a->nuw[s][u]; k++) dup |= a->uw[s][u][k] == h;
        if (!dup) a->uw[s][u][a->nuw[s][u]++] = h;
    }
    free(tk);
    return 0;
}

/* The features of a bead's side: its units' features together. */
static int side_feats(const al_run *a, const al_bead *b, int s, al_feats *f)
{
    const int *u;
    int n;
    side_units(b, s, &u, &n);
    for (int i = 0; i < n; i++) {
        const al_feats *x = &a->uf[s][u[i]];
        for (int k = 0; k < x->n; k++) if (add_occ(f, x->o[k].key, x->o[k].weak, x->o[k].off, x->o[k].len)) return -1;
    }
    return 0;
}

int al_load(al_run *a, const game_engine *g, const char *A, const char *B, const al_opts *o, char *err, size_t errlen)
{
    memset(a, 0, sizeof *a);
    const char *spec = o && o->spec ? o->spec : "SPEC.md", *texts = o && o->texts ? o->texts : "rules/texts";
    const char *lexdir = o && o->lexdir ? o->lexdir : texts;
    if (tc_report_load(&a->tc, g, spec, texts, err, errlen)) return -1;
    a->have_tc = 1;
    if (pick_text(a, 0, g, A, err, errlen) || pick_text(a, 1, g, B, err, errlen)) return -1;
    if (a->t[0] == a->t[1]) { rf_set_err(err, errlen, "%s and %s are the same text (%s)", A, B, a->t[0]->file); return -1; }
    for (int s = 0; s < 2; s++) {
        char lp[1200];
        snprintf(lp, sizeof lp, "%s/lexicon.%s.txt", lexdir, a->lang[s]);
        if (al_lexicon_load(&a->lex[s], &a->keys, lp, a->lang[s], err, errlen)) return -1;
    }
    char mp[1100];
    if (o && o->marks) snprintf(mp, sizeof mp, "%s", o->marks);
    else snprintf(mp, sizeof mp, "%s/%s.align-marks", texts, g->name);
    if (load_amarks(a, mp, err, errlen)) return -1;
    /* Which units each entry's quotes touch, per side; the absent bullets; the registered differences. */
    int nent = a->tc.nentry;
    for (int s = 0; s < 2; s++) {
        if (!(a->absent[s] = calloc((size_t)nent + 1, 1))) goto oom;
        if (a->ti[s] < 0) continue;
        size_t nu = (size_t)a->t[s]->nu;
        if (!(a->touch[s] = calloc((size_t)nent * nu + 1, 1))) goto oom;
        for (int e = 0; e < nent; e++) {
            const tc_entry *en = &a->tc.entry[e];
            size_t from = 0;
            for (int k = 0; k < en->nfrag; k++)
                if (en->frag[k].text == a->ti[s])
                    tc_flag_frag(a->t[s], en->frag[k].s, &from, strlen(en->frag[k].s) >= 24, a->touch[s] + (size_t)e * nu);
        }
    }
    if (!(a->body = calloc((size_t)nent + 1, sizeof *a->body))) goto oom;
    if (scan_spec(a, spec, nent, err, errlen)) return -1;
    if (a->ti[0] < 0 || a->ti[1] < 0) a->nrd = 0;      /* the register speaks of the game's texts only */
    /* Every align-mark's fragments stand in the texts. */
    for (int k = 0; k < a->nam; k++)
        for (int f = 0; f < 2; f++)
            if (a->am[k].frag[f][0] && !strstr(a->t[0]->norm, a->am[k].frag[f]) && !strstr(a->t[1]->norm, a->am[k].frag[f]) &&
                add_error(a, "%s:%d: align-mark \"%s\" matches no sentence of %s or %s verbatim", a->marks_path, a->am[k].line,
                          a->am[k].frag[f], a->t[0]->file, a->t[1]->file)) goto oom;
    /* Features of every unit, lengths, the alignment. */
    double *len[2] = {NULL, NULL};
    for (int s = 0; s < 2; s++) {
        int nu = a->t[s]->nu;
        if (!(a->uf[s] = calloc((size_t)nu + 1, sizeof *a->uf[s])) || !(len[s] = malloc(sizeof *len[s] * ((size_t)nu + 1)))) {
            free(len[0]); free(len[1]);
            goto oom;
        }
        if (!(a->uw[s] = calloc((size_t)nu + 1, sizeof *a->uw[s])) || !(a->nuw[s] = calloc((size_t)nu + 1, 1))) {
            free(len[0]); free(len[1]);
            goto oom;
        }
        for (int u = 0; u < nu; u++) {
            if (al_features(&a->lex[s], &a->keys, a->t[s], &u, 1, &a->uf[s][u]) || unit_words(a, s, u)) {
                free(len[0]); free(len[1]);
                goto oom;
            }
            len[s][u] = unit_chars(a->t[s], &a->t[s]->u[u]);
        }
    }
    /* In how many units of each text each number stands (a number in one unit of each is a strong anchor). */
    for (int s = 0; s < 2; s++) {
        if (!(a->df[s] = calloc((size_t)a->keys.n + 1, sizeof *a->df[s]))) { free(len[0]); free(len[1]); goto oom; }
        for (int u = 0; u < a->t[s]->nu; u++)
            for (int x = 0; x < a->uf[s][u].n; x++) {
                int key = a->uf[s][u].o[x].key, dup = 0;
                for (int y = 0; y < x; y++) dup |= a->uf[s][u].o[y].key == key;
                if (!dup) a->df[s][key]++;
            }
    }
    int cap = a->t[0]->nu + a->t[1]->nu + 1;
    al_ctx ctx = {a};
    if (!(a->bead = malloc(sizeof *a->bead * (size_t)cap))) { free(len[0]); free(len[1]); goto oom; }
    a->nbead = al_align(len[0], a->t[0]->nu, len[1], a->t[1]->nu, anchor_of, &ctx, a->bead, cap);
    free(len[0]); free(len[1]);
    if (a->nbead < 0) { a->nbead = 0; goto oom; }
    split_unrelated(a);
    /* Compare, flag, cover. */
    for (int i = 0; i < a->nbead; i++) {
        al_bead *b = &a->bead[i];
        static const int kind[3][3] = {{-1, 5, -1}, {4, 0, 2}, {-1, 1, 3}};
        a->counts[kind[b->na][b->nb]]++;
        b->anchor = b->na && b->nb && anchor_of(&ctx, b->a[0], b->na, b->b[0], b->nb) > 0;
        if (b->na && b->nb) {
            al_feats fa = {0}, fb = {0};
            if (side_feats(a, b, 0, &fa) || side_feats(a, b, 1, &fb)) { al_feats_free(&fa); al_feats_free(&fb); goto oom; }
            b->nd = al_compare(&a->keys, &fa, &fb, b->d, AL_MAX_DIFFS);
            al_feats_free(&fa); al_feats_free(&fb);
            b->flagged = b->nd > 0;
        } else b->flagged = 1;
        if (b->flagged) { a->counts[6]++; cover_bead(a, b); }
    }
    /* Recall: is each registered difference's pair (or lone sentence) flagged? */
    for (int r = 0; r < a->nrd; r++) {
        al_regdiff *rd = &a->rd[r];
        int qa = 0, qb = 0;
        for (int u = 0; u < a->t[0]->nu; u++) qa |= touches(a, 0, rd->entry, &u, 1);
        for (int u = 0; u < a->t[1]->nu; u++) qb |= touches(a, 1, rd->entry, &u, 1);
        for (int i = 0; i < a->nbead && !rd->hit; i++) {
            const al_bead *b = &a->bead[i];
            if (!b->flagged) continue;
            int ta = touches(a, 0, rd->entry, b->a, b->na), tb = touches(a, 1, rd->entry, b->b, b->nb);
            if (b->na && b->nb ? ((ta || !qa) && (tb || !qb) && (ta || tb)) : (ta || tb)) { rd->hit = 1; rd->bead = i; }
        }
    }
    return 0;
oom:
    rf_set_err(err, errlen, "out of memory");
    return -1;
}

void al_free(al_run *a)
{
    for (int s = 0; s < 2; s++) {             /* the features first: the texts give their count */
        for (int u = 0; a->uf[s] && a->t[s] && u < a->t[s]->nu; u++) al_feats_free(&a->uf[s][u]);
        free(a->uf[s]); free(a->uw[s]); free(a->nuw[s]); free(a->df[s]);
    }
    for (int e = 0; a->body && e < a->tc.nentry; e++) free(a->body[e]);
    free(a->body);
    if (a->have_tc) tc_report_free(&a->tc);
    for (int s = 0; s < 2; s++) {
        tc_text *t = &a->own[s];
        free(t->buf); free(t->norm); free(t->norm_off); free(t->unit_of); free(t->u);
        al_lexicon_free(&a->lex[s]);
        free(a->touch[s]); free(a->absent[s]);
    }
    al_keys_free(&a->keys);
    for (int k = 0; k < a->nam; k++) { free(a->am[k].frag[0]); free(a->am[k].frag[1]); free(a->am[k].reason); }
    free(a->am);
    for (int i = 0; i < a->nerror; i++) free(a->error[i]);
    free(a->error);
    free(a->bead); free(a->rd);
    memset(a, 0, sizeof *a);
}

/* ---- output --------------------------------------------------------------------------------- */

/* Unit u of t on one line (white space folded), cut to max bytes at a character boundary. */
static void unit_line(const tc_text *t, int u, char *out, size_t cap, size_t max)
{
    const char *s = t->buf + t->u[u].off;
    size_t n = t->u[u].len, o = 0;
    int sp = 1;
    for (size_t i = 0; i < n && o + 4 < cap; i++) {
        char c = s[i];
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r') { if (!sp) { out[o++] = ' '; sp = 1; } continue; }
        out[o++] = c; sp = 0;
    }
    while (o && out[o - 1] == ' ') o--;
    out[o] = 0;
    if (o > max) {
        size_t c = max;
        while (c > 0 && ((unsigned char)out[c] & 0xC0) == 0x80) c--;
        snprintf(out + c, cap - c, "...");
    }
}

/* The differing features of a bead: "modality: may (nl) / must (en); number: 5 (en)". */
static void diff_text(const al_run *a, const al_bead *b, char *out, size_t cap)
{
    size_t o = 0;
    out[0] = 0;
    for (int c = 0; c < AL_NCAT; c++) {
        int any = 0;
        for (int s = 0; s < 2; s++) {
            int n = 0;
            for (int i = 0; i < b->nd; i++) {
                if (b->d[i].side != s || al_key_cat(&a->keys, b->d[i].key) != c) continue;
                char kt[100];
                al_key_text(&a->keys, b->d[i].key, kt, sizeof kt);
                if (o + strlen(kt) + 40 >= cap) break;
                o += (size_t)snprintf(out + o, cap - o, "%s%s%s", !any ? (o ? "; " : "") : "", !any ? al_cat_name[c] : "",
                                      !any ? ": " : n ? ", " : " / ");
                o += (size_t)snprintf(out + o, cap - o, "%s", kt);
                any = 1; n++;
            }
            if (n && o + 10 < cap) o += (size_t)snprintf(out + o, cap - o, " (%s)", a->lang[s]);
        }
    }
}

static void print_side(FILE *f, const al_run *a, const al_bead *b, int s, size_t max)
{
    const int *u;
    int n;
    side_units(b, s, &u, &n);
    char line[4096];
    for (int i = 0; i < n; i++) {
        unit_line(a->t[s], u[i], line, sizeof line, max);
        fprintf(f, "    %s %s:%d: %s\n", a->lang[s], a->t[s]->file, a->t[s]->u[u[i]].line, line);
    }
}

static void print_cover(FILE *f, const al_bead *b)
{
    if (b->cover == AL_NOT_REGISTERED) fprintf(f, "    not registered\n");
    else fprintf(f, "    covered: %s: %s\n", al_cover_name[b->cover], b->by);
}

static void print_report(FILE *f, const al_run *a, const game_engine *g, int quiet, int recall, int gate, int all)
{
    fprintf(f, "align %s: %s %s (%d units) with %s %s (%d units)\n", g->name, a->lang[0], a->t[0]->file, a->t[0]->nu,
            a->lang[1], a->t[1]->file, a->t[1]->nu);
    fprintf(f, "  beads: %d 1-1, %d 2-1, %d 1-2, %d 2-2, %d 1-0 (only %s), %d 0-1 (only %s)\n", a->counts[0], a->counts[1],
            a->counts[2], a->counts[3], a->counts[4], a->lang[0], a->counts[5], a->lang[1]);
    char d[2048];
    size_t max = quiet ? 160 : 600;
    for (int i = 0; all && i < a->nbead; i++) {
        const al_bead *b = &a->bead[i];
        fprintf(f, "%s  bead %d-%d, cost %.2f%s%s\n", i ? "" : "\n  every bead:\n", b->na, b->nb, b->cost,
                b->anchor ? ", anchored" : "", b->flagged ? ", flagged" : "");
        print_side(f, a, b, 0, 120);
        print_side(f, a, b, 1, 120);
    }
    for (int pass = 0; pass < 2; pass++) {
        if (!quiet || pass == 0) {
            if (pass == 0) fprintf(f, "\n  pairs that differ%s:\n", quiet ? " (not registered only)" : "");
            else fprintf(f, "\n  sentences with no counterpart:\n");
        }
        for (int i = 0; i < a->nbead; i++) {
            const al_bead *b = &a->bead[i];
            int pair = b->na && b->nb;
            if (!b->flagged || pair != (pass == 0)) continue;
            if (quiet && b->cover != AL_NOT_REGISTERED) continue;
            if (pair) { diff_text(a, b, d, sizeof d); fprintf(f, "  differ: %s\n", d); }
            else fprintf(f, "  only in %s:\n", b->na ? a->lang[0] : a->lang[1]);
            print_side(f, a, b, 0, max);
            print_side(f, a, b, 1, max);
            print_cover(f, b);
        }
    }
    for (int i = 0; i < a->nerror; i++) fprintf(f, "  error: %s\n", a->error[i]);
    for (int k = 0; k < a->nam && !quiet; k++)
        if (!a->am[k].used) fprintf(f, "  note: %s:%d: align-mark covers no flagged pair (now covered otherwise, or no longer flagged)\n",
                                    a->marks_path, a->am[k].line);
    int pairs = 0, dc[AL_NCOVER] = {0}, lc[AL_NCOVER] = {0}, lone = 0, flagged_pairs = 0;
    for (int i = 0; i < a->nbead; i++) {
        const al_bead *b = &a->bead[i];
        if (b->na && b->nb) { pairs++; if (b->flagged) { flagged_pairs++; dc[b->cover]++; } }
        else { lone++; lc[b->cover]++; }
    }
    fprintf(f, "\n  summary %s/%s: %d pairs aligned, %d differ (register %d, clause %d, mark %d, align-mark %d, not registered %d); "
               "%d sentences with no counterpart (register %d, clause %d, mark %d, align-mark %d, not registered %d)\n",
            a->lang[0], a->lang[1], pairs, flagged_pairs, dc[AL_REGISTER], dc[AL_CLAUSE], dc[AL_MARK], dc[AL_ALIGN_MARK],
            dc[AL_NOT_REGISTERED], lone, lc[AL_REGISTER], lc[AL_CLAUSE], lc[AL_MARK], lc[AL_ALIGN_MARK], lc[AL_NOT_REGISTERED]);
    if (a->nrd) {
        int hit = 0;
        for (int r = 0; r < a->nrd; r++) hit += a->rd[r].hit;
        fprintf(f, "  recall: %d of %d registered %s/%s differences flagged", hit, a->nrd, a->lang[0], a->lang[1]);
        int first = 1;
        for (int r = 0; r < a->nrd; r++)
            if (!a->rd[r].hit) { fprintf(f, "%s%s", first ? "; missed: " : ", ", a->tc.entry[a->rd[r].entry].id); first = 0; }
        fputc('\n', f);
        for (int r = 0; recall && r < a->nrd; r++) {
            const al_regdiff *rd = &a->rd[r];
            fprintf(f, "    %-6s %s: %s", rd->hit ? "hit" : "MISSED", a->tc.entry[rd->entry].id, rd->why);
            if (rd->hit) {
                const al_bead *b = &a->bead[rd->bead];
                fprintf(f, "; flagged at");
                if (b->na) fprintf(f, " %s:%d", a->t[0]->file, a->t[0]->u[b->a[0]].line);
                if (b->nb) fprintf(f, " %s:%d", a->t[1]->file, a->t[1]->u[b->b[0]].line);
                if (b->nd) { diff_text(a, b, d, sizeof d); fprintf(f, " [%s]", d); }
                else fprintf(f, " [no counterpart]");
            }
            fputc('\n', f);
        }
    } else if (recall) fprintf(f, "  recall: the register names no difference between these two texts\n");
    if (gate) {
        int un = al_uncovered(a);
        fprintf(f, "  gate: %s", un || a->nerror ? "FAILED" : "passed");
        if (un) fprintf(f, " (%d flagged pair(s) or lone sentence(s) covered by no register entry, clause, mark or align-mark)", un);
        if (a->nerror) fprintf(f, " (%d align-mark error(s))", a->nerror);
        fputc('\n', f);
    }
}


static void json_side(FILE *f, const al_run *a, const al_bead *b, int s)
{
    const int *u;
    int n;
    side_units(b, s, &u, &n);
    fputc('[', f);
    for (int i = 0; i < n; i++) {
        const tc_unit *x = &a->t[s]->u[u[i]];
        fprintf(f, "%s{\"line\":%d,\"text\":", i ? "," : "", x->line);
        rf_json_str(f, a->t[s]->buf + x->off, x->len);
        fputc('}', f);
    }
    fputc(']', f);
}

static void write_json(FILE *f, const al_run *a, const game_engine *g, int gate)
{
    fprintf(f, "{\"game\":\"%s\",\"a\":{\"lang\":\"%s\",\"file\":\"%s\",\"units\":%d},\"b\":{\"lang\":\"%s\",\"file\":\"%s\",\"units\":%d},",
            g->name, a->lang[0], a->t[0]->file, a->t[0]->nu, a->lang[1], a->t[1]->file, a->t[1]->nu);
    fprintf(f, "\"beads\":{\"1-1\":%d,\"2-1\":%d,\"1-2\":%d,\"2-2\":%d,\"1-0\":%d,\"0-1\":%d},\"flagged\":[", a->counts[0], a->counts[1],
            a->counts[2], a->counts[3], a->counts[4], a->counts[5]);
    int n = 0;
    char kt[100];
    for (int i = 0; i < a->nbead; i++) {
        const al_bead *b = &a->bead[i];
        if (!b->flagged) continue;
        fprintf(f, "%s\n{\"kind\":\"%d-%d\",\"a\":", n++ ? "," : "", b->na, b->nb);
        json_side(f, a, b, 0);
        fputs(",\"b\":", f);
        json_side(f, a, b, 1);
        fputs(",\"features\":[", f);
        for (int k = 0; k < b->nd; k++) {
            al_key_text(&a->keys, b->d[k].key, kt, sizeof kt);
            fprintf(f, "%s{\"category\":\"%s\",\"feature\":", k ? "," : "", al_cat_name[al_key_cat(&a->keys, b->d[k].key)]);
            rf_json_str(f, kt, strlen(kt));
            fprintf(f, ",\"only_in\":\"%s\"}", a->lang[b->d[k].side]);
        }
        fprintf(f, "],\"covered\":\"%s\",\"by\":", al_cover_name[b->cover]);
        rf_json_str(f, b->by, strlen(b->by));
        fputc('}', f);
    }
    fputs("],\"errors\":[", f);
    for (int i = 0; i < a->nerror; i++) { if (i) fputc(',', f); rf_json_str(f, a->error[i], strlen(a->error[i])); }
    fputs("],\"recall\":[", f);
    for (int r = 0; r < a->nrd; r++) {
        fprintf(f, "%s{\"entry\":\"%s\",\"why\":", r ? "," : "", a->tc.entry[a->rd[r].entry].id);
        rf_json_str(f, a->rd[r].why, strlen(a->rd[r].why));
        fprintf(f, ",\"flagged\":%s}", a->rd[r].hit ? "true" : "false");
    }
    int un = al_uncovered(a);
    fprintf(f, "],\"not_registered\":%d", un);
    if (gate) fprintf(f, ",\"gate\":\"%s\"", un || a->nerror ? "failed" : "passed");
    fputs("}\n", f);
}

/* HTML text (cli/escape.c), a line break shown as a space: the sentences sit in table cells. */
static void html_esc(FILE *f, const char *s, size_t n)
{
    for (size_t i = 0; i < n; ) {
        const char *nl = memchr(s + i, '\n', n - i);
        size_t m = nl ? (size_t)(nl - (s + i)) : n - i;
        rf_html_esc(f, s + i, m);
        i += m;
        if (nl) { fputc(' ', f); i++; }
    }
}

/* Whether feature occurrence o of side s is one that differs in bead b. */
static int occ_differs(const al_bead *b, const al_occ *o, int s)
{
    for (int d = 0; d < b->nd; d++) if (b->d[d].key == o->key && b->d[d].side == s) return 1;
    return 0;
}

/* Text for a Markdown table or list: '|' and line breaks would break it, '*' would open emphasis. */
static void md_text(FILE *f, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) fputc(s[i] == '|' ? '/' : (s[i] == '\n' || s[i] == '\r') ? ' ' : s[i] == '*' ? '+' : s[i], f);
}

/* Unit u of side s of bead b, its first max bytes, through text(): the words of the features that
 * differ in b between open and close. */
static void marked_unit(FILE *f, const al_run *a, const al_bead *b, int s, int u, size_t max,
                        void (*text)(FILE *, const char *, size_t), const char *open, const char *close)
{
    const tc_text *t = a->t[s];
    const tc_unit *x = &t->u[u];
    const al_feats *uf = &a->uf[s][u];
    size_t p = x->off, end = x->off + (x->len > max ? max : x->len);
    while (p < end) {
        size_t best = end, blen = 0;                 /* the next differing occurrence at or after p */
        for (int k = 0; k < uf->n; k++)
            if (occ_differs(b, &uf->o[k], s) && uf->o[k].off >= p && uf->o[k].off < best) { best = uf->o[k].off; blen = uf->o[k].len; }
        text(f, t->buf + p, best - p);
        if (best >= end) break;
        if (best + blen > end) blen = end - best;
        fputs(open, f);
        text(f, t->buf + best, blen);
        fputs(close, f);
        p = best + blen;
    }
}

int al_entry_pair_md(FILE *f, const al_run *a, const char *id)
{
    int e = -1;
    for (int i = 0; i < a->tc.nentry; i++) if (!strcmp(a->tc.entry[i].id, id)) e = i;
    const al_regdiff *rd = NULL;
    for (int r = 0; e >= 0 && r < a->nrd; r++) if (a->rd[r].entry == e && a->rd[r].hit) rd = &a->rd[r];
    if (!rd) return 0;
    const al_bead *b = &a->bead[rd->bead];
    for (int s = 0; s < 2; s++) {
        const int *u;
        int n;
        side_units(b, s, &u, &n);
        for (int i = 0; i < n; i++) {
            const tc_text *t = a->t[s];
            const tc_unit *x = &t->u[u[i]];
            fprintf(f, "  - aligned (`rulefuzz align`), %s `%s:%d`: \"", a->lang[s], t->file, x->line);
            marked_unit(f, a, b, s, u[i], 400, md_text, "**", "**");
            fprintf(f, "%s\"\n", x->len > 400 ? " …" : "");
        }
        if (!n) fprintf(f, "  - aligned (`rulefuzz align`), %s: no counterpart\n", a->lang[s]);
    }
    if (b->nd) {
        fputs("  - the words that differ:", f);
        for (int d = 0; d < b->nd; d++)
            fprintf(f, "%s %s `%s` in %s only", d ? ";" : "", al_cat_name[al_key_cat(&a->keys, b->d[d].key)],
                    a->keys.name[b->d[d].key], a->lang[b->d[d].side]);
        fputs(".\n", f);
    }
    return 1;
}

/* One side of a bead as HTML: each unit with its line, the words of differing features marked. */
static void html_side(FILE *f, const al_run *a, const al_bead *b, int s)
{
    const int *u;
    int n;
    side_units(b, s, &u, &n);
    for (int i = 0; i < n; i++) {
        fprintf(f, "%s<span class=ln>%d</span> ", i ? "<br>" : "", a->t[s]->u[u[i]].line);
        marked_unit(f, a, b, s, u[i], a->t[s]->u[u[i]].len, html_esc, "<mark>", "</mark>");
    }
}


static int write_html(const char *dir, const char *site, const char *root, const al_run *a, const game_engine *g, char *path, size_t plen,
                      char *err, size_t errlen)
{
    if (!rf_mkdirs(dir)) { rf_set_err(err, errlen, "%s: cannot create: %s", dir, strerror(errno)); return -1; }
    if (rf_site_write(site, root, err, errlen)) return -1;
    snprintf(path, plen, "%s/align-%s-%s-%s.html", dir, g->name, a->lang[0], a->lang[1]);
    FILE *f = fopen(path, "w");
    if (!f) { rf_set_err(err, errlen, "%s: cannot write: %s", path, strerror(errno)); return -1; }
    char head[256];
    snprintf(head, sizeof head, "Alignment: %s, %s and %s", g->title, a->lang[0], a->lang[1]);
    rf_site_head(f, dir, site, head, NULL);
    fprintf(f, "<h1>Alignment: %s, %s and %s</h1>\n<p>", g->title, a->lang[0], a->lang[1]);
    html_esc(f, a->t[0]->file, strlen(a->t[0]->file));
    fputs(" with ", f);
    html_esc(f, a->t[1]->file, strlen(a->t[1]->file));
    fprintf(f, ": %d beads, %d flagged, %d not registered. Flagged pairs are shaded, the words of their differing features "
               "marked; red: covered by no register entry, clause, mark or align-mark.</p>\n<table class=\"wide\"><tr><th>%s</th><th>%s</th>"
               "<th>differs in</th></tr>\n", a->nbead, a->counts[6], al_uncovered(a), a->lang[0], a->lang[1]);
    char d[2048];
    for (int i = 0; i < a->nbead; i++) {
        const al_bead *b = &a->bead[i];
        fprintf(f, "<tr class=\"%s\"><td class=t>", !b->flagged ? "" : b->cover == AL_NOT_REGISTERED ? "unreg" : "flag");
        html_side(f, a, b, 0);
        fputs("</td><td class=t>", f);
        html_side(f, a, b, 1);
        fputs("</td><td>", f);
        if (b->flagged) {
            if (b->na && b->nb) diff_text(a, b, d, sizeof d);
            else snprintf(d, sizeof d, "no counterpart");
            html_esc(f, d, strlen(d));
            fprintf(f, "<div class=cv>%s%s", al_cover_name[b->cover], b->by[0] ? ": " : "");
            html_esc(f, b->by, strlen(b->by));
            fputs("</div>", f);
        }
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n</body></html>\n", f);
    if (fclose(f)) { rf_set_err(err, errlen, "%s: cannot write: %s", path, strerror(errno)); return -1; }
    return 0;
}

/* ---- command -------------------------------------------------------------------------------- */

int rf_cmd_align(int argc, char **argv)
{
    const char *spec = "SPEC.md", *texts = "rules/texts", *lexdir = NULL, *marks = NULL, *jsonfile = NULL, *html = NULL, *pos[3];
    const char *site = NULL;
    int gate = 0, recall = 0, json_out = 0, quiet = 0, beads = 0, npos;
    rf_opt o[] = {
        {"gate", RF_OPT_FLAG, &gate, 0, 0, NULL, "exit 1 when a flagged pair or lone sentence is covered by no register entry, "
                                                 "clause, mark or align-mark", NULL},
        {"recall", RF_OPT_FLAG, &recall, 0, 0, NULL, "list each registered difference of the two texts: flagged or missed", NULL},
        {"json", RF_OPT_FLAG, &json_out, 0, 0, NULL, "the report as JSON on standard output", NULL},
        {"json-file", RF_OPT_STR, &jsonfile, 0, 0, "FILE", "the report as JSON into FILE", NULL},
        {"html", RF_OPT_STR, &html, 0, 0, "DIR", "one page into DIR: the two texts side by side, differing words marked", NULL},
        {"site", RF_OPT_STR, &site, 0, 0, "DIR", "the report site the page links: report.css and SPEC.html (default: --html)", NULL},
        {"spec", RF_OPT_STR, &spec, 0, 0, "FILE", "SPEC.md", NULL},
        {"texts", RF_OPT_STR, &texts, 0, 0, "DIR", "the rulebooks (rules/texts)", NULL},
        {"lexicons", RF_OPT_STR, &lexdir, 0, 0, "DIR", "the lexicons lexicon.<lang>.txt (default: the texts' folder)", NULL},
        {"marks", RF_OPT_STR, &marks, 0, 0, "FILE", "the align-marks (default: <texts>/<GAME>.align-marks)", NULL},
        {"beads", RF_OPT_FLAG, &beads, 0, 0, NULL, "also every bead of the alignment, in text order, with its cost", NULL},
        {"quiet", RF_OPT_FLAG, &quiet, 0, 0, NULL, "only what nothing covers, the summary and the gate", NULL},
    };
    rf_cmd_spec cs = {"align", "GAME A B", "Align two rulebook texts of a game sentence by sentence (A, B: profile names or text "
                      "paths) and list the pairs whose modality, quantity, negation, numbers, order words or components differ, "
                      "with the register entry, clause or mark that covers each.", 3, 3, o, (int)(sizeof o / sizeof *o), NULL};
    int prc = rf_opts_parse(&cs, argc, argv, pos, 3, &npos);
    if (prc) return prc > 0 ? 0 : AL_EXIT_BAD;
    const game_engine *g = game_find(pos[0]);
    if (!g) {
        fprintf(stderr, "rulefuzz align: unknown game '%s' (games:", pos[0]);
        for (int k = 0; game_engines[k]; k++) fprintf(stderr, " %s", game_engines[k]->name);
        fprintf(stderr, ")\n");
        return AL_EXIT_BAD;
    }
    al_opts ao = {spec, texts, lexdir, marks};
    al_run *a = calloc(1, sizeof *a);
    char err[1400];
    if (!a) { fprintf(stderr, "rulefuzz: align: out of memory\n"); return AL_EXIT_BAD; }
    if (al_load(a, g, pos[1], pos[2], &ao, err, sizeof err)) {
        fprintf(stderr, "rulefuzz: align: %s\n", err);
        al_free(a); free(a);
        return AL_EXIT_BAD;
    }
    int status = gate && (al_uncovered(a) || a->nerror) ? AL_EXIT_GATE : 0;
    if (json_out) write_json(stdout, a, g, gate);
    else print_report(stdout, a, g, quiet, recall, gate, beads);
    if (jsonfile) {
        FILE *f = fopen(jsonfile, "w");
        if (!f) { fprintf(stderr, "rulefuzz: align: %s: cannot write: %s\n", jsonfile, strerror(errno)); status = AL_EXIT_BAD; }
        else { write_json(f, a, g, gate); if (fclose(f)) { fprintf(stderr, "rulefuzz: align: %s: cannot write\n", jsonfile); status = AL_EXIT_BAD; } }
    }
    if (html && status != AL_EXIT_BAD) {
        char path[4400];
        char root[4096];
        rf_site_root(spec, root, sizeof root);
        if (write_html(html, site ? site : html, root, a, g, path, sizeof path, err, sizeof err)) { fprintf(stderr, "rulefuzz: align: %s\n", err); status = AL_EXIT_BAD; }
        else if (!json_out && !quiet) printf("align: HTML %s\n", path);
    }
    al_free(a); free(a);
    return status;
}
