/* check_align.c: Check suite for `rulefuzz align` (coverage/align.c): the sentence alignment of
 * constructed texts (a dropped sentence, a split sentence, a reordered list), each feature of each
 * language's lexicon on minimal pairs, the lexicons' and align-marks' errors, the gate, and the
 * real texts' gate and recall. */
#include <stdlib.h>
#include <unistd.h>
#include "testutil.h"
#include "../coverage/align.h"

static char dir[] = "/tmp/rf-align-XXXXXX";

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
    strcpy(dir, "/tmp/rf-align-XXXXXX");
}

static const char *root(void) { return getenv("RF_SRC_ROOT") ? getenv("RF_SRC_ROOT") : "."; }

/* The project's lexicons. */
static void lexdir(char *out, size_t n) { snprintf(out, n, "%s/rules/texts", root()); }

/* A game with two texts (nl, en) in the scratch folder: only names, tag and profiles matter. */
static const game_profile two_profiles[] = {{"nl", "t.nl.txt", 0}, {"en", "t.en.txt", 0}};
static const game_engine two_texts = {.name = "tt", .title = "Test Game", .tag = "TT",
                                      .profiles = two_profiles, .n_profiles = 2};

/* Load texts nl and en with spec (and align-marks when given) into a. 0, or -1 with err. */
static int load(al_run *a, const char *nl, const char *en, const char *spec, const char *marks, char *err, size_t n)
{
    char sp[256], lx[512], mp[256];
    write_file("t.nl.txt", nl);
    write_file("t.en.txt", en);
    write_file("SPEC.md", spec ? spec : "# Test Game\n");
    if (marks) write_file("tt.align-marks", marks);
    snprintf(sp, sizeof sp, "%s/SPEC.md", dir);
    snprintf(mp, sizeof mp, "%s/tt.align-marks", dir);
    lexdir(lx, sizeof lx);
    al_opts o = {sp, dir, lx, mp};
    return al_load(a, &two_texts, "nl", "en", &o, err, n);
}

/* The beads as "kind:lineA/lineB" ("2-1:3+3/3"), one string. */
static void beads_of(const al_run *a, char *out, size_t n)
{
    size_t o = 0;
    out[0] = 0;
    for (int i = 0; i < a->nbead && o + 40 < n; i++) {
        const al_bead *b = &a->bead[i];
        o += (size_t)snprintf(out + o, n - o, "%s%d-%d:", i ? " " : "", b->na, b->nb);
        for (int k = 0; k < b->na; k++) o += (size_t)snprintf(out + o, n - o, "%s%d", k ? "+" : "", a->t[0]->u[b->a[k]].line);
        o += (size_t)snprintf(out + o, n - o, "/");
        for (int k = 0; k < b->nb; k++) o += (size_t)snprintf(out + o, n - o, "%s%d", k ? "+" : "", a->t[1]->u[b->b[k]].line);
    }
}

START_TEST(a_dropped_sentence_stands_alone_and_the_rest_stay_paired)
{
    al_run a;
    char err[512], got[1024];
    ck_assert_msg(load(&a, "Spelregels\nDe speler trekt 2 kaarten van de stapel.\nDe jongste speler begint het spel en daarna komen de spelers een voor een aan de beurt, met de wijzers van de klok mee.\n"
                           "Een hond levert geen punten op voor de meerderheid in een soort.\nHet spel eindigt na 12 rondes.\n",
                       "Rules\nThe player draws 2 cards from the pile.\n"
                       "A dog brings no points for the majority in a type.\nThe game ends after 12 rounds.\n", NULL, NULL, err, sizeof err) == 0,
                  "%s", err);
    beads_of(&a, got, sizeof got);
    ck_assert_str_eq(got, "1-1:1/1 1-1:2/2 1-0:3/ 1-1:4/3 1-1:5/4");
    ck_assert_int_eq(a.counts[4], 1);
    al_free(&a);
}
END_TEST

START_TEST(a_sentence_split_in_two_is_one_bead_of_one_and_two)
{
    al_run a;
    char err[512], got[1024];
    ck_assert_msg(load(&a, "Spelregels\nDe speler trekt 2 kaarten van de stapel en legt daarna 1 kaart open op de tafel voor zich neer.\n"
                           "Het spel eindigt na 12 rondes.\n",
                       "Rules\nThe player draws 2 cards from the pile.\nThen he lays 1 card face up on the table.\n"
                       "The game ends after 12 rounds.\n", NULL, NULL, err, sizeof err) == 0, "%s", err);
    beads_of(&a, got, sizeof got);
    ck_assert_str_eq(got, "1-1:1/1 1-2:2/2+3 1-1:3/4");
    al_free(&a);
}
END_TEST

