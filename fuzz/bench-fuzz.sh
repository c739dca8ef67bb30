#!/usr/bin/env bash
# bench-fuzz.sh: fuzz throughput per harness for libFuzzer and AFL++, over a fixed time, beside
# an empty harness run the same way (the fuzzer's own ceiling); then, per game, the game
# harness's exec/s beside the clause-oracle games/s of `rulefuzz bench` and their ratio (goal:
# libFuzzer >= 0.5, AFL++ within 2x of libFuzzer). Run by `make bench`.
#   BENCH_FUZZ_SECONDS=10   time per run;  HARNESSES="hdz hdz_record";  BUILD=build
# Each run is pinned to one core (taskset): AFL++'s persistent-mode hand-over between afl-fuzz
# and its target is a same-core switch then, and libFuzzer is measured the same way.
set -eu
cd "$(dirname "$0")/.."
T=${BENCH_FUZZ_SECONDS:-10}
BUILD=${BUILD:-build}
HARNESSES=${HARNESSES:-$(ls fuzz/fuzz_*.c | sed 's|fuzz/fuzz_||; s|\.c$||' | grep -v '^empty$')}
CORE=${BENCH_CORE:-0}
tmp=$BUILD/fuzz/bench
rm -rf "$tmp"; mkdir -p "$tmp"

