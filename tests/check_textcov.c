/* check_textcov.c: Check suite for rule-text coverage (coverage/textcov.c): sentence splitting,
 * verbatim quotes with elisions, marks, translation gaps, the register entries' Profiles gate,
 * subject sentences, and the real rulebooks' gate. */
#include <fcntl.h>
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

/* Every quotation in the game's part of SPEC.md, not only the language bullets: prose, profile
 * sub-bullets and tables quote a text verbatim (either text of the game); a source's quote
 * (src:), an "Other editions" bullet, code spans and fences are not the texts'; another game's
 * part is not checked. */
START_TEST(every_quotation_in_the_games_part_of_spec_must_stand_verbatim_in_one_of_its_texts)
{
    tc_report r;
    load(&r, "# Other Game\nIt says \"nowhere in these texts\".\n"
             "# Test Game\n## Test Game: turn\n"
             "Prose quotes \"De speler moet een kaart spelen.\" and \"The game ends\" … \"is empty\".\n"
             "A quote over two lines: \"Dan neemt hij\n  een kaart.\" is fine.\n"
             "| a | \"Rood speelt een vijf.\" |\n"
             "- a word order changed: \"De speler een kaart moet spelen\"\n"
             "- a gloss in quotes: \"as soon as\"\n"
             "- from a review (Sources: src:rev): \"Der Spieler muss\"\n"
             "- **Other editions:** \"Der Spieler darf\"\n"
             "- code: `[Game \"tt\"]`\n"
             "```\n\"in a fence\"\n```\n"
             "| b | \"Rood speelt een zes.\" |\n"
             "- open: \"never closed\n"
             "# Sources\n\"not a game part\"\n");
    ck_assert_int_eq(r.nerror, 4);
    ck_assert_str_eq(r.error[0], "SPEC.md:9: quote \"De speler een kaart moet spelen\" stands in no tt text verbatim "
                                 "(a quote of another book cites its src:, a gloss is not in double quotes)");
    ck_assert_ptr_nonnull(strstr(r.error[1], "SPEC.md:10: quote \"as soon as\""));
    ck_assert_ptr_nonnull(strstr(r.error[2], "SPEC.md:17: quote \"Rood speelt een zes.\""));
    ck_assert_ptr_nonnull(strstr(r.error[3], "SPEC.md:18: a quote opened and never closed"));
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

/* ---- the Profiles gate ---------------------------------------------------------------------- */

/* A game whose engine registers one ambiguity and one variant: nl reads `finish-turn`, en `immediate`. */
static const game_ambiguity gate_amb[] = {
    {"TT-AMB-END", "end", {"finish-turn", "immediate"}},
    {"TT-VAR-SHORT", "short", {"off", "on"}},
};
static const game_profile gate_profiles[] = {{"nl", "t.nl.txt", 0}, {"en", "t.en.txt", 1}};
static const game_engine gate_game = {.name = "tt", .title = "Test Game", .tag = "TT", .amb = gate_amb, .n_amb = 2,
                                      .profiles = gate_profiles, .n_profiles = 2};

/* SPEC.md with TT-AMB-END's heading on line 3 and its Profiles bullet on line 6, followed by
 * `profiles` (its sub-bullets, from line 7), then an entry the engine does not have. */
static void load_gate(tc_report *r, const char *profiles)
{
    char spec[2048], err[512], sp[256];
    snprintf(spec, sizeof spec,
             "# Test\n## Ambiguity register (Test)\n### TT-AMB-END\n"
             "- **nl:** \"Het spel eindigt zodra de stapel op is.\"\n"
             "- **en:** \"The game ends when the pile is empty.\"\n"
             "%s"
             "### TT-AMB-SPEC-ONLY\n- **nl:** \"Dan neemt hij een kaart.\"\n", profiles);
    write_file("t.nl.txt", nl_text);
    write_file("t.en.txt", en_text);
    write_file("SPEC.md", spec);
    snprintf(sp, sizeof sp, "%s/SPEC.md", dir);
    ck_assert_msg(tc_report_load(r, &gate_game, sp, dir, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(r->nerror == 0, "%s", r->nerror ? r->error[0] : "");
}

static const char *const good_nl = "  - nl `finish-turn`: \"Het spel eindigt zodra\" says when, not whether the turn goes on: a gap.\n";
static const char *const good_en = "  - en `immediate`: the game ends at the take, as en says:\n    \"The game ends when\" … \"the pile is empty.\"\n";

/* Format: each profile's sub-bullet names its engine reading and quotes its own text. */
START_TEST(a_register_entry_with_each_profiles_reading_and_a_quote_of_its_own_text_passes_the_gate)
{
    tc_report r;
    char p[1024];
    snprintf(p, sizeof p, "- **Profiles:**\n%s%s", good_nl, good_en);
    load_gate(&r, p);
    ck_assert_msg(r.nperror == 0, "%s", r.nperror ? r.perror[0] : "");   /* TT-VAR-SHORT: a variant, no entry needed */
    ck_assert_int_eq(r.entry[0].prof_line, 6);
    ck_assert_int_eq(r.entry[0].npsub, 2);
    ck_assert_str_eq(r.entry[0].psub[1].reading, "immediate");
    ck_assert_int_eq(r.entry[0].psub[1].line, 8);
    ck_assert_int_eq(tc_check_profiles(&r), 0);
    tc_report_free(&r);
}
END_TEST

START_TEST(a_profile_without_its_sub_bullet_fails_the_gate_at_the_profiles_bullet)
{
    tc_report r;
    char p[1024];
    snprintf(p, sizeof p, "- **Profiles:**\n%s", good_nl);
    load_gate(&r, p);
    ck_assert_int_eq(r.nperror, 1);
    ck_assert_str_eq(r.perror[0], "SPEC.md:6: TT-AMB-END: profile en: no sub-bullet \"  - en `immediate`: \\\"quote\\\" ...\" "
                                  "in the Profiles bullet");
    tc_report_free(&r);
    /* the old one-line form has no sub-bullets: both profiles fail */
    load_gate(&r, "- **Profiles:** nl `finish-turn`, en `immediate` (\"zodra\").\n");
    ck_assert_int_eq(r.nperror, 2);
    ck_assert_str_eq(r.perror[0], "SPEC.md:6: TT-AMB-END: profile nl: no sub-bullet \"  - nl `finish-turn`: \\\"quote\\\" ...\" "
                                  "in the Profiles bullet");
    tc_report_free(&r);
    load_gate(&r, "- **Note:** no Profiles bullet.\n");
    ck_assert_int_eq(r.nperror, 2);
    ck_assert_str_eq(r.perror[1], "SPEC.md:3: TT-AMB-END: profile en: no \"- **Profiles:**\" bullet with a sub-bullet "
                                  "\"  - en `immediate`: \\\"quote\\\" ...\"");
    tc_report_free(&r);
}
END_TEST

START_TEST(a_sub_bullet_naming_another_reading_than_the_engines_profile_fails_the_gate)
{
    tc_report r;
    char p[1024];
    snprintf(p, sizeof p, "- **Profiles:**\n%s  - en `finish-turn`: \"The game ends when\" ...\n", good_nl);
    load_gate(&r, p);
    ck_assert_int_eq(r.nperror, 1);
    ck_assert_str_eq(r.perror[0], "SPEC.md:8: TT-AMB-END: profile en `finish-turn`: wrong reading: the engine's en profile "
                                  "reads `immediate` (rules/tt.c)");
    tc_report_free(&r);
    snprintf(p, sizeof p, "- **Profiles:**\n%s  - en `end=immediate`: \"The game ends when\" ...\n", good_nl);
    load_gate(&r, p);
    ck_assert_int_eq(r.nperror, 1);
    ck_assert_str_eq(r.perror[0], "SPEC.md:8: TT-AMB-END: profile en `end=immediate`: not a reading of end (`finish-turn` | "
                                  "`immediate`): the engine's en profile reads `immediate` (rules/tt.c)");
    tc_report_free(&r);
}
END_TEST

START_TEST(a_sub_bullet_quoting_only_another_profiles_text_fails_the_gate)
{
    tc_report r;
    char p[1024];
    /* the nl quote under the en profile: it stands in t.nl.txt, not in t.en.txt */
    snprintf(p, sizeof p, "- **Profiles:**\n%s  - en `immediate`: like nl \"Het spel eindigt zodra de stapel op is.\"\n", good_nl);
    load_gate(&r, p);
    ck_assert_int_eq(r.nperror, 1);
    ck_assert_str_eq(r.perror[0], "SPEC.md:8: TT-AMB-END: profile en `immediate`: no quote occurs verbatim in t.en.txt "
                                  "(the profile's own text), e.g. \"Het spel eindigt zodra de stapel op is.\"");
    tc_report_free(&r);
    /* one fragment of its own text is enough beside the other text's words */
    snprintf(p, sizeof p, "- **Profiles:**\n%s  - en `immediate`: \"Het spel eindigt zodra\" and \"The game ends\" agree.\n", good_nl);
    load_gate(&r, p);
    ck_assert_int_eq(r.nperror, 0);
    tc_report_free(&r);
}
END_TEST

START_TEST(a_sub_bullet_without_a_quote_fails_the_gate)
{
    tc_report r;
    char p[1024];
    snprintf(p, sizeof p, "- **Profiles:**\n%s  - en `immediate`: en is silent, and `immediate` is what\n    groups play.\n", good_nl);
    load_gate(&r, p);
    ck_assert_int_eq(r.nperror, 1);
    ck_assert_str_eq(r.perror[0], "SPEC.md:8: TT-AMB-END: profile en `immediate`: no double-quoted fragment; quote the "
                                  "words of t.en.txt the reading rests on");
    tc_report_free(&r);
}
END_TEST

START_TEST(a_malformed_or_unknown_sub_bullet_and_an_engine_entry_missing_from_spec_fail_the_gate)
{
    tc_report r;
    char p[1024];
    snprintf(p, sizeof p, "- **Profiles:**\n%s%s  - en: `immediate` \"The game ends\"\n  - fr `immediate`: \"x\"\n", good_nl, good_en);
    load_gate(&r, p);
    ck_assert_int_eq(r.nperror, 2);                                     /* the second en sub-bullet is not read further */
    ck_assert_str_eq(r.perror[0], "SPEC.md:11: TT-AMB-END: profile fr: tt has no such profile (profiles: nl, en)");
    ck_assert_str_eq(r.perror[1], "SPEC.md:10: TT-AMB-END: profile en: a second sub-bullet for the profile");
    tc_report_free(&r);
    snprintf(p, sizeof p, "- **Profiles:**\n%s  - en: `immediate` \"The game ends\"\n", good_nl);
    load_gate(&r, p);
    ck_assert_int_eq(r.nperror, 1);
    ck_assert_str_eq(r.perror[0], "SPEC.md:8: TT-AMB-END: profile en: the sub-bullet does not start \"  - en `immediate`:\"");
    tc_report_free(&r);
    /* the engine's TT-AMB-END with no entry: an error at the register's heading */
    char err[512], sp[256];
    write_file("SPEC.md", "# Test\n## Ambiguity register (Test)\n### TT-AMB-SPEC-ONLY\n- **nl:** \"Dan neemt hij een kaart.\"\n");
    snprintf(sp, sizeof sp, "%s/SPEC.md", dir);
    ck_assert_msg(tc_report_load(&r, &gate_game, sp, dir, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(r.nperror, 1);
    ck_assert_str_eq(r.perror[0], "SPEC.md:2: TT-AMB-END: in the engine's ambiguity table (rules/tt.c, bit 0) but SPEC.md "
                                  "has no register entry \"### TT-AMB-END\"");
    tc_report_free(&r);
}
END_TEST

/* Run `rulefuzz textcov` with args, its standard output and error into out; returns the exit status. */
static int run_textcov(int argc, char **argv, char *out, size_t cap)
{
    char path[300];
    snprintf(path, sizeof path, "%s/stdout.txt", dir);
    fflush(stdout);
    fflush(stderr);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644), saved = dup(1), saved_err = dup(2);
    ck_assert_int_ge(fd, 0);
    dup2(fd, 1);
    dup2(fd, 2);
    close(fd);
    int rc = rf_cmd_textcov(argc, argv);
    fflush(stdout);
    fflush(stderr);
    dup2(saved, 1);
    dup2(saved_err, 2);
    close(saved);
    close(saved_err);
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    size_t n = fread(out, 1, cap - 1, f);
    out[n] = 0;
    fclose(f);
    return rc;
}

static const char *src_root(void) { return getenv("RF_SRC_ROOT") ? getenv("RF_SRC_ROOT") : "."; }

/* A SPEC.md for a real engine: every register ID of its table with a Profiles bullet whose
 * sub-bullets name each profile's reading and quote the text's heading `quote`; entry `bad`
 * names the other reading for the first profile. */
static void write_engine_spec(const game_engine *g, const char *quote, int bad)
{
    static char spec[16384];
    size_t o = (size_t)snprintf(spec, sizeof spec, "# Test\n## Ambiguity register (%s)\n", g->title);
    for (int i = 0; i < g->n_amb; i++) {
        if (!strstr(g->amb[i].id, "-AMB-")) continue;
        o += (size_t)snprintf(spec + o, sizeof spec - o, "### %s\n- **Profiles:**\n", g->amb[i].id);
        for (int j = 0; j < g->n_profiles; j++) {
            unsigned bit = (g->profiles[j].readings >> i) & 1;
            if (i == bad && j == 0) bit ^= 1;
            o += (size_t)snprintf(spec + o, sizeof spec - o, "  - %s `%s`: \"%s\"\n", g->profiles[j].name,
                                  g->amb[i].reading[bit], quote);
        }
    }
    write_file("SPEC.md", spec);
}

START_TEST(the_textcov_command_exits_1_when_a_register_entry_names_a_reading_its_engine_profile_does_not)
{
    const game_engine *kk = game_find("kk");
    ck_assert_ptr_nonnull(kk);
    char sp[256], texts[512], out[16384], want[512];
    snprintf(sp, sizeof sp, "%s/SPEC.md", dir);
    snprintf(texts, sizeof texts, "%s/rules/texts", src_root());
    char *argv[] = {"kk", "--spec", sp, "--texts", texts, "--quiet"};
    int n = 0;
    for (int i = 0; i < kk->n_amb; i++) n += strstr(kk->amb[i].id, "-AMB-") != NULL;
    write_engine_spec(kk, "KLEINE KL\xc3\x84" "FFER", -1);
    ck_assert_int_eq(run_textcov(6, argv, out, sizeof out), 0);
    snprintf(want, sizeof want, "profile decisions: %d register entries of the engine, 1 profile(s), 0 error(s)", n);
    ck_assert_msg(strstr(out, want), "%.400s", out);
    /* entry 2 (heading on line 9) names the other reading on its sub-bullet, line 11 */
    write_engine_spec(kk, "KLEINE KL\xc3\x84" "FFER", 2);
    ck_assert_int_eq(run_textcov(6, argv, out, sizeof out), 1);
    unsigned bit = (kk->profiles[0].readings >> 2) & 1;
    snprintf(want, sizeof want, "error: SPEC.md:11: %s: profile de `%s`: wrong reading: the engine's de profile reads `%s` "
                                "(rules/kk.c)", kk->amb[2].id, kk->amb[2].reading[bit ^ 1], kk->amb[2].reading[bit]);
    ck_assert_msg(strstr(out, want), "%.400s", out);
}
END_TEST

/* ---- subject sentences --------------------------------------------------------------------- */

static const game_profile one_profile[] = {{"nl", "s.nl.txt", 0}};
static const game_engine one_text = {.name = "ss", .title = "Subject Game", .tag = "SS", .profiles = one_profile, .n_profiles = 1};

static int word_index(const tc_subjects *s, const char *w)
{
    for (int k = 0; k < s->nword; k++) if (!strcmp(s->word[k], w)) return k;
    return -1;
}

START_TEST(subject_sentences_share_the_quotes_uncommon_content_words_most_first_leaving_out_the_quoted_one)
{
    char text[8192], err[512], sp[256];
    size_t o = (size_t)snprintf(text, sizeof text,
        "Stallen\n\nWie de kaart met de dolle hengst neemt, moeten hem in een eigen paardenstal leggen.\n"
        "Een paardenstal met bonje kan alleen een dolle hengst oplossen.\nEen dolle hengst telt niet als dier.\n"
        "Twee hengsten vechten.\nAlle spelers moeten wachten.\n");
    for (int i = 0; i < 10; i++) o += (size_t)snprintf(text + o, sizeof text - o, "De kaart ligt open.\n");
    for (int i = 0; i < 20; i++) o += (size_t)snprintf(text + o, sizeof text - o, "Zo gaat het spel verder.\n");
    write_file("s.nl.txt", text);
    write_file("SPEC.md", "### SS-AMB-WILD\n- **nl:** \"Wie de kaart met de dolle hengst neemt, moeten hem in een eigen "
                          "paardenstal leggen.\"\n- **Profiles:**\n  - nl `any`: \"Een dolle hengst telt niet\" limits it.\n");
    snprintf(sp, sizeof sp, "%s/SPEC.md", dir);
    tc_report r;
    ck_assert_msg(tc_report_load(&r, &one_text, sp, dir, err, sizeof err) == 0, "%s", err);
    tc_subjects s;
    ck_assert_int_eq(tc_subjects_of(&r, 0, 0, &s), 0);
    /* "moeten" a stopword, "wie" "met" "hem" "een" shorter than 4 letters */
    ck_assert_int_eq(s.nword, 7);
    ck_assert_int_eq(word_index(&s, "kaart"), 0);
    ck_assert_int_eq(word_index(&s, "moeten"), -1);
    ck_assert_int_eq(s.common[word_index(&s, "kaart")], 1);            /* in 11 of 36 units */
    ck_assert_int_eq(s.shared[word_index(&s, "paardenstal")], 1);
    ck_assert_int_eq(s.shared[word_index(&s, "eigen")], 0);
    ck_assert_int_eq(s.n, 3);
    ck_assert_int_eq(s.more, 0);
    const tc_text *t = &r.text[0];
    ck_assert_int_eq(t->u[s.s[0].unit].line, 4);                       /* dolle, hengst, paardenstal */
    ck_assert_int_eq(s.s[0].shared, 3);
    ck_assert_int_eq(t->u[s.s[1].unit].line, 5);
    ck_assert_int_eq(s.s[1].cited, 1);                                  /* the Profiles bullet quotes it */
    ck_assert_int_eq(s.s[0].cited, 0);
    ck_assert_int_eq(t->u[s.s[2].unit].line, 6);                       /* "hengsten": "hengst" with two more letters */
    ck_assert(s.s[2].words == (uint64_t)1 << word_index(&s, "hengst"));
    tc_report_free(&r);
}
END_TEST

/* Load the real texts of game `name` with a SPEC.md holding only `spec` (the real SPEC.md is
 * edited under us; the texts are not). */
static void load_real(tc_report *r, const char *name, const char *spec)
{
    char sp[256], texts[512], err[512];
    write_file("SPEC.md", spec);
    snprintf(sp, sizeof sp, "%s/SPEC.md", dir);
    snprintf(texts, sizeof texts, "%s/rules/texts", src_root());
    ck_assert_msg(tc_report_load(r, game_find(name), sp, texts, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(r->nerror == 0, "%s", r->nerror ? r->error[0] : "");
}

/* The subject sentence of text ti that starts with `start`, or -1. */
static int subject_at(const tc_report *r, const tc_subjects *s, int ti, const char *start)
{
    const tc_text *t = &r->text[ti];
    for (int k = 0; k < s->n; k++)
        if (!strncmp(t->buf + t->u[s->s[k].unit].off, start, strlen(start))) return k;
    return -1;
}

static const char *const wild_own_spec =
    "### BIDS-AMB-WILD-OWN\n"
    "- **nl:** \"of hij mag de dolle hengst in zijn eigen stal leggen (om zo bonje in zijn stal op te lossen).\"\n"
    "- **fr:** \"ou le d\xc3\xa9poser dans sa propre \xc3\xa9" "curie (pour ainsi r\xc3\xa9soudre une bagarre ayant lieu dans cette "
    "\xc3\xa9" "curie).\"\n";

/* BIDS-AMB-WILD-OWN: the brawl sentence limits what "zijn eigen stal" can mean. */
START_TEST(bids_wild_own_subject_sentences_show_the_brawl_sentence_beside_the_entry)
{
    tc_report r;
    load_real(&r, "bids", wild_own_spec);
    ck_assert_str_eq(r.text[0].lang, "nl");
    tc_subjects s;
    ck_assert_int_eq(tc_subjects_of(&r, 0, 0, &s), 0);
    int k = subject_at(&r, &s, 0, "Een speler kan deze situatie uitsluitend oplossen met behulp van een transportwagen, "
                                  "dolle hengst (paardenstal) of gekke koe (koeienstal).");
    ck_assert_int_ge(k, 0);
    ck_assert_int_eq(r.text[0].u[s.s[k].unit].line, 111);
    ck_assert(s.s[k].words >> word_index(&s, "dolle") & 1);
    ck_assert(s.s[k].words >> word_index(&s, "hengst") & 1);
    ck_assert_int_eq(subject_at(&r, &s, 0, "Een speler die een dolle hengst neemt"), -1);   /* quoted by the entry */
    ck_assert_int_le(s.n, TC_SUBJ_MAX);
    tc_report_free(&r);
    /* the command prints it, and writes it to the JSON report */
    char sp[256], texts[512], js[300], out[65536];
    snprintf(sp, sizeof sp, "%s/SPEC.md", dir);
    snprintf(texts, sizeof texts, "%s/rules/texts", src_root());
    snprintf(js, sizeof js, "%s/tc.json", dir);
    char *argv[] = {"bids", "--spec", sp, "--texts", texts, "--subjects", "BIDS-AMB-WILD", "--json-file", js};
    ck_assert_int_eq(run_textcov(9, argv, out, sizeof out), 1);         /* the other engine entries are missing */
    ck_assert_msg(strstr(out, "\nBIDS-AMB-WILD-OWN (SPEC.md:1)\n"), "%.400s", out);
    ck_assert_msg(strstr(out, "bonje-in-de-stal.nl.txt:111 [dolle hengst] Een speler kan deze situatie uitsluitend"), "%.400s", out);
    FILE *f = fopen(js, "r");
    ck_assert_ptr_nonnull(f);
    size_t n = fread(out, 1, sizeof out - 1, f);
    out[n] = 0;
    fclose(f);
    ck_assert_ptr_nonnull(strstr(out, "{\"id\":\"BIDS-AMB-WILD-OWN\",\"line\":1,\"subjects\":[{\"lang\":\"nl\""));
    ck_assert_ptr_nonnull(strstr(out, "{\"line\":111,\"shared\":[\"dolle\",\"hengst\"],\"cited\":false,\"text\":\"Een speler kan"));
    char *argv2[] = {"bids", "--spec", sp, "--texts", texts, "--subjects", "BIDS-AMB-NONE"};
    ck_assert_int_eq(run_textcov(7, argv2, out, sizeof out), 2);
    ck_assert_msg(strstr(out, "--subjects BIDS-AMB-NONE: no register entry of the game(s) has that ID"), "%.400s", out);
}
END_TEST

/* HDZ-AMB-MILK-TIE: the milk tie sits beside the tie rule of the B scoring ("gelijke stand"). */
START_TEST(hdz_milk_tie_subject_sentences_show_the_other_tie_rule)
{
    tc_report r;
    load_real(&r, "hdz", "### HDZ-AMB-MILK-TIE\n"
                         "- **nl:** \"Bij een gelijke stand ontvangen de beide spelers de som van deze punten.\"\n"
                         "- **en:** \"In case of a tie, each receives his share of the corresponding points.\"\n");
    tc_subjects s;
    ck_assert_int_eq(tc_subjects_of(&r, 0, 0, &s), 0);
    int k = subject_at(&r, &s, 0, "Bij een gelijke stand wint de speler die de meeste kaarten in deze soort heeft neergelegd");
    ck_assert_int_ge(k, 0);
    ck_assert_int_eq(s.s[k].shared, 2);                                  /* gelijke, stand */
    ck_assert_int_eq(s.common[word_index(&s, "spelers")], 1);
    ck_assert_int_eq(tc_subjects_of(&r, 0, 1, &s), 0);                  /* en: "In case of a tie, the player having more" */
    ck_assert_int_ge(subject_at(&r, &s, 1, "In case of a tie, the player having more cards"), 0);
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
    tcase_add_test(tc, every_quotation_in_the_games_part_of_spec_must_stand_verbatim_in_one_of_its_texts);
    tcase_add_test(tc, marks_cover_what_is_not_a_rule_and_must_match_and_give_a_reason);
    tcase_add_test(tc, a_sentence_quoted_only_by_entries_without_the_other_language_is_a_translation_gap);
    suite_add_tcase(s, tc);
    tc = tcase_create("profile decisions");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, a_register_entry_with_each_profiles_reading_and_a_quote_of_its_own_text_passes_the_gate);
    tcase_add_test(tc, a_profile_without_its_sub_bullet_fails_the_gate_at_the_profiles_bullet);
    tcase_add_test(tc, a_sub_bullet_naming_another_reading_than_the_engines_profile_fails_the_gate);
    tcase_add_test(tc, a_sub_bullet_quoting_only_another_profiles_text_fails_the_gate);
    tcase_add_test(tc, a_sub_bullet_without_a_quote_fails_the_gate);
    tcase_add_test(tc, a_malformed_or_unknown_sub_bullet_and_an_engine_entry_missing_from_spec_fail_the_gate);
    tcase_add_test(tc, the_textcov_command_exits_1_when_a_register_entry_names_a_reading_its_engine_profile_does_not);
    suite_add_tcase(s, tc);
    tc = tcase_create("subject sentences");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, subject_sentences_share_the_quotes_uncommon_content_words_most_first_leaving_out_the_quoted_one);
    tcase_add_test(tc, bids_wild_own_subject_sentences_show_the_brawl_sentence_beside_the_entry);
    tcase_add_test(tc, hdz_milk_tie_subject_sentences_show_the_other_tie_rule);
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
