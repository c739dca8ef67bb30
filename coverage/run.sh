#!/usr/bin/env bash
# run.sh (make coverage): a gcc --coverage -O0 build under $COV_BUILD runs the Check suites (clause
# counts per game), every record, the seed corpora and a campaign's corpus (a short one first when
# none is there); then lcov and genhtml, and the clause coverage report beside the line data, with
# its gates (every clause and every case fired). Exit 1 when a gate fails.
#   From the Makefile: MAKE BUILD COV COV_BUILD TESTS HARNESSES GAMES COV_FUZZ_SECONDS
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
LCOV_RC="--rc lcov_branch_coverage=1"
quiet() { grep -avE '^Subroutine .* redefined|^$' || true; }
rm -rf "$COV/lcov" "$COV/clauses" "$COV"/*.counts "$COV"/lcov*.info "$COV"/clauses.*; mkdir -p "$COV"
echo "== coverage build (gcc --coverage -O0) in $COV_BUILD"
bins="$COV_BUILD/rulefuzz"
for t in $TESTS; do bins="$bins $COV_BUILD/tests/$t"; done
for h in $HARNESSES; do bins="$bins $COV_BUILD/fuzz/${h}_replay"; done
# shellcheck disable=SC2086
"$MAKE" --no-print-directory BUILD="$COV_BUILD" CC=gcc OPT=-O0 CFLAGS=--coverage $bins > "$COV/build.log" 2>&1 \
  || { cat "$COV/build.log"; exit 1; }
find "$COV_BUILD" -name '*.gcda' -delete
echo "== Check suites (clause counts: $COV/tests-<game>.counts)"
for t in $TESTS; do
  g=${t#check_}; g=${g%%_*}
  out=$(CK_VERBOSITY=normal RF_CORPUS=corpus RF_COUNTS=$COV/tests-$g.counts "$COV_BUILD/tests/$t" 2>&1) \
    || { echo "$out" | tail -40; exit 1; }
  echo "$t: $(echo "$out" | grep -aE '^[0-9]+%: Checks')"
done
echo "== records: corpus/records and corpus/regressions (rulefuzz replay --counts $COV/records.counts)"
recs=$(find corpus/records corpus/regressions -name '*.rec' 2>/dev/null | sort)
# shellcheck disable=SC2086
"$COV_BUILD/rulefuzz" replay $recs --counts "$COV/records.counts" > /dev/null && echo "$(echo $recs | wc -w) records replayed"
need=
for h in $HARNESSES; do [ -n "$(ls -A "$BUILD/fuzz/$h/corpus" 2>/dev/null)" ] || need=1; done
if [ -n "$need" ]; then
  echo "== no campaign corpus yet: make fuzz FUZZ_SECONDS=$COV_FUZZ_SECONDS"
  "$MAKE" --no-print-directory fuzz FUZZ_SECONDS="$COV_FUZZ_SECONDS" > "$COV/fuzz.log" 2>&1 \
    || echo "coverage: the campaign exited $? (see $COV/fuzz.log); its corpus is used all the same"
  tail -n 4 "$COV/fuzz.log"
else echo "== campaign corpus: reusing $BUILD/fuzz/<harness>/corpus"; fi
echo "== seed and campaign inputs (rulefuzz inputs --counts $COV/inputs-<game>.counts, plain replay harnesses)"
for g in $GAMES; do
  q=$(ls -d "$BUILD/fuzz/$g/corpus" "$BUILD"/fuzz/"$g"/afl/*/queue 2>/dev/null || true)
  # shellcheck disable=SC2086
  "$COV_BUILD/rulefuzz" inputs "$g" "corpus/$g" $q --counts "$COV/inputs-$g.counts" --quiet \
    || echo "coverage: warning: rulefuzz inputs $g exited $?"
done
for h in $HARNESSES; do
  ins=$(find "corpus/$h" "$BUILD/fuzz/$h/corpus" -maxdepth 1 -type f 2>/dev/null | sort)
  # shellcheck disable=SC2086
  echo "$h: $("$COV_BUILD/fuzz/${h}_replay" $ins 2>&1 | tail -n 1)"
done
echo "== lcov (line and branch data) and genhtml"
# shellcheck disable=SC2086
lcov -q --capture --directory "$COV_BUILD" --base-directory "$ROOT" $LCOV_RC -o "$COV/lcov-all.info" 2>&1 | quiet
# shellcheck disable=SC2086
lcov -q --remove "$COV/lcov-all.info" '/usr/*' $LCOV_RC -o "$COV/lcov.info" 2>&1 | quiet
genhtml -q --branch-coverage --prefix "$ROOT" --title "rulefuzz (make coverage)" -o "$COV/lcov" "$COV/lcov.info" 2>&1 | quiet
echo "== clause coverage"
mut=; ls "$BUILD"/mutate/*/mutants.tsv > /dev/null 2>&1 && mut="--mutation $BUILD/mutate"
status=0
# shellcheck disable=SC2086
"$COV_BUILD/rulefuzz" coverage --counts "$COV"/tests-*.counts "$COV/records.counts" "$COV"/inputs-*.counts \
  --lcov "$COV/lcov.info" --lcov-html "$COV/lcov" --src-root . --json-file "$COV/clauses.json" --html "$COV/clauses" --site "$BUILD/reports" \
  $mut --fail-under 100 --cases-fail-under 100 > "$COV/clauses.txt" || status=$?
cat "$COV/clauses.txt"
echo "coverage: lcov HTML        $COV/lcov/index.html"
# shellcheck disable=SC2086
"$COV_BUILD/rulefuzz" textcov $GAMES --quiet --html "$COV/textcov" --site "$BUILD/reports" --json-file "$COV/textcov.json" > "$COV/textcov.txt" || true
echo "coverage: rule-text pages  $COV/textcov/<game>.html ($COV/textcov.txt)"
echo "coverage: clause table     $COV/clauses.txt"
echo "coverage: clause JSON      $COV/clauses.json"
for g in $GAMES; do echo "coverage: clause page      $COV/clauses/$g.html"; done
echo "coverage: counts           $(ls "$COV"/*.counts | tr '\n' ' ')"
exit $status
