/* inv_kk.c: Kleine Kläffer oracles: every KK- clause restated over (pre, move, post), engine-free. */
#include <stdio.h>
#include <string.h>
#include "oracle.h"
#include "../rules/kk.h"

/* Independence: nothing here calls rules/kk.c to compute what the rules require. The only engine
 * data used are kk.h's constants and macros and the state bytes; the physical facts are the
 * oracle's own (KF below, from SPEC.md's parameter table and the text's numbers), and the engine's
 * table kk_param is read by KK-FACTS alone, to compare it with them.
 * KK-INFO-BACKS judges the engine's own redact (through the context's engine, as the final
 * clauses judge its result) against what the rule says every seat sees. The council geometry, the
 * runs, the matching, the crisis, the draw, the refill, the turn flow and the final tally are
 * restated below from the design note (/tmp/kk-design.md, SPEC.md) and the German rule text.
 *
 * Method: from (pre, move) the oracle builds the whole expected post state (kx.e) by its own
 * reading of the rules, keeping the intermediate stages (council after the placement, after the
 * take, after the refill). Each clause then compares the part of post it owns, in the order the
 * rules run (place, take, crisis, end, draw, refill, last round, hands, flow); a step stops at
 * its first failing clause so that one wrong effect is reported once, under its own clause. A
 * final frame comparison reports anything else that changed under the move's clause. */

#define NO KK_NONE
#define W  4                    /* council side: cell = row*4 + col */

/* A card's colour, restated from SPEC.md's card ids (colour times twelve plus the card's number in its
 * colour) rather than taken from kk.h (issue 36 point 1): the name stays, kk.h's definition does not. */
#undef KK_COLOUR
#define KK_COLOUR(id) ((id) / 12)

enum {
    K_CARDS_72, K_SETUP_PLAYERS, K_SETUP_REMOVAL, K_SETUP_HANDS, K_INFO_BACKS, K_SETUP_COUNCIL,
    K_SETUP_PILES, K_TURN_ORDER, K_TURN_GIVE, K_TURN_PLACE, K_TAKE_RUN, K_TAKE_MATCH, K_CRISIS, K_DRAW,
    K_REFILL, K_END_LASTROUND, K_END_HANDS, K_FINAL_MAJORITY, K_FINAL_OPEN, K_FINAL_TIE, K_FINAL_PENALTY,
    K_FINAL_WINNER, K_LEGAL_SET, K_FACTS, K_N
};

/* The cases each clause distinguishes (SPEC.md, each clause's "- **Cases:**" bullet), in the
 * order of the table's names; a clause with one case (`any`) has none listed. */
enum { C_PL_TWO, C_PL_THREE, C_PL_FOUR };                       /* KK-SETUP-PLAYERS, KK-SETUP-REMOVAL */
enum { C_BACKS_FULL, C_BACKS_SHORT };                           /* KK-INFO-BACKS */
enum { C_START_RING12, C_START_ALL16 };                         /* KK-SETUP-COUNCIL, KK-SETUP-PILES */
enum { C_ORDER_START, C_ORDER_NEXT, C_ORDER_WRAP };             /* KK-TURN-ORDER */
enum { C_GIVE_ONE, C_GIVE_SEVERAL, C_GIVE_LAST };               /* KK-TURN-GIVE */
enum { C_PLACE_PLACE, C_PLACE_PASS_STUCK, C_PLACE_PASS_LAST };  /* KK-TURN-PLACE */
enum { C_RUN_NEITHER, C_RUN_COLUMN, C_RUN_ROW, C_RUN_BOTH };    /* KK-TAKE-RUN */
enum { C_MATCH_COLOUR, C_MATCH_BREED, C_MATCH_MIXED, C_MATCH_GAP };   /* KK-TAKE-MATCH */
enum { C_CRISIS_TOOK, C_CRISIS_CAPTURES, C_CRISIS_CONVINCED, C_CRISIS_EMPTY_ENDS, C_CRISIS_EMPTY_PLAYED,
       C_CRISIS_DRAW_ENDS };                                    /* KK-CRISIS */
enum { C_DRAW_CHOICE, C_DRAW_CHOSEN, C_DRAW_ONE_LEFT, C_DRAW_SWITCH, C_DRAW_PILES_EMPTY,
       C_DRAW_HAND_FULL };                                      /* KK-DRAW */
enum { C_REFILL_NOT_NEEDED, C_REFILL_DRAWN, C_REFILL_OTHER, C_REFILL_PILES_OUT };   /* KK-REFILL */
enum { C_LAST_BEGINS, C_LAST_COUNTS, C_LAST_ENDS, C_LAST_BEGINS_ENDS, C_LAST_ALL_PASSED };  /* KK-END-LASTROUND */
enum { C_HANDS_LAST, C_HANDS_CRISIS, C_HANDS_PASSED };          /* KK-END-HANDS */
enum { C_MAJ_MAJORITY, C_MAJ_PLURALITY, C_MAJ_UNHELD };         /* KK-FINAL-MAJORITY */
enum { C_OPEN_SECURES_OTHER, C_OPEN_SECURES_NONE };             /* KK-FINAL-OPEN */
enum { C_TIE_TWO, C_TIE_MORE };                                 /* KK-FINAL-TIE */
enum { C_PEN_ZERO, C_PEN_OPEN };                                /* KK-FINAL-PENALTY */
enum { C_WIN_SOLE, C_WIN_SHARED, C_WIN_TIE_NONE, C_WIN_NOBODY, C_WIN_SECURERS };   /* KK-FINAL-WINNER */
enum { C_LEGAL_PLACE, C_LEGAL_GIVE, C_LEGAL_PASS, C_LEGAL_DRAW, C_LEGAL_OVER };     /* KK-LEGAL-SET */

static const inv_clause kk_clauses[K_N] = {
    {"KK-CARDS-72",       "inv_kk_cards_72",       "de", NULL},
    {"KK-SETUP-PLAYERS",  "inv_kk_setup_players",  "de", "two three four"},
    {"KK-SETUP-REMOVAL",  "inv_kk_setup_removal",  "de", "two-18 three-12 four-6"},
    {"KK-SETUP-HANDS",    "inv_kk_setup_hands",    "de", NULL},
    {"KK-INFO-BACKS",     "inv_kk_info_backs",     "de", "full-hands short-hand"},
    {"KK-SETUP-COUNCIL",  "inv_kk_setup_council",  "de", "ring12 all16"},
    {"KK-SETUP-PILES",    "inv_kk_setup_piles",    "de", "ring12 all16"},
    {"KK-TURN-ORDER",     "inv_kk_turn_order",     "de", "start next-seat wrap"},
    {"KK-TURN-GIVE",      "inv_kk_turn_give",      "de", "one-card several-cards last-round"},
    {"KK-TURN-PLACE",     "inv_kk_turn_place",     "de", "place pass-stuck pass-last-round"},
    {"KK-TAKE-RUN",       "inv_kk_take_run",       "de", "neither column row both"},
    {"KK-TAKE-MATCH",     "inv_kk_take_match",     "de", "colour breed mixed beyond-gap"},
    {"KK-CRISIS",         "inv_kk_crisis",         "de",
     "took-no-crisis captures convinced-captures empty-game-ends empty-takes-played draw-ends-game"},
    {"KK-DRAW",           "inv_kk_draw",           "de",
     "choice chosen-pile one-pile-left switch-pile piles-empty hand-full"},
    {"KK-REFILL",         "inv_kk_refill",         "de", "not-needed drawn-pile other-pile piles-out"},
    {"KK-END-LASTROUND",  "inv_kk_end_lastround",  "de", "begins counts-down ends begins-and-ends all-passed"},
    {"KK-END-HANDS",      "inv_kk_end_hands",      "de", "last-round empty-crisis all-passed"},
    {"KK-FINAL-MAJORITY", "inv_kk_final_majority", "de", "majority plurality unheld"},
    {"KK-FINAL-OPEN",     "inv_kk_final_open",     "de", "secures-other secures-none"},
    {"KK-FINAL-TIE",      "inv_kk_final_tie",      "de", "two-seats three-or-more"},
    {"KK-FINAL-PENALTY",  "inv_kk_final_penalty",  "de", "all-secured open-cards"},
    {"KK-FINAL-WINNER",   "inv_kk_final_winner",   "de", "sole tie-shared tie-none lowest-secured-none fewest-of-securers"},
    {"KK-LEGAL-SET",      "inv_kk_legal_set",      "de", "place give pass draw over"},
    {"KK-FACTS",          "inv_kk_facts",          "de", NULL},
};

/* ---- The physical facts, in the oracle's own words (KK-FACTS) ------------------------------- */

/* KK-FACTS: what the oracles know of the cards and the numbers of the game, written from SPEC.md's
 * "Parameters (Kleine Kläffer)" and the text, not read from the engine's table. A colour's 12
 * cards are four of each breed, breed by breed (Chihuahua, Zwergspitz, Bulldogge), each breed's
 * votes ascending: "1235" is Chihuahua 1, 2, 3 and 5 (ASSUMPTION, the even split SPEC.md argues). */
static const struct {
    const char *votes[KK_BREEDS];  /* per breed, its four cards' votes */
    int removed_per_missing_seat;  /* "bei 2 Spielern 18 Karten, bei 3 Spielern 12 Karten und bei 4 Spielern 6" */
    int hand;                      /* "Jeder Spieler erhält 4 Karten." */
    int threshold;                 /* "10 oder höher" */
    int free_after_refill;         /* "bis nur mehr 4 Plätze frei sind" */
} KF = {{"1235", "1245", "2345"}, 6, 4, 10, 4};

static int colour_of(int id) { return KK_COLOUR(id); }
static int breed_of(int id)  { return id % KK_PER / 4; }
static int value_of(int id)  { return KF.votes[breed_of(id)][id % KK_PER % 4] - '0'; }
/* Cards removed unseen: 6 for every seat short of 5 (2: 18, 3: 12, 4: 6). */
static int removed_for(int players) { return players >= 2 && players <= KK_MAXP ? KF.removed_per_missing_seat * (5 - players) : 0; }
static int is_card(int v)    { return v >= 0 && v < KK_CARDS; }

/* "entweder mit der Farbe oder mit der Hunderasse ... übereinstimmen": shares colour or breed */
static int matches(int a, int b) { return colour_of(a) == colour_of(b) || breed_of(a) == breed_of(b); }

/* Taken from a convinced line. KK-AMB-MATCH-OR: either (colour, breed or both) | exactly-one
 * (colour or breed but not both: "entweder ... oder" read as exclusive). */
static int taken_by_match(uint32_t r, int a, int b)
{
    int c = colour_of(a) == colour_of(b), br = breed_of(a) == breed_of(b);
    return (r & KK_R_MATCH_XOR) ? c != br : c || br;
}

/* ---- Names for messages (only built on a failure path) ------------------------------------ */

typedef struct { char s[48]; } nm;

/* Cell name: column letter a-d + row 1-4 from the top ("c2" = row 1, col 2). */
static nm cn(int c)
{
    nm r;
    if (c < 0 || c >= KK_CELLS) snprintf(r.s, sizeof r.s, "cell#%d", c);
    else snprintf(r.s, sizeof r.s, "%c%d", 'a' + c % W, c / W + 1);
    return r;
}

/* Card name: colour letter (y o r p b g) + breed (C S F) + votes: "gC5"; "free" for none. */
static nm kn(int v)
{
    nm r;
    if (is_card(v))
        snprintf(r.s, sizeof r.s, "%c%c%d", "yorpbg"[colour_of(v)], "CSF?"[breed_of(v) & 3], value_of(v));
    else if (v == NO) snprintf(r.s, sizeof r.s, "free");
    else snprintf(r.s, sizeof r.s, "code#%d", v);
    return r;
}

static nm sn(int q)
{
    nm r;
    if (q == NO) snprintf(r.s, sizeof r.s, "nobody");
    else snprintf(r.s, sizeof r.s, "P%d", q + 1);
    return r;
}

static char colour_letter(int col) { return col >= 0 && col < KK_COLOURS ? "yorpbg"[col] : '?'; }

/* A hand as "gC1 gS2 rF3 -". */
static nm hn(const uint8_t *hd)
{
    nm r;
    size_t o = 0;
    r.s[0] = 0;
    for (int j = 0; j < KK_HAND && o < sizeof r.s; j++)
        o += (size_t)snprintf(r.s + o, sizeof r.s - o, "%s%s", j ? " " : "", hd[j] == NO ? "-" : kn(hd[j]).s);
    return r;
}

static const char *phase_name(int ph)
{
    static const char *const names[] = {"PLACE", "DRAW", "OVER"};
    return ph >= 0 && ph <= KK_PH_OVER ? names[ph] : "?";
}

/* ---- Council geometry, restated ----------------------------------------------------------- */

/* Line L through cell `at`: L 0 its column, L 1 its row; i = position 0..3 along it. */
static int line_cell(int L, int at, int i) { return L == 0 ? i * W + at % W : (at / W) * W + i; }
static int line_pos(int L, int at) { return L == 0 ? at / W : at % W; }
static int in_line(int L, int at, int c) { return L == 0 ? c % W == at % W : c / W == at / W; }

static nm ln(int L, int at)
{
    nm r;
    if (L == 0) snprintf(r.s, sizeof r.s, "column %c", 'a' + at % W);
    else snprintf(r.s, sizeof r.s, "row %d", at / W + 1);
    return r;
}

static int free_count(const uint8_t *cl)
{
    int n = 0;
    for (int i = 0; i < KK_CELLS; i++) n += cl[i] == NO;
    return n;
}

/* "direkt an eine bereits ausliegende Karte angrenzt": an orthogonal neighbour inside the 4x4
 * holds a card. */
static int next_to_card(const uint8_t *cl, int i)
{
    int r = i / W, col = i % W;
    return (r > 0 && cl[i - W] != NO) || (r < W - 1 && cl[i + W] != NO) ||
           (col > 0 && cl[i - 1] != NO) || (col < W - 1 && cl[i + 1] != NO);
}

/* The first free place next to a card, -1 when there is none. */
static int first_place(const uint8_t *cl)
{
    for (int i = 0; i < KK_CELLS; i++)
        if (cl[i] == NO && next_to_card(cl, i)) return i;
    return -1;
}

/* ---- Hands and piles ------------------------------------------------------------------------ */

