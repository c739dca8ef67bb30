/* check_positions.c: Check suite for partial positions (issue 21, points 2 and 5): Gloria Picktoria's
 * and Bonje in de Stal's rest=pile|box positions (SPEC.md, "Position fields (Gloria Picktoria)" and
 * "Position fields (Bonje in de Stal)"), and the bar every game meets: score_now, why_illegal,
 * check_position and a partial-position example record that replays clean. */
#include "testutil.h"
#include "../rules/gp.h"
#include "../rules/bids.h"

/* ---- Helpers ------------------------------------------------------------------------------------ */

/* A record of game g (its first profile), `players`, a [Seed] when seed >= 0, the [Position] `pos`
 * (line 4 without a seed, 5 with one) and the moves (may be ""). A static buffer. */
static const char *rec(const game_engine *g, int players, long seed, const char *pos, const char *moves)
{
    static char text[GAME_TEXT_MAX + 512];
    char sd[48] = "";
    if (seed >= 0) snprintf(sd, sizeof sd, "[Seed \"%ld\"]\n", seed);
    snprintf(text, sizeof text, "[Game \"%s\"]\n[Profile \"%s\"]\n[Players \"%d\"]\n%s[Position \"%s\"]\n%s", g->name,
             g->profiles[0].name, players, sd, pos, moves);
    return text;
}

/* Load a record's position (its move 0) through the record reader, which completes a partial
 * position and refuses one that check_position rejects; then every oracle judges it again. */
static void load(const game_engine *g, int players, long seed, const char *pos, void *st)
{
    static rf_replay out;
    static inv_ctx c;
    char err[RF_ERR_MAX];
    const char *text = rec(g, players, seed, pos, "");
    int rc = rf_replay_upto("t.rec", text, strlen(text), NULL, 0, &out, err, sizeof err);
    ck_assert_msg(rc == RF_EXIT_OK, "%s: %s", pos, err);
    memcpy(st, out.st, g->state_size);
    ck_assert_int_eq(inv_init(&c, g, INV_GEN_ALL), 0);
    inv_on_position(&c, st);
    ck_assert_msg(c.violations == 0, "%s: %s: %s", pos, tu_first_id(&c), c.first_msg);
    /* the completed position is a full one: printed and loaded again, the same state */
    tu_position_reloads(g, st, NULL);
}

/* A partial position that must be refused with one line holding `want`, at the [Position] line. */
static void refused(const game_engine *g, int players, long seed, const char *pos, const char *want)
{
    tu_refused(g, rec(g, players, seed, pos, ""), seed >= 0 ? 5 : 4, want);
}

/* n copies of '?' joined by sep (0: none), into a static buffer. */
static const char *marks(int n, char sep)
{
    static char b[512];
    size_t k = 0;
    for (int i = 0; i < n && k + 2 < sizeof b; i++) {
        if (i && sep) b[k++] = sep;
        b[k++] = '?';
    }
    b[k] = 0;
    return b;
}

/* ---- Gloria Picktoria ---------------------------------------------------------------------------- */

static int gp_letter(int t) { return gp_param.letter[t]; }

static int gp_hand_n(const gp_state *st, int p)
{
    int n = 0;
    for (int t = 0; t < GP_HANDT; t++) n += st->hand[p][t];
    return n;
}

/* GP-CARDS-110: 9 of each motif, 5 jokers, one doubler per player, 10 Dschingis-Haan with those laid out. */
static void gp_every_card_once(const gp_state *st)
{
    int n[GP_TYPES] = {0};
    for (int i = 0; i < GP_DISPLAY; i++) if (st->display[i] != GP_NONE) n[st->display[i]]++;
    for (int p = 0; p < st->players; p++) for (int t = 0; t < GP_HANDT; t++) n[t] += st->hand[p][t];
    for (int i = 0; i < st->pile_len; i++) n[st->pile[i]]++;
    for (int c = 0; c < st->ncol; c++) {
        n[st->col_face[c]]++;
        if (st->col_motif[c] != GP_NONE) n[st->col_motif[c]] += st->col_len[c] - st->col_jokers[c];
        n[GP_JOKER] += st->col_jokers[c];
        n[GP_DOUBLER] += st->col_dbl[c];
    }
    for (int t = 0; t < GP_MOTIFS; t++) ck_assert_msg(n[t] == 9, "motif %c: %d", gp_letter(t), n[t]);
    ck_assert_int_eq(n[GP_JOKER], 5);
    ck_assert_int_eq(n[GP_DOUBLER], st->players);
    ck_assert_int_eq(n[GP_DH] + st->dh, 10);
}

