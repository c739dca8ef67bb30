/* check_textcov.c: Check suite for rule-text coverage (coverage/textcov.c): sentence splitting,
 * verbatim quotes with elisions, marks, translation gaps, and the real rulebooks' gate. */
#include <stdlib.h>
#include <unistd.h>
#include "testutil.h"
#include "../coverage/textcov.h"

static char dir[] = "/tmp/rf-textcov-XXXXXX";

static void write_file(const char *name, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static void setup(void) { ck_assert_ptr_nonnull(mkdtemp(dir)); }
static void teardown(void)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
    strcpy(dir, "/tmp/rf-textcov-XXXXXX");
}

/* A game with two texts, as the reports see it: only names, tag and profiles matter here. */
static const game_profile two_profiles[] = {{"nl", "t.nl.txt", 0}, {"en", "t.en.txt", 0}};
static const game_engine two_texts = {.name = "tt", .title = "Test Game", .tag = "TT",
                                      .profiles = two_profiles, .n_profiles = 2};

/* The units of a text, one per line of `out` ("line|text"). */
static void units_of(const char *text, char *out, size_t n)
{
    tc_text t;
    memset(&t, 0, sizeof t);
    t.buf = strdup(text);
    t.len = strlen(text);
    ck_assert_int_eq(tc_split(&t), 0);
    size_t o = 0;
    out[0] = 0;
    for (int i = 0; i < t.nu && o < n; i++)
        o += (size_t)snprintf(out + o, n - o, "%d|%.*s\n", t.u[i].line, (int)t.u[i].len, t.buf + t.u[i].off);
    free(t.buf); free(t.u); free(t.norm); free(t.norm_off); free(t.unit_of);
}

START_TEST(sentences_split_at_stops_before_a_capital_but_not_after_abbreviations_or_list_numbers)
{
    char out[2048];
    units_of("Title\n\nOne rule. Another rule! A question? yes.\n1. Play a card.\nz. B. Karte und ca. 30 Minuten.\n"
             "Phase 1. However, dogs.\n| a | b |\n|---|---|\n- **5 spelers:** niets;\n", out, sizeof out);
    ck_assert_str_eq(out,
        "1|Title\n"
        "3|One rule.\n3|Another rule!\n3|A question? yes.\n"
        "4|1. Play a card.\n"
        "5|z. B. Karte und ca. 30 Minuten.\n"
        "6|Phase 1.\n6|However, dogs.\n"
        "7|| a | b |\n"
        "9|- **5 spelers:** niets;\n");
}
END_TEST

static const char *const nl_text =
    "Spelregels\n\nDe speler moet een kaart spelen. Dan neemt hij een kaart.\n"
    "Het spel eindigt zodra de stapel op is.\n\nVoorbeeld\n\nRood speelt een vijf.\n"
    "De speler moet een kaart spelen.\n\nAlleen in het Nederlands staat deze tabel.\n";
static const char *const en_text =
    "Rules\n\nThe player must play a card. Then he takes a card.\nThe game ends when the pile is empty.\n";

static void load(tc_report *r, const char *spec)
{
    char err[512], sp[256];
    write_file("t.nl.txt", nl_text);
    write_file("t.en.txt", en_text);
    write_file("SPEC.md", spec);
    snprintf(sp, sizeof sp, "%s/SPEC.md", dir);
    ck_assert_msg(tc_report_load(r, &two_texts, sp, dir, err, sizeof err) == 0, "%s", err);
}

static int status_at(const tc_text *t, const char *start)
{
    for (int i = 0; i < t->nu; i++)
        if (!strncmp(t->buf + t->u[i].off, start, strlen(start))) return t->u[i].status;
    ck_abort_msg("no unit starts with '%s'", start);
    return -1;
}

START_TEST(quotes_cover_sentences_verbatim_with_elisions_and_across_repeats)
{
    tc_report r;
    load(&r, "# Test\n### TT-TURN-PLAY\n- **nl:** \"De speler moet een kaart spelen.\" … \"neemt hij\"\n"
             "- **en:** \"The player must play a card.\" … \"Then he takes\n  a card.\"\n"
             "### TT-AMB-END\n- **nl:** \"Het spel eindigt ... op is.\"\n- **en:** absent\n");
    ck_assert_int_eq(r.nerror, 0);
    const tc_text *nl = &r.text[0], *en = &r.text[1];
    ck_assert_int_eq(status_at(nl, "De speler moet"), TC_CLAUSE);
    ck_assert_int_eq(status_at(nl, "Dan neemt"), TC_CLAUSE);          /* a fragment inside the sentence */
    ck_assert_int_eq(status_at(nl, "Het spel eindigt"), TC_REGISTER);  /* "..." elides the middle */
    ck_assert_int_eq(status_at(nl, "Rood speelt"), TC_UNCOVERED);
    ck_assert_int_eq(status_at(nl, "Spelregels"), TC_UNCOVERED);
    /* the repeated sentence (24 bytes or more) is covered where it stands again */
    int repeats = 0;
    for (int i = 0; i < nl->nu; i++)
        if (!strncmp(nl->buf + nl->u[i].off, "De speler moet", 14)) { repeats++; ck_assert_int_eq(nl->u[i].status, TC_CLAUSE); }
    ck_assert_int_eq(repeats, 2);
    ck_assert_int_eq(status_at(en, "Then he takes"), TC_CLAUSE);      /* a bullet goes on over an indented line */
    ck_assert_int_eq(nl->count[TC_UNCOVERED], 4);
    ck_assert(tc_text_pct(en) < 100.0);
    tc_report_free(&r);
}
END_TEST

