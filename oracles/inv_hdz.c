/* inv_hdz.c: Herr der Ziegen oracles: every HDZ- clause restated over (pre, move, post), engine-free. */
#include <stdio.h>
#include <string.h>
#include "oracle.h"
#include "../rules/hdz.h"

/* Independence: nothing here calls rules/hdz.c. The only engine data used are hdz.h's
 * constants and macros and the state bytes; the physical facts are the oracle's own (HF below,
 * from SPEC.md's parameter table and the texts' numbers), and the engine's table hdz_param is read
 * by HDZ-FACTS alone, to compare it with them. Geometry,
 * line membership, the dog rules, the scoring and the final tally are restated below
 * from the design note (/tmp/hdz-design.md, SPEC.md) and the rule texts. */

#define NO HDZ_NONE

/* The card code, restated here from SPEC.md's notation (a goat card is its type times five plus its
 * value less one: A1 = 0, A5 = 4, B1 = 5) rather than taken from hdz.h (issue 36 point 1): the names
 * stay, hdz.h's definitions do not, so a wrong macro there is not read twice. */
#undef HDZ_TYPE
#undef HDZ_VALUE
#undef HDZ_CODE
#define HDZ_TYPE(c)    ((c) / 5)
#define HDZ_VALUE(c)   ((c) % 5 + 1)
#define HDZ_CODE(t, v) ((t) * 5 + (v) - 1)

enum {
    K_CARDS_121, K_SETUP_PLAYERS, K_SETUP_REMOVAL, K_SETUP_MEADOW, K_SETUP_STABLES, K_SETUP_HAND,
    K_SETUP_DOG_REDRAW, K_TURN_ORDER, K_TURN_PHASES, K_TURN_PLAY, K_TURN_MOVE, K_DOG_NOMOVE,
    K_DOG_NO_MAJORITY, K_TURN_TAKE,
    K_TAKE_NOMARKED, K_TAKE_REFILL, K_SCORE_MAJORITY8, K_SCORE_WORTHLESS, K_SCORE_FUTURE,
    K_SCORE_FOURTH, K_SCORE_FOURTH_SUM, K_SCORE_FOURTH_COUNT, K_SCORE_FOURTH_TRIGGER,
    K_SCORE_FIFTH_MEADOW, K_SCORE_FIFTH_HAND, K_SCORE_REMINDER, K_SCORE_B_WORTHLESS, K_DOG_SWAP_NEUTRAL,
    K_DOG_SWAP_AGREE, K_DOG_EMPTY, K_END_LINE_EMPTY, K_END_BLOCKED, K_FINAL_MEADOW,
    K_FINAL_STABLE_DOUBLE, K_FINAL_MILK_FIRST, K_FINAL_MILK_SECOND, K_FINAL_MILK_TIE,
    K_FINAL_WINNER, K_LEGAL_SET, K_FACTS, K_N
};

static const inv_clause hdz_clauses[K_N] = {
    {"HDZ-CARDS-121",            "inv_hdz_cards_121",            "nl+en", NULL},
    {"HDZ-SETUP-PLAYERS",        "inv_hdz_setup_players",        "nl+en", "two three four five"},
    {"HDZ-SETUP-REMOVAL",        "inv_hdz_setup_removal",        "nl", "five four three two removal-none"},
    {"HDZ-SETUP-MEADOW",         "inv_hdz_setup_meadow",         "nl+en", "seven six"},
    {"HDZ-SETUP-STABLES",        "inv_hdz_setup_stables",        "nl+en", "cell outside"},
    {"HDZ-SETUP-HAND",           "inv_hdz_setup_hand",           "nl+en", "deal later-turn"},
    {"HDZ-SETUP-DOG-REDRAW",     "inv_hdz_setup_dog_redraw",     "nl+en", "keep return dog-again"},
    {"HDZ-TURN-ORDER",           "inv_hdz_turn_order",           "nl+en", "start redraw next round"},
    {"HDZ-TURN-PHASES",          "inv_hdz_turn_phases",          "nl+en", "ends-at-play ends-at-take ends-at-dog"},
    {"HDZ-TURN-PLAY",            "inv_hdz_turn_play",            "nl+en", "goat dog milk"},
    {"HDZ-TURN-MOVE",            "inv_hdz_turn_move",            "nl+en", "goat milk past-start"},
    {"HDZ-DOG-NOMOVE",           "inv_hdz_dog_nomove",           "nl+en", NULL},
    {"HDZ-DOG-NO-MAJORITY",      "inv_hdz_dog_no_majority",      "nl+en", "moved not-moved"},
    {"HDZ-TURN-TAKE",            "inv_hdz_turn_take",            "nl+en", "goat dog milk"},
    {"HDZ-TAKE-NOMARKED",        "inv_hdz_take_nomarked",        "nl+en", "own-goat others-only"},
    {"HDZ-TAKE-REFILL",          "inv_hdz_take_refill",          "nl+en", "from-pile pile-empty"},
    {"HDZ-SCORE-MAJORITY8",      "inv_hdz_score_majority8",      "nl+en", "marks-all none-in-meadow supply-out"},
    {"HDZ-SCORE-WORTHLESS",      "inv_hdz_score_worthless",      "nl+en", "to-box none-shown"},
    {"HDZ-SCORE-FUTURE",         "inv_hdz_score_future",         "nl+en", "from-supply from-reminder none-left"},
    {"HDZ-SCORE-FOURTH",         "inv_hdz_score_fourth",         "nl+en", "by-sum by-count by-trigger"},
    {"HDZ-SCORE-FOURTH-SUM",     "inv_hdz_score_fourth_sum",     "nl+en", "trigger-wins other-wins"},
    {"HDZ-SCORE-FOURTH-COUNT",   "inv_hdz_score_fourth_count",   "nl+en", "trigger-wins other-wins"},
    {"HDZ-SCORE-FOURTH-TRIGGER", "inv_hdz_score_fourth_trigger", "nl+en", NULL},
    {"HDZ-SCORE-FIFTH-MEADOW",   "inv_hdz_score_fifth_meadow",   "nl+en", "marked no-goat-left"},
    {"HDZ-SCORE-FIFTH-HAND",     "inv_hdz_score_fifth_hand",     "nl+en", "winner-holds other-holds"},
    {"HDZ-SCORE-REMINDER",       "inv_hdz_score_reminder",       "nl+en", "memo after-majority after-fourth used"},
    {"HDZ-SCORE-B-WORTHLESS",    "inv_hdz_score_b_worthless",    "nl+en", "opponents all"},
    {"HDZ-DOG-SWAP-NEUTRAL",     "inv_hdz_dog_swap_neutral",     "nl+en", "row column own-partner pass"},
    {"HDZ-DOG-SWAP-AGREE",       "inv_hdz_dog_swap_agree",       "nl+en", "ask agree refuse-again refuse-ends"},
    {"HDZ-DOG-EMPTY",            "inv_hdz_dog_empty",            "nl+en", "same-line elsewhere"},
    {"HDZ-END-LINE-EMPTY",       "inv_hdz_end_line_empty",       "nl+en", "row column by-dog"},
    {"HDZ-END-BLOCKED",          "inv_hdz_end_blocked",          "nl+en", "all-marked no-cards"},
    {"HDZ-FINAL-MEADOW",         "inv_hdz_final_meadow",         "nl+en", NULL},
    {"HDZ-FINAL-STABLE-DOUBLE",  "inv_hdz_final_stable_double",  "nl+en", "next-to-stable stable-cell chain"},
    {"HDZ-FINAL-MILK-FIRST",     "inv_hdz_final_milk_first",     "nl+en", "by-count by-sum"},
    {"HDZ-FINAL-MILK-SECOND",    "inv_hdz_final_milk_second",    "nl+en", "exact-half rounded-half later"},
    {"HDZ-FINAL-MILK-TIE",       "inv_hdz_final_milk_tie",       "nl+en", "first-full first-share second-full second-share first-both"},
    {"HDZ-FINAL-WINNER",         "inv_hdz_final_winner",         "nl+en", "one tie"},
    {"HDZ-LEGAL-SET",            "inv_hdz_legal_set",            "nl+en", "redraw play take dog agree"},
    {"HDZ-FACTS",                "inv_hdz_facts",                "nl+en", NULL},
};

/* Case indexes (SPEC.md "- **Cases:**"), in the order of each clause's `cases` string. A clause with
 * several cases fires only through inv_fired_case with one of these. */
enum { C_PLAYERS_TWO };                                              /* + players - 2 */
enum { C_REMOVAL_FIVE, C_REMOVAL_FOUR, C_REMOVAL_THREE, C_REMOVAL_TWO, C_REMOVAL_NONE };
enum { C_MEADOW_SEVEN, C_MEADOW_SIX };
enum { C_STABLES_CELL, C_STABLES_OUTSIDE };
enum { C_HAND_DEAL, C_HAND_LATER };
enum { C_REDRAW_KEEP, C_REDRAW_RETURN, C_REDRAW_DOG_AGAIN };
enum { C_ORDER_START, C_ORDER_REDRAW, C_ORDER_NEXT, C_ORDER_ROUND };
enum { C_PHASES_AT_PLAY, C_PHASES_AT_TAKE, C_PHASES_AT_DOG };
enum { C_KIND_GOAT, C_KIND_DOG, C_KIND_MILK };                      /* TURN-PLAY, TURN-TAKE */
enum { C_MOVE_GOAT, C_MOVE_MILK, C_MOVE_PAST_START };
enum { C_NOMAJ_MOVED, C_NOMAJ_NOT_MOVED };
enum { C_NOMARKED_OWN, C_NOMARKED_OTHERS };
enum { C_REFILL_PILE, C_REFILL_EMPTY };
enum { C_MAJ_ALL, C_MAJ_NONE_IN_MEADOW, C_MAJ_SUPPLY_OUT };
enum { C_WORTHLESS_TO_BOX, C_WORTHLESS_NONE };
enum { C_FUTURE_SUPPLY, C_FUTURE_REMINDER, C_FUTURE_NONE_LEFT };
enum { C_FOURTH_SUM, C_FOURTH_COUNT, C_FOURTH_TRIGGER };
enum { C_WIN_TRIGGER, C_WIN_OTHER };                                /* FOURTH-SUM, FOURTH-COUNT */
enum { C_FIFTH_MARKED, C_FIFTH_NO_GOAT };
enum { C_FIFTH_HAND_WINNER, C_FIFTH_HAND_OTHER };
enum { C_REMIND_MEMO, C_REMIND_AFTER_A, C_REMIND_AFTER_B, C_REMIND_USED };
enum { C_BW_OPPONENTS, C_BW_ALL };
enum { C_NEUTRAL_ROW, C_NEUTRAL_COLUMN, C_NEUTRAL_OWN, C_NEUTRAL_PASS };
enum { C_AGREE_ASK, C_AGREE_AGREE, C_AGREE_REFUSE_AGAIN, C_AGREE_REFUSE_ENDS };
enum { C_EMPTY_SAME_LINE, C_EMPTY_ELSEWHERE };
enum { C_LINE_ROW, C_LINE_COLUMN, C_LINE_BY_DOG };
enum { C_BLOCKED_ALL_MARKED, C_BLOCKED_NO_CARDS };
enum { C_DOUBLE_NEXT, C_DOUBLE_STABLE_CELL, C_DOUBLE_CHAIN };
enum { C_FIRST_COUNT, C_FIRST_SUM };
enum { C_SECOND_EXACT, C_SECOND_ROUNDED, C_SECOND_LATER };
enum { C_TIE_FIRST_FULL, C_TIE_FIRST_SHARE, C_TIE_SECOND_FULL, C_TIE_SECOND_SHARE, C_TIE_FIRST_BOTH };
enum { C_WINNER_ONE, C_WINNER_TIE };
enum { C_LEGAL_REDRAW, C_LEGAL_PLAY, C_LEGAL_TAKE, C_LEGAL_DOG, C_LEGAL_AGREE };

/* ---- The physical facts, in the oracle's own words (HDZ-FACTS) ---------------------- */

/* HDZ-FACTS: what the oracles know of the material and the table, written from SPEC.md's
 * "Parameters (assumed physical facts)" and the texts, not read from the engine's table. */
static const struct {
    int milk[2];        /* "16 melkkaarten", showing 1 or 2: 8 ones, 8 twos (ASSUMPTION) */
    /* the nl removal table, a row per player count from 5 down to 2: goat types (5 cards each),
     * dogs, milk 1, milk 2 ("5 spelers: geen ... 2 spelers: 8 soorten, 8 honden, 4 melkjes 1 en 4 melkjes 2") */
    struct { int players, types, dogs, milk1, milk2; } removal[4];
    int small_goats;    /* "10 kleine houten geiten" */
    int hand;           /* "2 geitenkaarten" */
    /* stable sites as track positions, seat by seat, from SPEC.md's table: 2 players c1 c6,
     * 3 players d1 g6 a6, 4 players the corners a1 g1 g7 a7 (each at the head of its side),
     * 5 players b1 f1 g4 d7 a4 (ASSUMPTION but for the 4-player corners) */
    int site[HDZ_MAXP + 1][HDZ_MAXP];
} HF = {
    {8, 8},
    {{5, 0, 0, 0, 0}, {4, 2, 2, 2, 0}, {3, 5, 5, 5, 0}, {2, 8, 8, 4, 4}},
    10, 2,
    {{0}, {0}, {2, 15}, {3, 12, 22}, {0, 7, 14, 21}, {1, 5, 10, 17, 24}},
};

/* "De weide is 7 x 7 groot (alleen in het spel voor 2 spelers is de weide maar 6 x 6 groot)" */
static int side_for(int players) { return players == 2 ? 6 : 7; }
/* The removal row of a player count (2..5). */
static int removal_row(int players) { return 5 - players; }

/* ---- Names for messages (only built on a failure path) ------------------------------ */

typedef struct { char s[40]; } nm;

/* Cell name: column letter a.. + row number 1.. from the top ("c4" = row 3, col 2). */
static nm cn(int c)
{
    nm r;
    if (c < 0 || c >= HDZ_CELLS) snprintf(r.s, sizeof r.s, "cell#%d", c);
    else snprintf(r.s, sizeof r.s, "%c%d", 'a' + c % HDZ_W, c / HDZ_W + 1);
    return r;
}

/* Card name: goat "E3", dog "D", milk "M1"/"M2"; non-cards "empty", "stable". */
static nm kn(int v)
{
    nm r;
    if (v >= 0 && v < HDZ_GOATS) snprintf(r.s, sizeof r.s, "%c%d", 'A' + v / 5, v % 5 + 1);
    else if (v == HDZ_DOG) snprintf(r.s, sizeof r.s, "D");
    else if (v == HDZ_MILK1) snprintf(r.s, sizeof r.s, "M1");
    else if (v == HDZ_MILK2) snprintf(r.s, sizeof r.s, "M2");
    else if (v == HDZ_STABLE) snprintf(r.s, sizeof r.s, "stable");
    else if (v == NO) snprintf(r.s, sizeof r.s, "empty");
    else snprintf(r.s, sizeof r.s, "code#%d", v);
    return r;
}

/* Seat name P1..P5, "nobody" for HDZ_NONE. */
static nm sn(int q)
{
    nm r;
    if (q == NO) snprintf(r.s, sizeof r.s, "nobody");
    else snprintf(r.s, sizeof r.s, "P%d", q + 1);
    return r;
}

static const char *phase_name(int ph)
{
    static const char *const names[] = {"REDRAW", "PLAY", "TAKE", "DOG", "AGREE", "OVER"};
    return ph >= 0 && ph <= HDZ_PH_OVER ? names[ph] : "?";
}

/* ---- Geometry, restated from the design note --------------------------------------- */

static int in_meadow(int n, int c) { return c >= 0 && c < HDZ_CELLS && c / HDZ_W < n && c % HDZ_W < n; }
static int is_card(int v) { return v < HDZ_CODES; }
static int is_goat(int v) { return v < HDZ_GOATS; }
static int card_value(int v) { return v < HDZ_GOATS ? HDZ_VALUE(v) : v == HDZ_MILK1 ? 1 : v == HDZ_MILK2 ? 2 : 0; }

/* Border cell whose edge is track position t (clockwise from the top-left corner). */
static int trk_cell(int n, int t)
{
    int side = t / n, k = t % n;
    switch (side) {
    case 0:  return k;                                   /* top, moving right */
    case 1:  return k * HDZ_W + (n - 1);                 /* right, moving down */
    case 2:  return (n - 1) * HDZ_W + (n - 1 - k);       /* bottom, moving left */
    default: return (n - 1 - k) * HDZ_W;                 /* left, moving up */
    }
}

/* A line: a row (row = 1) or a column (row = 0) with its index. */
typedef struct { int row, idx; } line;

static int line_cell(line l, int i) { return l.row ? l.idx * HDZ_W + i : i * HDZ_W + l.idx; }

static nm ln(line l)
{
    nm r;
    if (l.row) snprintf(r.s, sizeof r.s, "row %d", l.idx + 1);
    else snprintf(r.s, sizeof r.s, "column %c", 'a' + l.idx);
    return r;
}

/* The line beside a large goat at track position t: "de rij waarnaast zijn grote geit". */
static line beside(int n, int t, uint32_t r)
{
    line l;
    int side = t / n, k = t % n;
    /* HDZ-AMB-TAKE-LINE: cross (the row/column running into the meadow) | edge */
    if (r & HDZ_R_TAKE_EDGE) {
        switch (side) {
        case 0:  l.row = 1; l.idx = 0; break;
        case 1:  l.row = 0; l.idx = n - 1; break;
        case 2:  l.row = 1; l.idx = n - 1; break;
        default: l.row = 0; l.idx = 0; break;
        }
    } else {
        switch (side) {
        case 0:  l.row = 0; l.idx = k; break;
        case 1:  l.row = 1; l.idx = k; break;
        case 2:  l.row = 0; l.idx = n - 1 - k; break;
        default: l.row = 1; l.idx = n - 1 - k; break;
        }
    }
    return l;
}

static int in_line(line l, int c) { return l.row ? c / HDZ_W == l.idx : c % HDZ_W == l.idx; }

static int line_has_card(const uint8_t *cell, int n, line l)
{
    for (int i = 0; i < n; i++)
        if (is_card(cell[line_cell(l, i)])) return 1;
    return 0;
}

/* Cells in line l holding a card without a small goat: what may be taken there. */
static int line_takeable(const uint8_t *cell, const uint8_t *mark, int n, line l)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        int c = line_cell(l, i);
        if (is_card(cell[c]) && mark[c] == NO) k++;
    }
    return k;
}

static int line_marked(const uint8_t *cell, const uint8_t *mark, int n, line l)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        int c = line_cell(l, i);
        if (is_card(cell[c]) && mark[c] != NO) k++;
    }
    return k;
}

/* Row or column through c left without any card. */
/* HDZ-AMB-END-LINE: "laatste kaart uit een rij" / "row [or column]": the row through c, or
 * (end-line=line) its column too, holds no card. */
static int cross_emptied(const uint8_t *cell, int n, int c, uint32_t r)
{
    line row = {1, c / HDZ_W}, k = {0, c % HDZ_W};
    return !line_has_card(cell, n, row) || (!(r & HDZ_R_END_ROW_ONLY) && !line_has_card(cell, n, k));
}

