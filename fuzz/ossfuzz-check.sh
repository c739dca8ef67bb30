#!/usr/bin/env bash
# ossfuzz-check.sh (make ossfuzz-check): fuzz/build.sh built and run the way OSS-Fuzz runs it. For
# each sanitizer, the build script runs with OSS-Fuzz's environment (CC, CFLAGS, LIB_FUZZING_ENGINE,
# OUT, WORK, SRC) into $OSSFUZZ/<sanitizer>/out; every fuzzer must exist and run over its seed corpus
# (and fuzz OSSFUZZ_SECONDS more when not 0).
#   From the Makefile: OSSFUZZ OSSFUZZ_SANITIZERS OSSFUZZ_SECONDS OSSFUZZ_FUZZERS OSSFUZZ_CFLAGS
#   OSSFUZZ_SAN_address OSSFUZZ_SAN_undefined OSSFUZZ_RUN_ENV RF_ZIP
set -eu
cd "$(dirname "$0")/.."
ROOT=$PWD
rm -rf "$OSSFUZZ"; mkdir -p "$OSSFUZZ/src"; ln -s "$ROOT" "$OSSFUZZ/src/rulefuzz"
[ -n "${OSSFUZZ_FUZZERS// }" ] || { echo "ossfuzz-check: no fuzz/fuzz_*.c harness"; exit 1; }
unzip_to() { if [ "${RF_ZIP:-}" != python ] && command -v unzip >/dev/null 2>&1; then unzip -q -o "$1" -d "$2";
  else python3 -m zipfile -e "$1" "$2"; fi; }
for san in $OSSFUZZ_SANITIZERS; do
  case $san in address) sf=$OSSFUZZ_SAN_address;; undefined) sf=$OSSFUZZ_SAN_undefined;;
    *) echo "ossfuzz-check: unknown sanitizer $san (address, undefined)"; exit 1;; esac
  d=$ROOT/$OSSFUZZ/$san; mkdir -p "$d/out" "$d/work"
  echo "== fuzz/build.sh: libFuzzer + $san, OUT=$OSSFUZZ/$san/out"
  flags="$OSSFUZZ_CFLAGS $sf -fsanitize=fuzzer-no-link"
  env CC=clang CXX=clang++ CFLAGS="$flags" CXXFLAGS="$flags" LIB_FUZZING_ENGINE=-fsanitize=fuzzer \
    SANITIZER="$san" FUZZING_ENGINE=libfuzzer ARCHITECTURE=x86_64 RF_ZIP="${RF_ZIP:-}" \
    OUT="$d/out" WORK="$d/work" SRC="$ROOT/$OSSFUZZ/src" bash -eu fuzz/build.sh > "$d/build.log" 2>&1 \
    || { cat "$d/build.log"; echo "FAILED: fuzz/build.sh ($san), log $OSSFUZZ/$san/build.log"; exit 1; }
  for f in $OSSFUZZ_FUZZERS; do
    [ -x "$d/out/$f" ] || { echo "FAILED: fuzz/build.sh ($san) made no $d/out/$f"; exit 1; }
    mkdir -p "$d/seeds/$f" "$d/crashes/$f"
    if [ -f "$d/out/${f}_seed_corpus.zip" ]; then unzip_to "$d/out/${f}_seed_corpus.zip" "$d/seeds/$f"; fi
    dict=; if [ -f "$d/out/$f.dict" ]; then dict=-dict=$d/out/$f.dict; fi
    # shellcheck disable=SC2086
    out=$(env $OSSFUZZ_RUN_ENV "$d/out/$f" -runs=0 $dict -artifact_prefix="$d/crashes/$f/" "$d/seeds/$f" 2>&1) \
      || { echo "$out" | tail -60; echo "FAILED: $f ($san) on its seed corpus, crash in $OSSFUZZ/$san/crashes/$f"; exit 1; }
    echo "$f ($san): $(ls "$d/seeds/$f" | wc -l) seeds, $(echo "$out" | grep -aE '^#[0-9]+[[:space:]]+DONE')"
    if [ "${OSSFUZZ_SECONDS:-0}" != 0 ]; then
      mkdir -p "$d/corpus/$f"; cp -r "$d/seeds/$f/." "$d/corpus/$f/"
      # shellcheck disable=SC2086
      out=$(env $OSSFUZZ_RUN_ENV "$d/out/$f" -max_total_time="$OSSFUZZ_SECONDS" $dict \
        -artifact_prefix="$d/crashes/$f/" "$d/corpus/$f" 2>&1) \
        || { echo "$out" | tail -60; echo "FAILED: $f ($san) fuzzing, crash in $d/crashes/$f"; exit 1; }
      echo "$f ($san) ${OSSFUZZ_SECONDS}s: $(echo "$out" | grep -aE '^#[0-9]+[[:space:]]+DONE')"
    fi
  done
done
echo "ossfuzz-check: fuzz/build.sh builds and runs every fuzzer ($OSSFUZZ_SANITIZERS)"
