#!/usr/bin/env bash
# soak.sh: a long campaign, every harness in turn, in the builds CI fuzzes with, resumable.
#
# Called by `make soak` (which builds the binaries first). Settings from the environment:
#   SOAK_SECONDS=3600   the whole soak's fuzzing time, shared by the legs and the harnesses (a game
#                       harness weighs 4, every other one 1, as in fuzz/campaign.sh)
#   FUZZER=libfuzzer    two legs, half the time each: `plain` (the libFuzzer build of `make
#                       campaign`), then `asan` (the ASan+UBSan build, as ClusterFuzzLite runs it);
#   FUZZER=afl          one leg, `afl` (AFL++ with its own instrumentation)
#   JOBS, HARNESSES, BUILD, PROGRESS_SECONDS as for fuzz/campaign.sh
# Each leg keeps its harness folders under $BUILD/soak/<leg>/<harness>/ (corpus, crashes,
# minimized inputs, triaged records: fuzz/campaign.sh does the fuzzing and the triage), and each
# harness's fuzzed seconds in `soaked`: the seconds its workers really fuzzed (the campaign's
# `fuzzed`, kept up to date as it runs), not the time a stop took to be noticed. Run it again after an
# interruption (Ctrl-C, kill -9) and it goes on with what each harness still has to do, from the
# corpus it kept and the seconds it had fuzzed when it stopped. One soak at a time in a build folder
# (a second refuses, exit 2); its campaigns' workers stop when it is killed. At the end, a table per
# leg and harness: seconds, executions, corpus, clauses fired, findings (crash inputs and distinct
# findings after triage) and the time of the first finding. Exit status: 0 nothing found, 1 a
# finding, 2 bad settings, 130 interrupted.
set -u
cd "$(dirname "$0")/.."

FUZZER=${FUZZER:-libfuzzer}
BUILD=${BUILD:-build}
SOAK_SECONDS=${SOAK_SECONDS:-3600}
JOBS=${JOBS:-1}
die() { echo "soak: $*" >&2; exit 2; }
[[ $SOAK_SECONDS =~ ^[1-9][0-9]*$ ]] || die "SOAK_SECONDS must be a positive number, not '$SOAK_SECONDS'"
case $FUZZER in
  libfuzzer) LEGS="plain asan";;
  afl) LEGS="afl";;
  *) die "FUZZER must be libfuzzer or afl, not '$FUZZER'";;
esac
if [ -z "${HARNESSES:-}" ]; then
  HARNESSES=$(ls fuzz/fuzz_*.c | sed 's|fuzz/fuzz_||; s|\.c$||' | grep -v '^empty$' | tr '\n' ' ')
fi
kind_of() { case $1 in *_record) echo record;; *_position) echo position;; replay) echo replay;; counts) echo counts;; *) echo game;; esac; }
weight() { if [ "$(kind_of "$1")" = game ]; then echo 4; else echo 1; fi; }
suffix() { case $1 in plain) echo _libfuzzer;; asan) echo _asan;; afl) echo _afl;; esac; }
total_weight=0
for h in $HARNESSES; do total_weight=$((total_weight + $(weight "$h"))); done
nlegs=$(echo $LEGS | wc -w)