/* Partial positions: '?' in display, hands, a chest's face and the pile is dealt from the seed; what
 * is named stays where it is named; every card stands in one place; the same seed deals the same
 * cards, another seed others. */
START_TEST(gp_a_partial_position_deals_its_question_marks_from_the_seed)
{
    static const char *pos = "rest=pile;display=K??;hands=K???|?|-;cols=1?K2j0x0;pile=??#";
    gp_state a, b, c;
    load(&gp_engine, 3, 7, pos, &a);
    gp_every_card_once(&a);
    ck_assert_int_eq(a.display[0], 1);                               /* K where named */
    for (int i = 1; i < GP_DISPLAY; i++) ck_assert_int_lt(a.display[i], GP_DOUBLER);   /* dealt: a motif or joker */
    ck_assert_int_ge(a.hand[0][1], 1);
    ck_assert_int_eq(gp_hand_n(&a, 0), 5);                           /* K and three dealt, and the doubler */
    ck_assert_int_eq(gp_hand_n(&a, 1), 2);
    ck_assert_int_eq(gp_hand_n(&a, 2), 1);                           /* '-': only the doubler */
    for (int p = 0; p < 3; p++) ck_assert_int_eq(a.hand[p][GP_DOUBLER], 1);
    ck_assert_int_eq(a.ncol, 1);
    ck_assert_int_lt(a.col_face[0], GP_DOUBLER);                     /* the chest face dealt */
    ck_assert_int_eq(a.col_motif[0], 1);
    ck_assert_int_eq(a.col_len[0], 2);
    ck_assert_int_ne(a.pile[a.pile_len - 1], GP_DOUBLER);            /* the pile: two dealt, then the # */
    ck_assert_int_eq(a.pile[a.pile_len - 3], GP_DH);
    /* rest=pile: everything else under the pile: 95 + 10 less display, hands and the chest */
    ck_assert_int_eq(a.pile_len, 95 + 10 - 3 - (4 + 1 + 0) - 3);
    load(&gp_engine, 3, 7, pos, &b);
    ck_assert_mem_eq(&a, &b, sizeof a);
    load(&gp_engine, 3, 8, pos, &c);
    ck_assert_msg(memcmp(&a, &c, sizeof a) != 0, "seeds 7 and 8 deal the same cards");
}
END_TEST

/* Missing fields take the values of a fresh turn: display ???, four dealt cards and the doubler per
 * hand, no collection, the fox beside the pile, P1 to act with no action used, no Dschingis-Haan laid
 * out, no points; scorings follow dh, the game is over after the third and the penalties are due. */
START_TEST(gp_missing_fields_take_the_values_of_a_fresh_turn)
{
    gp_state st;
    load(&gp_engine, 4, 1, "rest=pile", &st);
    gp_every_card_once(&st);
    for (int i = 0; i < GP_DISPLAY; i++) ck_assert_int_lt(st.display[i], GP_DOUBLER);
    for (int p = 0; p < 4; p++) {
        ck_assert_int_eq(gp_hand_n(&st, p), 5);
        ck_assert_int_eq(st.hand[p][GP_DOUBLER], 1);
    }
    ck_assert_int_eq(st.pile_len, 95 - 3 - 16 + 10);
    ck_assert_int_eq(st.ncol, 0);
    ck_assert_int_eq(st.fox, GP_NONE);
    ck_assert_int_eq(st.turn, 0);
    ck_assert_int_eq(st.phase, GP_PH_ACT);
    ck_assert_int_eq(st.acts, 0);
    ck_assert_int_eq(st.fox_moved, 0);
    ck_assert_int_eq(st.dh, 0);
    ck_assert_int_eq(st.scorings, 0);
    for (int r = 0; r < 3; r++) for (int p = 0; p < 4; p++) ck_assert_int_eq(st.wscore[r][p], 0);
    for (int p = 0; p < 4; p++) ck_assert_int_eq(st.penalty[p], 0);
    /* scorings from dh (GP-SCORING-TIMES) */
    load(&gp_engine, 2, 1, "rest=pile;dh=7", &st);
    ck_assert_int_eq(st.scorings, 2);
    ck_assert_int_eq(st.phase, GP_PH_ACT);
    gp_every_card_once(&st);
    /* the 10th: over, with the penalties due (GP-PENALTY-HAND, GP-PENALTY-CHEST): P1 its doubler and
     * a bare chest, P2 a K and its doubler */
    load(&gp_engine, 2, 1, "rest=pile;dh=10;hands=-|K;cols=1?.0j0x0", &st);
    ck_assert_int_eq(st.scorings, 3);
    ck_assert_int_eq(st.phase, GP_PH_OVER);
    ck_assert_int_eq(st.penalty[0], 1 + 2);
    ck_assert_int_eq(st.penalty[1], 2);
    /* a doubler named stays; a seat whose doubler is open on its own collection gets none in hand */
    load(&gp_engine, 2, 1, "rest=pile;cols=1?K2j0x1", &st);
    ck_assert_int_eq(st.hand[0][GP_DOUBLER], 0);
    ck_assert_int_eq(st.hand[1][GP_DOUBLER], 1);
    ck_assert_int_eq(gp_hand_n(&st, 0), 4);
}
END_TEST

