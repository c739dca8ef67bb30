/* common.c: what `rulefuzz diff` and `rulefuzz report ambiguities` share: options, sides, SPEC.md, HTML. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "common.h"
#include "../coverage/site.h"
#include "../cli/opts.h"
#include "../cli/escape.h"

int rf_amb_opts_parse(const char *cmd, const char *args, const char *about, int min_pos, int max_pos, int argc, char **argv,
                      rf_amb_opts *o, const char **pos, int cap, int *got)
{
    int report = !strcmp(cmd, "report ambiguities");
    long games = o->games, impact = o->impact_games, skill = o->skill_games, players = o->players, jobs = o->jobs, blocks = o->blocks;
    rf_opt all[] = {
        {"games", RF_OPT_LONG, &games, 1, 10000000, "N", report ? "paired games per comparison, policy and block" : "lockstep games", NULL},
        {"impact-games", RF_OPT_LONG, &impact, 1, 10000000, "N", report ? NULL : "paired games per comparison and policy (--policy)", NULL},
        {"players", RF_OPT_LONG, &players, 1, GAME_MAX_PLAYERS, "P", "the players at the table (default: every count in turn)", NULL},
        {"seed", RF_OPT_U64, &o->seed, 0, 0, "S", "where the deals start", NULL},
        {"out", RF_OPT_STR, &o->out, 0, 0, "DIR", report ? "where the report goes (build/reports)" : "where the witness records go (build/diff)", NULL},
        {"policy", RF_OPT_STR, &o->policies, 0, 0, "LIST", "comma-separated: random, greedy, sensible, mc:N[:D]", NULL},
        {"policies", RF_OPT_STR, &o->policies, 0, 0, "LIST", NULL, NULL},
        {"jobs", RF_OPT_LONG, &jobs, 1, 64, "J", "processes", NULL},
        {"spec", RF_OPT_STR, &o->spec, 0, 0, "FILE", "SPEC.md (the texts are read from rules/texts beside it)", NULL},
        {"site", RF_OPT_STR, &o->site, 0, 0, "DIR", report ? "the report site: report.css and SPEC.html (default: --out)" : NULL, NULL},
        {"skill-games", RF_OPT_LONG, &skill, 1, 10000000, "N", "games per reading for the skill gap (default: as --games)", NULL},
        {"blocks", RF_OPT_LONG, &blocks, 1, 2, "B", "2: replay what is marked on a second block of deals", NULL},
    };
    int n = report ? (int)(sizeof all / sizeof *all) : 8;
    if (report) all[1].help = NULL;             /* --impact-games: the old name of --games */
    rf_cmd_spec spec = {cmd, args, about, min_pos, max_pos, all, n, NULL};
    int rc = rf_opts_parse(&spec, argc, argv, pos, cap, got);
    if (rc) return rc > 0 ? 1 : -1;
    o->games = games; o->impact_games = impact; o->skill_games = skill;
    o->players = (int)players; o->jobs = (int)jobs; o->blocks = (int)blocks;
    return 0;
}

int rf_amb_players_ok(const char *cmd, const game_engine *g, int players)
{
    if (players && (players < g->min_players || players > g->max_players)) {
        fprintf(stderr, "rulefuzz %s: --players takes a whole number from %d to %d for %s, not '%d' (see 'rulefuzz %s --help')\n",
                cmd, g->min_players, g->max_players, g->name, players, cmd);
        return -1;
    }
    return 0;
}

int rf_side_parse(const game_engine *g, const char *spec, rf_side *s, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    const char *comma = strchr(spec, ',');
    size_t first = comma ? (size_t)(comma - spec) : strlen(spec);
    if (memchr(spec, '=', first)) {
        snprintf(s->profile, sizeof s->profile, "%s", g->profiles[0].name);
        snprintf(s->readings, sizeof s->readings, "%s", spec);
    } else {
        snprintf(s->profile, sizeof s->profile, "%.*s", (int)(first < 31 ? first : 31), spec);
        snprintf(s->readings, sizeof s->readings, "%s", comma ? comma + 1 : "");
    }
    snprintf(s->text, sizeof s->text, "%s%s%s", s->profile, s->readings[0] ? "," : "", s->readings);
    return game_readings_parse(g, s->profile, s->readings, &s->r, err, errlen);
}

const char *rf_spec_entry(const char *spec, const char *id, size_t *len)
{
    char head[96];
    snprintf(head, sizeof head, "\n### %s\n", id);
    const char *p = spec ? strstr(spec, head) : NULL;
    if (!p) return NULL;
    p += strlen(head);
    const char *e = p;
    while (*e && !(e[0] == '\n' && e[1] == '#')) e++;
    *len = (size_t)(e - p);
    return p;
}