/* ---- Dog moves, restated ------------------------------------------------------------ */

enum { DT_NEUTRAL = 1, DT_OWN, DT_OPP, DT_EMPTY,
       DT_BAD_FROM = -1, DT_BAD_CELL = -2, DT_BAD_EMPTY_LINE = -3, DT_BAD_NOTGOAT = -4,
       DT_BAD_LINE = -5, DT_BAD_OWN = -6, DT_BAD_REFUSED = -7 };

/* "binnen één rij": same row or column, or same row only. */
static int dog_line(uint32_t r, int a, int b)
{
    if (a / HDZ_W == b / HDZ_W) return 1;
    /* HDZ-AMB-DOG-LINE: line (row or column) | row */
    if (r & HDZ_R_DOG_ROW) return 0;
    return a % HDZ_W == b % HDZ_W;
}

/* Classify moving the card at `from` (seat's own-marked goat) to `to`: DT_* > 0 legal
 * (DT_OPP needs the opponent's agreement), < 0 the reason it is not a dog move. */
static int dog_class(uint32_t r, int n, const uint8_t *cell, const uint8_t *mark, int seat,
                     int from, int to, int refused)
{
    if (!in_meadow(n, from) || !is_goat(cell[from]) || mark[from] != seat) return DT_BAD_FROM;
    if (!in_meadow(n, to) || to == from) return DT_BAD_CELL;
    int v = cell[to];
    if (v == NO) {
        /* HDZ-AMB-DOG-EMPTY: an empty place in the same line | anywhere in the meadow */
        if (r & HDZ_R_DOG_EMPTY_ANY) return DT_EMPTY;
        return dog_line(r, from, to) ? DT_EMPTY : DT_BAD_EMPTY_LINE;
    }
    if (!is_goat(v)) return DT_BAD_NOTGOAT;   /* dog, milk, stable: never a partner */
    if (!dog_line(r, from, to)) return DT_BAD_LINE;
    if (mark[to] == NO) return DT_NEUTRAL;
    if (mark[to] == seat) {
        /* HDZ-AMB-DOG-PARTNER: own-marked partner allowed | forbidden */
        return (r & HDZ_R_DOG_OWN_NO) ? DT_BAD_OWN : DT_OWN;
    }
    /* HDZ-AMB-DOG-REFUSED: choose-again offers no second swap needing agreement */
    if (refused && !(r & HDZ_R_REFUSED_LOST)) return DT_BAD_REFUSED;
    return DT_OPP;
}

static int dog_move_exists(uint32_t r, int n, const uint8_t *cell, const uint8_t *mark, int seat,
                           int refused)
{
    for (int f = 0; f < HDZ_CELLS; f++) {
        if (!in_meadow(n, f) || !is_goat(cell[f]) || mark[f] != seat) continue;
        for (int t = 0; t < HDZ_CELLS; t++)
            if (dog_class(r, n, cell, mark, seat, f, t, refused) > 0) return 1;
    }
    return 0;
}

static const char *dog_reason(int dt)
{
    switch (dt) {
    case DT_BAD_FROM: return "the moved card is not a goat card with the mover's small goat";
    case DT_BAD_CELL: return "the target is outside the meadow or the card itself";
    case DT_BAD_EMPTY_LINE: return "the empty target is not in the card's line (dog-empty=same-line)";
    case DT_BAD_NOTGOAT: return "the target holds no goat card (dog, milk or stable)";
    case DT_BAD_LINE: return "the partner is not in the card's line";
    case DT_BAD_OWN: return "the partner carries the mover's own goat (dog-own=own-forbidden)";
    case DT_BAD_REFUSED: return "a swap needing agreement after a refusal (refused=choose-again)";
    default: return "?";
    }
}

/* ---- Small state helpers ------------------------------------------------------------ */

static int has_card(const hdz_state *s, int q, int code)
{
    return s->hand[q][0] == code || s->hand[q][1] == code;
}

static void sort2(int *x, int *y) { if (*x > *y) { int t = *x; *x = *y; *y = t; } }

static int hand_eq(const hdz_state *s, int q, int x, int y)
{
    int a = s->hand[q][0], b = s->hand[q][1];
    sort2(&a, &b);
    sort2(&x, &y);
    return a == x && b == y;
}

static int marks_of(const hdz_state *s, int q)
{
    int k = 0;
    for (int c = 0; c < HDZ_CELLS; c++)
        if (in_meadow(s->n, c) && s->mark[c] == q) k++;
    return k;
}

static int supply_unlimited(uint32_t r)
{
    /* HDZ-AMB-GOAT-SUPPLY: ten small goats | unlimited */
    return (r & HDZ_R_SUPPLY_UNLIM) != 0;
}

/* Shape of a state good enough to index with: players, side, goat positions. */
static int sane(const hdz_state *s)
{
    if (s->players < 2 || s->players > HDZ_MAXP) return 0;
    if (s->n != side_for(s->players)) return 0;
    if (s->turn >= s->players || s->pile_len > HDZ_CARDS) return 0;
    for (int q = 0; q < s->players; q++)
        if (s->goat[q] >= 4 * s->n) return 0;
    return 1;
}

/* ---- The step under check: what the rules make of (pre, move) ----------------------- */

enum { SC_NONE = 0, SC_OWNED, SC_NOTHING, SC_A, SC_B };

typedef struct hx {
    const hdz_state *pre, *post;
    const game_move *m;
    uint32_t r;
    int n, np, p, kind;
    int X;                          /* card played this turn (HDZ_NONE before the play) */
    int wrong_phase;                /* the move kind does not belong to pre's phase */
    int bad;                        /* the move breaks its own rule: only its clause judges */
    int a, b;                       /* TAKE: a; DOG: a -> b; AGREE/REFUSE: pend cells */
    int dt;                         /* DOG: dog_class of the move */
    int touched[2];                 /* cells the move itself rewrites (-1 none) */
    uint8_t cell0[HDZ_CELLS], mark0[HDZ_CELLS];  /* meadow after the move, before phase 4 */
    uint8_t emark[HDZ_CELLS];       /* marks expected after phase 4 */
    int refill;                     /* TAKE: card laid into the gap (HDZ_NONE: pile empty) */
    int fut;                        /* seat whose small goat the refilled card got, -1 */
    int supply0[HDZ_MAXP];          /* supply before phase 4 (supply=ten) */
    int reserve;                    /* HDZ-AMB-REMINDER=reserve with ten small goats */
    int erem[HDZ_TYPES];            /* reminder goats expected after the step */
    int goat1;                      /* PLAY: expected large-goat position */
    int blocked, emptied;           /* end conditions met by this step */
    int ending;                     /* expected ending after the step (before a reset) */
    int finish;                     /* the turn is finished: phase 4, then next seat or end */
    int over;                       /* the game is over after the step */
    int to_phase;                   /* phase when the turn goes on (TAKE, DOG, AGREE) */
    int decider_next;               /* AGREE: the opponent asked */
    /* phase 4 */
    int sc, t;                      /* SC_* and the played card's type (-1 none) */
    int sum[HDZ_MAXP], cnt[HDZ_MAXP], total;
    int w, tie;                     /* winner (A: p); B: 0 sum, 1 count, 2 trigger decided */
    int fifth, fifth_cell, fifth_seat, fifth_pile;
} hx;

/* Displayed count before phase 4: the pre display plus this step's played card. */
static int disp0(const hx *h, int q, int code)
{
    return h->pre->display[q][code] + (h->kind == HDZ_MV_PLAY && q == h->p && code == h->X);
}

/* Does seat q's display of the scored type go to the box? */
static int to_box(const hx *h, int q)
{
    if (h->sc == SC_A) return q != h->p;                  /* HDZ-SCORE-WORTHLESS */
    if (h->sc == SC_B) {
        /* HDZ-AMB-B-WORTHLESS: opponents of the winner | all seats */
        if (h->r & HDZ_R_BWORTHLESS_ALL) return 1;
        return q != h->w;
    }
    return 0;
}

static int exp_disp(const hx *h, int q, int code)
{
    if (h->t >= 0 && code < HDZ_GOATS && HDZ_TYPE(code) == h->t && to_box(h, q)) return 0;
    return disp0(h, q, code);
}

static int exp_box(const hx *h, int code)
{
    int v = h->pre->box[code];
    for (int q = 0; q < h->np; q++) v += disp0(h, q, code) - exp_disp(h, q, code);
    return v;
}

/* Cards of type t in the pile once the step's own move is done (a take's refill has left it). */
static int pile_of_type(const hx *h, int t)
{
    int len = h->pre->pile_len, k = 0;
    if (h->kind == HDZ_MV_TAKE && len > 0) len--;
    for (int i = 0; i < len; i++) if (is_goat(h->pre->pile[i]) && HDZ_TYPE(h->pre->pile[i]) == t) k++;
    return k;
}

/* Phase 4 for the played goat card: which case applies and what it must leave. */
static void hx_score(hx *h)
{
    const hdz_state *pre = h->pre;
    int t = HDZ_TYPE(h->X), p = h->p;
    h->t = t;
    if (pre->owner[t] != NO) { h->sc = SC_OWNED; return; }
    for (int q = 0; q < h->np; q++)
        for (int v = 1; v <= 5; v++) {
            int d = disp0(h, q, HDZ_CODE(t, v));
            h->sum[q] += d * v;
            h->cnt[q] += d;
            h->total += d;
        }
    if (h->sum[p] >= 8) {
        /* HDZ-SCORE-MAJORITY8: every unmarked t card in the meadow, in reading order */
        int left = h->supply0[p];
        h->sc = SC_A;
        h->w = p;
        for (int c = 0; c < HDZ_CELLS; c++) {
            if (!in_meadow(h->n, c) || !is_goat(h->cell0[c]) || HDZ_TYPE(h->cell0[c]) != t) continue;
            if (h->mark0[c] != NO) continue;
            /* HDZ-AMB-GOAT-SUPPLY: with ten small goats, marking stops when they run out */
            if (supply_unlimited(h->r) || left > 0) { h->emark[c] = (uint8_t)p; left--; }
        }
        /* HDZ-SCORE-REMINDER (reserve): reminder goats for the type's cards still in the pile */
        if (h->reserve) {
            int inpile = pile_of_type(h, t);
            h->erem[t] = inpile < left ? inpile : left;
        }
        return;
    }
    if (h->total != 4) { h->sc = SC_NOTHING; return; }
    /* HDZ-SCORE-FOURTH: winner by sum, then count, then the trigger */
    h->sc = SC_B;
    int best = -1, nbest = 0, bestc = -1, nbestc = 0, w = -1;
    for (int q = 0; q < h->np; q++)
        if (h->sum[q] > best) { best = h->sum[q]; nbest = 1; w = q; }
        else if (h->sum[q] == best) nbest++;
    if (nbest == 1) { h->w = w; h->tie = 0; }
    else {
        for (int q = 0; q < h->np; q++) {
            if (h->sum[q] != best) continue;
            if (h->cnt[q] > bestc) { bestc = h->cnt[q]; nbestc = 1; w = q; }
            else if (h->cnt[q] == bestc) nbestc++;
        }
        if (nbestc == 1) { h->w = w; h->tie = 1; }
        else { h->w = p; h->tie = 2; }   /* distinct values: such a tie always includes p */
    }
    for (int v = 1; v <= 5; v++) {
        int code = HDZ_CODE(t, v), d = 0;
        for (int q = 0; q < h->np; q++) d += disp0(h, q, code);
        if (d == 0 && pre->box[code] == 0) { h->fifth = code; break; }
    }
    if (h->fifth < 0) return;
    for (int c = 0; c < HDZ_CELLS; c++)
        if (in_meadow(h->n, c) && h->cell0[c] == h->fifth) h->fifth_cell = c;
    if (h->fifth_cell < 0) {
        if (h->kind == HDZ_MV_TAKE && pre->cell[h->a] == h->fifth) h->fifth_seat = p;
        else {
            for (int q = 0; q < h->np && h->fifth_seat < 0; q++)
                if (has_card(pre, q, h->fifth)) h->fifth_seat = q;
        }
        if (h->fifth_seat < 0) h->fifth_pile = 1;
    }
    if (h->fifth_cell >= 0 && h->mark0[h->fifth_cell] == NO &&
        (supply_unlimited(h->r) || h->supply0[h->w] > 0))   /* HDZ-AMB-GOAT-SUPPLY */
        h->emark[h->fifth_cell] = (uint8_t)h->w;
    /* HDZ-SCORE-REMINDER (reserve): one reminder goat for a fifth card still in the pile */
    if (h->reserve && h->fifth_pile) h->erem[t] = h->supply0[h->w] > 0;
}

static void swap_cells(hx *h, int a, int b)
{
    uint8_t c = h->cell0[a], k = h->mark0[a];
    h->cell0[a] = h->cell0[b]; h->mark0[a] = h->mark0[b];
    h->cell0[b] = c; h->mark0[b] = k;
    h->touched[0] = a; h->touched[1] = b;
}

/* What the rules make of pre + m: the meadow after the move, the flow, and phase 4. */
static void hx_build(hx *h, const hdz_state *pre, const game_move *m, const hdz_state *post)
{
    memset(h, 0, sizeof *h);
    h->pre = pre; h->post = post; h->m = m;
    h->r = pre->readings; h->n = pre->n; h->np = pre->players; h->p = pre->turn;
    h->kind = m->kind; h->X = pre->played;
    h->a = h->b = -1; h->touched[0] = h->touched[1] = -1;
    h->refill = NO; h->fut = -1; h->t = -1; h->w = -1;
    h->fifth = h->fifth_cell = h->fifth_seat = -1;
    h->ending = pre->ending;
    h->to_phase = -1;
    memcpy(h->cell0, pre->cell, HDZ_CELLS);
    memcpy(h->mark0, pre->mark, HDZ_CELLS);
    for (int q = 0; q < HDZ_MAXP; q++) h->supply0[q] = pre->supply[q];
    /* HDZ-AMB-REMINDER: reminder goats are a memory aid (memo) or leave the supply (reserve) */
    h->reserve = (pre->readings & HDZ_R_REMIND_RESERVE) && !supply_unlimited(pre->readings);
    for (int t = 0; t < HDZ_TYPES; t++) h->erem[t] = pre->remind[t];

    int want;
    switch (m->kind) {
    case HDZ_MV_KEEP: case HDZ_MV_RETURN: want = HDZ_PH_REDRAW; break;
    case HDZ_MV_PLAY: want = HDZ_PH_PLAY; break;
    case HDZ_MV_TAKE: want = HDZ_PH_TAKE; break;
    case HDZ_MV_DOG: case HDZ_MV_PASS: want = HDZ_PH_DOG; break;
    case HDZ_MV_AGREE: case HDZ_MV_REFUSE: want = HDZ_PH_AGREE; break;
    default: want = -1; break;
    }
    if (want != pre->phase) { h->wrong_phase = 1; return; }

    int n = h->n, p = h->p;
    uint32_t r = h->r;
    int immediate = (r & HDZ_R_END_IMMEDIATE) != 0;
    switch (m->kind) {
    case HDZ_MV_PLAY: {
        h->X = m->a;
        if (!is_card(m->a) || !has_card(pre, p, m->a)) { h->bad = 1; return; }
        h->goat1 = (pre->goat[p] + card_value(m->a)) % (4 * n);
        h->blocked = line_takeable(pre->cell, pre->mark, n, beside(n, h->goat1, r)) == 0;
        if (!h->blocked) { h->to_phase = HDZ_PH_TAKE; break; }
        h->ending = HDZ_END_BLOCKED;
        /* HDZ-AMB-END-TIMING: immediate ends the game at the block, no dog, no phase 4 */
        if (immediate) h->over = 1;
        else if (m->a == HDZ_DOG && dog_move_exists(r, n, h->cell0, h->mark0, p, 0)) h->to_phase = HDZ_PH_DOG;
        else h->finish = 1;
        break;
    }
    case HDZ_MV_TAKE: {
        int a = m->a;
        h->a = a;
        if (!in_meadow(n, a) || !is_card(pre->cell[a])) { h->bad = 1; return; }
        h->touched[0] = a;
        h->refill = pre->pile_len ? pre->pile[pre->pile_len - 1] : NO;
        h->cell0[a] = (uint8_t)h->refill;
        h->mark0[a] = NO;
        if (is_goat(h->refill) && pre->owner[HDZ_TYPE(h->refill)] != NO && h->reserve) {
            /* HDZ-SCORE-REMINDER (reserve): a waiting reminder goat marks it; the supply stays */
            int t = HDZ_TYPE(h->refill);
            if (h->erem[t] > 0) { h->erem[t]--; h->mark0[a] = pre->owner[t]; h->fut = pre->owner[t]; }
        } else if (is_goat(h->refill) && pre->owner[HDZ_TYPE(h->refill)] != NO) {
            int q = pre->owner[HDZ_TYPE(h->refill)];
            /* HDZ-AMB-GOAT-SUPPLY: the owner marks it if a small goat is left (ten) */
            if (supply_unlimited(r) || h->supply0[q] > 0) {
                h->mark0[a] = (uint8_t)q;
                h->fut = q;
                if (h->supply0[q] > 0) h->supply0[q]--;
            }
        }
        h->emptied = cross_emptied(h->cell0, n, a, r);
        if (h->emptied) {
            h->ending = HDZ_END_LINE;
            /* HDZ-AMB-END-TIMING: immediate ends the game at the take, no dog, no phase 4 */
            if (immediate) { h->over = 1; break; }
        }
        if (h->X == HDZ_DOG && dog_move_exists(r, n, h->cell0, h->mark0, p, 0)) h->to_phase = HDZ_PH_DOG;
        else h->finish = 1;
        break;
    }
    case HDZ_MV_DOG: {
        h->a = m->a; h->b = m->b;
        h->dt = dog_class(r, n, pre->cell, pre->mark, p, m->a, m->b, pre->refused);
        if (h->dt < 0) { h->bad = 1; return; }
        if (h->dt == DT_OPP) {
            h->to_phase = HDZ_PH_AGREE;
            h->decider_next = pre->mark[m->b];
            break;
        }
        swap_cells(h, m->a, m->b);
        if (h->dt == DT_EMPTY) {
            h->emptied = cross_emptied(h->cell0, n, m->a, r);
            /* HDZ-AMB-END-DOG-EMPTIED: continues | ends (a dog move that empties a line sets
             * ending=DOG, also over an end already met by this turn's take or block) */
            if (h->emptied && (r & HDZ_R_DOG_EMPTIES_END)) h->ending = HDZ_END_DOG;
        }
        h->finish = 1;
        break;
    }
    case HDZ_MV_PASS:
        h->finish = 1;
        break;
    case HDZ_MV_AGREE: case HDZ_MV_REFUSE: {
        h->a = pre->pend_from; h->b = pre->pend_to;
        if (!in_meadow(n, h->a) || !in_meadow(n, h->b) || !is_goat(pre->cell[h->a]) ||
            !is_goat(pre->cell[h->b])) { h->bad = 1; return; }
        if (m->kind == HDZ_MV_AGREE) { swap_cells(h, h->a, h->b); h->finish = 1; break; }
        /* HDZ-AMB-DOG-REFUSED: choose-again -> back to DOG | lost -> the turn ends */
        if (r & HDZ_R_REFUSED_LOST) { h->finish = 1; break; }
        if (dog_move_exists(r, n, pre->cell, pre->mark, p, 1)) h->to_phase = HDZ_PH_DOG;
        else h->finish = 1;               /* SPEC: "If no move is left, the turn finishes." */
        break;
    }
    default:
        break;
    }
    memcpy(h->emark, h->mark0, HDZ_CELLS);
    if (h->finish) {
        h->over = h->ending != HDZ_END_NO;
        if (is_goat(h->X)) hx_score(h);
    }
}

