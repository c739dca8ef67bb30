/* counts.h: clause counts files and their accumulator (rf_cov prefix): add an oracle context's
 * counters, merge, parse, print, write atomically, update under a lock. Kept apart from the
 * coverage report so that fuzz harnesses can link it (fuzz/fuzz_counts.c). */
#ifndef RULEFUZZ_COUNTS_H
#define RULEFUZZ_COUNTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "../oracles/oracle.h"

/* A counts file is plain text: this header line, then one line per (game, clause):
 *   game <TAB> clause <TAB> applied <TAB> fired <TAB> violated <TAB> first-input
 * Counters are decimal; first-input is the label of the input that first fired the clause
 * (empty: none known), with backslash, tab, newline and carriage return written as \\ \t \n \r.
 * A clause's cases (inv_clause.cases) have lines of their own, after the clause's: clause is
 * "ID/case" ("HDZ-SCORE-FOURTH-COUNT/count"), fired how often that case fired, first-input the
 * label of the input that first reached it, applied and violated 0.
 * Other lines starting with '#' and blank lines are ignored. Every line ends with '\n'. */
#define RF_COV_HEADER "# rulefuzz clause counts v1"

/* One clause's counters summed over runs. */
typedef struct rf_cov_row {
    char *game;                 /* engine name: "hdz" */
    char *clause;               /* clause ID: "HDZ-SCORE-MAJORITY8", "GEN-ROUNDTRIP" */
    uint64_t applied, fired, violated;
    char *first;                /* label of the first input that fired it; NULL: none known */
} rf_cov_row;

/* An accumulator: rows in order of first appearance. Caller-owned; start zeroed (or
 * rf_cov_init), release with rf_cov_free. */
typedef struct rf_cov {
    rf_cov_row *row;
    int n, cap;
    int hint;                   /* where the next lookup starts (rows arrive in clause order) */
} rf_cov;

void rf_cov_init(rf_cov *a);
void rf_cov_free(rf_cov *a);

/* Add a context's counters (every clause in use, the generic GEN- ones too) under its game.
 * A clause whose fired count goes from 0 to more takes `input_label` (a record path, an input
 * file, a test's name; may be NULL) as its first input. Counters saturate at UINT64_MAX.
 * Returns 0, or -1 when out of memory (nothing half-added for that clause). */
int rf_cov_add(rf_cov *a, const inv_ctx *c, const char *input_label);

/* Add b into a: counters summed; a clause that a has never fired takes b's first input, so the
 * earlier label wins. Returns 0, or -1 (err set) when out of memory or a sum passes 2^64-1. */
int rf_cov_merge(rf_cov *a, const rf_cov *b, char *err, size_t errlen);

/* The row of (game, clause), NULL if there is none. */
const rf_cov_row *rf_cov_find(const rf_cov *a, const char *game, const char *clause);

/* Parse a counts file held in text[0..len) and add it into a; nothing is added unless all of
 * it parses. Returns RF_EXIT_OK, or RF_EXIT_BADINPUT with err = "fname:line: what is wrong". */
int rf_cov_parse(rf_cov *a, const char *fname, const char *text, size_t len, char *err, size_t errlen);

/* Read counts file `path` and add it into a, as rf_cov_parse. */
int rf_cov_read(rf_cov *a, const char *path, char *err, size_t errlen);

/* RF_EXIT_OK when `path` does not exist or is a valid counts file, else RF_EXIT_BADINPUT (err):
 * lets a command refuse a corrupt counts file before doing its work. */
int rf_cov_check_file(const char *path, char *err, size_t errlen);

/* Print a as a counts file (what rf_cov_write puts in the file). */
void rf_cov_print(FILE *f, const rf_cov *a);

/* Write a counts file atomically: a temporary file in the same folder, flushed to disk, then
 * renamed over `path`, so a reader sees the old file or the new one, never a part. Returns 0,
 * or -1 with err set (`path` unchanged). */
int rf_cov_write(const rf_cov *a, const char *path, char *err, size_t errlen);

/* Add `add` into counts file `path` under an exclusive lock on its folder (concurrent writers
 * lose nothing): read the file if it exists, merge `add` after it (the file's first inputs
 * win), write it back atomically. A corrupt file is left untouched. Returns RF_EXIT_OK, or
 * RF_EXIT_BADINPUT with err set. */
int rf_cov_update_file(const char *path, const rf_cov *add, char *err, size_t errlen);

/* Helpers the coverage tools share: err formatting (err may be NULL), a string copy (NULL when out
 * of memory), and growing an array *v of *cap elements of `size` bytes to hold `need` (0 or -1). */
void rf_set_err(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
char *rf_dup_str(const char *s);
int rf_grow(void *v, int *cap, int need, size_t size);

#endif