static int hcount(const uint8_t *hd)
{
    int n = 0;
    for (int j = 0; j < KK_HAND; j++) n += hd[j] != NO;
    return n;
}

static int hhas(const uint8_t *hd, int id)
{
    for (int j = 0; j < KK_HAND; j++) if (hd[j] == id) return 1;
    return 0;
}

/* Remove id, keeping the ascending prefix and KK_NONE at the end. */
static void hdel(uint8_t *hd, int id)
{
    int j = 0;
    while (j < KK_HAND && hd[j] != id) j++;
    if (j == KK_HAND) return;
    for (; j + 1 < KK_HAND; j++) hd[j] = hd[j + 1];
    hd[KK_HAND - 1] = NO;
}

/* Insert id into the ascending prefix (no-op when full). */
static void hadd(uint8_t *hd, int id)
{
    int j = hcount(hd);
    if (j >= KK_HAND) return;
    while (j > 0 && hd[j - 1] > id) { hd[j] = hd[j - 1]; j--; }
    hd[j] = (uint8_t)id;
}

/* The pile to take from: `first` while it holds cards, then the other; -1 when both are empty. */
static int pile_pick(const kk_state *s, int first)
{
    return s->pile_len[first] ? first : s->pile_len[1 - first] ? 1 - first : -1;
}

/* Take the top card (the last element) of pile i. */
static int pile_pop(kk_state *s, int i)
{
    int len = s->pile_len[i] - 1, v = s->pile[i][len];
    s->pile[i][len] = 0;
    s->pile_len[i] = (uint8_t)len;
    return v;
}

static const char *pile_name(int i) { return i == 0 ? "left" : i == 1 ? "right" : "no"; }

/* Shape good enough to index with. */
static int sane(const kk_state *s)
{
    return s->players >= 2 && s->players <= KK_MAXP && s->turn < s->players && s->phase <= KK_PH_OVER &&
           s->pile_len[0] <= KK_PILE_MAX && s->pile_len[1] <= KK_PILE_MAX;
}

/* Every byte in range (cards or KK_NONE where the state allows them), checked silently on the
 * state before a move: a position given as text is not checked by KK-CARDS-72. */
static int shape_ok(const kk_state *s)
{
    if (!sane(s)) return 0;
    for (int i = 0; i < KK_CELLS; i++) if (s->council[i] != NO && !is_card(s->council[i])) return 0;
    for (int p = 0; p < 2; p++) for (int i = 0; i < s->pile_len[p]; i++) if (!is_card(s->pile[p][i])) return 0;
    for (int q = 0; q < KK_MAXP; q++)
        for (int j = 0; j < KK_HAND; j++) if (s->hand[q][j] != NO && !is_card(s->hand[q][j])) return 0;
    return 1;
}

/* ---- KK-CARDS-72 ------------------------------------------------------------------------------ */

/* KK-CARDS-72: "72 Karten, jede Karte zeigt ein Mitglied des Hunderates ... sowie eine Zahl
 * zwischen 1 und 5 ... gelb, orange, rot, lila, blau, grün". Every card lies in exactly one
 * place: the council, a pile (its first pile_len entries), a hand, a territory or the box; and
 * the state is in its canonical form (hands ascending with free slots at the end, pile slots
 * above the top 0, flags 0/1, unused seats empty). Returns 0 when the state is too broken to
 * check further. */
/* part: INV_CARDS_FORM, INV_CARDS_COUNT or INV_CARDS_ALL (oracle.h). */
static int inv_kk_cards_part(inv_ctx *c, int k0, const kk_state *s, int part)
{
    int k = k0 + K_CARDS_72;
    int cnt[KK_CARDS];
    if (part & INV_CARDS_FORM) inv_applied(c, k);
    if (!sane(s)) {
        inv_fail(c, k, "malformed state: players %d, turn %d, phase %d, piles %d/%d", s->players, s->turn,
                 s->phase, s->pile_len[0], s->pile_len[1]);
        return 0;
    }
    memset(cnt, 0, sizeof cnt);
    for (int i = 0; i < KK_CELLS; i++) {
        int v = s->council[i];
        if (is_card(v)) cnt[v]++;
        else if (v != NO) { inv_fail(c, k, "council place %s holds %s", cn(i).s, kn(v).s); return 0; }
    }
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < KK_PILE_MAX; i++) {
            int v = s->pile[p][i];
            if (i >= s->pile_len[p]) {
                if (v != 0) { inv_fail(c, k, "%s pile slot %d above the top (%d cards) holds %d, expected 0",
                                       pile_name(p), i, s->pile_len[p], v); return 0; }
                continue;
            }
            if (!is_card(v)) { inv_fail(c, k, "%s pile slot %d holds %s", pile_name(p), i, kn(v).s); return 0; }
            cnt[v]++;
        }
    for (int q = 0; q < KK_MAXP; q++) {
        int prev = -1, gap = 0;
        for (int j = 0; j < KK_HAND; j++) {
            int v = s->hand[q][j];
            if (q >= s->players && v != NO) { inv_fail(c, k, "unused seat %s holds %s", sn(q).s, kn(v).s); return 0; }
            if (v == NO) { gap = 1; continue; }
            if (!is_card(v) || gap || v <= prev) {
                inv_fail(c, k, "%s's hand %s is not ascending cards with free slots at the end", sn(q).s,
                         hn(s->hand[q]).s);
                return 0;
            }
            prev = v;
            cnt[v]++;
        }
        for (int v = 0; v < KK_CARDS; v++) {
            if (s->terr[q][v] > 1 || (q >= s->players && s->terr[q][v])) {
                inv_fail(c, k, "%s's territory flag for %s is %d", sn(q).s, kn(v).s, s->terr[q][v]);
                return 0;
            }
            cnt[v] += s->terr[q][v];
        }
    }
    for (int v = 0; v < KK_CARDS; v++) {
        if (s->box[v] > 1) { inv_fail(c, k, "box flag for %s is %d", kn(v).s, s->box[v]); return 0; }
        cnt[v] += s->box[v];
    }
    if (s->pad0[0] || s->pad0[1]) { inv_fail(c, k, "padding bytes %d %d, expected 0", s->pad0[0], s->pad0[1]); return 0; }
    if (!(part & INV_CARDS_COUNT)) return 1;
    inv_fired(c, k);
    for (int v = 0; v < KK_CARDS; v++) {
        if (cnt[v] == 1) continue;
        int co = 0, pl = 0, hd = 0, te = 0;
        for (int i = 0; i < KK_CELLS; i++) co += s->council[i] == v;
        for (int p = 0; p < 2; p++) for (int i = 0; i < s->pile_len[p]; i++) pl += s->pile[p][i] == v;
        for (int q = 0; q < s->players; q++) { hd += hhas(s->hand[q], v); te += s->terr[q][v]; }
        inv_fail(c, k, "%s counted %d times, expected once (council %d, piles %d, hands %d, territories %d, box %d)",
                 kn(v).s, cnt[v], co, pl, hd, te, s->box[v]);
        return 1;
    }
    return 1;
}

static int inv_kk_cards_72(inv_ctx *c, int k0, const kk_state *s) { return inv_kk_cards_part(c, k0, s, INV_CARDS_ALL); }

/* ---- Setup -------------------------------------------------------------------------------------- */

static int council_cards(const kk_state *s) { return KK_CELLS - free_count(s->council); }

/* Is cell i one of the four inner places (b2 c2 b3 c3)? */
static int inner(int i) { int r = i / W, col = i % W; return r > 0 && r < W - 1 && col > 0 && col < W - 1; }

/* KK-SETUP-PLAYERS: "für 2 bis 4 Spieler". A game has 2, 3 or 4 players, and no move changes the
 * count (pre NULL: a fresh deal). Returns 0 when the count is wrong: the state cannot be indexed. */
static int inv_kk_setup_players(inv_ctx *c, int k0, const kk_state *pre, const kk_state *s)
{
    int k = k0 + K_SETUP_PLAYERS;
    inv_applied(c, k);
    if (s->players < 2 || s->players > 4) {
        inv_fail(c, k, "%d players, expected 2 to 4", s->players);
        return 0;
    }
    if (pre && pre->players != s->players) {
        inv_fail(c, k, "a move changed the number of players from %d to %d", pre->players, s->players);
        return 0;
    }
    inv_fired_case(c, k, s->players - 2);      /* C_PL_TWO, C_PL_THREE, C_PL_FOUR */
    return 1;
}

/* KK-SETUP-REMOVAL: "Abhängig von der Spieleranzahl werden bei 2 Spielern 18 Karten, bei 3
 * Spielern 12 Karten und bei 4 Spielern 6 Karten ungesehen aus dem Spiel entfernt und zurück in
 * die Schachtel gelegt." */
static void inv_kk_setup_removal(inv_ctx *c, int k0, const kk_state *s)
{
    int k = k0 + K_SETUP_REMOVAL, n = 0, want = removed_for(s->players);
    inv_applied(c, k);
    for (int v = 0; v < KK_CARDS; v++) n += s->box[v];
    if (n != want) {
        inv_fail(c, k, "%d players: %d cards in the box at the deal, expected %d", s->players, n, want);
        return;
    }
    if (want > 0) inv_fired_case(c, k, s->players - 2);   /* 18, 12 or 6 cards */
}

/* KK-SETUP-HANDS: "Jeder Spieler erhält 4 Karten." Nobody has a territory yet. */
static void inv_kk_setup_hands(inv_ctx *c, int k0, const kk_state *s)
{
    int k = k0 + K_SETUP_HANDS;
    inv_applied(c, k);
    for (int q = 0; q < s->players; q++) {
        if (hcount(s->hand[q]) != KF.hand) {
            inv_fail(c, k, "%s holds %d cards (%s) at the deal, expected %d", sn(q).s, hcount(s->hand[q]),
                     hn(s->hand[q]).s, KF.hand);
            return;
        }
        for (int v = 0; v < KK_CARDS; v++)
            if (s->terr[q][v]) { inv_fail(c, k, "%s has %s in a territory at the deal", sn(q).s, kn(v).s); return; }
    }
    inv_fired(c, k);
}

/* The colours of a hand, counted: what its backs show. */
static void back_colours(const uint8_t *hd, int *n)
{
    memset(n, 0, sizeof(int) * KK_COLOURS);
    for (int j = 0; j < KK_HAND; j++) if (is_card(hd[j])) n[colour_of(hd[j])]++;
}

/* KK-INFO-BACKS: "Die Spieler müssen die Karten während des gesamten Spieles so in der Hand halten,
 * dass die Kartenrückseiten von den Mitspielern immer gut gesehen werden können." The backs show
 * the colour (SPEC.md), so in every seat's view (the engine's redact for that seat) each other hand
 * still shows as many cards of each colour, and the viewer's own hand, the council, the
 * territories (laid "offen") and the pile heights are as they are. Fires when a seat sees a back. */
static void inv_kk_info_backs(inv_ctx *c, int k0, const kk_state *s, int only)
{
    int k = k0 + K_INFO_BACKS, fired = 0, short_hand = 0;
    if (!c->g || !c->g->redact || c->g->state_size != sizeof *s) return;
    inv_applied(c, k);
    for (int v = 0; v < s->players; v++) {
        if (only >= 0 && v != only) continue;
        kk_state view = *s;
        c->g->redact(&view, v);
        if (memcmp(view.hand[v], s->hand[v], KK_HAND) != 0) {
            inv_fail(c, k, "%s's view of its own hand is %s, expected %s", sn(v).s, hn(view.hand[v]).s,
                     hn(s->hand[v]).s);
            return;
        }
        if (memcmp(view.council, s->council, KK_CELLS) != 0 || memcmp(view.terr, s->terr, sizeof s->terr) != 0 ||
            view.pile_len[0] != s->pile_len[0] || view.pile_len[1] != s->pile_len[1]) {
            inv_fail(c, k, "%s's view changes the open council, territories or pile heights", sn(v).s);
            return;
        }
        for (int q = 0; q < s->players; q++) {
            if (q == v) continue;
            int want[KK_COLOURS], got[KK_COLOURS];
            back_colours(s->hand[q], want);
            back_colours(view.hand[q], got);
            if (memcmp(want, got, sizeof want) != 0) {
                inv_fail(c, k, "%s sees %s's hand as %s, whose backs show other colours than %s", sn(v).s, sn(q).s,
                         hn(view.hand[q]).s, hn(s->hand[q]).s);
                return;
            }
            fired |= hcount(s->hand[q]) > 0;
            short_hand |= hcount(s->hand[q]) < KK_HAND;
        }
    }
    if (fired) inv_fired_case(c, k, short_hand ? C_BACKS_SHORT : C_BACKS_FULL);
}

/* KK-SETUP-COUNCIL: "Anschließend wird ein Rechteck mit 4x4 Karten in der Tischmitte aufgelegt.
 * Die vier Plätze im Inneren des Rechtecks bleiben zunächst frei. Alle 16 Karten bilden den
 * Rat der kleinen Kläffer." */
static void inv_kk_setup_council(inv_ctx *c, int k0, const kk_state *s)
{
    int k = k0 + K_SETUP_COUNCIL;
    /* KK-AMB-START-CARDS: ring12 (the four inner places free) | all16 (every place holds a card) */
    int all16 = (s->readings & KK_R_START_ALL16) != 0;
    inv_applied(c, k);
    for (int i = 0; i < KK_CELLS; i++) {
        int want_card = all16 || !inner(i);
        if (want_card && s->council[i] == NO) {
            inv_fail(c, k, "council place %s is free at the deal, expected a card (start=%s)", cn(i).s,
                     all16 ? "all16" : "ring12");
            return;
        }
        if (!want_card && s->council[i] != NO) {
            inv_fail(c, k, "inner place %s holds %s at the deal, expected free (start=ring12)", cn(i).s,
                     kn(s->council[i]).s);
            return;
        }
    }
    inv_fired_case(c, k, all16 ? C_START_ALL16 : C_START_RING12);
}

/* KK-SETUP-PILES: "Die restlichen Karten werden in zwei, zirka gleich hohe Stapel geteilt und
 * links und rechts neben dem Rat ausgelegt." The left pile gets ceil(n/2) (assumption). */
