#!/usr/bin/env bash
# site-check.sh (make site-check, and make check's site step): the reports as one site, checked.
# Writes a small site with the campaign's own script (fuzz/campaign-reports.sh: every game's clause
# page from its seeds, the rule-text pages, an ambiguity report of ten games a comparison for the
# games in SITE_GAMES), an alignment page and make check's mutation smoke results, then checks every page:
#   - it links the one stylesheet (a <link> to a report.css that exists) and has no <style> of its own;
#   - every link into SPEC.html names an anchor SPEC.html has (id="..."), and SPEC.html has an anchor
#     for every clause and register entry ID of every game (rulefuzz clauses);
#   - every "first input" link opens a game record that rulefuzz replay reads;
#   - every relative link of the index leads to a file;
#   - the mutation results validate against the mutation-testing report schema (site.mjs), and the
#     viewer page is written;
#   - where Chromium is installed, the index and the viewer page do not render blank (tests/screenshot.sh);
# and that each check fails on a page broken on purpose. Exit 1 on the first failure.
#   From the Makefile: BUILD GAMES SITE_GAMES VIEWER MUTATE_SMOKE
set -u
cd "$(dirname "$0")/.." || exit 2
S=$BUILD/site-check
R=$S/reports
fail() { echo "FAILED: $*"; exit 1; }
rm -rf "$S"; mkdir -p "$S"
ln -s "$(realpath "$BUILD/rulefuzz")" "$S/rulefuzz"
[ -d "$VIEWER/node_modules" ] && ln -s "$(realpath "$VIEWER")" "$S/mutation-viewer"
if [ -f "$MUTATE_SMOKE/kk/mutation-report.json" ]; then
  mkdir -p "$S/mutate"; cp -r "$MUTATE_SMOKE/kk" "$S/mutate/"
  "$BUILD/rulefuzz" mutate kk --report-only --clauses "$SMOKE_CLAUSE" --max "$SMOKE_MUTANTS" --out "$S/mutate" --site "$R" \
    --quiet > "$S/mutate.log" 2>&1 || { cat "$S/mutate.log"; fail "rulefuzz mutate --report-only"; }
fi
BUILD=$S GAMES="$SITE_GAMES" REPORT_GAMES=10 REPORT_POLICIES=random REPORT_JOBS=1 bash fuzz/campaign-reports.sh > "$S/reports.log" 2>&1 \
  || { tail -20 "$S/reports.log"; fail "fuzz/campaign-reports.sh"; }
"$BUILD/rulefuzz" align hdz nl en --html "$R/align" --site "$R" --quiet > /dev/null || fail "rulefuzz align hdz nl en --html"

