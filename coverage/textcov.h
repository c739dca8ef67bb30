/* textcov.h: rule-text coverage: every sentence of a game's rulebooks is quoted by a clause, by a
 * register entry, or marked as not a rule (tc_ prefix). */
#ifndef RULEFUZZ_TEXTCOV_H
#define RULEFUZZ_TEXTCOV_H

#include <stddef.h>
#include <stdio.h>
#include "../rules/game.h"

#define TC_MAX_TEXTS 4
#define TC_MAX_REFS  6

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

/* One SPEC.md entry of the game: a clause (### TAG-...) or a register entry (### TAG-AMB-...). */
typedef struct tc_entry {
    char id[64];
    int line;                 /* its heading's line in SPEC.md */
    int reg;                  /* 1: an ambiguity register entry */
    int quoted[TC_MAX_TEXTS]; /* fragments of this entry found in text i */
} tc_entry;

typedef struct tc_report {
    const game_engine *g;
    tc_text text[TC_MAX_TEXTS]; int ntext;
    tc_entry *entry; int nentry;
    char **error; int nerror; /* quotes and marks that match no text verbatim, malformed marks */
    int errors_cap;
} tc_report;

/* Read the game's texts (one per distinct profile text, from texts_dir), their marks files
 * (texts_dir/<file without .txt>.marks, optional) and SPEC.md, and classify every unit.
 * 0 on success (quote and mark errors are listed in r->error, not failures); -1 with a
 * one-line reason in err when a file cannot be read. Free with tc_report_free. */
int tc_report_load(tc_report *r, const game_engine *g, const char *spec_path, const char *texts_dir,
                   char *err, size_t errlen);
void tc_report_free(tc_report *r);
/* Percentage of units quoted or marked (100 for an empty text). */
double tc_text_pct(const tc_text *t);

/* Split one text into units; used by tc_report_load and the tests. Returns 0 or -1 (memory). */
int tc_split(tc_text *t);

/* `rulefuzz textcov [GAME...] [--spec F] [--texts DIR] [--json F] [--html DIR] [--fail-under PCT]
 *  [--quiet]`: exit 0, 1 (a gate failed or a quote/mark error), 2 (bad input). */
int rf_cmd_textcov(int argc, char **argv);

#endif
