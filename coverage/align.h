/* align.h: translation differences found by the tool: two rulebook texts of one game aligned
 * sentence by sentence (length-based, in the manner of Gale and Church, anchored on what both
 * texts share), each aligned pair compared on features read with a small lexicon per language,
 * and each difference looked up in SPEC.md's register, its clauses, the not-a-rule marks and the
 * game's align-marks (al_ prefix). */
#ifndef RULEFUZZ_ALIGN_H
#define RULEFUZZ_ALIGN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "textcov.h"

/* The features every lexicon may name besides numbers (n:NUMBER) and components (c:NAME). */
enum al_core {
    AL_MUST, AL_MAY, AL_CAN, AL_NEEDNOT, AL_MUSTNOT,                 /* modality */
    AL_ONLY, AL_EACH, AL_ALL, AL_ANY, AL_ATLEAST, AL_ATMOST, AL_NONE, /* quantity and scope */
    AL_NEG,                                                          /* negation */
    AL_FIRST, AL_THEN, AL_BEFORE, AL_AFTER, AL_ATONCE,                /* ordering */
    AL_NCORE
};
extern const char *const al_core_name[AL_NCORE];   /* "must", "may", ..., "at-once" */

/* What a feature says: its category, as the reports group the differences. */
enum al_cat { AL_CAT_MODALITY, AL_CAT_QUANTITY, AL_CAT_NEGATION, AL_CAT_ORDER, AL_CAT_NUMBER, AL_CAT_COUNTED,
              AL_CAT_COMPONENT, AL_NCAT };
extern const char *const al_cat_name[AL_NCAT];     /* "modality", ..., "component" */

/* Feature keys: the core features first (0 .. AL_NCORE-1), then numbers "n:5", components
 * "c:dog" and counted nouns "n:5>c:card" as the lexicons and texts name them. */
typedef struct al_keys { char (*name)[48]; int n, cap; } al_keys;
int al_key(al_keys *k, const char *name);          /* its index, added when new; -1 out of memory */
int al_key_cat(const al_keys *k, int key);         /* enum al_cat */
void al_keys_free(al_keys *k);
void al_key_text(const al_keys *k, int key, char *out, size_t n);   /* as a report shows it: "may", "5", "dog", "5 card" */

#define AL_PHRASE_MAX 6
#define AL_LEX_KEYS 3
/* One lexicon line: the words of a phrase ("..." a gap of up to eight words within a clause,
 * "word*" any word starting so) and the features it marks (up to AL_LEX_KEYS, joined by '+');
 * weak: the feature name ended in '?' (the phrase may mean it: it satisfies the other text's
 * feature but never makes a difference alone); sub: 1 when the line names `sub`, the phrase opens a
 * subordinate clause (a modality read after it, up to the next clause break, is weak); 2 when it
 * names `rel`, a relative pronoun, which does so except as a sentence's first word (there it is a
 * demonstrative: "Die speler mag ..."). */
typedef struct al_lexent { int key[AL_LEX_KEYS], weak[AL_LEX_KEYS], nk, sub, line, nw; char w[AL_PHRASE_MAX][48]; } al_lexent;
typedef struct al_lexicon { char lang[8]; char path[1024]; al_lexent *e; int n, cap; } al_lexicon;

/* Read lexicon file path (format at the top of rules/texts/lexicon.nl.txt): one entry a line,
 * `feature<TAB>word or phrase`, '#' comments. 0, or -1 with "path:line: what" in err (a
 * malformed line, an unknown feature, an unreadable file). Free with al_lexicon_free. */
int al_lexicon_load(al_lexicon *lx, al_keys *k, const char *path, const char *lang, char *err, size_t errlen);
void al_lexicon_free(al_lexicon *lx);

/* One feature found in a text: the key, weak, and the bytes of the text it covers. */
typedef struct al_occ { int key, weak; size_t off, len; } al_occ;
typedef struct al_feats { al_occ *o; int n, cap; } al_feats;
/* The features of units[0..nu) of t (the words of the units in turn), appended to f. 0, -1 memory. */
int al_features(const al_lexicon *lx, al_keys *k, const tc_text *t, const int *units, int nu, al_feats *f);
void al_feats_free(al_feats *f);

/* The core feature another text may say key with (may/can, each/all, not/none), or -1. */
int al_equivalent(int key);

/* One difference: a key strong in one side and not in the other, nor its al_equivalent (side 0:
 * only in A, 1: only in B). */
typedef struct al_diff { int key, side; } al_diff;
/* The differences of two sides' features, at most max, keys in order; returns their number. */
int al_compare(const al_keys *k, const al_feats *a, const al_feats *b, al_diff *out, int max);

/* What covers a flagged bead, best first. */
enum al_cover { AL_NOT_REGISTERED = 0, AL_ALIGN_MARK, AL_MARK, AL_CLAUSE, AL_REGISTER, AL_NCOVER };
extern const char *const al_cover_name[AL_NCOVER];  /* "not registered", "align-mark", "mark", "clause", "register" */

