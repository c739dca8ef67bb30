#!/usr/bin/env bash
# measure-times.sh (make times): the run times README and docs quote, measured one way: each target
# in a fresh clone of this checkout's HEAD (builds included, as a new user meets them), timed by the
# shell, with when, where and how busy the machine was, and make check's step profile. Writes
# $OUT (default build/times.md) and prints it.
#   TARGETS  the make targets to time, in turn (default: "check campaign")
#   OUT      where the Markdown goes (default: build/times.md)
set -u
cd "$(dirname "$0")/.."
TARGETS=${TARGETS:-check campaign}
OUT=${OUT:-build/times.md}
[ -x /usr/bin/time ] || { echo "measure-times: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
case "$OUT" in /*) ;; *) OUT="$PWD/$OUT" ;; esac
mkdir -p "$(dirname "$OUT")"
src=$PWD
# Each target as a user types it: not as a sub-make of `make times` (whose MAKELEVEL and jobserver
# would make the Makefile leave out its -j and run the target on one core).
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
rev=$(git rev-parse --short HEAD 2>/dev/null) || { echo "measure-times: not a git checkout" >&2; exit 2; }
[ -z "$(git status --porcelain --untracked-files=no)" ] || echo "measure-times: note: uncommitted changes are not measured (the clone is of HEAD $rev)" >&2
cpu=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //')
status=0
{
  echo "# Run times"
  echo
  echo "Measured by \`make times\` (tests/measure-times.sh) on $(date -u '+%Y-%m-%d %H:%M UTC'), commit $rev, on"
  echo "$(uname -n): $(nproc) cores ($cpu), $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)."
  echo "Each target ran in a fresh clone, builds included; the load average before each says how idle"
  echo "the machine was (1-minute figure, near 0 when idle)."
  echo
  echo "| target | wall | user | sys | load before | result |"
  echo "|---|---|---|---|---|---|"
} > "$OUT.tmp"
profiles=
for t in $TARGETS; do
  dir=$(mktemp -d /tmp/rulefuzz-times.XXXXXX)
  git clone -q "$src" "$dir/repo" || { echo "measure-times: cannot clone $src" >&2; exit 2; }
  load=$(cut -d' ' -f1 /proc/loadavg)
  echo "measure-times: make $t in $dir/repo (load $load) ..." >&2
  start=$(date +%s.%N)
  ( cd "$dir/repo" && /usr/bin/time -f '%U %S' -o "$dir/usage" make "$t" > "$dir/log" 2>&1 )
  rc=$?
  end=$(date +%s.%N)
  read -r user sys < "$dir/usage" 2>/dev/null || { user=0; sys=0; }
  fmt() { awk -v s="$1" 'BEGIN { printf "%dm%02ds", int(s / 60), int(s % 60 + 0.5) }'; }
  res=$([ $rc -eq 0 ] && echo "passed" || echo "FAILED (exit $rc; log kept in $dir/log)")
  echo "| \`make $t\` | $(fmt "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')") | $(fmt "$user") | $(fmt "$sys") | $load | $res |" >> "$OUT.tmp"
  if [ "$t" = check ]; then
    profiles=$(sed -n '/^== profile/,/^make check:/p' "$dir/log" | grep -v '^make check:')
  fi
  [ $rc -eq 0 ] && rm -rf "$dir" || status=1
done
if [ -n "$profiles" ]; then
  { echo; echo "make check's step profile (seconds; the steps overlap on the cores):"; echo; echo '```'
    echo "$profiles"; echo '```'; } >> "$OUT.tmp"
fi
mv "$OUT.tmp" "$OUT"
cat "$OUT"
exit $status