/* rest=pile puts the cards left under the pile; rest=box leaves the pile as written, and since the
 * game has no box (GP-CARDS-110) the '?' must take every card not named. */
START_TEST(gp_rest_pile_fills_the_pile_and_rest_box_leaves_nothing_over)
{
    gp_state st;
    char pos[1024];
    load(&gp_engine, 2, 3, "rest=pile;hands=-|-;pile=?", &st);
    ck_assert_int_eq(st.pile_len, 95 + 10 - 3);
    snprintf(pos, sizeof pos, "rest=box;hands=-|-;pile=%s", marks(102, 0));
    load(&gp_engine, 2, 3, pos, &st);
    ck_assert_int_eq(st.pile_len, 102);
    gp_every_card_once(&st);
    snprintf(pos, sizeof pos, "rest=box;hands=-|-;pile=%s", marks(100, 0));
    refused(&gp_engine, 2, 3, pos, "position: 'rest' is box, but 2 cards are left and Gloria Picktoria has no box (GP-CARDS-110)");
    refused(&gp_engine, 2, 3, "rest=box", "position: 'rest' is box, but 94 cards are left");
}
END_TEST

/* Bad partial positions are refused, one line naming the field: no seed, a '?' with no card left to
 * deal, a card named more often than the game has it, an unknown field, and (loaded like any other
 * position) one no game reaches. */
START_TEST(gp_bad_partial_positions_are_refused_naming_the_field)
{
    char pos[1024];
    refused(&gp_engine, 3, -1, "rest=pile", "a partial position (rest=...) needs a [Seed] to deal the cards it does not name");
    snprintf(pos, sizeof pos, "rest=pile;hands=%s|-|-", marks(93, 0));
    refused(&gp_engine, 3, 1, pos, "position: 96 '?' places in 'display', 'hands' and 'cols' to deal, but only 95 motif and joker cards are not named");
    snprintf(pos, sizeof pos, "rest=box;hands=-|-|-;pile=%s", marks(104, 0));
    refused(&gp_engine, 3, 1, pos, "position: 104 '?' places in 'pile' to deal, but only 102 cards are left");
    refused(&gp_engine, 3, 1, "rest=pile;hands=KKKKKKKKKK|-|-", "position: 'hands' names K 10 times in all, but the game has 9 (GP-CARDS-110)");
    refused(&gp_engine, 3, 1, "rest=pile;display=KKK;pile=KKKKKKK", "position: 'pile' names K 10 times in all");
    refused(&gp_engine, 3, 1, "rest=pile;hands=JJJ|JJ|-;display=J??", "position: 'hands' names J 6 times in all, but the game has 5");
    refused(&gp_engine, 3, 1, "rest=pile;hands=X|X|X;cols=1XK1j0x0", "position: 'cols' names doubler 4, but 3 players got one each");
    refused(&gp_engine, 3, 1, "rest=pile;dh=8;pile=###", "position: 'pile' names Dschingis-Haan 3, but with 'dh' 8 laid out 2 are left");
    refused(&gp_engine, 3, 1, "rest=pile;foxes=c1", "position: unknown field 'foxes'");
    refused(&gp_engine, 3, 1, "rest=heap", "position: 'rest' wants pile or box, got 'heap'");
    refused(&gp_engine, 3, 1, "rest=pile;rest=box", "position: field 'rest' given twice");
    /* completed, then refused as any position no game reaches (gp_reachable, check_position) */
    refused(&gp_engine, 3, 1, "rest=pile;cols=1?K2j0x0,1?K1j0x0", "position: 'cols': P1 collects vitrine twice (c1 and c2)");
    refused(&gp_engine, 3, 1, "rest=pile;phase=pass", "position: phase pass needs the fox on the current player's collection");
    refused(&gp_engine, 3, 1, "rest=pile;score=1,0,0/0,0,0/0,0,0", "position: 'score': P1 has 1 from scoring 1, which is not held yet");
}
END_TEST