START_TEST(a_reordered_list_pairs_each_item_with_the_item_of_the_same_number)
{
    al_run a;
    char err[512], got[1024];
    ck_assert_msg(load(&a, "Spelmateriaal:\n- 15 honden\n- 90 geitenkaarten\n- 16 melkkaarten\nDe jongste speler begint.\n",
                       "Contents:\n- 90 goat cards\n- 16 milk cards\n- 15 dogs\nThe youngest player starts.\n", NULL, NULL, err, sizeof err) == 0,
                  "%s", err);
    beads_of(&a, got, sizeof got);
    ck_assert_str_eq(got, "1-1:1/1 1-1:2/4 1-1:3/2 1-1:4/3 1-1:5/5");
    for (int i = 0; i < a.nbead; i++) ck_assert_msg(!a.bead[i].flagged, "bead %d flagged", i);
    al_free(&a);
}
END_TEST

START_TEST(the_length_alignment_alone_follows_gale_and_church)
{
    /* lengths only, no anchors: B splits A's second sentence in two */
    const double la[] = {60, 120, 80, 45}, lb[] = {62, 55, 63, 79, 44};
    al_bead out[16];
    int n = al_align(la, 4, lb, 5, NULL, NULL, out, 16);
    ck_assert_int_eq(n, 4);
    ck_assert_int_eq(out[0].na * 10 + out[0].nb, 11);
    ck_assert_int_eq(out[1].na * 10 + out[1].nb, 12);
    ck_assert_int_eq(out[1].b[0], 1);
    ck_assert_int_eq(out[1].b[1], 2);
    ck_assert_int_eq(out[2].na * 10 + out[2].nb, 11);
    ck_assert_int_eq(out[3].na * 10 + out[3].nb, 11);
    /* a short cap is refused */
    ck_assert_int_eq(al_align(la, 4, lb, 5, NULL, NULL, out, 2), -1);
}
END_TEST

/* The differences of two sentences, each read with its language's lexicon: "key/side ..." */
static void diff_of(const char *la, const char *sa, const char *lb, const char *sb, char *out, size_t n)
{
    al_keys k = {0};
    al_lexicon lx[2];
    char path[600], err[600];
    const char *lang[2] = {la, lb}, *s[2] = {sa, sb};
    tc_text t[2];
    al_feats f[2] = {{0}, {0}};
    for (int i = 0; i < 2; i++) {
        lexdir(path, sizeof path);
        size_t l = strlen(path);
        snprintf(path + l, sizeof path - l, "/lexicon.%s.txt", lang[i]);
        ck_assert_msg(al_lexicon_load(&lx[i], &k, path, lang[i], err, sizeof err) == 0, "%s", err);
        memset(&t[i], 0, sizeof t[i]);
        t[i].buf = strdup(s[i]);
        t[i].len = strlen(s[i]);
        ck_assert_int_eq(tc_split(&t[i]), 0);
        int *all = malloc(sizeof *all * (size_t)t[i].nu);
        for (int u = 0; u < t[i].nu; u++) all[u] = u;
        ck_assert_int_eq(al_features(&lx[i], &k, &t[i], all, t[i].nu, &f[i]), 0);
        free(all);
    }
    al_diff d[AL_MAX_DIFFS];
    int nd = al_compare(&k, &f[0], &f[1], d, AL_MAX_DIFFS);
    size_t o = 0;
    out[0] = 0;
    for (int i = 0; i < nd && o + 60 < n; i++) o += (size_t)snprintf(out + o, n - o, "%s%s/%c", i ? " " : "", k.name[d[i].key], d[i].side ? 'B' : 'A');
    for (int i = 0; i < 2; i++) {
        al_feats_free(&f[i]); al_lexicon_free(&lx[i]);
        free(t[i].buf); free(t[i].u); free(t[i].norm); free(t[i].norm_off); free(t[i].unit_of);
    }
    al_keys_free(&k);
}

#define DIFF(la, a, lb, b, want) do { char got_[512]; diff_of(la, a, lb, b, got_, sizeof got_); \
    ck_assert_msg(!strcmp(got_, want), "%s \"%s\" / %s \"%s\": got \"%s\", want \"%s\"", la, a, lb, b, got_, want); } while (0)

START_TEST(modality_differs_on_minimal_pairs_in_every_language)
{
    DIFF("nl", "De speler mag een kaart nemen.", "nl", "De speler moet een kaart nemen.", "must/B may/A");
    DIFF("nl", "Hij hoeft niet te wachten.", "nl", "Hij mag niet wachten.", "need-not/A must-not/B");
    DIFF("nl", "Hij mag de kaarten niet verplaatsen.", "en", "He may not move the cards.", "");
    DIFF("nl", "Hij hoeft niet op de anderen te wachten.", "fr", "Il ne doit pas attendre les autres.", "need-not/A must-not/B");
    DIFF("fr", "Le joueur doit attendre.", "fr", "Le joueur ne doit pas attendre.", "must/A must-not/B not/B");
    DIFF("fr", "Le joueur peut attendre.", "nl", "De speler mag wachten.", "");
    DIFF("de", "Der Spieler darf eine Karte nehmen.", "de", "Der Spieler muss eine Karte nehmen.", "must/B may/A");
    DIFF("en", "The player may take a card.", "en", "The player must take a card.", "must/B may/A");
    DIFF("de", "Er darf keine Karte nehmen.", "en", "He must not take a card.", "");   /* none and not: the same */
    DIFF("de", "Er darf keine Karte nehmen.", "en", "He may take a card.", "may/B must-not/A none/A");
}
END_TEST

