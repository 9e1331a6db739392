#!/bin/sh
# A tool for the tool-composition tests (tests/e2e/ToolCompositionE2ETest.cpp), bound as
#   exec: {argv: [sh, toolcomp-tool.sh, NAME, DIR]}
# Each call appends one JSON line to DIR/calls.jsonl: {"tool", "key" ($WFC_IDEMPOTENCY_KEY),
# "args" (its stdin), "start_ns", "end_ns"}. What it does is set by files in DIR:
#   NAME.fail   N: the first N calls of NAME fail (exit 1, a message on stderr)
#   NAME.sleep  S: each call sleeps S seconds first (fractions allowed)
# and otherwise it prints {"tool": NAME, "n": the call's number for NAME, "args": ARGS}.
name=$1 dir=$2
args=$(cat)
[ -n "$args" ] || args=null
start=$(date +%s%N)
n=$(
  flock 9
  c=$(cat "$dir/$name.count" 2>/dev/null || echo 0)
  c=$((c + 1))
  echo $c >"$dir/$name.count"
  echo $c
) 9>>"$dir/$name.lock"
[ -f "$dir/$name.sleep" ] && sleep "$(cat "$dir/$name.sleep")"
failing=0
[ -f "$dir/$name.fail" ] && [ "$n" -le "$(cat "$dir/$name.fail")" ] && failing=1
end=$(date +%s%N)
line=$(printf '{"tool":"%s","key":"%s","n":%d,"failed":%s,"start_ns":%s,"end_ns":%s,"args":%s}' "$name" \
  "$WFC_IDEMPOTENCY_KEY" "$n" "$([ $failing = 1 ] && echo true || echo false)" "$start" "$end" "$args")
(flock 9; echo "$line" >>"$dir/calls.jsonl") 9>>"$dir/calls.lock"
if [ $failing = 1 ]; then
  echo "$name failed on call $n (as $dir/$name.fail asks)" >&2
  exit 1
fi
printf '{"tool":"%s","n":%d,"args":%s}\n' "$name" "$n" "$args"