/* ---- Bonje in de Stal ---------------------------------------------------------------------------- */

static int bids_is_symbol(int id)
{
    int t = bids_type_of(id), first = 0;
    for (int u = 0; u < t; u++) first += bids_param.count[u];
    return id - first < bids_param.symbol[t];
}

/* The name of card id ("hen3") into a static buffer. */
static const char *bids_name(int id)
{
    static const char *const nm[BIDS_TYPES] = {"stallion", "mare", "bull", "cow", "boar", "sow", "ram", "ewe", "rooster",
                                               "hen", "elephant", "madcow", "wild", "truck"};
    static char b[24];
    int t = bids_type_of(id), first = 0;
    for (int u = 0; u < t; u++) first += bids_param.count[u];
    snprintf(b, sizeof b, "%s%d", nm[t], id - first + 1);
    return b;
}

static int bids_id(const char *name)
{
    for (int id = 0; id < BIDS_CARDS; id++) if (!strcmp(bids_name(id), name)) return id;
    ck_abort_msg("no card %s", name);
    return -1;
}

static int bids_count_at(const bids_state *st, int at)
{
    int n = 0;
    for (int id = 0; id < BIDS_CARDS; id++) n += st->loc[id] == at;
    return n;
}

/* BIDS-SETUP-MATERIAL: every card in exactly one place; each pile card is listed in its pile once. */
static void bids_every_card_once(const bids_state *st)
{
    int in_pile[BIDS_CARDS] = {0}, piled = 0;
    for (int p = 0; p < st->players; p++)
        for (int i = 0; i < st->pile_len[p]; i++) { in_pile[st->pile[p][i]]++; piled++; }
    for (int id = 0; id < BIDS_CARDS; id++) {
        ck_assert_int_eq(in_pile[id], st->loc[id] == BIDS_L_PILE);
        ck_assert(st->loc[id] != BIDS_L_HELD || (st->held[0] == id || st->held[1] == id || st->held[2] == id || st->held[3] == id));
    }
    ck_assert_int_eq(piled, bids_count_at(st, BIDS_L_PILE));
}

/* Partial positions: '?' in piles, open and held is dealt from the seed; the 2-3 player symbol cards
 * not named go to the box; what is named stays; rest=pile evens the piles; the same seed deals the
 * same cards, another seed others. */
START_TEST(bids_a_partial_position_deals_its_question_marks_from_the_seed)
{
    static const char *pos = "rest=pile;piles=?,hen12|-;open=?,mare2";
    bids_state a, b, c;
    load(&bids_engine, 2, 7, pos, &a);
    bids_every_card_once(&a);
    ck_assert_int_eq(a.pile_len[0], a.pile_len[1]);                 /* "gelijkmatig" */
    ck_assert_int_eq(a.pile[0][a.pile_len[0] - 2], bids_id("hen12"));
    ck_assert_int_eq(a.loc[bids_id("mare2")], BIDS_L_OPEN);
    ck_assert_int_eq(bids_count_at(&a, BIDS_L_OPEN), 2);
    for (int id = 0; id < BIDS_CARDS; id++)                          /* BIDS-SETUP-REMOVAL */
        if (bids_is_symbol(id)) ck_assert_msg(a.loc[id] == BIDS_L_BOX, "%s is not in the box", bids_name(id));
    ck_assert_int_eq(a.pile_len[0] * 2 + 2 + bids_count_at(&a, BIDS_L_BOX), 84);
    ck_assert_int_le(bids_count_at(&a, BIDS_L_BOX), 18 + 1);         /* the symbol cards and what does not divide */
    load(&bids_engine, 2, 7, pos, &b);
    ck_assert_mem_eq(&a, &b, sizeof a);
    load(&bids_engine, 2, 8, pos, &c);
    ck_assert_msg(memcmp(&a, &c, sizeof a) != 0, "seeds 7 and 8 deal the same cards");
    /* held '?': a dealt card in the hand of that seat, which has grabbed (the default) */
    load(&bids_engine, 3, 7, "rest=pile;held=?|-|-;phase=play", &a);
    bids_every_card_once(&a);
    ck_assert_int_ne(a.held[0], BIDS_NONE);
    ck_assert(!bids_is_symbol(a.held[0]));
    ck_assert_int_eq(a.grabbed, 1);
    ck_assert_int_eq(a.actor, 0);
    ck_assert_int_eq(bids_count_at(&a, BIDS_L_OPEN), 2);
}
END_TEST