/* ---- HDZ-CARDS-121 ------------------------------------------------------------------- */

/* HDZ-CARDS-121: "121 kaarten ... 90 geitenkaarten ... 15 hondenkaarten ... 16 melkkaarten"
 * Every card is in exactly one place: meadow, pile, a hand, a display or the box.
 * Returns 0 when the state is too broken to check further. */
static int inv_hdz_cards_part(inv_ctx *c, int k0, const hdz_state *s, int part)   /* part: oracle.h */
{
    int k = k0 + K_CARDS_121;
    int cnt[HDZ_CODES];
    if (part & INV_CARDS_FORM) inv_applied(c, k);
    if (!sane(s)) {
        inv_fail(c, k, "malformed state: players %d, side %d (expected %d), turn %d, pile %d",
                 s->players, s->n, s->players <= HDZ_MAXP ? side_for(s->players) : -1,
                 s->turn, s->pile_len);
        return 0;
    }
    memset(cnt, 0, sizeof cnt);
    for (int i = 0; i < HDZ_CELLS; i++) {
        if (i % HDZ_W == s->n) { i += HDZ_W - s->n - 1; continue; }   /* skip the unused columns */
        if (i / HDZ_W >= s->n) break;
        int v = s->cell[i];
        if (is_card(v)) cnt[v]++;
        else if (v != NO && v != HDZ_STABLE) { inv_fail(c, k, "meadow cell %s holds %s", cn(i).s, kn(v).s); return 0; }
    }
    for (int i = 0; i < s->pile_len; i++) {
        if (!is_card(s->pile[i])) { inv_fail(c, k, "pile slot %d holds %s", i, kn(s->pile[i]).s); return 0; }
        cnt[s->pile[i]]++;
    }
    for (int q = 0; q < s->players; q++) {
        for (int j = 0; j < 2; j++) {
            int v = s->hand[q][j];
            if (v == NO) continue;
            if (!is_card(v)) { inv_fail(c, k, "%s's hand holds %s", sn(q).s, kn(v).s); return 0; }
            cnt[v]++;
        }
        for (int v = 0; v < HDZ_CODES; v++) cnt[v] += s->display[q][v];
    }
    for (int v = 0; v < HDZ_CODES; v++) cnt[v] += s->box[v];
    if (!(part & INV_CARDS_COUNT)) return 1;
    inv_fired(c, k);
    for (int v = 0; v < HDZ_CODES; v++) {
        int want = v < HDZ_GOATS ? 1 : v == HDZ_DOG ? HDZ_DOGS
                 : v == HDZ_MILK1 ? HF.milk[0] : HF.milk[1];
        if (cnt[v] == want) continue;
        int md = 0, pl = 0, hd = 0, dp = 0;
        for (int i = 0; i < HDZ_CELLS; i++) md += in_meadow(s->n, i) && s->cell[i] == v;
        for (int i = 0; i < s->pile_len; i++) pl += s->pile[i] == v;
        for (int q = 0; q < s->players; q++) { hd += has_card(s, q, v) + (s->hand[q][0] == v && s->hand[q][1] == v); dp += s->display[q][v]; }
        inv_fail(c, k, "%s counted %d times, expected %d (meadow %d, pile %d, hands %d, displays %d, box %d)",
                 kn(v).s, cnt[v], want, md, pl, hd, dp, s->box[v]);
        return 1;
    }
    return 1;
}

static int inv_hdz_cards_121(inv_ctx *c, int k0, const hdz_state *s) { return inv_hdz_cards_part(c, k0, s, INV_CARDS_ALL); }

/* ---- Setup --------------------------------------------------------------------------- */

/* Is c a stable site's border cell (site=cell reading)? */
static int stable_cell(const hdz_state *s, int c)
{
    /* HDZ-AMB-STABLE-SITE: cell (the border place stays free) | outside (it holds a card) */
    if (s->readings & HDZ_R_SITE_OUTSIDE) return 0;
    for (int q = 0; q < s->players; q++)
        if (trk_cell(s->n, HF.site[s->players][q]) == c) return 1;
    return 0;
}

/* HDZ-SETUP-REMOVAL: "afhankelijk van het aantal spelers, enkele kaarten uitgesorteerd en
 * terug in de doos gelegd" (5: none; 4: 2 soorten, 2 honden, 2 melkjes; ...) */
static void inv_hdz_setup_removal(inv_ctx *c, int k0, const hdz_state *s)
{
    int k = k0 + K_SETUP_REMOVAL, P = s->players;
    int types = 0, dogs, m1, m2;
    int r = removal_row(P);
    int want_t = HF.removal[r].types, want_d = HF.removal[r].dogs;
    int want_1 = HF.removal[r].milk1, want_2 = HF.removal[r].milk2;
    inv_applied(c, k);
    /* HDZ-AMB-REMOVAL: the nl table | none (the en text lists no table) */
    if (s->readings & HDZ_R_REMOVAL_NONE) want_t = want_d = want_1 = want_2 = 0;
    for (int t = 0; t < HDZ_TYPES; t++) {
        int in = 0;
        for (int v = 1; v <= 5; v++) in += s->box[HDZ_CODE(t, v)];
        if (in == 5) types++;
        else if (in != 0) {
            inv_fail(c, k, "goat type %c is split: %d of its 5 cards in the box at the deal", 'A' + t, in);
            return;
        }
    }
    dogs = s->box[HDZ_DOG]; m1 = s->box[HDZ_MILK1]; m2 = s->box[HDZ_MILK2];
    if (types != want_t || dogs != want_d || m1 != want_1 || m2 != want_2) {
        inv_fail(c, k, "%d players: box holds %d types, %d dogs, %d M1, %d M2; expected %d, %d, %d, %d",
                 P, types, dogs, m1, m2, want_t, want_d, want_1, want_2);
        return;
    }
    /* the nl table's row for the player count (5: nothing), or removal=none */
    inv_fired_case(c, k, (s->readings & HDZ_R_REMOVAL_NONE) ? C_REMOVAL_NONE : C_REMOVAL_FIVE + 5 - P);
}

/* HDZ-SETUP-MEADOW: "open als een weide op de tafel gelegd. De weide is 7 x 7 groot
 * (alleen in het spel voor 2 spelers is de weide maar 6 x 6 groot)" */
static void inv_hdz_setup_meadow(inv_ctx *c, int k0, const hdz_state *s)
{
    int k = k0 + K_SETUP_MEADOW;
    inv_applied(c, k);
    if (s->n != side_for(s->players)) {
        inv_fail(c, k, "%d players: meadow side %d, expected %d", s->players, s->n, side_for(s->players));
        return;
    }
    for (int i = 0; i < HDZ_CELLS; i++) {
        if (!in_meadow(s->n, i)) continue;
        int st = stable_cell(s, i);
        if (st && s->cell[i] != HDZ_STABLE) {
            inv_fail(c, k, "stable site %s holds %s at the deal, expected the stable", cn(i).s, kn(s->cell[i]).s);
            return;
        }
        if (!st && !is_card(s->cell[i])) {
            inv_fail(c, k, "meadow place %s holds %s at the deal, expected a card", cn(i).s, kn(s->cell[i]).s);
            return;
        }
        if (s->mark[i] != NO) {
            inv_fail(c, k, "%s carries %s's small goat at the deal", cn(i).s, sn(s->mark[i]).s);
            return;
        }
    }
    for (int t = 0; t < HDZ_TYPES; t++)
        if (s->owner[t] != NO) { inv_fail(c, k, "type %c owned by %s at the deal", 'A' + t, sn(s->owner[t]).s); return; }
    inv_fired_case(c, k, s->n == 6 ? C_MEADOW_SIX : C_MEADOW_SEVEN);
}

/* HDZ-SETUP-STABLES: "plaatst deze stal op de desbetreffende plaats ... De grote houten geit
 * ... wordt ... voor de respectievelijk stal geplaatst" and "de 10 kleine houten geiten" */
static void inv_hdz_setup_stables(inv_ctx *c, int k0, const hdz_state *s)
{
    int k = k0 + K_SETUP_STABLES, P = s->players;
    inv_applied(c, k);
    for (int q = 0; q < P; q++) {
        int site = HF.site[P][q];
        if (s->stable[q] != site) {
            inv_fail(c, k, "%s's stable at track %d, expected %d", sn(q).s, s->stable[q], site);
            return;
        }
        if (s->goat[q] != site) {
            inv_fail(c, k, "%s's large goat at track %d at the deal, expected %d (before its stable)",
                     sn(q).s, s->goat[q], site);
            return;
        }
        if (s->supply[q] != HF.small_goats) {
            inv_fail(c, k, "%s has %d small goats at the deal, expected %d", sn(q).s, s->supply[q],
                     HF.small_goats);
            return;
        }
    }
    for (int q = P; q < HDZ_MAXP; q++)
        if (s->stable[q] != NO) { inv_fail(c, k, "unused seat %d has a stable at %d", q + 1, s->stable[q]); return; }
    if (!(s->readings & HDZ_R_SITE_OUTSIDE))     /* HDZ-AMB-STABLE-SITE (cells checked in SETUP-MEADOW) */
        for (int i = 0; i < HDZ_CELLS; i++)
            if (in_meadow(s->n, i) && s->cell[i] == HDZ_STABLE && !stable_cell(s, i)) {
                inv_fail(c, k, "%s holds a stable but is no stable site", cn(i).s);
                return;
            }
    if (s->readings & HDZ_R_SITE_OUTSIDE)
        for (int i = 0; i < HDZ_CELLS; i++)
            if (in_meadow(s->n, i) && s->cell[i] == HDZ_STABLE) {
                inv_fail(c, k, "%s holds a stable with site=outside", cn(i).s);
                return;
            }
    inv_fired_case(c, k, (s->readings & HDZ_R_SITE_OUTSIDE) ? C_STABLES_OUTSIDE : C_STABLES_CELL);
}

/* HDZ-SETUP-HAND: "Nu trekt iedere speler 2 geitenkaarten van de voorraadstapel" */
static void inv_hdz_setup_hand(inv_ctx *c, int k0, const hdz_state *s)
{
    int k = k0 + K_SETUP_HAND;
    inv_applied(c, k);
    for (int q = 0; q < s->players; q++) {
        int held = (s->hand[q][0] != NO) + (s->hand[q][1] != NO);
        if (held != HF.hand || s->hand[q][0] > s->hand[q][1]) {
            inv_fail(c, k, "%s holds %d cards (%s %s) at the deal, expected %d in ascending order", sn(q).s,
                     held, kn(s->hand[q][0]).s, kn(s->hand[q][1]).s, HF.hand);
            return;
        }
    }
    inv_fired_case(c, k, C_HAND_DEAL);
}

/* HDZ-SETUP-HAND, every later turn: "The same holds at the start of every later PLAY phase
 * (one card played, one taken)": each seat holds 2 cards, stored in ascending order. */
static void hands_at_play(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_SETUP_HAND;
    const hdz_state *post = h->post;
    if (post->phase != HDZ_PH_PLAY) return;
    inv_applied(c, k);
    for (int q = 0; q < h->np; q++) {
        int a = post->hand[q][0], b = post->hand[q][1];
        if (a == NO || b == NO || a > b) {
            inv_fail(c, k, "%s's turn begins and %s holds %s %s, expected 2 cards in ascending order",
                     sn(post->turn).s, sn(q).s, kn(a).s, kn(b).s);
            return;
        }
    }
    /* the first turn after the redraws is still the deal's hand */
    inv_fired_case(c, k, h->pre->phase == HDZ_PH_REDRAW ? C_HAND_DEAL : C_HAND_LATER);
}

/* Small goats are in the stable (supply) or on a meadow card; they never come back.
 * Part of HDZ-SETUP-STABLES ("10 kleine houten geiten"), checked on every step. */
static void stables_supply(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_SETUP_STABLES;
    const hdz_state *post = h->post;
    inv_applied(c, k);
    for (int q = 0; q < h->np; q++) {
        if (post->supply[q] > h->pre->supply[q]) {
            inv_fail(c, k, "%s's small goats in the stable rose from %d to %d", sn(q).s, h->pre->supply[q], post->supply[q]);
            return;
        }
        /* HDZ-AMB-GOAT-SUPPLY: with unlimited goats the stable count is not an invariant */
        if (supply_unlimited(h->r)) continue;
        int on = marks_of(post, q), rem = 0;
        for (int t = 0; t < HDZ_TYPES; t++) if (post->owner[t] == q) rem += post->remind[t];
        if (post->supply[q] + on + rem != HF.small_goats) {
            inv_fail(c, k, "%s: %d small goats in the stable + %d on meadow cards + %d reminders != %d",
                     sn(q).s, post->supply[q], on, rem, HF.small_goats);
            return;
        }
    }
}

/* ---- Turn flow ------------------------------------------------------------------------ */

static int has_dog(const hdz_state *s, int q) { return has_card(s, q, HDZ_DOG); }

static nm mvname(const hx *h)
{
    nm r;
    const game_move *m = h->m;
    switch (m->kind) {
    case HDZ_MV_KEEP:   snprintf(r.s, sizeof r.s, "keep"); break;
    case HDZ_MV_RETURN: snprintf(r.s, sizeof r.s, "return"); break;
    case HDZ_MV_PLAY:   snprintf(r.s, sizeof r.s, "play %.12s", kn(m->a).s); break;
    case HDZ_MV_TAKE:   snprintf(r.s, sizeof r.s, "take %.12s", cn(m->a).s); break;
    case HDZ_MV_DOG:    snprintf(r.s, sizeof r.s, "dog %.12s-%.12s", cn(m->a).s, cn(m->b).s); break;
    case HDZ_MV_PASS:   snprintf(r.s, sizeof r.s, "pass"); break;
    case HDZ_MV_AGREE:  snprintf(r.s, sizeof r.s, "agree"); break;
    case HDZ_MV_REFUSE: snprintf(r.s, sizeof r.s, "refuse"); break;
    default:            snprintf(r.s, sizeof r.s, "kind %d", m->kind); break;
    }
    return r;
}

/* Flow fields of post against one expectation; 1 when they agree. */
static int flow_is(const hdz_state *s, int phase, int turn, int decider, int played, int ending,
                   int refused, int pf, int pt)
{
    if (s->phase != phase) return 0;
    if (phase == HDZ_PH_OVER) return s->decider == NO && s->ending == ending;
    return s->turn == turn && s->decider == decider && s->played == played && s->ending == ending &&
           s->refused == refused && s->pend_from == pf && s->pend_to == pt;
}

/* HDZ-TURN-ORDER: "De jongste speler begint. Daarna komen de spelers één voor één aan de beurt,
 * met de wijzers van de klok mee." The decider is the turn player except in AGREE.
 * h == NULL: a fresh deal (setup mode). */
static void inv_hdz_turn_order(inv_ctx *c, int k0, const hdz_state *s, const hx *h)
{
    int k = k0 + K_TURN_ORDER;
    inv_applied(c, k);
    if (!h) {
        if (s->phase == HDZ_PH_REDRAW) {
            if (!has_dog(s, s->turn) || s->decider != s->turn)
                inv_fail(c, k, "redraw: %s decides (turn %s) but %s", sn(s->decider).s, sn(s->turn).s,
                         has_dog(s, s->turn) ? "the decider is not the seat" : "that seat holds no dog");
        } else if (s->turn != 0 || s->decider != 0) {
            inv_fail(c, k, "fresh deal: %s to play (decider %s), expected P1 (seat 0 starts)",
                     sn(s->turn).s, sn(s->decider).s);
        } else inv_fired_case(c, k, C_ORDER_START);
        return;
    }
    const hdz_state *pre = h->pre, *post = h->post;
    int p = h->p;
    if (h->wrong_phase) {
        inv_fail(c, k, "%s accepted in phase %s", mvname(h).s, phase_name(pre->phase));
        return;
    }
    int dec0 = p;                   /* in AGREE: the seat whose goat is on the card at pend_to */
    if (pre->phase == HDZ_PH_AGREE) dec0 = pre->pend_to < HDZ_CELLS ? pre->mark[pre->pend_to] : -1;
    if (pre->decider != dec0) {
        inv_fail(c, k, "before %s: %s decides in phase %s (turn %s), expected %s", mvname(h).s,
                 sn(pre->decider).s, phase_name(pre->phase), sn(p).s, dec0 < 0 ? "?" : sn(dec0).s);
        return;
    }
    if (h->kind == HDZ_MV_KEEP || h->kind == HDZ_MV_RETURN) {
        int nt = -1;
        if (h->kind == HDZ_MV_KEEP && !has_dog(pre, p)) {
            inv_fail(c, k, "%s kept a hand without a dog: seats without dogs are skipped", sn(p).s);
            return;
        }
        if (h->kind == HDZ_MV_RETURN && has_dog(post, p)) nt = p;
        else for (int q = p + 1; q < h->np && nt < 0; q++) if (has_dog(post, q)) nt = q;
        int ok = nt >= 0 ? flow_is(post, HDZ_PH_REDRAW, nt, nt, NO, 0, 0, NO, NO)
                         : flow_is(post, HDZ_PH_PLAY, 0, 0, NO, 0, 0, NO, NO);
        if (!ok)
            inv_fail(c, k, "after %s %s: expected %s %s, found phase %s seat %s decider %s",
                     sn(p).s, mvname(h).s, nt >= 0 ? "redraw by" : "play by", nt >= 0 ? sn(nt).s : "P1",
                     phase_name(post->phase), sn(post->turn).s, sn(post->decider).s);
        else if (nt != p) inv_fired_case(c, k, nt >= 0 ? C_ORDER_REDRAW : C_ORDER_START);
        return;
    }
    if (h->bad) return;
    int next = (p + 1) % h->np;
    int ok_fin = h->over ? flow_is(post, HDZ_PH_OVER, 0, 0, 0, h->ending, 0, 0, 0)
                         : flow_is(post, HDZ_PH_PLAY, next, next, NO, HDZ_END_NO, 0, NO, NO);
    int ok;
    if (h->finish || h->over) {
        ok = ok_fin;
        if (ok && !h->over) inv_fired_case(c, k, next == 0 ? C_ORDER_ROUND : C_ORDER_NEXT);
        if (!ok)
            inv_fail(c, k, "after %s %s: expected %s, found phase %s seat %s decider %s played %s ending %d",
                     sn(p).s, mvname(h).s, h->over ? "game over" : "next seat to play",
                     phase_name(post->phase), sn(post->turn).s, sn(post->decider).s,
                     kn(post->played).s, post->ending);
        return;
    }
    int dec = h->to_phase == HDZ_PH_AGREE ? h->decider_next : p;
    int refused = h->kind == HDZ_MV_REFUSE ? 1 : pre->refused;
    int pf = h->to_phase == HDZ_PH_AGREE ? h->a : NO, pt = h->to_phase == HDZ_PH_AGREE ? h->b : NO;
    ok = flow_is(post, h->to_phase, p, dec, h->X, h->ending, refused, pf, pt);
    if (!ok)
        inv_fail(c, k, "after %s %s: expected phase %s (decider %s), found phase %s seat %s decider %s "
                 "played %s ending %d refused %d pend %s-%s",
                 sn(p).s, mvname(h).s, phase_name(h->to_phase), sn(dec).s, phase_name(post->phase),
                 sn(post->turn).s, sn(post->decider).s, kn(post->played).s, post->ending, post->refused,
                 cn(post->pend_from).s, cn(post->pend_to).s);
}