static void inv_kk_setup_piles(inv_ctx *c, int k0, const kk_state *s)
{
    int k = k0 + K_SETUP_PILES, P = s->players;
    int n = KK_CARDS - removed_for(P) - P * KF.hand - council_cards(s);
    int left = (n + 1) / 2;
    inv_applied(c, k);
    if (s->pile_len[0] != left || s->pile_len[1] != n - left) {
        inv_fail(c, k, "%d players, %d council cards: piles %d/%d at the deal, expected %d/%d", P,
                 council_cards(s), s->pile_len[0], s->pile_len[1], left, n - left);
        return;
    }
    /* KK-AMB-START-CARDS: the council holds 12 (ring12) or 16 (all16) cards, the piles the rest */
    inv_fired_case(c, k, (s->readings & KK_R_START_ALL16) ? C_START_ALL16 : C_START_RING12);
}

/* ---- The step under check: what the rules make of (pre, move) ----------------------------- */

enum { TK_NONE = 0, TK_MATCH, TK_CRISIS, TK_PLAYED };
enum { BAD_NONE = 0, BAD_GAVE, BAD_ROUND, BAD_COLOUR, BAD_SEAT, BAD_NO_TERR, BAD_HAS_COLOUR,
       BAD_NOT_IN_HAND, BAD_CELL, BAD_OCCUPIED, BAD_NOT_NEXT, BAD_CAN_PLACE, BAD_PILE, BAD_LAST };

typedef struct kx {
    int pass_counted;     /* a draw after this turn's pass: the pass is already in passes */
    const kk_state *pre, *post;
    const game_move *m;
    uint32_t r;
    int np, p, kind;
    int main;                       /* the move's own clause: frame differences go there */
    int wrong_phase;                /* the move kind does not belong to pre's phase */
    int bad;                        /* BAD_*: the move breaks its own rule */
    /* PLACE */
    int X, at;                      /* played card and its place */
    uint8_t c1[KK_CELLS];           /* council after the placement */
    uint8_t c2[KK_CELLS];           /* council after taking and the crisis (before the refill) */
    int lo[2], hi[2], sum[2], conv[2];   /* L 0 column, 1 row: run positions, votes, convinced */
    int nmatch[2];                  /* matching cards in a convinced line */
    uint8_t take[KK_CARDS];         /* TK_*: why a council card goes to the mover */
    int n_match, n_crisis, last_place, crisis, crisis_end;
    /* draw, refill, end of turn */
    int placed;                     /* the turn placed a card (PLACE, DRAW moves) */
    int to_draw;                    /* the move stops at the DRAW decision */
    int draw_step;                  /* the move runs the draw and the refill */
    int src;                        /* pile drawn from first, the refill's source */
    int n_drawn, n_refill, n_hand_moved;
    int need;                       /* cards the hand lacked when the draw began */
    int drawn_from;                 /* bit i: a card was drawn from pile i */
    int n_refill_other;             /* refill cards from the pile not drawn from */
    uint8_t drawn[KK_HAND];
    int len_d[2];                   /* pile lengths after the draw, before the refill */
    int turn_end, began_last, ended_last, ended_pass;
    int ended_crisis;               /* the turn of a crisis that took nothing ended: the game ends */
    kk_state e;                     /* the expected post state */
} kx;

static int move_phase(int kind)
{
    switch (kind) {
    case KK_MV_GIVE: case KK_MV_PLACE: case KK_MV_PASS: return KK_PH_PLACE;
    case KK_MV_DRAW: return KK_PH_DRAW;
    default: return -1;
    }
}

static nm mvname(const game_move *m)
{
    nm r;
    switch (m->kind) {
    case KK_MV_GIVE:  snprintf(r.s, sizeof r.s, "give %c %.8s", colour_letter(m->a), sn(m->b).s); break;
    case KK_MV_PLACE: snprintf(r.s, sizeof r.s, "place %.10s %.10s", kn(m->a).s, cn(m->b).s); break;
    case KK_MV_PASS:  snprintf(r.s, sizeof r.s, "pass"); break;
    case KK_MV_DRAW:  snprintf(r.s, sizeof r.s, "draw %s", pile_name(m->a)); break;
    default:          snprintf(r.s, sizeof r.s, "kind %d", m->kind); break;
    }
    return r;
}

static int has_colour(const kk_state *s, int q, int col)
{
    for (int k = 0; k < KK_PER; k++) if (s->terr[q][col * KK_PER + k]) return 1;
    return 0;
}

/* KK-TURN-GIVE's conditions; BAD_NONE when the give is legal. */
static int give_check(const kx *h)
{
    const kk_state *pre = h->pre;
    int col = h->m->a, to = h->m->b;
    if (pre->gave) return BAD_GAVE;
    /* KK-AMB-LAST-GIVE: forbidden: no give in the last round */
    if (pre->last_left != NO && (h->r & KK_R_LAST_NO_GIVE)) return BAD_LAST;
    /* KK-AMB-SECOND-ROUND: round (every seat has had a turn) | turn (from the game's second turn) */
    int from = (h->r & KK_R_GIVE_FROM_TURN) ? 1 : h->np;
    if (pre->turns < from) return BAD_ROUND;
    if (col >= KK_COLOURS) return BAD_COLOUR;
    if (to >= h->np || to == h->p) return BAD_SEAT;
    if (!has_colour(pre, h->p, col)) return BAD_NO_TERR;
    if (has_colour(pre, to, col)) return BAD_HAS_COLOUR;
    return BAD_NONE;
}

static int place_check(const kx *h)
{
    const kk_state *pre = h->pre;
    int X = h->m->a, at = h->m->b;
    if (!is_card(X) || !hhas(pre->hand[h->p], X)) return BAD_NOT_IN_HAND;
    if (at >= KK_CELLS) return BAD_CELL;
    if (pre->council[at] != NO) return BAD_OCCUPIED;
    if (!next_to_card(pre->council, at)) return BAD_NOT_NEXT;
    return BAD_NONE;
}

/* KK-TURN-PLACE's pass: legal only when no place move is (KK-AMB-LAST-PLACE: under may-pass a seat
 * may pass in the last round); BAD_NONE when the pass is legal. */
static int pass_check(const kx *h)
{
    const kk_state *pre = h->pre;
    if (hcount(pre->hand[h->p]) > 0 && first_place(pre->council) >= 0 &&
        !(pre->last_left != NO && (h->r & KK_R_LAST_MAY_PASS))) return BAD_CAN_PLACE;
    return BAD_NONE;
}

/* KK-DRAW: a pile that exists and holds a card. */
static int draw_check(const kx *h)
{
    return h->m->a > 1 || h->pre->pile_len[h->m->a] == 0 ? BAD_PILE : BAD_NONE;
}

static const char *bad_reason(int b)
{
    switch (b) {
    case BAD_GAVE: return "a territory was already given this turn";
    case BAD_ROUND: return "territories may be given only from the second round";
    case BAD_LAST: return "no territory is given in the last round (last-give=forbidden)";
    case BAD_COLOUR: return "no such colour";
    case BAD_SEAT: return "the recipient is not another seat of the game";
    case BAD_NO_TERR: return "the mover has no territory of that colour";
    case BAD_HAS_COLOUR: return "the recipient already has a territory of that colour";
    case BAD_NOT_IN_HAND: return "the card is not in the mover's hand";
    case BAD_CELL: return "the place is outside the 4x4 council";
    case BAD_OCCUPIED: return "the place is not free";
    case BAD_NOT_NEXT: return "the place is not orthogonally next to a council card";
    case BAD_CAN_PLACE: return "a place move exists";
    case BAD_PILE: return "that pile does not exist or is empty";
    default: return "?";
    }
}

/* KK-TAKE-RUN, KK-TAKE-MATCH and KK-CRISIS for the card X just laid at `at` (council c1). */
static void take_compute(kx *h)
{
    const uint8_t *c1 = h->c1;
    int X = h->X, at = h->at;
    for (int L = 0; L < 2; L++) {
        int lo = line_pos(L, at), hi = lo, sum = 0;
        while (lo > 0 && c1[line_cell(L, at, lo - 1)] != NO) lo--;
        while (hi < W - 1 && c1[line_cell(L, at, hi + 1)] != NO) hi++;
        for (int i = lo; i <= hi; i++) sum += value_of(c1[line_cell(L, at, i)]);
        h->lo[L] = lo; h->hi[L] = hi; h->sum[L] = sum;
        h->conv[L] = sum >= KF.threshold;
        if (!h->conv[L]) continue;
        /* the whole line, gaps allowed; the played card stays */
        for (int i = 0; i < W; i++) {
            int cc = line_cell(L, at, i), id = c1[cc];
            if (cc == at || id == NO || !taken_by_match(h->r, id, X)) continue;
            h->take[id] = TK_MATCH;
            h->n_match++;
            h->nmatch[L]++;
        }
    }
    h->last_place = free_count(c1) == 0;
    if (!h->last_place || h->n_match > 0) return;
    h->crisis = 1;
    for (int L = 0; L < 2; L++)
        for (int i = 0; i < W; i++) {
            int cc = line_cell(L, at, i), id = c1[cc];
            if (cc == at || id == NO || matches(id, X)) continue;
            h->take[id] = TK_CRISIS;
            h->n_crisis++;
        }
    if (h->n_crisis > 0) return;
    /* KK-AMB-CRISIS-EMPTY: game-ends (the turn finishes with its draw, then the game is over) |
     * take-played (the mover takes the played card) */
    if (h->r & KK_R_CRISIS_TAKE) h->take[X] = TK_PLAYED;
    else h->crisis_end = 1;
}

/* The end of the game: every hand goes to its seat's territories (KK-END-HANDS). */
static void game_end(kx *h)
{
    kk_state *e = &h->e;
    for (int q = 0; q < h->np; q++)
        for (int j = 0; j < KK_HAND; j++) {
            int id = e->hand[q][j];
            if (id == NO) continue;
            e->terr[q][id] = 1;
            e->hand[q][j] = NO;
            h->n_hand_moved++;
        }
    e->phase = KK_PH_OVER;                      /* ending stays: 1 only after a crisis that took nothing */
}

/* KK-DRAW then KK-REFILL, `first` the pile chosen (or the left one when nobody chose). */
static void draw_refill(kx *h, int first)
{
    kk_state *e = &h->e;
    int p = h->p, i;
    h->draw_step = 1;
    h->src = first;
    h->len_d[0] = e->pile_len[0];
    h->len_d[1] = e->pile_len[1];
    memcpy(h->c2, e->council, KK_CELLS);
    /* KK-END-LASTROUND: "In the last round there is no draw and no refill" (the piles are empty) */
    h->need = KF.hand - hcount(e->hand[p]);
    if (h->pre->last_left != NO) return;
    while (hcount(e->hand[p]) < KF.hand && (i = pile_pick(e, first)) >= 0) {
        int v = pile_pop(e, i);
        hadd(e->hand[p], v);
        h->drawn[h->n_drawn++] = (uint8_t)v;
        h->drawn_from |= 1 << i;
    }
    h->len_d[0] = e->pile_len[0];
    h->len_d[1] = e->pile_len[1];
    /* the pile the hand was refilled from (its first card's), for telling the refill's cases */
    int drawn = (h->drawn_from & (1 << first)) || !h->drawn_from ? first : 1 - first;
    while (free_count(e->council) > KF.free_after_refill && (i = pile_pick(e, first)) >= 0) {
        int cell = 0;
        while (e->council[cell] != NO) cell++;       /* reading order: a1 b1 c1 d1 a2 ... d4 */
        e->council[cell] = (uint8_t)pile_pop(e, i);
        h->n_refill++;
        h->n_refill_other += i != drawn;
    }
}

/* The turn is over: the next seat, the last round, the all-pass end. */
static void end_turn(kx *h)
{
    kk_state *e = &h->e;
    const kk_state *pre = h->pre;
    int np = h->np, next = (h->p + 1) % np, over = 0;
    int passes = h->placed ? 0 : h->pass_counted ? pre->passes : pre->passes + 1;
    int ll = pre->last_left;
    h->turn_end = 1;
    /* KK-AMB-CRISIS-EMPTY=game-ends: "Am Ende des Zuges sind die Handkarten wieder auf 4 zu
     * ergänzen" holds for the crisis's turn too; after it nobody can place: the game is over */
    if (e->ending) { h->ended_crisis = 1; game_end(h); return; }
    if (ll != NO) {
        ll = ll > 0 ? ll - 1 : 0;
        if (ll == 0) h->ended_last = over = 1;
    } else if (e->pile_len[0] == 0 && e->pile_len[1] == 0) {
        h->began_last = 1;
        /* KK-AMB-LAST-ROUND: each-once (every seat one more turn, from the next seat) |
         * finish-round (only the seats left before the start seat P1 plays again) */
        ll = (h->r & KK_R_FINISH_ROUND) ? (np - next) % np : np;
        if (ll == 0) h->ended_last = over = 1;
    }
    /* gap: when no seat could place for a whole round, the game ends */
    if (passes >= np) h->ended_pass = over = 1;
    if (over) { game_end(h); return; }
    e->phase = KK_PH_PLACE;
    e->turn = (uint8_t)next;
    e->turns = (uint8_t)(pre->turns < 255 ? pre->turns + 1 : 255);
    e->gave = 0;
    e->passes = (uint8_t)passes;
    e->last_left = (uint8_t)ll;
}

/* After placing (or passing): stop at the DRAW decision, or draw, refill and end the turn. */
static void after_place(kx *h)
{
    kk_state *e = &h->e;
    if (h->pre->last_left == NO && hcount(e->hand[h->p]) < KF.hand &&
        e->pile_len[0] > 0 && e->pile_len[1] > 0) {
        h->to_draw = 1;
        memcpy(h->c2, e->council, KK_CELLS);
        e->phase = KK_PH_DRAW;
        return;
    }
    draw_refill(h, 0);
    end_turn(h);
}

