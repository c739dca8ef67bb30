#!/bin/bash -eu
# fuzz/build.sh: build every rulefuzz fuzzer the OSS-Fuzz / ClusterFuzzLite way.
#
# Inputs (set by OSS-Fuzz's `compile`, or by hand, see `make ossfuzz-check`):
#   CC, CXX, CFLAGS, CXXFLAGS   compilers and flags (sanitizer + coverage flags included)
#   LIB_FUZZING_ENGINE          what links the engine: -fsanitize=fuzzer, or a driver .a
#   OUT                         where fuzzers, seed corpora and dictionaries go
#   WORK                        scratch space for objects (a temporary directory if unset)
#   SRC                         the sources are $SRC/rulefuzz when that exists, else the
#                               repository this script lives in
# Outputs, for every fuzz/fuzz_<name>.c except fuzz_empty.c (the bench ceiling harness):
#   $OUT/<name>                 the fuzzer
#   $OUT/<name>_seed_corpus.zip the files of corpus/<name>/, flat (when that directory exists)
#   $OUT/<name>.dict            a copy of fuzz/<name>.dict (when it exists)
# The library is every .c under rules/ and oracles/ plus records/record.c and coverage/counts.c, so a new game's
# engine and oracle files are picked up without editing this script.
# RF_ZIP=python forces the python3 zipfile fallback that is used when `zip` is missing.
set -eu

CC=${CC:-clang}
CXX=${CXX:-clang++}
CFLAGS=${CFLAGS:-}
CXXFLAGS=${CXXFLAGS:-}
: "${OUT:?OUT must name the output directory (OSS-Fuzz sets it)}"
: "${LIB_FUZZING_ENGINE:?LIB_FUZZING_ENGINE must be set, e.g. -fsanitize=fuzzer (OSS-Fuzz sets it)}"

if [ -n "${SRC:-}" ] && [ -d "$SRC/rulefuzz" ]; then
    ROOT=$(cd "$SRC/rulefuzz" && pwd)
else
    ROOT=$(cd "$(dirname "$0")/.." && pwd)
fi
if [ -n "${WORK:-}" ]; then
    OBJ=$WORK/rulefuzz-obj
else
    OBJ=$(mktemp -d "${TMPDIR:-/tmp}/rulefuzz-build.XXXXXX")
    trap 'rm -rf "$OBJ"' EXIT
fi
mkdir -p "$OUT" "$OBJ"
OUT=$(cd "$OUT" && pwd)
cd "$ROOT"

# The project's language flags come after OSS-Fuzz's; -I. lets fuzz/ and cli/ headers resolve.
PROJECT_CFLAGS="-std=c11 -D_DEFAULT_SOURCE -I."

echo "rulefuzz: sources $ROOT, objects $OBJ, output $OUT"
echo "rulefuzz: CC=$CC CXX=$CXX LIB_FUZZING_ENGINE=$LIB_FUZZING_ENGINE"
echo "rulefuzz: CFLAGS=$CFLAGS"

# Comparison tracing (trace-cmp, part of OSS-Fuzz's -fsanitize=fuzzer-no-link) is left out of the
# oracles' objects: they compare game states with each other, never input bytes with constants, so
# their comparisons give the fuzzer no hint, and tracing them took about 60% of a sanitizer build's
# time (docs/campaigns-and-ci.md, "Sanitizer builds at speed"). Engines, parsers and harnesses keep it.
ORACLE_CFLAGS=
case " $CFLAGS " in
    *fuzzer-no-link*|*-fsanitize-coverage=*) ORACLE_CFLAGS=${RF_ORACLE_CFLAGS--fno-sanitize-coverage=trace-cmp};;
esac

# ---- the library --------------------------------------------------------------------
lib_src=()
for f in rules/*.c oracles/*.c records/record.c coverage/counts.c; do
    if [ -f "$f" ]; then lib_src+=("$f"); fi
done
[ ${#lib_src[@]} -gt 0 ] || { echo "rulefuzz: no library sources under $ROOT" >&2; exit 1; }

lib_obj=()
for f in "${lib_src[@]}"; do
    o=$OBJ/${f%.c}.o
    mkdir -p "$(dirname "$o")"
    extra=
    case $f in oracles/*) extra=$ORACLE_CFLAGS;; esac
    echo "CC    $f${extra:+ ($extra)}"
    # shellcheck disable=SC2086  # CFLAGS is a list of words, as in every OSS-Fuzz build.sh
    $CC $CFLAGS $PROJECT_CFLAGS $extra -c "$ROOT/$f" -o "$o"
    lib_obj+=("$o")
done

# ---- seed corpus archive: flat, one entry per regular file ----------------------------
make_zip() { # make_zip ZIP FILE...
    local zipfile=$1; shift
    rm -f "$zipfile"
    if [ "${RF_ZIP:-}" != python ] && command -v zip >/dev/null 2>&1; then
        zip -q -j "$zipfile" "$@"
    elif command -v python3 >/dev/null 2>&1; then
        python3 -c 'import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for f in sys.argv[2:]:
        z.write(f, os.path.basename(f))' "$zipfile" "$@"
    else
        echo "rulefuzz: neither zip nor python3 is installed: cannot write $zipfile" >&2
        return 1
    fi
}

# ---- one fuzzer per harness -----------------------------------------------------------
built=0
for h in fuzz/fuzz_*.c; do
    if [ ! -f "$h" ] || [ "$h" = fuzz/fuzz_empty.c ]; then continue; fi
    name=$(basename "$h" .c)
    name=${name#fuzz_}
    o=$OBJ/fuzz/fuzz_$name.o
    mkdir -p "$(dirname "$o")"
    echo "CC    $h"
    # shellcheck disable=SC2086
    $CC $CFLAGS $PROJECT_CFLAGS -c "$ROOT/$h" -o "$o"
    echo "LINK  $OUT/$name"
    # shellcheck disable=SC2086
    $CXX $CXXFLAGS "$o" "${lib_obj[@]}" $LIB_FUZZING_ENGINE -o "$OUT/$name"

    if [ -d "corpus/$name" ]; then
        seeds=()
        while IFS= read -r -d '' s; do seeds+=("$s"); done \
            < <(find "corpus/$name" -maxdepth 1 -type f -print0 | sort -z)
        if [ ${#seeds[@]} -gt 0 ]; then
            echo "ZIP   $OUT/${name}_seed_corpus.zip (${#seeds[@]} files from corpus/$name)"
            make_zip "$OUT/${name}_seed_corpus.zip" "${seeds[@]}"
        fi
    fi
    if [ -f "fuzz/$name.dict" ]; then
        echo "DICT  $OUT/$name.dict"
        cp "fuzz/$name.dict" "$OUT/$name.dict"
    fi
    built=$((built + 1))
done
[ $built -gt 0 ] || { echo "rulefuzz: no fuzz/fuzz_*.c harness found" >&2; exit 1; }
echo "rulefuzz: built $built fuzzer(s) in $OUT"
