#!/usr/bin/env bash
# check-game.sh (make check-game GAME=kk): one game's Check suites in parallel with RF_COUNTS, then
# its clause and case coverage gate and its rule-text gate; the quick loop while working on one
# game (make check runs every game). Exit 1 when anything failed.
#   From the Makefile: BUILD GAME GAME_TESTS
set -u
cd "$(dirname "$0")/.."
C=$BUILD/coverage/check-$GAME.counts
mkdir -p "$BUILD/coverage" "$BUILD/check"; rm -f "$C"
failed=
for t in $GAME_TESTS; do
  ( CK_VERBOSITY=normal RF_CORPUS=corpus RF_COUNTS=$C "$BUILD/tests/$t" > "$BUILD/check/game-$t.log" 2>&1
    echo "exit $?" >> "$BUILD/check/game-$t.log" ) &
done
wait
for t in $GAME_TESTS; do
  echo "== $t"; grep -a -v '^exit [0-9]*$' "$BUILD/check/game-$t.log" | grep -a -E '^[0-9]+%|Checks|FAIL|Error|error'
  tail -1 "$BUILD/check/game-$t.log" | grep -q '^exit 0$' || failed="$failed $t"
done
"$BUILD/rulefuzz" coverage "$GAME" --counts "$C" --quiet --fail-under 100 --cases-fail-under 100 || failed="$failed clause-coverage-gate"
tc=$("$BUILD/rulefuzz" textcov "$GAME" --quiet --fail-under 100) || failed="$failed rule-text-gate"
echo "$tc" | grep -a -E 'error|gate'
if [ -n "$failed" ]; then echo "FAILED:$failed"; exit 1; fi
echo "check-game $GAME: every suite and gate passed"
