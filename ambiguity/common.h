/* common.h: what `rulefuzz diff` and `rulefuzz report ambiguities` share: options, the sides of a
 * comparison, SPEC.md's entries, Markdown-to-HTML text (rf_ prefix). */
#ifndef RULEFUZZ_AMB_COMMON_H
#define RULEFUZZ_AMB_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include "../rules/game.h"

/* Options of diff and report. */
typedef struct rf_amb_opts {
    long games;             /* diff: lockstep games; report: paired games per comparison, policy and block */
    int players;            /* 0: every player count in turn */
    uint64_t seed;
    const char *out, *spec;
    const char *site;       /* report: the report site (coverage/site.h); NULL: out */
    const char *policies;   /* the policies the impact measures are played with */
    long impact_games;      /* diff: paired games per comparison and policy (0: min(games, 2000)) */
    long skill_games;       /* report: mixed games per reading for the skill gap (0: as games) */
    int jobs;
    int blocks;             /* report: 2 plays a replication block beside the discovery block, 1 not */
} rf_amb_opts;

/* The options of `cmd` ("diff" or "report ambiguities") from argv[0..argc) (cli/opts.h), positional
 * arguments into pos[0..cap), their count in *got (min_pos to max_pos). 0, 1 (--help printed), or -1
 * (one line on stderr). */
int rf_amb_opts_parse(const char *cmd, const char *args, const char *about, int min_pos, int max_pos, int argc, char **argv,
                      rf_amb_opts *o, const char **pos, int cap, int *got);
/* The players option against the game's range: 0, or -1 with one line on stderr. */
int rf_amb_players_ok(const char *cmd, const game_engine *g, int players);

/* One side of a comparison: "nl", "nl,key=reading,...", or "key=reading,..." (on the first profile). */
typedef struct rf_side {
    char profile[32], readings[256];
    char text[320];         /* as a record's tags write it: "nl" or "nl,milk-round=up" */
    uint32_t r;
} rf_side;
int rf_side_parse(const game_engine *g, const char *spec, rf_side *s, char *err, size_t errlen);

/* The body of "### ID" in spec (up to the next heading), or NULL. Points into spec. */
const char *rf_spec_entry(const char *spec, const char *id, size_t *len);

/* Markdown text as HTML: `code`, **bold**, *emphasis*, and <, >, & escaped. */
void rf_html_text(FILE *f, const char *s, size_t n);
/* A SPEC.md entry's bullet items as an HTML list (sub-bullets kept as lines). */
void rf_html_spec_items(FILE *f, const char *body, size_t len);
/* A block of preformatted text. */
void rf_html_pre(FILE *f, const char *s);

/* A Markdown page (the subset the reports and SPEC.md write: headings, paragraphs, lists with one
 * level of sub-items, tables, fenced code, `code`, **bold**, *emphasis*, [links](target), raw HTML
 * lines) as a whole HTML page with its title, linking the stylesheet at css_href. With spec set
 * (SPEC.md), every heading and every paragraph opening with a bold clause ID ("**GEN-ROUNDTRIP**")
 * carries its anchor (rf_site_slug). */
void rf_md_to_html(FILE *f, const char *md, const char *title, const char *css_href, int spec);

/* Create a directory and its parents: 1, or 0 when it cannot. */
int rf_mkdirs(const char *path);

/* "P1 27, P2 13 (wins)" into out. */
void rf_scores_text(char *out, size_t n, const int *sc, unsigned winners, int players);

#endif
