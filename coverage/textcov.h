/* textcov.h: rule-text coverage: every sentence of a game's rulebooks is quoted by a clause, by a
 * register entry, or marked as not a rule (tc_ prefix). */
#ifndef RULEFUZZ_TEXTCOV_H
#define RULEFUZZ_TEXTCOV_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "../rules/game.h"

#define TC_MAX_TEXTS 4
#define TC_MAX_REFS  6
#define TC_SUBJ_WORDS  64   /* subject words kept per register entry (its quotes' content words) */
#define TC_SUBJ_MAX    12   /* subject sentences listed per text */
#define TC_SUBJ_COMMON 15   /* a word in more than this % of a text's units is too common to be a subject */

/* What covers a unit of text (a sentence, a table row, a list item, a heading), best first. */
enum tc_status { TC_UNCOVERED = 0, TC_MARKED, TC_REGISTER, TC_CLAUSE, TC_NSTATUS };
extern const char *const tc_status_name[TC_NSTATUS];   /* "uncovered", "marked", "register", "clause" */

typedef struct tc_unit {
    int line;                 /* 1-based line of its first character */
    size_t off, len;          /* its bytes in the text */
    int status;               /* enum tc_status */
    int ref[TC_MAX_REFS];     /* entries quoting it (index into tc_report.entry), first ones */
    int nref;
    int mark;                 /* the mark (index into tc_text.mark) when marked, else -1 */
    int gap;                  /* quoted, but only by entries with no quote in another text of the game */
} tc_unit;

typedef struct tc_mark { int line; char *frag; char *reason; int used; } tc_mark;

typedef struct tc_text {
    const char *lang;         /* the profile's name: "nl", "en", "de", "fr" */
    const char *file;         /* rulebook file name, as in the game's profile */
    char path[1024];          /* where it was read: TEXTS_DIR/file */
    char *buf; size_t len;    /* the text as read */
    char *norm; size_t nlen;  /* the text with every white-space run folded to one space */
    size_t *norm_off;         /* per norm byte: its offset in buf */
    int *unit_of;             /* per buf byte: its unit, -1 for white space between units */
    tc_unit *u; int nu;
    tc_mark *mark; int nmark;
    int count[TC_NSTATUS];    /* units by status */
    int gaps;                 /* units with gap set */
} tc_text;

/* One fragment of a language bullet's quote ("…" splits a quote), white space folded. */
typedef struct tc_frag { int text; char *s; } tc_frag;

/* One sub-bullet of a register entry's Profiles bullet: "  - <name> `<reading>`: \"quote\" …". */
typedef struct tc_psub {
    int line;                 /* its first line in SPEC.md */
    char name[16];            /* the profile it names */
    char reading[64];         /* the reading between the backticks */
    int form_ok;              /* 1: it starts "  - <name> `<reading>`:" */
    char *body;               /* what follows (after the colon when form_ok), continuation lines joined */
} tc_psub;

/* One SPEC.md entry of the game: a clause (### TAG-...) or a register entry (### TAG-AMB-...). */
typedef struct tc_entry {
    char id[64];
    int line;                 /* its heading's line in SPEC.md */
    int reg;                  /* 1: an ambiguity register entry */
    int quoted[TC_MAX_TEXTS]; /* fragments of this entry found in text i */
    tc_frag *frag; int nfrag, frag_cap;  /* its language bullets' quote fragments, in order (clauses too) */
    int prof_line;            /* line of its "- **Profiles:**" bullet, 0 when it has none */
    tc_psub *psub; int npsub, psub_cap;  /* that bullet's sub-bullets, in order */
    int cases_line;           /* line of its "- **Cases:**" bullet (a clause), 0 when it has none */
    char cases[200];          /* the case names it lists, in order, separated by single spaces */
} tc_entry;

typedef struct tc_report {
    const game_engine *g;
    tc_text text[TC_MAX_TEXTS]; int ntext;
    tc_entry *entry; int nentry;
    char **error; int nerror; /* quotes and marks that match no text verbatim, malformed marks */
    int errors_cap;
    char **perror; int nperror; /* register entries without a correct Profiles decision (tc_check_profiles) */
    int perrors_cap;
    int reg_line;             /* the game's "## Ambiguity register" heading (or first entry) in SPEC.md */
} tc_report;

/* The sentences of one text that share subject words with one register entry (tc_subjects_of). */
typedef struct tc_subj_unit {
    int unit;                 /* index into the text's units */
    int shared;               /* how many of the entry's subject words it holds */
    int cited;                /* the entry's Profiles bullet quotes (part of) it */
    uint64_t words;           /* which: bit w for word[w] */
} tc_subj_unit;

