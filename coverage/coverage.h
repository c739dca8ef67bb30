/* coverage.h: clause coverage: counts files (write, read, merge), the accumulator, and the report tying clauses to gcov/lcov data (rf_cov_ prefix). */
#ifndef RULEFUZZ_COVERAGE_H
#define RULEFUZZ_COVERAGE_H

#include <stdio.h>
#include "../oracles/oracle.h"

#include "counts.h"


/* `rulefuzz coverage [GAME] --counts FILE... [--lcov FILE]... [--lcov-html DIR]
 * [--src-root DIR] [--json OUT] [--html DIR] [--fail-under PCT] [--cases-fail-under PCT] [--quiet]
 * [--mutation DIR]`
 * (DIR: rulefuzz mutate's output, a mutation column on the pages), argv after the
 * command word. Tables go to out, messages to errf. Returns RF_EXIT_OK; 1 when --fail-under is
 * given and a game has fewer than PCT% of its clauses (GEN- ones not counted) fired, with one
 * line "<ID> never fired" per such clause on errf; 1 as well when --cases-fail-under is given and
 * a game has fewer than PCT% of its clauses' cases fired, or a clause whose case counts do not add
 * up to its firings, with "<ID>/<case> never fired" lines; RF_EXIT_BADINPUT for bad arguments or
 * files ("file:line: what is wrong"). */
int rf_cov_command(int argc, char **argv, FILE *out, FILE *errf);

/* Every enforcing line of every game clause under root/rules, then of every generic (GEN-) clause in
 * an engine's files (its game: the engine's, from rules/<game>.c; ambiguity IDs left out), found by
 * the rule docs/coverage.md's "Enforcing code" gives: fn(clause, game, file under root, line number, line
 * text, arg) once per (clause, line), clause by clause in catalogue order, lines ascending.
 * fn returns 0 to go on, non-zero (out of memory) to stop. Returns 0, or -1 with err set. */
typedef int (*rf_cov_line_fn)(const char *clause, const char *game, const char *rel, int line, const char *text,
                              void *arg);
int rf_cov_each_enforcing_line(const char *root, rf_cov_line_fn fn, void *arg, char *err, size_t errlen);

#endif
