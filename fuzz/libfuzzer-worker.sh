#!/usr/bin/env bash
# libfuzzer-worker.sh: one libFuzzer worker of a campaign: runs BIN until END (epoch seconds),
# restarting it after each crash (the artifact is kept), so a campaign goes on past findings.
# Workers sharing one corpus folder pick up each other's finds (libFuzzer -reload).
#   usage: libfuzzer-worker.sh END LOG BIN [libFuzzer arguments and folders...]
set -u
end=$1 log=$2; shift 2
stop=0
# SIGTERM for the child: started in the background, it ignores SIGINT
trap 'stop=1; kill -TERM "$child" 2>/dev/null' INT TERM
while [ $stop = 0 ]; do
  left=$(( end - $(date +%s) ))
  [ $left -le 0 ] && break
  started=$(date +%s)
  "$@" -max_total_time="$left" >> "$log" 2>&1 &
  child=$!
  wait "$child"; rc=$?
  [ $rc = 0 ] && break                                  # the time box is done
  [ $(( $(date +%s) - started )) -lt 2 ] && sleep 1     # crashing at once: do not spin
done
