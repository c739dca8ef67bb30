#!/usr/bin/env bash
# campaign.sh: a time-boxed fuzz campaign over every harness, with progress, triage and a summary.
#
# Called by `make campaign` (which builds the binaries first). Settings come from the
# environment:
#   FUZZER=libfuzzer|afl     which fuzzer drives the harnesses (default libfuzzer)
#   JOBS=N                   workers per harness: N libFuzzer processes sharing one corpus
#                            folder (restarted after each crash), or AFL++ one -M and N-1 -S
#   CAMPAIGN_SECONDS=S       the whole campaign's fuzzing time (default 120), shared by the
#                            harnesses: a game harness weighs 4, every other harness (record parser,
#                            position loader, replay path, counts files) 1
#   HARNESSES="hdz ..."      which harnesses (default: every fuzz/fuzz_*.c but fuzz_empty)
#   BUILD=build              where binaries are and where the campaign writes
#   PROGRESS_SECONDS=5       how often a progress line is printed
#   WORK=$BUILD/fuzz         where each harness's folder is (make soak: $BUILD/soak/<leg>)
#   BIN_SUFFIX               the binary of harness h is $BUILD/fuzz/<h><suffix> (default _libfuzzer,
#                            or _afl; make soak's sanitizer leg: _asan, the ASan+UBSan build)
#   SOAK_OFFSET=S            seconds this harness was fuzzed before (make soak resuming): the time
#                            of the first finding, kept in <harness>/first-finding, counts from 0
#   RF_WATCH_PID=P           another process whose end ends the campaign too (make soak's own)
# Everything a campaign finds lives in $BUILD/fuzz/<harness>/ (corpus/, afl/, crashes/,
# minimized/, triage/); nothing is written to corpus/ (see `make corpus-merge`). Run it again
# after an interruption (Ctrl-C, kill -9) and it resumes from the corpus and crashes it kept.
# One campaign at a time in a WORK folder: a second one refuses (exit 2) while the first runs.
# The workers do not outlive the campaign: a watchdog stops them within seconds when the campaign
# (or RF_WATCH_PID) is gone, even after kill -9. Each harness's folder keeps `fuzzed`, the seconds
# its workers really fuzzed in the last run (updated as it goes; make soak adds them up).
# Exit status: 0 no crash, 1 a crash was found, 2 bad settings or another campaign running.
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

