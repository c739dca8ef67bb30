#!/usr/bin/env bash
# check-report.sh (make check, after every step ran into $BUILD/check/<step>.log): each log printed
# whole in a fixed order (the Check suites' summary lines among them), the gates judged over the
# clause counts the suites wrote ($BUILD/coverage/check-<game>.counts) and over the texts, and the
# failures listed at the end. Exit 1 when anything failed.
#   From the Makefile: BUILD TESTS GAMES TEXTCOV_GAMES SMOKE_SECONDS SMOKE_MUTANTS SMOKE_CLAUSE CHECK_T0 OSSFUZZ_SANITIZERS
set -u
cd "$(dirname "$0")/.."
L=$BUILD/check
failed=
for t in $TESTS; do
  for l in "$t" "$t@1"; do
    if [ ! -f "$L/$l.log" ]; then [ "$l" = "$t" ] && failed="$failed $t(not run)"; continue; fi
    echo "== $l"; grep -av '^exit [0-9]*$' "$L/$l.log"
    tail -1 "$L/$l.log" | grep -q '^exit 0$' || failed="$failed $l"
  done
done
echo "== clause and case coverage gate: every clause of every game, and every case of each, fired in the suites (rulefuzz coverage --fail-under 100 --cases-fail-under 100)"
for g in $GAMES; do
  "$BUILD/rulefuzz" coverage "$g" --counts "$BUILD/coverage/check-$g.counts" --fail-under 100 --cases-fail-under 100 \
    || failed="$failed clause-coverage-gate($g)"
done
echo "== rule-text coverage gate: every sentence of every text quoted or marked, every quote verbatim, every register entry's Profiles decision, every clause's Cases bullet (rulefuzz textcov --fail-under 100)"
# shellcheck disable=SC2086
"$BUILD/rulefuzz" textcov $TEXTCOV_GAMES --quiet --fail-under 100 || failed="$failed rule-text-coverage-gate"
for s in records inputs inputs-asan workflows seeds regressions fuzz-smoke mutate-smoke site ossfuzz; do
  case $s in
    records) echo "== records: every record in corpus/records and corpus/regressions, all oracles on";;
    inputs) echo "== what users feed the CLI (tests/cli-inputs.txt): records, positions, counts files, options, writes";;
    inputs-asan) echo "== the same inputs through the CLI built with ASan+UBSan (build/rulefuzz-asan), leaks included";;
    workflows) echo "== the workflow files (.github/workflows) under actionlint, which must reject tests/workflows/broken.yml";;
    seeds) echo "== seed corpora through the plain harnesses and under ASan+UBSan";;
    regressions) echo "== regression inputs";;
    fuzz-smoke) echo "== fuzz smoke: every harness for ${SMOKE_SECONDS}s under ASan+UBSan";;
    mutate-smoke) echo "== mutation smoke: $SMOKE_MUTANTS mutants of $SMOKE_CLAUSE through rulefuzz mutate (the full run: make mutate)";;
    site) echo "== the reports as one site (tests/site-check.sh): one stylesheet, SPEC.html anchors, first inputs as records, the mutation report against its schema";;
    ossfuzz) echo "== fuzz/build.sh as OSS-Fuzz runs it ($OSSFUZZ_SANITIZERS), each fuzzer over its seeds";;
  esac
  if [ -f "$L/$s.log" ]; then
    grep -av '^exit [0-9]*$' "$L/$s.log"
    tail -1 "$L/$s.log" | grep -q '^exit 0$' || failed="$failed $s"
  else failed="$failed $s(not run)"; fi
done
# The profile: how long the builds took (from make's start to the first step) and each step, longest
# first; the steps run side by side (make -j), so their times add up to more than the wall clock.
if [ -n "${CHECK_T0:-}" ] && ls "$L"/*.time >/dev/null 2>&1; then
  echo "== profile (seconds; the steps overlap on $(nproc) cores)"
  now=$(date +%s.%N)
  cat "$L"/*.time | awk -v t0="$CHECK_T0" -v now="$now" '
    NR == 1 || $1 < first { first = $1 }
    END { printf "  %-22s %7.1f\n  %-22s %7.1f\n", "builds", first - t0, "wall, builds included", now - t0 }'
  for f in "$L"/*.time; do s=$(basename "$f" .time); awk -v s="$s" '{ printf "  %-22s %7.1f\n", s, $2 - $1 }' "$f"; done |
    sort -k2 -n -r
fi
if [ -n "$failed" ]; then echo "FAILED:$failed"; exit 1; fi
echo "make check: every step passed"
