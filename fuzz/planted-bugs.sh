#!/usr/bin/env bash
# planted-bugs.sh: does the game harness still find known engine bugs, and how fast? Each planted
# bug is one sed edit of an engine file in a scratch copy of the tree; the copy's harness is built
# the way campaigns build it (fuzz/build flags of the Makefile's LIBFUZZER_COV) and run from an
# empty corpus with -entropic=0 and the default RF_GEN_EVERY, one core, SEEDS seeds, each capped at
# T seconds. Prints the seconds to the first oracle violation per seed (">T" when none), per mode:
#   off  the harness without case edges (RF_CASE_FEEDBACK=0: edge coverage of engine and oracles)
#   on   with them (fuzz/case_edges.h: one edge per clause case and hit-count bucket)
# and how rare the bug is in random play: of RARITY random inputs (fuzz/replay_main.c --random, a
# fixed series), how many show it ("rare" bugs: fewer than 1 in 500).
#   T=60  SEEDS="1 2 3"  MODES="off on"  RARITY=5000  ONLY=<game>: one game's bugs  GREP=<text>:
#   only bugs whose name holds it.  BEFORE=<git revision>: also time the same bugs planted in that
#   revision (a git worktree, its harness as it was), for a before/after table.
#   PLANT_CFLAGS, PLANT_LDFLAGS: the harness's compile and link flags (default: the campaign's
#   libFuzzer build); PLANT_ORACLE_CFLAGS: added for the oracles' objects. `make planted-bugs
#   SAN=address|undefined` sets them to OSS-Fuzz's flags for that sanitizer, with the oracles
#   built as fuzz/build.sh builds them (ORACLE_TRACE_CMP=1: with comparison tracing, as before).
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
T=${T:-60}
MODES=${MODES:-off on}
RARITY=${RARITY:-5000}
SEEDS=${SEEDS:-1 2 3}
W=${PLANTED_DIR:-build/planted}
CORE=${BENCH_CORE:-0}
rm -rf "$W"; mkdir -p "$W"