/* What the rules make of pre + m: the expected post state and its stages. */
static void kx_build(kx *h, const kk_state *pre, const game_move *m, const kk_state *post)
{
    memset(h, 0, sizeof *h);
    h->pre = pre; h->post = post; h->m = m;
    h->r = pre->readings; h->np = pre->players; h->p = pre->turn; h->kind = m->kind;
    h->X = h->at = -1;
    h->main = K_TURN_ORDER;
    memcpy(&h->e, pre, sizeof *pre);
    memcpy(h->c1, pre->council, KK_CELLS);
    memcpy(h->c2, pre->council, KK_CELLS);
    if (move_phase(m->kind) != pre->phase) { h->wrong_phase = 1; return; }
    kk_state *e = &h->e;
    int p = h->p;
    switch (m->kind) {
    case KK_MV_GIVE:
        h->main = K_TURN_GIVE;
        if ((h->bad = give_check(h)) != BAD_NONE) return;
        for (int k = 0; k < KK_PER; k++) {
            int id = m->a * KK_PER + k;
            if (!e->terr[p][id]) continue;
            e->terr[p][id] = 0;
            e->terr[m->b][id] = 1;
        }
        e->gave = 1;
        return;
    case KK_MV_PLACE:
        h->main = K_TURN_PLACE;
        if ((h->bad = place_check(h)) != BAD_NONE) return;
        h->X = m->a; h->at = m->b;
        hdel(e->hand[p], h->X);
        h->c1[h->at] = (uint8_t)h->X;
        take_compute(h);
        for (int i = 0; i < KK_CELLS; i++) {
            int id = h->c1[i];
            if (id != NO && h->take[id]) { e->terr[p][id] = 1; e->council[i] = NO; }
            else e->council[i] = (uint8_t)id;
        }
        memcpy(h->c2, e->council, KK_CELLS);
        if (h->crisis_end) e->ending = 1;
        h->placed = 1;
        after_place(h);
        return;
    case KK_MV_PASS:
        if ((h->bad = pass_check(h)) != BAD_NONE) return;
        after_place(h);
        return;
    case KK_MV_DRAW:
        h->main = K_DRAW;
        if ((h->bad = draw_check(h)) != BAD_NONE) return;
        /* A DRAW phase follows the turn's placement or its pass: a placement left passes at 0,
         * a pass counted itself (an empty hand with both piles full, which positions allow). */
        h->placed = pre->passes == 0;
        h->pass_counted = !h->placed;
        draw_refill(h, m->a);
        end_turn(h);
        return;
    default:
        return;
    }
}

/* ---- KK-TURN-GIVE ----------------------------------------------------------------------------- */

/* KK-TURN-GIVE: "Immer nur zu Beginn eines Zuges darf der Spieler alle Karten EINES Reviers, die
 * er bereits gesammelt und vor sich liegen hat, einem Mitspieler übergeben, sofern dieser noch
 * kein Revier in dieser Farbe vor sich ausliegen hat. Das ist erst ab der zweiten Spielrunde
 * möglich. Der auserwählte Spieler muss diese Karten annehmen" */
static int inv_kk_turn_give(inv_ctx *c, int k0, const kx *h)
{
    int k = k0 + K_TURN_GIVE, p = h->p, col = h->m->a;
    const kk_state *post = h->post;
    if (h->kind != KK_MV_GIVE) return 1;
    inv_applied(c, k);
    if (h->bad) {
        inv_fail(c, k, "%s %s accepted after %d turns (%s): %s", sn(p).s, mvname(h->m).s, h->pre->turns,
                 h->pre->gave ? "gave already" : "first give", bad_reason(h->bad));
        return 0;
    }
    for (int kk = 0; kk < KK_PER; kk++) {
        int id = col * KK_PER + kk;
        for (int q = 0; q < h->np; q++)
            if (post->terr[q][id] != h->e.terr[q][id]) {
                inv_fail(c, k, "%s %s: %s %s in %s's territories, expected %s", sn(p).s, mvname(h->m).s,
                         kn(id).s, post->terr[q][id] ? "lies" : "does not lie", sn(q).s,
                         h->e.terr[q][id] ? "there (all the mover's cards of the colour move)" : "elsewhere");
                return 0;
            }
    }
    if (post->gave != 1) {
        inv_fail(c, k, "%s %s: gave flag %d, expected 1 (one give per turn)", sn(p).s, mvname(h->m).s, post->gave);
        return 0;
    }
    if (post->phase != KK_PH_PLACE || post->turn != p) {
        inv_fail(c, k, "%s %s: phase %s seat %s after the give, expected PLACE by %s", sn(p).s, mvname(h->m).s,
                 phase_name(post->phase), sn(post->turn).s, sn(p).s);
        return 0;
    }
    int given = 0;
    for (int kk = 0; kk < KK_PER; kk++) given += h->pre->terr[p][col * KK_PER + kk];
    /* KK-AMB-LAST-GIVE=allowed: a give in the last round is its own case, whatever it gives */
    inv_fired_case(c, k, h->pre->last_left != NO ? C_GIVE_LAST : given > 1 ? C_GIVE_SEVERAL : C_GIVE_ONE);
    return 1;
}

/* ---- KK-TURN-PLACE ---------------------------------------------------------------------------- */

/* KK-TURN-PLACE: "Der Spieler legt eine Karte aus der Hand auf einen freien Platz im Hunderat. Die
 * Karte muss dabei so gelegt werden, dass sie direkt an eine bereits ausliegende Karte angrenzt
 * und sich innerhalb der Grenze des Hunderats von 4x4 Feldern befindet!" */
static int inv_kk_turn_place(inv_ctx *c, int k0, const kx *h)
{
    int k = k0 + K_TURN_PLACE, p = h->p;
    const kk_state *pre = h->pre, *post = h->post;
    if (h->kind == KK_MV_PASS && !h->bad) {
        /* the gap: pass when no place move exists (an empty hand, no free place next to a card);
         * KK-AMB-LAST-PLACE=may-pass: in the last round a seat may pass although it could place */
        inv_applied(c, k);
        int stuck = hcount(pre->hand[p]) == 0 || first_place(pre->council) < 0;
        inv_fired_case(c, k, stuck ? C_PLACE_PASS_STUCK : C_PLACE_PASS_LAST);
        return 1;
    }
    if (h->kind != KK_MV_PLACE) return 1;
    inv_applied(c, k);
    if (h->bad) {
        inv_fail(c, k, "%s %s accepted (hand %s, place holds %s): %s", sn(p).s, mvname(h->m).s,
                 hn(pre->hand[p]).s, h->m->b < KK_CELLS ? kn(pre->council[h->m->b]).s : "-", bad_reason(h->bad));
        return 0;
    }
    if (hhas(post->hand[p], h->X)) {
        inv_fail(c, k, "%s %s: the card is still in the hand (%s)", sn(p).s, mvname(h->m).s, hn(post->hand[p]).s);
        return 0;
    }
    for (int j = 0; j < KK_HAND; j++) {
        int id = pre->hand[p][j];
        if (id == NO || id == h->X) continue;
        int kept = hhas(post->hand[p], id) || (post->phase == KK_PH_OVER && post->terr[p][id]);
        if (!kept) {
            inv_fail(c, k, "%s %s: %s left the hand too (hand %s -> %s)", sn(p).s, mvname(h->m).s, kn(id).s,
                     hn(pre->hand[p]).s, hn(post->hand[p]).s);
            return 0;
        }
    }
    if (!h->take[h->X] && post->council[h->at] != h->X) {
        inv_fail(c, k, "%s %s: %s holds %s after the move, expected the played card (it stays)", sn(p).s,
                 mvname(h->m).s, cn(h->at).s, kn(post->council[h->at]).s);
        return 0;
    }
    /* a placement ends a run of turns without one (the gap rule's count: a whole round of passes
     * ends the game) */
    if (post->phase != KK_PH_OVER && post->passes != 0) {
        inv_fail(c, k, "%s %s: 'passes' is %d after a placement, expected 0", sn(p).s, mvname(h->m).s, post->passes);
        return 0;
    }
    inv_fired_case(c, k, C_PLACE_PLACE);
    return 1;
}

/* ---- Taking: KK-TAKE-RUN, KK-TAKE-MATCH, KK-CRISIS ---------------------------------------------- */

/* Council card at cell i of c1 (the played card included): taken by the mover in post? */
static int obs_taken(const kx *h, int i) { return h->post->terr[h->p][h->c1[i]] != 0; }
static int obs_stays(const kx *h, int i) { return h->post->council[i] == h->c1[i]; }

/* Cards of line L (other than the played card) the mover took. */
static int line_taken(const kx *h, int L)
{
    int n = 0;
    for (int i = 0; i < W; i++) {
        int cc = line_cell(L, h->at, i);
        if (cc != h->at && h->c1[cc] != NO) n += obs_taken(h, cc);
    }
    return n;
}

/* Which clause a wrong outcome for the council card at cell i belongs to; -1 when it is right. */
static int card_blame(const kx *h, int i)
{
    int id = h->c1[i];
    if (id == NO) return -1;
    int exp = h->take[id] != TK_NONE, tk = obs_taken(h, i), st = obs_stays(h, i);
    if (exp ? (tk && !st) : (st && !tk)) return -1;
    if (i == h->at) return h->last_place ? K_CRISIS : K_TURN_PLACE;
    int L = in_line(0, h->at, i) ? 0 : in_line(1, h->at, i) ? 1 : -1;
    if (L < 0) return h->last_place ? K_CRISIS : K_TAKE_MATCH;
    if (h->crisis) return K_CRISIS;                           /* the crisis decides this placement */
    if (taken_by_match(h->r, id, h->X)) {
        if (!h->conv[L]) return K_TAKE_RUN;                   /* taken from an unconvinced line */
        return line_taken(h, L) == 0 ? K_TAKE_RUN : K_TAKE_MATCH;
    }
    return h->last_place ? K_CRISIS : K_TAKE_MATCH;
}

static const char *where(const kx *h, int i)
{
    if (obs_taken(h, i)) return "in the mover's territories";
    if (obs_stays(h, i)) return "still in the council";
    return "elsewhere";
}

/* Report the first card blamed on clause K; 1 when none is. */
static int take_report(inv_ctx *c, int k0, const kx *h, int K)
{
    for (int i = 0; i < KK_CELLS; i++) {
        if (card_blame(h, i) != K) continue;
        int id = h->c1[i], L = in_line(0, h->at, i) ? 0 : in_line(1, h->at, i) ? 1 : -1;
        const char *want = h->take[id] ? "taken" : "left in the council";
        if (L < 0 || i == h->at)
            inv_fail(c, k0 + K, "%s %s: %s at %s is %s, expected %s%s", sn(h->p).s, mvname(h->m).s, kn(id).s,
                     cn(i).s, where(h, i), want, i == h->at ? " (the played card)" : " (outside its column and row)");
        else
            inv_fail(c, k0 + K, "%s %s: %s at %s (%s) is %s, expected %s; %s run %s-%s = %d votes%s, "
                     "%s the played card%s", sn(h->p).s, mvname(h->m).s, kn(id).s, cn(i).s, ln(L, h->at).s,
                     where(h, i), want, ln(L, h->at).s, cn(line_cell(L, h->at, h->lo[L])).s,
                     cn(line_cell(L, h->at, h->hi[L])).s, h->sum[L], h->conv[L] ? " (convinced)" : "",
                     matches(id, h->X) ? "matches" : "matches neither colour nor breed of",
                     h->last_place ? ", last free place filled" : "");
        return 0;
    }
    return 1;
}

/* KK-TAKE-RUN: "Spalte und Reihe werden dabei separat gewertet. Ist die Stimmenanzahl direkt
 * aneinandergereihter Karten 10 oder höher, ist es gelungen, den Hunderat zu überzeugen." */
static int inv_kk_take_run(inv_ctx *c, int k0, const kx *h)
{
    int k = k0 + K_TAKE_RUN;
    if (h->kind != KK_MV_PLACE || h->bad) return 1;
    inv_applied(c, k);
    if (!take_report(c, k0, h, K_TAKE_RUN)) return 0;
    /* "Spalte und Reihe werden dabei separat gewertet": which of the two lines convinced */
    inv_fired_case(c, k, h->conv[0] ? (h->conv[1] ? C_RUN_BOTH : C_RUN_COLUMN) : h->conv[1] ? C_RUN_ROW : C_RUN_NEITHER);
    return 1;
}

/* KK-TAKE-MATCH's case: a card taken beyond the run ("auch wenn sie nicht direkt nebeneinander
 * liegen oder ein freier Platz dazwischen liegt"), else what the taken cards share with the played
 * card: only its colour, only its breed, or a mix (cards of both kinds, or a card sharing both). */
static int match_case(const kx *h)
{
    int colour = 0, breed = 0, both = 0;
    for (int L = 0; L < 2; L++) {
        if (!h->conv[L]) continue;
        for (int i = 0; i < W; i++) {
            int cc = line_cell(L, h->at, i), id = h->c1[cc];
            if (cc == h->at || id == NO || h->take[id] != TK_MATCH) continue;
            if (i < h->lo[L] || i > h->hi[L]) return C_MATCH_GAP;
            int col = colour_of(id) == colour_of(h->X), br = breed_of(id) == breed_of(h->X);
            both |= col && br;
            colour |= col && !br;
            breed |= br && !col;
        }
    }
    return both || (colour && breed) ? C_MATCH_MIXED : colour ? C_MATCH_COLOUR : C_MATCH_BREED;
}

/* KK-TAKE-MATCH: "Der Spieler darf sich nun alle Karten aus der gesamten Spalte bzw. Reihe des
 * Hunderates nehmen (auch wenn sie nicht direkt nebeneinander liegen oder ein freier Platz
 * dazwischen liegt), die entweder mit der Farbe oder mit der Hunderasse der gespielten Karte
 * übereinstimmen ... Die gerade gespielte Karte verbleibt im Hunderat." */
static int inv_kk_take_match(inv_ctx *c, int k0, const kx *h)
{
    int k = k0 + K_TAKE_MATCH;
    if (h->kind != KK_MV_PLACE || h->bad) return 1;
    if (h->conv[0] || h->conv[1]) inv_applied(c, k);
    if (!take_report(c, k0, h, K_TAKE_MATCH)) return 0;
    if (h->n_match > 0) inv_fired_case(c, k, match_case(h));
    return 1;
}

/* KK-CRISIS: "Eine Krise im Hunderat tritt dann ein, wenn ein Spieler den letzten freien Platz im
 * Hunderat mit einer Karte belegt und sich weder aus der Spalte noch aus der Reihe Karte(n)
 * nehmen kann. In diesem Fall darf sich der Spieler wieder ausgehend von seiner gelegten Karte -
 * alle Karten aus der Spalte und Reihe nehmen, die nicht die gleiche Farbe oder die gleiche
 * Hunderasse zeigen." */