/* ---- Phase 1 and 2 ------------------------------------------------------------------ */

/* The case of a played or taken card: a goat card, a dog or a milk card. */
static int kind_case(int v) { return is_goat(v) ? C_KIND_GOAT : v == HDZ_DOG ? C_KIND_DOG : C_KIND_MILK; }

/* HDZ-TURN-PLAY: "moet één van zijn beide handkaarten open voor zich neerleggen" */
static void inv_hdz_turn_play(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_TURN_PLAY, p = h->p, X = h->m->a;
    const hdz_state *pre = h->pre, *post = h->post;
    if (h->kind != HDZ_MV_PLAY) return;
    inv_applied(c, k);
    if (h->bad) {
        inv_fail(c, k, "%s played %s, which is not in the hand (%s %s)", sn(p).s, kn(X).s,
                 kn(pre->hand[p][0]).s, kn(pre->hand[p][1]).s);
        return;
    }
    int other = pre->hand[p][0] == X ? pre->hand[p][1] : pre->hand[p][0];
    if (!hand_eq(post, p, other, NO)) {
        inv_fail(c, k, "%s played %s from %s %s: hand now %s %s, expected %s alone", sn(p).s, kn(X).s,
                 kn(pre->hand[p][0]).s, kn(pre->hand[p][1]).s, kn(post->hand[p][0]).s,
                 kn(post->hand[p][1]).s, kn(other).s);
        return;
    }
    if (h->t >= 0 && HDZ_TYPE(X) == h->t && (h->sc == SC_A || h->sc == SC_B)) {
        /* scored in the same step: it reached the display, phase 4 may have boxed it */
        if (post->display[p][X] + post->box[X] != pre->display[p][X] + pre->box[X] + 1) {
            inv_fail(c, k, "%s played %s: display+box hold %d, expected %d", sn(p).s, kn(X).s,
                     post->display[p][X] + post->box[X], pre->display[p][X] + pre->box[X] + 1);
            return;
        }
    } else if (post->display[p][X] != pre->display[p][X] + 1) {
        inv_fail(c, k, "%s played %s: %d in the display, expected %d", sn(p).s, kn(X).s,
                 post->display[p][X], pre->display[p][X] + 1);
        return;
    }
    if (!h->finish && !h->over && post->played != X) {
        inv_fail(c, k, "%s played %s but the state records %s as played", sn(p).s, kn(X).s, kn(post->played).s);
        return;
    }
    inv_fired_case(c, k, kind_case(X));
}

/* HDZ-TURN-MOVE: "zijn grote geit, passend aan het getal op de neergelegde kaart, met de
 * wijzers van de klok mee bewegen rondom de weide" (milk: "1 of 2 stappen") */
static void inv_hdz_turn_move(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_TURN_MOVE, p = h->p;
    if (h->kind != HDZ_MV_PLAY || h->bad || h->X == HDZ_DOG) return;
    inv_applied(c, k);
    if (h->post->goat[p] != h->goat1) {
        inv_fail(c, k, "%s played %s: large goat went %d -> %d, expected %d (%d steps clockwise)",
                 sn(p).s, kn(h->X).s, h->pre->goat[p], h->post->goat[p], h->goat1, card_value(h->X));
        return;
    }
    /* past the track's start (the top-left corner) the position wraps round: mod 4n */
    inv_fired_case(c, k, h->pre->goat[p] + card_value(h->X) >= 4 * h->n ? C_MOVE_PAST_START
                         : is_goat(h->X) ? C_MOVE_GOAT : C_MOVE_MILK);
}

/* HDZ-DOG-NOMOVE: "Als een hond wordt gespeeld, blijft de grote geit van de speler staan." */
static void inv_hdz_dog_nomove(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_DOG_NOMOVE, p = h->p;
    if (h->kind != HDZ_MV_PLAY || h->bad || h->X != HDZ_DOG) return;
    inv_applied(c, k);
    if (h->post->goat[p] != h->pre->goat[p]) {
        inv_fail(c, k, "%s played a dog: large goat went %d -> %d, expected to stay", sn(p).s,
                 h->pre->goat[p], h->post->goat[p]);
        return;
    }
    inv_fired(c, k);
}

/* ---- Phase 3 ------------------------------------------------------------------------- */

/* HDZ-TURN-TAKE: "moet uit de rij waarnaast zijn grote geit is blijven staan, één kaart in
 * de hand nemen" */
static void inv_hdz_turn_take(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_TURN_TAKE, p = h->p, a = h->m->a;
    const hdz_state *pre = h->pre, *post = h->post;
    if (h->kind != HDZ_MV_TAKE) return;
    inv_applied(c, k);
    if (h->bad) {
        inv_fail(c, k, "%s took %s, which holds %s: no card to take", sn(p).s, cn(a).s,
                 in_meadow(h->n, a) ? kn(pre->cell[a]).s : "nothing (outside the meadow)");
        return;
    }
    line l = beside(h->n, pre->goat[p], h->r);
    if (!in_line(l, a)) {
        inv_fail(c, k, "%s took %s, but the large goat at track %d stands beside %s", sn(p).s, cn(a).s,
                 pre->goat[p], ln(l).s);
        return;
    }
    int h0 = pre->hand[p][0], h1 = pre->hand[p][1];
    int keep = h0 == NO ? h1 : h1 == NO ? h0 : -1;
    if (keep < 0 || !hand_eq(post, p, keep, pre->cell[a])) {
        inv_fail(c, k, "%s took %s from %s: hand %s %s -> %s %s", sn(p).s, kn(pre->cell[a]).s, cn(a).s,
                 kn(h0).s, kn(h1).s, kn(post->hand[p][0]).s, kn(post->hand[p][1]).s);
        return;
    }
    /* "één kaart": a goat card, a dog or a milk card */
    inv_fired_case(c, k, kind_case(pre->cell[a]));
}

/* HDZ-TAKE-NOMARKED: "Deze geitenkaarten mogen niet in de hand worden genomen." */
static void inv_hdz_take_nomarked(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_TAKE_NOMARKED, a = h->m->a;
    const hdz_state *pre = h->pre;
    if (h->kind != HDZ_MV_TAKE || h->bad) return;
    inv_applied(c, k);
    if (pre->mark[a] != NO) {
        inv_fail(c, k, "%s took %s from %s, which carries %s's small goat", sn(h->p).s,
                 kn(pre->cell[a]).s, cn(a).s, sn(pre->mark[a]).s);
        return;
    }
    line l = beside(h->n, pre->goat[h->p], h->r);
    if (line_marked(pre->cell, pre->mark, h->n, l) == 0) return;
    int own = 0;
    for (int i = 0; i < h->n; i++) own |= is_card(pre->cell[line_cell(l, i)]) && pre->mark[line_cell(l, i)] == h->p;
    /* a card the taker's own small goat holds, or only the opponents' */
    inv_fired_case(c, k, own ? C_NOMARKED_OWN : C_NOMARKED_OTHERS);
}

/* HDZ-TAKE-REFILL: "In de ontstane holte wordt onmiddellijk de bovenste kaart van de
 * voorraadstapel gelegd. Als de voorraadstapel is opgebruikt, blijft de plaats leeg." */
static void inv_hdz_take_refill(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_TAKE_REFILL, a = h->m->a;
    const hdz_state *pre = h->pre, *post = h->post;
    if (h->kind != HDZ_MV_TAKE || h->bad) return;
    inv_applied(c, k);
    if (post->cell[a] != h->refill) {
        inv_fail(c, k, "gap %s holds %s after the take, expected %s (%s)", cn(a).s, kn(post->cell[a]).s,
                 kn(h->refill).s, pre->pile_len ? "top of the pile" : "pile empty");
        return;
    }
    int len = pre->pile_len ? pre->pile_len - 1 : 0;
    if (post->pile_len != len || memcmp(post->pile, pre->pile, (size_t)len) != 0) {
        inv_fail(c, k, "pile of %d after refilling %s, expected the old pile minus its top (%d)",
                 post->pile_len, cn(a).s, len);
        return;
    }
    /* a refilled card not of an owned type lies unmarked (unless phase 4 marks its type now) */
    int owned = is_goat(h->refill) && pre->owner[HDZ_TYPE(h->refill)] != NO;
    int scored = is_goat(h->refill) && HDZ_TYPE(h->refill) == h->t && (h->sc == SC_A || h->sc == SC_B);
    if (!owned && !scored && post->mark[a] != NO) {
        inv_fail(c, k, "refilled %s at %s got %s's small goat, but its type has no owner",
                 kn(h->refill).s, cn(a).s, sn(post->mark[a]).s);
        return;
    }
    inv_fired_case(c, k, h->refill != NO ? C_REFILL_PILE : C_REFILL_EMPTY);
}

/* ---- Phase 4 --------------------------------------------------------------------------- */

/* Marks on the scored type's cards against emark; reports under clause k. */
static int check_t_marks(inv_ctx *c, int k, const hx *h, const char *why)
{
    for (int i = 0; i < HDZ_CELLS; i++) {
        if (!in_meadow(h->n, i) || !is_goat(h->cell0[i]) || HDZ_TYPE(h->cell0[i]) != h->t) continue;
        if (h->post->mark[i] != h->emark[i]) {
            inv_fail(c, k, "%s %s: %s at %s carries %s's goat, expected %s's", sn(h->p).s, why,
                     kn(h->cell0[i]).s, cn(i).s, sn(h->post->mark[i]).s, sn(h->emark[i]).s);
            return 0;
        }
    }
    return 1;
}

/* Displays and box of the scored type against exp_disp/exp_box; reports under clause k. */
static int check_t_cards(inv_ctx *c, int k, const hx *h, const char *why)
{
    for (int v = 1; v <= 5; v++) {
        int code = HDZ_CODE(h->t, v);
        for (int q = 0; q < h->np; q++)
            if (h->post->display[q][code] != exp_disp(h, q, code)) {
                inv_fail(c, k, "%s %s: %s's display holds %d x %s, expected %d", sn(h->p).s, why, sn(q).s,
                         h->post->display[q][code], kn(code).s, exp_disp(h, q, code));
                return 0;
            }
        if (h->post->box[code] != exp_box(h, code)) {
            inv_fail(c, k, "%s %s: box holds %d x %s, expected %d", sn(h->p).s, why, h->post->box[code],
                     kn(code).s, exp_box(h, code));
            return 0;
        }
    }
    return 1;
}

/* HDZ-SCORE-MAJORITY8: "heeft door de uitgespeelde kaart in een geitensoort een som van 8
 * punten of meer ... alle geitenkaarten van deze soort, die in de weide liggen, ... markeren" */
static void inv_hdz_score_majority8(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_SCORE_MAJORITY8, t = h->t;
    const hdz_state *pre = h->pre, *post = h->post;
    if (h->sc == SC_NONE) return;
    inv_applied(c, k);
    if (h->sc == SC_OWNED) {
        /* "a type with an owner is never scored again" */
        if (post->owner[t] != pre->owner[t])
            inv_fail(c, k, "type %c (owner %s) was scored again: owner now %s", 'A' + t,
                     sn(pre->owner[t]).s, sn(post->owner[t]).s);
        else if (check_t_marks(c, k, h, "replayed an owned type")) check_t_cards(c, k, h, "replayed an owned type");
        return;
    }
    if (h->sc != SC_A) return;
    if (post->owner[t] != h->p) {
        inv_fail(c, k, "%s reached %d in type %c: owner is %s, expected %s", sn(h->p).s, h->sum[h->p],
                 'A' + t, sn(post->owner[t]).s, sn(h->p).s);
        return;
    }
    /* a majority scoring reveals no hand card: only a fourth-card scoring shows its fifth card
     * (HDZ-SCORE-FIFTH-HAND), so a card shown now means the step was scored as B, not as A */
    for (int s = 0; s < h->np; s++)
        for (int i = 0; i < 2; i++) {
            int v = post->shown[s][i];
            if (v != NO && v != pre->shown[s][0] && v != pre->shown[s][1]) {
                inv_fail(c, k, "%s reached %d in type %c, a majority scoring, but %s's %s was revealed as if by a "
                         "fourth-card scoring", sn(h->p).s, h->sum[h->p], 'A' + t, sn(s).s, kn(v).s);
                return;
            }
        }
    if (!check_t_marks(c, k, h, "majority of 8")) return;
    /* the type's unmarked meadow cards: all marked, none there to mark, or some left when the
     * small goats ran out (supply=ten) */
    int cand = 0, left = 0;
    for (int i = 0; i < HDZ_CELLS; i++) {
        if (!in_meadow(h->n, i) || !is_goat(h->cell0[i]) || HDZ_TYPE(h->cell0[i]) != t || h->mark0[i] != NO) continue;
        cand++;
        left += h->emark[i] == NO;
    }
    inv_fired_case(c, k, cand == 0 ? C_MAJ_NONE_IN_MEADOW : left ? C_MAJ_SUPPLY_OUT : C_MAJ_ALL);
}

/* HDZ-SCORE-WORTHLESS: "Als een medespeler een geitenkaart van deze soort voor zich heeft
 * liggen, is deze kaart voor de speler waardeloos en kan hij deze kaart terug in de doos leggen." */
static void inv_hdz_score_worthless(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_SCORE_WORTHLESS;
    if (h->sc != SC_A) return;
    inv_applied(c, k);
    int any = 0;
    for (int q = 0; q < h->np; q++) if (q != h->p && h->cnt[q] > 0) any = 1;
    if (check_t_cards(c, k, h, "majority of 8")) inv_fired_case(c, k, any ? C_WORTHLESS_TO_BOX : C_WORTHLESS_NONE);
}

/* HDZ-SCORE-FUTURE: "Als de ontbrekende geitenkaarten van deze soort dan opduiken, kan hij
 * meteen deze kaart markeren met een klein geitje." */
static void inv_hdz_score_future(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_SCORE_FUTURE, a = h->m->a;
    const hdz_state *pre = h->pre, *post = h->post;
    if (h->kind != HDZ_MV_TAKE || h->bad || !is_goat(h->refill)) return;
    int q = pre->owner[HDZ_TYPE(h->refill)];
    if (q == NO) return;
    inv_applied(c, k);
    if (post->cell[a] != h->refill) return;   /* TAKE-REFILL reports it */
    if (post->mark[a] != h->mark0[a]) {
        inv_fail(c, k, "refilled %s at %s of type owned by %s carries %s's goat, expected %s's%s",
                 kn(h->refill).s, cn(a).s, sn(q).s, sn(post->mark[a]).s, sn(h->mark0[a]).s,
                 h->mark0[a] == NO ? " (no small goat left)" : "");
        return;
    }
    /* marked from the stable, by a waiting reminder goat (reminder=reserve), or not at all (no
     * small goat left, or no reminder waiting) */
    inv_fired_case(c, k, h->fut < 0 ? C_FUTURE_NONE_LEFT : h->reserve ? C_FUTURE_REMINDER : C_FUTURE_SUPPLY);
}

/* HDZ-SCORE-FOURTH: "De uitgespeelde geitenkaart is in totaal de vierde kaart van deze soort" */
static void inv_hdz_score_fourth(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_SCORE_FOURTH, t = h->t;
    const hdz_state *post = h->post;
    if (h->sc != SC_B && h->sc != SC_NOTHING) return;
    inv_applied(c, k);
    /* (What lay in the box before the play is not this step's to judge: the rule counts the displayed
     * cards, and the cards a scoring sends to the box are HDZ-SCORE-B-WORTHLESS's. A loaded position
     * may hold cards of an unowned type there, as the tests' positions do.) */
    if (h->sc == SC_NOTHING) {
        if (post->owner[t] != NO)
            inv_fail(c, k, "%s played %s (sum %d, %d of type %c displayed): no scoring expected, owner now %s",
                     sn(h->p).s, kn(h->X).s, h->sum[h->p], h->total, 'A' + t, sn(post->owner[t]).s);
        else if (check_t_marks(c, k, h, "no scoring")) check_t_cards(c, k, h, "no scoring");
        return;
    }
    inv_fired_case(c, k, h->tie == 0 ? C_FOURTH_SUM : h->tie == 1 ? C_FOURTH_COUNT : C_FOURTH_TRIGGER);
    if (post->owner[t] == NO) {
        inv_fail(c, k, "%s played %s, the 4th displayed card of type %c: no owner after phase 4",
                 sn(h->p).s, kn(h->X).s, 'A' + t);
        return;
    }
    /* scoring B marks nothing but the fifth card */
    for (int i = 0; i < HDZ_CELLS; i++)
        if (in_meadow(h->n, i) && i != h->fifth_cell && is_goat(h->cell0[i]) && HDZ_TYPE(h->cell0[i]) == t &&
            post->mark[i] != h->emark[i]) {
            inv_fail(c, k, "4th-card scoring of type %c marked %s at %s, which is not the fifth card",
                     'A' + t, kn(h->cell0[i]).s, cn(i).s);
            return;
        }
}

static void fourth_winner(inv_ctx *c, int k, const hx *h, const char *by)
{
    if (h->post->owner[h->t] != h->w)
        inv_fail(c, k, "4th card of type %c (sums P1..: %d %d %d %d %d, counts %d %d %d %d %d, trigger %s): "
                 "owner %s, expected %s by %s", 'A' + h->t, h->sum[0], h->sum[1], h->sum[2], h->sum[3],
                 h->sum[4], h->cnt[0], h->cnt[1], h->cnt[2], h->cnt[3], h->cnt[4], sn(h->p).s,
                 sn(h->post->owner[h->t]).s, sn(h->w).s, by);
}

/* HDZ-SCORE-FOURTH-SUM: "De speler die de grootste som heeft, ontvangt ook nog de vijfde geitenkaart" */
static void inv_hdz_score_fourth_sum(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_SCORE_FOURTH_SUM;
    if (h->sc != SC_B || h->post->owner[h->t] == NO) return;
    inv_applied(c, k);
    if (h->tie != 0) return;
    inv_fired_case(c, k, h->w == h->p ? C_WIN_TRIGGER : C_WIN_OTHER);
    fourth_winner(c, k, h, "largest sum");
}

/* HDZ-SCORE-FOURTH-COUNT: "Bij een gelijke stand wint de speler die de meeste kaarten in deze
 * soort heeft neergelegd" */
static void inv_hdz_score_fourth_count(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_SCORE_FOURTH_COUNT;
    if (h->sc != SC_B || h->tie < 1 || h->post->owner[h->t] == NO) return;
    inv_applied(c, k);
    if (h->tie != 1) return;
    inv_fired_case(c, k, h->w == h->p ? C_WIN_TRIGGER : C_WIN_OTHER);
    fourth_winner(c, k, h, "most cards among the equal sums");
}

