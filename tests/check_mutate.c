/* check_mutate.c: Check suite for the line mutator of rulefuzz mutate: its operators, what it leaves alone, keys, bad input. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../coverage/mutate.h"

/* Every mutated line of `line`, in order, into out[]; returns the count. */
static int mutants(const char *line, char out[][RF_MUT_TEXT * 2], int max)
{
    rf_mut m[64];
    int n = rf_mut_line(line, m, 64);
    ck_assert_int_le(n, max);
    for (int i = 0; i < n; i++) ck_assert_int_ge(rf_mut_apply(line, &m[i], out[i], sizeof out[i]), 0);
    return n;
}

static int has(char out[][RF_MUT_TEXT * 2], int n, const char *want)
{
    for (int i = 0; i < n; i++) if (!strcmp(out[i], want)) return 1;
    return 0;
}

#define WANT(line, n, s) ck_assert_msg(has(out, n, s), "'%s' has no mutant '%s'", line, s)
#define NOT(line, n, s)  ck_assert_msg(!has(out, n, s), "'%s' has the mutant '%s'", line, s)

static char out[64][RF_MUT_TEXT * 2];

START_TEST(a_condition_gets_relational_swaps_its_negation_and_constants_off_by_one)
{
    const char *l = "    if (sum >= 8 && k != 0) mark(st, p, t);";
    int n = mutants(l, out, 64);
    WANT(l, n, "    if (sum > 8 && k != 0) mark(st, p, t);");
    WANT(l, n, "    if (sum >= 8 || k != 0) mark(st, p, t);");
    WANT(l, n, "    if (sum >= 8 && k == 0) mark(st, p, t);");
    WANT(l, n, "    if (sum >= 9 && k != 0) mark(st, p, t);");
    WANT(l, n, "    if (sum >= 7 && k != 0) mark(st, p, t);");
    WANT(l, n, "    if (sum >= 8 && k != 1) mark(st, p, t);");
    WANT(l, n, "    if (!(sum >= 8 && k != 0)) mark(st, p, t);");
    WANT(l, n, "    ;");                                  /* the whole if statement deleted */
}
END_TEST

START_TEST(arithmetic_and_assignment_operators_swap)
{
    const char *l = "    st->goat[p] = (uint8_t)((st->goat[p] + v) % (4 * n)); k++; s -= 2;";
    int n = mutants(l, out, 64);
    WANT(l, n, "    st->goat[p] = (uint8_t)((st->goat[p] - v) % (4 * n)); k++; s -= 2;");
    WANT(l, n, "    st->goat[p] = (uint8_t)((st->goat[p] + v) / (4 * n)); k++; s -= 2;");
    WANT(l, n, "    st->goat[p] = (uint8_t)((st->goat[p] + v) % (4 / n)); k++; s -= 2;");
    WANT(l, n, "    st->goat[p] = (uint8_t)((st->goat[p] + v) % (4 * n)); k--; s -= 2;");
    WANT(l, n, "    st->goat[p] = (uint8_t)((st->goat[p] + v) % (4 * n)); k++; s += 2;");
    WANT(l, n, "    ;");
}
END_TEST

START_TEST(a_negation_is_dropped_and_a_return_value_changed)
{
    const char *l = "    if (!has_colour(st, q, col)) return x > 1;";
    int n = mutants(l, out, 64);
    WANT(l, n, "    if (has_colour(st, q, col)) return x > 1;");
    WANT(l, n, "    if (!has_colour(st, q, col)) return 0;");
    const char *z = "    return 0;";
    n = mutants(z, out, 64);
    WANT(z, n, "    return 1;");
    ck_assert_int_eq(n, 1);                               /* no duplicate from the return rule */
}
END_TEST

