#!/usr/bin/env bash
# cli-inputs.sh: what a user may type or feed the CLI, each answered as it should be (issue 33).
#
#   usage: tests/cli-inputs.sh BIN [TABLE]      (make check runs it on build/rulefuzz and on the
#                                                ASan+UBSan build, build/rulefuzz-asan)
#
# TABLE (default tests/cli-inputs.txt) holds one input per line: AREA, the exit code it must give,
# the command's arguments (shell words; $F is a folder of fixtures this script writes first, $O a
# scratch folder; they run from the checkout, as README's commands do) and, optionally after ' => ', a text the answer must hold (standard error for a
# refusal, standard output otherwise). Every input is also held to the rules every answer keeps:
#   - exit 2 (bad input) comes with exactly one line on standard error, which starts with "rulefuzz";
#   - nothing crashes: no signal, no sanitizer report (AddressSanitizer with leak detection,
#     UndefinedBehaviorSanitizer), no exit code of its own.
# Prints a table of inputs per area (right, wrong, crashed) and every wrong answer; exit 1 when one
# is wrong or crashed, 2 for bad arguments.
set -u
cd "$(dirname "$0")/.."
BIN=${1:?usage: tests/cli-inputs.sh BIN [TABLE]}
TABLE=${2:-tests/cli-inputs.txt}
[ -x "$BIN" ] || { echo "cli-inputs: $BIN is not an executable" >&2; exit 2; }
[ -f "$TABLE" ] || { echo "cli-inputs: no table $TABLE" >&2; exit 2; }
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
T=$(mktemp -d "${TMPDIR:-/tmp}/rf-inputs.XXXXXX"); trap 'rm -rf "$T"' EXIT
F=$T/fixtures O=$T/out
mkdir -p "$F" "$O"
export ASAN_OPTIONS=detect_leaks=1:exitcode=86:abort_on_error=0 UBSAN_OPTIONS=halt_on_error=1:exitcode=86:print_stacktrace=1 \
       LSAN_OPTIONS=exitcode=86