/* HDZ-SCORE-FOURTH-TRIGGER: "Als er opnieuw een gelijke stand is, wint de speler die de
 * waardering heeft uitgelokt." */
static void inv_hdz_score_fourth_trigger(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_SCORE_FOURTH_TRIGGER;
    if (h->sc != SC_B || h->tie < 2 || h->post->owner[h->t] == NO) return;
    inv_applied(c, k);
    inv_fired(c, k);
    fourth_winner(c, k, h, "the trigger after equal sums and counts");
}

/* HDZ-SCORE-FIFTH-MEADOW: "De winnaar van deze waardering legt een kleine geit op de vijfde
 * geitenkaart ... in het geval deze kaart zich in de weide bevindt." */
static void inv_hdz_score_fifth_meadow(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_SCORE_FIFTH_MEADOW, i = h->fifth_cell;
    if (h->sc != SC_B || i < 0) return;
    inv_applied(c, k);
    if (h->post->mark[i] != h->emark[i]) {
        inv_fail(c, k, "fifth card %s at %s carries %s's goat, expected %s's (winner %s)%s",
                 kn(h->fifth).s, cn(i).s, sn(h->post->mark[i]).s, sn(h->emark[i]).s, sn(h->w).s,
                 h->emark[i] == NO ? ", no small goat left" : "");
        return;
    }
    /* the winner's small goat on it, or none left to place (supply=ten) */
    inv_fired_case(c, k, h->emark[i] != h->mark0[i] ? C_FIFTH_MARKED : C_FIFTH_NO_GOAT);
}

/* HDZ-SCORE-FIFTH-HAND: "Hij behoudt echter deze kaart in de hand. In dit geval heeft de
 * winnaar van de waardering pech." */
static void inv_hdz_score_fifth_hand(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_SCORE_FIFTH_HAND, q = h->fifth_seat;
    const hdz_state *pre = h->pre, *post = h->post;
    /* "Deze speler moet zich dan melden en de geitenkaart tonen" / "must then reveal the card":
     * revealed hand cards stay public until they leave the hand (played). */
    for (int s = 0; s < h->np; s++) {
        int want[3] = {NO, NO, NO}, n = 0;
        for (int i = 0; i < 2; i++) {
            int v = pre->shown[s][i];
            if (v == NO || (h->kind == HDZ_MV_PLAY && s == h->p && v == h->X)) continue;
            want[n++] = v;
        }
        if (h->sc == SC_B && s == q && want[0] != h->fifth && want[1] != h->fifth) want[n++] = h->fifth;
        if (n == 2 && want[0] > want[1]) { int t = want[0]; want[0] = want[1]; want[1] = t; }
        if (n > 2 || post->shown[s][0] != want[0] || post->shown[s][1] != want[1]) {
            inv_applied(c, k);
            inv_fail(c, k, "%s %s: %s's revealed hand cards are %s %s, expected %s %s", sn(h->p).s, mvname(h).s, sn(s).s,
                     kn(post->shown[s][0]).s, kn(post->shown[s][1]).s, kn(want[0]).s, kn(want[1]).s);
            return;
        }
    }
    if (h->sc != SC_B || q < 0) return;
    inv_applied(c, k);
    if (!has_card(h->post, q, h->fifth)) {
        inv_fail(c, k, "fifth card %s was in %s's hand at the 4th-card scoring, hand now %s %s",
                 kn(h->fifth).s, sn(q).s, kn(h->post->hand[q][0]).s, kn(h->post->hand[q][1]).s);
        return;
    }
    inv_fired_case(c, k, q == h->w ? C_FIFTH_HAND_WINNER : C_FIFTH_HAND_OTHER);
}

/* HDZ-SCORE-B-WORTHLESS: "Ook nu worden de neergelegde geitenkaarten van de soort Elvis
 * waardeloos en kunnen dus in de doos worden teruggelegd." */
static void inv_hdz_score_b_worthless(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_SCORE_B_WORTHLESS;
    if (h->sc != SC_B) return;
    inv_applied(c, k);
    /* HDZ-AMB-B-WORTHLESS: opponents of the winner | all seats (B needs two seats with cards of
     * the type, so some always go to the box) */
    if (check_t_cards(c, k, h, "4th-card scoring"))
        inv_fired_case(c, k, (h->r & HDZ_R_BWORTHLESS_ALL) ? C_BW_ALL : C_BW_OPPONENTS);
}

/* ---- Dog --------------------------------------------------------------------------------- */

/* The swap (or move to an empty place) done: from/to cells exchanged with their goats. */
static int check_swapped(inv_ctx *c, int k, const hx *h, int a, int b)
{
    const hdz_state *pre = h->pre, *post = h->post;
    if (post->cell[a] != pre->cell[b] || post->cell[b] != pre->cell[a] ||
        post->mark[a] != pre->mark[b] || post->mark[b] != pre->mark[a]) {
        inv_fail(c, k, "%s %s: %s=%s(%s) %s=%s(%s) became %s(%s) and %s(%s)", sn(h->p).s, mvname(h).s,
                 cn(a).s, kn(pre->cell[a]).s, sn(pre->mark[a]).s, cn(b).s, kn(pre->cell[b]).s,
                 sn(pre->mark[b]).s, kn(post->cell[a]).s, sn(post->mark[a]).s, kn(post->cell[b]).s,
                 sn(post->mark[b]).s);
        return 0;
    }
    return 1;
}

static int dog_clause(const hx *h)
{
    if (h->dt == DT_EMPTY || h->dt == DT_BAD_EMPTY_LINE ||
        (in_meadow(h->n, h->m->b) && h->pre->cell[h->m->b] == NO)) return K_DOG_EMPTY;
    if (h->dt == DT_OPP || h->dt == DT_BAD_REFUSED) return K_DOG_SWAP_AGREE;
    return K_DOG_SWAP_NEUTRAL;
}

/* HDZ-DOG-SWAP-NEUTRAL: "Die geitenkaart en een neutrale kaart (een geitenkaart die nog niet in
 * het bezit is genomen door een medespeler) binnen één rij ruilen van plaats." */
static void inv_hdz_dog_swap_neutral(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_DOG_SWAP_NEUTRAL;
    const hdz_state *pre = h->pre;
    if (h->kind == HDZ_MV_PASS) {
        inv_applied(c, k);
        /* HDZ-AMB-DOG-OPTIONAL: optional ("mag") | mandatory ("must"): pass only without a move */
        if ((h->r & HDZ_R_DOG_MANDATORY) &&
            dog_move_exists(h->r, h->n, pre->cell, pre->mark, h->p, pre->refused))
            inv_fail(c, k, "%s passed the dog move though one exists (dog=mandatory)", sn(h->p).s);
        else inv_fired_case(c, k, C_NEUTRAL_PASS);
        return;
    }
    if (h->kind != HDZ_MV_DOG || dog_clause(h) != K_DOG_SWAP_NEUTRAL) return;
    inv_applied(c, k);
    if (h->dt < 0) {
        inv_fail(c, k, "%s %s: %s", sn(h->p).s, mvname(h).s, dog_reason(h->dt));
        return;
    }
    /* a neutral partner in the same row, or in the same column (dog-line=line), or a partner with
     * the mover's own goat (dog-own=own-allowed) */
    if (check_swapped(c, k, h, h->a, h->b))
        inv_fired_case(c, k, h->dt == DT_OWN ? C_NEUTRAL_OWN : h->a / HDZ_W == h->b / HDZ_W ? C_NEUTRAL_ROW : C_NEUTRAL_COLUMN);
}

/* HDZ-DOG-SWAP-AGREE: "Deze plaatsruil mag per uitzondering toch gebeuren met een kaart waarop
 * zich een kleine geit van een medespeler bevindt op voorwaarde dat de medespeler hiermee akkoord is." */
static void inv_hdz_dog_swap_agree(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_DOG_SWAP_AGREE;
    const hdz_state *pre = h->pre, *post = h->post;
    if (h->kind == HDZ_MV_DOG) {
        if (dog_clause(h) != K_DOG_SWAP_AGREE) return;
        inv_applied(c, k);
        if (h->dt < 0) { inv_fail(c, k, "%s %s: %s", sn(h->p).s, mvname(h).s, dog_reason(h->dt)); return; }
        if (post->cell[h->a] != pre->cell[h->a] || post->cell[h->b] != pre->cell[h->b] ||
            post->mark[h->a] != pre->mark[h->a] || post->mark[h->b] != pre->mark[h->b]) {
            inv_fail(c, k, "%s %s swapped with %s's card before %s agreed", sn(h->p).s, mvname(h).s,
                     sn(pre->mark[h->b]).s, sn(pre->mark[h->b]).s);
            return;
        }
        if (post->pend_from != h->a || post->pend_to != h->b || post->decider != pre->mark[h->b])
            inv_fail(c, k, "%s %s: expected %s asked to agree to %s-%s, found decider %s, pend %s-%s",
                     sn(h->p).s, mvname(h).s, sn(pre->mark[h->b]).s, cn(h->a).s, cn(h->b).s,
                     sn(post->decider).s, cn(post->pend_from).s, cn(post->pend_to).s);
        else inv_fired_case(c, k, C_AGREE_ASK);
        return;
    }
    if (h->kind != HDZ_MV_AGREE && h->kind != HDZ_MV_REFUSE) return;
    inv_applied(c, k);
    if (h->bad) {
        inv_fail(c, k, "%s with no valid pending swap (%s-%s)", mvname(h).s, cn(pre->pend_from).s, cn(pre->pend_to).s);
        return;
    }
    if (h->kind == HDZ_MV_AGREE) {
        if (check_swapped(c, k, h, h->a, h->b)) inv_fired_case(c, k, C_AGREE_AGREE);
        return;
    }
    if (post->cell[h->a] != pre->cell[h->a] || post->cell[h->b] != pre->cell[h->b] ||
        post->mark[h->a] != pre->mark[h->a] || post->mark[h->b] != pre->mark[h->b])
        inv_fail(c, k, "%s refused the swap %s-%s, yet the cards moved", sn(pre->decider).s, cn(h->a).s, cn(h->b).s);
    /* HDZ-AMB-DOG-REFUSED: back to DOG (choose-again, a move left), or the turn finishes */
    else inv_fired_case(c, k, h->to_phase == HDZ_PH_DOG ? C_AGREE_REFUSE_AGAIN : C_AGREE_REFUSE_ENDS);
}

/* HDZ-DOG-EMPTY: "Als er in de rij lege plaatsen zijn ..., mag de speler deze kaart ook op een
 * lege plaats van deze rij leggen." (en: "move the card to the empty space") */
static void inv_hdz_dog_empty(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_DOG_EMPTY;
    if (h->kind != HDZ_MV_DOG || dog_clause(h) != K_DOG_EMPTY) return;
    inv_applied(c, k);
    if (h->dt < 0) { inv_fail(c, k, "%s %s: %s", sn(h->p).s, mvname(h).s, dog_reason(h->dt)); return; }
    /* HDZ-AMB-DOG-EMPTY: an empty place in the card's line, or elsewhere (dog-empty=anywhere) */
    if (check_swapped(c, k, h, h->a, h->b))
        inv_fired_case(c, k, dog_line(h->r, h->a, h->b) ? C_EMPTY_SAME_LINE : C_EMPTY_ELSEWHERE);
}

/* ---- End ----------------------------------------------------------------------------------- */

/* end=immediate: the game is over at once, without phase 4: no type changes owner and no
 * small goat is placed (but the refilled card of an owned type, HDZ-SCORE-FUTURE). */
static void no_phase4(inv_ctx *c, int k, const hx *h)
{
    const hdz_state *pre = h->pre, *post = h->post;
    for (int t = 0; t < HDZ_TYPES; t++)
        if (post->owner[t] != pre->owner[t]) {
            inv_fail(c, k, "%s %s ended the game at once (end=immediate), yet type %c got owner %s",
                     sn(h->p).s, mvname(h).s, 'A' + t, sn(post->owner[t]).s);
            return;
        }
    for (int i = 0; i < HDZ_CELLS; i++)
        if (in_meadow(h->n, i) && post->mark[i] != h->mark0[i] && post->cell[i] == h->cell0[i]) {
            inv_fail(c, k, "%s %s ended the game at once (end=immediate), yet %s at %s got %s's goat",
                     sn(h->p).s, mvname(h).s, kn(post->cell[i]).s, cn(i).s, sn(post->mark[i]).s);
            return;
        }
}

/* HDZ-END-LINE-EMPTY: "Het spel eindigt zodra de laatste kaart uit een rij wordt genomen." */
static void inv_hdz_end_line_empty(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_END_LINE_EMPTY;
    const hdz_state *post = h->post;
    int over = post->phase == HDZ_PH_OVER;
    if (h->bad) return;
    if (h->kind == HDZ_MV_TAKE) {
        inv_applied(c, k);
        if (!h->emptied) {
            if (post->ending != HDZ_END_NO || over)
                inv_fail(c, k, "%s took %s, no line left empty, yet ending %d phase %s", sn(h->p).s,
                         cn(h->a).s, post->ending, phase_name(post->phase));
            return;
        }
        /* the row through the taken card is empty, or only its column (end-line=line) */
        line row = {1, h->a / HDZ_W};
        inv_fired_case(c, k, line_has_card(h->cell0, h->n, row) ? C_LINE_COLUMN : C_LINE_ROW);
        /* HDZ-AMB-END-TIMING: immediate -> over now; finish-turn -> dog move (if any), then over */
        int ok = post->ending == HDZ_END_LINE &&
                 (over || (!(h->r & HDZ_R_END_IMMEDIATE) && post->phase == HDZ_PH_DOG && h->X == HDZ_DOG));
        if (!ok)
            inv_fail(c, k, "%s took %s and left its row or column without cards: expected the end "
                     "(ending %d), found ending %d phase %s", sn(h->p).s, cn(h->a).s, HDZ_END_LINE,
                     post->ending, phase_name(post->phase));
        else if (h->r & HDZ_R_END_IMMEDIATE) no_phase4(c, k, h);
        return;
    }
    if (h->kind == HDZ_MV_DOG && h->dt == DT_EMPTY) {
        inv_applied(c, k);
        int want_over = h->ending != HDZ_END_NO;
        /* HDZ-AMB-END-DOG-EMPTIED: continues | ends */
        if (h->emptied && (h->r & HDZ_R_DOG_EMPTIES_END)) inv_fired_case(c, k, C_LINE_BY_DOG);
        if (over != want_over || (over && post->ending != h->ending))
            inv_fail(c, k, "%s %s %s a line: expected %s, found phase %s ending %d", sn(h->p).s, mvname(h).s,
                     h->emptied ? "emptied" : "emptied no", want_over ? "the end" : "play to go on",
                     phase_name(post->phase), post->ending);
    }
}

/* HDZ-END-BLOCKED: "Het spel eindigt ook als een speler uit een rij geen kaart meer kan nemen
 * omdat alle kaarten met een kleine geit zijn gemarkeerd." */
static void inv_hdz_end_blocked(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_END_BLOCKED;
    const hdz_state *post = h->post;
    if (h->kind != HDZ_MV_PLAY || h->bad) return;
    inv_applied(c, k);
    line l = beside(h->n, h->goat1, h->r);
    if (!h->blocked) {
        if (post->ending != HDZ_END_NO || post->phase == HDZ_PH_OVER)
            inv_fail(c, k, "%s %s: %d takeable cards beside the goat (%s), yet ending %d phase %s",
                     sn(h->p).s, mvname(h).s, line_takeable(h->pre->cell, h->pre->mark, h->n, l), ln(l).s,
                     post->ending, phase_name(post->phase));
        return;
    }
    /* every card in the line carries a small goat, or the line holds no card at all (after a dog
     * move emptied it under dog-emptied=continues) */
    inv_fired_case(c, k, line_has_card(h->pre->cell, h->n, l) ? C_BLOCKED_ALL_MARKED : C_BLOCKED_NO_CARDS);
    /* HDZ-AMB-END-TIMING: immediate -> over now; finish-turn -> dog move (if any), then over */
    int ok = post->ending == HDZ_END_BLOCKED &&
             (post->phase == HDZ_PH_OVER ||
              (!(h->r & HDZ_R_END_IMMEDIATE) && post->phase == HDZ_PH_DOG && h->X == HDZ_DOG));
    if (!ok)
        inv_fail(c, k, "%s %s: nothing to take beside the goat at track %d (%s), expected the end, "
                 "found ending %d phase %s", sn(h->p).s, mvname(h).s, h->goat1, ln(l).s, post->ending,
                 phase_name(post->phase));
    else if (h->r & HDZ_R_END_IMMEDIATE) no_phase4(c, k, h);
}

/* HDZ-AMB-DOG-REDRAW: under compulsory (the German original, by every public summary that
 * mentions it) a seat may not keep a starting hand with a dog in it while the pile still has a
 * card to replace the dog; under optional ("mogen" / "may") it may. */
static int must_return(const hdz_state *s, int seat)
{
    return (s->readings & HDZ_R_REDRAW_FORCED) && has_dog(s, seat) && s->pile_len > 0;
}

/* HDZ-SETUP-DOG-REDRAW: "Eventueel getrokken hondenkaarten mogen worden teruggegeven. Hiervoor
 * mag de speler nieuwe kaarten van de voorraadstapel nemen. De hondenkaarten worden dan terug
 * in de stapel gemixt." */
static void inv_hdz_setup_dog_redraw(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_SETUP_DOG_REDRAW, p = h->p;
    const hdz_state *pre = h->pre, *post = h->post;
    if (h->kind == HDZ_MV_KEEP) {
        inv_applied(c, k);
        if (must_return(pre, p)) {
            inv_fail(c, k, "%s kept a starting hand with a dog (%s %s) while the pile had %d cards "
                     "(dog-redraw=compulsory: the dog goes back)", sn(p).s, kn(pre->hand[p][0]).s,
                     kn(pre->hand[p][1]).s, pre->pile_len);
            return;
        }
        if (!hand_eq(post, p, pre->hand[p][0], pre->hand[p][1]) || post->pile_len != pre->pile_len ||
            memcmp(post->pile, pre->pile, pre->pile_len) != 0)
            inv_fail(c, k, "%s kept the hand, yet hand or pile changed", sn(p).s);
        else inv_fired_case(c, k, C_REDRAW_KEEP);
        return;
    }
    if (h->kind != HDZ_MV_RETURN) return;
    inv_applied(c, k);
    if (!has_dog(pre, p) || pre->pile_len == 0) {
        inv_fail(c, k, "%s returned a dog from hand %s %s (pile %d)", sn(p).s, kn(pre->hand[p][0]).s,
                 kn(pre->hand[p][1]).s, pre->pile_len);
        return;
    }
    int top = pre->pile[pre->pile_len - 1];
    int other = pre->hand[p][0] == HDZ_DOG ? pre->hand[p][1] : pre->hand[p][0];
    if (!hand_eq(post, p, other, top)) {
        inv_fail(c, k, "%s returned a dog from %s %s with %s on top: hand now %s %s, expected %s %s",
                 sn(p).s, kn(pre->hand[p][0]).s, kn(pre->hand[p][1]).s, kn(top).s,
                 kn(post->hand[p][0]).s, kn(post->hand[p][1]).s, kn(other).s, kn(top).s);
        return;
    }
    int d[HDZ_CODES];
    memset(d, 0, sizeof d);
    for (int i = 0; i < pre->pile_len; i++) d[pre->pile[i]]++;
    d[top]--;
    d[HDZ_DOG]++;
    if (post->pile_len != pre->pile_len) {
        inv_fail(c, k, "pile %d -> %d after returning a dog, expected unchanged size", pre->pile_len, post->pile_len);
        return;
    }
    for (int i = 0; i < post->pile_len; i++) d[post->pile[i]]--;
    for (int v = 0; v < HDZ_CODES; v++)
        if (d[v] != 0) {
            inv_fail(c, k, "after returning a dog the pile holds %s %d times too %s", kn(v).s,
                     d[v] > 0 ? d[v] : -d[v], d[v] > 0 ? "few" : "many");
            return;
        }
    /* the replacement (or the other hand card) is a dog again: the seat decides once more */
    inv_fired_case(c, k, has_dog(post, p) ? C_REDRAW_DOG_AGAIN : C_REDRAW_RETURN);
}

