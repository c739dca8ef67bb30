/* check_coverage.c: Check suite for clause coverage: counts files, merging, corrupt input, enforcing lines, the gate. */
#include <stdarg.h>
#include <sys/stat.h>
#include <unistd.h>
#include "testutil.h"
#include "../coverage/coverage.h"

/* ---- helpers ------------------------------------------------------------------------ */

static char tmpdir[256];

static void make_tmpdir(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/rf-cov-XXXXXX");
    ck_assert(mkdtemp(tmpdir) != NULL);
}

static void remove_tree(const char *path)
{
    DIR *d = opendir(path);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char sub[1024];
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        struct stat sb;
        if (lstat(sub, &sb) == 0 && S_ISDIR(sb.st_mode)) remove_tree(sub);
        else remove(sub);
    }
    if (d) closedir(d);
    remove(path);
}

/* Teardown: the test's scratch folder goes (a failed test keeps it for a look). */
static void remove_tmpdir(void)
{
    if (tmpdir[0]) remove_tree(tmpdir);
    tmpdir[0] = 0;
}

static void tmp_path(char *out, size_t n, const char *name)
{
    snprintf(out, n, "%s/%s", tmpdir, name);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_msg(f != NULL, "cannot write %s", path);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

static char *slurp(const char *path)
{
    char err[RF_ERR_MAX];
    size_t len;
    char *t = rf_read_file(path, &len, err, sizeof err);
    ck_assert_msg(t != NULL, "%s", err);
    return t;
}

/* A context for Herr der Ziegen with chosen counters: clause `id` gets (applied, fired, violated). */
static void set_count(inv_ctx *c, const char *id, uint64_t applied, uint64_t fired, uint64_t violated)
{
    int k = tu_clause(c, id);
    c->count[k].applied = applied;
    c->count[k].fired = fired;
    c->count[k].violated = violated;
    memset(c->count[k].cases, 0, sizeof c->count[k].cases);
    if (c->clause[k]->cases) c->count[k].cases[0] = fired;   /* its firings in its first case */
}

/* Run `rulefuzz coverage` in-process with the given arguments (NULL-terminated); its output
 * and messages come back in out/msg (caller frees). */
static int run_coverage(char **out, char **msg, ...)
{
    char *argv[32];
    int argc = 0;
    va_list ap;
    va_start(ap, msg);
    for (const char *a; argc < 31 && (a = va_arg(ap, const char *));) argv[argc++] = (char *)a;
    va_end(ap);
    argv[argc] = NULL;
    FILE *fo = tmpfile(), *fe = tmpfile();
    ck_assert(fo && fe);
    int rc = rf_cov_command(argc, argv, fo, fe);
    FILE *fs[2] = {fo, fe};
    char **dst[2] = {out, msg};
    for (int i = 0; i < 2; i++) {
        long n = ftell(fs[i]);
        rewind(fs[i]);
        *dst[i] = calloc(1, (size_t)n + 1);
        ck_assert(fread(*dst[i], 1, (size_t)n, fs[i]) == (size_t)n);
        fclose(fs[i]);
    }
    return rc;
}

/* Counts for every Herr der Ziegen clause fired once in each of its cases, except `skip` (NULL:
 * none). */
static void counts_all_but(const char *path, const char *skip)
{
    static inv_ctx c;
    inv_init(&c, &hdz_engine, INV_GEN_ALL);
    for (int k = 0; k < c.n; k++) {
        int nc = inv_n_cases(c.clause[k]);
        c.count[k].applied = nc > 3 ? (uint64_t)nc : 3;      /* a clause fires at most once a step it judges */
        c.count[k].fired = (uint64_t)nc;
        for (int i = 0; i < nc && c.clause[k]->cases; i++) c.count[k].cases[i] = 1;
    }
    if (skip) set_count(&c, skip, 3, 0, 0);
    rf_cov acc = {0};
    ck_assert_int_eq(rf_cov_add(&acc, &c, "tests: a made-up game"), 0);
    char err[RF_ERR_MAX];
    ck_assert_msg(rf_cov_write(&acc, path, err, sizeof err) == 0, "%s", err);
    rf_cov_free(&acc);
}

/* The cases of every clause in use in c. */
static int tu_cases_of(const inv_ctx *c)
{
    int n = 0;
    for (int k = 0; k < c->n; k++) n += inv_n_cases(c->clause[k]);
    return n;
}

/* ---- counts files ------------------------------------------------------------------- */

START_TEST(counts_file_round_trip_keeps_every_counter_and_label)
{
    make_tmpdir();
    static inv_ctx c;
    inv_init(&c, &hdz_engine, INV_GEN_ALL);
    set_count(&c, "HDZ-SCORE-MAJORITY8", 605, 58, 0);
    set_count(&c, "HDZ-FINAL-WINNER", UINT64_MAX, UINT64_MAX - 1, 7);
    set_count(&c, "GEN-ROUNDTRIP", 12, 12, 0);
    rf_cov a = {0}, b = {0};
    const char *label = "odd\tlabel\\with\nnewline\rand tab";
    ck_assert_int_eq(rf_cov_add(&a, &c, label), 0);
    char path[512], err[RF_ERR_MAX];
    tmp_path(path, sizeof path, "rt.counts");
    ck_assert_msg(rf_cov_write(&a, path, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(rf_cov_read(&b, path, err, sizeof err) == RF_EXIT_OK, "%s", err);
    ck_assert_int_eq(a.n, c.n + tu_cases_of(&c));           /* a row per clause, one per case */
    ck_assert_int_eq(b.n, a.n);
    for (int i = 0; i < a.n; i++) {
        const rf_cov_row *x = &a.row[i], *y = rf_cov_find(&b, x->game, x->clause);
        ck_assert_msg(y != NULL, "%s lost", x->clause);
        ck_assert(x->applied == y->applied && x->fired == y->fired && x->violated == y->violated);
        ck_assert_int_eq(!x->first, !y->first);
        if (x->first) ck_assert_str_eq(x->first, y->first);
    }
    const rf_cov_row *w = rf_cov_find(&b, "hdz", "HDZ-FINAL-WINNER");
    ck_assert(w->applied == UINT64_MAX && w->violated == 7);
    ck_assert_str_eq(w->first, label);
    ck_assert_ptr_null(rf_cov_find(&b, "hdz", "HDZ-SCORE-FOURTH")->first);   /* never fired: no label */
    /* the file is text: header first, one line per clause, no temporary file left behind */
    char *text = slurp(path);
    ck_assert(strncmp(text, RF_COV_HEADER "\n", strlen(RF_COV_HEADER) + 1) == 0);
    ck_assert_ptr_nonnull(strstr(text, "\nhdz\tHDZ-SCORE-MAJORITY8\t605\t58\t0\todd\\tlabel\\\\with\\nnewline\\rand tab\n"));
    free(text);
    char tmp[600];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    ck_assert_int_ne(access(tmp, F_OK), 0);
    rf_cov_free(&a);
    rf_cov_free(&b);
}
END_TEST

START_TEST(adding_contexts_sums_counters_and_the_first_input_to_fire_a_clause_keeps_it)
{
    static inv_ctx c1, c2;
    inv_init(&c1, &hdz_engine, INV_GEN_ALL);
    inv_init(&c2, &hdz_engine, INV_GEN_ALL);
    set_count(&c1, "HDZ-SCORE-MAJORITY8", 10, 0, 0);          /* applied, never fired */
    set_count(&c1, "HDZ-TURN-PLAY", 4, 4, 0);
    set_count(&c2, "HDZ-SCORE-MAJORITY8", 5, 2, 0);
    set_count(&c2, "HDZ-TURN-PLAY", 6, 6, 1);
    rf_cov a = {0};
    ck_assert_int_eq(rf_cov_add(&a, &c1, "game one"), 0);
    ck_assert_int_eq(rf_cov_add(&a, &c2, "game two"), 0);
    ck_assert_int_eq(rf_cov_add(&a, &c2, "game three"), 0);
    const rf_cov_row *m = rf_cov_find(&a, "hdz", "HDZ-SCORE-MAJORITY8"), *p = rf_cov_find(&a, "hdz", "HDZ-TURN-PLAY");
    ck_assert(m->applied == 20 && m->fired == 4 && m->violated == 0);
    ck_assert_str_eq(m->first, "game two");                     /* game one applied it, never fired it */
    ck_assert(p->applied == 16 && p->fired == 16 && p->violated == 2);
    ck_assert_str_eq(p->first, "game one");
    rf_cov_free(&a);
}
END_TEST

START_TEST(merging_counts_files_sums_them_and_the_earlier_label_wins)
{
    make_tmpdir();
    static inv_ctx c1, c2;
    inv_init(&c1, &hdz_engine, INV_GEN_ALL);
    inv_init(&c2, &hdz_engine, INV_GEN_ALL);
    set_count(&c1, "HDZ-DOG-SWAP-AGREE", 3, 1, 0);
    set_count(&c2, "HDZ-DOG-SWAP-AGREE", 2, 2, 0);
    set_count(&c2, "HDZ-FINAL-MILK-TIE", 9, 9, 0);
    rf_cov a = {0}, b = {0}, m = {0};
    ck_assert_int_eq(rf_cov_add(&a, &c1, "corpus/records/hdz/first.rec"), 0);
    ck_assert_int_eq(rf_cov_add(&b, &c2, "build/fuzz/hdz/corpus/second"), 0);
    char path[512], err[RF_ERR_MAX];
    tmp_path(path, sizeof path, "merged.counts");
    /* two runs adding into one file, the way replay --counts and inputs --counts do */
    ck_assert_msg(rf_cov_update_file(path, &a, err, sizeof err) == RF_EXIT_OK, "%s", err);
    ck_assert_msg(rf_cov_update_file(path, &b, err, sizeof err) == RF_EXIT_OK, "%s", err);
    ck_assert_msg(rf_cov_read(&m, path, err, sizeof err) == RF_EXIT_OK, "%s", err);
    ck_assert_int_eq(m.n, c1.n + tu_cases_of(&c1));
    const rf_cov_row *x = rf_cov_find(&m, "hdz", "HDZ-DOG-SWAP-AGREE"), *y = rf_cov_find(&m, "hdz", "HDZ-FINAL-MILK-TIE");
    ck_assert(x->applied == 5 && x->fired == 3);
    ck_assert_str_eq(x->first, "corpus/records/hdz/first.rec");
    ck_assert(y->applied == 9 && y->fired == 9);
    ck_assert_str_eq(y->first, "build/fuzz/hdz/corpus/second");
    /* reading the same file twice doubles every counter and keeps every label */
    ck_assert_msg(rf_cov_read(&m, path, err, sizeof err) == RF_EXIT_OK, "%s", err);
    ck_assert(x->applied == 10 && x->fired == 6);
    ck_assert_str_eq(x->first, "corpus/records/hdz/first.rec");
    rf_cov_free(&a);
    rf_cov_free(&b);
    rf_cov_free(&m);
}
END_TEST

START_TEST(corrupt_counts_files_are_rejected_with_file_and_line)
{
    static const struct { const char *text, *want; } cases[] = {
        {"", "t.counts:1: empty file"},
        {"hdz\tHDZ-TURN-PLAY\t1\t1\t0\t\n", "t.counts:1: not a rulefuzz counts file"},
        {"# rulefuzz clause counts v2\n", "t.counts:1: counts format 'v2' is not supported"},
        {RF_COV_HEADER "\nhdz\tHDZ-TURN-PLAY\t1\t1\t0\n", "t.counts:2: expected 6 tab-separated fields"},
        {RF_COV_HEADER "\nhdz\tHDZ-TURN-PLAY\t1\t1\t0\tx\ty\n", "t.counts:2: expected 6 tab-separated fields"},
        {RF_COV_HEADER "\n# comment\n\nhdz\tHDZ-TURN-PLAY\t1\tmany\t0\t\n", "t.counts:4: fired count 'many' is not a number"},
        {RF_COV_HEADER "\nhdz\tHDZ-TURN-PLAY\t-1\t1\t0\t\n", "t.counts:2: applied count '-1' is not a number"},
        {RF_COV_HEADER "\nhdz\tHDZ-TURN-PLAY\t18446744073709551616\t1\t0\t\n", "t.counts:2: applied count"},
        {RF_COV_HEADER "\nhdz\tHDZ-TURN-PLAY\t1\t1\t0\tlabel", "t.counts:2: last line is cut short"},
        {RF_COV_HEADER "\nhdz\tHDZ-TURN-PLAY\t1\t1\t0\ta\nhdz\tHDZ-TURN-PLAY\t1\t1\t0\tb\n",
         "t.counts:3: hdz HDZ-TURN-PLAY is already counted on line 2"},
        {RF_COV_HEADER "\nhdz\tHDZ-TURN-PLAY\t1\t0\t0\tlabel\n", "t.counts:2: first-input given for HDZ-TURN-PLAY, which never fired"},
        {RF_COV_HEADER "\nhdz\tHDZ TURN\t1\t1\t0\t\n", "t.counts:2: bad clause ID 'HDZ TURN'"},
        {RF_COV_HEADER "\n\t HDZ-TURN-PLAY\t1\t1\t0\t\n", "t.counts:2: bad game name ''"},
        {RF_COV_HEADER "\nhdz\tHDZ-TURN-PLAY\t1\t1\t0\tbad \\q escape\n", "t.counts:2: bad escape '\\q' in first-input"},
        {RF_COV_HEADER "\nhdz\tHDZ-TURN-PLAY\t1\t1\t0\ttrailing \\\n", "t.counts:2: bad escape"},
        {RF_COV_HEADER "\nhdz\tHDZ-TURN-PLAY\t18446744073709551615\t1\t0\t\n", "t.counts: counts of hdz HDZ-TURN-PLAY pass 2^64-1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rf_cov a = {0};
        static inv_ctx c;
        inv_init(&c, &hdz_engine, INV_GEN_ALL);
        set_count(&c, "HDZ-TURN-PLAY", 1, 1, 0);
        ck_assert_int_eq(rf_cov_add(&a, &c, "before"), 0);      /* so that the overflow case overflows */
        int n = a.n;
        char err[RF_ERR_MAX] = "";
        int rc = rf_cov_parse(&a, "t.counts", cases[i].text, strlen(cases[i].text), err, sizeof err);
        ck_assert_msg(rc == RF_EXIT_BADINPUT, "case %zu: exit %d", i, rc);
        ck_assert_msg(strstr(err, cases[i].want) != NULL, "case %zu: got '%s', want '%s'", i, err, cases[i].want);
        ck_assert_msg(strchr(err, '\n') == NULL, "case %zu: message is not one line", i);
        ck_assert_msg(a.n == n && rf_cov_find(&a, "hdz", "HDZ-TURN-PLAY")->applied == 1, "case %zu: counts changed", i);
        rf_cov_free(&a);
    }
    /* a NUL byte in a line */
    static const char nul[] = RF_COV_HEADER "\nhdz\tHDZ-TURN-PLAY\t1\0\t1\t0\t\n";
    rf_cov a = {0};
    char err[RF_ERR_MAX];
    ck_assert_int_eq(rf_cov_parse(&a, "t.counts", nul, sizeof nul - 1, err, sizeof err), RF_EXIT_BADINPUT);
    ck_assert_str_eq(err, "t.counts:2: NUL byte in the line");
    ck_assert_int_eq(a.n, 0);
}
END_TEST

START_TEST(every_prefix_and_changed_byte_of_a_counts_file_parses_or_is_rejected_never_crashes)
{
    make_tmpdir();
    char path[512], err[RF_ERR_MAX];
    tmp_path(path, sizeof path, "p.counts");
    counts_all_but(path, NULL);
    char *text = slurp(path);
    /* The header and the first rows (clause rows and case rows both): every prefix and every byte of
     * them, each a whole parse, stays quadratic in the length, so the whole file would take seconds. */
    char *end = text;
    for (int lines = 0; lines < 16 && (end = strchr(end, '\n')) != NULL; lines++) end++;
    if (end) *end = 0;
    size_t len = strlen(text);
    ck_assert_msg(strstr(text, "/") != NULL, "the rows tested include a case row");
    for (size_t cut = 0; cut <= len; cut++) {
        rf_cov a = {0};
        int rc = rf_cov_parse(&a, "p.counts", text, cut, err, sizeof err);
        int whole_lines = cut > 0 && text[cut - 1] == '\n';
        ck_assert_msg(rc == (whole_lines ? RF_EXIT_OK : RF_EXIT_BADINPUT), "cut %zu: exit %d (%s)", cut, rc, err);
        if (rc != RF_EXIT_OK) ck_assert_msg(strncmp(err, "p.counts:", 9) == 0, "cut %zu: %s", cut, err);
        rf_cov_free(&a);
    }
    /* every byte changed in turn: a clean parse or a one-line file:line message */
    for (size_t i = 0; i < len; i++) {
        static const char flips[] = {'\t', '\n', '\\', '-', '9', 'x', '\0'};
        char saved = text[i];
        text[i] = flips[i % sizeof flips];
        rf_cov a = {0};
        int rc = rf_cov_parse(&a, "p.counts", text, len, err, sizeof err);
        ck_assert(rc == RF_EXIT_OK || rc == RF_EXIT_BADINPUT);
        if (rc != RF_EXIT_OK) ck_assert_msg(strncmp(err, "p.counts:", 9) == 0 && !strchr(err, '\n'), "byte %zu: %s", i, err);
        rf_cov_free(&a);
        text[i] = saved;
    }
    free(text);
}
END_TEST

START_TEST(a_corrupt_counts_file_is_left_untouched_by_a_run_that_adds_to_it)
{
    make_tmpdir();
    char path[512], err[RF_ERR_MAX];
    tmp_path(path, sizeof path, "bad.counts");
    const char *bad = RF_COV_HEADER "\nhdz\tHDZ-TURN-PLAY\t1\t1\n";
    write_text(path, bad);
    static inv_ctx c;
    inv_init(&c, &hdz_engine, INV_GEN_ALL);
    rf_cov a = {0};
    ck_assert_int_eq(rf_cov_add(&a, &c, "x"), 0);
    ck_assert_int_eq(rf_cov_check_file(path, err, sizeof err), RF_EXIT_BADINPUT);
    ck_assert_int_eq(rf_cov_update_file(path, &a, err, sizeof err), RF_EXIT_BADINPUT);
    ck_assert_msg(strstr(err, "bad.counts:2: expected 6 tab-separated fields") != NULL, "%s", err);
    char *text = slurp(path);
    ck_assert_str_eq(text, bad);
    free(text);
    tmp_path(path, sizeof path, "missing.counts");
    ck_assert_int_eq(rf_cov_check_file(path, err, sizeof err), RF_EXIT_OK);   /* absent: a fresh file */
    rf_cov_free(&a);
}
END_TEST

/* ---- the gate ----------------------------------------------------------------------- */

START_TEST(the_gate_fails_naming_the_clause_that_never_fired)
{
    make_tmpdir();
    char path[512];
    tmp_path(path, sizeof path, "gate.counts");
    counts_all_but(path, "HDZ-SCORE-FOURTH-TRIGGER");
    char *out, *msg;
    int rc = run_coverage(&out, &msg, "hdz", "--counts", path, "--fail-under", "100", NULL);
    ck_assert_msg(rc == 1, "exit %d: %s", rc, msg);
    ck_assert_msg(strstr(msg, "\nHDZ-SCORE-FOURTH-TRIGGER never fired\n") != NULL, "%s", msg);
    ck_assert_msg(strstr(msg, "hdz: 39 of 40 clauses fired (97.5%)") != NULL, "%s", msg);
    ck_assert_int_eq(strstr(msg, "never fired\n") - msg + 12, (long)strlen(msg));   /* it is the only one named */
    ck_assert_ptr_nonnull(strstr(out, "HDZ-SCORE-FOURTH-TRIGGER"));
    ck_assert_ptr_nonnull(strstr(out, "NEVER FIRED"));
    free(out); free(msg);
    /* 39 of 40 is enough for --fail-under 97 */
    rc = run_coverage(&out, &msg, "hdz", "--counts", path, "--fail-under", "97", "--quiet", NULL);
    ck_assert_msg(rc == 0, "exit %d: %s", rc, msg);
    ck_assert_ptr_nonnull(strstr(out, "passed"));
    free(out); free(msg);
}
END_TEST

/* The case gate (--cases-fail-under): a clause that fired, but never in one of its cases, fails it
 * by name; so does a clause whose case counts do not add up to its firings (an oracle that fires it
 * without naming the case); the clause gate alone still passes. */
START_TEST(the_case_gate_fails_naming_the_case_that_never_fired_and_unbalanced_case_counts)
{
    make_tmpdir();
    char path[512];
    tmp_path(path, sizeof path, "cases.counts");
    static inv_ctx c;
    inv_init(&c, &hdz_engine, INV_GEN_ALL);
    int total = 0;
    for (int k = 0; k < c.n; k++) {
        int nc = inv_n_cases(c.clause[k]);
        c.count[k].applied = nc > 3 ? (uint64_t)nc : 3;      /* a clause fires at most once a step it judges */
        c.count[k].fired = (uint64_t)nc;
        for (int i = 0; i < nc && c.clause[k]->cases; i++) c.count[k].cases[i] = 1;
        if (k >= c.k_game) total += nc;
    }
    int refill = tu_clause(&c, "HDZ-TAKE-REFILL"), fourth = tu_clause(&c, "HDZ-SCORE-FOURTH");
    char last[INV_CASE_NAME_MAX], want[96];
    int nr = inv_n_cases(c.clause[refill]);
    ck_assert_int_ge(nr, 2);
    inv_case_name(c.clause[refill], nr - 1, last, sizeof last);
    c.count[refill].cases[nr - 1] = 0;                 /* its last case never fired */
    c.count[refill].cases[0]++;                        /* still balanced */
    c.count[fourth].applied += 5;
    c.count[fourth].fired += 5;                        /* fired on 5 more steps in no case */
    rf_cov acc = {0};
    ck_assert_int_eq(rf_cov_add(&acc, &c, "tests: cases"), 0);
    char err[RF_ERR_MAX];
    ck_assert_msg(rf_cov_write(&acc, path, err, sizeof err) == 0, "%s", err);
    rf_cov_free(&acc);
    char *out, *msg;
    int rc = run_coverage(&out, &msg, "hdz", "--counts", path, "--fail-under", "100", "--cases-fail-under", "100", NULL);
    ck_assert_msg(rc == 1, "exit %d: %s", rc, msg);
    snprintf(want, sizeof want, "\nHDZ-TAKE-REFILL/%s never fired\n", last);
    ck_assert_msg(strstr(msg, want) != NULL, "%s", msg);
    ck_assert_msg(strstr(msg, "HDZ-SCORE-FOURTH fired") != NULL && strstr(msg, "its cases add up to fewer") != NULL, "%s", msg);
    snprintf(want, sizeof want, "hdz: %d of %d cases fired", total - 1, total);
    ck_assert_msg(strstr(msg, want) != NULL, "%s", msg);
    ck_assert_ptr_nonnull(strstr(out, "clause coverage gate: hdz: 40 of 40 clauses fired (100.0%), at least 100%: passed"));
    ck_assert_ptr_nonnull(strstr(out, "CASES"));          /* the rows' status */
    free(out); free(msg);
    /* the JSON names each case with its count */
    char json[600];
    tmp_path(json, sizeof json, "cases.json");
    rc = run_coverage(&out, &msg, "hdz", "--counts", path, "--json-file", json, "--quiet", NULL);
    ck_assert_msg(rc == 0, "exit %d: %s", rc, msg);
    char *j = slurp(json);
    snprintf(want, sizeof want, "{\"name\":\"%s\",\"fired\":0,\"first_input\":null}", last);
    ck_assert_msg(strstr(j, want) != NULL, "%s", want);
    ck_assert_ptr_nonnull(strstr(j, "\"cases_balanced\":false"));
    free(j); free(out); free(msg);
}
END_TEST

START_TEST(the_gate_passes_when_every_clause_fired_and_ignores_conformance_checks)
{
    make_tmpdir();
    char path[512];
    tmp_path(path, sizeof path, "all.counts");
    counts_all_but(path, "GEN-HIDDEN-INFO");                 /* a GEN- check is shown, not gated */
    char *out, *msg;
    int rc = run_coverage(&out, &msg, "hdz", "--counts", path, "--fail-under", "100", NULL);
    ck_assert_msg(rc == 0, "exit %d: %s", rc, msg);
    ck_assert_ptr_nonnull(strstr(out, "clause coverage gate: hdz: 40 of 40 clauses fired (100.0%), at least 100%: passed"));
    ck_assert_ptr_nonnull(strstr(out, "GEN-HIDDEN-INFO"));
    ck_assert_ptr_null(strstr(msg, "never fired"));
    free(out); free(msg);
}
END_TEST

START_TEST(a_game_missing_from_the_counts_fails_the_gate_with_every_clause_named)
{
    make_tmpdir();
    char path[512];
    tmp_path(path, sizeof path, "empty.counts");
    write_text(path, RF_COV_HEADER "\n");
    char *out, *msg;
    int rc = run_coverage(&out, &msg, "hdz", "--counts", path, "--fail-under", "100", "--quiet", NULL);
    ck_assert_int_eq(rc, 1);
    ck_assert_ptr_nonnull(strstr(msg, "no counts for hdz"));
    ck_assert_ptr_nonnull(strstr(msg, "HDZ-CARDS-121 never fired"));
    ck_assert_ptr_nonnull(strstr(msg, "HDZ-FINAL-WINNER never fired"));
    free(out); free(msg);
}
END_TEST

START_TEST(bad_coverage_arguments_and_files_exit_2_with_one_line)
{
    make_tmpdir();
    char path[512], bad[512];
    tmp_path(path, sizeof path, "ok.counts");
    counts_all_but(path, NULL);
    tmp_path(bad, sizeof bad, "bad.counts");
    write_text(bad, RF_COV_HEADER "\nhdz\tHDZ-TURN-PLAY\t1\n");
    char unk[512], ucase[512], ugame[512], other[512];
    tmp_path(unk, sizeof unk, "unknown-clause.counts");
    write_text(unk, RF_COV_HEADER "\nhdz\tHDZ-NO-SUCH-RULE\t3\t1\t0\tx\n");
    tmp_path(ucase, sizeof ucase, "unknown-case.counts");
    write_text(ucase, RF_COV_HEADER "\nhdz\tHDZ-CARDS-121/no-such-case\t0\t1\t0\tx\n");
    tmp_path(ugame, sizeof ugame, "unknown-game.counts");
    write_text(ugame, RF_COV_HEADER "\nchess\tGEN-TERMINAL\t3\t1\t0\tx\n");
    tmp_path(other, sizeof other, "kk.counts");
    write_text(other, RF_COV_HEADER "\nkk\tGEN-TERMINAL\t3\t1\t0\tx\n");
    char *out, *msg;
    struct { const char *a[8]; const char *want; } cases[] = {
        {{"hdz", "--counts", unk, NULL}, "unknown clause 'HDZ-NO-SUCH-RULE' for hdz"},
        {{"hdz", "--counts", ucase, NULL}, "unknown case 'no-such-case' of HDZ-CARDS-121"},
        {{"hdz", "--counts", ugame, NULL}, "unknown game 'chess'"},
        {{"hdz", "--counts", path, other, NULL}, "holds counts of kk, not of hdz"},
        {{"hdz", NULL}, "coverage needs --counts"},
        {{"chess", "--counts", path, NULL}, "unknown game 'chess'"},
        {{"hdz", "--counts", path, "--fail-under", "101", NULL}, "--fail-under takes a number from 0 to 100, not '101'"},
        {{"hdz", "--counts", path, "--fail-under", "lots", NULL}, "--fail-under takes a number from 0 to 100, not 'lots'"},
        {{"hdz", "--counts=x", "--fail-under=100", "--bogus=1", NULL}, "unknown option '--bogus=1'"},
        {{"hdz", "--counts", path, "--jobs", "2", NULL}, "unknown option '--jobs'"},
        {{"hdz", "--counts", path, "--bogus", NULL}, "unknown option '--bogus'"},
        {{"hdz", "--counts", "/nonexistent/x.counts", NULL}, "/nonexistent/x.counts: cannot open"},
        {{"hdz", "--counts", path, bad, NULL}, "bad.counts:2: expected 6 tab-separated fields"},
        {{"hdz", "--counts", path, "--lcov", bad, NULL}, "bad.counts:1: not an lcov tracefile"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char **a = cases[i].a;
        int rc = run_coverage(&out, &msg, a[0], a[1], a[2], a[3], a[4], a[5], a[6], NULL);
        ck_assert_msg(rc == RF_EXIT_BADINPUT, "case %zu: exit %d", i, rc);
        ck_assert_msg(strstr(msg, cases[i].want) != NULL, "case %zu: got '%s', want '%s'", i, msg, cases[i].want);
        ck_assert_msg(strchr(msg, '\n') == msg + strlen(msg) - 1, "case %zu: not one line: %s", i, msg);
        free(out); free(msg);
    }
}
END_TEST

/* ---- enforcing lines and lcov data -------------------------------------------------- */

/* The `"id":"<id>"` row of a JSON report, up to the next row. */
static char *json_row(const char *json, const char *id)
{
    char key[128];
    snprintf(key, sizeof key, "{\"id\":\"%s\"", id);
    const char *s = strstr(json, key);
    ck_assert_msg(s != NULL, "no row %s", id);
    const char *e = strstr(s + 1, "{\"id\":");
    size_t n = e ? (size_t)(e - s) : strlen(s);
    char *r = malloc(n + 1);
    memcpy(r, s, n);
    r[n] = 0;
    return r;
}

START_TEST(enforcing_lines_follow_the_clause_id_comments_and_join_lcov_data)
{
    make_tmpdir();
    char dir[512], src[512], info[512], counts[512], json[512], html[512];
    tmp_path(dir, sizeof dir, "rules");
    ck_assert_int_eq(mkdir(dir, 0755), 0);
    tmp_path(src, sizeof src, "rules/t.c");
    write_text(src,
        "static int f(int x)\n"                                   /* 1 */
        "{\n"                                                     /* 2 */
        "    /* HDZ-SCORE-MAJORITY8: \"een som van 8\" */\n"       /* 3 */
        "    if (x >= 8) {\n"                                     /* 4 */
        "        x = 1;   /* an explanation, no ID */\n"          /* 5 */
        "    }\n"                                                 /* 6 */
        "    x++;                 /* HDZ-SCORE-WORTHLESS */\n"    /* 7 */
        "    const char *s = \"/* HDZ-FINAL-WINNER */\";\n"       /* 8: a string, not a comment */
        "    /* HDZ-FINAL-MEADOW, HDZ-AMB-MILK-ROUND:\n"          /* 9 */
        "     * a block comment */\n"                             /* 10 */
        "    x += s[0];\n"                                        /* 11 */
        "    // a new paragraph\n"                                /* 12 */
        "    x--;\n"                                              /* 13 */
        "\n"                                                      /* 14 */
        "    /* HDZ-TURN-PLAY */ x *= 2;\n"                       /* 15 */
        "    if (x) {\n"                                          /* 16 */
        "        /* HDZ-TURN-TAKE: the brace below ends it */\n"  /* 17 */
        "        x = 3;\n"                                        /* 18 */
        "    }\n"                                                 /* 19 */
        "    return x;\n"                                         /* 20 */
        "}\n");                                                   /* 21 */
    tmp_path(info, sizeof info, "t.info");
    write_text(info,
        "TN:\nSF:/somewhere/else/rules/t.c\n"
        "DA:4,3\nDA:5,0\nDA:7,3\nDA:11,3\nDA:13,3\nDA:15,3\nDA:16,3\nDA:18,2\n"
        "BRDA:4,0,0,0\nBRDA:4,0,1,3\nBRDA:16,0,0,2\nBRDA:16,0,1,-\n"
        "end_of_record\n");
    tmp_path(counts, sizeof counts, "t.counts");
    counts_all_but(counts, NULL);
    tmp_path(json, sizeof json, "t.json");
    tmp_path(html, sizeof html, "html");
    char *out, *msg;
    int rc = run_coverage(&out, &msg, "hdz", "--counts", counts, "--lcov", info, "--src-root", tmpdir,
                          "--json-file", json, "--html", html, NULL);
    ck_assert_msg(rc == 0, "exit %d: %s", rc, msg);
    free(out); free(msg);
    char *j = slurp(json), *r;
    /* a comment on its own line: the code lines below it, up to the next ID's line */
    r = json_row(j, "HDZ-SCORE-MAJORITY8");
    ck_assert_msg(strstr(r, "\"code\":[{\"file\":\"rules/t.c\",\"line\":4,\"count\":3},{\"file\":\"rules/t.c\",\"line\":5,"
                            "\"count\":0},{\"file\":\"rules/t.c\",\"line\":6,\"count\":null}]") != NULL, "%s", r);
    ck_assert_msg(strstr(r, "\"lines\":{\"total\":2,\"hit\":1},\"branches\":{\"total\":2,\"taken\":1}") != NULL, "%s", r);
    ck_assert_msg(strstr(r, "\"status\":\"code-not-run\"") != NULL, "%s", r);
    ck_assert_msg(strstr(r, "\"branches_not_taken\":[{\"file\":\"rules/t.c\",\"line\":4,\"block\":0,\"branch\":0,\"evaluated\":true}]") != NULL, "%s", r);
    free(r);
    /* a comment after code: that line only */
    r = json_row(j, "HDZ-SCORE-WORTHLESS");
    ck_assert_msg(strstr(r, "\"code\":[{\"file\":\"rules/t.c\",\"line\":7,\"count\":3}]") != NULL, "%s", r);
    ck_assert_msg(strstr(r, "\"status\":\"ok\"") != NULL, "%s", r);
    free(r);
    /* an ID inside a string literal marks nothing */
    r = json_row(j, "HDZ-FINAL-WINNER");
    ck_assert_msg(strstr(r, "\"code\":[]") != NULL && strstr(r, "\"status\":\"no-tagged-code\""), "%s", r);
    free(r);
    /* a block comment with two IDs: lines after it, up to the next paragraph's comment */
    r = json_row(j, "HDZ-FINAL-MEADOW");
    ck_assert_msg(strstr(r, "\"code\":[{\"file\":\"rules/t.c\",\"line\":11,\"count\":3}]") != NULL, "%s", r);
    free(r);
    ck_assert_msg(strstr(j, "{\"id\":\"HDZ-AMB-MILK-ROUND\",\"code\":[{\"file\":\"rules/t.c\",\"line\":11,") != NULL, "%s", j);
    /* a comment before code on the same line marks that line */
    r = json_row(j, "HDZ-TURN-PLAY");
    ck_assert_msg(strstr(r, "\"code\":[{\"file\":\"rules/t.c\",\"line\":15,\"count\":3}]") != NULL, "%s", r);
    free(r);
    /* a closing brace indented less than the comment ends it; a never-evaluated branch counts as not taken */
    r = json_row(j, "HDZ-TURN-TAKE");
    ck_assert_msg(strstr(r, "\"code\":[{\"file\":\"rules/t.c\",\"line\":18,\"count\":2}]") != NULL, "%s", r);
    free(r);
    r = json_row(j, "HDZ-SCORE-FOURTH");
    ck_assert_msg(strstr(r, "\"code\":[]") != NULL, "%s", r);
    free(r);
    free(j);
    /* the HTML page: missed clauses first, SPEC anchors (no SPEC.md here: plain IDs), line links */
    char page[600];
    snprintf(page, sizeof page, "%s/hdz.html", html);
    char *h = slurp(page);
    ck_assert_ptr_nonnull(strstr(h, "<!DOCTYPE html>"));
    char *notrun = strstr(h, ">HDZ-SCORE-MAJORITY8<"), *okrow = strstr(h, ">HDZ-SCORE-WORTHLESS<");
    ck_assert_msg(notrun && okrow && notrun < okrow, "code-not-run rows come before ok rows");
    ck_assert_ptr_nonnull(strstr(h, "t.c:4&ndash;6</a>"));
    ck_assert_ptr_nonnull(strstr(h, "branches never taken"));
    free(h);
    /* with a SPEC.md beside rules/: each clause links to its entry */
    char spec[600];
    snprintf(spec, sizeof spec, "%s/SPEC.md", tmpdir);
    write_text(spec, "### HDZ-SCORE-MAJORITY8\n");
    rc = run_coverage(&out, &msg, "hdz", "--counts", counts, "--src-root", tmpdir, "--html", html, NULL);
    ck_assert_int_eq(rc, 0);
    free(out); free(msg);
    h = slurp(page);
    /* the site (coverage/site.h): the page links the one stylesheet and SPEC.md rendered beside it,
     * at the clause's anchor, which SPEC.html carries */
    ck_assert_msg(strstr(h, "href=\"SPEC.html#hdz-score-majority8\"") != NULL, "no SPEC link");
    ck_assert_msg(strstr(h, "<link rel=\"stylesheet\" href=\"report.css\">") != NULL, "the page does not link report.css");
    ck_assert_ptr_null(strstr(h, "<style"));
    char site_file[700];
    snprintf(site_file, sizeof site_file, "%s/SPEC.html", html);
    char *sh = slurp(site_file);
    ck_assert_msg(strstr(sh, "<h3 id=\"hdz-score-majority8\">HDZ-SCORE-MAJORITY8</h3>") != NULL, "SPEC.html has no anchor for the clause");
    free(sh);
    snprintf(site_file, sizeof site_file, "%s/report.css", html);
    sh = slurp(site_file);
    ck_assert_ptr_nonnull(strstr(sh, ".never-fired .st"));
    free(sh);
    ck_assert_ptr_null(strstr(h, "Mutants killed"));
    free(h);
    /* --mutation: a column with the clause's mutants killed (of those compiled and not equivalent),
     * linked to its survivors on the game's mutation page; a clause no run reached says so */
    char mdir[600], mfile[700];
    snprintf(mdir, sizeof mdir, "%s/mutate", tmpdir);
    snprintf(mfile, sizeof mfile, "%s/hdz", mdir);
    ck_assert_int_eq(mkdir(mdir, 0755), 0);
    ck_assert_int_eq(mkdir(mfile, 0755), 0);
    snprintf(mfile, sizeof mfile, "%s/hdz/mutants.tsv", mdir);
    write_text(mfile, "0000000000000001\ttests\tHDZ-SCORE-MAJORITY8\trules/t.c\t4\trel\n"
                      "0000000000000002\tfuzz\tHDZ-SCORE-MAJORITY8,HDZ-TURN-TAKE\trules/t.c\t5\tconst\n"
                      "0000000000000003\tsurvived\tHDZ-SCORE-MAJORITY8\trules/t.c\t5\tarith\n"
                      "0000000000000004\tequivalent\tHDZ-SCORE-MAJORITY8\trules/t.c\t6\tconst\n"
                      "0000000000000005\tnot-compiled\tHDZ-SCORE-MAJORITY8\trules/t.c\t6\tdelete\n");
    rc = run_coverage(&out, &msg, "hdz", "--counts", counts, "--src-root", tmpdir, "--html", html, "--mutation", mdir, NULL);
    ck_assert_int_eq(rc, 0);
    free(out); free(msg);
    h = slurp(page);
    ck_assert_ptr_nonnull(strstr(h, "Mutants killed"));
    ck_assert_msg(strstr(h, "5 mutants: 1 killed by tests, 1 by fuzzing, 1 survived, 1 equivalent, 1 not compiled\">2/3") != NULL,
                  "no mutation cell 2/3 for HDZ-SCORE-MAJORITY8");
    ck_assert_ptr_nonnull(strstr(h, "mutate/hdz.html#s-hdz-score-majority8"));
    ck_assert_ptr_nonnull(strstr(h, "1 mutants: 0 killed by tests, 1 by fuzzing, 0 survived, 0 equivalent, 0 not compiled\">1/1"));
    ck_assert_ptr_nonnull(strstr(h, "not run"));
    free(h);
}
END_TEST

/* Cases (issue 20): a clause's cases are counted apart, as rows "ID/case" of the counts file, each
 * with its own first input; a one-case clause's case `any` is its firing. */
START_TEST(each_case_of_a_clause_has_its_own_counts_row_and_first_input)
{
    /* two of Herr der Ziegen's clauses (a counts file holds only clauses and cases the game knows) */
    static const inv_clause three = {"HDZ-SCORE-FOURTH", "inv_tt_three", "nl", "by-sum by-count by-trigger"};
    static const inv_clause one = {"HDZ-DOG-NOMOVE", "inv_tt_one", "nl", NULL};
    ck_assert_int_eq(inv_n_cases(&three), 3);
    ck_assert_int_eq(inv_n_cases(&one), 1);
    char nm[INV_CASE_NAME_MAX];
    ck_assert_int_eq(inv_case_name(&three, 2, nm, sizeof nm), 0);
    ck_assert_str_eq(nm, "by-trigger");
    ck_assert_int_eq(inv_case_name(&one, 0, nm, sizeof nm), 0);
    ck_assert_str_eq(nm, "any");
    ck_assert_int_eq(inv_case_name(&three, 3, nm, sizeof nm), -1);
    static inv_ctx c1, c2;
    inv_init(&c1, &hdz_engine, 0);
    c1.n = 2; c1.clause[0] = &three; c1.clause[1] = &one; c1.k_game = 0;
    c2 = c1;
    /* a step counts one firing of its clause and of each case, however often the oracle says so */
    inv_applied(&c1, 0); inv_fired_case(&c1, 0, 0); inv_fired_case(&c1, 0, 0);
    ck_assert(c1.count[0].fired == 1 && c1.count[0].cases[0] == 1);
    inv_applied(&c1, 0); inv_fired_case(&c1, 0, 0);
    inv_applied(&c2, 0); inv_fired_case(&c2, 0, 2);
    inv_applied(&c2, 1); inv_fired(&c2, 1);
    ck_assert(c1.count[0].fired == 2 && c1.count[0].cases[0] == 2 && c1.count[0].cases[2] == 0);
    rf_cov a = {0};
    ck_assert_int_eq(rf_cov_add(&a, &c1, "first game"), 0);
    ck_assert_int_eq(rf_cov_add(&a, &c2, "second game"), 0);
    const rf_cov_row *sum = rf_cov_find(&a, "hdz", "HDZ-SCORE-FOURTH/by-sum"), *cnt = rf_cov_find(&a, "hdz", "HDZ-SCORE-FOURTH/by-count"),
                     *trig = rf_cov_find(&a, "hdz", "HDZ-SCORE-FOURTH/by-trigger"), *any = rf_cov_find(&a, "hdz", "HDZ-DOG-NOMOVE/any");
    ck_assert(sum && cnt && trig && any);
    ck_assert(sum->fired == 2 && cnt->fired == 0 && trig->fired == 1 && any->fired == 1);
    ck_assert_str_eq(sum->first, "first game");
    ck_assert_str_eq(trig->first, "second game");
    ck_assert_ptr_null(cnt->first);
    ck_assert_str_eq(any->first, "second game");
    /* through a counts file and back */
    make_tmpdir();
    char path[512], err[RF_ERR_MAX];
    tmp_path(path, sizeof path, "cases.counts");
    ck_assert_msg(rf_cov_write(&a, path, err, sizeof err) == 0, "%s", err);
    rf_cov b = {0};
    ck_assert_msg(rf_cov_read(&b, path, err, sizeof err) == RF_EXIT_OK, "%s", err);
    ck_assert(rf_cov_find(&b, "hdz", "HDZ-SCORE-FOURTH/by-trigger")->fired == 1);
    ck_assert_str_eq(rf_cov_find(&b, "hdz", "HDZ-SCORE-FOURTH/by-trigger")->first, "second game");
    rf_cov_free(&a);
    rf_cov_free(&b);
}
END_TEST

static Suite *coverage_suite(void)
{
    Suite *s = suite_create("coverage");
    TCase *tc;

    tc = tcase_create("counts files");
    tcase_add_test(tc, counts_file_round_trip_keeps_every_counter_and_label);
    tcase_add_test(tc, adding_contexts_sums_counters_and_the_first_input_to_fire_a_clause_keeps_it);
    tcase_add_test(tc, each_case_of_a_clause_has_its_own_counts_row_and_first_input);
    tcase_add_test(tc, merging_counts_files_sums_them_and_the_earlier_label_wins);
    tcase_add_test(tc, corrupt_counts_files_are_rejected_with_file_and_line);
    tcase_add_test(tc, every_prefix_and_changed_byte_of_a_counts_file_parses_or_is_rejected_never_crashes);
    tcase_add_test(tc, a_corrupt_counts_file_is_left_untouched_by_a_run_that_adds_to_it);
    tcase_add_checked_fixture(tc, NULL, remove_tmpdir);
    suite_add_tcase(s, tc);

    tc = tcase_create("gate");
    tcase_add_test(tc, the_gate_fails_naming_the_clause_that_never_fired);
    tcase_add_test(tc, the_case_gate_fails_naming_the_case_that_never_fired_and_unbalanced_case_counts);
    tcase_add_test(tc, the_gate_passes_when_every_clause_fired_and_ignores_conformance_checks);
    tcase_add_test(tc, a_game_missing_from_the_counts_fails_the_gate_with_every_clause_named);
    tcase_add_test(tc, bad_coverage_arguments_and_files_exit_2_with_one_line);
    tcase_add_checked_fixture(tc, NULL, remove_tmpdir);
    suite_add_tcase(s, tc);

    tc = tcase_create("enforcing lines");
    tcase_add_test(tc, enforcing_lines_follow_the_clause_id_comments_and_join_lcov_data);
    tcase_add_checked_fixture(tc, NULL, remove_tmpdir);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(coverage_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