START_TEST(a_quote_that_matches_no_sentence_is_an_error_naming_the_clause)
{
    tc_report r;
    load(&r, "### TT-TURN-PLAY\n- **nl:** \"De speler moet twee kaarten spelen.\"\n- **de:** \"Der Spieler\"\n");
    ck_assert_int_eq(r.nerror, 2);
    ck_assert_ptr_nonnull(strstr(r.error[0], "TT-TURN-PLAY"));
    ck_assert_ptr_nonnull(strstr(r.error[0], "matches no sentence of t.nl.txt"));
    ck_assert_ptr_nonnull(strstr(r.error[1], "a text tt does not have"));
    tc_report_free(&r);
}
END_TEST

START_TEST(marks_cover_what_is_not_a_rule_and_must_match_and_give_a_reason)
{
    tc_report r;
    write_file("t.nl.marks", "# comment\n\"Spelregels\" -- heading\n\"Voorbeeld\" -- example heading\n"
                             "\"Rood speelt een vijf.\" -- example\n\"Bestaat niet\" -- no such sentence\n"
                             "\"Alleen in het\" no reason\n");
    load(&r, "### TT-TURN-PLAY\n- **nl:** \"De speler moet een kaart spelen.\"\n");
    const tc_text *nl = &r.text[0];
    ck_assert_int_eq(status_at(nl, "Spelregels"), TC_MARKED);
    ck_assert_int_eq(status_at(nl, "Rood speelt"), TC_MARKED);
    ck_assert_str_eq(nl->mark[nl->u[0].mark].reason, "heading");
    ck_assert_int_eq(r.nerror, 2);
    ck_assert_ptr_nonnull(strstr(r.error[0], "mark \"Bestaat niet\" matches no sentence"));
    ck_assert_ptr_nonnull(strstr(r.error[1], "a mark is `\"fragment\" -- reason`"));
    tc_report_free(&r);
}
END_TEST

START_TEST(a_sentence_quoted_only_by_entries_without_the_other_language_is_a_translation_gap)
{
    tc_report r;
    load(&r, "### TT-TURN-PLAY\n- **nl:** \"De speler moet een kaart spelen.\"\n- **en:** \"The player must play a card.\"\n"
             "### TT-SETUP-TABLE\n- **nl:** \"Alleen in het Nederlands staat deze tabel.\"\n- **en:** absent\n");
    const tc_text *nl = &r.text[0];
    ck_assert_int_eq(nl->gaps, 1);
    for (int i = 0; i < nl->nu; i++)
        ck_assert_int_eq(nl->u[i].gap, !strncmp(nl->buf + nl->u[i].off, "Alleen", 6));
    ck_assert_int_eq(r.text[1].gaps, 0);
    tc_report_free(&r);
}
END_TEST

/* Is `w` one of the space-separated words of `list`? */
static int tu_word_in(const char *list, const char *w)
{
    size_t n = strlen(w);
    for (const char *p = list; (p = strstr(p, w)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == 0 || p[n] == ' ')) return 1;
    return 0;
}

/* The project's own gate: every text of every game is quoted or marked, every quote verbatim. */
START_TEST(every_sentence_of_every_rulebook_is_a_clause_a_register_entry_or_marked)
{
    const char *root = getenv("RF_SRC_ROOT") ? getenv("RF_SRC_ROOT") : ".";
    char spec[512], texts[512], err[512];
    snprintf(spec, sizeof spec, "%s/SPEC.md", root);
    snprintf(texts, sizeof texts, "%s/rules/texts", root);
    const char *only = getenv("RF_TEXTCOV_GAMES");   /* the Makefile's TEXTCOV_GAMES, if given */
    for (int i = 0; game_engines[i]; i++) {
        if (only && *only && !tu_word_in(only, game_engines[i]->name)) continue;
        tc_report r;
        ck_assert_msg(tc_report_load(&r, game_engines[i], spec, texts, err, sizeof err) == 0, "%s", err);
        ck_assert_msg(r.nerror == 0, "%s: %s", game_engines[i]->name, r.nerror ? r.error[0] : "");
        for (int t = 0; t < r.ntext; t++) {
            const tc_text *x = &r.text[t];
            int first = -1;
            for (int u = 0; u < x->nu && first < 0; u++) if (x->u[u].status == TC_UNCOVERED) first = u;
            ck_assert_msg(first < 0, "%s:%d is neither quoted nor marked (%d such units)", x->file,
                          first >= 0 ? x->u[first].line : 0, x->count[TC_UNCOVERED]);
        }
        tc_report_free(&r);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("textcov");
    TCase *tc = tcase_create("units and matching");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, sentences_split_at_stops_before_a_capital_but_not_after_abbreviations_or_list_numbers);
    tcase_add_test(tc, quotes_cover_sentences_verbatim_with_elisions_and_across_repeats);
    tcase_add_test(tc, a_quote_that_matches_no_sentence_is_an_error_naming_the_clause);
    tcase_add_test(tc, marks_cover_what_is_not_a_rule_and_must_match_and_give_a_reason);
    tcase_add_test(tc, a_sentence_quoted_only_by_entries_without_the_other_language_is_a_translation_gap);
    suite_add_tcase(s, tc);
    tc = tcase_create("the rulebooks");
    tcase_add_test(tc, every_sentence_of_every_rulebook_is_a_clause_a_register_entry_or_marked);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
