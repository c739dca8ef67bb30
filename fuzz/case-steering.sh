#!/usr/bin/env bash
# case-steering.sh: what the case edges (fuzz/case_edges.h) change in a campaign. For each game
# harness and each mode (off: RF_CASE_FEEDBACK=0, on: the case edges), libFuzzer runs T seconds on
# one core from an empty corpus, SEEDS seeds each (the campaign build: build/fuzz/<game>_libfuzzer,
# -entropic=0 as campaigns run it); then every kept input is replayed with every oracle
# (rulefuzz inputs --cases) and the table gives, per run: the inputs kept, the cases reached of the
# game's cases, and the rarest reached case with its inputs per 1,000 kept inputs.
#   T=60  SEEDS="1 2 3"  GAMES="hdz kk gp bids"  BUILD=build  CORE=1
set -u
cd "$(dirname "$0")/.."
T=${T:-60}; SEEDS=${SEEDS:-1 2 3}; GAMES=${GAMES:-hdz kk gp bids}; BUILD=${BUILD:-build}; CORE=${CORE:-1}
W=$BUILD/case-steering
rm -rf "$W"; mkdir -p "$W"
printf '%-5s %-4s %-5s %8s %10s %-44s %s\n' game mode seed kept cases "rarest reached case" "per 1,000"
for g in $GAMES; do
  total=$("$BUILD/rulefuzz" clauses "$g" | sed -n 's/.* clauses with \([0-9]*\) cases.*/\1/p')
  for mode in off on; do
    fb=1; [ "$mode" = off ] && fb=0
    for seed in $SEEDS; do
      c=$W/$g-$mode-$seed; mkdir -p "$c"
      RF_CASE_FEEDBACK=$fb taskset -c "$CORE" "$BUILD/fuzz/${g}_libfuzzer" -seed="$seed" -max_total_time="$T" \
        -entropic=0 -artifact_prefix="$W/" "$c" > "$c.log" 2>&1
      n=$(ls "$c" | wc -l)
      "$BUILD/rulefuzz" inputs "$g" "$c" --quiet --cases > "$c.cases" 2>/dev/null
      reached=$(awk 'NR > 2 && $2 > 0' "$c.cases" | wc -l)
      rare=$(awk 'NR > 2 && $2 > 0 { print $1, $3; exit }' "$c.cases")
      printf '%-5s %-4s %-5s %8d %10s %-44s %s\n' "$g" "$mode" "$seed" "$n" "$reached/$total" "${rare% *}" "${rare#* }"
    done
  done
done