#define AL_MAX_DIFFS 24
#define AL_UNIT_WORDS 48
/* One bead of the alignment: up to two units of A with up to two of B (0-1, 1-0, 1-1, 2-1, 1-2, 2-2). */
typedef struct al_bead {
    int a[2], na, b[2], nb;
    double cost;              /* its share of the alignment's cost */
    int anchor;               /* 1: the two sides share an anchor (a number, a component, a heading, a list mark) */
    al_diff d[AL_MAX_DIFFS]; int nd;  /* the differing features (a 1-1 .. 2-2 bead) */
    int flagged;              /* nd > 0, or a sentence with no counterpart that states something */
    int cover;                /* enum al_cover */
    char by[512];             /* the entry IDs, mark reason or align-mark reason that cover it */
} al_bead;

/* One align-mark: `"fragment of sentence A" | "fragment of sentence B" -- reason` ("" on one side:
 * a sentence with no counterpart). */
typedef struct al_amark { int line; char *frag[2]; char *reason; int used; } al_amark;

/* A register entry that SPEC.md names a difference between the two texts (its profiles' readings
 * differ in the register table, or its label says Different, Garbled or Gap in), and whether a
 * flagged bead holds the sentences its quotes rest on. */
typedef struct al_regdiff { int entry; char why[120]; int hit; int bead; } al_regdiff;

typedef struct al_run {
    tc_report tc;             /* the game's texts, SPEC.md's quotes and the .marks files */
    int have_tc;
    tc_text own[2];           /* a text given as a path that is none of the game's */
    const tc_text *t[2];      /* the two texts aligned: A, B */
    int ti[2];                /* their index in tc.text, -1 for a text of own[] */
    char lang[2][8];
    al_keys keys;
    al_lexicon lex[2];
    al_feats *uf[2];          /* per unit of each text: its features */
    uint32_t (*uw[2])[AL_UNIT_WORDS];  /* per unit: hashes of its words of 4 letters or more (names both texts share) */
    unsigned char *nuw[2];    /* per unit: how many */
    int *df[2];               /* per feature key: in how many units of each text it stands (after the features) */
    unsigned char *touch[2];  /* per entry and unit: touch[s][e * nu + u] = entry e quotes unit u of text s */
    unsigned char *absent[2]; /* per entry: its SPEC.md bullet for text s's language says "absent" */
    char **body;              /* per entry: its SPEC.md lines but the heading and the quote bullets (- **xx:** "...") */
    al_bead *bead; int nbead;
    al_amark *am; int nam;
    char marks_path[1100];
    char **error; int nerror; /* align-marks that match no sentence, the texts' quote errors do not count */
    al_regdiff *rd; int nrd;
    int counts[7];            /* beads: 1-1, 2-1, 1-2, 2-2, 1-0, 0-1, flagged */
} al_run;

typedef struct al_opts {
    const char *spec, *texts, *lexdir, *marks;   /* NULL: SPEC.md, rules/texts, the texts' folder, <texts>/<game>.align-marks */
} al_opts;

/* Load and align: A and B are profile names of g or text paths (a path's language is its file
 * name's ".xx.txt"). 0, or -1 with a one-line reason in err (an unreadable file, a malformed
 * lexicon or align-marks line, an unknown profile). Free with al_free. */
int al_load(al_run *a, const game_engine *g, const char *A, const char *B, const al_opts *o, char *err, size_t errlen);
void al_free(al_run *a);

/* The alignment alone (for the tests): beads over per-unit lengths la[0..na), lb[0..nb), each bead
 * of A[i, i+ni) and B[j, j+nj) (both sides not empty) taking anchor(ctx, i, ni, j, nj) off its cost
 * (NULL: no anchors). Returns the number of beads written to out (cap at least na + nb), -1 out of
 * memory. */
int al_align(const double *la, int na, const double *lb, int nb, double (*anchor)(void *ctx, int i, int ni, int j, int nj),
             void *ctx, al_bead *out, int cap);

/* The aligned pair register entry `id` rests on (the flagged pair its recall found), as Markdown for
 * the ambiguity report: a line per side, "  - aligned, <lang> `file:line`: "..."", the words of the
 * features that differ in bold, then a line naming those features. 1 written, 0 when the entry has
 * no flagged pair (not a translation difference, or one the aligner missed). */
int al_entry_pair_md(FILE *f, const al_run *a, const char *id);

/* Whether entry e's SPEC.md text (its body: the lines besides its heading and its quote bullets)
 * gives the reason for every difference of bead b: for each, the feature's name in backticks
 * (`can`, `at-once`, `c:meadow`, `n:2008`; case counts) or, in double quotes, the word the lexicon read it from in
 * one of the two sentences ("kan", "meteen"; the first word of a phrase). A clause covers a flagged
 * pair only when this holds (docs/align.md, "What covers a flagged bead"). */
int al_entry_names_diffs(const al_run *a, int e, const al_bead *b);

/* Flagged beads covered by nothing: the gate fails when this is not 0 (or an align-mark errs). */
int al_uncovered(const al_run *a);

/* `rulefuzz align GAME A B [--gate] [--recall] [--json] [--json-file F] [--html DIR] [--spec F]
 *  [--texts DIR] [--lexicons DIR] [--marks F] [--quiet]`: exit 0, 1 (the gate failed), 2 (bad input). */
int rf_cmd_align(int argc, char **argv);

#endif