/* Missing fields take the values of a fresh trick: piles dealt even, a card open per seat, nothing
 * held, 3 empty stables each (one more per round won), nothing out, phase table, round 1 + the
 * rounds won, the last round's winner the seat with the most wins, no game winner. */
START_TEST(bids_missing_fields_take_the_values_of_a_fresh_trick)
{
    bids_state st;
    load(&bids_engine, 3, 1, "rest=pile", &st);
    bids_every_card_once(&st);
    for (int p = 0; p < 3; p++) {
        ck_assert_int_eq(st.pile_len[p], 21);                       /* 84 - 18 symbol cards - 3 open = 63 */
        ck_assert_int_eq(st.nstables[p], 3);
        ck_assert_int_eq(st.held[p], BIDS_NONE);
        ck_assert_int_eq(st.wins[p], 0);
    }
    ck_assert_int_eq(bids_count_at(&st, BIDS_L_OPEN), 3);
    ck_assert_int_eq(bids_count_at(&st, BIDS_L_BOX), 18);
    ck_assert_int_eq(bids_count_at(&st, BIDS_L_OUT), 0);
    ck_assert_int_eq(st.phase, BIDS_PH_TABLE);
    ck_assert_int_eq(st.actor, 0);
    ck_assert_int_eq(st.waiting, 0);
    ck_assert_int_eq(st.round, 1);
    ck_assert_int_eq(st.grabbed, 0);
    ck_assert_int_eq(st.round_winners, 0);
    ck_assert_int_eq(st.game_winners, 0);
    ck_assert_int_eq(st.pending5, 0);
    ck_assert_int_eq(st.specials_given, 0);
    /* 4 players: no symbol card is removed, 84 - 4 open = 80, 20 each */
    load(&bids_engine, 4, 1, "rest=pile", &st);
    for (int p = 0; p < 4; p++) ck_assert_int_eq(st.pile_len[p], 20);
    ck_assert_int_eq(bids_count_at(&st, BIDS_L_BOX), 0);
    /* rounds won: a stable more (BIDS-EXTRA-STABLE), the round after them, the last one's winner */
    load(&bids_engine, 2, 1, "rest=pile;wins=2,1", &st);
    ck_assert_int_eq(st.nstables[0], 5);
    ck_assert_int_eq(st.nstables[1], 4);
    ck_assert_int_eq(st.round, 4);
    ck_assert_int_eq(st.round_winners, 1);
    /* the game over: P1 won it with 5 stables (BIDS-GAME-END) */
    load(&bids_engine, 2, 1, "rest=pile;wins=2,1;phase=over", &st);
    ck_assert_int_eq(st.round, 3);
    ck_assert_int_eq(st.game_winners, 1);
    /* grab: the first seat that has not taken a card decides */
    load(&bids_engine, 3, 1, "rest=pile;held=hen5|-|-;phase=grab", &st);
    ck_assert_int_eq(st.grabbed, 1);
    ck_assert_int_eq(st.actor, 1);
}
END_TEST

/* rest=pile deals the cards left under the piles (the remainder to the box); rest=box leaves the
 * piles as written and puts every card left in the box. */
