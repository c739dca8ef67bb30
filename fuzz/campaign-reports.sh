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
# One page that links every report of every game ($R/index.html; fuzz/reports-index.sh)
BUILD=$BUILD GAMES=$GAMES bash fuzz/reports-index.sh || status=1
echo; echo "== reports: $R/index.html"
for g in $GAMES; do
  echo "  clause coverage:  $R/clauses/$g.html"
  echo "  rule-text:        $R/textcov/$g.html"
  echo "  ambiguities:      $R/ambiguities-$g.html"
done
exit $status