/* 1 when a single '*' at s[i] opens an emphasis that closes later on the same line. */
static int opens_emphasis(const char *s, size_t i, size_t n)
{
    if (i + 1 >= n || s[i + 1] == ' ' || s[i + 1] == '*' || s[i + 1] == '\n') return 0;
    for (size_t j = i + 2; j < n && s[j] != '\n'; j++)
        if (s[j] == '*' && s[j - 1] != ' ' && (j + 1 >= n || s[j + 1] != '*')) return 1;
    return 0;
}

void rf_html_text(FILE *f, const char *s, size_t n)
{
    int code = 0, bold = 0, em = 0;
    for (size_t i = 0; i < n; i++) {
        char ch = s[i];
        if (ch == '`') { fputs(code ? "</code>" : "<code>", f); code = !code; }
        else if (!code && ch == '*' && i + 1 < n && s[i + 1] == '*') { fputs(bold ? "</b>" : "<b>", f); bold = !bold; i++; }
        else if (!code && ch == '*' && (em || opens_emphasis(s, i, n))) { fputs(em ? "</i>" : "<i>", f); em = !em; }
        else rf_html_esc(f, &s[i], 1);
    }
    if (code) fputs("</code>", f);
    if (em) fputs("</i>", f);
    if (bold) fputs("</b>", f);
}

void rf_html_spec_items(FILE *f, const char *body, size_t len)
{
    fputs("<ul class=\"spec\">", f);
    const char *p = body, *end = body + len;
    int open = 0;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
        if (l >= 2 && p[0] == '-' && p[1] == ' ') {
            if (open) fputs("</li>", f);
            fputs("<li>", f); rf_html_text(f, p + 2, l - 2); open = 1;
        } else if (l > 0 && open) {
            const char *q = p;
            while (q < p + l && *q == ' ') q++;
            if (q + 1 < p + l && q[0] == '-' && q[1] == ' ') { fputs("<br>&bull; ", f); rf_html_text(f, q + 2, (size_t)(p + l - q - 2)); }
            else { fputc(' ', f); rf_html_text(f, q, (size_t)(p + l - q)); }
        }
        p += l + 1;
    }
    if (open) fputs("</li>", f);
    fputs("</ul>\n", f);
}

void rf_html_pre(FILE *f, const char *s)
{
    fputs("<pre>", f);
    rf_html_cstr(f, s);
    fputs("</pre>", f);
}

int rf_mkdirs(const char *path)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') { *p = 0; mkdir(tmp, 0755); *p = '/'; }
    return mkdir(tmp, 0755) == 0 || errno == EEXIST;
}

void rf_scores_text(char *out, size_t n, const int *sc, unsigned winners, int players)
{
    size_t len = 0;
    out[0] = 0;
    for (int p = 0; p < players && len < n; p++)
        len += (size_t)snprintf(out + len, n - len, "%sP%d %d%s", p ? ", " : "", p + 1, sc[p], (winners >> p) & 1 ? " (wins)" : "");
}

/* Inline Markdown: rf_html_text plus links [text](target). */
static void html_inline(FILE *f, const char *s, size_t n)
{
    size_t i = 0, from = 0;
    while (i < n) {
        if (s[i] == '[') {
            const char *close = memchr(s + i, ']', n - i);
            if (close && (size_t)(close - s) + 1 < n && close[1] == '(') {
                const char *end = memchr(close, ')', n - (size_t)(close - s));
                if (end) {
                    rf_html_text(f, s + from, i - from);
                    fputs("<a href=\"", f);
                    rf_html_text(f, close + 2, (size_t)(end - close - 2));
                    fputs("\">", f);
                    rf_html_text(f, s + i + 1, (size_t)(close - s - (long)i - 1));
                    fputs("</a>", f);
                    i = from = (size_t)(end - s) + 1;
                    continue;
                }
            }
        }
        i++;
    }
    rf_html_text(f, s + from, n - from);
}

/* The cells of a table row "| a | b |" (pipes inside `code` kept). */
static int row_cells(const char *s, size_t n, size_t *off, size_t *len, int max)
{
    int k = 0, code = 0;
    size_t i = 0, start = 1;
    while (i < n && s[i] == ' ') i++;
    if (i < n && s[i] == '|') i++;
    start = i;
    for (; i <= n && k < max; i++) {
        if (i < n && s[i] == '`') code = !code;
        if (i == n || (s[i] == '|' && !code)) {
            size_t a = start, b = i;
            while (a < b && s[a] == ' ') a++;
            while (b > a && s[b - 1] == ' ') b--;
            if (i == n && a == b) break;
            off[k] = a; len[k] = b - a; k++;
            start = i + 1;
        }
    }
    return k;
}