static int inv_kk_crisis(inv_ctx *c, int k0, const kx *h)
{
    int k = k0 + K_CRISIS;
    const kk_state *post = h->post;
    if (h->kind == KK_MV_DRAW && !h->bad && h->ended_crisis) {
        /* KK-AMB-CRISIS-EMPTY=game-ends: the draw finished the crisis's turn; now the game ends */
        inv_applied(c, k);
        if (post->phase != KK_PH_OVER || post->ending != 1) {
            inv_fail(c, k, "%s %s finished the turn of a crisis that took nothing (crisis-empty=game-ends): "
                     "expected the game over with ending 1, found phase %s ending %d", sn(h->p).s,
                     mvname(h->m).s, phase_name(post->phase), post->ending);
            return 0;
        }
        inv_fired_case(c, k, C_CRISIS_DRAW_ENDS);
        return 1;
    }
    if (h->kind != KK_MV_PLACE || h->bad || !h->last_place) return 1;
    inv_applied(c, k);
    if (!take_report(c, k0, h, K_CRISIS)) return 0;
    /* the last free place filled, but the normal take took cards: "weder ... noch" fails, no crisis */
    if (!h->crisis) { inv_fired_case(c, k, C_CRISIS_TOOK); return 1; }
    if (h->n_crisis > 0) {
        /* the example: the row convinces but holds nothing to take, and the crisis still takes */
        inv_fired_case(c, k, h->conv[0] || h->conv[1] ? C_CRISIS_CONVINCED : C_CRISIS_CAPTURES);
        return 1;
    }
    /* KK-AMB-CRISIS-EMPTY: game-ends -> ending=1, the turn finishes with its draw (phase draw when
     * the mover chooses a pile), then the game is over | take-played (checked above) */
    if (h->crisis_end && (post->phase != h->e.phase || post->ending != 1)) {
        inv_fail(c, k, "%s %s: crisis with nothing to take (crisis-empty=game-ends): expected ending 1 and "
                 "phase %s (the turn ends with its draw, then the game), found phase %s ending %d", sn(h->p).s,
                 mvname(h->m).s, phase_name(h->e.phase), phase_name(post->phase), post->ending);
        return 0;
    }
    inv_fired_case(c, k, h->crisis_end ? C_CRISIS_EMPTY_ENDS : C_CRISIS_EMPTY_PLAYED);
    return 1;
}

/* ---- Over or not -------------------------------------------------------------------------------- */

/* The game ends after this move exactly when the rules say so; the clause of the cause judges. */
static int over_status(inv_ctx *c, int k0, const kx *h)
{
    int eo = h->e.phase == KK_PH_OVER, po = h->post->phase == KK_PH_OVER, k;
    if (eo == po) return 1;
    if (eo) k = h->crisis_end || h->ended_crisis ? K_CRISIS : h->ended_last ? K_END_LASTROUND : K_TURN_ORDER;
    else k = (h->pre->last_left != NO || h->began_last) ? K_END_LASTROUND : h->last_place ? K_CRISIS : K_TURN_ORDER;
    inv_applied(c, k0 + k);
    if (eo)
        inv_fail(c, k0 + k, "%s %s: expected the game to end (%s), found phase %s", sn(h->p).s, mvname(h->m).s,
                 h->crisis_end || h->ended_crisis ? "crisis with nothing to take" : h->ended_last ? "last round over"
                 : "a whole round without a placement", phase_name(h->post->phase));
    else
        inv_fail(c, k0 + k, "%s %s: the game ended (ending %d), expected play to go on (last_left %d -> %d, "
                 "passes %d, piles %d/%d)", sn(h->p).s, mvname(h->m).s, h->post->ending, h->pre->last_left,
                 h->e.last_left, h->e.passes, h->e.pile_len[0], h->e.pile_len[1]);
    return 0;
}

/* ---- KK-DRAW, KK-REFILL ------------------------------------------------------------------------ */

static int piles_equal(const kk_state *a, const kk_state *b)
{
    return a->pile_len[0] == b->pile_len[0] && a->pile_len[1] == b->pile_len[1] &&
           memcmp(a->pile, b->pile, sizeof a->pile) == 0;
}

/* KK-DRAW: "Am Ende des Zuges sind die Handkarten wieder auf 4 zu ergänzen. Dabei darf der
 * Spieler wählen, von welcher Auslage er die Karte nimmt. Nehmen darf er sich aber immer nur die
 * oberste frei liegende Karte. Sind die Karten einer Auslage aufgebraucht, muss von der anderen
 * nachgezogen werden." */
static int inv_kk_draw(inv_ctx *c, int k0, const kx *h)
{
    int k = k0 + K_DRAW, p = h->p;
    const kk_state *pre = h->pre, *post = h->post, *e = &h->e;
    if (h->kind == KK_MV_DRAW && h->bad) {
        inv_applied(c, k);
        inv_fail(c, k, "%s %s accepted with piles %d/%d: %s", sn(p).s, mvname(h->m).s, pre->pile_len[0],
                 pre->pile_len[1], bad_reason(h->bad));
        return 0;
    }
    if (!h->to_draw && !h->draw_step) return 1;
    inv_applied(c, k);
    if (h->to_draw) {
        if (post->phase != KK_PH_DRAW) {
            inv_fail(c, k, "%s %s: hand of %d and both piles hold cards (%d/%d): expected the draw decision, "
                     "found phase %s", sn(p).s, mvname(h->m).s, hcount(e->hand[p]), pre->pile_len[0],
                     pre->pile_len[1], phase_name(post->phase));
            return 0;
        }
        if (memcmp(post->hand[p], e->hand[p], KK_HAND) != 0 || !piles_equal(post, pre)) {
            inv_fail(c, k, "%s %s: before the draw decision hand %s piles %d/%d, expected hand %s piles %d/%d",
                     sn(p).s, mvname(h->m).s, hn(post->hand[p]).s, post->pile_len[0], post->pile_len[1],
                     hn(e->hand[p]).s, pre->pile_len[0], pre->pile_len[1]);
            return 0;
        }
        inv_fired_case(c, k, C_DRAW_CHOICE);     /* "darf der Spieler wählen, von welcher Auslage" */
        return 1;
    }
    if (post->phase == KK_PH_DRAW) {
        inv_fail(c, k, "%s %s: asks for a draw decision with hand %d and piles %d/%d (automatic or none)",
                 sn(p).s, mvname(h->m).s, hcount(post->hand[p]), pre->pile_len[0], pre->pile_len[1]);
        return 0;
    }
    int ok = 1;
    if (e->phase == KK_PH_OVER) {
        for (int j = 0; j < h->n_drawn; j++) ok &= post->terr[p][h->drawn[j]] != 0;
    } else ok = memcmp(post->hand[p], e->hand[p], KK_HAND) == 0;
    if (!ok) {
        nm d;
        uint8_t dl[KK_HAND];
        memset(dl, NO, sizeof dl);
        memcpy(dl, h->drawn, (size_t)h->n_drawn);
        d = hn(dl);
        inv_fail(c, k, "%s %s: hand %s after the draw, expected %s (drew %s, %s pile first, piles %d/%d before)",
                 sn(p).s, mvname(h->m).s, hn(post->hand[p]).s, hn(e->hand[p]).s, h->n_drawn ? d.s : "nothing",
                 pile_name(h->src), pre->pile_len[0], pre->pile_len[1]);
        return 0;
    }
    /* a full hand draws nothing; with both piles used up nothing is drawn; the chosen pile (and,
     * when it runs out, the other: "muss von der anderen nachgezogen werden"); the only pile left */
    int kase = h->need <= 0 ? C_DRAW_HAND_FULL
             : !h->n_drawn ? C_DRAW_PILES_EMPTY
             : h->drawn_from == 3 ? C_DRAW_SWITCH
             : h->kind == KK_MV_DRAW ? C_DRAW_CHOSEN : C_DRAW_ONE_LEFT;
    inv_fired_case(c, k, kase);
    return 1;
}

/* KK-REFILL: "Bevor der nächste Spieler an die Reihe kommt, muss der Hunderat nachbesetzt werden,
 * sofern mehr als 4 Plätze frei sind. Die Karten zum Nachbesetzen werden dabei von der Auslage
 * genommen, von der der aktuelle Spieler seine Handkarte nachgezogen hat. Der Hunderat wird immer
 * ausgehend von der oberen linken Ecke aufgefüllt, und zwar Reihe für Reihe, immer von links nach
 * rechts, bis nur mehr 4 Plätze frei sind. Werden während des Nachbesetzens die Karten einer
 * Auslage aufgebraucht, sind die restlichen Karten von der zweiten Auslage zu nehmen." */
static int inv_kk_refill(inv_ctx *c, int k0, const kx *h)
{
    int k = k0 + K_REFILL, p = h->p;
    const kk_state *post = h->post, *e = &h->e;
    if (!h->draw_step) return 1;
    inv_applied(c, k);
    for (int i = 0; i < KK_CELLS; i++) {
        if (h->c2[i] != NO || post->council[i] == e->council[i]) continue;
        inv_fail(c, k, "%s %s: %s holds %s after the refill, expected %s (%d free before it, %s pile first, "
                 "piles %d/%d after the draw)", sn(p).s, mvname(h->m).s, cn(i).s, kn(post->council[i]).s,
                 kn(e->council[i]).s, free_count(h->c2), pile_name(h->src), h->len_d[0], h->len_d[1]);
        return 0;
    }
    if (!piles_equal(post, e)) {
        int kk = h->n_refill > 0 ? k : k0 + K_DRAW;
        inv_applied(c, kk);
        inv_fail(c, kk, "%s %s: piles %d/%d after the turn, expected %d/%d (drew %d, refilled %d)", sn(p).s,
                 mvname(h->m).s, post->pile_len[0], post->pile_len[1], e->pile_len[0], e->pile_len[1],
                 h->n_drawn, h->n_refill);
        return 0;
    }
    /* "sofern mehr als 4 Plätze frei sind"; from the drawn pile; "Werden während des Nachbesetzens
     * die Karten einer Auslage aufgebraucht, sind die restlichen Karten von der zweiten Auslage zu
     * nehmen"; "Gibt es auch dort keine Karten mehr, bleiben eventuell überzählige Plätze frei" */
    int kase = free_count(e->council) > KF.free_after_refill ? C_REFILL_PILES_OUT
             : h->n_refill == 0 ? C_REFILL_NOT_NEEDED
             : h->n_refill_other > 0 ? C_REFILL_OTHER : C_REFILL_DRAWN;
    inv_fired_case(c, k, kase);
    return 1;
}

/* ---- End -------------------------------------------------------------------------------------- */

/* KK-END-LASTROUND: "Sind die Karten beider Auslagen aufgebraucht, hat jeder Spieler noch einmal
 * die Möglichkeit, eine Karte in den Hunderat zu legen und entsprechend zu agieren." */
static int inv_kk_end_lastround(inv_ctx *c, int k0, const kx *h)
{
    int k = k0 + K_END_LASTROUND;
    const kk_state *post = h->post;
    if (!h->turn_end) return 1;
    inv_applied(c, k);
    if (h->e.phase != KK_PH_OVER && post->last_left != h->e.last_left) {
        inv_fail(c, k, "after %s's turn (%s): last_left %d, expected %d (%s, piles %d/%d, last-round=%s)",
                 sn(h->p).s, mvname(h->m).s, post->last_left, h->e.last_left,
                 h->began_last ? "both piles now empty: the last round begins"
                 : h->pre->last_left != NO ? "one turn of the last round played" : "piles not yet empty",
                 h->e.pile_len[0], h->e.pile_len[1], (h->r & KK_R_FINISH_ROUND) ? "finish-round" : "each-once");
        return 0;
    }
    if (h->ended_crisis) return 1;             /* KK-CRISIS ended the game */
    /* KK-AMB-LAST-ROUND=finish-round: the seat that emptied the piles was the round's last seat */
    int kase = h->began_last && h->ended_last ? C_LAST_BEGINS_ENDS
             : h->began_last ? C_LAST_BEGINS : h->ended_last ? C_LAST_ENDS
             : h->ended_pass ? C_LAST_ALL_PASSED : h->pre->last_left != NO ? C_LAST_COUNTS : -1;
    if (kase >= 0) inv_fired_case(c, k, kase);
    return 1;
}

/* KK-END-HANDS: "Anschließend werden die restlichen Handkarten den eigenen Revierreihen
 * zugeordnet. Danach endet das Spiel" */
static int inv_kk_end_hands(inv_ctx *c, int k0, const kx *h)
{
    int k = k0 + K_END_HANDS;
    const kk_state *post = h->post, *e = &h->e;
    if (e->phase != KK_PH_OVER) return 1;
    inv_applied(c, k);
    for (int q = 0; q < h->np; q++) {
        if (hcount(post->hand[q]) > 0) {
            inv_fail(c, k, "%s %s ended the game, yet %s still holds %s", sn(h->p).s, mvname(h->m).s, sn(q).s,
                     hn(post->hand[q]).s);
            return 0;
        }
        for (int v = 0; v < KK_CARDS; v++)
            if (post->terr[q][v] != e->terr[q][v]) {
                inv_fail(c, k, "%s %s ended the game: %s %s in %s's territories, expected %s", sn(h->p).s,
                         mvname(h->m).s, kn(v).s, post->terr[q][v] ? "lies" : "does not lie", sn(q).s,
                         e->terr[q][v] ? "there" : "elsewhere");
                return 0;
            }
    }
    if (h->n_hand_moved > 0)
        inv_fired_case(c, k, h->ended_crisis ? C_HANDS_CRISIS : h->ended_last ? C_HANDS_LAST : C_HANDS_PASSED);
    return 1;
}

/* ---- KK-TURN-ORDER ------------------------------------------------------------------------------ */

/* KK-TURN-ORDER: "Es wird ein Startspieler bestimmt. Danach wird im Uhrzeigersinn gespielt. Wer am
 * Zug ist, führt folgende Schritte der Reihe nach aus: 1. Revier abgeben (optional) 2. Karte ...
 * legen 3. Karte(n) nehmen 4. Karte nachziehen 5. Hunderat nachbesetzen. Danach ist der nächste
 * Spieler an der Reihe." Seat 0 starts; a seat that cannot place passes (gap), and a whole round
 * of passes ends the game (gap). h == NULL: a fresh deal. */