# game | file | sed expression (must change the file) | name; the file may be a shared one (rules/game.h)
muts=(
 "hdz|rules/hdz.c|s/if (sum\[p\] >= 8) {/if (sum[p] >= 9) {/|majority threshold 8 -> 9"
 "hdz|rules/hdz.c|s/sum\[q\] == sum\[w\] \&\& cnt\[q\] > cnt\[w\]/sum[q] == sum[w] \&\& cnt[q] < cnt[w]/|fourth-card count tie-break inverted"
 "hdz|rules/hdz.c|s/    if (st->pile_len > 0) {/    if (st->pile_len > 1) {/|refill skips the last pile card"
 "hdz|rules/hdz.c|s/    if (c == HDZ_NONE \&\& R(st, HDZ_R_DOG_EMPTIES_END)) {/    if (c == HDZ_NONE \&\& R(st, HDZ_R_DOG_EMPTIES_END) \&\& from % HDZ_W != to % HDZ_W) {/|rare: a dog move in a column never ends"
 "kk|rules/kk.c|s/int col_ok = run_votes(st, cell, 0) >= kk_param.threshold;/int col_ok = run_votes(st, cell, 0) > kk_param.threshold;/|column needs 11 votes"
 "kk|rules/kk.c|s/    if (last_place \&\& taken == 0) {/    if (last_place \&\& taken == 1) {/|crisis on the wrong count"
 "kk|rules/kk.c|s/    while (hand_count(st, p) < kk_param.hand) {/    while (hand_count(st, p) < kk_param.hand - 1) {/|draw stops one card short"
 "kk|rules/kk.c|s/            else st->ending = 1;/            else st->ending = 0;/|rare: an empty crisis goes on"
 "gp|rules/gp.c|s/left >= 2 \&\& st->pile_len > 0/left >= 1 \&\& st->pile_len > 0/|drawing costs one action"
 "gp|rules/gp.c|s/fox_is_mine(st) \&\& !st->fox_moved/fox_is_mine(st)/|the fox moves twice a turn"
 "gp|rules/gp.c|s/else if (L == second) pts = 0;/else if (L == second) pts = gp_param.second;/|tied second places score"
 "gp|rules/gp.c|s/        int pen = hand_total(st, p) \* gp_param.hand_penalty;/        int pen = (hand_total(st, p) - st->hand[p][GP_DOUBLER]) * gp_param.hand_penalty;/|rare: a kept doubler costs nothing"
 "bids|rules/bids.c|s/if (v->males >= 1 \&\& v->females >= 1) pts += bids_param.pair_bonus \*/if (v->males >= 2 \&\& v->females >= 1) pts += bids_param.pair_bonus */|pair bonus never paid"
 "bids|rules/bids.c|s/w->v\[i\].brawl = w->v\[i\].males >= 2;/w->v[i].brawl = w->v[i].males >= 3;/|brawl needs three males"
 "bids|rules/bids.c|s/if (R(st, BIDS_R_DISTINCT) \&\& (seen \& b)) return 0;/if (0 \&\& (seen \& b)) return 0;/|each-species reading ignored"
 "bids|rules/bids.c|/^static unsigned best_single/,/^}/s/        if (v == best) w /        if (v == best \&\& !w) w /|rare: a tie of seats complete at once goes to one"
 # shared helper (issue 36 point 4): game.h's move comparison reads the first four bytes only, so the
 # engines that look a move up with it (hdz, kk and gp apply; bids checks each byte itself) take a
 # listed move with other bytes; the oracles compare moves themselves (GEN-REJECT-UNCHANGED)
 "hdz|rules/game.h|s/return u == v;/return (uint32_t)u == (uint32_t)v;/|shared helper: move comparison reads half"
 "kk|rules/game.h|s/return u == v;/return (uint32_t)u == (uint32_t)v;/|shared helper: move comparison reads half"
 "gp|rules/game.h|s/return u == v;/return (uint32_t)u == (uint32_t)v;/|shared helper: move comparison reads half"
 # wrong fact in a table (issue 36): one fact of the engine's parameter table changed, the engine
 # consistent with it; the oracles state the facts in their own form (<GAME>-FACTS)
 "hdz|rules/hdz_params.c|s/.milk_ones = 8, .milk_twos = 8,/.milk_ones = 9, .milk_twos = 7,/|wrong fact: milk split 9/7"
 "kk|rules/kk_params.c|s/.value = {1, 2, 3, 5, 1, 2, 4, 5,/.value = {1, 2, 4, 5, 1, 2, 3, 5,/|wrong fact: two breeds' values swapped"
 "gp|rules/gp_params.c|s/.sole = 4, .longest = 3,/.sole = 3, .longest = 4,/|wrong fact: sole and longest points swapped"
 "bids|rules/bids_params.c|s/.points = {4, 3, 2, 2, 1},/.points = {4, 2, 3, 1, 2},/|wrong fact: the score table read across its columns"
)
SRC="rules/game.c rules/hdz.c rules/hdz_params.c rules/kk.c rules/kk_params.c rules/gp.c rules/gp_params.c
     rules/bids.c rules/bids_params.c oracles/oracle.c oracles/inv_hdz.c oracles/inv_kk.c oracles/inv_gp.c
     oracles/inv_bids.c records/record.c"