START_TEST(quantity_negation_order_numbers_and_components_differ_on_minimal_pairs)
{
    DIFF("en", "Each player takes the card.", "en", "One player takes the card.", "each/A n:1/B");
    DIFF("nl", "Iedere speler neemt een kaart.", "en", "Each player takes a card.", "");
    DIFF("nl", "Alle spelers nemen ten minste 2 kaarten.", "fr", "Tous les joueurs prennent au plus 2 cartes.", "at-least/A at-most/B");
    DIFF("fr", "Seul le joueur A joue.", "nl", "Alleen speler A speelt.", "");
    DIFF("nl", "Er zijn geen kaarten.", "en", "There are cards.", "none/A");
    DIFF("de", "Er nimmt die Karte nicht.", "de", "Er nimmt die Karte.", "not/A");
    DIFF("nl", "Hij legt de kaart onmiddellijk neer.", "en", "He then lays the card down.", "then/B at-once/A");
    DIFF("en", "Before the turn he draws.", "en", "After the turn he draws.", "before/A after/B");
    DIFF("nl", "De speler trekt 2 kaarten.", "en", "The player draws 3 cards.", "n:2/A n:3/B");
    DIFF("nl", "De speler trekt 2 kaarten.", "en", "The player draws two goats.", "n:2>c:card/A n:2>c:goat/B c:card/A c:goat/B");
    DIFF("nl", "Hij legt de hond in de stal.", "en", "He puts the goat in the stable.", "c:goat/B c:dog/A");
    DIFF("nl", "Hij legt de hond in de stal.", "en", "He puts it in the stable.", "");
    DIFF("nl", "De helft, afgerond naar beneden.", "en", "Half, rounded up.", "at-least/B at-most/A");
}
END_TEST

/* The context rules and normalisations (docs/align.md, "Context and normalisation"), each on a
 * minimal pair that it settles and one it leaves flagged: language A, sentence A, language B,
 * sentence B, the differences. */
static const char *const context_pairs[][5] = {
    /* may and can, each and all, not and none say the same thing; must against may still differs */
        {"en", "The player may take a card.", "en", "The player can take a card.", ""},
        {"nl", "Hij kan deze kaart in de doos leggen.", "en", "He may put it in the box.", ""},
        {"nl", "Iedere speler neemt een kaart.", "en", "All players take a card.", ""},
        {"nl", "Honden leveren geen punten op.", "en", "Dogs do not bring points.", ""},
        {"nl", "Iedere speler neemt een kaart.", "en", "Any player takes a card.", "each/A any/B"},
    /* a "..." phrase reaches eight words within a clause, and no further than a clause break */
        {"nl", "Een speler mag dieren in zijn stallen tijdens het spel niet meer verplaatsen.", "en", "A player may not move animals in his stables during the game.", ""},
        {"nl", "Hij mag de kaart nemen, niet de hond.", "nl", "Hij mag de kaart niet nemen.", "may/A must-not/B"},
    /* a modality inside a subordinate clause is weak; in the main clause it differs */
        {"nl", "De speler die een kaart kan nemen, wint.", "en", "The player taking a card wins.", ""},
        {"nl", "De speler kan een kaart nemen.", "en", "The player takes a card.", "can/A"},
        {"en", "If it is there, a goat can be used.", "nl", "Als hij er is, legt hij een geit.", "can/A"},
    /* a relative pronoun as the sentence's first word is a demonstrative: its clause keeps its modality */
        {"nl", "Die speler mag een kaart nemen.", "nl", "Die speler neemt een kaart.", "may/A"},
        {"en", "That player may take a card.", "en", "That player takes a card.", "may/A"},
    /* idioms read as no feature */
        {"nl", "Zij bouwen niet alleen stallen, zij hinderen ook de anderen.", "fr", "Ils agrandissent leurs étables et gênent les autres.", ""},
        {"nl", "Dit kan gebeuren aan het einde.", "en", "This is possible at the end.", ""},
        {"nl", "De spelers komen één voor één aan de beurt.", "en", "The players take turns.", ""},
    /* a single one is the number one, not "only" */
        {"fr", "Chaque joueur joue d'une seule main.", "nl", "Iedere speler speelt met 1 hand.", ""},
        {"fr", "Chaque joueur joue d'une seule main.", "nl", "Iedere speler speelt met 2 handen.", "n:1/A n:2/B"},
    /* weak readings meet the other text and never differ alone: "dan" after a condition, "steeds",
     * "vóór" in front of, the article "a" as one, a compound's modifier */
        {"nl", "Zijn er meer winnaars, dan krijgt ieder een stal.", "fr", "S'il y a plusieurs gagnants, chacun reçoit une étable.", ""},
        {"nl", "Hij legt de kaart daarna neer.", "en", "He lays the card down.", "then/A"},
        {"nl", "De spelers draaien steeds 1 kaart om.", "fr", "Les joueurs retournent à chaque manche une carte.", ""},
        {"nl", "Iedere speler kiest een stal van één kleur.", "en", "Each player chooses a stable.", ""},
        {"nl", "Iedere speler kiest twee stallen.", "en", "Each player chooses a stable.", "n:2/A"},
        {"nl", "Hij neemt een geitenkaart.", "en", "He takes a card.", ""},
        {"nl", "Vóór de speler ligt een kaart.", "en", "A card lies in front of the player.", ""},
        {"nl", "Vóór de beurt trekt hij een kaart.", "en", "After the turn he draws a card.", "after/B"},
    /* an editor's insertion in square brackets is weak */
        {"en", "He takes the fifth card [of this type].", "nl", "Hij neemt de vijfde kaart van de weide.", ""},
        {"en", "He takes the fifth card of this type.", "nl", "Hij neemt de vijfde kaart van de weide.", "c:meadow/B c:species/A"},
    /* a condition meets a must; "must A or may B" offers no permission of its own */
        {"nl", "De ruil mag, op voorwaarde dat de medespeler akkoord is.", "en", "The swap may occur; the opponent must agree.", ""},
        {"nl", "Hij moet de koe bij een ander leggen of hij mag de koe in zijn eigen stal leggen.", "fr", "Il doit déposer la vache chez un autre ou la déposer dans sa propre étable.", ""},
};