/* ---- Frame: what the move's own rules leave alone stays as it was ------------------------ */

static int frame_clause(const hx *h)
{
    switch (h->kind) {
    case HDZ_MV_PLAY: return K_TURN_PLAY;
    case HDZ_MV_TAKE: return K_TURN_TAKE;
    case HDZ_MV_DOG: return dog_clause(h);
    case HDZ_MV_AGREE: case HDZ_MV_REFUSE: return K_DOG_SWAP_AGREE;
    case HDZ_MV_KEEP: case HDZ_MV_RETURN: return K_SETUP_DOG_REDRAW;
    default: return K_TURN_ORDER;
    }
}

/* Reported under the clause of the move (frame_clause): anything outside that move's effect
 * and outside phase 4's scored type must be unchanged. */
static void check_frame(inv_ctx *c, int k0, const hx *h)
{
    const hdz_state *pre = h->pre, *post = h->post;
    int k = k0 + frame_clause(h), p = h->p;
    if (post->players != pre->players || post->n != pre->n || post->readings != pre->readings ||
        memcmp(post->stable, pre->stable, sizeof pre->stable) != 0) {
        inv_fail(c, k, "%s %s changed players, side, readings or stables", sn(p).s, mvname(h).s);
        return;
    }
    if (h->kind != HDZ_MV_RETURN && post->rng != pre->rng) {
        inv_fail(c, k, "%s %s changed the shuffle state (only a returned dog shuffles)", sn(p).s, mvname(h).s);
        return;
    }
    for (int q = 0; q < h->np; q++)
        if (post->goat[q] != pre->goat[q] && !(q == p && h->kind == HDZ_MV_PLAY)) {
            inv_fail(c, k, "%s %s moved %s's large goat %d -> %d", sn(p).s, mvname(h).s, sn(q).s, pre->goat[q], post->goat[q]);
            return;
        }
    for (int i = 0; i < HDZ_CELLS; i++) {
        if (i == h->touched[0] || i == h->touched[1]) continue;
        if (post->cell[i] != pre->cell[i]) {
            inv_fail(c, k, "%s %s changed %s from %s to %s", sn(p).s, mvname(h).s, cn(i).s, kn(pre->cell[i]).s,
                     kn(post->cell[i]).s);
            return;
        }
        if (h->t >= 0 && in_meadow(h->n, i) && is_goat(h->cell0[i]) && HDZ_TYPE(h->cell0[i]) == h->t) continue;
        if (post->mark[i] != pre->mark[i]) {
            inv_fail(c, k, "%s %s changed the small goat on %s (%s) from %s to %s", sn(p).s, mvname(h).s, cn(i).s,
                     kn(pre->cell[i]).s, sn(pre->mark[i]).s, sn(post->mark[i]).s);
            return;
        }
    }
    for (int q = 0; q < h->np; q++) {
        if (q == p && (h->kind == HDZ_MV_PLAY || h->kind == HDZ_MV_TAKE || h->kind == HDZ_MV_RETURN)) continue;
        if (!hand_eq(post, q, pre->hand[q][0], pre->hand[q][1])) {
            inv_fail(c, k, "%s %s changed %s's hand %s %s to %s %s", sn(p).s, mvname(h).s, sn(q).s,
                     kn(pre->hand[q][0]).s, kn(pre->hand[q][1]).s, kn(post->hand[q][0]).s,
                     kn(post->hand[q][1]).s);
            return;
        }
    }
    if (h->kind != HDZ_MV_TAKE && h->kind != HDZ_MV_RETURN &&
        (post->pile_len != pre->pile_len || memcmp(post->pile, pre->pile, pre->pile_len) != 0)) {
        inv_fail(c, k, "%s %s changed the pile (%d -> %d cards)", sn(p).s, mvname(h).s, pre->pile_len, post->pile_len);
        return;
    }
    int same = memcmp(post->box, pre->box, sizeof pre->box) == 0;
    for (int q = 0; q < h->np && same; q++) same = memcmp(post->display[q], pre->display[q], HDZ_CODES) == 0;
    for (int v = 0; v < HDZ_CODES && !same; v++) {
        if (h->t >= 0 && v < HDZ_GOATS && HDZ_TYPE(v) == h->t) continue;
        for (int q = 0; q < h->np; q++) {
            if (h->kind == HDZ_MV_PLAY && q == p && v == h->X) continue;
            if (post->display[q][v] != pre->display[q][v]) {
                inv_fail(c, k, "%s %s changed %s's display of %s from %d to %d", sn(p).s, mvname(h).s, sn(q).s,
                         kn(v).s, pre->display[q][v], post->display[q][v]);
                return;
            }
        }
        if (post->box[v] != pre->box[v]) {
            inv_fail(c, k, "%s %s changed the box count of %s from %d to %d", sn(p).s, mvname(h).s, kn(v).s,
                     pre->box[v], post->box[v]);
            return;
        }
    }
    for (int t = 0; t < HDZ_TYPES; t++)
        if (t != h->t && post->owner[t] != pre->owner[t]) {
            inv_fail(c, k, "%s %s changed the owner of type %c from %s to %s", sn(p).s, mvname(h).s, 'A' + t,
                     sn(pre->owner[t]).s, sn(post->owner[t]).s);
            return;
        }
}

/* ---- Clauses found by rule-text coverage ------------------------------------------------- */

/* HDZ-SETUP-PLAYERS: "2 - 5 spelers" / "Players: 2-5". Judged on every deal and every state
 * after a move; returns 0 when the player count is out of range (nothing else can be judged). */
static int inv_hdz_setup_players(inv_ctx *c, int k0, const hdz_state *s)
{
    int k = k0 + K_SETUP_PLAYERS;
    inv_applied(c, k);
    if (s->players < 2 || s->players > 5) {
        inv_fail(c, k, "a game of %d players: the texts allow 2 to 5", s->players);
        return 0;
    }
    inv_fired_case(c, k, C_PLAYERS_TWO + s->players - 2);
    return 1;
}

/* Order of the phases within one turn: 1 play, 3 take, then the dog move of phase 3. */
static int phase_rank(int ph)
{
    return ph == HDZ_PH_PLAY ? 1 : ph == HDZ_PH_TAKE ? 2 : ph == HDZ_PH_DOG || ph == HDZ_PH_AGREE ? 3 : 0;
}

/* HDZ-TURN-PHASES: "Een speelbeurt bestaat uit 4 fases" / "A turn consists of four phases":
 * within a turn the phases only go forward, and phase 4 (a change of owner) comes only on the
 * step that finishes the turn. */
static void inv_hdz_turn_phases(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_TURN_PHASES;
    const hdz_state *pre = h->pre, *post = h->post;
    int r0 = phase_rank(pre->phase);
    if (!r0) return;                                    /* REDRAW is setup, OVER has no moves */
    inv_applied(c, k);
    int done = post->phase == HDZ_PH_OVER || (post->phase == HDZ_PH_PLAY && post->turn != pre->turn);
    if (done) {
        /* the step that finishes the turn: a play with nothing to take, a take, or the dog move */
        inv_fired_case(c, k, r0 == 1 ? C_PHASES_AT_PLAY : r0 == 2 ? C_PHASES_AT_TAKE : C_PHASES_AT_DOG);
        return;
    }
    if (post->turn != pre->turn) {
        inv_fail(c, k, "%s %s: the turn passed to %s in phase %s without finishing", sn(h->p).s, mvname(h).s,
                 sn(post->turn).s, phase_name(post->phase));
        return;
    }
    int r1 = phase_rank(post->phase);
    if (r1 < r0 || (r1 == 1 && r0 == 1)) {
        inv_fail(c, k, "%s %s: phase %s followed by phase %s within the same turn", sn(h->p).s, mvname(h).s,
                 phase_name(pre->phase), phase_name(post->phase));
        return;
    }
    for (int t = 0; t < HDZ_TYPES; t++)
        if (post->owner[t] != pre->owner[t]) {
            inv_fail(c, k, "%s %s: type %c was scored in phase %s, before the turn finished", sn(h->p).s,
                     mvname(h).s, 'A' + t, phase_name(post->phase));
            return;
        }
}

/* HDZ-DOG-NO-MAJORITY: "De honden leveren nochtans geen punten op voor de meerderheid." The step
 * that finishes a dog's turn scores nothing: owners, the box and the small goats stay as the
 * move itself left them. */
static void inv_hdz_dog_no_majority(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_DOG_NO_MAJORITY;
    const hdz_state *pre = h->pre, *post = h->post;
    if (!h->finish || h->X != HDZ_DOG) return;
    inv_applied(c, k);
    for (int t = 0; t < HDZ_TYPES; t++)
        if (post->owner[t] != pre->owner[t]) {
            inv_fail(c, k, "%s finished a dog's turn and type %c changed owner %s -> %s", sn(h->p).s, 'A' + t,
                     sn(pre->owner[t]).s, sn(post->owner[t]).s);
            return;
        }
    if (memcmp(post->box, pre->box, sizeof pre->box) != 0) {
        inv_fail(c, k, "%s finished a dog's turn and display cards went to the box", sn(h->p).s);
        return;
    }
    for (int i = 0; i < HDZ_CELLS; i++)
        if (in_meadow(h->n, i) && post->mark[i] != h->mark0[i]) {
            inv_fail(c, k, "%s finished a dog's turn and the small goat on %s changed %s -> %s", sn(h->p).s,
                     cn(i).s, sn(h->mark0[i]).s, sn(post->mark[i]).s);
            return;
        }
    /* the dog moved a card (a swap, an agreed swap, a move to an empty place) or not (pass, refusal,
     * no dog move) */
    inv_fired_case(c, k, h->touched[0] >= 0 && h->kind != HDZ_MV_TAKE ? C_NOMAJ_MOVED : C_NOMAJ_NOT_MOVED);
}

/* HDZ-SCORE-REMINDER: "ter herinnering" / "as a reminder". Under reminder=memo no reminder goat
 * is ever counted; under reserve (ten small goats) the scoring puts them aside for the cards
 * still in the pile, and each waits for its card (HDZ-SCORE-FUTURE). */
static void inv_hdz_score_reminder(inv_ctx *c, int k0, const hx *h)
{
    int k = k0 + K_SCORE_REMINDER;
    const hdz_state *pre = h->pre, *post = h->post;
    inv_applied(c, k);
    for (int t = 0; t < HDZ_TYPES; t++)
        if (post->remind[t] != h->erem[t]) {
            inv_fail(c, k, "%s %s: %d reminder goat(s) wait for type %c, expected %d (%s)", sn(h->p).s, mvname(h).s,
                     post->remind[t], 'A' + t, h->erem[t], h->reserve ? "reminder=reserve" : "reminder=memo counts none");
            return;
        }
    /* a card of an owned type appeared and took the reminder goat waiting for it */
    for (int t = 0; t < HDZ_TYPES; t++)
        if (post->remind[t] < pre->remind[t]) inv_fired_case(c, k, C_REMIND_USED);
    /* a scoring with cards of its type still in the pile: a memo (or unlimited goats), or goats set
     * aside after A or B (reminder=reserve) */
    if ((h->sc == SC_A && pile_of_type(h, h->t) > 0) || (h->sc == SC_B && h->fifth_pile))
        inv_fired_case(c, k, !h->reserve ? C_REMIND_MEMO : h->sc == SC_A ? C_REMIND_AFTER_A : C_REMIND_AFTER_B);
}

/* ---- HDZ-LEGAL-SET ------------------------------------------------------------------------- */

/* The clause of the position's phase, which offers no move of another phase: REDRAW
 * HDZ-SETUP-DOG-REDRAW, PLAY HDZ-TURN-PLAY ("PLAY offers no other move"), TAKE HDZ-TURN-TAKE ("TAKE
 * offers no other move"), DOG HDZ-DOG-SWAP-NEUTRAL (the dog move or pass), AGREE HDZ-DOG-SWAP-AGREE;
 * OVER the clause that ended the game (HDZ-END-BLOCKED, else HDZ-END-LINE-EMPTY). */
static int phase_clause(const hdz_state *s)
{
    switch (s->phase) {
    case HDZ_PH_REDRAW: return K_SETUP_DOG_REDRAW;
    case HDZ_PH_PLAY:   return K_TURN_PLAY;
    case HDZ_PH_TAKE:   return K_TURN_TAKE;
    case HDZ_PH_DOG:    return K_DOG_SWAP_NEUTRAL;
    case HDZ_PH_AGREE:  return K_DOG_SWAP_AGREE;
    default:            return s->ending == HDZ_END_BLOCKED ? K_END_BLOCKED : K_END_LINE_EMPTY;
    }
}

/* 1 when the rules allow m in s (decided by s->decider), else 0 with *why; *k gets the clause the
 * move belongs to: KEEP and RETURN HDZ-SETUP-DOG-REDRAW, PLAY HDZ-TURN-PLAY, TAKE HDZ-TURN-TAKE
 * (HDZ-TAKE-NOMARKED on a marked card), DOG by its kind (HDZ-DOG-EMPTY, -SWAP-AGREE,
 * -SWAP-NEUTRAL), PASS HDZ-DOG-SWAP-NEUTRAL (the dog move is optional, HDZ-AMB-DOG-OPTIONAL),
 * AGREE and REFUSE HDZ-DOG-SWAP-AGREE. Bytes a move does not use must be zero. A move of another
 * phase than the position's (or of no kind) belongs to the clause of the position's phase, which
 * offers no other move (phase_clause). */
static int rules_allow(const hdz_state *s, const game_move *m, int *k, const char **why)
{
    static const uint8_t used[9] = {0, 0, 0, 1, 1, 2, 0, 0, 0};   /* argument bytes per kind */
    static const uint8_t phase[9] = {0, HDZ_PH_REDRAW, HDZ_PH_REDRAW, HDZ_PH_PLAY, HDZ_PH_TAKE,
                                     HDZ_PH_DOG, HDZ_PH_DOG, HDZ_PH_AGREE, HDZ_PH_AGREE};
    const uint8_t *b = &m->a;
    int p = s->turn, n = s->n, a = m->a;
    uint32_t r = s->readings;
    *k = phase_clause(s);
    *why = "no such move kind";
    if (m->kind < HDZ_MV_KEEP || m->kind > HDZ_MV_REFUSE) return 0;
    *why = "the move's phase is not the position's";
    if (phase[m->kind] != s->phase) return 0;
    switch (m->kind) {
    case HDZ_MV_KEEP: case HDZ_MV_RETURN: *k = K_SETUP_DOG_REDRAW; break;
    case HDZ_MV_PLAY: *k = K_TURN_PLAY; break;
    case HDZ_MV_TAKE: *k = in_meadow(n, a) && s->mark[a] != NO ? K_TAKE_NOMARKED : K_TURN_TAKE; break;
    case HDZ_MV_DOG: {
        int dt = dog_class(r, n, s->cell, s->mark, p, a, m->b, s->refused);
        *k = dt == DT_EMPTY || dt == DT_BAD_EMPTY_LINE ? K_DOG_EMPTY
           : dt == DT_OPP || dt == DT_BAD_REFUSED ? K_DOG_SWAP_AGREE : K_DOG_SWAP_NEUTRAL;
        break;
    }
    case HDZ_MV_PASS: *k = K_DOG_SWAP_NEUTRAL; break;
    default: *k = K_DOG_SWAP_AGREE; break;
    }
    for (int i = used[m->kind]; i < 7; i++)
        if (b[i]) { *why = "an argument byte the move does not use is set"; return 0; }
    switch (m->kind) {
    case HDZ_MV_KEEP:
        /* HDZ-AMB-DOG-REDRAW: optional (keep is always allowed) | compulsory (not with a dog in
         * hand while the pile can replace it) */
        *why = "a dog in the starting hand goes back while the pile has a card (dog-redraw=compulsory)";
        return !must_return(s, p);
    case HDZ_MV_RETURN:
        /* "Eventueel getrokken hondenkaarten mogen worden teruggegeven": a dog in hand, a pile to draw from */
        *why = "no dog in hand, or no pile to draw a replacement from";
        return has_dog(s, p) && s->pile_len > 0;
    case HDZ_MV_PLAY:
        *why = "the card is not in the hand";
        return is_card(a) && has_card(s, p, a);
    case HDZ_MV_TAKE:
        *why = "the cell is not in the line beside the large goat, holds no card, or the card carries a small goat";
        return in_meadow(n, a) && in_line(beside(n, s->goat[p], r), a) && is_card(s->cell[a]) && s->mark[a] == NO;
    case HDZ_MV_DOG: {
        int dt = dog_class(r, n, s->cell, s->mark, p, a, m->b, s->refused);
        *why = dt < 0 ? dog_reason(dt) : "";
        return dt > 0;
    }
    case HDZ_MV_PASS:
        /* HDZ-AMB-DOG-OPTIONAL: "mag" (optional) | mandatory */
        *why = "the dog move is mandatory (dog=mandatory)";
        return !(r & HDZ_R_DOG_MANDATORY);
    default:
        return 1;
    }
}

static nm move_name(const game_move *m)
{
    hx h;
    h.m = m;
    return mvname(&h);
}

/* HDZ-LEGAL-SET: the set of legal moves, restated from the move rules (HDZ-SETUP-DOG-REDRAW's
 * keep and return under HDZ-AMB-DOG-REDRAW, HDZ-TURN-PLAY, HDZ-TURN-TAKE with HDZ-TAKE-NOMARKED,
 * the dog moves HDZ-DOG-SWAP-NEUTRAL, HDZ-DOG-SWAP-AGREE and HDZ-DOG-EMPTY, the agreement), equals the engine's legal_moves in every
 * position: a move the rules allow and the engine withholds is missing, and is reported under the
 * clause that allows it; one the engine offers and the rules forbid is extra, and is reported under
 * the clause that forbids it (rules_allow). HDZ-LEGAL-SET itself reports only what no single clause
 * explains: a move listed twice. */