typedef struct tc_subjects {
    int nword;                                /* the entry's content words, from all its quotes */
    char word[TC_SUBJ_WORDS][48];             /* case folded, in the order the quotes give them */
    unsigned char common[TC_SUBJ_WORDS];      /* 1: in more than TC_SUBJ_COMMON % of the text's units */
    unsigned char shared[TC_SUBJ_WORDS];      /* 1: in a unit of the text the entry does not quote */
    tc_subj_unit s[TC_SUBJ_MAX]; int n;       /* the best-ranked units, most shared words first */
    int more;                                 /* further units that share a word, not listed */
} tc_subjects;

/* The whole file at path as a NUL-terminated text (its length in *len); NULL with a one-line reason in
 * err when it cannot be read or holds a NUL byte. Free it. */
char *tc_read_text(const char *path, size_t *len, char *err, size_t errlen);

/* Read the game's texts (one per distinct profile text, from texts_dir), their marks files
 * (texts_dir/<file without .txt>.marks, optional) and SPEC.md, classify every unit and check
 * every register entry's Profiles decision (tc_check_profiles). 0 on success (quote and mark
 * errors are listed in r->error, profile decision errors in r->perror, not failures); -1 with
 * a one-line reason in err when a file cannot be read. Free with tc_report_free. */
int tc_report_load(tc_report *r, const game_engine *g, const char *spec_path, const char *texts_dir,
                   char *err, size_t errlen);
void tc_report_free(tc_report *r);
/* Percentage of units quoted or marked (100 for an empty text). */
double tc_text_pct(const tc_text *t);

/* Split one text into units; used by tc_report_load and the tests. Returns 0 or -1 (memory). */
int tc_split(tc_text *t);

/* Flag (flag[unit] = 1) the units of t where the white-space-folded fragment frag stands: every
 * place when all is set, else the first place at or after *from (the first in the text when none
 * is), as quotes are matched; *from moves past it. Used by the subject sentences and rulefuzz align. */
void tc_flag_frag(const tc_text *t, const char *frag, size_t *from, int all, unsigned char *flag);

/* The Profiles gate, run by tc_report_load: for every register entry of SPEC.md whose ID is in
 * the engine's ambiguity table, and every engine profile, a sub-bullet "  - <name> `<reading>`:"
 * naming the profile's reading for that bit and quoting at least one fragment that stands
 * verbatim in the profile's own text; every engine register ID (not the variants) has an entry.
 * Each failure is one line "SPEC.md:<line>: <ID>: profile <name> ...: <what>" in r->perror.
 * Returns the number of failures, -1 out of memory. */
int tc_check_profiles(tc_report *r);

/* The Cases gate, run by tc_report_load: every clause of the game's oracle table (oracles/, when
 * the game has one) has a SPEC.md entry with a "- **Cases:**" bullet whose case names, in order,
 * are the table's (inv_clause.cases; one case `any` when it lists none). The names are the first
 * backticked word of each sub-bullet "  - `name`: condition", or, with no sub-bullets, the first
 * backticked word of the bullet itself ("- **Cases:** `any`: ..."). Failures go to r->perror as
 * "SPEC.md:<line>: <ID>: <what>". Returns their number, -1 out of memory. */
int tc_check_cases(tc_report *r);

/* Subject sentences: the units of text ti that hold a content word of entry ei's quotes (case
 * folded, 4 letters or more, no stopword of the quote's language, in at most TC_SUBJ_COMMON %
 * of the text's units; a word of 5 letters or more also matches itself with up to two more
 * letters: "hengst" "hengsten"), leaving out the units the entry quotes itself; most shared
 * words first, then in text order, at most TC_SUBJ_MAX. 0, or -1 out of memory. */
int tc_subjects_of(const tc_report *r, int ei, int ti, tc_subjects *out);

/* `rulefuzz textcov [GAME...] [--spec F] [--texts DIR] [--json F] [--html DIR] [--fail-under PCT]
 *  [--subjects [ENTRY-ID]] [--quiet]`: exit 0, 1 (a gate failed, a quote/mark error or a Profiles
 *  decision error), 2 (bad input). --subjects prints the subject sentences of every register
 *  entry (or of the entries whose ID starts with ENTRY-ID) instead of the coverage report. */
int rf_cmd_textcov(int argc, char **argv);

#endif