START_TEST(context_rules_and_normalisation_settle_paraphrases_and_keep_differences)
{
    for (size_t i = 0; i < sizeof context_pairs / sizeof context_pairs[0]; i++)
        DIFF(context_pairs[i][0], context_pairs[i][1], context_pairs[i][2], context_pairs[i][3], context_pairs[i][4]);
}
END_TEST

/* A bead whose sides share no number, component or word while one has a number is split: a title
 * page's publisher against a web page's header is no pair. */
START_TEST(an_unrelated_pair_with_a_number_is_split_into_two_lone_sentences)
{
    /* the en title line against nl's publisher; then the same line sharing a word, which stays a pair */
    const char *en_title[2] = {"English Translation", "Amigo Translation"};
    const char *want[2] = {"1-1:1/1 1-0:2/ 0-1:/2 1-1:3/3 1-1:4/4", "1-1:1/1 1-1:2/2 1-1:3/3 1-1:4/4"};
    for (int k = 0; k < 2; k++) {
        al_run a;
        char err[512], got[1024], en[256];
        snprintf(en, sizeof en, "Rules\n%s\nThe player draws 2 cards from the pile.\nThe game ends after 12 rounds.\n", en_title[k]);
        ck_assert_msg(load(&a, "Spelregels\nUitgeverij Amigo, 2008\nDe speler trekt 2 kaarten van de stapel.\nHet spel eindigt na 12 rondes.\n",
                           en, NULL, NULL, err, sizeof err) == 0, "%s", err);
        beads_of(&a, got, sizeof got);
        ck_assert_str_eq(got, want[k]);
        al_free(&a);
    }
}
END_TEST