# ---- fixtures -----------------------------------------------------------------------------------
rf() { "$BIN" "$@"; }
fail_setup() { echo "cli-inputs: cannot write the fixtures: $*" >&2; exit 2; }
# a position record: game $1, players $2, seed $3, after $4 moves, fields replaced by sed script $5
pos_rec() {
  local g=$1 n=$2 seed=$3 at=$4 edit=$5 text
  rf play "$g" --players "$n" --seed "$seed" --policy greedy > "$T/base.rec" || fail_setup "play $g"
  text=$(rf show "$T/base.rec" --move "$at" | sed -n 's/^position text: //p')
  [ -n "$text" ] || fail_setup "show $g"
  printf '[Game "%s"]\n%s\n[Players "%s"]\n[Position "%s"]\n' "$g" "$(grep -m1 '^\[Profile' "$T/base.rec")" "$n" \
    "$(printf '%s' "$text" | sed -e "$edit")"
}
src=corpus/records/hdz/elvis-fourth-card.en.rec
[ -f "$src" ] || fail_setup "$src is missing"
cp "$src" "$F/good.rec"
{ printf '\357\273\277'; cat "$src"; } > "$F/bom.rec"
sed 's/$/\r/' "$src" > "$F/crlf.rec"
{ printf '\357\273\277'; sed 's/$/\r/' "$src"; } > "$F/bom-crlf.rec"
for g in bids kk gp; do { echo "; converted from [Game \"$g\"] notes"; cat "$src"; } > "$F/comment-$g.rec"; done
dup_tag() { awk -v tag="$1" -v val="$2" '{print} $0 ~ "^\\[" tag " " {print "[" tag " \"" val "\"]"}' "$src"; }
dup_tag Players 4 > "$F/players-twice.rec"
dup_tag Profile nl > "$F/profile-twice.rec"
dup_tag Game kk > "$F/game-twice.rec"
awk '{print} /^\[Players/ {print "[Seed \"1\"]"; print "[Seed \"2\"]"}' "$src" | grep -v '^\[Position' > "$F/seed-twice.rec"
awk '/^\[Readings/ {next} /^\[Profile/ {print "[Readings \"end=immediate,end=finish-turn\"]"; next} {print}' "$src" > "$F/reading-twice.rec"
printf '[Game "hdz"]\n[Players "3"]\n[Seed "1"]\nP9 play A1\n' > "$F/bad-seat.rec"
printf '[Game "nosuch"]\n[Players "3"]\n[Seed "1"]\n' > "$F/bad-game.rec"
printf '[Game "hdz"]\n[Players "9"]\n[Seed "1"]\n' > "$F/bad-players.rec"
printf '[Game "hdz"\n' > "$F/bad-tag.rec"
: > "$F/empty.rec"
head -c 3000 /dev/urandom > "$F/noise.rec" 2>/dev/null || printf '\001\002\377' > "$F/noise.rec"
mkdir -p "$F/folder.rec"
# Herr der Ziegen positions no game reaches (after 7 moves of a 3-player game: phase take or later)
pos_rec hdz 3 4 0 's/phase=redraw/phase=over/' > "$F/hdz-over-no-end.rec"
pos_rec hdz 3 4 2 's/ending=no/ending=line/' > "$F/hdz-ending-in-take.rec"
pos_rec hdz 3 4 0 's/phase=redraw/phase=take/; s/played=-/played=L5/' > "$F/hdz-played-in-hand.rec"
pos_rec hdz 3 4 0 's/phase=redraw/phase=take/; s/played=-/played=Dog/' > "$F/hdz-dog-phase-take.rec"
pos_rec hdz 3 4 0 's/rng=[0-9a-f]*/rng=-1/' > "$F/hdz-rng-negative.rec"
pos_rec hdz 3 4 0 's/rng=[0-9a-f]*/rng=18446744073709551616999/' > "$F/hdz-rng-long.rec"
pos_rec hdz 3 4 0 's/supply=10,10,10/supply=5,10,10/' > "$F/hdz-supply.rec"
pos_rec hdz 3 4 0 's/rng=/junk=1;rng=/' > "$F/hdz-unknown-field.rec"
pos_rec hdz 3 4 0 's/;turn=3;/;turn=\x07;/' > "$F/hdz-control-char.rec"
pos_rec hdz 3 4 3 's/x/x/' > "$F/hdz-mid.rec"
# Kleine Kläffer positions: a seat the turns do not lead to, a give before the second round
pos_rec kk 3 4 4 's/;turn=[0-9]*;/;turn=1;/' > "$F/kk-turn.rec"
pos_rec kk 3 4 0 's/gave=0/gave=1/' > "$F/kk-gave-early.rec"
pos_rec kk 3 4 4 's/last=-/last=2/' > "$F/kk-last-with-piles.rec"
pos_rec kk 3 4 4 's/x/x/' > "$F/kk-mid.rec"
pos_rec gp 3 4 5 's/x/x/' > "$F/gp-mid.rec"
pos_rec gp 3 4 0 's/;turn=[0-9]*;/;turn=9;/' > "$F/gp-bad-turn.rec"
pos_rec bids 3 4 5 's/x/x/' > "$F/bids-mid.rec"
pos_rec bids 3 4 0 's/;actor=[0-9]*;/;actor=7;/' > "$F/bids-bad-actor.rec"
# counts files
cp corpus/counts/hdz-small.counts "$F/good.counts"
for f in bad-unknown-clause bad-unknown-case bad-case-applied bad-unknown-game bad-header bad-fired-above-applied; do
  cp "corpus/counts/$f.counts" "$F/$f.counts"
done
{ head -2 "$F/good.counts"; printf 'kk\tKK-CRISIS\t1\t1\t0\t\n'; } > "$F/other-game.counts"
printf 'x' > "$F/truncated.counts"
cp "$F/good.counts" "$F/keep.counts"; cp "$F/good.counts" "$F/keep.counts.orig"
mkdir -p "$F/ro"; : > "$F/ro/file"            # $F/ro/file/...: a folder nobody can make (root included)
printf '\001' > "$F/fuzz-input"

