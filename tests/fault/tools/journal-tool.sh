#!/bin/sh
# A tool for the journal's crash tests (tests/fault/JournalFaultTest.cpp, docs/journal.md), bound as
#   exec: {argv: [sh, journal-tool.sh, NAME, DIR]}
# Every call first appends one JSON line to DIR/calls.jsonl — {"tool", "key" (its
# $WFC_IDEMPOTENCY_KEY), "pid", "args" (its stdin)} — so a test can tell which calls were made
# and with which keys. Then it counts itself (DIR/count, under a lock): when that count is a
# line of DIR/kill-at, it sends the signal named in DIR/signal (KILL or TERM) to its parent, the
# workflow, mid-call. A workflow killed with KILL leaves the call in flight (this process just
# ends); one sent TERM cancels the call itself, so this process waits to be killed with it.
# Otherwise it prints {"tool": NAME, "key": KEY, "args": ARGS}.
name=$1 dir=$2
args=$(cat)
[ -n "$args" ] || args=null
printf '{"tool":"%s","key":"%s","pid":%d,"args":%s}\n' "$name" "$WFC_IDEMPOTENCY_KEY" $$ "$args" >>"$dir/calls.jsonl"
count=$(
  flock 9
  n=$(cat "$dir/count" 2>/dev/null || echo 0)
  n=$((n + 1))
  echo $n >"$dir/count"
  echo $n
) 9>>"$dir/count.lock"
if [ -f "$dir/kill-at" ] && grep -qx "$count" "$dir/kill-at"; then
  # Only while the workflow that started this call is still its parent: a call left running by a
  # workflow killed before has been reparented, and its $PPID may name another process by now.
  [ "$(cut -d' ' -f4 /proc/$$/stat)" = "$PPID" ] || exit 0
  signal=$(cat "$dir/signal")
  kill -s "$signal" "$PPID"
  [ "$signal" = KILL ] && exit 0
  sleep 30
  exit 0
fi
printf '{"tool":"%s","key":"%s","args":%s}\n' "$name" "$WFC_IDEMPOTENCY_KEY" "$args"