/* A unary minus, an address-of and a pointer declaration are not binary operators. */
START_TEST(unary_operators_and_declarations_are_left_alone)
{
    const char *l = "    const kk_state *s = &st[-1];";
    int n = mutants(l, out, 64);
    NOT(l, n, "    const kk_state /s = &st[-1];");
    NOT(l, n, "    const kk_state *s = |st[-1];");
    NOT(l, n, "    const kk_state *s = &st[+1];");
    NOT(l, n, "    ;");                                   /* a declaration is never deleted */
    const char *d = "    int k = a + b;";
    n = mutants(d, out, 64);
    WANT(d, n, "    int k = a - b;");
    NOT(d, n, "    ;");
}
END_TEST

START_TEST(comments_strings_and_preprocessor_lines_are_never_mutated)
{
    const char *l = "    put(o, \"a < b + 1\"); /* x == 2 && y */ // z - 3";
    int n = mutants(l, out, 64);
    for (int i = 0; i < n; i++) {
        if (!strcmp(out[i], "    ; /* x == 2 && y */ // z - 3")) continue;   /* the statement deleted */
        ck_assert_msg(strstr(out[i], "\"a < b + 1\"") != NULL, "string mutated: %s", out[i]);
        ck_assert_msg(strstr(out[i], "/* x == 2 && y */ // z - 3") != NULL, "comment mutated: %s", out[i]);
    }
    WANT(l, n, "    ; /* x == 2 && y */ // z - 3");
    ck_assert_int_eq(rf_mut_line("#define W 4", (rf_mut[8]){0}, 8), 0);
    ck_assert_int_eq(rf_mut_line("    /* KK-DRAW: 4 cards */", (rf_mut[8]){0}, 8), 0);
    ck_assert_int_eq(rf_mut_line("", (rf_mut[8]){0}, 8), 0);
}
END_TEST

START_TEST(mutants_are_distinct_in_line_order_and_capped)
{
    const char *l = "    if (a < 1 && b < 1) c = 1;";
    rf_mut m[64];
    int n = rf_mut_line(l, m, 64);
    ck_assert_int_gt(n, 5);
    for (int i = 1; i < n; i++) ck_assert_int_le(m[i - 1].col, m[i].col);
    mutants(l, out, 64);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) ck_assert_str_ne(out[i], out[j]);
    ck_assert_int_eq(rf_mut_line(l, m, 3), 3);
}
END_TEST

START_TEST(a_key_depends_on_file_and_both_lines_not_on_indentation)
{
    char a[17], b[17], c[17], d[17];
    rf_mut_key("rules/kk.c", "    x = 1;", "    x = 2;", a);
    rf_mut_key("rules/kk.c", "x = 1;", "\tx = 2;  ", b);
    rf_mut_key("rules/hdz.c", "    x = 1;", "    x = 2;", c);
    rf_mut_key("rules/kk.c", "    x = 1;", "    x = 0;", d);
    ck_assert_int_eq((int)strlen(a), 16);
    ck_assert_str_eq(a, b);
    ck_assert_str_ne(a, c);
    ck_assert_str_ne(a, d);
}
END_TEST

START_TEST(apply_refuses_a_short_buffer_or_a_span_off_the_line)
{
    rf_mut m = {.col = 20, .len = 1, .op = "rel", .repl = "<="};
    char buf[64];
    ck_assert_int_eq(rf_mut_apply("if (a < b)", &m, buf, sizeof buf), -1);
    m.col = 6;
    ck_assert_int_eq(rf_mut_apply("if (a < b)", &m, buf, sizeof buf), 11);
    ck_assert_str_eq(buf, "if (a <= b)");
    ck_assert_int_eq(rf_mut_apply("if (a < b)", &m, buf, 5), -1);
    m.col = 9; m.len = 5;
    ck_assert_int_eq(rf_mut_apply("if (a < b)", &m, buf, sizeof buf), -1);
}
END_TEST

