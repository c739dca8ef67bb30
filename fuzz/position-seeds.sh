#!/usr/bin/env bash
# position-seeds.sh: the seed corpora of the position harnesses (fuzz/fuzz_<game>_position.c):
# positions of random games at their start, along the way and at the end, at every player count,
# each as 4 configuration bytes (players above the game's least, then 0: the first profile) and
# the position text `rulefuzz show` prints. Writes corpus/<game>_position/ (run from the checkout,
# after `make`): `bash fuzz/position-seeds.sh [GAME...]`.
set -eu
cd "$(dirname "$0")/.."
RF=${RF:-build/rulefuzz}
[ -x "$RF" ] || { echo "position-seeds: $RF is missing: run make first" >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for g in ${*:-hdz kk gp bids}; do
  out=corpus/${g}_position; mkdir -p "$out"
  range=$("$RF" play "$g" --seed 1 --players 99 2>&1 | sed -n 's/.*from \([0-9]\) to \([0-9]\) for.*/\1 \2/p')
  lo=${range% *}; hi=${range#* }
  for n in $(seq "$lo" "$hi"); do
    for seed in 1 2; do
      "$RF" play "$g" --players "$n" --seed "$seed" --policy greedy > "$tmp/r.rec"
      total=$(grep -c '^[PT][0-9]* ' "$tmp/r.rec" || true)
      for at in 0 $((total / 3)) $((2 * total / 3)) "$total"; do
        text=$("$RF" show "$tmp/r.rec" --move "$at" | sed -n 's/^position text: //p')
        [ -n "$text" ] || { echo "position-seeds: no position text for $g move $at" >&2; exit 1; }
        f=$out/seed-p$n-s$seed-m$at
        { printf "\\x$(printf %02x $((n - lo)))\\x00\\x00\\x00"; printf '%s' "$text"; } > "$f"
      done
    done
  done
  echo "$g: $(ls "$out" | wc -l) seeds in $out"
done