static int inv_kk_turn_order(inv_ctx *c, int k0, const kk_state *s, const kx *h)
{
    int k = k0 + K_TURN_ORDER;
    inv_applied(c, k);
    if (!h) {
        if (s->phase != KK_PH_PLACE || s->turn != 0 || s->turns != 0 || s->gave != 0 || s->last_left != NO ||
            s->passes != 0 || s->ending != 0) {
            inv_fail(c, k, "fresh deal: phase %s seat %s turns %d gave %d last_left %d passes %d ending %d, "
                     "expected PLACE by P1 with nothing counted", phase_name(s->phase), sn(s->turn).s, s->turns,
                     s->gave, s->last_left, s->passes, s->ending);
            return 0;
        }
        inv_fired_case(c, k, C_ORDER_START);   /* "Es wird ein Startspieler bestimmt": P1 */
        return 1;
    }
    const kk_state *pre = h->pre, *post = h->post, *e = &h->e;
    int p = h->p;
    if (h->wrong_phase) {
        inv_fail(c, k, "%s %s accepted in phase %s", sn(p).s, mvname(h->m).s, phase_name(pre->phase));
        return 0;
    }
    if (h->kind == KK_MV_PASS && h->bad) {          /* KK-TURN-PLACE forbids it: "a seat that can place must" */
        int at = first_place(pre->council);
        inv_applied(c, k0 + K_TURN_PLACE);
        inv_fail(c, k0 + K_TURN_PLACE, "%s passed with hand %s though a place move exists (e.g. %s on %s)", sn(p).s,
                 hn(pre->hand[p]).s, kn(pre->hand[p][0]).s, cn(at).s);
        return 0;
    }
    if (h->bad) return 0;
    if (e->phase == KK_PH_OVER) {
        if (post->ending != e->ending) {
            int kk = h->crisis_end || post->ending ? k0 + K_CRISIS : k;
            inv_applied(c, kk);
            inv_fail(c, kk, "%s %s ended the game with ending %d, expected %d (1 only for a crisis that took "
                     "nothing)", sn(p).s, mvname(h->m).s, post->ending, e->ending);
            return 0;
        }
        return 1;
    }
    int mask = e->phase == KK_PH_DRAW;     /* gave and passes are the turn's own business until it ends */
    if (post->phase != e->phase || post->turn != e->turn || post->turns != e->turns || post->ending != e->ending ||
        (!mask && (post->gave != e->gave || post->passes != e->passes))) {
        int kk = post->ending != e->ending ? k0 + K_CRISIS : k;
        inv_applied(c, kk);
        inv_fail(c, kk, "after %s %s: phase %s seat %s turns %d gave %d passes %d ending %d, expected phase %s "
                 "seat %s turns %d gave %d passes %d ending %d", sn(p).s, mvname(h->m).s, phase_name(post->phase),
                 sn(post->turn).s, post->turns, post->gave, post->passes, post->ending, phase_name(e->phase),
                 sn(e->turn).s, e->turns, e->gave, e->passes, e->ending);
        return 0;
    }
    /* "im Uhrzeigersinn": the next seat, or from the last seat round to P1 */
    if (h->turn_end) inv_fired_case(c, k, e->turn == 0 ? C_ORDER_WRAP : C_ORDER_NEXT);
    return 1;
}

/* ---- Frame: what the rules leave alone stays as it was ---------------------------------------- */

/* Reported under the move's own clause: any byte of post not predicted (fields the rules leave
 * open are masked: at the end, the turn bookkeeping; during DRAW, gave and passes). */
static void check_frame(inv_ctx *c, int k0, const kx *h)
{
    kk_state f;
    const kk_state *post = h->post;
    int k = k0 + h->main, p = h->p;
    memcpy(&f, &h->e, sizeof f);
    if (f.phase == KK_PH_OVER) {
        f.turn = post->turn; f.turns = post->turns; f.gave = post->gave;
        f.passes = post->passes; f.last_left = post->last_left;
    } else if (f.phase == KK_PH_DRAW) {
        f.gave = post->gave; f.passes = post->passes;
    }
    if (memcmp(&f, post, sizeof f) == 0) return;
    inv_applied(c, k);
    if (f.readings != post->readings || f.players != post->players) {
        inv_fail(c, k, "%s %s changed readings or players", sn(p).s, mvname(h->m).s);
        return;
    }
    for (int v = 0; v < KK_CARDS; v++)
        if (f.box[v] != post->box[v]) {
            inv_fail(c, k, "%s %s: box flag of %s %d -> %d", sn(p).s, mvname(h->m).s, kn(v).s, h->pre->box[v], post->box[v]);
            return;
        }
    for (int i = 0; i < KK_CELLS; i++)
        if (f.council[i] != post->council[i]) {
            inv_fail(c, k, "%s %s: %s holds %s, expected %s", sn(p).s, mvname(h->m).s, cn(i).s,
                     kn(post->council[i]).s, kn(f.council[i]).s);
            return;
        }
    for (int q = 0; q < KK_MAXP; q++) {
        if (memcmp(f.hand[q], post->hand[q], KK_HAND) != 0) {
            inv_fail(c, k, "%s %s: %s's hand %s, expected %s", sn(p).s, mvname(h->m).s, sn(q).s,
                     hn(post->hand[q]).s, hn(f.hand[q]).s);
            return;
        }
        for (int v = 0; v < KK_CARDS; v++)
            if (f.terr[q][v] != post->terr[q][v]) {
                inv_fail(c, k, "%s %s: %s %s in %s's territories, expected %s", sn(p).s, mvname(h->m).s,
                         kn(v).s, post->terr[q][v] ? "lies" : "does not lie", sn(q).s,
                         f.terr[q][v] ? "there" : "elsewhere");
                return;
            }
    }
    if (!piles_equal(&f, post)) {
        inv_fail(c, k, "%s %s: piles %d/%d, expected %d/%d", sn(p).s, mvname(h->m).s, post->pile_len[0],
                 post->pile_len[1], f.pile_len[0], f.pile_len[1]);
        return;
    }
    inv_fail(c, k, "%s %s: phase %s seat %s turns %d gave %d last_left %d passes %d ending %d, expected "
             "phase %s seat %s turns %d gave %d last_left %d passes %d ending %d", sn(p).s, mvname(h->m).s,
             phase_name(post->phase), sn(post->turn).s, post->turns, post->gave, post->last_left, post->passes,
             post->ending, phase_name(f.phase), sn(f.turn).s, f.turns, f.gave, f.last_left, f.passes, f.ending);
}

/* ---- KK-LEGAL-SET ------------------------------------------------------------------------------ */

/* The clause whose move kind it is: a give (KK-TURN-GIVE), a place or a pass (KK-TURN-PLACE), a
 * draw (KK-DRAW). */
static int legal_clause(int kind)
{
    return kind == KK_MV_GIVE ? K_TURN_GIVE : kind == KK_MV_DRAW ? K_DRAW : K_TURN_PLACE;
}

/* 1 when the rules allow m in s: the same judgement kx_build passes on a played move (its phase,
 * KK-TURN-GIVE's conditions, KK-TURN-PLACE's and its pass, KK-DRAW's pile), with *why and the
 * clause that forbids it (*forbid) when not. Bytes a move does not use must be zero (the engine's
 * encoding, so moves compare byte for byte). The clause that forbids a move: after the game is
 * over KK-TURN-ORDER (no seat is to move); in DRAW, KK-DRAW (only the two draws); in PLACE, a draw
 * is KK-TURN-PLACE's (give, place or pass only); else the move's own clause; an encoding no move
 * has is KK-LEGAL-SET's own. */
static int rules_allow(const kk_state *s, const game_move *m, const char **why, int *forbid)
{
    static const uint8_t used[5] = {0, 2, 2, 0, 1};   /* argument bytes of give, place, pass, draw */
    const uint8_t *b = &m->a;
    *forbid = K_LEGAL_SET;
    *why = "no such move kind";
    if (m->kind < KK_MV_GIVE || m->kind > KK_MV_DRAW) return 0;
    for (int i = used[m->kind]; i < 7; i++)
        if (b[i]) { *why = "an argument byte the move does not use is set"; return 0; }
    if (move_phase(m->kind) != s->phase) {
        *forbid = s->phase == KK_PH_OVER ? K_TURN_ORDER : s->phase == KK_PH_DRAW ? K_DRAW : K_TURN_PLACE;
        *why = s->phase == KK_PH_OVER ? "the game is over" : s->phase == KK_PH_DRAW
             ? "the mover must choose the pile to draw from" : "a draw comes only after the placement";
        return 0;
    }
    *forbid = legal_clause(m->kind);
    /* the judgement kx_build passes on a played move, without building the expected post state */
    kx h;
    h.pre = s; h.m = m; h.r = s->readings; h.np = s->players; h.p = s->turn;
    int bad = m->kind == KK_MV_GIVE ? give_check(&h) : m->kind == KK_MV_PLACE ? place_check(&h)
            : m->kind == KK_MV_PASS ? pass_check(&h) : draw_check(&h);
    if (bad) { *why = bad == BAD_PILE ? "no such pile, or it is empty" : bad_reason(bad); return 0; }
    return 1;
}

/* KK-LEGAL-SET: the set of legal moves, restated from KK-TURN-GIVE ("darf der Spieler alle Karten
 * EINES Reviers ... einem Mitspieler übergeben, sofern dieser noch kein Revier in dieser Farbe vor
 * sich ausliegen hat"), KK-TURN-PLACE ("auf einen freien Platz ... direkt an eine bereits
 * ausliegende Karte") and KK-DRAW ("darf der Spieler wählen, von welcher Auslage"), equals the
 * engine's legal_moves in every position. A move the rules allow and the engine withholds is
 * missing, and is reported under the clause that allows it; one the engine offers and the rules
 * forbid is extra, reported under the clause that forbids it (rules_allow). KK-LEGAL-SET itself
 * reports what no single clause explains: an encoding no move has, a move listed twice. */
static void inv_kk_legal_set(inv_ctx *c, int k0, const kk_state *s)
{
    int k = k0 + K_LEGAL_SET, p = s->turn, nr = 0, forbid;
    game_move buf[GAME_MAX_MOVES], rule[KK_COLOURS * KK_MAXP + KK_HAND * KK_CELLS + 3];
    const game_move *eng;
    const char *why;
    if (s->phase > KK_PH_OVER || p >= s->players) return;
    if (c->legal_set_off) return;                 /* bench: the oracle's cost */
    inv_applied(c, k);
    int ne = inv_legal_post(c, s, buf, &eng);     /* s: a step's post state, or a position */
    /* Every candidate the rules could allow: gives, the hand's places, pass, both draws. */
    game_move m;
    int n_give = 0, n_pass = 0;
    for (int col = 0; col < KK_COLOURS; col++)
        for (int q = 0; q < s->players; q++) {
            memset(&m, 0, sizeof m); m.kind = KK_MV_GIVE; m.a = (uint8_t)col; m.b = (uint8_t)q;
            if (rules_allow(s, &m, &why, &forbid)) { rule[nr++] = m; n_give++; }
        }
    for (int j = 0; j < KK_HAND; j++)
        for (int at = 0; at < KK_CELLS && s->hand[p][j] != NO; at++) {
            memset(&m, 0, sizeof m); m.kind = KK_MV_PLACE; m.a = s->hand[p][j]; m.b = (uint8_t)at;
            if (rules_allow(s, &m, &why, &forbid)) rule[nr++] = m;
        }
    memset(&m, 0, sizeof m); m.kind = KK_MV_PASS;
    if (rules_allow(s, &m, &why, &forbid)) { rule[nr++] = m; n_pass++; }
    for (int i = 0; i < 2; i++) {
        memset(&m, 0, sizeof m); m.kind = KK_MV_DRAW; m.a = (uint8_t)i;
        if (rules_allow(s, &m, &why, &forbid)) rule[nr++] = m;
    }
    /* a move offered wrongly first: the one clause that forbids it names the rule; a withheld move's
     * clause is the one that allows it, of the several a legal move needs */
    for (int i = 0; i < ne; i++)
        if (!rules_allow(s, &eng[i], &why, &forbid)) {
            int kk = k0 + forbid;
            inv_applied(c, kk);
            inv_fail(c, kk, "legal moves: %s %s is offered in phase %s, but the rules forbid it: %s", sn(p).s,
                     mvname(&eng[i]).s, phase_name(s->phase), why);
            return;
        }
    for (int i = 0; i < nr; i++)
        if (!inv_move_in(eng, ne, &rule[i])) {
            int kk = k0 + legal_clause(rule[i].kind);
            inv_applied(c, kk);
            inv_fail(c, kk, "legal moves: %s %s is missing: the rules allow it in phase %s, but legal_moves does "
                     "not offer it (%d moves offered)", sn(p).s, mvname(&rule[i]).s, phase_name(s->phase), ne);
            return;
        }
    if (nr != ne) {
        inv_fail(c, k, "legal moves: legal_moves lists %d moves, %d of them distinct and allowed (a move listed "
                 "twice)", ne, nr);
        return;
    }
    /* PLACE: with a pass among the moves, else with a give, else places only; DRAW; OVER: none */
    inv_fired_case(c, k, s->phase == KK_PH_OVER ? C_LEGAL_OVER : s->phase == KK_PH_DRAW ? C_LEGAL_DRAW
                         : n_pass ? C_LEGAL_PASS : n_give ? C_LEGAL_GIVE : C_LEGAL_PLACE);
}

/* ---- KK-FACTS ------------------------------------------------------------------------------------ */

/* KK-FACTS: "72 Karten, jede Karte zeigt ein Mitglied des Hunderates ... sowie eine Zahl zwischen
 * 1 und 5" and the numbers of the setup and the rules (KF above): the oracle's facts hold the
 * text's numbers, and the engine's table t (a kk_params) states the same facts field by field. A
 * wrong fact in either is named with both values; which side is wrong SPEC.md's sources decide. */