/* Bad input: one line on the error stream, exit 2, nothing run. */
static int command(const char *args, char *err, size_t n)
{
    char *argv[16], copy[512];
    int argc = 0;
    snprintf(copy, sizeof copy, "%s", args);
    for (char *t = strtok(copy, " "); t && argc < 16; t = strtok(NULL, " ")) argv[argc++] = t;
    FILE *o = fopen("/dev/null", "w"), *e = tmpfile();
    int rc = rf_mut_command(argc, argv, o, e);
    rewind(e);
    size_t l = fread(err, 1, n - 1, e);
    err[l] = 0;
    fclose(o);
    fclose(e);
    return rc;
}

START_TEST(bad_arguments_exit_2_with_one_line)
{
    static const char *const bad[][2] = {
        {"nosuchgame", "unknown game 'nosuchgame'"},
        {"kk --jobs zero", "--jobs takes a whole number from 1 to"},
        {"kk --fuzz-seconds -1", "--fuzz-seconds takes a whole number from 0 to"},
        {"kk --frobnicate 1", "unknown option '--frobnicate'"},
        {"kk --clauses", "--clauses needs a value"},
        {"kk --src-root /nonexistent/rulefuzz", "no such folder"},
    };
    char err[512];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(command(bad[i][0], err, sizeof err), 2);
        ck_assert_msg(strstr(err, bad[i][1]) != NULL, "'%s': %s", bad[i][0], err);
        ck_assert_msg(strchr(err, '\n') == err + strlen(err) - 1, "more than one line: %s", err);
    }
}
END_TEST

START_TEST(a_malformed_equivalents_file_is_refused_with_its_line)
{
    char path[] = "/tmp/rf-equiv-XXXXXX", args[256], err[512];
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    const char *text = "# comment\n0123456789abcdef\tthe same value either way\nnot-a-key reason\n";
    ck_assert_int_eq((int)write(fd, text, strlen(text)), (int)strlen(text));
    close(fd);
    snprintf(args, sizeof args, "kk --report-only --out /tmp/rf-mutate-test --equivalent %s", path);
    ck_assert_int_eq(command(args, err, sizeof err), 2);
    char want[128];
    snprintf(want, sizeof want, "%s:3:", path);
    ck_assert_msg(strstr(err, want) != NULL, "%s", err);
    unlink(path);
}
END_TEST

/* A scratch folder (dir, a mkdtemp template) with KK-TURN-ORDER's mutant list (a report-only run):
 * returns kk/mutants.tsv opened for reading. */
static FILE *turn_order_mutants(char *dir, char *path, size_t pn)
{
    char args[1200], err[512];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(args, sizeof args, "kk --clauses KK-TURN-ORDER --report-only --out %s", dir);
    ck_assert_int_eq(command(args, err, sizeof err), 0);
    snprintf(path, pn, "%s/kk/mutants.tsv", dir);
    FILE *m = fopen(path, "r");
    ck_assert_ptr_nonnull(m);
    return m;
}

/* --retry-survivors runs the survivors again, but not those the equivalents file proves
 * equivalent: with every other mutant of the clause done, nothing is left to run. */
START_TEST(a_retry_leaves_the_proven_equivalents_alone)
{
    char dir[] = "/tmp/rf-retry-XXXXXX", path[512], args[1200], err[512], line[512], first[17] = "";
    FILE *m = turn_order_mutants(dir, path, sizeof path);
    snprintf(path, sizeof path, "%s/kk/results.tsv", dir);
    FILE *r = fopen(path, "w");
    int n = 0;
    while (fgets(line, sizeof line, m)) {                  /* the first survived, the rest were killed */
        line[16] = 0;
        if (!n++) memcpy(first, line, sizeof first);
        fprintf(r, "%s\t%s\t\n", line, n == 1 ? "survived" : "tests");
    }
    fclose(m);
    fclose(r);
    ck_assert_int_gt(n, 0);
    snprintf(path, sizeof path, "%s/equivalent.txt", dir);
    r = fopen(path, "w");
    fprintf(r, "%s\tproven the same\n", first);
    fclose(r);
    snprintf(args, sizeof args, "kk --clauses KK-TURN-ORDER --retry-survivors --jobs 1 --out %s --equivalent %s", dir, path);
    ck_assert_int_eq(command(args, err, sizeof err), 0);
    snprintf(path, sizeof path, "%s/kk/results.tsv", dir);
    r = fopen(path, "r");
    int lines = 0;
    while (fgets(line, sizeof line, r)) lines++;
    fclose(r);
    ck_assert_int_eq(lines, n);                            /* nothing ran */
    snprintf(args, sizeof args, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(args), 0);
}
END_TEST