# What a harness's inputs are (rulefuzz triage --kind) and the game whose clauses it reports.
kind_of() { case $1 in *_record) echo record;; *_position) echo position;; replay) echo replay;; counts) echo counts;; *) echo game;; esac; }
game_of() { local g=${1%_record}; g=${g%_position}; echo "$g"; }
weight() { if [ "$(kind_of "$1")" = game ]; then echo 4; else echo 1; fi; }
# One campaign per WORK folder: the lock is held while this script runs (fd 9, which no worker
# inherits).
mkdir -p "$WORK" || die "cannot create $WORK"
exec 9> "$WORK/.campaign.lock"
flock -n 9 || die "another campaign is running in $WORK (pid $(cat "$WORK/.campaign.pid" 2>/dev/null || echo '?')); wait for it or stop it"
echo $$ > "$WORK/.campaign.pid"
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
  if [ "$(kind_of "$h")" != game ] && [ "$(kind_of "$h")" != position ]; then clauses="-"
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
  # A campaign killed with -9 before its watchdog started may have left workers behind: stop the
  # groups it recorded, when they are still its workers (a recycled pid is left alone).
  if [ -f "$w/pids" ]; then
    while read -r p; do
      case $(tr '\0' ' ' < "/proc/$p/cmdline" 2>/dev/null) in *libfuzzer-worker.sh*|*afl-fuzz*) kill -9 -- "-$p" 2>/dev/null;; esac
    done < "$w/pids"
    rm -f "$w/pids"
  fi
  secs=$(( CAMPAIGN_SECONDS * $(weight "$h") / total_weight )); [ $secs -lt 1 ] && secs=1
  seeds=corpus/$h; dict=fuzz/$h.dict
  stat_start[$h]=$(if [ "$FUZZER" = afl ]; then find "$w"/afl/*/queue -maxdepth 1 -name 'id:*' 2>/dev/null | wc -l; else count_files "$w/corpus"; fi)
  wabs=$w; [ "${w#/}" = "$w" ] && wabs=$PWD/$w           # the workers run elsewhere: absolute paths
  export RF_CLAUSE_LOG=$wabs/clauses.log RF_STATS_DIR=$wabs/stats
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
      setsid bash fuzz/libfuzzer-worker.sh "$end" "$w/fuzz-$j.log" "$bin" "${args[@]}" "$w/corpus" "$seeds" 9>&- &
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
        > "$w/afl-$j.log" 2>&1 9>&- &
      pids+=($!)
    done
  fi
  printf '%s\n' "${pids[@]}" > "$w/pids"
  # The watchdog, in a group of its own: when this campaign (or RF_WATCH_PID) is gone, even by
  # kill -9, it stops the workers' process groups (TERM, then KILL), so none fuzzes on alone.
  setsid bash -c 'watch=$1; shift
    while :; do for p in $watch; do kill -0 "$p" 2>/dev/null || break 2; done; sleep 1; done
    for g in "$@"; do kill -TERM -- "-$g" 2>/dev/null; done; sleep 3
    for g in "$@"; do kill -KILL -- "-$g" 2>/dev/null; done' _ "$$ ${RF_WATCH_PID:-}" "${pids[@]}" 9>&- >/dev/null 2>&1 &
  watchdog=$!
  t0=$(date +%s)
  t_stop=
  run_start_execs=${last_execs[$h]}
  echo 0 > "$w/fuzzed"
  while :; do
    alive=0
    for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ $alive = 0 ] && break
    # the process we run for (make soak) is gone: stop as after Ctrl-C
    if [ -n "${RF_WATCH_PID:-}" ] && [ $interrupted = 0 ] && ! kill -0 "$RF_WATCH_PID" 2>/dev/null; then
      interrupted=1; stop_workers
    fi
    if [ $interrupted = 1 ]; then                   # stopped: no more naps; the workers save and exit
      [ -n "$t_stop" ] || t_stop=$(date +%s)
      sleep 1
      [ $(( $(date +%s) - t_stop )) -ge 20 ] && for p in "${pids[@]}"; do kill -9 -- "-$p" 2>/dev/null; done
      continue
    fi
    left=$(( secs - ($(date +%s) - t0) ))
    nap=$PROGRESS_SECONDS; [ $left -lt $nap ] && nap=$(( left > 0 ? left : 1 ))
    sleep "$nap" & wait $! 2>/dev/null
    [ $interrupted = 1 ] && continue
    progress "$h" "$w" "$t0" "$secs"
    el=$(( $(date +%s) - t0 ))
    echo $(( el < secs ? el : secs )) > "$w/fuzzed"
    # the time box is up: stop the workers (SIGTERM: both fuzzers save their state and exit)
    if [ $el -ge "$secs" ]; then [ -n "$t_stop" ] || t_stop=$(( t0 + secs )); stop_workers; fi
    if [ $el -ge $((secs + 20)) ]; then for p in "${pids[@]}"; do kill -9 -- "-$p" 2>/dev/null; done; fi
  done
  kill "$watchdog" 2>/dev/null
  wait 2>/dev/null
  rm -f "$w/pids"
  # the seconds the workers fuzzed: until the time box ended or the campaign was stopped
  [ -n "$t_stop" ] || t_stop=$(date +%s)
  fz=$(( t_stop - t0 )); [ $fz -gt "$secs" ] && fz=$secs; [ $fz -lt 0 ] && fz=0
  echo "$fz" > "$w/fuzzed"
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
    targs=(--out "$w/triage" --kind "$(kind_of "$h")")
    case $(kind_of "$h") in game|position) targs+=(--game "$(game_of "$h")");; esac
    "$RF" triage "$w/minimized" "${targs[@]}" | tee "$w/triage/summary.txt"
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
