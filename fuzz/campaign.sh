#!/usr/bin/env bash
# campaign.sh: a time-boxed fuzz campaign over every harness, with progress, triage and a summary.
#
# Called by `make campaign` (which builds the binaries first). Settings come from the
# environment:
#   FUZZER=libfuzzer|afl     which fuzzer drives the harnesses (default libfuzzer)
#   JOBS=N                   workers per harness: N libFuzzer processes sharing one corpus
#                            folder (restarted after each crash), or AFL++ one -M and N-1 -S
#   CAMPAIGN_SECONDS=S       the whole campaign's fuzzing time (default 120), shared by the
#                            harnesses: a game harness weighs 4, a record-parser harness 1
#   HARNESSES="hdz ..."      which harnesses (default: every fuzz/fuzz_*.c but fuzz_empty)
#   BUILD=build              where binaries are and where the campaign writes
#   PROGRESS_SECONDS=5       how often a progress line is printed
#   WORK=$BUILD/fuzz         where each harness's folder is (make soak: $BUILD/soak/<leg>)
#   BIN_SUFFIX               the binary of harness h is $BUILD/fuzz/<h><suffix> (default _libfuzzer,
#                            or _afl; make soak's sanitizer leg: _asan, the ASan+UBSan build)
#   SOAK_OFFSET=S            seconds this harness was fuzzed before (make soak resuming): the time
#                            of the first finding, kept in <harness>/first-finding, counts from 0
# Everything a campaign finds lives in $BUILD/fuzz/<harness>/ (corpus/, afl/, crashes/,
# minimized/, triage/); nothing is written to corpus/ (see `make corpus-merge`). Run it again
# after an interruption (Ctrl-C, kill -9) and it resumes from the corpus and crashes it kept.
# Exit status: 0 no crash, 1 a crash was found, 2 bad settings.
set -u
cd "$(dirname "$0")/.."

FUZZER=${FUZZER:-libfuzzer}
JOBS=${JOBS:-1}
CAMPAIGN_SECONDS=${CAMPAIGN_SECONDS:-120}
BUILD=${BUILD:-build}
PROGRESS_SECONDS=${PROGRESS_SECONDS:-5}
WORK=${WORK:-$BUILD/fuzz}
SOAK_OFFSET=${SOAK_OFFSET:-0}
if [ "$FUZZER" = afl ]; then BIN_SUFFIX=${BIN_SUFFIX:-_afl}; else BIN_SUFFIX=${BIN_SUFFIX:-_libfuzzer}; fi
RF=$BUILD/rulefuzz
if [ -z "${HARNESSES:-}" ]; then
  HARNESSES=$(ls fuzz/fuzz_*.c | sed 's|fuzz/fuzz_||; s|\.c$||' | grep -v '^empty$' | tr '\n' ' ')
fi

die() { echo "campaign: $*" >&2; exit 2; }
case $FUZZER in libfuzzer|afl) ;; *) die "FUZZER must be libfuzzer or afl, not '$FUZZER'";; esac
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || die "JOBS must be a positive number, not '$JOBS'"
[[ $CAMPAIGN_SECONDS =~ ^[1-9][0-9]*$ ]] || die "CAMPAIGN_SECONDS must be a positive number"
[ -x "$RF" ] || die "$RF is missing: run it through 'make campaign'"

is_record() { case $1 in *_record) return 0;; *) return 1;; esac; }
game_of() { echo "${1%_record}"; }
weight() { if is_record "$1"; then echo 1; else echo 4; fi; }
total_weight=0
for h in $HARNESSES; do total_weight=$((total_weight + $(weight "$h"))); done

pids=()
# Workers run in their own process groups (setsid), so a signal reaches their children too. SIGTERM,
# not SIGINT: a job a script starts in the background ignores SIGINT, and libFuzzer and afl-fuzz
# both stop cleanly on SIGTERM (saving their state).
stop_workers() { for p in "${pids[@]:-}"; do [ -n "$p" ] && kill -TERM -- "-$p" 2>/dev/null; done; }
interrupted=0
trap 'interrupted=1; stop_workers' INT TERM

count_files() { find "$@" -maxdepth 1 -type f 2>/dev/null | grep -v '/\.' | wc -l; }