/* A schema holds two mutants of one function and one of a void function: built once, each
 * RF_MUTANT gives that mutant's behaviour, none the original's; a line outside a body is left out. */
START_TEST(a_schema_builds_once_and_runs_each_mutant_or_none)
{
    static const char *src =
        "#include <stdio.h>\n"
        "static const int base = 2;\n"
        "static int add(int a,\n"
        "               const int b[2])\n"
        "{\n"
        "    int r = a + b[0];\n"
        "    return r * base;\n"
        "}\n"
        "static void show(int v)\n"
        "{\n"
        "    printf(\"%d\\n\", v);\n"
        "}\n"
        "int main(void)\n"
        "{\n"
        "    int b[2] = {3, 0};\n"
        "    show(add(1, b));\n"
        "    return 0;\n"
        "}\n";
    rf_schema_mut m[4] = {{6, "    int r = a - b[0];", 7}, {7, "    return r / base;", 9},
                          {11, "    printf(\"%d\\n\", v + 100);", 12}, {2, "static const int base = 3;", 13}};
    int placed[4];
    char *sch = rf_mut_schema(src, m, 4, placed);
    ck_assert_ptr_nonnull(sch);
    ck_assert_int_eq(placed[0], 1);
    ck_assert_int_eq(placed[1], 1);
    ck_assert_int_eq(placed[2], 1);
    ck_assert_int_eq(placed[3], 0);                        /* not inside a function's body */
    char dir[] = "/tmp/rf-schema-XXXXXX", cmd[1024], got[64];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(cmd, sizeof cmd, "%s/s.c", dir);
    FILE *f = fopen(cmd, "w");
    ck_assert_ptr_nonnull(f);
    fputs(sch, f);
    fclose(f);
    free(sch);
    snprintf(cmd, sizeof cmd, "cd %s && cc -std=c11 -Wall -o s s.c 2>&1", dir);
    ck_assert_int_eq(system(cmd), 0);
    static const struct { const char *env; const char *want; } run[] = {
        {"", "8"}, {"RF_MUTANT=7", "-4"}, {"RF_MUTANT=9", "2"}, {"RF_MUTANT=12", "108"}, {"RF_MUTANT=13", "8"}};
    for (size_t i = 0; i < sizeof run / sizeof run[0]; i++) {
        snprintf(cmd, sizeof cmd, "cd %s && %s ./s", dir, run[i].env);
        FILE *p = popen(cmd, "r");
        ck_assert_ptr_nonnull(p);
        ck_assert_ptr_nonnull(fgets(got, sizeof got, p));
        pclose(p);
        got[strcspn(got, "\n")] = 0;
        ck_assert_msg(!strcmp(got, run[i].want), "%s: got %s, want %s", run[i].env[0] ? run[i].env : "no mutant", got,
                      run[i].want);
    }
    /* line numbers stay the original's: __LINE__ in a copy reads as in the file */
    static const char *lsrc = "#include <stdio.h>\nstatic int at(void)\n{\n    return __LINE__ + 0;\n}\n"
                              "int main(void)\n{\n    printf(\"%d\\n\", at());\n    return 0;\n}\n";
    rf_schema_mut lm[1] = {{4, "    return __LINE__ + 1;", 0}};
    sch = rf_mut_schema(lsrc, lm, 1, NULL);
    ck_assert_ptr_nonnull(sch);
    snprintf(cmd, sizeof cmd, "%s/s.c", dir);
    f = fopen(cmd, "w");
    fputs(sch, f);
    fclose(f);
    free(sch);
    snprintf(cmd, sizeof cmd, "cd %s && cc -std=c11 -o s s.c && RF_MUTANT=0 ./s && ./s", dir);
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    ck_assert_ptr_nonnull(fgets(got, sizeof got, p));
    ck_assert_str_eq(got, "5\n");
    ck_assert_ptr_nonnull(fgets(got, sizeof got, p));
    ck_assert_str_eq(got, "4\n");
    pclose(p);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* A fresh run does not run the mutants the equivalents file proves equivalent (no test can kill them):
 * with every mutant of a clause listed, nothing runs, and each is reported equivalent. */
START_TEST(a_fresh_run_skips_the_proven_equivalents)
{
    char dir[] = "/tmp/rf-skip-XXXXXX", path[512], args[1200], err[512], line[512];
    FILE *m = turn_order_mutants(dir, path, sizeof path);
    snprintf(path, sizeof path, "%s/equivalent.txt", dir);
    FILE *e = fopen(path, "w");
    int n = 0;
    while (fgets(line, sizeof line, m)) { line[16] = 0; fprintf(e, "%s\tproven the same\n", line); n++; }
    fclose(m);
    fclose(e);
    ck_assert_int_gt(n, 0);
    snprintf(args, sizeof args, "kk --clauses KK-TURN-ORDER --fresh --jobs 1 --fuzz-seconds 0 --out %s --equivalent %s", dir, path);
    ck_assert_int_eq(command(args, err, sizeof err), 0);
    snprintf(path, sizeof path, "%s/kk/results.tsv", dir);
    FILE *r = fopen(path, "r");
    int ran = 0;
    while (r && fgets(line, sizeof line, r)) ran++;
    if (r) fclose(r);
    ck_assert_int_eq(ran, 0);
    snprintf(path, sizeof path, "%s/kk/mutants.tsv", dir);
    m = fopen(path, "r");
    ck_assert_ptr_nonnull(m);
    int eq = 0;
    while (fgets(line, sizeof line, m)) eq += strstr(line, "\tequivalent\t") != NULL;
    fclose(m);
    ck_assert_int_eq(eq, n);
    snprintf(args, sizeof args, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(args), 0);
}
END_TEST

static Suite *mutate_suite(void)
{
    Suite *s = suite_create("mutate");
    TCase *tc = tcase_create("mutator");
    tcase_add_test(tc, a_condition_gets_relational_swaps_its_negation_and_constants_off_by_one);
    tcase_add_test(tc, arithmetic_and_assignment_operators_swap);
    tcase_add_test(tc, a_negation_is_dropped_and_a_return_value_changed);
    tcase_add_test(tc, unary_operators_and_declarations_are_left_alone);
    tcase_add_test(tc, comments_strings_and_preprocessor_lines_are_never_mutated);
    tcase_add_test(tc, mutants_are_distinct_in_line_order_and_capped);
    tcase_add_test(tc, a_key_depends_on_file_and_both_lines_not_on_indentation);
    tcase_add_test(tc, apply_refuses_a_short_buffer_or_a_span_off_the_line);
    tcase_add_test(tc, a_schema_builds_once_and_runs_each_mutant_or_none);
    suite_add_tcase(s, tc);
    tc = tcase_create("command");
    tcase_add_test(tc, bad_arguments_exit_2_with_one_line);
    tcase_add_test(tc, a_malformed_equivalents_file_is_refused_with_its_line);
    tcase_add_test(tc, a_retry_leaves_the_proven_equivalents_alone);
    tcase_add_test(tc, a_fresh_run_skips_the_proven_equivalents);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *r = srunner_create(mutate_suite());
    srunner_run_all(r, CK_ENV);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