static void inv_hdz_legal_set(inv_ctx *c, int k0, const hdz_state *s)
{
    game_move buf[GAME_MAX_MOVES], rule[GAME_MAX_MOVES];
    const game_move *eng;
    int k = k0 + K_LEGAL_SET, p = s->turn, nr = 0, kc;
    const char *why;
    if (s->phase > HDZ_PH_OVER) return;
    if (c->legal_set_off) return;                 /* bench: the oracle's cost */
    inv_applied(c, k);
    int ne = inv_legal_post(c, s, buf, &eng);     /* s: a step's post state, or a position */
    game_move m;
    /* Every candidate the rules could allow, phase by phase. */
    memset(&m, 0, sizeof m);
    switch (s->phase) {
    case HDZ_PH_REDRAW:
        m.kind = HDZ_MV_KEEP; if (rules_allow(s, &m, &kc, &why)) rule[nr++] = m;
        m.kind = HDZ_MV_RETURN; if (rules_allow(s, &m, &kc, &why)) rule[nr++] = m;
        break;
    case HDZ_PH_PLAY:
        for (int i = 0; i < 2; i++) {
            m.kind = HDZ_MV_PLAY; m.a = s->hand[p][i];
            if (rules_allow(s, &m, &kc, &why) && !inv_move_in(rule, nr, &m)) rule[nr++] = m;
        }
        break;
    case HDZ_PH_TAKE:
        for (int a = 0; a < HDZ_CELLS; a++) {
            m.kind = HDZ_MV_TAKE; m.a = (uint8_t)a;
            if (rules_allow(s, &m, &kc, &why)) rule[nr++] = m;
        }
        break;
    case HDZ_PH_DOG:
        for (int a = 0; a < HDZ_CELLS; a++)
            for (int b = 0; b < HDZ_CELLS && s->mark[a] == p; b++) {
                m.kind = HDZ_MV_DOG; m.a = (uint8_t)a; m.b = (uint8_t)b;
                if (nr < GAME_MAX_MOVES - 1 && rules_allow(s, &m, &kc, &why)) rule[nr++] = m;
            }
        memset(&m, 0, sizeof m);
        m.kind = HDZ_MV_PASS; if (rules_allow(s, &m, &kc, &why)) rule[nr++] = m;
        break;
    case HDZ_PH_AGREE:
        m.kind = HDZ_MV_AGREE; rule[nr++] = m;
        m.kind = HDZ_MV_REFUSE; rule[nr++] = m;
        break;
    default:
        break;
    }
    /* a move offered wrongly first: the one clause that forbids it names the rule; a withheld move's
     * clause is the one that allows it, of the several a legal move needs */
    for (int i = 0; i < ne; i++)
        if (!rules_allow(s, &eng[i], &kc, &why)) {
            inv_applied(c, k0 + kc);
            inv_fail(c, k0 + kc, "legal moves: legal_moves offers %s %s in phase %s, which the rules forbid: %s",
                     sn(s->phase == HDZ_PH_AGREE ? s->decider : p).s, move_name(&eng[i]).s, phase_name(s->phase), why);
            return;
        }
    for (int i = 0; i < nr; i++)
        if (!inv_move_in(eng, ne, &rule[i])) {
            rules_allow(s, &rule[i], &kc, &why);
            inv_applied(c, k0 + kc);
            inv_fail(c, k0 + kc, "legal moves: %s may %s (phase %s), but legal_moves does not offer it (%d moves offered)",
                     sn(s->phase == HDZ_PH_AGREE ? s->decider : p).s, move_name(&rule[i]).s, phase_name(s->phase), ne);
            return;
        }
    if (nr != ne) {
        inv_fail(c, k, "legal moves: legal_moves lists %d moves, %d of them distinct and allowed (a move listed twice)",
                 ne, nr);
        return;
    }
    /* the phase whose moves were compared (OVER offers none) */
    static const int phase_case[] = {C_LEGAL_REDRAW, C_LEGAL_PLAY, C_LEGAL_TAKE, C_LEGAL_DOG, C_LEGAL_AGREE};
    if (nr > 0 && s->phase < HDZ_PH_OVER) inv_fired_case(c, k, phase_case[s->phase]);
}

/* ---- Hooks --------------------------------------------------------------------------------- */

/* HDZ-FACTS: "121 kaarten" ... "90 geitenkaarten" ... "15 hondenkaarten" ... "16 melkkaarten" and the
 * numbers of the setup (HF above): the oracle's facts hold the texts' numbers, and the engine's
 * table t (an hdz_params) states the same facts field by field. A wrong fact in either is named
 * with both values; which side is wrong SPEC.md's sources decide. */
static void inv_hdz_facts(inv_ctx *c, int k0, const void *table)
{
    const hdz_params *t = table;
    int k = k0 + K_FACTS;
    inv_applied(c, k);
    if (HF.milk[0] + HF.milk[1] != HDZ_MILKS || HDZ_GOATS + HDZ_DOGS + HDZ_MILKS != 121) {
        inv_fail(c, k, "oracle facts: %d + %d milk cards, %d cards in all; the texts say 16 and 121",
                 HF.milk[0], HF.milk[1], HDZ_GOATS + HDZ_DOGS + HF.milk[0] + HF.milk[1]);
        return;
    }
    if (t->milk_ones != HF.milk[0] || t->milk_twos != HF.milk[1]) {
        inv_fail(c, k, "engine table: milk split %d x 1 + %d x 2, the oracle's facts say %d + %d",
                 t->milk_ones, t->milk_twos, HF.milk[0], HF.milk[1]);
        return;
    }
    for (int P = 2; P <= HDZ_MAXP; P++) {
        int r = removal_row(P);
        if (HF.removal[r].players != P) { inv_fail(c, k, "oracle facts: removal row %d is for %d players", r, HF.removal[r].players); return; }
        if (t->removed_types[P] != HF.removal[r].types || t->removed_dogs[P] != HF.removal[r].dogs ||
            t->removed_milk1[P] != HF.removal[r].milk1 || t->removed_milk2[P] != HF.removal[r].milk2) {
            inv_fail(c, k, "engine table: %d players remove %d types, %d dogs, %d M1, %d M2; the oracle's facts say %d, %d, %d, %d",
                     P, t->removed_types[P], t->removed_dogs[P], t->removed_milk1[P], t->removed_milk2[P],
                     HF.removal[r].types, HF.removal[r].dogs, HF.removal[r].milk1, HF.removal[r].milk2);
            return;
        }
        if (t->side[P] != side_for(P)) {
            inv_fail(c, k, "engine table: %d players play a %dx%d meadow, the oracle's facts say %d", P, t->side[P], t->side[P], side_for(P));
            return;
        }
        for (int q = 0; q < P; q++)
            if (t->stable_site[P][q] != HF.site[P][q]) {
                inv_fail(c, k, "engine table: %d players, seat %d's stable at track %d, the oracle's facts say %d",
                         P, q + 1, t->stable_site[P][q], HF.site[P][q]);
                return;
            }
    }
    if (t->small_goats != HF.small_goats || t->hand_size != HF.hand) {
        inv_fail(c, k, "engine table: %d small goats, a hand of %d; the oracle's facts say %d, %d",
                 t->small_goats, t->hand_size, HF.small_goats, HF.hand);
        return;
    }
    inv_fired(c, k);
}

static void hdz_check_setup(inv_ctx *c, int k0, const void *st)
{
    const hdz_state *s = st;
    /* HDZ-FACTS first, at every deal: a wrong fact in the engine's table (or the oracle's) is named
     * as such, before the deal's clauses judge the deal by the oracle's facts */
    inv_hdz_facts(c, k0, &hdz_param);
    if (!inv_hdz_setup_players(c, k0, s) || !inv_hdz_cards_part(c, k0, s, INV_CARDS_FORM)) return;
    /* The caller says this is a fresh deal (inv_on_setup, not inv_on_position). The deal's own
     * clauses first, then the card count (a deal that loses a card is named by the step of the
     * deal that lost it). */
    inv_hdz_setup_removal(c, k0, s);
    inv_hdz_setup_meadow(c, k0, s);
    inv_hdz_setup_stables(c, k0, s);
    inv_hdz_setup_hand(c, k0, s);
    inv_hdz_turn_order(c, k0, s, NULL);
    inv_hdz_cards_part(c, k0, s, INV_CARDS_COUNT);
}


static void hdz_step_clauses(inv_ctx *c, int k0, const hdz_state *pre, const game_move *m, const hdz_state *post);

/* The step's own clauses first, then HDZ-CARDS-121 on the post state: a step that loses or doubles
 * a card is named by the clause of the step (a card played but still in the hand: HDZ-TURN-PLAY)
 * before the card count sees it. A post state the step clauses cannot read is judged by
 * HDZ-CARDS-121 alone. */
static void hdz_check_step(inv_ctx *c, int k0, const void *pre_v, const game_move *m, const void *post_v)
{
    const hdz_state *pre = pre_v, *post = post_v;
    if (!inv_hdz_setup_players(c, k0, post) || !inv_hdz_cards_part(c, k0, post, INV_CARDS_FORM) || !sane(pre)) return;
    hdz_step_clauses(c, k0, pre, m, post);
    inv_hdz_cards_part(c, k0, post, INV_CARDS_COUNT);
}

static void hdz_step_clauses(inv_ctx *c, int k0, const hdz_state *pre, const game_move *m, const hdz_state *post)
{
    hx h;
    inv_hdz_legal_set(c, k0, post);
    hx_build(&h, pre, m, post);
    if (h.wrong_phase) { inv_hdz_turn_order(c, k0, post, &h); return; }

    inv_hdz_setup_dog_redraw(c, k0, &h);
    inv_hdz_turn_play(c, k0, &h);
    inv_hdz_turn_move(c, k0, &h);
    inv_hdz_dog_nomove(c, k0, &h);
    inv_hdz_turn_take(c, k0, &h);
    inv_hdz_take_nomarked(c, k0, &h);
    inv_hdz_take_refill(c, k0, &h);
    inv_hdz_score_future(c, k0, &h);
    inv_hdz_dog_swap_neutral(c, k0, &h);
    inv_hdz_dog_swap_agree(c, k0, &h);
    inv_hdz_dog_empty(c, k0, &h);
    if (h.bad) return;

    inv_hdz_end_line_empty(c, k0, &h);
    inv_hdz_end_blocked(c, k0, &h);
    inv_hdz_score_majority8(c, k0, &h);
    inv_hdz_score_worthless(c, k0, &h);
    inv_hdz_score_fourth(c, k0, &h);
    inv_hdz_score_fourth_sum(c, k0, &h);
    inv_hdz_score_fourth_count(c, k0, &h);
    inv_hdz_score_fourth_trigger(c, k0, &h);
    inv_hdz_score_fifth_meadow(c, k0, &h);
    inv_hdz_score_fifth_hand(c, k0, &h);
    inv_hdz_score_b_worthless(c, k0, &h);
    inv_hdz_score_reminder(c, k0, &h);
    inv_hdz_dog_no_majority(c, k0, &h);
    inv_hdz_turn_phases(c, k0, &h);
    stables_supply(c, k0, &h);
    hands_at_play(c, k0, &h);
    inv_hdz_turn_order(c, k0, post, &h);
    check_frame(c, k0, &h);
}

/* ---- Final scoring ------------------------------------------------------------------------- */

typedef struct fin {
    int base[HDZ_MAXP], dbl[HDZ_MAXP], milk[HDZ_MAXP], total[HDZ_MAXP];
    int key[HDZ_MAXP], S[HDZ_MAXP], pos[HDZ_MAXP], grp[HDZ_MAXP];
    uint32_t readings;               /* the readings the tally was made under */
    int any_mark, any_dbl, any_chain;
    int mk[HDZ_MAXP], mc[HDZ_MAXP];  /* a seat's milk clause (K_FINAL_MILK_*, -1: no milk) and case */
} fin;

/* Is c "naast de eigen stal" of seat q? */
static int next_to_stable(const hdz_state *s, int q, int c)
{
    int n = s->n, sc = trk_cell(n, HF.site[s->players][q]);
    int dr = c / HDZ_W - sc / HDZ_W, dc = c % HDZ_W - sc % HDZ_W;
    if (!in_meadow(n, c)) return 0;
    /* HDZ-AMB-STABLE-SITE: cell (its meadow neighbours) | outside (the border cell beside it) */
    if (s->readings & HDZ_R_SITE_OUTSIDE) return c == sc;
    return (dr == 0 && (dc == 1 || dc == -1)) || (dc == 0 && (dr == 1 || dr == -1));
}

static int milk_half(int S, uint32_t r)
{
    /* HDZ-AMB-MILK-ROUND: down | up */
    return (r & HDZ_R_MILK_UP) ? (S + 1) / 2 : S / 2;
}

static void final_tally(const hdz_state *s, uint32_t r, fin *f)
{
    int n = s->n, P = s->players;
    memset(f, 0, sizeof *f);
    f->readings = r;
    for (int q = 0; q < HDZ_MAXP; q++) f->mk[q] = -1;
    for (int q = 0; q < P; q++) {
        uint8_t dbl[HDZ_CELLS];
        int queue[HDZ_CELLS], qh = 0, qt = 0;
        memset(dbl, 0, sizeof dbl);
        for (int i = 0; i < HDZ_CELLS; i++) {
            if (!in_meadow(n, i) || !is_goat(s->cell[i]) || s->mark[i] != q) continue;
            f->base[q] += HDZ_VALUE(s->cell[i]);
            f->any_mark = 1;
            if (next_to_stable(s, q, i)) { dbl[i] = 1; queue[qt++] = i; }
        }
        /* HDZ-AMB-STABLE-CONNECT: chain ("in directe verbinding") | adjacent only */
        if (!(r & HDZ_R_DOUBLE_ADJ))
            while (qh < qt) {
                int i = queue[qh++];
                int nb[4] = { i - HDZ_W, i + HDZ_W, i % HDZ_W ? i - 1 : -1, i % HDZ_W < n - 1 ? i + 1 : -1 };
                for (int j = 0; j < 4; j++) {
                    int x = nb[j];
                    if (!in_meadow(n, x) || dbl[x] || !is_goat(s->cell[x]) || s->mark[x] != q) continue;
                    dbl[x] = 1;
                    f->any_chain = 1;
                    queue[qt++] = x;
                }
            }
        for (int i = 0; i < HDZ_CELLS; i++)
            if (dbl[i]) { f->dbl[q] += HDZ_VALUE(s->cell[i]); f->any_dbl = 1; }
    }
    /* milk */
    int maxkey = 0, lead = 0;
    for (int q = 0; q < P; q++) {
        int ones = s->display[q][HDZ_MILK1], twos = s->display[q][HDZ_MILK2];
        f->S[q] = ones + 2 * twos;
        /* HDZ-AMB-MILK-MOST: the most cards | the largest sum */
        f->key[q] = (r & HDZ_R_MILK_SUM) ? f->S[q] : ones + twos;
        if (f->key[q] > maxkey) maxkey = f->key[q];
    }
    for (int q = 0; q < P; q++) if (maxkey > 0 && f->key[q] == maxkey && f->S[q] > lead) lead = f->S[q];
    for (int q = 0; q < P; q++) {
        int a = 1, g = 0;
        for (int x = 0; x < P; x++) { a += f->key[x] > f->key[q]; g += f->key[x] == f->key[q]; }
        f->pos[q] = a; f->grp[q] = g;
        f->mk[q] = -1;
        if (f->key[q] == 0) continue;
        if (a > 2) { f->mk[q] = K_FINAL_MILK_SECOND; f->mc[q] = C_SECOND_LATER; continue; }
        int pay[3];
        pay[1] = f->S[q];
        /* HDZ-AMB-MILK-HALF: half of the own sum | of the leader's sum */
        int half_of = (r & HDZ_R_MILK_LEADER) ? lead : f->S[q];
        pay[2] = milk_half(half_of, r);
        if (g == 1) {
            f->milk[q] = pay[a];
            f->mk[q] = a == 1 ? K_FINAL_MILK_FIRST : K_FINAL_MILK_SECOND;
            /* HDZ-AMB-MILK-MOST ranks the first; HDZ-AMB-MILK-ROUND matters for an odd sum */
            f->mc[q] = a == 1 ? ((r & HDZ_R_MILK_SUM) ? C_FIRST_SUM : C_FIRST_COUNT)
                              : (half_of % 2 ? C_SECOND_ROUNDED : C_SECOND_EXACT);
            continue;
        }
        f->mk[q] = K_FINAL_MILK_TIE;
        /* The group of g holds positions a..a+g-1; only positions 1 and 2 pay. "deze punten" are
         * those payouts: one (a tie for second, or HDZ-AMB-MILK-TIE-SUM=best) or both of them. */
        int last = a + g - 1 < 2 ? a + g - 1 : 2, all = 0;
        for (int x = a; x <= last; x++) all += pay[x];
        /* HDZ-AMB-MILK-TIE: full (each a whole payout) | share (the payouts divided, rounded down) */
        if (!(r & HDZ_R_MILK_SHARE)) {
            /* HDZ-AMB-MILK-TIE-SUM: best (the first position's payout) | both (first plus second) */
            int both = (r & HDZ_R_TIE_BOTH) != 0;
            f->milk[q] = both ? all : pay[a];
            f->mc[q] = a == 1 ? (both ? C_TIE_FIRST_BOTH : C_TIE_FIRST_FULL) : C_TIE_SECOND_FULL;
        } else {
            f->milk[q] = all / g;
            f->mc[q] = a == 1 ? C_TIE_FIRST_SHARE : C_TIE_SECOND_SHARE;
        }
    }
    for (int q = 0; q < P; q++) f->total[q] = f->base[q] + f->dbl[q] + f->milk[q];
}

/* HDZ-FINAL-MEADOW: "telt zijn punten door de waardes van de geitenkaarten in de weide op te
 * tellen ... Kaarten in de eigen vitrine of kaarten in de hand leveren geen punten op." */
static void inv_hdz_final_meadow(inv_ctx *c, int k0, const fin *f)
{
    int k = k0 + K_FINAL_MEADOW;
    inv_applied(c, k);
    if (f->any_mark) inv_fired(c, k);
}

/* HDZ-FINAL-STABLE-DOUBLE: "Hierbij tellen de geitenkaarten dubbel die naast of in directe
 * verbinding (niet diagonaal) staan met de eigen stal." */
static void inv_hdz_final_stable_double(inv_ctx *c, int k0, const fin *f)
{
    int k = k0 + K_FINAL_STABLE_DOUBLE;
    inv_applied(c, k);
    /* a card doubled only through a chain of own cards (double=chain); else the stable's meadow
     * neighbours (site=cell) or the border card it touches (site=outside) */
    if (f->any_dbl)
        inv_fired_case(c, k, f->any_chain ? C_DOUBLE_CHAIN : (f->readings & HDZ_R_SITE_OUTSIDE) ? C_DOUBLE_STABLE_CELL
                                                                                               : C_DOUBLE_NEXT);
}

/* Milk clause kk applied; it fires once for every seat whose milk it decides, in that seat's case. */
static void milk_fired(inv_ctx *c, int k0, const fin *f, int kk)
{
    inv_applied(c, k0 + kk);
    for (int q = 0; q < HDZ_MAXP; q++)
        if (f->mk[q] == kk) inv_fired_case(c, k0 + kk, f->mc[q]);
}

/* HDZ-FINAL-MILK-FIRST: "De speler die aan het einde van het spel de meeste melkcocktails heeft
 * verzameld, ontvangt deze som als punten." */
