/* mutate.h: mutation testing of each clause's enforcing code: single-point mutants of a C line, the run over scratch builds, the reports (rf_mut_ prefix). */
#ifndef RULEFUZZ_MUTATE_H
#define RULEFUZZ_MUTATE_H

#include <stddef.h>
#include <stdio.h>

#define RF_MUT_TEXT 1024

/* One single-point mutant of a source line: the bytes line[col, col+len) replaced by repl. */
typedef struct rf_mut {
    int col, len;
    char op[16];              /* "rel", "arith", "logic", "bit", "const", "negate", "delete", "return" */
    char repl[RF_MUT_TEXT];
} rf_mut;

/* The single-point mutants of one C source line, comments, string and character literals and
 * preprocessor lines left alone: relational operator swaps (< <=, > >=, == !=), arithmetic
 * (binary + -, * /, % /, += -=, ++ --, << >>), logical (&& ||, a dropped !) and bitwise (binary
 * & |) swaps, each integer constant +1 and -1 (so 0 -> 1 and 1 -> 0), the condition of an if or
 * while negated, the statement deleted (a line holding one whole statement, not a declaration),
 * and a return value changed (to 0, or 1 when it is 0). Distinct mutated lines only, at most
 * max of them, in order of position. Returns the count. */
int rf_mut_line(const char *line, rf_mut *out, int max);

/* line with m applied, into buf. Returns the length, or -1 when buf is short. */
int rf_mut_apply(const char *line, const rf_mut *m, char *buf, size_t n);

/* A mutant's stable key: 16 hex digits hashing the file, the original line and the mutated line
 * (both trimmed), so it survives edits elsewhere in the file. */
void rf_mut_key(const char *rel, const char *orig, const char *mutated, char out[17]);

/* `rulefuzz mutate GAME... [--clauses IDS] [--jobs N] [--fuzz-seconds S] [--max N] [--out DIR]
 * [--src-root DIR] [--equivalent FILE] [--fresh] [--retry-survivors] [--report-only] [--quiet]
 * [--naming N] [--sample N]` (--sample: N of the mutants, evenly spread over the clause order;
 * --retry-survivors: run the survivors again against the tests as they are now;
 * --naming: each killed mutant's harness plays N random games, and the clause its first oracle
 * violation names is kept beside the result, for the naming precision per game), argv after the
 * command word. Mutates every enforcing line of each selected clause (the clause coverage rule),
 * builds each mutant in a scratch copy under OUT (only the changed object rebuilt), runs the
 * game's Check suites, then fuzzes survivors; results are kept in OUT/<game>/results.tsv, so an
 * interrupted run resumes. Prints the table per clause; writes OUT/mutation.json and
 * OUT/<game>.html. Returns 0, or 2 (one line) for bad arguments. */
int rf_mut_command(int argc, char **argv, FILE *out, FILE *errf);

/* The scores it leaves for the clause coverage report: coverage/mutscore.h. */

#endif