# Each game harness also counts the moves its inputs played (fuzz/harness.h, RF_STATS_DIR): the
# fuzzers' inputs play shorter or longer games than `rulefuzz bench`, so the harness's moves/s
# is compared with the clause oracles' moves/s as well as exec/s with games/s.
moves_per_input() {  # stats dir: moves / inputs over every process, or 0
  cat "$1"/* 2>/dev/null | awk '{ i += $1; m += $2 } END { if (i > 0) printf "%.1f", m / i; else print 0 }'
}
libfuzzer_eps() {  # harness, seeds[, binary, label]: exec/s of a libFuzzer binary (default the campaign's)
  local bin=${3:-$BUILD/fuzz/$1_libfuzzer} d=$tmp/lf${4:+-$4}-$1
  rm -rf "$d" "$d.stats"; mkdir -p "$d" "$d.stats"; cp "$2"/* "$d"/
  RF_STATS_DIR=$d.stats UBSAN_OPTIONS=silence_unsigned_overflow=1:halt_on_error=1 taskset -c "$CORE" "$bin" \
    -max_total_time="$T" -entropic=0 -seed="${BENCH_SEED:-1}" -print_final_stats=1 -artifact_prefix="$tmp/" \
    "$d" > "$d.log" 2>&1 || { tail -5 "$d.log" >&2; echo 0; return; }
  awk '/stat::average_exec_per_sec/ {print $2}' "$d.log"
}
afl_eps() {  # harness, seeds: execs over the fuzzing time after calibration (AFL++'s own figure)
  local o=$tmp/afl-$1; rm -rf "$o" "$o.stats"; mkdir -p "$o.stats"
  RF_STATS_DIR=$o.stats AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_QUIET=1 \
    AFL_NO_AFFINITY=1 AFL_FAST_CAL=1 taskset -c "$CORE" afl-fuzz -i "$2" -o "$o" -V "$T" -s "${BENCH_SEED:-1}" \
    -- "$BUILD/fuzz/$1_afl" > "$tmp/afl-$1.log" 2>&1 || { tail -5 "$tmp/afl-$1.log" >&2; echo 0; return; }
  awk -F: '/^execs_per_sec/ {gsub(/ /, "", $2); printf "%d\n", $2}' "$o/default/fuzzer_stats"
}

echo "fuzz throughput: ${T}s per run, pinned to core $CORE; ceiling = the empty harness (fuzz/fuzz_empty.c) on the same seeds"
printf '%-12s %-10s %12s %12s %9s\n' harness fuzzer exec/s ceiling ratio
declare -A EPS
for f in libfuzzer afl; do
  for h in $HARNESSES; do
    seeds=corpus/$h
    if [ $f = libfuzzer ]; then e=$(libfuzzer_eps "$h" "$seeds"); c=$(libfuzzer_eps empty "$seeds")
    else e=$(afl_eps "$h" "$seeds"); c=$(afl_eps empty "$seeds"); fi
    EPS[$f-$h]=$e
    ratio=$(awk -v a="$e" -v b="$c" 'BEGIN { if (b > 0) printf "%.5f", a / b; else print "-" }')
    printf '%-12s %-10s %12s %12s %9s\n' "$h" "$f" "$e" "$c" "$ratio"
  done
done

echo
echo "game harnesses against the clause oracles alone (rulefuzz bench GAME: every clause oracle, no"
echo "conformance check, median over the profiles), same core. Goal: libFuzzer exec/s >= 0.5 x clause"
echo "games/s, AFL++ within 2x of libFuzzer. moves/s compares the same work per move: the fuzzers' games"
echo "are not as long as bench's (moves/input from the harness's own counter)"
printf '%-6s %11s %11s %9s %9s %9s %7s %7s %9s %8s\n' game clauses-g/s clauses-m/s libF-e/s \
  moves/in libF-m/s ratio-g ratio-m AFL++-e/s AFL/libF
for h in $HARNESSES; do
  case $h in *_record) continue;; esac
  read -r g gm < <(taskset -c "$CORE" "$BUILD/rulefuzz" bench "$h" --games 1000 2>/dev/null \
      | awk '$3 == "clauses" {print $5, $4}' | sort -n | awk '{a[NR]=$0} END {print a[int((NR+1)/2)]}')
  lf=${EPS[libfuzzer-$h]:-0}; af=${EPS[afl-$h]:-0}
  mpi=$(moves_per_input "$tmp/lf-$h.stats")
  lm=$(awk -v e="$lf" -v m="$mpi" 'BEGIN { printf "%d", e * m }')
  printf '%-6s %11s %11s %9s %9s %9s %7s %7s %9s %8s\n' "$h" "$g" "$gm" "$lf" "$mpi" "$lm" \
    "$(awk -v a="$lf" -v b="$g" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')" \
    "$(awk -v a="$lm" -v b="$gm" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')" "$af" \
    "$(awk -v a="$af" -v b="$lf" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')"
done

# Sanitizer builds: each game harness as CI fuzzes it. asan+ubsan is the project's own sanitizer build
# (build/fuzz/<h>_asan: make soak, make check's smoke); address and undefined are fuzz/build.sh's
# fuzzers under OSS-Fuzz's flags for that sanitizer (make ossfuzz-check, build/ossfuzz/<san>/out).
# Goal: each >= 0.3 x the plain campaign build's exec/s (the first table's libFuzzer column).
OSSFUZZ=${OSSFUZZ:-$BUILD/ossfuzz}
echo
echo "sanitizer builds against the plain libFuzzer build (exec/s, same seeds and core, ${T}s each);"
echo "goal: ratio >= 0.3 for every build"
printf '%-6s %9s %11s %7s %11s %7s %11s %7s\n' game plain asan+ubsan ratio address ratio undefined ratio
for h in $HARNESSES; do
  case $h in *_record) continue;; esac
  lf=${EPS[libfuzzer-$h]:-0}; row=""
  for b in "$BUILD/fuzz/${h}_asan:asan" "$OSSFUZZ/address/out/$h:address" "$OSSFUZZ/undefined/out/$h:undefined"; do
    bin=${b%:*}; label=${b##*:}
    if [ -x "$bin" ]; then e=$(libfuzzer_eps "$h" "corpus/$h" "$bin" "$label"); else e=-; fi
    row="$row$(printf ' %11s %7s' "$e" "$(awk -v a="$e" -v b="$lf" 'BEGIN { if (b > 0 && a != "-") printf "%.2f", a / b; else print "-" }')")"
  done
  printf '%-6s %9s%s\n' "$h" "$lf" "$row"
done