START_TEST(a_lexicon_with_a_malformed_line_is_refused_with_its_line)
{
    al_keys k = {0};
    al_lexicon lx;
    char err[600], path[300];
    snprintf(path, sizeof path, "%s/lexicon.xx.txt", dir);
    write_file("lexicon.xx.txt", "# a comment\nmust\tmoet\nmust moet\n");
    ck_assert_int_eq(al_lexicon_load(&lx, &k, path, "xx", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "lexicon.xx.txt:3: a lexicon line is `feature<TAB>word or phrase`"), "%s", err);
    write_file("lexicon.xx.txt", "shall\tzal\n");
    ck_assert_int_eq(al_lexicon_load(&lx, &k, path, "xx", err, sizeof err), -1);
    ck_assert_msg(strstr(err, ":1: unknown feature 'shall'"), "%s", err);
    write_file("lexicon.xx.txt", "must\t... moet\n");
    ck_assert_int_eq(al_lexicon_load(&lx, &k, path, "xx", err, sizeof err), -1);
    ck_assert_msg(strstr(err, ":1: a phrase cannot start with a gap"), "%s", err);
    write_file("lexicon.xx.txt", "n:x\ttwee\n");
    ck_assert_int_eq(al_lexicon_load(&lx, &k, path, "xx", err, sizeof err), -1);
    ck_assert_msg(strstr(err, ":1: unknown feature 'n:x'"), "%s", err);
    write_file("lexicon.xx.txt", "sub?\tdie\n");
    ck_assert_int_eq(al_lexicon_load(&lx, &k, path, "xx", err, sizeof err), -1);
    ck_assert_msg(strstr(err, ":1: unknown feature 'sub?'"), "%s", err);
    write_file("lexicon.xx.txt", "must+not?\tmoet niet\nc:dog\thond*\n-\tone s\nrel\tdie\nat-once+sub\tzodra\n");
    ck_assert_msg(al_lexicon_load(&lx, &k, path, "xx", err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(lx.n, 5);
    ck_assert_int_eq(lx.e[3].nk, 0);
    ck_assert_int_eq(lx.e[3].sub, 2);
    ck_assert_int_eq(lx.e[4].nk, 1);
    ck_assert_int_eq(lx.e[4].sub, 1);
    ck_assert_int_eq(lx.e[0].nk, 2);
    ck_assert_int_eq(lx.e[0].weak[1], 1);
    ck_assert_int_eq(lx.e[2].nk, 0);
    al_lexicon_free(&lx);
    snprintf(path, sizeof path, "%s/nosuch.txt", dir);
    ck_assert_int_eq(al_lexicon_load(&lx, &k, path, "xx", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "nosuch.txt: cannot read the xx lexicon"), "%s", err);
    al_keys_free(&k);
    /* each project lexicon loads */
    const char *langs[] = {"nl", "en", "fr", "de"};
    for (int i = 0; i < 4; i++) {
        char p[600];
        lexdir(p, sizeof p);
        size_t l = strlen(p);
        snprintf(p + l, sizeof p - l, "/lexicon.%s.txt", langs[i]);
        ck_assert_msg(al_lexicon_load(&lx, &k, p, langs[i], err, sizeof err) == 0, "%s", err);
        al_lexicon_free(&lx);
    }
    al_keys_free(&k);
}
END_TEST

static const char *const gate_nl = "Spelregels\nDe speler mag een kaart nemen.\nHet spel eindigt na 12 rondes.\n";
static const char *const gate_en = "Rules\nThe player must take a card.\nThe game ends after 12 rounds.\n";

/* The library's gate over the scratch test game (not in game_engines, so not the command's). */
START_TEST(the_gate_fails_on_an_uncovered_flagged_pair_and_passes_once_it_is_covered)
{
    al_run a;
    char err[512];
    ck_assert_msg(load(&a, gate_nl, gate_en, NULL, NULL, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(al_uncovered(&a), 1);
    int flagged = -1;
    for (int i = 0; i < a.nbead; i++) if (a.bead[i].flagged) flagged = i;
    ck_assert_int_ge(flagged, 0);
    ck_assert_int_eq(a.bead[flagged].cover, AL_NOT_REGISTERED);
    al_free(&a);
    /* a register entry quoting both sentences covers it */
    ck_assert_msg(load(&a, gate_nl, gate_en, "# Test Game\n\n### TT-AMB-TAKE\n- **nl:** \"De speler mag een kaart nemen.\"\n"
                                             "- **en:** \"The player must take a card.\"\n", NULL, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(al_uncovered(&a), 0);
    ck_assert_int_eq(a.bead[flagged].cover, AL_REGISTER);
    ck_assert_str_eq(a.bead[flagged].by, "TT-AMB-TAKE");
    al_free(&a);
    /* a clause that quotes both sentences covers the pair only when its text gives the reason: it
     * names every difference, the word in double quotes or the feature's name in backticks */
    const char *clause_body[] = {
        "- **Statement:** a player takes a card.\n",                                     /* quotes alone */
        "- **Decided:** nl's \"mag\" is the rule.\n",                                   /* one of the two */
        "- **Decided:** `MAY` and `MUST` are the same here.\n",                          /* a code name: case counts */
        "- **Decided:** nl's \"mag\" and en's \"must\" say the same here.\n",            /* both words */
        "- **Decided:** `may` (nl) against `must` (en): the same rule here.\n"};         /* both names */
    for (int k = 0; k < 5; k++) {
        char spec[600];
        snprintf(spec, sizeof spec, "# Test Game\n\n### TT-TAKE\n- **nl:** \"De speler mag een kaart nemen.\"\n"
                 "- **en:** \"The player must take a card.\"\n%s", clause_body[k]);
        ck_assert_msg(load(&a, gate_nl, gate_en, spec, NULL, err, sizeof err) == 0, "%s", err);
        ck_assert_msg(a.bead[flagged].cover == (k < 3 ? AL_NOT_REGISTERED : AL_CLAUSE), "clause text %d: cover %d", k, a.bead[flagged].cover);
        ck_assert_int_eq(al_uncovered(&a), k < 3 ? 1 : 0);
        al_free(&a);
    }
    /* so does an align-mark; a mark's fragment that stands nowhere is an error */
    ck_assert_msg(load(&a, gate_nl, gate_en, NULL, "# reasons\n\"De speler mag\" | \"The player must\" -- UNREGISTERED: may against must\n"
                                                   "\"no such words\" | \"\" -- stale\n", err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(al_uncovered(&a), 0);
    ck_assert_int_eq(a.bead[flagged].cover, AL_ALIGN_MARK);
    ck_assert_str_eq(a.bead[flagged].by, "UNREGISTERED: may against must");
    ck_assert_int_eq(a.nerror, 1);
    ck_assert_msg(strstr(a.error[0], "tt.align-marks:3: align-mark \"no such words\" matches no sentence"), "%s", a.error[0]);
    al_free(&a);
    /* a malformed align-mark line is refused with its line */
    ck_assert_int_eq(load(&a, gate_nl, gate_en, NULL, "\"De speler mag\" -- no second fragment\n", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "tt.align-marks:1: an align-mark is `\"fragment of sentence A\" | \"fragment of sentence B\" -- reason`"), "%s", err);
    al_free(&a);
}
END_TEST

/* A sentence with no counterpart is covered by a clause that quotes it when the clause's bullet for
 * the other text says "absent", or when it quotes the other text too and its own text quotes the
 * lone sentence (the reason it stands alone); quoting both texts alone is no reason. */
START_TEST(a_clause_covers_a_lone_sentence_only_with_a_reason)
{
    static const char *const nl = "Spelregels\nDe speler trekt 2 kaarten van de stapel.\nDe jongste speler begint het spel en daarna komen "
                                  "de spelers een voor een aan de beurt, met de wijzers van de klok mee.\n"
                                  "Een hond levert geen punten op voor de meerderheid in een soort.\nHet spel eindigt na 12 rondes.\n";
    static const char *const en = "Rules\nThe player draws 2 cards from the pile.\nA dog brings no points for the majority in a type.\n"
                                  "The game ends after 12 rounds.\n";
    static const char *const head = "# Test Game\n\n### TT-ORDER\n- **nl:** \"De jongste speler begint het spel\"\n";
    const char *tail[3] = {"- **en:** \"The game ends after 12 rounds.\"\n- **Statement:** the youngest starts.\n",
                           "- **en:** \"The game ends after 12 rounds.\"\n- **Texts:** \"De jongste speler begint\" has no en counterpart.\n",
                           "- **en:** absent\n"};
    for (int k = 0; k < 3; k++) {
        al_run a;
        char err[512], spec[600];
        snprintf(spec, sizeof spec, "%s%s", head, tail[k]);
        ck_assert_msg(load(&a, nl, en, spec, NULL, err, sizeof err) == 0, "%s", err);
        int lone = -1;
        for (int i = 0; i < a.nbead; i++) if (a.bead[i].na == 1 && a.bead[i].nb == 0) lone = i;
        ck_assert_int_ge(lone, 0);
        ck_assert_int_eq(a.t[0]->u[a.bead[lone].a[0]].line, 3);
        ck_assert_msg(a.bead[lone].cover == (k ? AL_CLAUSE : AL_NOT_REGISTERED), "clause %d: cover %d", k, a.bead[lone].cover);
        al_free(&a);
    }
}
END_TEST

/* The command on the game's own texts given as paths, with the scratch align-marks. */
START_TEST(the_command_exits_1_on_an_uncovered_pair_and_0_when_an_align_mark_covers_it)
{
    char nl[300], en[300], sp[300], lx[600], mp[300];
    write_file("t.nl.txt", gate_nl);
    write_file("t.en.txt", gate_en);
    write_file("SPEC.md", "# Herr der Ziegen\n");
    snprintf(nl, sizeof nl, "%s/t.nl.txt", dir);
    snprintf(en, sizeof en, "%s/t.en.txt", dir);
    snprintf(sp, sizeof sp, "%s/SPEC.md", dir);
    snprintf(mp, sizeof mp, "%s/none.align-marks", dir);
    lexdir(lx, sizeof lx);
    char *argv1[] = {"hdz", nl, en, "--gate", "--quiet", "--spec", sp, "--texts", lx, "--lexicons", lx, "--marks", mp};
    ck_assert_int_eq(rf_cmd_align(13, argv1), 1);
    write_file("marks", "\"De speler mag\" | \"The player must\" -- the test's reason\n");
    snprintf(mp, sizeof mp, "%s/marks", dir);
    char *argv2[] = {"hdz", nl, en, "--gate", "--quiet", "--spec", sp, "--texts", lx, "--lexicons", lx, "--marks", mp};
    ck_assert_int_eq(rf_cmd_align(13, argv2), 0);
    char *argv3[] = {"hdz", nl, "--gate"};
    ck_assert_int_eq(rf_cmd_align(3, argv3), 2);
    char *argv4[] = {"hdz", "nl", "xx", "--spec", sp, "--texts", lx};
    ck_assert_int_eq(rf_cmd_align(7, argv4), 2);
}
END_TEST

/* The project's own gate and recall: every flagged pair of hdz nl/en and bids nl/fr is covered,
 * and every difference the register names between them is flagged. */
/* The ambiguity report's view of a translation difference: the aligned pair, the differing words in
 * bold (HDZ-AMB-MILK-ROUND: nl rounds down, en up); an entry with no flagged pair writes nothing. */
START_TEST(the_report_shows_a_translation_differences_aligned_pair_with_its_differing_words)
{
    char spec[512], texts[512], err[600];
    snprintf(spec, sizeof spec, "%s/SPEC.md", root());
    snprintf(texts, sizeof texts, "%s/rules/texts", root());
    al_run a;
    al_opts o = {spec, texts, NULL, NULL};
    ck_assert_msg(al_load(&a, game_find("hdz"), "nl", "en", &o, err, sizeof err) == 0, "%s", err);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_int_eq(al_entry_pair_md(f, &a, "HDZ-AMB-MILK-ROUND"), 1);
    fclose(f);
    ck_assert_msg(strstr(buf, "nl `herr-der-ziegen.nl.txt:166`") && strstr(buf, "(**afgerond naar beneden**)"), "%s", buf);
    ck_assert_msg(strstr(buf, "en `herr-der-ziegen.en.txt:93`") && strstr(buf, "(**rounded up**)"), "%s", buf);
    ck_assert_msg(strstr(buf, "the words that differ:"), "%s", buf);
    free(buf);
    buf = NULL;
    f = open_memstream(&buf, &len);
    ck_assert_int_eq(al_entry_pair_md(f, &a, "HDZ-AMB-NO-SUCH"), 0);
    fclose(f);
    ck_assert_uint_eq(len, 0);
    free(buf);
    al_free(&a);
}
END_TEST

START_TEST(the_real_texts_pass_the_gate_and_every_registered_difference_is_flagged)
{
    char spec[512], texts[512], err[600];
    snprintf(spec, sizeof spec, "%s/SPEC.md", root());
    snprintf(texts, sizeof texts, "%s/rules/texts", root());
    const char *pairs[][3] = {{"hdz", "nl", "en"}, {"bids", "nl", "fr"}};
    for (int p = 0; p < 2; p++) {
        al_run a;
        al_opts o = {spec, texts, NULL, NULL};
        ck_assert_msg(al_load(&a, game_find(pairs[p][0]), pairs[p][1], pairs[p][2], &o, err, sizeof err) == 0, "%s", err);
        ck_assert_msg(a.nerror == 0, "%s: %s", pairs[p][0], a.nerror ? a.error[0] : "");
        int first = -1;
        for (int i = 0; i < a.nbead && first < 0; i++) if (a.bead[i].flagged && a.bead[i].cover == AL_NOT_REGISTERED) first = i;
        ck_assert_msg(first < 0, "%s %s/%s: %d flagged bead(s) covered by nothing, e.g. %s:%d / %s:%d (rulefuzz align %s %s %s --quiet)",
                      pairs[p][0], pairs[p][1], pairs[p][2], al_uncovered(&a), a.t[0]->file,
                      first >= 0 && a.bead[first].na ? a.t[0]->u[a.bead[first].a[0]].line : 0, a.t[1]->file,
                      first >= 0 && a.bead[first].nb ? a.t[1]->u[a.bead[first].b[0]].line : 0, pairs[p][0], pairs[p][1], pairs[p][2]);
        ck_assert_int_ge(a.nrd, 5);
        for (int r = 0; r < a.nrd; r++)
            ck_assert_msg(a.rd[r].hit, "%s: registered difference %s is not flagged", pairs[p][0], a.tc.entry[a.rd[r].entry].id);
        al_free(&a);
    }
}
END_TEST

/* docs/align-judged.md judges every flag of hdz nl/en and bids nl/fr by hand: its rows are the
 * flags the aligner gives now (the units' lines and the differing features), each with a verdict,
 * and its totals count those verdicts. A flag gained or lost, or a feature changed, fails here. */
START_TEST(the_judged_flags_are_every_flag_of_the_real_texts)
{
    char spec[512], texts[512], err[600], path[600];
    snprintf(spec, sizeof spec, "%s/SPEC.md", root());
    snprintf(texts, sizeof texts, "%s/rules/texts", root());
    snprintf(path, sizeof path, "%s/docs/align-judged.md", root());
    size_t len;
    char *doc = tc_read_text(path, &len, err, sizeof err);
    ck_assert_msg(doc != NULL, "%s", err);
    const char *pairs[][3] = {{"hdz", "nl", "en"}, {"bids", "nl", "fr"}};
    for (int p = 0; p < 2; p++) {
        al_run a;
        al_opts o = {spec, texts, NULL, NULL};
        ck_assert_msg(al_load(&a, game_find(pairs[p][0]), pairs[p][1], pairs[p][2], &o, err, sizeof err) == 0, "%s", err);
        int rows = 0, verdict[4] = {0, 0, 0, 0};              /* real, not real, lone, misaligned */
        for (int i = 0; i < a.nbead; i++) {
            const al_bead *b = &a.bead[i];
            if (!b->flagged) continue;
            char row[1024];
            size_t o2 = (size_t)snprintf(row, sizeof row, "| %s | ", pairs[p][0]);
            for (int s = 0; s < 2; s++) {
                const int *u = s ? b->b : b->a;
                int n = s ? b->nb : b->na;
                if (!n) o2 += (size_t)snprintf(row + o2, sizeof row - o2, "- | ");
                for (int k = 0; k < n; k++)
                    o2 += (size_t)snprintf(row + o2, sizeof row - o2, "%s%s%d%s", k ? "+" : a.lang[s], k ? "" : ":", a.t[s]->u[u[k]].line,
                                           k == n - 1 ? " | " : "");
            }
            if (!b->na || !b->nb) o2 += (size_t)snprintf(row + o2, sizeof row - o2, "no counterpart | ");
            for (int d = 0; d < b->nd; d++) {
                char kt[96];
                al_key_text(&a.keys, b->d[d].key, kt, sizeof kt);
                o2 += (size_t)snprintf(row + o2, sizeof row - o2, "%s%s (%s)%s", d ? "; " : "", kt, a.lang[b->d[d].side], d == b->nd - 1 ? " | " : "");
            }
            const char *at = strstr(doc, row);
            ck_assert_msg(at != NULL, "docs/align-judged.md has no row \"%s...\" (judge the new flag)", row);
            static const char *const v[4] = {"real |", "not real |", "lone |", "misaligned |"};
            const char *rest = at + strlen(row);
            int which = -1;
            for (int k = 0; k < 4; k++) if (!strncmp(rest, v[k], strlen(v[k]))) which = k;
            ck_assert_msg(which >= 0 && (which < 2) == (b->na && b->nb), "row \"%s\": no verdict of its kind", row);
            verdict[which]++;
            rows++;
        }
        /* no other row for this game, and the totals are these counts */
        char lead[32];
        int inrows = 0;
        snprintf(lead, sizeof lead, "\n| %s | ", pairs[p][0]);
        for (const char *q = doc; (q = strstr(q, lead)); q++) inrows++;
        ck_assert_msg(inrows == rows, "%s: docs/align-judged.md has %d rows, the aligner %d flags", pairs[p][0], inrows, rows);
        char tot[160];
        snprintf(tot, sizeof tot, "| %s %s/%s | %d | %d | %d | %d |", pairs[p][0], pairs[p][1], pairs[p][2], verdict[0] + verdict[1], verdict[0],
                 verdict[2] + verdict[3], verdict[2]);
        ck_assert_msg(strstr(doc, tot), "docs/align-judged.md's totals lack \"%s\"", tot);
        al_free(&a);
    }
    free(doc);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("align");
    TCase *tc = tcase_create("alignment");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, a_dropped_sentence_stands_alone_and_the_rest_stay_paired);
    tcase_add_test(tc, a_sentence_split_in_two_is_one_bead_of_one_and_two);
    tcase_add_test(tc, a_reordered_list_pairs_each_item_with_the_item_of_the_same_number);
    tcase_add_test(tc, the_length_alignment_alone_follows_gale_and_church);
    tcase_add_test(tc, an_unrelated_pair_with_a_number_is_split_into_two_lone_sentences);
    suite_add_tcase(s, tc);
    tc = tcase_create("features");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, modality_differs_on_minimal_pairs_in_every_language);
    tcase_add_test(tc, quantity_negation_order_numbers_and_components_differ_on_minimal_pairs);
    tcase_add_test(tc, context_rules_and_normalisation_settle_paraphrases_and_keep_differences);
    tcase_add_test(tc, a_lexicon_with_a_malformed_line_is_refused_with_its_line);
    suite_add_tcase(s, tc);
    tc = tcase_create("gate");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, the_gate_fails_on_an_uncovered_flagged_pair_and_passes_once_it_is_covered);
    tcase_add_test(tc, a_clause_covers_a_lone_sentence_only_with_a_reason);
    tcase_add_test(tc, the_command_exits_1_on_an_uncovered_pair_and_0_when_an_align_mark_covers_it);
    suite_add_tcase(s, tc);
    tc = tcase_create("the rulebooks");
    tcase_add_test(tc, the_real_texts_pass_the_gate_and_every_registered_difference_is_flagged);
    tcase_add_test(tc, the_report_shows_a_translation_differences_aligned_pair_with_its_differing_words);
    tcase_add_test(tc, the_judged_flags_are_every_flag_of_the_real_texts);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