static void inv_kk_facts(inv_ctx *c, int k0, const void *table)
{
    const kk_params *t = table;
    int k = k0 + K_FACTS, cards = 0;
    static const char *const breed[KK_BREEDS] = {"Chihuahua", "Zwergspitz", "Bulldogge"};
    inv_applied(c, k);
    for (int b = 0; b < KK_BREEDS; b++)
        for (const char *v = KF.votes[b]; *v; v++, cards++)
            if (*v < '1' || *v > '5') { inv_fail(c, k, "oracle facts: a %s shows %c votes, the text says 1 to 5", breed[b], *v); return; }
    if (cards * KK_COLOURS != KK_CARDS) {
        inv_fail(c, k, "oracle facts: %d cards a colour x %d colours, the text says 72", cards, KK_COLOURS);
        return;
    }
    for (int i = 0; i < KK_PER; i++) {
        if (t->breed[i] != breed_of(i) || t->value[i] != value_of(i)) {
            inv_fail(c, k, "engine table: card k=%d of every colour is breed %d value %d, the oracle's facts say %s %d",
                     i, t->breed[i], t->value[i], breed[breed_of(i)], value_of(i));
            return;
        }
    }
    for (int p = 2; p <= KK_MAXP; p++)
        if (t->removed[p] != removed_for(p)) {
            inv_fail(c, k, "engine table: %d players remove %d cards, the oracle's facts say %d", p, t->removed[p], removed_for(p));
            return;
        }
    if (t->hand != KF.hand || t->threshold != KF.threshold || t->free_after_refill != KF.free_after_refill) {
        inv_fail(c, k, "engine table: hand %d, threshold %d, free places after a refill %d; the oracle's facts say %d, %d, %d",
                 t->hand, t->threshold, t->free_after_refill, KF.hand, KF.threshold, KF.free_after_refill);
        return;
    }
    inv_fired(c, k);
}

/* ---- Hooks ------------------------------------------------------------------------------------ */

static void kk_check_setup(inv_ctx *c, int k0, const void *st)
{
    const kk_state *s = st;
    /* KK-FACTS first, at every deal: a wrong fact in the engine's table (or the oracle's) is named
     * as such, before the deal's clauses judge the deal by the oracle's facts */
    inv_kk_facts(c, k0, &kk_param);
    if (!inv_kk_setup_players(c, k0, NULL, s) || !inv_kk_cards_part(c, k0, s, INV_CARDS_FORM)) return;
    /* The caller says this is a fresh deal (inv_on_setup, not inv_on_position). The deal's own
     * clauses first, then the card count (a deal that loses a card is named by the step of the
     * deal that lost it). */
    inv_kk_setup_removal(c, k0, s);
    inv_kk_setup_hands(c, k0, s);
    inv_kk_info_backs(c, k0, s, -1);                  /* a deal: every seat's view */
    inv_kk_setup_council(c, k0, s);
    inv_kk_setup_piles(c, k0, s);
    inv_kk_turn_order(c, k0, s, NULL);
    inv_kk_cards_part(c, k0, s, INV_CARDS_COUNT);
}

static void kk_step_clauses(inv_ctx *c, int k0, const kk_state *pre, const game_move *m, const kk_state *post);

static void kk_check_step(inv_ctx *c, int k0, const void *pre_v, const game_move *m, const void *post_v)
{
    const kk_state *pre = pre_v, *post = post_v;
    /* KK-CARDS-72 on post: whether it can be read before the step's own clauses (a post that cannot
     * is judged by KK-CARDS-72 alone), the count after them, so that a step that loses or doubles a
     * card is named by the clause of the step first */
    if (!inv_kk_setup_players(c, k0, pre, post) || !inv_kk_cards_part(c, k0, post, INV_CARDS_FORM) || !shape_ok(pre)) return;
    kk_step_clauses(c, k0, pre, m, post);
    inv_kk_cards_part(c, k0, post, INV_CARDS_COUNT);
}

static void kk_step_clauses(inv_ctx *c, int k0, const kk_state *pre, const game_move *m, const kk_state *post)
{
    kx h;
    /* after a move: the view of the seat that decides next (over a game, every seat's) */
    inv_kk_info_backs(c, k0, post, post->phase == KK_PH_OVER ? -1 : post->turn);
    if (shape_ok(post)) inv_kk_legal_set(c, k0, post);
    kx_build(&h, pre, m, post);
    if (h.wrong_phase || (h.bad && h.kind == KK_MV_PASS)) { inv_kk_turn_order(c, k0, post, &h); return; }
    /* In the order the rules run; the first failing clause ends the step's checks. */
    if (!inv_kk_turn_give(c, k0, &h)) return;
    if (!inv_kk_turn_place(c, k0, &h)) return;
    if (!inv_kk_take_run(c, k0, &h)) return;
    if (!inv_kk_take_match(c, k0, &h)) return;
    if (!inv_kk_crisis(c, k0, &h)) return;
    if (h.bad) { inv_kk_draw(c, k0, &h); return; }   /* only an illegal draw is left to report */
    if (!over_status(c, k0, &h)) return;
    if (!inv_kk_draw(c, k0, &h)) return;
    if (!inv_kk_refill(c, k0, &h)) return;
    if (!inv_kk_end_lastround(c, k0, &h)) return;
    if (!inv_kk_end_hands(c, k0, &h)) return;
    if (!inv_kk_turn_order(c, k0, post, &h)) return;
    check_frame(c, k0, &h);
}

/* ---- Final scoring ------------------------------------------------------------------------------ */

typedef struct fin {
    int sum[KK_MAXP][KK_COLOURS];   /* territory votes per seat and colour */
    int sec[KK_MAXP][KK_COLOURS];   /* 1: the seat secures the colour */
    int nsec[KK_MAXP];              /* colours secured */
    int pen[KK_MAXP];               /* penalty points: votes of unsecured colours */
    int any_sec, any_tie;
    int best[KK_COLOURS], ntop[KK_COLOURS], total[KK_COLOURS];   /* largest sum, seats with it, all votes */
} fin;

/* The tally; ties_secure 0 is the alternative "a tie secures for nobody" (for blame only). */
static void final_tally(const kk_state *s, int ties_secure, fin *f)
{
    int P = s->players;
    memset(f, 0, sizeof *f);
    for (int q = 0; q < P; q++)
        for (int v = 0; v < KK_CARDS; v++)
            if (s->terr[q][v]) f->sum[q][colour_of(v)] += value_of(v);
    for (int col = 0; col < KK_COLOURS; col++) {
        int best = 0, n = 0;
        for (int q = 0; q < P; q++)
            if (f->sum[q][col] > best) { best = f->sum[q][col]; n = 1; }
            else if (f->sum[q][col] == best && best > 0) n++;
        f->best[col] = best;
        f->ntop[col] = best > 0 ? n : 0;
        for (int q = 0; q < P; q++) f->total[col] += f->sum[q][col];
        if (best == 0) continue;                      /* nobody holds votes in this colour */
        if (n > 1) { f->any_tie = 1; if (!ties_secure) continue; }
        for (int q = 0; q < P; q++)
            if (f->sum[q][col] == best) { f->sec[q][col] = 1; f->nsec[q]++; f->any_sec = 1; }
    }
    for (int q = 0; q < P; q++)
        for (int col = 0; col < KK_COLOURS; col++)
            if (!f->sec[q][col]) f->pen[q] += f->sum[q][col];
}

/* The seat's territory sums "y8* o0 r3 ..." (* secured). */
static nm sums_text(const fin *f, int q)
{
    nm r;
    size_t o = 0;
    r.s[0] = 0;
    for (int col = 0; col < KK_COLOURS && o < sizeof r.s; col++)
        o += (size_t)snprintf(r.s + o, sizeof r.s - o, "%s%c%d%s", col ? " " : "", colour_letter(col),
                              f->sum[q][col], f->sec[q][col] ? "*" : "");
    return r;
}

/* KK-FINAL-MAJORITY: "Jeder Spieler zählt die Stimmen seiner gesammelten Reviere, nach Farbreihen
 * getrennt, zusammen. Der Spieler, der in einem Revier die Stimmenmehrheit hat, darf sein Revier
 * sichern" */
static void inv_kk_final_majority(inv_ctx *c, int k0, const fin *f)
{
    int k = k0 + K_FINAL_MAJORITY;
    inv_applied(c, k);
    /* per colour with one top seat (a shared top is KK-FINAL-TIE's): "Stimmenmehrheit" is the
     * largest sum, whether more than half of the colour's territory votes or not; a colour no
     * territory holds is secured by nobody */
    for (int col = 0; col < KK_COLOURS; col++) {
        if (f->ntop[col] > 1) continue;
        inv_fired_case(c, k, f->best[col] == 0 ? C_MAJ_UNHELD
                              : 2 * f->best[col] > f->total[col] ? C_MAJ_MAJORITY : C_MAJ_PLURALITY);
    }
}

/* KK-FINAL-OPEN: "Alle anderen Spieler lassen ihre Karten des Reviers in dieser Farbe offen liegen."
 * A seat whose votes in a colour are not the largest does not secure it: those cards lie open and
 * count as its penalty points. Fires when a seat holds a colour it does not top; reports a seat
 * whose score leaves out exactly such a colour's votes. Returns 0 when it reported. */
static int inv_kk_final_open(inv_ctx *c, int k0, const kk_state *s, const fin *f, const int *scores)
{
    int k = k0 + K_FINAL_OPEN, n_case[2] = {0, 0};
    inv_applied(c, k);
    for (int q = 0; q < s->players; q++)
        for (int col = 0; col < KK_COLOURS; col++) {
            int v = f->sum[q][col];
            if (v == 0 || f->sec[q][col]) continue;
            /* "whatever other colours s secures": Karl secures four and leaves blue and green open */
            n_case[f->nsec[q] > 0 ? C_OPEN_SECURES_OTHER : C_OPEN_SECURES_NONE]++;
            if (scores[q] == f->pen[q] - v) {
                inv_fail(c, k, "%s has %d penalty points, expected %d: its %d votes of colour %c are below the "
                         "largest sum and lie open (territory votes %s; * = secured)", sn(q).s, scores[q], f->pen[q],
                         v, colour_letter(col), sums_text(f, q).s);
                return 0;
            }
        }
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < n_case[i]; j++) inv_fired_case(c, k, i);
    return 1;
}

/* KK-FINAL-TIE: "Bei einem Gleichstand von zwei oder mehreren Spielern wird das Revier geteilt und
 * alle betroffenen Spieler drehen die entsprechende Farbreihe um." */
static void inv_kk_final_tie(inv_ctx *c, int k0, const fin *f)
{
    int k = k0 + K_FINAL_TIE;
    inv_applied(c, k);
    /* "Bei einem Gleichstand von zwei oder mehreren Spielern" */
    for (int col = 0; col < KK_COLOURS; col++)
        if (f->ntop[col] > 1) inv_fired_case(c, k, f->ntop[col] == 2 ? C_TIE_TWO : C_TIE_MORE);
}

/* Which rule a wrong penalty total breaks: a colour the seat secures but is charged for (a tied
 * colour: KK-FINAL-TIE, else KK-FINAL-MAJORITY), a colour it does not secure but is not charged
 * for (KK-FINAL-OPEN), or the sum itself (KK-FINAL-PENALTY). */
static int penalty_blame(int k0, const fin *f, int q, int d, int P, int *colour)
{
    for (int col = 0; col < KK_COLOURS; col++) {
        int v = f->sum[q][col];
        if (v == 0) continue;
        *colour = col;
        if (d == v && f->sec[q][col]) {
            int top = 0;
            for (int x = 0; x < P; x++) top += f->sec[x][col];
            return k0 + (top > 1 ? K_FINAL_TIE : K_FINAL_MAJORITY);
        }
        if (d == -v && !f->sec[q][col]) return k0 + K_FINAL_OPEN;
    }
    *colour = -1;
    return k0 + K_FINAL_PENALTY;
}

/* KK-FINAL-PENALTY: "Nachdem die Reviere jeder Farbe gesichert wurden, zählt jeder Spieler die
 * Stimmen seiner noch offen liegenden Karten zusammen ... Das sind seine Schlechtpunkte."
 * A mismatch is charged to KK-FINAL-TIE when "ties secure for nobody" explains every score, and
 * otherwise to the rule (majority, tie or the sum) that one colour's votes explain. */
static void inv_kk_final_penalty(inv_ctx *c, int k0, const kk_state *s, const fin *f, const int *scores)
{
    int k = k0 + K_FINAL_PENALTY;
    inv_applied(c, k);
    for (int q = 0; q < s->players; q++)          /* a seat that secured all it holds scores 0 */
        inv_fired_case(c, k, f->pen[q] == 0 ? C_PEN_ZERO : C_PEN_OPEN);
    for (int q = 0; q < s->players; q++) {
        if (scores[q] == f->pen[q]) continue;
        fin alt;
        int tie_explains = 1, colour = -1;
        final_tally(s, 0, &alt);
        for (int x = 0; x < s->players; x++) tie_explains &= scores[x] == alt.pen[x];
        int kk = tie_explains && f->any_tie ? k0 + K_FINAL_TIE
                                            : penalty_blame(k0, f, q, scores[q] - f->pen[q], s->players, &colour);
        if (kk != k) inv_applied(c, kk);
        inv_fail(c, kk, "%s has %d penalty points, expected %d (territory votes %s; * = secured)%s%c", sn(q).s,
                 scores[q], f->pen[q], sums_text(f, q).s, colour >= 0 ? "; the difference is colour " : "",
                 colour >= 0 ? "yorpbg"[colour] : ' ');
        return;
    }
}

/* The winners mask KK-FINAL-WINNER gives, from the engine's penalty points and the securers in f;
 * *kase its case (C_WIN_*). */
static unsigned winners_of(const kk_state *s, const fin *f, const int *scores, int *kase)
{
    int P = s->players, low_all = -1, low_sec = -1, n = 0;
    unsigned want = 0;
    for (int q = 0; q < P; q++) {
        if (low_all < 0 || scores[q] < low_all) low_all = scores[q];
        if (f->nsec[q] > 0 && (low_sec < 0 || scores[q] < low_sec)) low_sec = scores[q];
    }
    /* KK-AMB-NO-SECURE: fewest-of-securers (the fewest among seats that secured a colour) |
     * must-be-lowest (the fewest of all seats, and that seat must have secured a colour) */
    int all = (s->readings & KK_R_MUST_BE_LOWEST) != 0, best = all ? low_all : low_sec;
    for (int q = 0; q < P; q++)
        if (best >= 0 && scores[q] == best && f->nsec[q] > 0) { want |= 1u << q; n++; }
    /* KK-AMB-PENALTY-TIE: shared (every tied seat wins) | none (a tie has no winner) */
    int tie_none = (s->readings & KK_R_TIE_NONE) != 0;
    if (n > 1 && tie_none) want = 0;
    /* a seat that secured nothing has fewer points than every securer */
    if (low_sec < 0 || low_all < low_sec) *kase = all ? C_WIN_NOBODY : C_WIN_SECURERS;
    else *kase = n <= 1 ? C_WIN_SOLE : tie_none ? C_WIN_TIE_NONE : C_WIN_SHARED;
    return want;
}