# ---- the inputs ---------------------------------------------------------------------------------
declare -A n_in n_ok n_bad n_crash
areas=()
wrong=()
line_no=0
while IFS= read -r line || [ -n "$line" ]; do
  line_no=$((line_no + 1))
  case $line in ''|'#'*) continue;; esac
  want_text=
  case $line in *' => '*) want_text=${line#* => }; line=${line%% => *};; esac
  read -r area want args <<< "$line"
  [[ $want =~ ^[0-9]+$ ]] || { echo "cli-inputs: $TABLE:$line_no: want an exit code, got '$want'" >&2; exit 2; }
  [ -n "${n_in[$area]:-}" ] || { areas+=("$area"); n_in[$area]=0; n_ok[$area]=0; n_bad[$area]=0; n_crash[$area]=0; }
  n_in[$area]=$(( n_in[$area] + 1 ))
  eval "set -- $args"
  timeout 300 "$BIN" "$@" > "$T/stdout" 2> "$T/stderr" < /dev/null
  rc=$?
  why=
  if [ $rc -ge 124 ] || [ $rc = 86 ] || grep -qaE 'Sanitizer|runtime error:' "$T/stderr"; then
    n_crash[$area]=$(( n_crash[$area] + 1 ))
    wrong+=("CRASH $TABLE:$line_no rulefuzz $args: exit $rc: $(grep -aE 'ERROR|runtime error|SUMMARY' "$T/stderr" | head -2 | tr '\n' ' ')")
    continue
  fi
  [ $rc = "$want" ] || why="exit $rc, not $want"
  if [ -z "$why" ] && [ $rc = 2 ]; then
    nl=$(wc -l < "$T/stderr")
    if [ "$nl" != 1 ] || [ "$(tail -c 1 "$T/stderr" | od -An -c | tr -d ' ')" != '\n' ]; then why="$nl lines on standard error, not one"
    elif ! head -c 8 "$T/stderr" | grep -q '^rulefuzz'; then why="the error does not start with 'rulefuzz'"; fi
  fi
  if [ -z "$why" ] && [ -n "$want_text" ]; then
    where=$T/stderr; [ $rc = 0 ] && where=$T/stdout
    grep -qaF -- "$want_text" "$where" || why="the answer lacks '$want_text'"
  fi
  if [ -n "$why" ]; then
    n_bad[$area]=$(( n_bad[$area] + 1 ))
    wrong+=("WRONG $TABLE:$line_no rulefuzz $args: $why; it said: $(head -c 300 "$T/stderr" | tr '\n' ' ')")
  else
    n_ok[$area]=$(( n_ok[$area] + 1 ))
  fi
done < "$TABLE"

# what must hold after the runs: nothing saved was lost
if ! cmp -s "$F/keep.counts" "$F/keep.counts.orig"; then
  wrong+=("WRONG a refused command changed the counts file it was given ($F/keep.counts)")
  n_bad[counts]=$(( ${n_bad[counts]:-0} + 1 ))
fi

total=0 ok=0 bad=0 crash=0
printf '%-10s %7s %7s %7s %8s\n' area inputs right wrong crashed
for a in "${areas[@]}"; do
  printf '%-10s %7d %7d %7d %8d\n' "$a" "${n_in[$a]}" "${n_ok[$a]}" "${n_bad[$a]}" "${n_crash[$a]}"
  total=$((total + n_in[$a])) ok=$((ok + n_ok[$a])) bad=$((bad + n_bad[$a])) crash=$((crash + n_crash[$a]))
done
printf '%-10s %7d %7d %7d %8d\n' all "$total" "$ok" "$bad" "$crash"
for w in "${wrong[@]:+${wrong[@]}}"; do echo "$w"; done
echo "cli-inputs: $(basename "$BIN"): $total inputs, $ok answered right, $bad wrong, $crash crashed"
[ $bad = 0 ] && [ $crash = 0 ]
