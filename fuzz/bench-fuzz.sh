#!/usr/bin/env bash
# bench-fuzz.sh: fuzz throughput per harness for libFuzzer and AFL++, over a fixed time, beside
# an empty harness run the same way (the fuzzer's own ceiling), as a ratio. Run by `make bench`.
#   BENCH_FUZZ_SECONDS=10   time per run;  HARNESSES="hdz hdz_record";  BUILD=build
set -eu
cd "$(dirname "$0")/.."
T=${BENCH_FUZZ_SECONDS:-10}
BUILD=${BUILD:-build}
HARNESSES=${HARNESSES:-$(ls fuzz/fuzz_*.c | sed 's|fuzz/fuzz_||; s|\.c$||' | grep -v '^empty$')}
tmp=$BUILD/fuzz/bench
rm -rf "$tmp"; mkdir -p "$tmp"

libfuzzer_eps() {  # harness, seeds
  local d=$tmp/lf-$1; mkdir -p "$d"; cp "$2"/* "$d"/
  "$BUILD/fuzz/$1_libfuzzer" -max_total_time="$T" -print_final_stats=1 -artifact_prefix="$tmp/" "$d" \
    > "$tmp/lf-$1.log" 2>&1 || { tail -5 "$tmp/lf-$1.log" >&2; echo 0; return; }
  awk '/stat::average_exec_per_sec/ {print $2}' "$tmp/lf-$1.log"
}
afl_eps() {  # harness, seeds
  local o=$tmp/afl-$1
  AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_QUIET=1 AFL_NO_AFFINITY=1 \
    afl-fuzz -i "$2" -o "$o" -V "$T" -- "$BUILD/fuzz/$1_afl" > "$tmp/afl-$1.log" 2>&1 \
    || { tail -5 "$tmp/afl-$1.log" >&2; echo 0; return; }
  awk -F: '/^execs_done/ {e=$2} /^run_time/ {t=$2} END { if (t > 0) printf "%d\n", e / t; else print 0 }' \
    "$o/default/fuzzer_stats"
}

echo "fuzz throughput: ${T}s per run, one core; ceiling = the empty harness (fuzz/fuzz_empty.c) on the same seeds"
printf '%-12s %-10s %12s %12s %9s\n' harness fuzzer exec/s ceiling ratio
for f in libfuzzer afl; do
  for h in $HARNESSES; do
    seeds=corpus/$h
    if [ $f = libfuzzer ]; then e=$(libfuzzer_eps "$h" "$seeds"); c=$(libfuzzer_eps empty "$seeds")
    else e=$(afl_eps "$h" "$seeds"); c=$(afl_eps empty "$seeds"); fi
    ratio=$(awk -v a="$e" -v b="$c" 'BEGIN { if (b > 0) printf "%.5f", a / b; else print "-" }')
    printf '%-12s %-10s %12s %12s %9s\n' "$h" "$f" "$e" "$c" "$ratio"
  done
done
