#!/usr/bin/env bash
# campaign-reports.sh (make campaign, after fuzz/campaign.sh): the reports of a campaign, under
# $BUILD/reports: the clause and case coverage of every game's seeds and what the campaign kept
# (rulefuzz inputs + rulefuzz coverage, HTML and JSON), the rule-text coverage of every text, and
# the ambiguity report of every game; and the index that links them all ($BUILD/reports/index.html).
# Every page links the one stylesheet and SPEC.md rendered with an anchor per clause, both written
# into $BUILD/reports by the first command (--site; coverage/site.h). Exits 1 when a step failed;
# every step runs regardless.
#   From the Makefile: BUILD GAMES REPORT_GAMES REPORT_POLICIES REPORT_JOBS
set -u
cd "$(dirname "$0")/.."
status=0
R=$BUILD/reports
mkdir -p "$R"; rm -f "$R"/campaign-*.counts
for g in $GAMES; do
  echo; echo "== clause coverage of the $g campaign corpus (seeds and everything the campaign kept)"
  # shellcheck disable=SC2046
  q=$(ls -d "$BUILD/fuzz/$g/corpus" "$BUILD"/fuzz/"$g"/afl/*/queue 2>/dev/null)
  # shellcheck disable=SC2086
  "$BUILD/rulefuzz" inputs "$g" "corpus/$g" $q --quiet --counts "$R/campaign-$g.counts" || status=1
  "$BUILD/rulefuzz" coverage "$g" --counts "$R/campaign-$g.counts" --html "$R/clauses" --site "$R" --json-file "$R/clauses-$g.json" || status=1
done
echo; echo "== rule-text coverage of every game's texts (rulefuzz textcov)"
# shellcheck disable=SC2086
"$BUILD/rulefuzz" textcov $GAMES --quiet --html "$R/textcov" --site "$R" --json-file "$R/textcov.json" | grep -aE '^rule-text|\.txt|gate|error' || true
for g in $GAMES; do
  echo; echo "== ambiguity report for $g ($REPORT_GAMES paired games per comparison, policy ($REPORT_POLICIES) and block)"
  "$BUILD/rulefuzz" report ambiguities "$g" --games "$REPORT_GAMES" --policy "$REPORT_POLICIES" --jobs "$REPORT_JOBS" \
    --out "$R" --site "$R" || status=1
done
# make mutate's results in the open mutation-testing report schema, checked and shown in the
# mutation-testing-elements viewer, when make mutation-viewer installed it (docs/mutation.md)
V=$BUILD/mutation-viewer
rm -f "$R"/mutation-*.html
if ls "$BUILD"/mutate/*/mutation-report.json > /dev/null 2>&1; then
  if [ -d "$V/node_modules" ]; then echo; echo "== mutation viewer pages"; node coverage/mutation-viewer/site.mjs "$V" "$BUILD/mutate" "$R" || status=1
  else echo; echo "== mutation viewer: not installed (make mutation-viewer shows make mutate's results in it)"; fi
fi
# One page that links every report of every game ($R/index.html); the clause pages' own index listed
# only the game written last (rulefuzz coverage runs once per game here), so it goes.
rm -f "$R/clauses/index.html"
# link PATH TEXT [HOW]: a link to $R/PATH, or TEXT greyed with what makes it
link() { if [ -e "$R/$1" ]; then printf '<a href="%s">%s</a>' "$1" "$2"; else printf '<span class="none">%s: not made%s</span>' "$2" "${3:+ ($3)}"; fi; }
{
  printf '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">\n'
  printf '<title>rulefuzz reports</title>\n<link rel="stylesheet" href="report.css"></head><body>\n'
  printf '<h1>rulefuzz reports</h1>\n<p>Made by <code>make campaign</code> on %s. The clauses and register entries: ' "$(date -u '+%Y-%m-%d %H:%M UTC')"
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
} > "$R/index.html" || status=1
echo; echo "== reports: $R/index.html"
for g in $GAMES; do
  echo "  clause coverage:  $R/clauses/$g.html"
  echo "  rule-text:        $R/textcov/$g.html"
  echo "  ambiguities:      $R/ambiguities-$g.html"
done
exit $status