START_TEST(bids_rest_pile_fills_the_piles_and_rest_box_boxes_the_rest)
{
    bids_state st;
    load(&bids_engine, 2, 5, "rest=pile;piles=?,?|?,?", &st);
    ck_assert_int_eq(st.pile_len[0], 32);
    ck_assert_int_eq(st.pile_len[1], 32);
    load(&bids_engine, 2, 5, "rest=box;piles=?,?|?,?", &st);
    bids_every_card_once(&st);
    ck_assert_int_eq(st.pile_len[0], 2);
    ck_assert_int_eq(st.pile_len[1], 2);
    ck_assert_int_eq(bids_count_at(&st, BIDS_L_BOX), 84 - 4 - 2);
    load(&bids_engine, 2, 5, "rest=box", &st);
    ck_assert_int_eq(st.pile_len[0], 0);
    ck_assert_int_eq(bids_count_at(&st, BIDS_L_OPEN), 2);
    /* rest=pile evens piles named unequal: P1's has 3 cards, so P2's gets 3 more first */
    load(&bids_engine, 4, 5, "rest=pile;piles=hen1,hen2,hen3|-|-|-", &st);
    for (int p = 0; p < 4; p++) ck_assert_int_eq(st.pile_len[p], 20);
    ck_assert_int_eq(st.pile[0][19], bids_id("hen1"));
    ck_assert_int_eq(bids_count_at(&st, BIDS_L_BOX), 84 - 80 - 4 + 0);
}
END_TEST

/* Bad partial positions are refused, one line naming the field: no seed, a '?' with no card left to
 * deal, a card named twice, an unknown field, a '?' where nothing is dealt, piles that cannot be
 * evened, and (loaded like any other position) one no game reaches. */
START_TEST(bids_bad_partial_positions_are_refused_naming_the_field)
{
    char pos[1024];
    refused(&bids_engine, 2, -1, "rest=pile", "a partial position (rest=...) needs a [Seed] to deal the cards it does not name");
    snprintf(pos, sizeof pos, "rest=pile;piles=%s|", marks(33, ','));
    snprintf(pos + strlen(pos), sizeof pos - strlen(pos), "%s", marks(33, ','));
    refused(&bids_engine, 2, 1, pos, "position: 68 '?' places to deal, but only 66 cards are not named (the 2-3 player symbol cards go to the box)");
    refused(&bids_engine, 2, 1, "rest=pile;open=hen5,hen6;box=hen5", "position: card hen5 is named twice (in 'open' and 'box')");
    refused(&bids_engine, 2, 1, "rest=pile;hand=hen5", "position: unknown field 'hand'");
    refused(&bids_engine, 2, 1, "rest=pile;stables=?/-/-|-/-/-", "position: '?' may stand only in 'piles', 'open' and 'held', not in 'stables'");
    refused(&bids_engine, 2, 1, "rest=pile;open=hen5,pig1", "position: 'pig1' in 'open' is no card");
    /* 35 cards named in P1's pile: 66 - 35 - 2 open leave 29, too few to make P2's as long */
    size_t k = (size_t)snprintf(pos, sizeof pos, "rest=pile;piles=");
    for (int id = 0, n = 0; id < BIDS_CARDS && n < 35; id++)
        if (!bids_is_symbol(id)) k += (size_t)snprintf(pos + k, sizeof pos - k, "%s%s", n++ ? "," : "", bids_name(id));
    snprintf(pos + k, sizeof pos - k, "|-");
    refused(&bids_engine, 2, 1, pos, "position: 'piles': the longest has 35 cards, and the 29 cards left cannot make the others as long");
    refused(&bids_engine, 2, 1, "rest=box;piles=hen12|-", "position: 'piles' must be equal, but P1's has 1 cards and P2's 0");
    /* completed, then refused as any position no game reaches (bids_reachable, check_position) */
    refused(&bids_engine, 2, 1, "rest=pile;stables=bull2,hen5/-/-|-/-/-", "position: 'stables': P1.1 holds bull2 and hen5: one species per stable");
    refused(&bids_engine, 2, 1, "rest=pile;held=hen5|-;grabbed=0", "position: 'held': P1 holds a card, but 'grabbed' 0 says it took none this trick");
    refused(&bids_engine, 2, 1, "rest=pile;round=2", "position: 'wins' adds up to 0, but 1 rounds are finished");
}
END_TEST

/* ---- Both ------------------------------------------------------------------------------------------ */

/* Every prefix of the two partial-position examples, and each with a byte garbled here and there (in
 * the position above all), replays to 0, 1 or 2 and never crashes: the completion reads any text. */
START_TEST(truncated_and_garbled_partial_records_never_crash)
{
    tu_record_mutations_never_crash(&gp_engine, "records/gp/partial-fourth-dh-scores-mid-turn.nl.rec", 3, 2);
    tu_record_mutations_never_crash(&bids_engine, "records/bids/partial-last-trick-by-value.nl.rec", 3, 2);
}
END_TEST

/* ---- Loaders and position oracles agree (issue 33, point 2) ------------------------------------------ */

