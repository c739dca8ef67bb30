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

/* Mutant schemata: many mutants of one C file in one build, the mutant chosen when the program
 * starts (the environment variable RF_MUTANT holds its id; unset or another id: the file as it
 * is). A mutant whose line lies inside a function's body (a function written as this project
 * writes them: the signature from column 0, "{" and "}" alone in column 0) gets its own copy of
 * that function, with the mutated line, and the function's first line dispatches to the copy
 * when its id is chosen; line numbers and __FILE__ stay those of the original (#line), so a
 * sanitizer's or an assertion's report reads the same as a single mutant's build. */
typedef struct rf_schema_mut {
    int line;                 /* 1-based */
    const char *mutated;      /* the line's text after the mutation */
    int id;                   /* >= 0, its RF_MUTANT value */
} rf_schema_mut;

/* The schema of `text` for m[0..n): a malloc'd text, or NULL when no mutant could be placed (or
 * out of memory). placed[i] (when not NULL) is 1 for the mutants the schema holds, 0 for those that
 * need a build of their own (a line outside any function body, or in a function whose signature
 * this reader cannot call: variadic, an unnamed parameter). */
char *rf_mut_schema(const char *text, const rf_schema_mut *m, int n, int *placed);

/* `rulefuzz mutate GAME... [--clauses IDS] [--jobs N] [--fuzz-seconds S] [--max N] [--out DIR]
 * [--src-root DIR] [--equivalent FILE] [--fresh] [--retry-survivors] [--report-only] [--quiet]
 * [--naming N] [--sample N] [--no-schemata] [--run-equivalents]` (--sample: N of the mutants, evenly spread over the clause order;
 * --retry-survivors: run the survivors again against the tests as they are now;
 * --naming: each killed mutant's harness plays N random games, and the clause its first oracle
 * violation names is kept beside the result, for the naming precision per game), argv after the
 * command word. Mutates every enforcing line of each selected clause (the clause coverage rule),
 * builds the mutants in a scratch copy under OUT (the mutants of one file's functions in shared
 * schema builds of up to 32, the rest one build each; --no-schemata: one build each), runs the
 * game's Check suites, then fuzzes survivors (the mutants the equivalents file lists are not run
 * unless --run-equivalents; one of them that is killed is reported); results are kept in OUT/<game>/results.tsv, so an
 * interrupted run resumes. Prints the table per clause; writes OUT/mutation.json and
 * OUT/<game>.html. Returns 0, or 2 (one line) for bad arguments. */
int rf_mut_command(int argc, char **argv, FILE *out, FILE *errf);

/* The scores it leaves for the clause coverage report: coverage/mutscore.h. */

#endif
