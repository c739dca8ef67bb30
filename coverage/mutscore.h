/* mutscore.h: the mutation results both rulefuzz mutate (which writes them) and the clause coverage
 * report (which shows a "Mutants killed" column) read: OUT/<game>/mutants.tsv, one line per mutant
 * (rf_mutscore_ prefix). Neither module includes the other; both include this one. */
#ifndef RULEFUZZ_MUTSCORE_H
#define RULEFUZZ_MUTSCORE_H

#include <stdio.h>

/* One clause's mutation score: mutants of its enforcing code by what became of them. */
typedef struct rf_mut_score { int mutants, tests, fuzz, survived, equivalent, nocompile; } rf_mut_score;

/* A mutants.tsv line: "key <TAB> status <TAB> clauses <TAB> file <TAB> line <TAB> op", status one of
 * tests, fuzz, survived, not-compiled, equivalent, not-run; clauses comma-separated. */
void rf_mutscore_write_line(FILE *f, const char *key, const char *status, const char *clauses, const char *rel, int line,
                            const char *op);

/* 1 when `id` is one of the comma-separated clause IDs in `list`. */
int rf_mutscore_has_clause(const char *list, const char *id);

/* One clause's score as dir/<game>/mutants.tsv records it. Returns 0 when found, -1 when the file
 * is missing or names no mutant of the clause. */
int rf_mut_score_of(const char *dir, const char *game, const char *clause, rf_mut_score *s);

#endif