/* Every game: positions of random games along the way, each number, '-' or word of a field's value
 * (the tokens between '=', ',', '|', '/' and ';', cards left alone) replaced by small numbers, '-', a
 * word and the empty text, one at a time. A position the engine's loader takes must pass the game's
 * position oracles (and GEN-ROUNDTRIP): the loader refuses what they refuse, so what loads is a
 * position some game reaches (fuzz/fuzz_<game>_position.c searches further). */
static int token_char(char ch) { return ch && !strchr("=,|/;", ch); }

static int plain_token(const char *t, int n)
{
    int digits = 0, letters = 0;
    for (int i = 0; i < n; i++) { digits += t[i] >= '0' && t[i] <= '9'; letters += (t[i] >= 'a' && t[i] <= 'z') || (t[i] >= 'A' && t[i] <= 'Z'); }
    return (digits == n) || (letters == n) || (n == 1 && t[0] == '-');
}

START_TEST(what_a_loader_takes_its_position_oracles_pass)
{
    static const char *const values[] = {"0", "1", "2", "3", "4", "5", "9", "10", "255", "-", "", "no", "over", "take"};
    const int nv = (int)(sizeof values / sizeof values[0]);
    static inv_ctx c;
    static game_move log[RF_MAX_GAME_MOVES];
    unsigned char st[GAME_STATE_MAX] __attribute__((aligned(16))), back[GAME_STATE_MAX] __attribute__((aligned(16)));
    static char text[GAME_TEXT_MAX], edit[GAME_TEXT_MAX];
    for (int gi = 0; game_engines[gi]; gi++) {
        const game_engine *g = game_engines[gi];
        long tried = 0, loaded = 0;
        for (int players = g->min_players; players <= g->max_players; players++)
            for (uint64_t seed = 1; seed <= 2; seed++) {
                game_config cfg = {players, g->profiles[0].readings};
                ck_assert_int_eq(g->setup_seed(st, &cfg, seed), GAME_OK);
                rf_chooser ch = {.use_rng = 1, .rng = seed * 77 + (uint64_t)players};
                long n = rf_play(g, st, &ch, NULL, log, RF_MAX_GAME_MOVES, RF_MAX_GAME_MOVES);
                for (int q = 0; q < 4; q++) {                     /* the deal, a third, two thirds, the end */
                    ck_assert_int_eq(g->setup_seed(st, &cfg, seed), GAME_OK);
                    for (long m = 0; m < n * q / 3; m++) ck_assert_int_eq(g->apply(st, &log[m]), GAME_OK);
                    ck_assert_int_gt(g->position_print(st, text, sizeof text), 0);
                    for (int a = 0; text[a];) {
                        if (!token_char(text[a]) || (a > 0 && token_char(text[a - 1]))) { a++; continue; }
                        int b = a;
                        while (token_char(text[b])) b++;
                        int in_value = 0;                         /* after the field's '=' */
                        for (int k = a - 1; k >= 0 && text[k] != ';'; k--) in_value |= text[k] == '=';
                        if (in_value && plain_token(text + a, b - a))
                            for (int v = 0; v < nv; v++) {
                                snprintf(edit, sizeof edit, "%.*s%s%s", a, text, values[v], text + b);
                                char err[256] = "";
                                tried++;
                                if (g->setup_position(back, &cfg, edit, err, sizeof err) != GAME_OK) {
                                    ck_assert_msg(err[0] && !strchr(err, '\n'), "%s: a refusal without a one-line reason: %s", g->name, edit);
                                    continue;
                                }
                                loaded++;
                                ck_assert_int_eq(inv_init(&c, g, INV_GEN_ALL), 0);
                                inv_on_position(&c, back);
                                ck_assert_msg(c.violations == 0, "%s's loader took a position its oracle %s refuses (%s): %s", g->name,
                                              tu_first_id(&c), c.first_msg, edit);
                            }
                        a = b;
                    }
                }
            }
        ck_assert_int_gt(loaded, 0);
        ck_assert_int_gt(tried - loaded, 0);
    }
}
END_TEST

/* ---- The bar every game meets (issue 21, point 5) -------------------------------------------------- */

/* 1 when the record text's [Position] tag is partial: `rest=` at its start or after a ';'. */
static int partial_record(const char *text)
{
    const char *p = strstr(text, "[Position \"");
    if (!p) return 0;
    p += 11;
    const char *end = strchr(p, '"');
    for (const char *q = p; end && q + 5 <= end; q++)
        if ((q == p || q[-1] == ';') && !strncmp(q, "rest=", 5)) return 1;
    return 0;
}

