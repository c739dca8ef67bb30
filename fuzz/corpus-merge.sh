#!/usr/bin/env bash
# corpus-merge.sh: minimize what campaigns found into the committed seed corpora corpus/<harness>/.
# libFuzzer: -merge=1 over the seeds and the campaign's corpus; FUZZER=afl: afl-cmin over the
# seeds and every AFL++ queue. The new set replaces corpus/<harness>/ only once it is complete.
set -eu
cd "$(dirname "$0")/.."
FUZZER=${FUZZER:-libfuzzer}
BUILD=${BUILD:-build}
HARNESSES=${HARNESSES:-$(ls fuzz/fuzz_*.c | sed 's|fuzz/fuzz_||; s|\.c$||' | grep -v '^empty$')}
for h in $HARNESSES; do
  w=$BUILD/fuzz/$h
  tmp=$BUILD/fuzz/merge-$h
  rm -rf "$tmp" "$tmp.in"; mkdir -p "$tmp" "$tmp.in"
  before=$(ls corpus/$h | wc -l)
  # every candidate in one flat folder (names made unique)
  i=0
  for f in corpus/$h/* "$w"/corpus/* "$w"/afl/*/queue/id:*; do
    [ -f "$f" ] || continue
    cp "$f" "$tmp.in/$(printf '%06d' $i)-$(basename "$f" | tr ':,' '__' | cut -c1-60)"; i=$((i + 1))
  done
  if [ "$FUZZER" = afl ]; then
    AFL_QUIET=1 AFL_SKIP_CPUFREQ=1 afl-cmin -i "$tmp.in" -o "$tmp" -- "$BUILD/fuzz/${h}_afl" > "$tmp.log" 2>&1 \
      || { tail -20 "$tmp.log"; exit 1; }
  else
    "$BUILD/fuzz/${h}_libfuzzer" -merge=1 "$tmp" "$tmp.in" > "$tmp.log" 2>&1 || { tail -20 "$tmp.log"; exit 1; }
  fi
  after=$(ls "$tmp" | wc -l)
  [ "$after" -gt 0 ] || { echo "corpus-merge: $h: the merge kept nothing; corpus/$h left as it was" >&2; exit 1; }
  # keep readable names for seeds that survive under their own content hash
  rm -rf "corpus/$h.old"; mv "corpus/$h" "corpus/$h.old"; mv "$tmp" "corpus/$h"; rm -rf "corpus/$h.old" "$tmp.in"
  echo "corpus-merge: $h: $i candidates ($before seeds) -> $after in corpus/$h"
done