static void inv_hdz_final_milk_first(inv_ctx *c, int k0, const fin *f)
{
    milk_fired(c, k0, f, K_FINAL_MILK_FIRST);
}

/* HDZ-FINAL-MILK-SECOND: "De speler die de tweede meeste cocktails heeft verzameld, ontvangt
 * de helft als punten (afgerond naar beneden)." */
static void inv_hdz_final_milk_second(inv_ctx *c, int k0, const fin *f)
{
    milk_fired(c, k0, f, K_FINAL_MILK_SECOND);
}

/* HDZ-FINAL-MILK-TIE: "Bij een gelijke stand ontvangen de beide spelers de som van deze punten."
 * (en: "In case of a tie, each receives his share of the corresponding points.") Readings
 * HDZ-AMB-MILK-TIE (full | share) and HDZ-AMB-MILK-TIE-SUM (best | both), restated in final_tally. */
static void inv_hdz_final_milk_tie(inv_ctx *c, int k0, const fin *f)
{
    milk_fired(c, k0, f, K_FINAL_MILK_TIE);
}

/* The milk clause for seat q's payout case. */
static int milk_clause(const fin *f, int q)
{
    return f->grp[q] > 1 && f->pos[q] <= 2 ? K_FINAL_MILK_TIE
         : f->pos[q] == 1 ? K_FINAL_MILK_FIRST : K_FINAL_MILK_SECOND;
}

/* Which part of the totals explains the engine's scores if it alone is computed another way
 * (another reading of the doubling or of the milk, or none of it) for every seat at once?
 * A clause index, or -1. */
static int final_blame(const hdz_state *s, const fin *f, const int *scores, int q)
{
    const uint32_t dblbits = HDZ_R_SITE_OUTSIDE | HDZ_R_DOUBLE_ADJ;
    const uint32_t milkbits = HDZ_R_MILK_SUM | HDZ_R_MILK_UP | HDZ_R_MILK_LEADER | HDZ_R_MILK_SHARE | HDZ_R_TIE_BOTH;
    fin alt;
    int ok, P = s->players;
    for (uint32_t m = 0; m < 5; m++) {          /* 4 doubling readings, then no doubling */
        uint32_t r = (s->readings & ~dblbits) | (m & 1 ? HDZ_R_SITE_OUTSIDE : 0) | (m & 2 ? HDZ_R_DOUBLE_ADJ : 0);
        final_tally(s, r, &alt);
        ok = 1;
        for (int x = 0; x < P; x++) ok &= scores[x] == f->base[x] + (m < 4 ? alt.dbl[x] : 0) + f->milk[x];
        if (ok) return K_FINAL_STABLE_DOUBLE;
    }
    for (uint32_t m = 0; m < 33; m++) {         /* 32 milk readings, then no milk */
        uint32_t r = s->readings & ~milkbits;
        r |= (m & 1 ? HDZ_R_MILK_SUM : 0) | (m & 2 ? HDZ_R_MILK_UP : 0) |
             (m & 4 ? HDZ_R_MILK_LEADER : 0) | (m & 8 ? HDZ_R_MILK_SHARE : 0) | (m & 16 ? HDZ_R_TIE_BOTH : 0);
        final_tally(s, r, &alt);
        ok = 1;
        for (int x = 0; x < P; x++) ok &= scores[x] == f->base[x] + f->dbl[x] + (m < 32 ? alt.milk[x] : 0);
        if (ok) return milk_clause(f, q);
    }
    return -1;
}

/* Each seat's total against the engine's; a mismatch is charged to the part that explains all
 * scores (final_blame), else to milk when the seat has milk, doubling when it has doubled cards,
 * else the meadow. The message lists every part. */
static void final_scores(inv_ctx *c, int k0, const hdz_state *s, const fin *f, const int *scores)
{
    for (int q = 0; q < s->players; q++) {
        if (scores[q] == f->total[q]) continue;
        int k = final_blame(s, f, scores, q);
        if (k < 0) {
            /* no reading explains it: the part that alone can be wrong. The milk the engine paid if
             * the rest is right (y), a payout the milk rules know for this seat's sum (all of it,
             * half rounded either way, the two together, none); else the stable bonus it gave if the
             * rest is right (x), at most the meadow points the bonus doubles; else the meadow itself. */
            int y = scores[q] - f->base[q] - f->dbl[q], x = scores[q] - f->base[q] - f->milk[q], S = f->S[q];
            if (f->key[q] > 0 && (y == 0 || y == S || y == S / 2 || y == (S + 1) / 2 ||
                                 y == S + S / 2 || y == S + (S + 1) / 2)) k = milk_clause(f, q);
            else if (x >= 0 && x <= f->base[q] && x != f->dbl[q]) k = K_FINAL_STABLE_DOUBLE;
            else k = f->key[q] > 0 ? milk_clause(f, q) : K_FINAL_MEADOW;
        }
        inv_fail(c, k0 + k, "%s scores %d, expected %d = meadow %d + stable bonus %d + milk %d "
                 "(milk key %d, sum %d, position %d of a group of %d)", sn(q).s, scores[q], f->total[q],
                 f->base[q], f->dbl[q], f->milk[q], f->key[q], f->S[q], f->pos[q], f->grp[q]);
        return;
    }
}

/* HDZ-FINAL-WINNER: "De speler met de meeste punten heeft behaald, wint het spel." Equal top
 * totals all win (the texts name no tie-break). */
static void inv_hdz_final_winner(inv_ctx *c, int k0, const hdz_state *s, const int *scores, unsigned winners)
{
    int k = k0 + K_FINAL_WINNER, best = scores[0];
    unsigned want = 0;
    inv_applied(c, k);
    for (int q = 1; q < s->players; q++) if (scores[q] > best) best = scores[q];
    for (int q = 0; q < s->players; q++) if (scores[q] == best) want |= 1u << q;
    /* one seat with the most points, or equal top totals that all win (no tie-break) */
    inv_fired_case(c, k, (want & (want - 1)) ? C_WINNER_TIE : C_WINNER_ONE);
    if (winners != want)
        inv_fail(c, k, "winners mask 0x%x for scores %d %d %d %d %d, expected 0x%x (highest total %d)",
                 winners, scores[0], s->players > 1 ? scores[1] : 0, s->players > 2 ? scores[2] : 0,
                 s->players > 3 ? scores[3] : 0, s->players > 4 ? scores[4] : 0, want, best);
}

static void hdz_check_final(inv_ctx *c, int k0, const void *st, const int *scores, unsigned winners)
{
    const hdz_state *s = st;
    fin f;
    if (!inv_hdz_cards_121(c, k0, s)) return;
    final_tally(s, s->readings, &f);
    inv_hdz_final_meadow(c, k0, &f);
    inv_hdz_final_stable_double(c, k0, &f);
    inv_hdz_final_milk_first(c, k0, &f);
    inv_hdz_final_milk_second(c, k0, &f);
    inv_hdz_final_milk_tie(c, k0, &f);
    final_scores(c, k0, s, &f, scores);
    inv_hdz_final_winner(c, k0, s, scores, winners);
}

/* ---- GEN-HIDDEN-INFO: what a seat sees ------------------------------------------------ */

/* Open to every seat: the table (meadow, marks, displays, box, goats and stables), the pile's
 * height, whose turn it is and what was played, and the hand cards a seat had to reveal
 * (HDZ-SCORE-FIFTH-HAND: "de geitenkaart tonen"). Hidden: the pile's cards and order, the other
 * seats' unrevealed hand cards (how many they hold shows), the generator of later shuffles. */
_Static_assert(sizeof(hdz_state) == 872, "a new hdz_state field: say in hdz_open whether every seat sees it");
#define OPEN(f, name) INV_FIELD(hdz_state, f, name)
static const inv_field hdz_open[] = {
    OPEN(readings, "readings"), OPEN(players, "players"), OPEN(n, "meadow side"), OPEN(phase, "phase"),
    OPEN(turn, "turn"), OPEN(decider, "decider"), OPEN(played, "played"), OPEN(ending, "ending"),
    OPEN(refused, "refused"), OPEN(pend_from, "pending"), OPEN(pend_to, "pending"), OPEN(pile_len, "pile height"),
    OPEN(pad0, "pad0"), OPEN(goat, "goats"), OPEN(stable, "stables"), OPEN(supply, "supply"), OPEN(owner, "owner"),
    OPEN(cell, "meadow"), OPEN(mark, "marks"), OPEN(display, "displays"), OPEN(box, "box"), OPEN(remind, "reminders"),
    OPEN(shown, "shown"),
};
#undef OPEN

static int revealed(const hdz_state *s, int q, int x) { return x != NO && (s->shown[q][0] == x || s->shown[q][1] == x); }

static int hdz_view_differs(const void *va, const void *vb, int v, char *why, int n)
{
    const hdz_state *a = va, *b = vb;
    const char *f = inv_fields_differ(hdz_open, (int)(sizeof hdz_open / sizeof hdz_open[0]), a, b);
    if (f) { snprintf(why, (size_t)n, "the open field '%s'", f); return 1; }
    if (a->players > HDZ_MAXP || a->pile_len > HDZ_CARDS) { snprintf(why, (size_t)n, "a state out of bounds"); return 1; }
    int unseen[256] = {0};                             /* cards v cannot see: a's counted up, b's down */
    for (int q = 0; q < a->players; q++) {
        if (q == v) {
            if (memcmp(a->hand[q], b->hand[q], 2) != 0) {
                snprintf(why, (size_t)n, "%s's own hand (%s,%s, then %s,%s)", sn(q).s, kn(a->hand[q][0]).s,
                         kn(a->hand[q][1]).s, kn(b->hand[q][0]).s, kn(b->hand[q][1]).s);
                return 1;
            }
            continue;
        }
        int ha = (a->hand[q][0] != NO) + (a->hand[q][1] != NO), hb = (b->hand[q][0] != NO) + (b->hand[q][1] != NO);
        if (ha != hb) { snprintf(why, (size_t)n, "%s holds %d card(s), then %d", sn(q).s, ha, hb); return 1; }
        for (int i = 0; i < 2; i++) {
            int x = a->shown[q][i];
            if (x != NO && has_card(a, q, x) != has_card(b, q, x)) {
                snprintf(why, (size_t)n, "%s's revealed %s (HDZ-SCORE-FIFTH-HAND)", sn(q).s, kn(x).s);
                return 1;
            }
            if (a->hand[q][i] != NO && !revealed(a, q, a->hand[q][i])) unseen[a->hand[q][i]]++;
            if (b->hand[q][i] != NO && !revealed(b, q, b->hand[q][i])) unseen[b->hand[q][i]]--;
        }
    }
    for (int i = 0; i < a->pile_len; i++) { unseen[a->pile[i]]++; unseen[b->pile[i]]--; }
    if (memcmp(a->pile + a->pile_len, b->pile + a->pile_len, HDZ_CARDS - a->pile_len) != 0) {
        snprintf(why, (size_t)n, "the pile beyond its height");
        return 1;
    }
    for (int x = 0; x < 256; x++)
        if (unseen[x]) {
            snprintf(why, (size_t)n, "the unseen cards (%d more %s)", unseen[x] > 0 ? unseen[x] : -unseen[x], kn(x).s);
            return 1;
        }
    return 0;
}

/* The other seats' unrevealed hand cards and the pile's cards, shuffled and dealt back (hands
 * ascending, as many cards as before, a revealed card staying where it is); a new generator. */
static void hdz_mix_unseen(void *vs, int v, uint64_t seed)
{
    hdz_state *s = vs;
    uint8_t pool[HDZ_CARDS + 2 * HDZ_MAXP];
    int np = 0, k = 0;
    if (s->players > HDZ_MAXP || s->pile_len > HDZ_CARDS) return;
    for (int q = 0; q < s->players; q++)
        for (int i = 0; i < 2 && q != v; i++)
            if (s->hand[q][i] != NO && !revealed(s, q, s->hand[q][i])) pool[np++] = s->hand[q][i];
    for (int i = 0; i < s->pile_len; i++) pool[np++] = s->pile[i];
    inv_shuffle(pool, np, &seed);
    for (int q = 0; q < s->players; q++) {
        if (q == v) continue;
        uint8_t h[2] = {NO, NO};
        int m = 0;
        for (int i = 0; i < 2; i++)
            if (s->hand[q][i] != NO) h[m++] = revealed(s, q, s->hand[q][i]) ? s->hand[q][i] : pool[k++];
        if (h[1] < h[0]) { uint8_t t = h[0]; h[0] = h[1]; h[1] = t; }
        memcpy(s->hand[q], h, 2);
    }
    for (int i = 0; i < s->pile_len; i++) s->pile[i] = pool[k++];
    s->rng = inv_rng_next(&seed);
}

/* Invariants of every reachable position, judged on one state (a loaded [Position]); each
 * message names the position field. */
static void hdz_check_position(inv_ctx *c, int k0, const void *st)
{
    const hdz_state *s = st;
    if (!inv_hdz_setup_players(c, k0, s) || !sane(s)) return;
    inv_hdz_legal_set(c, k0, s);
    /* a small goat lies only on a card of a type its seat owns (HDZ-SCORE-MAJORITY8, -FOURTH) */
    int k = k0 + K_SCORE_MAJORITY8;
    inv_applied(c, k);
    for (int i = 0; i < HDZ_CELLS; i++) {
        if (!in_meadow(s->n, i) || s->mark[i] == NO) continue;
        int t = is_goat(s->cell[i]) ? HDZ_TYPE(s->cell[i]) : -1;
        if (t < 0 || s->owner[t] != s->mark[i]) {
            inv_fail(c, k, "meadow: %s (%s) carries P%d's small goat, but 'owner' gives type %c to %s", cn(i).s,
                     kn(s->cell[i]).s, s->mark[i] + 1, t < 0 ? '?' : 'A' + t, t < 0 ? "nobody" : sn(s->owner[t]).s);
            return;
        }
    }
    /* HDZ-SETUP-STABLES: "10 kleine houten geiten": each in the stable, on a meadow card or
     * waiting as a reminder (HDZ-SCORE-REMINDER), never more, never fewer */
    k = k0 + K_SETUP_STABLES;
    inv_applied(c, k);
    for (int q = 0; q < s->players && !supply_unlimited(s->readings); q++) {
        int on = marks_of(s, q), rem = 0;
        for (int t = 0; t < HDZ_TYPES; t++) if (s->owner[t] == q) rem += s->remind[t];
        if (s->supply[q] + on + rem != HF.small_goats) {
            inv_fail(c, k, "supply: P%d has %d small goats in the stable ('supply' says %d) and %d on meadow cards%s; "
                     "together they must be %d", q + 1, s->supply[q], s->supply[q], on, rem ? " and reminders" : "",
                     HF.small_goats);
            return;
        }
    }
    /* HDZ-TURN-PHASES: a turn's phases in their order. The played card comes with phase take and what
     * follows it; a dog move follows a played dog; the game is over only by an end condition, at
     * once under end=immediate, else after the turn, whose dog move alone may still come (an end
     * by a dog's move ends the game with that move) */
    k = k0 + K_TURN_PHASES;
    inv_applied(c, k);
    int imm = (s->readings & HDZ_R_END_IMMEDIATE) != 0;
    if ((s->phase == HDZ_PH_PLAY || s->phase == HDZ_PH_REDRAW) && s->played != NO) {
        inv_fail(c, k, "played: %s before any card of the turn is played (phase %s)", kn(s->played).s, s->phase == HDZ_PH_PLAY ? "play" : "redraw");
        return;
    }
    if ((s->phase == HDZ_PH_DOG || s->phase == HDZ_PH_AGREE) && s->played != HDZ_DOG) {
        inv_fail(c, k, "phase: a dog move or its agreement after %s, not after a dog", s->played == NO ? "no played card" : kn(s->played).s);
        return;
    }
    if (s->phase == HDZ_PH_OVER && s->ending == HDZ_END_NO) {
        inv_fail(c, k, "phase: the game is over with no end condition met (ending=no)");
        return;
    }
    if (s->ending != HDZ_END_NO && s->phase != HDZ_PH_OVER &&
        (imm || s->ending == HDZ_END_DOG || (s->phase != HDZ_PH_DOG && s->phase != HDZ_PH_AGREE))) {
        inv_fail(c, k, "ending: an end condition met, yet the game goes on in phase %s%s", s->phase == HDZ_PH_PLAY ? "play" :
                 s->phase == HDZ_PH_TAKE ? "take" : s->phase == HDZ_PH_DOG ? "dog" : s->phase == HDZ_PH_AGREE ? "agree" : "redraw",
                 imm ? " under end=immediate" : "");
        return;
    }
    /* a refusal (HDZ-DOG-SWAP-AGREE) belongs to its turn's dog move: after it the seat chooses again
     * (phase dog, refused=choose-again) or the turn ends, and the next turn starts with none; only the
     * turn that ended the game keeps it, after its played dog */
    if (s->refused && !(s->phase == HDZ_PH_DOG && !(s->readings & HDZ_R_REFUSED_LOST)) &&
        !(s->phase == HDZ_PH_OVER && s->played == HDZ_DOG)) {
        inv_fail(c, k, "refused: a refused swap in phase %s%s; it stands only in the dog phase that follows it "
                 "(refused=choose-again) or at the end of the game's last turn", s->phase == HDZ_PH_PLAY ? "play" :
                 s->phase == HDZ_PH_TAKE ? "take" : s->phase == HDZ_PH_DOG ? "dog" : s->phase == HDZ_PH_AGREE ? "agree" :
                 s->phase == HDZ_PH_REDRAW ? "redraw" : "over", s->phase == HDZ_PH_DOG ? " under refused=lost" : "");
        return;
    }
    /* HDZ-TURN-PLAY: the played card lies open in front of its player */
    k = k0 + K_TURN_PLAY;
    inv_applied(c, k);
    if (s->played != NO && s->phase != HDZ_PH_OVER && (s->played >= HDZ_CODES || s->display[s->turn][s->played] == 0)) {
        inv_fail(c, k, "played: %s is not in %s's display", kn(s->played).s, sn(s->turn).s);
        return;
    }
    /* HDZ-SETUP-HAND: a turn starts with two cards in every hand */
    k = k0 + K_SETUP_HAND;
    inv_applied(c, k);
    if (s->phase == HDZ_PH_PLAY)
        for (int q = 0; q < s->players; q++)
            if (s->hand[q][0] == NO || s->hand[q][1] == NO) {
                inv_fail(c, k, "hands: P%d holds %d card(s) at the start of a turn (phase=play); every hand holds 2",
                         q + 1, (s->hand[q][0] != NO) + (s->hand[q][1] != NO));
                return;
            }
}

/* HDZ-CARDS-121 on one state, for GEN-HIDDEN-INFO's check of the engine's determinize. */
static void hdz_check_material(inv_ctx *c, int k0, const void *st)
{
    inv_hdz_cards_121(c, k0, (const hdz_state *)st);
}

const inv_game inv_hdz_game = {
    "hdz", hdz_clauses, K_N, hdz_check_setup, hdz_check_step, hdz_check_final, hdz_check_position,
    hdz_view_differs, hdz_mix_unseen,
    hdz_check_material,
    inv_hdz_facts,
};