# Crash inputs of a harness, wherever its fuzzer put them.
crash_files() {
  local w=$1
  find "$w/crashes" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'oom-*' -o -name 'timeout-*' \) 2>/dev/null
  find "$w"/afl/*/crashes -maxdepth 1 -type f -name 'id:*' 2>/dev/null
}

# One progress line for harness $1 (work dir $2), fuzzing since $3 for $4 seconds.
progress() {
  local h=$1 w=$2 t0=$3 secs=$4 now execs=0 eps=0 corpus clauses crashes
  now=$(( $(date +%s) - t0 ))
  # executions: the harness processes' own counters (fuzz/harness.h, RF_STATS_DIR)
  execs=$(cat "$w"/stats/* 2>/dev/null | awk '{ n += $1 } END { print n + 0 }')
  local dt=$(( now - ${last_t[$h]:-0} ))
  if [ "$dt" -gt 0 ]; then eps=$(( (execs - ${last_execs[$h]:-0}) / dt )); else eps=${stat_eps[$h]:-0}; fi
  last_t[$h]=$now; last_execs[$h]=$execs
  if [ "$FUZZER" = afl ]; then
    corpus=$(find "$w"/afl/*/queue -maxdepth 1 -type f -name 'id:*' 2>/dev/null | wc -l)
  else
    corpus=$(count_files "$w/corpus")
  fi
  crashes=$(crash_files "$w" | wc -l)
  [ "$crashes" -gt 0 ] && [ ! -f "$w/first-finding" ] && echo $(( SOAK_OFFSET + now )) > "$w/first-finding"
  if is_record "$h"; then clauses="-"
  else
    local fired total
    fired=$(sort -u "$w/clauses.log" 2>/dev/null | wc -l)
    total=$("$RF" clauses "$(game_of "$h")" | grep -cE '^[A-Z]+(-[A-Z0-9]+)+ +[a-z0-9]+_[a-z0-9_]+ ')   # clause and GEN lines: an oracle function in column 2
    clauses="$fired/$total"
    [ -n "${first_fired[$h]:-}" ] || first_fired[$h]=$fired
    clauses="$clauses (+$((fired - first_fired[$h])) new)"
  fi
  printf '[%s %s x%d] %4ds/%ds  execs %-9s exec/s %-6s corpus %-6s clauses %-16s crashes %s\n' \
    "$h" "$FUZZER" "$JOBS" "$now" "$secs" "$execs" "$eps" "$corpus" "$clauses" "$crashes"
  stat_execs[$h]=$execs; stat_eps[$h]=$eps; stat_corpus[$h]=$corpus; stat_clauses[$h]=$clauses
  stat_crashes[$h]=$crashes
}

declare -A last_t last_execs first_fired stat_execs stat_eps stat_corpus stat_clauses stat_crashes stat_secs stat_unique stat_start
found=0
echo "campaign: $FUZZER, $JOBS worker(s) per harness, ${CAMPAIGN_SECONDS}s over: $HARNESSES"