# The stylesheet link of a page: 0 when it links an existing report.css and has no <style>.
links_css() {
  local page=$1 href
  href=$(grep -o '<link rel="stylesheet" href="[^"]*"' "$page" | head -1 | sed 's/.*href="//; s/"$//')
  [ -n "$href" ] && [ "${href##*/}" = report.css ] && [ -f "$(dirname "$page")/$href" ] && ! grep -q '<style' "$page"
}
# Every SPEC.html#ID link of a page: prints the first whose anchor is missing; 0 when none is.
spec_anchors_ok() {
  local page=$1 href file id
  # shellcheck disable=SC2013  # hrefs hold no spaces
  for href in $(grep -o 'href="[^"]*SPEC\.html#[^"]*"' "$page" | sed 's/^href="//; s/"$//' | sort -u); do
    file=$(dirname "$page")/${href%%#*}; id=${href#*#}
    grep -q " id=\"$id\"" "$file" 2>/dev/null || { echo "$page: $href: no anchor $id in $file"; return 1; }
  done
}
pages=$(find "$R" "$S/mutate" -name '*.html' 2>/dev/null | sort)
n=0; nspec=0
for p in $pages; do
  links_css "$p" || fail "$p does not link the site's stylesheet (or has a <style> of its own)"
  spec_anchors_ok "$p" || fail "a SPEC.html link has no anchor"
  n=$((n+1)); nspec=$((nspec + $(grep -o 'href="[^"]*SPEC\.html#[^"]*"' "$p" | wc -l)))
done
[ "$n" -ge 5 ] || fail "only $n pages in $R"
echo "site: $n pages link $R/report.css; their $nspec links into SPEC.html all land on an anchor"
ids=0
for g in $GAMES; do
  for id in $("$BUILD/rulefuzz" clauses "$g" | grep -oE '^[A-Z]+-[A-Z0-9-]+' | sort -u); do
    slug=$(echo "$id" | tr '[:upper:]' '[:lower:]')
    grep -q " id=\"$slug\"" "$R/SPEC.html" || fail "SPEC.html has no anchor for $id"
    ids=$((ids+1))
  done
done
echo "site: SPEC.html has an anchor for each of the $ids clause and register IDs of $GAMES"
recs=0
for g in $SITE_GAMES; do
  # shellcheck disable=SC2013  # hrefs hold no spaces
  for href in $(grep -o 'class="first"><a href="[^"]*"' "$R/clauses/$g.html" | sed 's/.*href="//; s/"$//' | sort -u); do
    f=$R/clauses/$href
    case $href in inputs-"$g"/*.txt) ;; *) fail "$g's first input links $href, not a record beside the page";; esac
    "$BUILD/rulefuzz" replay "$f" > /dev/null || fail "rulefuzz replay $f"
    recs=$((recs+1))
  done
done
[ "$recs" -ge 1 ] || fail "no first-input record linked"
echo "site: $recs first-input links open game records that rulefuzz replay reads"
# shellcheck disable=SC2013  # hrefs hold no spaces
for href in $(grep -o 'href="[^"#]*"' "$R/index.html" | sed 's/^href="//; s/"$//'); do
  [ -e "$R/$href" ] || fail "index.html links $href, which does not exist"
done
echo "site: every link of index.html leads to a file"
if [ -f "$S/mutate/kk/mutation-report.json" ]; then
  [ -d "$VIEWER/node_modules" ] || fail "the mutation viewer is not installed in $VIEWER (make mutation-viewer)"
  [ -f "$R/mutation-kk.html" ] || fail "no viewer page $R/mutation-kk.html"
  node coverage/mutation-viewer/site.mjs "$VIEWER" "$S/mutate" "$R" || fail "the mutation report does not validate"
fi
# The index and the viewer page in a headless browser, when there is one (make screenshot's check):
# neither may render blank.
if command -v chromium > /dev/null 2>&1; then
  bash tests/screenshot.sh "$R/index.html" "$S/index.png" 1280x600 || fail "the index renders blank"
  [ -f "$R/mutation-kk.html" ] && { bash tests/screenshot.sh "$R/mutation-kk.html" "$S/mutation-kk.png" || fail "the viewer page renders blank"; }
else echo "site: no chromium here: the pages were not rendered (make screenshot after apt-get install chromium)"; fi

# Each check against a page broken on purpose: it must fail.
B=$S/broken; mkdir -p "$B"; cp "$R/report.css" "$R/SPEC.html" "$B/"
printf '<html><head><style>b{}</style><link rel="stylesheet" href="report.css"></head><body></body></html>\n' > "$B/style.html"
printf '<html><head><link rel="stylesheet" href="nowhere/report.css"></head><body></body></html>\n' > "$B/nocss.html"
printf '<html><head><link rel="stylesheet" href="report.css"></head><body><a href="SPEC.html#no-such-clause">x</a></body></html>\n' > "$B/anchor.html"
! links_css "$B/style.html" || fail "a page with a <style> of its own passed"
! links_css "$B/nocss.html" || fail "a page linking a missing stylesheet passed"
! spec_anchors_ok "$B/anchor.html" > /dev/null || fail "a link to a missing SPEC anchor passed"
if [ -f "$S/mutate/kk/mutation-report.json" ]; then
  mkdir -p "$B/mutate/kk"
  sed 's/"status": "[A-Za-z]*"/"status": "Maybe"/' "$S/mutate/kk/mutation-report.json" > "$B/mutate/kk/mutation-report.json"
  if node coverage/mutation-viewer/site.mjs "$VIEWER" "$B/mutate" "$B" > "$B/site.log" 2>&1; then fail "a report with a status outside the schema validated"; fi
  grep -q 'must be equal to one of the allowed values' "$B/site.log" || { cat "$B/site.log"; fail "the schema error is not named"; }
fi
echo "site: each check fails on a page broken on purpose (a <style>, a missing stylesheet, a missing anchor, a status outside the schema)"