mkdir -p "$BUILD/soak" || die "cannot create $BUILD/soak"
exec 9> "$BUILD/soak/.soak.lock"
flock -n 9 || die "another soak is running in $BUILD/soak (pid $(cat "$BUILD/soak/.soak.pid" 2>/dev/null || echo '?')); wait for it or stop it"
echo $$ > "$BUILD/soak/.soak.pid"
interrupted=0
trap 'interrupted=1' INT TERM
found=0
echo "soak: ${SOAK_SECONDS}s over legs ($LEGS) and harnesses ($HARNESSES), $JOBS worker(s) each; folders under $BUILD/soak/"
for leg in $LEGS; do
  for h in $HARNESSES; do
    [ $interrupted = 1 ] && break 2
    w=$BUILD/soak/$leg/$h
    mkdir -p "$w"
    secs=$(( SOAK_SECONDS * $(weight "$h") / total_weight / nlegs )); [ $secs -lt 1 ] && secs=1
    echo "$secs" > "$w/planned"
    done_s=$(cat "$w/soaked" 2>/dev/null || echo 0)
    [[ $done_s =~ ^[0-9]+$ ]] || die "$w/soaked is corrupt ('$done_s'): remove it to start the harness again"
    if [ -f "$w/running" ]; then                   # the last run was killed before it was counted
      prev=$(cat "$w/fuzzed" 2>/dev/null || echo 0); [[ $prev =~ ^[0-9]+$ ]] || prev=0
      done_s=$(( done_s + prev )); echo "$done_s" > "$w/soaked"; rm -f "$w/running" "$w/fuzzed"
      echo "soak: $leg/$h: a run killed before it was counted had fuzzed ${prev}s"
    fi
    left=$(( secs - done_s ))
    if [ $left -le 0 ]; then echo "soak: $leg/$h: done before ($done_s of ${secs}s)"; continue; fi
    echo "== soak $leg/$h: ${left}s of ${secs}s"
    rm -f "$w/fuzzed"; touch "$w/running"
    FUZZER=$([ "$leg" = afl ] && echo afl || echo libfuzzer) JOBS=$JOBS CAMPAIGN_SECONDS=$left BUILD=$BUILD \
      HARNESSES=$h WORK=$BUILD/soak/$leg BIN_SUFFIX=$(suffix "$leg") SOAK_OFFSET=$done_s RF_WATCH_PID=$$ \
      PROGRESS_SECONDS=${PROGRESS_SECONDS:-30} bash fuzz/campaign.sh 9>&- 2>&1 | (trap '' INT TERM; tee "$w/last-run.log")
    st=${PIPESTATUS[0]}
    ran=$(cat "$w/fuzzed" 2>/dev/null || echo 0); [[ $ran =~ ^[0-9]+$ ]] || ran=0
    [ $ran -gt $left ] && ran=$left              # the campaign's own count: its workers' fuzzing seconds
    echo $(( done_s + ran )) > "$w/soaked"; rm -f "$w/running"
    case $st in 0) ;; 1) found=1;; 130) interrupted=1;; *) echo "soak: $leg/$h: the campaign failed ($st)"; exit $st;; esac
    # the row for the table: the campaign summary's line of this harness
    grep -E "^$h +[0-9]" "$w/last-run.log" | tail -1 > "$w/row" || true
  done
done

echo
echo "== soak summary (${SOAK_SECONDS}s, $JOBS worker(s) per harness)"
printf '%-6s %-12s %8s %11s %8s %14s %18s %8s %7s %8s\n' leg harness seconds execs exec/s corpus clauses crashes unique first
for leg in $LEGS; do
  for h in $HARNESSES; do
    w=$BUILD/soak/$leg/$h
    [ -f "$w/soaked" ] || continue
    execs=$(cat "$w"/stats/* 2>/dev/null | awk '{ n += $1 } END { print n + 0 }')
    s=$(cat "$w/soaked")
    if [ -d "$w/afl" ]; then corpus=$(find "$w"/afl/*/queue -maxdepth 1 -type f -name 'id:*' 2>/dev/null | wc -l)
    else corpus=$(find "$w/corpus" -maxdepth 1 -type f 2>/dev/null | wc -l); fi
    crashes=$(find "$w/crashes" "$w"/afl/*/crashes -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'oom-*' -o -name 'timeout-*' -o -name 'id:*' \) 2>/dev/null | wc -l)
    unique=$(grep -c '^  [A-Z]' "$w/triage/summary.txt" 2>/dev/null || true); unique=${unique:-0}
    if [ "$(kind_of "$h")" != game ] && [ "$(kind_of "$h")" != position ]; then clauses=-
    else clauses="$(sort -u "$w/clauses.log" 2>/dev/null | wc -l) fired"; fi
    first=$(cat "$w/first-finding" 2>/dev/null || echo -); [ "$first" != - ] && first="${first}s"
    printf '%-6s %-12s %8s %11s %8s %14s %18s %8s %7s %8s\n' "$leg" "$h" "$s/$(cat "$w/planned")" "$execs" \
      "$(( execs / (s > 0 ? s : 1) ))" "$corpus" "$clauses" "$crashes" "$unique" "$first"
  done
done
echo "findings: triaged records under $BUILD/soak/<leg>/<harness>/triage/ (the summary lists each with its clause)"
[ $interrupted = 1 ] && echo "soak: interrupted; run it again to go on" && exit 130
exit $found