/* A clause ID at the head of a paragraph, "**GEN-DETERMINISM** ...": its length, or 0. */
static size_t bold_id(const char *p, size_t l)
{
    if (l < 6 || p[0] != '*' || p[1] != '*') return 0;
    size_t i = 2;
    while (i < l && ((p[i] >= 'A' && p[i] <= 'Z') || (p[i] >= '0' && p[i] <= '9') || p[i] == '-')) i++;
    return i + 1 < l && i > 4 && p[i] == '*' && p[i + 1] == '*' && memchr(p + 2, '-', i - 2) ? i - 2 : 0;
}

void rf_md_to_html(FILE *f, const char *md, const char *title, const char *css_href, int spec)
{
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
               "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>");
    rf_html_text(f, title, strlen(title));
    fputs("</title>\n<link rel=\"stylesheet\" href=\"", f);
    rf_html_esc(f, css_href, strlen(css_href));
    fprintf(f, "\"></head><body%s>\n", spec ? " class=\"spec\"" : "");
    const char *p = md;
    int in_list = 0, in_table = 0, in_code = 0, in_para = 0, sub = 0;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t l = nl ? (size_t)(nl - p) : strlen(p);
        const char *next = nl ? nl + 1 : p + l;
        if (in_code) {
            if (l >= 3 && !strncmp(p, "```", 3)) { fputs("</pre>\n", f); in_code = 0; }
            else { rf_html_esc(f, p, l); fputc('\n', f); }
            p = next;
            continue;
        }
        int is_item = l >= 2 && p[0] == '-' && p[1] == ' ';
        int is_sub = l >= 4 && !strncmp(p, "  - ", 4);
        int is_row = l >= 1 && p[0] == '|';
        if (in_para && (l == 0 || is_item || is_row || p[0] == '#' || p[0] == '<' || !strncmp(p, "```", 3))) { fputs("</p>\n", f); in_para = 0; }
        if (in_list && !is_item && !is_sub && !(l > 0 && p[0] == ' ')) { if (sub) fputs("</ul>", f); fputs("</li></ul>\n", f); in_list = 0; sub = 0; }
        if (in_table && !is_row) { fputs("</table>\n", f); in_table = 0; }
        if (l == 0) { p = next; continue; }
        if (!strncmp(p, "```", 3)) { fputs("<pre>", f); in_code = 1; }
        else if (p[0] == '#') {
            int h = 0;
            while ((size_t)h < l && p[h] == '#') h++;
            if (spec) {                     /* the heading's anchor, as GitHub makes it (coverage/site.h) */
                char slug[256];
                rf_site_slug(p + h + 1, l - (size_t)h - 1, slug, sizeof slug);
                fprintf(f, "<h%d id=\"%s\">", h, slug);
            } else fprintf(f, "<h%d>", h);
            html_inline(f, p + h + 1, l - (size_t)h - 1);
            fprintf(f, "</h%d>\n", h);
        } else if (p[0] == '<') {
            fwrite(p, 1, l, f);             /* raw HTML: anchors, the witness panels */
            fputc('\n', f);
        } else if (is_row) {
            size_t off[32], len[32];
            int k = row_cells(p, l, off, len, 32);
            int sep = k > 0 && len[0] >= 3 && p[off[0]] == '-' && p[off[0] + 1] == '-';
            if (!sep) {
                int head = !in_table;
                if (!in_table) { fputs("<table>\n", f); in_table = 1; }
                fputs("<tr>", f);
                for (int i = 0; i < k; i++) {
                    fputs(head ? "<th>" : "<td>", f);
                    html_inline(f, p + off[i], len[i]);
                    fputs(head ? "</th>" : "</td>", f);
                }
                fputs("</tr>\n", f);
            }
        } else if (is_item) {
            if (!in_list) { fputs("<ul>\n", f); in_list = 1; }
            else { if (sub) { fputs("</ul>", f); sub = 0; } fputs("</li>\n", f); }
            fputs("<li>", f);
            html_inline(f, p + 2, l - 2);
        } else if (is_sub && in_list) {
            if (!sub) { fputs("<ul>", f); sub = 1; } else fputs("</li>", f);
            fputs("<li>", f);
            html_inline(f, p + 4, l - 4);
        } else if (in_list) {
            fputc(' ', f);
            html_inline(f, p, l);
        } else {
            size_t idl = spec && !in_para ? bold_id(p, l) : 0;
            if (idl) {                      /* a clause stated as a paragraph (GEN-): its own anchor */
                char slug[128];
                rf_site_slug(p + 2, idl, slug, sizeof slug);
                fprintf(f, "<p id=\"%s\">", slug);
                in_para = 1;
            } else if (!in_para) { fputs("<p>", f); in_para = 1; } else fputc(' ', f);
            html_inline(f, p, l);
        }
        p = next;
    }
    if (in_para) fputs("</p>\n", f);
    if (in_list) { if (sub) fputs("</ul>", f); fputs("</li></ul>\n", f); }
    if (in_table) fputs("</table>\n", f);
    if (in_code) fputs("</pre>\n", f);
    fputs("</body></html>\n", f);
}