/* Every engine of game_engines[] has score_now and why_illegal, its oracle set has check_position,
 * and corpus/records/<game>/ holds at least one partial-position example (a [Position] with rest=)
 * that replays clean with every oracle on and shows: its deal and every move print as a board and a
 * position. (tests/check_bids.c checks determinize and each oracle set's check_position too.) */
START_TEST(every_game_has_score_now_why_illegal_check_position_and_a_partial_position_record)
{
    int games = 0;
    for (int i = 0; game_engines[i]; i++, games++) {
        const game_engine *g = game_engines[i];
        ck_assert_msg(g->score_now != NULL, "%s has no score_now", g->name);
        ck_assert_msg(g->why_illegal != NULL, "%s has no why_illegal", g->name);
        const inv_game *og = inv_game_find(g->name);
        ck_assert_msg(og != NULL, "%s has no oracles", g->name);
        ck_assert_msg(og->check_position != NULL, "the oracles of %s have no check_position", g->name);
        char dir[512];
        snprintf(dir, sizeof dir, "%s/records/%s", tu_corpus(), g->name);
        struct dirent **names;
        int n = scandir(dir, &names, NULL, alphasort), partial = 0;
        ck_assert_msg(n >= 0, "no folder %s", dir);
        for (int k = 0; k < n; k++) {
            const char *name = names[k]->d_name;
            size_t nl = strlen(name);
            if (nl < 4 || strcmp(name + nl - 4, ".rec")) continue;
            char path[1024], err[RF_ERR_MAX];
            snprintf(path, sizeof path, "%s/%s", dir, name);
            size_t len;
            char *text = rf_read_file(path, &len, err, sizeof err);
            ck_assert_msg(text != NULL, "%s", err);
            if (partial_record(text)) {
                static rf_replay out;
                int rc = tu_replay(g, text, len, &out, err, sizeof err);
                ck_assert_msg(rc == RF_EXIT_OK, "%s does not replay clean: %s", path, err);
                for (long m = 0; m <= out.moves; m++) {            /* what rulefuzz show prints */
                    static rf_replay at;
                    static char board[GAME_TEXT_MAX * 2], ptext[GAME_TEXT_MAX];
                    ck_assert_msg(rf_replay_upto(path, text, len, NULL, m, &at, err, sizeof err) == RF_EXIT_OK, "%s", err);
                    ck_assert_int_gt(g->board_print(at.st, board, sizeof board), 0);
                    ck_assert_int_gt(g->position_print(at.st, ptext, sizeof ptext), 0);
                }
                partial++;
            }
            free(text);
        }
        for (int k = 0; k < n; k++) free(names[k]);
        free(names);
        ck_assert_msg(partial > 0, "corpus/records/%s/ has no partial-position example (a [Position] with rest=pile|box)", g->name);
    }
    ck_assert_int_ge(games, 4);
}
END_TEST

static Suite *positions_suite(void)
{
    Suite *s = suite_create("positions");
    TCase *tc = tcase_create("gp partial positions");
    tcase_add_test(tc, gp_a_partial_position_deals_its_question_marks_from_the_seed);
    tcase_add_test(tc, gp_missing_fields_take_the_values_of_a_fresh_turn);
    tcase_add_test(tc, gp_rest_pile_fills_the_pile_and_rest_box_leaves_nothing_over);
    tcase_add_test(tc, gp_bad_partial_positions_are_refused_naming_the_field);
    suite_add_tcase(s, tc);
    tc = tcase_create("bids partial positions");
    tcase_add_test(tc, bids_a_partial_position_deals_its_question_marks_from_the_seed);
    tcase_add_test(tc, bids_missing_fields_take_the_values_of_a_fresh_trick);
    tcase_add_test(tc, bids_rest_pile_fills_the_piles_and_rest_box_boxes_the_rest);
    tcase_add_test(tc, bids_bad_partial_positions_are_refused_naming_the_field);
    suite_add_tcase(s, tc);
    tc = tcase_create("garbled");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, truncated_and_garbled_partial_records_never_crash);
    tcase_add_test(tc, what_a_loader_takes_its_position_oracles_pass);
    suite_add_tcase(s, tc);
    tc = tcase_create("every game");
    tcase_add_test(tc, every_game_has_score_now_why_illegal_check_position_and_a_partial_position_record);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(positions_suite());
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