CFLAGS_H=${PLANT_CFLAGS:--g -O2 -fsanitize=fuzzer-no-link -fno-sanitize-coverage=trace-cmp}
LDFLAGS_H=${PLANT_LDFLAGS:--fsanitize=fuzzer}
ORACLE_H=${PLANT_ORACLE_CFLAGS:-}
build_harness() {  # game: compile each source (the oracles with ORACLE_H), link ./harness
  local f objs=() extra
  for f in "fuzz/fuzz_$1.c" $SRC; do
    extra=; case $f in oracles/*) extra=$ORACLE_H;; esac
    # shellcheck disable=SC2086
    clang -std=c11 -D_DEFAULT_SOURCE -I. $CFLAGS_H $extra -c "$f" -o "${f%.c}.o" || return 1
    objs+=("${f%.c}.o")
  done
  # shellcheck disable=SC2086
  clang $CFLAGS_H $LDFLAGS_H -o harness "${objs[@]}" -lm
}

trees=(now)
if [ -n "${BEFORE:-}" ]; then
  git worktree remove --force "$W/before-tree" 2>/dev/null || true
  git worktree add --detach "$W/before-tree" "$BEFORE" > /dev/null 2>&1 || { echo "planted-bugs: cannot check out $BEFORE" >&2; exit 2; }
  trees=(before now)
fi

time_to_crash() {  # binary, work dir, case-edge feedback (0/1): seconds per seed
  local bin=$1 d=$2 fb=$3 out="" seed c t0 t1
  for seed in $SEEDS; do
    c=$d/corpus-$fb-$seed; rm -rf "$c"; mkdir -p "$c"
    t0=$(date +%s.%N)
    RF_CASE_FEEDBACK=$fb taskset -c "$CORE" "$bin" -seed="$seed" -max_total_time="$T" -entropic=0 \
      -artifact_prefix="$d/" "$c" > "$d/log-$fb-$seed" 2>&1
    t1=$(date +%s.%N)
    if grep -q "oracle .* violated" "$d/log-$fb-$seed"; then out="$out $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')"
    else out="$out >$T"; fi
  done
  echo "$out"
}
clauses_named() {  # work dir: the clauses the violations named, once each
  cat "$1"/log-* 2>/dev/null | sed -n 's/^rulefuzz: oracle \([A-Z0-9-]*\) violated.*/\1/p' | sort -u | paste -sd, -
}

printf '%-40s %-5s %-12s' "planted bug" game "random play"
for t in "${trees[@]}"; do for mo in $MODES; do printf ' %-22s' "$t, case edges $mo (s)"; done; done; echo "  clauses named"
i=0
for m in "${muts[@]}"; do
  IFS='|' read -r game file expr name <<< "$m"
  [ -n "${ONLY:-}" ] && [ "$ONLY" != "$game" ] && continue
  [ -n "${GREP:-}" ] && [[ "$name" != *"$GREP"* ]] && continue
  i=$((i + 1))
  printf '%-40s %-5s' "$name" "$game"
  named=""; row=""; rare="?"
  for t in "${trees[@]}"; do
    if [ "$t" = before ]; then src=$W/before-tree; else src=$ROOT; fi
    d=$ROOT/$W/m$i-$t; rm -rf "$d"; mkdir -p "$d"
    cp -r "$src/rules" "$src/oracles" "$src/records" "$src/fuzz" "$d/"
    sed -i "$expr" "$d/$file"
    if cmp -s "$d/$file" "$src/$file"; then row="$row $(printf ' %-22s' "(sed did not apply)")"; continue; fi
    # shellcheck disable=SC2086
    if ! (cd "$d" && build_harness "$game" 2> build.log); then
      row="$row $(printf ' %-22s' "(build failed)")"; continue
    fi
    if [ "$t" = now ]; then   # how rare: random inputs through the plain replay build of the same tree
      # shellcheck disable=SC2086
      if (cd "$d" && cc -std=c11 -D_DEFAULT_SOURCE -O2 -w -o replay "fuzz/fuzz_$game.c" fuzz/replay_main.c $SRC -lm 2>> build.log); then
        rare="$("$d/replay" --random "$RARITY" | sed -n 's/.*with a finding: \([0-9]*\).*/\1/p')/$RARITY"
      fi
    fi
    for mo in $MODES; do
      fb=1; [ "$mo" = off ] && fb=0
      row="$row$(printf ' %-22s' "$(time_to_crash "$d/harness" "$d" "$fb")")"
    done
    named="$named $(clauses_named "$d")"
  done
  printf ' %-12s%s  %s\n' "$rare" "$row" "$named"
done
[ -n "${BEFORE:-}" ] && git worktree remove --force "$W/before-tree" 2>/dev/null
exit 0
