#!/usr/bin/env bash
# reports-index.sh (make campaign's report step, make mutation-viewer): $BUILD/reports/index.html, the
# page that links every game's reports that exist: clause and rule-text coverage, the ambiguity report
# and its witnesses, make mutate's scores and the mutation viewer's page, make coverage's lcov and
# clause pages, and SPEC.html; what is not made yet is named with the target that makes it. The clause
# pages' own index (rulefuzz coverage writes one) listed only the game written last (the campaign runs
# rulefuzz coverage once per game), so it goes.
#   From the Makefile: BUILD GAMES
set -eu
cd "$(dirname "$0")/.."
R=$BUILD/reports
mkdir -p "$R"
rm -f "$R/clauses/index.html"
# link PATH TEXT [HOW]: a link to $R/PATH, or TEXT greyed with what makes it
link() { if [ -e "$R/$1" ]; then printf '<a href="%s">%s</a>' "$1" "$2"; else printf '<span class="none">%s: not made%s</span>' "$2" "${3:+ ($3)}"; fi; }
{
  printf '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">\n'
  printf '<title>rulefuzz reports</title>\n<link rel="stylesheet" href="report.css"></head><body>\n'
  printf '<h1>rulefuzz reports</h1>\n<p>Written on %s (by <code>make campaign</code> or <code>make mutation-viewer</code>). The clauses and register entries: ' "$(date -u '+%Y-%m-%d %H:%M UTC')"
  printf '%s (SPEC.md with an anchor per ID; every report links into it).</p>\n' "$(link SPEC.html "the clause catalogue")"
  printf '<table><thead><tr><th>game</th><th>clause and case coverage</th><th>rule-text coverage</th><th>ambiguities</th><th>witness records</th><th>mutation scores</th><th>mutants in the viewer</th></tr></thead><tbody>\n'
  for g in $GAMES; do
    printf '<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n' "$g" \
      "$(link "clauses/$g.html" "clauses")" "$(link "textcov/$g.html" "texts")" \
      "$(link "ambiguities-$g.html" "report")" "$(link "witnesses-$g" "records")" \
      "$(link "../mutate/$g.html" "scores" "make mutate")" "$(link "mutation-$g.html" "viewer" "make mutation-viewer")"
  done
  printf '</tbody></table>\n<h2>Made by other targets</h2>\n<ul>\n'
  for x in "../coverage/lcov/index.html:line and branch coverage (make coverage)" \
           "../coverage/clauses/index.html:clause coverage of make coverage's run"; do
    p=${x%%:*}; t=${x#*:}
    if [ -e "$R/$p" ]; then printf '<li><a href="%s">%s</a></li>\n' "$p" "$t"; else printf '<li class="none">%s: not made yet</li>\n' "$t"; fi
  done
  printf '</ul>\n</body></html>\n'
} > "$R/index.html"