for h in $HARNESSES; do
  [ $interrupted = 1 ] && break
  w=$WORK/$h
  mkdir -p "$w/corpus" "$w/crashes" "$w/minimized" "$w/triage"
  # A campaign killed with -9 may have left workers behind: stop them before resuming.
  if [ -f "$w/pids" ]; then
    while read -r p; do kill -9 -- "-$p" "$p" 2>/dev/null; done < "$w/pids"; rm -f "$w/pids"
    pkill -9 -xf "$BUILD/fuzz/${h}${BIN_SUFFIX}" 2>/dev/null   # AFL++ targets live in groups of their own
  fi
  secs=$(( CAMPAIGN_SECONDS * $(weight "$h") / total_weight )); [ $secs -lt 1 ] && secs=1
  seeds=corpus/$h; dict=fuzz/$h.dict
  stat_start[$h]=$(if [ "$FUZZER" = afl ]; then find "$w"/afl/*/queue -maxdepth 1 -name 'id:*' 2>/dev/null | wc -l; else count_files "$w/corpus"; fi)
  export RF_CLAUSE_LOG=$PWD/$w/clauses.log RF_STATS_DIR=$PWD/$w/stats
  mkdir -p "$w/stats"
  # counters of an earlier (interrupted) run count towards this harness's total
  last_execs[$h]=$(cat "$w"/stats/* 2>/dev/null | awk '{ n += $1 } END { print n + 0 }'); last_t[$h]=0
  pids=()
  if [ "$FUZZER" = libfuzzer ]; then
    bin=$BUILD/fuzz/${h}${BIN_SUFFIX}
    [ -x "$bin" ] || die "$bin is missing"
    args=(-timeout=20 -rss_limit_mb=2048 -entropic=0 -print_final_stats=1 -artifact_prefix="$w/crashes/")
    [ -f "$dict" ] && args+=(-dict="$dict")
    end=$(( $(date +%s) + secs ))
    for j in $(seq 0 $((JOBS - 1))); do
      setsid bash fuzz/libfuzzer-worker.sh "$end" "$w/fuzz-$j.log" "$bin" "${args[@]}" "$w/corpus" "$seeds" &
      pids+=($!)
    done
  else
    bin=$BUILD/fuzz/${h}${BIN_SUFFIX}
    [ -x "$bin" ] || die "$bin is missing"
    export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_AUTORESUME=1 \
           AFL_QUIET=1 AFL_NO_AFFINITY=1
    dargs=(); [ -f "$dict" ] && dargs=(-x "$dict")
    ncpu=$(nproc 2>/dev/null || echo 1)
    for j in $(seq 0 $((JOBS - 1))); do
      if [ "$j" = 0 ]; then role=(-M main); else role=(-S "w$j"); fi
      # Each afl-fuzz and its target share one core: the persistent-mode hand-over between the
      # two processes is then a same-core switch, several times faster than across cores.
      setsid taskset -c $(( j % ncpu )) afl-fuzz -i "$seeds" -o "$w/afl" "${role[@]}" -V "$secs" -t 20000 "${dargs[@]}" -- "$bin" \
        > "$w/afl-$j.log" 2>&1 &
      pids+=($!)
    done
  fi
  printf '%s\n' "${pids[@]}" > "$w/pids"
  t0=$(date +%s)
  run_start_execs=${last_execs[$h]}
  while :; do
    alive=0
    for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ $alive = 0 ] && break
    left=$(( secs - ($(date +%s) - t0) ))
    nap=$PROGRESS_SECONDS; [ $left -lt $nap ] && nap=$(( left > 0 ? left : 1 ))
    sleep "$nap" & wait $! 2>/dev/null
    progress "$h" "$w" "$t0" "$secs"
    # the time box is up: stop the workers (SIGTERM: both fuzzers save their state and exit)
    el=$(( $(date +%s) - t0 ))
    if [ $el -ge "$secs" ]; then stop_workers; fi
    if [ $el -ge $((secs + 20)) ]; then for p in "${pids[@]}"; do kill -9 -- "-$p" 2>/dev/null; done; fi
  done
  wait 2>/dev/null
  rm -f "$w/pids"
  stat_secs[$h]=$(( $(date +%s) - t0 ))
  progress "$h" "$w" "$t0" "$secs" > /dev/null
  # the run's average speed, for the summary
  stat_eps[$h]=$(( (stat_execs[$h] - run_start_execs) / (stat_secs[$h] > 0 ? stat_secs[$h] : 1) ))

  # Triage: minimize each new crash with the fuzzer's own minimizer, then dedupe and
  # turn every one into a readable record.
  n=$(crash_files "$w" | wc -l)
  stat_unique[$h]=0
  if [ "$n" -gt 0 ]; then
    found=1
    echo "campaign: $h: $n crash input(s); minimizing and triaging"
    while read -r c; do
      m=$w/minimized/$(basename "$c" | tr ':,' '__')
      [ -f "$m" ] && continue
      if [ "$FUZZER" = afl ]; then
        AFL_QUIET=1 timeout 60 afl-tmin -i "$c" -o "$m" -- "$BUILD/fuzz/${h}${BIN_SUFFIX}" > /dev/null 2>&1 || cp "$c" "$m"
      else
        timeout 60 "$BUILD/fuzz/${h}${BIN_SUFFIX}" -minimize_crash=1 -max_total_time=15 \
          -exact_artifact_path="$m" "$c" > /dev/null 2>&1
        [ -f "$m" ] || cp "$c" "$m"
      fi
    done < <(crash_files "$w")
    targs=(--out "$w/triage")
    is_record "$h" && targs+=(--record)
    "$RF" triage "$w/minimized" --game "$(game_of "$h")" "${targs[@]}" | tee "$w/triage/summary.txt"
    stat_unique[$h]=$(grep -c '^  [A-Z]' "$w/triage/summary.txt" || true)
  fi
done

echo
echo "== campaign summary ($FUZZER, $JOBS worker(s) per harness)"
printf '%-14s %6s %11s %8s %15s %18s %8s %7s\n' harness seconds execs exec/s corpus clauses crashes unique
for h in $HARNESSES; do
  [ -n "${stat_secs[$h]:-}" ] || continue
  printf '%-14s %6s %11s %8s %15s %18s %8s %7s\n' "$h" "${stat_secs[$h]}" "${stat_execs[$h]}" \
    "${stat_eps[$h]}" "${stat_start[$h]} -> ${stat_corpus[$h]}" "${stat_clauses[$h]}" \
    "${stat_crashes[$h]}" "${stat_unique[$h]}"
done
echo "corpora and crashes: $WORK/<harness>/ (corpus-merge keeps the useful ones: make corpus-merge)"
[ $interrupted = 1 ] && echo "campaign: interrupted; run it again to resume" && exit 130
exit $found