/* KK-FINAL-WINNER: "Es gewinnt, wer zumindest ein Revier sichern konnte und gleichzeitig die
 * wenigsten Schlechtpunkte gesammelt hat." Judged on the engine's penalty points. A wrong winners
 * mask is reported under the clause that decides it: KK-FINAL-TIE when the mask is the one a
 * tie that secures for nobody would give (a seat is a candidate only through a shared colour),
 * else KK-FINAL-WINNER (its candidates, the fewest points, and its two readings). */
static void inv_kk_final_winner(inv_ctx *c, int k0, const kk_state *s, const fin *f, const int *scores,
                                unsigned winners)
{
    int k = k0 + K_FINAL_WINNER, P = s->players, kase, alt_case;
    static const char *const case_text[] = {
        "one seat has the fewest points", "candidates tie on the fewest points (penalty-tie=shared: all win)",
        "candidates tie on the fewest points (penalty-tie=none: nobody wins)",
        "a seat that secured no colour has the fewest points (winner-needs=must-be-lowest: nobody wins)",
        "a seat that secured no colour has the fewest points (winner-needs=fewest-of-securers: the fewest "
        "among the securers win)"};
    inv_applied(c, k);
    unsigned want = winners_of(s, f, scores, &kase);
    inv_fired_case(c, k, kase);
    if (winners == want) return;
    fin alt;
    final_tally(s, 0, &alt);
    int kk = f->any_tie && winners_of(s, &alt, scores, &alt_case) == winners ? k0 + K_FINAL_TIE : k;
    if (kk != k) inv_applied(c, kk);
    inv_fail(c, kk, "winners mask 0x%x, expected 0x%x: %s%s; penalties %d %d %d %d, colours secured %d %d %d %d "
             "(no-secure=%s, penalty-tie=%s)", winners, want, case_text[kase],
             kk != k ? ", and the engine's winners are those of a tied colour secured by nobody" : "",
             scores[0], P > 1 ? scores[1] : 0, P > 2 ? scores[2] : 0, P > 3 ? scores[3] : 0, f->nsec[0], f->nsec[1],
             f->nsec[2], f->nsec[3], (s->readings & KK_R_MUST_BE_LOWEST) ? "must-be-lowest" : "fewest-of-securers",
             (s->readings & KK_R_TIE_NONE) ? "none" : "shared");
}

static void kk_check_final(inv_ctx *c, int k0, const void *st, const int *scores, unsigned winners)
{
    const kk_state *s = st;
    fin f;
    if (!inv_kk_cards_72(c, k0, s)) return;
    int k = k0 + K_END_HANDS;
    inv_applied(c, k);
    for (int q = 0; q < s->players; q++)
        if (hcount(s->hand[q]) > 0) {
            inv_fail(c, k, "final position: %s still holds %s (hands go to the territories)", sn(q).s,
                     hn(s->hand[q]).s);
            return;
        }
    final_tally(s, 1, &f);
    inv_kk_final_majority(c, k0, &f);
    inv_kk_final_tie(c, k0, &f);
    if (inv_kk_final_open(c, k0, s, &f, scores)) inv_kk_final_penalty(c, k0, s, &f, scores);
    inv_kk_final_winner(c, k0, s, &f, scores, winners);
}

/* ---- GEN-HIDDEN-INFO: what a seat sees ------------------------------------------------- */

/* Open to every seat: the council and the territories ("offen"), the pile heights, whose turn,
 * the counters. Seen in part: another hand shows the colours of its backs (KK-INFO-BACKS), a
 * pile's top card its back's colour, the box how many cards it holds. Hidden: the other hands'
 * breeds and values, the cards under the pile tops, which cards are in the box. */
_Static_assert(sizeof(kk_state) == 488, "a new kk_state field: say in kk_open whether every seat sees it");
#define OPEN(f, name) INV_FIELD(kk_state, f, name)
static const inv_field kk_open[] = {
    OPEN(readings, "readings"), OPEN(players, "players"), OPEN(phase, "phase"), OPEN(turn, "turn"),
    OPEN(turns, "turns"), OPEN(gave, "gave"), OPEN(last_left, "last"), OPEN(passes, "passes"),
    OPEN(ending, "ending"), OPEN(council, "council"), OPEN(pile_len, "pile heights"), OPEN(pad0, "pad0"),
    OPEN(terr, "territories"),
};
#undef OPEN

static int kk_view_differs(const void *va, const void *vb, int v, char *why, int n)
{
    const kk_state *a = va, *b = vb;
    const char *f = inv_fields_differ(kk_open, (int)(sizeof kk_open / sizeof kk_open[0]), a, b);
    if (f) { snprintf(why, (size_t)n, "the open field '%s'", f); return 1; }
    if (a->players > KK_MAXP || a->pile_len[0] > KK_PILE_MAX || a->pile_len[1] > KK_PILE_MAX) {
        snprintf(why, (size_t)n, "a state out of bounds");
        return 1;
    }
    int unseen[256] = {0}, nbox[2] = {0, 0};        /* cards v cannot see: a's counted up, b's down */
    for (int q = 0; q < a->players; q++) {
        if (q == v) {
            if (memcmp(a->hand[q], b->hand[q], KK_HAND) != 0) {
                snprintf(why, (size_t)n, "%s's own hand (%s, then %s)", sn(q).s, hn(a->hand[q]).s, hn(b->hand[q]).s);
                return 1;
            }
            continue;
        }
        int ca[KK_COLOURS], cb[KK_COLOURS];
        back_colours(a->hand[q], ca);                /* KK-INFO-BACKS */
        back_colours(b->hand[q], cb);
        for (int i = 0; i < KK_HAND; i++) {
            if (a->hand[q][i] != NO) unseen[a->hand[q][i]]++;
            if (b->hand[q][i] != NO) unseen[b->hand[q][i]]--;
        }
        if (memcmp(ca, cb, sizeof ca) != 0 || hcount(a->hand[q]) != hcount(b->hand[q])) {
            snprintf(why, (size_t)n, "the backs of %s's hand (%s, then %s)", sn(q).s, hn(a->hand[q]).s, hn(b->hand[q]).s);
            return 1;
        }
    }
    for (int p = 0; p < 2; p++) {
        int len = a->pile_len[p];
        if (len && colour_of(a->pile[p][len - 1]) != colour_of(b->pile[p][len - 1])) {
            snprintf(why, (size_t)n, "the back of the %s pile's top card", p ? "right" : "left");
            return 1;
        }
        if (memcmp(a->pile[p] + len, b->pile[p] + len, (size_t)(KK_PILE_MAX - len)) != 0) {
            snprintf(why, (size_t)n, "the %s pile beyond its height", p ? "right" : "left");
            return 1;
        }
        for (int i = 0; i < len; i++) { unseen[a->pile[p][i]]++; unseen[b->pile[p][i]]--; }
    }
    for (int id = 0; id < KK_CARDS; id++) {
        nbox[0] += a->box[id] != 0;
        nbox[1] += b->box[id] != 0;
        if (a->box[id] > 1 || b->box[id] > 1) { snprintf(why, (size_t)n, "the box holds %s more than once", kn(id).s); return 1; }
        unseen[id] += a->box[id] - b->box[id];
    }
    if (nbox[0] != nbox[1]) { snprintf(why, (size_t)n, "the box holds %d cards, then %d", nbox[0], nbox[1]); return 1; }
    for (int x = 0; x < 256; x++)
        if (unseen[x]) {
            snprintf(why, (size_t)n, "the unseen cards (%s %s)", kn(x).s, unseen[x] > 0 ? "lost" : "added");
            return 1;
        }
    return 0;
}

/* The other hands, the piles and the box shuffled among themselves, each card keeping to a
 * place whose back shows its colour (a hand slot, a pile top) or to one that shows none (under a
 * top, the box); hands ascending. */
static void kk_mix_unseen(void *vs, int v, uint64_t seed)
{
    kk_state *s = vs;
    uint8_t pool[KK_CARDS], used[KK_CARDS] = {0};
    int np = 0;
    if (s->players > KK_MAXP || s->pile_len[0] > KK_PILE_MAX || s->pile_len[1] > KK_PILE_MAX) return;
    for (int q = 0; q < s->players; q++)
        for (int i = 0; i < KK_HAND && q != v; i++) if (s->hand[q][i] < KK_CARDS) pool[np++] = s->hand[q][i];
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < s->pile_len[p]; i++) if (s->pile[p][i] < KK_CARDS && np < KK_CARDS) pool[np++] = s->pile[p][i];
    for (int id = 0; id < KK_CARDS; id++) if (s->box[id] && np < KK_CARDS) pool[np++] = (uint8_t)id;
    inv_shuffle(pool, np, &seed);
    /* the places that show a colour take a shuffled card of that colour */
    for (int q = 0; q < s->players; q++) {
        if (q == v) continue;
        for (int i = 0; i < KK_HAND; i++) {
            if (s->hand[q][i] >= KK_CARDS) continue;
            for (int j = 0; j < np; j++)
                if (!used[j] && colour_of(pool[j]) == colour_of(s->hand[q][i])) { used[j] = 1; s->hand[q][i] = pool[j]; break; }
        }
        for (int i = 1; i < KK_HAND; i++)                    /* ascending, empty slots last */
            for (int j = i; j > 0 && s->hand[q][j] < s->hand[q][j - 1]; j--) {
                uint8_t t = s->hand[q][j]; s->hand[q][j] = s->hand[q][j - 1]; s->hand[q][j - 1] = t;
            }
    }
    for (int p = 0; p < 2; p++) {
        if (!s->pile_len[p]) continue;
        uint8_t *top = &s->pile[p][s->pile_len[p] - 1];
        for (int j = 0; j < np; j++)
            if (!used[j] && colour_of(pool[j]) == colour_of(*top)) { used[j] = 1; *top = pool[j]; break; }
    }
    /* the rest under the tops and into the box */
    int j = 0;
    for (int p = 0; p < 2; p++)
        for (int i = 0; i + 1 < s->pile_len[p]; i++) {
            while (j < np && used[j]) j++;
            if (j < np) { used[j] = 1; s->pile[p][i] = pool[j]; }
        }
    memset(s->box, 0, sizeof s->box);
    for (; j < np; j++) if (!used[j]) { used[j] = 1; s->box[pool[j]] = 1; }
}

/* Invariants of every reachable position, judged on one state (a loaded [Position]); each
 * message names the position field. */
static void kk_check_position(inv_ctx *c, int k0, const void *st)
{
    const kk_state *s = st;
    if (!inv_kk_setup_players(c, k0, NULL, s) || !shape_ok(s)) return;
    inv_kk_legal_set(c, k0, s);
    /* KK-TURN-ORDER: "Der älteste Spieler beginnt" (P1), then clockwise: after t turns it is seat
     * t mod players' turn; the turn that ends the game does not pass on. The counter stops at 255. */
    int k = k0 + K_TURN_ORDER, np = s->players;
    inv_applied(c, k);
    if (s->turns < 255) {
        int over = s->phase == KK_PH_OVER;
        if (over && s->turns == 0) { inv_fail(c, k, "turns: the game is over before any turn was played"); return; }
        int seat = over ? (s->turns - 1) % np : s->turns % np;
        if (s->turn != seat) {
            inv_fail(c, k, "turn: P%d to play after %d turns, but %d turns from P1 on lead to P%d", s->turn + 1, s->turns, s->turns, seat + 1);
            return;
        }
    }
    /* KK-TURN-GIVE: "Immer nur zu Beginn eines Zuges ... Das ist erst ab der zweiten Spielrunde möglich."
     * (KK-AMB-SECOND-ROUND: round | turn), none in the last round under last-give=forbidden; a give is
     * of the turn under way */
    k = k0 + K_TURN_GIVE;
    inv_applied(c, k);
    if (s->gave) {
        int first = (s->readings & KK_R_GIVE_FROM_TURN) ? 1 : np;
        if (s->phase == KK_PH_OVER) { inv_fail(c, k, "gave: a give marked after the game is over"); return; }
        if (s->turns < first) { inv_fail(c, k, "gave: a territory given in turn %d, before the %s", s->turns + 1,
                                        first == 1 ? "second turn" : "second round"); return; }
        if (s->last_left != NO && (s->readings & KK_R_LAST_NO_GIVE)) { inv_fail(c, k, "gave: a give in the last round under last-give=forbidden"); return; }
    }
    /* KK-END-LASTROUND: the last round begins only when both piles are used up */
    k = k0 + K_END_LASTROUND;
    inv_applied(c, k);
    if (s->phase != KK_PH_OVER && s->last_left != NO) {
        if (s->pile_len[0] || s->pile_len[1]) {
            inv_fail(c, k, "last: 'last=%d' (the last round) while the piles still hold %d and %d cards; "
                     "the last round starts when both are used up (write last=-)", s->last_left, s->pile_len[0], s->pile_len[1]);
            return;
        }
        if (s->last_left < 1 || s->last_left > s->players) {
            inv_fail(c, k, "last: 'last=%d' turns left in the last round, want 1 to %d (or '-')", s->last_left, s->players);
            return;
        }
    }
}

/* KK-CARDS-72 on one state, for GEN-HIDDEN-INFO's check of the engine's determinize. */
static void kk_check_material(inv_ctx *c, int k0, const void *st)
{
    inv_kk_cards_72(c, k0, (const kk_state *)st);
}

const inv_game inv_kk_game = {
    "kk", kk_clauses, K_N, kk_check_setup, kk_check_step, kk_check_final, kk_check_position,
    kk_view_differs, kk_mix_unseen,
    kk_check_material,
    inv_kk_facts,
};
