#!/bin/sh
# A tool for the fault-injection suite (tests/fault, docs/resilience.md), bound as
#   exec: {argv: [sh, fault-tool.sh, NAME, BEHAVIOR, LOG, EXTRA]}
# Every call first appends one JSON line to LOG — {"tool", "behavior", "key" (its
# $WFC_IDEMPOTENCY_KEY), "pid", "args" (its stdin)} — so a test can count the calls and read their
# keys: nothing lost, nothing done twice. Then it behaves:
#   ok       prints {"tool": NAME, "key": KEY, "args": ARGS}
#   fail     says why on stderr, exits 7
#   crash    says so on stderr, then dies of SIGSEGV
#   garbage  prints text that is not JSON
#   hang     starts a child that sleeps, appends its pid and its own to the file EXTRA, waits
#   slow     appends its pid to EXTRA (when given), sleeps 20 s, then as ok (killed before that)
name=$1 behavior=$2 log=$3 extra=$4
args=$(cat)
[ -n "$args" ] || args=null
printf '{"tool":"%s","behavior":"%s","key":"%s","pid":%d,"args":%s}\n' \
  "$name" "$behavior" "$WFC_IDEMPOTENCY_KEY" $$ "$args" >>"$log"
ok() { printf '{"tool":"%s","key":"%s","args":%s}\n' "$name" "$WFC_IDEMPOTENCY_KEY" "$args"; }
case $behavior in
  ok) ok ;;
  fail) echo "$name: the disk is on fire" >&2; exit 7 ;;
  crash) echo "$name: about to crash" >&2; ulimit -c 0; kill -SEGV $$ ;;
  garbage) echo "this is not JSON {" ;;
  hang) sleep 30 & echo $! >>"$extra"; echo $$ >>"$extra"; wait ;;
  slow) [ -z "$extra" ] || echo $$ >>"$extra"; sleep 20; ok ;;
  *) echo "fault-tool.sh: unknown behavior '$behavior'" >&2; exit 64 ;;
esac
